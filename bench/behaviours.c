/* bench/behaviours.c — nanoseconds per call of every behaviour and combiner,
 * in 2D and 3D.
 *
 *   build/bench/behaviours [--calls N] [--repeats R] [--json]
 *
 * Each case calls one function `calls` times, cycling through STATES
 * pre-generated inputs (seeded, so every run sees the same inputs) so the
 * compiler can neither hoist the work out of the loop nor fold it away; every
 * result is added into a sink that is printed at the end. The figure is the
 * minimum over `repeats` timed runs (CLOCK_MONOTONIC) and includes about a
 * nanosecond of loop and sink overhead. --json prints one object per line:
 * {"behaviour": ..., "dim": 2|3, "ns_per_call": ..., "calls": ...}.
 *
 * The per-dimension part is written once and compiled twice: this file
 * includes itself with STEER_DIM set to 2 and then 3, using the library's own
 * naming macros (STEER_V, STEER_F, STEER_N from steer/detail/dim_begin.h).
 */
#ifndef STEER_DIM /* ===== the shared part, first pass ===================== */

#define _POSIX_C_SOURCE 199309L /* clock_gettime under -std=c11 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <steer/steer.h>

enum {
    STATES = 1024,    /* power of two: the index is i & (STATES - 1) */
    NEIGHBOURS = 16,  /* per flocking call */
    OBSTACLES = 8,
    WALLS = 8,
    PATH_POINTS = 16,
    FLOW_N = 64,      /* flow field cells per side in XY */
    FLOW_NZ = 8,      /* and along Z in 3D */
    FORCES = 4,       /* forces per combiner call */
    MAX_RESULTS = 128,
};

/* The scene: inputs spread over a square (cube) of half-size WORLD so that
 * obstacles, walls and the path are sometimes hit and sometimes missed. */
static const float WORLD = 50.0f, MAX_SPEED = 3.0f, MAX_FORCE = 4.0f, DT = 1.0f / 60.0f;
static const float WEIGHTS[FORCES] = {1.5f, 1.0f, 1.0f, 0.5f};
static const float PROBABILITIES[FORCES] = {0.8f, 0.5f, 0.5f, 1.0f};
static const steer_wander_params WANDER = {1.2f, 2.0f, 4.0f, STEER_UP_Z};
static const steer_wall_feelers FEELERS = {6.0f, 0.6f, 4.0f, STEER_UP_Z};
static const steer_wall_follow_params WALL_FOLLOW = {8.0f, 2.0f, 1.0f, STEER_UP_Z};

typedef struct result {
    const char *name;
    const char *setup; /* shown in the human table only */
    int dim;
    double ns_per_call;
} result;

static result results[MAX_RESULTS];
static int result_count;
static volatile float sink; /* every case adds into it: the work is observable */

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static void record(const char *name, const char *setup, int dim, double ns_per_call)
{
    if (result_count < MAX_RESULTS) results[result_count++] = (result){name, setup, dim, ns_per_call};
}

/* Times `expr` (a force) over `calls` calls, `repeats` times, keeps the
 * minimum. Inside expr, `s` is the current input state and `i` the call. */
#define CASE(name, setup, expr)                                                                                    \
    do {                                                                                                           \
        double best = 0.0;                                                                                         \
        for (int r = 0; r < repeats; ++r) {                                                                        \
            STEER_V acc = STEER_F(zero)();                                                                         \
            double start = now_ns();                                                                               \
            for (long i = 0; i < calls; ++i) {                                                                     \
                STEER_N(state, ) *s = &STEER_N(states, )[i & (STATES - 1)];                                        \
                acc = STEER_F(add)(acc, (expr));                                                                   \
            }                                                                                                      \
            double elapsed = now_ns() - start;                                                                     \
            sink += STEER_F(dot)(acc, acc);                                                                        \
            if (r == 0 || elapsed < best) best = elapsed;                                                          \
        }                                                                                                          \
        record(name, setup, STEER_DIM, best / (double)calls);                                                      \
    } while (0)

/* This file again ("" looks in its own directory first), once per dimension. */
#define STEER_DIM 2
#include "behaviours.c"
#define STEER_DIM 3
#include "behaviours.c"

static void usage(FILE *to)
{
    fprintf(to, "usage: behaviours [--calls N] [--repeats R] [--json]\n"
                "  ns per call of every steer behaviour and combiner, 2D and 3D;\n"
                "  the minimum of R timed runs (default 5) of N calls each (default 200000)\n");
}

/* Index of the result for name in dim, or -1. */
static int find(const char *name, int dim)
{
    for (int i = 0; i < result_count; ++i)
        if (results[i].dim == dim && strcmp(results[i].name, name) == 0) return i;
    return -1;
}

static void print_table(long calls, int repeats)
{
    printf("steer behaviours: ns per call, minimum of %d runs of %ld calls over %d seeded input states\n\n",
           repeats, calls, STATES);
    printf("%-24s %-16s %8s %8s\n", "behaviour", "setup", "2D", "3D");
    /* One row per name, 2D and 3D side by side, in the order of the 3D pass
     * (it has every name but the dimension-free hysteresis, which follows). */
    for (int pass = 3; pass >= 2; --pass) {
        for (int i = 0; i < result_count; ++i) {
            if (results[i].dim != pass || (pass == 2 && find(results[i].name, 3) >= 0)) continue;
            char cell[2][16];
            for (int d = 0; d < 2; ++d) {
                int at = find(results[i].name, d + 2);
                snprintf(cell[d], sizeof cell[d], at < 0 ? "-" : "%.1f", at < 0 ? 0.0 : results[at].ns_per_call);
            }
            printf("%-24s %-16s %8s %8s\n", results[i].name, results[i].setup, cell[0], cell[1]);
        }
    }
    printf("\n(sink %g)\n", (double)sink);
}

int main(int argc, char **argv)
{
    long calls = 200000;
    int repeats = 5;
    bool json = false;
    for (int a = 1; a < argc; ++a) {
        if (strcmp(argv[a], "--json") == 0) {
            json = true;
        } else if (strcmp(argv[a], "--calls") == 0 && a + 1 < argc) {
            calls = strtol(argv[++a], NULL, 10);
        } else if (strcmp(argv[a], "--repeats") == 0 && a + 1 < argc) {
            repeats = (int)strtol(argv[++a], NULL, 10);
        } else if (strcmp(argv[a], "--help") == 0 || strcmp(argv[a], "-h") == 0) {
            usage(stdout);
            return 0;
        } else {
            usage(stderr);
            return 2;
        }
    }
    if (calls < 1 || repeats < 1) {
        fprintf(stderr, "behaviours: --calls and --repeats must be at least 1\n");
        return 2;
    }

    bench_all2(calls, repeats);
    bench_all3(calls, repeats);

    if (!json) {
        print_table(calls, repeats);
        return 0;
    }
    for (int i = 0; i < result_count; ++i)
        printf("{\"behaviour\": \"%s\", \"dim\": %d, \"ns_per_call\": %.2f, \"calls\": %ld}\n", results[i].name,
               results[i].dim, results[i].ns_per_call, calls);
    return 0;
}

#else /* ===== the per-dimension part, compiled for STEER_DIM 2 and 3 ===== */

#include <steer/detail/dim_begin.h>
#define V STEER_V
#define F STEER_F
#define N(name) STEER_N(name, )
#define VEHICLE(name) STEER_N(steer_vehicle, _##name) /* steer_vehicle2_make, ... */

/* One input: the agent, a target (also a threat, a leader or one side of an
 * interpose), a second other agent, and forces for the combiners. */
typedef struct N(state) {
    V pos, vel, heading;
    V flock_pos; /* the agent's position in the flocking cases: among its neighbours */
    V target, target_vel;
    V other, other_vel;
    V forces[FORCES];
    int k; /* varies in [0, STATES): start of the neighbour window, waypoint index mod count */
} N(state);

static N(state) N(states)[STATES];
/* Neighbour windows: a call uses the NEIGHBOURS consecutive entries from k. */
static V N(neighbour_pos)[STATES + NEIGHBOURS], N(neighbour_vel)[STATES + NEIGHBOURS];
static N(steer_obstacle) N(obstacles)[OBSTACLES];
static N(steer_segment) N(walls)[WALLS];
static V N(path_points)[PATH_POINTS];
static V N(flow_vectors)[FLOW_N * FLOW_N * FLOW_NZ];
static N(steer_vehicle) N(vehicles)[STATES];

/* Uniform in [-half, half) on every axis. */
static V N(random_vec)(steer_rng *rng, float half)
{
    V v = F(zero)();
    for (int axis = 0; axis < STEER_DIM; ++axis) v = F(set)(v, axis, steer_rng_range(rng, -half, half));
    return v;
}

static V N(splat)(float value)
{
    V v = F(zero)();
    for (int axis = 0; axis < STEER_DIM; ++axis) v = F(set)(v, axis, value);
    return v;
}

static void N(setup)(void)
{
    steer_rng rng = steer_rng_make(20240 + STEER_DIM);
    for (int i = 0; i < STATES; ++i) {
        N(state) *s = &N(states)[i];
        s->pos = N(random_vec)(&rng, WORLD);
        s->vel = N(random_vec)(&rng, MAX_SPEED);
        s->heading = F(normalize)(N(random_vec)(&rng, 1.0f));
        s->target = N(random_vec)(&rng, WORLD);
        s->target_vel = N(random_vec)(&rng, MAX_SPEED);
        s->other = N(random_vec)(&rng, WORLD);
        s->other_vel = N(random_vec)(&rng, MAX_SPEED);
        for (int f = 0; f < FORCES; ++f) s->forces[f] = N(random_vec)(&rng, MAX_FORCE);
        /* 1 in 4 combiner inputs leads with a zero force, so priority and
         * dithering sometimes fall through to the next one. */
        if (i % 4 == 0) s->forces[0] = F(zero)();
        s->k = (int)(steer_rng_u32(&rng) % STATES);
        N(vehicles)[i] = VEHICLE(make)(s->pos, (uint64_t)i);
        N(vehicles)[i].velocity = s->vel;
    }
    /* Neighbour positions are a random walk, so a window of consecutive
     * entries is a loose cluster; the agent sits in the middle of its window
     * and finds some neighbours inside the separation radius, some outside. */
    V walker = F(zero)();
    for (int i = 0; i < STATES + NEIGHBOURS; ++i) {
        walker = F(add)(walker, N(random_vec)(&rng, 1.0f));
        N(neighbour_pos)[i] = walker;
        N(neighbour_vel)[i] = N(random_vec)(&rng, MAX_SPEED);
    }
    for (int i = 0; i < STATES; ++i) {
        N(state) *s = &N(states)[i];
        s->flock_pos = F(add)(N(neighbour_pos)[s->k + NEIGHBOURS / 2], N(random_vec)(&rng, 1.0f));
    }
    for (int i = 0; i < OBSTACLES; ++i) {
        N(obstacles)[i].centre = N(random_vec)(&rng, WORLD);
        N(obstacles)[i].radius = steer_rng_range(&rng, 4.0f, 10.0f);
    }
    for (int i = 0; i < WALLS; ++i) {
        N(walls)[i].a = N(random_vec)(&rng, WORLD);
        N(walls)[i].b = F(add)(N(walls)[i].a, N(random_vec)(&rng, 30.0f));
    }
    for (int i = 0; i < PATH_POINTS; ++i) N(path_points)[i] = N(random_vec)(&rng, WORLD);
    for (int i = 0; i < FLOW_N * FLOW_N * FLOW_NZ; ++i) N(flow_vectors)[i] = F(normalize)(N(random_vec)(&rng, 1.0f));
}

/* Helpers for the cases that need more than one expression. */
static inline V N(waypoints)(const N(state) *s)
{
    int index = s->k % PATH_POINTS; /* a fresh index each call, or it would sit on the last point */
    return N(steer_follow_waypoints)(s->pos, s->vel, N(path_points), PATH_POINTS, &index, 2.0f, 8.0f, MAX_SPEED);
}

static V N(dither_force)(int index, void *context) { return ((const N(state) *)context)->forces[index]; }

static inline V N(vehicle_step)(long i, const N(state) *s)
{
    N(steer_vehicle) *v = &N(vehicles)[i & (STATES - 1)];
    VEHICLE(apply_force)(v, s->forces[1]);
    VEHICLE(step)(v, 1.0f);
    return v->position;
}

static void N(bench_all)(long calls, int repeats)
{
    N(setup)();
    const V *npos = N(neighbour_pos), *nvel = N(neighbour_vel);
    const N(steer_obstacle) *obs = N(obstacles);
    const N(steer_segment) *walls = N(walls);
    const N(steer_path) path = {N(path_points), PATH_POINTS, false, 3.0f};
    const N(steer_flow_field) flow = {N(splat)(-WORLD), 2.0f * WORLD / FLOW_N, FLOW_N, FLOW_N, FLOW_NZ,
                                      N(flow_vectors)};
    const N(steer_box) pen = {N(splat)(-0.8f * WORLD), N(splat)(0.8f * WORLD)};
    const steer_avoid_params avoid = {20.0f, 0.5f, MAX_FORCE, 30.0f, 0.5f, STEER_UP_Z};
    steer_rng rng = steer_rng_make(7);
    float wander_angle = 0.0f;
    int latch = -1;

    CASE("seek", "", N(steer_seek)(s->pos, s->vel, s->target, MAX_SPEED));
    CASE("flee", "panic 30", N(steer_flee)(s->pos, s->vel, s->target, MAX_SPEED, 30.0f));
    CASE("arrive", "slow 20", N(steer_arrive)(s->pos, s->vel, s->target, MAX_SPEED, 20.0f));
    CASE("pursue", "", N(steer_pursue)(s->pos, s->vel, s->target, s->target_vel, MAX_SPEED, 2.0f));
    CASE("evade", "", N(steer_evade)(s->pos, s->vel, s->target, s->target_vel, MAX_SPEED, 2.0f, 0.0f));
    CASE("wander", "1 draw", N(steer_wander)(s->pos, s->vel, &wander_angle, &WANDER, MAX_SPEED, DT,
                                             steer_rng_float, &rng, NULL));
#if STEER_DIM == 3
    steer_wander_sphere sphere = {0.0f, 0.0f};
    CASE("wander_sphere", "2 draws", steer_wander_sphere3(s->pos, s->vel, &sphere, &WANDER, MAX_SPEED, DT,
                                                          steer_rng_float, &rng, NULL));
#endif
    CASE("separation", "16 neighbours", N(steer_separation)(s->flock_pos, npos + s->k, NEIGHBOURS, 2.0f));
    CASE("separation_desired", "16 neighbours",
         N(steer_separation_desired)(s->flock_pos, s->vel, npos + s->k, NEIGHBOURS, 2.0f, MAX_SPEED));
    CASE("alignment", "16 neighbours", N(steer_alignment)(s->vel, nvel + s->k, NEIGHBOURS));
    CASE("alignment_desired", "16 neighbours",
         N(steer_alignment_desired)(s->vel, nvel + s->k, NEIGHBOURS, MAX_SPEED));
    CASE("cohesion", "16 neighbours", N(steer_cohesion)(s->flock_pos, s->vel, npos + s->k, NEIGHBOURS, MAX_SPEED));
    CASE("avoid_obstacles", "8 obstacles", N(steer_avoid_obstacles)(s->pos, s->vel, obs, OBSTACLES, &avoid, &latch));
    CASE("avoid_obstacles_feeler", "8 obstacles",
         N(steer_avoid_obstacles_feeler)(s->pos, s->vel, obs, OBSTACLES, 0.5f, 8.0f, MAX_FORCE, NULL));
    CASE("avoid_walls", "8 walls", N(steer_avoid_walls)(s->pos, s->vel, walls, WALLS, &FEELERS, NULL));
    CASE("follow_wall", "8 walls", N(steer_follow_wall)(s->pos, s->vel, walls, WALLS, &WALL_FOLLOW, MAX_SPEED));
    CASE("follow_path", "16 points", N(steer_follow_path)(s->pos, s->vel, &path, 5.0f, 4.0f, MAX_SPEED));
    CASE("follow_waypoints", "16 points", N(waypoints)(s));
    CASE("follow_flow", "64x64 (x8 in 3D)",
         N(steer_follow_flow)(s->pos, s->vel, &flow, 0.5f, MAX_SPEED));
    CASE("contain", "margin 10", N(steer_contain)(s->pos, s->vel, pen, 10.0f, MAX_SPEED));
    CASE("interpose", "", N(steer_interpose)(s->pos, s->vel, s->target, s->target_vel, s->other, s->other_vel,
                                             MAX_SPEED, 10.0f));
    CASE("hide", "8 obstacles", N(steer_hide)(s->pos, s->vel, s->target, s->target_vel, obs, OBSTACLES, 2.0f,
                                              MAX_SPEED, 10.0f, NULL));
    CASE("offset_pursuit", "", N(steer_offset_pursuit)(s->pos, s->vel, s->target, s->target_vel, s->heading,
                                                       s->other, MAX_SPEED, 10.0f));
    CASE("face", "", N(steer_face)(s->heading, s->pos, s->target, 3.0f, DT));
    CASE("look_where_going", "", N(steer_look_where_going)(s->heading, s->vel, 3.0f, DT));
    CASE("blend", "4 forces", N(steer_blend)(s->forces, WEIGHTS, FORCES, MAX_FORCE));
    CASE("priority", "4 forces", N(steer_priority)(s->forces, WEIGHTS, FORCES, 1e-3f, MAX_FORCE, NULL));
    CASE("running_sum", "4 forces", N(steer_running_sum)(s->forces, WEIGHTS, FORCES, MAX_FORCE));
    CASE("dither", "4 forces", N(steer_dither)(N(dither_force), s, WEIGHTS, PROBABILITIES, FORCES, 1e-3f,
                                               MAX_FORCE, steer_rng_float, &rng, NULL));
    CASE("smooth", "", N(steer_smooth)(s->forces[0], s->forces[1], 0.3f));
    CASE("smooth_dt", "", N(steer_smooth_dt)(s->forces[0], s->forces[1], 0.1f, DT));
#if STEER_DIM == 2
    /* The gate has no dimension: measured once, listed under 2D. */
    bool gate = false;
    CASE("hysteresis", "", steer_hysteresis(&gate, s->pos.x, 10.0f, -10.0f) ? s->vel : s->target);
#endif
    CASE("vehicle_step", "apply + step", N(vehicle_step)(i, s));
}

#undef V
#undef F
#undef N
#undef VEHICLE
#include <steer/detail/dim_end.h>
#endif

/* The mixed world scenario shared by the world test suites (determinism,
 * snapshots, allocation): several groups that between them use every
 * behaviour and every combine mode, group masks, fields of view, a turn
 * limit, mass, obstacles, walls, a path, a flow field, solid obstacles and
 * walls, non-penetration, the sub-step guard, and a script of adds, removes
 * and teleports during the run. Everything depends only on the options, so
 * two worlds built alike and run alike must agree bit for bit. */
#ifndef STEER_TESTS_WORLD_SCENARIO_H
#define STEER_TESTS_WORLD_SCENARIO_H

#include <string.h>

#include "check.h"
#include "robust_world.h" /* all_features_world_def */
#include "steer/steer.h"

/* Optimised builds run the world suites at full size; the sanitizer build
 * (clang -O0 with ASan and UBSan, some fifty times slower) runs the same
 * checks on fewer agents and steps. */
#if defined(NDEBUG) && !defined(STEER_TEST_SANITIZED)
#define WORLD_TEST_FULL 1
#else
#define WORLD_TEST_FULL 0
#endif
#define WORLD_TEST_SIZE(full, sanitized) (WORLD_TEST_FULL ? (full) : (sanitized))

#define MIXED_MAX_AGENTS 320
#define MIXED_DT (1.0f / 60.0f)
#define MIXED_MAX_DT (1.0f / 40.0f)

typedef struct mixed_options {
    int dim;                 /* 2 or 3 */
    steer_boundary boundary;
    int worker_count;        /* built-in pool; with enqueue: the worker count told to the world */
    steer_enqueue_task_fn *enqueue_task;
    steer_finish_task_fn *finish_task;
    void *user_task_context;
    steer_allocator allocator;
    int scale;               /* agents per group multiplier (1: 110 agents); 0: a quarter of 1 */
} mixed_options;

static inline mixed_options mixed_default_options(int dim)
{
    mixed_options o;
    memset(&o, 0, sizeof o);
    o.dim = dim;
    o.boundary = STEER_BOUNDARY_WRAP;
    o.worker_count = 1;
    o.scale = WORLD_TEST_SIZE(1, 0);
    return o;
}

/* The agents of a mixed run, by handle, so the script can remove, re-add and
 * teleport them; copied along with a snapshot. */
typedef struct mixed_handles {
    int count;
    steer_agent_id ids[MIXED_MAX_AGENTS];
} mixed_handles;

static inline steer_v3 mixed_v3(int dim, float x, float y, float z) { return steer_v3_make(x, y, dim == 3 ? z : 0.0f); }

/* A uniform point in [lo, hi) (z = 0 in 2D), drawn x, y, z in separate
 * statements: the order in which a call's arguments are evaluated differs
 * between compilers, and the scenarios must not. */
static inline steer_v3 random_in_box(steer_rng *rng, int dim, steer_v3 lo, steer_v3 hi)
{
    float x = steer_rng_range(rng, lo.x, hi.x);
    float y = steer_rng_range(rng, lo.y, hi.y);
    float z = dim == 3 ? steer_rng_range(rng, lo.z, hi.z) : 0.0f;
    return steer_v3_make(x, y, z);
}

static inline steer_world_def mixed_world_def(const mixed_options *o)
{
    steer_world_def wd = all_features_world_def(o->dim, o->boundary, 20.0f);
    wd.capacity = MIXED_MAX_AGENTS;
    wd.max_dt = MIXED_MAX_DT;
    wd.seed = 0x5EEDu;
    wd.penetration_iterations = 3;
    wd.worker_count = o->worker_count;
    wd.enqueue_task = o->enqueue_task;
    wd.finish_task = o->finish_task;
    wd.user_task_context = o->user_task_context;
    wd.allocator = o->allocator;
    return wd;
}

/* Adds the obstacles, walls, path, flow field and groups; returns false if
 * any call failed. */
static inline bool mixed_populate_objects(steer_world *w, int dim)
{
    bool ok = true;
    ok = ok && steer_world_add_obstacle(w, mixed_v3(dim, 6, 5, 2), 2.0f) == 0;
    ok = ok && steer_world_add_obstacle(w, mixed_v3(dim, -9, 3, -3), 1.5f) == 1;
    ok = ok && steer_world_add_obstacle(w, mixed_v3(dim, 1, -11, 0), 2.5f) == 2;
    ok = ok && steer_world_add_wall(w, mixed_v3(dim, -15, -15, 0), mixed_v3(dim, -4, -15, 0)) == 0;
    ok = ok && steer_world_add_wall(w, mixed_v3(dim, 11, -2, 0), mixed_v3(dim, 11, 12, 0)) == 1;
    ok = ok && steer_world_add_wall(w, mixed_v3(dim, -14, 8, 0), mixed_v3(dim, -6, 15, 0)) == 2;
    steer_v3 loop[5] = {mixed_v3(dim, -13, -13, -4), mixed_v3(dim, 13, -12, 0), mixed_v3(dim, 14, 13, 4),
                        mixed_v3(dim, -12, 14, 0), mixed_v3(dim, -16, 0, -2)};
    ok = ok && steer_world_add_path(w, loop, 5, true, 2.0f) == 0;
    enum { FN = 8 };
    int nz = dim == 3 ? 3 : 1; /* a few layers: keeps 3D snapshots small enough to corrupt byte by byte */
    static steer_v3 field[FN * FN * FN];
    for (int z = 0; z < nz; ++z)
        for (int y = 0; y < FN; ++y)
            for (int x = 0; x < FN; ++x) /* a swirl around the centre, with a little lift in 3D */
                field[(z * FN + y) * FN + x] = mixed_v3(dim, (float)(FN / 2 - y) - 0.5f, (float)(x - FN / 2) + 0.5f,
                                                        0.5f * (float)(z - 1));
    ok = ok && steer_world_add_flow_field(w, mixed_v3(dim, -20, -20, -7.5f), 5.0f, FN, FN, nz, field) == 0;

    /* 0: a flock with a field of view, reacting to itself and the prey,
     *    wandering a little, avoiding obstacles and walls; blend */
    steer_group_def g = steer_default_group_def();
    g.field_of_view = 4.0f;
    g.neighbour_mask = (1u << 0) | (1u << 2);
    g.weight[STEER_WANDER] = 0.3f;
    g.weight[STEER_AVOID_OBSTACLES] = 2.0f;
    g.weight[STEER_AVOID_WALLS] = 2.0f;
    g.colour = 0x3070F0FFu;
    ok = ok && steer_world_add_group(w, &g) == 0;
    /* 1: predators pursuing the flock; priority; contained; heavier */
    g = steer_default_group_def();
    g.max_speed = 2.6f;
    g.max_force = 5.0f;
    g.mass = 1.5f;
    g.radius = 0.4f;
    g.neighbour_mask = 1u << 1;
    g.weight[STEER_SEPARATION] = 1.0f;
    g.weight[STEER_ALIGNMENT] = 0.0f;
    g.weight[STEER_COHESION] = 0.0f;
    g.weight[STEER_PURSUE] = 1.0f;
    g.pursue_group = 0;
    g.chase_radius = 12.0f;
    g.max_prediction = 1.0f;
    g.weight[STEER_CONTAIN] = 3.0f;
    g.contain_min = mixed_v3(dim, -18, -18, -18);
    g.contain_max = mixed_v3(dim, 18, 18, 18);
    g.weight[STEER_AVOID_OBSTACLES] = 3.0f;
    g.combine = STEER_COMBINE_PRIORITY;
    g.colour = 0xE04040FFu;
    ok = ok && steer_world_add_group(w, &g) == 1;
    /* 2: prey evading predators, arriving at a point; desired-velocity forms;
     *    turn-rate limited; running sum */
    g = steer_default_group_def();
    g.desired_forms = true;
    g.max_turn_rate = 3.0f;
    g.weight[STEER_EVADE] = 2.0f;
    g.evade_group = 1;
    g.panic_distance = 6.0f;
    g.weight[STEER_ARRIVE] = 1.0f;
    g.target = mixed_v3(dim, 8, -6, 3);
    g.slow_radius = 4.0f;
    g.weight[STEER_ALIGNMENT] = 0.5f;
    g.weight[STEER_COHESION] = 0.5f;
    g.combine = STEER_COMBINE_RUNNING_SUM;
    g.arrived_priority = 0.5f; /* its own array and pass (no predictive group reads it: the same motion) */
    g.colour = 0x40C040FFu;
    ok = ok && steer_world_add_group(w, &g) == 2;
    /* 3: path followers with separation and wander; dither */
    g = steer_default_group_def();
    g.neighbour_mask = 1u << 3;
    g.weight[STEER_ALIGNMENT] = 0.0f;
    g.weight[STEER_COHESION] = 0.0f;
    g.weight[STEER_SEPARATION] = 2.0f;
    g.weight[STEER_FOLLOW_PATH] = 1.0f;
    g.path = 0;
    g.weight[STEER_WANDER] = 0.4f;
    g.weight[STEER_SEEK] = 0.2f;
    g.target = mixed_v3(dim, -3, 4, 1);
    g.probability[STEER_SEPARATION] = 0.8f;
    g.probability[STEER_FOLLOW_PATH] = 0.7f;
    g.probability[STEER_SEEK] = 0.5f;
    g.combine = STEER_COMBINE_DITHER;
    g.colour = 0xD0A020FFu;
    ok = ok && steer_world_add_group(w, &g) == 3;
    /* 4: drifters on the flow field that follow walls and flee the centre;
     *    a narrow field of view; blend */
    g = steer_default_group_def();
    g.field_of_view = 2.5f;
    g.neighbour_mask = (1u << 4) | (1u << 0);
    g.weight[STEER_FOLLOW_FLOW] = 1.0f;
    g.flow_field = 0;
    g.flow_predict = 0.5f;
    g.weight[STEER_FOLLOW_WALL] = 1.0f;
    g.weight[STEER_FLEE] = 1.0f;
    g.threat = mixed_v3(dim, 0, 0, 0);
    g.panic_distance = 5.0f;
    g.weight[STEER_SEEK] = 0.3f;
    g.target = mixed_v3(dim, -10, 10, -5);
    g.colour = 0x9040C0FFu;
    ok = ok && steer_world_add_group(w, &g) == 4;
    return ok;
}

static inline int mixed_group_size(int group, int scale)
{
    static const int sizes[5] = {48, 6, 24, 16, 16};
    return scale > 0 ? sizes[group] * scale : (sizes[group] + 2) / 4;
}

/* Builds the world and its agents; h receives the handles. NULL on failure. */
static inline steer_world *mixed_create(const mixed_options *o, mixed_handles *h)
{
    h->count = 0;
    steer_world_def wd = mixed_world_def(o);
    steer_world *w = steer_world_create(&wd);
    if (!w) return 0;
    if (!mixed_populate_objects(w, o->dim)) {
        steer_world_destroy(w);
        return 0;
    }
    steer_rng rng = steer_rng_make(7 + (uint64_t)o->dim);
    /* each group starts in a cluster, dense enough that neighbours matter */
    static const float centre[5][3] = {{-4, 2, 0}, {0, -3, 2}, {4, 4, -2}, {-10, -10, 3}, {10, -8, -4}};
    float spread = o->dim == 3 ? 3.0f : 5.0f;
    for (int g = 0; g < 5; ++g) {
        for (int i = 0; i < mixed_group_size(g, o->scale) && h->count < MIXED_MAX_AGENTS; ++i) {
            const float *c = centre[g];
            steer_v3 p = random_in_box(&rng, o->dim, steer_v3_make(c[0] - spread, c[1] - spread, c[2] - spread),
                                       steer_v3_make(c[0] + spread, c[1] + spread, c[2] + spread));
            steer_v3 v = random_in_box(&rng, o->dim, steer_v3_make(-1, -1, -1), steer_v3_make(1, 1, 1));
            h->ids[h->count] = steer_world_add_agent(w, g, p, v);
            if (h->ids[h->count].index == 0) {
                steer_world_destroy(w);
                return 0;
            }
            h->count++;
        }
    }
    return w;
}

/* The dt of step s: mostly the fixed step, now and then one that the
 * sub-step guard splits. */
static inline float mixed_dt(uint64_t s) { return s % 37 == 36 ? 0.07f : MIXED_DT; }

/* Runs steps [from, to) of the script: each step may first change the world
 * (remove, re-add, teleport), then steps it. Returns false if any call that
 * must succeed did not. */
static inline bool mixed_run(steer_world *w, mixed_handles *h, int dim, uint64_t from, uint64_t to)
{
    bool ok = true;
    for (uint64_t s = from; s < to; ++s) {
        if (s % 50 == 25 && h->count > 0) {
            int k = (int)((s / 50) * 7 % (uint64_t)h->count);
            steer_agent_state st;
            ok = ok && steer_world_get_agent(w, h->ids[k], &st) == STEER_OK;
            ok = ok && steer_world_remove_agent(w, h->ids[k]) == STEER_OK;
            float a = (float)s * 0.37f;
            h->ids[k] = steer_world_add_agent(w, (int)(s / 50) % 5,
                                              mixed_v3(dim, 12.0f * steer_cos(a), 12.0f * steer_sin(a), -5.0f),
                                              mixed_v3(dim, steer_sin(a), steer_cos(a), 0.5f));
            ok = ok && h->ids[k].index != 0;
        }
        if (s % 50 == 40 && h->count > 0) {
            int k = (int)((s * 13) % (uint64_t)h->count);
            ok = ok && steer_world_teleport_agent(w, h->ids[k], mixed_v3(dim, -1.0f, 2.0f, 3.0f),
                                                  mixed_v3(dim, 0.5f, -0.5f, 0.25f)) == STEER_OK;
        }
        ok = ok && steer_world_step(w, mixed_dt(s)) == STEER_OK;
    }
    return ok;
}

#endif

/* bench/obstacles.c — the index of obstacles and walls against the full
 * loops over them.
 *
 *   build/bench/obstacles [--agents N] [--obstacles K] [--walls L] [--steps S]
 *                         [--full-steps F] [--json]
 *
 * Three 2D scenes, solid obstacles and walls on, agents that avoid the
 * obstacles, avoid and follow the walls, wander and seek:
 *   field     N agents (default 100) among K obstacles (default 1000000)
 *             and L walls (default 100000) spread over a 4000-unit square;
 *   medium    2400 agents among 64 obstacles and 64 walls in the
 *             showcase's box;
 *   showcase  2400 agents among the showcase's 9 obstacles and 7 walls
 *             (the world indexes walls from 6 and obstacles from 10: its
 *             walls indexed, its obstacles looped over either way).
 * Each scene runs with the index (S steps, default 20) and forced to the
 * full loops (F steps, default 2: a field step then takes seconds); the
 * table gives the median ms per step of each, the indexed world's first
 * step (which builds the index), the speed-up and whether the
 * two worlds' state hashes agree after F steps (they must). --json prints
 * one line per scene. */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <steer/steer.h>

#include "bench_util.h"
/* the full loops are the index's test switch, which is private */
#include "world_internal.h"

#define MAX_STEPS 256

static uint64_t rng;
static float uniform(float lo, float hi)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return lo + (hi - lo) * (float)(rng >> 40) * 0x1p-24f;
}

typedef struct scene {
    const char *name;
    int agents, obstacles, walls;
    float half; /* half the square's side (field); 0: the showcase's box */
} scene;

static const float showcase_obstacles[][3] = {{-50, 30, 6}, {-18, 42, 4}, {-28, 10, 5}, {8, 24, 7}, {40, 40, 5},
                                              {50, 8, 6},   {-62, 2, 3.5f}, {70, 30, 3}, {22, 2, 3}};
static const float showcase_walls[][4] = {{-80, 59, 80, 59},   {-80, -12, 80, -12}, {-40, -60, -40, -12}, {0, -60, 0, -30},
                                          {40, -12, 40, -45}, {-80, -59, 80, -59}, {60, -30, 80, -30}};

static steer_world *make_world(const scene *s, bool full_loops)
{
    rng = 12345;
    bool showcase = s->half == 0.0f;
    steer_v3 lo = showcase ? steer_v3_make(-80, -60, 0) : steer_v3_make(-s->half, -s->half, 0);
    steer_v3 hi = showcase ? steer_v3_make(80, 60, 0) : steer_v3_make(s->half, s->half, 0);
    steer_world_def wd = steer_default_world_def();
    wd.capacity = s->agents;
    wd.bounds_min = lo;
    wd.bounds_max = hi;
    wd.boundary = STEER_BOUNDARY_CLAMP;
    wd.solid_obstacles = wd.solid_walls = true;
    wd.max_obstacles = s->obstacles > 1 ? s->obstacles : 1;
    wd.max_walls = s->walls > 1 ? s->walls : 1;
    steer_world *w = steer_world_create(&wd);
    if (!w) return 0;
    w->object_index.full_loops = full_loops;
    for (int i = 0; i < s->obstacles; ++i) {
        if (showcase && i < 9) {
            steer_world_add_obstacle(w, steer_v3_make(showcase_obstacles[i][0], showcase_obstacles[i][1], 0),
                                     showcase_obstacles[i][2]);
            continue;
        }
        steer_v3 c = steer_v3_make(uniform(lo.x, hi.x), uniform(lo.y, hi.y), 0);
        steer_world_add_obstacle(w, c, uniform(0.2f, showcase ? 3.0f : 0.8f));
    }
    for (int i = 0; i < s->walls; ++i) {
        if (showcase && i < 7) {
            const float *e = showcase_walls[i];
            steer_world_add_wall(w, steer_v3_make(e[0], e[1], 0), steer_v3_make(e[2], e[3], 0));
            continue;
        }
        steer_v3 a = steer_v3_make(uniform(lo.x, hi.x), uniform(lo.y, hi.y), 0);
        float length = uniform(0.5f, showcase ? 12.0f : 3.0f), angle = uniform(0.0f, 6.2831853f);
        steer_world_add_wall(w, a, steer_v3_make(a.x + length * cosf(angle), a.y + length * sinf(angle), 0));
    }
    steer_group_def gd = steer_default_group_def();
    gd.radius = 0.3f;
    gd.max_speed = 7.0f;
    gd.max_force = 20.0f;
    gd.neighbour_radius = 3.0f;
    gd.separation_radius = 1.5f;
    gd.weight[STEER_SEPARATION] = 2.0f;
    gd.weight[STEER_ALIGNMENT] = 1.0f;
    gd.weight[STEER_WANDER] = 1.0f;
    gd.weight[STEER_SEEK] = 0.3f;
    gd.weight[STEER_AVOID_OBSTACLES] = 4.0f;
    gd.weight[STEER_AVOID_WALLS] = 3.0f;
    gd.weight[STEER_FOLLOW_WALL] = 0.5f;
    gd.target = steer_v3_make(hi.x, 0, 0);
    steer_world_add_group(w, &gd);
    for (int i = 0; i < s->agents; ++i) {
        float spread = showcase ? 1.0f : 0.05f; /* the field's agents start near its centre */
        steer_v3 p = steer_v3_make(uniform(lo.x, hi.x) * spread, uniform(lo.y, hi.y) * spread, 0);
        steer_world_add_agent(w, 0, p, steer_v3_make(uniform(-7, 7), uniform(-7, 7), 0));
    }
    return w;
}

/* Median ms per step over `steps` steps; *first is the first step's (the
 * index is built in it), *hash_at the state hash after `hash_after` steps. */
static double run(steer_world *w, int steps, int hash_after, uint64_t *hash_at, double *first)
{
    double ms[MAX_STEPS];
    for (int s = 0; s < steps; ++s) {
        double t0 = bench_seconds();
        steer_world_step(w, 1.0f / 30.0f);
        ms[s] = 1e3 * (bench_seconds() - t0);
        if (s + 1 == hash_after) *hash_at = steer_world_state_hash(w);
    }
    *first = ms[0];
    qsort(ms, (size_t)steps, sizeof ms[0], bench_by_value);
    return ms[steps / 2];
}

static int arg_int(int argc, char **argv, int *i, int lo, int hi)
{
    if (*i + 1 >= argc) {
        fprintf(stderr, "obstacles: %s needs a value\n", argv[*i]);
        exit(2);
    }
    char *end;
    long v = strtol(argv[++*i], &end, 10);
    if (*end || v < lo || v > hi) {
        fprintf(stderr, "obstacles: %s = %s: must be an integer in [%d, %d]\n", argv[*i - 1], argv[*i], lo, hi);
        exit(2);
    }
    return (int)v;
}

int main(int argc, char **argv)
{
    int agents = 100, obstacles = 1000000, walls = 100000, steps = 20, full_steps = 2;
    bool json = false;
    for (int i = 1; i < argc; ++i) {
        if (!strcmp(argv[i], "--agents")) agents = arg_int(argc, argv, &i, 1, 1 << 20);
        else if (!strcmp(argv[i], "--obstacles")) obstacles = arg_int(argc, argv, &i, 0, 1 << 20);
        else if (!strcmp(argv[i], "--walls")) walls = arg_int(argc, argv, &i, 0, 1 << 20);
        else if (!strcmp(argv[i], "--steps")) steps = arg_int(argc, argv, &i, 1, MAX_STEPS);
        else if (!strcmp(argv[i], "--full-steps")) full_steps = arg_int(argc, argv, &i, 1, MAX_STEPS);
        else if (!strcmp(argv[i], "--json")) json = true;
        else {
            fprintf(stderr, "obstacles: unknown option %s (see the comment at the top of bench/obstacles.c)\n", argv[i]);
            return 2;
        }
    }
    if (full_steps > steps) full_steps = steps;
    const scene scenes[] = {{"field", agents, obstacles, walls, 2000.0f}, {"medium", 2400, 64, 64, 0.0f},
                            {"showcase", 2400, 9, 7, 0.0f}};
    if (!json)
        printf("%-9s %7s %9s %7s %10s %12s %12s %8s %s\n", "scene", "agents", "obstacles", "walls", "index ms",
               "first step", "full ms", "speed-up", "same hash");
    for (size_t k = 0; k < sizeof scenes / sizeof scenes[0]; ++k) {
        const scene *s = &scenes[k];
        steer_world *indexed = make_world(s, false), *full = make_world(s, true);
        if (!indexed || !full) {
            fprintf(stderr, "obstacles: out of memory for the %s scene\n", s->name);
            return 1;
        }
        uint64_t hash_indexed = 0, hash_full = 0;
        double first_ms, unused;
        double index_ms = run(indexed, steps, full_steps, &hash_indexed, &first_ms);
        double full_ms = run(full, full_steps, full_steps, &hash_full, &unused);
        bool same = hash_indexed == hash_full;
        if (json)
            printf("{\"bench\":\"obstacles\",\"scene\":\"%s\",\"agents\":%d,\"obstacles\":%d,\"walls\":%d,"
                   "\"index_ms_per_step\":%.4f,\"first_step_ms\":%.3f,\"full_ms_per_step\":%.4f,\"speedup\":%.1f,"
                   "\"same_hash\":%s}\n",
                   s->name, s->agents, s->obstacles, s->walls, index_ms, first_ms, full_ms, full_ms / index_ms, same ? "true" : "false");
        else
            printf("%-9s %7d %9d %7d %10.3f %12.3f %12.3f %7.1fx %s\n", s->name, s->agents, s->obstacles, s->walls,
                   index_ms, first_ms, full_ms, full_ms / index_ms, same ? "yes" : "NO");
        steer_world_destroy(indexed);
        steer_world_destroy(full);
        if (!same) return 1;
    }
    return 0;
}

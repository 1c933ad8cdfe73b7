/* The all-behaviours world of the robustness checks (docs/robustness.md):
 * the determinism matrix (tests/hash_world.c), the soak (test_robust_soak),
 * the steady-state allocation test (test_robust_alloc) and the snapshot
 * seeds of the fuzzers (fuzz/make_corpus.c) all run this one world.
 *
 * Four groups, each with every one of the fifteen behaviours switched on
 * (different weights), one per combine mode; raw and desired-velocity forms,
 * a field of view, neighbour masks, a turn limit, mass; obstacles, walls, a
 * closed path and a flow field; solid obstacles and walls, non-penetration,
 * the sub-step guard, headings; and a script of removes, re-adds and teleports. Any
 * agent count, 2D or 3D. Everything depends only on the options, so two runs
 * alike must agree bit for bit. */
#ifndef STEER_TESTS_ROBUST_WORLD_H
#define STEER_TESTS_ROBUST_WORLD_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "steer/steer.h"

/* Sanitized builds (make test's clang ASan+UBSan run) are ~50x slower:
 * the tests shorten their runs there. */
#if defined(__SANITIZE_ADDRESS__)
#define ROBUST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ROBUST_SANITIZED 1
#endif
#endif
#ifndef ROBUST_SANITIZED
#define ROBUST_SANITIZED 0
#endif

#define ROBUST_GROUPS 4
#define ROBUST_DT (1.0f / 60.0f)
#define ROBUST_MAX_DT (1.0f / 30.0f) /* the long steps of the script are split in two */
#define ROBUST_CAPACITY_SLACK 8       /* room for agents the script re-adds */

typedef struct robust_options {
    int dim;                  /* 2 or 3 */
    int agents;               /* total agents */
    int worker_count;         /* built-in pool threads */
    steer_boundary boundary;  /* WRAP (default) or CLAMP keep agents inside the bounds */
    steer_allocator allocator;
} robust_options;

static inline robust_options robust_default_options(int dim, int agents)
{
    robust_options o;
    memset(&o, 0, sizeof o);
    o.dim = dim;
    o.agents = agents;
    o.worker_count = 1;
    o.boundary = STEER_BOUNDARY_WRAP;
    return o;
}

/* Half the side of the world box: about six neighbours within radius 1 at
 * any size, never so small that the obstacles and walls fill it. */
static inline float robust_half_side(int dim, int agents)
{
    float want = dim == 2 ? (float)agents * STEER_PI / 6.0f : (float)agents * 4.0f * STEER_PI / 18.0f;
    float side = 1.0f; /* the smallest half-unit whose square (cube) holds `want`: no libm, same on every platform */
    while ((dim == 2 ? side * side : side * side * side) < want) side += 0.5f;
    float least = dim == 2 ? 10.0f : 6.0f;
    return 0.5f * (side > least ? side : least);
}

static inline steer_v3 robust_v3(int dim, float x, float y, float z) { return steer_v3_make(x, y, dim == 3 ? z : 0.0f); }

/* A box of half side h with every solid feature on (obstacles, walls,
 * non-penetration) and room for a few of each object: what both
 * all-behaviours worlds (this one and tests/world_scenario.h's) start from. */
static inline steer_world_def all_features_world_def(int dim, steer_boundary boundary, float h)
{
    steer_world_def wd = steer_default_world_def();
    wd.dim = dim;
    wd.bounds_min = steer_v3_make(-h, -h, -h);
    wd.bounds_max = steer_v3_make(h, h, h);
    wd.boundary = boundary;
    wd.solid_obstacles = true;
    wd.solid_walls = true;
    wd.non_penetration = true;
    wd.max_groups = 8;
    wd.max_obstacles = 8;
    wd.max_walls = 8;
    wd.max_paths = 2;
    wd.max_flow_fields = 2;
    return wd;
}

static inline steer_world_def robust_world_def(const robust_options *o)
{
    steer_world_def wd = all_features_world_def(o->dim, o->boundary, robust_half_side(o->dim, o->agents));
    wd.capacity = o->agents + ROBUST_CAPACITY_SLACK;
    wd.max_dt = ROBUST_MAX_DT;
    wd.seed = 0xB0B5u;
    wd.penetration_iterations = 2;
    wd.keep_headings = true; /* their pass, their sort moves and their bytes in snapshots, on every build */
    wd.worker_count = o->worker_count;
    wd.allocator = o->allocator;
    return wd;
}

/* Objects scale with the box: positions below are fractions of h. */
static inline bool robust_add_objects(steer_world *w, int dim, float h)
{
    bool ok = true;
    ok = ok && steer_world_add_obstacle(w, robust_v3(dim, 0.3f * h, 0.25f * h, 0.1f * h), 0.08f * h) == 0;
    ok = ok && steer_world_add_obstacle(w, robust_v3(dim, -0.45f * h, 0.15f * h, -0.2f * h), 0.06f * h) == 1;
    ok = ok && steer_world_add_obstacle(w, robust_v3(dim, 0.05f * h, -0.55f * h, 0.0f), 0.1f * h) == 2;
    ok = ok && steer_world_add_wall(w, robust_v3(dim, -0.75f * h, -0.75f * h, 0), robust_v3(dim, -0.2f * h, -0.75f * h, 0)) == 0;
    ok = ok && steer_world_add_wall(w, robust_v3(dim, 0.55f * h, -0.1f * h, 0), robust_v3(dim, 0.55f * h, 0.6f * h, 0)) == 1;
    ok = ok && steer_world_add_wall(w, robust_v3(dim, -0.7f * h, 0.4f * h, 0), robust_v3(dim, -0.3f * h, 0.75f * h, 0)) == 2;
    /* nearly degenerate (a wall of no length on the ground is refused) */
    ok = ok && steer_world_add_wall(w, robust_v3(dim, 0.1f * h, 0.8f * h, 0), robust_v3(dim, 0.101f * h, 0.8f * h, 0)) == 3;
    steer_v3 loop[5] = {robust_v3(dim, -0.65f * h, -0.6f * h, -0.2f * h), robust_v3(dim, 0.65f * h, -0.6f * h, 0),
                        robust_v3(dim, 0.7f * h, 0.65f * h, 0.2f * h), robust_v3(dim, -0.6f * h, 0.7f * h, 0),
                        robust_v3(dim, -0.8f * h, 0.0f, -0.1f * h)};
    ok = ok && steer_world_add_path(w, loop, 5, true, 0.1f * h) == 0;
    enum { FN = 8 };
    int nz = dim == 3 ? FN : 1;
    static steer_v3 field[FN * FN * FN];
    for (int z = 0; z < nz; ++z)
        for (int y = 0; y < FN; ++y)
            for (int x = 0; x < FN; ++x) /* a swirl about the centre, lifting a little in 3D */
                field[(z * FN + y) * FN + x] = robust_v3(dim, (float)(FN / 2 - y) - 0.5f, (float)(x - FN / 2) + 0.5f,
                                                         0.25f * (float)(z - FN / 2));
    ok = ok && steer_world_add_flow_field(w, robust_v3(dim, -h, -h, -h), 2.0f * h / (FN - 1), FN, FN, nz, field) == 0;
    return ok;
}

/* Every behaviour on, with weights that differ per group. */
static inline steer_group_def robust_group_def(int dim, float h, int g)
{
    steer_group_def d = steer_default_group_def();
    /* by name: the enum's order is the priority order, and it grows. FOLLOW_LEADER needs a leader (a
       handle), which no group has here: tests/test_world_avoidance.c covers it. The predictive ones
       look at every neighbour one by one: on one group only, so the soak stays affordable. */
#define W(a, b, c, d) {a, b, c, d}
    static const struct { steer_behaviour b; float w[ROBUST_GROUPS]; } weights[] = {
        {STEER_AVOID_OBSTACLES, W(2.0f, 3.0f, 2.0f, 1.5f)}, {STEER_AVOID_WALLS, W(2.0f, 2.0f, 1.5f, 1.5f)},
        {STEER_CONTAIN, W(1.0f, 3.0f, 2.0f, 1.0f)},         {STEER_AVOID_NEIGHBOURS, W(0.2f, 0.0f, 0.0f, 0.0f)},
        {STEER_ANTICIPATE, W(0.3f, 0.0f, 0.0f, 0.0f)},      {STEER_QUEUE, W(0.2f, 0.0f, 0.0f, 0.0f)},
        {STEER_SEPARATION, W(1.5f, 1.0f, 2.0f, 2.0f)},      {STEER_EVADE, W(0.6f, 0.3f, 2.0f, 0.5f)},
        {STEER_FLEE, W(0.2f, 0.1f, 0.5f, 0.3f)},            {STEER_PURSUE, W(0.1f, 1.5f, 0.2f, 0.3f)},
        {STEER_SEEK, W(0.1f, 0.2f, 0.3f, 0.5f)},            {STEER_ARRIVE, W(0.1f, 0.2f, 1.0f, 0.4f)},
        {STEER_FOLLOW_WALL, W(0.2f, 0.2f, 0.3f, 1.0f)},     {STEER_FOLLOW_PATH, W(0.2f, 0.3f, 0.5f, 1.0f)},
        {STEER_FOLLOW_FLOW, W(0.2f, 0.2f, 0.3f, 0.6f)},     {STEER_ALIGNMENT, W(1.0f, 0.3f, 0.5f, 0.4f)},
        {STEER_COHESION, W(1.0f, 0.3f, 0.5f, 0.4f)},        {STEER_WANDER, W(0.3f, 0.5f, 0.2f, 0.4f)},
    };
#undef W
    for (size_t k = 0; k < sizeof weights / sizeof weights[0]; ++k) d.weight[weights[k].b] = weights[k].w[g];
    d.combine = (steer_combine)g; /* 0 blend, 1 priority, 2 running sum, 3 dither */
    /* everyone chases and flees the few hunters (group 1), who chase the
     * flock and flee the dithered group: pursue/evade scan the target group
     * by brute force, so small target groups keep the soak affordable */
    d.pursue_group = g == 1 ? 0 : 1;
    d.evade_group = g == 1 ? 3 : 1;
    d.chase_radius = 0.5f * h;
    d.max_prediction = 1.0f;
    d.panic_distance = 0.3f * h;
    d.target = robust_v3(dim, 0.4f * h, -0.3f * h, 0.2f * h);
    d.threat = robust_v3(dim, -0.1f * h, 0.1f * h, 0.0f);
    d.slow_radius = 0.15f * h;
    d.path = 0;
    d.flow_field = 0;
    d.flow_predict = 0.5f;
    d.contain_min = robust_v3(dim, -0.9f * h, -0.9f * h, -0.9f * h);
    d.contain_max = robust_v3(dim, 0.9f * h, 0.9f * h, 0.9f * h);
    d.contain_margin = 0.1f * h;
    d.colour = 0x3070F0FFu + (uint32_t)g * 0x30200000u;
    switch (g) {
    case 1: /* hunters: heavier, turn-limited, desired forms, react to themselves only */
        d.max_speed = 2.6f;
        d.max_force = 5.0f;
        d.mass = 1.5f;
        d.radius = 0.35f;
        d.max_turn_rate = 3.0f;
        d.desired_forms = true;
        d.neighbour_mask = 1u << 1;
        break;
    case 2: /* a narrow field of view, reacting to groups 0 and 2 */
        d.field_of_view = 2.5f;
        d.neighbour_mask = (1u << 0) | (1u << 2);
        d.max_speed = 1.8f;
        break;
    case 3: /* dithered: each behaviour tried with its own probability */
        for (int b = 0; b < STEER_BEHAVIOUR_COUNT; ++b) /* (capped at 1: a 20th behaviour would pass it) */
            d.probability[b] = steer_minf(0.35f + 0.035f * (float)b, 1.0f);
        d.wander = (steer_wander_params){0.8f, 1.5f, 6.0f, STEER_UP_Z};
        break;
    default: break;
    }
    return d;
}

static inline int robust_group_of(int i)
{
    static const int pattern[10] = {0, 0, 0, 0, 1, 2, 2, 3, 3, 2}; /* 40% flock, 10% hunters */
    return pattern[i % 10];
}

/* Handles of the script's agents; the caller provides room for `agents`. */
typedef struct robust_handles {
    int count;
    steer_agent_id *ids;
} robust_handles;

/* Builds the world with its objects, groups and agents; ids (room for
 * o->agents) receives the handles. NULL on failure. */
static inline steer_world *robust_create(const robust_options *o, robust_handles *h)
{
    steer_world_def wd = robust_world_def(o);
    float half = robust_half_side(o->dim, o->agents);
    steer_world *w = steer_world_create(&wd);
    if (!w) return 0;
    bool ok = robust_add_objects(w, o->dim, half);
    for (int g = 0; g < ROBUST_GROUPS && ok; ++g) {
        steer_group_def d = robust_group_def(o->dim, half, g);
        ok = steer_world_add_group(w, &d) == g;
    }
    steer_rng rng = steer_rng_make(0xA11CEu + (uint64_t)o->dim);
    h->count = 0;
    for (int i = 0; i < o->agents && ok; ++i) {
        float x = steer_rng_range(&rng, -0.95f * half, 0.95f * half);
        float y = steer_rng_range(&rng, -0.95f * half, 0.95f * half);
        float z = steer_rng_range(&rng, -0.95f * half, 0.95f * half);
        float vx = steer_rng_range(&rng, -1.0f, 1.0f);
        float vy = steer_rng_range(&rng, -1.0f, 1.0f);
        float vz = steer_rng_range(&rng, -1.0f, 1.0f);
        h->ids[i] = steer_world_add_agent(w, robust_group_of(i), robust_v3(o->dim, x, y, z), robust_v3(o->dim, vx, vy, vz));
        ok = h->ids[i].index != 0;
        h->count += ok;
    }
    if (!ok) {
        steer_world_destroy(w);
        return 0;
    }
    return w;
}

/* The dt of step s: the fixed step, and every 50th a long one the sub-step
 * guard splits. */
static inline float robust_dt(uint64_t s) { return s % 50 == 49 ? 0.05f : ROBUST_DT; }

/* Runs steps [from, to) of the script: now and then an agent is removed and
 * re-added elsewhere (its handle changes), or teleported. Returns false if a
 * call that must succeed did not. */
static inline bool robust_run(steer_world *w, robust_handles *h, int dim, uint64_t from, uint64_t to)
{
    bool ok = true;
    float half = robust_half_side(dim, h->count); /* the script keeps the count */
    for (uint64_t s = from; s < to && ok; ++s) {
        if (s % 97 == 13 && h->count > 0) {
            int k = (int)((s * 31) % (uint64_t)h->count);
            ok = steer_world_remove_agent(w, h->ids[k]) == STEER_OK;
            float a = (float)s * 0.37f;
            h->ids[k] = steer_world_add_agent(w, robust_group_of(k),
                                              robust_v3(dim, 0.7f * half * steer_cos(a), 0.7f * half * steer_sin(a), 0.1f * half),
                                              robust_v3(dim, steer_sin(a), steer_cos(a), 0.5f));
            ok = ok && h->ids[k].index != 0;
        }
        if (s % 131 == 70 && h->count > 0) {
            int k = (int)((s * 17) % (uint64_t)h->count);
            ok = ok && steer_world_teleport_agent(w, h->ids[k], robust_v3(dim, -0.1f * half, 0.2f * half, 0.0f),
                                                  robust_v3(dim, 0.5f, -0.5f, 0.25f)) == STEER_OK;
        }
        ok = ok && steer_world_step(w, robust_dt(s)) == STEER_OK;
    }
    return ok;
}

/* Every agent finite and inside the world box (WRAP: [min, max); CLAMP:
 * [min, max]). Returns the number of agents that are not. */
static inline int robust_count_bad(const steer_world *w, int dim, float half)
{
    steer_world_view v = steer_world_get_view(w);
    int bad = 0;
    for (int i = 0; i < v.count; ++i) {
        float p[3] = {v.px[i], v.py[i], dim == 3 ? v.pz[i] : 0.0f};
        float q[3] = {v.vx[i], v.vy[i], dim == 3 ? v.vz[i] : 0.0f};
        bool good = true;
        for (int a = 0; a < dim; ++a)
            good = good && steer_is_finite(p[a]) && steer_is_finite(q[a]) && p[a] >= -half && p[a] <= half;
        bad += !good;
    }
    return bad;
}

#endif

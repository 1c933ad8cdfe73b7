/* Non-penetration: two dense groups (radius 0.3) seek targets on opposite
 * sides and are driven through each other, head on or at right angles.
 * With def.non_penetration no pair of agents may end any step closer than
 * 0.9 x the sum of their radii (all pairs checked by brute force, minimal
 * torus images). The same run without it overlaps, so the check can fail.
 * Everything runs with the world's defaults (up to 32 relaxation passes,
 * stopping once no pair overlaps by more than 1%), on one and two threads;
 * a last case shows that a small fixed budget of passes is not enough. */
#include <math.h>
#include <stdlib.h>

#include <float.h>

#include "check.h"
#include "random_scheduler.h"
#include "steer/steer.h"
#include "world_scenario.h"

#define SIDE WORLD_TEST_SIZE(8, 5) /* agents per row and column of each block */
#define PER_GROUP (SIDE * SIDE)
#define RADIUS 0.3f
#define EXTENT 40.0f
#define STEPS WORLD_TEST_SIZE(70, 55) /* the blocks meet after about 20 steps, then press on */
#define DT (1.0f / 30.0f)

typedef enum crossing_kind { HEAD_ON, RIGHT_ANGLE } crossing_kind;

typedef struct crossing_setup {
    int dim;
    crossing_kind kind;
    bool non_penetration;
    int iterations;          /* 0: the def's default */
    int workers;
    steer_boundary boundary;
} crossing_setup;

static steer_world *make_crossing(const crossing_setup *cs)
{
    steer_world_def wd = steer_default_world_def();
    wd.dim = cs->dim;
    wd.capacity = 2 * PER_GROUP;
    wd.bounds_min = steer_v3_make(-EXTENT / 2, -EXTENT / 2, -EXTENT / 2);
    wd.bounds_max = steer_v3_make(EXTENT / 2, EXTENT / 2, EXTENT / 2);
    wd.boundary = cs->boundary;
    wd.non_penetration = cs->non_penetration;
    if (cs->iterations) wd.penetration_iterations = cs->iterations;
    wd.worker_count = cs->workers;
    steer_world *w = steer_world_create(&wd);
    CHECK(w != 0);
    if (!w) return 0;
    /* Seek only: nothing but the non-penetration pass keeps them apart. */
    for (int g = 0; g < 2; ++g) {
        steer_group_def gd = steer_default_group_def();
        gd.radius = RADIUS;
        gd.weight[STEER_SEPARATION] = gd.weight[STEER_ALIGNMENT] = gd.weight[STEER_COHESION] = 0.0f;
        gd.weight[STEER_SEEK] = 1.0f;
        if (cs->kind == HEAD_ON) gd.target = steer_v3_make(g == 0 ? 12.0f : -12.0f, 0.0f, 0.0f);
        else gd.target = g == 0 ? steer_v3_make(14.0f, 0.0f, 0.0f) : steer_v3_make(0.0f, 14.0f, 0.0f);
        gd.max_speed = 2.0f;
        gd.max_force = 6.0f;
        CHECK(steer_world_add_group(w, &gd) == g);
    }
    /* Two square blocks packed at spacing 0.62 (just clear of 2 x 0.3), a
     * little jitter so the meeting is not a lattice collision. */
    steer_rng rng = steer_rng_make(5);
    for (int g = 0; g < 2; ++g)
        for (int i = 0; i < PER_GROUP; ++i) {
            const float span = 0.62f * (SIDE - 1), gap = 1.2f;
            float u = 0.62f * (float)(i % SIDE), v = 0.62f * (float)(i / SIDE);
            float x = (g == 0 ? -gap - span : gap) + u, y = -0.5f * span + v + (g == 0 ? 0.0f : 0.31f);
            if (cs->kind == RIGHT_ANGLE && g == 1) x = -0.5f * span + u, y = -gap - 0.5f * span - span + v - 1.0f;
            x += steer_rng_range(&rng, -0.005f, 0.005f);
            float z = cs->dim == 3 ? steer_rng_range(&rng, -0.3f, 0.3f) : 0.0f;
            CHECK(steer_world_add_agent(w, g, steer_v3_make(x, y, z), steer_v3_make(0, 0, 0)).index != 0);
        }
    return w;
}

/* Smallest distance / (r_i + r_j) over all pairs, brute force; *between
 * gets the smallest over pairs from different groups. */
static double min_ratio(const steer_world *w, int dim, bool wrap, double *between)
{
    steer_world_view v = steer_world_get_view(w);
    double best = INFINITY;
    *between = INFINITY;
    for (int i = 0; i < v.count; ++i)
        for (int j = i + 1; j < v.count; ++j) {
            double d[3] = {(double)v.px[i] - v.px[j], (double)v.py[i] - v.py[j],
                           dim == 3 ? (double)v.pz[i] - v.pz[j] : 0.0};
            double d2 = 0.0;
            for (int k = 0; k < dim; ++k) {
                if (wrap && d[k] > EXTENT / 2) d[k] -= EXTENT;
                if (wrap && d[k] < -EXTENT / 2) d[k] += EXTENT;
                d2 += d[k] * d[k];
            }
            double ratio = sqrt(d2) / (2.0 * RADIUS); /* every agent has RADIUS */
            best = fmin(best, ratio);
            if (v.group[i] != v.group[j]) *between = fmin(*between, ratio);
        }
    return best;
}

/* The smallest ratio at the end of any step; *met: the groups came into
 * contact (so the pass had work to do). */
static double run_crossing(const crossing_setup *cs, bool *met)
{
    steer_world *w = make_crossing(cs);
    double worst = INFINITY, closest_between = INFINITY;
    if (!w) return 0.0;
    for (int s = 0; s < STEPS; ++s) {
        CHECK(steer_world_step(w, DT) == STEER_OK);
        double between;
        worst = fmin(worst, min_ratio(w, cs->dim, cs->boundary == STEER_BOUNDARY_WRAP, &between));
        closest_between = fmin(closest_between, between);
    }
    *met = closest_between < 1.05;
    steer_world_destroy(w);
    return worst;
}

static void check_crossing(crossing_setup cs)
{
    cs.non_penetration = true;
    bool met = false;
    double with = run_crossing(&cs, &met);
    CHECK(met);
    CHECK(with >= 0.9);
    printf("%dD %s, default passes, %d thread(s), boundary %d: closest pair %.4f x (r_i + r_j)\n", cs.dim,
           cs.kind == HEAD_ON ? "head-on" : "right-angle", cs.workers, (int)cs.boundary, with);
    /* the same crossing without the pass breaks the bound */
    cs.non_penetration = false;
    double without = run_crossing(&cs, &met);
    CHECK(without < 0.9);
}

/* Bodies whose radii overflow (FLT_MAX each: an infinite contact distance)
 * overlap wholly; whether the passes go on must not depend on how the
 * agents were split between workers. The deepest overlap once came out NaN
 * here, and a maximum keeps or drops a NaN by the order it meets it, so
 * one worker stopped after a pass where two went on (found by fuzz_world). */
static uint64_t run_huge_bodies(int workers, uint64_t scheduler_seed)
{
    steer_world_def wd = steer_default_world_def();
    wd.bounds_min = steer_v3_make(-1, -1, -1);
    wd.bounds_max = steer_v3_make(1.5f, 1.125f, 1.5f);
    wd.non_penetration = true;
    wd.penetration_iterations = 2;
    wd.worker_count = workers;
    random_scheduler rs;
    if (scheduler_seed) {
        random_scheduler_init(&rs, scheduler_seed, workers);
        wd.enqueue_task = random_scheduler_enqueue;
        wd.finish_task = random_scheduler_finish;
        wd.user_task_context = &rs;
    }
    steer_world *w = steer_world_create(&wd);
    steer_group_def gd = steer_default_group_def();
    gd.radius = FLT_MAX;
    gd.max_speed = 1e-7f;
    steer_world_add_group(w, &gd);
    steer_world_add_agent(w, 0, steer_v3_make(1e-40f, 1e-38f, 0), steer_v3_make(4, -8, 0));
    steer_world_add_agent(w, 0, steer_v3_make(-0.5f, 1e-40f, 0), steer_v3_make(0, 0.5f, 0));
    for (int s = 0; s < 3; ++s) steer_world_step(w, 3.0f);
    uint64_t hash = steer_world_state_hash(w);
    steer_world_destroy(w);
    return hash;
}

static void huge_bodies_any_partition(void)
{
    uint64_t one = run_huge_bodies(1, 0);
    int same = 0;
    for (uint64_t seed = 1; seed <= 16; ++seed) same += run_huge_bodies(2, seed) == one;
    CHECK(same == 16);
    printf("huge bodies: %d of 16 two-worker partitions give the one-worker hash %016llx\n", same,
           (unsigned long long)one);
}

/* A group with no agents changes nothing: 1000 bodies spawned on one point
 * give the same bits with and without an empty group of bodies of no size
 * beside them (the Python review: 1000 on one point were thrown
 * 321 in one step, against 26, when such a group existed: the crowd's
 * threshold took the smallest radius of every group). */
static uint64_t packed_hash(bool empty_group, double *spread)
{
    steer_world_def wd = steer_default_world_def();
    wd.dim = 2;
    wd.capacity = 1000;
    wd.bounds_min = steer_v3_make(-10, -10, 0);
    wd.bounds_max = steer_v3_make(10, 10, 0);
    wd.boundary = STEER_BOUNDARY_NONE;
    wd.non_penetration = true;
    steer_world *w = steer_world_create(&wd);
    steer_group_def g = steer_default_group_def();
    for (int b = 0; b < STEER_BEHAVIOUR_COUNT; ++b) g.weight[b] = 0.0f;
    g.weight[STEER_ANTICIPATE] = 1.0f;
    g.radius = 0.5f;
    g.neighbour_radius = 3.0f;
    CHECK(steer_world_add_group(w, &g) == 0);
    if (empty_group) {
        g.radius = 0.0f;
        CHECK(steer_world_add_group(w, &g) == 1);
    }
    for (int i = 0; i < 1000; ++i) steer_world_add_agent(w, 0, steer_v3_zero(), steer_v3_zero());
    CHECK(steer_world_step(w, 1.0f / 30.0f) == STEER_OK);
    steer_world_view v = steer_world_get_view(w);
    *spread = 0.0;
    for (int i = 0; i < v.count; ++i) *spread = fmax(*spread, hypot(v.px[i], v.py[i]));
    uint64_t h = steer_world_state_hash(w);
    steer_world_destroy(w);
    return h;
}

static void an_empty_group_changes_nothing(void)
{
    double alone, beside;
    uint64_t a = packed_hash(false, &alone), b = packed_hash(true, &beside);
    printf("1000 on one point: spread %.2f, with an empty group of no size %.2f\n", alone, beside);
    CHECK(a == b);
}

int main(void)
{
    an_empty_group_changes_nothing();
    huge_bodies_any_partition();
    check_crossing((crossing_setup){2, HEAD_ON, true, 0, 1, STEER_BOUNDARY_WRAP});
    check_crossing((crossing_setup){2, RIGHT_ANGLE, true, 0, 1, STEER_BOUNDARY_CLAMP});
    check_crossing((crossing_setup){2, HEAD_ON, true, 0, 2, STEER_BOUNDARY_WRAP});
    check_crossing((crossing_setup){3, HEAD_ON, true, 0, 1, STEER_BOUNDARY_WRAP});
    check_crossing((crossing_setup){3, RIGHT_ANGLE, true, 0, 2, STEER_BOUNDARY_WRAP});
    /* Two passes a step cannot push a packed block back: the bound breaks,
     * which is why the default budget is larger (and why the check can fail). */
    bool met = false;
    double two_passes = run_crossing(&(crossing_setup){2, HEAD_ON, true, 2, 1, STEER_BOUNDARY_WRAP}, &met);
    printf("2D head-on, 2 iterations: closest pair %.4f x (r_i + r_j)\n", two_passes);
    CHECK(met && two_passes < 0.9);
    return check_summary("test_world_penetration");
}

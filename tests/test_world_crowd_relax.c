/* Non-penetration in a crowd spawned at one point. A block holding more
 * agents than fit without overlap is thinned to the forces pass's sample
 * (world_relax.c), so the passes' work stays bounded. These tests prove that
 *   - a coincident pair is split along a direction of its own, i and j
 *     exactly opposite, and pairs take directions in every axis;
 *   - the first pass over N coincident agents examines N x sample pairs,
 *     not N x N, and a step's passes stay within the bound;
 *   - the crowd's steps give one hash for 1, 2 and 3 workers and a
 *     random-split scheduler, stay finite and spread the crowd in every
 *     axis (not along a line). */
#include <inttypes.h>
#include <math.h>

#include "check.h"
#include "random_scheduler.h"
#include "steer/standard_flock.h"
#include "steer/steer.h"
#include "world_cells.h"    /* STEER__CROWD_SAMPLE */
#include "world_relax.h"    /* steer__relax_pairs_examined */
#include "world_scenario.h" /* WORLD_TEST_SIZE */

#define AGENTS WORLD_TEST_SIZE(3000, 1500) /* all in one cell: far beyond the stage cap */
#define STEPS WORLD_TEST_SIZE(4, 2)
#define DT STEER_STANDARD_FLOCK_DT
#define RADIUS 0.25f /* the default body radius */

typedef struct crowd_setup {
    int dim, agents, workers, iterations; /* iterations 0: the def's default */
    random_scheduler *scheduler;          /* non-NULL: steps go through it */
    bool non_penetration;
} crowd_setup;

/* The standard flock's torus and rules for cs->agents, with no agent yet;
 * *centre is the torus's centre. */
static steer_world *make_world(const crowd_setup *cs, steer_v3 *centre)
{
    steer_standard_flock_def fd = steer_default_standard_flock_def();
    fd.agents = cs->agents;
    fd.dim = cs->dim;
    fd.worker_count = cs->workers;
    steer_world_def wd;
    if (steer_standard_flock_world_def(&fd, &wd) != STEER_OK) return 0;
    wd.non_penetration = cs->non_penetration;
    if (cs->iterations) wd.penetration_iterations = cs->iterations;
    if (cs->scheduler) {
        wd.worker_count = cs->scheduler->worker_count;
        wd.enqueue_task = random_scheduler_enqueue;
        wd.finish_task = random_scheduler_finish;
        wd.user_task_context = cs->scheduler;
    }
    steer_world *w = steer_world_create(&wd);
    if (!w) return 0;
    steer_group_def g = steer_standard_flock_group_def();
    CHECK(g.radius == RADIUS);
    CHECK(steer_world_add_group(w, &g) == 0);
    float side = steer_standard_flock_side(cs->agents, cs->dim, fd.neighbours);
    *centre = steer_v3_make(0.5f * side, 0.5f * side, cs->dim == 3 ? 0.5f * side : 0.0f);
    return w;
}

/* Every agent at the centre, at rest (the forces of coincident agents are
 * zero, so only the passes part them). */
static steer_world *make_crowd(const crowd_setup *cs, steer_v3 *centre)
{
    steer_world *w = make_world(cs, centre);
    if (!w) return 0;
    int added = 0;
    for (int i = 0; i < cs->agents; ++i) added += steer_world_add_agent(w, 0, *centre, steer_v3_zero()).index != 0;
    CHECK(added == cs->agents);
    return w;
}

static steer_v3 position(const steer_world_view *v, int i)
{
    return steer_v3_make(v->px[i], v->py[i], v->pz ? v->pz[i] : 0.0f);
}

/* ---- coincident pairs ------------------------------------------------------------ */
/* Two agents at one point: one pass parts them to exactly their contact
 * distance, symmetrically about the point. Over many pairs (other slots)
 * the directions cover every axis: the old split along x never moved y. */
static void test_coincident_pair_direction(int dim)
{
    int leaning[3] = {0, 0, 0}; /* pairs whose split leans most along each axis */
    enum { pairs = 24 };
    for (int p = 0; p < pairs; ++p) {
        steer_v3 centre;
        crowd_setup cs = {dim, pairs + 2, 1, 1, 0, true};
        steer_world *w = make_world(&cs, &centre);
        CHECK(w != 0);
        if (!w) return;
        /* other slots for each pair: p agents added first and removed, so the pair's are p and p + 1 */
        steer_agent_id first[pairs];
        for (int k = 0; k < p; ++k) first[k] = steer_world_add_agent(w, 0, centre, steer_v3_zero());
        steer_agent_id a = steer_world_add_agent(w, 0, centre, steer_v3_zero());
        steer_agent_id b = steer_world_add_agent(w, 0, centre, steer_v3_zero());
        for (int k = 0; k < p; ++k) CHECK(steer_world_remove_agent(w, first[k]) == STEER_OK);
        CHECK(steer_world_agent_count(w) == 2);
        CHECK(steer_world_step(w, DT) == STEER_OK);
        steer_agent_state sa, sb;
        CHECK(steer_world_get_agent(w, a, &sa) == STEER_OK);
        CHECK(steer_world_get_agent(w, b, &sb) == STEER_OK);
        steer_v3 pa = sa.position, pb = sb.position;
        steer_v3 da = steer_v3_sub(pa, centre), db = steer_v3_sub(pb, centre);
        CHECK_NEAR(steer_v3_len(steer_v3_sub(pa, pb)), 2.0f * RADIUS, 1e-5);
        CHECK_NEAR(steer_v3_len(steer_v3_add(da, db)), 0.0, 1e-5); /* i along u, j against it */
        if (dim == 2) CHECK(da.z == 0.0f);
        float c[3] = {fabsf(da.x), fabsf(da.y), fabsf(da.z)};
        int most = 0;
        for (int k = 1; k < dim; ++k)
            if (c[k] > c[most]) most = k;
        ++leaning[most];
        steer_world_destroy(w);
    }
    for (int k = 0; k < dim; ++k) CHECK(leaning[k] >= pairs / (4 * dim));
    printf("%dD coincident pairs: split leaning along x/y/z in %d/%d/%d of %d\n", dim, leaning[0], leaning[1],
           leaning[2], pairs);
}

/* ---- bounded work --------------------------------------------------------------- */
/* Without the pass the crowd stays at its point (so every pass below
 * starts from one cell); with one pass each agent examines the sample
 * alone: N x S pairs where a full scan is N x N. With the default passes a
 * step stays within passes x N x STEER__STAGE_CAP. */
static void test_passes_are_bounded(int dim)
{
    steer_v3 centre;
    crowd_setup cs = {dim, AGENTS, 2, 1, 0, false};
    steer_world *w = make_crowd(&cs, &centre);
    CHECK(w != 0);
    if (!w) return;
    CHECK(steer_world_step(w, DT) == STEER_OK);
    steer_world_view v = steer_world_get_view(w);
    int moved = 0;
    for (int i = 0; i < v.count; ++i) {
        steer_v3 p = position(&v, i);
        moved += p.x != centre.x || p.y != centre.y || p.z != centre.z;
    }
    CHECK(moved == 0);
    steer_world_destroy(w);

    const uint64_t n = (uint64_t)AGENTS, sample = (uint64_t)STEER__CROWD_SAMPLE(dim);
    cs.non_penetration = true;
    w = make_crowd(&cs, &centre);
    CHECK(w != 0);
    if (!w) return;
    uint64_t before = steer__relax_pairs_examined(w);
    CHECK(steer_world_step(w, DT) == STEER_OK);
    uint64_t one_pass = steer__relax_pairs_examined(w) - before;
    CHECK(one_pass == n * sample);
    steer_world_destroy(w);

    cs.iterations = 0;
    w = make_crowd(&cs, &centre);
    CHECK(w != 0);
    if (!w) return;
    int passes = steer_default_world_def().penetration_iterations;
    uint64_t most = 0;
    for (int s = 0; s < STEPS; ++s) {
        before = steer__relax_pairs_examined(w);
        CHECK(steer_world_step(w, DT) == STEER_OK);
        uint64_t pairs = steer__relax_pairs_examined(w) - before;
        CHECK(pairs <= (uint64_t)passes * n * STEER__STAGE_CAP);
        most = pairs > most ? pairs : most;
    }
    steer_world_destroy(w);
    printf("%dD crowd of %" PRIu64 ": first pass %" PRIu64 " pairs (%" PRIu64 " per agent; a full scan %" PRIu64
           "), at most %.0f per agent in a step of %d passes\n",
           dim, n, one_pass, one_pass / n, n * n, (double)most / (double)n, passes);
}

/* ---- determinism, finiteness, spread -------------------------------------------- */
/* The crowd's spread per axis after STEPS: the standard deviation of the
 * positions about their mean (the torus is wide: no agent wraps). */
static uint64_t run_crowd(crowd_setup cs, double spread[3], int *non_finite)
{
    steer_v3 centre;
    cs.non_penetration = true;
    steer_world *w = make_crowd(&cs, &centre);
    CHECK(w != 0);
    if (!w) return 0;
    *non_finite = 0;
    for (int s = 0; s < STEPS; ++s) {
        CHECK(steer_world_step(w, DT) == STEER_OK);
        steer_world_view v = steer_world_get_view(w);
        for (int i = 0; i < v.count; ++i) {
            steer_v3 p = position(&v, i);
            *non_finite += !(isfinite(p.x) && isfinite(p.y) && isfinite(p.z));
        }
    }
    steer_world_view v = steer_world_get_view(w);
    for (int a = 0; a < 3; ++a) {
        double sum = 0.0, sum_sq = 0.0;
        for (int i = 0; i < v.count; ++i) {
            steer_v3 p = position(&v, i);
            double x = a == 0 ? p.x : a == 1 ? p.y : p.z;
            sum += x;
            sum_sq += x * x;
        }
        double mean = sum / v.count;
        spread[a] = sqrt(fmax(0.0, sum_sq / v.count - mean * mean));
    }
    uint64_t hash = steer_world_state_hash(w);
    steer_world_destroy(w);
    return hash;
}

static void test_crowd_determinism_and_spread(int dim)
{
    double spread[3];
    int non_finite;
    uint64_t reference = run_crowd((crowd_setup){dim, AGENTS, 1, 0, 0, true}, spread, &non_finite);
    CHECK(non_finite == 0);
    double widest = fmax(spread[0], fmax(spread[1], spread[2])), narrowest = fmin(spread[0], spread[1]);
    if (dim == 3) narrowest = fmin(narrowest, spread[2]);
    CHECK(narrowest > 2.0 * RADIUS);   /* spread out, well beyond one contact distance */
    CHECK(narrowest > 0.8 * widest);   /* alike in every axis: not a line or a plane */
    for (int workers = 2; workers <= 3; ++workers) {
        double other[3];
        CHECK(run_crowd((crowd_setup){dim, AGENTS, workers, 0, 0, true}, other, &non_finite) == reference);
        CHECK(non_finite == 0);
    }
    static random_scheduler random_split;
    random_scheduler_init(&random_split, 0xC40D + (uint64_t)dim, 3);
    double other[3];
    CHECK(run_crowd((crowd_setup){dim, AGENTS, 1, 0, &random_split, true}, other, &non_finite) == reference);
    CHECK(random_split.ranges > random_split.tasks);
    printf("%dD crowd of %d, %d steps: spread %.3f %.3f %.3f, %016" PRIx64
           " for 1, 2, 3 workers and a random-split scheduler\n",
           dim, AGENTS, STEPS, spread[0], spread[1], spread[2], reference);
}

int main(void)
{
    for (int dim = 2; dim <= 3; ++dim) {
        test_coincident_pair_direction(dim);
        test_passes_are_bounded(dim);
        test_crowd_determinism_and_spread(dim);
    }
    return check_summary("test_world_crowd_relax");
}

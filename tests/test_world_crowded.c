/* A crowd spawned at one point: every agent's neighbourhood holds the whole
 * crowd, and the forces pass bounds the work by thinning it to a fixed
 * sample (world_cells.h). These tests prove that
 *   - a crowded neighbourhood is thinned to exactly STEER__CROWD_SAMPLE
 *     distinct candidates, one from each stratum of its list, each seen as
 *     staging would see it, and a neighbourhood within the stage is not;
 *   - the sample stays bounded when the scheduler breaks the worker-index
 *     contract (no stage to use);
 *   - the crowd's steps give one hash for every thread count and kernel,
 *     keep every position finite, and spread the crowd out: agents started
 *     at rest a hair apart are pushed apart by separation alone. */
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "check.h"
#include "steer/standard_flock.h"
#include "steer/steer.h"
#include "world_cells.h"
#include "world_scenario.h" /* WORLD_TEST_SIZE */
#include "world_sort.h"

#define AGENTS WORLD_TEST_SIZE(20000, 3000)
#define VIEW_AGENTS 20000 /* a disc crowd whose 3D block exceeds the stage at the torus's corner */
#define STEPS WORLD_TEST_SIZE(12, 4)
#define SPREAD_STEPS WORLD_TEST_SIZE(30, 10)
#define DISC_RADIUS 1.5f /* neighbour radii: the disc nearly fills the 3x3(x3) block about its centre */

/* every kernel but BEST; the ones this CPU or build lacks are skipped */
#define KERNELS ((int)STEER_KERNEL_COUNT - (int)STEER_KERNEL_SCALAR)
#define KERNEL_AT(k) ((steer_kernel)((int)STEER_KERNEL_SCALAR + (k)))

typedef enum start {
    AT_POINT,    /* every agent at the centre, unit velocities in random directions */
    AT_REST,     /* within 1e-3 of the centre, at rest */
    IN_DISC,     /* uniformly in a disc (ball) of radius DISC_RADIUS, random unit velocities */
} start;

/* The standard flock's torus and rules for `agents` agents, placed by `how`
 * about the torus's centre, or its corner (where the crowd's neighbourhood
 * wraps: torus images). */
static steer_world *make_crowd(int dim, int agents, int workers, start how, bool corner, steer_v3 *centre)
{
    steer_standard_flock_def fd = steer_default_standard_flock_def();
    fd.agents = agents;
    fd.dim = dim;
    fd.worker_count = workers;
    steer_world_def wd;
    if (steer_standard_flock_world_def(&fd, &wd) != STEER_OK) return 0;
    steer_world *w = steer_world_create(&wd);
    if (!w) return 0;
    steer_group_def g = steer_standard_flock_group_def();
    CHECK(steer_world_add_group(w, &g) == 0);
    float side = steer_standard_flock_side(agents, dim, fd.neighbours);
    float at = corner ? 0.0f : 0.5f * side;
    *centre = steer_v3_make(at, at, dim == 3 ? at : 0.0f);
    steer_rng rng = steer_rng_make(11);
    int added = 0;
    for (int i = 0; i < agents; ++i) {
        steer_v3 p = *centre, v = steer_v3_zero(), d = steer_v3_zero();
        float r = how == AT_REST ? 1e-3f : DISC_RADIUS;
        if (how != AT_POINT) /* uniform in the ball of radius r: rejection from its cube */
            do {
                d.x = steer_rng_range(&rng, -r, r);
                d.y = steer_rng_range(&rng, -r, r);
                d.z = dim == 3 ? steer_rng_range(&rng, -r, r) : 0.0f;
            } while (steer_v3_len_sq(d) > r * r);
        p = steer_v3_add(p, d);
        if (how != AT_REST) {
            float angle = steer_rng_range(&rng, -STEER_PI, STEER_PI);
            float z = dim == 3 ? steer_rng_range(&rng, -1.0f, 1.0f) : 0.0f;
            float planar = sqrtf(1.0f - z * z);
            v = steer_v3_make(planar * steer_cos(angle), planar * steer_sin(angle), z);
        }
        added += steer_world_add_agent(w, 0, p, v).index != 0;
    }
    CHECK(added == agents);
    return w;
}

/* ---- the sample ---------------------------------------------------------------- */
/* Picks increase strictly (distinct candidates), each inside its stratum. */
static void test_picks_one_per_stratum(void)
{
    const uint32_t totals[] = {1025, 1100, 4096, 20000, 1000003, 67108864};
    int bad = 0;
    for (size_t t = 0; t < sizeof totals / sizeof totals[0]; ++t)
        for (uint32_t sample = 64; sample <= 128; sample += 64) {
            uint32_t total = totals[t], last = 0;
            for (uint32_t k = 0; k < sample; ++k) {
                uint32_t at = steer__crowd_pick(k, total, sample);
                uint64_t lo = (uint64_t)k * total / sample, hi = (uint64_t)(k + 1) * total / sample;
                bad += at < lo || at >= hi || (k > 0 && at <= last);
                last = at;
            }
        }
    CHECK(bad == 0);
}

/* The candidate list position `at` of a view's spans: its agent. */
static int agent_at(const steer__span *spans, int span_count, uint32_t at, int *span)
{
    for (int s = 0; s < span_count; ++s) {
        uint32_t n = (uint32_t)(spans[s].end - spans[s].begin);
        if (at < n) {
            *span = s;
            return spans[s].begin + (int)at;
        }
        at -= n;
    }
    return -1;
}

/* The crowd's cell after a sort: its view is the sample, exactly as the
 * picks say (through the torus images at the corner), whatever the worker
 * index; a sparse world's cell is staged in full. */
static void test_crowded_view_is_sampled(int dim)
{
    steer_v3 centre;
    steer_world *w = make_crowd(dim, VIEW_AGENTS, 2, IN_DISC, true, &centre);
    CHECK(w != 0);
    if (!w) return;
    CHECK(steer__world_prepare_grid(w) == STEER_OK);
    steer__world_sort(w);
    int coords[3];
    steer__cell_coords(w, centre.x, centre.y, centre.z, coords);
    steer__span spans[STEER__MAX_SPANS];
    int span_count = steer__build_spans(w, coords, spans), total = 0;
    for (int s = 0; s < span_count; ++s) total += spans[s].end - spans[s].begin;
    CHECK(total > STEER__STAGE_CAP);
    int images = 0;
    for (int s = 0; s < span_count; ++s) images += spans[s].shift[0] != 0.0f || spans[s].shift[1] != 0.0f;
    CHECK(images > 0);
    const int sample = STEER__CROWD_SAMPLE(dim);
    for (int worker = -1; worker <= 1; ++worker) { /* -1: a scheduler that breaks the contract */
        steer__cell_view cv;
        steer__view_cell(w, coords, worker, true, &cv);
        CHECK(cv.total == total);
        CHECK(cv.staged == sample);
        CHECK(cv.span_count == 1 && cv.spans[0].begin == 0 && cv.spans[0].end == sample);
        int wrong = 0;
        for (int k = 0; k < sample; ++k) {
            int s = -1, i = agent_at(spans, span_count, steer__crowd_pick((uint32_t)k, (uint32_t)total, (uint32_t)sample), &s);
            if (i < 0) {
                ++wrong;
                continue;
            }
            for (int a = 0; a < dim; ++a) {
                wrong += cv.soa.p[a][k] != w->p[a][i] - spans[s].shift[a];
                wrong += cv.soa.v[a][k] != w->v[a][i];
            }
            wrong += cv.soa.group[k] != w->group[i];
        }
        CHECK(wrong == 0);
    }
    steer_world_destroy(w);

    /* the standard flock: no neighbourhood comes near the stage's cap */
    steer_standard_flock_def fd = steer_default_standard_flock_def();
    fd.agents = 5000;
    fd.dim = dim;
    w = steer_standard_flock_create(&fd);
    CHECK(w != 0);
    if (!w) return;
    CHECK(steer__world_prepare_grid(w) == STEER_OK);
    steer__world_sort(w);
    steer__cell_view cv;
    int thinned = 0;
    for (int i = 0; i < w->count; i += 97) {
        steer__cell_of_agent(w, i, coords);
        steer__view_cell(w, coords, 0, false, &cv);
        thinned += cv.staged != cv.total;
    }
    CHECK(thinned == 0);
    steer_world_destroy(w);
}

/* The candidates of the crowd's neighbourhood at its start (sorted as the
 * first step sorts): the runs below must be crowded. */
static int crowd_total(int dim, start how)
{
    steer_v3 centre;
    steer_world *w = make_crowd(dim, AGENTS, 1, how, false, &centre);
    if (!w || steer__world_prepare_grid(w) != STEER_OK) {
        steer_world_destroy(w);
        return 0;
    }
    steer__world_sort(w);
    int coords[3];
    steer__cell_coords(w, centre.x, centre.y, centre.z, coords);
    steer__span spans[STEER__MAX_SPANS];
    int span_count = steer__build_spans(w, coords, spans), total = 0;
    for (int s = 0; s < span_count; ++s) total += spans[s].end - spans[s].begin;
    steer_world_destroy(w);
    return total;
}

/* ---- the crowd's steps ------------------------------------------------------------ */
typedef struct crowd_run {
    uint64_t hash;
    bool finite;
    double rms_start, rms_end; /* root mean square distance from the centre */
} crowd_run;

static double rms_from(const steer_world *w, steer_v3 c, bool *finite)
{
    steer_world_view view = steer_world_get_view(w);
    double sum = 0.0;
    for (int i = 0; i < view.count; ++i) {
        double dx = view.px[i] - c.x, dy = view.py[i] - c.y, dz = view.pz ? view.pz[i] - c.z : 0.0;
        *finite = *finite && isfinite(view.px[i]) && isfinite(view.py[i]) && (!view.pz || isfinite(view.pz[i])) &&
                  isfinite(view.vx[i]) && isfinite(view.vy[i]) && (!view.vz || isfinite(view.vz[i]));
        sum += dx * dx + dy * dy + dz * dz;
    }
    return view.count ? sqrt(sum / view.count) : 0.0;
}

static crowd_run run_crowd(int dim, int workers, steer_kernel kernel, start how, int steps, bool *available)
{
    crowd_run r = {0, true, 0.0, 0.0};
    steer_v3 centre;
    steer_world *w = make_crowd(dim, AGENTS, workers, how, false, &centre);
    CHECK(w != 0);
    if (!w) return r;
    *available = steer_world_set_kernel(w, kernel) == kernel;
    r.rms_start = rms_from(w, centre, &r.finite);
    for (int s = 0; s < steps; ++s) CHECK(steer_world_step(w, STEER_STANDARD_FLOCK_DT) == STEER_OK);
    r.rms_end = rms_from(w, centre, &r.finite);
    r.hash = steer_world_state_hash(w);
    steer_world_destroy(w);
    return r;
}

/* One hash for 1 and 2 threads and every kernel this CPU has. */
static void test_crowd_is_deterministic(int dim, start how)
{
    CHECK(crowd_total(dim, how) > STEER__STAGE_CAP);
    uint64_t reference = 0;
    int runs = 0, differ = 0, infinite = 0;
    for (int workers = 1; workers <= 2; ++workers)
        for (int k = 0; k < KERNELS; ++k) {
            bool available = false;
            crowd_run r = run_crowd(dim, workers, KERNEL_AT(k), how, STEPS, &available);
            if (!available) continue;
            if (runs++ == 0) reference = r.hash;
            differ += r.hash != reference;
            infinite += !r.finite;
        }
    CHECK(runs >= 2);
    CHECK(differ == 0);
    CHECK(infinite == 0);
    printf("crowd %dD N=%d (%s): %016" PRIx64 " for %d kernel/thread runs\n", dim, AGENTS,
           how == AT_POINT ? "at a point" : "in a disc", reference, runs);
}

/* Agents at rest a hair apart move only by their forces: separation from
 * the sample must spread them far beyond where they started. */
static void test_crowd_spreads(int dim)
{
    bool available;
    CHECK(crowd_total(dim, AT_REST) > STEER__STAGE_CAP);
    crowd_run r = run_crowd(dim, 2, STEER_KERNEL_BEST, AT_REST, SPREAD_STEPS, &available);
    CHECK(r.finite);
    printf("crowd %dD at rest: rms distance from the centre %.3g -> %.3g in %d steps\n", dim, r.rms_start, r.rms_end,
           SPREAD_STEPS);
    CHECK(r.rms_start < 1e-3);
    CHECK(r.rms_end > 20.0 * r.rms_start);
}

/* Obstacles beyond the room of what an agent sees: 1400 small obstacles
 * within one neighbour radius of a handful of agents. What the crowd
 * behaviours see holds the nearest 256 obstacles; the list had room for the
 * stage's 1024 candidates and 256 obstacles, and more ran past its end (the
 * sanitizer build reports it). The step keeps every position finite, and
 * the same bits for 1 and 2 threads. */
static uint64_t obstacles_past_the_room(int threads)
{
    steer_world_def wd = steer_default_world_def();
    wd.capacity = 16;
    wd.max_obstacles = 1400;
    wd.worker_count = threads;
    wd.bounds_min = steer_v3_make(-20, -20, 0);
    wd.bounds_max = steer_v3_make(20, 20, 0);
    steer_world *w = steer_world_create(&wd);
    CHECK(w != 0);
    if (!w) return 0;
    steer_group_def g = steer_default_group_def();
    for (int b = 0; b < STEER_BEHAVIOUR_COUNT; ++b) g.weight[b] = 0.0f;
    g.weight[STEER_ANTICIPATE] = 1.0f;
    g.keep_apart = true;
    g.neighbour_radius = 6.0f;
    g.radius = 0.01f;
    int group = steer_world_add_group(w, &g);
    for (int k = 0; k < 1400; ++k)
        steer_world_add_obstacle(w, steer_v3_make(-3.5f + 0.1f * (float)(k % 70), 1.0f + 0.1f * (float)(k / 70), 0), 0.02f);
    for (int k = 0; k < 16; ++k)
        steer_world_add_agent(w, group, steer_v3_make(-2.0f + 0.25f * (float)k, -1.0f, 0), steer_v3_make(0, 1, 0));
    for (int s = 0; s < 2; ++s) CHECK(steer_world_step(w, 1.0f / 60.0f) == STEER_OK);
    steer_world_view v = steer_world_get_view(w);
    bool finite = true;
    for (int k = 0; k < v.count; ++k) finite = finite && steer_is_finite(v.px[k]) && steer_is_finite(v.py[k]);
    CHECK(finite);
    uint64_t h = steer_world_state_hash(w);
    steer_world_destroy(w);
    return h;
}

static void test_obstacles_past_the_room(void)
{
    CHECK(obstacles_past_the_room(1) == obstacles_past_the_room(2));
}

/* More obstacles within reach than an agent sees: it sees the nearest.
 * 299 obstacles on a ring 4 to 5.5 from an agent (within its neighbour
 * radius 6), added first, and the 300th just ahead of it, in its way.
 * keep_apart (the only rule on; obstacles not solid) must stop its body at
 * that one, which it does only if it sees it: by index it is past the
 * first 256. */
static void test_sees_the_nearest_obstacles(void)
{
    steer_world_def wd = steer_default_world_def();
    wd.capacity = 4;
    wd.max_obstacles = 300;
    wd.bounds_min = steer_v3_make(-20, -20, 0);
    wd.bounds_max = steer_v3_make(20, 20, 0);
    steer_world *w = steer_world_create(&wd);
    CHECK(w != 0);
    if (!w) return;
    steer_group_def g = steer_default_group_def();
    for (int b = 0; b < STEER_BEHAVIOUR_COUNT; ++b) g.weight[b] = 0.0f;
    g.keep_apart = true;
    g.neighbour_radius = 6.0f;
    g.radius = 0.1f;
    int group = steer_world_add_group(w, &g);
    for (int k = 0; k < 299; ++k) {
        float turn = 6.2831853f * (float)k / 299.0f, ring = 4.0f + 1.5f * (float)(k % 4) / 3.0f;
        CHECK(steer_world_add_obstacle(w, steer_v3_make(ring * cosf(turn), ring * sinf(turn), 0), 0.05f) >= 0);
    }
    const steer_v3 in_the_way = steer_v3_make(1.0f, 0.0f, 0.0f);
    const float contact = 0.3f + g.radius;
    CHECK(steer_world_add_obstacle(w, in_the_way, 0.3f) == 299);
    steer_agent_id id = steer_world_add_agent(w, group, steer_v3_make(0, 0, 0), steer_v3_make(1, 0, 0));
    float closest = 1e9f;
    for (int s = 0; s < 120; ++s) {
        CHECK(steer_world_step(w, 1.0f / 60.0f) == STEER_OK);
        steer_agent_state st;
        CHECK(steer_world_get_agent(w, id, &st) == STEER_OK);
        closest = fminf(closest, steer_v3_len(steer_v3_sub(st.position, in_the_way)));
    }
    CHECK(closest >= contact * 0.999f);
    steer_world_destroy(w);
}

int main(void)
{
    test_sees_the_nearest_obstacles();
    test_obstacles_past_the_room();
    test_picks_one_per_stratum();
    for (int dim = 2; dim <= 3; ++dim) {
        test_crowded_view_is_sampled(dim);
        test_crowd_is_deterministic(dim, AT_POINT);
        test_crowd_is_deterministic(dim, IN_DISC);
        test_crowd_spreads(dim);
    }
    return check_summary("test_world_crowded");
}

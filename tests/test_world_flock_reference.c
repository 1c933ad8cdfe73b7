/* A world step equals a brute-force O(N^2) reference of the same rules.
 *
 * The reference is written here from docs/model.md §7 and world.h, independently of
 * the world's grid, sort and SIMD kernel: every pair is visited, offsets are
 * minimal torus images, and
 *   separation = average of (p - q) / d^2 over 0 < d < separation radius
 *   alignment  = average neighbour velocity - v      over 0 < d < radius
 *   cohesion   = normalize(average offset) * max_speed - v
 *   f = truncate(1.5 sep + align + coh, max_force)
 *   v = truncate(v + f/m * dt, max_speed); p += v * dt; wrap or clamp.
 * It runs twice: rounding every operation to float (what the world does, in
 * another summation order) and in double (the exact rules), so the report
 * can tell float summation-order noise from a real difference; and once per
 * step restarted from the world's own state, which compares the rules of a
 * single step without any chaotic amplification.
 *
 * Regressions at the end: the sparse-torus span merge, and tori narrower
 * than two neighbour radii (a neighbour was counted once per image). */
#include <float.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "steer/standard_flock.h"
#include "steer/steer.h"
#include "world_scenario.h"

#define MAX_AGENTS 128
#define MAX_REF_GROUPS 2
#define STEPS 100
#define TOLERANCE 1e-5

typedef struct ref_group {
    double max_speed, max_force, mass, radius_sq, separation_sq, cos_half_fov;
    double w_sep, w_align, w_coh;
    bool use_fov;
    uint32_t mask;
} ref_group;

typedef struct ref_world {
    int dim, count;
    bool wrap, single; /* single: round every operation to float */
    double lo[3], extent[3], dt;
    ref_group groups[MAX_REF_GROUPS];
    int group[MAX_AGENTS];
    double p[MAX_AGENTS][3], v[MAX_AGENTS][3];
} ref_world;

/* One rounding: to float in single mode. Rounding a double result of one
 * +, -, *, / or sqrt of floats to float gives the correctly rounded float. */
static double rnd(const ref_world *r, double x) { return r->single ? (double)(float)x : x; }

static double len_sq(const ref_world *r, const double a[3])
{
    double s = rnd(r, a[0] * a[0]);
    for (int k = 1; k < r->dim; ++k) s = rnd(r, s + rnd(r, a[k] * a[k]));
    return s;
}

/* a scaled to length `to`, or zero for a (near-)zero vector (math.h). */
static void set_length(const ref_world *r, double a[3], double to)
{
    double l = rnd(r, sqrt(len_sq(r, a)));
    if (!(l * l > 1e-24)) {
        a[0] = a[1] = a[2] = 0.0;
        return;
    }
    for (int k = 0; k < r->dim; ++k) a[k] = rnd(r, rnd(r, a[k] / l) * to);
}

static void truncate_to(const ref_world *r, double a[3], double max_len)
{
    if (len_sq(r, a) > rnd(r, max_len * max_len)) set_length(r, a, max_len);
}

static void ref_step(ref_world *r)
{
    static double nv[MAX_AGENTS][3];
    int dim = r->dim;
    for (int i = 0; i < r->count; ++i) {
        const ref_group *g = &r->groups[r->group[i]];
        double heading[3] = {r->v[i][0], r->v[i][1], r->v[i][2]};
        set_length(r, heading, 1.0);
        bool fov = g->use_fov && len_sq(r, heading) > 0.0;
        double count = 0, offset[3] = {0}, vel[3] = {0}, sep_count = 0, sep[3] = {0};
        for (int j = 0; j < r->count; ++j) {
            if (j == i || !((g->mask >> r->group[j]) & 1u)) continue;
            double d[3] = {0, 0, 0};
            for (int k = 0; k < dim; ++k) {
                d[k] = rnd(r, r->p[j][k] - r->p[i][k]);
                if (r->wrap && d[k] > 0.5 * r->extent[k]) d[k] = rnd(r, d[k] - r->extent[k]);
                else if (r->wrap && d[k] < -0.5 * r->extent[k]) d[k] = rnd(r, d[k] + r->extent[k]);
            }
            double d2 = len_sq(r, d);
            if (!(d2 > 0.0)) continue;
            if (fov) {
                double along = 0.0;
                for (int k = 0; k < dim; ++k) along = rnd(r, along + rnd(r, heading[k] * d[k]));
                if (!(rnd(r, g->cos_half_fov * rnd(r, sqrt(d2))) <= along)) continue;
            }
            if (d2 < g->radius_sq) {
                count += 1.0;
                for (int k = 0; k < dim; ++k) {
                    offset[k] = rnd(r, offset[k] + d[k]);
                    vel[k] = rnd(r, vel[k] + r->v[j][k]);
                }
            }
            if (d2 < g->separation_sq) {
                sep_count += 1.0;
                for (int k = 0; k < dim; ++k) sep[k] = rnd(r, sep[k] - rnd(r, d[k] / d2)); /* (p - q) / d^2 */
            }
        }
        double f_sep[3] = {0}, f_align[3] = {0}, f_coh[3] = {0};
        for (int k = 0; k < dim && sep_count > 0; ++k) f_sep[k] = rnd(r, sep[k] / sep_count);
        if (count > 0) {
            for (int k = 0; k < dim; ++k) {
                f_align[k] = rnd(r, rnd(r, vel[k] / count) - r->v[i][k]);
                f_coh[k] = rnd(r, offset[k] / count);
            }
            set_length(r, f_coh, g->max_speed);
            for (int k = 0; k < dim; ++k) f_coh[k] = rnd(r, f_coh[k] - r->v[i][k]);
        }
        double f[3] = {0, 0, 0};
        for (int k = 0; k < dim; ++k)
            f[k] = rnd(r, rnd(r, rnd(r, g->w_sep * f_sep[k]) + rnd(r, g->w_align * f_align[k])) +
                              rnd(r, g->w_coh * f_coh[k]));
        truncate_to(r, f, g->max_force);
        double step = rnd(r, r->dt / g->mass);
        for (int k = 0; k < dim; ++k) nv[i][k] = rnd(r, r->v[i][k] + rnd(r, f[k] * step));
        truncate_to(r, nv[i], g->max_speed);
    }
    for (int i = 0; i < r->count; ++i) {
        for (int k = 0; k < dim; ++k) {
            double x = rnd(r, r->p[i][k] + rnd(r, nv[i][k] * r->dt)), vk = nv[i][k];
            double lo = r->lo[k], hi = rnd(r, lo + r->extent[k]);
            if (r->wrap) {
                if (x < lo) x = rnd(r, x + r->extent[k]);
                else if (x >= hi) x = rnd(r, x - r->extent[k]);
            } else if (x < lo) {
                x = lo;
                if (vk < 0.0) vk = 0.0;
            } else if (x > hi) {
                x = hi;
                if (vk > 0.0) vk = 0.0;
            }
            r->p[i][k] = x;
            r->v[i][k] = vk;
        }
    }
}

/* ---- a scenario: the world and its two references ------------------------ */
typedef struct scenario {
    const char *name;
    steer_world *world;
    steer_agent_id ids[MAX_AGENTS];
    ref_world single, exact;
} scenario;

static ref_group ref_group_of(const steer_group_def *d)
{
    ref_group g;
    g.max_speed = d->max_speed;
    g.max_force = d->max_force;
    g.mass = d->mass;
    g.radius_sq = (double)(d->neighbour_radius * d->neighbour_radius);
    g.separation_sq = (double)(d->separation_radius * d->separation_radius);
    g.use_fov = d->field_of_view < 2.0f * STEER_PI;
    g.cos_half_fov = steer_cos(0.5f * d->field_of_view);
    g.w_sep = d->weight[STEER_SEPARATION];
    g.w_align = d->weight[STEER_ALIGNMENT];
    g.w_coh = d->weight[STEER_COHESION];
    g.mask = d->neighbour_mask;
    return g;
}

/* Copies the world's agents (in handle order) and groups into both references. */
static void scenario_capture(scenario *s, int count, float dt)
{
    steer_world *w = s->world;
    ref_world r;
    memset(&r, 0, sizeof r);
    r.count = count;
    r.dt = dt;
    int ng = steer_world_group_count(w);
    CHECK(ng >= 1 && ng <= MAX_REF_GROUPS);
    for (int g = 0; g < ng && g < MAX_REF_GROUPS; ++g) {
        steer_group_def d;
        CHECK(steer_world_get_group(w, g, &d) == STEER_OK);
        r.groups[g] = ref_group_of(&d);
    }
    for (int i = 0; i < count; ++i) {
        steer_agent_state st;
        CHECK(steer_world_get_agent(w, s->ids[i], &st) == STEER_OK);
        r.group[i] = st.group;
        for (int k = 0; k < 3; ++k) {
            r.p[i][k] = steer_v3_get(st.position, k);
            r.v[i][k] = steer_v3_get(st.velocity, k);
        }
    }
    r.single = true;
    s->single = r;
    r.single = false;
    s->exact = r;
}

static void scenario_bounds(scenario *s, int dim, bool wrap, steer_v3 lo, steer_v3 hi)
{
    for (ref_world *r = &s->single; r; r = r == &s->single ? &s->exact : 0) {
        r->dim = dim;
        r->wrap = wrap;
        for (int k = 0; k < dim; ++k) {
            r->lo[k] = steer_v3_get(lo, k);
            r->extent[k] = (double)(steer_v3_get(hi, k) - steer_v3_get(lo, k));
        }
    }
}

typedef struct drift {
    double world_vs_single, world_vs_exact, single_vs_exact;
    double one_step; /* largest error of one world step against one reference step from the same state */
} drift;

/* Largest |world - reference| over positions (the same point across the
 * seam counts as equal) and velocities. */
static double max_diff(const steer_world *w, const scenario *s, const ref_world *r)
{
    double m = 0.0;
    for (int i = 0; i < r->count; ++i) {
        steer_agent_state st;
        if (steer_world_get_agent(w, s->ids[i], &st) != STEER_OK) return INFINITY;
        for (int k = 0; k < r->dim; ++k) {
            double dp = fabs((double)steer_v3_get(st.position, k) - r->p[i][k]);
            if (r->wrap) dp = fmin(dp, fabs(dp - r->extent[k]));
            double dv = fabs((double)steer_v3_get(st.velocity, k) - r->v[i][k]);
            if (!(dp == dp) || !(dv == dv)) return INFINITY;
            m = fmax(m, fmax(dp, dv));
        }
    }
    return m;
}

static double ref_diff(const ref_world *a, const ref_world *b)
{
    double m = 0.0;
    for (int i = 0; i < a->count; ++i)
        for (int k = 0; k < a->dim; ++k) {
            double dp = fabs(a->p[i][k] - b->p[i][k]);
            if (a->wrap) dp = fmin(dp, fabs(dp - a->extent[k]));
            m = fmax(m, fmax(dp, fabs(a->v[i][k] - b->v[i][k])));
        }
    return m;
}

/* The float reference restarted from the world's current state. */
static void restart_from_world(ref_world *r, const scenario *s)
{
    for (int i = 0; i < r->count; ++i) {
        steer_agent_state st;
        if (steer_world_get_agent(s->world, s->ids[i], &st) != STEER_OK) continue;
        for (int k = 0; k < 3; ++k) {
            r->p[i][k] = steer_v3_get(st.position, k);
            r->v[i][k] = steer_v3_get(st.velocity, k);
        }
    }
}

/* Steps world and references together and prints the drift at a few
 * steps. Also steps a float reference restarted from the world's state each
 * step, which measures the rules without chaotic amplification. */
static drift scenario_run(scenario *s, float dt)
{
    static const int report[] = {1, 10, 25, 50, 75, 100};
    static ref_world probe;
    size_t next = 0;
    drift d = {0, 0, 0, 0};
    printf("%-24s step  world-float   world-double  float-double  one-step\n", s->name);
    for (int step = 1; step <= STEPS; ++step) {
        probe = s->single;
        restart_from_world(&probe, s);
        CHECK(steer_world_step(s->world, dt) == STEER_OK);
        ref_step(&probe);
        ref_step(&s->single);
        ref_step(&s->exact);
        d.one_step = fmax(d.one_step, max_diff(s->world, s, &probe));
        d.world_vs_single = max_diff(s->world, s, &s->single);
        d.world_vs_exact = max_diff(s->world, s, &s->exact);
        d.single_vs_exact = ref_diff(&s->single, &s->exact);
        if (next < sizeof report / sizeof report[0] && step == report[next]) {
            printf("%-24s %4d  %.3e     %.3e     %.3e     %.3e\n", s->name, step, d.world_vs_single,
                   d.world_vs_exact, d.single_vs_exact, d.one_step);
            ++next;
        }
    }
    return d;
}

static void check_scenario(scenario *s, float dt)
{
    drift d = scenario_run(s, dt);
    /* Every step applies the same rules: one world step from any state is
     * the reference step from that state, to float rounding. */
    CHECK(d.one_step <= 1e-6);
    /* The requirement: within 1e-5 of the (float) reference after 100
     * steps. The double reference is printed alongside to show how far float
     * rounding alone carries chaotic flocks in 100 steps. */
    CHECK(d.world_vs_single <= TOLERANCE);
    if (d.world_vs_single > TOLERANCE)
        printf("FAIL %s: world vs float reference %.3e > %.0e after %d steps (float vs double reference %.3e)\n",
               s->name, d.world_vs_single, TOLERANCE, STEPS, d.single_vs_exact);
    steer_world_destroy(s->world);
    s->world = 0;
}

/* ---- scenarios ------------------------------------------------------------ */

/* A world of the standard flock's rules in a box [lo, lo + size) with random agents. */
static void random_box_world(scenario *s, const char *name, int dim, steer_boundary boundary, steer_v3 size,
                             int count, uint64_t seed)
{
    memset(s, 0, sizeof *s);
    s->name = name;
    steer_world_def wd = steer_default_world_def();
    wd.dim = dim;
    wd.capacity = MAX_AGENTS;
    wd.boundary = boundary;
    steer_v3 lo = boundary == STEER_BOUNDARY_WRAP ? steer_v3_make(0, 0, 0) : steer_v3_scale(size, -0.5f);
    steer_v3 hi = steer_v3_add(lo, size);
    wd.bounds_min = lo;
    wd.bounds_max = hi;
    s->world = steer_world_create(&wd);
    CHECK(s->world != 0);
    steer_group_def g = steer_default_group_def();
    CHECK(steer_world_add_group(s->world, &g) == 0);
    steer_rng rng = steer_rng_make(seed);
    for (int i = 0; i < count; ++i) {
        steer_v3 p = random_in_box(&rng, dim, lo, hi);
        steer_v3 v = random_in_box(&rng, dim, steer_v3_make(-1.4f, -1.4f, -1.4f), steer_v3_make(1.4f, 1.4f, 1.4f));
        s->ids[i] = steer_world_add_agent(s->world, 0, p, v);
        CHECK(s->ids[i].index != 0);
    }
    scenario_capture(s, count, STEER_STANDARD_FLOCK_DT);
    scenario_bounds(s, dim, boundary == STEER_BOUNDARY_WRAP, lo, hi);
}

static void random_world(scenario *s, const char *name, int dim, steer_boundary boundary, float side, int count,
                         uint64_t seed)
{
    random_box_world(s, name, dim, boundary, steer_v3_make(side, side, side), count, seed);
}

/* The standard flock itself (docs/model.md §7): dense (K = 16) and wrapped. Its agents
 * were added in slot order, so handle i is slot i + 1, generation 0. */
static void standard_flock(scenario *s, const char *name, int dim, int count)
{
    memset(s, 0, sizeof *s);
    s->name = name;
    steer_standard_flock_def fd = steer_default_standard_flock_def();
    fd.agents = count;
    fd.dim = dim;
    s->world = steer_standard_flock_create(&fd);
    CHECK(s->world != 0);
    CHECK(steer_world_agent_count(s->world) == count);
    for (int i = 0; i < count; ++i) s->ids[i] = (steer_agent_id){(uint32_t)i + 1, 0, 0};
    scenario_capture(s, count, STEER_STANDARD_FLOCK_DT);
    float side = steer_standard_flock_side(count, dim, 16.0f);
    scenario_bounds(s, dim, true, steer_v3_make(0, 0, 0), steer_v3_make(side, side, side));
}

/* Two groups with different limits, a one-way neighbour mask (group 0 sees
 * only itself, group 1 sees both), a field of view on group 1, mass 2. */
static void two_groups(scenario *s, const char *name, int dim, uint64_t seed)
{
    random_world(s, name, dim, STEER_BOUNDARY_WRAP, 6.0f, 0, seed);
    steer_group_def g = steer_default_group_def();
    g.neighbour_mask = 1u << 0;
    CHECK(steer_world_set_group(s->world, 0, &g) == STEER_OK);
    g = steer_default_group_def();
    g.max_speed = 3.0f;
    g.max_force = 6.0f;
    g.mass = 2.0f;
    g.neighbour_radius = 1.3f;
    g.separation_radius = 0.6f;
    g.field_of_view = 4.0f;
    g.weight[STEER_SEPARATION] = 2.0f;
    g.weight[STEER_ALIGNMENT] = 0.5f;
    g.weight[STEER_COHESION] = 1.25f;
    g.neighbour_mask = (1u << 0) | (1u << 1);
    CHECK(steer_world_add_group(s->world, &g) == 1);
    steer_rng rng = steer_rng_make(seed + 99);
    int count = 80;
    for (int i = 0; i < count; ++i) {
        steer_v3 p = random_in_box(&rng, dim, steer_v3_make(0, 0, 0), steer_v3_make(6, 6, 6));
        steer_v3 v = random_in_box(&rng, dim, steer_v3_make(-1.4f, -1.4f, -1.4f), steer_v3_make(1.4f, 1.4f, 1.4f));
        s->ids[i] = steer_world_add_agent(s->world, i % 3 == 0 ? 1 : 0, p, v);
        CHECK(s->ids[i].index != 0);
    }
    scenario_capture(s, count, STEER_STANDARD_FLOCK_DT);
    scenario_bounds(s, dim, true, steer_v3_make(0, 0, 0), steer_v3_make(6, 6, 6));
}

/* A torus narrower than twice the neighbour radius: the grid has one or two
 * cells per axis and world_step.c visits the same cell under several shifts,
 * so a neighbour is counted once per image within the radius instead of once
 * at its nearest image. Two agents 0.7 apart on a 1.5-wide torus: the
 * nearest image is +0.7, so cohesion must pull agent A towards +x; the world
 * also counts the image at -0.8, averages the offsets to -0.05 and pulls A
 * towards -x. */
static void test_small_torus(void)
{
    steer_world_def wd = steer_default_world_def();
    wd.bounds_min = steer_v3_make(0, 0, 0);
    wd.bounds_max = steer_v3_make(1.5f, 1.5f, 1.5f);
    steer_world *w = steer_world_create(&wd);
    steer_group_def g = steer_default_group_def();
    g.weight[STEER_SEPARATION] = g.weight[STEER_ALIGNMENT] = 0.0f; /* cohesion only */
    CHECK(steer_world_add_group(w, &g) == 0);
    steer_agent_id a = steer_world_add_agent(w, 0, steer_v3_make(0.2f, 0.75f, 0), steer_v3_make(0, 0, 0));
    CHECK(steer_world_add_agent(w, 0, steer_v3_make(0.9f, 0.75f, 0), steer_v3_make(0, 0, 0)).index != 0);
    CHECK(steer_world_step(w, 0.1f) == STEER_OK);
    steer_agent_state st;
    CHECK(steer_world_get_agent(w, a, &st) == STEER_OK);
    CHECK(st.velocity.x > 0.0f);
    steer_world_destroy(w);
}

/* Regression: build_spans once merged a cell into the previous span when the
 * previous x cell was empty, though that span belonged to an earlier row or
 * slab with another y shift, so the cell's agents were seen through the wrong
 * torus image (sparse 3D worlds lost neighbours across a seam). Here: 4 x 4 x
 * 4 cells of 1.5; C is 0.94 from A across the y seam; both must see each other. */
static void test_span_merge(void)
{
    steer_world_def wd = steer_default_world_def();
    wd.dim = 3;
    wd.bounds_min = steer_v3_make(0, 0, 0);
    wd.bounds_max = steer_v3_make(6, 6, 6);
    steer_world *w = steer_world_create(&wd);
    steer_group_def g = steer_default_group_def();
    g.neighbour_radius = 1.3f;
    g.weight[STEER_SEPARATION] = g.weight[STEER_ALIGNMENT] = 0.0f; /* cohesion only */
    CHECK(steer_world_add_group(w, &g) == 0);
    steer_agent_id a = steer_world_add_agent(w, 0, steer_v3_make(2.9f, 0.1f, 1.4f), steer_v3_make(0, 0, 0));
    steer_agent_id c = steer_world_add_agent(w, 0, steer_v3_make(2.0f, 5.9f, 1.6f), steer_v3_make(0, 0, 0));
    CHECK(steer_world_step(w, 0.1f) == STEER_OK);
    steer_agent_state sa, sc;
    CHECK(steer_world_get_agent(w, a, &sa) == STEER_OK && steer_world_get_agent(w, c, &sc) == STEER_OK);
    CHECK(sc.velocity.x > 0.0f && sc.velocity.y > 0.0f); /* C is pulled towards A: passes */
    CHECK(sa.velocity.x < 0.0f && sa.velocity.y < 0.0f); /* A is pulled towards C (it was not, before the fix) */
    steer_world_destroy(w);
}

static scenario s; /* large: keep it off the stack */

int main(void)
{
    /* the sanitizer build: the same densities, fewer agents */
    random_world(&s, "2D wrap", 2, STEER_BOUNDARY_WRAP, WORLD_TEST_SIZE(6.0f, 4.25f), WORLD_TEST_SIZE(64, 32), 11);
    check_scenario(&s, STEER_STANDARD_FLOCK_DT);
    random_world(&s, "2D clamp", 2, STEER_BOUNDARY_CLAMP, WORLD_TEST_SIZE(6.0f, 4.25f), WORLD_TEST_SIZE(64, 32), 12);
    check_scenario(&s, STEER_STANDARD_FLOCK_DT);
    random_world(&s, "3D wrap", 3, STEER_BOUNDARY_WRAP, WORLD_TEST_SIZE(4.0f, 3.2f), WORLD_TEST_SIZE(96, 48), 13);
    check_scenario(&s, STEER_STANDARD_FLOCK_DT);
    random_world(&s, "3D clamp", 3, STEER_BOUNDARY_CLAMP, WORLD_TEST_SIZE(4.0f, 3.2f), WORLD_TEST_SIZE(96, 48), 14);
    check_scenario(&s, STEER_STANDARD_FLOCK_DT);
    standard_flock(&s, "standard flock 2D", 2, WORLD_TEST_SIZE(100, 50));
    check_scenario(&s, STEER_STANDARD_FLOCK_DT);
    standard_flock(&s, "standard flock 3D", 3, WORLD_TEST_SIZE(100, 50));
    check_scenario(&s, STEER_STANDARD_FLOCK_DT);
    two_groups(&s, "2D groups+mask+fov", 2, 21);
    check_scenario(&s, STEER_STANDARD_FLOCK_DT);
    two_groups(&s, "3D groups+mask+fov", 3, 22);
    check_scenario(&s, STEER_STANDARD_FLOCK_DT);
    test_span_merge();
    random_world(&s, "3D sparse wrap", 3, STEER_BOUNDARY_WRAP, 6.0f, 24, 1);
    check_scenario(&s, STEER_STANDARD_FLOCK_DT);
    /* Tori narrower than two neighbour radii (one cell across): each
     * neighbour counts once, at its nearest image */
    test_small_torus();
    random_world(&s, "torus 1.5 < 2 radii", 2, STEER_BOUNDARY_WRAP, 1.5f, 6, 5);
    check_scenario(&s, STEER_STANDARD_FLOCK_DT);
    random_box_world(&s, "2D strip 12 x 1.2", 2, STEER_BOUNDARY_WRAP, steer_v3_make(12, 1.2f, 0), 40, 6);
    check_scenario(&s, STEER_STANDARD_FLOCK_DT);
    random_box_world(&s, "3D slab 6 x 6 x 0.9", 3, STEER_BOUNDARY_WRAP, steer_v3_make(6, 6, 0.9f), 60, 7);
    check_scenario(&s, STEER_STANDARD_FLOCK_DT);
    standard_flock(&s, "standard flock 2D of 12", 2, 12); /* its side: 1.53 */
    check_scenario(&s, STEER_STANDARD_FLOCK_DT);
    standard_flock(&s, "standard flock 3D of 20", 3, 20); /* its side: 1.74 */
    check_scenario(&s, STEER_STANDARD_FLOCK_DT);
    return check_summary("test_world_flock_reference");
}

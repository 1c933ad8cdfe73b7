/* Predictive avoidance: the time-to-collision force (its tau, its gradient,
 * keep right, priorities), unaligned collision avoidance, and both on
 * degenerate input. Scenes are stepped by a plain Euler loop written here. */
#include "test_util.h"

/* A random point of the box [lo, hi]^dim (z = 0 in 2D), one draw per
 * statement: the order of a call's arguments is the compiler's choice. */
static steer_v3 draw_v3(steer_rng *rng, float lo, float hi, int dim)
{
    float x = steer_rng_range(rng, lo, hi);
    float y = steer_rng_range(rng, lo, hi);
    float z = dim == 3 ? steer_rng_range(rng, lo, hi) : 0.0f;
    return v3(x, y, z);
}

/* ---- a two-agent scene, stepped with a goal force ------------------------- */

enum { SCENE_STEPS = 160 };
static const float scene_dt = 0.25f, scene_max_speed = 2.0f, scene_radius = 1.5f;

static steer_anticipation scene_params(void)
{
    steer_anticipation p = {0};
    p.k = 1.5f;
    p.tau0 = 3.0f;
    p.horizon = 10.0f;
    p.max_force = 4.0f;
    p.agent_radius = scene_radius;
    p.keep_right = 0.5f;
    p.priority = 1.0f;
    return p;
}

typedef struct trajectory {
    steer_v2 pos[2][SCENE_STEPS + 1];
    float closest; /* the smallest distance of the two centres over the run */
} trajectory;

/* Two agents from start[i] with vel[i], each seeking goal[i] at speed 1
 * (relaxing toward it in 0.5 time units) and avoiding the other. */
static void run_scene(const steer_v2 start[2], const steer_v2 vel[2], const steer_v2 goal[2], bool unaligned,
                      trajectory *out)
{
    steer_v2 p[2] = {start[0], start[1]}, v[2] = {vel[0], vel[1]};
    steer_anticipation ap = scene_params();
    steer_neighbour_avoidance up = {8.0f, scene_radius, 0.5f, 2.0f, 0.25f, STEER_UP_Z};
    out->closest = steer_v2_dist(p[0], p[1]);
    for (int i = 0; i < 2; ++i) out->pos[i][0] = p[i];
    for (int step = 1; step <= SCENE_STEPS; ++step) {
        steer_v2 f[2];
        for (int i = 0; i < 2; ++i) {
            steer_neighbour2 other = {p[1 - i], v[1 - i], scene_radius};
            steer_v2 to_goal = steer_v2_sub(goal[i], p[i]);
            steer_v2 desired = steer_v2_truncate(to_goal, 1.0f);
            steer_v2 seek = steer_v2_scale(steer_v2_sub(desired, v[i]), 2.0f);
            steer_v2 avoid = unaligned ? steer_avoid_neighbours2(p[i], v[i], &other, 1, &up, NULL)
                                       : steer_anticipate2(p[i], v[i], &other, NULL, 1, &ap);
            f[i] = steer_v2_add(seek, avoid);
        }
        for (int i = 0; i < 2; ++i) {
            v[i] = steer_v2_truncate(steer_v2_mad(v[i], f[i], scene_dt), scene_max_speed);
            p[i] = steer_v2_mad(p[i], v[i], scene_dt);
            out->pos[i][step] = p[i];
        }
        out->closest = steer_minf(out->closest, steer_v2_dist(p[0], p[1]));
    }
}

static steer_v2 rotated(steer_v2 a, float radians) { return steer_v2_rotate(a, v2(cosf(radians), sinf(radians))); }

static void head_on(float radians, bool mirror, bool unaligned, trajectory *out)
{
    steer_v2 start[2] = {v2(-10, 0), v2(10, 0)}, vel[2] = {v2(1, 0), v2(-1, 0)}, goal[2] = {v2(30, 0), v2(-30, 0)};
    for (int i = 0; i < 2; ++i) {
        if (mirror) {
            start[i].y = -start[i].y;
            vel[i].y = -vel[i].y;
            goal[i].y = -goal[i].y;
        }
        start[i] = rotated(start[i], radians);
        vel[i] = rotated(vel[i], radians);
        goal[i] = rotated(goal[i], radians);
    }
    run_scene(start, vel, goal, unaligned, out);
}

static void check_head_on_pair_passes_on_the_right(bool unaligned)
{
    static trajectory t;
    head_on(0.0f, false, unaligned, &t);
    CHECK(t.closest >= 2.0f * scene_radius);
    CHECK(t.pos[0][SCENE_STEPS].x > 10.0f); /* each got past the other's start */
    CHECK(t.pos[1][SCENE_STEPS].x < -10.0f);
    /* Where they meet (x near 0), each is on its own right: the one heading
     * +x below the axis, the one heading -x above it. */
    float side0 = 0.0f, side1 = 0.0f;
    for (int s = 0; s <= SCENE_STEPS; ++s) {
        if (fabsf(t.pos[0][s].x) < 1.0f) side0 = t.pos[0][s].y;
        if (fabsf(t.pos[1][s].x) < 1.0f) side1 = t.pos[1][s].y;
    }
    CHECK(side0 < -0.5f);
    CHECK(side1 > 0.5f);
    printf("%s head-on: closest %.3f, sides %.3f %.3f\n", unaligned ? "unaligned" : "anticipation", (double)t.closest,
           (double)side0, (double)side1);
}

static void anticipate_head_on_pair_passes_on_the_right(void) { check_head_on_pair_passes_on_the_right(false); }
static void avoid_neighbours_head_on_pair_passes_on_the_right(void) { check_head_on_pair_passes_on_the_right(true); }

/* The mirrored head-on run is not the mirror image of base: in both, the
 * agent heading +x passes below the axis (its right). */
static void check_mirror_is_not_the_mirror(const trajectory *base, bool unaligned)
{
    static trajectory mirrored;
    head_on(0.0f, true, unaligned, &mirrored);
    int s = SCENE_STEPS / 2;
    CHECK(mirrored.pos[0][s].y < -0.5f && base->pos[0][s].y < -0.5f);
    CHECK(steer_v2_dist(mirrored.pos[0][s], v2(base->pos[0][s].x, -base->pos[0][s].y)) > 1.0f);
}

/* The same scene turned by any angle is the turned trajectory; mirrored it
 * is not the mirror: each agent still keeps to its own right. */
static void anticipate_turns_with_the_scene_but_does_not_mirror(void)
{
    static trajectory base, turned;
    head_on(0.0f, false, false, &base);
    const float angles[] = {0.5f * STEER_PI, 37.0f * STEER_PI / 180.0f};
    for (int a = 0; a < 2; ++a) {
        head_on(angles[a], false, false, &turned);
        double worst = 0.0;
        for (int i = 0; i < 2; ++i)
            for (int s = 0; s <= SCENE_STEPS; ++s)
                worst = fmax(worst, steer_v2_dist(rotated(base.pos[i][s], angles[a]), turned.pos[i][s]));
        CHECK(worst <= 1e-4);
    }
    check_mirror_is_not_the_mirror(&base, false);
}

/* Unaligned avoidance is all or nothing: a threat's test at its threshold
 * can flip on a rounding, so its runs are not compared; its forces are. */
static void avoid_neighbours_turns_with_the_scene_but_does_not_mirror(void)
{
    steer_rng rng = steer_rng_make(99);
    steer_neighbour_avoidance up = {10.0f, 0.5f, 0.25f, 3.0f, 0.25f, STEER_UP_Z};
    int compared = 0;
    for (int trial = 0; trial < 300; ++trial) {
        steer_neighbour2 n[3];
        steer_v2 pos = steer_v2_from_v3(draw_v3(&rng, -3, 3, 2)), vel = v2(1, steer_rng_range(&rng, -0.5f, 0.5f));
        for (int i = 0; i < 3; ++i) {
            n[i].pos = steer_v2_from_v3(draw_v3(&rng, -8, 8, 2));
            n[i].vel = steer_v2_scale(steer_v2_sub(pos, n[i].pos), steer_rng_range(&rng, 0.05f, 0.3f));
            n[i].radius = 0.5f;
        }
        int threat;
        steer_v2 f = steer_avoid_neighbours2(pos, vel, n, 3, &up, &threat);
        if (threat < 0) continue;
        const float angle = 37.0f * STEER_PI / 180.0f;
        steer_neighbour2 m[3];
        for (int i = 0; i < 3; ++i) m[i] = (steer_neighbour2){rotated(n[i].pos, angle), rotated(n[i].vel, angle), 0.5f};
        int turned_threat;
        steer_v2 g = steer_avoid_neighbours2(rotated(pos, angle), rotated(vel, angle), m, 3, &up, &turned_threat);
        CHECK(turned_threat == threat);
        CHECK_V2_NEAR(g, rotated(f, angle), 1e-4);
        ++compared;
    }
    CHECK(compared > 50);
    static trajectory base;
    head_on(0.0f, false, true, &base);
    check_mirror_is_not_the_mirror(&base, true);
}

static void check_right_angle_crossing_never_overlaps(bool unaligned)
{
    static trajectory t;
    steer_v2 start[2] = {v2(-10, 0), v2(0, -10)}, vel[2] = {v2(1, 0), v2(0, 1)}, goal[2] = {v2(30, 0), v2(0, 30)};
    run_scene(start, vel, goal, unaligned, &t);
    CHECK(t.closest >= 2.0f * scene_radius);
    CHECK(t.pos[0][SCENE_STEPS].x > 10.0f && t.pos[1][SCENE_STEPS].y > 10.0f);
    /* Offset so that they meet a little apart, not both at the crossing. */
    start[1] = v2(0.7f, -11.0f);
    run_scene(start, vel, goal, unaligned, &t);
    CHECK(t.closest >= 2.0f * scene_radius);
    CHECK(t.pos[0][SCENE_STEPS].x > 10.0f && t.pos[1][SCENE_STEPS].y > 10.0f);
}

static void anticipate_right_angle_crossing_never_overlaps(void) { check_right_angle_crossing_never_overlaps(false); }
static void avoid_neighbours_right_angle_crossing_never_overlaps(void) { check_right_angle_crossing_never_overlaps(true); }

/* 3D: the same head-on pair along x passes on the right, heading x up:
 * -y for the one heading +x, with up Z; with Y-up, the right is +z. */
static void anticipate3_head_on_keeps_right_about_the_up_axis(void)
{
    steer_anticipation p = scene_params();
    steer_neighbour3 other = {v3(10, 0, 0), v3(-1, 0, 0), scene_radius};
    steer_v3 f = steer_anticipate3(v3(-10, 0, 0), v3(1, 0, 0), &other, NULL, 1, &p);
    CHECK(f.x < 0.0f && f.y < 0.0f && f.z == 0.0f);
    CHECK_NEAR(f.y / f.x, 0.5, 1e-6); /* keep_right of the braking part */
    p.up = STEER_UP_Y;
    steer_v3 g = steer_anticipate3(v3(-10, 0, 0), v3(1, 0, 0), &other, NULL, 1, &p);
    CHECK_V3_EQ(g, v3(f.x, 0.0f, -f.y));
    /* The 2D call is the 3D one on the ground plane. */
    steer_neighbour2 other2 = {v2(10, 0), v2(-1, 0), scene_radius};
    p.up = STEER_UP_Z;
    CHECK_V2_EQ(steer_anticipate2(v2(-10, 0), v2(1, 0), &other2, NULL, 1, &p), v2(f.x, f.y));
    steer_neighbour_avoidance up = {12.0f, scene_radius, 0.0f, 2.0f, 0.25f, STEER_UP_Z};
    int threat = -1;
    steer_v3 h = steer_avoid_neighbours3(v3(-10, 0, 0), v3(1, 0, 0), &other, 1, &up, &threat);
    CHECK_V3_NEAR(h, v3(0, -2, 0), 1e-6);
    CHECK(threat == 0);
}

/* 3D: a pair head-on along the up axis, one climbing and one descending,
 * turns apart: the climber's right is -y, the descender's +y (with one side
 * for both, they went side by side for good). With Y-up the same, turned. */
static void a_vertical_head_on_pair_turns_apart(void)
{
    for (int y_up = 0; y_up <= 1; ++y_up) {
        steer_up_axis up_axis = y_up ? STEER_UP_Y : STEER_UP_Z;
        steer_anticipation p = scene_params();
        p.up = up_axis;
        steer_neighbour_avoidance avoid = {12.0f, scene_radius, 0.0f, 2.0f, 0.25f, up_axis};
        steer_v3 below = steer_v3_from_z_up(v3(0, 0, -10), up_axis), above = steer_v3_from_z_up(v3(0, 0, 10), up_axis);
        steer_v3 climb = steer_v3_from_z_up(v3(0, 0, 1), up_axis), descend = steer_v3_from_z_up(v3(0, 0, -1), up_axis);
        steer_neighbour3 descender = {above, descend, scene_radius}, climber = {below, climb, scene_radius};
        steer_v3 fc = steer_v3_to_z_up(steer_anticipate3(below, climb, &descender, NULL, 1, &p), up_axis);
        steer_v3 fd = steer_v3_to_z_up(steer_anticipate3(above, descend, &climber, NULL, 1, &p), up_axis);
        CHECK(fc.y < 0.0f && fd.y > 0.0f && fc.x == 0.0f && fd.x == 0.0f);
        CHECK(fc.y == -fd.y && fc.z == -fd.z); /* the pair's pushes mirror each other through the meeting point */
        steer_v3 ac = steer_v3_to_z_up(steer_avoid_neighbours3(below, climb, &descender, 1, &avoid, NULL), up_axis);
        steer_v3 ad = steer_v3_to_z_up(steer_avoid_neighbours3(above, descend, &climber, 1, &avoid, NULL), up_axis);
        CHECK_V3_NEAR(ac, v3(0, -2, 0), 1e-6);
        CHECK_V3_NEAR(ad, v3(0, 2, 0), 1e-6);
    }
}

/* A Y-up call is the Z-up call on the inputs turned to Z-up, turned back. */
static void predictive_avoidance3_y_up_is_z_up_turned(void)
{
    steer_rng rng = steer_rng_make(0x9);
    for (int trial = 0; trial < 50; ++trial) {
        steer_v3 pos = draw_v3(&rng, -3, 3, 3), vel = draw_v3(&rng, -1, 1, 3);
        steer_neighbour3 n[3], z[3];
        for (int i = 0; i < 3; ++i) {
            n[i].pos = draw_v3(&rng, -6, 6, 3);
            n[i].vel = steer_v3_scale(steer_v3_sub(pos, n[i].pos), steer_rng_range(&rng, 0.05f, 0.4f));
            n[i].radius = 0.6f;
            z[i] = (steer_neighbour3){steer_v3_to_z_up(n[i].pos, STEER_UP_Y), steer_v3_to_z_up(n[i].vel, STEER_UP_Y), 0.6f};
        }
        steer_v3 zp = steer_v3_to_z_up(pos, STEER_UP_Y), zv = steer_v3_to_z_up(vel, STEER_UP_Y);
        steer_anticipation ap = scene_params();
        steer_neighbour_avoidance up = {10.0f, 0.5f, 0.2f, 3.0f, 0.25f, STEER_UP_Z};
        steer_v3 fz = steer_anticipate3(zp, zv, z, NULL, 3, &ap);
        int tz, ty;
        steer_v3 gz = steer_avoid_neighbours3(zp, zv, z, 3, &up, &tz);
        ap.up = up.up = STEER_UP_Y;
        CHECK_V3_EQ(steer_anticipate3(pos, vel, n, NULL, 3, &ap), steer_v3_from_z_up(fz, STEER_UP_Y));
        CHECK_V3_EQ(steer_avoid_neighbours3(pos, vel, n, 3, &up, &ty), steer_v3_from_z_up(gz, STEER_UP_Y));
        CHECK(ty == tz);
    }
}

/* ---- tau and the gradient ------------------------------------------------ */

/* First contact by stepping time finely, in double: the first t on a grid
 * of 1e-4 at which the centres are within radius, -1 if none before t_max. */
static double brute_contact(const double *w, const double *v, int dim, double radius, double t_max)
{
    for (double t = 0.0; t <= t_max; t += 1e-4) {
        double d2 = 0.0;
        for (int k = 0; k < dim; ++k) d2 += (w[k] - v[k] * t) * (w[k] - v[k] * t);
        if (d2 <= radius * radius) return t;
    }
    return -1.0;
}

static void time_to_collision_agrees_with_a_time_stepped_search(void)
{
    steer_rng rng = steer_rng_make(14);
    int hits = 0, misses = 0;
    for (int trial = 0; trial < 200; ++trial) {
        int dim = trial % 2 ? 3 : 2;
        steer_v3 p = draw_v3(&rng, -5, 5, dim);
        steer_v3 q = draw_v3(&rng, -5, 5, dim);
        steer_v3 u = draw_v3(&rng, -2, 2, dim);
        steer_v3 o = draw_v3(&rng, -2, 2, dim);
        float radius = steer_rng_range(&rng, 0.5f, 2.5f);
        float tau = dim == 3 ? steer_time_to_collision3(p, u, q, o, radius)
                             : steer_time_to_collision2(steer_v2_from_v3(p), steer_v2_from_v3(u), steer_v2_from_v3(q),
                                                        steer_v2_from_v3(o), radius);
        double w[3] = {q.x - p.x, q.y - p.y, q.z - p.z}, v[3] = {u.x - o.x, u.y - o.y, u.z - o.z};
        double brute = brute_contact(w, v, dim, radius, 30.0);
        if (brute < 0.0) {
            CHECK(tau == -1.0f || tau > 30.0f);
            ++misses;
        } else {
            CHECK_NEAR(tau, brute, 1e-3);
            ++hits;
        }
    }
    CHECK(hits > 20 && misses > 20); /* both kinds were tried */
    /* Already touching: 0; moving apart, or side by side at one speed: -1. */
    CHECK(steer_time_to_collision2(v2(0, 0), v2(1, 0), v2(1, 0), v2(0, 0), 2.0f) == 0.0f);
    CHECK(steer_time_to_collision2(v2(0, 0), v2(-1, 0), v2(5, 0), v2(1, 0), 2.0f) == -1.0f);
    CHECK(steer_time_to_collision2(v2(0, 0), v2(1, 0), v2(0, 5), v2(1, 0), 2.0f) == -1.0f);
}

/* The energy in double, from the same definitions written out here. */
static double energy(const double *xi, const double *vi, const double *xj, const double *vj, int dim, double radius,
                     double k, double tau0)
{
    double a = 0, b = 0, c = -radius * radius;
    for (int m = 0; m < dim; ++m) {
        double w = xj[m] - xi[m], v = vi[m] - vj[m];
        a += v * v;
        b += w * v;
        c += w * w;
    }
    double tau = (b - sqrt(b * b - a * c)) / a;
    return k / (tau * tau) * exp(-tau / tau0);
}

static void anticipate_is_minus_the_gradient_of_the_energy(void)
{
    steer_rng rng = steer_rng_make(2014);
    steer_anticipation p = scene_params();
    p.horizon = 0.0f;
    p.max_force = 1e30f;
    p.keep_right = 0.0f;
    p.agent_radius = 0.5f;
    int tried = 0;
    for (int trial = 0; trial < 2000 && tried < 60; ++trial) {
        int dim = trial % 2 ? 3 : 2;
        double xi[3] = {0}, vi[3] = {0}, xj[3] = {0}, vj[3] = {0};
        for (int m = 0; m < dim; ++m) {
            xi[m] = steer_rng_range(&rng, -4, 4);
            xj[m] = steer_rng_range(&rng, -4, 4);
            vi[m] = steer_rng_range(&rng, -1, 1);
            vj[m] = steer_rng_range(&rng, -1, 1);
        }
        for (int m = 0; m < dim; ++m) { /* mostly closing, so that most pairs are on course to touch */
            vi[m] += 0.3 * (xj[m] - xi[m]);
        }
        float rj = 0.7f;
        double radius = (double)p.agent_radius + rj;
        steer_v3 pi3 = v3((float)xi[0], (float)xi[1], (float)xi[2]), vi3 = v3((float)vi[0], (float)vi[1], (float)vi[2]);
        steer_neighbour3 n3 = {v3((float)xj[0], (float)xj[1], (float)xj[2]), v3((float)vj[0], (float)vj[1], (float)vj[2]), rj};
        float tau = steer_time_to_collision3(pi3, vi3, n3.pos, n3.vel, (float)radius);
        /* Non-degenerate: on course to touch, not grazing, not in contact. */
        double a = 0, b = 0, c = -radius * radius;
        for (int m = 0; m < dim; ++m) {
            double w = xj[m] - xi[m], v = vi[m] - vj[m];
            a += v * v;
            b += w * v;
            c += w * w;
        }
        if (!(tau > 0.05f) || b * b - a * c < 0.05 * b * b) continue;
        ++tried;
        steer_v3 f;
        if (dim == 3) {
            f = steer_anticipate3(pi3, vi3, &n3, NULL, 1, &p);
        } else {
            steer_neighbour2 n2 = {steer_v2_from_v3(n3.pos), steer_v2_from_v3(n3.vel), rj};
            f = steer_v3_from_v2(steer_anticipate2(steer_v2_from_v3(pi3), steer_v2_from_v3(vi3), &n2, NULL, 1, &p));
        }
        double g[3] = {0}, norm = 0, diff = 0;
        for (int m = 0; m < dim; ++m) {
            double h = 1e-6, up[3], down[3];
            memcpy(up, xi, sizeof up);
            memcpy(down, xi, sizeof down);
            up[m] += h;
            down[m] -= h;
            g[m] = -(energy(up, vi, xj, vj, dim, radius, p.k, p.tau0) - energy(down, vi, xj, vj, dim, radius, p.k, p.tau0)) / (2 * h);
            norm += g[m] * g[m];
        }
        double fm[3] = {f.x, f.y, f.z};
        for (int m = 0; m < dim; ++m) diff += (fm[m] - g[m]) * (fm[m] - g[m]);
        CHECK(sqrt(diff) <= 1e-2 * sqrt(norm));
        if (!(sqrt(diff) <= 1e-2 * sqrt(norm)))
            fprintf(stderr, "trial %d: |F - (-grad E)| = %g, |grad E| = %g\n", trial, sqrt(diff), sqrt(norm));
    }
    CHECK(tried == 60);

}

/* ---- priorities, horizon, contact --------------------------------------- */

static void anticipate_shares_by_priority(void)
{
    steer_anticipation p = scene_params();
    p.keep_right = 0.0f;
    p.max_force = 1e6f;
    steer_neighbour2 j = {v2(4, 0.5f), v2(-1, 0), scene_radius};
    steer_neighbour2 i = {v2(-4, 0), v2(1, 0.2f), scene_radius};
    steer_v2 equal_i = steer_anticipate2(i.pos, i.vel, &j, NULL, 1, &p);
    steer_v2 equal_j = steer_anticipate2(j.pos, j.vel, &i, NULL, 1, &p);
    CHECK(steer_v2_len(equal_i) > 0.01f);
    /* p_i = 3 p_j: i takes 2 * 1 / 4 of it, j takes 2 * 3 / 4. */
    float pj = 0.5f, pi = 1.5f;
    p.priority = pi;
    CHECK_V2_NEAR(steer_anticipate2(i.pos, i.vel, &j, &pj, 1, &p), steer_v2_scale(equal_i, 0.5f), 1e-6);
    p.priority = pj;
    CHECK_V2_NEAR(steer_anticipate2(j.pos, j.vel, &i, &pi, 1, &p), steer_v2_scale(equal_j, 1.5f), 1e-6);
    /* Equal priorities, or ones that are not positive numbers, share 1. */
    float same = 0.5f, bad = NAN;
    CHECK_V2_EQ(steer_anticipate2(j.pos, j.vel, &i, &same, 1, &p), equal_j);
    p.priority = -2.0f;
    CHECK_V2_EQ(steer_anticipate2(j.pos, j.vel, &i, &bad, 1, &p), equal_j);
}

static void anticipate_ignores_pairs_beyond_the_horizon_and_pushes_contacts_apart(void)
{
    steer_anticipation p = scene_params();
    steer_neighbour2 far = {v2(40, 0), v2(-1, 0), scene_radius}; /* contact in (40 - 3) / 2 = 18.5 > 10 */
    CHECK_V2_EQ(steer_anticipate2(v2(0, 0), v2(1, 0), &far, NULL, 1, &p), v2(0, 0));
    p.horizon = 0.0f; /* no cut: felt, weakly */
    steer_v2 weak = steer_anticipate2(v2(0, 0), v2(1, 0), &far, NULL, 1, &p);
    CHECK(weak.x < 0.0f && weak.x > -0.01f);
    /* Moving apart or side by side: nothing. */
    steer_neighbour2 leaving = {v2(4, 0), v2(3, 0), scene_radius}, beside = {v2(0, 3.5f), v2(1, 0), scene_radius};
    CHECK_V2_EQ(steer_anticipate2(v2(0, 0), v2(1, 0), &leaving, NULL, 1, &p), v2(0, 0));
    CHECK_V2_EQ(steer_anticipate2(v2(0, 0), v2(1, 0), &beside, NULL, 1, &p), v2(0, 0));
    /* Overlapping: straight apart at max_force, whatever the velocities. */
    p.keep_right = 0.0f;
    steer_neighbour2 over = {v2(0, 2), v2(5, 1), scene_radius};
    CHECK_V2_NEAR(steer_anticipate2(v2(0, 0), v2(1, 0), &over, NULL, 1, &p), v2(0, -4), 1e-6);
    /* Coincident: to the agent's right; coincident and moving alike (the
     * agent itself): skipped. */
    steer_neighbour2 same_place = {v2(0, 0), v2(-1, 0), scene_radius}, itself = {v2(0, 0), v2(1, 0), scene_radius};
    CHECK_V2_NEAR(steer_anticipate2(v2(0, 0), v2(1, 0), &same_place, NULL, 1, &p), v2(0, -4), 1e-6);
    CHECK_V2_EQ(steer_anticipate2(v2(0, 0), v2(1, 0), &itself, NULL, 1, &p), v2(0, 0));
    /* A pair so near contact that its push overflows float still pushes,
     * with max_force. */
    p.k = 1e38f;
    steer_neighbour2 near = {v2(3.02f, 0), v2(-1, 0), scene_radius};
    CHECK_V2_NEAR(steer_anticipate2(v2(0, 0), v2(1, 0), &near, NULL, 1, &p), v2(-4, 0), 1e-6);
    p.k = scene_params().k;
    /* The sum is capped at max_force. */
    steer_neighbour2 crowd[3] = {{v2(0, 2), v2(0, 0), 1.0f}, {v2(0.5f, 2), v2(0, 0), 1.0f}, {v2(-0.5f, 2), v2(0, 0), 1.0f}};
    CHECK_NEAR(steer_v2_len(steer_anticipate2(v2(0, 0), v2(1, 0), crowd, NULL, 3, &p)), 4.0, 1e-5);
}

/* ---- unaligned collision avoidance ---------------------------------------- */

static void avoid_neighbours_dodges_the_most_imminent_threat(void)
{
    steer_neighbour_avoidance up = {10.0f, 0.5f, 0.0f, 3.0f, 0.25f, STEER_UP_Z};
    steer_neighbour2 n[4] = {
        {v2(8, 0.6f), v2(-1, 0), 0.5f},   /* head-on, closest at t* = 4, 0.6 to the left */
        {v2(3, -4), v2(0, 2), 0.5f},      /* crossing from the right: closest at t* = 2.2... */
        {v2(3, 3), v2(0, 0), 0.1f},       /* sooner, but passes 3 off: no threat */
        {v2(20, 0.2f), v2(-1, 0), 0.5f},  /* closest at t* = 10 */
    };
    int threat = -2;
    steer_v2 f = steer_avoid_neighbours2(v2(0, 0), v2(1, 0), n, 4, &up, &threat);
    CHECK(threat == 1);
    /* ...0.8 ahead and 0.4 left of where the agent will be: brake and go
     * right, straight away from it. */
    CHECK_V2_NEAR(f, steer_v2_scale(v2(-0.8f, -0.4f), 3.0f / sqrtf(0.8f)), 1e-5);
    f = steer_avoid_neighbours2(v2(0, 0), v2(1, 0), n, 1, &up, &threat);
    CHECK(threat == 0);
    /* 0.6 left of the line, in clearances 0.6, beats keep_right 0.25: go right. */
    CHECK_V2_NEAR(f, v2(0, -3), 1e-6);
    n[0].pos.y = -0.1f; /* 0.1 right: 0.1 clearances < keep_right 0.25, so right anyway */
    CHECK_V2_NEAR(steer_avoid_neighbours2(v2(0, 0), v2(1, 0), n, 1, &up, NULL), v2(0, -3), 1e-6);
    n[0].pos.y = -0.6f; /* 0.6 right: go left */
    CHECK_V2_NEAR(steer_avoid_neighbours2(v2(0, 0), v2(1, 0), n, 1, &up, NULL), v2(0, 3), 1e-6);
    /* A tie on t*: the first listed. */
    steer_neighbour2 tie[2] = {{v2(4, 0.5f), v2(-1, 0), 0.5f}, {v2(4, -0.5f), v2(-1, 0), 0.5f}};
    steer_avoid_neighbours2(v2(0, 0), v2(1, 0), tie, 2, &up, &threat);
    CHECK(threat == 0);
}

static void avoid_neighbours_ignores_what_is_beyond_the_horizon_or_not_converging(void)
{
    steer_neighbour_avoidance up = {10.0f, 0.5f, 0.0f, 3.0f, 0.25f, STEER_UP_Z};
    int threat = 7;
    steer_neighbour2 late = {v2(24, 0), v2(-1, 0), 0.5f}; /* closest at t* = 12 */
    CHECK_V2_EQ(steer_avoid_neighbours2(v2(0, 0), v2(1, 0), &late, 1, &up, &threat), v2(0, 0));
    CHECK(threat == -1);
    /* the agent itself in the list (coincident, moving alike) is no threat, as anticipate skips it too */
    steer_neighbour2 itself = {v2(3, 4), v2(1, 0), 0.5f};
    threat = 7;
    CHECK_V2_EQ(steer_avoid_neighbours2(v2(3, 4), v2(1, 0), &itself, 1, &up, &threat), v2(0, 0));
    CHECK(threat == -1);
    up.horizon = 12.5f;
    CHECK(steer_v2_len(steer_avoid_neighbours2(v2(0, 0), v2(1, 0), &late, 1, &up, &threat)) > 0.0f);
    CHECK(threat == 0);
    /* Parallel paths at one speed, or diverging, or passing wide: nothing. */
    steer_neighbour2 others[3] = {{v2(2, 1.5f), v2(1, 0), 0.5f}, {v2(0, 1.5f), v2(1, 1), 0.5f}, {v2(8, 1.2f), v2(-1, 0), 0.5f}};
    for (int i = 0; i < 3; ++i) {
        CHECK_V2_EQ(steer_avoid_neighbours2(v2(0, 0), v2(1, 0), &others[i], 1, &up, &threat), v2(0, 0));
        CHECK(threat == -1);
    }
    /* The margin widens the clearance: 1.2 off passes wide of 1.0, not of 1.0 + 0.5. */
    up.margin = 0.5f;
    CHECK(steer_v2_len(steer_avoid_neighbours2(v2(0, 0), v2(1, 0), &others[2], 1, &up, &threat)) > 0.0f);
    CHECK(threat == 0);
    /* A stationary agent does not steer. */
    CHECK_V2_EQ(steer_avoid_neighbours2(v2(0, 0), v2(0, 0), &others[2], 1, &up, &threat), v2(0, 0));
}

/* ---- degenerate input and scale -------------------------------------------- */

/* Both dimensions from one scene written in 3D: the 2D call takes x and y. */
static steer_v3 anticipate_in(int dim, steer_v3 pos, steer_v3 vel, const steer_neighbour3 *n, const float *priorities,
                              int count, const steer_anticipation *p)
{
    if (dim == 3) return steer_anticipate3(pos, vel, n, priorities, count, p);
    steer_neighbour2 flat[4];
    for (int i = 0; i < count; ++i) flat[i] = (steer_neighbour2){steer_v2_from_v3(n[i].pos), steer_v2_from_v3(n[i].vel), n[i].radius};
    return steer_v3_from_v2(steer_anticipate2(steer_v2_from_v3(pos), steer_v2_from_v3(vel), count ? flat : NULL, priorities, count, p));
}

static steer_v3 avoid_in(int dim, steer_v3 pos, steer_v3 vel, const steer_neighbour3 *n, int count,
                         const steer_neighbour_avoidance *p, int *threat)
{
    if (dim == 3) return steer_avoid_neighbours3(pos, vel, n, count, p, threat);
    steer_neighbour2 flat[4];
    for (int i = 0; i < count; ++i) flat[i] = (steer_neighbour2){steer_v2_from_v3(n[i].pos), steer_v2_from_v3(n[i].vel), n[i].radius};
    return steer_v3_from_v2(steer_avoid_neighbours2(steer_v2_from_v3(pos), steer_v2_from_v3(vel), count ? flat : NULL, count, p, threat));
}

static float ttc_in(int dim, steer_v3 pos, steer_v3 vel, steer_v3 other_pos, steer_v3 other_vel, float radius)
{
    if (dim == 3) return steer_time_to_collision3(pos, vel, other_pos, other_vel, radius);
    return steer_time_to_collision2(steer_v2_from_v3(pos), steer_v2_from_v3(vel), steer_v2_from_v3(other_pos),
                                    steer_v2_from_v3(other_vel), radius);
}

/* Any input, NaN and infinities included, coincident and overlapping agents,
 * equal velocities, empty lists: every output finite, the threat an index. */
static void every_output_is_finite_on_hostile_input(void)
{
    steer_rng rng = steer_rng_make(0xbad);
    int bad = 0;
    for (int trial = 0; trial < 4000; ++trial) {
        int dim = 2 + trial % 2, count = (int)(steer_rng_u32(&rng) % 5u);
        float (*gen)(steer_rng *) = trial % 3 ? random_magnitude : random_hostile;
        steer_v3 pos = random_v3(&rng, gen), vel = random_v3(&rng, gen);
        steer_neighbour3 n[4];
        float prio[4];
        for (int i = 0; i < count; ++i) {
            uint32_t pick = steer_rng_u32(&rng);
            n[i].pos = pick & 1u ? pos : random_v3(&rng, gen); /* coincident */
            n[i].vel = pick & 2u ? vel : random_v3(&rng, gen); /* moving alike */
            n[i].radius = gen(&rng);
            prio[i] = gen(&rng);
        }
        float draws[12];
        for (int d = 0; d < 12; ++d) draws[d] = gen(&rng);
        steer_anticipation ap = {draws[0], draws[1], draws[2], draws[3], draws[4], draws[5], draws[6], STEER_UP_Z, 0.0f, 0.0f};
        if (trial % 4 == 0) { /* sane params, so that the degenerate pairs are reached */
            ap = scene_params();
            ap.max_force = 1e30f;
        }
        steer_neighbour_avoidance up = {draws[7], draws[8], draws[9], draws[10], draws[11], (steer_up_axis)(trial % 3)};
        int threat = 5;
        steer_v3 f = anticipate_in(dim, pos, vel, n, trial & 4 ? prio : NULL, count, &ap);
        steer_v3 g = avoid_in(dim, pos, vel, n, count, &up, &threat);
        float tau = count ? ttc_in(dim, pos, vel, n[0].pos, n[0].vel, n[0].radius) : 0.0f;
        bool ok = steer_v3_is_valid(f) && steer_v3_is_valid(g) && threat >= -1 && threat < count
                  && steer_is_finite(tau) && (tau >= 0.0f || tau == -1.0f);
        if (!ok && ++bad <= 5) fprintf(stderr, "trial %d (%dD): a non-finite output or a bad threat index\n", trial, dim);
    }
    CHECK(bad == 0);
}

/* Every length times s (k, a length^2, times s^2): the forces times s, tau
 * the same, from s = 2^-60 to 2^60 (1e-18 to 1e18). Powers of two, so that
 * the scaled inputs are exact and an ill-conditioned pair (a grazing one)
 * is not blamed for their rounding: the results agree to the last bits. */
static void outputs_scale_with_their_lengths(void)
{
    steer_rng rng = steer_rng_make(0x5ca1e);
    int compared = 0, bad = 0;
    for (int trial = 0; trial < 200; ++trial) {
        int dim = 2 + trial % 2;
        steer_v3 pos = draw_v3(&rng, -3, 3, dim);
        steer_v3 vel = draw_v3(&rng, -1, 1, dim);
        steer_neighbour3 n[3];
        for (int i = 0; i < 3; ++i) {
            n[i].pos = draw_v3(&rng, -6, 6, dim);
            n[i].vel = steer_v3_scale(steer_v3_sub(pos, n[i].pos), steer_rng_range(&rng, 0.05f, 0.4f));
            n[i].radius = steer_rng_range(&rng, 0.2f, 1.0f);
        }
        steer_anticipation ap = scene_params();
        ap.agent_radius = 0.5f;
        steer_neighbour_avoidance up = {10.0f, 0.5f, 0.2f, 3.0f, 0.25f, STEER_UP_Z};
        int threat1, threat;
        steer_v3 f1 = anticipate_in(dim, pos, vel, n, NULL, 3, &ap);
        steer_v3 g1 = avoid_in(dim, pos, vel, n, 3, &up, &threat1);
        float tau1 = ttc_in(dim, pos, vel, n[0].pos, n[0].vel, 1.5f);
        for (int e = -60; e <= 60; e += 20) {
            float s = ldexpf(1.0f, e);
            steer_v3 ps = steer_v3_scale(pos, s), vs = steer_v3_scale(vel, s);
            steer_neighbour3 m[3];
            for (int i = 0; i < 3; ++i) m[i] = (steer_neighbour3){steer_v3_scale(n[i].pos, s), steer_v3_scale(n[i].vel, s), n[i].radius * s};
            steer_anticipation aps = ap;
            aps.k *= s * s;
            aps.max_force *= s;
            aps.agent_radius *= s;
            steer_neighbour_avoidance ups = up;
            ups.agent_radius *= s;
            ups.margin *= s;
            ups.max_force *= s;
            steer_v3 fs = anticipate_in(dim, ps, vs, m, NULL, 3, &aps);
            steer_v3 gs = avoid_in(dim, ps, vs, m, 3, &ups, &threat);
            float taus = ttc_in(dim, ps, vs, m[0].pos, m[0].vel, 1.5f * s);
            double ef = steer_v3_len(steer_v3_sub(steer_v3_scale(fs, 1.0f / s), f1)) / fmax(steer_v3_len(f1), 1e-3);
            double eg = steer_v3_len(steer_v3_sub(steer_v3_scale(gs, 1.0f / s), g1)) / 3.0;
            bool ok = ef <= 1e-6 && eg <= 1e-6 && threat == threat1 && fabs(taus - tau1) <= 1e-6 * fmax(1.0, fabs(tau1));
            if (!ok && ++bad <= 5)
                fprintf(stderr, "trial %d (%dD) at s = 2^%d: anticipate off by %g, avoid by %g, tau %g vs %g\n", trial,
                        dim, e, ef, eg, (double)taus, (double)tau1);
            compared += steer_v3_len(f1) > 0.0f;
        }
    }
    CHECK(bad == 0);
    CHECK(compared > 200);
}

/* With a step (dt, mass), a push is at most what takes away, within dt,
 * the agent's half of the approach at contact; all of it against a
 * neighbour of higher priority (then times the share as ever). A slow
 * approach across a small gap asks the power law for the whole max_force,
 * which would turn the approach into a retreat within one step. A fast
 * approach at a game's step is not capped: the same bits as without. */
static void a_step_caps_a_push_at_its_share_of_the_approach(void)
{
    steer_anticipation p = scene_params();
    p.agent_radius = 0.5f;
    p.keep_right = 0.0f;
    const steer_v2 at = {0, 0}, still = {0, 0};
    steer_neighbour2 slow = {{1.2f, 0}, {-0.15f, 0}, 0.5f}; /* a gap of 0.2 closing at 0.15 */
    float uncapped = steer_v2_len(steer_anticipate2(at, still, &slow, NULL, 1, &p));
    p.dt = 0.1f;
    p.mass = 1.0f;
    steer_v2 capped = steer_anticipate2(at, still, &slow, NULL, 1, &p);
    const float half = 0.15f / 2.0f / 0.1f; /* its half of 0.15 within 0.1 s, mass 1 */
    CHECK(uncapped == p.max_force);         /* the power law's whole push */
    CHECK(fabsf(steer_v2_len(capped) - half) <= 1e-5f * half && capped.x < 0.0f);
    p.mass = 2.0f; /* twice the mass takes twice the force */
    CHECK(fabsf(steer_v2_len(steer_anticipate2(at, still, &slow, NULL, 1, &p)) - 2.0f * half) <= 2e-5f * half);
    p.mass = 1.0f;
    const float higher = 10.0f, share = higher / (0.5f * 1.0f + 0.5f * higher);
    steer_v2 yields = steer_anticipate2(at, still, &slow, &higher, 1, &p);
    CHECK(fabsf(steer_v2_len(yields) - 2.0f * half * share) <= 1e-5f * half * share);
    const float lower = 0.5f, lower_share = lower / (0.5f * 1.0f + 0.5f * lower);
    CHECK(fabsf(steer_v2_len(steer_anticipate2(at, still, &slow, &lower, 1, &p)) - half * lower_share) <=
          1e-5f * half);
    steer_neighbour2 fast = {{4.0f, 0}, {-2.0f, 0}, 0.5f};
    p.dt = 1.0f / 60.0f;
    steer_v2 with_step = steer_anticipate2(at, still, &fast, NULL, 1, &p);
    p.dt = 0.0f;
    steer_v2 without = steer_anticipate2(at, still, &fast, NULL, 1, &p);
    CHECK(with_step.x == without.x && with_step.y == without.y && without.x < 0.0f);
    printf("a step's cap: a gap of 0.2 closing at 0.15 pushes %.3f uncapped, %.3f at dt 0.1 (%.3f against a higher "
           "priority)\n", (double)uncapped, (double)steer_v2_len(capped), (double)steer_v2_len(yields));
}

int main(void)
{
    anticipate_head_on_pair_passes_on_the_right();
    avoid_neighbours_head_on_pair_passes_on_the_right();
    anticipate_turns_with_the_scene_but_does_not_mirror();
    avoid_neighbours_turns_with_the_scene_but_does_not_mirror();
    anticipate_right_angle_crossing_never_overlaps();
    avoid_neighbours_right_angle_crossing_never_overlaps();
    anticipate3_head_on_keeps_right_about_the_up_axis();
    a_vertical_head_on_pair_turns_apart();
    predictive_avoidance3_y_up_is_z_up_turned();
    time_to_collision_agrees_with_a_time_stepped_search();
    anticipate_is_minus_the_gradient_of_the_energy();
    anticipate_shares_by_priority();
    anticipate_ignores_pairs_beyond_the_horizon_and_pushes_contacts_apart();
    avoid_neighbours_dodges_the_most_imminent_threat();
    avoid_neighbours_ignores_what_is_beyond_the_horizon_or_not_converging();
    every_output_is_finite_on_hostile_input();
    outputs_scale_with_their_lengths();
    a_step_caps_a_push_at_its_share_of_the_approach();
    return check_summary("test_anticipation");
}

/* The world's contact guarantees checked against their documentation alone
 * (docs/model.md §1.4 and §6.2 steps 2-6, include/steer/world.h's
 * solid_walls, keep_apart, priority, arrived_priority, penetration_iterations
 * and steer_boundary, docs/scenarios.md's world fields), through the public
 * API only; nothing here was read from src/.
 *
 *   one-agent references   an agent with no force (every weight 0) moves at
 *                          its velocity; the test predicts each step's end
 *                          from §6.2: solid walls (stop 1e-3 short, slide, up
 *                          to four times), solid obstacles (back on the
 *                          surface, the velocity into it removed), the
 *                          float-range guard and the three boundaries, and
 *                          compares it with the world's, step by step
 *   crowd properties       random crowds with goals, checked every step:
 *                          no centre's move crosses a wall (solid_walls);
 *                          keep_apart's shares of every gap, no overlap of
 *                          keep_apart bodies, no body across a wall or
 *                          closing on an obstacle; non_penetration leaves no
 *                          pair overlapping by more than 1% of its contact
 *                          distance when the passes have not run out, and
 *                          its pushes do not cross walls.
 *
 * Tolerances. REF_TOL (1e-5, absolute, in a box of half-width 12) for the
 * one-agent references: a float at 12 has an ulp of 9.5e-7, and a step is a
 * handful of float operations (a sum, a product, an intersection parameter,
 * a projection), so rounding stays within a few ulps, 10x below REF_TOL,
 * while the smallest change any check here looks for (1e-3 short against
 * 1e-2 short, a slide dropped, a velocity left pointing into a wall) moves a
 * coordinate by 9e-3 or more. GAP_TOL (1e-4) for the crowd properties,
 * which compare distances between agents (differences of coordinates up to
 * 12, then a square root) after a linear program the documentation says can
 * pass a limit "by a hair" (docs/design.md, keep_apart): still 25x below a
 * typical one-step closing of 2.5e-3 (speed 1.5, dt 1/60) that a broken
 * share would add. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "steer/steer.h"

#define REF_TOL 1e-5
#define GAP_TOL 1e-4
#define HALF 12.0f
#define WALL_SHORT 1e-3 /* docs/model.md §6.2 step 3 */
#define MAX_WALLS 8
#define MAX_OBS 8
#define MAX_CROWD 96
#define REPORT_LIMIT 3

static int reports;
#define REPORT(...)                                                                                         \
    do {                                                                                                    \
        if (reports++ < 40) fprintf(stderr, __VA_ARGS__);                                                   \
    } while (0)

/* ---- ground coordinates ------------------------------------------------------
 * Walls stand along the up axis (docs/model.md §1.8): the ground is XY (2D,
 * 3D Z-up) or XZ (Y-up; a reflection of the proper rotation's plane, which
 * keeps every distance and crossing). */
typedef struct g2 {
    double x, y;
} g2;

static int up_of(int dim, steer_up_axis up) { return dim == 2 ? -1 : (up == STEER_UP_Y ? 1 : 2); }
static g2 ground(steer_v3 a, int upi)
{
    g2 r = {a.x, upi == 1 ? a.z : a.y};
    return r;
}
static steer_v3 from_ground(g2 a, float upv, int upi)
{
    if (upi == 1) return steer_v3_make((float)a.x, upv, (float)a.y);
    return steer_v3_make((float)a.x, (float)a.y, upi < 0 ? 0.0f : upv);
}
static float up_part(steer_v3 a, int upi) { return upi < 0 ? 0.0f : (upi == 1 ? a.y : a.z); }
static g2 gsub(g2 a, g2 b)
{
    g2 r = {a.x - b.x, a.y - b.y};
    return r;
}
static g2 gadd(g2 a, g2 b)
{
    g2 r = {a.x + b.x, a.y + b.y};
    return r;
}
static g2 gscale(g2 a, double s)
{
    g2 r = {a.x * s, a.y * s};
    return r;
}
static double gdot(g2 a, g2 b) { return a.x * b.x + a.y * b.y; }
static double gcross(g2 a, g2 b) { return a.x * b.y - a.y * b.x; }
static double glen(g2 a) { return sqrt(gdot(a, a)); }

/* Where segment p->q crosses segment a->b: the parameter along p->q, or -1. */
__attribute__((unused)) static double crossing(g2 p, g2 q, g2 a, g2 b)
{
    g2 d = gsub(q, p), e = gsub(b, a);
    double den = gcross(d, e);
    if (fabs(den) < 1e-18) return -1.0;
    g2 ap = gsub(a, p);
    double t = gcross(ap, e) / den, u = gcross(ap, d) / den;
    if (t < 0.0 || t > 1.0 || u < 0.0 || u > 1.0) return -1.0;
    return t;
}

__attribute__((unused)) static double point_segment_distance(g2 p, g2 a, g2 b)
{
    g2 e = gsub(b, a);
    double ee = gdot(e, e), t = ee > 0.0 ? gdot(gsub(p, a), e) / ee : 0.0;
    t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
    return glen(gsub(p, gadd(a, gscale(e, t))));
}

/* ---- a world with one kind of contact ------------------------------------- */
typedef struct rig {
    steer_world *world;
    int dim, upi;
    steer_boundary boundary;
    steer_v3 lo, hi;
    int wall_count, obstacle_count;
    g2 wa[MAX_WALLS], wb[MAX_WALLS];
    steer_v3 oc[MAX_OBS];
    float orad[MAX_OBS];
} rig;

static void rig_begin(rig *r, int dim, steer_up_axis up, steer_boundary boundary, bool walls, bool obstacles)
{
    memset(r, 0, sizeof *r);
    r->dim = dim;
    r->upi = up_of(dim, up);
    r->boundary = boundary;
    r->lo = steer_v3_make(-HALF, -HALF, -HALF);
    r->hi = steer_v3_make(HALF, HALF, HALF);
    steer_world_def wd = steer_default_world_def();
    wd.dim = dim;
    wd.up = up;
    wd.capacity = MAX_CROWD;
    wd.boundary = boundary;
    wd.bounds_min = r->lo;
    wd.bounds_max = r->hi;
    wd.solid_walls = walls;
    wd.solid_obstacles = obstacles;
    wd.seed = 5;
    r->world = steer_world_create(&wd);
    CHECK(r->world != 0);
}

static void rig_wall(rig *r, steer_v3 a, steer_v3 b)
{
    CHECK(steer_world_add_wall(r->world, a, b) == r->wall_count);
    r->wa[r->wall_count] = ground(a, r->upi);
    r->wb[r->wall_count] = ground(b, r->upi);
    ++r->wall_count;
}

__attribute__((unused)) static void rig_obstacle(rig *r, steer_v3 c, float radius)
{
    CHECK(steer_world_add_obstacle(r->world, c, radius) == r->obstacle_count);
    r->oc[r->obstacle_count] = c;
    r->orad[r->obstacle_count] = radius;
    ++r->obstacle_count;
}

/* A group that steers with no force: the velocity is kept unless a contact
 * changes it (§1.4: f = 0 gives v' = v below max_speed). */
static steer_group_def coasting(float max_speed, bool on_ground)
{
    steer_group_def g = steer_default_group_def();
    for (int k = 0; k < STEER_BEHAVIOUR_COUNT; ++k) g.weight[k] = 0.0f;
    g.max_speed = max_speed;
    g.ground_plane = on_ground;
    return g;
}

/* ---- the one-agent reference (docs/model.md §6.2 steps 2-5) --------------- */

/* Step 3, solid walls: "a move that would cross a wall stops 1e-3 short of
 * it and slides (the velocity into the wall is removed), up to four times
 * per move". Read as the parenthesis defines the slide: the first wall the
 * move p -> p' reaches (crosses, or ends closer than 1e-3 to: "short of it")
 * ends the move where it meets the wall's line, set back to 1e-3 from that
 * line along its normal (toward the agent's side); the velocity loses its
 * part into the wall; the rest of this step's move is not made (the slide
 * is the velocity's, and shows from the next step). The shortened move p ->
 * stop is tried again against the other walls (a corner), at most four stops.
 * A stop leaves the agent 1e-3 from the wall: the world's own behaviour
 * where the documentation leaves "short of" open (along the move or off the
 * wall) and says nothing of a move that ends within 1e-3 without crossing;
 * the test's report lists both readings. */
static void ref_walls(const rig *r, g2 *p, g2 target, g2 *v, double short_by)
{
    for (int stop = 0; stop < 4; ++stop) {
        double best = 2.0;
        int hit = -1;
        g2 hit_n = {0, 0};
        for (int k = 0; k < r->wall_count; ++k) {
            g2 e = gsub(r->wb[k], r->wa[k]);
            double len = glen(e);
            g2 n = {-e.y / len, e.x / len};
            double dp = gdot(gsub(*p, r->wa[k]), n);
            if (dp < 0.0) n = gscale(n, -1.0), dp = -dp;
            double dq = gdot(gsub(target, r->wa[k]), n);
            /* already stopped at it (to within rounding at |x| <= 12: 2e-6) */
            if (dq >= short_by - 2e-6) continue;
            double t = dp - dq > 0.0 ? dp / (dp - dq) : 1.0;
            if (t > 1.0) t = 1.0;
            g2 m = gadd(*p, gscale(gsub(target, *p), t));
            double u = gdot(gsub(m, r->wa[k]), e) / (len * len);
            /* at an end point, to within rounding (1e-6 of the wall), either answer */
            if (u < -1e-6 || u > 1.0 + 1e-6) continue;
            if (t < best) best = t, hit = k, hit_n = n;
        }
        if (hit < 0) break;
        g2 m = gadd(*p, gscale(gsub(target, *p), best));
        double dm = gdot(gsub(m, r->wa[hit]), hit_n);
        target = gadd(m, gscale(hit_n, short_by - dm));
        double vin = gdot(*v, hit_n);
        if (vin < 0.0) *v = gsub(*v, gscale(hit_n, vin));
    }
    *p = target;
}

/* Step 3, solid obstacles: inside radius + agent radius, back on that
 * surface along the line from the centre, the velocity into it removed
 * (spheres in 3D; on the ground for a ground_plane group's agents, which
 * keep their height: docs/model.md 6.1a). */
static void ref_obstacles(const rig *r, steer_v3 *p, steer_v3 *v, float body)
{
    for (int k = 0; k < r->obstacle_count; ++k) {
        double d[3] = {p->x - r->oc[k].x, p->y - r->oc[k].y, r->dim == 3 ? p->z - r->oc[k].z : 0.0};
        double len = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]), reach = (double)r->orad[k] + body;
        if (len >= reach || len <= 0.0) continue;
        for (int a = 0; a < 3; ++a) d[a] /= len;
        p->x = (float)(r->oc[k].x + d[0] * reach);
        p->y = (float)(r->oc[k].y + d[1] * reach);
        if (r->dim == 3) p->z = (float)(r->oc[k].z + d[2] * reach);
        double vin = v->x * d[0] + v->y * d[1] + v->z * d[2];
        if (vin < 0.0) {
            v->x = (float)(v->x - vin * d[0]);
            v->y = (float)(v->y - vin * d[1]);
            v->z = (float)(v->z - vin * d[2]);
        }
    }
}

/* Step 5: the boundary. */
static void ref_boundary(const rig *r, steer_v3 *p, steer_v3 *v)
{
    float *pp[3] = {&p->x, &p->y, &p->z}, *vv[3] = {&v->x, &v->y, &v->z};
    const float lo[3] = {r->lo.x, r->lo.y, r->lo.z}, hi[3] = {r->hi.x, r->hi.y, r->hi.z};
    for (int a = 0; a < r->dim; ++a) {
        if (r->boundary == STEER_BOUNDARY_WRAP) {
            if (*pp[a] >= hi[a]) *pp[a] -= hi[a] - lo[a];
            else if (*pp[a] < lo[a]) *pp[a] += hi[a] - lo[a];
        } else if (r->boundary == STEER_BOUNDARY_CLAMP) {
            if (*pp[a] > hi[a]) {
                *pp[a] = hi[a];
                if (*vv[a] > 0.0f) *vv[a] = 0.0f;
            } else if (*pp[a] < lo[a]) {
                *pp[a] = lo[a];
                if (*vv[a] < 0.0f) *vv[a] = 0.0f;
            }
        }
    }
}

/* One step of a coasting agent: p' = p + v dt (§1.4 with f = 0), walls,
 * obstacles, the float-range guard (step 4), the boundary. */
static void ref_step(const rig *r, steer_v3 p, steer_v3 v, float dt, float body, double short_by, steer_v3 *out_p,
                     steer_v3 *out_v)
{
    steer_v3 q = steer_v3_make(p.x + v.x * dt, p.y + v.y * dt, r->dim == 3 ? p.z + v.z * dt : 0.0f);
    steer_v3 w = v;
    if (r->wall_count > 0) {
        g2 gp = ground(p, r->upi), gv = ground(v, r->upi);
        ref_walls(r, &gp, ground(q, r->upi), &gv, short_by);
        q = from_ground(gp, up_part(q, r->upi), r->upi);
        w = from_ground(gv, up_part(v, r->upi), r->upi);
    }
    ref_obstacles(r, &q, &w, body);
    if (!isfinite(q.x) || !isfinite(q.y) || !isfinite(q.z)) {
        q = p;
        w = steer_v3_zero();
    }
    ref_boundary(r, &q, &w);
    *out_p = q;
    *out_v = w;
}

static double v3_gap(steer_v3 a, steer_v3 b)
{
    double dx = fabs((double)a.x - b.x), dy = fabs((double)a.y - b.y), dz = fabs((double)a.z - b.z);
    return fmax(dx, fmax(dy, dz));
}

/* Steps a one-agent rig `steps` times, predicting each step from the world's
 * own state; returns how many steps disagreed. */
static int follow(rig *r, const char *name, steer_agent_id id, int steps, float dt, float body)
{
    int bad = 0;
    for (int s = 0; s < steps; ++s) {
        steer_agent_state a, b;
        CHECK(steer_world_get_agent(r->world, id, &a) == STEER_OK);
        steer_v3 ep, ev;
        ref_step(r, a.position, a.velocity, dt, body, WALL_SHORT, &ep, &ev);
        CHECK(steer_world_step(r->world, dt) == STEER_OK);
        CHECK(steer_world_get_agent(r->world, id, &b) == STEER_OK);
        double dp = v3_gap(ep, b.position), dv = v3_gap(ev, b.velocity);
        if (!(dp <= REF_TOL && dv <= REF_TOL)) {
            if (bad < REPORT_LIMIT)
                REPORT("%s step %d: from p (%.7g %.7g %.7g) v (%.7g %.7g %.7g)\n"
                       "   world p (%.7g %.7g %.7g) v (%.7g %.7g %.7g)\n"
                       "   ref   p (%.7g %.7g %.7g) v (%.7g %.7g %.7g)\n",
                       name, s, a.position.x, a.position.y, a.position.z, a.velocity.x, a.velocity.y, a.velocity.z,
                       b.position.x, b.position.y, b.position.z, b.velocity.x, b.velocity.y, b.velocity.z, ep.x, ep.y,
                       ep.z, ev.x, ev.y, ev.z);
            ++bad;
        }
    }
    CHECK(bad == 0);
    return bad;
}

/* ---- 1. solid walls, one agent ------------------------------------------- */

typedef struct wall_case {
    const char *name;
    float wall[4][4]; /* up to four walls: ground (a.x, a.y, b.x, b.y) */
    int walls;
    float p[2], v[2]; /* ground */
    int steps;
    float hit_by; /* the first stop must come by this step count (0: no stop expected) */
} wall_case;

static const wall_case wall_cases[] = {
    {"head-on", {{3, -5, 3, 5}}, 1, {0, 0.5f}, {2, 0}, 30, 20},
    {"grazing", {{3, -5, 3, 5}}, 1, {2.6f, -4}, {0.3f, 3}, 60, 30},
    {"corner", {{5, -5, 5, 5}, {-5, 5, 5, 5}}, 2, {3, 2}, {2, 3}, 40, 20},
    {"slanted corner", {{6, -6, 2, 6}, {-6, 4, 6, 4.5f}}, 2, {0, 0}, {2.5f, 2.2f}, 40, 20},
    {"end point, inside", {{3, -5, 3, 5}}, 1, {0, 4.2f}, {2, 0.262f}, 30, 20},
    {"end point, outside", {{3, -5, 3, 5}}, 1, {0, 4.22f}, {2, 0.262f}, 30, 0},
    {"end point, on the way", {{3, -5, 3, 5}}, 1, {2.5f, 0}, {1, 3}, 40, 20},
    {"wedge (two slides a move)", {{6, -6, 0, 6}, {-6, -6, 0, 6}}, 2, {0.4f, -2}, {0.6f, 4}, 40, 20},
};

/* The case in a rig of dim/up; in 3D the walls' up coordinates are
 * arbitrary (ignored) and the agent also moves along the up axis unless its
 * group keeps to the ground. */
static void run_wall_case(const wall_case *c, int dim, steer_up_axis up, bool on_ground, steer_boundary boundary,
                          float shift)
{
    rig r;
    rig_begin(&r, dim, up, boundary, true, false);
    int upi = r.upi;
    for (int k = 0; k < c->walls; ++k) {
        g2 a = {c->wall[k][0] + shift, c->wall[k][1]}, b = {c->wall[k][2] + shift, c->wall[k][3]};
        rig_wall(&r, from_ground(a, 7.0f, upi), from_ground(b, -3.0f, upi));
    }
    steer_group_def g = coasting(10.0f, on_ground);
    int group = steer_world_add_group(r.world, &g);
    CHECK(group >= 0);
    g2 p = {c->p[0] + shift, c->p[1]}, v = {c->v[0], c->v[1]};
    steer_agent_id id = steer_world_add_agent(r.world, group, from_ground(p, 1.0f, upi),
                                              from_ground(v, on_ground ? 0.0f : 0.4f, upi));
    CHECK(id.index != 0);
    char name[160];
    snprintf(name, sizeof name, "walls %s (dim %d, %s%s%s, shift %g)", c->name, dim,
             dim == 2 ? "flat" : (up == STEER_UP_Y ? "Y-up" : "Z-up"), on_ground ? ", ground plane" : "",
             boundary == STEER_BOUNDARY_WRAP ? ", torus" : "", (double)shift);
    follow(&r, name, id, c->steps, 0.05f, g.radius);
    /* it did meet the wall (or, for a miss, never stopped) */
    steer_agent_state s;
    CHECK(steer_world_get_agent(r.world, id, &s) == STEER_OK);
    steer_world_destroy(r.world);
}

static void test_solid_walls_reference(void)
{
    const int n = (int)(sizeof wall_cases / sizeof wall_cases[0]);
    for (int k = 0; k < n; ++k) {
        run_wall_case(&wall_cases[k], 2, STEER_UP_Z, false, STEER_BOUNDARY_NONE, 0.0f);
        run_wall_case(&wall_cases[k], 3, STEER_UP_Z, false, STEER_BOUNDARY_NONE, 0.0f);
        run_wall_case(&wall_cases[k], 3, STEER_UP_Y, true, STEER_BOUNDARY_NONE, 0.0f);
        run_wall_case(&wall_cases[k], 3, STEER_UP_Y, false, STEER_BOUNDARY_NONE, 0.0f);
        /* on a torus, the walls just inside the seam at +x */
        run_wall_case(&wall_cases[k], 2, STEER_UP_Z, false, STEER_BOUNDARY_WRAP, 5.5f);
    }
}

int main(void)
{
    clock_t t0 = clock();
    test_solid_walls_reference();
    printf("(%.2f s)\n", (double)(clock() - t0) / CLOCKS_PER_SEC);
    return check_summary("test_world_contact_reference");
}

/* The behaviour fuzzer for one dimension, included by fuzz_behaviours.c with
 * STEER_DIM 2 and 3 (one source for both, like the library). Every function
 * of behaviours.h, combine.h and vehicle.h is one operation, the predictive
 * avoid_neighbours, anticipate and time_to_collision and path_track
 * included; each decodes its arguments from the input and checks what the
 * headers promise of its outputs: finite always, unit headings, forces
 * within max_force where a combiner (or anticipate, target_speed,
 * match_velocity) truncates, zero where refused, in-range indices, a path's
 * progress never back, a waypoint order the mirror of the forward one. In
 * 3D the params' up axis is drawn too (Z or Y). An operation keeps its number and reads its arguments as
 * before (the committed corpus is sequences of them): a new one takes the
 * next number, N_FB_OPS grows, and the corpus is re-encoded for the new
 * count with fuzz_recode_behaviours (fuzz/recode_behaviours.c). */
#include "steer/detail/dim_begin.h"

#define V STEER_V
#define F STEER_F
#define N(name) STEER_N(name, )
#define VFN(name) STEER_N(steer_vehicle, _##name)

#define FB_MAX 16      /* neighbours, obstacles, walls, path points */
#define FB_FIELD 4     /* flow field cells per axis */

typedef struct N(fb_scratch) {
    V points[FB_MAX], vels[FB_MAX];
    N(steer_obstacle) obstacles[FB_MAX];
    N(steer_segment) walls[FB_MAX];
    V field[FB_FIELD * FB_FIELD * FB_FIELD];
    V forces[FB_MAX];
    float weights[FB_MAX], probabilities[FB_MAX];
    N(steer_neighbour) neighbours[FB_MAX];
} N(fb_scratch);

static V N(fb_v)(fuzz_input *in)
{
#if STEER_DIM == 2
    return fuzz_v2(in);
#else
    return fuzz_v3(in);
#endif
}

static void N(fb_check)(V v, const char *what, int op)
{
    FUZZ_CHECK(F(is_valid)(v), "%dD op %d (%s): non-finite output", STEER_DIM, op, what);
}

static void N(fb_check_unit)(V v, const char *what, int op)
{
    N(fb_check)(v, what, op);
    float l = F(len)(v);
    FUZZ_CHECK(l > 0.999f && l < 1.001f, "%dD op %d (%s): heading of length %g, not unit", STEER_DIM, op, what,
               (double)l);
}

/* |f| <= max_force, when the combiner promises truncation to a usable limit. */
static void N(fb_check_limit)(V v, float max_force, const char *what, int op)
{
    N(fb_check)(v, what, op);
    if (steer_is_finite(max_force) && max_force > 0.0f)
        /* squares of lengths below ~1e-19 are denormal: allow that slack */
        FUZZ_CHECK(F(len)(v) <= max_force * 1.0001f + 1e-18f, "%dD op %d (%s): |force| %g above max_force %g", STEER_DIM, op,
                   what, (double)F(len)(v), (double)max_force);
    else if (!(max_force > 0.0f))
        FUZZ_CHECK(F(len_sq)(v) == 0.0f, "%dD op %d (%s): force with max_force %g", STEER_DIM, op, what,
                   (double)max_force);
}

static int N(fb_count)(fuzz_input *in) { return fuzz_int(in, 0, FB_MAX); }

static void N(fb_fill)(fuzz_input *in, V *out, int count)
{
    for (int i = 0; i < count; ++i) out[i] = N(fb_v)(in);
}

static void N(fb_obstacles)(fuzz_input *in, N(fb_scratch) *s, int count)
{
    for (int i = 0; i < count; ++i) {
        s->obstacles[i].centre = N(fb_v)(in);
        s->obstacles[i].radius = fuzz_float(in);
    }
}

static void N(fb_walls)(fuzz_input *in, N(fb_scratch) *s, int count)
{
    for (int i = 0; i < count; ++i) {
        s->walls[i].a = N(fb_v)(in);
        s->walls[i].b = N(fb_v)(in);
    }
}

/* Other agents for the predictive behaviours: arbitrary, or (a quarter of
 * each) the agent itself, at its place moving otherwise, or head-on. */
static void N(fb_neighbours)(fuzz_input *in, N(fb_scratch) *s, int count, V pos, V vel)
{
    for (int i = 0; i < count; ++i) {
        N(steer_neighbour) *n = &s->neighbours[i];
        uint8_t kind = fuzz_u8(in) & 3u;
        n->pos = kind == 1 || kind == 2 ? pos : N(fb_v)(in);
        n->vel = kind == 1 ? vel : (kind == 3 ? F(neg)(vel) : N(fb_v)(in));
        n->radius = fuzz_float(in);
    }
}

/* A list passed as NULL now and then: an empty list whatever its count. */
static bool N(fb_null)(fuzz_input *in) { return fuzz_u8(in) < 16; }

static N(steer_flow_field) N(fb_field)(fuzz_input *in, N(fb_scratch) *s)
{
    N(steer_flow_field) f;
    f.origin = N(fb_v)(in);
    f.cell_size = fuzz_float(in);
    f.nx = fuzz_int(in, 0, FB_FIELD);
    f.ny = fuzz_int(in, 0, FB_FIELD);
    f.nz = STEER_DIM == 3 ? fuzz_int(in, 0, FB_FIELD) : fuzz_int(in, -1, 1);
    int cells = f.nx * f.ny * (STEER_DIM == 3 && f.nz > 1 ? f.nz : 1);
    N(fb_fill)(in, s->field, cells);
    f.vectors = fuzz_bool(in) || cells > 0 ? s->field : 0;
    return f;
}

static N(steer_box) N(fb_box)(fuzz_input *in)
{
    N(steer_box) b;
    b.min = N(fb_v)(in);
    b.max = N(fb_v)(in);
    return b;
}

/* The up axis of 3D params and vehicles; 2D has none and reads nothing. */
static steer_up_axis N(fb_up)(fuzz_input *in)
{
#if STEER_DIM == 3
    return fuzz_bool(in) ? STEER_UP_Y : STEER_UP_Z;
#else
    (void)in;
    return STEER_UP_Z;
#endif
}

/* The braking arrive's settings, read in field order. */
static steer_arrival N(fb_arrival)(fuzz_input *in)
{
    steer_arrival a;
    a.slow_radius = fuzz_float(in);
    a.max_accel = fuzz_float(in);
    a.dt = fuzz_float(in);
    a.tolerance = fuzz_float(in);
    return a;
}

/* A fuzz-driven steer_random_fn: values in [0, 1] as the contract says,
 * including both ends. */
static float N(fb_random)(void *context)
{
    fuzz_input *in = context;
    uint8_t b = fuzz_u8(in);
    if (b == 0) return 0.0f;
    if (b == 255) return 1.0f;
    return (float)b / 255.0f;
}

typedef struct N(fb_dither_ctx) {
    const V *forces;
    int count;
    int calls;
} N(fb_dither_ctx);

static V N(fb_dither_eval)(int index, void *context)
{
    N(fb_dither_ctx) *c = context;
    FUZZ_CHECK(index >= 0 && index < c->count, "dither evaluated behaviour %d of %d", index, c->count);
    c->calls++;
    return c->forces[index];
}

/* A vehicle at an arbitrary place with an arbitrary seed: the seed read
 * first, as gcc evaluated make(place, seed) (fuzz.h). */
static N(steer_vehicle) N(fb_make)(fuzz_input *in)
{
    uint32_t seed = fuzz_u32(in);
    V place = N(fb_v)(in);
    return VFN(make)(place, seed);
}

/* The vehicle: arbitrary limits and state, a few behaviour calls whose
 * forces are applied, then a step. Forces must be finite; a vehicle whose
 * state was finite must stay finite. */
static void N(fb_vehicle)(fuzz_input *in, N(fb_scratch) *s, int op)
{
    N(steer_vehicle) v = N(fb_make)(in);
    N(steer_vehicle) other = N(fb_make)(in);
    uint8_t mask = fuzz_u8(in);
    if (mask & 1) v.velocity = N(fb_v)(in);
    if (mask & 2) v.max_speed = fuzz_float(in);
    if (mask & 4) v.max_force = fuzz_float(in);
    if (mask & 8) v.mass = fuzz_float(in);
    if (mask & 16) v.radius = fuzz_float(in);
    if (mask & 32) v.max_turn_rate = fuzz_float(in);
    if (mask & 64) v.heading_smoothing = fuzz_float(in);
    if (mask & 128) {
        v.wander.radius = fuzz_float(in);
        v.wander.distance = fuzz_float(in);
        v.wander.jitter = fuzz_float(in);
        v.wander_angle = fuzz_float(in);
    }
    other.velocity = N(fb_v)(in);
#if STEER_DIM == 3
    v.up = N(fb_up)(in);
#endif
    int calls = fuzz_int(in, 1, 6);
    for (int c = 0; c < calls; ++c) {
        bool finite_before = F(is_valid)(v.position) && F(is_valid)(v.velocity) && F(is_valid)(v.heading);
        V f;
        bool from_behaviour = true;
        int count = N(fb_count)(in);
        switch (fuzz_int(in, 0, 18)) {
        case 0: f = VFN(seek)(&v, N(fb_v)(in)); break;
        case 1: { /* the last argument read first, here and below (fuzz.h) */
            float panic = fuzz_float(in);
            V threat = N(fb_v)(in);
            f = VFN(flee)(&v, threat, panic);
            break;
        }
        case 2: {
            float slow = fuzz_float(in);
            V target = N(fb_v)(in);
            f = VFN(arrive)(&v, target, slow);
            break;
        }
        case 3: f = VFN(pursue)(&v, &other, fuzz_float(in)); break;
        case 4: {
            float panic = fuzz_float(in), max_prediction = fuzz_float(in);
            f = VFN(evade)(&v, &other, max_prediction, panic);
            break;
        }
        case 5: {
            V target;
            f = VFN(wander)(&v, fuzz_float(in), &target);
            N(fb_check)(target, "vehicle wander target", op);
            break;
        }
        case 6:
            N(fb_obstacles)(in, s, count);
            f = VFN(avoid_obstacles)(&v, s->obstacles, count, fuzz_float(in));
            FUZZ_CHECK(v.avoid_latch >= -1 && v.avoid_latch < count, "vehicle latch %d of %d", v.avoid_latch, count);
            break;
        case 7: {
            N(fb_walls)(in, s, count);
            float p[3];
            fuzz_floats(in, p, 3);
            steer_wall_feelers fl = {p[0], p[1], p[2], STEER_UP_Z};
            f = VFN(avoid_walls)(&v, s->walls, count, &fl);
            break;
        }
        case 8: {
            N(fb_walls)(in, s, count);
            float p[3];
            fuzz_floats(in, p, 3);
            steer_wall_follow_params wp = {p[0], p[1], p[2], STEER_UP_Z};
            f = VFN(follow_wall)(&v, s->walls, count, &wp);
            break;
        }
        case 9: {
            N(fb_fill)(in, s->points, count);
            bool closed = fuzz_bool(in);
            float radius = fuzz_float(in);
            N(steer_path) path = {s->points, count, closed, radius};
            float ahead = fuzz_float(in), predict = fuzz_float(in);
            f = VFN(follow_path)(&v, &path, predict, ahead);
            break;
        }
        case 10: {
            N(fb_fill)(in, s->points, count);
            if (fuzz_bool(in)) v.waypoint = fuzz_int(in, -3, FB_MAX + 3);
            float slow = fuzz_float(in), arrival = fuzz_float(in);
            f = VFN(follow_waypoints)(&v, s->points, count, arrival, slow);
            break;
        }
        case 11: {
            N(steer_flow_field) field = N(fb_field)(in, s);
            f = VFN(follow_flow)(&v, &field, fuzz_float(in));
            break;
        }
        case 12: {
            float margin = fuzz_float(in);
            N(steer_box) box = N(fb_box)(in);
            f = VFN(contain)(&v, box, margin);
            break;
        }
        case 13: f = VFN(interpose)(&v, &other, &other, fuzz_float(in)); break;
        case 14: {
            N(fb_obstacles)(in, s, count);
            float slow = fuzz_float(in), distance = fuzz_float(in);
            f = VFN(hide)(&v, &other, s->obstacles, count, distance, slow);
            break;
        }
        case 15: {
            float slow = fuzz_float(in);
            V offset = N(fb_v)(in);
            f = VFN(offset_pursuit)(&v, &other, offset, slow);
            break;
        }
#if STEER_DIM == 3
        case 16: {
            V target;
            f = steer_vehicle3_wander_sphere(&v, fuzz_float(in), &target);
            N(fb_check)(target, "vehicle wander_sphere target", op);
            break;
        }
#endif
        case 17: {
            V target = N(fb_v)(in);
            float slow = fuzz_float(in), tolerance = fuzz_float(in), dt = fuzz_float(in);
            f = VFN(arrive_braking)(&v, target, slow, tolerance, dt);
            break;
        }
        default: /* an arbitrary force, maybe not finite: apply_force drops those */
            f = N(fb_v)(in);
            from_behaviour = false;
            break;
        }
        if (from_behaviour) N(fb_check)(f, "vehicle behaviour", op);
        VFN(apply_force)(&v, f);
        float dt = fuzz_float(in);
        VFN(step)(&v, dt);
        FUZZ_CHECK(F(is_valid)(v.force) && F(len_sq)(v.force) == 0.0f, "%dD vehicle step left a force", STEER_DIM);
        if (finite_before) {
            N(fb_check)(v.position, "vehicle position", op);
            N(fb_check)(v.velocity, "vehicle velocity", op);
            N(fb_check)(v.heading, "vehicle heading", op);
            N(fb_check)(v.smooth_heading, "vehicle smooth heading", op);
        }
    }
}

/* The vehicle's forwarding functions with arbitrary limits and a leader
 * whose heading is not a unit vector. */
static void N(fb_vehicle_forces)(fuzz_input *in, N(fb_scratch) *s, int op)
{
    N(steer_vehicle) v = N(fb_make)(in);
    N(steer_vehicle) other = N(fb_make)(in);
    v.velocity = N(fb_v)(in);
    v.max_speed = fuzz_float(in);
    v.max_force = fuzz_float(in);
    v.radius = fuzz_float(in);
    other.velocity = N(fb_v)(in);
    other.heading = N(fb_v)(in);
    int count = N(fb_count)(in);
    N(fb_obstacles)(in, s, count);
    N(fb_fill)(in, s->points, count);
    V t;
    N(fb_check)(VFN(seek)(&v, N(fb_v)(in)), "vehicle seek", op);
    {
        V target = N(fb_v)(in);
        float slow = fuzz_float(in), tolerance = fuzz_float(in), dt = fuzz_float(in);
        N(fb_check)(VFN(arrive_braking)(&v, target, slow, tolerance, dt), "vehicle arrive_braking", op);
    }
    N(fb_check)(VFN(pursue)(&v, &other, fuzz_float(in)), "vehicle pursue", op);
    { /* the last argument read first, in each call below (fuzz.h) */
        float panic = fuzz_float(in), max_prediction = fuzz_float(in);
        N(fb_check)(VFN(evade)(&v, &other, max_prediction, panic), "vehicle evade", op);
    }
    N(fb_check)(VFN(wander)(&v, fuzz_float(in), &t), "vehicle wander", op);
    N(fb_check)(VFN(avoid_obstacles)(&v, s->obstacles, count, fuzz_float(in)), "vehicle avoid", op);
    {
        float slow = fuzz_float(in), arrival = fuzz_float(in);
        N(fb_check)(VFN(follow_waypoints)(&v, s->points, count, arrival, slow), "vehicle waypoints", op);
    }
    {
        float slow = fuzz_float(in), distance = fuzz_float(in);
        N(fb_check)(VFN(hide)(&v, &other, s->obstacles, count, distance, slow), "vehicle hide", op);
    }
    {
        float slow = fuzz_float(in);
        V offset = N(fb_v)(in);
        N(fb_check)(VFN(offset_pursuit)(&v, &other, offset, slow), "vehicle offset", op);
    }
}

/* |v| at any scale (saturated at FLT_MAX), where F(len) over- or underflows. */
static float N(fb_len)(V v)
{
    float l = 0.0f;
    F(direction)(v, &l);
    return l;
}

/* Bit for bit the same vector (+0 and -0 apart). */
static bool N(fb_same)(V a, V b)
{
    for (int axis = 0; axis < STEER_DIM; ++axis) {
        float x = F(get)(a, axis), y = F(get)(b, axis);
        if (memcmp(&x, &y, sizeof x) != 0) return false;
    }
    return true;
}

/* A waypoint order: the four, and now and then one that is none of them
 * (-1, 4, 5), which gives zero and keeps the index. */
static steer_waypoint_order N(fb_order)(fuzz_input *in) { return (steer_waypoint_order)fuzz_int(in, -1, 5); }

/* follow_waypoints_ordered's progress from `from` to `index`: refused (no
 * list, no index, no such order) it stays; else it is a place in the list,
 * one on at most, or round to the first in a loop of two points or more. */
static void N(fb_check_order_progress)(int from, int index, int count, bool refused, steer_waypoint_order order,
                                       const char *what, int op)
{
    if (refused) {
        FUZZ_CHECK(index == from, "%dD op %d (%s): refused call moved the index %d -> %d", STEER_DIM, op, what, from,
                   index);
        return;
    }
    FUZZ_CHECK(index >= 0 && index < count, "%dD op %d (%s): index %d of %d", STEER_DIM, op, what, index, count);
    bool loop = (order & STEER_WAYPOINTS_LOOP) != 0 && count > 1;
    if (from >= 0 && from < count)
        FUZZ_CHECK(index == from || index == from + 1 || (loop && from == count - 1 && index == 0),
                   "%dD op %d (%s): order %d moved %d -> %d of %d", STEER_DIM, op, what, (int)order, from, index, count);
}

/* A vehicle's force from an acceleration capped at max_accel = max_force /
 * mass: within max_force, zero where max_accel is not > 0 (or NaN), no
 * cap where it is infinite. A denormal max_accel is rounded by up to half
 * its size (mass 1e38, max_force 1e-7: 1.4e-45) and each component of the
 * acceleration by up to the least denormal, and the force, their multiple,
 * with them: there the acceleration itself is held to the cap. */
static void N(fb_check_accel)(V f, float mass, float max_force, float max_accel, const char *what, int op)
{
    N(fb_check)(f, what, op);
    if (!(max_accel > 0.0f))
        FUZZ_CHECK(F(len_sq)(f) == 0.0f, "%dD op %d (%s): force with max_force / mass %g", STEER_DIM, op, what,
                   (double)max_accel);
    else if (max_accel >= FLT_MIN)
        N(fb_check_limit)(f, max_force, what, op);
    else
        FUZZ_CHECK(N(fb_len)(f) <= (max_accel + 2.0f * FLT_TRUE_MIN) * mass * 1.0001f + 1e-18f,
                   "%dD op %d (%s): |force| %g above mass %g times the acceleration cap %g", STEER_DIM, op, what,
                   (double)N(fb_len)(f), (double)mass, (double)max_accel);
}

/* The vehicle's target_speed, match_velocity and follow_waypoints_ordered
 * with arbitrary limits, each force applied and stepped. Their forces are an
 * acceleration capped at max_force / mass times the mass: within max_force,
 * zero where refused; stepped over dt = 1 (target_speed, once within
 * max_force / mass of the speed) or time_to_target (match_velocity, once
 * that reaches it) with no turn limit, the vehicle lands on what it asked
 * for at any mass. The waypoint stays a place in the list. */
static void N(fb_vehicle_speed)(fuzz_input *in, N(fb_scratch) *s, int op)
{
    V start = N(fb_v)(in); /* read in turn: arguments' order is the compiler's */
    uint32_t seed = fuzz_u32(in);
    N(steer_vehicle) v = VFN(make)(start, seed);
    uint8_t mask = fuzz_u8(in);
    if (mask & 1) v.velocity = N(fb_v)(in);
    if (mask & 2) v.max_speed = fuzz_float(in);
    if (mask & 4) v.max_force = fuzz_float(in);
    if (mask & 8) v.mass = fuzz_float(in);
    if (mask & 16) v.max_turn_rate = fuzz_float(in);
    if (mask & 32) v.heading = N(fb_v)(in); /* maybe not unit: target_speed sets off along it */
    if (mask & 64) v.waypoint = fuzz_int(in, -3, FB_MAX + 3);
#if STEER_DIM == 3
    v.up = N(fb_up)(in);
#endif
    int count = N(fb_count)(in);
    N(fb_fill)(in, s->points, count);
    int calls = fuzz_int(in, 1, 6);
    for (int c = 0; c < calls; ++c) {
        bool finite_before = F(is_valid)(v.position) && F(is_valid)(v.velocity) && F(is_valid)(v.heading);
        float mass = v.mass > 0.0f ? v.mass : 1.0f, max_accel = v.max_force / mass;
        float speed = N(fb_len)(v.velocity);
        /* the landing promise, for ordinary floats the rounding stays small in */
        bool ordinary = finite_before && !(v.max_turn_rate > 0.0f) && mass >= 1e-6f && mass <= 1e6f &&
                        v.max_force <= 1e30f && steer_is_finite(max_accel) && max_accel > 0.0f &&
                        F(max_abs)(v.position) <= 1e20f && F(max_abs)(v.velocity) <= 1e20f;
        float dt = fuzz_float(in);
        bool exact = fuzz_bool(in); /* the step the promise is made for */
        bool lands = false;
        V expect = F(zero)();
        float tolerance = 0.0f;
        V f;
        switch (fuzz_int(in, 0, 2)) {
        case 0: {
            float target = fuzz_float(in);
            f = VFN(target_speed)(&v, target);
            if (!(target >= 0.0f) || !F(is_valid)(v.velocity))
                FUZZ_CHECK(F(len_sq)(f) == 0.0f, "%dD vehicle target_speed %g refused with a force", STEER_DIM,
                           (double)target);
            N(fb_check_accel)(f, mass, v.max_force, max_accel, "vehicle target_speed", op);
            if (exact) dt = 1.0f;
            if (ordinary && target >= 0.0f && target <= 1e20f && target <= v.max_speed &&
                steer_absf(target - speed) <= max_accel) {
                V forward = F(direction)(v.velocity, 0);
                if (F(len_sq)(forward) == 0.0f) forward = F(direction)(v.heading, 0);
                if (F(len_sq)(forward) == 0.0f) forward = F(set)(F(zero)(), 0, 1.0f);
                lands = exact;
                expect = F(scale)(forward, target);
                tolerance = 1e-5f * (speed + target + steer_absf(target - speed)) + 1e-30f;
            }
            break;
        }
        case 1: {
            V target = N(fb_v)(in);
            float time = fuzz_float(in);
            f = VFN(match_velocity)(&v, target, time);
            if (!(time > 0.0f) || !F(is_valid)(v.velocity) || !F(is_valid)(target))
                FUZZ_CHECK(F(len_sq)(f) == 0.0f, "%dD vehicle match_velocity refused with a force", STEER_DIM);
            N(fb_check_accel)(f, mass, v.max_force, max_accel, "vehicle match_velocity", op);
            if (exact) dt = time;
            if (ordinary && F(is_valid)(target) && F(max_abs)(target) <= 1e20f && time >= 1e-6f && time <= 1e6f &&
                N(fb_len)(target) <= v.max_speed &&
                N(fb_len)(F(sub)(target, v.velocity)) <= max_accel * time * (1.0f - 1e-5f)) {
                lands = exact;
                expect = target;
                tolerance = 1e-5f * (speed + N(fb_len)(target)) + 1e-30f;
            }
            break;
        }
        default: {
            int from = v.waypoint;
            steer_waypoint_order order = N(fb_order)(in);
            float arrival = fuzz_float(in), slow = fuzz_float(in);
            f = VFN(follow_waypoints_ordered)(&v, s->points, count, arrival, slow, order);
            bool refused = count <= 0 || (unsigned)order > STEER_WAYPOINTS_LOOP_REVERSE;
            if (refused) FUZZ_CHECK(F(len_sq)(f) == 0.0f, "%dD vehicle follow_waypoints_ordered refused with a force",
                                    STEER_DIM);
            N(fb_check_order_progress)(from, v.waypoint, count, refused, order, "vehicle follow_waypoints_ordered", op);
            break;
        }
        }
        N(fb_check)(f, "vehicle speed behaviour", op);
        int waypoint = v.waypoint;
        VFN(apply_force)(&v, f);
        VFN(step)(&v, dt);
        FUZZ_CHECK(v.waypoint == waypoint, "%dD vehicle step moved the waypoint", STEER_DIM);
        if (finite_before) {
            N(fb_check)(v.position, "vehicle position", op);
            N(fb_check)(v.velocity, "vehicle velocity", op);
            N(fb_check)(v.heading, "vehicle heading", op);
        }
        if (lands)
            FUZZ_CHECK(N(fb_len)(F(sub)(v.velocity, expect)) <= tolerance,
                       "%dD vehicle (mass %g, max_force %g) missed the velocity asked for by %g (tolerance %g)",
                       STEER_DIM, (double)mass, (double)v.max_force, (double)N(fb_len)(F(sub)(v.velocity, expect)),
                       (double)tolerance);
    }
}

#define N_FB_OPS 52

static void N(fb_run)(fuzz_input *in, N(fb_scratch) *s, int op)
{
    int count = N(fb_count)(in);
    V pos = N(fb_v)(in), vel = N(fb_v)(in);
    float max_speed = fuzz_float(in);
    V out, extra;
    switch (op) {
    case 0: N(fb_check)(N(steer_seek)(pos, vel, N(fb_v)(in), max_speed), "seek", op); break;
    case 1: { /* the last argument read first (fuzz.h) */
        float panic = fuzz_float(in);
        V threat = N(fb_v)(in);
        N(fb_check)(N(steer_flee)(pos, vel, threat, max_speed, panic), "flee", op);
        break;
    }
    case 2: {
        float slow = fuzz_float(in);
        V target = N(fb_v)(in);
        N(fb_check)(N(steer_arrive)(pos, vel, target, max_speed, slow), "arrive", op);
        break;
    }
    case 3: {
        V tp = N(fb_v)(in), tv = N(fb_v)(in);
        out = N(steer_predict)(pos, tp, tv, max_speed, fuzz_float(in));
        if (F(is_valid)(tp) && F(is_valid)(tv)) N(fb_check)(out, "predict", op);
        break;
    }
    case 4: {
        V tp = N(fb_v)(in), tv = N(fb_v)(in);
        N(fb_check)(N(steer_pursue)(pos, vel, tp, tv, max_speed, fuzz_float(in)), "pursue", op);
        break;
    }
    case 5: {
        V tp = N(fb_v)(in), tv = N(fb_v)(in);
        float cap = fuzz_float(in);
        N(fb_check)(N(steer_evade)(pos, vel, tp, tv, max_speed, cap, fuzz_float(in)), "evade", op);
        break;
    }
    case 6: {
        float angle = fuzz_float(in), p[3];
        fuzz_floats(in, p, 3);
        steer_wander_params wp = {p[0], p[1], p[2], STEER_UP_Z};
        wp.up = N(fb_up)(in);
        float dt = fuzz_float(in);
        bool with_random = fuzz_bool(in);
        out = N(steer_wander)(pos, vel, &angle, &wp, max_speed, dt, with_random ? N(fb_random) : 0, in, &extra);
        N(fb_check)(out, "wander", op);
        N(fb_check)(extra, "wander target", op);
        FUZZ_CHECK(steer_is_finite(angle), "%dD wander left a non-finite angle %g", STEER_DIM, (double)angle);
        break;
    }
    case 7:
        N(fb_fill)(in, s->points, count);
        N(fb_check)(N(steer_separation)(pos, s->points, count, fuzz_float(in)), "separation", op);
        break;
    case 8:
        N(fb_fill)(in, s->points, count);
        N(fb_check)(N(steer_separation_desired)(pos, vel, s->points, count, fuzz_float(in), max_speed),
                    "separation_desired", op);
        break;
    case 9:
        N(fb_fill)(in, s->vels, count);
        N(fb_check)(N(steer_alignment)(vel, s->vels, count), "alignment", op);
        break;
    case 10:
        N(fb_fill)(in, s->vels, count);
        N(fb_check)(N(steer_alignment_desired)(vel, s->vels, count, max_speed), "alignment_desired", op);
        break;
    case 11:
        N(fb_fill)(in, s->points, count);
        N(fb_check)(N(steer_cohesion)(pos, vel, s->points, count, max_speed), "cohesion", op);
        break;
    case 12: {
        N(fb_obstacles)(in, s, count);
        float p[5];
        fuzz_floats(in, p, 5);
        steer_avoid_params ap = {p[0], p[1], p[2], p[3], p[4], STEER_UP_Z};
        ap.up = N(fb_up)(in);
        int latch = fuzz_int(in, -2, FB_MAX + 1);
        bool use_latch = fuzz_bool(in);
        N(fb_check)(N(steer_avoid_obstacles)(pos, vel, s->obstacles, count, &ap, use_latch ? &latch : 0),
                    "avoid_obstacles", op);
        if (use_latch) FUZZ_CHECK(latch >= -1 && latch < count, "avoid latch %d of %d", latch, count);
        break;
    }
    case 13: {
        N(fb_obstacles)(in, s, count);
        float radius = fuzz_float(in), length = fuzz_float(in), max_force = fuzz_float(in);
        N(fb_check)(N(steer_avoid_obstacles_feeler)(pos, vel, s->obstacles, count, radius, length, max_force, &extra),
                    "avoid_obstacles_feeler", op);
        N(fb_check)(extra, "feeler tip", op);
        break;
    }
    case 14: {
        N(fb_walls)(in, s, count);
        float p[3];
        fuzz_floats(in, p, 3);
        steer_wall_feelers fl = {p[0], p[1], p[2], STEER_UP_Z};
        fl.up = N(fb_up)(in);
        V tips[3];
        N(fb_check)(N(steer_avoid_walls)(pos, vel, s->walls, count, &fl, tips), "avoid_walls", op);
        for (int k = 0; k < 3; ++k) N(fb_check)(tips[k], "wall feeler tip", op);
        break;
    }
    case 15: {
        N(fb_walls)(in, s, count);
        float p[3];
        fuzz_floats(in, p, 3);
        steer_wall_follow_params wp = {p[0], p[1], p[2], STEER_UP_Z};
        wp.up = N(fb_up)(in);
        N(fb_check)(N(steer_follow_wall)(pos, vel, s->walls, count, &wp, max_speed), "follow_wall", op);
        break;
    }
    case 16: {
        N(fb_fill)(in, s->points, count);
        bool closed = fuzz_bool(in);
        N(steer_path) path = {s->points, count, closed, fuzz_float(in)};
        float d = -1.0f, t = -1.0f;
        int seg = -2;
        out = N(steer_path_closest_point)(&path, pos, &d, &seg, &t);
        N(fb_check)(out, "path_closest_point", op);
        FUZZ_CHECK(steer_is_finite(d) && d >= 0.0f, "closest point distance %g", (double)d);
        FUZZ_CHECK(seg >= -1 && seg < count, "closest point segment %d of %d", seg, count);
        FUZZ_CHECK(t >= 0.0f && t <= 1.0f, "closest point t %g", (double)t);
        break;
    }
    case 17: {
        N(fb_fill)(in, s->points, count);
        bool closed = fuzz_bool(in);
        N(steer_path) path = {s->points, count, closed, fuzz_float(in)};
        float predict = fuzz_float(in), ahead = fuzz_float(in);
        N(fb_check)(N(steer_follow_path)(pos, vel, &path, predict, ahead, max_speed), "follow_path", op);
        break;
    }
    case 18: {
        N(fb_fill)(in, s->points, count);
        int index = fuzz_int(in, -3, FB_MAX + 3);
        float arrival = fuzz_float(in), slow = fuzz_float(in);
        N(fb_check)(N(steer_follow_waypoints)(pos, vel, s->points, count, &index, arrival, slow, max_speed),
                    "follow_waypoints", op);
        if (count > 0) FUZZ_CHECK(index >= 0 && index < count, "waypoint index %d of %d", index, count);
        break;
    }
    case 19: {
        N(steer_flow_field) field = N(fb_field)(in, s);
        N(fb_check)(N(steer_flow_field_sample)(&field, pos), "flow_field_sample", op);
        break;
    }
    case 20: {
        N(steer_flow_field) field = N(fb_field)(in, s);
        N(fb_check)(N(steer_follow_flow)(pos, vel, &field, fuzz_float(in), max_speed), "follow_flow", op);
        break;
    }
    case 21: {
        N(steer_box) box = N(fb_box)(in);
        N(fb_check)(N(steer_contain)(pos, vel, box, fuzz_float(in), max_speed), "contain", op);
        break;
    }
    case 22: {
        V ap = N(fb_v)(in), av = N(fb_v)(in), bp = N(fb_v)(in), bv = N(fb_v)(in);
        N(fb_check)(N(steer_interpose)(pos, vel, ap, av, bp, bv, max_speed, fuzz_float(in)), "interpose", op);
        break;
    }
    case 23: {
        N(fb_obstacles)(in, s, count);
        V hp = N(fb_v)(in), hv = N(fb_v)(in);
        float dist = fuzz_float(in), slow = fuzz_float(in);
        N(fb_check)(N(steer_hide)(pos, vel, hp, hv, s->obstacles, count, dist, max_speed, slow, &extra), "hide", op);
        N(fb_check)(extra, "hide spot", op);
        break;
    }
    case 24: {
        V lp = N(fb_v)(in), lv = N(fb_v)(in), lh = N(fb_v)(in), off = N(fb_v)(in);
        N(fb_check)(N(steer_offset_pursuit)(pos, vel, lp, lv, lh, off, max_speed, fuzz_float(in)), "offset_pursuit",
                    op);
        break;
    }
    case 25: {
        /* the heading must be a unit vector; the output is finite for one */
        V h = F(normalize)(N(fb_v)(in));
        V local = N(fb_v)(in);
#if STEER_DIM == 3
        out = steer_local_to_world3_up(h, local, N(fb_up)(in));
#else
        out = N(steer_local_to_world)(h, local);
#endif
        if (F(len_sq)(h) > 0.0f && F(is_valid)(local) && F(max_abs)(local) < 1e37f)
            N(fb_check)(out, "local_to_world", op);
        break;
    }
    case 26: N(fb_check_unit)(N(steer_turn_toward)(pos, vel, max_speed), "turn_toward", op); break;
    case 27: {
        V target = N(fb_v)(in);
        float rate = fuzz_float(in), dt = fuzz_float(in);
        N(fb_check_unit)(N(steer_face)(F(normalize)(pos), vel, target, rate, dt), "face", op);
        break;
    }
    case 28: {
        float rate = fuzz_float(in), dt = fuzz_float(in);
        N(fb_check_unit)(N(steer_look_where_going)(pos, vel, rate, dt), "look_where_going", op);
        break;
    }
    case 29:
    case 30:
    case 31:
    case 32: {
        N(fb_fill)(in, s->forces, count);
        bool weighted = fuzz_bool(in);
        for (int i = 0; i < count; ++i) {
            s->weights[i] = fuzz_float(in);
            s->probabilities[i] = fuzz_float(in);
        }
        const float *w = weighted ? s->weights : 0;
        float max_force = max_speed, epsilon = fuzz_float(in);
        int winner = -2;
        if (op == 29) {
            N(fb_check_limit)(N(steer_blend)(s->forces, w, count, max_force), max_force, "blend", op);
        } else if (op == 30) {
            N(fb_check_limit)(N(steer_priority)(s->forces, w, count, epsilon, max_force, &winner), max_force,
                              "priority", op);
            FUZZ_CHECK(winner >= -1 && winner < count, "priority winner %d of %d", winner, count);
        } else if (op == 31) {
            N(fb_check_limit)(N(steer_running_sum)(s->forces, w, count, max_force), max_force, "running_sum", op);
        } else {
            N(fb_dither_ctx) ctx = {s->forces, count, 0};
            out = N(steer_dither)(N(fb_dither_eval), &ctx, w, s->probabilities, count, epsilon, max_force,
                                  N(fb_random), in, &winner);
            N(fb_check_limit)(out, max_force, "dither", op);
            FUZZ_CHECK(winner >= -1 && winner < count, "dither winner %d of %d", winner, count);
        }
        break;
    }
    case 33: N(fb_check)(N(steer_smooth)(pos, vel, max_speed), "smooth", op); break;
    case 34: {
        float half_life = fuzz_float(in), dt = fuzz_float(in);
        out = N(steer_smooth_dt)(pos, vel, half_life, dt);
        N(fb_check)(out, "smooth_dt", op);
        break;
    }
    case 35: N(fb_vehicle)(in, s, op); break;
    case 36: N(fb_vehicle_forces)(in, s, op); break;
    case 37: {
        /* the vector primitives the behaviours build on */
        float len;
        out = F(normalize_len)(pos, &len);
        N(fb_check)(out, "normalize", op);
        /* a finite vector longer than FLT_MAX may report its length as +Inf */
        FUZZ_CHECK(len >= 0.0f && (steer_is_finite(len) || F(is_valid)(pos)), "normalize_len length %g", (double)len);
        if (F(len_sq)(out) > 0.0f) N(fb_check_unit)(out, "normalize", op);
        N(fb_check_limit)(F(truncate)(pos, max_speed), max_speed, "truncate", op);
        break;
    }
#if STEER_DIM == 3
    case 38: {
        float p[5];
        fuzz_floats(in, p, 5);
        steer_wander_sphere ws = {p[0], p[1]};
        bool in_range = !(steer_absf(ws.elevation) > STEER_PI * 0.5f); /* the state kept in range stays so */
        steer_wander_params wp = {p[2], p[3], p[4], STEER_UP_Z};
        wp.up = N(fb_up)(in);
        float dt = fuzz_float(in);
        out = steer_wander_sphere3(pos, vel, &ws, &wp, max_speed, dt, N(fb_random), in, &extra);
        N(fb_check)(out, "wander_sphere3", op);
        N(fb_check)(extra, "wander_sphere3 target", op);
        FUZZ_CHECK(steer_is_finite(ws.azimuth) && steer_is_finite(ws.elevation), "wander_sphere3 state %g %g",
                   (double)ws.azimuth, (double)ws.elevation);
        FUZZ_CHECK(!in_range || steer_absf(ws.elevation) <= STEER_PI * 0.5f + 1e-6f,
                   "wander_sphere3 elevation %g outside [-pi/2, pi/2]", (double)ws.elevation);
        break;
    }
#endif
    case 39: {
        V target = N(fb_v)(in);
        steer_arrival arrival = N(fb_arrival)(in);
        N(fb_check)(N(steer_arrive_braking)(pos, vel, target, max_speed, &arrival), "arrive_braking", op);
        break;
    }
    case 40: {
        N(fb_fill)(in, s->points, count);
        int index = fuzz_int(in, -3, FB_MAX + 3);
        float arrival_radius = fuzz_float(in);
        steer_arrival arrival = N(fb_arrival)(in);
        N(fb_check)(N(steer_follow_waypoints_braking)(pos, vel, s->points, count, &index, arrival_radius, &arrival,
                                                      max_speed),
                    "follow_waypoints_braking", op);
        if (count > 0) FUZZ_CHECK(index >= 0 && index < count, "braking waypoint index %d of %d", index, count);
        break;
    }
    case 41: {
        N(fb_fill)(in, s->points, count);
        bool closed = fuzz_bool(in);
        N(steer_path) path = {s->points, count, closed, fuzz_float(in)};
        float distance = fuzz_float(in);
        int seg = -2;
        bool passed = false;
        out = N(steer_path_point_ahead)(&path, pos, distance, &seg, &passed);
        N(fb_check)(out, "path_point_ahead", op); /* K8, fixed: a path point not finite was returned */
        FUZZ_CHECK(seg >= -1 && seg < count, "point ahead segment %d of %d", seg, count);
        FUZZ_CHECK(!(passed && closed), "point ahead passed the end of a closed path");
        break;
    }
    case 42: {
        N(fb_fill)(in, s->points, count);
        bool closed = fuzz_bool(in);
        N(steer_path) path = {s->points, count, closed, fuzz_float(in)};
        float predict = fuzz_float(in), ahead = fuzz_float(in);
        steer_arrival arrival = N(fb_arrival)(in);
        N(fb_check)(N(steer_follow_path_to_end)(pos, vel, &path, predict, ahead, &arrival, max_speed),
                    "follow_path_to_end", op);
        break;
    }
    case 44: {
        N(fb_neighbours)(in, s, count, pos, vel);
        float p[5];
        fuzz_floats(in, p, 5);
        steer_neighbour_avoidance na = {p[0], p[1], p[2], p[3], p[4], STEER_UP_Z};
        na.up = N(fb_up)(in);
        bool none = N(fb_null)(in), with_threat = fuzz_bool(in);
        int threat = -2;
        out = N(steer_avoid_neighbours)(pos, vel, none ? 0 : s->neighbours, count, &na, with_threat ? &threat : 0);
        N(fb_check)(out, "avoid_neighbours", op);
        /* a push of max_force, sideways or away (of -max_force's length when it is negative) */
        if (steer_is_finite(na.max_force))
            FUZZ_CHECK(F(len)(out) <= steer_absf(na.max_force) * 1.0001f + 1e-18f,
                       "%dD avoid_neighbours: |force| %g above |max_force| %g", STEER_DIM, (double)F(len)(out),
                       (double)na.max_force);
        if (with_threat)
            FUZZ_CHECK(threat >= -1 && threat < (none ? 0 : count), "avoid_neighbours threat %d of %d", threat, count);
        break;
    }
    case 45: {
        N(fb_neighbours)(in, s, count, pos, vel);
        for (int i = 0; i < count; ++i) s->weights[i] = fuzz_float(in);
        float p[9];
        fuzz_floats(in, p, 9);
        steer_anticipation an = {p[0], p[1], p[2], p[3], p[4], p[5], p[6], STEER_UP_Z, p[7], p[8]};
        an.up = N(fb_up)(in);
        bool none = N(fb_null)(in), with_priorities = fuzz_bool(in);
        out = N(steer_anticipate)(pos, vel, none ? 0 : s->neighbours, with_priorities ? s->weights : 0, count, &an);
        /* each push and the sum capped at max_force; <= 0 (or NaN): zero */
        N(fb_check_limit)(out, an.max_force, "anticipate", op);
        break;
    }
    case 46: {
        V other_pos = N(fb_v)(in), other_vel = N(fb_v)(in);
        float radius = fuzz_float(in);
        if (fuzz_bool(in)) other_pos = pos; /* coincident: in contact whatever the radius */
        float tau = N(steer_time_to_collision)(pos, vel, other_pos, other_vel, radius);
        FUZZ_CHECK(steer_is_finite(tau) && (tau >= 0.0f || tau == -1.0f), "%dD time_to_collision %g", STEER_DIM,
                   (double)tau);
        break;
    }
    case 47: {
        N(fb_fill)(in, s->points, count);
        bool closed = fuzz_bool(in), none = N(fb_null)(in), with_segment = fuzz_bool(in);
        N(steer_path) path = {none ? 0 : s->points, count, closed, fuzz_float(in)};
        int from = fuzz_int(in, -3, FB_MAX + 3), seg = from;
        float window = fuzz_float(in), distance = fuzz_float(in);
        bool passed = false;
        out = N(steer_path_track)(&path, pos, with_segment ? &seg : 0, window, distance, &passed);
        N(fb_check)(out, "path_track", op);
        FUZZ_CHECK(!(passed && closed), "path_track passed the end of a closed path");
        if (!with_segment) break;
        int segments = none || count < 2 ? 0 : (closed ? count : count - 1);
        if (from >= 0 && count >= 2 && !F(is_valid)(pos)) { /* no place to go on from: the progress stays */
            FUZZ_CHECK(seg == from && F(len_sq)(out) == 0.0f, "path_track moved on from no place: %d -> %d", from, seg);
        } else if (segments > 0 && from >= 0) { /* in order: a segment of the path, never back on an open one */
            int first = from < segments ? from : segments - 1;
            FUZZ_CHECK(seg >= 0 && seg < segments, "path_track segment %d of %d", seg, segments);
            FUZZ_CHECK(closed || seg >= first, "path_track went back on an open path: %d -> %d", first, seg);
        } else { /* from the nearest point, as path_point_ahead */
            FUZZ_CHECK(seg >= -1 && seg < (none ? 0 : count), "path_track segment %d of %d", seg, count);
        }
        break;
    }
    case 48: {
        V heading = N(fb_v)(in);
        float target = fuzz_float(in), max_force = fuzz_float(in);
        out = N(steer_target_speed)(vel, heading, target, max_force);
        N(fb_check)(out, "target_speed", op);
        if (!(target >= 0.0f) || !(max_force > 0.0f) || !F(is_valid)(vel)) { /* refused */
            FUZZ_CHECK(F(len_sq)(out) == 0.0f, "%dD target_speed %g, max_force %g refused with a force", STEER_DIM,
                       (double)target, (double)max_force);
            break;
        }
        N(fb_check_limit)(out, max_force, "target_speed", op);
        /* never turns: along vel, from rest along the heading (+X without one), faster or slower as asked */
        float speed;
        V forward = F(direction)(vel, &speed);
        if (F(len_sq)(forward) == 0.0f) forward = F(direction)(heading, 0);
        if (F(len_sq)(forward) == 0.0f) forward = F(set)(F(zero)(), 0, 1.0f);
        float length;
        V way = F(direction)(out, &length);
        if (length > 1e-30f) /* denormal forces have no direction to speak of */
            FUZZ_CHECK(steer_absf(F(dot)(way, forward)) >= 1.0f - 1e-5f && (F(dot)(way, forward) > 0.0f) == (target > speed),
                       "%dD target_speed %g at speed %g: force off the forward axis or the wrong way (cos %g)",
                       STEER_DIM, (double)target, (double)speed, (double)F(dot)(way, forward));
        if (target == INFINITY && steer_is_finite(max_force)) /* max_force forward */
            FUZZ_CHECK(steer_absf(length - max_force) <= 1e-5f * max_force + 1e-37f,
                       "%dD target_speed Inf: |force| %g, not max_force %g", STEER_DIM, (double)length, (double)max_force);
        /* gain 1 reaches the speed once within max_force of it */
        if (target <= 1e30f && speed <= 1e30f && steer_absf(target - speed) <= max_force)
            FUZZ_CHECK(N(fb_len)(F(sub)(F(add)(vel, out), F(scale)(forward, target))) <= 1e-5f * (speed + target) + 1e-30f,
                       "%dD target_speed %g from speed %g (max_force %g) does not reach it", STEER_DIM, (double)target,
                       (double)speed, (double)max_force);
        break;
    }
    case 49: {
        V target = N(fb_v)(in);
        float time = fuzz_float(in), max_force = fuzz_float(in);
        out = N(steer_match_velocity)(vel, target, time, max_force);
        N(fb_check)(out, "match_velocity", op);
        if (!(time > 0.0f) || !(max_force > 0.0f) || !F(is_valid)(vel) || !F(is_valid)(target)) { /* refused */
            FUZZ_CHECK(F(len_sq)(out) == 0.0f, "%dD match_velocity (time %g, max_force %g) refused with a force",
                       STEER_DIM, (double)time, (double)max_force);
            break;
        }
        N(fb_check_limit)(out, max_force, "match_velocity", op);
        /* toward target - vel (halved where the difference overflows) */
        V d = F(sub)(target, vel);
        if (!F(is_valid)(d)) d = F(sub)(F(scale)(target, 0.5f), F(scale)(vel, 0.5f));
        float gap, length;
        V toward = F(direction)(d, &gap);
        V way = F(direction)(out, &length);
        if (length > 1e-30f)
            FUZZ_CHECK(F(dot)(way, toward) >= 1.0f - 1e-5f, "%dD match_velocity force not toward the target (cos %g)",
                       STEER_DIM, (double)F(dot)(way, toward));
        /* the acceleration that reaches target in time, when max_force allows it */
        if (F(max_abs)(target) <= 1e15f && F(max_abs)(vel) <= 1e15f && time >= 1e-6f && time <= 1e6f &&
            gap <= max_force * time * (1.0f - 1e-5f))
            FUZZ_CHECK(N(fb_len)(F(sub)(F(scale)(out, time), d)) <= 1e-5f * gap + 1e-30f,
                       "%dD match_velocity (time %g) does not reach the target: off by %g of %g", STEER_DIM,
                       (double)time, (double)N(fb_len)(F(sub)(F(scale)(out, time), d)), (double)gap);
        break;
    }
    case 50: {
        N(fb_fill)(in, s->points, count);
        int index = fuzz_int(in, -3, FB_MAX + 3), from = index;
        float arrival = fuzz_float(in), slow = fuzz_float(in);
        steer_waypoint_order order = N(fb_order)(in);
        bool none = N(fb_null)(in), no_index = N(fb_null)(in);
        out = N(steer_follow_waypoints_ordered)(pos, vel, none ? 0 : s->points, count, no_index ? 0 : &index, arrival,
                                                slow, max_speed, order);
        N(fb_check)(out, "follow_waypoints_ordered", op);
        bool refused = count <= 0 || none || no_index || (unsigned)order > STEER_WAYPOINTS_LOOP_REVERSE;
        if (refused)
            FUZZ_CHECK(F(len_sq)(out) == 0.0f, "%dD follow_waypoints_ordered refused (order %d) with a force",
                       STEER_DIM, (int)order);
        N(fb_check_order_progress)(from, index, count, refused, order, "follow_waypoints_ordered", op);
        if (refused || order == STEER_WAYPOINTS_LOOP) break;
        /* FORWARD is follow_waypoints; a reverse order the forward one on the list reversed, bit for bit */
        int mirror_index = from;
        V mirror;
        if (order == STEER_WAYPOINTS_FORWARD) {
            mirror = N(steer_follow_waypoints)(pos, vel, s->points, count, &mirror_index, arrival, slow, max_speed);
        } else {
            for (int i = 0; i < count; ++i) s->vels[i] = s->points[count - 1 - i];
            mirror = N(steer_follow_waypoints_ordered)(pos, vel, s->vels, count, &mirror_index, arrival, slow, max_speed,
                                                       (steer_waypoint_order)(order & ~STEER_WAYPOINTS_REVERSE));
        }
        FUZZ_CHECK(N(fb_same)(out, mirror) && mirror_index == index,
                   "%dD follow_waypoints_ordered order %d differs from its mirror (index %d, %d)", STEER_DIM,
                   (int)order, index, mirror_index);
        break;
    }
    case 51: N(fb_vehicle_speed)(in, s, op); break;
    default: {
        /* the scalar functions of math.h and the hysteresis gate */
        float x = F(get)(pos, 0), y = F(get)(vel, 0);
        float sn = steer_sin(x), cs = steer_cos(x), at = steer_atan2(x, y), e = steer_exp2(x), wa = steer_wrap_angle(x);
        FUZZ_CHECK(sn >= -1.0f && sn <= 1.0f && cs >= -1.0f && cs <= 1.0f, "sin/cos(%g) = %g, %g", (double)x,
                   (double)sn, (double)cs);
        FUZZ_CHECK(at >= -STEER_PI && at <= STEER_PI, "atan2(%g, %g) = %g", (double)x, (double)y, (double)at);
        FUZZ_CHECK(steer_is_finite(e) && e >= 0.0f, "exp2(%g) = %g", (double)x, (double)e);
        FUZZ_CHECK(!steer_is_finite(x) || (wa >= -STEER_PI && wa < STEER_PI), "wrap_angle(%g) = %g", (double)x,
                   (double)wa);
        bool state = fuzz_bool(in);
        bool r = steer_hysteresis(&state, x, y, max_speed);
        FUZZ_CHECK(r == state, "hysteresis returned %d with state %d", r, state);
        break;
    }
    }
}

#undef V
#undef F
#undef N
#undef VFN
#include "steer/detail/dim_end.h"

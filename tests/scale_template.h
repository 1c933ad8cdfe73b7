/* The scale property of test_scale.c, written once and included for
 * STEER_DIM 2 and 3: every behaviour evaluated on one random scene with all
 * its lengths multiplied by s (positions, velocities, speed and force
 * limits, radii, distances) returns s^p times its output at s = 1, where p
 * is the output's unit: 1 for forces and points, 0 for unit headings and
 * flow-field values, -1 for separation's raw push (a length^-1). */
#include "steer/detail/dim_begin.h"

#define V STEER_V
#define F STEER_F
#define N(name) STEER_N(name, )

enum { N(items) = 5, N(path_points) = 5, N(field_n) = 4 };

/* One scene at s = 1: coordinates within +-10, speeds and radii of order 1. */
typedef struct N(scene) {
    V pos, vel, target, tvel, other, ovel, heading, offset;
    V nb_pos[N(items)], nb_vel[N(items)];
    V centres[N(items)];
    float radii[N(items)];
    V wall_a[N(items)], wall_b[N(items)];
    V path[N(path_points)];
    V field[N(field_n) * N(field_n) * N(field_n)];
    V box_min, box_max;
    float max_speed, max_force, slow_radius, panic, radius, see_ahead, agent_radius;
    float arrival, ahead, predict, margin, cell, wall_range, wall_distance;
    float wander_angle, turn_rate, max_prediction, predict_time, dt;
    bool closed;
} N(scene);

static V N(vec)(steer_rng *rng, float lo, float hi)
{
    V r = F(zero)();
    for (int axis = 0; axis < STEER_DIM; ++axis) r = F(set)(r, axis, steer_rng_range(rng, lo, hi));
    return r;
}

static N(scene) N(make_scene)(steer_rng *rng)
{
    N(scene) c;
    memset(&c, 0, sizeof c);
    c.pos = N(vec)(rng, -10, 10);
    c.vel = N(vec)(rng, -3, 3);
    c.target = N(vec)(rng, -10, 10);
    c.tvel = N(vec)(rng, -3, 3);
    c.other = N(vec)(rng, -10, 10);
    c.ovel = N(vec)(rng, -3, 3);
    c.heading = N(vec)(rng, -1, 1);
    c.offset = N(vec)(rng, -3, 3);
    for (int i = 0; i < N(items); ++i) {
        c.nb_pos[i] = F(add)(c.pos, N(vec)(rng, -2, 2));
        c.nb_vel[i] = N(vec)(rng, -3, 3);
        /* Obstacles roughly ahead, so that avoidance has something to do. */
        c.centres[i] = F(add)(c.pos, F(add)(F(scale)(c.vel, steer_rng_range(rng, 0.5f, 3.0f)), N(vec)(rng, -2, 2)));
        c.radii[i] = steer_rng_range(rng, 0.3f, 2.0f);
        c.wall_a[i] = F(add)(c.pos, N(vec)(rng, -6, 6));
        c.wall_b[i] = F(add)(c.pos, N(vec)(rng, -6, 6));
    }
    for (int i = 0; i < N(path_points); ++i) c.path[i] = N(vec)(rng, -10, 10);
    for (int i = 0; i < N(field_n) * N(field_n) * N(field_n); ++i) c.field[i] = N(vec)(rng, -1, 1);
    c.box_min = N(vec)(rng, -10, -4);
    c.box_max = N(vec)(rng, 4, 10);
    c.max_speed = steer_rng_range(rng, 0.5f, 5.0f);
    c.max_force = steer_rng_range(rng, 0.5f, 5.0f);
    c.slow_radius = steer_rng_range(rng, 1.0f, 30.0f);
    c.panic = steer_rng_range(rng, 1.0f, 30.0f);
    c.radius = steer_rng_range(rng, 0.5f, 3.0f);
    c.see_ahead = steer_rng_range(rng, 1.0f, 8.0f);
    c.agent_radius = steer_rng_range(rng, 0.1f, 1.0f);
    c.arrival = steer_rng_range(rng, 0.5f, 20.0f);
    c.ahead = steer_rng_range(rng, 0.5f, 4.0f);
    c.predict = steer_rng_range(rng, 0.5f, 4.0f);
    c.margin = steer_rng_range(rng, 0.5f, 4.0f);
    c.cell = steer_rng_range(rng, 1.0f, 6.0f);
    c.wall_range = steer_rng_range(rng, 1.0f, 8.0f);
    c.wall_distance = steer_rng_range(rng, 0.5f, 3.0f);
    c.wander_angle = steer_rng_range(rng, -3.0f, 3.0f);
    c.turn_rate = steer_rng_range(rng, 0.1f, 3.0f);
    c.max_prediction = steer_rng_range(rng, 0.5f, 3.0f);
    c.predict_time = steer_rng_range(rng, 0.0f, 1.0f);
    c.dt = steer_rng_range(rng, 0.01f, 0.5f);
    c.closed = steer_rng_u32(rng) & 1u;
    return c;
}

/* The scene with every length multiplied by s (times stay). */
static N(scene) N(scaled)(const N(scene) *c, float s)
{
    N(scene) r = *c;
    V *vecs[] = {&r.pos, &r.vel, &r.target, &r.tvel, &r.other, &r.ovel, &r.offset, &r.box_min, &r.box_max};
    for (size_t i = 0; i < sizeof vecs / sizeof vecs[0]; ++i) *vecs[i] = F(scale)(*vecs[i], s);
    for (int i = 0; i < N(items); ++i) {
        r.nb_pos[i] = F(scale)(r.nb_pos[i], s);
        r.nb_vel[i] = F(scale)(r.nb_vel[i], s);
        r.centres[i] = F(scale)(r.centres[i], s);
        r.radii[i] *= s;
        r.wall_a[i] = F(scale)(r.wall_a[i], s);
        r.wall_b[i] = F(scale)(r.wall_b[i], s);
    }
    for (int i = 0; i < N(path_points); ++i) r.path[i] = F(scale)(r.path[i], s);
    float *lengths[] = {&r.max_speed, &r.max_force, &r.slow_radius, &r.panic, &r.radius, &r.see_ahead,
                        &r.agent_radius, &r.arrival, &r.ahead, &r.predict, &r.margin, &r.cell, &r.wall_range,
                        &r.wall_distance};
    for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; ++i) *lengths[i] *= s;
    return r;
}

static float N(fixed_draw)(void *context)
{
    (void)context;
    return 0.3f;
}

static V N(on_x)(float x) { return F(set)(F(zero)(), 0, x); }

static V N(force_at)(int index, void *context) { return ((const V *)context)[index]; }

/* Every behaviour's outputs for one scene; names[i] and units[i] (the
 * power of s) describe out[i]. indices[] collects the integer outputs, which
 * must not depend on s at all. Returns the number of vector outputs. */
static int N(evaluate)(const N(scene) *c, V *out, const char **names, int *units, int *indices, int *index_count)
{
    int n = 0, k = 0;
#define OUT(what, unit, value) (names[n] = (what), units[n] = (unit), out[n++] = (value))
    OUT("seek", 1, N(steer_seek)(c->pos, c->vel, c->target, c->max_speed));
    OUT("flee", 1, N(steer_flee)(c->pos, c->vel, c->target, c->max_speed, 0.0f));
    OUT("flee panic", 1, N(steer_flee)(c->pos, c->vel, c->target, c->max_speed, c->panic));
    OUT("arrive", 1, N(steer_arrive)(c->pos, c->vel, c->target, c->max_speed, c->slow_radius));
    const steer_arrival arrival = {c->slow_radius, c->max_force, c->dt, c->agent_radius};
    OUT("arrive braking", 1, N(steer_arrive_braking)(c->pos, c->vel, c->target, c->max_speed, &arrival));
    OUT("predict", 1, N(steer_predict)(c->pos, c->target, c->tvel, c->max_speed, c->max_prediction));
    OUT("pursue", 1, N(steer_pursue)(c->pos, c->vel, c->target, c->tvel, c->max_speed, 0.0f));
    OUT("evade", 1, N(steer_evade)(c->pos, c->vel, c->target, c->tvel, c->max_speed, c->max_prediction, c->panic));

    steer_wander_params wp = {c->radius, c->see_ahead, 1.0f, STEER_UP_Z};
    float angle = c->wander_angle;
    V wander_target;
    OUT("wander", 1, N(steer_wander)(c->pos, c->vel, &angle, &wp, c->max_speed, c->dt, N(fixed_draw), 0, &wander_target));
    OUT("wander target", 1, wander_target);

    OUT("separation", -1, N(steer_separation)(c->pos, c->nb_pos, N(items), c->radius));
    OUT("separation desired", 1,
        N(steer_separation_desired)(c->pos, c->vel, c->nb_pos, N(items), c->radius, c->max_speed));
    OUT("alignment", 1, N(steer_alignment)(c->vel, c->nb_vel, N(items)));
    OUT("alignment desired", 1, N(steer_alignment_desired)(c->vel, c->nb_vel, N(items), c->max_speed));
    OUT("cohesion", 1, N(steer_cohesion)(c->pos, c->vel, c->nb_pos, N(items), c->max_speed));

    N(steer_obstacle) obstacles[N(items)];
    for (int i = 0; i < N(items); ++i) obstacles[i] = (N(steer_obstacle)){c->centres[i], c->radii[i]};
    steer_avoid_params ap = {c->see_ahead, c->agent_radius, c->max_force, 1.5f * c->see_ahead, c->agent_radius, STEER_UP_Z};
    int engaged = -1;
    OUT("avoid obstacles", 1, N(steer_avoid_obstacles)(c->pos, c->vel, obstacles, N(items), &ap, &engaged));
    indices[k++] = engaged;
    V tip;
    OUT("feeler", 1, N(steer_avoid_obstacles_feeler)(c->pos, c->vel, obstacles, N(items), c->agent_radius,
                                                     c->see_ahead, c->max_force, &tip));
    OUT("feeler tip", 1, tip);

    N(steer_segment) walls[N(items)];
    for (int i = 0; i < N(items); ++i) walls[i] = (N(steer_segment)){c->wall_a[i], c->wall_b[i]};
    steer_wall_feelers feelers = {c->see_ahead, 0.6f, 0.5f * c->see_ahead, STEER_UP_Z};
    OUT("avoid walls", 1, N(steer_avoid_walls)(c->pos, c->vel, walls, N(items), &feelers, 0));
    steer_wall_follow_params wf = {c->wall_range, c->wall_distance, 2.0f, STEER_UP_Z};
    OUT("follow wall", 1, N(steer_follow_wall)(c->pos, c->vel, walls, N(items), &wf, c->max_speed));

    N(steer_path) path = {c->path, N(path_points), c->closed, c->radius};
    float distance, t;
    int segment;
    OUT("path closest point", 1, N(steer_path_closest_point)(&path, c->pos, &distance, &segment, &t));
    OUT("path distance", 1, N(on_x)(distance));
    indices[k++] = segment;
    OUT("follow path", 1, N(steer_follow_path)(c->pos, c->vel, &path, c->predict, c->ahead, c->max_speed));
    int waypoint = 0;
    OUT("follow waypoints", 1, N(steer_follow_waypoints)(c->pos, c->vel, c->path, N(path_points), &waypoint,
                                                         c->arrival, c->slow_radius, c->max_speed));
    indices[k++] = waypoint;
    int braking_waypoint = 0;
    OUT("follow waypoints braking", 1, N(steer_follow_waypoints_braking)(c->pos, c->vel, c->path, N(path_points),
                                                                         &braking_waypoint, c->arrival, &arrival,
                                                                         c->max_speed));
    indices[k++] = braking_waypoint;
    OUT("follow path to end", 1, N(steer_follow_path_to_end)(c->pos, c->vel, &path, c->predict, c->ahead, &arrival,
                                                             c->max_speed));

    V origin = F(scale)(F(add)(c->box_min, c->box_max), 0.5f);
    origin = F(sub)(origin, N(on_x)(2.0f * c->cell));
    N(steer_flow_field) field = {origin, c->cell, N(field_n), N(field_n), N(field_n), c->field};
    OUT("flow sample", 0, N(steer_flow_field_sample)(&field, c->pos));
    OUT("follow flow", 1, N(steer_follow_flow)(c->pos, c->vel, &field, c->predict_time, c->max_speed));
    N(steer_box) box = {c->box_min, c->box_max};
    OUT("contain", 1, N(steer_contain)(c->pos, c->vel, box, c->margin, c->max_speed));

    OUT("interpose", 1, N(steer_interpose)(c->pos, c->vel, c->target, c->tvel, c->other, c->ovel, c->max_speed,
                                           c->slow_radius));
    V spot;
    OUT("hide", 1, N(steer_hide)(c->pos, c->vel, c->target, c->tvel, obstacles, N(items), c->agent_radius,
                                 c->max_speed, c->slow_radius, &spot));
    OUT("hide spot", 1, spot);
    OUT("offset pursuit", 1, N(steer_offset_pursuit)(c->pos, c->vel, c->target, c->tvel, c->heading, c->offset,
                                                     c->max_speed, c->slow_radius));
    OUT("local to world", 1, N(steer_local_to_world)(c->heading, c->offset));
    OUT("local to world, scaled heading", 1, N(steer_local_to_world)(c->vel, c->offset));

    OUT("turn toward", 0, N(steer_turn_toward)(c->heading, F(sub)(c->target, c->pos), 0.5f));
    OUT("face", 0, N(steer_face)(c->heading, c->pos, c->target, c->turn_rate, c->dt));
    OUT("look where going", 0, N(steer_look_where_going)(c->heading, c->vel, c->turn_rate, c->dt));

    V forces[3] = {N(steer_seek)(c->pos, c->vel, c->target, c->max_speed),
                   N(steer_flee)(c->pos, c->vel, c->other, c->max_speed, 0.0f),
                   N(steer_alignment)(c->vel, c->nb_vel, N(items))};
    float weights[3] = {1.0f, 0.5f, 2.0f}, probabilities[3] = {1.0f, 1.0f, 1.0f};
    int winner;
    OUT("blend", 1, N(steer_blend)(forces, weights, 3, c->max_force));
    OUT("priority", 1, N(steer_priority)(forces, weights, 3, 0.01f * c->max_force, c->max_force, &winner));
    indices[k++] = winner;
    OUT("running sum", 1, N(steer_running_sum)(forces, weights, 3, c->max_force));
    OUT("dither", 1, N(steer_dither)(N(force_at), forces, weights, probabilities, 3, 0.01f * c->max_force,
                                     c->max_force, N(fixed_draw), 0, &winner));
    indices[k++] = winner;
    OUT("truncate", 1, F(truncate)(c->vel, c->max_force));
    OUT("len", 1, N(on_x)(F(len)(c->vel)));
    OUT("direction", 0, F(direction)(c->vel, 0));
#undef OUT
    *index_count = k;
    return n;
}

enum { N(max_outputs) = 64, N(max_indices) = 8 };

/* Compares every output at each scale s = 2^e with the output at s = 1.
 * Powers of two make the scaled inputs exact, so a difference is the
 * behaviour's and not the test's rounding; e spans 2^-60 (8.7e-19) to 2^60
 * (1.2e18), so coordinates reach 1.2e19, where squares overflow float, and
 * 1e-20, where they underflow. */
static void N(outputs_scale_with_their_inputs)(uint64_t seed, int trials)
{
    steer_rng rng = steer_rng_make(seed);
    V base[N(max_outputs)], got[N(max_outputs)];
    const char *names[N(max_outputs)];
    int units[N(max_outputs)], base_index[N(max_indices)], got_index[N(max_indices)], nk;
    for (int trial = 0; trial < trials; ++trial) {
        N(scene) c = N(make_scene)(&rng);
        int n = N(evaluate)(&c, base, names, units, base_index, &nk);
        for (int e = -60; e <= 60; e += 10) {
            float s = ldexpf(1.0f, e);
            N(scene) cs = N(scaled)(&c, s);
            N(evaluate)(&cs, got, names, units, got_index, &nk);
            for (int i = 0; i < n; ++i) {
                double unit = units[i] == 1 ? s : (units[i] == -1 ? 1.0 / s : 1.0);
                double ref = fmax(1.0, (double)F(max_abs)(base[i]));
                double err = 0.0;
                for (int axis = 0; axis < STEER_DIM; ++axis)
                    err = fmax(err, fabs((double)F(get)(got[i], axis) / unit - (double)F(get)(base[i], axis)));
                if (!(err <= 1e-5 * ref)) report_scale(names[i], STEER_DIM, trial, e, err / ref);
                else ++check_passed;
            }
            for (int i = 0; i < nk; ++i) {
                if (got_index[i] != base_index[i]) report_scale("an index output", STEER_DIM, trial, e, 1.0);
                else ++check_passed;
            }
        }
    }
}

#undef V
#undef F
#undef N
#include "steer/detail/dim_end.h"

/* _vector.c — the Python extension's loops over N agents, so that a
 * vectorised call is one trip into C. Each loop calls the library's pure
 * function per agent, so its results are the single-agent function's bits.
 * Arrays are float32 rows of `dim` values; a stride of 0 broadcasts one row
 * to every agent (one target for all), a stride of dim walks them. */
#include <math.h>
#include <stddef.h>
#include <string.h>
#include <time.h>

#define ROW(a, s, i) ((a) + (size_t)(i) * (size_t)(s))
#define V2(a, s, i) steer_v2_make(ROW(a, s, i)[0], ROW(a, s, i)[1])
#define V3(a, s, i) steer_v3_make(ROW(a, s, i)[0], ROW(a, s, i)[1], ROW(a, s, i)[2])

/* out row i = CALL2 (2D) or CALL3 (3D), both written in terms of i */
#define EACH_AGENT(dim, n, out, CALL2, CALL3)                                                                          \
    do {                                                                                                               \
        if ((dim) == 2) {                                                                                              \
            for (int i = 0; i < (n); ++i) {                                                                            \
                steer_v2 f_ = CALL2;                                                                                   \
                ROW(out, 2, i)[0] = f_.x, ROW(out, 2, i)[1] = f_.y;                                                    \
            }                                                                                                          \
        } else {                                                                                                       \
            for (int i = 0; i < (n); ++i) {                                                                            \
                steer_v3 f_ = CALL3;                                                                                   \
                ROW(out, 3, i)[0] = f_.x, ROW(out, 3, i)[1] = f_.y, ROW(out, 3, i)[2] = f_.z;                          \
            }                                                                                                          \
        }                                                                                                              \
    } while (0)

/* The index of the first value that is not finite, or -1 (the binding's
 * NaN check, in C so that it costs little next to the call it guards). */
static int py_first_nonfinite(const float *values, size_t count)
{
    for (size_t i = 0; i < count; ++i)
        if (!isfinite(values[i])) return (int)(i < (size_t)0x7fffffff ? i : 0x7fffffff);
    return -1;
}

static void py_seek(int dim, int n, const float *pos, int ps, const float *vel, int vs, const float *target, int ts,
                    float max_speed, float *out)
{
    EACH_AGENT(dim, n, out, steer_seek2(V2(pos, ps, i), V2(vel, vs, i), V2(target, ts, i), max_speed),
               steer_seek3(V3(pos, ps, i), V3(vel, vs, i), V3(target, ts, i), max_speed));
}

static void py_flee(int dim, int n, const float *pos, int ps, const float *vel, int vs, const float *threat, int ts,
                    float max_speed, float panic_distance, float *out)
{
    EACH_AGENT(dim, n, out, steer_flee2(V2(pos, ps, i), V2(vel, vs, i), V2(threat, ts, i), max_speed, panic_distance),
               steer_flee3(V3(pos, ps, i), V3(vel, vs, i), V3(threat, ts, i), max_speed, panic_distance));
}

static void py_arrive(int dim, int n, const float *pos, int ps, const float *vel, int vs, const float *target, int ts,
                      float max_speed, float slow_radius, float *out)
{
    EACH_AGENT(dim, n, out, steer_arrive2(V2(pos, ps, i), V2(vel, vs, i), V2(target, ts, i), max_speed, slow_radius),
               steer_arrive3(V3(pos, ps, i), V3(vel, vs, i), V3(target, ts, i), max_speed, slow_radius));
}

static void py_arrive_braking(int dim, int n, const float *pos, int ps, const float *vel, int vs, const float *target,
                              int ts, float max_speed, const steer_arrival *arrival, float *out)
{
    EACH_AGENT(dim, n, out, steer_arrive_braking2(V2(pos, ps, i), V2(vel, vs, i), V2(target, ts, i), max_speed, arrival),
               steer_arrive_braking3(V3(pos, ps, i), V3(vel, vs, i), V3(target, ts, i), max_speed, arrival));
}

static void py_target_speed(int dim, int n, const float *vel, int vs, const float *heading, int hs, float target_speed,
                            float max_force, float *out)
{
    EACH_AGENT(dim, n, out, steer_target_speed2(V2(vel, vs, i), V2(heading, hs, i), target_speed, max_force),
               steer_target_speed3(V3(vel, vs, i), V3(heading, hs, i), target_speed, max_force));
}

static void py_match_velocity(int dim, int n, const float *vel, int vs, const float *target_vel, int ts,
                              float time_to_target, float max_force, float *out)
{
    EACH_AGENT(dim, n, out, steer_match_velocity2(V2(vel, vs, i), V2(target_vel, ts, i), time_to_target, max_force),
               steer_match_velocity3(V3(vel, vs, i), V3(target_vel, ts, i), time_to_target, max_force));
}

static void py_pursue(int dim, int n, const float *pos, int ps, const float *vel, int vs, const float *tpos, int tps,
                      const float *tvel, int tvs, float max_speed, float max_prediction, float *out)
{
    EACH_AGENT(dim, n, out,
               steer_pursue2(V2(pos, ps, i), V2(vel, vs, i), V2(tpos, tps, i), V2(tvel, tvs, i), max_speed, max_prediction),
               steer_pursue3(V3(pos, ps, i), V3(vel, vs, i), V3(tpos, tps, i), V3(tvel, tvs, i), max_speed, max_prediction));
}

static void py_evade(int dim, int n, const float *pos, int ps, const float *vel, int vs, const float *tpos, int tps,
                     const float *tvel, int tvs, float max_speed, float max_prediction, float panic_distance, float *out)
{
    EACH_AGENT(dim, n, out,
               steer_evade2(V2(pos, ps, i), V2(vel, vs, i), V2(tpos, tps, i), V2(tvel, tvs, i), max_speed, max_prediction,
                            panic_distance),
               steer_evade3(V3(pos, ps, i), V3(vel, vs, i), V3(tpos, tps, i), V3(tvel, tvs, i), max_speed, max_prediction,
                            panic_distance));
}

static void py_predict(int dim, int n, const float *pos, int ps, const float *tpos, int tps, const float *tvel, int tvs,
                       float max_speed, float max_prediction, float *out)
{
    EACH_AGENT(dim, n, out, steer_predict2(V2(pos, ps, i), V2(tpos, tps, i), V2(tvel, tvs, i), max_speed, max_prediction),
               steer_predict3(V3(pos, ps, i), V3(tpos, tps, i), V3(tvel, tvs, i), max_speed, max_prediction));
}

static void py_contain(int dim, int n, const float *pos, int ps, const float *vel, int vs, const float *box_min,
                       const float *box_max, float margin, float max_speed, float *out)
{
    steer_box2 b2 = {V2(box_min, 0, 0), V2(box_max, 0, 0)};
    steer_box3 b3 = {steer_v3_make(box_min[0], box_min[1], dim == 3 ? box_min[2] : 0.0f),
                     steer_v3_make(box_max[0], box_max[1], dim == 3 ? box_max[2] : 0.0f)};
    EACH_AGENT(dim, n, out, steer_contain2(V2(pos, ps, i), V2(vel, vs, i), b2, margin, max_speed),
               steer_contain3(V3(pos, ps, i), V3(vel, vs, i), b3, margin, max_speed));
}

/* One time per pair (a scalar, so not EACH_AGENT): agent i against other i,
 * their radius sum radius[i * rs] (rs 0: one sum for all pairs). */
static void py_time_to_collision(int dim, int n, const float *pos, int ps, const float *vel, int vs, const float *opos,
                                 int ops, const float *ovel, int ovs, const float *radius, int rs, float *out)
{
    for (int i = 0; i < n; ++i) {
        const float r = ROW(radius, rs, i)[0];
        out[i] = dim == 2 ? steer_time_to_collision2(V2(pos, ps, i), V2(vel, vs, i), V2(opos, ops, i), V2(ovel, ovs, i), r)
                          : steer_time_to_collision3(V3(pos, ps, i), V3(vel, vs, i), V3(opos, ops, i), V3(ovel, ovs, i), r);
    }
}

/* The crowd without agent i, in order, as i walks up from 0 (n >= 2): the list for agent i differs
 * from the one for i - 1 only at place i - 1, where agent i - 1 takes agent i's place. */
static void py_others_of(int i, int n, const void *all, void *others, size_t size)
{
    const char *from = all;
    char *to = others;
    if (i == 0) memcpy(to, from + size, (size_t)(n - 1) * size);
    else memcpy(to + (size_t)(i - 1) * size, from + (size_t)(i - 1) * size, size);
}

/* Every agent of a crowd against all the others, not relying on the library's skip of the agent itself
 * (avoid_neighbours would take a coincident agent moving alike as its threat): agents[i] is agent i's
 * record (its own radius too) and priorities[i] (NULL: all equal) its priority. others (n - 1 records)
 * and other_priorities (n - 1, or NULL) are the caller's scratch. */
static void py_anticipate_all(int dim, int n, const void *agents, const float *priorities, steer_anticipation params,
                              void *others, float *other_priorities, float *out)
{
    const steer_neighbour2 *a2 = agents;
    const steer_neighbour3 *a3 = agents;
    const size_t size = dim == 2 ? sizeof *a2 : sizeof *a3;
    for (int i = 0; i < n && n >= 2; ++i) {
        py_others_of(i, n, agents, others, size);
        if (priorities) py_others_of(i, n, priorities, other_priorities, sizeof *priorities);
        params.agent_radius = dim == 2 ? a2[i].radius : a3[i].radius;
        if (priorities) params.priority = priorities[i];
        const float *shares = priorities ? other_priorities : NULL;
        if (dim == 2) {
            steer_v2 f = steer_anticipate2(a2[i].pos, a2[i].vel, others, shares, n - 1, &params);
            ROW(out, 2, i)[0] = f.x, ROW(out, 2, i)[1] = f.y;
        } else {
            steer_v3 f = steer_anticipate3(a3[i].pos, a3[i].vel, others, shares, n - 1, &params);
            ROW(out, 3, i)[0] = f.x, ROW(out, 3, i)[1] = f.y, ROW(out, 3, i)[2] = f.z;
        }
    }
    if (n == 1) memset(out, 0, sizeof *out * (size_t)dim);
}

/* The same crowd for avoid_neighbours: threats[i] receives agent i's threat (an index of the crowd) or -1. */
static void py_avoid_neighbours_all(int dim, int n, const void *agents, steer_neighbour_avoidance params, void *others,
                                    float *out, int *threats)
{
    const steer_neighbour2 *a2 = agents;
    const steer_neighbour3 *a3 = agents;
    const size_t size = dim == 2 ? sizeof *a2 : sizeof *a3;
    for (int i = 0; i < n && n >= 2; ++i) {
        py_others_of(i, n, agents, others, size);
        params.agent_radius = dim == 2 ? a2[i].radius : a3[i].radius;
        if (dim == 2) {
            steer_v2 f = steer_avoid_neighbours2(a2[i].pos, a2[i].vel, others, n - 1, &params, &threats[i]);
            ROW(out, 2, i)[0] = f.x, ROW(out, 2, i)[1] = f.y;
        } else {
            steer_v3 f = steer_avoid_neighbours3(a3[i].pos, a3[i].vel, others, n - 1, &params, &threats[i]);
            ROW(out, 3, i)[0] = f.x, ROW(out, 3, i)[1] = f.y, ROW(out, 3, i)[2] = f.z;
        }
        if (threats[i] >= i) ++threats[i]; /* back to the crowd's index */
    }
    if (n == 1) memset(out, 0, sizeof *out * (size_t)dim), threats[0] = -1;
}

static void py_smooth_dt(int dim, int n, const float *smoothed, int ss, const float *raw, int rs, float half_life,
                         float dt, float *out)
{
    EACH_AGENT(dim, n, out, steer_smooth_dt2(V2(smoothed, ss, i), V2(raw, rs, i), half_life, dt),
               steer_smooth_dt3(V3(smoothed, ss, i), V3(raw, rs, i), half_life, dt));
}

/* The reference for python/bench.py: seek over n agents as a C program
 * would write it (steer_v2 arrays, one target), the fastest of `repeat`
 * runs in seconds. Returns -1 when out of memory. */
static double py_time_seek_loop(int n, int repeat, float max_speed)
{
    steer_v2 *pos = malloc(sizeof *pos * (size_t)n), *vel = malloc(sizeof *vel * (size_t)n);
    steer_v2 *out = malloc(sizeof *out * (size_t)n);
    double best = -1.0;
    if (pos && vel && out) {
        steer_rng rng = steer_rng_make(7);
        for (int i = 0; i < n; ++i) {
            pos[i] = steer_v2_make(steer_rng_range(&rng, -100.0f, 100.0f), steer_rng_range(&rng, -100.0f, 100.0f));
            vel[i] = steer_v2_make(steer_rng_range(&rng, -2.0f, 2.0f), steer_rng_range(&rng, -2.0f, 2.0f));
        }
        const steer_v2 target = steer_v2_make(10.0f, -5.0f);
        for (int r = 0; r < repeat; ++r) {
            struct timespec t0, t1;
            clock_gettime(CLOCK_MONOTONIC, &t0);
            for (int i = 0; i < n; ++i) out[i] = steer_seek2(pos[i], vel[i], target, max_speed);
            clock_gettime(CLOCK_MONOTONIC, &t1);
            double s = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
            if (best < 0.0 || s < best) best = s;
        }
    }
    free(pos), free(vel), free(out);
    return best;
}

/* Adds n agents of one group from rows of dim floats, all or none
 * (steer_world_add_agents); ids receives each handle as (index, generation,
 * world). Returns the steer_result. */
static int py_add_agents(steer_world *world, int group, int n, const float *pos, const float *vel, int dim,
                         uint32_t *ids)
{
    size_t rows = n > 0 ? (size_t)n : 1;
    steer_v3 *p = calloc(rows, sizeof *p), *v = calloc(rows, sizeof *v);
    steer_agent_id *out = malloc(rows * sizeof *out);
    steer_result r = STEER_ERROR_OUT_OF_MEMORY;
    if (p && v && out) {
        for (int i = 0; i < n; ++i) {
            const float *pi = ROW(pos, dim, i), *vi = ROW(vel, dim, i);
            p[i] = steer_v3_make(pi[0], pi[1], dim == 3 ? pi[2] : 0.0f);
            v[i] = steer_v3_make(vi[0], vi[1], dim == 3 ? vi[2] : 0.0f);
        }
        r = steer_world_add_agents(world, group, p, v, n, out);
        for (int i = 0; r == STEER_OK && i < n; ++i)
            ids[3 * (size_t)i] = out[i].index, ids[3 * (size_t)i + 1] = out[i].generation, ids[3 * (size_t)i + 2] = out[i].world;
    }
    free(p), free(v), free(out);
    return r;
}

/* Rows of (index, generation, world) as handles, for the bulk calls. */
static int py_ids_to_array(const uint32_t *ids, int n, steer_agent_id *out)
{
    for (int i = 0; i < n; ++i) out[i] = (steer_agent_id){ids[3 * (size_t)i], ids[3 * (size_t)i + 1], ids[3 * (size_t)i + 2]};
    return n;
}

/* ---- the behaviours with an environment shared by all agents (obstacles, walls, a path, a field) ----
 * env is the C array or struct of that dimension (steer_obstacle2 / 3, ...), built by the binding.
 * Per-agent state (a latch, a waypoint index, a wander angle) is an array of n, read and written. */
#define OUT2(out, i, f) (ROW(out, 2, i)[0] = (f).x, ROW(out, 2, i)[1] = (f).y)
#define OUT3(out, i, f) (ROW(out, 3, i)[0] = (f).x, ROW(out, 3, i)[1] = (f).y, ROW(out, 3, i)[2] = (f).z)

static void py_avoid_obstacles(int dim, int n, const float *pos, int ps, const float *vel, int vs, const void *obstacles,
                               int count, const steer_avoid_params *params, int *engaged, float *out)
{
    EACH_AGENT(dim, n, out, steer_avoid_obstacles2(V2(pos, ps, i), V2(vel, vs, i), obstacles, count, params, engaged ? &engaged[i] : NULL),
               steer_avoid_obstacles3(V3(pos, ps, i), V3(vel, vs, i), obstacles, count, params, engaged ? &engaged[i] : NULL));
}

static void py_avoid_obstacles_feeler(int dim, int n, const float *pos, int ps, const float *vel, int vs,
                                      const void *obstacles, int count, float agent_radius, float feeler_length,
                                      float max_force, float *out, float *tips)
{
    for (int i = 0; i < n; ++i) {
        if (dim == 2) {
            steer_v2 tip, f = steer_avoid_obstacles_feeler2(V2(pos, ps, i), V2(vel, vs, i), obstacles, count, agent_radius,
                                                            feeler_length, max_force, &tip);
            OUT2(out, i, f), OUT2(tips, i, tip);
        } else {
            steer_v3 tip, f = steer_avoid_obstacles_feeler3(V3(pos, ps, i), V3(vel, vs, i), obstacles, count, agent_radius,
                                                            feeler_length, max_force, &tip);
            OUT3(out, i, f), OUT3(tips, i, tip);
        }
    }
}

/* tips: n rows of three points (centre, left, right) */
static void py_avoid_walls(int dim, int n, const float *pos, int ps, const float *vel, int vs, const void *walls, int count,
                           const steer_wall_feelers *feelers, float *out, float *tips)
{
    for (int i = 0; i < n; ++i) {
        if (dim == 2) {
            steer_v2 t[3], f = steer_avoid_walls2(V2(pos, ps, i), V2(vel, vs, i), walls, count, feelers, t);
            OUT2(out, i, f);
            for (int k = 0; k < 3; ++k) OUT2(tips, 3 * i + k, t[k]);
        } else {
            steer_v3 t[3], f = steer_avoid_walls3(V3(pos, ps, i), V3(vel, vs, i), walls, count, feelers, t);
            OUT3(out, i, f);
            for (int k = 0; k < 3; ++k) OUT3(tips, 3 * i + k, t[k]);
        }
    }
}

static void py_follow_wall(int dim, int n, const float *pos, int ps, const float *vel, int vs, const void *walls, int count,
                           const steer_wall_follow_params *params, float max_speed, float *out)
{
    EACH_AGENT(dim, n, out, steer_follow_wall2(V2(pos, ps, i), V2(vel, vs, i), walls, count, params, max_speed),
               steer_follow_wall3(V3(pos, ps, i), V3(vel, vs, i), walls, count, params, max_speed));
}

static void py_path_closest_point(int dim, int n, const void *path, const float *p, int ps, float *out, float *distance,
                                  int *segment, float *t)
{
    EACH_AGENT(dim, n, out, steer_path_closest_point2(path, V2(p, ps, i), &distance[i], &segment[i], &t[i]),
               steer_path_closest_point3(path, V3(p, ps, i), &distance[i], &segment[i], &t[i]));
}

static void py_path_point_ahead(int dim, int n, const void *path, const float *p, int ps, float distance, float *out,
                                int *segment, uint8_t *passed_end)
{
    for (int i = 0; i < n; ++i) {
        bool passed = false;
        if (dim == 2) {
            steer_v2 f = steer_path_point_ahead2(path, V2(p, ps, i), distance, &segment[i], &passed);
            OUT2(out, i, f);
        } else {
            steer_v3 f = steer_path_point_ahead3(path, V3(p, ps, i), distance, &segment[i], &passed);
            OUT3(out, i, f);
        }
        passed_end[i] = passed;
    }
}

static void py_path_track(int dim, int n, const void *path, const float *p, int ps, int *segment, float window, float distance,
                          float *out, uint8_t *passed_end)
{
    for (int i = 0; i < n; ++i) {
        bool passed = false;
        if (dim == 2) {
            steer_v2 f = steer_path_track2(path, V2(p, ps, i), &segment[i], window, distance, &passed);
            OUT2(out, i, f);
        } else {
            steer_v3 f = steer_path_track3(path, V3(p, ps, i), &segment[i], window, distance, &passed);
            OUT3(out, i, f);
        }
        passed_end[i] = passed;
    }
}

static void py_follow_path(int dim, int n, const float *pos, int ps, const float *vel, int vs, const void *path,
                           float predict_distance, float ahead_distance, float max_speed, float *out)
{
    EACH_AGENT(dim, n, out, steer_follow_path2(V2(pos, ps, i), V2(vel, vs, i), path, predict_distance, ahead_distance, max_speed),
               steer_follow_path3(V3(pos, ps, i), V3(vel, vs, i), path, predict_distance, ahead_distance, max_speed));
}

static void py_follow_path_to_end(int dim, int n, const float *pos, int ps, const float *vel, int vs, const void *path,
                                  float predict_distance, float ahead_distance, const steer_arrival *arrival,
                                  float max_speed, float *out)
{
    EACH_AGENT(dim, n, out,
               steer_follow_path_to_end2(V2(pos, ps, i), V2(vel, vs, i), path, predict_distance, ahead_distance, arrival, max_speed),
               steer_follow_path_to_end3(V3(pos, ps, i), V3(vel, vs, i), path, predict_distance, ahead_distance, arrival, max_speed));
}

/* arrival NULL: follow_waypoints (slow_radius), else follow_waypoints_braking; index: each agent's waypoint */
static void py_follow_waypoints(int dim, int n, const float *pos, int ps, const float *vel, int vs, const void *points,
                                int count, int *index, float arrival_radius, float slow_radius,
                                const steer_arrival *arrival, float max_speed, int order, float *out)
{
    if (arrival)
        EACH_AGENT(dim, n, out,
                   steer_follow_waypoints_braking2(V2(pos, ps, i), V2(vel, vs, i), points, count, &index[i], arrival_radius, arrival, max_speed),
                   steer_follow_waypoints_braking3(V3(pos, ps, i), V3(vel, vs, i), points, count, &index[i], arrival_radius, arrival, max_speed));
    else if (order != STEER_WAYPOINTS_FORWARD)
        EACH_AGENT(dim, n, out,
                   steer_follow_waypoints_ordered2(V2(pos, ps, i), V2(vel, vs, i), points, count, &index[i], arrival_radius, slow_radius, max_speed, (steer_waypoint_order)order),
                   steer_follow_waypoints_ordered3(V3(pos, ps, i), V3(vel, vs, i), points, count, &index[i], arrival_radius, slow_radius, max_speed, (steer_waypoint_order)order));
    else
        EACH_AGENT(dim, n, out,
                   steer_follow_waypoints2(V2(pos, ps, i), V2(vel, vs, i), points, count, &index[i], arrival_radius, slow_radius, max_speed),
                   steer_follow_waypoints3(V3(pos, ps, i), V3(vel, vs, i), points, count, &index[i], arrival_radius, slow_radius, max_speed));
}

static void py_flow_field_sample(int dim, int n, const void *field, const float *p, int ps, float *out)
{
    EACH_AGENT(dim, n, out, steer_flow_field_sample2(field, V2(p, ps, i)), steer_flow_field_sample3(field, V3(p, ps, i)));
}

static void py_follow_flow(int dim, int n, const float *pos, int ps, const float *vel, int vs, const void *field,
                           float predict_time, float max_speed, float *out)
{
    EACH_AGENT(dim, n, out, steer_follow_flow2(V2(pos, ps, i), V2(vel, vs, i), field, predict_time, max_speed),
               steer_follow_flow3(V3(pos, ps, i), V3(vel, vs, i), field, predict_time, max_speed));
}

static void py_hide(int dim, int n, const float *pos, int ps, const float *vel, int vs, const float *hpos, int hps,
                    const float *hvel, int hvs, const void *obstacles, int count, float distance_from_boundary,
                    float max_speed, float slow_radius, float *out, float *spots)
{
    for (int i = 0; i < n; ++i) {
        if (dim == 2) {
            steer_v2 s, f = steer_hide2(V2(pos, ps, i), V2(vel, vs, i), V2(hpos, hps, i), V2(hvel, hvs, i), obstacles, count,
                                        distance_from_boundary, max_speed, slow_radius, &s);
            OUT2(out, i, f), OUT2(spots, i, s);
        } else {
            steer_v3 s, f = steer_hide3(V3(pos, ps, i), V3(vel, vs, i), V3(hpos, hps, i), V3(hvel, hvs, i), obstacles, count,
                                        distance_from_boundary, max_speed, slow_radius, &s);
            OUT3(out, i, f), OUT3(spots, i, s);
        }
    }
}

/* ---- group tactics and orientation: rows only ---- */
static void py_interpose(int dim, int n, const float *pos, int ps, const float *vel, int vs, const float *apos, int aps,
                         const float *avel, int avs, const float *bpos, int bps, const float *bvel, int bvs,
                         float max_speed, float slow_radius, float *out)
{
    EACH_AGENT(dim, n, out,
               steer_interpose2(V2(pos, ps, i), V2(vel, vs, i), V2(apos, aps, i), V2(avel, avs, i), V2(bpos, bps, i),
                                V2(bvel, bvs, i), max_speed, slow_radius),
               steer_interpose3(V3(pos, ps, i), V3(vel, vs, i), V3(apos, aps, i), V3(avel, avs, i), V3(bpos, bps, i),
                                V3(bvel, bvs, i), max_speed, slow_radius));
}

/* the orientation and station functions take up in 3D: Z the plain call, else its _up form */
static void py_offset_pursuit(int dim, int n, const float *pos, int ps, const float *vel, int vs, const float *lpos,
                              int lps, const float *lvel, int lvs, const float *lhead, int lhs, const float *offset,
                              int os, float max_speed, float slow_radius, int up, float *out)
{
    EACH_AGENT(dim, n, out,
               steer_offset_pursuit2(V2(pos, ps, i), V2(vel, vs, i), V2(lpos, lps, i), V2(lvel, lvs, i), V2(lhead, lhs, i),
                                     V2(offset, os, i), max_speed, slow_radius),
               up == STEER_UP_Z ? steer_offset_pursuit3(V3(pos, ps, i), V3(vel, vs, i), V3(lpos, lps, i), V3(lvel, lvs, i),
                                                        V3(lhead, lhs, i), V3(offset, os, i), max_speed, slow_radius)
                                : steer_offset_pursuit3_up(V3(pos, ps, i), V3(vel, vs, i), V3(lpos, lps, i),
                                                           V3(lvel, lvs, i), V3(lhead, lhs, i), V3(offset, os, i),
                                                           max_speed, slow_radius, (steer_up_axis)up));
}

/* up < 0: steer_local_to_world3 (its own +Z rule); else steer_local_to_world3_up with that axis */
static void py_local_to_world(int dim, int n, const float *heading, int hs, const float *local, int ls, int up, float *out)
{
    EACH_AGENT(dim, n, out, steer_local_to_world2(V2(heading, hs, i), V2(local, ls, i)),
               up < 0 ? steer_local_to_world3(V3(heading, hs, i), V3(local, ls, i))
                      : steer_local_to_world3_up(V3(heading, hs, i), V3(local, ls, i), (steer_up_axis)up));
}

static void py_turn_toward(int dim, int n, const float *from, int fs, const float *direction, int ds, float max_angle,
                           int up, float *out)
{
    EACH_AGENT(dim, n, out, steer_turn_toward2(V2(from, fs, i), V2(direction, ds, i), max_angle),
               up == STEER_UP_Z ? steer_turn_toward3(V3(from, fs, i), V3(direction, ds, i), max_angle)
                                : steer_turn_toward3_up(V3(from, fs, i), V3(direction, ds, i), max_angle, (steer_up_axis)up));
}

static void py_face(int dim, int n, const float *heading, int hs, const float *pos, int ps, const float *target, int ts,
                    float max_turn_rate, float dt, int up, float *out)
{
    EACH_AGENT(dim, n, out, steer_face2(V2(heading, hs, i), V2(pos, ps, i), V2(target, ts, i), max_turn_rate, dt),
               up == STEER_UP_Z ? steer_face3(V3(heading, hs, i), V3(pos, ps, i), V3(target, ts, i), max_turn_rate, dt)
                                : steer_face3_up(V3(heading, hs, i), V3(pos, ps, i), V3(target, ts, i), max_turn_rate, dt,
                                                 (steer_up_axis)up));
}

static void py_look_where_going(int dim, int n, const float *heading, int hs, const float *vel, int vs,
                                float max_turn_rate, float dt, int up, float *out)
{
    EACH_AGENT(dim, n, out, steer_look_where_going2(V2(heading, hs, i), V2(vel, vs, i), max_turn_rate, dt),
               up == STEER_UP_Z ? steer_look_where_going3(V3(heading, hs, i), V3(vel, vs, i), max_turn_rate, dt)
                                : steer_look_where_going3_up(V3(heading, hs, i), V3(vel, vs, i), max_turn_rate, dt,
                                                             (steer_up_axis)up));
}

static void py_smooth(int dim, int n, const float *smoothed, int ss, const float *raw, int rs, float k, float *out)
{
    EACH_AGENT(dim, n, out, steer_smooth2(V2(smoothed, ss, i), V2(raw, rs, i), k),
               steer_smooth3(V3(smoothed, ss, i), V3(raw, rs, i), k));
}

/* state: n gates (0 or 1), updated; values: n (vs 1) or one (vs 0) */
static void py_hysteresis(int n, uint8_t *state, const float *values, int vs, float on_at, float off_at)
{
    for (int i = 0; i < n; ++i) {
        bool s = state[i] != 0;
        steer_hysteresis(&s, values[(size_t)i * (size_t)vs], on_at, off_at);
        state[i] = s;
    }
}

/* ---- drawing behaviours, N at a time: one generator drawn in agent order, so the same bits as the
 * one-agent calls made in that order ---- */
static void py_wander(int dim, int n, const float *pos, int ps, const float *vel, int vs, float *angles,
                      const steer_wander_params *params, float max_speed, float dt, steer_rng *rng, float *out,
                      float *targets)
{
    for (int i = 0; i < n; ++i) {
        if (dim == 2) {
            steer_v2 t, f = steer_wander2(V2(pos, ps, i), V2(vel, vs, i), &angles[i], params, max_speed, dt, steer_rng_float, rng, &t);
            OUT2(out, i, f), OUT2(targets, i, t);
        } else {
            steer_v3 t, f = steer_wander3(V3(pos, ps, i), V3(vel, vs, i), &angles[i], params, max_speed, dt, steer_rng_float, rng, &t);
            OUT3(out, i, f), OUT3(targets, i, t);
        }
    }
}

/* states: n (azimuth, elevation) pairs */
static void py_wander_sphere(int n, const float *pos, int ps, const float *vel, int vs, steer_wander_sphere *states,
                             const steer_wander_params *params, float max_speed, float dt, steer_rng *rng, float *out,
                             float *targets)
{
    for (int i = 0; i < n; ++i) {
        steer_v3 t, f = steer_wander_sphere3(V3(pos, ps, i), V3(vel, vs, i), &states[i], params, max_speed, dt, steer_rng_float, rng, &t);
        OUT3(out, i, f), OUT3(targets, i, t);
    }
}

/* dither over n agents, each with its k forces ready (rows i * k .. i * k + k - 1): evaluate reads them */
typedef struct py_dither_forces { const float *forces; int dim, k, agent; } py_dither_forces;

static steer_v2 py_dither_force2(int index, void *context)
{
    const py_dither_forces *c = context;
    const float *f = ROW(c->forces, 2, (size_t)c->agent * (size_t)c->k + (size_t)index);
    return steer_v2_make(f[0], f[1]);
}

static steer_v3 py_dither_force3(int index, void *context)
{
    const py_dither_forces *c = context;
    const float *f = ROW(c->forces, 3, (size_t)c->agent * (size_t)c->k + (size_t)index);
    return steer_v3_make(f[0], f[1], f[2]);
}

static void py_dither(int dim, int n, const float *forces, int k, const float *weights, const float *probabilities,
                      float epsilon, float max_force, steer_rng *rng, float *out, int *winners)
{
    py_dither_forces c = {forces, dim, k, 0};
    for (int i = 0; i < n; ++i) {
        c.agent = i;
        if (dim == 2) {
            steer_v2 f = steer_dither2(py_dither_force2, &c, weights, probabilities, k, epsilon, max_force, steer_rng_float, rng, &winners[i]);
            OUT2(out, i, f);
        } else {
            steer_v3 f = steer_dither3(py_dither_force3, &c, weights, probabilities, k, epsilon, max_force, steer_rng_float, rng, &winners[i]);
            OUT3(out, i, f);
        }
    }
}

/* The compiled scalar functions of steer/math.h over n values: 0 sin, 1 cos, 2 atan2(a, b), 3 exp2, 4 wrap_angle. */
static void py_scalar(int which, int n, const float *a, const float *b, float *out)
{
    for (int i = 0; i < n; ++i) {
        switch (which) {
        case 0: out[i] = steer_sin(a[i]); break;
        case 1: out[i] = steer_cos(a[i]); break;
        case 2: out[i] = steer_atan2(a[i], b[i]); break;
        case 3: out[i] = steer_exp2(a[i]); break;
        default: out[i] = steer_wrap_angle(a[i]); break;
        }
    }
}

/* The neighbour behaviours over n agents, each with its own neighbours: rows i * k .. i * k + counts[i] - 1
 * of nb (positions, or velocities for alignment). kind: 0 separation, 1 separation_desired, 2 alignment,
 * 3 alignment_desired, 4 cohesion. */
static void py_flocking(int kind, int dim, int n, const float *pos, int ps, const float *vel, int vs, const float *nb,
                        int k, const int *counts, float radius, float max_speed, float *out)
{
    for (int i = 0; i < n; ++i) {
        const float *mine = ROW(nb, dim, (size_t)i * (size_t)k);
        const int c = counts[i];
        if (dim == 2) {
            const steer_v2 *q = (const steer_v2 *)mine;
            steer_v2 p = V2(pos, ps, i), v = V2(vel, vs, i);
            steer_v2 f = kind == 0 ? steer_separation2(p, q, c, radius)
                       : kind == 1 ? steer_separation_desired2(p, v, q, c, radius, max_speed)
                       : kind == 2 ? steer_alignment2(v, q, c)
                       : kind == 3 ? steer_alignment_desired2(v, q, c, max_speed)
                                   : steer_cohesion2(p, v, q, c, max_speed);
            OUT2(out, i, f);
        } else {
            const steer_v3 *q = (const steer_v3 *)mine;
            steer_v3 p = V3(pos, ps, i), v = V3(vel, vs, i);
            steer_v3 f = kind == 0 ? steer_separation3(p, q, c, radius)
                       : kind == 1 ? steer_separation_desired3(p, v, q, c, radius, max_speed)
                       : kind == 2 ? steer_alignment3(v, q, c)
                       : kind == 3 ? steer_alignment_desired3(v, q, c, max_speed)
                                   : steer_cohesion3(p, v, q, c, max_speed);
            OUT3(out, i, f);
        }
    }
}

/* blend (kind 0), priority (1) and running_sum (2) over n agents, each with its k forces (rows i * k ..);
 * weights (k, or NULL) shared; winners (priority only) receives each winner. */
static void py_combine(int kind, int dim, int n, const float *forces, int k, const float *weights, float epsilon,
                       float max_force, float *out, int *winners)
{
    for (int i = 0; i < n; ++i) {
        const float *mine = ROW(forces, dim, (size_t)i * (size_t)k);
        if (dim == 2) {
            const steer_v2 *f = (const steer_v2 *)mine;
            steer_v2 r = kind == 0 ? steer_blend2(f, weights, k, max_force)
                       : kind == 1 ? steer_priority2(f, weights, k, epsilon, max_force, &winners[i])
                                   : steer_running_sum2(f, weights, k, max_force);
            OUT2(out, i, r);
        } else {
            const steer_v3 *f = (const steer_v3 *)mine;
            steer_v3 r = kind == 0 ? steer_blend3(f, weights, k, max_force)
                       : kind == 1 ? steer_priority3(f, weights, k, epsilon, max_force, &winners[i])
                                   : steer_running_sum3(f, weights, k, max_force);
            OUT3(out, i, r);
        }
    }
}

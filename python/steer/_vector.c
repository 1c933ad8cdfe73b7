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

/* Adds n agents of one group from rows of dim floats; ids receives each
 * handle as (index, generation, world). Returns how many were added before
 * the first refusal (a full world, a refused position): the caller reports it. */
static int py_add_agents(steer_world *world, int group, int n, const float *pos, const float *vel, int dim,
                         uint32_t *ids)
{
    for (int i = 0; i < n; ++i) {
        const float *p = ROW(pos, dim, i), *v = ROW(vel, dim, i);
        steer_v3 pv = steer_v3_make(p[0], p[1], dim == 3 ? p[2] : 0.0f);
        steer_v3 vv = steer_v3_make(v[0], v[1], dim == 3 ? v[2] : 0.0f);
        steer_agent_id id = steer_world_add_agent(world, group, pv, vv);
        if (id.index == 0) return i;
        ids[3 * (size_t)i] = id.index, ids[3 * (size_t)i + 1] = id.generation, ids[3 * (size_t)i + 2] = id.world;
    }
    return n;
}

/* Rows of (index, generation, world) as handles, for the bulk calls. */
static int py_ids_to_array(const uint32_t *ids, int n, steer_agent_id *out)
{
    for (int i = 0; i < n; ++i) out[i] = (steer_agent_id){ids[3 * (size_t)i], ids[3 * (size_t)i + 1], ids[3 * (size_t)i + 2]};
    return n;
}

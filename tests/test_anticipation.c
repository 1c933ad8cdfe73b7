/* Predictive avoidance: the time-to-collision force (its tau, its gradient,
 * keep right, priorities), unaligned collision avoidance, and both on
 * degenerate input. Scenes are stepped by a plain Euler loop written here. */
#include "test_util.h"

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

int main(void)
{
    anticipate_head_on_pair_passes_on_the_right();
    avoid_neighbours_head_on_pair_passes_on_the_right();
    return check_summary("test_anticipation");
}

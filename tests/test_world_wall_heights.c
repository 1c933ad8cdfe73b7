/* Walls of a height (steer_world_set_wall_height), in 3D worlds Z-up and
 * Y-up: an agent whose body reaches into a wall's height meets it (solid
 * walls stop it, keep_apart holds its body off, AVOID_WALLS turns it, a
 * waypoint beyond it is not in sight), and an agent above or below passes
 * as if the wall were not there, bit for bit. A snapshot keeps the
 * heights, and a wall set to every height is the wall as added. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "snapshot_bytes.h"
#include "steer/steer.h"

#define DT (1.0f / 30.0f)
#define RADIUS 0.5f
#define WALL_BOTTOM 0.0f
#define WALL_TOP 2.0f

/* Agents' heights: the first two reach into the wall (the second by its
 * body only: 2.4 - 0.5 < 2), the last two clear it; 1.2 or more apart, so
 * that the bodies of two levels never touch. */
static const float heights[] = {1.0f, 2.4f, 3.6f, 6.0f};
#define LEVELS ((int)(sizeof heights / sizeof heights[0]))
#define PER_LEVEL 3

/* A point of the world from ground coordinates (gx, gy) and a height along up. */
static steer_v3 at_height(steer_up_axis up, float gx, float gy, float height)
{
    return steer_v3_from_z_up(steer_v3_make(gx, gy, height), up);
}
static float ground_x(steer_up_axis up, steer_v3 p) { return steer_v3_to_z_up(p, up).x; }
static float height_of(steer_up_axis up, steer_v3 p) { return steer_v3_to_z_up(p, up).z; }

typedef enum wall_kind { WALL_NONE, WALL_LOW, WALL_EVERY_HEIGHT } wall_kind;
typedef enum meeting { SOLID, KEEP_APART, AVOID } meeting;

/* A clamped box, a wall across the ground line x = 0 (from y = -8 to 8),
 * and PER_LEVEL agents at each height seeking x = 12 at their own height
 * (one group per level: a flyer, or a ground-plane unit on that floor). */
static steer_world *wall_world(steer_up_axis up, wall_kind wall, meeting how, bool on_ground, steer_agent_id *ids)
{
    steer_world_def wd = steer_default_world_def();
    wd.dim = 3;
    wd.up = up;
    wd.capacity = LEVELS * PER_LEVEL;
    wd.bounds_min = steer_v3_make(-20, -20, -20);
    wd.bounds_max = steer_v3_make(20, 20, 20);
    wd.boundary = STEER_BOUNDARY_CLAMP;
    wd.solid_walls = how == SOLID;
    steer_world *w = steer_world_create(&wd);
    CHECK(w != 0);
    if (!w) return 0;
    if (wall != WALL_NONE) {
        CHECK(steer_world_add_wall(w, at_height(up, 0, -8, 0), at_height(up, 0, 8, 0)) == 0);
        float bottom = wall == WALL_LOW ? WALL_BOTTOM : -INFINITY, top = wall == WALL_LOW ? WALL_TOP : INFINITY;
        CHECK(steer_world_set_wall_height(w, 0, bottom, top) == STEER_OK);
    }
    for (int level = 0; level < LEVELS; ++level) {
        steer_group_def gd = steer_default_group_def();
        gd.radius = RADIUS;
        gd.max_speed = 3.0f;
        gd.max_force = 10.0f;
        gd.neighbour_radius = 2.5f;
        gd.ground_plane = on_ground;
        gd.keep_apart = how == KEEP_APART;
        gd.weight[STEER_SEPARATION] = gd.weight[STEER_ALIGNMENT] = gd.weight[STEER_COHESION] = 0.0f;
        gd.weight[STEER_SEEK] = 1.0f;
        if (how == AVOID) gd.weight[STEER_AVOID_WALLS] = 4.0f;
        gd.target = at_height(up, 12, 0, heights[level]);
        gd.neighbour_mask = 1u << level; /* each level alone: the levels do not see each other */
        CHECK(steer_world_add_group(w, &gd) == level);
        for (int k = 0; k < PER_LEVEL; ++k) {
            steer_v3 p = at_height(up, -4, -2.0f + 2.0f * (float)k, heights[level]);
            ids[level * PER_LEVEL + k] = steer_world_add_agent(w, level, p, steer_v3_zero());
            CHECK(ids[level * PER_LEVEL + k].index != 0);
        }
    }
    return w;
}

static bool meets_wall(int level) { return heights[level] - RADIUS < WALL_TOP; }

/* Solid walls and keep_apart stop the agents whose bodies reach into the
 * wall's height, never letting a centre cross x = 0; the others pass and
 * reach x > 4, keeping their height. */
static void test_stopped_or_passing(steer_up_axis up, meeting how, bool on_ground)
{
    steer_agent_id ids[LEVELS * PER_LEVEL];
    steer_world *w = wall_world(up, WALL_LOW, how, on_ground, ids);
    if (!w) return;
    int crossed_wrongly = 0, passed = 0, stopped = 0;
    for (int s = 0; s < 240; ++s) {
        CHECK(steer_world_step(w, DT) == STEER_OK);
        for (int i = 0; i < LEVELS * PER_LEVEL; ++i) {
            steer_agent_state st;
            CHECK(steer_world_get_agent(w, ids[i], &st) == STEER_OK);
            if (meets_wall(i / PER_LEVEL) && ground_x(up, st.position) > 0.0f) ++crossed_wrongly;
        }
    }
    for (int i = 0; i < LEVELS * PER_LEVEL; ++i) {
        steer_agent_state st;
        CHECK(steer_world_get_agent(w, ids[i], &st) == STEER_OK);
        float x = ground_x(up, st.position);
        CHECK_NEAR(height_of(up, st.position), heights[i / PER_LEVEL], 1e-4);
        if (meets_wall(i / PER_LEVEL)) stopped += x < 0.0f && x > -2.0f; /* held at the wall (or behind one held) */
        else passed += x > 4.0f;
    }
    CHECK(crossed_wrongly == 0);
    CHECK(stopped == 2 * PER_LEVEL);
    CHECK(passed == 2 * PER_LEVEL);
    printf("%s-up, %s%s: %d of %d held at the low wall, %d of %d over it, %d crossings by those that meet it\n",
           up == STEER_UP_Y ? "Y" : "Z", how == SOLID ? "solid walls" : "keep_apart", on_ground ? ", ground plane" : "",
           stopped, 2 * PER_LEVEL, passed, 2 * PER_LEVEL, crossed_wrongly);
    steer_world_destroy(w);
}

/* Solid walls meet a body at the height its move has where it crosses the
 * wall's line, not where it starts: a flyer diving past the top into the
 * wall's height is stopped (it started above it, and passed through), one
 * climbing from within its height to above it by the line passes. One step
 * of 1 s, no steering: the velocity is the move. */
static void test_a_move_meets_the_wall_where_it_crosses(steer_up_axis up)
{
    static const struct {
        float height, rise;
        bool stopped;
    } moves[] = {{2.8f, -2.0f, true},   /* 2.8 - 0.5 clears the top (2); at the line 1.8: in the wall */
                 {1.5f, 4.0f, false},   /* in the wall's height; at the line 3.5: its body over the top */
                 {2.8f, 0.0f, false},   /* level, over it */
                 {-1.2f, 2.0f, true}};  /* from below the bottom (0) into it */
    for (size_t m = 0; m < sizeof moves / sizeof moves[0]; ++m) {
        steer_world_def wd = steer_default_world_def();
        wd.dim = 3;
        wd.up = up;
        wd.bounds_min = steer_v3_make(-20, -20, -20);
        wd.bounds_max = steer_v3_make(20, 20, 20);
        wd.boundary = STEER_BOUNDARY_CLAMP;
        wd.solid_walls = true;
        steer_world *w = steer_world_create(&wd);
        CHECK(steer_world_add_wall(w, at_height(up, 0, -8, 0), at_height(up, 0, 8, 0)) == 0);
        CHECK(steer_world_set_wall_height(w, 0, WALL_BOTTOM, WALL_TOP) == STEER_OK);
        steer_group_def gd = steer_default_group_def();
        memset(gd.weight, 0, sizeof gd.weight);
        gd.radius = RADIUS;
        gd.max_speed = 10.0f;
        CHECK(steer_world_add_group(w, &gd) == 0);
        steer_v3 velocity = steer_v3_from_z_up(steer_v3_make(2.0f, 0.0f, moves[m].rise), up);
        steer_agent_id id = steer_world_add_agent(w, 0, at_height(up, -1, 0, moves[m].height), velocity);
        CHECK(steer_world_step(w, 1.0f) == STEER_OK);
        steer_agent_state st;
        CHECK(steer_world_get_agent(w, id, &st) == STEER_OK);
        float x = ground_x(up, st.position);
        if (moves[m].stopped) CHECK(x < 0.0f && x > -0.01f);
        else CHECK_NEAR(x, 1.0f, 1e-5);
        CHECK_NEAR(height_of(up, st.position), moves[m].height + moves[m].rise, 1e-5); /* the move along the wall's height is kept */
        steer_world_destroy(w);
    }
}

/* AVOID_WALLS: an agent that clears the wall moves bit for bit as in a
 * world without it; one that meets it is turned (and a wall set to every
 * height is the wall as added: the same bits as the low wall gives the
 * agents that meet it... and as no wall gives none). */
static void test_feelers(steer_up_axis up)
{
    steer_agent_id ids[LEVELS * PER_LEVEL], none_ids[LEVELS * PER_LEVEL], tall_ids[LEVELS * PER_LEVEL];
    steer_world *low = wall_world(up, WALL_LOW, AVOID, false, ids);
    steer_world *none = wall_world(up, WALL_NONE, AVOID, false, none_ids);
    steer_world *tall = wall_world(up, WALL_EVERY_HEIGHT, AVOID, false, tall_ids);
    if (!low || !none || !tall) return;
    int same_as_none = 0, same_as_tall = 0;
    for (int s = 0; s < 120; ++s) {
        CHECK(steer_world_step(low, DT) == STEER_OK);
        CHECK(steer_world_step(none, DT) == STEER_OK);
        CHECK(steer_world_step(tall, DT) == STEER_OK);
    }
    for (int i = 0; i < LEVELS * PER_LEVEL; ++i) {
        steer_agent_state a, b, c;
        CHECK(steer_world_get_agent(low, ids[i], &a) == STEER_OK);
        CHECK(steer_world_get_agent(none, none_ids[i], &b) == STEER_OK);
        CHECK(steer_world_get_agent(tall, tall_ids[i], &c) == STEER_OK);
        bool as_none = a.position.x == b.position.x && a.position.y == b.position.y && a.position.z == b.position.z;
        bool as_tall = a.position.x == c.position.x && a.position.y == c.position.y && a.position.z == c.position.z;
        CHECK(as_none != meets_wall(i / PER_LEVEL));
        CHECK(as_tall == meets_wall(i / PER_LEVEL));
        same_as_none += as_none;
        same_as_tall += as_tall;
    }
    printf("%s-up feelers: %d agents as with no wall, %d as with a wall of every height\n", up == STEER_UP_Y ? "Y" : "Z",
           same_as_none, same_as_tall);
    steer_world_destroy(low);
    steer_world_destroy(none);
    steer_world_destroy(tall);
}

/* A waypoint is taken within its radius only with the next one in sight:
 * the low wall hides it from an agent at its height, not from one above. */
static void test_waypoint_sight(steer_up_axis up)
{
    for (int level = 0; level < LEVELS; ++level) {
        steer_agent_id ids[LEVELS * PER_LEVEL];
        steer_world *w = wall_world(up, WALL_LOW, AVOID, false, ids);
        if (!w) return;
        steer_group_def gd;
        CHECK(steer_world_get_group(w, level, &gd) == STEER_OK);
        gd.waypoint_radius = 2.0f;
        CHECK(steer_world_set_group(w, level, &gd) == STEER_OK);
        /* 1.2 from the first waypoint (within the radius, beyond the body
         * and the arrival tolerance), the next across the wall */
        steer_v3 points[2] = {at_height(up, -2.8f, -2, heights[level]), at_height(up, 6, -2, heights[level])};
        steer_goal goal = {.kind = STEER_GOAL_WAYPOINTS, .points = points, .point_count = 2};
        steer_agent_id id = ids[level * PER_LEVEL];
        CHECK(steer_world_set_goal(w, id, &goal) == STEER_OK);
        CHECK(steer_world_step(w, DT) == STEER_OK);
        steer_goal now;
        CHECK(steer_world_get_goal(w, id, &now) == STEER_OK);
        CHECK(now.progress == (meets_wall(level) ? 0 : 1));
        steer_world_destroy(w);
    }
}

/* A snapshot keeps the heights (8 bytes a wall, only when some wall has
 * one), and the restored world goes on bit for bit. */
static void test_snapshot(steer_up_axis up)
{
    steer_agent_id ids[LEVELS * PER_LEVEL], tall_ids[LEVELS * PER_LEVEL];
    steer_world *w = wall_world(up, WALL_LOW, SOLID, false, ids);
    steer_world *tall = wall_world(up, WALL_EVERY_HEIGHT, SOLID, false, tall_ids);
    steer_world *copy = wall_world(up, WALL_NONE, SOLID, false, tall_ids);
    if (!w || !tall || !copy) return;
    for (int s = 0; s < 40; ++s) CHECK(steer_world_step(w, DT) == STEER_OK);
    snap_buffer low_bytes = snap_save(w), tall_bytes = snap_save(tall);
    CHECK(low_bytes.size == tall_bytes.size + 2 * sizeof(float));
    steer_snapshot_info info;
    CHECK(steer_world_snapshot_info(low_bytes.data, low_bytes.size, &info) == STEER_OK && info.wall_count == 1);
    CHECK(steer_world_snapshot_info(tall_bytes.data, tall_bytes.size, &info) == STEER_OK && info.wall_count == 1);
    CHECK(steer_world_restore(copy, low_bytes.data, low_bytes.size) == STEER_OK);
    float bottom = 0, top = 0;
    CHECK(steer_world_get_wall_height(copy, 0, &bottom, &top) == STEER_OK && bottom == WALL_BOTTOM && top == WALL_TOP);
    for (int s = 0; s < 200; ++s) {
        CHECK(steer_world_step(w, DT) == STEER_OK);
        CHECK(steer_world_step(copy, DT) == STEER_OK);
    }
    CHECK(steer_world_state_hash(copy) == steer_world_state_hash(w));
    /* a restore of a world without heights brings walls of every height */
    CHECK(steer_world_restore(copy, tall_bytes.data, tall_bytes.size) == STEER_OK);
    CHECK(steer_world_get_wall_height(copy, 0, &bottom, &top) == STEER_OK && bottom == -INFINITY && top == INFINITY);
    /* a top not above the bottom (resealed, so the reader's own check
     * sees it) is refused, and the world keeps what it had: the heights
     * follow the wall's ends (ground frame: (0, -8, 0) to (0, 8, 0)) */
    const float wall[8] = {0, -8, 0, 0, 8, 0, WALL_BOTTOM, WALL_TOP};
    size_t found = 0, at = 0;
    for (size_t k = 0; k + sizeof wall <= low_bytes.size; ++k)
        if (memcmp(low_bytes.data + k, wall, sizeof wall) == 0) ++found, at = k + 7 * sizeof(float);
    CHECK(found == 1);
    const float flat_top = WALL_BOTTOM;
    memcpy(low_bytes.data + at, &flat_top, sizeof flat_top);
    snap_reseal(low_bytes.data, low_bytes.size);
    uint64_t before = steer_world_state_hash(copy);
    CHECK(steer_world_restore(copy, low_bytes.data, low_bytes.size) == STEER_ERROR_BAD_SNAPSHOT);
    CHECK(steer_world_get_wall_height(copy, 0, &bottom, &top) == STEER_OK && top == INFINITY);
    CHECK(steer_world_state_hash(copy) == before);
    free(low_bytes.data);
    free(tall_bytes.data);
    steer_world_destroy(copy);
    steer_world_destroy(w);
    steer_world_destroy(tall);
}

int main(void)
{
    for (int u = 0; u < 2; ++u) {
        steer_up_axis up = u ? STEER_UP_Y : STEER_UP_Z;
        test_stopped_or_passing(up, SOLID, false);
        test_stopped_or_passing(up, SOLID, true);
        test_stopped_or_passing(up, KEEP_APART, false);
        test_a_move_meets_the_wall_where_it_crosses(up);
        test_feelers(up);
        test_waypoint_sight(up);
        test_snapshot(up);
    }
    return check_summary("test_world_wall_heights");
}

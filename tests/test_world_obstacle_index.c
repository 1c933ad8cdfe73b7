/* The index of obstacles and walls (src/world_object_index.c) changes no bit:
 * worlds crowded with random obstacles and walls, solid, avoided and
 * followed, step to the same state as the same worlds forced to the full
 * loops (object_index.full_loops: every query answers "every object"), in
 * 2D and 3D, on 1 and 2 threads, through set, add, clear and restore, and
 * where an obstacle cannot be filed; and a query returns, ascending and
 * once each, every object whose box meets the asked box. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "steer/steer.h"
#include "world_internal.h"
#include "world_scenario.h" /* WORLD_TEST_SIZE */

#define SIDE 60.0f
#define OBSTACLES WORLD_TEST_SIZE(1500, 500)
#define WALLS WORLD_TEST_SIZE(600, 256)
#define ADDED_OBSTACLES 500 /* by the invalidation test */
#define ADDED_WALLS 300
#define AGENTS WORLD_TEST_SIZE(160, 60)
#define STEPS WORLD_TEST_SIZE(45, 20)
#define DT (1.0f / 30.0f)

static uint64_t rng = 1;
static float uniform(float lo, float hi)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return lo + (hi - lo) * (float)(rng >> 40) * 0x1p-24f;
}

static steer_v3 random_point(int dim)
{
    return steer_v3_make(uniform(-SIDE, SIDE), uniform(-SIDE, SIDE), dim == 3 ? uniform(-SIDE, SIDE) : 0.0f);
}

static void add_obstacles(steer_world *w, int dim, int count)
{
    for (int i = 0; i < count; ++i) {
        steer_v3 c = random_point(dim);
        float r = i % 97 == 0 ? uniform(4.0f, 9.0f) : uniform(0.0f, 1.2f); /* a few large, some points */
        CHECK(steer_world_add_obstacle(w, c, r) >= 0);
    }
}

/* Random segments, a few long, some points, and every 64th a zigzag of
 * eight walls sharing corners (where the crossing test and the skin meet
 * two walls at once). */
static void add_walls(steer_world *w, int dim, int count)
{
    int i = 0;
    while (i < count) {
        steer_v3 a = random_point(dim);
        if (i % 64 == 0 && count - i >= 8) {
            for (int k = 0; k < 8; ++k, ++i) {
                steer_v3 b = steer_v3_make(a.x + 2.0f, a.y + (k % 2 ? 2.0f : -2.0f), a.z);
                CHECK(steer_world_add_wall(w, a, b) >= 0);
                a = b;
            }
            continue;
        }
        float length = i % 61 == 0 ? uniform(20.0f, 80.0f) : uniform(0.0f, 5.0f);
        float angle = uniform(0.0f, 6.2831853f);
        steer_v3 b = steer_v3_make(a.x + length * cosf(angle), a.y + length * sinf(angle), a.z);
        int index = steer_world_add_wall(w, a, b);
        CHECK(index >= 0);
        /* in 3D every third wall 4 tall about its ends' height: agents
         * above and below pass it, the index's answers filtered by height */
        if (dim == 3 && index >= 0 && i % 3 == 1) CHECK(steer_world_set_wall_height(w, index, a.z - 2.0f, a.z + 2.0f) == STEER_OK);
        ++i;
    }
}

/* Solids and non-penetration on; one group avoids obstacles, one avoids
 * and follows walls, both wander and seek across the field; a third darts
 * at ten times their speed (a move of several cells) into the solids.
 * Objects and agents come from the seed, so two calls give the same world. */
static steer_world *crowded_world(int dim, int workers, steer_boundary boundary, uint64_t seed)
{
    rng = seed;
    steer_world_def wd = steer_default_world_def();
    wd.dim = dim;
    wd.capacity = AGENTS;
    wd.worker_count = workers;
    wd.bounds_min = steer_v3_make(-SIDE, -SIDE, -SIDE);
    wd.bounds_max = steer_v3_make(SIDE, SIDE, SIDE);
    wd.boundary = boundary;
    wd.solid_obstacles = true;
    wd.solid_walls = true;
    wd.non_penetration = true;
    wd.max_obstacles = OBSTACLES + ADDED_OBSTACLES;
    wd.max_walls = WALLS + ADDED_WALLS;
    steer_world *w = steer_world_create(&wd);
    CHECK(w != 0);
    if (!w) return 0;
    add_obstacles(w, dim, OBSTACLES);
    add_walls(w, dim, WALLS);
    for (int g = 0; g < 3; ++g) {
        steer_group_def gd = steer_default_group_def();
        gd.radius = g == 0 ? 0.3f : 0.5f;
        gd.max_speed = g == 2 ? 60.0f : 6.0f;
        gd.max_force = 20.0f;
        gd.neighbour_radius = 2.0f;
        gd.separation_radius = 1.0f;
        gd.waypoint_radius = 40.0f;
        gd.weight[STEER_SEPARATION] = 2.0f;
        gd.weight[STEER_WANDER] = 1.0f;
        gd.weight[STEER_SEEK] = 0.5f;
        gd.target = g == 0 ? steer_v3_make(SIDE, 10, 0) : steer_v3_make(-SIDE, -10, 0);
        if (g == 0) {
            gd.weight[STEER_AVOID_OBSTACLES] = 3.0f;
        } else if (g == 1) {
            gd.weight[STEER_AVOID_WALLS] = 3.0f;
            gd.weight[STEER_FOLLOW_WALL] = 1.0f;
            gd.weight[STEER_AVOID_OBSTACLES] = 1.0f;
        }
        CHECK(steer_world_add_group(w, &gd) == g);
    }
    /* routes among the walls, taken in sight of the next point (a long
     * line asked of the index in pieces) */
    static steer_v3 route[4];
    for (int k = 0; k < 4; ++k) route[k] = random_point(dim);
    for (int i = 0; i < AGENTS; ++i) {
        steer_v3 v = steer_v3_make(uniform(-5, 5), uniform(-5, 5), dim == 3 ? uniform(-5, 5) : 0.0f);
        steer_agent_id id = steer_world_add_agent(w, i % 3, random_point(dim), v);
        if (i % 4 == 0) {
            steer_goal g = {STEER_GOAL_WAYPOINTS, steer_v3_zero(), 0.0f, 0.0f, -1, route, 4, i % 3, false, {0, 0, 0}};
            CHECK(steer_world_set_goal(w, id, &g) == STEER_OK);
        }
    }
    return w;
}

static bool same_state(const steer_world *a, const steer_world *b)
{
    if (a->count != b->count) return false;
    for (int k = 0; k < a->dim; ++k)
        if (memcmp(a->p[k], b->p[k], sizeof(float) * (size_t)a->count) ||
            memcmp(a->v[k], b->v[k], sizeof(float) * (size_t)a->count))
            return false;
    return steer_world_state_hash(a) == steer_world_state_hash(b);
}

/* Steps both; true if every step ends in the same bits. */
static bool step_alike(steer_world *indexed, steer_world *full, int steps)
{
    bool alike = true;
    for (int s = 0; s < steps; ++s) {
        CHECK(steer_world_step(indexed, DT) == STEER_OK);
        CHECK(steer_world_step(full, DT) == STEER_OK);
        alike = alike && same_state(indexed, full);
    }
    return alike;
}

static void test_same_bits(int dim, int workers, steer_boundary boundary)
{
    steer_world *indexed = crowded_world(dim, workers, boundary, 7 + (uint64_t)dim);
    steer_world *full = crowded_world(dim, workers, boundary, 7 + (uint64_t)dim);
    if (!indexed || !full) return;
    full->object_index.full_loops = true;
    CHECK(step_alike(indexed, full, STEPS));
    /* the index was built and answers with a few objects, not all */
    CHECK(indexed->object_index.obstacles.built && indexed->object_index.walls.built);
    uint32_t buf[STEER__OBJECT_QUERY_CAP];
    steer_v3 lo, hi;
    steer__box_around(steer_v3_zero(), 2.0f, &lo, &hi);
    steer__object_list near = steer__obstacles_near(indexed, lo, hi, buf);
    CHECK(near.ids != 0 && near.count < OBSTACLES / 10);
    steer_world_destroy(indexed);
    steer_world_destroy(full);
}

/* set, add, clear and restore each change what the index must hold. */
static void test_invalidation(int dim, int workers)
{
    steer_world *indexed = crowded_world(dim, workers, STEER_BOUNDARY_CLAMP, 99);
    steer_world *full = crowded_world(dim, workers, STEER_BOUNDARY_CLAMP, 99);
    if (!indexed || !full) return;
    full->object_index.full_loops = true;
    size_t size = steer_world_snapshot_size(indexed), written = 0;
    void *snapshot = malloc(size);
    CHECK(snapshot && steer_world_save(indexed, snapshot, size, &written) == STEER_OK);
    CHECK(step_alike(indexed, full, 5));

    /* every obstacle moved onto an agent (the old cells would miss it) */
    steer_world_view view = steer_world_get_view(indexed);
    for (int i = 0; i < OBSTACLES; ++i) {
        int agent = i % view.count;
        steer_v3 at = steer_v3_make(view.px[agent] + 0.1f, view.py[agent], dim == 3 ? view.pz[agent] : 0.0f);
        CHECK(steer_world_set_obstacle(indexed, i, at, 0.8f) == STEER_OK);
        CHECK(steer_world_set_obstacle(full, i, at, 0.8f) == STEER_OK);
    }
    CHECK(step_alike(indexed, full, 5));

    uint64_t seed = rng; /* added objects: the same in both */
    add_obstacles(indexed, dim, ADDED_OBSTACLES);
    add_walls(indexed, dim, ADDED_WALLS);
    rng = seed;
    add_obstacles(full, dim, ADDED_OBSTACLES);
    add_walls(full, dim, ADDED_WALLS);
    CHECK(step_alike(indexed, full, 5));

    steer_world_clear_obstacles(indexed); /* the walls stay */
    steer_world_clear_obstacles(full);
    CHECK(step_alike(indexed, full, 5));

    CHECK(steer_world_restore(indexed, snapshot, written) == STEER_OK);
    CHECK(steer_world_restore(full, snapshot, written) == STEER_OK);
    full->object_index.full_loops = true;
    CHECK(indexed->obstacle_count == OBSTACLES && indexed->wall_count == WALLS);
    CHECK(step_alike(indexed, full, 10));
    free(snapshot);
    steer_world_destroy(indexed);
    steer_world_destroy(full);
}

/* keep_wall_skin sets a move's end back onto any wall whose line it put
 * between the end and the start, however far: a long move past a short
 * wall's end. The index must offer that wall though the end is far from it. */
static void test_skin_after_long_move(int workers)
{
    steer_world *worlds[2];
    steer_v3 ends[2];
    for (int k = 0; k < 2; ++k) {
        steer_world_def wd = steer_default_world_def();
        wd.capacity = 4;
        wd.worker_count = workers;
        wd.bounds_min = steer_v3_make(-100, -100, -1);
        wd.bounds_max = steer_v3_make(100, 100, 1);
        wd.solid_walls = true;
        wd.max_dt = 0.0f; /* one move */
        steer_world *w = worlds[k] = steer_world_create(&wd);
        CHECK(w != 0);
        if (!w) return;
        CHECK(steer_world_add_wall(w, steer_v3_make(0, 0, 0), steer_v3_make(1, 0, 0)) == 0);
        for (int i = 0; i < 40; ++i) /* enough short walls, far away, for small cells */
            CHECK(steer_world_add_wall(w, steer_v3_make(-40.0f + 2.0f * (float)i, -60, 0),
                                       steer_v3_make(-39.0f + 2.0f * (float)i, -60, 0)) == i + 1);
        w->object_index.full_loops = k == 1;
        steer_group_def gd = steer_default_group_def();
        for (int b = 0; b < STEER_BEHAVIOUR_COUNT; ++b) gd.weight[b] = 0.0f;
        gd.max_speed = 100.0f;
        CHECK(steer_world_add_group(w, &gd) == 0);
        steer_agent_id id = steer_world_add_agent(w, 0, steer_v3_make(-20, 0.5f, 0), steer_v3_make(20.5f, -20.5f, 0));
        CHECK(steer_world_step(w, 1.0f) == STEER_OK);
        steer_agent_state st;
        CHECK(steer_world_get_agent(w, id, &st) == STEER_OK);
        ends[k] = st.position;
    }
    CHECK(worlds[0]->object_index.walls.built);
    CHECK(memcmp(&ends[0], &ends[1], sizeof ends[0]) == 0);
    steer_world_destroy(worlds[0]);
    steer_world_destroy(worlds[1]);
}

/* An obstacle whose filed box leaves the float range (centre +- 2 radius
 * overflows) leaves the obstacles unindexed: every query answers "every
 * obstacle" and the world steps as the full loops do. */
static void test_unindexable(void)
{
    steer_world *indexed = crowded_world(2, 1, STEER_BOUNDARY_CLAMP, 3);
    steer_world *full = crowded_world(2, 1, STEER_BOUNDARY_CLAMP, 3);
    if (!indexed || !full) return;
    full->object_index.full_loops = true;
    CHECK(steer_world_set_obstacle(indexed, 1, steer_v3_make(1e30f, 0, 0), 3e38f) == STEER_OK);
    CHECK(steer_world_set_obstacle(full, 1, steer_v3_make(1e30f, 0, 0), 3e38f) == STEER_OK);
    CHECK(step_alike(indexed, full, 3));
    CHECK(!indexed->object_index.obstacles.built && indexed->object_index.walls.built);
    CHECK(indexed->object_index.current); /* not rebuilt every step */
    steer_world_destroy(indexed);
    steer_world_destroy(full);
}

static bool boxes_meet(const float alo[3], const float ahi[3], steer_v3 lo, steer_v3 hi, int axes)
{
    float blo[3] = {lo.x, lo.y, lo.z}, bhi[3] = {hi.x, hi.y, hi.z};
    for (int a = 0; a < axes; ++a)
        if (ahi[a] < blo[a] || bhi[a] < alo[a]) return false;
    return true;
}

/* Every object whose filed box meets the asked box is in the answer,
 * which is ascending without repeats. */
static void test_query_complete(int dim)
{
    steer_world *w = crowded_world(dim, 1, STEER_BOUNDARY_CLAMP, 5);
    if (!w) return;
    CHECK(steer_world_step(w, DT) == STEER_OK); /* builds the index */
    uint32_t buf[STEER__OBJECT_QUERY_CAP];
    int answered = 0;
    for (int q = 0; q < 400; ++q) {
        steer_v3 lo, hi;
        steer__box_around(random_point(dim), uniform(0.0f, 3.0f), &lo, &hi);
        for (int kind = 0; kind < 2; ++kind) {
            steer__object_list near = kind == 0 ? steer__obstacles_near(w, lo, hi, buf) : steer__walls_near(w, lo, hi, (steer__wall_level){0.0f, 0.5f, 0.0f}, buf);
            if (!near.ids) continue;
            ++answered;
            bool ordered = true, complete = true;
            for (int k = 1; k < near.count; ++k) ordered = ordered && near.ids[k - 1] < near.ids[k];
            int count = kind == 0 ? w->obstacle_count : w->wall_count, k = 0;
            for (int i = 0; i < count; ++i) {
                float olo[3], ohi[3];
                if (kind == 0) {
                    const steer_obstacle3 *o = &w->obstacles[i];
                    float c[3] = {o->centre.x, o->centre.y, o->centre.z};
                    for (int a = 0; a < 3; ++a) olo[a] = c[a] - 2.0f * o->radius, ohi[a] = c[a] + 2.0f * o->radius;
                } else {
                    const steer_segment3 *s = &w->walls[i];
                    olo[0] = steer_minf(s->a.x, s->b.x), ohi[0] = steer_maxf(s->a.x, s->b.x);
                    olo[1] = steer_minf(s->a.y, s->b.y), ohi[1] = steer_maxf(s->a.y, s->b.y);
                }
                while (k < near.count && (int)near.ids[k] < i) ++k;
                bool listed = k < near.count && (int)near.ids[k] == i;
                /* walls: those an agent of radius 0.5 at height 0 meets (every third 3D wall has a height) */
                bool met = kind == 0 || steer__wall_meets(w, i, 0.0f, 0.5f);
                if (boxes_meet(olo, ohi, lo, hi, kind == 0 ? dim : 2) && met) complete = complete && listed;
                if (!met) complete = complete && !listed;
            }
            CHECK(ordered && complete);
        }
    }
    CHECK(answered > 600); /* nearly every small box is answered by the index */
    steer_world_destroy(w);
}

/* Whether a wall crosses a line, asked of the index in pieces, agrees
 * with the full loop's first crossing, for lines of a hair to the whole
 * field: most long ones cross a wall, most short ones none. */
static void test_wall_across(void)
{
    steer_world *w = crowded_world(2, 1, STEER_BOUNDARY_CLAMP, 9);
    steer_world *full = crowded_world(2, 1, STEER_BOUNDARY_CLAMP, 9);
    if (!w || !full) return;
    full->object_index.full_loops = true;
    CHECK(steer_world_step(w, DT) == STEER_OK); /* builds the index */
    CHECK(steer_world_step(full, DT) == STEER_OK);
    CHECK(w->object_index.walls.built);
    int crossed = 0, clear = 0, agree = 0, lines = 2000;
    for (int q = 0; q < lines; ++q) {
        steer_v3 a = random_point(2);
        float length = q % 2 ? uniform(0.0f, 3.0f) : uniform(10.0f, 170.0f), angle = uniform(0.0f, 6.2831853f);
        steer_v2 p = steer_v2_make(a.x, a.y), e = steer_v2_make(a.x + length * cosf(angle), a.y + length * sinf(angle));
        steer_v2 normal;
        bool expected = steer__first_wall_crossing(full, p, e, (steer__wall_level){0.0f, 0.5f, 0.0f}, &normal) <= 1.0f;
        bool got = steer__wall_across(w, p, e, (steer__wall_level){0.0f, 0.5f, 0.0f});
        agree += got == expected;
        crossed += expected;
        clear += !expected;
    }
    CHECK(agree == lines);
    CHECK(crossed > lines / 4 && clear > lines / 4);
    steer_world_destroy(w);
    steer_world_destroy(full);
}

int main(void)
{
    for (int dim = 2; dim <= 3; ++dim) {
        test_query_complete(dim);
        for (int workers = 1; workers <= 2; ++workers) {
            test_same_bits(dim, workers, STEER_BOUNDARY_CLAMP);
            test_invalidation(dim, workers);
            if (dim == 2) test_skin_after_long_move(workers);
        }
        test_same_bits(dim, 2, STEER_BOUNDARY_WRAP);
    }
    test_unindexable();
    test_wall_across();
    return check_summary("test_world_obstacle_index");
}

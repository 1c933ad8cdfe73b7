/* steer_world_places_around (world.h): places for agents ordered to one
 * point. Each check is what the header promises, measured on the answer:
 * spacing, clear of rocks, walls and standing agents (movers excepted),
 * inside a bounded box, the fallback when too few are open, the ground of
 * a Y-up world, the same answer every call; one unit on the point itself;
 * and that agents sent to them all arrive. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "steer/steer.h"

static steer_world *world(int dim, steer_up_axis up, steer_boundary boundary, float half)
{
    steer_world_def wd = steer_default_world_def();
    wd.dim = dim;
    wd.up = up;
    wd.capacity = 512;
    wd.boundary = boundary;
    wd.bounds_min = steer_v3_make(-half, -half, dim == 3 ? -half : 0.0f);
    wd.bounds_max = steer_v3_make(half, half, dim == 3 ? half : 0.0f);
    steer_world *w = steer_world_create(&wd);
    steer_group_def gd = steer_default_group_def();
    gd.radius = 0.5f;
    CHECK(steer_world_add_group(w, &gd) == 0);
    return w;
}

/* On the ground of the world's up axis: (x, y) there, and the height. */
static steer_v2 ground(steer_up_axis up, int dim, steer_v3 p)
{
    steer_v3 g = dim == 3 ? steer_v3_to_z_up(p, up) : p;
    return steer_v2_make(g.x, g.y);
}
static float height(steer_up_axis up, steer_v3 p) { return steer_v3_to_z_up(p, up).z; }
static steer_v3 at(steer_up_axis up, int dim, float x, float y, float h)
{
    return dim == 3 ? steer_v3_from_z_up(steer_v3_make(x, y, h), up) : steer_v3_make(x, y, 0.0f);
}

static float closest_pair(int dim, steer_up_axis up, const steer_v3 *p, int n)
{
    float best = INFINITY;
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) best = steer_minf(best, steer_v2_dist(ground(up, dim, p[i]), ground(up, dim, p[j])));
    return best;
}

static float segment_distance(steer_v2 p, steer_v2 a, steer_v2 b)
{
    steer_v2 ab = steer_v2_sub(b, a);
    float t = steer_clampf(steer_v2_dot(steer_v2_sub(p, a), ab) / steer_v2_dot(ab, ab), 0.0f, 1.0f);
    return steer_v2_dist(p, steer_v2_add(a, steer_v2_scale(ab, t)));
}

static bool segments_cross(steer_v2 p, steer_v2 q, steer_v2 a, steer_v2 b)
{
    float d1 = (q.x - p.x) * (a.y - p.y) - (q.y - p.y) * (a.x - p.x);
    float d2 = (q.x - p.x) * (b.y - p.y) - (q.y - p.y) * (b.x - p.x);
    float d3 = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
    float d4 = (b.x - a.x) * (q.y - a.y) - (b.y - a.y) * (q.x - a.x);
    return ((d1 > 0) != (d2 > 0)) && ((d3 > 0) != (d4 > 0));
}

/* Open ground: count places, the closest two `spacing` apart (the spiral's
 * first and fourth), at the centre's height, the same every call. */
static void open_ground(int dim, steer_up_axis up)
{
    steer_world *w = world(dim, up, STEER_BOUNDARY_NONE, 100.0f);
    steer_v3 places[300], again[300];
    steer_places_query q = {at(up, dim, 3.0f, -2.0f, 1.5f), 1.5f, 0.0f, NULL, 0};
    CHECK(steer_world_places_around(w, &q, places, 300) == 300);
    CHECK(steer_world_places_around(w, &q, again, 300) == 300);
    float closest = closest_pair(dim, up, places, 300), farthest = 0.0f;
    bool level = true, same = true;
    for (int i = 0; i < 300; ++i) {
        farthest = steer_maxf(farthest, steer_v2_dist(ground(up, dim, places[i]), ground(up, dim, q.centre)));
        if (dim == 3) level = level && height(up, places[i]) == height(up, q.centre);
        same = same && steer_v3_dist(places[i], again[i]) == 0.0f;
    }
    printf("open ground %dD up %d: 300 places, closest two %.4f apart (spacing 1.5), farthest %.2f from the centre\n", dim,
           (int)up, (double)closest, (double)farthest);
    CHECK(fabsf(closest - 1.5f) < 1e-3f);
    CHECK(farthest < 1.5f / 1.546f * sqrtf(300.0f) + 1e-3f); /* no point passed over: the first 300 */
    CHECK(level && same);
    steer_world_destroy(w);
}

/* Rocks, a wall, and units standing about: no place within half the
 * spacing of a rock or a wall, none behind the wall seen from the centre,
 * none on a standing unit (within half the spacing and its radius) unless
 * the unit is one of those sent. */
static void flows_round_what_is_in_the_way(int dim, steer_up_axis up)
{
    steer_world *w = world(dim, up, STEER_BOUNDARY_NONE, 100.0f);
    const float spacing = 1.5f, half = 0.75f;
    const steer_v2 rocks[2] = {{0.0f, 0.0f}, {6.0f, 3.0f}};
    const float rock_radius[2] = {2.0f, 1.0f};
    for (int k = 0; k < 2; ++k)
        CHECK(steer_world_add_obstacle(w, at(up, dim, rocks[k].x, rocks[k].y, 0.0f), rock_radius[k]) == k);
    const steer_v2 wall[2] = {{-4.0f, -8.0f}, {-4.0f, 8.0f}};
    CHECK(steer_world_add_wall(w, at(up, dim, wall[0].x, wall[0].y, 0.0f), at(up, dim, wall[1].x, wall[1].y, 0.0f)) == 0);
    /* standing units on a ring about the click; every other one is sent */
    steer_agent_id standing[12], movers[6];
    for (int k = 0; k < 12; ++k) {
        float angle = 0.5236f * (float)k;
        standing[k] = steer_world_add_agent(w, 0, at(up, dim, 5.0f * cosf(angle), 5.0f * sinf(angle), 0.0f), steer_v3_zero());
        if (k % 2 == 0) movers[k / 2] = standing[k];
    }
    steer_v3 places[120];
    steer_places_query q = {at(up, dim, 1.0f, 1.0f, 0.0f), spacing, 0.0f, movers, 6};
    CHECK(steer_world_places_around(w, &q, places, 120) == 120);
    int in_rock = 0, by_wall = 0, behind = 0, on_idle = 0, on_mover = 0;
    steer_v2 click = ground(up, dim, q.centre);
    for (int i = 0; i < 120; ++i) {
        steer_v2 p = ground(up, dim, places[i]);
        for (int k = 0; k < 2; ++k) in_rock += steer_v2_dist(p, rocks[k]) < rock_radius[k] + half;
        by_wall += segment_distance(p, wall[0], wall[1]) < half;
        behind += segments_cross(click, p, wall[0], wall[1]);
        for (int k = 0; k < 12; ++k) {
            steer_agent_state s;
            steer_world_get_agent(w, standing[k], &s);
            bool on = steer_v2_dist(p, ground(up, dim, s.position)) < half + 0.5f;
            if (k % 2) on_idle += on;
            else on_mover += on;
        }
    }
    printf("in the way %dD up %d: 120 places; in a rock %d, by the wall %d, behind it %d, on an idle unit %d, on a "
           "unit sent %d; closest two %.3f\n",
           dim, (int)up, in_rock, by_wall, behind, on_idle, on_mover, (double)closest_pair(dim, up, places, 120));
    CHECK(in_rock == 0 && by_wall == 0 && behind == 0 && on_idle == 0);
    CHECK(on_mover > 0); /* the units sent do not hold their ground */
    CHECK(closest_pair(dim, up, places, 120) >= spacing - 1e-3f);
    steer_world_destroy(w);
}

/* Two squads ordered through each other in one frame: the squad standing
 * on the click, already sent elsewhere (its goals not reached), does not
 * hold its ground, so the places are the open ground's, not a ring round
 * it (the RTS review: 6.79 from the click against 4.82). A unit that has
 * arrived, or whose own goal ends there, still holds it. */
static void units_on_their_way_leave_their_ground(void)
{
    steer_world *w = world(2, STEER_UP_Z, STEER_BOUNDARY_NONE, 100.0f);
    steer_agent_id there[25], sent[25];
    for (int k = 0; k < 25; ++k) {
        there[k] = steer_world_add_agent(w, 0, steer_v3_make(1.2f * (float)(k % 5), 1.2f * (float)(k / 5), 0.0f), steer_v3_zero());
        sent[k] = steer_world_add_agent(w, 0, steer_v3_make(-30.0f + 1.2f * (float)(k % 5), 1.2f * (float)(k / 5), 0.0f),
                                        steer_v3_zero());
    }
    const steer_v3 click = steer_v3_make(2.4f, 2.4f, 0.0f);
    steer_places_query q = {click, 1.25f, 0.0f, sent, 25};
    steer_v3 places[25];
    float farthest[3];
    for (int round = 0; round < 3; ++round) {
        /* round 0: the squad there idle; 1: sent 30 away; 2: sent to where it stands */
        for (int k = 0; round > 0 && k < 25; ++k) {
            steer_agent_state s;
            steer_world_get_agent(w, there[k], &s);
            steer_v3 to = round == 1 ? steer_v3_add(s.position, steer_v3_make(30.0f, 0.0f, 0.0f)) : s.position;
            CHECK(steer_world_set_goal(w, there[k], &(steer_goal){.kind = STEER_GOAL_ARRIVE, .target = to}) == STEER_OK);
        }
        CHECK(steer_world_places_around(w, &q, places, 25) == 25);
        farthest[round] = 0.0f;
        for (int i = 0; i < 25; ++i) farthest[round] = steer_maxf(farthest[round], steer_v3_dist(places[i], click));
    }
    printf("on their way: the farthest place %.2f from the click with the squad there idle, %.2f once it is sent away, "
           "%.2f sent to where it stands\n", (double)farthest[0], (double)farthest[1], (double)farthest[2]);
    CHECK(farthest[1] < 1.25f / 1.546f * sqrtf(25.0f) + 1e-3f); /* the open ground's first 25 */
    CHECK(farthest[0] > farthest[1] + 1.0f && farthest[2] > farthest[1] + 1.0f);
    steer_world_destroy(w);
}

/* A bounded world: a click by the corner moves the spiral in, whole, and
 * every place keeps half the spacing and the margin from the edge; a box
 * too small for them all still gives count places, all inside. */
static void stays_in_the_box(int dim, steer_up_axis up)
{
    steer_world *w = world(dim, up, STEER_BOUNDARY_CLAMP, 20.0f);
    steer_v3 places[200];
    steer_places_query q = {at(up, dim, 19.5f, -19.5f, 0.0f), 1.2f, 2.0f, NULL, 0};
    CHECK(steer_world_places_around(w, &q, places, 100) == 100);
    float reach = 0.6f + 2.0f;
    int outside = 0;
    for (int i = 0; i < 100; ++i) {
        steer_v2 p = ground(up, dim, places[i]);
        outside += fabsf(p.x) > 20.0f - reach + 1e-4f || fabsf(p.y) > 20.0f - reach + 1e-4f;
    }
    CHECK(outside == 0);
    CHECK(fabsf(closest_pair(dim, up, places, 100) - 1.2f) < 1e-3f); /* moved in whole: still the spiral */
    steer_world_destroy(w);
    /* 200 places 1.2 apart do not fit in a box 8 across less the reach */
    w = world(dim, up, STEER_BOUNDARY_CLAMP, 4.0f);
    q = (steer_places_query){at(up, dim, 0.0f, 0.0f, 0.0f), 1.2f, 0.0f, NULL, 0};
    int open = steer_world_places_around(w, &q, places, 200);
    printf("a box 8 across (%dD): %d of 200 places 1.2 apart open, the rest on points passed over\n", dim, open);
    CHECK(open >= 20 && open < 200); /* the rest take points passed over, inside the box */
    outside = 0;
    for (int i = 0; i < 200; ++i) {
        steer_v2 p = ground(up, dim, places[i]);
        outside += fabsf(p.x) > 4.0f - 0.6f + 1e-4f || fabsf(p.y) > 4.0f - 0.6f + 1e-4f || !steer_v3_is_valid(places[i]);
    }
    CHECK(outside == 0);
    steer_world_destroy(w);
}

/* The RTS order end to end: 80 units sent past a rock and idle units to
 * the places it gives (send_to_places, together) all arrive, none on a
 * rock. */
static void units_sent_there_arrive(void)
{
    steer_world_def wd = steer_default_world_def();
    wd.capacity = 256;
    wd.solid_obstacles = true;
    steer_world *w = steer_world_create(&wd);
    steer_group_def gd = steer_crowd_group_def();
    gd.radius = 0.5f;
    gd.max_speed = 3.0f;
    gd.max_force = 6.0f;
    CHECK(steer_world_add_group(w, &gd) == 0);
    CHECK(steer_world_add_obstacle(w, steer_v3_make(30.0f, 0.0f, 0.0f), 3.0f) == 0);
    steer_agent_id units[80];
    for (int i = 0; i < 80; ++i)
        units[i] = steer_world_add_agent(w, 0, steer_v3_make(-10.0f + 1.3f * (float)(i % 10), -5.0f + 1.3f * (float)(i / 10), 0.0f),
                                         steer_v3_zero());
    for (int i = 0; i < 5; ++i) /* idle units by the click */
        steer_world_add_agent(w, 0, steer_v3_make(27.0f + 1.5f * (float)i, 5.0f, 0.0f), steer_v3_zero());
    steer_v3 places[80];
    steer_places_query q = {steer_v3_make(30.0f, 0.0f, 0.0f), 1.25f, 0.0f, units, 80};
    CHECK(steer_world_places_around(w, &q, places, 80) == 80);
    CHECK(steer_world_send_to_places(w, units, 80, places, 80, true, NULL) == 80);
    int arrived = 0;
    for (int s = 0; s < 60 * 60 && arrived < 80; ++s) {
        steer_world_step(w, 1.0f / 60.0f);
        arrived = 0;
        for (int i = 0; i < 80; ++i) arrived += steer_world_has_arrived(w, units[i]);
    }
    printf("sent there: %d of 80 arrived within 60 s\n", arrived);
    CHECK(arrived == 80);
    steer_world_destroy(w);
}

/* An unbounded world's spiral of a spacing so large (or about a centre so
 * far out) that its points leave the float range: refused as misuse, never
 * places that are not finite (spacing 3e38 gave 4093 infinite places of
 * 4096, every one counted open). A bounded box keeps its places in it. */
static void never_beyond_the_float_range(int dim)
{
    steer_v3 *places = malloc(sizeof *places * 4096);
    steer_world *w = world(dim, STEER_UP_Z, STEER_BOUNDARY_NONE, 50.0f);
    int before = check_misuse_count;
    steer_places_query q = {steer_v3_make(0.0f, 0.0f, 0.0f), 3e38f, 0.0f, NULL, 0};
    CHECK(steer_world_places_around(w, &q, places, 4096) == STEER_ERROR_INVALID_ARGUMENT);
    q = (steer_places_query){steer_v3_make(3e38f, -3e38f, 0.0f), 1e37f, 0.0f, NULL, 0};
    CHECK(steer_world_places_around(w, &q, places, 10) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(check_misuse_count == before + 2);
    /* the largest that fits is answered, every place finite */
    q = (steer_places_query){steer_v3_make(0.0f, 0.0f, 0.0f), 1e35f, 0.0f, NULL, 0};
    CHECK(steer_world_places_around(w, &q, places, 4096) == 4096);
    int bad = 0;
    for (int i = 0; i < 4096; ++i) bad += !steer_v3_is_valid(places[i]);
    CHECK(bad == 0);
    steer_world_destroy(w);
    w = world(dim, STEER_UP_Z, STEER_BOUNDARY_CLAMP, 50.0f);
    q = (steer_places_query){steer_v3_make(0.0f, 0.0f, 0.0f), 3e38f, 0.0f, NULL, 0};
    CHECK(steer_world_places_around(w, &q, places, 4096) >= 0);
    bad = 0;
    for (int i = 0; i < 4096; ++i) bad += !steer_v3_is_valid(places[i]);
    CHECK(bad == 0);
    steer_world_destroy(w);
    free(places);
}

/* One unit ordered to a point goes to the point itself when it is open
 * (the spiral's first point is c / sqrt 2 off the centre: a tank clicked
 * 0.8 beside it was given a place within its arrival tolerance and never
 * moved); a point in a rock, on a standing unit or by the box's edge
 * still takes the spiral's first open point, as for more units. */
static void one_unit_goes_to_the_point(int dim, steer_up_axis up)
{
    steer_world *w = world(dim, up, STEER_BOUNDARY_CLAMP, 20.0f);
    CHECK(steer_world_add_obstacle(w, at(up, dim, 10.0f, 0.0f, 0.0f), 2.0f) == 0);
    steer_agent_id standing = steer_world_add_agent(w, 0, at(up, dim, -10.0f, 0.0f, 0.0f), steer_v3_zero());
    steer_agent_id mover = steer_world_add_agent(w, 0, at(up, dim, 0.0f, 5.0f, 0.0f), steer_v3_zero());
    const float points[4][2] = {{1.0f, 2.0f}, {10.0f, 0.0f}, {-10.0f, 0.0f}, {0.0f, 5.0f}}; /* open, rock, unit, the mover */
    for (int k = 0; k < 4; ++k) {
        steer_places_query q = {at(up, dim, points[k][0], points[k][1], 0.0f), 1.5f, 0.0f, &mover, 1};
        steer_v3 place;
        CHECK(steer_world_places_around(w, &q, &place, 1) == 1);
        steer_v2 p = ground(up, dim, place);
        float off = steer_v2_len(steer_v2_sub(p, steer_v2_make(points[k][0], points[k][1])));
        printf("one unit to (%g, %g): %g off\n", (double)points[k][0], (double)points[k][1], (double)off);
        if (k == 0 || k == 3) CHECK(off == 0.0f); /* the point itself (the mover's own ground counts as open) */
        else CHECK(off > 0.5f);                  /* off the rock, off the standing unit */
    }
    (void)standing;
    steer_world_destroy(w);
}

int main(void)
{
    open_ground(2, STEER_UP_Z);
    open_ground(3, STEER_UP_Z);
    open_ground(3, STEER_UP_Y);
    flows_round_what_is_in_the_way(2, STEER_UP_Z);
    flows_round_what_is_in_the_way(3, STEER_UP_Z);
    flows_round_what_is_in_the_way(3, STEER_UP_Y);
    stays_in_the_box(2, STEER_UP_Z);
    stays_in_the_box(3, STEER_UP_Y);
    units_sent_there_arrive();
    units_on_their_way_leave_their_ground();
    never_beyond_the_float_range(2);
    never_beyond_the_float_range(3);
    one_unit_goes_to_the_point(2, STEER_UP_Z);
    one_unit_goes_to_the_point(3, STEER_UP_Y);
    return check_summary("test_world_order_places");
}

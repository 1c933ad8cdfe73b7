/* The scenario reader's error reporting and limits, through the JSON front
 * end and the setters:
 *   - every error in a document is reported (unknown keys too), in document
 *     order, at most 20 lines and then "... and N more errors";
 *   - a number beyond double range (1e999) names its path;
 *   - objects of 320,000 keys are read (no quadratic key search; the time is
 *     printed, not asserted), and so are 160,000 obstacles;
 *   - a group without "behaviours" does nothing;
 *   - wall segments, paths and flow fields beyond the world's limits are
 *     refused with the field, the count and the limit;
 *   - a wrong variant key (a field's type, a spawn's shape) does not bring
 *     errors about the keys of the default variant;
 *   - goals, the circle shape, the up axis and the groups' arrival fields:
 *     parsed into the description, applied to the world agent by agent
 *     (antipodes, points, boxes, waypoints, paths), and every mistake in
 *     them reported at its path;
 *   - named spawns, follow_leader's leader and formations: resolved to agents
 *     in spawn order, applied to the world, their mistakes reported. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "scenario.h"
#include "scenario_json.h"

#define BOUNDS "\"bounds\": {\"min\": [0, 0], \"max\": [10, 10]}"
#define GROUP "\"groups\": [{\"name\": \"a\"}]"

static char error[8192];

static int load(steer_scenario *sc, const char *text)
{
    return steer_scenario_load_json(sc, "t.json", text, strlen(text), error, sizeof error);
}

static int lines(const char *s)
{
    int n = *s ? 1 : 0;
    for (; *s; ++s) n += *s == '\n';
    return n;
}

static double seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void test_every_error(steer_scenario *sc)
{
    /* the user's example: the unknown key is reported with the missing ones */
    CHECK(load(sc, "{\"zz_unknown_key\": 1}") == -1);
    CHECK(strstr(error, "t.json: zz_unknown_key: unknown key (expected one of:") != 0);
    CHECK(strstr(error, "t.json: missing required key \"bounds\"") != 0);
    CHECK(strstr(error, "t.json: missing required key \"groups\"") != 0);
    CHECK(steer_scenario_error_count(sc) == 3);
    CHECK(lines(steer_scenario_error(sc)) == 3);
    CHECK(steer_scenario_finish(sc) == -1 && steer_scenario_error_count(sc) == 3); /* again: the same, not twice */

    /* several mistakes in several places, in document order */
    CHECK(load(sc, "{" BOUNDS ", \"groups\": [{\"name\": \"a\", \"max_sped\": 3, \"colour\": \"red\"},"
                   " {\"name\": \"b\", \"max_speed\": -1}], \"dt\": \"fast\"}") == -1);
    const char *e = steer_scenario_error(sc);
    const char *a = strstr(e, "groups[0].max_sped: unknown key; did you mean \"max_speed\"?");
    const char *b = strstr(e, "groups[0].colour: expected a colour");
    const char *c = strstr(e, "groups[1].max_speed: expected a positive number, got -1");
    const char *d = strstr(e, "dt: expected a positive number, got \"fast\"");
    CHECK(a && b && c && d && a < b && b < c && c < d);
    CHECK(steer_scenario_error_count(sc) == 4);

    /* a key the walker refuses is reported, and the walk goes on */
    CHECK(load(sc, "{" BOUNDS ", \"max speed\": 1, \"groups\": [{\"name\": \"a\", \"mass\": 0}]}") == -1);
    CHECK(strstr(error, "t.json: \"max speed\": unknown key") != 0);
    CHECK(strstr(error, "t.json: groups[0].mass: expected a positive number, got 0") != 0);

    /* many errors: 20 lines, then a count */
    char text[4096];
    size_t used = (size_t)snprintf(text, sizeof text, "{");
    for (int i = 0; i < 30; ++i) used += (size_t)snprintf(text + used, sizeof text - used, "\"k%02d\": 1, ", i);
    snprintf(text + used, sizeof text - used, "\"z\": 0}");
    CHECK(load(sc, text) == -1);
    e = steer_scenario_error(sc);
    CHECK(steer_scenario_error_count(sc) == 33); /* 31 unknown keys, bounds and groups missing */
    CHECK(lines(e) == 21);
    CHECK(strstr(e, "\n... and 13 more errors") != 0);
    CHECK(strstr(e, "k17: unknown key") != 0 && strstr(e, "k18: unknown key") == 0); /* the first ones, in order */

    /* the front end fits whole lines into a small buffer */
    char small[160];
    CHECK(steer_scenario_load_json(sc, "t.json", text, strlen(text), small, sizeof small) == -1);
    CHECK(strncmp(small, "t.json: ", 8) == 0);
    CHECK(strstr(small, "\nt.json: ... (33 errors in all)") != 0); /* whole lines, then the count */

    /* a wrong type or shape gives its own error, not the default variant's */
    CHECK(load(sc, "{" BOUNDS ", \"flow_fields\": [{\"name\": \"f\", \"type\": \"noIse\", \"scale\": 4}], " GROUP "}") == -1);
    CHECK(strstr(error, "flow_fields[0].type: expected one of") != 0);
    CHECK(steer_scenario_error_count(sc) == 1);
    CHECK(load(sc, "{" BOUNDS ", \"groups\": [{\"name\": \"a\", \"spawn\": [{\"shape\": \"disk\", \"radius\": 2}]}]}") == -1);
    CHECK(strstr(error, "groups[0].spawn[0].shape: expected one of") != 0);
    CHECK(steer_scenario_error_count(sc) == 2); /* the shape, and the count it needs */

    /* a uniform field's direction is normalised: a zero one (or one whose
     * square underflows) was a field of zeros, accepted without a word */
    CHECK(load(sc, "{" BOUNDS ", \"flow_fields\": [{\"name\": \"f\", \"type\": \"uniform\", \"direction\": [0, 0]}], " GROUP
                   "}") == -1);
    CHECK(!strcmp(error, "t.json: flow_fields[0].direction: expected a non-zero direction (it is normalised), got [0, 0]"));
    CHECK(load(sc, "{" BOUNDS ", \"flow_fields\": [{\"name\": \"f\", \"type\": \"uniform\", \"direction\": [1e-30, 0]}], "
                   GROUP "}") == -1);
    CHECK(strstr(error, "flow_fields[0].direction: expected a non-zero direction") != 0);
    CHECK(load(sc, "{\"dim\": 3, \"bounds\": {\"min\": [0, 0, 0], \"max\": [10, 10, 10]}, \"flow_fields\": [{\"name\": \"f\", "
                   "\"type\": \"uniform\", \"direction\": [0, 0, 0]}], " GROUP "}") == -1);
    CHECK(strstr(error, "flow_fields[0].direction: expected a non-zero direction (it is normalised), got [0, 0, 0]") != 0);
    CHECK(load(sc, "{" BOUNDS ", \"flow_fields\": [{\"name\": \"f\", \"type\": \"uniform\", \"direction\": [0, 1e-3]}], " GROUP
                   "}") == 0); /* small is fine */
    /* a vortex's direction is spin along the circle plus inward, normalised: both 0 was a field of zeros */
    CHECK(load(sc, "{" BOUNDS ", \"flow_fields\": [{\"name\": \"f\", \"type\": \"vortex\", \"spin\": 0, \"inward\": 0}], "
                   GROUP "}") == -1);
    CHECK(!strcmp(error, "t.json: flow_fields[0].spin: expected spin or inward other than 0 (the field would be zero), got 0 "
                         "and 0"));
    CHECK(load(sc, "{" BOUNDS ", \"flow_fields\": [{\"name\": \"f\", \"type\": \"vortex\", \"spin\": 0, \"inward\": 1}], "
                   GROUP "}") == 0); /* a sink is a field */
}

static void test_overflow(steer_scenario *sc)
{
    CHECK(load(sc, "{\"steps\": 1e999, " BOUNDS ", " GROUP "}") == -1);
    CHECK(!strcmp(error, "t.json: steps: expected an integer from 1 to 10000000, got a number out of range"));
    CHECK(load(sc, "{" BOUNDS ", \"obstacles\": [{\"centre\": [1, -1e999], \"radius\": 1}], " GROUP "}") == -1);
    CHECK(!strcmp(error, "t.json: obstacles[0].centre[1]: expected a number from -1000000 to 1000000, got a number out of range"));
    /* two of them, and an integer beyond 64 bits */
    CHECK(load(sc, "{\"dt\": 2e400, \"seed\": 123456789012345678901234567890, " BOUNDS ", " GROUP "}") == -1);
    CHECK(strstr(error, "t.json: dt: expected a positive number, got a number out of range") != 0);
    CHECK(strstr(error, "t.json: seed: expected an integer from 0 to 9007199254740991, got 1.2345678901234568e+29") != 0);
    /* where any string is fine the number is still wrong */
    CHECK(load(sc, "{\"name\": 1e999, " BOUNDS ", " GROUP "}") == -1);
    CHECK(!strcmp(error, "t.json: name: expected a string, got a number out of range"));
    /* still invalid JSON after the number: reported as jansson sees it */
    CHECK(load(sc, "{\"steps\": 1e999, " BOUNDS ", " GROUP) == -1);
    CHECK(strstr(error, "t.json: invalid JSON at line 1, column") != 0);
    CHECK(strstr(error, "steps") == 0);
}

/* A scenario with `count` more keys at its root: "k0": 0, "k1": 1, ... */
static char *many_keys(int count)
{
    size_t size = (size_t)count * 24 + 256, used = 0;
    char *text = malloc(size);
    if (!text) return 0;
    used += (size_t)snprintf(text + used, size - used, "{" BOUNDS ", " GROUP);
    for (int i = 0; i < count; ++i) used += (size_t)snprintf(text + used, size - used, ", \"k%d\": %d", i, i);
    snprintf(text + used, size - used, "}");
    return text;
}

static void test_large(steer_scenario *sc)
{
    char *text = many_keys(320000);
    CHECK(text != 0);
    if (!text) return;
    double t0 = seconds();
    CHECK(load(sc, text) == -1);
    double t1 = seconds();
    CHECK(steer_scenario_error_count(sc) == 320000);
    CHECK(strstr(error, "t.json: k0: unknown key") == error);
    CHECK(strstr(steer_scenario_error(sc), "\n... and 319980 more errors") != 0);
    printf("320000 unknown keys (%zu bytes): refused in %.3f s\n", strlen(text), t1 - t0);
    free(text);

    /* the same size of object through the setters: replacing a value is a lookup */
    steer_scenario_reset(sc);
    CHECK(steer_scenario_set_object(sc, "") == 0);
    char path[32];
    t0 = seconds();
    for (int i = 0; i < 320000; ++i) {
        snprintf(path, sizeof path, "k%d", i);
        steer_scenario_set_number(sc, path, i);
    }
    for (int i = 0; i < 320000; ++i) {
        snprintf(path, sizeof path, "k%d", i);
        steer_scenario_set_number(sc, path, -i);
    }
    t1 = seconds();
    CHECK(steer_scenario_finish(sc) == -1 && steer_scenario_error_count(sc) == 320002);
    printf("640000 setter calls on a 320000-key object: %.3f s\n", t1 - t0);

    /* a valid file of 320,000 keys: 160,000 obstacles */
    size_t size = 160000u * 48u + 256u, used = 0;
    char *big = malloc(size);
    CHECK(big != 0);
    if (!big) return;
    used += (size_t)snprintf(big + used, size - used, "{" BOUNDS ", " GROUP ", \"obstacles\": [");
    for (int i = 0; i < 160000; ++i)
        used += (size_t)snprintf(big + used, size - used, "%s{\"centre\": [%d, %d], \"radius\": 0.5}", i ? ", " : "",
                                 i % 10, i / 16000);
    snprintf(big + used, size - used, "]}");
    t0 = seconds();
    CHECK(load(sc, big) == 0);
    t1 = seconds();
    const steer_scenario_info *info = steer_scenario_get_info(sc);
    CHECK(info && info->obstacle_count == 160000 && info->obstacles[159999].centre.x == 9.0f);
    printf("160000 obstacles (%zu bytes): read in %.3f s\n", strlen(big), t1 - t0);
    free(big);
}

static void test_no_behaviours(steer_scenario *sc)
{
    CHECK(load(sc, "{" BOUNDS ", \"groups\": [{\"name\": \"idle\", \"spawn\": [{\"count\": 3}]}]}") == 0);
    const steer_scenario_info *info = steer_scenario_get_info(sc);
    CHECK(info != 0);
    if (!info) return;
    bool all_off = true;
    for (int b = 0; b < STEER_BEHAVIOUR_COUNT; ++b) all_off = all_off && info->groups[0].def.weight[b] == 0.0f;
    CHECK(all_off); /* not the library's default flocking */
}

/* A contain pen may be flat, as the C API allows (a Y-up game's pen on
 * the ground at one height); max below min on an axis is still refused. */
static void test_flat_pen(steer_scenario *sc)
{
    CHECK(load(sc, "{\"dim\": 3, \"up\": \"y\", \"bounds\": {\"min\": [-10, 0, -10], \"max\": [10, 5, 10]},"
                   " \"groups\": [{\"name\": \"a\", \"ground_plane\": true, \"spawn\": [{\"count\": 2}],"
                   " \"behaviours\": {\"contain\": {\"min\": [-5, 0, -5], \"max\": [5, 0, 5]}}}]}") == 0);
    const steer_scenario_info *info = steer_scenario_get_info(sc);
    CHECK(info && info->groups[0].def.contain_min.y == 0.0f && info->groups[0].def.contain_max.y == 0.0f);
    CHECK(load(sc, "{\"dim\": 3, \"bounds\": {\"min\": [-10, -10, -10], \"max\": [10, 10, 10]},"
                   " \"groups\": [{\"name\": \"a\", \"spawn\": [{\"count\": 2}],"
                   " \"behaviours\": {\"contain\": {\"min\": [-5, 1, -5], \"max\": [5, 0, 5]}}}]}") == -1);
    CHECK(strstr(steer_scenario_error(sc), "expected max at least min on every axis (axis y: min 1, max 0)") != 0);
}

/* A UTF-8 byte-order mark before the JSON (as editors on Windows save it)
 * reads as the file without it; it was "invalid token". A mark alone, or
 * anywhere else, is still an error. */
static void test_byte_order_mark(steer_scenario *sc)
{
    CHECK(load(sc, "\xEF\xBB\xBF{" BOUNDS ", \"groups\": [{\"name\": \"a\", \"spawn\": [{\"count\": 2}]}]}") == 0);
    const steer_scenario_info *info = steer_scenario_get_info(sc);
    CHECK(info && info->total_agents == 2);
    CHECK(load(sc, "\xEF\xBB\xBF") == -1);
    CHECK(load(sc, "{" BOUNDS ", \xEF\xBB\xBF" GROUP "}") == -1);
}

/* walls: [{"points": [...], count points}, ...] through the setters. */
static void test_world_limits(steer_scenario *sc)
{
    steer_scenario_reset(sc);
    CHECK(load(sc, "{" BOUNDS ", " GROUP "}") == 0);
    char path[64];
    const int polylines = 2, points = 600000;
    CHECK(steer_scenario_set_array(sc, "walls", polylines) == 0);
    for (int w = 0; w < polylines; ++w) {
        snprintf(path, sizeof path, "walls[%d]", w);
        steer_scenario_set_object(sc, path);
        snprintf(path, sizeof path, "walls[%d].points", w);
        steer_scenario_set_array(sc, path, points);
        for (int i = 0; i < points; ++i) {
            snprintf(path, sizeof path, "walls[%d].points[%d]", w, i);
            steer_scenario_set_array(sc, path, 2);
            snprintf(path, sizeof path, "walls[%d].points[%d][0]", w, i);
            steer_scenario_set_number(sc, path, (double)(i % 10));
            snprintf(path, sizeof path, "walls[%d].points[%d][1]", w, i);
            steer_scenario_set_number(sc, path, (double)(i % 7));
        }
    }
    CHECK(steer_scenario_finish(sc) == -1);
    CHECK(!strcmp(steer_scenario_error(sc), "walls: 1199998 wall segments in all, more than the world's limit of 1048576"));

    CHECK(load(sc, "{" BOUNDS ", " GROUP "}") == 0);
    CHECK(steer_scenario_set_array(sc, "paths", 4097) == 0);
    CHECK(steer_scenario_finish(sc) == -1);
    CHECK(!strcmp(steer_scenario_error(sc), "paths: 4097 paths, more than the world's limit of 4096"));

    CHECK(load(sc, "{" BOUNDS ", " GROUP "}") == 0);
    CHECK(steer_scenario_set_array(sc, "flow_fields", 4097) == 0);
    CHECK(steer_scenario_finish(sc) == -1);
    CHECK(!strcmp(steer_scenario_error(sc), "flow_fields: 4097 flow fields, more than the world's limit of 4096"));

    /* arrays beyond the tree's limit, which is the world's for obstacles and path points */
    CHECK(steer_scenario_set_array(sc, "obstacles", (1 << 20) + 1) == -1);
    CHECK(strstr(steer_scenario_error(sc), "obstacles: array too long (at most 1048576 elements)") != 0);

    /* the same in a file is its one error: the JSON front end stopped its
     * walk there, and the keys after the array (groups) were reported
     * missing, ahead of it */
    const int elements = (1 << 20) + 1;
    char *text = malloc((size_t)elements * 2 + 256);
    CHECK(text != 0);
    if (text) {
        size_t used = (size_t)sprintf(text, "{" BOUNDS ", \"obstacles\": [0");
        for (int i = 1; i < elements; ++i) text[used++] = ',', text[used++] = '0';
        sprintf(text + used, "], " GROUP "}");
        CHECK(load(sc, text) == -1);
        CHECK(!strcmp(error, "t.json: obstacles: array too long (at most 1048576 elements)"));
        free(text);
    }
    /* a key too long for the path: an unknown key, and the walk goes on
     * (it stopped, and groups was reported missing) */
    char key_text[1024];
    snprintf(key_text, sizeof key_text, "{" BOUNDS ", \"%0600d\": 1, \"groups\": [{\"name\": \"a\", \"mass\": 0}]}", 7);
    CHECK(load(sc, key_text) == -1);
    CHECK(strstr(error, "t.json: \"00000000000000000000000000000000...\": unknown key") != 0);
    CHECK(strstr(error, "t.json: groups[0].mass: expected a positive number, got 0") != 0);
    CHECK(steer_scenario_error_count(sc) == 2);
}

/* ---- goals ------------------------------------------------------------------------------ */
static steer_v3 agent_position(const steer_world *w, steer_agent_id id)
{
    steer_agent_state st = {0};
    CHECK(steer_world_get_agent(w, id, &st) == STEER_OK);
    return st.position;
}

static bool near(steer_v3 a, steer_v3 b) { return steer_v3_dist(a, b) < 1e-4f; }

static void test_goals_applied(steer_scenario *sc)
{
    /* %s: the box goal, or nothing */
    const char *format =
        "{\"dim\": 3, \"up\": \"y\", \"bounds\": {\"min\": [-50, -50, -50], \"max\": [50, 50, 50]},"
        " \"paths\": [{\"name\": \"road\", \"points\": [[0, 0, 0], [10, 0, 0], [10, 0, 10]]}],"
        " \"groups\": [{\"name\": \"a\", \"arrival_tolerance\": 0.2, \"arrival_speed\": 0.3, \"departure_distance\": 0.4, \"waypoint_radius\": 2,"
        "   \"chapter_arrive\": true, \"ground_plane\": true, \"spawn\": ["
        "   {\"shape\": \"circle\", \"centre\": [1, 2, 3], \"radius\": 10, \"count\": 12, \"goal\": {\"kind\": \"arrive\", \"antipode\": true, \"slow_radius\": 4, \"speed\": 1.5}},"
        "   {\"count\": 5, \"min\": [0, 0, 0], \"max\": [5, 5, 5], \"goal\": {\"kind\": \"seek\", \"points\": [[7, 7, 7], [-7, -7, -7]]}},"
        "   {\"count\": 6, \"min\": [0, 0, 0], \"max\": [5, 5, 5]%s},"
        "   {\"count\": 2, \"shape\": \"line\", \"from\": [0, 0, 0], \"to\": [4, 0, 0], \"goal\": {\"kind\": \"waypoints\", \"points\": [[1, 0, 1], [2, 0, 2], [3, 0, 1]]}},"
        "   {\"count\": 1, \"shape\": \"points\", \"points\": [[0, 0, 5]], \"goal\": {\"kind\": \"path\", \"path\": \"road\"}},"
        "   {\"count\": 3, \"min\": [0, 0, 0], \"max\": [5, 5, 5]}]}]}";
    const char *box_goal = ", \"goal\": {\"kind\": \"arrive\", \"assign\": \"least_squares\", \"box\": {\"min\": [20, 20, 20], \"max\": [30, 25, 21]}}";
    char text[2048], plain[2048];
    snprintf(text, sizeof text, format, box_goal);
    snprintf(plain, sizeof plain, format, "");
    CHECK(load(sc, text) == 0);
    if (*error) fprintf(stderr, "%s\n", error);
    const steer_scenario_info *info = steer_scenario_get_info(sc);
    CHECK(info != 0);
    if (!info) return;
    const steer_group_def *d = &info->groups[0].def;
    CHECK(info->world.up == STEER_UP_Y);
    CHECK(d->arrival_tolerance == 0.2f && d->arrival_speed == 0.3f && d->waypoint_radius == 2.0f);
    CHECK(d->departure_distance == 0.4f);
    CHECK(d->chapter_arrive && d->ground_plane);
    steer_agent_id ids[29];
    steer_scenario_overrides o = {.agent_ids = ids};
    steer_world *w = steer_scenario_create_world(sc, &o, error, sizeof error);
    CHECK(w != 0);
    if (!w) return;
    CHECK(steer_world_goal_count(w) == 26);
    steer_goal g;
    /* the circle: evenly spaced on the Y-up world's ground (from +X toward
     * -Z), each to the point opposite through the centre */
    steer_v3 centre = steer_v3_make(1, 2, 3);
    for (int k = 0; k < 12; ++k) {
        steer_v3 p = agent_position(w, ids[k]);
        float a = 2.0f * STEER_PI * (float)k / 12.0f;
        CHECK(near(p, steer_v3_add(centre, steer_v3_make(10.0f * steer_cos(a), 0.0f, -10.0f * steer_sin(a)))));
        CHECK(steer_world_get_goal(w, ids[k], &g) == STEER_OK);
        CHECK(g.kind == STEER_GOAL_ARRIVE && g.slow_radius == 4.0f && g.speed == 1.5f);
        CHECK(near(g.target, steer_v3_sub(steer_v3_scale(centre, 2.0f), p)));
    }
    /* points: agent k to points[k % 2] */
    for (int k = 0; k < 5; ++k) {
        CHECK(steer_world_get_goal(w, ids[12 + k], &g) == STEER_OK);
        CHECK(g.kind == STEER_GOAL_SEEK && g.slow_radius == 0.0f && g.speed == 0.0f);
        CHECK(near(g.target, k % 2 ? steer_v3_make(-7, -7, -7) : steer_v3_make(7, 7, 7)));
    }
    /* a box of random points: inside it, not all the same */
    steer_v3 first = steer_v3_zero();
    bool differ = false;
    for (int k = 0; k < 6; ++k) {
        CHECK(steer_world_get_goal(w, ids[17 + k], &g) == STEER_OK);
        steer_v3 t = g.target;
        CHECK(g.kind == STEER_GOAL_ARRIVE);
        CHECK(t.x >= 20 && t.x <= 30 && t.y >= 20 && t.y <= 25 && t.z >= 20 && t.z <= 21);
        if (k == 0) first = t;
        else differ = differ || !near(t, first);
    }
    CHECK(differ);
    /* waypoints: the whole route, from its first point */
    steer_v3 route[4];
    for (int k = 0; k < 2; ++k) {
        CHECK(steer_world_get_goal(w, ids[23 + k], &g) == STEER_OK);
        CHECK(g.kind == STEER_GOAL_WAYPOINTS && g.point_count == 3 && g.progress == 0);
        CHECK(steer_world_get_goal_points(w, ids[23 + k], route, 4) == 3);
        CHECK(near(route[0], steer_v3_make(1, 0, 1)) && near(route[2], steer_v3_make(3, 0, 1)));
    }
    CHECK(steer_world_get_goal(w, ids[25], &g) == STEER_OK && g.kind == STEER_GOAL_PATH && g.path == 0);
    for (int k = 26; k < 29; ++k) CHECK(steer_world_get_goal(w, ids[k], &g) == STEER_OK && g.kind == STEER_GOAL_NONE);

    /* the same file, the same goals; a goal never moves its spawn's agents */
    steer_world *again = steer_scenario_create_world(sc, 0, 0, 0);
    CHECK(again && steer_world_state_hash(again) == steer_world_state_hash(w));
    steer_world_destroy(again);
    CHECK(load(sc, plain) == 0);
    if (*error) fprintf(stderr, "no box: %s\n", error);
    steer_agent_id plain_ids[29];
    steer_scenario_overrides po = {.agent_ids = plain_ids};
    steer_world *no_box = steer_scenario_create_world(sc, &po, 0, 0);
    CHECK(no_box && steer_world_goal_count(no_box) == 20);
    for (int k = 0; no_box && k < 29; ++k) CHECK(near(agent_position(no_box, plain_ids[k]), agent_position(w, ids[k])));
    steer_world_destroy(no_box);
    steer_world_destroy(w);
}

typedef struct bad_goal {
    const char *spawn;   /* one spawn object of group "a" */
    const char *message; /* the error, after "t.json: groups[0].spawn[0]" */
    int also;            /* other errors it brings: a misplaced key leaves a required one missing */
} bad_goal;

static void test_goal_errors(steer_scenario *sc)
{
    static const bad_goal cases[] = {
        {"{\"count\": 2, \"goal\": 3}", ".goal: expected a goal object {\"kind\": ..., and where to}, got 3", 0},
        {"{\"count\": 2, \"goal\": {\"target\": [1, 1]}}", ".goal: missing required key \"kind\"", 0},
        {"{\"count\": 2, \"goal\": {\"kind\": \"arive\", \"target\": [1, 1]}}",
         ".goal.kind: expected one of \"seek\", \"arrive\", \"path\", \"waypoints\" (did you mean \"arrive\"?), got \"arive\"", 0},
        {"{\"count\": 2, \"goal\": {\"kind\": \"arrive\", \"taget\": [1, 1]}}", ".goal.taget: unknown key; did you mean \"target\"?", 1},
        {"{\"count\": 2, \"goal\": {\"kind\": \"arrive\", \"target\": [1, 1], \"slow_radus\": 2}}",
         ".goal.slow_radus: unknown key; did you mean \"slow_radius\"?", 0},
        {"{\"count\": 2, \"goal\": {\"kind\": \"arrive\"}}",
         ".goal: missing a placement: one of \"target\", \"antipode\", \"points\", \"box\"", 0},
        {"{\"count\": 2, \"goal\": {\"kind\": \"arrive\", \"target\": [1, 1], \"box\": {\"min\": [0, 0], \"max\": [1, 1]}}}",
         ".goal.box: one placement per goal: \"target\" is already given", 0},
        {"{\"count\": 2, \"goal\": {\"kind\": \"arrive\", \"target\": [1, \"x\"]}}", ".goal.target[1]: expected a number", 0},
        {"{\"count\": 2, \"goal\": {\"kind\": \"arrive\", \"target\": [1, 1], \"slow_radius\": -1}}",
         ".goal.slow_radius: expected a number >= 0, got -1", 0},
        {"{\"count\": 2, \"goal\": {\"kind\": \"arrive\", \"target\": [1, 1], \"speed\": \"fast\"}}",
         ".goal.speed: expected a number >= 0, got \"fast\"", 0},
        {"{\"count\": 2, \"goal\": {\"kind\": \"seek\", \"target\": [1, 1], \"slow_radius\": 2}}",
         ".goal.slow_radius: not used by kind \"seek\"", 0},
        {"{\"count\": 2, \"goal\": {\"kind\": \"arrive\", \"antipode\": false}}",
         ".goal.antipode: expected true (each agent to the point opposite its start); leave it out otherwise, got false", 0},
        {"{\"shape\": \"points\", \"points\": [[1, 1]], \"goal\": {\"kind\": \"arrive\", \"antipode\": true}}",
         ".goal.antipode: needs a shape symmetric about its centre (\"circle\", \"disc\", \"box\" or \"line\"), not \"points\"", 0},
        {"{\"count\": 2, \"goal\": {\"kind\": \"arrive\", \"assign\": \"least_squares\", \"box\": {\"min\": [2, 0], \"max\": [1, 1]}}}",
         ".goal.box: expected max at least min on every axis (axis x: min 2, max 1)", 0},
        {"{\"count\": 2, \"goal\": {\"kind\": \"arrive\", \"target\": [1, 1], \"seed\": 3}}",
         ".goal.seed: used only with \"box\" (its random points)", 0},
        {"{\"count\": 2, \"goal\": {\"kind\": \"waypoints\", \"target\": [1, 1]}}", ".goal.target: not used by kind \"waypoints\"", 1},
        {"{\"count\": 2, \"goal\": {\"kind\": \"waypoints\"}}", ".goal: missing required key \"points\" (the route)", 0},
        {"{\"count\": 2, \"goal\": {\"kind\": \"waypoints\", \"points\": []}}",
         ".goal.points: expected at least 1 point, got an empty array", 0},
        {"{\"count\": 2, \"goal\": {\"kind\": \"path\", \"path\": \"raod\"}}", ".goal.path: unknown path \"raod\" (paths: road)", 0},
        {"{\"count\": 2, \"goal\": {\"kind\": \"path\", \"points\": [[1, 1]]}}", ".goal.points: not used by kind \"path\"", 1},
        {"{\"count\": 2, \"shape\": \"circle\", \"centre\": [0, 0]}", ": missing required key \"radius\"", 0},
        {"{\"count\": 2, \"shape\": \"circle\", \"centre\": [0, 0], \"radius\": 1, \"inner_radius\": 0.5}",
         ".inner_radius: not used by shape \"circle\"", 0},
    };
    char text[1024], want[512];
    for (int i = 0; i < (int)(sizeof cases / sizeof cases[0]); ++i) {
        snprintf(text, sizeof text, "{" BOUNDS ", \"paths\": [{\"name\": \"road\", \"points\": [[0, 0], [1, 1]]}],"
                 " \"groups\": [{\"name\": \"a\", \"spawn\": [%s]}]}", cases[i].spawn);
        snprintf(want, sizeof want, "t.json: groups[0].spawn[0]%s", cases[i].message);
        bool said = load(sc, text) == -1 && strstr(error, want) != 0;
        if (!said) fprintf(stderr, "goal case %d: expected \"%s\", got: %s\n", i, want, error);
        CHECK(said);
        int errors = 1 + cases[i].also;
        if (steer_scenario_error_count(sc) != errors) fprintf(stderr, "goal case %d: %d errors: %s\n", i, steer_scenario_error_count(sc), error);
        CHECK(steer_scenario_error_count(sc) == errors);
    }

    /* every mistake at once, in document order */
    CHECK(load(sc, "{" BOUNDS ", \"up\": \"x\", \"groups\": [{\"name\": \"a\", \"arrival_tolerence\": 1, \"arrival_speed\": -2,"
                   " \"departure_distance\": -1, \"chapter_arrive\": 1, \"ground_plane\": true,"
                   " \"spawn\": [{\"count\": 1, \"goal\": {\"kind\": \"seek\", \"target\": [1, 1], \"speeed\": 2}}]}]}") == -1);
    const char *e = steer_scenario_error(sc);
    const char *a = strstr(e, "up: expected one of \"z\", \"y\", got \"x\"");
    const char *b = strstr(e, "groups[0].arrival_tolerence: unknown key; did you mean \"arrival_tolerance\"?");
    const char *c = strstr(e, "groups[0].arrival_speed: expected a number >= 0, got -2");
    CHECK(strstr(e, "groups[0].departure_distance: expected a number >= 0, got -1") > c);
    const char *d = strstr(e, "groups[0].chapter_arrive: expected true or false, got 1");
    const char *f = strstr(e, "groups[0].ground_plane: only in a 3D scenario (\"dim\": 3): a 2D world has no up axis");
    const char *g = strstr(e, "groups[0].spawn[0].goal.speeed: unknown key; did you mean \"speed\"?");
    if (!(a && b && c && d && f && g && a < b && b < c && c < d && d < f && f < g)) fprintf(stderr, "all at once: %s\n", e);
    CHECK(a && b && c && d && f && g && a < b && b < c && c < d && d < f && f < g);
    CHECK(steer_scenario_error_count(sc) == 7);
    CHECK(load(sc, "{" BOUNDS ", \"up\": \"y\", " GROUP "}") == -1);
    CHECK(strstr(error, "t.json: up: only in a 3D scenario (\"dim\": 3): a 2D world has no up axis") != 0);
}

/* Leaders and formations: spawns named, follow_leader's leader and the
 * formations resolved to agents in spawn order, and applied to the world
 * (the group's leader handle, the formations' count, a member's goal on its
 * slot after a step); every mistake reported at its path. */
static void test_leaders_and_formations(steer_scenario *sc)
{
    const char *text =
        "{" BOUNDS ", \"groups\": ["
        " {\"name\": \"lead\", \"spawn\": [{\"name\": \"boss\", \"shape\": \"points\", \"points\": [[1, 5]], \"velocity\": [1, 0]}]},"
        " {\"name\": \"band\", \"radius\": 0.25, \"spawn\": [{\"count\": 2, \"min\": [0, 0], \"max\": [1, 1]},"
        "   {\"name\": \"pair\", \"shape\": \"line\", \"from\": [0, 2], \"to\": [0, 4], \"count\": 2}]},"
        " {\"name\": \"tail\", \"behaviours\": {\"follow_leader\": {\"weight\": 2, \"leader\": \"boss\", \"behind\": 3, \"sight\": 5}},"
        "   \"spawn\": [{\"count\": 3, \"min\": [0, 6], \"max\": [1, 7]}]}],"
        " \"formations\": [{\"leader\": \"boss\", \"members\": \"pair\", \"slots\": [[-1, 1], [-1, -1]]}]}";
    CHECK(load(sc, text) == 0);
    if (*error) fprintf(stderr, "%s\n", error);
    const steer_scenario_info *info = steer_scenario_get_info(sc);
    CHECK(info != 0);
    if (!info) return;
    CHECK(info->groups[0].leader == -1 && info->groups[1].leader == -1 && info->groups[2].leader == 0);
    const steer_group_def *d = &info->groups[2].def;
    CHECK(d->weight[STEER_FOLLOW_LEADER] == 2.0f && d->leader_behind == 3.0f && d->leader_sight == 5.0f);
    CHECK(info->formation_count == 1);
    const steer_scenario_formation *f = &info->formations[0];
    CHECK(f->leader == 0 && f->first_member == 3 && f->count == 2);
    CHECK(near(f->slots[0], steer_v3_make(-1, 1, 0)) && near(f->slots[1], steer_v3_make(-1, -1, 0)));
    steer_agent_id ids[8];
    steer_scenario_overrides o = {.agent_ids = ids};
    steer_world *w = steer_scenario_create_world(sc, &o, error, sizeof error);
    CHECK(w != 0);
    if (!w) return;
    steer_group_def got;
    CHECK(steer_world_get_group(w, 2, &got) == STEER_OK);
    CHECK(got.leader.index == ids[0].index && got.leader.generation == ids[0].generation);
    CHECK(got.weight[STEER_FOLLOW_LEADER] == 2.0f);
    CHECK(steer_world_formation_count(w) == 1);
    CHECK(steer_world_step(w, 0.1f) == STEER_OK);
    /* the leader walks +x from (1, 5): member 1's slot is behind it and to its right */
    steer_goal g;
    steer_v3 lead = agent_position(w, ids[0]);
    CHECK(steer_world_get_goal(w, ids[4], &g) == STEER_OK && g.kind == STEER_GOAL_ARRIVE);
    CHECK(g.target.x < lead.x && g.target.y < lead.y);
    steer_world_destroy(w);

    static const struct {
        const char *text, *message;
    } bad[] = {
        {"{" BOUNDS ", \"groups\": [{\"name\": \"a\", \"spawn\": [{\"name\": \"x\", \"count\": 1}, {\"name\": \"x\", \"count\": 2}]}]}",
         "t.json: groups[0].spawn[1].name: \"x\" is already the name of groups[0].spawn[0]"},
        {"{" BOUNDS ", \"groups\": [{\"name\": \"a\", \"spawn\": [{\"name\": \"\", \"count\": 1}]}]}",
         "t.json: groups[0].spawn[0].name: expected a non-empty name, got \"\""},
        {"{" BOUNDS ", \"groups\": [{\"name\": \"a\", \"behaviours\": {\"follow_leader\": 1}}]}",
         "t.json: groups[0].behaviours.follow_leader: expected an object with \"leader\", got 1"},
        {"{" BOUNDS ", \"groups\": [{\"name\": \"a\", \"behaviours\": {\"follow_leader\": {\"leader\": \"bos\"}},"
         " \"spawn\": [{\"name\": \"boss\", \"count\": 1}]}]}",
         "t.json: groups[0].behaviours.follow_leader.leader: unknown spawn \"bos\" (spawns: boss)"},
        {"{" BOUNDS ", \"groups\": [{\"name\": \"a\", \"behaviours\": {\"follow_leader\": {\"leader\": \"many\"}},"
         " \"spawn\": [{\"name\": \"many\", \"count\": 3}]}]}",
         "t.json: groups[0].behaviours.follow_leader.leader: the spawn \"many\" has 3 agents; a leader is one agent (a spawn of one)"},
        {"{" BOUNDS ", \"groups\": [{\"name\": \"a\", \"behaviours\": {\"follow_leader\": {\"leader\": \"one\", \"behind\": -1}},"
         " \"spawn\": [{\"name\": \"one\", \"count\": 1}]}]}",
         "t.json: groups[0].behaviours.follow_leader.behind: expected a number >= 0, got -1"},
        {"{" BOUNDS ", \"groups\": [{\"name\": \"a\", \"spawn\": [{\"name\": \"one\", \"count\": 1}, {\"name\": \"two\", \"count\": 2}]}],"
         " \"formations\": [{\"leader\": \"one\", \"members\": \"two\", \"slots\": [[1, 1]]}]}",
         "t.json: formations[0].slots: expected 2 slots (one per agent of the spawn \"two\"), got 1"},
        {"{" BOUNDS ", \"groups\": [{\"name\": \"a\", \"spawn\": [{\"name\": \"one\", \"count\": 1}, {\"name\": \"two\", \"count\": 2}]}],"
         " \"formations\": [{\"leader\": \"two\", \"members\": \"one\", \"slots\": [[1, 1]]}]}",
         "t.json: formations[0].leader: the spawn \"two\" has 2 agents; a formation's leader is one agent (a spawn of one)"},
        {"{" BOUNDS ", \"groups\": [{\"name\": \"a\", \"spawn\": [{\"name\": \"one\", \"count\": 1}]}],"
         " \"formations\": [{\"leader\": \"one\", \"members\": \"one\", \"slots\": [[1, 1]]}]}",
         "t.json: formations[0].members: the leader cannot be one of its own members"},
        {"{" BOUNDS ", \"groups\": [{\"name\": \"a\", \"spawn\": [{\"name\": \"one\", \"count\": 1}]}],"
         " \"formations\": [{\"leader\": \"one\", \"slots\": [[1, 1]]}]}",
         "t.json: formations[0]: missing required key \"members\""},
        {"{" BOUNDS ", \"groups\": [{\"name\": \"a\", \"spawn\": [{\"name\": \"one\", \"count\": 1}, {\"name\": \"two\", \"count\": 1}]}],"
         " \"formations\": [{\"leader\": \"one\", \"members\": \"two\", \"slots\": [[1, \"x\"]]}]}",
         "t.json: formations[0].slots[0][1]: expected a number"},
        {"{" BOUNDS ", \"formations\": {}, " GROUP "}", "t.json: formations: expected an array of formations, got an empty object"},
        /* one goal per agent: the members' own goal, or an earlier formation's slots, were silently replaced */
        {"{" BOUNDS ", \"groups\": [{\"name\": \"a\"}, {\"name\": \"b\", \"spawn\": [{\"name\": \"one\", \"count\": 1},"
         " {\"name\": \"two\", \"count\": 2, \"goal\": {\"kind\": \"arrive\", \"target\": [5, 5]}}]}],"
         " \"formations\": [{\"leader\": \"one\", \"members\": \"two\", \"slots\": [[1, 1], [1, -1]]}]}",
         "t.json: formations[0].members: the spawn \"two\" has a goal of its own (groups[1].spawn[1].goal); a formation's members "
         "take their slots as goals"},
        {"{" BOUNDS ", \"groups\": [{\"name\": \"a\", \"spawn\": [{\"name\": \"one\", \"count\": 1}, {\"name\": \"two\", \"count\": 2},"
         " {\"name\": \"three\", \"count\": 1}]}],"
         " \"formations\": [{\"leader\": \"one\", \"members\": \"two\", \"slots\": [[1, 1], [1, -1]]},"
         " {\"leader\": \"three\", \"members\": \"two\", \"slots\": [[2, 2], [2, -2]]}]}",
         "t.json: formations[1].members: the spawn \"two\" already takes the slots of formations[0]; an agent has one slot"},
    };
    for (int i = 0; i < (int)(sizeof bad / sizeof bad[0]); ++i) {
        bool said = load(sc, bad[i].text) == -1 && strstr(error, bad[i].message) != 0;
        if (!said) fprintf(stderr, "leader case %d: expected \"%s\", got: %s\n", i, bad[i].message, error);
        CHECK(said);
        if (steer_scenario_error_count(sc) != 1) fprintf(stderr, "leader case %d: %d errors: %s\n", i, steer_scenario_error_count(sc), error);
        CHECK(steer_scenario_error_count(sc) == 1);
    }
}

/* "assign": the world chooses who goes where among the points (or the
 * box's random points), with together's speeds or not; the wrong places for
 * it are errors. */
static void test_goal_assign(steer_scenario *sc)
{
    /* three agents on a line along y, their points given in the reverse order */
    const char *format = "{" BOUNDS ", \"groups\": [{\"name\": \"a\", \"max_speed\": 2, \"spawn\": ["
                         "{\"shape\": \"points\", \"points\": [[1, 1], [1, 2], [1, 4]],"
                         " \"goal\": {\"kind\": \"arrive\", %s\"points\": [[9, 4], [9, 2], [9, 1], [9.5, 9.5]]}},"
                         "{\"count\": 6, \"shape\": \"line\", \"from\": [0, 6], \"to\": [0, 9],"
                         " \"goal\": {\"kind\": \"arrive\", \"assign\": \"least_squares\", \"box\": {\"min\": [7, 6], \"max\": [9, 9]}}}]}]}";
    const char *assigns[3] = {"", "\"assign\": \"least_squares\", ", "\"assign\": \"together\", "};
    for (int a = 0; a < 3; ++a) {
        char text[1024];
        snprintf(text, sizeof text, format, assigns[a]);
        CHECK(load(sc, text) == 0);
        steer_agent_id ids[9];
        steer_scenario_overrides o = {.agent_ids = ids};
        steer_world *w = steer_scenario_create_world(sc, &o, error, sizeof error);
        CHECK(w != 0);
        if (!w) continue;
        steer_goal g[3];
        for (int k = 0; k < 3; ++k) CHECK(steer_world_get_goal(w, ids[k], &g[k]) == STEER_OK);
        if (a == 0) { /* in order: agent k to the k-th point, crossing */
            CHECK(g[0].target.y == 4.0f && g[1].target.y == 2.0f && g[2].target.y == 1.0f);
        } else { /* each to the point level with it; the fourth left free */
            CHECK(g[0].target.y == 1.0f && g[1].target.y == 2.0f && g[2].target.y == 4.0f);
            CHECK(g[0].target.x == 9.0f && g[2].target.x == 9.0f);
        }
        /* together: all 8 away, all at max_speed; else the group's (0) */
        for (int k = 0; k < 3; ++k) CHECK(g[k].speed == (a == 2 ? 2.0f : 0.0f));
        /* the box's six random points, assigned: each agent a different one, inside the box, and
           the sum of squared distances the least of the 720 ways to share them out (without the
           assignment, in the order drawn, it is not: 406.0 against 393.1 on this seed) */
        enum { BOX = 6 };
        steer_goal b[BOX];
        steer_v3 at[BOX];
        for (int k = 0; k < BOX; ++k) {
            CHECK(steer_world_get_goal(w, ids[3 + k], &b[k]) == STEER_OK && b[k].kind == STEER_GOAL_ARRIVE);
            CHECK(b[k].target.x >= 7.0f && b[k].target.x <= 9.0f && b[k].target.y >= 6.0f && b[k].target.y <= 9.0f);
            for (int j = 0; j < k; ++j) CHECK(b[j].target.x != b[k].target.x || b[j].target.y != b[k].target.y);
            at[k] = agent_position(w, ids[3 + k]);
        }
        double given = 0.0, least = INFINITY;
        for (int k = 0; k < BOX; ++k) given += steer_v3_len_sq(steer_v3_sub(b[k].target, at[k]));
        for (int p = 0; p < 6 * 6 * 6 * 6 * 6 * 6; ++p) { /* every permutation: base-6 digits all different */
            int d[BOX], q = p;
            unsigned used = 0;
            for (int k = 0; k < BOX; ++k, q /= 6) d[k] = q % 6, used |= 1u << d[k];
            if (used != 63u) continue;
            double sum = 0.0;
            for (int k = 0; k < BOX; ++k) sum += steer_v3_len_sq(steer_v3_sub(b[d[k]].target, at[k]));
            least = sum < least ? sum : least;
        }
        if (a == 0) printf("assign: the box's places, %.3f against the least %.3f\n", given, least);
        CHECK(given <= least * (1.0 + 1e-6));
        steer_world_destroy(w);
    }
    /* where it does not belong */
    CHECK(load(sc, "{" BOUNDS ", \"groups\": [{\"name\": \"a\", \"spawn\": ["
                   "{\"count\": 3, \"goal\": {\"kind\": \"arrive\", \"assign\": \"together\", \"target\": [1, 1]}},"
                   "{\"count\": 3, \"goal\": {\"kind\": \"arrive\", \"assign\": \"together\", \"points\": [[1, 1], [2, 2]]}},"
                   "{\"count\": 1, \"goal\": {\"kind\": \"seek\", \"assign\": \"together\", \"points\": [[1, 1]]}},"
                   "{\"count\": 1, \"goal\": {\"kind\": \"arrive\", \"assign\": \"best\", \"points\": [[1, 1]]}}]}]}") == -1);
    const char *e = steer_scenario_error(sc);
    CHECK(strstr(e, "groups[0].spawn[0].goal.assign: used only with \"points\", \"box\" or \"around\" (places to choose among)") != 0);
    CHECK(strstr(e, "groups[0].spawn[1].goal.assign: needs between count (3) and 4096 places, got 2") != 0);
    CHECK(strstr(e, "groups[0].spawn[2].goal.assign: not used by kind \"seek\"") != 0);
    CHECK(strstr(e, "groups[0].spawn[3].goal.assign: expected one of \"in_order\", \"least_squares\", \"together\", got \"best\"") != 0);
    if (steer_scenario_error_count(sc) != 4) fprintf(stderr, "assign errors: %s\n", e);
    CHECK(steer_scenario_error_count(sc) == 4);
    /* too many agents in all: the counts that add up to it (it named neither) */
    CHECK(load(sc, "{" BOUNDS ", \"groups\": [{\"name\": \"a\", \"spawn\": [{\"count\": 3000000}]}, {\"name\": \"b\", "
                   "\"spawn\": [{\"count\": 5}, {\"count\": 3000000}]}]}") == -1);
    if (!strstr(error, "t.json: groups[1].spawn[1]: too many agents: at most 4194304 in all, got 3000005 before this spawn and "
                       "3000000 in it"))
        fprintf(stderr, "%s\n", error);
    CHECK(strstr(error, "t.json: groups[1].spawn[1]: too many agents: at most 4194304 in all, got 3000005 before this spawn and "
                        "3000000 in it") != 0);
    /* more agents than any assignment takes: it said "needs between count (5000) and 4096 places, got 5000" */
    CHECK(load(sc, "{" BOUNDS ", \"groups\": [{\"name\": \"a\", \"spawn\": [{\"count\": 5000, \"goal\": {\"kind\": \"arrive\", "
                   "\"assign\": \"least_squares\", \"box\": {\"min\": [1, 1], \"max\": [9, 9]}}}]}]}") == -1);
    if (!strstr(error, "t.json: groups[0].spawn[0].goal.assign: assigns at most 4096 agents, got count 5000")) fprintf(stderr, "%s\n", error);
    CHECK(strstr(error, "t.json: groups[0].spawn[0].goal.assign: assigns at most 4096 agents, got count 5000") != 0);
}

/* Spacing's cost: each draw used to query a grid that an insert had left
 * to index afresh, O(agents) a draw, and a spacing far below the
 * coordinates looked up thousands of cells a draw: 50,000 agents 1e-6
 * apart in a box 20 wide took over a minute to place. Now a second or two
 * (more under the sanitizers); the places are the same. */
static void test_spacing_is_not_quadratic(steer_scenario *sc)
{
    const char *text = "{\"bounds\": {\"min\": [-10, -10], \"max\": [10, 10]}, \"groups\": [{\"name\": \"a\","
                       " \"spawn\": [{\"count\": 50000, \"spacing\": 1e-6},"
                       " {\"count\": 2000, \"goal\": {\"kind\": \"arrive\", \"box\": {\"min\": [-5, -5], \"max\": [5, 5]},"
                       " \"spacing\": 0.05}}]}]}";
    CHECK(load(sc, text) == 0);
    double t0 = seconds();
    steer_world *w = steer_scenario_create_world(sc, 0, error, sizeof error);
    double t1 = seconds();
    CHECK(w != 0 && steer_world_agent_count(w) == 52000);
    printf("52000 agents placed with a spacing: %.3f s\n", t1 - t0);
    CHECK(t1 - t0 < 20.0);
    steer_world_destroy(w);
}

int main(void)
{
    steer_scenario *sc = steer_scenario_create();
    CHECK(sc != 0);
    if (!sc) return 1;
    test_every_error(sc);
    test_overflow(sc);
    test_no_behaviours(sc);
    test_byte_order_mark(sc);
    test_flat_pen(sc);
    test_world_limits(sc);
    test_goals_applied(sc);
    test_leaders_and_formations(sc);
    test_goal_errors(sc);
    test_goal_assign(sc);
    test_large(sc);
    test_spacing_is_not_quadratic(sc);
    steer_scenario_destroy(sc);
    return check_summary("test_scenario_reader");
}

/* The scenario format, field by field, against what its documentation says.
 *
 * docs/scenarios.md (and scenarios/schema.json) describe every key of a
 * scenario file: its default, its range, its unit, what it places where.
 * For each documented field a small document below sets it (or leaves it
 * out), is loaded with steer_scenario_load_json and turned into a world
 * with steer_scenario_create_world, and the world's public getters (the
 * world def, the group defs, the agents, their goals, formations, and
 * steer_world_draw for obstacles, walls, paths and flow fields) are held to
 * what the docs say. The few fields that never reach a world (dt, steps,
 * name, render, expect, a path's radius) are read from
 * steer_scenario_get_info. Each documented rule for refused input is
 * checked too: the load fails, and one line of the message is
 * "t.json: PATH: ..." naming the value and the rule.
 *
 * Independent of the loader: every expected value is written out here from
 * the docs (defaults, palettes excepted, as numbers; placements such as
 * "agent k at angle 2 pi k / count" or "2 x centre - start" recomputed from
 * the documented rule); nothing is taken from tools/scenario's tables, and
 * what the loader made is read back through the library's public API only.
 * Flow fields are read from the world's debug drawing, one arrow per sample
 * of a small field along its vector: only directions, sample points and
 * ratios of arrow lengths are compared, never the drawing's own scale.
 * Where the loader and the docs disagree the check stays and fails: it is
 * the docs' word that is held here. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <steer/steer.h>

#include "scenario.h"
#include "scenario_json.h"

#define PI 3.14159265358979323846
#define MAX_AGENTS 4096
#define MAX_DRAWN 8192

static steer_scenario *scenario;
static char error[32768];
static steer_agent_id ids[MAX_AGENTS]; /* the last world's agents, in spawn order */
static int agent_count;

/* ---- reporting from helpers (the line is the caller's) --------------------- */
static void fail_at(int line, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fail_at(int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s:%d: ", __FILE__, line);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    ++check_failed;
}

#define CHECK_V3(a, b, tol)                                                                                          \
    do {                                                                                                             \
        steer_v3 va_ = (a), vb_ = (b);                                                                               \
        if (fabs((double)va_.x - vb_.x) <= (tol) && fabs((double)va_.y - vb_.y) <= (tol) &&                          \
            fabs((double)va_.z - vb_.z) <= (tol))                                                                    \
            ++check_passed;                                                                                          \
        else                                                                                                         \
            fail_at(__LINE__, "%s = (%g, %g, %g), expected %s = (%g, %g, %g)", #a, (double)va_.x, (double)va_.y,     \
                    (double)va_.z, #b, (double)vb_.x, (double)vb_.y, (double)vb_.z);                                 \
    } while (0)

static steer_v3 v3(double x, double y, double z) { return steer_v3_make((float)x, (float)y, (float)z); }
static steer_v3 sub(steer_v3 a, steer_v3 b) { return steer_v3_sub(a, b); }
static double length(steer_v3 a) { return sqrt((double)a.x * a.x + (double)a.y * a.y + (double)a.z * a.z); }
static double dot(steer_v3 a, steer_v3 b) { return (double)a.x * b.x + (double)a.y * b.y + (double)a.z * b.z; }
/* The z of a x b: counter-clockwise in XY when positive. */
static double cross_z(steer_v3 a, steer_v3 b) { return (double)a.x * b.y - (double)a.y * b.x; }

/* ---- loading ------------------------------------------------------------------ */
/* The documents write JSON's double quotes as single quotes, to read as
 * JSON inside C literals; no document holds an apostrophe of its own. */
static int load(const char *doc)
{
    size_t n = strlen(doc);
    char *text = malloc(n + 1);
    if (!text) return -1;
    for (size_t i = 0; i <= n; ++i) text[i] = doc[i] == '\'' ? '"' : doc[i];
    int rc = steer_scenario_load_json(scenario, "t.json", text, n, error, sizeof error);
    free(text);
    return rc;
}

static const steer_scenario_info *info_at(int line, const char *doc)
{
    if (load(doc) != 0) {
        fail_at(line, "refused, expected it to load:\n%s", error);
        return NULL;
    }
    ++check_passed;
    return steer_scenario_get_info(scenario);
}
#define INFO(doc) info_at(__LINE__, doc)

/* Loads doc and builds its world; the agents' handles, in spawn order, go
 * to ids[]. NULL (a failed check) when either step fails. */
static steer_world *build_at(int line, const char *doc, bool set_seed, uint64_t seed)
{
    const steer_scenario_info *info = info_at(line, doc);
    if (!info) return NULL;
    if (info->total_agents > MAX_AGENTS) {
        fail_at(line, "%d agents: the test keeps at most %d", info->total_agents, MAX_AGENTS);
        return NULL;
    }
    steer_scenario_overrides o;
    memset(&o, 0, sizeof o);
    o.set_seed = set_seed;
    o.seed = seed;
    o.agent_ids = ids;
    char why[256];
    steer_world *w = steer_scenario_create_world(scenario, &o, why, sizeof why);
    if (!w) fail_at(line, "no world: %s", why);
    agent_count = info->total_agents;
    return w;
}
#define BUILD(doc) build_at(__LINE__, doc, false, 0)
#define BUILD_SEEDED(doc, seed) build_at(__LINE__, doc, true, seed)

static steer_world_def world_def(const steer_world *w)
{
    steer_world_def d;
    memset(&d, 0, sizeof d);
    steer_world_get_def(w, &d);
    return d;
}

static steer_group_def group_def(const steer_world *w, int g)
{
    steer_group_def d;
    memset(&d, 0, sizeof d);
    steer_world_get_group(w, g, &d);
    return d;
}

static steer_agent_state agent(const steer_world *w, int k)
{
    steer_agent_state s;
    memset(&s, 0, sizeof s);
    steer_world_get_agent(w, ids[k], &s);
    return s;
}
static steer_v3 position(const steer_world *w, int k) { return agent(w, k).position; }
static steer_v3 velocity(const steer_world *w, int k) { return agent(w, k).velocity; }

static steer_goal goal_of(const steer_world *w, int k)
{
    steer_goal g;
    memset(&g, 0, sizeof g);
    steer_world_get_goal(w, ids[k], &g);
    return g;
}

/* The document is refused, and one line of the message reads
 * "t.json: PATH: ..." (the root: "t.json: ...") and holds the value and
 * the rule (either may be NULL when the docs' message names none). */
static void refused_at(int line, const char *doc, const char *path, const char *value, const char *rule)
{
    if (load(doc) == 0) {
        fail_at(line, "accepted; expected a refusal at \"%s\" (%s)", path, rule ? rule : "");
        return;
    }
    char head[600];
    snprintf(head, sizeof head, "t.json: %s%s", path, *path ? ": " : "");
    size_t head_len = strlen(head);
    for (const char *l = error; l && *l;) {
        const char *end = strchr(l, '\n');
        size_t len = end ? (size_t)(end - l) : strlen(l);
        char one[2048];
        snprintf(one, sizeof one, "%.*s", (int)len, l);
        if (!strncmp(one, head, head_len) && (!value || strstr(one + head_len, value)) &&
            (!rule || strstr(one + head_len, rule))) {
            ++check_passed;
            return;
        }
        l = end ? end + 1 : NULL;
    }
    fail_at(line, "no line \"%s...\" with value [%s] and rule [%s] in:\n%s", head, value ? value : "",
            rule ? rule : "", error);
}
#define REFUSED(doc, path, value, rule) refused_at(__LINE__, doc, path, value, rule)

/* ---- what the world draws of itself ---------------------------------------------- */
typedef struct drawn {
    steer_v3 a, b; /* a circle's centre (and a = b), a segment's or an arrow's ends */
    float radius;
} drawn;
static drawn shapes[MAX_DRAWN];
static int shape_count;

static void keep(steer_v3 a, steer_v3 b, float radius)
{
    if (shape_count < MAX_DRAWN) shapes[shape_count++] = (drawn){a, b, radius};
}
static void on_circle(steer_v3 c, float r, uint32_t colour, void *context) { (void)colour, (void)context, keep(c, c, r); }
static void on_segment(steer_v3 a, steer_v3 b, uint32_t colour, void *context) { (void)colour, (void)context, keep(a, b, 0); }

enum layer { OBSTACLES, WALLS, PATHS, FLOW_FIELDS };

/* Draws one layer of w into shapes[]; returns how many shapes. */
static int draw_layer(const steer_world *w, enum layer layer)
{
    steer_debug_draw dd;
    memset(&dd, 0, sizeof dd);
    dd.circle = on_circle;
    dd.segment = on_segment;
    dd.arrow = on_segment;
    dd.obstacles = layer == OBSTACLES;
    dd.walls = layer == WALLS;
    dd.paths = layer == PATHS;
    dd.flow_fields = layer == FLOW_FIELDS;
    shape_count = 0;
    steer_world_draw(w, &dd);
    return shape_count;
}

/* A flow field's arrows (from each sample point along its vector), drawn
 * from the world the document makes. */
static int field_arrows_at(int line, const char *doc, bool set_seed, uint64_t seed)
{
    steer_world *w = build_at(line, doc, set_seed, seed);
    if (!w) return 0;
    int n = draw_layer(w, FLOW_FIELDS);
    steer_world_destroy(w);
    return n;
}
#define FIELD_ARROWS(doc) field_arrows_at(__LINE__, doc, false, 0)
static steer_v3 arrow(int i) { return sub(shapes[i].b, shapes[i].a); }

#define B2 "'bounds': {'min': [-50, -40], 'max': [50, 40]}"
#define GROUP_A "'groups': [{'name': 'a'}]"

/* ==== top level ======================================================================== */
static void test_top_level_defaults(void)
{
    /* only bounds and groups: every other top-level key at its documented default */
    steer_world *w = BUILD("{" B2 ", 'groups': [{'name': 'a', 'spawn': [{'count': 7}]}]}");
    if (!w) return;
    const steer_scenario_info *info = steer_scenario_get_info(scenario);
    steer_world_def d = world_def(w);
    CHECK(d.dim == 2);
    CHECK_V3(v3(d.bounds_min.x, d.bounds_min.y, 0), v3(-50, -40, 0), 0);
    CHECK_V3(v3(d.bounds_max.x, d.bounds_max.y, 0), v3(50, 40, 0), 0);
    CHECK(d.boundary == STEER_BOUNDARY_WRAP);
    CHECK(d.up == STEER_UP_Z);
    CHECK(d.seed == 1);
    CHECK(d.max_dt == 0.0f);
    CHECK(d.cell_size == 0.0f); /* 0: the largest neighbour radius */
    CHECK(!d.solid_obstacles && !d.solid_walls && !d.non_penetration && !d.keep_headings);
    CHECK(d.penetration_iterations == 32);
    CHECK(d.worker_count == 1);
    CHECK(d.capacity == 7); /* the agents spawned */
    CHECK(steer_world_agent_count(w) == 7);
    CHECK(steer_world_group_count(w) == 1);
    CHECK(steer_world_obstacle_count(w) == 0 && steer_world_wall_count(w) == 0);
    CHECK(steer_world_formation_count(w) == 0 && steer_world_goal_count(w) == 0);
    CHECK(info->dim == 2);
    CHECK(!strcmp(info->name, "scenario"));
    CHECK(!strcmp(info->description, ""));
    CHECK_NEAR(info->dt, 1.0 / 30.0, 1e-7);
    CHECK(info->steps == 300);
    CHECK(info->threads == 1);
    CHECK(info->seed == 1);
    CHECK(info->path_count == 0 && info->flow_field_count == 0);
    steer_world_destroy(w);
}

static void test_top_level_values(void)
{
    /* every top-level key set (3D, Y up), each reaching the world def */
    steer_world *w = BUILD("{'$schema': './schema.json', 'name': 'fields', 'description': 'every key', 'dim': 3,"
                           " 'bounds': {'min': [-10, -20, -5], 'max': [30, 40, 15]}, 'boundary': 'clamp', 'up': 'y',"
                           " 'seed': 9007199254740991, 'dt': 0.05, 'steps': 77, 'max_dt': 0.01, 'cell_size': 2.5,"
                           " 'solid_obstacles': true, 'solid_walls': true, 'non_penetration': true,"
                           " 'keep_headings': true, 'penetration_iterations': 5, 'threads': 3, 'capacity': 50,"
                           " 'groups': [{'name': 'a', 'max_turn_rate': 2, 'reverse_speed': 1.5, 'spawn': [{'count': 4}]}]}");
    if (!w) return;
    steer_group_def a;
    CHECK(steer_world_get_group(w, 0, &a) == STEER_OK);
    CHECK_NEAR(a.reverse_speed, 1.5, 0); /* a reverse gear: with keep_headings and a turn limit */
    const steer_scenario_info *info = steer_scenario_get_info(scenario);
    steer_world_def d = world_def(w);
    CHECK(d.dim == 3);
    CHECK_V3(d.bounds_min, v3(-10, -20, -5), 0);
    CHECK_V3(d.bounds_max, v3(30, 40, 15), 0);
    CHECK(d.boundary == STEER_BOUNDARY_CLAMP);
    CHECK(d.up == STEER_UP_Y);
    CHECK(d.seed == 9007199254740991ull); /* 2^53 - 1, exactly */
    CHECK_NEAR(d.max_dt, 0.01, 1e-7);
    CHECK_NEAR(d.cell_size, 2.5, 0);
    CHECK(d.solid_obstacles && d.solid_walls && d.non_penetration && d.keep_headings);
    CHECK(d.penetration_iterations == 5);
    CHECK(d.worker_count == 3);
    CHECK(d.capacity == 50); /* room beyond the 4 spawned */
    CHECK(steer_world_agent_count(w) == 4);
    CHECK(!strcmp(info->name, "fields") && !strcmp(info->description, "every key"));
    CHECK_NEAR(info->dt, 0.05, 1e-7);
    CHECK(info->steps == 77);
    CHECK(info->threads == 3);
    CHECK(info->dim == 3);
    steer_world_destroy(w);

    /* the other boundary, the other ends of the ranges */
    w = BUILD("{" B2 ", 'boundary': 'none', 'seed': 0, 'dt': 10, 'steps': 1, 'penetration_iterations': 0,"
              " 'threads': 64, " GROUP_A "}");
    if (!w) return;
    d = world_def(w);
    CHECK(d.boundary == STEER_BOUNDARY_NONE);
    CHECK(d.seed == 0);
    CHECK(d.penetration_iterations == 0 && d.worker_count == 64);
    info = steer_scenario_get_info(scenario);
    CHECK_NEAR(info->dt, 10, 0);
    CHECK(info->steps == 1);
    steer_world_destroy(w);

    /* obstacles, walls, paths, flow fields, formations and spawns: empty by default, and may be empty */
    w = BUILD("{" B2 ", 'obstacles': [], 'walls': [], 'paths': [], 'flow_fields': [], 'formations': [],"
              " 'groups': [{'name': 'a', 'spawn': [], 'neighbours': {'groups': []}}]}");
    if (!w) return;
    CHECK(steer_world_obstacle_count(w) == 0 && steer_world_wall_count(w) == 0 && steer_world_agent_count(w) == 0);
    CHECK(group_def(w, 0).neighbour_mask == 0); /* reacts to no group */
    steer_world_destroy(w);

    /* dim 3 without "up": Z up */
    w = BUILD("{'dim': 3, 'bounds': {'min': [0, 0, 0], 'max': [1, 1, 1]}, " GROUP_A "}");
    if (!w) return;
    CHECK(world_def(w).up == STEER_UP_Z);
    steer_world_destroy(w);
}

/* [x, y] in a 3D scenario means z = 0. */
static void test_short_vectors_in_3d(void)
{
    steer_world *w = BUILD("{'dim': 3, 'bounds': {'min': [-10, -10, -10], 'max': [10, 10, 10]},"
                           " 'obstacles': [{'centre': [1, 2], 'radius': 1}, {'centre': [3, 4, 5], 'radius': 2}],"
                           " 'groups': [{'name': 'a', 'behaviours': {'seek': {'target': [6, 7]}},"
                           "             'spawn': [{'shape': 'points', 'points': [[1, 1], [2, 2, 2]]}]}]}");
    if (!w) return;
    CHECK(draw_layer(w, OBSTACLES) == 2);
    CHECK_V3(shapes[0].a, v3(1, 2, 0), 0);
    CHECK_V3(shapes[1].a, v3(3, 4, 5), 0);
    CHECK_V3(group_def(w, 0).target, v3(6, 7, 0), 0);
    CHECK_V3(position(w, 0), v3(1, 1, 0), 0);
    CHECK_V3(position(w, 1), v3(2, 2, 2), 0);
    steer_world_destroy(w);

    /* In a Y-up file [x, y] would be (x, y, 0), a point off the ground (it was taken so, silently): refused
       there, wherever it is a world point or direction; a formation's slots are in the leader's frame */
    REFUSED("{'dim': 3, 'up': 'y', 'bounds': {'min': [-10, -10, -10], 'max': [10, 10, 10]},"
            " 'groups': [{'name': 'a', 'spawn': [{'shape': 'points', 'points': [[1, 1, 1], [2, 2]]}]}]}",
            "groups[0].spawn[0].points[1]", "expected [x, y, z]", "off the ground (XZ)");
    REFUSED("{'dim': 3, 'up': 'y', 'bounds': {'min': [-10, -10, -10], 'max': [10, 10, 10]},"
            " 'obstacles': [{'centre': [1, 2], 'radius': 1}], 'groups': [{'name': 'a'}]}",
            "obstacles[0].centre", "expected [x, y, z]", "off the ground (XZ)");
    w = BUILD("{'dim': 3, 'up': 'y', 'bounds': {'min': [-10, -10, -10], 'max': [10, 10, 10]}, 'groups': ["
              " {'name': 'l', 'spawn': [{'name': 'lead', 'shape': 'points', 'points': [[0, 0, 0]]}]},"
              " {'name': 'm', 'spawn': [{'name': 'team', 'shape': 'points', 'points': [[1, 0, 1], [2, 0, 2]]}]}],"
              " 'formations': [{'leader': 'lead', 'members': 'team', 'slots': [[-1, 1], [-1, -1]]}]}");
    if (!w) return;
    steer_world_destroy(w);
}

/* ==== groups =========================================================================== */
static void test_group_defaults(void)
{
    steer_world *w = BUILD("{" B2 ", 'groups': [{'name': 'a', 'spawn': [{'count': 3}]}, {'name': 'b'}]}");
    if (!w) return;
    steer_group_def a = group_def(w, 0), b = group_def(w, 1);
    CHECK_NEAR(a.max_speed, 2, 0);
    CHECK_NEAR(a.max_force, 4, 0);
    CHECK_NEAR(a.mass, 1, 0);
    CHECK_NEAR(a.radius, 0.25, 0);
    CHECK_NEAR(a.max_turn_rate, 0, 0); /* unlimited */
    CHECK_NEAR(a.arrival_tolerance, 0.05, 1e-7);
    CHECK_NEAR(a.arrival_speed, 0.1, 1e-7);
    CHECK_NEAR(a.departure_distance, 0, 0);
    CHECK_NEAR(a.waypoint_radius, 1, 0);
    CHECK(!a.chapter_arrive);
    CHECK(!a.ground_plane);
    CHECK_NEAR(a.priority, 1, 0);
    CHECK_NEAR(a.arrived_priority, 0, 0); /* 0: the priority */
    CHECK(!a.keep_apart);
    CHECK_NEAR(a.neighbour_radius, 1, 0);
    CHECK_NEAR(a.separation_radius, 0.5, 0);
    CHECK(a.field_of_view >= 2.0 * PI); /* all around */
    CHECK((a.neighbour_mask & 3u) == 3u); /* all groups */
    CHECK(!a.desired_forms);
    CHECK(a.combine == STEER_COMBINE_BLEND);
    /* no behaviours: the group does nothing (the library's flocking weights are not used) */
    int on = 0;
    for (int k = 0; k < STEER_BEHAVIOUR_COUNT; ++k) on += a.weight[k] != 0.0f;
    CHECK(on == 0);
    CHECK(a.colour != b.colour); /* from a palette */
    /* a spawn's speed defaults to max_speed / 2 */
    for (int k = 0; k < agent_count; ++k) CHECK_NEAR(length(velocity(w, k)), 1.0, 1e-5);
    steer_world_destroy(w);
}

static void test_group_values(void)
{
    /* "spawn" before "max_speed": the spawn's default speed is still max_speed / 2 */
    steer_world *w = BUILD(
        "{" B2 ", 'groups': [{'name': 'a', 'spawn': [{'count': 2}], 'colour': '#11223344', 'max_speed': 6,"
        " 'max_force': 9, 'mass': 2.5, 'radius': 0.7, 'max_turn_rate': 3.5, 'arrival_tolerance': 0.3,"
        " 'arrival_speed': 0.4, 'departure_distance': 0.6, 'waypoint_radius': 1.7, 'chapter_arrive': true,"
        " 'priority': 10, 'arrived_priority': 0.1, 'keep_apart': true,"
        " 'neighbours': {'radius': 4, 'separation_radius': 2, 'field_of_view': 3, 'groups': ['b'], 'desired_forms': true},"
        " 'combine': 'running_sum'}, {'name': 'b', 'colour': '#abcdef'}, {'name': 'c', 'neighbours': {'groups': ['c', 'a']}}]}");
    if (!w) return;
    steer_group_def a = group_def(w, 0);
    CHECK(a.colour == 0x11223344u);
    CHECK(group_def(w, 1).colour == 0xABCDEFFFu); /* #rrggbb: opaque */
    CHECK_NEAR(a.max_speed, 6, 0);
    CHECK_NEAR(a.max_force, 9, 0);
    CHECK_NEAR(a.mass, 2.5, 0);
    CHECK_NEAR(a.radius, 0.7, 1e-7);
    CHECK_NEAR(a.max_turn_rate, 3.5, 0); /* radians per time unit, as given */
    CHECK_NEAR(a.arrival_tolerance, 0.3, 1e-7);
    CHECK_NEAR(a.arrival_speed, 0.4, 1e-7);
    CHECK_NEAR(a.departure_distance, 0.6, 1e-7);
    CHECK_NEAR(a.waypoint_radius, 1.7, 1e-7);
    CHECK(a.chapter_arrive);
    CHECK_NEAR(a.priority, 10, 0);
    CHECK_NEAR(a.arrived_priority, 0.1, 1e-7);
    CHECK(a.keep_apart);
    CHECK_NEAR(a.neighbour_radius, 4, 0);
    CHECK_NEAR(a.separation_radius, 2, 0);
    CHECK_NEAR(a.field_of_view, 3, 0); /* radians, as given */
    CHECK(a.neighbour_mask == 1u << 1); /* only b */
    CHECK(group_def(w, 2).neighbour_mask == ((1u << 2) | 1u));
    CHECK(a.desired_forms);
    CHECK(a.combine == STEER_COMBINE_RUNNING_SUM);
    for (int k = 0; k < agent_count; ++k) CHECK_NEAR(length(velocity(w, k)), 3.0, 1e-5);
    steer_world_destroy(w);

    /* each combine mode by name */
    static const struct {
        const char *name;
        steer_combine mode;
    } modes[] = {{"blend", STEER_COMBINE_BLEND}, {"priority", STEER_COMBINE_PRIORITY},
                 {"running_sum", STEER_COMBINE_RUNNING_SUM}, {"dither", STEER_COMBINE_DITHER}};
    for (int m = 0; m < 4; ++m) {
        char doc[256];
        snprintf(doc, sizeof doc, "{" B2 ", 'groups': [{'name': 'a', 'combine': '%s'}]}", modes[m].name);
        w = BUILD(doc);
        if (!w) continue;
        CHECK(group_def(w, 0).combine == modes[m].mode);
        steer_world_destroy(w);
    }

    /* ground_plane, in 3D */
    w = BUILD("{'dim': 3, 'bounds': {'min': [0, 0, 0], 'max': [9, 9, 9]}, 'groups': [{'name': 'a', 'ground_plane': true},"
              " {'name': 'b'}]}");
    if (!w) return;
    CHECK(group_def(w, 0).ground_plane && !group_def(w, 1).ground_plane);
    steer_world_destroy(w);
}

/* ==== behaviours ======================================================================= */
/* The docs' list, in its order: "listed in the priority order used by
 * priority, running_sum and dither". The enum order is the world's priority
 * order (world.h), so the enum values must rise down this list. */
static const struct {
    const char *name;
    steer_behaviour b;
    const char *needs; /* † behaviours: what their object cannot do without */
} behaviour_list[] = {
    {"avoid_obstacles", STEER_AVOID_OBSTACLES, 0}, {"avoid_walls", STEER_AVOID_WALLS, 0},
    {"contain", STEER_CONTAIN, 0},                 {"avoid_neighbours", STEER_AVOID_NEIGHBOURS, 0},
    {"anticipation", STEER_ANTICIPATE, 0},         {"queue", STEER_QUEUE, 0},
    {"separation", STEER_SEPARATION, 0},           {"evade", STEER_EVADE, "'group': 'b'"},
    {"flee", STEER_FLEE, "'threat': [1, 2]"},      {"pursue", STEER_PURSUE, "'group': 'b'"},
    {"seek", STEER_SEEK, "'target': [3, 4]"},      {"arrive", STEER_ARRIVE, "'target': [3, 4]"},
    {"follow_leader", STEER_FOLLOW_LEADER, "'leader': 'boss'"}, {"follow_wall", STEER_FOLLOW_WALL, 0},
    {"follow_path", STEER_FOLLOW_PATH, "'path': 'road'"}, {"follow_flow", STEER_FOLLOW_FLOW, "'field': 'wind'"},
    {"alignment", STEER_ALIGNMENT, 0},             {"cohesion", STEER_COHESION, 0},
    {"wander", STEER_WANDER, 0},
};
#define BEHAVIOURS ((int)(sizeof behaviour_list / sizeof behaviour_list[0]))

/* The objects the † behaviours refer to. */
#define REFERRED "'paths': [{'name': 'road', 'points': [[0, 0], [10, 0]]}]," \
                 " 'flow_fields': [{'name': 'wind', 'type': 'uniform', 'direction': [0, 1]}]"
#define BOSS "{'name': 'b', 'spawn': [{'name': 'boss', 'shape': 'points', 'points': [[0, 0]]}]}"

static void test_behaviour_names_weights_and_order(void)
{
    CHECK(BEHAVIOURS == STEER_BEHAVIOUR_COUNT);
    for (int i = 1; i < BEHAVIOURS; ++i) CHECK(behaviour_list[i - 1].b < behaviour_list[i].b);

    /* every behaviour at once, behaviour i with weight i + 1: a number, or an object's weight */
    char doc[4096];
    int n = snprintf(doc, sizeof doc, "{" B2 ", " REFERRED ", 'groups': [{'name': 'a', 'behaviours': {");
    for (int i = 0; i < BEHAVIOURS; ++i) {
        if (behaviour_list[i].needs)
            n += snprintf(doc + n, sizeof doc - (size_t)n, "%s'%s': {'weight': %d, %s}", i ? ", " : "",
                          behaviour_list[i].name, i + 1, behaviour_list[i].needs);
        else n += snprintf(doc + n, sizeof doc - (size_t)n, "%s'%s': %d", i ? ", " : "", behaviour_list[i].name, i + 1);
    }
    snprintf(doc + n, sizeof doc - (size_t)n, "}}, " BOSS "]}");
    steer_world *w = BUILD(doc);
    if (!w) return;
    steer_group_def a = group_def(w, 0);
    for (int i = 0; i < BEHAVIOURS; ++i)
        if (a.weight[behaviour_list[i].b] != (float)(i + 1))
            fail_at(__LINE__, "%s: weight %g, expected %d", behaviour_list[i].name, (double)a.weight[behaviour_list[i].b], i + 1);
        else ++check_passed;
    steer_world_destroy(w);

    /* an object without weight or probability: weight 1, probability 1 */
    for (int i = 0; i < BEHAVIOURS; ++i) {
        snprintf(doc, sizeof doc, "{" B2 ", " REFERRED ", 'groups': [{'name': 'a', 'combine': 'dither', 'behaviours': {'%s': {%s}}}, " BOSS "]}",
                 behaviour_list[i].name, behaviour_list[i].needs ? behaviour_list[i].needs : "");
        w = BUILD(doc);
        if (!w) continue;
        a = group_def(w, 0);
        CHECK_NEAR(a.weight[behaviour_list[i].b], 1, 0);
        CHECK_NEAR(a.probability[behaviour_list[i].b], 1, 0);
        int on = 0; /* and nothing else is on */
        for (int k = 0; k < STEER_BEHAVIOUR_COUNT; ++k) on += a.weight[k] != 0.0f;
        CHECK(on == 1);
        steer_world_destroy(w);
    }

    /* weight and probability given */
    w = BUILD("{" B2 ", 'groups': [{'name': 'a', 'combine': 'dither', 'behaviours': {'separation': {'weight': 2.5,"
              " 'probability': 0.25}, 'wander': {'weight': -1, 'probability': 0}}}]}");
    if (!w) return;
    a = group_def(w, 0);
    CHECK_NEAR(a.weight[STEER_SEPARATION], 2.5, 0);
    CHECK_NEAR(a.probability[STEER_SEPARATION], 0.25, 0);
    CHECK_NEAR(a.weight[STEER_WANDER], -1, 0);
    CHECK_NEAR(a.probability[STEER_WANDER], 0, 0);
    steer_world_destroy(w);
}

static void test_behaviour_parameters(void)
{
    /* group a: every parameter set; group c: every behaviour with its defaults. Values two
       behaviours share (target, chase radius, prediction cap, panic distance, horizon,
       keep_right) are given alike. Paths and fields come second in their lists, so the
       references are checked by index, not just found. Group a spawns 2 agents first, so
       the boss is agent 2 in spawn order. */
    steer_world *w = BUILD(
        "{" B2 ", 'paths': [{'name': 'lane', 'points': [[0, 0], [1, 0]]}, {'name': 'road', 'points': [[0, 0], [10, 0]]}],"
        " 'flow_fields': [{'name': 'calm', 'type': 'uniform', 'direction': [1, 0]},"
        "                 {'name': 'wind', 'type': 'uniform', 'direction': [0, 1]}],"
        " 'groups': [{'name': 'a', 'spawn': [{'count': 2}], 'behaviours': {"
        "   'avoid_obstacles': {'see_ahead': 5, 'see_ahead_time': 0.5},"
        "   'avoid_walls': {'length': 3, 'whisker_angle': 0.3, 'whisker_length': 2.5},"
        "   'contain': {'min': [-20, -10], 'max': [20, 10], 'margin': 4},"
        "   'avoid_neighbours': {'horizon': 6, 'margin': 0.2, 'keep_right': 0.5},"
        "   'anticipation': {'strength': 20, 'time': 4, 'horizon': 6, 'keep_right': 0.5},"
        "   'queue': {'distance': 1.25}, 'separation': 3,"
        "   'evade': {'group': 'b', 'chase_radius': 12, 'max_prediction': 1.5, 'panic_distance': 7},"
        "   'flee': {'threat': [5, -6], 'panic_distance': 7},"
        "   'pursue': {'group': 'c', 'chase_radius': 12, 'max_prediction': 1.5},"
        "   'seek': {'target': [8, 9]}, 'arrive': {'target': [8, 9], 'slow_radius': 6},"
        "   'follow_leader': {'leader': 'boss', 'behind': 3, 'sight': 5},"
        "   'follow_wall': {'range': 4, 'distance': 1.5, 'gain': 3},"
        "   'follow_path': {'path': 'road', 'predict': 2, 'ahead': 3},"
        "   'follow_flow': {'field': 'wind', 'predict': 0.5},"
        "   'alignment': 1.5, 'cohesion': 0.2, 'wander': {'radius': 1.5, 'distance': 2.5, 'jitter': 8}}},"
        "  {'name': 'b', 'spawn': [{'name': 'boss', 'shape': 'points', 'points': [[0, 0]]}]},"
        "  {'name': 'c', 'behaviours': {'avoid_obstacles': {}, 'avoid_walls': {}, 'contain': {}, 'avoid_neighbours': {},"
        "   'anticipation': {}, 'queue': {}, 'evade': {'group': 'a'}, 'flee': {'threat': [1, 1]}, 'pursue': {'group': 'a'},"
        "   'seek': {'target': [2, 2]}, 'arrive': {'target': [2, 2]}, 'follow_leader': {'leader': 'boss'},"
        "   'follow_wall': {}, 'follow_path': {'path': 'lane'}, 'follow_flow': {'field': 'calm'}, 'wander': {}}}]}");
    if (!w) return;
    steer_group_def a = group_def(w, 0), c = group_def(w, 2);
    CHECK_NEAR(a.see_ahead, 5, 0);
    CHECK_NEAR(a.see_ahead_time, 0.5, 0);
    CHECK_NEAR(a.feelers.length, 3, 0);
    CHECK_NEAR(a.feelers.whisker_angle, 0.3, 1e-7); /* radians */
    CHECK_NEAR(a.feelers.whisker_length, 2.5, 0);
    CHECK_V3(a.contain_min, v3(-20, -10, 0), 0);
    CHECK_V3(a.contain_max, v3(20, 10, 0), 0);
    CHECK_NEAR(a.contain_margin, 4, 0);
    CHECK_NEAR(a.avoid_horizon, 6, 0);
    CHECK_NEAR(a.avoid_margin, 0.2, 1e-7);
    CHECK_NEAR(a.keep_right, 0.5, 0);
    CHECK_NEAR(a.anticipation_k, 20, 0);
    CHECK_NEAR(a.anticipation_tau0, 4, 0);
    CHECK_NEAR(a.queue_distance, 1.25, 0);
    CHECK_NEAR(a.weight[STEER_SEPARATION], 3, 0);
    CHECK(a.evade_group == 1 && a.pursue_group == 2);
    CHECK_NEAR(a.chase_radius, 12, 0);
    CHECK_NEAR(a.max_prediction, 1.5, 0);
    CHECK_NEAR(a.panic_distance, 7, 0);
    CHECK_V3(a.threat, v3(5, -6, 0), 0);
    CHECK_V3(a.target, v3(8, 9, 0), 0);
    CHECK_NEAR(a.slow_radius, 6, 0);
    CHECK(a.weight[STEER_FOLLOW_LEADER] == 1.0f);
    CHECK(a.leader.index == ids[2].index && a.leader.generation == ids[2].generation); /* the boss */
    CHECK_NEAR(a.leader_behind, 3, 0);
    CHECK_NEAR(a.leader_sight, 5, 0);
    CHECK_NEAR(a.wall_follow.range, 4, 0);
    CHECK_NEAR(a.wall_follow.desired_distance, 1.5, 0);
    CHECK_NEAR(a.wall_follow.gain, 3, 0);
    CHECK(a.path == 1); /* "road", the second path */
    CHECK_NEAR(a.path_predict, 2, 0);
    CHECK_NEAR(a.path_ahead, 3, 0);
    CHECK(a.flow_field == 1); /* "wind", the second field */
    CHECK_NEAR(a.flow_predict, 0.5, 0);
    CHECK_NEAR(a.weight[STEER_ALIGNMENT], 1.5, 0);
    CHECK_NEAR(a.weight[STEER_COHESION], 0.2, 1e-7);
    CHECK_NEAR(a.wander.radius, 1.5, 0);
    CHECK_NEAR(a.wander.distance, 2.5, 0);
    CHECK_NEAR(a.wander.jitter, 8, 0); /* radians per time unit */

    /* the defaults of the docs' table */
    CHECK_NEAR(c.see_ahead, 3, 0);
    CHECK_NEAR(c.see_ahead_time, 0, 0);
    CHECK_NEAR(c.feelers.length, 2, 0);
    CHECK_NEAR(c.feelers.whisker_angle, 0.6, 1e-7);
    CHECK_NEAR(c.feelers.whisker_length, 1.2, 1e-7);
    /* contain's box: the bounds (the world reads a zero box as its bounds) */
    bool zero_box = length(c.contain_min) == 0.0 && length(c.contain_max) == 0.0;
    bool bounds_box = c.contain_min.x == -50.0f && c.contain_min.y == -40.0f && c.contain_max.x == 50.0f &&
                      c.contain_max.y == 40.0f;
    CHECK(zero_box || bounds_box);
    CHECK_NEAR(c.contain_margin, 2, 0);
    CHECK_NEAR(c.avoid_horizon, 10, 0);
    CHECK_NEAR(c.avoid_margin, 0, 0);
    CHECK_NEAR(c.keep_right, 0.25, 0);
    CHECK_NEAR(c.anticipation_k, 1.5, 0);
    CHECK_NEAR(c.anticipation_tau0, 3, 0);
    CHECK_NEAR(c.queue_distance, 2, 0);
    CHECK(c.evade_group == 0 && c.pursue_group == 0);
    CHECK_NEAR(c.chase_radius, 10, 0);
    CHECK_NEAR(c.max_prediction, 0, 0);
    CHECK_NEAR(c.panic_distance, 0, 0);
    CHECK_V3(c.threat, v3(1, 1, 0), 0);
    CHECK_NEAR(c.slow_radius, 2, 0);
    CHECK_NEAR(c.leader_behind, 2, 0);
    CHECK_NEAR(c.leader_sight, 4, 0);
    CHECK_NEAR(c.wall_follow.range, 3, 0);
    CHECK_NEAR(c.wall_follow.desired_distance, 1, 0);
    CHECK_NEAR(c.wall_follow.gain, 2, 0);
    CHECK(c.path == 0 && c.flow_field == 0);
    CHECK_NEAR(c.path_predict, 1, 0);
    CHECK_NEAR(c.path_ahead, 1, 0);
    CHECK_NEAR(c.flow_predict, 0, 0);
    CHECK_NEAR(c.wander.radius, 1, 0);
    CHECK_NEAR(c.wander.distance, 2, 0);
    CHECK_NEAR(c.wander.jitter, 4, 0);
    steer_world_destroy(w);

    /* a † behaviour's reference may point forward: pursue names a group defined after it */
    w = BUILD("{" B2 ", 'groups': [{'name': 'x', 'behaviours': {'pursue': {'group': 'y'}}}, {'name': 'y'}]}");
    if (!w) return;
    CHECK(group_def(w, 0).pursue_group == 1);
    steer_world_destroy(w);
}

/* "The world keeps one target, one chase radius, one prediction cap and one
 * panic distance per group ... Giving two different values is an error";
 * keep_right is shared by avoid_neighbours and anticipation, and (schema.json)
 * so is the horizon. */
#define BEHAVIOUR_DOC(b) "{" B2 ", 'groups': [{'name': 'a', 'behaviours': {" b "}}, {'name': 'b'}]}"
static void test_shared_behaviour_values(void)
{
    REFUSED(BEHAVIOUR_DOC("'seek': {'target': [1, 2]}, 'arrive': {'target': [1, 3]}"), "groups[0].behaviours.arrive.target",
            NULL, "differs from groups[0].behaviours.seek.target; a group has only one (set the same value in both)"); /* the docs' example */
    REFUSED(BEHAVIOUR_DOC("'pursue': {'group': 'b', 'chase_radius': 5}, 'evade': {'group': 'b', 'chase_radius': 6}"),
            "groups[0].behaviours.evade.chase_radius", NULL, "differs from groups[0].behaviours.pursue.chase_radius");
    REFUSED(BEHAVIOUR_DOC("'evade': {'group': 'b', 'max_prediction': 1}, 'pursue': {'group': 'b', 'max_prediction': 2}"),
            "groups[0].behaviours.pursue.max_prediction", NULL, "differs from groups[0].behaviours.evade.max_prediction");
    REFUSED(BEHAVIOUR_DOC("'flee': {'threat': [0, 0], 'panic_distance': 3}, 'evade': {'group': 'b', 'panic_distance': 4}"),
            "groups[0].behaviours.evade.panic_distance", NULL, "differs from groups[0].behaviours.flee.panic_distance");
    REFUSED(BEHAVIOUR_DOC("'avoid_neighbours': {'keep_right': 0.5}, 'anticipation': {'keep_right': 0.7}"),
            "groups[0].behaviours.anticipation.keep_right", NULL, "differs from groups[0].behaviours.avoid_neighbours.keep_right");
    REFUSED(BEHAVIOUR_DOC("'avoid_neighbours': {'horizon': 5}, 'anticipation': {'horizon': 20}"),
            "groups[0].behaviours.anticipation.horizon", NULL, "differs from groups[0].behaviours.avoid_neighbours.horizon");
    /* the same value twice is one value */
    steer_world *w = BUILD(BEHAVIOUR_DOC("'seek': {'target': [1, 2]}, 'arrive': {'target': [1, 2]},"
                                         " 'flee': {'threat': [0, 0], 'panic_distance': 3}, 'evade': {'group': 'b', 'panic_distance': 3}"));
    if (!w) return;
    steer_group_def a = group_def(w, 0);
    CHECK_V3(a.target, v3(1, 2, 0), 0);
    CHECK_NEAR(a.panic_distance, 3, 0);
    CHECK(a.weight[STEER_SEEK] == 1.0f && a.weight[STEER_ARRIVE] == 1.0f);
    steer_world_destroy(w);
}

/* ==== spawns ============================================================================= */
static void test_spawn_box(void)
{
    /* box, the default shape: uniform in the bounds by default */
    steer_world *w = BUILD("{" B2 ", 'groups': [{'name': 'a', 'spawn': [{'count': 400}]}]}");
    if (!w) return;
    int quadrant[4] = {0, 0, 0, 0}, outside = 0, rightward = 0;
    float lo_x = 1e9f, hi_x = -1e9f, lo_y = 1e9f, hi_y = -1e9f;
    for (int k = 0; k < agent_count; ++k) {
        steer_v3 p = position(w, k), v = velocity(w, k);
        outside += p.x < -50 || p.x > 50 || p.y < -40 || p.y > 40;
        quadrant[(p.x > 0) + 2 * (p.y > 0)]++;
        lo_x = p.x < lo_x ? p.x : lo_x, hi_x = p.x > hi_x ? p.x : hi_x;
        lo_y = p.y < lo_y ? p.y : lo_y, hi_y = p.y > hi_y ? p.y : hi_y;
        rightward += v.x > 0;
        if (fabs(length(v) - 1.0) > 1e-5) fail_at(__LINE__, "agent %d: speed %g, expected max_speed / 2 = 1", k, length(v));
    }
    CHECK(outside == 0);
    for (int q = 0; q < 4; ++q)
        if (quadrant[q] < 65 || quadrant[q] > 135) fail_at(__LINE__, "quadrant %d holds %d of 400: not uniform", q, quadrant[q]);
        else ++check_passed;
    CHECK(lo_x < -45 && hi_x > 45 && lo_y < -35 && hi_y > 35); /* the whole box, not a corner */
    CHECK(rightward > 140 && rightward < 260);                  /* random headings */
    steer_world_destroy(w);

    /* a box of its own; in 3D, uniform along z too */
    w = BUILD("{'dim': 3, 'bounds': {'min': [-50, -40, -5], 'max': [50, 40, 15]}, 'groups': [{'name': 'a', 'spawn': ["
              " {'count': 100, 'min': [10, 5, 1], 'max': [20, 8, 3]}, {'count': 200}]}]}");
    if (!w) return;
    int in_box = 0, low = 0, high = 0, in_bounds = 0;
    for (int k = 0; k < 100; ++k) {
        steer_v3 p = position(w, k);
        in_box += p.x >= 10 && p.x <= 20 && p.y >= 5 && p.y <= 8 && p.z >= 1 && p.z <= 3;
    }
    for (int k = 100; k < 300; ++k) {
        steer_v3 p = position(w, k);
        in_bounds += p.z >= -5 && p.z <= 15;
        low += p.z < 0, high += p.z > 10;
    }
    CHECK(in_box == 100);
    CHECK(in_bounds == 200 && low > 20 && high > 20);
    steer_world_destroy(w);
}

/* A goal's speed spread: each agent draws its own, mean + sd z (z of mean
 * 0 and variance 1), within [min, max] (min by default a quarter of the
 * mean); the same draws for the same file, and other spawns' places and
 * goals as without it. */
static void test_goal_speed_spread(void)
{
    const char *doc = "{" B2 ", 'groups': [{'name': 'a', 'spawn': [{'count': 400, 'goal': {'kind': 'arrive', 'target': [0, 0],"
                      " 'speed': {'mean': 1.3, 'sd': 0.2, 'max': 1.8}}}, {'count': 3}]}]}";
    steer_world *w = BUILD(doc);
    if (!w) return;
    double sum = 0.0, sum2 = 0.0, low = INFINITY, high = 0.0;
    for (int k = 0; k < 400; ++k) {
        double v = goal_of(w, k).speed;
        sum += v, sum2 += v * v, low = fmin(low, v), high = fmax(high, v);
    }
    double mean = sum / 400.0, sd = sqrt(sum2 / 400.0 - mean * mean);
    printf("goal speed spread: mean %.4f, sd %.4f, from %.3f to %.3f\n", mean, sd, low, high);
    CHECK(fabs(mean - 1.3) < 0.03 && fabs(sd - 0.2) < 0.03);
    CHECK(low >= 1.3 * 0.25 && high <= 1.8 && high > low);
    steer_v3 last = position(w, 402);
    float first = goal_of(w, 0).speed;
    steer_world_destroy(w);
    w = BUILD(doc);
    if (!w) return;
    CHECK(goal_of(w, 0).speed == first);
    steer_world_destroy(w);
    w = BUILD("{" B2 ", 'groups': [{'name': 'a', 'spawn': [{'count': 400, 'goal': {'kind': 'arrive', 'target': [0, 0],"
              " 'speed': 1.3}}, {'count': 3}]}]}");
    if (!w) return;
    CHECK(length(sub(position(w, 402), last)) == 0.0); /* the spread moved no other draw */
    CHECK(goal_of(w, 7).speed == 1.3f);
    steer_world_destroy(w);
#define SPREAD(speed) "{" B2 ", 'groups': [{'name': 'a', 'spawn': [{'count': 2, 'goal': {'kind': 'arrive', 'target': [1, 1], 'speed': " speed "}}]}]}"
    REFUSED(SPREAD("{'mean': 1}"), "groups[0].spawn[0].goal.speed", NULL, "missing required key \"sd\"");
    REFUSED(SPREAD("{'mean': 1, 'sd': 0.1, 'min': 2, 'max': 1}"), "groups[0].spawn[0].goal.speed", "min 2, max 1",
            "min at most max");
    REFUSED(SPREAD("{'mean': 1, 'sd': 0.1, 'min': 0}"), "groups[0].spawn[0].goal.speed.min", "0", "a positive number");
#undef SPREAD
}

/* "preset": "crowd" starts a group from steer_crowd_group_def: its values
 * and its behaviours, which the group's own keys change; listed behaviours
 * are then the whole table. */
static void test_crowd_preset(void)
{
    steer_world *w = BUILD("{" B2 ", 'groups': [{'name': 'a', 'preset': 'crowd', 'max_speed': 1.3, 'spawn': [{'count': 1}]},"
                           " {'name': 'b', 'preset': 'crowd', 'behaviours': {'separation': 1}, 'spawn': [{'count': 1}]},"
                           " {'name': 'c', 'preset': 'none', 'spawn': [{'count': 1}]}]}");
    if (!w) return;
    steer_group_def a = group_def(w, 0), b = group_def(w, 1), c = group_def(w, 2), crowd = steer_crowd_group_def();
    CHECK(a.keep_apart && a.combine == STEER_COMBINE_RUNNING_SUM && a.radius == crowd.radius &&
          a.neighbour_radius == crowd.neighbour_radius && a.anticipation_k == crowd.anticipation_k &&
          a.keep_right == crowd.keep_right);
    CHECK(a.max_speed == 1.3f && a.weight[STEER_ANTICIPATE] == 1.0f && a.weight[STEER_SEPARATION] == 0.0f);
    CHECK(b.keep_apart && b.weight[STEER_ANTICIPATE] == 0.0f && b.weight[STEER_SEPARATION] == 1.0f);
    CHECK(!c.keep_apart && c.radius == 0.25f && c.weight[STEER_ANTICIPATE] == 0.0f);
    steer_world_destroy(w);
    REFUSED("{" B2 ", 'groups': [{'name': 'a', 'preset': 'mob'}]}", "groups[0].preset", "mob", "crowd");
}

/* A box of places may be flat (max == min on an axis): a Y-up file's spawn
 * and goal boxes on the ground at one height; a line or a point too. */
static void test_flat_boxes(void)
{
    steer_world *w = BUILD("{'dim': 3, 'up': 'y', 'bounds': {'min': [-20, -20, -20], 'max': [20, 20, 20]},"
                           " 'groups': [{'name': 'a', 'ground_plane': true, 'spawn': [{'count': 20,"
                           " 'min': [-5, 2, -5], 'max': [5, 2, 5], 'goal': {'kind': 'arrive',"
                           " 'box': {'min': [8, 2, 0], 'max': [12, 2, 0]}}}]}]}");
    if (!w) return;
    for (int k = 0; k < 20; ++k) {
        steer_v3 p = position(w, k), t = goal_of(w, k).target;
        CHECK(p.y == 2.0f && p.x >= -5.0f && p.x <= 5.0f && p.z >= -5.0f && p.z <= 5.0f);
        CHECK(t.y == 2.0f && t.z == 0.0f && t.x >= 8.0f && t.x <= 12.0f);
    }
    CHECK(position(w, 0).x != position(w, 1).x && goal_of(w, 0).target.x != goal_of(w, 1).target.x);
    steer_world_destroy(w);
}

static void test_spawn_disc(void)
{
    /* a ring: every agent between the radii, uniform over its area */
    steer_world *w = BUILD("{" B2 ", 'groups': [{'name': 'a', 'spawn': [{'count': 400, 'shape': 'disc',"
                           " 'centre': [5, -3], 'radius': 10, 'inner_radius': 4}]}]}");
    if (!w) return;
    int bad = 0, inner_half = 0, quadrant[4] = {0, 0, 0, 0};
    for (int k = 0; k < agent_count; ++k) {
        steer_v3 r = sub(position(w, k), v3(5, -3, 0));
        double d = length(r);
        bad += d < 4 - 1e-4 || d > 10 + 1e-4;
        inner_half += d * d < (16.0 + 100.0) / 2.0; /* the inner half of the ring's area */
        quadrant[(r.x > 0) + 2 * (r.y > 0)]++;
    }
    CHECK(bad == 0);
    CHECK(inner_half > 150 && inner_half < 250);
    CHECK(quadrant[0] > 60 && quadrant[1] > 60 && quadrant[2] > 60 && quadrant[3] > 60);
    steer_world_destroy(w);

    /* a full disc (inner_radius 0) on the ground: XY at the centre's height for Z up, XZ for Y up */
    w = BUILD("{'dim': 3, 'bounds': {'min': [-20, -20, -20], 'max': [20, 20, 20]}, 'groups': [{'name': 'a', 'spawn': ["
              " {'count': 200, 'shape': 'disc', 'centre': [1, 2, 3], 'radius': 5}]}]}");
    if (!w) return;
    int off_ground = 0, outside = 0, near_centre = 0;
    for (int k = 0; k < agent_count; ++k) {
        steer_v3 r = sub(position(w, k), v3(1, 2, 3));
        off_ground += fabs(r.z) > 1e-5;
        outside += length(r) > 5 + 1e-4;
        near_centre += length(r) < 5 / sqrt(2.0); /* half the area */
    }
    CHECK(off_ground == 0 && outside == 0);
    CHECK(near_centre > 70 && near_centre < 130);
    steer_world_destroy(w);

    w = BUILD("{'dim': 3, 'up': 'y', 'bounds': {'min': [-20, -20, -20], 'max': [20, 20, 20]}, 'groups': [{'name': 'a',"
              " 'spawn': [{'count': 200, 'shape': 'disc', 'centre': [1, 2, 3], 'radius': 5}]}]}");
    if (!w) return;
    off_ground = outside = 0;
    int spread_z = 0;
    for (int k = 0; k < agent_count; ++k) {
        steer_v3 r = sub(position(w, k), v3(1, 2, 3));
        off_ground += fabs(r.y) > 1e-5;
        outside += length(r) > 5 + 1e-4;
        spread_z += fabs(r.z) > 2.5;
    }
    CHECK(off_ground == 0 && outside == 0);
    CHECK(spread_z > 20);
    steer_world_destroy(w);
}

static void test_spawn_circle_line_points_and_order(void)
{
    /* spawns place agents in file order: a's line, a's points, then b's circle */
    steer_world *w = BUILD("{" B2 ", 'groups': [{'name': 'a', 'spawn': ["
                           "   {'count': 4, 'shape': 'line', 'from': [0, 0], 'to': [9, -3]},"
                           "   {'shape': 'points', 'points': [[1, 2], [3, 4], [5, 6]]}]},"
                           " {'name': 'b', 'spawn': [{'count': 8, 'shape': 'circle', 'centre': [2, 3], 'radius': 10},"
                           "   {'count': 3, 'shape': 'points', 'points': [[7, 7], [8, 8], [9, 9]]}]}]}");
    if (!w) return;
    CHECK(agent_count == 18);
    for (int k = 0; k < 4; ++k) CHECK_V3(position(w, k), v3(3.0 * k, -1.0 * k, 0), 1e-5); /* ends included */
    CHECK_V3(position(w, 4), v3(1, 2, 0), 0);
    CHECK_V3(position(w, 5), v3(3, 4, 0), 0);
    CHECK_V3(position(w, 6), v3(5, 6, 0), 0);
    for (int k = 0; k < 8; ++k) { /* agent k at angle 2 pi k / count from +X toward +Y */
        double a = 2.0 * PI * k / 8.0;
        CHECK_V3(position(w, 7 + k), v3(2 + 10 * cos(a), 3 + 10 * sin(a), 0), 1e-4);
    }
    CHECK_V3(position(w, 17), v3(9, 9, 0), 0);
    int in_group_a = 0;
    for (int k = 0; k < agent_count; ++k) in_group_a += agent(w, k).group == 0;
    CHECK(in_group_a == 7 && agent(w, 0).group == 0 && agent(w, 7).group == 1);
    steer_world_destroy(w);

    /* a circle on a Y-up world's ground: from +X toward -Z */
    w = BUILD("{'dim': 3, 'up': 'y', 'bounds': {'min': [-20, -20, -20], 'max': [20, 20, 20]}, 'groups': [{'name': 'a',"
              " 'spawn': [{'count': 4, 'shape': 'circle', 'centre': [0, 1, 0], 'radius': 10}]}]}");
    if (!w) return;
    CHECK_V3(position(w, 0), v3(10, 1, 0), 1e-4);
    CHECK_V3(position(w, 1), v3(0, 1, -10), 1e-4);
    CHECK_V3(position(w, 2), v3(-10, 1, 0), 1e-4);
    CHECK_V3(position(w, 3), v3(0, 1, 10), 1e-4);
    steer_world_destroy(w);

    /* and on a Z-up world's: toward +Y, at the centre's height */
    w = BUILD("{'dim': 3, 'bounds': {'min': [-20, -20, -20], 'max': [20, 20, 20]}, 'groups': [{'name': 'a',"
              " 'spawn': [{'count': 4, 'shape': 'circle', 'centre': [0, 0, 2], 'radius': 10}]}]}");
    if (!w) return;
    CHECK_V3(position(w, 1), v3(0, 10, 2), 1e-4);
    steer_world_destroy(w);

    /* "count" on a points spawn: the number of points is accepted */
    w = BUILD("{" B2 ", 'groups': [{'name': 'a', 'spawn': [{'count': 2, 'shape': 'points', 'points': [[1, 1], [2, 2]]},"
              " {'count': 0}]}]}");
    if (!w) return;
    CHECK(agent_count == 2 && steer_world_agent_count(w) == 2);
    steer_world_destroy(w);
}

static void test_spawn_velocity_and_heading(void)
{
    steer_world *w = BUILD(
        "{" B2 ", 'groups': [{'name': 'a', 'max_speed': 4, 'spawn': ["
        "  {'count': 3, 'velocity': [1, -2]},"                                                       /* 0..2 */
        "  {'count': 3, 'speed': 0.75},"                                                             /* 3..5 */
        "  {'count': 3, 'speed': 2, 'heading': 1},"                                                  /* 6..8: radians */
        "  {'count': 8, 'shape': 'circle', 'centre': [0, 0], 'radius': 10, 'heading': 'tangent'},"   /* 9..16 */
        "  {'count': 8, 'shape': 'circle', 'centre': [5, 5], 'radius': 10, 'heading': 'outward'},"   /* 17..24 */
        "  {'count': 8, 'shape': 'circle', 'centre': [0, 0], 'radius': 10, 'heading': 'random', 'speed': 1}]}]}");
    if (!w) return;
    for (int k = 0; k < 3; ++k) CHECK_V3(velocity(w, k), v3(1, -2, 0), 0);
    for (int k = 3; k < 6; ++k) CHECK_NEAR(length(velocity(w, k)), 0.75, 1e-6);
    for (int k = 6; k < 9; ++k) CHECK_V3(velocity(w, k), v3(2 * cos(1.0), 2 * sin(1.0), 0), 1e-5);
    for (int k = 9; k < 17; ++k) { /* counter-clockwise around the centre, at max_speed / 2 */
        steer_v3 r = position(w, k), v = velocity(w, k);
        CHECK_NEAR(dot(r, v), 0, 1e-3);
        CHECK(cross_z(r, v) > 0);
        CHECK_NEAR(length(v), 2, 1e-5);
    }
    for (int k = 17; k < 25; ++k) {
        steer_v3 r = sub(position(w, k), v3(5, 5, 0)), v = velocity(w, k);
        CHECK_NEAR(dot(r, v) / (length(r) * length(v)), 1, 1e-5);
    }
    int same = 0;
    for (int k = 26; k < 33; ++k) same += length(sub(velocity(w, k), velocity(w, 25))) < 1e-3;
    CHECK(same == 0);
    for (int k = 25; k < 33; ++k) CHECK_NEAR(length(velocity(w, k)), 1, 1e-5);
    steer_world_destroy(w);

    /* on a Y-up world's ground: an angle turns from +X toward -Z; tangent is counter-clockwise seen from above */
    w = BUILD("{'dim': 3, 'up': 'y', 'bounds': {'min': [-20, -20, -20], 'max': [20, 20, 20]}, 'groups': [{'name': 'a',"
              " 'spawn': [{'count': 1, 'shape': 'points', 'points': [[0, 0, 0]], 'speed': 1, 'heading': 1.5707963267948966},"
              "           {'count': 4, 'shape': 'circle', 'centre': [0, 0, 0], 'radius': 10, 'speed': 1, 'heading': 'tangent'},"
              "           {'count': 4, 'shape': 'circle', 'centre': [0, 0, 0], 'radius': 10, 'speed': 1, 'heading': 'outward'}]}]}");
    if (!w) return;
    CHECK_V3(velocity(w, 0), v3(0, 0, -1), 1e-5);
    CHECK_V3(velocity(w, 1), v3(0, 0, -1), 1e-5); /* at +X, heading toward -Z */
    CHECK_V3(velocity(w, 2), v3(-1, 0, 0), 1e-5); /* at -Z, heading toward -X */
    CHECK_V3(velocity(w, 5), v3(1, 0, 0), 1e-5);  /* at +X, outward */
    CHECK_V3(velocity(w, 6), v3(0, 0, -1), 1e-5); /* at -Z, outward */
    steer_world_destroy(w);

    /* a random heading in a ground group is on the ground, so its agents start at their speed (before, a
       direction on the sphere lost its up part: speeds 0.38 to 1.91 of 2), in either frame; others' are 3D */
    for (int y_up = 0; y_up < 2; ++y_up) {
        char text[512];
        snprintf(text, sizeof text,
                 "{'dim': 3, 'up': '%s', 'bounds': {'min': [-20, -20, -20], 'max': [20, 20, 20]}, 'groups': ["
                 " {'name': 'walkers', 'max_speed': 4, 'ground_plane': true,"
                 "  'spawn': [{'count': 16, 'shape': 'disc', 'centre': [0, 0, 0], 'radius': 10, 'speed': 2}]},"
                 " {'name': 'flyers', 'max_speed': 4,"
                 "  'spawn': [{'count': 16, 'shape': 'disc', 'centre': [0, 0, 0], 'radius': 10, 'speed': 2}]}]}",
                 y_up ? "y" : "z");
        w = BUILD(text);
        if (!w) return;
        int climbing = 0;
        for (int k = 0; k < 16; ++k) {
            steer_v3 v = velocity(w, k);
            CHECK_NEAR(length(v), 2, 1e-5);
            CHECK((y_up ? v.y : v.z) == 0.0f);
            steer_v3 u = velocity(w, 16 + k);
            CHECK_NEAR(length(u), 2, 1e-5);
            climbing += (y_up ? u.y : u.z) != 0.0f;
        }
        CHECK(climbing > 0);
        steer_world_destroy(w);
    }
}

/* Positions of agents [first, first + count) differ from those saved. */
static int moved(const steer_world *w, int first, int count, const steer_v3 *saved)
{
    int n = 0;
    for (int k = 0; k < count; ++k) n += length(sub(position(w, first + k), saved[k])) > 1e-6;
    return n;
}

static steer_v3 heading_of(const steer_world *w, int k)
{
    steer_v3 h = v3(0, 0, 0);
    CHECK(steer_world_get_heading(w, ids[k], &h) == STEER_OK);
    return h;
}

/* keep_headings: a standing spawn (speed 0) faces its heading; a moving one
 * faces its velocity; the same file without keep_headings puts the same
 * agents in the same places with the same velocities. */
static void test_spawn_headings_kept(void)
{
    const char *groups = "'groups': [{'name': 'a', 'spawn': ["
                         "  {'count': 2, 'speed': 0, 'heading': 2},"                                       /* 0, 1 */
                         "  {'count': 4, 'shape': 'circle', 'centre': [0, 0], 'radius': 10, 'speed': 0,"
                         "   'heading': 'outward'},"                                                       /* 2..5 */
                         "  {'count': 3, 'speed': 0},"                                                     /* 6..8: random */
                         "  {'count': 2, 'speed': 1, 'heading': 1},"                                       /* 9, 10 */
                         "  {'count': 1, 'velocity': [0, 0]}]}]}";                                         /* 11 */
    char doc[1024];
    snprintf(doc, sizeof doc, "{" B2 ", 'keep_headings': true, %s", groups);
    steer_world *w = BUILD(doc);
    if (!w) return;
    CHECK(world_def(w).keep_headings);
    for (int k = 0; k < 2; ++k) CHECK_V3(heading_of(w, k), v3(cos(2.0), sin(2.0), 0), 1e-6);
    for (int k = 2; k < 6; ++k) {
        steer_v3 r = position(w, k), h = heading_of(w, k);
        CHECK_NEAR(dot(r, h) / length(r), 1, 1e-5);
        CHECK_V3(velocity(w, k), v3(0, 0, 0), 0);
    }
    for (int k = 6; k < 9; ++k) CHECK_NEAR(length(heading_of(w, k)), 1, 1e-6);
    CHECK(length(sub(heading_of(w, 6), heading_of(w, 7))) > 1e-3); /* drawn, not one for all */
    for (int k = 9; k < 11; ++k) CHECK_V3(heading_of(w, k), v3(cos(1.0), sin(1.0), 0), 1e-6);
    CHECK_V3(heading_of(w, 11), v3(1, 0, 0), 0); /* a velocity given: no heading of the spawn's; at rest, +x */
    steer_v3 kept_places[12];
    for (int k = 0; k < 12; ++k) kept_places[k] = position(w, k);
    steer_world_destroy(w);

    snprintf(doc, sizeof doc, "{" B2 ", %s", groups);
    w = BUILD(doc);
    if (!w) return;
    CHECK(!world_def(w).keep_headings);
    CHECK(moved(w, 0, 12, kept_places) == 0);
    steer_world_destroy(w);

    /* Y up, a ground group: the angle on XZ, from +X toward -Z */
    w = BUILD("{'dim': 3, 'up': 'y', 'keep_headings': true, 'bounds': {'min': [-20, -20, -20], 'max': [20, 20, 20]},"
              " 'groups': [{'name': 'a', 'ground_plane': true,"
              " 'spawn': [{'count': 1, 'shape': 'points', 'points': [[0, 0, 0]], 'speed': 0, 'heading': 1.5707963267948966}]}]}");
    if (!w) return;
    CHECK_V3(heading_of(w, 0), v3(0, 0, -1), 1e-6);
    steer_world_destroy(w);
}

static void test_spawn_seeds(void)
{
    /* by default derived from the scenario seed and the spawn's position in the file */
    const char *two = "{" B2 ", 'groups': [{'name': 'a', 'spawn': [{'count': 20}, {'count': 20}, {'count': 20, 'seed': 77}]}]}";
    steer_v3 first[60];
    steer_world *w = BUILD(two);
    if (!w) return;
    for (int k = 0; k < 60; ++k) first[k] = position(w, k);
    CHECK(moved(w, 20, 20, first) == 20); /* the same spawn, later in the file, lands elsewhere */
    steer_world_destroy(w);
    w = BUILD(two); /* deterministic */
    if (!w) return;
    CHECK(moved(w, 0, 60, first) == 0);
    steer_world_destroy(w);
    w = BUILD_SEEDED(two, 2); /* --seed changes the derived seeds, not a spawn's own */
    if (!w) return;
    CHECK(moved(w, 0, 20, first) == 20);
    CHECK(moved(w, 40, 20, first + 40) == 0);
    steer_world_destroy(w);
    w = BUILD("{" B2 ", 'seed': 2, 'groups': [{'name': 'a', 'spawn': [{'count': 20}, {'count': 20}, {'count': 20, 'seed': 77}]}]}");
    if (!w) return;
    CHECK(moved(w, 0, 20, first) == 20);
    CHECK(moved(w, 40, 20, first + 40) == 0);
    steer_world_destroy(w);

    /* a goal's box never moves the spawn's agents; its points: in the box, deterministic,
       from the spawn's seed by default, from its own seed when given */
    const char *plain = "{" B2 ", 'groups': [{'name': 'a', 'spawn': [{'count': 30, 'seed': 5}]}]}";
    const char *boxed = "{" B2 ", 'groups': [{'name': 'a', 'spawn': [{'count': 30, 'seed': 5,"
                        " 'goal': {'kind': 'arrive', 'box': {'min': [20, 20], 'max': [30, 25]}}}]}]}";
    w = BUILD(plain);
    if (!w) return;
    for (int k = 0; k < 30; ++k) first[k] = position(w, k);
    steer_world_destroy(w);
    w = BUILD(boxed);
    if (!w) return;
    CHECK(moved(w, 0, 30, first) == 0);
    steer_v3 targets[30];
    int inside = 0, distinct = 0;
    for (int k = 0; k < 30; ++k) {
        steer_goal g = goal_of(w, k);
        targets[k] = g.target;
        inside += g.kind == STEER_GOAL_ARRIVE && g.target.x >= 20 && g.target.x <= 30 && g.target.y >= 20 && g.target.y <= 25;
        distinct += k > 0 && length(sub(g.target, targets[k - 1])) > 1e-4;
    }
    CHECK(inside == 30 && distinct == 29);
    float lo = 1e9f, hi = -1e9f; /* spread over the box */
    for (int k = 0; k < 30; ++k) lo = targets[k].x < lo ? targets[k].x : lo, hi = targets[k].x > hi ? targets[k].x : hi;
    CHECK(lo < 23 && hi > 27);
    steer_world_destroy(w);
    w = BUILD_SEEDED(boxed, 9); /* the spawn has its own seed: the same points under another scenario seed */
    if (!w) return;
    int same = 0;
    for (int k = 0; k < 30; ++k) same += length(sub(goal_of(w, k).target, targets[k])) < 1e-6;
    CHECK(same == 30);
    steer_world_destroy(w);
    w = BUILD("{" B2 ", 'groups': [{'name': 'a', 'spawn': [{'count': 30, 'seed': 6,"
              " 'goal': {'kind': 'arrive', 'box': {'min': [20, 20], 'max': [30, 25]}}}]}]}");
    if (!w) return;
    same = 0; /* another spawn seed: other points */
    for (int k = 0; k < 30; ++k) same += length(sub(goal_of(w, k).target, targets[k])) < 1e-6;
    CHECK(same == 0);
    steer_world_destroy(w);
    const char *goal_seeded = "{" B2 ", 'groups': [{'name': 'a', 'spawn': [{'count': 30,"
                              " 'goal': {'kind': 'seek', 'box': {'min': [20, 20], 'max': [30, 25]}, 'seed': 4}}]}]}";
    w = BUILD_SEEDED(goal_seeded, 1);
    if (!w) return;
    for (int k = 0; k < 30; ++k) targets[k] = goal_of(w, k).target, first[k] = position(w, k);
    steer_world_destroy(w);
    w = BUILD_SEEDED(goal_seeded, 3);
    if (!w) return;
    same = 0;
    for (int k = 0; k < 30; ++k) same += length(sub(goal_of(w, k).target, targets[k])) < 1e-6;
    CHECK(same == 30);                     /* the goal's own seed */
    CHECK(moved(w, 0, 30, first) == 30);   /* while the spawn's derived seed moved its agents */
    steer_world_destroy(w);
}

static void test_spawn_keeps_out_of_obstacles(void)
{
    /* random placements (box, disc) retry to stay out of obstacles: a rock over half the box */
    steer_world *w = BUILD("{'bounds': {'min': [-10, -10], 'max': [10, 10]}, 'obstacles': [{'centre': [0, 0], 'radius': 8}],"
                           " 'groups': [{'name': 'a', 'radius': 0.5, 'spawn': [{'count': 200},"
                           "   {'count': 100, 'shape': 'disc', 'centre': [0, 0], 'radius': 10}]}]}");
    if (!w) return;
    int inside = 0;
    for (int k = 0; k < agent_count; ++k) inside += length(position(w, k)) < 8.5 - 1e-4;
    CHECK(inside == 0);
    steer_world_destroy(w);
}

static void test_spawn_keeps_out_of_walls(void)
{
    /* ... and out of a pillar drawn as a closed wall polyline, and off every
     * wall by a body's radius: a 3D Y-up flock around a square pillar (its
     * ground is XZ), and a 2D box crossed by a long wall; the spawns with
     * and without a spacing */
    steer_world *w = BUILD("{'dim': 3, 'up': 'y', 'bounds': {'min': [-10, -10, -10], 'max': [10, 10, 10]},"
                           " 'walls': [{'points': [[-4, 0, -4], [4, 0, -4], [4, 0, 4], [-4, 0, 4]], 'closed': true}],"
                           " 'groups': [{'name': 'a', 'radius': 0.5, 'spawn': [{'count': 300},"
                           "   {'count': 100, 'spacing': 0.6}]}]}");
    if (!w) return;
    int inside = 0;
    for (int k = 0; k < agent_count; ++k) {
        steer_v3 p = position(w, k);
        double ox = fmax(fabs(p.x) - 4.0, 0.0), oz = fmax(fabs(p.z) - 4.0, 0.0); /* outside the square by */
        inside += sqrt(ox * ox + oz * oz) < 0.5 - 1e-4; /* in the pillar, or within a radius of it */
    }
    CHECK(inside == 0);
    steer_world_destroy(w);
    w = BUILD("{'bounds': {'min': [-10, -10], 'max': [10, 10]}, 'walls': [{'from': [-10, 1], 'to': [10, -1]}],"
              " 'groups': [{'name': 'a', 'radius': 0.5, 'spawn': [{'count': 300}]}]}");
    if (!w) return;
    int touching = 0;
    for (int k = 0; k < agent_count; ++k) { /* the line y = -x / 10: distance |x / 10 + y| / sqrt(1.01) */
        steer_v3 p = position(w, k);
        touching += fabs(p.x / 10.0 + p.y) / sqrt(1.01) < 0.5 - 1e-4;
    }
    CHECK(touching == 0);
    steer_world_destroy(w);
    /* a pillar drawn with walls 1 tall keeps out the bodies that reach into
     * it, not those above it: flyers between heights 0 and 10 */
    w = BUILD("{'dim': 3, 'bounds': {'min': [-10, -10, 0], 'max': [10, 10, 10]},"
              " 'walls': [{'points': [[-4, -4], [4, -4], [4, 4], [-4, 4]], 'closed': true, 'top': 1}],"
              " 'groups': [{'name': 'a', 'radius': 0.5, 'spawn': [{'count': 300}]}]}");
    if (!w) return;
    int low_inside = 0, high_inside = 0;
    for (int k = 0; k < agent_count; ++k) {
        steer_v3 p = position(w, k);
        bool in = fabs(p.x) < 4.5 && fabs(p.y) < 4.5;
        low_inside += in && p.z < 1.5;
        high_inside += in && p.z >= 1.5;
    }
    CHECK(low_inside == 0);
    CHECK(high_inside > 20); /* about 300 * 0.2 * 0.85 over the pillar */
    steer_world_destroy(w);
}

/* The closest two of points [first, first + n) (positions, or goal targets). */
static double closest_pair(const steer_world *w, int first, int n, bool goals)
{
    double closest = INFINITY;
    for (int i = first; i < first + n; ++i)
        for (int j = i + 1; j < first + n; ++j) {
            steer_v3 a = goals ? goal_of(w, i).target : position(w, i), b = goals ? goal_of(w, j).target : position(w, j);
            double d = length(sub(a, b));
            closest = d < closest ? d : closest;
        }
    return closest;
}

static void test_spawn_spacing(void)
{
    /* Two spawns into overlapping places (a box and a disc over it, 2D and
     * 3D) and their goals into one box: without spacing, some pair lies
     * closer than 1.2; with it, none of all 300, across the spawns too. */
    static const char *const docs[2][2] = {
        {"{" B2 ", 'groups': [{'name': 'a', 'radius': 0.5, 'spawn': ["
         " {'count': 200, 'min': [-15, -15], 'max': [15, 15], 'goal': {'kind': 'arrive', 'box': {'min': [20, -15], 'max': [50, 15]}}},"
         " {'count': 100, 'shape': 'disc', 'centre': [15, 15], 'radius': 12, 'goal': {'kind': 'arrive', 'box': {'min': [20, -15], 'max': [50, 15]}}}]}]}",
         "{" B2 ", 'groups': [{'name': 'a', 'radius': 0.5, 'spawn': ["
         " {'count': 200, 'min': [-15, -15], 'max': [15, 15], 'spacing': 1.2,"
         "  'goal': {'kind': 'arrive', 'box': {'min': [20, -15], 'max': [50, 15]}, 'spacing': 1.2}},"
         " {'count': 100, 'shape': 'disc', 'centre': [15, 15], 'radius': 12, 'spacing': 1.2,"
         "  'goal': {'kind': 'arrive', 'box': {'min': [20, -15], 'max': [50, 15]}, 'spacing': 1.2}}]}]}"},
        {"{'dim': 3, 'bounds': {'min': [-50, -40, -10], 'max': [50, 40, 10]}, 'groups': [{'name': 'a', 'spawn': ["
         " {'count': 200, 'min': [-5, -5, -5], 'max': [5, 5, 5], 'goal': {'kind': 'seek', 'box': {'min': [20, 0, 0], 'max': [35, 15, 5]}}},"
         " {'count': 100, 'shape': 'disc', 'centre': [12, 0, 0], 'radius': 12, 'goal': {'kind': 'seek', 'box': {'min': [20, 0, 0], 'max': [35, 15, 5]}}}]}]}",
         "{'dim': 3, 'bounds': {'min': [-50, -40, -10], 'max': [50, 40, 10]}, 'groups': [{'name': 'a', 'spawn': ["
         " {'count': 200, 'min': [-5, -5, -5], 'max': [5, 5, 5], 'spacing': 1.2,"
         "  'goal': {'kind': 'seek', 'box': {'min': [20, 0, 0], 'max': [35, 15, 5]}, 'spacing': 1.2}},"
         " {'count': 100, 'shape': 'disc', 'centre': [12, 0, 0], 'radius': 12, 'spacing': 1.2,"
         "  'goal': {'kind': 'seek', 'box': {'min': [20, 0, 0], 'max': [30, 10, 5]}, 'spacing': 1.2}}]}]}"}};
    for (int d = 0; d < 2; ++d) {
        steer_world *w = BUILD(docs[d][0]);
        if (!w) return;
        CHECK(closest_pair(w, 0, 300, false) < 1.2 && closest_pair(w, 0, 300, true) < 1.2);
        steer_world_destroy(w);
        w = BUILD(docs[d][1]);
        if (!w) return;
        double places = closest_pair(w, 0, 300, false), goals = closest_pair(w, 0, 300, true);
        if (!(places >= 1.2 && goals >= 1.2)) fail_at(__LINE__, "%dD: closest places %g, goals %g: expected >= 1.2", d + 2, places, goals);
        else ++check_passed;
        int outside = 0;
        for (int k = 0; k < 200; ++k) {
            steer_v3 p = position(w, k);
            outside += fabs(p.x) > (d ? 5 : 15) || fabs(p.y) > (d ? 5 : 15) || fabs(p.z) > 5;
        }
        CHECK(outside == 0); /* drawn again in the shape, not pushed out of it */
        steer_world_destroy(w);
    }

    /* kept out of the obstacles too: a rock over most of the box */
    steer_world *w = BUILD("{'bounds': {'min': [-10, -10], 'max': [10, 10]}, 'obstacles': [{'centre': [0, 0], 'radius': 8}],"
                           " 'groups': [{'name': 'a', 'radius': 0.5, 'spawn': [{'count': 60, 'spacing': 1.1}]}]}");
    if (w) {
        int inside = 0;
        for (int k = 0; k < agent_count; ++k) inside += length(position(w, k)) < 8.5 - 1e-4;
        CHECK(inside == 0 && closest_pair(w, 0, agent_count, false) >= 1.1);
        steer_world_destroy(w);
    }

    /* no room: the world is refused, naming the spawn's spacing */
    static const char *const full[] = {
        "{" B2 ", 'groups': [{'name': 'a'}, {'name': 'b', 'spawn': [{'count': 3}, {'count': 50, 'min': [0, 0], 'max': [5, 5], 'spacing': 2}]}]}",
        "{" B2 ", 'groups': [{'name': 'a', 'spawn': [{'count': 50, 'goal': {'kind': 'arrive', 'box': {'min': [0, 0], 'max': [5, 5]}, 'spacing': 2}}]}]}"};
    static const char *const said[] = {"groups[1].spawn[1].spacing: no place for agent", "groups[0].spawn[0].goal.spacing: no point for agent"};
    for (int k = 0; k < 2; ++k) {
        if (load(full[k]) != 0) {
            fail_at(__LINE__, "refused, expected it to load:\n%s", error);
            continue;
        }
        char why[512] = "";
        steer_world *none = steer_scenario_create_world(scenario, NULL, why, sizeof why);
        if (none || strstr(why, said[k]) != why) fail_at(__LINE__, "expected no world and \"%s...\", got \"%s\"", said[k], why);
        else ++check_passed;
        steer_world_destroy(none);
    }
}

/* ==== goals ============================================================================== */
#define LINE_AT(y) "'count': 2, 'shape': 'line', 'from': [0, " #y "], 'to': [1, " #y "]"
static void test_goal_kinds(void)
{
    steer_world *w = BUILD(
        "{" B2 ", 'paths': [{'name': 'lane', 'points': [[0, 0], [5, 0]]}, {'name': 'road', 'points': [[-30, 0], [30, 0], [30, 20]]}],"
        " 'groups': [{'name': 'a', 'max_speed': 3, 'spawn': ["
        "  {" LINE_AT(0) ", 'goal': {'kind': 'seek', 'target': [10, 20]}},"                                     /* 0, 1 */
        "  {" LINE_AT(1) ", 'goal': {'kind': 'arrive', 'target': [-10, 5], 'slow_radius': 3.5, 'speed': 1.25}}," /* 2, 3 */
        "  {" LINE_AT(2) ", 'goal': {'kind': 'arrive', 'target': [-10, 5]}},"                                   /* 4, 5 */
        "  {" LINE_AT(3) ", 'goal': {'kind': 'path', 'path': 'road', 'speed': 2, 'slow_radius': 1}},"           /* 6, 7 */
        "  {" LINE_AT(4) ", 'goal': {'kind': 'waypoints', 'points': [[5, 5], [5, 10], [0, 10]], 'slow_radius': 4}}," /* 8, 9 */
        "  {'count': 5, 'shape': 'line', 'from': [0, 5], 'to': [4, 5], 'goal': {'kind': 'seek', 'points': [[1, 1], [2, 2], [3, 3]]}}," /* 10..14 */
        "  {" LINE_AT(6) "},"                                                                                    /* 15, 16 */
        "  {'shape': 'points', 'points': [[29, 10], [29, 11]], 'goal': {'kind': 'path', 'path': 'road', 'start': 'nearest'}}," /* 17, 18 */
        "  {'shape': 'points', 'points': [[29, 10]], 'goal': {'kind': 'path', 'path': 'road', 'start': 'first'}}]}]}"); /* 19 */
    if (!w) return;
    CHECK(steer_world_goal_count(w) == 18);
    CHECK(goal_of(w, 7).progress == 0 && goal_of(w, 17).progress == 1 && goal_of(w, 18).progress == 1);
    CHECK(goal_of(w, 19).progress == 0); /* "first", the default: from the start */
    steer_goal g = goal_of(w, 1);
    CHECK(g.kind == STEER_GOAL_SEEK);
    CHECK_V3(g.target, v3(10, 20, 0), 0);
    CHECK(g.speed == 0.0f || g.speed == 3.0f); /* default: the group's max_speed */
    g = goal_of(w, 2);
    CHECK(g.kind == STEER_GOAL_ARRIVE);
    CHECK_V3(g.target, v3(-10, 5, 0), 0);
    CHECK_NEAR(g.slow_radius, 3.5, 0);
    CHECK_NEAR(g.speed, 1.25, 0);
    g = goal_of(w, 5);
    CHECK(g.slow_radius == 0.0f || g.slow_radius == 2.0f); /* default: the group's (2) */
    CHECK(g.speed == 0.0f || g.speed == 3.0f);
    g = goal_of(w, 6);
    CHECK(g.kind == STEER_GOAL_PATH);
    CHECK(g.path == 1); /* "road" */
    CHECK_NEAR(g.speed, 2, 0);
    CHECK_NEAR(g.slow_radius, 1, 0);
    for (int k = 8; k < 10; ++k) { /* every agent follows all of the route */
        g = goal_of(w, k);
        CHECK(g.kind == STEER_GOAL_WAYPOINTS);
        CHECK_NEAR(g.slow_radius, 4, 0);
        steer_v3 route[8];
        CHECK(steer_world_get_goal_points(w, ids[k], route, 8) == 3);
        CHECK_V3(route[0], v3(5, 5, 0), 0);
        CHECK_V3(route[1], v3(5, 10, 0), 0);
        CHECK_V3(route[2], v3(0, 10, 0), 0);
    }
    for (int k = 0; k < 5; ++k) { /* agent k to points[k % n] */
        static const float to[3] = {1, 2, 3};
        g = goal_of(w, 10 + k);
        CHECK(g.kind == STEER_GOAL_SEEK);
        CHECK_V3(g.target, v3(to[k % 3], to[k % 3], 0), 0);
    }
    CHECK(goal_of(w, 15).kind == STEER_GOAL_NONE && goal_of(w, 16).kind == STEER_GOAL_NONE);
    steer_world_destroy(w);
}

static void test_goal_antipodes(void)
{
    /* each agent to 2 x centre - start: the opposite point of a circle or disc,
       the mirror corner of a box, the other end of a line */
    steer_world *w = BUILD(
        "{" B2 ", 'groups': [{'name': 'a', 'spawn': ["
        "  {'count': 6, 'shape': 'circle', 'centre': [5, 5], 'radius': 10, 'goal': {'kind': 'arrive', 'antipode': true}},"
        "  {'count': 20, 'shape': 'disc', 'centre': [-20, 0], 'radius': 5, 'goal': {'kind': 'seek', 'antipode': true}},"
        "  {'count': 20, 'min': [10, 10], 'max': [20, 16], 'goal': {'kind': 'arrive', 'antipode': true}},"
        "  {'count': 4, 'shape': 'line', 'from': [0, -10], 'to': [6, -10], 'goal': {'kind': 'arrive', 'antipode': true}}]}]}");
    if (!w) return;
    for (int k = 0; k < 6; ++k) { /* the agent across the circle */
        CHECK_V3(goal_of(w, k).target, position(w, (k + 3) % 6), 1e-4);
        CHECK(goal_of(w, k).kind == STEER_GOAL_ARRIVE);
    }
    for (int k = 6; k < 26; ++k) {
        steer_v3 p = position(w, k);
        CHECK_V3(goal_of(w, k).target, v3(-40 - p.x, -p.y, 0), 1e-4);
        CHECK(goal_of(w, k).kind == STEER_GOAL_SEEK);
    }
    for (int k = 26; k < 46; ++k) {
        steer_v3 p = position(w, k);
        CHECK_V3(goal_of(w, k).target, v3(30 - p.x, 26 - p.y, 0), 1e-4);
    }
    CHECK_V3(goal_of(w, 46).target, v3(6, -10, 0), 1e-5);
    CHECK_V3(goal_of(w, 49).target, v3(0, -10, 0), 1e-5);
    steer_world_destroy(w);

    /* in 3D, through the centre's height too */
    w = BUILD("{'dim': 3, 'up': 'y', 'bounds': {'min': [-20, -20, -20], 'max': [20, 20, 20]}, 'groups': [{'name': 'a',"
              " 'spawn': [{'count': 4, 'shape': 'circle', 'centre': [1, 2, 3], 'radius': 5, 'goal': {'kind': 'seek', 'antipode': true}}]}]}");
    if (!w) return;
    CHECK_V3(goal_of(w, 0).target, v3(-4, 2, 3), 1e-4);
    CHECK_V3(goal_of(w, 1).target, v3(1, 2, 8), 1e-4);
    steer_world_destroy(w);
}

/* The least sum of squared distances from the agents to any order of places. */
static double least_sum(const steer_v3 *from, const steer_v3 *places, int n)
{
    int order[4] = {0, 1, 2, 3};
    double best = 1e300;
    /* every permutation of n <= 4 (Heap's algorithm, iterative) */
    int c[4] = {0, 0, 0, 0}, i = 0;
    for (;;) {
        double s = 0;
        for (int k = 0; k < n; ++k) s += pow(length(sub(from[k], places[order[k]])), 2);
        best = s < best ? s : best;
        while (i < n && c[i] >= i) c[i++] = 0;
        if (i >= n) break;
        int j = i % 2 ? c[i] : 0, t = order[j];
        order[j] = order[i], order[i] = t;
        ++c[i];
        i = 0;
    }
    return best;
}

static void test_goal_assignment(void)
{
    steer_world *w = BUILD(
        "{" B2 ", 'groups': [{'name': 'a', 'max_speed': 2, 'spawn': ["
        "  {'count': 3, 'shape': 'line', 'from': [0, 0], 'to': [10, 0],"
        "   'goal': {'kind': 'arrive', 'points': [[10, 5], [5, 5], [0, 5]]}},"
        "  {'count': 3, 'shape': 'line', 'from': [0, -20], 'to': [10, -20],"
        "   'goal': {'kind': 'arrive', 'points': [[10, -15], [5, -15], [0, -15], [30, 30]], 'assign': 'least_squares'}},"
        "  {'count': 3, 'shape': 'line', 'from': [0, -30], 'to': [10, -30],"
        "   'goal': {'kind': 'arrive', 'points': [[10, -19], [0, -25], [5, -22]], 'assign': 'together'}},"
        "  {'count': 4, 'min': [-40, 20], 'max': [-30, 30],"
        "   'goal': {'kind': 'arrive', 'box': {'min': [30, 20], 'max': [40, 30]}, 'assign': 'least_squares'}}]}]}");
    if (!w) return;
    /* in_order: agent k to the k-th point */
    CHECK_V3(goal_of(w, 0).target, v3(10, 5, 0), 0);
    CHECK_V3(goal_of(w, 1).target, v3(5, 5, 0), 0);
    CHECK_V3(goal_of(w, 2).target, v3(0, 5, 0), 0);
    /* least_squares and together: each agent to one of the places, the least sum of squared
       distances over every way of giving the agents places (3 agents among 4 places: over the
       orders of every 3 of them); for the box, its drawn places are the targets themselves */
    static const float places_b[4][2] = {{10, -15}, {5, -15}, {0, -15}, {30, 30}};
    static const float places_c[3][2] = {{10, -19}, {0, -25}, {5, -22}};
    static const int firsts[3] = {3, 6, 9}, counts[3] = {3, 3, 4}, place_counts[3] = {4, 3, 4};
    for (int s = 0; s < 3; ++s) {
        steer_v3 from[4], to[4], places[4];
        int n = counts[s], m = place_counts[s];
        double sum = 0;
        for (int k = 0; k < n; ++k) {
            from[k] = position(w, firsts[s] + k);
            to[k] = goal_of(w, firsts[s] + k).target;
            sum += pow(length(sub(from[k], to[k])), 2);
            CHECK(goal_of(w, firsts[s] + k).kind == STEER_GOAL_ARRIVE);
        }
        for (int k = 0; k < m; ++k)
            places[k] = s == 0 ? v3(places_b[k][0], places_b[k][1], 0) : s == 1 ? v3(places_c[k][0], places_c[k][1], 0) : to[k];
        for (int k = 0; k < n; ++k) {
            int found = 0;
            for (int q = 0; q < m; ++q) found += length(sub(to[k], places[q])) < 1e-5;
            CHECK(found == 1);
        }
        double best = 1e300;
        /* with a spare place, leave each one out in turn; without, none (skip -1) */
        for (int skip = m > n ? 0 : -1; skip < (m > n ? m : 0); ++skip) {
            steer_v3 chosen[4];
            int c = 0;
            for (int q = 0; q < m; ++q)
                if (q != skip) chosen[c++] = places[q];
            double b = least_sum(from, chosen, n);
            best = b < best ? b : best;
        }
        CHECK_NEAR(sum, best, 1e-3);
    }
    /* together: the speeds bring all in at about the same time, the farthest at max_speed */
    double times[3], fastest = 0;
    for (int k = 0; k < 3; ++k) {
        steer_goal g = goal_of(w, 6 + k);
        double speed = g.speed > 0 ? g.speed : 2.0;
        times[k] = length(sub(g.target, position(w, 6 + k))) / speed;
        fastest = speed > fastest ? speed : fastest;
    }
    CHECK_NEAR(times[1] / times[0], 1, 1e-3);
    CHECK_NEAR(times[2] / times[0], 1, 1e-3);
    CHECK_NEAR(fastest, 2, 1e-4);
    /* the box's places lie in the box */
    for (int k = 9; k < 13; ++k) {
        steer_v3 t = goal_of(w, k).target;
        CHECK(t.x >= 30 && t.x <= 40 && t.y >= 20 && t.y <= 30);
    }
    steer_world_destroy(w);
}

/* "around": an order to a point. The world's places (steer_world_places_around):
 * a spiral the goal's spacing apart, off the rock and the agent standing there
 * (an earlier spawn's), assigned together; without a spacing, 2.5 radii. */
static void test_goal_around(void)
{
    steer_world *w = BUILD(
        "{" B2 ", 'obstacles': [{'centre': [20, 0], 'radius': 2}], 'groups': [{'name': 'a', 'radius': 0.5, 'max_speed': 2,"
        " 'spawn': [{'count': 1, 'shape': 'points', 'points': [[23, 0]], 'speed': 0},"
        "  {'count': 30, 'min': [-40, -10], 'max': [-30, 10], 'goal': {'kind': 'arrive', 'around': [20, 0], 'spacing': 1.5}},"
        "  {'count': 12, 'min': [-40, 20], 'max': [-30, 30], 'goal': {'kind': 'arrive', 'around': [0, 25]}}]}]}");
    if (!w) return;
    float closest = INFINITY;
    bool in_rock = false, on_standing = false, assigned = true;
    for (int k = 1; k <= 30; ++k) {
        steer_goal g = goal_of(w, k);
        assigned = assigned && g.kind == STEER_GOAL_ARRIVE && g.speed > 0; /* together: speeds of its own */
        in_rock = in_rock || length(sub(g.target, v3(20, 0, 0))) < 2 + 0.75 - 1e-4;
        on_standing = on_standing || length(sub(g.target, v3(23, 0, 0))) < 0.75 + 0.5 - 1e-4;
        for (int q = 1; q < k; ++q) closest = fminf(closest, (float)length(sub(g.target, goal_of(w, q).target)));
    }
    CHECK(assigned && !in_rock && !on_standing);
    CHECK(closest >= 1.5f - 1e-3f);
    float closest_default = INFINITY;
    for (int k = 31; k <= 42; ++k)
        for (int q = 31; q < k; ++q) closest_default = fminf(closest_default, (float)length(sub(goal_of(w, k).target, goal_of(w, q).target)));
    CHECK(fabsf(closest_default - 1.25f) < 1e-3f); /* 2.5 radii of 0.5 */
    steer_world_destroy(w);
}

/* ==== obstacles, walls, paths ============================================================== */
static void test_obstacles_walls_paths(void)
{
    steer_world *w = BUILD(
        "{" B2 ", 'obstacles': [{'centre': [1, 2], 'radius': 3}, {'centre': [-10, 5], 'radius': 0.5}],"
        " 'walls': [{'from': [0, -30], 'to': [10, -30]}, {'points': [[-40, 0], [-40, 10], [-30, 10]]},"
        "           {'points': [[20, 20], [30, 20], [30, 30]], 'closed': true}, {'points': [[1, 1], [2, 2]], 'closed': false}],"
        " 'paths': [{'name': 'open', 'points': [[0, 0], [5, 0], [5, 5]]},"
        "           {'name': 'loop', 'points': [[10, 10], [20, 10], [20, 20]], 'closed': true, 'radius': 2.5}], " GROUP_A "}");
    if (!w) return;
    CHECK(steer_world_obstacle_count(w) == 2);
    CHECK(draw_layer(w, OBSTACLES) == 2);
    CHECK_V3(shapes[0].a, v3(1, 2, 0), 0);
    CHECK_NEAR(shapes[0].radius, 3, 0);
    CHECK_V3(shapes[1].a, v3(-10, 5, 0), 0);
    CHECK_NEAR(shapes[1].radius, 0.5, 0);

    /* one segment, then a polyline of n points as n - 1 segments (n when closed), in order */
    static const float wall[7][4] = {{0, -30, 10, -30}, {-40, 0, -40, 10}, {-40, 10, -30, 10}, {20, 20, 30, 20},
                                     {30, 20, 30, 30},  {30, 30, 20, 20},  {1, 1, 2, 2}};
    CHECK(steer_world_wall_count(w) == 7);
    if (draw_layer(w, WALLS) == 7)
        for (int i = 0; i < 7; ++i) {
            CHECK_V3(shapes[i].a, v3(wall[i][0], wall[i][1], 0), 0);
            CHECK_V3(shapes[i].b, v3(wall[i][2], wall[i][3], 0), 0);
        }
    else fail_at(__LINE__, "%d wall segments drawn, expected 7", shape_count);

    /* paths: closed defaults to false; a closed one joins its last point to its first */
    static const float path[5][4] = {{0, 0, 5, 0}, {5, 0, 5, 5}, {10, 10, 20, 10}, {20, 10, 20, 20}, {20, 20, 10, 10}};
    if (draw_layer(w, PATHS) == 5)
        for (int i = 0; i < 5; ++i) {
            CHECK_V3(shapes[i].a, v3(path[i][0], path[i][1], 0), 0);
            CHECK_V3(shapes[i].b, v3(path[i][2], path[i][3], 0), 0);
        }
    else fail_at(__LINE__, "%d path segments drawn, expected 5", shape_count);
    /* the corridor's half-width (the world has no getter for it: the description's) */
    const steer_scenario_info *info = steer_scenario_get_info(scenario);
    CHECK(info->path_count == 2);
    CHECK_NEAR(info->paths[0].radius, 1, 0);
    CHECK_NEAR(info->paths[1].radius, 2.5, 0);
    CHECK(!info->paths[0].closed && info->paths[1].closed);
    steer_world_destroy(w);

    /* spheres in 3D */
    w = BUILD("{'dim': 3, 'bounds': {'min': [-10, -10, -10], 'max': [10, 10, 10]}, 'obstacles': [{'centre': [1, 2, 3], 'radius': 4}],"
              " 'walls': [{'from': [0, 0, 1], 'to': [5, 0, 1]}], " GROUP_A "}");
    if (!w) return;
    CHECK(draw_layer(w, OBSTACLES) == 1);
    CHECK_V3(shapes[0].a, v3(1, 2, 3), 0);
    CHECK_NEAR(shapes[0].radius, 4, 0);
    CHECK(steer_world_wall_count(w) == 1);
    float bottom = 0, top = 0;
    CHECK(steer_world_get_wall_height(w, 0, &bottom, &top) == STEER_OK && bottom == -INFINITY && top == INFINITY);
    steer_world_destroy(w);

    /* an obstacle's velocity: the world's, so the anticipation sees it and steer_world_move_obstacles moves it */
    w = BUILD("{" B2 ", 'obstacles': [{'centre': [1, 2], 'radius': 3, 'velocity': [4, -1]}, {'centre': [9, 9], 'radius': 1}], " GROUP_A "}");
    if (!w) return;
    CHECK_V3(steer_world_get_obstacle_velocity(w, 0), v3(4, -1, 0), 0);
    CHECK_V3(steer_world_get_obstacle_velocity(w, 1), v3(0, 0, 0), 0);
    steer_world_destroy(w);

    /* walls of a height: each segment of a polyline gets it; either end may be left out */
    w = BUILD("{'dim': 3, 'up': 'y', 'bounds': {'min': [-10, -10, -10], 'max': [10, 10, 10]},"
              " 'walls': [{'from': [0, 0, 1], 'to': [5, 0, 1], 'bottom': -1, 'top': 2.5},"
              "           {'points': [[0, 0, 3], [4, 0, 3], [4, 0, 6]], 'closed': true, 'top': 1},"
              "           {'from': [0, 0, -5], 'to': [5, 0, -5], 'bottom': 3}], " GROUP_A "}");
    if (!w) return;
    static const float height[5][2] = {{-1, 2.5f}, {-INFINITY, 1}, {-INFINITY, 1}, {-INFINITY, 1}, {3, INFINITY}};
    CHECK(steer_world_wall_count(w) == 5);
    for (int i = 0; i < 5; ++i)
        CHECK(steer_world_get_wall_height(w, i, &bottom, &top) == STEER_OK && bottom == height[i][0] && top == height[i][1]);
    steer_world_destroy(w);
    REFUSED("{" B2 ", 'walls': [{'from': [0, 0], 'to': [1, 0], 'top': 2}], " GROUP_A "}", "walls[0].top", NULL,
            "only in a 3D scenario");
    REFUSED("{'dim': 3, 'bounds': {'min': [-10, -10, -10], 'max': [10, 10, 10]},"
            " 'walls': [{'points': [[0, 0], [1, 0]], 'bottom': 2, 'top': 2}], " GROUP_A "}",
            "walls[0].top", "2", "must be above \"bottom\" (2)");
    /* apart in the file, equal as floats: the file's numbers, then the floats */
    REFUSED("{'dim': 3, 'bounds': {'min': [-10, -10, -10], 'max': [10, 10, 10]},"
            " 'walls': [{'points': [[0, 0], [1, 0]], 'bottom': 0, 'top': 1e-300}], " GROUP_A "}",
            "walls[0].top", "1e-300", "must be above \"bottom\" (0) as a float (they are 0 and 0 as floats)");
    REFUSED("{'dim': 3, 'bounds': {'min': [-10, -10, -10], 'max': [10, 10, 10]},"
            " 'walls': [{'from': [0, 0], 'to': [1, 0], 'bottom': 'low'}], " GROUP_A "}",
            "walls[0].bottom", NULL, NULL);
}

/* ==== flow fields =========================================================================== */
#define FIELD_DOC(field) "{" B2 ", 'flow_fields': [" field "], " GROUP_A "}"

static void test_flow_field_uniform_and_grid(void)
{
    /* origin, cell size and size given: nx x ny samples, x fastest, cell_size apart */
    int n = FIELD_ARROWS(FIELD_DOC("{'name': 'u', 'type': 'uniform', 'direction': [3, 4], 'origin': [1, 2], 'cell_size': 5, 'size': [4, 3]}"));
    CHECK(n == 12);
    if (n != 12) return;
    for (int i = 0; i < 12; ++i) CHECK_V3(shapes[i].a, v3(1 + 5 * (i % 4), 2 + 5 * (i / 4), 0), 1e-5);
    double unit = length(arrow(0)); /* a unit vector's arrow at this cell size */
    for (int i = 0; i < 12; ++i) CHECK_V3(arrow(i), v3(0.6 * unit, 0.8 * unit, 0), 1e-5); /* normalised */

    /* strength scales every vector (direction normalised first); a negative one reverses them */
    n = FIELD_ARROWS(FIELD_DOC("{'name': 'u', 'type': 'uniform', 'direction': [0, -2], 'origin': [1, 2], 'cell_size': 5, 'size': [4, 3], 'strength': 0.5}"));
    CHECK(n == 12);
    if (n == 12) CHECK_V3(arrow(5), v3(0, -0.5 * unit, 0), 1e-5);
    n = FIELD_ARROWS(FIELD_DOC("{'name': 'u', 'type': 'uniform', 'direction': [1, 0], 'origin': [1, 2], 'cell_size': 5, 'size': [4, 3], 'strength': -0.25}"));
    if (n == 12) CHECK_V3(arrow(7), v3(-0.25 * unit, 0, 0), 1e-5);

    /* defaults: origin bounds.min, cell size the longest side / 32, a size that covers the bounds */
    n = FIELD_ARROWS(FIELD_DOC("{'name': 'd', 'type': 'uniform', 'direction': [1, 0]}"));
    CHECK(n > 2);
    if (n <= 2) return;
    CHECK_V3(shapes[0].a, v3(-50, -40, 0), 1e-5);
    CHECK_NEAR(shapes[1].a.x - shapes[0].a.x, 100.0 / 32.0, 1e-5);
    float far_x = -1e9f, far_y = -1e9f;
    for (int i = 0; i < n; ++i) far_x = shapes[i].a.x > far_x ? shapes[i].a.x : far_x, far_y = shapes[i].a.y > far_y ? shapes[i].a.y : far_y;
    CHECK(far_x >= 50 - 1e-4 && far_y >= 40 - 1e-4);

    /* grid: nx x ny vectors, x fastest, as given (scaled by strength) */
    n = FIELD_ARROWS(FIELD_DOC("{'name': 'g', 'type': 'grid', 'origin': [-5, -5], 'cell_size': 5, 'size': [3, 2], 'strength': 0.5,"
                               " 'vectors': [[1, 0], [0, 1], [-1, 0], [0, -1], [0.5, 0], [0, 0.5]]}"));
    CHECK(n == 6);
    if (n == 6) {
        static const float vec[6][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}, {0.5, 0}, {0, 0.5}};
        for (int i = 0; i < 6; ++i) {
            CHECK_V3(shapes[i].a, v3(-5 + 5 * (i % 3), -5 + 5 * (i / 3), 0), 1e-5);
            CHECK_V3(arrow(i), v3(0.5 * unit * vec[i][0], 0.5 * unit * vec[i][1], 0), 1e-5);
        }
    }

    /* 3D: [nx, ny, nz] */
    n = FIELD_ARROWS("{'dim': 3, 'bounds': {'min': [-10, -10, -10], 'max': [10, 10, 10]}, 'flow_fields': [{'name': 'u',"
                     " 'type': 'uniform', 'direction': [0, 0, 2], 'origin': [0, 0, 0], 'cell_size': 2, 'size': [2, 3, 4]}], " GROUP_A "}");
    CHECK(n == 24);
    if (n == 24) {
        CHECK_V3(shapes[23].a, v3(2, 4, 6), 1e-5);
        CHECK(arrow(0).z > 0 && fabs(arrow(0).x) < 1e-6 && fabs(arrow(0).y) < 1e-6);
    }
}

/* Vortex arrows around centre: spin's sign (counter-clockwise > 0), inward's
 * (toward the centre < 0), in the plane of (across, along) ground axes. */
typedef struct turn {
    int samples, ccw, cw, inward, outward, off_plane;
    double worst_radial; /* the largest radial share of an arrow */
} turn;

static turn turns(int n, steer_v3 centre, bool y_up)
{
    turn t = {0, 0, 0, 0, 0, 0, 0};
    for (int i = 0; i < n; ++i) {
        steer_v3 r = sub(shapes[i].a, centre), d = arrow(i);
        /* on the ground: (x, y) for Z up, (x, -z) for Y up (the docs' "seen from above") */
        steer_v3 rg = y_up ? v3(r.x, -r.z, 0) : v3(r.x, r.y, 0), dg = y_up ? v3(d.x, -d.z, 0) : v3(d.x, d.y, 0);
        double up = y_up ? d.y : d.z;
        if (length(rg) < 1e-3 || length(d) < 1e-6) continue;
        ++t.samples;
        t.off_plane += fabs(up) > 1e-4 * length(d);
        /* the tangential and radial shares of the arrow, rounding aside */
        double tangential = cross_z(rg, dg) / (length(rg) * length(d)), radial = dot(rg, dg) / (length(rg) * length(d));
        t.ccw += tangential > 1e-4, t.cw += tangential < -1e-4;
        t.inward += radial < -1e-4, t.outward += radial > 1e-4;
        double share = fabs(radial);
        t.worst_radial = share > t.worst_radial ? share : t.worst_radial;
    }
    return t;
}

static void test_flow_field_vortex_and_noise(void)
{
    /* default centre: the bounds' centre; spin 1 counter-clockwise, tangential only */
    int n = FIELD_ARROWS(FIELD_DOC("{'name': 'v', 'type': 'vortex', 'cell_size': 10}"));
    turn t = turns(n, v3(0, 0, 0), false);
    CHECK(t.samples > 50 && t.ccw == t.samples && t.worst_radial < 1e-4);
    n = FIELD_ARROWS(FIELD_DOC("{'name': 'v', 'type': 'vortex', 'cell_size': 10, 'centre': [10, 5], 'spin': -1}"));
    t = turns(n, v3(10, 5, 0), false);
    CHECK(t.samples > 50 && t.cw == t.samples && t.worst_radial < 1e-4);
    n = FIELD_ARROWS(FIELD_DOC("{'name': 'v', 'type': 'vortex', 'cell_size': 10, 'spin': 0, 'inward': 1}"));
    t = turns(n, v3(0, 0, 0), false);
    CHECK(t.samples > 50 && t.inward == t.samples && t.ccw == 0 && t.cw == 0);
    n = FIELD_ARROWS(FIELD_DOC("{'name': 'v', 'type': 'vortex', 'cell_size': 10, 'inward': -0.5}"));
    t = turns(n, v3(0, 0, 0), false);
    CHECK(t.samples > 50 && t.outward == t.samples && t.ccw == t.samples);

    /* in a Z-up 3D world the vortex turns about Z */
    n = FIELD_ARROWS("{'dim': 3, 'bounds': {'min': [-50, -40, -5], 'max': [50, 40, 5]}, 'flow_fields': [{'name': 'v',"
                     " 'type': 'vortex', 'origin': [-50, -40, 0], 'cell_size': 10, 'size': [11, 9, 1]}], " GROUP_A "}");
    t = turns(n, v3(0, 0, 0), false);
    CHECK(t.samples > 50 && t.off_plane == 0 && t.ccw == t.samples);

    /* noise: normalised vectors (times strength), the same for a given seed whatever
       the scenario's, derived from the scenario's seed otherwise; scale 10 by default */
    const char *seeded = FIELD_DOC("{'name': 'n', 'type': 'noise', 'cell_size': 5, 'seed': 5}");
    n = FIELD_ARROWS(seeded);
    CHECK(n > 100);
    if (n <= 100) return;
    static steer_v3 first[MAX_DRAWN];
    int count = n, unequal_length = 0, turned = 0;
    for (int i = 0; i < n; ++i) first[i] = arrow(i);
    double unit = length(first[0]);
    for (int i = 1; i < n; ++i) {
        unequal_length += fabs(length(first[i]) - length(first[0])) > 1e-4 * length(first[0]);
        turned += length(sub(first[i], first[0])) > 0.1 * length(first[0]);
    }
    CHECK(unequal_length == 0 && turned > n / 4);
    int differ = 0;
    n = field_arrows_at(__LINE__, seeded, true, 99);
    for (int i = 0; i < n && n == count; ++i) differ += length(sub(arrow(i), first[i])) > 1e-6;
    CHECK(n == count && differ == 0);
    n = FIELD_ARROWS(FIELD_DOC("{'name': 'n', 'type': 'noise', 'cell_size': 5, 'seed': 5, 'scale': 10}"));
    differ = 0;
    for (int i = 0; i < n && n == count; ++i) differ += length(sub(arrow(i), first[i])) > 1e-6;
    CHECK(n == count && differ == 0);
    n = FIELD_ARROWS(FIELD_DOC("{'name': 'n', 'type': 'noise', 'cell_size': 5, 'seed': 5, 'scale': 20}"));
    differ = 0;
    for (int i = 0; i < n && n == count; ++i) differ += length(sub(arrow(i), first[i])) > 1e-6;
    CHECK(n == count && differ > count / 2);
    const char *derived = FIELD_DOC("{'name': 'n', 'type': 'noise', 'cell_size': 5, 'strength': 0.5}");
    n = field_arrows_at(__LINE__, derived, true, 1);
    CHECK(n == count);
    int off_length = 0;
    for (int i = 0; i < n; ++i) off_length += fabs(length(arrow(i)) - 0.5 * unit) > 1e-4 * unit;
    CHECK(off_length == 0); /* strength scales the normalised vectors */
    for (int i = 0; i < n; ++i) first[i] = arrow(i);
    n = field_arrows_at(__LINE__, derived, true, 2);
    differ = 0;
    for (int i = 0; i < n && n == count; ++i) differ += length(sub(arrow(i), first[i])) > 1e-6;
    CHECK(n == count && differ > count / 2);
}

/* A Y-up world's ground is XZ, and the docs ("up") define counter-clockwise
 * there as seen from above: from +X toward -Z. A vortex that spins
 * counter-clockwise, and the noise field's "streams and eddies", can only
 * lie on that ground (a ground_plane crowd drops any vertical part). */
static void test_flow_field_y_up(void)
{
    int n = FIELD_ARROWS("{'dim': 3, 'up': 'y', 'bounds': {'min': [-50, -5, -40], 'max': [50, 5, 40]}, 'flow_fields': [{'name': 'v',"
                         " 'type': 'vortex', 'origin': [-50, 0, -40], 'cell_size': 10, 'size': [11, 1, 9]}], " GROUP_A "}");
    turn t = turns(n, v3(0, 0, 0), true);
    CHECK(n == 99);
    if (t.off_plane || t.ccw != t.samples)
        fail_at(__LINE__, "Y-up vortex: %d of %d samples point off the XZ ground, %d turn counter-clockwise seen from above",
                t.off_plane, t.samples, t.ccw);
    else ++check_passed;
    n = FIELD_ARROWS("{'dim': 3, 'up': 'y', 'bounds': {'min': [-50, -5, -40], 'max': [50, 5, 40]}, 'flow_fields': [{'name': 'n',"
                     " 'type': 'noise', 'origin': [-50, 0, -40], 'cell_size': 5, 'size': [21, 1, 17], 'seed': 3}], " GROUP_A "}");
    t = turns(n, v3(0, 0, 0), true);
    if (t.off_plane)
        fail_at(__LINE__, "Y-up noise field: %d of %d samples point off the XZ ground", t.off_plane, t.samples);
    else ++check_passed;
}

/* ==== formations and leaders ================================================================ */
static void test_formations_and_leaders(void)
{
    /* the leader walks along +y at 1 (no behaviours: it keeps its velocity); member k's goal is
       slot k in its frame (x along its heading, y to its left), led by its velocity times the
       member group's slow radius (2) over its max speed (4) */
    steer_world *w = BUILD(
        "{" B2 ", 'groups': ["
        "  {'name': 'lead', 'spawn': [{'name': 'leader', 'shape': 'points', 'points': [[0, 0]], 'velocity': [0, 1]}]},"
        "  {'name': 'wedge', 'max_speed': 4, 'spawn': [{'name': 'wedge', 'shape': 'points', 'points': [[-5, -5], [5, -5], [0, -9]],"
        "   'velocity': [0, 0]}]},"
        "  {'name': 'column', 'behaviours': {'follow_leader': {'leader': 'leader', 'behind': 3, 'sight': 5}},"
        "   'spawn': [{'count': 2, 'shape': 'line', 'from': [0, -20], 'to': [0, -22]}]}],"
        " 'formations': [{'leader': 'leader', 'members': 'wedge', 'slots': [[-2, 1.5], [-2, -1.5], [-4, 0]]}]}");
    if (!w) return;
    CHECK(steer_world_formation_count(w) == 1);
    steer_group_def column = group_def(w, 2);
    CHECK(column.weight[STEER_FOLLOW_LEADER] == 1.0f);
    CHECK(column.leader.index == ids[0].index && column.leader.generation == ids[0].generation);
    CHECK_NEAR(column.leader_behind, 3, 0);
    CHECK_NEAR(column.leader_sight, 5, 0);
    const steer_scenario_info *info = steer_scenario_get_info(scenario);
    CHECK(steer_world_step(w, info->dt) == STEER_OK);
    static const float expected[3][2] = {{-1.5, -1.5}, {1.5, -1.5}, {0, -3.5}};
    for (int k = 0; k < 3; ++k) {
        steer_goal g = goal_of(w, 1 + k);
        CHECK(g.kind == STEER_GOAL_ARRIVE);
        CHECK_V3(g.target, v3(expected[k][0], expected[k][1], 0), 1e-4);
    }
    steer_world_destroy(w);

    /* a chain: member 0's slot in the leader's frame, each next one's in the frame of the member
       before it (all walking along +y at 1), led as above: 2 behind, 0.5 ahead */
    w = BUILD("{" B2 ", 'groups': ["
              "  {'name': 'lead', 'spawn': [{'name': 'leader', 'shape': 'points', 'points': [[0, 0]], 'velocity': [0, 1]}]},"
              "  {'name': 'column', 'max_speed': 4, 'spawn': [{'name': 'column', 'shape': 'points',"
              "   'points': [[0, -3], [0, -6], [0, -9]], 'velocity': [0, 1]}]}],"
              " 'formations': [{'leader': 'leader', 'members': 'column', 'chain': [-2, 0]}]}");
    if (!w) return;
    CHECK(steer_world_formation_count(w) == 3); /* one a link */
    info = steer_scenario_get_info(scenario);
    CHECK(info->formation_count == 1 && info->formations[0].chain && info->formations[0].count == 3);
    CHECK(steer_world_step(w, info->dt) == STEER_OK);
    static const float link[3] = {-1.5f, -4.5f, -7.5f};
    for (int k = 0; k < 3; ++k) {
        steer_goal g = goal_of(w, 1 + k);
        CHECK(g.kind == STEER_GOAL_ARRIVE);
        CHECK_V3(g.target, v3(0, link[k], 0), 1e-4);
    }
    steer_world_destroy(w);
}

/* ==== render and expect (the description's; no world holds them) ============================== */
static void test_render_and_expect(void)
{
    const steer_scenario_info *info = INFO("{" B2 ", " GROUP_A "}");
    if (!info) return;
    CHECK(info->width == 640 && info->height == 480);
    CHECK(info->frames == 150); /* min(steps = 300, 150) */
    CHECK(info->fps == 25);
    CHECK(info->trail == 12);
    CHECK(info->agent_size == 0.0f);
    CHECK_V3(v3(info->view_min.x, info->view_min.y, 0), v3(-50, -40, 0), 0); /* the bounds */
    CHECK_V3(v3(info->view_max.x, info->view_max.y, 0), v3(50, 40, 0), 0);
    /* expectations not given are not checked */
    CHECK(info->expect.max_obstacle_penetrations < 0 && info->expect.max_wall_crossings < 0 && info->expect.max_jitter < 0 &&
          info->expect.min_agent_distance < 0 && info->expect.max_arrive_overshoot < 0 && info->expect.max_path_distance < 0);

    info = INFO("{" B2 ", 'steps': 77, " GROUP_A "}");
    if (info) CHECK(info->frames == 77); /* min(steps, 150) */

    info = INFO("{" B2 ", 'steps': 100, " GROUP_A ", 'render': {'size': [320, 240], 'frames': 50, 'fps': 12, 'trail': 30,"
                " 'agent_size': 6, 'view': {'min': [-10, -8], 'max': [10, 8]}, 'background': '#010203',"
                " 'obstacle_colour': '#040506', 'wall_colour': '#070809', 'path_colour': '#0a0b0c', 'field_colour': '#0d0e0f80'},"
                " 'expect': {'max_obstacle_penetrations': 0, 'max_wall_crossings': 2, 'max_jitter': 1.5, 'min_agent_distance': 0.25,"
                " 'max_arrive_overshoot': 0.5, 'max_path_distance': 3}}");
    if (!info) return;
    CHECK(info->width == 320 && info->height == 240);
    CHECK(info->frames == 50 && info->fps == 12 && info->trail == 30);
    CHECK_NEAR(info->agent_size, 6, 0);
    CHECK_V3(v3(info->view_min.x, info->view_min.y, 0), v3(-10, -8, 0), 0);
    CHECK_V3(v3(info->view_max.x, info->view_max.y, 0), v3(10, 8, 0), 0);
    CHECK(info->background == 0x010203FFu && info->obstacle_colour == 0x040506FFu && info->wall_colour == 0x070809FFu);
    CHECK(info->path_colour == 0x0A0B0CFFu && info->field_colour == 0x0D0E0F80u);
    CHECK(info->expect.max_obstacle_penetrations == 0 && info->expect.max_wall_crossings == 2);
    CHECK_NEAR(info->expect.max_jitter, 1.5, 0);
    CHECK_NEAR(info->expect.min_agent_distance, 0.25, 0);
    CHECK_NEAR(info->expect.max_arrive_overshoot, 0.5, 0);
    CHECK_NEAR(info->expect.max_path_distance, 3, 0);
}

/* ==== refused input ====================================================================== */
#define TOP(x) "{" B2 ", " GROUP_A ", " x "}"
#define GROUP(fields) "{" B2 ", 'groups': [{'name': 'a', " fields "}, {'name': 'b'}]}"
#define SPAWN(fields) "{" B2 ", 'groups': [{'name': 'a', 'spawn': [{" fields "}]}]}"
#define GOAL(spawn, goal) "{" B2 ", 'paths': [{'name': 'road', 'points': [[0, 0], [1, 0]]}], 'groups': [{'name': 'a', 'spawn': [{" spawn ", 'goal': {" goal "}}]}]}"
#define FIELD(f) "{" B2 ", 'flow_fields': [{" f "}], " GROUP_A "}"

static void test_refused_top_level(void)
{
    REFUSED("{" GROUP_A "}", "", NULL, "missing required key \"bounds\"");
    REFUSED("{" B2 "}", "", NULL, "missing required key \"groups\"");
    REFUSED("{'bounds': {'min': [5, 0], 'max': [5, 10]}, " GROUP_A "}", "bounds", "min 5, max 5", "max greater than min");
    REFUSED("{'bounds': {'min': [0, 0]}, " GROUP_A "}", "bounds", NULL, "missing required key \"max\"");
    REFUSED(TOP("'dim': 4"), "dim", "4", "from 2 to 3");
    REFUSED(TOP("'boundary': 'torus'"), "boundary", "\"torus\"", "\"wrap\", \"clamp\", \"none\"");
    REFUSED(TOP("'up': 'y'"), "up", NULL, "3D");
    REFUSED("{'dim': 3, 'bounds': {'min': [0, 0, 0], 'max': [1, 1, 1]}, 'up': 'x', " GROUP_A "}", "up", "\"x\"", "\"z\", \"y\"");
    REFUSED(TOP("'seed': -1"), "seed", "-1", "from 0 to 9007199254740991");
    REFUSED(TOP("'seed': 9007199254740992"), "seed", "9007199254740992", "from 0 to 9007199254740991");
    REFUSED(TOP("'seed': 1.5"), "seed", "1.5", "integer");
    REFUSED(TOP("'dt': 0"), "dt", "0", "positive");
    REFUSED(TOP("'dt': 10.5"), "dt", "10.5", "10");
    REFUSED(TOP("'dt': 'fast'"), "dt", "\"fast\"", "positive");
    REFUSED(TOP("'steps': 0"), "steps", "0", "from 1");
    REFUSED(TOP("'steps': 2.5"), "steps", "2.5", "integer");
    REFUSED(TOP("'steps': 1e999"), "steps", NULL, "expected an integer from 1 to 10000000, got a number out of range"); /* the docs' example */
    REFUSED(TOP("'seed': 123456789012345678901234567890"), "seed", "e+29", "from 0 to 9007199254740991"); /* beyond 64 bits: at its path */
    REFUSED(TOP("'max_dt': -0.5"), "max_dt", "-0.5", ">= 0");
    REFUSED(TOP("'cell_size': -1"), "cell_size", "-1", ">= 0");
    REFUSED(TOP("'penetration_iterations': 65"), "penetration_iterations", "65", "from 0 to 64");
    REFUSED(TOP("'threads': 0"), "threads", "0", "from 1 to 64");
    REFUSED(TOP("'threads': 65"), "threads", "65", "from 1 to 64");
    REFUSED(TOP("'capacity': 2.5"), "capacity", "2.5", "integer");
    REFUSED(TOP("'solid_walls': 1"), "solid_walls", "1", "true or false");
    REFUSED(TOP("'non_penetration': 'yes'"), "non_penetration", "\"yes\"", "true or false");
    REFUSED(TOP("'name': 5"), "name", "5", "string");
    REFUSED(TOP("'$schema': 5"), "$schema", "5", "string");
    REFUSED(TOP("'stepz': 10"), "stepz", NULL, "unknown key; did you mean \"steps\"?");
    REFUSED("{" B2 ", 'groups': []}", "groups", NULL, "expected at least 1 group, got an empty array"); /* the docs' example */
    char many[4096];
    int n = snprintf(many, sizeof many, "{" B2 ", 'groups': [");
    for (int g = 0; g < 33; ++g) n += snprintf(many + n, sizeof many - (size_t)n, "%s{'name': 'g%d'}", g ? ", " : "", g);
    snprintf(many + n, sizeof many - (size_t)n, "]}");
    REFUSED(many, "groups", "33", "at most 32");
    /* vectors: at most 10^6 in size, [x, y] in 2D */
    REFUSED(TOP("'obstacles': [{'centre': [1e300, 0], 'radius': 1}]"), "obstacles[0].centre[0]", NULL,
            "expected a number from -1000000 to 1000000, got 1e+300"); /* the docs' example */
    REFUSED(TOP("'obstacles': [{'centre': [1, 2, 3], 'radius': 1}]"), "obstacles[0].centre", "an array of 3", "[x, y]");
    REFUSED("{'dim': 3, 'bounds': {'min': [0, 0, 0], 'max': [9, 9, 9]}, " GROUP_A ", 'obstacles': [{'centre': [1], 'radius': 1}]}",
            "obstacles[0].centre", "an array of 1", "[x, y, z]");
}

static void test_refused_render_expect_objects(void)
{
    REFUSED(TOP("'render': {'size': [8, 480]}"), "render.size[0]", "8", "from 16 to 4096");
    REFUSED(TOP("'render': {'size': [640, 5000]}"), "render.size[1]", "5000", "from 16 to 4096");
    REFUSED(TOP("'render': {'size': [640]}"), "render.size", "an array of 1", "[width, height]");
    REFUSED(TOP("'render': {'frames': 301}"), "render.frames", "301", "at most steps (300)");
    REFUSED(TOP("'render': {'fps': 0}"), "render.fps", "0", "from 1 to 100");
    REFUSED(TOP("'render': {'trail': -1}"), "render.trail", "-1", "from 0 to 1000");
    REFUSED(TOP("'steps': 20000, 'render': {'frames': 10001}"), "render.frames", "10001", "from 1 to 10000"); /* schema.json */
    REFUSED(TOP("'render': {'agent_size': 101}"), "render.agent_size", "101", "100");
    REFUSED(TOP("'render': {'view': {'min': [0, 0], 'max': [0, 10]}}"), "render.view", "min 0, max 0", "max greater than min");
    REFUSED(TOP("'render': {'background': 'black'}"), "render.background", "\"black\"", "\"#rrggbb\" or \"#rrggbbaa\"");
    REFUSED(TOP("'render': {'colour': '#000000'}"), "render.colour", NULL, "unknown key");
    REFUSED(TOP("'expect': {'max_jitter': -1}"), "expect.max_jitter", "-1", ">= 0");
    REFUSED(TOP("'expect': {'max_jiter': 1}"), "expect.max_jiter", NULL, "did you mean \"max_jitter\"?");
    /* schema.json: every expect limit has "maximum": 1e12 (counts of agent-steps run past 1e6) */
    CHECK(load(TOP("'expect': {'max_wall_crossings': 2000000}")) == 0);
    REFUSED(TOP("'expect': {'max_wall_crossings': 2e12}"), "expect.max_wall_crossings", "2000000000000", "1000000000000");

    REFUSED(TOP("'obstacles': [{'centre': [0, 0], 'radius': 0}]"), "obstacles[0].radius", "0", "positive");
    REFUSED(TOP("'obstacles': [{'centre': [0, 0], 'radius': 2e6}]"), "obstacles[0].radius", "2000000", "1000000");
    REFUSED(TOP("'obstacles': [{'radius': 1}]"), "obstacles[0]", NULL, "missing required key \"centre\"");
    REFUSED(TOP("'obstacles': [{'centre': [0, 0], 'radius': 1, 'speed': 2}]"), "obstacles[0].speed", NULL, "unknown key");
    REFUSED(TOP("'walls': [{'points': [[0, 0]]}]"), "walls[0].points", "an array of 1", "at least 2 points");
    REFUSED(TOP("'walls': [{'from': [0, 0]}]"), "walls[0]", NULL, "missing required key \"to\"");
    REFUSED(TOP("'walls': [{'from': [0, 0], 'to': [1, 1], 'points': [[0, 0], [1, 0]]}]"), "walls[0].points", NULL, "not used by");
    REFUSED(TOP("'walls': [{'points': [[0, 0], [1, 0]], 'closed': 'yes'}]"), "walls[0].closed", "\"yes\"", "true or false");
    /* no length on the ground: the world refuses such a wall */
    REFUSED(TOP("'walls': [{'from': [1, 1], 'to': [1, 1]}]"), "walls[0].to", NULL, "the same point as \"from\" on the ground");
    REFUSED(TOP("'walls': [{'points': [[0, 0], [1, 1], [1, 1]]}]"), "walls[0].points[2]", NULL, "the same point as points[1]");
    REFUSED(TOP("'walls': [{'points': [[0, 0], [1, 1], [0, 0]], 'closed': true}]"), "walls[0].points[2]", NULL,
            "the last point repeats the first");
    REFUSED("{'dim': 3, 'bounds': {'min': [-9, -9, -9], 'max': [9, 9, 9]}, " GROUP_A ","
            " 'walls': [{'from': [1, 0, 1], 'to': [1, 5, 1]}], 'up': 'y'}", "walls[0].to", NULL, "on the ground"); /* up after walls */
    CHECK(INFO("{'dim': 3, 'bounds': {'min': [-9, -9, -9], 'max': [9, 9, 9]}, " GROUP_A ","
               " 'walls': [{'from': [1, 0, 1], 'to': [1, 5, 1]}]}") != NULL); /* Z-up: along the ground */
    REFUSED(TOP("'paths': [{'points': [[0, 0], [1, 0]]}]"), "paths[0]", NULL, "missing required key \"name\"");
    REFUSED(TOP("'paths': [{'name': 'road', 'points': [[0, 0], [1, 0]]}, {'name': 'road', 'points': [[0, 0], [1, 0]]}]"),
            "paths[1].name", "\"road\"", "already the name of paths[0]");
    REFUSED(TOP("'paths': [{'name': 'road', 'points': [[0, 0]]}]"), "paths[0].points", "an array of 1", "at least 2 points");
    REFUSED(TOP("'paths': [{'name': 'road', 'points': [[0, 0], [1, 0]], 'radius': -1}]"), "paths[0].radius", "-1", ">= 0");

    REFUSED(FIELD("'name': 'f', 'type': 'swirl'"), "flow_fields[0].type", "\"swirl\"", "\"uniform\", \"vortex\", \"noise\", \"grid\"");
    REFUSED(FIELD("'name': 'f'"), "flow_fields[0]", NULL, "missing required key \"type\"");
    REFUSED(FIELD("'type': 'vortex'"), "flow_fields[0]", NULL, "missing required key \"name\"");
    REFUSED(FIELD("'name': 'f', 'type': 'uniform'"), "flow_fields[0]", NULL, "missing required key \"direction\"");
    REFUSED(FIELD("'name': 'f', 'type': 'vortex', 'direction': [1, 0]"), "flow_fields[0].direction", NULL,
            "not used by a \"vortex\" field");
    REFUSED(FIELD("'name': 'f', 'type': 'uniform', 'direction': [1, 0], 'spin': 1"), "flow_fields[0].spin", NULL,
            "not used by a \"uniform\" field");
    REFUSED(FIELD("'name': 'f', 'type': 'grid', 'vectors': [[1, 0]]"), "flow_fields[0]", NULL, "missing required key \"size\"");
    REFUSED(FIELD("'name': 'f', 'type': 'grid', 'size': [1, 1]"), "flow_fields[0]", NULL, "missing required key \"vectors\"");
    REFUSED(FIELD("'name': 'f', 'type': 'grid', 'size': [3, 2], 'vectors': [[1, 0], [1, 0], [1, 0], [1, 0], [1, 0]]"),
            "flow_fields[0].vectors", "got 5", "expected 6 vectors");
    REFUSED(FIELD("'name': 'f', 'type': 'vortex', 'size': [0, 4]"), "flow_fields[0].size[0]", "0", "from 1 to 4096");
    REFUSED(FIELD("'name': 'f', 'type': 'vortex', 'size': [4097, 1]"), "flow_fields[0].size[0]", "4097", "from 1 to 4096");
    REFUSED(FIELD("'name': 'f', 'type': 'vortex', 'size': [2048, 1024]"), "flow_fields[0].size", "2097152", "1048576");
    REFUSED(FIELD("'name': 'f', 'type': 'vortex', 'size': [2, 2, 2]"), "flow_fields[0].size", "an array of 3", "[nx, ny]");
    REFUSED(FIELD("'name': 'f', 'type': 'vortex', 'spin': 2"), "flow_fields[0].spin", "2", "from -1 to 1");
    REFUSED(FIELD("'name': 'f', 'type': 'vortex', 'inward': -1.5"), "flow_fields[0].inward", "-1.5", "from -1 to 1");
    REFUSED(FIELD("'name': 'f', 'type': 'noise', 'scale': 0"), "flow_fields[0].scale", "0", "positive");
    REFUSED(FIELD("'name': 'f', 'type': 'noise', 'cell_size': 0"), "flow_fields[0].cell_size", "0", "positive");
    REFUSED(FIELD("'name': 'f', 'type': 'noise', 'seed': -3"), "flow_fields[0].seed", "-3", "from 0 to 9007199254740991");
    REFUSED(TOP("'flow_fields': [{'name': 'f', 'type': 'noise'}, {'name': 'f', 'type': 'noise'}]"), "flow_fields[1].name",
            "\"f\"", "already the name of flow_fields[0]");
}

static void test_refused_groups_and_behaviours(void)
{
    REFUSED("{" B2 ", 'groups': [{'max_speed': 1}]}", "groups[0]", NULL, "missing required key \"name\"");
    REFUSED("{" B2 ", 'groups': [{'name': 'a'}, {'name': 'a'}]}", "groups[1].name", "\"a\"", "already the name of groups[0]");
    REFUSED(GROUP("'max_speed': -1"), "groups[0].max_speed", NULL, "expected a positive number, got -1"); /* the docs' example */
    REFUSED(GROUP("'max_force': 0"), "groups[0].max_force", "0", "positive");
    REFUSED(GROUP("'mass': 0"), "groups[0].mass", "0", "positive");
    REFUSED(GROUP("'radius': -0.1"), "groups[0].radius", "-0.1", ">= 0");
    REFUSED(GROUP("'max_turn_rate': -1"), "groups[0].max_turn_rate", "-1", ">= 0");
    REFUSED(GROUP("'reverse_speed': -1"), "groups[0].reverse_speed", "-1", ">= 0");
    REFUSED(GROUP("'max_turn_rate': 1, 'reverse_speed': 2"), "groups[0].reverse_speed", "2", "the world's \"keep_headings\": true");
    REFUSED(GROUP("'arrival_tolerance': -1"), "groups[0].arrival_tolerance", "-1", ">= 0");
    REFUSED(GROUP("'arrival_speed': -1"), "groups[0].arrival_speed", "-1", ">= 0");
    REFUSED(GROUP("'departure_distance': -1"), "groups[0].departure_distance", "-1", ">= 0");
    REFUSED(GROUP("'waypoint_radius': -1"), "groups[0].waypoint_radius", "-1", ">= 0");
    REFUSED(GROUP("'priority': 0"), "groups[0].priority", "0", "positive");
    REFUSED(GROUP("'priority': 2000000"), "groups[0].priority", "2000000", "1000000");
    REFUSED(GROUP("'max_speed': 2000000"), "groups[0].max_speed", "2000000", "1000000"); /* lengths and speeds: at most 10^6 */
    REFUSED(GROUP("'arrived_priority': -1"), "groups[0].arrived_priority", "-1", ">= 0");
    REFUSED(GROUP("'colour': 'red'"), "groups[0].colour", "\"red\"", "\"#rrggbb\" or \"#rrggbbaa\"");
    REFUSED(GROUP("'colour': '#12345'"), "groups[0].colour", "\"#12345\"", "\"#rrggbb\" or \"#rrggbbaa\"");
    REFUSED(GROUP("'colour': '#12345g'"), "groups[0].colour", "\"#12345g\"", "\"#rrggbb\" or \"#rrggbbaa\"");
    REFUSED(GROUP("'ground_plane': true"), "groups[0].ground_plane", NULL, "3D");
    REFUSED(GROUP("'keep_apart': 'yes'"), "groups[0].keep_apart", "\"yes\"", "true or false");
    REFUSED(GROUP("'combine': 'sum'"), "groups[0].combine", "\"sum\"", "\"blend\", \"priority\", \"running_sum\", \"dither\"");
    REFUSED(GROUP("'max_sped': 3"), "groups[0].max_sped", NULL, "unknown key; did you mean \"max_speed\"?"); /* the docs' example */
    REFUSED(GROUP("'neighbours': {'radius': -1}"), "groups[0].neighbours.radius", "-1", ">= 0");
    REFUSED(GROUP("'neighbours': {'separation_radius': -1}"), "groups[0].neighbours.separation_radius", "-1", ">= 0");
    REFUSED(GROUP("'neighbours': {'field_of_view': -1}"), "groups[0].neighbours.field_of_view", "-1", ">= 0");
    REFUSED(GROUP("'neighbours': {'groups': ['wolves']}"), "groups[0].neighbours.groups[0]", "\"wolves\"",
            "unknown group \"wolves\" (groups: a, b)");
    REFUSED(GROUP("'neighbours': {'desired_forms': 1}"), "groups[0].neighbours.desired_forms", "1", "true or false");
    REFUSED(GROUP("'neighbours': {'radiuss': 1}"), "groups[0].neighbours.radiuss", NULL, "did you mean \"radius\"?");

    REFUSED(BEHAVIOUR_DOC("'seperation': 1"), "groups[0].behaviours.seperation", NULL, "did you mean \"separation\"?");
    REFUSED(BEHAVIOUR_DOC("'pursue': {'group': 'wolves'}"), "groups[0].behaviours.pursue.group", NULL,
            "unknown group \"wolves\" (groups: a, b)"); /* the docs' example */
    REFUSED(BEHAVIOUR_DOC("'evade': {'group': 'wolves'}"), "groups[0].behaviours.evade.group", NULL, "unknown group \"wolves\"");
    REFUSED(BEHAVIOUR_DOC("'seek': 2"), "groups[0].behaviours.seek", "2", "an object with \"target\"");
    REFUSED(BEHAVIOUR_DOC("'pursue': 1"), "groups[0].behaviours.pursue", "1", "an object with \"group\"");
    REFUSED(BEHAVIOUR_DOC("'follow_path': 1"), "groups[0].behaviours.follow_path", "1", "an object with \"path\"");
    REFUSED(BEHAVIOUR_DOC("'seek': {}"), "groups[0].behaviours.seek", NULL, "missing required key \"target\"");
    REFUSED(BEHAVIOUR_DOC("'flee': {}"), "groups[0].behaviours.flee", NULL, "missing required key \"threat\"");
    REFUSED(BEHAVIOUR_DOC("'separation': 'strong'"), "groups[0].behaviours.separation", "\"strong\"", "a weight or an object");
    REFUSED(BEHAVIOUR_DOC("'separation': {'probability': 1.5}"), "groups[0].behaviours.separation.probability", "1.5",
            "from 0 to 1");
    REFUSED(BEHAVIOUR_DOC("'contain': {'min': [0, 0]}"), "groups[0].behaviours.contain", NULL, "missing required key \"max\"");
    REFUSED(BEHAVIOUR_DOC("'contain': {'min': [1, 0], 'max': [0, 5]}"), "groups[0].behaviours.contain", "min 1, max 0",
            "max at least min"); /* a flat pen is allowed, as in the C API */
    REFUSED(BEHAVIOUR_DOC("'follow_path': {'path': 'nowhere'}"), "groups[0].behaviours.follow_path.path", "\"nowhere\"",
            "unknown path");
    REFUSED(BEHAVIOUR_DOC("'follow_flow': {'field': 'none'}"), "groups[0].behaviours.follow_flow.field", "\"none\"",
            "unknown flow field");
    REFUSED(BEHAVIOUR_DOC("'follow_leader': {'leader': 'nobody'}"), "groups[0].behaviours.follow_leader.leader", "\"nobody\"",
            "unknown spawn");
    REFUSED("{" B2 ", 'groups': [{'name': 'a', 'behaviours': {'follow_leader': {'leader': 'guards'}}},"
            " {'name': 'b', 'spawn': [{'name': 'guards', 'count': 3}]}]}",
            "groups[0].behaviours.follow_leader.leader", NULL,
            "the spawn \"guards\" has 3 agents; a leader is one agent (a spawn of one)"); /* the docs' example */
    REFUSED(BEHAVIOUR_DOC("'wander': {'jiter': 8}"), "groups[0].behaviours.wander.jiter", NULL, "did you mean \"jitter\"?");
    REFUSED(BEHAVIOUR_DOC("'seek': {'target': [1, 1], 'slow_radius': 2}"), "groups[0].behaviours.seek.slow_radius", NULL,
            "unknown key");
    REFUSED(BEHAVIOUR_DOC("'wander': {'jitter': -1}"), "groups[0].behaviours.wander.jitter", "-1", ">= 0");
    REFUSED(BEHAVIOUR_DOC("'anticipation': {'time': 0}"), "groups[0].behaviours.anticipation.time", "0", "positive");
    REFUSED(BEHAVIOUR_DOC("'avoid_walls': {'length': -2}"), "groups[0].behaviours.avoid_walls.length", "-2", ">= 0");
    REFUSED(BEHAVIOUR_DOC("'queue': {'distance': -2}"), "groups[0].behaviours.queue.distance", "-2", ">= 0");
}

/* A goal's "via": every agent walks the route, then to its own place (one
 * waypoint list each); refused with a seek, with "assign", and outside the box. */
static void test_goal_via(void)
{
    steer_world *w = BUILD("{" B2 ", 'groups': [{'name': 'a', 'spawn': [{'count': 5, 'min': [-30, -5], 'max': [-20, 5],"
                           " 'goal': {'kind': 'arrive', 'via': [[-3, 0], [3, 0]], 'points': [[10, 0], [10, 2], [10, 4]]}}]}]}");
    if (!w) return;
    for (int k = 0; k < 5; ++k) {
        steer_goal g = goal_of(w, k);
        steer_v3 route[4];
        CHECK(g.kind == STEER_GOAL_WAYPOINTS && g.point_count == 3 && g.progress == 0);
        CHECK(steer_world_get_goal_points(w, ids[k], route, 4) == 3);
        CHECK(route[0].x == -3.0f && route[0].y == 0.0f && route[1].x == 3.0f && route[1].y == 0.0f);
        CHECK(route[2].x == 10.0f && route[2].y == (float)(2 * (k % 3))); /* its own place, in order */
    }
    steer_world_destroy(w);
    REFUSED("{" B2 ", 'groups': [{'name': 'a', 'spawn': [{'count': 2, 'goal': {'kind': 'seek', 'via': [[0, 0]], 'target': [1, 1]}}]}]}",
            "groups[0].spawn[0].goal.via", NULL, "not used by kind \"seek\"");
    REFUSED("{" B2 ", 'groups': [{'name': 'a', 'spawn': [{'count': 2, 'goal': {'kind': 'arrive', 'via': [[0, 0]],"
            " 'points': [[1, 1], [2, 2]], 'assign': 'together'}}]}]}",
            "groups[0].spawn[0].goal.via", NULL, "not with \"assign\"");
    REFUSED("{" B2 ", 'groups': [{'name': 'a', 'spawn': [{'count': 2, 'goal': {'kind': 'arrive', 'via': [[0, 0], [0, 99]],"
            " 'target': [1, 1]}}]}]}",
            "groups[0].spawn[0].goal.via[1]", "y = 99", "outside the bounds");
}

static void test_refused_spawns_goals_formations(void)
{
    /* a spawn shape outside a wrap or clamp world's box, as a point outside: the world would stack its agents on the edge */
    REFUSED(SPAWN("'count': 3, 'shape': 'line', 'from': [0, 0], 'to': [140, 0]"), "groups[0].spawn[0].to", "x = 140",
            "outside the bounds");
    REFUSED(SPAWN("'count': 3, 'min': [0, 0], 'max': [10, 120]"), "groups[0].spawn[0].max", "y = 120", "outside the bounds");
    REFUSED(SPAWN("'count': 3, 'shape': 'circle', 'centre': [90, 0], 'radius': 20"), "groups[0].spawn[0].radius", "x = 110",
            "outside the bounds");
    REFUSED(SPAWN("'count': 3, 'shape': 'disc', 'centre': [0, -30], 'radius': 20"), "groups[0].spawn[0].radius", "y = -50",
            "outside the bounds");
    REFUSED("{'dim': 3, 'up': 'y', 'bounds': {'min': [-10, -1, -10], 'max': [10, 1, 10]}, 'groups': [{'name': 'a',"
            " 'spawn': [{'count': 3, 'shape': 'circle', 'centre': [0, 0, 5], 'radius': 6}]}]}",
            "groups[0].spawn[0].radius", "z = 11", "outside the bounds"); /* on the XZ ground, not along y */
    /* probability is dither's: in another combine it would be ignored */
    REFUSED(BEHAVIOUR_DOC("'wander': {'probability': 0.5}"), "groups[0].behaviours.wander.probability", "\"blend\"",
            "used only by \"combine\": \"dither\"");
    /* a max_dt the world would refuse to step (more than 1024 sub-steps of dt) */
    REFUSED("{" B2 ", 'dt': 0.1, 'max_dt': 1e-5, 'groups': [{'name': 'a'}]}", "max_dt", "10000 sub-steps", "at most 1024");
    steer_world_destroy(BUILD("{" B2 ", 'dt': 0.1, 'max_dt': 0.0001, 'groups': [{'name': 'a'}]}")); /* 1000: taken */
    REFUSED(BEHAVIOUR_DOC("'seek': {'target': [0, 300]}"), "groups[0].behaviours.seek.target", "y = 300", "outside the bounds");
    REFUSED(BEHAVIOUR_DOC("'arrive': {'target': [-300, 0]}"), "groups[0].behaviours.arrive.target", "x = -300",
            "outside the bounds");
    steer_world *edge = BUILD("{'bounds': {'min': [-10, -10], 'max': [10, 10]}, 'boundary': 'wrap', 'groups': [{'name': 'a',"
                              " 'spawn': [{'count': 4, 'shape': 'circle', 'centre': [0, 0], 'radius': 10}]}]}");
    steer_world_destroy(edge); /* a circle touching the box is in it */
    steer_world *open = BUILD("{'bounds': {'min': [-10, -10], 'max': [10, 10]}, 'boundary': 'none', 'groups': [{'name': 'a',"
                              " 'behaviours': {'seek': {'target': [50, 0]}}, 'spawn': [{'count': 4, 'shape': 'line',"
                              " 'from': [0, 0], 'to': [40, 0]}]}]}");
    steer_world_destroy(open); /* a world without a boundary takes any place */
    REFUSED(SPAWN("'speed': 1"), "groups[0].spawn[0]", NULL, "missing required key \"count\"");
    REFUSED(SPAWN("'count': -1"), "groups[0].spawn[0].count", "-1", "from 0 to 4194304");
    REFUSED(SPAWN("'count': 4194305"), "groups[0].spawn[0].count", "4194305", "from 0 to 4194304");
    REFUSED(SPAWN("'count': 3000000}, {'count': 3000000"), "groups[0].spawn[1]", NULL, "4194304"); /* in all */
    REFUSED(SPAWN("'count': 1, 'shape': 'triangle'"), "groups[0].spawn[0].shape", "\"triangle\"",
            "\"box\", \"disc\", \"line\", \"points\", \"circle\"");
    REFUSED(SPAWN("'count': 1, 'radius': 3"), "groups[0].spawn[0].radius", NULL, "not used by shape \"box\""); /* the docs' example */
    REFUSED(SPAWN("'count': 1, 'shape': 'circle', 'centre': [0, 0], 'radius': 3, 'inner_radius': 1"),
            "groups[0].spawn[0].inner_radius", NULL, "not used by shape \"circle\"");
    REFUSED(SPAWN("'count': 1, 'shape': 'line', 'from': [0, 0], 'to': [1, 0], 'points': [[0, 0]]"),
            "groups[0].spawn[0].points", NULL, "not used by shape \"line\"");
    REFUSED(SPAWN("'count': 1, 'shape': 'disc', 'centre': [0, 0]"), "groups[0].spawn[0]", NULL, "missing required key \"radius\"");
    REFUSED(SPAWN("'count': 1, 'shape': 'circle', 'radius': 2"), "groups[0].spawn[0]", NULL, "missing required key \"centre\"");
    REFUSED(SPAWN("'count': 1, 'shape': 'line', 'from': [0, 0]"), "groups[0].spawn[0]", NULL, "missing required key \"to\"");
    REFUSED(SPAWN("'shape': 'points'"), "groups[0].spawn[0]", NULL, "missing required key \"points\"");
    REFUSED(SPAWN("'count': 1, 'shape': 'disc', 'centre': [0, 0], 'radius': 5, 'inner_radius': 6"),
            "groups[0].spawn[0].inner_radius", "got 6", "at most radius (5)");
    REFUSED(SPAWN("'count': 1, 'min': [0, 0]"), "groups[0].spawn[0]", NULL, "missing required key \"max\"");
    REFUSED(SPAWN("'count': 1, 'min': [0, 5], 'max': [1, 4]"), "groups[0].spawn[0]", "min 5, max 4", "max at least min");
    REFUSED(SPAWN("'count': 2, 'shape': 'points', 'points': [[0, 0], [1, 1], [2, 2]]"), "groups[0].spawn[0].count", "got 2",
            "expected 3");
    REFUSED(SPAWN("'count': 2, 'velocity': [1, 0], 'speed': 1"), "groups[0].spawn[0].velocity", NULL, "either");
    REFUSED(SPAWN("'count': 2, 'velocity': [1, 0], 'heading': 0"), "groups[0].spawn[0].velocity", NULL, "either");
    REFUSED(SPAWN("'count': 2, 'heading': 'sideways'"), "groups[0].spawn[0].heading", "\"sideways\"",
            "\"random\", \"tangent\", \"outward\"");
    REFUSED(SPAWN("'count': 2, 'speed': -1"), "groups[0].spawn[0].speed", "-1", ">= 0");
    REFUSED(SPAWN("'count': 2, 'seed': -1"), "groups[0].spawn[0].seed", "-1", "from 0 to 9007199254740991");
    REFUSED(SPAWN("'count': 2, 'spacing': -0.5"), "groups[0].spawn[0].spacing", "-0.5", ">= 0");
    REFUSED(SPAWN("'count': 2, 'shape': 'line', 'from': [0, 0], 'to': [1, 0], 'spacing': 1"), "groups[0].spawn[0].spacing", NULL,
            "shape \"line\"");
    REFUSED(SPAWN("'count': 2, 'colour': '#ffffff'"), "groups[0].spawn[0].colour", NULL, "unknown key");
    REFUSED("{" B2 ", 'groups': [{'name': 'a', 'spawn': [{'name': 's', 'count': 1}]}, {'name': 'b', 'spawn': [{'name': 's', 'count': 1}]}]}",
            "groups[1].spawn[0].name", "\"s\"", "already the name of groups[0].spawn[0]");
    REFUSED(SPAWN("'name': '', 'count': 1"), "groups[0].spawn[0].name", "\"\"", "non-empty");

    REFUSED(GOAL("'count': 2", "'target': [1, 1]"), "groups[0].spawn[0].goal", NULL, "missing required key \"kind\"");
    REFUSED(GOAL("'count': 2", "'kind': 'fly', 'target': [1, 1]"), "groups[0].spawn[0].goal.kind", "\"fly\"",
            "\"seek\", \"arrive\", \"path\", \"waypoints\"");
    REFUSED(GOAL("'count': 2", "'kind': 'seek', 'target': [1, 1], 'points': [[2, 2]]"), "groups[0].spawn[0].goal.points", NULL,
            "one placement");
    REFUSED(GOAL("'count': 2", "'kind': 'arrive'"), "groups[0].spawn[0].goal", NULL, "missing a placement");
    REFUSED(GOAL("'count': 2", "'kind': 'seek', 'target': [1, 1], 'slow_radius': 2"), "groups[0].spawn[0].goal.slow_radius",
            NULL, "not used by kind \"seek\"");
    REFUSED(GOAL("'shape': 'points', 'points': [[0, 0], [1, 1]]", "'kind': 'arrive', 'antipode': true"),
            "groups[0].spawn[0].goal.antipode", NULL, "not \"points\"");
    REFUSED(GOAL("'count': 2", "'kind': 'arrive', 'antipode': false"), "groups[0].spawn[0].goal.antipode", "false", "true");
    REFUSED(GOAL("'count': 2", "'kind': 'arrive', 'target': [1, 1], 'seed': 3"), "groups[0].spawn[0].goal.seed", NULL, "\"box\"");
    REFUSED(GOAL("'count': 2", "'kind': 'arrive', 'target': [1, 1], 'spacing': 1"), "groups[0].spawn[0].goal.spacing", NULL, "\"box\"");
    REFUSED(GOAL("'count': 2", "'kind': 'arrive', 'box': {'min': [0, 0], 'max': [5, 5]}, 'spacing': -1"),
            "groups[0].spawn[0].goal.spacing", "-1", ">= 0");
    REFUSED(GOAL("'count': 2", "'kind': 'arrive', 'around': [1, 1], 'assign': 'in_order'"),
            "groups[0].spawn[0].goal.assign", NULL, "\"in_order\" is not for \"around\"");
    REFUSED(GOAL("'count': 2", "'kind': 'arrive', 'around': [1, 1], 'target': [2, 2]"),
            "groups[0].spawn[0].goal.around", NULL, "one placement per goal: \"target\" is already given");
    REFUSED(GOAL("'count': 2", "'kind': 'seek', 'around': [1, 1]"), "groups[0].spawn[0].goal.around", NULL, "kind \"seek\"");
    REFUSED(GOAL("'count': 2", "'kind': 'arrive', 'around': [100, 1]"), "groups[0].spawn[0].goal.around", NULL, "the point ordered to");
    REFUSED(GOAL("'count': 2", "'kind': 'arrive', 'target': [1, 1], 'assign': 'least_squares'"),
            "groups[0].spawn[0].goal.assign", NULL, "\"box\" or \"around\"");
    REFUSED(GOAL("'count': 2", "'kind': 'seek', 'points': [[1, 1], [2, 2]], 'assign': 'least_squares'"),
            "groups[0].spawn[0].goal.assign", NULL, "not used by kind \"seek\"");
    REFUSED(GOAL("'count': 3", "'kind': 'arrive', 'points': [[1, 1], [2, 2]], 'assign': 'together'"),
            "groups[0].spawn[0].goal.assign", "got 2", "count (3)");
    REFUSED(GOAL("'count': 3", "'kind': 'arrive', 'points': [[1, 1], [2, 2], [3, 3]], 'assign': 'random'"),
            "groups[0].spawn[0].goal.assign", "\"random\"", "\"in_order\", \"least_squares\", \"together\"");
    REFUSED(GOAL("'count': 2", "'kind': 'waypoints'"), "groups[0].spawn[0].goal", NULL, "missing required key \"points\"");
    REFUSED(GOAL("'count': 2", "'kind': 'waypoints', 'points': []"), "groups[0].spawn[0].goal.points", "an empty array",
            "at least 1 point");
    REFUSED(GOAL("'count': 2", "'kind': 'waypoints', 'points': [[1, 1]], 'target': [1, 1]"), "groups[0].spawn[0].goal.target",
            NULL, "not used by kind \"waypoints\"");
    REFUSED(GOAL("'count': 2", "'kind': 'path'"), "groups[0].spawn[0].goal", NULL, "missing required key \"path\"");
    REFUSED(GOAL("'count': 2", "'kind': 'path', 'path': 'nowhere'"), "groups[0].spawn[0].goal.path", "\"nowhere\"",
            "unknown path \"nowhere\" (paths: road)");
    REFUSED(GOAL("'count': 2", "'kind': 'path', 'path': 'road', 'target': [1, 1]"), "groups[0].spawn[0].goal.target", NULL,
            "not used by kind \"path\"");
    REFUSED(GOAL("'count': 2", "'kind': 'arrive', 'target': [1, 1], 'start': 'nearest'"), "groups[0].spawn[0].goal.start", NULL,
            "not used by kind \"arrive\"");
    REFUSED(GOAL("'count': 2", "'kind': 'path', 'path': 'road', 'start': 'middle'"), "groups[0].spawn[0].goal.start",
            "\"middle\"", NULL);
    REFUSED(GOAL("'count': 2", "'kind': 'arrive', 'target': [1, 1], 'speed': -1"), "groups[0].spawn[0].goal.speed", "-1", ">= 0");
    REFUSED(GOAL("'count': 2", "'kind': 'arrive', 'target': [1, 1], 'slow_radius': -1"), "groups[0].spawn[0].goal.slow_radius",
            "-1", ">= 0");
    REFUSED(GOAL("'count': 2", "'kind': 'arrive', 'box': {'min': [5, 0], 'max': [1, 3]}"), "groups[0].spawn[0].goal.box",
            "min 5, max 1", "max at least min");
    {
        /* waypoints: at most 65,536 points */
        size_t size = 65537 * 10 + 512, n = 0;
        char *big = malloc(size);
        if (big) {
            n += (size_t)snprintf(big + n, size - n, "{" B2 ", 'groups': [{'name': 'a', 'spawn': [{'count': 1, 'goal': {'kind': 'waypoints', 'points': [");
            for (int k = 0; k < 65537; ++k) n += (size_t)snprintf(big + n, size - n, "%s[1, 1]", k ? "," : "");
            snprintf(big + n, size - n, "]}}]}]}");
            REFUSED(big, "groups[0].spawn[0].goal.points", "65537", "65536");
            free(big);
        }
    }

    /* the world's limits, with the file's figures: 4096 paths, 4096 flow fields, 4096 places to assign */
    {
        size_t size = 4097 * 80 + 512, n = 0;
        char *big = malloc(size);
        if (big) {
            n = (size_t)snprintf(big, size, "{" B2 ", " GROUP_A ", 'paths': [");
            for (int k = 0; k < 4097; ++k) n += (size_t)snprintf(big + n, size - n, "%s{'name': 'p%d', 'points': [[0, 0], [1, 0]]}", k ? "," : "", k);
            snprintf(big + n, size - n, "]}");
            REFUSED(big, "paths", "4097", "4096");
            n = (size_t)snprintf(big, size, "{" B2 ", " GROUP_A ", 'flow_fields': [");
            for (int k = 0; k < 4097; ++k) n += (size_t)snprintf(big + n, size - n, "%s{'name': 'f%d', 'type': 'noise', 'size': [1, 1]}", k ? "," : "", k);
            snprintf(big + n, size - n, "]}");
            REFUSED(big, "flow_fields", "4097", "4096");
            n = (size_t)snprintf(big, size, "{" B2 ", 'groups': [{'name': 'a', 'spawn': [{'count': 1, 'goal': {'kind': 'arrive', 'assign': 'least_squares', 'points': [");
            for (int k = 0; k < 4097; ++k) n += (size_t)snprintf(big + n, size - n, "%s[1, 1]", k ? "," : "");
            snprintf(big + n, size - n, "]}}]}]}");
            REFUSED(big, "groups[0].spawn[0].goal.assign", "got 4097", "4096");
            free(big);
        }
    }

    /* keep_apart sees only neighbours within the neighbour radius: two bodies must be seen before they touch */
    REFUSED(GROUP("'radius': 1, 'keep_apart': true, 'neighbours': {'radius': 1.5}"), "groups[0].neighbours.radius", NULL,
            "neighbour radius 1.5 with keep_apart and radius 1: must be at least 2 radius = 2");
    REFUSED(GROUP("'radius': 0.75, 'keep_apart': true"), "groups[0].keep_apart", NULL,
            "neighbour radius 1 with keep_apart and radius 0.75: must be at least 2 radius = 1.5");

    /* formations */
#define FORMATION(leader, members, slots)                                                                              \
    "{" B2 ", 'groups': [{'name': 'a', 'spawn': [{'name': 'one', 'count': 1}, {'name': 'two', 'count': 2},"          \
    " {'name': 'wedge', 'count': 3}]}], 'formations': [{'leader': " leader ", 'members': " members ", 'slots': " slots "}]}"
    REFUSED(FORMATION("'two'", "'wedge'", "[[0, 1], [0, 2], [0, 3]]"), "formations[0].leader", NULL,
            "the spawn \"two\" has 2 agents; a formation's leader is one agent");
    REFUSED(FORMATION("'one'", "'one'", "[[0, 1]]"), "formations[0].members", NULL, "the leader cannot be one of its own members");
    REFUSED(FORMATION("'one'", "'wedge'", "[[0, 1], [0, 2]]"), "formations[0].slots", NULL,
            "expected 3 slots (one per agent of the spawn \"wedge\"), got 2"); /* the docs' example */
    REFUSED(FORMATION("'one'", "'nobody'", "[[0, 1]]"), "formations[0].members", "\"nobody\"", "unknown spawn");
    REFUSED("{" B2 ", 'groups': [{'name': 'a', 'spawn': [{'name': 'one', 'count': 1}]}], 'formations': [{'leader': 'one'}]}",
            "formations[0]", NULL, "missing required key \"members\"");
    REFUSED("{" B2 ", 'groups': [{'name': 'a', 'spawn': [{'name': 'one', 'count': 1}, {'name': 'two', 'count': 2}]}],"
            " 'formations': [{'leader': 'one', 'members': 'two', 'slots': [[0, 1], [0, 2]], 'chain': [-1, 0]}]}",
            "formations[0].chain", NULL, "a formation takes \"slots\" (one per member) or \"chain\" (one link), not both");
    REFUSED("{" B2 ", 'groups': [{'name': 'a', 'spawn': [{'name': 'one', 'count': 1}, {'name': 'many', 'count': 1024}]}],"
            " 'formations': [{'leader': 'one', 'members': 'one', 'chain': [-1, 0]}]}",
            "formations[0].members", NULL, "the leader cannot be one of its own members");
    /* a formation of two and a chain: exactly the world's STEER_MAX_FORMATIONS, then one more */
    char doc[512], rule[160];
    const char *chain = "{" B2 ", 'groups': [{'name': 'a', 'spawn': [{'name': 'one', 'count': 1}, {'name': 'few', 'count': 2},"
                        " {'name': 'many', 'count': %d}]}], 'formations': [{'leader': 'one', 'members': 'few', 'slots': [[0, 1], [0, 2]]},"
                        " {'leader': 'one', 'members': 'many', 'chain': [-1, 0]}]}";
    snprintf(doc, sizeof doc, chain, STEER_MAX_FORMATIONS);
    snprintf(rule, sizeof rule, "the formations take %d of the world's formations (a chain one per member); at most %d",
             STEER_MAX_FORMATIONS + 1, STEER_MAX_FORMATIONS);
    REFUSED(doc, "formations[1]", NULL, rule);
    snprintf(doc, sizeof doc, chain, STEER_MAX_FORMATIONS - 1);
    CHECK(INFO(doc) != NULL);
}

/* ==== how errors are reported ================================================================== */
static int lines_of(const char *s)
{
    int n = *s ? 1 : 0;
    for (; *s; ++s) n += *s == '\n';
    return n;
}

static void test_error_reporting(void)
{
    /* every mistake, one per line, in document order */
    CHECK(load("{" B2 ", 'groups': [{'name': 'a', 'max_sped': 3, 'colour': 'red'}, {'name': 'b', 'max_speed': -1}],"
               " 'dt': 'fast'}") != 0);
    const char *a = strstr(error, "t.json: groups[0].max_sped: "), *b = strstr(error, "t.json: groups[0].colour: ");
    const char *c = strstr(error, "t.json: groups[1].max_speed: "), *d = strstr(error, "t.json: dt: ");
    CHECK(a && b && c && d && a < b && b < c && c < d);
    CHECK(lines_of(error) == 4 && steer_scenario_error_count(scenario) == 4);

    /* after 20, a last line says how many more */
    char doc[4096];
    int n = snprintf(doc, sizeof doc, "{" B2 ", 'groups': [");
    for (int g = 0; g < 25; ++g) n += snprintf(doc + n, sizeof doc - (size_t)n, "%s{'name': 'g%d', 'mass': -1}", g ? ", " : "", g);
    snprintf(doc + n, sizeof doc - (size_t)n, "]}");
    CHECK(load(doc) != 0);
    CHECK(lines_of(error) == 21);
    CHECK(strstr(error, "\nt.json: ... and 5 more errors") != NULL);
    CHECK(steer_scenario_error_count(scenario) == 25);

    /* a spawn that fails says so once: a formation naming it adds nothing (its agents were
       taken to start at index 0, so the leader read as one of its own members) */
    CHECK(load("{" B2 ", 'boundary': 'clamp', 'groups': [{'name': 'a', 'spawn': [{'name': 'one', 'count': 1},"
               " {'name': 'col', 'shape': 'points', 'points': [[0, 1], [0, 99]]}]}],"
               " 'formations': [{'leader': 'one', 'members': 'col', 'chain': [-1, 0]}]}") != 0);
    CHECK(lines_of(error) == 1 && strstr(error, "t.json: groups[0].spawn[1].points[1]: ") == error);

    /* a key only a shape uses is checked once the shape is valid: one typo, one error */
    CHECK(load(SPAWN("'count': 3, 'shape': 'circel', 'centre': [0, 0], 'radius': 2")) != 0);
    CHECK(lines_of(error) == 1 && strstr(error, "t.json: groups[0].spawn[0].shape: ") == error);
    CHECK(load(FIELD("'name': 'f', 'type': 'vortx', 'centre': [0, 0], 'spin': -1")) != 0);
    CHECK(lines_of(error) == 1 && strstr(error, "t.json: flow_fields[0].type: ") == error);

    /* a key that is not letters, digits and _ */
    REFUSED(TOP("'max speed': 1"), "\"max speed\"", NULL, "unknown key");

    /* JSON itself: duplicate keys, NaN, trailing garbage, with line and column */
    CHECK(load("{" B2 ",\n 'dt': 0.1, 'dt': 0.2, " GROUP_A "}") != 0);
    CHECK(strstr(error, "t.json: invalid JSON at line 2, column") == error);
    CHECK(load("{" B2 ", 'dt': NaN, " GROUP_A "}") != 0);
    CHECK(strstr(error, "t.json: invalid JSON at line 1, column") == error);
    CHECK(load("{" B2 ", " GROUP_A "} x") != 0);
    CHECK(strstr(error, "t.json: invalid JSON at line 1, column") == error);

    /* a file that is not there */
    CHECK(steer_scenario_load_json_file(scenario, "/nonexistent/scenario.json", error, sizeof error) != 0);
    CHECK(!strcmp(error, "/nonexistent/scenario.json: cannot open: No such file or directory"));
}

/* ==== the docs' own examples ================================================================ */
static void test_docs_examples(void)
{
    /* "A first scenario", verbatim */
    steer_world *w = BUILD(
        "{\"name\": \"first\", \"bounds\": {\"min\": [-40, -30], \"max\": [40, 30]}, \"dt\": 0.0333, \"steps\": 300,"
        " \"groups\": [{\"name\": \"boids\", \"colour\": \"#5eb8ff\", \"max_speed\": 8, \"max_force\": 20, \"radius\": 0.3,"
        " \"neighbours\": {\"radius\": 4, \"separation_radius\": 2},"
        " \"behaviours\": {\"separation\": 20, \"alignment\": 1, \"cohesion\": 0.2, \"wander\": {\"weight\": 1.5, \"jitter\": 8}},"
        " \"spawn\": [{\"count\": 300, \"speed\": 5}]}]}");
    if (w) {
        steer_group_def g = group_def(w, 0);
        CHECK(steer_world_agent_count(w) == 300 && g.colour == 0x5EB8FFFFu);
        CHECK(g.max_speed == 8.0f && g.max_force == 20.0f && g.neighbour_radius == 4.0f && g.separation_radius == 2.0f);
        CHECK(g.weight[STEER_SEPARATION] == 20.0f && g.weight[STEER_WANDER] == 1.5f && g.wander.jitter == 8.0f);
        CHECK_NEAR(length(velocity(w, 123)), 5, 1e-5);
        CHECK_NEAR(steer_scenario_get_info(scenario)->dt, 0.0333, 1e-7);
        steer_world_destroy(w);
    }

    /* the goals section's spawns, verbatim, in a world with a path named "road" */
    w = BUILD("{\"bounds\": {\"min\": [-60, -50], \"max\": [60, 50]}, \"paths\": [{\"name\": \"road\", \"points\": [[-30, 0], [30, 0]]}],"
              " \"groups\": [{\"name\": \"a\", \"spawn\": ["
              "  {\"shape\": \"circle\", \"centre\": [0, 0], \"radius\": 44, \"count\": 300, \"speed\": 0,"
              "   \"goal\": {\"kind\": \"arrive\", \"antipode\": true, \"slow_radius\": 6}},"
              "  {\"count\": 48, \"min\": [-56, -36], \"max\": [-44, -24],"
              "   \"goal\": {\"kind\": \"arrive\", \"box\": {\"min\": [30, 10], \"max\": [56, 36]}, \"seed\": 4}},"
              "  {\"count\": 10, \"shape\": \"line\", \"from\": [0, -5], \"to\": [9, -5],"
              "   \"goal\": {\"kind\": \"waypoints\", \"points\": [[20, -5], [20, 20], [0, 25]], \"speed\": 3}},"
              "  {\"count\": 6, \"goal\": {\"kind\": \"seek\", \"points\": [[10, 10], [-10, 10], [0, -10]]}},"
              "  {\"count\": 4, \"shape\": \"points\", \"points\": [[-30, 0], [-30, 2], [-30, 4], [-30, 6]],"
              "   \"goal\": {\"kind\": \"path\", \"path\": \"road\"}}]}]}");
    if (w) {
        CHECK(steer_world_agent_count(w) == 368 && steer_world_goal_count(w) == 368);
        CHECK_V3(goal_of(w, 0).target, v3(-44, 0, 0), 1e-4); /* agent 0 at angle 0: its antipode */
        CHECK(length(velocity(w, 0)) == 0.0);                /* speed 0 */
        steer_v3 t = goal_of(w, 300).target;
        CHECK(t.x >= 30 && t.x <= 56 && t.y >= 10 && t.y <= 36);
        CHECK(goal_of(w, 348).kind == STEER_GOAL_WAYPOINTS && goal_of(w, 348).speed == 3.0f);
        CHECK_V3(goal_of(w, 362).target, v3(-10, 10, 0), 0); /* the 2nd of the 6 */
        CHECK(goal_of(w, 364).kind == STEER_GOAL_PATH && goal_of(w, 364).path == 0);
        steer_world_destroy(w);
    }

    /* the formations section's example, verbatim */
    w = BUILD("{\"bounds\": {\"min\": [-60, -20], \"max\": [60, 20]}, \"groups\": ["
              "  {\"name\": \"lead\", \"behaviours\": {\"avoid_obstacles\": 3},"
              "   \"spawn\": [{\"name\": \"leader\", \"shape\": \"points\", \"points\": [[-38, -4]],"
              "              \"goal\": {\"kind\": \"waypoints\", \"points\": [[-10, 1], [30, 4]]}}]},"
              "  {\"name\": \"wedge\", \"keep_apart\": true, \"behaviours\": {\"avoid_obstacles\": 3},"
              "   \"spawn\": [{\"name\": \"wedge\", \"shape\": \"points\", \"points\": [[-40, -2.5], [-40, -5.5], [-42, -4]]}]},"
              "  {\"name\": \"column\", \"behaviours\": {\"follow_leader\": {\"leader\": \"leader\", \"behind\": 3}, \"separation\": 2},"
              "   \"spawn\": [{\"count\": 3, \"shape\": \"line\", \"from\": [-48, -4], \"to\": [-52, -4]}]}],"
              " \"formations\": [{\"leader\": \"leader\", \"members\": \"wedge\", \"slots\": [[-2, 1.5], [-2, -1.5], [-4, 0]]}]}");
    if (w) {
        const steer_scenario_info *info = steer_scenario_get_info(scenario);
        CHECK(steer_world_formation_count(w) == 1);
        CHECK(info->formation_count == 1 && info->formations[0].leader == 0 && info->formations[0].first_member == 1 &&
              info->formations[0].count == 3);
        CHECK(info->groups[2].leader == 0); /* resolved to the leader's index in spawn order */
        CHECK(group_def(w, 2).leader.index == ids[0].index);
        steer_world_destroy(w);
    }
}

/* "Other front ends: the setter API": the same scenario, value by value by path. */
static void test_setter_api(void)
{
    steer_scenario *s = steer_scenario_create();
    if (!s) return;
    steer_scenario_set_object(s, "");
    steer_scenario_set_object(s, "bounds");
    steer_scenario_set_array(s, "bounds.min", 2);
    steer_scenario_set_number(s, "bounds.min[0]", -10);
    steer_scenario_set_number(s, "bounds.min[1]", -10);
    steer_scenario_set_array(s, "bounds.max", 2);
    steer_scenario_set_number(s, "bounds.max[0]", 10);
    steer_scenario_set_number(s, "bounds.max[1]", 10);
    steer_scenario_set_array(s, "groups", 1);
    steer_scenario_set_object(s, "groups[0]");
    steer_scenario_set_string(s, "groups[0].name", "a");
    steer_scenario_set_number(s, "groups[0].max_speed", 6);
    steer_scenario_set_bool(s, "groups[0].keep_apart", true);
    CHECK(steer_scenario_finish(s) == 0);
    steer_world *w = steer_scenario_create_world(s, NULL, NULL, 0);
    CHECK(w != NULL);
    if (w) {
        CHECK(group_def(w, 0).max_speed == 6.0f && group_def(w, 0).keep_apart);
        steer_world_destroy(w);
    }
    /* errors: "PATH: message", one per line, no file name */
    steer_scenario_set_number(s, "groups[0].max_speed", -1);
    steer_scenario_fail(s, "groups[0].\"x y\"", "unknown key");
    CHECK(steer_scenario_finish(s) != 0);
    CHECK(steer_scenario_error_count(s) == 2);
    CHECK(strstr(steer_scenario_error(s), "groups[0].max_speed: expected a positive number, got -1") != NULL);
    CHECK(strstr(steer_scenario_error(s), "groups[0].\"x y\": unknown key") != NULL);
    CHECK(steer_scenario_get_info(s) == NULL);
    steer_scenario_destroy(s);
}

int main(void)
{
    scenario = steer_scenario_create();
    if (!scenario) return 1;
    test_top_level_defaults();
    test_top_level_values();
    test_short_vectors_in_3d();
    test_group_defaults();
    test_group_values();
    test_behaviour_names_weights_and_order();
    test_behaviour_parameters();
    test_shared_behaviour_values();
    test_spawn_box();
    test_flat_boxes();
    test_crowd_preset();
    test_goal_speed_spread();
    test_spawn_disc();
    test_spawn_circle_line_points_and_order();
    test_spawn_velocity_and_heading();
    test_spawn_headings_kept();
    test_spawn_seeds();
    test_spawn_keeps_out_of_obstacles();
    test_spawn_keeps_out_of_walls();
    test_goal_via();
    test_spawn_spacing();
    test_goal_kinds();
    test_goal_antipodes();
    test_goal_assignment();
    test_goal_around();
    test_obstacles_walls_paths();
    test_flow_field_uniform_and_grid();
    test_flow_field_vortex_and_noise();
    test_flow_field_y_up();
    test_formations_and_leaders();
    test_render_and_expect();
    test_refused_top_level();
    test_refused_render_expect_objects();
    test_refused_groups_and_behaviours();
    test_refused_spawns_goals_formations();
    test_error_reporting();
    test_docs_examples();
    test_setter_api();
    steer_scenario_destroy(scenario);
    return check_summary("test_scenario_fields");
}

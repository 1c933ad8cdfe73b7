/* The scenario format: which keys exist where, their types, ranges and
 * defaults (the tables below), what the checked description is made of,
 * and the checks a table cannot express (names and references, keys only
 * some shapes or field types use, the world's limits). Values are read by
 * the generic reader (reader.h); every error in the document is reported,
 * in document order. docs/scenarios.md describes the same format. */
#include "scenario_internal.h"
#include "ground.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_COORD 1e6          /* positions, lengths, speeds: |x| <= this */
#define MAX_EXPECT 1e12        /* expectation limits */
#define MAX_AGENTS (1 << 22)   /* all spawns together */
#define MAX_FIELD_CELLS (1 << 20)
#define MAX_GROUPS 32          /* neighbour masks are 32 bits */
/* The world's own limits (steer_world_create refuses a def beyond them). */
#define WORLD_MAX_WALLS (1 << 20)
#define WORLD_MAX_PATHS 4096
#define WORLD_MAX_FLOW_FIELDS 4096

/* Choice rows store an int; these enums are ints. */
_Static_assert(sizeof(steer_boundary) == sizeof(int), "boundary is read as an int");
_Static_assert(sizeof(steer_combine) == sizeof(int), "combine is read as an int");
_Static_assert(sizeof(steer_up_axis) == sizeof(int) && STEER_UP_Z == 0 && STEER_UP_Y == 1, "up is read as an int");
_Static_assert(sizeof(steer_goal_kind) == sizeof(int), "a goal's kind is read as an int");
_Static_assert(sizeof(sc_shape) == sizeof(int) && sizeof(sc_field_type) == sizeof(int), "choices are ints");

/* ---- row builders ------------------------------------------------------------------- */
#define FLOAT(k, st, m, r) {.key = k, .type = SC_T_FLOAT, .offset = offsetof(st, m), .range = r}
#define FLOAT_D(k, st, m, r, d) {.key = k, .type = SC_T_FLOAT, .offset = offsetof(st, m), .range = r, .has_default = true, .default_value = d}
#define DOUBLE_D(k, st, m, r, d) {.key = k, .type = SC_T_DOUBLE, .offset = offsetof(st, m), .range = r, .has_default = true, .default_value = d}
#define INT(k, st, m, l, h) {.key = k, .type = SC_T_INT, .offset = offsetof(st, m), .lo = l, .hi = h}
#define INT_D(k, st, m, l, h, d) {.key = k, .type = SC_T_INT, .offset = offsetof(st, m), .lo = l, .hi = h, .has_default = true, .default_value = d}
#define SEED(k, st, m) {.key = k, .type = SC_T_SEED, .offset = offsetof(st, m)}
#define SEED_D(k, st, m, d) {.key = k, .type = SC_T_SEED, .offset = offsetof(st, m), .has_default = true, .default_value = d}
#define BOOL(k, st, m) {.key = k, .type = SC_T_BOOL, .offset = offsetof(st, m)}
#define STRING(k, st, m) {.key = k, .type = SC_T_STRING, .offset = offsetof(st, m)}
#define VEC(k, st, m) {.key = k, .type = SC_T_VEC, .offset = offsetof(st, m)}
#define COLOUR(k, st, m) {.key = k, .type = SC_T_COLOUR, .offset = offsetof(st, m)}
#define COLOUR_D(k, st, m, d) {.key = k, .type = SC_T_COLOUR, .offset = offsetof(st, m), .has_default = true, .default_value = d}
#define CHOICE(k, st, m, list) {.key = k, .type = SC_T_CHOICE, .offset = offsetof(st, m), .names = list, .name_count = COUNT(list)}
#define CUSTOM(k, fn, js, table) {.key = k, .type = SC_T_CUSTOM, .custom = fn, .json = js, .sub = table}
#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))
#define TABLE(what, rows) {what, rows, COUNT(rows)}

typedef struct checker {
    steer_scenario *sc;
    steer_v3 bounds_min, bounds_max;
    /* names, collected before the document-order pass so references may
     * point forward ("pursue": the group defined further down) */
    const char **names[4];
    int name_count[4];
    const sc_node *formations; /* read after the groups: it needs their spawns' counts */
    steer_up_axis up;          /* the ground walls stand on (read ahead, like the bounds) */
    bool boxed;                /* a wrap or clamp world (read ahead): agents start, and goals lie, in the box */
    bool headings;             /* keep_headings (read ahead): a group's reverse gear needs it */
} checker;

enum { NAMES_GROUPS, NAMES_PATHS, NAMES_FIELDS, NAMES_SPAWNS, NAME_LISTS };
static const char *const name_nouns[] = {"group", "path", "flow field", "spawn"};
static const char *const name_arrays[] = {"groups", "paths", "flow_fields"};

static checker *ck_of(sc_read *r) { return r->user; }

/* In a wrap or clamp world, a point given outside the box is a mistake: the
 * world would move an agent into it (two at one edge point), and a goal
 * there is never reached. Reports points[i] (named `what`) and returns -1. */
static int check_in_box(sc_read *r, const sc_node *n, const char *path, steer_v3 p, const char *what)
{
    const checker *ck = ck_of(r);
    if (!ck->boxed) return 0;
    for (int a = 0; a < r->dim; ++a) {
        float x = steer_v3_get(p, a), lo = steer_v3_get(ck->bounds_min, a), hi = steer_v3_get(ck->bounds_max, a);
        if (x < lo || x > hi)
            return sc_report(r, n, path, "%s at %c = %g is outside the bounds (%g to %g on that axis): a wrap or clamp "
                                         "world keeps everything in its box (\"boundary\": \"none\" does not)",
                             what, "xyz"[a], (double)x, (double)lo, (double)hi);
    }
    return 0;
}

/* check_in_box for every point of an array node read into points. */
static int check_points_in_box(sc_read *r, const sc_node *n, const char *path, const steer_v3 *points, int count,
                               const char *what)
{
    int rc = 0;
    char p[SC_PATH_SIZE];
    for (int i = 0; i < count && i < n->count; ++i) {
        sc_join_index(p, path, i);
        rc |= check_in_box(r, &n->items[i], p, points[i], what);
    }
    return rc;
}

/* ---- names -------------------------------------------------------------------------- */
/* Collects the names of the elements of a top-level array of objects, and
 * refuses empty and repeated ones. Mistyped names are reported in the main pass. */
static int collect_names(sc_read *r, int list)
{
    checker *ck = ck_of(r);
    const sc_node *arr = sc_member(&ck->sc->rd.root, name_arrays[list]);
    if (!arr || arr->kind != SC_ARRAY || arr->count == 0) return 0;
    const char **names = calloc((size_t)arr->count, sizeof *names);
    if (!names) return sc_report(r, arr, name_arrays[list], "out of memory");
    ck->names[list] = names;
    ck->name_count[list] = arr->count;
    int rc = 0;
    for (int e = 0; e < arr->count; ++e) {
        const sc_node *v = sc_member(&arr->items[e], "name");
        if (!v || v->kind != SC_STRING) continue;
        char p[SC_PATH_SIZE], element[SC_PATH_SIZE];
        sc_join_index(element, name_arrays[list], e);
        sc_join_key(p, element, "name");
        if (v->string[0] == 0) {
            rc = sc_expected(r, v, p, "a non-empty name");
            continue;
        }
        int other = -1;
        for (int k = 0; k < e && other < 0; ++k)
            if (names[k] && !strcmp(names[k], v->string)) other = k;
        if (other >= 0) {
            rc = sc_report(r, v, p, "\"%s\" is already the name of %s[%d]", v->string, name_arrays[list], other);
            continue;
        }
        names[e] = v->string;
    }
    return rc;
}

/* The names of spawns (groups[i].spawn[j].name), which name their agents
 * for leaders and formations: unique over the whole file. */
static int collect_spawn_names(sc_read *r)
{
    checker *ck = ck_of(r);
    const sc_node *groups = sc_member(&ck->sc->rd.root, "groups");
    if (!groups || groups->kind != SC_ARRAY) return 0;
    int total = 0;
    for (int g = 0; g < groups->count; ++g) {
        const sc_node *spawn = sc_member(&groups->items[g], "spawn");
        if (spawn && spawn->kind == SC_ARRAY) total += spawn->count;
    }
    if (total == 0) return 0;
    const char **names = calloc((size_t)total, sizeof *names);
    char (*where)[SC_PATH_SIZE] = calloc((size_t)total, sizeof *where);
    int rc = 0;
    if (!names || !where) {
        free(names);
        free(where);
        return sc_report(r, groups, "groups", "out of memory");
    }
    ck->names[NAMES_SPAWNS] = names;
    int n = 0;
    for (int g = 0; g < groups->count; ++g) {
        const sc_node *spawn = sc_member(&groups->items[g], "spawn");
        if (!spawn || spawn->kind != SC_ARRAY) continue;
        for (int k = 0; k < spawn->count; ++k) {
            const sc_node *v = sc_member(&spawn->items[k], "name");
            char group[SC_PATH_SIZE], list[SC_PATH_SIZE];
            sc_join_index(group, "groups", g);
            sc_join_key(list, group, "spawn");
            sc_join_index(where[n], list, k);
            if (v && v->kind == SC_STRING && v->string[0]) {
                int other = -1;
                for (int e = 0; e < n && other < 0; ++e)
                    if (names[e] && !strcmp(names[e], v->string)) other = e;
                if (other >= 0) {
                    char p[SC_PATH_SIZE];
                    sc_join_key(p, where[n], "name");
                    rc = sc_report(r, v, p, "\"%s\" is already the name of %s", v->string, where[other]);
                } else {
                    names[n] = v->string;
                }
            }
            ++n;
        }
    }
    ck->name_count[NAMES_SPAWNS] = n;
    free(where);
    return rc;
}

/* A reference by name: the row's data is the names list; the index goes to row->offset. */
static int read_reference(sc_read *r, const sc_row *row, const sc_node *n, const char *path, void *target)
{
    checker *ck = ck_of(r);
    int list = *(const int *)row->data;
    return sc_read_reference(r, n, path, name_nouns[list], ck->names[list], ck->name_count[list],
                             (int *)(void *)((char *)target + row->offset));
}
static const int ref_groups = NAMES_GROUPS, ref_paths = NAMES_PATHS, ref_fields = NAMES_FIELDS;
#define REF(k, st, m, list) {.key = k, .type = SC_T_CUSTOM, .offset = offsetof(st, m), .custom = read_reference, .json = "string", .data = &list}

/* ---- boxes ------------------------------------------------------------------------------ */
/* max > min on every axis; with `flat` (a box of places: spawns, goals)
 * max >= min, so that a box may lie on the ground at one height. */
static int check_box(sc_read *r, const sc_node *n, const char *path, steer_v3 lo, steer_v3 hi, bool flat)
{
    for (int a = 0; a < r->dim; ++a)
        if (!(flat ? steer_v3_get(hi, a) >= steer_v3_get(lo, a) : steer_v3_get(hi, a) > steer_v3_get(lo, a))) {
            const sc_node *max = sc_member(n, "max");
            if (a == 2 && max && max->kind == SC_ARRAY && max->count == 2) /* [x, y] given in a 3D file */
                return sc_report(r, n, path, "a 3D scenario (\"dim\": 3) needs [x, y, z] for min and max: z is missing");
            return sc_report(r, n, path, "expected max %s min on every axis (axis %c: min %g, max %g)",
                             flat ? "at least" : "greater than", "xyz"[a], (double)steer_v3_get(lo, a),
                             (double)steer_v3_get(hi, a));
        }
    return 0;
}

typedef struct box_spec {
    steer_v3 min, max;
} box_spec;

static const sc_row box_rows[] = {VEC("min", box_spec, min), VEC("max", box_spec, max)};
static const sc_table box_table = TABLE("an object {\"min\": [...], \"max\": [...]}", box_rows);

static int read_box(sc_read *r, const sc_node *n, const char *path, box_spec *out, bool flat)
{
    sc_members m;
    int rc = sc_read_object(r, n, path, &box_table, out, &m);
    if (n->kind != SC_OBJECT) return -1;
    if (sc_require(r, n, path, &m, &box_table, "min", 0) | sc_require(r, n, path, &m, &box_table, "max", 0)) return -1;
    return rc ? -1 : check_box(r, n, path, out->min, out->max, flat);
}

/* ---- render and expect ------------------------------------------------------------------- */

static int read_size(sc_read *r, const sc_row *row, const sc_node *n, const char *path, void *target)
{
    (void)row;
    steer_scenario_info *info = target;
    if (n->kind != SC_ARRAY || n->count != 2) return sc_expected(r, n, path, "[width, height] in pixels, each from 16 to 4096");
    long long wh[2] = {0, 0};
    char p[SC_PATH_SIZE];
    int rc = 0;
    for (int i = 0; i < 2; ++i) {
        sc_join_index(p, path, i);
        rc |= sc_read_int(r, &n->items[i], p, 16, 4096, &wh[i]);
    }
    if (rc) return -1;
    info->width = (int)wh[0];
    info->height = (int)wh[1];
    return 0;
}

static int read_view(sc_read *r, const sc_row *row, const sc_node *n, const char *path, void *target)
{
    (void)row;
    steer_scenario_info *info = target;
    box_spec b;
    if (read_box(r, n, path, &b, false)) return -1;
    info->view_min = b.min;
    info->view_max = b.max;
    return 0;
}

static const sc_row render_rows[] = {
    CUSTOM("size", read_size, "array", 0),
    INT_D("frames", steer_scenario_info, frames, 1, 10000, -1), /* -1: min(steps, 150), once steps are known */
    INT_D("fps", steer_scenario_info, fps, 1, 100, 25),
    INT_D("trail", steer_scenario_info, trail, 0, 1000, 12),
    FLOAT_D("agent_size", steer_scenario_info, agent_size, SC_NONNEG, 0),
    CUSTOM("view", read_view, "object", &box_table),
    COLOUR_D("background", steer_scenario_info, background, 0x10141CFFu),
    COLOUR_D("obstacle_colour", steer_scenario_info, obstacle_colour, 0x3A4150FFu),
    COLOUR_D("wall_colour", steer_scenario_info, wall_colour, 0xB8C0CCFFu),
    COLOUR_D("path_colour", steer_scenario_info, path_colour, 0xD0A0206Au),
    COLOUR_D("field_colour", steer_scenario_info, field_colour, 0x8090A040u),
};
static const sc_table render_table = TABLE("an object", render_rows);

static int read_render(sc_read *r, const sc_row *row, const sc_node *n, const char *path, void *target)
{
    (void)row;
    steer_scenario_info *info = &((steer_scenario *)target)->info;
    sc_members m;
    int rc = sc_read_object(r, n, path, &render_table, info, &m);
    if (!rc && info->agent_size > 100.0f) {
        char p[SC_PATH_SIZE];
        sc_join_key(p, path, "agent_size");
        return sc_report(r, sc_member(n, "agent_size"), p, "expected at most 100 pixels, got %g", (double)info->agent_size);
    }
    return rc;
}

static const sc_row expect_rows[] = {
    DOUBLE_D("max_obstacle_penetrations", steer_scenario_expect, max_obstacle_penetrations, SC_NONNEG, -1),
    DOUBLE_D("max_wall_crossings", steer_scenario_expect, max_wall_crossings, SC_NONNEG, -1),
    DOUBLE_D("max_jitter", steer_scenario_expect, max_jitter, SC_NONNEG, -1),
    DOUBLE_D("min_agent_distance", steer_scenario_expect, min_agent_distance, SC_NONNEG, -1),
    DOUBLE_D("max_arrive_overshoot", steer_scenario_expect, max_arrive_overshoot, SC_NONNEG, -1),
    DOUBLE_D("max_path_distance", steer_scenario_expect, max_path_distance, SC_NONNEG, -1),
    DOUBLE_D("min_arrived", steer_scenario_expect, min_arrived, SC_NONNEG, -1),
    DOUBLE_D("max_stall", steer_scenario_expect, max_stall, SC_NONNEG, -1),
    DOUBLE_D("max_overlapping_pairs", steer_scenario_expect, max_overlapping_pairs, SC_NONNEG, -1),
};
static const sc_table expect_table = TABLE("an object", expect_rows);

static int read_expect(sc_read *r, const sc_row *row, const sc_node *n, const char *path, void *target)
{
    (void)row;
    sc_members m;
    return sc_read_object(r, n, path, &expect_table, &((steer_scenario *)target)->info.expect, &m);
}

/* ---- obstacles, walls, paths ----------------------------------------------------------- */
typedef struct obstacle_spec {
    steer_obstacle3 o;
    steer_v3 velocity;
} obstacle_spec;
static const sc_row obstacle_rows[] = {
    VEC("centre", obstacle_spec, o.centre),
    FLOAT("radius", obstacle_spec, o.radius, SC_POSITIVE),
    VEC("velocity", obstacle_spec, velocity),
};
static const sc_table obstacle_table = TABLE("an obstacle {\"centre\": [x, y], \"radius\": r}", obstacle_rows);

static int read_obstacles(sc_read *r, const sc_row *row, const sc_node *n, const char *path, void *target)
{
    (void)row;
    steer_scenario *sc = target;
    if (sc_check_array(r, n, path, "obstacle", 0)) return -1;
    sc->obstacles = calloc((size_t)n->count + 1, sizeof *sc->obstacles);
    sc->obstacle_velocities = calloc((size_t)n->count + 1, sizeof *sc->obstacle_velocities);
    if (!sc->obstacles || !sc->obstacle_velocities) return sc_report(r, n, path, "out of memory");
    char p[SC_PATH_SIZE];
    int rc = 0;
    for (int i = 0; i < n->count; ++i) {
        const sc_node *el = &n->items[i];
        sc_join_index(p, path, i);
        sc_members m;
        obstacle_spec spec = {{{0.0f, 0.0f, 0.0f}, 0.0f}, {0.0f, 0.0f, 0.0f}};
        rc |= sc_read_object(r, el, p, &obstacle_table, &spec, &m);
        if (el->kind == SC_OBJECT)
            rc |= sc_require(r, el, p, &m, &obstacle_table, "centre", 0) | sc_require(r, el, p, &m, &obstacle_table, "radius", 0);
        if (r->dim == 2) spec.o.centre.z = spec.velocity.z = 0.0f;
        sc->obstacles[i] = spec.o;
        sc->obstacle_velocities[i] = spec.velocity;
    }
    sc->info.obstacle_count = n->count;
    return rc;
}

typedef struct wall_spec {
    steer_v3 from, to;
    steer_v3 *points;
    int count;
    bool closed;
    float bottom, top;
} wall_spec;

static int read_wall_points(sc_read *r, const sc_row *row, const sc_node *n, const char *path, void *target)
{
    (void)row;
    wall_spec *w = target;
    return sc_read_vec_array(r, n, path, 2, &w->points, &w->count);
}

static const sc_row wall_rows[] = {
    VEC("from", wall_spec, from),
    VEC("to", wall_spec, to),
    CUSTOM("points", read_wall_points, "array", 0),
    BOOL("closed", wall_spec, closed),
    FLOAT("bottom", wall_spec, bottom, SC_ANY),
    FLOAT("top", wall_spec, top, SC_ANY),
};
static const sc_table wall_table = TABLE("a wall {\"from\": [x, y], \"to\": [x, y]} or {\"points\": [...]}", wall_rows);

/* Whether a and b are one point on the ground (walls stand along the up
 * axis: a wall between them would have no length). */
static bool same_on_ground(steer_up_axis up, steer_v3 a, steer_v3 b)
{
    steer_v3 ga = ground_of(up, a), gb = ground_of(up, b);
    return ga.x == gb.x && ga.y == gb.y;
}

/* A wall's ends, or a polyline's consecutive points, that coincide on the
 * ground: the world refuses such a wall (a post is an obstacle). */
static int check_wall_lengths(sc_read *r, const sc_node *el, const char *p, const wall_spec *w, bool segment)
{
    const steer_up_axis up = ck_of(r)->up;
    char q[SC_PATH_SIZE], at[SC_PATH_SIZE];
    if (segment) {
        if (!same_on_ground(up, w->from, w->to)) return 0;
        sc_join_key(q, p, "to");
        return sc_report(r, sc_member(el, "to"), q,
                         "the same point as \"from\" on the ground: a wall needs length (a post is an obstacle)");
    }
    int rc = 0;
    const sc_node *points = sc_member(el, "points");
    for (int k = 1; k <= w->count; ++k) {
        int j = k % w->count;
        if (k == w->count && (!w->closed || w->count < 2)) break;
        if (!same_on_ground(up, w->points[k - 1], w->points[j])) continue;
        sc_join_key(q, p, "points");
        sc_join_index(at, q, j == 0 ? w->count - 1 : j);
        rc = j == 0 ? sc_report(r, &points->items[w->count - 1], at,
                                "the last point repeats the first: a closed wall joins them itself")
                    : sc_report(r, &points->items[j], at, "the same point as points[%d] on the ground: a wall's "
                                "consecutive points must differ", k - 1);
    }
    return rc;
}

/* A wall's "bottom" and "top" (3D only; either may be left out: no end
 * that way), the bottom below the top. */
static int check_wall_height(sc_read *r, const sc_node *el, const char *p, const sc_members *m, wall_spec *w)
{
    bool bottom = sc_has(m, &wall_table, "bottom"), top = sc_has(m, &wall_table, "top");
    char q[SC_PATH_SIZE];
    if ((bottom || top) && r->dim == 2) {
        sc_join_key(q, p, bottom ? "bottom" : "top");
        return sc_report(r, sc_member(el, bottom ? "bottom" : "top"), q,
                         "only in a 3D scenario (\"dim\": 3): a 2D world's walls have no height");
    }
    if (!bottom) w->bottom = -INFINITY;
    if (!top) w->top = INFINITY;
    if (bottom && top && !(w->bottom < w->top)) {
        /* the file's numbers, and the floats they became where those differ
         * (a top of 1e-300 over a bottom of 0 is 0 as a float) */
        const sc_node *nt = sc_member(el, "top"), *nb = sc_member(el, "bottom");
        const bool rounded = nt->number != (double)w->top || nb->number != (double)w->bottom;
        sc_join_key(q, p, "top");
        if (rounded)
            return sc_report(r, nt, q, "%g: must be above \"bottom\" (%g) as a float (they are %g and %g as floats)",
                             nt->number, nb->number, (double)w->top, (double)w->bottom);
        return sc_report(r, nt, q, "%g: must be above \"bottom\" (%g)", (double)w->top, (double)w->bottom);
    }
    return 0;
}

/* One wall's segments appended to sc->walls (its capacity in *capacity). */
static int read_wall(sc_read *r, const sc_node *el, const char *p, steer_scenario *sc, int *total, int *capacity)
{
    wall_spec w = {0};
    sc_members m;
    int rc = sc_read_object(r, el, p, &wall_table, &w, &m);
    if (el->kind != SC_OBJECT) return -1;
    bool segment = sc_has(&m, &wall_table, "from") || sc_has(&m, &wall_table, "to");
    rc |= check_wall_height(r, el, p, &m, &w);
    if (segment) {
        static const char *const allowed[] = {"from", "to", "bottom", "top"};
        rc |= sc_refuse_keys(r, el, p, &m, &wall_table, allowed, 4, "a wall given by \"from\" and \"to\"");
        rc |= sc_require(r, el, p, &m, &wall_table, sc_has(&m, &wall_table, "from") ? "to" : "from", 0);
    } else {
        rc |= sc_require(r, el, p, &m, &wall_table, "points", "(or \"from\" and \"to\")");
    }
    if (!rc) rc |= check_wall_lengths(r, el, p, &w, segment);
    int segments = segment ? 1 : (w.closed ? w.count : w.count - 1);
    if (!rc && *total + segments > *capacity) {
        int more_capacity = 2 * (*total + segments);
        steer_segment3 *more = realloc(sc->walls, sizeof *more * (size_t)more_capacity);
        if (more) sc->walls = more;
        steer_scenario_wall_height *heights = realloc(sc->wall_heights, sizeof *heights * (size_t)more_capacity);
        if (heights) sc->wall_heights = heights;
        if (!more || !heights) rc = sc_report(r, el, p, "out of memory");
        else *capacity = more_capacity;
    }
    if (!rc && !segment && w.closed) {
        sc_wall_loop *more = realloc(sc->wall_loops, sizeof *more * (size_t)(sc->wall_loop_count + 1));
        if (!more) rc = sc_report(r, el, p, "out of memory");
        else sc->wall_loops = more, sc->wall_loops[sc->wall_loop_count++] = (sc_wall_loop){*total, segments};
    }
    if (!rc)
        for (int s = 0; s < segments; ++s) {
            sc->wall_heights[*total] = (steer_scenario_wall_height){w.bottom, w.top};
            sc->walls[(*total)++] = segment ? (steer_segment3){w.from, w.to}
                                            : (steer_segment3){w.points[s], w.points[(s + 1) % w.count]};
        }
    free(w.points);
    return rc;
}

static int read_walls(sc_read *r, const sc_row *row, const sc_node *n, const char *path, void *target)
{
    (void)row;
    steer_scenario *sc = target;
    if (sc_check_array(r, n, path, "wall", 0)) return -1;
    int total = 0, capacity = n->count + 1;
    sc->walls = malloc(sizeof *sc->walls * (size_t)capacity);
    sc->wall_heights = malloc(sizeof *sc->wall_heights * (size_t)capacity);
    if (!sc->walls || !sc->wall_heights) return sc_report(r, n, path, "out of memory");
    char p[SC_PATH_SIZE];
    int rc = 0;
    for (int i = 0; i < n->count; ++i) {
        sc_join_index(p, path, i);
        rc |= read_wall(r, &n->items[i], p, sc, &total, &capacity);
    }
    if (total > WORLD_MAX_WALLS)
        return sc_report(r, n, path, "%d wall segments in all, more than the world's limit of %d", total, WORLD_MAX_WALLS);
    for (int i = 0; i < total; ++i)
        if (r->dim == 2) sc->walls[i].a.z = sc->walls[i].b.z = 0.0f;
    sc->info.wall_count = total;
    return rc;
}

typedef struct path_spec {
    char *name;
    steer_v3 *points;
    int count;
    bool closed;
    float radius;
} path_spec;

static int read_path_points(sc_read *r, const sc_row *row, const sc_node *n, const char *path, void *target)
{
    (void)row;
    path_spec *ps = target;
    return sc_read_vec_array(r, n, path, 2, &ps->points, &ps->count);
}

static const sc_row path_rows[] = {
    STRING("name", path_spec, name),
    CUSTOM("points", read_path_points, "array", 0),
    BOOL("closed", path_spec, closed),
    FLOAT_D("radius", path_spec, radius, SC_NONNEG, 1),
};
static const sc_table path_table = TABLE("a path {\"name\": ..., \"points\": [...]}", path_rows);

static int read_paths(sc_read *r, const sc_row *row, const sc_node *n, const char *path, void *target)
{
    (void)row;
    steer_scenario *sc = target;
    if (sc_check_array(r, n, path, "path", 0)) return -1;
    if (n->count > WORLD_MAX_PATHS)
        return sc_report(r, n, path, "%d paths, more than the world's limit of %d", n->count, WORLD_MAX_PATHS);
    sc->paths = calloc((size_t)n->count + 1, sizeof *sc->paths);
    sc->path_points = calloc((size_t)n->count + 1, sizeof *sc->path_points);
    if (!sc->paths || !sc->path_points) return sc_report(r, n, path, "out of memory");
    char p[SC_PATH_SIZE];
    int rc = 0;
    for (int i = 0; i < n->count; ++i) {
        const sc_node *el = &n->items[i];
        sc_join_index(p, path, i);
        path_spec ps = {0};
        sc_apply_defaults(&path_table, &ps);
        sc_members m;
        rc |= sc_read_object(r, el, p, &path_table, &ps, &m);
        if (el->kind == SC_OBJECT)
            rc |= sc_require(r, el, p, &m, &path_table, "name", 0) | sc_require(r, el, p, &m, &path_table, "points", 0);
        sc->paths[i] = (steer_scenario_path){ps.name, ps.points, ps.count, ps.closed, ps.radius};
        sc->path_points[i] = ps.points;
        sc->info.path_count = i + 1; /* owned from here on, freed with the rest */
        if (r->dim == 2)
            for (int k = 0; k < ps.count; ++k) ps.points[k].z = 0.0f;
    }
    return rc;
}

/* ---- flow fields ------------------------------------------------------------------------- */
static int read_field_size(sc_read *r, const sc_row *row, const sc_node *n, const char *path, void *target)
{
    (void)row;
    sc_field *f = target;
    const char *what = r->dim == 3 ? "[nx, ny, nz], cells per axis" : "[nx, ny], cells per axis";
    if (n->kind != SC_ARRAY || n->count != r->dim) return sc_expected(r, n, path, what);
    long long cells = 1;
    char p[SC_PATH_SIZE];
    int rc = 0;
    for (int a = 0; a < r->dim; ++a) {
        long long v = 1;
        sc_join_index(p, path, a);
        rc |= sc_read_int(r, &n->items[a], p, 1, 4096, &v);
        f->n[a] = (int)v;
        cells *= v;
    }
    if (!rc && cells > MAX_FIELD_CELLS)
        return sc_report(r, n, path, "expected at most %d cells in all, got %lld", MAX_FIELD_CELLS, cells);
    return rc;
}

static int read_field_vectors(sc_read *r, const sc_row *row, const sc_node *n, const char *path, void *target)
{
    (void)row;
    sc_field *f = target;
    int count = 0;
    if (sc_read_vec_array(r, n, path, 1, &f->vectors, &count)) return -1;
    f->vector_count = count; /* checked against size once both are known */
    return 0;
}

static const char *const field_types[] = {"uniform", "vortex", "noise", "grid"};

static const sc_row field_rows[] = {
    STRING("name", sc_field, name),
    CHOICE("type", sc_field, type, field_types),
    VEC("origin", sc_field, origin),
    FLOAT("cell_size", sc_field, cell_size, SC_POSITIVE),
    CUSTOM("size", read_field_size, "array", 0),
    FLOAT_D("strength", sc_field, strength, SC_ANY, 1),
    VEC("direction", sc_field, direction),
    VEC("centre", sc_field, centre),
    FLOAT_D("spin", sc_field, spin, SC_SIGNED_UNIT, 1),
    FLOAT("inward", sc_field, inward, SC_SIGNED_UNIT),
    SEED("seed", sc_field, seed),
    FLOAT_D("scale", sc_field, scale, SC_POSITIVE, 10),
    CUSTOM("vectors", read_field_vectors, "array", 0),
};
static const sc_table field_table = TABLE("a flow field object", field_rows);

/* The keys each type uses, and what it cannot do without. */
static int check_field_type(sc_read *r, const sc_node *n, const char *path, const sc_members *m, const sc_field *f)
{
    static const char *const uniform[] = {"name", "type", "origin", "cell_size", "size", "strength", "direction"};
    static const char *const vortex[] = {"name", "type", "origin", "cell_size", "size", "strength", "centre", "spin", "inward"};
    static const char *const noise[] = {"name", "type", "origin", "cell_size", "size", "strength", "seed", "scale"};
    static const char *const grid[] = {"name", "type", "origin", "cell_size", "size", "strength", "vectors"};
    const sc_table *t = &field_table;
    switch (f->type) {
    case SC_FIELD_UNIFORM:
        return sc_refuse_keys(r, n, path, m, t, uniform, COUNT(uniform), "a \"uniform\" field") |
               sc_require(r, n, path, m, t, "direction", "(a uniform field's direction)");
    case SC_FIELD_VORTEX: return sc_refuse_keys(r, n, path, m, t, vortex, COUNT(vortex), "a \"vortex\" field");
    case SC_FIELD_NOISE: return sc_refuse_keys(r, n, path, m, t, noise, COUNT(noise), "a \"noise\" field");
    case SC_FIELD_GRID:
        return sc_refuse_keys(r, n, path, m, t, grid, COUNT(grid), "a \"grid\" field") |
               sc_require(r, n, path, m, t, "size", "(a grid field's cells per axis)") |
               sc_require(r, n, path, m, t, "vectors", 0);
    }
    return 0;
}

/* A size that covers the bounds with cells of f->cell_size. */
static int cover_bounds(sc_read *r, const sc_node *n, const char *path, sc_field *f)
{
    checker *ck = ck_of(r);
    steer_v3 extent = steer_v3_sub(ck->bounds_max, ck->bounds_min);
    for (int a = 0; a < r->dim; ++a) {
        double cells = ceil((double)steer_v3_get(extent, a) / f->cell_size) + 1.0;
        if (cells > 4096.0) {
            char p[SC_PATH_SIZE];
            sc_join_key(p, path, "cell_size");
            return sc_report(r, n, p, "too small to cover the bounds with at most 4096 cells per axis");
        }
        f->n[a] = (int)cells;
    }
    if ((long long)f->n[0] * f->n[1] * (r->dim == 3 ? f->n[2] : 1) > MAX_FIELD_CELLS)
        return sc_report(r, n, path, "covering the bounds needs more than %d cells; set a larger cell_size", MAX_FIELD_CELLS);
    return 0;
}

static int read_field(sc_read *r, const sc_node *n, const char *path, sc_field *f)
{
    checker *ck = ck_of(r);
    const sc_table *t = &field_table;
    steer_v3 extent = steer_v3_sub(ck->bounds_max, ck->bounds_min);
    *f = (sc_field){0};
    sc_apply_defaults(t, f);
    f->n[0] = f->n[1] = f->n[2] = 1;
    f->origin = ck->bounds_min;
    f->centre = steer_v3_scale(steer_v3_add(ck->bounds_min, ck->bounds_max), 0.5f);
    sc_members m;
    int rc = sc_read_object(r, n, path, t, f, &m);
    if (n->kind != SC_OBJECT) return -1;
    rc |= sc_require(r, n, path, &m, t, "name", 0) | sc_require(r, n, path, &m, t, "type", 0);
    f->has_seed = sc_has(&m, t, "seed");
    if (sc_has(&m, t, "type") && !sc_failed(&m, t, "type")) rc |= check_field_type(r, n, path, &m, f);
    if (rc) return -1;
    if (r->dim == 2) f->n[2] = 1;
    if (!sc_has(&m, t, "cell_size")) {
        float longest = steer_maxf(extent.x, extent.y);
        if (r->dim == 3) longest = steer_maxf(longest, extent.z);
        f->cell_size = longest / 32.0f;
    }
    if (!sc_has(&m, t, "size") && cover_bounds(r, n, path, f)) return -1;
    if (f->type == SC_FIELD_UNIFORM && !(fabsf(steer_v3_len(steer_v3_normalize(f->direction)) - 1.0f) < 1e-3f)) {
        /* normalised, so a zero (or underflowing) direction was a field of zeros: nothing moved, and nothing said so */
        char p[SC_PATH_SIZE];
        sc_join_key(p, path, "direction");
        if (r->dim == 3)
            return sc_report(r, sc_member(n, "direction"), p, "expected a non-zero direction (it is normalised), got [%g, %g, %g]",
                             (double)f->direction.x, (double)f->direction.y, (double)f->direction.z);
        return sc_report(r, sc_member(n, "direction"), p, "expected a non-zero direction (it is normalised), got [%g, %g]",
                         (double)f->direction.x, (double)f->direction.y);
    }
    if (f->type == SC_FIELD_VORTEX && f->spin == 0.0f && f->inward == 0.0f) {
        /* the direction is spin along the circle plus inward toward the centre, normalised: both 0 is a field of zeros */
        char p[SC_PATH_SIZE];
        sc_join_key(p, path, "spin");
        return sc_report(r, sc_member(n, "spin"), p, "expected spin or inward other than 0 (the field would be zero), got 0 and 0");
    }
    if (f->type == SC_FIELD_GRID) {
        int want = f->n[0] * f->n[1] * f->n[2];
        if (f->vector_count != want) {
            char p[SC_PATH_SIZE];
            sc_join_key(p, path, "vectors");
            if (r->dim == 3)
                return sc_report(r, sc_member(n, "vectors"), p, "expected %d vectors (size %d x %d x %d), got %d", want,
                                 f->n[0], f->n[1], f->n[2], f->vector_count);
            return sc_report(r, sc_member(n, "vectors"), p, "expected %d vectors (size %d x %d), got %d", want, f->n[0],
                             f->n[1], f->vector_count);
        }
    }
    if (r->dim == 2) f->origin.z = 0.0f;
    return 0;
}

static int read_fields(sc_read *r, const sc_row *row, const sc_node *n, const char *path, void *target)
{
    (void)row;
    steer_scenario *sc = target;
    if (sc_check_array(r, n, path, "flow field", 0)) return -1;
    if (n->count > WORLD_MAX_FLOW_FIELDS)
        return sc_report(r, n, path, "%d flow fields, more than the world's limit of %d", n->count, WORLD_MAX_FLOW_FIELDS);
    sc->fields = calloc((size_t)n->count + 1, sizeof *sc->fields);
    sc->field_names = calloc((size_t)n->count + 1, sizeof *sc->field_names);
    if (!sc->fields || !sc->field_names) return sc_report(r, n, path, "out of memory");
    char p[SC_PATH_SIZE];
    int rc = 0;
    for (int i = 0; i < n->count; ++i) {
        sc_join_index(p, path, i);
        rc |= read_field(r, &n->items[i], p, &sc->fields[i]);
        sc->info.flow_field_count = i + 1;
        sc->field_names[i] = sc->fields[i].name;
    }
    return rc;
}

/* ---- behaviours ------------------------------------------------------------------------------ */
/* One behaviour's object, read before its values are merged into the group. */
typedef struct behaviour_spec {
    float weight, probability;
    steer_group_def d;
} behaviour_spec;

/* follow_leader's "leader": the name of a spawn of one agent, checked once
 * every spawn is read (resolve_leaders); read_behaviour keeps the node. */
static int read_leader_name(sc_read *r, const sc_row *row, const sc_node *n, const char *path, void *target)
{
    (void)row, (void)target;
    checker *ck = ck_of(r);
    int index = 0;
    return sc_read_reference(r, n, path, name_nouns[NAMES_SPAWNS], ck->names[NAMES_SPAWNS], ck->name_count[NAMES_SPAWNS],
                             &index);
}

#define COMMON FLOAT_D("weight", behaviour_spec, weight, SC_ANY, 1), FLOAT_D("probability", behaviour_spec, probability, SC_UNIT, 1)

static const sc_row b_plain[] = {COMMON};
static const sc_row b_seek[] = {COMMON, VEC("target", behaviour_spec, d.target)};
static const sc_row b_arrive[] = {COMMON, VEC("target", behaviour_spec, d.target), FLOAT("slow_radius", behaviour_spec, d.slow_radius, SC_NONNEG)};
static const sc_row b_flee[] = {COMMON, VEC("threat", behaviour_spec, d.threat), FLOAT("panic_distance", behaviour_spec, d.panic_distance, SC_NONNEG)};
static const sc_row b_pursue[] = {COMMON, REF("group", behaviour_spec, d.pursue_group, ref_groups),
                                  FLOAT("chase_radius", behaviour_spec, d.chase_radius, SC_NONNEG),
                                  FLOAT("max_prediction", behaviour_spec, d.max_prediction, SC_NONNEG)};
static const sc_row b_evade[] = {COMMON, REF("group", behaviour_spec, d.evade_group, ref_groups),
                                 FLOAT("chase_radius", behaviour_spec, d.chase_radius, SC_NONNEG),
                                 FLOAT("max_prediction", behaviour_spec, d.max_prediction, SC_NONNEG),
                                 FLOAT("panic_distance", behaviour_spec, d.panic_distance, SC_NONNEG)};
static const sc_row b_wander[] = {COMMON, FLOAT("radius", behaviour_spec, d.wander.radius, SC_NONNEG),
                                  FLOAT("distance", behaviour_spec, d.wander.distance, SC_ANY),
                                  FLOAT("jitter", behaviour_spec, d.wander.jitter, SC_NONNEG)};
static const sc_row b_path[] = {COMMON, REF("path", behaviour_spec, d.path, ref_paths), FLOAT("predict", behaviour_spec, d.path_predict, SC_NONNEG),
                                FLOAT("ahead", behaviour_spec, d.path_ahead, SC_NONNEG)};
static const sc_row b_flow[] = {COMMON, REF("field", behaviour_spec, d.flow_field, ref_fields),
                                FLOAT("predict", behaviour_spec, d.flow_predict, SC_NONNEG)};
static const sc_row b_contain[] = {COMMON, VEC("min", behaviour_spec, d.contain_min), VEC("max", behaviour_spec, d.contain_max),
                                   FLOAT("margin", behaviour_spec, d.contain_margin, SC_NONNEG)};
static const sc_row b_obstacles[] = {COMMON, FLOAT("see_ahead", behaviour_spec, d.see_ahead, SC_NONNEG),
                                     FLOAT("see_ahead_time", behaviour_spec, d.see_ahead_time, SC_NONNEG)};
static const sc_row b_avoid_neighbours[] = {COMMON, FLOAT("horizon", behaviour_spec, d.avoid_horizon, SC_NONNEG),
                                            FLOAT("margin", behaviour_spec, d.avoid_margin, SC_NONNEG),
                                            FLOAT("keep_right", behaviour_spec, d.keep_right, SC_NONNEG)};
static const sc_row b_queue[] = {COMMON, FLOAT("distance", behaviour_spec, d.queue_distance, SC_NONNEG),
                                  FLOAT("time_gap", behaviour_spec, d.queue_time_gap, SC_NONNEG)};
static const sc_row b_follow_leader[] = {COMMON, CUSTOM("leader", read_leader_name, "string", 0),
                                         FLOAT("behind", behaviour_spec, d.leader_behind, SC_NONNEG),
                                         FLOAT("sight", behaviour_spec, d.leader_sight, SC_NONNEG)};
static const sc_row b_anticipation[] = {COMMON, FLOAT("strength", behaviour_spec, d.anticipation_k, SC_NONNEG),
                                        FLOAT("time", behaviour_spec, d.anticipation_tau0, SC_POSITIVE),
                                        FLOAT("horizon", behaviour_spec, d.avoid_horizon, SC_NONNEG),
                                        FLOAT("keep_right", behaviour_spec, d.keep_right, SC_NONNEG)};
static const sc_row b_walls[] = {COMMON, FLOAT("length", behaviour_spec, d.feelers.length, SC_NONNEG),
                                 FLOAT("whisker_angle", behaviour_spec, d.feelers.whisker_angle, SC_ANY),
                                 FLOAT("whisker_length", behaviour_spec, d.feelers.whisker_length, SC_NONNEG)};
static const sc_row b_follow_wall[] = {COMMON, FLOAT("range", behaviour_spec, d.wall_follow.range, SC_NONNEG),
                                       FLOAT("distance", behaviour_spec, d.wall_follow.desired_distance, SC_NONNEG),
                                       FLOAT("gain", behaviour_spec, d.wall_follow.gain, SC_NONNEG)};

#define B_TABLE(name, rows) static const sc_table name = TABLE("an object", rows)
B_TABLE(t_plain, b_plain);
B_TABLE(t_avoid_neighbours, b_avoid_neighbours);
B_TABLE(t_anticipation, b_anticipation);
B_TABLE(t_queue, b_queue);
B_TABLE(t_follow_leader, b_follow_leader);
B_TABLE(t_seek, b_seek);
B_TABLE(t_arrive, b_arrive);
B_TABLE(t_flee, b_flee);
B_TABLE(t_pursue, b_pursue);
B_TABLE(t_evade, b_evade);
B_TABLE(t_wander, b_wander);
B_TABLE(t_path, b_path);
B_TABLE(t_flow, b_flow);
B_TABLE(t_contain, b_contain);
B_TABLE(t_obstacles, b_obstacles);
B_TABLE(t_walls, b_walls);
B_TABLE(t_follow_wall, b_follow_wall);

typedef struct behaviour_kind {
    steer_behaviour b;
    const char *required; /* a key the behaviour cannot do without, or NULL */
} behaviour_kind;

/* Group values more than one behaviour may set (seek and arrive share the
 * target, say): the first setter claims it, a different second value is an
 * error rather than a silent overwrite. */
typedef struct claim {
    size_t offset;
    char path[SC_PATH_SIZE];
} claim;

typedef struct group_spec {
    steer_group_def def;
    int preset; /* 0 none, 1 crowd: checked by its row, used as read ahead in read_groups */
    char *name;
    claim claims[32];
    int claim_count;
    const sc_node *leader; /* follow_leader's "leader", resolved after every spawn is read */
} group_spec;

static size_t row_size(const sc_row *row)
{
    switch (row->type) {
    case SC_T_VEC: return sizeof(steer_v3);
    case SC_T_CUSTOM: return sizeof(int); /* references: an index */
    default: return sizeof(float);
    }
}

/* The behaviour's values (rows after weight and probability) into the group. */
static int merge_behaviour(sc_read *r, group_spec *gs, const sc_table *t, const sc_members *m, const behaviour_spec *spec,
                           const sc_node *n, const char *path)
{
    int rc = 0;
    for (int f = 2; f < t->count; ++f) {
        if (!((m->seen >> f) & 1u) || ((m->failed >> f) & 1u)) continue;
        if (t->rows[f].custom == read_leader_name) continue; /* a name, not a group value: kept in gs->leader */
        size_t off = t->rows[f].offset, size = row_size(&t->rows[f]);
        const char *from = (const char *)spec + off;
        char *to = (char *)&gs->def + (off - offsetof(behaviour_spec, d));
        char p[SC_PATH_SIZE];
        sc_join_key(p, path, t->rows[f].key);
        int c = 0;
        while (c < gs->claim_count && gs->claims[c].offset != off) ++c;
        if (c < gs->claim_count && memcmp(to, from, size)) {
            rc = sc_report(r, sc_member(n, t->rows[f].key), p,
                           "differs from %s; a group has only one (set the same value in both)", gs->claims[c].path);
            continue;
        }
        if (c == gs->claim_count && gs->claim_count < 32) {
            gs->claims[c].offset = off;
            snprintf(gs->claims[c].path, sizeof gs->claims[c].path, "%s", p);
            gs->claim_count++;
        }
        memcpy(to, from, size);
    }
    return rc;
}

static int read_behaviour(sc_read *r, const sc_row *row, const sc_node *n, const char *path, void *target)
{
    group_spec *gs = target;
    const behaviour_kind *k = row->data;
    const sc_table *t = row->sub;
    behaviour_spec spec = {1.0f, 1.0f, gs->def};
    if (n->kind == SC_NUMBER && !k->required) {
        if (sc_read_float(r, n, path, SC_ANY, &spec.weight)) return -1;
        gs->def.weight[k->b] = spec.weight;
        return 0;
    }
    if (n->kind != SC_OBJECT) {
        char what[96];
        if (k->required) snprintf(what, sizeof what, "an object with \"%s\"", k->required);
        else snprintf(what, sizeof what, "a weight or an object");
        return sc_expected(r, n, path, what);
    }
    sc_members m;
    int rc = sc_read_object(r, n, path, t, &spec, &m);
    if (k->required) rc |= sc_require(r, n, path, &m, t, k->required, 0);
    gs->def.weight[k->b] = spec.weight;
    gs->def.probability[k->b] = spec.probability;
    rc |= merge_behaviour(r, gs, t, &m, &spec, n, path);
    if (k->b == STEER_FOLLOW_LEADER && !sc_failed(&m, t, "leader")) gs->leader = sc_member(n, "leader");
    if ((k->b == STEER_SEEK || k->b == STEER_ARRIVE) && !rc && sc_has(&m, t, "target")) { /* one outside is never reached */
        char p[SC_PATH_SIZE];
        sc_join_key(p, path, "target");
        rc |= check_in_box(r, sc_member(n, "target"), p, spec.d.target, k->b == STEER_SEEK ? "seek's target" : "arrive's target");
    }
    if (k->b == STEER_CONTAIN && !rc) {
        bool lo = sc_has(&m, t, "min"), hi = sc_has(&m, t, "max");
        if (lo != hi) return sc_require(r, n, path, &m, t, lo ? "max" : "min", "(a box needs both)");
        /* flat allowed, as the C API: a Y-up pen on the ground at one height */
        if (lo) return check_box(r, n, path, gs->def.contain_min, gs->def.contain_max, true);
    }
    return rc;
}

#define KIND(k, b, table, js, req) \
    {.key = k, .type = SC_T_CUSTOM, .custom = read_behaviour, .json = js, .sub = &table, .data = &(const behaviour_kind){b, req}}
#define OPTIONAL(k, b, table) KIND(k, b, table, "number|object", 0)
#define NEEDS(k, b, table, req) KIND(k, b, table, "object", req)
/* In the priority order of the priority, running_sum and dither modes. */
static const sc_row behaviour_rows[] = {
    OPTIONAL("avoid_obstacles", STEER_AVOID_OBSTACLES, t_obstacles),
    OPTIONAL("avoid_walls", STEER_AVOID_WALLS, t_walls),
    OPTIONAL("contain", STEER_CONTAIN, t_contain),
    OPTIONAL("avoid_neighbours", STEER_AVOID_NEIGHBOURS, t_avoid_neighbours),
    OPTIONAL("anticipation", STEER_ANTICIPATE, t_anticipation),
    OPTIONAL("queue", STEER_QUEUE, t_queue),
    OPTIONAL("separation", STEER_SEPARATION, t_plain),
    NEEDS("evade", STEER_EVADE, t_evade, "group"),
    NEEDS("flee", STEER_FLEE, t_flee, "threat"),
    NEEDS("pursue", STEER_PURSUE, t_pursue, "group"),
    NEEDS("seek", STEER_SEEK, t_seek, "target"),
    NEEDS("arrive", STEER_ARRIVE, t_arrive, "target"),
    NEEDS("follow_leader", STEER_FOLLOW_LEADER, t_follow_leader, "leader"),
    OPTIONAL("follow_wall", STEER_FOLLOW_WALL, t_follow_wall),
    NEEDS("follow_path", STEER_FOLLOW_PATH, t_path, "path"),
    NEEDS("follow_flow", STEER_FOLLOW_FLOW, t_flow, "field"),
    OPTIONAL("alignment", STEER_ALIGNMENT, t_plain),
    OPTIONAL("cohesion", STEER_COHESION, t_plain),
    OPTIONAL("wander", STEER_WANDER, t_wander),
};
static const sc_table behaviour_table = TABLE("an object of behaviours", behaviour_rows);

static int read_behaviours(sc_read *r, const sc_row *row, const sc_node *n, const char *path, void *target)
{
    (void)row;
    sc_members m;
    return sc_read_object(r, n, path, &behaviour_table, target, &m);
}

/* ---- neighbours ------------------------------------------------------------------------------ */
static int read_neighbour_groups(sc_read *r, const sc_row *row, const sc_node *n, const char *path, void *target)
{
    (void)row;
    checker *ck = ck_of(r);
    steer_group_def *d = target;
    if (n->kind != SC_ARRAY) return sc_expected(r, n, path, "an array of group names");
    uint32_t mask = 0;
    char p[SC_PATH_SIZE];
    int rc = 0;
    for (int i = 0; i < n->count; ++i) {
        sc_join_index(p, path, i);
        int g = 0;
        if (sc_read_reference(r, &n->items[i], p, "group", ck->names[NAMES_GROUPS], ck->name_count[NAMES_GROUPS], &g))
            rc = -1;
        else mask |= 1u << g;
    }
    if (!rc) d->neighbour_mask = mask;
    return rc;
}

static const sc_row neighbour_rows[] = {
    FLOAT("radius", steer_group_def, neighbour_radius, SC_NONNEG),
    FLOAT("separation_radius", steer_group_def, separation_radius, SC_NONNEG),
    FLOAT("field_of_view", steer_group_def, field_of_view, SC_NONNEG),
    CUSTOM("groups", read_neighbour_groups, "array", 0),
    BOOL("desired_forms", steer_group_def, desired_forms),
};
static const sc_table neighbour_table = TABLE("an object", neighbour_rows);

static int read_neighbours(sc_read *r, const sc_row *row, const sc_node *n, const char *path, void *target)
{
    (void)row;
    sc_members m;
    return sc_read_object(r, n, path, &neighbour_table, &((group_spec *)target)->def, &m);
}

/* ---- spawns --------------------------------------------------------------------------------- */
static int read_heading(sc_read *r, const sc_row *row, const sc_node *n, const char *path, void *target)
{
    (void)row;
    sc_spawn *s = target;
    if (n->kind == SC_NUMBER) {
        s->heading = SC_HEADING_ANGLE;
        return sc_read_float(r, n, path, SC_ANY, &s->angle);
    }
    static const char *const names[] = {"random", "tangent", "outward"};
    static const sc_heading map[] = {SC_HEADING_RANDOM, SC_HEADING_TANGENT, SC_HEADING_OUTWARD};
    int h = 0;
    if (n->kind != SC_STRING) return sc_expected(r, n, path, "an angle in radians or one of \"random\", \"tangent\", \"outward\"");
    if (sc_read_choice(r, n, path, names, 3, &h)) return -1;
    s->heading = map[h];
    return 0;
}

static int read_spawn_points(sc_read *r, const sc_row *row, const sc_node *n, const char *path, void *target)
{
    (void)row;
    sc_spawn *s = target;
    if (sc_read_vec_array(r, n, path, 1, &s->points, &s->point_count)) return -1;
    return check_points_in_box(r, n, path, s->points, s->point_count, "a start");
}

/* ---- goals ------------------------------------------------------------------------------------ */
static int read_goal_points(sc_read *r, const sc_row *row, const sc_node *n, const char *path, void *target)
{
    (void)row;
    sc_goal *g = target;
    if (sc_read_vec_array(r, n, path, 1, &g->points, &g->point_count)) return -1;
    if (g->point_count > STEER_MAX_GOAL_POINTS)
        return sc_report(r, n, path, "expected at most %d points, got %d", STEER_MAX_GOAL_POINTS, g->point_count);
    return check_points_in_box(r, n, path, g->points, g->point_count, "a goal point");
}

static int read_goal_via(sc_read *r, const sc_row *row, const sc_node *n, const char *path, void *target)
{
    (void)row;
    sc_goal *g = target;
    if (sc_read_vec_array(r, n, path, 1, &g->via, &g->via_count)) return -1;
    if (g->via_count > SC_MAX_VIA) return sc_report(r, n, path, "expected at most %d points, got %d", SC_MAX_VIA, g->via_count);
    return check_points_in_box(r, n, path, g->via, g->via_count, "a point of the route");
}

static int read_goal_box(sc_read *r, const sc_row *row, const sc_node *n, const char *path, void *target)
{
    (void)row;
    sc_goal *g = target;
    box_spec b;
    if (read_box(r, n, path, &b, true)) return -1;
    g->min = b.min;
    g->max = b.max;
    char p[SC_PATH_SIZE];
    sc_join_key(p, path, "min");
    int rc = check_in_box(r, sc_member(n, "min"), p, b.min, "a corner of the goals' box");
    sc_join_key(p, path, "max");
    return rc | check_in_box(r, sc_member(n, "max"), p, b.max, "a corner of the goals' box");
}

static int read_antipode(sc_read *r, const sc_row *row, const sc_node *n, const char *path, void *target)
{
    (void)row;
    (void)target;
    bool on = false;
    if (sc_read_bool(r, n, path, &on)) return -1;
    return on ? 0 : sc_expected(r, n, path, "true (each agent to the point opposite its start); leave it out otherwise");
}

/* kind "seek" is index 0: the stored kind is the index + 1 (STEER_GOAL_SEEK). */
static const char *const goal_kinds[] = {"seek", "arrive", "path", "waypoints"};
_Static_assert(STEER_GOAL_SEEK == 1 && STEER_GOAL_ARRIVE == 2 && STEER_GOAL_PATH == 3 && STEER_GOAL_WAYPOINTS == 4,
               "goal kinds follow goal_kinds");

/* Who goes where: "in_order" (the file's order), or the world's
 * least-squares assignment (steer_world_send_to_places), with "together"'s
 * speeds or not. */
static const char *const assign_kinds[] = {"in_order", "least_squares", "together"};
static const char *const path_starts[] = {"first", "nearest"};

/* A goal's speed: a number, or a spread {"mean", "sd", "min", "max"} from
 * which each agent draws its own (scenario_build.c, spread_speed). */
typedef struct speed_spec {
    float mean, sd, min, max;
} speed_spec;
static const sc_row speed_rows[] = {
    FLOAT("mean", speed_spec, mean, SC_POSITIVE),
    FLOAT("sd", speed_spec, sd, SC_NONNEG),
    FLOAT("min", speed_spec, min, SC_POSITIVE),
    FLOAT("max", speed_spec, max, SC_POSITIVE),
};
static const sc_table speed_table = TABLE("a number, or an object {\"mean\", \"sd\", \"min\", \"max\"}", speed_rows);

static int read_goal_speed(sc_read *r, const sc_row *row, const sc_node *n, const char *path, void *target)
{
    (void)row;
    sc_goal *g = target;
    if (n->kind != SC_OBJECT) return sc_read_float(r, n, path, SC_NONNEG, &g->speed);
    speed_spec s = {0.0f, 0.0f, -1.0f, INFINITY};
    sc_members m;
    int rc = sc_read_object(r, n, path, &speed_table, &s, &m);
    rc |= sc_require(r, n, path, &m, &speed_table, "mean", 0) | sc_require(r, n, path, &m, &speed_table, "sd", 0);
    if (rc) return -1;
    if (s.min < 0.0f) s.min = 0.25f * s.mean; /* a drawn 0 would mean the group's max_speed */
    if (!(s.min <= s.max)) return sc_report(r, n, path, "expected min at most max, got min %g, max %g", (double)s.min, (double)s.max);
    g->speed = s.mean, g->speed_sd = s.sd, g->speed_min = s.min, g->speed_max = s.max;
    g->speed_spread = true;
    return 0;
}

static const sc_row goal_rows[] = {
    CHOICE("kind", sc_goal, kind, goal_kinds),
    VEC("target", sc_goal, target),
    CUSTOM("antipode", read_antipode, "boolean", 0),
    CUSTOM("points", read_goal_points, "array", 0),
    CUSTOM("box", read_goal_box, "object", &box_table),
    VEC("around", sc_goal, target), /* the point an order sends the spawn to (the places are the world's) */
    SEED("seed", sc_goal, seed),
    REF("path", sc_goal, path, ref_paths),
    CHOICE("start", sc_goal, start, path_starts),
    FLOAT("slow_radius", sc_goal, slow_radius, SC_NONNEG),
    CUSTOM("speed", read_goal_speed, "number|object", &speed_table),
    CHOICE("assign", sc_goal, assign, assign_kinds),
    CUSTOM("via", read_goal_via, "array", 0),
    FLOAT("spacing", sc_goal, spacing, SC_NONNEG),
};
static const sc_table goal_table = TABLE("a goal object {\"kind\": ..., and where to}", goal_rows);

/* The keys each kind uses, and its one placement. */
static int check_goal_kind(sc_read *r, const sc_node *n, const char *path, const sc_members *m, sc_goal *g)
{
    static const char *const seek[] = {"kind", "target", "antipode", "points", "box", "seed", "spacing", "speed"};
    static const char *const arrive[] = {"kind", "target", "antipode", "points", "box", "around", "seed", "spacing",
                                         "speed", "slow_radius", "assign", "via"};
    static const char *const path_keys[] = {"kind", "path", "start", "speed", "slow_radius"};
    static const char *const waypoints[] = {"kind", "points", "speed", "slow_radius"};
    static const char *const places[] = {"target", "antipode", "points", "box", "around"};
    const sc_table *t = &goal_table;
    switch (g->kind) {
    case STEER_GOAL_PATH:
        g->place = SC_GOAL_PATH;
        return sc_refuse_keys(r, n, path, m, t, path_keys, COUNT(path_keys), "kind \"path\"") |
               sc_require(r, n, path, m, t, "path", 0);
    case STEER_GOAL_WAYPOINTS:
        g->place = SC_GOAL_POINTS;
        return sc_refuse_keys(r, n, path, m, t, waypoints, COUNT(waypoints), "kind \"waypoints\"") |
               sc_require(r, n, path, m, t, "points", "(the route)");
    default: break;
    }
    bool seek_kind = g->kind == STEER_GOAL_SEEK;
    int rc = seek_kind ? sc_refuse_keys(r, n, path, m, t, seek, COUNT(seek), "kind \"seek\"")
                       : sc_refuse_keys(r, n, path, m, t, arrive, COUNT(arrive), "kind \"arrive\"");
    const char *first = 0;
    for (int i = 0; i < COUNT(places); ++i) {
        if (!sc_has(m, t, places[i])) continue;
        if (first) {
            char p[SC_PATH_SIZE];
            sc_join_key(p, path, places[i]);
            rc = sc_report(r, sc_member(n, places[i]), p, "one placement per goal: \"%s\" is already given", first);
            continue;
        }
        first = places[i];
        g->place = (sc_goal_place)i;
    }
    _Static_assert(SC_GOAL_TARGET == 0 && SC_GOAL_ANTIPODE == 1 && SC_GOAL_POINTS == 2 && SC_GOAL_BOX == 3 &&
                       SC_GOAL_AROUND == 4,
                   "placements follow places");
    if (!first)
        rc = sc_report(r, n, path, "missing a placement: one of \"target\", \"antipode\", \"points\", \"box\", \"around\"");
    if (first && g->place == SC_GOAL_TARGET && !sc_failed(m, t, "target")) {
        char p[SC_PATH_SIZE];
        sc_join_key(p, path, "target");
        rc |= check_in_box(r, sc_member(n, "target"), p, g->target, "a goal target");
    }
    if (first && g->place == SC_GOAL_AROUND && !sc_failed(m, t, "around")) {
        char p[SC_PATH_SIZE];
        sc_join_key(p, path, "around");
        rc |= check_in_box(r, sc_member(n, "around"), p, g->target, "the point ordered to");
    }
    if (first && g->place == SC_GOAL_AROUND && sc_has(m, t, "spacing") && !sc_failed(m, t, "spacing") && ck_of(r)->boxed) {
        /* the world passes over a place closer than half the spacing to the box's edge: from the
           narrowest side on up, none is left and every agent is sent to about the same point */
        const checker *ck = ck_of(r);
        const steer_up_axis up = ground_up(r->dim, ck->up);
        steer_v3 lo = ground_of(up, ck->bounds_min), hi = ground_of(up, ck->bounds_max);
        double narrowest = fmin(fabs((double)hi.x - lo.x), fabs((double)hi.y - lo.y));
        if (g->spacing >= narrowest) {
            char p[SC_PATH_SIZE];
            sc_join_key(p, path, "spacing");
            rc = sc_report(r, sc_member(n, "spacing"), p,
                           "%g leaves no place in the box: an order's places stand at least half the spacing from its "
                           "edges, so it must be less than the box's narrowest side on the ground (%g)",
                           (double)g->spacing, narrowest);
        }
    }
    for (int i = 0; i < 2; ++i) { /* the keys of a box's random points ("spacing": an order's places too) */
        const char *key = i == 0 ? "seed" : "spacing";
        if (!sc_has(m, t, key) || sc_has(m, t, "box") || (i == 1 && sc_has(m, t, "around"))) continue;
        char p[SC_PATH_SIZE];
        sc_join_key(p, path, key);
        rc = sc_report(r, sc_member(n, key), p,
                       i == 0 ? "used only with \"box\" (its random points)"
                              : "used only with \"box\" (its random points) or \"around\" (an order's places)");
    }
    if (first && g->place == SC_GOAL_AROUND) { /* the world chooses who goes where */
        if (!sc_has(m, t, "assign")) g->assign = 2;
        if (g->assign == 0) {
            char p[SC_PATH_SIZE];
            sc_join_key(p, path, "assign");
            rc = sc_report(r, sc_member(n, "assign"), p,
                           "\"in_order\" is not for \"around\": the world chooses who takes which place "
                           "(\"least_squares\", or \"together\", the default)");
        }
    }
    if (g->assign != 0 && g->via_count > 0) {
        char p[SC_PATH_SIZE];
        sc_join_key(p, path, "via");
        rc = sc_report(r, sc_member(n, "via"), p, "not with \"assign\": the world's assignment sends each agent straight "
                                                  "to its place (give the places in order for a route first)");
    }
    if (g->assign != 0 && first && g->place != SC_GOAL_POINTS && g->place != SC_GOAL_BOX && g->place != SC_GOAL_AROUND) {
        char p[SC_PATH_SIZE];
        sc_join_key(p, path, "assign");
        rc = sc_report(r, sc_member(n, "assign"), p,
                       "used only with \"points\", \"box\" or \"around\" (places to choose among)");
    }
    return rc;
}

static int read_goal(sc_read *r, const sc_row *row, const sc_node *n, const char *path, void *target)
{
    (void)row;
    sc_goal *g = &((sc_spawn *)target)->goal;
    sc_goal read = {0};
    const sc_table *t = &goal_table;
    sc_members m;
    int rc = sc_read_object(r, n, path, t, &read, &m);
    if (n->kind != SC_OBJECT) return -1;
    rc |= sc_require(r, n, path, &m, t, "kind", 0);
    if (sc_has(&m, t, "kind") && !sc_failed(&m, t, "kind")) {
        read.kind = (steer_goal_kind)(read.kind + 1);
        rc |= check_goal_kind(r, n, path, &m, &read);
    }
    read.has_seed = sc_has(&m, t, "seed");
    free(g->points);
    free(g->via);
    *g = read; /* owned by the spawn from here on, valid or not */
    if (rc) g->kind = STEER_GOAL_NONE;
    if (r->dim == 2) {
        g->target.z = g->min.z = g->max.z = 0.0f;
        for (int k = 0; k < g->point_count; ++k) g->points[k].z = 0.0f;
        for (int k = 0; k < g->via_count; ++k) g->via[k].z = 0.0f;
    }
    return rc;
}

/* A reflection through the spawn's centre lands back on its shape only
 * for the shapes symmetric about it. */
static int check_antipode(sc_read *r, const sc_node *n, const char *path, const sc_spawn *s)
{
    if (s->goal.kind == STEER_GOAL_NONE || s->goal.place != SC_GOAL_ANTIPODE || s->shape != SC_SHAPE_POINTS) return 0;
    const sc_node *goal = sc_member(n, "goal");
    char p[SC_PATH_SIZE], q[SC_PATH_SIZE];
    sc_join_key(q, path, "goal");
    sc_join_key(p, q, "antipode");
    return sc_report(r, sc_member(goal, "antipode"), p,
                     "needs a shape symmetric about its centre (\"circle\", \"disc\", \"box\" or \"line\"), not \"points\"");
}

/* An assignment needs a place for each agent, and at most STEER_MAX_PLACES. */
static int check_assign(sc_read *r, const sc_node *n, const char *path, const sc_spawn *s)
{
    const sc_goal *g = &s->goal;
    if (g->kind == STEER_GOAL_NONE || g->assign == 0) return 0;
    int places = g->place == SC_GOAL_POINTS ? g->point_count : s->count;
    if (places >= s->count && places <= STEER_MAX_PLACES) return 0;
    char p[SC_PATH_SIZE], q[SC_PATH_SIZE];
    sc_join_key(q, path, "goal");
    sc_join_key(p, q, "assign");
    if (s->count > STEER_MAX_PLACES) /* no number of places would do: say what would */
        return sc_report(r, sc_member(sc_member(n, "goal"), "assign"), p,
                         "assigns at most %d agents, got count %d (split the spawn, or leave out assign)", STEER_MAX_PLACES,
                         s->count);
    return sc_report(r, sc_member(sc_member(n, "goal"), "assign"), p,
                     "needs between count (%d) and %d places, got %d", s->count, STEER_MAX_PLACES, places);
}

static const char *const shapes[] = {"box", "disc", "line", "points", "circle"};

/* A spawn's name (unique: collect_spawn_names), kept as the tree's string. */
static int read_spawn_name(sc_read *r, const sc_row *row, const sc_node *n, const char *path, void *target)
{
    (void)row;
    if (n->kind != SC_STRING || n->string[0] == 0) return sc_expected(r, n, path, "a non-empty name");
    ((sc_spawn *)target)->name = n->string;
    return 0;
}

/* "body_radius": a number, or a range [lo, hi] each agent draws its own
 * from (scenario_build.c); > 0, since the world's 0 means the group's. */
static int read_body_radius(sc_read *r, const sc_row *row, const sc_node *n, const char *path, void *target)
{
    (void)row;
    sc_spawn *s = target;
    if (n->kind == SC_NUMBER) {
        if (sc_read_float(r, n, path, SC_POSITIVE, &s->body_lo)) return -1;
        s->body_hi = s->body_lo;
    } else if (n->kind == SC_ARRAY && n->count == 2) {
        char p[SC_PATH_SIZE];
        snprintf(p, sizeof p, "%s[0]", path);
        int rc = sc_read_float(r, &n->items[0], p, SC_POSITIVE, &s->body_lo);
        snprintf(p, sizeof p, "%s[1]", path);
        rc |= sc_read_float(r, &n->items[1], p, SC_POSITIVE, &s->body_hi);
        if (rc) return -1;
        if (s->body_lo > s->body_hi)
            return sc_report(r, n, path, "expected a range [lo, hi] with lo at most hi, got [%g, %g]", (double)s->body_lo,
                             (double)s->body_hi);
    } else {
        return sc_expected(r, n, path, "a positive number, or a range [lo, hi] of two");
    }
    s->has_body_radius = true;
    return 0;
}

static const sc_row spawn_rows[] = {
    CUSTOM("name", read_spawn_name, "string", 0),
    INT("count", sc_spawn, count, 0, MAX_AGENTS),
    CHOICE("shape", sc_spawn, shape, shapes),
    VEC("min", sc_spawn, min),
    VEC("max", sc_spawn, max),
    VEC("centre", sc_spawn, centre),
    FLOAT("radius", sc_spawn, radius, SC_NONNEG),
    FLOAT("inner_radius", sc_spawn, inner_radius, SC_NONNEG),
    VEC("from", sc_spawn, from),
    VEC("to", sc_spawn, to),
    CUSTOM("points", read_spawn_points, "array", 0),
    VEC("velocity", sc_spawn, velocity),
    FLOAT("speed", sc_spawn, speed, SC_NONNEG),
    CUSTOM("heading", read_heading, "string|number", 0),
    SEED("seed", sc_spawn, seed),
    FLOAT("spacing", sc_spawn, spacing, SC_NONNEG),
    CUSTOM("body_radius", read_body_radius, "number|array", 0),
    CUSTOM("goal", read_goal, "object", &goal_table),
};
static const sc_table spawn_table = TABLE("a spawn object", spawn_rows);

/* The keys each shape uses, and what it cannot do without. */
static int check_shape(sc_read *r, const sc_node *n, const char *path, const sc_members *m, sc_spawn *s)
{
    static const char *const box[] = {"name", "count", "shape", "min", "max", "velocity", "speed", "heading", "seed", "spacing", "body_radius", "goal"};
    static const char *const disc[] = {"name", "count", "shape", "centre", "radius", "inner_radius", "velocity", "speed", "heading", "seed", "spacing", "body_radius", "goal"};
    static const char *const circle[] = {"name", "count", "shape", "centre", "radius", "velocity", "speed", "heading", "seed", "body_radius", "goal"};
    static const char *const line[] = {"name", "count", "shape", "from", "to", "velocity", "speed", "heading", "seed", "body_radius", "goal"};
    static const char *const points[] = {"name", "count", "shape", "points", "velocity", "speed", "heading", "seed", "body_radius", "goal"};
    const sc_table *t = &spawn_table;
    char p[SC_PATH_SIZE];
    switch ((sc_shape)s->shape) {
    case SC_SHAPE_BOX: {
        int rc = sc_refuse_keys(r, n, path, m, t, box, COUNT(box), "shape \"box\"");
        if (sc_has(m, t, "min") != sc_has(m, t, "max"))
            return sc_require(r, n, path, m, t, sc_has(m, t, "min") ? "max" : "min", "(a box needs both)");
        return rc ? rc : check_box(r, n, path, s->min, s->max, true);
    }
    case SC_SHAPE_DISC: {
        int rc = sc_refuse_keys(r, n, path, m, t, disc, COUNT(disc), "shape \"disc\"") |
                 sc_require(r, n, path, m, t, "centre", 0) | sc_require(r, n, path, m, t, "radius", 0);
        if (!rc && s->inner_radius > s->radius) {
            sc_join_key(p, path, "inner_radius");
            return sc_report(r, sc_member(n, "inner_radius"), p, "expected at most radius (%g), got %g", (double)s->radius,
                             (double)s->inner_radius);
        }
        return rc;
    }
    case SC_SHAPE_CIRCLE:
        return sc_refuse_keys(r, n, path, m, t, circle, COUNT(circle), "shape \"circle\"") |
               sc_require(r, n, path, m, t, "centre", 0) | sc_require(r, n, path, m, t, "radius", 0);
    case SC_SHAPE_LINE:
        return sc_refuse_keys(r, n, path, m, t, line, COUNT(line), "shape \"line\"") |
               sc_require(r, n, path, m, t, "from", 0) | sc_require(r, n, path, m, t, "to", 0);
    case SC_SHAPE_POINTS: {
        int rc = sc_refuse_keys(r, n, path, m, t, points, COUNT(points), "shape \"points\"") |
                 sc_require(r, n, path, m, t, "points", 0);
        /* points that failed to read (an empty list) are their own error: no count can match them */
        if (!rc && sc_has(m, t, "count") && !sc_failed(m, t, "points") && s->count != s->point_count) {
            sc_join_key(p, path, "count");
            rc = sc_report(r, sc_member(n, "count"), p, "expected %d (the number of points), got %d", s->point_count, s->count);
        }
        s->count = s->point_count;
        return rc;
    }
    }
    return 0;
}

/* A spawn shape must lie in a wrap or clamp world's box, as its points
 * must (check_in_box): the world would stack the agents outside onto its
 * edge. A box's corners, a line's ends, a disc's or circle's four
 * farthest points along the ground's axes. */
static int check_shape_in_box(sc_read *r, const sc_node *n, const char *path, const sc_spawn *s)
{
    char p[SC_PATH_SIZE];
    switch ((sc_shape)s->shape) {
    case SC_SHAPE_BOX:
    case SC_SHAPE_LINE: {
        bool box = s->shape == SC_SHAPE_BOX;
        const char *keys[2] = {box ? "min" : "from", box ? "max" : "to"};
        steer_v3 ends[2] = {box ? s->min : s->from, box ? s->max : s->to};
        int rc = 0;
        for (int k = 0; k < 2 && !rc; ++k) {
            if (!sc_member(n, keys[k])) continue; /* a box left out is the world's */
            sc_join_key(p, path, keys[k]);
            rc = check_in_box(r, sc_member(n, keys[k]), p, ends[k], box ? "a corner of the spawn's box" : "an end of the spawn's line");
        }
        return rc;
    }
    case SC_SHAPE_DISC:
    case SC_SHAPE_CIRCLE: {
        const steer_up_axis up = ground_up(r->dim, ck_of(r)->up);
        steer_v3 c = ground_of(up, s->centre);
        const float off[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
        sc_join_key(p, path, "radius");
        for (int k = 0; k < 4; ++k) {
            steer_v3 edge = ground_to_world(up, steer_v3_make(c.x + off[k][0] * s->radius, c.y + off[k][1] * s->radius, c.z));
            if (check_in_box(r, sc_member(n, "radius"), p, edge,
                             s->shape == SC_SHAPE_DISC ? "the disc's edge (centre +- radius)" : "the circle (centre +- radius)"))
                return -1;
        }
        return 0;
    }
    case SC_SHAPE_POINTS: break; /* each point is checked as it is read */
    }
    return 0;
}

static int read_spawn(sc_read *r, const sc_node *n, const char *path, const steer_group_def *def, sc_spawn *s)
{
    checker *ck = ck_of(r);
    const sc_table *t = &spawn_table;
    s->shape = SC_SHAPE_BOX;
    s->min = ck->bounds_min;
    s->max = ck->bounds_max;
    s->speed = 0.5f * def->max_speed;
    sc_members m;
    int rc = sc_read_object(r, n, path, t, s, &m);
    if (n->kind != SC_OBJECT) return -1;
    s->has_velocity = sc_has(&m, t, "velocity");
    s->has_seed = sc_has(&m, t, "seed");
    if (!sc_failed(&m, t, "shape")) rc |= check_shape(r, n, path, &m, s) | check_antipode(r, n, path, s);
    if (!rc) rc |= check_shape_in_box(r, n, path, s);
    if (s->shape != SC_SHAPE_POINTS) rc |= sc_require(r, n, path, &m, t, "count", 0);
    rc |= check_assign(r, n, path, s);
    if (s->has_body_radius && def->keep_apart && def->neighbour_radius < 2.0f * s->body_hi) { /* the library's rule */
        char p[SC_PATH_SIZE];
        sc_join_key(p, path, "body_radius");
        rc = sc_report(r, sc_member(n, "body_radius"), p,
                       "%g with keep_apart and neighbour radius %g: must be at most neighbour radius / 2 = %g (keep_apart "
                       "sees only neighbours within it, and two bodies touch at 2 radius)",
                       (double)s->body_hi, (double)def->neighbour_radius, 0.5 * (double)def->neighbour_radius);
    }
    if (s->has_velocity && (sc_has(&m, t, "speed") || sc_has(&m, t, "heading"))) {
        char p[SC_PATH_SIZE];
        sc_join_key(p, path, "velocity");
        rc = sc_report(r, sc_member(n, "velocity"), p, "give either \"velocity\" or \"speed\" and \"heading\", not both");
    }
    return rc;
}

static int keep_spawn(sc_read *r, const sc_row *row, const sc_node *n, const char *path, void *target)
{
    (void)row;
    (void)target;
    return sc_check_array(r, n, path, "spawn", 0); /* read once the group's limits are known */
}

/* ---- groups ---------------------------------------------------------------------------------- */
static const char *const group_presets[] = {"none", "crowd"};
static const sc_row group_rows[] = {
    STRING("name", group_spec, name),
    CHOICE("preset", group_spec, preset, group_presets),
    COLOUR("colour", group_spec, def.colour),
    FLOAT("max_speed", group_spec, def.max_speed, SC_POSITIVE),
    FLOAT("max_force", group_spec, def.max_force, SC_POSITIVE),
    FLOAT("mass", group_spec, def.mass, SC_POSITIVE),
    FLOAT("radius", group_spec, def.radius, SC_NONNEG),
    FLOAT("max_turn_rate", group_spec, def.max_turn_rate, SC_NONNEG),
    FLOAT("reverse_speed", group_spec, def.reverse_speed, SC_NONNEG),
    FLOAT("arrival_tolerance", group_spec, def.arrival_tolerance, SC_NONNEG),
    FLOAT("arrival_speed", group_spec, def.arrival_speed, SC_NONNEG),
    FLOAT("departure_distance", group_spec, def.departure_distance, SC_NONNEG),
    FLOAT("waypoint_radius", group_spec, def.waypoint_radius, SC_NONNEG),
    FLOAT("priority", group_spec, def.priority, SC_POSITIVE),
    FLOAT("arrived_priority", group_spec, def.arrived_priority, SC_NONNEG),
    BOOL("keep_apart", group_spec, def.keep_apart),
    BOOL("chapter_arrive", group_spec, def.chapter_arrive),
    BOOL("ground_plane", group_spec, def.ground_plane),
    CUSTOM("neighbours", read_neighbours, "object", &neighbour_table),
    CHOICE("combine", group_spec, def.combine, ((const char *const[]){"blend", "priority", "running_sum", "dither"})),
    CUSTOM("behaviours", read_behaviours, "object", &behaviour_table),
    CUSTOM("spawn", keep_spawn, "array", &spawn_table),
};
static const sc_table group_table = TABLE("a group object", group_rows);

static const uint32_t default_colours[] = {0x5EB8FFFFu, 0xFF6B5EFFu, 0x7BE07BFFu, 0xFFC857FFu,
                                           0xC792EAFFu, 0x4DD8D0FFu, 0xFF8FC7FFu, 0xE0E0E0FFu};

static int read_spawns(sc_read *r, const sc_node *arr, const char *path, int group)
{
    steer_scenario *sc = ck_of(r)->sc;
    steer_scenario_group *g = &sc->groups[group];
    sc_spawn *more = realloc(sc->spawns, sizeof *more * (size_t)(sc->spawn_count + arr->count + 1));
    if (!more) return sc_report(r, arr, path, "out of memory");
    sc->spawns = more;
    int rc = 0;
    for (int s = 0; s < arr->count; ++s) {
        char sp[SC_PATH_SIZE];
        sc_join_index(sp, path, s);
        sc_spawn *spawn = &sc->spawns[sc->spawn_count];
        memset(spawn, 0, sizeof *spawn);
        spawn->group = group;
        spawn->index = sc->spawn_count++; /* owned from here on, freed with the rest */
        spawn->first_agent = -1;              /* until it is read whole: named_spawn passes it over */
        if (read_spawn(r, &arr->items[s], sp, &g->def, spawn)) {
            rc = -1;
            continue;
        }
        if ((long long)sc->info.total_agents + spawn->count > MAX_AGENTS) {
            rc = sc_report(r, &arr->items[s], sp, "too many agents: at most %d in all, got %d before this spawn and %d in it",
                           MAX_AGENTS, sc->info.total_agents, spawn->count);
            continue;
        }
        spawn->first_agent = sc->info.total_agents;
        sc->info.total_agents += spawn->count;
        g->agents += spawn->count;
        if (spawn->goal.kind != STEER_GOAL_NONE) g->agents_with_goals += spawn->count;
    }
    return rc;
}

/* The spawn named by n (a string already checked against the names), or
 * NULL, also for one that failed to read (reported there: a leader or
 * formation naming it says nothing more, where its index would mislead). */
static const sc_spawn *named_spawn(const steer_scenario *sc, const sc_node *n)
{
    for (int s = 0; s < sc->spawn_count; ++s)
        if (sc->spawns[s].name && !strcmp(sc->spawns[s].name, n->string))
            return sc->spawns[s].first_agent >= 0 ? &sc->spawns[s] : 0;
    return 0;
}

/* A leader is one agent: the spawn named by n, of exactly one; its agent's
 * index in spawn order, or -1 after reporting. */
static int one_agent(sc_read *r, const sc_node *n, const char *path, const char *role)
{
    const sc_spawn *sp = named_spawn(ck_of(r)->sc, n);
    if (!sp) return -1; /* a spawn that failed to read: reported there */
    if (sp->count != 1) {
        sc_report(r, n, path, "the spawn \"%s\" has %d agents; %s is one agent (a spawn of one)", n->string, sp->count, role);
        return -1;
    }
    return sp->first_agent;
}

static int resolve_leaders(sc_read *r, const sc_node *const *leaders, int count)
{
    steer_scenario *sc = ck_of(r)->sc;
    int rc = 0;
    for (int g = 0; g < count; ++g) {
        if (!leaders[g]) continue;
        char p[SC_PATH_SIZE], q[SC_PATH_SIZE];
        sc_join_index(p, "groups", g);
        sc_join_key(q, p, "behaviours");
        sc_join_key(p, q, "follow_leader");
        sc_join_key(q, p, "leader");
        sc->groups[g].leader = one_agent(r, leaders[g], q, "a leader");
        if (sc->groups[g].leader < 0) rc = -1;
    }
    return rc;
}

static int read_groups(sc_read *r, const sc_row *row, const sc_node *n, const char *path, void *target)
{
    (void)row;
    steer_scenario *sc = target;
    if (sc_check_array(r, n, path, "group", 1)) return -1;
    if (n->count > MAX_GROUPS) return sc_report(r, n, path, "expected at most %d groups, got %d", MAX_GROUPS, n->count);
    sc->groups = calloc((size_t)n->count, sizeof *sc->groups);
    sc->group_names = calloc((size_t)n->count, sizeof *sc->group_names);
    if (!sc->groups || !sc->group_names) return sc_report(r, n, path, "out of memory");
    sc->info.group_count = n->count;
    const sc_node **leaders = calloc((size_t)n->count, sizeof *leaders);
    if (!leaders) return sc_report(r, n, path, "out of memory");
    char p[SC_PATH_SIZE];
    int rc = 0;
    for (int i = 0; i < n->count; ++i) {
        const sc_node *el = &n->items[i];
        sc_join_index(p, path, i);
        steer_scenario_group *g = &sc->groups[i];
        group_spec gs = {0};
        /* "preset": "crowd" starts from the library's crowd walker (read
         * ahead: every other key changes it); its behaviours stand unless the
         * group lists its own, which are then the whole table */
        const sc_node *preset = el->kind == SC_OBJECT ? sc_member(el, "preset") : NULL;
        bool crowd = preset && preset->kind == SC_STRING && !strcmp(preset->string, "crowd");
        gs.def = crowd ? steer_crowd_group_def() : steer_default_group_def();
        gs.def.colour = default_colours[i % 8];
        /* a group does what it lists: none of the library's default flocking */
        if (!crowd || sc_member(el, "behaviours"))
            for (int b = 0; b < STEER_BEHAVIOUR_COUNT; ++b) gs.def.weight[b] = 0.0f;
        sc_members m;
        int bad = sc_read_object(r, el, p, &group_table, &gs, &m);
        sc->group_names[i] = gs.name;
        g->name = gs.name;
        g->leader = -1;
        leaders[i] = gs.leader;
        if (el->kind != SC_OBJECT) {
            rc = -1;
            continue;
        }
        bad |= sc_require(r, el, p, &m, &group_table, "name", 0);
        if (r->dim == 2 && gs.def.ground_plane) {
            char gp[SC_PATH_SIZE];
            sc_join_key(gp, p, "ground_plane");
            bad = sc_report(r, sc_member(el, "ground_plane"), gp, "only in a 3D scenario (\"dim\": 3): a 2D world has no up axis");
        }
        const sc_node *behaviours = sc_member(el, "behaviours");
        for (int b = 0; gs.def.combine != STEER_COMBINE_DITHER && behaviours && behaviours->kind == SC_OBJECT &&
                        b < behaviours->count; ++b) { /* only dither draws: elsewhere it would be ignored */
            const sc_node *one = &behaviours->items[b];
            const sc_node *probability = one->kind == SC_OBJECT ? sc_member(one, "probability") : NULL;
            if (!probability) continue;
            char bp[SC_PATH_SIZE], pp[SC_PATH_SIZE];
            sc_join_key(bp, p, "behaviours");
            sc_join_key(bp, bp, one->key);
            sc_join_key(pp, bp, "probability");
            bad = sc_report(r, probability, pp, "used only by \"combine\": \"dither\" (this group's combine is %s)",
                            ((const char *const[]){"\"blend\"", "\"priority\"", "\"running_sum\"", "\"dither\""})[gs.def.combine]);
        }
        if (gs.def.keep_apart && gs.def.neighbour_radius < 2.0f * gs.def.radius) { /* the library's rule, with a path */
            const sc_node *neighbours = sc_member(el, "neighbours");
            const sc_node *radius = neighbours ? sc_member(neighbours, "radius") : NULL;
            const sc_node *at = radius ? radius : sc_member(el, "keep_apart");
            char np[SC_PATH_SIZE];
            sc_join_key(np, p, radius ? "neighbours.radius" : "keep_apart");
            bad = sc_report(r, at, np, "neighbour radius %g with keep_apart and radius %g: must be at least 2 radius = %g "
                            "(keep_apart sees only neighbours within it, and two bodies touch at 2 radius)",
                            (double)gs.def.neighbour_radius, (double)gs.def.radius, 2.0 * (double)gs.def.radius);
        }
        if (gs.def.reverse_speed > 0.0f && !(gs.def.max_turn_rate > 0.0f && ck_of(r)->headings)) { /* the library's rule */
            char rp[SC_PATH_SIZE];
            sc_join_key(rp, p, "reverse_speed");
            bad = sc_report(r, sc_member(el, "reverse_speed"), rp,
                            "%g: a reverse gear needs the group's max_turn_rate > 0 (it is %g) and the world's "
                            "\"keep_headings\": true", (double)gs.def.reverse_speed, (double)gs.def.max_turn_rate);
        }
        if (r->dim == 2) gs.def.target.z = gs.def.threat.z = 0.0f;
        g->def = gs.def;
        g->colour = g->def.colour;
        const sc_node *spawn = sc_member(el, "spawn");
        if (spawn && spawn->kind == SC_ARRAY) {
            char sp[SC_PATH_SIZE];
            sc_join_key(sp, p, "spawn");
            bad |= read_spawns(r, spawn, sp, i);
        }
        rc |= bad;
    }
    rc |= resolve_leaders(r, leaders, n->count);
    free(leaders);
    return rc;
}

/* ---- formations ------------------------------------------------------------------------------ */
typedef struct formation_spec {
    int leader, members; /* unused: the names are resolved once every spawn is read */
    steer_v3 *slots;
    int slot_count;
    steer_v3 chain; /* a chain's one link */
} formation_spec;

static int read_spawn_ref(sc_read *r, const sc_row *row, const sc_node *n, const char *path, void *target)
{
    checker *ck = ck_of(r);
    return sc_read_reference(r, n, path, name_nouns[NAMES_SPAWNS], ck->names[NAMES_SPAWNS], ck->name_count[NAMES_SPAWNS],
                             (int *)(void *)((char *)target + row->offset));
}

static int read_slots(sc_read *r, const sc_row *row, const sc_node *n, const char *path, void *target)
{
    (void)row;
    formation_spec *f = target;
    return sc_read_vec_array(r, n, path, 1, &f->slots, &f->slot_count);
}

static const sc_row formation_rows[] = {
    {.key = "leader", .type = SC_T_CUSTOM, .offset = offsetof(formation_spec, leader), .custom = read_spawn_ref, .json = "string"},
    {.key = "members", .type = SC_T_CUSTOM, .offset = offsetof(formation_spec, members), .custom = read_spawn_ref, .json = "string"},
    CUSTOM("slots", read_slots, "array", 0),
    VEC("chain", formation_spec, chain),
};
static const sc_table formation_table = TABLE("a formation object", formation_rows);

/* Read after the groups (check_root), which give the spawns' counts. */
static int keep_formations(sc_read *r, const sc_row *row, const sc_node *n, const char *path, void *target)
{
    (void)row, (void)target;
    ck_of(r)->formations = n;
    return sc_check_array(r, n, path, "formation", 0);
}

static int read_formation(sc_read *r, const sc_node *n, const char *path, int index)
{
    steer_scenario *sc = ck_of(r)->sc;
    formation_spec f = {0, 0, 0, 0, {0.0f, 0.0f, 0.0f}};
    sc_members m;
    const sc_table *t = &formation_table;
    const bool whole = r->whole_vectors;
    r->whole_vectors = false; /* slots and the chain's link: ahead, left, up in the leader's frame, [x, y] for z = 0 */
    int rc = sc_read_object(r, n, path, t, &f, &m);
    r->whole_vectors = whole;
    sc->formation_slots[index] = f.slots; /* owned from here on */
    if (n->kind != SC_OBJECT) return -1;
    rc |= sc_require(r, n, path, &m, t, "leader", 0) | sc_require(r, n, path, &m, t, "members", 0);
    const bool chain = sc_member(n, "chain") != NULL;
    if (chain && sc_member(n, "slots")) {
        char at[SC_PATH_SIZE];
        sc_join_key(at, path, "chain");
        rc |= sc_report(r, sc_member(n, "chain"), at, "a formation takes \"slots\" (one per member) or \"chain\" (one link), not both");
    } else if (!chain) {
        rc |= sc_require(r, n, path, &m, t, "slots", 0);
    }
    if (rc) return -1;
    if (chain) { /* the one link, held as a slot */
        sc->formation_slots[index] = f.slots = malloc(sizeof *f.slots);
        if (!f.slots) return sc_report(r, n, path, "out of memory");
        f.slots[0] = f.chain;
        f.slot_count = 1;
    }
    char p[SC_PATH_SIZE];
    sc_join_key(p, path, "leader");
    int leader = one_agent(r, sc_member(n, "leader"), p, "a formation's leader");
    const sc_spawn *members = named_spawn(sc, sc_member(n, "members"));
    if (leader < 0 || !members) return -1;
    sc_join_key(p, path, "members");
    if (leader >= members->first_agent && leader < members->first_agent + members->count)
        return sc_report(r, sc_member(n, "members"), p, "the leader cannot be one of its own members");
    if (members->count < 1 || members->count > STEER_MAX_FORMATION_MEMBERS)
        return sc_report(r, sc_member(n, "members"), p, "the spawn \"%s\" has %d agents; a formation takes 1 to %d",
                         members->name, members->count, STEER_MAX_FORMATION_MEMBERS);
    /* a member has one goal: its slot. A goal of its own, or a slot in an
     * earlier formation, was silently replaced by this one's. */
    if (members->goal.kind != STEER_GOAL_NONE) {
        int k = 0;
        for (const sc_spawn *o = sc->spawns; o < members; ++o) k += o->group == members->group;
        return sc_report(r, sc_member(n, "members"), p,
                         "the spawn \"%s\" has a goal of its own (groups[%d].spawn[%d].goal); a formation's members take "
                         "their slots as goals",
                         members->name, members->group, k);
    }
    for (int j = 0; j < index; ++j)
        if (sc->formations[j].count > 0 && sc->formations[j].first_member == members->first_agent)
            return sc_report(r, sc_member(n, "members"), p,
                             "the spawn \"%s\" already takes the slots of formations[%d]; an agent has one slot", members->name,
                             j);
    if (!chain && f.slot_count != members->count) {
        sc_join_key(p, path, "slots");
        return sc_report(r, sc_member(n, "slots"), p, "expected %d slots (one per agent of the spawn \"%s\"), got %d",
                         members->count, members->name, f.slot_count);
    }
    if (r->dim == 2)
        for (int k = 0; k < f.slot_count; ++k) f.slots[k].z = 0.0f;
    sc->formations[index] = (steer_scenario_formation){leader, members->first_agent, members->count, f.slots, chain};
    return 0;
}

static int read_formations(sc_read *r)
{
    steer_scenario *sc = ck_of(r)->sc;
    const sc_node *n = ck_of(r)->formations;
    if (!n || n->kind != SC_ARRAY || n->count == 0) return 0;
    if (n->count > STEER_MAX_FORMATIONS)
        return sc_report(r, n, "formations", "expected at most %d formations, got %d", STEER_MAX_FORMATIONS, n->count);
    sc->formations = calloc((size_t)n->count, sizeof *sc->formations);
    sc->formation_slots = calloc((size_t)n->count, sizeof *sc->formation_slots);
    if (!sc->formations || !sc->formation_slots) return sc_report(r, n, "formations", "out of memory");
    sc->info.formation_count = n->count;
    int rc = 0, world_formations = 0;
    for (int i = 0; i < n->count; ++i) {
        char p[SC_PATH_SIZE];
        sc_join_index(p, "formations", i);
        rc |= read_formation(r, &n->items[i], p, i);
        if (rc) continue;
        world_formations += sc->formations[i].chain ? sc->formations[i].count : 1;
        if (world_formations > STEER_MAX_FORMATIONS) /* a chain of n is n formations of one */
            return sc_report(r, &n->items[i], p, "the formations take %d of the world's formations (a chain one per member); at most %d",
                             world_formations, STEER_MAX_FORMATIONS);
    }
    return rc;
}

/* ---- the root ----------------------------------------------------------------------------------- */
static int ignore_string(sc_read *r, const sc_row *row, const sc_node *n, const char *path, void *target)
{
    (void)row;
    (void)target;
    return n->kind == SC_STRING ? 0 : sc_expected(r, n, path, "a string");
}

static int read_ahead(sc_read *r, const sc_row *row, const sc_node *n, const char *path, void *target)
{
    (void)r, (void)row, (void)n, (void)path, (void)target;
    return 0; /* read before the pass (read_frame): every vector and default depends on it */
}

static const char *const boundaries[] = {"wrap", "clamp", "none"};
static const char *const up_axes[] = {"z", "y"}; /* STEER_UP_Z, STEER_UP_Y */

static const sc_row root_rows[] = {
    CUSTOM("$schema", ignore_string, "string", 0),
    STRING("name", steer_scenario, name),
    STRING("description", steer_scenario, description),
    CUSTOM("dim", read_ahead, "integer", 0),
    CUSTOM("bounds", read_ahead, "object", &box_table),
    CHOICE("boundary", steer_scenario, info.world.boundary, boundaries),
    CHOICE("up", steer_scenario, info.world.up, up_axes),
    SEED_D("seed", steer_scenario, info.seed, 1),
    {.key = "dt", .type = SC_T_FLOAT, .offset = offsetof(steer_scenario, info.dt), .range = SC_POSITIVE, .max = 10.0,
     .has_default = true, .default_value = 1.0 / 30.0},
    INT_D("steps", steer_scenario, info.steps, 1, 10000000, 300),
    FLOAT("max_dt", steer_scenario, info.world.max_dt, SC_NONNEG),
    FLOAT("cell_size", steer_scenario, info.world.cell_size, SC_NONNEG),
    BOOL("solid_obstacles", steer_scenario, info.world.solid_obstacles),
    BOOL("solid_walls", steer_scenario, info.world.solid_walls),
    BOOL("non_penetration", steer_scenario, info.world.non_penetration),
    BOOL("keep_headings", steer_scenario, info.world.keep_headings),
    BOOL("agent_radii", steer_scenario, info.world.agent_radii), /* default: whether a spawn gives a body_radius */
    INT("penetration_iterations", steer_scenario, info.world.penetration_iterations, 0, 64),
    INT_D("threads", steer_scenario, info.threads, 1, 64, 1),
    INT_D("capacity", steer_scenario, info.world.capacity, 1, MAX_AGENTS, 0), /* 0: the agents spawned */
    CUSTOM("render", read_render, "object", &render_table),
    CUSTOM("expect", read_expect, "object", &expect_table),
    CUSTOM("obstacles", read_obstacles, "array", &obstacle_table),
    CUSTOM("walls", read_walls, "array", &wall_table),
    CUSTOM("paths", read_paths, "array", &path_table),
    CUSTOM("flow_fields", read_fields, "array", &field_table),
    CUSTOM("groups", read_groups, "array", &group_table),
    CUSTOM("formations", keep_formations, "array", &formation_table),
};
static const sc_table root_table = TABLE("a scenario object", root_rows);

const sc_table *sc_format_root(void) { return &root_table; }

static char *copy_string(const char *s)
{
    size_t len = strlen(s);
    char *c = malloc(len + 1);
    if (c) memcpy(c, s, len + 1);
    return c;
}

/* dim and bounds first: every vector and default depends on them. When they
 * are wrong the pass still runs (in a unit box) to find the other errors. */
static int read_frame(sc_read *r)
{
    checker *ck = ck_of(r);
    const sc_node *root = &ck->sc->rd.root;
    const sc_node *dim = sc_member(root, "dim");
    int rc = 0;
    r->dim = 2;
    if (dim) {
        long long d = 2;
        rc |= sc_read_int(r, dim, "dim", 2, 3, &d);
        r->dim = (int)d;
    }
    box_spec b = {steer_v3_make(-1.0f, -1.0f, -1.0f), steer_v3_make(1.0f, 1.0f, 1.0f)};
    const sc_node *bounds = sc_member(root, "bounds");
    if (!bounds) rc = sc_report(r, root, "", "missing required key \"bounds\"");
    else if (read_box(r, bounds, "bounds", &b, false)) {
        rc = -1;
        b = (box_spec){steer_v3_make(-1.0f, -1.0f, -1.0f), steer_v3_make(1.0f, 1.0f, 1.0f)};
    }
    if (r->dim == 2) {
        b.min.z = -1.0f;
        b.max.z = 1.0f;
    }
    ck->bounds_min = b.min;
    ck->bounds_max = b.max;
    /* the up axis, read again (with its errors) in document order */
    const sc_node *up = sc_member(root, "up");
    bool y_up = r->dim == 3 && up && up->kind == SC_STRING && !strcmp(up->string, up_axes[STEER_UP_Y]);
    ck->up = y_up ? STEER_UP_Y : STEER_UP_Z;
    r->whole_vectors = y_up; /* world points and directions; a formation's slots are in its leader's frame */
    const sc_node *boundary = sc_member(root, "boundary");
    ck->boxed = !(boundary && boundary->kind == SC_STRING && !strcmp(boundary->string, "none"));
    const sc_node *headings = sc_member(root, "keep_headings");
    ck->headings = headings && headings->kind == SC_BOOL && headings->boolean;
    return rc;
}



/* What the world gets, from what was read. */
static void derive_world(steer_scenario *sc, const checker *ck, int dim)
{
    steer_scenario_info *info = &sc->info;
    steer_world_def *w = &info->world;
    w->dim = dim;
    w->bounds_min = ck->bounds_min;
    w->bounds_max = ck->bounds_max;
    w->seed = info->seed;
    w->worker_count = info->threads;
    if (w->capacity < info->total_agents) w->capacity = info->total_agents;
    if (w->capacity < 1) w->capacity = 1;
    if (w->max_groups < info->group_count) w->max_groups = info->group_count;
    if (w->max_obstacles < info->obstacle_count) w->max_obstacles = info->obstacle_count;
    if (w->max_walls < info->wall_count) w->max_walls = info->wall_count;
    if (w->max_paths < info->path_count) w->max_paths = info->path_count;
    if (w->max_flow_fields < info->flow_field_count) w->max_flow_fields = info->flow_field_count;
    info->groups = sc->groups;
    info->obstacles = sc->obstacles;
    info->obstacle_velocities = sc->obstacle_velocities;
    info->walls = sc->walls;
    info->wall_heights = sc->wall_heights;
    info->paths = sc->paths;
    info->flow_field_names = (const char *const *)sc->field_names;
    info->formations = sc->formations;
}

/* A spawn's body_radius needs a world with agent_radii: on unless the file
 * turns it off, which then contradicts the spawn. */
static int derive_agent_radii(sc_read *r, const sc_members *m)
{
    steer_scenario *sc = ck_of(r)->sc;
    int first = -1;
    for (int s = 0; s < sc->spawn_count && first < 0; ++s)
        if (sc->spawns[s].has_body_radius) first = s;
    if (first < 0) return 0;
    if (!sc_has(m, &root_table, "agent_radii")) {
        sc->info.world.agent_radii = true;
        return 0;
    }
    if (sc->info.world.agent_radii || sc_failed(m, &root_table, "agent_radii")) return 0;
    int within = 0;
    for (int s = 0; s < first; ++s) within += sc->spawns[s].group == sc->spawns[first].group;
    return sc_report(r, sc_member(&sc->rd.root, "agent_radii"), "agent_radii",
                     "false, but groups[%d].spawn[%d] gives its agents a body_radius, which needs a world with agent "
                     "radii: leave agent_radii out or make it true", sc->spawns[first].group, within);
}

static int check_root(sc_read *r)
{
    checker *ck = ck_of(r);
    steer_scenario *sc = ck->sc;
    steer_scenario_info *info = &sc->info;
    const sc_node *root = &sc->rd.root;
    if (root->kind != SC_OBJECT) return sc_expected(r, root, "", "a scenario object");
    int rc = read_frame(r);
    for (int list = 0; list < NAMES_SPAWNS; ++list) rc |= collect_names(r, list);
    rc |= collect_spawn_names(r);

    info->dim = r->dim;
    info->world = steer_default_world_def();
    sc_apply_defaults(&root_table, sc);
    sc_apply_defaults(&render_table, info);
    sc_apply_defaults(&expect_table, &info->expect);
    info->width = 640;
    info->height = 480;
    info->view_min = ck->bounds_min;
    info->view_max = ck->bounds_max;
    sc_members m;
    rc |= sc_read_object(r, root, "", &root_table, sc, &m);
    rc |= sc_require(r, root, "", &m, &root_table, "groups", 0);
    rc |= read_formations(r);
    if (r->dim == 2 && sc_has(&m, &root_table, "up") && !sc_failed(&m, &root_table, "up"))
        rc = sc_report(r, sc_member(root, "up"), "up", "only in a 3D scenario (\"dim\": 3): a 2D world has no up axis");
    /* the world steps dt in sub-steps of at most max_dt, and refuses more than 1024 of them */
    float max_dt = info->world.max_dt;
    if (max_dt > 0.0f && info->dt > max_dt && ceilf(info->dt / max_dt) > 1024.0f)
        rc = sc_report(r, sc_member(root, "max_dt"), "max_dt", "%g: dt (%g) would take %g sub-steps of it, at most 1024: "
                       "give max_dt at least dt / 1024 (%g), or 0 for one step of dt", (double)max_dt, (double)info->dt,
                       (double)ceilf(info->dt / max_dt), (double)(info->dt / 1024.0f));
    rc |= derive_agent_radii(r, &m);
    if (info->frames < 0) info->frames = info->steps < 150 ? info->steps : 150;
    if (info->frames > info->steps)
        rc = sc_report(r, sc_member(sc_member(root, "render"), "frames"), "render.frames",
                       "expected at most steps (%d), got %d", info->steps, info->frames);
    if (rc) return -1;
    if (!sc->name) sc->name = copy_string("scenario");
    if (!sc->description) sc->description = copy_string("");
    if (!sc->name || !sc->description) return sc_report(r, root, "", "out of memory");
    info->name = sc->name;
    info->description = sc->description;
    derive_world(sc, ck, r->dim);
    return 0;
}

int sc_format_check(steer_scenario *sc)
{
    checker ck = {sc, {0, 0, 0}, {0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}, 0, STEER_UP_Z, true, false};
    sc_read r = {&sc->rd, 2, false, MAX_COORD, MAX_EXPECT, &ck};
    int rc = check_root(&r);
    for (int list = 0; list < NAME_LISTS; ++list) free(ck.names[list]);
    return rc;
}

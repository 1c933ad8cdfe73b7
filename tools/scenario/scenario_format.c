/* Checking a scenario's value tree: types, ranges, required and unknown keys,
 * references by name, defaults. Every message names the JSON path and what
 * was expected. Objects are read member by member in document order, so the
 * first mistake in the file is the one reported. */
#include "scenario_internal.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_COORD 1e6          /* positions, lengths, speeds: |x| <= this */
#define MAX_AGENTS (1 << 22)   /* all spawns together */
#define MAX_FIELD_CELLS (1 << 20)
#define MAX_GROUPS 32          /* neighbour masks are 32 bits */
#define PATH_SIZE 512

typedef struct checker {
    steer_scenario *sc;
    int dim;
    steer_v3 bounds_min, bounds_max;
    /* names, collected before the document-order pass so references may
     * point forward ("pursue": the group defined further down) */
    const char **group_names, **path_names, **field_names;
    int group_count, path_count, field_count;
} checker;

/* ---- describing values ---------------------------------------------------------- */
/* The shortest decimal form that reads back as the same double. */
static void number_text(double v, char *out, size_t size)
{
    if (v != v) {
        snprintf(out, size, "NaN");
        return;
    }
    if (v == INFINITY || v == -INFINITY) {
        snprintf(out, size, "%sInfinity", v < 0 ? "-" : "");
        return;
    }
    if (v == floor(v) && fabs(v) < 1e15) {
        snprintf(out, size, "%.0f", v);
        return;
    }
    for (int precision = 1; precision <= 17; ++precision) {
        snprintf(out, size, "%.*g", precision, v);
        if (strtod(out, 0) == v) return;
    }
}

static void describe(const sc_node *n, char *out, size_t size)
{
    switch (n ? n->kind : SC_UNSET) {
    case SC_NUMBER: number_text(n->number, out, size); return;
    case SC_STRING: {
        size_t len = strlen(n->string);
        if (len > 40) snprintf(out, size, "\"%.37s...\"", n->string);
        else snprintf(out, size, "\"%s\"", n->string);
        return;
    }
    case SC_BOOL: snprintf(out, size, "%s", n->boolean ? "true" : "false"); return;
    case SC_NULL: snprintf(out, size, "null"); return;
    case SC_OBJECT: snprintf(out, size, n->count ? "an object" : "an empty object"); return;
    case SC_ARRAY:
        if (n->count == 0) snprintf(out, size, "an empty array");
        else snprintf(out, size, "an array of %d", n->count);
        return;
    case SC_UNSET: break;
    }
    snprintf(out, size, "nothing");
}

static int expected(checker *ck, const char *path, const char *what, const sc_node *got)
{
    char text[64];
    describe(got, text, sizeof text);
    return sc_error(ck->sc, path, "expected %s, got %s", what, text);
}

/* out = path + sep + tail, cut to PATH_SIZE (paths that long are absurd anyway) */
static void join(char *out, const char *path, const char *sep, const char *tail)
{
    size_t used = 0;
    const char *parts[3] = {path, sep, tail};
    for (int i = 0; i < 3; ++i) {
        size_t len = strlen(parts[i]);
        if (len > PATH_SIZE - 1 - used) len = PATH_SIZE - 1 - used;
        memmove(out + used, parts[i], len);
        used += len;
    }
    out[used] = 0;
}

static void join_key(char *out, const char *path, const char *key) { join(out, path, *path ? "." : "", key); }

static void join_index(char *out, const char *path, int index)
{
    char tail[16];
    snprintf(tail, sizeof tail, "[%d]", index);
    join(out, path, "", tail);
}

/* ---- unknown keys, with a suggestion ------------------------------------------------ */
static int edit_distance(const char *a, const char *b)
{
    int la = (int)strlen(a), lb = (int)strlen(b);
    if (la > 40 || lb > 40) return 99;
    int row[41];
    for (int j = 0; j <= lb; ++j) row[j] = j;
    for (int i = 1; i <= la; ++i) {
        int diag = row[0];
        row[0] = i;
        for (int j = 1; j <= lb; ++j) {
            int up = row[j];
            int best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best) best = up + 1;
            if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

static int unknown_key(checker *ck, const char *path, const char *key, const char *const *allowed, int count)
{
    const char *best = 0;
    int best_d = 3;
    for (int i = 0; i < count; ++i) {
        int d = edit_distance(key, allowed[i]);
        if (d < best_d) best_d = d, best = allowed[i];
    }
    if (best) return sc_error(ck->sc, path, "unknown key; did you mean \"%s\"?", best);
    char list[400];
    size_t used = 0;
    list[0] = 0;
    for (int i = 0; i < count && used + 2 < sizeof list; ++i) {
        int n = snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "", allowed[i]);
        if (n < 0) break;
        used += (size_t)n;
    }
    return sc_error(ck->sc, path, "unknown key (expected one of: %s)", list);
}

/* ---- leaf readers: 0, or -1 with the error recorded ---------------------------------- */
typedef enum range {
    R_ANY,     /* any finite number within MAX_COORD */
    R_POS,     /* > 0 */
    R_NONNEG,  /* >= 0 */
    R_UNIT,    /* 0..1 */
    R_SIGNED_UNIT, /* -1..1 */
} range;

static const char *range_text(range r)
{
    switch (r) {
    case R_POS: return "a positive number";
    case R_NONNEG: return "a number >= 0";
    case R_UNIT: return "a number from 0 to 1";
    case R_SIGNED_UNIT: return "a number from -1 to 1";
    case R_ANY: break;
    }
    return "a number";
}

static int read_double(checker *ck, const sc_node *n, const char *path, range r, double limit, double *out)
{
    const char *what = range_text(r);
    if (n->kind != SC_NUMBER) return expected(ck, path, what, n);
    double v = n->number;
    bool ok = v == v && v != INFINITY && v != -INFINITY;
    if (ok) {
        switch (r) {
        case R_POS: ok = v > 0.0; break;
        case R_NONNEG: ok = v >= 0.0; break;
        case R_UNIT: ok = v >= 0.0 && v <= 1.0; break;
        case R_SIGNED_UNIT: ok = v >= -1.0 && v <= 1.0; break;
        case R_ANY: break;
        }
    }
    if (!ok) return expected(ck, path, what, n);
    if (fabs(v) > limit) {
        char text[96];
        if (r == R_ANY) snprintf(text, sizeof text, "a number from %.0f to %.0f", -limit, limit);
        else snprintf(text, sizeof text, "%s no larger than %.0f", what, limit);
        return expected(ck, path, text, n);
    }
    *out = v;
    return 0;
}

static int read_float(checker *ck, const sc_node *n, const char *path, range r, float *out)
{
    double v = 0.0;
    if (read_double(ck, n, path, r, MAX_COORD, &v) != 0) return -1;
    *out = (float)v;
    if (r == R_POS && !(*out > 0.0f)) return expected(ck, path, "a positive number (as a float)", n);
    return 0;
}

static int read_int(checker *ck, const sc_node *n, const char *path, long long lo, long long hi, long long *out)
{
    char what[96];
    snprintf(what, sizeof what, "an integer from %lld to %lld", lo, hi);
    if (n->kind != SC_NUMBER || n->number != n->number || n->number != floor(n->number) || n->number < (double)lo ||
        n->number > (double)hi)
        return expected(ck, path, what, n);
    *out = (long long)n->number;
    return 0;
}

static int read_bool(checker *ck, const sc_node *n, const char *path, bool *out)
{
    if (n->kind != SC_BOOL) return expected(ck, path, "true or false", n);
    *out = n->boolean;
    return 0;
}

static int read_string(checker *ck, const sc_node *n, const char *path, char **out)
{
    if (n->kind != SC_STRING) return expected(ck, path, "a string", n);
    free(*out);
    size_t len = strlen(n->string);
    *out = malloc(len + 1);
    if (!*out) return sc_error(ck->sc, path, "out of memory");
    memcpy(*out, n->string, len + 1);
    return 0;
}

static int read_vec(checker *ck, const sc_node *n, const char *path, steer_v3 *out)
{
    const char *what = ck->dim == 3 ? "[x, y, z] (or [x, y] for z = 0)" : "[x, y]";
    if (n->kind != SC_ARRAY || n->count < 2 || n->count > 3 || (ck->dim == 2 && n->count == 3))
        return expected(ck, path, what, n);
    float c[3] = {0.0f, 0.0f, 0.0f};
    char p[PATH_SIZE];
    for (int i = 0; i < n->count; ++i) {
        join_index(p, path, i);
        if (read_float(ck, &n->items[i], p, R_ANY, &c[i]) != 0) return -1;
    }
    *out = steer_v3_make(c[0], c[1], c[2]);
    return 0;
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static int read_colour(checker *ck, const sc_node *n, const char *path, uint32_t *out)
{
    const char *what = "a colour \"#rrggbb\" or \"#rrggbbaa\"";
    if (n->kind != SC_STRING || n->string[0] != '#') return expected(ck, path, what, n);
    size_t len = strlen(n->string + 1);
    if (len != 6 && len != 8) return expected(ck, path, what, n);
    uint32_t v = 0;
    for (size_t i = 1; i <= len; ++i) {
        int d = hex_digit(n->string[i]);
        if (d < 0) return expected(ck, path, what, n);
        v = v << 4 | (uint32_t)d;
    }
    *out = len == 6 ? v << 8 | 0xFFu : v;
    return 0;
}

static int read_choice(checker *ck, const sc_node *n, const char *path, const char *const *names, int count, int *out)
{
    if (n->kind == SC_STRING)
        for (int i = 0; i < count; ++i)
            if (!strcmp(n->string, names[i])) {
                *out = i;
                return 0;
            }
    char what[200];
    size_t used = (size_t)snprintf(what, sizeof what, "one of");
    for (int i = 0; i < count && used < sizeof what; ++i)
        used += (size_t)snprintf(what + used, sizeof what - used, "%s \"%s\"", i ? "," : "", names[i]);
    return expected(ck, path, what, n);
}

static int find_name(const char **names, int count, const char *name)
{
    for (int i = 0; i < count; ++i)
        if (names[i] && !strcmp(names[i], name)) return i;
    return -1;
}

static int read_reference(checker *ck, const sc_node *n, const char *path, const char *kind, const char **names,
                          int count, int *out)
{
    char what[64];
    snprintf(what, sizeof what, "the name of a %s", kind);
    if (n->kind != SC_STRING) return expected(ck, path, what, n);
    int i = find_name(names, count, n->string);
    if (i >= 0) {
        *out = i;
        return 0;
    }
    char list[300];
    size_t used = 0;
    list[0] = 0;
    for (int k = 0; k < count && used + 2 < sizeof list; ++k) {
        int w = snprintf(list + used, sizeof list - used, "%s%s", k ? ", " : "", names[k] ? names[k] : "?");
        if (w < 0) break;
        used += (size_t)w;
    }
    return sc_error(ck->sc, path, "unknown %s \"%s\" (%ss: %s)", kind, n->string, kind, count ? list : "none");
}

/* ---- objects through field tables -------------------------------------------------- */
typedef enum ftype { F_FLOAT, F_DOUBLE, F_INT, F_SEED, F_BOOL, F_STRING, F_VEC, F_COLOUR, F_CUSTOM } ftype;

typedef int custom_fn(checker *ck, const sc_node *n, const char *path, void *target);

typedef struct field {
    const char *key;
    ftype type;
    size_t offset;        /* into the target struct */
    range r;              /* F_FLOAT, F_DOUBLE */
    long long lo, hi;     /* F_INT */
    custom_fn *custom;
} field;

#define FIELD_COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* Reads every member of the object at `path` into `target` through the
 * table; *seen gets bit i for each field i present. */
static int read_object(checker *ck, const sc_node *n, const char *path, const char *what, const field *fields,
                       int count, void *target, uint64_t *seen)
{
    if (n->kind != SC_OBJECT) return expected(ck, path, what, n);
    *seen = 0;
    char p[PATH_SIZE];
    for (int m = 0; m < n->count; ++m) {
        const sc_node *v = &n->items[m];
        join_key(p, path, v->key);
        int f = 0;
        while (f < count && strcmp(fields[f].key, v->key)) ++f;
        if (f == count) {
            const char *names[64];
            for (int i = 0; i < count && i < 64; ++i) names[i] = fields[i].key;
            return unknown_key(ck, p, v->key, names, count < 64 ? count : 64);
        }
        *seen |= 1ull << f;
        char *at = (char *)target + fields[f].offset;
        int rc = 0;
        switch (fields[f].type) {
        case F_FLOAT: rc = read_float(ck, v, p, fields[f].r, (float *)(void *)at); break;
        case F_DOUBLE: rc = read_double(ck, v, p, fields[f].r, 1e12, (double *)(void *)at); break;
        case F_INT: {
            long long x = 0;
            rc = read_int(ck, v, p, fields[f].lo, fields[f].hi, &x);
            if (!rc) *(int *)(void *)at = (int)x;
            break;
        }
        case F_SEED: {
            long long x = 0;
            rc = read_int(ck, v, p, 0, 9007199254740991ll, &x); /* 2^53 - 1: exact in JSON and JavaScript */
            if (!rc) *(uint64_t *)(void *)at = (uint64_t)x;
            break;
        }
        case F_BOOL: rc = read_bool(ck, v, p, (bool *)(void *)at); break;
        case F_STRING: rc = read_string(ck, v, p, (char **)(void *)at); break;
        case F_VEC: rc = read_vec(ck, v, p, (steer_v3 *)(void *)at); break;
        case F_COLOUR: rc = read_colour(ck, v, p, (uint32_t *)(void *)at); break;
        case F_CUSTOM: rc = fields[f].custom(ck, v, p, target); break;
        }
        if (rc) return -1;
    }
    return 0;
}

static bool has(uint64_t seen, const field *fields, int count, const char *key)
{
    for (int f = 0; f < count; ++f)
        if (!strcmp(fields[f].key, key)) return (seen >> f) & 1u;
    return false;
}

static int require(checker *ck, const char *path, uint64_t seen, const field *fields, int count, const char *key,
                   const char *why)
{
    if (has(seen, fields, count, key)) return 0;
    return sc_error(ck->sc, path, "missing required key \"%s\"%s%s", key, why ? " " : "", why ? why : "");
}

/* A key that the chosen variant (shape, type, form) does not use. */
static int refuse_keys(checker *ck, const char *path, uint64_t seen, const field *fields, int count,
                       const char *const *allowed, int allowed_count, const char *variant)
{
    for (int f = 0; f < count; ++f) {
        if (!((seen >> f) & 1u)) continue;
        bool ok = false;
        for (int a = 0; a < allowed_count; ++a) ok = ok || !strcmp(fields[f].key, allowed[a]);
        if (!ok) {
            char p[PATH_SIZE];
            join_key(p, path, fields[f].key);
            return sc_error(ck->sc, p, "not used by %s", variant);
        }
    }
    return 0;
}

/* An array of at least min_count `noun`s (a singular noun: "group"). */
static int check_array(checker *ck, const sc_node *n, const char *path, const char *noun, int min_count)
{
    char w[128];
    if (n->kind != SC_ARRAY) {
        snprintf(w, sizeof w, "an array of %ss", noun);
        return expected(ck, path, w, n);
    }
    if (n->count < min_count) {
        snprintf(w, sizeof w, "at least %d %s%s", min_count, noun, min_count == 1 ? "" : "s");
        return expected(ck, path, w, n);
    }
    return 0;
}

/* ---- names ------------------------------------------------------------------------- */
/* Collects the names of the elements of a top-level array of objects, and
 * refuses duplicates. Missing or mistyped names are reported in the main pass. */
static int collect_names(checker *ck, const char *array_key, const char ***out, int *count)
{
    *out = 0;
    *count = 0;
    const sc_node *arr = 0;
    for (int i = 0; i < ck->sc->root.count; ++i)
        if (!strcmp(ck->sc->root.items[i].key, array_key)) arr = &ck->sc->root.items[i];
    if (!arr || arr->kind != SC_ARRAY || arr->count == 0) return 0;
    *out = calloc((size_t)arr->count, sizeof **out);
    if (!*out) return sc_error(ck->sc, array_key, "out of memory");
    *count = arr->count;
    for (int e = 0; e < arr->count; ++e) {
        const sc_node *el = &arr->items[e];
        if (el->kind != SC_OBJECT) continue;
        for (int m = 0; m < el->count; ++m) {
            const sc_node *v = &el->items[m];
            if (strcmp(v->key, "name") || v->kind != SC_STRING) continue;
            char p[PATH_SIZE], element[PATH_SIZE];
            join_index(element, array_key, e);
            join_key(p, element, "name");
            if (v->string[0] == 0) return expected(ck, p, "a non-empty name", v);
            int other = find_name(*out, e, v->string);
            if (other >= 0)
                return sc_error(ck->sc, p, "\"%s\" is already the name of %s[%d]", v->string, array_key, other);
            (*out)[e] = v->string;
        }
    }
    return 0;
}

/* ---- vectors and boxes ----------------------------------------------------------- */
static int check_box(checker *ck, const char *path, steer_v3 lo, steer_v3 hi)
{
    for (int a = 0; a < ck->dim; ++a)
        if (!(steer_v3_get(hi, a) > steer_v3_get(lo, a)))
            return sc_error(ck->sc, path, "expected max greater than min on every axis (axis %c: min %g, max %g)",
                            "xyz"[a], (double)steer_v3_get(lo, a), (double)steer_v3_get(hi, a));
    return 0;
}

typedef struct box_spec {
    steer_v3 min, max;
} box_spec;

static const field box_fields[] = {
    {"min", F_VEC, offsetof(box_spec, min), R_ANY, 0, 0, 0},
    {"max", F_VEC, offsetof(box_spec, max), R_ANY, 0, 0, 0},
};

static int read_box(checker *ck, const sc_node *n, const char *path, box_spec *out)
{
    uint64_t seen = 0;
    if (read_object(ck, n, path, "an object {\"min\": [...], \"max\": [...]}", box_fields, 2, out, &seen)) return -1;
    if (require(ck, path, seen, box_fields, 2, "min", 0) || require(ck, path, seen, box_fields, 2, "max", 0)) return -1;
    return check_box(ck, path, out->min, out->max);
}

/* An array of at least `min_count` vectors, copied out (caller frees). */
static int read_vec_array(checker *ck, const sc_node *n, const char *path, int min_count, steer_v3 **out, int *count)
{
    if (n->kind != SC_ARRAY) return expected(ck, path, "an array of points", n);
    if (n->count < min_count) {
        char w[64];
        snprintf(w, sizeof w, "at least %d point%s", min_count, min_count == 1 ? "" : "s");
        return expected(ck, path, w, n);
    }
    steer_v3 *v = malloc(sizeof *v * (size_t)(n->count ? n->count : 1));
    if (!v) return sc_error(ck->sc, path, "out of memory");
    char p[PATH_SIZE];
    for (int i = 0; i < n->count; ++i) {
        join_index(p, path, i);
        if (read_vec(ck, &n->items[i], p, &v[i]) != 0) {
            free(v);
            return -1;
        }
    }
    free(*out);
    *out = v;
    *count = n->count;
    return 0;
}

/* ---- render ---------------------------------------------------------------------- */
static int custom_size(checker *ck, const sc_node *n, const char *path, void *target)
{
    steer_scenario_info *info = target;
    const char *what = "[width, height] in pixels, each from 16 to 4096";
    if (n->kind != SC_ARRAY || n->count != 2) return expected(ck, path, what, n);
    long long w = 0, h = 0;
    char p[PATH_SIZE];
    join_index(p, path, 0);
    if (read_int(ck, &n->items[0], p, 16, 4096, &w)) return -1;
    join_index(p, path, 1);
    if (read_int(ck, &n->items[1], p, 16, 4096, &h)) return -1;
    info->width = (int)w;
    info->height = (int)h;
    return 0;
}

static int custom_view(checker *ck, const sc_node *n, const char *path, void *target)
{
    steer_scenario_info *info = target;
    box_spec b;
    if (read_box(ck, n, path, &b)) return -1;
    info->view_min = b.min;
    info->view_max = b.max;
    return 0;
}

static const field render_fields[] = {
    {"size", F_CUSTOM, 0, R_ANY, 0, 0, custom_size},
    {"frames", F_INT, offsetof(steer_scenario_info, frames), R_ANY, 1, 10000, 0},
    {"fps", F_INT, offsetof(steer_scenario_info, fps), R_ANY, 1, 100, 0},
    {"trail", F_INT, offsetof(steer_scenario_info, trail), R_ANY, 0, 1000, 0},
    {"agent_size", F_FLOAT, offsetof(steer_scenario_info, agent_size), R_NONNEG, 0, 0, 0},
    {"view", F_CUSTOM, 0, R_ANY, 0, 0, custom_view},
    {"background", F_COLOUR, offsetof(steer_scenario_info, background), R_ANY, 0, 0, 0},
    {"obstacle_colour", F_COLOUR, offsetof(steer_scenario_info, obstacle_colour), R_ANY, 0, 0, 0},
    {"wall_colour", F_COLOUR, offsetof(steer_scenario_info, wall_colour), R_ANY, 0, 0, 0},
    {"path_colour", F_COLOUR, offsetof(steer_scenario_info, path_colour), R_ANY, 0, 0, 0},
    {"field_colour", F_COLOUR, offsetof(steer_scenario_info, field_colour), R_ANY, 0, 0, 0},
};

static int custom_render(checker *ck, const sc_node *n, const char *path, void *target)
{
    uint64_t seen = 0;
    if (read_object(ck, n, path, "an object", render_fields, FIELD_COUNT(render_fields), target, &seen)) return -1;
    if (has(seen, render_fields, FIELD_COUNT(render_fields), "agent_size")) {
        steer_scenario_info *info = target;
        if (info->agent_size > 100.0f) {
            char p[PATH_SIZE];
            join_key(p, path, "agent_size");
            return sc_error(ck->sc, p, "expected at most 100 pixels, got %g", (double)info->agent_size);
        }
    }
    return 0;
}

static const field expect_fields[] = {
    {"max_obstacle_penetrations", F_DOUBLE, offsetof(steer_scenario_expect, max_obstacle_penetrations), R_NONNEG, 0, 0, 0},
    {"max_wall_crossings", F_DOUBLE, offsetof(steer_scenario_expect, max_wall_crossings), R_NONNEG, 0, 0, 0},
    {"max_jitter", F_DOUBLE, offsetof(steer_scenario_expect, max_jitter), R_NONNEG, 0, 0, 0},
    {"min_agent_distance", F_DOUBLE, offsetof(steer_scenario_expect, min_agent_distance), R_NONNEG, 0, 0, 0},
    {"max_arrive_overshoot", F_DOUBLE, offsetof(steer_scenario_expect, max_arrive_overshoot), R_NONNEG, 0, 0, 0},
    {"max_path_distance", F_DOUBLE, offsetof(steer_scenario_expect, max_path_distance), R_NONNEG, 0, 0, 0},
};

static int custom_expect(checker *ck, const sc_node *n, const char *path, void *target)
{
    uint64_t seen = 0;
    return read_object(ck, n, path, "an object", expect_fields, FIELD_COUNT(expect_fields),
                       &((steer_scenario_info *)target)->expect, &seen);
}

/* ---- obstacles, walls, paths ------------------------------------------------------ */
static const field obstacle_fields[] = {
    {"centre", F_VEC, offsetof(steer_obstacle3, centre), R_ANY, 0, 0, 0},
    {"radius", F_FLOAT, offsetof(steer_obstacle3, radius), R_POS, 0, 0, 0},
};

static int custom_obstacles(checker *ck, const sc_node *n, const char *path, void *target)
{
    (void)target;
    if (check_array(ck, n, path, "obstacle", 0)) return -1;
    steer_scenario *sc = ck->sc;
    sc->obstacles = calloc((size_t)n->count + 1, sizeof *sc->obstacles);
    if (!sc->obstacles) return sc_error(sc, path, "out of memory");
    char p[PATH_SIZE];
    for (int i = 0; i < n->count; ++i) {
        join_index(p, path, i);
        uint64_t seen = 0;
        if (read_object(ck, &n->items[i], p, "an obstacle {\"centre\": [x, y], \"radius\": r}", obstacle_fields, 2,
                        &sc->obstacles[i], &seen))
            return -1;
        if (require(ck, p, seen, obstacle_fields, 2, "centre", 0) || require(ck, p, seen, obstacle_fields, 2, "radius", 0))
            return -1;
        if (ck->dim == 2) sc->obstacles[i].centre.z = 0.0f;
    }
    sc->info.obstacle_count = n->count;
    return 0;
}

typedef struct wall_spec {
    steer_v3 from, to;
    steer_v3 *points;
    int count;
    bool closed;
} wall_spec;

static int custom_wall_points(checker *ck, const sc_node *n, const char *path, void *target)
{
    wall_spec *w = target;
    return read_vec_array(ck, n, path, 2, &w->points, &w->count);
}

static const field wall_fields[] = {
    {"from", F_VEC, offsetof(wall_spec, from), R_ANY, 0, 0, 0},
    {"to", F_VEC, offsetof(wall_spec, to), R_ANY, 0, 0, 0},
    {"points", F_CUSTOM, 0, R_ANY, 0, 0, custom_wall_points},
    {"closed", F_BOOL, offsetof(wall_spec, closed), R_ANY, 0, 0, 0},
};

static int custom_walls(checker *ck, const sc_node *n, const char *path, void *target)
{
    (void)target;
    if (check_array(ck, n, path, "wall", 0)) return -1;
    steer_scenario *sc = ck->sc;
    int total = 0, capacity = n->count + 1;
    sc->walls = malloc(sizeof *sc->walls * (size_t)capacity);
    if (!sc->walls) return sc_error(sc, path, "out of memory");
    char p[PATH_SIZE];
    for (int i = 0; i < n->count; ++i) {
        join_index(p, path, i);
        wall_spec w = {0};
        uint64_t seen = 0;
        int rc = read_object(ck, &n->items[i], p, "a wall {\"from\": [x, y], \"to\": [x, y]} or {\"points\": [...]}",
                             wall_fields, 4, &w, &seen);
        bool segment = has(seen, wall_fields, 4, "from") || has(seen, wall_fields, 4, "to");
        if (!rc && segment) {
            static const char *const allowed[] = {"from", "to"};
            rc = refuse_keys(ck, p, seen, wall_fields, 4, allowed, 2, "a wall given by \"from\" and \"to\"");
            if (!rc) rc = require(ck, p, seen, wall_fields, 4, has(seen, wall_fields, 4, "from") ? "to" : "from", 0);
        } else if (!rc) {
            rc = require(ck, p, seen, wall_fields, 4, "points", "(or \"from\" and \"to\")");
        }
        int segments = segment ? 1 : (w.closed ? w.count : w.count - 1);
        if (!rc && total + segments > capacity) {
            capacity = 2 * (total + segments);
            steer_segment3 *more = realloc(sc->walls, sizeof *more * (size_t)capacity);
            if (!more) rc = sc_error(sc, p, "out of memory");
            else sc->walls = more;
        }
        if (!rc) {
            if (segment) sc->walls[total++] = (steer_segment3){w.from, w.to};
            else
                for (int s = 0; s < segments; ++s) sc->walls[total++] = (steer_segment3){w.points[s], w.points[(s + 1) % w.count]};
        }
        free(w.points);
        if (rc) return -1;
    }
    for (int i = 0; i < total; ++i)
        if (ck->dim == 2) sc->walls[i].a.z = sc->walls[i].b.z = 0.0f;
    sc->info.wall_count = total;
    return 0;
}

typedef struct path_spec {
    char *name;
    steer_v3 *points;
    int count;
    bool closed;
    float radius;
} path_spec;

static int custom_path_points(checker *ck, const sc_node *n, const char *path, void *target)
{
    path_spec *ps = target;
    return read_vec_array(ck, n, path, 2, &ps->points, &ps->count);
}

static const field path_fields[] = {
    {"name", F_STRING, offsetof(path_spec, name), R_ANY, 0, 0, 0},
    {"points", F_CUSTOM, 0, R_ANY, 0, 0, custom_path_points},
    {"closed", F_BOOL, offsetof(path_spec, closed), R_ANY, 0, 0, 0},
    {"radius", F_FLOAT, offsetof(path_spec, radius), R_NONNEG, 0, 0, 0},
};

static int custom_paths(checker *ck, const sc_node *n, const char *path, void *target)
{
    (void)target;
    if (check_array(ck, n, path, "path", 0)) return -1;
    steer_scenario *sc = ck->sc;
    sc->paths = calloc((size_t)n->count + 1, sizeof *sc->paths);
    sc->path_points = calloc((size_t)n->count + 1, sizeof *sc->path_points);
    if (!sc->paths || !sc->path_points) return sc_error(sc, path, "out of memory");
    char p[PATH_SIZE];
    for (int i = 0; i < n->count; ++i) {
        join_index(p, path, i);
        path_spec ps = {0, 0, 0, false, 1.0f};
        uint64_t seen = 0;
        int rc = read_object(ck, &n->items[i], p, "a path {\"name\": ..., \"points\": [...]}", path_fields, 4, &ps, &seen);
        if (!rc) rc = require(ck, p, seen, path_fields, 4, "name", 0);
        if (!rc) rc = require(ck, p, seen, path_fields, 4, "points", 0);
        sc->paths[i] = (steer_scenario_path){ps.name, ps.points, ps.count, ps.closed, ps.radius};
        sc->path_points[i] = ps.points;
        sc->info.path_count = i + 1; /* owned from here on, freed with the rest */
        if (rc) return -1;
        if (ck->dim == 2)
            for (int k = 0; k < ps.count; ++k) ps.points[k].z = 0.0f;
    }
    return 0;
}

/* ---- flow fields ---------------------------------------------------------------- */
static int custom_field_size(checker *ck, const sc_node *n, const char *path, void *target)
{
    sc_field *f = target;
    const char *what = ck->dim == 3 ? "[nx, ny, nz], cells per axis" : "[nx, ny], cells per axis";
    if (n->kind != SC_ARRAY || n->count != ck->dim) return expected(ck, path, what, n);
    long long cells = 1;
    char p[PATH_SIZE];
    for (int a = 0; a < ck->dim; ++a) {
        long long v = 0;
        join_index(p, path, a);
        if (read_int(ck, &n->items[a], p, 1, 4096, &v)) return -1;
        f->n[a] = (int)v;
        cells *= v;
    }
    if (cells > MAX_FIELD_CELLS)
        return sc_error(ck->sc, path, "expected at most %d cells in all, got %lld", MAX_FIELD_CELLS, cells);
    return 0;
}

static int custom_field_type(checker *ck, const sc_node *n, const char *path, void *target)
{
    static const char *const names[] = {"uniform", "vortex", "noise", "grid"};
    int t = 0;
    if (read_choice(ck, n, path, names, 4, &t)) return -1;
    ((sc_field *)target)->type = (sc_field_type)t;
    return 0;
}

static int custom_field_vectors(checker *ck, const sc_node *n, const char *path, void *target)
{
    sc_field *f = target;
    int count = 0;
    if (read_vec_array(ck, n, path, 1, &f->vectors, &count)) return -1;
    f->n[2] = count; /* checked against size once both are known */
    return 0;
}

static const field field_fields[] = {
    {"name", F_STRING, offsetof(sc_field, name), R_ANY, 0, 0, 0},
    {"type", F_CUSTOM, 0, R_ANY, 0, 0, custom_field_type},
    {"origin", F_VEC, offsetof(sc_field, origin), R_ANY, 0, 0, 0},
    {"cell_size", F_FLOAT, offsetof(sc_field, cell_size), R_POS, 0, 0, 0},
    {"size", F_CUSTOM, 0, R_ANY, 0, 0, custom_field_size},
    {"strength", F_FLOAT, offsetof(sc_field, strength), R_ANY, 0, 0, 0},
    {"direction", F_VEC, offsetof(sc_field, direction), R_ANY, 0, 0, 0},
    {"centre", F_VEC, offsetof(sc_field, centre), R_ANY, 0, 0, 0},
    {"spin", F_FLOAT, offsetof(sc_field, spin), R_SIGNED_UNIT, 0, 0, 0},
    {"inward", F_FLOAT, offsetof(sc_field, inward), R_SIGNED_UNIT, 0, 0, 0},
    {"seed", F_SEED, offsetof(sc_field, seed), R_ANY, 0, 0, 0},
    {"scale", F_FLOAT, offsetof(sc_field, scale), R_POS, 0, 0, 0},
    {"vectors", F_CUSTOM, 0, R_ANY, 0, 0, custom_field_vectors},
};

static int read_field(checker *ck, const sc_node *n, const char *path, sc_field *f)
{
    const int nf = FIELD_COUNT(field_fields);
    steer_v3 extent = steer_v3_sub(ck->bounds_max, ck->bounds_min);
    *f = (sc_field){0};
    f->strength = 1.0f;
    f->spin = 1.0f;
    f->scale = 10.0f;
    f->origin = ck->bounds_min;
    f->centre = steer_v3_scale(steer_v3_add(ck->bounds_min, ck->bounds_max), 0.5f);
    uint64_t seen = 0;
    if (read_object(ck, n, path, "a flow field object", field_fields, nf, f, &seen)) return -1;
    int vector_count = f->n[2];
    if (require(ck, path, seen, field_fields, nf, "name", 0) || require(ck, path, seen, field_fields, nf, "type", 0))
        return -1;
    f->has_seed = has(seen, field_fields, nf, "seed");
    static const char *const uniform[] = {"name", "type", "origin", "cell_size", "size", "strength", "direction"};
    static const char *const vortex[] = {"name", "type", "origin", "cell_size", "size", "strength", "centre", "spin", "inward"};
    static const char *const noise[] = {"name", "type", "origin", "cell_size", "size", "strength", "seed", "scale"};
    static const char *const grid[] = {"name", "type", "origin", "cell_size", "size", "strength", "vectors"};
    int rc = 0;
    switch (f->type) {
    case SC_FIELD_UNIFORM:
        rc = refuse_keys(ck, path, seen, field_fields, nf, uniform, 7, "a \"uniform\" field");
        if (!rc) rc = require(ck, path, seen, field_fields, nf, "direction", "(a uniform field's direction)");
        break;
    case SC_FIELD_VORTEX: rc = refuse_keys(ck, path, seen, field_fields, nf, vortex, 9, "a \"vortex\" field"); break;
    case SC_FIELD_NOISE: rc = refuse_keys(ck, path, seen, field_fields, nf, noise, 8, "a \"noise\" field"); break;
    case SC_FIELD_GRID:
        rc = refuse_keys(ck, path, seen, field_fields, nf, grid, 7, "a \"grid\" field");
        if (!rc) rc = require(ck, path, seen, field_fields, nf, "size", "(a grid field's cells per axis)");
        if (!rc) rc = require(ck, path, seen, field_fields, nf, "vectors", 0);
        break;
    }
    if (rc) return -1;
    if (ck->dim == 2) f->n[2] = 1;
    if (!has(seen, field_fields, nf, "cell_size")) {
        float longest = steer_maxf(extent.x, extent.y);
        if (ck->dim == 3) longest = steer_maxf(longest, extent.z);
        f->cell_size = longest / 32.0f;
    }
    if (!has(seen, field_fields, nf, "size")) { /* cover the bounds */
        for (int a = 0; a < ck->dim; ++a) {
            double cells = ceil((double)steer_v3_get(extent, a) / f->cell_size) + 1.0;
            if (cells > 4096.0) {
                char p[PATH_SIZE];
                join_key(p, path, "cell_size");
                return sc_error(ck->sc, p, "too small to cover the bounds with at most 4096 cells per axis");
            }
            f->n[a] = (int)cells;
        }
        if ((long long)f->n[0] * f->n[1] * (ck->dim == 3 ? f->n[2] : 1) > MAX_FIELD_CELLS)
            return sc_error(ck->sc, path, "covering the bounds needs more than %d cells; set a larger cell_size",
                            MAX_FIELD_CELLS);
    }
    if (f->type == SC_FIELD_GRID) {
        int want = f->n[0] * f->n[1] * f->n[2];
        if (vector_count != want) {
            char p[PATH_SIZE];
            join_key(p, path, "vectors");
            return sc_error(ck->sc, p, "expected %d vectors (size %d x %d%s), got %d", want, f->n[0], f->n[1],
                            ck->dim == 3 ? " x nz" : "", vector_count);
        }
    }
    if (ck->dim == 2) f->origin.z = 0.0f;
    return 0;
}

static int custom_fields(checker *ck, const sc_node *n, const char *path, void *target)
{
    (void)target;
    if (check_array(ck, n, path, "flow field", 0)) return -1;
    steer_scenario *sc = ck->sc;
    sc->fields = calloc((size_t)n->count + 1, sizeof *sc->fields);
    sc->field_names = calloc((size_t)n->count + 1, sizeof *sc->field_names);
    if (!sc->fields || !sc->field_names) return sc_error(sc, path, "out of memory");
    char p[PATH_SIZE];
    for (int i = 0; i < n->count; ++i) {
        join_index(p, path, i);
        int rc = read_field(ck, &n->items[i], p, &sc->fields[i]);
        sc->info.flow_field_count = i + 1;
        sc->field_names[i] = sc->fields[i].name;
        if (rc) return -1;
    }
    return 0;
}

/* ---- groups ------------------------------------------------------------------------ */
/* One behaviour's object, read before its values are merged into the group. */
typedef struct behaviour_spec {
    float weight, probability;
    steer_group_def d;
} behaviour_spec;

static int custom_pursue_group(checker *ck, const sc_node *n, const char *path, void *target)
{
    return read_reference(ck, n, path, "group", ck->group_names, ck->group_count,
                          &((behaviour_spec *)target)->d.pursue_group);
}

static int custom_evade_group(checker *ck, const sc_node *n, const char *path, void *target)
{
    return read_reference(ck, n, path, "group", ck->group_names, ck->group_count,
                          &((behaviour_spec *)target)->d.evade_group);
}

static int custom_path_ref(checker *ck, const sc_node *n, const char *path, void *target)
{
    return read_reference(ck, n, path, "path", ck->path_names, ck->path_count, &((behaviour_spec *)target)->d.path);
}

static int custom_field_ref(checker *ck, const sc_node *n, const char *path, void *target)
{
    return read_reference(ck, n, path, "flow field", ck->field_names, ck->field_count,
                          &((behaviour_spec *)target)->d.flow_field);
}

#define BS(member) offsetof(behaviour_spec, d.member)
#define COMMON {"weight", F_FLOAT, offsetof(behaviour_spec, weight), R_ANY, 0, 0, 0}, \
               {"probability", F_FLOAT, offsetof(behaviour_spec, probability), R_UNIT, 0, 0, 0}

static const field b_plain[] = {COMMON};
static const field b_seek[] = {COMMON, {"target", F_VEC, BS(target), R_ANY, 0, 0, 0}};
static const field b_arrive[] = {COMMON, {"target", F_VEC, BS(target), R_ANY, 0, 0, 0},
                                 {"slow_radius", F_FLOAT, BS(slow_radius), R_NONNEG, 0, 0, 0}};
static const field b_flee[] = {COMMON, {"threat", F_VEC, BS(threat), R_ANY, 0, 0, 0},
                               {"panic_distance", F_FLOAT, BS(panic_distance), R_NONNEG, 0, 0, 0}};
static const field b_pursue[] = {COMMON, {"group", F_CUSTOM, 0, R_ANY, 0, 0, custom_pursue_group},
                                 {"chase_radius", F_FLOAT, BS(chase_radius), R_NONNEG, 0, 0, 0},
                                 {"max_prediction", F_FLOAT, BS(max_prediction), R_NONNEG, 0, 0, 0}};
static const field b_evade[] = {COMMON, {"group", F_CUSTOM, 0, R_ANY, 0, 0, custom_evade_group},
                                {"chase_radius", F_FLOAT, BS(chase_radius), R_NONNEG, 0, 0, 0},
                                {"max_prediction", F_FLOAT, BS(max_prediction), R_NONNEG, 0, 0, 0},
                                {"panic_distance", F_FLOAT, BS(panic_distance), R_NONNEG, 0, 0, 0}};
static const field b_wander[] = {COMMON, {"radius", F_FLOAT, BS(wander.radius), R_NONNEG, 0, 0, 0},
                                 {"distance", F_FLOAT, BS(wander.distance), R_ANY, 0, 0, 0},
                                 {"jitter", F_FLOAT, BS(wander.jitter), R_NONNEG, 0, 0, 0}};
static const field b_path[] = {COMMON, {"path", F_CUSTOM, 0, R_ANY, 0, 0, custom_path_ref},
                               {"predict", F_FLOAT, BS(path_predict), R_NONNEG, 0, 0, 0},
                               {"ahead", F_FLOAT, BS(path_ahead), R_NONNEG, 0, 0, 0}};
static const field b_flow[] = {COMMON, {"field", F_CUSTOM, 0, R_ANY, 0, 0, custom_field_ref},
                               {"predict", F_FLOAT, BS(flow_predict), R_NONNEG, 0, 0, 0}};
static const field b_contain[] = {COMMON, {"min", F_VEC, BS(contain_min), R_ANY, 0, 0, 0},
                                  {"max", F_VEC, BS(contain_max), R_ANY, 0, 0, 0},
                                  {"margin", F_FLOAT, BS(contain_margin), R_NONNEG, 0, 0, 0}};
static const field b_obstacles[] = {COMMON, {"see_ahead", F_FLOAT, BS(see_ahead), R_NONNEG, 0, 0, 0}};
static const field b_walls[] = {COMMON, {"length", F_FLOAT, BS(feelers.length), R_NONNEG, 0, 0, 0},
                                {"whisker_angle", F_FLOAT, BS(feelers.whisker_angle), R_ANY, 0, 0, 0},
                                {"whisker_length", F_FLOAT, BS(feelers.whisker_length), R_NONNEG, 0, 0, 0}};
static const field b_follow_wall[] = {COMMON, {"range", F_FLOAT, BS(wall_follow.range), R_NONNEG, 0, 0, 0},
                                      {"distance", F_FLOAT, BS(wall_follow.desired_distance), R_NONNEG, 0, 0, 0},
                                      {"gain", F_FLOAT, BS(wall_follow.gain), R_NONNEG, 0, 0, 0}};

typedef struct behaviour_kind {
    const char *key;
    steer_behaviour b;
    const field *fields;
    int count;
    const char *required; /* a key the behaviour cannot do without, or NULL */
} behaviour_kind;

#define KIND(key, b, f, req) {key, b, f, FIELD_COUNT(f), req}
static const behaviour_kind kinds[] = {
    KIND("avoid_obstacles", STEER_AVOID_OBSTACLES, b_obstacles, 0),
    KIND("avoid_walls", STEER_AVOID_WALLS, b_walls, 0),
    KIND("contain", STEER_CONTAIN, b_contain, 0),
    KIND("separation", STEER_SEPARATION, b_plain, 0),
    KIND("evade", STEER_EVADE, b_evade, "group"),
    KIND("flee", STEER_FLEE, b_flee, "threat"),
    KIND("pursue", STEER_PURSUE, b_pursue, "group"),
    KIND("seek", STEER_SEEK, b_seek, "target"),
    KIND("arrive", STEER_ARRIVE, b_arrive, "target"),
    KIND("follow_wall", STEER_FOLLOW_WALL, b_follow_wall, 0),
    KIND("follow_path", STEER_FOLLOW_PATH, b_path, "path"),
    KIND("follow_flow", STEER_FOLLOW_FLOW, b_flow, "field"),
    KIND("alignment", STEER_ALIGNMENT, b_plain, 0),
    KIND("cohesion", STEER_COHESION, b_plain, 0),
    KIND("wander", STEER_WANDER, b_wander, 0),
};
#define KIND_COUNT FIELD_COUNT(kinds)

/* Group values more than one behaviour may set (seek and arrive share the
 * target, say): the first setter claims it, a different second value is an
 * error rather than a silent overwrite. */
typedef struct claim {
    size_t offset;
    char path[PATH_SIZE];
} claim;

typedef struct group_ctx {
    steer_group_def *def;
    claim claims[32];
    int claim_count;
} group_ctx;

static size_t field_size(const field *f)
{
    switch (f->type) {
    case F_VEC: return sizeof(steer_v3);
    case F_CUSTOM: return sizeof(int); /* references: an index */
    default: return sizeof(float);
    }
}

static size_t custom_offset(const field *f)
{
    if (f->custom == custom_pursue_group) return BS(pursue_group);
    if (f->custom == custom_evade_group) return BS(evade_group);
    if (f->custom == custom_path_ref) return BS(path);
    return BS(flow_field);
}

static int read_behaviour(checker *ck, group_ctx *gc, const behaviour_kind *k, const sc_node *n, const char *path)
{
    steer_group_def *def = gc->def;
    behaviour_spec spec = {1.0f, 1.0f, *def};
    if (n->kind == SC_NUMBER && !k->required) {
        if (read_float(ck, n, path, R_ANY, &spec.weight)) return -1;
        def->weight[k->b] = spec.weight;
        return 0;
    }
    if (n->kind != SC_OBJECT) {
        char what[96];
        if (k->required) snprintf(what, sizeof what, "an object with \"%s\"", k->required);
        else snprintf(what, sizeof what, "a weight or an object");
        return expected(ck, path, what, n);
    }
    uint64_t seen = 0;
    if (read_object(ck, n, path, "an object", k->fields, k->count, &spec, &seen)) return -1;
    if (k->required && require(ck, path, seen, k->fields, k->count, k->required, 0)) return -1;
    def->weight[k->b] = spec.weight;
    def->probability[k->b] = spec.probability;
    for (int f = 2; f < k->count; ++f) {
        if (!((seen >> f) & 1u)) continue;
        size_t off = k->fields[f].type == F_CUSTOM ? custom_offset(&k->fields[f]) : k->fields[f].offset;
        size_t size = field_size(&k->fields[f]);
        const char *from = (const char *)&spec + off;
        char *to = (char *)def + (off - offsetof(behaviour_spec, d));
        char p[PATH_SIZE];
        join_key(p, path, k->fields[f].key);
        int c = 0;
        while (c < gc->claim_count && gc->claims[c].offset != off) ++c;
        if (c < gc->claim_count) {
            if (memcmp(to, from, size))
                return sc_error(ck->sc, p, "differs from %s; a group has only one (set the same value in both)",
                                gc->claims[c].path);
        } else if (gc->claim_count < 32) {
            gc->claims[gc->claim_count].offset = off;
            join(gc->claims[gc->claim_count].path, p, "", "");
            gc->claim_count++;
        }
        memcpy(to, from, size);
    }
    if (k->b == STEER_CONTAIN) {
        bool lo = has(seen, k->fields, k->count, "min"), hi = has(seen, k->fields, k->count, "max");
        if (lo != hi) return require(ck, path, seen, k->fields, k->count, lo ? "max" : "min", "(a box needs both)");
        if (lo && check_box(ck, path, def->contain_min, def->contain_max)) return -1;
    }
    return 0;
}

static int custom_behaviours(checker *ck, const sc_node *n, const char *path, void *target)
{
    group_ctx *gc = target;
    if (n->kind != SC_OBJECT) return expected(ck, path, "an object of behaviours", n);
    /* switch off the library's default flocking weights: a group does what it lists */
    for (int b = 0; b < STEER_BEHAVIOUR_COUNT; ++b) gc->def->weight[b] = 0.0f;
    char p[PATH_SIZE];
    for (int m = 0; m < n->count; ++m) {
        const sc_node *v = &n->items[m];
        join_key(p, path, v->key);
        int k = 0;
        while (k < (int)KIND_COUNT && strcmp(kinds[k].key, v->key)) ++k;
        if (k == (int)KIND_COUNT) {
            const char *names[KIND_COUNT];
            for (int i = 0; i < (int)KIND_COUNT; ++i) names[i] = kinds[i].key;
            return unknown_key(ck, p, v->key, names, (int)KIND_COUNT);
        }
        if (read_behaviour(ck, gc, &kinds[k], v, p)) return -1;
    }
    return 0;
}

static int custom_neighbour_groups(checker *ck, const sc_node *n, const char *path, void *target)
{
    steer_group_def *d = target;
    if (n->kind != SC_ARRAY) return expected(ck, path, "an array of group names", n);
    uint32_t mask = 0;
    char p[PATH_SIZE];
    for (int i = 0; i < n->count; ++i) {
        join_index(p, path, i);
        int g = 0;
        if (read_reference(ck, &n->items[i], p, "group", ck->group_names, ck->group_count, &g)) return -1;
        mask |= 1u << g;
    }
    d->neighbour_mask = mask;
    return 0;
}

static const field neighbour_fields[] = {
    {"radius", F_FLOAT, offsetof(steer_group_def, neighbour_radius), R_NONNEG, 0, 0, 0},
    {"separation_radius", F_FLOAT, offsetof(steer_group_def, separation_radius), R_NONNEG, 0, 0, 0},
    {"field_of_view", F_FLOAT, offsetof(steer_group_def, field_of_view), R_NONNEG, 0, 0, 0},
    {"groups", F_CUSTOM, 0, R_ANY, 0, 0, custom_neighbour_groups},
    {"desired_forms", F_BOOL, offsetof(steer_group_def, desired_forms), R_ANY, 0, 0, 0},
};

static int custom_neighbours(checker *ck, const sc_node *n, const char *path, void *target)
{
    group_ctx *gc = target;
    uint64_t seen = 0;
    return read_object(ck, n, path, "an object", neighbour_fields, FIELD_COUNT(neighbour_fields), gc->def, &seen);
}

static int custom_combine(checker *ck, const sc_node *n, const char *path, void *target)
{
    static const char *const names[] = {"blend", "priority", "running_sum", "dither"};
    int c = 0;
    if (read_choice(ck, n, path, names, 4, &c)) return -1;
    ((group_ctx *)target)->def->combine = (steer_combine)c;
    return 0;
}

/* ---- spawns -------------------------------------------------------------------------- */
static int custom_shape(checker *ck, const sc_node *n, const char *path, void *target)
{
    static const char *const names[] = {"box", "disc", "line", "points"};
    int s = 0;
    if (read_choice(ck, n, path, names, 4, &s)) return -1;
    ((sc_spawn *)target)->shape = (sc_shape)s;
    return 0;
}

static int custom_heading(checker *ck, const sc_node *n, const char *path, void *target)
{
    sc_spawn *s = target;
    if (n->kind == SC_NUMBER) {
        s->heading = SC_HEADING_ANGLE;
        return read_float(ck, n, path, R_ANY, &s->angle);
    }
    static const char *const names[] = {"random", "tangent", "outward"};
    static const sc_heading map[] = {SC_HEADING_RANDOM, SC_HEADING_TANGENT, SC_HEADING_OUTWARD};
    int h = 0;
    if (n->kind != SC_STRING) return expected(ck, path, "an angle in radians or one of \"random\", \"tangent\", \"outward\"", n);
    if (read_choice(ck, n, path, names, 3, &h)) return -1;
    s->heading = map[h];
    return 0;
}

static int custom_spawn_points(checker *ck, const sc_node *n, const char *path, void *target)
{
    sc_spawn *s = target;
    int count = 0;
    if (read_vec_array(ck, n, path, 1, &s->points, &count)) return -1;
    s->index = count; /* stashed until the count check */
    return 0;
}

static const field spawn_fields[] = {
    {"count", F_INT, offsetof(sc_spawn, count), R_ANY, 0, MAX_AGENTS, 0},
    {"shape", F_CUSTOM, 0, R_ANY, 0, 0, custom_shape},
    {"min", F_VEC, offsetof(sc_spawn, min), R_ANY, 0, 0, 0},
    {"max", F_VEC, offsetof(sc_spawn, max), R_ANY, 0, 0, 0},
    {"centre", F_VEC, offsetof(sc_spawn, centre), R_ANY, 0, 0, 0},
    {"radius", F_FLOAT, offsetof(sc_spawn, radius), R_NONNEG, 0, 0, 0},
    {"inner_radius", F_FLOAT, offsetof(sc_spawn, inner_radius), R_NONNEG, 0, 0, 0},
    {"from", F_VEC, offsetof(sc_spawn, from), R_ANY, 0, 0, 0},
    {"to", F_VEC, offsetof(sc_spawn, to), R_ANY, 0, 0, 0},
    {"points", F_CUSTOM, 0, R_ANY, 0, 0, custom_spawn_points},
    {"velocity", F_VEC, offsetof(sc_spawn, velocity), R_ANY, 0, 0, 0},
    {"speed", F_FLOAT, offsetof(sc_spawn, speed), R_NONNEG, 0, 0, 0},
    {"heading", F_CUSTOM, 0, R_ANY, 0, 0, custom_heading},
    {"seed", F_SEED, offsetof(sc_spawn, seed), R_ANY, 0, 0, 0},
};

static int read_spawn(checker *ck, const sc_node *n, const char *path, const steer_group_def *def, sc_spawn *s)
{
    const int nf = FIELD_COUNT(spawn_fields);
    s->shape = SC_SHAPE_BOX;
    s->min = ck->bounds_min;
    s->max = ck->bounds_max;
    s->speed = 0.5f * def->max_speed;
    s->index = 0;
    uint64_t seen = 0;
    if (read_object(ck, n, path, "a spawn object", spawn_fields, nf, s, &seen)) {
        free(s->points);
        s->points = 0;
        return -1;
    }
    int point_count = s->index;
    s->has_velocity = has(seen, spawn_fields, nf, "velocity");
    s->has_seed = has(seen, spawn_fields, nf, "seed");
    static const char *const box[] = {"count", "shape", "min", "max", "velocity", "speed", "heading", "seed"};
    static const char *const disc[] = {"count", "shape", "centre", "radius", "inner_radius", "velocity", "speed", "heading", "seed"};
    static const char *const line[] = {"count", "shape", "from", "to", "velocity", "speed", "heading", "seed"};
    static const char *const points[] = {"count", "shape", "points", "velocity", "speed", "heading", "seed"};
    int rc = 0;
    switch (s->shape) {
    case SC_SHAPE_BOX:
        rc = refuse_keys(ck, path, seen, spawn_fields, nf, box, 8, "shape \"box\"");
        if (!rc && has(seen, spawn_fields, nf, "min") != has(seen, spawn_fields, nf, "max"))
            rc = require(ck, path, seen, spawn_fields, nf, has(seen, spawn_fields, nf, "min") ? "max" : "min",
                         "(a box needs both)");
        if (!rc) rc = check_box(ck, path, s->min, s->max);
        break;
    case SC_SHAPE_DISC:
        rc = refuse_keys(ck, path, seen, spawn_fields, nf, disc, 9, "shape \"disc\"");
        if (!rc) rc = require(ck, path, seen, spawn_fields, nf, "centre", 0);
        if (!rc) rc = require(ck, path, seen, spawn_fields, nf, "radius", 0);
        if (!rc && s->inner_radius > s->radius) {
            char p[PATH_SIZE];
            join_key(p, path, "inner_radius");
            rc = sc_error(ck->sc, p, "expected at most radius (%g), got %g", (double)s->radius, (double)s->inner_radius);
        }
        break;
    case SC_SHAPE_LINE:
        rc = refuse_keys(ck, path, seen, spawn_fields, nf, line, 8, "shape \"line\"");
        if (!rc) rc = require(ck, path, seen, spawn_fields, nf, "from", 0);
        if (!rc) rc = require(ck, path, seen, spawn_fields, nf, "to", 0);
        break;
    case SC_SHAPE_POINTS:
        rc = refuse_keys(ck, path, seen, spawn_fields, nf, points, 7, "shape \"points\"");
        if (!rc) rc = require(ck, path, seen, spawn_fields, nf, "points", 0);
        if (!rc && has(seen, spawn_fields, nf, "count") && s->count != point_count) {
            char p[PATH_SIZE];
            join_key(p, path, "count");
            rc = sc_error(ck->sc, p, "expected %d (the number of points), got %d", point_count, s->count);
        }
        s->count = point_count;
        break;
    }
    if (!rc && s->shape != SC_SHAPE_POINTS) rc = require(ck, path, seen, spawn_fields, nf, "count", 0);
    if (!rc && s->has_velocity && (has(seen, spawn_fields, nf, "speed") || has(seen, spawn_fields, nf, "heading"))) {
        char p[PATH_SIZE];
        join_key(p, path, "velocity");
        rc = sc_error(ck->sc, p, "give either \"velocity\" or \"speed\" and \"heading\", not both");
    }
    if (rc) {
        free(s->points);
        s->points = 0;
    }
    return rc;
}

typedef struct group_spec {
    group_ctx gc;
    char *name;
    const sc_node *spawn;
    char spawn_path[PATH_SIZE];
} group_spec;

static int custom_group_colour(checker *ck, const sc_node *n, const char *path, void *target)
{
    return read_colour(ck, n, path, &((group_ctx *)target)->def->colour);
}

static int custom_group_name(checker *ck, const sc_node *n, const char *path, void *target)
{
    return read_string(ck, n, path, &((group_spec *)target)->name);
}

static int custom_spawn(checker *ck, const sc_node *n, const char *path, void *target)
{
    group_spec *gs = target;
    if (check_array(ck, n, path, "spawn", 0)) return -1;
    gs->spawn = n; /* read once the group's limits are known */
    join(gs->spawn_path, path, "", "");
    return 0;
}

#define GD(member) offsetof(steer_group_def, member)
static int group_limit(checker *ck, const sc_node *n, const char *path, void *target, size_t off, range r)
{
    return read_float(ck, n, path, r, (float *)(void *)((char *)((group_ctx *)target)->def + off));
}
static int custom_max_speed(checker *ck, const sc_node *n, const char *p, void *t) { return group_limit(ck, n, p, t, GD(max_speed), R_POS); }
static int custom_max_force(checker *ck, const sc_node *n, const char *p, void *t) { return group_limit(ck, n, p, t, GD(max_force), R_POS); }
static int custom_mass(checker *ck, const sc_node *n, const char *p, void *t) { return group_limit(ck, n, p, t, GD(mass), R_POS); }
static int custom_radius(checker *ck, const sc_node *n, const char *p, void *t) { return group_limit(ck, n, p, t, GD(radius), R_NONNEG); }
static int custom_turn(checker *ck, const sc_node *n, const char *p, void *t) { return group_limit(ck, n, p, t, GD(max_turn_rate), R_NONNEG); }

static const field group_fields[] = {
    {"name", F_CUSTOM, 0, R_ANY, 0, 0, custom_group_name},
    {"colour", F_CUSTOM, 0, R_ANY, 0, 0, custom_group_colour},
    {"max_speed", F_CUSTOM, 0, R_ANY, 0, 0, custom_max_speed},
    {"max_force", F_CUSTOM, 0, R_ANY, 0, 0, custom_max_force},
    {"mass", F_CUSTOM, 0, R_ANY, 0, 0, custom_mass},
    {"radius", F_CUSTOM, 0, R_ANY, 0, 0, custom_radius},
    {"max_turn_rate", F_CUSTOM, 0, R_ANY, 0, 0, custom_turn},
    {"neighbours", F_CUSTOM, 0, R_ANY, 0, 0, custom_neighbours},
    {"combine", F_CUSTOM, 0, R_ANY, 0, 0, custom_combine},
    {"behaviours", F_CUSTOM, 0, R_ANY, 0, 0, custom_behaviours},
    {"spawn", F_CUSTOM, 0, R_ANY, 0, 0, custom_spawn},
};

static const uint32_t default_colours[] = {0x5EB8FFFFu, 0xFF6B5EFFu, 0x7BE07BFFu, 0xFFC857FFu,
                                           0xC792EAFFu, 0x4DD8D0FFu, 0xFF8FC7FFu, 0xE0E0E0FFu};

static int custom_groups(checker *ck, const sc_node *n, const char *path, void *target)
{
    (void)target;
    if (check_array(ck, n, path, "group", 1)) return -1;
    steer_scenario *sc = ck->sc;
    if (n->count > MAX_GROUPS) return sc_error(sc, path, "expected at most %d groups, got %d", MAX_GROUPS, n->count);
    sc->groups = calloc((size_t)n->count, sizeof *sc->groups);
    sc->group_names = calloc((size_t)n->count, sizeof *sc->group_names);
    if (!sc->groups || !sc->group_names) return sc_error(sc, path, "out of memory");
    sc->info.group_count = n->count;
    char p[PATH_SIZE];
    for (int i = 0; i < n->count; ++i) {
        join_index(p, path, i);
        steer_scenario_group *g = &sc->groups[i];
        g->def = steer_default_group_def();
        g->def.colour = default_colours[i % 8];
        group_spec gs = {{&g->def, {{0, {0}}}, 0}, 0, 0, {0}};
        uint64_t seen = 0;
        int rc = read_object(ck, &n->items[i], p, "a group object", group_fields, FIELD_COUNT(group_fields), &gs, &seen);
        sc->group_names[i] = gs.name;
        g->name = gs.name;
        if (rc) return -1;
        if (require(ck, p, seen, group_fields, FIELD_COUNT(group_fields), "name", 0)) return -1;
        g->colour = g->def.colour;
        if (ck->dim == 2) g->def.target.z = g->def.threat.z = 0.0f;
        if (gs.spawn) {
            const sc_node *arr = gs.spawn;
            sc_spawn *more = realloc(sc->spawns, sizeof *more * (size_t)(sc->spawn_count + arr->count));
            if (!more) return sc_error(sc, gs.spawn_path, "out of memory");
            sc->spawns = more;
            for (int s = 0; s < arr->count; ++s) {
                char sp[PATH_SIZE];
                join_index(sp, gs.spawn_path, s);
                sc_spawn *spawn = &sc->spawns[sc->spawn_count];
                memset(spawn, 0, sizeof *spawn);
                if (read_spawn(ck, &arr->items[s], sp, &g->def, spawn)) return -1;
                spawn->group = i;
                spawn->index = sc->spawn_count++;
                if ((long long)sc->info.total_agents + spawn->count > MAX_AGENTS)
                    return sc_error(sc, sp, "too many agents: at most %d in all", MAX_AGENTS);
                sc->info.total_agents += spawn->count;
                g->agents += spawn->count;
            }
        }
    }
    return 0;
}

/* ---- the root ------------------------------------------------------------------------ */
typedef struct root_spec {
    steer_scenario_info *info;
    box_spec bounds;
    int boundary;
    int capacity;
    bool have_render;
} root_spec;

static int custom_ignore(checker *ck, const sc_node *n, const char *path, void *target)
{
    (void)target;
    return n->kind == SC_STRING ? 0 : expected(ck, path, "a string", n);
}
static int custom_name(checker *ck, const sc_node *n, const char *path, void *target)
{
    (void)target;
    return read_string(ck, n, path, &ck->sc->name);
}
static int custom_description(checker *ck, const sc_node *n, const char *path, void *target)
{
    (void)target;
    return read_string(ck, n, path, &ck->sc->description);
}
static int custom_dim(checker *ck, const sc_node *n, const char *path, void *target)
{
    (void)target;
    long long d = 0;
    if (read_int(ck, n, path, 2, 3, &d)) return -1;
    return 0; /* read ahead of the pass into ck->dim */
}
static int custom_bounds(checker *ck, const sc_node *n, const char *path, void *target)
{
    (void)n;
    (void)path;
    (void)target;
    (void)ck;
    return 0; /* read ahead of the pass */
}
static int custom_boundary(checker *ck, const sc_node *n, const char *path, void *target)
{
    static const char *const names[] = {"wrap", "clamp", "none"};
    return read_choice(ck, n, path, names, 3, &((root_spec *)target)->boundary);
}

#define INFO(member) offsetof(steer_scenario_info, member)
static int info_float(checker *ck, const sc_node *n, const char *path, void *target, size_t off, range r)
{
    return read_float(ck, n, path, r, (float *)(void *)((char *)((root_spec *)target)->info + off));
}
static int info_bool(checker *ck, const sc_node *n, const char *path, void *target, size_t off)
{
    return read_bool(ck, n, path, (bool *)(void *)((char *)((root_spec *)target)->info + off));
}
static int info_int(checker *ck, const sc_node *n, const char *path, void *target, size_t off, long long lo, long long hi)
{
    long long v = 0;
    if (read_int(ck, n, path, lo, hi, &v)) return -1;
    *(int *)(void *)((char *)((root_spec *)target)->info + off) = (int)v;
    return 0;
}
static int custom_seed(checker *ck, const sc_node *n, const char *path, void *target)
{
    long long v = 0;
    if (read_int(ck, n, path, 0, 9007199254740991ll, &v)) return -1;
    ((root_spec *)target)->info->seed = (uint64_t)v;
    return 0;
}
static int custom_dt(checker *ck, const sc_node *n, const char *p, void *t)
{
    if (info_float(ck, n, p, t, INFO(dt), R_POS)) return -1;
    if (((root_spec *)t)->info->dt > 10.0f) return expected(ck, p, "a positive number no larger than 10", n);
    return 0;
}
static int custom_steps(checker *ck, const sc_node *n, const char *p, void *t) { return info_int(ck, n, p, t, INFO(steps), 1, 10000000); }
static int custom_max_dt(checker *ck, const sc_node *n, const char *p, void *t) { return info_float(ck, n, p, t, INFO(world.max_dt), R_NONNEG); }
static int custom_cell_size(checker *ck, const sc_node *n, const char *p, void *t) { return info_float(ck, n, p, t, INFO(world.cell_size), R_NONNEG); }
static int custom_solid_obstacles(checker *ck, const sc_node *n, const char *p, void *t) { return info_bool(ck, n, p, t, INFO(world.solid_obstacles)); }
static int custom_solid_walls(checker *ck, const sc_node *n, const char *p, void *t) { return info_bool(ck, n, p, t, INFO(world.solid_walls)); }
static int custom_non_penetration(checker *ck, const sc_node *n, const char *p, void *t) { return info_bool(ck, n, p, t, INFO(world.non_penetration)); }
static int custom_iterations(checker *ck, const sc_node *n, const char *p, void *t) { return info_int(ck, n, p, t, INFO(world.penetration_iterations), 0, 64); }
static int custom_threads(checker *ck, const sc_node *n, const char *p, void *t) { return info_int(ck, n, p, t, INFO(threads), 1, 64); }
static int custom_capacity(checker *ck, const sc_node *n, const char *p, void *t)
{
    long long v = 0;
    if (read_int(ck, n, p, 1, MAX_AGENTS, &v)) return -1;
    ((root_spec *)t)->capacity = (int)v;
    return 0;
}
static int custom_render_root(checker *ck, const sc_node *n, const char *p, void *t)
{
    ((root_spec *)t)->have_render = true;
    return custom_render(ck, n, p, ((root_spec *)t)->info);
}
static int custom_expect_root(checker *ck, const sc_node *n, const char *p, void *t)
{
    return custom_expect(ck, n, p, ((root_spec *)t)->info);
}

static const field root_fields[] = {
    {"$schema", F_CUSTOM, 0, R_ANY, 0, 0, custom_ignore},
    {"name", F_CUSTOM, 0, R_ANY, 0, 0, custom_name},
    {"description", F_CUSTOM, 0, R_ANY, 0, 0, custom_description},
    {"dim", F_CUSTOM, 0, R_ANY, 0, 0, custom_dim},
    {"bounds", F_CUSTOM, 0, R_ANY, 0, 0, custom_bounds},
    {"boundary", F_CUSTOM, 0, R_ANY, 0, 0, custom_boundary},
    {"seed", F_CUSTOM, 0, R_ANY, 0, 0, custom_seed},
    {"dt", F_CUSTOM, 0, R_ANY, 0, 0, custom_dt},
    {"steps", F_CUSTOM, 0, R_ANY, 0, 0, custom_steps},
    {"max_dt", F_CUSTOM, 0, R_ANY, 0, 0, custom_max_dt},
    {"cell_size", F_CUSTOM, 0, R_ANY, 0, 0, custom_cell_size},
    {"solid_obstacles", F_CUSTOM, 0, R_ANY, 0, 0, custom_solid_obstacles},
    {"solid_walls", F_CUSTOM, 0, R_ANY, 0, 0, custom_solid_walls},
    {"non_penetration", F_CUSTOM, 0, R_ANY, 0, 0, custom_non_penetration},
    {"penetration_iterations", F_CUSTOM, 0, R_ANY, 0, 0, custom_iterations},
    {"threads", F_CUSTOM, 0, R_ANY, 0, 0, custom_threads},
    {"capacity", F_CUSTOM, 0, R_ANY, 0, 0, custom_capacity},
    {"render", F_CUSTOM, 0, R_ANY, 0, 0, custom_render_root},
    {"expect", F_CUSTOM, 0, R_ANY, 0, 0, custom_expect_root},
    {"obstacles", F_CUSTOM, 0, R_ANY, 0, 0, custom_obstacles},
    {"walls", F_CUSTOM, 0, R_ANY, 0, 0, custom_walls},
    {"paths", F_CUSTOM, 0, R_ANY, 0, 0, custom_paths},
    {"flow_fields", F_CUSTOM, 0, R_ANY, 0, 0, custom_fields},
    {"groups", F_CUSTOM, 0, R_ANY, 0, 0, custom_groups},
};

static const sc_node *root_member(const steer_scenario *sc, const char *key)
{
    for (int i = 0; i < sc->root.count; ++i)
        if (!strcmp(sc->root.items[i].key, key)) return &sc->root.items[i];
    return 0;
}

static char *copy_string(const char *s)
{
    size_t len = strlen(s);
    char *c = malloc(len + 1);
    if (c) memcpy(c, s, len + 1);
    return c;
}

/* dim and bounds first: every vector and default depends on them. */
static int read_frame(checker *ck)
{
    const sc_node *dim = root_member(ck->sc, "dim");
    ck->dim = 2;
    if (dim) {
        long long d = 0;
        if (read_int(ck, dim, "dim", 2, 3, &d)) return -1;
        ck->dim = (int)d;
    }
    const sc_node *bounds = root_member(ck->sc, "bounds");
    if (!bounds) return sc_error(ck->sc, "", "missing required key \"bounds\"");
    box_spec b;
    if (read_box(ck, bounds, "bounds", &b)) return -1;
    if (ck->dim == 2) {
        b.min.z = -1.0f;
        b.max.z = 1.0f;
    }
    ck->bounds_min = b.min;
    ck->bounds_max = b.max;
    return 0;
}

static int check_root(checker *ck)
{
    steer_scenario *sc = ck->sc;
    steer_scenario_info *info = &sc->info;
    if (sc->root.kind != SC_OBJECT) return expected(ck, "", "a scenario object", &sc->root);
    if (read_frame(ck)) return -1;
    if (collect_names(ck, "groups", &ck->group_names, &ck->group_count)) return -1;
    if (collect_names(ck, "paths", &ck->path_names, &ck->path_count)) return -1;
    if (collect_names(ck, "flow_fields", &ck->field_names, &ck->field_count)) return -1;

    info->dim = ck->dim;
    info->seed = 1;
    info->threads = 1;
    info->dt = 1.0f / 30.0f;
    info->steps = 300;
    info->world = steer_default_world_def();
    info->width = 640;
    info->height = 480;
    info->frames = -1;
    info->fps = 25;
    info->trail = 12;
    info->view_min = ck->bounds_min;
    info->view_max = ck->bounds_max;
    info->background = 0x10141CFFu;
    info->obstacle_colour = 0x3A4150FFu;
    info->wall_colour = 0xB8C0CCFFu;
    info->path_colour = 0xD0A0206Au;
    info->field_colour = 0x8090A040u;
    info->expect = (steer_scenario_expect){-1, -1, -1, -1, -1, -1};
    root_spec rs = {info, {ck->bounds_min, ck->bounds_max}, 0, 0, false};
    uint64_t seen = 0;
    if (read_object(ck, &sc->root, "", "a scenario object", root_fields, FIELD_COUNT(root_fields), &rs, &seen))
        return -1;
    if (require(ck, "", seen, root_fields, FIELD_COUNT(root_fields), "groups", 0)) return -1;
    if (info->frames < 0) info->frames = info->steps < 150 ? info->steps : 150;
    if (info->frames > info->steps)
        return sc_error(sc, "render.frames", "expected at most steps (%d), got %d", info->steps, info->frames);
    if (!sc->name) sc->name = copy_string("scenario");
    if (!sc->description) sc->description = copy_string("");
    if (!sc->name || !sc->description) return sc_error(sc, "", "out of memory");
    info->name = sc->name;
    info->description = sc->description;

    steer_world_def *w = &info->world;
    w->dim = ck->dim;
    w->bounds_min = ck->bounds_min;
    w->bounds_max = ck->bounds_max;
    w->boundary = (steer_boundary)rs.boundary;
    w->seed = info->seed;
    w->worker_count = info->threads;
    w->capacity = info->total_agents > rs.capacity ? info->total_agents : rs.capacity;
    if (w->capacity < 1) w->capacity = 1;
    if (w->max_groups < info->group_count) w->max_groups = info->group_count;
    if (w->max_obstacles < info->obstacle_count) w->max_obstacles = info->obstacle_count;
    if (w->max_walls < info->wall_count) w->max_walls = info->wall_count;
    if (w->max_paths < info->path_count) w->max_paths = info->path_count;
    if (w->max_flow_fields < info->flow_field_count) w->max_flow_fields = info->flow_field_count;

    info->groups = sc->groups;
    info->obstacles = sc->obstacles;
    info->walls = sc->walls;
    info->paths = sc->paths;
    info->flow_field_names = (const char *const *)sc->field_names;
    return 0;
}

int sc_check(steer_scenario *sc)
{
    checker ck = {sc, 2, {0, 0, 0}, {0, 0, 0}, 0, 0, 0, 0, 0, 0};
    int rc = check_root(&ck);
    free(ck.group_names);
    free(ck.path_names);
    free(ck.field_names);
    return rc;
}

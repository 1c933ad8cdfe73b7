/* The scenario's value tree and its setters: paths in, nodes out. Checking
 * what the values mean is scenario_check.c's job. */
#include "scenario_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Bounds on what a walker may build, so a hostile file cannot exhaust memory
 * through the tree alone (grids of vectors are the largest legal arrays). */
#define SC_MAX_ARRAY (1 << 20)
#define SC_MAX_DEPTH 32
#define SC_MAX_KEY 64

steer_scenario *steer_scenario_create(void)
{
    steer_scenario *sc = calloc(1, sizeof *sc);
    if (sc) sc->root.kind = SC_UNSET;
    return sc;
}

void sc_node_free(sc_node *n)
{
    for (int i = 0; i < n->count; ++i) sc_node_free(&n->items[i]);
    free(n->items);
    free(n->key);
    free(n->string);
    memset(n, 0, sizeof *n);
}

void steer_scenario_reset(steer_scenario *sc)
{
    if (!sc) return;
    sc_free_derived(sc);
    sc_node_free(&sc->root);
    sc->error[0] = 0;
    sc->setter_failed = false;
}

void steer_scenario_destroy(steer_scenario *sc)
{
    if (!sc) return;
    steer_scenario_reset(sc);
    free(sc);
}

int sc_error(steer_scenario *sc, const char *path, const char *fmt, ...)
{
    if (sc->error[0]) return -1; /* the first error is the one reported */
    int n = snprintf(sc->error, sizeof sc->error, "%s%s", path && *path ? path : "", path && *path ? ": " : "");
    if (n < 0 || n >= (int)sizeof sc->error) n = (int)sizeof sc->error - 1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(sc->error + n, sizeof sc->error - (size_t)n, fmt, ap);
    va_end(ap);
    return -1;
}

int steer_scenario_fail(steer_scenario *sc, const char *path, const char *message)
{
    if (!sc) return -1;
    sc->finished = false;
    if (sc->setter_failed) return -1;
    sc->error[0] = 0;
    sc->setter_failed = true;
    return sc_error(sc, path, "%s", message ? message : "error");
}

const char *steer_scenario_error(const steer_scenario *sc) { return sc ? sc->error : "no scenario"; }

/* ---- paths ---------------------------------------------------------------------- */
static bool key_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$';
}

static int grow(sc_node *n, int want)
{
    if (want <= n->capacity) return 0;
    int cap = n->capacity ? n->capacity : 4;
    while (cap < want) cap *= 2;
    sc_node *items = realloc(n->items, sizeof *items * (size_t)cap);
    if (!items) return -1;
    memset(items + n->capacity, 0, sizeof *items * (size_t)(cap - n->capacity));
    n->items = items;
    n->capacity = cap;
    return 0;
}

static const char *kind_name(sc_kind k)
{
    switch (k) {
    case SC_OBJECT: return "an object";
    case SC_ARRAY: return "an array";
    case SC_NUMBER: return "a number";
    case SC_STRING: return "a string";
    case SC_BOOL: return "a boolean";
    case SC_NULL: return "null";
    case SC_UNSET: break;
    }
    return "nothing";
}

/* Finds or creates the node at `path`, turning unset nodes on the way into
 * objects or arrays as the path requires. NULL with the error recorded. */
static sc_node *locate(steer_scenario *sc, const char *path)
{
    if (!path) {
        sc_error(sc, "", "a setter was called without a path");
        return 0;
    }
    sc_node *n = &sc->root;
    const char *s = path;
    int depth = 0;
    while (*s) {
        if (++depth > SC_MAX_DEPTH) {
            sc_error(sc, path, "nested too deeply (at most %d levels)", SC_MAX_DEPTH);
            return 0;
        }
        if (*s == '[') {
            char *end;
            long index = strtol(s + 1, &end, 10);
            if (end == s + 1 || *end != ']' || index < 0 || s[1] == '+' || s[1] == '-') {
                sc_error(sc, path, "malformed path (expected [index])");
                return 0;
            }
            if (index >= SC_MAX_ARRAY) {
                sc_error(sc, path, "array too long (at most %d elements)", SC_MAX_ARRAY);
                return 0;
            }
            if (n->kind == SC_UNSET) n->kind = SC_ARRAY;
            if (n->kind != SC_ARRAY) {
                sc_error(sc, path, "malformed path: an element of %s", kind_name(n->kind));
                return 0;
            }
            if (index >= n->count) {
                if (grow(n, (int)index + 1) != 0) {
                    sc_error(sc, path, "out of memory");
                    return 0;
                }
                n->count = (int)index + 1;
            }
            n = &n->items[index];
            s = end + 1;
            continue;
        }
        if (s != path) {
            if (*s != '.') {
                sc_error(sc, path, "malformed path");
                return 0;
            }
            ++s;
        }
        size_t len = 0;
        while (key_char(s[len])) ++len;
        if (len == 0 || len > SC_MAX_KEY || (s[len] && s[len] != '.' && s[len] != '[')) {
            sc_error(sc, path, len > SC_MAX_KEY ? "unknown key" : "malformed path");
            return 0;
        }
        if (n->kind == SC_UNSET) n->kind = SC_OBJECT;
        if (n->kind != SC_OBJECT) {
            sc_error(sc, path, "malformed path: a key of %s", kind_name(n->kind));
            return 0;
        }
        sc_node *child = 0;
        for (int i = 0; i < n->count; ++i)
            if (strlen(n->items[i].key) == len && !memcmp(n->items[i].key, s, len)) child = &n->items[i];
        if (!child) {
            if (grow(n, n->count + 1) != 0) {
                sc_error(sc, path, "out of memory");
                return 0;
            }
            child = &n->items[n->count];
            child->key = malloc(len + 1);
            if (!child->key) {
                sc_error(sc, path, "out of memory");
                return 0;
            }
            memcpy(child->key, s, len);
            child->key[len] = 0;
            n->count++;
        }
        n = child;
        s += len;
    }
    return n;
}

/* The node at path, emptied and given `kind`. */
static sc_node *set_kind(steer_scenario *sc, const char *path, sc_kind kind)
{
    if (!sc) return 0;
    sc->finished = false;
    if (sc->setter_failed) return 0;
    sc->error[0] = 0; /* a previous finish's complaint no longer applies */
    sc_node *n = locate(sc, path);
    if (!n) {
        sc->setter_failed = true;
        return 0;
    }
    char *key = n->key;
    n->key = 0;
    sc_node_free(n);
    n->key = key;
    n->kind = kind;
    return n;
}

int steer_scenario_set_object(steer_scenario *sc, const char *path)
{
    return set_kind(sc, path, SC_OBJECT) ? 0 : -1;
}

int steer_scenario_set_array(steer_scenario *sc, const char *path, int length)
{
    if (sc && !sc->setter_failed && (length < 0 || length > SC_MAX_ARRAY)) {
        sc->error[0] = 0;
        sc->setter_failed = true;
        return sc_error(sc, path, "array too long (at most %d elements)", SC_MAX_ARRAY);
    }
    sc_node *n = set_kind(sc, path, SC_ARRAY);
    if (!n) return -1;
    if (grow(n, length) != 0) {
        sc->setter_failed = true;
        return sc_error(sc, path, "out of memory");
    }
    n->count = length;
    return 0;
}

int steer_scenario_set_number(steer_scenario *sc, const char *path, double value)
{
    sc_node *n = set_kind(sc, path, SC_NUMBER);
    if (!n) return -1;
    n->number = value;
    return 0;
}

int steer_scenario_set_string(steer_scenario *sc, const char *path, const char *value)
{
    sc_node *n = set_kind(sc, path, SC_STRING);
    if (!n) return -1;
    size_t len = value ? strlen(value) : 0;
    n->string = malloc(len + 1);
    if (!n->string) {
        sc->setter_failed = true;
        return sc_error(sc, path, "out of memory");
    }
    if (len) memcpy(n->string, value, len);
    n->string[len] = 0;
    return 0;
}

int steer_scenario_set_bool(steer_scenario *sc, const char *path, bool value)
{
    sc_node *n = set_kind(sc, path, SC_BOOL);
    if (!n) return -1;
    n->boolean = value;
    return 0;
}

int steer_scenario_set_null(steer_scenario *sc, const char *path) { return set_kind(sc, path, SC_NULL) ? 0 : -1; }

int steer_scenario_finish(steer_scenario *sc)
{
    if (!sc) return -1;
    sc_free_derived(sc);
    if (sc->setter_failed) return -1; /* a setter failed: report that, until reset */
    sc->error[0] = 0;
    if (sc_check(sc) != 0) {
        sc_free_derived(sc);
        return -1;
    }
    sc->finished = true;
    return 0;
}

const steer_scenario_info *steer_scenario_get_info(const steer_scenario *sc)
{
    return sc && sc->finished ? &sc->info : 0;
}

void sc_free_derived(steer_scenario *sc)
{
    for (int i = 0; i < sc->info.group_count; ++i) free(sc->group_names ? sc->group_names[i] : 0);
    for (int i = 0; i < sc->info.path_count; ++i) {
        free(sc->paths ? (char *)sc->paths[i].name : 0);
        free(sc->path_points ? sc->path_points[i] : 0);
    }
    for (int i = 0; i < sc->info.flow_field_count; ++i) {
        if (!sc->fields) break;
        free(sc->fields[i].name);
        free(sc->fields[i].vectors);
    }
    for (int i = 0; i < sc->spawn_count; ++i) free(sc->spawns ? sc->spawns[i].points : 0);
    free(sc->name);
    free(sc->description);
    free(sc->groups);
    free(sc->group_names);
    free(sc->obstacles);
    free(sc->walls);
    free(sc->paths);
    free(sc->path_points);
    free(sc->fields);
    free(sc->field_names);
    free(sc->spawns);
    sc->name = sc->description = 0;
    sc->groups = 0;
    sc->group_names = 0;
    sc->obstacles = 0;
    sc->walls = 0;
    sc->paths = 0;
    sc->path_points = 0;
    sc->fields = 0;
    sc->field_names = 0;
    sc->spawns = 0;
    sc->spawn_count = 0;
    memset(&sc->info, 0, sizeof sc->info);
    sc->finished = false;
}

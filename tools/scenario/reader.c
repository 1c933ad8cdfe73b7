/* The generic checked reader: value tree, paths, errors, leaf readers and
 * table-driven objects. See reader.h. */
#include "reader.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Bounds on what a walker may build, so a hostile document cannot exhaust
 * memory through the tree alone. */
#define MAX_ARRAY (1 << 20)
#define MAX_DEPTH 32
#define MAX_KEY 64
#define SMALL_OBJECT 8 /* members searched in a row before an object gets a hash index */

/* ---- the tree --------------------------------------------------------------------- */
static void node_free(sc_node *n)
{
    for (int i = 0; i < n->count; ++i) node_free(&n->items[i]);
    free(n->items);
    free(n->index);
    free(n->key);
    free(n->string);
    memset(n, 0, sizeof *n);
}

static uint32_t hash_key(const char *s, size_t len)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < len; ++i) h = (h ^ (uint8_t)s[i]) * 16777619u;
    return h;
}

static bool key_is(const sc_node *n, const char *key, size_t len)
{
    return !strncmp(n->key, key, len) && n->key[len] == 0;
}

static int index_insert(sc_node *n, int position)
{
    const char *key = n->items[position].key;
    uint32_t mask = (uint32_t)n->index_size - 1u;
    for (uint32_t h = hash_key(key, strlen(key)) & mask;; h = (h + 1u) & mask)
        if (!n->index[h]) {
            n->index[h] = position + 1;
            return 0;
        }
}

static int index_rebuild(sc_node *n, int size)
{
    int *index = calloc((size_t)size, sizeof *index);
    if (!index) return -1;
    free(n->index);
    n->index = index;
    n->index_size = size;
    for (int i = 0; i < n->count; ++i) index_insert(n, i);
    return 0;
}

static sc_node *find_member(const sc_node *n, const char *key, size_t len)
{
    if (!n->index_size) {
        for (int i = 0; i < n->count; ++i)
            if (key_is(&n->items[i], key, len)) return &n->items[i];
        return 0;
    }
    uint32_t mask = (uint32_t)n->index_size - 1u;
    for (uint32_t h = hash_key(key, len) & mask; n->index[h]; h = (h + 1u) & mask)
        if (key_is(&n->items[n->index[h] - 1], key, len)) return &n->items[n->index[h] - 1];
    return 0;
}

const sc_node *sc_member(const sc_node *object, const char *key)
{
    return object && object->kind == SC_OBJECT ? find_member(object, key, strlen(key)) : 0;
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

/* A new member `key` of object n; NULL when out of memory. */
static sc_node *add_member(sc_node *n, const char *key, size_t len)
{
    int want = n->count + 1;
    if (want > SMALL_OBJECT && 2 * want > n->index_size) {
        int size = n->index_size ? 2 * n->index_size : 4 * SMALL_OBJECT;
        if (index_rebuild(n, size) != 0) return 0;
    }
    if (grow(n, want) != 0) return 0;
    sc_node *child = &n->items[n->count];
    child->key = malloc(len + 1);
    if (!child->key) return 0;
    memcpy(child->key, key, len);
    child->key[len] = 0;
    n->count++;
    if (n->index_size) index_insert(n, n->count - 1);
    return child;
}

/* ---- errors -------------------------------------------------------------------------- */
static void errors_clear(sc_errors *e)
{
    for (int i = 0; i < e->kept_count; ++i) free(e->kept[i].text);
    memset(e, 0, sizeof *e);
}

static bool errors_want(const sc_errors *e, int order)
{
    return e->kept_count < SC_MAX_ERRORS || order < e->kept[SC_MAX_ERRORS - 1].order;
}

/* Keeps the error if it is among the first SC_MAX_ERRORS by (order, seq). */
static void errors_add(sc_errors *e, int order, const char *path, const char *fmt, va_list ap)
{
    e->total++;
    int seq = e->next_seq++;
    if (!errors_want(e, order)) return;
    char head[SC_PATH_SIZE + 8], body[768];
    snprintf(head, sizeof head, "%s%s", path && *path ? path : "", path && *path ? ": " : "");
    vsnprintf(body, sizeof body, fmt, ap);
    size_t len = strlen(head) + strlen(body);
    char *text = malloc(len + 1);
    if (!text) {
        e->out_of_memory = true;
        return;
    }
    snprintf(text, len + 1, "%s%s", head, body);
    int at = e->kept_count;
    while (at > 0 && e->kept[at - 1].order > order) --at;
    if (e->kept_count == SC_MAX_ERRORS) free(e->kept[SC_MAX_ERRORS - 1].text);
    else e->kept_count++;
    memmove(&e->kept[at + 1], &e->kept[at], sizeof e->kept[0] * (size_t)(e->kept_count - 1 - at));
    e->kept[at] = (sc_error){order, seq, text};
}

static int walker_error(sc_reader *rd, const char *path, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static int walker_error(sc_reader *rd, const char *path, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    errors_add(&rd->walker, rd->next_order + 1, path, fmt, ap);
    va_end(ap);
    return -1;
}

void sc_reader_clear_check(sc_reader *rd) { errors_clear(&rd->check); }

int sc_reader_error_count(const sc_reader *rd) { return rd->walker.total + rd->check.total; }

void sc_reader_compose(sc_reader *rd)
{
    free(rd->message);
    rd->message = 0;
    if (!sc_reader_error_count(rd)) return;
    const sc_errors *a = &rd->walker, *b = &rd->check;
    size_t size = 64;
    for (int i = 0; i < a->kept_count; ++i) size += strlen(a->kept[i].text) + 1;
    for (int i = 0; i < b->kept_count; ++i) size += strlen(b->kept[i].text) + 1;
    char *out = malloc(size);
    if (!out) return;
    size_t used = 0;
    int ia = 0, ib = 0, shown = 0;
    out[0] = 0;
    while (shown < SC_MAX_ERRORS && (ia < a->kept_count || ib < b->kept_count)) {
        bool take_a = ib >= b->kept_count || (ia < a->kept_count && a->kept[ia].order <= b->kept[ib].order);
        const char *text = take_a ? a->kept[ia++].text : b->kept[ib++].text;
        used += (size_t)snprintf(out + used, size - used, "%s%s", shown ? "\n" : "", text);
        ++shown;
    }
    int total = sc_reader_error_count(rd);
    if (a->out_of_memory || b->out_of_memory)
        used += (size_t)snprintf(out + used, size - used, "%sout of memory while reporting errors", shown ? "\n" : "");
    else if (total > shown)
        snprintf(out + used, size - used, "\n... and %d more error%s", total - shown, total - shown == 1 ? "" : "s");
    rd->message = out;
}

void sc_reader_reset(sc_reader *rd)
{
    node_free(&rd->root);
    errors_clear(&rd->walker);
    errors_clear(&rd->check);
    free(rd->message);
    memset(rd, 0, sizeof *rd);
}

/* ---- setters -------------------------------------------------------------------------- */
static bool key_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$';
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

/* A node that was never set takes its place in document order now. */
static void become(sc_reader *rd, sc_node *n, sc_kind kind)
{
    if (n->kind == SC_UNSET) n->order = ++rd->next_order;
    n->kind = kind;
}

/* Finds or creates the node at `path`, turning unset nodes on the way into
 * objects or arrays as the path requires. NULL with the error recorded. */
static sc_node *locate(sc_reader *rd, const char *path)
{
    if (!path) {
        walker_error(rd, "", "a setter was called without a path");
        return 0;
    }
    sc_node *n = &rd->root;
    const char *s = path;
    int depth = 0;
    while (*s) {
        if (++depth > MAX_DEPTH) {
            walker_error(rd, path, "nested too deeply (at most %d levels)", MAX_DEPTH);
            return 0;
        }
        if (*s == '[') {
            char *end;
            long index = strtol(s + 1, &end, 10);
            if (end == s + 1 || *end != ']' || index < 0 || s[1] == '+' || s[1] == '-') {
                walker_error(rd, path, "malformed path (expected [index])");
                return 0;
            }
            if (index >= MAX_ARRAY) {
                walker_error(rd, path, "array too long (at most %d elements)", MAX_ARRAY);
                return 0;
            }
            if (n->kind == SC_UNSET) become(rd, n, SC_ARRAY);
            if (n->kind != SC_ARRAY) {
                walker_error(rd, path, "malformed path: an element of %s", kind_name(n->kind));
                return 0;
            }
            if (index >= n->count) {
                if (grow(n, (int)index + 1) != 0) {
                    walker_error(rd, path, "out of memory");
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
                walker_error(rd, path, "malformed path");
                return 0;
            }
            ++s;
        }
        size_t len = 0;
        while (key_char(s[len])) ++len;
        if (len == 0 || len > MAX_KEY || (s[len] && s[len] != '.' && s[len] != '[')) {
            walker_error(rd, path, len > MAX_KEY ? "unknown key" : "malformed path");
            return 0;
        }
        if (n->kind == SC_UNSET) become(rd, n, SC_OBJECT);
        if (n->kind != SC_OBJECT) {
            walker_error(rd, path, "malformed path: a key of %s", kind_name(n->kind));
            return 0;
        }
        sc_node *child = find_member(n, s, len);
        if (!child && !(child = add_member(n, s, len))) {
            walker_error(rd, path, "out of memory");
            return 0;
        }
        n = child;
        s += len;
    }
    return n;
}

/* The node at path, emptied and given `kind`. */
static sc_node *set_kind(sc_reader *rd, const char *path, sc_kind kind)
{
    if (rd->broken) return 0;
    if (rd->check.total) errors_clear(&rd->check); /* a previous check's complaints no longer apply */
    sc_node *n = locate(rd, path);
    if (!n) {
        rd->broken = true;
        return 0;
    }
    char *key = n->key;
    int order = n->order;
    sc_kind was = n->kind;
    n->key = 0;
    node_free(n);
    n->key = key;
    n->order = order;
    n->kind = was == SC_UNSET ? SC_UNSET : kind;
    become(rd, n, kind);
    return n;
}

int sc_reader_set_object(sc_reader *rd, const char *path) { return set_kind(rd, path, SC_OBJECT) ? 0 : -1; }

int sc_reader_set_array(sc_reader *rd, const char *path, int length)
{
    if (!rd->broken && (length < 0 || length > MAX_ARRAY)) {
        rd->broken = true;
        return walker_error(rd, path, "array too long (at most %d elements)", MAX_ARRAY);
    }
    sc_node *n = set_kind(rd, path, SC_ARRAY);
    if (!n) return -1;
    if (grow(n, length) != 0) {
        rd->broken = true;
        return walker_error(rd, path, "out of memory");
    }
    n->count = length;
    return 0;
}

int sc_reader_set_number(sc_reader *rd, const char *path, double value)
{
    sc_node *n = set_kind(rd, path, SC_NUMBER);
    if (!n) return -1;
    n->number = value;
    return 0;
}

int sc_reader_set_string(sc_reader *rd, const char *path, const char *value)
{
    sc_node *n = set_kind(rd, path, SC_STRING);
    if (!n) return -1;
    size_t len = value ? strlen(value) : 0;
    n->string = malloc(len + 1);
    if (!n->string) {
        rd->broken = true;
        return walker_error(rd, path, "out of memory");
    }
    if (len) memcpy(n->string, value, len);
    n->string[len] = 0;
    return 0;
}

int sc_reader_set_bool(sc_reader *rd, const char *path, bool value)
{
    sc_node *n = set_kind(rd, path, SC_BOOL);
    if (!n) return -1;
    n->boolean = value;
    return 0;
}

int sc_reader_set_null(sc_reader *rd, const char *path) { return set_kind(rd, path, SC_NULL) ? 0 : -1; }

int sc_reader_fail(sc_reader *rd, const char *path, const char *message)
{
    if (rd->check.total) errors_clear(&rd->check);
    return walker_error(rd, path, "%s", message ? message : "error");
}

/* ---- describing values ---------------------------------------------------------------- */
/* The shortest decimal form that reads back as the same double. */
static void number_text(double v, char *out, size_t size)
{
    if (v != v) {
        snprintf(out, size, "NaN");
        return;
    }
    if (v == INFINITY || v == -INFINITY) { /* JSON beyond double range: 1e999 */
        snprintf(out, size, "a number out of range");
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
    case SC_STRING:
        if (strlen(n->string) > 40) snprintf(out, size, "\"%.37s...\"", n->string);
        else snprintf(out, size, "\"%s\"", n->string);
        return;
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

/* ---- reporting --------------------------------------------------------------------------- */
static int order_of(const sc_node *n) { return n ? n->order : INT_MAX; }

static bool wanted(const sc_read *r, const sc_node *n) { return errors_want(&r->rd->check, order_of(n)); }

int sc_report(sc_read *r, const sc_node *n, const char *path, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    errors_add(&r->rd->check, order_of(n), path, fmt, ap);
    va_end(ap);
    return -1;
}

int sc_expected(sc_read *r, const sc_node *n, const char *path, const char *what)
{
    char text[64];
    describe(n, text, sizeof text);
    return sc_report(r, n, path, "expected %s, got %s", what, text);
}

/* ---- paths ---------------------------------------------------------------------------------- */
static void join(char *out, const char *path, const char *sep, const char *tail)
{
    size_t used = 0;
    const char *parts[3] = {path, sep, tail};
    for (int i = 0; i < 3; ++i) {
        size_t len = strlen(parts[i]);
        if (len > SC_PATH_SIZE - 1 - used) len = SC_PATH_SIZE - 1 - used;
        memmove(out + used, parts[i], len);
        used += len;
    }
    out[used] = 0;
}

void sc_join_key(char *out, const char *path, const char *key) { join(out, path, *path ? "." : "", key); }

void sc_join_index(char *out, const char *path, int index)
{
    char tail[16];
    snprintf(tail, sizeof tail, "[%d]", index);
    join(out, path, "", tail);
}

/* ---- leaf readers ------------------------------------------------------------------------------- */
static const char *range_text(sc_range r)
{
    switch (r) {
    case SC_POSITIVE: return "a positive number";
    case SC_NONNEG: return "a number >= 0";
    case SC_UNIT: return "a number from 0 to 1";
    case SC_SIGNED_UNIT: return "a number from -1 to 1";
    case SC_ANY: break;
    }
    return "a number";
}

int sc_read_double(sc_read *r, const sc_node *n, const char *path, sc_range range, double limit, double *out)
{
    const char *what = range_text(range);
    if (n->kind != SC_NUMBER) return sc_expected(r, n, path, what);
    double v = n->number;
    bool ok = v == v && v != INFINITY && v != -INFINITY;
    if (ok) {
        switch (range) {
        case SC_POSITIVE: ok = v > 0.0; break;
        case SC_NONNEG: ok = v >= 0.0; break;
        case SC_UNIT: ok = v >= 0.0 && v <= 1.0; break;
        case SC_SIGNED_UNIT: ok = v >= -1.0 && v <= 1.0; break;
        case SC_ANY: break;
        }
    }
    if (!ok && !(range == SC_ANY && v == v)) return sc_expected(r, n, path, what);
    if (!ok || fabs(v) > limit) { /* an infinity is out of the limit too */
        char text[96];
        if (range == SC_ANY) snprintf(text, sizeof text, "a number from %.0f to %.0f", -limit, limit);
        else snprintf(text, sizeof text, "%s no larger than %.0f", what, limit);
        return sc_expected(r, n, path, text);
    }
    *out = v;
    return 0;
}

int sc_read_float(sc_read *r, const sc_node *n, const char *path, sc_range range, float *out)
{
    return sc_read_float_within(r, n, path, range, r->float_limit, out);
}

int sc_read_float_within(sc_read *r, const sc_node *n, const char *path, sc_range range, double limit, float *out)
{
    double v = 0.0;
    if (sc_read_double(r, n, path, range, limit, &v) != 0) return -1;
    if (range == SC_POSITIVE && !((float)v > 0.0f)) return sc_expected(r, n, path, "a positive number (as a float)");
    *out = (float)v;
    return 0;
}

int sc_read_int(sc_read *r, const sc_node *n, const char *path, long long lo, long long hi, long long *out)
{
    char what[96];
    snprintf(what, sizeof what, "an integer from %lld to %lld", lo, hi);
    if (n->kind != SC_NUMBER || n->number != n->number || n->number != floor(n->number) || n->number < (double)lo ||
        n->number > (double)hi)
        return sc_expected(r, n, path, what);
    *out = (long long)n->number;
    return 0;
}

int sc_read_seed(sc_read *r, const sc_node *n, const char *path, uint64_t *out)
{
    long long v = 0;
    if (sc_read_int(r, n, path, 0, 9007199254740991ll, &v)) return -1; /* 2^53 - 1: exact in JSON and JavaScript */
    *out = (uint64_t)v;
    return 0;
}

int sc_read_bool(sc_read *r, const sc_node *n, const char *path, bool *out)
{
    if (n->kind != SC_BOOL) return sc_expected(r, n, path, "true or false");
    *out = n->boolean;
    return 0;
}

int sc_read_string(sc_read *r, const sc_node *n, const char *path, char **out)
{
    if (n->kind != SC_STRING) return sc_expected(r, n, path, "a string");
    size_t len = strlen(n->string);
    char *copy = malloc(len + 1);
    if (!copy) return sc_report(r, n, path, "out of memory");
    memcpy(copy, n->string, len + 1);
    free(*out);
    *out = copy;
    return 0;
}

int sc_read_vec(sc_read *r, const sc_node *n, const char *path, steer_v3 *out)
{
    const char *what = r->dim == 3 ? "[x, y, z] (or [x, y] for z = 0)" : "[x, y]";
    if (r->dim == 3 && r->whole_vectors && n->kind == SC_ARRAY && n->count == 2)
        return sc_report(r, n, path, "expected [x, y, z]: in a Y-up file (\"up\": \"y\") [x, y] would be (x, y, 0), "
                                     "off the ground (XZ)");
    if (n->kind != SC_ARRAY || n->count < 2 || n->count > 3 || (r->dim == 2 && n->count == 3))
        return sc_expected(r, n, path, what);
    float c[3] = {0.0f, 0.0f, 0.0f};
    char p[SC_PATH_SIZE];
    int rc = 0;
    for (int i = 0; i < n->count; ++i) {
        sc_join_index(p, path, i);
        if (sc_read_float(r, &n->items[i], p, SC_ANY, &c[i]) != 0) rc = -1;
    }
    if (!rc) *out = steer_v3_make(c[0], c[1], c[2]);
    return rc;
}

int sc_read_vec_array(sc_read *r, const sc_node *n, const char *path, int min_count, steer_v3 **out, int *count)
{
    if (n->kind != SC_ARRAY) return sc_expected(r, n, path, "an array of points");
    if (n->count < min_count) {
        char w[64];
        snprintf(w, sizeof w, "at least %d point%s", min_count, min_count == 1 ? "" : "s");
        return sc_expected(r, n, path, w);
    }
    steer_v3 *v = malloc(sizeof *v * (size_t)(n->count ? n->count : 1));
    if (!v) return sc_report(r, n, path, "out of memory");
    char p[SC_PATH_SIZE];
    int rc = 0;
    for (int i = 0; i < n->count; ++i) {
        sc_join_index(p, path, i);
        if (sc_read_vec(r, &n->items[i], p, &v[i]) != 0) rc = -1;
    }
    if (rc) {
        free(v);
        return -1;
    }
    free(*out);
    *out = v;
    *count = n->count;
    return 0;
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

int sc_read_colour(sc_read *r, const sc_node *n, const char *path, uint32_t *out)
{
    const char *what = "a colour \"#rrggbb\" or \"#rrggbbaa\"";
    if (n->kind != SC_STRING || n->string[0] != '#') return sc_expected(r, n, path, what);
    size_t len = strlen(n->string + 1);
    if (len != 6 && len != 8) return sc_expected(r, n, path, what);
    uint32_t v = 0;
    for (size_t i = 1; i <= len; ++i) {
        int d = hex_digit(n->string[i]);
        if (d < 0) return sc_expected(r, n, path, what);
        v = v << 4 | (uint32_t)d;
    }
    *out = len == 6 ? v << 8 | 0xFFu : v;
    return 0;
}

int sc_read_choice(sc_read *r, const sc_node *n, const char *path, const char *const *names, int count, int *out)
{
    if (n->kind == SC_STRING)
        for (int i = 0; i < count; ++i)
            if (!strcmp(n->string, names[i])) {
                *out = i;
                return 0;
            }
    char what[260];
    size_t used = (size_t)snprintf(what, sizeof what, "one of");
    for (int i = 0; i < count && used < sizeof what; ++i)
        used += (size_t)snprintf(what + used, sizeof what - used, "%s \"%s\"", i ? "," : "", names[i]);
    if (n->kind == SC_STRING) { /* a misspelt name: the nearest, as for keys */
        const char *best = 0;
        int best_d = 3;
        for (int i = 0; i < count; ++i) {
            int d = sc_edit_distance(n->string, names[i]);
            if (d < best_d && 2 * d < (int)strlen(names[i])) best_d = d, best = names[i]; /* not "x" for "z" */
        }
        if (best && used < sizeof what) snprintf(what + used, sizeof what - used, " (did you mean \"%s\"?)", best);
    }
    return sc_expected(r, n, path, what);
}

/* "a, b, c" into out (cut when long). */
static void list_names(char *out, size_t size, const char *const *names, int count)
{
    size_t used = 0;
    out[0] = 0;
    for (int i = 0; i < count && used + 2 < size; ++i) {
        int w = snprintf(out + used, size - used, "%s%s", i ? ", " : "", names[i] ? names[i] : "?");
        if (w < 0) break;
        used += (size_t)w;
    }
}

int sc_read_reference(sc_read *r, const sc_node *n, const char *path, const char *kind, const char *const *names,
                      int count, int *out)
{
    char what[64];
    snprintf(what, sizeof what, "the name of a %s", kind);
    if (n->kind != SC_STRING) return sc_expected(r, n, path, what);
    for (int i = 0; i < count; ++i)
        if (names[i] && !strcmp(names[i], n->string)) {
            *out = i;
            return 0;
        }
    char list[300];
    list_names(list, sizeof list, names, count);
    return sc_report(r, n, path, "unknown %s \"%s\" (%ss: %s)", kind, n->string, kind, count ? list : "none");
}

int sc_check_array(sc_read *r, const sc_node *n, const char *path, const char *noun, int min_count)
{
    char w[128];
    if (n->kind != SC_ARRAY) {
        snprintf(w, sizeof w, "an array of %ss", noun);
        return sc_expected(r, n, path, w);
    }
    if (n->count < min_count) {
        snprintf(w, sizeof w, "at least %d %s%s", min_count, noun, min_count == 1 ? "" : "s");
        return sc_expected(r, n, path, w);
    }
    return 0;
}

/* ---- unknown keys, with a suggestion ------------------------------------------------------------- */
int sc_edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la >= SC_EDIT_MAX || lb >= SC_EDIT_MAX) return SC_EDIT_MAX;
    int row[SC_EDIT_MAX];
    for (size_t j = 0; j <= lb; ++j) row[j] = (int)j;
    for (size_t i = 1; i <= la; ++i) {
        int diag = row[0];
        row[0] = (int)i;
        for (size_t j = 1; j <= lb; ++j) {
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

int sc_unknown_key(sc_read *r, const sc_node *n, const char *path, const char *key, const char *const *allowed,
                   int count)
{
    if (!wanted(r, n)) return sc_report(r, n, path, "unknown key"); /* counted, not shown: skip the search */
    const char *best = 0;
    int best_d = 3;
    for (int i = 0; i < count; ++i) {
        int d = sc_edit_distance(key, allowed[i]);
        if (d < best_d) best_d = d, best = allowed[i];
    }
    if (best) return sc_report(r, n, path, "unknown key; did you mean \"%s\"?", best);
    char list[400];
    list_names(list, sizeof list, allowed, count);
    return sc_report(r, n, path, "unknown key (expected one of: %s)", list);
}

/* ---- objects through tables ------------------------------------------------------------------------ */
void sc_apply_defaults(const sc_table *t, void *target)
{
    for (int i = 0; i < t->count; ++i) {
        const sc_row *row = &t->rows[i];
        if (!row->has_default) continue;
        void *at = (char *)target + row->offset;
        double v = row->default_value;
        switch (row->type) {
        case SC_T_FLOAT: *(float *)at = (float)v; break;
        case SC_T_DOUBLE: *(double *)at = v; break;
        case SC_T_INT:
        case SC_T_CHOICE: *(int *)at = (int)v; break;
        case SC_T_SEED: *(uint64_t *)at = (uint64_t)v; break;
        case SC_T_BOOL: *(bool *)at = v != 0.0; break;
        case SC_T_COLOUR: *(uint32_t *)at = (uint32_t)v; break;
        case SC_T_STRING:
        case SC_T_VEC:
        case SC_T_CUSTOM: break; /* no numeric default */
        }
    }
}

static int read_row(sc_read *r, const sc_row *row, const sc_node *v, const char *p, void *target)
{
    void *at = (char *)target + row->offset;
    switch (row->type) {
    case SC_T_FLOAT: return sc_read_float_within(r, v, p, row->range, row->max > 0.0 ? row->max : r->float_limit, at);
    case SC_T_DOUBLE: return sc_read_double(r, v, p, row->range, r->double_limit, at);
    case SC_T_INT: {
        long long x = 0;
        if (sc_read_int(r, v, p, row->lo, row->hi, &x)) return -1;
        *(int *)at = (int)x;
        return 0;
    }
    case SC_T_SEED: return sc_read_seed(r, v, p, at);
    case SC_T_BOOL: return sc_read_bool(r, v, p, at);
    case SC_T_STRING: return sc_read_string(r, v, p, at);
    case SC_T_VEC: return sc_read_vec(r, v, p, at);
    case SC_T_COLOUR: return sc_read_colour(r, v, p, at);
    case SC_T_CHOICE: return sc_read_choice(r, v, p, row->names, row->name_count, at);
    case SC_T_CUSTOM: return row->custom(r, row, v, p, target);
    }
    return sc_report(r, v, p, "unreadable row type");
}

int sc_read_object(sc_read *r, const sc_node *n, const char *path, const sc_table *t, void *target, sc_members *m)
{
    m->seen = m->failed = 0;
    if (n->kind != SC_OBJECT) return sc_expected(r, n, path, t->what);
    char p[SC_PATH_SIZE];
    int rc = 0;
    for (int i = 0; i < n->count; ++i) {
        const sc_node *v = &n->items[i];
        if (v->kind == SC_UNSET) continue; /* a key on the way to a failed setter */
        sc_join_key(p, path, v->key);
        int f = 0;
        while (f < t->count && strcmp(t->rows[f].key, v->key)) ++f;
        if (f == t->count) {
            const char *names[64];
            for (int k = 0; k < t->count && k < 64; ++k) names[k] = t->rows[k].key;
            rc = sc_unknown_key(r, v, p, v->key, names, t->count < 64 ? t->count : 64);
            continue;
        }
        m->seen |= 1ull << f;
        if (read_row(r, &t->rows[f], v, p, target)) {
            m->failed |= 1ull << f;
            rc = -1;
        }
    }
    return rc;
}

static int row_of(const sc_table *t, const char *key)
{
    for (int f = 0; f < t->count; ++f)
        if (!strcmp(t->rows[f].key, key)) return f;
    return -1;
}

bool sc_has(const sc_members *m, const sc_table *t, const char *key)
{
    int f = row_of(t, key);
    return f >= 0 && ((m->seen >> f) & 1u);
}

bool sc_failed(const sc_members *m, const sc_table *t, const char *key)
{
    int f = row_of(t, key);
    return f >= 0 && ((m->failed >> f) & 1u);
}

int sc_require(sc_read *r, const sc_node *n, const char *path, const sc_members *m, const sc_table *t,
               const char *key, const char *why)
{
    if (sc_has(m, t, key)) return 0;
    return sc_report(r, n, path, "missing required key \"%s\"%s%s", key, why ? " " : "", why ? why : "");
}

int sc_refuse_keys(sc_read *r, const sc_node *n, const char *path, const sc_members *m, const sc_table *t,
                   const char *const *allowed, int allowed_count, const char *variant)
{
    int rc = 0;
    for (int f = 0; f < t->count; ++f) {
        if (!((m->seen >> f) & 1u)) continue;
        bool ok = false;
        for (int a = 0; a < allowed_count; ++a) ok = ok || !strcmp(t->rows[f].key, allowed[a]);
        if (!ok) {
            char p[SC_PATH_SIZE];
            sc_join_key(p, path, t->rows[f].key);
            rc = sc_report(r, sc_member(n, t->rows[f].key), p, "not used by %s", variant);
        }
    }
    return rc;
}

/* The JSON front end of scenarios: jansson parses, this walks the document
 * depth first in document order and reports each value to the setters of
 * scenario.h, which do all the checking (and collect every error). */
#include "scenario_json.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#define MAX_FILE_BYTES (64L << 20)
#define PATH_SIZE 512

/* ---- numbers beyond double range ------------------------------------------------ */
/* jansson refuses 1e999 (and integers beyond 64 bits) as invalid JSON, with
 * a position but no path. They are valid JSON to a reader whose numbers are
 * doubles (JSON.parse gives Infinity), so each is replaced in a copy of the
 * text by a string marker of the same length (lines and columns stay put),
 * the copy is parsed again, and the walk reports each marker as the number
 * strtod makes of it: the check then names the path like any other bad
 * number. Markers are DEL characters, which a text without DEL (or its
 * escape) cannot hold in a string of its own. */
#define MAX_OVERFLOWS 64

typedef struct overflow {
    size_t at, length;
    double value;
} overflow;

typedef struct walker {
    steer_scenario *sc;
    const overflow *overflows;
    int overflow_count, next_overflow;
} walker;

static bool number_char(char c) { return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'; }

static bool may_hold_markers(const char *text, size_t length)
{
    for (size_t i = 0; i < length; ++i)
        if (text[i] == 0x7f || (text[i] == '\\' && i + 5 < length && text[i + 1] == 'u' && text[i + 2] == '0' &&
                                text[i + 3] == '0' && text[i + 4] == '7' && (text[i + 5] == 'f' || text[i + 5] == 'F')))
            return true;
    return false;
}

/* Replaces the number that ends at `end` by a marker; false when it cannot. */
static bool mark_overflow(char *copy, size_t end, overflow *o)
{
    size_t start = end;
    while (start > 0 && number_char(copy[start - 1])) --start;
    if (end - start < 3) return false;
    *o = (overflow){start, end - start, strtod(copy + start, 0)}; /* the copy ends with a NUL */
    copy[start] = copy[end - 1] = '"';
    memset(copy + start + 1, 0x7f, end - start - 2);
    return true;
}

static bool is_marker(const char *s, size_t length)
{
    if (strlen(s) != length - 2) return false;
    for (size_t i = 0; s[i]; ++i)
        if (s[i] != 0x7f) return false;
    return true;
}

/* ---- the walk ------------------------------------------------------------------------- */
static bool plain_key(const char *key)
{
    if (!*key) return false;
    for (const char *c = key; *c; ++c)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '_' ||
              *c == '$'))
            return false;
    return true;
}

static int walk_string(walker *wk, const char *path, const char *value)
{
    if (wk->next_overflow < wk->overflow_count && is_marker(value, wk->overflows[wk->next_overflow].length))
        return steer_scenario_set_number(wk->sc, path, wk->overflows[wk->next_overflow++].value);
    return steer_scenario_set_string(wk->sc, path, value);
}

/* Fails only when the tree cannot be built (a setter refused the path);
 * problems with a key are recorded and the walk goes on. */
static int walk(walker *wk, json_t *value, char *path, size_t used)
{
    steer_scenario *sc = wk->sc;
    switch (json_typeof(value)) {
    case JSON_OBJECT: {
        if (steer_scenario_set_object(sc, path)) return -1;
        const char *key;
        json_t *member;
        json_object_foreach(value, key, member) {
            int n = snprintf(path + used, PATH_SIZE - used, "%s%s", used ? "." : "", key);
            if (n < 0 || (size_t)n >= PATH_SIZE - used) { /* longer than any key of the format */
                snprintf(path + used, PATH_SIZE - used, "%s\"%.32s...\"", used ? "." : "", key);
                steer_scenario_fail(sc, path, "unknown key");
                continue;
            }
            if (!plain_key(key)) {
                snprintf(path + used, PATH_SIZE - used, "%s\"%s\"", used ? "." : "", key);
                steer_scenario_fail(sc, path, "unknown key");
                continue;
            }
            if (walk(wk, member, path, used + (size_t)n)) return -1;
        }
        path[used] = 0;
        return 0;
    }
    case JSON_ARRAY: {
        /* the setter refuses an array beyond the tree's limit, and the
         * finish then reports that alone: the tree without it is incomplete */
        size_t count = json_array_size(value);
        if (steer_scenario_set_array(sc, path, count > INT_MAX ? INT_MAX : (int)count)) return -1;
        for (size_t i = 0; i < count; ++i) {
            int n = snprintf(path + used, PATH_SIZE - used, "[%zu]", i);
            if (n < 0 || (size_t)n >= PATH_SIZE - used) {
                path[used] = 0;
                return steer_scenario_fail(sc, path, "nested too deeply");
            }
            if (walk(wk, json_array_get(value, i), path, used + (size_t)n)) return -1;
        }
        path[used] = 0;
        return 0;
    }
    case JSON_STRING: return walk_string(wk, path, json_string_value(value));
    case JSON_INTEGER: return steer_scenario_set_number(sc, path, (double)json_integer_value(value));
    case JSON_REAL: return steer_scenario_set_number(sc, path, json_real_value(value));
    case JSON_TRUE: return steer_scenario_set_bool(sc, path, true);
    case JSON_FALSE: return steer_scenario_set_bool(sc, path, false);
    case JSON_NULL: return steer_scenario_set_null(sc, path);
    }
    return steer_scenario_fail(sc, path, "unexpected JSON value");
}

/* Parses text, marking numbers beyond double range (see above). NULL with
 * jerr set when the text is not JSON. */
static json_t *parse(const char *text, size_t length, overflow *overflows, int *overflow_count, json_error_t *jerr)
{
    const size_t flags = JSON_REJECT_DUPLICATES | JSON_DECODE_ANY;
    *overflow_count = 0;
    json_t *root = json_loadb(text, length, flags, jerr);
    if (root || json_error_code(jerr) != json_error_numeric_overflow || may_hold_markers(text, length)) return root;
    char *copy = malloc(length + 1);
    if (!copy) return 0;
    memcpy(copy, text, length);
    copy[length] = 0;
    json_error_t again = *jerr;
    while (!root && json_error_code(&again) == json_error_numeric_overflow && *overflow_count < MAX_OVERFLOWS &&
           again.position > 0 && (size_t)again.position <= length &&
           mark_overflow(copy, (size_t)again.position, &overflows[*overflow_count])) {
        ++*overflow_count;
        root = json_loadb(copy, length, flags, &again);
    }
    free(copy);
    if (!root) *overflow_count = 0; /* still not JSON: report the first problem as jansson saw it */
    return root;
}

/* "NAME: line" for each line of message, as many whole lines as fit, then
 * (when some did not) a last line that says how many errors there are. */
static void prefix_lines(char *error, size_t error_size, const char *name, const char *message, int count)
{
    size_t used = 0, ends[32];
    int lines = 0;
    error[0] = 0;
    for (const char *line = message; *line;) {
        const char *end = strchr(line, '\n');
        int len = end ? (int)(end - line) : (int)strlen(line);
        int w = snprintf(error + used, error_size - used, "%s%s: %.*s", used ? "\n" : "", name, len, line);
        if (w < 0 || used + (size_t)w >= error_size) break;
        used += (size_t)w;
        if (lines < 32) ends[lines++] = used;
        line = end ? end + 1 : line + len;
        if (!end) return; /* everything fitted */
    }
    if (!lines) return; /* not even one line: the cut one is better than nothing */
    char tail[128];
    snprintf(tail, sizeof tail, "\n%s: ... (%d error%s in all)", name, count, count == 1 ? "" : "s");
    while (lines > 1 && ends[lines - 1] + strlen(tail) >= error_size) --lines;
    if (ends[lines - 1] + strlen(tail) < error_size) snprintf(error + ends[lines - 1], error_size - ends[lines - 1], "%s", tail);
}

int steer_scenario_load_json(steer_scenario *sc, const char *name, const char *text, size_t length, char *error,
                             size_t error_size)
{
    steer_scenario_reset(sc);
    /* a UTF-8 byte-order mark (editors on Windows write one) is not JSON,
     * but says nothing: skipped, as RFC 8259 lets a parser do */
    if (length >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) text += 3, length -= 3;
    json_error_t jerr;
    overflow overflows[MAX_OVERFLOWS];
    walker wk = {sc, overflows, 0, 0};
    json_t *root = parse(text, length, overflows, &wk.overflow_count, &jerr);
    if (!root) {
        snprintf(error, error_size, "%s: invalid JSON at line %d, column %d: %s", name, jerr.line, jerr.column,
                 jerr.text);
        return -1;
    }
    char path[PATH_SIZE] = "";
    walk(&wk, root, path, 0);
    json_decref(root);
    int rc = steer_scenario_finish(sc);
    if (rc != 0) prefix_lines(error, error_size, name, steer_scenario_error(sc), steer_scenario_error_count(sc));
    return rc;
}

int steer_scenario_load_json_file(steer_scenario *sc, const char *file, char *error, size_t error_size)
{
    FILE *f = fopen(file, "rb");
    if (!f) {
        snprintf(error, error_size, "%s: cannot open: %s", file, strerror(errno));
        return -1;
    }
    char *text = 0;
    size_t length = 0, capacity = 0;
    int rc = 0;
    for (;;) {
        if (length == capacity) {
            if (capacity >= (size_t)MAX_FILE_BYTES) {
                snprintf(error, error_size, "%s: larger than %ld MiB", file, MAX_FILE_BYTES >> 20);
                rc = -1;
                break;
            }
            capacity = capacity ? 2 * capacity : 65536;
            char *more = realloc(text, capacity);
            if (!more) {
                snprintf(error, error_size, "%s: out of memory", file);
                rc = -1;
                break;
            }
            text = more;
        }
        size_t n = fread(text + length, 1, capacity - length, f);
        length += n;
        if (n == 0) {
            if (ferror(f)) {
                snprintf(error, error_size, "%s: cannot read: %s", file, strerror(errno));
                rc = -1;
            }
            break;
        }
    }
    fclose(f);
    if (rc == 0) rc = steer_scenario_load_json(sc, file, text ? text : "", length, error, error_size);
    free(text);
    return rc;
}

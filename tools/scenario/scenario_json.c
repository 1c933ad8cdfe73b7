/* The JSON front end of scenarios: jansson parses, this walks the document
 * depth first in document order and reports each value to the setters of
 * scenario.h, which do all the checking. */
#include "scenario_json.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#define MAX_FILE_BYTES (64L << 20)
#define PATH_SIZE 512

static bool plain_key(const char *key)
{
    if (!*key) return false;
    for (const char *c = key; *c; ++c)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '_' ||
              *c == '$'))
            return false;
    return true;
}

static int walk(steer_scenario *sc, json_t *value, char *path, size_t used)
{
    switch (json_typeof(value)) {
    case JSON_OBJECT: {
        if (steer_scenario_set_object(sc, path)) return -1;
        const char *key;
        json_t *member;
        json_object_foreach(value, key, member) {
            int n = snprintf(path + used, PATH_SIZE - used, "%s%s", used ? "." : "", key);
            if (n < 0 || (size_t)n >= PATH_SIZE - used) return steer_scenario_fail(sc, path, "nested too deeply");
            if (!plain_key(key)) {
                snprintf(path + used, PATH_SIZE - used, "%s\"%s\"", used ? "." : "", key);
                return steer_scenario_fail(sc, path, "unknown key");
            }
            if (walk(sc, member, path, used + (size_t)n)) return -1;
        }
        path[used] = 0;
        return 0;
    }
    case JSON_ARRAY: {
        size_t count = json_array_size(value);
        if (count > (size_t)1 << 20) return steer_scenario_fail(sc, path, "array too long (at most 1048576 elements)");
        if (steer_scenario_set_array(sc, path, (int)count)) return -1;
        for (size_t i = 0; i < count; ++i) {
            int n = snprintf(path + used, PATH_SIZE - used, "[%zu]", i);
            if (n < 0 || (size_t)n >= PATH_SIZE - used) return steer_scenario_fail(sc, path, "nested too deeply");
            if (walk(sc, json_array_get(value, i), path, used + (size_t)n)) return -1;
        }
        path[used] = 0;
        return 0;
    }
    case JSON_STRING: return steer_scenario_set_string(sc, path, json_string_value(value));
    case JSON_INTEGER: return steer_scenario_set_number(sc, path, (double)json_integer_value(value));
    case JSON_REAL: return steer_scenario_set_number(sc, path, json_real_value(value));
    case JSON_TRUE: return steer_scenario_set_bool(sc, path, true);
    case JSON_FALSE: return steer_scenario_set_bool(sc, path, false);
    case JSON_NULL: return steer_scenario_set_null(sc, path);
    }
    return steer_scenario_fail(sc, path, "unexpected JSON value");
}

int steer_scenario_load_json(steer_scenario *sc, const char *name, const char *text, size_t length, char *error,
                             size_t error_size)
{
    steer_scenario_reset(sc);
    json_error_t jerr;
    json_t *root = json_loadb(text, length, JSON_REJECT_DUPLICATES | JSON_DECODE_ANY, &jerr);
    if (!root) {
        snprintf(error, error_size, "%s: invalid JSON at line %d, column %d: %s", name, jerr.line, jerr.column,
                 jerr.text);
        return -1;
    }
    char path[PATH_SIZE] = "";
    int rc = walk(sc, root, path, 0);
    json_decref(root);
    if (rc == 0) rc = steer_scenario_finish(sc);
    if (rc != 0) snprintf(error, error_size, "%s: %s", name, steer_scenario_error(sc));
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

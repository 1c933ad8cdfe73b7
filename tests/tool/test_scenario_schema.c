/* scenarios/schema.json against the format's tables, both ways: every key
 * of every table is a property of the matching schema object with the same
 * JSON type, and every property of the schema is a key of the table. Objects
 * in the schema refuse other properties, as the reader refuses other keys.
 *
 *   test_scenario_schema [SCHEMA.json]   (default: the repository's) */
#include "check.h"

#include <string.h>

#include <jansson.h>

#include "scenario_internal.h"

/* The JSON type a row takes, spelled as schema_kind spells a schema's. */
static const char *row_kind(const sc_row *row)
{
    switch (row->type) {
    case SC_T_FLOAT:
    case SC_T_DOUBLE: return "number";
    case SC_T_INT: return "integer";
    case SC_T_SEED: return "$seed";
    case SC_T_BOOL: return "boolean";
    case SC_T_STRING:
    case SC_T_CHOICE: return "string";
    case SC_T_VEC: return "$vector";
    case SC_T_COLOUR: return "$colour";
    case SC_T_CUSTOM: return row->json;
    }
    return "?";
}

/* "number", "$vector" (a $ref), "string" (an enum of strings), "integer"
 * (an enum of integers), "a|b" (oneOf, repeats dropped). */
static void schema_kind(json_t *s, char *out, size_t size)
{
    out[0] = 0;
    json_t *ref = json_object_get(s, "$ref"), *en = json_object_get(s, "enum"), *one = json_object_get(s, "oneOf");
    if (json_is_string(ref)) {
        const char *r = json_string_value(ref), *slash = strrchr(r, '/');
        snprintf(out, size, "$%s", slash ? slash + 1 : r);
    } else if (json_is_array(en) && json_array_size(en) > 0) {
        snprintf(out, size, "%s", json_is_string(json_array_get(en, 0)) ? "string" : "integer");
    } else if (json_is_array(one)) {
        size_t used = 0;
        for (size_t i = 0; i < json_array_size(one); ++i) {
            char part[64];
            schema_kind(json_array_get(one, i), part, sizeof part);
            if (strstr(out, part)) continue;
            used += (size_t)snprintf(out + used, size - used, "%s%s", used ? "|" : "", part);
        }
    } else if (json_is_string(json_object_get(s, "type"))) {
        snprintf(out, size, "%s", json_string_value(json_object_get(s, "type")));
    }
}

/* The object schemas a value may be: s itself, or its oneOf's objects. */
static int object_variants(json_t *s, json_t **out, int max)
{
    json_t *one = json_object_get(s, "oneOf");
    if (!json_is_array(one)) {
        out[0] = s;
        return 1;
    }
    int n = 0;
    for (size_t i = 0; i < json_array_size(one) && n < max; ++i)
        if (json_object_get(json_array_get(one, i), "properties")) out[n++] = json_array_get(one, i);
    return n;
}

static json_t *property(json_t **variants, int count, const char *key)
{
    for (int v = 0; v < count; ++v) {
        json_t *p = json_object_get(json_object_get(variants[v], "properties"), key);
        if (p) return p;
    }
    return 0;
}

static bool has_row(const sc_table *t, const char *key)
{
    for (int i = 0; i < t->count; ++i)
        if (!strcmp(t->rows[i].key, key)) return true;
    return false;
}

static void compare(const sc_table *t, json_t *schema, const char *path)
{
    json_t *variants[4];
    int count = object_variants(schema, variants, 4);
    CHECK(count > 0);
    for (int v = 0; v < count; ++v) {
        bool closed = json_is_false(json_object_get(variants[v], "additionalProperties"));
        if (!closed) fprintf(stderr, "schema %s: other properties are not refused\n", path);
        CHECK(closed);
        const char *key;
        json_t *value;
        json_object_foreach(json_object_get(variants[v], "properties"), key, value) {
            (void)value;
            bool known = has_row(t, key);
            if (!known) fprintf(stderr, "schema %s.%s: not a key of the format's table\n", path, key);
            CHECK(known);
        }
    }
    for (int i = 0; i < t->count; ++i) {
        const sc_row *row = &t->rows[i];
        char at[SC_PATH_SIZE], kind[128];
        sc_join_key(at, path, row->key);
        json_t *p = property(variants, count, row->key);
        if (!p) fprintf(stderr, "table %s: not in the schema\n", at);
        CHECK(p != 0);
        if (!p) continue;
        schema_kind(p, kind, sizeof kind);
        bool same = !strcmp(kind, row_kind(row));
        if (!same) fprintf(stderr, "%s: the table takes %s, the schema %s\n", at, row_kind(row), kind);
        CHECK(same);
        if (!row->sub) continue;
        if (!strcmp(kind, "array")) {
            char items[SC_PATH_SIZE + 2];
            snprintf(items, sizeof items, "%s[]", at);
            compare(row->sub, json_object_get(p, "items"), items);
        } else {
            json_t *objects[4];
            int n = object_variants(p, objects, 4);
            CHECK(n == 1);
            if (n == 1) compare(row->sub, objects[0], at);
        }
    }
}

int main(int argc, char **argv)
{
    const char *file = argc > 1 ? argv[1] : STEER_SCHEMA;
    json_error_t jerr;
    json_t *schema = json_load_file(file, 0, &jerr);
    if (!schema) fprintf(stderr, "%s: line %d: %s\n", file, jerr.line, jerr.text);
    CHECK(schema != 0);
    if (schema) compare(sc_format_root(), schema, "");
    json_decref(schema);
    return check_summary("test_scenario_schema");
}

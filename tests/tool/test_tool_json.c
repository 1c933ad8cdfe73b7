/* The JSON that steer bench --json and steer run --metrics write
 * (tool_json.h, metrics_write_json): figures as their printf formats
 * rounded them, null for a figure that is not a finite number (the
 * hand-written writers printed nan and inf, which no JSON reader takes),
 * text escaped, the keys in their documented order. */
#include "check.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "metrics.h"
#include "scenario_json.h"
#include "tool_json.h"

/* jansson's memory: its blocks counted, and allocations_left (when not -1)
 * more allowed before one fails as malloc does, errno ENOMEM */
static long allocations_left = -1, jansson_blocks;

static void *limited_malloc(size_t size)
{
    if (allocations_left == 0) {
        errno = ENOMEM;
        return 0;
    }
    if (allocations_left > 0) --allocations_left;
    void *block = malloc(size);
    jansson_blocks += block != 0;
    return block;
}

static void counted_free(void *block)
{
    jansson_blocks -= block != 0;
    free(block);
}

/* What tool_json_write wrote of value (compact, so one line with its
 * newline); "" when the temporary file could not be made. */
static const char *written(json_t *value)
{
    static char text[256];
    text[0] = 0;
    FILE *f = tmpfile();
    if (!f) {
        json_decref(value);
        return text;
    }
    CHECK(tool_json_write(value, f, JSON_COMPACT | JSON_ENCODE_ANY) == 0);
    rewind(f);
    text[fread(text, 1, sizeof text - 1, f)] = 0;
    fclose(f);
    return text;
}

static void check_written(json_t *value, const char *expected)
{
    const char *got = written(value);
    CHECK(!strcmp(got, expected));
    if (strcmp(got, expected)) fprintf(stderr, "  wrote \"%s\", expected \"%s\"\n", got, expected);
}

static bool string_is(const json_t *value, const char *text)
{
    return json_is_string(value) && !strcmp(json_string_value(value), text);
}

/* "%.4f" figures read 0.1, not 0.10000000000000001; "%.4g" and "%.9g" ones
 * keep their digits (jansson writes 1.511e+07 as 15110000.0, a real still) */
static void test_figures(void)
{
    check_written(tool_json_fixed(0.1, 4), "0.1\n");
    check_written(tool_json_fixed(1.0 / 3.0, 6), "0.333333\n");
    check_written(tool_json_fixed(0.00012345, 4), "0.0001\n");
    check_written(tool_json_fixed(123456.1234567, 6), "123456.123457\n");
    check_written(tool_json_fixed(2.0, 3), "2.0\n"); /* still a real: a reader's float, not an integer */
    check_written(tool_json_fixed(1e-9, 6), "0.0\n");
    check_written(tool_json_digits((double)(1.0f / 30.0f), 9), "0.0333333351\n");
    check_written(tool_json_digits(15105740.0, 4), "15110000.0\n");
    check_written(tool_json_digits(1.5e-7, 4), "1.5e-7\n");
    check_written(tool_json_digits(16.0f, 6), "16.0\n");
    /* JSON has no NaN or infinity: null (json_real refuses them) */
    check_written(tool_json_fixed(NAN, 6), "null\n");
    check_written(tool_json_fixed(INFINITY, 4), "null\n");
    check_written(tool_json_digits(-INFINITY, 4), "null\n");
}

static void test_text(void)
{
    const char *name = "say \"hi\" \\ back\tslash\x01\x1f caf\xc3\xa9 \xe2\x98\x83";
    const char *line = written(tool_json_text(name));
    CHECK(*line && strchr(line, '\n') == line + strlen(line) - 1); /* control bytes escaped: one line */
    json_t *back = json_loads(line, JSON_DECODE_ANY, 0);
    CHECK(string_is(back, name));
    json_decref(back);
    /* not UTF-8 (a CPU name cut in the middle of a character): still JSON */
    check_written(tool_json_text("caf\xc3 \xff ok"), "\"caf? ? ok\"\n");
}

/* a value that could not be built: -1 and ENOMEM, nothing written */
static void test_value_not_built(void)
{
    errno = 0;
    CHECK(tool_json_write(0, stdout, JSON_COMPACT) == -1 && errno == ENOMEM);
}

/* The keys of the --metrics file, in docs/scenarios.md's order. */
static bool keys_in_order(json_t *root)
{
    static const char *const keys[] = {"scenario", "agents", "steps", "dt", "ms_per_step", "ms_per_step_max",
                                       "min_agent_distance", "obstacle_penetrations", "wall_crossings", "overlaps",
                                       "jitter", "arrive_overshoot", "path_distance", "goals", "groups",
                                       "expect_failures", "state_hash"};
    const int count = (int)(sizeof keys / sizeof keys[0]);
    int k = 0;
    for (void *at = json_object_iter(root); at; at = json_object_iter_next(root, at), ++k)
        if (k >= count || strcmp(json_object_iter_key(at), keys[k])) return false;
    return k == count;
}

/* The figures of a run of two agents, some of them poked to NaN or
 * infinity, over the scenario they were measured on. */
typedef struct run_figures {
    steer_scenario *sc;
    metrics m;
} run_figures;

static bool figures_make(run_figures *r)
{
    const char *text = "{\"name\": \"two \\\"quoted\\\"\", \"bounds\": {\"min\": [-10, -10], \"max\": [10, 10]},\n"
                       " \"obstacles\": [{\"centre\": [5, 5], \"radius\": 1}],\n"
                       " \"groups\": [{\"name\": \"g\\t1\", \"radius\": 0.5, \"spawn\": [{\"count\": 2}]}]}";
    char error[512] = "out of memory";
    r->sc = steer_scenario_create();
    if (!r->sc || steer_scenario_load_json(r->sc, "two", text, strlen(text), error, sizeof error) != 0) {
        fprintf(stderr, "two: %s\n", error);
        steer_scenario_destroy(r->sc);
        return false;
    }
    const int group[2] = {0, 0};
    const steer_v3 position[2] = {{0.0f, 0.0f, 0.0f}, {1.0f, 0.0f, 0.0f}};
    if (metrics_init(&r->m, steer_scenario_get_info(r->sc), 2, group, NULL, position) != 0) {
        steer_scenario_destroy(r->sc);
        return false;
    }
    metrics *m = &r->m;
    m->steps = 3;
    m->step_ms_sum = 0.30000000000000004; /* a mean of 0.1 per step */
    m->step_ms_max = INFINITY;
    m->min_distance = 0.1;
    m->deepest = NAN;
    m->jitter_sum = INFINITY, m->jitter_samples = 1;
    m->has_arrive = true, m->arrive_overshoot = NAN;
    m->has_path = true, m->path_sum = NAN, m->path_samples = 1, m->path_max = -INFINITY, m->path_exit = 0.25;
    m->groups[0].speed_sum = NAN, m->groups[0].speed_samples = 1;
    m->groups[0].jitter_sum = 1.0, m->groups[0].jitter_samples = 3;
    m->groups[0].min_distance = INFINITY;
    return true;
}

static void figures_free(run_figures *r)
{
    metrics_free(&r->m);
    steer_scenario_destroy(r->sc);
}

/* metrics_write_json's status, and in text what it wrote (cut to size) */
static int metrics_written(const metrics *m, char *text, size_t size)
{
    text[0] = 0;
    FILE *f = tmpfile();
    if (!f) return -2;
    int rc = metrics_write_json(m, f, "0123456789abcdef");
    rewind(f);
    text[fread(text, 1, size - 1, f)] = 0;
    fclose(f);
    return rc;
}

/* The file still parses, the figures that are not numbers null, the rest
 * as the table rounds them, the names as the scenario gave them. */
static void test_metrics_file(void)
{
    run_figures r;
    CHECK(figures_make(&r));
    static char text[8192];
    if (r.sc) {
        CHECK(metrics_written(&r.m, text, sizeof text) == 0);
        figures_free(&r);
    }
    CHECK(strstr(text, "\"dt\": 0.0333333351,\n") && strstr(text, "\"ms_per_step\": 0.1,\n") &&
          strstr(text, "\"min_agent_distance\": 0.1,\n"));
    json_error_t jerr;
    json_t *root = json_loads(text, 0, &jerr);
    CHECK(root != 0);
    if (!root) {
        fprintf(stderr, "  not JSON (%s):\n%s", jerr.text, text);
        return;
    }
    CHECK(keys_in_order(root));
    json_t *path = json_object_get(root, "path_distance"), *g = json_array_get(json_object_get(root, "groups"), 0);
    CHECK(string_is(json_object_get(root, "scenario"), "two \"quoted\""));
    CHECK(json_is_integer(json_object_get(root, "steps")) && json_is_real(json_object_get(root, "ms_per_step")));
    CHECK(json_is_null(json_object_get(root, "ms_per_step_max")));
    CHECK(json_is_null(json_object_get(json_object_get(root, "obstacle_penetrations"), "deepest")));
    CHECK(json_is_null(json_object_get(root, "wall_crossings"))); /* no walls: not a 0 */
    CHECK(json_is_null(json_object_get(root, "jitter")) && json_is_null(json_object_get(root, "arrive_overshoot")));
    CHECK(json_is_null(json_object_get(path, "mean")) && json_is_null(json_object_get(path, "max")));
    CHECK(json_real_value(json_object_get(path, "corridor_exit")) == 0.25);
    CHECK(string_is(json_object_get(g, "name"), "g\t1"));
    CHECK(json_is_null(json_object_get(g, "mean_speed")) && json_is_null(json_object_get(g, "min_distance")));
    CHECK(json_real_value(json_object_get(g, "jitter")) == 0.333333);
    CHECK(string_is(json_object_get(root, "state_hash"), "0123456789abcdef"));
    json_decref(root);
}

/* Each of jansson's allocations failing in turn, then none: -1 and ENOMEM
 * (what steer run reports), never a crash, nothing left allocated; then the
 * whole file. */
static void test_metrics_out_of_memory(void)
{
    run_figures r;
    if (!figures_make(&r)) {
        CHECK(false);
        return;
    }
    static char text[8192];
    int rc = -1, failures = 0;
    for (long n = 0; rc != 0 && n < 10000; ++n) {
        allocations_left = n;
        errno = 0;
        rc = metrics_written(&r.m, text, sizeof text);
        allocations_left = -1;
        if (rc == -2) break; /* no temporary file */
        failures += rc != 0;
        CHECK(rc == 0 || errno == ENOMEM);
        CHECK(jansson_blocks == 0);
    }
    CHECK(rc == 0 && failures > 10);
    json_t *root = json_loads(text, 0, 0);
    CHECK(root && keys_in_order(root));
    json_decref(root);
    figures_free(&r);
}

int main(void)
{
    json_set_alloc_funcs(limited_malloc, counted_free);
    test_figures();
    test_text();
    test_value_not_built();
    test_metrics_file();
    test_metrics_out_of_memory();
    return check_summary("test_tool_json");
}

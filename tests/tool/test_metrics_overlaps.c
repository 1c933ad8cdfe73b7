/* The overlap figures of steer run --metrics (metrics.c): the pairs that
 * ever overlapped and the closest approach over the sum of radii, as a
 * test of every pair finds them, on tori one, two and many cells wide, in
 * 2D and 3D, with bodies of many sizes; and the work a crowd packed into
 * one cell costs, counted (pair_tests): about linear once the count of
 * pairs has reached its cap, where every pair of the cell was measured at
 * every step before. */
#include "check.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "metrics.h"
#include "scenario_json.h"

static steer_scenario *load(const char *text)
{
    char error[512] = "out of memory";
    steer_scenario *sc = steer_scenario_create();
    if (!sc || steer_scenario_load_json(sc, "overlaps", text, strlen(text), error, sizeof error) != 0) {
        fprintf(stderr, "overlaps: %s\n", error);
        steer_scenario_destroy(sc);
        return 0;
    }
    return sc;
}

static uint32_t rng_state = 12345u;
static float uniform(void) /* [0, 1) */
{
    rng_state = rng_state * 1664525u + 1013904223u;
    return (float)(rng_state >> 8) / 16777216.0f;
}

/* One world: `count` agents of radius from lo to hi placed at random in
 * [from, to) on each axis, moved a little at each of `steps` steps; the
 * figures against every pair measured. */
static void check_against_every_pair(const char *boundary, int dim, const float box[3], int count, float lo, float hi,
                                     float from, float to, int steps)
{
    char bounds[128], text[1024];
    if (dim == 3)
        snprintf(bounds, sizeof bounds, "\"dim\": 3, \"bounds\": {\"min\": [0, 0, 0], \"max\": [%g, %g, %g]}",
                 (double)box[0], (double)box[1], (double)box[2]);
    else snprintf(bounds, sizeof bounds, "\"bounds\": {\"min\": [0, 0], \"max\": [%g, %g]}", (double)box[0], (double)box[1]);
    snprintf(text, sizeof text,
             "{\"name\": \"o\", \"boundary\": \"%s\", %s,"
             " \"groups\": [{\"name\": \"g\", \"radius\": %g, \"spawn\": [{\"count\": %d}]}]}",
             boundary, bounds, (double)hi, count);
    steer_scenario *sc = load(text);
    CHECK(sc != 0);
    if (!sc) return;
    const steer_scenario_info *info = steer_scenario_get_info(sc);
    int *group = calloc((size_t)count, sizeof *group);
    float *radius = malloc(sizeof *radius * (size_t)count);
    steer_v3 *p = malloc(sizeof *p * (size_t)count), *v = calloc((size_t)count, sizeof *v);
    bool *ever = calloc((size_t)count * (size_t)count, sizeof *ever);
    CHECK(group && radius && p && v && ever);
    for (int a = 0; a < count; ++a) {
        radius[a] = lo + (hi - lo) * uniform();
        float c[3] = {0.0f, 0.0f, 0.0f};
        for (int k = 0; k < dim; ++k) c[k] = fminf(from + (to - from) * uniform(), box[k] * 0.999f);
        p[a] = steer_v3_make(c[0], c[1], c[2]);
    }
    metrics m;
    CHECK(metrics_init(&m, info, count, group, radius, p) == 0);
    size_t pairs = 0;
    double closest = METRICS_FRACTION_REACH;
    for (int s = 0; s < steps; ++s) {
        for (int a = 0; a < count; ++a) /* a little way on, wrapped or kept in the box */
            for (int k = 0; k < dim; ++k) {
                float x = steer_v3_get(p[a], k) + 0.4f * (uniform() - 0.5f);
                x = x < 0.0f ? (x + box[k] < box[k] ? x + box[k] : 0.0f) : x >= box[k] ? fmaxf(0.0f, x - box[k]) : x;
                p[a] = steer_v3_set(p[a], k, x);
            }
        metrics_step(&m, p, v, p, v, 0.1, 0.0);
        for (int i = 0; i < count; ++i)
            for (int j = i + 1; j < count; ++j) {
                double sum = (double)radius[i] + radius[j];
                double d = sqrt((double)steer_v3_len_sq(metrics_offset(info, p[i], p[j])));
                if (d < sum && !ever[(size_t)i * count + j]) ever[(size_t)i * count + j] = true, ++pairs;
                if (d / sum < closest) closest = d / sum;
            }
    }
    CHECK(!m.overlaps.capped);
    CHECK(m.overlaps.pairs == pairs);
    CHECK(m.overlaps.closest_fraction == closest);
    if (m.overlaps.pairs != pairs || m.overlaps.closest_fraction != closest)
        fprintf(stderr, "  %s %dD %gx%g: pairs %zu (every pair: %zu), closest %.9g (%.9g)\n", boundary, dim,
                (double)box[0], (double)box[1], m.overlaps.pairs, pairs, m.overlaps.closest_fraction, closest);
    CHECK(pairs > 0); /* the world was crowded enough to say something */
    metrics_free(&m);
    free(group), free(radius), free(p), free(v), free(ever);
    steer_scenario_destroy(sc);
}

static void test_figures_exact(void)
{
    const float tiny[3] = {3.0f, 2.5f, 2.0f}, thin[3] = {40.0f, 2.0f, 2.0f}, mid[3] = {9.0f, 7.0f, 2.0f},
                cube[3] = {5.0f, 8.0f, 12.0f}, open[3] = {30.0f, 30.0f, 30.0f}, wide[3] = {14.0f, 12.0f, 2.0f},
                tall[3] = {12.0f, 14.0f, 2.0f};
    check_against_every_pair("wrap", 2, tiny, 200, 0.05f, 0.9f, 0.0f, 3.0f, 4);    /* one cell across */
    check_against_every_pair("wrap", 2, thin, 300, 0.1f, 0.9f, 0.0f, 40.0f, 4);    /* one cell high */
    check_against_every_pair("wrap", 2, mid, 300, 0.05f, 0.6f, 0.0f, 9.0f, 4);     /* two and three cells */
    check_against_every_pair("wrap", 2, wide, 700, 0.05f, 0.6f, 0.0f, 14.0f, 4);   /* five cells and more */
    check_against_every_pair("wrap", 2, tall, 700, 0.05f, 0.6f, 0.0f, 14.0f, 4);
    check_against_every_pair("wrap", 3, cube, 400, 0.1f, 0.7f, 0.0f, 12.0f, 3);    /* 1, 2 and 3 cells */
    check_against_every_pair("clamp", 3, open, 400, 0.2f, 0.6f, 10.0f, 14.0f, 3);  /* a packed clump */
    check_against_every_pair("clamp", 2, open, 500, 0.01f, 1.0f, 5.0f, 25.0f, 4); /* one large among small */
    check_against_every_pair("none", 2, open, 400, 0.3f, 0.3f, 14.0f, 15.0f, 3);   /* all in one cell */
}

/* `count` agents of radius 0.5 on a line of length 1 (along x, or y):
 * every pair overlaps, so the count reaches its cap in the first step,
 * after which only the closest fraction is sought. */
static void test_packed_work(int count, int along)
{
    char text[512];
    snprintf(text, sizeof text,
             "{\"name\": \"packed\", \"bounds\": {\"min\": [-10, -10], \"max\": [10, 10]},"
             " \"groups\": [{\"name\": \"g\", \"radius\": 0.5, \"spawn\": [{\"count\": %d, \"shape\": \"line\","
             " \"from\": [0, 0], \"to\": [%d, %d]}]}]}",
             count, along == 0, along == 1);
    steer_scenario *sc = load(text);
    CHECK(sc != 0);
    if (!sc) return;
    int *group = calloc((size_t)count, sizeof *group);
    steer_v3 *p = malloc(sizeof *p * (size_t)count), *v = calloc((size_t)count, sizeof *v);
    CHECK(group && p && v);
    for (int a = 0; a < count; ++a) {
        float t = (float)a / (float)(count - 1);
        p[a] = steer_v3_make(along == 0 ? t : 0.0f, along == 1 ? t : 0.0f, 0.0f);
    }
    metrics m;
    CHECK(metrics_init(&m, steer_scenario_get_info(sc), count, group, NULL, p) == 0);
    metrics_step(&m, p, v, p, v, 0.1, 0.0);
    const uint64_t first = m.overlaps.pair_tests;
    CHECK(m.overlaps.capped && m.overlaps.pairs == METRICS_PAIRS_MAX);
    /* the pairs counted up to the cap, then a few per agent (every pair: 2e8) */
    CHECK(first <= (uint64_t)METRICS_PAIRS_MAX + 64u * (uint64_t)count);
    for (int a = 0; a < count; ++a) p[a] = steer_v3_make(p[a].y, p[a].x, 0.0f); /* turned a quarter */
    metrics_step(&m, p, v, p, v, 0.1, 0.0);
    const uint64_t second = m.overlaps.pair_tests - first;
    CHECK(second <= 64u * (uint64_t)count);
    if (first > (uint64_t)METRICS_PAIRS_MAX + 64u * (uint64_t)count || second > 64u * (uint64_t)count)
        fprintf(stderr, "  %d packed along %c: %llu pair tests in the first step, %llu in the second\n", count,
                "xy"[along], (unsigned long long)first, (unsigned long long)second);
    /* the closest two are neighbours on the line: 1 / (count - 1) apart (to float rounding) */
    CHECK(fabs(m.overlaps.closest_fraction * (count - 1) - 1.0) < 0.05);
    metrics_free(&m);
    free(group), free(p), free(v);
    steer_scenario_destroy(sc);
}

int main(void)
{
    test_figures_exact();
    test_packed_work(20000, 0);
    test_packed_work(20000, 1);
    return check_summary("test_metrics_overlaps");
}

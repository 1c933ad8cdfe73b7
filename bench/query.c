/* bench/query.c — the world's queries on the standard flock: what the first
 * query after a step costs (it indexes the agents), and then a query within
 * radius 1 (about K = 16 agents), within radius 5 (about 400), in a box of
 * side 10 (about 500 in 2D) and of the 16 nearest, each at random centres.
 *
 *   build/bench/query [--agents N[,N...]] [--dim 2|3] [--queries Q] [--repeat R] [--json]
 *
 * Defaults: agents 10000,100000,1000000; dim 2; queries 10000; repeat 5.
 * Per N: best and median over the repeats of the index build (ms: the first
 * query after a step, less a query's own time) and of each kind of query
 * (microseconds a query). The world is stepped (one worker) between repeats,
 * so each repeat builds the index again. --json prints one line per N. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <steer/steer.h>

#include "bench_util.h"

#define MAX_LIST 8
#define MAX_REPEAT 31
#define KINDS 4

static const char *const kind_names[KINDS] = {"radius1_us", "radius5_us", "box10_us", "nearest16_us"};

/* One kind of query at every centre; returns the seconds it took, and adds
 * what it found to *found (so the work is not optimised away). */
static double run_kind(const steer_world *w, int kind, const steer_v3 *centres, int queries, long *found)
{
    steer_agent_id out[2048];
    float dist[16];
    double t0 = bench_seconds();
    for (int i = 0; i < queries; ++i) {
        if (kind == 0) *found += steer_world_query_radius(w, centres[i], 1.0f, STEER_ALL_GROUPS, out, 2048);
        else if (kind == 1) *found += steer_world_query_radius(w, centres[i], 5.0f, STEER_ALL_GROUPS, out, 2048);
        else if (kind == 2)
            *found += steer_world_query_box(w, centres[i], steer_v3_add(centres[i], steer_v3_make(10, 10, 10)), STEER_ALL_GROUPS,
                                            out, 2048);
        else *found += steer_world_query_nearest(w, centres[i], 16, INFINITY, STEER_ALL_GROUPS, out, dist);
    }
    return bench_seconds() - t0;
}

int main(int argc, char **argv)
{
    int agents[MAX_LIST] = {10000, 100000, 1000000}, lists = 3, dim = 2, queries = 10000, repeat = 5;
    bool json = false;
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : 0;
        if (!strcmp(a, "--json")) json = true;
        else if (v && !strcmp(a, "--agents")) lists = bench_parse_list("query", "--agents", v, agents, MAX_LIST, 1, 1 << 24), ++i;
        else if (v && !strcmp(a, "--dim")) dim = bench_parse_int("query", "--dim", v, 2, 3), ++i;
        else if (v && !strcmp(a, "--queries")) queries = bench_parse_int("query", "--queries", v, 1, 1000000), ++i;
        else if (v && !strcmp(a, "--repeat")) repeat = bench_parse_int("query", "--repeat", v, 1, MAX_REPEAT), ++i;
        else {
            fprintf(stderr, "query: unknown or incomplete option %s\n"
                            "usage: query [--agents N[,N...]] [--dim 2|3] [--queries Q] [--repeat R] [--json]\n", a);
            return 2;
        }
    }
    steer_v3 *centres = malloc(sizeof *centres * (size_t)queries);
    if (!centres) return 1;
    if (!json) printf("%-9s %3s %21s %21s %21s %21s %21s\n", "agents", "dim", "index ms (best/med)", "radius 1 us",
                      "radius 5 us", "box 10 us", "nearest 16 us");
    for (int l = 0; l < lists; ++l) {
        steer_standard_flock_def fd = steer_default_standard_flock_def();
        fd.agents = agents[l];
        fd.dim = dim;
        steer_world *w = steer_standard_flock_create(&fd);
        if (!w) {
            fprintf(stderr, "query: no world for %d agents\n", agents[l]);
            return 1;
        }
        float side = steer_standard_flock_side(agents[l], dim, fd.neighbours);
        steer_rng rng = steer_rng_make(42);
        for (int i = 0; i < queries; ++i)
            centres[i] = steer_v3_make((steer_rng_float(&rng) - 0.5f) * side, (steer_rng_float(&rng) - 0.5f) * side,
                                       dim == 3 ? (steer_rng_float(&rng) - 0.5f) * side : 0.0f);
        double build[MAX_REPEAT], per[KINDS][MAX_REPEAT];
        long found = 0;
        for (int r = 0; r < repeat; ++r) {
            steer_world_step(w, STEER_STANDARD_FLOCK_DT);
            steer_agent_id one[16];
            double t0 = bench_seconds();
            found += steer_world_query_radius(w, centres[0], 1.0f, STEER_ALL_GROUPS, one, 16); /* builds the index */
            double first = bench_seconds() - t0;
            t0 = bench_seconds();
            found += steer_world_query_radius(w, centres[0], 1.0f, STEER_ALL_GROUPS, one, 16);
            build[r] = 1e3 * (first - (bench_seconds() - t0));
            for (int k = 0; k < KINDS; ++k) per[k][r] = 1e6 * run_kind(w, k, centres, queries, &found) / queries;
        }
        qsort(build, (size_t)repeat, sizeof *build, bench_by_value);
        for (int k = 0; k < KINDS; ++k) qsort(per[k], (size_t)repeat, sizeof per[k][0], bench_by_value);
        int mid = repeat / 2;
        if (json) {
            printf("{\"bench\": \"query\", \"agents\": %d, \"dim\": %d, \"queries\": %d, \"repeat\": %d, "
                   "\"index_ms\": %.4f, \"index_ms_median\": %.4f",
                   agents[l], dim, queries, repeat, build[0], build[mid]);
            for (int k = 0; k < KINDS; ++k) printf(", \"%s\": %.4f, \"%s_median\": %.4f", kind_names[k], per[k][0], kind_names[k], per[k][mid]);
            printf(", \"found\": %ld}\n", found);
        } else {
            printf("%-9d %3d %10.3f / %-8.3f", agents[l], dim, build[0], build[mid]);
            for (int k = 0; k < KINDS; ++k) printf(" %10.3f / %-8.3f", per[k][0], per[k][mid]);
            printf("\n");
        }
        steer_world_destroy(w);
    }
    free(centres);
    return 0;
}

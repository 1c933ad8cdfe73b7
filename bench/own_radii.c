/* bench/own_radii.c — what body radii per agent cost a crowd's step: the
 * crowd of `steer bench --crowd` (the standard flock's placement and limits,
 * each agent arriving at its own random point while it anticipates and
 * keeps apart, radius 0.1) built twice, in a world without agent_radii and
 * in one with them where every agent has its own radius, equal to the
 * group's, so both move alike (checked: the same positions at the end).
 * The two are stepped in turn, `rounds` times each.
 *
 *   build/bench/own_radii [--agents N] [--threads T] [--steps S] [--rounds R]
 *                         [--kernel best|scalar|sse2|avx2|avx512] [--json]
 *
 * Defaults: 100000 agents, 2 threads, 30 steps, 4 rounds, the best kernel.
 * Prints the best and median ms a step of each and their ratio. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <steer/steer.h>

#include "bench_util.h"

#define DT (1.0f / 60.0f)
#define MAX_ROUNDS 64

static steer_kernel parse_kernel(const char *text)
{
    for (int k = 0; k < STEER_KERNEL_COUNT; ++k)
        if (!strcmp(text, steer_kernel_name((steer_kernel)k))) return (steer_kernel)k;
    fprintf(stderr, "own_radii: --kernel: unknown kernel \"%s\"\n", text);
    exit(2);
}

/* The crowd, with or without its own radii; NULL when out of memory. */
static steer_world *crowd(int agents, int threads, steer_kernel kernel, bool radii)
{
    steer_standard_flock_def fd = steer_default_standard_flock_def();
    fd.agents = agents;
    fd.worker_count = threads;
    steer_world_def wd;
    if (steer_standard_flock_world_def(&fd, &wd) != STEER_OK) return NULL;
    wd.agent_radii = radii;
    steer_world *flock = steer_standard_flock_create(&fd), *w = steer_world_create(&wd);
    steer_agent_id *ids = malloc(sizeof *ids * (size_t)agents);
    steer_v3 *targets = malloc(sizeof *targets * (size_t)agents);
    steer_group_def g = steer_standard_flock_group_def();
    g.weight[STEER_SEPARATION] = g.weight[STEER_ALIGNMENT] = g.weight[STEER_COHESION] = 0.0f;
    g.weight[STEER_ANTICIPATE] = 1.0f;
    g.combine = STEER_COMBINE_RUNNING_SUM;
    g.keep_apart = true;
    g.anticipation_k = 20.0f;
    g.keep_right = 0.5f;
    g.radius = 0.1f;
    bool ok = flock && w && ids && targets && steer_world_add_group(w, &g) == 0;
    steer_world_view v = ok ? steer_world_get_view(flock) : (steer_world_view){0};
    steer_v3 *at = malloc(sizeof *at * (size_t)agents);
    ok = ok && at;
    for (int i = 0; ok && i < v.count; ++i) at[i] = steer_v3_make(v.px[i], v.py[i], 0.0f);
    steer_v3 *vel = ok ? malloc(sizeof *vel * (size_t)agents) : NULL;
    ok = ok && vel;
    for (int i = 0; ok && i < v.count; ++i) vel[i] = steer_v3_make(v.vx[i], v.vy[i], 0.0f);
    ok = ok && steer_world_add_agents(w, 0, at, vel, v.count, ids) == STEER_OK;
    steer_rng rng = steer_rng_make(2);
    for (int i = 0; ok && i < agents; ++i)
        targets[i] = steer_v3_make(steer_rng_range(&rng, 0.0f, wd.bounds_max.x), steer_rng_range(&rng, 0.0f, wd.bounds_max.y), 0.0f);
    ok = ok && steer_world_set_targets(w, ids, targets, agents, STEER_GOAL_ARRIVE, NULL) == agents;
    for (int i = 0; ok && radii && i < agents; ++i) ok = steer_world_set_radius(w, ids[i], g.radius) == STEER_OK;
    if (ok) steer_world_set_kernel(w, kernel);
    free(ids), free(targets), free(at), free(vel);
    steer_world_destroy(flock);
    if (!ok) steer_world_destroy(w);
    return ok ? w : NULL;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    int agents = 100000, threads = 2, steps = 30, rounds = 4;
    steer_kernel kernel = STEER_KERNEL_BEST;
    bool json = false;
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--json")) json = true;
        else if (v && !strcmp(a, "--agents")) agents = bench_parse_int("own_radii", a, v, 1, 1 << 24), ++i;
        else if (v && !strcmp(a, "--threads")) threads = bench_parse_int("own_radii", a, v, 1, 64), ++i;
        else if (v && !strcmp(a, "--steps")) steps = bench_parse_int("own_radii", a, v, 1, 100000), ++i;
        else if (v && !strcmp(a, "--rounds")) rounds = bench_parse_int("own_radii", a, v, 1, MAX_ROUNDS), ++i;
        else if (v && !strcmp(a, "--kernel")) kernel = parse_kernel(v), ++i;
        else {
            fprintf(stderr, "usage: own_radii [--agents N] [--threads T] [--steps S] [--rounds R] [--kernel NAME] [--json]\n");
            return 2;
        }
    }
    double ms[2][MAX_ROUNDS];
    steer_kernel used = kernel;
    for (int r = 0; r < rounds; ++r)
        for (int radii = 0; radii < 2; ++radii) {
            steer_world *w = crowd(agents, threads, kernel, radii);
            if (!w) {
                fprintf(stderr, "own_radii: out of memory for %d agents\n", agents);
                return 1;
            }
            used = steer_world_kernel(w);
            steer_world_step(w, DT); /* warm-up */
            double start = bench_seconds();
            for (int s = 0; s < steps; ++s) steer_world_step(w, DT);
            ms[radii][r] = 1e3 * (bench_seconds() - start) / steps;
            static double check[2];
            steer_world_view v = steer_world_get_view(w);
            double sum = 0.0;
            for (int i = 0; i < v.count; ++i) sum += (double)v.px[i] + (double)v.py[i];
            check[radii] = sum;
            steer_world_destroy(w);
            if (radii == 1 && memcmp(&check[0], &check[1], sizeof check[0]) != 0) {
                fprintf(stderr, "own_radii: the two crowds moved apart (%.9g against %.9g)\n", check[0], check[1]);
                return 1;
            }
        }
    double best[2], median[2];
    for (int k = 0; k < 2; ++k) {
        qsort(ms[k], (size_t)rounds, sizeof ms[k][0], by_value);
        best[k] = ms[k][0];
        median[k] = rounds % 2 ? ms[k][rounds / 2] : 0.5 * (ms[k][rounds / 2 - 1] + ms[k][rounds / 2]);
    }
    if (json) {
        printf("{\"agents\": %d, \"threads\": %d, \"steps\": %d, \"rounds\": %d, \"kernel\": \"%s\", \"ms\": %.4f, "
               "\"ms_median\": %.4f, \"radii_ms\": %.4f, \"radii_ms_median\": %.4f, \"ratio\": %.4f}\n",
               agents, threads, steps, rounds, steer_kernel_name(used), best[0], median[0], best[1], median[1],
               best[1] / best[0]);
    } else {
        printf("%d crowd agents, %d thread%s, %s kernel, %d steps, %d rounds each (best / median ms a step):\n", agents,
               threads, threads == 1 ? "" : "s", steer_kernel_name(used), steps, rounds);
        printf("  without agent_radii   %8.3f / %8.3f\n", best[0], median[0]);
        printf("  each its own radius   %8.3f / %8.3f   (%.3fx best, %.3fx median; the same motion)\n", best[1], median[1],
               best[1] / best[0], median[1] / median[0]);
    }
    return 0;
}

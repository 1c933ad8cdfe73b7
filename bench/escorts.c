/* bench/escorts.c — formations of one at scale: "follow this unit" for
 * many units, which is how a game gives escorts, columns and chains.
 *
 *   build/bench/escorts [--escorts N[,N...]] [--orders K] [--steps S] [--repeat R] [--json]
 *
 * Per N (default 1000,10000,50000): a 2D world of N leaders, each walking
 * to its own point, and N escorts, each the one member of a formation led
 * by its leader (slot 2 behind it). Timed, best and median over R repeats
 * (default 5), each on a new world:
 *   - add_us: steer_world_add_formation, microseconds a formation (all N);
 *   - step_ms: a step of the whole world (S steps, default 10), against
 *     plain_ms, the same world with each escort given its first slot (where
 *     it starts) as a plain ARRIVE goal: about the placing's cost;
 *   - order_us: K (default 1000) escorts, one steer_world_set_goal each
 *     (an order to one unit, which takes it out of its formation), then
 *     re-formed (its old formation removed, a new one added, which takes
 *     the old index): microseconds for the three calls.
 * --json prints one line per N. A size past STEER_MAX_FORMATIONS is
 * reported and skipped. */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <steer/steer.h>

#include "bench_util.h"

#define MAX_LIST 8
#define MAX_REPEAT 31

static const steer_v3 behind = {-2.0f, 0.0f, 0.0f}; /* an escort's slot in its leader's frame */

typedef struct world_of_escorts {
    steer_world *w;
    steer_agent_id *leaders, *escorts;
} world_of_escorts;

static void free_world(world_of_escorts *e)
{
    steer_world_destroy(e->w);
    free(e->leaders);
    free(e->escorts);
    memset(e, 0, sizeof *e);
}

/* n leaders on a lattice 4 apart, each to a point 40 along +x; n escorts
 * 2 behind them; goals only (no flocking). */
static bool make_world(world_of_escorts *e, int n)
{
    memset(e, 0, sizeof *e);
    int side = 1;
    while (side * side < n) ++side;
    float half = 2.0f * (float)side + 50.0f;
    steer_world_def wd = steer_default_world_def();
    wd.capacity = 2 * n;
    wd.bounds_min = steer_v3_make(-half, -half, -50.0f);
    wd.bounds_max = steer_v3_make(half, half, 50.0f);
    e->w = steer_world_create(&wd);
    steer_group_def gd = steer_default_group_def();
    for (int b = 0; b < STEER_BEHAVIOUR_COUNT; ++b) gd.weight[b] = 0.0f;
    gd.weight[STEER_ARRIVE] = 1.0f;
    e->leaders = malloc(sizeof *e->leaders * (size_t)n);
    e->escorts = malloc(sizeof *e->escorts * (size_t)n);
    steer_v3 *targets = malloc(sizeof *targets * (size_t)n);
    int g = e->w ? steer_world_add_group(e->w, &gd) : -1;
    bool ok = g >= 0 && e->leaders && e->escorts && targets;
    for (int i = 0; ok && i < n; ++i) {
        float x = -half + 10.0f + 4.0f * (float)(i % side), y = -half + 10.0f + 4.0f * (float)(i / side);
        steer_v3 at = steer_v3_make(x, y, 0.0f);
        e->leaders[i] = steer_world_add_agent(e->w, g, at, steer_v3_zero());
        e->escorts[i] = steer_world_add_agent(e->w, g, steer_v3_add(at, behind), steer_v3_zero());
        targets[i] = steer_v3_add(at, steer_v3_make(40.0f, 0.0f, 0.0f));
        ok = e->leaders[i].index && e->escorts[i].index;
    }
    ok = ok && steer_world_set_targets(e->w, e->leaders, targets, n, STEER_GOAL_ARRIVE, NULL) == n;
    free(targets);
    if (!ok) free_world(e);
    return ok;
}

/* Each escort a formation of one behind its leader; seconds, or -1 when refused. */
static double add_formations(world_of_escorts *e, int n)
{
    double t0 = bench_seconds();
    for (int i = 0; i < n; ++i)
        if (steer_world_add_formation(e->w, e->leaders[i], &e->escorts[i], &behind, 1) < 0) return -1.0;
    return bench_seconds() - t0;
}

static double run_steps(steer_world *w, int steps)
{
    double t0 = bench_seconds();
    for (int s = 0; s < steps; ++s) steer_world_step(w, 1.0f / 30.0f);
    return bench_seconds() - t0;
}

/* K orders: escort i (spread over the N) sent 1 ahead, then re-formed; seconds. */
static double orders(world_of_escorts *e, int n, int k)
{
    double t0 = bench_seconds();
    for (int j = 0; j < k; ++j) {
        int i = (int)((long long)j * n / k);
        steer_goal goal = {0};
        goal.kind = STEER_GOAL_ARRIVE;
        goal.target = steer_v3_make(1.0f, 0.0f, 0.0f);
        if (steer_world_set_goal(e->w, e->escorts[i], &goal) != STEER_OK) return -1.0;
        if (steer_world_remove_formation(e->w, i) != STEER_OK) return -1.0;
        if (steer_world_add_formation(e->w, e->leaders[i], &e->escorts[i], &behind, 1) != i) return -1.0;
    }
    return bench_seconds() - t0;
}

static void summary(double *t, int n, double scale, double *best, double *median)
{
    qsort(t, (size_t)n, sizeof *t, bench_by_value);
    *best = t[0] * scale;
    *median = (n % 2 ? t[n / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2])) * scale;
}

int main(int argc, char **argv)
{
    int sizes[MAX_LIST] = {1000, 10000, 50000}, lists = 3, k = 1000, steps = 10, repeat = 5;
    bool json = false;
    for (int i = 1; i < argc; ++i) {
        if (strcmp(argv[i], "--json") == 0) json = true;
        else if (i + 1 < argc && strcmp(argv[i], "--escorts") == 0) lists = bench_parse_list("escorts", "--escorts", argv[++i], sizes, MAX_LIST, 1, 1 << 22);
        else if (i + 1 < argc && strcmp(argv[i], "--orders") == 0)
            k = bench_parse_int("escorts", "--orders", argv[++i], 1, 1 << 20);
        else if (i + 1 < argc && strcmp(argv[i], "--steps") == 0)
            steps = bench_parse_int("escorts", "--steps", argv[++i], 1, 10000);
        else if (i + 1 < argc && strcmp(argv[i], "--repeat") == 0)
            repeat = bench_parse_int("escorts", "--repeat", argv[++i], 1, MAX_REPEAT);
        else {
            fprintf(stderr, "usage: escorts [--escorts N[,N...]] [--orders K] [--steps S] [--repeat R] [--json]\n");
            return 2;
        }
    }
    if (!json)
        printf("%8s %9s %9s %9s %9s %9s %9s %9s %9s\n", "escorts", "add_us", "median", "step_ms", "median", "plain_ms",
               "median", "order_us", "median");
    for (int l = 0; l < lists; ++l) {
        int n = sizes[l], orders_n = k < n ? k : n;
        if (n > STEER_MAX_FORMATIONS) { /* the world would refuse it as misuse (which a debug build aborts on) */
            fprintf(stderr, "escorts: %d formations refused (STEER_MAX_FORMATIONS %d)\n", n, STEER_MAX_FORMATIONS);
            continue;
        }
        double add[MAX_REPEAT], step[MAX_REPEAT], plain[MAX_REPEAT], order[MAX_REPEAT];
        bool refused = false;
        for (int r = 0; r < repeat && !refused; ++r) {
            world_of_escorts e, p;
            if (!make_world(&e, n) || !make_world(&p, n)) {
                fprintf(stderr, "escorts: could not make the worlds of %d escorts\n", n);
                return 1;
            }
            add[r] = add_formations(&e, n);
            /* the plain world: each escort's slot (where it starts: its leader stands) as a plain goal */
            steer_v3 *at = malloc(sizeof *at * (size_t)n);
            for (int i = 0; at && i < n; ++i) {
                steer_agent_state st;
                at[i] = steer_world_get_agent(p.w, p.escorts[i], &st) == STEER_OK ? st.position : steer_v3_zero();
            }
            refused = add[r] < 0 || !at || steer_world_set_targets(p.w, p.escorts, at, n, STEER_GOAL_ARRIVE, NULL) != n;
            free(at);
            if (!refused) {
                step[r] = run_steps(e.w, steps) / steps;
                plain[r] = run_steps(p.w, steps) / steps;
                order[r] = orders(&e, n, orders_n);
                refused = order[r] < 0;
            }
            free_world(&e);
            free_world(&p);
        }
        if (refused) {
            fprintf(stderr, "escorts: %d formations refused (STEER_MAX_FORMATIONS %d)\n", n, STEER_MAX_FORMATIONS);
            continue;
        }
        double ab, am, sb, sm, pb, pm, ob, om;
        summary(add, repeat, 1e6 / n, &ab, &am);
        summary(step, repeat, 1e3, &sb, &sm);
        summary(plain, repeat, 1e3, &pb, &pm);
        summary(order, repeat, 1e6 / orders_n, &ob, &om);
        if (json)
            printf("{\"escorts\": %d, \"orders\": %d, \"steps\": %d, \"add_us\": %.4f, \"add_us_median\": %.4f, "
                   "\"step_ms\": %.4f, \"step_ms_median\": %.4f, \"plain_ms\": %.4f, \"plain_ms_median\": %.4f, "
                   "\"order_us\": %.4f, \"order_us_median\": %.4f}\n",
                   n, orders_n, steps, ab, am, sb, sm, pb, pm, ob, om);
        else printf("%8d %9.3f %9.3f %9.3f %9.3f %9.3f %9.3f %9.3f %9.3f\n", n, ab, am, sb, sm, pb, pm, ob, om);
    }
    return 0;
}

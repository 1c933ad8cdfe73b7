/* bench/contended.c — the built-in pool on a busy machine: the standard flock
 * stepped by a 1-worker and a 2-worker world side by side while L other
 * threads spin (a game's render, audio and job threads; other programs).
 *
 *   build/bench/contended [--agents N[,N...]] [--loads L[,L...]] [--steps S]
 *                         [--repeat R] [--json]
 *
 * Defaults: agents 10000,100000,1000000; loads 0,1,2,4; repeat 31; steps
 * chosen per N for a few milliseconds of work per run (1M: one step). The
 * worlds take short turns so that both see the same load: with turns of
 * 0.1 s, the scheduler's periods lined up with them and a world's median
 * fell at 0.4 or at 0.65 ms (10k agents beside two spinning threads) by
 * which periods its turns met, even with both worlds running serially.
 * Under each load both worlds first step for SETTLE_SECONDS untimed, so
 * the pool has chosen its way for that load. The two worlds step in turn,
 * S steps each per run, so both see the same flock at every moment and the
 * same load; their hashes must agree. Per (N, load) the table gives the
 * best and median ms/step of each and the ratio of the 2-worker median to
 * the 1-worker median (the goal: at most 1.10 under any load).
 * --json prints one line per row. */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <steer/steer.h>

#include "bench_util.h"

#define MAX_LIST 8
#define MAX_REPEAT 31
#define SETTLE_SECONDS 2.5 /* per load, before its timed runs */
#define MAX_LOAD 16

/* ---- the competing load: threads that spin until told to stop ---------- */
static atomic_bool stop_load;
static void *spin(void *arg)
{
    volatile unsigned long spins = 0; /* volatile: the loop is work the compiler keeps */
    while (!atomic_load_explicit(&stop_load, memory_order_relaxed)) spins = spins + 1;
    (void)arg;
    return (void *)(uintptr_t)spins;
}

static int start_load(pthread_t *threads, int count)
{
    atomic_store(&stop_load, false);
    for (int i = 0; i < count; ++i)
        if (pthread_create(&threads[i], 0, spin, 0) != 0) return i;
    return count;
}

static void stop_and_join(pthread_t *threads, int count)
{
    atomic_store(&stop_load, true);
    for (int i = 0; i < count; ++i) pthread_join(threads[i], 0);
}

static double run_steps(steer_world *w, int steps)
{
    double t0 = bench_seconds();
    for (int s = 0; s < steps; ++s) steer_world_step(w, STEER_STANDARD_FLOCK_DT);
    return (bench_seconds() - t0) * 1e3 / steps;
}

int main(int argc, char **argv)
{
    int agents[MAX_LIST] = {10000, 100000, 1000000}, agent_count = 3;
    int loads[MAX_LIST] = {0, 1, 2, 4}, load_count = 4;
    int steps_arg = 0, repeat = MAX_REPEAT;
    bool json = false;
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : 0;
        if (!strcmp(a, "--json")) json = true;
        else if (!strcmp(a, "--help")) {
            printf("usage: contended [--agents N,...] [--loads L,...] [--steps S] [--repeat R] [--json]\n");
            return 0;
        } else if (v && !strcmp(a, "--agents")) agent_count = bench_parse_list("contended", a, argv[++i], agents, MAX_LIST, 0, 100000000);
        else if (v && !strcmp(a, "--loads")) load_count = bench_parse_list("contended", a, argv[++i], loads, MAX_LIST, 0, 100000000);
        else if (v && !strcmp(a, "--steps")) steps_arg = bench_parse_int("contended", a, argv[++i], 1, 1000000);
        else if (v && !strcmp(a, "--repeat")) repeat = bench_parse_int("contended", a, argv[++i], 1, MAX_REPEAT);
        else {
            fprintf(stderr, "contended: unknown option or missing value: %s (see --help)\n", a);
            return 2;
        }
    }
    for (int k = 0; k < load_count; ++k)
        if (loads[k] > MAX_LOAD) {
            fprintf(stderr, "contended: --loads: at most %d busy threads, got %d\n", MAX_LOAD, loads[k]);
            return 2;
        }
    if (!json)
        printf("%-8s %5s %11s %11s %11s %11s %7s %s\n", "agents", "load", "1w best", "1w median", "2w best",
               "2w median", "2w/1w", "hashes");
    int status = 0;
    for (int a = 0; a < agent_count; ++a) {
        steer_standard_flock_def fd = steer_default_standard_flock_def();
        fd.agents = agents[a];
        steer_world *w[2];
        for (int t = 0; t < 2; ++t) {
            fd.worker_count = t + 1;
            w[t] = steer_standard_flock_create(&fd);
            if (!w[t]) {
                fprintf(stderr, "contended: cannot create a world of %d agents\n", agents[a]);
                return 1;
            }
            steer_world_step(w[t], STEER_STANDARD_FLOCK_DT); /* warm-up */
        }
        int steps = steps_arg ? steps_arg : agents[a] >= 1000000 ? 1 : agents[a] >= 100000 ? 2 : 10;
        for (int l = 0; l < load_count; ++l) {
            pthread_t threads[MAX_LOAD];
            int running = start_load(threads, loads[l]);
            /* The pool settles on this load first: it re-tries the way it is
             * not using at least every 2 s (src/thread_pool.c), and the goal
             * is about a steady load, not the seconds after it changes. */
            for (double until = bench_seconds() + SETTLE_SECONDS; bench_seconds() < until;)
                for (int t = 0; t < 2; ++t) run_steps(w[t], steps);
            double ms[2][MAX_REPEAT];
            for (int r = 0; r < repeat; ++r)
                for (int t = 0; t < 2; ++t) ms[t][r] = run_steps(w[(t + r) % 2 ? 1 : 0], steps);
            stop_and_join(threads, running);
            /* runs alternate which world goes first; put each world's times in its row */
            double one[MAX_REPEAT], two[MAX_REPEAT];
            for (int r = 0; r < repeat; ++r) {
                one[r] = r % 2 ? ms[1][r] : ms[0][r];
                two[r] = r % 2 ? ms[0][r] : ms[1][r];
            }
            qsort(one, (size_t)repeat, sizeof one[0], bench_by_value);
            qsort(two, (size_t)repeat, sizeof two[0], bench_by_value);
            uint64_t h1 = steer_world_state_hash(w[0]), h2 = steer_world_state_hash(w[1]);
            double ratio = two[repeat / 2] / one[repeat / 2];
            if (h1 != h2) status = 1;
            if (json)
                printf("{\"agents\": %d, \"load_threads\": %d, \"steps\": %d, \"repeat\": %d, "
                       "\"ms_1_worker_best\": %.4f, \"ms_1_worker_median\": %.4f, \"ms_2_workers_best\": %.4f, "
                       "\"ms_2_workers_median\": %.4f, \"ratio_2_to_1\": %.3f, \"same_hash\": %s}\n",
                       agents[a], running, steps, repeat, one[0], one[repeat / 2], two[0], two[repeat / 2], ratio,
                       h1 == h2 ? "true" : "false");
            else
                printf("%-8d %5d %11.3f %11.3f %11.3f %11.3f %7.2f %s\n", agents[a], running, one[0],
                       one[repeat / 2], two[0], two[repeat / 2], ratio, h1 == h2 ? "same" : "DIFFER");
            fflush(stdout);
        }
        steer_world_destroy(w[0]);
        steer_world_destroy(w[1]);
    }
    return status;
}

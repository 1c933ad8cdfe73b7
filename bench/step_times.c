/* bench/step_times.c — how even a world's steps are: the standard flock
 * stepped S times, each step timed on its own. A game steps once a frame,
 * so one slow step is a dropped frame even when the mean is fine.
 *
 *   build/bench/step_times [--agents N] [--threads T] [--steps S] [--dim 2|3]
 *                          [--kernel best|scalar|sse2|avx2|avx512] [--headings] [--json]
 *
 * Defaults: 1000000 agents, 2 threads, 300 steps, 2D, the best kernel.
 * --headings makes the world keep headings (def.keep_headings): run with
 * and without it for what they cost a step. The
 * first step (it allocates and touches everything) is timed apart. Prints
 * the median, 90th and 99th percentiles and the slowest step, and how many
 * steps took over 1.5x the median, with when the slowest one came. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <steer/steer.h>

#include "bench_util.h"

static steer_kernel parse_kernel(const char *text)
{
    for (int k = 0; k < STEER_KERNEL_COUNT; ++k)
        if (!strcmp(text, steer_kernel_name((steer_kernel)k))) return (steer_kernel)k;
    fprintf(stderr, "step_times: --kernel: unknown kernel \"%s\"\n", text);
    exit(2);
}

int main(int argc, char **argv)
{
    steer_standard_flock_def fd = steer_default_standard_flock_def();
    fd.agents = 1000000;
    fd.worker_count = 2;
    int steps = 300;
    steer_kernel kernel = STEER_KERNEL_BEST;
    bool json = false, headings = false;
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : 0;
        if (!strcmp(a, "--json")) json = true;
        else if (!strcmp(a, "--headings")) headings = true;
        else if (!strcmp(a, "--help")) {
            printf("usage: step_times [--agents N] [--threads T] [--steps S] [--dim 2|3] [--kernel NAME] [--headings] [--json]\n");
            return 0;
        } else if (v && !strcmp(a, "--agents")) fd.agents = bench_parse_int("step_times", a, argv[++i], 1, 67108864);
        else if (v && !strcmp(a, "--threads")) fd.worker_count = bench_parse_int("step_times", a, argv[++i], 1, 64);
        else if (v && !strcmp(a, "--steps")) steps = bench_parse_int("step_times", a, argv[++i], 1, 1000000);
        else if (v && !strcmp(a, "--dim")) fd.dim = bench_parse_int("step_times", a, argv[++i], 2, 3);
        else if (v && !strcmp(a, "--kernel")) kernel = parse_kernel(argv[++i]);
        else {
            fprintf(stderr, "step_times: unknown option or missing value: %s (see --help)\n", a);
            return 2;
        }
    }
    if (!steer_kernel_available(kernel)) {
        fprintf(stderr, "step_times: --kernel: %s is not available on this CPU or build\n", steer_kernel_name(kernel));
        return 2;
    }
    steer_world_def wd;
    steer_world *w = NULL;
    if (steer_standard_flock_world_def(&fd, &wd) == STEER_OK) {
        wd.keep_headings = headings;
        w = steer_world_create(&wd);
        if (w && steer_standard_flock_populate(w, &fd) != STEER_OK) steer_world_destroy(w), w = NULL;
    }
    double *ms = malloc((size_t)steps * sizeof *ms), *sorted = malloc((size_t)steps * sizeof *sorted);
    if (!w || !ms || !sorted) {
        fprintf(stderr, "step_times: cannot create a world of %d agents\n", fd.agents);
        return 1;
    }
    kernel = steer_world_set_kernel(w, kernel);
    double t0 = bench_seconds();
    steer_world_step(w, STEER_STANDARD_FLOCK_DT);
    double first = (bench_seconds() - t0) * 1e3;
    for (int s = 0; s < steps; ++s) {
        double t = bench_seconds();
        steer_world_step(w, STEER_STANDARD_FLOCK_DT);
        ms[s] = (bench_seconds() - t) * 1e3;
    }
    memcpy(sorted, ms, (size_t)steps * sizeof *ms);
    qsort(sorted, (size_t)steps, sizeof *sorted, bench_by_value);
    double median = sorted[steps / 2], p90 = sorted[steps * 9 / 10], p99 = sorted[steps * 99 / 100];
    int slow = 0, worst = 0;
    for (int s = 0; s < steps; ++s) {
        slow += ms[s] > 1.5 * median;
        if (ms[s] > ms[worst]) worst = s;
    }
    if (json)
        printf("{\"agents\": %d, \"threads\": %d, \"dim\": %d, \"kernel\": \"%s\", \"headings\": %s, \"steps\": %d, \"ms_first\": %.3f, "
               "\"ms_median\": %.3f, \"ms_p90\": %.3f, \"ms_p99\": %.3f, \"ms_max\": %.3f, \"max_at_step\": %d, "
               "\"steps_over_1_5x_median\": %d, \"hash\": \"%016llx\"}\n",
               fd.agents, fd.worker_count, fd.dim, steer_kernel_name(kernel), headings ? "true" : "false", steps, first,
               median, p90, p99, ms[worst], worst + 1, slow, (unsigned long long)steer_world_state_hash(w));
    else
        printf("%d agents, %dD, %d threads, %s%s, %d steps: first %.2f ms; median %.2f, p90 %.2f, p99 %.2f, "
               "max %.2f (step %d); %d steps over 1.5x the median\n",
               fd.agents, fd.dim, fd.worker_count, steer_kernel_name(kernel), headings ? ", headings kept" : "", steps,
               first, median, p90, p99, ms[worst], worst + 1, slow);
    free(ms);
    free(sorted);
    steer_world_destroy(w);
    return 0;
}

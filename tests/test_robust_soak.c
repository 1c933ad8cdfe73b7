/* Soak (docs/robustness.md): the all-behaviours world of 1,000 agents,
 * stepped for a long time, stays finite, inside its box, and memory-stable:
 * the world's own memory figure never changes and the process's resident
 * memory does not grow after the warm-up.
 *
 *   test_robust_soak [STEPS] [AGENTS] [DIM]
 * Defaults: 5,000 steps of 1,000 agents, 15 s at 2.9 us an agent-step
 * (120 of 200 under sanitizers, at 150 us: steps 13 and 110 re-add, 70
 * teleports, 49 and 99 are split), 2D, two threads. `make soak` runs 1,000,000 steps (and a short run under valgrind).
 * Every step checks every agent; resident memory is sampled twenty times. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "robust_world.h"

/* Resident set size in KiB (Linux /proc), or -1 where there is none. */
static long rss_kib(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    long pages = -1, resident = -1;
    if (!f) return -1;
    if (fscanf(f, "%ld %ld", &pages, &resident) != 2) resident = -1;
    fclose(f);
    return resident < 0 ? -1 : resident * 4; /* 4 KiB pages */
}

static double seconds(void)
{
    struct timespec t;
    timespec_get(&t, TIME_UTC);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv)
{
    long steps = argc > 1 ? atol(argv[1]) : (ROBUST_SANITIZED ? 120 : 5000);
    int agents = argc > 2 ? atoi(argv[2]) : (ROBUST_SANITIZED ? 200 : 1000);
    int dim = argc > 3 ? atoi(argv[3]) : 2;
    if (steps < 20 || agents < 1 || (dim != 2 && dim != 3)) {
        fprintf(stderr, "usage: test_robust_soak [STEPS >= 20] [AGENTS] [DIM]\n");
        return 2;
    }
    setvbuf(stdout, 0, _IOLBF, 0); /* progress lines appear as they come, also in a log file */
    robust_options o = robust_default_options(dim, agents);
    o.worker_count = 2;
    steer_agent_id *ids = malloc(sizeof *ids * (size_t)agents);
    robust_handles h = {0, ids};
    steer_world *w = ids ? robust_create(&o, &h) : 0;
    if (!w) {
        fprintf(stderr, "soak: cannot create the world\n");
        return 1;
    }
    float half = robust_half_side(dim, agents);
    size_t memory = 0;
    long sample_every = steps / 20, warm = steps / 10;
    long rss_warm = -1, rss_max = 0, bad_steps = 0, first_bad = -1;
    bool ok = true;
    double t0 = seconds();
    printf("soak: %ld steps, %d agents, %dD, 2 threads\n", steps, agents, dim);
    printf("%10s %10s %12s %10s\n", "step", "rss KiB", "world bytes", "seconds");
    for (long s = 0; s < steps && ok; ++s) {
        ok = robust_run(w, &h, dim, (uint64_t)s, (uint64_t)s + 1);
        int bad = robust_count_bad(w, dim, half);
        if (bad) {
            if (first_bad < 0) first_bad = s;
            ++bad_steps;
        }
        if (s == 0) memory = steer_world_memory_bytes(w); /* the first step sizes the grid */
        if (steer_world_memory_bytes(w) != memory) ok = false;
        if ((s + 1) % sample_every == 0 || s + 1 == warm) {
            long rss = rss_kib();
            if (s + 1 == warm) rss_warm = rss;
            if (s + 1 > warm && rss > rss_max) rss_max = rss;
            if ((s + 1) % sample_every == 0)
                printf("%10ld %10ld %12zu %10.1f\n", s + 1, rss, steer_world_memory_bytes(w), seconds() - t0);
        }
    }
    double elapsed = seconds() - t0;
    /* Growth allowance: the allocator may still settle a page or two. */
    bool grew = rss_warm > 0 && rss_max > rss_warm + 256;
    printf("soak: %s in %.1f s (%.2f us per agent-step); steps with a bad agent: %ld (first %ld); "
           "rss after warm-up %ld KiB, max later %ld KiB%s; hash %016" PRIx64 "\n",
           ok ? "ran" : "STOPPED", elapsed, 1e6 * elapsed / ((double)steps * agents), bad_steps, first_bad, rss_warm,
           rss_max, grew ? " (GREW)" : "", steer_world_state_hash(w));
    steer_world_destroy(w);
    free(ids);
    return ok && bad_steps == 0 && !grew ? 0 : 1;
}

/* bench/bench_util.h — what the benchmark programs share: a monotonic
 * clock, an integer option checked against its range, and an order for
 * sorting timings (best and median). Include after defining
 * _POSIX_C_SOURCE (clock_gettime). */
#ifndef STEER_BENCH_UTIL_H
#define STEER_BENCH_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static inline double bench_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* text as an integer in [lo, hi]; else "PROGRAM: NAME: expected ..." on
 * stderr and exit status 2. */
static inline int bench_parse_int(const char *program, const char *name, const char *text, int lo, int hi)
{
    char *end;
    long v = strtol(text, &end, 10);
    if (end == text || *end || v < lo || v > hi) {
        fprintf(stderr, "%s: %s: expected an integer from %d to %d, got \"%s\"\n", program, name, lo, hi, text);
        exit(2);
    }
    return (int)v;
}

/* qsort's order for doubles, smallest first */
static inline int bench_by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

#endif

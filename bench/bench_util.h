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

/* A comma-separated list of integers in [lo, hi], at most max of them,
 * into out; returns how many. Else "PROGRAM: NAME: ..." on stderr and exit
 * status 2 (an entry out of range or not a number, too many, none). */
static inline int bench_parse_list(const char *program, const char *name, const char *text, int *out, int max, int lo,
                                   int hi)
{
    int n = 0;
    for (const char *s = text;;) {
        char *end;
        long v = strtol(s, &end, 10);
        if (end == s || v < lo || v > hi || n == max || (*end && *end != ',')) {
            fprintf(stderr, "%s: %s: expected up to %d comma-separated integers from %d to %d, got \"%s\"\n", program,
                    name, max, lo, hi, text);
            exit(2);
        }
        out[n++] = (int)v;
        if (!*end) return n;
        s = end + 1;
    }
}

/* qsort's order for doubles, smallest first */
static inline int bench_by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

#endif

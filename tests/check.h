/* A minimal test harness: CHECK macros count failures, check_summary()
 * prints "N passed, N failed" and gives the exit status. */
#ifndef STEER_TESTS_CHECK_H
#define STEER_TESTS_CHECK_H

#include <math.h>
#include <stdio.h>

#include <steer/misuse.h>

static int check_passed, check_failed;

/* Tests misuse the API on purpose: count the misuse reports (the "assert
 * fired" evidence) instead of letting debug builds abort. */
static int check_misuse_count;
static void check_count_misuse(steer_misuse_id id, const char *function, const char *message, void *context)
{
    (void)id;
    (void)function;
    (void)message;
    (void)context;
    ++check_misuse_count;
}
__attribute__((constructor)) static void check_install_misuse_handler(void)
{
    steer_set_misuse_handler(check_count_misuse, 0);
}

#define CHECK(cond)                                                                      \
    do {                                                                                 \
        if (cond) ++check_passed;                                                        \
        else { ++check_failed; fprintf(stderr, "%s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #cond); } \
    } while (0)

#define CHECK_NEAR(a, b, tol)                                                            \
    do {                                                                                 \
        double check_a_ = (a), check_b_ = (b);                                           \
        if (fabs(check_a_ - check_b_) <= (tol)) ++check_passed;                          \
        else { ++check_failed; fprintf(stderr, "%s:%d: %s = %.9g, expected %s = %.9g (tol %g)\n", \
                                       __FILE__, __LINE__, #a, check_a_, #b, check_b_, (double)(tol)); } \
    } while (0)

static inline int check_summary(const char *name)
{
    printf("%s: %d passed, %d failed\n", name, check_passed, check_failed);
    return check_failed ? 1 : 0;
}

#endif

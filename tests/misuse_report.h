/* A misuse handler for the tests that assert which check fired: it keeps
 * the last report (id, function, message) and counts them. Install it with
 * steer_set_misuse_handler(misuse_record, 0); put check.h's counting handler
 * back after. */
#ifndef STEER_TESTS_MISUSE_REPORT_H
#define STEER_TESTS_MISUSE_REPORT_H

#include <stdio.h>
#include <string.h>

#include "check.h"

static struct {
    int count;
    steer_misuse_id id;
    char function[64];
    char message[256];
} misuse_last;

static void misuse_record(steer_misuse_id id, const char *function, const char *message, void *context)
{
    (void)context;
    ++misuse_last.count;
    misuse_last.id = id;
    snprintf(misuse_last.function, sizeof misuse_last.function, "%s", function);
    snprintf(misuse_last.message, sizeof misuse_last.message, "%s", message);
}

/* Exactly one report since `before`, with this id, naming the function and containing `text`. */
#define CHECK_REPORT(before, want_id, want_function, text)                                                            \
    do {                                                                                                               \
        CHECK(misuse_last.count == (before) + 1);                                                                      \
        CHECK(misuse_last.id == (want_id));                                                                            \
        CHECK(strcmp(misuse_last.function, want_function) == 0);                                                       \
        CHECK(strncmp(misuse_last.message, want_function ": ", strlen(want_function) + 2) == 0);                       \
        CHECK(strstr(misuse_last.message, text) != 0);                                                                 \
        if (misuse_last.id != (want_id) || !strstr(misuse_last.message, text))                                         \
            fprintf(stderr, "  got %s: %s\n", steer_misuse_name(misuse_last.id), misuse_last.message);                \
    } while (0)

/* Runs a call, checks its result and that it made exactly this report. */
#define EXPECT_REPORT(call, expected, want_id, want_function, text)                                                   \
    do {                                                                                                               \
        int before_ = misuse_last.count;                                                                               \
        CHECK((int)(call) == (int)(expected));                                                                         \
        CHECK_REPORT(before_, want_id, want_function, text);                                                           \
    } while (0)

#endif

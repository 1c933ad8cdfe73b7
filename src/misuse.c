/* The misuse handler (see steer/misuse.h). */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "misuse_internal.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define STEER_MISUSE_NAME_(name) "STEER_MISUSE_" #name,
static const char *const names[] = {STEER_MISUSE_IDS(STEER_MISUSE_NAME_)};
#undef STEER_MISUSE_NAME_

const char *steer_misuse_name(steer_misuse_id id)
{
    return (unsigned)id < STEER_MISUSE_COUNT ? names[id] : "STEER_MISUSE_UNKNOWN";
}

static void default_handler(steer_misuse_id id, const char *function, const char *message, void *context)
{
    (void)function; /* the message starts with it */
    (void)context;
#ifndef NDEBUG
    fprintf(stderr, "steer: misuse (%s): %s\n", steer_misuse_name(id), message);
    abort();
#else
    /* each id once: a misuse in a loop does not flood the log */
    static _Atomic uint64_t logged[(STEER_MISUSE_COUNT + 63) / 64];
    uint64_t bit = (uint64_t)1 << ((unsigned)id % 64);
    if (!(atomic_fetch_or(&logged[(unsigned)id / 64 % ((STEER_MISUSE_COUNT + 63) / 64)], bit) & bit))
        fprintf(stderr, "steer: misuse (%s): %s\n", steer_misuse_name(id), message);
#endif
}

static steer_misuse_fn *handler = default_handler;
static void *handler_context;

void steer_set_misuse_handler(steer_misuse_fn *fn, void *context)
{
    handler = fn ? fn : default_handler;
    handler_context = fn ? context : 0;
}

void steer__misuse(steer_misuse_id id, const char *function, const char *format, ...)
{
    char message[256];
    int n = snprintf(message, sizeof message, "%s: ", function);
    va_list args;
    va_start(args, format);
    if (n >= 0 && (size_t)n < sizeof message) vsnprintf(message + n, sizeof message - (size_t)n, format, args);
    va_end(args);
    handler(id, function, message, handler_context);
}

/* Private: report misuse, then the caller returns its documented result. */
#ifndef STEER_MISUSE_INTERNAL_H
#define STEER_MISUSE_INTERNAL_H

#include "steer/misuse.h"

#if defined(__GNUC__)
#define STEER__PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define STEER__PRINTF(f, a)
#endif

/* Calls the handler with "function: " and the formatted message, which
 * names the field, its value and the rule ("def->mass = 0: must be finite
 * and > 0"). */
void steer__misuse(steer_misuse_id id, const char *function, const char *format, ...) STEER__PRINTF(3, 4);

/* if (cond) { report id with the message; return result; } */
/* A query given a NULL world, or asked from inside the world's own step
 * (where the state is half moved): reported, and `result` (0, false or
 * empty) returned. Expanded only where world_internal.h is known. */
#define STEER__QUERY_WORLD(w, result)                                                                                 \
    do {                                                                                                               \
        STEER_MISUSE_IF(!(w), result, NULL_WORLD, "world = NULL: must be a world from steer_world_create");           \
        STEER_MISUSE_IF(steer__in_step(w), result, IN_STEP, "called during the world's own step: only between steps"); \
    } while (0)

#define STEER_MISUSE_IF(cond, result, id, ...)                                                                         \
    do {                                                                                                               \
        if (cond) {                                                                                                    \
            steer__misuse(STEER_MISUSE_##id, __func__, __VA_ARGS__);                                                   \
            return result;                                                                                             \
        }                                                                                                              \
    } while (0)

/* For checks shared by an API call and a reader of untrusted input (a
 * snapshot): with `function` set, report id as its misuse; with it NULL,
 * check quietly. Either way the enclosing bool function returns false. */
#define STEER__REQUIRE(cond, id, ...)                                                                                  \
    do {                                                                                                               \
        if (!(cond)) {                                                                                                 \
            if (function) steer__misuse(STEER_MISUSE_##id, function, __VA_ARGS__);                                     \
            return false;                                                                                              \
        }                                                                                                              \
    } while (0)

#endif

/* Private: report misuse, then the caller returns its documented result. */
#ifndef STEER_MISUSE_INTERNAL_H
#define STEER_MISUSE_INTERNAL_H

#include "steer/misuse.h"

void steer__misuse(const char *function, const char *message);

/* if (cond) { report; return result; } */
#define STEER_MISUSE_IF(cond, result, message)                                                                         \
    do {                                                                                                               \
        if (cond) {                                                                                                    \
            steer__misuse(__func__, message);                                                                          \
            return result;                                                                                             \
        }                                                                                                              \
    } while (0)

#endif

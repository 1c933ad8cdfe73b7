/* The names of the error codes (steer/result.h). */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "steer/result.h"

const char *steer_result_string(steer_result result)
{
    switch (result) {
    case STEER_OK: return "ok";
    case STEER_ERROR_INVALID_ARGUMENT: return "invalid argument";
    case STEER_ERROR_STALE_HANDLE: return "stale or foreign agent handle";
    case STEER_ERROR_CAPACITY: return "capacity exhausted";
    case STEER_ERROR_OUT_OF_MEMORY: return "out of memory";
    case STEER_ERROR_IN_STEP: return "world changed during its own step";
    case STEER_ERROR_BAD_SNAPSHOT: return "snapshot truncated, corrupted or of another version";
    }
    return "unknown result";
}

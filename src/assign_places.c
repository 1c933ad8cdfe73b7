/* steer_assign_places (steer/assign.h): the checks, then the choice. */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "steer/assign.h"
#include "assign.h"
#include "misuse_internal.h"

/* The first point of n that is not finite, or -1. */
static int first_not_finite(const steer_v3 *p, int n)
{
    for (int k = 0; k < n; ++k)
        if (!steer_v3_is_valid(p[k])) return k;
    return -1;
}

bool steer__places_ok(const steer_v3 *places, int place_count, int count, const char *function)
{
    if (place_count < count || place_count > STEER_MAX_PLACES) {
        steer__misuse(STEER_MISUSE_GOAL_POINTS, function, "place_count = %d: must be in [count = %d, STEER_MAX_PLACES = %d]",
                      place_count, count, STEER_MAX_PLACES);
        return false;
    }
    if (place_count > 0 && !places) {
        steer__misuse(STEER_MISUSE_NULL_ARGUMENT, function, "places = NULL: must point to place_count = %d points",
                      place_count);
        return false;
    }
    int bad = first_not_finite(places, place_count);
    if (bad >= 0)
        steer__misuse(STEER_MISUSE_GOAL_POINTS, function, "places[%d] = (%g, %g, %g): must be finite", bad,
                      (double)places[bad].x, (double)places[bad].y, (double)places[bad].z);
    return bad < 0;
}

steer_result steer_assign_places(const steer_v3 *from, int count, const steer_v3 *places, int place_count, int dim,
                                 const steer_allocator *allocator, int *place_of)
{
    STEER_MISUSE_IF(count < 0, STEER_ERROR_INVALID_ARGUMENT, COUNT_NEGATIVE, "count = %d: must be >= 0", count);
    STEER_MISUSE_IF(dim != 2 && dim != 3, STEER_ERROR_INVALID_ARGUMENT, ASSIGN_DIM, "dim = %d: must be 2 or 3", dim);
    STEER_MISUSE_IF(count > 0 && !from, STEER_ERROR_INVALID_ARGUMENT, NULL_ARGUMENT,
                    "from = NULL: must point to count = %d points", count);
    STEER_MISUSE_IF(count > 0 && !place_of, STEER_ERROR_INVALID_ARGUMENT, NULL_ARGUMENT,
                    "place_of = NULL: must point to room for count = %d indices", count);
    int bad = count > 0 ? first_not_finite(from, count) : -1;
    STEER_MISUSE_IF(bad >= 0, STEER_ERROR_INVALID_ARGUMENT, GOAL_POINTS, "from[%d] = (%g, %g, %g): must be finite", bad,
                    (double)from[bad].x, (double)from[bad].y, (double)from[bad].z);
    if (!steer__places_ok(places, place_count, count, __func__)) return STEER_ERROR_INVALID_ARGUMENT;
    if (count == 0) return STEER_OK;
    return steer__assign_least_squares(from, count, places, place_count, dim, allocator, place_of);
}

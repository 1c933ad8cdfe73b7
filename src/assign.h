/* The assignment of agents to places with the least sum of squared
 * distances (steer_world_send_to_places). */
#ifndef STEER_ASSIGN_H
#define STEER_ASSIGN_H

#include "steer/alloc.h"
#include "steer/math.h"
#include "steer/result.h"

/* The squared distance over the first dim axes, in doubles (no
 * difference of two floats overflows there): the assignment's cost. */
double steer__assign_cost(steer_v3 a, steer_v3 b, int dim);

/* For n points `from` and m >= n points `to`, writes out[i], the index of
 * the `to` point of from[i]: every from point gets its own, and the sum of
 * the squared distances (over the first dim axes, in doubles) is the least
 * any such choice gives. Ties go to the lower index, so the answer depends
 * on the inputs alone. O(n^2 m) time; O(n + m) scratch from the allocator
 * (OUT_OF_MEMORY if it fails, out untouched). Inputs finite. */
steer_result steer__assign_least_squares(const steer_v3 *from, int n, const steer_v3 *to, int m, int dim,
                                         const steer_allocator *allocator, int *out);

#endif

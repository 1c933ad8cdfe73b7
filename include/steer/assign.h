/* steer/assign.h — who goes where: agents to places with the least sum of
 * squared distances, as a pure function.
 *
 *   steer_assign_places(from, n, places, m, dim, allocator, place_of)
 *
 * It is the choice steer_world_send_to_places makes, given the positions
 * instead of a world: it reads only its arguments and keeps no state, so a
 * game can run it on a job thread while the world steps (a large order
 * takes seconds: world.h gives the figures), then hand the answer to
 * steer_world_send_assigned, which sends without choosing again. Any
 * number of calls may run at once on different threads.
 */
#ifndef STEER_ASSIGN_H
#define STEER_ASSIGN_H

#include "alloc.h"
#include "math.h"
#include "result.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The most places one choice takes (and so the most agents): its time
 * grows with n^2 m at worst. */
#define STEER_MAX_PLACES 4096

/* For each of the count points from[i], writes place_of[i], the index in
 * places[] (place_count of them, count <= place_count <= STEER_MAX_PLACES;
 * the others stay free) of its place: each from point gets its own, and
 * the sum of the squared distances, over the first dim axes (2: x and y;
 * 3: all three), is the least any choice gives. Ties go to the lower
 * index, so the answer depends on the inputs alone, on every machine and
 * thread. For agents all of ground_plane groups of a 3D world (Y-up or
 * Z-up), pass each point as steer_v3_to_z_up(point, the world's up) and
 * dim 2: distances on the ground, in the frame steer_world_send_to_places
 * measures them in there, so the choice is its own even where several
 * give the least sum (agents and places on a lattice). Points with the
 * height set to 0 and dim 3 give the same sums, but where choices tie
 * they may take another of them.
 * Scratch from allocator (NULL: malloc and free), freed before it
 * returns: linear in count and place_count, plus at most 8 MB of costs.
 * STEER_OK; INVALID_ARGUMENT, reported as misuse naming the field, for a
 * count out of range, dim not 2 or 3, a NULL array with a count above 0,
 * or a point not finite (place_of untouched); OUT_OF_MEMORY (place_of
 * untouched). */
steer_result steer_assign_places(const steer_v3 *from, int count, const steer_v3 *places, int place_count, int dim,
                                 const steer_allocator *allocator, int *place_of);

#ifdef __cplusplus
}
#endif
#endif

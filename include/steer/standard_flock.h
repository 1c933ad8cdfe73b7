/* steer/standard_flock.h — the standard flock (docs/model.md §7), the one scenario
 * shared by the benchmark, the determinism tests and the tools.
 *
 * N agents uniformly at random (fixed seed) on a square (2D) or cubic (3D)
 * torus sized so the mean number of neighbours within radius 1 is K:
 * area = N*pi/K, volume = N*(4/3)*pi/K; random unit velocities; raw
 * separation (closer than 0.5, weight 1.5), raw alignment (1), cohesion (1),
 * neighbours within 1; max_speed 2, max_force 4; step with dt = 1/60.
 */
#ifndef STEER_STANDARD_FLOCK_H
#define STEER_STANDARD_FLOCK_H

#include <stdint.h>
#include "world.h"

#ifdef __cplusplus
extern "C" {
#endif

#define STEER_STANDARD_FLOCK_DT (1.0f / 60.0f)

typedef struct steer_standard_flock_def {
    int agents;        /* N */
    int dim;           /* 2 or 3 */
    float neighbours;  /* K, the mean neighbour count (default 16) */
    uint64_t seed;     /* placement seed (default 1) */
    int worker_count;  /* built-in pool threads (default 1) */
    steer_allocator allocator; /* the world's allocator (zero: malloc/free) */
} steer_standard_flock_def;

steer_standard_flock_def steer_default_standard_flock_def(void);
/* NULL on bad input (agents < 1, dim not 2/3, K not > 0) or out of memory. */
steer_world *steer_standard_flock_create(const steer_standard_flock_def *def);
/* The two halves of create, for a world with more room than the flock needs
 * (obstacles, paths, capacity): the world def create would use, which you
 * may enlarge, then the group and agents added to a new world made from it.
 * Populate refuses a world that already has groups or agents. Both return
 * STEER_ERROR_INVALID_ARGUMENT on bad input; populate returns
 * STEER_ERROR_CAPACITY, adding nothing, when the world's capacity is below
 * def->agents. */
steer_result steer_standard_flock_world_def(const steer_standard_flock_def *def, steer_world_def *out);
steer_result steer_standard_flock_populate(steer_world *world, const steer_standard_flock_def *def);
/* The standard flock's group: the rules above (what populate adds), for a
 * world that places its own agents. */
steer_group_def steer_standard_flock_group_def(void);
/* The torus side length for N and K in dim dimensions. */
float steer_standard_flock_side(int agents, int dim, float neighbours);

#ifdef __cplusplus
}
#endif
#endif

/* Private: the handle table (slot -> dense index), rebuilt lazily. */
#ifndef STEER_WORLD_HANDLES_H
#define STEER_WORLD_HANDLES_H

#include "world_internal.h"

/* Rebuilds the handle table if a step left it stale (thread-safe: lookups
 * from several threads at once rebuild it once). */
void steer__world_ensure_handles(const steer_world *w);

#endif

/* Private: the handle table (slot -> dense index), rebuilt lazily, and the
 * lookup of a handle. */
#ifndef STEER_WORLD_HANDLES_H
#define STEER_WORLD_HANDLES_H

#include "world_internal.h"

/* Rebuilds the handle table if a step left it stale (thread-safe: lookups
 * from several threads at once rebuild it once). */
void steer__world_ensure_handles(const steer_world *w);

/* STEER_MISUSE_NONE and the agent's dense index, or why the handle is
 * refused (HANDLE_FOREIGN, HANDLE_STALE). */
steer_misuse_id steer__handle_lookup(const steer_world *w, steer_agent_id id, uint32_t *dense);

/* Looks up id into *dense, or reports the misuse as the calling function's
 * and returns STEER_ERROR_STALE_HANDLE from it. */
#define STEER__CHECK_HANDLE(w, id, dense)                                                                              \
    do {                                                                                                               \
        steer_misuse_id why_ = steer__handle_lookup(w, id, dense);                                                     \
        if (why_ != STEER_MISUSE_NONE) {                                                                               \
            steer__misuse(why_, __func__, "id = {index %u, generation %u, world %u}: %s", (id).index,                  \
                          (id).generation, (id).world,                                                                 \
                          why_ == STEER_MISUSE_HANDLE_FOREIGN ? "made by another world"                                \
                                                              : "no live agent of this world has it");                 \
            return STEER_ERROR_STALE_HANDLE;                                                                           \
        }                                                                                                              \
    } while (0)

#endif

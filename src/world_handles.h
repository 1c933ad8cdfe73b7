/* Private: the handle table (slot -> dense index), rebuilt lazily, and the
 * lookup of a handle; the checks every bulk call shares. */
#ifndef STEER_WORLD_HANDLES_H
#define STEER_WORLD_HANDLES_H

#include "world_internal.h"
#include "misuse_internal.h"

/* Rebuilds the handle table if a step left it stale (thread-safe: lookups
 * from several threads at once rebuild it once). */
void steer__world_ensure_handles(const steer_world *w);

/* STEER_MISUSE_NONE and the agent's dense index, or why the handle is
 * refused (HANDLE_FOREIGN, HANDLE_STALE). */
steer_misuse_id steer__handle_lookup(const steer_world *w, steer_agent_id id, uint32_t *dense);
/* Whether id names a live agent of this world, without the table (so also
 * inside a step): NONE, HANDLE_FOREIGN or HANDLE_STALE. */
steer_misuse_id steer__handle_live(const steer_world *w, steer_agent_id id);

/* Looks up id into *dense; a refused handle is reported as misuse of
 * `function`. STEER_OK or STEER_ERROR_STALE_HANDLE. */
steer_result steer__handle_check(const steer_world *w, steer_agent_id id, uint32_t *dense, const char *function);
/* The same, the handle named `name` in the report ("leader", "members[3]") instead of "id". */
steer_result steer__handle_check_named(const steer_world *w, steer_agent_id id, uint32_t *dense, const char *function,
                                       const char *name);

/* For entry `entry` of a bulk call: a handle of an agent that is gone
 * (removed, or never made) is refused quietly, the entry's result saying
 * so, since units die between a game's selection and its order; a handle
 * of another world is still misuse, reported naming "ids[entry]". */
steer_result steer__handle_check_entry(const steer_world *w, steer_agent_id id, uint32_t *dense, const char *function,
                                       int entry);

/* The lowest entry of ids naming the same agent as an earlier one, or -1;
 * that earlier entry in *earlier. Over the n entries which[0 .. n) (which
 * NULL: entries 0 .. n), all live; keys: scratch of n. One sort, no
 * allocation. */
int steer__repeated_handle(const steer_agent_id *ids, const int *which, int n, uint64_t *keys, int *earlier);

/* A bulk call refused as a whole reports each entry as refused too
 * (results may be NULL). Returns 0, the entries done. */
static inline int steer__refuse_all(steer_result *results, int count)
{
    for (int i = 0; results && i < count; ++i) results[i] = STEER_ERROR_INVALID_ARGUMENT;
    return 0;
}

/* A bulk call's world, count and arrays checked: refused as a whole
 * (returning 0 from the calling function, every result refused), reported. */
#define STEER__CHECK_BULK(w, ids, values, count, results)                                                              \
    do {                                                                                                               \
        STEER__CHECK_WORLD(w, steer__refuse_all(results, count), steer__refuse_all(results, count));                    \
        STEER_MISUSE_IF((count) < 0, 0, COUNT_NEGATIVE, "count = %d: must be >= 0", (count));                          \
        STEER_MISUSE_IF((count) > 0 && (!(ids) || !(values)), steer__refuse_all(results, count), NULL_ARGUMENT,        \
                        #ids " = %p, " #values " = %p: must point to count = %d entries", (const void *)(ids),         \
                        (const void *)(values), (count));                                                              \
    } while (0)

/* Looks up id into *dense, or returns STEER_ERROR_STALE_HANDLE from the
 * calling function, reported as its misuse. */
#define STEER__CHECK_HANDLE(w, id, dense)                                                                              \
    do {                                                                                                               \
        if (steer__handle_check(w, id, dense, __func__) != STEER_OK) return STEER_ERROR_STALE_HANDLE;                 \
    } while (0)

#endif

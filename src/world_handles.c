/* The handle table, rebuilt by the first lookup after a step. */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "world_handles.h"
#include "misuse_internal.h"

#include <stdio.h>
#include <stdlib.h>

/* The handle table follows the sorted agents. The sort used its buffer as
 * the target for the slots, and the old slots' buffer becomes the table.
 * The step does not rebuild it: its random writes (slots are scattered in
 * space) took about 6% of a step of a million agents on two threads, and a
 * step is often followed by no lookup at all. The first lookup after a
 * step does, through the pool when the world has its own. (Inside the
 * scatter, the writes stalled its stream: slower still.) */
static void handles_task(int start, int end, int worker, void *context)
{
    (void)worker;
    steer_world *w = context;
    uint32_t *dense_of_slot = w->dense_of_slot;
    for (int d = start; d < end; ++d) dense_of_slot[steer__slot_of(w, d)] = (uint32_t)d;
}

void steer__world_ensure_handles(const steer_world *cw)
{
    if (steer__cache_guard_ready(cw->handles)) return;
    steer_world *w = (steer_world *)cw; /* the table is a cache; lookups run between steps */
    steer__cache_guard_lock(w->handles);
    /* Never while the world steps (a lookup that began just before the step,
     * misuse): the sort has taken the table's buffer, and a table marked
     * current then would stay wrong after the step. */
    if (!steer__cache_guard_ready(w->handles) && !steer__in_step(w)) {
        /* Not through a user's scheduler: a lookup may come from any thread,
         * where its enqueue may not expect to be called. */
        if (w->pool) steer__pool_run(w->pool, handles_task, w->count, w);
        else handles_task(0, w->count, 0, w);
        steer__cache_guard_set_ready(w->handles, true);
    }
    steer__cache_guard_unlock(w->handles);
}

/* A free slot's generation has FREE_BIT set, which no handle has. */
steer_misuse_id steer__handle_live(const steer_world *w, steer_agent_id id)
{
    if (id.world != 0 && id.world != w->identity) return STEER_MISUSE_HANDLE_FOREIGN;
    if (id.index == 0 || id.index > w->slot_high || (id.generation & STEER__FREE_BIT)) return STEER_MISUSE_HANDLE_STALE;
    return w->generation[id.index - 1] == id.generation ? STEER_MISUSE_NONE : STEER_MISUSE_HANDLE_STALE;
}

steer_misuse_id steer__handle_lookup(const steer_world *w, steer_agent_id id, uint32_t *dense)
{
    steer_misuse_id why = steer__handle_live(w, id);
    if (why != STEER_MISUSE_NONE) return why;
    uint32_t slot = id.index - 1;
    steer__world_ensure_handles(w);
    *dense = w->dense_of_slot[slot];
    return STEER_MISUSE_NONE;
}

steer_result steer__handle_check(const steer_world *w, steer_agent_id id, uint32_t *dense, const char *function)
{
    return steer__handle_check_named(w, id, dense, function, "id");
}

steer_result steer__handle_check_named(const steer_world *w, steer_agent_id id, uint32_t *dense, const char *function,
                                       const char *name)
{
    steer_misuse_id why = steer__handle_lookup(w, id, dense);
    if (why == STEER_MISUSE_NONE) return STEER_OK;
    steer__misuse(why, function, "%s = {index %u, generation %u, world %u}: %s", name, id.index, id.generation, id.world,
                  why == STEER_MISUSE_HANDLE_FOREIGN ? "made by another world"
                  : id.index == 0                    ? "the null handle (index 0: a refused add's, or never set), no agent's"
                                                     : "no live agent of this world has it");
    return STEER_ERROR_STALE_HANDLE;
}

steer_result steer__handle_check_entry(const steer_world *w, steer_agent_id id, uint32_t *dense, const char *function,
                                       int entry)
{
    steer_misuse_id why = steer__handle_lookup(w, id, dense);
    if (why == STEER_MISUSE_NONE) return STEER_OK;
    if (why == STEER_MISUSE_HANDLE_STALE) return STEER_ERROR_STALE_HANDLE;
    char name[24];
    snprintf(name, sizeof name, "ids[%d]", entry);
    return steer__handle_check_named(w, id, dense, function, name);
}

static int by_key(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

int steer__repeated_handle(const steer_agent_id *ids, const int *which, int n, uint64_t *keys, int *earlier)
{
    /* each key (slot, entry): sorted, a slot's entries are adjacent and in entry order */
    for (int k = 0; k < n; ++k) {
        int entry = which ? which[k] : k;
        keys[k] = (uint64_t)ids[entry].index << 32 | (uint32_t)entry;
    }
    qsort(keys, (size_t)n, sizeof *keys, by_key);
    int found = -1;
    for (int k = 1; k < n; ++k) {
        int entry = (int)(uint32_t)keys[k];
        if (keys[k] >> 32 == keys[k - 1] >> 32 && (found < 0 || entry < found)) {
            found = entry;
            *earlier = (int)(uint32_t)keys[k - 1];
        }
    }
    return found;
}

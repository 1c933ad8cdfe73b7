/* The state hash (steer_world_state_hash: agents, then goals, then
 * headings, then own radii, in slot order) and the memory figure (steer_world_memory_bytes). */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "world_internal.h"
#include "world_goals.h"
#include "world_handles.h"

#define HASH_PREFETCH_AHEAD 16u

static uint64_t fnv(uint64_t h, const void *data, size_t size)
{
    const unsigned char *b = data;
    for (size_t i = 0; i < size; ++i) h = (h ^ b[i]) * 0x100000001B3ull;
    return h;
}

uint64_t steer_world_state_hash(const steer_world *w)
{
    STEER__QUERY_WORLD(w, 0); /* (mid-step the state is half moved and the table's buffer is the sort's) */
    uint64_t h = 0xCBF29CE484222325ull;
    h = fnv(h, &w->steps, sizeof w->steps);
    steer__world_ensure_handles(w);
    for (uint32_t s = 0; s < w->slot_high; ++s) {
        /* slot order is not the agents' (cell) order: each agent's lines
         * are asked for a few slots ahead, or the hash waits on every one */
        uint32_t ahead = s + HASH_PREFETCH_AHEAD;
        if (ahead < w->slot_high && !(w->generation[ahead] & STEER__FREE_BIT))
            for (int a = 0; a < w->dim; ++a) {
                __builtin_prefetch(w->p[a] + w->dense_of_slot[ahead]);
                __builtin_prefetch(w->v[a] + w->dense_of_slot[ahead]);
            }
        if (w->generation[s] & STEER__FREE_BIT) continue;
        uint32_t d = w->dense_of_slot[s];
        h = fnv(h, &s, 4);
        h = fnv(h, &w->generation[s], 4);
        h = fnv(h, &w->group[d], 1);
        for (int a = 0; a < w->dim; ++a) {
            h = fnv(h, &w->p[a][d], 4);
            h = fnv(h, &w->v[a][d], 4);
        }
    }
    /* goals after the agents, in slot order: a world without them hashes as before */
    for (uint32_t s = 0; w->goal_count && s < w->slot_high; ++s) {
        /* as above, in two stages: the slot entry that finds a record, then the record */
        uint32_t ahead = s + 2 * HASH_PREFETCH_AHEAD, near = s + HASH_PREFETCH_AHEAD;
        if (ahead < w->slot_high && !(w->generation[ahead] & STEER__FREE_BIT))
            __builtin_prefetch(w->slot + w->dense_of_slot[ahead]);
        if (near < w->slot_high && !(w->generation[near] & STEER__FREE_BIT)) {
            const steer__goal *next = steer__goal_find(w, near);
            if (next) __builtin_prefetch(next);
        }
        const steer__goal *g = (w->generation[s] & STEER__FREE_BIT) ? NULL : steer__goal_find(w, s);
        if (!g) continue;
        int32_t fields[4] = {(int32_t)g->kind, g->path, g->progress, g->point_count};
        float values[5] = {g->target.x, g->target.y, g->target.z, g->slow_radius, g->speed};
        uint8_t arrived = g->arrived;
        h = fnv(h, &s, 4);
        h = fnv(h, fields, sizeof fields);
        h = fnv(h, values, sizeof values);
        h = fnv(h, &arrived, 1);
        h = fnv(h, &g->arrived_step, sizeof g->arrived_step);
        if (g->point_count) h = fnv(h, g->points, ((size_t)g->point_count + 1) * sizeof *g->points); /* and where it started */
        if (g->order) h = fnv(h, &g->order, sizeof g->order); /* who trades with whom: a world without orders hashes as before */
    }
    /* headings after the goals, in slot order: a world without them hashes as before */
    for (uint32_t s = 0; w->heading[0] && s < w->slot_high; ++s) {
        if (w->generation[s] & STEER__FREE_BIT) continue;
        uint32_t d = w->dense_of_slot[s];
        for (int a = 0; a < w->dim; ++a) h = fnv(h, &w->heading[a][d], 4);
    }
    /* own radii last, in slot order: a world without agent_radii hashes as before */
    for (uint32_t s = 0; w->own_radius && s < w->slot_high; ++s)
        if (!(w->generation[s] & STEER__FREE_BIT)) h = fnv(h, &w->own_radius[w->dense_of_slot[s]], 4);
    return h;
}

size_t steer_world_memory_bytes(const steer_world *w)
{
    if (!w) return 0;
    STEER_MISUSE_IF(steer__in_step(w), 0, IN_STEP, "called during the world's own step: only between steps");
    size_t n = (size_t)w->capacity + STEER__PAD;
    size_t per = (size_t)w->dim * 4 * 4 /* p, v, 2 scratch */ + 2 /* group x2 */
                 + 8 /* slot, and the handle table that is also its sort target */
                 + (w->wander ? 8 : 0) /* wander x2 */
                 + 4 /* generation */ + (w->members ? 4 : 0) + (w->arrived_now ? 1 : 0)
                 + (w->membership ? 4 : 0) + (w->heading[0] ? (size_t)w->dim * 8 : 0) /* headings x2 */
                 + (w->own_radius ? 8 : 0) /* own radii x2 */;
    size_t bytes = sizeof *w + n * per;
    bytes += w->cell_capacity * 4 + w->sort_capacity * 4;
    bytes += w->stage_bytes * (size_t)w->workers;
    bytes += (size_t)w->workers * STEER__PREDICTIVE_CAP * (sizeof(steer_neighbour3) + sizeof(float));
    bytes += (size_t)w->workers * STEER__APART_CAP * (sizeof(steer_v3) + sizeof(float));
    bytes += (size_t)w->workers * (STEER__ANTICIPATION_FLOATS * sizeof(float) + STEER__ANTICIPATION_WORDS * sizeof(uint16_t));
    bytes += (size_t)w->def.max_groups * sizeof(steer__group);
    bytes += ((size_t)w->def.max_obstacles + 1) * (sizeof(steer_obstacle3) + sizeof(steer_v3));
    bytes += ((size_t)w->def.max_walls + 1) * (sizeof(steer_segment3) + sizeof(steer__wall_height));
    bytes += w->claim_capacity * sizeof(uint64_t); /* a user scheduler's item bits */
    for (int i = 0; i < w->path_count; ++i) bytes += (size_t)w->paths[i].count * steer__path_copies(w->dim) * sizeof(steer_v3);
    bytes += (size_t)w->goal_capacity * (sizeof(steer__goal) + sizeof(uint32_t)); /* records, reordering scratch */
    for (int i = 0; i < w->goal_count; ++i) bytes += (size_t)w->goals[i].point_count * sizeof(steer_v3);
    for (int i = 0; i < w->field_count; ++i)
        bytes += (size_t)w->fields[i].nx * w->fields[i].ny * w->fields[i].nz * sizeof(steer_v3);
    const steer__object_grid *index[] = {&w->object_index.obstacles, &w->object_index.walls};
    for (int k = 0; k < 2; ++k) bytes += (index[k]->start_capacity + index[k]->ids_capacity) * sizeof(uint32_t);
    bytes += (w->query.start_capacity + w->query.agents_capacity) * sizeof(uint32_t);
    return bytes;
}

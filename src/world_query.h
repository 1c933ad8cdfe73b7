/* Private: the index behind the world's queries (steer_world_query_radius,
 * _box and _nearest). Agents by place in cells of their own (not
 * the step's, which are sorted at the step's start and so lag the agents
 * by a step), built by the first query after a change. */
#ifndef STEER_WORLD_QUERY_H
#define STEER_WORLD_QUERY_H

#include <stddef.h>
#include <stdint.h>

#include "steer/world.h"
#include "thread_pool.h"

typedef struct steer__query_index {
    steer__cache_guard *guard; /* whether the index is current (NULL: out of memory, queries scan) */
    uint32_t *start;           /* per cell, and one past the last: its first entry in `agents` */
    uint32_t *agents;          /* dense indices, by cell, then by dense index */
    uint32_t indexed;          /* the cells hold dense [0, indexed); agents added since are looked at one by one */
    size_t start_capacity, agents_capacity;
    int n[3];                  /* cells per axis (1 past dim) */
    float low[3], high[3];     /* the agents' bounding box */
    float inv_cell[3];         /* cells per unit length (0 on an axis where the agents do not spread) */
    bool scan;                 /* no memory for the arrays: queries look at every agent */
} steer__query_index;

/* A world's index, not yet built (guard NULL when out of memory: the queries
 * then scan), and its release. */
void steer__query_init(steer_world *w);
void steer__query_free(steer_world *w);
/* Agents were removed or moved: the next query builds the index again. */
void steer__query_stale(steer_world *w);
/* Agent d was added (the last dense index): the index keeps it aside, looked
 * at one by one, while it lies inside the index's box and such agents are
 * few (a spawner's check-then-add loop then pays no rebuild per add);
 * else as steer__query_stale. */
void steer__query_added(steer_world *w, int d);

#endif

/* Private: formations (world.h, "formations"). A formation keeps its
 * members' ARRIVE goals on slots in its leader's frame; the world places
 * them once per steer_world_step, between steps' lookups, before the first
 * sort, from the leader's state then. */
#ifndef STEER_WORLD_FORMATIONS_H
#define STEER_WORLD_FORMATIONS_H

#include "world_internal.h"

typedef struct steer__formation {
    steer_agent_id leader;
    steer_agent_id *members;  /* in slot order; a removed one gives its slot to the next */
    uint32_t *stamps;         /* each member's w->membership when it was listed: the entry holds while they agree */
    steer_v3 *slots;          /* in the leader's frame: x ahead, y left, z up */
    int count;
    steer_v3 heading;         /* the leader's last heading on the ground (kept while it stands) */
    bool live;                /* false: removed (its index stays unused) */
} steer__formation;

/* Every live formation's members' goals onto their slots (steer_world_step). */
void steer__formations_place(steer_world *w);
/* The agent at this slot leaves every formation it is a member of (a goal
 * given to it another way): its slot goes to the next member, as a removed
 * one's. O(1): its membership stamp moves on, so every entry listed before
 * no longer holds (a pass per release over every formation made a
 * thousand orders to single units of 50,000 escorts take seconds). */
void steer__formations_release(steer_world *w, uint32_t slot);
/* Whether member k of f is listed now: not released since (its stamp) and
 * still live (its handle); *d its dense index. */
bool steer__formation_member(const steer_world *w, const steer__formation *f, int k, uint32_t *d);
/* Frees every formation (destroy). */
void steer__formations_clear(steer_world *w);

#endif

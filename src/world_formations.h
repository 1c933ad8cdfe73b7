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
    steer_v3 *slots;          /* in the leader's frame: x ahead, y left, z up */
    int count;
    steer_v3 heading;         /* the leader's last heading on the ground (kept while it stands) */
    bool live;                /* false: removed (its index stays unused) */
} steer__formation;

/* Every live formation's members' goals onto their slots (steer_world_step). */
void steer__formations_place(steer_world *w);
/* The agent leaves every formation it is a member of (a goal given to it
 * another way): its slot goes to the next member, as a removed one's. */
void steer__formations_release(steer_world *w, steer_agent_id id);
/* The same for an agent of a bulk call (set_goals, set_targets,
 * send_to_places), in two parts: release_later only clears its
 * in_formation byte; steer__formations_sweep, at the call's end, then
 * clears the entries of every agent so released in one pass over the
 * formations (a pass per agent made releasing a large formation quadratic:
 * 10,000 members, 30 ms). Same entries cleared as one release each: an
 * entry whose slot's byte is clear and whose generation is the slot's
 * live one names an agent released since it was listed. */
void steer__formations_release_later(steer_world *w, steer_agent_id id);
void steer__formations_sweep(steer_world *w);
/* Marks every live formation's members in w->in_formation (after a restore). */
void steer__formations_mark(steer_world *w);
/* Frees every formation (destroy). */
void steer__formations_clear(steer_world *w);

#endif

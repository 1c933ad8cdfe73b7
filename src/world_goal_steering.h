/* Private: an agent's own goal as it steers (the goal table is
 * world_goals.c): the goal's force (SEEK, the braking arrive, along a
 * path, waypoints), its progress and arrival after each move, the fade of
 * the group's wander and look-ahead on its final approach, and the point
 * it aims at; with the small steering helpers the group's own SEEK,
 * ARRIVE, FOLLOW_PATH and FOLLOW_LEADER share with it (world_behaviours.c). */
#ifndef STEER_WORLD_GOAL_STEERING_H
#define STEER_WORLD_GOAL_STEERING_H

#include "world_agent.h"
#include "world_internal.h"

/* The braking arrive with the group's limits, for this sub-step. */
static inline steer_arrival steer__group_arrival(const steer__force_context *fc, const steer__group *g, float slow_radius)
{
    return (steer_arrival){slow_radius, g->def.max_force * g->inv_mass, fc->dt, g->def.arrival_tolerance};
}

/* Where the agent stands as seen from a point it steers for. A ground-plane
 * agent keeps its height, so it reads every point on the ground: its
 * position taken at the point's height, and the offset has no up part
 * (else an agent at height 1 sent to a point at height 0 would stand
 * below the point for ever, one unit from it). Others: its position. */
static inline steer_v3 steer__level_at(const steer_world *w, const steer__group *g, steer_v3 p, steer_v3 point)
{
    if (!g->on_ground) return p;
    const int up = steer__up_index(w);
    return steer_v3_set(p, up, steer_v3_get(point, up));
}
static inline steer_v3 steer__level_with(const steer_world *w, const steer__agent *a, steer_v3 point)
{
    return steer__level_at(w, a->g, a->p, point);
}

/* SEEK for a point (a ground-plane agent level with it). */
static inline steer_v3 steer__seek_point(const steer_world *w, const steer__agent *a, steer_v3 target, float speed)
{
    return steer_seek3(steer__level_with(w, a, target), a->v, target, speed);
}

/* The braking arrive gives an acceleration (it plans with max_force / mass):
 * the force is mass times it. */
static inline steer_v3 steer__braking_arrive(const steer_world *w, const steer__agent *a, steer_v3 target, float speed,
                                             const steer_arrival *arrival)
{
    steer_v3 p = steer__level_with(w, a, target);
    return steer_v3_scale(steer_arrive_braking3(p, a->v, target, speed, arrival), a->g->def.mass);
}

/* Where the agent stands as a world path (steer__path_for) sees it. */
static inline steer_v3 steer__path_position(const steer_world *w, const steer__agent *a)
{
    return steer__level_with(w, a, steer_v3_zero());
}

/* Before an agent's behaviours: what its own goal needs worked out once a
 * step (a PATH goal: whether its end counts yet, a->path_end_near). */
void steer__goal_prepare(const steer_world *w, steer__agent *a);
/* The force of the agent's own goal (a->goal, not NULL): its group's SEEK,
 * ARRIVE or FOLLOW_PATH gives way to it. */
steer_v3 steer__goal_force(const steer__force_context *fc, const steer__agent *a);
/* The same, weighted as in its group's blend: for the flock batches, which
 * add it to the flocking rules. */
steer_v3 steer__weighted_goal_force(const steer__force_context *fc, const steer__agent *a);
/* After the agent's move to pos with vel, for every agent with a goal
 * whatever steered it: a WAYPOINTS goal's current waypoint (walls met by
 * a body of `radius`), a PATH goal's segment reached, and whether
 * the goal is reached (world.h, "arrived"). */
void steer__goal_after_move(const steer_world *w, const steer__group *g, float radius, struct steer__goal *goal,
                            const float pos[3], const float vel[3]);
/* The last point of the goal, wherever the agent is on its way (a SEEK or
 * ARRIVE target, the last waypoint, an open path's end); false for a
 * closed path, which never ends. */
bool steer__goal_last_point(const steer_world *w, const struct steer__goal *goal, steer_v3 *end);
/* Whether the group's arrived agents stay so beyond the tolerance (its
 * departure distance is larger): the flock kernel's arrival bits, which
 * know the tolerance alone, then do not decide a departure. */
bool steer__group_departs_late(const steer__group *g);
/* Records whether the goal is reached now (and since which step). */
void steer__goal_set_arrived(const steer_world *w, struct steer__goal *goal, bool now);
/* Whether the agent is within its own goal's slow radius (*slow) of where
 * the goal stops (all but SEEK), *dist from it. */
bool steer__final_approach(const steer_world *w, const steer__agent *a, float *dist, float *slow);
/* What WANDER, the feelers and the look-ahead keep on the final approach
 * (1 elsewhere): see world_goal_steering.c. */
float steer__approach_fade(const steer_world *w, const steer__agent *a);
/* Whether the agent has arrived at its own goal's end (not a SEEK's) and
 * stands within its group's arrival_tolerance of it: on its point, where
 * a turn-limited unit holds its heading (one farther off, still arrived
 * within its departure_distance, turns to come back). */
bool steer__goal_on_its_end(const steer_world *w, const steer__agent *a);
/* The point the agent's own goal steers it to and stops at (or passes
 * through within a radius); false for SEEK. */
bool steer__goal_aim(const steer_world *w, const steer__agent *a, steer_v3 *aim);
/* For the turn limit: the offset from the agent to the point its own goal
 * must bring it to now (steer__goal_aim's, or a SEEK's target), as the
 * group measures it, and how near counts (*within: waypoint_radius for a
 * waypoint passed on the way, else arrival_tolerance); false with none. */
bool steer__goal_turn_target(const steer_world *w, const steer__agent *a, steer_v3 *off, float *within);

#endif

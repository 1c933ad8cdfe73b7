/* An agent's own goal as it steers: its force, its progress and arrival
 * after each move, the final approach's fade and its aim. */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "world_goal_steering.h"
#include "world_detour.h"
#include "world_goals.h"
#include "world_object_index.h"

/* Offsets to a goal's end as the group measures them: 2D ones have no z,
 * a ground-plane group's none along the up axis. */
static void drop_unreachable(const steer_world *w, const steer__group *g, steer_v3 *off)
{
    if (w->dim == 2) off->z = 0.0f;
    else if (g->def.ground_plane) steer__drop_up(w, off);
}

/* A WAYPOINTS goal's current waypoint, within its list. */
static int current_waypoint(const steer__goal *goal)
{
    return goal->progress < 0 ? 0 : goal->progress < goal->point_count ? goal->progress : goal->point_count - 1;
}

/* How far along its path a PATH goal looks for its agent moving at `speed`
 * (steer_path_track's window): twice the longest of path_ahead, the
 * distance to stop from that speed and the arrival tolerance. Far enough
 * that an agent cutting a hairpin's corner finds the leg it is on (a step
 * is far shorter), and that an agent at rest within the tolerance of the
 * end counts as near it (with a path_ahead of 0 too); short of the rest of
 * any longer path, so that a path passing near itself is taken in order (a
 * unit setting off beside the end of a route that comes back to its start
 * is slow, and looks as far as path_ahead). */
static float path_window(const steer__group *g, float speed)
{
    const steer_group_def *d = &g->def;
    float accel = d->max_force / d->mass, stop = accel > 0.0f ? speed * speed / accel : 0.0f;
    return 2.0f * steer_maxf(steer_maxf(d->path_ahead, stop), d->arrival_tolerance);
}

/* A PATH goal's agent at p (where the path sees it: steer__path_position),
 * moving at `speed`: the segment it has reached from the goal's progress
 * (steer_path_track), and whether the path's end is within the window from
 * there, so that the end counts (arrival, the final approach) only once
 * the agent has come that far along: not beside a start that a route's end
 * comes back to (a path of one point is all end). */
static int path_reached(const steer_world *w, const steer__group *g, const steer__goal *goal, steer_v3 p, float speed,
                        bool *end_near)
{
    steer_path3 path = steer__path_for(w, g, goal->path);
    int segment = goal->progress;
    float window = path_window(g, speed);
    (void)steer_path_track3(&path, p, &segment, window, window, end_near);
    return segment;
}

void steer__goal_prepare(const steer_world *w, steer__agent *a)
{
    a->path_end_near = false;
    if (!a->goal || a->goal->kind != STEER_GOAL_PATH) return;
    (void)path_reached(w, a->g, a->goal, steer__path_position(w, a), steer_v3_len(a->v), &a->path_end_near);
}

/* Whether p is past waypoint `at` (not the last): beyond the plane
 * through it square to the leg that comes in (from the previous point, or
 * for the first from where the agent stood when the goal was set) and
 * ahead along the leg that leaves it. Both, so that a hairpin's point is
 * still rounded; a leg of no length is never passed. */
static bool waypoint_passed(const steer__goal *goal, int at, steer_v3 p)
{
    steer_v3 here = goal->points[at], came = at > 0 ? goal->points[at - 1] : goal->points[goal->point_count];
    steer_v3 off = steer_v3_sub(p, here);
    return steer_v3_dot(off, steer_v3_sub(here, came)) > 0.0f && steer_v3_dot(off, steer_v3_sub(goal->points[at + 1], here)) > 0.0f;
}

/* Whether a wall (solid or not) crosses the line from a to b on the
 * ground, at the height of an agent standing at `stands`. */
static bool wall_between(const steer_world *w, float radius, steer_v3 stands, steer_v3 a, steer_v3 b)
{
    steer_v2 from = steer_v2_from_v3(steer__to_ground(w, a)), to = steer_v2_from_v3(steer__to_ground(w, b));
    return steer__wall_across(w, from, to, (steer__wall_level){steer__to_ground(w, stands).z, radius, 0.0f});
}

/* Whether an agent of body radius `radius` standing at `stands` (at p level with the waypoint)
 * has done with waypoint `at` of its WAYPOINTS goal (never the last):
 * within waypoint_radius of it or past it (waypoint_passed), and in sight
 * of the next one (no wall across the line to it); or, when a wall is in
 * the way, at the waypoint itself (within its body radius or arrival
 * tolerance) of a route whose own leg to the next point goes through a
 * wall (a route the user drew through one). Cutting the corner to the
 * next point is right only when the way to it is open: an agent that
 * comes within the radius beside a door, still in the room, keeps on for
 * the door; and when the route's leg through the door is open, so is
 * the point itself from the door, and the agent goes there (a tolerance
 * of half the door's width took the door's point from beside its jamb).
 * One pushed past a gap's point goes on, and does not turn back for it. */
static bool waypoint_done(const steer_world *w, const steer__group *g, float radius, const steer__goal *goal, int at,
                          steer_v3 stands, steer_v3 p)
{
    if (at >= goal->point_count - 1) return false;
    float dist = steer_v3_dist(p, goal->points[at]);
    bool near = dist < g->def.waypoint_radius;
    if (!near && !waypoint_passed(goal, at, p)) return false;
    steer_v3 next = goal->points[at + 1];
    if (!wall_between(w, radius, stands, p, next)) return true;
    return near && dist < steer_maxf(radius, g->def.arrival_tolerance) && wall_between(w, radius, stands, goal->points[at], next);
}

/* Whether an agent on its way to waypoint `at` (after the first) has lost
 * it: a wall crosses the line to it within reach (the waypoint radius and
 * two body radii: the agent presses on that wall), and the route's own leg
 * to it, from the waypoint before, is open. A crowd pressing through a
 * door carried bodies that had taken the door's point (their line to the
 * next one passed the jamb by less than a body's radius) along the wall
 * inside the room, where each pressed on the wall toward the next point
 * for good (2 to 9 of 1,000 in a room's evacuation). Such an agent goes
 * back to the waypoint before (waypoint_done then takes that one only in
 * sight of this one again). A route drawn through a wall is left as it
 * was: its agent presses on. Only worlds with walls ask. */
static bool waypoint_lost(const steer_world *w, const steer__group *g, float radius, const steer__goal *goal, int at,
                          steer_v3 stands, steer_v3 p)
{
    if (at <= 0 || at >= goal->point_count || w->wall_count == 0) return false;
    steer_v3 to = goal->points[at], off = steer_v3_sub(to, p);
    float len = steer_v3_len(off), reach = g->def.waypoint_radius + 2.0f * radius;
    if (len > reach) to = steer_v3_mad(p, off, reach / len);
    return wall_between(w, radius, stands, p, to) && !wall_between(w, radius, stands, goal->points[at - 1], goal->points[at]);
}

steer_v3 steer__goal_force(const steer__force_context *fc, const steer__agent *a)
{
    steer__goal *goal = a->goal;
    const steer_group_def *d = &a->g->def;
    float speed = goal->speed > 0.0f && goal->speed < d->max_speed ? goal->speed : d->max_speed;
    steer_arrival arrival = steer__group_arrival(fc, a->g, goal->slow_radius > 0.0f ? goal->slow_radius : d->slow_radius);
    const steer_world *w = fc->w;
    switch (goal->kind) {
    case STEER_GOAL_SEEK: return steer__seek_point(w, a, steer__detour(w, a, goal->target), speed);
    case STEER_GOAL_ARRIVE: return steer__braking_arrive(w, a, steer__detour(w, a, goal->target), speed, &arrival);
    case STEER_GOAL_PATH: { /* seek a point ahead along it; an open one ends with the braking arrive, taken
                               once the point ahead, at least the stopping distance, passes the end */
        steer_path3 path = steer__path_for(w, a->g, goal->path);
        float reach = arrival.max_accel > 0.0f ? speed * speed / arrival.max_accel + speed * fc->dt : 0.0f;
        bool passed_end;
        int segment = goal->progress; /* the record's moves on after the move (steer__goal_after_move) */
        steer_v3 ahead = steer_path_track3(&path, steer__path_position(w, a), &segment, path_window(a->g, steer_v3_len(a->v)),
                                           steer_maxf(d->path_ahead, reach), &passed_end);
        if (passed_end) return steer__braking_arrive(w, a, path.points[path.count - 1], speed, &arrival);
        return steer__seek_point(w, a, ahead, speed);
    }
    case STEER_GOAL_WAYPOINTS: { /* seek each, the braking arrive on the last (a ground-plane agent level
                                    with the one it heads for) */
        int current = current_waypoint(goal); /* the record's moves after the move (steer__goal_after_move) */
        if (waypoint_done(w, a->g, a->radius, goal, current, a->p, steer__level_with(w, a, goal->points[current]))) ++current;
        steer_v3 aim = steer__detour(w, a, goal->points[current]);
        if (current == goal->point_count - 1) return steer__braking_arrive(w, a, aim, speed, &arrival);
        return steer__seek_point(w, a, aim, speed);
    }
    case STEER_GOAL_NONE: break;
    }
    return steer_v3_zero();
}

steer_v3 steer__weighted_goal_force(const steer__force_context *fc, const steer__agent *a)
{
    float weight = a->g->def.weight[steer__goal_behaviour(a->goal->kind)];
    return steer_v3_scale(steer__goal_force(fc, a), weight != 0.0f ? weight : 1.0f);
}

/* The last point of an open path (false for a closed one, which never ends). */
static bool path_end(const steer_world *w, const steer__goal *goal, steer_v3 *end)
{
    const steer__path *p = &w->paths[goal->path];
    *end = p->points[p->count - 1];
    return !p->closed;
}

/* The point where the goal ends, if it has one now: a PATH goal's once its
 * agent has come near it along the path (path_near: path_reached's). */
static bool goal_end(const steer_world *w, const steer__goal *goal, bool path_near, steer_v3 *end)
{
    switch (goal->kind) {
    case STEER_GOAL_SEEK:
    case STEER_GOAL_ARRIVE: *end = goal->target; return true;
    case STEER_GOAL_PATH: return path_end(w, goal, end) && path_near;
    case STEER_GOAL_WAYPOINTS:
        *end = goal->points[goal->point_count - 1];
        return goal->progress == goal->point_count - 1;
    case STEER_GOAL_NONE: break;
    }
    return false;
}

bool steer__goal_last_point(const steer_world *w, const steer__goal *goal, steer_v3 *end)
{
    switch (goal->kind) { /* wherever the agent is on the way there */
    case STEER_GOAL_SEEK:
    case STEER_GOAL_ARRIVE: *end = goal->target; return true;
    case STEER_GOAL_PATH: return path_end(w, goal, end);
    case STEER_GOAL_WAYPOINTS: *end = goal->points[goal->point_count - 1]; return true;
    case STEER_GOAL_NONE: break;
    }
    return false;
}

bool steer__group_departs_late(const steer__group *g)
{
    return g->def.departure_distance > g->def.arrival_tolerance;
}

/* A WAYPOINTS or PATH goal moves on from where its agent now stands,
 * whichever of its group's behaviours steered it (a PRIORITY's earlier
 * winner, say), as the goal's force reads the position: past a waypoint it
 * is done with (waypoint_done; a ground-plane agent level with the
 * waypoint), to the path's segment it has reached (path_reached, at the
 * speed it now has; a ground-plane agent on the level path), and whether
 * the path's end is near from there (*path_near). */
static void goal_progress(const steer_world *w, const steer__group *g, float radius, steer__goal *goal, steer_v3 p,
                          float speed, bool *path_near)
{
    *path_near = false;
    if (goal->kind == STEER_GOAL_PATH) {
        goal->progress = path_reached(w, g, goal, steer__level_at(w, g, p, steer_v3_zero()), speed, path_near);
        return;
    }
    if (goal->kind != STEER_GOAL_WAYPOINTS) return;
    goal->progress = current_waypoint(goal);
    steer_v3 level = steer__level_at(w, g, p, goal->points[goal->progress]);
    if (waypoint_done(w, g, radius, goal, goal->progress, p, level)) ++goal->progress;
    else if (waypoint_lost(w, g, radius, goal, goal->progress, p, level)) --goal->progress;
}

/* Squared distances, as the flock kernel compares them. An agent that has
 * arrived stays so within its group's departure distance, at any speed. */
void steer__goal_after_move(const steer_world *w, const steer__group *g, float radius, steer__goal *goal,
                            const float pos[3], const float vel[3])
{
    steer_v3 p = steer__v3_from(pos), v = steer__v3_from(vel), end;
    if (w->dim == 2) v.z = 0.0f;
    bool now = false, path_near;
    goal_progress(w, g, radius, goal, p, steer_v3_len(v), &path_near);
    if (goal_end(w, goal, path_near, &end)) {
        steer_v3 off = steer_v3_sub(end, steer__v3_from(pos));
        drop_unreachable(w, g, &off);
        float tol = g->def.arrival_tolerance, speed = g->def.arrival_speed, dist_sq = steer_v3_len_sq(off);
        bool slow = goal->kind == STEER_GOAL_SEEK || steer_v3_len_sq(v) <= speed * speed;
        now = dist_sq <= tol * tol && slow;
        if (!now && goal->arrived && steer__group_departs_late(g))
            now = dist_sq <= g->def.departure_distance * g->def.departure_distance;
    }
    steer__goal_set_arrived(w, goal, now);
}

void steer__goal_set_arrived(const steer_world *w, steer__goal *goal, bool now)
{
    if (now == goal->arrived) return; /* no write: a record left clean is not written back to memory */
    if (now) goal->arrived_step = w->steps;
    goal->arrived = now;
}

/* What WANDER's force, AVOID_WALLS' feelers and AVOID_OBSTACLES' look-ahead keep on a goal's final
 * approach: an agent whose own goal stops at its end (all but SEEK) keeps
 * (distance - tolerance) / (slow radius - tolerance) of them within the
 * goal's slow radius of that end, and nothing within the arrival
 * tolerance, where the braking arrive asks for no speed: so it comes to
 * rest on the end as the arrive alone would (with the whole wander it
 * keeps circling the end at about the tolerance, in and out of arrived;
 * with whole feelers it never reaches an end near a wall, and the whole
 * look-ahead swings it about in front of a rock). 1 everywhere else; the
 * wander's own state moves on either way. */
float steer__approach_fade(const steer_world *w, const steer__agent *a)
{
    float dist, slow, tol = a->g->def.arrival_tolerance;
    if (!steer__final_approach(w, a, &dist, &slow)) return 1.0f;
    return dist > tol ? (dist - tol) / (slow - tol) : 0.0f;
}

/* Whether the agent is within its own goal's slow radius (*slow) of where
 * the goal stops (all but SEEK), *dist from it. */
bool steer__final_approach(const steer_world *w, const steer__agent *a, float *dist, float *slow)
{
    steer_v3 end;
    if (!a->goal || a->goal->kind == STEER_GOAL_SEEK || !goal_end(w, a->goal, a->path_end_near, &end)) return false;
    *slow = a->goal->slow_radius > 0.0f ? a->goal->slow_radius : a->g->def.slow_radius;
    steer_v3 off = steer_v3_sub(end, a->p);
    drop_unreachable(w, a->g, &off);
    *dist = steer_v3_len(off);
    return *dist < *slow;
}

bool steer__goal_on_its_end(const steer_world *w, const steer__agent *a)
{
    const steer__goal *goal = a->goal;
    steer_v3 end;
    if (!goal || !goal->arrived || goal->kind == STEER_GOAL_SEEK || !steer__goal_last_point(w, goal, &end)) return false;
    steer_v3 off = steer_v3_sub(end, a->p);
    drop_unreachable(w, a->g, &off);
    float tol = a->g->def.arrival_tolerance;
    return steer_v3_len_sq(off) <= tol * tol;
}

/* The point an agent's own goal steers it to and stops at (or passes
 * through within a radius): an ARRIVE target, the current waypoint, an
 * open path's end; a SEEK goal goes through its target at full speed and
 * has none. */
bool steer__goal_aim(const steer_world *w, const steer__agent *a, steer_v3 *aim)
{
    const steer__goal *goal = a->goal;
    switch (goal->kind) {
    case STEER_GOAL_ARRIVE: *aim = goal->target; return true;
    case STEER_GOAL_WAYPOINTS: *aim = goal->points[current_waypoint(goal)]; return true;
    case STEER_GOAL_PATH: return goal_end(w, goal, a->path_end_near, aim);
    case STEER_GOAL_SEEK:
    case STEER_GOAL_NONE: break;
    }
    return false;
}

bool steer__goal_turn_target(const steer_world *w, const steer__agent *a, steer_v3 *off, float *within)
{
    const steer__goal *goal = a->goal;
    steer_v3 aim;
    if (!goal) return false;
    if (goal->kind == STEER_GOAL_SEEK) aim = goal->target;
    else if (!steer__goal_aim(w, a, &aim)) return false;
    const bool on_the_way = goal->kind == STEER_GOAL_WAYPOINTS && current_waypoint(goal) < goal->point_count - 1;
    *within = on_the_way ? a->g->def.waypoint_radius : a->g->def.arrival_tolerance;
    *off = steer_v3_sub(aim, a->p);
    drop_unreachable(w, a->g, off);
    return true;
}

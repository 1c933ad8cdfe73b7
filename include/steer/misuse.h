/* steer/misuse.h — what happens when the API is misused.
 *
 * Misuse — a NULL object or array, a stale or foreign handle, an invalid def
 * or argument, changing a world from inside its own step — always returns
 * the documented error code or safe result (zero force, null id). On top of
 * that the misuse handler is called with the check's id (one per check, so
 * a test can assert exactly which one fired), the public function and a
 * message naming the function, the field, the value and the rule:
 *
 *   steer_world_add_group: def->max_speed = -1: must be finite and > 0
 *
 * The default handler prints the message to stderr and aborts in debug
 * builds of the library (built without NDEBUG); in release builds it prints
 * the first report of each id to stderr and goes on. Install your own to
 * log, count (tests do) or break into a debugger. Runtime conditions that
 * are not mistakes (capacity exhausted, out of memory, a corrupted snapshot,
 * a stale handle among a bulk call's entries) do not call it.
 */
#ifndef STEER_MISUSE_H
#define STEER_MISUSE_H

#ifdef __cplusplus
extern "C" {
#endif

/* Every check, as X(name): STEER_MISUSE_<name>. */
#define STEER_MISUSE_IDS(X)                                                                                            \
    X(NONE)                     /* no misuse (never reported) */                                                       \
    X(NULL_WORLD)               /* the world argument is NULL */                                                       \
    X(NULL_ARGUMENT)            /* another pointer argument is NULL */                                                 \
    X(IN_STEP)                  /* a world changed or read from inside its own step */                                 \
    X(WORLD_DEF_COOKIE)         /* a world def not from steer_default_world_def */                                     \
    X(WORLD_DEF_DIM)                                                                                                   \
    X(WORLD_DEF_CAPACITY)                                                                                              \
    X(WORLD_DEF_BOUNDS)         /* a bound not finite, or an extent not in (0, 1e30] */                                \
    X(WORLD_DEF_BOUNDARY)                                                                                              \
    X(WORLD_DEF_UP)             /* not a steer_up_axis */                                                              \
    X(WORLD_DEF_CELL_SIZE)                                                                                             \
    X(WORLD_DEF_MAX_DT)                                                                                                \
    X(WORLD_DEF_MAX_GROUPS)                                                                                            \
    X(WORLD_DEF_MAX_OBJECTS)    /* max_obstacles, max_walls, max_paths or max_flow_fields */                           \
    X(WORLD_DEF_PENETRATION_ITERATIONS)                                                                                \
    X(WORLD_DEF_WORKER_COUNT)                                                                                          \
    X(WORLD_DEF_SCHEDULER)      /* enqueue_task without finish_task or the reverse */                                  \
    X(GROUP_DEF_COOKIE)         /* a group def not from steer_default_group_def */                                     \
    X(GROUP_DEF_MAX_SPEED)                                                                                             \
    X(GROUP_DEF_MAX_FORCE)                                                                                             \
    X(GROUP_DEF_MASS)                                                                                                  \
    X(GROUP_DEF_RADIUS)                                                                                                \
    X(GROUP_DEF_MAX_TURN_RATE)  /* max_turn_rate or reverse_speed (the gear needs the turn limit) */                   \
    X(GROUP_DEF_NEIGHBOUR_RADIUS)                                                                                      \
    X(GROUP_DEF_SEPARATION_RADIUS)                                                                                     \
    X(GROUP_DEF_FIELD_OF_VIEW)                                                                                         \
    X(GROUP_DEF_WEIGHT)                                                                                                \
    X(GROUP_DEF_PROBABILITY)                                                                                           \
    X(GROUP_DEF_COMBINE)                                                                                               \
    X(GROUP_DEF_TARGET)                                                                                                \
    X(GROUP_DEF_THREAT)                                                                                                \
    X(GROUP_DEF_CONTAIN_BOX)                                                                                           \
    X(GROUP_DEF_SLOW_RADIUS)                                                                                           \
    X(GROUP_DEF_ARRIVAL)        /* arrival_tolerance, arrival_speed, departure_distance or waypoint_radius */          \
    X(GROUP_DEF_PANIC_DISTANCE)                                                                                        \
    X(GROUP_DEF_CHASE_RADIUS)                                                                                          \
    X(GROUP_DEF_MAX_PREDICTION)                                                                                        \
    X(GROUP_DEF_WANDER)         /* wander.radius, .distance or .jitter */                                              \
    X(GROUP_DEF_PATH_PREDICT)                                                                                          \
    X(GROUP_DEF_PATH_AHEAD)                                                                                            \
    X(GROUP_DEF_FLOW_PREDICT)                                                                                          \
    X(GROUP_DEF_CONTAIN_MARGIN)                                                                                        \
    X(GROUP_DEF_SEE_AHEAD)                                                                                             \
    X(GROUP_DEF_FEELERS)        /* feelers.length, .whisker_angle or .whisker_length */                                \
    X(GROUP_DEF_WALL_FOLLOW)    /* wall_follow.range, .desired_distance or .gain */                                    \
    X(GROUP_DEF_PURSUE_GROUP)                                                                                          \
    X(GROUP_DEF_EVADE_GROUP)                                                                                           \
    X(GROUP_DEF_PATH)                                                                                                  \
    X(GROUP_DEF_FLOW_FIELD)                                                                                            \
    X(GROUP_DEF_AVOIDANCE)      /* priority, arrived_priority, anticipation_k, anticipation_tau0, avoid_horizon, avoid_margin, keep_right */ \
    X(GROUP_DEF_QUEUE)          /* queue_distance, queue_time_gap */                                                   \
    X(GROUP_DEF_LEADER)         /* leader, leader_behind or leader_sight */                                            \
    X(GROUP_INDEX)              /* no such group */                                                                    \
    X(OBSTACLE_INDEX)           /* no such obstacle */                                                                 \
    X(OBSTACLE_CENTRE)                                                                                                 \
    X(OBSTACLE_RADIUS)                                                                                                 \
    X(OBSTACLE_VELOCITY)                                                                                               \
    X(WALL_END)                                                                                                        \
    X(PATH_COUNT)                                                                                                      \
    X(PATH_POINT)                                                                                                      \
    X(PATH_RADIUS)                                                                                                     \
    X(FLOW_FIELD_ORIGIN)                                                                                               \
    X(FLOW_FIELD_CELL_SIZE)                                                                                            \
    X(FLOW_FIELD_SIZE)          /* nx, ny or nz below 1, or more than 2^24 cells */                                    \
    X(FLOW_FIELD_VECTOR)                                                                                               \
    X(AGENT_GROUP)              /* add_agent, set_agent_group: no such group */                                        \
    X(AGENT_POSITION)                                                                                                  \
    X(AGENT_VELOCITY)                                                                                                  \
    X(GOAL_KIND)                /* not a steer_goal_kind */                                                            \
    X(FORMATION_COUNT)          /* members out of range, or too many formations */                                     \
    X(FORMATION_SLOT)           /* a slot not finite */                                                                \
    X(FORMATION_INDEX)          /* no such formation */                                                                \
    X(GOAL_TARGET)                                                                                                     \
    X(GOAL_SLOW_RADIUS)                                                                                                \
    X(GOAL_SPEED)                                                                                                      \
    X(GOAL_PATH)                /* no such path */                                                                     \
    X(GOAL_POINTS)              /* points NULL, a count out of range or a point not finite */                          \
    X(GOAL_PROGRESS)            /* a start waypoint outside [0, point_count), a path segment outside [-1, segments) */ \
    X(HANDLE_STALE)             /* no live agent has this handle (removed, or never made) */                           \
    X(HANDLE_FOREIGN)           /* a handle another world made */                                                      \
    X(STEP_DT)                  /* dt not finite or negative */                                                        \
    X(STEP_SUBSTEPS)            /* dt needs more than 1024 sub-steps of max_dt */                                      \
    X(WORKER_INDEX)             /* a scheduler's worker_index outside [0, worker_count) */                             \
    X(HANDLE_REPEATED)          /* a handle listed twice where each must come once (send_to_places, a formation) */    \
    X(SNAPSHOT_CAPACITY)        /* a snapshot holds more agents, groups or objects than this world has room for */     \
    X(SCHEDULER_ITEMS)          /* a scheduler's calls did not cover a task's items once each */                       \
    X(COUNT_NEGATIVE)           /* a count or capacity below 0 (query_nearest_each: also a k past the skip maximum) */ \
    X(KERNEL)                   /* not a steer_kernel */                                                               \
    X(WALL_INDEX)               /* no such wall */                                                                     \
    X(PATH_INDEX)               /* no such path */                                                                     \
    X(SNAPSHOT_DIM)             /* restore: a good snapshot of a world of the other dim */                             \
    X(QUERY_POINT)              /* a query's centre not finite, or a box corner NaN */                                 \
    X(QUERY_DISTANCE)           /* a query's radius or max_distance NaN or negative */                                 \
    X(HEADINGS_OFF)             /* a heading asked of a world made without keep_headings */                            \
    X(AGENT_HEADING)            /* a heading not finite, or zero (on the ground, for a ground_plane group) */ \
    X(WALL_HEIGHT)              /* a wall's bottom or top NaN, bottom not below top, or a 2D world's wall */ \
    X(PLACES_QUERY)             /* places_around: a centre not finite, spacing not > 0, a margin negative, movers, an unbounded spiral past the float range */ \
    X(ASSIGN_DIM)               /* steer_assign_places: dim not 2 or 3 */ \
    X(RESERVE_AGENTS)           /* steer_world_reserve_agents: a capacity not in [1, 2^28] */ \
    X(AGENT_RADII_OFF)          /* an agent's own radius given to a world made without agent_radii */ \
    X(AGENT_RADIUS)             /* an agent's radius NaN, negative or infinite, or over half its keep_apart group's neighbour_radius */

#define STEER_MISUSE_ENUM_(name) STEER_MISUSE_##name,
typedef enum steer_misuse_id { STEER_MISUSE_IDS(STEER_MISUSE_ENUM_) STEER_MISUSE_COUNT } steer_misuse_id;
#undef STEER_MISUSE_ENUM_

/* "STEER_MISUSE_GROUP_DEF_MAX_SPEED" for its id; never NULL. */
const char *steer_misuse_name(steer_misuse_id id);

/* message begins with the function's name (as above); `function` is the
 * same name alone, to filter or count by. */
typedef void steer_misuse_fn(steer_misuse_id id, const char *function, const char *message, void *context);

/* handler NULL restores the default. Process-wide: set it before starting
 * threads that use steer. It may be called from several threads at once
 * (lookups by handle from your threads, worlds on threads of their own),
 * so it must be thread-safe. */
void steer_set_misuse_handler(steer_misuse_fn *handler, void *context);

#ifdef __cplusplus
}
#endif
#endif

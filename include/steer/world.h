/* steer/world.h — many agents stepped together (docs/model.md §6).
 *
 *   steer_default_world_def()      usable defaults (2D, a +-50 torus, capacity 1024); change what you need
 *   steer_world_create(def)        NULL on a bad def (fields out of their documented range)
 *   steer_world_add_group(w, gd)   a species: limits, neighbour rules, behaviours
 *   steer_world_add_agent(w, g, p, v) -> steer_agent_id (stable, generation-checked); add_agents: many, all or none
 *   steer_world_remove_agent / teleport_agent / get_agent / is_valid, reserve_agents (grow the capacity)
 *   steer_world_add_obstacle / add_wall / add_path / add_flow_field, get_obstacle / get_wall, set_path
 *   steer_world_set_goal / set_goals / set_targets   each agent its own goal
 *   steer_world_send_to_places / send_assigned      many agents to many places (steer/assign.h chooses)
 *   steer_world_step(w, dt)        synchronous update, any thread count, same bits
 *   steer_world_state_hash(w)      64-bit hash of every agent's state
 *   steer_world_save / restore     versioned, checksummed snapshot (snapshot_info reads one)
 *   steer_world_draw(w, dd)        debug drawing through callbacks
 *
 * A world is 2D or 3D (def.dim). Positions and velocities are passed as
 * steer_v3; a 2D world ignores z on input and reports z = 0.
 *
 * Step (every agent reads the same snapshot of the previous step):
 *   1. agents are sorted by grid cell (stable counting sort) so neighbours
 *      sit contiguously in memory;
 *   2. each agent gathers its neighbours (group mask, radius, field of view)
 *      and evaluates its group's behaviours, combined by the group's mode;
 *   3. all agents integrate (docs/model.md §1.4), then solid obstacles and
 *      walls, the float-range guard and the boundary are applied, and the
 *      optional non-penetration pass; in a world that keeps headings
 *      (def.keep_headings), each agent's then follows its velocity (a
 *      turn-limited group's turned with it: backing, opposite it).
 * A dt larger than def.max_dt is split into equal sub-steps.
 *
 * Determinism: results depend only on the def, the calls made and their
 * order — never on the number of threads, SIMD width or timing. Randomness
 * (wander, dithering) is a counter-based hash of (seed, agent, step).
 */
#ifndef STEER_WORLD_H
#define STEER_WORLD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "alloc.h"
#include "assign.h"
#include "behaviours.h"
#include "debug_draw.h"
#include "misuse.h"
#include "result.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct steer_world steer_world;

/* Stable agent handle: index is the slot + 1 (so a zeroed id is null),
 * generation changes whenever the slot is reused, world names the world
 * that made it. Each world has its own non-zero identity (distinct among the
 * worlds a process creates), so another world's handle is refused as
 * STEER_ERROR_STALE_HANDLE. A restore brings the snapshot's identity: the
 * handles of the saved world are valid in the world it is restored into,
 * and that world's earlier handles are not (a world the process creates
 * later can have the identity a restore brought from another process's
 * snapshot: its creation order, not a registry, makes identities
 * distinct). A handle with world 0 (made by
 * hand from index and generation, as code written for the two-field handle
 * does) is checked by slot and generation only: send handles over a network
 * that way, since a world's identity depends on the order the process made
 * its worlds in, and a peer's world refuses another identity as foreign.
 * After a restore, a handle given out in a timeline rolled back is valid
 * again if the replay gives its slot the same generation: the handles of a
 * rolled-back timeline are the game's to drop. A reused slot takes the
 * world's count of reuses as its generation, which comes round after
 * 2^31 - 1 reuses (to 1): a handle kept that long past its agent's removal
 * may name a new agent in the same slot (a server that reuses a thousand
 * slots a second: after 25 days). Snapshots carry the count as it is. */
typedef struct steer_agent_id {
    uint32_t index;
    uint32_t generation;
    uint32_t world;
} steer_agent_id;

typedef enum steer_boundary {
    STEER_BOUNDARY_WRAP = 0, /* torus: leave one side, enter the other */
    STEER_BOUNDARY_CLAMP,    /* stop at the edge (velocity into it removed) */
    STEER_BOUNDARY_NONE,     /* unbounded; bounds only size the grid */
} steer_boundary;

/* ---- threading (Box2D style) -------------------------------------------
 * The world splits work into ranges [start, end) of items. With an enqueue
 * callback, the world hands each task to it; finish waits for it. Without
 * one, the built-in pool of def.worker_count threads is used (1 = serial).
 * Your scheduler calls the task on sub-ranges that cover [0, item_count)
 * once each, in any order and split (min_range is the size below which a
 * split costs more than it gains: a hint, as Box2D's minRange is). A world
 * reports calls that do not (STEER_MISUSE_SCHEDULER_ITEMS) and still runs
 * each item once: an item handed out again is skipped (each claims its bit
 * first), one never handed out runs on the caller's thread after finish,
 * and a range reaching outside [0, item_count) is cut to it, so the step
 * is the right one.
 * enqueue returns a handle that the world passes to finish, or NULL: either
 * it ran the whole task before returning (as Box2D's enqueue may) or it
 * declined and ran none of it, and then the world runs it on its own
 * thread; finish is not called for NULL. worker_index names the thread running
 * it, 0 <= worker_index < def.worker_count, and no two calls running at the
 * same time share one (it indexes per-worker scratch). The result never
 * depends on the split. An index out of range is reported as misuse and
 * that call runs without its scratch: still a correct step, but summed in
 * another order, so not the same bits as with a correct scheduler. A task
 * needs about 58 KB of its thread's stack in a -O2 build (the frames'
 * sizes from -fstack-usage summed along its deepest calls; the forces pass
 * keeps its batches there): give its threads 64 KB or more, more in debug
 * and sanitizer builds.
 *
 * Your threads and a world: the world takes no lock for you. Call it from
 * one thread at a time, as Box2D asks, with one exception: between steps
 * the calls that only read it may run from several threads at once (a
 * renderer, the AI and the netcode reading one frame): the lookups by
 * handle, one or in bulk (get_agent(s), is_valid, has_arrived, get_goal(s),
 * get_goal_points, get_heading(s), get_radius, get_radii), get_view and
 * get_agent_ids, the queries, arrivals, the counts, state_hash,
 * snapshot_size and save, get_group and get_def; but not memory_bytes
 * beside a query (the first query after a change grows the index it
 * counts). A call that changes the world (step, add, remove, set,
 * teleport, restore) must have the world to itself; beside any other call
 * it is a data race. From inside the world's own step (a
 * task its scheduler runs) every call is refused as misuse: STEER_ERROR_IN_STEP,
 * and the queries (get_view, the counts, is_valid, has_arrived, the hash,
 * last_profile, memory_bytes) their empty result, since mid-step the state
 * is half moved.
 * Worlds share nothing: a thread each is safe. */
typedef void steer_task_fn(int start, int end, int worker_index, void *task_context);
typedef void *steer_enqueue_task_fn(steer_task_fn *task, int item_count, int min_range, void *task_context,
                                    void *user_context);
typedef void steer_finish_task_fn(void *user_task, void *user_context);

/* A large world (a game's whole map in one world) meets two limits.
 * Positions are floats, spaced x * 2^-23 apart at x from the origin (0.001
 * at 8,192, 0.008 at 65,536), and a move shorter than half that spacing on
 * an axis is lost. An ARRIVE goal slows as it nears its point, so it stalls
 * where each step's move gets that short, about spacing * slow_radius /
 * (2 dt max_speed) from the point on each axis: past the default
 * arrival_tolerance of 0.05 the agent never arrives (dt 0.05, slow_radius
 * 2: a unit of max_speed 1.4 arrives up to about 32,000 from the origin
 * and stands 0.15 short at 90,000; one of 0.3 stands 0.09 short already at
 * 8,192). And the grid holds about four cells per agent of capacity: in a
 * box wider than about 2 sqrt(capacity) neighbour radii the cells grow
 * past the agents' reach (capacity 50,000, a box 200 km square: cells 447
 * m across), and an agent with more than 1024 agents in its cell and the
 * cells round it sees a sample of them: keep_apart and the predictive
 * behaviours miss the rest (a town of 1,156 units there walks through
 * itself, where a box 200 m square keeps them apart; 1,024 are kept apart,
 * but each sees all of them: 4.5 ms a step). Give each region of a large
 * map its own world, its box about its origin. */
typedef struct steer_world_def {
    int dim;                 /* 2 or 3 */
    int capacity;            /* max agents; storage is reserved up front */
    steer_v3 bounds_min;     /* world box (z ignored in 2D, kept as (-50, 50) there when not finite);
                                default (-50, -50, -50) */
    steer_v3 bounds_max;     /* default (50, 50, 50) */
    steer_boundary boundary;
    steer_up_axis up;        /* 3D: STEER_UP_Z (default) or STEER_UP_Y: wander's plane, the axis walls stand
                                along, the ground of ground_plane groups (ignored in 2D: such a world
                                keeps, reports and saves STEER_UP_Z). A Y-up world is the Z-up one
                                turned, each agent alone bit for bit while it moves on the ground
                                (ground_plane groups, or flyers with no up part in any position,
                                velocity, goal or obstacle); a length or dot product with an up part
                                sums x, y, z in the other frame's order (x, z, y), so a lone flyer
                                climbing or sinking parts by a rounding, which grows (a wandering flyer
                                among rocks: 0.09 apart after 15 s); agents that see each other sum
                                their neighbours in the grid's cell order, which the turn changes, so
                                a crowd's runs part by a rounding at first and then as chaos does
                                (y_up_ground.json against its turned copy: 19 apart by the end) */
    float cell_size;         /* grid cell; 0: the largest neighbour radius of the groups */
    float max_dt;            /* sub-step guard: larger steps are split (0: none). Set it when frame times vary:
                                the braking arrive plans each step's speed for steps as long as that one, so
                                after a hitch much longer than the steps that follow it can overshoot (the game
                                review: 1/60 s steps, one of 0.5 s, max_speed 8: 1.2 past the target; with
                                max_dt 0.05 or 1/30, none) */
    uint64_t seed;           /* for wander and dithering */
    bool solid_obstacles;    /* agents are pushed out of obstacles after each move, on the side they came
                                from; a move that would carry one through an obstacle (a fast agent, a
                                long step) stops where it meets it (docs/model.md 6.2, step 3) */
    bool solid_walls;        /* agents' centres never cross a wall segment (keep_apart: their bodies), also
                                across a torus seam, nor when a solid obstacle's push-out presses them against
                                one (walls win: the obstacle then overlaps them); on a torus a move longer
                                than the box is refused (the agent stays and stops), as is a set-back that
                                would cross a second wall (a wedge narrower than 2e-3). In a clamped box a move
                                meets them as the box clamps it. Each move is held: the step's, then each
                                non_penetration push, so a body pushed round a wall's end within a step goes
                                by the end, and the straight line between its positions at two steps may cut
                                the end's corner (by at most the pushes' length). Without it walls are
                                only avoided (AVOID_WALLS), never enforced: an agent held in front of one by
                                a goal behind it faces it one step and away the next (its feelers follow its
                                velocity) and creeps through */
    bool non_penetration;    /* agents are pushed apart to radius_i + radius_j */
    bool keep_headings;      /* each agent keeps the way it faces (steer_world_get_heading): 8 bytes an
                                axis an agent of capacity, and a pass over the agents each sub-step
                                (+10% on a 1M flock's step) */
    bool agent_radii;        /* each agent may have a body radius of its own (steer_world_set_radius):
                                8 bytes an agent of capacity */
    int penetration_iterations; /* at most this many relaxation passes when non_penetration (default 32);
                                   they stop once no pair overlaps by more than 1% of r_i + r_j. A crowd
                                   driven into solid walls or obstacles faster than the passes settle
                                   it keeps some overlap (walls win over the pushes): keep_apart, a
                                   filter before the move, is the rule that never overlaps */
    int max_groups;          /* default 16 (at most 32: neighbour masks are 32 bits) */
    int max_obstacles, max_walls, max_paths, max_flow_fields; /* defaults 256, 256, 16, 8 */
    int worker_count;        /* built-in pool threads (the caller's among them), or with enqueue_task your
                                scheduler's workers: in [1, 64] (default 1) */
    steer_enqueue_task_fn *enqueue_task; /* optional: your own scheduler */
    steer_finish_task_fn *finish_task;
    void *user_task_context;
    steer_allocator allocator;
    int internal_cookie;     /* set by steer_default_world_def: catches an uninitialised def */
} steer_world_def;

steer_world_def steer_default_world_def(void);

/* ---- groups ------------------------------------------------------------ */
/* Behaviours a group can use. The enum order is the priority order used by
 * the PRIORITY, RUNNING_SUM and DITHER combine modes. */
typedef enum steer_behaviour {
    STEER_AVOID_OBSTACLES = 0,
    STEER_AVOID_WALLS,
    STEER_CONTAIN,
    STEER_AVOID_NEIGHBOURS, /* unaligned collision avoidance: dodge the most imminent agent */
    STEER_ANTICIPATE,       /* time-to-collision pushes from every agent in range (keep right) */
    STEER_QUEUE,            /* brake behind a slower agent just ahead (a queue at a bottleneck) */
    STEER_SEPARATION,
    STEER_EVADE,
    STEER_FLEE,
    STEER_PURSUE,
    STEER_SEEK,
    STEER_ARRIVE,
    STEER_FOLLOW_LEADER,    /* arrive behind a leader; step out of its way when in front of it */
    STEER_FOLLOW_WALL,
    STEER_FOLLOW_PATH,
    STEER_FOLLOW_FLOW,
    STEER_ALIGNMENT,
    STEER_COHESION,
    STEER_WANDER,
    STEER_BEHAVIOUR_COUNT
} steer_behaviour;

typedef enum steer_combine {
    STEER_COMBINE_BLEND = 0,    /* weighted sum, truncated */
    STEER_COMBINE_PRIORITY,     /* first non-zero weighted force in enum order */
    STEER_COMBINE_RUNNING_SUM,  /* add in enum order until max_force is spent */
    STEER_COMBINE_DITHER,       /* each tried with probability[b], scaled by weight/p */
} steer_combine;

#define STEER_MAX_PRIORITY 1e6f /* a group's priority is in (0, this] */

typedef struct steer_group_def {
    /* limits */
    float max_speed;         /* length per time unit (default 2: per second, for dt = 1/60) */
    float max_force;         /* length per time unit^2 (default 4: per second^2) */
    float mass;              /* default 1 */
    float radius;            /* body radius, for non-penetration and obstacles (default 0.25) */
    float max_turn_rate;     /* radians per time unit; 0: unlimited. Limits the velocity's turn and a kept
                                heading's (keep_headings); a turn round goes left about the up axis. Where
                                it binds the unit slows to turn (to the asked velocity's part along the way it
                                may take, braking at most max_force, never faster than asked; with its own goal
                                no faster than keeps the goal's point in reach of its turn: docs/model.md 6.2),
                                so it lands on a point beside it. With keep_headings the turn starts from the unit's heading,
                                which turns even where it stops: one at rest turns on the spot before it drives,
                                and moves only along its heading (pushes aside it does not turn for); arrived at
                                its own goal's end it holds its heading while within arrival_tolerance of it
                                (a fraction of its radius spares it pivots for the last centimetres; pushed
                                farther, within departure_distance, it turns to come back). Without,
                                its direction is its velocity's: a bound turn crawls at 1e-3 max_speed at least
                                (or the asked speed if less), and one at rest (arrived) sets off in the
                                direction its force gives */
    float reverse_speed;     /* a reverse gear, for a turn-limited group in a world keeping headings (refused
                                otherwise): the most it backs at, along its heading, which it keeps facing
                                the way it did (0: it never backs; the default). At rest or backing, sent
                                somewhere behind it (more than square off its heading), it backs when that
                                is sooner than turning round to drive: d / reverse_speed < extra / max_turn_rate
                                + d / max_speed, d the distance to its own goal's point, and the extra turn
                                pi (-c), c the cosine between its heading and the way it is asked to go
                                (so on its own point, d 0, any push from in front backs it off); backing,
                                its tail turns toward the way asked at max_turn_rate. Otherwise it moves
                                as without a gear: moving forwards it brakes and turns, and a speed
                                backwards it should not keep (a push) is dropped at once. Never without
                                an own goal. keep_apart's giving way is
                                not the gear: a keep_apart unit held against one in its way steps back
                                from it at up to half the speed it asked for, whatever its
                                reverse_speed, 0 too (a tank of max_speed 4 driven into one parked in
                                its way: 1.19 backwards with a gear of 0, 0.5 or 1.5) */
    /* neighbours */
    float neighbour_radius;  /* alignment/cohesion/separation candidates (default 1) */
    float separation_radius; /* separation acts closer than this (default 0.5) */
    float field_of_view;     /* full cone angle in radians; >= 2*pi: all around (default) */
    uint32_t neighbour_mask; /* bit g set: this group reacts to group g (default: all) */
    bool desired_forms;      /* separation/alignment as desired-velocity forms (default: raw) */
    bool ground_plane;       /* 3D, "2.5D": no motion along the world's up axis (a velocity given with an
                                up part, by add, teleport or a move into the group, is kept without it);
                                agents keep their height,
                                and read goals, targets, paths and places, FLEE's threat and the agent
                                PURSUE or EVADE picks on the ground (the up part of every distance dropped:
                                docs/model.md 6.1a); obstacles are upright
                                cylinders to them, as walls stand: met at the agent's height, whatever
                                the height of the centre (units on several levels meet every post);
                                its neighbours are those within neighbour_radius on the ground and in
                                height (one farther up or down is on another level), met on its own
                                ground too, as keep_apart measures (terrain: a unit a little higher is
                                not passed over or under) */
    /* predictive avoidance (AVOID_NEIGHBOURS, ANTICIPATE): the agents within neighbour_radius (and
       the neighbour mask), moving discs of their groups' radii, and the obstacles within it, moving
       at their velocities (steer_world_set_obstacle_velocity); the push is capped at max_force */
    float priority;          /* responsibility: of each pair's push this agent takes 2 p_j / (p_i + p_j),
                                p_i its own priority, and with keep_apart it may close p_i / (p_i + p_j)
                                of their gap in a step: the higher priority dodges less and is held
                                less; an obstacle never yields: the push is all the agent's, and so is
                                the gap (default 1, at most STEER_MAX_PRIORITY) */
    float arrived_priority;  /* the priority (ANTICIPATE, keep_apart) of an agent of this group while it has
                                arrived at its own goal (steer_world_has_arrived), in its place: lower, idle
                                units make way for those on their way, and one pushed out of its place
                                (farther than departure_distance, which keeps arrival through a nudge) has
                                the right of way back in; 0: priority (default 0, else at most
                                STEER_MAX_PRIORITY) */
    float anticipation_k;    /* ANTICIPATE: strength of the energy k tau^-2 e^(-tau/tau0), length^2 (default 1.5) */
    float anticipation_tau0; /* ANTICIPATE: its time scale (default 3) */
    float avoid_horizon;     /* both: pairs later than this to contact (closest approach) are ignored (default 10) */
    float avoid_margin;      /* AVOID_NEIGHBOURS: clearance beyond the two radii (default 0) */
    float keep_right;        /* both: the bias that sends a head-on pair past each other on their right,
                                a fraction of the push (default 0.25; 0: none, and a head-on pair stalls) */
    bool keep_apart;         /* a velocity filter after steering: the new velocity never closes more than
                                this agent's share (p_i / (p_i + p_j), see priority) of the gap to what it sees
                                within the step, so two such agents never overlap (of those it sees: within
                                its neighbour_radius, which must be at least 2 radius, refused otherwise;
                                so while 2 max_speed dt + both radii fit in it; set the world's max_dt to
                                keep that at any dt; a solid obstacle's push-out comes after it, so one
                                moved into a crowd, or a unit added inside one, presses units onto each
                                other: a car of radius 1.5 at 15 m/s through idle walkers of radius 0.4,
                                pairs 0.02 apart for up to 0.56 s; with non_penetration 0.79 at worst), and of the
                                whole gap to a wall, which its body then never crosses (default false). It sees
                                obstacles as neighbours, also across a torus seam (each at its nearest copy;
                                at most 256 within the neighbour radius, the nearest). It moves no one
                                but the agent itself, so no body can push another: two streams that meet
                                head-on densely (in a corridor, from about 1.25 agents per m^2 of radius
                                0.25) stop at a front neither crosses; non_penetration, which pushes both
                                bodies of a pair apart, forms lanes there (to 3 per m^2, measured) at the
                                price of brief overlaps. It takes each neighbour as one that may stop within
                                the step, so an agent never closes more than its share of a gap in one step,
                                however fast the one ahead walks away: a file spaced g apart walks at most
                                g / (2 dt), and a dense crowd's speed depends on the step (the pedestrian
                                review: a file 0.1 apart at 1.34 m/s kept 1.34 at dt 0.025, 1.0 at 0.05,
                                0.5 at 0.1). Set max_dt to at most g / (2 v) for the gaps g and speeds v
                                the crowd should keep */
    float queue_distance;    /* QUEUE: brake for a slower agent (in its path, ahead) closer than this gap (default 2):
                                for the nearest, the speed along the heading is to become the other's speed
                                along it times gap / queue_distance (settling this far behind one that
                                walks, stopping behind one that stands), within the step as far as max_force
                                allows; the force is a brake only, and a weight above 1 brakes past that
                                speed (weight 2: v' = 2 target - v) */
    float queue_time_gap;    /* QUEUE: also keep this time gap T to the nearest agent ahead in its path,
                                whatever its speed: the speed along the heading is at most gap / T (the
                                collision-free speed model of Tordeux, Chraibi and Seyfried 2016), so a
                                crowd walks slower the denser it is (a fundamental diagram; docs/scenarios.md
                                gives the corridor's figures). Braked for as above; 0 (default): off */
    /* behaviours: weight 0 switches one off; a negative weight (finite) turns one
       around, e.g. cohesion -1 scatters a group */
    float weight[STEER_BEHAVIOUR_COUNT];
    float probability[STEER_BEHAVIOUR_COUNT]; /* DITHER only (default 1) */
    steer_combine combine;
    /* parameters */
    steer_v3 target;         /* SEEK / ARRIVE */
    float slow_radius;       /* ARRIVE (default 2) */
    bool chapter_arrive;     /* ARRIVE: the chapter's ramp alone, which can overshoot (default false: the
                                braking form, capped by what max_force can still stop; docs/model.md) */
    float arrival_tolerance; /* ARRIVE and goals: within this distance the target is reached (default 0.05) */
    float arrival_speed;     /* goals: arrived when also slower than this (default 0.1) */
    float departure_distance; /* goals: an arrived agent stays arrived, at any speed, until farther than
                                this from its goal's end, so a nudge by a passer-by does not end its
                                arrival and start another (an RTS's "arrived" event comes once);
                                up to arrival_tolerance: none, it leaves as soon as it is out of the
                                tolerance or faster than arrival_speed (default 0) */
    float waypoint_radius;   /* goal waypoints: the next one is taken closer than this, once no wall
                                stands between the agent and it (else at the waypoint itself,
                                closer than radius or arrival_tolerance, and only when the route's
                                own leg to the next goes through a wall) (default 1); and, at any
                                distance, once the agent is past the waypoint with no wall between:
                                beyond the plane through it square to the leg that comes in (from
                                the previous point; for the first, from where the agent stood when
                                the goal was set) and ahead along the leg that leaves it, so a unit
                                pushed through a gap goes on and does not turn back (the RTS
                                review: 300 units through a gap 6 wide by two points on its axis,
                                4 arrived in 120 s with a radius of 1 before this rule, 278 now;
                                272 with 8 either way). One that has taken a waypoint and then
                                finds a wall across its way to the next within this radius and two
                                of its own, where the route's leg from the waypoint is open (a body
                                pushed back into the room beside the door it took), goes back to
                                the waypoint (1,000 leaving a room by three doors: 2 to 9 stood on
                                the walls inside for good before, none now) */
    steer_agent_id leader;   /* FOLLOW_LEADER: the agent followed (a handle of this world; a removed
                                one: no force). add_group and set_group refuse one no live agent has,
                                except that set_group takes the group's own leader removed since (its
                                def read back and tuned) */
    float leader_behind;     /* FOLLOW_LEADER: arrive at the point this far behind the leader (default 2) */
    float leader_sight;      /* FOLLOW_LEADER: closer than this ahead of the leader and inside its path
                                (closer to its line than twice the two radii: room to pass, not just
                                to touch), step aside out of its way at max_force, straight away from
                                its line (on the line: to the leader's right) (default 4). Ahead and
                                behind are by the way the leader faces: in a world with keep_headings
                                its heading, so followers wait behind a leader standing still (about
                                leader_behind back); without, its velocity's direction, and a leader
                                standing still has none, so no path, and the point behind it is where
                                it stands: keep_apart keeps the followers' bodies off it, separation
                                does not (followers of the default group, radius 0.25, stood 0.3-0.5
                                from a standing leader's centre, two of three in front of it). Its path
                                is the way it goes: behind it while it backs (reverse_speed), so the
                                followers waiting there step out of it */
    steer_v3 threat;         /* FLEE */
    float panic_distance;    /* FLEE / EVADE: 0 = always */
    int pursue_group;        /* PURSUE: nearest member of this group ... */
    int evade_group;         /* EVADE: nearest member of this group ... */
    float chase_radius;      /* ... within this radius (default 10) */
    float max_prediction;    /* PURSUE / EVADE look-ahead cap, time (0: uncapped) */
    steer_wander_params wander; /* default radius 1, distance 2, jitter 4 rad/time; its up is the
                                   world's (wander.up is ignored in a world) */
    int path;                /* FOLLOW_PATH: index from steer_world_add_path */
    float path_predict;      /* prediction distance (default 1) */
    float path_ahead;        /* seek this far ahead along the path (default 1) */
    int flow_field;          /* FOLLOW_FLOW: index from steer_world_add_flow_field */
    float flow_predict;      /* prediction time (default 0) */
    steer_v3 contain_min;    /* CONTAIN box (each min at most its max); a zero box means the world bounds */
    steer_v3 contain_max;
    float contain_margin;    /* default 2 */
    float see_ahead;         /* AVOID_OBSTACLES look-ahead, and its reach for an own goal's way round (default 3) ... */
    float see_ahead_time;    /* ... plus this times the agent's speed, as a faster agent needs (default 0) */
    steer_wall_feelers feelers;           /* AVOID_WALLS (default length 2, 0.6 rad, 1.2): a feeler shorter
                                             than the stopping distance, max_speed^2 / (2 max_force / mass),
                                             finds a wall too late to stop for it (2.67 at speed 8, force 12) */
    steer_wall_follow_params wall_follow; /* FOLLOW_WALL (default range 3, distance 1, gain 2) */
    uint32_t colour;         /* 0xRRGGBBAA, for renderers */
    int internal_cookie;
} steer_group_def;

steer_group_def steer_default_group_def(void);
/* A crowd's walker, the settings of the crowd scenarios (circle crossing,
 * four-way, head-on): no flocking; ANTICIPATE (weight 1) first in a
 * running sum, which an own goal's braking arrive then closes (weight 1);
 * anticipation_k 20, keep_right 0.5; keep_apart (no two bodies overlap);
 * radius 0.5, neighbour_radius 4 (room for keep_apart at steps up to 0.75
 * at max_speed 2), max_force 4; the rest as steer_default_group_def. The
 * default group flocks; and with the default anticipation (anticipation_k
 * 1.5, keep_right 0.25) two opposing streams in a corridor stood
 * gridlocked (mean speed 0.003-0.08 of 1.3 for 100 s, 300 agents in 40 x 6)
 * where anticipation_k 20 and keep_right 0.5 formed lanes. Stepped at 0.1,
 * a block of them on places 1.2 apart (gaps of 0.2) keeps jostling: of 216
 * sent to a 15 x 15 grid, 55 at rest after 60 s (a 6 x 6 x 6 block in 3D:
 * 26); at steps of 0.05, or at 0.1 with the world's max_dt 0.05, all 216. */
steer_group_def steer_crowd_group_def(void);

/* Returns the new group's index (0, 1, ...) or a negative steer_result. */
int steer_world_add_group(steer_world *world, const steer_group_def *def);
/* Live tuning: replace group g's def (agents keep their state). */
steer_result steer_world_set_group(steer_world *world, int group, const steer_group_def *def);
steer_result steer_world_get_group(const steer_world *world, int group, steer_group_def *out);
int steer_world_group_count(const steer_world *world);

/* ---- world objects (copied in; indices are stable) ---------------------- */
int steer_world_add_obstacle(steer_world *world, steer_v3 centre, float radius);
steer_result steer_world_set_obstacle(steer_world *world, int index, steer_v3 centre, float radius);
/* A moving obstacle: the velocity ANTICIPATE and AVOID_NEIGHBOURS predict it with (default zero).
   A step does not move it: move it with steer_world_set_obstacle, as your physics does, or with
   steer_world_move_obstacles.
   keep_apart never lets an agent close on an obstacle, but it does not make one flee: an agent
   anticipates a moving obstacle and steers out of its way, and one with no room to (in a packed
   crowd, or before an obstacle faster than its max_speed) is overrun unless solid_obstacles
   pushes it out (with non_penetration, its neighbours in turn). */
steer_result steer_world_set_obstacle_velocity(steer_world *world, int index, steer_v3 velocity);
/* For obstacles nothing else drives (a scenario file's, the playground's):
 * moves every obstacle with a velocity by velocity * dt, between steps,
 * with the step's dt. On a torus a centre that leaves the box comes back on
 * the far side; in a clamped box an obstacle bounces off a face (the
 * velocity's part into it reversed, as get_obstacle_velocity then reads);
 * without a boundary it goes on. Obstacles at rest are not touched, so a
 * world whose obstacles stand rebuilds no index. STEER_OK, or
 * INVALID_ARGUMENT (reported) for dt not finite or negative. */
steer_result steer_world_move_obstacles(steer_world *world, float dt);
/* Zero, reported as misuse, for an index not added. */
steer_v3 steer_world_get_obstacle_velocity(const steer_world *world, int index);
/* Walls stand along the up axis: a and b must differ on the ground (a
 * post is an obstacle). A path of one point (count 1) is that point, to
 * follow as to a target. */
int steer_world_add_wall(steer_world *world, steer_v3 a, steer_v3 b);
/* Wall `index` moved to a-b by the rules of add_wall (a door that slides, a
 * barricade put up elsewhere); its index stays. A wall moved across an
 * agent leaves it where it is, on whichever side that now is: solid walls
 * stop moves that cross a wall, they do not sweep agents along. STEER_OK,
 * or INVALID_ARGUMENT (reported) for an index not added or bad ends (the
 * wall as it was). steer_world_clear_walls removes them all (the next
 * add_wall is index 0 again), as clear_obstacles does the obstacles. */
steer_result steer_world_set_wall(steer_world *world, int index, steer_v3 a, steer_v3 b);
void steer_world_clear_walls(steer_world *world);
/* 3D: wall `index` stands from `bottom` to `top` along the up axis (a
 * fence, a low wall a flyer passes over, a railing of one floor); added,
 * a wall stands at every height (-INFINITY to INFINITY), and moving it
 * (set_wall) keeps its height. An agent meets a wall while its body
 * reaches into that height: its centre's up coordinate more than its
 * group's radius below the top and above the bottom (AVOID_WALLS,
 * FOLLOW_WALL, keep_apart and a waypoint's sight all ask it so, at the
 * agent's height as the step begins; solid walls at the height its move
 * has where it crosses the wall's line, so a flyer diving past the top
 * into the wall's height is stopped, and one that has climbed over the
 * top by then passes). The world does not
 * steer over or under a wall: a flyer below the top keeps meeting it.
 * STEER_OK, or INVALID_ARGUMENT (reported, the wall as it was) for an
 * index not added, a 2D world, a NaN end, or bottom not below top. */
steer_result steer_world_set_wall_height(steer_world *world, int index, float bottom, float top);
/* The height set (-INFINITY, INFINITY by default); STEER_OK, or
 * INVALID_ARGUMENT (reported) for an index not added or a NULL out. */
steer_result steer_world_get_wall_height(const steer_world *world, int index, float *bottom, float *top);
int steer_world_add_path(steer_world *world, const steer_v3 *points, int count, bool closed, float radius);
/* Path `index` replaced by new points (a route found again by a pathfinder,
 * an edited patrol), by the rules of add_path: the index stays, so the
 * groups and PATH goals on it follow the new route from the next step, and
 * arrival there is judged at its new end; each PATH goal on it goes on
 * from the new route's segment nearest its agent (its progress). A game re-routing a squad for
 * each order keeps one path per squad instead of adding one per order
 * (max_paths). STEER_OK; INVALID_ARGUMENT (reported) for an index not
 * added or bad points, OUT_OF_MEMORY: the old path stays. */
steer_result steer_world_set_path(steer_world *world, int index, const steer_v3 *points, int count, bool closed,
                                  float radius);
int steer_world_path_count(const steer_world *world);
/* vectors: nx*ny*nz values (nz = 1 in 2D), x fastest. */
int steer_world_add_flow_field(steer_world *world, steer_v3 origin, float cell_size, int nx, int ny, int nz,
                               const steer_v3 *vectors);
/* Obstacle `index` as last set (the world never moves it: its velocity
 * is a prediction for the avoidance), and wall `index` as added (z = 0 in
 * 2D). STEER_OK, or INVALID_ARGUMENT
 * (reported) for an index not added or a NULL out. */
steer_result steer_world_get_obstacle(const steer_world *world, int index, steer_obstacle3 *out);
steer_result steer_world_get_wall(const steer_world *world, int index, steer_segment3 *out);
void steer_world_clear_obstacles(steer_world *world);
int steer_world_obstacle_count(const steer_world *world);
int steer_world_wall_count(const steer_world *world);

/* ---- agents ------------------------------------------------------------ */
typedef struct steer_agent_state {
    steer_v3 position;
    steer_v3 velocity;
    int group;
} steer_agent_state;

/* A null id (index 0) when the group is invalid, the capacity is full or the
 * position is not finite. Add, teleport and restore bring a position outside
 * the box into it as the end of a step does: wrapped into a WRAP world's box
 * (any finite position, however far), clamped to a CLAMP world's (the
 * velocity into the edge dropped). So a step never starts, nor ends, with an
 * agent outside the box or a position that is not finite. */
steer_agent_id steer_world_add_agent(steer_world *world, int group, steer_v3 position, steer_v3 velocity);
/* Adds count agents of one group, all or none (a crowd's spawn, a level's
 * units): agent i at positions[i] with velocities[i] (velocities may be
 * NULL: all at rest), its handle in ids[i] (ids may be NULL). The same
 * agents, handles and bits as count steer_world_add_agent calls in order.
 * Nothing is added when the world lacks room for all of them
 * (STEER_ERROR_CAPACITY), or when the group, count, positions or any entry's
 * position or velocity is refused (STEER_ERROR_INVALID_ARGUMENT, misuse
 * naming the entry: "positions[7] = (nan, 0, 0): must be finite"). */
steer_result steer_world_add_agents(steer_world *world, int group, const steer_v3 *positions,
                                    const steer_v3 *velocities, int count, steer_agent_id *ids);
/* Grows the world's room for agents to capacity (in [1, 2^28]; a capacity
 * at most the current one changes nothing, but for the grid of a world
 * that restored a smaller world's snapshot: it gets the cells that world
 * gets by the same call, so lockstep peers of other capacities stay
 * alike): a crowd that outgrows its world, without making it again. Every
 * agent, handle, goal, formation and object is kept, as a restore keeps
 * them, and so are the room steer_world_reserve_goals made and the last
 * profile (it is a save and a restore into
 * larger storage: 0.6 ms for the standard flock of 10k agents, 43-56 ms
 * at 1M, 0.35 s at 1M with a goal each, one thread, build/bench/state_hash;
 * and the memory of both worlds and the snapshot meanwhile). The grid is sized
 * for the new capacity: the same cells unless the old capacity had capped
 * their count (a box far larger than the agents' reach times the capacity),
 * when they get finer and the sums run in another order. Deterministic like
 * every call: the same calls give the same bits. STEER_ERROR_OUT_OF_MEMORY
 * leaves the world as it was. */
steer_result steer_world_reserve_agents(steer_world *world, int capacity);
steer_result steer_world_remove_agent(steer_world *world, steer_agent_id id);
steer_result steer_world_teleport_agent(steer_world *world, steer_agent_id id, steer_v3 position, steer_v3 velocity);
/* Bulk, as the other bulk calls: entry i for ids[i], its result in
 * results[i] (may be NULL); a gone agent (or one listed again after its
 * removal) is that entry's STEER_ERROR_STALE_HANDLE, not misuse; returns how
 * many were done. A crowd's sinks and sources, or units set on the
 * terrain's height after each step: teleport_agents' velocities may be NULL,
 * and each agent then keeps its own, and its heading (see the headings). */
int steer_world_remove_agents(steer_world *world, const steer_agent_id *ids, int count, steer_result *results);
int steer_world_teleport_agents(steer_world *world, const steer_agent_id *ids, const steer_v3 *positions,
                                const steer_v3 *velocities, int count, steer_result *results);
/* Moves an agent to another group (its handle, state and goal kept): a unit
 * given a move order can join a group of higher priority, which idle units
 * step aside for, and return to its own when it arrives. The next step uses
 * the new group's rules, and others see it as one of that group (their
 * neighbour_mask names groups: give the two groups the same place in every
 * mask). A stale handle: STEER_ERROR_STALE_HANDLE; a group not added:
 * STEER_ERROR_INVALID_ARGUMENT. */
steer_result steer_world_set_agent_group(steer_world *world, steer_agent_id id, int group);
/* Handles are looked up between steps: from inside the world's own step
 * (a task its scheduler runs) these report misuse and refuse
 * (STEER_ERROR_IN_STEP, false). A step leaves the handle table stale (the
 * sort moves every agent); the first lookup after it rebuilds the table in
 * O(agents), through the world's own pool if it has one, and lookups from
 * several threads at once are safe. A removed agent's handle stays stale
 * when its slot is reused: the reused slot takes a new generation. */
steer_result steer_world_get_agent(const steer_world *world, steer_agent_id id, steer_agent_state *out);
/* Bulk: out[i] for ids[i] (a game reading its units back each frame in its
 * own order), results (may be NULL) each one's result. An agent that is
 * gone is not misuse here: its entry is STEER_ERROR_STALE_HANDLE, out[i]
 * zero with group -1 (a handle of another world is misuse, reported).
 * Returns how many were read; 0 when the call is refused (a NULL world or
 * array, from inside its step: each result STEER_ERROR_INVALID_ARGUMENT;
 * a negative count). */
int steer_world_get_agents(const steer_world *world, const steer_agent_id *ids, steer_agent_state *out, int count,
                           steer_result *results);
bool steer_world_is_valid(const steer_world *world, steer_agent_id id);
int steer_world_agent_count(const steer_world *world);

/* Headings (a world made with def.keep_headings): the unit vector each
 * agent faces, which a game draws its unit along. A velocity has no
 * direction at rest, and an agent settling on its point makes small moves
 * every way, so a heading is the direction of the agent's velocity after
 * each sub-step in which it moved faster than its group's arrival_speed,
 * and is kept while it is slower: a unit that stops keeps facing the way it
 * came. In a group with a max_turn_rate the heading is instead the one the
 * turn limit works from and turns (at most that fast, on the ground about
 * the up axis, even while the unit stands, and not while it has arrived
 * within arrival_tolerance of its own goal's end): the velocity its own
 * steering gives it lies along it, so a unit at rest turns on the spot
 * before it drives; pushes (keep_apart, non_penetration) move it, and show
 * in the velocity read back, without turning it. On the ground for a
 * ground_plane group (no up part; kept while its velocity has no ground
 * part); 2D: z = 0. An agent starts facing its
 * velocity's direction when added with one (on the ground for a ground
 * group), else +x; a teleport with a new velocity faster than the group's
 * arrival_speed turns it too (one that leaves the velocity as it was, bit
 * for bit, leaves the heading: a unit set on the terrain after each step
 * backs or is pushed aside as one left alone), and a move into a
 * ground_plane group lays it on the ground. Snapshots and the state hash include them
 * (a world without them saves and hashes as before). Refused (misuse,
 * STEER_ERROR_INVALID_ARGUMENT) in a world without keep_headings. */
steer_result steer_world_get_heading(const steer_world *world, steer_agent_id id, steer_v3 *out);
/* Turns an agent to face `heading` (a unit's facing at its spawn or in a
 * cut-scene): normalised, on the ground for a ground_plane group; refused
 * when that is not finite and non-zero (STEER_MISUSE_AGENT_HEADING). */
steer_result steer_world_set_heading(steer_world *world, steer_agent_id id, steer_v3 heading);
/* Bulk, as steer_world_get_agents: out[i] for ids[i] (zero for a gone
 * agent, its result STEER_ERROR_STALE_HANDLE). Returns how many were read. */
int steer_world_get_headings(const steer_world *world, const steer_agent_id *ids, steer_v3 *out, int count,
                             steer_result *results);

/* Body radii per agent (a world made with def.agent_radii): each agent may
 * have a radius of its own in place of its group's `radius` (pedestrians
 * of drawn sizes, a tank among the infantry of one group), for everything
 * a body's size decides: keep_apart and non_penetration (contact at
 * r_i + r_j), solid obstacles and walls, obstacle and wall avoidance, the
 * predictive behaviours (its own disc and the disc its neighbours see),
 * QUEUE, FOLLOW_LEADER's width, the places' spacing and trades, and debug
 * drawing. An agent with a radius r of its own moves bit for bit as one in
 * a group of radius r would. An agent starts with none (0: its group's,
 * which then follows the group's def). 8 bytes an agent of capacity;
 * snapshots and the state hash include them (a world without them saves
 * and hashes as before). Refused (misuse, STEER_ERROR_INVALID_ARGUMENT):
 * a world without agent_radii (STEER_MISUSE_AGENT_RADII_OFF); a radius NaN,
 * negative or infinite, or over half the neighbour_radius of a keep_apart
 * group the agent is in or is moved into (STEER_MISUSE_AGENT_RADIUS:
 * keep_apart must see two bodies before they touch); a set_group giving a
 * keep_apart group a neighbour_radius under twice its widest member's. */
steer_result steer_world_set_radius(steer_world *world, steer_agent_id id, float radius);
/* The agent's body radius: its own, else its group's (any world). */
steer_result steer_world_get_radius(const steer_world *world, steer_agent_id id, float *out);
/* Bulk, as steer_world_set_goals: radii[i] for ids[i], each checked alone
 * (results[i], when results is not NULL). Returns how many were set. */
int steer_world_set_radii(steer_world *world, const steer_agent_id *ids, const float *radii, int count,
                          steer_result *results);
/* Bulk, as steer_world_get_agents: out[i] for ids[i] (0 for a gone agent,
 * its result STEER_ERROR_STALE_HANDLE). Returns how many were read. */
int steer_world_get_radii(const steer_world *world, const steer_agent_id *ids, float *out, int count,
                          steer_result *results);

/* Read-only view of all live agents in internal order, valid until the next
 * mutating call. Arrays have `count` entries; pz is NULL in 2D. hx, hy, hz:
 * the headings (steer_world_get_heading) of a world made with
 * keep_headings, NULL without (hz NULL in 2D): what a renderer draws each
 * frame, without a lookup per agent. */
typedef struct steer_world_view {
    int count;
    const float *px, *py, *pz;
    const float *vx, *vy, *vz;
    const uint8_t *group;
    const float *hx, *hy, *hz;
    const float *radius; /* a world made with agent_radii: each agent's own radius, 0 where it has
                            none (its group's radius is its body's then); else NULL */
} steer_world_view;
steer_world_view steer_world_get_view(const steer_world *world);
/* The handles of the view's agents, in the view's order (the same order as
 * its arrays until the next mutating call): writes up to capacity, returns
 * the agent count. From inside the world's own step: misuse, 0. A game's
 * own data per agent needs no field in the world: a handle's index is in
 * [1, capacity] and no two live agents share one, so an array of capacity
 * + 1 entries indexed by it maps each view row to the game's entity
 * (steer_world_get_agents reads agents in the game's own order instead). */
int steer_world_get_agent_ids(const steer_world *world, steer_agent_id *out, int capacity);

/* ---- queries --------------------------------------------------------------
 * Which agents are near a point or in a box, between steps (a tower's
 * targets, the units under a click or a drag box, the nearest enemy). Exact: every agent within the
 * distance and none beyond it, whatever the groups' neighbour radii, and
 * the same answer for any thread count, kernel or order of earlier calls.
 * Distance is Euclidean in the world's dimension, worked out in double
 * precision from the agents' positions (ground_plane groups too: to pick
 * units by their ground position, as under a click, give query_box
 * -INFINITY and INFINITY along the up axis); in a WRAP world it is the shortest
 * way round the box, and the centre is first wrapped into the box as an
 * agent's position would be. groups: bit g set takes the agents of group
 * g (STEER_ALL_GROUPS: every group).
 *
 * The first query after a change (a step, an agent removed or teleported,
 * a restore) indexes the agents by place, in O(agents): 4 bytes an agent
 * and about 2 a cell, allocated by that first query and reused after it,
 * grown (one allocation) when the agents outnumber what it holds (a world
 * that is never queried pays nothing). Then a query costs about the cells
 * its distance covers and the agents in them. Agents added since are
 * looked at one by one while they lie inside the indexed agents' box and
 * number at most 64 plus an eighth of the others (then the index is built
 * again): so a spawner that checks a spot is free before each add pays no
 * rebuild per add (100 such pairs in a world of 100,000: 1.1-1.4 ms,
 * against 100-180 ms rebuilding each time, one thread). Queries from
 * several threads at once are safe: the first builds the index, the others
 * wait for it. Without memory for the index a query looks at every agent:
 * the same answer, slower. From inside the world's own step: misuse, 0. */
#define STEER_ALL_GROUPS 0xFFFFFFFFu

/* The agents within `radius` of `centre` (distance <= radius). Returns how
 * many there are, and writes the `capacity` of them with the lowest handle
 * indices to out, ascending (out may be NULL when capacity is 0: a count).
 * Misuse, 0: out NULL with capacity > 0, capacity < 0, a centre not finite,
 * a radius NaN or negative (INFINITY: every agent of the groups). */
int steer_world_query_radius(const steer_world *world, steer_v3 centre, float radius, uint32_t groups,
                             steer_agent_id *out, int capacity);
/* The agents inside the box between two corners, in either order (low <=
 * position <= high on each axis, as the agents' positions are stored: in
 * a WRAP world inside its box, so a box across its seam is two queries).
 * Corners may be infinite: in 3D, -INFINITY to INFINITY along the up axis
 * selects by the ground alone, the RTS drag box. Returns how many there
 * are and writes the `capacity` with the lowest handle indices to out,
 * ascending. Misuse, 0: as query_radius, a corner coordinate NaN. */
int steer_world_query_box(const steer_world *world, steer_v3 corner_a, steer_v3 corner_b, uint32_t groups,
                          steer_agent_id *out, int capacity);
/* The k agents nearest `centre`, no farther than max_distance (INFINITY: any
 * distance): writes their handles to out and their distances to distances
 * (both with room for k), nearest first, equal distances by handle index;
 * returns how many it wrote, fewer than k when fewer agents qualify.
 * Misuse, 0: out or distances NULL with k > 0, k < 0, a centre not finite,
 * a max_distance NaN or negative. */
int steer_world_query_nearest(const steer_world *world, steer_v3 centre, int k, float max_distance, uint32_t groups,
                              steer_agent_id *out, float *distances);
/* query_nearest for `count` centres in one call (every agent's neighbours,
 * as observations): row c of out and of distances, k entries from c * k,
 * holds centre c's answer as query_nearest gives it, found[c] how many (the
 * rest of the row as it was). With skip (NULL: none), one handle per centre,
 * that agent is left out of its row: an agent's own position as its centre
 * gives its k nearest others (k at most STEER_NEAREST_EACH_SKIP_MAX then).
 * Returns how many in all. Misuse, 0 and nothing written: count or k < 0;
 * centres or found NULL with count > 0; out or distances NULL with count
 * and k > 0; a centre not finite (naming which); max_distance NaN or
 * negative; k past the skip's maximum. One thread; the index is built once
 * for all the centres (10k agents each its own centre, k 8: 16 ms on an AMD
 * EPYC, a sixth of a Python loop of query_nearest). */
#define STEER_NEAREST_EACH_SKIP_MAX 64
int steer_world_query_nearest_each(const steer_world *world, const steer_v3 *centres, int count, int k, float max_distance,
                                   uint32_t groups, const steer_agent_id *skip, steer_agent_id *out, float *distances,
                                   int *found);

/* ---- per-agent goals ------------------------------------------------------
 * An agent may have its own goal: a point to seek or arrive at, a world
 * path, or its own list of waypoints, with its own preferred speed. Its goal
 * then takes the place of its group's SEEK, ARRIVE and FOLLOW_PATH (those
 * three are its group's destination; the agent has its own), at the goal
 * behaviour's priority (SEEK, ARRIVE, or FOLLOW_PATH for paths and
 * waypoints) and with the group's weight for it, or 1 where the group gives
 * that behaviour none. Everything else of the group (flocking, avoidance,
 * containment) applies as before, but WANDER fades on the final approach of
 * a goal that stops (not SEEK): from all of it at the goal's slow radius to
 * none at the arrival tolerance, so that a wanderer comes to rest on its
 * end, and AVOID_WALLS' feelers and AVOID_OBSTACLES' look-ahead shorten
 * alike, so that an end near a wall or a rock is reached (docs/model.md,
 * 6.1a). CONTAIN holds no agent off its own end: where the goal aims (an
 * ARRIVE target, the current waypoint, an open path's end) lies within
 * contain_margin of a face, that face's zone starts at the aim. An agent without a goal behaves exactly as in a world that never
 * had goals: clearing a goal hands the agent back to
 * its group's SEEK / ARRIVE / FOLLOW_PATH (with a weight, the group's
 * target, (0, 0, 0) unless set), so a group whose units only ever go where
 * they are sent leaves those weights 0, and "stop here" is an ARRIVE goal
 * at the agent's position.
 *
 * The world finds no paths: an agent heads straight for its goal, walls
 * and obstacles only turning it aside. In a group that avoids obstacles
 * (AVOID_OBSTACLES weight not 0) it heads by the tangent round the nearest
 * obstacle across its way within see_ahead (+ see_ahead_time * speed),
 * keeping the distance it steers by, so one sent behind a rock walks round
 * it (docs/model.md 6.1a: the side is the goal's, or left when it is
 * straight behind); on the ground, rocks too close for a body to pass
 * between are rounded as one, on the shorter side. One sent behind a
 * building (walls) presses on its near face: route it with WAYPOINTS or a
 * PATH from a pathfinder. In a wrap world a goal's point is steered for as
 * given, not at its nearest image: an agent sent to a point just across
 * the seam walks the long way round the box; give the image near it for
 * the short way. The way round does not see a rock across the seam (the look-ahead
 * turns it aside there as everywhere).
 *
 * Goals live in a side table: an agent without one costs nothing, and a
 * step allocates nothing (the table grows when goals are set). Set and read
 * them between steps, by handle, one at a time or in bulk.
 *
 * Arrived: within the group's arrival_tolerance of the goal's last point
 * (on the ground for a ground_plane group)
 * (the target, an open path's end, the last waypoint) and slower than its
 * arrival_speed (a SEEK goal: within the tolerance at any speed), evaluated
 * after every move; once arrived, an agent of a group with a departure_distance
 * larger than the tolerance stays so until farther than that from the end
 * (at any speed); a closed path never ends. Paths and waypoints end with
 * the braking arrive. A goal's points may lie anywhere finite, but in a
 * wrap or clamp world an end outside the box is never reached: the agent
 * stops at the box's edge (clamp) or crosses the seam for ever (wrap), and
 * never arrives (scenario files refuse such points). Snapshots and the
 * state hash include goals. */
typedef enum steer_goal_kind {
    STEER_GOAL_NONE = 0,   /* the group's behaviours alone */
    STEER_GOAL_SEEK,       /* full speed to target, through it */
    STEER_GOAL_ARRIVE,     /* stop at target (the braking form: never overshoots at a steady step; with
                              frame times that vary, set the world's max_dt): at rest within the
                              group's arrival_tolerance of it, so a looser tolerance stops that much short */
    STEER_GOAL_PATH,       /* along world path `path`, in order from the segment `progress`: seek the
                              point path_ahead (at least the stopping distance) on from the nearest
                              point of the segments reached; stop at the end of an open one */
    STEER_GOAL_WAYPOINTS,  /* each of `points` in turn; stop on the last */
} steer_goal_kind;

#define STEER_MAX_GOAL_POINTS 65536 /* waypoints per agent */

typedef struct steer_goal {
    steer_goal_kind kind;
    steer_v3 target;        /* SEEK, ARRIVE */
    float slow_radius;      /* ARRIVE, and the end of a PATH or WAYPOINTS: 0 takes the group's */
    float speed;            /* preferred speed: 0 takes the group's max_speed (never above it) */
    int path;               /* PATH: an index from steer_world_add_path */
    const steer_v3 *points; /* WAYPOINTS: copied in by set; NULL from get (see steer_world_get_goal_points) */
    int point_count;        /* WAYPOINTS: 1 .. STEER_MAX_GOAL_POINTS */
    int progress;           /* WAYPOINTS: the current waypoint (set: where to start), moved on when the
                               agent ends a move within waypoint_radius of it or past it (and in sight
                               of the next, see waypoint_radius), whichever behaviour steered it, and
                               back by one when a wall cuts it off from the one it took; PATH:
                               the segment reached (set: where to start, 0 the first, -1 the one nearest
                               the agent), moved on after each move to the segment nearest the agent
                               among this one and the next within a window along the path (twice the
                               longest of path_ahead, the distance to stop from the speed it has and the
                               arrival tolerance), never back: a path that passes near itself is taken in order
                               (by a unit that sets off from rest beside its end, however fast), and its end
                               counts only once the agent has come that near it along the path
                               (docs/model.md 6.1a) */
    bool arrived;           /* read only: see above */
    steer_v3 from;          /* WAYPOINTS, read only (set ignores it): where the agent stood when the goal
                               was set, the start of the leg to the first point (see waypoint_radius) */
} steer_goal;

/* kind NONE (or goal NULL) clears the agent's goal. Refused: a stale
 * handle (STEER_ERROR_STALE_HANDLE), a value out of range or not finite
 * (INVALID_ARGUMENT, reported as misuse naming the field). A goal set
 * again, even the same one, starts over: not arrived, WAYPOINTS from
 * `progress` and `from` where the agent stands. So a game that re-sends
 * an order every frame hears its arrival every frame once the unit
 * stands there (an ARRIVE re-sent for 10 s: 339 arrivals), and a route
 * re-sent with progress 0 never gets past its first point: send an order
 * once, or compare it with steer_world_get_goal first. */
steer_result steer_world_set_goal(steer_world *world, steer_agent_id id, const steer_goal *goal);
/* out->kind is NONE for an agent without a goal. */
steer_result steer_world_get_goal(const steer_world *world, steer_agent_id id, steer_goal *out);
/* Copies up to capacity of the agent's waypoints; returns how many it has
 * (0 for other goals), or a negative steer_result. */
int steer_world_get_goal_points(const steer_world *world, steer_agent_id id, steer_v3 *out, int capacity);
/* Bulk: goal i for ids[i]; results (may be NULL) receives each one's
 * result (each STEER_ERROR_INVALID_ARGUMENT when the call itself is refused:
 * NULL arrays, set_targets' kind not SEEK or ARRIVE, a NULL world or from
 * inside its step; an entry set_goal would refuse, such as a stale handle or
 * a bad kind or value, is refused alone). A stale handle in a bulk call
 * (set_goals, get_goals, set_targets, send_to_places, get_agents) is not misuse: units
 * die between a game's selection and its order, so the entry's result
 * (STEER_ERROR_STALE_HANDLE) is the whole report. A handle of another world
 * still is. A handle listed twice is set twice, the later entry last
 * (send_to_places, which chooses, refuses it). Returns how many were set
 * (or read). */
int steer_world_set_goals(steer_world *world, const steer_agent_id *ids, const steer_goal *goals, int count,
                          steer_result *results);
int steer_world_get_goals(const steer_world *world, const steer_agent_id *ids, steer_goal *out, int count,
                          steer_result *results);
/* Bulk, the common case: send each of ids[i] to targets[i] (kind SEEK or
 * ARRIVE, the group's slow radius and speed). */
int steer_world_set_targets(steer_world *world, const steer_agent_id *ids, const steer_v3 *targets, int count,
                            steer_goal_kind kind, steer_result *results);
/* Many agents to many places: sends each of ids[i] (count of them, each
 * handle once) to one of places[] (place_count >= count; the rest stay
 * free), an ARRIVE goal each, choosing who goes where: the assignment with
 * the least sum of squared distances from the agents' positions (2D: x
 * and y; on the ground when every agent sent is of a ground_plane group).
 * It keeps straight paths from crossing and gives the far places to the
 * agents in front. With together, each agent's preferred speed is
 * its walk over the time the longest needs at its group's max_speed (the
 * walk: its distance, plus, in a group that avoids obstacles, the way
 * round each obstacle across the straight line by its tangents and arc, as
 * the agent goes round it; so a unit whose place is behind a rock is not
 * the last in, after the others have closed its way)
 * (at least a thousandth of its max_speed) and its slow radius its
 * group's scaled by the same fraction (the slow-down then takes each
 * agent as long), so all arrive at about the same time, and straight paths keep the clearance they start with (with
 * starts and places at least 2 sqrt(2) radii apart they never meet:
 * Turpin, Michael and Kumar, "CAPT", 2014). On the way, two agents of one
 * call that are within both groups' neighbour_radius of each other trade
 * places whenever that lowers their summed squared distance by more than
 * a quarter of their summed radii squared (each place keeps the speed
 * and slow radius `together` planned for it): so
 * agents pushed out of order by a crowd, an obstacle or a walker do not
 * jostle for each other's places (ten swapped pairs in a block of 100:
 * all home at once, against 80 of 100 after 30 s when the places were set
 * one by one). The trades happen at the start of each step, serially in
 * the agents' order (the same everywhere), about 150 ns an agent of a call
 * still on its way (2048 of them: 0.3 ms a step); a goal given any other way
 * takes the agent out of its call's trades (to keep an assignment fixed,
 * read it back and give it with steer_world_set_targets). Sent in a random
 * order, the first to arrive stand in the way of the rest: 200 agents of
 * radius 0.5 from a block 1.6 apart to a grid of places 1.5 apart of
 * another shape, 92 arrive in 120 s; assigned, all 200 in 27 s
 * (tests/test_world_places.c; docs/scenarios.md has more). Ties go to the
 * lower index: the answer is the same everywhere. The Hungarian method,
 * past 128 agents in a sparse form that proves its answer the least
 * (docs/decisions.md, "Who goes where"). Its cost, one thread
 * (`build/bench/assign`, by the places' shape): 128 to 128 places 0.5-1.5
 * ms; 500 agents 0.01-0.04 s; 2000 0.04-0.2 s; 4096 0.1-0.9 s (twice as
 * many places as agents the slowest). Its worst case is agents on a ring
 * far round their places (every agent about as far from each place: the
 * sums of many choices differ by little, and the searches are long); when
 * a large call's candidates miss that widely, it takes an auction's
 * prices over every pair first. Agents on a ring of
 * radius 800 round steer_world_places_around's 3.75 apart, one thread's
 * time (an AMD EPYC): 1,000 0.18 s, 2,000 0.5 s, 4,000 1.6 s (25.5 s
 * before the auction); 4,000 sent from afar into a world too small for
 * their places (most clamped onto its edge, many at one point) 2.0 s
 * (15.6 s); 4,000 stacked at seven points 2.5 s (41.7 s), 2,000 of them
 * to 4,000 places 2.0 s (17 s). Scratch from the
 * world's allocator. The call runs to its end in the caller's thread: a
 * game that must not drop a frame chooses on a job thread with
 * steer_assign_places (steer/assign.h, the same choice from the positions
 * it is given) and sends with steer_world_send_assigned, or sends an order
 * of thousands squad by squad (a call each). A stale
 * handle is refused (in results, not as misuse) and left out. Returns how many were sent: 0 when the call is
 * refused (misuse names the field: a handle listed twice refuses the whole
 * call), STEER_ERROR_OUT_OF_MEMORY when the scratch is not to be had. */
int steer_world_send_to_places(steer_world *world, const steer_agent_id *ids, int count, const steer_v3 *places,
                               int place_count, bool together, steer_result *results);
/* send_to_places without the choosing: each of ids[i] goes to places[i],
 * as send_to_places sends it once it has chosen (an ARRIVE goal; with
 * together, the speeds that bring all in at about the same time; on the
 * way, the trades of one call). The choice is the caller's, usually
 * steer_assign_places (steer/assign.h) run on another thread from the
 * positions at the order: so an order of thousands costs the world's
 * thread only this call (0.3 ms for 4,000 on open ground, one thread of an
 * AMD EPYC; more where obstacles lie across their ways), and agents that moved while
 * it was chosen trade places on the way where that shortens the sum. The
 * same agents to the same places as send_to_places chose give the same
 * goals, bit for bit. At most STEER_MAX_PLACES agents. Refused as
 * send_to_places refuses: a handle twice (the whole call), a place not
 * finite, NULL arrays with count above 0; a stale handle in results only.
 * Returns how many were sent, 0 when refused, STEER_ERROR_OUT_OF_MEMORY
 * when the scratch is not to be had. */
int steer_world_send_assigned(steer_world *world, const steer_agent_id *ids, int count, const steer_v3 *places,
                              bool together, steer_result *results);
/* Where agents ordered to one point can stand (the RTS click), for
 * steer_world_send_to_places: `count` places on a sunflower spiral about
 * query->centre (place j at c sqrt(j + 1/2) from it, j golden angles
 * round, c making the closest two exactly `spacing` apart), on the ground
 * at the centre's height. A point an agent half the spacing wide could not
 * stand on or walk to straight from the centre is passed over, so the
 * places flow round what is in the way: within half the spacing of an
 * obstacle (as an upright cylinder in 3D) or of a wall that reaches that
 * height, behind such a wall seen from the centre, closer to the edge of a
 * bounded (clamp or wrap) world's box than half the spacing plus
 * box_margin, or within half the spacing and its own radius of an agent
 * that is not one of query->movers (a unit standing there; the movers
 * leave theirs) nor on its way elsewhere (an own goal not reached whose
 * last point is not there: it leaves too, so two squads ordered through
 * each other in one frame each take the other's ground). A spiral that would stick out of the box is first moved
 * in, whole. When fewer than count points are open among the first 64 a
 * place, the rest take the points passed over inside the box, nearest the
 * centre first, then the spiral on, moved into the box. A spacing of about
 * 2.5 radii of the largest agent sent (or its separation radius, if
 * larger) keeps separation from pushing them off their places. The same
 * answer everywhere; it changes nothing in the world. One place (count
 * 1) is the centre itself when that is open (the spiral's first point lies
 * 0.46 spacings off it). Cost: each point
 * looked at asks the objects' index and the agents' query index (one
 * thread, an Intel Xeon, no boundary: 1,000 places 0.11 ms in the open,
 * 0.26 ms among 1,000 idle units and 20 rocks; 4,096 places 0.45 and 1.0
 * ms. Points passed over cost as much: 4,096 places in a box 100 across,
 * where the spiral spills past the edges, 16 ms). Writes count
 * places and returns how many of them are open (they come first): count
 * when the order fits, fewer when the rest had to take points passed over
 * (a click in a rock field, a box too small); or a negative steer_result:
 * misuse names the field (a centre not finite, spacing not
 * > 0, box_margin negative, movers NULL with mover_count > 0, in a NONE
 * world a spiral whose farthest point, c sqrt(64 count) from the centre,
 * would leave the float range, count
 * outside 0 .. STEER_MAX_PLACES, places NULL); OUT_OF_MEMORY for its
 * scratch (a byte a slot and 64 a place). */
typedef struct steer_places_query {
    steer_v3 centre;              /* the point ordered to */
    float spacing;                /* between the closest two places (> 0) */
    float box_margin;             /* more room from a bounded world's edge (a group's contain_margin, say) */
    const steer_agent_id *movers; /* the agents being sent, or NULL */
    int mover_count;
} steer_places_query;
int steer_world_places_around(steer_world *world, const steer_places_query *query, steer_v3 *places, int count);
/* Whether the agent has a goal and has arrived (false for a stale handle). */
bool steer_world_has_arrived(const steer_world *world, steer_agent_id id);
/* The agents that arrived during the last steer_world_step (arrived in
 * one of its sub-steps and are arrived still), in slot order: writes up to capacity of
 * them, returns how many there are. O(goals). Only the last call's: a game
 * whose fixed-step loop steps more than once a frame reads them after each
 * step (or steps once with the frame's time and def.max_dt, whose
 * sub-steps' arrivals are all the call's: one arrived before the call that
 * left and came back within its sub-steps is listed again, as separate
 * steps would list it; a departure_distance spares it). They are read from the goals
 * as they are now: an agent given a new goal, its goal cleared or the agent
 * removed since the step is no longer listed, so read them right after the
 * step, before the frame's orders (a lockstep game applies its inputs
 * after reading them; a restored snapshot lists its step's arrivals). */
int steer_world_arrivals(const steer_world *world, steer_agent_id *out, int capacity);
int steer_world_goal_count(const steer_world *world);
/* Room for `count` goals in all (records of agents with goals of their
 * own), allocated and written now: giving that many agents goals later, in
 * one call or many, allocates nothing and faults in no new page, so a game
 * pays for its orders' table while it loads (a first steer_world_set_targets
 * of 80,000 agents took 18 ms without, 1.5 with). count is capped at the
 * world's capacity; room already there is kept (the table never shrinks
 * but by a restore, which sizes it to the snapshot's goals). Returns
 * STEER_OK, or STEER_ERROR_OUT_OF_MEMORY with the table as it was;
 * misuse (STEER_ERROR_INVALID_ARGUMENT) for count < 0. */
steer_result steer_world_reserve_goals(steer_world *world, int count);

/* ---- formations ---------------------------------------------------------- */
/* Member k's goal is ARRIVE at slot k in the leader's frame: x along the
 * leader's heading on the ground, y to its left, z along the world's up
 * (2D: x and y; in a Y-up world too, (ahead, left, up), not the world's
 * own axes), led by the leader's velocity times the member's group's
 * slow_radius / max_speed (the lag of an arrive behind a moving target, so
 * a member in steady motion sits on its slot). The world places them at the start of every
 * steer_world_step from the leader's state then (looking the handles up:
 * a step with formations rebuilds the handle table first); a leader that
 * stands, or moves no faster than its group's arrival_speed, keeps its last
 * heading (+x before it ever moved): the small moves of a leader settling
 * on its point would swing the slots round it. With keep_headings the
 * frame is the leader's kept heading (the same rule), so a turn-limited
 * leader turning on the spot turns its slots with it. A chain (a column: each
 * member the leader of a formation of one, the member after it) is
 * formations of one member each. A removed
 * member gives its slot to the next member, that one's to the next, and so
 * on: the ranks close up in member order, so the assignment depends only on
 * who remains, never on a step's timing. A member given a goal another
 * way (set_goal, set_goals, set_targets, send_to_places; clearing it too)
 * leaves the formation, as a removed one does, and keeps that goal: an
 * order to one unit of a squad is not undone at the next step. A removed
 * leader leaves the members on their last slots, and the formation live
 * (it counts in formation_count, it holds its index) until
 * steer_world_remove_formation: a game that promotes a new leader adds a
 * formation for it and removes the old one. A member's goal is its
 * group's ARRIVE (a goal it had loses its own slow radius and speed); an agent in two
 * formations takes the later one's slot (they are placed in index order).
 * Members keep their groups' behaviours
 * (avoidance, separation: the slot is their goal). Snapshots keep
 * formations. A formation of one is "follow this unit" (an escort, a
 * column's link): a world holds up to STEER_MAX_FORMATIONS of them, and
 * adding one, removing one and a goal given to a member scan none of the
 * others (`build/bench/escorts`, one thread: an add 0.2-2 us, an order
 * with its re-forming 0.5 us at 1,000 escorts and 1.3 us at 50,000;
 * placing their slots about 55 ns each a step, in the caller's thread). Returns the
 * formation's index, or a negative steer_result (a stale handle, count
 * out of [1, STEER_MAX_FORMATION_MEMBERS], a slot not finite, the leader
 * among the members or a member listed twice, more than
 * STEER_MAX_FORMATIONS). */
#define STEER_MAX_FORMATION_MEMBERS 65536
#define STEER_MAX_FORMATIONS 65536
int steer_world_add_formation(steer_world *world, steer_agent_id leader, const steer_agent_id *members,
                              const steer_v3 *slots, int count);
/* The members keep their last goals. The next steer_world_add_formation
 * takes the lowest removed index again (at most STEER_MAX_FORMATIONS live). */
steer_result steer_world_remove_formation(steer_world *world, int formation);
int steer_world_formation_count(const steer_world *world); /* live ones */

/* ---- stepping ------------------------------------------------------------ */
/* dt must be finite and >= 0 (0 moves nothing, and steer_world_arrivals then lists none: a paused
 * game stepping by 0 hears no arrival twice). With max_dt > 0 a larger dt
 * runs as ceil(dt / max_dt) equal sub-steps; a dt needing more than 1024 of
 * them is refused with STEER_ERROR_INVALID_ARGUMENT. */
steer_result steer_world_step(steer_world *world, float dt);
/* Moves made since creation (restored by a snapshot): each sub-step counts,
 * so one step of 3 * max_dt counts 3. */
uint64_t steer_world_step_count(const steer_world *world);

/* Time spent in the last step, in seconds, by phase (for benchmarks). */
typedef struct steer_step_profile {
    double grid;   /* the sort by cell, then the goal records' reorder, place trades and arrivals noted */
    double forces; /* member lists, leaders, neighbours, behaviours, integration, keep_apart, the move with
                      solid walls and obstacles */
    double solve;  /* the non-penetration passes, and the headings kept (keep_headings) */
    double total;  /* the sub-steps; before them, outside the phases, the step sizes the grid, rebuilds
                      the obstacle index after a change and places formations' slots */
} steer_step_profile;
steer_step_profile steer_world_last_profile(const steer_world *world);

/* FNV-1a over every live agent's slot, generation, group, position and
 * velocity bits, in slot order, every goal (kind, points, speed, slow
 * radius, progress, arrival), plus the step count. (Uses the handle
 * table: see the lookups above.) From inside the world's own step it
 * reports misuse and returns 0. FNV-1a takes a byte at a time: about a
 * flock step's time on one thread (0.3 ms at 10k agents, 37 ms at 1M),
 * 2-4x that with a goal each (build/bench/state_hash); a lockstep program
 * checking for desyncs can hash every few steps. It covers the agents and
 * their goals, not the world's other objects (groups' settings, obstacles
 * and their velocities, walls, paths, flow fields, formations), which
 * change only by the caller's calls: a lockstep game checks those by its
 * inputs. Snapshot bytes are no substitute across processes: they hold the
 * world's identity, which depends on the order worlds were created in. */
uint64_t steer_world_state_hash(const steer_world *world);

/* Bytes of memory the world holds (for the memory-per-agent figure). */
size_t steer_world_memory_bytes(const steer_world *world);

/* The neighbour kernel: every one gives the same bits; they differ only in
 * speed. The best one this CPU supports is chosen at creation: on x86-64
 * at run time (AVX-512, AVX2, else SSE2, its baseline), on AArch64 NEON, in
 * WebAssembly simd128 when the module was compiled with it. */
typedef enum steer_kernel {
    STEER_KERNEL_BEST = 0,  /* the fastest available */
    STEER_KERNEL_SCALAR,    /* plain C, one lane at a time, the reference */
    STEER_KERNEL_AVX2,      /* x86-64 with AVX2 */
    STEER_KERNEL_AVX512,    /* x86-64 with AVX-512F */
    STEER_KERNEL_SSE2,      /* any x86-64 */
    STEER_KERNEL_NEON,      /* AArch64 */
    STEER_KERNEL_SIMD128,   /* WebAssembly built with -msimd128 */
    STEER_KERNEL_COUNT      /* not a kernel: the number of values, for loops over them */
} steer_kernel;
/* Selects a kernel; returns the one now in use (BEST resolved), which is the
 * requested one unless this CPU or build lacks it. A value that is not a
 * steer_kernel is misuse: reported, and the kernel in use stays (returned);
 * so is a call from inside the world's own step. */
steer_kernel steer_world_set_kernel(steer_world *world, steer_kernel kernel);
/* The kernel in use (BEST resolved): for a log line, or to choose it again
 * in another world. A NULL world, or a call from inside its own step: misuse,
 * STEER_KERNEL_SCALAR. */
steer_kernel steer_world_kernel(const steer_world *world);
/* Whether this build and CPU can run `kernel` (BEST: always). */
bool steer_kernel_available(steer_kernel kernel);
/* "best", "scalar", "avx2", "avx512", "sse2", "neon", "simd128"; "unknown"
 * for any other value. */
const char *steer_kernel_name(steer_kernel kernel);
/* Shorthand: true selects the best kernel, false the scalar one. Returns
 * whether a SIMD kernel is now in use. */
bool steer_world_use_simd(steer_world *world, bool enable);

/* ---- snapshots ---------------------------------------------------------- */
/* Bytes needed by steer_world_save. */
size_t steer_world_snapshot_size(const steer_world *world);
/* Writes the complete state; *written may be NULL. STEER_ERROR_CAPACITY,
 * with nothing written (*written 0), when capacity is below
 * steer_world_snapshot_size. A save of 10k agents takes about 0.12 ms
 * (250 KB), 0.5 ms with a goal each (810 KB), and a restore 0.25 and
 * 0.75 ms, one thread (build/bench/state_hash): a rollback game can save
 * every step. */
steer_result steer_world_save(const steer_world *world, void *buffer, size_t capacity, size_t *written);
/* Replaces the world's whole state with the snapshot's. A snapshot that is
 * truncated, corrupted (CRC-32), of another dimension, or of a version this
 * build does not read (it reads its own and every earlier one from version
 * 4) is refused
 * (STEER_ERROR_BAD_SNAPSHOT; steer_world_snapshot_info says why) and the world is left unchanged (a good
 * snapshot of the other dimension is also reported as misuse, saying so:
 * the others are damage, not mistakes); so it is when
 * memory runs out (STEER_ERROR_OUT_OF_MEMORY: the save is good). The world's
 * threading and allocator stay.
 * Sizes come from this world, never from the file: its capacities bound the
 * agents and objects (a snapshot that holds more agent slots, groups,
 * obstacles, walls, paths or flow fields than they allow is refused with
 * STEER_ERROR_CAPACITY, reported as misuse naming which; the world is left
 * unchanged), and the grid keeps the saved world's cells (so the run
 * continues bit for bit) only up to this world's capacity; a snapshot of a
 * larger world gets the cells this world's capacity allows (the same
 * motion, summed in another order). */
steer_result steer_world_restore(steer_world *world, const void *data, size_t size);

/* What a snapshot holds, read without restoring it: to check a save file
 * before loading it, or to create a world with room for it. */
typedef struct steer_snapshot_info {
    int version;             /* the format's (this build writes STEER_SNAPSHOT_VERSION, reads from 4) */
    int dim;                 /* 2 or 3: restore into a world of this dim */
    steer_up_axis up;
    steer_boundary boundary;
    steer_v3 bounds_min, bounds_max;
    float cell_size, max_dt;
    uint64_t seed;
    uint64_t steps;          /* steps the saved world had taken */
    int agent_count;         /* live agents */
    int agent_slots;         /* the capacity a world needs to restore it (slots ever used) */
    int grid_capacity;       /* the capacity a world needs to continue it bit for bit (the saved world's,
                                which sized its grid); one of at least agent_slots but less restores it
                                with the same motion summed in another order (a peer joining a lockstep
                                game makes its world this large) */
    int group_count, obstacle_count, wall_count, path_count, flow_field_count; /* the max_ each needs */
    int goal_count, formation_count;
    char problem[128];       /* "" for a snapshot read to its end, else why it is refused */
} steer_snapshot_info;
#define STEER_SNAPSHOT_VERSION 19
/* Reads a snapshot's header and walks its sections: STEER_OK with *out
 * filled, or STEER_ERROR_BAD_SNAPSHOT with out->problem saying why (not a
 * snapshot, a version this build does not read, the other byte order, the
 * checksum, a section cut short, bytes left over) and the fields read
 * before it. It checks the layout, not every value: a snapshot it accepts
 * can still be refused by steer_world_restore (a NaN position, say, which
 * the checksum shows was saved so). No allocation; data is not changed. */
steer_result steer_world_snapshot_info(const void *data, size_t size, steer_snapshot_info *out);

/* ---- lifetime ----------------------------------------------------------- */
steer_world *steer_world_create(const steer_world_def *def);
/* The def the world runs with: the one it was created from, except that a
 * restore brings the snapshot's bounds, boundary, up axis, cell size, max_dt, seed,
 * solid, non-penetration, keep_headings and agent_radii settings. A def to create a like world from
 * (with other capacities, say). */
steer_result steer_world_get_def(const steer_world *world, steer_world_def *out);
/* From inside the world's own step (a task its scheduler runs): misuse,
 * and the world is kept; destroy it after the step. */
void steer_world_destroy(steer_world *world);

/* ---- debug draw --------------------------------------------------------- */
/* The callbacks may read the world (labels from get_agent, say) but not
 * change it: a change made while drawing is drawn in part. */
void steer_world_draw(const steer_world *world, const steer_debug_draw *draw);

#ifdef __cplusplus
}
#endif
#endif

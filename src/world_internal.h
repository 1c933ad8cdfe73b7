/* Private: the world's layout, shared by the world's files (world.c, the
 * step's phases in world_*.c, the snapshot, the drawing). */
#ifndef STEER_WORLD_INTERNAL_H
#define STEER_WORLD_INTERNAL_H

#include <stdatomic.h>
#include <string.h>

#include "steer/world.h"
#include "analyzer.h"
#include "misuse_internal.h"
#include "neighbour_kernel.h"
#include "thread_pool.h"
#include "world_object_index.h"
#include "world_query.h"

#define STEER__COOKIE 0x57EE7
#define STEER__FREE_BIT 0x80000000u /* generation: the slot is free; low bits link the free list */
#define STEER__NO_SLOT 0x7FFFFFFFu
#define STEER__GOAL_BIT 0x80000000u /* in w->slot[d]: the agent has a goal, whose record index is in the
                                       low bits (its slot is in the record); slots are < 2^28 */
#define STEER__PAD 16               /* array padding so 16-lane loads past the end stay in bounds */
#define STEER__MAX_GROUPS 32
#define STEER__STAGE_CAP 1024       /* candidates a cell stages; a crowd beyond is sampled (world_cells.h) */
#define STEER__PREDICTIVE_CAP (STEER__STAGE_CAP + STEER__OBJECT_QUERY_CAP) /* candidates and obstacles */
#define STEER__ANTICIPATION_STRIDE ((STEER__PREDICTIVE_CAP + 15) / 16 * 16) /* floats per lane array */
/* The arrays of a worker's predictive scratch, STEER__ANTICIPATION_STRIDE
 * floats each: what the agent sees (world frame; world_seen.c), the
 * anticipation kernel's results, and for a Y-up world the two negated
 * components its Z-up inputs need (world_behaviours.c). */
enum steer__lane_array {
    STEER__SEEN_PX, STEER__SEEN_PY, STEER__SEEN_PZ, STEER__SEEN_VX, STEER__SEEN_VY, STEER__SEEN_VZ,
    STEER__SEEN_RADIUS, STEER__SEEN_PRIORITY, STEER__SEEN_D2,
    STEER__AWAY_X, STEER__AWAY_Y, STEER__AWAY_Z, STEER__SIDE_X, STEER__SIDE_Y, STEER__SIDE_Z, STEER__WEIGHT,
    STEER__SIDE_WEIGHT, STEER__NEG_PZ, STEER__NEG_VZ, STEER__LANE_ARRAYS
};
#define STEER__ANTICIPATION_FLOATS (STEER__LANE_ARRAYS * STEER__ANTICIPATION_STRIDE)
#define STEER__ANTICIPATION_WORDS (4 * STEER__ANTICIPATION_STRIDE / 16) /* used, sided, exceptional; near (keep_apart) */
#define STEER__APART_CAP (STEER__PREDICTIVE_CAP + STEER__OBJECT_QUERY_CAP + 6) /* and walls, and a clamped box's faces */

/* One agent's goal (world_goals.c). */
typedef struct steer__goal {
    uint32_t slot;           /* its agent */
    uint8_t kind;            /* steer_goal_kind */
    bool arrived;
    steer_v3 target;
    float slow_radius, speed; /* 0: the group's */
    int path, progress, point_count;
    steer_v3 *points;        /* WAYPOINTS: the world's own copy, then where the agent stood when it was set */
    uint64_t arrived_step;   /* w->steps of the sub-step in which it arrived */
    uint32_t order;          /* the steer_world_send_to_places call that sent it (0: none); agents of
                                one order trade places on the way (world_places.c) */
} steer__goal;
/* one cache line a record: the step reads a goal agent's record at one prefetch */
_Static_assert(sizeof(steer__goal) <= 64, "a goal record must fit one 64-byte line");

/* The behaviour whose place a goal of this kind takes (world.h, "per-agent
 * goals"): SEEK, ARRIVE, or FOLLOW_PATH for a path or waypoints. */
static inline int steer__goal_behaviour(int kind)
{
    return kind == STEER_GOAL_SEEK ? STEER_SEEK : kind == STEER_GOAL_ARRIVE ? STEER_ARRIVE : STEER_FOLLOW_PATH;
}

/* Per-group values derived from the def once, not per agent. */
typedef struct steer__group {
    steer_group_def def;
    float inv_mass;
    float cos_half_fov;
    float radius_sq, separation_sq; /* neighbour and separation radii, squared */
    float apart_near_sq;            /* keep_apart: what it sees farther than this (squared) is out of its reach this step */
    bool use_fov;
    bool all_groups;
    float arrived_priority; /* the priority of its agents while arrived: def.arrived_priority, or def.priority */
    bool flocks;       /* SEPARATION, ALIGNMENT or COHESION: gathers the neighbours' sums */
    bool needs_neighbours;
    bool predictive;   /* AVOID_NEIGHBOURS, ANTICIPATE, QUEUE or keep_apart: sees its neighbours one by one (world_seen.c) */
    /* FOLLOW_LEADER: the leader as this sub-step found it (steer__find_leaders) */
    bool leader_found;
    uint32_t leader_dense;   /* where it was: the next search starts there */
    steer_v3 leader_p, leader_v;
    steer_v3 leader_heading; /* the way it faces: its kept heading (keep_headings), else its velocity's direction */
    steer_v3 leader_way;     /* the way it goes: its heading, or behind it while it backs (a kept heading and a velocity
                                along it of less than -arrival_speed: a reverse gear) */
    float leader_radius;
    bool on_ground;    /* ground_plane in a 3D world (a 2D world has no up axis to keep) */
    bool flock_only;   /* blend of raw separation/alignment/cohesion only, no keep_apart: the fast path */
    bool plain_flock;  /* flock_only, all groups, no field of view: the cell kernel */
    bool crowd_lanes;  /* a running sum whose last behaviour is an ARRIVE goal's, no turn limit: its
                        * agents with such goals end their steps in the crowd kernel */
    int active[STEER_BEHAVIOUR_COUNT]; /* behaviours with a non-zero weight, in priority order */
    int active_count;
    /* the same for an agent with its own goal, by the goal's kind: the
     * behaviour it takes the place of (steer__goal_behaviour) in, weighted 1
     * where the group's weight is 0, the group's other destinations out */
    int goal_active[STEER_GOAL_WAYPOINTS + 1][STEER_BEHAVIOUR_COUNT];
    int goal_active_count[STEER_GOAL_WAYPOINTS + 1];
    float goal_weight[STEER_GOAL_WAYPOINTS + 1][STEER_BEHAVIOUR_COUNT];
} steer__group;

/* A wall's extent along the up axis (3D; -INFINITY to INFINITY: every height). */
typedef struct steer__wall_height {
    float bottom, top;
} steer__wall_height;

typedef struct steer__path {
    steer_v3 *points;
    steer_v3 *flat; /* 3D: a second copy after the points, the up coordinate 0, which ground-plane
                       groups follow (they keep their height, so the path's heights are not theirs);
                       2D: the points */
    int count;
    bool closed;
    float radius;
} steer__path;

typedef struct steer__field {
    steer_v3 origin;
    float cell_size;
    int nx, ny, nz;
    steer_v3 *vectors;
} steer__field;

struct steer_world {
    steer_world_def def;
    int dim; /* 2 or 3: steer_world_create and restore refuse any other */

    /* agents, dense and sorted by cell at the start of each step */
    int count, capacity;
    float *p[3], *v[3];  /* positions, velocities (p[2], v[2] NULL in 2D) */
    float *next_p[3], *next_v[3]; /* the next state: the sort's target, then the forces pass's
                                     output (positions, velocities); next_p holds the relaxation's
                                     corrections during non-penetration */
    uint8_t *group, *next_group;
    uint32_t *slot;              /* dense -> slot */
    uint32_t *dense_of_slot;     /* slot -> dense for live slots: the handle table. Also the
                                    sort's target for slots, the two swapping each sort; the
                                    first lookup after a step rebuilds the table */
    steer__cache_guard *handles; /* whether the handle table is current */
    float *wander, *next_wander; /* planar wander angle per agent; NULL until a group wanders */
    float *heading[3], *next_heading[3]; /* the way each agent faces, per axis (dim of them), with
                                             def.keep_headings, else NULL (world_headings.c) */
    float *own_radius, *next_own_radius; /* each agent's own body radius (0: its group's), with
                                            def.agent_radii, else NULL (steer__body_radius) */
    float own_radius_max;        /* the largest own radius of the agents as each step begins
                                    (steer__radii_refresh), or larger since by a set_radius: a bound
                                    for keep_apart's reach, the cells and the places' spacing */
    bool radii_changed;          /* an own radius set or an agent with one removed since the last refresh */

    /* handles */
    uint32_t *generation;    /* per slot: live, its handle's generation (< FREE_BIT);
                                free, FREE_BIT | the next free slot */
    uint32_t *membership;    /* per slot, once there are formations (else NULL): the stamp a formation's
                                entry for the agent must carry to hold; a release moves it on */
    uint32_t free_head;      /* first free slot or STEER__NO_SLOT */
    uint32_t slot_high;      /* slots ever used */
    uint32_t reuses;         /* generation of the last reused slot (a new slot's is 0) */
    bool reuses_wrapped;     /* the counter has come round (2^31 - 1, then 1): live generations above it
                                are the round before's, kept as they are by a snapshot */
    uint32_t identity;       /* the world its handles name (non-zero; a restore brings the snapshot's) */

    /* groups and shared objects */
    steer__group *groups;
    int group_count;
    steer_obstacle3 *obstacles;
    steer_v3 *obstacle_velocity; /* per obstacle: what predictive avoidance expects of it */
    steer_obstacle3 *obstacles_ground; /* per obstacle, its centre on the ground (up part 0): a ground-plane
                                          group's obstacles are upright cylinders, as walls stand (3D;
                                          filled when the index is rebuilt) */
    int obstacle_count;
    steer_segment3 *walls;
    steer__wall_height *wall_heights; /* per wall, its bottom and top along the up axis (3D) */
    int wall_count;
    int short_walls;         /* walls not standing at every height: while 0, no wall asks an agent's height */
    steer__path *paths;
    int path_count;
    steer__field *fields;
    int field_count;
    steer__object_index object_index; /* obstacles and walls by place (world_object_index.c) */
    steer__query_index query;         /* agents by place, for the queries (world_query.c) */
    uint32_t *members;       /* pursue/evade: dense indices of a group's members */
    uint8_t *arrived_now;    /* a group with an arrived_priority: 1 where agent d had arrived at its own goal
                                when this sub-step began (steer__goals_note_arrived), else 0 */
    bool arrived_seen;       /* this sub-step: arrived_now is filled, and what agents see reads it */

    /* per-agent goals (world_goals.c): records, found from the agents' slot entries */
    steer__goal *goals;
    uint32_t *goal_order;    /* goal_capacity: scratch of the reordering */
    int goal_count, goal_capacity;
    bool goals_scattered;    /* goals added since the last reordering */
    int ordered_goals;       /* records with an order: the step looks for trades only while there are some */
    uint32_t orders_sent;    /* the last order given (steer_world_send_to_places) */
    struct steer__formation *formations; /* world_formations.c */
    int formation_count;     /* added, removed ones included (their indices stay) */
    int formation_capacity;  /* records allocated (doubling, so adding many is linear) */
    int formation_free;      /* no removed record below this index: where the next add starts looking */
    int formations_live;     /* live ones (steer_world_formation_count) */
    uint64_t goals_ordered_at; /* steps at the last reordering */
    uint64_t step_begin;      /* steps at the start of the last steer_world_step (its arrivals) */

    /* grid: cells cover the bounds; `n` cells per axis of size `cell` */
    bool grid_ready;
    int grid_capacity;       /* sizes the cell cap; saved in snapshots so a restored
                                world (of any capacity) has the same cells */
    int n[3];
    float cell[3], inv_cell[3];
    float origin[3], extent[3];
    unsigned narrow_axes;    /* bit a: axis a wraps and has one cell (world_cells.h) */
    int cell_count;
    uint32_t *cell_start;    /* cell_count + 1 */
    size_t cell_capacity;
    uint32_t *sort_scratch;  /* the sort's counts, bounds and outsider lists (world_sort.c) */
    size_t sort_capacity;    /* entries */
    uint32_t sort_out_cap;   /* per part */

    /* stepping */
    uint64_t steps;
    _Atomic bool in_step;    /* read by calls from other threads (misuse, refused): atomic, so the check is no race */
    steer_kernel kernel;
    const steer__kernels *kernels; /* the wide kernels of `kernel` for this dimension */
    unsigned char *stages;   /* per worker: a cell's candidates, staged (world_cells.c, world_forces.c) */
    size_t stage_bytes;      /* per worker */
    float *penetration_worst; /* per worker: the deepest overlap seen by a relaxation pass */
    steer_neighbour3 *predictive; /* per worker, STEER__PREDICTIVE_CAP: what avoid_neighbours sees, as records */
    float *anticipation;          /* per worker, STEER__ANTICIPATION_FLOATS: what a predictive agent sees, in lanes,
                                     and the anticipation kernel's results (steer__lane_array) ... */
    uint32_t *seen_index;         /* ... per worker, STEER__ANTICIPATION_STRIDE: each seen one's candidate index ... */
    uint16_t *anticipation_bits;  /* ... and its bits, STEER__ANTICIPATION_WORDS (world_seen.c) */
    steer_v3 *apart_u;            /* per worker, STEER__APART_CAP: keep_apart's constraints ... */
    float *apart_limit;           /* ... (world_keep_apart.c) */
    steer__pool *pool;
    int workers;
    _Atomic uint64_t relax_pairs; /* candidate pairs the non-penetration passes examined (for tests) */
    _Atomic uint64_t *claims; /* a user scheduler's task: a bit per item, set by the call that runs it (world_tasks.c) */
    size_t claim_capacity;    /* words */
    steer_step_profile profile;
};

/* The checks every call that changes or reads a world starts with: NULL,
 * then inside its own step (each returning its documented result). */
#define STEER__CHECK_WORLD(w, null_result, in_step_result)                                                             \
    do {                                                                                                               \
        STEER_MISUSE_IF(!(w), null_result, NULL_WORLD, "world = NULL: must be a world from steer_world_create");       \
        STEER_MISUSE_IF(steer__in_step(w), in_step_result, IN_STEP,                                                    \
                        "called during the world's own step: only between steps");                                     \
    } while (0)

/* world.c */
/* steer_world_create's check of a def, steer_world_create and
 * steer_world_add_group, their misuse reported as `function`'s, or checked
 * quietly when it is NULL (a snapshot's contents are input, not misuse). */
bool steer__world_def_ok(const steer_world_def *def, const char *function);
steer_world *steer__world_create(const steer_world_def *def, const char *function);
int steer__world_add_group(steer_world *w, const steer_group_def *def, const char *function);
/* count * size zeroed bytes from the world's allocator (64-byte aligned),
 * NULL when out of memory. Inline, so the parts that allocate do not call
 * back into world.c, which calls them (docs/decisions.md, "Phases in files
 * of their own, one-way"). */
static inline void *steer__world_alloc_array(steer_world *w, size_t count, size_t size)
{
    void *p = steer_alloc(&w->def.allocator, count * size, 64);
    if (p) memset(p, 0, count * size);
    return p;
}
steer_result steer__world_alloc_agents(steer_world *w, int capacity);
void steer__world_free_agents(steer_world *w);
void steer__group_derive(steer__group *g, int dim);
steer_result steer__world_ensure_wander(steer_world *w);

/* Whether the world is inside its own step (another thread may ask). */
static inline bool steer__in_step(const steer_world *w)
{
    return atomic_load_explicit(&w->in_step, memory_order_relaxed);
}

/* The cell of a point and its coordinates per axis (idx may be NULL). */
static inline uint32_t steer__cell_coords(const steer_world *w, float x, float y, float z, int idx[3])
{
    float c[3] = {x, y, z};
    int i[3] = {0, 0, 0};
    STEER__ANALYZER_ASSUME(w->dim == 2 || w->dim == 3);
    for (int a = 0; a < w->dim; ++a) {
        float g = (c[a] - w->origin[a]) * w->inv_cell[a];
        i[a] = g > 0.0f ? (g < (float)w->n[a] ? (int)g : w->n[a] - 1) : 0;
    }
    if (idx)
        for (int a = 0; a < 3; ++a) idx[a] = i[a];
    return (uint32_t)((i[2] * w->n[1] + i[1]) * w->n[0] + i[0]);
}

static inline uint32_t steer__cell_of(const steer_world *w, float x, float y, float z)
{
    return steer__cell_coords(w, x, y, z, 0);
}

/* Swaps two pointers (the sort's source and target arrays, say). */
#define STEER__SWAP(a, b)                                                                                              \
    do {                                                                                                               \
        void *swap_tmp_ = (void *)(a);                                                                                 \
        (a) = (b);                                                                                                     \
        (b) = swap_tmp_;                                                                                               \
    } while (0)

/* Agent d's goal, and its slot (from the goal record when it has one). */
static inline bool steer__has_goal(const steer_world *w, int d) { return (w->slot[d] & STEER__GOAL_BIT) != 0; }
static inline steer__goal *steer__goal_of(const steer_world *w, int d)
{
    return &w->goals[w->slot[d] & ~STEER__GOAL_BIT];
}
static inline uint32_t steer__slot_of(const steer_world *w, int d)
{
    return steer__has_goal(w, d) ? steer__goal_of(w, d)->slot : w->slot[d];
}

/* Whether keep_apart, in a group of def d, sees two bodies of radius r
 * before they touch: its neighbour_radius is at least 2 r (world.h,
 * keep_apart); any r for a group without it. The one rule the group's
 * radius and every agent's own are held to. */
static inline bool steer__keep_apart_sees(const steer_group_def *d, float r)
{
    return !d->keep_apart || !(d->neighbour_radius < 2.0f * r);
}

/* Dense agent d's body radius: its own (def.agent_radii), else its group's. */
static inline float steer__body_radius(const steer_world *w, int d)
{
    const float own = w->own_radius ? w->own_radius[d] : 0.0f;
    return own > 0.0f ? own : w->groups[w->group[d]].def.radius;
}

/* The index of the world's up axis: 1 (Y-up) or 2 (Z-up, and every 2D world). */
static inline int steer__up_index(const steer_world *w) { return w->def.up == STEER_UP_Y ? 1 : 2; }

/* Removes a 3D vector's component along the world's up axis (ground-plane groups). */
static inline void steer__drop_up(const steer_world *w, steer_v3 *v)
{
    if (w->dim == 3) *v = steer_v3_set(*v, steer__up_index(w), 0.0f);
}

/* A path's storage: its points, and in 3D their level copy (steer__path.flat). */
static inline size_t steer__path_copies(int dim) { return dim == 3 ? 2 : 1; }
/* World path `index` as group g's agents follow it: a ground-plane group
 * the level copy, from its agents' positions at height 0. */
static inline steer_path3 steer__path_for(const steer_world *w, const steer__group *g, int index)
{
    const steer__path *p = &w->paths[index];
    return (steer_path3){g->on_ground ? p->flat : p->points, p->count, p->closed, p->radius};
}

/* The segments of a path, as steer_path_track counts them: a closed one's
 * last joins its end to its start; a path of one point has one. */
static inline int steer__path_segments(const steer__path *p)
{
    return p->count < 2 ? 1 : p->closed ? p->count : p->count - 1;
}

/* The ground frame, in which walls are stored and resolved: the world's
 * frame turned so that its up axis is +Z (exact: a permutation and a sign;
 * the identity for Z-up worlds and in 2D). */
static inline steer_v3 steer__to_ground(const steer_world *w, steer_v3 v)
{
    return w->dim == 3 ? steer_v3_to_z_up(v, w->def.up) : v;
}
static inline steer_v3 steer__from_ground(const steer_world *w, steer_v3 v)
{
    return w->dim == 3 ? steer_v3_from_z_up(v, w->def.up) : v;
}

/* Whether a body of radius `body` whose centre is at `height` along the up
 * axis (the ground frame's z) meets wall i: it reaches into the wall's
 * span. Written so that a NaN height meets every wall. */
static inline bool steer__wall_meets(const steer_world *w, int i, float height, float body)
{
    if (!w->short_walls) return true;
    const steer__wall_height *h = &w->wall_heights[i];
    return !(height + body <= h->bottom || height - body >= h->top);
}

/* Agent i's vector from per-axis arrays (z = 0 in 2D), and a vector from three floats. */
static inline steer_v3 steer__v3_at(const steer_world *w, float *const arrays[3], int i)
{
    return steer_v3_make(arrays[0][i], arrays[1][i], w->dim == 3 ? arrays[2][i] : 0.0f);
}
/* Stores v at i of per-axis arrays (z only in 3D). */
static inline void steer__v3_put(const steer_world *w, float *const arrays[3], int i, steer_v3 v)
{
    arrays[0][i] = v.x, arrays[1][i] = v.y;
    if (w->dim == 3) arrays[2][i] = v.z;
}
/* The way something moving at v faces: v's direction while it is faster
 * than `still`, else `was` (an agent settling on a point makes small moves
 * every way; a formation's leader and a kept heading both hold still then). */
static inline steer_v3 steer__facing(steer_v3 v, float still, steer_v3 was)
{
    if (!(steer_v3_len_sq(v) > still * still)) return was;
    steer_v3 h = steer_v3_normalize(v);
    return steer_v3_len_sq(h) > 0.0f ? h : was;
}
static inline steer_v3 steer__v3_from(const float a[3]) { return steer_v3_make(a[0], a[1], a[2]); }
/* The unit `from` turned toward `to` by at most max_angle (a velocity's or
 * a heading's turn limit), worked out in the ground frame: a turn round
 * (opposite directions) goes to the left about the world's up axis, so
 * what lies on the ground stays there. In a Y-up world's own frame the 3D
 * turn's way round pointed along Y, which a ground group then dropped, and
 * the turn never happened. The identity frame for Z-up and 2D. */
static inline steer_v3 steer__turn_toward(const steer_world *w, steer_v3 from, steer_v3 to, float max_angle)
{
    return steer__from_ground(w, steer_turn_toward3(steer__to_ground(w, from), steer__to_ground(w, to), max_angle));
}

#endif

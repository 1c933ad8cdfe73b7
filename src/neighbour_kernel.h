/* Private: the wide kernels of the world step. Mainly the neighbour
 * gathering: for one agent it visits spans of candidate agents (contiguous
 * in memory because agents are sorted by cell) and sums what the flocking
 * rules need; then the flocking rules and the move, and for the sort the
 * agents' cells and their moves to their sorted places. Built once per
 * backend of wide.h from neighbour_kernel.c, giving identical bits. */
#ifndef STEER_NEIGHBOUR_KERNEL_H
#define STEER_NEIGHBOUR_KERNEL_H

#include <stdbool.h>
#include <stdint.h>

#include "steer/world.h" /* steer_kernel */

/* The index of the lowest set bit of x (x != 0). */
static inline int steer__lowest_bit(unsigned x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctz(x);
#else
    int k = 0;
    while (!(x >> k & 1u)) ++k;
    return k;
#endif
}

/* Candidates [begin, end), whose positions are seen shifted by -shift
 * (torus images: the agent compares against position - shift). */
typedef struct steer__span {
    int begin, end;
    float shift[3];
} steer__span;

typedef struct steer__agents {
    const float *p[3]; /* positions by axis (p[2] unused in 2D) */
    const float *v[3]; /* velocities by axis */
    const uint8_t *group;
} steer__agents;

typedef struct steer__gather_in {
    float position[3];
    float heading[3];      /* unit; used with the field of view */
    float radius_sq;       /* alignment / cohesion neighbours: 0 < d^2 < radius_sq */
    float separation_sq;   /* separation neighbours: 0 < d^2 < separation_sq */
    float cos_half_fov;    /* neighbours need dot(heading, d) >= cos_half_fov * |d| */
    bool use_fov;
    bool all_groups;       /* skip the group test */
    uint32_t group_mask;   /* bit g: react to group g */
} steer__gather_in;

typedef struct steer__gather_out {
    float count;           /* neighbours within radius */
    float offset[3];       /* sum of (q - p) over them */
    float velocity[3];     /* sum of their velocities */
    float separation_count;
    float separation[3];   /* sum of (q - p) / d^2 over separation neighbours (negate for the push) */
} steer__gather_out;

typedef void steer__gather_fn(const steer__agents *agents, const steer__span *spans, int span_count,
                              const steer__gather_in *in, steer__gather_out *out);

/* Stages the candidates of `spans` as one contiguous list, each seen
 * through its torus image (position - shift), into out->p / out->v (room
 * for the total plus STEER__STAGE_PAD floats; positions past the total are
 * scratch). Every agent of a cell then runs over ceil(total / 16) full
 * 16-lane steps instead of one partial step or two per span. */
#define STEER__STAGE_PAD 16
typedef struct steer__staged {
    float *p[3], *v[3];
} steer__staged;
typedef void steer__stage_fn(const steer__agents *agents, const steer__span *spans, int span_count,
                             const steer__staged *out);

/* The flocking rules (raw separation, raw alignment, cohesion, weighted
 * blend plus any lane's goal force, truncated to max_force, the integration of docs/model.md §1.4) for a batch of
 * agents, 16 lanes at a time, lane = agent, then the move: pos = p + out *
 * dt and whether pos lies inside the box [lo, hi). Lanes may belong
 * to different groups: every rule parameter is per lane. Unused lanes must
 * hold finite values; their results are ignored.
 * The agents' state is read through p / v and the results written through
 * out / pos: either the batch's own arrays, or (64 consecutive agents)
 * straight from the sorted state and into the next state, with no copies. */
#define STEER__BATCH 64 /* four independent 16-lane chains: their sqrt/div latencies overlap */
typedef struct steer__flock_batch {
    float count[STEER__BATCH], separation_count[STEER__BATCH];
    float offset[3][STEER__BATCH], velocity[3][STEER__BATCH], separation[3][STEER__BATCH];
    float weight_separation[STEER__BATCH], weight_alignment[STEER__BATCH], weight_cohesion[STEER__BATCH];
    float max_speed[STEER__BATCH], max_force[STEER__BATCH], inv_mass_dt[STEER__BATCH];
    /* Lanes with their own goal add its force to the blend before it is
     * truncated; other lanes keep their bits exactly. Read only when
     * any_goal. goal_lane[k]: 1 adds goal_force (computed by the caller),
     * 2 computes the braking arrive here (the pure function's rule,
     * docs/model.md §2.3, in the kernel's float arithmetic) toward
     * goal_target at up to goal_speed, ramping inside goal_slow (0: none), and
     * reports in arrived whether the lane ended within its tolerance and
     * slower than its arrival speed. */
    float goal_force[3][STEER__BATCH], goal_lane[STEER__BATCH];
    float goal_target[3][STEER__BATCH], goal_speed[STEER__BATCH], goal_slow[STEER__BATCH];
    /* per lane, from its group: the tolerance and its square, the planning
     * acceleration a (a share of max_force / mass), sqrt(2a), a dt / 2, a dt,
     * the step's change budget max_force / mass * dt, mass * weight / dt, the
     * arrival speed squared */
    float arrive_tolerance[STEER__BATCH], arrive_tolerance_sq[STEER__BATCH], arrive_root_2a[STEER__BATCH];
    float arrive_half_adt[STEER__BATCH], arrive_adt[STEER__BATCH], arrive_budget[STEER__BATCH];
    float arrive_scale[STEER__BATCH], arrival_speed_sq[STEER__BATCH];
    uint16_t arrived[STEER__BATCH / 16];
    bool any_goal, any_arrive;
    /* ground[k] 1: a ground-plane agent's lane (3D): the up part (axis up, 1 or 2) of the force after
       its truncation and of the new velocity after its own is dropped, as the scalar steps drop them */
    float ground[STEER__BATCH];
    bool any_ground;
    int up;
    const float *p[3], *v[3];                       /* the agents' positions and velocities */
    float dt, lo[3], hi[3];                         /* the move and the box */
    float *out[3];                                  /* new velocities */
    float *pos[3];                                  /* new positions */
    uint16_t inside[STEER__BATCH / 16];             /* bit l of word k: lane 16k + l ended inside */
} steer__flock_batch;

typedef void steer__flock_fn(steer__flock_batch *batch);

/* A gather left unreduced: per quantity (offset, velocity, separation, each
 * by axis: index kind * dim + axis) the 16 logical lanes, and the counts. A
 * reduce turns sixteen of them into the batch's neighbour columns at
 * base..base+15, exactly as the gather would have (same tree per lane). */
#define STEER__REDUCE_LANES 16
typedef struct steer__raw_sums {
    float lane[9][16];
    int count, separation_count;
} steer__raw_sums;
typedef void steer__gather_raw_fn(const steer__agents *agents, const steer__span *spans, int span_count,
                                  const steer__gather_in *in, steer__raw_sums *out);
typedef void steer__reduce_fn(const steer__raw_sums raw[16], steer__flock_batch *batch, int base);

/* Raw gathers of up to 16 agents of one cell against its staged candidates
 * (one list [0, candidate_count), no image shift), every group, no field of
 * view: out[k] is bit for bit what gather_raw gives agent k. One call per
 * cell: the loop's trip count is the same for every agent of it. */
#define STEER__CELL_AGENTS 16
typedef struct steer__cell_agents {
    int count;
    float p[3][STEER__CELL_AGENTS];
    float radius_sq[STEER__CELL_AGENTS], separation_sq[STEER__CELL_AGENTS];
} steer__cell_agents;
typedef void steer__gather_cell_fn(const steer__agents *candidates, int candidate_count,
                                   const steer__cell_agents *agents, steer__raw_sums *out);

/* The grid cells of agents [first, first + n) of positions p, into out
 * (room for n rounded up to 16; positions are read that far too, which the
 * world's padded arrays allow): g = (x - lo) * inv_cell per axis, clamped
 * to [0, cells - 1] and truncated, key = x + y * stride[1] + z * stride[2],
 * exactly as steer__cell_of while every cells[a] is below 2^24. */
typedef struct steer__key_grid {
    float lo[3], inv_cell[3], cells[3];
    uint32_t stride[3];
} steer__key_grid;
typedef void steer__keys_fn(const steer__key_grid *grid, const float *const p[3], int first, int n,
                            uint32_t *out);

/* Moves agents first + j, j in [0, n), to place to[j] of every destination
 * array (STEER__NO_DEST: not moved by this call): `floats` float arrays,
 * one 32-bit array and one byte array. to[-1] must be readable and to[] be
 * STEER__NO_DEST from n up to n rounded up to 16; the sources are read that
 * far (the world's arrays are padded). Consecutive agents bound for
 * consecutive places (most of them: agents keep their order) form a
 * segment, moved with one masked store per array per window of lanes. */
#define STEER__NO_DEST UINT32_MAX
#define STEER__MOVE_FLOATS 11 /* 3D: position, velocity, wander angle, heading, own radius */
typedef struct steer__move_arrays {
    const float *src[STEER__MOVE_FLOATS];
    float *dst[STEER__MOVE_FLOATS];
    int floats;
    const uint32_t *src32;
    uint32_t *dst32;
    const uint8_t *src8;
    uint8_t *dst8;
} steer__move_arrays;
typedef void steer__move_fn(const steer__move_arrays *arrays, int first, const uint32_t *to, int n);

/* The candidates [begin, end) (their torus image shifted by `shift`) a
 * predictive agent sees (world_seen.c, steer__see_neighbours): with
 * q = p - shift and d = q - position, those with |d|^2 < radius_sq, not at
 * the agent's place moving alike (|d|^2 = 0 and every velocity component
 * equal), and in group_mask unless all_groups. They are appended in
 * candidate order to `out` from out->count on (which grows by their
 * number): q, the velocity (z = 0 in 2D), |d|^2 and the candidate's index.
 * The arrays need room for out->count + (end - begin) + 16 entries (a
 * register's stores may pass the last one). Candidates are read up to
 * begin + (end - begin) rounded up to 16, at most end + 15 (padded arrays).
 * With ground_up (3D): d without its up part, candidates kept only within
 * the radius in height as well, and written at the agent's own height with
 * no up velocity (a ground agent meets its neighbours on its ground). */
typedef struct steer__select_in {
    float position[3], velocity[3];
    float radius_sq;
    bool all_groups;
    uint32_t group_mask;
    int ground_up; /* 3D, a ground agent's look: the up axis (1 or 2), else -1 (below) */
} steer__select_in;
typedef struct steer__picked {
    float *p[3], *v[3], *d2;
    uint32_t *index;
    int count;
    int identical; /* grows by the candidates at the agent's place moving alike (itself among them), any group */
} steer__picked;
typedef void steer__select_fn(const steer__agents *candidates, int begin, int end, const float shift[3],
                              const steer__select_in *in, steer__picked *out);

/* The terms of the anticipatory force (src/anticipation.h) of one agent's
 * neighbours, 16 lanes at a time, lane = neighbour, in three dimensions,
 * Z-up (the 2D table's kernel takes every z as 0 and reads none): for each
 * neighbour whether its term is used and sided, its away direction and
 * weight, its side direction and weight, exactly as
 * steer__anticipation_neighbour3 gives them. Lanes where that function's
 * arithmetic leaves the usual path (a difference not finite, magnitudes it
 * would rescale, a direction of a vector too small or too large to square)
 * are marked exceptional instead, for the caller to compute with it; so
 * are none of the others. Inputs are read
 * up to count rounded up to 16; lanes past count are taken as a neighbour
 * at the origin, at rest, of radius 0 and priority 1, whatever the arrays
 * hold there (the caller writes no padding). The bits are written for
 * every lane, the other outputs only where they are promised (a register
 * with no lane used or exceptional writes none). */
typedef struct steer__anticipation_lanes {
    float pos[3], vel[3];             /* the agent */
    float agent_radius, rate, inv_tau0, own, k, horizon, max_force, brake;
    bool energy;
    int count;
    const float *p[3], *v[3], *radius, *priority; /* per neighbour */
    float *away[3], *side[3], *weight, *side_weight;            /* per neighbour */
    uint16_t *used, *sided, *exceptional;                        /* per 16 neighbours: bit l for lane l */
} steer__anticipation_lanes;
typedef void steer__anticipate_fn(const steer__anticipation_lanes *lanes);

/* The end of sixteen crowd agents' running sums (world_forces.c): agents
 * whose last behaviour is their own goal's braking arrive. Per lane:
 * remaining = max_force - |total|; if positive, total += the force of the
 * behaviour before the arrive (where has_last; where terms, ANTICIPATE's
 * from its summed terms, steer__anticipation_end3, times its weight)
 * truncated to it; the same for the arrive's force times mass and weight;
 * the force is total truncated to max_force (z = 0 in 2D); the new
 * velocity v + force * inv_mass_dt truncated to max_speed, zero if not
 * finite: exactly the world's scalar steps (steer__running_sum_finish,
 * steer__integrate_velocity), in three dimensions. A lane whose arithmetic
 * would leave their usual path is marked odd instead, for the caller to
 * compute with them: the arrive near its target (inside the slow radius or
 * the tolerance, or where the braking cap or the brake-first split may
 * bind), magnitudes those functions rescale, anything not finite, a limit
 * not positive. The new velocity is written for every lane, meaningful
 * where not odd. */
typedef struct steer__crowd_lanes {
    float p[3][16], v[3][16];
    float total[3][16], last[3][16];    /* the running sum so far; the last behaviour's force */
    float target[3][16];                /* the goal's */
    float speed[16], slow[16], tolerance[16]; /* the goal's speed (at most max_speed) and slow radius */
    float max_accel[16];                /* max_force / mass: the arrive's acceleration */
    float mass[16], weight[16];         /* the arrive's force is its acceleration times mass, times weight */
    float max_force[16], max_speed[16], inv_mass_dt[16];
    float has_last[16];                 /* 1: the lane has a last behaviour's force; 0: none */
    float terms[16];                    /* 1: that force is ANTICIPATE's, from these (Z-up): */
    float sum[3][16], bias[3][16], keep_right[16], anticipate_weight[16];
    bool y_up;                          /* the world's up axis (the anticipation's frame turned back) */
    float dt;
    float drop_up[16];                  /* 1: the force's up part is dropped (a 2D world's z: every lane;
                                           a ground-plane agent's up axis, y_up's) */
    float nv[3][16];                    /* out: the new velocity */
    uint16_t odd;                       /* out: bit l: lane l is left to the scalar steps */
} steer__crowd_lanes;
typedef void steer__crowd_fn(steer__crowd_lanes *lanes);

/* One build's kernels for one dimension. */
typedef struct steer__kernels {
    steer__gather_fn *gather;
    steer__stage_fn *stage;
    steer__gather_raw_fn *gather_raw;
    steer__reduce_fn *reduce;
    steer__gather_cell_fn *gather_cell;
    steer__flock_fn *flock;
    steer__keys_fn *keys;
    steer__move_fn *move;
    steer__select_fn *select;
    steer__anticipate_fn *anticipate;
    steer__crowd_fn *crowd;
} steer__kernels;

/* The builds, each from neighbour_kernel.c (the x86-64 ones compiled with
 * their instruction set, chosen only when the CPU has it). */
extern const steer__kernels steer__kernels2_scalar, steer__kernels3_scalar;
#if defined(__x86_64__)
extern const steer__kernels steer__kernels2_sse2, steer__kernels3_sse2;
extern const steer__kernels steer__kernels2_avx2, steer__kernels3_avx2;
extern const steer__kernels steer__kernels2_avx512, steer__kernels3_avx512;
#endif
#if defined(__aarch64__)
extern const steer__kernels steer__kernels2_neon, steer__kernels3_neon;
#endif
#if defined(__wasm_simd128__)
extern const steer__kernels steer__kernels2_simd128, steer__kernels3_simd128;
#endif

/* The kernels of `requested` for dim (2 or 3), or of the fastest build this
 * CPU runs when it is STEER_KERNEL_BEST or unavailable; *chosen receives
 * which. Every build gives the same bits. */
const steer__kernels *steer__kernels_select(steer_kernel requested, int dim, steer_kernel *chosen);

#endif

/* Private: a cell's neighbourhood. The candidates of an agent are the
 * agents of the 3x3 (3x3x3) cells around its own, which the sort leaves in
 * a few contiguous spans (torus images carry a shift); the agents of one
 * cell share them, staged once as one list. */
#ifndef STEER_WORLD_CELLS_H
#define STEER_WORLD_CELLS_H

#include "world_internal.h"

#include <math.h>

#define STEER__MAX_SPANS 27

/* The cell of dense agent i (agents are sorted, so this is where it sits)
 * and its coordinates. */
static inline uint32_t steer__cell_of_agent(const steer_world *w, int i, int coords[3])
{
    return steer__cell_coords(w, w->p[0][i], w->p[1][i], w->dim == 3 ? w->p[2][i] : 0.0f, coords);
}

/* Spans of candidates for an agent in the cell at `coords`: for each
 * neighbouring row (y, z), consecutive x cells with the same shift merge
 * into one span. Returns the count. */
int steer__build_spans(const steer_world *w, const int coords[3], steer__span *spans);

/* A wrapped axis of one cell (a torus narrower than two neighbour reaches)
 * would show every candidate under three shifts, two or three of them
 * within reach (the agent's own among them). The spans visit such an axis
 * once, with shift 0, and each pair takes the candidate's image nearest the
 * agent there, as offsets are measured everywhere else in the world: the
 * shift (image = q - shift) is per candidate. */
static inline bool steer__narrow_axis(const steer_world *w, int axis)
{
    return (w->narrow_axes >> axis) & 1u;
}

/* The shift (image = q - shift) of the image of q nearest p on a wrapped
 * axis of this extent: selects between constants, so a loop over many q
 * vectorises. */
static inline float steer__nearest_image_shift(float q, float p, float extent, float half)
{
    float d = q - p, shift = d > half ? extent : 0.0f;
    return d < -half ? -extent : shift;
}

/* The shift that shows candidate coordinate q to an agent at p on axis
 * `axis`: the span's, or on a narrow axis the nearest image's. */
static inline float steer__image_shift(const steer_world *w, int axis, float span_shift, float q, float p)
{
    if (!steer__narrow_axis(w, axis)) return span_shift;
    return steer__nearest_image_shift(q, p, w->extent[axis], 0.5f * w->extent[axis]);
}

/* The bound on neighbour work. A neighbourhood holding more than
 * STEER__STAGE_CAP candidates (a crowd: agents spawned at one point, say) is
 * thinned to a sample of STEER__CROWD_SAMPLE: about as many candidates as
 * the standard flock's block holds (46 in 2D, 103 in 3D), so a crowded
 * agent costs what a flocking one does. The flocking rules average over
 * neighbours, and an even sample estimates those averages. */
#define STEER__CROWD_SAMPLE(dim) ((dim) == 2 ? 64 : 128)
#define STEER__CROWD_SAMPLE_MAX 128

/* murmur3's finaliser: a fixed, well-spread hash of h. */
static inline uint32_t steer__mix32(uint32_t h)
{
    h ^= h >> 16;
    h *= 0x85EBCA6Bu;
    h ^= h >> 13;
    h *= 0xC2B2AE35u;
    h ^= h >> 16;
    return h;
}

/* A unit direction from a hash, for what has none of its own (a coincident
 * pair, a twin): an angle from its top 24 bits and, on the sphere, a
 * height uniform in [-1, 1] from its rehash, so that many spread evenly,
 * the same on every platform. */
static inline steer_v3 steer__hash_direction(uint32_t h, bool sphere)
{
    float angle = (float)(h >> 8) * (2.0f * STEER_PI / 16777216.0f) - STEER_PI;
    float planar = 1.0f, z = 0.0f;
    if (sphere) { /* uniform on the sphere: z uniform in [-1, 1] */
        z = (float)(steer__mix32(h) >> 8) * (2.0f / 16777216.0f) - 1.0f;
        planar = sqrtf(steer_maxf(0.0f, 1.0f - z * z));
    }
    return steer_v3_make(planar * steer_cos(angle), planar * steer_sin(angle), z);
}

/* The sample's candidate k is one of the block's list (its spans in order,
 * T candidates): stratum k covers [k * T / S, (k + 1) * T / S), and the pick
 * within it is fixed by k alone (a hash), so a pattern in the agents'
 * order (groups interleaved, say) cannot line up with the strata. It
 * depends only on the sorted order, the same for every thread count and
 * kernel. Returns the pick's index in the list. */
static inline uint32_t steer__crowd_pick(uint32_t k, uint32_t total, uint32_t sample)
{
    uint32_t lo = (uint32_t)((uint64_t)k * total / sample), hi = (uint32_t)((uint64_t)(k + 1) * total / sample);
    return lo + steer__mix32((k + 1u) * 0x9E3779B9u) % (hi - lo);
}

/* A crowd's sample as agents: pick k of the spans' list (`total`
 * candidates) is dense agent agent[k], seen through the image shift of
 * spans[span[k]]. Returns the sample's size, STEER__CROWD_SAMPLE(dim). */
int steer__crowd_sample(const steer__span *spans, int total, int dim, int *agent, int *span);

/* What the agents of one cell gather from: the cell's candidates staged as
 * one list in the worker's stage, a crowd's sample in the view itself, or
 * (a scheduler that breaks the worker-index contract) the spans in place. */
typedef struct steer__cell_view {
    steer__agents soa;
    steer__span spans[STEER__MAX_SPANS];
    int span_count;
    int staged; /* the candidate count when staged or sampled (spans[0] is then [0, staged)), else -1 */
    int total;  /* the neighbourhood's candidates before any sample */
    float sample_p[3][STEER__CROWD_SAMPLE_MAX], sample_v[3][STEER__CROWD_SAMPLE_MAX];
    uint8_t sample_group[STEER__CROWD_SAMPLE_MAX];
    const uint8_t *arrived; /* as soa.group: each candidate's w->arrived_now (NULL unless w->arrived_seen and,
                               staged, the groups are) */
    uint8_t sample_arrived[STEER__CROWD_SAMPLE_MAX];
    const float *radius;    /* as arrived: each candidate's own radius (w->own_radius; NULL without agent_radii
                               or, staged, unless the groups are) */
    float sample_radius[STEER__CROWD_SAMPLE_MAX];
} steer__cell_view;

/* The candidates of the cell at coords: more than STEER__STAGE_CAP, a
 * crowd's sample; otherwise staged in `worker`'s stage (when the index is
 * valid). Group ids come too when stage_groups. */
void steer__view_cell(const steer_world *w, const int coords[3], int worker, bool stage_groups, steer__cell_view *cv);

/* In a world with a narrow axis, what dense agent i (in the cell at
 * coords) alone gathers from: its cell's candidates, each at its image
 * nearest i, staged as
 * steer__view_cell stages (the groups always come), in the view itself
 * when the worker index is not valid and they fit, or a crowd's sample. */
void steer__view_agent(const steer_world *w, int i, const int coords[3], int worker, steer__cell_view *cv);

#endif

/* The neighbour kernel, written once over the wide type of wide.h. This
 * file is the scalar build; neighbour_kernel_NAME.c includes it again with
 * STEER_WIDE_NAME defined, one build per backend of wide.h. Every build
 * gives the same bits (see wide.h). */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "neighbour_kernel.h"
#include "analyzer.h"
#include "wide.h"
#include "steer/math.h"
#include "braking.h"

#include <float.h>
#include <string.h>

/* Below this squared length a vector has no direction (as STEER_EPSILON_SQ). */
#define STEER_EPSILON_SQ_VALUE 1e-24f

/* This build's kernel tables (neighbour_kernel.h); every function below is
 * static and reached only through them. */
#if defined(STEER_WIDE_AVX512)
#define TABLE(dim) steer__kernels##dim##_avx512
#elif defined(STEER_WIDE_AVX2)
#define TABLE(dim) steer__kernels##dim##_avx2
#elif defined(STEER_WIDE_SSE2)
#define TABLE(dim) steer__kernels##dim##_sse2
#elif defined(STEER_WIDE_NEON)
#define TABLE(dim) steer__kernels##dim##_neon
#elif defined(STEER_WIDE_SIMD128)
#define TABLE(dim) steer__kernels##dim##_simd128
#else
#define TABLE(dim) steer__kernels##dim##_scalar
#endif


/* One accumulator set per physical register covering part of the 16 logical
 * lanes; neighbour counts are integers (mask popcounts). */
typedef struct sums {
    wf offset[3][STEER_WIDE_SETS], velocity[3][STEER_WIDE_SETS], sep[3][STEER_WIDE_SETS];
    int count, sep_count;
} sums;

#if STEER_WIDE_LANES == 1
/* x where keep, else +0, by its bits: compilers turn a conditional
 * expression into the branch that this avoids. */
static inline float kept_if(bool keep, float x)
{
    uint32_t bits;
    memcpy(&bits, &x, sizeof bits);
    bits &= (uint32_t)0 - (uint32_t)keep;
    memcpy(&x, &bits, sizeof x);
    return x;
}
#endif

/* dim, use_fov and all_groups are compile-time constants at every call, so
 * each combination compiles to its own loop, branch-free but for the
 * scalar backend's rare separation. */
static inline void gather_span(const steer__agents *a, const steer__span *span, const steer__gather_in *in,
                               int dim, bool use_fov, bool all_groups, sums *s)
{
    const wf one = wf_set1(1.0f), zero = wf_zero();
    const wf r2 = wf_set1(in->radius_sq), sep2 = wf_set1(in->separation_sq);
    wf q[3], h[3];
    STEER__ANALYZER_ASSUME(dim == 2 || dim == 3);
    for (int axis = 0; axis < dim; ++axis) {
        q[axis] = wf_set1(in->position[axis] + span->shift[axis]);
        h[axis] = wf_set1(in->heading[axis]);
    }
    const wf cos_fov = wf_set1(in->cos_half_fov);
#if STEER_WIDE_LANES == 1
    /* One candidate at a time, into its logical lane (16 accumulators per
     * quantity, reduced like the wide ones), with none of the work of the
     * wide loop's spare lanes. */
    (void)zero;
    for (int j = span->begin; j < span->end; ++j) {
        int lane = (j - span->begin) & (STEER_LOGICAL_LANES - 1);
        float d[3];
        d[0] = a->p[0][j] - q[0];
        d[1] = a->p[1][j] - q[1];
        float d2 = d[0] * d[0] + d[1] * d[1];
        if (dim == 3) {
            d[2] = a->p[2][j] - q[2];
            d2 = d2 + d[2] * d[2];
        }
        bool base = d2 > 0.0f;
        if (!all_groups) base = base && wm_groups(a->group + j, in->group_mask);
        if (use_fov) {
            float along = h[0] * d[0] + h[1] * d[1];
            if (dim == 3) along = along + h[2] * d[2];
            base = base && cos_fov * sqrtf(d2) <= along;
        }
        /* a neighbour or not is about a third each way, which no branch
         * predicts: adding d or +0 is the same bits as adding or not */
        bool near = base && d2 < r2;
        s->count += near;
        for (int axis = 0; axis < dim; ++axis) {
            s->offset[axis][lane] += kept_if(near, d[axis]);
            s->velocity[axis][lane] += kept_if(near, a->v[axis][j]);
        }
        if (base && d2 < sep2) { /* rare: a branch */
            float inv = one / d2;
            s->sep_count += 1;
            for (int axis = 0; axis < dim; ++axis) s->sep[axis][lane] += d[axis] * inv;
        }
    }
#else
    /* Logical lane l of a 16-wide step lives in set l / W, lane l % W: the set
     * index is a constant after unrolling, so accumulators stay in registers. */
    for (int step = span->begin; step < span->end; step += STEER_LOGICAL_LANES) {
        for (int set = 0; set < STEER_WIDE_SETS; ++set) {
            int j = step + set * STEER_WIDE_LANES;
            if (j >= span->end) break;
            wf d[3];
            d[0] = wf_sub(wf_load(a->p[0] + j), q[0]);
            d[1] = wf_sub(wf_load(a->p[1] + j), q[1]);
            wf d2 = wf_add(wf_mul(d[0], d[0]), wf_mul(d[1], d[1]));
            if (dim == 3) {
                d[2] = wf_sub(wf_load(a->p[2] + j), q[2]);
                d2 = wf_add(d2, wf_mul(d[2], d[2]));
            }
            wm base = wm_gt(d2, zero);
            if (span->end - j < STEER_WIDE_LANES) base = wm_and(base, wm_first(span->end - j));
            if (!all_groups) base = wm_and(base, wm_groups(a->group + j, in->group_mask));
            if (use_fov) {
                wf along = wf_add(wf_mul(h[0], d[0]), wf_mul(h[1], d[1]));
                if (dim == 3) along = wf_add(along, wf_mul(h[2], d[2]));
                base = wm_and(base, wm_le(wf_mul(cos_fov, wf_sqrt(d2)), along));
            }
            /* Whether a lane is a neighbour is data, not control flow. */
            wm near = wm_and(base, wm_lt(d2, r2));
            s->count += wm_count(near);
            for (int axis = 0; axis < dim; ++axis) {
                s->offset[axis][set] = wf_acc(s->offset[axis][set], near, d[axis]);
                s->velocity[axis][set] = wf_acc(s->velocity[axis][set], near, wf_load(a->v[axis] + j));
            }
            wm close = wm_and(base, wm_lt(d2, sep2));
            wf inv = wf_div(one, d2);
            s->sep_count += wm_count(close);
            for (int axis = 0; axis < dim; ++axis)
                s->sep[axis][set] = wf_acc(s->sep[axis][set], close, wf_mul(d[axis], inv));
        }
    }
#endif
}

static inline void gather_sums(const steer__agents *a, const steer__span *spans, int span_count,
                               const steer__gather_in *in, int dim, sums *s)
{
    s->count = s->sep_count = 0;
    for (int k = 0; k < STEER_WIDE_SETS; ++k)
        for (int axis = 0; axis < 3; ++axis) s->offset[axis][k] = s->velocity[axis][k] = s->sep[axis][k] = wf_zero();
    if (!in->use_fov && in->all_groups)
        for (int i = 0; i < span_count; ++i) gather_span(a, &spans[i], in, dim, false, true, s);
    else if (in->use_fov && in->all_groups)
        for (int i = 0; i < span_count; ++i) gather_span(a, &spans[i], in, dim, true, true, s);
    else if (!in->use_fov)
        for (int i = 0; i < span_count; ++i) gather_span(a, &spans[i], in, dim, false, false, s);
    else
        for (int i = 0; i < span_count; ++i) gather_span(a, &spans[i], in, dim, true, false, s);
}

/* The sums' vectors in raw order: quantity kind * dim + axis, kinds offset,
 * velocity, separation (6 in 2D, 9 in 3D). */
static inline wf *sum_vector(sums *s, int q, int dim)
{
    int kind = q / dim, axis = q % dim;
    return kind == 0 ? s->offset[axis] : kind == 1 ? s->velocity[axis] : s->sep[axis];
}

/* Reduces the 3 * dim vectors of s (eight at a time, the fixed tree of
 * wide.h) into r. */
static inline void reduce_sums(sums *s, int dim, float r[9])
{
    int quantities = 3 * dim;
    for (int first = 0; first < quantities; first += 8) {
        wf acc[8][STEER_WIDE_SETS];
        float part[8];
        for (int z = 0; z < 8; ++z) {
            int q = first + z;
            for (int k = 0; k < STEER_WIDE_SETS; ++k) acc[z][k] = q < quantities ? sum_vector(s, q, dim)[k] : wf_zero();
        }
        wf_reduce8(acc, part);
        for (int z = 0; z < 8 && first + z < quantities; ++z) r[first + z] = part[z];
    }
}

static inline void gather(const steer__agents *a, const steer__span *spans, int span_count,
                          const steer__gather_in *in, steer__gather_out *out, int dim)
{
    sums s;
    gather_sums(a, spans, span_count, in, dim, &s);
    float r[9];
    reduce_sums(&s, dim, r);
    out->count = (float)s.count;
    out->separation_count = (float)s.sep_count;
    for (int axis = 0; axis < 3; ++axis) {
        out->offset[axis] = axis < dim ? r[axis] : 0.0f;
        out->velocity[axis] = axis < dim ? r[dim + axis] : 0.0f;
        out->separation[axis] = axis < dim ? r[2 * dim + axis] : 0.0f;
    }
}

static void gather2(const steer__agents *a, const steer__span *spans, int span_count, const steer__gather_in *in,
               steer__gather_out *out)
{
    gather(a, spans, span_count, in, out, 2);
}

static void gather3(const steer__agents *a, const steer__span *spans, int span_count, const steer__gather_in *in,
               steer__gather_out *out)
{
    gather(a, spans, span_count, in, out, 3);
}

/* ---- raw gathers, reduced sixteen agents at a time ---------------------------- */
/* The sums of one agent left unreduced: the reduction's permutes then run
 * across sixteen agents in parallel (one result lane per agent) instead of
 * as a serial chain at the end of every gather. */
static inline void store_raw(sums *s, int dim, steer__raw_sums *out)
{
    for (int q = 0; q < 3 * dim; ++q)
        for (int k = 0; k < STEER_WIDE_SETS; ++k) wf_store(out->lane[q] + k * STEER_WIDE_LANES, sum_vector(s, q, dim)[k]);
    out->count = s->count;
    out->separation_count = s->sep_count;
}

static inline void gather_raw(const steer__agents *a, const steer__span *spans, int span_count,
                              const steer__gather_in *in, steer__raw_sums *out, int dim)
{
    sums s;
    gather_sums(a, spans, span_count, in, dim, &s);
    store_raw(&s, dim, out);
}

static void gather_raw2(const steer__agents *a, const steer__span *spans, int span_count, const steer__gather_in *in,
                   steer__raw_sums *out)
{
    gather_raw(a, spans, span_count, in, out, 2);
}

static void gather_raw3(const steer__agents *a, const steer__span *spans, int span_count, const steer__gather_in *in,
                   steer__raw_sums *out)
{
    gather_raw(a, spans, span_count, in, out, 3);
}

/* raw[0..16) -> the batch's neighbour columns at base..base+15, each lane
 * summed with the tree of wide_reduce16. */
static inline void reduce_raw(const steer__raw_sums *raw, steer__flock_batch *b, int base, int dim)
{
    float *column[9];
    for (int axis = 0; axis < dim; ++axis) {
        column[axis] = b->offset[axis] + base;
        column[dim + axis] = b->velocity[axis] + base;
        column[2 * dim + axis] = b->separation[axis] + base;
    }
    for (int k = 0; k < STEER_LOGICAL_LANES; ++k) {
        b->count[base + k] = (float)raw[k].count;
        b->separation_count[base + k] = (float)raw[k].separation_count;
    }
#if defined(STEER_WIDE_AVX512)
    /* Transposed tree, one result lane per agent, each the same tree
     * ((l0+l1)+(l2+l3))+... as wide_reduce16. The first two levels pair
     * lanes inside 128-bit blocks (in-lane shuffles, the cheap kind): after
     * them block j of a vector holds four agents' sums of their lanes
     * 4j..4j+3. The last two levels pair whole blocks, and leave agent k's
     * total in lane k. */
#define IN_LANE(x, y) _mm512_add_ps(_mm512_shuffle_ps(x, y, 0x88), _mm512_shuffle_ps(x, y, 0xDD))
#define BLOCKS(x, y) _mm512_add_ps(_mm512_shuffle_f32x4(x, y, 0x88), _mm512_shuffle_f32x4(x, y, 0xDD))
    for (int q = 0; q < 3 * dim; ++q) {
        __m512 l1[8], l2[4], l3[2];
        for (int k = 0; k < 8; ++k) l1[k] = IN_LANE(_mm512_loadu_ps(raw[2 * k].lane[q]), _mm512_loadu_ps(raw[2 * k + 1].lane[q]));
        for (int k = 0; k < 4; ++k) l2[k] = IN_LANE(l1[2 * k], l1[2 * k + 1]);
        for (int k = 0; k < 2; ++k) l3[k] = BLOCKS(l2[2 * k], l2[2 * k + 1]);
        _mm512_storeu_ps(column[q], BLOCKS(l3[0], l3[1]));
    }
#undef IN_LANE
#undef BLOCKS
#elif STEER_WIDE_LANES == 1
    for (int k = 0; k < STEER_LOGICAL_LANES; ++k)
        for (int q = 0; q < 3 * dim; ++q) column[q][k] = wide_reduce16(raw[k].lane[q]);
#else
    /* wf_reduce8 takes eight agents' sums of one quantity at a time: each
     * tree is its own accumulator's, so the results land in column order. */
    for (int q = 0; q < 3 * dim; ++q)
        for (int first = 0; first < STEER_LOGICAL_LANES; first += 8) {
            wf acc[8][STEER_WIDE_SETS];
            for (int z = 0; z < 8; ++z)
                for (int set = 0; set < STEER_WIDE_SETS; ++set)
                    acc[z][set] = wf_load(raw[first + z].lane[q] + set * STEER_WIDE_LANES);
            wf_reduce8(acc, column[q] + first);
        }
#endif
}

static void reduce2(const steer__raw_sums *raw, steer__flock_batch *b, int base) { reduce_raw(raw, b, base, 2); }
static void reduce3(const steer__raw_sums *raw, steer__flock_batch *b, int base) { reduce_raw(raw, b, base, 3); }

/* ---- a cell's agents against its staged candidates ------------------------- */
/* Agent by agent, gather_span over the one unshifted span of the staged
 * list, so out[k] is exactly what gather_raw gives. (Two agents per pass,
 * sharing candidate loads, measured slower: the accumulators no longer fit
 * the registers.) */
static inline void gather_cell(const steer__agents *c, int n, const steer__cell_agents *ag, steer__raw_sums *out,
                               int dim)
{
    const steer__span all = {0, n, {0.0f, 0.0f, 0.0f}};
    for (int k = 0; k < ag->count; ++k) {
        steer__gather_in in = {{ag->p[0][k], ag->p[1][k], dim == 3 ? ag->p[2][k] : 0.0f}, {0.0f, 0.0f, 0.0f},
                               ag->radius_sq[k], ag->separation_sq[k], 1.0f, false, true, 0xFFFFFFFFu};
        sums s;
        s.count = s.sep_count = 0;
        for (int set = 0; set < STEER_WIDE_SETS; ++set)
            for (int axis = 0; axis < 3; ++axis) s.offset[axis][set] = s.velocity[axis][set] = s.sep[axis][set] = wf_zero();
        gather_span(c, &all, &in, dim, false, true, &s);
        store_raw(&s, dim, &out[k]);
    }
}

static void gather_cell2(const steer__agents *c, int n, const steer__cell_agents *ag, steer__raw_sums *out)
{
    gather_cell(c, n, ag, out, 2);
}

static void gather_cell3(const steer__agents *c, int n, const steer__cell_agents *ag, steer__raw_sums *out)
{
    gather_cell(c, n, ag, out, 3);
}

/* ---- staging: a cell's candidates as one list ------------------------------- */
static inline void stage(const steer__agents *a, const steer__span *spans, int span_count, const steer__staged *out,
                         int dim)
{
    int o = 0;
    for (int s = 0; s < span_count; ++s) {
        const int n = spans[s].end - spans[s].begin, first = spans[s].begin;
        wf shift[3];
        for (int axis = 0; axis < dim; ++axis) shift[axis] = wf_set1(spans[s].shift[axis]);
        /* whole vectors: the tail past n is overwritten by the next span or
         * lies in the pad; sources are padded by STEER__PAD. One loop per
         * span with every array inside it, its first sixteen lanes copied
         * whatever n: a loop per array, each ending where n said, had its
         * exits mispredicted */
        const int whole = STEER_WIDE_LANES > 1 ? STEER_LOGICAL_LANES : 0;
        for (int k = 0; k < whole || k < n; k += STEER_WIDE_LANES)
            for (int axis = 0; axis < dim; ++axis) {
                wf_store(out->p[axis] + o + k, wf_sub(wf_load(a->p[axis] + first + k), shift[axis]));
                wf_store(out->v[axis] + o + k, wf_load(a->v[axis] + first + k));
            }
        o += n;
    }
}

static void stage2(const steer__agents *a, const steer__span *spans, int span_count, const steer__staged *out)
{
    stage(a, spans, span_count, out, 2);
}

static void stage3(const steer__agents *a, const steer__span *spans, int span_count, const steer__staged *out)
{
    stage(a, spans, span_count, out, 3);
}

/* ---- flock rules, lane = agent --------------------------------------------- */
static inline wf dot(const wf *a, const wf *b, int dim)
{
    STEER__ANALYZER_ASSUME(dim == 2 || dim == 3); /* a constant at every call: the vectors' first dim are set */
    wf r = wf_add(wf_mul(a[0], b[0]), wf_mul(a[1], b[1]));
    return dim == 3 ? wf_add(r, wf_mul(a[2], b[2])) : r;
}

/* Length that does not overflow: huge vectors are measured scaled by 2^-64. */
static inline wf robust_len(const wf *a, wf l2, int dim)
{
    wf len = wf_sqrt(l2);
    wm huge = wm_gt(l2, wf_set1(FLT_MAX));
    if (wm_none(huge)) return len; /* the usual case; either way, the same lanes */
    const wf down = wf_set1(0x1p-64f);
    wf s[3];
    for (int k = 0; k < dim; ++k) s[k] = wf_mul(a[k], down);
    wf big = wf_mul(wf_sqrt(dot(s, s, dim)), wf_set1(0x1p64f));
    return wf_blend(huge, big, len);
}

/* out = a * (scale / l), l = |a| (robust_len), zero where l is tiny or not finite. */
static inline void set_length_of(const wf *a, wf l, wf scale, wf *out, int dim)
{
    wm ok = wm_and(wm_gt(wf_mul(l, l), wf_set1(STEER_EPSILON_SQ_VALUE)), wm_le(l, wf_set1(FLT_MAX)));
    wf inv = wf_div(wf_set1(1.0f), l);
    for (int k = 0; k < dim; ++k) out[k] = wf_select(ok, wf_mul(wf_mul(a[k], inv), scale));
}

/* out = a * (scale / |a|), zero where |a| is tiny or not finite. */
static inline void set_length(const wf *a, wf l2, wf scale, wf *out, int dim)
{
    set_length_of(a, robust_len(a, l2, dim), scale, out, dim);
}

/* Cap the length at max (max > 0); a non-finite vector becomes zero. */
static inline void truncate_sq(wf *a, wf l2, wf max, int dim)
{
    wm keep = wm_le(l2, wf_mul(max, max));
    wf cut[3];
    set_length(a, l2, max, cut, dim);
    for (int k = 0; k < dim; ++k) a[k] = wf_blend(keep, a[k], cut[k]);
}

static inline void truncate_wide(wf *a, wf max, int dim) { truncate_sq(a, dot(a, a, dim), max, dim); }

static inline wf wf_min_(wf a, wf b) { return wf_blend(wm_lt(a, b), a, b); }
static inline wf wf_max_(wf a, wf b) { return wf_blend(wm_gt(a, b), a, b); }

/* The lanes where the braking cap sqrt(2 a d) - a dt / 2 provably leaves
 * speed as it is: 2 a d (two_ad) clears (speed + a dt / 2)^2 by 1e-4, far
 * more than the rounding of either side, and is finite. Where either side
 * overflows the test proves nothing (with a huge a dt the cap is Inf - Inf,
 * and the one-step landing binds). */
static inline wm cap_loose_(wf speed, wf half_adt, wf two_ad)
{
    wf reach = wf_mul(wf_add(speed, half_adt), wf_set1(1.0001f));
    return wm_and(wm_le(wf_mul(reach, reach), two_ad), wm_le(two_ad, wf_set1(FLT_MAX)));
}

/* The braking arrive of lanes [base, base + 16) toward their goal targets
 * (see steer__flock_batch): the desired speed is the goal's speed, ramped
 * inside the slow radius, capped by sqrt(2 a d) - a dt / 2 (at least the
 * one-step landing min(d / dt, a dt)), zero within the tolerance; the
 * change toward it is limited to the step's budget, braking along the line
 * first; the force is that change per dt, times mass and weight. */
static inline void arrive_force(const steer__flock_batch *b, int base, const wf *v, wf *out, int dim)
{
    const wf zero = wf_zero();
    wf off[3], dir[3];
    for (int k = 0; k < dim; ++k) off[k] = wf_sub(wf_load(b->goal_target[k] + base), wf_load(b->p[k] + base));
    wf d2 = dot(off, off, dim), dist = robust_len(off, d2, dim);
    set_length_of(off, dist, wf_set1(1.0f), dir, dim);
    wf speed = wf_load(b->goal_speed + base), slow = wf_load(b->goal_slow + base);
    /* Most lanes cruise far from their targets, where the ramp and the cap
     * leave the speed exactly as it is; each is computed only when some lane
     * may be inside it, and taken only by those lanes, so that a lane's
     * speed never depends on the others in its register. The ramp: dist /
     * slow >= 1 keeps it. */
    wm ramped = wm_and(wm_gt(slow, zero), wm_not(wm_le(slow, dist)));
    if (!wm_none(ramped)) /* the lanes that skip it when alone keep their speed here too (0 * inf) */
        speed = wf_blend(ramped, wf_min_(speed, wf_mul(speed, wf_div(dist, slow))), speed);
    /* The cap */
    wf root = wf_load(b->arrive_root_2a + base), half_adt = wf_load(b->arrive_half_adt + base);
    wm may_bind = wm_not(cap_loose_(speed, half_adt, wf_mul(dist, wf_mul(root, root))));
    if (!wm_none(may_bind)) {
        wf cap = wf_sub(wf_mul(root, wf_sqrt(dist)), half_adt);
        wf land = wf_min_(wf_mul(dist, wf_set1(1.0f / b->dt)), wf_load(b->arrive_adt + base));
        cap = wf_blend(wm_le(land, cap), cap, land); /* also a NaN cap */
        speed = wf_blend(may_bind, wf_min_(speed, wf_max_(cap, zero)), speed);
    }
    speed = wf_blend(wm_le(dist, wf_load(b->arrive_tolerance + base)), zero, speed);
    wf change[3], side[3], brake_first[3];
    for (int k = 0; k < dim; ++k) change[k] = wf_sub(wf_mul(dir[k], speed), v[k]);
    wf budget = wf_load(b->arrive_budget + base), scale = wf_load(b->arrive_scale + base);
    wf change_sq = dot(change, change, dim);
    wm over = wm_gt(change_sq, wf_mul(budget, budget));
    if (wm_none(over)) { /* the usual case: the change fits the step's budget */
        for (int k = 0; k < dim; ++k) out[k] = wf_mul(change[k], scale);
        return;
    }
    wf cut[3] = {change[0], change[1], dim == 3 ? change[2] : zero};
    truncate_sq(cut, change_sq, budget, dim);
    wf along = dot(change, dir, dim);
    wm braking = wm_lt(along, zero);
    if (wm_none(wm_and(over, braking))) { /* over the budget while speeding up or turning: cut */
        for (int k = 0; k < dim; ++k) out[k] = wf_mul(wf_blend(over, cut[k], change[k]), scale);
        return;
    }
    wf brake = wf_max_(along, wf_sub(zero, budget));
    wf left = wf_max_(wf_sub(wf_mul(budget, budget), wf_mul(brake, brake)), zero);
    for (int k = 0; k < dim; ++k) side[k] = wf_sub(change[k], wf_mul(dir[k], along));
    truncate_wide(side, wf_sqrt(left), dim);
    for (int k = 0; k < dim; ++k) brake_first[k] = wf_add(wf_mul(dir[k], brake), side[k]);
    for (int k = 0; k < dim; ++k)
        out[k] = wf_mul(wf_blend(over, wf_blend(braking, brake_first[k], cut[k]), change[k]), scale);
}

/* Whether each arriving lane ended within its tolerance and slower than its
 * arrival speed (bits of b->arrived). */
static inline void arrival_bits(steer__flock_batch *b, int base, const wf *pos, const wf *vel, int dim)
{
    wf off[3];
    for (int k = 0; k < dim; ++k) off[k] = wf_sub(wf_load(b->goal_target[k] + base), pos[k]);
    wm near = wm_le(dot(off, off, dim), wf_load(b->arrive_tolerance_sq + base));
    wm slow = wm_le(dot(vel, vel, dim), wf_load(b->arrival_speed_sq + base));
    unsigned bits = wm_bits(wm_and(near, slow));
    if (base % 16 == 0) b->arrived[base / 16] = (uint16_t)bits;
    else b->arrived[base / 16] |= (uint16_t)(bits << (base % 16));
}

/* The flock's three rules of lanes [base, base + 16), weighted and summed. */
static inline void flock_rules(const steer__flock_batch *b, int base, int dim, wf *total)
{
    const wf zero = wf_zero(), one = wf_set1(1.0f);
    wf count = wf_load(b->count + base), sep_count = wf_load(b->separation_count + base);
    wm has = wm_gt(count, zero), has_sep = wm_gt(sep_count, zero);
    wf inv = wf_div(one, count), neg_inv_sep = wf_div(wf_set1(-1.0f), sep_count);
    wf max_speed = wf_load(b->max_speed + base);
    wf v[3], centre[3], dir[3];
    for (int k = 0; k < dim; ++k) {
        v[k] = wf_load(b->v[k] + base);
        centre[k] = wf_mul(wf_load(b->offset[k] + base), inv);
    }
    set_length(centre, dot(centre, centre, dim), max_speed, dir, dim);
    wf ws = wf_load(b->weight_separation + base), wa = wf_load(b->weight_alignment + base);
    wf wc = wf_load(b->weight_cohesion + base);
    for (int k = 0; k < dim; ++k) {
        wf sep = wf_select(has_sep, wf_mul(wf_load(b->separation[k] + base), neg_inv_sep));
        wf align = wf_select(has, wf_sub(wf_mul(wf_load(b->velocity[k] + base), inv), v[k]));
        wf cohere = wf_select(has, wf_sub(dir[k], v[k]));
        total[k] = wf_add(wf_add(wf_mul(sep, ws), wf_mul(align, wa)), wf_mul(cohere, wc));
    }
}

/* The own goals' forces of lanes [base, base + 16) (any_goal): the caller's,
 * or the braking arrive worked out here. */
static inline void goal_lanes(const steer__flock_batch *b, int base, int dim, wf *goal)
{
    const wf one = wf_set1(1.0f);
    wf lane = wf_load(b->goal_lane + base), v[3];
    for (int k = 0; k < dim; ++k) {
        goal[k] = wf_load(b->goal_force[k] + base);
        v[k] = wf_load(b->v[k] + base);
    }
    wm arriving = wm_gt(lane, one);
    if (b->any_arrive && !wm_none(arriving)) {
        wf arrive[3];
        arrive_force(b, base, v, arrive, dim);
        for (int k = 0; k < dim; ++k) goal[k] = wf_blend(arriving, arrive[k], goal[k]);
    }
}

/* Lanes [base, base + 16): the steering force (total, with goal added where
 * a lane has its own) truncated, the new velocity, the move. */
static inline void flock_finish(steer__flock_batch *b, int base, int dim, wf *total, const wf *goal)
{
    const wf zero = wf_zero();
    wf max_speed = wf_load(b->max_speed + base), v[3];
    for (int k = 0; k < dim; ++k) v[k] = wf_load(b->v[k] + base);
    if (b->any_goal) {
        wm own = wm_gt(wf_load(b->goal_lane + base), zero);
        for (int k = 0; k < dim; ++k) total[k] = wf_blend(own, wf_add(total[k], goal[k]), total[k]);
    }
    truncate_wide(total, wf_load(b->max_force + base), dim);
    const bool ground = dim == 3 && b->any_ground;
    wm on_ground = ground ? wm_gt(wf_load(b->ground + base), zero) : wm_not(wm_ones());
    if (ground) total[b->up] = wf_blend(on_ground, zero, total[b->up]); /* steer__drop_up's +0 */
    wf step = wf_load(b->inv_mass_dt + base);
    for (int k = 0; k < dim; ++k) total[k] = wf_add(v[k], wf_mul(total[k], step));
    truncate_wide(total, max_speed, dim);
    if (ground) total[b->up] = wf_blend(on_ground, zero, total[b->up]);
    for (int k = 0; k < dim; ++k) wf_store(b->out[k] + base, total[k]);
    /* the move, with the arithmetic of the world's scalar path */
    wm inside = wm_ones();
    wf pos[3];
    const wf dt = wf_set1(b->dt);
    for (int k = 0; k < dim; ++k) {
        pos[k] = wf_add(wf_load(b->p[k] + base), wf_mul(total[k], dt));
        wf_store(b->pos[k] + base, pos[k]);
        inside = wm_and(inside, wm_and(wm_le(wf_set1(b->lo[k]), pos[k]), wm_lt(pos[k], wf_set1(b->hi[k]))));
    }
    unsigned bits = wm_bits(inside);
    if (base % 16 == 0) b->inside[base / 16] = (uint16_t)bits;
    else b->inside[base / 16] |= (uint16_t)(bits << (base % 16));
    if (b->any_arrive) arrival_bits(b, base, pos, total, dim);
}

/* The batch in phases, each a loop over its four 16-lane blocks (rules, own
 * goals, finish), rather than one block through all of them: a block's
 * chain of roots and divisions is longer than the core's window, so whole
 * blocks did not overlap; the phases' shorter ones do. The same operations
 * per lane, so the same bits. */
static inline void flock(steer__flock_batch *b, int dim)
{
    enum { BLOCKS = STEER__BATCH / STEER_WIDE_LANES };
    wf total[BLOCKS][3], goal[BLOCKS][3];
    for (int k = 0; k < BLOCKS; ++k) flock_rules(b, k * STEER_WIDE_LANES, dim, total[k]);
    if (b->any_goal)
        for (int k = 0; k < BLOCKS; ++k) goal_lanes(b, k * STEER_WIDE_LANES, dim, goal[k]);
    for (int k = 0; k < BLOCKS; ++k) flock_finish(b, k * STEER_WIDE_LANES, dim, total[k], goal[k]);
}

static void flock2(steer__flock_batch *b) { flock(b, 2); }
static void flock3(steer__flock_batch *b) { flock(b, 3); }

static inline void keys(const steer__key_grid *g, const float *const p[3], int first, int n, uint32_t *out, int dim)
{
    const wf zero = wf_zero(), one = wf_set1(1.0f);
    wf lo[3], inv_cell[3], cells[3], top[3];
    wi stride[3];
    for (int k = 0; k < dim; ++k) {
        lo[k] = wf_set1(g->lo[k]);
        inv_cell[k] = wf_set1(g->inv_cell[k]);
        cells[k] = wf_set1(g->cells[k]);
        top[k] = wf_sub(cells[k], one);
        stride[k] = wi_set1(g->stride[k]);
    }
    for (int base = 0; base < n; base += STEER_WIDE_LANES) {
        wi key = wi_set1(0);
        for (int k = 0; k < dim; ++k) {
            wf x = wf_mul(wf_sub(wf_load(p[k] + first + base), lo[k]), inv_cell[k]);
            /* x > 0 ? (x < cells ? x : cells - 1) : 0 (NaN: 0), then truncate */
            wf clamped = wf_select(wm_gt(x, zero), wf_blend(wm_lt(x, cells[k]), x, top[k]));
            key = wi_add(key, wi_mul(wi_trunc(clamped), stride[k]));
        }
        wi_store(out + base, key);
    }
}

static void keys2(const steer__key_grid *g, const float *const p[3], int first, int n, uint32_t *out)
{
    keys(g, p, first, n, out, 2);
}
static void keys3(const steer__key_grid *g, const float *const p[3], int first, int n, uint32_t *out)
{
    keys(g, p, first, n, out, 3);
}

/* ---- moving agents to their sorted places ------------------------------------ */
static void move_agents(const steer__move_arrays *m, int first, const uint32_t *to, int n)
{
    const unsigned all = (1u << STEER_WIDE_LANES) - 1u;
    const wi none = wi_set1(STEER__NO_DEST), one = wi_set1(1);
    for (int base = 0; base < n; base += STEER_WIDE_LANES) {
        wi dest = wi_load(to + base), prev = wi_load(to + base - 1);
        unsigned valid = ~wi_eq_bits(dest, none) & all;
        /* a lane continues the previous one's segment when its place follows
         * (a NO_DEST lane's successor would be 0: it never continues) */
        unsigned cont = wi_eq_bits(dest, wi_add(prev, one)) & ~wi_eq_bits(prev, none);
        unsigned starts = valid & (~cont | 1u); /* each window stores its own lanes */
        if (!starts) continue;
        int at = first + base;
        wf v[STEER__MOVE_FLOATS];
        for (int q = 0; q < m->floats; ++q) v[q] = wf_load(m->src[q] + at);
        wi v32 = wi_load(m->src32 + at);
        wb v8 = wb_load(m->src8 + at);
        for (; starts; starts &= starts - 1) {
            int lane = steer__lowest_bit(starts);
            unsigned later = starts & (starts - 1);
            unsigned upto = later ? (1u << steer__lowest_bit(later)) - 1u : all;
            unsigned segment = valid & upto & ~((1u << lane) - 1u);
            uint32_t d = to[base + lane];
            for (int q = 0; q < m->floats; ++q) wf_store_run(m->dst[q], d, lane, segment, v[q]);
            wi_store_run(m->dst32, d, lane, segment, v32);
            wb_store_run(m->dst8, d, lane, segment, v8);
        }
    }
}

/* ---- what a predictive agent sees, lane = candidate ------------------------- */
static inline wm wm_eq_(wf a, wf b) { return wm_and(wm_le(a, b), wm_le(b, a)); }

/* dim 2, or 3 with up -1: |d|^2 over those axes. 3 with up the ground's up
 * axis (a ground agent's look): |d|^2 on the ground, the candidate kept
 * only within the radius in height too (a cylinder, inside the cells
 * searched), and written at the agent's own height, not moving up. */
static inline void select_candidates(const steer__agents *a, int begin, int end, const float shift[3],
                                     const steer__select_in *in, steer__picked *out, int dim, int up)
{
    static const uint32_t lane_numbers[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    const wf zero = wf_zero(), r2 = wf_set1(in->radius_sq);
    const wi lanes = wi_load(lane_numbers);
    const int axes = dim == 3 && up < 0 ? 3 : 2, second = up == 1 ? 2 : 1; /* the ground's axes: x and second */
    int n = out->count;
    for (int j = begin; j < end; j += STEER_WIDE_LANES) {
        wf d2 = zero, q[3], v[3];
        wm alike = wm_ones(), level = wm_ones();
        for (int i = 0; i < axes; ++i) {
            const int k = i == 0 ? 0 : i == 1 ? second : 2;
            q[k] = wf_sub(wf_load(a->p[k] + j), wf_set1(shift[k]));
            v[k] = wf_load(a->v[k] + j);
            wf d = wf_sub(q[k], wf_set1(in->position[k]));
            d2 = i == 0 ? wf_mul(d, d) : wf_add(d2, wf_mul(d, d)); /* 0 + d0^2 is d0^2 */
            alike = wm_and(alike, wm_eq_(v[k], wf_set1(in->velocity[k])));
        }
        if (up >= 0) { /* the height: within the radius, and itself only at its own */
            wf h = wf_sub(wf_sub(wf_load(a->p[up] + j), wf_set1(shift[up])), wf_set1(in->position[up]));
            wf h2 = wf_mul(h, h);
            level = wm_lt(h2, r2);
            alike = wm_and(alike, wm_and(wm_eq_(h2, zero), wm_eq_(wf_load(a->v[up] + j), wf_set1(in->velocity[up]))));
        }
        wm same = wm_and(wm_eq_(d2, zero), alike), seen = wm_and(wm_and(wm_lt(d2, r2), level), wm_not(same));
        if (end - j < STEER_WIDE_LANES) {
            seen = wm_and(seen, wm_first(end - j));
            same = wm_and(same, wm_first(end - j));
        }
        unsigned same_bits = wm_bits(same); /* almost always none: the agent itself once in its list */
        if (same_bits) out->identical += wide_popcount16(same_bits);
        if (!in->all_groups) seen = wm_and(seen, wm_groups(a->group + j, in->group_mask));
        /* every register is stored, kept lanes or none: no branch on what is seen */
        unsigned bits = wm_bits(seen);
        for (int i = 0; i < axes; ++i) {
            const int k = i == 0 ? 0 : i == 1 ? second : 2;
            wf_compress_store(out->p[k] + n, bits, q[k]);
            wf_compress_store(out->v[k] + n, bits, v[k]);
        }
        if (dim == 2 || up >= 0) { /* 2D: z = 0; on the ground: its own height, not moving up */
            const int k = dim == 2 ? 2 : up;
            wf_store(out->p[k] + n, dim == 2 ? zero : wf_set1(in->position[k]));
            wf_store(out->v[k] + n, zero);
        }
        wf_compress_store(out->d2 + n, bits, d2);
        wi_compress_store(out->index + n, bits, wi_add(lanes, wi_set1((uint32_t)j)));
        n += wide_popcount16(bits);
    }
    out->count = n;
}

static void select2(const steer__agents *a, int begin, int end, const float shift[3], const steer__select_in *in,
                    steer__picked *out)
{
    select_candidates(a, begin, end, shift, in, out, 2, -1);
}
static void select3(const steer__agents *a, int begin, int end, const float shift[3], const steer__select_in *in,
                    steer__picked *out)
{
    if (in->ground_up == 1) select_candidates(a, begin, end, shift, in, out, 3, 1);
    else if (in->ground_up == 2) select_candidates(a, begin, end, shift, in, out, 3, 2);
    else select_candidates(a, begin, end, shift, in, out, 3, -1);
}

/* ---- anticipation terms, lane = neighbour --------------------------------- */
static inline wm wm_or_(wm a, wm b) { return wm_not(wm_and(wm_not(a), wm_not(b))); }
static inline wf wf_neg_(wf a) { return wf_mul(a, wf_set1(-1.0f)); } /* the sign flipped, zeros too */
/* x finite: x - x is 0, else NaN */
static inline wm wm_finite_(wf x) { return wm_le(wf_sub(x, x), wf_zero()); }
/* l2 a square steer_v3_direction and steer_v3_len take without rescaling */
static inline wm wm_plain_square_(wf l2) { return wm_and(wm_le(wf_set1(FLT_MIN), l2), wm_le(l2, wf_set1(FLT_MAX))); }
static inline wf wf_abs_(wf a) { return wf_blend(wm_lt(a, wf_zero()), wf_neg_(a), a); }

/* steer_exp2 (math.c) in lanes: the same clamp, rounding to an integer i
 * and polynomial, then the scaling by 2^i as two exact powers of two (i / 2
 * and the rest, both normal for i >= -151): the first product is exact and
 * the second rounds once (to a subnormal, or 0, below 2^-126), as ldexpf
 * does. */
static inline wf wf_exp2_(wf x)
{
    const wf one = wf_set1(1.0f), half = wf_set1(0.5f), lo = wf_set1(-151.0f), hi = wf_set1(0x1.fffffep6f);
    wm nan = wm_not(wm_eq_(x, x));
    /* NaN clamped too (to lo; its lane gives one below): the scalar
     * build's wi_trunc of a NaN would be undefined behaviour */
    x = wf_blend(wm_le(lo, x), wf_blend(wm_gt(x, hi), hi, x), lo);
    /* floorf(x + 0.5): to the nearest integer by 1.5 * 2^23 (exact for
     * |y| < 2^22), then one down where that rounded up */
    const wf magic = wf_set1(12582912.0f);
    wf y = wf_add(x, half), r = wf_sub(wf_add(y, magic), magic);
    wf i = wf_sub(r, wf_select(wm_gt(r, y), one));
    wf f = wf_sub(x, i);
    wf p = wf_add(wf_mul(wf_set1(1.535336188319500e-4f), f), wf_set1(1.339887440266574e-3f));
    p = wf_add(wf_mul(p, f), wf_set1(9.618437357674640e-3f));
    p = wf_add(wf_mul(p, f), wf_set1(5.550332471162809e-2f));
    p = wf_add(wf_mul(p, f), wf_set1(2.402264791363012e-1f));
    p = wf_add(wf_mul(p, f), wf_set1(6.931472028550421e-1f));
    p = wf_add(wf_mul(f, p), one);
    wi whole = wi_trunc(i), first = wi_trunc(wf_mul(i, half));
    wi rest = wi_add(whole, wi_mul(first, wi_set1(0xFFFFFFFFu))); /* whole - first */
    const wi bias = wi_set1(127), exponent = wi_set1(1u << 23);
    wf first_power = wf_from_bits(wi_mul(wi_add(first, bias), exponent));
    wf rest_power = wf_from_bits(wi_mul(wi_add(rest, bias), exponent));
    return wf_blend(nan, one, wf_mul(wf_mul(p, first_power), rest_power));
}

/* Bits of lanes [base, base + STEER_WIDE_LANES) into the 16-lane words. */
static inline void store_lane_bits(uint16_t *const out[3], const unsigned bits[3], int base)
{
    for (int q = 0; q < 3; ++q) {
        if (base % 16 == 0) out[q][base / 16] = (uint16_t)bits[q];
        else out[q][base / 16] |= (uint16_t)(bits[q] << (base % 16));
    }
}

/* Lanes [base, base + STEER_WIDE_LANES): steer__anticipation_neighbour3's arithmetic on
 * its usual path (relative_motion's scale 1, direction's unscaled square
 * root), in the same order, so the same bits; the exponential as
 * steer_exp2 computes it (wf_exp2_). */
static inline void anticipate_lanes(const steer__anticipation_lanes *in, int base, int dim)
{
    const wf zero = wf_zero(), one = wf_set1(1.0f);
    /* lanes past count take a neighbour at the origin, at rest, of radius 0
     * and priority 1 (whatever the arrays hold there): finite, and their
     * results are not read */
    const int live_n = in->count - base;
    const wm live = live_n >= STEER_WIDE_LANES ? wm_ones() : live_n <= 0 ? wm_not(wm_ones()) : wm_first(live_n);
    /* in 2D every z is 0: left out of each sum below, where it would add
     * +0 (or its square), which changes no bits */
    wf w[3] = {zero, zero, zero}, v[3] = {zero, zero, zero};
    for (int k = 0; k < dim; ++k) {
        w[k] = wf_sub(wf_select(live, wf_load(in->p[k] + base)), wf_set1(in->pos[k]));
        v[k] = wf_sub(wf_set1(in->vel[k]), wf_select(live, wf_load(in->v[k] + base)));
    }
    wf radius = wf_add(wf_set1(in->agent_radius), wf_select(live, wf_load(in->radius + base)));
    /* relative_motion rescales (or halves) unless every value is finite
     * and the largest magnitude is 0 or within [2^-20, 2^20] */
    wm finite = wm_finite_(radius);
    wf m = wf_abs_(radius);
    for (int k = 0; k < dim; ++k) { /* (a zero z could only turn a NaN m, which is not finite anyway, to 0) */
        finite = wm_and(finite, wm_and(wm_finite_(w[k]), wm_finite_(v[k])));
        wf aw = wf_abs_(w[k]), av = wf_abs_(v[k]);
        m = wf_max_(wf_max_(aw, m), av);
    }
    wm odd = wm_or_(wm_not(finite), wm_or_(wm_gt(m, wf_set1(0x1p20f)), wm_and(wm_lt(m, wf_set1(0x1p-20f)), wm_gt(m, zero))));
    /* contact_time */
    wf a = dot(v, v, dim), b = dot(w, v, dim), c = wf_sub(dot(w, w, dim), wf_mul(radius, radius));
    wm apart = wm_gt(c, zero);
    wf disc = wf_sub(wf_mul(b, b), wf_mul(a, c));
    wm closing = wm_and(wm_and(apart, wm_gt(b, zero)), wm_and(wm_gt(disc, zero), wm_finite_(disc)));
    uint16_t *const out[3] = {in->used, in->sided, in->exceptional};
    if (!wm_bits(closing) && !wm_bits(wm_le(c, zero)) && !wm_bits(odd)) {
        /* none closing, none in contact: every tau is -1, no lane used (nor
         * a square root or a division on the way to that) */
        const unsigned none[3] = {0, 0, 0};
        store_lane_bits(out, none, base);
        return;
    }
    wf root = wf_select(closing, wf_sqrt(wf_select(closing, disc)));
    wf tau = wf_blend(closing, wf_div(c, wf_add(b, root)), wf_blend(wm_le(c, zero), zero, wf_set1(-1.0f)));
    /* in contact: straight apart */
    wm contact = wm_and(wm_le(tau, zero), wm_le(zero, tau));
    /* or pushed by the energy's gradient */
    wm pushed = wm_gt(tau, zero);
    if (!in->energy) pushed = wm_not(wm_ones()); /* contacts only */
    if (in->horizon > 0.0f) pushed = wm_and(pushed, wm_le(tau, wf_set1(in->horizon)));
    wm used = wm_or_(contact, pushed);
    unsigned bits[3] = {wm_bits(used), 0, wm_bits(odd)};
    if (!bits[0] && !bits[2]) { /* most neighbours are not on course to touch: nothing more to work out */
        store_lane_bits(out, bits, base);
        return;
    }
    wf nw[3], d[3], away[3];
    for (int k = 0; k < dim; ++k) {
        nw[k] = wf_neg_(w[k]);
        d[k] = wf_sub(wf_mul(v[k], tau), w[k]);
    }
    wf dir_l2 = wf_blend(contact, dot(nw, nw, dim), dot(d, d, dim));
    wf inv = wf_div(one, wf_sqrt(dir_l2));
    for (int k = 0; k < dim; ++k) away[k] = wf_mul(wf_blend(contact, nw[k], d[k]), inv);
    /* 2D: -0 (towards the agent) or +0 (the miss vector) times inv, as in 3D */
    if (dim == 2) away[2] = wf_blend(contact, wf_set1(-0.0f), zero);
    /* (only lanes in use can be odd here: none when the register stopped above) */
    odd = wm_or_(odd, wm_and(used, wm_not(wm_plain_square_(dir_l2))));
    odd = wm_or_(odd, wm_and(pushed, wm_not(wm_plain_square_(a))));
    bits[2] = wm_bits(odd);
    wf e = wf_exp2_(wf_mul(tau, wf_set1(in->rate)));
    wf inv_tau0 = wf_set1(in->inv_tau0);
    wf magnitude = wf_mul(wf_mul(wf_set1(in->k), e), wf_add(wf_div(wf_set1(2.0f), tau), inv_tau0));
    magnitude = wf_mul(wf_div(magnitude, wf_mul(tau, tau)), wf_div(radius, root));
    wf push = wf_div(magnitude, wf_set1(in->max_force));
    push = wf_blend(wm_le(push, one), push, one);
    /* p_j: a positive finite priority or 1 */
    wf pj = wf_blend(live, wf_load(in->priority + base), one);
    pj = wf_blend(wm_and(wm_gt(pj, zero), wm_le(pj, wf_set1(FLT_MAX))), pj, one);
    /* the step's cap per unit of approach at contact, twice against a
     * higher priority that comes at the agent (scale 1 here: the division
     * by it is exact) */
    wf cap = wf_mul(wf_neg_(dot(v, away, dim)), wf_set1(in->brake));
    wf other_v[3] = {zero, zero, zero};
    for (int k = 0; k < dim; ++k) other_v[k] = wf_select(live, wf_load(in->v[k] + base));
    wm comes = wm_gt(dot(other_v, away, dim), zero);
    cap = wf_blend(wm_and(wm_lt(wf_set1(in->own), pj), comes), wf_mul(cap, wf_set1(2.0f)), cap);
    push = wf_blend(wm_lt(cap, push), cap, push);
    push = wf_blend(wm_gt(push, zero), push, zero); /* a zero of either sign is +0 */
    push = wf_blend(contact, one, push);
    wf len_v = wf_sqrt(a);
    wf centrality = wf_div(root, wf_mul(len_v, radius));
    centrality = wf_min_(centrality, one); /* steer_minf: NaN gives one */
    centrality = wf_select(wm_and(pushed, wm_finite_(centrality)), centrality);
    /* share = p_j / (own / 2 + p_j / 2) */
    const wf half = wf_set1(0.5f);
    wf share = wf_div(pj, wf_add(wf_mul(half, wf_set1(in->own)), wf_mul(half, pj)));
    wf weight = wf_mul(push, share);
    /* the side: right_of(direction(v)) */
    wm sided = wm_and(pushed, wm_gt(centrality, zero));
    wf inv_v = wf_div(one, len_v), h[2];
    for (int k = 0; k < 2; ++k) h[k] = wf_mul(v[k], inv_v);
    wf across[3] = {wf_neg_(h[1]), h[0], zero};
    wf s2 = dot(across, across, dim); /* its z is 0 */
    wm turns = wm_gt(s2, wf_set1(1e-12f));
    wf inv_s = wf_div(one, wf_sqrt(s2));
    /* steer_v3_any_perp's (0, 1, 0), for a relative motion straight down
     * (0, -1, 0): right_perp3's side */
    const wf fallback[3] = {zero, wf_blend(wm_lt(v[2], zero), wf_set1(-1.0f), one), zero};
    for (int k = 0; k < 3; ++k) {
        wf_store(in->away[k] + base, away[k]);
        wf_store(in->side[k] + base, wf_neg_(wf_blend(turns, wf_mul(across[k], inv_s), fallback[k])));
    }
    wf_store(in->weight + base, weight);
    wf_store(in->side_weight + base, wf_mul(weight, centrality));
    bits[1] = wm_bits(sided);
    store_lane_bits(out, bits, base);
}

static inline void anticipate(const steer__anticipation_lanes *in, int dim)
{
    int end = (in->count + 15) / 16 * 16;
    for (int base = 0; base < end; base += STEER_WIDE_LANES) anticipate_lanes(in, base, dim);
}
static void anticipate2(const steer__anticipation_lanes *in) { anticipate(in, 2); }
static void anticipate3(const steer__anticipation_lanes *in) { anticipate(in, 3); }

/* ---- crowd lanes (steer__crowd_lanes) ------------------------------------------- */
static inline wm wm_finite3_(const wf *a) { return wm_and(wm_finite_(a[0]), wm_and(wm_finite_(a[1]), wm_finite_(a[2]))); }

/* steer_v3_len where it is sqrt(a . a), or 0 for a zero vector; odd where
 * it would rescale (a . a outside the normal range, a not zero). */
static inline wf crowd_len(const wf *a, wf l2, wm *odd)
{
    const wf zero = wf_zero();
    wm plain = wm_plain_square_(l2);
    wm nothing = wm_and(wm_eq_(a[0], zero), wm_and(wm_eq_(a[1], zero), wm_eq_(a[2], zero)));
    *odd = wm_or_(*odd, wm_not(wm_or_(plain, nothing)));
    return wf_select(plain, wf_sqrt(wf_select(plain, l2)));
}

/* steer_v3_truncate(a, max) where max > 0, a is finite and both squares
 * are exact (its usual path); odd elsewhere. */
static inline void crowd_truncate(wf *a, wf max, wm *odd)
{
    wf m2 = wf_mul(max, max), l2 = dot(a, a, 3);
    wm ok = wm_and(wm_and(wm_gt(max, wf_zero()), wm_finite3_(a)), wm_and(wm_plain_square_(m2), wm_le(l2, wf_set1(FLT_MAX))));
    *odd = wm_or_(*odd, wm_not(ok));
    wm keep = wm_le(l2, m2);
    if (wm_none(wm_and(ok, wm_not(keep)))) return; /* every usual lane keeps its length */
    wf inv = wf_div(wf_set1(1.0f), wf_sqrt(l2)); /* steer_v3_direction's 1 / l, then the scale */
    for (int k = 0; k < 3; ++k) a[k] = wf_blend(keep, a[k], wf_mul(wf_mul(a[k], inv), max));
}

/* One step of the running sum (steer__running_sum_finish): where active
 * and remaining = max_force - |total| > 0, total += f truncated to it. f's
 * own oddness (f_odd) counts only where the step takes it. */
static inline void crowd_step(wf *total, wf *f, wm f_odd, wf max_force, wm active, wm *odd)
{
    wm len_odd = wm_not(wm_ones()), cut_odd = wm_not(wm_ones());
    wf remaining = wf_sub(max_force, crowd_len(total, dot(total, total, 3), &len_odd));
    wm go = wm_and(active, wm_gt(remaining, wf_zero()));
    crowd_truncate(f, remaining, &cut_odd);
    *odd = wm_or_(*odd, wm_or_(wm_and(active, len_odd), wm_and(go, wm_or_(f_odd, cut_odd))));
    for (int k = 0; k < 3; ++k) total[k] = wf_blend(go, wf_add(total[k], f[k]), total[k]);
}

/* The goal's braking arrive (steer_arrive_braking3) times mass and weight,
 * where none of its limits binds but the step's budget, cut without the
 * brake-first split (the change does not slow the approach); odd
 * elsewhere. Far from the target the speed is the goal's: the ramp does
 * not reach it, and the cap leaves it (cap_loose_; the cap itself is
 * worked out in double). */
static inline void crowd_arrive(const steer__crowd_lanes *in, int base, const wf *v, wf *out, wm *odd)
{
    const wf zero = wf_zero(), one = wf_set1(1.0f);
    wf d[3], dir[3], change[3];
    for (int k = 0; k < 3; ++k) d[k] = wf_sub(wf_load(in->target[k] + base), wf_load(in->p[k] + base));
    wf l2 = dot(d, d, 3);
    wm o = wm_not(wm_and(wm_finite3_(d), wm_plain_square_(l2)));
    wf dist = wf_sqrt(l2), inv = wf_div(one, dist);
    for (int k = 0; k < 3; ++k) dir[k] = wf_mul(d[k], inv);
    wf speed = wf_load(in->speed + base), slow = wf_load(in->slow + base), accel = wf_load(in->max_accel + base);
    o = wm_or_(o, wm_and(wm_gt(slow, zero), wm_lt(dist, slow)));   /* the ramp */
    o = wm_or_(o, wm_not(wm_gt(accel, zero)));                    /* no cap: the rare case */
    o = wm_or_(o, wm_le(dist, wf_load(in->tolerance + base)));    /* at rest there */
    const wf dt = wf_set1(in->dt);
    wf a = wf_mul(accel, wf_set1((float)STEER__BRAKING_SHARE));
    wf half_adt = wf_mul(wf_mul(wf_set1(0.5f), a), dt);
    o = wm_or_(o, wm_not(cap_loose_(speed, half_adt, wf_mul(dist, wf_add(a, a))))); /* the cap */
    for (int k = 0; k < 3; ++k) change[k] = wf_sub(wf_mul(dir[k], speed), v[k]);
    /* brake_first: over the budget, a change that slows the approach splits (in double) */
    wf budget = wf_mul(accel, dt);
    wf length = crowd_len(change, dot(change, change, 3), &o);
    wm over = wm_gt(length, budget);
    o = wm_or_(o, wm_and(over, wm_lt(dot(change, dir, 3), zero)));
    if (!wm_none(over)) {
        wf cut[3] = {change[0], change[1], change[2]};
        wm cut_odd = wm_not(wm_ones());
        crowd_truncate(cut, budget, &cut_odd);
        o = wm_or_(o, wm_and(over, cut_odd));
        for (int k = 0; k < 3; ++k) change[k] = wf_blend(over, cut[k], change[k]);
    }
    wf inv_step = wf_div(one, dt), mass = wf_load(in->mass + base), weight = wf_load(in->weight + base);
    for (int k = 0; k < 3; ++k) out[k] = wf_mul(wf_mul(wf_mul(change[k], inv_step), mass), weight);
    *odd = wm_or_(o, wm_not(wm_finite3_(out))); /* steer_arrive_braking3's safe() and beyond */
}

/* steer__anticipation_end3(sum, bias) times ANTICIPATE's weight, where
 * its arithmetic keeps its usual path (odd elsewhere). */
static inline void crowd_anticipation(const steer__crowd_lanes *in, int base, wf max_force, wf *out, wm *odd)
{
    wf sum[3], kr = wf_load(in->keep_right + base), weight = wf_load(in->anticipate_weight + base);
    wm sided = wm_gt(kr, wf_zero());
    for (int k = 0; k < 3; ++k) {
        sum[k] = wf_load(in->sum[k] + base);
        sum[k] = wf_blend(sided, wf_add(sum[k], wf_mul(wf_load(in->bias[k] + base), kr)), sum[k]);
    }
    crowd_truncate(sum, wf_set1(1.0f), odd);
    for (int k = 0; k < 3; ++k) sum[k] = wf_mul(sum[k], max_force);
    *odd = wm_or_(*odd, wm_not(wm_finite3_(sum))); /* its safe() */
    if (in->y_up) { /* steer_v3_from_z_up: (x, z, -y) */
        wf y = sum[1];
        sum[1] = sum[2];
        sum[2] = wf_neg_(y);
    }
    for (int k = 0; k < 3; ++k) out[k] = wf_mul(sum[k], weight);
}

static inline void crowd_lanes(steer__crowd_lanes *in, int base)
{
    const wf zero = wf_zero();
    wf v[3], total[3], last[3], arrive[3];
    for (int k = 0; k < 3; ++k) {
        v[k] = wf_load(in->v[k] + base);
        total[k] = wf_load(in->total[k] + base);
        last[k] = wf_load(in->last[k] + base);
    }
    wf max_force = wf_load(in->max_force + base), max_speed = wf_load(in->max_speed + base);
    wm odd = wm_not(wm_and(wm_gt(max_force, zero), wm_gt(max_speed, zero)));
    if (!(in->dt > 0.0f)) odd = wm_ones();
    wm arrive_odd = wm_not(wm_ones()), last_odd = wm_not(wm_ones());
    wm terms = wm_gt(wf_load(in->terms + base), zero);
    if (!wm_none(terms)) {
        wf ended[3];
        wm ended_odd = wm_not(wm_ones());
        crowd_anticipation(in, base, max_force, ended, &ended_odd);
        for (int k = 0; k < 3; ++k) last[k] = wf_blend(terms, ended[k], last[k]);
        last_odd = wm_and(terms, ended_odd);
    }
    crowd_step(total, last, last_odd, max_force, wm_gt(wf_load(in->has_last + base), zero), &odd);
    crowd_arrive(in, base, v, arrive, &arrive_odd);
    crowd_step(total, arrive, arrive_odd, max_force, wm_ones(), &odd);
    crowd_truncate(total, max_force, &odd);
    const int up = in->y_up ? 1 : 2; /* the same +0 as new_velocity's (2D: z) */
    total[up] = wf_blend(wm_gt(wf_load(in->drop_up + base), zero), zero, total[up]);
    const wf step = wf_load(in->inv_mass_dt + base);
    for (int k = 0; k < 3; ++k) total[k] = wf_add(v[k], wf_mul(total[k], step));
    crowd_truncate(total, max_speed, &odd);
    for (int k = 0; k < 3; ++k) wf_store(in->nv[k] + base, total[k]);
    unsigned bits = wm_bits(odd);
    if (base % 16 == 0) in->odd = (uint16_t)bits;
    else in->odd |= (uint16_t)(bits << (base % 16));
}

static void crowd(steer__crowd_lanes *in)
{
    for (int base = 0; base < 16; base += STEER_WIDE_LANES) crowd_lanes(in, base);
}

/* ---- the tables ------------------------------------------------------------------ */
const steer__kernels TABLE(2) = {gather2, stage2, gather_raw2, reduce2, gather_cell2, flock2, keys2, move_agents, select2, anticipate2, crowd};
const steer__kernels TABLE(3) = {gather3, stage3, gather_raw3, reduce3, gather_cell3, flock3, keys3, move_agents, select3, anticipate3, crowd};

/* The neighbour kernel, written once over the wide type of wide.h. This
 * file is the scalar build; neighbour_kernel_avx2.c and
 * neighbour_kernel_avx512.c include it again with STEER_WIDE_AVX2 /
 * STEER_WIDE_AVX512 defined. Every build gives the same bits (see wide.h). */
#include "neighbour_kernel.h"
#include "wide.h"

#include <float.h>

/* Below this squared length a vector has no direction (as STEER_EPSILON_SQ). */
#define STEER_EPSILON_SQ_VALUE 1e-24f

#if defined(STEER_WIDE_AVX512)
#define KERNEL(dim) steer__gather##dim##_avx512
#define FLOCK(dim) steer__flock##dim##_avx512
#elif defined(STEER_WIDE_AVX2)
#define KERNEL(dim) steer__gather##dim##_avx2
#define FLOCK(dim) steer__flock##dim##_avx2
#else
#define KERNEL(dim) steer__gather##dim##_scalar
#define FLOCK(dim) steer__flock##dim##_scalar
#endif

/* One accumulator set per physical register covering part of the 16 logical lanes. */
typedef struct sums {
    wf count[STEER_WIDE_SETS], offset[3][STEER_WIDE_SETS], velocity[3][STEER_WIDE_SETS];
    wf sep_count[STEER_WIDE_SETS], sep[3][STEER_WIDE_SETS];
} sums;

/* dim, use_fov and all_groups are compile-time constants at every call, so
 * each combination compiles to its own branch-free loop. */
static inline void gather_span(const steer__agents *a, const steer__span *span, const steer__gather_in *in,
                               int dim, bool use_fov, bool all_groups, sums *s)
{
    const wf one = wf_set1(1.0f), zero = wf_zero();
    const wf r2 = wf_set1(in->radius_sq), sep2 = wf_set1(in->separation_sq);
    wf q[3], h[3];
    for (int axis = 0; axis < dim; ++axis) {
        q[axis] = wf_set1(in->position[axis] + span->shift[axis]);
        h[axis] = wf_set1(in->heading[axis]);
    }
    const wf cos_fov = wf_set1(in->cos_half_fov);
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
            s->count[set] = wf_acc(s->count[set], near, one);
            for (int axis = 0; axis < dim; ++axis) {
                s->offset[axis][set] = wf_acc(s->offset[axis][set], near, d[axis]);
                s->velocity[axis][set] = wf_acc(s->velocity[axis][set], near, wf_load(a->v[axis] + j));
            }
            wm close = wm_and(base, wm_lt(d2, sep2));
            wf inv = wf_div(one, d2);
            s->sep_count[set] = wf_acc(s->sep_count[set], close, one);
            for (int axis = 0; axis < dim; ++axis)
                s->sep[axis][set] = wf_acc(s->sep[axis][set], close, wf_mul(d[axis], inv));
        }
    }
}

static inline void gather(const steer__agents *a, const steer__span *spans, int span_count,
                          const steer__gather_in *in, steer__gather_out *out, int dim)
{
    sums s;
    for (int k = 0; k < STEER_WIDE_SETS; ++k) {
        s.count[k] = s.sep_count[k] = wf_zero();
        for (int axis = 0; axis < 3; ++axis) s.offset[axis][k] = s.velocity[axis][k] = s.sep[axis][k] = wf_zero();
    }
    if (!in->use_fov && in->all_groups)
        for (int i = 0; i < span_count; ++i) gather_span(a, &spans[i], in, dim, false, true, &s);
    else if (in->use_fov && in->all_groups)
        for (int i = 0; i < span_count; ++i) gather_span(a, &spans[i], in, dim, true, true, &s);
    else if (!in->use_fov)
        for (int i = 0; i < span_count; ++i) gather_span(a, &spans[i], in, dim, false, false, &s);
    else
        for (int i = 0; i < span_count; ++i) gather_span(a, &spans[i], in, dim, true, false, &s);
    /* Eight sums per reduction: 2D needs one, 3D two (the second half-empty). */
    wf acc[8][STEER_WIDE_SETS];
    float r[8];
    for (int k = 0; k < STEER_WIDE_SETS; ++k) {
        acc[0][k] = s.count[k];
        acc[1][k] = s.sep_count[k];
        acc[2][k] = s.offset[0][k];
        acc[3][k] = s.offset[1][k];
        acc[4][k] = s.velocity[0][k];
        acc[5][k] = s.velocity[1][k];
        acc[6][k] = s.sep[0][k];
        acc[7][k] = s.sep[1][k];
    }
    wf_reduce8(acc, r);
    out->count = r[0];
    out->separation_count = r[1];
    out->offset[0] = r[2];
    out->offset[1] = r[3];
    out->velocity[0] = r[4];
    out->velocity[1] = r[5];
    out->separation[0] = r[6];
    out->separation[1] = r[7];
    out->offset[2] = out->velocity[2] = out->separation[2] = 0.0f;
    if (dim == 3) {
        for (int k = 0; k < STEER_WIDE_SETS; ++k) {
            acc[0][k] = s.offset[2][k];
            acc[1][k] = s.velocity[2][k];
            acc[2][k] = s.sep[2][k];
            for (int z = 3; z < 8; ++z) acc[z][k] = wf_zero();
        }
        wf_reduce8(acc, r);
        out->offset[2] = r[0];
        out->velocity[2] = r[1];
        out->separation[2] = r[2];
    }
}

void KERNEL(2)(const steer__agents *a, const steer__span *spans, int span_count, const steer__gather_in *in,
               steer__gather_out *out)
{
    gather(a, spans, span_count, in, out, 2);
}

void KERNEL(3)(const steer__agents *a, const steer__span *spans, int span_count, const steer__gather_in *in,
               steer__gather_out *out)
{
    gather(a, spans, span_count, in, out, 3);
}

/* ---- flock rules, lane = agent --------------------------------------------- */
static inline wf dot(const wf *a, const wf *b, int dim)
{
    wf r = wf_add(wf_mul(a[0], b[0]), wf_mul(a[1], b[1]));
    return dim == 3 ? wf_add(r, wf_mul(a[2], b[2])) : r;
}

/* Length that does not overflow: huge vectors are measured scaled by 2^-64. */
static inline wf robust_len(const wf *a, wf l2, int dim)
{
    const wf down = wf_set1(0x1p-64f);
    wf s[3];
    for (int k = 0; k < dim; ++k) s[k] = wf_mul(a[k], down);
    wf big = wf_mul(wf_sqrt(dot(s, s, dim)), wf_set1(0x1p64f));
    return wf_blend(wm_gt(l2, wf_set1(FLT_MAX)), big, wf_sqrt(l2));
}

/* out = a * (scale / |a|), zero where |a| is tiny or not finite. */
static inline void set_length(const wf *a, wf l2, wf scale, wf *out, int dim)
{
    wf l = robust_len(a, l2, dim);
    wm ok = wm_and(wm_gt(wf_mul(l, l), wf_set1(STEER_EPSILON_SQ_VALUE)), wm_le(l, wf_set1(FLT_MAX)));
    wf inv = wf_div(wf_set1(1.0f), l);
    for (int k = 0; k < dim; ++k) out[k] = wf_select(ok, wf_mul(wf_mul(a[k], inv), scale));
}

/* Cap the length at max (max > 0); a non-finite vector becomes zero. */
static inline void truncate_wide(wf *a, wf max, int dim)
{
    wf l2 = dot(a, a, dim);
    wm keep = wm_le(l2, wf_mul(max, max));
    wf cut[3];
    set_length(a, l2, max, cut, dim);
    for (int k = 0; k < dim; ++k) a[k] = wf_blend(keep, a[k], cut[k]);
}

static inline void flock_lanes(steer__flock_batch *b, int base, int dim)
{
    const wf zero = wf_zero(), one = wf_set1(1.0f);
    wf count = wf_load(b->count + base), sep_count = wf_load(b->separation_count + base);
    wm has = wm_gt(count, zero), has_sep = wm_gt(sep_count, zero);
    wf inv = wf_div(one, count), neg_inv_sep = wf_div(wf_set1(-1.0f), sep_count);
    wf max_speed = wf_load(b->max_speed + base);
    wf v[3], centre[3], dir[3], total[3];
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
    truncate_wide(total, wf_load(b->max_force + base), dim);
    wf step = wf_load(b->inv_mass_dt + base);
    for (int k = 0; k < dim; ++k) total[k] = wf_add(v[k], wf_mul(total[k], step));
    truncate_wide(total, max_speed, dim);
    for (int k = 0; k < dim; ++k) wf_store(b->out[k] + base, total[k]);
}

static inline void flock(steer__flock_batch *b, int dim)
{
    for (int base = 0; base < STEER__BATCH; base += STEER_WIDE_LANES) flock_lanes(b, base, dim);
}

void FLOCK(2)(steer__flock_batch *b) { flock(b, 2); }
void FLOCK(3)(steer__flock_batch *b) { flock(b, 3); }

/* The neighbour kernel, written once over the 8-lane type of wide.h.
 * This file is compiled as the scalar build; neighbour_kernel_avx2.c
 * includes it again with STEER_WIDE_AVX2 defined. Lane j of each vector
 * always holds candidate begin + 8k + j, and lanes are reduced in one fixed
 * order, so both builds produce the same bits. */
#include "neighbour_kernel.h"
#include "wide.h"

#ifdef STEER_WIDE_AVX2
#define KERNEL(dim) steer__gather##dim##_avx2
#else
#define KERNEL(dim) steer__gather##dim##_scalar
#endif

typedef struct sums {
    wf count, offset[3], velocity[3], sep_count, sep[3];
} sums;

static inline void gather_span(const steer__agents *a, const steer__span *span, const steer__gather_in *in,
                               int dim, sums *s)
{
    const wf one = wf_set1(1.0f), zero = wf_zero();
    const wf r2 = wf_set1(in->radius_sq), sep2 = wf_set1(in->separation_sq);
    wf q[3], h[3];
    for (int axis = 0; axis < dim; ++axis) {
        q[axis] = wf_set1(in->position[axis] + span->shift[axis]);
        h[axis] = wf_set1(in->heading[axis]);
    }
    const wf cos_fov = wf_set1(in->cos_half_fov);
    for (int j = span->begin; j < span->end; j += STEER_WIDE_LANES) {
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
        if (!in->all_groups) base = wm_and(base, wm_groups(a->group + j, in->group_mask));
        if (in->use_fov) {
            wf along = wf_add(wf_mul(h[0], d[0]), wf_mul(h[1], d[1]));
            if (dim == 3) along = wf_add(along, wf_mul(h[2], d[2]));
            base = wm_and(base, wm_le(wf_mul(cos_fov, wf_sqrt(d2)), along));
        }
        wm near = wm_and(base, wm_lt(d2, r2));
        if (wm_any(near)) {
            s->count = wf_add(s->count, wf_select(near, one));
            for (int axis = 0; axis < dim; ++axis) {
                s->offset[axis] = wf_add(s->offset[axis], wf_select(near, d[axis]));
                s->velocity[axis] = wf_add(s->velocity[axis], wf_select(near, wf_load(a->v[axis] + j)));
            }
        }
        wm close = wm_and(base, wm_lt(d2, sep2));
        if (wm_any(close)) {
            wf inv = wf_div(one, d2);
            s->sep_count = wf_add(s->sep_count, wf_select(close, one));
            for (int axis = 0; axis < dim; ++axis)
                s->sep[axis] = wf_add(s->sep[axis], wf_select(close, wf_mul(d[axis], inv)));
        }
    }
}

static inline void gather(const steer__agents *a, const steer__span *spans, int span_count,
                          const steer__gather_in *in, steer__gather_out *out, int dim)
{
    sums s;
    s.count = s.sep_count = wf_zero();
    for (int axis = 0; axis < 3; ++axis) s.offset[axis] = s.velocity[axis] = s.sep[axis] = wf_zero();
    for (int i = 0; i < span_count; ++i) gather_span(a, &spans[i], in, dim, &s);
    out->count = wf_sum(s.count);
    out->separation_count = wf_sum(s.sep_count);
    for (int axis = 0; axis < 3; ++axis) {
        out->offset[axis] = axis < dim ? wf_sum(s.offset[axis]) : 0.0f;
        out->velocity[axis] = axis < dim ? wf_sum(s.velocity[axis]) : 0.0f;
        out->separation[axis] = axis < dim ? wf_sum(s.sep[axis]) : 0.0f;
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

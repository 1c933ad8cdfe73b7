/* Private: the AArch64 NEON backend of wide.h (4-float registers, four sets
 * for the 16 logical lanes). AArch64's vector divide and square root are
 * IEEE-exact, and with -ffp-contract=off no multiply-add is fused, so it
 * gives the bits of every other backend. Included by wide.h only. */
#ifndef STEER_WIDE_NEON_H
#define STEER_WIDE_NEON_H

#include <arm_neon.h>

#define STEER_WIDE_LANES 4
typedef float32x4_t wf;
typedef uint32x4_t wm;
static inline wf wf_load(const float *p) { return vld1q_f32(p); }
static inline void wf_store(float *p, wf a) { vst1q_f32(p, a); }
static inline wf wf_set1(float a) { return vdupq_n_f32(a); }
static inline wf wf_zero(void) { return vdupq_n_f32(0.0f); }
static inline wf wf_add(wf a, wf b) { return vaddq_f32(a, b); }
static inline wf wf_sub(wf a, wf b) { return vsubq_f32(a, b); }
static inline wf wf_mul(wf a, wf b) { return vmulq_f32(a, b); }
static inline wf wf_div(wf a, wf b) { return vdivq_f32(a, b); }
static inline wf wf_sqrt(wf a) { return vsqrtq_f32(a); }
static inline wm wm_lt(wf a, wf b) { return vcltq_f32(a, b); }
static inline wm wm_le(wf a, wf b) { return vcleq_f32(a, b); }
static inline wm wm_gt(wf a, wf b) { return vcgtq_f32(a, b); }
static inline wm wm_and(wm a, wm b) { return vandq_u32(a, b); }
static inline wm wm_not(wm a) { return vmvnq_u32(a); }
static inline bool wm_none(wm a) { return vmaxvq_u32(a) == 0; }
static inline unsigned wm_bits(wm a)
{
    static const uint32_t weight[4] = {1, 2, 4, 8};
    return vaddvq_u32(vandq_u32(a, vld1q_u32(weight)));
}
static inline int wm_count(wm a) { return wide_popcount16(wm_bits(a)); }
static inline wm wm_ones(void) { return vdupq_n_u32(~0u); }
static inline wf wf_select(wm m, wf x) { return vreinterpretq_f32_u32(vandq_u32(m, vreinterpretq_u32_f32(x))); }
static inline wf wf_blend(wm m, wf a, wf b) { return vbslq_f32(m, a, b); }
static inline wf wf_acc(wf acc, wm m, wf x) { return vaddq_f32(acc, wf_select(m, x)); }
static inline wm wm_first(int n)
{
    static const uint32_t table[8] = {~0u, ~0u, ~0u, ~0u, 0, 0, 0, 0};
    return vld1q_u32(table + 4 - (n > 4 ? 4 : n));
}
static inline wm wm_groups(const uint8_t *g, uint32_t mask)
{
    const uint32_t bit[4] = {mask >> g[0] & 1u, mask >> g[1] & 1u, mask >> g[2] & 1u, mask >> g[3] & 1u};
    return vceqq_u32(vld1q_u32(bit), vdupq_n_u32(1));
}
typedef uint32x4_t wi; /* 32-bit integer lanes */
static inline wi wi_trunc(wf a) { return vreinterpretq_u32_s32(vcvtq_s32_f32(a)); }
static inline wi wi_set1(uint32_t a) { return vdupq_n_u32(a); }
static inline wi wi_add(wi a, wi b) { return vaddq_u32(a, b); }
static inline wi wi_mul(wi a, wi b) { return vmulq_u32(a, b); }
static inline wf wf_from_bits(wi a) { return vreinterpretq_f32_u32(a); }
static inline void wi_store(uint32_t *p, wi a) { vst1q_u32(p, a); }
static inline wi wi_load(const uint32_t *p) { return vld1q_u32(p); }
static inline unsigned wi_eq_bits(wi a, wi b) { return wm_bits(vceqq_u32(a, b)); }
/* wide.h's compress: the kept lanes moved down by one table lookup, then
 * the whole register stored. */
#define STEER_WIDE_HAS_COMPRESS 1
static inline uint8x16_t wide_compress(unsigned bits, uint8x16_t a)
{
    static const uint8_t order[16][16] = WIDE_COMPRESS_BYTES4;
    return vqtbl1q_u8(a, vld1q_u8(order[bits & 15u]));
}
static inline void wf_compress_store(float *dst, unsigned bits, wf a)
{
    vst1q_f32(dst, vreinterpretq_f32_u8(wide_compress(bits, vreinterpretq_u8_f32(a))));
}
static inline void wi_compress_store(uint32_t *dst, unsigned bits, wi a)
{
    vst1q_u32(dst, vreinterpretq_u32_u8(wide_compress(bits, vreinterpretq_u8_u32(a))));
}
/* [a0 + a1, a2 + a3, b0 + b1, b2 + b3], for wide.h's four-lane reduction */
static inline wf wf_pair_sums(wf a, wf b) { return vpaddq_f32(a, b); }

#endif

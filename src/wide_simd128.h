/* Private: the WebAssembly simd128 backend of wide.h (4-float vectors, four
 * sets for the 16 logical lanes). simd128's divide and square root are
 * IEEE-exact; its min/max and relaxed operations are not used. Included by
 * wide.h only. */
#ifndef STEER_WIDE_SIMD128_H
#define STEER_WIDE_SIMD128_H

#include <wasm_simd128.h>

#define STEER_WIDE_LANES 4
typedef v128_t wf; /* four floats */
typedef v128_t wm; /* all ones or zero per lane */
static inline wf wf_load(const float *p) { return wasm_v128_load(p); }
static inline void wf_store(float *p, wf a) { wasm_v128_store(p, a); }
static inline wf wf_set1(float a) { return wasm_f32x4_splat(a); }
static inline wf wf_zero(void) { return wasm_f32x4_splat(0.0f); }
static inline wf wf_add(wf a, wf b) { return wasm_f32x4_add(a, b); }
static inline wf wf_sub(wf a, wf b) { return wasm_f32x4_sub(a, b); }
static inline wf wf_mul(wf a, wf b) { return wasm_f32x4_mul(a, b); }
static inline wf wf_div(wf a, wf b) { return wasm_f32x4_div(a, b); }
static inline wf wf_sqrt(wf a) { return wasm_f32x4_sqrt(a); }
static inline wm wm_lt(wf a, wf b) { return wasm_f32x4_lt(a, b); }
static inline wm wm_le(wf a, wf b) { return wasm_f32x4_le(a, b); }
static inline wm wm_gt(wf a, wf b) { return wasm_f32x4_gt(a, b); }
static inline wm wm_and(wm a, wm b) { return wasm_v128_and(a, b); }
static inline wm wm_not(wm a) { return wasm_v128_not(a); }
static inline bool wm_none(wm a) { return !wasm_v128_any_true(a); }
static inline unsigned wm_bits(wm a) { return (unsigned)wasm_i32x4_bitmask(a); }
static inline int wm_count(wm a) { return wide_popcount16(wm_bits(a)); }
static inline wm wm_ones(void) { return wasm_i32x4_splat(-1); }
static inline wf wf_select(wm m, wf x) { return wasm_v128_and(m, x); }
static inline wf wf_blend(wm m, wf a, wf b) { return wasm_v128_bitselect(a, b, m); }
static inline wf wf_acc(wf acc, wm m, wf x) { return wasm_f32x4_add(acc, wasm_v128_and(m, x)); }
static inline wm wm_first(int n)
{
    static const int32_t table[8] = {-1, -1, -1, -1, 0, 0, 0, 0};
    return wasm_v128_load(table + 4 - (n > 4 ? 4 : n));
}
static inline wm wm_groups(const uint8_t *g, uint32_t mask)
{
    return wasm_i32x4_make(-(int32_t)(mask >> g[0] & 1u), -(int32_t)(mask >> g[1] & 1u),
                           -(int32_t)(mask >> g[2] & 1u), -(int32_t)(mask >> g[3] & 1u));
}
typedef v128_t wi; /* 32-bit integer lanes */
static inline wi wi_trunc(wf a) { return wasm_i32x4_trunc_sat_f32x4(a); }
static inline wi wi_set1(uint32_t a) { return wasm_i32x4_splat((int32_t)a); }
static inline wi wi_add(wi a, wi b) { return wasm_i32x4_add(a, b); }
static inline wi wi_mul(wi a, wi b) { return wasm_i32x4_mul(a, b); }
static inline wf wf_from_bits(wi a) { return a; } /* one v128 type */
static inline void wi_store(uint32_t *p, wi a) { wasm_v128_store(p, a); }
static inline wi wi_load(const uint32_t *p) { return wasm_v128_load(p); }
static inline unsigned wi_eq_bits(wi a, wi b) { return wm_bits(wasm_i32x4_eq(a, b)); }
/* wide.h's compress: the kept lanes moved down by one byte swizzle, then
 * the whole vector stored. */
#define STEER_WIDE_HAS_COMPRESS 1
static inline v128_t wide_compress(unsigned bits, v128_t a)
{
    static const uint8_t order[16][16] = WIDE_COMPRESS_BYTES4;
    return wasm_i8x16_swizzle(a, wasm_v128_load(order[bits & 15u]));
}
static inline void wf_compress_store(float *dst, unsigned bits, wf a) { wasm_v128_store(dst, wide_compress(bits, a)); }
static inline void wi_compress_store(uint32_t *dst, unsigned bits, wi a) { wasm_v128_store(dst, wide_compress(bits, a)); }
/* [a0 + a1, a2 + a3, b0 + b1, b2 + b3], for wide.h's four-lane reduction */
static inline wf wf_pair_sums(wf a, wf b)
{
    return wasm_f32x4_add(wasm_i32x4_shuffle(a, b, 0, 2, 4, 6), wasm_i32x4_shuffle(a, b, 1, 3, 5, 7));
}

#endif

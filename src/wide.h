/* Private: the wide float type of the neighbour kernel.
 *
 * The kernel is defined over 16 LOGICAL lanes: candidate begin + 16m + l of a
 * span always lands in lane l, and the 16 lanes are reduced in one fixed
 * order. Each backend implements them with the same IEEE operations (add,
 * sub, mul, div, sqrt, compare, select; no FMA, no approximate reciprocals,
 * no min/max), so every backend gives the same bits:
 *   STEER_WIDE_AVX512   one 16-float register, lane masks in k registers
 *   STEER_WIDE_AVX2     8-float registers, two sets (lanes 0-7, 8-15)
 *   STEER_WIDE_SSE2     4-float registers, four sets (the x86-64 baseline)
 *   STEER_WIDE_NEON     4-float registers, four sets (AArch64)
 *   STEER_WIDE_SIMD128  4-float vectors, four sets (WebAssembly)
 *   (none of them)      one float, sixteen sets: plain C, one candidate at a time
 * STEER_WIDE_LANES is the physical width; STEER_WIDE_SETS = 16 / it. Each
 * backend is its own header, wide_NAME.h.
 *
 * Masked accumulation: acc + (m ? x : +0) leaves acc unchanged where m is
 * clear, because an accumulator that starts at +0 and only ever adds values
 * or +0 can never hold -0. So "add zero" and "don't add" agree bit for bit,
 * which lets AVX-512 use masked adds, the scalar backend add a kept-or-zero
 * value or skip the add, and every backend skip work freely. */
#ifndef STEER_WIDE_H
#define STEER_WIDE_H

#include <stdbool.h>
#include <stdint.h>

#define STEER_LOGICAL_LANES 16

/* Lanes set in a mask of up to 16 lanes. Counts are integers, so summing
 * them in any order gives the same value in every build. */
static inline int wide_popcount16(unsigned m)
{
#if defined(__POPCNT__)
    return __builtin_popcount(m);
#else
    static const unsigned char bits[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
    return bits[m & 15u] + bits[(m >> 4) & 15u] + bits[(m >> 8) & 15u] + bits[(m >> 12) & 15u];
#endif
}

/* Moves: load a window of lanes; store lane k of `bits` at dst[at + k -
 * lane] (lane: the lowest of bits). The vector builds store the window at
 * dst + at - lane with a mask, which may begin before the array: masked
 * lanes are not accessed, so the address is formed as an integer. */
#define WIDE_RUN_ADDRESS(dst, at, lane) \
    ((void *)((uintptr_t)(dst) + ((uintptr_t)(at) - (uintptr_t)(lane)) * sizeof *(dst)))

/* The four-lane backends' compress table (NEON's table lookup, simd128's
 * swizzle): entry m holds the bytes of the lanes mask m keeps, in order,
 * then zeros (any lane may follow the kept ones). */
#define WIDE_LANE_BYTES(k) 4 * (k), 4 * (k) + 1, 4 * (k) + 2, 4 * (k) + 3
#define WIDE_COMPRESS_BYTES4                                                                              \
    {{0},                                                                                                 \
     {WIDE_LANE_BYTES(0)},                                                                                \
     {WIDE_LANE_BYTES(1)},                                                                                \
     {WIDE_LANE_BYTES(0), WIDE_LANE_BYTES(1)},                                                            \
     {WIDE_LANE_BYTES(2)},                                                                                \
     {WIDE_LANE_BYTES(0), WIDE_LANE_BYTES(2)},                                                            \
     {WIDE_LANE_BYTES(1), WIDE_LANE_BYTES(2)},                                                            \
     {WIDE_LANE_BYTES(0), WIDE_LANE_BYTES(1), WIDE_LANE_BYTES(2)},                                        \
     {WIDE_LANE_BYTES(3)},                                                                                \
     {WIDE_LANE_BYTES(0), WIDE_LANE_BYTES(3)},                                                            \
     {WIDE_LANE_BYTES(1), WIDE_LANE_BYTES(3)},                                                            \
     {WIDE_LANE_BYTES(0), WIDE_LANE_BYTES(1), WIDE_LANE_BYTES(3)},                                        \
     {WIDE_LANE_BYTES(2), WIDE_LANE_BYTES(3)},                                                            \
     {WIDE_LANE_BYTES(0), WIDE_LANE_BYTES(2), WIDE_LANE_BYTES(3)},                                        \
     {WIDE_LANE_BYTES(1), WIDE_LANE_BYTES(2), WIDE_LANE_BYTES(3)},                                        \
     {WIDE_LANE_BYTES(0), WIDE_LANE_BYTES(1), WIDE_LANE_BYTES(2), WIDE_LANE_BYTES(3)}}

#if defined(STEER_WIDE_AVX512)
#include "wide_avx512.h"
#elif defined(STEER_WIDE_AVX2)
#include "wide_avx2.h"
#elif defined(STEER_WIDE_SSE2)
#include "wide_sse2.h"
#elif defined(STEER_WIDE_NEON)
#include "wide_neon.h"
#elif defined(STEER_WIDE_SIMD128)
#include "wide_simd128.h"
#else
#include "wide_scalar.h"
#endif

#define STEER_WIDE_SETS (STEER_LOGICAL_LANES / STEER_WIDE_LANES)

/* Moves for a backend without masked stores (SSE2's only one is
 * non-temporal; NEON and simd128 have none): a run stored lane by lane. */
#if !defined(STEER_WIDE_HAS_STORE_RUN)
static inline void wf_store_run(float *dst, uint32_t at, int lane, unsigned bits, wf a)
{
    float v[STEER_WIDE_LANES];
    wf_store(v, a);
    for (int k = 0; k < STEER_WIDE_LANES; ++k)
        if (bits >> k & 1u) dst[at + (uint32_t)(k - lane)] = v[k];
}
static inline void wi_store_run(uint32_t *dst, uint32_t at, int lane, unsigned bits, wi a)
{
    uint32_t v[STEER_WIDE_LANES];
    wi_store(v, a);
    for (int k = 0; k < STEER_WIDE_LANES; ++k)
        if (bits >> k & 1u) dst[at + (uint32_t)(k - lane)] = v[k];
}
#endif
/* A window of byte values (the agents' groups), one per lane. */
#if !defined(STEER_WIDE_HAS_BYTES)
typedef struct { uint8_t v[STEER_WIDE_LANES]; } wb;
static inline wb wb_load(const uint8_t *p)
{
    wb r;
    for (int k = 0; k < STEER_WIDE_LANES; ++k) r.v[k] = p[k];
    return r;
}
static inline void wb_store_run(uint8_t *dst, uint32_t at, int lane, unsigned bits, wb a)
{
    for (int k = 0; k < STEER_WIDE_LANES; ++k)
        if (bits >> k & 1u) dst[at + (uint32_t)(k - lane)] = a.v[k];
}
#endif

/* Compress: the lanes of `a` set in bits (lane k: bit k), in lane order, to
 * dst[0, popcount(bits)); dst[popcount(bits), STEER_WIDE_LANES) may be
 * written too, with any lanes. Moves only: the same bits in every build. */
#if !defined(STEER_WIDE_HAS_COMPRESS)
static inline void wf_compress_store(float *dst, unsigned bits, wf a)
{
    float v[STEER_WIDE_LANES];
    wf_store(v, a);
    for (int k = 0; k < STEER_WIDE_LANES; ++k) { /* no branch: every lane is stored, a kept one advances */
        *dst = v[k];
        dst += bits >> k & 1u;
    }
}
static inline void wi_compress_store(uint32_t *dst, unsigned bits, wi a)
{
    uint32_t v[STEER_WIDE_LANES];
    wi_store(v, a);
    for (int k = 0; k < STEER_WIDE_LANES; ++k) {
        *dst = v[k];
        dst += bits >> k & 1u;
    }
}
#endif

/* The fixed reduction order of the 16 logical lanes, shared by all builds. */
static inline float wide_reduce16(const float l[16])
{
    float a = ((l[0] + l[1]) + (l[2] + l[3])) + ((l[4] + l[5]) + (l[6] + l[7]));
    float b = ((l[8] + l[9]) + (l[10] + l[11])) + ((l[12] + l[13]) + (l[14] + l[15]));
    return a + b;
}

/* Reduce 8 accumulators (each STEER_WIDE_SETS registers = 16 logical lanes)
 * to 8 floats, every one with the pairwise tree of wide_reduce16. Addition is
 * commutative, so any evaluation with that tree shape gives the same bits;
 * the 8- and 16-lane backends bring their own, with shuffles. */
#if !defined(STEER_WIDE_HAS_REDUCE8)
#if STEER_WIDE_LANES == 4
/* Four lanes: set s holds lanes 4s..4s+3, whose tree ((l0+l1)+(l2+l3)) is
 * two rounds of pair sums across four accumulators at once; then the sets
 * as (s0 + s1) + (s2 + s3). */
static inline void wf_reduce8(wf acc[8][4], float out[8])
{
    for (int half = 0; half < 2; ++half) {
        wf set_sum[4];
        for (int set = 0; set < 4; ++set) {
            wf ab = wf_pair_sums(acc[4 * half][set], acc[4 * half + 1][set]);
            wf cd = wf_pair_sums(acc[4 * half + 2][set], acc[4 * half + 3][set]);
            set_sum[set] = wf_pair_sums(ab, cd);
        }
        wf_store(out + 4 * half, wf_add(wf_add(set_sum[0], set_sum[1]), wf_add(set_sum[2], set_sum[3])));
    }
}
#else
static inline void wf_reduce8(wf acc[8][STEER_WIDE_SETS], float out[8])
{
    for (int k = 0; k < 8; ++k) {
        float l[STEER_LOGICAL_LANES];
        for (int set = 0; set < STEER_WIDE_SETS; ++set) wf_store(l + set * STEER_WIDE_LANES, acc[k][set]);
        out[k] = wide_reduce16(l);
    }
}
#endif
#endif

#endif

/* Private: the wide float type of the neighbour kernel.
 *
 * The kernel is defined over 16 LOGICAL lanes: candidate begin + 16m + l of a
 * span always lands in lane l, and the 16 lanes are reduced in one fixed
 * order. Three builds implement it with the same IEEE operations (no FMA, no
 * approximate reciprocals), so they give the same bits:
 *   STEER_WIDE_AVX512  one 16-float register, lane masks in k registers
 *   STEER_WIDE_AVX2    8-float registers, two accumulator sets (lanes 0-7, 8-15)
 *   (neither)          plain C over 8 floats, two accumulator sets
 * STEER_WIDE_LANES is the physical width; STEER_WIDE_SETS = 16 / it.
 *
 * Masked accumulation: acc + (m ? x : +0) leaves acc unchanged where m is
 * clear, because an accumulator that starts at +0 and only ever adds values
 * or +0 can never hold -0. So "add zero" and "don't add" agree bit for bit,
 * which lets AVX-512 use masked adds and lets every build skip work freely. */
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

#if defined(STEER_WIDE_AVX512)
#include <immintrin.h>
#define STEER_WIDE_LANES 16
typedef __m512 wf;
typedef __mmask16 wm;
static inline wf wf_load(const float *p) { return _mm512_loadu_ps(p); }
static inline void wf_store(float *p, wf a) { _mm512_storeu_ps(p, a); }
static inline wf wf_set1(float a) { return _mm512_set1_ps(a); }
static inline wf wf_zero(void) { return _mm512_setzero_ps(); }
static inline wf wf_add(wf a, wf b) { return _mm512_add_ps(a, b); }
static inline wf wf_sub(wf a, wf b) { return _mm512_sub_ps(a, b); }
static inline wf wf_mul(wf a, wf b) { return _mm512_mul_ps(a, b); }
static inline wf wf_div(wf a, wf b) { return _mm512_div_ps(a, b); }
static inline wf wf_sqrt(wf a) { return _mm512_sqrt_ps(a); }
static inline wm wm_lt(wf a, wf b) { return _mm512_cmp_ps_mask(a, b, _CMP_LT_OQ); }
static inline wm wm_le(wf a, wf b) { return _mm512_cmp_ps_mask(a, b, _CMP_LE_OQ); }
static inline wm wm_gt(wf a, wf b) { return _mm512_cmp_ps_mask(a, b, _CMP_GT_OQ); }
static inline wm wm_and(wm a, wm b) { return (wm)(a & b); }
static inline wm wm_not(wm a) { return (wm)~a; }
static inline bool wm_none(wm a) { return a == 0; }
static inline wf wf_select(wm m, wf x) { return _mm512_maskz_mov_ps(m, x); }
static inline wf wf_blend(wm m, wf a, wf b) { return _mm512_mask_blend_ps(m, b, a); }
static inline wf wf_acc(wf acc, wm m, wf x) { return _mm512_mask_add_ps(acc, m, acc, x); }
static inline wm wm_first(int n) { return (wm)(n >= 16 ? 0xFFFFu : (1u << n) - 1u); }
static inline int wm_count(wm a) { return wide_popcount16((unsigned)a); }
static inline unsigned wm_bits(wm a) { return (unsigned)a; }
static inline wm wm_ones(void) { return (wm)0xFFFFu; }
typedef __m512i wi; /* 32-bit integer lanes */
static inline wi wi_trunc(wf a) { return _mm512_cvttps_epi32(a); }
static inline wi wi_set1(uint32_t a) { return _mm512_set1_epi32((int)a); }
static inline wi wi_add(wi a, wi b) { return _mm512_add_epi32(a, b); }
static inline wi wi_mul(wi a, wi b) { return _mm512_mullo_epi32(a, b); }
static inline void wi_store(uint32_t *p, wi a) { _mm512_storeu_si512((void *)p, a); }
static inline wi wi_load(const uint32_t *p) { return _mm512_loadu_si512((const void *)p); }
static inline unsigned wi_eq_bits(wi a, wi b) { return (unsigned)_mm512_cmpeq_epi32_mask(a, b); }
static inline void wf_store_run(float *dst, uint32_t at, int lane, unsigned bits, wf a)
{
    _mm512_mask_storeu_ps(WIDE_RUN_ADDRESS(dst, at, lane), (__mmask16)bits, a);
}
static inline void wi_store_run(uint32_t *dst, uint32_t at, int lane, unsigned bits, wi a)
{
    _mm512_mask_storeu_epi32(WIDE_RUN_ADDRESS(dst, at, lane), (__mmask16)bits, a);
}
typedef __m512i wb; /* 8-bit values, one per 32-bit lane */
static inline wb wb_load(const uint8_t *p) { return _mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)(const void *)p)); }
static inline void wb_store_run(uint8_t *dst, uint32_t at, int lane, unsigned bits, wb a)
{
    _mm512_mask_cvtepi32_storeu_epi8(WIDE_RUN_ADDRESS(dst, at, lane), (__mmask16)bits, a);
}
static inline wm wm_groups(const uint8_t *g, uint32_t mask)
{
    __m512i groups = _mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)g));
    __m512i bits = _mm512_srlv_epi32(_mm512_set1_epi32((int)mask), groups);
    return _mm512_test_epi32_mask(bits, _mm512_set1_epi32(1));
}

#elif defined(STEER_WIDE_AVX2)
#include <immintrin.h>
#define STEER_WIDE_LANES 8
typedef __m256 wf;
typedef __m256 wm;
static inline wf wf_load(const float *p) { return _mm256_loadu_ps(p); }
static inline void wf_store(float *p, wf a) { _mm256_storeu_ps(p, a); }
static inline wf wf_set1(float a) { return _mm256_set1_ps(a); }
static inline wf wf_zero(void) { return _mm256_setzero_ps(); }
static inline wf wf_add(wf a, wf b) { return _mm256_add_ps(a, b); }
static inline wf wf_sub(wf a, wf b) { return _mm256_sub_ps(a, b); }
static inline wf wf_mul(wf a, wf b) { return _mm256_mul_ps(a, b); }
static inline wf wf_div(wf a, wf b) { return _mm256_div_ps(a, b); }
static inline wf wf_sqrt(wf a) { return _mm256_sqrt_ps(a); }
static inline wm wm_lt(wf a, wf b) { return _mm256_cmp_ps(a, b, _CMP_LT_OQ); }
static inline wm wm_le(wf a, wf b) { return _mm256_cmp_ps(a, b, _CMP_LE_OQ); }
static inline wm wm_gt(wf a, wf b) { return _mm256_cmp_ps(a, b, _CMP_GT_OQ); }
static inline wm wm_and(wm a, wm b) { return _mm256_and_ps(a, b); }
static inline wm wm_not(wm a) { return _mm256_xor_ps(a, _mm256_castsi256_ps(_mm256_set1_epi32(-1))); }
static inline bool wm_none(wm a) { return _mm256_movemask_ps(a) == 0; }
static inline int wm_count(wm a) { return wide_popcount16((unsigned)_mm256_movemask_ps(a)); }
static inline unsigned wm_bits(wm a) { return (unsigned)_mm256_movemask_ps(a); }
static inline wm wm_ones(void) { return _mm256_castsi256_ps(_mm256_set1_epi32(-1)); }
typedef __m256i wi; /* 32-bit integer lanes */
static inline wi wi_trunc(wf a) { return _mm256_cvttps_epi32(a); }
static inline wi wi_set1(uint32_t a) { return _mm256_set1_epi32((int)a); }
static inline wi wi_add(wi a, wi b) { return _mm256_add_epi32(a, b); }
static inline wi wi_mul(wi a, wi b) { return _mm256_mullo_epi32(a, b); }
static inline void wi_store(uint32_t *p, wi a) { _mm256_storeu_si256((__m256i *)(void *)p, a); }
static inline __m256i wide_bits_mask(unsigned bits)
{
    const __m256i lane = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    return _mm256_cmpeq_epi32(_mm256_and_si256(_mm256_set1_epi32((int)bits), lane), lane);
}
static inline wi wi_load(const uint32_t *p) { return _mm256_loadu_si256((const __m256i *)(const void *)p); }
static inline unsigned wi_eq_bits(wi a, wi b)
{
    return (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(a, b)));
}
static inline void wf_store_run(float *dst, uint32_t at, int lane, unsigned bits, wf a)
{
    _mm256_maskstore_ps((float *)WIDE_RUN_ADDRESS(dst, at, lane), wide_bits_mask(bits), a);
}
static inline void wi_store_run(uint32_t *dst, uint32_t at, int lane, unsigned bits, wi a)
{
    _mm256_maskstore_epi32((int *)WIDE_RUN_ADDRESS(dst, at, lane), wide_bits_mask(bits), a);
}
typedef struct { uint8_t v[8]; } wb;
static inline wb wb_load(const uint8_t *p) { wb r; for (int k = 0; k < 8; ++k) r.v[k] = p[k]; return r; }
static inline void wb_store_run(uint8_t *dst, uint32_t at, int lane, unsigned bits, wb a)
{
    for (int k = 0; k < 8; ++k)
        if (bits >> k & 1u) dst[at + (uint32_t)(k - lane)] = a.v[k];
}
static inline wf wf_select(wm m, wf x) { return _mm256_and_ps(m, x); }
static inline wf wf_blend(wm m, wf a, wf b) { return _mm256_blendv_ps(b, a, m); }
static inline wf wf_acc(wf acc, wm m, wf x) { return _mm256_add_ps(acc, _mm256_and_ps(m, x)); }
static inline wm wm_first(int n)
{
    static const int32_t table[16] = {-1, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0};
    return _mm256_castsi256_ps(_mm256_loadu_si256((const __m256i *)(table + 8 - (n > 8 ? 8 : n))));
}
static inline wm wm_groups(const uint8_t *g, uint32_t mask)
{
    __m256i groups = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)g));
    __m256i bits = _mm256_srlv_epi32(_mm256_set1_epi32((int)mask), groups);
    __m256i one = _mm256_set1_epi32(1);
    return _mm256_castsi256_ps(_mm256_cmpeq_epi32(_mm256_and_si256(bits, one), one));
}

#else
#include <math.h>
#define STEER_WIDE_LANES 8
typedef struct { float v[8]; } wf;
typedef struct { uint32_t v[8]; } wm; /* all ones or zero, like a vector compare */

#define WIDE_MAP(expr) do { for (int k = 0; k < 8; ++k) { expr; } } while (0)
static inline wf wf_load(const float *p) { wf r; WIDE_MAP(r.v[k] = p[k]); return r; }
static inline void wf_store(float *p, wf a) { WIDE_MAP(p[k] = a.v[k]); }
static inline wf wf_set1(float a) { wf r; WIDE_MAP(r.v[k] = a); return r; }
static inline wf wf_zero(void) { return wf_set1(0.0f); }
static inline wf wf_add(wf a, wf b) { wf r; WIDE_MAP(r.v[k] = a.v[k] + b.v[k]); return r; }
static inline wf wf_sub(wf a, wf b) { wf r; WIDE_MAP(r.v[k] = a.v[k] - b.v[k]); return r; }
static inline wf wf_mul(wf a, wf b) { wf r; WIDE_MAP(r.v[k] = a.v[k] * b.v[k]); return r; }
static inline wf wf_div(wf a, wf b) { wf r; WIDE_MAP(r.v[k] = a.v[k] / b.v[k]); return r; }
static inline wf wf_sqrt(wf a) { wf r; WIDE_MAP(r.v[k] = sqrtf(a.v[k])); return r; }
static inline wm wm_lt(wf a, wf b) { wm r; WIDE_MAP(r.v[k] = a.v[k] < b.v[k] ? ~0u : 0u); return r; }
static inline wm wm_le(wf a, wf b) { wm r; WIDE_MAP(r.v[k] = a.v[k] <= b.v[k] ? ~0u : 0u); return r; }
static inline wm wm_gt(wf a, wf b) { wm r; WIDE_MAP(r.v[k] = a.v[k] > b.v[k] ? ~0u : 0u); return r; }
static inline wm wm_and(wm a, wm b) { wm r; WIDE_MAP(r.v[k] = a.v[k] & b.v[k]); return r; }
static inline wm wm_not(wm a) { wm r; WIDE_MAP(r.v[k] = ~a.v[k]); return r; }
static inline bool wm_none(wm a) { uint32_t any = 0; WIDE_MAP(any |= a.v[k]); return any == 0; }
static inline int wm_count(wm a) { int n = 0; WIDE_MAP(n += a.v[k] != 0); return n; }
static inline unsigned wm_bits(wm a) { unsigned b = 0; WIDE_MAP(b |= (a.v[k] ? 1u : 0u) << k); return b; }
static inline wm wm_ones(void) { wm r; WIDE_MAP(r.v[k] = ~0u); return r; }
typedef struct { uint32_t v[8]; } wi; /* 32-bit integer lanes, wrapping like the vector ones */
/* (callers only truncate values in [0, 2^24)) */
static inline wi wi_trunc(wf a) { wi r; WIDE_MAP(r.v[k] = (uint32_t)(int32_t)a.v[k]); return r; }
static inline wi wi_set1(uint32_t a) { wi r; WIDE_MAP(r.v[k] = a); return r; }
static inline wi wi_add(wi a, wi b) { wi r; WIDE_MAP(r.v[k] = a.v[k] + b.v[k]); return r; }
static inline wi wi_mul(wi a, wi b) { wi r; WIDE_MAP(r.v[k] = a.v[k] * b.v[k]); return r; }
static inline void wi_store(uint32_t *p, wi a) { WIDE_MAP(p[k] = a.v[k]); }
static inline wi wi_load(const uint32_t *p) { wi r; WIDE_MAP(r.v[k] = p[k]); return r; }
static inline unsigned wi_eq_bits(wi a, wi b) { unsigned r = 0; WIDE_MAP(r |= (unsigned)(a.v[k] == b.v[k]) << k); return r; }
/* Moves: load a window of lanes; store lane k of `bits` at dst[at + k -
 * lane] (lane: the lowest of bits). */
static inline void wf_store_run(float *dst, uint32_t at, int lane, unsigned bits, wf a)
{
    WIDE_MAP(if (bits >> k & 1u) dst[at + (uint32_t)(k - lane)] = a.v[k]);
}
static inline void wi_store_run(uint32_t *dst, uint32_t at, int lane, unsigned bits, wi a)
{
    WIDE_MAP(if (bits >> k & 1u) dst[at + (uint32_t)(k - lane)] = a.v[k]);
}
typedef struct { uint8_t v[8]; } wb;
static inline wb wb_load(const uint8_t *p) { wb r; WIDE_MAP(r.v[k] = p[k]); return r; }
static inline void wb_store_run(uint8_t *dst, uint32_t at, int lane, unsigned bits, wb a)
{
    WIDE_MAP(if (bits >> k & 1u) dst[at + (uint32_t)(k - lane)] = a.v[k]);
}
static inline wf wf_select(wm m, wf x) { wf r; WIDE_MAP(r.v[k] = m.v[k] ? x.v[k] : 0.0f); return r; }
static inline wf wf_blend(wm m, wf a, wf b) { wf r; WIDE_MAP(r.v[k] = m.v[k] ? a.v[k] : b.v[k]); return r; }
static inline wf wf_acc(wf acc, wm m, wf x) { return wf_add(acc, wf_select(m, x)); }
static inline wm wm_first(int n) { wm r; WIDE_MAP(r.v[k] = k < n ? ~0u : 0u); return r; }
static inline wm wm_groups(const uint8_t *g, uint32_t mask) { wm r; WIDE_MAP(r.v[k] = (mask >> g[k]) & 1u ? ~0u : 0u); return r; }
#undef WIDE_MAP
#endif

#define STEER_WIDE_SETS (STEER_LOGICAL_LANES / STEER_WIDE_LANES)

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
 * the SIMD builds do all eight at once with shuffles. */
static inline void wf_reduce8(wf acc[8][STEER_WIDE_SETS], float out[8])
{
#if defined(STEER_WIDE_AVX512)
    const __m512i even = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    const __m512i odd = _mm512_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
    /* pair(a, b): lanes 0-7 = a's adjacent pair sums, lanes 8-15 = b's */
#define PAIR(a, b) _mm512_add_ps(_mm512_permutex2var_ps(a, even, b), _mm512_permutex2var_ps(a, odd, b))
    __m512 l1[4], l2[2];
    for (int k = 0; k < 4; ++k) l1[k] = PAIR(acc[2 * k][0], acc[2 * k + 1][0]);
    for (int k = 0; k < 2; ++k) l2[k] = PAIR(l1[2 * k], l1[2 * k + 1]);
    __m512 l3 = PAIR(l2[0], l2[1]); /* each accumulator's two half sums, in order */
    __m512 l4 = PAIR(l3, l3);       /* lanes 0-7: low half + high half */
#undef PAIR
    _mm256_storeu_ps(out, _mm512_castps512_ps256(l4));
#elif defined(STEER_WIDE_AVX2)
    /* Within each 8-lane set: hadd twice (pairs, then pairs of pairs), then
     * the two 128-bit halves; finally set 0 (lanes 0-7) + set 1 (lanes 8-15). */
    __m128 half[2][2];
    for (int set = 0; set < 2; ++set) {
        for (int g = 0; g < 2; ++g) {
            __m256 ab = _mm256_hadd_ps(acc[4 * g][set], acc[4 * g + 1][set]);
            __m256 cd = _mm256_hadd_ps(acc[4 * g + 2][set], acc[4 * g + 3][set]);
            __m256 abcd = _mm256_hadd_ps(ab, cd); /* [a0-3 b0-3 c0-3 d0-3 | a4-7 b4-7 c4-7 d4-7] */
            half[set][g] = _mm_add_ps(_mm256_castps256_ps128(abcd), _mm256_extractf128_ps(abcd, 1));
        }
    }
    _mm_storeu_ps(out, _mm_add_ps(half[0][0], half[1][0]));
    _mm_storeu_ps(out + 4, _mm_add_ps(half[0][1], half[1][1]));
#else
    for (int k = 0; k < 8; ++k) {
        float l[STEER_LOGICAL_LANES];
        for (int set = 0; set < STEER_WIDE_SETS; ++set) wf_store(l + set * STEER_WIDE_LANES, acc[k][set]);
        out[k] = wide_reduce16(l);
    }
#endif
}

#endif

/* Private: the AVX2 backend of wide.h (8-float registers, two sets for the
 * 16 logical lanes). Included by wide.h only. */
#ifndef STEER_WIDE_AVX2_H
#define STEER_WIDE_AVX2_H

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
static inline wf wf_from_bits(wi a) { return _mm256_castsi256_ps(a); }
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
#define STEER_WIDE_HAS_STORE_RUN 1 /* masked stores; its bytes are wide.h's */
static inline void wf_store_run(float *dst, uint32_t at, int lane, unsigned bits, wf a)
{
    _mm256_maskstore_ps((float *)WIDE_RUN_ADDRESS(dst, at, lane), wide_bits_mask(bits), a);
}
static inline void wi_store_run(uint32_t *dst, uint32_t at, int lane, unsigned bits, wi a)
{
    _mm256_maskstore_epi32((int *)WIDE_RUN_ADDRESS(dst, at, lane), wide_bits_mask(bits), a);
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

/* wide.h's compress: the kept lanes moved down by one vpermps and stored
 * in one store. Entry m of the table holds, a nibble each from the lowest,
 * the lanes that mask m keeps, in order (the rest 0). */
#define STEER_WIDE_HAS_COMPRESS 1
static inline __m256i wide_compress_order(unsigned bits)
{
    static const uint32_t order[256] = {
        0x00000000, 0x00000000, 0x00000001, 0x00000010, 0x00000002, 0x00000020, 0x00000021, 0x00000210,
        0x00000003, 0x00000030, 0x00000031, 0x00000310, 0x00000032, 0x00000320, 0x00000321, 0x00003210,
        0x00000004, 0x00000040, 0x00000041, 0x00000410, 0x00000042, 0x00000420, 0x00000421, 0x00004210,
        0x00000043, 0x00000430, 0x00000431, 0x00004310, 0x00000432, 0x00004320, 0x00004321, 0x00043210,
        0x00000005, 0x00000050, 0x00000051, 0x00000510, 0x00000052, 0x00000520, 0x00000521, 0x00005210,
        0x00000053, 0x00000530, 0x00000531, 0x00005310, 0x00000532, 0x00005320, 0x00005321, 0x00053210,
        0x00000054, 0x00000540, 0x00000541, 0x00005410, 0x00000542, 0x00005420, 0x00005421, 0x00054210,
        0x00000543, 0x00005430, 0x00005431, 0x00054310, 0x00005432, 0x00054320, 0x00054321, 0x00543210,
        0x00000006, 0x00000060, 0x00000061, 0x00000610, 0x00000062, 0x00000620, 0x00000621, 0x00006210,
        0x00000063, 0x00000630, 0x00000631, 0x00006310, 0x00000632, 0x00006320, 0x00006321, 0x00063210,
        0x00000064, 0x00000640, 0x00000641, 0x00006410, 0x00000642, 0x00006420, 0x00006421, 0x00064210,
        0x00000643, 0x00006430, 0x00006431, 0x00064310, 0x00006432, 0x00064320, 0x00064321, 0x00643210,
        0x00000065, 0x00000650, 0x00000651, 0x00006510, 0x00000652, 0x00006520, 0x00006521, 0x00065210,
        0x00000653, 0x00006530, 0x00006531, 0x00065310, 0x00006532, 0x00065320, 0x00065321, 0x00653210,
        0x00000654, 0x00006540, 0x00006541, 0x00065410, 0x00006542, 0x00065420, 0x00065421, 0x00654210,
        0x00006543, 0x00065430, 0x00065431, 0x00654310, 0x00065432, 0x00654320, 0x00654321, 0x06543210,
        0x00000007, 0x00000070, 0x00000071, 0x00000710, 0x00000072, 0x00000720, 0x00000721, 0x00007210,
        0x00000073, 0x00000730, 0x00000731, 0x00007310, 0x00000732, 0x00007320, 0x00007321, 0x00073210,
        0x00000074, 0x00000740, 0x00000741, 0x00007410, 0x00000742, 0x00007420, 0x00007421, 0x00074210,
        0x00000743, 0x00007430, 0x00007431, 0x00074310, 0x00007432, 0x00074320, 0x00074321, 0x00743210,
        0x00000075, 0x00000750, 0x00000751, 0x00007510, 0x00000752, 0x00007520, 0x00007521, 0x00075210,
        0x00000753, 0x00007530, 0x00007531, 0x00075310, 0x00007532, 0x00075320, 0x00075321, 0x00753210,
        0x00000754, 0x00007540, 0x00007541, 0x00075410, 0x00007542, 0x00075420, 0x00075421, 0x00754210,
        0x00007543, 0x00075430, 0x00075431, 0x00754310, 0x00075432, 0x00754320, 0x00754321, 0x07543210,
        0x00000076, 0x00000760, 0x00000761, 0x00007610, 0x00000762, 0x00007620, 0x00007621, 0x00076210,
        0x00000763, 0x00007630, 0x00007631, 0x00076310, 0x00007632, 0x00076320, 0x00076321, 0x00763210,
        0x00000764, 0x00007640, 0x00007641, 0x00076410, 0x00007642, 0x00076420, 0x00076421, 0x00764210,
        0x00007643, 0x00076430, 0x00076431, 0x00764310, 0x00076432, 0x00764320, 0x00764321, 0x07643210,
        0x00000765, 0x00007650, 0x00007651, 0x00076510, 0x00007652, 0x00076520, 0x00076521, 0x00765210,
        0x00007653, 0x00076530, 0x00076531, 0x00765310, 0x00076532, 0x00765320, 0x00765321, 0x07653210,
        0x00007654, 0x00076540, 0x00076541, 0x00765410, 0x00076542, 0x00765420, 0x00765421, 0x07654210,
        0x00076543, 0x00765430, 0x00765431, 0x07654310, 0x00765432, 0x07654320, 0x07654321, 0x76543210,
    };
    const __m256i nibble = _mm256_setr_epi32(0, 4, 8, 12, 16, 20, 24, 28);
    __m256i packed = _mm256_set1_epi32((int)order[bits & 255u]);
    return _mm256_and_si256(_mm256_srlv_epi32(packed, nibble), _mm256_set1_epi32(7));
}
static inline void wf_compress_store(float *dst, unsigned bits, wf a)
{
    _mm256_storeu_ps(dst, _mm256_permutevar8x32_ps(a, wide_compress_order(bits)));
}
static inline void wi_compress_store(uint32_t *dst, unsigned bits, wi a)
{
    _mm256_storeu_si256((__m256i *)(void *)dst, _mm256_permutevar8x32_epi32(a, wide_compress_order(bits)));
}

/* wf_reduce8 (wide.h): within each 8-lane set, pair sums twice (pairs, then
 * pairs of pairs: an add of two in-lane shuffles, cheaper here than hadd),
 * then the two 128-bit halves of four agents' sets against the other four's
 * (two lane permutes and one add); finally set 0 (lanes 0-7) + set 1 (lanes
 * 8-15). */
#define STEER_WIDE_HAS_REDUCE8 1
/* [a0 + a1, a2 + a3, b0 + b1, b2 + b3] in each 128-bit half, as the four-lane
 * backends' wf_pair_sums does in their one */
static inline wf wf_pair_sums(wf x, wf y)
{
    return _mm256_add_ps(_mm256_shuffle_ps(x, y, 0x88), _mm256_shuffle_ps(x, y, 0xDD));
}
static inline void wf_reduce8(wf acc[8][2], float out[8])
{
    __m256 set_sum[2];
    for (int set = 0; set < 2; ++set) {
        __m256 quad[2];
        for (int g = 0; g < 2; ++g) /* [a0-3 b0-3 c0-3 d0-3 | a4-7 b4-7 c4-7 d4-7] */
            quad[g] = wf_pair_sums(wf_pair_sums(acc[4 * g][set], acc[4 * g + 1][set]),
                                   wf_pair_sums(acc[4 * g + 2][set], acc[4 * g + 3][set]));
        set_sum[set] = _mm256_add_ps(_mm256_permute2f128_ps(quad[0], quad[1], 0x20),
                                     _mm256_permute2f128_ps(quad[0], quad[1], 0x31));
    }
    _mm256_storeu_ps(out, _mm256_add_ps(set_sum[0], set_sum[1]));
}

#endif

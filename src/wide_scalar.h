/* Private: the scalar backend of wide.h: one float a "register", sixteen
 * sets for the 16 logical lanes, masks as plain truth values. The kernel's
 * gather has a loop of its own for it (one candidate at a time, the
 * neighbour test as a bit mask); elsewhere the wide code runs lane by lane
 * and a mask that is clear skips the work (adding nothing leaves the same
 * bits as adding +0: wide.h). Included by wide.h only. */
#ifndef STEER_WIDE_SCALAR_H
#define STEER_WIDE_SCALAR_H

#include <math.h>
#include <string.h>

#define STEER_WIDE_LANES 1
typedef float wf;
typedef bool wm;
static inline wf wf_load(const float *p) { return *p; }
static inline void wf_store(float *p, wf a) { *p = a; }
static inline wf wf_set1(float a) { return a; }
static inline wf wf_zero(void) { return 0.0f; }
static inline wf wf_add(wf a, wf b) { return a + b; }
static inline wf wf_sub(wf a, wf b) { return a - b; }
static inline wf wf_mul(wf a, wf b) { return a * b; }
static inline wf wf_div(wf a, wf b) { return a / b; }
static inline wf wf_sqrt(wf a) { return sqrtf(a); }
static inline wm wm_lt(wf a, wf b) { return a < b; }
static inline wm wm_le(wf a, wf b) { return a <= b; }
static inline wm wm_gt(wf a, wf b) { return a > b; }
static inline wm wm_and(wm a, wm b) { return a && b; }
static inline wm wm_not(wm a) { return !a; }
static inline bool wm_none(wm a) { return !a; }
static inline int wm_count(wm a) { return a ? 1 : 0; }
static inline unsigned wm_bits(wm a) { return a ? 1u : 0u; }
static inline wm wm_ones(void) { return true; }
static inline wf wf_select(wm m, wf x) { return m ? x : 0.0f; }
static inline wf wf_blend(wm m, wf a, wf b) { return m ? a : b; }
static inline wf wf_acc(wf acc, wm m, wf x) { return m ? acc + x : acc; }
static inline wm wm_first(int n) { return n >= 1; }
static inline wm wm_groups(const uint8_t *g, uint32_t mask) { return (mask >> g[0] & 1u) != 0; }
typedef uint32_t wi; /* a 32-bit integer lane, wrapping like the vector ones */
/* (callers only truncate values in [0, 2^24)) */
static inline wi wi_trunc(wf a) { return (uint32_t)(int32_t)a; }
static inline wi wi_set1(uint32_t a) { return a; }
static inline wi wi_add(wi a, wi b) { return a + b; }
static inline wi wi_mul(wi a, wi b) { return a * b; }
static inline wf wf_from_bits(wi a)
{
    wf f;
    memcpy(&f, &a, sizeof f);
    return f;
}
static inline void wi_store(uint32_t *p, wi a) { *p = a; }
static inline wi wi_load(const uint32_t *p) { return *p; }
static inline unsigned wi_eq_bits(wi a, wi b) { return a == b ? 1u : 0u; }
#endif

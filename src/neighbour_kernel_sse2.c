/* The SSE2 build of neighbour_kernel.c (the x86-64 baseline: no flag, no
 * CPU check). Same source, same bits as the scalar build. */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#if defined(__x86_64__) && !defined(STEER_NO_SIMD) /* STEER_NO_SIMD: the scalar kernel alone */
#define STEER_WIDE_SSE2 1
#include "neighbour_kernel.c"
#else
typedef int steer__no_sse2_kernel; /* keeps the translation unit non-empty */
#endif

/* The NEON build of neighbour_kernel.c (AArch64, where NEON is always
 * present). Same source, same bits as the scalar build. */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#if defined(__aarch64__) && !defined(STEER_NO_SIMD) /* STEER_NO_SIMD: the scalar kernel alone */
#define STEER_WIDE_NEON 1
#include "neighbour_kernel.c"
#else
typedef int steer__no_neon_kernel; /* keeps the translation unit non-empty */
#endif

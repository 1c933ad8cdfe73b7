/* The AVX2 build of neighbour_kernel.c (compiled with -mavx2, used only when
 * the CPU has AVX2). Same source, same bits as the scalar build. */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#if defined(__x86_64__)
#define STEER_WIDE_AVX2 1
#include "neighbour_kernel.c"
#else
typedef int steer__no_avx2_kernel; /* keeps the translation unit non-empty */
#endif

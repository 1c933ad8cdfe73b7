/* The AVX2 build of neighbour_kernel.c (compiled with -mavx2, used only when
 * the CPU has AVX2). Same source, same bits as the scalar build. */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#if defined(__x86_64__) && !defined(STEER_NO_SIMD) /* STEER_NO_SIMD: the scalar kernel alone */
/* Built without -mavx2 (an engine's own build, every file with the same flags): the
 * file enables the instruction set itself, for its own functions only. */
#if !defined(__AVX2__) && defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)
#define STEER__ISA_PUSHED 1
#elif !defined(__AVX2__) && defined(__GNUC__)
#pragma GCC target("avx2")
#endif
#define STEER_WIDE_AVX2 1
#include "neighbour_kernel.c"
#if defined(STEER__ISA_PUSHED)
#pragma clang attribute pop
#endif
#else
typedef int steer__no_avx2_kernel; /* keeps the translation unit non-empty */
#endif

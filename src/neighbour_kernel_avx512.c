/* The AVX-512 build of neighbour_kernel.c (compiled with -mavx512f, used
 * only when the CPU has it). Same source, same bits as the scalar build. */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#if defined(__x86_64__) && !defined(STEER_NO_SIMD) /* STEER_NO_SIMD: the scalar kernel alone */
/* Built without -mavx512f (an engine's own build, every file with the same flags): the
 * file enables the instruction set itself, for its own functions only. */
#if !defined(__AVX512F__) && defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx512f"))), apply_to = function)
#define STEER__ISA_PUSHED 1
#elif !defined(__AVX512F__) && defined(__GNUC__)
#pragma GCC target("avx512f")
#endif
#define STEER_WIDE_AVX512 1
#include "neighbour_kernel.c"
#if defined(STEER__ISA_PUSHED)
#pragma clang attribute pop
#endif
#else
typedef int steer__no_avx512_kernel; /* keeps the translation unit non-empty */
#endif

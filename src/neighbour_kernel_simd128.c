/* The WebAssembly simd128 build of neighbour_kernel.c (when the module is
 * compiled with -msimd128). Same source, same bits as the scalar build. */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#if defined(__wasm_simd128__) && !defined(STEER_NO_SIMD) /* STEER_NO_SIMD: the scalar kernel alone */
#define STEER_WIDE_SIMD128 1
#include "neighbour_kernel.c"
#else
typedef int steer__no_simd128_kernel; /* keeps the translation unit non-empty */
#endif

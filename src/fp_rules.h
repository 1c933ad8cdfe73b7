/* fp_rules.h — the floating-point rules every build of the library keeps
 * (docs/design.md, "Determinism rules"), held where the compiler lets the
 * sources hold them: a game engine that compiles the library's .c files in its own build,
 * with its own flags, gets the same bits as CMake's build or a clear error.
 * Included first by every library source, before any header, so that the
 * header math inlined below it is covered too.
 *
 * Fused multiply-adds: CMake passes -ffp-contract=off. Without it, on a CPU
 * target with FMA (x86-64 -mfma or -march=x86-64-v3 and up, every AArch64)
 * clang fuses a * b + c by default and gcc in its GNU modes (-std=gnu11,
 * -std=gnu17, no -std at all): every state hash differed from every other
 * build's. The pragmas below turn contraction off for the whole file. Not
 * covered: an explicit -ffp-contract=fast (clang then ignores the pragma,
 * gcc in ISO mode has none here); don't pass it. */
#ifndef STEER_FP_RULES_H
#define STEER_FP_RULES_H

#if defined(__FAST_MATH__) || (defined(__FINITE_MATH_ONLY__) && __FINITE_MATH_ONLY__) || \
    defined(__ASSOCIATIVE_MATH__) || defined(__RECIPROCAL_MATH__) || defined(__NO_SIGNED_ZEROS__)
/* -ffast-math, -Ofast and their parts reorder sums, drop signed zeros and
 * take NaN and infinity for impossible (the finite-value checks that keep a
 * world free of NaN would compile to "true"). */
#error "steer: compile the library without -ffast-math, -Ofast, -ffinite-math-only, -fassociative-math, -freciprocal-math or -fno-signed-zeros (add -fno-fast-math after your flags): its results would differ from every other build's and its NaN checks be compiled away"
#endif

#if defined(__FLT_EVAL_METHOD__) && __FLT_EVAL_METHOD__ != 0
/* 32-bit x86 without SSE math (gcc -m32, i686 compilers, clang -m32 without
 * -msse2) computes floats in the x87's 80-bit registers, rounded to float
 * only where the compiler spills them: every state hash differed from the
 * 64-bit build's. CMake's build passes these flags on such targets. */
#error "steer: floats must be evaluated as floats (FLT_EVAL_METHOD 0): on 32-bit x86 compile with -msse2 -mfpmath=sse, or the results differ from every other build's"
#endif

#if defined(__clang__)
#pragma clang fp contract(off)
#elif defined(__GNUC__) && !defined(__STRICT_ANSI__)
/* gcc's ISO modes (-std=c11, CMake's build) do not contract unless told to;
 * its GNU modes contract as -ffp-contract=fast. */
#pragma GCC optimize("fp-contract=off")
#endif

#endif

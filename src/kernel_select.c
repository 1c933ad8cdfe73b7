/* Which build of the wide kernels runs: one list of the builds this binary
 * has, fastest first, each with its CPU check. x86-64 chooses at run time
 * (SSE2 is its baseline); AArch64 always has NEON, and a WebAssembly module
 * has simd128 when it was compiled with it. The API that chooses from it
 * (steer_world_set_kernel, steer_world_kernel, steer_world_use_simd, steer_kernel_available)
 * and the kernels' names. */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "neighbour_kernel.h"
#include "world_internal.h"

typedef struct kernel_build {
    steer_kernel id;
    bool (*available)(void);
    const steer__kernels *tables[2]; /* 2D, 3D */
} kernel_build;

static bool always(void) { return true; }

#if defined(__x86_64__) && !defined(STEER_NO_SIMD)
static bool cpu_has_avx2(void)
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
}
static bool cpu_has_avx512f(void)
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f");
}
#endif

/* A build with STEER_NO_SIMD (CMake: -DSTEER_SIMD=OFF) has the scalar
 * kernel alone, for a compiler or target whose vector intrinsics are
 * unwanted; it gives the same bits, slower. */
static const kernel_build builds[] = {
#if defined(__x86_64__) && !defined(STEER_NO_SIMD)
    {STEER_KERNEL_AVX512, cpu_has_avx512f, {&steer__kernels2_avx512, &steer__kernels3_avx512}},
    {STEER_KERNEL_AVX2, cpu_has_avx2, {&steer__kernels2_avx2, &steer__kernels3_avx2}},
    {STEER_KERNEL_SSE2, always, {&steer__kernels2_sse2, &steer__kernels3_sse2}},
#endif
#if defined(__aarch64__) && !defined(STEER_NO_SIMD)
    {STEER_KERNEL_NEON, always, {&steer__kernels2_neon, &steer__kernels3_neon}},
#endif
#if defined(__wasm_simd128__) && !defined(STEER_NO_SIMD)
    {STEER_KERNEL_SIMD128, always, {&steer__kernels2_simd128, &steer__kernels3_simd128}},
#endif
    {STEER_KERNEL_SCALAR, always, {&steer__kernels2_scalar, &steer__kernels3_scalar}},
};
#define BUILD_COUNT ((int)(sizeof builds / sizeof builds[0]))

const steer__kernels *steer__kernels_select(steer_kernel requested, int dim, steer_kernel *chosen)
{
    const kernel_build *pick = 0;
    for (int k = 0; k < BUILD_COUNT && !pick; ++k)
        if (builds[k].id == requested && builds[k].available()) pick = &builds[k];
    for (int k = 0; k < BUILD_COUNT && !pick; ++k) /* BEST, or not on this CPU: the fastest it runs */
        if (builds[k].available()) pick = &builds[k];
    *chosen = pick->id;
    return pick->tables[dim == 3];
}

bool steer_kernel_available(steer_kernel kernel)
{
    if (kernel == STEER_KERNEL_BEST) return true;
    for (int k = 0; k < BUILD_COUNT; ++k)
        if (builds[k].id == kernel) return builds[k].available();
    return false;
}

const char *steer_kernel_name(steer_kernel kernel)
{
    switch (kernel) {
    case STEER_KERNEL_BEST: return "best";
    case STEER_KERNEL_SCALAR: return "scalar";
    case STEER_KERNEL_AVX2: return "avx2";
    case STEER_KERNEL_AVX512: return "avx512";
    case STEER_KERNEL_SSE2: return "sse2";
    case STEER_KERNEL_NEON: return "neon";
    case STEER_KERNEL_SIMD128: return "simd128";
    case STEER_KERNEL_COUNT: break;
    }
    return "unknown";
}

steer_kernel steer_world_set_kernel(steer_world *w, steer_kernel kernel)
{
    if (!w) return STEER_KERNEL_SCALAR;
    /* the step's workers read the kernel table */
    STEER_MISUSE_IF(steer__in_step(w), w->kernel, IN_STEP, "called during the world's own step: only between steps");
    STEER_MISUSE_IF((int)kernel < 0 || kernel >= STEER_KERNEL_COUNT, w->kernel, KERNEL,
                    "kernel = %d: must be a steer_kernel, from STEER_KERNEL_BEST (0) to %d", (int)kernel,
                    STEER_KERNEL_COUNT - 1);
    w->kernels = steer__kernels_select(kernel, w->dim, &w->kernel);
    return w->kernel;
}

steer_kernel steer_world_kernel(const steer_world *w)
{
    STEER__QUERY_WORLD(w, STEER_KERNEL_SCALAR);
    return w->kernel;
}

bool steer_world_use_simd(steer_world *w, bool enable)
{
    return steer_world_set_kernel(w, enable ? STEER_KERNEL_BEST : STEER_KERNEL_SCALAR) != STEER_KERNEL_SCALAR;
}

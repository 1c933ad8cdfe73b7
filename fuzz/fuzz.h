/* Shared by the fuzz targets: the libFuzzer entry point, a reader that turns
 * the fuzzer's bytes into values (exhausted input reads as zeros, so every
 * byte string is a valid program), and the failure report.
 *
 * Floats are drawn from a table of troublemakers (NaN, +-Inf, denormals,
 * +-1e38, FLT_MAX, +-0) a quarter of the time, from a small ordinary range
 * a quarter of the time, and from four raw bytes otherwise, so the fuzzer
 * reaches both the edges and the ordinary paths quickly. */
#ifndef STEER_FUZZ_H
#define STEER_FUZZ_H

#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "steer/steer.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The fuzzers misuse the API on purpose (NaN arguments, stale handles, bad
 * defs): the documented safe result is what they check, so the misuse
 * handler (which aborts in debug builds by default) only counts. */
static long fuzz_misuse_reports;
static void fuzz_count_misuse(steer_misuse_id id, const char *function, const char *message, void *context)
{
    (void)id, (void)function, (void)message, (void)context;
    ++fuzz_misuse_reports;
}
static inline void fuzz_setup(void) { steer_set_misuse_handler(fuzz_count_misuse, 0); }

/* Read arguments into locals, each read a statement of its own: C leaves
 * the order of evaluating a call's arguments (and an initializer list's
 * values) unspecified. gcc evaluates call arguments last to first, clang
 * first to last, so f(fuzz_float(in), fuzz_float(in)) decoded one input two
 * ways (R68 in docs/robustness.md). The operations once written so now read
 * in gcc's order, the last argument first: the committed corpora keep what
 * the release replay (gcc) ran them as. Both compilers read initializer
 * lists first to last, as fuzz_floats does. */
typedef struct fuzz_input {
    const uint8_t *data;
    size_t size, pos;
} fuzz_input;

static inline fuzz_input fuzz_begin(const uint8_t *data, size_t size)
{
    fuzz_input in = {data, size, 0};
    return in;
}

static inline bool fuzz_done(const fuzz_input *in) { return in->pos >= in->size; }

static inline uint8_t fuzz_u8(fuzz_input *in) { return in->pos < in->size ? in->data[in->pos++] : 0; }

static inline uint32_t fuzz_u32(fuzz_input *in)
{
    uint32_t v = 0;
    for (int k = 0; k < 4; ++k) v |= (uint32_t)fuzz_u8(in) << (8 * k);
    return v;
}

/* An integer in [lo, hi] (hi - lo < 2^16). */
static inline int fuzz_int(fuzz_input *in, int lo, int hi)
{
    unsigned span = (unsigned)(hi - lo) + 1u;
    unsigned raw = fuzz_u8(in);
    if (span > 256u) raw |= (unsigned)fuzz_u8(in) << 8; /* the low byte first */
    return lo + (int)(raw % span);
}

static inline bool fuzz_bool(fuzz_input *in) { return fuzz_u8(in) & 1u; }

static inline float fuzz_bits_float(uint32_t bits)
{
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

static inline float fuzz_float(fuzz_input *in)
{
    static const uint32_t nan_bits = 0x7FC00000u, neg_nan_bits = 0xFFC00001u;
    uint8_t sel = fuzz_u8(in);
    if (sel < 64) {
        switch (sel & 31) {
        case 0: return 0.0f;
        case 1: return -0.0f;
        case 2: return 1.0f;
        case 3: return -1.0f;
        case 4: return 0.5f;
        case 5: return 2.0f;
        case 6: return 1e-3f;
        case 7: return 1e-20f;
        case 8: return FLT_MIN;
        case 9: return 1e-40f;  /* denormal */
        case 10: return -1e-45f; /* smallest denormal */
        case 11: return 1e20f;
        case 12: return 1e30f;
        case 13: return 1e38f;
        case 14: return -1e38f;
        case 15: return FLT_MAX;
        case 16: return -FLT_MAX;
        case 17: return INFINITY;
        case 18: return -INFINITY;
        case 19: return fuzz_bits_float(nan_bits);
        case 20: return fuzz_bits_float(neg_nan_bits);
        case 21: return STEER_PI;
        case 22: return 2.0f * STEER_PI;
        case 23: return 0.12f;
        case 24: return 1e6f;
        case 25: return 0.25f;
        case 26: return 4.0f;
        case 27: return 100.0f;
        case 28: return -100.0f;
        case 29: return 3.0f;
        case 30: return 1.0f / 60.0f;
        default: return 1e-7f;
        }
    }
    if (sel < 128) return (float)((int)sel - 96) * 0.25f; /* -8 .. 7.75 */
    return fuzz_bits_float(fuzz_u32(in));
}

/* count floats read in turn, for the fields of a struct: an initializer
 * list of reads would be evaluated in no order C promises. */
static inline void fuzz_floats(fuzz_input *in, float *out, int count)
{
    for (int i = 0; i < count; ++i) out[i] = fuzz_float(in);
}

/* A float >= 0 that is finite and modest, for sizes the fuzzer should not
 * spend its time on (array extents, step counts). */
static inline float fuzz_small_float(fuzz_input *in) { return (float)fuzz_u8(in) * 0.125f; }

static inline steer_v2 fuzz_v2(fuzz_input *in)
{
    float x = fuzz_float(in);
    float y = fuzz_float(in);
    return steer_v2_make(x, y);
}

static inline steer_v3 fuzz_v3(fuzz_input *in)
{
    float x = fuzz_float(in);
    float y = fuzz_float(in);
    float z = fuzz_float(in);
    return steer_v3_make(x, y, z);
}

/* A report the fuzzer records as a crash: what failed and where. */
#define FUZZ_FAIL(...)                                                                                                 \
    do {                                                                                                               \
        fprintf(stderr, "FUZZ FAILURE %s:%d: ", __FILE__, __LINE__);                                                    \
        fprintf(stderr, __VA_ARGS__);                                                                                  \
        fprintf(stderr, "\n");                                                                                         \
        abort();                                                                                                       \
    } while (0)

#define FUZZ_CHECK(cond, ...)                                                                                          \
    do {                                                                                                               \
        if (!(cond)) FUZZ_FAIL(__VA_ARGS__);                                                                           \
    } while (0)

/* Known bugs, reported and not fixed yet: wrap a check as
 *   if (!FUZZ_KNOWN("K8", condition that only the bug produces)) FUZZ_CHECK(...);
 * so the fuzzers step around the bug and go on finding new ones, while the
 * corpus keeps its reproducer (known-K8-...). FUZZ_STRICT=K8 (or "all") in
 * the environment makes it fail again. Once the bug is fixed, delete the
 * tolerance: the replay then guards the fix. K1-K7 (docs/robustness.md) are
 * fixed and no longer tolerated. */
static inline bool fuzz_known(const char *id, bool cond)
{
    static const char *strict;
    static bool read;
    if (!read) {
        strict = getenv("FUZZ_STRICT");
        read = true;
    }
    if (!cond) return false;
    return !(strict && (strcmp(strict, "all") == 0 || strstr(strict, id)));
}
#define FUZZ_KNOWN(id, cond) fuzz_known(id, cond)

/* CRC-32 (IEEE, reflected), as steer snapshots use: lets the snapshot target
 * repair the checksum of a mutated snapshot so the parser behind it is
 * reached, not only the checksum test. */
static inline uint32_t fuzz_crc32(const uint8_t *data, size_t size)
{
    uint32_t crc = 0xFFFFFFFFu;
    for (size_t i = 0; i < size; ++i) {
        crc ^= data[i];
        for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

#endif

/* Fuzz target: every behaviour, combiner and vehicle function in 2D and 3D
 * with arbitrary floats (NaN, +-Inf, denormals, +-1e38, zeros) and arbitrary
 * counts within the arrays' bounds. Each output must be finite; headings
 * must be unit vectors; combiners must respect max_force; indices must stay
 * in range. A broken promise aborts, which libFuzzer reports as a crash.
 *
 * Input: a sequence of operations, each one byte (dimension and operation)
 * followed by its arguments (see fuzz.h for how floats are decoded). */
#include "fuzz.h"

#define STEER_DIM 2
#include "fuzz_behaviours_template.h"
#define STEER_DIM 3
#include "fuzz_behaviours_template.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_setup();
    static fb_scratch2 s2;
    static fb_scratch3 s3;
    fuzz_input in = fuzz_begin(data, size);
    for (int calls = 0; calls < 64 && !fuzz_done(&in); ++calls) {
        uint8_t head = fuzz_u8(&in);
        int op = (head >> 1) % N_FB_OPS;
        if (head & 1)
            fb_run3(&in, &s3, op);
        else
            fb_run2(&in, &s2, op);
    }
    return 0;
}

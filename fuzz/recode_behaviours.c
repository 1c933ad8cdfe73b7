/* Re-encodes fuzz_behaviours inputs after operations were added. An input is
 * a sequence of operations, each a head byte, (head >> 1) % N_FB_OPS the
 * operation and bit 0 the dimension, then its arguments: a larger N_FB_OPS
 * gives every head from the old count up another operation, and a committed
 * input no longer tests what it did. New operations are only ever appended,
 * so the old ones read their arguments as before: this reads each input with
 * the old count and writes each head as its operation's own number (and the
 * dimension bit), which means the same under every count above it. It then
 * reads the result with N_FB_OPS and checks that the same operations come at
 * the same places. Files are rewritten in place (their names kept: rename
 * the hash-named ones to the new contents' SHA-1 as libFuzzer names them).
 *   fuzz_recode_behaviours OLD_N_FB_OPS FILE...
 * Run it on the corpus (fuzz/corpus/fuzz_behaviours) when N_FB_OPS grows. */
#include "fuzz.h"

#define STEER_DIM 2
#include "fuzz_behaviours_template.h"
#define STEER_DIM 3
#include "fuzz_behaviours_template.h"

enum { MAX_CALLS = 64 }; /* as LLVMFuzzerTestOneInput */

/* The operations of an input read with n_ops, their heads' places in
 * places[] and their numbers (times 2, plus the dimension) in ops[];
 * returns how many. With rewrite, each head is written as its operation. */
static int walk(uint8_t *data, size_t size, int n_ops, bool rewrite, size_t *places, int *ops)
{
    static fb_scratch2 s2;
    static fb_scratch3 s3;
    fuzz_input in = fuzz_begin(data, size);
    int calls = 0;
    for (; calls < MAX_CALLS && !fuzz_done(&in); ++calls) {
        size_t place = in.pos;
        uint8_t head = fuzz_u8(&in);
        int op = (head >> 1) % n_ops;
        places[calls] = place;
        ops[calls] = op * 2 + (head & 1);
        if (rewrite) data[place] = (uint8_t)(op << 1 | (head & 1));
        if (head & 1)
            fb_run3(&in, &s3, op);
        else
            fb_run2(&in, &s2, op);
    }
    return calls;
}

static int recode(const char *path, int old_ops)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "recode: cannot open %s\n", path);
        return 1;
    }
    static uint8_t data[1 << 16], again[1 << 16];
    size_t size = fread(data, 1, sizeof data, f);
    int too_long = !feof(f);
    fclose(f);
    if (too_long) {
        fprintf(stderr, "recode: %s is longer than %zu bytes\n", path, sizeof data);
        return 1;
    }
    memcpy(again, data, size);
    size_t places[MAX_CALLS], new_places[MAX_CALLS];
    int ops[MAX_CALLS], new_ops[MAX_CALLS];
    int calls = walk(data, size, old_ops, true, places, ops);
    int new_calls = walk(data, size, N_FB_OPS, false, new_places, new_ops);
    if (new_calls != calls || memcmp(places, new_places, (size_t)calls * sizeof *places) != 0 ||
        memcmp(ops, new_ops, (size_t)calls * sizeof *ops) != 0) {
        fprintf(stderr, "recode: %s reads differently after recoding\n", path);
        return 1;
    }
    if (memcmp(data, again, size) == 0) return 0;
    f = fopen(path, "wb");
    int failed = !f || fwrite(data, 1, size, f) != size;
    if (f) failed |= fclose(f) != 0;
    if (failed) fprintf(stderr, "recode: cannot write %s\n", path);
    else printf("%s\n", path);
    return failed;
}

int main(int argc, char **argv)
{
    int old_ops = argc > 1 ? atoi(argv[1]) : 0;
    if (argc < 3 || old_ops < 1 || old_ops > N_FB_OPS) {
        fprintf(stderr, "usage: fuzz_recode_behaviours OLD_N_FB_OPS FILE...   (1 <= OLD_N_FB_OPS <= %d)\n", N_FB_OPS);
        return 2;
    }
    fuzz_setup();
    int failed = 0;
    for (int i = 2; i < argc; ++i) failed |= recode(argv[i], old_ops);
    return failed;
}

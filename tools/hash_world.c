/* hash_world — the state hash of the all-behaviours world (tests/robust_world.h)
 * after a number of steps, for every thread count and neighbour kernel.
 * The determinism matrix (tests/determinism_matrix.sh) builds this program
 * with each compiler and optimisation level and compares the hashes.
 *
 *   hash_world [--steps N] [--agents N]
 *
 * Prints one line per run: dim threads kernel-asked kernel-used hash. A
 * kernel this CPU or build lacks falls back to the best one available;
 * the line says which ran. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "robust_world.h"

int main(int argc, char **argv)
{
    int steps = 1000, agents = 200;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--steps") == 0) steps = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "--agents") == 0) agents = atoi(argv[i + 1]);
    }
    if (steps < 0 || agents < 1) {
        fprintf(stderr, "usage: hash_world [--steps N] [--agents N]\n");
        return 2;
    }
    static const int threads[] = {1, 2, 4, 8};
    static const steer_kernel kernels[] = {STEER_KERNEL_SCALAR, STEER_KERNEL_AVX2, STEER_KERNEL_AVX512};
    steer_agent_id *ids = malloc(sizeof *ids * (size_t)agents);
    if (!ids) return 1;
    int failed = 0;
    for (int dim = 2; dim <= 3; ++dim) {
        for (size_t t = 0; t < sizeof threads / sizeof threads[0]; ++t) {
            for (size_t k = 0; k < sizeof kernels / sizeof kernels[0]; ++k) {
                robust_options o = robust_default_options(dim, agents);
                o.worker_count = threads[t];
                robust_handles h = {0, ids};
                steer_world *w = robust_create(&o, &h);
                if (!w) {
                    fprintf(stderr, "hash_world: cannot create the world\n");
                    return 1;
                }
                steer_kernel used = steer_world_set_kernel(w, kernels[k]);
                bool ok = robust_run(w, &h, dim, 0, (uint64_t)steps);
                int bad = robust_count_bad(w, dim, robust_half_side(dim, agents));
                printf("%dd %d %s %s %016" PRIx64 "%s\n", dim, threads[t], steer_kernel_name(kernels[k]),
                       steer_kernel_name(used), steer_world_state_hash(w), ok && !bad ? "" : " FAILED");
                failed |= !ok || bad;
                steer_world_destroy(w);
            }
        }
    }
    free(ids);
    return failed;
}

/* hash_world — the state hash of the all-behaviours world (tests/robust_world.h)
 * after a number of steps, for every thread count and neighbour kernel.
 * The determinism matrix (tests/determinism_matrix.sh) builds this program
 * with each compiler and optimisation level and compares the hashes.
 *
 *   hash_world [--steps N] [--agents N] [--threads-max N]
 *
 * Prints one line per run: dim threads kernel-asked kernel-used hash, for
 * every kernel this CPU and build can run (steer_kernel_available), a line
 * each for the places of an order in the 2D and 3D worlds ("places2d 1
 * scalar scalar HASH": steer_world_places_around), lines "goals2d" and
 * "goals3d" for an order of units with goals round a rock (every kernel, 1
 * and 2 threads), then "# complete N runs" (a crash leaves no such line). --threads-max skips
 * the thread counts above N
 * (1, 2, 4, 8 by default). A build without threads (WebAssembly, or
 * STEER_NO_THREADS) defaults to 1: its pool runs serially in one range
 * whatever worker_count says, so a "2 threads" row would only repeat the
 * 1-thread run under another label. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crowd_unit.h"
#include "robust_world.h"

/* An RTS order with own goals: 48 units of a crowd group (anticipation,
 * obstacle avoidance, keep_apart, the running sum: the crowd kernel) sent
 * from a block to places round a rock (and a second one 0.4 from it, too
 * close for a body: one cluster) (steer_world_places_around, then
 * steer_world_send_to_places together), so that the assignment, the
 * places' trades, the braking arrive and the way round the rock all run,
 * past 8 idle units of a second group; 600 steps of 1/30 s. */
static bool order_hash(int dim, int threads, steer_kernel kernel, steer_kernel *used, uint64_t *hash)
{
    enum { UNITS = 48, IDLE = 8 };
    steer_world_def wd = steer_default_world_def();
    wd.dim = dim;
    wd.up = STEER_UP_Y;
    wd.capacity = UNITS + IDLE;
    wd.bounds_min = steer_v3_make(-30.0f, dim == 3 ? -5.0f : -20.0f, dim == 3 ? -20.0f : 0.0f);
    wd.bounds_max = steer_v3_make(30.0f, dim == 3 ? 5.0f : 20.0f, dim == 3 ? 20.0f : 0.0f);
    wd.boundary = STEER_BOUNDARY_CLAMP;
    wd.solid_obstacles = true;
    wd.worker_count = threads;
    steer_world *w = steer_world_create(&wd);
    if (!w) return false;
    *used = steer_world_set_kernel(w, kernel);
    /* on the ground: (a, b) is (x, y) in 2D and (x, z) in the Y-up world */
#define GROUND(a, b) (dim == 3 ? steer_v3_make((a), 0.0f, (b)) : steer_v3_make((a), (b), 0.0f))
    bool ok = steer_world_add_obstacle(w, GROUND(12.0f, 0.0f), 3.0f) >= 0 &&
              steer_world_add_obstacle(w, GROUND(4.0f, 7.0f), 1.5f) >= 0 &&
              steer_world_add_obstacle(w, GROUND(12.0f, 5.4f), 2.0f) >= 0; /* 0.4 from the first: one cluster */
    steer_group_def g = rts_unit_def();
    g.ground_plane = dim == 3;
    ok = ok && steer_world_add_group(w, &g) == 0 && steer_world_add_group(w, &g) == 1;
    steer_agent_id units[UNITS];
    for (int i = 0; ok && i < UNITS; ++i)
        units[i] = steer_world_add_agent(w, 0, GROUND(-20.0f + 1.3f * (float)(i % 8), -4.0f + 1.3f * (float)(i / 8)),
                                         steer_v3_zero());
    for (int i = 0; ok && i < IDLE; ++i)
        steer_world_add_agent(w, 1, GROUND(6.0f + 1.4f * (float)i, -6.0f), steer_v3_zero());
    steer_v3 places[UNITS];
    steer_places_query q = {GROUND(12.0f, 0.0f), 1.25f, 0.5f, units, UNITS};
    ok = ok && steer_world_places_around(w, &q, places, UNITS) >= 0;
    ok = ok && steer_world_send_to_places(w, units, UNITS, places, UNITS, true, NULL) == UNITS;
#undef GROUND
    for (int step = 0; ok && step < 600; ++step) ok = steer_world_step(w, 1.0f / 30.0f) == STEER_OK;
    *hash = steer_world_state_hash(w);
    steer_world_destroy(w);
    return ok;
}

int main(int argc, char **argv)
{
    int steps = 1000, agents = 200;
#if defined(__wasm__) || defined(STEER_NO_THREADS) /* as in src/thread_pool.c */
    int threads_max = 1;
#else
    int threads_max = 8;
#endif
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--steps") == 0) steps = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "--agents") == 0) agents = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "--threads-max") == 0) threads_max = atoi(argv[i + 1]);
    }
    if (steps < 0 || agents < 1 || threads_max < 1) {
        fprintf(stderr, "usage: hash_world [--steps N] [--agents N] [--threads-max N]\n");
        return 2;
    }
    static const int threads[] = {1, 2, 4, 8};
    steer_agent_id *ids = malloc(sizeof *ids * (size_t)agents);
    if (!ids) return 1;
    int failed = 0, runs = 0;
    for (int dim = 2; dim <= 3; ++dim) {
        for (size_t t = 0; t < sizeof threads / sizeof threads[0] && threads[t] <= threads_max; ++t) {
            for (steer_kernel k = STEER_KERNEL_SCALAR; k < STEER_KERNEL_COUNT; k = (steer_kernel)(k + 1)) {
                if (!steer_kernel_available(k)) continue;
                robust_options o = robust_default_options(dim, agents);
                o.worker_count = threads[t];
                robust_handles h = {0, ids};
                steer_world *w = robust_create(&o, &h);
                if (!w) {
                    fprintf(stderr, "hash_world: cannot create the world\n");
                    return 1;
                }
                steer_kernel used = steer_world_set_kernel(w, k);
                bool ok = robust_run(w, &h, dim, 0, (uint64_t)steps);
                int bad = robust_count_bad(w, dim, robust_half_side(dim, agents));
                printf("%dd %d %s %s %016" PRIx64 "%s\n", dim, threads[t], steer_kernel_name(k),
                       steer_kernel_name(used), steer_world_state_hash(w), ok && !bad ? "" : " FAILED");
                failed |= !ok || bad;
                ++runs;
                steer_world_destroy(w);
            }
        }
    }
    /* and the places for an order (steer_world_places_around) in that world
     * after its steps: rows "places2d" and "places3d", one thread, so that
     * every build of the matrix answers with the same places too */
    for (int dim = 2; dim <= 3; ++dim) {
        robust_options o = robust_default_options(dim, agents);
        robust_handles h = {0, ids};
        steer_world *w = robust_create(&o, &h);
        if (!w) return 1;
        bool ok = robust_run(w, &h, dim, 0, (uint64_t)steps);
        enum { PLACES = 400 };
        steer_v3 *places = malloc(sizeof *places * PLACES);
        steer_places_query q = {robust_v3(dim, 1.0f, -2.0f, 0.5f), 1.1f, 0.5f, ids, h.count / 2};
        int open = ok && places ? steer_world_places_around(w, &q, places, PLACES) : -1;
        ok = ok && open >= 0; /* (how many are open is hashed too: fewer than PLACES is an answer, not a failure) */
        uint64_t hash = 0xCBF29CE484222325ull;
        for (size_t b = 0; ok && b < sizeof open; ++b) hash = (hash ^ ((const unsigned char *)&open)[b]) * 0x100000001B3ull;
        for (size_t b = 0; ok && b < sizeof *places * PLACES; ++b) hash = (hash ^ ((const unsigned char *)places)[b]) * 0x100000001B3ull;
        printf("places%dd 1 scalar scalar %016" PRIx64 "%s\n", dim, hash, ok ? "" : " FAILED");
        failed |= !ok;
        ++runs;
        free(places);
        steer_world_destroy(w);
    }
    /* and an order of units with goals: rows "goals2d" and "goals3d" (3D: a
     * ground-plane group in a Y-up world), every kernel, 1 and 2 threads */
    for (int dim = 2; dim <= 3; ++dim)
        for (size_t t = 0; t < 2 && threads[t] <= threads_max; ++t)
            for (steer_kernel k = STEER_KERNEL_SCALAR; k < STEER_KERNEL_COUNT; k = (steer_kernel)(k + 1)) {
                if (!steer_kernel_available(k)) continue;
                steer_kernel used = k;
                uint64_t hash = 0;
                bool ok = order_hash(dim, threads[t], k, &used, &hash);
                printf("goals%dd %d %s %s %016" PRIx64 "%s\n", dim, threads[t], steer_kernel_name(k), steer_kernel_name(used),
                       hash, ok ? "" : " FAILED");
                failed |= !ok;
                ++runs;
            }
    free(ids);
    printf("# complete %d runs\n", runs);
    return failed;
}

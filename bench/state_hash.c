/* bench/state_hash.c — what steer_world_state_hash, steer_world_save,
 * steer_world_restore and steer_world_reserve_agents cost beside a step, for a program that hashes every
 * step (lockstep play checking for desyncs) or saves every step and rolls
 * back (rollback netcode).
 *
 *   build/bench/state_hash [--agents N] [--threads T] [--repeat R] [--json]
 *
 * The standard flock of N agents (default 1000000; steer/standard_flock.h),
 * then the same with every agent arriving at its own point (per-agent
 * goals, hashed after the agents). Each world takes one step, then R times
 * (default 5) a hash, a save, a restore of that save, a reserve of room
 * for one agent more and a step, each timed; the table gives the best and the median ms of each, the
 * snapshot's bytes and the hash. The hash reads the agents in slot order,
 * which is not their order in memory. --json prints one line per world. */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <steer/steer.h>

#include "bench_util.h"

#define MAX_REPEAT 64

/* best and median of n timings, in ms */
static void summary(double *t, int n, double *best, double *median)
{
    qsort(t, (size_t)n, sizeof *t, bench_by_value);
    *best = t[0] * 1e3;
    *median = (n % 2 ? t[n / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2])) * 1e3;
}

/* Every agent its own ARRIVE point, spread over the torus (a 997 x 991
 * lattice of points scaled to it). */
static int give_goals(steer_world *w, int n)
{
    steer_agent_id *ids = malloc(sizeof *ids * (size_t)n);
    steer_v3 *targets = malloc(sizeof *targets * (size_t)n);
    steer_world_def def;
    int set = 0;
    if (ids && targets && steer_world_get_def(w, &def) == STEER_OK && steer_world_get_agent_ids(w, ids, n) == n) {
        float sx = (def.bounds_max.x - def.bounds_min.x) / 997.0f, sy = (def.bounds_max.y - def.bounds_min.y) / 991.0f;
        for (int i = 0; i < n; ++i)
            targets[i] = steer_v3_make(def.bounds_min.x + sx * (float)(i % 997), def.bounds_min.y + sy * (float)(i * 7 % 991), 0.0f);
        set = steer_world_set_targets(w, ids, targets, n, STEER_GOAL_ARRIVE, NULL);
    }
    free(ids);
    free(targets);
    return set == n;
}

int main(int argc, char **argv)
{
    int agents = 1000000, threads = 1, repeat = 5, json = 0;
    for (int i = 1; i < argc; ++i) {
        if (strcmp(argv[i], "--json") == 0) json = 1;
        else if (i + 1 < argc && strcmp(argv[i], "--agents") == 0)
            agents = bench_parse_int("state_hash", "--agents", argv[++i], 1, 67108864);
        else if (i + 1 < argc && strcmp(argv[i], "--threads") == 0)
            threads = bench_parse_int("state_hash", "--threads", argv[++i], 1, 64);
        else if (i + 1 < argc && strcmp(argv[i], "--repeat") == 0)
            repeat = bench_parse_int("state_hash", "--repeat", argv[++i], 1, MAX_REPEAT);
        else {
            fprintf(stderr, "usage: state_hash [--agents N] [--threads T] [--repeat R] [--json]\n");
            return 2;
        }
    }
    if (!json)
        printf("%-8s %9s %9s %9s %9s %9s %9s %9s %10s %9s %10s %9s %10s %s\n", "world", "agents", "hash_ms", "median", "step_ms", "median",
               "save_ms", "median", "restore_ms", "median", "reserve_ms", "median", "snap_bytes", "state_hash");
    for (int goals = 0; goals <= 1; ++goals) {
        steer_standard_flock_def def = steer_default_standard_flock_def();
        def.agents = agents;
        def.worker_count = threads;
        steer_world *w = steer_standard_flock_create(&def);
        if (!w || (goals && !give_goals(w, agents))) {
            fprintf(stderr, "state_hash: could not make the world of %d agents\n", agents);
            steer_world_destroy(w);
            return 1;
        }
        steer_world_step(w, STEER_STANDARD_FLOCK_DT);
        size_t capacity = steer_world_snapshot_size(w) * 2, bytes = 0; /* room for the world's growth: none here */
        unsigned char *snapshot = malloc(capacity);
        if (!snapshot) {
            fprintf(stderr, "state_hash: no memory for a snapshot of %zu bytes\n", capacity);
            steer_world_destroy(w);
            return 1;
        }
        double hash_t[MAX_REPEAT], step_t[MAX_REPEAT], save_t[MAX_REPEAT], restore_t[MAX_REPEAT], reserve_t[MAX_REPEAT];
        uint64_t hash = 0;
        for (int r = 0; r < repeat; ++r) {
            double t0 = bench_seconds();
            hash = steer_world_state_hash(w);
            double t1 = bench_seconds();
            steer_result saved = steer_world_save(w, snapshot, capacity, &bytes);
            double t2 = bench_seconds();
            steer_result restored = steer_world_restore(w, snapshot, bytes);
            double t3 = bench_seconds();
            steer_result reserved = steer_world_reserve_agents(w, agents + r + 1);
            double t3b = bench_seconds();
            if (saved != STEER_OK || restored != STEER_OK || reserved != STEER_OK || steer_world_state_hash(w) != hash) {
                fprintf(stderr, "state_hash: the %s world did not save, restore and grow to the same state\n", goals ? "goals" : "flock");
                free(snapshot);
                steer_world_destroy(w);
                return 1;
            }
            double t4 = bench_seconds();
            steer_world_step(w, STEER_STANDARD_FLOCK_DT);
            hash_t[r] = t1 - t0;
            save_t[r] = t2 - t1;
            restore_t[r] = t3 - t2;
            reserve_t[r] = t3b - t3;
            step_t[r] = bench_seconds() - t4;
        }
        free(snapshot);
        double hb, hm, sb, sm, vb, vm, rb, rm, gb, gm;
        summary(hash_t, repeat, &hb, &hm);
        summary(step_t, repeat, &sb, &sm);
        summary(save_t, repeat, &vb, &vm);
        summary(restore_t, repeat, &rb, &rm);
        summary(reserve_t, repeat, &gb, &gm);
        const char *name = goals ? "goals" : "flock";
        if (json)
            printf("{\"world\":\"%s\",\"agents\":%d,\"threads\":%d,\"hash_ms\":%.3f,\"hash_ms_median\":%.3f,"
                   "\"step_ms\":%.3f,\"step_ms_median\":%.3f,\"save_ms\":%.3f,\"save_ms_median\":%.3f,"
                   "\"restore_ms\":%.3f,\"restore_ms_median\":%.3f,\"reserve_ms\":%.3f,\"reserve_ms_median\":%.3f,"
                   "\"snapshot_bytes\":%zu,\"last_hash\":\"%016" PRIx64 "\"}\n",
                   name, agents, threads, hb, hm, sb, sm, vb, vm, rb, rm, gb, gm, bytes, hash);
        else
            printf("%-8s %9d %9.3f %9.3f %9.3f %9.3f %9.3f %9.3f %10.3f %9.3f %10.3f %9.3f %10zu %016" PRIx64 "\n", name, agents,
                   hb, hm, sb, sm, vb, vm, rb, rm, gb, gm, bytes, hash);
        steer_world_destroy(w);
    }
    return 0;
}

/* hash_scenario — the state hash of a world after N steps, natively, for the
 * playground's test that the browser (WebAssembly) and native runs agree bit
 * for bit.
 *
 *   hash_scenario --standard AGENTS [--seed S] [--steps N]
 *   hash_scenario SCENARIO.json [--seed S] [--steps N]
 *
 * Prints the steer_world_state_hash as 16 hex digits (as `steer bench` and
 * the playground show it). Steps use the scenario's dt (the standard flock's
 * 1/60). --seed replaces the scenario's seed, as the playground's seed box. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario_json.h"
#include "steer/standard_flock.h"

static int usage(void)
{
    fprintf(stderr, "usage: hash_scenario (--standard AGENTS | SCENARIO.json) [--seed S] [--steps N]\n");
    return 2;
}

/* A whole number in min .. max for option `name`; else says which rule it
 * breaks and returns -1. */
static int parse_count(const char *name, const char *text, long long min, long long max, long long *out)
{
    char *end;
    long long v = strtoll(text, &end, 10);
    if (*text == 0 || *end != 0 || v < min || v > max) {
        fprintf(stderr, "hash_scenario: %s '%s': must be a whole number in %lld .. %lld\n", name, text, min, max);
        return -1;
    }
    *out = v;
    return 0;
}

int main(int argc, char **argv)
{
    const char *file = 0;
    long long agents = 0, seed = -1, steps = 300;
    for (int i = 1; i < argc; ++i) {
        const char *arg = argv[i], *value = i + 1 < argc ? argv[i + 1] : 0;
        if (!strcmp(arg, "--standard") && value) {
            if (parse_count(arg, value, 1, 10000000, &agents)) return 2;
            ++i;
        } else if (!strcmp(arg, "--seed") && value) {
            if (parse_count(arg, value, 0, INT64_MAX, &seed)) return 2;
            ++i;
        } else if (!strcmp(arg, "--steps") && value) {
            if (parse_count(arg, value, 0, 100000000, &steps)) return 2;
            ++i;
        } else if (arg[0] != '-' && !file) {
            file = arg;
        } else {
            return usage();
        }
    }
    if ((file != 0) == (agents > 0)) return usage();

    steer_world *world = 0;
    float dt = STEER_STANDARD_FLOCK_DT;
    if (agents > 0) {
        steer_standard_flock_def fd = steer_default_standard_flock_def();
        fd.agents = (int)agents;
        fd.dim = 2;
        if (seed >= 0) fd.seed = (uint64_t)seed;
        world = steer_standard_flock_create(&fd);
        if (!world) {
            fprintf(stderr, "hash_scenario: cannot create the standard flock of %lld agents\n", agents);
            return 1;
        }
    } else {
        steer_scenario *sc = steer_scenario_create();
        static char error[STEER_SCENARIO_ERROR_SIZE];
        if (!sc || steer_scenario_load_json_file(sc, file, error, sizeof error) != 0) {
            fprintf(stderr, "%s\n", sc ? error : "hash_scenario: out of memory");
            steer_scenario_destroy(sc);
            return 2;
        }
        steer_scenario_overrides ov = {0};
        ov.set_seed = seed >= 0;
        ov.seed = seed >= 0 ? (uint64_t)seed : 0;
        dt = steer_scenario_get_info(sc)->dt;
        world = steer_scenario_create_world(sc, &ov, error, (int)sizeof error);
        steer_scenario_destroy(sc);
        if (!world) {
            fprintf(stderr, "%s: %s\n", file, error);
            return 1;
        }
    }
    for (long long s = 0; s < steps; ++s) {
        steer_result r = steer_world_move_obstacles(world, dt); /* a file's moving obstacles, as steer run moves them */
        if (r == STEER_OK) r = steer_world_step(world, dt);
        if (r != STEER_OK) {
            fprintf(stderr, "hash_scenario: step %lld: %s\n", s, steer_result_string(r));
            steer_world_destroy(world);
            return 1;
        }
    }
    printf("%016" PRIx64 "\n", steer_world_state_hash(world));
    steer_world_destroy(world);
    return 0;
}

/* bench/crowded.c — a crowd spawned at one point: the first steps, when
 * every agent's neighbourhood holds the whole crowd, against the standard
 * flock's steps.
 *
 *   build/bench/crowded [--agents N] [--threads T] [--dim 2|3] [--steps S]
 *                       [--radius R] [--non-penetration] [--json]
 *
 * Three worlds of N agents (default 1000000) with the standard flock's
 * rules, torus and unit velocities in random directions (see
 * steer/standard_flock.h), which differ only in where the agents start:
 *   point     all at the torus's centre;
 *   disc      uniformly in a disc (3D: a ball) of radius R (default 3)
 *             neighbour radii around it;
 *   standard  the standard flock (uniform over the torus).
 * Each runs S steps (default 5), each timed; the table gives every step's
 * ms, the best and the median, and the state hash (the same for any thread
 * count and kernel). A crowd's neighbourhoods are thinned to a fixed
 * sample (docs/design.md), so its steps should cost about what the
 * standard flock's do. --non-penetration turns the world def's
 * non_penetration on in all three (default passes): a crowd's passes are
 * thinned the same way, so they too should cost about the standard
 * flock's. --json prints one line per world. */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <steer/steer.h>

#include "bench_util.h"

#define MAX_STEPS 64

typedef enum start { START_POINT, START_DISC, START_STANDARD } start;
static const char *const start_names[] = {"point", "disc", "standard"};

typedef struct options {
    int agents, threads, dim, steps;
    float radius;
    bool non_penetration;
    bool json;
} options;

/* A random unit vector (uniform on the circle or sphere). One draw per
 * statement: argument order is unspecified. */
static steer_v3 random_direction(steer_rng *rng, int dim)
{
    float angle = steer_rng_range(rng, -STEER_PI, STEER_PI);
    steer_v3 v = steer_v3_make(steer_cos(angle), steer_sin(angle), 0.0f);
    if (dim == 3) {
        float z = steer_rng_range(rng, -1.0f, 1.0f);
        float r = sqrtf(steer_maxf(0.0f, 1.0f - z * z));
        v = steer_v3_make(v.x * r, v.y * r, z);
    }
    return v;
}

/* A point uniformly in the disc (ball) of radius r about the origin. */
static steer_v3 random_in_ball(steer_rng *rng, int dim, float r)
{
    for (;;) {
        float x = steer_rng_range(rng, -r, r);
        float y = steer_rng_range(rng, -r, r);
        float z = dim == 3 ? steer_rng_range(rng, -r, r) : 0.0f;
        if (x * x + y * y + z * z <= r * r) return steer_v3_make(x, y, z);
    }
}

/* The standard flock's world and group; the agents placed by `how`. */
static steer_world *make_world(const options *o, start how)
{
    steer_standard_flock_def fd = steer_default_standard_flock_def();
    fd.agents = o->agents;
    fd.dim = o->dim;
    fd.worker_count = o->threads;
    steer_world_def wd;
    if (steer_standard_flock_world_def(&fd, &wd) != STEER_OK) return 0;
    wd.non_penetration = o->non_penetration;
    steer_world *w = steer_world_create(&wd);
    if (!w) return 0;
    if (how == START_STANDARD) {
        if (steer_standard_flock_populate(w, &fd) == STEER_OK) return w;
        steer_world_destroy(w);
        return 0;
    }
    steer_group_def g = steer_standard_flock_group_def();
    if (steer_world_add_group(w, &g) != 0) {
        steer_world_destroy(w);
        return 0;
    }
    float side = steer_standard_flock_side(o->agents, o->dim, fd.neighbours);
    steer_v3 centre = steer_v3_make(0.5f * side, 0.5f * side, o->dim == 3 ? 0.5f * side : 0.0f);
    steer_rng rng = steer_rng_make(7);
    for (int i = 0; i < o->agents; ++i) {
        steer_v3 p = centre;
        if (how == START_DISC) p = steer_v3_add(centre, random_in_ball(&rng, o->dim, o->radius));
        steer_v3 v = random_direction(&rng, o->dim);
        if (steer_world_add_agent(w, 0, p, v).index == 0) {
            steer_world_destroy(w);
            return 0;
        }
    }
    return w;
}

static int run(const options *o, start how)
{
    steer_world *w = make_world(o, how);
    if (!w) {
        fprintf(stderr, "crowded: could not create the %s world (out of memory?)\n", start_names[how]);
        return 1;
    }
    double ms[MAX_STEPS], sorted[MAX_STEPS];
    for (int s = 0; s < o->steps; ++s) {
        double t0 = bench_seconds();
        if (steer_world_step(w, STEER_STANDARD_FLOCK_DT) != STEER_OK) {
            fprintf(stderr, "crowded: step %d of the %s world failed\n", s, start_names[how]);
            steer_world_destroy(w);
            return 1;
        }
        ms[s] = sorted[s] = 1e3 * (bench_seconds() - t0);
    }
    qsort(sorted, (size_t)o->steps, sizeof sorted[0], bench_by_value);
    double best = sorted[0], median = sorted[o->steps / 2];
    uint64_t hash = steer_world_state_hash(w);
    steer_world_destroy(w);
    if (o->json) {
        printf("{\"start\":\"%s\",\"agents\":%d,\"dim\":%d,\"threads\":%d,\"radius\":%g,"
               "\"non_penetration\":%s,\"steps_ms\":[",
               start_names[how], o->agents, o->dim, o->threads, how == START_DISC ? (double)o->radius : 0.0,
               o->non_penetration ? "true" : "false");
        for (int s = 0; s < o->steps; ++s) printf("%s%.3f", s ? "," : "", ms[s]);
        printf("],\"best_ms\":%.3f,\"median_ms\":%.3f,\"state_hash\":\"%016" PRIx64 "\"}\n", best, median, hash);
    } else {
        printf("%-9s", start_names[how]);
        for (int s = 0; s < o->steps; ++s) printf(" %8.2f", ms[s]);
        printf("   best %8.2f  median %8.2f  %016" PRIx64 "\n", best, median, hash);
    }
    return 0;
}

int main(int argc, char **argv)
{
    options o = {1000000, 2, 2, 5, 3.0f, false, false};
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i], *value = i + 1 < argc ? argv[i + 1] : 0;
        if (!strcmp(a, "--json")) {
            o.json = true;
            continue;
        }
        if (!strcmp(a, "--non-penetration")) {
            o.non_penetration = true;
            continue;
        }
        if (!value) {
            fprintf(stderr, "crowded: unknown option or missing value: %s\n"
                            "usage: crowded [--agents N] [--threads T] [--dim 2|3] [--steps S] [--radius R] [--non-penetration]"
                            " [--json]\n",
                    a);
            return 2;
        }
        ++i;
        if (!strcmp(a, "--agents")) o.agents = bench_parse_int("crowded", a, value, 2, 67108864);
        else if (!strcmp(a, "--threads")) o.threads = bench_parse_int("crowded", a, value, 1, 64);
        else if (!strcmp(a, "--dim")) o.dim = bench_parse_int("crowded", a, value, 2, 3);
        else if (!strcmp(a, "--steps")) o.steps = bench_parse_int("crowded", a, value, 1, MAX_STEPS);
        else if (!strcmp(a, "--radius")) {
            char *end;
            o.radius = strtof(value, &end);
            if (end == value || *end || !(o.radius > 0.0f && o.radius < 1e6f)) {
                fprintf(stderr, "crowded: --radius: expected a number in (0, 1e6), got \"%s\"\n", value);
                return 2;
            }
        } else {
            fprintf(stderr, "crowded: unknown option: %s\n", a);
            return 2;
        }
    }
    if (!o.json)
        printf("%d agents, %dD, %d thread%s%s: ms of each of the first %d steps (disc radius %g)\n", o.agents, o.dim,
               o.threads, o.threads == 1 ? "" : "s", o.non_penetration ? ", non-penetration" : "", o.steps,
               (double)o.radius);
    for (int how = START_POINT; how <= START_STANDARD; ++how)
        if (run(&o, (start)how) != 0) return 1;
    return 0;
}

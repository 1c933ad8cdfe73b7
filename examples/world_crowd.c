/* world_crowd: a crowd that does not jam. 160 walkers on a circle of radius
 * 30 each cross to the opposite point, all meeting in the middle, with the
 * crowd scenarios' settings (the anticipatory force first in a running sum,
 * keeping right, then the goal's braking arrive; keep_apart filters each
 * velocity so no two bodies overlap). It prints how many arrived and when
 * the last did, the closest two bodies ever came as a fraction of their
 * summed radii (at least 1: never overlapping), and the state hash (the
 * same for any thread count). The library's default group (flocking,
 * blended) would jam here.
 *
 * Run: build/examples/world_crowd [SECONDS]   (simulated time, default 90) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <steer/steer.h>

enum { WALKERS = 160, STEPS_PER_SECOND = 10 };

/* The closest two agents, centre to centre (every pair: 160 agents). */
static float closest_pair(const steer_world *world)
{
    steer_world_view v = steer_world_get_view(world);
    float best = INFINITY;
    for (int i = 0; i < v.count; ++i)
        for (int j = i + 1; j < v.count; ++j)
            best = fminf(best, hypotf(v.px[i] - v.px[j], v.py[i] - v.py[j]));
    return best;
}

int main(int argc, char **argv)
{
    char *end = NULL;
    long seconds = argc > 1 ? strtol(argv[1], &end, 10) : 90;
    if (argc > 2 || (end && (*end || end == argv[1])) || seconds < 1 || seconds > 3600) {
        fprintf(stderr, "world_crowd: SECONDS: expected a whole number from 1 to 3600, got '%s'\n", argc > 1 ? argv[1] : "");
        return 2;
    }
    /* [readme] */
    steer_world_def def = steer_default_world_def();
    def.bounds_min = steer_v3_make(-35.0f, -35.0f, 0.0f), def.bounds_max = steer_v3_make(35.0f, 35.0f, 0.0f);
    def.boundary = STEER_BOUNDARY_CLAMP;
    def.capacity = WALKERS;
    steer_world *world = steer_world_create(&def);

    steer_group_def walker = steer_default_group_def();
    memset(walker.weight, 0, sizeof walker.weight); /* no flocking */
    walker.weight[STEER_ANTICIPATE] = 1.0f;          /* first in the running sum */
    /* ARRIVE left 0: each agent's own goal takes its place with weight 1; a group weight
     * would send a unit whose goal is cleared to the group's target (the origin) */
    walker.combine = STEER_COMBINE_RUNNING_SUM;
    walker.anticipation_k = 20.0f;
    walker.keep_right = 0.5f;
    walker.keep_apart = true;
    walker.radius = 0.5f;
    walker.neighbour_radius = 4.0f; /* with keep_apart, at least 2 radius */
    walker.max_speed = 2.0f;
    walker.max_force = 4.0f;
    int walkers = steer_world_add_group(world, &walker);

    steer_agent_id ids[WALKERS];
    steer_v3 across[WALKERS];
    for (int i = 0; i < WALKERS; ++i) {
        float a = 6.2831853f * (float)i / WALKERS, x = 30.0f * cosf(a), y = 30.0f * sinf(a);
        ids[i] = steer_world_add_agent(world, walkers, steer_v3_make(x, y, 0.0f), steer_v3_zero());
        across[i] = steer_v3_make(-x, -y, 0.0f);
    }
    steer_world_set_targets(world, ids, across, WALKERS, STEER_GOAL_ARRIVE, NULL);
    /* [/readme] */
    float closest = closest_pair(world);
    int last = -1, steps = (int)seconds * STEPS_PER_SECOND;
    for (int step = 0; step < steps; ++step) {
        if (steer_world_step(world, 1.0f / STEPS_PER_SECOND) != STEER_OK) return 3;
        closest = fminf(closest, closest_pair(world));
        int there = 0;
        for (int i = 0; i < WALKERS; ++i) there += steer_world_has_arrived(world, ids[i]);
        if (there == WALKERS && last < 0) last = step;
    }
    int there = 0;
    for (int i = 0; i < WALKERS; ++i) there += steer_world_has_arrived(world, ids[i]);
    printf("%d of %d walkers across, all by %.1f s; the closest two bodies came to %.3f of their summed radii\n", there,
           WALKERS, last < 0 ? -1.0 : (last + 1) / (double)STEPS_PER_SECOND, (double)(closest / (2.0f * walker.radius)));
    printf("state hash %016llx\n", (unsigned long long)steer_world_state_hash(world));
    steer_world_destroy(world);
    return there == WALKERS && closest >= 2.0f * walker.radius ? 0 : 1;
}

/* Writes a version-8 snapshot fixture (tests/data/worldN_v8.snap): a crowd
 * with goals, anticipation, keep_apart, a formation and moving obstacles, 60
 * steps in, and prints the state hash 60 steps after it. Built against
 * commit 3c328e1, the last version-8 build: gcc -std=c11 -O2
 * -ffp-contract=off -I include make_v8_fixtures.c libsteer.a -lm -lpthread;
 * run with 2 or 3 and the file name. It printed the hashes that
 * tests/test_world_goals.c expects of a restored world. */
#include <stdio.h>
#include <stdlib.h>
#include <steer/steer.h>
int main(int argc, char **argv)
{
    if (argc != 3) return 2;
    int dim = atoi(argv[1]);
    steer_world_def wd = steer_default_world_def();
    wd.dim = dim;
    wd.capacity = 400;
    wd.seed = 11;
    wd.bounds_min = (steer_v3){-40, -40, -40};
    wd.bounds_max = (steer_v3){40, 40, 40};
    wd.boundary = STEER_BOUNDARY_CLAMP;
    steer_world *w = steer_world_create(&wd);
    steer_group_def walker = steer_default_group_def();
    walker.radius = 0.5f;
    walker.neighbour_radius = 4.0f;
    walker.keep_apart = true;
    walker.weight[STEER_SEPARATION] = walker.weight[STEER_ALIGNMENT] = walker.weight[STEER_COHESION] = 0.0f;
    walker.weight[STEER_ANTICIPATE] = 1.0f;
    walker.weight[STEER_ARRIVE] = 1.0f;
    walker.arrival_tolerance = 0.2f;
    walker.arrival_speed = 0.3f;
    steer_group_def flock = steer_default_group_def();
    steer_world_add_group(w, &walker);
    steer_world_add_group(w, &flock);
    steer_world_add_obstacle(w, (steer_v3){5, 5, 0}, 2.0f);
    steer_world_set_obstacle_velocity(w, 0, (steer_v3){0.5f, 0, 0});
    steer_rng rng = steer_rng_make(5);
    steer_agent_id ids[300];
    for (int i = 0; i < 300; ++i) {
        steer_v3 p = {steer_rng_range(&rng, -30, 30), steer_rng_range(&rng, -30, 30), dim == 3 ? steer_rng_range(&rng, -30, 30) : 0};
        ids[i] = steer_world_add_agent(w, i % 3 == 2, p, (steer_v3){0, 0, 0});
    }
    for (int i = 0; i < 300; i += 3) {
        steer_goal goal = {.kind = STEER_GOAL_ARRIVE,
                           .target = {steer_rng_range(&rng, -10, 10), steer_rng_range(&rng, -10, 10), dim == 3 ? steer_rng_range(&rng, -10, 10) : 0}};
        steer_world_set_goal(w, ids[i], &goal);
    }
    steer_v3 slots[3] = {{-2, 1, 0}, {-2, -1, 0}, {-4, 0, 0}};
    steer_world_add_formation(w, ids[1], (steer_agent_id[]){ids[4], ids[7], ids[10]}, slots, 3);
    for (int s = 0; s < 60; ++s) steer_world_step(w, 1.0f / 30.0f);
    size_t n = steer_world_snapshot_size(w);
    void *buf = malloc(n);
    steer_world_save(w, buf, n, &n);
    FILE *f = fopen(argv[2], "wb");
    fwrite(buf, 1, n, f);
    fclose(f);
    for (int s = 0; s < 60; ++s) steer_world_step(w, 1.0f / 30.0f);
    printf("%016llx\n", (unsigned long long)steer_world_state_hash(w));
    return 0;
}

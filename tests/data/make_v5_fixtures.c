/* Writes a version-5 snapshot fixture (tests/data/worldN_v5.snap) and prints
 * the state hash 50 steps after it. Built against commit 4104461, the last
 * version-5 build: gcc -std=c11 -O2 -ffp-contract=off -I include
 * make_v5_fixtures.c libsteer.a -lm -lpthread; run with 2 or 3 and the file
 * name. It printed 44c9f25a863dc5a5 (2D) and 05a76289b758b6b8 (3D), which
 * tests/test_world_goals.c expects of a restored world. */
#include <stdio.h>
#include <stdlib.h>
#include <steer/steer.h>
int main(int argc, char **argv)
{
    int dim = atoi(argv[1]);
    steer_world_def wd = steer_default_world_def();
    wd.dim = dim;
    wd.capacity = 400;
    wd.seed = 7;
    wd.solid_walls = true;
    steer_world *w = steer_world_create(&wd);
    steer_group_def flock = steer_default_group_def();
    steer_group_def arrive = steer_default_group_def();
    arrive.weight[STEER_ARRIVE] = 1.0f;
    arrive.target = (steer_v3){10.0f, -5.0f, 3.0f};
    arrive.slow_radius = 0.5f;
    steer_group_def wander = steer_default_group_def();
    wander.weight[STEER_WANDER] = 1.0f;
    wander.weight[STEER_AVOID_WALLS] = 2.0f;
    wander.weight[STEER_AVOID_OBSTACLES] = 2.0f;
    steer_world_add_group(w, &flock);
    steer_world_add_group(w, &arrive);
    steer_world_add_group(w, &wander);
    steer_world_add_wall(w, (steer_v3){-20, 0, 0}, (steer_v3){20, 1, 0});
    steer_world_add_obstacle(w, (steer_v3){5, 5, 0}, 2.0f);
    steer_rng rng = steer_rng_make(3);
    for (int i = 0; i < 300; ++i) {
        steer_v3 p = {steer_rng_range(&rng, -30, 30), steer_rng_range(&rng, -30, 30), steer_rng_range(&rng, -30, 30)};
        steer_v3 v = {steer_rng_range(&rng, -1, 1), steer_rng_range(&rng, -1, 1), steer_rng_range(&rng, -1, 1)};
        steer_world_add_agent(w, i % 3, p, v);
    }
    for (int s = 0; s < 50; ++s) steer_world_step(w, 1.0f / 60.0f);
    size_t n = steer_world_snapshot_size(w);
    void *buf = malloc(n);
    steer_world_save(w, buf, n, &n);
    FILE *f = fopen(argv[2], "wb");
    fwrite(buf, 1, n, f);
    fclose(f);
    for (int s = 0; s < 50; ++s) steer_world_step(w, 1.0f / 60.0f);
    printf("%016llx\n", (unsigned long long)steer_world_state_hash(w));
    return 0;
}

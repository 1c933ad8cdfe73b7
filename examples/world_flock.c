/* world_flock: 10,000 boids and a few hawks in one world, stepped on two
 * threads. The boids flock (separation, alignment, cohesion, a little
 * wander) and evade the nearest hawk; the hawks pursue the nearest boid.
 * Every second it prints how aligned the boids are and their mean speed,
 * read from the world's view; at the end, one boid looked up by its handle
 * and the state hash, the same for any thread count (docs/model.md §6.4).
 *
 * Run: build/examples/world_flock [SECONDS]   (simulated time, default 5) */
#include <stdio.h>
#include <stdlib.h>
#include <steer/steer.h>

enum { BOIDS = 10000, HAWKS = 8, STEPS_PER_SECOND = 60 };

/* How aligned one group is (1 = all heading one way; local flocks raise it
 * slowly, the whole torus rarely agrees) and its mean speed, from the view. */
static void print_figures(const steer_world *world, int group, int second)
{
    steer_world_view view = steer_world_get_view(world);
    steer_v2 sum = steer_v2_zero();
    float speed = 0.0f;
    int n = 0;
    for (int i = 0; i < view.count; ++i) {
        if (view.group[i] != group) continue;
        ++n;
        steer_v2 v = steer_v2_make(view.vx[i], view.vy[i]);
        sum = steer_v2_add(sum, v);
        speed += steer_v2_len(v);
    }
    printf("t %d s  order %.2f  mean speed %.2f\n", second, steer_v2_len(sum) / speed, speed / (float)n);
}

int main(int argc, char **argv)
{
    char *end = NULL;
    long seconds = argc > 1 ? strtol(argv[1], &end, 10) : 5;
    if (argc > 2 || (end && (*end || end == argv[1])) || seconds < 1 || seconds > 3600) {
        fprintf(stderr, "world_flock: SECONDS: expected a whole number from 1 to 3600, got '%s'\n",
                argc > 1 ? argv[1] : "");
        return 2;
    }
    /* ---- init: a world, two groups, their agents ---- */
    /* [readme] */
    steer_world_def def = steer_default_world_def();      /* 2D, wrap-around bounds */
    def.bounds_min = steer_v3_make(-60.0f, -60.0f, 0.0f), def.bounds_max = steer_v3_make(60.0f, 60.0f, 0.0f);
    def.capacity = BOIDS + HAWKS;
    def.worker_count = 2;                                  /* built-in pool; 1 = serial */
    steer_world *world = steer_world_create(&def);

    steer_group_def boid = steer_default_group_def();      /* separation, alignment, cohesion */
    boid.neighbour_radius = 2.0f, boid.separation_radius = 1.0f;
    boid.weight[STEER_SEPARATION] = 5.0f;                  /* personal space first */
    boid.weight[STEER_COHESION] = 0.2f;
    boid.weight[STEER_WANDER] = 1.0f;
    boid.weight[STEER_EVADE] = 2.0f;
    boid.evade_group = 1, boid.chase_radius = 6.0f;        /* the nearest hawk (added next) within 6 */
    steer_group_def hawk = steer_default_group_def();
    hawk.weight[STEER_SEPARATION] = hawk.weight[STEER_ALIGNMENT] = hawk.weight[STEER_COHESION] = 0.0f;
    hawk.weight[STEER_PURSUE] = 1.0f;
    hawk.pursue_group = 0, hawk.max_speed = 2.5f;
    int boids = steer_world_add_group(world, &boid), hawks = steer_world_add_group(world, &hawk);

    steer_rng rng = steer_rng_make(7);                     /* same seed, same flock, every run */
    steer_agent_id first = {0};
    for (int i = 0; i < BOIDS + HAWKS; ++i) {
        float x = steer_rng_range(&rng, -60.0f, 60.0f), y = steer_rng_range(&rng, -60.0f, 60.0f);
        steer_v2 heading = steer_v2_from_angle(steer_rng_range(&rng, -STEER_PI, STEER_PI));
        steer_agent_id id = steer_world_add_agent(world, i < BOIDS ? boids : hawks, steer_v3_make(x, y, 0.0f),
                                                  steer_v3_make(2.0f * heading.x, 2.0f * heading.y, 0.0f));
        if (i == 0) first = id;
    }

    for (int second = 0; second <= seconds; ++second) {
        /* ---- print: figures from the read-only view ---- */
        print_figures(world, boids, second);
        /* ---- update: one second of synchronous steps ---- */
        for (int step = 0; step < STEPS_PER_SECOND && second < seconds; ++step)
            steer_world_step(world, 1.0f / STEPS_PER_SECOND);
    }

    steer_agent_state s;  /* a kept handle can outlive its agent: is_valid asks quietly (a lookup of */
    if (steer_world_is_valid(world, first) &&           /* a removed one is misuse, which aborts a debug build) */
        steer_world_get_agent(world, first, &s) == STEER_OK)
        printf("boid 0 at (%.2f, %.2f)\n", s.position.x, s.position.y);
    printf("state hash %016llx\n", (unsigned long long)steer_world_state_hash(world));

    /* ---- de-init ---- */
    steer_world_destroy(world);
    /* [/readme] */
    return 0;
}

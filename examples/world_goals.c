/* world_goals: each agent its own goal. Two squads of 250 units start on
 * opposite sides and are each sent, unit by unit, to a place in a formation
 * on the other side (one bulk call), with the braking arrive that stops on
 * the spot; separation keeps them from walking through each other. It
 * prints the arrivals as they happen, then how long the last one took, how
 * close every unit stands to its place, how many arrivals were listed (about
 * one each, 502 for the 500: a unit nudged aside by a passing one stays
 * arrived unless pushed past its departure distance) and the state hash
 * (the same for any thread count).
 *
 * Run: build/examples/world_goals [SECONDS]   (simulated time, default 40) */
#include <stdio.h>
#include <stdlib.h>
#include <steer/steer.h>

enum { SQUAD = 250, UNITS = 2 * SQUAD, STEPS_PER_SECOND = 60 };

int main(int argc, char **argv)
{
    char *end = NULL;
    long seconds = argc > 1 ? strtol(argv[1], &end, 10) : 40;
    if (argc > 2 || (end && (*end || end == argv[1])) || seconds < 1 || seconds > 3600) {
        fprintf(stderr, "world_goals: SECONDS: expected a whole number from 1 to 3600, got '%s'\n",
                argc > 1 ? argv[1] : "");
        return 2;
    }
    /* [readme] */
    steer_world_def def = steer_default_world_def();
    def.bounds_min = steer_v3_make(-40.0f, -40.0f, 0.0f), def.bounds_max = steer_v3_make(40.0f, 40.0f, 0.0f);
    def.boundary = STEER_BOUNDARY_CLAMP;
    def.capacity = UNITS;
    def.worker_count = 2;
    steer_world *world = steer_world_create(&def);

    steer_group_def unit = steer_default_group_def();      /* separation 1.5, alignment 1, cohesion 1 */
    unit.weight[STEER_ALIGNMENT] = unit.weight[STEER_COHESION] = 0.0f; /* each its own way */
    unit.separation_radius = 0.6f;                           /* places are 0.8 apart: no pushing once there */
    unit.departure_distance = 0.3f;                          /* a unit nudged less than this stays arrived */
    int units = steer_world_add_group(world, &unit);

    steer_agent_id ids[UNITS];
    steer_v3 places[UNITS];
    for (int i = 0; i < UNITS; ++i) {
        int squad = i / SQUAD, k = i % SQUAD;                /* a 25 x 10 block per squad */
        float side = squad ? 1.0f : -1.0f, row = (float)(k / 25), col = (float)(k % 25);
        ids[i] = steer_world_add_agent(world, units, steer_v3_make(side * (25.0f + row), col - 12.0f, 0.0f),
                                       steer_v3_zero());
        places[i] = steer_v3_make(-side * (20.0f + 0.8f * row), 0.8f * col - 9.6f + side * 6.0f, 0.0f);
    }
    steer_world_set_targets(world, ids, places, UNITS, STEER_GOAL_ARRIVE, NULL); /* one call for all */

    steer_agent_id arrived[UNITS];
    int steps = (int)seconds * STEPS_PER_SECOND, last = -1, events = 0;
    for (int step = 0; step < steps; ++step) {
        steer_world_step(world, 1.0f / STEPS_PER_SECOND);
        int n = steer_world_arrivals(world, arrived, UNITS); /* arrived during this step */
        if (n > 0) last = step, events += n;
        if (n > 0 && step % 60 == 0) printf("t %5.2f s  %d arrived this step\n", (step + 1) / 60.0, n);
    }
    /* [/readme] */
    int there = 0;
    float farthest = 0.0f;
    for (int i = 0; i < UNITS; ++i) {
        steer_agent_state s;
        steer_world_get_agent(world, ids[i], &s);
        there += steer_world_has_arrived(world, ids[i]);
        float d = steer_v3_len(steer_v3_sub(s.position, places[i]));
        farthest = d > farthest ? d : farthest;
    }
    printf("%d of %d units on their places, the last arrived at %.2f s, the farthest %.3f from its place\n", there,
           UNITS, (last + 1) / 60.0, (double)farthest);
    printf("%d arrivals listed (without the departure distance, units that make way arrive again)\n", events);
    printf("state hash %016llx\n", (unsigned long long)steer_world_state_hash(world));
    steer_world_destroy(world);
    return there == UNITS ? 0 : 1;
}

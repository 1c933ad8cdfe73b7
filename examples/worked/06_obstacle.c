/* Worked example 6 (docs/model.md §8.6): feeler obstacle avoidance under a priority
 * combiner: avoid the rock when the feeler tip is inside it (radius + agent
 * radius), otherwise seek (20, 0). dist is from the feeler tip to the rock's
 * centre; mode names the behaviour that won. */
#include <stdio.h>
#include <steer/steer.h>

int main(void)
{
    const float max_speed = 4.0f, max_force = 10.0f, dt = 0.15f;
    const float agent_radius = 0.5f, feeler_length = 3.0f, epsilon = 1e-4f;
    const steer_obstacle2 rock = {{6.0f, 1.0f}, 1.0f};
    const steer_v2 goal = {20.0f, 0.0f};
    steer_v2 pos = {0.0f, 0.0f}, vel = {3.0f, 0.0f};

    printf("# step pos.x pos.y tip.x tip.y dist mode\n");
    for (int step = 0; step < 14; ++step) {
        steer_v2 tip;
        const steer_v2 forces[2] = {
            steer_avoid_obstacles_feeler2(pos, vel, &rock, 1, agent_radius, feeler_length, max_force, &tip),
            steer_seek2(pos, vel, goal, max_speed),
        };
        int winner;
        steer_v2 force = steer_priority2(forces, NULL, 2, epsilon, max_force, &winner);
        printf("%d %.3f %.3f %.3f %.3f %.3f %s\n", step, pos.x, pos.y, tip.x, tip.y,
               steer_v2_dist(tip, rock.centre), winner == 0 ? "AVOID" : "seek");
        vel = steer_v2_truncate(steer_v2_mad(vel, force, dt), max_speed);
        pos = steer_v2_mad(pos, vel, dt);
    }
    return 0;
}

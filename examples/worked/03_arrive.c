/* Worked example 3 (docs/model.md §8.3): arrive at (10, 0) from rest, slowing down
 * inside slow_radius so the agent lands with about zero speed. */
#include <stdio.h>
#include <steer/steer.h>

int main(void)
{
    const float max_speed = 5.0f, max_force = 10.0f, dt = 0.2f, slow_radius = 5.0f;
    const steer_v2 target = {10.0f, 0.0f};
    steer_v2 pos = {0.0f, 0.0f}, vel = {0.0f, 0.0f};

    printf("# step pos.x vel.x dist desired_speed\n");
    for (int step = 0; step < 16; ++step) {
        steer_v2 force = steer_arrive2(pos, vel, target, max_speed, slow_radius);
        /* force = desired - vel, so the desired velocity is force + vel. */
        float desired_speed = steer_v2_len(steer_v2_add(force, vel));
        printf("%d %.3f %.3f %.3f %.3f\n", step, pos.x, vel.x, steer_v2_dist(pos, target), desired_speed);
        force = steer_v2_truncate(force, max_force);
        vel = steer_v2_truncate(steer_v2_mad(vel, force, dt), max_speed);
        pos = steer_v2_mad(pos, vel, dt);
    }
    return 0;
}

/* Worked example 1 (docs/model.md §8.1): seek from rest toward (10, 0). */
#include <stdio.h>
#include <steer/steer.h>

int main(void)
{
    const float max_speed = 5.0f, max_force = 10.0f, dt = 0.2f;
    const steer_v2 target = {10.0f, 0.0f};
    steer_v2 pos = {0.0f, 0.0f}, vel = {0.0f, 0.0f};

    printf("# step pos.x pos.y vel.x vel.y dist\n");
    for (int step = 0; step < 9; ++step) {
        printf("%d %.3f %.3f %.3f %.3f %.3f\n", step, pos.x, pos.y, vel.x, vel.y, steer_v2_dist(pos, target));
        steer_v2 force = steer_v2_truncate(steer_seek2(pos, vel, target, max_speed), max_force);
        vel = steer_v2_truncate(steer_v2_mad(vel, force, dt), max_speed);
        pos = steer_v2_mad(pos, vel, dt);
    }
    return 0;
}

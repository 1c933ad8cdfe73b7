/* Worked example 2 (docs/model.md §8.2): flee from a threat at the origin, starting at rest. */
#include <stdio.h>
#include <steer/steer.h>

int main(void)
{
    const float max_speed = 4.0f, max_force = 8.0f, dt = 0.2f;
    const float panic_distance = 0.0f; /* 0: flee at any distance */
    const steer_v2 threat = {0.0f, 0.0f};
    steer_v2 pos = {2.0f, 0.0f}, vel = {0.0f, 0.0f};

    printf("# step pos.x vel.x dist\n");
    for (int step = 0; step < 6; ++step) {
        printf("%d %.3f %.3f %.3f\n", step, pos.x, vel.x, steer_v2_dist(pos, threat));
        steer_v2 force = steer_v2_truncate(steer_flee2(pos, vel, threat, max_speed, panic_distance), max_force);
        vel = steer_v2_truncate(steer_v2_mad(vel, force, dt), max_speed);
        pos = steer_v2_mad(pos, vel, dt);
    }
    return 0;
}

/* Worked example 9 (docs/model.md §8.9): follow two waypoints, seeking the first and
 * arriving on the last. index and dist (to points[index]) are the state
 * before the step; the library advances index when the agent is within
 * arrival_radius. */
#include <stdio.h>
#include <steer/steer.h>

int main(void)
{
    const float max_speed = 5.0f, max_force = 10.0f, dt = 0.2f;
    const float arrival_radius = 0.6f, slow_radius = 2.0f;
    const steer_v2 waypoints[2] = {{4.0f, 0.0f}, {4.0f, 4.0f}};
    steer_v2 pos = {0.0f, 0.0f}, vel = {0.0f, 0.0f};
    int index = 0;

    printf("# step pos.x pos.y index dist\n");
    for (int step = 0; step < 17; ++step) {
        printf("%d %.3f %.3f %d %.3f\n", step, pos.x, pos.y, index, steer_v2_dist(pos, waypoints[index]));
        steer_v2 force = steer_follow_waypoints2(pos, vel, waypoints, 2, &index, arrival_radius, slow_radius,
                                                 max_speed);
        force = steer_v2_truncate(force, max_force);
        vel = steer_v2_truncate(steer_v2_mad(vel, force, dt), max_speed);
        pos = steer_v2_mad(pos, vel, dt);
    }
    return 0;
}

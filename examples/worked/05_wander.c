/* Worked example 5 (docs/model.md §8.5): planar wander with the caller's own generator.
 *
 * The generator is the example's 32-bit LCG, passed to the library as a
 * steer_random_fn. Its jitter is 0.5 rad per step; the library's jitter is
 * radians per time unit, so at dt = 0.2 that is 2.5. In this variant the
 * force is the wander point relative to the agent (circle centre +
 * displacement), used directly rather than seeked; steer_wander2's
 * out_target gives that point. Each row shows the angle and force chosen
 * in that step, and the velocity and position before it. */
#include <stdint.h>
#include <stdio.h>
#include <steer/steer.h>

/* s = s * 1103515245 + 12345 (mod 2^32); t = s / (2^32 - 1), in [0, 1]. */
static float lcg_draw(void *context)
{
    uint32_t *s = context;
    *s = *s * 1103515245u + 12345u;
    return (float)*s / 4294967295.0f;
}

int main(void)
{
    const float max_speed = 3.0f, max_force = 6.0f, dt = 0.2f;
    const steer_wander_params wander = {.radius = 1.2f, .distance = 2.0f, .jitter = 0.5f / dt};
    steer_v2 pos = {0.0f, 0.0f}, vel = {2.0f, 0.0f};
    float angle = 0.0f;
    uint32_t lcg = 7;

    printf("# step angle force.x force.y vel.x vel.y pos.x pos.y\n");
    for (int step = 0; step < 8; ++step) {
        steer_v2 target;
        (void)steer_wander2(pos, vel, &angle, &wander, max_speed, dt, lcg_draw, &lcg, &target); /* one draw */
        steer_v2 force = steer_v2_truncate(steer_v2_sub(target, pos), max_force);
        printf("%d %.3f %.3f %.3f %.3f %.3f %.3f %.3f\n", step, angle, force.x, force.y, vel.x, vel.y, pos.x, pos.y);
        vel = steer_v2_truncate(steer_v2_mad(vel, force, dt), max_speed);
        pos = steer_v2_mad(pos, vel, dt);
    }
    return 0;
}

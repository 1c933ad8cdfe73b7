/* flock_small: twelve boids flocking with the pure behaviour functions and
 * steer_blend2, no vehicle and no world. Watch "order" (1 = all heading the
 * same way) rise, dipping when the flock turns at the pen's walls, while the
 * closest pair stays more than half of personal_space apart instead of
 * collapsing. Run: build/examples/flock_small */
#include <stdio.h>
#include <steer/steer.h>

enum { BOIDS = 12 };

int main(void)
{
    const float max_speed = 2.0f, max_force = 4.0f, dt = 1.0f / 30.0f;
    const float view = 4.0f, personal_space = 1.5f;
    const steer_box2 pen = {{-20.0f, -20.0f}, {20.0f, 20.0f}};
    /* separation, alignment, cohesion, containment: separation outweighs
     * cohesion, or the raw 1/d push loses to the pull and boids overlap. */
    const float weights[4] = {3.0f, 1.0f, 0.5f, 3.0f};

    steer_v2 pos[BOIDS], vel[BOIDS];
    steer_rng rng = steer_rng_make(42); /* same seed, same flock, every run */
    for (int i = 0; i < BOIDS; ++i) {
        /* One draw per statement: C leaves the order of argument evaluation
         * open (gcc and clang differ), and the flock must be the same. */
        float x = steer_rng_range(&rng, -8.0f, 8.0f);
        float y = steer_rng_range(&rng, -8.0f, 8.0f);
        pos[i] = steer_v2_make(x, y);
        vel[i] = steer_v2_scale(steer_v2_from_angle(steer_rng_range(&rng, -STEER_PI, STEER_PI)), max_speed);
    }

    for (int frame = 0; frame <= 600; ++frame) {
        steer_v2 sum = steer_v2_zero();
        float speed = 0.0f, closest = 1e30f;
        for (int i = 0; i < BOIDS; ++i) {
            sum = steer_v2_add(sum, vel[i]);
            speed += steer_v2_len(vel[i]);
            for (int j = i + 1; j < BOIDS; ++j) closest = steer_minf(closest, steer_v2_dist(pos[i], pos[j]));
        }
        /* order = length of the summed velocities / the summed speeds */
        if (frame % 60 == 0)
            printf("frame %3d  order %.2f  closest pair %.2f\n", frame, steer_v2_len(sum) / speed, closest);

        /* Synchronous update: every force is computed from this frame's
         * snapshot before anyone moves, so the boids' order in the array
         * does not change the result. */
        steer_v2 force[BOIDS];
        for (int i = 0; i < BOIDS; ++i) {
            /* The pure functions take whatever neighbours you pass: here
             * every other boid within view, found by brute force. */
            steer_v2 near_pos[BOIDS], near_vel[BOIDS];
            int n = 0;
            for (int j = 0; j < BOIDS; ++j) {
                if (j == i || steer_v2_dist(pos[i], pos[j]) > view) continue;
                near_pos[n] = pos[j];
                near_vel[n++] = vel[j];
            }
            steer_v2 parts[4] = {
                steer_separation2(pos[i], near_pos, n, personal_space),
                steer_alignment2(vel[i], near_vel, n),
                steer_cohesion2(pos[i], vel[i], near_pos, n, max_speed),
                steer_contain2(pos[i], vel[i], pen, 3.0f, max_speed),
            };
            force[i] = steer_blend2(parts, weights, 4, max_force);
        }
        for (int i = 0; i < BOIDS; ++i) {
            vel[i] = steer_v2_truncate(steer_v2_mad(vel[i], force[i], dt), max_speed);
            pos[i] = steer_v2_mad(pos[i], vel[i], dt);
        }
    }
    return 0;
}

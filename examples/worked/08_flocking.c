/* Worked example 8 (docs/model.md §8.8): four boids flocking, each one a neighbour of
 * every other. Per boid: raw separation (within sep_radius) * 1.5 + raw
 * alignment * 1 + cohesion (seek the others' centre) * 1, truncated to
 * max_force. The update is synchronous: all forces come from the same
 * snapshot, then every boid integrates. */
#include <math.h>
#include <stdio.h>
#include <steer/steer.h>

#define BOIDS 4
#define FRAMES 3

static const float sep_radius = 1.3f, max_speed = 2.5f, max_force = 4.0f, dt = 0.2f;

static void flock_step(steer_v2 pos[BOIDS], steer_v2 vel[BOIDS])
{
    static const float weights[3] = {1.5f, 1.0f, 1.0f}; /* separation, alignment, cohesion */
    steer_v2 force[BOIDS];
    for (int i = 0; i < BOIDS; ++i) {
        steer_v2 other_pos[BOIDS - 1], other_vel[BOIDS - 1];
        int n = 0;
        for (int j = 0; j < BOIDS; ++j) {
            if (j == i) continue;
            other_pos[n] = pos[j];
            other_vel[n] = vel[j];
            ++n;
        }
        const steer_v2 rules[3] = {
            steer_separation2(pos[i], other_pos, n, sep_radius),
            steer_alignment2(vel[i], other_vel, n),
            steer_cohesion2(pos[i], vel[i], other_pos, n, max_speed),
        };
        force[i] = steer_blend2(rules, weights, 3, max_force);
    }
    for (int i = 0; i < BOIDS; ++i) {
        vel[i] = steer_v2_truncate(steer_v2_mad(vel[i], force[i], dt), max_speed);
        pos[i] = steer_v2_mad(pos[i], vel[i], dt);
    }
}

/* The reference table shows positions and velocities rounded to 3 decimals
 * (a rounded zero has no sign) and measures the pairwise distances between
 * those rounded positions, so a reader can check them by hand. */
static steer_v2 rounded(steer_v2 a)
{
    return steer_v2_make((float)(round(a.x * 1000.0) / 1000.0 + 0.0), (float)(round(a.y * 1000.0) / 1000.0 + 0.0));
}

int main(void)
{
    steer_v2 pos[BOIDS] = {{0.0f, 0.0f}, {1.0f, 0.5f}, {0.6f, -0.8f}, {-0.8f, 0.3f}};
    steer_v2 vel[BOIDS] = {{2.0f, 0.0f}, {1.8f, 0.6f}, {1.5f, -0.9f}, {2.1f, 0.3f}};

    printf("# frame headings(deg) then per boid pos and vel, state before the step\n");
    for (int frame = 0; frame < FRAMES; ++frame) {
        if (frame > 0) flock_step(pos, vel);
        printf("frame %d [", frame);
        for (int i = 0; i < BOIDS; ++i)
            printf("%s%.1f", i ? ", " : "", steer_atan2(vel[i].y, vel[i].x) * (180.0f / STEER_PI));
        printf("]\n");
        for (int i = 0; i < BOIDS; ++i) {
            steer_v2 p = rounded(pos[i]), v = rounded(vel[i]);
            printf("  boid%d pos=(%.3f,%.3f) vel=(%.3f,%.3f)\n", i, p.x, p.y, v.x, v.y);
        }
    }
    /* The flock holds together: no pair collapses or drifts apart. */
    printf("# pairwise distances at frame %d:", FRAMES - 1);
    for (int i = 0; i < BOIDS; ++i)
        for (int j = i + 1; j < BOIDS; ++j) printf(" %d%d %.3f", i, j, steer_v2_dist(rounded(pos[i]), rounded(pos[j])));
    printf("\n");
    return 0;
}

/* pursuit_chase: a hunter chases a wandering prey that evades when it gets
 * close. Pursue aims where the prey will be; seek aims where it is. Over a
 * few different prey (seeds), leading the target pays off. */
#include <stdio.h>
#include <steer/steer.h>

enum { MAX_FRAMES = 600 };

/* Runs one chase; returns the frame of the catch, or MAX_FRAMES. */
static int chase(uint64_t prey_seed, int use_pursue, int verbose)
{
    steer_vehicle2 hunter = steer_vehicle2_make(steer_v2_make(0.0f, 0.0f), 1);
    steer_vehicle2 prey = steer_vehicle2_make(steer_v2_make(30.0f, 10.0f), prey_seed);
    /* Slower than the hunter (3), as agile (max_force 0.12): a fair chase. */
    prey.max_speed = 2.4f;
    prey.velocity = steer_v2_make(0.0f, 2.0f);

    for (int frame = 0; frame < MAX_FRAMES; ++frame) {
        float gap = steer_v2_dist(hunter.position, prey.position);
        if (verbose && frame % 10 == 0)
            printf("  frame %3d  hunter (%5.1f, %5.1f)  prey (%5.1f, %5.1f)  gap %4.1f\n", frame,
                   hunter.position.x, hunter.position.y, prey.position.x, prey.position.y, gap);
        if (gap < hunter.radius + prey.radius) return frame;

        /* Both forces come from this frame's positions, before either moves,
         * so the order of the two steps below does not matter. */
        steer_v2 hunt = use_pursue ? steer_vehicle2_pursue(&hunter, &prey, 20.0f)
                                   : steer_vehicle2_seek(&hunter, prey.position);
        /* The prey always wanders, and evades once the hunter is within 15:
         * apply_force sums the two and step clamps the sum to max_force. */
        steer_v2 roam = steer_vehicle2_wander(&prey, 1.0f, NULL);
        steer_v2 escape = steer_vehicle2_evade(&prey, &hunter, 20.0f, 15.0f);

        steer_vehicle2_apply_force(&hunter, hunt);
        steer_vehicle2_apply_force(&prey, roam);
        steer_vehicle2_apply_force(&prey, escape);
        steer_vehicle2_step(&hunter, 1.0f);
        steer_vehicle2_step(&prey, 1.0f);
    }
    return MAX_FRAMES;
}

int main(void)
{
    printf("one chase with pursue (prey seed 1):\n");
    int frame = chase(1, 1, 1);
    printf("  caught at frame %d\n\n", frame);

    /* One chase proves little: wander makes each prey different. */
    enum { PREY = 20 };
    long total[2] = {0, 0};
    for (uint64_t seed = 1; seed <= PREY; ++seed) {
        total[0] += chase(seed, 0, 0);
        total[1] += chase(seed, 1, 0);
    }
    printf("mean frames to catch %d prey (a miss counts as %d):\n", PREY, MAX_FRAMES);
    printf("  seek    %.1f\n  pursue  %.1f\n", (double)total[0] / PREY, (double)total[1] / PREY);
    printf("pursue catches %s than seek\n", total[1] < total[0] ? "sooner" : "no sooner");
    return 0;
}

/* path_follow: a vehicle starts off to the side of a closed octagonal track
 * and follows it with the stateless path behaviour: no waypoint index, just
 * "if where I will be is outside the corridor, aim a bit further along". */
#include <stdio.h>
#include <steer/steer.h>

enum { CORNERS = 8, FRAMES = 400 };

int main(void)
{
    steer_v2 corners[CORNERS];
    for (int i = 0; i < CORNERS; ++i)
        corners[i] = steer_v2_scale(steer_v2_from_angle(2.0f * STEER_PI * (float)i / CORNERS), 50.0f);
    /* The path only points at the caller's array: nothing is copied. */
    const steer_path2 track = {corners, CORNERS, true, 4.0f};

    steer_vehicle2 car = steer_vehicle2_make(steer_v2_make(10.0f, -20.0f), 1);
    /* The default max_force (0.12 per frame^2) turns at full speed on a
     * radius of 3^2 / 0.12 = 75, wider than the track's corners allow. */
    car.max_force = 0.5f;

    /* Frames outside the corridor once the car has first reached it. */
    int entered = -1, outside = 0;
    for (int frame = 0; frame <= FRAMES; ++frame) {
        float off;
        int segment;
        steer_path_closest_point2(&track, car.position, &off, &segment, NULL);
        if (off <= track.radius && entered < 0) entered = frame;
        if (off > track.radius && entered >= 0) ++outside;
        if (frame % 25 == 0)
            printf("frame %3d  pos (%6.1f, %6.1f)  segment %d  off the centre line %5.2f\n", frame,
                   car.position.x, car.position.y, segment, off);

        /* Look 10 ahead (about three frames at full speed) so corners are
         * seen before the car leaves the corridor; aim 6 further on. */
        steer_vehicle2_apply_force(&car, steer_vehicle2_follow_path(&car, &track, 10.0f, 6.0f));
        steer_vehicle2_step(&car, 1.0f);
    }
    printf("reached the corridor (radius %.0f) at frame %d, then left it in %d of %d frames\n", track.radius,
           entered, outside, FRAMES - entered);
    return 0;
}

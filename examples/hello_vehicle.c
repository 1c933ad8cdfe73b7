/* hello_vehicle: the smallest steer program. One vehicle arrives at a target
 * and comes to rest on it. */
#include <stdio.h>
#include <steer/steer.h>

int main(void)
{
    /* Defaults are per-frame units (max_speed 3, max_force 0.12), so the
     * vehicle is stepped with dt = 1 once per frame. The seed feeds only
     * the vehicle's own generator (used by wander). */
    steer_vehicle2 car = steer_vehicle2_make(steer_v2_make(0.0f, 0.0f), 1);
    const steer_v2 target = steer_v2_make(80.0f, 60.0f);

    for (int frame = 0; frame <= 120; ++frame) {
        if (frame % 20 == 0)
            printf("frame %3d  pos (%5.1f, %5.1f)  speed %.2f\n", frame, car.position.x, car.position.y,
                   steer_v2_len(car.velocity));
        /* A slow radius of 40 leaves room to brake with max_force 0.12:
         * a smaller one makes the car overshoot and swing back. */
        steer_vehicle2_apply_force(&car, steer_vehicle2_arrive(&car, target, 40.0f));
        steer_vehicle2_step(&car, 1.0f);
    }
    return 0;
}

/* Worked example 4 (docs/model.md §8.4): pursue a target crossing ahead, leading it by
 * T = dist / max_speed (uncapped). */
#include <stdio.h>
#include <steer/steer.h>

int main(void)
{
    const float max_speed = 6.0f, max_force = 15.0f, dt = 0.2f;
    const float max_prediction = 0.0f; /* 0: T is not capped */
    steer_v2 tgt = {12.0f, 0.0f};
    const steer_v2 tgt_vel = {0.0f, 3.0f};
    steer_v2 pos = {0.0f, 0.0f}, vel = {0.0f, 0.0f};

    printf("# step tgt.x tgt.y pred.x pred.y pur.x pur.y dist\n");
    for (int step = 0; step < 9; ++step) {
        steer_v2 pred = steer_predict2(pos, tgt, tgt_vel, max_speed, max_prediction);
        printf("%d %.3f %.3f %.3f %.3f %.3f %.3f %.3f\n", step, tgt.x, tgt.y, pred.x, pred.y, pos.x, pos.y,
               steer_v2_dist(pos, tgt));
        steer_v2 force = steer_pursue2(pos, vel, tgt, tgt_vel, max_speed, max_prediction); /* seek(pred) */
        force = steer_v2_truncate(force, max_force);
        vel = steer_v2_truncate(steer_v2_mad(vel, force, dt), max_speed);
        pos = steer_v2_mad(pos, vel, dt);
        tgt = steer_v2_mad(tgt, tgt_vel, dt);
    }
    return 0;
}

/* Worked example 10 (docs/model.md §8.10): exponential smoothing of a jumpy force,
 * s = lerp(s, raw, 0.3) once per frame, starting at the first raw value. */
#include <stdio.h>
#include <steer/steer.h>

int main(void)
{
    const steer_v2 raw[6] = {{5.0f, 0.0f}, {5.0f, 0.0f}, {-4.0f, 3.0f}, {-4.0f, 3.0f}, {5.0f, 0.0f}, {5.0f, 0.0f}};
    const float k = 0.3f;
    steer_v2 s = raw[0];

    printf("# frame raw.x raw.y smoothed.x smoothed.y\n");
    for (int frame = 0; frame < 6; ++frame) {
        s = steer_smooth2(s, raw[frame], k);
        printf("%d %.3f %.3f %.3f %.3f\n", frame, raw[frame].x, raw[frame].y, s.x, s.y);
    }
    return 0;
}

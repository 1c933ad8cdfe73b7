/* Worked example 7 (docs/model.md §8.7): a weighted blend of two forces, truncated to
 * max_force: 1 * (4, 2) + 2 * (-3, 6) = (-2, 14), cut to length 10. */
#include <stdio.h>
#include <steer/steer.h>

int main(void)
{
    const steer_v2 forces[2] = {{4.0f, 2.0f}, {-3.0f, 6.0f}}; /* seek, avoid */
    const float weights[2] = {1.0f, 2.0f};
    const float max_force = 10.0f;

    steer_v2 f = steer_blend2(forces, weights, 2, max_force);
    printf("# x y\n");
    printf("%.3f %.3f\n", f.x, f.y);
    return 0;
}

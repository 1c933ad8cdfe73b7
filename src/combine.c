/* Force combiners, one template for 2D and 3D. */
#include "steer/combine.h"

#define STEER_DIM 2
#include "combine_template.h"
#define STEER_DIM 3
#include "combine_template.h"

bool steer_hysteresis(bool *state, float value, float on_at, float off_at)
{
    if (!*state && value >= on_at) *state = true;
    else if (*state && value < off_at) *state = false;
    return *state;
}

/* Force combiners, one template for 2D and 3D. */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "steer/combine.h"

/* The template's definitions are compiled against the declarations written
 * out in steer/combine.h: a definition whose signature differs is a
 * conflicting-types error, and one the header does not declare is an error
 * too, so header and template cannot drift apart. */
#pragma GCC diagnostic error "-Wmissing-prototypes"

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

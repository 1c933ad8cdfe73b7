/* The stateful vehicle, one template for 2D and 3D. */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "steer/vehicle.h"
#include "turn_limit.h"
#include "up_axis.h"

#include <string.h>

/* The template's definitions are compiled against the declarations written
 * out in steer/vehicle.h: a definition whose signature differs is a
 * conflicting-types error, and one the header does not declare is an error
 * too, so header and template cannot drift apart. */
#pragma GCC diagnostic error "-Wmissing-prototypes"

/* The vehicle's up axis: 2D has none. */
static steer_up_axis up_of2(const steer_vehicle2 *v) { (void)v; return STEER_UP_Z; }
static steer_up_axis up_of3(const steer_vehicle3 *v) { return v->up; }

#define STEER_DIM 2
#include "vehicle_template.h"
#define STEER_DIM 3
#include "vehicle_template.h"

steer_v3 steer_vehicle3_wander_sphere(steer_vehicle3 *v, float dt, steer_v3 *out_target)
{
    steer_wander_params params = v->wander;
    params.up = v->up;
    return steer_wander_sphere3(v->position, v->velocity, &v->wander_sphere, &params, v->max_speed, dt,
                                steer_rng_float, &v->rng, out_target);
}

/* The standard flock (docs/model.md §7). */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "steer/standard_flock.h"

#include <math.h>

steer_standard_flock_def steer_default_standard_flock_def(void)
{
    steer_standard_flock_def def = {1000, 2, 16.0f, 1, 1, {0, 0, 0}};
    return def;
}

/* The cube root with IEEE arithmetic only: libm's cbrt is not correctly
 * rounded everywhere (glibc and wasi-libc may differ in the last bit), and
 * the standard flock's box must be the same on every platform. Scale into
 * [1, 8) by exact powers of 8, then a fixed number of Newton steps from 1.5
 * (quadratic convergence: six reach full precision). */
static double cube_root(double a)
{
    if (!(a > 0.0) || a > 1e300) return a;
    double scale = 1.0;
    while (a >= 8.0) {
        a /= 8.0;
        scale *= 2.0;
    }
    while (a < 1.0) {
        a *= 8.0;
        scale /= 2.0;
    }
    double y = 1.5;
    for (int i = 0; i < 8; ++i) y -= (y * y * y - a) / (3.0 * y * y);
    return y * scale;
}

float steer_standard_flock_side(int agents, int dim, float neighbours)
{
    double n = agents, k = neighbours, pi = 3.14159265358979323846;
    if (dim == 3) return (float)cube_root(n * (4.0 / 3.0) * pi / k);
    return (float)sqrt(n * pi / k); /* sqrt is correctly rounded everywhere */
}

steer_group_def steer_standard_flock_group_def(void)
{
    steer_group_def g = steer_default_group_def(); /* its defaults are the standard flock's rules */
    g.max_speed = 2.0f;
    g.max_force = 4.0f;
    g.neighbour_radius = 1.0f;
    g.separation_radius = 0.5f;
    return g;
}

static bool valid_def(const steer_standard_flock_def *def)
{
    return def && def->agents >= 1 && (def->dim == 2 || def->dim == 3) && def->neighbours > 0.0f &&
           isfinite(def->neighbours);
}

steer_result steer_standard_flock_world_def(const steer_standard_flock_def *def, steer_world_def *out)
{
    if (!valid_def(def) || !out) return STEER_ERROR_INVALID_ARGUMENT;
    float side = steer_standard_flock_side(def->agents, def->dim, def->neighbours);
    steer_world_def wd = steer_default_world_def();
    wd.dim = def->dim;
    wd.capacity = def->agents;
    wd.bounds_min = steer_v3_make(0.0f, 0.0f, 0.0f);
    wd.bounds_max = steer_v3_make(side, side, side);
    wd.boundary = STEER_BOUNDARY_WRAP;
    wd.cell_size = 1.0f;
    wd.worker_count = def->worker_count < 1 ? 1 : def->worker_count;
    wd.allocator = def->allocator;
    wd.max_obstacles = wd.max_walls = wd.max_paths = wd.max_flow_fields = 0;
    *out = wd;
    return STEER_OK;
}

steer_result steer_standard_flock_populate(steer_world *w, const steer_standard_flock_def *def)
{
    if (!valid_def(def) || !w) return STEER_ERROR_INVALID_ARGUMENT;
    if (steer_world_group_count(w) != 0 || steer_world_agent_count(w) != 0) return STEER_ERROR_INVALID_ARGUMENT;
    /* all or nothing: a world too small gets neither the group nor any agent */
    steer_world_def wd;
    if (steer_world_get_def(w, &wd) != STEER_OK) return STEER_ERROR_INVALID_ARGUMENT;
    if (wd.capacity < def->agents) return STEER_ERROR_CAPACITY;
    float side = steer_standard_flock_side(def->agents, def->dim, def->neighbours);
    steer_group_def g = steer_standard_flock_group_def();
    int group = steer_world_add_group(w, &g);
    if (group < 0) return (steer_result)group;
    steer_rng rng = steer_rng_make(def->seed);
    for (int i = 0; i < def->agents; ++i) {
        /* One draw per statement: the order of evaluation of function
         * arguments is unspecified (gcc and clang differ), and the placement
         * must be the same from every compiler, WebAssembly included. */
        float x = steer_rng_range(&rng, 0.0f, side);
        float y = steer_rng_range(&rng, 0.0f, side);
        steer_v3 p = steer_v3_make(x, y, 0.0f);
        if (def->dim == 3) p.z = steer_rng_range(&rng, 0.0f, side);
        float angle = steer_rng_range(&rng, -STEER_PI, STEER_PI);
        steer_v3 v = steer_v3_make(steer_cos(angle), steer_sin(angle), 0.0f);
        if (def->dim == 3) { /* uniform on the sphere */
            float z = steer_rng_range(&rng, -1.0f, 1.0f);
            float r = sqrtf(steer_maxf(0.0f, 1.0f - z * z));
            v = steer_v3_make(v.x * r, v.y * r, z);
        }
        if (steer_world_add_agent(w, group, p, v).index == 0) return STEER_ERROR_CAPACITY;
    }
    return STEER_OK;
}

steer_world *steer_standard_flock_create(const steer_standard_flock_def *def)
{
    steer_world_def wd;
    if (steer_standard_flock_world_def(def, &wd) != STEER_OK) return 0;
    steer_world *w = steer_world_create(&wd);
    if (w && steer_standard_flock_populate(w, def) != STEER_OK) {
        steer_world_destroy(w);
        w = 0;
    }
    return w;
}

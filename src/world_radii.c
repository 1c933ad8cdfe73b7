/* Each agent's own body radius (world_radii.h; world.h, "body radii per
 * agent"). The value kept is the agent's own (0: its group's), so a group
 * whose radius changes takes along every member without one of its own. */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "world_radii.h"
#include "world_handles.h"
#include "world_sort.h"

#include <stdio.h>

/* Whether the world keeps radii per agent; if not, misuse reported as `function`'s. */
static bool radii_kept(const steer_world *w, const char *function)
{
    if (w->own_radius) return true;
    steer__misuse(STEER_MISUSE_AGENT_RADII_OFF, function, "agent_radii = false: the world was made without radii per agent");
    return false;
}

float steer__group_own_radius_max(const steer_world *w, int g, int *widest)
{
    float most = 0.0f;
    *widest = -1;
    for (int d = 0; w->own_radius && d < w->count; ++d)
        if (w->group[d] == g && w->own_radius[d] > most) most = w->own_radius[d], *widest = d;
    return most;
}

void steer__radii_refresh(steer_world *w)
{
    if (!w->own_radius || !w->radii_changed) return; /* a pass over every agent only after a change */
    w->radii_changed = false;
    float most = 0.0f;
    for (int d = 0; d < w->count; ++d) most = steer_maxf(most, w->own_radius[d]);
    if (most != w->own_radius_max) {
        w->own_radius_max = most;
        steer__world_invalidate_grid(w);
    }
}

/* Agent d's own radius set to r, after the checks; `entry` >= 0 names a bulk call's entry. */
static steer_result set_one(steer_world *w, uint32_t d, float r, const char *function, int entry)
{
    char field[32] = "radius";
    if (entry >= 0) snprintf(field, sizeof field, "radii[%d]", entry);
    if (!(r >= 0.0f) || !steer_is_finite(r)) {
        steer__misuse(STEER_MISUSE_AGENT_RADIUS, function, "%s = %g: must be finite and >= 0 (0: the group's radius)",
                      field, (double)r);
        return STEER_ERROR_INVALID_ARGUMENT;
    }
    /* keep_apart sees only what lies within the neighbour radius: two of
     * the group must be seen before their bodies meet, as group defs are held to */
    const steer_group_def *g = &w->groups[w->group[d]].def;
    if (!steer__keep_apart_sees(g, r)) {
        steer__misuse(STEER_MISUSE_AGENT_RADIUS, function,
                      "%s = %g in group %d with keep_apart and neighbour_radius %g: must be at most neighbour_radius / 2 = %g",
                      field, (double)r, (int)w->group[d], (double)g->neighbour_radius, 0.5 * (double)g->neighbour_radius);
        return STEER_ERROR_INVALID_ARGUMENT;
    }
    w->own_radius[d] = r;
    w->radii_changed = true;
    if (r > w->own_radius_max) { /* at once for the places' reach; the next step brings it to the radii */
        w->own_radius_max = r;
        steer__world_invalidate_grid(w); /* non_penetration's cells hold two of the widest bodies */
    }
    return STEER_OK;
}

steer_result steer_world_set_radius(steer_world *w, steer_agent_id id, float radius)
{
    uint32_t d;
    STEER__CHECK_WORLD(w, STEER_ERROR_INVALID_ARGUMENT, STEER_ERROR_IN_STEP);
    if (!radii_kept(w, __func__)) return STEER_ERROR_INVALID_ARGUMENT;
    STEER__CHECK_HANDLE(w, id, &d);
    return set_one(w, d, radius, __func__, -1);
}

steer_result steer_world_get_radius(const steer_world *w, steer_agent_id id, float *out)
{
    uint32_t d;
    STEER__CHECK_WORLD(w, STEER_ERROR_INVALID_ARGUMENT, STEER_ERROR_IN_STEP);
    STEER_MISUSE_IF(!out, STEER_ERROR_INVALID_ARGUMENT, NULL_ARGUMENT, "out = NULL: must point to a float");
    STEER__CHECK_HANDLE(w, id, &d);
    *out = steer__body_radius(w, (int)d);
    return STEER_OK;
}

int steer_world_set_radii(steer_world *w, const steer_agent_id *ids, const float *radii, int count, steer_result *results)
{
    STEER__CHECK_BULK(w, ids, radii, count, results);
    if (!radii_kept(w, __func__)) return steer__refuse_all(results, count);
    int done = 0;
    for (int i = 0; i < count; ++i) {
        uint32_t d;
        steer_result r = steer__handle_check_entry(w, ids[i], &d, __func__, i);
        if (r == STEER_OK) r = set_one(w, d, radii[i], __func__, i);
        done += r == STEER_OK;
        if (results) results[i] = r;
    }
    return done;
}

int steer_world_get_radii(const steer_world *w, const steer_agent_id *ids, float *out, int count, steer_result *results)
{
    STEER__CHECK_BULK(w, ids, out, count, results);
    int done = 0;
    for (int i = 0; i < count; ++i) {
        uint32_t d;
        steer_result r = steer__handle_check_entry(w, ids[i], &d, __func__, i);
        out[i] = r == STEER_OK ? steer__body_radius(w, (int)d) : 0.0f;
        done += r == STEER_OK;
        if (results) results[i] = r;
    }
    return done;
}

/* The world step, phase by phase (docs/design.md, "A step"). First the
 * grid (world_sort.c, sized for the agents' own radii: world_radii.c) and
 * the obstacle index (world_object_index.c) are brought up to date if
 * something changed them, the formations' slots placed (world_formations.c)
 * and the queries' index marked stale (world_query.c); then, per sub-step:
 *   1. sort the agents by cell (world_sort.c), their goal records after them
 *      (world_goals.c); agents sent to places together trade them
 *      (world_places.c); who has arrived, if a group's priority depends on it;
 *   2. list each group's members for pursue and evade, and find each
 *      FOLLOW_LEADER group's leader (world_behaviours.c);
 *   3. every agent's force from that one snapshot, and its move into the
 *      next state (world_forces.c, with world_cells.c, world_behaviours.c,
 *      world_keep_apart.c and world_solids.c), which then becomes the
 *      current one;
 *   4. headings, if kept (world_headings.c), and non-penetration, if on
 *      (world_relax.c): a turn-limited agent's turned heading is taken
 *      before the passes' sorts, the others' follow the velocities after.
 * Each phase is a task over independent items (world_tasks.c), so any
 * thread count gives the same bits. */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "world_internal.h"
#include "world_behaviours.h"
#include "world_forces.h"
#include "world_formations.h"
#include "world_radii.h"
#include "world_goals.h"
#include "world_headings.h"
#include "world_relax.h"
#include "world_object_index.h"
#include "world_places.h"
#include "world_sort.h"
#include "misuse_internal.h"

#include <math.h>

static void one_step(steer_world *w, float dt)
{
    double t0 = steer__seconds();
    steer__world_sort(w);
    steer__goals_reorder(w); /* goal records in the agents' new order, so the forces read them in sequence */
    steer__trade_places(w);
    steer__goals_note_arrived(w); /* after the trades, which end arrivals */
    double t1 = steer__seconds();
    uint32_t group_start[STEER__MAX_GROUPS + 1];
    steer__build_members(w, group_start);
    steer__find_leaders(w);
    steer__world_forces(w, dt, group_start);
    w->arrived_seen = false; /* noted for this sub-step's forces only */
    for (int a = 0; a < w->dim; ++a) { /* the next state becomes the current one */
        STEER__SWAP(w->p[a], w->next_p[a]);
        STEER__SWAP(w->v[a], w->next_v[a]);
    }
    double t2 = steer__seconds();
    if (w->def.non_penetration) { /* its passes sort the agents, reusing next_heading: the turned headings first */
        steer__headings_update(w, true, false);
        steer__world_relax(w);
        steer__headings_update(w, false, true); /* the velocities the sub-step ends with */
    } else {
        steer__headings_update(w, true, true);
    }
    w->steps++;
    double t3 = steer__seconds();
    w->profile.grid += t1 - t0;
    w->profile.forces += t2 - t1;
    w->profile.solve += t3 - t2;
}

steer_result steer_world_step(steer_world *w, float dt)
{
    STEER__CHECK_WORLD(w, STEER_ERROR_INVALID_ARGUMENT, STEER_ERROR_IN_STEP);
    STEER_MISUSE_IF(!steer_is_finite(dt) || dt < 0.0f, STEER_ERROR_INVALID_ARGUMENT, STEP_DT, "dt = %g: must be finite and >= 0",
                    (double)dt);
    if (dt == 0.0f) { /* nothing moves, nothing arrives: a paused game reading arrivals each frame hears none again */
        w->step_begin = w->steps;
        return STEER_OK;
    }
    int substeps = 1;
    if (w->def.max_dt > 0.0f && dt > w->def.max_dt) {
        float n = ceilf(dt / w->def.max_dt);
        STEER_MISUSE_IF(n > 1024.0f, STEER_ERROR_INVALID_ARGUMENT, STEP_SUBSTEPS,
                        "dt = %g: needs %g sub-steps of max_dt = %g, at most 1024", (double)dt, (double)n, (double)w->def.max_dt);
        substeps = (int)n;
    }
    steer__radii_refresh(w); /* the cells for the radii the agents have now */
    steer_result r = steer__world_prepare_grid(w);
    if (r != STEER_OK) return r;
    steer__objects_prepare(w); /* the obstacle and wall index, if they changed (out of memory: unindexed) */
    steer__formations_place(w); /* before the step: handles are looked up */
    steer__query_stale(w); /* the agents move */
    double start = steer__seconds();
    w->profile = (steer_step_profile){0};
    w->in_step = true;
    w->step_begin = w->steps; /* the goals that arrive from here on are this step's arrivals */
    float h = dt / (float)substeps;
    for (int s = 0; s < substeps; ++s) one_step(w, h);
    w->in_step = false;
    w->profile.total = steer__seconds() - start;
    return STEER_OK;
}

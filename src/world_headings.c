/* The way each agent faces (world_headings.h; world.h, "headings"). */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "world_headings.h"
#include "world_handles.h"
#include "world_tasks.h"

void steer__heading_follow(steer_world *w, int d, steer_v3 v, bool fresh)
{
    const steer__group *g = &w->groups[w->group[d]];
    if (g->on_ground) steer__drop_up(w, &v);
    steer_v3 was = fresh ? steer_v3_make(1.0f, 0.0f, 0.0f) : steer__v3_at(w, w->heading, d); /* +x: on every ground */
    steer__v3_put(w, w->heading, d, steer__facing(v, fresh ? 0.0f : g->def.arrival_speed, was));
}

typedef struct heading_parts {
    steer_world *w;
    bool turned, followed;
} heading_parts;

static void update_task(int start, int end, int worker, void *context)
{
    (void)worker;
    const heading_parts *hp = context;
    steer_world *w = hp->w;
    for (int d = start; d < end; ++d) {
        if (w->groups[w->group[d]].def.max_turn_rate > 0.0f) { /* turned with its velocity (world_forces.c) */
            if (hp->turned) steer__v3_put(w, w->heading, d, steer__v3_at(w, w->next_heading, d));
        } else if (hp->followed) {
            steer__heading_follow(w, d, steer__v3_at(w, w->v, d), false);
        }
    }
}

void steer__headings_update(steer_world *w, bool turned, bool followed)
{
    heading_parts hp = {w, turned, followed};
    if (w->heading[0]) steer__world_run(w, update_task, w->count, &hp); /* each agent its own: any split, the same */
}

/* Whether the world keeps headings; if not, misuse reported as `function`'s. */
static bool headings_kept(const steer_world *w, const char *function)
{
    if (w->heading[0]) return true;
    steer__misuse(STEER_MISUSE_HEADINGS_OFF, function, "keep_headings = false: the world was made without headings");
    return false;
}

steer_result steer_world_get_heading(const steer_world *w, steer_agent_id id, steer_v3 *out)
{
    uint32_t d;
    STEER__CHECK_WORLD(w, STEER_ERROR_INVALID_ARGUMENT, STEER_ERROR_IN_STEP);
    STEER_MISUSE_IF(!out, STEER_ERROR_INVALID_ARGUMENT, NULL_ARGUMENT, "out = NULL: must point to a steer_v3");
    if (!headings_kept(w, __func__)) return STEER_ERROR_INVALID_ARGUMENT;
    STEER__CHECK_HANDLE(w, id, &d);
    *out = steer__v3_at(w, w->heading, (int)d);
    return STEER_OK;
}

steer_result steer_world_set_heading(steer_world *w, steer_agent_id id, steer_v3 heading)
{
    uint32_t d;
    STEER__CHECK_WORLD(w, STEER_ERROR_INVALID_ARGUMENT, STEER_ERROR_IN_STEP);
    if (!headings_kept(w, __func__)) return STEER_ERROR_INVALID_ARGUMENT;
    STEER__CHECK_HANDLE(w, id, &d);
    const steer__group *g = &w->groups[w->group[d]];
    steer_v3 h = heading;
    if (w->dim == 2) h.z = 0.0f;
    if (g->on_ground) steer__drop_up(w, &h);
    /* a direction at any length: a tiny one (1e-30) is not zero (normalize's epsilon would make it so) */
    h = steer_v3_direction(h, NULL);
    STEER_MISUSE_IF(!(steer_v3_len_sq(h) > 0.0f), STEER_ERROR_INVALID_ARGUMENT, AGENT_HEADING,
                    "heading = (%g, %g, %g): must be finite and not zero%s", (double)heading.x, (double)heading.y,
                    (double)heading.z, g->on_ground ? " on the ground (a ground_plane group)" : "");
    steer__v3_put(w, w->heading, (int)d, h);
    return STEER_OK;
}

int steer_world_get_headings(const steer_world *w, const steer_agent_id *ids, steer_v3 *out, int count,
                             steer_result *results)
{
    STEER__CHECK_BULK(w, ids, out, count, results);
    if (!headings_kept(w, __func__)) return steer__refuse_all(results, count);
    int done = 0;
    for (int i = 0; i < count; ++i) {
        uint32_t d;
        steer_result r = steer__handle_check_entry(w, ids[i], &d, __func__, i);
        out[i] = r == STEER_OK ? steer__v3_at(w, w->heading, (int)d) : steer_v3_zero();
        done += r == STEER_OK;
        if (results) results[i] = r;
    }
    return done;
}

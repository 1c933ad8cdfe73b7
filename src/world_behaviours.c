/* One agent's behaviours, their combination and its new velocity. */
#include "world_behaviours.h"

#include <string.h>

/* ---- counter-based randomness: no per-agent generator state -------------- */
static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static float agent_random(const steer_world *w, uint32_t slot, uint32_t draw)
{
    uint64_t h = mix64(w->def.seed + 0x9E3779B97F4A7C15ull * (1 + (uint64_t)slot));
    h = mix64(h ^ ((uint64_t)w->generation[slot] << 32 ^ draw));
    h = mix64(h ^ w->steps);
    return (float)(h >> 40) * 0x1p-24f;
}

/* Offset to q as seen from p: the nearest torus image when wrapping. */
static steer_v3 offset_to(const steer_world *w, steer_v3 p, steer_v3 q)
{
    steer_v3 d = steer_v3_sub(q, p);
    if (w->def.boundary != STEER_BOUNDARY_WRAP) return d;
    float c[3] = {d.x, d.y, d.z};
    for (int a = 0; a < w->dim; ++a) {
        if (c[a] > 0.5f * w->extent[a]) c[a] -= w->extent[a];
        else if (c[a] < -0.5f * w->extent[a]) c[a] += w->extent[a];
    }
    return steer__v3_from(c);
}

/* Nearest member of group `target` within radius; false if none. */
static bool nearest_of_group(const steer_world *w, const uint32_t *group_start, const steer__agent *a, int target,
                             float radius, steer_v3 *out_pos, steer_v3 *out_vel)
{
    if (target < 0 || target >= w->group_count) return false;
    float best = radius * radius;
    uint32_t best_slot = 0;
    bool found = false;
    for (uint32_t k = group_start[target]; k < group_start[target + 1]; ++k) {
        uint32_t j = w->members[k];
        if ((int)j == a->dense) continue;
        steer_v3 d = offset_to(w, a->p, steer__v3_at(w, w->p, (int)j));
        float d2 = steer_v3_len_sq(d);
        if (d2 < best || (d2 == best && found && w->slot[j] < best_slot)) {
            best = d2;
            best_slot = w->slot[j];
            *out_pos = steer_v3_add(a->p, d);
            *out_vel = steer__v3_at(w, w->v, (int)j);
            found = true;
        }
    }
    return found;
}

/* ---- obstacles and walls near the agent ----------------------------------- */
/* The objects a behaviour can react to, gathered in index order from the
 * index's answer for a box around the agent; the behaviours iterate in
 * order and break ties by position, so their result is the full list's. */
typedef struct near_obstacles {
    uint32_t ids[STEER__OBJECT_QUERY_CAP];
    steer_obstacle3 copy[STEER__OBJECT_QUERY_CAP];
} near_obstacles;

typedef struct near_walls {
    uint32_t ids[STEER__OBJECT_QUERY_CAP];
    steer_segment3 copy[STEER__OBJECT_QUERY_CAP];
} near_walls;

static const steer_obstacle3 *obstacles_within(const steer_world *w, steer_v3 p, float half, near_obstacles *out, int *count)
{
    steer_v3 lo, hi;
    steer__box_around(p, half, &lo, &hi);
    steer__object_list near = steer__obstacles_near(w, lo, hi, out->ids);
    *count = near.count;
    if (!near.ids) return w->obstacles;
    for (int k = 0; k < near.count; ++k) out->copy[k] = w->obstacles[near.ids[k]];
    return out->copy;
}

static const steer_segment3 *walls_within(const steer_world *w, steer_v3 p, float half, near_walls *out, int *count)
{
    steer_v3 lo, hi;
    steer__box_around(p, half, &lo, &hi);
    steer__object_list near = steer__walls_near(w, lo, hi, out->ids);
    *count = near.count;
    if (!near.ids) return w->walls;
    for (int k = 0; k < near.count; ++k) out->copy[k] = w->walls[near.ids[k]];
    return out->copy;
}

/* A steer_random_fn that hands back one value drawn beforehand. */
static float replay_draw(void *value) { return *(const float *)value; }


static steer_v3 behaviour_force(const steer__force_context *fc, const steer__agent *a, int b)
{
    const steer_world *w = fc->w;
    const steer_group_def *d = &a->g->def;
    const steer__gather_out *nb = a->nb;
    float ms = d->max_speed;
    switch ((steer_behaviour)b) {
    case STEER_SEPARATION: {
        if (nb->separation_count == 0.0f) return steer_v3_zero();
        steer_v3 push = steer_v3_scale(steer_v3_neg(steer__v3_from(nb->separation)), 1.0f / nb->separation_count);
        if (!d->desired_forms) return push;
        steer_v3 dir = steer_v3_normalize(push);
        return steer_v3_len_sq(dir) > 0.0f ? steer_v3_sub(steer_v3_scale(dir, ms), a->v) : steer_v3_zero();
    }
    case STEER_ALIGNMENT: {
        if (nb->count == 0.0f) return steer_v3_zero();
        steer_v3 avg = steer_v3_scale(steer__v3_from(nb->velocity), 1.0f / nb->count);
        if (!d->desired_forms) return steer_v3_sub(avg, a->v);
        steer_v3 dir = steer_v3_normalize(avg);
        return steer_v3_len_sq(dir) > 0.0f ? steer_v3_sub(steer_v3_scale(dir, ms), a->v) : steer_v3_zero();
    }
    case STEER_COHESION: {
        if (nb->count == 0.0f) return steer_v3_zero();
        steer_v3 centre = steer_v3_scale(steer__v3_from(nb->offset), 1.0f / nb->count);
        return steer_v3_sub(steer_v3_scale(steer_v3_normalize(centre), ms), a->v);
    }
    case STEER_WANDER: { /* the library's wander, fed the world's counter-based draw */
        float u = agent_random(w, a->slot, 0);
        return steer_wander3(a->p, a->v, &w->wander[a->dense], &d->wander, ms, fc->dt, replay_draw, &u, 0);
    }
    case STEER_SEEK: return steer_seek3(a->p, a->v, d->target, ms);
    case STEER_ARRIVE: return steer_arrive3(a->p, a->v, d->target, ms, d->slow_radius);
    case STEER_FLEE: return steer_flee3(a->p, a->v, d->threat, ms, d->panic_distance);
    case STEER_PURSUE:
    case STEER_EVADE: {
        bool pursue = b == STEER_PURSUE;
        steer_v3 tp, tv;
        if (!nearest_of_group(w, fc->group_start, a, pursue ? d->pursue_group : d->evade_group, d->chase_radius, &tp, &tv))
            return steer_v3_zero();
        if (pursue) return steer_pursue3(a->p, a->v, tp, tv, ms, d->max_prediction);
        return steer_evade3(a->p, a->v, tp, tv, ms, d->max_prediction, d->panic_distance);
    }
    case STEER_FOLLOW_PATH: {
        const steer__path *p = &w->paths[d->path];
        steer_path3 path = {p->points, p->count, p->closed, p->radius};
        return steer_follow_path3(a->p, a->v, &path, d->path_predict, d->path_ahead, ms);
    }
    case STEER_FOLLOW_FLOW: {
        const steer__field *f = &w->fields[d->flow_field];
        steer_flow_field3 field = {f->origin, f->cell_size, f->nx, f->ny, f->nz, f->vectors};
        return steer_follow_flow3(a->p, a->v, &field, d->flow_predict, ms);
    }
    case STEER_CONTAIN: {
        steer_box3 box = {d->contain_min, d->contain_max};
        if (steer_v3_len_sq(steer_v3_sub(box.max, box.min)) == 0.0f) box = (steer_box3){w->def.bounds_min, w->def.bounds_max};
        if (w->dim == 2) {
            box.min.z = -1e30f;
            box.max.z = 1e30f;
        }
        return steer_contain3(a->p, a->v, box, d->contain_margin, ms);
    }
    case STEER_AVOID_OBSTACLES: {
        /* an obstacle it avoids has its centre within see_ahead + 2 (its
         * radius + the agent's) of the agent; the index files each obstacle
         * under centre +- 2 radius */
        steer_avoid_params params = {d->see_ahead, d->radius, d->max_force, 0.0f, 0.0f};
        near_obstacles near;
        int count;
        const steer_obstacle3 *obstacles = obstacles_within(w, a->p, d->see_ahead + 2.0f * d->radius, &near, &count);
        return steer_avoid_obstacles3(a->p, a->v, obstacles, count, &params, 0);
    }
    case STEER_AVOID_WALLS: { /* a wall it feels crosses a feeler */
        near_walls near;
        int count;
        float reach = steer_maxf(steer_absf(d->feelers.length), steer_absf(d->feelers.whisker_length));
        const steer_segment3 *walls = walls_within(w, a->p, reach, &near, &count);
        return steer_avoid_walls3(a->p, a->v, walls, count, &d->feelers, 0);
    }
    case STEER_FOLLOW_WALL: { /* a wall it follows is within range */
        near_walls near;
        int count;
        const steer_segment3 *walls = walls_within(w, a->p, d->wall_follow.range, &near, &count);
        return steer_follow_wall3(a->p, a->v, walls, count, &d->wall_follow, ms);
    }
    case STEER_BEHAVIOUR_COUNT: break;
    }
    return steer_v3_zero();
}

steer_v3 steer__combined_force(const steer__force_context *fc, const steer__agent *a)
{
    const steer__group *g = a->g;
    const steer_group_def *d = &g->def;
    steer_v3 total = steer_v3_zero();
    switch (d->combine) {
    case STEER_COMBINE_BLEND:
        for (int k = 0; k < g->active_count; ++k) {
            int b = g->active[k];
            total = steer_v3_mad(total, behaviour_force(fc, a, b), d->weight[b]);
        }
        return steer_v3_truncate(total, d->max_force);
    case STEER_COMBINE_PRIORITY:
        for (int k = 0; k < g->active_count; ++k) {
            int b = g->active[k];
            steer_v3 f = steer_v3_scale(behaviour_force(fc, a, b), d->weight[b]);
            if (steer_v3_len_sq(f) > 1e-10f) return steer_v3_truncate(f, d->max_force);
        }
        return total;
    case STEER_COMBINE_RUNNING_SUM:
        for (int k = 0; k < g->active_count; ++k) {
            int b = g->active[k];
            float remaining = d->max_force - steer_v3_len(total);
            if (!(remaining > 0.0f)) break;
            steer_v3 f = steer_v3_scale(behaviour_force(fc, a, b), d->weight[b]);
            total = steer_v3_add(total, steer_v3_truncate(f, remaining));
        }
        return steer_v3_truncate(total, d->max_force);
    case STEER_COMBINE_DITHER:
        for (int k = 0; k < g->active_count; ++k) {
            int b = g->active[k];
            float p = d->probability[b];
            if (!(p > 0.0f) || !(agent_random(fc->w, a->slot, 1 + (uint32_t)b) < p)) continue;
            steer_v3 f = steer_v3_scale(behaviour_force(fc, a, b), d->weight[b] / p);
            if (steer_v3_len_sq(f) > 1e-10f) return steer_v3_truncate(f, d->max_force);
        }
        return total;
    }
    return total;
}

/* New velocity (docs/model.md §1.4) from the combined force, with the turn limit. */
steer_v3 steer__integrate_velocity(const steer__group *g, steer_v3 v, steer_v3 force, float dt)
{
    const steer_group_def *d = &g->def;
    steer_v3 nv = steer_v3_truncate(steer_v3_mad(v, force, g->inv_mass * dt), d->max_speed);
    if (d->max_turn_rate > 0.0f) {
        float speed = steer_v3_len(nv);
        steer_v3 heading = steer_v3_normalize(v);
        if (speed > 0.0f && steer_v3_len_sq(heading) > 0.0f)
            nv = steer_v3_scale(steer_turn_toward3(heading, nv, d->max_turn_rate * dt), speed);
    }
    return steer_v3_is_valid(nv) ? nv : steer_v3_zero();
}

void steer__build_members(steer_world *w, uint32_t group_start[STEER__MAX_GROUPS + 1])
{
    memset(group_start, 0, sizeof(uint32_t) * (STEER__MAX_GROUPS + 1));
    if (!w->members) return;
    for (int i = 0; i < w->count; ++i) group_start[w->group[i] + 1]++;
    for (int g = 0; g < STEER__MAX_GROUPS; ++g) group_start[g + 1] += group_start[g];
    uint32_t cursor[STEER__MAX_GROUPS];
    memcpy(cursor, group_start, sizeof cursor);
    for (int i = 0; i < w->count; ++i) w->members[cursor[w->group[i]]++] = (uint32_t)i;
}

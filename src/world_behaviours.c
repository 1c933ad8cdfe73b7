/* One agent's behaviours, their combination and its new velocity. */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "world_behaviours.h"
#include "world_detour.h"
#include "world_cells.h"
#include "world_goal_steering.h"
#include "world_goals.h"
#include "world_handles.h"
#include "contain.h"
#include "turn_limit.h"
#include "anticipation.h"

#include <float.h>
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

/* Offset to q as seen from p: the nearest torus image when wrapping, by the
 * rule the neighbourhoods use (world_cells.h). */
static steer_v3 offset_to(const steer_world *w, steer_v3 p, steer_v3 q)
{
    steer_v3 d = steer_v3_sub(q, p);
    if (w->def.boundary != STEER_BOUNDARY_WRAP) return d;
    float c[3] = {d.x, d.y, d.z};
    for (int a = 0; a < w->dim; ++a) /* c - (+-extent or 0): the same bits as c -+ extent or c */
        c[a] -= steer__nearest_image_shift(steer_v3_get(q, a), steer_v3_get(p, a), w->extent[a], 0.5f * w->extent[a]);
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
        if (d2 < best || (d2 == best && found && steer__slot_of(w, (int)j) < best_slot)) {
            best = d2;
            best_slot = steer__slot_of(w, (int)j);
            *out_pos = steer_v3_add(a->p, d);
            *out_vel = steer__v3_at(w, w->v, (int)j);
            found = true;
        }
    }
    return found;
}

/* The anticipation's parameters of a group (no step: what its end reads). */
static steer_anticipation anticipation_params(const steer_world *w, const steer_group_def *d, float radius)
{
    return (steer_anticipation){d->anticipation_k, d->anticipation_tau0, d->avoid_horizon, d->max_force, radius,
                                d->keep_right, d->priority, w->def.up, 0.0f, d->mass};
}

/* For agent a's terms: its group's, with its own priority this sub-step,
 * and on its own goal's final approach this step's cap on each push
 * (docs/model.md §6.1a). */
static steer_anticipation term_params(const steer__force_context *fc, const steer__agent *a)
{
    steer_anticipation params = anticipation_params(fc->w, &a->g->def, a->radius);
    params.priority = steer__agent_priority(fc->w, a);
    float dist, slow;
    if (steer__final_approach(fc->w, a, &dist, &slow)) params.dt = fc->dt;
    return params;
}

/* The summed terms of steer_anticipate3 of what the agent sees (Z-up), its
 * neighbours' terms computed by the wide kernel (the rare exceptional ones
 * by the pure function's own term) and added in their order: the same
 * bits. False when the agent gets no force at all (steer__anticipation_setup3.valid). */
static bool anticipation_sums(const steer_world *w, const steer__agent *a, const steer_anticipation *params,
                              steer_v3 *out_sum, steer_v3 *out_bias)
{
    steer__anticipation_setup3 s = steer__anticipation_begin3(a->p, a->v, params);
    int n = a->seen.count;
    steer_v3 sum = steer_v3_zero(), bias = steer_v3_zero();
    *out_sum = *out_bias = sum;
    if (!s.valid) return false;
    if (n == 0) return true;
    const int worker = a->seen.worker;
    float *const scratch = steer__lane_array_at(w, worker, 0);
#define f(q) (scratch + (size_t)(q) * STEER__ANTICIPATION_STRIDE) /* a constant offset each: no table of pointers */
    uint16_t *bits = w->anticipation_bits + (size_t)worker * STEER__ANTICIPATION_WORDS;
    const int words = STEER__ANTICIPATION_STRIDE / 16;
    /* The kernel works Z-up: for Y-up, steer_v3_to_z_up's (x, -z, y) */
    const float *pz = f(STEER__SEEN_PZ), *vz = f(STEER__SEEN_VZ), *py = f(STEER__SEEN_PY), *vy = f(STEER__SEEN_VY);
    if (params->up == STEER_UP_Y) {
        for (int j = 0; j < (n + 15) / 16 * 16; ++j) {
            f(STEER__NEG_PZ)[j] = -f(STEER__SEEN_PZ)[j];
            f(STEER__NEG_VZ)[j] = -f(STEER__SEEN_VZ)[j];
        }
        pz = f(STEER__SEEN_PY), vz = f(STEER__SEEN_VY), py = f(STEER__NEG_PZ), vy = f(STEER__NEG_VZ);
    }
    steer__anticipation_lanes lanes = {{s.pos.x, s.pos.y, s.pos.z}, {s.vel.x, s.vel.y, s.vel.z}, params->agent_radius,
                                       s.rate, s.inv_tau0, s.own, params->k, params->horizon, params->max_force, s.brake, s.energy, n,
                                       {f(STEER__SEEN_PX), py, pz}, {f(STEER__SEEN_VX), vy, vz}, f(STEER__SEEN_RADIUS),
                                       f(STEER__SEEN_PRIORITY), {f(STEER__AWAY_X), f(STEER__AWAY_Y), f(STEER__AWAY_Z)},
                                       {f(STEER__SIDE_X), f(STEER__SIDE_Y), f(STEER__SIDE_Z)}, f(STEER__WEIGHT),
                                       f(STEER__SIDE_WEIGHT), bits, bits + words, bits + 2 * words};
    w->kernels->anticipate(&lanes);
    /* the used or exceptional lanes in order (the others add nothing) */
    for (int word = 0; word < (n + 15) / 16; ++word)
        for (unsigned todo = (unsigned)(lanes.used[word] | lanes.exceptional[word]); todo; todo &= todo - 1) {
            int j = word * 16 + steer__lowest_bit(todo);
            if (j >= n) break; /* lanes past n: not neighbours */
            unsigned bit = 1u << (j % 16);
            steer__anticipation_term3 t;
            if (lanes.exceptional[word] & bit) {
                t = steer__anticipation_neighbour3(&s, steer_v3_make(f(STEER__SEEN_PX)[j], py[j], pz[j]),
                                                   steer_v3_make(f(STEER__SEEN_VX)[j], vy[j], vz[j]), f(STEER__SEEN_RADIUS)[j],
                                                   &f(STEER__SEEN_PRIORITY)[j], params);
            } else {
                t = (steer__anticipation_term3){
                    steer_v3_make(f(STEER__AWAY_X)[j], f(STEER__AWAY_Y)[j], f(STEER__AWAY_Z)[j]),
                    steer_v3_make(f(STEER__SIDE_X)[j], f(STEER__SIDE_Y)[j], f(STEER__SIDE_Z)[j]), f(STEER__WEIGHT)[j],
                    f(STEER__SIDE_WEIGHT)[j], true, (lanes.sided[word] & bit) != 0};
            }
            steer__anticipation_add3(&sum, &bias, &t);
        }
#undef f
    *out_sum = sum;
    *out_bias = bias;
    return true;
}

static steer_v3 anticipate(const steer_world *w, const steer__agent *a, const steer_anticipation *params)
{
    steer_v3 sum, bias;
    if (!anticipation_sums(w, a, params, &sum, &bias)) return steer_v3_zero();
    return steer__anticipation_end3(sum, bias, params);
}

/* The push of a predictive behaviour against what the agent sees, at most max_force. */
static steer_v3 predictive_force(const steer__force_context *fc, const steer__agent *a, int b)
{
    const steer_world *w = fc->w;
    const steer_group_def *d = &a->g->def;
    if (b == STEER_ANTICIPATE) {
        steer_anticipation params = term_params(fc, a);
        return anticipate(w, a, &params);
    }
    steer_neighbour_avoidance params = {d->avoid_horizon, a->radius, d->avoid_margin, d->max_force, d->keep_right, w->def.up};
    if (a->seen.worker < 0) /* a scheduler's worker_index out of range: it saw no one (worker -1 made this
                             * pointer wrap round the address space, undefined even unused) */
        return steer_avoid_neighbours3(a->p, a->v, NULL, 0, &params, 0);
    steer_neighbour3 *near = w->predictive + (size_t)a->seen.worker * STEER__PREDICTIVE_CAP; /* the pure function's records */
    for (int j = 0; j < a->seen.count; ++j) near[j] = steer__seen_at(&a->seen, j);
    return steer_avoid_neighbours3(a->p, a->v, near, a->seen.count, &params, 0);
}

void steer__find_leaders(steer_world *w)
{
    for (int g = 0; g < w->group_count; ++g) {
        steer__group *grp = &w->groups[g];
        grp->leader_found = false;
        steer_agent_id id = grp->def.leader;
        if (grp->def.weight[STEER_FOLLOW_LEADER] == 0.0f || w->count == 0) continue;
        if (steer__handle_live(w, id) != STEER_MISUSE_NONE) continue; /* removed since: no leader, no force */
        uint32_t slot = id.index - 1, hint = grp->leader_dense < (uint32_t)w->count ? grp->leader_dense : 0;
        for (uint32_t r = 0; r < (uint32_t)w->count && !grp->leader_found; ++r) {
            const uint32_t at[2] = {hint + r, hint - r}; /* outward from the hint; unsigned wrap leaves the range */
            for (int k = 0; k < 2; ++k)
                if (at[k] < (uint32_t)w->count && steer__slot_of(w, (int)at[k]) == slot) {
                    grp->leader_found = true;
                    grp->leader_dense = at[k];
                    break;
                }
        }
        if (!grp->leader_found) continue;
        int d = (int)grp->leader_dense;
        grp->leader_p = steer__v3_at(w, w->p, d);
        grp->leader_v = steer__v3_at(w, w->v, d);
        /* a leader that stands still still has a back: its kept heading */
        grp->leader_heading = w->heading[0] ? steer__v3_at(w, w->heading, d) : steer_v3_normalize(grp->leader_v);
        /* a leader backing along its kept heading (a reverse gear) goes the other way: its path is behind it */
        const float backing = -steer_v3_dot(grp->leader_v, grp->leader_heading);
        const float still = w->groups[w->group[d]].def.arrival_speed;
        grp->leader_way = backing > still ? steer_v3_neg(grp->leader_heading) : grp->leader_heading;
        grp->leader_radius = steer__body_radius(w, d);
    }
}

/* QUEUE: the nearest slower agent ahead, in the agent's path (their radii
 * apart sideways) and closer than queue_distance, sets the speed: its own
 * along the heading, scaled by gap / queue_distance, so the agent settles
 * queue_distance behind one that walks and stops behind one that stands.
 * With a queue_time_gap T the nearest agent ahead in its path, at any
 * speed, caps the speed at gap / T as well. The force reaches the lower
 * within the step as far as max_force allows. */
static steer_v3 queue_force(const steer__force_context *fc, const steer__agent *a)
{
    const steer_group_def *d = &a->g->def;
    float speed = steer_v3_len(a->v);
    const bool timed = d->queue_time_gap > 0.0f;
    if (!(speed > 0.0f) || !(d->queue_distance > 0.0f || timed)) return steer_v3_zero();
    steer_v3 h = steer_v3_scale(a->v, 1.0f / speed);
    float best_gap = d->queue_distance, ahead_speed = 0.0f;
    float nearest_gap = timed ? speed * d->queue_time_gap : 0.0f; /* no farther one can bind */
    bool found = false, near = false;
    for (int j = 0; j < a->seen.count; ++j) {
        if (steer__seen_obstacle(&a->seen, j)) continue; /* an obstacle is no queue */
        const steer_neighbour3 seen = steer__seen_at(&a->seen, j), *n = &seen;
        steer_v3 off = steer_v3_sub(n->pos, a->p);
        float along = steer_v3_dot(off, h), contact = a->radius + n->radius;
        if (!(along > 0.0f) || steer_v3_len_sq(off) - along * along >= contact * contact) continue;
        float gap = along - contact, other = steer_v3_dot(n->vel, h);
        if (timed && gap < nearest_gap) nearest_gap = gap, near = true;
        if (!(d->queue_distance > 0.0f) || gap >= best_gap || other >= speed) continue; /* farther than the nearest so far, or not slower */
        best_gap = gap;
        ahead_speed = steer_maxf(other, 0.0f);
        found = true;
    }
    if (!found && !near) return steer_v3_zero();
    float target = found ? ahead_speed * steer_maxf(best_gap, 0.0f) / d->queue_distance : speed;
    if (near) target = steer_minf(target, steer_maxf(nearest_gap, 0.0f) / d->queue_time_gap);
    if (!(target < speed)) return steer_v3_zero();
    float brake = steer_minf((speed - target) * d->mass / fc->dt, d->max_force);
    return steer_v3_scale(h, -brake);
}

/* A steer_random_fn that hands back one value drawn beforehand. */
static float replay_draw(void *value) { return *(const float *)value; }

/* FOLLOW_LEADER (Reynolds 1999): in front of the leader, inside its path,
 * step aside (away from its line; on it, to the leader's right); else arrive
 * at the point leader_behind behind it. Front and behind are by the way the
 * leader faces: its velocity's direction, or in a world that keeps headings
 * its heading, so that followers of a leader standing still wait behind it
 * rather than on it. Its path is the way it goes: behind it while it backs
 * (a reverse gear), when the followers waiting there are the ones in it. */
static steer_v3 follow_leader(const steer__force_context *fc, const steer__agent *a)
{
    const steer_world *w = fc->w;
    const steer__group *g = a->g;
    const steer_group_def *d = &g->def;
    if (!g->leader_found || a->dense == (int)g->leader_dense) return steer_v3_zero();
    steer_v3 heading = g->leader_heading, way = g->leader_way;
    steer_v3 off = steer_v3_sub(a->p, g->leader_p);
    float along = steer_v3_dot(off, way);
    steer_v3 lateral = steer_v3_sub(off, steer_v3_scale(way, along));
    float width = 2.0f * (a->radius + g->leader_radius);
    if (steer_v3_len_sq(way) > 0.0f && along > 0.0f && along < d->leader_sight && steer_v3_len_sq(lateral) < width * width) {
        steer_v3 away = steer_v3_normalize(lateral);
        if (steer_v3_len_sq(away) == 0.0f) { /* on its line: to the right of the way it goes, on the ground */
            steer_v3 h = steer__to_ground(w, way);
            away = steer_v3_normalize(steer__from_ground(w, steer_v3_make(h.y, -h.x, 0.0f)));
        }
        return steer_v3_scale(away, d->max_force);
    }
    steer_v3 behind = steer_v3_sub(g->leader_p, steer_v3_scale(heading, d->leader_behind));
    steer_arrival arrival = steer__group_arrival(fc, g, d->slow_radius);
    return steer__braking_arrive(w, a, behind, d->max_speed, &arrival);
}


/* CONTAIN: the pure function's zone inside each face of the group's box
 * (its contain_min / max; a box of no size, the world's), except that a
 * face whose margin holds the point the agent's own goal aims at (goal_aim)
 * starts its zone at the aim: the aim's depth is that face's margin, none
 * when the aim is on or past the face. Else an end near the floor is never
 * reached: the push up outweighs the arrive, and an agent stood 3 short of
 * a landing pad for good, or hovered in and out of arrived. Without an aim
 * in a margin it is the pure function, bit for bit. A ground group never
 * moves along the up axis, so it has no push along it: one standing on
 * the box's floor (a Y-up scene from y = 0 up) would otherwise take that
 * push as a PRIORITY or DITHER group's first force and stand still, or
 * spend a RUNNING_SUM's max_force on it (it is dropped after the combine
 * anyway). */
static steer_v3 contain_force(const steer_world *w, const steer__agent *a)
{
    const steer_group_def *d = &a->g->def;
    steer_box3 box = {d->contain_min, d->contain_max};
    if (steer_v3_len_sq(steer_v3_sub(box.max, box.min)) == 0.0f) box = (steer_box3){w->def.bounds_min, w->def.bounds_max};
    steer_v3 aim;
    bool aims = a->goal && steer__goal_aim(w, a, &aim);
    steer_v3 force = steer_v3_zero();
    for (int axis = 0; axis < w->dim; ++axis) {
        if (a->g->on_ground && axis == steer__up_index(w)) continue;
        float lo = steer_v3_get(box.min, axis), hi = steer_v3_get(box.max, axis);
        float lo_margin = d->contain_margin, hi_margin = d->contain_margin;
        if (aims) {
            float at = steer_v3_get(aim, axis);
            lo_margin = steer_minf(lo_margin, steer_maxf(0.0f, at - lo));
            hi_margin = steer_minf(hi_margin, steer_maxf(0.0f, hi - at));
        }
        force = steer_v3_set(force, axis, steer__contain_axis(steer_v3_get(a->p, axis), steer_v3_get(a->v, axis), lo, hi,
                                                              lo_margin, hi_margin, d->max_speed));
    }
    return steer_v3_is_valid(force) ? force : steer_v3_zero();
}

static steer_v3 behaviour_force(const steer__force_context *fc, const steer__agent *a, int b)
{
    const steer_world *w = fc->w;
    const steer_group_def *d = &a->g->def;
    const steer__gather_out *nb = a->nb;
    float ms = d->max_speed;
    switch ((steer_behaviour)b) {
    case STEER_AVOID_NEIGHBOURS:
    case STEER_ANTICIPATE: return predictive_force(fc, a, b);
    case STEER_QUEUE: return queue_force(fc, a);
    case STEER_FOLLOW_LEADER: return follow_leader(fc, a);
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
        steer_wander_params params = d->wander;
        params.up = w->def.up;
        steer_v3 f = steer_wander3(a->p, a->v, &w->wander[a->dense], &params, ms, fc->dt, replay_draw, &u, 0);
        return steer_v3_scale(f, steer__approach_fade(w, a));
    }
    case STEER_SEEK: return a->goal ? steer__goal_force(fc, a) : steer__seek_point(w, a, d->target, ms);
    case STEER_ARRIVE: {
        if (a->goal) return steer__goal_force(fc, a);
        if (d->chapter_arrive) return steer_arrive3(steer__level_with(w, a, d->target), a->v, d->target, ms, d->slow_radius);
        steer_arrival arrival = steer__group_arrival(fc, a->g, d->slow_radius);
        return steer__braking_arrive(w, a, d->target, ms, &arrival);
    }
    /* A ground agent reads the threat, and the agent it pursues or evades, on
     * the ground, as it reads its targets (level with it, that one's velocity
     * without its up part): a threat overhead is fled at full speed. */
    case STEER_FLEE: return steer_flee3(steer__level_with(w, a, d->threat), a->v, d->threat, ms, d->panic_distance);
    case STEER_PURSUE:
    case STEER_EVADE: {
        bool pursue = b == STEER_PURSUE;
        steer_v3 tp, tv;
        if (!nearest_of_group(w, fc->group_start, a, pursue ? d->pursue_group : d->evade_group, d->chase_radius, &tp, &tv))
            return steer_v3_zero();
        if (a->g->on_ground) steer__drop_up(w, &tv);
        steer_v3 p = steer__level_with(w, a, tp);
        if (pursue) return steer_pursue3(p, a->v, tp, tv, ms, d->max_prediction);
        return steer_evade3(p, a->v, tp, tv, ms, d->max_prediction, d->panic_distance);
    }
    case STEER_FOLLOW_PATH: {
        if (a->goal) return steer__goal_force(fc, a);
        steer_path3 path = steer__path_for(w, a->g, d->path);
        return steer_follow_path3(steer__path_position(w, a), a->v, &path, d->path_predict, d->path_ahead, ms);
    }
    case STEER_FOLLOW_FLOW: {
        const steer__field *f = &w->fields[d->flow_field];
        steer_flow_field3 field = {f->origin, f->cell_size, f->nx, f->ny, f->nz, f->vectors};
        return steer_follow_flow3(a->p, a->v, &field, d->flow_predict, ms);
    }
    case STEER_CONTAIN: return contain_force(w, a);
    case STEER_AVOID_OBSTACLES: {
        /* an obstacle it avoids has its centre within see_ahead + 2 (its
         * radius + the agent's) of the agent; the index files each obstacle
         * under centre +- 2 radius */
        float fade = steer__approach_fade(w, a);
        float see_ahead = (d->see_ahead + d->see_ahead_time * steer_v3_len(a->v)) * fade; /* as the feelers */
        steer_avoid_params params = {see_ahead, a->radius, d->max_force, 0.0f, 0.0f, w->def.up};
        steer__near_obstacles near;
        int count;
        /* a ground-plane agent meets upright cylinders: it and the obstacles taken on the ground */
        steer_v3 at = a->g->on_ground ? steer_v3_set(a->p, steer__up_index(w), 0.0f) : a->p;
        const steer_obstacle3 *obstacles =
            steer__obstacles_within(w, a->g->on_ground, at, see_ahead + 2.0f * a->radius, &near, &count);
        steer_v3 end;
        steer_obstacle3 kept[STEER__OBJECT_QUERY_CAP];
        if (fade < 1.0f && count <= STEER__OBJECT_QUERY_CAP && steer__goal_aim(w, a, &end)) {
            /* the final approach: a rock past the end is not in the way of an agent that stops before it */
            count = steer__across_the_way(w, a, end, obstacles, count, kept);
            obstacles = kept;
        }
        return steer_avoid_obstacles3(at, a->v, obstacles, count, &params, 0);
    }
    /* Walls are stored in the ground frame (steer__to_ground): the agent is
     * seen in it too, which is exactly the Y-up call in a Y-up world. */
    case STEER_AVOID_WALLS: { /* a wall it feels crosses a feeler */
        steer__near_walls near;
        int count;
        float reach = steer_maxf(steer_absf(d->feelers.length), steer_absf(d->feelers.whisker_length));
        steer_v3 p = steer__to_ground(w, a->p), v = steer__to_ground(w, a->v);
        const steer_segment3 *walls = steer__walls_within(w, p, reach, a->radius, &near, &count);
        steer_wall_feelers feelers = d->feelers;
        feelers.up = STEER_UP_Z;
        /* on a goal's final approach the feelers shorten as the wander fades
         * (to none within the arrival tolerance): at full length a goal near a
         * wall stays out of reach, the agent turning on the spot and pushed
         * back each time it faces the wall */
        float fade = steer__approach_fade(w, a);
        feelers.length *= fade, feelers.whisker_length *= fade;
        return steer__from_ground(w, steer_avoid_walls3(p, v, walls, count, &feelers, 0));
    }
    case STEER_FOLLOW_WALL: { /* a wall it follows is within range */
        steer__near_walls near;
        int count;
        steer_v3 p = steer__to_ground(w, a->p), v = steer__to_ground(w, a->v);
        const steer_segment3 *walls = steer__walls_within(w, p, d->wall_follow.range, a->radius, &near, &count);
        steer_wall_follow_params params = d->wall_follow;
        params.up = STEER_UP_Z;
        return steer__from_ground(w, steer_follow_wall3(p, v, walls, count, &params, ms));
    }
    case STEER_BEHAVIOUR_COUNT: break;
    }
    return steer_v3_zero();
}

/* The agent's behaviours in priority order and their weights: its group's,
 * or for an agent with its own goal, the lists for the goal's kind (steer__group). */
static int behaviour_list(const steer__agent *a, const int **active, const float **weight)
{
    if (a->goal) { /* its own goal in the place of the group's destination */
        int kind = a->goal->kind;
        *active = a->g->goal_active[kind];
        *weight = a->g->goal_weight[kind];
        return a->g->goal_active_count[kind];
    }
    *active = a->g->active;
    *weight = a->g->def.weight;
    return a->g->active_count;
}

steer_v3 steer__combined_force(const steer__force_context *fc, const steer__agent *a)
{
    const steer_group_def *d = &a->g->def;
    const int *active;  /* by priority */
    const float *weight; /* by behaviour */
    int count = behaviour_list(a, &active, &weight);
    steer_v3 total = steer_v3_zero();
    switch (d->combine) {
    case STEER_COMBINE_BLEND:
        for (int k = 0; k < count; ++k) total = steer_v3_mad(total, behaviour_force(fc, a, active[k]), weight[active[k]]);
        return steer_v3_truncate(total, d->max_force);
    case STEER_COMBINE_PRIORITY:
        for (int k = 0; k < count; ++k) {
            steer_v3 f = steer_v3_scale(behaviour_force(fc, a, active[k]), weight[active[k]]);
            if (steer_v3_len_sq(f) > 1e-10f) return steer_v3_truncate(f, d->max_force);
        }
        return total;
    case STEER_COMBINE_RUNNING_SUM: { /* in the two parts the crowd kernel shares */
        steer__running_prefix prefix;
        steer__running_sum_prefix(fc, a, &prefix);
        return steer__running_sum_finish(fc, a, &prefix);
    }
    case STEER_COMBINE_DITHER:
        for (int k = 0; k < count; ++k) {
            int b = active[k];
            float p = d->probability[b];
            if (!(p > 0.0f) || !(agent_random(fc->w, a->slot, 1 + (uint32_t)b) < p)) continue;
            steer_v3 f = steer_v3_scale(behaviour_force(fc, a, b), weight[b] / p);
            if (steer_v3_len_sq(f) > 1e-10f) return steer_v3_truncate(f, d->max_force);
        }
        return total;
    }
    return total;
}

/* The running sum: in priority order, each behaviour's weighted force
 * truncated to what max_force has left (remaining = max_force - |total|),
 * until it is spent; the total truncated to max_force. */
void steer__running_sum_prefix(const steer__force_context *fc, const steer__agent *a, steer__running_prefix *out)
{
    const steer_group_def *d = &a->g->def;
    const int *active;
    const float *weight;
    int count = behaviour_list(a, &active, &weight);
    *out = (steer__running_prefix){steer_v3_zero(), steer_v3_zero(), steer_v3_zero(), steer_v3_zero(), d->max_force,
                                   STEER__PREFIX_NONE}; /* remaining: max_force - |0| */
    for (int k = 0; k < count - 1 && out->remaining > 0.0f; ++k) {
        if (k == count - 2 && active[k] == STEER_ANTICIPATE) { /* its end and weight: the finish's */
            steer_anticipation params = term_params(fc, a);
            out->kind = STEER__PREFIX_TERMS;
            if (anticipation_sums(fc->w, a, &params, &out->sum, &out->bias)) return;
            out->last = steer_v3_scale(steer_v3_zero(), weight[STEER_ANTICIPATE]); /* no force at all */
            out->kind = STEER__PREFIX_FORCE;
            return;
        }
        steer_v3 f = steer_v3_scale(behaviour_force(fc, a, active[k]), weight[active[k]]);
        if (k == count - 2) {
            out->last = f;
            out->kind = STEER__PREFIX_FORCE;
            return;
        }
        out->total = steer_v3_add(out->total, steer_v3_truncate(f, out->remaining));
        out->remaining = d->max_force - steer_v3_len(out->total);
    }
}

steer_v3 steer__running_sum_finish(const steer__force_context *fc, const steer__agent *a, const steer__running_prefix *prefix)
{
    const steer_group_def *d = &a->g->def;
    const int *active;
    const float *weight;
    int count = behaviour_list(a, &active, &weight);
    steer_v3 total = prefix->total, last = prefix->last;
    float remaining = prefix->remaining;
    if (prefix->kind != STEER__PREFIX_NONE) { /* remaining > 0 */
        if (prefix->kind == STEER__PREFIX_TERMS) {
            steer_anticipation params = anticipation_params(fc->w, d, a->radius); /* the end: no terms, no step */
            last = steer_v3_scale(steer__anticipation_end3(prefix->sum, prefix->bias, &params), weight[STEER_ANTICIPATE]);
        }
        total = steer_v3_add(total, steer_v3_truncate(last, remaining));
        remaining = d->max_force - steer_v3_len(total);
    }
    if (count > 0 && remaining > 0.0f) {
        steer_v3 f = steer_v3_scale(behaviour_force(fc, a, active[count - 1]), weight[active[count - 1]]);
        total = steer_v3_add(total, steer_v3_truncate(f, remaining));
    }
    return steer_v3_truncate(total, d->max_force);
}

/* New velocity (docs/model.md §1.4) from the combined force, with the turn
 * limit (in the ground frame, as steer__turn_toward: a reversal turns about
 * the world's up axis). Where the limit binds, the speed is the request's
 * part along the way the agent may take, but no less than its speed less
 * one step of braking (as the vehicle's, vehicle_template.h), nor than a
 * crawl (below): a brake through zero turns the agent on the spot, a target
 * beside a slow one slows it to turn; and never faster than the request, so than max_speed (an agent
 * faster than that, its group's max_speed lowered, kept its speed less one
 * step of braking); nor faster than keeps its own goal's point in reach
 * (turn_room_speed). With a kept heading (`facing`, NULL without) the turn
 * starts from it and turns it, as the vehicle's: no crawl, and its speed
 * along the heading is the one braked; it does not turn while it stands on
 * its goal's end (steer__goal_on_its_end: it settles along the way it
 * faces). */
#define TURN_CRAWL 1e-3f /* of max_speed: the least speed a bound turn leaves (a turn on the spot) */

/* steer__turn_room_speed for agent a's own goal's point (ground frame);
 * unbounded without one. */
static float turn_room_speed(const steer_world *w, const steer__agent *a, steer_v3 way, float rate)
{
    steer_v3 off;
    float within;
    if (!steer__goal_turn_target(w, a, &off, &within)) return INFINITY;
    return steer__turn_room_speed(steer__to_ground(w, off), way, within, rate);
}

/* Whether a turn-limited agent with a kept heading (ground frame, unit)
 * backs this sub-step (steer_group_def.reverse_speed): at rest or moving
 * backwards, asked somewhere behind it, when that reaches its own goal's
 * point sooner than turning round to drive there. The turn is costed as
 * pi (-cos) of the angle off the heading (pi straight behind, 0 square to
 * it), so that the choice needs no trigonometry: the same bits everywhere.
 * Otherwise it moves as a unit without the gear, which drops a speed
 * backwards at once (a push by keep_apart: braking it, not turning, a
 * leader pushed back 0.27 by a neighbour drove into it again after 3-4
 * steps, for good). */
static bool backs(const steer_world *w, const steer__agent *a, steer_v3 heading, steer_v3 asked)
{
    const steer_group_def *d = &a->g->def;
    if (!(d->reverse_speed > 0.0f)) return false;
    if (steer_v3_dot(steer__to_ground(w, a->v), heading) > 0.0f) return false; /* driving forwards: brakes and turns */
    float c = steer_v3_dot(steer_v3_direction(asked, NULL), heading);
    steer_v3 off;
    float within;
    if (!(c < 0.0f) || !steer__goal_turn_target(w, a, &off, &within)) return false;
    float dist = steer_v3_len(steer__to_ground(w, off));
    float pi = 3.14159265f;
    return dist / d->reverse_speed < pi * -c / d->max_turn_rate + dist / d->max_speed;
}

steer_v3 steer__integrate_velocity(const steer_world *w, const steer__agent *a, steer_v3 force, float dt, steer_v3 *facing)
{
    const steer__group *g = a->g;
    const steer_group_def *d = &g->def;
    const steer_v3 v = a->v;
    steer_v3 nv = steer_v3_truncate(steer_v3_mad(v, force, g->inv_mass * dt), d->max_speed);
    if (d->max_turn_rate > 0.0f) {
        float speed = steer_v3_len(nv);
        steer_v3 heading = facing ? *facing : steer_v3_normalize(v);
        if (speed > 0.0f && steer_v3_len_sq(heading) > 0.0f) {
            const bool held = facing && steer__goal_on_its_end(w, a);
            steer_v3 asked = steer__to_ground(w, nv);
            /* backing, the tail leads: it turns toward the way asked, the heading opposite it */
            const bool back = facing && backs(w, a, steer__to_ground(w, heading), asked);
            steer_v3 lead = back ? steer_v3_scale(heading, -1.0f) : heading;
            if (back) speed = steer_minf(speed, d->reverse_speed);
            const float turn = held ? 0.0f : d->max_turn_rate * dt;
            steer_v3 way = steer_turn_toward3(steer__to_ground(w, lead), asked, turn);
            steer_v3 unit = steer_v3_direction(asked, NULL);
            if (back || memcmp(&way, &unit, sizeof way) != 0) { /* no slower than one step of braking allows, */
                /* its speed along the way it faces: a push (keep_apart) that moved it backwards is not
                 * a speed forwards to brake from */
                float now = facing ? steer_v3_dot(v, lead) : steer_v3_len(v);
                float least = now - d->max_force * g->inv_mass * dt; /* nor faster than asked; */
                /* and without a kept heading crawling, not stopped: its velocity is its heading, and a
                 * stop would let it set off the next step any way at all (a boid stopped by a reversal
                 * restarted up to 180 degrees round); it turns on the spot at its rate */
                float crawl = facing ? 0.0f : steer_minf(TURN_CRAWL * d->max_speed, speed);
                float along = steer_minf(steer_v3_dot(asked, way), turn_room_speed(w, a, way, d->max_turn_rate));
                if (back) along = steer_minf(along, speed); /* the gear's top speed */
                speed = steer__turned_speed(along, least, speed, crawl);
            }
            if (facing) *facing = steer__from_ground(w, back ? steer_v3_scale(way, -1.0f) : way); /* turned even where it stops */
            nv = steer__from_ground(w, steer_v3_scale(way, speed));
        }
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

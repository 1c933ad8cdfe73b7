/* What an agent that looks sees (world_seen.h). */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "world_seen.h"
#include "world_agent.h"
#include "world_cells.h"
#include "world_object_index.h"

#include <float.h>

/* Of the `count` obstacles seen from index `first` of the lanes p, the one
 * farthest from `at` (the first of a tie), as an index from `first`. */
static int farthest_seen(float *const p[3], steer_v3 at, int first, int count)
{
    int far = 0;
    float far_d2 = -1.0f;
    for (int e = 0; e < count; ++e) {
        steer_v3 c = steer_v3_make(p[0][first + e], p[1][first + e], p[2][first + e]);
        float d2 = steer_v3_len_sq(steer_v3_sub(c, at));
        if (d2 > far_d2) far = e, far_d2 = d2;
    }
    return far;
}

void steer__see_neighbours(const steer_world *w, const steer__agent *a, const steer__cell_view *cv, int worker,
                           steer__seen *seen)
{
    *seen = (steer__seen)STEER__SEEN_NOTHING;
    if (worker < 0 || worker >= w->workers) return;
    float *p[3], *v[3], *radius = steer__lane_array_at(w, worker, STEER__SEEN_RADIUS), *priority = steer__lane_array_at(w, worker, STEER__SEEN_PRIORITY);
    for (int k = 0; k < 3; ++k) {
        p[k] = steer__lane_array_at(w, worker, STEER__SEEN_PX + k);
        v[k] = steer__lane_array_at(w, worker, STEER__SEEN_VX + k);
    }
    const steer__group *g = a->g;
    /* a->p and a->v are the agent's row of the sorted state, just stored field
     * by field: read from the arrays, not as one wide load of the fresh
     * stores (which cannot be forwarded: a stall per agent) */
    const int i = a->dense, z = w->dim == 3;
    const float own[3] = {w->p[0][i], w->p[1][i], z ? w->p[2][i] : 0.0f};
    const float own_v[3] = {w->v[0][i], w->v[1][i], z ? w->v[2][i] : 0.0f};
    /* a ground agent meets its neighbours on its own ground, as it meets
     * obstacles and keep_apart measures: one a little higher (terrain) is not
     * passed over or under; one higher than the neighbour radius is on
     * another level, not seen */
    steer__select_in in = {{own[0], own[1], own[2]}, {own_v[0], own_v[1], own_v[2]}, g->radius_sq, g->all_groups,
                           g->def.neighbour_mask, g->on_ground ? steer__up_index(w) : -1};
    /* the kernel picks them (steer__select_fn: within the neighbour radius,
     * not the agent itself, in the group mask) and writes them in lanes */
    _Static_assert(STEER__ANTICIPATION_STRIDE >= STEER__STAGE_CAP + 16, "select may store a register past its last pick");
    float *d2 = steer__lane_array_at(w, worker, STEER__SEEN_D2);
    uint16_t *near = w->anticipation_bits + (size_t)worker * STEER__ANTICIPATION_WORDS + 3 * STEER__ANTICIPATION_STRIDE / 16;
    uint32_t *index = w->seen_index + (size_t)worker * STEER__ANTICIPATION_STRIDE;
    steer__picked picked = {{p[0], p[1], p[2]}, {v[0], v[1], v[2]}, d2, index, 0, 0};
    for (int s = 0; s < cv->span_count; ++s) {
        const steer__span *span = &cv->spans[s];
        for (int begin = span->begin; begin < span->end && picked.count < STEER__STAGE_CAP;) {
            int room = STEER__STAGE_CAP - picked.count;
            int end = span->end - begin < room ? span->end : begin + room; /* its picks cannot pass the cap */
            int first = picked.count;
            w->kernels->select(&cv->soa, begin, end, span->shift, &in, &picked);
            for (int k = first; k < picked.count; ++k) {
                const steer__group *other = &w->groups[cv->soa.group[index[k]]];
                const float own = cv->radius ? cv->radius[index[k]] : 0.0f;
                radius[k] = own > 0.0f ? own : other->def.radius;
                priority[k] = cv->arrived && cv->arrived[index[k]] ? other->arrived_priority : other->def.priority;
            }
            begin = end;
        }
    }
    int n = picked.count;
    /* keep_apart's: those within its bound (steer__apart_bounds); only it reads them */
    for (int word = 0; g->def.keep_apart && word < (n + 15) / 16; ++word) {
        unsigned bits = 0;
        for (int l = 0; l < 16 && word * 16 + l < n; ++l) bits |= (unsigned)(d2[word * 16 + l] < g->apart_near_sq) << l;
        near[word] = (uint16_t)bits;
    }
    if (w->obstacle_count > 0) {
        /* Obstacles as the agents are seen: each once, at its copy nearest
         * the agent (on a torus, past a seam), at most
         * STEER__OBJECT_QUERY_CAP of them (the nearest: past the room, a
         * nearer one takes the farthest one's slot; a tie keeps the one
         * seen first). */
        steer_v3 lo, hi;
        steer__box_around(a->p, g->def.neighbour_radius, &lo, &hi);
        steer__images images;
        if (!steer__torus_images(w, lo, hi, false, &images)) images.count = 1; /* a reach past two boxes: the box's own */
        int seen_obstacle[STEER__OBJECT_QUERY_CAP], obstacles = 0;
        int farthest = -1; /* once the room is full: the seen one farthest from the agent */
        const int first_obstacle = n;
        for (int m = 0; m < images.count; ++m) {
            steer_v3 at = m == 0 ? a->p : steer_v3_add(a->p, images.shift[m]);
            steer__box_around(at, g->def.neighbour_radius, &lo, &hi);
            uint32_t ids[STEER__OBJECT_QUERY_CAP];
            steer__object_list list = steer__obstacles_near_for(w, g->on_ground, lo, hi, ids);
            for (int k = 0; k < list.count; ++k) {
                int o = steer__object_at(list, k);
                const steer_obstacle3 *ob = &w->obstacles[o];
                steer_v3 met = steer__obstacle_level(w, g->on_ground, ob->centre, at); /* a ground group's: at its height */
                float reach = g->def.neighbour_radius + ob->radius, d2_copy = steer_v3_len_sq(steer_v3_sub(met, at));
                if (!(d2_copy < reach * reach)) continue;
                steer_v3 centre = m == 0 ? met : steer_v3_sub(met, images.shift[m]);
                int slot = n;
                for (int e = 0; m > 0 && e < obstacles; ++e) /* seen in an earlier copy: the nearer stays */
                    if (seen_obstacle[e] == o) slot = first_obstacle + e;
                if (slot < n) {
                    steer_v3 before = steer_v3_make(p[0][slot], p[1][slot], p[2][slot]);
                    if (!(d2_copy < steer_v3_len_sq(steer_v3_sub(before, a->p)))) continue;
                    p[0][slot] = centre.x, p[1][slot] = centre.y, p[2][slot] = centre.z;
                    farthest = -1; /* a seen one came nearer */
                    continue;
                }
                if (obstacles == STEER__OBJECT_QUERY_CAP) { /* full: a nearer one replaces the farthest */
                    if (farthest < 0) farthest = farthest_seen(p, a->p, first_obstacle, obstacles);
                    slot = first_obstacle + farthest;
                    steer_v3 far_at = steer_v3_make(p[0][slot], p[1][slot], p[2][slot]);
                    if (!(d2_copy < steer_v3_len_sq(steer_v3_sub(far_at, a->p)))) continue;
                    seen_obstacle[farthest] = o;
                    farthest = -1;
                } else { /* a new lane */
                    if (g->def.keep_apart) { /* it looks at every obstacle */
                        if (n % 16 == 0) near[n / 16] = 0;
                        near[n / 16] |= (uint16_t)(1u << (n % 16));
                    }
                    seen_obstacle[obstacles++] = o;
                    priority[n++] = FLT_MAX; /* an obstacle never yields: the agent takes the whole push */
                }
                const steer_v3 ov = w->obstacle_velocity[o];
                p[0][slot] = centre.x, p[1][slot] = centre.y, p[2][slot] = centre.z;
                v[0][slot] = ov.x, v[1][slot] = ov.y, v[2][slot] = ov.z;
                radius[slot] = ob->radius;
            }
        }
    }
    /* field by field: a struct returned whole was built on the stack in
     * pieces and copied out by wider loads, a stall per agent */
    for (int k = 0; k < 3; ++k) {
        seen->p[k] = p[k];
        seen->v[k] = v[k];
    }
    seen->radius = radius;
    seen->priority = priority;
    seen->near = near;
    seen->count = n;
    seen->worker = worker;
    seen->twinned = picked.identical > 1; /* itself and another */
}

steer_v3 steer__twin_nudge(const steer_world *w, const steer__agent *a, steer_v3 v, float dt)
{
    steer_v3 dir = steer__hash_direction(steer__mix32(a->slot + 0x9E3779B9u), w->dim == 3 && !a->g->on_ground);
    if (a->g->on_ground) dir = steer__from_ground(w, dir);
    steer_v3 nv = steer_v3_truncate(steer_v3_mad(v, dir, a->g->def.max_force * a->g->inv_mass * dt), a->g->def.max_speed);
    return steer_v3_is_valid(nv) ? nv : v;
}

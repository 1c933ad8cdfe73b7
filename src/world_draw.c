/* Debug drawing: the world describes itself through the caller's callbacks. */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "world_internal.h"

#include <stdio.h>

/* Primitives whose coordinates overflowed (objects near +-FLT_MAX) are
 * skipped: a renderer never receives Inf or NaN. */
static void circle(const steer_debug_draw *dd, steer_v3 c, float r, uint32_t colour)
{
    if (dd->circle && steer_v3_is_valid(c) && steer_is_finite(r)) dd->circle(c, r, colour, dd->context);
}

static void segment(const steer_debug_draw *dd, steer_v3 a, steer_v3 b, uint32_t colour)
{
    if (dd->segment && steer_v3_is_valid(a) && steer_v3_is_valid(b)) dd->segment(a, b, colour, dd->context);
}

static void arrow(const steer_debug_draw *dd, steer_v3 a, steer_v3 b, uint32_t colour)
{
    if (!steer_v3_is_valid(a) || !steer_v3_is_valid(b)) return;
    if (dd->arrow) dd->arrow(a, b, colour, dd->context);
    else segment(dd, a, b, colour);
}

/* Group colour at a fraction of its alpha, for overlays. */
static uint32_t faded(uint32_t colour, uint32_t alpha) { return (colour & 0xFFFFFF00u) | alpha; }

static void draw_field(const steer_world *w, const steer_debug_draw *dd, const steer__field *f)
{
    int stride = 1;
    while ((f->nx / stride) * (f->ny / stride) > 4096) ++stride; /* keep the overlay readable */
    for (int z = 0; z < f->nz; z += stride)
        for (int y = 0; y < f->ny; y += stride)
            for (int x = 0; x < f->nx; x += stride) {
                steer_v3 p = steer_v3_add(f->origin, steer_v3_make(x * f->cell_size, y * f->cell_size,
                                                                   w->dim == 3 ? z * f->cell_size : 0.0f));
                steer_v3 v = f->vectors[((size_t)z * f->ny + y) * f->nx + x];
                arrow(dd, p, steer_v3_mad(p, steer_v3_truncate(v, 1.0f), 0.45f * f->cell_size * stride), 0x8899AA80u);
            }
}

void steer_world_draw(const steer_world *w, const steer_debug_draw *dd)
{
    STEER__QUERY_WORLD(w, );
    STEER_MISUSE_IF(!dd, , NULL_ARGUMENT, "dd = NULL: must point to the drawing callbacks");
    /* The box's outline on the ground (XY; XZ in a Y-up world), at height 0
     * or the box's nearest height to it (a Y-up box from y = 10 up: at 10),
     * drawn through the ground frame; its top-left corner seen from above. */
    steer_v3 lo = steer__to_ground(w, w->def.bounds_min), hi = steer__to_ground(w, w->def.bounds_max);
    float left = steer_minf(lo.x, hi.x), right = steer_maxf(lo.x, hi.x);
    float bottom = steer_minf(lo.y, hi.y), top = steer_maxf(lo.y, hi.y);
    float height = w->dim == 3 ? steer_clampf(0.0f, steer_minf(lo.z, hi.z), steer_maxf(lo.z, hi.z)) : 0.0f;
    if (dd->bounds) {
        steer_v3 c[4] = {{left, bottom, height}, {right, bottom, height}, {right, top, height}, {left, top, height}};
        for (int i = 0; i < 4; ++i) segment(dd, steer__from_ground(w, c[i]), steer__from_ground(w, c[(i + 1) % 4]), 0x66666680u);
    }
    if (dd->flow_fields)
        for (int i = 0; i < w->field_count; ++i) draw_field(w, dd, &w->fields[i]);
    if (dd->paths)
        for (int i = 0; i < w->path_count; ++i) {
            const steer__path *p = &w->paths[i];
            int segments = p->closed ? p->count : p->count - 1;
            for (int s = 0; s < segments; ++s)
                segment(dd, p->points[s], p->points[(s + 1) % p->count], 0xD0A02080u);
        }
    if (dd->obstacles)
        for (int i = 0; i < w->obstacle_count; ++i) circle(dd, w->obstacles[i].centre, w->obstacles[i].radius, 0x555555FFu);
    if (dd->walls)
        for (int i = 0; i < w->wall_count; ++i) /* stored in the ground frame */
            segment(dd, steer__from_ground(w, w->walls[i].a), steer__from_ground(w, w->walls[i].b), 0x333333FFu);

    /* Overlays for at most max_agents agents, spread evenly over the internal
     * (cell) order so they do not cluster in one corner of the world. */
    int limit = dd->max_agents > 0 && dd->max_agents < w->count ? dd->max_agents : w->count;
    int picked = 0;
    long long next_pick = 0;
    for (int i = 0; i < w->count; ++i) {
        const steer_group_def *g = &w->groups[w->group[i]].def;
        steer_v3 p = steer__v3_at(w, w->p, i), v = steer__v3_at(w, w->v, i);
        /* the way it faces: its kept heading (keep_headings), else its velocity's direction; at rest
           the overlays that follow the velocity (wander, feelers) start from there too, else +x */
        const steer_v3 kept = w->heading[0] ? steer__v3_at(w, w->heading, i) : steer_v3_zero();
        steer_v3 heading = steer_v3_normalize(v);
        if (steer_v3_len_sq(heading) == 0.0f) heading = w->heading[0] ? kept : steer_v3_make(1.0f, 0.0f, 0.0f);
        if (dd->agents) {
            const float body = steer__body_radius(w, i);
            const steer_v3 faces = w->heading[0] ? kept : heading;
            if (dd->agent) {
                if (steer_v3_is_valid(p)) dd->agent(p, faces, body, g->colour, dd->context);
            }
            else {
                circle(dd, p, body, g->colour);
                segment(dd, p, steer_v3_mad(p, faces, 2.0f * body), g->colour);
            }
        }
        if (i != next_pick) continue;
        next_pick = (long long)(++picked) * w->count / limit;
        if (dd->velocities) arrow(dd, p, steer_v3_add(p, v), faded(g->colour, 0xC0));
        if (dd->neighbour_radius && g->neighbour_radius > 0.0f) circle(dd, p, g->neighbour_radius, faded(g->colour, 0x40));
        if (dd->wander && g->weight[STEER_WANDER] != 0.0f) {
            steer_v3 centre = steer_v3_mad(p, heading, g->wander.distance);
            float angle = w->wander ? w->wander[i] : 0.0f;
            circle(dd, centre, g->wander.radius, faded(g->colour, 0x60));
            steer_v3 on_ground = steer__from_ground(w, steer_v3_make(steer_cos(angle), steer_sin(angle), 0.0f));
            steer_v3 target = steer_v3_mad(centre, on_ground, g->wander.radius);
            if (dd->point && steer_v3_is_valid(target)) dd->point(target, 2.0f, g->colour, dd->context);
            segment(dd, centre, target, faded(g->colour, 0x90));
        }
        if (dd->feelers) {
            if (g->weight[STEER_AVOID_OBSTACLES] != 0.0f)
                segment(dd, p, steer_v3_mad(p, heading, g->see_ahead), 0xFF505080u);
            if (g->weight[STEER_AVOID_WALLS] != 0.0f) {
                steer_v3 tips[3];
                steer_wall_feelers feelers = g->feelers;
                feelers.up = w->def.up;
                steer_avoid_walls3(p, v, 0, 0, &feelers, tips);
                for (int k = 0; k < 3; ++k) segment(dd, p, tips[k], 0xFF905080u);
            }
        }
    }
    if (dd->text) {
        char line[96];
        snprintf(line, sizeof line, "%d agents, step %llu", w->count, (unsigned long long)w->steps);
        dd->text(steer__from_ground(w, steer_v3_make(left, top, height)), line, 0x222222FFu, dd->context);
    }
}

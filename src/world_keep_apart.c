/* keep_apart: the limits, their program, giving way (world_keep_apart.h). */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "world_keep_apart.h"
#include "world_object_index.h"

#include <float.h>
#include <string.h>

/* The share p_i / (p_i + p_j) of a gap an agent of priority own may close
 * against one of priority other: the one of higher priority closes more
 * (it yields less), and the two shares sum to the gap. Written as the pure
 * functions write a pair's share (so that it cannot overflow), halved. An
 * obstacle (priority FLT_MAX, which no group may have) never steers toward
 * the agent: the gap is all the agent's (apart_limit then takes off what
 * the obstacle's own velocity closes). */
static float pair_share(float own, float other)
{
    return other == FLT_MAX ? 1.0f : own / (0.5f * own + 0.5f * other) * 0.5f;
}

/* How far a neighbour of this radius can be and still be closed on by a
 * velocity of at most speed taking this share of the gap (apart_limit's
 * contact and limit solved for the distance), before any margin. The
 * same arithmetic for apart_out_of_reach and steer__apart_bounds, so a
 * larger speed or a smaller share never gives a shorter reach. */
static float apart_reach_of(float own_radius, float radius, float speed, float dt, float share)
{
    return (own_radius + radius) * 1.001f + speed * dt / share;
}

/* One constraint of keep_apart: the new velocity's component along u (unit,
 * toward the neighbour) may be at most limit. An agent of priority own
 * (steer__agent_priority, worked out once an agent) takes its share
 * p_i / (p_i + p_j) of the gap (of an obstacle's: all of it, less
 * what the obstacle's own velocity closes); two agents that both keep it
 * cannot close more than the whole gap, so the step cannot make them
 * overlap (the distance is at least its projection on the old line). An
 * overlapping pair may not close at all. False when it can never bind. */
static bool apart_limit(const steer_world *w, const steer__agent *a, float own, int j, float speed, float dt, steer_v3 *u,
                        float *limit)
{
    const steer_neighbour3 seen = steer__seen_at(&a->seen, j), *n = &seen;
    steer_v3 off = steer_v3_sub(n->pos, a->p);
    if (a->g->def.ground_plane) steer__drop_up(w, &off);
    float dist = steer_v3_len(off);
    if (!(dist > 0.0f)) return false; /* coincident: no line to keep them apart along */
    /* a thousandth of the contact distance kept clear: the positions' rounding cannot then make contact */
    float contact = a->radius + n->radius;
    float gap = steer_maxf(dist - contact * 1.001f, 0.0f);
    *u = steer_v3_scale(off, 1.0f / dist);
    *limit = pair_share(own, a->seen.priority[j]) * gap / dt;
    if (steer__seen_obstacle(&a->seen, j)) *limit += steer_v3_dot(n->vel, *u); /* a moving obstacle closes (or opens) the gap itself */
    *limit = steer_maxf(*limit, 0.0f);
    return *limit < speed;
}

/* The reach of apart_out_of_reach for a neighbour of this radius and
 * priority; neighbours alike (one group: all of them) share it, so it is
 * worked out once for a run of them (the same inputs, the same bits). */
typedef struct apart_reach {
    float radius, priority, reach;
    bool known;
} apart_reach;

/* Whether neighbour j is out of reach of every limit apart_limit could set
 * for a velocity of at most speed: farther than contact + speed dt / share
 * (plus what a moving obstacle closes), with a 1% margin over the rounding
 * of either test, so skipping it changes no bit. No square root. */
static bool apart_out_of_reach(const steer_world *w, const steer__agent *a, float own, int j, float speed, float dt,
                               apart_reach *last)
{
    const steer__seen *seen = &a->seen;
    const float radius = seen->radius[j];
    float reach;
    if (steer__seen_obstacle(&a->seen, j)) {
        reach = apart_reach_of(a->radius, radius, speed, dt, pair_share(own, seen->priority[j]));
        reach = (reach + steer_v3_len(steer_v3_make(seen->v[0][j], seen->v[1][j], seen->v[2][j])) * dt) * 1.01f;
    } else {
        if (!last->known || memcmp(&last->radius, &radius, sizeof(float)) != 0 ||
            memcmp(&last->priority, &seen->priority[j], sizeof(float)) != 0) {
            float r = apart_reach_of(a->radius, radius, speed, dt, pair_share(own, seen->priority[j]));
            *last = (apart_reach){radius, seen->priority[j], r * 1.01f, true};
        }
        reach = last->reach;
    }
    steer_v3 off = steer_v3_sub(steer_v3_make(seen->p[0][j], seen->p[1][j], seen->p[2][j]), a->p);
    if (a->g->def.ground_plane) steer__drop_up(w, &off); /* measured as apart_limit measures it */
    return steer_is_finite(reach) && steer_v3_len_sq(off) > reach * reach;
}

#define APART_SPEED_MARGIN 1.001f /* a truncated velocity's length may pass max_speed by rounding */

void steer__apart_bounds(steer_world *w, float dt)
{
    for (int g = 0; g < w->group_count; ++g) {
        steer__group *grp = &w->groups[g];
        const steer_group_def *d = &grp->def;
        grp->apart_near_sq = 0.0f; /* no keep_apart: nothing near */
        if (!d->keep_apart) continue;
        /* select's distance is keep_apart's: on the ground plane both the ground distance */
        float bound = !(dt > 0.0f) ? INFINITY : 0.0f;
        const float speed = d->max_speed * APART_SPEED_MARGIN;
        for (int h = 0; h < w->group_count && bound < INFINITY; ++h) {
            if (!grp->all_groups && !(d->neighbour_mask >> h & 1u)) continue;
            /* the smallest share its agents can take of a gap to h's: its lowest
             * priority against their highest (each arrived or not) */
            const steer__group *other = &w->groups[h];
            float share = pair_share(steer_minf(d->priority, grp->arrived_priority),
                                     steer_maxf(other->def.priority, other->arrived_priority));
            float reach = apart_reach_of(steer_maxf(d->radius, w->own_radius_max), steer_maxf(other->def.radius, w->own_radius_max),
                                         speed, dt, share) * 1.01f;
            bound = steer_is_finite(reach) ? steer_maxf(bound, reach) : INFINITY;
        }
        bound *= 1.01f; /* apart_out_of_reach's reach is at most the largest of these */
        grp->apart_near_sq = steer_is_finite(bound * bound) ? bound * bound : INFINITY;
    }
}

/* keep_apart's limit for a wall (solid or not): the whole gap between the
 * agent's body and the segment is its own (a wall never moves). Walls are
 * stored in the ground frame and stand along the up axis: the line is
 * the ground distance from p (the agent, in the ground frame of the
 * walls' copy it is measured in) to the nearest point. */
static bool apart_wall_limit(const steer_world *w, const steer__agent *a, steer_v3 p, const steer_segment3 *s, float speed,
                             float dt, steer_v3 *u, float *limit)
{
    steer_v3 ab = {s->b.x - s->a.x, s->b.y - s->a.y, 0.0f}, ap = {p.x - s->a.x, p.y - s->a.y, 0.0f};
    float len_sq = steer_v3_len_sq(ab), t = len_sq > 0.0f ? steer_clampf(steer_v3_dot(ap, ab) / len_sq, 0.0f, 1.0f) : 0.0f;
    steer_v3 off = {s->a.x + ab.x * t - p.x, s->a.y + ab.y * t - p.y, 0.0f};
    float dist = steer_v3_len(off);
    if (!(dist > 0.0f)) return false; /* on the wall: no side to keep */
    *u = steer__from_ground(w, steer_v3_scale(off, 1.0f / dist));
    *limit = steer_maxf(dist - a->radius * 1.001f, 0.0f) / dt;
    return *limit < speed;
}

/* ---- keep_apart's program: the velocity closest to v with u[k] . x <=
 * limit[k] for every k. Incremental, as RVO2 solves its linear programs:
 * when x breaks constraint i, the answer for constraints 0..i lies on i's
 * plane, and there on the line it shares with the first earlier
 * constraint x then breaks; constraints are taken in list order, so the
 * answer is the same on every thread. In 2D (and on the ground) every u
 * lies in the plane, so such a line is the corner point of the two. */
#define APART_SLACK 1e-6f /* a constraint kept within this (times the speed + 1) holds; the final scale settles it */

/* On the line where constraints i and k hold as equalities, the point
 * closest to v that keeps constraints 0..k-1 (k < i). False if there is
 * none (parallel planes, or no such point). */
static bool apart_on_line(steer_v3 v, const steer_v3 *u, const float *limit, int i, int k, float slack, steer_v3 *x)
{
    steer_v3 d = steer_v3_cross(u[i], u[k]);
    float det = steer_v3_len_sq(d); /* 1 - (u_i . u_k)^2 for unit normals */
    if (!(det > 1e-10f)) return false;
    float c = steer_v3_dot(u[i], u[k]);
    steer_v3 p0 = steer_v3_add(steer_v3_scale(u[i], (limit[i] - c * limit[k]) / det),
                               steer_v3_scale(u[k], (limit[k] - c * limit[i]) / det));
    d = steer_v3_scale(d, 1.0f / sqrtf(det));
    float lo = -FLT_MAX, hi = FLT_MAX;
    for (int j = 0; j < k; ++j) {
        float den = steer_v3_dot(u[j], d), num = limit[j] - steer_v3_dot(u[j], p0);
        if (den > 1e-6f) hi = steer_minf(hi, num / den);
        else if (den < -1e-6f) lo = steer_maxf(lo, num / den);
        else if (num < -slack) return false;
    }
    if (!(lo <= hi + slack)) return false;
    float t = steer_clampf(steer_v3_dot(d, steer_v3_sub(v, p0)), lo, steer_maxf(lo, hi));
    *x = steer_v3_mad(p0, d, t);
    return true;
}

/* On constraint i's plane, the point closest to v that keeps constraints 0..i-1. */
static bool apart_on_plane(steer_v3 v, const steer_v3 *u, const float *limit, int i, float slack, steer_v3 *x)
{
    *x = steer_v3_mad(v, u[i], limit[i] - steer_v3_dot(u[i], v));
    for (int k = 0; k < i; ++k)
        if (steer_v3_dot(u[k], *x) > limit[k] + slack && !apart_on_line(v, u, limit, i, k, slack, x)) return false;
    return true;
}

/* The n constraints' program; false when it has no answer. With every
 * limit >= 0, x = 0 is feasible and the answer (a projection on a convex
 * set holding 0) is never longer than v. */
static bool apart_closest(steer_v3 v, const steer_v3 *u, const float *limit, int n, float speed, steer_v3 *out)
{
    float slack = APART_SLACK * (speed + 1.0f);
    steer_v3 x = v;
    for (int i = 0; i < n; ++i)
        if (steer_v3_dot(u[i], x) > limit[i] + slack && !apart_on_plane(v, u, limit, i, slack, &x)) return false;
    *out = x;
    return true;
}

/* Giving way (docs/decisions.md, "keep_apart"): an agent the program holds to
 * under YIELD_HELD of the speed it asked for steps back from each
 * neighbour it touches (a gap under YIELD_GAP of its radius) and gives way
 * to, being of no higher priority: one ahead of it (within 60 degrees of the way it wants to go), or
 * one beside it on its right. Two agents side by side at a door so do not
 * both wait: the one on the left steps back and the other goes through.
 * One touching none of those gives way to one behind it on its right: two
 * wedged into a gap, each against its side and the other, see each other
 * behind (the one in front) and on the left (the one behind), and would
 * both wait for good. */
#define YIELD_HELD 0.9f
#define YIELD_GAP 0.05f
#define YIELD_AHEAD 0.5f /* cos 60 degrees */
#define YIELD_BACK 0.5f  /* the step back, a fraction of the speed asked for */
#define YIELD_CAP 8      /* neighbours given way to at once */

typedef enum apart_way {
    APART_KEEP_GOING,
    APART_GIVE_WAY,       /* ahead, or beside on its right */
    APART_GIVE_WAY_WEDGED /* behind on its right: only when it gives way to no other */
} apart_way;

/* How an agent wanting to go along v takes the neighbour in direction u
 * (unit): measured on the ground, where "right" is defined. */
static apart_way apart_gives_way(const steer_world *w, steer_v3 v, steer_v3 u)
{
    steer_v3 d = steer_v3_normalize(steer__to_ground(w, v)), g = steer__to_ground(w, u);
    float ahead = d.x * g.x + d.y * g.y;
    if (ahead > YIELD_AHEAD) return APART_GIVE_WAY;
    if (!(d.y * g.x - d.x * g.y > 0.0f)) return APART_KEEP_GOING; /* not on its right */
    return ahead < -YIELD_AHEAD ? APART_GIVE_WAY_WEDGED : APART_GIVE_WAY;
}

steer_v3 steer__keep_apart(const steer_world *w, const steer__agent *a, steer_v3 v, float dt)
{
    if (!(dt > 0.0f) || a->seen.worker < 0) return v;
    float start_speed = steer_v3_len(v); /* no answer is longer than v: a reach for it holds for all */
    steer_v3 *u = w->apart_u + (size_t)a->seen.worker * STEER__APART_CAP;
    float *limit = w->apart_limit + (size_t)a->seen.worker * STEER__APART_CAP;
    int n = 0, yield[YIELD_CAP], yields = 0, wedged[YIELD_CAP], wedges = 0;
    const float own_priority = steer__agent_priority(w, a);
    apart_reach last = {0.0f, 0.0f, 0.0f, false};
    /* only those select found near can be within reach (apart_bound), when
     * the speed is within the bound's */
    const bool near_only = start_speed <= a->g->def.max_speed * APART_SPEED_MARGIN;
    for (int word = 0; word < (a->seen.count + 15) / 16; ++word) {
        unsigned bits = near_only ? a->seen.near[word] : 0xFFFFu >> (word * 16 + 16 > a->seen.count ? word * 16 + 16 - a->seen.count : 0);
        for (; bits; bits &= bits - 1) {
            int j = word * 16 + steer__lowest_bit(bits);
            if (apart_out_of_reach(w, a, own_priority, j, start_speed, dt, &last) ||
                !apart_limit(w, a, own_priority, j, start_speed, dt, &u[n], &limit[n]))
                continue;
            if (!steer__seen_obstacle(&a->seen, j) && a->seen.priority[j] >= own_priority &&
                limit[n] * dt < YIELD_GAP * a->radius) {
                apart_way way = apart_gives_way(w, v, u[n]);
                if (way == APART_GIVE_WAY && yields < YIELD_CAP) yield[yields++] = n;
                else if (way == APART_GIVE_WAY_WEDGED && wedges < YIELD_CAP) wedged[wedges++] = n;
            }
            ++n;
        }
    }
    if (w->wall_count > 0) {
        /* on a torus, the walls' copies past a seam within reach too */
        float reach = (a->radius * 1.001f + start_speed * dt) * 1.01f;
        steer_v3 lo, hi;
        steer__box_around(a->p, reach, &lo, &hi);
        steer__images images;
        if (!steer__torus_images(w, lo, hi, true, &images)) return steer_v3_zero(); /* a reach past two boxes */
        steer_v3 ground_p = steer__to_ground(w, a->p);
        for (int m = 0; m < images.count; ++m) {
            steer_v3 p = m == 0 ? ground_p : steer_v3_add(ground_p, images.shift[m]);
            steer__near_walls near;
            int count;
            const steer_segment3 *walls = steer__walls_within(w, p, reach, a->radius, &near, &count);
            for (int k = 0; k < count && n < STEER__APART_CAP - 6; ++k) /* room for the box's faces */
                if (apart_wall_limit(w, a, p, &walls[k], start_speed, dt, &u[n], &limit[n])) ++n;
        }
    }
    if (w->def.boundary == STEER_BOUNDARY_CLAMP) /* the box stops centres after the move: were it not */
        for (int axis = 0; axis < w->dim; ++axis) /* a limit here, that stop could close a gap */
            for (int side = -1; side <= 1; side += 2) {
                float p = steer_v3_get(a->p, axis), room = side > 0 ? w->origin[axis] + w->extent[axis] - p : p - w->origin[axis];
                limit[n] = steer_maxf(room, 0.0f) / dt;
                u[n] = steer_v3_set(steer_v3_zero(), axis, (float)side);
                if (limit[n] < start_speed) ++n;
            }
    /* The velocity closest to v that keeps every limit (a limit at least the
     * speed cannot bind and is not listed); only rounding can leave it
     * without an answer, and standing still keeps every limit. */
    steer_v3 x;
    if (!apart_closest(v, u, limit, n, start_speed, &x)) x = steer_v3_zero();
    if (yields == 0) /* wedged: the one behind on its right, if any */
        for (; yields < wedges; ++yields) yield[yields] = wedged[yields];
    if (yields > 0 && steer_v3_len(x) < YIELD_HELD * start_speed) {
        /* held: step back from those it gives way to, if that keeps every
         * other limit and is no faster than v (the reaches above hold) */
        float kept[YIELD_CAP];
        for (int k = 0; k < yields; ++k) kept[k] = limit[yield[k]], limit[yield[k]] = -YIELD_BACK * start_speed;
        steer_v3 back;
        if (apart_closest(v, u, limit, n, start_speed, &back) && steer_v3_len(back) <= start_speed) x = back;
        for (int k = 0; k < yields; ++k) limit[yield[k]] = kept[k];
    }
    /* Rounding in the program may leave a limit passed by a hair. A scale
     * toward zero meets every limit at once (all are >= 0), but against a
     * limit of 0 (a body touching a wall or another) it stops the agent dead
     * however little was passed, and a body sliding along a wall or round a
     * neighbour would never move. So the excess is first taken off along
     * each such constraint (with the program's slack more, so that it
     * holds), and the scale settles whatever that leaves. Taking it off
     * lengthens x by at most the slack squared: the reaches above hold. */
    float speed = steer_v3_len(x), slack = APART_SLACK * (speed + 1.0f);
    for (int k = 0; k < n; ++k) {
        if (!(limit[k] < speed)) continue;
        float along = steer_v3_dot(x, u[k]);
        if (along > limit[k]) x = steer_v3_sub(x, steer_v3_scale(u[k], along - limit[k] + slack));
    }
    speed = steer_v3_len(x);
    float scale = 1.0f;
    for (int k = 0; k < n; ++k) {
        if (!(limit[k] < speed)) continue;
        float along = steer_v3_dot(x, u[k]);
        if (along > limit[k]) scale = steer_minf(scale, limit[k] / along);
    }
    x = steer_v3_scale(x, scale);
    return steer_v3_is_valid(x) ? x : steer_v3_zero();
}

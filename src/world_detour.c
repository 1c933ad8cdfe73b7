/* The way round a rock for an agent's own goal (docs/model.md, 6.1a).
 * Obstacle avoidance alone pushes an agent sideways from a rock ahead; a
 * goal straight behind the rock pulls it back in, and once slowed against
 * the near face the look-ahead has nothing to push along: the unit stands
 * there for good. Heading for the tangent instead walks it round. */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "world_detour.h"
#include "world_object_index.h"

/* Below this share of the target's distance from the centre, the target is
 * taken as straight behind the obstacle and the side is the convention's. */
#define STRAIGHT_BEHIND 1e-4f
/* A rock moving toward the way-round's side faster than this share of the
 * agent's max_speed is passed on its other side, behind it. */
#define MOVING_ASIDE 0.1f

/* Where the way round is worked out: the ground frame (Z up), and for a 2D
 * or ground-plane group the ground itself (no up part: it meets discs). */
typedef struct frame {
    const steer_world *w;
    bool flat;
} frame;

static frame frame_of(const steer_world *w, const steer__group *g) { return (frame){w, w->dim == 2 || g->on_ground}; }

static steer_v3 in_frame(frame f, steer_v3 v)
{
    v = steer__to_ground(f.w, v);
    if (f.flat) v.z = 0.0f;
    return v;
}

/* Whether the obstacle at c, with the agent's clearance `clear`, stands
 * across the way from p to p + way: p within the clearance and the way
 * leading in, or the segment passing closer than the clearance (the end
 * itself never does: it is never within the clearance). */
static bool across(steer_v3 p, steer_v3 way, float length_sq, steer_v3 c, float dist, float clear)
{
    steer_v3 to_c = steer_v3_sub(c, p);
    float along = steer_v3_dot(to_c, way);
    if (dist <= clear) return along > 0.0f;
    if (!(along > 0.0f && along < length_sq)) return false;
    steer_v3 closest = steer_v3_sub(to_c, steer_v3_scale(way, along / length_sq));
    return steer_v3_len_sq(closest) < clear * clear;
}

/* Whether the obstacle at c (clearance `clear`) stands across the way from
 * p to q, with *end the point the way is made for: q, or for a q within the
 * clearance (a click on a rock) where its direction from c meets the
 * clearance, the nearest place to stand; a q on c has no side: never. */
static bool across_to(steer_v3 p, steer_v3 q, steer_v3 c, float clear, steer_v3 *end)
{
    float to_end = steer_v3_dist(q, c);
    *end = q;
    if (to_end < clear) {
        if (!(to_end > 0.0f)) return false;
        *end = steer_v3_add(c, steer_v3_scale(steer_v3_sub(q, c), clear / to_end));
    }
    steer_v3 way = steer_v3_sub(*end, p);
    float way_sq = steer_v3_len_sq(way);
    return way_sq > 0.0f && across(p, way, way_sq, c, steer_v3_dist(p, c), clear);
}

int steer__across_the_way(const steer_world *w, const steer__agent *a, steer_v3 end, const steer_obstacle3 *obstacles,
                          int count, steer_obstacle3 *kept)
{
    const frame f = frame_of(w, a->g);
    steer_v3 p = in_frame(f, a->p), q = in_frame(f, end), made_for;
    int n = 0;
    for (int k = 0; k < count; ++k)
        if (across_to(p, q, in_frame(f, obstacles[k].centre), obstacles[k].radius + a->radius, &made_for))
            kept[n++] = obstacles[k];
    return n;
}

/* Rocks that no body of the agent's width passes between are one
 * obstacle for the way round: a unit aimed at the tangent of one rock of a
 * cluster walks into the next. At most CLUSTER_CAP rocks are joined. */
#define CLUSTER_CAP 32

/* An obstacle's centre on the ground (ground frame, no up part). */
static steer_v2 ground_centre(const steer_world *w, const steer_obstacle3 *o)
{
    steer_v3 c = steer__to_ground(w, o->centre);
    return steer_v2_make(c.x, c.y);
}

/* The unit vector `angle` round from `ahead` (counter-clockwise). */
static steer_v2 turned(steer_v2 ahead, float angle)
{
    return steer_v2_rotate(ahead, steer_v2_make(steer_cos(angle), steer_sin(angle)));
}

/* A cluster's tangents seen from a point: the most counter-clockwise
 * (left) and clockwise (right) of its members' tangents, as angles from
 * `ahead`, and how far each is to its tangent point (0 from inside that
 * member's clearance, where the tangent runs along its face). */
typedef struct cluster_view {
    float left, right, left_reach, right_reach;
} cluster_view;

typedef struct cluster {
    steer_v2 centre[CLUSTER_CAP];
    float clear[CLUSTER_CAP];
    int count;
} cluster;

static cluster_view view_from(const cluster *c, steer_v2 from, steer_v2 ahead)
{
    cluster_view v = {-INFINITY, INFINITY, 0.0f, 0.0f};
    for (int m = 0; m < c->count; ++m) {
        steer_v2 off = steer_v2_sub(c->centre[m], from);
        float dist = steer_v2_len(off), clear = c->clear[m];
        float theta = steer_atan2(steer_v2_cross(ahead, off), steer_v2_dot(ahead, off));
        float reach = dist > clear ? sqrtf(dist * dist - clear * clear) : 0.0f;
        float half = dist > clear ? steer_atan2(clear, reach) : 0.5f * STEER_PI; /* asin(clear / dist) */
        if (theta + half > v.left) v.left = theta + half, v.left_reach = reach;
        if (theta - half < v.right) v.right = theta - half, v.right_reach = reach;
    }
    return v;
}

/* The tangent point `angle` round from `ahead`, `reach` from `from`. */
static steer_v2 tangent_point(steer_v2 from, steer_v2 ahead, float angle, float reach)
{
    return steer_v2_add(from, steer_v2_scale(turned(ahead, angle), reach));
}

/* On the ground (a 2D or ground-plane agent at p, on its way to q): the
 * heading round the cluster of rocks joined to rock `first` (its clearance
 * first_clear), by the cluster's tangent on the shorter side. A side's walk
 * is estimated through the cluster's tangent point on that side seen from
 * p and the one seen from q: p, those two, q (ties: the left). By length,
 * not by angle: in the notch between two rocks the nearer rock's tangent
 * turns farther from the goal, so an angle would send the agent back to
 * the other side at every step up the notch; and seen from p alone, a
 * rock the agent stands against hides the rocks beyond it on that side. 0
 * when the rock stands alone (the caller's tangent holds), 1 with *dir
 * set, -1 when the cluster closes both sides (no way round it within a
 * half turn). */
static int round_the_cluster(const steer_world *w, const steer__agent *a, steer_v2 p, steer_v2 q, int first, float first_clear,
                             steer_v3 *dir)
{
    const steer__group *g = a->g;
    const steer_obstacle3 *all = g->on_ground ? w->obstacles_ground : w->obstacles;
    const float body = a->radius;
    int member[CLUSTER_CAP];
    int n = 1;
    member[0] = first;
    for (int i = 0; i < n && n < CLUSTER_CAP; ++i) { /* joined: closer than both radii and a body's width */
        const steer_obstacle3 *o = &all[member[i]];
        steer_v2 ci = ground_centre(w, o);
        uint32_t ids[STEER__OBJECT_QUERY_CAP];
        steer_v3 lo, hi; /* the index files each rock under its centre +- 2 radii: one joined to this one is listed */
        steer__box_around(o->centre, o->radius + 2.0f * body, &lo, &hi);
        steer__object_list near = steer__obstacles_near_for(w, g->on_ground, lo, hi, ids);
        for (int k = 0; k < near.count && n < CLUSTER_CAP; ++k) {
            int id = steer__object_at(near, k);
            bool known = false;
            for (int m = 0; m < n && !known; ++m) known = member[m] == id;
            if (!known && steer_v2_dist(ci, ground_centre(w, &all[id])) < o->radius + all[id].radius + 2.0f * body)
                member[n++] = id;
        }
    }
    if (n == 1) return 0;
    cluster c = {.count = n};
    for (int m = 0; m < n; ++m) {
        c.centre[m] = ground_centre(w, &all[member[m]]);
        c.clear[m] = m == 0 ? first_clear : all[member[m]].radius + body;
    }
    steer_v2 from_p = steer_v2_sub(c.centre[0], p), from_q = steer_v2_sub(c.centre[0], q);
    steer_v2 ahead_p = steer_v2_normalize(steer_v2_len_sq(from_p) > 0.0f ? from_p : steer_v2_sub(q, p));
    steer_v2 ahead_q = steer_v2_normalize(steer_v2_len_sq(from_q) > 0.0f ? from_q : steer_v2_sub(p, q));
    cluster_view at_p = view_from(&c, p, ahead_p), at_q = view_from(&c, q, ahead_q);
    bool left_open = at_p.left < STEER_PI, right_open = at_p.right > -STEER_PI;
    if (!left_open && !right_open) return -1;
    /* the way's left side is q's clockwise one, looking back at the cluster */
    steer_v2 left_p = tangent_point(p, ahead_p, at_p.left, at_p.left_reach);
    steer_v2 left_q = tangent_point(q, ahead_q, at_q.right, at_q.right_reach);
    steer_v2 right_p = tangent_point(p, ahead_p, at_p.right, at_p.right_reach);
    steer_v2 right_q = tangent_point(q, ahead_q, at_q.left, at_q.left_reach);
    float by_left = at_p.left_reach + steer_v2_dist(left_p, left_q) + at_q.right_reach;
    float by_right = at_p.right_reach + steer_v2_dist(right_p, right_q) + at_q.left_reach;
    steer_v2 heading = turned(ahead_p, left_open && (!right_open || by_left <= by_right) ? at_p.left : at_p.right);
    *dir = steer_v3_make(heading.x, heading.y, 0.0f);
    return 1;
}

steer_v3 steer__detour(const steer_world *w, const steer__agent *a, steer_v3 to)
{
    const steer__group *g = a->g;
    const steer_group_def *d = &g->def;
    if (w->obstacle_count == 0 || d->weight[STEER_AVOID_OBSTACLES] == 0.0f) return to;
    const frame f = frame_of(w, g);
    const float height = steer__to_ground(w, to).z;
    steer_v3 p = in_frame(f, a->p), q = in_frame(f, to);
    steer_v3 way = steer_v3_sub(q, p);
    float length_sq = steer_v3_len_sq(way), length = sqrtf(length_sq);
    float look = d->see_ahead + d->see_ahead_time * steer_v3_len(a->v);
    /* within the arrival tolerance the braking arrive asks for no speed, whatever the aim's direction */
    if (!(length > d->arrival_tolerance && length_sq <= FLT_MAX && look >= 0.0f)) return to; /* or not finite */
    uint32_t ids[STEER__OBJECT_QUERY_CAP];
    steer_v3 at = g->on_ground ? steer_v3_set(a->p, steer__up_index(w), 0.0f) : a->p, lo, hi;
    steer__box_around(at, look + a->radius, &lo, &hi);
    steer__object_list near = steer__obstacles_near_for(w, g->on_ground, lo, hi, ids);
    const steer_obstacle3 *all = g->on_ground ? w->obstacles_ground : w->obstacles;
    int best = -1;
    float best_gap = 0.0f, best_dist = 0.0f, best_clear = 0.0f;
    steer_v3 best_centre = steer_v3_zero(), best_end = q;
    for (int k = 0; k < near.count; ++k) {
        const steer_obstacle3 *o = &all[steer__object_at(near, k)];
        steer_v3 c = in_frame(f, o->centre), end;
        float dist = steer_v3_dist(p, c), clear = o->radius + a->radius, gap = dist - clear;
        if (!(gap <= look) || !across_to(p, q, c, clear, &end)) continue;
        if (best < 0 || gap < best_gap) { /* the nearest; ties to the first */
            best = steer__object_at(near, k);
            best_gap = gap, best_dist = dist, best_clear = clear;
            best_centre = c, best_end = end;
        }
    }
    if (best < 0) return to;
    if (best_end.x != q.x || best_end.y != q.y || best_end.z != q.z) { /* made for the clearance: brake for it there */
        q = best_end;
        length = steer_v3_dist(p, q);
    }
    /* u: from the centre to the agent (an agent on the centre: as if it came straight at it) */
    steer_v3 u = best_dist > 0.0f ? steer_v3_scale(steer_v3_sub(p, best_centre), 1.0f / best_dist)
                                  : steer_v3_scale(way, -1.0f / length);
    steer_v3 t = steer_v3_sub(q, best_centre);
    steer_v3 side = steer_v3_sub(t, steer_v3_scale(u, steer_v3_dot(t, u))); /* toward the goal round the centre */
    float side_len = steer_v3_len(side);
    /* straight behind, the convention: the agent steps to its left, the side obstacle avoidance takes for a
     * rock dead ahead (steer_v3_any_perp of the way in) */
    side = side_len > STRAIGHT_BEHIND * steer_v3_len(t) ? steer_v3_scale(side, 1.0f / side_len)
                                                        : steer_v3_any_perp(steer_v3_neg(u));
    /* a rock on the move is passed behind: round the side it moves to, the agent would walk beside it */
    if (steer_v3_dot(in_frame(f, w->obstacle_velocity[best]), side) > MOVING_ASIDE * d->max_speed) side = steer_v3_neg(side);
    steer_v3 dir = side; /* within the clearance: along the face */
    if (best_dist > best_clear) { /* the tangent from the agent */
        float sin_a = best_clear / best_dist, cos_a = sqrtf(1.0f - sin_a * sin_a);
        dir = steer_v3_add(steer_v3_scale(u, -cos_a), steer_v3_scale(side, sin_a));
    }
    if (f.flat) {
        int round = round_the_cluster(w, a, steer_v2_make(p.x, p.y), steer_v2_make(q.x, q.y), best, best_clear, &dir);
        if (round < 0) return to; /* closed all round: nothing better than straight */
    }
    steer_v3 aim = steer_v3_add(p, steer_v3_scale(dir, length));
    if (f.flat) aim.z = height; /* the goal's height: a ground-plane agent reads it level */
    return steer_v3_is_valid(aim) ? steer__from_ground(w, aim) : to;
}

/* The walk from a point p_dist from a disc's centre round it (radius r)
 * to one q_dist from it, `angle` round from the first (both outside it):
 * tangent, arc, tangent; negative when the straight line clears it. The
 * library's own atan2 and IEEE square roots only, so every platform agrees. */
static float round_length(float p_dist, float q_dist, float r, float angle)
{
    float p_tangent = sqrtf(p_dist * p_dist - r * r), q_tangent = sqrtf(q_dist * q_dist - r * r);
    float arc = angle - steer_atan2(p_tangent, r) - steer_atan2(q_tangent, r); /* acos(r / dist) each */
    if (!(arc > 0.0f)) return -1.0f;
    return p_tangent + q_tangent + r * arc;
}

float steer__detour_extra(const steer_world *w, const steer__group *g, float radius, steer_v3 from, steer_v3 to)
{
    const steer_group_def *d = &g->def;
    if (w->obstacle_count == 0 || d->weight[STEER_AVOID_OBSTACLES] == 0.0f) return 0.0f;
    const frame f = frame_of(w, g);
    steer_v3 p = in_frame(f, from), q = in_frame(f, to);
    float length_sq = steer_v3_len_sq(steer_v3_sub(q, p));
    if (!(length_sq > 0.0f && length_sq <= FLT_MAX)) return 0.0f;
    /* the obstacles near the segment: its box grown by the agent's radius (the index files each under its
     * centre +- 2 radii, so one whose clearance meets the segment is listed) */
    const int up = steer__up_index(w);
    steer_v3 a = g->on_ground ? steer_v3_set(from, up, 0.0f) : from, b = g->on_ground ? steer_v3_set(to, up, 0.0f) : to;
    steer_v3 lo = steer_v3_make(steer_minf(a.x, b.x), steer_minf(a.y, b.y), steer_minf(a.z, b.z));
    steer_v3 hi = steer_v3_make(steer_maxf(a.x, b.x), steer_maxf(a.y, b.y), steer_maxf(a.z, b.z));
    steer_v3 grow = steer_v3_make(radius, radius, radius);
    uint32_t ids[STEER__OBJECT_QUERY_CAP];
    steer__object_list near = steer__obstacles_near_for(w, g->on_ground, steer_v3_sub(lo, grow), steer_v3_add(hi, grow), ids);
    const steer_obstacle3 *all = g->on_ground ? w->obstacles_ground : w->obstacles;
    float extra = 0.0f;
    for (int k = 0; k < near.count; ++k) {
        const steer_obstacle3 *o = &all[steer__object_at(near, k)];
        steer_v3 c = in_frame(f, o->centre), end;
        float p_dist = steer_v3_dist(p, c), clear = o->radius + radius;
        if (!(p_dist > clear) || !across_to(p, q, c, clear, &end)) continue; /* an agent inside: none */
        steer_v3 pc = steer_v3_sub(p, c), ec = steer_v3_sub(end, c);
        float angle = steer_atan2(steer_v3_len(steer_v3_cross(pc, ec)), steer_v3_dot(pc, ec));
        float around = round_length(p_dist, steer_v3_dist(end, c), clear, angle), straight = steer_v3_dist(p, end);
        if (around > straight) extra += around - straight;
    }
    return extra;
}

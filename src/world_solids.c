/* Boundaries, solid walls and obstacles: the end of every move. */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "world_solids.h"

#include <math.h>

void steer__wrap_axis(float *x, float lo, float extent)
{
    float hi = lo + extent;
    if (*x < lo || *x >= hi) {
        /* fmodf is exact. x - lo overflows only far from the box (x = FLT_MAX,
         * the box near -1e36): there the difference is taken in double. */
        float offset = *x - lo;
        float r = steer_is_finite(offset) ? fmodf(offset, extent) : (float)fmod((double)*x - (double)lo, (double)extent);
        if (r < 0.0f) r += extent;
        *x = lo + r;
        if (*x >= hi) *x = lo;
    }
}

/* Agents stay WALL_SKIN from every wall, on the side they came from. A move
 * may approach a wall without crossing it; one that ended a hair from the
 * line would start the next move there, where rounding can put the crossing
 * just behind the start and miss it. So an end point inside the skin is set
 * back to it (and the velocity into the wall dropped). */
#define WALL_SKIN 1e-3f

/* A point seen in copy m of the walls (images->shift[m], ground frame):
 * the identity leaves it untouched, bit for bit. */
static steer_v2 in_image(steer_v2 p, const steer__images *images, int m)
{
    return m == 0 ? p : steer_v2_add(p, steer_v2_from_v3(images->shift[m]));
}

/* The walls keep_wall_skin may set `to` back from: such a wall has `to`
 * at most max(skin, |to - from|) off its line (from is on the other side,
 * or to is inside the skin) and at most a skin past an end. */
static steer__object_list walls_near_skin(const steer_world *w, steer_v2 from, steer_v2 to, steer__wall_level at,
                                          uint32_t *buf)
{
    steer_v3 lo, hi;
    float off = steer_v2_len(steer_v2_sub(to, from));
    steer__box_around(steer_v3_make(to.x, to.y, 0.0f), off + 2.0f * WALL_SKIN, &lo, &hi);
    return steer__walls_near(w, lo, hi, at, buf);
}

/* Each wall sees `to` as the walls before it left it: after a move the
 * walls near the new `to` are asked for, from the next index on. In copy
 * m of the walls; true if `to` was set back. */
static bool keep_wall_skin(const steer_world *w, steer_v3 from, steer_v3 *to, steer_v3 *vel, steer__wall_level at,
                           const steer__images *images, int m)
{
    steer_v2 p = in_image(steer_v2_from_v3(from), images, m), q = in_image(steer_v2_from_v3(*to), images, m);
    bool moved = false;
    uint32_t buf[STEER__OBJECT_QUERY_CAP];
    steer__object_list near = walls_near_skin(w, p, q, at, buf);
    for (int k = 0; k < near.count; ++k) {
        int i = steer__object_at(near, k);
        steer_v2 a = steer_v2_from_v3(w->walls[i].a), along = steer_v2_sub(steer_v2_from_v3(w->walls[i].b), a);
        float length;
        steer_v2 dir = steer_v2_normalize_len(along, &length);
        if (length == 0.0f) continue;
        steer_v2 aq = steer_v2_sub(q, a);
        float t = steer_v2_dot(aq, dir);
        if (t < -WALL_SKIN || t > length + WALL_SKIN) continue; /* beyond an end */
        steer_v2 n = steer_v2_perp_left(dir);
        float dq = steer_v2_dot(aq, n), dp = steer_v2_dot(steer_v2_sub(p, a), n);
        float side = dp > 0.0f ? 1.0f : dp < 0.0f ? -1.0f : (dq >= 0.0f ? 1.0f : -1.0f);
        if (side * dq >= WALL_SKIN) continue;
        q = steer_v2_mad(q, n, side * WALL_SKIN - dq);
        moved = true;
        float into = (vel->x * n.x + vel->y * n.y) * side;
        if (into < 0.0f) {
            vel->x -= into * side * n.x;
            vel->y -= into * side * n.y;
        }
        near = walls_near_skin(w, p, q, at, buf);
        k = steer__object_after(near, i) - 1;
    }
    if (moved) {
        steer_v2 back = m == 0 ? q : steer_v2_sub(q, steer_v2_from_v3(images->shift[m]));
        to->x = back.x;
        to->y = back.y;
    }
    return moved;
}

/* Where along the move p -> q (0 to 1) it first crosses a wall, in any copy
 * of the walls `images` lists, and the wall's normal facing p; 2 if none.
 * The identity is asked first and keeps a tie. */
static float first_crossing(const steer_world *w, steer_v2 p, steer_v2 q, steer__wall_level at, const steer__images *images,
                            steer_v2 *normal)
{
    steer_v2 motion = steer_v2_sub(q, p);
    float first = 2.0f;
    for (int m = 0; m < images->count; ++m) {
        steer_v2 pm = in_image(p, images, m), at_normal;
        float s = steer__first_wall_crossing(w, pm, steer_v2_add(pm, motion), at, &at_normal);
        if (s < first) {
            first = s;
            *normal = at_normal;
        }
    }
    return first;
}

/* Stops the move from `from` to `*to` on its side of any wall it would
 * cross, in the ground frame (the walls' frame: steer__to_ground), in
 * every copy of the walls the move meets on a torus; the walls a body of
 * radius `body` meets at the height the move has where it crosses them
 * (a drone diving past a fence's top into its height is stopped; one
 * climbing over it by then is not); the skin is kept at the height it ends. */
static void resolve_walls(const steer_world *w, steer_v3 from, steer_v3 *to, steer_v3 *vel, float body,
                          const steer__images *images)
{
    steer_v2 p = steer_v2_from_v3(from);
    const steer__wall_level at = {from.z, body, to->z - from.z}, end = {to->z, body, 0.0f};
    bool moved = false;
    for (int pass = 0; pass < 4; ++pass) {
        steer_v2 normal = steer_v2_zero();
        float first = first_crossing(w, p, steer_v2_from_v3(*to), at, images, &normal);
        if (first > 1.0f) break;
        /* stop just short of the wall and slide: drop the velocity into it */
        steer_v2 stop = steer_v2_mad(steer_v2_mad(p, steer_v2_sub(steer_v2_from_v3(*to), p), first), normal, WALL_SKIN);
        to->x = stop.x;
        to->y = stop.y;
        moved = true;
        float into = vel->x * normal.x + vel->y * normal.y;
        if (into < 0.0f) {
            vel->x -= into * normal.x;
            vel->y -= into * normal.y;
        }
    }
    for (int m = 0; m < images->count; ++m) moved = keep_wall_skin(w, from, to, vel, end, images, m) || moved;
    /* Where walls meet at an angle too narrow for the set-backs (a point
     * WALL_SKIN from both may not exist), setting `to` back from one wall
     * can carry it across another: then the agent stays where it was, on
     * its side of every wall, and stops. */
    steer_v2 normal;
    if (moved && first_crossing(w, p, steer_v2_from_v3(*to), at, images, &normal) <= 1.0f) {
        *to = from;
        *vel = steer_v3_zero();
    }
}

/* Where along from -> from + move (0 to 1) the agent stops for an obstacle
 * it would pass through: its centre would come within `rock` of `centre`
 * (the obstacle itself) and end beyond `reach` (the obstacle's radius and
 * the agent's) on the far side. It stops where it first meets the reach,
 * or where it is if it starts within it. 2 if the move does not pass
 * through, or ends within the reach (the push out of it takes that). */
static float tunnel_entry(steer_v3 from, steer_v3 move, steer_v3 centre, float rock, float reach)
{
    steer_v3 off = steer_v3_sub(from, centre);
    float a = steer_v3_len_sq(move), b = steer_v3_dot(off, move), c = steer_v3_len_sq(off) - reach * reach;
    if (!(a > 0.0f) || b >= 0.0f) return 2.0f; /* no move, or heading away */
    float closest = steer_minf(-b / a, 1.0f);  /* the move's point nearest the centre */
    if (steer_v3_len_sq(steer_v3_mad(off, move, closest)) >= rock * rock) return 2.0f;
    if (steer_v3_len_sq(steer_v3_add(off, move)) < reach * reach) return 2.0f;
    if (c <= 0.0f) return 0.0f;
    float disc = b * b - a * c;
    return disc > 0.0f ? steer_maxf(0.0f, (-b - sqrtf(disc)) / a) : 0.0f;
}

/* A move long enough to carry the agent through an obstacle (its centre
 * passing inside the obstacle's own radius, and out beyond its reach on
 * the far side) stops where it first meets the reach (tunnel_entry), its
 * velocity into the obstacle removed; ending inside one is left to the
 * push out of it. A move no longer than the agent's radius cannot pass
 * through any (from within the obstacle to beyond its reach is at least
 * that). In every copy the move meets on a torus; the first stop wins,
 * ties to the lower obstacle, then the earlier copy. */
static void stop_before_rock(const steer_world *w, const steer__group *g, float body, steer_v3 from, steer_v3 *to,
                             steer_v3 *vel, const steer__images *images)
{
    steer_v3 move = steer_v3_sub(*to, from);
    float length = steer_v3_len(move);
    if (!(length > body)) return;
    float first = 2.0f;
    steer_v3 normal = steer_v3_zero();
    for (int m = 0; m < images->count; ++m) {
        steer_v3 start = m == 0 ? from : steer_v3_add(from, images->shift[m]), lo, hi;
        uint32_t buf[STEER__OBJECT_QUERY_CAP];
        steer__box_around(steer_v3_mad(start, move, 0.5f), 0.5f * length + body, &lo, &hi);
        steer__object_list near = steer__obstacles_near_for(w, g->on_ground, lo, hi, buf);
        for (int k = 0; k < near.count; ++k) {
            int i = steer__object_at(near, k);
            steer_v3 centre = steer__obstacle_level(w, g->on_ground, w->obstacles[i].centre, start);
            float rock = w->obstacles[i].radius;
            float t = tunnel_entry(start, move, centre, rock, rock + body);
            if (t < first) {
                first = t;
                normal = steer_v3_normalize(steer_v3_sub(steer_v3_mad(start, move, t), centre));
            }
        }
    }
    if (first > 1.0f) return;
    *to = steer_v3_mad(from, move, first);
    float into = steer_v3_dot(*vel, normal);
    if (into < 0.0f) *vel = steer_v3_sub(*vel, steer_v3_scale(normal, into));
}

/* Moves the agent from `from` to `*to`, stopping it on its side of any wall
 * the motion would cross and out of any solid obstacle. */
static void resolve_solids(const steer_world *w, const steer__group *g, float body, steer_v3 from, steer_v3 *to,
                           steer_v3 *vel)
{
    /* On a torus the move meets the copies of the walls and obstacles just
     * past a seam: the box it sweeps, with the set-backs' and the
     * obstacles' reach, names them. A move longer than the box is not
     * tested: the agent stays where it was and stops. */
    float reach = steer_maxf(body, 2.0f * WALL_SKIN) + steer_v3_len(steer_v3_sub(*to, from));
    steer_v3 lo, hi;
    steer__box_around(from, reach, &lo, &hi);
    steer__images images, wall_images;
    if (w->def.solid_walls) {
        steer_v3 ground_to = steer__to_ground(w, *to), ground_vel = steer__to_ground(w, *vel);
        if (!steer__torus_images(w, lo, hi, true, &wall_images)) {
            *to = from;
            *vel = steer_v3_zero();
            return;
        }
        resolve_walls(w, steer__to_ground(w, from), &ground_to, &ground_vel, body, &wall_images);
        *to = steer__from_ground(w, ground_to);
        *vel = steer__from_ground(w, ground_vel);
    }
    if (w->def.solid_obstacles) {
        if (!steer__torus_images(w, lo, hi, false, &images)) {
            *to = from;
            *vel = steer_v3_zero();
            return;
        }
        stop_before_rock(w, g, body, from, to, vel, &images);
        steer_v3 before_pushes = *to;
        bool any_push = false;
        /* each obstacle sees `to` as the ones before it left it: after a
         * push the obstacles near the new `to` are asked for, from the next
         * index on (in each copy of the obstacles in turn) */
        for (int m = 0; m < images.count; ++m) {
            steer_v3 at = m == 0 ? *to : steer_v3_add(*to, images.shift[m]);
            bool pushed = false;
            uint32_t buf[STEER__OBJECT_QUERY_CAP];
            steer__box_around(at, body, &lo, &hi);
            steer__object_list near = steer__obstacles_near_for(w, g->on_ground, lo, hi, buf);
            for (int k = 0; k < near.count; ++k) {
                int i = steer__object_at(near, k);
                /* a ground group's obstacles are upright cylinders: met at the agent's height */
                steer_v3 centre = steer__obstacle_level(w, g->on_ground, w->obstacles[i].centre, at);
                steer_v3 d = steer_v3_sub(at, centre);
                float obstacle_reach = w->obstacles[i].radius + body, dist;
                if (steer_v3_len_sq(d) >= obstacle_reach * obstacle_reach) continue;
                /* out on the side the move came from: an end past the centre
                 * (a long move deep into it) would be put out on the far side */
                steer_v3 came = steer_v3_sub(m == 0 ? from : steer_v3_add(from, images.shift[m]), centre);
                if (steer_v3_dot(d, came) < 0.0f) d = came;
                steer_v3 n = steer_v3_normalize_len(d, &dist);
                if (dist == 0.0f) n = steer_v3_make(1.0f, 0.0f, 0.0f); /* +x: on the ground, Z-up or Y-up */
                at = steer_v3_mad(centre, n, obstacle_reach);
                pushed = true;
                float into = steer_v3_dot(*vel, n);
                if (into < 0.0f) *vel = steer_v3_sub(*vel, steer_v3_scale(n, into));
                steer__box_around(at, body, &lo, &hi);
                near = steer__obstacles_near_for(w, g->on_ground, lo, hi, buf);
                k = steer__object_after(near, i) - 1;
            }
            if (pushed) *to = m == 0 ? at : steer_v3_sub(at, images.shift[m]);
            any_push = any_push || pushed;
        }
        /* Walls win: a push out of an obstacle (one moving into an agent
         * pressed against a wall) stops on the agent's side of the wall,
         * which leaves it overlapping the obstacle. The push is a move from
         * where the walls left the agent, on its side, tested as one. */
        if (any_push && w->def.solid_walls) {
            reach = steer_maxf(body, 2.0f * WALL_SKIN) + steer_v3_len(steer_v3_sub(*to, before_pushes));
            steer__box_around(before_pushes, reach, &lo, &hi);
            if (!steer__torus_images(w, lo, hi, true, &wall_images)) {
                *to = before_pushes;
                *vel = steer_v3_zero();
                return;
            }
            steer_v3 ground_to = steer__to_ground(w, *to), ground_vel = steer__to_ground(w, *vel);
            resolve_walls(w, steer__to_ground(w, before_pushes), &ground_to, &ground_vel, body, &wall_images);
            *to = steer__from_ground(w, ground_to);
            *vel = steer__from_ground(w, ground_vel);
        }
    }
}

static void apply_boundary(const steer_world *w, const float origin[3], const float extent[3], float *pos, float *vel)
{
    STEER__ANALYZER_ASSUME(w->dim == 2 || w->dim == 3);
    for (int a = 0; a < w->dim; ++a) {
        if (w->def.boundary == STEER_BOUNDARY_WRAP) {
            steer__wrap_axis(&pos[a], origin[a], extent[a]);
        } else if (w->def.boundary == STEER_BOUNDARY_CLAMP) {
            float lo = origin[a], hi = lo + extent[a];
            if (pos[a] < lo) {
                pos[a] = lo;
                if (vel[a] < 0.0f) vel[a] = 0.0f;
            } else if (pos[a] > hi) {
                pos[a] = hi;
                if (vel[a] > 0.0f) vel[a] = 0.0f;
            }
        }
    }
}

/* A move that would leave the float range (a huge dt or speed near
 * FLT_MAX) is refused: the agent stays where it was and stops, as the
 * vehicle does. Positions are never Inf or NaN. */
static void keep_finite(const steer_world *w, int i, float *pos, float *vel)
{
    bool ok = true;
    for (int a = 0; a < w->dim; ++a) ok = ok && steer_is_finite(pos[a]) && steer_is_finite(vel[a]);
    if (ok) return;
    for (int a = 0; a < w->dim; ++a) {
        pos[a] = w->p[a][i];
        vel[a] = 0.0f;
    }
}

bool steer__has_solids(const steer_world *w)
{
    return (w->def.solid_walls && w->wall_count) || (w->def.solid_obstacles && w->obstacle_count);
}

void steer__finish_move(steer_world *w, int i, float pos[3], float vel[3], bool solids, float *const dst_p[3],
                        float *const dst_v[3])
{
    int dim = w->dim;
    if (solids) {
        /* walls and rocks meet the move as it will end: clamped first, or a
         * move out of the box past a wall's end beside the edge would miss
         * the wall and be clamped back behind it */
        bool finite = true; /* (one that is not is refused below, as without solids) */
        for (int a = 0; a < dim; ++a) finite = finite && steer_is_finite(pos[a]) && steer_is_finite(vel[a]);
        if (finite && w->def.boundary == STEER_BOUNDARY_CLAMP) apply_boundary(w, w->origin, w->extent, pos, vel);
        steer_v3 to = steer__v3_from(pos), v = steer__v3_from(vel);
        resolve_solids(w, &w->groups[w->group[i]], steer__body_radius(w, i), steer__v3_at(w, w->p, i), &to, &v);
        pos[0] = to.x, pos[1] = to.y, pos[2] = dim == 3 ? to.z : 0.0f;
        vel[0] = v.x, vel[1] = v.y, vel[2] = dim == 3 ? v.z : 0.0f;
    }
    if (w->groups[w->group[i]].on_ground) { /* solids and relaxation push along the ground only */
        int up = steer__up_index(w);
        pos[up] = w->p[up][i];
        vel[up] = 0.0f;
    }
    keep_finite(w, i, pos, vel);
    apply_boundary(w, w->origin, w->extent, pos, vel);
    for (int a = 0; a < dim; ++a) {
        dst_p[a][i] = pos[a];
        dst_v[a][i] = vel[a];
    }
}

void steer__confine(const steer_world *w, float pos[3], float vel[3])
{
    float origin[3], extent[3]; /* the grid's box (world_sort.c), which may not be sized yet */
    for (int a = 0; a < 3; ++a) {
        origin[a] = steer_v3_get(w->def.bounds_min, a);
        extent[a] = steer_v3_get(w->def.bounds_max, a) - origin[a];
    }
    apply_boundary(w, origin, extent, pos, vel);
}

/* Agents sent to places together trade them on the way (world.h,
 * steer_world_send_to_places).
 *
 * The assignment is the best one when the agents are sent. A crowd, an
 * obstacle or a unit walking through can push agents out of their order
 * later, and then a place may lie behind others standing on theirs, which
 * steering alone never gets past in a packed block (ten pairs of units
 * swapped in a block of 100: 80 home after 30 s). So two agents of one
 * order that see each other exchange places when that makes their summed
 * squared distance smaller, by more than a quarter of their summed radii
 * squared (so that two agents at about equal cost do not trade back and
 * forth). Each trade lowers the order's sum as the agents stand, so the
 * trades of a moment end; the decentralised form of the assignment of
 * Turpin, Michael and Kumar (D-CAPT, 2014). */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "world_places.h"
#include "world_cells.h"
#include "world_goals.h"

/* d and j exchange places, each place with the preferred speed and slow
 * radius it was given (send_to_places `together` plans them per place, so
 * the places still fill at about one time). */
static void trade(steer__goal *mine, steer__goal *theirs)
{
    steer__goal was = *mine;
    mine->target = theirs->target, mine->speed = theirs->speed, mine->slow_radius = theirs->slow_radius;
    theirs->target = was.target, theirs->speed = was.speed, theirs->slow_radius = was.slow_radius;
    mine->arrived = theirs->arrived = false; /* each has a new place to reach */
}

/* Agent d (with goal `mine`, sight its neighbour radius) against candidate
 * j, seen through `shift` (on a narrow axis, at its nearest image): trades
 * when both are of one order, in each other's sight and better off. The
 * cheap tests first: the positions are read in sequence, the other's goal
 * record is a random read. */
static void consider(const steer_world *w, int d, steer__goal *mine, float sight, int j, const float shift[3])
{
    float gap_sq = 0.0f;
    for (int k = 0; k < w->dim; ++k) {
        float g = w->p[k][j] - steer__image_shift(w, k, shift[k], w->p[k][j], w->p[k][d]) - w->p[k][d];
        gap_sq += g * g;
    }
    if (!(gap_sq < sight * sight) || j == d || !steer__has_goal(w, j)) return;
    steer__goal *theirs = steer__goal_of(w, j);
    if (theirs->order != mine->order) return;
    const steer__group *a = &w->groups[w->group[d]], *b = &w->groups[w->group[j]];
    if (!(gap_sq < b->def.neighbour_radius * b->def.neighbour_radius)) return; /* it does not see this one */
    /* |p_d - t_d|^2 + |p_j - t_j|^2 - (|p_d - t_j|^2 + |p_j - t_d|^2) is
     * 2 (p_d - p_j) . (t_j - t_d): the places (and the agents as they
     * stand, not their images) on the ground when both keep their height */
    steer_v3 apart = steer_v3_make(w->p[0][d] - w->p[0][j], w->p[1][d] - w->p[1][j],
                                   w->dim == 3 ? w->p[2][d] - w->p[2][j] : 0.0f);
    steer_v3 places = steer_v3_sub(theirs->target, mine->target);
    if (a->on_ground && b->on_ground) {
        steer__drop_up(w, &apart);
        steer__drop_up(w, &places);
    }
    double gain = 2.0 * ((double)apart.x * places.x + (double)apart.y * places.y + (double)apart.z * places.z);
    double radii = (double)steer__body_radius(w, d) + (double)steer__body_radius(w, j);
    if (!(gain > 0.25 * radii * radii)) return;
    trade(mine, theirs);
}

void steer__trade_places(steer_world *w)
{
    if (w->ordered_goals == 0) return;
    /* In the agents' (sorted) order, one at a time: every trade sees the
     * ones before it, and the order is the state's, so any thread count and
     * a restored world trade alike. */
    for (int d = 0; d < w->count; ++d) {
        if (!steer__has_goal(w, d)) continue;
        steer__goal *mine = steer__goal_of(w, d);
        if (mine->order == 0 || mine->arrived) continue;
        int coords[3];
        steer__cell_of_agent(w, d, coords);
        steer__span spans[STEER__MAX_SPANS];
        int span_count = steer__build_spans(w, coords, spans), seen = 0;
        const float sight = w->groups[w->group[d]].def.neighbour_radius;
        /* at most a stage's worth of candidates (a packed crowd's block can
         * hold thousands): the pass stays bounded */
        for (int s = 0; s < span_count && seen < STEER__STAGE_CAP; ++s)
            for (int j = spans[s].begin; j < spans[s].end && seen < STEER__STAGE_CAP; ++j, ++seen)
                consider(w, d, mine, sight, j, spans[s].shift);
    }
}

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
#include "world_places.h"
#include "world_cells.h"
#include "world_goals.h"
#include "assign.h"

/* Squared distance from dense agent d to point q, on the ground for an
 * agent that keeps its height. */
static double reach_sq(const steer_world *w, int d, steer_v3 q)
{
    steer_v3 p = steer_v3_make(w->p[0][d], w->p[1][d], w->dim == 3 ? w->p[2][d] : 0.0f);
    if (w->groups[w->group[d]].on_ground) return steer__assign_cost(steer__to_ground(w, p), steer__to_ground(w, q), 2);
    return steer__assign_cost(p, q, w->dim);
}

/* Agent d (with goal `mine`) against candidate j, seen through `shift`:
 * trades when both are of one order, in each other's sight and better off. */
static void consider(const steer_world *w, int d, steer__goal *mine, int j, const float shift[3])
{
    if (j == d || !steer__has_goal(w, j)) return;
    steer__goal *theirs = steer__goal_of(w, j);
    if (theirs->order != mine->order || (mine->arrived && theirs->arrived)) return;
    const steer_group_def *a = &w->groups[w->group[d]].def, *b = &w->groups[w->group[j]].def;
    float sight = a->neighbour_radius < b->neighbour_radius ? a->neighbour_radius : b->neighbour_radius, gap_sq = 0.0f;
    for (int k = 0; k < w->dim; ++k) {
        float g = w->p[k][j] - shift[k] - w->p[k][d];
        gap_sq += g * g;
    }
    if (!(gap_sq < sight * sight)) return;
    double now = reach_sq(w, d, mine->target) + reach_sq(w, j, theirs->target);
    double traded = reach_sq(w, d, theirs->target) + reach_sq(w, j, mine->target);
    double radii = (double)a->radius + (double)b->radius;
    if (!(now - traded > 0.25 * radii * radii)) return;
    steer_v3 place = mine->target;
    mine->target = theirs->target;
    theirs->target = place;
    mine->arrived = theirs->arrived = false; /* each has a new place to reach */
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
        /* at most a stage's worth of candidates (a packed crowd's block can
         * hold thousands): the pass stays bounded */
        for (int s = 0; s < span_count && seen < STEER__STAGE_CAP; ++s)
            for (int j = spans[s].begin; j < spans[s].end && seen < STEER__STAGE_CAP; ++j, ++seen)
                consider(w, d, mine, j, spans[s].shift);
    }
}

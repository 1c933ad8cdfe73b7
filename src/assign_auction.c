/* Prices for the sparse assignment's first solve: the auction algorithm
 * with epsilon scaling (Bertsekas 1979, 1988). Rows bid for their cheapest
 * candidate column, lowering its potential v (raising its price) by the gap
 * to their second cheapest plus epsilon; an outbid row bids again. Each
 * phase ends with every row holding a column whose reduced cost is within
 * epsilon of its cheapest, and the next phase starts from those prices with
 * a smaller epsilon. What it leaves is near the optimum's potentials, not
 * the optimum: the exact search (assign.c) starts from it and finishes.
 *
 * For square calls only: with spare places a column taken in one phase
 * and left free in a later one keeps a v below 0, and the proof wants every
 * free column at 0 (each such column then costs a search of its own: 4 s
 * against 0.2 s from zero potentials, 4096 agents to 8192 places). Bids
 * are counted, not timed: a phase that runs past its share (candidates
 * that cannot seat every row give a price war) stops the auction, and the
 * search does the rest. */
#include "assign.h"

#include <math.h>

/* Each phase divides epsilon by this; the last has epsilon at most the
 * first's times STEER__AUCTION_LAST. */
#define STEER__AUCTION_SHRINK 6.0
#define STEER__AUCTION_LAST 1e-7

void steer__assign_auction(const steer_v3 *from, const steer_v3 *to, int n, int dim, const int *start,
                           const int *cand, double *v, int *row_of, int *col_of, int *queue)
{
    /* the widest spread of one row's candidate costs: the first epsilon a
     * quarter of it (bids that coarse settle the broad layout in few rounds) */
    double spread = 0.0;
    for (int i = 0; i < n; ++i) {
        double lo = INFINITY, hi = -INFINITY;
        for (int e = start[i]; e < start[i + 1]; ++e) {
            double c = steer__assign_cost(from[i], to[cand[e]], dim) - v[cand[e]];
            lo = fmin(lo, c), hi = fmax(hi, c);
        }
        if (hi > lo) spread = fmax(spread, hi - lo);
    }
    if (!(spread > 0.0 && spread < 1e300)) return;
    const double last = spread * STEER__AUCTION_LAST;
    const long long cap = 64LL * (long long)start[n] + 64LL * n; /* bids a phase may take */
    for (double eps = 0.25 * spread;; eps /= STEER__AUCTION_SHRINK) {
        for (int i = 0; i < n; ++i) {
            if (col_of[i] >= 0) row_of[col_of[i]] = -1;
            col_of[i] = -1;
            queue[i] = i;
        }
        int head = 0, waiting = n; /* queue: a ring of the rows without a column */
        long long bids = 0;
        while (waiting > 0) {
            if (++bids > cap) return;
            const int i = queue[head];
            head = head + 1 == n ? 0 : head + 1;
            --waiting;
            double best = INFINITY, second = INFINITY;
            int pick = -1;
            for (int e = start[i]; e < start[i + 1]; ++e) {
                const int j = cand[e];
                const double c = steer__assign_cost(from[i], to[j], dim) - v[j];
                if (c < best) second = best, best = c, pick = j; /* strict: the first listed on a tie */
                else if (c < second) second = c;
            }
            if (pick < 0) continue; /* no candidates: the search seats it */
            v[pick] -= (second < INFINITY ? second - best : 0.0) + eps;
            const int outbid = row_of[pick];
            row_of[pick] = i, col_of[i] = pick;
            if (outbid >= 0) {
                col_of[outbid] = -1;
                int tail = head + waiting;
                queue[tail >= n ? tail - n : tail] = outbid;
                ++waiting;
            }
        }
        if (eps <= last) return;
    }
}

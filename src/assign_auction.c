/* Prices for the assignment's search: the auction algorithm with epsilon
 * scaling (Bertsekas 1979, 1988), over a row's candidates (the sparse
 * form's first solve) or over every column (steer__assign_priced). Rows
 * bid for their cheapest column, lowering its potential v (raising its price) by the gap
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

/* What one auction bids over: row i's candidates cand[start[i] ..
 * start[i + 1]), or every column (start NULL; the places in doubles, one
 * array an axis, for the scan). */
typedef struct auction {
    const steer_v3 *from, *to;
    int n, dim;
    const int *start, *cand;
    const double *xyz[3];
} auction;

/* Row i's cheapest and second cheapest column over all m under the
 * potentials v: the first listed on a tie, as the scan of the candidates
 * above. Four running minima over the columns by their index mod 4 (four
 * chains of compares the processor overlaps), merged by (cost, index). */
static void cheapest_two(const double *const xyz[3], const double *v, int m, int dim, const double a[3], double *best,
                         double *second, int *pick)
{
    double b[4] = {INFINITY, INFINITY, INFINITY, INFINITY}, s[4] = {INFINITY, INFINITY, INFINITY, INFINITY};
    int p[4] = {-1, -1, -1, -1};
    const double *px = xyz[0], *py = xyz[1], *pz = xyz[2];
    int j = 0;
    for (; j + 4 <= m; j += 4)
        for (int k = 0; k < 4; ++k) {
            const double dx = a[0] - px[j + k], dy = a[1] - py[j + k], dz = dim == 3 ? a[2] - pz[j + k] : 0.0;
            const double c = (dim == 3 ? dx * dx + dy * dy + dz * dz : dx * dx + dy * dy) - v[j + k];
            const double hi = c < b[k] ? b[k] : c; /* branch-free: the compares are unpredictable */
            s[k] = hi < s[k] ? hi : s[k];
            p[k] = c < b[k] ? j + k : p[k];
            b[k] = c < b[k] ? c : b[k];
        }
    for (; j < m; ++j) { /* the last few, into the lanes they belong to */
        const int k = j & 3;
        const double dx = a[0] - px[j], dy = a[1] - py[j], dz = dim == 3 ? a[2] - pz[j] : 0.0;
        const double c = (dim == 3 ? dx * dx + dy * dy + dz * dz : dx * dx + dy * dy) - v[j];
        if (c < b[k]) s[k] = b[k], b[k] = c, p[k] = j;
        else if (c < s[k]) s[k] = c;
    }
    int w = 0;
    for (int k = 1; k < 4; ++k)
        if (b[k] < b[w] || (b[k] == b[w] && p[k] >= 0 && (p[w] < 0 || p[k] < p[w]))) w = k;
    double sec = s[w];
    for (int k = 0; k < 4; ++k)
        if (k != w) sec = fmin(sec, b[k]);
    *best = b[w], *second = sec, *pick = p[w];
}

/* Row i's cheapest and second cheapest column under v (the first listed on
 * a tie). */
static void bid_scan(const auction *a, int i, const double *v, double *best, double *second, int *pick)
{
    if (!a->start) {
        const double at[3] = {a->from[i].x, a->from[i].y, a->from[i].z};
        cheapest_two(a->xyz, v, a->n, a->dim, at, best, second, pick);
        return;
    }
    double b = INFINITY, s = INFINITY;
    int p = -1;
    for (int e = a->start[i]; e < a->start[i + 1]; ++e) {
        const int j = a->cand[e];
        const double c = steer__assign_cost(a->from[i], a->to[j], a->dim) - v[j];
        if (c < b) s = b, b = c, p = j; /* strict: the first listed on a tie */
        else if (c < s) s = c;
    }
    *best = b, *second = s, *pick = p;
}

static void run(const auction *a, double *v, int *row_of, int *col_of, int *queue)
{
    const int n = a->n;
    /* the widest spread of one row's costs: the first epsilon a quarter of
     * it (bids that coarse settle the broad layout in few rounds) */
    double spread = 0.0;
    for (int i = 0; i < n; ++i) {
        double lo = INFINITY, hi = -INFINITY;
        const int first = a->start ? a->start[i] : 0, last = a->start ? a->start[i + 1] : n;
        for (int e = first; e < last; ++e) {
            const int j = a->start ? a->cand[e] : e;
            double c = steer__assign_cost(a->from[i], a->to[j], a->dim) - v[j];
            lo = fmin(lo, c), hi = fmax(hi, c);
        }
        if (hi > lo) spread = fmax(spread, hi - lo);
    }
    if (!(spread > 0.0 && spread < 1e300)) return;
    const double last = spread * STEER__AUCTION_LAST;
    /* bids a phase may take */
    const long long cap = a->start ? 64LL * (long long)a->start[n] + 64LL * n : 64LL * n;
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
            double best, second;
            int pick;
            bid_scan(a, i, v, &best, &second, &pick);
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

void steer__assign_auction(const steer_v3 *from, const steer_v3 *to, int n, int dim, const int *start,
                           const int *cand, double *v, int *row_of, int *col_of, int *queue)
{
    const auction a = {from, to, n, dim, start, cand, {NULL, NULL, NULL}};
    run(&a, v, row_of, col_of, queue);
}

void steer__assign_auction_all(const steer_v3 *from, const steer_v3 *to, int n, int dim, double *xyz, double *v,
                               int *row_of, int *col_of, int *queue)
{
    for (int j = 0; j < n; ++j) xyz[j] = to[j].x, xyz[n + j] = to[j].y, xyz[2 * n + j] = to[j].z;
    const auction a = {from, to, n, dim, NULL, NULL, {xyz, xyz + n, xyz + 2 * n}};
    run(&a, v, row_of, col_of, queue);
}

/* Prices for the assignment's search: the auction algorithm with epsilon
 * scaling (Bertsekas 1979, 1988), over a row's candidates (the sparse
 * form's first solve) or over every column (steer__assign_priced). Rows
 * bid for their cheapest column, lowering its potential v (raising its
 * price) by the gap to their second cheapest plus epsilon; an outbid row
 * bids again. Each
 * phase ends with every row holding a column whose reduced cost is within
 * epsilon of its cheapest, and the next phase starts from those prices with
 * a smaller epsilon. What it leaves is near the optimum's potentials, not
 * the optimum: the exact search (assign.c) starts from it and finishes.
 *
 * Over candidates, for square calls only: with spare places a column
 * taken in one phase and left free in a later one keeps a v below 0, and
 * the proof wants every free column at 0 (each such column then costs a search of its own: 4 s
 * against 0.2 s from zero potentials, 4096 agents to 8192 places). Bids
 * are counted, not timed: a phase that runs past its share (candidates
 * that cannot seat every row give a price war) stops the auction, and the
 * search does the rest. Over every pair, spare places are no trouble: the
 * call is made square by rows that cost 0 to every place, whose columns
 * are the free ones, and the square proof needs nothing of them. */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "assign.h"
#include "analyzer.h"

#include <limits.h>
#include <math.h>
#include <stdbool.h>

/* Each phase divides epsilon by this; the last has epsilon at most the
 * first's times STEER__AUCTION_LAST. */
#define STEER__AUCTION_SHRINK 6.0
#define STEER__AUCTION_LAST 1e-7

/* Every column of an all-pairs auction, by q, its place in the places'
 * Morton order, in blocks of STEER__AUCTION_BLOCK: each block's box and
 * the least -v over it bound the cost of any of its columns from below, so
 * a bid skips the blocks whose bound is above its second cheapest so far
 * (the same cheapest two as a scan of every column). */
#define STEER__AUCTION_BLOCK 32
typedef struct columns {
    const double *xyz[3]; /* the places by q */
    const int *index;     /* index[q]: the column's own index (a tie goes to the lower) */
    double *box;          /* block b: lo at box[6 b ..], hi at box[6 b + 3 ..] */
    double *least;        /* block b: the least -v[q] over it */
    double *bound;        /* a bid's scratch: each block's bound */
    int blocks;
} columns;

/* What one auction bids over: row i's candidates cand[start[i] ..
 * start[i + 1]), or every column (start NULL, cols: the columns by q, and
 * v, row_of and a row's column by q too; n rows as many as the columns,
 * the rows from `real` on standing in for the free columns of spare
 * places: they cost 0 to every column). */
typedef struct auction {
    const steer_v3 *from, *to;
    int n, dim;
    const int *start, *cand;
    columns *cols;
    int real;
} auction;

/* Row i to column j (by q where every column is bid over; 0 for a
 * stand-in row). */
static double cost_of(const auction *a, int i, int j)
{
    if (a->start) return steer__assign_cost(a->from[i], a->to[j], a->dim);
    return i < a->real ? steer__assign_cost(a->from[i], a->to[a->cols->index[j]], a->dim) : 0.0;
}

/* The cheapest two of a scan so far, in four running minima over the
 * columns by q mod 4 (four chains of compares the processor overlaps):
 * b the least, s the one after, p its q, o that column's own index. */
typedef struct two_least {
    double b[4], s[4];
    int p[4], o[4];
} two_least;

/* Merges the four: the least (a tie to the lower own index), its q, and
 * the second least. */
static void two_least_merge(const two_least *t, double *best, double *second, int *pick)
{
    int w = 0;
    for (int k = 1; k < 4; ++k)
        if (t->b[k] < t->b[w] || (t->b[k] == t->b[w] && t->o[k] < t->o[w])) w = k;
    double sec = t->s[w];
    for (int k = 0; k < 4; ++k)
        if (k != w && t->b[k] < sec) sec = t->b[k];
    *best = t->b[w], *second = sec, *pick = t->p[w];
}

/* Scans block blk's columns for a row at `at` (dim 0: a stand-in row, no
 * point, every cost 0). Branch-free: the compares are unpredictable. */
static void scan_block(const columns *c, int blk, int n, int dim, const double at[3], const double *v, two_least *t)
{
    const double *px = c->xyz[0], *py = c->xyz[1], *pz = c->xyz[2];
    const int q0 = blk * STEER__AUCTION_BLOCK, q1 = q0 + STEER__AUCTION_BLOCK < n ? q0 + STEER__AUCTION_BLOCK : n;
    for (int q = q0; q < q1; ++q) {
        const int k = q & 3, own = c->index[q];
        const double dx = at[0] - px[q], dy = at[1] - py[q];
        double d = dx * dx + dy * dy;
        if (dim == 3) {
            const double dz = at[2] - pz[q];
            d = dx * dx + dy * dy + dz * dz;
        }
        if (dim == 0) d = 0.0;
        const double cost = d - v[q];
        const bool less = cost < t->b[k] || (cost == t->b[k] && own < t->o[k]);
        const double hi = less ? t->b[k] : cost;
        t->s[k] = hi < t->s[k] ? hi : t->s[k];
        t->p[k] = less ? q : t->p[k];
        t->o[k] = less ? own : t->o[k];
        t->b[k] = less ? cost : t->b[k];
    }
}

/* Row i's cheapest and second cheapest column over every one: the block
 * with the least bound first, then every other block whose bound is not
 * above the second cheapest found so far, in order. A skipped column costs
 * at least its block's bound (the bound's terms are each at most the
 * cost's, and rounding keeps the order). */
static void cheapest_two(const auction *a, int i, const double *v, double *best, double *second, int *pick)
{
    const columns *c = a->cols;
    const bool stand_in = i >= a->real;
    const int dim = stand_in ? 0 : a->dim;
    const double at[3] = {stand_in ? 0.0 : a->from[i].x, stand_in ? 0.0 : a->from[i].y, stand_in ? 0.0 : a->from[i].z};
    int first = 0;
    for (int blk = 0; blk < c->blocks; ++blk) {
        const double *lo = c->box + 6 * blk, *hi = lo + 3;
        double gap[3];
        for (int k = 0; k < 3; ++k) { /* (no fmax: a libm call here) */
            const double below = lo[k] - at[k], above = at[k] - hi[k];
            gap[k] = below > 0.0 ? below : above > 0.0 ? above : 0.0;
        }
        double d = gap[0] * gap[0] + gap[1] * gap[1];
        if (dim == 3) d = gap[0] * gap[0] + gap[1] * gap[1] + gap[2] * gap[2];
        if (dim == 0) d = 0.0;
        c->bound[blk] = d + c->least[blk];
        if (c->bound[blk] < c->bound[first]) first = blk;
    }
    two_least t;
    for (int k = 0; k < 4; ++k) t.b[k] = t.s[k] = INFINITY, t.p[k] = -1, t.o[k] = INT_MAX;
    scan_block(c, first, a->n, dim, at, v, &t);
    two_least_merge(&t, best, second, pick);
    for (int blk = 0; blk < c->blocks; ++blk) {
        if (blk == first || c->bound[blk] > *second) continue;
        scan_block(c, blk, a->n, dim, at, v, &t);
        two_least_merge(&t, best, second, pick);
    }
}

/* Column q's v was lowered: its block's least -v again where q held it. */
static void price_raised(const auction *a, int q, double was, const double *v)
{
    columns *c = a->cols;
    const int blk = q / STEER__AUCTION_BLOCK;
    if (-was != c->least[blk]) return;
    const int q0 = blk * STEER__AUCTION_BLOCK, q1 = q0 + STEER__AUCTION_BLOCK < a->n ? q0 + STEER__AUCTION_BLOCK : a->n;
    double least = INFINITY;
    for (int r = q0; r < q1; ++r) least = -v[r] < least ? -v[r] : least;
    c->least[blk] = least;
}

/* Row i's cheapest and second cheapest column under v (the first listed on
 * a tie). */
static void bid_scan(const auction *a, int i, const double *v, double *best, double *second, int *pick)
{
    if (!a->start) {
        cheapest_two(a, i, v, best, second, pick);
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
            double c = cost_of(a, i, j) - v[j];
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
            const double was = v[pick];
            v[pick] -= (second < INFINITY ? second - best : 0.0) + eps;
            if (a->cols) price_raised(a, pick, was, v);
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
    STEER__ANALYZER_ASSUME(start && cand); /* always a candidate list here (cost_of's other case reads cols) */
    const auction a = {from, to, n, dim, start, cand, NULL, n};
    run(&a, v, row_of, col_of, queue);
}

steer_result steer__assign_auction_all(const steer_v3 *from, int n, const steer_v3 *to, int m, int dim,
                                       const steer_allocator *al, double *v, int *col_of)
{
    const int real = n, blocks = (m + STEER__AUCTION_BLOCK - 1) / STEER__AUCTION_BLOCK;
    n = m; /* rows: the agents, then the stand-ins */
    double *reals = steer_alloc(al, sizeof(double) * (4 * (size_t)n + 8 * (size_t)blocks), 8);
    int *ints = steer_alloc(al, sizeof(int) * 5 * (size_t)n, 8);
    steer_result r = STEER_ERROR_OUT_OF_MEMORY;
    if (reals && ints && (r = steer__assign_morton(to, n, dim, al, ints)) == STEER_OK) {
        /* everything by q: the places, the prices, who holds what */
        int *order = ints, *row_q = ints + n, *col_q = ints + 2 * n, *queue = ints + 3 * n, *index = ints + 4 * n;
        double *xyz = reals, *v_q = reals + 3 * (size_t)n;
        columns cols = {{xyz, xyz + n, xyz + 2 * n}, index, v_q + n, v_q + n + 6 * (size_t)blocks,
                        v_q + n + 7 * (size_t)blocks, blocks};
        for (int q = 0; q < n; ++q) {
            const steer_v3 p = to[order[q]];
            xyz[q] = p.x, xyz[n + q] = p.y, xyz[2 * n + q] = p.z;
            index[q] = order[q], v_q[q] = v[order[q]], row_q[q] = -1, col_q[q] = -1;
        }
        for (int blk = 0; blk < blocks; ++blk) {
            double *lo = cols.box + 6 * blk, *hi = lo + 3, least = INFINITY;
            for (int k = 0; k < 3; ++k) lo[k] = INFINITY, hi[k] = -INFINITY;
            for (int q = blk * STEER__AUCTION_BLOCK; q < n && q < (blk + 1) * STEER__AUCTION_BLOCK; ++q) {
                for (int k = 0; k < 3; ++k) lo[k] = fmin(lo[k], xyz[k * n + q]), hi[k] = fmax(hi[k], xyz[k * n + q]);
                least = fmin(least, -v_q[q]);
            }
            cols.least[blk] = least;
        }
        const auction a = {from, to, n, dim, NULL, NULL, &cols, real};
        run(&a, v_q, row_q, col_q, queue);
        for (int q = 0; q < n; ++q) v[order[q]] = v_q[q];
        for (int i = 0; i < n; ++i) col_of[i] = col_q[i] >= 0 ? order[col_q[i]] : -1;
    }
    steer_free(al, reals);
    steer_free(al, ints);
    return r;
}

/* The least-squares assignment: the Hungarian method (Kuhn 1955, Munkres
 * 1957) in its shortest-augmenting-path form with potentials u (rows,
 * `from`) and v (columns, `to`): rows are added one at a time, each by a
 * Dijkstra search over the columns for the cheapest path to a free column
 * under the reduced costs c(i, j) - u_i - v_j, which the potentials keep
 * >= 0 (and 0 on the assigned pairs). Costs are computed when needed: no
 * n x m matrix.
 *
 * The dense form scans every column from every row the search reaches:
 * with places in a crowd's geometry a search reaches most rows, so n^2 m
 * (37 s for 4096 scattered places). The sparse form searches the same way
 * but only along candidates: a row's k places nearest where a map of the
 * crowd onto the places sends its agent, in a large call also the k
 * nearest where the places' marginal quantiles send it (and the row being
 * added, when its candidates reach no free column, along every column). The
 * potentials are then those of the optimum of the candidate graph; a pass
 * over every pair checks them against the full costs, and a row's pairs
 * they do not cover join its candidates (the most uncovered, twice as
 * many each solve), and that row is added again on the potentials as they
 * are (with spare places every row, from the column potentials). When no
 * pair is left out, the potentials prove the assignment the least of all
 * (linear programming duality: u_i + v_j <= c(i, j) everywhere, v <= 0,
 * equality on the assigned pairs, 0 on the free columns).
 *
 * A large call (n m from STEER__ASSIGN_DENSE_FROM) starts nearer the
 * answer: its candidates surround where an exact solve of a sample sends
 * each agent (assign_predict.c), its first solve (without spare places)
 * starts from an auction's prices (assign_auction.c), and each later solve
 * adds again only the rows that gained candidates, with spare places too
 * (stand-in rows hold the free columns at v = 0, add_spare_row). */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "assign.h"
#include "analyzer.h"

#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "steer/grid.h"

double steer__assign_cost(steer_v3 a, steer_v3 b, int dim)
{
    double dx = (double)a.x - (double)b.x, dy = (double)a.y - (double)b.y, dz = (double)a.z - (double)b.z;
    return dim == 3 ? dx * dx + dy * dy + dz * dz : dx * dx + dy * dy;
}

/* The dense form keeps every cost in a table while it fits (the searches
 * scan the same rows again and again: a cost is a load, not six flops);
 * past that, each scanned row's costs are computed into one row of scratch.
 * The columns a search has not settled are kept in a list in index order,
 * so a scan reads only those and a tie still goes to the lower index. */
size_t steer__assign_dense_table = (size_t)1 << 20; /* costs: 8 MB */

/* Row i to column j where rows from `real` on stand in for free columns. */
static double row_cost(const steer_v3 *from, int real, const steer_v3 *to, int i, int j, int dim)
{
    return i < real ? steer__assign_cost(from[i], to[j], dim) : 0.0;
}

/* Row i's cheapest reduced cost over the m columns under v. (Not fmin:
 * gcc 12 for AArch64 at -O3 fails vectorising that reduction here, an
 * internal compiler error; the costs are finite, so the two agree.) */
static double row_least(const steer_v3 *from, int real, const steer_v3 *to, int m, int dim, int i, const double *v)
{
    double least = INFINITY;
    for (int j = 0; j < m; ++j) {
        const double c = (i < real ? steer__assign_cost(from[i], to[j], dim) : 0.0) - v[j];
        least = c < least ? c : least;
    }
    return least;
}

/* The dense form; with prices (v_start, m columns, every one <= 0) and
 * col_start (each row's column, -1: none), a row keeps its column where
 * that is its cheapest under those prices, and only the others are added.
 * Rows from `real` on (up to n) have no point and cost 0 to every column:
 * stand-ins that end holding the columns left free (out has real rows). */
static steer_result dense_solve(const steer_v3 *from, int n, const steer_v3 *to, int m, int dim,
                                const steer_allocator *allocator, int *out, const double *v_start,
                                const int *col_start, int real)
{
    if (n <= 0) return STEER_OK;
    /* rows 1..n and columns 1..m; column 0 is the search's root, holding the
     * row being added. row_of[j]: the row holding column j (0: free);
     * dist[j]: the cheapest reduced path found from the new row to column
     * j, prev[j] the column before j on it; todo: the columns not yet
     * settled, in index order */
    size_t cols = (size_t)m + 1, rows = (size_t)n + 1;
    const bool table = (size_t)real * (size_t)m <= steer__assign_dense_table;
    const size_t cost_count = (table ? (size_t)real * (size_t)m : (size_t)m) + (size_t)m; /* and a row of 0s */
    double *u = steer_alloc(allocator, sizeof(double) * (rows + 2 * cols), 8);
    double *costs = steer_alloc(allocator, sizeof(double) * cost_count, 8);
    int *row_of = steer_alloc(allocator, sizeof(int) * 3 * cols, 8);
    bool *seated = v_start ? steer_alloc(allocator, sizeof(bool) * (size_t)n, 8) : NULL;
    if (!u || !costs || !row_of || (v_start && !seated)) {
        steer_free(allocator, u);
        steer_free(allocator, costs);
        steer_free(allocator, row_of);
        steer_free(allocator, seated);
        return STEER_ERROR_OUT_OF_MEMORY;
    }
    double *v = u + rows, *dist = v + cols;
    int *prev = row_of + cols, *todo = prev + cols;
    for (size_t k = 0; k < rows; ++k) u[k] = 0.0;
    for (size_t j = 0; j < cols; ++j) v[j] = 0.0, row_of[j] = 0, prev[j] = 0;
    double *zeros = costs + cost_count - (size_t)m;
    for (int j = 0; j < m; ++j) zeros[j] = 0.0;
    if (table)
        for (int i = 0; i < real; ++i)
            for (int j = 0; j < m; ++j) costs[(size_t)i * (size_t)m + (size_t)j] = steer__assign_cost(from[i], to[j], dim);
    if (v_start) {
        for (int j = 0; j < m; ++j) v[j + 1] = v_start[j];
        for (int i = 0; i < n; ++i) {
            const int held = col_start[i];
            seated[i] = false;
            if (held < 0) continue;
            const double least = row_least(from, real, to, m, dim, i, v + 1);
            if (row_cost(from, real, to, i, held, dim) - v[held + 1] == least && row_of[held + 1] == 0)
                row_of[held + 1] = i + 1, u[i + 1] = least, seated[i] = true;
        }
    }
    for (int i = 1; i <= n; ++i) {
        if (v_start && seated[i - 1]) continue;
        for (size_t j = 0; j < cols; ++j) dist[j] = DBL_MAX;
        for (int t = 0; t < m; ++t) todo[t] = t + 1;
        int left = m; /* todo's length */
        row_of[0] = i;
        dist[0] = 0.0;
        int j0 = 0;
        do { /* Dijkstra: scan the nearest column's row, until a free column is nearest */
            const int i0 = row_of[j0];
            const double base = dist[j0] - u[i0];
            const double *cost; /* cost[j - 1]: row i0 to column j */
            if (i0 - 1 >= real) {
                cost = zeros;
            } else if (table) {
                cost = costs + (size_t)(i0 - 1) * (size_t)m;
            } else {
                for (int t = 0; t < left; ++t) costs[todo[t] - 1] = steer__assign_cost(from[i0 - 1], to[todo[t] - 1], dim);
                cost = costs;
            }
            double nearest = DBL_MAX;
            int at = 0; /* the nearest's place in todo */
            for (int t = 0; t < left; ++t) {
                const int j = todo[t];
                double d = base + cost[j - 1] - v[j];
                if (d < dist[j]) dist[j] = d, prev[j] = j0;
                if (dist[j] < nearest) nearest = dist[j], at = t; /* strict: the lower index on a tie */
            }
            j0 = todo[at];
            memmove(todo + at, todo + at + 1, sizeof(int) * (size_t)(left - at - 1)); /* settled */
            --left;
        } while (row_of[j0] != 0);
        /* potentials: every settled column's edge stays tight (the root and
         * the columns no longer in todo; the free column j0 reached last
         * changes by 0), every other reduced cost >= 0 */
        const double total = dist[j0];
        for (int j = 0, t = 0; j <= m; ++j) {
            if (t < left && todo[t] == j) {
                ++t;
                continue;
            }
            u[row_of[j]] += total - dist[j];
            v[j] -= total - dist[j];
        }
        do { /* the path, flipped back to the root */
            int j1 = prev[j0];
            row_of[j0] = row_of[j1];
            j0 = j1;
        } while (j0 != 0);
    }
    for (int j = 1; j <= m; ++j)
        if (row_of[j] && row_of[j] - 1 < real) out[row_of[j] - 1] = j - 1;
    steer_free(allocator, u);
    steer_free(allocator, costs);
    steer_free(allocator, row_of);
    steer_free(allocator, seated);
    return STEER_OK;
}

steer_result steer__assign_dense(const steer_v3 *from, int n, const steer_v3 *to, int m, int dim,
                                 const steer_allocator *allocator, int *out)
{
    return dense_solve(from, n, to, m, dim, allocator, out, NULL, NULL, n);
}

/* After the auction a row holds a column within epsilon of its cheapest,
 * and the search keeps only the rows whose column is exactly their
 * cheapest. Each held column's v is raised by as much of its holder's gap
 * as no other row's cheapest lets it (and never above 0), which makes the
 * holder tight and leaves every other row's cheapest as it was. A column's
 * raise depends on its own v alone, so the columns go in any order. Where
 * the auction leaves many near-ties the searches otherwise walk them all:
 * places clamped many to a point (4,000 agents into a world too small for
 * them: 7.5 s), agents stacked at a few points (4,000: 10.9 s). False
 * when memory runs out. */
static bool tighten(const steer_v3 *from, int n, const steer_v3 *to, int m, int dim, const steer_allocator *al,
                    double *v, const int *col_of)
{
    /* rows 0..n-1 the agents, n..m-1 stand-ins for the free columns (all
     * alike: one least for them all) */
    double *least = steer_alloc(al, sizeof(double) * ((size_t)n + 1), 8);
    if (!least) return false;
    for (int i = 0; i <= n && i < m; ++i) least[i] = row_least(from, n, to, m, dim, i, v);
    for (int i = 0; i < m; ++i) {
        const int j = col_of[i], own = i < n ? i : n;
        if (j < 0) continue;
        double raise = row_cost(from, n, to, i, j, dim) - v[j] - least[own];
        raise = fmin(raise, -v[j]);
        for (int k = 0; k < n && raise > 0.0; ++k)
            if (k != i) raise = fmin(raise, steer__assign_cost(from[k], to[j], dim) - v[j] - least[k]);
        if (i < n && m > n) raise = fmin(raise, -v[j] - least[n]); /* the stand-ins, all alike, as one row */
        if (raise > 0.0) v[j] += raise;
    }
    steer_free(al, least);
    return true;
}

/* Whether the auction's prices are of the costs' own size: at most
 * STEER__PRICE_SCALE times the dearest pair it seated. Its first epsilon
 * is a quarter of the widest spread of a row's costs, which one far place
 * sets: an agent 1 and 2 from two places and 1e10 from a third ended with
 * both near places priced about 6e19, where 1 - v and 4 - v are one double,
 * and the search, starting from them, proved the dearer place. Dense from
 * zero potentials keeps them to the costs it meets. */
#define STEER__PRICE_SCALE 64.0
static bool prices_fit(const steer_v3 *from, int n, const steer_v3 *to, int m, int dim, const double *v,
                       const int *col_of)
{
    double dearest = 0.0, largest = 0.0;
    for (int i = 0; i < n; ++i)
        if (col_of[i] >= 0) dearest = fmax(dearest, steer__assign_cost(from[i], to[col_of[i]], dim));
    for (int j = 0; j < m; ++j) largest = fmax(largest, -v[j]);
    return largest <= STEER__PRICE_SCALE * dearest;
}

steer_result steer__assign_priced(const steer_v3 *from, int n, const steer_v3 *to, int m, int dim,
                                  const steer_allocator *allocator, int *out)
{
    if (n <= 0) return STEER_OK;
    double *v = steer_alloc(allocator, sizeof(double) * (size_t)m, 8);
    int *col_of = steer_alloc(allocator, sizeof(int) * (size_t)m, 8);
    steer_result r = STEER_ERROR_OUT_OF_MEMORY;
    if (v && col_of) {
        for (int j = 0; j < m; ++j) v[j] = 0.0;
        r = steer__assign_auction_all(from, n, to, m, dim, allocator, v, col_of);
        if (r == STEER_OK && !prices_fit(from, n, to, m, dim, v, col_of)) {
            r = dense_solve(from, n, to, m, dim, allocator, out, NULL, NULL, n);
        } else {
            if (r == STEER_OK && !tighten(from, n, to, m, dim, allocator, v, col_of)) r = STEER_ERROR_OUT_OF_MEMORY;
            if (r == STEER_OK) r = dense_solve(from, m, to, m, dim, allocator, out, v, col_of, n);
        }
    }
    steer_free(allocator, v);
    steer_free(allocator, col_of);
    return r;
}
/* ---- the sparse form --------------------------------------------------------- */

/* A search's frontier: a binary min-heap of (dist, column), ties to the
 * lower column; entries made stale by a cheaper path are skipped when popped. */
typedef struct frontier {
    double *key;
    int *col;
    int count;
} frontier;

static bool before(const frontier *f, int a, int b)
{
    return f->key[a] < f->key[b] || (f->key[a] == f->key[b] && f->col[a] < f->col[b]);
}

static void swap_entries(frontier *f, int a, int b)
{
    double k = f->key[a];
    int c = f->col[a];
    f->key[a] = f->key[b], f->col[a] = f->col[b];
    f->key[b] = k, f->col[b] = c;
}

static void sift_down(frontier *f, int at)
{
    for (;;) {
        int l = 2 * at + 1, r = l + 1, least = at;
        if (l < f->count && before(f, l, least)) least = l;
        if (r < f->count && before(f, r, least)) least = r;
        if (least == at) return;
        swap_entries(f, at, least);
        at = least;
    }
}

static void push(frontier *f, double key, int col)
{
    int at = f->count++;
    f->key[at] = key, f->col[at] = col;
    while (at > 0 && before(f, at, (at - 1) / 2)) {
        swap_entries(f, at, (at - 1) / 2);
        at = (at - 1) / 2;
    }
}

static void pop(frontier *f, double *key, int *col)
{
    *key = f->key[0], *col = f->col[0];
    f->key[0] = f->key[--f->count], f->col[0] = f->col[f->count];
    sift_down(f, 0);
}

/* Candidates: row i's columns are cand[start[i] .. start[i + 1]). */
typedef struct candidates {
    int *start, *cand;
    int count, capacity;
} candidates;

typedef struct sparse_solve {
    const steer_v3 *from, *to;
    int n, m, dim;
    double *u, *v, *dist; /* dist: +inf but where the current search has been */
    int *row_of, *prev, *touched;
    bool *done;
    frontier heap;
} sparse_solve;

/* The search from the columns in the heap (their dist, prev and touched
 * set): the nearest column settled first, along the candidates of the row
 * that holds it, to the first free one; columns with skip[k] (skip may be
 * NULL) are never entered. Returns that column, or -1 when none is
 * reached; *t counts the touched columns, the reached ones added. */
static int settle(sparse_solve *s, const candidates *c, const bool *skip, int *t)
{
    while (s->heap.count > 0) {
        double d;
        int j;
        pop(&s->heap, &d, &j);
        if (s->done[j] || d != s->dist[j]) continue; /* stale */
        s->done[j] = true;
        const int i0 = s->row_of[j];
        if (i0 < 0) return j;
        const double base = d - s->u[i0];
        for (int e = c->start[i0]; e < c->start[i0 + 1]; ++e) {
            int k = c->cand[e];
            if (s->done[k] || (skip && skip[k])) continue;
            double nd = base + steer__assign_cost(s->from[i0], s->to[k], s->dim) - s->v[k];
            if (nd < s->dist[k]) {
                if (s->dist[k] == INFINITY) s->touched[(*t)++] = k;
                s->dist[k] = nd;
                s->prev[k] = j;
                push(&s->heap, nd, k);
            }
        }
    }
    return -1;
}

/* One search from row r (its potential 0, every v <= 0: each edge from it
 * has a reduced cost >= 0): along r's candidates (`whole`: every column),
 * then along the candidates of the rows it reaches, to the nearest free
 * column. Returns that column, or -1 when the candidates reach none. The
 * columns it reached are listed in s->touched (their count in *touched). */
static int search(sparse_solve *s, const candidates *c, int r, bool whole, int *touched)
{
    int t = 0;
    s->heap.count = 0;
    const int first = whole ? 0 : c->start[r], last = whole ? s->m : c->start[r + 1];
    for (int e = first; e < last; ++e) {
        int j = whole ? e : c->cand[e];
        double d = steer__assign_cost(s->from[r], s->to[j], s->dim) - s->v[j];
        s->dist[j] = d;
        s->prev[j] = -1;
        s->touched[t++] = j;
        push(&s->heap, d, j);
    }
    *touched = t;
    return settle(s, c, NULL, touched);
}

/* Adds row r: a search along the candidates (again over every column from
 * r if they reach no free column); the potentials follow, and the path
 * flips. */
static int add_row(sparse_solve *s, const candidates *c, int r)
{
    int touched, end = search(s, c, r, false, &touched);
    if (end < 0) {
        for (int q = 0; q < touched; ++q) s->dist[s->touched[q]] = INFINITY, s->done[s->touched[q]] = false;
        end = search(s, c, r, true, &touched); /* a free column is one step away: found */
    }
    const double total = s->dist[end];
    for (int q = 0; q < touched; ++q) {
        int j = s->touched[q];
        if (s->done[j] && s->row_of[j] >= 0) { /* scanned: its edge stays tight, the others >= 0 */
            s->u[s->row_of[j]] += total - s->dist[j];
            s->v[j] -= total - s->dist[j];
        }
    }
    s->u[r] += total;
    for (int j = end;;) { /* the path, flipped back to the root */
        int pj = s->prev[j];
        s->row_of[j] = pj < 0 ? r : s->row_of[pj];
        if (pj < 0) break;
        j = pj;
    }
    for (int q = 0; q < touched; ++q) s->dist[s->touched[q]] = INFINITY, s->done[s->touched[q]] = false;
    return end;
}

/* 2 x 2 symmetric matrices as {a, b, d} = [[a, b], [b, d]]. */
static void sym2_sqrt(const double x[3], double out[3]) /* of a positive definite one */
{
    double root_det = sqrt(fmax(x[0] * x[2] - x[1] * x[1], 0.0)), t = sqrt(x[0] + x[2] + 2.0 * root_det);
    out[0] = (x[0] + root_det) / t, out[1] = x[1] / t, out[2] = (x[2] + root_det) / t;
}

static void sym2_congruence(const double a[3], const double b[3], double out[3]) /* a b a */
{
    double ab00 = a[0] * b[0] + a[1] * b[1], ab01 = a[0] * b[1] + a[1] * b[2];
    double ab10 = a[1] * b[0] + a[2] * b[1], ab11 = a[1] * b[1] + a[2] * b[2];
    out[0] = ab00 * a[0] + ab01 * a[1];
    out[1] = ab00 * a[1] + ab01 * a[2];
    out[2] = ab10 * a[1] + ab11 * a[2];
}

static void sym2_inverse(const double x[3], double out[3])
{
    double det = x[0] * x[2] - x[1] * x[1];
    out[0] = x[2] / det, out[1] = -x[1] / det, out[2] = x[0] / det;
}

/* Where the agents would go if the places were a stretched copy of them:
 * the map between the two clouds' means and covariances that the least
 * squares picks for Gaussians (Knott and Smith 1984; in 2D; in 3D the
 * means and spreads only), which is close for a formation that is an
 * affine image of the crowd. For choosing candidates only: a formation
 * sent far away, turned or of another shape would otherwise give every
 * agent the same few nearest places. */
static void agents_in_places_frame(const steer_v3 *from, int n, const steer_v3 *to, int m, int dim, float *out)
{
    double ca[3] = {0, 0, 0}, cp[3] = {0, 0, 0}, sa[3][3] = {{0}}, sp[3][3] = {{0}};
    STEER__ANALYZER_ASSUME(dim == 2 || dim == 3); /* steer_assign_places' rule, and the world's */
    for (int i = 0; i < n; ++i)
        for (int a = 0; a < dim; ++a) ca[a] += (double)steer_v3_get(from[i], a) / n;
    for (int j = 0; j < m; ++j)
        for (int a = 0; a < dim; ++a) cp[a] += (double)steer_v3_get(to[j], a) / m;
    for (int i = 0; i < n; ++i)
        for (int a = 0; a < dim; ++a)
            for (int b = 0; b < dim; ++b)
                sa[a][b] += ((double)steer_v3_get(from[i], a) - ca[a]) * ((double)steer_v3_get(from[i], b) - ca[b]) / n;
    for (int j = 0; j < m; ++j)
        for (int a = 0; a < dim; ++a)
            for (int b = 0; b < dim; ++b)
                sp[a][b] += ((double)steer_v3_get(to[j], a) - cp[a]) * ((double)steer_v3_get(to[j], b) - cp[b]) / m;
    double map[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    double ta = 0.0, tp = 0.0;
    for (int a = 0; a < dim; ++a) ta += sa[a][a], tp += sp[a][a];
    if (ta > 0.0 && tp > 0.0 && ta < 1e300 && tp < 1e300) {
        if (dim == 2) { /* A = Sa^-1/2 (Sa^1/2 Sp Sa^1/2)^1/2 Sa^-1/2, each made definite by a trace's thousandth */
            double x[3] = {sa[0][0] + 1e-3 * ta, sa[0][1], sa[1][1] + 1e-3 * ta};
            double y[3] = {sp[0][0] + 1e-3 * tp, sp[0][1], sp[1][1] + 1e-3 * tp};
            double half[3], inv_half[3], mid[3], root[3], out_map[3];
            sym2_sqrt(x, half);
            sym2_inverse(half, inv_half);
            sym2_congruence(half, y, mid);
            sym2_sqrt(mid, root);
            sym2_congruence(inv_half, root, out_map);
            map[0][0] = out_map[0], map[0][1] = map[1][0] = out_map[1], map[1][1] = out_map[2];
        } else {
            double scale = sqrt(tp / ta);
            for (int a = 0; a < 3; ++a) map[a][a] = scale;
        }
    }
    for (int i = 0; i < n; ++i)
        for (int a = 0; a < dim; ++a) {
            double x = cp[a];
            for (int b = 0; b < dim; ++b) x += map[a][b] * ((double)steer_v3_get(from[i], b) - ca[b]);
            float seen = (float)x; /* beyond float range (places near it): where the agent stands */
            out[(size_t)i * 3 + (size_t)a] = isfinite(seen) ? seen : steer_v3_get(from[i], a);
        }
}

static bool append(candidates *c, int j, const steer_allocator *al);
static bool append_new(candidates *c, int i, int j, const steer_allocator *al);

/* A coordinate and whose it is: sorted by value, ties by index (a total
 * order, so any qsort gives the same ranks). */
typedef struct ranked { float value; int index; } ranked;
static int by_value(const void *a, const void *b)
{
    const ranked *x = a, *y = b;
    return x->value < y->value ? -1 : x->value > y->value ? 1 : (x->index > y->index) - (x->index < y->index);
}

/* Each agent where the places' marginal quantiles send it: along every
 * axis, the agent of rank r among n goes to the place of rank r (m - 1) /
 * (n - 1) among m. Several blocks sent to one grid land each on its own
 * part of it, which the affine map cannot do. false when memory runs out. */
static bool agents_by_quantiles(const steer_v3 *from, int n, const steer_v3 *to, int m, int dim,
                                const steer_allocator *al, float *out)
{
    ranked *agents = steer_alloc(al, sizeof *agents * (size_t)n, 8);
    ranked *places = steer_alloc(al, sizeof *places * (size_t)m, 8);
    bool ok = agents && places;
    for (int a = 0; ok && a < 3; ++a) {
        if (a >= dim) {
            for (int i = 0; i < n; ++i) out[(size_t)i * 3 + (size_t)a] = 0.0f;
            continue;
        }
        for (int i = 0; i < n; ++i) agents[i] = (ranked){steer_v3_get(from[i], a), i};
        for (int j = 0; j < m; ++j) places[j] = (ranked){steer_v3_get(to[j], a), j};
        qsort(agents, (size_t)n, sizeof *agents, by_value);
        qsort(places, (size_t)m, sizeof *places, by_value);
        for (int r = 0; r < n; ++r) {
            long long q = n > 1 ? ((long long)r * (m - 1) + (n - 1) / 2) / (n - 1) : (m - 1) / 2;
            out[(size_t)agents[r].index * 3 + (size_t)a] = places[q].value;
        }
    }
    steer_free(al, agents);
    steer_free(al, places);
    return ok;
}

steer_grid *steer__assign_grid(const float *xyz, int count, int dim, const steer_allocator *al)
{
    double spread = 0.0; /* the points' extent, in cells that hold about two each */
    float lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
    STEER__ANALYZER_ASSUME(dim == 2 || dim == 3);
    for (int j = 0; j < count; ++j)
        for (int a = 0; a < 3; ++a) {
            lo[a] = fminf(lo[a], xyz[(size_t)j * 3 + (size_t)a]);
            hi[a] = fmaxf(hi[a], xyz[(size_t)j * 3 + (size_t)a]);
        }
    for (int a = 0; a < dim; ++a) spread = fmax(spread, (double)hi[a] - (double)lo[a]);
    double cell = spread * pow(2.0 / count, 1.0 / dim);
    steer_grid_def gd = steer_default_grid_def();
    gd.dim = dim;
    gd.cell_size = cell > 1e-30 && cell < 1e30 ? (float)cell : 1.0f;
    gd.capacity = count;
    if (al) gd.allocator = *al; /* NULL: the grid's own, malloc */
    steer_grid *grid = steer_grid_create(&gd);
    if (grid && steer_grid_build(grid, xyz, count, 3) != STEER_OK) {
        steer_grid_destroy(grid);
        grid = NULL;
    }
    return grid;
}

/* Each row's k nearest places (to where the map sends its agent; in a
 * large call, and the k nearest to where the quantiles send it). */
static steer_result nearest_candidates(const steer_v3 *from, int n, const steer_v3 *to, int m, int dim, int k,
                                       const steer_allocator *al, candidates *c)
{
    float *seen = steer_alloc(al, sizeof(float) * 3 * (size_t)n, 8);
    float *places = steer_alloc(al, sizeof(float) * 3 * (size_t)m, 8);
    float *dist_sq = steer_alloc(al, sizeof(float) * (size_t)k, 8);
    steer_grid *grid = NULL;
    steer_result r = STEER_ERROR_OUT_OF_MEMORY;
    const bool large = (double)n * (double)m >= STEER__ASSIGN_DENSE_FROM;
    int *ranked = large ? steer_alloc(al, sizeof(int) * (size_t)n, 8) : NULL;
    if (seen && places && dist_sq && (!large || (ranked && steer__assign_predict(from, n, to, m, dim, al, seen, ranked) == STEER_OK))) {
        if (!large) agents_in_places_frame(from, n, to, m, dim, seen);
        for (int j = 0; j < m; ++j)
            for (int a = 0; a < 3; ++a) places[(size_t)j * 3 + (size_t)a] = steer_v3_get(to[j], a);
        if ((grid = steer__assign_grid(places, m, dim, al))) r = STEER_OK;
    }
    /* large calls: also the places nearest where the quantiles send each
     * agent (small calls keep their candidates, and so their answers) */
    float *quantile = NULL;
    int *near = steer_alloc(al, sizeof(int) * (size_t)k, 8);
    if (!near) r = STEER_ERROR_OUT_OF_MEMORY;
    if (r == STEER_OK && large) {
        quantile = steer_alloc(al, sizeof(float) * 3 * (size_t)n, 8);
        if (!quantile || !agents_by_quantiles(from, n, to, m, dim, al, quantile)) r = STEER_ERROR_OUT_OF_MEMORY;
    }
    if (r == STEER_OK) {
        for (int i = 0; i < n && r == STEER_OK; ++i) {
            c->start[i] = c->count;
            int got = steer_grid_nearest(grid, seen + (size_t)i * 3, k, near, dist_sq);
            for (int e = 0; e < got && r == STEER_OK; ++e)
                if (!append(c, near[e], al)) r = STEER_ERROR_OUT_OF_MEMORY;
            if (ranked && r == STEER_OK && !append_new(c, i, ranked[i], al)) r = STEER_ERROR_OUT_OF_MEMORY;
            if (!quantile) continue;
            got = steer_grid_nearest(grid, quantile + (size_t)i * 3, k, near, dist_sq);
            for (int e = 0; e < got && r == STEER_OK; ++e)
                if (!append_new(c, i, near[e], al)) r = STEER_ERROR_OUT_OF_MEMORY;
        }
        c->start[n] = c->count;
    }
    steer_free(al, quantile);
    steer_free(al, ranked);
    steer_free(al, near);
    steer_grid_destroy(grid);
    steer_free(al, seen);
    steer_free(al, places);
    steer_free(al, dist_sq);
    return r;
}

/* Appends column j to the lists being built, growing them through the
 * allocator; false when memory runs out. */
static bool append(candidates *c, int j, const steer_allocator *al)
{
    if (c->count == c->capacity) {
        size_t room = (size_t)c->capacity + (size_t)c->capacity / 2 + 16;
        int *more = room <= INT32_MAX ? steer_alloc(al, sizeof(int) * room, 8) : NULL;
        if (!more) return false;
        memcpy(more, c->cand, sizeof(int) * (size_t)c->count);
        steer_free(al, c->cand);
        c->cand = more;
        c->capacity = (int)room;
    }
    c->cand[c->count++] = j;
    return true;
}

/* Appends column j to row i's list (being built) unless it is there. */
static bool append_new(candidates *c, int i, int j, const steer_allocator *al)
{
    for (int f = c->start[i]; f < c->count; ++f)
        if (c->cand[f] == j) return true;
    return append(c, j, al);
}

/* Pairs the potentials do not cover (a reduced cost below zero, past
 * rounding, with a free column's v taken as 0): a row's k most uncovered
 * join its candidates, into `next` (`pick` keeps them: a frontier on minus
 * the reduced cost, room for k). Returns how many pairs are not covered,
 * or -1 when memory runs out. */
/* A large call's places in blocks of STEER__ASSIGN_BLOCK, consecutive in
 * Morton order, so that a row can pass over a block no pair of which it
 * leaves out. Its reduced cost with place j = c + d_j of block b is
 * |x|^2 - u_i - 2 x.c + r_j + (g - 2 x).d_j, with w_j = |y_j|^2 - v_j and
 * r_j = w_j - g.d_j for g the least-squares slope of w over the block (near
 * a row's own places g - 2 x is small): at least that with r_j at its least
 * and d_j at the box's corner. A block whose bound is clear of 0 by far
 * more than rounding has no pair left out; any other is checked pair by
 * pair as before, so the answer is the same. */
#define STEER__ASSIGN_BLOCK 32
typedef struct place_blocks {
    const int *order; /* the places in Morton order */
    double *data;     /* a block's centre, slope, box low and high corner (3 each), least r, size (of w and g.d) */
    int count;
} place_blocks;

static void fit_blocks(const place_blocks *pb, int m, int dim, const double *px, const double *py, const double *pz,
                       const double *pv)
{
    const double *axis[3] = {px, py, pz};
    for (int b = 0; b < pb->count; ++b) {
        const int first = b * STEER__ASSIGN_BLOCK, last = first + STEER__ASSIGN_BLOCK < m ? first + STEER__ASSIGN_BLOCK : m;
        double *c = pb->data + (size_t)b * 14, *g = c + 3, *lo = g + 3, *hi = lo + 3, *least = hi + 3, *size = least + 1;
        double mean_w = 0.0;
        for (int a = 0; a < 3; ++a) c[a] = 0.0, lo[a] = INFINITY, hi[a] = -INFINITY;
        for (int q = first; q < last; ++q) {
            const int j = pb->order[q];
            for (int a = 0; a < 3; ++a) c[a] += axis[a][j] / (last - first);
            mean_w += (px[j] * px[j] + py[j] * py[j] + pz[j] * pz[j] - pv[j]) / (last - first);
        }
        double s[3][3] = {{0}}, t[3] = {0, 0, 0}; /* the normal equations of the slope */
        for (int q = first; q < last; ++q) {
            const int j = pb->order[q];
            const double d[3] = {px[j] - c[0], py[j] - c[1], pz[j] - c[2]};
            const double w = px[j] * px[j] + py[j] * py[j] + pz[j] * pz[j] - pv[j] - mean_w;
            for (int a = 0; a < 3; ++a) {
                lo[a] = fmin(lo[a], d[a]), hi[a] = fmax(hi[a], d[a]), t[a] += d[a] * w;
                for (int e = 0; e < 3; ++e) s[a][e] += d[a] * d[e];
            }
        }
        const double ridge = 1e-9 * (s[0][0] + s[1][1] + s[2][2]) + 1e-300;
        for (int a = 0; a < 3; ++a) s[a][a] += ridge, g[a] = 2.0 * c[a]; /* without a slope: that of |y|^2 */
        if (dim == 2) {
            const double det = s[0][0] * s[1][1] - s[0][1] * s[1][0];
            if (det > 0.0 && isfinite(det))
                g[0] = (t[0] * s[1][1] - t[1] * s[0][1]) / det, g[1] = (s[0][0] * t[1] - s[1][0] * t[0]) / det;
            g[2] = 0.0;
        } else {
            const double m0 = s[1][1] * s[2][2] - s[1][2] * s[2][1], m1 = s[1][0] * s[2][2] - s[1][2] * s[2][0],
                         m2 = s[1][0] * s[2][1] - s[1][1] * s[2][0], det = s[0][0] * m0 - s[0][1] * m1 + s[0][2] * m2;
            if (det > 0.0 && isfinite(det)) {
                g[0] = (t[0] * m0 - s[0][1] * (t[1] * s[2][2] - s[1][2] * t[2]) + s[0][2] * (t[1] * s[2][1] - s[1][1] * t[2])) / det;
                g[1] = (s[0][0] * (t[1] * s[2][2] - s[1][2] * t[2]) - t[0] * m1 + s[0][2] * (s[1][0] * t[2] - t[1] * s[2][0])) / det;
                g[2] = (s[0][0] * (s[1][1] * t[2] - t[1] * s[2][1]) - s[0][1] * (s[1][0] * t[2] - t[1] * s[2][0]) + t[0] * m2) / det;
            }
        }
        *least = INFINITY, *size = 0.0;
        for (int q = first; q < last; ++q) {
            const int j = pb->order[q];
            const double w = px[j] * px[j] + py[j] * py[j] + pz[j] * pz[j] - pv[j];
            const double gd = g[0] * (px[j] - c[0]) + g[1] * (py[j] - c[1]) + g[2] * (pz[j] - c[2]);
            *least = fmin(*least, w - gd);
            *size = fmax(*size, fabs(w) + fabs(gd) + px[j] * px[j] + py[j] * py[j] + pz[j] * pz[j] + fabs(pv[j]));
        }
    }
}

/* Whether row i (at x, potential ui) leaves a pair out, block by block;
 * the test on a pair is widen's. */
static bool leaves_out(const place_blocks *pb, int m, const double x[3], double ui, const double *px, const double *py,
                       const double *pz, const double *pv)
{
    const double xx = x[0] * x[0] + x[1] * x[1] + x[2] * x[2], slack = fabs(ui);
    for (int b = 0; b < pb->count; ++b) {
        const double *c = pb->data + (size_t)b * 14, *g = c + 3, *lo = g + 3, *hi = lo + 3, least = hi[3], size = hi[4];
        const double xc = x[0] * c[0] + x[1] * c[1] + x[2] * c[2];
        double bound = xx - ui - 2.0 * xc + least, scale = xx + slack + 2.0 * fabs(xc) + fabs(least) + size;
        for (int a = 0; a < 3; ++a) {
            const double slope = g[a] - 2.0 * x[a], corner = fmin(slope * lo[a], slope * hi[a]);
            bound += corner, scale += fabs(corner);
        }
        if (bound >= 1e-12 * scale) continue; /* clear of 0 past any rounding (NaN is not: checked) */
        const int first = b * STEER__ASSIGN_BLOCK, last = first + STEER__ASSIGN_BLOCK < m ? first + STEER__ASSIGN_BLOCK : m;
        for (int q = first; q < last; ++q) {
            const int j = pb->order[q];
            const double dx = x[0] - px[j], dy = x[1] - py[j], dz = x[2] - pz[j], cost = dx * dx + dy * dy + dz * dz;
            if (cost - ui - pv[j] < -1e-9 * (cost + slack + fabs(pv[j]))) return true;
        }
    }
    return false;
}

/* Row i's pairs left out: counted, the k most uncovered of them not
 * among its candidates (mark) kept in pick. */
static long long left_out(const sparse_solve *s, int i, int k, frontier *pick, const bool *mark)
{
    long long missed = 0;
    pick->count = 0;
    for (int j = 0; j < s->m; ++j) {
        double cost = steer__assign_cost(s->from[i], s->to[j], s->dim), v = s->row_of[j] < 0 ? 0.0 : s->v[j];
        double reduced = cost - s->u[i] - v;
        if (!(reduced < -1e-9 * (cost + fabs(s->u[i]) + fabs(v)))) continue;
        ++missed; /* a candidate's only where a free column's v was below 0: the next solve starts it at 0 */
        if (mark[j]) continue;
        if (pick->count == k) {
            if (!(-reduced > pick->key[0])) continue; /* no more uncovered than the least of the k kept */
            double key;
            int col;
            pop(pick, &key, &col);
        }
        push(pick, -reduced, j);
    }
    return missed;
}

static long long widen(const sparse_solve *s, const candidates *c, int k, candidates *next, frontier *pick, bool *mark,
                       double *places, const place_blocks *blocks, const steer_allocator *al)
{
    /* the places and their v (a free column's as 0) in rows of doubles: a
     * first pass over a row, the same sums in the same order, finds whether
     * it has a pair left out at all, in a loop the compiler can widen */
    const size_t m = (size_t)s->m;
    double *px = places, *py = px + m, *pz = py + m, *pv = pz + m;
    for (size_t j = 0; j < m; ++j) {
        px[j] = (double)s->to[j].x, py[j] = (double)s->to[j].y, pz[j] = s->dim == 3 ? (double)s->to[j].z : 0.0;
        pv[j] = s->row_of[j] < 0 ? 0.0 : s->v[j];
    }
    if (blocks) fit_blocks(blocks, s->m, s->dim, px, py, pz, pv);
    long long missed = 0;
    bool ok = true;
    next->count = 0;
    for (int j = 0; j < s->m; ++j) mark[j] = false;
    for (int i = 0; i < s->n; ++i) {
        next->start[i] = next->count;
        for (int e = c->start[i]; e < c->start[i + 1]; ++e) {
            mark[c->cand[e]] = true;
            ok = ok && append(next, c->cand[e], al);
        }
        const double fx = (double)s->from[i].x, fy = (double)s->from[i].y, fz = s->dim == 3 ? (double)s->from[i].z : 0.0;
        const double ui = s->u[i], slack = fabs(ui);
        int any = 0;
        if (blocks) {
            const double x[3] = {fx, fy, fz};
            any = leaves_out(blocks, s->m, x, ui, px, py, pz, pv);
        } else {
            for (size_t j = 0; j < m; ++j) {
                const double dx = fx - px[j], dy = fy - py[j], dz = fz - pz[j], cost = dx * dx + dy * dy + dz * dz;
                any += cost - ui - pv[j] < -1e-9 * (cost + slack + fabs(pv[j]));
            }
        }
        pick->count = 0;
        if (any) missed += left_out(s, i, k, pick, mark);
        for (int q = 0; q < pick->count; ++q) ok = ok && append(next, pick->col[q], al);
        for (int e = c->start[i]; e < c->start[i + 1]; ++e) mark[c->cand[e]] = false;
    }
    next->start[s->n] = next->count;
    return ok ? missed : -1;
}

/* Which column each row holds (-1: none), from row_of. */
static void columns_held(const sparse_solve *s, int *col_of)
{
    for (int i = 0; i < s->n; ++i) col_of[i] = -1;
    for (int j = 0; j < s->m; ++j)
        if (s->row_of[j] >= 0) col_of[s->row_of[j]] = j;
}

/* After the auction: a row keeps its column where that is its cheapest
 * candidate under the potentials exactly (u_i then makes it tight and
 * every other candidate >= 0); the others give theirs up, for the search. */
static void keep_cheapest(sparse_solve *s, const candidates *c, int *col_of)
{
    columns_held(s, col_of);
    for (int i = 0; i < s->n; ++i) {
        double least = INFINITY;
        for (int e = c->start[i]; e < c->start[i + 1]; ++e)
            least = fmin(least, steer__assign_cost(s->from[i], s->to[c->cand[e]], s->dim) - s->v[c->cand[e]]);
        const int j = col_of[i];
        if (j >= 0 && steer__assign_cost(s->from[i], s->to[j], s->dim) - s->v[j] == least) {
            s->u[i] = least;
        } else {
            if (j >= 0) s->row_of[j] = -1;
            s->u[i] = 0.0;
        }
    }
}

/* With spare places the proof wants every free column at v = 0 and every
 * other below: the problem made square by m - n rows that cost 0 to every
 * column (any search may start from potentials as they are there), whose
 * potentials keep the columns they hold at the top. spare[j]: column j is
 * held by one of those rows (free, v = 0); a free column not so held is
 * open, whatever its v, and a real row's search may end on either (taking
 * a spare row's column leaves that row to be added again).
 *
 * Adds one spare row: its edges cost -v to every column, so the search
 * starts with every held column at -v (a spare-held one at 0, nothing to
 * relax from) and ends at the nearest open column; the potentials then
 * shift so that the spare-held columns stay at 0. */
static void add_spare_row(sparse_solve *s, const candidates *c, bool *spare)
{
    int t = 0;
    s->heap.count = 0;
    for (int j = 0; j < s->m; ++j) {
        if (spare[j]) continue;
        s->dist[j] = -s->v[j];
        s->prev[j] = -1;
        s->touched[t++] = j;
        push(&s->heap, s->dist[j], j);
    }
    const int end = settle(s, c, spare, &t); /* some column is open: one per spare row still waiting */
    const double total = s->dist[end];
    for (int q = 0; q < t; ++q) { /* the usual update, then every potential up by total */
        const int j = s->touched[q];
        const double d = s->done[j] ? s->dist[j] : total;
        s->v[j] += d;
        if (s->row_of[j] >= 0) s->u[s->row_of[j]] -= d;
    }
    int j = end;
    while (s->prev[j] >= 0) { /* the path, flipped back to the root: its first column is the spare row's */
        s->row_of[j] = s->row_of[s->prev[j]];
        j = s->prev[j];
    }
    s->row_of[j] = -1;
    spare[j] = true; /* at v + -v = 0 */
    for (int q = 0; q < t; ++q) s->dist[s->touched[q]] = INFINITY, s->done[s->touched[q]] = false;
}

/* Adds every row without a column, then the spare rows without one (the
 * free columns at 0 are theirs, as many as there are spare rows). */
static void seat_the_rest(sparse_solve *s, const candidates *c, int *col_of, bool *spare)
{
    int waiting = s->m - s->n;
    for (int j = 0; j < s->m; ++j) {
        spare[j] = waiting > 0 && s->row_of[j] < 0 && s->v[j] == 0.0;
        waiting -= spare[j];
    }
    columns_held(s, col_of);
    for (int i = 0; i < s->n; ++i) {
        if (col_of[i] >= 0) continue;
        s->u[i] = 0.0;
        const int end = add_row(s, c, i);
        if (spare[end]) spare[end] = false, ++waiting;
    }
    for (; waiting > 0; --waiting) add_spare_row(s, c, spare);
}

/* The assigned pairs are tight (u_i + v_j = c(i, j), past rounding): with
 * every pair covered, the proof that the sum is the least. */
static bool assigned_tight(const sparse_solve *s)
{
    for (int j = 0; j < s->m; ++j) {
        int i = s->row_of[j];
        if (i < 0) continue;
        double cost = steer__assign_cost(s->from[i], s->to[j], s->dim);
        if (!(fabs(cost - s->u[i] - s->v[j]) <= 1e-9 * (cost + fabs(s->u[i]) + fabs(s->v[j])))) return false;
    }
    return true;
}

/* Everything one sparse call works in, from the caller's allocator. */
typedef struct sparse_scratch {
    sparse_solve s;
    candidates c[2];    /* this solve's graph and the next one's (widen) */
    size_t heap_room;
    frontier pick;      /* widen's choice of a row's cheapest pairs left out */
    double *places;     /* the places in doubles, for widen */
    place_blocks blocks;
    int *block_order;   /* large calls: the places in Morton order */
    int *col_of, *queue; /* large calls: the auction's columns and queue */
    bool *spare_held;   /* with spare places, the stand-ins' columns */
} sparse_scratch;

static void sparse_free(sparse_scratch *x, const steer_allocator *al)
{
    steer_free(al, x->s.u);
    steer_free(al, x->s.row_of);
    steer_free(al, x->s.done);
    for (int g = 0; g < 2; ++g) {
        steer_free(al, x->c[g].start);
        steer_free(al, x->c[g].cand);
    }
    steer_free(al, x->s.heap.key);
    steer_free(al, x->s.heap.col);
    steer_free(al, x->pick.key);
    steer_free(al, x->pick.col);
    steer_free(al, x->col_of);
    steer_free(al, x->places);
    steer_free(al, x->block_order);
    steer_free(al, x->blocks.data);
}

/* The scratch for n agents, m places and k candidates each (the first
 * graph), every column free and unpriced. False when memory runs out
 * (sparse_free frees what was had). */
static bool sparse_alloc(sparse_scratch *x, const steer_v3 *from, int n, const steer_v3 *to, int m, int dim, int k,
                         const steer_allocator *al)
{
    const size_t edges = (size_t)n * (size_t)k;
    memset(x, 0, sizeof *x);
    sparse_solve *s = &x->s;
    s->from = from, s->to = to, s->n = n, s->m = m, s->dim = dim;
    s->u = steer_alloc(al, sizeof(double) * ((size_t)n + 2 * (size_t)m), 8);
    s->row_of = steer_alloc(al, sizeof(int) * 3 * (size_t)m, 8);
    s->done = steer_alloc(al, sizeof(bool) * (size_t)m, 8);
    for (int g = 0; g < 2; ++g) {
        x->c[g].start = steer_alloc(al, sizeof(int) * ((size_t)n + 1), 8);
        x->c[g].cand = steer_alloc(al, sizeof(int) * edges, 8);
        x->c[g].capacity = (int)edges;
    }
    x->heap_room = edges + (size_t)m; /* the first graph's pushes and the root's */
    s->heap.key = steer_alloc(al, sizeof(double) * x->heap_room, 8);
    s->heap.col = steer_alloc(al, sizeof(int) * x->heap_room, 8);
    x->pick = (frontier){steer_alloc(al, sizeof(double) * (size_t)m, 8), steer_alloc(al, sizeof(int) * (size_t)m, 8), 0};
    x->places = steer_alloc(al, sizeof(double) * 4 * (size_t)m, 8);
    x->col_of = steer_alloc(al, sizeof(int) * 2 * (size_t)n + (size_t)m, 8);
    if (!x->places || !x->col_of || !s->u || !s->row_of || !s->done || !x->c[0].start || !x->c[0].cand || !x->c[1].start ||
        !x->c[1].cand || !s->heap.key || !s->heap.col || !x->pick.key || !x->pick.col)
        return false;
    x->queue = x->col_of + n;
    x->spare_held = (bool *)(x->queue + n);
    s->v = s->u + n;
    s->dist = s->v + m;
    s->prev = s->row_of + m;
    s->touched = s->prev + m;
    for (int j = 0; j < m; ++j) s->dist[j] = INFINITY, s->done[j] = false, s->v[j] = 0.0, s->row_of[j] = -1;
    x->c[0].count = 0;
    return true;
}

/* A large call's places in Morton order, in blocks for widen. */
static steer_result sparse_blocks(sparse_scratch *x, const steer_v3 *to, int m, int dim, const steer_allocator *al)
{
    x->blocks.count = (m + STEER__ASSIGN_BLOCK - 1) / STEER__ASSIGN_BLOCK;
    x->block_order = steer_alloc(al, sizeof(int) * (size_t)m, 8);
    x->blocks.data = steer_alloc(al, sizeof(double) * 14 * (size_t)x->blocks.count, 8);
    if (!x->block_order || !x->blocks.data) return STEER_ERROR_OUT_OF_MEMORY;
    steer_result r = steer__assign_morton(to, m, dim, al, x->block_order);
    if (r == STEER_OK) x->blocks.order = x->block_order;
    return r;
}

/* Room in the heap for a search over graph c: the root's pushes (m at
 * most) and one a candidate. */
static bool sparse_heap_room(sparse_scratch *x, const candidates *c, const steer_allocator *al)
{
    size_t need = (size_t)c->count + (size_t)x->s.m;
    if (need <= x->heap_room) return true;
    steer_free(al, x->s.heap.key);
    steer_free(al, x->s.heap.col);
    x->s.heap.key = steer_alloc(al, sizeof(double) * need, 8);
    x->s.heap.col = steer_alloc(al, sizeof(int) * need, 8);
    x->heap_room = need;
    return x->s.heap.key && x->s.heap.col;
}

/* Whether row i gained candidates from graph was to graph now. */
static bool grew(const candidates *was, const candidates *now, int i)
{
    return now->start[i + 1] - now->start[i] > was->start[i + 1] - was->start[i];
}

/* One solve on graph now (was: the last solve's graph; round counts
 * solves from 1). */
static void sparse_solve_round(sparse_scratch *x, const candidates *was, const candidates *now, int round, bool large)
{
    sparse_solve *s = &x->s;
    const int n = s->n, m = s->m;
    if (large && (round > 1 || m == n)) {
        /* A large call's solve starts near the answer: the first from an
         * auction's prices, a later one from the last solve's, adding
         * again only the rows that gained candidates (and, with spare
         * places, the stand-ins for the free columns). With spare places
         * the first starts from 0 as below: the auction leaves thousands
         * of columns free below 0, each a stand-in's search (3.7 s
         * against 0.2 s from 0, 4096 agents to 8192 places). */
        if (round == 1) {
            for (int i = 0; i < n; ++i) x->col_of[i] = -1;
            steer__assign_auction(s->from, s->to, n, s->dim, now->start, now->cand, s->v, s->row_of, x->col_of, x->queue);
            keep_cheapest(s, now, x->col_of);
        } else {
            for (int j = 0; j < m; ++j)
                if (s->row_of[j] >= 0 && grew(was, now, s->row_of[j])) s->row_of[j] = -1;
        }
        seat_the_rest(s, now, x->col_of, x->spare_held);
    } else if (round > 1 && m == n) {
        /* Only the rows that gained candidates (they had pairs left
         * out) are added again, on the potentials as they are: their
         * own reset to 0 covers their new pairs (every v <= 0), and the
         * other rows' pairs are covered already. Every column ends
         * taken, so none needs its v back at 0. */
        for (int j = 0; j < m; ++j)
            if (s->row_of[j] >= 0 && grew(was, now, s->row_of[j])) s->row_of[j] = -1;
        for (int i = 0; i < n; ++i)
            if (grew(was, now, i)) s->u[i] = 0.0;
        for (int i = 0; i < n; ++i)
            if (grew(was, now, i)) add_row(s, now, i);
    } else {
        /* from the last solve's column potentials (every v <= 0; a
         * column it left free back at 0): its rows find their columns
         * nearly priced. Spare places start from 0: a column taken and
         * then left free would end below 0, which proves nothing. */
        for (int i = 0; i < n; ++i) s->u[i] = 0.0;
        for (int j = 0; j < m; ++j) {
            if (s->row_of[j] < 0 || m > n) s->v[j] = 0.0;
            s->row_of[j] = -1;
        }
        for (int i = 0; i < n; ++i) add_row(s, now, i);
    }
}

/* After a solve that left `missed` pairs out and a next graph of
 * next_count pairs: whether the dense form is the faster way on. */
static bool dense_is_faster(int n, int m, long long missed, int next_count, bool small_may_go_dense)
{
    /* a small call whose candidates missed widely (four blocks merging
     * into one grid, 200 agents: 6,304 pairs left out after the first
     * solve, then five solves and 12.4 ms, where the dense form takes
     * 1.5; 200 agents to 400 places: 16,511, six solves and 14.7 ms
     * against 4.8; a formation turned and reshaped misses 569, a
     * scattered crowd 12, and the sparse form is as fast there) */
    if (small_may_go_dense && (double)n * n * m <= STEER__ASSIGN_SMALL &&
        (double)missed > (double)n * (double)m / STEER__ASSIGN_MISSED_SHARE)
        return true;
    /* a graph this dense searches slower than the dense form scans (four
     * blocks merging into one grid, 2000 agents: the graph grew to a third
     * of all pairs in 10 solves, 8.3 s against the dense form's 1.8;
     * bailing out at an eighth took 5.2 s, at a twelfth 3.6; at a sixteenth
     * a formation of 1000 went dense, 4.7x slower). Small calls keep the
     * sparse form's answer (on ties the two forms may pick different
     * places of equal sums). */
    const bool large = (double)n * (double)m >= STEER__ASSIGN_DENSE_FROM;
    /* a large call whose candidates missed as widely (agents round a ring
     * about as far from every place: 18-19% of all pairs left out after the
     * first solve at 2000 and 4096, where bench/assign's other shapes leave
     * out at most 0.2%; agents stacked at a point, with spare places too)
     * widens for several solves and then goes dense anyway (4096: 3.3 s
     * before it); the dense form from an auction's prices takes it from
     * there at once */
    if (large && (double)missed > (double)n * (double)m / STEER__ASSIGN_MISSED_SHARE) return true;
    return large && (double)next_count > (double)n * (double)m / STEER__ASSIGN_DENSE_SHARE;
}

/* Where the sparse form gives up: a large call with at most twice as many
 * places as agents starts the dense form from an auction's prices over
 * every pair, spare places made square by stand-in rows (the ring round the
 * places: 4096 agents 1.6 s against 28 s from zero potentials; 2,000 agents
 * stacked at a point to 4,000 places 2.0 s against 17), the others from
 * zero. */
static steer_result dense_after_sparse(const steer_v3 *from, int n, const steer_v3 *to, int m, int dim,
                                       const steer_allocator *al, int *out, bool large)
{
    /* the priced form solves m rows (the stand-ins), about m^2 a phase: past
     * 2n places the dense form's n^2 m is less (50 stacked agents to 10,000
     * places: 6.8 s priced, 0.01 s dense) */
    if (large && m <= 2 * n) return steer__assign_priced(from, n, to, m, dim, al, out);
    return steer__assign_dense(from, n, to, m, dim, al, out);
}

steer_result steer__assign_sparse(const steer_v3 *from, int n, const steer_v3 *to, int m, int dim, int k,
                                  bool small_may_go_dense, const steer_allocator *al, int *out, int *rounds)
{
    if (rounds) *rounds = 0;
    if (n <= 0) return STEER_OK;
    if (k > m) k = m;
    if (k < 1) k = 1;
    sparse_scratch x;
    steer_result r = STEER_ERROR_OUT_OF_MEMORY;
    if (!sparse_alloc(&x, from, n, to, m, dim, k, al)) goto finish;
    if ((r = nearest_candidates(from, n, to, m, dim, k, al, &x.c[0])) != STEER_OK) goto finish;
    const bool large = (double)n * (double)m >= STEER__ASSIGN_DENSE_FROM;
    if (large && (r = sparse_blocks(&x, to, m, dim, al)) != STEER_OK) goto finish;
    for (int g = 0, round = 1;; g ^= 1, ++round) {
        if (rounds) *rounds = round;
        if (round > STEER__ASSIGN_ROUNDS) { /* candidates that keep missing: the dense form */
            r = dense_after_sparse(from, n, to, m, dim, al, out, large);
            goto finish;
        }
        r = STEER_ERROR_OUT_OF_MEMORY;
        if (!sparse_heap_room(&x, &x.c[g], al)) goto finish;
        sparse_solve_round(&x, &x.c[g ^ 1], &x.c[g], round, large);
        /* each solve lets a row take twice as many more (round is at most
         * STEER__ASSIGN_ROUNDS): a shape the first guess misses widely
         * converges in a few solves */
        const long long more = (long long)k << (round - 1);
        long long missed = widen(&x.s, &x.c[g], more > m ? m : (int)more, &x.c[g ^ 1], &x.pick, x.s.done, x.places,
                                 x.blocks.order ? &x.blocks : NULL, al);
        if (missed < 0) goto finish;
        if (dense_is_faster(n, m, missed, x.c[g ^ 1].count, small_may_go_dense) ||
            (missed == 0 && !assigned_tight(&x.s))) { /* (the last cannot happen: never an answer unproved) */
            r = dense_after_sparse(from, n, to, m, dim, al, out, large);
            goto finish;
        }
        if (missed == 0) break; /* every pair covered, and tight: the least of all */
    }
    for (int j = 0; j < m; ++j)
        if (x.s.row_of[j] >= 0) out[x.s.row_of[j]] = j;
    r = STEER_OK;
finish:
    sparse_free(&x, al);
    return r;
}

steer_result steer__assign_least_squares(const steer_v3 *from, int n, const steer_v3 *to, int m, int dim,
                                         const steer_allocator *allocator, int *out)
{
    /* the dense form where bench/assign measured it no slower on any of its
     * shapes: to 128 to 128 (0.5-1.5 ms against the sparse form's 1.1-3.6;
     * at 200 scattered places take it 5.1 ms against 3.3); past that the
     * sparse form, which a small call leaves for the dense one when its
     * first guess misses widely (spare places, blocks merging) */
    if ((double)n * n * m <= 128.0 * 128.0 * 128.0) return steer__assign_dense(from, n, to, m, dim, allocator, out);
    return steer__assign_sparse(from, n, to, m, dim, STEER__ASSIGN_CANDIDATES, true, allocator, out, NULL);
}

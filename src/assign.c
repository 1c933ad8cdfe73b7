/* The least-squares assignment: the Hungarian method (Kuhn 1955, Munkres
 * 1957) in its shortest-augmenting-path form with potentials u (rows,
 * `from`) and v (columns, `to`): rows are added one at a time, each by a
 * Dijkstra search over the columns for the cheapest path to a free column
 * under the reduced costs c(i, j) - u_i - v_j, which the potentials keep
 * >= 0 (and 0 on the assigned pairs). Costs are computed when needed: no
 * n x m matrix. */
#include "assign.h"

#include <float.h>
#include <stdbool.h>
#include <stddef.h>

double steer__assign_cost(steer_v3 a, steer_v3 b, int dim)
{
    double dx = (double)a.x - (double)b.x, dy = (double)a.y - (double)b.y, dz = (double)a.z - (double)b.z;
    return dim == 3 ? dx * dx + dy * dy + dz * dz : dx * dx + dy * dy;
}

steer_result steer__assign_least_squares(const steer_v3 *from, int n, const steer_v3 *to, int m, int dim,
                                         const steer_allocator *allocator, int *out)
{
    if (n <= 0) return STEER_OK;
    /* rows 1..n and columns 1..m; column 0 is the search's root, holding the
     * row being added. row_of[j]: the row holding column j (0: free);
     * dist[j]: the cheapest reduced path found from the new row to column
     * j, prev[j] the column before j on it */
    size_t cols = (size_t)m + 1, rows = (size_t)n + 1;
    double *u = steer_alloc(allocator, sizeof(double) * (rows + 2 * cols), 8);
    int *row_of = steer_alloc(allocator, sizeof(int) * 2 * cols, 8);
    bool *done = steer_alloc(allocator, sizeof(bool) * cols, 8);
    if (!u || !row_of || !done) {
        steer_free(allocator, u);
        steer_free(allocator, row_of);
        steer_free(allocator, done);
        return STEER_ERROR_OUT_OF_MEMORY;
    }
    double *v = u + rows, *dist = v + cols;
    int *prev = row_of + cols;
    for (size_t k = 0; k < rows; ++k) u[k] = 0.0;
    for (size_t j = 0; j < cols; ++j) v[j] = 0.0, row_of[j] = 0, prev[j] = 0;
    for (int i = 1; i <= n; ++i) {
        for (size_t j = 0; j < cols; ++j) dist[j] = DBL_MAX, done[j] = false;
        row_of[0] = i;
        dist[0] = 0.0;
        int j0 = 0;
        do { /* Dijkstra: scan the nearest column's row, until a free column is nearest */
            done[j0] = true;
            const int i0 = row_of[j0];
            const double base = dist[j0] - u[i0];
            double nearest = DBL_MAX;
            int next = 0;
            for (int j = 1; j <= m; ++j) {
                if (done[j]) continue;
                double d = base + steer__assign_cost(from[i0 - 1], to[j - 1], dim) - v[j];
                if (d < dist[j]) dist[j] = d, prev[j] = j0;
                if (dist[j] < nearest) nearest = dist[j], next = j; /* strict: the lower index on a tie */
            }
            j0 = next;
        } while (row_of[j0] != 0);
        /* potentials: every scanned column's edge stays tight, every other
         * reduced cost >= 0 */
        const double total = dist[j0];
        for (int j = 0; j <= m; ++j) {
            if (!done[j]) continue;
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
        if (row_of[j]) out[row_of[j] - 1] = j - 1;
    steer_free(allocator, u);
    steer_free(allocator, row_of);
    steer_free(allocator, done);
    return STEER_OK;
}

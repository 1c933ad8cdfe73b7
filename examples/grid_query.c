/* grid_query: the spatial index on its own, without a world. A thousand
 * trees are inserted into a hashed uniform grid; then which trees stand
 * within 3 of a walker, and which three are nearest. Both answers are
 * checked against brute force over every tree, which is what the grid
 * saves you from doing.
 *
 * Run: build/examples/grid_query */
#include <math.h>
#include <stdio.h>
#include <steer/steer.h>

enum { TREES = 1000, MAX_FOUND = 64, K = 3 };

int main(void)
{
    /* ---- init: a 2D grid with cells about the query radius ---- */
    steer_grid_def def = steer_default_grid_def();
    def.dim = 2;
    def.cell_size = 3.0f;
    steer_grid *grid = steer_grid_create(&def);
    if (!grid) return 1;

    float trees[TREES][2];
    steer_rng rng = steer_rng_make(3);
    for (int i = 0; i < TREES; ++i) {
        trees[i][0] = steer_rng_range(&rng, -50.0f, 50.0f);
        trees[i][1] = steer_rng_range(&rng, -50.0f, 50.0f);
        if (steer_grid_insert(grid, i, trees[i]) != STEER_OK) return 1; /* id i */
    }

    /* ---- update: the two queries ---- */
    const float walker[2] = {10.0f, -5.0f}, radius = 3.0f;
    int found[MAX_FOUND];
    int count = steer_grid_query_radius(grid, walker, radius, found, MAX_FOUND); /* ascending id */
    int nearest[K];
    float dist_sq[K];
    int k = steer_grid_nearest(grid, walker, K, nearest, dist_sq); /* closest first, ties by id */

    /* ---- print: the answers, and brute force's opinion of them ---- */
    printf("%d trees in the grid; %d within %.0f of (%.0f, %.0f):", steer_grid_count(grid), count, radius,
           walker[0], walker[1]);
    for (int i = 0; i < count && i < MAX_FOUND; ++i) printf(" %d", found[i]);
    printf("\nnearest %d:", k);
    for (int i = 0; i < k; ++i) printf(" %d (%.2f)", nearest[i], sqrtf(dist_sq[i]));
    printf("\n");

    /* Brute force, in double as the grid measures: the same ids within the
     * radius, and no other tree closer than the K-th nearest. */
    int within = 0, agree = count <= MAX_FOUND && k == K;
    double d2[TREES];
    for (int i = 0; i < TREES; ++i) {
        double dx = (double)trees[i][0] - walker[0], dy = (double)trees[i][1] - walker[1];
        d2[i] = dx * dx + dy * dy;
        if (d2[i] <= (double)radius * radius) agree &= within < count && found[within++] == i;
    }
    for (int i = 0; i < TREES && k == K; ++i) {
        int listed = 0;
        for (int j = 0; j < K; ++j) listed |= nearest[j] == i;
        if (!listed) agree &= d2[i] >= d2[nearest[K - 1]];
    }
    agree &= within == count;
    printf("brute force %s\n", agree ? "agrees" : "DISAGREES");

    /* ---- de-init ---- */
    steer_grid_destroy(grid);
    return agree ? 0 : 1;
}

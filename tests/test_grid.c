/* The spatial index against brute force: radius queries (set, ascending-id
 * order, truncation to the smallest ids), visits (each point once, in the
 * documented cell order, repeatably), k nearest (distance then id), the
 * insert/clear/build interplay, bad arguments and the allocator hook. */
#include <float.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "counting_allocator.h"
#include "steer/grid.h"
#include "steer/random.h"

/* ---- a point set with its brute-force answers ---------------------------- */

typedef struct set {
    int dim;
    float cell_size;
    int n;
    float pts[4096 * 3]; /* dim floats per point, insertion order */
    int ids[4096];
    int ordered;         /* coordinates small enough that cells are not clamped */
} set;

static set S;

static void set_begin(int dim, float cell_size)
{
    S.dim = dim;
    S.cell_size = cell_size;
    S.n = 0;
    S.ordered = 1;
}

static void set_add(int id, float x, float y, float z)
{
    float *p = S.pts + S.dim * S.n;
    p[0] = x;
    p[1] = y;
    if (S.dim == 3) p[2] = z;
    S.ids[S.n++] = id;
}

static int finite_point(const float *p, int dim)
{
    for (int a = 0; a < dim; ++a)
        if (!isfinite(p[a])) return 0;
    return 1;
}

/* d^2 in double, so that "d <= r" holds for any finite floats: in float,
 * r = 1e25 would square to infinity and let every point in. */
static double brute_d2(const float *p, const float *c, int dim)
{
    double dx = (double)p[0] - c[0], dy = (double)p[1] - c[1];
    double d2 = dx * dx + dy * dy;
    if (dim == 3) {
        double dz = (double)p[2] - c[2];
        d2 = d2 + dz * dz;
    }
    return d2;
}

/* Cell of a coordinate as the header describes it: floor(x / cell_size). */
static int cell_of(float x) { return (int)floorf(x / S.cell_size); }

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Indices into S sorted by documented visit order: cell (z, y, x), then
 * insertion order. */
static int cmp_visit(const void *a, const void *b)
{
    int i = *(const int *)a, j = *(const int *)b;
    const float *p = S.pts + S.dim * i, *q = S.pts + S.dim * j;
    for (int axis = S.dim - 1; axis >= 0; --axis) {
        int ci = cell_of(p[axis]), cj = cell_of(q[axis]);
        if (ci != cj) return ci < cj ? -1 : 1;
    }
    return (i > j) - (i < j);
}

static double g_d2[4096]; /* each point's d^2 to the current query */
static int cmp_nearest(const void *a, const void *b)
{
    int i = *(const int *)a, j = *(const int *)b;
    double di = g_d2[i], dj = g_d2[j];
    if (di != dj) return di < dj ? -1 : 1;
    return (S.ids[i] > S.ids[j]) - (S.ids[i] < S.ids[j]);
}

/* ---- query checks --------------------------------------------------------- */

typedef struct visit_log {
    int n;
    int ids[4096];
    float d2[4096];
} visit_log;

static void log_visit(int id, float distance_sq, void *context)
{
    visit_log *log = context;
    if (log->n < 4096) {
        log->ids[log->n] = id;
        log->d2[log->n] = distance_sq;
    }
    ++log->n;
}

static int idx_by_id(int id)
{
    for (int i = 0; i < S.n; ++i)
        if (S.ids[i] == id) return i;
    return -1;
}

static int hits[4096], out[4096 + 8], sorted_idx[4096];
static visit_log log_a, log_b;
static float out_d2[4096 + 8];

/* One radius query, checked every way; returns 1 if everything matched (so
 * callers can count how many passed without flooding CHECK counts). */
static int check_radius(steer_grid *g, const float *c, float r, steer_rng *rng)
{
    int ok = 1, found = 0;
    double r2 = (double)r * r;
    for (int i = 0; i < S.n; ++i)
        if (finite_point(S.pts + S.dim * i, S.dim) && brute_d2(S.pts + S.dim * i, c, S.dim) <= r2) hits[found++] = i;

    /* Ascending ids, all of them. */
    int expect_ids[4096];
    for (int h = 0; h < found; ++h) expect_ids[h] = S.ids[hits[h]];
    qsort(expect_ids, (size_t)found, sizeof(int), cmp_int);
    int total = steer_grid_query_radius(g, c, r, out, S.n + 8);
    ok &= total == found;
    for (int h = 0; ok && h < found; ++h) ok &= out[h] == expect_ids[h];

    /* Truncated: the smallest max_out ids, still counting the total. */
    int max_out = found ? (int)(steer_rng_u32(rng) % (uint32_t)(found + 1)) : 0;
    out[max_out] = -12345;
    total = steer_grid_query_radius(g, c, r, out, max_out);
    ok &= total == found && out[max_out] == -12345;
    for (int h = 0; ok && h < max_out; ++h) ok &= out[h] == expect_ids[h];
    ok &= steer_grid_query_radius(g, c, r, NULL, 0) == found;

    /* Visit: each hit once with its distance, in the documented order. */
    log_a.n = 0;
    ok &= steer_grid_query_visit(g, c, r, log_visit, &log_a) == found && log_a.n == found;
    if (ok && S.ordered) {
        qsort(hits, (size_t)found, sizeof(int), cmp_visit);
        for (int h = 0; ok && h < found; ++h)
            ok &= log_a.ids[h] == S.ids[hits[h]] && log_a.d2[h] == (float)brute_d2(S.pts + S.dim * hits[h], c, S.dim);
    } else if (ok) {
        int seen[4096] = {0};
        for (int h = 0; ok && h < found; ++h) {
            int i = idx_by_id(log_a.ids[h]);
            ok &= i >= 0 && !seen[i] && log_a.d2[h] == (float)brute_d2(S.pts + S.dim * i, c, S.dim);
            if (i >= 0) seen[i] = 1;
        }
    }
    /* The same again: repeatable. */
    log_b.n = 0;
    steer_grid_query_visit(g, c, r, log_visit, &log_b);
    ok &= log_b.n == log_a.n && memcmp(log_a.ids, log_b.ids, sizeof(int) * (size_t)found) == 0;
    if (!ok) fprintf(stderr, "radius query failed: dim %d n %d centre (%g, %g) r %g found %d\n", S.dim, S.n,
                     (double)c[0], (double)c[1], (double)r, found);
    return ok;
}

/* k = 1, 2, 3, 7, 20 and, when `all`, k = every point and more. */
static int check_nearest(steer_grid *g, const float *c, int all)
{
    int finite = 0;
    for (int i = 0; i < S.n; ++i)
        if (finite_point(S.pts + S.dim * i, S.dim)) {
            g_d2[i] = brute_d2(S.pts + S.dim * i, c, S.dim);
            sorted_idx[finite++] = i;
        }
    qsort(sorted_idx, (size_t)finite, sizeof(int), cmp_nearest);
    static const int ks[] = {1, 2, 3, 7, 20};
    int ok = 1;
    for (int t = 0; t < (all ? 7 : 5); ++t) {
        int k = t < 5 ? ks[t] : (t == 5 ? finite : finite + 5);
        if (k <= 0) continue;
        int expect = k < finite ? k : finite;
        int got = steer_grid_nearest(g, c, k, out, out_d2);
        ok &= got == expect;
        for (int i = 0; ok && i < expect; ++i)
            ok &= out[i] == S.ids[sorted_idx[i]] && out_d2[i] == (float)brute_d2(S.pts + S.dim * sorted_idx[i], c, S.dim);
        ok &= steer_grid_nearest(g, c, k, out, NULL) == expect;
        for (int i = 0; ok && i < expect; ++i) ok &= out[i] == S.ids[sorted_idx[i]];
    }
    if (!ok) fprintf(stderr, "nearest failed: dim %d n %d centre (%g, %g)\n", S.dim, S.n, (double)c[0], (double)c[1]);
    return ok;
}

static steer_grid *make_grid(int dim, float cell_size)
{
    steer_grid_def def = steer_default_grid_def();
    def.dim = dim;
    def.cell_size = cell_size;
    return steer_grid_create(&def);
}

/* Fill g with the current set: build() when ids are 0..n-1, else insert(). */
static void fill(steer_grid *g)
{
    int by_build = 1, failed = 0;
    for (int i = 0; i < S.n; ++i) by_build &= S.ids[i] == i;
    if (by_build) {
        failed = steer_grid_build(g, S.pts, S.n, S.dim) != STEER_OK;
    } else {
        steer_grid_clear(g);
        for (int i = 0; i < S.n; ++i) failed |= steer_grid_insert(g, S.ids[i], S.pts + S.dim * i) != STEER_OK;
    }
    CHECK(!failed);
    CHECK(steer_grid_count(g) == S.n);
}

static steer_grid *grid_of_set(void)
{
    steer_grid *g = make_grid(S.dim, S.cell_size);
    fill(g);
    return g;
}

/* Many queries on the current set: centres anywhere in [lo, hi], on data
 * points and on cell corners; radii below, at and above the cell size, at
 * the exact distance of some point, huge and infinite. */
static void check_set(const char *what, float lo, float hi, int queries, uint64_t seed)
{
    steer_rng rng = steer_rng_make(seed);
    steer_grid *g = grid_of_set();
    int radius_ok = 0, nearest_ok = 0, asked = 0;
    for (int q = 0; q < queries; ++q) {
        float c[3];
        int kind = q % 4;
        for (int a = 0; a < S.dim; ++a) {
            c[a] = steer_rng_range(&rng, lo, hi);
            if (kind == 3) c[a] = hi + (hi - lo) * steer_rng_range(&rng, 0, 4); /* far outside */
            if (kind == 1 && S.n > 0) c[a] = S.pts[S.dim * (int)(steer_rng_u32(&rng) % (uint32_t)S.n) + a];
            if (kind == 2) c[a] = floorf(c[a] / S.cell_size) * S.cell_size;
            if (!isfinite(c[a])) c[a] = 0.0f;
        }
        float r;
        switch (steer_rng_u32(&rng) % 8) {
        case 0: r = 0.0f; break;
        case 1: r = 0.5f * S.cell_size; break;
        case 2: r = S.cell_size; break;
        case 3: r = steer_rng_range(&rng, 1.0f, 4.0f) * S.cell_size; break;
        case 4: r = (hi - lo) * 2.0f; break;
        case 5: r = q % 16 == 5 ? INFINITY : 3.0f * S.cell_size; break;
        default: /* exactly the distance of some point */
            r = S.n ? (float)sqrt(brute_d2(S.pts + S.dim * (int)(steer_rng_u32(&rng) % (uint32_t)S.n), c, S.dim)) : 1.0f;
            if (!isfinite(r)) r = S.cell_size;
        }
        radius_ok += check_radius(g, c, r, &rng);
        nearest_ok += check_nearest(g, c, q % 4 == 0);
        ++asked;
    }
    if (radius_ok != asked || nearest_ok != asked) fprintf(stderr, "%s (dim %d)\n", what, S.dim);
    CHECK(radius_ok == asked);
    CHECK(nearest_ok == asked);

    /* Refilling the same grid, or a new one, from the same data visits in
     * the same order. */
    if (S.n > 0) {
        float c[3] = {0.5f * (lo + hi), 0.5f * (lo + hi), 0.5f * (lo + hi)};
        float r = 0.3f * (hi - lo);
        log_a.n = log_b.n = 0;
        steer_grid_query_visit(g, c, r, log_visit, &log_a);
        steer_grid *again = grid_of_set();
        steer_grid_query_visit(again, c, r, log_visit, &log_b);
        CHECK(log_a.n == log_b.n && memcmp(log_a.ids, log_b.ids, sizeof(int) * (size_t)log_a.n) == 0);
        fill(g);
        log_b.n = 0;
        steer_grid_query_visit(g, c, r, log_visit, &log_b);
        CHECK(log_a.n == log_b.n && memcmp(log_a.ids, log_b.ids, sizeof(int) * (size_t)log_a.n) == 0);
        steer_grid_destroy(again);
    }
    steer_grid_destroy(g);
}

/* ---- the point sets --------------------------------------------------------- */

static void test_random_uniform(int dim)
{
    steer_rng rng = steer_rng_make(11u + (uint64_t)dim);
    set_begin(dim, 4.0f);
    for (int i = 0; i < 700; ++i)
        set_add(i, steer_rng_range(&rng, -50, 50), steer_rng_range(&rng, -50, 50), steer_rng_range(&rng, -50, 50));
    check_set("uniform", -60, 60, 300, 1);
}

/* Integer lattice with cell size 2: points on cell boundaries, many exact
 * ties, points at exactly the radius (3-4-5), every lattice point twice. */
static void test_lattice_ties(int dim)
{
    set_begin(dim, 2.0f);
    int id = 0, zs = dim == 3 ? 4 : 0;
    for (int copy = 0; copy < 2; ++copy)
        for (int z = -zs; z <= zs; ++z)
            for (int y = -6; y <= 6; ++y)
                for (int x = -6; x <= 6; ++x) set_add(id++, (float)x, (float)y, (float)z);
    check_set("lattice", -7, 7, 300, 2);

    /* Exactly at distance == radius is inside. */
    steer_grid *g = grid_of_set();
    float c[3] = {0, 0, 0};
    int n = steer_grid_query_radius(g, c, 5.0f, out, 4096);
    int on_rim = 0;
    for (int i = 0; i < n; ++i) {
        const float *p = S.pts + dim * out[i];
        if (brute_d2(p, c, dim) == 25.0f) ++on_rim;
    }
    CHECK(on_rim >= 2 * 12); /* (+-3, +-4), (+-4, +-3), (+-5, 0), (0, +-5), twice */
    steer_grid_destroy(g);
}

static void test_coincident(int dim)
{
    steer_rng rng = steer_rng_make(3);
    set_begin(dim, 1.0f);
    for (int i = 0; i < 60; ++i) set_add(i, 2.5f, -1.0f, 0.25f);
    for (int i = 60; i < 100; ++i) set_add(i, steer_rng_range(&rng, -3, 3), steer_rng_range(&rng, -3, 3), steer_rng_range(&rng, -3, 3));
    for (int i = 100; i < 130; ++i) set_add(i, 2.5f, -1.0f, 0.25f);
    check_set("coincident", -4, 4, 200, 3);
}

static void test_negative_far(int dim)
{
    steer_rng rng = steer_rng_make(4);
    set_begin(dim, 7.5f);
    for (int i = 0; i < 400; ++i)
        set_add(i, steer_rng_range(&rng, -1e4f, -9e3f), steer_rng_range(&rng, -1e4f, -9.9e3f), steer_rng_range(&rng, -5e3f, -4.9e3f));
    check_set("negative far", -1e4f, -9e3f, 150, 4);
}

/* Cells much smaller than the spread, so big radii take the scan path; and
 * cells much larger, so everything shares one cell. */
static void test_cell_extremes(int dim)
{
    steer_rng rng = steer_rng_make(5);
    set_begin(dim, 0.01f);
    for (int i = 0; i < 300; ++i)
        set_add(i, steer_rng_range(&rng, -50, 50), steer_rng_range(&rng, -50, 50), steer_rng_range(&rng, -50, 50));
    check_set("tiny cells", -50, 50, 150, 5);
    S.cell_size = 1e6f;
    check_set("huge cells", -50, 50, 150, 6);
}

/* Far from the origin (cells clamped), up to FLT_MAX, mixed with near points. */
static void test_huge_coordinates(int dim)
{
    steer_rng rng = steer_rng_make(6);
    set_begin(dim, 1.0f);
    S.ordered = 0;
    static const float far[] = {1e30f, -1e30f, 3e38f, -3e38f, FLT_MAX, -FLT_MAX, 1e20f, 2e9f, -2e9f};
    int id = 0;
    for (int i = 0; i < 9; ++i)
        for (int j = 0; j < 9; ++j) set_add(id++, far[i], far[j], far[(i + j) % 9]);
    for (int i = 0; i < 60; ++i)
        set_add(id++, 1e30f + 1e25f * (float)(i % 7), -1e30f + 1e24f * (float)(i % 5), 1e30f);
    for (int i = 0; i < 60; ++i) set_add(id++, steer_rng_range(&rng, -5, 5), steer_rng_range(&rng, -5, 5), steer_rng_range(&rng, -5, 5));
    check_set("huge near origin", -6, 6, 120, 7);
    check_set("huge", -1e38f, 1e38f, 120, 8);

    /* Around 1e30: the radius picks out the cluster exactly. */
    steer_grid *g = grid_of_set();
    steer_rng r2 = steer_rng_make(9);
    int ok = 0;
    for (int q = 0; q < 60; ++q) {
        float c[3] = {1e30f + 1e25f * steer_rng_range(&rng, -1, 8), -1e30f + 1e24f * steer_rng_range(&rng, -1, 6), 1e30f};
        ok += check_radius(g, c, 1e25f * steer_rng_range(&rng, 0, 3), &r2) && check_nearest(g, c, 1);
    }
    CHECK(ok == 60);
    steer_grid_destroy(g);

    /* A radius whose float square overflows still means d <= r. */
    g = make_grid(dim, 1.0f);
    float two[6] = {0, 0, 0, 1e38f, 0, 0}, c[3] = {0, 0, 0};
    CHECK(steer_grid_build(g, two, 2, 3) == STEER_OK); /* in 2D, stride 3 skips a float */
    CHECK(steer_grid_query_radius(g, c, 2e19f, out, 4) == 1 && out[0] == 0);
    CHECK(steer_grid_query_radius(g, c, 1e38f, out, 4) == 2);
    CHECK(steer_grid_nearest(g, two + 3, 2, out, out_d2) == 2 && out[0] == 1 && out[1] == 0 && out_d2[1] == INFINITY);
    steer_grid_destroy(g);
}

static void test_single_and_empty(int dim)
{
    set_begin(dim, 2.0f);
    set_add(0, 1.0f, -3.0f, 5.0f);
    check_set("single", -10, 10, 100, 10);
    set_begin(dim, 2.0f);
    check_set("empty", -10, 10, 20, 11);
    steer_grid *g = make_grid(dim, 2.0f);
    float c[3] = {0, 0, 0};
    CHECK(steer_grid_query_radius(g, c, INFINITY, out, 10) == 0);
    CHECK(steer_grid_nearest(g, c, 3, out, out_d2) == 0);
    steer_grid_destroy(g);
}

/* Caller's ids (sparse, out of order, repeated positions), non-finite points
 * among them: stored and counted, never returned. */
static void test_inserted_ids_and_non_finite(int dim)
{
    steer_rng rng = steer_rng_make(12);
    set_begin(dim, 3.0f);
    S.ordered = 1;
    for (int i = 0; i < 500; ++i) {
        float x = steer_rng_range(&rng, -30, 30), y = steer_rng_range(&rng, -30, 30), z = steer_rng_range(&rng, -30, 30);
        if (i % 37 == 5) x = NAN;
        if (i % 41 == 7) y = INFINITY;
        if (i % 43 == 9) z = -INFINITY;
        set_add((i * 7919) % 100003, x, y, z);
    }
    check_set("inserted ids", -35, 35, 200, 12);

    /* Nothing non-finite comes back, even with an infinite radius or k. */
    steer_grid *g = grid_of_set();
    float c[3] = {0, 0, 0};
    int finite = 0;
    for (int i = 0; i < S.n; ++i) finite += finite_point(S.pts + dim * i, dim);
    CHECK(finite < S.n);
    CHECK(steer_grid_count(g) == S.n);
    CHECK(steer_grid_query_radius(g, c, INFINITY, out, 4096) == finite);
    CHECK(steer_grid_nearest(g, c, 100000, out, NULL) == finite);
    steer_grid_destroy(g);
}

/* ---- insert / clear / build ------------------------------------------------- */

static void test_insert_clear_build(void)
{
    steer_grid *g = make_grid(2, 1.0f);
    float c[2] = {0, 0};
    float p0[2] = {0.5f, 0.5f}, p1[2] = {-0.5f, 0.25f}, p2[2] = {10, 10};
    CHECK(steer_grid_insert(g, 42, p0) == STEER_OK);
    CHECK(steer_grid_query_radius(g, c, 1.0f, out, 8) == 1 && out[0] == 42);
    /* Inserting after a query is seen by the next query. */
    CHECK(steer_grid_insert(g, 7, p1) == STEER_OK);
    CHECK(steer_grid_insert(g, 9, p2) == STEER_OK);
    CHECK(steer_grid_query_radius(g, c, 1.0f, out, 8) == 2 && out[0] == 7 && out[1] == 42);
    CHECK(steer_grid_nearest(g, p2, 1, out, NULL) == 1 && out[0] == 9);
    CHECK(steer_grid_count(g) == 3);

    steer_grid_clear(g);
    CHECK(steer_grid_count(g) == 0);
    CHECK(steer_grid_query_radius(g, c, INFINITY, out, 8) == 0);
    CHECK(steer_grid_nearest(g, c, 4, out, NULL) == 0);

    /* build replaces everything with ids 0..n-1; stride skips extra floats. */
    CHECK(steer_grid_insert(g, 5, p0) == STEER_OK);
    float pts[3 * 3] = {1, 1, 99, 2, 2, 99, 3, 3, 99};
    CHECK(steer_grid_build(g, pts, 3, 3) == STEER_OK);
    CHECK(steer_grid_count(g) == 3);
    CHECK(steer_grid_query_radius(g, c, INFINITY, out, 8) == 3 && out[0] == 0 && out[1] == 1 && out[2] == 2);
    CHECK(steer_grid_nearest(g, pts + 6, 1, out, out_d2) == 1 && out[0] == 2 && out_d2[0] == 0.0f);
    /* and insert after build appends. */
    CHECK(steer_grid_insert(g, 100, c) == STEER_OK);
    CHECK(steer_grid_nearest(g, c, 2, out, NULL) == 2 && out[0] == 100 && out[1] == 0);
    CHECK(steer_grid_build(g, NULL, 0, 2) == STEER_OK && steer_grid_count(g) == STEER_OK);
    CHECK(steer_grid_query_radius(g, c, INFINITY, out, 8) == 0);

    /* Growth far past the first capacity keeps every point. */
    int failed = 0;
    for (int i = 0; i < 3000; ++i) {
        float p[2] = {(float)(i % 50), (float)(i / 50)};
        failed |= steer_grid_insert(g, i, p) != STEER_OK;
    }
    CHECK(!failed);
    CHECK(steer_grid_count(g) == 3000);
    CHECK(steer_grid_query_radius(g, c, INFINITY, out, 4096) == 3000);
    int ascending = 1;
    for (int i = 0; i < 3000; ++i) ascending &= out[i] == i;
    CHECK(ascending);
    steer_grid_destroy(g);
}

/* The visit order after insert() equals the order after build() of the same
 * points, and both equal the documented cell order. */
static void test_visit_order_insert_vs_build(void)
{
    steer_rng rng = steer_rng_make(21);
    float pts[300 * 3];
    for (int i = 0; i < 300 * 3; ++i) pts[i] = steer_rng_range(&rng, -10, 10);
    steer_grid *a = make_grid(3, 1.5f), *b = make_grid(3, 1.5f);
    CHECK(steer_grid_build(a, pts, 300, 3) == STEER_OK);
    for (int i = 0; i < 300; ++i) steer_grid_insert(b, i, pts + 3 * i);
    float c[3] = {1, -2, 0.5f};
    log_a.n = log_b.n = 0;
    int na = steer_grid_query_visit(a, c, 6.0f, log_visit, &log_a);
    int nb = steer_grid_query_visit(b, c, 6.0f, log_visit, &log_b);
    CHECK(na == nb && na == log_a.n && na > 20);
    CHECK(memcmp(log_a.ids, log_b.ids, sizeof(int) * (size_t)na) == 0);
    /* The order is not ascending id (it is by cell), so the check above has teeth. */
    int ascending = 1;
    for (int i = 1; i < na; ++i) ascending &= log_a.ids[i - 1] < log_a.ids[i];
    CHECK(!ascending);
    steer_grid_destroy(a);
    steer_grid_destroy(b);
}

/* ---- misuse --------------------------------------------------------------- */

static void test_create_refuses_bad_defs(void)
{
    steer_grid_def def = steer_default_grid_def();
    steer_grid *g = steer_grid_create(&def);
    CHECK(g != NULL);
    steer_grid_destroy(g);
    CHECK(steer_grid_create(NULL) == NULL);
    static const int dims[] = {0, 1, 4, -2};
    for (int i = 0; i < 4; ++i) {
        def = steer_default_grid_def();
        def.dim = dims[i];
        CHECK(steer_grid_create(&def) == NULL);
    }
    static const float sizes[] = {0.0f, -0.0f, -1.0f, NAN, INFINITY, -INFINITY};
    for (int i = 0; i < 6; ++i) {
        def = steer_default_grid_def();
        def.cell_size = sizes[i];
        CHECK(steer_grid_create(&def) == NULL);
    }
    def = steer_default_grid_def();
    def.capacity = -1;
    CHECK(steer_grid_create(&def) == NULL);
    def = steer_default_grid_def();
    def.allocator.free = counting_free; /* half an allocator */
    CHECK(steer_grid_create(&def) == NULL);
    steer_grid_destroy(NULL);
}

static void test_bad_arguments(void)
{
    float c[3] = {0, 0, 0}, nanc[3] = {NAN, 0, 0}, infc[3] = {0, INFINITY, 0};
    steer_grid *g = make_grid(3, 1.0f);
    float pts[6] = {0, 0, 0, 1, 1, 1};
    CHECK(steer_grid_build(g, pts, 2, 3) == STEER_OK);

    CHECK(steer_grid_build(NULL, pts, 2, 3) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(steer_grid_build(g, NULL, 2, 3) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(steer_grid_build(g, pts, -1, 3) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(steer_grid_build(g, pts, 2, 2) == STEER_ERROR_INVALID_ARGUMENT); /* stride shorter than a point */
    /* More than 2^26 points: refused before any point is read. */
    CHECK(steer_grid_build(g, pts, (1 << 26) + 1, 3) == STEER_ERROR_CAPACITY);
    CHECK(steer_grid_count(g) == 2);             /* failed builds change nothing */
    CHECK(steer_grid_insert(NULL, 0, c) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(steer_grid_insert(g, -1, c) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(steer_grid_insert(g, 0, NULL) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(steer_grid_count(g) == 2);
    CHECK(steer_grid_count(NULL) == 0);
    steer_grid_clear(NULL);

    CHECK(steer_grid_query_radius(NULL, c, 1.0f, out, 8) == 0);
    CHECK(steer_grid_query_radius(g, NULL, 1.0f, out, 8) == 0);
    CHECK(steer_grid_query_radius(g, c, -1.0f, out, 8) == 0);
    CHECK(steer_grid_query_radius(g, c, NAN, out, 8) == 0);
    CHECK(steer_grid_query_radius(g, nanc, 10.0f, out, 8) == 0);
    CHECK(steer_grid_query_radius(g, infc, INFINITY, out, 8) == 0);
    CHECK(steer_grid_query_radius(g, c, 10.0f, out, -3) == 2); /* counts, writes nothing */
    CHECK(steer_grid_query_visit(NULL, c, 1.0f, log_visit, &log_a) == 0);
    CHECK(steer_grid_query_visit(g, c, -1.0f, log_visit, &log_a) == 0);
    CHECK(steer_grid_query_visit(g, nanc, 1.0f, log_visit, &log_a) == 0);
    CHECK(steer_grid_query_visit(g, c, 10.0f, NULL, NULL) == 2); /* counts */
    CHECK(steer_grid_nearest(NULL, c, 1, out, NULL) == 0);
    CHECK(steer_grid_nearest(g, c, 0, out, NULL) == 0);
    CHECK(steer_grid_nearest(g, c, -5, out, NULL) == 0);
    CHECK(steer_grid_nearest(g, nanc, 1, out, NULL) == 0);
    CHECK(steer_grid_nearest(g, infc, 1, out, NULL) == 0);
    CHECK(steer_grid_nearest(g, c, 1, NULL, NULL) == 0);
    CHECK(steer_grid_nearest(g, c, 1, out, NULL) == 1 && out[0] == 0);
    steer_grid_destroy(g);
}

/* ---- the allocator hook ---------------------------------------------------- */

static void count_visit(int id, float distance_sq, void *context)
{
    (void)id;
    (void)distance_sq;
    ++*(int *)context;
}

static void test_allocator_hook(void)
{
    static counter cnt;
    counter_reset(&cnt, -1);
    steer_grid_def def = steer_default_grid_def();
    def.dim = 3;
    def.cell_size = 2.0f;
    def.capacity = 1000;
    def.allocator = allocator_of(&cnt);
    steer_grid *g = steer_grid_create(&def);
    CHECK(g != NULL);
    CHECK(cnt.allocs >= 1);

    steer_rng rng = steer_rng_make(31);
    static float pts[1000 * 3];
    for (int i = 0; i < 1000 * 3; ++i) pts[i] = steer_rng_range(&rng, -20, 20);
    long before = cnt.allocs;
    CHECK(steer_grid_build(g, pts, 1000, 3) == STEER_OK);
    CHECK(cnt.allocs == before); /* within the reserved capacity */

    /* Queries allocate nothing, including the lazy re-index after insert. */
    steer_grid_clear(g);
    int failed = 0;
    for (int i = 0; i < 900; ++i) failed |= steer_grid_insert(g, i, pts + 3 * i) != STEER_OK;
    CHECK(!failed);
    before = cnt.allocs;
    int visited = 0;
    float c[3] = {0, 0, 0};
    CHECK(steer_grid_query_radius(g, c, 5.0f, out, 4096) > 0);
    CHECK(steer_grid_query_visit(g, c, 1e9f, count_visit, &visited) == 900 && visited == 900);
    CHECK(steer_grid_nearest(g, c, 10, out, out_d2) == 10);
    CHECK(steer_grid_nearest(g, pts, 900, out, NULL) == 900);
    CHECK(cnt.allocs == before && cnt.frees == 0);

    /* Growth goes through the hook and frees the old block. */
    for (int i = 0; i < 1000; ++i) steer_grid_insert(g, 900 + i, pts + 3 * i);
    CHECK(cnt.allocs == before + 1 && cnt.frees == 1);

    /* Out of memory: STEER_ERROR_OUT_OF_MEMORY and the contents are kept. */
    cnt.fail_after = cnt.attempts; /* every allocation from here on */
    static float many[5000 * 3];
    CHECK(steer_grid_build(g, many, 5000, 3) == STEER_ERROR_OUT_OF_MEMORY);
    CHECK(steer_grid_count(g) == 1900);
    CHECK(steer_grid_query_radius(g, c, INFINITY, NULL, 0) == 1900);
    while (steer_grid_count(g) < 6000 && steer_grid_insert(g, 7, c) == STEER_OK) {
    }
    CHECK(steer_grid_count(g) < 6000); /* the insert that needed growth failed */
    int kept = steer_grid_count(g);
    CHECK(steer_grid_insert(g, 1, c) == STEER_ERROR_OUT_OF_MEMORY && steer_grid_count(g) == kept);
    steer_grid_destroy(g);
    CHECK(cnt.allocs == cnt.frees); /* everything returned */
    CHECK(cnt.bad_alignment == 0);

    /* A create that cannot allocate returns NULL and leaks nothing. */
    static counter none, one;
    counter_reset(&none, 0);
    def.allocator = allocator_of(&none);
    CHECK(steer_grid_create(&def) == NULL);
    counter_reset(&one, 1); /* the grid itself, but not its storage */
    def.allocator = allocator_of(&one);
    CHECK(steer_grid_create(&def) == NULL);
    CHECK(one.allocs == 1 && one.frees == 1);
}

int main(void)
{
    test_create_refuses_bad_defs();
    test_bad_arguments();
    for (int dim = 2; dim <= 3; ++dim) {
        test_random_uniform(dim);
        test_lattice_ties(dim);
        test_coincident(dim);
        test_negative_far(dim);
        test_cell_extremes(dim);
        test_huge_coordinates(dim);
        test_single_and_empty(dim);
        test_inserted_ids_and_non_finite(dim);
    }
    test_insert_clear_build();
    test_visit_order_insert_vs_build();
    test_allocator_hook();
    return check_summary("test_grid");
}

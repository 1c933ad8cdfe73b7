/* steer_world_query_radius, _box and _nearest against a brute
 * force over every agent: 2D and 3D, WRAP, CLAMP and NONE worlds (agents
 * far outside an unbounded world's box), several groups and masks, centres
 * inside and outside the box, radii from 0 to INFINITY, capacities below
 * the count; after steps, adds, removals and teleports (the index must
 * follow each), and a query after each of many adds one by one. A wrapped centre answers as its image in the box. The same
 * answers for 1, 2 and 4 workers; queries from several threads at once
 * agree; bad arguments are reported and refused. */
#define _POSIX_C_SOURCE 200809L /* pthread_barrier */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "misuse_report.h"
#include "steer/steer.h"

#define MAX_AGENTS 3000

typedef struct entry {
    steer_agent_id id;
    float distance;
    double dist_sq;
} entry;

static steer_v3 random_in(steer_rng *rng, steer_v3 lo, steer_v3 hi)
{
    return steer_v3_make(lo.x + steer_rng_float(rng) * (hi.x - lo.x), lo.y + steer_rng_float(rng) * (hi.y - lo.y),
                         lo.z + steer_rng_float(rng) * (hi.z - lo.z));
}

/* The definition, written out: double differences, the shortest way round a WRAP box. */
static int brute(const steer_world *w, const steer_world_def *wd, steer_v3 c, double reach, uint32_t groups, entry *out)
{
    static steer_agent_id ids[MAX_AGENTS];
    steer_world_view v = steer_world_get_view(w);
    CHECK(steer_world_get_agent_ids(w, ids, MAX_AGENTS) == v.count);
    const float *p[3] = {v.px, v.py, v.pz};
    double centre[3] = {c.x, c.y, c.z};
    double lo[3] = {wd->bounds_min.x, wd->bounds_min.y, wd->bounds_min.z};
    double hi[3] = {wd->bounds_max.x, wd->bounds_max.y, wd->bounds_max.z};
    int n = 0;
    for (int i = 0; i < v.count; ++i) {
        if (!(groups >> v.group[i] & 1u)) continue;
        double sum = 0.0;
        for (int a = 0; a < wd->dim; ++a) {
            double x = (double)p[a][i] - centre[a];
            if (wd->boundary == STEER_BOUNDARY_WRAP) {
                double e = hi[a] - lo[a];
                x = x > 0.5 * e ? x - e : (x < -0.5 * e ? x + e : x);
            }
            sum += x * x;
        }
        if (sum <= reach * reach) out[n++] = (entry){ids[i], (float)sqrt(sum), sum};
    }
    return n;
}

static int by_index(const void *a, const void *b)
{
    uint32_t x = ((const entry *)a)->id.index, y = ((const entry *)b)->id.index;
    return (x > y) - (x < y);
}

static int by_distance(const void *a, const void *b)
{
    const entry *x = a, *y = b;
    if (x->distance != y->distance) return x->distance < y->distance ? -1 : 1;
    return (x->id.index > y->id.index) - (x->id.index < y->id.index);
}

static bool same_id(steer_agent_id a, steer_agent_id b)
{
    return a.index == b.index && a.generation == b.generation && a.world == b.world;
}

/* One centre and distance: both queries against the brute force. Returns
 * the failures (0 when all agree). */
static int compare(const steer_world *w, const steer_world_def *wd, steer_v3 c, float reach, uint32_t groups, int capacity,
                   int k)
{
    static entry want[MAX_AGENTS];
    static steer_agent_id got[MAX_AGENTS];
    static float dist[MAX_AGENTS];
    int bad = 0;
    int n = brute(w, wd, c, reach, groups, want);
    qsort(want, (size_t)n, sizeof *want, by_index);
    int found = steer_world_query_radius(w, c, reach, groups, got, capacity);
    bad += found != n;
    for (int i = 0; i < (n < capacity ? n : capacity); ++i) bad += !same_id(got[i], want[i].id);
    n = brute(w, wd, c, INFINITY, groups, want); /* nearest: within max_distance, by distance then index */
    qsort(want, (size_t)n, sizeof *want, by_distance);
    int within = 0; /* those within reach (by the squared distance), in that order */
    for (int i = 0; i < n; ++i)
        if (want[i].dist_sq <= (double)reach * reach) want[within++] = want[i];
    int written = steer_world_query_nearest(w, c, k, reach, groups, got, dist);
    bad += written != (within < k ? within : k);
    for (int i = 0; i < written && i < within; ++i) bad += !same_id(got[i], want[i].id) || dist[i] != want[i].distance;
    return bad;
}

/* A box query against the definition: every agent with low <= p <= high on each axis. */
static int compare_box(const steer_world *w, const steer_world_def *wd, steer_v3 a, steer_v3 b, uint32_t groups, int capacity)
{
    static entry want[MAX_AGENTS];
    static steer_agent_id got[MAX_AGENTS], ids[MAX_AGENTS];
    steer_world_view v = steer_world_get_view(w);
    steer_world_get_agent_ids(w, ids, MAX_AGENTS);
    const float *p[3] = {v.px, v.py, v.pz};
    float lo[3] = {fminf(a.x, b.x), fminf(a.y, b.y), fminf(a.z, b.z)}, hi[3] = {fmaxf(a.x, b.x), fmaxf(a.y, b.y), fmaxf(a.z, b.z)};
    int n = 0;
    for (int i = 0; i < v.count; ++i) {
        bool in = groups >> v.group[i] & 1u;
        for (int k = 0; k < wd->dim; ++k) in = in && p[k][i] >= lo[k] && p[k][i] <= hi[k];
        if (in) want[n++] = (entry){ids[i], 0.0f, 0.0};
    }
    qsort(want, (size_t)n, sizeof *want, by_index);
    int found = steer_world_query_box(w, a, b, groups, got, capacity), bad = found != n;
    for (int i = 0; i < (n < capacity ? n : capacity); ++i) bad += !same_id(got[i], want[i].id);
    return bad;
}

static steer_world *make_world(steer_world_def *wd, int dim, steer_boundary boundary, int workers)
{
    *wd = steer_default_world_def();
    wd->dim = dim;
    wd->capacity = MAX_AGENTS;
    wd->boundary = boundary;
    wd->worker_count = workers;
    wd->bounds_min = steer_v3_make(-40, -30, dim == 3 ? -20 : 0);
    wd->bounds_max = steer_v3_make(40, 30, dim == 3 ? 20 : 0);
    steer_world *w = steer_world_create(wd);
    CHECK(w != 0);
    steer_group_def g = steer_default_group_def();
    g.max_speed = 6.0f; /* agents move a few cells a step: the index must follow */
    g.weight[STEER_WANDER] = 1.0f;
    for (int i = 0; i < 3; ++i) CHECK(steer_world_add_group(w, &g) == i);
    return w;
}

/* n agents at random in the world's box, of groups 0 .. groups - 1 in turn, all with one velocity. */
static void scatter(steer_world *w, const steer_world_def *wd, steer_rng *rng, int n, int groups, steer_v3 velocity)
{
    for (int i = 0; i < n; ++i) steer_world_add_agent(w, i % groups, random_in(rng, wd->bounds_min, wd->bounds_max), velocity);
}

static int random_queries(const steer_world *w, const steer_world_def *wd, steer_rng *rng, int count)
{
    static const float radii[] = {0.0f, 0.3f, 1.0f, 4.0f, 15.0f, 39.9f, 40.0f, 70.0f, 1e30f, INFINITY};
    steer_v3 lo = wd->bounds_min, hi = wd->bounds_max;
    steer_v3 wide_lo = steer_v3_scale(lo, 1.5f), wide_hi = steer_v3_scale(hi, 1.5f);
    int bad = 0, total = steer_world_agent_count(w);
    for (int q = 0; q < count; ++q) {
        bool inside = wd->boundary == STEER_BOUNDARY_WRAP || q % 3 != 0;
        steer_v3 c = random_in(rng, inside ? lo : wide_lo, inside ? hi : wide_hi);
        if (wd->dim == 2) c.z = 0.0f;
        float reach = radii[q % 10];
        uint32_t groups = q % 4 == 0 ? STEER_ALL_GROUPS : (uint32_t)(q % 7) ; /* some masks take no group */
        int capacity = q % 5 == 0 ? 3 : total + 1, k = q % 2 ? 1 + q % 13 : total + 5;
        bad += compare(w, wd, c, reach, groups, capacity, k);
        steer_v3 corner = random_in(rng, wide_lo, wide_hi); /* a box: corners in either order, some infinite */
        if (q % 7 == 3) corner.z = q % 2 ? INFINITY : -INFINITY;
        if (q % 11 == 5) corner.x = -INFINITY;
        bad += compare_box(w, wd, c, q % 13 == 0 ? c : corner, groups, capacity);
    }
    return bad;
}

static void test_against_brute_force(int dim, steer_boundary boundary)
{
    steer_world_def wd;
    steer_world *w = make_world(&wd, dim, boundary, 1);
    steer_rng rng = steer_rng_make(7 + (uint64_t)dim * 3 + boundary);
    steer_agent_id ids[MAX_AGENTS];
    int n = 2000, bad = 0;
    steer_v3 lo = wd.bounds_min, hi = wd.bounds_max;
    if (boundary == STEER_BOUNDARY_NONE) lo = steer_v3_scale(lo, 3.0f), hi = steer_v3_scale(hi, 3.0f);
    for (int i = 0; i < n; ++i) {
        steer_v3 p = random_in(&rng, lo, hi);
        if (i % 4 == 0) p = steer_v3_scale(p, 0.1f); /* a dense crowd near the centre */
        if (i % 97 == 0) p = steer_v3_make(5.0f, 5.0f, 0.0f); /* agents at one point: equal distances */
        ids[i] = steer_world_add_agent(w, i % 3, p, random_in(&rng, steer_v3_make(-3, -3, -3), steer_v3_make(3, 3, 3)));
    }
    CHECK(steer_world_agent_count(w) == n);
    bad += random_queries(w, &wd, &rng, 300); /* before any step */
    for (int s = 0; s < 4; ++s) {
        CHECK(steer_world_step(w, 0.25f) == STEER_OK);
        bad += random_queries(w, &wd, &rng, 100);
        for (int i = s; i < n; i += 50) /* removed, added and teleported between queries */
            if (steer_world_is_valid(w, ids[i])) CHECK(steer_world_remove_agent(w, ids[i]) == STEER_OK);
        bad += random_queries(w, &wd, &rng, 30);
        for (int i = s; i < n; i += 50) ids[i] = steer_world_add_agent(w, 2, random_in(&rng, lo, hi), steer_v3_make(0, 0, 0));
        bad += random_queries(w, &wd, &rng, 30);
        for (int i = s + 7; i < n; i += 40)
            CHECK(steer_world_teleport_agent(w, ids[i], random_in(&rng, lo, hi), steer_v3_make(0, 0, 0)) == STEER_OK);
        bad += random_queries(w, &wd, &rng, 30);
    }
    if (bad) fprintf(stderr, "dim %d boundary %d: %d disagreements\n", dim, boundary, bad);
    CHECK(bad == 0);
    steer_world_destroy(w);
}

/* A spawner's loop: a query, then one agent added, again and again. The
 * index keeps the added ones aside (looked at one by one) while they are
 * few and inside its box, and is built again past that: every answer
 * still the brute force's, with agents added inside the crowd, outside its
 * box, and more of them than the index keeps aside. */
static void test_added_one_by_one(int dim, steer_boundary boundary)
{
    steer_world_def wd;
    steer_world *w = make_world(&wd, dim, boundary, 1);
    steer_rng rng = steer_rng_make(11 + (uint64_t)dim * 5 + boundary);
    steer_v3 lo = wd.bounds_min, hi = wd.bounds_max;
    scatter(w, &wd, &rng, 200, 3, steer_v3_zero());
    int bad = 0;
    for (int i = 0; i < 400; ++i) {
        bad += random_queries(w, &wd, &rng, 1);
        /* mostly inside the crowd's box; now and then outside it, farther
         * each time (a NONE world keeps it there, past any box built before) */
        steer_v3 p = random_in(&rng, steer_v3_scale(lo, 0.5f), steer_v3_scale(hi, 0.5f));
        if (i % 37 == 5) p = steer_v3_scale(p, 4.0f + (float)i);
        steer_world_add_agent(w, i % 3, p, steer_v3_zero());
        if (i % 150 == 149) CHECK(steer_world_step(w, 0.1f) == STEER_OK);
    }
    bad += random_queries(w, &wd, &rng, 20);
    if (bad) fprintf(stderr, "added one by one, dim %d boundary %d: %d disagreements\n", dim, boundary, bad);
    CHECK(bad == 0);
    steer_world_destroy(w);
}

/* query_nearest_each: every row is query_nearest's answer for its centre;
 * with skip, each agent's own row is the k + 1 nearest without itself (every
 * agent as a centre, wrap and clamp, 2D and 3D). */
static void test_nearest_each(int dim, steer_boundary boundary)
{
    steer_world_def wd;
    steer_world *w = make_world(&wd, dim, boundary, 1);
    steer_rng rng = steer_rng_make(31 + (uint64_t)dim);
    enum { N = 600, K = 6 };
    static steer_agent_id ids[N], out[N * K], one[K + 1];
    static steer_v3 centres[N];
    static float dist[N * K], one_d[K + 1];
    static int found[N];
    for (int i = 0; i < N; ++i) {
        steer_v3 p = random_in(&rng, steer_v3_scale(wd.bounds_min, 0.3f), steer_v3_scale(wd.bounds_max, 0.3f));
        ids[i] = steer_world_add_agent(w, i % 3, p, steer_v3_make(0, 0, 0));
    }
    CHECK(steer_world_step(w, 0.1f) == STEER_OK);
    steer_agent_state st;
    for (int i = 0; i < N; ++i) {
        CHECK(steer_world_get_agent(w, ids[i], &st) == STEER_OK);
        centres[i] = st.position;
    }
    int bad = 0;
    for (int skipping = 0; skipping < 2; ++skipping) {
        int total = steer_world_query_nearest_each(w, centres, N, K, 4.0f, STEER_ALL_GROUPS, skipping ? ids : NULL, out, dist, found);
        int sum = 0;
        for (int c = 0; c < N; ++c) {
            sum += found[c];
            int n = steer_world_query_nearest(w, centres[c], K + 1, 4.0f, STEER_ALL_GROUPS, one, one_d), kept = 0;
            for (int j = 0; j < n && kept < K; ++j) {
                if (skipping && one[j].index == ids[c].index) continue;
                bad += out[c * K + kept].index != one[j].index || dist[c * K + kept] != one_d[j];
                ++kept;
            }
            bad += found[c] != kept;
        }
        bad += total != sum;
    }
    CHECK(bad == 0);
    /* refusals: nothing written, reported */
    steer_set_misuse_handler(misuse_record, 0);
    int before = misuse_last.count;
    found[0] = 77;
    centres[3] = steer_v3_make(NAN, 0, 0);
    CHECK(steer_world_query_nearest_each(w, centres, N, K, 4.0f, STEER_ALL_GROUPS, NULL, out, dist, found) == 0);
    CHECK_REPORT(before, STEER_MISUSE_QUERY_POINT, "steer_world_query_nearest_each", "centres[3] = (nan, 0, 0): must be finite");
    CHECK(found[0] == 77);
    before = misuse_last.count;
    CHECK(steer_world_query_nearest_each(w, centres, 3, STEER_NEAREST_EACH_SKIP_MAX + 1, 4.0f, STEER_ALL_GROUPS, ids, out, dist,
                                         found) == 0);
    CHECK(misuse_last.count == before + 1);
    before = misuse_last.count;
    CHECK(steer_world_query_nearest_each(w, centres, 3, K, 4.0f, STEER_ALL_GROUPS, NULL, NULL, dist, found) == 0);
    CHECK(misuse_last.count == before + 1);
    steer_set_misuse_handler(0, 0);
    steer_world_destroy(w);
}

/* An unbounded world's agents spread over the float range, and on a line:
 * the cells stay few, and the answers exact. */
static void test_extreme_spread(void)
{
    steer_world_def wd;
    steer_world *w = make_world(&wd, 3, STEER_BOUNDARY_NONE, 1);
    static const float xs[] = {-3e38f, -1e30f, -1.0f, -1e-30f, 0.0f, 1e-30f, 1e-3f, 1.0f, 1e20f, 3e38f};
    for (int i = 0; i < 10; ++i)
        for (int j = 0; j < 3; ++j) steer_world_add_agent(w, j, steer_v3_make(xs[i], (float)j * 1e-6f, 0.0f), steer_v3_make(0, 0, 0));
    static const float radii[] = {0.0f, 1e-30f, 1.0f, 1e21f, 1e31f, 3e38f, INFINITY};
    int bad = 0;
    for (int i = 0; i < 10; ++i)
        for (int r = 0; r < 7; ++r) {
            bad += compare(w, &wd, steer_v3_make(xs[i], 0.0f, 0.0f), radii[r], STEER_ALL_GROUPS, 64, 7);
            bad += compare(w, &wd, steer_v3_make(xs[i], 5e-7f, 2.0f), radii[r], 5u, 3, 31);
        }
    CHECK(bad == 0);
    CHECK(steer_world_memory_bytes(w) < 1u << 26); /* a few cells, not one per unit of the spread */
    steer_world_destroy(w);
}

/* A centre outside a WRAP box answers as its image inside. */
static void test_wrapped_centre(void)
{
    steer_world_def wd;
    steer_world *w = make_world(&wd, 2, STEER_BOUNDARY_WRAP, 1);
    steer_rng rng = steer_rng_make(11);
    scatter(w, &wd, &rng, 500, 1, steer_v3_make(0, 0, 0));
    steer_agent_id a[500], b[500];
    float da[500], db[500];
    int differ = 0;
    for (int q = 0; q < 50; ++q) {
        steer_v3 c = random_in(&rng, wd.bounds_min, wd.bounds_max);
        c = steer_v3_make(roundf(c.x), roundf(c.y), 0.0f); /* whole numbers: the image is exact */
        steer_v3 image = steer_v3_make(c.x + 80.0f * (float)(q % 3 + 1), c.y - 60.0f * (float)(q % 2 + 1), 0.0f);
        int n = steer_world_query_radius(w, c, 12.0f, STEER_ALL_GROUPS, a, 500);
        differ += n != steer_world_query_radius(w, image, 12.0f, STEER_ALL_GROUPS, b, 500) || memcmp(a, b, sizeof *a * (size_t)n);
        n = steer_world_query_nearest(w, c, 9, INFINITY, STEER_ALL_GROUPS, a, da);
        differ += n != steer_world_query_nearest(w, image, 9, INFINITY, STEER_ALL_GROUPS, b, db) ||
                  memcmp(a, b, sizeof *a * (size_t)n) || memcmp(da, db, sizeof *da * (size_t)n);
        CHECK(n == 9);
    }
    CHECK(differ == 0);
    steer_world_destroy(w);
}

/* The answers do not depend on the workers that stepped the world. */
static void test_same_for_any_workers(void)
{
    enum { N = 1500, Q = 40 };
    static steer_agent_id found[3][Q][64]; /* 48 from the radius query, then 16 nearest */
    static float dist[3][Q][16];
    int counts[3][Q];
    const int workers[3] = {1, 2, 4};
    for (int t = 0; t < 3; ++t) {
        steer_world_def wd;
        steer_world *w = make_world(&wd, 3, STEER_BOUNDARY_WRAP, workers[t]);
        steer_rng rng = steer_rng_make(3);
        scatter(w, &wd, &rng, N, 3, steer_v3_make(1, 0, 0));
        for (int s = 0; s < 10; ++s) CHECK(steer_world_step(w, 0.1f) == STEER_OK);
        steer_rng qr = steer_rng_make(4);
        for (int q = 0; q < Q; ++q) {
            steer_v3 c = random_in(&qr, wd.bounds_min, wd.bounds_max);
            counts[t][q] = steer_world_query_radius(w, c, 6.0f, 5u, found[t][q], 48);
            steer_world_query_nearest(w, c, 16, INFINITY, STEER_ALL_GROUPS, found[t][q] + 48, dist[t][q]);
            for (int i = 0; i < 64; ++i) found[t][q][i].world = 0; /* each world has its own identity */
        }
        steer_world_destroy(w);
    }
    CHECK(memcmp(found[0], found[1], sizeof found[0]) == 0 && memcmp(found[0], found[2], sizeof found[0]) == 0);
    CHECK(memcmp(dist[0], dist[1], sizeof dist[0]) == 0 && memcmp(dist[0], dist[2], sizeof dist[0]) == 0);
    CHECK(memcmp(counts[0], counts[1], sizeof counts[0]) == 0 && memcmp(counts[0], counts[2], sizeof counts[0]) == 0);
    int some = 0;
    for (int q = 0; q < Q; ++q) some += counts[0][q] > 0;
    CHECK(some > Q / 2); /* the queries found agents: the comparison means something */
}

/* Queries from several threads at once, right after a step (the first of them builds the index). */
#define QUERY_THREADS 4
typedef struct query_job {
    const steer_world *w;
    const steer_v3 *centres;
    int count;
    int *answers;
    pthread_barrier_t *start;
} query_job;

/* Each centre's two answers: how many within 5, and the nearest within 3 (count and first). */
static void answer_all(query_job *job)
{
    steer_agent_id out[8];
    float dist[8];
    for (int i = 0; i < job->count; ++i) {
        job->answers[2 * i] = steer_world_query_radius(job->w, job->centres[i], 5.0f, STEER_ALL_GROUPS, out, 8);
        out[0].index = 0;
        job->answers[2 * i + 1] = steer_world_query_nearest(job->w, job->centres[i], 8, 3.0f, STEER_ALL_GROUPS, out, dist) * 1000 +
                                  (int)out[0].index % 1000;
    }
}

static void *query_all(void *arg)
{
    query_job *job = arg;
    pthread_barrier_wait(job->start);
    answer_all(job);
    return 0;
}

static void test_concurrent_queries(void)
{
    enum { N = 2000, Q = 300 };
    steer_world_def wd;
    steer_world *w = make_world(&wd, 2, STEER_BOUNDARY_WRAP, 2);
    steer_rng rng = steer_rng_make(9);
    scatter(w, &wd, &rng, N, 1, steer_v3_make(1, 1, 0));
    static steer_v3 centres[Q];
    static int answers[QUERY_THREADS + 1][2 * Q];
    for (int i = 0; i < Q; ++i) centres[i] = random_in(&rng, wd.bounds_min, wd.bounds_max);
    int disagreements = 0;
    for (int s = 0; s < 5; ++s) {
        CHECK(steer_world_step(w, 0.1f) == STEER_OK);
        pthread_barrier_t start;
        CHECK(pthread_barrier_init(&start, 0, QUERY_THREADS) == 0);
        query_job jobs[QUERY_THREADS];
        pthread_t threads[QUERY_THREADS];
        for (int t = 0; t < QUERY_THREADS; ++t) {
            jobs[t] = (query_job){w, centres, Q, answers[t], &start};
            CHECK(pthread_create(&threads[t], 0, query_all, &jobs[t]) == 0);
        }
        for (int t = 0; t < QUERY_THREADS; ++t) pthread_join(threads[t], 0);
        pthread_barrier_destroy(&start);
        query_job alone = {w, centres, Q, answers[QUERY_THREADS], 0};
        answer_all(&alone); /* the same, one thread, the index already built */
        for (int t = 0; t < QUERY_THREADS; ++t) disagreements += memcmp(answers[t], answers[QUERY_THREADS], sizeof answers[t]) != 0;
    }
    CHECK(disagreements == 0);
    steer_world_destroy(w);
}

/* An index is built by the first query only, and counted in the memory. */
static void test_memory(void)
{
    steer_world_def wd;
    steer_world *w = make_world(&wd, 2, STEER_BOUNDARY_WRAP, 1);
    steer_rng rng = steer_rng_make(2);
    scatter(w, &wd, &rng, 1000, 1, steer_v3_make(0, 0, 0));
    CHECK(steer_world_step(w, 0.1f) == STEER_OK);
    size_t before = steer_world_memory_bytes(w);
    CHECK(steer_world_query_radius(w, steer_v3_make(0, 0, 0), 1e9f, STEER_ALL_GROUPS, 0, 0) == 1000);
    size_t after = steer_world_memory_bytes(w);
    CHECK(after >= before + 4 * 1000 && after <= before + 8 * 1000 + 1024);
    CHECK(steer_world_step(w, 0.1f) == STEER_OK);
    CHECK(steer_world_query_radius(w, steer_v3_make(0, 0, 0), 1e9f, STEER_ALL_GROUPS, 0, 0) == 1000);
    CHECK(steer_world_memory_bytes(w) == after); /* rebuilt in place */
    steer_world_destroy(w);
}

static void test_refusals(void)
{
    steer_set_misuse_handler(misuse_record, 0);
    steer_world_def wd;
    steer_world *w = make_world(&wd, 3, STEER_BOUNDARY_CLAMP, 1);
    steer_world_add_agent(w, 0, steer_v3_make(1, 1, 1), steer_v3_make(0, 0, 0));
    steer_agent_id out[2];
    float dist[2];
    steer_v3 o = steer_v3_make(0, 0, 0);
    int before = misuse_last.count;
    CHECK(steer_world_query_radius(w, steer_v3_make(0, NAN, 0), 1, STEER_ALL_GROUPS, out, 2) == 0);
    CHECK_REPORT(before, STEER_MISUSE_QUERY_POINT, "steer_world_query_radius", "centre = (0, nan, 0): must be finite");
    before = misuse_last.count;
    CHECK(steer_world_query_radius(w, o, -1.0f, STEER_ALL_GROUPS, out, 2) == 0);
    CHECK_REPORT(before, STEER_MISUSE_QUERY_DISTANCE, "steer_world_query_radius", "radius = -1: must be >= 0");
    before = misuse_last.count;
    CHECK(steer_world_query_radius(w, o, NAN, STEER_ALL_GROUPS, out, 2) == 0);
    CHECK_REPORT(before, STEER_MISUSE_QUERY_DISTANCE, "steer_world_query_radius", "radius = nan");
    before = misuse_last.count;
    CHECK(steer_world_query_radius(w, o, 5, STEER_ALL_GROUPS, 0, 2) == 0);
    CHECK_REPORT(before, STEER_MISUSE_NULL_ARGUMENT, "steer_world_query_radius", "out = NULL, capacity = 2");
    before = misuse_last.count;
    CHECK(steer_world_query_radius(w, o, 5, STEER_ALL_GROUPS, out, -1) == 0);
    CHECK_REPORT(before, STEER_MISUSE_COUNT_NEGATIVE, "steer_world_query_radius", "capacity = -1");
    before = misuse_last.count;
    CHECK(steer_world_query_radius(0, o, 5, STEER_ALL_GROUPS, out, 2) == 0);
    CHECK_REPORT(before, STEER_MISUSE_NULL_WORLD, "steer_world_query_radius", "world = NULL");
    before = misuse_last.count;
    CHECK(steer_world_query_box(w, o, steer_v3_make(1, 1, NAN), STEER_ALL_GROUPS, out, 2) == 0);
    CHECK_REPORT(before, STEER_MISUSE_QUERY_POINT, "steer_world_query_box", "corner_b = (1, 1, nan): must not be NaN");
    before = misuse_last.count;
    CHECK(steer_world_query_box(w, o, o, STEER_ALL_GROUPS, 0, 1) == 0);
    CHECK_REPORT(before, STEER_MISUSE_NULL_ARGUMENT, "steer_world_query_box", "out = NULL, capacity = 1");
    before = misuse_last.count;
    CHECK(steer_world_query_nearest(w, o, 2, INFINITY, STEER_ALL_GROUPS, out, 0) == 0);
    CHECK_REPORT(before, STEER_MISUSE_NULL_ARGUMENT, "steer_world_query_nearest", "distances = NULL, k = 2");
    before = misuse_last.count;
    CHECK(steer_world_query_nearest(w, o, -2, INFINITY, STEER_ALL_GROUPS, out, dist) == 0);
    CHECK_REPORT(before, STEER_MISUSE_COUNT_NEGATIVE, "steer_world_query_nearest", "k = -2");
    before = misuse_last.count;
    CHECK(steer_world_query_nearest(w, o, 2, -INFINITY, STEER_ALL_GROUPS, out, dist) == 0);
    CHECK_REPORT(before, STEER_MISUSE_QUERY_DISTANCE, "steer_world_query_nearest", "max_distance = -inf");
    before = misuse_last.count;
    CHECK(steer_world_query_nearest(w, steer_v3_make(0, 0, INFINITY), 2, 1, STEER_ALL_GROUPS, out, dist) == 0);
    CHECK_REPORT(before, STEER_MISUSE_QUERY_POINT, "steer_world_query_nearest", "centre = (0, 0, inf)");
    /* accepted: a count with no room, a k of 0, no group, the NULLs they allow */
    before = misuse_last.count;
    CHECK(steer_world_query_radius(w, o, 5, STEER_ALL_GROUPS, 0, 0) == 1);
    CHECK(steer_world_query_radius(w, o, 5, 0u, out, 2) == 0);
    CHECK(steer_world_query_nearest(w, o, 0, INFINITY, STEER_ALL_GROUPS, 0, 0) == 0);
    CHECK(steer_world_query_nearest(w, o, 2, INFINITY, STEER_ALL_GROUPS, out, dist) == 1);
    CHECK(steer_world_query_nearest(w, o, 2, 1.0f, STEER_ALL_GROUPS, out, dist) == 0); /* sqrt(3) away */
    CHECK(steer_world_query_box(w, steer_v3_make(2, 2, 2), o, STEER_ALL_GROUPS, out, 2) == 1); /* corners either way */
    CHECK(steer_world_query_box(w, steer_v3_make(1, 1, -INFINITY), steer_v3_make(1, 1, INFINITY), STEER_ALL_GROUPS, out, 2) == 1);
    CHECK(steer_world_query_box(w, steer_v3_make(1, 1, 1.5f), steer_v3_make(1, 1, 9), STEER_ALL_GROUPS, out, 2) == 0);
    CHECK(misuse_last.count == before);
    steer_world_destroy(w);
    steer_set_misuse_handler(check_count_misuse, 0);
}

int main(void)
{
    for (int dim = 2; dim <= 3; ++dim) {
        test_against_brute_force(dim, STEER_BOUNDARY_WRAP);
        test_against_brute_force(dim, STEER_BOUNDARY_CLAMP);
        test_against_brute_force(dim, STEER_BOUNDARY_NONE);
    }
    for (int dim = 2; dim <= 3; ++dim) {
        test_added_one_by_one(dim, STEER_BOUNDARY_WRAP);
        test_added_one_by_one(dim, STEER_BOUNDARY_CLAMP);
        test_added_one_by_one(dim, STEER_BOUNDARY_NONE);
    }
    for (int dim = 2; dim <= 3; ++dim) {
        test_nearest_each(dim, STEER_BOUNDARY_WRAP);
        test_nearest_each(dim, STEER_BOUNDARY_CLAMP);
    }
    test_extreme_spread();
    test_wrapped_centre();
    test_same_for_any_workers();
    test_concurrent_queries();
    test_memory();
    test_refusals();
    return check_summary("test_world_query");
}

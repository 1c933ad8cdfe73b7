/* Where each agent of a large call goes, roughly: the exact answer for a
 * sample of the agents and of the places, spread over each cloud, moves
 * every agent as its nearest sampled agents move. The least-squares map of
 * a square onto a turned one, or onto a sheared grid, is no affine map (its
 * corners bend inward); a sample of a few hundred follows it to within
 * about the sample's spacing, where the sparse form's candidates then look.
 *
 * The sample: each cloud in Morton order (the cells of a 2^10 or 2^16 wide
 * lattice over its box, ties by index), every s-th; as many places, in
 * proportion, as the call has. Deterministic: integer keys, a total order. */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "assign.h"
#include "analyzer.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>


/* agents in the sample: at most this many (and fewer, when the places are
 * many, to keep the sample's n m below the large form's) */
#define STEER__PREDICT_SAMPLE 256
/* the sampled agents whose moves an agent averages */
#define STEER__PREDICT_NEAREST 4

typedef struct keyed { uint64_t key; int index; } keyed;

static int by_key(const void *a, const void *b)
{
    const keyed *x = a, *y = b;
    return x->key < y->key ? -1 : x->key > y->key ? 1 : (x->index > y->index) - (x->index < y->index);
}

/* Spreads the low bits of x to every dim-th bit. */
static uint64_t spread_bits(uint64_t x, int dim, int bits)
{
    uint64_t out = 0;
    for (int b = 0; b < bits; ++b) out |= ((x >> b) & 1u) << (b * dim);
    return out;
}

/* The count points of p in Morton order (into order). */
static void morton_order(const steer_v3 *p, int count, int dim, keyed *order)
{
    float lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
    STEER__ANALYZER_ASSUME(dim == 2 || dim == 3);
    for (int i = 0; i < count; ++i)
        for (int a = 0; a < dim; ++a) {
            lo[a] = fminf(lo[a], steer_v3_get(p[i], a));
            hi[a] = fmaxf(hi[a], steer_v3_get(p[i], a));
        }
    const int bits = dim == 3 ? 10 : 16;
    const double cells = (double)((1u << bits) - 1u);
    for (int i = 0; i < count; ++i) {
        uint64_t key = 0;
        for (int a = 0; a < dim; ++a) {
            double width = (double)hi[a] - (double)lo[a];
            double t = width > 0.0 && width < 1e300 ? ((double)steer_v3_get(p[i], a) - lo[a]) / width : 0.0;
            key |= spread_bits((uint64_t)(fmin(fmax(t, 0.0), 1.0) * cells), dim, bits) << a;
        }
        order[i] = (keyed){key, i};
    }
    qsort(order, (size_t)count, sizeof *order, by_key);
}

steer_result steer__assign_morton(const steer_v3 *p, int count, int dim, const steer_allocator *al, int *order)
{
    keyed *keys = steer_alloc(al, sizeof *keys * (size_t)count, 8);
    if (!keys) return STEER_ERROR_OUT_OF_MEMORY;
    morton_order(p, count, dim, keys);
    for (int q = 0; q < count; ++q) order[q] = keys[q].index;
    steer_free(al, keys);
    return STEER_OK;
}

steer_result steer__assign_predict(const steer_v3 *from, int n, const steer_v3 *to, int m, int dim,
                                   const steer_allocator *al, float *out, int *ranked)
{
    int ns = n < STEER__PREDICT_SAMPLE ? n : STEER__PREDICT_SAMPLE;
    while (ns > 1 && (double)ns * ((double)ns * m / n + 1.0) >= STEER__ASSIGN_DENSE_FROM) --ns;
    /* as many places in proportion, below the large form's n m even for one agent (its sample must not sample) */
    const int ms = (int)fmin((double)((long long)ns * m / n), STEER__ASSIGN_DENSE_FROM / ns - 1.0);
    keyed *order = steer_alloc(al, sizeof *order * ((size_t)n + (size_t)m), 8);
    steer_v3 *sample = steer_alloc(al, sizeof *sample * (size_t)(ns + ms), 8);
    int *whose = steer_alloc(al, sizeof(int) * (size_t)ns, 8);
    float *at = steer_alloc(al, sizeof(float) * 6 * (size_t)ns, 8), *moves = NULL; /* where each sampled agent stands, and its move */
    steer_grid *grid = NULL;
    steer_result r = STEER_ERROR_OUT_OF_MEMORY;
    if (order && sample && whose && at) {
        steer_v3 *places = sample + ns;
        moves = at + 3 * (size_t)ns;
        morton_order(to, m, dim, order);
        for (int q = 0; q < ms; ++q) places[q] = to[order[(long long)q * m / ms + m / ms / 2].index];
        keyed *agents = order + m;
        morton_order(from, n, dim, agents);
        for (int q = 0; q < n; ++q) ranked[agents[q].index] = order[(long long)q * m / n].index;
        for (int q = 0; q < ns; ++q) sample[q] = from[agents[(long long)q * n / ns + n / ns / 2].index];
        r = steer__assign_sparse(sample, ns, places, ms, dim, STEER__ASSIGN_CANDIDATES, false, al, whose, NULL);
        if (r == STEER_OK) { /* each sampled agent's move, and the grid of where they stand */
            for (int q = 0; q < ns; ++q) {
                for (int a = 0; a < 3; ++a) {
                    at[q * 3 + a] = steer_v3_get(sample[q], a);
                    moves[q * 3 + a] = steer_v3_get(places[whose[q]], a) - steer_v3_get(sample[q], a);
                }
            }
            grid = steer__assign_grid(at, ns, dim, al);
            r = grid ? STEER_OK : STEER_ERROR_OUT_OF_MEMORY;
        }
    }
    if (r == STEER_OK) {
        int near[STEER__PREDICT_NEAREST];
        for (int i = 0; i < n; ++i) {
            const float p[3] = {from[i].x, from[i].y, from[i].z};
            int got = steer_grid_nearest(grid, p, STEER__PREDICT_NEAREST, near, NULL);
            double move[3] = {0.0, 0.0, 0.0};
            for (int e = 0; e < got; ++e)
                for (int a = 0; a < 3; ++a) move[a] += (double)moves[near[e] * 3 + a] / got;
            for (int a = 0; a < 3; ++a) {
                float seen = (float)((double)p[a] + move[a]);
                out[(size_t)i * 3 + (size_t)a] = a < dim && isfinite(seen) ? seen : (a < dim ? p[a] : 0.0f);
            }
        }
    }
    steer_grid_destroy(grid);
    steer_free(al, order);
    steer_free(al, sample);
    steer_free(al, whose);
    steer_free(al, at);
    return r;
}

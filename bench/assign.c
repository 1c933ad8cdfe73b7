/* bench/assign.c — the least-squares assignment of steer_world_send_to_places:
 * its sparse form (the one used past 128 agents) against the dense Hungarian
 * method, on the shapes an RTS or a crowd sends.
 *
 *   build/bench/assign [--sizes 500,1000,2000,4096] [--dense-max N] [--k K] [--repeat R] [--shape NAME] [--json]
 *
 *   scattered   n agents uniform in a square 1.5 sqrt(n) across, n places
 *               uniform in the same square moved half its side along x;
 *   formation   a lattice 1.6 apart (c x r) to a grid 1.5 apart of the
 *               other shape (r x c), turned 30 degrees, 60 away;
 *   spare       n agents to 2n places, both scattered as above;
 *   3D          the scattered case in a cube;
 *   merge       four blocks 1.6 apart at the corners of a square 180 across
 *               to one grid 2.6 apart in its middle ("select all, move
 *               here" after a battle on four fronts);
 *   ring        n agents evenly round a ring of radius 800 to a sunflower
 *               of n places about 3.5 apart at its centre (a box of units
 *               sent from afar: every agent about as far from every place,
 *               the Hungarian method's worst case).
 * Times are the best of R runs (default 3), one thread. The dense form runs
 * up to --dense-max agents (default 2000: it takes about 7 s there, n^2 m);
 * where both run, the table gives the two sums of squared distances, which
 * must agree. --k: the sparse form's candidates a row (default
 * STEER__ASSIGN_CANDIDATES). --json prints one line per case. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <steer/steer.h>

#include "bench_util.h"

#include "assign.h"

static double total_cost(const steer_v3 *from, int n, const steer_v3 *to, const int *place, int dim)
{
    double sum = 0.0;
    for (int i = 0; i < n; ++i) sum += steer__assign_cost(from[i], to[place[i]], dim);
    return sum;
}

typedef enum shape { SCATTERED, FORMATION, SPARE, CUBE, MERGE, RING, SHAPE_COUNT } shape;
static const char *shape_names[SHAPE_COUNT] = {"scattered", "formation", "spare", "3D", "merge", "ring"};

static int make_case(shape sh, int n, steer_v3 *from, steer_v3 *to)
{
    steer_rng rng = steer_rng_make(1000u + (uint64_t)n * 7u + (uint64_t)sh);
    int dim = sh == CUBE ? 3 : 2, m = sh == SPARE ? 2 * n : n;
    if (sh == FORMATION) {
        int c = (int)sqrt((double)n);
        while (n % c) --c;
        int r = n / c;
        const float turn = 0.5235988f, cs = cosf(turn), sn = sinf(turn);
        for (int i = 0; i < n; ++i) {
            from[i] = steer_v3_make(1.6f * (float)(i % c), 1.6f * (float)(i / c), 0.0f);
            float x = 1.5f * ((float)(i % r) - 0.5f * (float)(r - 1)), y = 1.5f * ((float)(i / r) - 0.5f * (float)(c - 1));
            to[i] = steer_v3_make(60.0f + cs * x - sn * y, 20.0f + sn * x + cs * y, 0.0f);
        }
        return m;
    }
    if (sh == MERGE) { /* four blocks 1.6 apart, one at each corner, to one grid 2.6 apart between them */
        for (int i = 0; i < n; ++i) {
            int a = i % 4, k = i / 4;
            float cx = a % 2 ? 90.0f : -90.0f, cy = a / 2 ? 90.0f : -90.0f;
            from[i] = steer_v3_make(cx + 1.6f * (float)(k % 25 - 12), cy + 1.6f * (float)(k / 25 - 10), 0.0f);
            to[i] = steer_v3_make(2.6f * (float)(i % 50) - 65.0f, 2.6f * (float)(i / 50) - 50.0f, 0.0f);
        }
        return m;
    }
    if (sh == RING) { /* the sunflower: Vogel's spiral, the golden angle apart */
        for (int i = 0; i < n; ++i) {
            double a = 6.283185307179586 * i / n, r = 2.0 * sqrt(i + 0.5), g = 2.399963229728653 * i;
            from[i] = steer_v3_make((float)(800.0 * cos(a)), (float)(800.0 * sin(a)), 0.0f);
            to[i] = steer_v3_make((float)(r * cos(g)), (float)(r * sin(g)), 0.0f);
        }
        return m;
    }
    float side = dim == 3 ? 1.5f * cbrtf((float)n) : 1.5f * sqrtf((float)n);
    /* one draw per statement: a function's arguments are evaluated in no set
     * order, and compilers differ (gcc took the z draw first), so the cases
     * were not the same under every compiler */
    for (int i = 0; i < n; ++i) {
        float z = dim == 3 ? steer_rng_range(&rng, 0, side) : 0.0f;
        float y = steer_rng_range(&rng, 0, side);
        float x = steer_rng_range(&rng, 0, side);
        from[i] = steer_v3_make(x, y, z);
    }
    for (int j = 0; j < m; ++j) {
        float z = dim == 3 ? steer_rng_range(&rng, 0, side) : 0.0f;
        float y = steer_rng_range(&rng, 0, side);
        float x = steer_rng_range(&rng, 0.5f * side, 1.5f * side);
        to[j] = steer_v3_make(x, y, z);
    }
    return m;
}

int main(int argc, char **argv)
{
    int sizes[16] = {500, 1000, 2000, 4096}, size_count = 4, dense_max = 2000, repeat = 3, k = STEER__ASSIGN_CANDIDATES;
    bool json = false;
    const char *only = NULL; /* --shape: one case */
    for (int a = 1; a < argc; ++a) {
        if (!strcmp(argv[a], "--sizes") && a + 1 < argc) {
            size_count = bench_parse_list("assign", "--sizes", argv[++a], sizes, 16, 1, STEER_MAX_PLACES);
        } else if (!strcmp(argv[a], "--dense-max") && a + 1 < argc) {
            dense_max = atoi(argv[++a]);
        } else if (!strcmp(argv[a], "--k") && a + 1 < argc) {
            k = atoi(argv[++a]);
        } else if (!strcmp(argv[a], "--repeat") && a + 1 < argc) {
            repeat = atoi(argv[++a]);
        } else if (!strcmp(argv[a], "--shape") && a + 1 < argc) {
            only = argv[++a];
        } else if (!strcmp(argv[a], "--json")) {
            json = true;
        } else {
            fprintf(stderr, "usage: %s [--sizes N,N,...] [--dense-max N] [--k K] [--repeat R] [--shape NAME] [--json]\n", argv[0]);
            return 2;
        }
    }
    if (repeat < 1) repeat = 1;
    steer_allocator heap = {0};
    if (!json) printf("%-10s %6s %6s %12s %12s %7s %18s %18s\n", "case", "n", "m", "dense ms", "sparse ms", "solves",
                      "dense sum", "sparse sum");
    int failures = 0;
    bool known = only == NULL;
    for (int sh = 0; sh < SHAPE_COUNT; ++sh) known = known || !strcmp(only, shape_names[sh]);
    if (!known) {
        fprintf(stderr, "assign: --shape %s: not one of scattered, formation, spare, 3D, merge, ring\n", only);
        return 2;
    }
    for (int sh = 0; sh < SHAPE_COUNT; ++sh)
        for (int z = 0; z < size_count && (only == NULL || !strcmp(only, shape_names[sh])); ++z) {
            int n = sizes[z];
            steer_v3 *from = malloc(sizeof *from * (size_t)n), *to = malloc(sizeof *to * 2 * (size_t)n);
            int *dense = malloc(sizeof(int) * (size_t)n), *sparse = malloc(sizeof(int) * (size_t)n);
            if (!from || !to || !dense || !sparse) return 1;
            int m = make_case((shape)sh, n, from, to), dim = sh == CUBE ? 3 : 2, solves = 0;
            double best_sparse = INFINITY, best_dense = NAN, dense_sum = NAN;
            for (int r = 0; r < repeat; ++r) {
                double t0 = bench_seconds();
                if (steer__assign_sparse(from, n, to, m, dim, k, false, &heap, sparse, &solves) != STEER_OK) return 1;
                best_sparse = fmin(best_sparse, bench_seconds() - t0);
            }
            double sparse_sum = total_cost(from, n, to, sparse, dim);
            if (n <= dense_max) {
                best_dense = INFINITY;
                for (int r = 0; r < (n > 1000 ? 1 : repeat); ++r) {
                    double t0 = bench_seconds();
                    if (steer__assign_dense(from, n, to, m, dim, &heap, dense) != STEER_OK) return 1;
                    best_dense = fmin(best_dense, bench_seconds() - t0);
                }
                dense_sum = total_cost(from, n, to, dense, dim);
                if (!(sparse_sum <= dense_sum * (1.0 + 1e-9))) ++failures;
            }
            if (json)
                printf("{\"case\":\"%s\",\"n\":%d,\"m\":%d,\"dense_ms\":%.3f,\"sparse_ms\":%.3f,\"solves\":%d,"
                       "\"dense_sum\":%.6f,\"sparse_sum\":%.6f}\n",
                       shape_names[sh], n, m, 1e3 * best_dense, 1e3 * best_sparse, solves, dense_sum, sparse_sum);
            else
                printf("%-10s %6d %6d %12.2f %12.2f %7d %18.6f %18.6f\n", shape_names[sh], n, m, 1e3 * best_dense,
                       1e3 * best_sparse, solves, dense_sum, sparse_sum);
            fflush(stdout);
            free(from), free(to), free(dense), free(sparse);
        }
    if (failures) fprintf(stderr, "%d cases: the sparse sum is above the dense one\n", failures);
    return failures ? 1 : 0;
}

/* The assignment of agents to places with the least sum of squared
 * distances (steer_world_send_to_places). */
#ifndef STEER_ASSIGN_INTERNAL_H
#define STEER_ASSIGN_INTERNAL_H

#include <stdbool.h>

#include "steer/alloc.h"
#include "steer/grid.h"
#include "steer/math.h"
#include "steer/result.h"

/* The checks of a call's places, reported as function's misuse: from
 * count to STEER_MAX_PLACES of them, not NULL when any, each finite
 * (steer_assign_places, steer_world_send_to_places and _send_assigned). */
bool steer__places_ok(const steer_v3 *places, int place_count, int count, const char *function);

/* The squared distance over the first dim axes, in doubles (no
 * difference of two floats overflows there): the assignment's cost. */
double steer__assign_cost(steer_v3 a, steer_v3 b, int dim);

/* For n points `from` and m >= n points `to`, writes out[i], the index of
 * the `to` point of from[i]: every from point gets its own, and the sum of
 * the squared distances (over the first dim axes, in doubles) is the least
 * any such choice gives. Ties go to the lower index, so the answer depends
 * on the inputs alone. Scratch from the allocator (NULL: malloc): O(n + m) and the
 * candidates (n k at first, more as they widen)
 * (OUT_OF_MEMORY if it fails, out untouched). Inputs finite. */
steer_result steer__assign_least_squares(const steer_v3 *from, int n, const steer_v3 *to, int m, int dim,
                                         const steer_allocator *allocator, int *out);

/* Its two forms (assign.c), the same least sum (the lower index on a tie
 * in each, which may pick another of equal sums). Dense: every column from
 * every row a search reaches, n^2 m; what small cases take. Sparse: a
 * search goes on from an assigned row along its k nearest places only, and
 * a pass over every pair widens those candidates until the potentials
 * cover every pair (at most STEER__ASSIGN_ROUNDS solves, then the dense
 * form); a large call (n m from STEER__ASSIGN_DENSE_FROM) takes its first
 * candidates from a sample's exact answer and starts each solve from
 * potentials near the answer (assign.c's opening comment). *rounds (if not
 * NULL): the solves it took. */
#define STEER__ASSIGN_CANDIDATES 16
#define STEER__ASSIGN_ROUNDS 24
/* past n m / this many candidate pairs the dense form is faster, for n m
 * from STEER__ASSIGN_DENSE_FROM on (about 500 agents to 500 places) */
#define STEER__ASSIGN_DENSE_SHARE 12.0
#define STEER__ASSIGN_DENSE_FROM 250000.0
/* small_may_go_dense: a small call (n^2 m up to 256^2 512: 256 agents to
 * 512 places, or about 320 to as many) goes dense when a solve leaves out
 * more than n m / this many pairs (the tests and the bench pass false to
 * see the sparse form's own work) */
#define STEER__ASSIGN_SMALL (256.0 * 256.0 * 512.0)
#define STEER__ASSIGN_MISSED_SHARE 16.0
steer_result steer__assign_dense(const steer_v3 *from, int n, const steer_v3 *to, int m, int dim,
                                 const steer_allocator *allocator, int *out);
/* The dense form started from an auction's prices over every pair (the
 * same least sum), the call made square by m - n rows that cost 0 to
 * every place (m >= n); from zero potentials where the prices came out far
 * larger than the costs (assign.c, prices_fit). */
steer_result steer__assign_priced(const steer_v3 *from, int n, const steer_v3 *to, int m, int dim,
                                  const steer_allocator *allocator, int *out);
/* The dense form keeps the n m costs in a table up to this many, and
 * past it computes each scanned row's again (the same answer either way;
 * a test sets 0 to run the second path). */
extern size_t steer__assign_dense_table;
steer_result steer__assign_sparse(const steer_v3 *from, int n, const steer_v3 *to, int m, int dim, int k,
                                  bool small_may_go_dense, const steer_allocator *allocator, int *out, int *rounds);

/* Near-optimal potentials for the sparse form's first solve of a large
 * call without spare places (assign_auction.c): an auction over the candidates (row i's are
 * cand[start[i] .. start[i + 1])) from the potentials v, lowering them.
 * row_of[j] / col_of[i]: the pairs it leaves (-1: none; on entry a
 * consistent matching); queue: room for n. */
void steer__assign_auction(const steer_v3 *from, const steer_v3 *to, int n, int dim, const int *start,
                           const int *cand, double *v, int *row_of, int *col_of, int *queue);
/* The same over every pair, n agents to m >= n places made square by m - n
 * rows that cost 0 to every place (they end holding the places left free),
 * from the potentials v (m; every column free on entry); col_of[i]: the
 * column row i of the m holds (-1: none). OUT_OF_MEMORY with v and col_of
 * untouched. */
steer_result steer__assign_auction_all(const steer_v3 *from, int n, const steer_v3 *to, int m, int dim,
                                       const steer_allocator *al, double *v, int *col_of);

/* Where each agent goes, roughly (assign_predict.c): the exact answer for
 * a sample spread over both clouds, each agent moved as its nearest sampled
 * agents move; out: 3 floats an agent. ranked[i]: the place of agent i's
 * rank in the two Morton orders (one place each: with it among the
 * candidates, every row can be seated). For the candidates of a large call. */
steer_result steer__assign_predict(const steer_v3 *from, int n, const steer_v3 *to, int m, int dim,
                                   const steer_allocator *al, float *out, int *ranked);

/* A grid of the count points xyz (3 floats each), its cells holding about
 * two of them over their extent (the nearest queries' answers do not
 * depend on the cell); NULL when memory runs out. */
steer_grid *steer__assign_grid(const float *xyz, int count, int dim, const steer_allocator *al);

/* order[q]: the index of the q-th of the count points in Morton order
 * (assign_predict.c; ties by index). */
steer_result steer__assign_morton(const steer_v3 *p, int count, int dim, const steer_allocator *al, int *order);

#endif

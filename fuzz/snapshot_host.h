/* The world a fuzzed snapshot is restored into, shared by fuzz_snapshot.c
 * and the seed generator (make_corpus.c): the small all-behaviours world of
 * tests/robust_world.h. A snapshot carries the state; capacity, limits and
 * threading belong to the host, so the seeds must come from worlds with
 * these limits. */
#ifndef STEER_FUZZ_SNAPSHOT_HOST_H
#define STEER_FUZZ_SNAPSHOT_HOST_H

#include "robust_world.h"

#define SNAPSHOT_HOST_AGENTS 24

static inline steer_world_def snapshot_host_def(int dim)
{
    robust_options o = robust_default_options(dim, SNAPSHOT_HOST_AGENTS);
    return robust_world_def(&o);
}

#endif

/* A counting allocator for the allocator hook of a def: allocations,
 * frees, live bytes and bad alignments counted (atomically: worlds
 * allocate from their workers too), and out of memory on request (every
 * attempt from the fail_after-th on, counting from 0). */
#ifndef STEER_TESTS_COUNTING_ALLOCATOR_H
#define STEER_TESTS_COUNTING_ALLOCATOR_H

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "steer/alloc.h"

#define COUNTING_HEADER 64 /* keeps 64-byte alignment and stores the size */

typedef struct counter {
    atomic_long allocs, frees, live_bytes, bad_alignment;
    long fail_after; /* attempts that succeed before every later one returns NULL; < 0: never fail */
    atomic_long attempts;
} counter;

static inline void *counting_alloc(size_t size, size_t alignment, void *context)
{
    counter *c = context;
    long attempt = atomic_fetch_add(&c->attempts, 1);
    if (c->fail_after >= 0 && attempt >= c->fail_after) return 0;
    if (alignment == 0 || (alignment & (alignment - 1)) != 0 || alignment > COUNTING_HEADER) atomic_fetch_add(&c->bad_alignment, 1);
    size_t rounded = (size + COUNTING_HEADER - 1) / COUNTING_HEADER * COUNTING_HEADER;
    unsigned char *base = aligned_alloc(COUNTING_HEADER, COUNTING_HEADER + rounded);
    if (!base) return 0;
    memcpy(base, &size, sizeof size);
    atomic_fetch_add(&c->allocs, 1);
    atomic_fetch_add(&c->live_bytes, (long)size);
    return base + COUNTING_HEADER;
}

static inline void counting_free(void *memory, void *context)
{
    counter *c = context;
    if (!memory) return;
    unsigned char *base = (unsigned char *)memory - COUNTING_HEADER;
    size_t size;
    memcpy(&size, base, sizeof size);
    atomic_fetch_add(&c->frees, 1);
    atomic_fetch_sub(&c->live_bytes, (long)size);
    free(base);
}

static inline void counter_reset(counter *c, long fail_after)
{
    atomic_store(&c->allocs, 0);
    atomic_store(&c->frees, 0);
    atomic_store(&c->live_bytes, 0);
    atomic_store(&c->bad_alignment, 0);
    atomic_store(&c->attempts, 0);
    c->fail_after = fail_after;
}

static inline steer_allocator allocator_of(counter *c) { return (steer_allocator){counting_alloc, counting_free, c}; }

#endif

/* Private: the built-in worker pool behind the world's task callbacks. A
 * task over [0, count) is cut into chunks, several per worker; each worker
 * claims its own contiguous share first, then the others'. The calling
 * thread works too. Without pthreads (WebAssembly) it runs serially. */
#ifndef STEER_THREAD_POOL_H
#define STEER_THREAD_POOL_H

#include "steer/alloc.h"
#include "steer/world.h"

typedef struct steer__pool steer__pool;

/* NULL when workers <= 1 (serial) or threads are unavailable. */
steer__pool *steer__pool_create(int workers, const steer_allocator *allocator);
void steer__pool_destroy(steer__pool *pool, const steer_allocator *allocator);
/* Runs task over [0, count) split across the workers; returns when all done. */
void steer__pool_run(steer__pool *pool, steer_task_fn *task, int count, void *context);
int steer__pool_workers(const steer__pool *pool);

/* A flag and a lock for state that the first thread to need it rebuilds
 * (the world's handle table): ready is one acquire load, set_ready a
 * release store, and the lock serialises the rebuilders. Without threads
 * the lock does nothing. NULL when out of memory. */
typedef struct steer__cache_guard steer__cache_guard;
steer__cache_guard *steer__cache_guard_create(const steer_allocator *allocator);
void steer__cache_guard_destroy(steer__cache_guard *guard, const steer_allocator *allocator);
bool steer__cache_guard_ready(const steer__cache_guard *guard);
void steer__cache_guard_set_ready(steer__cache_guard *guard, bool ready);
void steer__cache_guard_lock(steer__cache_guard *guard);
void steer__cache_guard_unlock(steer__cache_guard *guard);

/* A monotonic clock in seconds: the pool's polling budget, the step's profile. */
double steer__seconds(void);

#endif

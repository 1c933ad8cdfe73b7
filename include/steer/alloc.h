/* steer/alloc.h — the allocator hook every steer object takes in its def.
 * Zero-initialised means malloc/free. Used for counting allocations in tests
 * and for custom arenas in games. */
#ifndef STEER_ALLOC_H
#define STEER_ALLOC_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct steer_allocator {
    void *(*alloc)(size_t size, size_t alignment, void *context); /* NULL when out of memory */
    void (*free)(void *memory, void *context);
    void *context;
} steer_allocator;

/* Allocate/free through the hook (or malloc/free when the hook is unset).
 * Alignment is a power of two up to 64. */
void *steer_alloc(const steer_allocator *allocator, size_t size, size_t alignment);
void steer_free(const steer_allocator *allocator, void *memory);

#ifdef __cplusplus
}
#endif
#endif

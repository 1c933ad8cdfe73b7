/* The allocator hook: the caller's functions, or aligned malloc/free. */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "steer/alloc.h"

#include <stdlib.h>

void *steer_alloc(const steer_allocator *allocator, size_t size, size_t alignment)
{
    if (size == 0) size = 1;
    if (alignment < sizeof(void *)) alignment = sizeof(void *);
    if (allocator && allocator->alloc) return allocator->alloc(size, alignment, allocator->context);
    size = (size + alignment - 1) / alignment * alignment; /* aligned_alloc wants a multiple */
    return aligned_alloc(alignment, size);
}

void steer_free(const steer_allocator *allocator, void *memory)
{
    if (!memory) return;
    if (allocator && allocator->free) allocator->free(memory, allocator->context);
    else free(memory);
}

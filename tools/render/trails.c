#include "trails.h"

#include <stdlib.h>

int trails_init(trails *t, int agents, int length)
{
    size_t n = (size_t)(agents > 0 ? agents : 1) * (size_t)(length > 0 ? length : 1);
    *t = (trails){agents, length > 0 ? length : 1, -1, 0, malloc(sizeof(float) * n), malloc(sizeof(float) * n)};
    if (t->x && t->y) return 0;
    trails_free(t);
    return -1;
}

void trails_free(trails *t)
{
    free(t->x);
    free(t->y);
    t->x = t->y = 0;
}

void trails_push(trails *t, const steer_v3 *positions)
{
    t->newest = (t->newest + 1) % t->length;
    size_t base = (size_t)t->newest * (size_t)t->agents;
    for (int a = 0; a < t->agents; ++a) {
        t->x[base + (size_t)a] = positions[a].x;
        t->y[base + (size_t)a] = positions[a].y;
    }
    if (t->filled < t->length) t->filled++;
}

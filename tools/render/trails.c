#include "trails.h"

#include <stdlib.h>

int trails_init(trails *t, int agents, int length)
{
    if (agents < 1) agents = 1;
    if (length < 1) length = 1;
    if (length > TRAILS_MAX_POINTS) length = TRAILS_MAX_POINTS;
    int per_frame = TRAILS_MAX_POINTS / length, stride = (agents + per_frame - 1) / per_frame;
    int kept = (agents + stride - 1) / stride;
    size_t n = (size_t)kept * (size_t)length;
    *t = (trails){agents, length, stride, kept, -1, 0, malloc(sizeof(float) * n), malloc(sizeof(float) * n)};
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
    size_t base = (size_t)t->newest * (size_t)t->kept;
    for (int k = 0; k < t->kept; ++k) {
        t->x[base + (size_t)k] = positions[(size_t)k * (size_t)t->stride].x;
        t->y[base + (size_t)k] = positions[(size_t)k * (size_t)t->stride].y;
    }
    if (t->filled < t->length) t->filled++;
}

bool trails_push_moved(trails *t, const steer_v3 *positions, float min_move)
{
    bool moved = t->filled == 0;
    size_t base = (size_t)(t->newest < 0 ? 0 : t->newest) * (size_t)t->kept;
    for (int k = 0; k < t->kept && !moved; ++k) {
        steer_v3 p = positions[(size_t)k * (size_t)t->stride];
        float dx = p.x - t->x[base + (size_t)k], dy = p.y - t->y[base + (size_t)k];
        moved = dx * dx + dy * dy >= min_move * min_move;
    }
    if (moved) trails_push(t, positions);
    return moved;
}

/* trails.h — where agents were over the last frames (a ring of frames).
 * Memory is bounded: beyond TRAILS_MAX_POINTS positions only every
 * `stride`-th agent keeps a trail (and no trail is longer than the bound). */
#ifndef STEER_TRAILS_H
#define STEER_TRAILS_H

#include <stdbool.h>
#include <stddef.h>

#include <steer/math.h>

#define TRAILS_MAX_POINTS (1 << 23) /* 64 MiB of positions */

typedef struct trails {
    int agents, length;  /* agents in the run, frames kept */
    int stride, kept;    /* agents 0, stride, 2*stride... keep trails: `kept` of them */
    int newest, filled;  /* ring slot of the newest frame, frames recorded */
    float *x, *y;        /* [slot * kept + agent / stride] */
} trails;

/* 0, or -1 when out of memory. length may come out shorter than asked. */
int trails_init(trails *t, int agents, int length);
void trails_free(trails *t);
void trails_push(trails *t, const steer_v3 *positions);
/* trails_push, but only when some kept agent is at least min_move (on x, y)
 * from where the newest frame has it: a frame in which nothing moved adds
 * nothing, so a still's trails end with the last motion, not with a crowd
 * standing on its places. Returns whether it pushed. */
bool trails_push_moved(trails *t, const steer_v3 *positions, float min_move);
/* Agent a (a multiple of stride), `age` frames before the newest (age < t->filled). */
static inline steer_v2 trails_at(const trails *t, int age, int a)
{
    int slot = (t->newest - age + t->length) % t->length;
    size_t i = (size_t)slot * (size_t)t->kept + (size_t)(a / t->stride);
    return steer_v2_make(t->x[i], t->y[i]);
}

#endif

/* trails.h — where each agent was over the last frames (a ring of frames). */
#ifndef STEER_TRAILS_H
#define STEER_TRAILS_H

#include <stddef.h>

#include <steer/math.h>

typedef struct trails {
    int agents, length;  /* agents per frame, frames kept */
    int newest, filled;  /* ring slot of the newest frame, frames recorded */
    float *x, *y;        /* [slot * agents + agent] */
} trails;

/* 0, or -1 when out of memory. */
int trails_init(trails *t, int agents, int length);
void trails_free(trails *t);
void trails_push(trails *t, const steer_v3 *positions);
/* Agent a, `age` frames before the newest (age < t->filled). */
static inline steer_v2 trails_at(const trails *t, int age, int a)
{
    int slot = (t->newest - age + t->length) % t->length;
    size_t i = (size_t)slot * (size_t)t->agents + (size_t)a;
    return steer_v2_make(t->x[i], t->y[i]);
}

#endif

/* The hash grid of spacing.h: cells as large as the largest distance asked,
 * so a point's neighbours within it lie in the 27 cells around its own.
 * Chains of point indices per bucket. */
#include "spacing.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

struct sc_spacing {
    float cell;
    int capacity, count;
    uint32_t mask;  /* buckets - 1 (a power of two) */
    int *head;      /* per bucket: its latest point, or -1 */
    int *next;      /* per point: the one before it in its bucket, or -1 */
    int64_t (*key)[3];
    steer_v3 *point;
};

/* The cell of a coordinate; clamped, so that a tiny cell with a far point
 * cannot overflow (clamped points share cells: slower, still exact). */
static int64_t cell_of(float x, float cell)
{
    double c = floor((double)x / (double)cell);
    return c < -0x1p52 ? -(int64_t)0x10000000000000 : c > 0x1p52 ? (int64_t)0x10000000000000 : (int64_t)c;
}

static uint32_t bucket_of(const sc_spacing *s, const int64_t k[3])
{
    uint64_t h = (uint64_t)k[0] * 0x9E3779B97F4A7C15ull ^ (uint64_t)k[1] * 0xC2B2AE3D27D4EB4Full ^
                 (uint64_t)k[2] * 0x165667B19E3779F9ull;
    return (uint32_t)(h ^ h >> 29) & s->mask;
}

sc_spacing *sc_spacing_create(float cell, int capacity)
{
    sc_spacing *s = calloc(1, sizeof *s);
    if (!s) return 0;
    uint32_t buckets = 16;
    while (buckets < 2u * (uint32_t)(capacity > 0 ? capacity : 1) && buckets < (1u << 30)) buckets *= 2;
    s->cell = cell;
    s->capacity = capacity > 0 ? capacity : 0;
    s->mask = buckets - 1;
    s->head = malloc(sizeof *s->head * buckets);
    s->next = malloc(sizeof *s->next * (size_t)(s->capacity + 1));
    s->key = malloc(sizeof *s->key * (size_t)(s->capacity + 1));
    s->point = malloc(sizeof *s->point * (size_t)(s->capacity + 1));
    if (!s->head || !s->next || !s->key || !s->point) {
        sc_spacing_destroy(s);
        return 0;
    }
    for (uint32_t b = 0; b < buckets; ++b) s->head[b] = -1;
    return s;
}

void sc_spacing_destroy(sc_spacing *s)
{
    if (!s) return;
    free(s->head);
    free(s->next);
    free(s->key);
    free(s->point);
    free(s);
}

bool sc_spacing_clear(const sc_spacing *s, steer_v3 p, float distance)
{
    const int64_t k[3] = {cell_of(p.x, s->cell), cell_of(p.y, s->cell), cell_of(p.z, s->cell)};
    const float limit = distance * distance;
    for (int64_t dz = -1; dz <= 1; ++dz)
        for (int64_t dy = -1; dy <= 1; ++dy)
            for (int64_t dx = -1; dx <= 1; ++dx) {
                const int64_t c[3] = {k[0] + dx, k[1] + dy, k[2] + dz};
                for (int i = s->head[bucket_of(s, c)]; i >= 0; i = s->next[i])
                    if (s->key[i][0] == c[0] && s->key[i][1] == c[1] && s->key[i][2] == c[2] &&
                        steer_v3_dist_sq(s->point[i], p) < limit)
                        return false;
            }
    return true;
}

void sc_spacing_add(sc_spacing *s, steer_v3 p)
{
    if (s->count >= s->capacity) return;
    int i = s->count++;
    s->point[i] = p;
    s->key[i][0] = cell_of(p.x, s->cell);
    s->key[i][1] = cell_of(p.y, s->cell);
    s->key[i][2] = cell_of(p.z, s->cell);
    uint32_t b = bucket_of(s, s->key[i]);
    s->next[i] = s->head[b];
    s->head[b] = i;
}

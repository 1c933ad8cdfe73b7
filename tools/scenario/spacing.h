/* Random places kept apart: the points placed so far in a hash grid, asked
 * whether a new point keeps a distance from all of them. The scenario's
 * "spacing" (spawns in a box or a disc, goals in a box) draws a place
 * again until it does. */
#ifndef STEER_SCENARIO_SPACING_H
#define STEER_SCENARIO_SPACING_H

#include <stdbool.h>

#include <steer/math.h>

typedef struct sc_spacing sc_spacing;

/* Room for `capacity` points; `cell` is the largest distance that will be
 * asked (> 0). NULL when out of memory. */
sc_spacing *sc_spacing_create(float cell, int capacity);
void sc_spacing_destroy(sc_spacing *s);

/* Whether no point added so far lies nearer to p than distance (<= cell). */
bool sc_spacing_clear(const sc_spacing *s, steer_v3 p, float distance);

/* Adds p; at most `capacity` points in all (later ones are ignored). */
void sc_spacing_add(sc_spacing *s, steer_v3 p);

#endif

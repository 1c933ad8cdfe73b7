/* Private: the world's shared objects (world.h: obstacles, walls, paths,
 * flow fields), as world_objects.c adds and sets them and a restore
 * (world_snapshot.c) rebuilds them. */
#ifndef STEER_WORLD_OBJECTS_H
#define STEER_WORLD_OBJECTS_H

#include "world_internal.h"

/* Sets p->flat (and fills it, in 3D) from p->points and p->count. */
void steer__path_level(const steer_world *w, steer__path *p);

#endif

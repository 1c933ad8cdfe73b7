/* Private: agents sent to places together (steer_world_send_to_places)
 * trade them on the way. */
#ifndef STEER_WORLD_PLACES_H
#define STEER_WORLD_PLACES_H

#include "world_internal.h"

/* After the sort, before the forces: agents of one order that see each
 * other exchange places where that lowers their summed squared distance
 * (by more than a quarter of their summed radii squared). Serial, in the
 * agents' order; nothing to do while no goal has an order. */
void steer__trade_places(steer_world *w);

#endif

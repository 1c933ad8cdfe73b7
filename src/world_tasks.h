/* Private: running one phase of the step over [0, count) items, through the
 * user's scheduler when the def has one (enqueue / finish), else the
 * world's own pool (serial without one). */
#ifndef STEER_WORLD_TASKS_H
#define STEER_WORLD_TASKS_H

#include "world_internal.h"

void steer__world_run(steer_world *w, steer_task_fn *task, int count, void *context);

#endif

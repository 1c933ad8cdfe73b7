/* Running a phase: the user's scheduler or the built-in pool. */
#include "world_tasks.h"

void steer__world_run(steer_world *w, steer_task_fn *task, int count, void *context)
{
    if (count <= 0) return;
    if (w->def.enqueue_task) {
        void *handle = w->def.enqueue_task(task, count, 64, context, w->def.user_task_context);
        if (handle) w->def.finish_task(handle, w->def.user_task_context);
        else task(0, count, 0, context); /* the scheduler declined: run it here */
        return;
    }
    steer__pool_run(w->pool, task, count, context);
}

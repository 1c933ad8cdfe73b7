/* Running a phase: the user's scheduler or the built-in pool. */
#include "world_tasks.h"
#include "misuse_internal.h"

#include <stdatomic.h>

/* A user's task, counting the items its calls ran: so a scheduler that
 * returns NULL is understood either way (it ran the task before returning,
 * as Box2D's enqueue does, or it declined), and one whose calls do not
 * cover the items once each is reported. */
typedef struct counted_task {
    steer_task_fn *task;
    void *context;
    atomic_llong items;
} counted_task;

static void run_counted(int start, int end, int worker, void *context)
{
    counted_task *c = context;
    c->task(start, end, worker, c->context);
    atomic_fetch_add_explicit(&c->items, (long long)end - start, memory_order_relaxed);
}

void steer__world_run(steer_world *w, steer_task_fn *task, int count, void *context)
{
    if (count <= 0) return;
    if (!w->def.enqueue_task) {
        steer__pool_run(w->pool, task, count, context);
        return;
    }
    counted_task counted = {task, context, 0};
    void *handle = w->def.enqueue_task(run_counted, count, 64, &counted, w->def.user_task_context);
    if (handle) w->def.finish_task(handle, w->def.user_task_context);
    long long ran = atomic_load(&counted.items);
    if (!handle && ran == 0) task(0, count, 0, context); /* the scheduler declined: run it here */
    else if (ran != count)
        steer__misuse(STEER_MISUSE_SCHEDULER_ITEMS, "steer_world_step",
                      "the scheduler's calls ran %lld items of a task of item_count = %d: they must cover [0, %d) once "
                      "each", ran, count, count);
}

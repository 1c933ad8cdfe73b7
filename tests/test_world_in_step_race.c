/* A call from another thread during a step is refused without a data race:
 * steer_world_state_hash on a second thread, polled while the world steps
 * on the first, returns 0 (and reports misuse) once the step has begun, and
 * the check of the in-step flag is an atomic read. Under ThreadSanitizer the
 * flag was a race (a plain bool written by the step); this test is the one
 * to run there. The step's first phase waits, inside the step, until the
 * second thread has seen it; so the second thread's earlier reads of the
 * state happen before the step writes it (an acquire of its release), and
 * the only access the two threads share unordered is the flag. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>

#include "check.h"
#include "steer/steer.h"

static atomic_int seen_in_step; /* the second thread got 0 from the hash */
static atomic_int first_phase;  /* the step's phases so far */

/* The scheduler: the step's first phase waits for the second thread, then
 * every phase runs on the stepping thread (declining, so the world runs it). */
static void *enqueue(steer_task_fn *task, int count, int min_range, void *task_context, void *user_context)
{
    (void)task, (void)count, (void)min_range, (void)task_context, (void)user_context;
    if (atomic_fetch_add(&first_phase, 1) == 0)
        while (!atomic_load_explicit(&seen_in_step, memory_order_acquire)) sched_yield();
    return 0;
}
static void finish(void *user_task, void *user_context) { (void)user_task, (void)user_context; }

static steer_world *flock(bool own_scheduler)
{
    steer_world_def wd = steer_default_world_def();
    wd.capacity = 64;
    if (own_scheduler) {
        wd.enqueue_task = enqueue;
        wd.finish_task = finish;
    }
    steer_world *w = steer_world_create(&wd);
    CHECK(w != 0);
    steer_group_def g = steer_default_group_def();
    CHECK(steer_world_add_group(w, &g) == 0);
    for (int i = 0; i < 64; ++i)
        CHECK(steer_world_add_agent(w, 0, steer_v3_make((float)(i % 8), (float)(i / 8), 0), steer_v3_make(1, 0, 0)).index);
    return w;
}

/* The main thread's CHECKs count too: this thread only records. */
static int poller_reports;
static void *poll_hash(void *world)
{
    int reports = check_misuse_count;
    while (steer_world_state_hash(world) != 0) sched_yield();
    poller_reports = check_misuse_count - reports;
    atomic_store_explicit(&seen_in_step, 1, memory_order_release);
    return 0;
}

int main(void)
{
    steer_world *w = flock(true), *reference = flock(false);
    pthread_t poller;
    CHECK(pthread_create(&poller, 0, poll_hash, w) == 0);
    CHECK(steer_world_step(w, 0.1f) == STEER_OK);
    CHECK(pthread_join(poller, 0) == 0);
    CHECK(atomic_load(&seen_in_step) == 1 && atomic_load(&first_phase) > 1);
    CHECK(poller_reports == 1); /* the refusal is reported as misuse */
    /* the refused call changed nothing: the step is the plain world's */
    CHECK(steer_world_step(reference, 0.1f) == STEER_OK);
    CHECK(steer_world_state_hash(w) != 0 && steer_world_state_hash(w) == steer_world_state_hash(reference));
    steer_world_destroy(w);
    steer_world_destroy(reference);
    return check_summary("test_world_in_step_race");
}

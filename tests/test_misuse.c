/* Misuse of the world API returns the documented result AND reports through
 * the misuse handler (the debug-build assert); runtime conditions don't. */
#define _POSIX_C_SOURCE 200809L /* fork, waitpid */
#include "check.h"

#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <steer/steer.h>

static steer_world *small_world(void)
{
    steer_world_def def = steer_default_world_def();
    def.capacity = 4;
    steer_world *w = steer_world_create(&def);
    steer_group_def g = steer_default_group_def();
    steer_world_add_group(w, &g);
    return w;
}

static void test_misuse_reports_and_returns_documented_results(void)
{
    steer_world *w = small_world();
    int before = check_misuse_count;
    steer_agent_id a = steer_world_add_agent(w, 0, steer_v3_make(0, 0, 0), steer_v3_make(1, 0, 0));
    CHECK(check_misuse_count == before); /* valid call: silent */

    CHECK(steer_world_step(0, 0.1f) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(check_misuse_count == before + 1);
    CHECK(steer_world_step(w, NAN) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(check_misuse_count == before + 2);
    CHECK(steer_world_remove_agent(w, a) == STEER_OK);
    CHECK(steer_world_remove_agent(w, a) == STEER_ERROR_STALE_HANDLE);
    CHECK(check_misuse_count == before + 3);
    steer_agent_id forged = {99, 0, 0};
    CHECK(steer_world_teleport_agent(w, forged, steer_v3_make(0, 0, 0), steer_v3_make(0, 0, 0)) ==
          STEER_ERROR_STALE_HANDLE);
    CHECK(check_misuse_count == before + 4);
    CHECK(steer_world_add_agent(w, 7, steer_v3_make(0, 0, 0), steer_v3_make(0, 0, 0)).index == 0);
    CHECK(check_misuse_count == before + 5);
    CHECK(!steer_world_is_valid(w, a)); /* a query, not misuse */
    CHECK(check_misuse_count == before + 5);

    steer_world_def bad = {0}; /* not from steer_default_world_def: no cookie */
    CHECK(steer_world_create(&bad) == 0);
    CHECK(check_misuse_count == before + 6);

    /* capacity exhaustion is a runtime condition, not misuse */
    for (int i = 0; i < 4; ++i) steer_world_add_agent(w, 0, steer_v3_make((float)i, 0, 0), steer_v3_make(0, 0, 0));
    int at_full = check_misuse_count;
    CHECK(steer_world_add_agent(w, 0, steer_v3_make(9, 0, 0), steer_v3_make(0, 0, 0)).index == 0);
    CHECK(check_misuse_count == at_full);
    steer_world_destroy(w);
}

static int recorded;
static void record(const char *function, const char *message, void *context)
{
    (void)function;
    (void)message;
    *(int *)context += 1;
    ++recorded;
}

static void test_custom_handler_receives_reports_and_null_restores_default(void)
{
    int mine = 0;
    steer_set_misuse_handler(record, &mine);
    CHECK(steer_world_step(0, 0.1f) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(mine == 1);
    steer_set_misuse_handler(check_count_misuse, 0);
    CHECK(steer_world_step(0, 0.1f) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(mine == 1 && recorded == 1);
}

/* The default handler: an assert in debug builds (abort), silent in release
 * builds. Tests are built with the library's build type, so NDEBUG here
 * says which one to expect. Runs in a child process. */
static void test_default_handler_aborts_only_in_debug_builds(void)
{
    fflush(0);
    pid_t child = fork();
    if (child == 0) {
        steer_set_misuse_handler(0, 0);
        steer_world_step(0, 0.1f);
        _exit(0);
    }
    int status = 0;
    CHECK(child > 0 && waitpid(child, &status, 0) == child);
#ifdef NDEBUG
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
#else
    CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT);
#endif
}

int main(void)
{
    test_default_handler_aborts_only_in_debug_builds();
    test_misuse_reports_and_returns_documented_results();
    test_custom_handler_receives_reports_and_null_restores_default();
    return check_summary("misuse");
}

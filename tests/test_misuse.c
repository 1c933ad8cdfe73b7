/* Misuse of the world API returns the documented result AND reports through
 * the misuse handler (the debug-build assert) with the check's id and a
 * message naming the function, the field, the value and the rule; runtime
 * conditions (a full world, a corrupted snapshot) don't. The default handler
 * aborts in debug builds and logs each id's first report in release builds. */
#define _POSIX_C_SOURCE 200809L /* fork, waitpid, pipe */
#include "check.h"

#include <float.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <steer/steer.h>

#include "misuse_report.h"
#include "snapshot_bytes.h"

static steer_world *small_world(void)
{
    steer_world_def def = steer_default_world_def();
    def.capacity = 4;
    steer_world *w = steer_world_create(&def);
    steer_group_def g = steer_default_group_def();
    steer_world_add_group(w, &g);
    return w;
}

static void test_world_defs_name_the_field(void)
{
    steer_set_misuse_handler(misuse_record, 0);
    struct {
        steer_world_def def;
        steer_misuse_id id;
        const char *text;
    } cases[16];
    int n = 0;
    steer_world_def d = steer_default_world_def();
#define CASE(change, want, message)                                                                                    \
    do {                                                                                                               \
        cases[n].def = steer_default_world_def();                                                                      \
        {                                                                                                              \
            steer_world_def *def = &cases[n].def;                                                                      \
            change;                                                                                                    \
        }                                                                                                              \
        cases[n].id = STEER_MISUSE_##want;                                                                             \
        cases[n++].text = message;                                                                                     \
    } while (0)
    CASE(def->internal_cookie = 0, WORLD_DEF_COOKIE, "def->internal_cookie = 0: start from steer_default_world_def()");
    CASE(def->dim = 4, WORLD_DEF_DIM, "def->dim = 4: must be 2 or 3");
    CASE(def->capacity = 0, WORLD_DEF_CAPACITY, "def->capacity = 0: must be in [1, 2^28]");
    CASE(def->bounds_min.y = NAN, WORLD_DEF_BOUNDS, "def->bounds_min = (-50, nan, -50): must be finite");
    CASE(def->bounds_max.x = -60, WORLD_DEF_BOUNDS, "def->bounds_max.x - def->bounds_min.x = -10: must be in (0, 1e30]");
    CASE(def->boundary = (steer_boundary)7, WORLD_DEF_BOUNDARY, "def->boundary = 7");
    CASE(def->cell_size = -1, WORLD_DEF_CELL_SIZE, "def->cell_size = -1: must be finite and >= 0");
    CASE(def->max_dt = INFINITY, WORLD_DEF_MAX_DT, "def->max_dt = inf");
    CASE(def->max_groups = 33, WORLD_DEF_MAX_GROUPS, "def->max_groups = 33: must be in [1, 32]");
    CASE(def->max_walls = -1, WORLD_DEF_MAX_OBJECTS, "def->max_walls = -1: must be in [0, 1048576]");
    CASE(def->penetration_iterations = 65, WORLD_DEF_PENETRATION_ITERATIONS, "def->penetration_iterations = 65");
    CASE(def->worker_count = 0, WORLD_DEF_WORKER_COUNT, "def->worker_count = 0: must be in [1, 64]");
    CASE(def->finish_task = (steer_finish_task_fn *)abort, WORLD_DEF_SCHEDULER, "def->enqueue_task NULL, def->finish_task set");
#undef CASE
    for (int i = 0; i < n; ++i) {
        int before = misuse_last.count;
        CHECK(steer_world_create(&cases[i].def) == 0);
        CHECK_REPORT(before, cases[i].id, "steer_world_create", cases[i].text);
    }
    int before = misuse_last.count;
    CHECK(steer_world_create(0) == 0);
    CHECK_REPORT(before, STEER_MISUSE_NULL_ARGUMENT, "steer_world_create", "def = NULL");
    steer_world *w = steer_world_create(&d);
    CHECK(w != 0 && misuse_last.count == before + 1); /* a good def: silent */
    steer_world_destroy(w);
    steer_set_misuse_handler(check_count_misuse, 0);
}

static void test_group_defs_name_the_field(void)
{
    steer_set_misuse_handler(misuse_record, 0);
    steer_world *w = small_world();
    struct {
        steer_group_def def;
        steer_misuse_id id;
        const char *text;
    } cases[48];
    int n = 0;
#define CASE(change, want, message)                                                                                    \
    do {                                                                                                               \
        cases[n].def = steer_default_group_def();                                                                      \
        {                                                                                                              \
            steer_group_def *def = &cases[n].def;                                                                      \
            change;                                                                                                    \
        }                                                                                                              \
        cases[n].id = STEER_MISUSE_##want;                                                                             \
        cases[n++].text = message;                                                                                     \
    } while (0)
    CASE(def->internal_cookie = 3, GROUP_DEF_COOKIE, "def->internal_cookie = 3");
    CASE(def->max_speed = -1, GROUP_DEF_MAX_SPEED, "def->max_speed = -1: must be finite and > 0");
    CASE(def->max_force = 0, GROUP_DEF_MAX_FORCE, "def->max_force = 0: must be finite and > 0");
    CASE(def->mass = NAN, GROUP_DEF_MASS, "def->mass = nan");
    CASE(def->radius = -0.5f, GROUP_DEF_RADIUS, "def->radius = -0.5: must be finite and >= 0");
    CASE(def->max_turn_rate = -1, GROUP_DEF_MAX_TURN_RATE, "def->max_turn_rate = -1");
    CASE(def->neighbour_radius = INFINITY, GROUP_DEF_NEIGHBOUR_RADIUS, "def->neighbour_radius = inf");
    CASE(def->separation_radius = -2, GROUP_DEF_SEPARATION_RADIUS, "def->separation_radius = -2");
    CASE(def->field_of_view = -1, GROUP_DEF_FIELD_OF_VIEW, "def->field_of_view = -1");
    CASE(def->weight[STEER_SEEK] = NAN, GROUP_DEF_WEIGHT, "def->weight[STEER_SEEK] = nan: must be finite");
    CASE(def->priority = 0, GROUP_DEF_AVOIDANCE, "def->priority = 0");
    CASE(def->priority = FLT_MAX, GROUP_DEF_AVOIDANCE, "def->priority = 3.40282e+38: must be > 0 and at most 1e+06"); /* an obstacle's */
    CASE(def->arrived_priority = -1, GROUP_DEF_AVOIDANCE, "def->arrived_priority = -1: must be 0 (the priority) or > 0 and at most 1e+06");
    CASE(def->arrived_priority = NAN, GROUP_DEF_AVOIDANCE, "def->arrived_priority = nan");
    CASE(def->arrived_priority = 2e6f, GROUP_DEF_AVOIDANCE, "def->arrived_priority = 2e+06");
    CASE(def->anticipation_k = -1, GROUP_DEF_AVOIDANCE, "def->anticipation_k = -1");
    CASE(def->anticipation_tau0 = 0, GROUP_DEF_AVOIDANCE, "def->anticipation_tau0 = 0");
    CASE(def->avoid_horizon = INFINITY, GROUP_DEF_AVOIDANCE, "def->avoid_horizon = inf");
    CASE(def->avoid_margin = -1, GROUP_DEF_AVOIDANCE, "def->avoid_margin = -1");
    CASE(def->keep_right = NAN, GROUP_DEF_AVOIDANCE, "def->keep_right = nan");
    CASE(def->see_ahead_time = -1, GROUP_DEF_SEE_AHEAD, "def->see_ahead_time = -1");
    CASE(def->probability[STEER_ANTICIPATE] = 1.5f, GROUP_DEF_PROBABILITY, "def->probability[STEER_ANTICIPATE] = 1.5: must be in [0, 1]");
    CASE(def->combine = (steer_combine)9, GROUP_DEF_COMBINE, "def->combine = 9");
    CASE(def->target.z = INFINITY, GROUP_DEF_TARGET, "def->target = (0, 0, inf): must be finite");
    CASE(def->threat.x = NAN, GROUP_DEF_THREAT, "def->threat = (nan, 0, 0)");
    CASE(def->contain_max.y = NAN, GROUP_DEF_CONTAIN_BOX, "def->contain_max = (0, nan, 0)");
    CASE(def->slow_radius = -1, GROUP_DEF_SLOW_RADIUS, "def->slow_radius = -1");
    CASE(def->departure_distance = NAN, GROUP_DEF_ARRIVAL, "def->departure_distance = nan: must be finite and >= 0");
    CASE(def->panic_distance = -1, GROUP_DEF_PANIC_DISTANCE, "def->panic_distance = -1");
    CASE(def->chase_radius = -1, GROUP_DEF_CHASE_RADIUS, "def->chase_radius = -1");
    CASE(def->max_prediction = -1, GROUP_DEF_MAX_PREDICTION, "def->max_prediction = -1");
    CASE(def->wander.distance = INFINITY, GROUP_DEF_WANDER, "def->wander.distance = inf: must be finite");
    CASE(def->wander.jitter = -1, GROUP_DEF_WANDER, "def->wander.jitter = -1");
    CASE(def->path_predict = -1, GROUP_DEF_PATH_PREDICT, "def->path_predict = -1");
    CASE(def->path_ahead = -1, GROUP_DEF_PATH_AHEAD, "def->path_ahead = -1");
    CASE(def->flow_predict = -1, GROUP_DEF_FLOW_PREDICT, "def->flow_predict = -1");
    CASE(def->contain_margin = -1, GROUP_DEF_CONTAIN_MARGIN, "def->contain_margin = -1");
    CASE(def->see_ahead = -1, GROUP_DEF_SEE_AHEAD, "def->see_ahead = -1");
    CASE(def->feelers.whisker_length = -1, GROUP_DEF_FEELERS, "def->feelers.whisker_length = -1");
    CASE(def->wall_follow.gain = NAN, GROUP_DEF_WALL_FOLLOW, "def->wall_follow.gain = nan");
    CASE((def->weight[STEER_PURSUE] = 1, def->pursue_group = 16), GROUP_DEF_PURSUE_GROUP,
         "def->pursue_group = 16: must be in [0, max_groups = 16) while PURSUE is on");
    CASE((def->weight[STEER_EVADE] = 1, def->evade_group = -1), GROUP_DEF_EVADE_GROUP, "def->evade_group = -1");
    CASE((def->weight[STEER_FOLLOW_PATH] = 1, def->path = 0), GROUP_DEF_PATH,
         "def->path = 0: must be a path added to the world (0 so far) while FOLLOW_PATH is on");
    CASE((def->weight[STEER_FOLLOW_FLOW] = 1, def->flow_field = 2), GROUP_DEF_FLOW_FIELD, "def->flow_field = 2");
#undef CASE
    for (int i = 0; i < n; ++i) {
        int before = misuse_last.count;
        CHECK(steer_world_add_group(w, &cases[i].def) == STEER_ERROR_INVALID_ARGUMENT);
        CHECK_REPORT(before, cases[i].id, "steer_world_add_group", cases[i].text);
        before = misuse_last.count;
        CHECK(steer_world_set_group(w, 0, &cases[i].def) == STEER_ERROR_INVALID_ARGUMENT);
        CHECK_REPORT(before, cases[i].id, "steer_world_set_group", cases[i].text);
    }
    CHECK(steer_world_group_count(w) == 1);
    steer_world_destroy(w);
    steer_set_misuse_handler(check_count_misuse, 0);
}

static void test_calls_name_the_argument(void)
{
    steer_set_misuse_handler(misuse_record, 0);
    steer_world *w = small_world();
    steer_v3 o = steer_v3_make(0, 0, 0), bad = steer_v3_make(1, NAN, 0);
    int b = misuse_last.count;
    steer_agent_id a = steer_world_add_agent(w, 0, o, steer_v3_make(1, 0, 0));
    CHECK(a.index != 0 && misuse_last.count == b); /* valid call: silent */
    steer_group_def gd = steer_default_group_def();
    steer_agent_state st;
    steer_world_def wd = steer_default_world_def();
    EXPECT_REPORT(steer_world_step(0, 0.1f), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_NULL_WORLD, "steer_world_step", "world = NULL");
    EXPECT_REPORT(steer_world_step(w, NAN), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_STEP_DT, "steer_world_step", "dt = nan: must be finite and >= 0");
    EXPECT_REPORT(steer_world_step(w, -1), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_STEP_DT, "steer_world_step", "dt = -1");
    EXPECT_REPORT(steer_world_add_group(0, &gd), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_NULL_WORLD, "steer_world_add_group", "world = NULL");
    EXPECT_REPORT(steer_world_add_group(w, 0), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_NULL_ARGUMENT, "steer_world_add_group", "def = NULL");
    EXPECT_REPORT(steer_world_set_group(w, 3, &gd), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_GROUP_INDEX, "steer_world_set_group", "group = 3: must be in [0, 1)");
    EXPECT_REPORT(steer_world_get_group(w, -1, &gd), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_GROUP_INDEX, "steer_world_get_group", "group = -1");
    EXPECT_REPORT(steer_world_get_group(w, 0, 0), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_NULL_ARGUMENT, "steer_world_get_group", "out = NULL");
    EXPECT_REPORT(steer_world_get_def(w, 0), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_NULL_ARGUMENT, "steer_world_get_def", "out = NULL");
    EXPECT_REPORT(steer_world_add_obstacle(w, bad, 1), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_OBSTACLE_CENTRE, "steer_world_add_obstacle", "centre = (1, nan, 0): must be finite");
    EXPECT_REPORT(steer_world_add_obstacle(w, o, -1), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_OBSTACLE_RADIUS, "steer_world_add_obstacle", "radius = -1: must be finite and >= 0");
    EXPECT_REPORT(steer_world_set_obstacle(w, 0, o, 1), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_OBSTACLE_INDEX, "steer_world_set_obstacle", "index = 0: must be in [0, 0)");
    EXPECT_REPORT(steer_world_set_obstacle_velocity(w, 0, o), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_OBSTACLE_INDEX, "steer_world_set_obstacle_velocity", "index = 0: must be in [0, 0)");
    CHECK(steer_world_add_obstacle(w, o, 1) == 0);
    EXPECT_REPORT(steer_world_set_obstacle_velocity(w, 0, bad), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_OBSTACLE_VELOCITY, "steer_world_set_obstacle_velocity", "velocity = (1, nan, 0): must be finite");
    CHECK(steer_world_get_obstacle_velocity(w, 0).y == 0.0f); /* refused: unchanged */
    steer_world_clear_obstacles(w);
    EXPECT_REPORT(steer_world_add_wall(w, o, bad), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_WALL_END, "steer_world_add_wall", "b = (1, nan, 0)");
    EXPECT_REPORT(steer_world_add_path(w, 0, 2, false, 1), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_NULL_ARGUMENT, "steer_world_add_path", "points = NULL");
    EXPECT_REPORT(steer_world_add_path(w, &o, 0, false, 1), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_PATH_COUNT, "steer_world_add_path", "count = 0: must be in [1, 2^20]");
    EXPECT_REPORT(steer_world_add_path(w, &o, 1, false, NAN), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_PATH_RADIUS, "steer_world_add_path", "radius = nan");
    EXPECT_REPORT(steer_world_add_path(w, &bad, 1, false, 1), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_PATH_POINT, "steer_world_add_path", "points[0] = (1, nan, 0)");
    EXPECT_REPORT(steer_world_add_flow_field(w, o, 1, 1, 1, 1, 0), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_NULL_ARGUMENT, "steer_world_add_flow_field", "vectors = NULL");
    EXPECT_REPORT(steer_world_add_flow_field(w, bad, 1, 1, 1, 1, &o), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_FLOW_FIELD_ORIGIN, "steer_world_add_flow_field", "origin = (1, nan, 0)");
    EXPECT_REPORT(steer_world_add_flow_field(w, o, 0, 1, 1, 1, &o), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_FLOW_FIELD_CELL_SIZE, "steer_world_add_flow_field", "cell_size = 0: must be finite and > 0");
    EXPECT_REPORT(steer_world_add_flow_field(w, o, 1, 0, 1, 1, &o), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_FLOW_FIELD_SIZE, "steer_world_add_flow_field", "nx, ny, nz = 0, 1, 1");
    EXPECT_REPORT(steer_world_add_flow_field(w, o, 1, 1, 1, 1, &bad), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_FLOW_FIELD_VECTOR, "steer_world_add_flow_field", "vectors[0] = (1, nan, 0)");
    EXPECT_REPORT((int)steer_world_add_agent(w, 7, o, o).index, 0, STEER_MISUSE_AGENT_GROUP, "steer_world_add_agent", "group = 7: must be in [0, 1)");
    EXPECT_REPORT((int)steer_world_add_agent(w, 0, bad, o).index, 0, STEER_MISUSE_AGENT_POSITION, "steer_world_add_agent", "position = (1, nan, 0): must be finite");
    EXPECT_REPORT((int)steer_world_add_agent(w, 0, o, bad).index, 0, STEER_MISUSE_AGENT_VELOCITY, "steer_world_add_agent", "velocity = (1, nan, 0)");
    EXPECT_REPORT(steer_world_teleport_agent(w, a, o, bad), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_AGENT_VELOCITY, "steer_world_teleport_agent", "velocity = (1, nan, 0)");
    EXPECT_REPORT(steer_world_set_agent_group(w, a, 1), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_AGENT_GROUP, "steer_world_set_agent_group", "group = 1: must be in [0, 1), the groups added");
    EXPECT_REPORT(steer_world_set_agent_group(w, a, -1), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_AGENT_GROUP, "steer_world_set_agent_group", "group = -1: must be in [0, 1)");
    EXPECT_REPORT(steer_world_set_agent_group(w, (steer_agent_id){99, 0, 0}, 0), STEER_ERROR_STALE_HANDLE, STEER_MISUSE_HANDLE_STALE, "steer_world_set_agent_group", "id = {index 99, generation 0, world 0}");
    EXPECT_REPORT(steer_world_get_agent(w, (steer_agent_id){99, 0, 0}, &st), STEER_ERROR_STALE_HANDLE, STEER_MISUSE_HANDLE_STALE, "steer_world_get_agent", "id = {index 99, generation 0, world 0}: no live agent of this world has it");
    EXPECT_REPORT(steer_world_get_agent(w, (steer_agent_id){0, 0, 0}, &st), STEER_ERROR_STALE_HANDLE, STEER_MISUSE_HANDLE_STALE, "steer_world_get_agent", "id = {index 0, generation 0, world 0}: the null handle (index 0: a refused add's, or never set), no agent's");
    EXPECT_REPORT(steer_world_remove_agent(w, (steer_agent_id){a.index, a.generation, a.world ^ 1u}), STEER_ERROR_STALE_HANDLE, STEER_MISUSE_HANDLE_FOREIGN, "steer_world_remove_agent", "made by another world");
    EXPECT_REPORT(steer_world_get_agent(w, a, 0), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_NULL_ARGUMENT, "steer_world_get_agent", "out = NULL");
    EXPECT_REPORT(steer_world_save(w, 0, 10, 0), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_NULL_ARGUMENT, "steer_world_save", "buffer = NULL");
    EXPECT_REPORT(steer_world_restore(w, 0, 10), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_NULL_ARGUMENT, "steer_world_restore", "data = NULL");
    EXPECT_REPORT(steer_world_restore(0, &wd, 10), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_NULL_WORLD, "steer_world_restore", "world = NULL");
    steer_world_destroy(w);
    steer_set_misuse_handler(check_count_misuse, 0);
}

/* A snapshot is input: one whose def is bad (resealed, so past the CRC) is
 * refused with no misuse report (the debug build's handler would abort). */
static void test_bad_snapshot_is_not_misuse(void)
{
    steer_set_misuse_handler(misuse_record, 0);
    steer_world *w = small_world();
    size_t size = steer_world_snapshot_size(w);
    unsigned char *snap = malloc(size);
    CHECK(steer_world_save(w, snap, size, 0) == STEER_OK);
    float bad = -1.0f;
    memcpy(snap + SNAP_CELL_SIZE_AT, &bad, 4);
    snap_reseal(snap, size);
    int before = misuse_last.count;
    CHECK(steer_world_restore(w, snap, size) == STEER_ERROR_BAD_SNAPSHOT);
    CHECK(misuse_last.count == before);
    free(snap);
    steer_world_destroy(w);
    steer_set_misuse_handler(check_count_misuse, 0);
}

static void test_custom_handler_and_null_restores_default(void)
{
    steer_set_misuse_handler(misuse_record, 0);
    int before = misuse_last.count;
    CHECK(steer_world_step(0, 0.1f) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(misuse_last.count == before + 1);
    steer_set_misuse_handler(check_count_misuse, 0);
    int counted = check_misuse_count;
    CHECK(steer_world_step(0, 0.1f) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(misuse_last.count == before + 1 && check_misuse_count == counted + 1);
    CHECK(strcmp(steer_misuse_name(STEER_MISUSE_GROUP_DEF_MAX_SPEED), "STEER_MISUSE_GROUP_DEF_MAX_SPEED") == 0);
    CHECK(strcmp(steer_misuse_name(STEER_MISUSE_COUNT), "STEER_MISUSE_UNKNOWN") == 0);
}

/* The default handler, in a child process with stderr in a pipe: an abort
 * in debug builds (after printing the report), and in release builds each
 * id's first report printed once. Tests are built with the library's build
 * type, so NDEBUG here says which one to expect. */
static void test_default_handler(void)
{
    int fds[2];
    CHECK(pipe(fds) == 0);
    fflush(0);
    pid_t child = fork();
    if (child == 0) {
        dup2(fds[1], 2);
        close(fds[0]);
        steer_set_misuse_handler(0, 0);
        steer_world_def def = steer_default_world_def();
        def.capacity = 0;
        steer_world_create(&def);
        steer_world_create(&def); /* the same id again: not printed again */
        def.capacity = 1;
        def.dim = 5;
        steer_world_create(&def);
        _exit(0);
    }
    close(fds[1]);
    char text[1024] = {0};
    size_t got = 0;
    ssize_t n;
    while (got + 1 < sizeof text && (n = read(fds[0], text + got, sizeof text - 1 - got)) > 0) got += (size_t)n;
    close(fds[0]);
    int status = 0;
    CHECK(child > 0 && waitpid(child, &status, 0) == child);
    const char *first = "steer: misuse (STEER_MISUSE_WORLD_DEF_CAPACITY): steer_world_create: def->capacity = 0: "
                        "must be in [1, 2^28]\n";
#ifdef NDEBUG
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    const char *second = "steer: misuse (STEER_MISUSE_WORLD_DEF_DIM): steer_world_create: def->dim = 5: must be 2 or 3\n";
    CHECK(strncmp(text, first, strlen(first)) == 0);
    CHECK(strcmp(text + strlen(first), second) == 0);
#else
    CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT);
    CHECK(strcmp(text, first) == 0);
#endif
    if (!strstr(text, first)) fprintf(stderr, "  the child printed: %s\n", text);
}

int main(void)
{
    test_world_defs_name_the_field();
    test_group_defs_name_the_field();
    test_calls_name_the_argument();
    test_bad_snapshot_is_not_misuse();
    test_custom_handler_and_null_restores_default();
    test_default_handler();
    return check_summary("misuse");
}

/* The public API's refusals and extremes, written from include/steer/ headers
 * alone (never from src/): every function whose comment documents a valid
 * range or a refusal is called just outside each rule (NULL, NaN, +-Inf,
 * negative, zero where positive is required, counts past their limits,
 * stale and foreign handles, indices out of range, FLT_MAX magnitudes) and
 * must give the documented result, a misuse report with the check's id and
 * a message naming the field and the value (where the headers say one is
 * reported: steer/misuse.h), leave the world as it was (state hash AND
 * snapshot bytes), and never produce a NaN. Then extreme but legal inputs
 * (zero vectors, coincident points, FLT_MAX positions and limits, max_speed
 * 0, dt 0) to the pure behaviours, the vehicle and the world: every output
 * finite.
 *
 * tests/test_misuse.c already covers one bad value per world-def and
 * group-def field and the first refusals of each world call; this file
 * covers the other values (+-Inf, FLT_MAX, the upper limits), the fields
 * and calls that one does not (goals, bulk goals, places, formations,
 * snapshots into a smaller world, in-step calls, NULL worlds of the
 * queries, the grid, the standard flock, the vehicle), and checks that a
 * refused call leaves the world unchanged.
 *
 * The disagreements it found with the headers were fixed (docs/robustness.md,
 * R17, and session 22's commits); each check below now holds. */
#include "check.h"

#include <float.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <steer/steer.h>

#include "misuse_report.h"


static const float nanf_ = NAN, inf = INFINITY;

static bool fin2(steer_v2 v) { return steer_v2_is_valid(v); }
static bool fin3(steer_v3 v) { return steer_v3_is_valid(v); }
#define CHECK_FIN2(e) do { steer_v2 f2_ = (e); CHECK(fin2(f2_)); if (!fin2(f2_)) fprintf(stderr, "  %s = (%g, %g)\n", #e, f2_.x, f2_.y); } while (0)
#define CHECK_FIN3(e) do { steer_v3 f3_ = (e); CHECK(fin3(f3_)); if (!fin3(f3_)) fprintf(stderr, "  %s = (%g, %g, %g)\n", #e, f3_.x, f3_.y, f3_.z); } while (0)

/* ---- the world's whole state: the hash and the snapshot's bytes ------------------------ */
typedef struct fingerprint {
    uint64_t hash;
    size_t size;
    unsigned char *bytes;
} fingerprint;

static fingerprint take(const steer_world *w)
{
    fingerprint f = {steer_world_state_hash(w), steer_world_snapshot_size(w), 0};
    f.bytes = malloc(f.size ? f.size : 1);
    size_t written = 0;
    if (steer_world_save(w, f.bytes, f.size, &written) != STEER_OK) f.size = 0;
    return f;
}

/* The hash and the snapshot are as they were. */
static bool same(const steer_world *w, fingerprint *was)
{
    fingerprint now = take(w);
    bool ok = now.hash == was->hash && now.size == was->size && memcmp(now.bytes, was->bytes, now.size) == 0;
    free(now.bytes);
    free(was->bytes);
    was->bytes = 0;
    return ok;
}

/* A refused call: its result, exactly one report with this id from this
 * function whose message names `field` and holds `value`, and the world
 * (w, never NULL) unchanged. */
#define REFUSED(w, call, expected, want_id, fn, field, value)                                                         \
    do {                                                                                                               \
        fingerprint fp_ = take(w);                                                                                     \
        int before_ = misuse_last.count;                                                                               \
        long long r_ = (long long)(call);                                                                              \
        CHECK(r_ == (long long)(expected));                                                                            \
        if (r_ != (long long)(expected)) fprintf(stderr, "  %s returned %lld\n", #call, r_);                          \
        CHECK_REPORT(before_, want_id, fn, field);                                                                     \
        CHECK(strstr(misuse_last.message, value) != 0);                                                                \
        if (!strstr(misuse_last.message, value)) fprintf(stderr, "  value %s not in: %s\n", value, misuse_last.message); \
        CHECK(same(w, &fp_));                                                                                          \
    } while (0)

/* A runtime refusal (capacity, a bad snapshot): its result, no report, the world unchanged. */
#define REFUSED_QUIETLY(w, call, expected)                                                                             \
    do {                                                                                                               \
        fingerprint fp_ = take(w);                                                                                     \
        int before_ = misuse_last.count;                                                                               \
        long long r_ = (long long)(call);                                                                              \
        CHECK(r_ == (long long)(expected));                                                                            \
        if (r_ != (long long)(expected)) fprintf(stderr, "  %s returned %lld\n", #call, r_);                          \
        CHECK(misuse_last.count == before_);                                                                           \
        if (misuse_last.count != before_) fprintf(stderr, "  reported: %s\n", misuse_last.message);                   \
        CHECK(same(w, &fp_));                                                                                          \
    } while (0)

/* A legal call: no report. */
#define SILENT(stmt)                                                                                                   \
    do {                                                                                                               \
        int before_ = misuse_last.count;                                                                               \
        stmt;                                                                                                          \
        CHECK(misuse_last.count == before_);                                                                           \
        if (misuse_last.count != before_) fprintf(stderr, "  %s reported: %s\n", #stmt, misuse_last.message);        \
    } while (0)

static steer_world_def def3(int capacity)
{
    steer_world_def d = steer_default_world_def();
    d.dim = 3;
    d.capacity = capacity;
    d.max_groups = 4;
    d.max_obstacles = 2;
    d.max_walls = 2;
    d.max_paths = 2;
    d.max_flow_fields = 1;
    return d;
}

static steer_world *world3(int capacity)
{
    steer_world_def d = def3(capacity);
    steer_world *w = steer_world_create(&d);
    steer_group_def g = steer_default_group_def();
    CHECK(w && steer_world_add_group(w, &g) == 0);
    return w;
}

static bool world_finite(const steer_world *w)
{
    steer_world_view v = steer_world_get_view(w);
    for (int i = 0; i < v.count; ++i) {
        float z = v.pz ? v.pz[i] : 0, vz = v.vz ? v.vz[i] : 0;
        if (!steer_is_finite(v.px[i]) || !steer_is_finite(v.py[i]) || !steer_is_finite(z) ||
            !steer_is_finite(v.vx[i]) || !steer_is_finite(v.vy[i]) || !steer_is_finite(vz))
            return false;
    }
    return true;
}

static bool world_inside(const steer_world *w)
{
    steer_world_def d;
    if (steer_world_get_def(w, &d) != STEER_OK) return false;
    steer_world_view v = steer_world_get_view(w);
    for (int i = 0; i < v.count; ++i) {
        if (v.px[i] < d.bounds_min.x || v.px[i] > d.bounds_max.x || v.py[i] < d.bounds_min.y ||
            v.py[i] > d.bounds_max.y)
            return false;
        if (v.pz && (v.pz[i] < d.bounds_min.z || v.pz[i] > d.bounds_max.z)) return false;
    }
    return true;
}

/* ---- world defs: the values and fields test_misuse.c leaves out ----------------------- */
static void test_world_def_refusals(void)
{
    struct {
        steer_world_def def;
        steer_misuse_id id;
        const char *field, *value;
    } cases[32];
    int n = 0;
#define CASE(change, want, field_, value_)                                                                             \
    do {                                                                                                               \
        cases[n].def = def3(4);                                                                                        \
        {                                                                                                              \
            steer_world_def *def = &cases[n].def;                                                                      \
            change;                                                                                                    \
        }                                                                                                              \
        cases[n].id = STEER_MISUSE_##want;                                                                             \
        cases[n].field = field_;                                                                                       \
        cases[n++].value = value_;                                                                                     \
    } while (0)
    CASE(def->dim = 0, WORLD_DEF_DIM, "def->dim", "0");
    CASE(def->dim = -1, WORLD_DEF_DIM, "def->dim", "-1");
    CASE(def->capacity = -1, WORLD_DEF_CAPACITY, "def->capacity", "-1");
    CASE(def->capacity = (1 << 28) + 1, WORLD_DEF_CAPACITY, "def->capacity", "268435457");
    CASE(def->bounds_min.x = -inf, WORLD_DEF_BOUNDS, "def->bounds_min", "-inf");
    CASE(def->bounds_max.z = inf, WORLD_DEF_BOUNDS, "def->bounds_max", "inf");
    CASE((def->bounds_min = steer_v3_make(-FLT_MAX, -1, -1), def->bounds_max = steer_v3_make(FLT_MAX, 1, 1)),
         WORLD_DEF_BOUNDS, "def->bounds_max.x - def->bounds_min.x", "inf"); /* extent past 1e30 */
    CASE((def->bounds_min.x = -6e29f, def->bounds_max.x = 6e29f), WORLD_DEF_BOUNDS, "bounds", "1.2e+30");
    CASE(def->bounds_max.z = def->bounds_min.z, WORLD_DEF_BOUNDS, "bounds_max.z - def->bounds_min.z", "0");
    CASE(def->up = (steer_up_axis)7, WORLD_DEF_UP, "def->up", "7");
    CASE(def->boundary = (steer_boundary)-1, WORLD_DEF_BOUNDARY, "def->boundary", "-1");
    CASE(def->cell_size = nanf_, WORLD_DEF_CELL_SIZE, "def->cell_size", "nan");
    CASE(def->cell_size = inf, WORLD_DEF_CELL_SIZE, "def->cell_size", "inf");
    CASE(def->max_dt = -1, WORLD_DEF_MAX_DT, "def->max_dt", "-1");
    CASE(def->max_dt = nanf_, WORLD_DEF_MAX_DT, "def->max_dt", "nan");
    CASE(def->max_groups = 0, WORLD_DEF_MAX_GROUPS, "def->max_groups", "0");
    CASE(def->max_obstacles = 1048577, WORLD_DEF_MAX_OBJECTS, "def->max_obstacles", "1048577");
    CASE(def->max_paths = -1, WORLD_DEF_MAX_OBJECTS, "def->max_paths", "-1");
    CASE(def->max_flow_fields = INT_MIN, WORLD_DEF_MAX_OBJECTS, "def->max_flow_fields", "-2147483648");
    CASE(def->penetration_iterations = -1, WORLD_DEF_PENETRATION_ITERATIONS, "def->penetration_iterations", "-1");
    CASE(def->worker_count = 65, WORLD_DEF_WORKER_COUNT, "def->worker_count", "65");
    CASE(def->worker_count = -3, WORLD_DEF_WORKER_COUNT, "def->worker_count", "-3");
    CASE(def->enqueue_task = (steer_enqueue_task_fn *)abort, WORLD_DEF_SCHEDULER, "def->enqueue_task", "finish_task");
#undef CASE
    for (int i = 0; i < n; ++i) {
        int before = misuse_last.count;
        steer_world *w = steer_world_create(&cases[i].def);
        CHECK(w == 0);
        if (w) {
            fprintf(stderr, "  case %d (%s) made a world\n", i, cases[i].field);
            steer_world_destroy(w);
            continue;
        }
        CHECK_REPORT(before, cases[i].id, "steer_world_create", cases[i].field);
        CHECK(strstr(misuse_last.message, cases[i].value) != 0);
        if (!strstr(misuse_last.message, cases[i].value))
            fprintf(stderr, "  case %d: value %s not in: %s\n", i, cases[i].value, misuse_last.message);
    }
    /* Legal edges: the largest extent (1e30), 2D ignoring z (a NaN z bound), capacity 1, no walls. */
    steer_world_def d = def3(1);
    d.bounds_min.x = -5e29f;
    d.bounds_max.x = 5e29f;
    d.max_walls = 0;
    steer_world *w = 0;
    SILENT(w = steer_world_create(&d));
    CHECK(w != 0);
    steer_world_destroy(w);
    d = def3(1);
    d.dim = 2;
    d.bounds_min.z = nanf_;
    d.bounds_max.z = -inf;
    int before = misuse_last.count;
    w = steer_world_create(&d);
    /* world.h: "bounds_min: world box (z ignored in 2D, kept as (-50, 50) there when not finite)" */
    CHECK(w != 0 && misuse_last.count == before);
    if (w) {
        size_t size = steer_world_snapshot_size(w);
        void *snap = malloc(size);
        CHECK(snap && steer_world_save(w, snap, size, 0) == STEER_OK);
        CHECK(snap && steer_world_restore(w, snap, size) == STEER_OK); /* the def it keeps passes the checks */
        free(snap);
    }
    steer_world_destroy(w);
}

/* ---- group defs: the fields and values test_misuse.c leaves out --------------------- */
static void test_group_def_refusals(void)
{
    steer_world *w = world3(4);
    steer_world_add_agent(w, 0, steer_v3_make(1, 2, 3), steer_v3_make(1, 0, 0));
    struct {
        steer_group_def def;
        steer_misuse_id id;
        const char *field, *value;
    } cases[64];
    int n = 0;
#define CASE(change, want, field_, value_)                                                                             \
    do {                                                                                                               \
        cases[n].def = steer_default_group_def();                                                                      \
        {                                                                                                              \
            steer_group_def *def = &cases[n].def;                                                                      \
            change;                                                                                                    \
        }                                                                                                              \
        cases[n].id = STEER_MISUSE_##want;                                                                             \
        cases[n].field = field_;                                                                                       \
        cases[n++].value = value_;                                                                                     \
    } while (0)
    CASE(def->max_speed = inf, GROUP_DEF_MAX_SPEED, "def->max_speed", "inf");
    CASE(def->max_speed = 0, GROUP_DEF_MAX_SPEED, "def->max_speed", "0");
    CASE(def->max_force = -inf, GROUP_DEF_MAX_FORCE, "def->max_force", "-inf");
    CASE(def->mass = 0, GROUP_DEF_MASS, "def->mass", "0");
    CASE(def->mass = -1, GROUP_DEF_MASS, "def->mass", "-1");
    CASE(def->radius = inf, GROUP_DEF_RADIUS, "def->radius", "inf");
    CASE(def->max_turn_rate = nanf_, GROUP_DEF_MAX_TURN_RATE, "def->max_turn_rate", "nan");
    CASE(def->neighbour_radius = -1, GROUP_DEF_NEIGHBOUR_RADIUS, "def->neighbour_radius", "-1");
    /* keep_apart must see two bodies of the group before they touch */
    CASE((def->keep_apart = true, def->radius = 1.0f, def->neighbour_radius = 1.5f), GROUP_DEF_NEIGHBOUR_RADIUS,
         "def->neighbour_radius", "1.5 with keep_apart and radius 1: must be at least 2 radius = 2");
    CASE(def->separation_radius = nanf_, GROUP_DEF_SEPARATION_RADIUS, "def->separation_radius", "nan");
    CASE(def->field_of_view = nanf_, GROUP_DEF_FIELD_OF_VIEW, "def->field_of_view", "nan");
    CASE(def->weight[STEER_WANDER] = -inf, GROUP_DEF_WEIGHT, "def->weight[STEER_WANDER]", "-inf");
    CASE(def->probability[STEER_AVOID_OBSTACLES] = -0.5f, GROUP_DEF_PROBABILITY, "def->probability[STEER_AVOID_OBSTACLES]", "-0.5");
    CASE(def->probability[STEER_SEEK] = nanf_, GROUP_DEF_PROBABILITY, "def->probability[STEER_SEEK]", "nan");
    CASE(def->combine = (steer_combine)-1, GROUP_DEF_COMBINE, "def->combine", "-1");
    CASE(def->target.x = FLT_MAX * 2, GROUP_DEF_TARGET, "def->target", "inf");
    CASE(def->threat.z = -inf, GROUP_DEF_THREAT, "def->threat", "-inf");
    CASE(def->contain_min.x = -inf, GROUP_DEF_CONTAIN_BOX, "def->contain_min", "-inf");
    /* an inverted box contained by accident, with the faces' zones swapped */
    CASE((def->contain_min = steer_v3_make(-5, 6, -5), def->contain_max = steer_v3_make(5, 1, 5)), GROUP_DEF_CONTAIN_BOX,
         "def->contain_min.y = 6 > def->contain_max.y = 1", "each min must be at most its max");
    CASE(def->slow_radius = nanf_, GROUP_DEF_SLOW_RADIUS, "def->slow_radius", "nan");
    CASE(def->arrival_tolerance = -1, GROUP_DEF_ARRIVAL, "def->arrival_tolerance", "-1");
    CASE(def->arrival_speed = inf, GROUP_DEF_ARRIVAL, "def->arrival_speed", "inf");
    CASE(def->waypoint_radius = -1, GROUP_DEF_ARRIVAL, "def->waypoint_radius", "-1");
    CASE(def->leader_behind = -1, GROUP_DEF_LEADER, "def->leader_behind", "-1");
    CASE(def->leader_sight = nanf_, GROUP_DEF_LEADER, "def->leader_sight", "nan");
    CASE(def->queue_distance = -1, GROUP_DEF_QUEUE, "def->queue_distance", "-1");
    CASE(def->panic_distance = nanf_, GROUP_DEF_PANIC_DISTANCE, "def->panic_distance", "nan");
    CASE(def->chase_radius = inf, GROUP_DEF_CHASE_RADIUS, "def->chase_radius", "inf");
    CASE(def->max_prediction = nanf_, GROUP_DEF_MAX_PREDICTION, "def->max_prediction", "nan");
    CASE(def->wander.radius = -1, GROUP_DEF_WANDER, "def->wander.radius", "-1");
    CASE(def->path_predict = inf, GROUP_DEF_PATH_PREDICT, "def->path_predict", "inf");
    CASE(def->path_ahead = nanf_, GROUP_DEF_PATH_AHEAD, "def->path_ahead", "nan");
    CASE(def->flow_predict = inf, GROUP_DEF_FLOW_PREDICT, "def->flow_predict", "inf");
    CASE(def->contain_margin = nanf_, GROUP_DEF_CONTAIN_MARGIN, "def->contain_margin", "nan");
    CASE(def->see_ahead = inf, GROUP_DEF_SEE_AHEAD, "def->see_ahead", "inf");
    CASE(def->see_ahead_time = nanf_, GROUP_DEF_SEE_AHEAD, "def->see_ahead_time", "nan");
    CASE(def->feelers.length = nanf_, GROUP_DEF_FEELERS, "def->feelers.length", "nan");
    CASE(def->feelers.whisker_angle = inf, GROUP_DEF_FEELERS, "def->feelers.whisker_angle", "inf");
    CASE(def->wall_follow.range = -1, GROUP_DEF_WALL_FOLLOW, "def->wall_follow.range", "-1");
    CASE(def->wall_follow.desired_distance = nanf_, GROUP_DEF_WALL_FOLLOW, "def->wall_follow.desired_distance", "nan");
    CASE(def->priority = nanf_, GROUP_DEF_AVOIDANCE, "def->priority", "nan");
    CASE(def->priority = -1, GROUP_DEF_AVOIDANCE, "def->priority", "-1");
    CASE(def->anticipation_tau0 = -inf, GROUP_DEF_AVOIDANCE, "def->anticipation_tau0", "-inf");
    CASE(def->keep_right = inf, GROUP_DEF_AVOIDANCE, "def->keep_right", "inf");
    CASE((def->weight[STEER_PURSUE] = 1, def->pursue_group = -1), GROUP_DEF_PURSUE_GROUP, "def->pursue_group", "-1");
    CASE((def->weight[STEER_EVADE] = 1, def->evade_group = 4), GROUP_DEF_EVADE_GROUP, "def->evade_group", "4");
    CASE((def->weight[STEER_FOLLOW_PATH] = 1, def->path = -1), GROUP_DEF_PATH, "def->path", "-1");
    CASE((def->weight[STEER_FOLLOW_FLOW] = 1, def->flow_field = -1), GROUP_DEF_FLOW_FIELD, "def->flow_field", "-1");
#undef CASE
    steer_group_def kept;
    CHECK(steer_world_get_group(w, 0, &kept) == STEER_OK);
    for (int i = 0; i < n; ++i) {
        REFUSED(w, steer_world_add_group(w, &cases[i].def), STEER_ERROR_INVALID_ARGUMENT, cases[i].id,
                "steer_world_add_group", cases[i].field, cases[i].value);
        REFUSED(w, steer_world_set_group(w, 0, &cases[i].def), STEER_ERROR_INVALID_ARGUMENT, cases[i].id,
                "steer_world_set_group", cases[i].field, cases[i].value);
    }
    steer_group_def now;
    CHECK(steer_world_get_group(w, 0, &now) == STEER_OK && memcmp(&now, &kept, sizeof now) == 0);
    CHECK(steer_world_group_count(w) == 1);
    /* Legal: a group index for a behaviour that is off is not looked at; FLT_MAX limits. */
    steer_group_def g = steer_default_group_def();
    g.pursue_group = 99;
    g.path = 99;
    g.flow_field = -7;
    g.max_speed = FLT_MAX;
    g.max_force = FLT_MAX;
    g.neighbour_radius = FLT_MAX;
    g.target = steer_v3_make(FLT_MAX, -FLT_MAX, FLT_MAX);
    g.priority = STEER_MAX_PRIORITY;
    int added = -1;
    SILENT(added = steer_world_add_group(w, &g));
    CHECK(added == 1);
    SILENT(CHECK(steer_world_add_group(w, &g) == 2));
    SILENT(CHECK(steer_world_add_group(w, &g) == 3));
    /* max_groups (4) reached: a capacity, not misuse */
    REFUSED_QUIETLY(w, steer_world_add_group(w, &g), STEER_ERROR_CAPACITY);
    steer_world_destroy(w);
}

/* ---- obstacles, walls, paths, flow fields ------------------------------------------- */
static void test_object_refusals(void)
{
    steer_world *w = world3(4);
    steer_v3 o = steer_v3_make(0, 0, 0), in = steer_v3_make(inf, 0, 0), nin = steer_v3_make(0, 0, -inf);
    steer_world_add_agent(w, 0, o, steer_v3_make(1, 0, 0));
    REFUSED(w, steer_world_add_obstacle(w, in, 1), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_OBSTACLE_CENTRE, "steer_world_add_obstacle", "centre", "inf");
    REFUSED(w, steer_world_add_obstacle(w, o, inf), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_OBSTACLE_RADIUS, "steer_world_add_obstacle", "radius", "inf");
    REFUSED(w, steer_world_add_obstacle(w, o, nanf_), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_OBSTACLE_RADIUS, "steer_world_add_obstacle", "radius", "nan");
    REFUSED(w, steer_world_add_obstacle(0, o, 1), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_NULL_WORLD, "steer_world_add_obstacle", "world", "NULL");
    SILENT(CHECK(steer_world_add_obstacle(w, steer_v3_make(10, 10, 10), 0) == 0)); /* radius 0: legal */
    REFUSED(w, steer_world_set_obstacle(w, -1, o, 1), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_OBSTACLE_INDEX, "steer_world_set_obstacle", "index", "-1");
    REFUSED(w, steer_world_set_obstacle(w, 1, o, 1), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_OBSTACLE_INDEX, "steer_world_set_obstacle", "index", "[0, 1)");
    REFUSED(w, steer_world_set_obstacle(w, 0, nin, 1), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_OBSTACLE_CENTRE, "steer_world_set_obstacle", "centre", "-inf");
    REFUSED(w, steer_world_set_obstacle(w, 0, o, -FLT_MAX), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_OBSTACLE_RADIUS, "steer_world_set_obstacle", "radius", "-3.40282e+38");
    REFUSED(w, steer_world_set_obstacle_velocity(w, INT_MIN, o), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_OBSTACLE_INDEX, "steer_world_set_obstacle_velocity", "index", "-2147483648");
    REFUSED(w, steer_world_set_obstacle_velocity(w, 0, nin), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_OBSTACLE_VELOCITY, "steer_world_set_obstacle_velocity", "velocity", "-inf");
    REFUSED(w, steer_v3_len_sq(steer_world_get_obstacle_velocity(w, -1)), 0, STEER_MISUSE_OBSTACLE_INDEX, "steer_world_get_obstacle_velocity", "index", "-1");
    REFUSED(w, steer_v3_len_sq(steer_world_get_obstacle_velocity(w, 7)), 0, STEER_MISUSE_OBSTACLE_INDEX, "steer_world_get_obstacle_velocity", "index", "[0, 1)");
    SILENT(CHECK(steer_world_add_obstacle(w, o, 2) == 1));
    REFUSED_QUIETLY(w, steer_world_add_obstacle(w, o, 3), STEER_ERROR_CAPACITY); /* max_obstacles 2 */

    REFUSED(w, steer_world_add_wall(w, in, o), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_WALL_END, "steer_world_add_wall", "a = ", "inf");
    REFUSED(w, steer_world_add_wall(w, o, nin), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_WALL_END, "steer_world_add_wall", "b = ", "-inf");
    REFUSED(w, steer_world_add_wall(0, o, o), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_NULL_WORLD, "steer_world_add_wall", "world", "NULL");
    /* no length on the ground: along z (the up axis here), or a point */
    REFUSED(w, steer_world_add_wall(w, steer_v3_make(5, 5, 0), steer_v3_make(5, 5, 0)), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_WALL_END, "steer_world_add_wall", "a = ", "one point on the ground");
    REFUSED(w, steer_world_add_wall(w, steer_v3_make(5, 5, 0), steer_v3_make(5, 5, 4)), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_WALL_END, "steer_world_add_wall", "b = ", "(5, 5, 4)");
    SILENT(CHECK(steer_world_add_wall(w, steer_v3_make(5, 5, 0), steer_v3_make(5, 6, 0)) == 0));
    SILENT(CHECK(steer_world_add_wall(w, steer_v3_make(-5, 5, 0), steer_v3_make(-5, 9, 0)) == 1));
    REFUSED_QUIETLY(w, steer_world_add_wall(w, o, steer_v3_make(1, 0, 0)), STEER_ERROR_CAPACITY);
    REFUSED(w, steer_world_set_wall(w, 2, o, steer_v3_make(1, 0, 0)), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_WALL_INDEX, "steer_world_set_wall", "index", "[0, 2)");
    REFUSED(w, steer_world_set_wall(w, -1, o, steer_v3_make(1, 0, 0)), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_WALL_INDEX, "steer_world_set_wall", "index", "-1");
    REFUSED(w, steer_world_set_wall(w, 0, nin, o), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_WALL_END, "steer_world_set_wall", "a = ", "-inf");
    REFUSED(w, steer_world_set_wall(w, 1, o, o), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_WALL_END, "steer_world_set_wall", "a = ", "one point on the ground");
    REFUSED(w, steer_world_set_wall(0, 0, o, o), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_NULL_WORLD, "steer_world_set_wall", "world", "NULL");
    {
        steer_segment3 kept;
        CHECK(steer_world_get_wall(w, 1, &kept) == STEER_OK && kept.a.x == -5 && kept.b.y == 9); /* refusals left it */
        SILENT(CHECK(steer_world_set_wall(w, 1, steer_v3_make(-6, 5, 0), steer_v3_make(-6, 8, 0)) == STEER_OK));
        CHECK(steer_world_get_wall(w, 1, &kept) == STEER_OK && kept.a.x == -6 && kept.b.y == 8);
    }
    /* a wall's height: below its top, not NaN; the default every height */
    {
        float bottom = 0, top = 0;
        SILENT(CHECK(steer_world_get_wall_height(w, 0, &bottom, &top) == STEER_OK && bottom == -INFINITY && top == INFINITY));
        REFUSED(w, steer_world_set_wall_height(w, 2, 0, 1), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_WALL_INDEX, "steer_world_set_wall_height", "index", "[0, 2)");
        REFUSED(w, steer_world_set_wall_height(w, 0, 2, 1), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_WALL_HEIGHT, "steer_world_set_wall_height", "bottom = 2, top = 1", "below top");
        REFUSED(w, steer_world_set_wall_height(w, 0, 1, 1), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_WALL_HEIGHT, "steer_world_set_wall_height", "bottom = 1, top = 1", "below top");
        REFUSED(w, steer_world_set_wall_height(w, 0, nanf_, 1), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_WALL_HEIGHT, "steer_world_set_wall_height", "bottom = nan", "below top");
        REFUSED(w, steer_world_set_wall_height(w, 0, 0, nanf_), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_WALL_HEIGHT, "steer_world_set_wall_height", "top = ", "nan");
        REFUSED(w, steer_world_get_wall_height(w, 0, NULL, &top), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_NULL_ARGUMENT, "steer_world_get_wall_height", "bottom", "NULL");
        REFUSED(w, steer_world_get_wall_height(w, -1, &bottom, &top), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_WALL_INDEX, "steer_world_get_wall_height", "index", "-1");
        SILENT(CHECK(steer_world_set_wall_height(w, 1, -INFINITY, 3) == STEER_OK));
        SILENT(CHECK(steer_world_set_wall(w, 1, steer_v3_make(-6, 5, 0), steer_v3_make(-6, 9, 0)) == STEER_OK));
        CHECK(steer_world_get_wall_height(w, 1, &bottom, &top) == STEER_OK && bottom == -INFINITY && top == 3); /* kept by a move */
        steer_world_def d2 = steer_default_world_def();
        steer_world *flat = steer_world_create(&d2);
        SILENT(CHECK(steer_world_add_wall(flat, steer_v3_make(0, 0, 0), steer_v3_make(1, 0, 0)) == 0));
        REFUSED(flat, steer_world_set_wall_height(flat, 0, 0, 1), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_WALL_HEIGHT, "steer_world_set_wall_height", "2D", "no height");
        steer_world_destroy(flat);
    }

    steer_v3 pts[4] = {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {3, 0, 0}};
    REFUSED(w, steer_world_add_path(w, pts, -1, false, 1), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_PATH_COUNT, "steer_world_add_path", "count", "-1");
    REFUSED(w, steer_world_add_path(w, pts, (1 << 20) + 1, false, 1), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_PATH_COUNT, "steer_world_add_path", "count", "1048577");
    REFUSED(w, steer_world_add_path(w, pts, 4, true, -1), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_PATH_RADIUS, "steer_world_add_path", "radius", "-1");
    REFUSED(w, steer_world_add_path(w, pts, 4, true, inf), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_PATH_RADIUS, "steer_world_add_path", "radius", "inf");
    pts[2].y = -inf;
    REFUSED(w, steer_world_add_path(w, pts, 4, false, 1), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_PATH_POINT, "steer_world_add_path", "points[2]", "-inf");
    pts[2].y = 0;
    SILENT(CHECK(steer_world_add_path(w, pts, 1, false, 0) == 0)); /* one point, radius 0 */
    steer_v3 same_pts[3] = {{1, 1, 1}, {1, 1, 1}, {1, 1, 1}};
    SILENT(CHECK(steer_world_add_path(w, same_pts, 3, true, 1) == 1)); /* coincident points */
    REFUSED_QUIETLY(w, steer_world_add_path(w, pts, 4, false, 1), STEER_ERROR_CAPACITY);

    steer_v3 vec[8] = {{1, 0, 0}, {1, 0, 0}, {1, 0, 0}, {1, 0, 0}, {1, 0, 0}, {1, 0, 0}, {1, 0, 0}, {1, 0, 0}};
    REFUSED(w, steer_world_add_flow_field(w, nin, 1, 2, 2, 2, vec), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_FLOW_FIELD_ORIGIN, "steer_world_add_flow_field", "origin", "-inf");
    REFUSED(w, steer_world_add_flow_field(w, o, inf, 2, 2, 2, vec), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_FLOW_FIELD_CELL_SIZE, "steer_world_add_flow_field", "cell_size", "inf");
    REFUSED(w, steer_world_add_flow_field(w, o, -1, 2, 2, 2, vec), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_FLOW_FIELD_CELL_SIZE, "steer_world_add_flow_field", "cell_size", "-1");
    REFUSED(w, steer_world_add_flow_field(w, o, 1, 2, 2, 0, vec), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_FLOW_FIELD_SIZE, "steer_world_add_flow_field", "nx, ny, nz", "2, 2, 0");
    REFUSED(w, steer_world_add_flow_field(w, o, 1, -2, 2, 2, vec), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_FLOW_FIELD_SIZE, "steer_world_add_flow_field", "nx, ny, nz", "-2, 2, 2");
    /* past 2^24 cells, and a product that overflows an int: refused before vectors is read */
    REFUSED(w, steer_world_add_flow_field(w, o, 1, 4097, 4097, 1, vec), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_FLOW_FIELD_SIZE, "steer_world_add_flow_field", "nx, ny, nz", "4097, 4097, 1");
    REFUSED(w, steer_world_add_flow_field(w, o, 1, INT_MAX, INT_MAX, 2, vec), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_FLOW_FIELD_SIZE, "steer_world_add_flow_field", "nx, ny, nz", "2147483647");
    vec[7].z = inf;
    REFUSED(w, steer_world_add_flow_field(w, o, 1, 2, 2, 2, vec), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_FLOW_FIELD_VECTOR, "steer_world_add_flow_field", "vectors[7]", "inf");
    vec[7].z = 0;
    SILENT(CHECK(steer_world_add_flow_field(w, o, FLT_MAX, 2, 2, 2, vec) == 0)); /* legal: FLT_MAX cells */
    REFUSED_QUIETLY(w, steer_world_add_flow_field(w, o, 1, 2, 2, 2, vec), STEER_ERROR_CAPACITY);
    /* the legal degenerate objects do not break a step */
    for (int i = 0; i < 30; ++i) CHECK(steer_world_step(w, 1.0f / 60) == STEER_OK);
    CHECK(world_finite(w) && world_inside(w));
    steer_world_destroy(w);
}

/* ---- agents: handles and values ---------------------------------------------------- */
static void test_agent_refusals(void)
{
    steer_world *w = world3(3), *other = world3(3);
    steer_v3 o = steer_v3_make(0, 0, 0), v = steer_v3_make(1, 0, 0);
    steer_agent_id a = steer_world_add_agent(w, 0, o, v), b = steer_world_add_agent(w, 0, steer_v3_make(2, 0, 0), v);
    steer_agent_id foreign = steer_world_add_agent(other, 0, o, v);
    CHECK(a.index && b.index && foreign.index);
    steer_agent_id null_id = {0, 0, 0};
    steer_agent_state st;
#define ADD(world, g, p, vel) (long long)steer_world_add_agent(world, g, p, vel).index
    REFUSED(w, ADD(w, -1, o, v), 0, STEER_MISUSE_AGENT_GROUP, "steer_world_add_agent", "group", "-1");
    REFUSED(w, ADD(w, INT_MAX, o, v), 0, STEER_MISUSE_AGENT_GROUP, "steer_world_add_agent", "group", "2147483647");
    REFUSED(w, ADD(w, 0, steer_v3_make(inf, 0, 0), v), 0, STEER_MISUSE_AGENT_POSITION, "steer_world_add_agent", "position", "inf");
    REFUSED(w, ADD(w, 0, steer_v3_make(0, -inf, 0), v), 0, STEER_MISUSE_AGENT_POSITION, "steer_world_add_agent", "position", "-inf");
    REFUSED(w, ADD(w, 0, o, steer_v3_make(0, 0, -inf)), 0, STEER_MISUSE_AGENT_VELOCITY, "steer_world_add_agent", "velocity", "-inf");
    REFUSED(w, ADD(0, 0, o, v), 0, STEER_MISUSE_NULL_WORLD, "steer_world_add_agent", "world", "NULL");
    REFUSED(w, steer_world_teleport_agent(w, a, steer_v3_make(nanf_, 0, 0), v), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_AGENT_POSITION, "steer_world_teleport_agent", "position", "nan");
    REFUSED(w, steer_world_teleport_agent(w, a, steer_v3_make(0, 0, inf), v), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_AGENT_POSITION, "steer_world_teleport_agent", "position", "inf");
    REFUSED(w, steer_world_teleport_agent(w, foreign, o, v), STEER_ERROR_STALE_HANDLE, STEER_MISUSE_HANDLE_FOREIGN, "steer_world_teleport_agent", "id", "another world");
    REFUSED(w, steer_world_teleport_agent(w, null_id, o, v), STEER_ERROR_STALE_HANDLE, STEER_MISUSE_HANDLE_STALE, "steer_world_teleport_agent", "id", "index 0");
    REFUSED(w, steer_world_get_agent(w, foreign, &st), STEER_ERROR_STALE_HANDLE, STEER_MISUSE_HANDLE_FOREIGN, "steer_world_get_agent", "id", "another world");
    REFUSED(w, steer_world_get_agent(0, a, &st), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_NULL_WORLD, "steer_world_get_agent", "world", "NULL");
    REFUSED(w, steer_world_set_agent_group(w, foreign, 0), STEER_ERROR_STALE_HANDLE, STEER_MISUSE_HANDLE_FOREIGN, "steer_world_set_agent_group", "id", "another world");
    REFUSED(w, steer_world_set_agent_group(w, a, INT_MIN), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_AGENT_GROUP, "steer_world_set_agent_group", "group", "-2147483648");
    REFUSED(w, steer_world_remove_agent(w, foreign), STEER_ERROR_STALE_HANDLE, STEER_MISUSE_HANDLE_FOREIGN, "steer_world_remove_agent", "id", "another world");
    REFUSED(w, steer_world_remove_agent(w, (steer_agent_id){a.index, a.generation + 1, a.world}), STEER_ERROR_STALE_HANDLE, STEER_MISUSE_HANDLE_STALE, "steer_world_remove_agent", "id", "generation");
    REFUSED(w, steer_world_remove_agent(w, (steer_agent_id){UINT32_MAX, 0, a.world}), STEER_ERROR_STALE_HANDLE, STEER_MISUSE_HANDLE_STALE, "steer_world_remove_agent", "id", "4294967295");
    REFUSED(w, steer_world_remove_agent(0, a), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_NULL_WORLD, "steer_world_remove_agent", "world", "NULL");
    CHECK(!steer_world_is_valid(w, foreign) && !steer_world_is_valid(w, null_id) && steer_world_is_valid(w, a));
    /* removed: stale everywhere, also once its slot is reused */
    SILENT(CHECK(steer_world_remove_agent(w, b) == STEER_OK));
    REFUSED(w, steer_world_remove_agent(w, b), STEER_ERROR_STALE_HANDLE, STEER_MISUSE_HANDLE_STALE, "steer_world_remove_agent", "id", "no live agent");
    REFUSED(w, steer_world_get_agent(w, b, &st), STEER_ERROR_STALE_HANDLE, STEER_MISUSE_HANDLE_STALE, "steer_world_get_agent", "id", "no live agent");
    steer_agent_id c = steer_world_add_agent(w, 0, steer_v3_make(3, 0, 0), v);
    CHECK(c.index != 0 && !steer_world_is_valid(w, b));
    REFUSED(w, steer_world_teleport_agent(w, b, o, v), STEER_ERROR_STALE_HANDLE, STEER_MISUSE_HANDLE_STALE, "steer_world_teleport_agent", "id", "no live agent");
    /* full (capacity 3): not misuse */
    SILENT(CHECK(steer_world_add_agent(w, 0, steer_v3_make(4, 0, 0), v).index != 0));
    REFUSED_QUIETLY(w, ADD(w, 0, o, v), 0);
    /* get_agent_ids: capacity below the count writes only that many */
    steer_agent_id ids[4];
    memset(ids, 0xAB, sizeof ids);
    SILENT(CHECK(steer_world_get_agent_ids(w, ids, 1) == 3));
    CHECK(ids[1].index == 0xABABABABu && ids[1].world == 0xABABABABu);
    /* get_agents: each as get_agent reads it; b (gone) is its result alone, foreign is misuse */
    {
        steer_agent_id some[4] = {c, b, a, foreign};
        steer_agent_state got[4];
        steer_result res[4];
        int before = misuse_last.count;
        CHECK(steer_world_get_agents(w, some, got, 3, res) == 2);
        CHECK(misuse_last.count == before && res[0] == STEER_OK && res[1] == STEER_ERROR_STALE_HANDLE && res[2] == STEER_OK);
        CHECK(got[1].group == -1 && got[1].position.x == 0.0f);
        SILENT(CHECK(steer_world_get_agent(w, c, &st) == STEER_OK));
        CHECK(memcmp(&got[0], &st, sizeof st) == 0 && got[0].position.x == 3.0f);
        SILENT(CHECK(steer_world_get_agent(w, a, &st) == STEER_OK));
        CHECK(memcmp(&got[2], &st, sizeof st) == 0);
        CHECK(steer_world_get_agents(w, some, got, 4, res) == 2 && res[3] == STEER_ERROR_STALE_HANDLE);
        CHECK_REPORT(before, STEER_MISUSE_HANDLE_FOREIGN, "steer_world_get_agents", "ids[3] = {");
        REFUSED(w, steer_world_get_agents(w, some, 0, 2, res), 0, STEER_MISUSE_NULL_ARGUMENT, "steer_world_get_agents", "out = ", "must point to");
        CHECK(res[0] == STEER_ERROR_INVALID_ARGUMENT && res[1] == STEER_ERROR_INVALID_ARGUMENT);
        REFUSED(w, steer_world_get_agents(w, some, got, -1, res), 0, STEER_MISUSE_COUNT_NEGATIVE, "steer_world_get_agents", "count", "-1");
        REFUSED(w, steer_world_get_agents(0, some, got, 2, 0), 0, STEER_MISUSE_NULL_WORLD, "steer_world_get_agents", "world", "NULL");
        SILENT(CHECK(steer_world_get_agents(w, 0, 0, 0, 0) == 0));
    }
#undef ADD
    steer_world_destroy(other);
    steer_world_destroy(w);
}

/* Positions outside the box are brought in, never lost: FLT_MAX in WRAP and CLAMP worlds,
 * and a 2D world ignores z (even a NaN one). */
static void test_agent_extremes(void)
{
    for (int boundary = STEER_BOUNDARY_WRAP; boundary <= STEER_BOUNDARY_NONE; ++boundary) {
        steer_world_def d = def3(4);
        d.boundary = (steer_boundary)boundary;
        steer_world *w = steer_world_create(&d);
        steer_group_def g = steer_default_group_def();
        steer_world_add_group(w, &g);
        steer_agent_id a = {0, 0, 0};
        SILENT(a = steer_world_add_agent(w, 0, steer_v3_make(FLT_MAX, -FLT_MAX, FLT_MAX), steer_v3_make(FLT_MAX, 0, -FLT_MAX)));
        CHECK(a.index != 0);
        steer_agent_id b = steer_world_add_agent(w, 0, steer_v3_make(1e30f, 0, 0), steer_v3_make(0, 0, 0));
        SILENT(CHECK(steer_world_teleport_agent(w, b, steer_v3_make(-3e38f, 3e38f, 1), steer_v3_make(-FLT_MAX, -FLT_MAX, -FLT_MAX)) == STEER_OK));
        CHECK(world_finite(w));
        if (boundary != STEER_BOUNDARY_NONE) CHECK(world_inside(w));
        for (int i = 0; i < 5; ++i) CHECK(steer_world_step(w, 1.0f / 60) == STEER_OK);
        CHECK(world_finite(w));
        if (boundary != STEER_BOUNDARY_NONE) CHECK(world_inside(w));
        steer_world_destroy(w);
    }
    steer_world_def d = def3(4);
    d.dim = 2;
    steer_world *w = steer_world_create(&d);
    steer_group_def g = steer_default_group_def();
    steer_world_add_group(w, &g);
    steer_agent_id a = {0, 0, 0};
    SILENT(a = steer_world_add_agent(w, 0, steer_v3_make(1, 2, nanf_), steer_v3_make(1, 0, inf)));
    CHECK(a.index != 0);
    steer_agent_state st = {{1, 1, 1}, {1, 1, 1}, 1};
    CHECK(steer_world_get_agent(w, a, &st) == STEER_OK && st.position.z == 0 && st.velocity.z == 0);
    steer_world_destroy(w);
}

static bool same_goal(const steer_goal *a, const steer_goal *b) /* field by field: the struct has padding */
{
    return a->kind == b->kind && a->target.x == b->target.x && a->target.y == b->target.y &&
           a->target.z == b->target.z && a->slow_radius == b->slow_radius && a->speed == b->speed &&
           a->path == b->path && a->points == b->points && a->point_count == b->point_count &&
           a->progress == b->progress && a->arrived == b->arrived;
}

/* ---- goals ------------------------------------------------------------------------ */
static void test_goal_refusals(void)
{
    steer_world *w = world3(4), *other = world3(2);
    steer_v3 v = steer_v3_make(1, 0, 0);
    steer_agent_id a = steer_world_add_agent(w, 0, steer_v3_make(0, 0, 0), v);
    steer_agent_id b = steer_world_add_agent(w, 0, steer_v3_make(3, 0, 0), v);
    steer_agent_id gone = steer_world_add_agent(w, 0, steer_v3_make(6, 0, 0), v);
    steer_world_remove_agent(w, gone);
    steer_agent_id foreign = steer_world_add_agent(other, 0, steer_v3_make(0, 0, 0), v);
    steer_v3 path_pts[2] = {{0, 0, 0}, {5, 0, 0}};
    CHECK(steer_world_add_path(w, path_pts, 2, false, 1) == 0);
    steer_goal kept = {0};
    kept.kind = STEER_GOAL_ARRIVE;
    kept.target = steer_v3_make(1, 1, 0);
    CHECK(steer_world_set_goal(w, a, &kept) == STEER_OK);
    steer_goal before;
    CHECK(steer_world_get_goal(w, a, &before) == STEER_OK);

    steer_v3 wp[3] = {{1, 0, 0}, {2, 0, 0}, {3, 0, 0}};
    struct {
        steer_goal goal;
        steer_misuse_id id;
        const char *field, *value;
    } cases[24];
    int n = 0;
#define CASE(change, want, field_, value_)                                                                             \
    do {                                                                                                               \
        memset(&cases[n].goal, 0, sizeof cases[n].goal);                                                              \
        {                                                                                                              \
            steer_goal *g = &cases[n].goal;                                                                            \
            g->kind = STEER_GOAL_ARRIVE;                                                                               \
            change;                                                                                                    \
        }                                                                                                              \
        cases[n].id = STEER_MISUSE_##want;                                                                             \
        cases[n].field = field_;                                                                                       \
        cases[n++].value = value_;                                                                                     \
    } while (0)
    CASE(g->kind = (steer_goal_kind)5, GOAL_KIND, "kind", "5");
    CASE(g->kind = (steer_goal_kind)-1, GOAL_KIND, "kind", "-1");
    CASE(g->target.y = nanf_, GOAL_TARGET, "target", "nan");
    CASE((g->kind = STEER_GOAL_SEEK, g->target.x = -inf), GOAL_TARGET, "target", "-inf");
    CASE(g->slow_radius = -1, GOAL_SLOW_RADIUS, "slow_radius", "-1");
    CASE(g->slow_radius = inf, GOAL_SLOW_RADIUS, "slow_radius", "inf");
    CASE(g->speed = -1, GOAL_SPEED, "speed", "-1");
    CASE(g->speed = nanf_, GOAL_SPEED, "speed", "nan");
    CASE((g->kind = STEER_GOAL_PATH, g->path = 1), GOAL_PATH, "path", "1");
    CASE((g->kind = STEER_GOAL_PATH, g->path = -1), GOAL_PATH, "path", "-1");
    CASE((g->kind = STEER_GOAL_WAYPOINTS, g->points = 0, g->point_count = 3), GOAL_POINTS, "points", "NULL");
    CASE((g->kind = STEER_GOAL_WAYPOINTS, g->points = wp, g->point_count = 0), GOAL_POINTS, "point_count", "0");
    CASE((g->kind = STEER_GOAL_WAYPOINTS, g->points = wp, g->point_count = STEER_MAX_GOAL_POINTS + 1), GOAL_POINTS, "point_count", "65537");
    CASE((g->kind = STEER_GOAL_WAYPOINTS, g->points = wp, g->point_count = 3, g->progress = -1), GOAL_PROGRESS, "progress", "-1");
    CASE((g->kind = STEER_GOAL_WAYPOINTS, g->points = wp, g->point_count = 3, g->progress = 3), GOAL_PROGRESS, "progress", "3");
#undef CASE
    for (int i = 0; i < n; ++i) {
        REFUSED(w, steer_world_set_goal(w, a, &cases[i].goal), STEER_ERROR_INVALID_ARGUMENT, cases[i].id,
                "steer_world_set_goal", cases[i].field, cases[i].value);
    }
    steer_v3 bad_wp[3] = {{1, 0, 0}, {2, inf, 0}, {3, 0, 0}};
    steer_goal g = {0};
    g.kind = STEER_GOAL_WAYPOINTS;
    g.points = bad_wp;
    g.point_count = 3;
    REFUSED(w, steer_world_set_goal(w, a, &g), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_GOAL_POINTS, "steer_world_set_goal", "points[1]", "inf");
    g = kept;
    REFUSED(w, steer_world_set_goal(w, gone, &g), STEER_ERROR_STALE_HANDLE, STEER_MISUSE_HANDLE_STALE, "steer_world_set_goal", "id", "no live agent");
    REFUSED(w, steer_world_set_goal(w, foreign, &g), STEER_ERROR_STALE_HANDLE, STEER_MISUSE_HANDLE_FOREIGN, "steer_world_set_goal", "id", "another world");
    REFUSED(w, steer_world_set_goal(0, a, &g), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_NULL_WORLD, "steer_world_set_goal", "world", "NULL");
    REFUSED(w, steer_world_get_goal(w, a, 0), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_NULL_ARGUMENT, "steer_world_get_goal", "out", "NULL");
    steer_goal out;
    REFUSED(w, steer_world_get_goal(w, gone, &out), STEER_ERROR_STALE_HANDLE, STEER_MISUSE_HANDLE_STALE, "steer_world_get_goal", "id", "no live agent");
    steer_v3 pts_out[2];
    REFUSED(w, steer_world_get_goal_points(w, gone, pts_out, 2) < 0, 1, STEER_MISUSE_HANDLE_STALE, "steer_world_get_goal_points", "id", "no live agent");
    CHECK(steer_world_get_goal(w, a, &out) == STEER_OK && same_goal(&out, &before));
    CHECK(!steer_world_has_arrived(w, gone) && !steer_world_has_arrived(w, foreign));

    /* bulk: the call refused as a whole (results each INVALID_ARGUMENT), or one entry alone */
    steer_agent_id ids[3] = {a, b, gone};
    steer_goal goals[3] = {kept, kept, kept};
    steer_result res[3];
    for (int i = 0; i < 3; ++i) res[i] = STEER_OK;
    REFUSED(w, steer_world_set_goals(w, 0, goals, 3, res), 0, STEER_MISUSE_NULL_ARGUMENT, "steer_world_set_goals", "ids = ", "must point to");
    CHECK(res[0] == STEER_ERROR_INVALID_ARGUMENT && res[1] == STEER_ERROR_INVALID_ARGUMENT && res[2] == STEER_ERROR_INVALID_ARGUMENT);
    REFUSED(w, steer_world_set_goals(w, ids, 0, 3, 0), 0, STEER_MISUSE_NULL_ARGUMENT, "steer_world_set_goals", "goals = ", "must point to");
    REFUSED(w, steer_world_get_goals(w, ids, 0, 3, res), 0, STEER_MISUSE_NULL_ARGUMENT, "steer_world_get_goals", "out = ", "must point to");
    steer_v3 targets[3] = {{1, 0, 0}, {2, 0, 0}, {3, 0, 0}};
    for (int i = 0; i < 3; ++i) res[i] = STEER_OK;
    REFUSED(w, steer_world_set_targets(w, ids, targets, 3, STEER_GOAL_PATH, res), 0, STEER_MISUSE_GOAL_KIND, "steer_world_set_targets", "kind", "3");
    CHECK(res[0] == STEER_ERROR_INVALID_ARGUMENT && res[1] == STEER_ERROR_INVALID_ARGUMENT && res[2] == STEER_ERROR_INVALID_ARGUMENT);
    REFUSED(w, steer_world_set_targets(w, ids, 0, 3, STEER_GOAL_SEEK, res), 0, STEER_MISUSE_NULL_ARGUMENT, "steer_world_set_targets", "targets = ", "must point to");
    REFUSED(w, steer_world_set_targets(0, ids, targets, 3, STEER_GOAL_SEEK, res), 0, STEER_MISUSE_NULL_WORLD, "steer_world_set_targets", "world", "NULL");
    REFUSED(w, steer_world_set_targets(w, ids, targets, -1, STEER_GOAL_SEEK, res), 0, STEER_MISUSE_COUNT_NEGATIVE, "steer_world_set_targets", "count", "-1");
    steer_agent_id got[2];
    REFUSED(w, steer_world_arrivals(w, got, -1), 0, STEER_MISUSE_COUNT_NEGATIVE, "steer_world_arrivals", "capacity", "-1");
    REFUSED(w, steer_world_arrivals(w, 0, 2), 0, STEER_MISUSE_NULL_ARGUMENT, "steer_world_arrivals", "out", "NULL");
    REFUSED(w, steer_world_get_agent_ids(w, got, -3), 0, STEER_MISUSE_COUNT_NEGATIVE, "steer_world_get_agent_ids", "capacity", "-3");
    SILENT(CHECK(steer_world_set_goals(w, ids, goals, 0, 0) == 0)); /* nothing to do */
    /* one bad entry and one stale: refused alone, the first set */
    goals[1].slow_radius = -2;
    int before_count = misuse_last.count;
    CHECK(steer_world_set_goals(w, ids, goals, 3, res) == 1);
    CHECK(res[0] == STEER_OK && res[1] == STEER_ERROR_INVALID_ARGUMENT && res[2] == STEER_ERROR_STALE_HANDLE);
    CHECK(misuse_last.count == before_count + 1 && misuse_last.id == STEER_MISUSE_GOAL_SLOW_RADIUS); /* the bad value only */
    /* a stale entry is its result alone (units die between selection and
     * order); a foreign one is still misuse, naming its entry */
    steer_agent_id stale_first[2] = {gone, a};
    steer_goal two[2] = {kept, kept};
    before_count = misuse_last.count;
    CHECK(steer_world_set_goals(w, stale_first, two, 2, res) == 1);
    CHECK(res[0] == STEER_ERROR_STALE_HANDLE && res[1] == STEER_OK && misuse_last.count == before_count);
    steer_goal read[2];
    CHECK(steer_world_get_goals(w, stale_first, read, 2, res) == 1);
    CHECK(res[0] == STEER_ERROR_STALE_HANDLE && res[1] == STEER_OK && misuse_last.count == before_count);
    CHECK(steer_world_set_targets(w, stale_first, targets, 2, STEER_GOAL_ARRIVE, res) == 1);
    CHECK(res[0] == STEER_ERROR_STALE_HANDLE && res[1] == STEER_OK && misuse_last.count == before_count);
    steer_agent_id with_foreign[2] = {a, foreign};
    CHECK(steer_world_set_targets(w, with_foreign, targets, 2, STEER_GOAL_ARRIVE, res) == 1);
    CHECK(res[0] == STEER_OK && res[1] == STEER_ERROR_STALE_HANDLE);
    CHECK_REPORT(before_count, STEER_MISUSE_HANDLE_FOREIGN, "steer_world_set_targets", "ids[1] = {");
    CHECK(steer_world_get_goals(w, with_foreign, read, 2, res) == 1 && misuse_last.id == STEER_MISUSE_HANDLE_FOREIGN);
    targets[0].z = nanf_;
    CHECK(steer_world_set_targets(w, ids, targets, 2, STEER_GOAL_ARRIVE, res) == 1);
    CHECK(res[0] == STEER_ERROR_INVALID_ARGUMENT && res[1] == STEER_OK);
    CHECK(misuse_last.id == STEER_MISUSE_GOAL_TARGET && strstr(misuse_last.message, "nan"));
    steer_world_destroy(other);
    steer_world_destroy(w);
}

static void test_places_refusals(void)
{
    steer_world *w = world3(8);
    steer_v3 v = steer_v3_make(0, 0, 0);
    steer_agent_id ids[4];
    for (int i = 0; i < 4; ++i) ids[i] = steer_world_add_agent(w, 0, steer_v3_make((float)i, 0, 0), v);
    steer_v3 places[4] = {{0, 5, 0}, {1, 5, 0}, {2, 5, 0}, {3, 5, 0}};
    steer_result res[4];
    steer_agent_id twice[3] = {ids[0], ids[1], ids[0]};
    REFUSED(w, steer_world_send_to_places(w, twice, 3, places, 4, false, res), 0, STEER_MISUSE_HANDLE_REPEATED, "steer_world_send_to_places", "ids[2]", "");
    REFUSED(w, steer_world_send_to_places(w, ids, 4, places, 3, false, res), 0, STEER_MISUSE_GOAL_POINTS, "steer_world_send_to_places", "place_count", "3");
    REFUSED(w, steer_world_send_to_places(w, 0, 4, places, 4, false, res), 0, STEER_MISUSE_NULL_ARGUMENT, "steer_world_send_to_places", "ids = ", "must point to");
    REFUSED(w, steer_world_send_to_places(w, ids, 4, 0, 4, false, res), 0, STEER_MISUSE_NULL_ARGUMENT, "steer_world_send_to_places", "places = ", "must point to");
    REFUSED(w, steer_world_send_to_places(0, ids, 4, places, 4, false, res), 0, STEER_MISUSE_NULL_WORLD, "steer_world_send_to_places", "world", "NULL");
    /* places around a point */
    steer_places_query q = {steer_v3_make(0, 0, 0), 1.5f, 0.0f, ids, 4};
    steer_v3 around[4];
    q.spacing = 0.0f;
    REFUSED(w, steer_world_places_around(w, &q, around, 4), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_PLACES_QUERY, "steer_world_places_around", "query->spacing", "= 0");
    q.spacing = nanf_;
    REFUSED(w, steer_world_places_around(w, &q, around, 4), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_PLACES_QUERY, "steer_world_places_around", "query->spacing", "nan");
    q.spacing = 1.5f, q.centre.y = inf;
    REFUSED(w, steer_world_places_around(w, &q, around, 4), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_PLACES_QUERY, "steer_world_places_around", "query->centre", "inf");
    q.centre.y = 0.0f, q.box_margin = -1.0f;
    REFUSED(w, steer_world_places_around(w, &q, around, 4), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_PLACES_QUERY, "steer_world_places_around", "query->box_margin", "-1");
    q.box_margin = 0.0f, q.movers = 0;
    REFUSED(w, steer_world_places_around(w, &q, around, 4), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_PLACES_QUERY, "steer_world_places_around", "query->mover_count = 4", "NULL");
    q.movers = ids;
    REFUSED(w, steer_world_places_around(w, &q, around, -1), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_COUNT_NEGATIVE, "steer_world_places_around", "count = -1", "STEER_MAX_PLACES");
    REFUSED(w, steer_world_places_around(w, &q, 0, 4), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_NULL_ARGUMENT, "steer_world_places_around", "places = NULL", "count = 4");
    REFUSED(w, steer_world_places_around(w, 0, around, 4), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_NULL_ARGUMENT, "steer_world_places_around", "query = NULL", "steer_places_query");
    CHECK(steer_world_places_around(w, &q, around, 4) == 4);
    places[2].x = -inf;
    REFUSED(w, steer_world_send_to_places(w, ids, 4, places, 4, true, res), 0, STEER_MISUSE_GOAL_POINTS, "steer_world_send_to_places", "places[2]", "-inf");
    places[2].x = 2;
    /* more than STEER_MAX_PLACES */
    int big = STEER_MAX_PLACES + 1;
    steer_agent_id *many = calloc((size_t)big, sizeof *many);
    steer_v3 *many_places = calloc((size_t)big, sizeof *many_places);
    for (int i = 0; i < big; ++i) many[i] = ids[i % 4], many_places[i] = steer_v3_make((float)(i % 50), (float)(i / 50 % 50), 0);
    REFUSED(w, steer_world_send_to_places(w, many, big, many_places, big, false, 0), 0, STEER_MISUSE_GOAL_POINTS, "steer_world_send_to_places", "count", "4097");
    REFUSED(w, steer_world_send_to_places(w, ids, 4, many_places, big, false, 0), 0, STEER_MISUSE_GOAL_POINTS, "steer_world_send_to_places", "place_count", "4097");
    free(many);
    free(many_places);
    /* a stale handle: refused alone (in results, not misuse), the others sent */
    steer_world_remove_agent(w, ids[3]);
    int before = misuse_last.count;
    CHECK(steer_world_send_to_places(w, ids, 4, places, 4, false, res) == 3);
    CHECK(res[0] == STEER_OK && res[1] == STEER_OK && res[2] == STEER_OK && res[3] == STEER_ERROR_STALE_HANDLE);
    CHECK(misuse_last.count == before);
    /* coincident agents and places, together: finite speeds */
    steer_world_teleport_agent(w, ids[0], places[0], v);
    steer_world_teleport_agent(w, ids[1], places[0], v);
    steer_world_teleport_agent(w, ids[2], places[0], v);
    steer_v3 same_places[3] = {places[0], places[0], places[0]};
    SILENT(CHECK(steer_world_send_to_places(w, ids, 3, same_places, 3, true, res) == 3));
    steer_goal gl;
    for (int i = 0; i < 3; ++i) {
        CHECK(steer_world_get_goal(w, ids[i], &gl) == STEER_OK);
        CHECK(steer_is_finite(gl.speed) && steer_is_finite(gl.slow_radius) && gl.speed >= 0);
    }
    for (int i = 0; i < 20; ++i) CHECK(steer_world_step(w, 1.0f / 60) == STEER_OK);
    CHECK(world_finite(w));
    steer_world_destroy(w);
}

static void test_formation_refusals(void)
{
    steer_world *w = world3(8);
    steer_v3 v = steer_v3_make(0, 0, 0);
    steer_agent_id L = steer_world_add_agent(w, 0, steer_v3_make(0, 0, 0), steer_v3_make(1, 0, 0));
    steer_agent_id m[3];
    for (int i = 0; i < 3; ++i) m[i] = steer_world_add_agent(w, 0, steer_v3_make((float)i, 3, 0), v);
    steer_agent_id gone = steer_world_add_agent(w, 0, steer_v3_make(9, 9, 0), v);
    steer_world_remove_agent(w, gone);
    steer_v3 slots[3] = {{-1, 1, 0}, {-1, -1, 0}, {-2, 0, 0}};
    REFUSED(w, steer_world_add_formation(w, L, m, slots, 0), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_FORMATION_COUNT, "steer_world_add_formation", "count", "0");
    REFUSED(w, steer_world_add_formation(w, L, m, slots, -1), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_FORMATION_COUNT, "steer_world_add_formation", "count", "-1");
    REFUSED(w, steer_world_add_formation(w, L, m, slots, STEER_MAX_FORMATION_MEMBERS + 1), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_FORMATION_COUNT, "steer_world_add_formation", "count", "65537");
    REFUSED(w, steer_world_add_formation(w, L, 0, slots, 3), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_NULL_ARGUMENT, "steer_world_add_formation", "members", "NULL");
    REFUSED(w, steer_world_add_formation(w, L, m, 0, 3), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_NULL_ARGUMENT, "steer_world_add_formation", "slots", "NULL");
    REFUSED(w, steer_world_add_formation(0, L, m, slots, 3), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_NULL_WORLD, "steer_world_add_formation", "world", "NULL");
    slots[1].y = nanf_;
    REFUSED(w, steer_world_add_formation(w, L, m, slots, 3), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_FORMATION_SLOT, "steer_world_add_formation", "slots[1]", "nan");
    slots[1].y = -1;
    steer_agent_id with_leader[3] = {m[0], L, m[2]}, dup[3] = {m[0], m[1], m[1]}, with_gone[3] = {m[0], gone, m[2]};
    REFUSED(w, steer_world_add_formation(w, L, with_leader, slots, 3), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_HANDLE_REPEATED, "steer_world_add_formation", "members[1]", "leader");
    REFUSED(w, steer_world_add_formation(w, L, dup, slots, 3), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_HANDLE_REPEATED, "steer_world_add_formation", "members[2]", "");
    /* misuse.h: the message names the field (it said only "id = {...}") */
    REFUSED(w, steer_world_add_formation(w, gone, m, slots, 3), STEER_ERROR_STALE_HANDLE, STEER_MISUSE_HANDLE_STALE, "steer_world_add_formation", "leader = {", "no live agent");
    REFUSED(w, steer_world_add_formation(w, L, with_gone, slots, 3), STEER_ERROR_STALE_HANDLE, STEER_MISUSE_HANDLE_STALE, "steer_world_add_formation", "members[1] = {", "no live agent");
    REFUSED(w, steer_world_remove_formation(w, -1), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_FORMATION_INDEX, "steer_world_remove_formation", "formation", "-1");
    REFUSED(w, steer_world_remove_formation(w, 0), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_FORMATION_INDEX, "steer_world_remove_formation", "formation", "0");
    CHECK(steer_world_formation_count(w) == 0);
    /* up to STEER_MAX_FORMATIONS live, then refused */
    int last = -1;
    SILENT(for (int i = 0; i < STEER_MAX_FORMATIONS; ++i) last = steer_world_add_formation(w, L, m, slots, 1));
    CHECK(last == STEER_MAX_FORMATIONS - 1 && steer_world_formation_count(w) == STEER_MAX_FORMATIONS);
    REFUSED(w, steer_world_add_formation(w, L, m, slots, 1) < 0, 1, STEER_MISUSE_FORMATION_COUNT, "steer_world_add_formation", "formation", "65536");
    SILENT(CHECK(steer_world_remove_formation(w, 5) == STEER_OK));
    REFUSED(w, steer_world_remove_formation(w, 5), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_FORMATION_INDEX, "steer_world_remove_formation", "formation", "5");
    REFUSED(w, steer_world_remove_formation(w, STEER_MAX_FORMATIONS), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_FORMATION_INDEX, "steer_world_remove_formation", "formation", "65536");
    steer_world_destroy(w);
    /* legal extremes: FLT_MAX slots and a leader at rest, coincident members */
    w = world3(4);
    L = steer_world_add_agent(w, 0, steer_v3_make(0, 0, 0), v);
    for (int i = 0; i < 3; ++i) m[i] = steer_world_add_agent(w, 0, steer_v3_make(1, 1, 0), v);
    steer_v3 far_slots[3] = {{FLT_MAX, 0, 0}, {0, -FLT_MAX, 0}, {0, 0, 0}};
    SILENT(CHECK(steer_world_add_formation(w, L, m, far_slots, 3) == 0));
    for (int i = 0; i < 10; ++i) CHECK(steer_world_step(w, 1.0f / 60) == STEER_OK);
    CHECK(world_finite(w) && world_inside(w));
    steer_world_destroy(w);
}

/* ---- stepping ---------------------------------------------------------------------- */
static void test_step_refusals(void)
{
    steer_world_def d = def3(4);
    d.max_dt = 0.5f;
    steer_world *w = steer_world_create(&d);
    steer_group_def g = steer_default_group_def();
    steer_world_add_group(w, &g);
    steer_world_add_agent(w, 0, steer_v3_make(0, 0, 0), steer_v3_make(1, 0, 0));
    REFUSED(w, steer_world_step(w, inf), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_STEP_DT, "steer_world_step", "dt", "inf");
    REFUSED(w, steer_world_step(w, -inf), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_STEP_DT, "steer_world_step", "dt", "-inf");
    REFUSED(w, steer_world_step(w, -FLT_MIN), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_STEP_DT, "steer_world_step", "dt", "-1.17549e-38");
    REFUSED(w, steer_world_step(w, 512.5f), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_STEP_SUBSTEPS, "steer_world_step", "dt", "512.5");
    REFUSED(w, steer_world_step(w, FLT_MAX), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_STEP_SUBSTEPS, "steer_world_step", "dt", "3.40282e+38");
    /* dt 0 (and -0) does nothing */
    fingerprint f = take(w);
    uint64_t steps = steer_world_step_count(w);
    SILENT(CHECK(steer_world_step(w, 0.0f) == STEER_OK));
    SILENT(CHECK(steer_world_step(w, -0.0f) == STEER_OK));
    CHECK(same(w, &f) && steer_world_step_count(w) == steps);
    SILENT(CHECK(steer_world_step(w, 512.0f) == STEER_OK)); /* exactly 1024 sub-steps */
    CHECK(world_finite(w) && world_inside(w));
    steer_world_destroy(w);

    /* no max_dt: any finite dt is legal, FLT_MAX included; FLT_MAX limits, a FLT_MAX obstacle */
    for (int boundary = STEER_BOUNDARY_WRAP; boundary <= STEER_BOUNDARY_NONE; ++boundary) {
        d = def3(4);
        d.boundary = (steer_boundary)boundary;
        d.solid_obstacles = true;
        d.solid_walls = true;
        d.non_penetration = true;
        w = steer_world_create(&d);
        g = steer_default_group_def();
        g.max_speed = FLT_MAX;
        g.max_force = FLT_MAX;
        g.weight[STEER_SEEK] = 1;
        g.target = steer_v3_make(40, 40, 40);
        steer_world_add_group(w, &g);
        steer_world_add_agent(w, 0, steer_v3_make(1, 1, 1), steer_v3_make(2, 0, 0));
        steer_world_add_agent(w, 0, steer_v3_make(1, 1, 1), steer_v3_make(0, 0, 0)); /* coincident */
        steer_world_add_obstacle(w, steer_v3_make(-20, -20, -20), 1);
        steer_world_add_wall(w, steer_v3_make(10, -10, 0), steer_v3_make(10, 10, 0));
        SILENT(CHECK(steer_world_step(w, FLT_MAX) == STEER_OK));
        CHECK(world_finite(w));
        if (boundary != STEER_BOUNDARY_NONE) CHECK(world_inside(w));
        for (int i = 0; i < 10; ++i) CHECK(steer_world_step(w, 1.0f / 60) == STEER_OK);
        CHECK(world_finite(w));
        steer_world_destroy(w);
    }
    /* an obstacle of radius FLT_MAX with solid obstacles */
    d = def3(4);
    d.solid_obstacles = true;
    w = steer_world_create(&d);
    g = steer_default_group_def();
    steer_world_add_group(w, &g);
    steer_world_add_agent(w, 0, steer_v3_make(1, 1, 1), steer_v3_make(1, 0, 0));
    steer_world_add_agent(w, 0, steer_v3_make(0, 0, 0), steer_v3_make(0, 0, 0)); /* at the centre */
    SILENT(CHECK(steer_world_add_obstacle(w, steer_v3_make(0, 0, 0), FLT_MAX) == 0));
    for (int i = 0; i < 5; ++i) CHECK(steer_world_step(w, 1.0f / 60) == STEER_OK);
    CHECK(world_finite(w) && world_inside(w));
    steer_world_destroy(w);
}

/* From inside the world's own step (a scheduler that runs the task at once): handle lookups, the
 * queries (view, counts) and the hash report IN_STEP and refuse; a worker_index out of range is reported, the step still runs. */
static steer_world *in_step_world;
static int in_step_calls, bad_worker_index;
static void *run_now(steer_task_fn *task, int item_count, int min_range, void *task_context, void *user_context)
{
    (void)min_range;
    (void)user_context;
    if (in_step_world && in_step_calls++ == 0) {
        int before = misuse_last.count;
        CHECK(steer_world_state_hash(in_step_world) == 0);
        CHECK(misuse_last.count == before + 1 && misuse_last.id == STEER_MISUSE_IN_STEP);
        steer_agent_state st;
        steer_agent_id id = {1, 0, 0};
        CHECK(steer_world_get_agent(in_step_world, id, &st) == STEER_ERROR_IN_STEP);
        CHECK(misuse_last.id == STEER_MISUSE_IN_STEP && strstr(misuse_last.message, "steer_world_get_agent"));
        CHECK(!steer_world_is_valid(in_step_world, id));
        CHECK(steer_world_add_agent(in_step_world, 0, steer_v3_make(0, 0, 0), steer_v3_make(0, 0, 0)).index == 0);
        CHECK(misuse_last.id == STEER_MISUSE_IN_STEP);
        CHECK(steer_world_step(in_step_world, 0.1f) == STEER_ERROR_IN_STEP);
        CHECK(misuse_last.id == STEER_MISUSE_IN_STEP);
        steer_agent_id ids[2];
        CHECK(steer_world_get_agent_ids(in_step_world, ids, 2) == 0);
        CHECK(misuse_last.id == STEER_MISUSE_IN_STEP);
        /* the queries too: mid-step their arrays and counts are half moved */
        before = misuse_last.count;
        CHECK(steer_world_get_view(in_step_world).count == 0 && steer_world_get_view(in_step_world).px == NULL);
        CHECK(steer_world_agent_count(in_step_world) == 0 && steer_world_step_count(in_step_world) == 0);
        CHECK(steer_world_goal_count(in_step_world) == 0 && !steer_world_has_arrived(in_step_world, id));
        CHECK(misuse_last.count == before + 6 && misuse_last.id == STEER_MISUSE_IN_STEP &&
              strstr(misuse_last.message, "steer_world_has_arrived"));
    }
    task(0, item_count, bad_worker_index, task_context);
    return 0;
}
static void finish_nothing(void *user_task, void *user_context)
{
    (void)user_task;
    (void)user_context;
}

/* run_now runs the task and returns NULL (as Box2D's enqueue may for a task it ran at once):
 * the world once took NULL for "declined" and ran the task a second time, which doubled the
 * sort's counts and sent the neighbour kernel past the end of the agents' arrays
 * (AddressSanitizer: heap-buffer-overflow in stage(), at a capacity of 4). */
enum { IN_STEP_CAPACITY = 4 };

static void test_in_step(void)
{
    steer_world_def d = def3(IN_STEP_CAPACITY);
    d.enqueue_task = run_now;
    d.finish_task = finish_nothing;
    steer_world *w = steer_world_create(&d);
    steer_group_def g = steer_default_group_def();
    g.weight[STEER_AVOID_NEIGHBOURS] = 1.0f; /* per-worker records: a bad worker_index must not index them
                                              * (-1 wrapped the pointer: UBSan's pointer-overflow) */
    steer_world_add_group(w, &g);
    for (int i = 0; i < 3; ++i) steer_world_add_agent(w, 0, steer_v3_make((float)i, 0, 0), steer_v3_make(1, 0, 0));
    in_step_world = w;
    CHECK(steer_world_step(w, 1.0f / 60) == STEER_OK);
    in_step_world = 0;
    CHECK(in_step_calls > 0 && steer_world_agent_count(w) == 3 && steer_world_step_count(w) == 1);
    /* worker_index out of [0, worker_count) */
    bad_worker_index = 7;
    int before = misuse_last.count;
    CHECK(steer_world_step(w, 1.0f / 60) == STEER_OK);
    CHECK(misuse_last.count > before && misuse_last.id == STEER_MISUSE_WORKER_INDEX && strstr(misuse_last.message, "7"));
    bad_worker_index = -1;
    before = misuse_last.count;
    CHECK(steer_world_step(w, 1.0f / 60) == STEER_OK);
    CHECK(misuse_last.count > before && misuse_last.id == STEER_MISUSE_WORKER_INDEX && strstr(misuse_last.message, "-1"));
    bad_worker_index = 0;
    CHECK(world_finite(w) && steer_world_step_count(w) == 3);
    steer_world_destroy(w);
}

/* A scheduler that declines (returns NULL, runs nothing): the world runs the task itself, the
 * same bits as the built-in pool. One whose calls cover only half the items: reported. */
static int declined_calls;
static void *decline(steer_task_fn *task, int item_count, int min_range, void *task_context, void *user_context)
{
    (void)task, (void)item_count, (void)min_range, (void)task_context, (void)user_context;
    ++declined_calls;
    return 0;
}
static void *half_only(steer_task_fn *task, int item_count, int min_range, void *task_context, void *user_context)
{
    (void)min_range, (void)user_context;
    task(0, item_count / 2, 0, task_context);
    return task_context;
}

/* A scheduler that hands every item out twice: two halves, then the whole again. */
static void *every_item_twice(steer_task_fn *task, int item_count, int min_range, void *task_context, void *user_context)
{
    (void)min_range, (void)user_context;
    task(0, item_count / 2, 0, task_context);
    task(item_count / 2, item_count, 1, task_context);
    task(0, item_count, 0, task_context);
    return task_context;
}
/* One that hands out overlapping blocks of 10 every 7 items and skips every third. */
static void *overlaps_and_gaps(steer_task_fn *task, int item_count, int min_range, void *task_context, void *user_context)
{
    (void)min_range, (void)user_context;
    for (int k = 0; k * 7 < item_count; ++k)
        if (k % 3 != 2) task(k * 7, k * 7 + 10 < item_count ? k * 7 + 10 : item_count, k % 2, task_context);
    return task_context;
}

/* Blocks of min_range with the last one not clamped to item_count, and a
 * stray call before 0: the sort's count task ran parts past its scratch (a
 * crash). The ranges are cut to the items, reported. */
static void *unclamped_blocks(steer_task_fn *task, int item_count, int min_range, void *task_context, void *user_context)
{
    (void)user_context;
    task(-3, 0, 0, task_context);
    for (int start = 0; start < item_count; start += min_range) task(start, start + min_range, 0, task_context);
    return task_context;
}

/* 300 agents pressed together (non_penetration, its relaxation's pushes
 * added per pass), two workers: the sort runs in two parts. */
static uint64_t scheduled_crowd_hash(steer_enqueue_task_fn *enqueue)
{
    steer_world_def d = def3(300);
    d.dim = 2;
    d.worker_count = 2;
    d.non_penetration = true;
    d.enqueue_task = enqueue;
    d.finish_task = enqueue ? finish_nothing : 0;
    steer_world *w = steer_world_create(&d);
    steer_group_def g = steer_default_group_def();
    g.radius = 0.5f;
    steer_world_add_group(w, &g);
    for (int i = 0; i < 300; ++i)
        steer_world_add_agent(w, 0, steer_v3_make((float)(i % 20) * 0.6f, (float)(i / 20) * 0.6f, 0), steer_v3_make(1, 0.5f, 0));
    for (int s = 0; s < 10; ++s) CHECK(steer_world_step(w, 1.0f / 60) == STEER_OK);
    uint64_t h = steer_world_state_hash(w);
    steer_world_destroy(w);
    return h;
}

static uint64_t scheduled_hash(steer_enqueue_task_fn *enqueue, int steps)
{
    steer_world_def d = def3(64);
    d.enqueue_task = enqueue;
    d.finish_task = enqueue ? finish_nothing : 0;
    steer_world *w = steer_world_create(&d);
    steer_group_def g = steer_default_group_def();
    steer_world_add_group(w, &g);
    for (int i = 0; i < 40; ++i)
        steer_world_add_agent(w, 0, steer_v3_make((float)(i % 7), (float)(i / 7), 0), steer_v3_make(1, 0.5f, 0));
    for (int s = 0; s < steps; ++s) CHECK(steer_world_step(w, 1.0f / 60) == STEER_OK);
    uint64_t h = steer_world_state_hash(w);
    steer_world_destroy(w);
    return h;
}

static void test_scheduler_null_and_coverage(void)
{
    uint64_t pool = scheduled_hash(0, 5);
    CHECK(scheduled_hash(run_now, 5) == pool); /* ran at once, NULL: not run twice */
    CHECK(scheduled_hash(decline, 5) == pool && declined_calls > 0);
    int before = misuse_last.count;
    CHECK(scheduled_hash(half_only, 5) == pool); /* the half left unrun ran on the caller's thread */
    CHECK(misuse_last.count > before && misuse_last.id == STEER_MISUSE_SCHEDULER_ITEMS &&
          strstr(misuse_last.message, "once each"));
    /* items handed out twice ran once (the sort's scatter and the pushes are not safe to repeat),
     * items skipped ran after: the step is the pool's, reported */
    uint64_t crowd = scheduled_crowd_hash(0);
    before = misuse_last.count;
    CHECK(scheduled_crowd_hash(every_item_twice) == crowd);
    CHECK(misuse_last.count > before && misuse_last.id == STEER_MISUSE_SCHEDULER_ITEMS &&
          strstr(misuse_last.message, "again"));
    before = misuse_last.count;
    CHECK(scheduled_crowd_hash(overlaps_and_gaps) == crowd);
    CHECK(misuse_last.count > before && misuse_last.id == STEER_MISUSE_SCHEDULER_ITEMS);
    before = misuse_last.count;
    CHECK(scheduled_crowd_hash(unclamped_blocks) == crowd);
    CHECK(misuse_last.count > before && misuse_last.id == STEER_MISUSE_SCHEDULER_ITEMS &&
          strstr(misuse_last.message, "2 ranges outside"));
    before = misuse_last.count;
    CHECK(scheduled_crowd_hash(run_now) == crowd && misuse_last.count == before); /* a good one: nothing said */
}

/* ---- NULL worlds of the queries (steer/misuse.h: a NULL object is misuse) ---------- */
static void test_null_world_queries(void)
{
    steer_world *w = world3(2);
    steer_agent_id a = steer_world_add_agent(w, 0, steer_v3_make(0, 0, 0), steer_v3_make(0, 0, 0));
    steer_agent_id ids[2];
    steer_goal goals[1];
    steer_world_def d;
    steer_group_def g;
    unsigned char buf[16];
    /* misuse.h: "Misuse - a NULL object ... always returns the documented error code or safe result
     * ... On top of that the misuse handler is called". The queries below return 0 / false (no
     * result is documented for them; 0 is the safe one) and must report NULL_WORLD. */
#define NULLQ(call, expected, fn)                                                                                      \
    do {                                                                                                               \
        int before_ = misuse_last.count;                                                                               \
        CHECK((long long)(call) == (long long)(expected));                                                             \
        CHECK(misuse_last.count == before_ + 1 && misuse_last.id == STEER_MISUSE_NULL_WORLD &&                         \
              strcmp(misuse_last.function, fn) == 0);                                                                  \
    } while (0)
    {
        /* the hash of NULL: reported, and 0 (it was the FNV-1a offset basis, a plausible hash, unreported) */
        int before_ = misuse_last.count;
        uint64_t h = steer_world_state_hash(0);
        CHECK(h == 0 && misuse_last.count == before_ + 1 && misuse_last.id == STEER_MISUSE_NULL_WORLD);
    }
    NULLQ(steer_world_step_count(0), 0, "steer_world_step_count");
    NULLQ(steer_world_group_count(0), 0, "steer_world_group_count");
    NULLQ(steer_world_agent_count(0), 0, "steer_world_agent_count");
    NULLQ(steer_world_obstacle_count(0), 0, "steer_world_obstacle_count");
    NULLQ(steer_world_wall_count(0), 0, "steer_world_wall_count");
    NULLQ(steer_world_goal_count(0), 0, "steer_world_goal_count");
    NULLQ(steer_world_formation_count(0), 0, "steer_world_formation_count");
    NULLQ(steer_world_is_valid(0, a), false, "steer_world_is_valid");
    NULLQ(steer_world_has_arrived(0, a), false, "steer_world_has_arrived");
    NULLQ(steer_world_get_view(0).count, 0, "steer_world_get_view");
    NULLQ(steer_world_kernel(0), STEER_KERNEL_SCALAR, "steer_world_kernel");
    NULLQ(steer_world_get_agent_ids(0, ids, 2), 0, "steer_world_get_agent_ids");
    NULLQ(steer_world_arrivals(0, ids, 2), 0, "steer_world_arrivals");
    NULLQ(steer_world_snapshot_size(0), 0, "steer_world_snapshot_size");
    NULLQ(steer_world_get_goal_points(0, a, 0, 0) < 0, 1, "steer_world_get_goal_points");
    NULLQ(steer_world_get_goals(0, &a, goals, 1, 0), 0, "steer_world_get_goals");
    NULLQ(steer_world_set_goals(0, &a, goals, 1, 0), 0, "steer_world_set_goals");
    NULLQ(steer_world_get_group(0, 0, &g), STEER_ERROR_INVALID_ARGUMENT, "steer_world_get_group");
    NULLQ(steer_world_set_group(0, 0, &g), STEER_ERROR_INVALID_ARGUMENT, "steer_world_set_group");
    NULLQ(steer_world_get_def(0, &d), STEER_ERROR_INVALID_ARGUMENT, "steer_world_get_def");
    NULLQ(steer_world_set_agent_group(0, a, 0), STEER_ERROR_INVALID_ARGUMENT, "steer_world_set_agent_group");
    NULLQ(steer_world_teleport_agent(0, a, steer_v3_make(0, 0, 0), steer_v3_make(0, 0, 0)), STEER_ERROR_INVALID_ARGUMENT, "steer_world_teleport_agent");
    NULLQ(steer_world_save(0, buf, sizeof buf, 0), STEER_ERROR_INVALID_ARGUMENT, "steer_world_save");
    NULLQ(steer_world_remove_formation(0, 0), STEER_ERROR_INVALID_ARGUMENT, "steer_world_remove_formation");
    NULLQ(steer_world_set_obstacle(0, 0, steer_v3_make(0, 0, 0), 1), STEER_ERROR_INVALID_ARGUMENT, "steer_world_set_obstacle");
    NULLQ(steer_world_set_obstacle_velocity(0, 0, steer_v3_make(0, 0, 0)), STEER_ERROR_INVALID_ARGUMENT, "steer_world_set_obstacle_velocity");
    NULLQ(steer_world_add_path(0, &g.target, 1, false, 1), STEER_ERROR_INVALID_ARGUMENT, "steer_world_add_path");
    NULLQ(steer_world_add_flow_field(0, g.target, 1, 1, 1, 1, &g.target), STEER_ERROR_INVALID_ARGUMENT, "steer_world_add_flow_field");
    NULLQ(steer_v3_len_sq(steer_world_get_obstacle_velocity(0, 0)), 0, "steer_world_get_obstacle_velocity");
    {
        int before_ = misuse_last.count;
        steer_world_clear_obstacles(0);
        CHECK(misuse_last.count == before_ + 1);
        before_ = misuse_last.count;
        steer_debug_draw dd;
        memset(&dd, 0, sizeof dd);
        steer_world_draw(0, &dd);
        CHECK(misuse_last.count == before_ + 1 && misuse_last.id == STEER_MISUSE_NULL_WORLD);
        before_ = misuse_last.count;
        steer_world_draw(w, 0);
        CHECK(misuse_last.count == before_ + 1 && misuse_last.id == STEER_MISUSE_NULL_ARGUMENT);
    }
#undef NULLQ
    /* NULL out arrays with room 0 are fine; capacity past the count writes the count */
    SILENT(CHECK(steer_world_get_agent_ids(w, 0, 0) == 1));
    SILENT(CHECK(steer_world_arrivals(w, 0, 0) == 0));
    steer_world_destroy(w);
}

/* ---- snapshots -------------------------------------------------------------------- */
static void test_snapshot_refusals(void)
{
    steer_world *big = world3(8), *w = world3(4);
    for (int i = 0; i < 6; ++i) steer_world_add_agent(big, 0, steer_v3_make((float)i, 0, 0), steer_v3_make(0, 1, 0));
    steer_world_add_agent(w, 0, steer_v3_make(5, 5, 5), steer_v3_make(1, 0, 0));
    size_t size = steer_world_snapshot_size(big);
    unsigned char *snap = malloc(size + 16);
    memset(snap, 0x5A, size + 16);
    size_t written = 0;
    /* too small a buffer: refused, nothing past it written */
    CHECK(steer_world_save(big, snap, size - 1, &written) != STEER_OK);
    CHECK(snap[size - 1] == 0x5A);
    CHECK(steer_world_save(big, snap, size, &written) == STEER_OK && written == size && snap[size] == 0x5A);
    /* more agent slots than this world holds: CAPACITY, reported, unchanged */
    REFUSED(w, steer_world_restore(w, snap, size), STEER_ERROR_CAPACITY, STEER_MISUSE_SNAPSHOT_CAPACITY, "steer_world_restore", "capacity", "4");
    /* truncated, empty, corrupted: BAD_SNAPSHOT, not misuse, unchanged */
    steer_world *w8 = world3(8);
    steer_world_add_agent(w8, 0, steer_v3_make(5, 5, 5), steer_v3_make(1, 0, 0));
    REFUSED_QUIETLY(w8, steer_world_restore(w8, snap, size - 1), STEER_ERROR_BAD_SNAPSHOT);
    REFUSED_QUIETLY(w8, steer_world_restore(w8, snap, 0), STEER_ERROR_BAD_SNAPSHOT);
    REFUSED_QUIETLY(w8, steer_world_restore(w8, snap, 1), STEER_ERROR_BAD_SNAPSHOT);
    snap[size / 2] ^= 0x10;
    REFUSED_QUIETLY(w8, steer_world_restore(w8, snap, size), STEER_ERROR_BAD_SNAPSHOT);
    snap[size / 2] ^= 0x10;
    SILENT(CHECK(steer_world_restore(w8, snap, size) == STEER_OK));
    CHECK(steer_world_state_hash(w8) == steer_world_state_hash(big));
    /* another dimension */
    steer_world_def d2 = def3(8);
    d2.dim = 2;
    steer_world *flat = steer_world_create(&d2);
    steer_group_def g = steer_default_group_def();
    steer_world_add_group(flat, &g);
    REFUSED(flat, steer_world_restore(flat, snap, size), STEER_ERROR_BAD_SNAPSHOT, STEER_MISUSE_SNAPSHOT_DIM,
            "steer_world_restore", "3D world", "2D");
    /* more groups than this world allows */
    steer_world_def dg = def3(8);
    dg.max_groups = 1;
    steer_world *one_group = steer_world_create(&dg);
    steer_world_add_group(big, &g);
    size = steer_world_snapshot_size(big);
    free(snap);
    snap = malloc(size);
    CHECK(steer_world_save(big, snap, size, 0) == STEER_OK);
    REFUSED(one_group, steer_world_restore(one_group, snap, size), STEER_ERROR_CAPACITY, STEER_MISUSE_SNAPSHOT_CAPACITY, "steer_world_restore", "group", "2");
    free(snap);
    steer_world_destroy(one_group);
    steer_world_destroy(flat);
    steer_world_destroy(w8);
    steer_world_destroy(w);
    steer_world_destroy(big);
}

static void test_kernels_and_names(void)
{
    CHECK(strcmp(steer_kernel_name((steer_kernel)99), "unknown") == 0);
    CHECK(strcmp(steer_kernel_name((steer_kernel)-1), "unknown") == 0);
    CHECK(strcmp(steer_kernel_name(STEER_KERNEL_COUNT), "unknown") == 0);
    CHECK(steer_kernel_available(STEER_KERNEL_BEST));
    steer_world *w = world3(2);
    steer_kernel k = steer_world_set_kernel(w, STEER_KERNEL_SCALAR);
    CHECK(k == STEER_KERNEL_SCALAR);
    /* not a kernel: reported, and the kernel in use stays */
    REFUSED(w, steer_world_set_kernel(w, (steer_kernel)99), STEER_KERNEL_SCALAR, STEER_MISUSE_KERNEL, "steer_world_set_kernel", "kernel", "99");
    REFUSED(w, steer_world_set_kernel(w, (steer_kernel)-1), STEER_KERNEL_SCALAR, STEER_MISUSE_KERNEL, "steer_world_set_kernel", "kernel", "-1");
    REFUSED(w, steer_world_set_kernel(w, STEER_KERNEL_COUNT), STEER_KERNEL_SCALAR, STEER_MISUSE_KERNEL, "steer_world_set_kernel", "kernel", "7");
    CHECK(steer_world_step(w, 0.1f) == STEER_OK);
    steer_world_destroy(w);
    CHECK(strcmp(steer_misuse_name((steer_misuse_id)-1), "STEER_MISUSE_UNKNOWN") == 0);
    CHECK(strcmp(steer_misuse_name((steer_misuse_id)100000), "STEER_MISUSE_UNKNOWN") == 0);
    CHECK(steer_result_string((steer_result)-99) != 0 && steer_result_string((steer_result)5) != 0);
}

/* ---- the grid (grid.h documents results, not misuse reports) ------------------------ */
static void test_grid_refusals(void)
{
    steer_grid_def d = steer_default_grid_def();
    CHECK(steer_grid_create(0) == 0);
    d.dim = 4;
    CHECK(steer_grid_create(&d) == 0);
    d.dim = 2;
    float bad_sizes[] = {0, -1, NAN, INFINITY, -INFINITY};
    for (int i = 0; i < 5; ++i) {
        d.cell_size = bad_sizes[i];
        steer_grid *g = steer_grid_create(&d);
        CHECK(g == 0);
        steer_grid_destroy(g);
    }
    steer_grid_destroy(0); /* documented: fine */
    d = steer_default_grid_def();
    d.dim = 3;
    steer_grid *g = steer_grid_create(&d);
    CHECK(g != 0);
    float pts[5 * 3] = {0, 0, 0, 1, 0, 0, NAN, 0, 0, FLT_MAX, FLT_MAX, FLT_MAX, -INFINITY, 0, 0};
    CHECK(steer_grid_build(g, pts, 5, 3) == STEER_OK && steer_grid_count(g) == 5);
    CHECK(steer_grid_build(0, pts, 5, 3) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(steer_grid_build(g, 0, 5, 3) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(steer_grid_build(g, pts, -1, 3) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(steer_grid_build(g, pts, 5, 2) == STEER_ERROR_INVALID_ARGUMENT); /* stride < dim */
    CHECK(steer_grid_build(g, pts, (1 << 26) + 1, 3) == STEER_ERROR_CAPACITY);
    CHECK(steer_grid_insert(g, -1, pts) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(steer_grid_insert(g, 9, 0) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(steer_grid_insert(0, 9, pts) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(steer_grid_count(g) == 5); /* contents unchanged */
    int ids[8];
    float dsq[8];
    float centre[3] = {0, 0, 0};
    /* non-finite points are stored but never returned; FLT_MAX is finite */
    int found = steer_grid_query_radius(g, centre, 2, ids, 8);
    CHECK(found == 2 && ids[0] == 0 && ids[1] == 1);
    found = steer_grid_nearest(g, centre, 8, ids, dsq);
    CHECK(found == 3);
    for (int i = 0; i < found && i < 8; ++i) {
        CHECK(ids[i] != 2 && ids[i] != 4);
        CHECK(!(dsq[i] != dsq[i])); /* never NaN (FLT_MAX's square is +inf) */
    }
    /* a NaN centre, a negative or NaN radius, k <= 0: nothing, no NaN */
    float nan_centre[3] = {NAN, 0, 0};
    CHECK(steer_grid_query_radius(g, nan_centre, 2, ids, 8) == 0);
    CHECK(steer_grid_query_radius(g, centre, -1, ids, 8) == 0);
    CHECK(steer_grid_query_radius(g, centre, NAN, ids, 8) == 0);
    CHECK(steer_grid_nearest(g, nan_centre, 2, ids, dsq) >= 0);
    CHECK(steer_grid_nearest(g, centre, 0, ids, dsq) == 0);
    CHECK(steer_grid_nearest(g, centre, -3, ids, dsq) == 0);
    /* max_out 0 with out NULL still counts */
    CHECK(steer_grid_query_radius(g, centre, 2, 0, 0) == 2);
    /* a huge radius: every finite point, in finite time */
    found = steer_grid_query_radius(g, centre, 1e20f, ids, 8);
    CHECK(found == 2);
    steer_grid_clear(g);
    CHECK(steer_grid_count(g) == 0);
    steer_grid_destroy(g);
}

/* ---- the standard flock ------------------------------------------------------------ */
static void test_standard_flock_refusals(void)
{
    steer_standard_flock_def f = steer_default_standard_flock_def();
    steer_world_def out;
    CHECK(steer_standard_flock_create(0) == 0);
    CHECK(steer_standard_flock_world_def(0, &out) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(steer_standard_flock_world_def(&f, 0) == STEER_ERROR_INVALID_ARGUMENT);
    struct { int agents, dim; float k; } bad[] = {{0, 2, 16}, {-5, 2, 16}, {10, 4, 16}, {10, 1, 16}, {10, 2, 0}, {10, 2, -1}, {10, 2, NAN}, {10, 3, INFINITY}};
    for (int i = 0; i < (int)(sizeof bad / sizeof bad[0]); ++i) {
        f = steer_default_standard_flock_def();
        f.agents = bad[i].agents;
        f.dim = bad[i].dim;
        f.neighbours = bad[i].k;
        steer_world *w = steer_standard_flock_create(&f);
        CHECK(w == 0);
        steer_world_destroy(w);
        CHECK(steer_standard_flock_world_def(&f, &out) == STEER_ERROR_INVALID_ARGUMENT);
    }
    f = steer_default_standard_flock_def();
    f.agents = 10;
    steer_world *w = steer_standard_flock_create(&f);
    CHECK(w != 0);
    fingerprint fp = take(w);
    CHECK(steer_standard_flock_populate(w, &f) == STEER_ERROR_INVALID_ARGUMENT); /* has groups and agents */
    CHECK(steer_standard_flock_populate(w, 0) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(steer_standard_flock_populate(0, &f) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(same(w, &fp));
    steer_world_destroy(w);
    /* a world too small for the flock */
    CHECK(steer_standard_flock_world_def(&f, &out) == STEER_OK);
    out.capacity = 5;
    w = steer_world_create(&out);
    fp = take(w);
    CHECK(steer_standard_flock_populate(w, &f) == STEER_ERROR_CAPACITY);
    CHECK(same(w, &fp)); /* all or nothing (it left a group and 5 agents) */
    out.capacity = 10; /* and then a world of room takes it */
    steer_world *roomy = steer_world_create(&out);
    CHECK(steer_standard_flock_populate(roomy, &f) == STEER_OK && steer_world_agent_count(roomy) == 10);
    steer_world_destroy(roomy);
    steer_world_destroy(w);
    float side = steer_standard_flock_side(1, 2, 16);
    CHECK(steer_is_finite(side) && side > 0);
}

/* ---- math.h ------------------------------------------------------------------------- */
static void test_math_extremes(void)
{
    steer_v3 big = steer_v3_make(FLT_MAX, FLT_MAX, -FLT_MAX);
    float l = 0;
    CHECK(steer_is_finite(steer_v3_len(steer_v3_make(1e30f, 1e30f, 1e30f))));
    CHECK_FIN3(steer_v3_direction(big, &l));
    CHECK(l == FLT_MAX); /* saturates, never Inf */
    CHECK_NEAR(steer_v3_len(steer_v3_direction(big, 0)), 1.0, 1e-6);
    CHECK_FIN3(steer_v3_normalize(steer_v3_make(NAN, 0, 0)));
    CHECK_FIN3(steer_v3_normalize(steer_v3_make(INFINITY, 0, 0)));
    CHECK_FIN3(steer_v3_normalize(steer_v3_make(1e-13f, 0, 0)));
    CHECK(steer_v3_len_sq(steer_v3_normalize(steer_v3_make(1e-13f, 0, 0))) == 0);
    CHECK_FIN2(steer_v2_direction(steer_v2_make(-INFINITY, 1), &l));
    CHECK(l == 0);
    CHECK(steer_v3_len_sq(steer_v3_truncate(big, NAN)) == 0);
    CHECK(steer_v3_len_sq(steer_v3_truncate(steer_v3_make(1, 1, 1), -1)) == 0);
    CHECK(steer_v3_len_sq(steer_v3_truncate(steer_v3_make(INFINITY, 0, 0), 5)) == 0);
    CHECK_FIN3(steer_v3_truncate(big, FLT_MAX));
    CHECK_FIN2(steer_v2_truncate(steer_v2_make(FLT_MAX, FLT_MAX), FLT_MAX));
    CHECK_NEAR(steer_v2_len(steer_v2_truncate(steer_v2_make(1e-30f, 1e-30f), 1e-31f)), 1e-31, 1e-37);
    CHECK(steer_atan2(0, 0) == 0);
    float a = steer_atan2(-0.0f, -1);
    CHECK(a >= -STEER_PI && a <= STEER_PI);
    float wrapped[] = {steer_wrap_angle(FLT_MAX), steer_wrap_angle(-FLT_MAX), steer_wrap_angle(1e30f), steer_wrap_angle(STEER_PI), steer_wrap_angle(-STEER_PI)};
    for (int i = 0; i < 5; ++i) {
        CHECK(wrapped[i] >= -STEER_PI && wrapped[i] < STEER_PI);
        if (!(wrapped[i] >= -STEER_PI && wrapped[i] < STEER_PI)) fprintf(stderr, "  wrap case %d = %g\n", i, wrapped[i]);
    }
    float s = steer_sin(FLT_MAX), c = steer_cos(-FLT_MAX);
    CHECK(s >= -1 && s <= 1 && c >= -1 && c <= 1);
    CHECK(steer_exp2(-200) == 0 && steer_exp2(0) == 1);
    steer_v3 p = steer_v3_any_perp(steer_v3_make(0, 0, 1));
    CHECK(fin3(p) && steer_v3_len_sq(p) > 0.5f);
}

/* ---- behaviours.h: extreme but legal inputs, every output finite ------------------- */
static float fixed_random(void *context) { return *(const float *)context; }

static void test_behaviour_extremes(void)
{
    const steer_v3 Z = {0, 0, 0}, X = {1, 0, 0}, M = {FLT_MAX, FLT_MAX, FLT_MAX}, NM = {-FLT_MAX, -FLT_MAX, -FLT_MAX};
    const steer_v3 pos[] = {Z, X, M, NM, {FLT_MAX, -FLT_MAX, 0}, {1e-38f, 0, 0}};
    const float speeds[] = {0, 1, FLT_MAX};
    const int np = (int)(sizeof pos / sizeof pos[0]);
    float r_lo = 0.0f, r_hi = 1.0f;
    for (int i = 0; i < np; ++i)
        for (int j = 0; j < np; ++j)
            for (int k = 0; k < np; ++k)
                for (int s = 0; s < 3; ++s) {
                    steer_v3 p = pos[i], v = pos[j], t = pos[k];
                    float ms = speeds[s];
                    CHECK_FIN3(steer_seek3(p, v, t, ms));
                    CHECK_FIN3(steer_flee3(p, v, t, ms, 0));
                    CHECK_FIN3(steer_flee3(p, v, t, ms, FLT_MAX));
                    CHECK_FIN3(steer_arrive3(p, v, t, ms, 0));
                    CHECK_FIN3(steer_arrive3(p, v, t, ms, FLT_MAX));
                    steer_arrival arr = {FLT_MAX, FLT_MAX, 0, 0};
                    CHECK_FIN3(steer_arrive_braking3(p, v, t, ms, &arr));
                    steer_arrival arr0 = {0, 0, 0, 0};
                    CHECK_FIN3(steer_arrive_braking3(p, v, t, ms, &arr0));
                    CHECK_FIN3(steer_predict3(p, t, v, ms, 0));
                    CHECK_FIN3(steer_pursue3(p, v, t, v, ms, FLT_MAX));
                    CHECK_FIN3(steer_evade3(p, v, t, v, ms, 0, 0));
                    CHECK_FIN3(steer_interpose3(p, v, t, v, p, t, ms, 0));
                    CHECK_FIN3(steer_offset_pursuit3(p, v, t, v, Z, t, ms, 0));
                    CHECK_FIN3(steer_local_to_world3(v, t));
                    CHECK_FIN3(steer_turn_toward3(p, v, FLT_MAX));
                    CHECK_FIN3(steer_face3(v, p, t, 0, 0));
                    CHECK_FIN3(steer_look_where_going3(p, v, FLT_MAX, 0));
                    float ttc = steer_time_to_collision3(p, v, t, Z, 0);
                    CHECK(ttc == -1 || (ttc >= 0 && steer_is_finite(ttc)));
                    steer_v2 p2 = steer_v2_from_v3(p), v2_ = steer_v2_from_v3(v), t2 = steer_v2_from_v3(t);
                    CHECK_FIN2(steer_seek2(p2, v2_, t2, ms));
                    CHECK_FIN2(steer_arrive2(p2, v2_, t2, ms, FLT_MAX));
                    CHECK_FIN2(steer_arrive_braking2(p2, v2_, t2, ms, &arr));
                    CHECK_FIN2(steer_pursue2(p2, v2_, t2, v2_, ms, 0));
                    CHECK_FIN2(steer_face2(v2_, p2, t2, 1, 0));
                    /* neighbours: the agent itself, coincident ones, far ones */
                    steer_v3 nb[3] = {p, p, t};
                    CHECK_FIN3(steer_separation3(p, nb, 3, FLT_MAX));
                    CHECK_FIN3(steer_separation_desired3(p, v, nb, 3, FLT_MAX, ms));
                    CHECK_FIN3(steer_alignment3(v, nb, 3));
                    CHECK_FIN3(steer_alignment_desired3(v, nb, 3, ms));
                    CHECK_FIN3(steer_cohesion3(p, v, nb, 3, ms));
                    steer_neighbour3 nn[2] = {{p, v, 0}, {t, Z, FLT_MAX}};
                    steer_neighbour_avoidance na = {FLT_MAX, FLT_MAX, 0, ms, 1, STEER_UP_Z};
                    int threat = 5;
                    CHECK_FIN3(steer_avoid_neighbours3(p, v, nn, 2, &na, &threat));
                    CHECK(threat >= -1 && threat < 2);
                    steer_anticipation an = {1.5f, 3, 0, ms, FLT_MAX, 1, 0, STEER_UP_Y, 0, 0};
                    float pri[2] = {0, FLT_MAX};
                    CHECK_FIN3(steer_anticipate3(p, v, nn, pri, 2, &an));
                    steer_obstacle3 ob[2] = {{t, FLT_MAX}, {p, 0}};
                    steer_avoid_params ap = {FLT_MAX, FLT_MAX, ms, 0, 0, STEER_UP_Z};
                    int latch = 7; /* an index past the list: a stale latch */
                    CHECK_FIN3(steer_avoid_obstacles3(p, v, ob, 2, &ap, &latch));
                    CHECK(latch >= -1 && latch < 2);
                    steer_v3 tip;
                    CHECK_FIN3(steer_avoid_obstacles_feeler3(p, v, ob, 2, FLT_MAX, FLT_MAX, ms, &tip));
                    CHECK_FIN3(tip);
                    steer_segment3 walls[2] = {{p, p}, {t, NM}};
                    steer_wall_feelers fe = {FLT_MAX, STEER_PI, FLT_MAX, STEER_UP_Z};
                    steer_v3 tips[3];
                    CHECK_FIN3(steer_avoid_walls3(p, v, walls, 2, &fe, tips));
                    steer_wall_follow_params wf = {FLT_MAX, FLT_MAX, FLT_MAX, STEER_UP_Y};
                    CHECK_FIN3(steer_follow_wall3(p, v, walls, 2, &wf, ms));
                    steer_v3 path_pts[3] = {p, p, t};
                    steer_path3 path = {path_pts, 3, (k & 1) != 0, 0};
                    float dist = -1, tt = -1;
                    int seg = -5;
                    CHECK_FIN3(steer_path_closest_point3(&path, v, &dist, &seg, &tt));
                    CHECK(steer_is_finite(dist) && steer_is_finite(tt) && seg >= 0 && seg < 3);
                    CHECK_FIN3(steer_follow_path3(p, v, &path, FLT_MAX, FLT_MAX, ms));
                    CHECK_FIN3(steer_follow_path_to_end3(p, v, &path, 0, FLT_MAX, &arr, ms));
                    bool passed;
                    CHECK_FIN3(steer_path_point_ahead3(&path, p, FLT_MAX, &seg, &passed));
                    for (int from = -1; from < 4; ++from) { /* from the nearest, each segment, past the last */
                        seg = from;
                        CHECK_FIN3(steer_path_track3(&path, p, &seg, from == 1 ? -FLT_MAX : FLT_MAX, FLT_MAX, &passed));
                        CHECK(seg >= 0 && seg < (path.closed ? 3 : 2));
                    }
                    int index = 99; /* past the list */
                    CHECK_FIN3(steer_follow_waypoints3(p, v, path_pts, 3, &index, 0, 0, ms));
                    CHECK(index >= 0 && index < 3);
                    index = -4;
                    CHECK_FIN3(steer_follow_waypoints_braking3(p, v, path_pts, 3, &index, FLT_MAX, &arr, ms));
                    CHECK(index >= 0 && index < 3);
                    steer_v3 fv[1] = {{FLT_MAX, 0, -FLT_MAX}};
                    steer_flow_field3 ff = {p, FLT_MAX, 1, 1, 0, fv};
                    CHECK_FIN3(steer_flow_field_sample3(&ff, t));
                    CHECK_FIN3(steer_follow_flow3(p, v, &ff, FLT_MAX, ms));
                    steer_box3 box = {NM, M}, point_box = {t, t};
                    CHECK_FIN3(steer_contain3(p, v, box, FLT_MAX, ms));
                    CHECK_FIN3(steer_contain3(p, v, point_box, 0, ms));
                    steer_v3 spot;
                    CHECK_FIN3(steer_hide3(p, v, t, v, ob, 2, FLT_MAX, ms, 0, &spot));
                    CHECK_FIN3(spot);
                    float angle = FLT_MAX;
                    steer_wander_params wp = {FLT_MAX, FLT_MAX, FLT_MAX, STEER_UP_Y};
                    steer_v3 target;
                    CHECK_FIN3(steer_wander3(p, v, &angle, &wp, ms, 0, fixed_random, &r_hi, &target));
                    CHECK(steer_is_finite(angle));
                    CHECK_FIN3(steer_wander3(p, v, &angle, &wp, ms, FLT_MAX, fixed_random, &r_lo, &target));
                    CHECK(steer_is_finite(angle));
                    steer_wander_sphere sph = {FLT_MAX, -FLT_MAX};
                    CHECK_FIN3(steer_wander_sphere3(p, v, &sph, &wp, ms, FLT_MAX, fixed_random, &r_hi, &target));
                    CHECK(steer_is_finite(sph.azimuth) && steer_is_finite(sph.elevation));
                    /* behaviours.h: elevation "kept within [-pi/2, pi/2]", also when jitter * dt overflows
                     * (the state was left as passed in, here -FLT_MAX) */
                    CHECK(sph.elevation >= -STEER_PI / 2 && sph.elevation <= STEER_PI / 2);
                    sph = (steer_wander_sphere){FLT_MAX, -FLT_MAX};
                    CHECK_FIN3(steer_wander_sphere3(p, v, &sph, &wp, ms, 0, fixed_random, &r_lo, &target));
                    CHECK(steer_is_finite(sph.azimuth) && sph.elevation >= -STEER_PI / 2 && sph.elevation <= STEER_PI / 2);
                }
    /* empty lists and NULL arrays with count 0 */
    CHECK_FIN3(steer_separation3(Z, 0, 0, 1));
    CHECK_FIN3(steer_cohesion3(Z, X, 0, 0, 1));
    CHECK_FIN3(steer_hide3(Z, X, X, Z, 0, 0, 1, 1, 1, 0));
    steer_path3 empty = {0, 0, false, 1};
    int seg = 3;
    float dist = 5;
    steer_v3 cp = steer_path_closest_point3(&empty, X, &dist, &seg, 0);
    CHECK(cp.x == 1 && cp.y == 0 && dist == 0 && seg == -1);
    int index = 0;
    CHECK_FIN3(steer_follow_waypoints3(Z, X, 0, 0, &index, 1, 1, 1));
}

/* ---- vehicle.h ---------------------------------------------------------------------- */
static void test_vehicle_extremes(void)
{
    steer_vehicle3 v = steer_vehicle3_make(steer_v3_make(FLT_MAX, -FLT_MAX, FLT_MAX), 1);
    /* non-finite forces are ignored */
    steer_vehicle3_apply_force(&v, steer_v3_make(1, 0, 0));
    steer_vehicle3_apply_force(&v, steer_v3_make(NAN, 0, 0));
    steer_vehicle3_apply_force(&v, steer_v3_make(0, INFINITY, 0));
    CHECK(v.force.x == 1 && v.force.y == 0 && v.force.z == 0);
    /* dt 0, NaN, negative: nothing moves, the accumulator is cleared */
    float bad_dt[] = {0, NAN, -1, -INFINITY};
    for (int i = 0; i < 4; ++i) {
        steer_vehicle3 before = v;
        steer_vehicle3_apply_force(&v, steer_v3_make(1, 1, 1));
        steer_vehicle3_step(&v, bad_dt[i]);
        CHECK(v.position.x == before.position.x && v.position.y == before.position.y && v.position.z == before.position.z);
        CHECK(v.force.x == 0 && v.force.y == 0 && v.force.z == 0);
    }
    /* dt +Inf, FLT_MAX; FLT_MAX limits; max_speed 0; mass 0 and negative; smoothing out of (0, 1] */
    struct { float max_speed, max_force, mass, smoothing, turn, dt; } cases[] = {
        {FLT_MAX, FLT_MAX, 1, 0.3f, 0, 1},        {FLT_MAX, FLT_MAX, 1e-38f, 1, 0, FLT_MAX},
        {0, 0.12f, 1, 0.3f, 0, 1},                {3, 0.12f, 0, 0.3f, 0, 1},
        {3, 0.12f, -5, 0.3f, 0, 1},               {3, 0.12f, 1, 0, 0, 1},
        {3, 0.12f, 1, 2, 0, 1},                   {3, 0.12f, 1, -1, FLT_MAX, 1},
        {3, 0.12f, 1, 0.3f, 1e-30f, INFINITY},    {FLT_MAX, FLT_MAX, 1, 0.3f, 0.1f, FLT_MAX},
    };
    for (int c = 0; c < (int)(sizeof cases / sizeof cases[0]); ++c) {
        for (int start = 0; start < 2; ++start) {
            steer_vehicle3 u = steer_vehicle3_make(start ? steer_v3_make(FLT_MAX, 0, -FLT_MAX) : steer_v3_make(0, 0, 0), 7);
            u.max_speed = cases[c].max_speed;
            u.max_force = cases[c].max_force;
            u.mass = cases[c].mass;
            u.heading_smoothing = cases[c].smoothing;
            u.max_turn_rate = cases[c].turn;
            u.up = c & 1 ? STEER_UP_Y : STEER_UP_Z;
            steer_vehicle3 target = steer_vehicle3_make(steer_v3_make(-FLT_MAX, FLT_MAX, 0), 8);
            target.velocity = steer_v3_make(FLT_MAX, FLT_MAX, FLT_MAX);
            for (int step = 0; step < 4; ++step) {
                steer_v3 f = steer_vehicle3_seek(&u, target.position);
                CHECK_FIN3(f);
                steer_vehicle3_apply_force(&u, f);
                CHECK_FIN3(steer_vehicle3_pursue(&u, &target, 0));
                CHECK_FIN3(steer_vehicle3_evade(&u, &target, FLT_MAX, 0));
                CHECK_FIN3(steer_vehicle3_arrive(&u, u.position, 0));
                CHECK_FIN3(steer_vehicle3_arrive_braking(&u, target.position, 0, 0, cases[c].dt));
                CHECK_FIN3(steer_vehicle3_interpose(&u, &u, &target, 0));
                CHECK_FIN3(steer_vehicle3_offset_pursuit(&u, &target, steer_v3_make(FLT_MAX, 0, 0), 0));
                steer_v3 wt;
                f = steer_vehicle3_wander(&u, cases[c].dt, &wt);
                CHECK_FIN3(f);
                CHECK_FIN3(steer_vehicle3_wander_sphere(&u, cases[c].dt, &wt));
                steer_vehicle3_apply_force(&u, f);
                u.waypoint = 50; /* stale state */
                u.avoid_latch = 50;
                steer_v3 wps[2] = {steer_v3_make(0, 0, 0), steer_v3_make(0, 0, 0)};
                CHECK_FIN3(steer_vehicle3_follow_waypoints(&u, wps, 2, 0, 0));
                CHECK(u.waypoint >= 0 && u.waypoint < 2);
                steer_obstacle3 ob = {u.position, FLT_MAX};
                CHECK_FIN3(steer_vehicle3_avoid_obstacles(&u, &ob, 1, FLT_MAX));
                CHECK(u.avoid_latch >= -1 && u.avoid_latch < 1);
                steer_vehicle3_step(&u, cases[c].dt);
                CHECK_FIN3(u.position);
                CHECK_FIN3(u.velocity);
                CHECK_FIN3(u.heading);
                CHECK_FIN3(u.smooth_heading);
                CHECK(steer_v3_len_sq(u.heading) > 0.5f);
                CHECK(steer_is_finite(u.wander_angle) && steer_is_finite(u.wander_sphere.azimuth));
                if (cases[c].max_speed == 0) CHECK(steer_v3_len_sq(u.velocity) == 0);
            }
        }
    }
    /* 2D: the same few */
    steer_vehicle2 w2 = steer_vehicle2_make(steer_v2_make(FLT_MAX, FLT_MAX), 3);
    w2.max_speed = FLT_MAX;
    w2.max_force = FLT_MAX;
    w2.waypoint = -9;
    steer_v2 wp2[1] = {{-FLT_MAX, 0}};
    for (int step = 0; step < 4; ++step) {
        steer_vehicle2_apply_force(&w2, steer_vehicle2_follow_waypoints(&w2, wp2, 1, 0, 0));
        CHECK(w2.waypoint == 0);
        steer_vehicle2_apply_force(&w2, steer_vehicle2_flee(&w2, w2.position, 0));
        steer_vehicle2_step(&w2, FLT_MAX);
        CHECK_FIN2(w2.position);
        CHECK_FIN2(w2.velocity);
        CHECK_FIN2(w2.heading);
    }
}

int main(void)
{
    steer_set_misuse_handler(misuse_record, 0);
    test_world_def_refusals();
    test_group_def_refusals();
    test_object_refusals();
    test_agent_refusals();
    test_agent_extremes();
    test_goal_refusals();
    test_places_refusals();
    test_formation_refusals();
    test_step_refusals();
    test_in_step();
    test_scheduler_null_and_coverage();
    test_null_world_queries();
    test_snapshot_refusals();
    test_kernels_and_names();
    test_grid_refusals();
    test_standard_flock_refusals();
    test_math_extremes();
    test_behaviour_extremes();
    test_vehicle_extremes();
    steer_set_misuse_handler(check_count_misuse, 0);
    return check_summary("api_refusals");
}

/* The world API as world.h documents it: bad defs give NULL, bad group defs
 * and arguments are refused, a full world gives null ids, nothing may
 * change the world from inside its own step, a bad dt is refused, and a
 * large dt with max_dt is split into sub-steps equal to stepping the parts.
 * Misuse also reports through the misuse handler (check.h counts reports).
 * A tiny cell_size and a box whose extent overflows float, once a hang and
 * undefined conversions, are sized or refused. */
#include <stdlib.h>

#include "check.h"
#include "steer/steer.h"
#include "world_scenario.h"

/* ---- world defs --------------------------------------------------------------- */
static void expect_refused_def(steer_world_def def, const char *what)
{
    int reports = check_misuse_count;
    steer_world *w = steer_world_create(&def);
    CHECK(w == 0);
    CHECK(check_misuse_count == reports + 1);
    if (w) {
        fprintf(stderr, "accepted a bad world def: %s\n", what);
        steer_world_destroy(w);
    }
}

static void test_bad_world_defs(void)
{
    steer_world_def d;
    memset(&d, 0, sizeof d);
    expect_refused_def(d, "zeroed: no cookie");
    d = steer_default_world_def();
    d.internal_cookie = 0;
    expect_refused_def(d, "cookie cleared");
    int dims[] = {0, 1, 4, -2};
    for (size_t i = 0; i < sizeof dims / sizeof dims[0]; ++i) {
        d = steer_default_world_def();
        d.dim = dims[i];
        expect_refused_def(d, "dim");
    }
    int capacities[] = {0, -1, -1000};
    for (size_t i = 0; i < sizeof capacities / sizeof capacities[0]; ++i) {
        d = steer_default_world_def();
        d.capacity = capacities[i];
        expect_refused_def(d, "capacity");
    }
    float bad_floats[] = {NAN, INFINITY, -INFINITY};
    for (size_t i = 0; i < 3; ++i) {
        for (int axis = 0; axis < 3; ++axis) {
            d = steer_default_world_def();
            d.dim = 3;
            d.bounds_min = steer_v3_set(d.bounds_min, axis, bad_floats[i]);
            expect_refused_def(d, "non-finite bounds_min");
            d = steer_default_world_def();
            d.dim = 3;
            d.bounds_max = steer_v3_set(d.bounds_max, axis, bad_floats[i]);
            expect_refused_def(d, "non-finite bounds_max");
        }
        d = steer_default_world_def();
        d.cell_size = bad_floats[i];
        expect_refused_def(d, "non-finite cell_size");
        d = steer_default_world_def();
        d.max_dt = bad_floats[i];
        expect_refused_def(d, "non-finite max_dt");
    }
    d = steer_default_world_def();
    d.bounds_max.x = d.bounds_min.x;
    expect_refused_def(d, "empty box");
    d = steer_default_world_def();
    d.bounds_max.y = d.bounds_min.y - 1.0f;
    expect_refused_def(d, "inverted box");
    d = steer_default_world_def();
    d.cell_size = -1.0f;
    expect_refused_def(d, "negative cell size");
    d = steer_default_world_def();
    d.max_dt = -0.1f;
    expect_refused_def(d, "negative max_dt");
    d = steer_default_world_def();
    d.boundary = (steer_boundary)7;
    expect_refused_def(d, "boundary");
    d = steer_default_world_def();
    d.max_groups = 0;
    expect_refused_def(d, "max_groups 0");
    d = steer_default_world_def();
    d.max_groups = 33;
    expect_refused_def(d, "max_groups > 32");
    d = steer_default_world_def();
    d.worker_count = 0;
    expect_refused_def(d, "worker_count 0");
    d = steer_default_world_def();
    d.max_obstacles = -1;
    expect_refused_def(d, "max_obstacles");
    d = steer_default_world_def();
    d.penetration_iterations = -1;
    expect_refused_def(d, "penetration_iterations");
    d = steer_default_world_def(); /* the baseline: the defaults are accepted */
    steer_world *w = steer_world_create(&d);
    CHECK(w != 0);
    steer_world_destroy(w);
    int reports = check_misuse_count;
    CHECK(steer_world_create(0) == 0);
    CHECK(check_misuse_count == reports + 1);
}

/* enqueue without finish (or the reverse) is an incomplete scheduler */
static void *dummy_enqueue(steer_task_fn *task, int n, int min_range, void *task_context, void *user)
{
    (void)min_range, (void)user;
    task(0, n, 0, task_context);
    return task_context;
}
static void dummy_finish(void *user_task, void *user) { (void)user_task, (void)user; }

static void test_half_scheduler(void)
{
    steer_world_def d = steer_default_world_def();
    d.enqueue_task = dummy_enqueue;
    expect_refused_def(d, "enqueue without finish");
    d = steer_default_world_def();
    d.finish_task = dummy_finish;
    expect_refused_def(d, "finish without enqueue");
}

/* A serial scheduler that names its worker `user` (an int*). */
static void *serial_enqueue(steer_task_fn *task, int n, int min_range, void *task_context, void *user)
{
    (void)min_range;
    for (int k = 0; k < 4; ++k) task(n * k / 4, n * (k + 1) / 4, *(int *)user, task_context); /* split in four */
    return task_context;
}

static uint64_t flock_hash_with_worker_index(int worker_index, bool non_penetration)
{
    steer_world_def d = steer_default_world_def();
    d.enqueue_task = serial_enqueue;
    d.finish_task = dummy_finish;
    d.user_task_context = &worker_index;
    d.worker_count = 1;
    d.non_penetration = non_penetration;
    steer_world *w = steer_world_create(&d);
    CHECK(w != 0);
    if (!w) return 0;
    steer_group_def g = steer_default_group_def(); /* a plain flock: the staged cell path */
    CHECK(steer_world_add_group(w, &g) == 0);
    steer_rng rng = steer_rng_make(5);
    for (int i = 0; i < 300; ++i) {
        float x = steer_rng_range(&rng, -20.0f, 20.0f), y = steer_rng_range(&rng, -20.0f, 20.0f);
        steer_world_add_agent(w, 0, steer_v3_make(x, y, 0.0f), steer_v3_make(1.0f, 0.0f, 0.0f));
    }
    for (int s = 0; s < 20; ++s) CHECK(steer_world_step(w, 1.0f / 30.0f) == STEER_OK);
    uint64_t h = steer_world_state_hash(w);
    steer_world_destroy(w);
    return h;
}

/* worker_index must be in [0, worker_count): a scheduler that breaks it is
 * reported, and the step still runs (without the per-worker scratch: the
 * candidates are summed in another order, so the bits differ from a correct
 * scheduler's, but the same bad scheduler always gives the same bits). */
static void test_bad_worker_index(void)
{
    int reports = check_misuse_count;
    flock_hash_with_worker_index(0, false); /* a correct index: no report */
    CHECK(check_misuse_count == reports);
    uint64_t bad = flock_hash_with_worker_index(7, false);
    CHECK(check_misuse_count > reports);
    CHECK(bad == flock_hash_with_worker_index(7, false));
    reports = check_misuse_count;
    flock_hash_with_worker_index(-1, true); /* the relaxation is reported too, and does not crash */
    CHECK(check_misuse_count > reports);
}

/* ---- group defs ------------------------------------------------------------------ */
static void expect_refused_group(steer_world *w, steer_group_def g, const char *what)
{
    int before = steer_world_group_count(w), reports = check_misuse_count;
    int r = steer_world_add_group(w, &g);
    CHECK(r == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(steer_world_group_count(w) == before);
    CHECK(check_misuse_count == reports + 1);
    if (r >= 0) fprintf(stderr, "accepted a bad group def: %s\n", what);
    /* set_group refuses it too and keeps group 0 as it was */
    steer_group_def kept, after;
    CHECK(steer_world_get_group(w, 0, &kept) == STEER_OK);
    CHECK(steer_world_set_group(w, 0, &g) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(steer_world_get_group(w, 0, &after) == STEER_OK);
    CHECK(memcmp(&kept, &after, sizeof kept) == 0);
}

static void test_bad_group_defs(void)
{
    steer_world_def wd = steer_default_world_def();
    wd.max_groups = 4;
    steer_world *w = steer_world_create(&wd);
    steer_group_def ok = steer_default_group_def();
    CHECK(steer_world_add_group(w, &ok) == 0);

    steer_group_def g;
    memset(&g, 0, sizeof g);
    expect_refused_group(w, g, "zeroed: no cookie");
    const float bad[] = {NAN, INFINITY, -1.0f};
    for (int i = 0; i < 3; ++i) {
        g = ok, g.max_speed = bad[i], expect_refused_group(w, g, "max_speed");
        g = ok, g.max_force = bad[i], expect_refused_group(w, g, "max_force");
        g = ok, g.mass = bad[i], expect_refused_group(w, g, "mass");
        g = ok, g.radius = bad[i], expect_refused_group(w, g, "radius");
        g = ok, g.neighbour_radius = bad[i], expect_refused_group(w, g, "neighbour_radius");
        g = ok, g.separation_radius = bad[i], expect_refused_group(w, g, "separation_radius");
        g = ok, g.max_turn_rate = bad[i], expect_refused_group(w, g, "max_turn_rate");
        g = ok, g.slow_radius = bad[i], expect_refused_group(w, g, "slow_radius");
        g = ok, g.probability[STEER_SEEK] = bad[i], expect_refused_group(w, g, "probability");
        if (i < 2) {
            g = ok, g.weight[STEER_COHESION] = bad[i], expect_refused_group(w, g, "weight");
            g = ok, g.target.x = bad[i], expect_refused_group(w, g, "target");
        }
    }
    g = ok, g.max_speed = 0.0f, expect_refused_group(w, g, "max_speed 0");
    g = ok, g.mass = 0.0f, expect_refused_group(w, g, "mass 0");
    g = ok, g.probability[STEER_WANDER] = 1.5f, expect_refused_group(w, g, "probability > 1");
    g = ok, g.combine = (steer_combine)9, expect_refused_group(w, g, "combine");
    g = ok, g.weight[STEER_PURSUE] = 1.0f, g.pursue_group = -1, expect_refused_group(w, g, "pursue without group");
    g = ok, g.weight[STEER_PURSUE] = 1.0f, g.pursue_group = 4, expect_refused_group(w, g, "pursue group >= max");
    g = ok, g.weight[STEER_EVADE] = 1.0f, g.evade_group = -1, expect_refused_group(w, g, "evade without group");
    g = ok, g.weight[STEER_FOLLOW_PATH] = 1.0f, g.path = 0, expect_refused_group(w, g, "path that does not exist");
    g = ok, g.weight[STEER_FOLLOW_FLOW] = 1.0f, g.flow_field = 0, expect_refused_group(w, g, "field that does not exist");
    int reports = check_misuse_count;
    CHECK(steer_world_add_group(w, 0) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(steer_world_add_group(0, &ok) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(steer_world_set_group(w, 5, &ok) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(steer_world_get_group(w, -1, &g) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(check_misuse_count == reports + 4);

    /* the same references become valid once the objects exist */
    steer_v3 pts[2] = {steer_v3_make(0, 0, 0), steer_v3_make(5, 0, 0)};
    CHECK(steer_world_add_path(w, pts, 2, false, 1.0f) == 0);
    g = ok, g.weight[STEER_FOLLOW_PATH] = 1.0f, g.path = 0;
    CHECK(steer_world_add_group(w, &g) == 1);
    /* max_groups is a capacity, not misuse */
    CHECK(steer_world_add_group(w, &ok) == 2);
    CHECK(steer_world_add_group(w, &ok) == 3);
    reports = check_misuse_count;
    CHECK(steer_world_add_group(w, &ok) == STEER_ERROR_CAPACITY);
    CHECK(check_misuse_count == reports);
    CHECK(steer_world_group_count(w) == 4);
    steer_world_destroy(w);
}

/* ---- agents: capacity and arguments ---------------------------------------------- */
static void test_capacity_and_arguments(int dim)
{
    steer_world_def wd = steer_default_world_def();
    wd.dim = dim;
    wd.capacity = 5;
    steer_world *w = steer_world_create(&wd);
    steer_group_def g = steer_default_group_def();
    CHECK(steer_world_add_group(w, &g) == 0);
    steer_agent_id ids[5];
    for (int i = 0; i < 5; ++i) {
        ids[i] = steer_world_add_agent(w, 0, steer_v3_make((float)i, 1, 1), steer_v3_make(0, 0, 0));
        CHECK(ids[i].index != 0);
    }
    int reports = check_misuse_count;
    steer_agent_id full = steer_world_add_agent(w, 0, steer_v3_make(9, 9, 9), steer_v3_make(0, 0, 0));
    CHECK(full.index == 0 && full.generation == 0);
    CHECK(check_misuse_count == reports); /* a full world is not misuse */
    CHECK(steer_world_agent_count(w) == 5);
    CHECK(steer_world_step(w, 0.1f) == STEER_OK);
    /* removing one makes room for exactly one */
    CHECK(steer_world_remove_agent(w, ids[2]) == STEER_OK);
    CHECK(steer_world_add_agent(w, 0, steer_v3_make(9, 9, 9), steer_v3_make(0, 0, 0)).index != 0);
    CHECK(steer_world_add_agent(w, 0, steer_v3_make(8, 8, 8), steer_v3_make(0, 0, 0)).index == 0);
    CHECK(steer_world_remove_agent(w, ids[0]) == STEER_OK);

    /* invalid group or non-finite state: a null id, reported */
    reports = check_misuse_count;
    CHECK(steer_world_add_agent(w, 1, steer_v3_make(0, 0, 0), steer_v3_make(0, 0, 0)).index == 0);
    CHECK(steer_world_add_agent(w, -1, steer_v3_make(0, 0, 0), steer_v3_make(0, 0, 0)).index == 0);
    CHECK(steer_world_add_agent(w, 0, steer_v3_make(NAN, 0, 0), steer_v3_make(0, 0, 0)).index == 0);
    CHECK(steer_world_add_agent(w, 0, steer_v3_make(0, 0, 0), steer_v3_make(0, INFINITY, 0)).index == 0);
    CHECK(steer_world_add_agent(0, 0, steer_v3_make(0, 0, 0), steer_v3_make(0, 0, 0)).index == 0);
    CHECK(check_misuse_count == reports + 5);
    CHECK(steer_world_agent_count(w) == 4);
    /* teleport to a non-finite place is refused and changes nothing */
    steer_agent_state before, after;
    CHECK(steer_world_get_agent(w, ids[1], &before) == STEER_OK);
    CHECK(steer_world_teleport_agent(w, ids[1], steer_v3_make(NAN, 0, 0), steer_v3_make(0, 0, 0)) ==
          STEER_ERROR_INVALID_ARGUMENT);
    CHECK(steer_world_get_agent(w, ids[1], &after) == STEER_OK);
    CHECK(memcmp(&before, &after, sizeof before) == 0);

    /* a 2D world ignores z: a NaN z is fine and reads back as 0 */
    CHECK(steer_world_remove_agent(w, ids[3]) == STEER_OK);
    steer_agent_id flat = steer_world_add_agent(w, 0, steer_v3_make(1, 2, NAN), steer_v3_make(0.5f, 0, NAN));
    if (dim == 2) {
        CHECK(flat.index != 0);
        steer_agent_state st;
        CHECK(steer_world_get_agent(w, flat, &st) == STEER_OK);
        CHECK(st.position.z == 0.0f && st.velocity.z == 0.0f && st.position.y == 2.0f);
        steer_world_view v = steer_world_get_view(w);
        CHECK(v.pz == 0 && v.vz == 0);
    } else {
        CHECK(flat.index == 0);
        CHECK(steer_world_get_view(w).pz != 0);
    }
    steer_world_destroy(w);
}

/* ---- nothing may change the world from inside its step ---------------------------- */
typedef struct reentry {
    steer_world *w;
    steer_agent_id victim;
    int enqueues, refusals, attempts;
    bool obstacles_kept, count_kept, destroy_refused;
} reentry;

static void *reentrant_enqueue(steer_task_fn *task, int item_count, int min_range, void *task_context, void *user)
{
    (void)min_range;
    reentry *r = user;
    steer_world *w = r->w;
    if (w && r->enqueues++ == 0) {
        int agents = steer_world_agent_count(w), obstacles = steer_world_obstacle_count(w);
        steer_group_def g = steer_default_group_def();
        steer_v3 pts[2] = {steer_v3_make(0, 0, 0), steer_v3_make(1, 0, 0)};
        steer_v3 field[1] = {steer_v3_make(1, 0, 0)};
        static unsigned char snapshot[1 << 16];
        size_t written = 0;
#define TRY(expr) (++r->attempts, r->refusals += (expr))
        TRY(steer_world_add_agent(w, 0, steer_v3_make(0, 0, 0), steer_v3_make(0, 0, 0)).index == 0);
        TRY(steer_world_remove_agent(w, r->victim) == STEER_ERROR_IN_STEP);
        TRY(steer_world_teleport_agent(w, r->victim, steer_v3_make(0, 0, 0), steer_v3_make(0, 0, 0)) ==
            STEER_ERROR_IN_STEP);
        TRY(steer_world_set_agent_group(w, r->victim, 0) == STEER_ERROR_IN_STEP);
        TRY(steer_world_step(w, 0.1f) == STEER_ERROR_IN_STEP);
        TRY(steer_world_add_group(w, &g) == STEER_ERROR_IN_STEP);
        TRY(steer_world_set_group(w, 0, &g) == STEER_ERROR_IN_STEP);
        TRY(steer_world_add_obstacle(w, steer_v3_make(1, 1, 0), 1.0f) == STEER_ERROR_IN_STEP);
        TRY(steer_world_set_obstacle(w, 0, steer_v3_make(1, 1, 0), 1.0f) == STEER_ERROR_IN_STEP);
        TRY(steer_world_add_wall(w, steer_v3_make(0, 0, 0), steer_v3_make(1, 1, 0)) == STEER_ERROR_IN_STEP);
        TRY(steer_world_add_path(w, pts, 2, false, 1.0f) == STEER_ERROR_IN_STEP);
        TRY(steer_world_add_flow_field(w, steer_v3_make(0, 0, 0), 1.0f, 1, 1, 1, field) == STEER_ERROR_IN_STEP);
        TRY(steer_world_save(w, snapshot, sizeof snapshot, &written) == STEER_ERROR_IN_STEP);
        TRY(steer_world_restore(w, snapshot, sizeof snapshot) == STEER_ERROR_IN_STEP);
        steer_agent_state st;
        TRY(steer_world_get_agent(w, r->victim, &st) == STEER_ERROR_IN_STEP); /* the handle table is rebuilt */
        TRY(!steer_world_is_valid(w, r->victim));
        TRY(steer_world_state_hash(w) == 0); /* the state is half moved */
        steer_world_def def_read;
        steer_group_def group_read;
        TRY(steer_world_get_def(w, &def_read) == STEER_ERROR_IN_STEP);
        TRY(steer_world_get_group(w, 0, &group_read) == STEER_ERROR_IN_STEP);
        int before_profile = check_misuse_count;
        (void)steer_world_last_profile(w); /* half filled mid-step: its zeros, reported */
        TRY(check_misuse_count == before_profile + 1);
        TRY(steer_world_memory_bytes(w) == 0);
        steer_kernel kernel = steer_world_set_kernel(w, STEER_KERNEL_BEST);
        TRY(steer_world_set_kernel(w, STEER_KERNEL_SCALAR) == kernel); /* the workers read the kernel table */
#undef TRY
        int before_destroy = check_misuse_count;
        steer_world_destroy(w); /* kept: the step is still using it */
        r->destroy_refused = check_misuse_count == before_destroy + 1;
        steer_world_clear_obstacles(w); /* void: must simply not clear */
        r->obstacles_kept = steer_world_obstacle_count(w) == obstacles;
        r->count_kept = steer_world_agent_count(w) == agents;
    }
    task(0, item_count, 0, task_context);
    return r;
}

static void test_in_step(void)
{
    static reentry r;
    memset(&r, 0, sizeof r);
    steer_world_def wd = steer_default_world_def();
    wd.enqueue_task = reentrant_enqueue;
    wd.finish_task = dummy_finish;
    wd.user_task_context = &r;
    steer_world *w = steer_world_create(&wd);
    CHECK(w != 0);
    steer_group_def g = steer_default_group_def();
    CHECK(steer_world_add_group(w, &g) == 0);
    CHECK(steer_world_add_obstacle(w, steer_v3_make(10, 10, 0), 1.0f) == 0);
    for (int i = 0; i < 20; ++i)
        r.victim = steer_world_add_agent(w, 0, steer_v3_make((float)i * 0.3f, 0, 0), steer_v3_make(1, 0, 0));
    uint64_t hash = steer_world_state_hash(w);
    r.w = w; /* from here on the scheduler calls back into the world */
    int reports = check_misuse_count;
    CHECK(steer_world_step(w, 0.1f) == STEER_OK);
    CHECK(r.enqueues > 0);
    CHECK(r.attempts == 22);
    CHECK(r.refusals == r.attempts);
    CHECK(r.destroy_refused);
    CHECK(r.obstacles_kept);
    CHECK(r.count_kept);
    CHECK(check_misuse_count >= reports + 18); /* each one is misuse, and reported */
    r.w = 0;
    /* the step itself went on as if nothing had been tried */
    CHECK(steer_world_state_hash(w) != hash);
    CHECK(steer_world_agent_count(w) == 20 && steer_world_obstacle_count(w) == 1 && steer_world_group_count(w) == 1);
    CHECK(steer_world_is_valid(w, r.victim));
    /* after the step every call works again */
    CHECK(steer_world_add_agent(w, 0, steer_v3_make(5, 5, 0), steer_v3_make(0, 0, 0)).index != 0);
    CHECK(steer_world_remove_agent(w, r.victim) == STEER_OK);
    steer_world_destroy(w);
}

/* ---- dt -------------------------------------------------------------------------- */
static void test_bad_dt(void)
{
    mixed_options o = mixed_default_options(2);
    mixed_handles h;
    steer_world *w = mixed_create(&o, &h);
    CHECK(mixed_run(w, &h, 2, 0, 5));
    uint64_t hash = steer_world_state_hash(w), steps = steer_world_step_count(w);
    const float bad[] = {NAN, -NAN, INFINITY, -INFINITY, -0.1f, -1e-30f};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
        int reports = check_misuse_count;
        CHECK(steer_world_step(w, bad[i]) == STEER_ERROR_INVALID_ARGUMENT);
        CHECK(check_misuse_count == reports + 1);
    }
    CHECK(steer_world_state_hash(w) == hash);
    CHECK(steer_world_step_count(w) == steps);
    CHECK(steer_world_step(0, 0.1f) == STEER_ERROR_INVALID_ARGUMENT);
    steer_world_destroy(w);
}

/* A dt above max_dt is split into equal sub-steps: the same bits as a world
 * without the guard stepped by the parts. 0.9 with max_dt 0.25: 4 parts of
 * 0.225 (dividing by 4 is exact, so the parts are well defined). */
static void test_substeps(int dim)
{
    mixed_options o = mixed_default_options(dim);
    mixed_handles ha, hb, hbb; /* tmp's, a's and b's handles: each world takes only its own */
    steer_world_def da = mixed_world_def(&o), db = da;
    da.max_dt = 0.25f;
    db.max_dt = 0.0f;
    steer_world *a = steer_world_create(&da), *b = steer_world_create(&db), *c = steer_world_create(&db);
    CHECK(a && b && c);
    CHECK(mixed_populate_objects(a, dim) && mixed_populate_objects(b, dim) && mixed_populate_objects(c, dim));
    steer_world *tmp = mixed_create(&o, &ha); /* the agents, copied in slot order into all three */
    for (int i = 0; i < ha.count; ++i) {
        steer_agent_state st;
        CHECK(steer_world_get_agent(tmp, ha.ids[i], &st) == STEER_OK);
        hb.ids[i] = steer_world_add_agent(a, st.group, st.position, st.velocity);
        hbb.ids[i] = steer_world_add_agent(b, st.group, st.position, st.velocity);
        CHECK(hbb.ids[i].index == hb.ids[i].index);
        CHECK(steer_world_add_agent(c, st.group, st.position, st.velocity).index == hb.ids[i].index);
    }
    hb.count = ha.count;
    steer_world_destroy(tmp);
    for (int round = 0; round < 5; ++round) {
        CHECK(steer_world_step(a, 0.9f) == STEER_OK);
        for (int k = 0; k < 4; ++k) CHECK(steer_world_step(b, 0.9f / 4.0f) == STEER_OK);
        CHECK(steer_world_step(c, 0.9f) == STEER_OK); /* no guard: one big step */
    }
    CHECK(steer_world_step_count(a) == steer_world_step_count(b));
    CHECK(steer_world_state_hash(a) == steer_world_state_hash(b));
    int same = 0;
    for (int i = 0; i < hb.count; ++i) {
        steer_agent_state sa, sb;
        CHECK(steer_world_get_agent(a, hb.ids[i], &sa) == STEER_OK);
        CHECK(steer_world_get_agent(b, hbb.ids[i], &sb) == STEER_OK);
        same += memcmp(&sa, &sb, sizeof sa) == 0;
    }
    CHECK(same == hb.count);
    /* and splitting matters: one unguarded big step ends elsewhere */
    CHECK(steer_world_state_hash(a) != steer_world_state_hash(c));
    /* a dt at or below max_dt is one step */
    uint64_t before = steer_world_step_count(a);
    CHECK(steer_world_step(a, 0.25f) == STEER_OK);
    CHECK(steer_world_step_count(a) == before + 1);
    steer_world_destroy(a);
    steer_world_destroy(b);
    steer_world_destroy(c);
}

/* ---- shared objects: arguments ------------------------------------------------------ */
static void test_object_arguments(void)
{
    steer_world_def wd = steer_default_world_def();
    wd.max_obstacles = 2;
    wd.max_walls = 1;
    wd.max_paths = 1;
    wd.max_flow_fields = 1;
    steer_world *w = steer_world_create(&wd);
    int reports = check_misuse_count;
    CHECK(steer_world_add_obstacle(w, steer_v3_make(NAN, 0, 0), 1.0f) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(steer_world_add_obstacle(w, steer_v3_make(0, 0, 0), -1.0f) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(steer_world_add_wall(w, steer_v3_make(0, 0, 0), steer_v3_make(INFINITY, 0, 0)) == STEER_ERROR_INVALID_ARGUMENT);
    steer_v3 pts[2] = {steer_v3_make(0, 0, 0), steer_v3_make(NAN, 0, 0)};
    CHECK(steer_world_add_path(w, pts, 2, false, 1.0f) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(steer_world_add_path(w, pts, 0, false, 1.0f) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(steer_world_add_path(w, 0, 2, false, 1.0f) == STEER_ERROR_INVALID_ARGUMENT);
    steer_v3 field[4] = {steer_v3_make(1, 0, 0), steer_v3_make(1, 0, 0), steer_v3_make(1, 0, 0), steer_v3_make(NAN, 0, 0)};
    CHECK(steer_world_add_flow_field(w, steer_v3_make(0, 0, 0), 1.0f, 2, 2, 1, field) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(steer_world_add_flow_field(w, steer_v3_make(0, 0, 0), 0.0f, 1, 1, 1, field) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(steer_world_add_flow_field(w, steer_v3_make(0, 0, 0), 1.0f, 0, 1, 1, field) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(steer_world_set_obstacle(w, 0, steer_v3_make(0, 0, 0), 1.0f) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(check_misuse_count == reports + 10);
    CHECK(steer_world_obstacle_count(w) == 0 && steer_world_wall_count(w) == 0);
    /* the capacities: full is not misuse */
    CHECK(steer_world_add_obstacle(w, steer_v3_make(0, 0, 0), 1.0f) == 0);
    CHECK(steer_world_add_obstacle(w, steer_v3_make(3, 0, 0), 1.0f) == 1);
    CHECK(steer_world_add_wall(w, steer_v3_make(0, 0, 0), steer_v3_make(1, 0, 0)) == 0);
    pts[1] = steer_v3_make(1, 1, 0);
    CHECK(steer_world_add_path(w, pts, 2, false, 1.0f) == 0);
    CHECK(steer_world_add_flow_field(w, steer_v3_make(0, 0, 0), 1.0f, 1, 1, 1, field) == 0);
    reports = check_misuse_count;
    CHECK(steer_world_add_obstacle(w, steer_v3_make(6, 0, 0), 1.0f) == STEER_ERROR_CAPACITY);
    CHECK(steer_world_add_wall(w, steer_v3_make(0, 0, 0), steer_v3_make(1, 0, 0)) == STEER_ERROR_CAPACITY);
    CHECK(steer_world_add_path(w, pts, 2, false, 1.0f) == STEER_ERROR_CAPACITY);
    CHECK(steer_world_add_flow_field(w, steer_v3_make(0, 0, 0), 1.0f, 1, 1, 1, field) == STEER_ERROR_CAPACITY);
    CHECK(check_misuse_count == reports);
    CHECK(steer_world_set_obstacle(w, 1, steer_v3_make(4, 4, 0), 2.0f) == STEER_OK);
    /* read back: as set, and as added */
    steer_obstacle3 o;
    steer_segment3 s;
    CHECK(steer_world_get_obstacle(w, 1, &o) == STEER_OK && o.centre.x == 4 && o.centre.y == 4 && o.radius == 2);
    CHECK(steer_world_get_obstacle(w, 0, &o) == STEER_OK && o.centre.x == 0 && o.radius == 1);
    CHECK(steer_world_get_wall(w, 0, &s) == STEER_OK && s.a.x == 0 && s.b.x == 1 && s.b.y == 0);
    reports = check_misuse_count;
    CHECK(steer_world_get_obstacle(w, 2, &o) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(steer_world_get_wall(w, -1, &s) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(steer_world_get_wall(w, 0, 0) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(steer_world_get_obstacle(0, 0, &o) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(check_misuse_count == reports + 4);
    steer_world_clear_obstacles(w);
    CHECK(steer_world_obstacle_count(w) == 0);
    CHECK(steer_world_add_obstacle(w, steer_v3_make(6, 0, 0), 1.0f) == 0); /* room again */
    steer_world_destroy(w);

    /* a Y-up world keeps its walls on the ground turned Z-up: read back as added */
    wd = steer_default_world_def();
    wd.dim = 3;
    wd.up = STEER_UP_Y;
    w = steer_world_create(&wd);
    CHECK(steer_world_add_wall(w, steer_v3_make(1, 0.5f, 2), steer_v3_make(4, 3, -2)) == 0);
    CHECK(steer_world_get_wall(w, 0, &s) == STEER_OK);
    CHECK(s.a.x == 1 && s.a.y == 0.5f && s.a.z == 2 && s.b.x == 4 && s.b.y == 3 && s.b.z == -2);
    steer_world_destroy(w);
}

static void test_result_strings(void)
{
    const steer_result all[] = {STEER_OK, STEER_ERROR_INVALID_ARGUMENT, STEER_ERROR_STALE_HANDLE, STEER_ERROR_CAPACITY,
                                STEER_ERROR_OUT_OF_MEMORY, STEER_ERROR_IN_STEP, STEER_ERROR_BAD_SNAPSHOT};
    const int n = (int)(sizeof all / sizeof all[0]);
    for (int i = 0; i < n; ++i) {
        const char *s = steer_result_string(all[i]);
        CHECK(s != 0 && s[0] != '\0');
        for (int j = 0; j < i; ++j) CHECK(strcmp(s, steer_result_string(all[j])) != 0);
    }
    CHECK(steer_result_string((steer_result)42) != 0);
}

/* A tiny cell_size: the grid's count of cells is worked out in double and
 * capped before any integer conversion (it was (long long)(extent / cell),
 * undefined at 1e32). Bounds of +-3e38 are finite, but their extent
 * overflows to inf: refused at creation (its first step looped for ever). */
static void test_grid_size_overflow(void)
{
    steer_world_def d = steer_default_world_def();
    d.cell_size = 1e-30f;
    steer_world *w = steer_world_create(&d);
    steer_group_def g = steer_default_group_def();
    if (w) {
        CHECK(steer_world_add_group(w, &g) == 0);
        CHECK(steer_world_add_agent(w, 0, steer_v3_make(1, 1, 0), steer_v3_make(1, 0, 0)).index != 0);
        CHECK(steer_world_step(w, 0.1f) == STEER_OK);
        steer_world_destroy(w);
    }
    d = steer_default_world_def();
    d.bounds_min = steer_v3_make(-3e38f, -3e38f, -3e38f);
    d.bounds_max = steer_v3_make(3e38f, 3e38f, 3e38f);
    w = steer_world_create(&d);
    CHECK(w == 0);
    steer_world_destroy(w);
}

/* get_def returns what the world runs with, and the standard flock's two
 * halves build the same world as create, in a world with more room. */
static void test_get_def_and_roomy_flock(void)
{
    steer_world_def out;
    CHECK(steer_world_get_def(0, &out) == STEER_ERROR_INVALID_ARGUMENT);
    steer_standard_flock_def fd = steer_default_standard_flock_def();
    fd.agents = 500;
    steer_world *made = steer_standard_flock_create(&fd);
    steer_world_def wd;
    CHECK(steer_standard_flock_world_def(&fd, &wd) == STEER_OK);
    CHECK(steer_world_get_def(made, &out) == STEER_OK);
    CHECK(out.capacity == 500 && out.bounds_max.x == wd.bounds_max.x && out.bounds_max.y == wd.bounds_max.y);
    CHECK(out.bounds_max.x == steer_standard_flock_side(500, 2, 16.0f) && out.boundary == STEER_BOUNDARY_WRAP);
    wd.capacity = 800;
    wd.max_obstacles = 64;
    steer_world *roomy = steer_world_create(&wd);
    CHECK(steer_standard_flock_populate(roomy, &fd) == STEER_OK);
    CHECK(steer_standard_flock_populate(roomy, &fd) == STEER_ERROR_INVALID_ARGUMENT); /* not empty */
    CHECK(steer_world_add_obstacle(roomy, steer_v3_make(1.0f, 1.0f, 0.0f), 0.5f) == 0);
    steer_world_clear_obstacles(roomy);
    for (int s = 0; s < 20; ++s) {
        steer_world_step(made, STEER_STANDARD_FLOCK_DT);
        steer_world_step(roomy, STEER_STANDARD_FLOCK_DT);
    }
    CHECK(steer_world_state_hash(made) == steer_world_state_hash(roomy));
    fd.dim = 4;
    CHECK(steer_standard_flock_world_def(&fd, &wd) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(steer_standard_flock_populate(roomy, 0) == STEER_ERROR_INVALID_ARGUMENT);
    steer_world_destroy(made);
    steer_world_destroy(roomy);
}

int main(void)
{
    test_bad_world_defs();
    test_half_scheduler();
    test_bad_worker_index();
    test_bad_group_defs();
    test_capacity_and_arguments(2);
    test_capacity_and_arguments(3);
    test_in_step();
    test_bad_dt();
    test_substeps(2);
    test_substeps(3);
    test_object_arguments();
    test_result_strings();
    test_get_def_and_roomy_flock();
    test_grid_size_overflow();
    return check_summary("test_world_api");
}

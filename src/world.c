/* The world: the defs and their checks, creation and destruction, groups,
 * agents and handles. The objects (obstacles, walls, paths, flow fields) are
 * in world_objects.c, the kernel choice in kernel_select.c, the state hash
 * and memory figure in world_hash.c; the step itself is in world_step.c,
 * snapshots in world_snapshot.c. */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "world_internal.h"
#include "world_checks.h"
#include "world_formations.h"
#include "world_headings.h"
#include "world_radii.h"
#include "world_goals.h"
#include "world_handles.h"
#include "world_solids.h"
#include "world_sort.h"
#include "misuse_internal.h"

#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

steer_world_def steer_default_world_def(void)
{
    steer_world_def def = {0};
    def.dim = 2;
    def.capacity = 1024;
    def.bounds_min = steer_v3_make(-50.0f, -50.0f, -50.0f);
    def.bounds_max = steer_v3_make(50.0f, 50.0f, 50.0f);
    def.boundary = STEER_BOUNDARY_WRAP;
    def.seed = 1;
    def.penetration_iterations = 32;
    def.max_groups = 16;
    def.max_obstacles = 256;
    def.max_walls = 256;
    def.max_paths = 16;
    def.max_flow_fields = 8;
    def.worker_count = 1;
    def.internal_cookie = STEER__COOKIE;
    return def;
}

steer_group_def steer_crowd_group_def(void)
{
    steer_group_def g = steer_default_group_def();
    memset(g.weight, 0, sizeof g.weight);
    g.weight[STEER_ANTICIPATE] = 1.0f;
    g.combine = STEER_COMBINE_RUNNING_SUM;
    g.anticipation_k = 20.0f;
    g.keep_right = 0.5f;
    g.keep_apart = true;
    g.radius = 0.5f;
    g.neighbour_radius = 4.0f;
    return g;
}

steer_group_def steer_default_group_def(void)
{
    steer_group_def g = {0};
    g.max_speed = 2.0f;
    g.max_force = 4.0f;
    g.mass = 1.0f;
    g.radius = 0.25f;
    g.neighbour_radius = 1.0f;
    g.separation_radius = 0.5f;
    g.field_of_view = 7.0f; /* > 2 pi: all around */
    g.neighbour_mask = 0xFFFFFFFFu;
    g.weight[STEER_SEPARATION] = 1.5f;
    g.weight[STEER_ALIGNMENT] = 1.0f;
    g.weight[STEER_COHESION] = 1.0f;
    for (int b = 0; b < STEER_BEHAVIOUR_COUNT; ++b) g.probability[b] = 1.0f;
    g.combine = STEER_COMBINE_BLEND;
    g.slow_radius = 2.0f;
    g.arrival_tolerance = 0.05f;
    g.arrival_speed = 0.1f;
    g.waypoint_radius = 1.0f;
    g.priority = 1.0f;
    g.anticipation_k = 1.5f;
    g.anticipation_tau0 = 3.0f;
    g.avoid_horizon = 10.0f;
    g.keep_right = 0.25f;
    g.queue_distance = 2.0f;
    g.leader_behind = 2.0f;
    g.leader_sight = 4.0f;
    g.pursue_group = -1;
    g.evade_group = -1;
    g.chase_radius = 10.0f;
    g.wander = (steer_wander_params){1.0f, 2.0f, 4.0f, STEER_UP_Z};
    g.path = -1;
    g.path_predict = 1.0f;
    g.path_ahead = 1.0f;
    g.flow_field = -1;
    g.contain_margin = 2.0f;
    g.see_ahead = 3.0f;
    g.feelers = (steer_wall_feelers){2.0f, 0.6f, 1.2f, STEER_UP_Z};
    g.wall_follow = (steer_wall_follow_params){3.0f, 1.0f, 2.0f, STEER_UP_Z};
    g.colour = 0x4488FFFFu;
    g.internal_cookie = STEER__COOKIE;
    return g;
}

/* finite on the world's axes (dim 2: x and y) */
static bool finite_in(steer_v3 a, int dim)
{
    return steer_is_finite(a.x) && steer_is_finite(a.y) && (dim == 2 || steer_is_finite(a.z));
}

/* Def checks (STEER__REQUIRE) report the first problem as misuse of
 * `function`, or check quietly when it is NULL (a snapshot's def is input,
 * not misuse). */

bool steer__world_def_ok(const steer_world_def *d, const char *function)
{
    STEER__REQUIRE(d, NULL_ARGUMENT, "def = NULL: must point to a def from steer_default_world_def");
    STEER__REQUIRE(d->internal_cookie == STEER__COOKIE, WORLD_DEF_COOKIE,
                   "def->internal_cookie = %d: start from steer_default_world_def()", d->internal_cookie);
    STEER__REQUIRE(d->dim == 2 || d->dim == 3, WORLD_DEF_DIM, "def->dim = %d: must be 2 or 3", d->dim);
    STEER__REQUIRE(d->capacity >= 1 && d->capacity <= (1 << 28), WORLD_DEF_CAPACITY,
                   "def->capacity = %d: must be in [1, 2^28]", d->capacity);
    /* z is ignored in 2D (a 2D world keeps (-50, 50) there, world.h) */
    STEER__REQUIRE(finite_in(d->bounds_min, d->dim), WORLD_DEF_BOUNDS, "def->bounds_min = (%g, %g, %g): must be finite",
                   V3(d->bounds_min));
    STEER__REQUIRE(finite_in(d->bounds_max, d->dim), WORLD_DEF_BOUNDS, "def->bounds_max = (%g, %g, %g): must be finite",
                   V3(d->bounds_max));
    for (int a = 0; a < d->dim; ++a) {
        float extent = steer_v3_get(d->bounds_max, a) - steer_v3_get(d->bounds_min, a);
        STEER__REQUIRE(extent > 0.0f && extent <= 1e30f, WORLD_DEF_BOUNDS, /* the grid divides it into cells */
                       "def->bounds_max.%c - def->bounds_min.%c = %g: must be in (0, 1e30]", "xyz"[a], "xyz"[a], (double)extent);
    }
    STEER__REQUIRE((unsigned)d->boundary <= STEER_BOUNDARY_NONE, WORLD_DEF_BOUNDARY,
                   "def->boundary = %d: must be a steer_boundary", (int)d->boundary);
    STEER__REQUIRE(d->up == STEER_UP_Z || d->up == STEER_UP_Y, WORLD_DEF_UP,
                   "def->up = %d: must be STEER_UP_Z or STEER_UP_Y", (int)d->up);
    STEER__REQUIRE(nonneg(d->cell_size), WORLD_DEF_CELL_SIZE, "def->cell_size = %g:" NONNEG, (double)d->cell_size);
    STEER__REQUIRE(nonneg(d->max_dt), WORLD_DEF_MAX_DT, "def->max_dt = %g:" NONNEG, (double)d->max_dt);
    STEER__REQUIRE(d->max_groups >= 1 && d->max_groups <= STEER__MAX_GROUPS, WORLD_DEF_MAX_GROUPS,
                   "def->max_groups = %d: must be in [1, %d]", d->max_groups, STEER__MAX_GROUPS);
    const struct { const char *name; int value, most; } objects[] = {{"max_obstacles", d->max_obstacles, 1 << 20},
        {"max_walls", d->max_walls, 1 << 20}, {"max_paths", d->max_paths, 4096}, {"max_flow_fields", d->max_flow_fields, 4096}};
    for (int i = 0; i < 4; ++i)
        STEER__REQUIRE(objects[i].value >= 0 && objects[i].value <= objects[i].most, WORLD_DEF_MAX_OBJECTS,
                       "def->%s = %d: must be in [0, %d]", objects[i].name, objects[i].value, objects[i].most);
    STEER__REQUIRE(d->penetration_iterations >= 0 && d->penetration_iterations <= 64, WORLD_DEF_PENETRATION_ITERATIONS,
                   "def->penetration_iterations = %d: must be in [0, 64]", d->penetration_iterations);
    STEER__REQUIRE(d->worker_count >= 1 && d->worker_count <= 64, WORLD_DEF_WORKER_COUNT,
                   "def->worker_count = %d: must be in [1, 64]", d->worker_count);
    STEER__REQUIRE((d->enqueue_task == 0) == (d->finish_task == 0), WORLD_DEF_SCHEDULER,
                   "def->enqueue_task %s, def->finish_task %s: set both or neither", d->enqueue_task ? "set" : "NULL",
                   d->finish_task ? "set" : "NULL");
    return true;
}

/* For messages: the enum's names, in its order. */
static const char *const behaviour_names[] = {
    "STEER_AVOID_OBSTACLES", "STEER_AVOID_WALLS", "STEER_CONTAIN", "STEER_AVOID_NEIGHBOURS", "STEER_ANTICIPATE",
    "STEER_QUEUE", "STEER_SEPARATION", "STEER_EVADE", "STEER_FLEE", "STEER_PURSUE", "STEER_SEEK", "STEER_ARRIVE",
    "STEER_FOLLOW_LEADER", "STEER_FOLLOW_WALL", "STEER_FOLLOW_PATH", "STEER_FOLLOW_FLOW", "STEER_ALIGNMENT", "STEER_COHESION", "STEER_WANDER",
};
_Static_assert(sizeof behaviour_names / sizeof behaviour_names[0] == STEER_BEHAVIOUR_COUNT, "a name per behaviour");

static bool same_handle(steer_agent_id a, steer_agent_id b)
{
    return a.index == b.index && a.generation == b.generation && a.world == b.world;
}

/* kept: the group's leader now (set_group), NULL for a new group */
static bool group_def_ok(const steer_world *w, const steer_group_def *g, const steer_agent_id *kept, const char *function)
{
    STEER__REQUIRE(g, NULL_ARGUMENT, "def = NULL: must point to a def from steer_default_group_def");
    STEER__REQUIRE(g->internal_cookie == STEER__COOKIE, GROUP_DEF_COOKIE,
                   "def->internal_cookie = %d: start from steer_default_group_def()", g->internal_cookie);
#define POSITIVE_FIELD(field, id) STEER__REQUIRE(positive(g->field), id, "def->" #field " = %g:" POSITIVE, (double)g->field)
#define NONNEG_FIELD(field, id) STEER__REQUIRE(nonneg(g->field), id, "def->" #field " = %g:" NONNEG, (double)g->field)
#define FINITE_FIELD(field, id) STEER__REQUIRE(steer_is_finite(g->field), id, "def->" #field " = %g: must be finite", (double)g->field)
#define FINITE_V3_FIELD(field, id) STEER__REQUIRE(finite3(g->field), id, "def->" #field " = (%g, %g, %g): must be finite", V3(g->field))
    POSITIVE_FIELD(max_speed, GROUP_DEF_MAX_SPEED);
    POSITIVE_FIELD(max_force, GROUP_DEF_MAX_FORCE);
    POSITIVE_FIELD(mass, GROUP_DEF_MASS);
    NONNEG_FIELD(radius, GROUP_DEF_RADIUS);
    NONNEG_FIELD(max_turn_rate, GROUP_DEF_MAX_TURN_RATE);
    NONNEG_FIELD(reverse_speed, GROUP_DEF_MAX_TURN_RATE);
    STEER__REQUIRE(g->reverse_speed == 0.0f || (g->max_turn_rate > 0.0f && w->def.keep_headings), GROUP_DEF_MAX_TURN_RATE,
                   "def->reverse_speed = %g: a reverse gear needs max_turn_rate > 0 (it is %g) and a world made with "
                   "keep_headings (it is %s)",
                   (double)g->reverse_speed, (double)g->max_turn_rate, w->def.keep_headings ? "true" : "false");
    NONNEG_FIELD(neighbour_radius, GROUP_DEF_NEIGHBOUR_RADIUS);
    NONNEG_FIELD(separation_radius, GROUP_DEF_SEPARATION_RADIUS);
    NONNEG_FIELD(field_of_view, GROUP_DEF_FIELD_OF_VIEW);
    for (int b = 0; b < STEER_BEHAVIOUR_COUNT; ++b) {
        STEER__REQUIRE(steer_is_finite(g->weight[b]), GROUP_DEF_WEIGHT, "def->weight[%s] = %g: must be finite",
                       behaviour_names[b], (double)g->weight[b]);
        STEER__REQUIRE(g->probability[b] >= 0.0f && g->probability[b] <= 1.0f, GROUP_DEF_PROBABILITY,
                       "def->probability[%s] = %g: must be in [0, 1]", behaviour_names[b], (double)g->probability[b]);
    }
    STEER__REQUIRE((unsigned)g->combine <= STEER_COMBINE_DITHER, GROUP_DEF_COMBINE, "def->combine = %d: must be a steer_combine",
                   (int)g->combine);
    FINITE_V3_FIELD(target, GROUP_DEF_TARGET);
    FINITE_V3_FIELD(threat, GROUP_DEF_THREAT);
    FINITE_V3_FIELD(contain_min, GROUP_DEF_CONTAIN_BOX);
    FINITE_V3_FIELD(contain_max, GROUP_DEF_CONTAIN_BOX);
    for (int a = 0; a < w->dim; ++a) /* an inverted box contained by accident, the faces' zones swapped */
        STEER__REQUIRE(steer_v3_get(g->contain_min, a) <= steer_v3_get(g->contain_max, a), GROUP_DEF_CONTAIN_BOX,
                       "def->contain_min.%c = %g > def->contain_max.%c = %g: each min must be at most its max", "xyz"[a],
                       (double)steer_v3_get(g->contain_min, a), "xyz"[a], (double)steer_v3_get(g->contain_max, a));
    NONNEG_FIELD(slow_radius, GROUP_DEF_SLOW_RADIUS);
    NONNEG_FIELD(arrival_tolerance, GROUP_DEF_ARRIVAL);
    NONNEG_FIELD(arrival_speed, GROUP_DEF_ARRIVAL);
    NONNEG_FIELD(departure_distance, GROUP_DEF_ARRIVAL);
    NONNEG_FIELD(waypoint_radius, GROUP_DEF_ARRIVAL);
    NONNEG_FIELD(panic_distance, GROUP_DEF_PANIC_DISTANCE);
    NONNEG_FIELD(chase_radius, GROUP_DEF_CHASE_RADIUS);
    NONNEG_FIELD(max_prediction, GROUP_DEF_MAX_PREDICTION);
    NONNEG_FIELD(wander.radius, GROUP_DEF_WANDER);
    FINITE_FIELD(wander.distance, GROUP_DEF_WANDER);
    NONNEG_FIELD(wander.jitter, GROUP_DEF_WANDER);
    NONNEG_FIELD(path_predict, GROUP_DEF_PATH_PREDICT);
    NONNEG_FIELD(path_ahead, GROUP_DEF_PATH_AHEAD);
    NONNEG_FIELD(flow_predict, GROUP_DEF_FLOW_PREDICT);
    NONNEG_FIELD(contain_margin, GROUP_DEF_CONTAIN_MARGIN);
    NONNEG_FIELD(see_ahead, GROUP_DEF_SEE_AHEAD);
    NONNEG_FIELD(see_ahead_time, GROUP_DEF_SEE_AHEAD);
    /* FLT_MAX is an obstacle's priority in what an agent sees: a group's stays far below it */
    STEER__REQUIRE(g->priority > 0.0f && g->priority <= STEER_MAX_PRIORITY, GROUP_DEF_AVOIDANCE,
                   "def->priority = %g: must be > 0 and at most %g", (double)g->priority, (double)STEER_MAX_PRIORITY);
    STEER__REQUIRE(g->arrived_priority >= 0.0f && g->arrived_priority <= STEER_MAX_PRIORITY, GROUP_DEF_AVOIDANCE,
                   "def->arrived_priority = %g: must be 0 (the priority) or > 0 and at most %g", (double)g->arrived_priority,
                   (double)STEER_MAX_PRIORITY);
    NONNEG_FIELD(anticipation_k, GROUP_DEF_AVOIDANCE);
    POSITIVE_FIELD(anticipation_tau0, GROUP_DEF_AVOIDANCE);
    NONNEG_FIELD(avoid_horizon, GROUP_DEF_AVOIDANCE);
    NONNEG_FIELD(avoid_margin, GROUP_DEF_AVOIDANCE);
    NONNEG_FIELD(keep_right, GROUP_DEF_AVOIDANCE);
    NONNEG_FIELD(queue_distance, GROUP_DEF_QUEUE);
    NONNEG_FIELD(queue_time_gap, GROUP_DEF_QUEUE);
    NONNEG_FIELD(leader_behind, GROUP_DEF_LEADER);
    NONNEG_FIELD(leader_sight, GROUP_DEF_LEADER);
    NONNEG_FIELD(feelers.length, GROUP_DEF_FEELERS);
    FINITE_FIELD(feelers.whisker_angle, GROUP_DEF_FEELERS);
    NONNEG_FIELD(feelers.whisker_length, GROUP_DEF_FEELERS);
    NONNEG_FIELD(wall_follow.range, GROUP_DEF_WALL_FOLLOW);
    NONNEG_FIELD(wall_follow.desired_distance, GROUP_DEF_WALL_FOLLOW);
    NONNEG_FIELD(wall_follow.gain, GROUP_DEF_WALL_FOLLOW);
#undef POSITIVE_FIELD
#undef NONNEG_FIELD
#undef FINITE_FIELD
#undef FINITE_V3_FIELD
    /* keep_apart limits only what it sees: two of the group must be seen before their bodies meet (a
     * snapshot from before the rule, restored with function NULL, still loads) */
    STEER__REQUIRE(!function || steer__keep_apart_sees(g, g->radius), GROUP_DEF_NEIGHBOUR_RADIUS,
                   "def->neighbour_radius = %g with keep_apart and radius %g: must be at least 2 radius = %g (keep_apart "
                   "sees only neighbours within it, and two bodies touch at 2 radius)",
                   (double)g->neighbour_radius, (double)g->radius, 2.0 * (double)g->radius);
    /* indices matter only where the behaviour that uses them is on */
    STEER__REQUIRE(g->weight[STEER_PURSUE] == 0.0f || (g->pursue_group >= 0 && g->pursue_group < w->def.max_groups),
                   GROUP_DEF_PURSUE_GROUP, "def->pursue_group = %d: must be in [0, max_groups = %d) while PURSUE is on",
                   g->pursue_group, w->def.max_groups);
    STEER__REQUIRE(g->weight[STEER_EVADE] == 0.0f || (g->evade_group >= 0 && g->evade_group < w->def.max_groups),
                   GROUP_DEF_EVADE_GROUP, "def->evade_group = %d: must be in [0, max_groups = %d) while EVADE is on",
                   g->evade_group, w->def.max_groups);
    STEER__REQUIRE(g->weight[STEER_FOLLOW_PATH] == 0.0f || (g->path >= 0 && g->path < w->path_count), GROUP_DEF_PATH,
                   "def->path = %d: must be a path added to the world (%d so far) while FOLLOW_PATH is on", g->path,
                   w->path_count);
    /* a restore (function NULL) checks groups before its agents exist; a leader gone since only stops its
     * followers, so set_group keeps it (get_group's def given back, another field tuned, is not refused) */
    STEER__REQUIRE(g->weight[STEER_FOLLOW_LEADER] == 0.0f || !function ||
                       steer__handle_lookup(w, g->leader, &(uint32_t){0}) == STEER_MISUSE_NONE ||
                       (kept && same_handle(g->leader, *kept)),
                   GROUP_DEF_LEADER, "def->leader = {%u, %u, %u}: must be an agent of this world while FOLLOW_LEADER is on",
                   g->leader.index, g->leader.generation, g->leader.world);
    STEER__REQUIRE(g->weight[STEER_FOLLOW_FLOW] == 0.0f || (g->flow_field >= 0 && g->flow_field < w->field_count),
                   GROUP_DEF_FLOW_FIELD, "def->flow_field = %d: must be a flow field added to the world (%d so far) while "
            "FOLLOW_FLOW is on", g->flow_field, w->field_count);
    return true;
}

void steer__group_derive(steer__group *g, int dim)
{
    const steer_group_def *d = &g->def;
    g->inv_mass = 1.0f / d->mass;
    g->on_ground = d->ground_plane && dim == 3;
    g->use_fov = d->field_of_view < 2.0f * STEER_PI;
    g->cos_half_fov = steer_cos(0.5f * d->field_of_view);
    g->radius_sq = d->neighbour_radius * d->neighbour_radius;
    g->separation_sq = d->separation_radius * d->separation_radius;
    g->all_groups = d->neighbour_mask == 0xFFFFFFFFu;
    g->arrived_priority = d->arrived_priority > 0.0f ? d->arrived_priority : d->priority;
    g->active_count = 0;
    for (int b = 0; b < STEER_BEHAVIOUR_COUNT; ++b)
        if (d->weight[b] != 0.0f) g->active[g->active_count++] = b;
    for (int kind = STEER_GOAL_SEEK; kind <= STEER_GOAL_WAYPOINTS; ++kind) {
        int own = steer__goal_behaviour(kind), n = 0;
        for (int b = 0; b < STEER_BEHAVIOUR_COUNT; ++b) {
            bool destination = b == STEER_SEEK || b == STEER_ARRIVE || b == STEER_FOLLOW_PATH;
            g->goal_weight[kind][b] = b == own && d->weight[b] == 0.0f ? 1.0f : d->weight[b];
            if (b == own || (d->weight[b] != 0.0f && !destination)) g->goal_active[kind][n++] = b;
        }
        g->goal_active_count[kind] = n;
    }
    g->predictive = d->weight[STEER_AVOID_NEIGHBOURS] != 0.0f || d->weight[STEER_ANTICIPATE] != 0.0f ||
                    d->weight[STEER_QUEUE] != 0.0f || d->keep_apart;
    g->flocks = d->weight[STEER_SEPARATION] != 0.0f || d->weight[STEER_ALIGNMENT] != 0.0f || d->weight[STEER_COHESION] != 0.0f;
    g->needs_neighbours = g->flocks || g->predictive;
    /* (keep_apart filters the velocity after the move's force: the general path's finish) */
    g->flock_only = d->combine == STEER_COMBINE_BLEND && !d->desired_forms && d->max_turn_rate == 0.0f && !d->keep_apart;
    for (int k = 0; k < g->active_count; ++k) {
        int b = g->active[k];
        if (b != STEER_SEPARATION && b != STEER_ALIGNMENT && b != STEER_COHESION) g->flock_only = false;
    }
    g->flock_only = g->flock_only && g->needs_neighbours; /* the batch path always gathers */
    g->plain_flock = g->flock_only && g->all_groups && !g->use_fov;
    const int arrive_count = g->goal_active_count[STEER_GOAL_ARRIVE];
    g->crowd_lanes = !g->flock_only && d->combine == STEER_COMBINE_RUNNING_SUM && d->max_turn_rate == 0.0f &&
                     arrive_count > 0 && g->goal_active[STEER_GOAL_ARRIVE][arrive_count - 1] == STEER_ARRIVE;
}

/* ---- storage ------------------------------------------------------------- */
steer_result steer__world_alloc_agents(steer_world *w, int capacity)
{
    size_t n = (size_t)capacity + STEER__PAD;
    for (int a = 0; a < w->dim; ++a) {
        float **arrays[] = {&w->p[a], &w->v[a], &w->next_p[a], &w->next_v[a]};
        for (int k = 0; k < 4; ++k)
            if (!(*arrays[k] = steer__world_alloc_array(w, n, sizeof(float)))) return STEER_ERROR_OUT_OF_MEMORY;
    }
    if (!(w->group = steer__world_alloc_array(w, n, 1)) || !(w->next_group = steer__world_alloc_array(w, n, 1))) return STEER_ERROR_OUT_OF_MEMORY;
    if (!(w->slot = steer__world_alloc_array(w, n, 4)) || !(w->dense_of_slot = steer__world_alloc_array(w, n, 4)))
        return STEER_ERROR_OUT_OF_MEMORY;
    if (!(w->generation = steer__world_alloc_array(w, n, 4))) return STEER_ERROR_OUT_OF_MEMORY;
    for (int a = 0; w->def.keep_headings && a < w->dim; ++a)
        if (!(w->heading[a] = steer__world_alloc_array(w, n, sizeof(float))) ||
            !(w->next_heading[a] = steer__world_alloc_array(w, n, sizeof(float))))
            return STEER_ERROR_OUT_OF_MEMORY;
    if (w->def.agent_radii && (!(w->own_radius = steer__world_alloc_array(w, n, sizeof(float))) ||
                               !(w->next_own_radius = steer__world_alloc_array(w, n, sizeof(float)))))
        return STEER_ERROR_OUT_OF_MEMORY;
    w->capacity = capacity;
    w->free_head = STEER__NO_SLOT;
    w->slot_high = 0;
    w->reuses = 0;
    w->reuses_wrapped = false;
    return STEER_OK;
}

void steer__world_free_agents(steer_world *w)
{
    const steer_allocator *al = &w->def.allocator;
    for (int a = 0; a < 3; ++a) {
        steer_free(al, w->p[a]);
        steer_free(al, w->v[a]);
        steer_free(al, w->next_p[a]);
        steer_free(al, w->next_v[a]);
        steer_free(al, w->heading[a]);
        steer_free(al, w->next_heading[a]);
        w->p[a] = w->v[a] = w->next_p[a] = w->next_v[a] = w->heading[a] = w->next_heading[a] = 0;
    }
    void **arrays[] = {(void **)&w->group, (void **)&w->next_group, (void **)&w->slot, (void **)&w->dense_of_slot,
                       (void **)&w->wander, (void **)&w->next_wander, (void **)&w->generation, (void **)&w->members,
                       (void **)&w->arrived_now, (void **)&w->membership, (void **)&w->own_radius,
                       (void **)&w->next_own_radius};
    for (size_t i = 0; i < sizeof arrays / sizeof arrays[0]; ++i) {
        steer_free(al, *arrays[i]);
        *arrays[i] = 0;
    }
    w->count = 0;
    w->capacity = 0;
}

/* Distinct non-zero identities for the worlds of a process, in creation
 * order (so a program's snapshots are the same from run to run), spread by a
 * bijection of the count so that they are unlike small slot numbers. */
static uint32_t next_identity(void)
{
    static _Atomic uint32_t created;
    uint32_t n;
    do n = atomic_fetch_add_explicit(&created, 1, memory_order_relaxed) + 1; while (n == 0);
    n ^= n >> 16;
    n *= 0x7FEB352Du;
    n ^= n >> 15;
    n *= 0x846CA68Bu;
    return n ^ n >> 16; /* 0 only for 0 */
}

steer_world *steer_world_create(const steer_world_def *def) { return steer__world_create(def, __func__); }

steer_world *steer__world_create(const steer_world_def *def, const char *function)
{
    if (!steer__world_def_ok(def, function)) return 0;
    steer_world *w = steer_alloc(&def->allocator, sizeof *w, 64);
    if (!w) return 0;
    memset(w, 0, sizeof *w);
    w->def = *def;
    if (def->dim == 2) w->def.up = STEER_UP_Z; /* ignored in 2D: its plane is XY, and every frame is Z-up */
    if (def->dim == 2 && !(steer_is_finite(def->bounds_min.z) && steer_is_finite(def->bounds_max.z))) {
        w->def.bounds_min.z = -50.0f; /* ignored in 2D, but a snapshot keeps the def: kept finite */
        w->def.bounds_max.z = 50.0f;
    }
    w->dim = def->dim;
    w->grid_capacity = def->capacity;
    w->identity = next_identity();
    bool ok = steer__world_alloc_agents(w, def->capacity) == STEER_OK;
    ok = ok && (w->handles = steer__cache_guard_create(&def->allocator));
    if (ok) steer__cache_guard_set_ready(w->handles, true); /* no agents: the empty table is current */
    if (ok) steer__query_init(w);
    ok = ok && (w->groups = steer__world_alloc_array(w, (size_t)def->max_groups, sizeof(steer__group)));
    ok = ok && (w->obstacles = steer__world_alloc_array(w, (size_t)def->max_obstacles + 1, sizeof(steer_obstacle3)));
    ok = ok && (w->obstacle_velocity = steer__world_alloc_array(w, (size_t)def->max_obstacles + 1, sizeof(steer_v3)));
    ok = ok && (w->obstacles_ground = steer__world_alloc_array(w, (size_t)def->max_obstacles + 1, sizeof(steer_obstacle3)));
    ok = ok && (w->walls = steer__world_alloc_array(w, (size_t)def->max_walls + 1, sizeof(steer_segment3)));
    ok = ok && (w->wall_heights = steer__world_alloc_array(w, (size_t)def->max_walls + 1, sizeof(steer__wall_height)));
    ok = ok && (w->paths = steer__world_alloc_array(w, (size_t)def->max_paths + 1, sizeof(steer__path)));
    ok = ok && (w->fields = steer__world_alloc_array(w, (size_t)def->max_flow_fields + 1, sizeof(steer__field)));
    if (!ok) {
        steer_world_destroy(w);
        return 0;
    }
    if (!def->enqueue_task) w->pool = steer__pool_create(def->worker_count, &def->allocator);
    w->workers = def->enqueue_task ? def->worker_count : steer__pool_workers(w->pool);
    /* one candidate stage per worker (world_cells.c's worker_stage): 2 * dim
     * float arrays, one of own radii, a group array and an arrival array,
     * sized for 3D and with the radii in every world, so that a restore of
     * any snapshot can keep the host's stages */
    w->stage_bytes = ((size_t)(STEER__STAGE_CAP + STEER__STAGE_PAD) * (7 * 4 + 2) + 63) / 64 * 64;
    w->stages = steer__world_alloc_array(w, (size_t)w->workers, w->stage_bytes);
    w->penetration_worst = steer__world_alloc_array(w, (size_t)w->workers, sizeof(float));
    size_t seen = (size_t)w->workers * STEER__PREDICTIVE_CAP;
    w->predictive = steer__world_alloc_array(w, seen, sizeof(steer_neighbour3));
    w->anticipation = steer__world_alloc_array(w, (size_t)w->workers * STEER__ANTICIPATION_FLOATS, sizeof(float));
    w->anticipation_bits = steer__world_alloc_array(w, (size_t)w->workers * STEER__ANTICIPATION_WORDS, sizeof(uint16_t));
    w->seen_index = steer__world_alloc_array(w, (size_t)w->workers * STEER__ANTICIPATION_STRIDE, sizeof(uint32_t));
    size_t apart = (size_t)w->workers * STEER__APART_CAP;
    w->apart_u = steer__world_alloc_array(w, apart, sizeof(steer_v3));
    w->apart_limit = steer__world_alloc_array(w, apart, sizeof(float));
    if (!w->stages || !w->penetration_worst || !w->predictive || !w->anticipation || !w->seen_index ||
        !w->anticipation_bits || !w->apart_u || !w->apart_limit) {
        steer_world_destroy(w);
        return 0;
    }
    steer_world_set_kernel(w, STEER_KERNEL_BEST);
    return w;
}

static void free_objects(steer_world *w)
{
    const steer_allocator *al = &w->def.allocator;
    for (int i = 0; i < w->path_count; ++i) steer_free(al, w->paths[i].points);
    for (int i = 0; i < w->field_count; ++i) steer_free(al, w->fields[i].vectors);
    w->path_count = w->field_count = 0;
}

void steer_world_destroy(steer_world *w)
{
    if (!w) return;
    /* From a task of its own step the world is still in use: freed, the step
     * went on in freed memory, and its own pool's worker would join itself. */
    STEER_MISUSE_IF(steer__in_step(w), , IN_STEP, "called during the world's own step: only after it (the world is kept)");
    const steer_allocator al = w->def.allocator;
    steer__pool_destroy(w->pool, &al);
    steer__cache_guard_destroy(w->handles, &al);
    steer__query_free(w);
    if (w->paths && w->fields) free_objects(w);
    steer__world_free_agents(w);
    steer__goals_clear(w);
    steer__formations_clear(w);
    steer_free(&al, w->stages);
    steer_free(&al, w->penetration_worst);
    steer_free(&al, w->predictive);
    steer_free(&al, w->anticipation);
    steer_free(&al, w->anticipation_bits);
    steer_free(&al, w->seen_index);
    steer_free(&al, w->apart_u);
    steer_free(&al, w->apart_limit);
    steer_free(&al, w->groups);
    steer_free(&al, w->obstacles);
    steer_free(&al, w->obstacle_velocity);
    steer_free(&al, w->obstacles_ground);
    steer_free(&al, w->walls);
    steer_free(&al, w->wall_heights);
    steer_free(&al, (void *)w->claims);
    steer__objects_free(w);
    steer_free(&al, w->paths);
    steer_free(&al, w->fields);
    steer_free(&al, w->cell_start);
    steer_free(&al, w->sort_scratch);
    steer_free(&al, w);
}

/* ---- groups ---------------------------------------------------------------- */
static bool members_needed(const steer_group_def *d)
{
    return d->weight[STEER_PURSUE] != 0.0f || d->weight[STEER_EVADE] != 0.0f;
}

/* Wander starts along the agent's heading, so a group spawned with
 * scattered headings does not all drift one way; its angle lies in the
 * ground plane (docs/model.md §1.8): the heading's angle there, in the
 * ground frame. */
static float initial_wander_angle(const steer_world *w, steer_v3 vel)
{
    steer_v3 g = steer__to_ground(w, vel);
    return steer_atan2(g.y, g.x);
}

/* Per-agent storage that only some groups need is allocated when the first
 * such group appears (never during a step): pursue/evade member lists and
 * the wander angles. A flock without them stays small. */
static steer_result ensure_members(steer_world *w, const steer_group_def *d)
{
    size_t n = (size_t)w->capacity + STEER__PAD;
    if (members_needed(d) && !w->members && !(w->members = steer__world_alloc_array(w, n, 4))) return STEER_ERROR_OUT_OF_MEMORY;
    /* an arrived_priority: each agent's arrival, kept for its neighbours to read (world_goals.c) */
    if (d->arrived_priority > 0.0f && !w->arrived_now && !(w->arrived_now = steer__world_alloc_array(w, n, 1)))
        return STEER_ERROR_OUT_OF_MEMORY;
    if (d->weight[STEER_WANDER] != 0.0f) return steer__world_ensure_wander(w);
    return STEER_OK;
}

steer_result steer__world_ensure_wander(steer_world *w)
{
    if (w->wander) return STEER_OK;
    size_t n = (size_t)w->capacity + STEER__PAD;
    float *a = steer__world_alloc_array(w, n, 4), *b = steer__world_alloc_array(w, n, 4);
    if (!a || !b) {
        steer_free(&w->def.allocator, a);
        steer_free(&w->def.allocator, b);
        return STEER_ERROR_OUT_OF_MEMORY;
    }
    w->wander = a;
    w->next_wander = b;
    for (int i = 0; i < w->count; ++i)
        a[i] = initial_wander_angle(w, steer_v3_make(w->v[0][i], w->v[1][i], w->dim == 3 ? w->v[2][i] : 0.0f));
    return STEER_OK;
}

int steer_world_add_group(steer_world *w, const steer_group_def *def)
{
    STEER__CHECK_WORLD(w, STEER_ERROR_INVALID_ARGUMENT, STEER_ERROR_IN_STEP);
    return steer__world_add_group(w, def, __func__);
}

int steer__world_add_group(steer_world *w, const steer_group_def *def, const char *function)
{
    if (!group_def_ok(w, def, NULL, function)) return STEER_ERROR_INVALID_ARGUMENT;
    if (w->group_count >= w->def.max_groups) return STEER_ERROR_CAPACITY;
    if (ensure_members(w, def) != STEER_OK) return STEER_ERROR_OUT_OF_MEMORY;
    steer__group *g = &w->groups[w->group_count];
    g->def = *def;
    steer__group_derive(g, w->dim);
    steer__world_invalidate_grid(w);
    return w->group_count++;
}

steer_result steer_world_set_group(steer_world *w, int group, const steer_group_def *def)
{
    STEER__CHECK_WORLD(w, STEER_ERROR_INVALID_ARGUMENT, STEER_ERROR_IN_STEP);
    STEER_MISUSE_IF(group < 0 || group >= w->group_count, STEER_ERROR_INVALID_ARGUMENT, GROUP_INDEX,
                    "group = %d: must be in [0, %d), the groups added", group, w->group_count);
    const steer_group_def *now = &w->groups[group].def; /* its leader was checked while FOLLOW_LEADER was on */
    if (!group_def_ok(w, def, now->weight[STEER_FOLLOW_LEADER] != 0.0f ? &now->leader : NULL, __func__))
        return STEER_ERROR_INVALID_ARGUMENT;
    int widest = -1;
    const float own = def->keep_apart ? steer__group_own_radius_max(w, group, &widest) : 0.0f;
    const uint32_t slot = widest >= 0 ? steer__slot_of(w, widest) : 0u; /* named, so a game finds the unit */
    STEER_MISUSE_IF(!steer__keep_apart_sees(def, own), STEER_ERROR_INVALID_ARGUMENT, GROUP_DEF_NEIGHBOUR_RADIUS,
                    "def->neighbour_radius = %g with keep_apart: must be at least 2 radius = %g of the group's widest "
                    "member (agent {index %u, generation %u}, its own radius %g)",
                    (double)def->neighbour_radius, 2.0 * (double)own, (unsigned)slot + 1u,
                    (unsigned)(widest >= 0 ? w->generation[slot] : 0u), (double)own);
    if (ensure_members(w, def) != STEER_OK) return STEER_ERROR_OUT_OF_MEMORY;
    w->groups[group].def = *def;
    steer__group_derive(&w->groups[group], w->dim);
    steer__world_invalidate_grid(w);
    return STEER_OK;
}

steer_result steer_world_get_group(const steer_world *w, int group, steer_group_def *out)
{
    STEER__CHECK_WORLD(w, STEER_ERROR_INVALID_ARGUMENT, STEER_ERROR_IN_STEP);
    STEER_MISUSE_IF(!out, STEER_ERROR_INVALID_ARGUMENT, NULL_ARGUMENT, "out = NULL: must point to a steer_group_def");
    STEER_MISUSE_IF(group < 0 || group >= w->group_count, STEER_ERROR_INVALID_ARGUMENT, GROUP_INDEX,
                    "group = %d: must be in [0, %d), the groups added", group, w->group_count);
    *out = w->groups[group].def;
    return STEER_OK;
}

int steer_world_group_count(const steer_world *w)
{
    STEER__QUERY_WORLD(w, 0);
    return w->group_count;
}

steer_result steer_world_get_def(const steer_world *w, steer_world_def *out)
{
    STEER__CHECK_WORLD(w, STEER_ERROR_INVALID_ARGUMENT, STEER_ERROR_IN_STEP);
    STEER_MISUSE_IF(!out, STEER_ERROR_INVALID_ARGUMENT, NULL_ARGUMENT, "out = NULL: must point to a steer_world_def");
    *out = w->def;
    return STEER_OK;
}

/* ---- agents ------------------------------------------------------------------- */

bool steer_world_is_valid(const steer_world *w, steer_agent_id id)
{
    uint32_t d;
    STEER__QUERY_WORLD(w, false);
    return steer__handle_lookup(w, id, &d) == STEER_MISUSE_NONE;
}

/* Agent d's position and velocity (its group set): a ground group's
 * velocity without its up part, which its agents never have; and one
 * placed outside the box of a wrap or clamp world brought into it as a
 * step would, so every step starts with agents inside the box. */
static void write_state(steer_world *w, uint32_t d, steer_v3 pos, steer_v3 vel)
{
    if (w->groups[w->group[d]].on_ground) steer__drop_up(w, &vel);
    float pp[3] = {pos.x, pos.y, pos.z}, vv[3] = {vel.x, vel.y, vel.z};
    steer__confine(w, pp, vv);
    for (int a = 0; a < w->dim; ++a) {
        w->p[a][d] = pp[a];
        w->v[a][d] = vv[a];
    }
}

static steer_agent_id add_one(steer_world *w, int group, steer_v3 pos, steer_v3 vel);

steer_agent_id steer_world_add_agent(steer_world *w, int group, steer_v3 pos, steer_v3 vel)
{
    steer_agent_id none = {0, 0, 0};
    STEER__CHECK_WORLD(w, none, none);
    STEER_MISUSE_IF(group < 0 || group >= w->group_count, none, AGENT_GROUP, "group = %d: must be in [0, %d), the groups added",
                    group, w->group_count);
    STEER_MISUSE_IF(!finite3(flatten(w, pos)), none, AGENT_POSITION, "position = (%g, %g, %g): must be finite", V3(pos));
    STEER_MISUSE_IF(!finite3(flatten(w, vel)), none, AGENT_VELOCITY, "velocity = (%g, %g, %g): must be finite", V3(vel));
    if (w->count >= w->capacity) return none;
    return add_one(w, group, pos, vel);
}

/* Adds one agent, its group, position and velocity checked and room left. */
static steer_agent_id add_one(steer_world *w, int group, steer_v3 pos, steer_v3 vel)
{
    uint32_t slot;
    if (w->free_head != STEER__NO_SLOT) {
        /* A reused slot takes the world's next reuse generation: its earlier
         * generations were all smaller, so their handles stay stale (until
         * 2^31 reuses wrap the counter). */
        slot = w->free_head;
        w->free_head = w->generation[slot] & ~STEER__FREE_BIT;
        w->reuses_wrapped |= w->reuses + 1 == STEER__FREE_BIT;
        w->reuses = w->reuses + 1 < STEER__FREE_BIT ? w->reuses + 1 : 1;
        w->generation[slot] = w->reuses;
    } else {
        slot = w->slot_high++;
        w->generation[slot] = 0;
    }
    uint32_t d = (uint32_t)w->count++;
    w->dense_of_slot[slot] = d;
    w->slot[d] = slot;
    w->group[d] = (uint8_t)group;
    if (w->wander) w->wander[d] = initial_wander_angle(w, vel);
    write_state(w, d, pos, vel);
    if (w->heading[0]) steer__heading_follow(w, (int)d, flatten(w, vel), true);
    if (w->own_radius) w->own_radius[d] = 0.0f; /* its group's */
    steer__query_added(w, (int)d);
    return (steer_agent_id){slot + 1, w->generation[slot], w->identity};
}

steer_result steer_world_add_agents(steer_world *w, int group, const steer_v3 *positions, const steer_v3 *velocities,
                                    int count, steer_agent_id *ids)
{
    STEER__CHECK_WORLD(w, STEER_ERROR_INVALID_ARGUMENT, STEER_ERROR_IN_STEP);
    STEER_MISUSE_IF(count < 0, STEER_ERROR_INVALID_ARGUMENT, COUNT_NEGATIVE, "count = %d: must be >= 0", count);
    STEER_MISUSE_IF(count > 0 && !positions, STEER_ERROR_INVALID_ARGUMENT, NULL_ARGUMENT,
                    "positions = NULL: must point to count = %d entries", count);
    STEER_MISUSE_IF(group < 0 || group >= w->group_count, STEER_ERROR_INVALID_ARGUMENT, AGENT_GROUP,
                    "group = %d: must be in [0, %d), the groups added", group, w->group_count);
    /* every entry checked before any is added: a spawn is whole or not at all */
    for (int i = 0; i < count; ++i) {
        steer_v3 v = velocities ? velocities[i] : steer_v3_zero();
        STEER_MISUSE_IF(!finite3(flatten(w, positions[i])), STEER_ERROR_INVALID_ARGUMENT, AGENT_POSITION,
                        "positions[%d] = (%g, %g, %g): must be finite", i, V3(positions[i]));
        STEER_MISUSE_IF(!finite3(flatten(w, v)), STEER_ERROR_INVALID_ARGUMENT, AGENT_VELOCITY,
                        "velocities[%d] = (%g, %g, %g): must be finite", i, V3(v));
    }
    if (count > w->capacity - w->count) return STEER_ERROR_CAPACITY;
    for (int i = 0; i < count; ++i) {
        steer_agent_id id = add_one(w, group, positions[i], velocities ? velocities[i] : steer_v3_zero());
        if (ids) ids[i] = id;
    }
    return STEER_OK;
}

/* Removes live agent d, of handle id. */
static void remove_agent(steer_world *w, steer_agent_id id, uint32_t d)
{
    uint32_t slot = id.index - 1;
    steer__goal_drop(w, d);
    if (w->own_radius && w->own_radius[d] > 0.0f) w->radii_changed = true; /* it may have been the widest */
    uint32_t last = (uint32_t)w->count - 1;
    if (d != last) { /* move the last agent into the hole */
        for (int a = 0; a < w->dim; ++a) {
            w->p[a][d] = w->p[a][last];
            w->v[a][d] = w->v[a][last];
        }
        w->group[d] = w->group[last];
        w->slot[d] = w->slot[last];
        if (w->wander) w->wander[d] = w->wander[last];
        if (w->heading[0]) steer__v3_put(w, w->heading, (int)d, steer__v3_at(w, w->heading, (int)last));
        if (w->own_radius) w->own_radius[d] = w->own_radius[last];
        w->dense_of_slot[steer__slot_of(w, (int)d)] = d;
    }
    w->count--;
    steer__query_stale(w);
    w->generation[slot] = STEER__FREE_BIT | w->free_head;
    w->free_head = slot;
}

steer_result steer_world_remove_agent(steer_world *w, steer_agent_id id)
{
    uint32_t d;
    STEER__CHECK_WORLD(w, STEER_ERROR_INVALID_ARGUMENT, STEER_ERROR_IN_STEP);
    STEER__CHECK_HANDLE(w, id, &d);
    remove_agent(w, id, d);
    return STEER_OK;
}

int steer_world_remove_agents(steer_world *w, const steer_agent_id *ids, int count, steer_result *results)
{
    STEER__CHECK_BULK(w, ids, ids, count, results);
    int done = 0;
    for (int i = 0; i < count; ++i) {
        uint32_t d;
        steer_result r = steer__handle_check_entry(w, ids[i], &d, __func__, i); /* one listed twice: gone the second time */
        if (r == STEER_OK) remove_agent(w, ids[i], d), ++done;
        if (results) results[i] = r;
    }
    return done;
}

/* Moves live agent d; STEER_ERROR_INVALID_ARGUMENT (misuse, naming the
 * position or velocity, entry's of a bulk call when entry >= 0) when either
 * is not finite. */
static steer_result teleport_agent(steer_world *w, uint32_t d, steer_v3 pos, steer_v3 vel, const char *function, int entry)
{
    bool bad_pos = !finite3(flatten(w, pos));
    if (bad_pos || !finite3(flatten(w, vel))) {
        steer_v3 bad = bad_pos ? pos : vel;
        char name[32];
        if (entry >= 0) snprintf(name, sizeof name, "%s[%d]", bad_pos ? "positions" : "velocities", entry);
        else snprintf(name, sizeof name, "%s", bad_pos ? "position" : "velocity");
        steer__misuse(bad_pos ? STEER_MISUSE_AGENT_POSITION : STEER_MISUSE_AGENT_VELOCITY, function,
                      "%s = (%g, %g, %g): must be finite", name, (double)bad.x, (double)bad.y, (double)bad.z);
        return STEER_ERROR_INVALID_ARGUMENT;
    }
    /* A teleport turns it at once to a new velocity; one that leaves the velocity as it was (teleport_agents
     * without velocities: units set on the terrain after each step) leaves the heading too, which for a
     * turn-limited unit is not its velocity's way (it backs, or was pushed aside) */
    const float was[3] = {w->v[0][d], w->v[1][d], w->dim == 3 ? w->v[2][d] : 0.0f};
    write_state(w, d, pos, vel);
    const float now[3] = {w->v[0][d], w->v[1][d], w->dim == 3 ? w->v[2][d] : 0.0f};
    if (w->heading[0] && memcmp(was, now, sizeof was) != 0) steer__heading_follow(w, (int)d, flatten(w, vel), false);
    return STEER_OK;
}

steer_result steer_world_teleport_agent(steer_world *w, steer_agent_id id, steer_v3 pos, steer_v3 vel)
{
    uint32_t d;
    STEER__CHECK_WORLD(w, STEER_ERROR_INVALID_ARGUMENT, STEER_ERROR_IN_STEP);
    STEER__CHECK_HANDLE(w, id, &d);
    steer_result r = teleport_agent(w, d, pos, vel, __func__, -1);
    if (r == STEER_OK) steer__query_stale(w);
    return r;
}

int steer_world_teleport_agents(steer_world *w, const steer_agent_id *ids, const steer_v3 *positions,
                                const steer_v3 *velocities, int count, steer_result *results)
{
    STEER__CHECK_BULK(w, ids, positions, count, results);
    int done = 0;
    for (int i = 0; i < count; ++i) {
        uint32_t d;
        steer_result r = steer__handle_check_entry(w, ids[i], &d, __func__, i);
        if (r == STEER_OK) /* no velocities: each keeps its own (units set on the terrain after a step) */
            r = teleport_agent(w, d, positions[i], velocities ? velocities[i] : steer__v3_at(w, w->v, (int)d), __func__, i);
        done += r == STEER_OK;
        if (results) results[i] = r;
    }
    if (done > 0) steer__query_stale(w);
    return done;
}

steer_result steer_world_set_agent_group(steer_world *w, steer_agent_id id, int group)
{
    uint32_t d;
    STEER__CHECK_WORLD(w, STEER_ERROR_INVALID_ARGUMENT, STEER_ERROR_IN_STEP);
    STEER__CHECK_HANDLE(w, id, &d);
    STEER_MISUSE_IF(group < 0 || group >= w->group_count, STEER_ERROR_INVALID_ARGUMENT, AGENT_GROUP,
                    "group = %d: must be in [0, %d), the groups added", group, w->group_count);
    const steer_group_def *to = &w->groups[group].def;
    const float own = w->own_radius ? w->own_radius[d] : 0.0f;
    STEER_MISUSE_IF(!steer__keep_apart_sees(to, own), STEER_ERROR_INVALID_ARGUMENT, AGENT_RADIUS,
                    "group = %d with keep_apart and neighbour_radius %g: the agent's own radius %g must be at most "
                    "neighbour_radius / 2 there", group, (double)to->neighbour_radius, (double)own);
    w->group[d] = (uint8_t)group;
    if (w->groups[group].on_ground) { /* it now moves along the ground, and faces along it (+x if it faced straight up) */
        int up = steer__up_index(w);
        w->v[up][d] = 0.0f;
        if (w->heading[0]) steer__heading_follow(w, (int)d, steer__v3_at(w, w->heading, (int)d), true);
    }
    return STEER_OK;
}

static steer_agent_state state_of(const steer_world *w, uint32_t d)
{
    return (steer_agent_state){steer_v3_make(w->p[0][d], w->p[1][d], w->dim == 3 ? w->p[2][d] : 0.0f),
                               steer_v3_make(w->v[0][d], w->v[1][d], w->dim == 3 ? w->v[2][d] : 0.0f), w->group[d]};
}

steer_result steer_world_get_agent(const steer_world *w, steer_agent_id id, steer_agent_state *out)
{
    uint32_t d;
    STEER__CHECK_WORLD(w, STEER_ERROR_INVALID_ARGUMENT, STEER_ERROR_IN_STEP);
    STEER_MISUSE_IF(!out, STEER_ERROR_INVALID_ARGUMENT, NULL_ARGUMENT, "out = NULL: must point to a steer_agent_state");
    STEER__CHECK_HANDLE(w, id, &d);
    *out = state_of(w, d);
    return STEER_OK;
}

int steer_world_get_agents(const steer_world *w, const steer_agent_id *ids, steer_agent_state *out, int count,
                           steer_result *results)
{
    const steer_agent_state none = {{0.0f, 0.0f, 0.0f}, {0.0f, 0.0f, 0.0f}, -1};
    STEER__CHECK_BULK(w, ids, out, count, results);
    int done = 0;
    for (int i = 0; i < count; ++i) {
        uint32_t d;
        steer_result r = steer__handle_check_entry(w, ids[i], &d, __func__, i);
        out[i] = r == STEER_OK ? state_of(w, d) : none;
        if (results) results[i] = r;
        done += r == STEER_OK;
    }
    return done;
}

int steer_world_agent_count(const steer_world *w)
{
    STEER__QUERY_WORLD(w, 0);
    return w->count;
}

steer_world_view steer_world_get_view(const steer_world *w)
{
    steer_world_view view = {0};
    STEER__QUERY_WORLD(w, view);
    view.count = w->count;
    view.px = w->p[0];
    view.py = w->p[1];
    view.pz = w->p[2];
    view.vx = w->v[0];
    view.vy = w->v[1];
    view.vz = w->v[2];
    view.group = w->group;
    view.hx = w->heading[0]; /* NULL without keep_headings; [2] NULL in 2D */
    view.hy = w->heading[1];
    view.hz = w->heading[2];
    view.radius = w->own_radius;
    return view;
}

int steer_world_get_agent_ids(const steer_world *w, steer_agent_id *out, int capacity)
{
    STEER__CHECK_WORLD(w, 0, 0);
    STEER_MISUSE_IF(capacity < 0, 0, COUNT_NEGATIVE, "capacity = %d: must be >= 0", capacity);
    STEER_MISUSE_IF(capacity > 0 && !out, 0, NULL_ARGUMENT,
                    "out = NULL, capacity = %d: must point to room for capacity handles", capacity);
    int n = w->count < capacity ? w->count : capacity;
    for (int d = 0; d < n; ++d) {
        uint32_t slot = steer__slot_of(w, d);
        out[d] = (steer_agent_id){slot + 1, w->generation[slot], w->identity};
    }
    return w->count;
}

uint64_t steer_world_step_count(const steer_world *w)
{
    STEER__QUERY_WORLD(w, 0);
    return w->steps;
}
steer_step_profile steer_world_last_profile(const steer_world *w)
{
    steer_step_profile none = {0};
    if (!w) return none;
    STEER_MISUSE_IF(steer__in_step(w), none, IN_STEP, "called during the world's own step: only between steps (half filled)");
    return w->profile;
}

/* Per-agent goals: the side table and its API (world.h, "per-agent goals"). */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "world_goals.h"
#include "world_detour.h"
#include "world_formations.h"
#include "world_object_index.h"
#include "world_handles.h"
#include "world_tasks.h"
#include "assign.h"
#include "misuse_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- the table ---------------------------------------------------------------- */
steer__goal *steer__goal_find(const steer_world *w, uint32_t slot)
{
    uint32_t d = w->dense_of_slot[slot];
    return steer__has_goal(w, (int)d) ? steer__goal_of(w, (int)d) : NULL;
}

/* Room for `more` records more (and the reordering's scratch): the table
 * doubles, or grows at once to what a bulk call may need (one allocation
 * and copy, where doubling record by record made about twenty). */
static steer_result reserve(steer_world *w, int more)
{
    if (more <= w->goal_capacity - w->goal_count) return STEER_OK;
    const steer_allocator *al = &w->def.allocator;
    int cap = w->goal_capacity ? w->goal_capacity * 2 : 64;
    if (cap < w->goal_count + more) cap = w->goal_count + more;
    steer__goal *g = steer_alloc(al, (size_t)cap * sizeof *g, 64);
    uint32_t *order = steer_alloc(al, (size_t)cap * sizeof *order, 64);
    if (!g || !order) {
        steer_free(al, g);
        steer_free(al, order);
        return STEER_ERROR_OUT_OF_MEMORY;
    }
    if (w->goal_count) memcpy(g, w->goals, (size_t)w->goal_count * sizeof *g);
    steer_free(al, w->goals);
    steer_free(al, w->goal_order);
    w->goals = g;
    w->goal_order = order;
    w->goal_capacity = cap;
    return STEER_OK;
}

void steer__goal_drop(steer_world *w, uint32_t d)
{
    if (!steer__has_goal(w, (int)d)) return;
    uint32_t r = w->slot[d] & ~STEER__GOAL_BIT;
    steer_free(&w->def.allocator, w->goals[r].points);
    w->ordered_goals -= w->goals[r].order != 0;
    w->slot[d] = w->goals[r].slot;
    uint32_t last = (uint32_t)--w->goal_count;
    if (r != last) { /* the last record fills the hole; its agent's entry follows */
        w->goals[r] = w->goals[last];
        w->slot[w->dense_of_slot[w->goals[r].slot]] = STEER__GOAL_BIT | r;
        w->goals_scattered = true;
    }
}

steer_result steer__goal_put(steer_world *w, uint32_t d, const steer__goal *goal, steer_v3 from)
{
    steer_v3 *points = NULL;
    if (goal->kind == STEER_GOAL_WAYPOINTS) { /* the list, then where the agent started */
        points = steer_alloc(&w->def.allocator, ((size_t)goal->point_count + 1) * sizeof *points, 16);
        if (!points) return STEER_ERROR_OUT_OF_MEMORY;
        memcpy(points, goal->points, (size_t)goal->point_count * sizeof *points);
        points[goal->point_count] = from;
    }
    steer__goal *record;
    if (steer__has_goal(w, (int)d)) {
        record = steer__goal_of(w, (int)d);
        steer_free(&w->def.allocator, record->points);
        w->ordered_goals -= record->order != 0;
    } else {
        steer_result r = reserve(w, 1);
        if (r != STEER_OK) {
            steer_free(&w->def.allocator, points);
            return r;
        }
        record = &w->goals[w->goal_count];
        record->slot = w->slot[d];
        w->slot[d] = STEER__GOAL_BIT | (uint32_t)w->goal_count++;
        w->goals_scattered = true;
    }
    uint32_t slot = record->slot;
    *record = *goal;
    record->slot = slot;
    record->points = points;
    w->ordered_goals += record->order != 0;
    return STEER_OK;
}

void steer__goals_clear(steer_world *w)
{
    const steer_allocator *al = &w->def.allocator;
    for (int r = 0; r < w->goal_count; ++r) steer_free(al, w->goals[r].points);
    steer_free(al, w->goals);
    steer_free(al, w->goal_order);
    w->goals = NULL;
    w->goal_order = NULL;
    w->goal_count = w->goal_capacity = w->ordered_goals = 0;
}

static void note_arrived_task(int start, int end, int worker, void *context)
{
    (void)worker;
    steer_world *w = context;
    for (int d = start; d < end; ++d) w->arrived_now[d] = steer__has_goal(w, d) && steer__goal_of(w, d)->arrived;
}

void steer__goals_note_arrived(steer_world *w)
{
    w->arrived_seen = false;
    if (!w->arrived_now) return;
    bool used = false;
    for (int g = 0; g < w->group_count; ++g) used |= w->groups[g].def.arrived_priority > 0.0f;
    if (!used) return; /* the array outlives the groups that asked for it */
    steer__world_run(w, note_arrived_task, w->count, w); /* each agent's byte its own: any split, the same bytes */
    w->arrived_seen = true;
}

void steer__goals_reorder(steer_world *w)
{
    if (w->goal_count == 0 || (!w->goals_scattered && w->steps - w->goals_ordered_at < 64)) return;
    /* order[k]: the record of the k-th agent with a goal; then the records
     * are permuted in place along its cycles */
    uint32_t *order = w->goal_order;
    uint32_t k = 0;
    for (int d = 0; d < w->count; ++d)
        if (steer__has_goal(w, d)) {
            order[k] = w->slot[d] & ~STEER__GOAL_BIT;
            w->slot[d] = STEER__GOAL_BIT | k++;
        }
    for (uint32_t start = 0; start < k; ++start) {
        if (order[start] == start || order[start] & STEER__GOAL_BIT) continue;
        steer__goal first = w->goals[start];
        uint32_t at = start;
        while (order[at] != start) {
            uint32_t from = order[at];
            w->goals[at] = w->goals[from];
            order[at] = STEER__GOAL_BIT | from; /* done */
            at = from;
        }
        w->goals[at] = first;
        order[at] = STEER__GOAL_BIT | start;
    }
    w->goals_scattered = false;
    w->goals_ordered_at = w->steps;
}

/* ---- checks --------------------------------------------------------------- */

bool steer__goal_ok(const steer_world *w, const steer_goal *g, const char *function)
{
    STEER__REQUIRE((unsigned)g->kind <= STEER_GOAL_WAYPOINTS, GOAL_KIND, "goal->kind = %d: must be a steer_goal_kind", (int)g->kind);
    STEER__REQUIRE(steer_v3_is_valid(g->target), GOAL_TARGET, "goal->target = (%g, %g, %g): must be finite", (double)g->target.x,
                   (double)g->target.y, (double)g->target.z);
    STEER__REQUIRE(steer_is_finite(g->slow_radius) && g->slow_radius >= 0.0f, GOAL_SLOW_RADIUS,
                   "goal->slow_radius = %g: must be finite and >= 0 (0: the group's)", (double)g->slow_radius);
    STEER__REQUIRE(steer_is_finite(g->speed) && g->speed >= 0.0f, GOAL_SPEED,
                   "goal->speed = %g: must be finite and >= 0 (0: the group's max_speed)", (double)g->speed);
    if (g->kind == STEER_GOAL_PATH) {
        STEER__REQUIRE(g->path >= 0 && g->path < w->path_count, GOAL_PATH, "goal->path = %d: must be in [0, %d), the paths added",
                       g->path, w->path_count);
        int segments = steer__path_segments(&w->paths[g->path]);
        STEER__REQUIRE(g->progress >= -1 && g->progress < segments, GOAL_PROGRESS,
                       "goal->progress = %d: must be in [-1, %d), a segment of path %d (-1: the nearest)", g->progress, segments,
                       g->path);
    }
    if (g->kind == STEER_GOAL_WAYPOINTS) {
        STEER__REQUIRE(g->point_count >= 1 && g->point_count <= STEER_MAX_GOAL_POINTS, GOAL_POINTS,
                       "goal->point_count = %d: must be in [1, %d]", g->point_count, STEER_MAX_GOAL_POINTS);
        STEER__REQUIRE(g->points, GOAL_POINTS, "goal->points = NULL: must point to point_count = %d points", g->point_count);
        for (int k = 0; k < g->point_count; ++k)
            STEER__REQUIRE(steer_v3_is_valid(g->points[k]), GOAL_POINTS, "goal->points[%d] = (%g, %g, %g): must be finite", k,
                           (double)g->points[k].x, (double)g->points[k].y, (double)g->points[k].z);
        STEER__REQUIRE(g->progress >= 0 && g->progress < g->point_count, GOAL_PROGRESS,
                       "goal->progress = %d: must be in [0, point_count = %d)", g->progress, g->point_count);
    }
    return true;
}

/* ---- the API ---------------------------------------------------------------- */
/* The handle of a single call (entry < 0: a stale one is misuse) or of a
 * bulk call's entry (a stale one is that entry's result alone). */
static steer_result look_up(const steer_world *w, steer_agent_id id, uint32_t *d, const char *function, int entry)
{
    return entry < 0 ? steer__handle_check(w, id, d, function) : steer__handle_check_entry(w, id, d, function, entry);
}

/* order: the send_to_places call it comes from, or 0 */
static steer_result set_goal(steer_world *w, steer_agent_id id, const steer_goal *goal, uint32_t order, const char *function,
                             int entry)
{
    uint32_t d;
    if (look_up(w, id, &d, function, entry) != STEER_OK) return STEER_ERROR_STALE_HANDLE;
    if (!goal || goal->kind == STEER_GOAL_NONE) {
        steer__goal_drop(w, d);
        steer__formations_release(w, id.index - 1); /* its own (no) goal now, not a slot */
        return STEER_OK;
    }
    if (!steer__goal_ok(w, goal, function)) return STEER_ERROR_INVALID_ARGUMENT;
    steer__goal record = {0, (uint8_t)goal->kind, false, goal->target, goal->slow_radius, goal->speed,
                          goal->kind == STEER_GOAL_PATH ? goal->path : -1,
                          goal->kind == STEER_GOAL_WAYPOINTS || goal->kind == STEER_GOAL_PATH ? goal->progress : 0,
                          goal->kind == STEER_GOAL_WAYPOINTS ? goal->point_count : 0, (steer_v3 *)goal->points, 0, order};
    if (record.kind == STEER_GOAL_PATH && record.progress < 0) record.progress = steer__path_nearest_segment(w, d, &record);
    steer_result r = steer__goal_put(w, d, &record, steer__v3_at(w, w->p, (int)d));
    if (r != STEER_OK) return r; /* out of memory: the goal, and any formation's slot, as they were */
    steer__formations_release(w, id.index - 1);
    if (w->dim == 2) { /* a 2D world reports z = 0, as for agents */
        steer__goal *stored = steer__goal_of(w, (int)d);
        stored->target.z = 0.0f;
        for (int k = 0; k < stored->point_count; ++k) stored->points[k].z = 0.0f;
    }
    return STEER_OK;
}

steer_result steer_world_set_goal(steer_world *w, steer_agent_id id, const steer_goal *goal)
{
    STEER__CHECK_WORLD(w, STEER_ERROR_INVALID_ARGUMENT, STEER_ERROR_IN_STEP);
    return set_goal(w, id, goal, 0, __func__, -1);
}

/* The segment of a PATH goal's path closest to dense agent d where it
 * stands (a ground-plane agent on the level copy, from its position at
 * height 0): where a goal set with progress -1 starts. */
int steer__path_nearest_segment(const steer_world *w, uint32_t d, const steer__goal *g)
{
    const steer__group *group = &w->groups[w->group[d]];
    steer_path3 path = steer__path_for(w, group, g->path);
    steer_v3 at = steer__v3_at(w, w->p, (int)d);
    if (group->on_ground) at = steer_v3_set(at, steer__up_index(w), 0.0f);
    int segment = 0;
    (void)steer_path_closest_point3(&path, at, NULL, &segment, NULL);
    return segment;
}

static void read_goal(const steer__goal *g, steer_goal *out)
{
    *out = (steer_goal){(steer_goal_kind)g->kind, g->target, g->slow_radius, g->speed, g->path, NULL, g->point_count, g->progress,
                        g->arrived, g->point_count ? g->points[g->point_count] : steer_v3_zero()};
}

static steer_result get_goal(const steer_world *w, steer_agent_id id, steer_goal *out, const char *function, int entry)
{
    uint32_t d;
    if (look_up(w, id, &d, function, entry) != STEER_OK) return STEER_ERROR_STALE_HANDLE;
    const steer__goal *g = steer__goal_find(w, id.index - 1);
    if (g) read_goal(g, out);
    else *out = (steer_goal){STEER_GOAL_NONE, {0.0f, 0.0f, 0.0f}, 0.0f, 0.0f, -1, NULL, 0, 0, false, {0.0f, 0.0f, 0.0f}};
    return STEER_OK;
}

steer_result steer_world_get_goal(const steer_world *w, steer_agent_id id, steer_goal *out)
{
    STEER__CHECK_WORLD(w, STEER_ERROR_INVALID_ARGUMENT, STEER_ERROR_IN_STEP);
    STEER_MISUSE_IF(!out, STEER_ERROR_INVALID_ARGUMENT, NULL_ARGUMENT, "out = NULL: must point to a steer_goal");
    return get_goal(w, id, out, __func__, -1);
}

int steer_world_get_goal_points(const steer_world *w, steer_agent_id id, steer_v3 *out, int capacity)
{
    uint32_t d;
    STEER__CHECK_WORLD(w, STEER_ERROR_INVALID_ARGUMENT, STEER_ERROR_IN_STEP);
    STEER_MISUSE_IF(capacity < 0, STEER_ERROR_INVALID_ARGUMENT, COUNT_NEGATIVE, "capacity = %d: must be >= 0",
                    capacity);
    STEER_MISUSE_IF(capacity > 0 && !out, STEER_ERROR_INVALID_ARGUMENT, NULL_ARGUMENT,
                    "out = NULL, capacity = %d: must point to room for capacity points", capacity);
    STEER__CHECK_HANDLE(w, id, &d);
    const steer__goal *g = steer__goal_find(w, id.index - 1);
    if (!g) return 0;
    int n = g->point_count < capacity ? g->point_count : capacity;
    if (n > 0) memcpy(out, g->points, (size_t)n * sizeof *out);
    return g->point_count;
}


/* Room at once for a bulk call's records (at most a goal per agent the
 * world can hold); out of memory here is no error: each record asks again. */
static void bulk_reserve(steer_world *w, int count)
{
    int most = w->capacity - w->goal_count;
    (void)reserve(w, count < most ? count : most);
}

int steer_world_set_goals(steer_world *w, const steer_agent_id *ids, const steer_goal *goals, int count,
                          steer_result *results)
{
    STEER__CHECK_BULK(w, ids, goals, count, results);
    bulk_reserve(w, count);
    int done = 0;
    for (int i = 0; i < count; ++i) {
        steer_result r = set_goal(w, ids[i], &goals[i], 0, __func__, i);
        done += r == STEER_OK;
        if (results) results[i] = r;
    }
    return done;
}

int steer_world_get_goals(const steer_world *w, const steer_agent_id *ids, steer_goal *out, int count,
                          steer_result *results)
{
    STEER__CHECK_BULK(w, ids, out, count, results);
    int done = 0;
    for (int i = 0; i < count; ++i) {
        steer_result r = get_goal(w, ids[i], &out[i], __func__, i);
        done += r == STEER_OK;
        if (results) results[i] = r;
    }
    return done;
}

int steer_world_set_targets(steer_world *w, const steer_agent_id *ids, const steer_v3 *targets, int count,
                            steer_goal_kind kind, steer_result *results)
{
    STEER__CHECK_BULK(w, ids, targets, count, results);
    STEER_MISUSE_IF(kind != STEER_GOAL_SEEK && kind != STEER_GOAL_ARRIVE, steer__refuse_all(results, count), GOAL_KIND,
                    "kind = %d: must be STEER_GOAL_SEEK or STEER_GOAL_ARRIVE", (int)kind);
    bulk_reserve(w, count);
    int done = 0;
    for (int i = 0; i < count; ++i) {
        steer_goal goal = {kind, targets[i], 0.0f, 0.0f, -1, NULL, 0, 0, false, {0, 0, 0}};
        steer_result r = set_goal(w, ids[i], &goal, 0, __func__, i);
        done += r == STEER_OK;
        if (results) results[i] = r;
    }
    return done;
}

/* The agents' slots and positions for a send; stale ones are refused in
 * results and left out. Returns how many are live. */
static int live_agents(steer_world *w, const steer_agent_id *ids, int count, steer_result *results, int *which,
                       steer_v3 *from, const char *function)
{
    int n = 0;
    for (int i = 0; i < count; ++i) {
        uint32_t d;
        steer_result r = steer__handle_check_entry(w, ids[i], &d, function, i);
        if (results) results[i] = r;
        if (r != STEER_OK) continue;
        which[n] = i;
        from[n++] = steer_v3_make(w->p[0][d], w->p[1][d], w->dim == 3 ? w->p[2][d] : 0.0f);
    }
    return n;
}

/* The group of a live agent (the handle table current). */
static const steer__group *group_of(const steer_world *w, steer_agent_id id)
{
    return &w->groups[w->group[w->dense_of_slot[id.index - 1]]];
}

/* Whether the n live agents are all of ground-plane groups of a 3D world. */
static bool all_on_ground(const steer_world *w, const steer_agent_id *ids, const int *which, int n)
{
    for (int k = 0; k < n; ++k)
        if (!group_of(w, ids[which[k]])->on_ground) return false;
    return n > 0;
}

static int by_value(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* The next order's number. The count comes round after 2^32 - 1 orders,
 * and a unit that has not arrived keeps its order's number for as long:
 * then the live goals' orders are numbered again from 1, oldest first, so
 * a new order never takes a live one's number (their units would trade
 * places) and none is above the last given (as a restore checks). Once in
 * 2^32 orders, O(goals log goals), in the reordering's scratch. */
static uint32_t next_order(steer_world *w)
{
    if (w->orders_sent == UINT32_MAX) {
        uint32_t *seen = w->goal_order, n = 0, kept = 0;
        for (int r = 0; r < w->goal_count; ++r)
            if (w->goals[r].order) seen[n++] = w->goals[r].order;
        if (n) qsort(seen, n, sizeof *seen, by_value); /* (no goals: no scratch either) */
        for (uint32_t k = 0; k < n; ++k)
            if (k == 0 || seen[k] != seen[kept - 1]) seen[kept++] = seen[k];
        for (int r = 0; r < w->goal_count; ++r)
            if (w->goals[r].order) {
                const uint32_t *at = bsearch(&w->goals[r].order, seen, kept, sizeof *seen, by_value);
                w->goals[r].order = (uint32_t)(at - seen) + 1;
            }
        w->orders_sent = kept;
    }
    return ++w->orders_sent;
}

/* send_to_places (choose: who goes where, then the goals) and
 * send_assigned (ids[i] to places[i]); the places checked. */
static int send(steer_world *w, const steer_agent_id *ids, int count, const steer_v3 *places, int place_count,
                bool together, bool choose, steer_result *results, const char *function)
{
    if (count == 0) return 0;
    const steer_allocator *al = &w->def.allocator;
    int *which = steer_alloc(al, sizeof(int) * 2 * (size_t)count, 8), *place_of = which ? which + count : NULL;
    steer_v3 *from = steer_alloc(al, sizeof(steer_v3) * (size_t)count, 8);
    uint64_t *keys = steer_alloc(al, sizeof(uint64_t) * (size_t)count, 8);
    steer_result r = STEER_ERROR_OUT_OF_MEMORY;
    int n = 0, sent = 0, dim = w->dim;
    const steer_v3 *to = places;
    steer_v3 *on_ground = NULL;
    int earlier = -1, repeat = -1;
    if (which && from && keys) {
        n = live_agents(w, ids, count, results, which, from, function);
        repeat = steer__repeated_handle(ids, which, n, keys, &earlier);
    }
    if (repeat >= 0) {
        steer__misuse(STEER_MISUSE_HANDLE_REPEATED, function,
                      "ids[%d] = ids[%d] = {index %u, generation %u}: each agent may be sent once a call", repeat,
                      earlier, ids[repeat].index, ids[repeat].generation);
        r = STEER_ERROR_INVALID_ARGUMENT;
    } else if (which && from && keys) {
        /* Agents that all keep their height reach places on the ground, so
         * the distances are measured there (2D in the ground frame). */
        bool ground = all_on_ground(w, ids, which, n);
        if (ground && (on_ground = steer_alloc(al, sizeof(steer_v3) * (size_t)place_count, 8))) {
            dim = 2;
            for (int k = 0; k < n; ++k) from[k] = steer__to_ground(w, from[k]);
            for (int k = 0; k < place_count; ++k) on_ground[k] = steer__to_ground(w, places[k]);
            to = on_ground;
        }
        if (ground && !on_ground) r = STEER_ERROR_OUT_OF_MEMORY;
        else if (choose) r = steer__assign_least_squares(from, n, to, place_count, dim, al, place_of);
        else {
            for (int k = 0; k < n; ++k) place_of[k] = which[k]; /* as given: ids[i] to places[i] */
            r = STEER_OK;
        }
    }
    /* together: the time the slowest needs at its max_speed; each agent's
     * speed takes it that long (never 0, which would mean its max_speed).
     * (A 2D goal's z is dropped by set_goal, and the distances ignore it.) */
    double longest = 0.0, *walk = NULL;
    if (r == STEER_OK && together && n > 0 && !(walk = steer_alloc(al, sizeof(double) * (size_t)n, 8)))
        r = STEER_ERROR_OUT_OF_MEMORY;
    if (walk) steer__objects_prepare(w);
    for (int k = 0; r == STEER_OK && together && k < n; ++k) {
        const steer__group *g = group_of(w, ids[which[k]]);
        uint32_t d = w->dense_of_slot[ids[which[k]].index - 1];
        steer_v3 stands = steer_v3_make(w->p[0][d], w->p[1][d], w->dim == 3 ? w->p[2][d] : 0.0f);
        walk[k] = sqrt(steer__assign_cost(to[place_of[k]], from[k], dim)) + steer__detour_extra(w, g, steer__body_radius(w, (int)d), stands, places[place_of[k]]);
        double time = walk[k] / g->def.max_speed;
        longest = time > longest ? time : longest;
    }
    uint32_t order = 0;
    if (r == STEER_OK && n > 0) order = next_order(w);
    if (r == STEER_OK) bulk_reserve(w, n);
    for (int k = 0; r == STEER_OK && k < n; ++k) {
        steer_goal goal = {STEER_GOAL_ARRIVE, places[place_of[k]], 0.0f, 0.0f, -1, NULL, 0, 0, false, {0, 0, 0}};
        if (together) {
            /* The slow radius scales with the speed, so each one's slow-down
             * (speed * distance / slow_radius) is its group's at full speed
             * and takes the same time, slow or fast. */
            const steer_group_def *d = &group_of(w, ids[which[k]])->def;
            goal.speed = steer_clampf(longest > 0.0 ? (float)(walk[k] / longest) : 0.0f, 1e-3f * d->max_speed, d->max_speed);
            goal.slow_radius = d->slow_radius * (goal.speed / d->max_speed);
        }
        steer_result one = set_goal(w, ids[which[k]], &goal, order, function, which[k]);
        sent += one == STEER_OK;
        if (results) results[which[k]] = one;
    }
    if (r != STEER_OK && results)
        for (int i = 0; i < count; ++i) results[i] = r;
    steer_free(al, which);
    steer_free(al, from);
    steer_free(al, keys);
    steer_free(al, on_ground);
    steer_free(al, walk);
    return r == STEER_OK ? sent : r == STEER_ERROR_OUT_OF_MEMORY ? (int)r : 0; /* a refused call: 0 */
}

int steer_world_send_to_places(steer_world *w, const steer_agent_id *ids, int count, const steer_v3 *places,
                               int place_count, bool together, steer_result *results)
{
    STEER__CHECK_BULK(w, ids, places, count, results);
    if (!steer__places_ok(places, place_count, count, __func__)) return steer__refuse_all(results, count);
    return send(w, ids, count, places, place_count, together, true, results, __func__);
}

int steer_world_send_assigned(steer_world *w, const steer_agent_id *ids, int count, const steer_v3 *places,
                              bool together, steer_result *results)
{
    STEER__CHECK_BULK(w, ids, places, count, results);
    STEER_MISUSE_IF(count > STEER_MAX_PLACES, steer__refuse_all(results, count), GOAL_POINTS,
                    "count = %d: at most STEER_MAX_PLACES = %d agents a call", count, STEER_MAX_PLACES);
    if (!steer__places_ok(places, count, count, __func__)) return steer__refuse_all(results, count);
    return send(w, ids, count, places, count, together, false, results, __func__);
}

bool steer_world_has_arrived(const steer_world *w, steer_agent_id id)
{
    uint32_t d;
    STEER__QUERY_WORLD(w, false);
    STEER_MISUSE_IF(steer__in_step(w), false, IN_STEP, "called during the world's own step: only between steps");
    if (steer__handle_lookup(w, id, &d) != STEER_MISUSE_NONE) return false;
    const steer__goal *g = steer__goal_find(w, id.index - 1);
    return g && g->arrived;
}

static int by_slot(const void *a, const void *b)
{
    uint32_t x = ((const steer_agent_id *)a)->index, y = ((const steer_agent_id *)b)->index;
    return (x > y) - (x < y);
}

int steer_world_arrivals(const steer_world *w, steer_agent_id *out, int capacity)
{
    STEER__CHECK_WORLD(w, 0, 0);
    STEER_MISUSE_IF(capacity < 0, 0, COUNT_NEGATIVE, "capacity = %d: must be >= 0", capacity);
    STEER_MISUSE_IF(capacity > 0 && !out, 0, NULL_ARGUMENT,
                    "out = NULL, capacity = %d: must point to room for capacity handles", capacity);
    /* The records are in no particular order: count them all, then keep the
     * lowest slots (sorted) when there are more than capacity. */
    int total = 0, kept = 0;
    for (int r = 0; r < w->goal_count; ++r) {
        const steer__goal *g = &w->goals[r];
        if (!g->arrived || g->arrived_step < w->step_begin) continue;
        ++total;
        steer_agent_id id = {g->slot + 1, w->generation[g->slot], w->identity};
        if (kept < capacity) {
            out[kept++] = id;
            if (kept == capacity) qsort(out, (size_t)kept, sizeof *out, by_slot);
        } else if (capacity > 0 && id.index < out[capacity - 1].index) { /* replace the highest, keep sorted */
            int k = capacity - 1;
            while (k > 0 && out[k - 1].index > id.index) {
                out[k] = out[k - 1];
                --k;
            }
            out[k] = id;
        }
    }
    if (kept < capacity) qsort(out, (size_t)kept, sizeof *out, by_slot);
    return total;
}

int steer_world_goal_count(const steer_world *w)
{
    STEER__QUERY_WORLD(w, 0);
    return w->goal_count;
}

steer_result steer_world_reserve_goals(steer_world *w, int count)
{
    STEER__CHECK_WORLD(w, STEER_ERROR_INVALID_ARGUMENT, STEER_ERROR_IN_STEP);
    STEER_MISUSE_IF(count < 0, STEER_ERROR_INVALID_ARGUMENT, COUNT_NEGATIVE, "count = %d: must be >= 0", count);
    if (count > w->capacity) count = w->capacity;
    const int had = w->goal_capacity;
    steer_result r = reserve(w, count - w->goal_count);
    if (r != STEER_OK || w->goal_capacity == had) return r;
    /* the new room written now: its pages are faulted in here, not by the orders */
    memset(w->goals + w->goal_count, 0, (size_t)(w->goal_capacity - w->goal_count) * sizeof *w->goals);
    memset(w->goal_order, 0, (size_t)w->goal_capacity * sizeof *w->goal_order);
    return STEER_OK;
}

/* Formations: each member's goal is a slot in its leader's frame
 * (world.h, "formations"). */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "world_formations.h"
#include "world_goals.h"
#include "world_handles.h"
#include "misuse_internal.h"

#include <stdio.h>
#include <string.h>

/* The leader's heading on the ground, unit; its last one while it stands,
 * and while it moves no faster than `still` (its group's arrival_speed):
 * an agent settling on a point makes small moves every way, which would
 * swing its members' slots round it (a chain's links, each led by one
 * settling, coiled into a knot). */
static steer_v3 ground_heading(const steer_world *w, steer_v3 velocity, float still, steer_v3 last)
{
    steer_v3 g = steer__to_ground(w, velocity);
    g.z = 0.0f;
    return steer__facing(g, still, last);
}

/* Member k's goal onto slot `rank`: its ARRIVE record's target moved in
 * place, or a new ARRIVE goal (the group's slow radius and speed). */
static void place_member(steer_world *w, uint32_t d, steer_v3 target)
{
    if (w->dim == 2) target.z = 0.0f;
    steer__goal *g = steer__has_goal(w, (int)d) ? steer__goal_of(w, (int)d) : NULL;
    if (g && g->kind == STEER_GOAL_ARRIVE) {
        g->target = target;
        g->slow_radius = 0.0f; /* the group's, which the slot's lead is made for */
        g->speed = 0.0f;
        steer__goal_leave_order(w, g); /* its slot is its own: not traded with agents sent with it */
        return;
    }
    steer__goal record = {0, STEER_GOAL_ARRIVE, false, target, 0.0f, 0.0f, -1, 0, 0, NULL, 0, 0};
    steer__goal_put(w, d, &record, steer_v3_zero()); /* out of memory: the member keeps what it had */
}

static void place(steer_world *w, steer__formation *f)
{
    uint32_t ld;
    if (steer__handle_lookup(w, f->leader, &ld) != STEER_MISUSE_NONE) return; /* no leader: the last slots stay */
    steer_v3 lp = steer__v3_at(w, w->p, (int)ld), lv = steer__v3_at(w, w->v, (int)ld);
    if (w->heading[0]) /* its kept heading, which follows its velocity alike, but turns a turn-limited leader on the spot;
                          one facing within 6 degrees of straight up or down keeps the last frame */
        f->heading = ground_heading(w, steer__v3_at(w, w->heading, (int)ld), 0.1f, f->heading);
    else
        f->heading = ground_heading(w, lv, w->groups[w->group[ld]].def.arrival_speed, f->heading);
    steer_v3 h = f->heading, left = {-h.y, h.x, 0.0f};
    int rank = 0;
    for (int k = 0; k < f->count; ++k) {
        uint32_t d;
        if (!steer__formation_member(w, f, k, &d)) continue; /* its slot goes to the next */
        steer_v3 s = f->slots[rank++];
        steer_v3 offset = steer_v3_add(steer_v3_add(steer_v3_scale(h, s.x), steer_v3_scale(left, s.y)),
                                       (steer_v3){0.0f, 0.0f, s.z});
        /* An arrive trails a target moving at lv by lv * slow_radius / max_speed (inside the
         * slow radius its speed is max_speed * dist / slow_radius): the slot leads by that much,
         * so a member in steady motion sits on it. */
        const steer_group_def *g = &w->groups[w->group[d]].def;
        steer_v3 lead = steer_v3_scale(lv, g->slow_radius / g->max_speed);
        place_member(w, d, steer_v3_add(steer_v3_add(lp, steer__from_ground(w, offset)), lead));
    }
}

bool steer__formation_member(const steer_world *w, const steer__formation *f, int k, uint32_t *d)
{
    return steer__handle_lookup(w, f->members[k], d) == STEER_MISUSE_NONE && /* live: index in [1, capacity] */
           f->stamps[k] == w->membership[f->members[k].index - 1];
}

void steer__formations_place(steer_world *w)
{
    for (int i = 0; i < w->formation_count; ++i)
        if (w->formations[i].live) place(w, &w->formations[i]);
}

void steer__formations_release(steer_world *w, uint32_t slot)
{
    if (!w->membership || slot >= (uint32_t)w->capacity) return; /* no formations ever: nothing listed */
    if (w->membership[slot] != UINT32_MAX) {
        ++w->membership[slot];
        return;
    }
    /* The stamp would come round to values entries still carry: the
     * agent's entries go (the null handle: never live), and it starts again. */
    for (int i = 0; i < w->formation_count; ++i) {
        steer__formation *f = &w->formations[i];
        for (int k = 0; f->live && k < f->count; ++k)
            if (f->members[k].index == slot + 1) f->members[k] = (steer_agent_id){0};
    }
    w->membership[slot] = 0;
}

static void free_formation(steer_world *w, steer__formation *f)
{
    steer_free(&w->def.allocator, f->members);
    steer_free(&w->def.allocator, f->stamps);
    steer_free(&w->def.allocator, f->slots);
    memset(f, 0, sizeof *f);
}

void steer__formations_clear(steer_world *w)
{
    for (int i = 0; i < w->formation_count; ++i) free_formation(w, &w->formations[i]);
    steer_free(&w->def.allocator, w->formations);
    w->formations = NULL;
    w->formation_count = w->formation_capacity = w->formation_free = w->formations_live = 0;
}

int steer_world_add_formation(steer_world *w, steer_agent_id leader, const steer_agent_id *members, const steer_v3 *slots,
                              int count)
{
    STEER__CHECK_WORLD(w, STEER_ERROR_INVALID_ARGUMENT, STEER_ERROR_IN_STEP);
    STEER_MISUSE_IF(!members || !slots, STEER_ERROR_INVALID_ARGUMENT, NULL_ARGUMENT,
                    "members = %s, slots = %s: must not be NULL", members ? "set" : "NULL", slots ? "set" : "NULL");
    STEER_MISUSE_IF(count < 1 || count > STEER_MAX_FORMATION_MEMBERS, STEER_ERROR_INVALID_ARGUMENT, FORMATION_COUNT,
                    "count = %d: must be in [1, %d]", count, STEER_MAX_FORMATION_MEMBERS);
    /* A removed formation's record (and index) is taken again first: the
     * lowest, and none lies below formation_free. */
    int index = w->formation_free;
    while (index < w->formation_count && w->formations[index].live) ++index;
    STEER_MISUSE_IF(index >= STEER_MAX_FORMATIONS, STEER_ERROR_CAPACITY, FORMATION_COUNT,
                    "%d formations live: at most %d in a world", index, STEER_MAX_FORMATIONS);
    uint32_t d;
    if (steer__handle_check_named(w, leader, &d, __func__, "leader") != STEER_OK) return STEER_ERROR_STALE_HANDLE;
    for (int k = 0; k < count; ++k) {
        if (steer__handle_lookup(w, members[k], &d) != STEER_MISUSE_NONE) { /* named only when refused */
            char name[32];
            snprintf(name, sizeof name, "members[%d]", k);
            return steer__handle_check_named(w, members[k], &d, __func__, name);
        }
        STEER_MISUSE_IF(!steer_v3_is_valid(slots[k]), STEER_ERROR_INVALID_ARGUMENT, FORMATION_SLOT,
                        "slots[%d] = (%g, %g, %g): must be finite", k, (double)slots[k].x, (double)slots[k].y,
                        (double)slots[k].z);
    }
    /* The leader is not its own member, nor is an agent a member twice:
     * either would chase a slot that moves with it. */
    for (int k = 0; k < count; ++k)
        STEER_MISUSE_IF(members[k].index == leader.index, STEER_ERROR_INVALID_ARGUMENT, HANDLE_REPEATED,
                        "members[%d] = leader = {index %u, generation %u}: the leader may not be a member", k,
                        leader.index, leader.generation);
    const steer_allocator *al = &w->def.allocator;
    if (!w->membership && !(w->membership = steer__world_alloc_array(w, (size_t)w->capacity + STEER__PAD, 4)))
        return STEER_ERROR_OUT_OF_MEMORY; /* the first formation: every stamp starts at 0 */
    bool grow = index == w->formation_capacity;
    int grown_capacity = grow ? (w->formation_capacity ? 2 * w->formation_capacity : 16) : w->formation_capacity;
    if (grown_capacity > STEER_MAX_FORMATIONS) grown_capacity = STEER_MAX_FORMATIONS;
    steer__formation *grown = grow ? steer_alloc(al, sizeof *grown * (size_t)grown_capacity, 64) : NULL;
    steer_agent_id *m = steer_alloc(al, sizeof *m * (size_t)count, 64);
    uint32_t *stamps = steer_alloc(al, sizeof *stamps * (size_t)count, 64);
    steer_v3 *s = steer_alloc(al, sizeof *s * (size_t)count, 64);
    uint64_t *keys = steer_alloc(al, sizeof *keys * (size_t)count, 8);
    bool allocated = (grown || !grow) && m && stamps && s && keys;
    int earlier = -1, repeat = allocated ? steer__repeated_handle(members, NULL, count, keys, &earlier) : -1;
    steer_free(al, keys);
    if (!allocated || repeat >= 0) {
        steer_free(al, grown);
        steer_free(al, m);
        steer_free(al, stamps);
        steer_free(al, s);
        if (repeat < 0) return STEER_ERROR_OUT_OF_MEMORY;
        steer__misuse(STEER_MISUSE_HANDLE_REPEATED, __func__,
                      "members[%d] = members[%d] = {index %u, generation %u}: each agent may be a member once", repeat,
                      earlier, members[repeat].index, members[repeat].generation);
        return STEER_ERROR_INVALID_ARGUMENT;
    }
    if (grow) {
        if (w->formation_count) memcpy(grown, w->formations, sizeof *grown * (size_t)w->formation_count);
        steer_free(al, w->formations);
        w->formations = grown;
        w->formation_capacity = grown_capacity;
    }
    if (index == w->formation_count) ++w->formation_count;
    w->formation_free = index + 1;
    ++w->formations_live;
    memcpy(m, members, sizeof *m * (size_t)count);
    memcpy(s, slots, sizeof *s * (size_t)count);
    for (int k = 0; k < count; ++k) stamps[k] = w->membership[m[k].index - 1]; /* live: index in [1, capacity] */
    steer__formation *f = &w->formations[index];
    *f = (steer__formation){leader, m, stamps, s, count, {1.0f, 0.0f, 0.0f}, true};
    place(w, f); /* the members have their goals from now on */
    return index;
}

steer_result steer_world_remove_formation(steer_world *w, int formation)
{
    STEER__CHECK_WORLD(w, STEER_ERROR_INVALID_ARGUMENT, STEER_ERROR_IN_STEP);
    STEER_MISUSE_IF(formation < 0 || formation >= w->formation_count || !w->formations[formation].live,
                    STEER_ERROR_INVALID_ARGUMENT, FORMATION_INDEX, "formation = %d: not a formation of this world",
                    formation);
    free_formation(w, &w->formations[formation]); /* its index stays, unused */
    if (formation < w->formation_free) w->formation_free = formation;
    --w->formations_live;
    return STEER_OK;
}

int steer_world_formation_count(const steer_world *w)
{
    STEER__QUERY_WORLD(w, 0);
    return w->formations_live;
}

/* Formations: members hold their slots in the leader's frame as it walks and
 * turns; a removed member's slot passes to the next (ranks close up in
 * order); the same bits for 1, 2 and 4 threads and through a snapshot;
 * members released in bulk leave the formations as released one by one;
 * a leader creeping slower than its arrival_speed does not turn the slots;
 * a member released and listed again holds only where it is listed again,
 * also when its release stamp comes round; thousands of formations of one
 * (escorts) follow their leaders and take single orders; bad calls are
 * refused with a report naming the field; with kept headings the slots
 * turn with a turn-limited leader turning on the spot. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "misuse_report.h"
#include "snapshot_bytes.h"
#include "steer/steer.h"
#include "world_formations.h" /* the release stamps, to bring one to its wrap */

#define MEMBERS 6
#define DT (1.0f / 30.0f)

typedef struct squad {
    steer_world *w;
    steer_agent_id leader, members[MEMBERS];
    steer_v3 slots[MEMBERS];
    int formation;
} squad;

/* A leader walking at 1 toward target; members in two files behind it. */
static squad make_squad(int workers, steer_v3 target)
{
    squad q;
    steer_world_def wd = steer_default_world_def();
    wd.dim = 2;
    wd.bounds_min = (steer_v3){-80, -80, 0};
    wd.bounds_max = (steer_v3){80, 80, 0};
    wd.boundary = STEER_BOUNDARY_CLAMP;
    wd.worker_count = workers;
    q.w = steer_world_create(&wd);
    steer_group_def lead = steer_default_group_def();
    memset(lead.weight, 0, sizeof lead.weight);
    lead.weight[STEER_ARRIVE] = 1.0f;
    lead.max_speed = 1.0f;
    lead.target = target;
    steer_world_add_group(q.w, &lead);
    steer_group_def member = steer_default_group_def();
    memset(member.weight, 0, sizeof member.weight);
    member.weight[STEER_ARRIVE] = 1.0f; /* the goal takes ARRIVE's place */
    member.max_speed = 2.0f;
    member.max_force = 4.0f;
    steer_world_add_group(q.w, &member);
    q.leader = steer_world_add_agent(q.w, 0, (steer_v3){0, 0, 0}, (steer_v3){1, 0, 0});
    for (int k = 0; k < MEMBERS; ++k) {
        q.slots[k] = (steer_v3){-2.0f * (float)(1 + k / 2), k % 2 ? -1.5f : 1.5f, 0.0f};
        q.members[k] = steer_world_add_agent(q.w, 1, (steer_v3){-3.0f - (float)k, 0.3f * (float)k, 0}, steer_v3_zero());
    }
    q.formation = steer_world_add_formation(q.w, q.leader, q.members, q.slots, MEMBERS);
    return q;
}

/* The largest distance of a member from where slot `rank_of[k]` is now. */
static double worst_off_slot(const squad *q, const int *rank_of)
{
    steer_agent_state l;
    steer_world_get_agent(q->w, q->leader, &l);
    steer_v3 h = steer_v3_normalize(l.velocity), left = {-h.y, h.x, 0};
    double worst = 0.0;
    for (int k = 0; k < MEMBERS; ++k) {
        if (rank_of[k] < 0) continue;
        steer_agent_state m;
        steer_world_get_agent(q->w, q->members[k], &m);
        steer_v3 s = q->slots[rank_of[k]];
        steer_v3 at = steer_v3_add(l.position, steer_v3_add(steer_v3_scale(h, s.x), steer_v3_scale(left, s.y)));
        double off = steer_v3_len(steer_v3_sub(m.position, at));
        if (off > worst) worst = off;
    }
    return worst;
}

static void members_hold_their_slots_as_the_leader_walks_and_turns(void)
{
    squad q = make_squad(1, (steer_v3){60, 0, 0});
    const int in_order[MEMBERS] = {0, 1, 2, 3, 4, 5};
    for (int s = 0; s < 600; ++s) steer_world_step(q.w, DT); /* 20 s: formed up, walking east */
    double east = worst_off_slot(&q, in_order);
    /* the leader turns north: the slots turn with it */
    steer_group_def lead;
    steer_world_get_group(q.w, 0, &lead);
    steer_agent_state l;
    steer_world_get_agent(q.w, q.leader, &l);
    lead.target = (steer_v3){l.position.x, 70, 0};
    steer_world_set_group(q.w, 0, &lead);
    for (int s = 0; s < 900; ++s) steer_world_step(q.w, DT);
    double north = worst_off_slot(&q, in_order);
    steer_world_get_agent(q.w, q.leader, &l);
    printf("formation: members within %.3f of their slots walking east, %.3f after turning north (leader heading %.2f, %.2f)\n",
           east, north, (double)steer_v3_normalize(l.velocity).x, (double)steer_v3_normalize(l.velocity).y);
    CHECK(east < 0.25);
    CHECK(north < 0.25);
    CHECK(steer_v3_normalize(l.velocity).y > 0.99); /* it did turn */
    /* a removed member's slot goes to the next, and so on */
    CHECK(steer_world_remove_agent(q.w, q.members[1]) == STEER_OK);
    for (int s = 0; s < 600; ++s) steer_world_step(q.w, DT);
    const int closed_up[MEMBERS] = {0, -1, 1, 2, 3, 4};
    double closed = worst_off_slot(&q, closed_up);
    printf("formation: a member removed, the next ones within %.3f of the slots one rank up\n", closed);
    CHECK(closed < 0.25);
    CHECK(steer_world_formation_count(q.w) == 1);
    CHECK(steer_world_remove_formation(q.w, q.formation) == STEER_OK);
    CHECK(steer_world_formation_count(q.w) == 0);
    steer_world_destroy(q.w);
}

static uint64_t squad_hash(int workers, bool restore)
{
    squad q = make_squad(workers, (steer_v3){40, 30, 0});
    for (int s = 0; s < 300; ++s) {
        steer_world_step(q.w, DT);
        if (s == 100) steer_world_remove_agent(q.w, q.members[2]);
        if (restore && s == 150) {
            snap_buffer b = snap_save(q.w);
            steer_world_destroy(q.w);
            steer_world_def wd = steer_default_world_def();
            wd.dim = 2;
            wd.worker_count = workers;
            q.w = steer_world_create(&wd);
            CHECK(steer_world_restore(q.w, b.data, b.size) == STEER_OK);
            CHECK(steer_world_formation_count(q.w) == 1);
            free(b.data);
        }
    }
    uint64_t h = steer_world_state_hash(q.w);
    steer_world_destroy(q.w);
    return h;
}

static void the_same_bits_for_any_thread_count_and_through_a_snapshot(void)
{
    uint64_t ref = squad_hash(1, false);
    CHECK(squad_hash(2, false) == ref);
    CHECK(squad_hash(4, false) == ref);
    CHECK(squad_hash(1, true) == ref);
    CHECK(squad_hash(2, true) == ref);
    printf("formation: %016llx for 1, 2, 4 threads and through a snapshot\n", (unsigned long long)ref);
}

/* Members released by a bulk call (cleared in one sweep at its end) leave
 * the formations exactly as one release each does: the same snapshot
 * bytes (the member lists), hash and steps. Two formations share members;
 * one lists a removed agent whose slot a member of a third took again (its
 * stale entry must stay, the new agent's go); the bulk call also clears a
 * goal (kind NONE) and names a gone agent. */
static void a_bulk_release_clears_what_single_releases_clear(void)
{
    enum { N = 60 };
    squad q = make_squad(1, (steer_v3){40, 30, 0}); /* its world, leader group 0, member group 1 */
    steer_world *a = q.w;
    steer_agent_id m[N], lead2 = steer_world_add_agent(a, 0, (steer_v3){10, 10, 0}, steer_v3_zero());
    steer_v3 slots[N];
    for (int k = 0; k < N; ++k) {
        m[k] = steer_world_add_agent(a, 1, (steer_v3){-5.0f - (float)(k % 10), -5.0f - (float)(k / 10), 0}, steer_v3_zero());
        slots[k] = (steer_v3){-1.0f - (float)(k / 4), (float)(k % 4) - 1.5f, 0.0f};
    }
    CHECK(steer_world_add_formation(a, q.leader, m, slots, 40) >= 0);      /* members 0..39 */
    CHECK(steer_world_add_formation(a, lead2, m + 20, slots, 40) >= 0);    /* 20..59 */
    CHECK(steer_world_remove_agent(a, m[5]) == STEER_OK);
    steer_agent_id again = steer_world_add_agent(a, 1, (steer_v3){-20, -20, 0}, steer_v3_zero()); /* m[5]'s slot */
    CHECK(again.index == m[5].index && again.generation != m[5].generation);
    CHECK(steer_world_add_formation(a, lead2, &again, slots, 1) >= 0);
    for (int s = 0; s < 5; ++s) steer_world_step(a, DT);
    snap_buffer before = snap_save(a);
    steer_world_def wd = steer_default_world_def();
    wd.dim = 2;
    steer_world *b = steer_world_create(&wd);
    CHECK(steer_world_restore(b, before.data, before.size) == STEER_OK);
    /* the order: members 0..34 (m[5] gone: its handle stale), the new agent, and m[50] with no goal */
    steer_agent_id ids[37];
    steer_goal goals[37];
    for (int k = 0; k < 35; ++k) ids[k] = m[k];
    ids[35] = again, ids[36] = m[50];
    for (int k = 0; k < 37; ++k)
        goals[k] = (steer_goal){k == 36 ? STEER_GOAL_NONE : STEER_GOAL_ARRIVE, {30.0f, (float)k, 0}, 0, 0, -1, NULL, 0, 0, false, {0, 0, 0}};
    steer_result results[37];
    CHECK(steer_world_set_goals(a, ids, goals, 37, results) == 36);
    CHECK(results[5] == STEER_ERROR_STALE_HANDLE);
    for (int k = 0; k < 37; ++k)
        if (k != 5) CHECK(steer_world_set_goal(b, ids[k], &goals[k]) == STEER_OK);
    snap_buffer sa = snap_save(a), sb = snap_save(b);
    CHECK(sa.size == sb.size && memcmp(sa.data, sb.data, sa.size) == 0);
    CHECK(sa.size != before.size || memcmp(sa.data, before.data, sa.size) != 0);
    for (int s = 0; s < 60; ++s) {
        steer_world_step(a, DT);
        steer_world_step(b, DT);
    }
    CHECK(steer_world_state_hash(a) == steer_world_state_hash(b));
    free(before.data), free(sa.data), free(sb.data);
    steer_world_destroy(a);
    steer_world_destroy(b);
}

/* The slots turn with the leader's heading, but not with the small moves of
 * a leader slower than its group's arrival_speed (0.1): one settling on its
 * point would swing them round it, and a chain of links, each led by one
 * settling, coiled into a knot. */
static void slots_keep_their_heading_while_the_leader_creeps(void)
{
    squad q = make_squad(1, (steer_v3){40, 0, 0});
    steer_goal g;
    CHECK(steer_world_step(q.w, DT) == STEER_OK); /* walking along +x: member 0 is 2 behind, 1.5 to its left */
    CHECK(steer_world_get_goal(q.w, q.members[0], &g) == STEER_OK);
    steer_agent_state l;
    steer_world_get_agent(q.w, q.leader, &l);
    CHECK(g.target.x < l.position.x - 1.0f && g.target.y > l.position.y + 1.0f);
    /* creeping along -y at 0.09 (the leader's ARRIVE is off: it keeps that velocity) */
    steer_group_def lead;
    steer_world_get_group(q.w, 0, &lead);
    lead.weight[STEER_ARRIVE] = 0.0f;
    steer_world_set_group(q.w, 0, &lead);
    CHECK(steer_world_teleport_agent(q.w, q.leader, l.position, (steer_v3){0, -0.09f, 0}) == STEER_OK);
    CHECK(steer_world_step(q.w, DT) == STEER_OK);
    steer_world_get_agent(q.w, q.leader, &l);
    CHECK(steer_world_get_goal(q.w, q.members[0], &g) == STEER_OK);
    CHECK(g.target.x < l.position.x - 1.0f && g.target.y > l.position.y + 1.0f); /* still behind along +x */
    /* faster than arrival_speed: the slots turn (behind along -y is +y, its left is +x) */
    CHECK(steer_world_teleport_agent(q.w, q.leader, l.position, (steer_v3){0, -0.2f, 0}) == STEER_OK);
    CHECK(steer_world_step(q.w, DT) == STEER_OK);
    steer_world_get_agent(q.w, q.leader, &l);
    CHECK(steer_world_get_goal(q.w, q.members[0], &g) == STEER_OK);
    CHECK(g.target.y > l.position.y + 1.5f && g.target.x > l.position.x + 1.0f);
    steer_world_destroy(q.w);
}

/* The goal member k of q's formation has now: its slot's target. */
static steer_v3 goal_target(steer_world *w, steer_agent_id id)
{
    steer_goal g;
    CHECK(steer_world_get_goal(w, id, &g) == STEER_OK);
    return g.target;
}

/* A world keeping headings (`dim`), one group (ARRIVE, turn rate `rate`),
 * a leader at rest at the origin facing +x and one member in the slot 2
 * behind it. */
static steer_world *headed_pair(int dim, float rate, steer_agent_id *leader, steer_agent_id *member)
{
    steer_world_def wd = steer_default_world_def();
    wd.dim = dim, wd.capacity = 4, wd.keep_headings = true, wd.boundary = STEER_BOUNDARY_NONE;
    steer_world *w = steer_world_create(&wd);
    steer_group_def gd = steer_default_group_def();
    memset(gd.weight, 0, sizeof gd.weight);
    gd.weight[STEER_ARRIVE] = 1.0f;
    gd.max_turn_rate = rate;
    CHECK(steer_world_add_group(w, &gd) == 0);
    *leader = steer_world_add_agent(w, 0, steer_v3_zero(), steer_v3_zero());
    *member = steer_world_add_agent(w, 0, (steer_v3){-2, 0, 0}, steer_v3_zero());
    const steer_v3 slot = {-2, 0, 0};
    CHECK(steer_world_add_formation(w, *leader, member, &slot, 1) == 0);
    return w;
}

/* In a world that keeps headings the slots turn with the leader's kept
 * heading: a turn-limited leader sent behind itself turns on the spot, and
 * its formation turns with it before it moves (they had waited for its
 * velocity, so the column swung round only once the leader drove off). */
static void slots_turn_with_a_leader_turning_on_the_spot(void)
{
    steer_agent_id leader, member;
    steer_world *w = headed_pair(2, 0.5f, &leader, &member);
    steer_goal away = {STEER_GOAL_ARRIVE, {-20, 0, 0}, 0, 0, -1, NULL, 0, 0, false, {0, 0, 0}};
    CHECK(steer_world_set_goal(w, leader, &away) == STEER_OK);
    for (int s = 0; s < 44; ++s) CHECK(steer_world_step(w, DT) == STEER_OK); /* 1.5 s: 0.73 rad round */
    steer_agent_state l = {0};
    steer_v3 h = steer_v3_zero();
    CHECK(steer_world_get_heading(w, leader, &h) == STEER_OK);
    CHECK(steer_world_step(w, DT) == STEER_OK); /* its slots placed from that heading as the step begins */
    CHECK(steer_world_get_agent(w, leader, &l) == STEER_OK);
    steer_v3 want = steer_v3_add(l.position, steer_v3_scale(h, -2.0f)), at = goal_target(w, member);
    double off = steer_v3_len(steer_v3_sub(at, want));
    printf("a leader turning on the spot: moved %.4f, heading %.3f rad round, the slot %.5f off its frame\n",
           (double)steer_v3_len(l.position), atan2((double)h.y, (double)h.x), off);
    CHECK(steer_v3_len(l.position) == 0.0f); /* still standing */
    CHECK(fabs(atan2((double)h.y, (double)h.x)) > 0.5);
    CHECK(off < 1e-4);
    steer_world_destroy(w);
}

/* A flying leader (3D, kept headings) facing within 6 degrees of straight
 * up keeps its formation's last frame: the small ground part of its
 * heading would otherwise set the slots' direction (here 90 degrees off). */
static void a_leader_facing_up_keeps_the_frame(void)
{
    steer_agent_id leader, member;
    steer_world *w = headed_pair(3, 0.0f, &leader, &member);
    CHECK(steer_world_step(w, DT) == STEER_OK); /* facing +x: the slot 2 behind along x */
    CHECK(steer_world_set_heading(w, leader, (steer_v3){0, 0.05f, 1}) == STEER_OK);
    CHECK(steer_world_step(w, DT) == STEER_OK);
    steer_v3 at = goal_target(w, member);
    printf("a leader facing up: the slot at (%.3f, %.3f, %.3f)\n", (double)at.x, (double)at.y, (double)at.z);
    CHECK(at.x < -1.9f && fabsf(at.y) < 0.1f);
    steer_world_destroy(w);
}

/* Member 0 is ordered away (single set_goal: it leaves), then listed in a
 * new formation that takes a lower index than its old one (a removed
 * formation's), so it is placed first: were member 0 still listed in the
 * old one, that placing would win. It follows only the new leader; the old
 * formation's ranks close up (member 1 on slot 0). The same through a
 * snapshot. */
static void a_released_member_holds_only_where_it_is_listed_again(void)
{
    squad q = make_squad(1, (steer_v3){40, 0, 0});
    steer_world *w = q.w;
    /* q.formation is 0: put a formation below a new copy of it, then remove that one */
    steer_agent_id spare = steer_world_add_agent(w, 1, (steer_v3){5, 5, 0}, steer_v3_zero());
    CHECK(steer_world_remove_formation(w, q.formation) == STEER_OK);
    CHECK(steer_world_add_formation(w, q.leader, &spare, q.slots, 1) == 0);
    int squad_formation = steer_world_add_formation(w, q.leader, q.members, q.slots, MEMBERS);
    CHECK(squad_formation == 1);
    for (int s = 0; s < 30; ++s) steer_world_step(w, DT);
    steer_goal away = {STEER_GOAL_ARRIVE, {-30, 20, 0}, 0, 0, -1, NULL, 0, 0, false, {0, 0, 0}};
    CHECK(steer_world_set_goal(w, q.members[0], &away) == STEER_OK);
    CHECK(steer_world_remove_formation(w, 0) == STEER_OK);
    steer_agent_id other = steer_world_add_agent(w, 0, (steer_v3){-40, 40, 0}, steer_v3_zero());
    const steer_v3 beside = {0, 3, 0};
    CHECK(steer_world_add_formation(w, other, &q.members[0], &beside, 1) == 0);
    CHECK(steer_world_formation_count(w) == 2);
    snap_buffer saved = snap_save(w);
    steer_world_def wd = steer_default_world_def();
    wd.dim = 2;
    steer_world *copy = steer_world_create(&wd);
    CHECK(steer_world_restore(copy, saved.data, saved.size) == STEER_OK);
    steer_world *worlds[2] = {w, copy};
    for (int c = 0; c < 2; ++c) {
        steer_world *x = worlds[c];
        steer_agent_state l, o;
        steer_world_get_agent(x, other, &o); /* as the step places the slots: at rest, heading +x */
        CHECK(steer_world_step(x, DT) == STEER_OK);
        steer_world_get_agent(x, q.leader, &l);
        /* member 0 beside its new leader (3 to its left) */
        steer_v3 t0 = goal_target(x, q.members[0]);
        CHECK(fabsf(t0.x - o.position.x) < 1e-4f && fabsf(t0.y - (o.position.y + 3.0f)) < 1e-4f);
        /* member 1 on the old formation's slot 0 (the leader walks along +x: 2 behind, 1.5 to its left) */
        steer_v3 t1 = goal_target(x, q.members[1]);
        CHECK(t1.x < l.position.x - 1.0f && t1.y > l.position.y + 1.0f && t1.y < l.position.y + 2.0f);
    }
    snap_buffer again = snap_save(copy);
    for (int s = 0; s < 30; ++s) CHECK(steer_world_step(copy, DT) == STEER_OK);
    for (int s = 0; s < 30; ++s) CHECK(steer_world_step(w, DT) == STEER_OK);
    CHECK(steer_world_state_hash(w) == steer_world_state_hash(copy));
    free(saved.data), free(again.data);
    steer_world_destroy(copy);
    steer_world_destroy(w);
}

/* A release moves the agent's stamp on; one at the last value starts again
 * at 0, and an entry listed at 0 long before (2^32 releases ago) must not
 * hold again: the wrap drops the agent's entries. */
static void a_release_stamp_that_comes_round_drops_the_old_entries(void)
{
    squad q = make_squad(1, (steer_v3){40, 0, 0});
    steer_world *w = q.w;
    uint32_t slot = q.members[0].index - 1;
    CHECK(w->membership[slot] == 0 && w->formations[q.formation].stamps[0] == 0);
    w->membership[slot] = UINT32_MAX; /* as after 2^32 - 1 releases (its entry, listed at 0, no longer holds) */
    steer_goal away = {STEER_GOAL_ARRIVE, {-30, 20, 0}, 0, 0, -1, NULL, 0, 0, false, {0, 0, 0}};
    CHECK(steer_world_set_goal(w, q.members[0], &away) == STEER_OK); /* the release that wraps */
    CHECK(w->membership[slot] == 0);
    for (int s = 0; s < 3; ++s) CHECK(steer_world_step(w, DT) == STEER_OK);
    steer_v3 t = goal_target(w, q.members[0]);
    CHECK(t.x == -30.0f && t.y == 20.0f); /* its order, not its old slot */
    steer_world_destroy(w);
}

/* Escorts: ESCORTS leaders walking and a formation of one behind each (the
 * "follow this unit" of a game), then single orders to some escorts and
 * their formations re-formed, each taking its old index again. */
static void thousands_of_escorts_follow_and_take_single_orders(void)
{
    enum { ESCORTS = 4000, ORDERS = 400 };
    steer_world_def wd = steer_default_world_def();
    wd.dim = 2;
    wd.capacity = 2 * ESCORTS + 1;
    wd.bounds_min = (steer_v3){-200, -200, 0};
    wd.bounds_max = (steer_v3){200, 200, 0};
    steer_world *w = steer_world_create(&wd);
    steer_group_def gd = steer_default_group_def();
    memset(gd.weight, 0, sizeof gd.weight);
    gd.weight[STEER_ARRIVE] = 1.0f;
    gd.max_speed = 2.0f;
    gd.max_force = 4.0f;
    CHECK(steer_world_add_group(w, &gd) == 0);
    steer_agent_id *leaders = malloc(sizeof *leaders * ESCORTS), *escorts = malloc(sizeof *escorts * ESCORTS);
    steer_v3 *targets = malloc(sizeof *targets * ESCORTS);
    const steer_v3 behind = {-2, 0, 0};
    for (int i = 0; i < ESCORTS; ++i) {
        steer_v3 at = {-180.0f + 5.0f * (float)(i % 64), -180.0f + 5.0f * (float)(i / 64), 0};
        leaders[i] = steer_world_add_agent(w, 0, at, steer_v3_zero());
        escorts[i] = steer_world_add_agent(w, 0, steer_v3_add(at, behind), steer_v3_zero());
        targets[i] = steer_v3_add(at, (steer_v3){30, 0, 0});
    }
    CHECK(steer_world_set_targets(w, leaders, targets, ESCORTS, STEER_GOAL_ARRIVE, NULL) == ESCORTS);
    int added = 0;
    for (int i = 0; i < ESCORTS; ++i) added += steer_world_add_formation(w, leaders[i], &escorts[i], &behind, 1) == i;
    CHECK(added == ESCORTS && steer_world_formation_count(w) == ESCORTS);
    for (int s = 0; s < 90; ++s) steer_world_step(w, DT); /* 3 s: walking along +x */
    /* orders to every tenth escort; escort i's formation re-formed at once for odd i */
    for (int j = 0; j < ORDERS; ++j) {
        int i = 10 * j;
        steer_goal g = {STEER_GOAL_ARRIVE, targets[i], 0, 0, -1, NULL, 0, 0, false, {0, 0, 0}};
        g.target.y += 3.0f;
        CHECK(steer_world_set_goal(w, escorts[i], &g) == STEER_OK);
        if (j % 2) {
            CHECK(steer_world_remove_formation(w, i) == STEER_OK);
            CHECK(steer_world_add_formation(w, leaders[i], &escorts[i], &behind, 1) == i);
        }
    }
    CHECK(steer_world_formation_count(w) == ESCORTS);
    steer_agent_state *before = malloc(sizeof *before * ESCORTS);
    for (int i = 0; i < ESCORTS; ++i) steer_world_get_agent(w, leaders[i], &before[i]);
    CHECK(steer_world_step(w, DT) == STEER_OK);
    int following = 0, ordered = 0;
    for (int i = 0; i < ESCORTS; ++i) {
        steer_v3 t = goal_target(w, escorts[i]), lp = before[i].position, lv = before[i].velocity;
        bool listed = i % 10 != 0 || (i / 10) % 2 == 1;
        if (listed) { /* 2 behind the walking leader (along +x), led by its velocity times slow_radius / max_speed */
            steer_v3 slot = steer_v3_add(steer_v3_add(lp, steer_v3_scale(steer_v3_normalize(lv), -2.0f)),
                                         steer_v3_scale(lv, gd.slow_radius / gd.max_speed));
            following += lv.x > 0.5f && steer_v3_len(steer_v3_sub(t, slot)) < 1e-3f;
        } else {
            ordered += t.x == targets[i].x && t.y == targets[i].y + 3.0f;
        }
    }
    free(before);
    CHECK(following == ESCORTS - ORDERS / 2);
    CHECK(ordered == ORDERS / 2);
    free(leaders), free(escorts), free(targets);
    steer_world_destroy(w);
}

static void bad_calls_are_refused(void)
{
    squad q = make_squad(1, (steer_v3){10, 0, 0});
    steer_set_misuse_handler(misuse_record, 0);
    steer_v3 bad[MEMBERS];
    memcpy(bad, q.slots, sizeof bad);
    bad[3].y = NAN;
    EXPECT_REPORT(steer_world_add_formation(q.w, q.leader, q.members, bad, MEMBERS), STEER_ERROR_INVALID_ARGUMENT,
                  STEER_MISUSE_FORMATION_SLOT, "steer_world_add_formation", "slots[3] = (-4, nan, 0): must be finite");
    EXPECT_REPORT(steer_world_add_formation(q.w, q.leader, q.members, q.slots, 0), STEER_ERROR_INVALID_ARGUMENT,
                  STEER_MISUSE_FORMATION_COUNT, "steer_world_add_formation", "count = 0: must be in [1, 65536]");
    EXPECT_REPORT(steer_world_add_formation(q.w, q.leader, NULL, q.slots, 1), STEER_ERROR_INVALID_ARGUMENT,
                  STEER_MISUSE_NULL_ARGUMENT, "steer_world_add_formation", "members = NULL");
    /* the leader among its members, or a member twice: each would chase a slot that moves with it */
    steer_agent_id with_leader[MEMBERS];
    memcpy(with_leader, q.members, sizeof with_leader);
    with_leader[2] = q.leader;
    EXPECT_REPORT(steer_world_add_formation(q.w, q.leader, with_leader, q.slots, MEMBERS), STEER_ERROR_INVALID_ARGUMENT,
                  STEER_MISUSE_HANDLE_REPEATED, "steer_world_add_formation", "members[2] = leader");
    steer_agent_id twice[MEMBERS];
    memcpy(twice, q.members, sizeof twice);
    twice[4] = twice[1];
    EXPECT_REPORT(steer_world_add_formation(q.w, q.leader, twice, q.slots, MEMBERS), STEER_ERROR_INVALID_ARGUMENT,
                  STEER_MISUSE_HANDLE_REPEATED, "steer_world_add_formation", "members[4] = members[1]");
    CHECK(steer_world_formation_count(q.w) == 1); /* make_squad's own; nothing added */
    EXPECT_REPORT(steer_world_remove_formation(q.w, 5), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_FORMATION_INDEX,
                  "steer_world_remove_formation", "formation = 5: not a formation of this world");
    steer_agent_id gone = q.leader;
    steer_world_remove_agent(q.w, gone);
    CHECK(steer_world_add_formation(q.w, gone, q.members, q.slots, MEMBERS) == STEER_ERROR_STALE_HANDLE);
    CHECK(steer_world_step(q.w, DT) == STEER_OK); /* the leader gone: the members keep their last slots */
    steer_set_misuse_handler(check_count_misuse, 0);
    steer_world_destroy(q.w);
}

int main(void)
{
    slots_turn_with_a_leader_turning_on_the_spot();
    a_leader_facing_up_keeps_the_frame();
    members_hold_their_slots_as_the_leader_walks_and_turns();
    the_same_bits_for_any_thread_count_and_through_a_snapshot();
    a_bulk_release_clears_what_single_releases_clear();
    slots_keep_their_heading_while_the_leader_creeps();
    a_released_member_holds_only_where_it_is_listed_again();
    a_release_stamp_that_comes_round_drops_the_old_entries();
    thousands_of_escorts_follow_and_take_single_orders();
    bad_calls_are_refused();
    return check_summary("test_world_formations");
}

/* Formations: members hold their slots in the leader's frame as it walks and
 * turns; a removed member's slot passes to the next (ranks close up in
 * order); the same bits for 1, 2 and 4 threads and through a snapshot;
 * members released in bulk leave the formations as released one by one;
 * a leader creeping slower than its arrival_speed does not turn the slots;
 * bad calls are refused with a report naming the field. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "misuse_report.h"
#include "snapshot_bytes.h"
#include "steer/steer.h"

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
        goals[k] = (steer_goal){k == 36 ? STEER_GOAL_NONE : STEER_GOAL_ARRIVE, {30.0f, (float)k, 0}, 0, 0, -1, NULL, 0, 0, false};
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
    members_hold_their_slots_as_the_leader_walks_and_turns();
    the_same_bits_for_any_thread_count_and_through_a_snapshot();
    a_bulk_release_clears_what_single_releases_clear();
    slots_keep_their_heading_while_the_leader_creeps();
    bad_calls_are_refused();
    return check_summary("test_world_formations");
}

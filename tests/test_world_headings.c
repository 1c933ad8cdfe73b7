/* Headings (def.keep_headings): an agent faces its velocity's direction
 * while it moves faster than its group's arrival_speed and keeps it when
 * slower, so a walker that stops keeps facing the way it came; added at
 * rest it faces +x; standing agents keep their own as the sort reorders
 * the agents; a ground_plane group's headings lie on the ground;
 * the same bits for 1, 2 and 4 threads, the scalar kernel and the best,
 * and through a snapshot, which an older reader's layout (version 11)
 * still matches when headings are off; turn-limited units turn on the
 * spot, hold their heading on their point and come back when pushed off
 * it; bad calls are refused with a report naming the field. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "misuse_report.h"
#include "snapshot_bytes.h"
#include "steer/steer.h"

#define DT (1.0f / 30.0f)
#define WALKERS 400

/* A box of +-60 keeping headings or not, room for `capacity` agents. */
static steer_world_def world_def(int dim, int capacity, bool headings)
{
    steer_world_def wd = steer_default_world_def();
    wd.dim = dim;
    wd.capacity = capacity;
    wd.bounds_min = (steer_v3){-60, -60, -60};
    wd.bounds_max = (steer_v3){60, 60, 60};
    wd.keep_headings = headings;
    return wd;
}

static steer_world *make_world(int dim, int workers, bool headings)
{
    steer_world_def wd = world_def(dim, WALKERS + 48, headings);
    wd.worker_count = workers;
    steer_world *w = steer_world_create(&wd);
    steer_group_def gd = steer_default_group_def();
    memset(gd.weight, 0, sizeof gd.weight);
    gd.weight[STEER_ARRIVE] = 1.0f;
    gd.weight[STEER_SEPARATION] = 1.0f; /* pushes that turn them, and small moves near their points */
    CHECK(steer_world_add_group(w, &gd) == 0);
    return w;
}

static double angle_between(steer_v3 a, steer_v3 b)
{
    double c = steer_v3_dot(a, b) / (steer_v3_len(a) * steer_v3_len(b));
    return acos(c > 1.0 ? 1.0 : c < -1.0 ? -1.0 : c);
}

/* One walker from the origin to (-12, 5): each step it moves faster than
 * arrival_speed its heading is its velocity's direction, exactly; at rest
 * on its point it still faces the way it came, not +x. */
static void a_walker_faces_its_way_and_keeps_it_at_rest(void)
{
    steer_world *w = make_world(2, 1, true);
    steer_agent_id a = steer_world_add_agent(w, 0, steer_v3_zero(), steer_v3_zero());
    steer_agent_id b = steer_world_add_agent(w, 0, (steer_v3){30, 30, 0}, (steer_v3){0, -0.5f, 0});
    steer_v3 h;
    CHECK(steer_world_get_heading(w, a, &h) == STEER_OK && h.x == 1.0f && h.y == 0.0f && h.z == 0.0f);
    CHECK(steer_world_get_heading(w, b, &h) == STEER_OK && h.x == 0.0f && h.y == -1.0f);
    steer_goal go = {STEER_GOAL_ARRIVE, {-12, 5, 0}, 0, 0, -1, NULL, 0, 0, false, {0, 0, 0}};
    CHECK(steer_world_set_goal(w, a, &go) == STEER_OK);
    int moving = 0, exact = 0;
    for (int s = 0; s < 600 && !steer_world_has_arrived(w, a); ++s) {
        CHECK(steer_world_step(w, DT) == STEER_OK);
        steer_agent_state st;
        steer_world_get_agent(w, a, &st);
        CHECK(steer_world_get_heading(w, a, &h) == STEER_OK);
        if (steer_v3_len(st.velocity) > 0.1f) {
            ++moving;
            steer_v3 want = steer_v3_normalize(st.velocity);
            exact += h.x == want.x && h.y == want.y && h.z == 0.0f;
        }
    }
    CHECK(steer_world_has_arrived(w, a) && moving > 100 && exact == moving);
    for (int s = 0; s < 120; ++s) CHECK(steer_world_step(w, DT) == STEER_OK);
    steer_agent_state st;
    steer_world_get_agent(w, a, &st);
    CHECK(steer_world_get_heading(w, a, &h) == STEER_OK);
    CHECK(steer_v3_len(st.velocity) < 0.1f);
    CHECK(angle_between(h, (steer_v3){-12, 5, 0}) < 0.2); /* still the way it came */
    CHECK(fabs(steer_v3_len(h) - 1.0) < 1e-6);
    /* a teleport with a velocity turns it; one at rest keeps it */
    CHECK(steer_world_teleport_agent(w, a, (steer_v3){1, 1, 0}, steer_v3_zero()) == STEER_OK);
    steer_v3 kept;
    CHECK(steer_world_get_heading(w, a, &kept) == STEER_OK && kept.x == h.x && kept.y == h.y);
    CHECK(steer_world_teleport_agent(w, a, (steer_v3){1, 1, 0}, (steer_v3){0, 2, 0}) == STEER_OK);
    CHECK(steer_world_get_heading(w, a, &h) == STEER_OK && h.x == 0.0f && h.y == 1.0f);
    /* set: normalised */
    CHECK(steer_world_set_heading(w, a, (steer_v3){3, -4, 0}) == STEER_OK);
    CHECK(steer_world_get_heading(w, a, &h) == STEER_OK && fabsf(h.x - 0.6f) < 1e-6f && fabsf(h.y + 0.8f) < 1e-6f);
    steer_world_destroy(w);
}

/* WALKERS agents on a lattice, each to a point across the world, with
 * separation: their headings (and the hash that includes them) are the
 * same for 1, 2 and 4 threads, and a world restored at step 60 ends as the
 * one that ran through. */
/* `rate` > 0: turn-limited units that keep apart (pushed aside, not turned). */
static steer_world *crowd(int workers, float rate)
{
    steer_world *w = make_world(2, workers, true);
    if (rate > 0.0f) {
        steer_group_def gd;
        CHECK(steer_world_get_group(w, 0, &gd) == STEER_OK);
        gd.max_turn_rate = rate;
        gd.keep_apart = true;
        CHECK(steer_world_set_group(w, 0, &gd) == STEER_OK);
    }
    steer_agent_id ids[WALKERS];
    steer_v3 to[WALKERS];
    for (int i = 0; i < WALKERS; ++i) {
        steer_v3 at = {-40.0f + 4.0f * (float)(i % 20), -40.0f + 4.0f * (float)(i / 20), 0};
        ids[i] = steer_world_add_agent(w, 0, at, steer_v3_zero());
        to[i] = (steer_v3){-at.y * 0.9f, at.x * 0.9f, 0}; /* a quarter turn about the centre: they cross */
    }
    CHECK(steer_world_set_targets(w, ids, to, WALKERS, STEER_GOAL_ARRIVE, NULL) == WALKERS);
    return w;
}

static void the_same_bits_for_any_thread_count_and_through_a_snapshot(float rate)
{
    uint64_t hash[3];
    const int workers[3] = {1, 2, 4};
    steer_v3 first[WALKERS];
    for (int k = 0; k < 3; ++k) {
        steer_world *w = crowd(workers[k], rate);
        steer_world_set_kernel(w, k == 1 ? STEER_KERNEL_SCALAR : STEER_KERNEL_BEST); /* the kernels agree too */
        for (int s = 0; s < 150; ++s) steer_world_step(w, DT);
        hash[k] = steer_world_state_hash(w);
        steer_agent_id ids[WALKERS];
        steer_world_get_agent_ids(w, ids, WALKERS);
        steer_v3 h[WALKERS];
        CHECK(steer_world_get_headings(w, ids, h, WALKERS, NULL) == WALKERS);
        if (k == 0) memcpy(first, h, sizeof h);
        else CHECK(memcmp(first, h, sizeof h) == 0);
        steer_world_destroy(w);
    }
    CHECK(hash[0] == hash[1] && hash[1] == hash[2]);
    /* the headings are in the hash: turning one agent changes it */
    steer_world *w = crowd(1, rate);
    for (int s = 0; s < 60; ++s) steer_world_step(w, DT);
    steer_agent_id one;
    steer_world_get_agent_ids(w, &one, 1);
    uint64_t before = steer_world_state_hash(w);
    steer_v3 h;
    CHECK(steer_world_get_heading(w, one, &h) == STEER_OK);
    CHECK(steer_world_set_heading(w, one, steer_v3_neg(h)) == STEER_OK);
    CHECK(steer_world_state_hash(w) != before);
    CHECK(steer_world_set_heading(w, one, h) == STEER_OK && steer_world_state_hash(w) == before);
    snap_buffer saved = snap_save(w);
    steer_snapshot_info info;
    CHECK(steer_world_snapshot_info(saved.data, saved.size, &info) == STEER_OK && info.version == STEER_SNAPSHOT_VERSION);
    steer_world *copy = make_world(2, 2, false); /* the snapshot brings keep_headings */
    CHECK(steer_world_restore(copy, saved.data, saved.size) == STEER_OK);
    steer_world_def def;
    CHECK(steer_world_get_def(copy, &def) == STEER_OK && def.keep_headings);
    CHECK(steer_world_state_hash(copy) == before);
    for (int s = 60; s < 150; ++s) {
        steer_world_step(w, DT);
        steer_world_step(copy, DT);
    }
    CHECK(steer_world_state_hash(w) == hash[0] && steer_world_state_hash(copy) == hash[0]);
    /* a live heading that is not a unit vector: refused, the host left as it was */
    size_t last = saved.size - 4 - 4; /* the last agent's heading's y, before the CRC */
    float twice = 2.0f;
    memcpy(saved.data + last, &twice, 4);
    snap_reseal(saved.data, saved.size);
    CHECK(steer_world_restore(copy, saved.data, saved.size) == STEER_ERROR_BAD_SNAPSHOT);
    CHECK(steer_world_state_hash(copy) == hash[0]);
    free(saved.data);
    steer_world_destroy(copy);
    steer_world_destroy(w);
}

/* Agents that never move keep the headings they were given while walkers
 * cross their cells (the sort reorders everyone: each heading must move
 * with its own agent). */
static void standing_agents_keep_their_own_headings_as_the_sort_moves_them(void)
{
    enum { STANDING = 40 };
    steer_world *w = crowd(2, 0.0f);
    steer_group_def still = steer_default_group_def();
    memset(still.weight, 0, sizeof still.weight); /* no force: they never move */
    CHECK(steer_world_add_group(w, &still) == 1);
    steer_agent_id ids[STANDING];
    steer_v3 faces[STANDING];
    for (int i = 0; i < STANDING; ++i) {
        ids[i] = steer_world_add_agent(w, 1, (steer_v3){-39.0f + 2.0f * (float)i, 0.5f, 0}, steer_v3_zero());
        float angle = 0.157f * (float)i;
        faces[i] = (steer_v3){cosf(angle), sinf(angle), 0};
        CHECK(steer_world_set_heading(w, ids[i], faces[i]) == STEER_OK);
    }
    steer_v3 set[STANDING];
    CHECK(steer_world_get_headings(w, ids, set, STANDING, NULL) == STANDING);
    for (int s = 0; s < 240; ++s) steer_world_step(w, DT);
    steer_v3 now[STANDING];
    CHECK(steer_world_get_headings(w, ids, now, STANDING, NULL) == STANDING);
    CHECK(memcmp(set, now, sizeof set) == 0);
    steer_world_destroy(w);
    /* a removal moves the last agent into the hole: with its own heading */
    w = make_world(2, 1, true);
    steer_agent_id three[3];
    for (int i = 0; i < 3; ++i) {
        three[i] = steer_world_add_agent(w, 0, (steer_v3){(float)i, 0, 0}, steer_v3_zero());
        CHECK(steer_world_set_heading(w, three[i], faces[10 * i + 5]) == STEER_OK);
    }
    CHECK(steer_world_get_headings(w, three, set, 3, NULL) == 3);
    CHECK(steer_world_remove_agent(w, three[0]) == STEER_OK);
    CHECK(steer_world_get_headings(w, three + 1, now, 2, NULL) == 2);
    CHECK(memcmp(set + 1, now, 2 * sizeof *now) == 0);
    steer_world_destroy(w);
}

/* Without headings a snapshot has the layout version 11 had: stamped 11 it
 * still restores to the same world. With them, stamped 11 (the flag and
 * the headings' bytes all there), it is refused: version 11 had no such
 * flag. */
static void without_headings_a_snapshot_is_version_11s_layout(void)
{
    steer_world *w = make_world(2, 1, false);
    for (int i = 0; i < 50; ++i) steer_world_add_agent(w, 0, (steer_v3){(float)i, (float)(i % 7), 0}, (steer_v3){1, 0, 0});
    for (int s = 0; s < 10; ++s) steer_world_step(w, DT);
    snap_buffer saved = snap_save(w);
    saved.size = snap_before_queue_time_gap(saved.data, saved.size, 11); /* and without a field of version 16 */
    steer_world *copy = make_world(2, 1, false);
    CHECK(steer_world_restore(copy, saved.data, saved.size) == STEER_OK);
    CHECK(steer_world_state_hash(copy) == steer_world_state_hash(w));
    free(saved.data);
    steer_world *kept = make_world(2, 1, true);
    for (int i = 0; i < 50; ++i) steer_world_add_agent(kept, 0, (steer_v3){(float)i, (float)(i % 7), 0}, (steer_v3){1, 0, 0});
    saved = snap_save(kept);
    CHECK(steer_world_restore(copy, saved.data, saved.size) == STEER_OK); /* as saved */
    saved.size = snap_before_queue_time_gap(saved.data, saved.size, 11);
    CHECK(steer_world_restore(copy, saved.data, saved.size) == STEER_ERROR_BAD_SNAPSHOT);
    steer_world_destroy(kept);
    free(saved.data);
    steer_world_destroy(copy);
    steer_world_destroy(w);
}

/* A Y-up 3D world: a ground_plane agent's heading has no y; set_heading
 * drops it too, and one straight up is refused. */
static void ground_headings_lie_on_the_ground(void)
{
    steer_world_def wd = world_def(3, 8, true);
    wd.up = STEER_UP_Y;
    steer_world *w = steer_world_create(&wd);
    steer_group_def gd = steer_default_group_def();
    gd.ground_plane = true;
    CHECK(steer_world_add_group(w, &gd) == 0);
    steer_agent_id a = steer_world_add_agent(w, 0, steer_v3_zero(), (steer_v3){1, 2, 0});
    steer_v3 h;
    CHECK(steer_world_get_heading(w, a, &h) == STEER_OK && h.x == 1.0f && h.y == 0.0f && h.z == 0.0f);
    for (int s = 0; s < 60; ++s) {
        steer_world_step(w, DT);
        CHECK(steer_world_get_heading(w, a, &h) == STEER_OK && h.y == 0.0f);
        CHECK(fabs(steer_v3_len(h) - 1.0) < 1e-6);
    }
    CHECK(steer_world_set_heading(w, a, (steer_v3){0, 5, 3}) == STEER_OK);
    CHECK(steer_world_get_heading(w, a, &h) == STEER_OK && h.x == 0.0f && h.y == 0.0f && h.z == 1.0f);
    /* a flyer facing up and to +z, moved into the ground group: along the ground */
    steer_group_def fly = steer_default_group_def();
    CHECK(steer_world_add_group(w, &fly) == 1);
    steer_agent_id b = steer_world_add_agent(w, 1, (steer_v3){5, 5, 5}, (steer_v3){0, 3, 4});
    CHECK(steer_world_get_heading(w, b, &h) == STEER_OK && h.y > 0.5f);
    CHECK(steer_world_set_agent_group(w, b, 0) == STEER_OK);
    CHECK(steer_world_get_heading(w, b, &h) == STEER_OK && h.x == 0.0f && h.y == 0.0f && h.z == 1.0f);
    steer_set_misuse_handler(misuse_record, 0);
    EXPECT_REPORT(steer_world_set_heading(w, a, (steer_v3){0, 1, 0}), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_AGENT_HEADING,
                  "steer_world_set_heading", "heading = (0, 1, 0): must be finite and not zero on the ground");
    steer_set_misuse_handler(check_count_misuse, 0);
    steer_world_destroy(w);
}

/* A group with a max_turn_rate turns its units' headings at most that fast:
 * a walker braking to a point behind it reverses its velocity in a few
 * steps (through nearly zero speed), and its heading comes round at the
 * rate, on the ground for a ground group (Y up); without a rate it turns
 * round at once, as the velocity does. Teleports still turn it at once. */
static void headings_turn_at_the_groups_rate(int dim, bool ground)
{
    steer_world_def wd = world_def(dim, 4, true);
    wd.up = STEER_UP_Y;
    steer_world *w = steer_world_create(&wd);
    steer_group_def gd = steer_default_group_def();
    memset(gd.weight, 0, sizeof gd.weight);
    gd.max_speed = 2.0f, gd.max_force = 20.0f;
    gd.ground_plane = ground;
    const float rate = 1.5f;
    for (int limited = 0; limited < 2; ++limited) {
        gd.max_turn_rate = limited ? rate : 0.0f;
        CHECK(steer_world_add_group(w, &gd) == limited);
    }
    steer_agent_id id[2];
    for (int k = 0; k < 2; ++k) {
        id[k] = steer_world_add_agent(w, k, (steer_v3){0, 0, 0}, (steer_v3){2, 0, 0});
        steer_goal goal = {STEER_GOAL_ARRIVE, {-20, 0, 0}, 0, 0, -1, NULL, 0, 0, false, {0, 0, 0}};
        CHECK(steer_world_set_goal(w, id[k], &goal) == STEER_OK);
    }
    double largest[2] = {0, 0}, up_part = 0;
    int facing_back[2] = {-1, -1};
    steer_v3 last[2];
    for (int k = 0; k < 2; ++k) CHECK(steer_world_get_heading(w, id[k], &last[k]) == STEER_OK);
    for (int step = 1; step <= 150; ++step) {
        CHECK(steer_world_step(w, DT) == STEER_OK);
        for (int k = 0; k < 2; ++k) {
            steer_v3 h;
            CHECK(steer_world_get_heading(w, id[k], &h) == STEER_OK);
            largest[k] = fmax(largest[k], angle_between(last[k], h));
            if (ground) up_part = fmax(up_part, fabs((double)h.y)); /* Y up */
            if (facing_back[k] < 0 && h.x < -0.999f) facing_back[k] = step;
            last[k] = h;
        }
    }
    printf("headings_turn_at_the_groups_rate (%dD%s): largest turn in a step %.3f / %.3f rad, facing back after %d / %d "
           "steps\n", dim, ground ? ", ground" : "", largest[0], largest[1], facing_back[0], facing_back[1]);
    /* unlimited: round within the few steps the velocity takes; limited: pi / rate seconds, no faster */
    CHECK(largest[0] > 1.0);
    CHECK(largest[1] <= rate * DT * 1.0001 + 1e-6);
    CHECK(facing_back[0] > 0 && facing_back[0] < 20);
    CHECK(facing_back[1] >= (int)(3.1 / (rate * DT)) && facing_back[1] < 150);
    CHECK(up_part == 0.0); /* a ground heading on the ground all the way round */
    /* a teleport turns it at once, rate or not */
    const steer_v3 across = dim == 2 ? (steer_v3){0, 2, 0} : (steer_v3){0, 0, 2};
    CHECK(steer_world_teleport_agent(w, id[1], (steer_v3){0, 0, 0}, across) == STEER_OK);
    steer_v3 h;
    CHECK(steer_world_get_heading(w, id[1], &h) == STEER_OK);
    CHECK(h.x == 0.0f && h.y == across.y / 2 && h.z == across.z / 2);
    steer_world_destroy(w);
}

/* A turn-limited unit with a kept heading moves only along it, as the
 * vehicle does: one at rest sent to a point behind it turns on the spot
 * (it does not move until its heading is more than a quarter turn round,
 * then drives toward the point), and one driving away from its point
 * brakes, turns and comes back, its heading turning at most the rate in
 * any step. Before, a unit at rest set off at once whichever way its force
 * said, sliding sideways and backwards while its drawn heading came round. */
static void a_turn_limited_unit_turns_on_the_spot(int dim, steer_up_axis up, bool ground, bool non_penetration)
{
    steer_world_def wd = world_def(dim, 4, true);
    wd.up = up;
    wd.non_penetration = non_penetration; /* its passes sort the agents again after the turn */
    steer_world *w = steer_world_create(&wd);
    steer_group_def gd = steer_default_group_def();
    memset(gd.weight, 0, sizeof gd.weight);
    gd.weight[STEER_ARRIVE] = 1.0f;
    gd.max_turn_rate = 1.0f;
    gd.ground_plane = ground;
    CHECK(steer_world_add_group(w, &gd) == 0);
    const steer_v3 across = up == STEER_UP_Y ? (steer_v3){0, 0, 20} : (steer_v3){0, 20, 0};
    steer_agent_id id[2] = {steer_world_add_agent(w, 0, steer_v3_zero(), steer_v3_zero()),
                            steer_world_add_agent(w, 0, across, (steer_v3){2, 0, 0})};
    for (int k = 0; k < 2; ++k) {
        steer_goal goal = {STEER_GOAL_ARRIVE, steer_v3_add(k ? across : steer_v3_zero(), (steer_v3){-10, 0, 0}), 0, 0, -1,
                           NULL, 0, 0, false, {0, 0, 0}};
        CHECK(steer_world_set_goal(w, id[k], &goal) == STEER_OK);
    }
    const int quarter = (int)(1.5707963f / (gd.max_turn_rate * DT)); /* steps before it faces less than square on */
    double sharpest = 0.0, off_heading = 0.0, up_part = 0.0;
    int still_for = 0, arrived_at[2] = {0, 0};
    steer_v3 was[2];
    for (int k = 0; k < 2; ++k) CHECK(steer_world_get_heading(w, id[k], &was[k]) == STEER_OK);
    for (int s = 1; s <= 900; ++s) {
        CHECK(steer_world_step(w, DT) == STEER_OK);
        for (int k = 0; k < 2; ++k) {
            steer_agent_state st;
            steer_v3 h = steer_v3_zero();
            CHECK(steer_world_get_agent(w, id[k], &st) == STEER_OK);
            CHECK(steer_world_get_heading(w, id[k], &h) == STEER_OK);
            sharpest = fmax(sharpest, angle_between(was[k], h));
            if (steer_v3_len(st.velocity) > 0.0f) off_heading = fmax(off_heading, angle_between(st.velocity, h));
            if (ground) up_part = fmax(up_part, fabs((double)h.y) + fabs((double)st.velocity.y));
            if (k == 0 && st.position.x == 0.0f && st.position.y == 0.0f && st.position.z == 0.0f && still_for == s - 1)
                still_for = s;
            if (k == 0) CHECK(st.position.x <= 0.0f); /* never away from its point */
            if (!arrived_at[k] && steer_world_has_arrived(w, id[k])) arrived_at[k] = s;
            was[k] = h;
        }
    }
    printf("a turn-limited unit (%dD%s%s): still for %d steps (a quarter turn: %d), sharpest heading turn %.5f rad "
           "(rate %.5f), velocity off its heading %.5f rad, arrived after %d / %d steps\n",
           dim, ground ? ", ground, Y up" : "", non_penetration ? ", non_penetration" : "", still_for, quarter, sharpest, (double)(gd.max_turn_rate * DT), off_heading,
           arrived_at[0], arrived_at[1]);
    CHECK(still_for >= quarter - 1 && still_for <= quarter + 1);
    CHECK(sharpest <= gd.max_turn_rate * DT * 1.0001 + 1e-6);
    CHECK(off_heading < 1e-3); /* acos of float unit vectors near 1 */
    CHECK(arrived_at[0] > 0 && arrived_at[1] > 0);
    CHECK(up_part == 0.0);
    steer_world_destroy(w);
}

/* A 2D world keeping headings with one turn-limited unit (rate 1,
 * departure_distance 1, ARRIVE and SEPARATION `separation`) at (from_x, 0)
 * sent to the origin. */
static steer_world *parked_unit_world(float separation, float from_x, steer_agent_id *unit, steer_goal *goal)
{
    steer_world_def wd = world_def(2, 4, true);
    steer_world *w = steer_world_create(&wd);
    steer_group_def gd = steer_default_group_def();
    memset(gd.weight, 0, sizeof gd.weight);
    gd.weight[STEER_ARRIVE] = 1.0f;
    gd.weight[STEER_SEPARATION] = separation;
    gd.max_turn_rate = 1.0f;
    gd.departure_distance = 1.0f;
    CHECK(steer_world_add_group(w, &gd) == 0);
    *unit = steer_world_add_agent(w, 0, (steer_v3){from_x, 0, 0}, steer_v3_zero());
    *goal = (steer_goal){STEER_GOAL_ARRIVE, {0, 0, 0}, 0, 0, -1, NULL, 0, 0, false, {0, 0, 0}};
    CHECK(steer_world_set_goal(w, *unit, goal) == STEER_OK);
    return w;
}

/* A turn-limited unit that has arrived holds its heading: a neighbour
 * settling beside it pushes it (separation), and it takes the push along
 * the way it faces instead of turning to it. It had turned to face each
 * small correction on its point, so a squad on its places faced every way. */
static void an_arrived_turn_limited_unit_holds_its_heading(void)
{
    steer_agent_id a;
    steer_goal goal;
    steer_world *w = parked_unit_world(2.0f, 10.0f, &a, &goal);
    int s = 0;
    while (!steer_world_has_arrived(w, a) && s++ < 900) CHECK(steer_world_step(w, DT) == STEER_OK);
    CHECK(steer_world_has_arrived(w, a));
    steer_v3 held = steer_v3_zero(), h = steer_v3_zero();
    steer_agent_state at = {0}, now = {0};
    CHECK(steer_world_get_heading(w, a, &held) == STEER_OK);
    CHECK(steer_world_get_agent(w, a, &at) == STEER_OK);
    steer_agent_id b = steer_world_add_agent(w, 0, (steer_v3){0.3f, 6, 0}, steer_v3_zero());
    goal.target = (steer_v3){0.3f, 0.35f, 0};
    CHECK(steer_world_set_goal(w, b, &goal) == STEER_OK);
    int turned = 0, arrived_steps = 0;
    float moved = 0.0f;
    for (s = 0; s < 300; ++s) {
        CHECK(steer_world_step(w, DT) == STEER_OK);
        if (!steer_world_has_arrived(w, a)) continue;
        arrived_steps++;
        CHECK(steer_world_get_heading(w, a, &h) == STEER_OK);
        CHECK(steer_world_get_agent(w, a, &now) == STEER_OK);
        turned += memcmp(&h, &held, sizeof h) != 0;
        moved = fmaxf(moved, steer_v3_len(steer_v3_sub(now.position, at.position)));
    }
    printf("an arrived turn-limited unit: %d steps arrived, heading turned in %d of them, moved %.3f by its neighbour\n",
           arrived_steps, turned, (double)moved);
    CHECK(arrived_steps > 200 && turned == 0);
    CHECK(moved > 0.01f); /* it was pushed: the hold was put to the test */
    steer_world_destroy(w);
}

/* The hold is for a unit on its point, within arrival_tolerance of it: one
 * pushed farther off that stays arrived (within its departure_distance)
 * turns and comes back, and holds its heading once there. It had held its
 * heading wherever it stood arrived, and a unit moved 0.8 beside its point
 * with a departure_distance of 1 stayed there for good (an unlimited one
 * came back to 0.05). */
static void a_unit_pushed_off_its_point_comes_back(void)
{
    steer_agent_id a;
    steer_goal goal;
    steer_world *w = parked_unit_world(0.0f, 5.0f, &a, &goal);
    for (int s = 0; s < 600; ++s) CHECK(steer_world_step(w, DT) == STEER_OK);
    CHECK(steer_world_has_arrived(w, a));
    CHECK(steer_world_teleport_agent(w, a, (steer_v3){0, 0.8f, 0}, steer_v3_zero()) == STEER_OK);
    int left = 0;
    for (int s = 0; s < 600; ++s) {
        CHECK(steer_world_step(w, DT) == STEER_OK);
        left += !steer_world_has_arrived(w, a);
    }
    steer_agent_state st;
    steer_v3 h, held;
    CHECK(steer_world_get_agent(w, a, &st) == STEER_OK && steer_world_get_heading(w, a, &held) == STEER_OK);
    printf("a unit pushed 0.8 off its point (departure_distance 1): %.3f from it after 20 s, arrived all along: %s\n",
           (double)steer_v3_len(st.position), left ? "no" : "yes");
    CHECK(left == 0); /* a nudge within departure_distance: no departure */
    CHECK(steer_v3_len(st.position) <= steer_default_group_def().arrival_tolerance);
    for (int s = 0; s < 60; ++s) CHECK(steer_world_step(w, DT) == STEER_OK);
    CHECK(steer_world_get_heading(w, a, &h) == STEER_OK && memcmp(&h, &held, sizeof h) == 0); /* on its point: held */
    steer_world_destroy(w);
}

static void bad_calls_are_refused(void)
{
    steer_set_misuse_handler(misuse_record, 0);
    steer_world *off = make_world(2, 1, false);
    steer_agent_id a = steer_world_add_agent(off, 0, steer_v3_zero(), steer_v3_zero());
    steer_v3 h = {7, 7, 7};
    EXPECT_REPORT(steer_world_get_heading(off, a, &h), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_HEADINGS_OFF,
                  "steer_world_get_heading", "keep_headings = false");
    CHECK(h.x == 7.0f);
    EXPECT_REPORT(steer_world_set_heading(off, a, (steer_v3){1, 0, 0}), STEER_ERROR_INVALID_ARGUMENT,
                  STEER_MISUSE_HEADINGS_OFF, "steer_world_set_heading", "keep_headings = false");
    steer_result r[1] = {STEER_OK};
    EXPECT_REPORT(steer_world_get_headings(off, &a, &h, 1, r), 0, STEER_MISUSE_HEADINGS_OFF, "steer_world_get_headings",
                  "keep_headings = false");
    CHECK(r[0] == STEER_ERROR_INVALID_ARGUMENT);
    steer_world_destroy(off);

    steer_world *w = make_world(2, 1, true);
    steer_agent_id ids[3];
    for (int i = 0; i < 3; ++i) ids[i] = steer_world_add_agent(w, 0, (steer_v3){(float)i, 0, 0}, (steer_v3){0, 1, 0});
    EXPECT_REPORT(steer_world_get_heading(w, ids[0], NULL), STEER_ERROR_INVALID_ARGUMENT, STEER_MISUSE_NULL_ARGUMENT,
                  "steer_world_get_heading", "out = NULL");
    EXPECT_REPORT(steer_world_set_heading(w, ids[0], (steer_v3){NAN, 1, 0}), STEER_ERROR_INVALID_ARGUMENT,
                  STEER_MISUSE_AGENT_HEADING, "steer_world_set_heading", "heading = (nan, 1, 0): must be finite and not zero");
    EXPECT_REPORT(steer_world_set_heading(w, ids[0], (steer_v3){0, 0, 5}), STEER_ERROR_INVALID_ARGUMENT,
                  STEER_MISUSE_AGENT_HEADING, "steer_world_set_heading", "must be finite and not zero"); /* 2D: no z */
    CHECK(steer_world_get_heading(w, ids[0], &h) == STEER_OK && h.x == 0.0f && h.y == 1.0f); /* unchanged */
    /* a tiny heading is a direction all the same (it was refused as "zero") */
    CHECK(steer_world_set_heading(w, ids[0], (steer_v3){1e-30f, -1e-30f, 0}) == STEER_OK);
    CHECK(steer_world_get_heading(w, ids[0], &h) == STEER_OK && fabsf(h.x - 0.70710678f) < 1e-6f && fabsf(h.y + 0.70710678f) < 1e-6f);
    CHECK(steer_world_set_heading(w, ids[0], (steer_v3){0, 1, 0}) == STEER_OK);
    CHECK(steer_world_remove_agent(w, ids[1]) == STEER_OK);
    EXPECT_REPORT(steer_world_get_heading(w, ids[1], &h), STEER_ERROR_STALE_HANDLE, STEER_MISUSE_HANDLE_STALE,
                  "steer_world_get_heading", "no live agent");
    /* bulk: a gone agent is its entry's result, not misuse */
    steer_v3 out[3];
    steer_result results[3];
    int before = misuse_last.count;
    CHECK(steer_world_get_headings(w, ids, out, 3, results) == 2);
    CHECK(misuse_last.count == before);
    CHECK(results[0] == STEER_OK && results[1] == STEER_ERROR_STALE_HANDLE && results[2] == STEER_OK);
    CHECK(out[1].x == 0.0f && out[1].y == 0.0f && out[2].y == 1.0f);
    EXPECT_REPORT(steer_world_get_headings(w, ids, NULL, 3, results), 0, STEER_MISUSE_NULL_ARGUMENT,
                  "steer_world_get_headings", "must point to count = 3 entries");
    /* two buffers of two floats an agent of capacity (2D) */
    steer_world *plain = make_world(2, 1, false);
    CHECK(steer_world_memory_bytes(w) - steer_world_memory_bytes(plain) >= (size_t)(WALKERS + 48) * 16);
    steer_world_destroy(plain);
    steer_world_destroy(w);
    steer_set_misuse_handler(check_count_misuse, 0);
}

/* The view's headings are each row's agent's (by its handle), after steps
 * that sorted them, in 2D and 3D; none without keep_headings, no hz in 2D. */
static void the_view_holds_each_rows_heading(void)
{
    for (int dim = 2; dim <= 3; ++dim) {
        steer_world *w = make_world(dim, 2, true);
        steer_rng rng = steer_rng_make(11);
        for (int i = 0; i < 200; ++i) {
            steer_v3 p = {steer_rng_range(&rng, -20, 20), steer_rng_range(&rng, -20, 20), dim == 3 ? steer_rng_range(&rng, -20, 20) : 0};
            steer_v3 v = {steer_rng_range(&rng, -1, 1), steer_rng_range(&rng, -1, 1), dim == 3 ? steer_rng_range(&rng, -1, 1) : 0};
            steer_agent_id id = steer_world_add_agent(w, 0, p, v);
            steer_goal go = {STEER_GOAL_ARRIVE, {-p.x, -p.y, -p.z}, 0, 0, -1, NULL, 0, 0, false, {0, 0, 0}};
            CHECK(steer_world_set_goal(w, id, &go) == STEER_OK);
        }
        for (int s = 0; s < 90; ++s) CHECK(steer_world_step(w, DT) == STEER_OK);
        steer_world_view view = steer_world_get_view(w);
        CHECK(view.count == 200 && view.hx && view.hy && (dim == 3) == (view.hz != NULL));
        steer_agent_id ids[200];
        steer_v3 h[200];
        CHECK(steer_world_get_agent_ids(w, ids, 200) == 200 && steer_world_get_headings(w, ids, h, 200, NULL) == 200);
        int same = 0;
        for (int k = 0; k < 200 && view.hx && view.hy; ++k)
            same += view.hx[k] == h[k].x && view.hy[k] == h[k].y && (dim == 2 || (view.hz && view.hz[k] == h[k].z));
        CHECK(same == 200);
        steer_world_destroy(w);
        w = make_world(dim, 1, false);
        CHECK(steer_world_add_agent(w, 0, steer_v3_zero(), (steer_v3){1, 0, 0}).index != 0);
        view = steer_world_get_view(w);
        CHECK(view.count == 1 && !view.hx && !view.hy && !view.hz);
        steer_world_destroy(w);
    }
}

int main(void)
{
    headings_turn_at_the_groups_rate(2, false);
    headings_turn_at_the_groups_rate(3, true);
    headings_turn_at_the_groups_rate(3, false);
    a_walker_faces_its_way_and_keeps_it_at_rest();
    the_same_bits_for_any_thread_count_and_through_a_snapshot(0.0f);
    the_same_bits_for_any_thread_count_and_through_a_snapshot(1.5f);
    a_turn_limited_unit_turns_on_the_spot(2, STEER_UP_Z, false, false);
    a_turn_limited_unit_turns_on_the_spot(2, STEER_UP_Z, false, true);
    a_turn_limited_unit_turns_on_the_spot(3, STEER_UP_Y, true, false);
    a_turn_limited_unit_turns_on_the_spot(3, STEER_UP_Z, false, false);
    a_turn_limited_unit_turns_on_the_spot(3, STEER_UP_Z, false, true);
    an_arrived_turn_limited_unit_holds_its_heading();
    a_unit_pushed_off_its_point_comes_back();
    standing_agents_keep_their_own_headings_as_the_sort_moves_them();
    without_headings_a_snapshot_is_version_11s_layout();
    ground_headings_lie_on_the_ground();
    bad_calls_are_refused();
    the_view_holds_each_rows_heading();
    return check_summary("test_world_headings");
}

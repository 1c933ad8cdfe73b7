/* A server's world under churn (docs/robustness.md, "Soak"): each frame
 * removes and adds 1% of the agents, sets and clears goals of every kind,
 * moves agents between groups, sends a squad to places, re-routes a path,
 * adds and removes formations and moves obstacles, then steps by 1/20. A
 * snapshot is taken every SNAP frames between the calls and the step (the
 * handle table, the goals' order and the query index all stale), restored
 * into a replica that replays the same frames: every state hash must be the
 * world's. The allocator's live bytes in the last third of the run must
 * stay within 1/16 of their peak in the middle third (the goal table has
 * grown by then; waypoint goals come and go) and be 0 after destroy.
 *
 *   test_robust_churn [FRAMES] [AGENTS] [SNAP]
 * Defaults: 600 frames of 2,000 agents, a snapshot every 100 (about 1 s;
 * 120 frames of 300 under sanitizers). The robust soak steps one script
 * for a long time; this one is the calls a persistent server makes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "counting_allocator.h"
#include "crowd_unit.h"
#include "robust_world.h"

#define REPLAY 40
#define FORMATIONS 16

/* The calls' own state: a generator and the handles the game holds. */
typedef struct driver {
    uint64_t rng;
    int n;
    steer_agent_id *ids;
    int formations[FORMATIONS];
    int formation_count;
} driver;

static uint32_t next(driver *d)
{
    d->rng ^= d->rng << 13, d->rng ^= d->rng >> 7, d->rng ^= d->rng << 17;
    return (uint32_t)(d->rng >> 16);
}

static const float HALF = 120.0f;

static steer_v3 somewhere(driver *d)
{
    float x = (float)(next(d) % 10000u) / 10000.0f, y = (float)(next(d) % 10000u) / 10000.0f;
    return steer_v3_make((2.0f * x - 1.0f) * (HALF - 5.0f), (2.0f * y - 1.0f) * (HALF - 5.0f), 0.0f);
}

static steer_agent_id any(driver *d) { return d->ids[next(d) % (uint32_t)d->n]; }

static steer_world *make_world(counter *c, int capacity)
{
    steer_world_def wd = steer_default_world_def();
    wd.capacity = capacity;
    wd.bounds_min = steer_v3_make(-HALF, -HALF, -50.0f);
    wd.bounds_max = steer_v3_make(HALF, HALF, 50.0f);
    wd.boundary = STEER_BOUNDARY_CLAMP;
    wd.max_obstacles = 16;
    wd.allocator = allocator_of(c);
    steer_world *w = steer_world_create(&wd);
    CHECK(w != NULL);
    steer_group_def units = rts_unit_def(), walkers = crowd_unit_def(), flock = steer_default_group_def();
    walkers.max_speed = 2.0f, walkers.neighbour_radius = 3.0f;
    flock.weight[STEER_WANDER] = 1.0f;
    CHECK(steer_world_add_group(w, &units) == 0 && steer_world_add_group(w, &walkers) == 1 &&
          steer_world_add_group(w, &flock) == 2);
    for (int i = 0; i < 16; ++i)
        steer_world_add_obstacle(w, steer_v3_make(-100.0f + 13.0f * (float)i, (float)(i * 37 % 200) - 100.0f, 0.0f), 2.0f);
    const steer_v3 loop[4] = {{-50, -50, 0}, {50, -50, 0}, {50, 50, 0}, {-50, 50, 0}};
    CHECK(steer_world_add_path(w, loop, 4, true, 2.0f) == 0);
    return w;
}

/* One frame's calls, then a save when `save` is given (into *save, its
 * size in *saved, the driver as it stands in *at_save), then the step. */
static void frame(steer_world *w, driver *d, long f, unsigned char **save, size_t *saved, driver *at_save)
{
    int churn = d->n / 100 + 1;
    for (int k = 0; k < churn; ++k) {
        int i = (int)(next(d) % (uint32_t)d->n);
        CHECK(steer_world_remove_agent(w, d->ids[i]) == STEER_OK);
        d->ids[i] = steer_world_add_agent(w, (int)(next(d) % 3u), somewhere(d), steer_v3_zero());
        CHECK(d->ids[i].index != 0);
    }
    for (int k = 0; k < churn; ++k) {
        steer_v3 points[8];
        steer_goal g = {0};
        g.kind = (steer_goal_kind)(next(d) % 5u); /* NONE clears */
        g.target = somewhere(d);
        g.progress = g.kind == STEER_GOAL_PATH ? -1 : 0;
        if (g.kind == STEER_GOAL_WAYPOINTS) {
            g.point_count = 1 + (int)(next(d) % 8u);
            for (int p = 0; p < g.point_count; ++p) points[p] = somewhere(d);
            g.points = points;
        }
        CHECK(steer_world_set_goal(w, any(d), &g) == STEER_OK);
    }
    for (int k = 0; k < churn / 4 + 1; ++k) CHECK(steer_world_set_agent_group(w, any(d), (int)(next(d) % 3u)) == STEER_OK);
    steer_agent_id squad[8];
    for (int n = 0; n < 8;) {
        steer_agent_id id = any(d);
        bool listed = false;
        for (int j = 0; j < n; ++j) listed |= squad[j].index == id.index;
        if (!listed) squad[n++] = id;
    }
    steer_places_query q = {somewhere(d), 1.5f, 0.5f, squad, 8};
    steer_v3 places[8];
    CHECK(steer_world_places_around(w, &q, places, 8) >= 0);
    CHECK(steer_world_send_to_places(w, squad, 8, places, 8, (f & 1) != 0, NULL) == 8);
    if (f % 5 == 0) {
        steer_agent_id leader = any(d), members[3];
        for (int n = 0; n < 3;) {
            steer_agent_id id = any(d);
            bool listed = id.index == leader.index;
            for (int j = 0; j < n; ++j) listed |= members[j].index == id.index;
            if (!listed) members[n++] = id;
        }
        const steer_v3 slots[3] = {{-1.5f, 1, 0}, {-1.5f, -1, 0}, {-3, 0, 0}};
        if (d->formation_count == FORMATIONS) {
            CHECK(steer_world_remove_formation(w, d->formations[0]) == STEER_OK);
            memmove(d->formations, d->formations + 1, (FORMATIONS - 1) * sizeof *d->formations);
            --d->formation_count;
        }
        int index = steer_world_add_formation(w, leader, members, slots, 3);
        CHECK(index >= 0);
        d->formations[d->formation_count++] = index;
    }
    if (f % 7 == 0) {
        steer_v3 route[5];
        int m = 2 + (int)(next(d) % 4u);
        for (int p = 0; p < m; ++p) route[p] = somewhere(d);
        CHECK(steer_world_set_path(w, 0, route, m, false, 2.0f) == STEER_OK);
    }
    int o = (int)(next(d) % 16u);
    steer_obstacle3 rock;
    CHECK(steer_world_get_obstacle(w, o, &rock) == STEER_OK);
    CHECK(steer_world_set_obstacle(w, o, steer_v3_make(rock.centre.x, rock.centre.y + 0.1f, 0.0f), rock.radius) == STEER_OK);
    if (save) {
        *saved = steer_world_snapshot_size(w);
        *save = realloc(*save, *saved);
        CHECK(*save && steer_world_save(w, *save, *saved, NULL) == STEER_OK);
        at_save->rng = d->rng, at_save->formation_count = d->formation_count;
        memcpy(at_save->formations, d->formations, sizeof d->formations);
        memcpy(at_save->ids, d->ids, sizeof *d->ids * (size_t)d->n);
    }
    CHECK(steer_world_step(w, 0.05f) == STEER_OK);
}

int main(int argc, char **argv)
{
    long frames = argc > 1 ? atol(argv[1]) : (ROBUST_SANITIZED ? 120 : 600);
    int agents = argc > 2 ? atoi(argv[2]) : (ROBUST_SANITIZED ? 300 : 2000);
    long snap_every = argc > 3 ? atol(argv[3]) : (ROBUST_SANITIZED ? 40 : 100);
    if (frames < 2 || agents < 100 || snap_every < REPLAY) {
        fprintf(stderr, "usage: test_robust_churn [FRAMES >= 2] [AGENTS >= 100] [SNAP >= %d]\n", REPLAY);
        return 2;
    }
    counter c, rc;
    counter_reset(&c, -1), counter_reset(&rc, -1);
    steer_world *w = make_world(&c, agents + agents / 4);
    driver d = {0x9E3779B97F4A7C15ull, agents, malloc(sizeof(steer_agent_id) * (size_t)agents), {0}, 0};
    driver at_save = d;
    at_save.ids = malloc(sizeof(steer_agent_id) * (size_t)agents);
    steer_agent_id *replayed = malloc(sizeof(steer_agent_id) * (size_t)agents);
    CHECK(d.ids && at_save.ids && replayed);
    for (int i = 0; i < agents; ++i) d.ids[i] = steer_world_add_agent(w, (int)(next(&d) % 3u), somewhere(&d), steer_v3_zero());
    unsigned char *save = NULL;
    size_t saved = 0;
    uint64_t hashes[REPLAY];
    long saved_at = -1, replicas = 0, parted = 0, live_peak_middle = 0, live_peak_last = 0;
    for (long f = 0; f < frames; ++f) {
        bool saving = f % snap_every == 0;
        frame(w, &d, f, saving ? &save : NULL, &saved, &at_save);
        if (saving) saved_at = f;
        if (saved_at >= 0 && f - saved_at < REPLAY) hashes[f - saved_at] = steer_world_state_hash(w);
        if (saved_at >= 0 && f - saved_at == REPLAY - 1) { /* the replica: the same frames from the save */
            steer_world *r = make_world(&rc, agents + agents / 4);
            CHECK(steer_world_restore(r, save, saved) == STEER_OK);
            driver rd = at_save;
            memcpy(replayed, at_save.ids, sizeof *replayed * (size_t)agents);
            rd.ids = replayed;
            CHECK(steer_world_step(r, 0.05f) == STEER_OK); /* the save came before its frame's step */
            bool same = steer_world_state_hash(r) == hashes[0];
            for (long k = 1; k < REPLAY && same; ++k) {
                frame(r, &rd, saved_at + k, NULL, NULL, NULL);
                same = steer_world_state_hash(r) == hashes[k];
            }
            replicas++, parted += !same;
            steer_world_destroy(r);
        }
        long live = (long)atomic_load(&c.live_bytes), third = 3 * f / frames;
        long *peak = third == 1 ? &live_peak_middle : &live_peak_last;
        if (third > 0 && live > *peak) *peak = live;
    }
    printf("test_robust_churn: %ld frames of %d agents, %ld replicas (%ld parted), live bytes' peak %ld in the middle "
           "third, %ld in the last\n", frames, agents, replicas, parted, live_peak_middle, live_peak_last);
    CHECK(replicas > 0 && parted == 0);
    CHECK(live_peak_last <= live_peak_middle + live_peak_middle / 16);
    steer_world_destroy(w);
    CHECK(atomic_load(&c.live_bytes) == 0 && atomic_load(&rc.live_bytes) == 0);
    free(save);
    free(d.ids);
    free(at_save.ids);
    free(replayed);
    return check_summary("test_robust_churn");
}

/* Body radii per agent (def.agent_radii): an agent with its own radius
 * moves exactly as one of a group of that radius would (keep_apart,
 * non_penetration, solid obstacles and walls, the anticipation, neighbour
 * avoidance, the queue, places' trades: bit for bit against a world of two
 * groups); a crowd of drawn sizes never overlaps under keep_apart; the
 * same bits for 1, 2 and 4 threads, every kernel and through a snapshot;
 * 0 gives an agent its group's radius again, which then follows the
 * group's; bad calls are refused with a report naming the field. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "crowd_unit.h"
#include "misuse_report.h"
#include "snapshot_bytes.h"
#include "steer/steer.h"

#define DT 0.1f
#define UNITS 90
#define WIDE 0.8f /* every third unit's radius, against the group's 0.5 */

typedef enum { CROWD_RTS, CROWD_PUSHED } crowd_kind;


/* The units' group: rts_unit_def (anticipation, rocks, keep_apart), or
 * one that avoids its neighbours and queues, pushed apart by non_penetration. */
static steer_group_def unit_def(crowd_kind kind, float radius)
{
    steer_group_def g = rts_unit_def();
    if (kind == CROWD_PUSHED) {
        g.weight[STEER_ANTICIPATE] = 0.0f;
        g.weight[STEER_AVOID_NEIGHBOURS] = 1.0f;
        g.weight[STEER_QUEUE] = 1.0f;
        g.keep_apart = false;
    }
    g.radius = radius;
    return g;
}

/* A world of UNITS units on a circle of radius 22 (1.5 apart), each sent to the far
 * side, round two solid rocks and past a solid wall. own_radii: one group,
 * every third unit given radius WIDE of its own; else two groups, every
 * third unit in the second, of radius WIDE. */
static steer_world *crossing(crowd_kind kind, bool own_radii, int workers, steer_kernel kernel, steer_agent_id ids[UNITS])
{
    steer_world_def wd = steer_default_world_def();
    wd.dim = 2;
    wd.capacity = UNITS;
    wd.boundary = STEER_BOUNDARY_NONE;
    wd.solid_obstacles = wd.solid_walls = true;
    wd.non_penetration = kind == CROWD_PUSHED;
    wd.agent_radii = own_radii;
    wd.worker_count = workers;
    steer_world *w = steer_world_create(&wd);
    CHECK(w != NULL);
    if (!w) return NULL;
    steer_world_set_kernel(w, kernel);
    steer_group_def narrow = unit_def(kind, 0.5f), wide = unit_def(kind, WIDE);
    CHECK(steer_world_add_group(w, &narrow) == 0);
    if (!own_radii) CHECK(steer_world_add_group(w, &wide) == 1);
    CHECK(steer_world_add_obstacle(w, (steer_v3){3, 1, 0}, 1.5f) == 0);
    CHECK(steer_world_add_obstacle(w, (steer_v3){-3, -2, 0}, 1.0f) == 1);
    CHECK(steer_world_add_wall(w, (steer_v3){-2, 6, 0}, (steer_v3){2, 6, 0}) == 0);
    for (int i = 0; i < UNITS; ++i) {
        float a = 6.2831853f * (float)i / UNITS;
        steer_v3 p = {22.0f * cosf(a), 22.0f * sinf(a), 0};
        bool wide = i % 3 == 0;
        ids[i] = steer_world_add_agent(w, wide && !own_radii ? 1 : 0, p, steer_v3_zero());
        if (wide && own_radii) CHECK(steer_world_set_radius(w, ids[i], WIDE) == STEER_OK);
        steer_goal goal = {0};
        goal.kind = STEER_GOAL_ARRIVE;
        goal.target = steer_v3_scale(p, -1.0f);
        CHECK(steer_world_set_goal(w, ids[i], &goal) == STEER_OK);
    }
    return w;
}

static void step(steer_world *w, int steps)
{
    for (int s = 0; s < steps; ++s) CHECK(steer_world_step(w, DT) == STEER_OK);
}

/* Each unit's position and velocity, bit for bit, in the two worlds. */
static int units_differing(const steer_world *a, const steer_agent_id ia[UNITS], const steer_world *b,
                           const steer_agent_id ib[UNITS])
{
    int differ = 0;
    for (int i = 0; i < UNITS; ++i) {
        steer_agent_state sa, sb;
        CHECK(steer_world_get_agent(a, ia[i], &sa) == STEER_OK);
        CHECK(steer_world_get_agent(b, ib[i], &sb) == STEER_OK);
        differ += memcmp(&sa.position, &sb.position, sizeof sa.position) != 0 ||
                  memcmp(&sa.velocity, &sb.velocity, sizeof sa.velocity) != 0;
    }
    return differ;
}

/* The smallest distance over the sum of the two radii, over every pair. */
static double closest_over_radii(const steer_world *w, const steer_agent_id ids[UNITS])
{
    double worst = INFINITY;
    for (int i = 0; i < UNITS; ++i)
        for (int j = i + 1; j < UNITS; ++j) {
            steer_agent_state si, sj;
            float ri, rj;
            steer_world_get_agent(w, ids[i], &si);
            steer_world_get_agent(w, ids[j], &sj);
            steer_world_get_radius(w, ids[i], &ri);
            steer_world_get_radius(w, ids[j], &rj);
            double d = steer_v3_dist(si.position, sj.position) / ((double)ri + rj);
            worst = d < worst ? d : worst;
        }
    return worst;
}

static void an_own_radius_moves_as_a_group_of_that_radius(crowd_kind kind)
{
    steer_agent_id ia[UNITS], ib[UNITS];
    steer_world *a = crossing(kind, true, 1, STEER_KERNEL_BEST, ia);
    steer_world *b = crossing(kind, false, 1, STEER_KERNEL_BEST, ib);
    int first_differing = -1;
    double closest = INFINITY;
    for (int s = 0; s < 400 && first_differing < 0; ++s) {
        step(a, 1);
        step(b, 1);
        if (units_differing(a, ia, b, ib) != 0) first_differing = s;
        double c = closest_over_radii(a, ia);
        closest = c < closest ? c : closest;
    }
    printf("%s: the two worlds %s; closest pair at %.3f of the summed radii\n",
           kind == CROWD_RTS ? "keep_apart, anticipation, rocks" : "non_penetration, avoid_neighbours, queue",
           first_differing < 0 ? "agree for 400 steps" : "part", closest);
    if (first_differing >= 0) printf("  first different at step %d\n", first_differing);
    CHECK(first_differing < 0);
    if (kind == CROWD_RTS) CHECK(closest >= 0.999); /* keep_apart: never closer than the two bodies */
    CHECK(closest > 0.0);
    steer_world_destroy(a);
    steer_world_destroy(b);
}

/* The wide units really are wider: the same world with every unit of the
 * group's radius ends elsewhere (so the agreement above is not vacuous). */
static void the_own_radii_change_the_motion(void)
{
    steer_agent_id ia[UNITS], ib[UNITS];
    steer_world *a = crossing(CROWD_RTS, true, 1, STEER_KERNEL_BEST, ia);
    steer_world *b = crossing(CROWD_RTS, true, 1, STEER_KERNEL_BEST, ib);
    for (int i = 0; i < UNITS; i += 3) CHECK(steer_world_set_radius(b, ib[i], 0.0f) == STEER_OK);
    float r = -1.0f;
    CHECK(steer_world_get_radius(b, ib[0], &r) == STEER_OK && r == 0.5f); /* 0: the group's again */
    CHECK(steer_world_get_radius(a, ia[0], &r) == STEER_OK && r == WIDE);
    step(a, 150);
    step(b, 150);
    int differing = units_differing(a, ia, b, ib);
    printf("with every unit of the group's radius, %d of %d end elsewhere after 150 steps\n", differing, UNITS);
    CHECK(differing > UNITS / 3);
    CHECK(steer_world_state_hash(a) != steer_world_state_hash(b));
    steer_world_destroy(a);
    steer_world_destroy(b);
}

/* The same bits for 1, 2 and 4 threads and every kernel, and through a
 * snapshot restored into a world made without agent_radii (the snapshot
 * brings them). */
static void the_same_bits_everywhere(void)
{
    steer_agent_id ids[UNITS];
    steer_world *ref = crossing(CROWD_RTS, true, 1, STEER_KERNEL_SCALAR, ids);
    step(ref, 120);
    uint64_t want = steer_world_state_hash(ref);
    const steer_kernel kernels[] = {STEER_KERNEL_SCALAR, STEER_KERNEL_BEST};
    const int workers[] = {1, 2, 4};
    for (int k = 0; k < 2; ++k)
        for (int t = 0; t < 3; ++t) {
            steer_world *w = crossing(CROWD_RTS, true, workers[t], kernels[k], ids);
            step(w, 120);
            CHECK(steer_world_state_hash(w) == want);
            steer_world_destroy(w);
        }
    /* saved at step 60, restored into a plain world, stepped on */
    steer_world *w = crossing(CROWD_RTS, true, 2, STEER_KERNEL_BEST, ids);
    step(w, 60);
    size_t size = steer_world_snapshot_size(w);
    void *bytes = malloc(size);
    CHECK(bytes && steer_world_save(w, bytes, size, &size) == STEER_OK);
    steer_snapshot_info info;
    CHECK(steer_world_snapshot_info(bytes, size, &info) == STEER_OK && info.version == STEER_SNAPSHOT_VERSION);
    steer_world_def plain = steer_default_world_def();
    plain.dim = 2;
    plain.capacity = UNITS;
    steer_world *back = steer_world_create(&plain);
    CHECK(steer_world_restore(back, bytes, size) == STEER_OK);
    steer_world_def got;
    steer_world_get_def(back, &got);
    CHECK(got.agent_radii);
    float r = 0.0f;
    CHECK(steer_world_get_radius(back, ids[0], &r) == STEER_OK && r == WIDE);
    CHECK(steer_world_get_radius(back, ids[1], &r) == STEER_OK && r == 0.5f);
    step(back, 60);
    CHECK(steer_world_state_hash(back) == want);
    /* grown mid-run (its grid may then have more cells: world.h,
     * steer_world_reserve_agents): the radii kept, the same bits on 1 and 3
     * threads and either kernel */
    uint64_t grown_hash[2];
    steer_world *grown = NULL;
    for (int k = 0; k < 2; ++k) {
        steer_world_destroy(grown);
        grown = crossing(CROWD_RTS, true, k ? 3 : 1, kernels[k], ids);
        step(grown, 60);
        CHECK(steer_world_reserve_agents(grown, 4 * UNITS) == STEER_OK);
        step(grown, 60);
        grown_hash[k] = steer_world_state_hash(grown);
    }
    CHECK(grown_hash[0] == grown_hash[1]);
    CHECK(steer_world_get_radius(grown, ids[3], &r) == STEER_OK && r == WIDE);
    free(bytes);
    steer_world_destroy(back);
    steer_world_destroy(grown);
    steer_world_destroy(w);
    steer_world_destroy(ref);
}

/* A flock of FLOCK, pushed apart by non_penetration: radius 0.3,
 * neighbour radius 1 (its cells 1 wide until an agent is made wider than
 * half of that), scattered over 20 x 20 by a fixed draw. */
#define FLOCK 400
static steer_world *pushed_flock(steer_agent_id ids[FLOCK])
{
    steer_world_def wd = steer_default_world_def();
    wd.dim = 2;
    wd.capacity = FLOCK;
    wd.non_penetration = true;
    wd.agent_radii = true;
    steer_world *w = steer_world_create(&wd);
    CHECK(w != NULL);
    if (!w) return NULL;
    steer_group_def g = steer_default_group_def();
    g.radius = 0.3f;
    g.neighbour_radius = 1.0f;
    g.weight[STEER_WANDER] = 1.0f;
    CHECK(steer_world_add_group(w, &g) == 0);
    uint32_t draw = 1;
    for (int i = 0; i < FLOCK; ++i) {
        draw = draw * 1664525u + 1013904223u;
        float x = (float)(draw >> 8 & 2047u) / 102.4f - 10.0f;
        draw = draw * 1664525u + 1013904223u;
        float y = (float)(draw >> 8 & 2047u) / 102.4f - 10.0f;
        ids[i] = steer_world_add_agent(w, 0, (steer_v3){x, y, 0}, (steer_v3){1, 0, 0});
    }
    return w;
}

/* The world's reaches follow the radii its agents have now, not the
 * largest ever given: an agent made wider than the neighbour radius (the
 * non_penetration cells then hold two of it) and set back, or removed,
 * leaves a world that continues as its snapshot restored elsewhere does
 * (the snapshot holds only the radii the agents have). */
static void a_radius_set_back_leaves_no_trace(bool remove)
{
    steer_agent_id *ids = malloc(sizeof *ids * FLOCK);
    steer_world *w = pushed_flock(ids);
    CHECK(steer_world_set_radius(w, ids[0], 3.0f) == STEER_OK); /* cells of 6 */
    step(w, 1);
    if (remove) CHECK(steer_world_remove_agent(w, ids[0]) == STEER_OK);
    else CHECK(steer_world_set_radius(w, ids[0], 0.0f) == STEER_OK);
    step(w, 5);
    size_t size = steer_world_snapshot_size(w);
    void *bytes = malloc(size);
    CHECK(bytes && steer_world_save(w, bytes, size, &size) == STEER_OK);
    steer_world_def plain = steer_default_world_def();
    plain.capacity = FLOCK;
    steer_world *back = steer_world_create(&plain);
    CHECK(steer_world_restore(back, bytes, size) == STEER_OK);
    step(w, 50);
    step(back, 50);
    printf("an agent of radius 3 %s: the world and its snapshot %s after 50 steps\n", remove ? "removed" : "set back",
           steer_world_state_hash(w) == steer_world_state_hash(back) ? "agree" : "part");
    CHECK(steer_world_state_hash(w) == steer_world_state_hash(back));
    free(bytes);
    free(ids);
    steer_world_destroy(back);
    steer_world_destroy(w);
}

/* A crowd of PACKED agents of radius 0.5 drawn over 10 x 10 (far more
 * than fit) and drawn to its middle, pushed apart by non_penetration:
 * own_radii, all in group 0 of radius 0.1 with radius 0.5 of their own;
 * else all in group 1, of radius 0.5, group 0 left empty. */
#define PACKED 800
static steer_world *packed_crowd(bool own_radii, steer_agent_id ids[PACKED])
{
    steer_world_def wd = steer_default_world_def();
    wd.dim = 2;
    wd.capacity = PACKED;
    wd.non_penetration = true;
    wd.agent_radii = own_radii;
    steer_world *w = steer_world_create(&wd);
    CHECK(w != NULL);
    if (!w) return NULL;
    steer_group_def g = steer_default_group_def();
    for (int b = 0; b < STEER_BEHAVIOUR_COUNT; ++b) g.weight[b] = 0.0f;
    g.weight[STEER_SEPARATION] = 1.0f;
    g.radius = 0.1f;
    g.neighbour_radius = 0.5f;
    CHECK(steer_world_add_group(w, &g) == 0);
    g.radius = 0.5f;
    if (!own_radii) CHECK(steer_world_add_group(w, &g) == 1);
    uint32_t draw = 7;
    for (int i = 0; i < PACKED; ++i) {
        draw = draw * 1664525u + 1013904223u;
        float x = (float)(draw >> 8 & 1023u) / 102.4f - 5.0f;
        draw = draw * 1664525u + 1013904223u;
        float y = (float)(draw >> 8 & 1023u) / 102.4f - 5.0f;
        ids[i] = steer_world_add_agent(w, own_radii ? 0 : 1, (steer_v3){x, y, 0}, steer_v3_zero());
        if (own_radii) CHECK(steer_world_set_radius(w, ids[i], 0.5f) == STEER_OK);
        steer_goal goal = {0};
        goal.kind = STEER_GOAL_SEEK;
        CHECK(steer_world_set_goal(w, ids[i], &goal) == STEER_OK);
    }
    return w;
}

/* non_penetration samples a block of more agents than can lie in it
 * without overlapping, reckoned for its smallest body: a group's radius
 * that no member's body has (each has its own) does not count, as an
 * empty group's does not, so the packed crowd moves as a group of its
 * radius does. */
static void a_packed_crowd_of_own_radii_moves_as_its_group(void)
{
    steer_agent_id *ia = malloc(sizeof *ia * PACKED), *ib = malloc(sizeof *ib * PACKED);
    steer_world *a = packed_crowd(true, ia), *b = packed_crowd(false, ib);
    int first_differing = -1;
    for (int s = 0; s < 20 && first_differing < 0; ++s) {
        step(a, 1);
        step(b, 1);
        for (int i = 0; i < PACKED && first_differing < 0; ++i) {
            steer_agent_state sa, sb;
            CHECK(steer_world_get_agent(a, ia[i], &sa) == STEER_OK && steer_world_get_agent(b, ib[i], &sb) == STEER_OK);
            if (memcmp(&sa.position, &sb.position, sizeof sa.position) != 0) first_differing = s;
        }
    }
    printf("a packed crowd of own radii and a group of that radius %s\n",
           first_differing < 0 ? "agree for 20 steps" : "part");
    CHECK(first_differing < 0);
    free(ia);
    free(ib);
    steer_world_destroy(a);
    steer_world_destroy(b);
}

/* The view's radii follow the agents through the sort and a removal; an
 * agent without one of its own takes its group's, and a group's new
 * radius. A world without agent_radii hashes as before and has no column. */
static void radii_follow_their_agents(void)
{
    steer_agent_id ids[UNITS];
    steer_world *w = crossing(CROWD_RTS, true, 2, STEER_KERNEL_BEST, ids);
    step(w, 30);
    CHECK(steer_world_remove_agent(w, ids[1]) == STEER_OK); /* the last moves into its row */
    step(w, 30);
    steer_world_view view = steer_world_get_view(w);
    steer_agent_id *order = malloc(sizeof *order * UNITS);
    CHECK(view.radius != NULL && steer_world_get_agent_ids(w, order, UNITS) == UNITS - 1);
    int wrong = 0;
    for (int k = 0; k < view.count; ++k) {
        int i = -1;
        for (int j = 0; j < UNITS; ++j)
            if (ids[j].index == order[k].index) i = j;
        wrong += view.radius[k] != (i % 3 == 0 ? WIDE : 0.0f);
    }
    CHECK(wrong == 0);
    float radii[3] = {0};
    steer_result results[3];
    steer_agent_id some[3] = {ids[0], ids[1], ids[2]}; /* ids[1] is gone */
    CHECK(steer_world_get_radii(w, some, radii, 3, results) == 2);
    CHECK(results[1] == STEER_ERROR_STALE_HANDLE && radii[0] == WIDE && radii[2] == 0.5f);
    steer_group_def g;
    steer_world_get_group(w, 0, &g);
    g.radius = 0.6f;
    CHECK(steer_world_set_group(w, 0, &g) == STEER_OK);
    CHECK(steer_world_get_radii(w, some, radii, 3, NULL) == 2 && radii[0] == WIDE && radii[2] == 0.6f);
    free(order);
    steer_world_destroy(w);
    /* without agent_radii: no column, the group's radius */
    steer_world *plain = crossing(CROWD_RTS, false, 1, STEER_KERNEL_BEST, ids);
    CHECK(steer_world_get_view(plain).radius == NULL);
    CHECK(steer_world_get_radius(plain, ids[0], &radii[0]) == STEER_OK && radii[0] == WIDE);
    steer_world_destroy(plain);
}

/* A snapshot's radii are held to set_radius's rules: one NaN, negative,
 * infinite, or over half its keep_apart group's neighbour radius (keep_apart
 * would not see two such bodies before they touch) is refused and the
 * host left as it was; one within them is taken. */
static void a_snapshot_with_a_bad_radius_is_refused(void)
{
    steer_agent_id ids[UNITS];
    steer_world *w = crossing(CROWD_RTS, true, 1, STEER_KERNEL_BEST, ids);
    step(w, 5);
    snap_buffer snap = snap_save(w);
    steer_world *host = crossing(CROWD_RTS, true, 1, STEER_KERNEL_BEST, ids);
    uint64_t before = steer_world_state_hash(host);
    const size_t first_radius = snap.size - 4 - 4 * (size_t)UNITS; /* the last column, before the CRC */
    const float bad[] = {NAN, -0.5f, INFINITY, 2.5f /* neighbour_radius 4 */}, fine = 2.0f;
    for (int k = 0; k < 5; ++k) {
        float r = k < 4 ? bad[k] : fine;
        memcpy(snap.data + first_radius, &r, 4);
        snap_reseal(snap.data, snap.size);
        steer_snapshot_info info;
        CHECK(steer_world_snapshot_info(snap.data, snap.size, &info) == STEER_OK); /* sizes only */
        steer_result got = steer_world_restore(host, snap.data, snap.size);
        printf("a snapshot's first radius %g: %s\n", (double)r, got == STEER_OK ? "taken" : "refused");
        CHECK(got == (k < 4 ? STEER_ERROR_BAD_SNAPSHOT : STEER_OK));
        if (k < 4) CHECK(steer_world_state_hash(host) == before);
    }
    free(snap.data);
    steer_world_destroy(host);
    steer_world_destroy(w);
}

static void bad_calls_are_refused(void)
{
    steer_agent_id ids[UNITS];
    steer_set_misuse_handler(misuse_record, 0);
    steer_world *plain = crossing(CROWD_RTS, false, 1, STEER_KERNEL_BEST, ids);
    int before = misuse_last.count;
    CHECK(steer_world_set_radius(plain, ids[0], 0.3f) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK_REPORT(before, STEER_MISUSE_AGENT_RADII_OFF, "steer_world_set_radius", "agent_radii = false");
    steer_world_destroy(plain);

    steer_world *w = crossing(CROWD_RTS, true, 1, STEER_KERNEL_BEST, ids);
    uint64_t hash = steer_world_state_hash(w);
    const float bad[] = {NAN, -0.1f, INFINITY};
    for (int k = 0; k < 3; ++k) {
        before = misuse_last.count;
        CHECK(steer_world_set_radius(w, ids[1], bad[k]) == STEER_ERROR_INVALID_ARGUMENT);
        CHECK_REPORT(before, STEER_MISUSE_AGENT_RADIUS, "steer_world_set_radius", "radius = ");
    }
    /* keep_apart sees neighbour_radius 4: two bodies must touch within it */
    before = misuse_last.count;
    CHECK(steer_world_set_radius(w, ids[1], 2.5f) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK_REPORT(before, STEER_MISUSE_AGENT_RADIUS, "steer_world_set_radius", "at most neighbour_radius / 2 = 2");
    steer_agent_id some[2] = {ids[1], ids[2]};
    float radii[2] = {0.3f, NAN};
    steer_result results[2];
    before = misuse_last.count;
    CHECK(steer_world_set_radii(w, some, radii, 2, results) == 1);
    CHECK(results[0] == STEER_OK && results[1] == STEER_ERROR_INVALID_ARGUMENT);
    CHECK_REPORT(before, STEER_MISUSE_AGENT_RADIUS, "steer_world_set_radii", "radii[1] = nan");
    CHECK(steer_world_set_radius(w, ids[1], 0.0f) == STEER_OK); /* back as it was */
    CHECK(steer_world_state_hash(w) == hash);
    /* a group that would not see its widest member before touching it */
    steer_group_def narrow;
    steer_world_get_group(w, 0, &narrow);
    narrow.neighbour_radius = 1.5f;
    before = misuse_last.count;
    CHECK(steer_world_set_group(w, 0, &narrow) == STEER_ERROR_INVALID_ARGUMENT);
    char named[96]; /* the unit too wide for it, by its handle, so a game can find it */
    snprintf(named, sizeof named, "widest member (agent {index %u, generation %u}, its own radius 0.8)", (unsigned)ids[0].index,
             (unsigned)ids[0].generation);
    CHECK_REPORT(before, STEER_MISUSE_GROUP_DEF_NEIGHBOUR_RADIUS, "steer_world_set_group", named);
    CHECK(steer_world_add_group(w, &narrow) == 1); /* no members yet: its own radius 0.5 fits */
    before = misuse_last.count;
    CHECK(steer_world_set_agent_group(w, ids[0], 1) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK_REPORT(before, STEER_MISUSE_AGENT_RADIUS, "steer_world_set_agent_group", "own radius 0.8");
    CHECK(steer_world_set_agent_group(w, ids[1], 1) == STEER_OK);
    CHECK(steer_world_state_hash(w) != hash); /* (the move itself) */
    steer_world_destroy(w);
    steer_set_misuse_handler(check_count_misuse, 0);
}

int main(void)
{
    an_own_radius_moves_as_a_group_of_that_radius(CROWD_RTS);
    an_own_radius_moves_as_a_group_of_that_radius(CROWD_PUSHED);
    the_own_radii_change_the_motion();
    the_same_bits_everywhere();
    a_radius_set_back_leaves_no_trace(false);
    a_radius_set_back_leaves_no_trace(true);
    a_packed_crowd_of_own_radii_moves_as_its_group();
    radii_follow_their_agents();
    bad_calls_are_refused();
    a_snapshot_with_a_bad_radius_is_refused();
    return check_summary("test_world_radii");
}

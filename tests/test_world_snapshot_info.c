/* steer_world_snapshot_info: a snapshot's header and counts read without
 * restoring it. Every count equals the saved world's, in 2D and 3D, with
 * every section filled (groups, moving obstacles, walls, paths, a flow
 * field, removed agents, wander angles, goals with waypoints, formations),
 * and for the old versions kept in tests/data; a world made with exactly
 * the capacities it names restores the snapshot, one agent slot fewer does
 * not. Each way a snapshot can be refused names its reason: not a
 * snapshot, another byte order, a version out of range, a checksum, every
 * cut inside the sections (resealed, so the walk meets it) and bytes left
 * over. A flow field whose sides multiply past 2^32 (a crafted file with a
 * valid checksum) is refused by the info and by restore. */
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "misuse_report.h"
#include "snapshot_bytes.h"
#include "steer/steer.h"

/* A world with something in every section the format has. */
/* A call that reports no misuse. */
#define SILENT(stmt)                                                                                                   \
    do {                                                                                                               \
        int before_ = misuse_last.count;                                                                               \
        stmt;                                                                                                          \
        CHECK(misuse_last.count == before_);                                                                           \
    } while (0)

static steer_world *full_world(int dim, steer_up_axis up)
{
    steer_world_def wd = steer_default_world_def();
    wd.dim = dim;
    wd.up = up;
    wd.capacity = 64;
    wd.bounds_min = steer_v3_make(-50, -50, dim == 3 ? -50 : 0);
    wd.bounds_max = steer_v3_make(50, 50, dim == 3 ? 50 : 0);
    steer_world *w = steer_world_create(&wd);
    CHECK(w != 0);
    if (!w) return 0;
    steer_group_def gd = steer_default_group_def();
    gd.weight[STEER_WANDER] = 1.0f; /* wander angles are saved */
    CHECK(steer_world_add_group(w, &gd) == 0);
    gd.weight[STEER_WANDER] = 0.0f;
    gd.weight[STEER_SEPARATION] = 1.0f;
    CHECK(steer_world_add_group(w, &gd) == 1);
    CHECK(steer_world_add_obstacle(w, steer_v3_make(10, 10, 0), 2) == 0);
    CHECK(steer_world_add_obstacle(w, steer_v3_make(-10, 10, 0), 1) == 1);
    CHECK(steer_world_set_obstacle_velocity(w, 1, steer_v3_make(1, 0, 0)) == STEER_OK);
    CHECK(steer_world_add_wall(w, steer_v3_make(-20, -20, 0), steer_v3_make(20, -20, 0)) == 0);
    steer_v3 route[4] = {{0, 0, 0}, {10, 0, 0}, {10, 10, 0}, {0, 10, 0}};
    CHECK(steer_world_add_path(w, route, 4, true, 1) == 0);
    CHECK(steer_world_add_path(w, route, 2, false, 2) == 1);
    CHECK(steer_world_add_path(w, route, 3, false, 1) == 2);
    steer_v3 vectors[2 * 3 * 2];
    for (int i = 0; i < 12; ++i) vectors[i] = steer_v3_make(1, 0, 0);
    CHECK(steer_world_add_flow_field(w, steer_v3_make(-5, -5, -5), 5, 2, 3, dim == 3 ? 2 : 1, vectors) == 0);
    steer_agent_id ids[20];
    for (int i = 0; i < 20; ++i)
        ids[i] = steer_world_add_agent(w, i % 2, steer_v3_make((float)(i % 5) * 3 - 6, (float)(i / 5) * 3 - 6, 0),
                                       steer_v3_make(1, 0, 0));
    CHECK(steer_world_remove_agent(w, ids[19]) == STEER_OK);
    CHECK(steer_world_remove_agent(w, ids[4]) == STEER_OK); /* 18 live in 20 slots */
    steer_goal g = {0};
    g.kind = STEER_GOAL_ARRIVE;
    g.target = steer_v3_make(5, 5, 0);
    CHECK(steer_world_set_goal(w, ids[0], &g) == STEER_OK);
    g.kind = STEER_GOAL_WAYPOINTS;
    g.points = route;
    g.point_count = 4;
    CHECK(steer_world_set_goal(w, ids[1], &g) == STEER_OK);
    steer_v3 slots[2] = {{-2, 1, 0}, {-2, -1, 0}};
    steer_agent_id members[2] = {ids[6], ids[7]};
    CHECK(steer_world_add_formation(w, ids[5], members, slots, 2) == 0);
    for (int s = 0; s < 7; ++s) CHECK(steer_world_step(w, 1.0f / 30) == STEER_OK);
    return w;
}

static void test_counts_match_the_world(int dim, steer_up_axis up)
{
    steer_world *w = full_world(dim, up);
    if (!w) return;
    snap_buffer snap = snap_save(w);
    steer_snapshot_info info;
    SILENT(CHECK(steer_world_snapshot_info(snap.data, snap.size, &info) == STEER_OK));
    CHECK(info.problem[0] == '\0');
    steer_world_def wd;
    CHECK(steer_world_get_def(w, &wd) == STEER_OK);
    CHECK(info.version == STEER_SNAPSHOT_VERSION && info.dim == dim && info.up == (dim == 3 ? up : STEER_UP_Z));
    CHECK(info.boundary == wd.boundary && info.cell_size == wd.cell_size && info.max_dt == wd.max_dt);
    CHECK(info.seed == wd.seed && memcmp(&info.bounds_min, &wd.bounds_min, sizeof info.bounds_min) == 0 &&
          memcmp(&info.bounds_max, &wd.bounds_max, sizeof info.bounds_max) == 0);
    CHECK(info.steps == steer_world_step_count(w));
    CHECK(info.agent_count == 18 && info.agent_count == steer_world_agent_count(w) && info.agent_slots == 20);
    CHECK(info.grid_capacity == wd.capacity);
    CHECK(info.group_count == 2 && info.obstacle_count == 2 && info.wall_count == 1 && info.path_count == 3 &&
          info.flow_field_count == 1);
    CHECK(info.goal_count == steer_world_goal_count(w) && info.goal_count >= 4); /* two set, the two members' slots */
    CHECK(info.formation_count == 1);

    /* a world with exactly the room the info names restores it; one slot fewer is refused */
    for (int short_by = 0; short_by <= 1; ++short_by) {
        steer_world_def room = steer_default_world_def();
        room.dim = info.dim;
        room.capacity = info.agent_slots - short_by;
        room.max_groups = info.group_count;
        room.max_obstacles = info.obstacle_count;
        room.max_walls = info.wall_count;
        room.max_paths = info.path_count;
        room.max_flow_fields = info.flow_field_count;
        steer_world *r = steer_world_create(&room);
        CHECK(r != 0);
        if (!r) continue;
        if (short_by == 0) {
            SILENT(CHECK(steer_world_restore(r, snap.data, snap.size) == STEER_OK));
            CHECK(steer_world_state_hash(r) == steer_world_state_hash(w));
            /* and one of grid_capacity continues it bit for bit, step by step */
            room.capacity = info.grid_capacity;
            steer_world *exact = steer_world_create(&room);
            CHECK(exact != 0);
            if (exact) {
                SILENT(CHECK(steer_world_restore(exact, snap.data, snap.size) == STEER_OK));
                int differ = 0;
                for (int s = 0; s < 200; ++s) {
                    CHECK(steer_world_step(exact, 1.0f / 30.0f) == STEER_OK && steer_world_step(w, 1.0f / 30.0f) == STEER_OK);
                    differ += steer_world_state_hash(exact) != steer_world_state_hash(w);
                }
                CHECK(differ == 0);
            }
            steer_world_destroy(exact);
        } else {
            int before = misuse_last.count;
            CHECK(steer_world_restore(r, snap.data, snap.size) == STEER_ERROR_CAPACITY);
            CHECK_REPORT(before, STEER_MISUSE_SNAPSHOT_CAPACITY, "steer_world_restore", "agent slots");
        }
        steer_world_destroy(r);
    }
    free(snap.data);
    steer_world_destroy(w);
}

/* The versions kept in tests/data: read, and their counts are what restore brings. */
static void test_old_versions(void)
{
    const char *names[4] = {STEER_TEST_DATA_DIR "/world2_v5.snap", STEER_TEST_DATA_DIR "/world3_v5.snap",
                            STEER_TEST_DATA_DIR "/world2_v8.snap", STEER_TEST_DATA_DIR "/world3_v8.snap"};
    for (int k = 0; k < 4; ++k) {
        FILE *f = fopen(names[k], "rb");
        CHECK(f != 0);
        if (!f) continue;
        unsigned char data[1 << 16];
        size_t size = fread(data, 1, sizeof data, f);
        fclose(f);
        steer_snapshot_info info;
        CHECK(steer_world_snapshot_info(data, size, &info) == STEER_OK);
        CHECK(info.version == (k < 2 ? 5 : 8) && info.dim == 2 + k % 2);
        steer_world_def wd = steer_default_world_def();
        wd.dim = info.dim;
        steer_world *w = steer_world_create(&wd);
        CHECK(w && steer_world_restore(w, data, size) == STEER_OK);
        if (!w) continue;
        CHECK(info.agent_count == steer_world_agent_count(w) && info.agent_count > 0);
        CHECK(info.steps == steer_world_step_count(w) && info.goal_count == steer_world_goal_count(w));
        CHECK(info.group_count == steer_world_group_count(w) && info.path_count == steer_world_path_count(w));
        steer_world_destroy(w);
    }
}

static bool says(const steer_snapshot_info *info, const char *text)
{
    bool found = strstr(info->problem, text) != 0;
    if (!found) fprintf(stderr, "  problem \"%s\" does not say \"%s\"\n", info->problem, text);
    return found;
}

static void test_refusals_say_why(void)
{
    steer_world *w = full_world(3, STEER_UP_Y);
    if (!w) return;
    snap_buffer snap = snap_save(w);
    unsigned char *copy = malloc(snap.size + 16);
    steer_snapshot_info info;
    CHECK(copy != 0);
    if (!copy) return;
#define REFUSED_SAYING(size, text)                                                                                     \
    do {                                                                                                               \
        int before_ = misuse_last.count;                                                                               \
        CHECK(steer_world_snapshot_info(copy, size, &info) == STEER_ERROR_BAD_SNAPSHOT);                               \
        CHECK(misuse_last.count == before_ && says(&info, text));                                                     \
    } while (0)
    memcpy(copy, snap.data, snap.size);
    REFUSED_SAYING(10, "too short");
    copy[0] = 'X';
    REFUSED_SAYING(snap.size, "not a steer snapshot");
    memcpy(copy, snap.data, snap.size);
    uint32_t swapped = 0x04030201u; /* the byte-order mark as the other byte order writes it */
    memcpy(copy + 12, &swapped, 4);
    snap_reseal(copy, snap.size);
    REFUSED_SAYING(snap.size, "other byte order");
    /* a mark that is neither, or a version byte changed, is damage: it was
     * reported as the other byte order, and as a version out of range */
    memcpy(copy, snap.data, snap.size);
    copy[12] ^= 0x40;
    REFUSED_SAYING(snap.size, "damaged: its byte-order mark reads 0x01020344");
    memcpy(copy, snap.data, snap.size);
    copy[12] ^= 0xFF;
    snap_reseal(copy, snap.size);
    REFUSED_SAYING(snap.size, "damaged: its byte-order mark reads 0x010203fb");
    memcpy(copy, snap.data, snap.size);
    copy[SNAP_VERSION_AT] ^= 0x40;
    REFUSED_SAYING(snap.size, "damaged: its CRC-32 does not match");
    /* a world flag the version does not know (bit 6): named, not "bytes left" */
    memcpy(copy, snap.data, snap.size);
    uint32_t flags;
    memcpy(&flags, copy + SNAP_FLAGS_AT, 4);
    flags |= 1u << 6;
    memcpy(copy + SNAP_FLAGS_AT, &flags, 4);
    snap_reseal(copy, snap.size);
    REFUSED_SAYING(snap.size, "world flags 0x");
    memcpy(copy, snap.data, snap.size);
    uint32_t version = 99;
    memcpy(copy + SNAP_VERSION_AT, &version, 4);
    snap_reseal(copy, snap.size);
    REFUSED_SAYING(snap.size, "version 99: this build reads versions 4 to");
    CHECK(info.version == 99);
    memcpy(copy, snap.data, snap.size);
    copy[snap.size / 2] ^= 0x10;
    REFUSED_SAYING(snap.size, "CRC-32");
    /* every cut of the body, resealed: the walk finds where it ends */
    int refused = 0, cuts = 0;
    for (size_t keep = 24; keep < snap.size - 4; ++keep, ++cuts) {
        memcpy(copy, snap.data, keep);
        size_t size = keep + 4;
        snap_reseal(copy, size);
        int before = misuse_last.count;
        refused += steer_world_snapshot_info(copy, size, &info) == STEER_ERROR_BAD_SNAPSHOT &&
                   misuse_last.count == before && (strstr(info.problem, "cut short") || strstr(info.problem, "bytes left") ||
                                                    strstr(info.problem, "agents in"));
    }
    CHECK(refused == cuts);
    memcpy(copy, snap.data, snap.size - 4);
    memset(copy + snap.size - 4, 0, 8);
    snap_reseal(copy, snap.size + 4); /* 4 bytes more before the checksum */
    REFUSED_SAYING(snap.size + 4, "4 bytes left after its last section");
#undef REFUSED_SAYING
    int before = misuse_last.count;
    CHECK(steer_world_snapshot_info(snap.data, snap.size, 0) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK_REPORT(before, STEER_MISUSE_NULL_ARGUMENT, "steer_world_snapshot_info", "out = NULL");
    CHECK(steer_world_snapshot_info(0, 5, &info) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK_REPORT(before + 1, STEER_MISUSE_NULL_ARGUMENT, "steer_world_snapshot_info", "data = NULL");
    free(copy);
    free(snap.data);
    steer_world_destroy(w);
}

/* A flow field of 2^22 x 2^22 x 2^22 cells: the product wraps to 4 in 64
 * bits. Sealed with a valid checksum, restore once took it for 4 vectors
 * and would read far past them. */
static void test_flow_field_sides_that_wrap(void)
{
    steer_world_def wd = steer_default_world_def();
    wd.dim = 3;
    steer_world *w = steer_world_create(&wd);
    steer_v3 four[4] = {{1, 0, 0}, {1, 0, 0}, {1, 0, 0}, {1, 0, 0}};
    CHECK(w && steer_world_add_flow_field(w, steer_v3_make(0, 0, 0), 1, 1, 1, 4, four) == 0);
    if (!w) return;
    snap_buffer snap = snap_save(w);
    /* header 104 bytes to the group count; no groups, obstacles, walls or
     * paths; the field count, its origin and cell size, then nx, ny, nz */
    size_t sides_at = 104 + 4 + 4 + 4 + 4 + sizeof(steer_v3) + 4;
    uint32_t nz = 0, side = 1u << 22;
    memcpy(&nz, snap.data + sides_at + 8, 4);
    CHECK(nz == 4); /* the offset is right */
    for (int k = 0; k < 3; ++k) memcpy(snap.data + sides_at + 4 * (size_t)k, &side, 4);
    snap_reseal(snap.data, snap.size);
    steer_snapshot_info info;
    CHECK(steer_world_snapshot_info(snap.data, snap.size, &info) == STEER_ERROR_BAD_SNAPSHOT && says(&info, "2^24"));
    steer_world *r = steer_world_create(&wd);
    uint64_t h = r ? steer_world_state_hash(r) : 0;
    CHECK(r && steer_world_restore(r, snap.data, snap.size) == STEER_ERROR_BAD_SNAPSHOT);
    CHECK(r && steer_world_state_hash(r) == h);
    steer_world_destroy(r);
    free(snap.data);
    steer_world_destroy(w);
}

int main(void)
{
    steer_set_misuse_handler(misuse_record, 0);
    test_counts_match_the_world(2, STEER_UP_Z);
    test_counts_match_the_world(3, STEER_UP_Z);
    test_counts_match_the_world(3, STEER_UP_Y);
    test_old_versions();
    test_refusals_say_why();
    test_flow_field_sides_that_wrap();
    return check_summary("test_world_snapshot_info");
}

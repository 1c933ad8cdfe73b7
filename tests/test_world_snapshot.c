/* Snapshots: a world saved at step 500 and restored into a fresh world
 * continues bit for bit to step 1000 (mixed scenario and standard flock, 2D
 * and 3D; the sanitizer build saves at 100 and runs to 200); every
 * single-byte corruption and every truncation is refused with
 * STEER_ERROR_BAD_SNAPSHOT and leaves the target world unchanged; so is a
 * snapshot of the other dimension; corruptions that keep a valid checksum
 * are refused or accepted, never a crash, and an accepted one is a world
 * that steps. */
#include <stdlib.h>

#include "check.h"
#include "steer/standard_flock.h"
#include "steer/steer.h"
#include "misuse_report.h"
#include "snapshot_bytes.h"
#include "world_scenario.h"

#define SAVE_AT WORLD_TEST_SIZE(500, 100)
#define END (2 * SAVE_AT)

static bool same_snapshot(const snap_buffer *a, const snap_buffer *b)
{
    return a->size == b->size && memcmp(a->data, b->data, a->size) == 0;
}

/* ---- save at 500, restore into a fresh world, continue to 1000 ------------ */

/* The standard flock (one group): the same, for 2D and 3D. */
static void test_continue_standard_flock(int dim)
{
    steer_standard_flock_def fd = steer_default_standard_flock_def();
    fd.agents = WORLD_TEST_SIZE(300, 40);
    fd.dim = dim;
    steer_world *original = steer_standard_flock_create(&fd);
    CHECK(original != 0);
    if (!original) return;
    for (int s = 0; s < SAVE_AT; ++s) CHECK(steer_world_step(original, STEER_STANDARD_FLOCK_DT) == STEER_OK);
    snap_buffer snap = snap_save(original);
    for (int s = SAVE_AT; s < END; ++s) CHECK(steer_world_step(original, STEER_STANDARD_FLOCK_DT) == STEER_OK);
    fd.worker_count = 2; /* the restoring world runs on two threads */
    steer_world *fresh = steer_standard_flock_create(&fd);
    CHECK(fresh != 0);
    if (fresh) {
        CHECK(steer_world_restore(fresh, snap.data, snap.size) == STEER_OK);
        CHECK(steer_world_step_count(fresh) == SAVE_AT);
        for (int s = SAVE_AT; s < END; ++s) CHECK(steer_world_step(fresh, STEER_STANDARD_FLOCK_DT) == STEER_OK);
        CHECK(steer_world_state_hash(fresh) == steer_world_state_hash(original));
        steer_world_destroy(fresh);
    }
    free(snap.data);
    steer_world_destroy(original);
}

/* Every group survives a restore (a regression test: the restore once
 * re-derived the groups in a loop whose bound it lowered on each pass, so
 * only group 0 came back). */
static void test_restore_keeps_groups(void)
{
    steer_world_def wd = steer_default_world_def();
    steer_world *a = steer_world_create(&wd), *b = steer_world_create(&wd);
    steer_group_def g = steer_default_group_def();
    CHECK(steer_world_add_group(a, &g) == 0);
    g.max_speed = 3.0f;
    CHECK(steer_world_add_group(a, &g) == 1);
    CHECK(steer_world_add_agent(a, 1, steer_v3_make(1, 2, 0), steer_v3_make(1, 0, 0)).index != 0);
    snap_buffer snap = snap_save(a);
    CHECK(steer_world_restore(b, snap.data, snap.size) == STEER_OK);
    CHECK(steer_world_group_count(b) == 2);
    steer_group_def out;
    CHECK(steer_world_get_group(b, 1, &out) == STEER_OK && out.max_speed == 3.0f);
    snap_buffer again = snap_save(b);
    CHECK(same_snapshot(&snap, &again));
    for (int s = 0; s < 10; ++s) {
        CHECK(steer_world_step(a, 0.1f) == STEER_OK);
        CHECK(steer_world_step(b, 0.1f) == STEER_OK);
    }
    CHECK(steer_world_state_hash(a) == steer_world_state_hash(b));
    free(snap.data);
    free(again.data);
    steer_world_destroy(a);
    steer_world_destroy(b);
}

/* The mixed scenario (five groups), with script, solids and sub-steps. */
static void test_continue(int dim, steer_boundary boundary)
{
    mixed_options o = mixed_default_options(dim);
    o.boundary = boundary;
    mixed_handles h;
    steer_world *original = mixed_create(&o, &h);
    CHECK(original != 0);
    if (!original) return;
    CHECK(mixed_run(original, &h, dim, 0, SAVE_AT));
    uint64_t hash_saved = steer_world_state_hash(original);
    snap_buffer snap = snap_save(original);
    mixed_handles saved_handles = h;
    CHECK(mixed_run(original, &h, dim, SAVE_AT, END));
    uint64_t hash_end = steer_world_state_hash(original);
    CHECK(steer_world_step_count(original) > END); /* sub-steps count too */

    /* Fresh worlds: the same def; the same def with 3 threads and the scalar
     * kernel; the same def with a user-visible difference the snapshot
     * overrides (another seed and no solids). */
    for (int variant = 0; variant < WORLD_TEST_SIZE(3, 2); ++variant) {
        steer_world_def wd = mixed_world_def(&o);
        if (variant == 1) wd.worker_count = 3;
        if (variant == 2) {
            wd.seed = 999;
            wd.solid_obstacles = wd.solid_walls = wd.non_penetration = false;
        }
        steer_world *fresh = steer_world_create(&wd);
        CHECK(fresh != 0);
        if (!fresh) continue;
        if (variant == 1) steer_world_use_simd(fresh, false);
        CHECK(steer_world_restore(fresh, snap.data, snap.size) == STEER_OK);
        CHECK(steer_world_state_hash(fresh) == hash_saved);
        CHECK(steer_world_agent_count(fresh) == steer_world_agent_count(original));
        CHECK(steer_world_group_count(fresh) == 5);
        CHECK(steer_world_obstacle_count(fresh) == 3);
        CHECK(steer_world_wall_count(fresh) == 3);
        /* the restored world saves to the same bytes */
        snap_buffer again = snap_save(fresh);
        CHECK(same_snapshot(&snap, &again));
        free(again.data);
        mixed_handles hr = saved_handles;
        for (int i = 0; i < hr.count; ++i) CHECK(steer_world_is_valid(fresh, hr.ids[i]));
        CHECK(mixed_run(fresh, &hr, dim, SAVE_AT, END));
        CHECK(steer_world_state_hash(fresh) == hash_end);
        if (steer_world_state_hash(fresh) != hash_end)
            fprintf(stderr, "%dD boundary %d variant %d: restored run diverged\n", dim, (int)boundary, variant);
        steer_world_destroy(fresh);
    }

    /* Restoring over a world that has its own agents and objects replaces them. */
    mixed_options other = o;
    other.scale = WORLD_TEST_SIZE(2, 0);
    mixed_handles ho;
    steer_world *busy = mixed_create(&other, &ho);
    CHECK(busy != 0);
    CHECK(mixed_run(busy, &ho, dim, 0, 20));
    steer_world_clear_obstacles(busy);
    CHECK(steer_world_restore(busy, snap.data, snap.size) == STEER_OK);
    CHECK(steer_world_state_hash(busy) == hash_saved);
    CHECK(steer_world_obstacle_count(busy) == 3);
    mixed_handles hb = saved_handles;
    CHECK(mixed_run(busy, &hb, dim, SAVE_AT, END));
    CHECK(steer_world_state_hash(busy) == hash_end);
    steer_world_destroy(busy);

    steer_world_destroy(original);
    free(snap.data);
}

/* ---- refusals --------------------------------------------------------------- */

/* A small world with something of everything, for the exhaustive loops. */
static steer_world *small_world(int dim, uint64_t seed)
{
    steer_world_def wd = steer_default_world_def();
    wd.dim = dim;
    wd.capacity = 16;
    wd.max_groups = 4;
    wd.max_obstacles = wd.max_walls = 4;
    wd.max_paths = wd.max_flow_fields = 2;
    wd.seed = seed;
    wd.non_penetration = true;
    steer_world *w = steer_world_create(&wd);
    CHECK(w != 0);
    if (!w) return 0;
    steer_group_def g = steer_default_group_def();
    g.weight[STEER_WANDER] = 0.5f;
    CHECK(steer_world_add_group(w, &g) == 0);
    steer_v3 pts[3] = {mixed_v3(dim, -5, -5, 1), mixed_v3(dim, 5, -4, 0), mixed_v3(dim, 0, 6, -1)};
    CHECK(steer_world_add_path(w, pts, 3, true, 1.0f) == 0);
    steer_v3 field[4] = {mixed_v3(dim, 1, 0, 0), mixed_v3(dim, 0, 1, 0), mixed_v3(dim, -1, 0, 0), mixed_v3(dim, 0, -1, 0)};
    CHECK(steer_world_add_flow_field(w, mixed_v3(dim, -10, -10, 0), 10.0f, 2, 2, 1, field) == 0);
    g = steer_default_group_def();
    g.weight[STEER_FOLLOW_PATH] = 1.0f;
    g.path = 0;
    g.weight[STEER_FOLLOW_FLOW] = 0.5f;
    g.flow_field = 0;
    g.weight[STEER_PURSUE] = 1.0f;
    g.pursue_group = 0;
    g.combine = STEER_COMBINE_PRIORITY;
    CHECK(steer_world_add_group(w, &g) == 1);
    CHECK(steer_world_add_obstacle(w, mixed_v3(dim, 3, 3, 0), 1.0f) == 0);
    CHECK(steer_world_add_wall(w, mixed_v3(dim, -8, 2, 0), mixed_v3(dim, -2, 8, 0)) == 0);
    steer_agent_id ids[6];
    for (int i = 0; i < 6; ++i) {
        ids[i] = steer_world_add_agent(w, i % 2, mixed_v3(dim, (float)i - 3.0f, 0.5f * (float)i, 0.25f * (float)i),
                                       mixed_v3(dim, 1.0f, -0.5f, 0.25f));
        CHECK(ids[i].index != 0);
    }
    CHECK(steer_world_remove_agent(w, ids[2]) == STEER_OK); /* a free slot in the handle table */
    for (int s = 0; s < 10; ++s) CHECK(steer_world_step(w, 1.0f / 60.0f) == STEER_OK);
    return w;
}

/* Checks that target still holds exactly `before` (its own snapshot). */
static bool unchanged(const steer_world *target, const snap_buffer *before, uint64_t hash_before)
{
    if (steer_world_state_hash(target) != hash_before) return false;
    snap_buffer now = snap_save(target);
    bool same = same_snapshot(before, &now);
    free(now.data);
    return same;
}

/* Every single-byte corruption (each mask) and every truncation of `snap`,
 * at every stride-th byte (1: all), is refused, and the target is left as
 * it was. */
static void check_refusals(steer_world *target, const snap_buffer *snap, const unsigned char *masks, int mask_count,
                           size_t stride)
{
    snap_buffer before = snap_save(target);
    uint64_t hash_before = steer_world_state_hash(target);
    unsigned char *copy = malloc(snap->size);
    int refused = 0, tried = 0, hash_kept = 0;
    for (size_t i = 0; i < snap->size; i += stride) {
        for (int m = 0; m < mask_count; ++m) {
            memcpy(copy, snap->data, snap->size);
            copy[i] ^= masks[m];
            ++tried;
            refused += steer_world_restore(target, copy, snap->size) == STEER_ERROR_BAD_SNAPSHOT;
            hash_kept += steer_world_state_hash(target) == hash_before;
        }
    }
    CHECK(refused == tried);
    CHECK(hash_kept == tried);
    if (refused != tried) fprintf(stderr, "corruption: %d of %d refused\n", refused, tried);
    int truncations = 0;
    refused = hash_kept = 0;
    for (size_t n = 0; n < snap->size; n += stride) {
        ++truncations;
        refused += steer_world_restore(target, snap->data, n) == STEER_ERROR_BAD_SNAPSHOT;
        hash_kept += steer_world_state_hash(target) == hash_before;
    }
    CHECK(refused == truncations);
    CHECK(hash_kept == truncations);
    if (refused != truncations) fprintf(stderr, "truncation: %d of %d refused\n", refused, truncations);
    /* a byte too many is refused too */
    unsigned char *longer = malloc(snap->size + 1);
    memcpy(longer, snap->data, snap->size);
    longer[snap->size] = 0;
    CHECK(steer_world_restore(target, longer, snap->size + 1) == STEER_ERROR_BAD_SNAPSHOT);
    CHECK(unchanged(target, &before, hash_before));
    /* and the intact snapshot still restores */
    CHECK(steer_world_restore(target, snap->data, snap->size) == STEER_OK);
    free(longer);
    free(copy);
    free(before.data);
}

static void test_refusals_small(int dim)
{
    steer_world *source = small_world(dim, 3);
    steer_world *target = small_world(dim, 4); /* different state: a restore would show */
    if (!source || !target) return;
    CHECK(steer_world_state_hash(source) != steer_world_state_hash(target));
    snap_buffer snap = snap_save(source);
    static const unsigned char masks[] = {0x01, 0x80, 0xFF};
    check_refusals(target, &snap, masks, 3, 1);
    CHECK(steer_world_state_hash(target) == steer_world_state_hash(source));
    printf("%dD small snapshot: %zu bytes, every byte x 3 masks and every truncation refused\n", dim, snap.size);
    free(snap.data);
    steer_world_destroy(source);
    steer_world_destroy(target);
}

/* The mixed scenario's snapshot at SAVE_AT: every 7th byte flipped (7 is
 * prime to the 4-byte fields, so every byte position within a field is hit)
 * and every 7th truncation. The small snapshots above are done exhaustively;
 * this one is large enough that all of it would take seconds under ASan. */
static void test_refusals_mixed(int dim)
{
    mixed_options o = mixed_default_options(dim);
    mixed_handles h;
    steer_world *source = mixed_create(&o, &h);
    CHECK(source != 0);
    if (!source) return;
    CHECK(mixed_run(source, &h, dim, 0, SAVE_AT));
    snap_buffer snap = snap_save(source);
    steer_world *target = small_world(dim, 5);
    steer_world_def wd = mixed_world_def(&o);
    steer_world *fresh = steer_world_create(&wd); /* a target sized for the snapshot */
    CHECK(fresh != 0);
    static const unsigned char mask = 0xFF;
    check_refusals(fresh, &snap, &mask, 1, 7);
    CHECK(steer_world_state_hash(fresh) == steer_world_state_hash(source));
    /* the small world's capacity (16) cannot hold it: refused, unchanged */
    snap_buffer before = snap_save(target);
    uint64_t hash_before = steer_world_state_hash(target);
    steer_set_misuse_handler(misuse_record, 0);
    EXPECT_REPORT(steer_world_restore(target, snap.data, snap.size), STEER_ERROR_CAPACITY, STEER_MISUSE_SNAPSHOT_CAPACITY,
                  "steer_world_restore", "this world's");
    steer_set_misuse_handler(check_count_misuse, 0);
    CHECK(unchanged(target, &before, hash_before));
    printf("%dD mixed snapshot at step %d: %zu bytes, every 7th byte and truncation refused\n", dim, SAVE_AT, snap.size);
    free(before.data);
    free(snap.data);
    steer_world_destroy(source);
    steer_world_destroy(target);
    steer_world_destroy(fresh);
}

static void test_other_dimension(void)
{
    steer_world *w2 = small_world(2, 1), *w3 = small_world(3, 1);
    if (!w2 || !w3) return;
    snap_buffer s2 = snap_save(w2), s3 = snap_save(w3);
    snap_buffer b2 = snap_save(w2), b3 = snap_save(w3);
    uint64_t h2 = steer_world_state_hash(w2), h3 = steer_world_state_hash(w3);
    /* refused, and said (the caller's mistake, not damage) */
    steer_set_misuse_handler(misuse_record, 0);
    int before = misuse_last.count;
    CHECK(steer_world_restore(w2, s3.data, s3.size) == STEER_ERROR_BAD_SNAPSHOT);
    CHECK_REPORT(before, STEER_MISUSE_SNAPSHOT_DIM, "steer_world_restore", "a 3D world, this world is 2D");
    before = misuse_last.count;
    CHECK(steer_world_restore(w3, s2.data, s2.size) == STEER_ERROR_BAD_SNAPSHOT);
    CHECK_REPORT(before, STEER_MISUSE_SNAPSHOT_DIM, "steer_world_restore", "a 2D world, this world is 3D");
    /* damage is not misuse: a flipped byte is refused without a report */
    before = misuse_last.count;
    ((unsigned char *)s3.data)[20] ^= 1u;
    CHECK(steer_world_restore(w3, s3.data, s3.size) == STEER_ERROR_BAD_SNAPSHOT);
    CHECK(misuse_last.count == before);
    steer_set_misuse_handler(check_count_misuse, 0);
    CHECK(unchanged(w2, &b2, h2));
    CHECK(unchanged(w3, &b3, h3));
    /* the same dimension is accepted */
    CHECK(steer_world_restore(w2, s2.data, s2.size) == STEER_OK);
    free(s2.data), free(s3.data), free(b2.data), free(b3.data);
    steer_world_destroy(w2);
    steer_world_destroy(w3);
}

static void test_save_arguments(void)
{
    steer_world *w = small_world(2, 1);
    if (!w) return;
    size_t need = steer_world_snapshot_size(w), written = 123;
    unsigned char *data = malloc(need);
    CHECK(steer_world_save(w, data, need - 1, &written) == STEER_ERROR_CAPACITY);
    CHECK(written == 0);
    CHECK(steer_world_save(w, 0, need, &written) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(steer_world_save(w, data, need, 0) == STEER_OK); /* written may be NULL */
    CHECK(steer_world_restore(w, 0, need) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(steer_world_restore(0, data, need) == STEER_ERROR_INVALID_ARGUMENT);
    CHECK(steer_world_snapshot_size(0) == 0);
    free(data);
    steer_world_destroy(w);
}

/* Corruptions with a recomputed checksum get past the CRC and test the
 * parser's own checks: each must be refused (target unchanged) or give a
 * world that steps with finite state. Never a crash (ASan/UBSan run this). */
static void test_resealed_corruptions(int dim)
{
    steer_world *source = small_world(dim, 3);
    steer_world *target = small_world(dim, 4);
    if (!source || !target) return;
    snap_buffer snap = snap_save(source), before = snap_save(target);
    uint64_t hash_before = steer_world_state_hash(target);
    unsigned char *copy = malloc(snap.size);
    static const unsigned char values[] = {0x01, 0x80, 0xFF};
    int accepted = 0, refused = 0, bad_after = 0, wrong_error = 0, changed = 0;
    for (size_t i = 0; i + 4 < snap.size; ++i) {
        for (int m = WORLD_TEST_SIZE(0, 2); m < 4; ++m) { /* the sanitizer build: two of the four */
            memcpy(copy, snap.data, snap.size);
            if (m < 3) copy[i] ^= values[m];
            else copy[i] = copy[i] == 0 ? 0x7F : 0x00;
            snap_reseal(copy, snap.size);
            steer_result r = steer_world_restore(target, copy, snap.size);
            if (r == STEER_OK) {
                ++accepted;
                /* A step may be refused (a corrupted max_dt can ask for more
                 * sub-steps than the guard allows); the state stays finite. */
                bool fine = true;
                for (int s = 0; s < WORLD_TEST_SIZE(2, 1) && fine; ++s) {
                    steer_result sr = steer_world_step(target, 1.0f / 60.0f);
                    fine = sr == STEER_OK || sr == STEER_ERROR_INVALID_ARGUMENT;
                }
                steer_world_view v = steer_world_get_view(target);
                for (int k = 0; k < v.count && fine; ++k) {
                    fine = steer_is_finite(v.px[k]) && steer_is_finite(v.py[k]) && steer_is_finite(v.vx[k]) &&
                           steer_is_finite(v.vy[k]);
                    if (dim == 3) fine = fine && steer_is_finite(v.pz[k]) && steer_is_finite(v.vz[k]);
                }
                fine = fine && steer_world_snapshot_size(target) > 0;
                if (!fine) {
                    ++bad_after;
                    fprintf(stderr, "%dD byte %zu value %d accepted but the world does not step cleanly\n", dim, i, m);
                }
                CHECK(steer_world_restore(target, before.data, before.size) == STEER_OK); /* back to the start */
            } else {
                ++refused;
                /* a count raised past the host's limits reads as a larger world's snapshot: CAPACITY */
                if (r != STEER_ERROR_BAD_SNAPSHOT && r != STEER_ERROR_OUT_OF_MEMORY && r != STEER_ERROR_CAPACITY) ++wrong_error;
                if (steer_world_state_hash(target) != hash_before) ++changed;
            }
        }
    }
    CHECK(bad_after == 0);
    CHECK(wrong_error == 0);
    CHECK(changed == 0);
    CHECK(unchanged(target, &before, hash_before));
    CHECK(refused > 0 && accepted > 0); /* both kinds occur: positions may change, counts may not */
    printf("%dD resealed corruptions: %d accepted (all step cleanly), %d refused\n", dim, accepted, refused);
    free(copy);
    free(snap.data);
    free(before.data);
    steer_world_destroy(source);
    steer_world_destroy(target);
}

/* A valid checksum over a grid capacity of 2^28 and a cell of 1e-30, restored
 * into a 16-agent world: the grid is sized by this world's capacity, not by
 * the file (it once allocated 4 GB of cells and stepped for 35 s). */
static void test_hostile_grid_size(int dim)
{
    steer_world *source = small_world(dim, 3);
    steer_world *target = small_world(dim, 4);
    if (!source || !target) return;
    CHECK(steer_world_step(source, 0.1f) == STEER_OK);
    size_t normal = steer_world_memory_bytes(source);
    snap_buffer snap = snap_save(source);
    uint32_t huge = 1u << 28;
    float tiny = 1e-30f;
    memcpy(snap.data + SNAP_GRID_CAPACITY_AT, &huge, 4);
    memcpy(snap.data + SNAP_CELL_SIZE_AT, &tiny, 4);
    snap_reseal(snap.data, snap.size);
    CHECK(steer_world_restore(target, snap.data, snap.size) == STEER_OK);
    CHECK(steer_world_step(target, 0.1f) == STEER_OK);
    size_t after = steer_world_memory_bytes(target);
    CHECK(after < 2 * normal); /* cells for 16 agents: a few kilobytes, not gigabytes */
    printf("%dD hostile grid: %zu bytes after a step (the source: %zu)\n", dim, after, normal);
    free(snap.data);
    steer_world_destroy(source);
    steer_world_destroy(target);
}

/* A good snapshot of a world with more room than the host's: refused as
 * CAPACITY naming what does not fit, not as a bad snapshot; the host keeps
 * its state. Each limit in turn, agents last (the order restore reads). */
static void test_too_small(void)
{
    static const char *const said[] = {"5 groups: this world's max_groups is 4", "5 obstacles: this world's max_obstacles is 4",
                                       "5 walls: this world's max_walls is 4", "3 paths: this world's max_paths is 2",
                                       "17 agent slots: this world's capacity is 16"};
    steer_set_misuse_handler(misuse_record, 0);
    for (int k = 0; k < 5; ++k) {
        steer_world_def wd = steer_default_world_def();
        wd.capacity = 32;
        steer_world *big = steer_world_create(&wd);
        CHECK(big != 0);
        if (!big) continue;
        steer_group_def g = steer_default_group_def();
        steer_v3 line[2] = {{0, 0, 0}, {1, 0, 0}};
        for (int i = 0; i < (k == 0 ? 5 : 1); ++i) steer_world_add_group(big, &g);
        for (int i = 0; i < (k == 1 ? 5 : 0); ++i) steer_world_add_obstacle(big, steer_v3_make((float)i, 0, 0), 0.5f);
        for (int i = 0; i < (k == 2 ? 5 : 0); ++i) steer_world_add_wall(big, line[0], line[1]);
        for (int i = 0; i < (k == 3 ? 3 : 0); ++i) steer_world_add_path(big, line, 2, false, 0.5f);
        for (int i = 0; i < (k == 4 ? 17 : 1); ++i) steer_world_add_agent(big, 0, steer_v3_make((float)i, 0, 0), steer_v3_zero());
        snap_buffer snap = snap_save(big);
        steer_world *host = small_world(2, 9);
        snap_buffer before = snap_save(host);
        uint64_t hash_before = steer_world_state_hash(host);
        EXPECT_REPORT(steer_world_restore(host, snap.data, snap.size), STEER_ERROR_CAPACITY, STEER_MISUSE_SNAPSHOT_CAPACITY,
                      "steer_world_restore", said[k]);
        CHECK(unchanged(host, &before, hash_before));
        free(before.data);
        free(snap.data);
        steer_world_destroy(host);
        steer_world_destroy(big);
    }
    steer_set_misuse_handler(check_count_misuse, 0);
}

int main(void)
{
    test_continue_standard_flock(2);
    test_continue_standard_flock(3);
    test_restore_keeps_groups();
    test_continue(2, STEER_BOUNDARY_WRAP);
    test_continue(3, STEER_BOUNDARY_CLAMP);
    test_refusals_small(2);
    test_refusals_small(3);
    test_refusals_mixed(2);
    test_refusals_mixed(3);
    test_other_dimension();
    test_too_small();
    test_save_arguments();
    test_hostile_grid_size(2);
    test_hostile_grid_size(3);
    test_resealed_corruptions(2);
    test_resealed_corruptions(3);
    return check_summary("test_world_snapshot");
}

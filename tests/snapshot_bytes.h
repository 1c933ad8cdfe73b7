/* Hand-made snapshots for the tests of hostile input: where some fields of
 * the format (src/world_snapshot.c) sit, and a fresh checksum after an edit,
 * so the edit reaches the reader's own checks instead of the CRC's. */
#ifndef STEER_TESTS_SNAPSHOT_BYTES_H
#define STEER_TESTS_SNAPSHOT_BYTES_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "steer/steer.h"

/* A whole snapshot of a world, in a buffer of its own (free data). */
typedef struct snap_buffer {
    unsigned char *data;
    size_t size;
} snap_buffer;

static inline snap_buffer snap_save(const steer_world *w)
{
    snap_buffer b = {0, steer_world_snapshot_size(w)};
    CHECK(b.size > 0);
    b.data = malloc(b.size);
    size_t written = 0;
    CHECK(b.data && steer_world_save(w, b.data, b.size, &written) == STEER_OK && written == b.size);
    return b;
}

/* The header: magic, version, byte order, dim, group def size, then the
 * def's bounds, boundary, up axis, cell size, max_dt, seed, flags,
 * penetration iterations and the grid capacity. */
#define SNAP_VERSION_AT 8
#define SNAP_DEF_SIZE_AT 20
#define SNAP_CELL_SIZE_AT (8 + 4 * 4 + 2 * sizeof(steer_v3) + 4 + 4)
#define SNAP_FLAGS_AT (SNAP_CELL_SIZE_AT + 4 + 4 + 8)
#define SNAP_GRID_CAPACITY_AT (SNAP_FLAGS_AT + 4 + 4)

/* From the end, in a world without wander angles, goals or formations: the
 * CRC, the formation count, the orders given and the goal count, the wander flag, then the agents' slots, groups,
 * velocities and positions (count of them, axis by axis), their count, the
 * slots' generations (slot_high of them), the world identity and the reuse counter. */
static inline size_t snap_positions_at(size_t size, size_t count, int dim)
{
    return size - 4 - 4 - 4 - 4 - 4 - 4 * count - count - 8 * count * (size_t)dim;
}
static inline size_t snap_identity_at(size_t size, size_t count, int dim, size_t slot_high)
{
    return snap_positions_at(size, count, dim) - 4 - 4 * slot_high - 4;
}
static inline size_t snap_reuses_at(size_t size, size_t count, int dim, size_t slot_high)
{
    return snap_identity_at(size, count, dim, slot_high) - 4;
}

/* The CRC-32 the format documents (IEEE, reflected), to forge valid checksums. */
static inline uint32_t snap_crc32(const unsigned char *data, size_t size)
{
    uint32_t crc = 0xFFFFFFFFu;
    for (size_t i = 0; i < size; ++i) {
        crc ^= data[i];
        for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

static inline void snap_reseal(unsigned char *data, size_t size)
{
    uint32_t crc = snap_crc32(data, size - 4);
    memcpy(data + size - 4, &crc, 4);
}

/* The bytes of one goal without waypoints: slot, kind, target, slow
 * radius, speed, path, progress, arrived, arrival step, order, point count. */
#define SNAP_GOAL_BYTES (4 + 4 + 12 + 4 + 4 + 4 + 4 + 4 + 8 + 4 + 4)

/* Removes the 4 bytes at offset `field` of each group's def (`def` bytes
 * long as stored) and stores the shorter def size; returns the new size. */
static inline size_t snap_drop_def_field(unsigned char *data, size_t size, size_t def, size_t field)
{
    const size_t steps_at = SNAP_GRID_CAPACITY_AT + 4;
    uint32_t groups, def_size = (uint32_t)(def - sizeof(float));
    memcpy(&groups, data + steps_at + 16, 4);
    size_t at = steps_at + 16 + 4;
    for (uint32_t g = 0; g < groups; ++g, at += def - sizeof(float)) {
        memmove(data + at + field, data + at + field + 4, size - (at + field + 4));
        size -= 4;
    }
    memcpy(data + SNAP_DEF_SIZE_AT, &def_size, 4);
    return size;
}

/* A snapshot of this build rewritten as a version from 16 to 18 stored it:
 * each group's def without reverse_speed (version 19). In place; returns
 * the new size. */
static inline size_t snap_before_reverse_speed(unsigned char *data, size_t size, uint32_t version)
{
    size = snap_drop_def_field(data, size, sizeof(steer_group_def), offsetof(steer_group_def, reverse_speed));
    memcpy(data + SNAP_VERSION_AT, &version, 4);
    snap_reseal(data, size);
    return size;
}

/* A snapshot of this build rewritten as a version from 11 to 15 stored it:
 * each group's def without reverse_speed (version 19) and queue_time_gap
 * (version 16), which follows it. In place; returns the new size. */
static inline size_t snap_before_queue_time_gap(unsigned char *data, size_t size, uint32_t version)
{
    size = snap_drop_def_field(data, size, sizeof(steer_group_def), offsetof(steer_group_def, reverse_speed));
    size = snap_drop_def_field(data, size, sizeof(steer_group_def) - sizeof(float),
                               offsetof(steer_group_def, queue_time_gap) - sizeof(float));
    memcpy(data + SNAP_VERSION_AT, &version, 4);
    snap_reseal(data, size);
    return size;
}

/* A snapshot of this build, of a world with `goals` goals (none with
 * waypoints) and no formations, rewritten as version 10, 9, 8 or 7 stored
 * it: each group's def without arrived_priority (version 11), for 9
 * without the orders (version 10: the last given, and each goal's), for 8
 * each group's def without departure_distance (version 9), and for 7
 * without where the last step began (version 8). In place; returns the new
 * size. */
static inline size_t snap_as_old_version(unsigned char *data, size_t size, uint32_t version, size_t goals)
{
    size = snap_before_queue_time_gap(data, size, 15); /* reverse_speed comes before arrived_priority, queue_time_gap after */
    const size_t def = sizeof(steer_group_def) - 2 * sizeof(float);
    const size_t arrived_priority = offsetof(steer_group_def, arrived_priority) - sizeof(float);
    size = snap_drop_def_field(data, size, def, arrived_priority);
    memcpy(data + SNAP_VERSION_AT, &(uint32_t){10}, 4);
    if (version == 10) {
        snap_reseal(data, size);
        return size;
    }
    /* from the end: the CRC, the formation count, the goals, the orders given, the goal count
       (first goal first: the goals after one keep their place from the end) */
    for (size_t k = 0; k < goals; ++k) {
        size_t order_at = size - 4 - 4 - (goals - k) * SNAP_GOAL_BYTES + SNAP_GOAL_BYTES - 8;
        memmove(data + order_at, data + order_at + 4, size - (order_at + 4));
        size -= 4;
    }
    size_t orders_at = size - 4 - 4 - goals * (SNAP_GOAL_BYTES - 4) - 4;
    memmove(data + orders_at, data + orders_at + 4, size - (orders_at + 4));
    size -= 4;
    memcpy(data + SNAP_VERSION_AT, &(uint32_t){9}, 4);
    if (version == 9) {
        snap_reseal(data, size);
        return size;
    }
    /* departure_distance comes after reverse_speed, arrived_priority and queue_time_gap, already taken out */
    size = snap_drop_def_field(data, size, def - sizeof(float), offsetof(steer_group_def, departure_distance) - 3 * sizeof(float));
    memcpy(data + SNAP_VERSION_AT, &version, 4);
    if (version < 8) {
        const size_t steps_at = SNAP_GRID_CAPACITY_AT + 4;
        memmove(data + steps_at + 8, data + steps_at + 16, size - (steps_at + 16));
        size -= 8;
    }
    snap_reseal(data, size);
    return size;
}

#endif

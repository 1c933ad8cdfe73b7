/* Snapshots: the complete world state in a versioned, checksummed binary.
 *
 * Layout (little-endian as stored by this machine; the header records the
 * byte order and the reader refuses another):
 *   header  magic "STEERSNP", version, byte-order mark, dim, sizes
 *   body    world def essentials, step count, groups, obstacles, walls,
 *           paths, flow fields, handles (identity, generations, free list), agents in
 *           internal order, goals in slot order
 *   trailer CRC-32 of everything before it
 * Agents are stored in their internal (sorted) order so a restored world
 * sums neighbours in the same order and continues bit for bit.
 *
 * Restoring parses into freshly allocated storage and swaps it in only when
 * everything checked out, so a bad snapshot leaves the world untouched. */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "world_internal.h"
#include "world_formations.h"
#include "world_headings.h"
#include "world_goals.h"
#include "world_handles.h"
#include "world_objects.h"
#include "world_solids.h"
#include "world_sort.h"
#include "misuse_internal.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define SNAP_MAGIC "STEERSNP"
#define SNAP_VERSION ((uint32_t)STEER_SNAPSHOT_VERSION) /* 2: wander angles only when present; 3: grid capacity; 4: reuse generations,
                            no handle table (rebuilt from the slots); 5: the world's identity;
                            6: per-agent goals, the arrival fields of groups; 7: predictive
                            avoidance (two behaviours, their group fields), obstacle velocities;
                            8: where the last step began (its arrivals); 9: the groups'
                            departure distance; 10: the goals' orders (send_to_places);
                            11: the groups' arrived priority; 12: headings (world flag bit 3);
                            13: walls' heights (world flag bit 4); 14: where each waypoint
                            goal's agent started; 15: a path goal's progress kept (the
                            segment reached); 16: the groups' queue time gap; 17: own radii
                            (world flag bit 5); 18: the reuse counter's top bit, set once it
                            has come round; 19: the groups' reverse speed */
#define SNAP_OLDEST 4u  /* version 4 is read too: its handles had no world (they are world 0) */
#define SNAP_BOM 0x01020304u
#define SNAP_BOM_SWAPPED 0x04030201u

/* ---- CRC-32 (IEEE 802.3, reflected): detects every single-byte error ----
 * Eight bytes a step (slicing by eight): t[k][b] is the CRC of byte b
 * followed by k zero bytes, so the eight bytes' parts are independent
 * lookups. A bit at a time it took 10 ns a byte, nearly all of a save or
 * a restore (9 ms for 10,000 agents). The tables are worked out on each
 * call (a one-agent world's whole save takes 1.4 us with them): no global
 * state, no first-use race. */
typedef struct crc32_tables {
    uint32_t t[8][256];
} crc32_tables;

static void crc32_tables_init(crc32_tables *tb)
{
    for (uint32_t b = 0; b < 256; ++b) {
        uint32_t c = b;
        for (int k = 0; k < 8; ++k) c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
        tb->t[0][b] = c;
    }
    for (int k = 1; k < 8; ++k)
        for (uint32_t b = 0; b < 256; ++b) tb->t[k][b] = (tb->t[k - 1][b] >> 8) ^ tb->t[0][tb->t[k - 1][b] & 0xFFu];
}

/* Four bytes as a little-endian word, whatever the machine's order. */
static uint32_t le32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint32_t crc32_update(uint32_t crc, const unsigned char *data, size_t size)
{
    crc32_tables tb;
    crc32_tables_init(&tb);
    crc = ~crc;
    size_t i = 0;
    for (; i + 8 <= size; i += 8) {
        uint32_t lo = crc ^ le32(data + i), hi = le32(data + i + 4);
        crc = tb.t[7][lo & 0xFFu] ^ tb.t[6][lo >> 8 & 0xFFu] ^ tb.t[5][lo >> 16 & 0xFFu] ^ tb.t[4][lo >> 24] ^
              tb.t[3][hi & 0xFFu] ^ tb.t[2][hi >> 8 & 0xFFu] ^ tb.t[1][hi >> 16 & 0xFFu] ^ tb.t[0][hi >> 24];
    }
    for (; i < size; ++i) crc = (crc >> 8) ^ tb.t[0][(crc ^ data[i]) & 0xFFu];
    return ~crc;
}

/* ---- writer ---------------------------------------------------------------- */
typedef struct writer {
    unsigned char *at;
    size_t size, capacity;
} writer;

static void put(writer *wr, const void *data, size_t size)
{
    if (wr->at && size && wr->size + size <= wr->capacity) memcpy(wr->at + wr->size, data, size); /* data may be NULL when size is 0 */
    wr->size += size;
}
static void put_u32(writer *wr, uint32_t v) { put(wr, &v, 4); }
static void put_u64(writer *wr, uint64_t v) { put(wr, &v, 8); }
static void put_f32(writer *wr, float v) { put(wr, &v, 4); }
static void put_v3(writer *wr, steer_v3 v) { put(wr, &v, sizeof v); }

static void write_all(const steer_world *w, writer *wr)
{
    steer__world_ensure_handles(w); /* goals are found by slot */
    put(wr, SNAP_MAGIC, 8);
    put_u32(wr, SNAP_VERSION);
    put_u32(wr, SNAP_BOM);
    put_u32(wr, (uint32_t)w->dim);
    put_u32(wr, (uint32_t)sizeof(steer_group_def));
    /* world def essentials (threading and allocator belong to the host) */
    put_v3(wr, w->def.bounds_min);
    put_v3(wr, w->def.bounds_max);
    put_u32(wr, (uint32_t)w->def.boundary);
    put_u32(wr, (uint32_t)w->def.up);
    put_f32(wr, w->def.cell_size);
    put_f32(wr, w->def.max_dt);
    put_u64(wr, w->def.seed);
    put_u32(wr, (uint32_t)w->def.solid_obstacles | (uint32_t)w->def.solid_walls << 1 |
                    (uint32_t)w->def.non_penetration << 2 | (uint32_t)w->def.keep_headings << 3 |
                    (uint32_t)(w->short_walls > 0) << 4 | (uint32_t)w->def.agent_radii << 5);
    put_u32(wr, (uint32_t)w->def.penetration_iterations);
    put_u32(wr, (uint32_t)w->grid_capacity);
    put_u64(wr, w->steps);
    put_u64(wr, w->step_begin);
    put_u32(wr, (uint32_t)w->group_count);
    for (int g = 0; g < w->group_count; ++g) put(wr, &w->groups[g].def, sizeof(steer_group_def));
    put_u32(wr, (uint32_t)w->obstacle_count);
    put(wr, w->obstacles, sizeof(steer_obstacle3) * (size_t)w->obstacle_count);
    put(wr, w->obstacle_velocity, sizeof(steer_v3) * (size_t)w->obstacle_count);
    put_u32(wr, (uint32_t)w->wall_count);
    put(wr, w->walls, sizeof(steer_segment3) * (size_t)w->wall_count);
    /* walls' heights (version 13), when some wall does not stand at every height (flag bit 4) */
    if (w->short_walls) put(wr, w->wall_heights, sizeof(steer__wall_height) * (size_t)w->wall_count);
    put_u32(wr, (uint32_t)w->path_count);
    for (int i = 0; i < w->path_count; ++i) {
        const steer__path *p = &w->paths[i];
        put_u32(wr, (uint32_t)p->count);
        put_u32(wr, p->closed);
        put_f32(wr, p->radius);
        put(wr, p->points, sizeof(steer_v3) * (size_t)p->count);
    }
    put_u32(wr, (uint32_t)w->field_count);
    for (int i = 0; i < w->field_count; ++i) {
        const steer__field *f = &w->fields[i];
        put_v3(wr, f->origin);
        put_f32(wr, f->cell_size);
        put_u32(wr, (uint32_t)f->nx);
        put_u32(wr, (uint32_t)f->ny);
        put_u32(wr, (uint32_t)f->nz);
        put(wr, f->vectors, sizeof(steer_v3) * (size_t)f->nx * (size_t)f->ny * (size_t)f->nz);
    }
    /* handles */
    put_u32(wr, w->slot_high);
    put_u32(wr, w->free_head);
    put_u32(wr, w->reuses | (w->reuses_wrapped ? STEER__FREE_BIT : 0u)); /* a bit no counter has (version 18) */
    put_u32(wr, w->identity);
    put(wr, w->generation, 4 * (size_t)w->slot_high);
    /* agents, internal order */
    put_u32(wr, (uint32_t)w->count);
    for (int a = 0; a < w->dim; ++a) put(wr, w->p[a], 4 * (size_t)w->count);
    for (int a = 0; a < w->dim; ++a) put(wr, w->v[a], 4 * (size_t)w->count);
    put(wr, w->group, (size_t)w->count);
    for (int d = 0; d < w->count; ++d) put_u32(wr, steer__slot_of(w, d)); /* the goal flag comes from the goals */
    put_u32(wr, w->wander != 0);
    if (w->wander) put(wr, w->wander, 4 * (size_t)w->count);
    /* goals, in slot order (so equal worlds write equal bytes) */
    put_u32(wr, (uint32_t)w->goal_count);
    put_u32(wr, w->orders_sent);
    for (uint32_t s = 0; w->goal_count && s < w->slot_high; ++s) {
        const steer__goal *g = (w->generation[s] & STEER__FREE_BIT) ? NULL : steer__goal_find(w, s);
        if (!g) continue;
        put_u32(wr, s);
        put_u32(wr, (uint32_t)g->kind);
        put_v3(wr, g->target);
        put_f32(wr, g->slow_radius);
        put_f32(wr, g->speed);
        put_u32(wr, (uint32_t)g->path);
        put_u32(wr, (uint32_t)g->progress);
        put_u32(wr, g->arrived);
        put_u64(wr, g->arrived_step);
        put_u32(wr, g->order);
        put_u32(wr, (uint32_t)g->point_count);
        put(wr, g->points, sizeof(steer_v3) * (size_t)g->point_count);
        if (g->point_count) put_v3(wr, g->points[g->point_count]); /* where it started (version 14) */
    }
    /* formations (version 7), removed ones too: their indices stay */
    put_u32(wr, (uint32_t)w->formation_count);
    for (int i = 0; i < w->formation_count; ++i) {
        const steer__formation *f = &w->formations[i];
        put_u32(wr, f->live);
        put(wr, &f->leader, sizeof f->leader);
        put_v3(wr, f->heading);
        put_u32(wr, (uint32_t)f->count);
        for (int k = 0; k < f->count; ++k) { /* a member released since it was listed: the null handle */
            const steer_agent_id none = {0};
            uint32_t slot = f->members[k].index - 1; /* (a null handle's wraps past the capacity) */
            bool held = slot >= (uint32_t)w->capacity || f->stamps[k] == w->membership[slot];
            put(wr, held ? &f->members[k] : &none, sizeof none);
        }
        put(wr, f->slots, sizeof *f->slots * (size_t)f->count);
    }
    /* headings (version 12), when kept (flag bit 3): axis by axis, internal order, as the positions */
    for (int a = 0; w->heading[0] && a < w->dim; ++a) put(wr, w->heading[a], 4 * (size_t)w->count);
    /* own radii (version 17), when kept (flag bit 5): internal order, as the positions */
    if (w->own_radius) put(wr, w->own_radius, 4 * (size_t)w->count);
}

size_t steer_world_snapshot_size(const steer_world *w)
{
    STEER__QUERY_WORLD(w, 0);
    writer wr = {0, 0, 0};
    write_all(w, &wr);
    return wr.size + 4;
}

steer_result steer_world_save(const steer_world *w, void *buffer, size_t capacity, size_t *written)
{
    if (written) *written = 0;
    STEER__CHECK_WORLD(w, STEER_ERROR_INVALID_ARGUMENT, STEER_ERROR_IN_STEP);
    STEER_MISUSE_IF(!buffer, STEER_ERROR_INVALID_ARGUMENT, NULL_ARGUMENT,
                    "buffer = NULL: must hold steer_world_snapshot_size(world) bytes");
    size_t need = steer_world_snapshot_size(w);
    if (capacity < need) return STEER_ERROR_CAPACITY;
    writer wr = {buffer, 0, capacity};
    write_all(w, &wr);
    uint32_t crc = crc32_update(0, buffer, wr.size);
    put_u32(&wr, crc);
    if (written) *written = wr.size;
    return STEER_OK;
}

/* ---- reader ------------------------------------------------------------------ */
typedef struct reader {
    const unsigned char *at;
    size_t size, pos;
    bool bad;
} reader;

static bool take(reader *rd, void *out, size_t size)
{
    if (rd->bad || size > rd->size - rd->pos) {
        rd->bad = true;
        if (out) memset(out, 0, size);
        return false;
    }
    if (out) memcpy(out, rd->at + rd->pos, size);
    rd->pos += size;
    return true;
}
static uint32_t get_u32(reader *rd) { uint32_t v = 0; take(rd, &v, 4); return v; }
static uint64_t get_u64(reader *rd) { uint64_t v = 0; take(rd, &v, 8); return v; }
static float get_f32(reader *rd) { float v = 0; take(rd, &v, 4); return v; }
static steer_v3 get_v3(reader *rd) { steer_v3 v = {0}; take(rd, &v, sizeof v); return v; }

/* Versions before 7 had 15 behaviours: AVOID_NEIGHBOURS, ANTICIPATE and
 * QUEUE came in after CONTAIN, FOLLOW_LEADER after ARRIVE. */
#define OLD_BEHAVIOUR_COUNT 15
static void take_old_weights(steer_group_def *d, const float *weight, const float *probability)
{
    for (int b = 0; b < OLD_BEHAVIOUR_COUNT; ++b) {
        int now = b < 3 ? b : b < 9 ? b + 3 : b + 4; /* 3: SEPARATION then, 9: FOLLOW_WALL */
        d->weight[now] = weight[b];
        d->probability[now] = probability[b];
    }
}

/* The group def as version 6 stored it (this build's layout of the struct
 * then): the fields added since take their defaults. */
typedef struct group_def_v6 {
    float max_speed, max_force, mass, radius, max_turn_rate;
    float neighbour_radius, separation_radius, field_of_view;
    uint32_t neighbour_mask;
    bool desired_forms, ground_plane;
    float weight[OLD_BEHAVIOUR_COUNT];
    float probability[OLD_BEHAVIOUR_COUNT];
    steer_combine combine;
    steer_v3 target;
    float slow_radius;
    bool chapter_arrive;
    float arrival_tolerance, arrival_speed, waypoint_radius;
    steer_v3 threat;
    float panic_distance;
    int pursue_group, evade_group;
    float chase_radius, max_prediction;
    steer_wander_params wander;
    int path;
    float path_predict, path_ahead;
    int flow_field;
    float flow_predict;
    steer_v3 contain_min, contain_max;
    float contain_margin, see_ahead;
    steer_wall_feelers feelers;
    steer_wall_follow_params wall_follow;
    uint32_t colour;
    int internal_cookie;
} group_def_v6;

/* The group def as versions 4 and 5 stored it, read into today's def: the
 * fields added since take their defaults, and ARRIVE keeps the chapter's
 * form those worlds ran with. */
typedef struct group_def_v5 {
    float max_speed, max_force, mass, radius, max_turn_rate;
    float neighbour_radius, separation_radius, field_of_view;
    uint32_t neighbour_mask;
    bool desired_forms;
    float weight[OLD_BEHAVIOUR_COUNT];
    float probability[OLD_BEHAVIOUR_COUNT];
    steer_combine combine;
    steer_v3 target;
    float slow_radius;
    steer_v3 threat;
    float panic_distance;
    int pursue_group, evade_group;
    float chase_radius, max_prediction;
    float wander[3];
    int path;
    float path_predict, path_ahead;
    int flow_field;
    float flow_predict;
    steer_v3 contain_min, contain_max;
    float contain_margin, see_ahead;
    float feelers[3], wall_follow[3];
    uint32_t colour;
    int internal_cookie;
} group_def_v5;

/* The def's fields added since version 7, in the order of the struct:
 * each a float among floats (every field of the def is 4-byte aligned), so
 * a snapshot older than the field holds the def without those 4 bytes,
 * the bytes before and after it where they are today; such a field reads 0,
 * so one added here must mean "as before" at 0 (both below do), or the
 * reader must set its old meaning after (as for a probability, whose 0 is
 * "never"). Listed in offset order (the asserts below). */
static const struct {
    size_t at;
    uint32_t since;
} added_fields[] = {
    {offsetof(steer_group_def, reverse_speed), 19},
    {offsetof(steer_group_def, arrived_priority), 11},
    {offsetof(steer_group_def, queue_time_gap), 16},
    {offsetof(steer_group_def, departure_distance), 9},
};
#define ADDED_FIELDS (sizeof added_fields / sizeof added_fields[0])
_Static_assert(offsetof(steer_group_def, reverse_speed) == offsetof(steer_group_def, max_turn_rate) + sizeof(float) &&
                   offsetof(steer_group_def, neighbour_radius) == offsetof(steer_group_def, reverse_speed) + sizeof(float) &&
                   offsetof(steer_group_def, reverse_speed) < offsetof(steer_group_def, arrived_priority),
               "reverse_speed sits between floats, before arrived_priority");
_Static_assert(offsetof(steer_group_def, arrived_priority) == offsetof(steer_group_def, priority) + sizeof(float) &&
                   offsetof(steer_group_def, anticipation_k) == offsetof(steer_group_def, arrived_priority) + sizeof(float),
               "arrived_priority sits between floats");
_Static_assert(offsetof(steer_group_def, weight) == offsetof(steer_group_def, queue_time_gap) + sizeof(float) &&
                   offsetof(steer_group_def, queue_distance) + sizeof(float) == offsetof(steer_group_def, queue_time_gap) &&
                   offsetof(steer_group_def, arrived_priority) < offsetof(steer_group_def, queue_time_gap) &&
                   offsetof(steer_group_def, queue_time_gap) < offsetof(steer_group_def, departure_distance),
               "queue_time_gap sits between floats, after arrived_priority and before departure_distance");
_Static_assert(offsetof(steer_group_def, waypoint_radius) == offsetof(steer_group_def, departure_distance) + sizeof(float) &&
                   offsetof(steer_group_def, arrival_speed) + sizeof(float) == offsetof(steer_group_def, departure_distance) &&
                   offsetof(steer_group_def, arrived_priority) < offsetof(steer_group_def, departure_distance),
               "departure_distance sits between floats, after arrived_priority");

static size_t group_def_size(uint32_t version)
{
    if (version == 6) return sizeof(group_def_v6);
    if (version < 6) return sizeof(group_def_v5);
    size_t size = sizeof(steer_group_def);
    for (size_t k = 0; k < ADDED_FIELDS; ++k) size -= version < added_fields[k].since ? sizeof(float) : 0;
    return size;
}

/* Reads one group def of `version`; false when truncated or a bool holds
 * anything but 0 or 1 (undefined to read). */
static bool take_group_def(reader *rd, uint32_t version, steer_group_def *out)
{
    unsigned char flags[4] = {0, 0, 0, 0};
    if (version >= 7) {
        memset(out, 0, sizeof *out);
        size_t from = 0; /* today's layout, read up to each field the version lacks */
        for (size_t k = 0; k < ADDED_FIELDS; ++k) {
            if (version >= added_fields[k].since) continue;
            if (!take(rd, (unsigned char *)out + from, added_fields[k].at - from)) return false;
            from = added_fields[k].at + sizeof(float); /* left 0 */
        }
        if (!take(rd, (unsigned char *)out + from, sizeof *out - from)) return false;
        memcpy(&flags[0], &out->desired_forms, 1);
        memcpy(&flags[1], &out->chapter_arrive, 1);
        memcpy(&flags[2], &out->ground_plane, 1);
        memcpy(&flags[3], &out->keep_apart, 1);
        return flags[0] <= 1 && flags[1] <= 1 && flags[2] <= 1 && flags[3] <= 1;
    }
    if (version == 6) {
        group_def_v6 o;
        if (!take(rd, &o, sizeof o)) return false;
        memcpy(&flags[0], &o.desired_forms, 1);
        memcpy(&flags[1], &o.chapter_arrive, 1);
        memcpy(&flags[2], &o.ground_plane, 1);
        if (flags[0] > 1 || flags[1] > 1 || flags[2] > 1) return false;
        steer_group_def d = steer_default_group_def();
        d.max_speed = o.max_speed, d.max_force = o.max_force, d.mass = o.mass, d.radius = o.radius;
        d.max_turn_rate = o.max_turn_rate, d.neighbour_radius = o.neighbour_radius;
        d.separation_radius = o.separation_radius, d.field_of_view = o.field_of_view;
        d.neighbour_mask = o.neighbour_mask, d.desired_forms = o.desired_forms, d.ground_plane = o.ground_plane;
        take_old_weights(&d, o.weight, o.probability);
        d.combine = o.combine, d.target = o.target, d.slow_radius = o.slow_radius, d.chapter_arrive = o.chapter_arrive;
        d.arrival_tolerance = o.arrival_tolerance, d.arrival_speed = o.arrival_speed;
        d.waypoint_radius = o.waypoint_radius;
        d.threat = o.threat, d.panic_distance = o.panic_distance;
        d.pursue_group = o.pursue_group, d.evade_group = o.evade_group;
        d.chase_radius = o.chase_radius, d.max_prediction = o.max_prediction;
        d.wander = o.wander, d.path = o.path, d.path_predict = o.path_predict, d.path_ahead = o.path_ahead;
        d.flow_field = o.flow_field, d.flow_predict = o.flow_predict;
        d.contain_min = o.contain_min, d.contain_max = o.contain_max;
        d.contain_margin = o.contain_margin, d.see_ahead = o.see_ahead;
        d.feelers = o.feelers, d.wall_follow = o.wall_follow;
        d.colour = o.colour, d.internal_cookie = o.internal_cookie;
        *out = d;
        return true;
    }
    group_def_v5 o;
    if (!take(rd, &o, sizeof o)) return false;
    memcpy(&flags[0], &o.desired_forms, 1);
    if (flags[0] > 1) return false;
    steer_group_def d = steer_default_group_def();
    d.max_speed = o.max_speed, d.max_force = o.max_force, d.mass = o.mass, d.radius = o.radius;
    d.max_turn_rate = o.max_turn_rate, d.neighbour_radius = o.neighbour_radius;
    d.separation_radius = o.separation_radius, d.field_of_view = o.field_of_view;
    d.neighbour_mask = o.neighbour_mask, d.desired_forms = o.desired_forms;
    take_old_weights(&d, o.weight, o.probability);
    d.combine = o.combine, d.target = o.target, d.slow_radius = o.slow_radius, d.chapter_arrive = true;
    d.threat = o.threat, d.panic_distance = o.panic_distance;
    d.pursue_group = o.pursue_group, d.evade_group = o.evade_group;
    d.chase_radius = o.chase_radius, d.max_prediction = o.max_prediction;
    d.wander.radius = o.wander[0], d.wander.distance = o.wander[1], d.wander.jitter = o.wander[2];
    d.path = o.path, d.path_predict = o.path_predict, d.path_ahead = o.path_ahead;
    d.flow_field = o.flow_field, d.flow_predict = o.flow_predict;
    d.contain_min = o.contain_min, d.contain_max = o.contain_max;
    d.contain_margin = o.contain_margin, d.see_ahead = o.see_ahead;
    d.feelers.length = o.feelers[0], d.feelers.whisker_angle = o.feelers[1], d.feelers.whisker_length = o.feelers[2];
    d.wall_follow.range = o.wall_follow[0], d.wall_follow.desired_distance = o.wall_follow[1];
    d.wall_follow.gain = o.wall_follow[2];
    d.colour = o.colour, d.internal_cookie = o.internal_cookie;
    *out = d;
    return true;
}

/* The formations section (version 7): counts bounded as steer_world_add_formation
 * bounds them, slots finite, heading unit or +x. Members need not be live
 * (a removed one gives its slot up). STEER_ERROR_OUT_OF_MEMORY when an
 * allocation fails (the save may be good), BAD_SNAPSHOT for bad bytes. */
static steer_result take_formations(reader *rd, steer_world *fresh)
{
    const steer_result bad = STEER_ERROR_BAD_SNAPSHOT;
    uint32_t n = get_u32(rd);
    if (rd->bad || n > STEER_MAX_FORMATIONS) return bad;
    if (n == 0) return STEER_OK;
    const steer_allocator *al = &fresh->def.allocator;
    fresh->formations = steer_alloc(al, sizeof *fresh->formations * n, 64);
    fresh->membership = steer__world_alloc_array(fresh, (size_t)fresh->capacity + STEER__PAD, 4); /* every stamp 0 */
    if (!fresh->formations || !fresh->membership) return STEER_ERROR_OUT_OF_MEMORY;
    memset(fresh->formations, 0, sizeof *fresh->formations * n);
    fresh->formation_capacity = (int)n;
    for (uint32_t i = 0; i < n; ++i) {
        steer__formation *f = &fresh->formations[i];
        fresh->formation_count = (int)i + 1; /* what is taken so far is freed with fresh */
        uint32_t live = get_u32(rd);
        take(rd, &f->leader, sizeof f->leader);
        f->heading = get_v3(rd);
        uint32_t count = get_u32(rd);
        if (rd->bad || live > 1u || count > STEER_MAX_FORMATION_MEMBERS || (live && count == 0)) return bad;
        f->live = live;
        fresh->formations_live += (int)live;
        if (count == 0) continue;
        /* the bytes must be there before anything is allocated for them */
        if (rd->size - rd->pos < (size_t)count * (sizeof *f->members + sizeof *f->slots)) return bad;
        f->count = (int)count;
        f->members = steer_alloc(al, sizeof *f->members * count, 64);
        f->stamps = steer__world_alloc_array(fresh, count, sizeof *f->stamps); /* 0: as the membership's */
        f->slots = steer_alloc(al, sizeof *f->slots * count, 64);
        if (!f->members || !f->stamps || !f->slots) return STEER_ERROR_OUT_OF_MEMORY;
        if (!take(rd, f->members, sizeof *f->members * count) || !take(rd, f->slots, sizeof *f->slots * count)) return bad;
        for (uint32_t k = 0; k < count; ++k)
            if (!steer_v3_is_valid(f->slots[k])) return bad;
        if (!steer_v3_is_valid(f->heading) || steer_absf(steer_v3_len_sq(f->heading) - 1.0f) > 1e-3f) return bad;
    }
    return STEER_OK;
}

/* The goals section (version 6): each a live agent's, once, in slot order,
 * passing the same checks as steer_world_set_goal; the agents' flags are
 * set from it. From version 10, the orders: the last given, and each
 * goal's (none later than that, and only an ARRIVE has one). */
static steer_result take_goals(reader *rd, uint32_t version, steer_world *fresh)
{
    uint32_t n = get_u32(rd), previous = 0;
    fresh->orders_sent = version >= 10 ? get_u32(rd) : 0;
    if (rd->bad || n > (uint32_t)fresh->count) return STEER_ERROR_BAD_SNAPSHOT;
    for (uint32_t k = 0; k < n; ++k) {
        uint32_t s = get_u32(rd);
        uint32_t kind = get_u32(rd);
        steer__goal g = {s, (uint8_t)(kind <= STEER_GOAL_WAYPOINTS ? kind : 0), false, get_v3(rd), 0.0f, 0.0f, 0, 0, 0, NULL, 0, 0};
        g.slow_radius = get_f32(rd);
        g.speed = get_f32(rd);
        g.path = (int)get_u32(rd);
        g.progress = (int)get_u32(rd);
        uint32_t arrived = get_u32(rd);
        g.arrived = arrived == 1;
        g.arrived_step = get_u64(rd);
        g.order = version >= 10 ? get_u32(rd) : 0;
        uint32_t points = get_u32(rd);
        if (rd->bad || (k > 0 && s <= previous) || s >= fresh->slot_high || (fresh->generation[s] & STEER__FREE_BIT) ||
            arrived > 1 || g.order > fresh->orders_sent || (g.order && g.kind != STEER_GOAL_ARRIVE) || g.kind == STEER_GOAL_NONE || points > STEER_MAX_GOAL_POINTS ||
            (size_t)points * sizeof(steer_v3) > rd->size - rd->pos)
            return STEER_ERROR_BAD_SNAPSHOT;
        previous = s;
        steer_v3 buffer[64], *list = points <= 64 ? buffer : steer_alloc(&fresh->def.allocator, points * sizeof *list, 16);
        if (!list) return STEER_ERROR_OUT_OF_MEMORY;
        take(rd, list, sizeof(steer_v3) * points);
        /* before version 14 where the agent started was not kept: its first
           point, which no agent is ever past (the leg to it has no length) */
        steer_v3 from = points == 0 ? steer_v3_zero() : version >= 14 ? get_v3(rd) : list[0];
        g.point_count = (int)points;
        g.points = list;
        steer_goal as_set = {(steer_goal_kind)g.kind, g.target, g.slow_radius, g.speed, g.path, list, g.point_count, g.progress, false, from};
        bool ok = steer__goal_ok(fresh, &as_set, 0) && (g.kind == STEER_GOAL_WAYPOINTS) == (points > 0) && steer_v3_is_valid(from) &&
                  (g.kind != STEER_GOAL_PATH || g.progress >= 0) && (g.kind == STEER_GOAL_PATH || g.kind == STEER_GOAL_WAYPOINTS || g.progress == 0);
        /* before version 15 a path goal's progress was the segment nearest
           its agent, worked out when read: it goes on from there */
        if (ok && g.kind == STEER_GOAL_PATH && version < 15) g.progress = steer__path_nearest_segment(fresh, fresh->dense_of_slot[s], &g);
        steer_result r = ok ? steer__goal_put(fresh, fresh->dense_of_slot[s], &g, from) : STEER_ERROR_BAD_SNAPSHOT;
        if (list != buffer) steer_free(&fresh->def.allocator, list);
        if (r != STEER_OK) return r;
    }
    return STEER_OK;
}

static bool all_finite(const float *f, size_t n)
{
    for (size_t i = 0; i < n; ++i)
        if (!steer_is_finite(f[i])) return false;
    return true;
}

/* A good snapshot of a world with more room than this one: refused with
 * CAPACITY, naming what does not fit (a corrupted one cannot pass the CRC). */
static steer_result too_small(uint32_t need, const char *what, const char *limit_name, int limit)
{
    steer__misuse(STEER_MISUSE_SNAPSHOT_CAPACITY, "steer_world_restore", "the snapshot holds %u %s: this world's %s is %d",
                  need, what, limit_name, limit);
    return STEER_ERROR_CAPACITY;
}

/* What the header holds besides the world's def. */
typedef struct snap_header {
    uint32_t version, flags, grid_capacity, group_count;
    uint64_t steps, step_begin;
} snap_header;

/* The world flags a version knows: solids and penetration from the first;
 * bit 3, headings, since version 12; bit 4, walls' heights, since 13; bit 5,
 * own radii, since 17. */
static uint32_t known_flags(uint32_t version)
{
    return version >= 17 ? 63u : version >= 13 ? 31u : version >= 12 ? 15u : 7u;
}

/* The header, read into *def (the host's def, with what the snapshot
 * holds put in) and *h: BAD_SNAPSHOT for bad bytes or another dimension
 * (which is also reported as misuse: the caller's mistake, said),
 * CAPACITY for more groups than the host's max_groups. */
static steer_result take_header(reader *rd, const steer_world *w, steer_world_def *def, snap_header *h)
{
    char magic[8];
    take(rd, magic, 8);
    h->version = memcmp(magic, SNAP_MAGIC, 8) == 0 ? get_u32(rd) : 0;
    if (h->version < SNAP_OLDEST || h->version > SNAP_VERSION || get_u32(rd) != SNAP_BOM) return STEER_ERROR_BAD_SNAPSHOT;
    uint32_t dim = get_u32(rd), version = h->version;
    if (!rd->bad && (dim == 2u || dim == 3u) && dim != (uint32_t)w->dim) {
        steer__misuse(STEER_MISUSE_SNAPSHOT_DIM, "steer_world_restore",
                      "the snapshot is of a %uD world, this world is %dD: restore into a world of its dim", dim, w->dim);
        return STEER_ERROR_BAD_SNAPSHOT;
    }
    if (dim != (uint32_t)w->dim || get_u32(rd) != (uint32_t)group_def_size(version)) return STEER_ERROR_BAD_SNAPSHOT;
    *def = w->def;
    def->bounds_min = get_v3(rd);
    def->bounds_max = get_v3(rd);
    def->boundary = (steer_boundary)get_u32(rd);
    def->up = version >= 6 ? (steer_up_axis)get_u32(rd) : STEER_UP_Z;
    def->cell_size = get_f32(rd);
    def->max_dt = get_f32(rd);
    def->seed = get_u64(rd);
    h->flags = get_u32(rd);
    def->solid_obstacles = h->flags & 1u;
    def->solid_walls = (h->flags >> 1) & 1u;
    def->non_penetration = (h->flags >> 2) & 1u;
    def->keep_headings = (h->flags >> 3) & 1u;
    def->agent_radii = (h->flags >> 5) & 1u;
    def->penetration_iterations = (int)get_u32(rd);
    h->grid_capacity = get_u32(rd);
    h->steps = get_u64(rd);
    /* before version 8 the last step's start was not kept: no arrivals are
     * listed until the next step */
    h->step_begin = version >= 8 ? get_u64(rd) : h->steps;
    h->group_count = get_u32(rd);
    if (rd->bad || h->flags > known_flags(version) || h->grid_capacity < 1u || h->grid_capacity > (1u << 28) ||
        h->step_begin > h->steps)
        return STEER_ERROR_BAD_SNAPSHOT;
    if (h->group_count > (uint32_t)def->max_groups) return too_small(h->group_count, "groups", "max_groups", def->max_groups);
    return STEER_OK;
}

/* Obstacles (with their velocities from version 7) and walls (with their
 * heights when the header's flag bit 4 says so), each finite. */
static steer_result take_obstacles_and_walls(reader *rd, steer_world *fresh, const snap_header *h)
{
    const steer_world_def *def = &fresh->def;
    uint32_t n = get_u32(rd);
    if (n > (uint32_t)def->max_obstacles) return too_small(n, "obstacles", "max_obstacles", def->max_obstacles);
    if (!take(rd, fresh->obstacles, sizeof(steer_obstacle3) * n)) return STEER_ERROR_BAD_SNAPSHOT;
    fresh->obstacle_count = (int)n;
    for (uint32_t i = 0; i < n; ++i) {
        steer_obstacle3 o = fresh->obstacles[i];
        if (!steer_v3_is_valid(o.centre) || !(o.radius >= 0.0f) || !steer_is_finite(o.radius)) return STEER_ERROR_BAD_SNAPSHOT;
    }
    if (h->version >= 7) { /* the obstacles' velocities (before: none moved) */
        if (!take(rd, fresh->obstacle_velocity, sizeof(steer_v3) * n)) return STEER_ERROR_BAD_SNAPSHOT;
        for (uint32_t i = 0; i < n; ++i)
            if (!steer_v3_is_valid(fresh->obstacle_velocity[i])) return STEER_ERROR_BAD_SNAPSHOT;
    }
    n = get_u32(rd);
    if (n > (uint32_t)def->max_walls) return too_small(n, "walls", "max_walls", def->max_walls);
    if (!take(rd, fresh->walls, sizeof(steer_segment3) * n)) return STEER_ERROR_BAD_SNAPSHOT;
    fresh->wall_count = (int)n;
    for (uint32_t i = 0; i < n; ++i)
        if (!steer_v3_is_valid(fresh->walls[i].a) || !steer_v3_is_valid(fresh->walls[i].b)) return STEER_ERROR_BAD_SNAPSHOT;
    fresh->short_walls = 0;
    if ((h->flags >> 4) & 1u) {
        if (fresh->dim != 3 || !take(rd, fresh->wall_heights, sizeof(steer__wall_height) * n)) return STEER_ERROR_BAD_SNAPSHOT;
        for (uint32_t i = 0; i < n; ++i) {
            const steer__wall_height *wh = &fresh->wall_heights[i];
            if (!(wh->bottom < wh->top)) return STEER_ERROR_BAD_SNAPSHOT;
            fresh->short_walls += wh->bottom != -INFINITY || wh->top != INFINITY;
        }
    } else {
        for (uint32_t i = 0; i < n; ++i) fresh->wall_heights[i] = (steer__wall_height){-INFINITY, INFINITY};
    }
    return STEER_OK;
}

/* Paths and flow fields, each bounded before anything is allocated for it. */
static steer_result take_paths_and_fields(reader *rd, steer_world *fresh)
{
    const steer_world_def *def = &fresh->def;
    uint32_t n = get_u32(rd);
    if (n > (uint32_t)def->max_paths) return too_small(n, "paths", "max_paths", def->max_paths);
    for (uint32_t i = 0; i < n; ++i) {
        uint32_t count = get_u32(rd), closed = get_u32(rd);
        float radius = get_f32(rd);
        if (rd->bad || count < 1 || count > (1u << 20) || closed > 1u || (size_t)count * sizeof(steer_v3) > rd->size - rd->pos)
            return STEER_ERROR_BAD_SNAPSHOT;
        steer_v3 *points = steer_alloc(&def->allocator, sizeof(steer_v3) * count * steer__path_copies(def->dim), 16);
        if (!points) return STEER_ERROR_OUT_OF_MEMORY;
        take(rd, points, sizeof(steer_v3) * count);
        fresh->paths[i] = (steer__path){points, NULL, (int)count, closed != 0, radius};
        steer__path_level(fresh, &fresh->paths[i]);
        fresh->path_count = (int)i + 1;
        if (!all_finite((const float *)points, 3 * (size_t)count) || !(radius >= 0.0f) || !steer_is_finite(radius))
            return STEER_ERROR_BAD_SNAPSHOT;
    }
    n = get_u32(rd);
    if (n > (uint32_t)def->max_flow_fields) return too_small(n, "flow fields", "max_flow_fields", def->max_flow_fields);
    for (uint32_t i = 0; i < n; ++i) {
        steer_v3 origin = get_v3(rd);
        float cell = get_f32(rd);
        uint32_t nx = get_u32(rd), ny = get_u32(rd), nz = get_u32(rd);
        /* nx * ny bounded first: the product of three u32 can wrap to a small count in 64 bits */
        if (rd->bad || nx < 1 || ny < 1 || nz < 1 || (uint64_t)nx * ny > (1u << 24) || (uint64_t)nx * ny * nz > (1u << 24))
            return STEER_ERROR_BAD_SNAPSHOT;
        size_t cells = (size_t)nx * ny * nz;
        if (cells * sizeof(steer_v3) > rd->size - rd->pos) return STEER_ERROR_BAD_SNAPSHOT;
        steer_v3 *vectors = steer_alloc(&def->allocator, sizeof(steer_v3) * cells, 16);
        if (!vectors) return STEER_ERROR_OUT_OF_MEMORY;
        take(rd, vectors, sizeof(steer_v3) * cells);
        fresh->fields[i] = (steer__field){origin, cell, (int)nx, (int)ny, (int)nz, vectors};
        fresh->field_count = (int)i + 1;
        if (!steer_v3_is_valid(origin) || !(cell > 0.0f) || !steer_is_finite(cell) ||
            !all_finite((const float *)vectors, 3 * cells))
            return STEER_ERROR_BAD_SNAPSHOT;
    }
    return STEER_OK;
}

/* The handles' state as the snapshot holds it, checked by checks_out. */
typedef struct snap_slots {
    uint32_t slot_high, free_head, reuses, identity, count;
    bool wrapped; /* the counter has come round (version 18: its top bit) */
} snap_slots;

/* Agents: the slots' generations, then each agent's position, velocity,
 * group and slot (and wander angle when the saved world had them), each
 * finite and put inside the box, as after add or a step. */
static steer_result take_agents(reader *rd, steer_world *fresh, const snap_header *h, snap_slots *s)
{
    s->slot_high = get_u32(rd), s->free_head = get_u32(rd), s->reuses = get_u32(rd);
    s->wrapped = h->version >= 18 && (s->reuses & STEER__FREE_BIT);
    if (s->wrapped) s->reuses &= ~STEER__FREE_BIT; /* a counter that has come round is at least 1 */
    /* a version 4 snapshot's world gets a new identity (fresh's), as a new world would */
    s->identity = h->version >= 5 ? get_u32(rd) : fresh->identity;
    if (rd->bad || s->reuses >= STEER__FREE_BIT || (s->wrapped && s->reuses == 0) || s->identity == 0)
        return STEER_ERROR_BAD_SNAPSHOT;
    if (s->slot_high > (uint32_t)fresh->capacity) return too_small(s->slot_high, "agent slots", "capacity", fresh->capacity);
    if (!take(rd, fresh->generation, 4 * (size_t)s->slot_high)) return STEER_ERROR_BAD_SNAPSHOT;
    uint32_t count = s->count = get_u32(rd);
    if (rd->bad || count > s->slot_high) return STEER_ERROR_BAD_SNAPSHOT;
    fresh->count = (int)count;
    for (int a = 0; a < fresh->dim; ++a)
        if (!take(rd, fresh->p[a], 4 * (size_t)count) || !all_finite(fresh->p[a], count)) return STEER_ERROR_BAD_SNAPSHOT;
    for (int a = 0; a < fresh->dim; ++a)
        if (!take(rd, fresh->v[a], 4 * (size_t)count) || !all_finite(fresh->v[a], count)) return STEER_ERROR_BAD_SNAPSHOT;
    if (!take(rd, fresh->group, count) || !take(rd, fresh->slot, 4 * (size_t)count)) return STEER_ERROR_BAD_SNAPSHOT;
    /* wander angles are stored when the saved world had them */
    uint32_t has_wander = get_u32(rd);
    if (rd->bad || has_wander > 1u || (!has_wander && fresh->wander)) return STEER_ERROR_BAD_SNAPSHOT;
    if (has_wander && steer__world_ensure_wander(fresh) != STEER_OK) return STEER_ERROR_OUT_OF_MEMORY;
    if (has_wander && (!take(rd, fresh->wander, 4 * (size_t)count) || !all_finite(fresh->wander, count)))
        return STEER_ERROR_BAD_SNAPSHOT;
    if (rd->bad) return STEER_ERROR_BAD_SNAPSHOT;
    for (uint32_t d = 0; d < count; ++d) {
        float pos[3] = {0.0f, 0.0f, 0.0f}, vel[3] = {0.0f, 0.0f, 0.0f};
        for (int a = 0; a < fresh->dim; ++a) pos[a] = fresh->p[a][d], vel[a] = fresh->v[a][d];
        steer__confine(fresh, pos, vel);
        for (int a = 0; a < fresh->dim; ++a) fresh->p[a][d] = pos[a], fresh->v[a][d] = vel[a];
    }
    return STEER_OK;
}

/* The handles: every agent has its own live slot, every live slot an agent
 * (the table is rebuilt from the slots, each entry written once), every
 * agent a group of the snapshot's; the free list visits each free slot
 * once and ends. Then the slots are the world's. */
static bool handles_check_out(steer_world *fresh, const snap_header *h, snap_slots *s)
{
    uint32_t live = 0, count = s->count, slot_high = s->slot_high;
    for (uint32_t k = 0; k < slot_high; ++k) {
        live += !(fresh->generation[k] & STEER__FREE_BIT);
        fresh->dense_of_slot[k] = STEER__NO_SLOT;
    }
    if (live != count) return false;
    for (uint32_t d = 0; d < count; ++d) {
        uint32_t k = fresh->slot[d];
        if (k >= slot_high || (fresh->generation[k] & STEER__FREE_BIT) || fresh->dense_of_slot[k] != STEER__NO_SLOT)
            return false;
        fresh->dense_of_slot[k] = d;
    }
    for (uint32_t i = 0; i < count; ++i)
        if (fresh->group[i] >= h->group_count) return false;
    uint32_t walk = s->free_head, seen = 0;
    while (walk != STEER__NO_SLOT) {
        if (walk >= slot_high || !(fresh->generation[walk] & STEER__FREE_BIT) || ++seen > slot_high - count) return false;
        walk = fresh->generation[walk] & ~STEER__FREE_BIT;
    }
    if (seen != slot_high - count) return false;
    /* A reused slot takes reuses + 1, so a live generation above the counter
     * would come round again to a removed agent's handle. Such a counter is
     * raised to the highest live generation: old handles stay stale. Not
     * once the saved world's counter has come round: its live generations
     * above it are the round before's, and the world goes on from the
     * counter as it was (raised, the next reuses would part from the saved
     * world's, and the state hashes with them). */
    for (uint32_t k = 0; !s->wrapped && k < slot_high; ++k)
        if (!(fresh->generation[k] & STEER__FREE_BIT) && fresh->generation[k] > s->reuses) s->reuses = fresh->generation[k];
    /* The same cells, so the same summation order, unless the snapshot asks
     * for more than this world's capacity: the cell count is bounded by the
     * host (about 4 cells per agent of capacity), never by the file. */
    fresh->grid_capacity = h->grid_capacity < (uint32_t)fresh->capacity ? (int)h->grid_capacity : fresh->capacity;
    fresh->free_head = s->free_head;
    fresh->slot_high = slot_high;
    return true;
}

/* Headings (version 12, with the header's flag bit 3): each agent's, a unit vector. */
static steer_result take_headings(reader *rd, steer_world *fresh)
{
    if (!fresh->heading[0]) return STEER_OK;
    for (int a = 0; a < fresh->dim; ++a)
        if (!take(rd, fresh->heading[a], 4 * (size_t)fresh->count)) return STEER_ERROR_BAD_SNAPSHOT;
    for (int d = 0; d < fresh->count; ++d) {
        steer_v3 heading = steer__v3_at(fresh, fresh->heading, d);
        if (!steer_v3_is_valid(heading) || steer_absf(steer_v3_len_sq(heading) - 1.0f) > 1e-3f) return STEER_ERROR_BAD_SNAPSHOT;
    }
    return STEER_OK;
}

/* Own radii (version 17, with the header's flag bit 5): each agent's, finite
 * and not negative (0: its group's), and in a keep_apart group at most half
 * its neighbour radius, as steer_world_set_radius holds them; their largest
 * bounds the reaches. */
static steer_result take_own_radii(reader *rd, steer_world *fresh)
{
    if (!fresh->own_radius) return STEER_OK;
    if (!take(rd, fresh->own_radius, 4 * (size_t)fresh->count)) return STEER_ERROR_BAD_SNAPSHOT;
    for (int d = 0; d < fresh->count; ++d) {
        const float r = fresh->own_radius[d];
        const steer_group_def *g = &fresh->groups[fresh->group[d]].def;
        if (!(r >= 0.0f) || !steer_is_finite(r) || !steer__keep_apart_sees(g, r))
            return STEER_ERROR_BAD_SNAPSHOT;
        fresh->own_radius_max = steer_maxf(fresh->own_radius_max, r);
    }
    return STEER_OK;
}

/* The restored world's contents become the host's, keeping the host's
 * threading and SIMD choice; *fresh gets the host's old contents (to be
 * destroyed). */
static void adopt(steer_world *w, steer_world *fresh)
{
    steer_world old = *w;
    *w = *fresh;
    *fresh = old;
    w->pool = old.pool;
    w->workers = old.workers;
    unsigned char *restored_stages = w->stages; /* keep the host's: one per its workers */
    w->stages = old.stages;
    fresh->stages = restored_stages;
    float *restored_worst = w->penetration_worst;
    w->penetration_worst = old.penetration_worst;
    fresh->penetration_worst = restored_worst;
    /* and the host's per-worker scratch of the predictive behaviours */
    STEER__SWAP(w->predictive, fresh->predictive);
    STEER__SWAP(w->anticipation, fresh->anticipation);
    STEER__SWAP(w->anticipation_bits, fresh->anticipation_bits);
    STEER__SWAP(w->seen_index, fresh->seen_index);
    STEER__SWAP(w->apart_u, fresh->apart_u);
    STEER__SWAP(w->apart_limit, fresh->apart_limit);
    STEER__SWAP(w->claims, fresh->claims); /* the host's scheduler's */
    size_t claim_capacity = w->claim_capacity;
    w->claim_capacity = fresh->claim_capacity;
    fresh->claim_capacity = claim_capacity;
    w->def.worker_count = old.def.worker_count;
    w->def.enqueue_task = old.def.enqueue_task;
    w->def.finish_task = old.def.finish_task;
    w->def.user_task_context = old.def.user_task_context;
    fresh->pool = 0;
    steer_world_set_kernel(w, old.kernel);
    steer__world_invalidate_grid(w); /* cell arrays are sized on the next step */
    steer__objects_changed(w);       /* the restored objects are indexed on the next step */
}

/* Parsed section by section into a scratch world of the given capacity that
 * owns new storage; only a whole good snapshot replaces the host's contents.
 * goal_room: room for goals the scratch world reserves (a grow keeps the
 * host's steer_world_reserve_goals; a restore sizes it to the snapshot). */
static steer_result restore(steer_world *w, const void *data, size_t size, int capacity, int goal_room)
{
    if (size < 8 + 4 * 4 + 4) return STEER_ERROR_BAD_SNAPSHOT;
    uint32_t stored_crc;
    memcpy(&stored_crc, (const unsigned char *)data + size - 4, 4);
    if (crc32_update(0, data, size - 4) != stored_crc) return STEER_ERROR_BAD_SNAPSHOT;

    reader rd = {data, size - 4, 0, false};
    steer_world_def def;
    snap_header h;
    steer_result result = take_header(&rd, w, &def, &h);
    if (result != STEER_OK) return result;
    /* def must pass the same checks as at creation (quietly: a bad snapshot
     * is not misuse); the capacity may grow. The scratch world needs no
     * threads (the host keeps its own); its capacity-sized storage only
     * memory can refuse. */
    def.worker_count = 1;
    def.enqueue_task = 0;
    def.finish_task = 0;
    def.capacity = capacity;
    if (!steer__world_def_ok(&def, 0)) return STEER_ERROR_BAD_SNAPSHOT;
    steer_world *fresh = steer__world_create(&def, 0);
    if (!fresh) return STEER_ERROR_OUT_OF_MEMORY;
    result = STEER_ERROR_BAD_SNAPSHOT;
    for (uint32_t g = 0; g < h.group_count; ++g) {
        steer_group_def gd;
        if (!take_group_def(&rd, h.version, &gd)) goto fail;
        fresh->groups[g].def = gd;
    }
    fresh->group_count = (int)h.group_count;
    if ((result = take_obstacles_and_walls(&rd, fresh, &h)) != STEER_OK) goto fail;
    if ((result = take_paths_and_fields(&rd, fresh)) != STEER_OK) goto fail;
    /* groups are checked once paths and fields exist (they refer to them);
     * the loop runs to the snapshot's count, as group_count is rebuilt here */
    result = STEER_ERROR_BAD_SNAPSHOT;
    for (int g = 0; g < (int)h.group_count; ++g) {
        steer_group_def gd = fresh->groups[g].def;
        fresh->group_count = g;
        int index = steer__world_add_group(fresh, &gd, 0);
        if (index == STEER_ERROR_OUT_OF_MEMORY) result = STEER_ERROR_OUT_OF_MEMORY; /* its member list, say */
        if (index != g) goto fail;
    }
    snap_slots slots;
    if ((result = take_agents(&rd, fresh, &h, &slots)) != STEER_OK) goto fail;
    result = STEER_ERROR_BAD_SNAPSHOT;
    if (!handles_check_out(fresh, &h, &slots)) goto fail; /* the goals name agents by slot: after this */
    if (h.version >= 6 && (result = take_goals(&rd, h.version, fresh)) != STEER_OK) goto fail;
    if (h.version >= 7 && (result = take_formations(&rd, fresh)) != STEER_OK) goto fail;
    if ((result = take_headings(&rd, fresh)) != STEER_OK) goto fail;
    if ((result = take_own_radii(&rd, fresh)) != STEER_OK) goto fail;
    result = STEER_ERROR_BAD_SNAPSHOT;
    if (rd.pos != rd.size) goto fail; /* trailing bytes */
    if (goal_room > fresh->goal_capacity && (result = steer_world_reserve_goals(fresh, goal_room)) != STEER_OK) goto fail;
    fresh->reuses = slots.reuses;
    fresh->reuses_wrapped = slots.wrapped;
    fresh->identity = slots.identity;
    fresh->steps = h.steps;
    fresh->step_begin = h.step_begin;
    adopt(w, fresh);
    steer_world_destroy(fresh);
    return STEER_OK;
fail:
    steer_world_destroy(fresh);
    return result;
}

steer_result steer_world_restore(steer_world *w, const void *data, size_t size)
{
    STEER__CHECK_WORLD(w, STEER_ERROR_INVALID_ARGUMENT, STEER_ERROR_IN_STEP);
    STEER_MISUSE_IF(!data, STEER_ERROR_INVALID_ARGUMENT, NULL_ARGUMENT, "data = NULL: must point to size bytes of a snapshot");
    return restore(w, data, size, w->def.capacity, 0);
}

/* The world saved and restored into storage of the new capacity: every
 * agent, handle, goal and object comes back as a restore brings them. */
steer_result steer_world_reserve_agents(steer_world *w, int capacity)
{
    STEER__CHECK_WORLD(w, STEER_ERROR_INVALID_ARGUMENT, STEER_ERROR_IN_STEP);
    STEER_MISUSE_IF(capacity < 1 || capacity > (1 << 28), STEER_ERROR_INVALID_ARGUMENT, RESERVE_AGENTS,
                    "capacity = %d: must be in [1, 2^28]", capacity);
    if (capacity <= w->capacity) {
        /* a world that restored a smaller one's snapshot kept that one's
         * cells: it gets the cells the smaller one gets by the same call, so
         * lockstep peers of different capacities stay alike */
        if (w->grid_capacity < capacity) {
            w->grid_capacity = capacity;
            steer__world_invalidate_grid(w);
        }
        return STEER_OK;
    }
    size_t size = steer_world_snapshot_size(w), written = 0;
    void *saved = steer_alloc(&w->def.allocator, size, 64);
    if (!saved) return STEER_ERROR_OUT_OF_MEMORY;
    const steer_step_profile profile = w->profile; /* the last step's, which a grow does not change */
    steer_result result = steer_world_save(w, saved, size, &written);
    if (result == STEER_OK) result = restore(w, saved, written, capacity, w->goal_capacity);
    steer_free(&w->def.allocator, saved);
    if (result != STEER_OK) return result; /* out of memory: the world as it was */
    w->profile = profile;
    /* the grid sized for the new capacity (its cell count is capped near 4
     * cells an agent of capacity: a cap that bound for the old one would
     * leave a grown crowd in coarse cells) */
    w->grid_capacity = capacity;
    return STEER_OK;
}

/* ---- info: the header and the sections' sizes, without restoring --------- */
static bool skip(reader *rd, uint64_t size)
{
    if (rd->bad || size > rd->size - rd->pos) {
        rd->bad = true;
        return false;
    }
    rd->pos += (size_t)size;
    return true;
}

/* A count that must fit an int (the sections' counts are bounded far below). */
static bool count_ok(reader *rd, uint32_t n) { return !rd->bad && n <= (uint32_t)INT32_MAX; }

#define INFO_REFUSE(...)                                                                                               \
    do {                                                                                                               \
        snprintf(out->problem, sizeof out->problem, __VA_ARGS__);                                                      \
        return STEER_ERROR_BAD_SNAPSHOT;                                                                               \
    } while (0)
#define INFO_SECTION(rd, section)                                                                                      \
    do {                                                                                                               \
        if ((rd)->bad) INFO_REFUSE("cut short in its %s", section);                                                   \
    } while (0)

steer_result steer_world_snapshot_info(const void *data, size_t size, steer_snapshot_info *out)
{
    STEER_MISUSE_IF(!out, STEER_ERROR_INVALID_ARGUMENT, NULL_ARGUMENT, "out = NULL: must point to a steer_snapshot_info");
    memset(out, 0, sizeof *out);
    STEER_MISUSE_IF(!data && size > 0, STEER_ERROR_INVALID_ARGUMENT, NULL_ARGUMENT,
                    "data = NULL, size = %zu: must point to size bytes", size);
    if (size < 8 + 4 * 4 + 4) INFO_REFUSE("%zu bytes: too short for a snapshot's header", size);
    if (memcmp(data, SNAP_MAGIC, 8) != 0) INFO_REFUSE("not a steer snapshot: it does not start with \"" SNAP_MAGIC "\"");
    reader rd = {data, size - 4, 8, false};
    uint32_t version = get_u32(&rd), bom = get_u32(&rd);
    out->version = (int)(version <= (uint32_t)INT32_MAX ? version : 0);
    /* only the mark reversed is the other byte order, and the version is
     * read once the checksum vouches for it: a changed byte there is damage */
    if (bom == SNAP_BOM_SWAPPED) INFO_REFUSE("written on a machine of the other byte order");
    if (bom != SNAP_BOM)
        INFO_REFUSE("damaged: its byte-order mark reads 0x%08x, neither 0x%08x nor the other byte order's (bytes changed)",
                    bom, SNAP_BOM);
    uint32_t stored_crc;
    memcpy(&stored_crc, (const unsigned char *)data + size - 4, 4);
    if (crc32_update(0, data, size - 4) != stored_crc)
        INFO_REFUSE("damaged: its CRC-32 does not match its %zu bytes (cut short, or bytes changed)", size);
    if (version < SNAP_OLDEST || version > SNAP_VERSION)
        INFO_REFUSE("version %u: this build reads versions %u to %u", version, SNAP_OLDEST, SNAP_VERSION);
    uint32_t dim = get_u32(&rd), def_size = get_u32(&rd);
    if (dim != 2u && dim != 3u) INFO_REFUSE("dim %u: must be 2 or 3", dim);
    out->dim = (int)dim;
    if (def_size != (uint32_t)group_def_size(version))
        INFO_REFUSE("a group def of %u bytes: version %u's is %zu", def_size, version, group_def_size(version));
    out->bounds_min = get_v3(&rd);
    out->bounds_max = get_v3(&rd);
    out->boundary = (steer_boundary)get_u32(&rd);
    out->up = version >= 6 ? (steer_up_axis)get_u32(&rd) : STEER_UP_Z;
    out->cell_size = get_f32(&rd);
    out->max_dt = get_f32(&rd);
    out->seed = get_u64(&rd);
    uint32_t flags = get_u32(&rd); /* solids, penetration, headings, walls' heights, own radii */
    bool headings = version >= 12 && ((flags >> 3) & 1u), wall_heights = version >= 13 && ((flags >> 4) & 1u);
    bool own_radii = version >= 17 && ((flags >> 5) & 1u);
    if (!rd.bad && flags > known_flags(version))
        INFO_REFUSE("world flags %#x: version %u's are at most %#x", flags, version, known_flags(version));
    skip(&rd, 4); /* penetration iterations */
    uint32_t grid_capacity = get_u32(&rd);
    if (!rd.bad && (grid_capacity < 1u || grid_capacity > (1u << 28)))
        INFO_REFUSE("a grid capacity of %u: must be 1 to 2^28", grid_capacity);
    out->steps = get_u64(&rd);
    if (version >= 8) skip(&rd, 8); /* where the last step began */
    uint32_t n = get_u32(&rd);
    INFO_SECTION(&rd, "world def");
    out->group_count = (int)n;
    skip(&rd, (uint64_t)n * def_size);
    INFO_SECTION(&rd, "groups");
    n = get_u32(&rd);
    if (!count_ok(&rd, n)) INFO_REFUSE("cut short before its obstacles");
    out->obstacle_count = (int)n;
    skip(&rd, (uint64_t)n * (sizeof(steer_obstacle3) + (version >= 7 ? sizeof(steer_v3) : 0)));
    INFO_SECTION(&rd, "obstacles");
    n = get_u32(&rd);
    if (!count_ok(&rd, n)) INFO_REFUSE("cut short before its walls");
    out->wall_count = (int)n;
    skip(&rd, (uint64_t)n * (sizeof(steer_segment3) + (wall_heights ? sizeof(float) * 2 : 0)));
    INFO_SECTION(&rd, "walls");
    n = get_u32(&rd);
    if (!count_ok(&rd, n)) INFO_REFUSE("cut short before its paths");
    out->path_count = (int)n;
    for (uint32_t i = 0; i < n && !rd.bad; ++i) {
        uint32_t points = get_u32(&rd);
        skip(&rd, 4 + 4 + (uint64_t)points * sizeof(steer_v3)); /* closed, radius, the points */
    }
    INFO_SECTION(&rd, "paths");
    n = get_u32(&rd);
    if (!count_ok(&rd, n)) INFO_REFUSE("cut short before its flow fields");
    out->flow_field_count = (int)n;
    for (uint32_t i = 0; i < n && !rd.bad; ++i) {
        skip(&rd, sizeof(steer_v3) + 4); /* origin, cell size */
        uint64_t nx = get_u32(&rd), ny = get_u32(&rd), nz = get_u32(&rd); /* each below 2^32: no wrap */
        if (!rd.bad && nx * ny > (1u << 24)) INFO_REFUSE("flow field %u: %llu x %llu cells: more than 2^24", i,
                                                         (unsigned long long)nx, (unsigned long long)ny);
        skip(&rd, nx * ny * nz * sizeof(steer_v3));
    }
    INFO_SECTION(&rd, "flow fields");
    uint32_t slot_high = get_u32(&rd);
    skip(&rd, version >= 5 ? 12 : 8); /* free list head, reuse counter, identity */
    if (!count_ok(&rd, slot_high)) INFO_REFUSE("cut short before its handles");
    out->agent_slots = (int)slot_high;
    out->grid_capacity = (int)grid_capacity;
    skip(&rd, 4 * (uint64_t)slot_high);
    uint32_t count = get_u32(&rd);
    INFO_SECTION(&rd, "handles");
    if (count > slot_high) INFO_REFUSE("%u agents in %u slots", count, slot_high);
    out->agent_count = (int)count;
    skip(&rd, (uint64_t)count * (2u * 4u * dim + 1u + 4u)); /* positions, velocities, groups, slots */
    if (get_u32(&rd) == 1u) skip(&rd, 4 * (uint64_t)count); /* wander angles */
    INFO_SECTION(&rd, "agents");
    if (version >= 6) {
        n = get_u32(&rd);
        if (version >= 10) skip(&rd, 4); /* the last order */
        if (!count_ok(&rd, n)) INFO_REFUSE("cut short before its goals");
        out->goal_count = (int)n;
        for (uint32_t k = 0; k < n && !rd.bad; ++k) {
            /* slot, kind, target, slow radius, speed, path, progress, arrived, arrival step, order */
            skip(&rd, 4 + 4 + sizeof(steer_v3) + 4 + 4 + 4 + 4 + 4 + 8 + (version >= 10 ? 4 : 0));
            uint32_t points = get_u32(&rd);
            skip(&rd, (uint64_t)(points + (points && version >= 14)) * sizeof(steer_v3)); /* and where it started */
        }
        INFO_SECTION(&rd, "goals");
    }
    if (version >= 7) {
        n = get_u32(&rd);
        if (!count_ok(&rd, n)) INFO_REFUSE("cut short before its formations");
        out->formation_count = (int)n;
        for (uint32_t i = 0; i < n && !rd.bad; ++i) {
            skip(&rd, 4 + sizeof(steer_agent_id) + sizeof(steer_v3)); /* live, leader, heading */
            uint32_t members = get_u32(&rd);
            skip(&rd, (uint64_t)members * (sizeof(steer_agent_id) + sizeof(steer_v3)));
        }
        INFO_SECTION(&rd, "formations");
    }
    if (headings) {
        skip(&rd, (uint64_t)out->agent_count * 4 * (uint64_t)out->dim);
        INFO_SECTION(&rd, "headings");
    }
    if (own_radii) {
        skip(&rd, (uint64_t)out->agent_count * 4);
        INFO_SECTION(&rd, "own radii");
    }
    if (rd.pos != rd.size) INFO_REFUSE("%zu bytes left after its last section", rd.size - rd.pos);
    return STEER_OK;
}

/* Fuzz target: the world API. The input is decoded into a world def (2D or
 * 3D, Z-up or Y-up) and a sequence of calls (groups with arbitrary defs,
 * agents added, removed, teleported, turned, sized and moved between groups, per-agent
 * goals (one, in bulk, or places the world assigns), obstacles, walls,
 * paths, flow fields, formations, steps with odd dt, save and restore,
 * debug drawing and queries, kernel changes).
 *
 * Every call is made on two worlds built from the same def: A with the
 * scalar kernel and one thread, B with the best SIMD kernel and two
 * workers: for half the inputs the built-in pool, for the other half a
 * random scheduler seeded by the input (tests/random_scheduler.h: ranges
 * of random lengths in a random order on random workers). The pool runs a
 * phase in parallel only when that pays, so it rarely splits a small
 * world; the random scheduler splits every task (K14 in robustness.md was
 * found only once the pool had gone parallel).
 * They must agree on every result and, after every step, on the state hash
 * and the arrivals (the kernel and the thread count never change the bits). Also checked:
 * the agent count against a model of the calls, handle validity (live
 * handles stay valid, removed ones become stale), every position and
 * velocity finite, agents inside the box with WRAP and CLAMP boundaries,
 * debug-draw values finite, a snapshot restored into the other world
 * continuing bit for bit, a damaged snapshot refused with the world left
 * unchanged. */
#include "fuzz.h"
#include "random_scheduler.h"

#define FW_MAX_IDS 64
#define FW_MAX_OPS 48

typedef struct fw {
    steer_world *a, *b;
    int dim;
    steer_world_def def;
    int count; /* the model's agent count */
    steer_agent_id ids[FW_MAX_IDS];
    bool live[FW_MAX_IDS];
    int id_count;
} fw;

static steer_world_def fw_decode_def(fuzz_input *in)
{
    steer_world_def d = steer_default_world_def();
    d.dim = fuzz_bool(in) ? 3 : 2;
    d.capacity = fuzz_int(in, 1, 48);
    if (fuzz_u8(in) < 224) { /* ordinary boxes most of the time */
        float lo = -1.0f - fuzz_small_float(in) * 4.0f, hi = 1.0f + fuzz_small_float(in) * 4.0f;
        d.bounds_min = steer_v3_make(lo, lo, lo);
        d.bounds_max = steer_v3_make(hi, hi * 0.75f, hi);
    } else {
        d.bounds_min = fuzz_v3(in);
        d.bounds_max = fuzz_v3(in);
    }
    d.boundary = (steer_boundary)fuzz_int(in, 0, 3); /* 3 is not a boundary: refused */
    uint8_t flags = fuzz_u8(in);
    d.solid_obstacles = flags & 1;
    d.solid_walls = flags & 2;
    d.non_penetration = flags & 4;
    d.cell_size = flags & 8 ? fuzz_float(in) : 0.0f;
    d.max_dt = flags & 16 ? fuzz_float(in) : 0.0f;
    d.up = flags & 32 ? STEER_UP_Y : STEER_UP_Z;
    d.keep_headings = flags & 64;
    d.agent_radii = flags & 128;
    d.penetration_iterations = fuzz_int(in, 0, 4);
    d.max_groups = fuzz_int(in, 1, 8);
    d.max_obstacles = fuzz_int(in, 0, 6);
    d.max_walls = fuzz_int(in, 0, 6);
    d.max_paths = fuzz_int(in, 0, 3);
    d.max_flow_fields = fuzz_int(in, 0, 2);
    d.seed = fuzz_u32(in);
    return d;
}

/* An ordinary point, each axis -8 .. 23.875 (flat: z 0). Its axes are read
 * z first, as gcc evaluated steer_v3_make(x, y, z) (fuzz.h). */
static steer_v3 fw_small_v3(fuzz_input *in, bool flat)
{
    float z = flat ? 0.0f : fuzz_small_float(in) - 8.0f;
    float y = fuzz_small_float(in) - 8.0f;
    float x = fuzz_small_float(in) - 8.0f;
    return steer_v3_make(x, y, z);
}

/* A group def; in a world keeping headings (`headings`), a turn-limited
 * one has a reverse gear when the behaviour index read beside its turn
 * rate is odd (no byte more is read, so older inputs decode as before). */
static steer_group_def fw_decode_group(fuzz_input *in, bool headings)
{
    float p[3];
    steer_group_def g = steer_default_group_def();
    int changes = fuzz_int(in, 0, 8);
    for (int k = 0; k < changes; ++k) {
        int b = fuzz_int(in, 0, STEER_BEHAVIOUR_COUNT - 1);
        switch (fuzz_int(in, 0, 34)) {
        case 0: g.max_speed = fuzz_float(in); break;
        case 1: g.max_force = fuzz_float(in); break;
        case 2: g.mass = fuzz_float(in); break;
        case 3: g.radius = fuzz_float(in); break;
        case 4:
            g.max_turn_rate = fuzz_float(in);
            g.reverse_speed = headings && (b & 1) && g.max_turn_rate > 0.0f ? 0.25f * (float)b : 0.0f;
            break;
        case 5: g.neighbour_radius = fuzz_float(in); break;
        case 6: g.separation_radius = fuzz_float(in); break;
        case 7: g.field_of_view = fuzz_float(in); break;
        case 8: g.neighbour_mask = fuzz_u32(in); break;
        case 9: g.desired_forms = fuzz_bool(in); break;
        case 10: g.weight[b] = fuzz_float(in); break;
        case 11: g.probability[b] = fuzz_float(in); break;
        case 12: g.combine = (steer_combine)fuzz_int(in, 0, 4); break;
        case 13: g.target = fuzz_v3(in); break;
        case 14: g.slow_radius = fuzz_float(in); break;
        case 15: g.threat = fuzz_v3(in); break;
        case 16: g.panic_distance = fuzz_float(in); break;
        case 17: g.pursue_group = fuzz_int(in, -1, 9); break;
        case 18: g.evade_group = fuzz_int(in, -1, 9); break;
        case 19: g.chase_radius = fuzz_float(in); break;
        case 20: g.max_prediction = fuzz_float(in); break;
        case 21: fuzz_floats(in, p, 3); g.wander = (steer_wander_params){p[0], p[1], p[2], STEER_UP_Z}; break;
        case 22: g.path = fuzz_int(in, -1, 3); break;
        case 23: g.path_predict = fuzz_float(in), g.path_ahead = fuzz_float(in); break;
        case 24: g.flow_field = fuzz_int(in, -1, 2), g.flow_predict = fuzz_float(in); break;
        case 25: g.contain_min = fuzz_v3(in), g.contain_max = fuzz_v3(in); break;
        case 26: g.contain_margin = fuzz_float(in), g.see_ahead = fuzz_float(in); break;
        case 27: fuzz_floats(in, p, 3); g.feelers = (steer_wall_feelers){p[0], p[1], p[2], STEER_UP_Z}; break;
        case 28: fuzz_floats(in, p, 3); g.wall_follow = (steer_wall_follow_params){p[0], p[1], p[2], STEER_UP_Z}; break;
        case 29: { /* one byte, as a bool always took: its low bit as before, the next for keep_apart (so
                      the corpus's inputs decode the same stream) */
            unsigned bits = fuzz_u8(in);
            g.ground_plane = bits & 1u, g.keep_apart = bits >> 1 & 1u;
            break;
        }
        case 30: { /* the same: chapter_arrive, then a priority from its next three bits (0 and FLT_MAX:
                      refused) and an arrived_priority from the three after (0: none; -1 refused) */
            static const float priorities[8] = {1.0f, 0.25f, 2.0f, 8.0f, 1e-3f, 1e6f, 0.0f, FLT_MAX};
            static const float arrived[8] = {0.0f, 0.1f, 0.01f, 10.0f, 1e-3f, 1e6f, -1.0f, 1.0f};
            unsigned bits = fuzz_u8(in);
            g.chapter_arrive = bits & 1u, g.priority = priorities[bits >> 1 & 7u], g.arrived_priority = arrived[bits >> 4 & 7u];
            break;
        }
        case 31: g.arrival_tolerance = fuzz_float(in), g.arrival_speed = fuzz_float(in), g.waypoint_radius = fuzz_float(in); break;
        case 32: g.departure_distance = fuzz_float(in); break;
        default: /* switch a behaviour on with an ordinary weight, wiring its references */
            g.weight[b] = 0.25f * (float)fuzz_int(in, 1, 8);
            if (b == STEER_PURSUE) g.pursue_group = fuzz_int(in, 0, 3);
            if (b == STEER_EVADE) g.evade_group = fuzz_int(in, 0, 3);
            if (b == STEER_FOLLOW_PATH) g.path = 0;
            if (b == STEER_FOLLOW_FLOW) g.flow_field = 0;
            break;
        }
    }
    return g;
}

/* ---- checks ------------------------------------------------------------------ */
/* in_box: just after a step, when the boundary has been applied (an agent
 * added or teleported outside the box stays there until the next step). */
static void fw_check_agents(const fw *f, const steer_world *w, bool in_box)
{
    FUZZ_CHECK(steer_world_agent_count(w) == f->count, "agent count %d, expected %d", steer_world_agent_count(w),
               f->count);
    steer_world_view v = steer_world_get_view(w);
    FUZZ_CHECK(v.count == f->count, "view count %d, expected %d", v.count, f->count);
    for (int i = 0; i < v.count; ++i) {
        float p[3] = {v.px[i], v.py[i], f->dim == 3 ? v.pz[i] : 0.0f};
        float q[3] = {v.vx[i], v.vy[i], f->dim == 3 ? v.vz[i] : 0.0f};
        for (int a = 0; a < f->dim; ++a) {
            FUZZ_CHECK(steer_is_finite(p[a]) && steer_is_finite(q[a]), "agent %d: position %g or velocity %g not finite",
                       i, (double)p[a], (double)q[a]);
            float lo = steer_v3_get(f->def.bounds_min, a), hi = steer_v3_get(f->def.bounds_max, a);
            float slack = (hi - lo) * 1e-6f; /* the world wraps at lo + (hi - lo): rounding */
            if (in_box && (f->def.boundary == STEER_BOUNDARY_WRAP || f->def.boundary == STEER_BOUNDARY_CLAMP))
                FUZZ_CHECK(p[a] >= lo - slack && p[a] <= hi + slack, "agent %d axis %d at %g, outside [%g, %g]", i, a, (double)p[a],
                           (double)lo, (double)hi);
        }
        FUZZ_CHECK(v.group[i] < steer_world_group_count(w), "agent %d in group %d of %d", i, v.group[i],
                   steer_world_group_count(w));
    }
    for (int k = 0; k < f->id_count; ++k) {
        FUZZ_CHECK(steer_world_is_valid(w, f->ids[k]) == f->live[k], "handle %d validity %d, expected %d", k,
                   steer_world_is_valid(w, f->ids[k]), f->live[k]);
        steer_agent_state st;
        steer_result r = steer_world_get_agent(w, f->ids[k], &st);
        FUZZ_CHECK((r == STEER_OK) == f->live[k], "get_agent %d gave %d", k, r);
        if (r == STEER_OK) {
            FUZZ_CHECK(steer_v3_is_valid(st.position) && steer_v3_is_valid(st.velocity), "agent %d state not finite", k);
            FUZZ_CHECK(f->dim == 3 || (st.position.z == 0.0f && st.velocity.z == 0.0f), "2D agent %d off the plane", k);
            steer_v3 h;
            if (f->def.keep_headings && steer_world_get_heading(w, f->ids[k], &h) == STEER_OK)
                FUZZ_CHECK(steer_v3_is_valid(h) && fabsf(steer_v3_len_sq(h) - 1.0f) < 1e-4f && (f->dim == 3 || h.z == 0.0f),
                           "agent %d heading (%g, %g, %g) not a unit vector of its plane", k, (double)h.x, (double)h.y,
                           (double)h.z);
        }
    }
}

static void fw_check_same(const fw *f, const char *after)
{
    uint64_t ha = steer_world_state_hash(f->a), hb = steer_world_state_hash(f->b);
    FUZZ_CHECK(ha == hb, "after %s: scalar/1-thread hash %016llx != SIMD/2-thread hash %016llx", after,
               (unsigned long long)ha, (unsigned long long)hb);
    FUZZ_CHECK(steer_world_step_count(f->a) == steer_world_step_count(f->b), "after %s: step counts differ", after);
}

/* ---- debug draw: every value handed to a renderer is finite ------------------- */
static void fw_draw_v(steer_v3 p, const char *what)
{
    FUZZ_CHECK(steer_v3_is_valid(p), "debug draw %s: point not finite", what);
}
static void fw_circle(steer_v3 c, float r, uint32_t colour, void *ctx)
{
    (void)colour, (void)ctx;
    fw_draw_v(c, "circle");
    FUZZ_CHECK(steer_is_finite(r), "debug draw circle radius %g", (double)r);
}
static void fw_segment(steer_v3 a, steer_v3 b, uint32_t colour, void *ctx)
{
    (void)colour, (void)ctx;
    fw_draw_v(a, "segment");
    fw_draw_v(b, "segment");
}
static void fw_point(steer_v3 p, float size, uint32_t colour, void *ctx)
{
    (void)colour, (void)ctx, (void)size;
    fw_draw_v(p, "point");
}
static void fw_arrow(steer_v3 a, steer_v3 b, uint32_t colour, void *ctx)
{
    (void)colour, (void)ctx;
    fw_draw_v(a, "arrow");
    fw_draw_v(b, "arrow");
}
static void fw_text(steer_v3 at, const char *text, uint32_t colour, void *ctx)
{
    (void)colour, (void)ctx;
    fw_draw_v(at, "text");
    FUZZ_CHECK(text != 0, "debug draw text NULL");
}
static void fw_agent(steer_v3 p, steer_v3 heading, float radius, uint32_t colour, void *ctx)
{
    (void)colour, (void)ctx;
    fw_draw_v(p, "agent");
    fw_draw_v(heading, "agent heading");
    FUZZ_CHECK(steer_is_finite(radius), "debug draw agent radius %g", (double)radius);
}

/* ---- operations ---------------------------------------------------------------- */
static int fw_pick(fuzz_input *in, const fw *f) { return f->id_count ? fuzz_int(in, 0, f->id_count - 1) : -1; }

static steer_agent_id fw_handle(fuzz_input *in, const fw *f)
{
    uint8_t how = fuzz_u8(in);
    int k = fw_pick(in, f);
    if (how < 200 && k >= 0) return f->ids[k];
    uint32_t index = fuzz_u32(in) % 80u, generation = fuzz_u32(in) % 4u;
    steer_agent_id forged = {index, generation, 0}; /* null, stale or foreign */
    return forged;
}

static void fw_snapshot(fuzz_input *in, fw *f)
{
    bool from_a = fuzz_bool(in);
    steer_world *src = from_a ? f->a : f->b, *dst = from_a ? f->b : f->a;
    size_t size = steer_world_snapshot_size(src);
    FUZZ_CHECK(size > 0, "snapshot size 0");
    unsigned char *buf = malloc(size + 8);
    if (!buf) return;
    size_t written = 0;
    FUZZ_CHECK(steer_world_save(src, buf, size - 1, &written) == STEER_ERROR_CAPACITY && written == 0,
               "save into a buffer one byte short did not refuse");
    FUZZ_CHECK(steer_world_save(src, buf, size + 8, &written) == STEER_OK && written == size, "save failed");
    uint8_t damage = fuzz_u8(in);
    if (damage & 1) { /* a damaged copy is refused and changes nothing */
        uint64_t before = steer_world_state_hash(dst);
        size_t at = fuzz_u32(in) % size;
        unsigned char saved = buf[at];
        buf[at] ^= (unsigned char)(1u << (damage >> 5));
        size_t cut = damage & 2 ? at : size;
        FUZZ_CHECK(steer_world_restore(dst, buf, cut) == STEER_ERROR_BAD_SNAPSHOT, "damaged snapshot accepted");
        FUZZ_CHECK(steer_world_state_hash(dst) == before, "refused snapshot changed the world");
        buf[at] = saved;
    }
    FUZZ_CHECK(steer_world_restore(dst, buf, size) == STEER_OK, "restoring a fresh snapshot failed");
    free(buf);
    fw_check_same(f, "restore");
    if (damage & 4) { /* both grown alike stay alike */
        int more = 1 + ((damage >> 3) & 3);
        FUZZ_CHECK(steer_world_reserve_agents(f->a, f->def.capacity + more) == STEER_OK &&
                       steer_world_reserve_agents(f->b, f->def.capacity + more) == STEER_OK,
                   "reserve_agents failed");
        f->def.capacity += more;
        fw_check_same(f, "reserve_agents");
    }
}

/* A goal of any kind (one past the last: refused), its waypoints in points[8]. */
static steer_goal fw_decode_goal(fuzz_input *in, steer_v3 *points)
{
    steer_goal g;
    memset(&g, 0, sizeof g);
    g.kind = (steer_goal_kind)fuzz_int(in, 0, STEER_GOAL_WAYPOINTS + 1);
    g.target = fuzz_u8(in) < 200 ? fw_small_v3(in, false) : fuzz_v3(in);
    g.slow_radius = fuzz_u8(in) < 128 ? 0.0f : fuzz_float(in);
    g.speed = fuzz_u8(in) < 128 ? 0.0f : fuzz_float(in);
    g.path = fuzz_int(in, -1, 3);
    int count = fuzz_int(in, 0, 8);
    for (int i = 0; i < count; ++i)
        points[i] = fuzz_u8(in) < 200 ? fw_small_v3(in, true) : fuzz_v3(in);
    g.points = fuzz_u8(in) < 240 ? points : 0;
    g.point_count = fuzz_u8(in) < 240 ? count : fuzz_int(in, -1, 8);
    g.progress = fuzz_int(in, -1, 8);
    return g;
}

/* Both worlds give the same goal, arrival and waypoints for handle id. */
static void fw_check_goal(const fw *f, steer_agent_id id)
{
    steer_goal ga, gb;
    steer_result ra = steer_world_get_goal(f->a, id, &ga), rb = steer_world_get_goal(f->b, id, &gb);
    FUZZ_CHECK(ra == rb, "get_goal: %d vs %d", ra, rb);
    if (ra != STEER_OK) return;
    FUZZ_CHECK(ga.kind == gb.kind && ga.progress == gb.progress && ga.arrived == gb.arrived &&
                   ga.point_count == gb.point_count,
               "get_goal differs: kind %d/%d progress %d/%d arrived %d/%d", ga.kind, gb.kind, ga.progress,
               gb.progress, ga.arrived, gb.arrived);
    FUZZ_CHECK(ga.kind >= STEER_GOAL_NONE && ga.kind <= STEER_GOAL_WAYPOINTS, "get_goal kind %d", ga.kind);
    FUZZ_CHECK(memcmp(&ga.target, &gb.target, sizeof ga.target) == 0 && memcmp(&ga.speed, &gb.speed, sizeof ga.speed) == 0 &&
                   memcmp(&ga.slow_radius, &gb.slow_radius, sizeof ga.slow_radius) == 0,
               "get_goal differs: target, speed or slow radius");
    FUZZ_CHECK(steer_v3_is_valid(ga.target) && steer_is_finite(ga.slow_radius) && steer_is_finite(ga.speed),
               "get_goal gave a value that is not finite");
    FUZZ_CHECK(steer_world_has_arrived(f->a, id) == ga.arrived, "has_arrived disagrees with get_goal");
    steer_v3 pa[8], pb[8];
    int na = steer_world_get_goal_points(f->a, id, pa, 8), nb = steer_world_get_goal_points(f->b, id, pb, 8);
    FUZZ_CHECK(na == nb && (na <= 0 || memcmp(pa, pb, sizeof pa[0] * (size_t)(na < 8 ? na : 8)) == 0),
               "goal points differ: %d vs %d", na, nb);
    FUZZ_CHECK(ga.kind == STEER_GOAL_WAYPOINTS ? na == ga.point_count : na == 0, "%d goal points for kind %d", na,
               ga.kind);
}

/* send_to_places on world w, or, where the call would send every agent
 * (live handles, each once, places for all, all finite), the same choice
 * made apart from the world (steer_assign_places, on the positions as
 * send_to_places measures them: on the ground, turned Z-up with dim 2,
 * when every agent keeps its height) and sent as given
 * (steer_world_send_assigned): the goals must come out the same. */
static int fw_send_chosen_apart(steer_world *w, const steer_agent_id *ids, int count, const steer_v3 *places,
                                int place_count, bool together, steer_result *results)
{
    steer_world_def def;
    bool apart = count > 0 && place_count >= count && steer_world_get_def(w, &def) == STEER_OK, ground = def.dim == 3;
    steer_v3 from[4], to[8], chosen[4];
    for (int k = 0; apart && k < count; ++k) {
        steer_agent_state st;
        steer_group_def g;
        apart = steer_world_get_agent(w, ids[k], &st) == STEER_OK && steer_world_get_group(w, st.group, &g) == STEER_OK;
        for (int j = 0; apart && j < k; ++j) apart = ids[j].index != ids[k].index;
        ground = ground && apart && g.ground_plane;
        from[k] = st.position;
    }
    for (int k = 0; apart && k < place_count; ++k) apart = steer_v3_is_valid(places[k]);
    if (!apart) return steer_world_send_to_places(w, ids, count, places, place_count, together, results);
    for (int k = 0; k < count; ++k) from[k] = ground ? steer_v3_to_z_up(from[k], def.up) : from[k];
    for (int k = 0; k < place_count; ++k) to[k] = ground ? steer_v3_to_z_up(places[k], def.up) : places[k];
    int place_of[4];
    FUZZ_CHECK(steer_assign_places(from, count, to, place_count, ground ? 2 : def.dim, NULL, place_of) == STEER_OK,
               "assign_places refused a call send_to_places takes");
    for (int k = 0; k < count; ++k) chosen[k] = places[place_of[k]];
    return steer_world_send_assigned(w, ids, count, chosen, together, results);
}

static void fw_goals(fuzz_input *in, fw *f)
{
    steer_v3 points[8] = {{0}};
    /* one byte, as a bool always took: its low bit as before; with the next
     * set, the agent also moves to group (its next three bits) - 1, so the
     * stream decodes as it did */
    unsigned choice = fuzz_u8(in); /* the bulk form (low bit clear): bit 1, a formation of its handles; bit 2, one removed */
    if (choice & 1u) {
        steer_agent_id id = fw_handle(in, f);
        steer_goal g = fw_decode_goal(in, points);
        steer_result ra = steer_world_set_goal(f->a, id, &g), rb = steer_world_set_goal(f->b, id, &g);
        FUZZ_CHECK(ra == rb, "set_goal: %d vs %d", ra, rb);
        fw_check_goal(f, id);
        if (choice & 2u) {
            int group = (int)(choice >> 2 & 7u) - 1;
            ra = steer_world_set_agent_group(f->a, id, group), rb = steer_world_set_agent_group(f->b, id, group);
            FUZZ_CHECK(ra == rb, "set_agent_group: %d vs %d", ra, rb);
            steer_agent_state sa;
            FUZZ_CHECK(ra != STEER_OK || (steer_world_get_agent(f->a, id, &sa) == STEER_OK && sa.group == group),
                       "set_agent_group: the agent is not in group %d", group);
        }
    } else { /* the bulk form: a few handles to a few points */
        steer_agent_id ids[4] = {{0}};
        steer_result results_a[4] = {0}, results_b[4] = {0}; /* a refused call (kind) writes none */
        int count = fuzz_int(in, 0, 4);
        for (int k = 0; k < count; ++k) {
            ids[k] = fw_handle(in, f);
            points[k] = fw_small_v3(in, false);
        }
        steer_goal_kind kind = (steer_goal_kind)fuzz_int(in, 0, STEER_GOAL_WAYPOINTS);
        int na, nb;
        if (kind == STEER_GOAL_PATH) { /* (refused by set_targets) the places form: the world assigns them */
            int places = fuzz_int(in, 0, 8);
            for (int k = count; k < places; ++k)
                points[k] = fw_small_v3(in, false);
            bool together = fuzz_bool(in);
            na = steer_world_send_to_places(f->a, ids, count, points, places, together, results_a);
            nb = fw_send_chosen_apart(f->b, ids, count, points, places, together, results_b);
        } else {
            na = steer_world_set_targets(f->a, ids, points, count, kind, results_a);
            nb = steer_world_set_targets(f->b, ids, points, count, kind, results_b);
        }
        FUZZ_CHECK(na == nb && memcmp(results_a, results_b, sizeof results_a[0] * (size_t)count) == 0,
                   "set_targets or send_to_places: %d vs %d set", na, nb);
        for (int k = 0; k < count; ++k) fw_check_goal(f, ids[k]);
        if (choice & 2u) { /* the same handles as a formation behind another (later bulk calls release them) */
            steer_agent_id leader = fw_handle(in, f);
            int ra = steer_world_add_formation(f->a, leader, ids, points, count);
            int rb = steer_world_add_formation(f->b, leader, ids, points, count);
            FUZZ_CHECK(ra == rb, "add_formation: %d vs %d", ra, rb);
            if (choice & 4u) {
                int index = fuzz_int(in, -1, 4);
                ra = steer_world_remove_formation(f->a, index), rb = steer_world_remove_formation(f->b, index);
                FUZZ_CHECK(ra == rb, "remove_formation: %d vs %d", ra, rb);
            }
            FUZZ_CHECK(steer_world_formation_count(f->a) == steer_world_formation_count(f->b), "formation counts differ");
        }
    }
    FUZZ_CHECK(steer_world_goal_count(f->a) == steer_world_goal_count(f->b), "goal counts %d vs %d",
               steer_world_goal_count(f->a), steer_world_goal_count(f->b));
}

/* The agents that arrived in the last step, the same in both worlds. */
static void fw_check_arrivals(const fw *f)
{
    steer_agent_id la[FW_MAX_IDS], lb[FW_MAX_IDS];
    int na = steer_world_arrivals(f->a, la, FW_MAX_IDS), nb = steer_world_arrivals(f->b, lb, FW_MAX_IDS);
    FUZZ_CHECK(na == nb, "arrivals: %d vs %d", na, nb);
    FUZZ_CHECK(na >= 0 && na <= f->count, "%d arrivals among %d agents", na, f->count);
    for (int k = 0; k < na && k < FW_MAX_IDS; ++k)
        FUZZ_CHECK(la[k].index == lb[k].index && la[k].generation == lb[k].generation, "arrival %d differs", k);
}

/* The queries, on both worlds: the same answers (handles by index and
 * generation: each world has its own identity), every handle live, the
 * radius answer ascending, the nearest by distance, none beyond the asked
 * distance, no distance NaN. */
static void fw_query(fuzz_input *in, fw *f)
{
    steer_v3 c = fuzz_v3(in);
    float reach = fuzz_float(in);
    uint32_t groups = fuzz_bool(in) ? STEER_ALL_GROUPS : fuzz_u32(in);
    int capacity = fuzz_int(in, 0, FW_MAX_IDS);
    steer_agent_id ia[FW_MAX_IDS], ib[FW_MAX_IDS];
    float da[FW_MAX_IDS], db[FW_MAX_IDS];
    int na = steer_world_query_radius(f->a, c, reach, groups, ia, capacity);
    int nb = steer_world_query_radius(f->b, c, reach, groups, ib, capacity);
    FUZZ_CHECK(na == nb && na >= 0 && na <= steer_world_agent_count(f->a), "query_radius: %d vs %d", na, nb);
    int kept = na < capacity ? na : capacity;
    for (int i = 0; i < kept; ++i) {
        FUZZ_CHECK(ia[i].index == ib[i].index && ia[i].generation == ib[i].generation, "query_radius: entry %d differs", i);
        FUZZ_CHECK(steer_world_is_valid(f->a, ia[i]), "query_radius: entry %d not live", i);
        FUZZ_CHECK(i == 0 || ia[i - 1].index < ia[i].index, "query_radius: entry %d out of order", i);
    }
    steer_v3 corner = fuzz_v3(in);
    na = steer_world_query_box(f->a, c, corner, groups, ia, capacity);
    nb = steer_world_query_box(f->b, c, corner, groups, ib, capacity);
    FUZZ_CHECK(na == nb && na >= 0 && na <= steer_world_agent_count(f->a), "query_box: %d vs %d", na, nb);
    for (int i = 0; i < (na < capacity ? na : capacity); ++i)
        FUZZ_CHECK(ia[i].index == ib[i].index && ia[i].generation == ib[i].generation && (i == 0 || ia[i - 1].index < ia[i].index),
                   "query_box: entry %d", i);
    na = steer_world_query_nearest(f->a, c, capacity, reach, groups, ia, da);
    nb = steer_world_query_nearest(f->b, c, capacity, reach, groups, ib, db);
    FUZZ_CHECK(na == nb && na <= capacity, "query_nearest: %d vs %d", na, nb);
    for (int i = 0; i < na; ++i) {
        FUZZ_CHECK(ia[i].index == ib[i].index && ia[i].generation == ib[i].generation && da[i] == db[i],
                   "query_nearest: entry %d differs", i);
        FUZZ_CHECK(steer_world_is_valid(f->a, ia[i]) && da[i] >= 0.0f && !(da[i] > reach), "query_nearest: entry %d: %g",
                   i, (double)da[i]);
        FUZZ_CHECK(i == 0 || da[i - 1] < da[i] || (da[i - 1] == da[i] && ia[i - 1].index < ia[i].index),
                   "query_nearest: entry %d out of order", i);
    }
}

static void fw_step(fuzz_input *in, fw *f)
{
    float dt;
    switch (fuzz_int(in, 0, 5)) {
    case 0: dt = 1.0f / 60.0f; break;
    case 1: dt = 0.1f; break;
    case 2: dt = 0.5f; break;
    case 3: dt = fuzz_small_float(in); break;
    default: dt = fuzz_float(in); break;
    }
    int repeat = fuzz_int(in, 1, 4);
    for (int r = 0; r < repeat; ++r) {
        steer_result ra = steer_world_step(f->a, dt), rb = steer_world_step(f->b, dt);
        FUZZ_CHECK(ra == rb, "step(%g) results %d and %d differ", (double)dt, ra, rb);
        bool valid_dt = steer_is_finite(dt) && dt >= 0.0f;
        FUZZ_CHECK(valid_dt || ra == STEER_ERROR_INVALID_ARGUMENT, "step(%g) accepted", (double)dt);
        fw_check_same(f, "step");
        fw_check_arrivals(f);
        fw_check_agents(f, f->a, ra == STEER_OK && dt > 0.0f);
        fw_check_agents(f, f->b, ra == STEER_OK && dt > 0.0f);
        if (ra != STEER_OK) break;
    }
}

/* Agent id's own radius (refused without agent_radii; NaN, negative,
 * infinite, or over half its keep_apart group's neighbour radius): bit 2 of
 * `how`, 0 (its group's again); bit 3, world a by the bulk call. Both worlds
 * give the same result and the same body radius after. */
static void fw_radius(fuzz_input *in, fw *f, steer_agent_id id, unsigned how)
{
    float r = how & 4u ? 0.0f : fuzz_u8(in) < 160 ? fuzz_small_float(in) * 0.5f : fuzz_float(in);
    steer_result ra, rb = steer_world_set_radius(f->b, id, r);
    if (how & 8u) {
        ra = STEER_ERROR_INVALID_ARGUMENT;
        int done = steer_world_set_radii(f->a, &id, &r, 1, &ra);
        FUZZ_CHECK(done == (ra == STEER_OK), "set_radii: %d done, result %d", done, ra);
    } else {
        ra = steer_world_set_radius(f->a, id, r);
    }
    FUZZ_CHECK(ra == rb, "set_radius(%g): %d vs %d", (double)r, ra, rb);
    FUZZ_CHECK(ra != STEER_OK || (f->def.agent_radii && r >= 0.0f && steer_is_finite(r)), "set_radius(%g) taken",
               (double)r);
    float ga = -1.0f, gb = -2.0f;
    ra = steer_world_get_radius(f->a, id, &ga), rb = steer_world_get_radius(f->b, id, &gb);
    FUZZ_CHECK(ra == rb && (ra != STEER_OK || memcmp(&ga, &gb, sizeof ga) == 0), "get_radius: %d %g vs %d %g", ra,
               (double)ga, rb, (double)gb);
    FUZZ_CHECK(ra != STEER_OK || (ga >= 0.0f && steer_is_finite(ga)), "get_radius %g", (double)ga);
}

static void fw_op(fuzz_input *in, fw *f)
{
    steer_world *a = f->a, *b = f->b;
    int ra, rb, op = fuzz_int(in, 0, 16);
    switch (op) {
    case 0:
    case 1: {
        steer_group_def g = fw_decode_group(in, f->def.keep_headings);
        ra = steer_world_add_group(a, &g);
        rb = steer_world_add_group(b, &g);
        FUZZ_CHECK(ra == rb, "add_group: %d vs %d", ra, rb);
        break;
    }
    case 2: {
        int index = fuzz_int(in, -1, 8);
        steer_group_def g = fw_decode_group(in, f->def.keep_headings);
        ra = steer_world_set_group(a, index, &g);
        rb = steer_world_set_group(b, index, &g);
        FUZZ_CHECK(ra == rb, "set_group: %d vs %d", ra, rb);
        if (ra == STEER_OK) {
            steer_group_def back;
            FUZZ_CHECK(steer_world_get_group(a, index, &back) == STEER_OK && back.max_speed == g.max_speed,
                       "get_group after set_group");
        }
        break;
    }
    case 3:
    case 4: {
        int group = fuzz_int(in, -1, 8);
        steer_v3 p = fuzz_u8(in) < 200 ? fw_small_v3(in, false) : fuzz_v3(in);
        steer_v3 v = fuzz_u8(in) < 200 ? fw_small_v3(in, true) : fuzz_v3(in);
        steer_agent_id ia = {0, 0, 0}, ib = steer_world_add_agent(b, group, p, v);
        if (op == 4) { /* a bulk add of one into a: the same agent as b's single add, or nothing */
            steer_result r = steer_world_add_agents(a, group, &p, &v, 1, &ia);
            if (r != STEER_OK) ia = (steer_agent_id){0, 0, 0};
            FUZZ_CHECK((r == STEER_OK) == (ib.index != 0), "add_agents result %d, add_agent %u", r, ib.index);
        } else
            ia = steer_world_add_agent(a, group, p, v);
        FUZZ_CHECK(ia.index == ib.index && ia.generation == ib.generation, "add_agent handles differ");
        steer_v3 fp = p, fv = v;
        if (f->dim == 2) fp.z = fv.z = 0.0f;
        bool expect = group >= 0 && group < steer_world_group_count(a) && steer_v3_is_valid(fp) &&
                      steer_v3_is_valid(fv) && f->count < f->def.capacity;
        FUZZ_CHECK((ia.index != 0) == expect, "add_agent gave %u, expected %s", ia.index, expect ? "an agent" : "null");
        if (ia.index) {
            f->count++;
            if (f->id_count < FW_MAX_IDS) {
                /* The two worlds run in lockstep on the same handles, kept
                 * without their world (0: checked by slot and generation
                 * alone) so that both take them; a snapshot restored from
                 * one into the other gives it the other's identity. */
                ia.world = 0;
                f->ids[f->id_count] = ia;
                f->live[f->id_count++] = true;
            }
        }
        break;
    }
    case 5: { /* one agent, or a few: world a by the bulk call, b one by one (the same results) */
        steer_agent_id ids[4];
        steer_result results[4];
        int n = fuzz_bool(in) ? 1 + fuzz_int(in, 0, 3) : 0;
        for (int k = 0; k < (n ? n : 1); ++k) ids[k] = fw_handle(in, f);
        int done = n ? steer_world_remove_agents(a, ids, n, results) : 0;
        for (int k = 0; k < (n ? n : 1); ++k) {
            steer_agent_id id = ids[k];
            ra = n ? results[k] : steer_world_remove_agent(a, id);
            rb = steer_world_remove_agent(b, id);
            FUZZ_CHECK(ra == rb, "remove_agent%s: %d vs %d", n ? "s" : "", ra, rb);
            done -= n && ra == STEER_OK;
            if (ra == STEER_OK) {
                f->count--;
                for (int j = 0; j < f->id_count; ++j)
                    if (f->live[j] && f->ids[j].index == id.index && f->ids[j].generation == id.generation) f->live[j] = false;
            }
            FUZZ_CHECK(!steer_world_is_valid(a, id), "a removed handle is still valid");
        }
        FUZZ_CHECK(done == 0, "remove_agents counted %d more than its results", done);
        break;
    }
    case 6: {
        steer_agent_id id = fw_handle(in, f);
        steer_v3 p = fuzz_v3(in), v = fuzz_v3(in);
        if (fuzz_bool(in)) { /* a: the bulk call of one (and b the single call) */
            steer_result r = STEER_ERROR_INVALID_ARGUMENT;
            int done = steer_world_teleport_agents(a, &id, &p, &v, 1, &r);
            ra = r;
            FUZZ_CHECK(done == (r == STEER_OK), "teleport_agents: %d done, result %d", done, r);
        } else {
            ra = steer_world_teleport_agent(a, id, p, v);
        }
        rb = steer_world_teleport_agent(b, id, p, v);
        FUZZ_CHECK(ra == rb, "teleport_agent: %d vs %d", ra, rb);
        /* one byte, as a bool always took: its low bit as before; the next,
         * a radius of its own too (so the stream decodes as it did unless set) */
        unsigned turn = fuzz_u8(in);
        if (turn & 1u) { /* turned (refused without keep_headings, or for a heading of no direction) */
            steer_v3 h = fuzz_v3(in);
            ra = steer_world_set_heading(a, id, h);
            rb = steer_world_set_heading(b, id, h);
            FUZZ_CHECK(ra == rb, "set_heading: %d vs %d", ra, rb);
        }
        if (turn & 2u) fw_radius(in, f, id, turn);
        break;
    }
    case 7: {
        steer_v3 c = fuzz_v3(in);
        float r = fuzz_float(in);
        if (fuzz_bool(in)) {
            ra = steer_world_add_obstacle(a, c, r);
            rb = steer_world_add_obstacle(b, c, r);
        } else {
            int index = fuzz_int(in, -1, 6);
            ra = steer_world_set_obstacle(a, index, c, r);
            rb = steer_world_set_obstacle(b, index, c, r);
        }
        FUZZ_CHECK(ra == rb, "obstacle: %d vs %d", ra, rb);
        break;
    }
    case 8: {
        steer_v3 p = fuzz_v3(in), q = fuzz_v3(in);
        ra = steer_world_add_wall(a, p, q);
        rb = steer_world_add_wall(b, p, q);
        FUZZ_CHECK(ra == rb, "add_wall: %d vs %d", ra, rb);
        break;
    }
    case 9: {
        steer_v3 points[6];
        int count = fuzz_int(in, 0, 6);
        for (int i = 0; i < count; ++i) points[i] = fuzz_v3(in);
        bool closed = fuzz_bool(in);
        float radius = fuzz_float(in);
        ra = steer_world_add_path(a, count ? points : 0, count, closed, radius);
        rb = steer_world_add_path(b, count ? points : 0, count, closed, radius);
        FUZZ_CHECK(ra == rb, "add_path: %d vs %d", ra, rb);
        break;
    }
    case 10: {
        /* zeroed: a 2D world reads nx*ny vectors whatever nz, where only
         * nx*ny*nz are read from the input (none for nz = 0) */
        steer_v3 vectors[64] = {{0}};
        int nx = fuzz_int(in, 0, 4), ny = fuzz_int(in, 0, 4), nz = fuzz_int(in, 0, 4);
        for (int i = 0; i < nx * ny * nz; ++i) vectors[i] = fuzz_v3(in);
        steer_v3 origin = fuzz_v3(in);
        float cell = fuzz_float(in);
        ra = steer_world_add_flow_field(a, origin, cell, nx, ny, nz, vectors);
        rb = steer_world_add_flow_field(b, origin, cell, nx, ny, nz, vectors);
        FUZZ_CHECK(ra == rb, "add_flow_field: %d vs %d", ra, rb);
        break;
    }
    case 11: {
        int pick = fuzz_u8(in);
        if (pick < 32) {
            steer_world_clear_obstacles(a);
            steer_world_clear_obstacles(b);
        } else if (pick < 40) {
            steer_world_clear_walls(a);
            steer_world_clear_walls(b);
        } else if (pick < 80) { /* a wall moved (a door) */
            int index = fuzz_int(in, -1, 4);
            steer_v3 p = fuzz_v3(in), q = fuzz_v3(in);
            ra = steer_world_set_wall(a, index, p, q);
            rb = steer_world_set_wall(b, index, p, q);
            FUZZ_CHECK(ra == rb, "set_wall: %d vs %d", ra, rb);
        } else if (pick < 120) { /* a wall of a height (3D; refused in 2D or out of order) */
            int index = fuzz_int(in, -1, 4);
            float bottom = fuzz_float(in), top = fuzz_float(in);
            ra = steer_world_set_wall_height(a, index, bottom, top);
            rb = steer_world_set_wall_height(b, index, bottom, top);
            FUZZ_CHECK(ra == rb, "set_wall_height: %d vs %d", ra, rb);
        }
        break;
    }
    case 12:
    case 13: fw_step(in, f); break;
    case 14: fw_snapshot(in, f); break;
    case 15: fw_goals(in, f); break;
    default: {
        if (fuzz_bool(in)) {
            steer_kernel k = (steer_kernel)fuzz_int(in, 0, 3);
            if (k == STEER_KERNEL_SCALAR) k = STEER_KERNEL_BEST;
            steer_world_set_kernel(b, k);
        }
        steer_debug_draw dd;
        memset(&dd, 0, sizeof dd);
        dd.circle = fw_circle, dd.segment = fw_segment, dd.point = fw_point, dd.arrow = fw_arrow;
        dd.text = fw_text, dd.agent = fuzz_bool(in) ? fw_agent : 0;
        dd.agents = dd.velocities = dd.neighbour_radius = dd.wander = dd.feelers = true;
        dd.obstacles = dd.walls = dd.paths = dd.flow_fields = dd.bounds = true;
        dd.max_agents = fuzz_int(in, 0, 8);
        steer_world_draw(a, &dd);
        fw_query(in, f); /* read-only, as the drawing */
        break;
    }
    }
    FUZZ_CHECK(steer_world_group_count(a) == steer_world_group_count(b) &&
                   steer_world_obstacle_count(a) == steer_world_obstacle_count(b) &&
                   steer_world_wall_count(a) == steer_world_wall_count(b),
               "object counts differ: groups %d/%d obstacles %d/%d walls %d/%d", steer_world_group_count(a),
               steer_world_group_count(b), steer_world_obstacle_count(a), steer_world_obstacle_count(b),
               steer_world_wall_count(a), steer_world_wall_count(b));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_setup();
    fuzz_input in = fuzz_begin(data, size);
    fw f;
    memset(&f, 0, sizeof f);
    f.def = fw_decode_def(&in);
    f.dim = f.def.dim;
    steer_world_def da = f.def, db = f.def;
    da.worker_count = 1;
    db.worker_count = 2;
    uint64_t digest = 0xcbf29ce484222325ull; /* FNV-1a of the input: no input byte is spent on it */
    for (size_t i = 0; i < size; ++i) digest = (digest ^ data[i]) * 0x100000001b3ull;
    static random_scheduler split;
    if (digest & 1u) {
        random_scheduler_init(&split, digest, db.worker_count);
        db.enqueue_task = random_scheduler_enqueue;
        db.finish_task = random_scheduler_finish;
        db.user_task_context = &split;
    }
    f.a = steer_world_create(&da);
    f.b = steer_world_create(&db);
    FUZZ_CHECK((f.a == 0) == (f.b == 0), "create succeeded for one thread count only");
    if (!f.a) return 0;
    steer_world_set_kernel(f.a, STEER_KERNEL_SCALAR);
    steer_world_set_kernel(f.b, STEER_KERNEL_BEST);
    for (int k = 0; k < FW_MAX_OPS && !fuzz_done(&in); ++k) fw_op(&in, &f);
    fw_check_agents(&f, f.a, false);
    fw_check_same(&f, "the last call");
    steer_world_destroy(f.a);
    steer_world_destroy(f.b);
    return 0;
}

/* playground.c — the thin WebAssembly module behind the browser playground.
 *
 * It holds one world and exposes flat functions (numbers in, numbers out) so
 * the page's JavaScript never needs to know a struct layout:
 *   pg_load_standard(n, seed)     the standard flock (steer/standard_flock.h),
 *                                 the benchmark's workload
 *   pg_load_scenario(sc, ...)     a world from a scenario the page filled by
 *                                 calling the scenario setters (scenario.h),
 *                                 exported from this module as they are
 *   pg_max_agents()               the page's agent-count limit
 *   pg_step(count)                steps at the world's dt; pg_hash() as hex text
 *   pg_view_*                     the live agents (pointers into wasm memory)
 *   pg_param_* / pg_group_*       a table of group fields for live sliders,
 *                                 written through steer_world_set_group so the
 *                                 library validates every value, each with
 *                                 the key a scenario file holds it by (the
 *                                 page's reset and export write tuned values
 *                                 into the scenario there)
 *   pg_set_target / pg_add_obstacle / pg_add_path   the mouse tools (a
 *                                 target is moved inside a bounded world)
 *   pg_clear_drawn                what the tools added taken away again
 *   pg_misuse()                   the library's message for the last misuse
 *                                 (the field, the value and the rule)
 *   pg_select_* / pg_send_selected / pg_orders   the RTS gesture: a box
 *                                 selects agents (a click one, pg_select_at),
 *                                 an order sends them to a formation of
 *                                 per-agent ARRIVE goals
 *   pg_raster(w, h, camera)       the agents to scale, as anti-aliased darts
 *                                 cut at the world's border, in a clear RGBA
 *                                 image laid over the ground (a browser
 *                                 without a GPU fills canvas paths far too
 *                                 slowly for 100k)
 *   pg_draw(layers)               steer_world_draw into a command buffer that
 *                                 the page paints in one pass (obstacles,
 *                                 walls, paths, fields as `steer run` draws them)
 *   pg_marks()                    the groups' targets, threats and pens and the
 *                                 scenario's goal places and routes, as
 *                                 `steer run` marks them
 * The page shows the ground from above, as `steer run` draws it: x and y of
 * a 2D or Z-up world, x and -z of a Y-up one (its right stays on the
 * screen's right). Every coordinate given to the page or taken from it is
 * on that ground (ground_y, on_ground).
 * All simulation stays in the library; nothing here changes a result. */
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ground.h"
#include "scenario.h"
#include "steer/misuse.h"
#include "steer/standard_flock.h"
#include "steer/world.h"

#if defined(__wasm__)
#define PG_EXPORT(name) __attribute__((export_name(#name)))
#else
#define PG_EXPORT(name)
#endif

static steer_world *world;
static float world_dt = STEER_STANDARD_FLOCK_DT;
static steer_kernel kernel = STEER_KERNEL_SCALAR; /* the one the world runs (BEST, resolved) */
static steer_v3 bounds_min, bounds_max;   /* the region the page shows */
static uint32_t background = 0x10151CFFu; /* 0xRRGGBBAA */
static char text[512]; /* returned strings live here until the next call */
static steer_agent_id *agent_ids; /* every agent the world was built with, in spawn order */
static int agent_id_count;
static steer_up_axis up = STEER_UP_Z; /* the world's (ground.h); Y: the ground is XZ */
static bool kept_headings;            /* the world keeps headings (keep_headings): pg_raster draws them */
static steer_scenario_mark *goal_marks; /* the scenario's goal places and routes (pg_marks) */
static int goal_mark_count;
/* By slot: whether the agent still has the goal the scenario gave it (an
 * order replaces it, a click clears it); its places are drawn while it
 * does. With the scenario's formations (their members' goals are not
 * marked), what the marks are worked out again from when orders change. */
static bool *scenario_goal;
static int scenario_goal_room;
static steer_scenario_formation *formations;
static int formation_count;
/* The scenario's colours for what the world holds, as `steer run` draws
 * them; 0: the world's own debug colours (the standard flock). */
static uint32_t obstacle_colour, wall_colour, path_colour, field_colour;

/* ---- the ground the page shows (ground.h) -------------------------------------- */
static float ground_y(steer_v3 p) { return ground_of(up, p).y; }
static float height_of(steer_v3 p) { return ground_of(up, p).z; }
static steer_v3 on_ground(float x, float y, float height) { return ground_to_world(up, steer_v3_make(x, y, height)); }

/* ---- why the library refused ------------------------------------------------------ */
/* The library reports misuse (a field out of its rule, an index the world
 * does not have) to its misuse handler with a message naming the function,
 * the field, the value and the rule; the result code alone says only
 * "invalid argument". This handler keeps the last message for the page
 * (pg_misuse), which clears it (pg_misuse_clear) before a call that may be
 * refused and shows it when the call is. It prints nothing: the page shows
 * it where the refusal is. */
static char misuse_text[384];

/* What a behaviour that names something needs, in the scenario's words,
 * after the library's message: a slider turned up on a group without it. */
static const char *hint_for(steer_misuse_id id)
{
    switch (id) {
    case STEER_MISUSE_GROUP_DEF_PURSUE_GROUP: return "pursue chases another group: name it in the scenario (behaviours.pursue.group)";
    case STEER_MISUSE_GROUP_DEF_EVADE_GROUP: return "evade flees another group: name it in the scenario (behaviours.evade.group)";
    case STEER_MISUSE_GROUP_DEF_LEADER:
        return "follow_leader needs a leader: name a spawn of one agent in the scenario (behaviours.follow_leader.leader)";
    case STEER_MISUSE_GROUP_DEF_PATH: return "follow_path needs a path: draw one (shift-drag) or name one in the scenario";
    case STEER_MISUSE_GROUP_DEF_FLOW_FIELD: return "follow_flow needs a flow field: name one in the scenario (behaviours.follow_flow.field)";
    default: return 0;
    }
}

static void keep_misuse(steer_misuse_id id, const char *function, const char *message, void *context)
{
    (void)function, (void)context; /* the message starts with the function */
    const char *hint = hint_for(id);
    if (hint) snprintf(misuse_text, sizeof misuse_text, "%s. %s", message, hint);
    else snprintf(misuse_text, sizeof misuse_text, "%s", message);
}

__attribute__((constructor)) static void install_misuse_handler(void) { steer_set_misuse_handler(keep_misuse, 0); }

PG_EXPORT(pg_misuse) const char *pg_misuse(void) { return misuse_text; }
PG_EXPORT(pg_misuse_clear) void pg_misuse_clear(void) { misuse_text[0] = 0; }

/* ---- memory for the page (strings, point lists) ----------------------------- */
PG_EXPORT(pg_alloc) void *pg_alloc(int bytes) { return bytes > 0 ? malloc((size_t)bytes) : 0; }
PG_EXPORT(pg_free) void pg_free(void *p) { free(p); }

/* Room for what the mouse tools add (obstacles, drawn paths) beyond what the
 * world was built with. */
enum { ROOM_OBSTACLES = 256, ROOM_PATHS = 16 };

/* The page's agent-count limit (a larger world is too slow to watch). */
enum { MAX_AGENTS = 100000 };
PG_EXPORT(pg_max_agents) int pg_max_agents(void) { return MAX_AGENTS; }

/* n >= 0 in digits grouped in thousands with a comma, as the page writes
 * every figure (1,000,000); out holds 32. Returns out. */
static const char *grouped(char out[32], int n)
{
    char digits[16];
    int len = snprintf(digits, sizeof digits, "%d", n), k = 0;
    for (int i = 0; i < len; ++i) {
        if (i && (len - i) % 3 == 0) out[k++] = ',';
        out[k++] = digits[i];
    }
    out[k] = 0;
    return out;
}

/* A seed from the page: a whole number in [0, 2^53), the integers a
 * JavaScript number holds exactly. Anything else is refused, never rounded. */
static bool seed_from(double value, uint64_t *seed)
{
    if (!(value >= 0.0 && value < 9007199254740992.0) || value != floor(value)) return false;
    *seed = (uint64_t)value;
    return true;
}

static void select_clear(void);
static void forget_facings(void);

/* The obstacles the world was built with (the scenario's, in the world's
 * order); "clear obstacles" removes the ones the mouse dropped and keeps
 * these. */
static steer_obstacle3 *own_obstacles;
static int own_obstacle_count;

/* The world's paths as `steer run` draws them, a corridor of the path's
 * radius round a dashed centre line: the library draws only their lines,
 * so the page keeps each one's points and radius, the scenario's and those
 * the mouse drew, in the world's order (pg_draw). */
typedef struct known_path { steer_v3 *points; int count; bool closed; float radius; } known_path;
static known_path *known_paths;
static int known_path_count;

static void forget_paths(void)
{
    for (int i = 0; i < known_path_count; ++i) free(known_paths[i].points);
    free(known_paths);
    known_paths = 0;
    known_path_count = 0;
}

/* Out of memory: the world has the path, the page does not draw it. */
static void keep_path(const steer_v3 *points, int count, bool closed, float radius)
{
    known_path *more = realloc(known_paths, sizeof *more * (size_t)(known_path_count + 1));
    if (!more) return;
    known_paths = more;
    steer_v3 *copy = malloc(sizeof *copy * (size_t)count);
    if (!copy) return;
    memcpy(copy, points, sizeof *copy * (size_t)count);
    known_paths[known_path_count++] = (known_path){copy, count, closed, radius};
}

/* What the mouse tools changed, for "clear" to put back: the path the
 * mouse drew (one at a time: a new drawing replaces it in the world, by
 * steer_world_set_path, so drawing never runs out of paths), and in each
 * group the FOLLOW_PATH weight and path a drawing set and the
 * AVOID_OBSTACLES weight a dropped obstacle set, as they were before. */
static int drawn_path = -1; /* its index in the world; -1 before the first drawing */
static bool drawn_shown;    /* it is the last of known_paths (not cleared since drawn) */
typedef struct tool_change { bool path_set, avoid_set; int path; float follow_path, avoid_obstacles; } tool_change;
static tool_change tool_changes[32]; /* by group: a world has at most 32 */

static void forget_tool_changes(void)
{
    memset(tool_changes, 0, sizeof tool_changes);
    drawn_path = -1;
    drawn_shown = false;
}

/* The drawn path's corridor is no longer drawn (the world keeps the path,
 * which no group follows once "clear" has put their paths back). */
static void hide_drawn_path(void)
{
    if (!drawn_shown) return;
    free(known_paths[--known_path_count].points);
    drawn_shown = false;
}

static void forget_goal_marks(void)
{
    free(goal_marks);
    goal_marks = 0;
    goal_mark_count = 0;
}

/* Keeps what the marks of the scenario's goals are worked out from
 * (scenario_goal, formations), every agent still on its scenario goal;
 * without memory for it the page shows no goal marks. */
static void keep_goal_marks(steer_scenario_mark *marks, int count, const steer_scenario_info *info)
{
    goal_marks = marks;
    goal_mark_count = count;
    if (!count) return;
    int room = 0;
    for (int i = 0; i < agent_id_count; ++i)
        if ((int)agent_ids[i].index > room) room = (int)agent_ids[i].index;
    scenario_goal = malloc(sizeof *scenario_goal * (size_t)room);
    formations = info->formation_count > 0 ? malloc(sizeof *formations * (size_t)info->formation_count) : 0;
    if (!scenario_goal || (info->formation_count > 0 && !formations)) {
        forget_goal_marks();
        return;
    }
    for (int i = 0; i < room; ++i) scenario_goal[i] = true;
    scenario_goal_room = room;
    for (int f = 0; f < info->formation_count; ++f) /* only who the members are: the slots stay with the scenario */
        formations[f] = (steer_scenario_formation){info->formations[f].leader, info->formations[f].first_member,
                                                   info->formations[f].count, 0, info->formations[f].chain};
    formation_count = info->formation_count;
}

/* The agents ids[0..n) have goals of their own now, no longer the
 * scenario's: their marks go, and those of the other agents are worked out
 * again from the goals they still have (once an order, not every frame).
 * An agent on another goal is passed as the null handle, which the marks
 * leave out. */
static void goals_replaced(const steer_agent_id *ids, int n)
{
    bool changed = false;
    for (int i = 0; i < n; ++i) {
        uint32_t slot = ids[i].index - 1u;
        if (slot < (uint32_t)scenario_goal_room && scenario_goal[slot]) scenario_goal[slot] = false, changed = true;
    }
    if (!changed || !goal_mark_count) return;
    steer_agent_id *still = malloc(sizeof *still * (size_t)agent_id_count);
    forget_goal_marks();
    if (!still) return;
    for (int i = 0; i < agent_id_count; ++i) {
        uint32_t slot = agent_ids[i].index - 1u;
        still[i] = slot < (uint32_t)scenario_goal_room && scenario_goal[slot] ? agent_ids[i] : (steer_agent_id){0};
    }
    steer_scenario_info info = {0};
    info.total_agents = agent_id_count;
    info.formation_count = formation_count;
    info.formations = formations;
    goal_marks = steer_scenario_goal_marks(&info, world, still, &goal_mark_count);
    free(still);
}

static void order_clear(void); /* an order the page is having chosen (below) */

/* Takes ownership of w and its agents' handles ids (NULL: keeps no world). */
static void adopt(steer_world *w, float dt, steer_agent_id *ids, int id_count)
{
    select_clear();
    order_clear(); /* its handles are the old world's */
    forget_facings(); /* a new world's slots are new agents */
    steer_world_destroy(world);
    free(agent_ids);
    free(own_obstacles); /* a scenario's load sets its own after adopting */
    own_obstacles = 0;
    own_obstacle_count = 0;
    forget_paths();
    forget_tool_changes();
    forget_goal_marks(); /* and its goal marks and colours */
    free(scenario_goal);
    scenario_goal = 0;
    scenario_goal_room = 0;
    free(formations);
    formations = 0;
    formation_count = 0;
    obstacle_colour = wall_colour = path_colour = field_colour = 0;
    if (w) kernel = steer_world_set_kernel(w, STEER_KERNEL_BEST);
    world = w;
    world_dt = dt;
    steer_world_def def;
    bool known = w && steer_world_get_def(w, &def) == STEER_OK;
    up = known ? ground_up(def.dim, def.up) : STEER_UP_Z;
    kept_headings = known && def.keep_headings;
    agent_ids = ids;
    agent_id_count = id_count;
}

/* The standard flock of n agents, as `steer bench` builds it, in a world
 * with room for the mouse tools. Returns 0 or a steer_result; a seed or
 * count the page may not use is STEER_ERROR_INVALID_ARGUMENT. A refused
 * load keeps the world that was running. */
PG_EXPORT(pg_load_standard) int pg_load_standard(int agents, double seed)
{
    steer_standard_flock_def fd = steer_default_standard_flock_def();
    fd.agents = agents;
    fd.dim = 2;
    steer_world_def def;
    steer_result r = agents >= 1 && agents <= MAX_AGENTS && seed_from(seed, &fd.seed)
                         ? steer_standard_flock_world_def(&fd, &def)
                         : STEER_ERROR_INVALID_ARGUMENT;
    steer_world *w = 0;
    steer_agent_id *ids = 0;
    if (r == STEER_OK) {
        def.max_obstacles = ROOM_OBSTACLES;
        def.max_paths = ROOM_PATHS;
        w = steer_world_create(&def);
        ids = malloc(sizeof *ids * (size_t)agents);
        r = w && ids ? steer_standard_flock_populate(w, &fd) : STEER_ERROR_OUT_OF_MEMORY;
        /* Populate returns no handles. A fresh world's agents fill slots 0..n-1
         * (index = slot + 1) with generation 0; a handle with world 0 is checked
         * by slot and generation, and each one is checked here. */
        for (int i = 0; r == STEER_OK && i < agents; ++i) {
            ids[i] = (steer_agent_id){(uint32_t)i + 1u, 0u, 0u};
            if (!steer_world_is_valid(w, ids[i])) r = STEER_ERROR_STALE_HANDLE;
        }
        if (r != STEER_OK) {
            steer_world_destroy(w);
            w = 0;
        }
    }
    if (!w) {
        free(ids);
        return r;
    }
    adopt(w, STEER_STANDARD_FLOCK_DT, ids, agents);
    steer_world_get_def(w, &def);
    bounds_min = def.bounds_min;
    bounds_max = def.bounds_max;
    background = 0x10151CFFu;
    return STEER_OK;
}

/* sc: filled through the exported steer_scenario_* setters. Finishes it and
 * builds its world (with the seed when set_seed), with room for the mouse
 * tools. Returns 0, or -1 with the message in pg_text() and the world that
 * was running kept. */
PG_EXPORT(pg_load_scenario) int pg_load_scenario(steer_scenario *sc, double seed, int set_seed)
{
    text[0] = 0;
    if (steer_scenario_finish(sc) != 0) {
        snprintf(text, sizeof text, "%s", steer_scenario_error(sc));
        return -1;
    }
    steer_scenario_overrides ov = {0};
    ov.set_seed = set_seed != 0;
    if (ov.set_seed && !seed_from(seed, &ov.seed)) {
        snprintf(text, sizeof text, "seed: expected a whole number from 0 to 9007199254740991, got %.17g", seed);
        return -1;
    }
    const steer_scenario_info *info = steer_scenario_get_info(sc);
    /* The page's limit, as for a count typed: checked before the world is
     * built (a million agents took the page half a minute to build). */
    if (info->total_agents > MAX_AGENTS) {
        char total[32], limit[32];
        snprintf(text, sizeof text,
                 "agents: the spawns add up to %s agents; the page runs at most %s "
                 "(a scenario's spawn counts must add up to %s or fewer here)",
                 grouped(total, info->total_agents), grouped(limit, MAX_AGENTS), limit);
        return -1;
    }
    ov.threads = 1; /* no threads in WebAssembly */
    ov.extra_obstacles = ROOM_OBSTACLES;
    ov.extra_paths = ROOM_PATHS;
    ov.agent_ids = malloc(sizeof *ov.agent_ids * (size_t)(info->total_agents > 0 ? info->total_agents : 1));
    if (!ov.agent_ids) {
        snprintf(text, sizeof text, "%s", steer_result_string(STEER_ERROR_OUT_OF_MEMORY));
        return -1;
    }
    steer_world *w = steer_scenario_create_world(sc, &ov, text, (int)sizeof text);
    if (!w) {
        free(ov.agent_ids);
        return -1;
    }
    steer_obstacle3 *own = 0;
    if (info->obstacle_count > 0) {
        own = malloc(sizeof *own * (size_t)info->obstacle_count);
        if (!own) {
            steer_world_destroy(w);
            free(ov.agent_ids);
            snprintf(text, sizeof text, "%s", steer_result_string(STEER_ERROR_OUT_OF_MEMORY));
            return -1;
        }
        memcpy(own, info->obstacles, sizeof *own * (size_t)info->obstacle_count);
    }
    /* before the first step (out of memory: the page goes without them) */
    int marks = 0;
    steer_scenario_mark *goals = steer_scenario_goal_marks(info, w, ov.agent_ids, &marks);
    adopt(w, info->dt, ov.agent_ids, info->total_agents);
    own_obstacles = own;
    own_obstacle_count = info->obstacle_count > 0 ? info->obstacle_count : 0;
    keep_goal_marks(goals, marks, info);
    for (int i = 0; i < info->path_count; ++i)
        keep_path(info->paths[i].points, info->paths[i].count, info->paths[i].closed, info->paths[i].radius);
    obstacle_colour = info->obstacle_colour;
    wall_colour = info->wall_colour;
    path_colour = info->path_colour;
    field_colour = info->field_colour;
    bounds_min = info->view_min;
    bounds_max = info->view_max;
    background = info->background;
    return 0;
}

PG_EXPORT(pg_text) const char *pg_text(void) { return text; }
PG_EXPORT(pg_background) uint32_t pg_background(void) { return background; }

PG_EXPORT(pg_unload) void pg_unload(void) { adopt(0, STEER_STANDARD_FLOCK_DT, 0, 0); }

/* ---- stepping and state ------------------------------------------------------ */
PG_EXPORT(pg_dt) float pg_dt(void) { return world_dt; }
PG_EXPORT(pg_set_dt) void pg_set_dt(float dt) { if (dt > 0.0f && dt <= 1.0f) world_dt = dt; }

PG_EXPORT(pg_step) int pg_step(int count)
{
    if (!world) return STEER_ERROR_INVALID_ARGUMENT;
    for (int i = 0; i < count; ++i) {
        steer_result r = steer_world_move_obstacles(world, world_dt); /* a file's moving obstacles, as steer run */
        if (r == STEER_OK) r = steer_world_step(world, world_dt);
        if (r != STEER_OK) return r;
    }
    return STEER_OK;
}

PG_EXPORT(pg_step_count) double pg_step_count(void) { return world ? (double)steer_world_step_count(world) : 0.0; }

/* The state hash as 16 hex digits, as `steer bench --json` prints it. */
PG_EXPORT(pg_hash) const char *pg_hash(void)
{
    snprintf(text, sizeof text, "%016llx", world ? (unsigned long long)steer_world_state_hash(world) : 0ull);
    return text;
}

/* The neighbour kernel the world runs: "simd128" in the SIMD module,
 * "scalar" in steer-scalar.wasm. */
PG_EXPORT(pg_kernel) const char *pg_kernel(void) { return steer_kernel_name(kernel); }

PG_EXPORT(pg_last_step_ms) double pg_last_step_ms(void)
{
    return world ? 1000.0 * steer_world_last_profile(world).total : 0.0;
}

PG_EXPORT(pg_result_string) const char *pg_result_string(int result) { return steer_result_string((steer_result)result); }

PG_EXPORT(pg_bounds) float pg_bounds(int which) /* 0..3: min.x, min.y, max.x, max.y on the ground */
{
    float lo = ground_y(bounds_min), hi = ground_y(bounds_max);
    float b[4] = {bounds_min.x, steer_minf(lo, hi), bounds_max.x, steer_maxf(lo, hi)};
    return which >= 0 && which < 4 ? b[which] : 0.0f;
}

/* ---- agents: pointers into this module's memory, valid until the next call
 * that changes the world (the page re-reads them every frame) ---------------- */
static steer_world_view view;
static float *view_gy, *view_gvy; /* a Y-up world's -z and -vz: its ground's second axis */
static int view_ground_room;
PG_EXPORT(pg_view) int pg_view(void)
{
    steer_world_view none = {0};
    view = world ? steer_world_get_view(world) : none;
    if (up == STEER_UP_Y && view.count > view_ground_room) {
        float *gy = realloc(view_gy, sizeof *gy * (size_t)view.count), *gvy = gy ? realloc(view_gvy, sizeof *gvy * (size_t)view.count) : 0;
        if (gy) view_gy = gy;
        if (gvy) view_gvy = gvy;
        if (!gy || !gvy) return 0; /* out of memory: nothing to show */
        view_ground_room = view.count;
    }
    for (int i = 0; up == STEER_UP_Y && i < view.count; ++i) {
        view_gy[i] = ground_y(steer_v3_make(view.px[i], view.py[i], view.pz[i]));
        view_gvy[i] = ground_y(steer_v3_make(view.vx[i], view.vy[i], view.vz[i]));
    }
    return view.count;
}
PG_EXPORT(pg_view_px) const float *pg_view_px(void) { return view.px; }
PG_EXPORT(pg_view_py) const float *pg_view_py(void) { return up == STEER_UP_Y ? view_gy : view.py; }
PG_EXPORT(pg_view_vx) const float *pg_view_vx(void) { return view.vx; }
PG_EXPORT(pg_view_vy) const float *pg_view_vy(void) { return up == STEER_UP_Y ? view_gvy : view.vy; }
PG_EXPORT(pg_view_group) const uint8_t *pg_view_group(void) { return view.group; }

/* ---- groups: a table of the fields the sliders tune ------------------------- */
typedef struct pg_param {
    const char *name;    /* shown in the page; weights are "weight.<behaviour>" */
    const char *section; /* "weights", "limits", "radii" or "priority" */
    size_t offset;       /* of the float in steer_group_def */
    double lo, hi;       /* slider range, as written: the slider's grid starts at lo, so a float's
                            0.1 (0.10000000149) would put neither end nor a default of 1 on it */
    const char *key;     /* where a scenario file holds it, under the group (docs/scenarios.md): the
                            page's export and a reset write the tuned value there */
} pg_param;

#define W(b, name) {"weight." name, "weights", offsetof(steer_group_def, weight) + sizeof(float) * (b), 0.0, 10.0, \
                    "behaviours." name ".weight"}
#define F(field, section, lo, hi, key) {#field, section, offsetof(steer_group_def, field), lo, hi, key}
static const pg_param params[] = {
    W(STEER_SEPARATION, "separation"),
    W(STEER_ALIGNMENT, "alignment"),
    W(STEER_COHESION, "cohesion"),
    W(STEER_SEEK, "seek"),
    W(STEER_ARRIVE, "arrive"),
    W(STEER_FLEE, "flee"),
    W(STEER_PURSUE, "pursue"),
    W(STEER_EVADE, "evade"),
    W(STEER_WANDER, "wander"),
    W(STEER_AVOID_OBSTACLES, "avoid_obstacles"),
    W(STEER_AVOID_WALLS, "avoid_walls"),
    W(STEER_CONTAIN, "contain"),
    W(STEER_FOLLOW_WALL, "follow_wall"),
    W(STEER_FOLLOW_PATH, "follow_path"),
    W(STEER_FOLLOW_FLOW, "follow_flow"),
    W(STEER_AVOID_NEIGHBOURS, "avoid_neighbours"),
    W(STEER_ANTICIPATE, "anticipation"),
    W(STEER_QUEUE, "queue"),
    W(STEER_FOLLOW_LEADER, "follow_leader"),
    F(max_speed, "limits", 0.0, 20.0, "max_speed"),
    F(max_force, "limits", 0.0, 40.0, "max_force"),
    F(mass, "limits", 0.1, 10.0, "mass"),
    F(radius, "limits", 0.0, 3.0, "radius"),
    F(max_turn_rate, "limits", 0.0, 20.0, "max_turn_rate"),
    F(reverse_speed, "limits", 0.0, 20.0, "reverse_speed"),
    F(neighbour_radius, "radii", 0.0, 10.0, "neighbours.radius"),
    F(separation_radius, "radii", 0.0, 10.0, "neighbours.separation_radius"),
    F(field_of_view, "radii", 0.0, 7.0, "neighbours.field_of_view"),
    F(slow_radius, "radii", 0.0, 20.0, "behaviours.arrive.slow_radius"),
    F(see_ahead, "radii", 0.0, 20.0, "behaviours.avoid_obstacles.see_ahead"),
    F(contain_margin, "radii", 0.0, 20.0, "behaviours.contain.margin"),
    F(wander.radius, "radii", 0.0, 10.0, "behaviours.wander.radius"),
    F(wander.distance, "radii", 0.0, 10.0, "behaviours.wander.distance"),
    F(wander.jitter, "radii", 0.0, 40.0, "behaviours.wander.jitter"),
    F(path_ahead, "radii", 0.0, 10.0, "behaviours.follow_path.ahead"),
    /* when a unit is there: what tanks.json's turn-limited units rely on to hold their headings */
    F(arrival_tolerance, "arrival", 0.0, 10.0, "arrival_tolerance"),
    F(arrival_speed, "arrival", 0.0, 10.0, "arrival_speed"),
    F(departure_distance, "arrival", 0.0, 10.0, "departure_distance"),
    F(priority, "priority", 0.1, 20.0, "priority"),
    F(arrived_priority, "priority", 0.0, 20.0, "arrived_priority"), /* 0: the priority */
};
#undef W
#undef F
enum { PARAM_COUNT = (int)(sizeof params / sizeof params[0]) };

static const pg_param *param_at(int i) { return i >= 0 && i < PARAM_COUNT ? &params[i] : 0; }

PG_EXPORT(pg_param_count) int pg_param_count(void) { return PARAM_COUNT; }
PG_EXPORT(pg_param_name) const char *pg_param_name(int i) { return param_at(i) ? params[i].name : ""; }
PG_EXPORT(pg_param_section) const char *pg_param_section(int i) { return param_at(i) ? params[i].section : ""; }
PG_EXPORT(pg_param_min) double pg_param_min(int i) { return param_at(i) ? params[i].lo : 0.0; }
PG_EXPORT(pg_param_max) double pg_param_max(int i) { return param_at(i) ? params[i].hi : 0.0; }
PG_EXPORT(pg_param_key) const char *pg_param_key(int i) { return param_at(i) ? params[i].key : ""; }

PG_EXPORT(pg_group_count) int pg_group_count(void) { return world ? steer_world_group_count(world) : 0; }

static float *field_of(steer_group_def *g, const pg_param *p) { return (float *)((char *)g + p->offset); }

PG_EXPORT(pg_param_get) float pg_param_get(int group, int i)
{
    steer_group_def g;
    if (!world || !param_at(i) || steer_world_get_group(world, group, &g) != STEER_OK) return 0.0f;
    return *field_of(&g, &params[i]);
}

/* Returns 0, or a steer_result when the library refuses the value. */
PG_EXPORT(pg_param_set) int pg_param_set(int group, int i, float value)
{
    steer_group_def g;
    if (!world || !param_at(i)) return STEER_ERROR_INVALID_ARGUMENT;
    steer_result r = steer_world_get_group(world, group, &g);
    if (r != STEER_OK) return r;
    *field_of(&g, &params[i]) = value;
    return steer_world_set_group(world, group, &g);
}

/* A group's seek/arrive target on the ground: which 0 x, 1 y. */
PG_EXPORT(pg_group_target) float pg_group_target(int group, int which)
{
    steer_group_def g;
    if (!world || steer_world_get_group(world, group, &g) != STEER_OK) return 0.0f;
    return which == 0 ? g.target.x : ground_y(g.target);
}

/* A group's seek/arrive target (which 0) or flee threat (1) as the world
 * holds it, axis 0..2 (not on the ground: as a scenario file writes it). */
PG_EXPORT(pg_group_vector) float pg_group_vector(int group, int which, int axis)
{
    steer_group_def g;
    if (!world || axis < 0 || axis > 2 || steer_world_get_group(world, group, &g) != STEER_OK) return 0.0f;
    steer_v3 v = which == 0 ? g.target : g.threat;
    return axis == 0 ? v.x : axis == 1 ? v.y : v.z;
}

PG_EXPORT(pg_group_colour) uint32_t pg_group_colour(int group)
{
    steer_group_def g;
    return world && steer_world_get_group(world, group, &g) == STEER_OK ? g.colour : 0x4488FFFFu;
}

PG_EXPORT(pg_group_combine) int pg_group_combine(int group)
{
    steer_group_def g;
    return world && steer_world_get_group(world, group, &g) == STEER_OK ? (int)g.combine : 0;
}

PG_EXPORT(pg_group_set_combine) int pg_group_set_combine(int group, int combine)
{
    steer_group_def g;
    if (!world || combine < 0 || combine > STEER_COMBINE_DITHER) return STEER_ERROR_INVALID_ARGUMENT;
    steer_result r = steer_world_get_group(world, group, &g);
    if (r != STEER_OK) return r;
    g.combine = (steer_combine)combine;
    return steer_world_set_group(world, group, &g);
}

/* ---- the mouse tools ------------------------------------------------------------ */
/* Moves (x, y) on the ground into a bounded world's box, at least reach from
 * its sides (to the box's middle on an axis narrower than 2 reach); an
 * unbounded world takes every point. A click in the canvas's margin, outside
 * the box, then still means a place the agents can reach. */
static void move_inside(float *x, float *y, float reach)
{
    steer_world_def def;
    if (steer_world_get_def(world, &def) != STEER_OK || def.boundary == STEER_BOUNDARY_NONE) return;
    float ground_lo = steer_minf(ground_y(def.bounds_min), ground_y(def.bounds_max));
    float ground_hi = steer_maxf(ground_y(def.bounds_min), ground_y(def.bounds_max));
    float lo[2] = {def.bounds_min.x + reach, ground_lo + reach};
    float hi[2] = {def.bounds_max.x - reach, ground_hi - reach};
    *x = lo[0] <= hi[0] ? steer_clampf(*x, lo[0], hi[0]) : 0.5f * (def.bounds_min.x + def.bounds_max.x);
    *y = lo[1] <= hi[1] ? steer_clampf(*y, lo[1], hi[1]) : 0.5f * (ground_lo + ground_hi);
}

/* Every group gets the target, moved inside a bounded world's box (and the
 * containment margin of the groups that contain); a group that neither seeks
 * nor arrives starts to arrive, so a click always shows the flock heading
 * there. Agents sent somewhere of their own (pg_send_selected) are released
 * to it too. pg_group_target reads back where it went. */
PG_EXPORT(pg_set_target) int pg_set_target(float x, float y)
{
    if (!world || !isfinite(x) || !isfinite(y)) return STEER_ERROR_INVALID_ARGUMENT;
    float margin = 0.0f;
    for (int gi = 0; gi < steer_world_group_count(world); ++gi) {
        steer_group_def g;
        steer_world_get_group(world, gi, &g);
        if (g.weight[STEER_CONTAIN] > 0.0f) margin = steer_maxf(margin, g.contain_margin);
    }
    move_inside(&x, &y, margin);
    if (steer_world_goal_count(world) > 0)
        for (int i = 0; i < agent_id_count; ++i) steer_world_set_goal(world, agent_ids[i], 0);
    forget_goal_marks(); /* no agent has the scenario's goal now */
    for (int gi = 0; gi < steer_world_group_count(world); ++gi) {
        steer_group_def g;
        steer_world_get_group(world, gi, &g);
        g.target = on_ground(x, y, 0.0f);
        if (g.weight[STEER_SEEK] == 0.0f && g.weight[STEER_ARRIVE] == 0.0f) g.weight[STEER_ARRIVE] = 1.0f;
        steer_result r = steer_world_set_group(world, gi, &g);
        if (r != STEER_OK) return r;
    }
    return STEER_OK;
}

/* Returns the obstacle's index or a negative steer_result. Groups that did
 * not avoid obstacles start to, so the new one matters at once. */
PG_EXPORT(pg_add_obstacle) int pg_add_obstacle(float x, float y, float radius)
{
    if (!world) return STEER_ERROR_INVALID_ARGUMENT;
    int index = steer_world_add_obstacle(world, on_ground(x, y, 0.0f), radius);
    if (index < 0) return index;
    for (int gi = 0; gi < steer_world_group_count(world); ++gi) {
        steer_group_def g;
        steer_world_get_group(world, gi, &g);
        if (g.weight[STEER_AVOID_OBSTACLES] != 0.0f) continue;
        tool_changes[gi].avoid_set = true;
        tool_changes[gi].avoid_obstacles = 0.0f;
        g.weight[STEER_AVOID_OBSTACLES] = 4.0f;
        steer_world_set_group(world, gi, &g);
    }
    return index;
}

PG_EXPORT(pg_obstacle_count) int pg_obstacle_count(void) { return world ? steer_world_obstacle_count(world) : 0; }

/* xy: count pairs of floats: the drawn path, which replaces the one drawn
 * before. Every group follows it. Returns its index or a steer_result. */
PG_EXPORT(pg_add_path) int pg_add_path(const float *xy, int count, int closed, float radius)
{
    if (!world || !xy || count < 2 || count > 4096) return STEER_ERROR_INVALID_ARGUMENT;
    steer_v3 *points = malloc(sizeof(steer_v3) * (size_t)count);
    if (!points) return STEER_ERROR_OUT_OF_MEMORY;
    for (int i = 0; i < count; ++i) points[i] = on_ground(xy[2 * i], xy[2 * i + 1], 0.0f);
    int index = drawn_path;
    if (index >= 0) {
        steer_result r = steer_world_set_path(world, index, points, count, closed != 0, radius);
        if (r != STEER_OK) index = r;
    } else {
        index = drawn_path = steer_world_add_path(world, points, count, closed != 0, radius);
        if (index < 0) drawn_path = -1;
    }
    if (index >= 0) {
        hide_drawn_path();
        int before = known_path_count;
        keep_path(points, count, closed != 0, radius);
        drawn_shown = known_path_count > before;
    }
    free(points);
    if (index < 0) return index;
    for (int gi = 0; gi < steer_world_group_count(world); ++gi) {
        steer_group_def g;
        steer_world_get_group(world, gi, &g);
        tool_change *tc = &tool_changes[gi];
        if (!tc->path_set) *tc = (tool_change){true, tc->avoid_set, g.path, g.weight[STEER_FOLLOW_PATH], tc->avoid_obstacles};
        g.path = index;
        if (g.weight[STEER_FOLLOW_PATH] == 0.0f) g.weight[STEER_FOLLOW_PATH] = 2.0f;
        steer_world_set_group(world, gi, &g);
    }
    return index;
}

/* Removes what the mouse added: the dropped obstacles (the world's are
 * cleared and the scenario's own put back, at their indices) and the drawn
 * path, and puts back what they changed in the groups. */
PG_EXPORT(pg_clear_drawn) void pg_clear_drawn(void)
{
    if (!world) return;
    steer_world_clear_obstacles(world);
    for (int i = 0; i < own_obstacle_count; ++i)
        steer_world_add_obstacle(world, own_obstacles[i].centre, own_obstacles[i].radius);
    for (int gi = 0; gi < steer_world_group_count(world); ++gi) {
        const tool_change *tc = &tool_changes[gi];
        if (!tc->path_set && !tc->avoid_set) continue;
        steer_group_def g;
        steer_world_get_group(world, gi, &g);
        if (tc->path_set) g.path = tc->path, g.weight[STEER_FOLLOW_PATH] = tc->follow_path;
        if (tc->avoid_set) g.weight[STEER_AVOID_OBSTACLES] = tc->avoid_obstacles;
        steer_world_set_group(world, gi, &g);
    }
    int path = drawn_path;
    hide_drawn_path();
    forget_tool_changes();
    drawn_path = path; /* the world keeps it: the next drawing replaces it */
}
PG_EXPORT(pg_drawn_paths) int pg_drawn_paths(void) { return drawn_shown ? 1 : 0; }

/* ---- the RTS gesture: select with a box, send to a formation ---------------------
 * The selection is a list of handles, so it follows its agents through the
 * step's sort. The box and the formation lie on the ground the page shows;
 * in 3D each agent's slot is at the height it has when sent. */
static steer_agent_id *selected;
static steer_v3 *slots; /* the formation: a target per selected agent */
static float *orders;   /* ORDER_FIELDS per selected agent, for the page */
static int sent_walled, sent_penned, sent_crammed; /* pg_sent_walled, pg_sent_penned, pg_sent_crammed */
static int selected_count;
enum { ORDER_FIELDS = 6 }; /* x y target_x target_y radius state (0 no goal, 1 going, 2 arrived) */

static void select_clear(void)
{
    free(selected);
    free(slots);
    free(orders);
    selected = 0;
    slots = 0;
    orders = 0;
    selected_count = 0;
    sent_walled = sent_penned = sent_crammed = 0;
}

/* Room for a selection of n, the last one cleared; false (and nothing
 * selected) when out of memory. */
static bool select_room(int n)
{
    select_clear();
    selected = malloc(sizeof *selected * (size_t)n);
    slots = malloc(sizeof *slots * (size_t)n);
    orders = malloc(sizeof *orders * ORDER_FIELDS * (size_t)n);
    if (selected && slots && orders) return true;
    select_clear();
    return false;
}

PG_EXPORT(pg_dim) int pg_dim(void)
{
    steer_world_def def;
    return world && steer_world_get_def(world, &def) == STEER_OK ? def.dim : 0;
}

PG_EXPORT(pg_select_clear) void pg_select_clear(void) { select_clear(); }
PG_EXPORT(pg_selected_count) int pg_selected_count(void) { return selected_count; }

/* Selects the agents inside the box with corners (x0, y0) and (x1, y1) on
 * the ground, edges included, at any height, in place of the last
 * selection (the world's box query, in ascending handle order). Returns how
 * many, or a negative steer_result (no world, a corner not finite:
 * INVALID_ARGUMENT). */
PG_EXPORT(pg_select_box) int pg_select_box(float x0, float y0, float x1, float y1)
{
    select_clear();
    if (!world || !(isfinite(x0) && isfinite(y0) && isfinite(x1) && isfinite(y1)))
        return STEER_ERROR_INVALID_ARGUMENT;
    steer_v3 a = on_ground(x0, y0, -INFINITY), b = on_ground(x1, y1, INFINITY);
    int inside = steer_world_query_box(world, a, b, STEER_ALL_GROUPS, 0, 0);
    if (!inside) return 0;
    if (!select_room(inside)) return STEER_ERROR_OUT_OF_MEMORY;
    selected_count = steer_world_query_box(world, a, b, STEER_ALL_GROUPS, selected, inside);
    return selected_count;
}

/* Wall i's ends on the ground; false if there is no such wall. */
static bool wall_on_ground(int i, steer_v2 ends[2])
{
    steer_segment3 s;
    if (steer_world_get_wall(world, i, &s) != STEER_OK) return false;
    steer_v3 a = ground_of(up, s.a), b = ground_of(up, s.b);
    ends[0] = steer_v2_make(a.x, a.y), ends[1] = steer_v2_make(b.x, b.y);
    return true;
}

/* Whether a wall crosses the ground segment from a to b. */
static bool wall_between(steer_v2 a, steer_v2 b)
{
    steer_v2 ends[2];
    for (int i = 0; i < steer_world_wall_count(world); ++i)
        if (wall_on_ground(i, ends) && ground_segments_cross(a, b, ends[0], ends[1])) return true;
    return false;
}

/* Whether p (on the ground) lies outside g's contain box; a box of no
 * size stands for the world's (as CONTAIN takes it), which the slots keep
 * inside. */
static bool outside_contain_box(const steer_group_def *g, steer_v3 p)
{
    if (steer_v3_len_sq(steer_v3_sub(g->contain_max, g->contain_min)) == 0.0f) return false;
    steer_v3 a = ground_of(up, g->contain_min), b = ground_of(up, g->contain_max);
    return p.x < steer_minf(a.x, b.x) || p.x > steer_maxf(a.x, b.x) || p.y < steer_minf(a.y, b.y) ||
           p.y > steer_maxf(a.y, b.y);
}

/* ---- an order: its places, who goes where, the send ------------------------------
 * pg_order_begin takes the selection's order: each agent to a place the
 * library chooses for it (steer_world_places_around): a sunflower spiral
 * about the click whose closest two places are `spacing` apart (two and a
 * half radii of the largest selected agent, or its separation radius when
 * that is larger, so separation does not push them off), flowing round
 * rocks, walls, idle agents and the box (with the containment margin of
 * the groups that contain). Who takes which place is the least sum of
 * squared distances, and with together all arrive at about the same time,
 * so those arriving first never stand in the way of later ones. That
 * choice takes seconds for thousands, so the page has a large order's made
 * in a worker (pg_assign there, on pg_order_from and pg_order_places:
 * steer_assign_places, the choice send_to_places makes) while the world
 * runs on, and pg_order_send sends it as chosen (steer_world_send_assigned:
 * the agents that moved meanwhile trade places on the way); a small one it
 * sends at once (pg_order_send(0): steer_world_send_to_places). The order
 * keeps its own copy of its agents and places, so a new selection
 * meanwhile does not change it. In 3D the places are chosen at the
 * selection's mean height (which adds the same to every place of an
 * agent, so it does not change who goes where), then each keeps its own
 * height. */
static struct {
    steer_agent_id *ids;
    steer_v3 *places;                /* in the world */
    steer_v3 *from_seen, *places_seen; /* as the choice measures them: on the ground when all keep their height */
    int count, placed, dim;
    float height;
} order;

static void order_clear(void)
{
    free(order.ids);
    free(order.places);
    free(order.from_seen);
    free(order.places_seen);
    memset(&order, 0, sizeof order);
}

/* Takes the selection's order to (x, y): its places, and the positions and
 * places as the choice sees them. Returns how many are in it (0: none
 * selected), or a negative steer_result. */
PG_EXPORT(pg_order_begin) int pg_order_begin(float x, float y)
{
    order_clear();
    if (!world || !isfinite(x) || !isfinite(y)) return STEER_ERROR_INVALID_ARGUMENT;
    float spacing = 0.0f, margin = 0.0f, height = 0.0f;
    int n = 0;
    bool all_ground = true;
    steer_world_def def;
    steer_world_get_def(world, &def);
    for (int i = 0; i < selected_count; ++i) {
        steer_agent_state a;
        steer_group_def g;
        if (steer_world_get_agent(world, selected[i], &a) != STEER_OK) continue; /* gone: left out */
        steer_world_get_group(world, a.group, &g);
        spacing = steer_maxf(spacing, steer_maxf(2.5f * g.radius, g.weight[STEER_SEPARATION] > 0.0f ? g.separation_radius : 0.0f));
        if (g.weight[STEER_CONTAIN] > 0.0f) margin = steer_maxf(margin, g.contain_margin);
        all_ground = all_ground && def.dim == 3 && g.ground_plane;
        height += height_of(a.position);
        selected[n++] = selected[i];
    }
    selected_count = n;
    if (!n) return 0;
    height /= (float)n;
    if (spacing <= 0.0f) spacing = 0.5f;
    order.ids = malloc(sizeof *order.ids * (size_t)n);
    order.places = malloc(sizeof *order.places * (size_t)n);
    order.from_seen = malloc(sizeof *order.from_seen * (size_t)n);
    order.places_seen = malloc(sizeof *order.places_seen * (size_t)n);
    if (!order.ids || !order.places || !order.from_seen || !order.places_seen) {
        order_clear();
        return STEER_ERROR_OUT_OF_MEMORY;
    }
    memcpy(order.ids, selected, sizeof *order.ids * (size_t)n);
    /* the library's places for an order (world.h, steer_world_places_around) */
    steer_places_query query = {on_ground(x, y, height), spacing, margin, order.ids, n};
    int placed = steer_world_places_around(world, &query, order.places, n);
    if (placed < 0) {
        order_clear();
        return placed;
    }
    /* as send_to_places measures: on the ground (2D) when every agent keeps its height */
    order.dim = all_ground ? 2 : def.dim;
    for (int i = 0; i < n; ++i) {
        steer_agent_state a;
        steer_world_get_agent(world, order.ids[i], &a);
        order.from_seen[i] = all_ground ? ground_of(up, a.position) : a.position;
        order.places_seen[i] = all_ground ? ground_of(up, order.places[i]) : order.places[i];
        if (all_ground) order.from_seen[i].z = order.places_seen[i].z = 0.0f;
    }
    order.count = n;
    order.placed = placed;
    order.height = height;
    return n;
}
PG_EXPORT(pg_order_from) const float *pg_order_from(void) { return &order.from_seen[0].x; }
PG_EXPORT(pg_order_places) const float *pg_order_places(void) { return &order.places_seen[0].x; }
PG_EXPORT(pg_order_dim) int pg_order_dim(void) { return order.dim; }

/* Who goes where, in the worker's instance of the module: place_of[i] for
 * from[i] among places (steer_assign_places). */
PG_EXPORT(pg_assign) int pg_assign(const steer_v3 *from, int count, const steer_v3 *places, int place_count, int dim,
                                   int *place_of)
{
    return steer_assign_places(from, count, places, place_count, dim, NULL, place_of);
}

/* Sends the order pg_order_begin took: each agent to places[place_of[i]]
 * (the worker's choice), or, with place_of 0, choosing here. Returns how
 * many were sent, or a negative steer_result. */
PG_EXPORT(pg_order_send) int pg_order_send(const int *place_of)
{
    const int n = order.count;
    if (!world || n == 0) return 0;
    int sent;
    if (place_of) {
        steer_v3 *chosen = malloc(sizeof *chosen * (size_t)n);
        bool *taken = calloc((size_t)n, sizeof *taken);
        bool each_own = chosen && taken;
        for (int i = 0; each_own && i < n; ++i) {
            each_own = place_of[i] >= 0 && place_of[i] < n && !taken[place_of[i]];
            if (each_own) taken[place_of[i]] = true, chosen[i] = order.places[place_of[i]];
        }
        sent = !chosen || !taken ? STEER_ERROR_OUT_OF_MEMORY
               : each_own        ? steer_world_send_assigned(world, order.ids, n, chosen, true, 0)
                                 : STEER_ERROR_INVALID_ARGUMENT;
        free(chosen);
        free(taken);
    } else {
        sent = steer_world_send_to_places(world, order.ids, n, order.places, n, true, 0);
    }
    if (sent > 0) goals_replaced(order.ids, n);
    sent_walled = sent_penned = 0;
    sent_crammed = sent > 0 ? n - order.placed : 0;
    steer_world_def def;
    steer_world_get_def(world, &def);
    /* Steering walks straight (in a wrap world too: a goal's agent seeks
     * along the plain line, not across the seam), so a wall on the way holds
     * it; so does its group's contain box round a slot outside it. */
    for (int i = 0; sent > 0 && i < n; ++i) {
        steer_agent_state a;
        steer_goal goal;
        steer_group_def g;
        if (steer_world_get_agent(world, order.ids[i], &a) != STEER_OK ||
            steer_world_get_goal(world, order.ids[i], &goal) != STEER_OK ||
            steer_world_get_group(world, a.group, &g) != STEER_OK)
            continue;
        steer_v3 from = ground_of(up, a.position), to = ground_of(up, goal.target);
        sent_walled += wall_between(steer_v2_make(from.x, from.y), steer_v2_make(to.x, to.y));
        sent_penned += g.weight[STEER_CONTAIN] > 0.0f && outside_contain_box(&g, to);
    }
    for (int i = 0; sent > 0 && def.dim == 3 && i < n; ++i) { /* each at its own height */
        steer_agent_state a;
        steer_goal goal;
        if (steer_world_get_agent(world, order.ids[i], &a) != STEER_OK ||
            steer_world_get_goal(world, order.ids[i], &goal) != STEER_OK)
            continue;
        goal.target = on_ground(goal.target.x, ground_y(goal.target), height_of(a.position));
        steer_world_set_goal(world, order.ids[i], &goal);
    }
    order_clear();
    return sent;
}

/* Sends the selection to (x, y) at once: pg_order_begin, then the choice
 * made here. Returns how many were sent, or a negative steer_result. */
PG_EXPORT(pg_send_selected) int pg_send_selected(float x, float y)
{
    int n = pg_order_begin(x, y);
    return n > 0 ? pg_order_send(0) : n;
}

/* Of the agents the last pg_send_selected sent, how many have a wall
 * between them and their place: steering has no path-finding, so they
 * stop at it (the page says so, and how to route them round). */
PG_EXPORT(pg_sent_walled) int pg_sent_walled(void) { return sent_walled; }
/* And how many were sent out of their group's contain box, which holds
 * them in. */
PG_EXPORT(pg_sent_penned) int pg_sent_penned(void) { return sent_penned; }
/* And how many had no open place near the click (the library's places for
 * the order ran out of room: a rock field, a small box): their places are
 * in or by a solid, or on other units. */
PG_EXPORT(pg_sent_crammed) int pg_sent_crammed(void) { return sent_crammed; }

/* How many selected agents have arrived at their goals. */
PG_EXPORT(pg_selected_arrived) int pg_selected_arrived(void)
{
    int arrived = 0;
    for (int i = 0; world && i < selected_count; ++i) arrived += steer_world_has_arrived(world, selected[i]);
    return arrived;
}

PG_EXPORT(pg_goal_count) int pg_goal_count(void) { return world ? steer_world_goal_count(world) : 0; }

/* Of the agents the world was built with, those on their goals now (a
 * crowd's arrivals, as `steer run` counts them at the end). */
PG_EXPORT(pg_goals_arrived) int pg_goals_arrived(void)
{
    int arrived = 0;
    for (int i = 0; world && i < agent_id_count; ++i) arrived += steer_world_has_arrived(world, agent_ids[i]);
    return arrived;
}

/* Fills and returns the table of the selected agents as they are now
 * (ORDER_FIELDS floats each, pg_selected_count() rows): position, its goal's
 * target, its body radius and its state. Valid until the next call that
 * changes the selection. */
PG_EXPORT(pg_orders) const float *pg_orders(void)
{
    if (!world) return orders;
    for (int i = 0; i < selected_count; ++i) {
        steer_agent_state a = {0};
        steer_goal goal = {0};
        steer_world_get_agent(world, selected[i], &a);
        steer_world_get_goal(world, selected[i], &goal);
        float *row = &orders[ORDER_FIELDS * i];
        row[0] = a.position.x;
        row[1] = ground_y(a.position);
        row[2] = goal.target.x;
        row[3] = ground_y(goal.target);
        row[4] = 0.0f;
        steer_world_get_radius(world, selected[i], &row[4]); /* its own, else its group's */
        row[5] = goal.kind == STEER_GOAL_NONE ? 0.0f : goal.arrived ? 2.0f : 1.0f;
    }
    return orders;
}

/* ---- debug drawing into a command buffer ------------------------------------------ */
enum { CMD_CIRCLE = 1, CMD_SEGMENT = 2, CMD_POINT = 3, CMD_ARROW = 4 };
/* what the world holds, drawn as `steer run` draws it (tools/render/canvas.c):
 * an obstacle filled, with a lighter rim (x y r); a wall as a thick line
 * (x0 y0 x1 y1); a path point by point (x y radius start: 1 the first point
 * of an open path, 2 of a closed one, 0 the next) */
enum { CMD_OBSTACLE = 10, CMD_WALL = 11, CMD_PATH = 12 };
typedef struct pg_cmd {
    uint32_t kind, colour; /* colour 0xRRGGBBAA */
    float a, b, c, d;      /* circle: x y r -; segment/arrow: x0 y0 x1 y1; point: x y size - */
} pg_cmd;
enum { MAX_CMDS = 1 << 16 };
static pg_cmd cmds[MAX_CMDS];
static int cmd_count;

static void emit(uint32_t kind, uint32_t colour, float a, float b, float c, float d)
{
    if (cmd_count < MAX_CMDS) cmds[cmd_count++] = (pg_cmd){kind, colour, a, b, c, d};
}

/* How one steer_world_draw call's shapes are emitted: as they come, or (a
 * layer of the scenario's) as circle_kind / segment_kind in its colour. */
typedef struct draw_as { uint32_t circle_kind, segment_kind, colour; } draw_as;
static uint32_t colour_as(const draw_as *as, uint32_t colour) { return as && as->colour ? as->colour : colour; }

static void on_circle(steer_v3 p, float r, uint32_t colour, void *context)
{
    const draw_as *as = context;
    emit(as ? as->circle_kind : CMD_CIRCLE, colour_as(as, colour), p.x, ground_y(p), r, 0.0f);
}
static void on_segment(steer_v3 a, steer_v3 b, uint32_t colour, void *context)
{
    const draw_as *as = context;
    emit(as ? as->segment_kind : CMD_SEGMENT, colour_as(as, colour), a.x, ground_y(a), b.x, ground_y(b));
}
static void on_point(steer_v3 p, float size, uint32_t colour, void *context)
{
    emit(CMD_POINT, colour_as(context, colour), p.x, ground_y(p), size, 0.0f);
}
static void on_arrow(steer_v3 a, steer_v3 b, uint32_t colour, void *context)
{
    emit(CMD_ARROW, colour_as(context, colour), a.x, ground_y(a), b.x, ground_y(b));
}

/* Layer bits, as the page's toggles. */
enum {
    LAYER_NEIGHBOUR_RADIUS = 1 << 0,
    LAYER_WANDER = 1 << 1,
    LAYER_FEELERS = 1 << 2,
    LAYER_PATHS = 1 << 3,
    LAYER_FLOW_FIELDS = 1 << 4,
    LAYER_VELOCITIES = 1 << 5,
    LAYER_OBSTACLES = 1 << 6,
    LAYER_WALLS = 1 << 7,
    LAYER_BOUNDS = 1 << 8,
};

static steer_debug_draw callbacks(void *context)
{
    steer_debug_draw dd = {0};
    dd.circle = on_circle;
    dd.segment = on_segment;
    dd.point = on_point;
    dd.arrow = on_arrow;
    dd.context = context;
    return dd;
}

static void emit_paths(void)
{
    uint32_t colour = path_colour ? path_colour : 0xD0A02080u; /* else the library's own (src/world_draw.c) */
    for (int i = 0; i < known_path_count; ++i)
        for (int k = 0; k < known_paths[i].count; ++k) {
            steer_v3 p = known_paths[i].points[k];
            float start = k ? 0.0f : known_paths[i].closed ? 2.0f : 1.0f;
            emit(CMD_PATH, colour, p.x, ground_y(p), known_paths[i].radius, start);
        }
}

/* Returns the number of commands; per-agent overlays for at most max_agents.
 * Paths (known_paths), flow fields, obstacles and walls come in the
 * scenario's colours, each world layer from a call of its own. */
PG_EXPORT(pg_draw) int pg_draw(int layers, int max_agents)
{
    cmd_count = 0;
    if (!world) return 0;
    const struct { int layer; draw_as as; } own[] = { /* in steer run's order */
        {LAYER_FLOW_FIELDS, {CMD_CIRCLE, CMD_SEGMENT, field_colour}},
        {LAYER_PATHS, {0, 0, 0}},
        {LAYER_OBSTACLES, {CMD_OBSTACLE, CMD_SEGMENT, obstacle_colour}},
        {LAYER_WALLS, {CMD_CIRCLE, CMD_WALL, wall_colour}},
    };
    for (size_t i = 0; i < sizeof own / sizeof own[0]; ++i) {
        if (!(layers & own[i].layer)) continue;
        if (own[i].layer == LAYER_PATHS) {
            emit_paths();
            continue;
        }
        steer_debug_draw dd = callbacks((void *)&own[i].as);
        dd.flow_fields = own[i].layer == LAYER_FLOW_FIELDS;
        dd.obstacles = own[i].layer == LAYER_OBSTACLES;
        dd.walls = own[i].layer == LAYER_WALLS;
        steer_world_draw(world, &dd);
    }
    steer_debug_draw dd = callbacks(0);
    dd.neighbour_radius = layers & LAYER_NEIGHBOUR_RADIUS;
    dd.wander = layers & LAYER_WANDER;
    dd.feelers = layers & LAYER_FEELERS;
    dd.velocities = layers & LAYER_VELOCITIES;
    dd.bounds = layers & LAYER_BOUNDS;
    dd.max_agents = max_agents > 0 ? max_agents : 1;
    if (dd.neighbour_radius || dd.wander || dd.feelers || dd.velocities || dd.bounds) steer_world_draw(world, &dd);
    return cmd_count;
}

PG_EXPORT(pg_draw_commands) const pg_cmd *pg_draw_commands(void) { return cmds; }

/* What `steer run`'s pictures mark beneath the agents (tools/render/canvas.c,
 * draw_beneath and draw_targets), from the same rules (scenario_marks.c):
 * the groups' seek/arrive targets (CMD_TARGET: x y), flee threats
 * (CMD_THREAT: x y panic_distance) and pens (CMD_PEN: x0 y0 x1 y1), read
 * from the groups as they are now, and the scenario's goal places
 * (CMD_PLACE: x y) and route legs (CMD_ROUTE: x0 y0 x1 y1) of the agents
 * that still have the goals it gave them; each in its group's colour. Into the command buffer, as pg_draw's
 * (which it replaces); returns their number. */
enum { CMD_TARGET = 5, CMD_THREAT = 6, CMD_PEN = 7, CMD_ROUTE = 8, CMD_PLACE = 9 };
static void emit_mark(const steer_scenario_mark *m, uint32_t colour)
{
    static const uint32_t kinds[] = {[STEER_SCENARIO_MARK_TARGET] = CMD_TARGET, [STEER_SCENARIO_MARK_THREAT] = CMD_THREAT,
                                     [STEER_SCENARIO_MARK_PEN] = CMD_PEN, [STEER_SCENARIO_MARK_ROUTE] = CMD_ROUTE,
                                     [STEER_SCENARIO_MARK_PLACE] = CMD_PLACE};
    if (m->kind == STEER_SCENARIO_MARK_THREAT) emit(CMD_THREAT, colour, m->a.x, ground_y(m->a), m->b.x, 0.0f);
    else emit(kinds[m->kind], colour, m->a.x, ground_y(m->a), m->b.x, ground_y(m->b));
}

PG_EXPORT(pg_marks) int pg_marks(void)
{
    cmd_count = 0;
    steer_world_def def;
    if (!world || steer_world_get_def(world, &def) != STEER_OK) return 0;
    steer_group_def defs[STEER_SCENARIO_MARK_GROUPS];
    const steer_group_def *groups[STEER_SCENARIO_MARK_GROUPS];
    steer_scenario_mark marks[3 * STEER_SCENARIO_MARK_GROUPS];
    int count = 0;
    for (int g = 0; g < steer_world_group_count(world) && count < STEER_SCENARIO_MARK_GROUPS; ++g)
        if (steer_world_get_group(world, g, &defs[count]) == STEER_OK) groups[count] = &defs[count], ++count;
    int n = steer_scenario_marks(groups, count, &def, marks);
    for (int k = 0; k < n; ++k) emit_mark(&marks[k], groups[marks[k].group]->colour);
    /* after the groups' few: a crowd's places may fill the buffer */
    for (int k = 0; k < goal_mark_count; ++k)
        if (goal_marks[k].group < count) emit_mark(&goal_marks[k], groups[goal_marks[k].group]->colour);
    return cmd_count;
}

/* ---- the agents as pixels -------------------------------------------------------------- */
static uint32_t *image;
static size_t image_pixels;

/* A colour as the image stores it (RGBA bytes in memory order, so 0xAABBGGRR
 * in a uint32_t) and its alpha, 0..256. */
typedef struct pixel_colour { uint32_t rgb; uint32_t alpha; } pixel_colour;
static pixel_colour pixel_of(uint32_t rgba)
{
    pixel_colour p = {(rgba >> 24) | ((rgba >> 8) & 0xFF00u) | ((rgba << 8) & 0xFF0000u), (rgba & 255u) + ((rgba & 255u) >> 7)};
    return p;
}

/* Blends c over *px with coverage 0..256: over an opaque pixel two channels
 * per multiply; over a clear or partly covered one (the image is clear but
 * for the agents: the page lays it over what lies beneath them) the
 * straight-alpha "over", for the anti-aliased edges. */
static void blend(uint32_t *px, pixel_colour c, uint32_t coverage)
{
    uint32_t a = (coverage * c.alpha) >> 8;
    uint32_t d = *px, s = c.rgb;
    if (d >> 24 == 0xFFu) {
        uint32_t rb = ((d & 0xFF00FFu) * (256u - a) + (s & 0xFF00FFu) * a) >> 8;
        uint32_t g = ((d & 0x00FF00u) * (256u - a) + (s & 0x00FF00u) * a) >> 8;
        *px = 0xFF000000u | (rb & 0xFF00FFu) | (g & 0x00FF00u);
        return;
    }
    float sa = (float)a / 256.0f;
    if (d == 0) { /* still clear, as most pixels an agent covers are: its colour at its coverage */
        if (a) *px = (uint32_t)(sa * 255.0f + 0.5f) << 24 | (s & 0xFFFFFFu);
        return;
    }
    float da = (float)(d >> 24) / 255.0f * (1.0f - sa), oa = sa + da;
    if (oa <= 0.0f) return;
    uint32_t out = (uint32_t)(oa * 255.0f + 0.5f) << 24;
    for (int shift = 0; shift < 24; shift += 8) {
        float v = ((float)(s >> shift & 0xFFu) * sa + (float)(d >> shift & 0xFFu) * da) / oa;
        out |= (uint32_t)(v + 0.5f) << shift;
    }
    *px = out;
}

/* Signed distance (pixels) of (x, y) inside the edge a->b. */
typedef struct edge { float nx, ny, c; } edge;
static edge make_edge(float ax, float ay, float bx, float by)
{
    float nx = ay - by, ny = bx - ax, l = sqrtf(nx * nx + ny * ny);
    if (l < 1e-6f) l = 1e-6f;
    edge e = {nx / l, ny / l, 0.0f};
    e.c = -(e.nx * ax + e.ny * ay);
    return e;
}

/* The pixels agents may cover, inclusive: the world box on screen (an agent
 * at the border is cut there, not drawn past it), within the image. */
typedef struct clip_box { int x0, y0, x1, y1; } clip_box;

static clip_box clip_of(int width, int height, float scale, float ox, float oy)
{
    clip_box c = {0, 0, width - 1, height - 1};
    steer_world_def def;
    if (steer_world_get_def(world, &def) != STEER_OK || def.boundary == STEER_BOUNDARY_NONE) return c;
    /* A pixel is inside when its centre is. */
    float low = steer_minf(ground_y(def.bounds_min), ground_y(def.bounds_max));
    float high = steer_maxf(ground_y(def.bounds_min), ground_y(def.bounds_max));
    float left = ceilf(ox + def.bounds_min.x * scale - 0.5f), right = floorf(ox + def.bounds_max.x * scale - 0.5f);
    float top = ceilf(oy - high * scale - 0.5f), bottom = floorf(oy - low * scale - 0.5f);
    if (left > (float)c.x0) c.x0 = left < (float)width ? (int)left : width;
    if (top > (float)c.y0) c.y0 = top < (float)height ? (int)top : height;
    if (right < (float)c.x1) c.x1 = right > -1.0f ? (int)right : -1;
    if (bottom < (float)c.y1) c.y1 = bottom > -1.0f ? (int)bottom : -1;
    return c;
}

/* An anti-aliased triangle: coverage from the distance to the nearest edge. */
static void triangle(int width, clip_box clip, const float x[3], const float y[3], pixel_colour colour)
{
    edge e[3];
    for (int k = 0; k < 3; ++k) e[k] = make_edge(x[k], y[k], x[(k + 1) % 3], y[(k + 1) % 3]);
    float cx = (x[0] + x[1] + x[2]) / 3.0f, cy = (y[0] + y[1] + y[2]) / 3.0f;
    if (e[0].nx * cx + e[0].ny * cy + e[0].c < 0.0f) /* the other winding: flip the normals */
        for (int k = 0; k < 3; ++k) e[k] = (edge){-e[k].nx, -e[k].ny, -e[k].c};
    int x0 = (int)floorf(steer_minf(x[0], steer_minf(x[1], x[2]))), x1 = (int)ceilf(steer_maxf(x[0], steer_maxf(x[1], x[2])));
    int y0 = (int)floorf(steer_minf(y[0], steer_minf(y[1], y[2]))), y1 = (int)ceilf(steer_maxf(y[0], steer_maxf(y[1], y[2])));
    if (x0 < clip.x0) x0 = clip.x0;
    if (y0 < clip.y0) y0 = clip.y0;
    if (x1 > clip.x1) x1 = clip.x1;
    if (y1 > clip.y1) y1 = clip.y1;
    for (int py = y0; py <= y1; ++py) {
        float fy = (float)py + 0.5f, fx = (float)x0 + 0.5f;
        float d0 = e[0].nx * fx + e[0].ny * fy + e[0].c, d1 = e[1].nx * fx + e[1].ny * fy + e[1].c,
              d2 = e[2].nx * fx + e[2].ny * fy + e[2].c;
        uint32_t *row = &image[(size_t)py * (size_t)width];
        for (int px = x0; px <= x1; ++px, d0 += e[0].nx, d1 += e[1].nx, d2 += e[2].nx) {
            float d = steer_minf(d0, steer_minf(d1, d2));
            if (d <= -0.5f) continue;
            if (d >= 0.5f && colour.alpha == 256u) row[px] = 0xFF000000u | colour.rgb;
            else blend(&row[px], colour, (uint32_t)((d + 0.5f) * 256.0f));
        }
    }
}

/* A square dot of side n pixels at (x, y), within the clip. */
static void dot(int width, clip_box clip, float x, float y, int n, pixel_colour colour)
{
    int ix = (int)floorf(x - 0.5f * (float)(n - 1)), iy = (int)floorf(y - 0.5f * (float)(n - 1));
    for (int py = iy; py < iy + n; ++py)
        for (int px = ix; px < ix + n; ++px)
            if (px >= clip.x0 && py >= clip.y0 && px <= clip.x1 && py <= clip.y1)
                blend(&image[(size_t)py * (size_t)width + (size_t)px], colour, 256u);
}

/* The way each agent faces on the ground, kept by slot: its velocity's
 * direction while it moves, else the way it last moved
 * (ground_faces_its_velocity), as `steer run` draws it. */
typedef struct facing { float x, y; uint32_t generation; bool known; } facing;
static facing *facings;
static size_t facing_room;
static steer_agent_id *raster_ids;
static steer_v3 *raster_headings; /* the world's, when it keeps them */
static int raster_id_room;

static void forget_facings(void)
{
    if (facings) memset(facings, 0, sizeof *facings * facing_room);
}

/* Agent i of the view (handle id, ground velocity (vx, vy), its group's
 * max speed): the way it faces, updated; (1, 0) when out of memory. */
static void face(steer_agent_id id, float vx, float vy, float max_speed, float *hx, float *hy)
{
    size_t slot = id.index - 1u;
    if (slot >= facing_room) {
        size_t room = facing_room ? facing_room : 1024;
        while (room <= slot) room *= 2;
        facing *more = realloc(facings, sizeof *more * room);
        if (!more) {
            *hx = 1.0f, *hy = 0.0f;
            return;
        }
        memset(more + facing_room, 0, sizeof *more * (room - facing_room));
        facings = more;
        facing_room = room;
    }
    facing *f = &facings[slot];
    if (!f->known || f->generation != id.generation) *f = (facing){1.0f, 0.0f, id.generation, true};
    if (ground_faces_its_velocity(steer_v3_make(vx, vy, 0.0f), max_speed)) {
        float l = sqrtf(vx * vx + vy * vy);
        f->x = vx / l, f->y = vy / l;
    }
    *hx = f->x, *hy = f->y;
}

/* The way an agent is drawn facing (on the ground): the world's heading
 * where it keeps one (`kept`; one straight up keeps the page's), else the
 * page's own (face). */
static void drawn_way(steer_agent_id id, float vx, float vy, float max_speed, const steer_v3 *kept, float *hx, float *hy)
{
    face(id, vx, vy, max_speed, hx, hy);
    if (!kept) return;
    steer_v3 h = ground_of(up, *kept);
    float l = sqrtf(h.x * h.x + h.y * h.y);
    if (l > 0.0f) *hx = h.x / l, *hy = h.y / l;
}

/* The dart an agent is drawn as, at (x, y), r its body radius, facing
 * (hx, hy): the tip r ahead, the back corners 0.8 r behind and 0.55 r
 * aside, every corner within r of the centre (pg_raster draws it; a click
 * on it selects the agent). */
static void dart_corners(float x, float y, float r, float hx, float hy, float tx[3], float ty[3])
{
    tx[0] = x + hx * r, ty[0] = y + hy * r;
    tx[1] = x - hx * 0.8f * r - hy * 0.55f * r, ty[1] = y - hy * 0.8f * r + hx * 0.55f * r;
    tx[2] = x - hx * 0.8f * r + hy * 0.55f * r, ty[2] = y - hy * 0.8f * r - hx * 0.55f * r;
}

/* Paints every agent into a clear width x height RGBA image, which the page
 * lays over the world's ground and marks (so no mark hides an agent);
 * screen = (ox + x * scale, oy - y * scale) on the ground. Agents are drawn
 * to scale: a dart inside the circle of its body radius (its own, else its group's), pointing
 * the way it faces (the world's heading in a keep_headings world, else
 * face); a body smaller than three pixels across is a dot
 * (never less than one pixel, so no agent vanishes). Returns the image (NULL
 * when out of memory). */
PG_EXPORT(pg_raster) const uint32_t *pg_raster(int width, int height, float scale, float ox, float oy)
{
    if (width < 1 || height < 1 || width > 16384 || height > 16384) return 0;
    size_t n = (size_t)width * (size_t)height;
    if (n > image_pixels) {
        uint32_t *more = realloc(image, n * sizeof *image);
        if (!more) return 0;
        image = more;
        image_pixels = n;
    }
    memset(image, 0, n * sizeof *image);
    if (!world) return image;
    pixel_colour colour[32];
    float radius[32], max_speed[32];
    int groups = steer_world_group_count(world);
    for (int g = 0; g < groups && g < 32; ++g) {
        steer_group_def def;
        steer_world_get_group(world, g, &def);
        colour[g] = pixel_of(def.colour);
        radius[g] = def.radius * scale;
        max_speed[g] = def.max_speed;
    }
    clip_box clip = clip_of(width, height, scale, ox, oy);
    int count = pg_view();
    if (count > raster_id_room) {
        steer_agent_id *more = realloc(raster_ids, sizeof *more * (size_t)count);
        if (!more) return 0;
        raster_ids = more;
        steer_v3 *headings = realloc(raster_headings, sizeof *headings * (size_t)count);
        if (!headings) return 0;
        raster_headings = headings;
        raster_id_room = count;
    }
    if (steer_world_get_agent_ids(world, raster_ids, count) != count) return 0;
    if (kept_headings && steer_world_get_headings(world, raster_ids, raster_headings, count, 0) != count) return 0;
    const float *gx = pg_view_px(), *gy = pg_view_py(), *gvx = pg_view_vx(), *gvy = pg_view_vy();
    for (int i = 0; i < count; ++i) {
        int g = view.group[i] < groups && view.group[i] < 32 ? view.group[i] : 0;
        float hx, hy; /* every agent, drawn or not, so none loses its way */
        drawn_way(raster_ids[i], gvx[i], gvy[i], max_speed[g], kept_headings ? &raster_headings[i] : 0, &hx, &hy);
        float x = ox + gx[i] * scale, y = oy - gy[i] * scale;
        float r = view.radius && view.radius[i] > 0.0f ? view.radius[i] * scale : radius[g]; /* its own body, else its group's */
        if (x < (float)clip.x0 - r - 1.0f || y < (float)clip.y0 - r - 1.0f || x > (float)clip.x1 + r + 1.0f ||
            y > (float)clip.y1 + r + 1.0f)
            continue;
        if (r < 1.5f) {
            dot(width, clip, x, y, r >= 0.75f ? 2 : 1, colour[g]);
            continue;
        }
        hy = -hy; /* screen y points down */
        float tx[3], ty[3];
        dart_corners(x, y, r, hx, hy, tx, ty);
        triangle(width, clip, tx, ty, colour[g]);
    }
    return image;
}

/* ---- a click on an agent: the body pg_raster draws under the pointer ------------- */

/* Whether the ground point p lies in the dart pg_raster draws for an agent
 * at c of body radius r facing (hx, hy): the same three corners (the dart
 * is symmetric, so the screen's flipped y makes no difference). */
static bool in_dart(steer_v2 p, steer_v2 c, float r, float hx, float hy)
{
    float tx[3], ty[3];
    dart_corners(c.x, c.y, r, hx, hy, tx, ty);
    int side = 0;
    for (int k = 0; k < 3; ++k) {
        steer_v2 a = steer_v2_make(tx[k], ty[k]), b = steer_v2_make(tx[(k + 1) % 3], ty[(k + 1) % 3]);
        float cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
        int s = cross > 0.0f ? 1 : cross < 0.0f ? -1 : 0;
        if (s && side && s != side) return false;
        if (s) side = s;
    }
    return true;
}

/* The agent a click at the ground point (x, y) falls on: the nearest whose
 * drawn body holds it (pg_raster's dart, facing as it is drawn), or whose
 * centre is within `slack` pixels of it, so a body drawn as a dot of a
 * pixel or two can be hit too. scale: pixels per unit, as pg_raster's. */
static bool agent_at(float x, float y, float scale, float slack, steer_agent_id *out)
{
    if (!world || !(isfinite(x) && isfinite(y) && isfinite(scale) && scale > 0.0f && isfinite(slack) && slack >= 0.0f))
        return false;
    float radius[32] = {0}, max_speed[32] = {0}, near_enough = slack / scale, reach = near_enough;
    int groups = steer_world_group_count(world);
    for (int g = 0; g < groups && g < 32; ++g) {
        steer_group_def def;
        steer_world_get_group(world, g, &def);
        radius[g] = def.radius, max_speed[g] = def.max_speed;
        reach = steer_maxf(reach, def.radius);
    }
    steer_world_view all = steer_world_get_view(world); /* bodies of their own may be wider */
    for (int i = 0; all.radius && i < all.count; ++i) reach = steer_maxf(reach, all.radius[i]);
    steer_v3 a = on_ground(x - reach, y - reach, -INFINITY), b = on_ground(x + reach, y + reach, INFINITY);
    int n = steer_world_query_box(world, a, b, STEER_ALL_GROUPS, 0, 0);
    steer_agent_id *near = n > 0 ? malloc(sizeof *near * (size_t)n) : 0;
    if (!near) return false;
    n = steer_world_query_box(world, a, b, STEER_ALL_GROUPS, near, n);
    const steer_v2 click = steer_v2_make(x, y);
    float best = INFINITY;
    for (int i = 0; i < n; ++i) {
        steer_agent_state s;
        if (steer_world_get_agent(world, near[i], &s) != STEER_OK) continue;
        int g = s.group >= 0 && s.group < groups && s.group < 32 ? s.group : 0;
        steer_v3 p = ground_of(up, s.position), v = ground_of(up, s.velocity);
        steer_v2 c = steer_v2_make(p.x, p.y);
        float d = steer_v2_dist(click, c);
        if (d >= best) continue;
        bool hit = d <= near_enough;
        float body = radius[g];
        steer_world_get_radius(world, near[i], &body); /* its own, else its group's */
        if (!hit && body * scale >= 1.5f) { /* a dart, not a dot */
            float hx, hy;
            steer_v3 h;
            bool kept = kept_headings && steer_world_get_heading(world, near[i], &h) == STEER_OK;
            drawn_way(near[i], v.x, v.y, max_speed[g], kept ? &h : 0, &hx, &hy);
            hit = in_dart(click, c, body, hx, hy);
        }
        if (hit) best = d, *out = near[i];
    }
    free(near);
    return best < INFINITY;
}

/* Whether a click at (x, y) falls on an agent (the page's tests find empty
 * ground with it). */
PG_EXPORT(pg_agent_at) int pg_agent_at(float x, float y, float scale, float slack)
{
    steer_agent_id id;
    return agent_at(x, y, scale, slack, &id) ? 1 : 0;
}

/* A click on an agent selects it alone, as in a real-time strategy game.
 * Returns 1; 0 when the click falls on no agent, the selection left as it
 * was (the page decides what a click on the ground means); or a negative
 * steer_result (out of memory: nothing selected). */
PG_EXPORT(pg_select_at) int pg_select_at(float x, float y, float scale, float slack)
{
    steer_agent_id id;
    if (!agent_at(x, y, scale, slack, &id)) return 0;
    if (!select_room(1)) return STEER_ERROR_OUT_OF_MEMORY;
    selected[0] = id;
    selected_count = 1;
    return 1;
}

/* scenario.h — a steer scenario: world, objects, groups, agents and how to
 * run and render them, filled value by value and checked in one place.
 *
 * One meaning for every front end. The `steer` command reads JSON files
 * with jansson (scenario_json.c); the browser playground walks JSON.parse's
 * result in JavaScript. Both call the same setters below, so every check,
 * default and error message lives here. The format is documented in
 * docs/scenarios.md, with a JSON Schema in scenarios/schema.json.
 *
 * Files: reader.c (a generic checked reader: the value tree, leaf readers,
 * tables of rows, typo suggestions, errors in document order),
 * scenario_format.c (the format's tables and the checks beyond them),
 * scenario.c (these functions), scenario_build.c (the world, spawns, flow
 * fields), scenario_marks.c (what the pictures mark beneath the agents:
 * targets, threats, pens, goal places and routes). They need only the
 * steer library and libc; scenario_json.c is the JSON-file front end and
 * the only one that needs jansson.
 *
 * ---- filling a scenario (the walker's contract) ---------------------------
 * Walk the parsed document depth first, in document order, and report each
 * value by its path:
 *
 *   steer_scenario *sc = steer_scenario_create();
 *   steer_scenario_set_object(sc, "");                    // the root object
 *   steer_scenario_set_string(sc, "name", "flock");
 *   steer_scenario_set_array(sc, "groups", 1);            // an array, its length
 *   steer_scenario_set_object(sc, "groups[0]");           // an object is present
 *   steer_scenario_set_number(sc, "groups[0].max_speed", 6);
 *   steer_scenario_set_array(sc, "groups[0].spawn", 0);  // empty: caught later
 *   ...
 *   if (steer_scenario_finish(sc) != 0)
 *       fprintf(stderr, "%s: %s\n", file, steer_scenario_error(sc));
 *
 * Paths: object keys joined by '.', array elements as [i], no spaces:
 * "groups[2].behaviours.seek.target[0]". The root is "". Every object and
 * array is announced (set_object / set_array) before its contents, so that
 * empty arrays and objects exist in the tree; JSON null is set_null. A
 * number beyond double range (1e999) is set as +-Infinity, as JSON.parse
 * gives it. Keys the format uses are letters, digits and '_'; a walker that
 * meets any other key reports it with steer_scenario_fail(sc, path,
 * "unknown key") and may go on with the next. Setting a path again
 * replaces the value (live tuning: change one value, finish again). The
 * setters check only the path (malformed, or a key under a number, say);
 * types, ranges, required and unknown keys, and references by name are all
 * checked by steer_scenario_finish. Objects hold a hash of their keys, so
 * a setter costs the same in an object of 300,000 keys as in one of three.
 *
 * Errors: every error in the document, in document order, one per line,
 * "PATH: what was wrong", e.g.
 *   groups[2].max_speed: expected a positive number, got -1
 *   groups[0].behaviours.pursue.group: unknown group "wolf" (groups: boids, hawk)
 *   groups[1].colour: expected a colour "#rrggbb" or "#rrggbbaa", got "red"
 *   steps: expected an integer from 1 to 10000000, got a number out of range
 * At most 20 lines, then "... and N more errors". steer_scenario_error
 * returns them (never NULL: "" when there is none; its first line is the
 * first error), steer_scenario_error_count how many there were. Front ends
 * prefix the file name to each line. A setter's error (malformed path, out
 * of memory) stops the setters until steer_scenario_reset, and finish then
 * reports only it; steer_scenario_fail's errors stay until reset but stop
 * nothing; a finish's errors last until the next setter call.
 *
 * ---- using a finished scenario ----------------------------------------------
 *   steer_scenario_get_info(sc)       run and render parameters, groups,
 *                                     obstacles, walls, paths (read-only)
 *   steer_scenario_create_world(sc, &overrides)
 *                                     a new world with every object, group
 *                                     and spawned agent; NULL on failure
 *   steer_scenario_marks, steer_scenario_goal_marks
 *                                     what both front ends draw beneath the
 *                                     agents, worked out once here
 * The world holds groups in the order of "groups", obstacles, walls (each
 * polyline split into segments), paths and flow fields in file order, so
 * the indices in the info below are the world's indices.
 */
#ifndef STEER_SCENARIO_H
#define STEER_SCENARIO_H

#include <stdbool.h>
#include <stdint.h>

#include <steer/steer.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct steer_scenario steer_scenario;

/* NULL only when out of memory. */
steer_scenario *steer_scenario_create(void);
void steer_scenario_destroy(steer_scenario *sc);
/* Empty the scenario (as just created). */
void steer_scenario_reset(steer_scenario *sc);

/* ---- setters: 0, or -1 with the error recorded ------------------------------ */
int steer_scenario_set_object(steer_scenario *sc, const char *path);
int steer_scenario_set_array(steer_scenario *sc, const char *path, int length);
int steer_scenario_set_number(steer_scenario *sc, const char *path, double value);
int steer_scenario_set_string(steer_scenario *sc, const char *path, const char *value);
int steer_scenario_set_bool(steer_scenario *sc, const char *path, bool value);
int steer_scenario_set_null(steer_scenario *sc, const char *path);
/* Record an error the walker found itself ("PATH: message"); returns -1. */
int steer_scenario_fail(steer_scenario *sc, const char *path, const char *message);

/* Check everything and derive the world's description. 0 when the scenario
 * is valid, else -1 and steer_scenario_error says why. */
int steer_scenario_finish(steer_scenario *sc);
const char *steer_scenario_error(const steer_scenario *sc);
/* How many errors there are (steer_scenario_error lists at most 20). */
int steer_scenario_error_count(const steer_scenario *sc);

/* ---- the finished scenario (valid after finish returned 0) ------------------ */
typedef struct steer_scenario_group {
    const char *name;
    uint32_t colour;         /* 0xRRGGBBAA (also in def.colour) */
    int agents;              /* agents spawned into it */
    int agents_with_goals;   /* of them, those spawned with a goal of their own (they travel) */
    int leader;              /* FOLLOW_LEADER: the agent followed, by its index in spawn order (as
                                overrides.agent_ids lists them), or -1. The world gets the group with
                                FOLLOW_LEADER off, then, once the agents exist, def with its handle */
    steer_group_def def;     /* exactly what the world gets (but def.leader: see leader) */
} steer_scenario_group;

/* A formation (world.h): agents by their index in spawn order. */
typedef struct steer_scenario_formation {
    int leader;              /* the leader */
    int first_member, count; /* members first_member .. first_member + count - 1, member k on slot k */
    const steer_v3 *slots;   /* count slots in the leader's frame: x ahead, y to its left (z up in 3D);
                                a chain: one, each member's in the frame of the one before it */
    bool chain;              /* a column: member 0 follows the leader, member k member k - 1, each as
                                a world formation of one (so a chain of n takes n of STEER_MAX_FORMATIONS) */
} steer_scenario_formation;

typedef struct steer_scenario_path {
    const char *name;
    const steer_v3 *points;
    int count;
    bool closed;
    float radius;
} steer_scenario_path;

/* Limits a run may be checked against ("expect" in the file); a negative
 * value means "not checked". */
typedef struct steer_scenario_expect {
    double max_obstacle_penetrations; /* count of agent-steps inside an obstacle */
    double max_wall_crossings;        /* count of steps that cross a wall */
    double max_jitter;                /* mean |heading change| per time unit, radians */
    double min_agent_distance;        /* closest approach of any two agents */
    double max_arrive_overshoot;      /* length past the target */
    double max_path_distance;         /* mean distance of path followers from their path */
    double min_arrived;               /* agents with goals arrived at the end of the run */
    double max_stall;                 /* the longest stall before arriving, time units */
    double max_overlapping_pairs;     /* pairs of agents ever closer than their radii's sum */
} steer_scenario_expect;

/* A wall's extent along the up axis (steer_world_set_wall_height). */
typedef struct steer_scenario_wall_height {
    float bottom, top;
} steer_scenario_wall_height;

typedef struct steer_scenario_info {
    const char *name;
    const char *description;
    int dim;                 /* 2 or 3 (rendering shows the XY plane) */
    uint64_t seed;
    int threads;
    float dt;                /* time per step */
    int steps;               /* total steps */
    steer_world_def world;   /* exactly what the world gets (before overrides) */

    /* rendering */
    int width, height;       /* pixels */
    int frames;              /* frames rendered (steps are spread evenly over them) */
    int fps;                 /* GIF playback rate */
    int trail;               /* trail length, in frames */
    float agent_size;        /* agent triangle length in pixels (0: from the radius) */
    steer_v3 view_min, view_max; /* the region drawn (default: the bounds) */
    uint32_t background, obstacle_colour, wall_colour, path_colour, field_colour;

    int group_count;
    const steer_scenario_group *groups;
    int obstacle_count;
    const steer_obstacle3 *obstacles;
    const steer_v3 *obstacle_velocities; /* per obstacle: its "velocity", moved by steer_world_move_obstacles */
    int wall_count;
    const steer_segment3 *walls;
    const steer_scenario_wall_height *wall_heights; /* per wall: "bottom", "top" (3D; -inf, inf when not given) */
    int path_count;
    const steer_scenario_path *paths;
    int flow_field_count;
    const char *const *flow_field_names;
    int formation_count;
    const steer_scenario_formation *formations;
    int total_agents;
    steer_scenario_expect expect;
} steer_scenario_info;

/* NULL unless the last steer_scenario_finish succeeded. */
const steer_scenario_info *steer_scenario_get_info(const steer_scenario *sc);
/* The file's obstacles with a "velocity" move in the world built from it
 * (steer_world_move_obstacles before each step, as steer run and the
 * playground do, so the step answers where they are): this copies their centres from the world back into the
 * description (info->obstacles), so what draws or measures from it sees
 * them where they are. The world's obstacles 0 .. obstacle_count - 1 are
 * the file's. */
void steer_scenario_follow_obstacles(steer_scenario *sc, const steer_world *world);

/* What `steer run`'s pictures and the playground mark for the groups,
 * beneath the agents, each in the colour of the first group it is for. */
typedef enum steer_scenario_mark_kind {
    STEER_SCENARIO_MARK_TARGET, /* a seek/arrive target at a: a ring with a dot */
    STEER_SCENARIO_MARK_THREAT, /* a flee threat at a: a cross, and a faint circle of its panic
                                   distance b.x round it (0: none, the group flees everywhere) */
    STEER_SCENARIO_MARK_PEN,    /* a contain box inside the world, corners a and b: a thin outline */
    STEER_SCENARIO_MARK_ROUTE,  /* a leg of a waypoint route, a to b: a thin line */
    STEER_SCENARIO_MARK_PLACE,  /* where an agent's goal sends it (its target, a waypoint) at a: a small dot */
} steer_scenario_mark_kind;

typedef struct steer_scenario_mark {
    steer_scenario_mark_kind kind;
    steer_v3 a, b;           /* world points (b: see the kind) */
    int group;
} steer_scenario_mark;

/* The marks of groups[0..count) in a world of this def: each seek/arrive
 * target and flee threat a group's weights use, once per kind and place,
 * and each contain box that is a pen (inside the world's bounds on the
 * ground; one reaching past them is a band along the world's edges or
 * walls, which those show already). out holds 3 * count; returns how many
 * were written. A world has at most STEER_SCENARIO_MARK_GROUPS groups
 * (world.h, max_groups): callers size their arrays by it. Cheap: read the
 * groups again whenever they may have changed (live tuning). */
#define STEER_SCENARIO_MARK_GROUPS 32
int steer_scenario_marks(const steer_group_def *const *groups, int count, const steer_world_def *world,
                         steer_scenario_mark *out);

/* The places and routes the goals of the scenario's agents give them, as
 * the world built from it holds them (ids: the handles create_world gave,
 * info->total_agents of them, in spawn order; a null handle, index 0, leaves
 * that agent out). Read once, before the first step, or again leaving out
 * the agents given other goals since: those are the user's, not the
 * scenario's, and the goals
 * of a formation's members are left out (their slots move with the leader).
 * A place for each seek/arrive target and each waypoint, once per group and
 * place, and the legs of a group's waypoint routes while it has at most
 * STEER_SCENARIO_ROUTE_LINES distinct ones (a crowd's hundred routes would
 * be a fan of lines over the crowd: their waypoints show them). Returns the
 * marks (free them), *n their number; NULL with *n = 0 when there are none
 * or memory ran out. */
#define STEER_SCENARIO_ROUTE_LINES 8
steer_scenario_mark *steer_scenario_goal_marks(const steer_scenario_info *info, const steer_world *world,
                                               const steer_agent_id *ids, int *n);

typedef struct steer_scenario_overrides {
    bool set_seed;           /* replace the world seed (and the derived spawn seeds) */
    uint64_t seed;
    int threads;             /* > 0: worker threads instead of the file's */
    int extra_capacity;      /* room for agents added later (the playground) */
    int extra_obstacles;     /* room for obstacles added later */
    int extra_paths;         /* room for paths added later */
    steer_agent_id *agent_ids; /* optional: receives info->total_agents handles, in spawn order */
} steer_scenario_overrides;

/* A new world holding the scenario's objects, groups and agents. overrides
 * may be NULL. Returns NULL when the scenario is not finished or on out of
 * memory; error (if not NULL) receives a message. */
steer_world *steer_scenario_create_world(const steer_scenario *sc, const steer_scenario_overrides *overrides,
                                         char *error, int error_size);

#ifdef __cplusplus
}
#endif
#endif

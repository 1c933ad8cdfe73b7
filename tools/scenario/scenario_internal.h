/* Private to tools/scenario: the scenario (the value tree the setters fill,
 * in a generic reader) and the checked description that
 * steer_scenario_finish derives from it through the format's tables. */
#ifndef STEER_SCENARIO_INTERNAL_H
#define STEER_SCENARIO_INTERNAL_H

#include "scenario.h"

#include <stddef.h>

#include "reader.h"

/* ---- the checked description --------------------------------------------------- */
typedef enum sc_shape { SC_SHAPE_BOX, SC_SHAPE_DISC, SC_SHAPE_LINE, SC_SHAPE_POINTS, SC_SHAPE_CIRCLE } sc_shape;
typedef enum sc_heading { SC_HEADING_RANDOM, SC_HEADING_ANGLE, SC_HEADING_TANGENT, SC_HEADING_OUTWARD } sc_heading;

/* Where a spawn's goal sends each of its agents. */
typedef enum sc_goal_place {
    SC_GOAL_TARGET,            /* every agent to one point */
    SC_GOAL_ANTIPODE,          /* each to its start reflected through the spawn's centre */
    SC_GOAL_POINTS,            /* agent k to points[k % n]; waypoints: the whole list */
    SC_GOAL_BOX,               /* each to a random point in the box (seeded) */
    SC_GOAL_AROUND,            /* places about target for an order (steer_world_places_around), assigned */
    SC_GOAL_PATH,              /* a world path */
} sc_goal_place;

#define SC_MAX_VIA 64 /* a goal's "via" points */

typedef struct sc_goal {
    steer_goal_kind kind;      /* STEER_GOAL_NONE: the spawn has no goal */
    sc_goal_place place;
    steer_v3 target;
    steer_v3 *points;
    int point_count;
    steer_v3 min, max;         /* box */
    bool has_seed;
    uint64_t seed;
    int path;
    int start;                 /* path: 0 from its first segment, 1 from the one nearest the agent */
    float slow_radius, speed;  /* 0: the group's; speed is the mean of a spread one */
    bool speed_spread;         /* "speed": {"mean", "sd", "min", "max"}: each agent its own */
    float speed_sd, speed_min, speed_max;
    int assign;                /* who goes where (points, box): 0 in order, 1 least squares, 2 together */
    steer_v3 *via;             /* arrive: a route every agent walks before its own place (SC_MAX_VIA points) */
    int via_count;
    float spacing;             /* box: each point at least this far from every goal point before it (0: any);
                                  around: the places' spacing (0: from the group's radius) */
} sc_goal;

typedef struct sc_spawn {
    int group;
    int count;
    sc_shape shape;
    steer_v3 min, max;         /* box */
    steer_v3 centre;           /* disc, circle */
    float radius, inner_radius;
    steer_v3 from, to;         /* line */
    steer_v3 *points;          /* points */
    int point_count;
    bool has_velocity;
    steer_v3 velocity;
    float speed;
    sc_heading heading;
    float angle;               /* SC_HEADING_ANGLE, radians */
    bool has_seed;
    uint64_t seed;
    float spacing;             /* box, disc: each agent at least this far from every agent before it (0: any) */
    bool has_body_radius;      /* "body_radius": each agent a radius of its own (the world's agent_radii) ... */
    float body_lo, body_hi;    /* ... drawn uniformly in [lo, hi] (lo = hi: that one) from the spawn's own stream */
    int index;                 /* position among all spawns, for the derived seed */
    sc_goal goal;
    const char *name;          /* its agents' name, for leaders and formations (the tree's string), or NULL */
    int first_agent;           /* its first agent's index in spawn order */
} sc_spawn;

typedef enum sc_field_type { SC_FIELD_UNIFORM, SC_FIELD_VORTEX, SC_FIELD_NOISE, SC_FIELD_GRID } sc_field_type;

/* A closed wall polyline: walls[first .. first + count). */
typedef struct sc_wall_loop {
    int first, count;
} sc_wall_loop;

typedef struct sc_field {
    char *name;
    sc_field_type type;
    steer_v3 origin;
    float cell_size;
    int n[3];
    float strength;
    steer_v3 direction;        /* uniform */
    steer_v3 centre;           /* vortex */
    float spin, inward;
    bool has_seed;             /* noise */
    uint64_t seed;
    float scale;
    steer_v3 *vectors;         /* grid: n[0]*n[1]*n[2] */
    int vector_count;          /* as read, before the check against n */
} sc_field;

struct steer_scenario {
    sc_reader rd;            /* the value tree and every error */
    bool finished;

    /* derived by finish; owned here, freed by reset */
    steer_scenario_info info;
    char *name, *description;
    steer_scenario_group *groups;
    char **group_names;
    steer_obstacle3 *obstacles;
    steer_v3 *obstacle_velocities; /* beside obstacles: "velocity" (0: at rest) */
    steer_segment3 *walls;
    steer_scenario_wall_height *wall_heights; /* beside walls */
    sc_wall_loop *wall_loops;  /* the closed polylines among the walls, for keeping spawns out of them */
    int wall_loop_count;
    steer_scenario_path *paths;
    steer_v3 **path_points;
    sc_field *fields;
    char **field_names;
    sc_spawn *spawns;
    int spawn_count;
    steer_scenario_formation *formations;
    steer_v3 **formation_slots;
};

/* scenario.c */
void sc_free_derived(steer_scenario *sc);

/* scenario_format.c: the format's tables. Checks sc->rd's tree, records
 * every error in it and fills the description; 0 when valid. */
int sc_format_check(steer_scenario *sc);
/* The root object's table (the schema test walks it). */
const sc_table *sc_format_root(void);

/* scenario_build.c */
/* The flow field's vectors (n[0]*n[1]*n[2] of them), generated for the
 * noise, vortex and uniform types (a vortex and noise on the world's
 * ground: XZ in a Y-up world); NULL when out of memory. Caller frees. */
steer_v3 *sc_field_vectors(const sc_field *f, int dim, steer_up_axis up, uint64_t world_seed);

#endif

/* metrics.h — motion-quality figures of a run, gathered step by step:
 * time per step, closest approach of two agents, obstacle penetrations,
 * wall crossings, jitter (mean |heading change| per time unit, overall and
 * per group), arrive overshoot, path followers' distance from their path,
 * bodies that overlapped (pairs closer than the sum of their radii, each
 * agent's own in a world with agent radii) and the
 * closest approach as a fraction of that sum, and for agents with goals:
 * arrivals, the time to the last one, overshoot, stalls and the path length
 * over the straight-line distance. */
#ifndef STEER_METRICS_H
#define STEER_METRICS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "scenario.h"

typedef struct metrics_group {
    double min_distance;         /* closest approach of two agents of this group (< 0: none seen) */
    double speed_sum, jitter_sum;
    long speed_samples, jitter_samples;
} metrics_group;

/* One agent's goal, as the figures follow it. */
typedef struct metrics_goal {
    bool ends;                   /* has a last point (every goal but a closed path) */
    bool brakes;                 /* ends with arrive (not seek): overshoot is measured */
    steer_goal_kind kind;
    bool level;                  /* a ground-plane agent's: measured at height 0 (metrics.c) */
    steer_v3 end;                /* the last point */
    steer_v3 approach;           /* unit direction of the final approach (see metrics.c) */
    const steer_v3 *route;       /* waypoints or the path's points */
    double *after;               /* route length from point i to the end, per point */
    int route_count;
    bool closed_route;
    double tolerance;            /* the group's arrival_tolerance */
    bool engaged;                /* came within the tolerance of the end, or passed over it */
    double overshoot;            /* the farthest past the end along the approach since then */
    bool arrived;                /* after the last step */
    double arrival_time;         /* first arrival (< 0: none yet) */
    int arrivals;                /* times it became arrived (steer_world_arrivals would list it) */
    double best_remaining;       /* shortest way left to the end so far ... */
    double best_time;            /* ... and when it last shrank by the tolerance */
    steer_v3 best_at;            /* ... and where the agent was then */
    double longest_stall;        /* the longest such wait before the first arrival ... */
    double stall_from;           /* ... when it began ... */
    steer_v3 stall_at;           /* ... and where */
    double straight;             /* from the start to the last point */
    double travelled;            /* distance moved until the first arrival ... */
    double displaced;            /* ... and from the start to where it then stood */
    steer_v3 *own_points;        /* waypoints copied from the world, or a path's levelled */
    steer_v3 start;              /* where it started (levelled) */
    bool slot;                   /* a formation member's: its target moves with the leader */
    bool moved;                  /* a slot's target that moved: arrivals only */
} metrics_goal;

/* Bodies that overlap: every step, the agents sorted by cell and the pairs
 * of each cell and its neighbours tested along a sweep (O(N) per step for
 * spread-out agents, O(N log N) plus the overlaps counted for a crowd
 * packed into one cell), each pair that ever came closer than the sum of its two radii
 * kept once in a hash set of pair keys. */
typedef struct metrics_overlap_entry {
    int32_t cell[3];             /* z, y, x */
    int agent;
    steer_v3 position;           /* copied: the pair tests read the entries in order */
    float radius;
    float key;                   /* its coordinate along the sweep's axis (metrics.c) */
} metrics_overlap_entry;

typedef struct metrics_overlaps {
    metrics_overlap_entry *entries; /* NULL: no agent has a radius (the figures do not apply) */
    int *cell_first;             /* per occupied cell, its first entry; then the entry count */
    int cells;
    int next[13];                /* per neighbour offset: the first cell not below its unwrapped key */
    double largest_radius;
    double origin[3], inverse_side[3]; /* the cells' corner and 1 / size per axis (x, y, z) */
    int32_t wrap_cells[3];       /* cells across a torus' side (0: no wrap) */
    uint64_t *keys;              /* open addressing: 0 empty, else (i << 32 | j) + 1 with i < j */
    size_t slots, pairs;
    bool capped;                 /* METRICS_PAIRS_MAX reached: pairs is a lower bound */
    double sweep_slack;          /* this step's widening of the reach along the sweep's axis */
    uint64_t pair_tests;         /* pairs measured so far: the work, for tests (never reported) */
    double closest_fraction;     /* min over steps and pairs of d / (r_i + r_j); METRICS_FRACTION_REACH: none closer */
} metrics_overlaps;

#define METRICS_PAIRS_MAX ((size_t)1 << 22) /* distinct overlapping pairs kept (64 MiB of table at most) */
#define METRICS_FRACTION_REACH 2.0          /* the closest fraction is exact below this, else "more than" */

typedef struct metrics {
    const steer_scenario_info *info;
    int count;
    const int *group;            /* per agent */
    const float *radius;         /* per agent: its body radius (its own, else its group's); NULL: its group's */
    long steps;
    double step_ms_sum, step_ms_max;
    long penetrations;
    double deepest;
    long wall_crossings;
    double jitter_sum;
    long jitter_samples;
    double min_distance;         /* < 0: fewer than two agents */
    bool has_arrive;
    double arrive_overshoot;
    steer_v3 *approach;          /* arrive groups: unit direction from the spawn point to the target */
    bool has_path;
    double path_sum, path_max;
    double path_exit;            /* largest distance from the path minus its corridor radius */
    long path_samples;
    metrics_group *groups;
    double *group_best;          /* per group, scratch for metrics_frame */
    metrics_overlaps overlaps;
    /* goals (metrics_track_goals) */
    const steer_world *world;
    const steer_agent_id *ids;
    metrics_goal *goals;         /* per agent, NULL when none has a goal */
    int goal_agents;             /* agents whose goal ends */
} metrics;

#define METRICS_STALL_TIME 5.0   /* time units without progress that make an agent stalled */

/* radius: each agent's body radius (steer_world_get_radii), kept and read
 * at every step; NULL: each its group's. 0, or -1 when out of memory. */
int metrics_init(metrics *m, const steer_scenario_info *info, int count, const int *group, const float *radius,
                 const steer_v3 *position);
/* The shortest offset from p to q: across the seam on a torus. */
steer_v3 metrics_offset(const steer_scenario_info *info, steer_v3 p, steer_v3 q);
void metrics_free(metrics *m);
/* Follows the goals the agents (ids, in the order of the position arrays)
 * have in world from now on. 0, or -1 when out of memory. */
int metrics_track_goals(metrics *m, const steer_world *world, const steer_agent_id *ids, const steer_v3 *position);
/* The most agents whose goals stop on one point (arrive, waypoints, an open
 * path; not seek, not a formation's slot), and that point: more than one
 * can never all arrive. 0 when none share, -1 when out of memory. */
int metrics_shared_end(const metrics *m, steer_v3 *at);
/* One step from (p0, v0) to (p1, v1) that took `ms` of wall-clock time.
 * Allocates only when a new overlapping pair needs room in the pair set. */
void metrics_step(metrics *m, const steer_v3 *p0, const steer_v3 *v0, const steer_v3 *p1, const steer_v3 *v1,
                  double dt, double ms);
/* Once per rendered frame: the closest approach of two agents (O(N) for
 * agents spread over their bounding box). */
void metrics_frame(metrics *m, const steer_v3 *position);

/* The scenario's "expect" limits, checked; writes one line per failure to
 * `report` (may be NULL) and returns the number of failures. */
int metrics_check(const metrics *m, FILE *report);
void metrics_print(const metrics *m, FILE *out);
/* The figures as one indented JSON object (docs/scenarios.md). 0, or -1
 * with errno set when known (ENOMEM: out of memory). */
int metrics_write_json(const metrics *m, FILE *out, const char *state_hash);

#endif

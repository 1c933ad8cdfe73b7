/* metrics.h — motion-quality figures of a run, gathered step by step:
 * time per step, closest approach of two agents, obstacle penetrations,
 * wall crossings, jitter (mean |heading change| per time unit), arrive
 * overshoot, path followers' distance from their path, and for agents with
 * goals: arrivals, the time to the last one, overshoot and stalls. */
#ifndef STEER_METRICS_H
#define STEER_METRICS_H

#include <stdbool.h>
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
    double best_remaining;       /* shortest way left to the end so far ... */
    double best_time;            /* ... and when it last shrank by the tolerance */
    steer_v3 *own_points;        /* waypoints, copied from the world */
} metrics_goal;

typedef struct metrics {
    const steer_scenario_info *info;
    int count;
    const int *group;            /* per agent */
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
    /* goals (metrics_track_goals) */
    const steer_world *world;
    const steer_agent_id *ids;
    metrics_goal *goals;         /* per agent, NULL when none has a goal */
    int goal_agents;             /* agents whose goal ends */
} metrics;

#define METRICS_STALL_TIME 5.0   /* time units without progress that make an agent stalled */

/* 0, or -1 when out of memory. */
int metrics_init(metrics *m, const steer_scenario_info *info, int count, const int *group, const steer_v3 *position);
void metrics_free(metrics *m);
/* Follows the goals the agents (ids, in the order of the position arrays)
 * have in world from now on. 0, or -1 when out of memory. */
int metrics_track_goals(metrics *m, const steer_world *world, const steer_agent_id *ids, const steer_v3 *position);
/* One step from (p0, v0) to (p1, v1) that took `ms` of wall-clock time. */
void metrics_step(metrics *m, const steer_v3 *p0, const steer_v3 *v0, const steer_v3 *p1, const steer_v3 *v1,
                  double dt, double ms);
/* Once per rendered frame: the closest approach of two agents (O(N) for
 * agents spread over their bounding box). */
void metrics_frame(metrics *m, const steer_v3 *position);

/* The scenario's "expect" limits, checked; writes one line per failure to
 * `report` (may be NULL) and returns the number of failures. */
int metrics_check(const metrics *m, FILE *report);
void metrics_print(const metrics *m, FILE *out);
void metrics_write_json(const metrics *m, FILE *out, const char *state_hash);

#endif

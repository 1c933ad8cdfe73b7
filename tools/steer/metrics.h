/* metrics.h — motion-quality figures of a run, gathered step by step:
 * time per step, closest approach of two agents, obstacle penetrations,
 * wall crossings, jitter (mean |heading change| per time unit), arrive
 * overshoot and path followers' distance from their path. */
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
} metrics;

/* 0, or -1 when out of memory. */
int metrics_init(metrics *m, const steer_scenario_info *info, int count, const int *group, const steer_v3 *position);
void metrics_free(metrics *m);
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

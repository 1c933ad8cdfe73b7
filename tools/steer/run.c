/* `steer run`: a scenario rendered to an animated GIF, a PNG of the last
 * frame with fading trails and an SVG of the trails, with motion-quality
 * figures. Everything the user gave is checked before anything is written:
 * bad options, scenarios, files or folders stop with status 2. */
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE 700 /* realpath */
#include "commands.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cairo-svg.h>
#include <cairo.h>
#include <fontconfig/fontconfig.h>

#include "canvas.h"
#include "ground.h"
#include "gif_writer.h"
#include "metrics.h"
#include "scenario_json.h"
#include "trails.h"

/* scenarios/showcase.json, embedded at build time (cmake/embed.cmake) */
extern const unsigned char steer_showcase_json[];
extern const unsigned long steer_showcase_json_size;

typedef struct run_options {
    const char *scenario;    /* NULL: the built-in showcase */
    const char *out_dir;
    int frames, width, height, fps, threads, trail;
    double until;            /* > 0: stop at the first step at or past this time */
    bool set_seed;
    uint64_t seed;
    const char *csv, *metrics;
    bool csv_steps, debug, quiet;
} run_options;

enum { OPT_OUT, OPT_FRAMES, OPT_UNTIL, OPT_SIZE, OPT_FPS, OPT_TRAIL, OPT_SEED, OPT_THREADS, OPT_CSV, OPT_CSV_STEPS,
       OPT_METRICS, OPT_DEBUG, OPT_QUIET, OPT_HELP };
static const tool_option options[] = {
    {"--out", "-o", "DIR", "output folder, created if missing (default: out)"},
    {"--frames", 0, "N", "frames to render, 1 to 10000; the run lasts N times the scenario's steps per frame (rounded down)"},
    {"--until", 0, "T", "stop at time T (the first step at or past it; its frames in proportion): the PNG and SVG show T"},
    {"--size", 0, "WxH", "picture size in pixels, each 16 to 4096 (default: the scenario's)"},
    {"--fps", 0, "F", "GIF playback rate, 1 to 100 (default: the scenario's; played as 100 / round(100 / F), at most 50)"},
    {"--trail", 0, "N", "GIF trail length in frames, 0 to 1000 (default: the scenario's; the PNG and SVG keep theirs)"},
    {"--seed", 0, "S", "replace the scenario's seed (same seed: byte-identical outputs)"},
    {"--threads", 0, "T", "worker threads, 1 to 64 (results are identical for any T)"},
    {"--csv", 0, "FILE", "every agent's state at every frame from t = 0 ('-': standard output)"},
    {"--csv-steps", 0, 0, "with --csv: the state after every step, not every frame (the frame column counts steps)"},
    {"--metrics", 0, "FILE", "the motion-quality figures as JSON ('-': standard output)"},
    {"--debug", 0, 0, "overlay neighbour radius, wander circle, feelers, paths (flow fields are always drawn)"},
    {"--quiet", 0, 0, "no progress, no warnings (slow steps, spawns and goals inside solids, keep_apart out of reach), no summary"},
    {"--help", "-h", 0, "this text"},
};
#define OPTION_COUNT (int)(sizeof options / sizeof options[0])

static void usage(FILE *to)
{
    fprintf(to, "usage: steer run [SCENARIO.json] [-o DIR] [--frames N | --until T] [--size WxH] [--fps F] [--seed S]\n"
                "                 [--trail N] [--threads T] [--csv FILE [--csv-steps]] [--metrics FILE] [--debug] [--quiet]\n"
                "  %-24s a scenario (docs/scenarios.md); none: the built-in showcase\n",
            "SCENARIO.json");
    tool_options_print(to, options, OPTION_COUNT);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* 0, 1 when --help was given (exit 0), or 2 after a message. */
static int parse_options(int argc, char **argv, run_options *o)
{
    *o = (run_options){0, "out", 0, 0, 0, 0, 0, -1, 0.0, false, 0, 0, 0, false, false, false};
    const char *given[OPTION_COUNT] = {0}; /* each value option's value, once given */
    for (int i = 0; i < argc; ++i) {
        const char *a = argv[i];
        if (a[0] != '-' || a[1] == 0) { /* the scenario ("-" alone is a file name too) */
            if (o->scenario) {
                fprintf(stderr, "steer run: one scenario at a time ('%s' and '%s')\n", o->scenario, a);
                return 2;
            }
            o->scenario = a;
            continue;
        }
        int k = tool_option_find("steer run", options, OPTION_COUNT, a);
        if (k < 0) return 2;
        const char *v = options[k].value ? (i + 1 < argc ? argv[++i] : 0) : 0;
        if (options[k].value && !v) {
            fprintf(stderr, "steer run: %s needs a value (%s)\n", a, options[k].value);
            return 2;
        }
        /* -o a -o b wrote to b; a flag twice is refused too, as docs/scenarios.md says */
        if (!tool_option_once("steer run", a, &given[k], v ? v : a)) return 2;
        long long n = 0;
        static const long long lo[] = {[OPT_FRAMES] = 1, [OPT_FPS] = 1, [OPT_TRAIL] = 0, [OPT_SEED] = 0, [OPT_THREADS] = 1};
        static const long long hi[] = {[OPT_FRAMES] = 10000, [OPT_FPS] = 100, [OPT_TRAIL] = 1000,
                                       [OPT_SEED] = 9007199254740991ll, [OPT_THREADS] = 64};
        switch (k) {
        case OPT_HELP: usage(stdout); return 1;
        case OPT_DEBUG: o->debug = true; break;
        case OPT_CSV_STEPS: o->csv_steps = true; break;
        case OPT_QUIET: o->quiet = true; break;
        case OPT_OUT: o->out_dir = v; break;
        case OPT_CSV: o->csv = v; break;
        case OPT_METRICS: o->metrics = v; break;
        case OPT_FRAMES: case OPT_FPS: case OPT_TRAIL: case OPT_SEED: case OPT_THREADS:
            if (tool_parse_integer(v, lo[k], hi[k], &n)) {
                fprintf(stderr, "steer run: %s expects an integer from %lld to %lld, got '%s'\n", a, lo[k], hi[k], v);
                return 2;
            }
            if (k == OPT_FRAMES) o->frames = (int)n;
            else if (k == OPT_FPS) o->fps = (int)n;
            else if (k == OPT_THREADS) o->threads = (int)n;
            else if (k == OPT_TRAIL) o->trail = (int)n;
            else o->set_seed = true, o->seed = (uint64_t)n;
            break;
        case OPT_UNTIL: {
            char *end;
            double t = strtod(v, &end);
            if (!*v || *end || !(t > 0.0) || !isfinite(t)) {
                fprintf(stderr, "steer run: --until expects a time above 0, got '%s'\n", v);
                return 2;
            }
            o->until = t;
            break;
        }
        case OPT_SIZE: {
            int w = 0, h = 0;
            char tail;
            if (sscanf(v, "%dx%d%c", &w, &h, &tail) != 2 || w < 16 || h < 16 || w > 4096 || h > 4096) {
                fprintf(stderr, "steer run: --size expects WxH with each from 16 to 4096, got '%s'\n", v);
                return 2;
            }
            o->width = w, o->height = h;
            break;
        }
        }
    }
    if (!*o->out_dir) {
        fprintf(stderr, "steer run: -o needs a folder\n");
        return 2;
    }
    /* an empty name failed only when written: --metrics after the whole run */
    if ((o->csv && !*o->csv) || (o->metrics && !*o->metrics)) {
        fprintf(stderr, "steer run: %s needs a file name ('-' for standard output), got ''\n", o->csv && !*o->csv ? "--csv" : "--metrics");
        return 2;
    }
    if (o->frames && o->until > 0.0) {
        fprintf(stderr, "steer run: --frames and --until: each sets the run's length; give one\n");
        return 2;
    }
    if (o->csv_steps && !o->csv) {
        fprintf(stderr, "steer run: --csv-steps: says how often --csv writes; give --csv FILE too\n");
        return 2;
    }
    if (o->csv && o->metrics && !strcmp(o->csv, "-") && !strcmp(o->metrics, "-")) {
        fprintf(stderr, "steer run: --csv - and --metrics -: standard output takes one of them; give the other a file\n");
        return 2;
    }
    return 0;
}

/* The largest body of the n agents spawned: their own radii (radius, an
 * agent_radii world's: each agent's own, else its group's), else their
 * groups'. A group's radius that every member overrides, or an empty
 * group's, sizes no body. */
static float largest_body(const steer_scenario_info *info, const float *radius, int n)
{
    float largest = 0.0f;
    for (int a = 0; radius && a < n; ++a) largest = fmaxf(largest, radius[a]);
    for (int g = 0; !radius && g < info->group_count; ++g)
        if (info->groups[g].agents > 0) largest = fmaxf(largest, info->groups[g].def.radius);
    return largest;
}

/* keep_apart keeps two bodies apart only while each sees the other before
 * a step can close their gap: 2 max_speed dt plus both radii within the
 * neighbour radius. Past that it is silently not kept; say so, with the
 * neighbour radius or max_dt that would keep it. */
static void warn_keep_apart_reach(const steer_scenario_info *info, const float *radius, const int *group, int n)
{
    float dt = info->dt, max_dt = info->world.max_dt, largest_radius = largest_body(info, radius, n);
    if (max_dt > 0.0f && dt > max_dt) dt /= ceilf(dt / max_dt); /* the sub-step */
    for (int g = 0; g < info->group_count; ++g) {
        const steer_group_def *d = &info->groups[g].def;
        float own = radius ? 0.0f : d->radius; /* the group's widest body, its agents' own radii where they have them */
        for (int a = 0; radius && a < n; ++a)
            if (group[a] == g) own = fmaxf(own, radius[a]);
        float reach = 2.0f * d->max_speed * dt + own + largest_radius;
        if (!d->keep_apart || info->groups[g].agents == 0 || reach <= d->neighbour_radius) continue;
        float fits = (d->neighbour_radius - own - largest_radius) / (2.0f * d->max_speed);
        fprintf(stderr, "steer run: warning: groups[%d] (\"%s\"): keep_apart keeps bodies apart only while 2 max_speed dt "
                        "+ both radii (%g) fit in neighbour_radius (%g): give neighbour_radius >= %g",
                g, info->groups[g].name, (double)reach, (double)d->neighbour_radius, (double)reach);
        if (fits > 0.0f) fprintf(stderr, " or max_dt <= %.3g", (double)fits);
        fputc('\n', stderr);
    }
}

/* The world box around a ground box [lo, hi] (across, along), reaching
 * every height: walls stand along the up axis, and so do a ground group's
 * obstacles. */
static void ground_box(const steer_scenario_info *info, steer_v2 lo, steer_v2 hi, steer_v3 *a, steer_v3 *b)
{
    steer_up_axis up = ground_up(info->dim, info->world.up);
    float height = info->dim == 3 ? INFINITY : 0.0f;
    steer_v3 p = ground_to_world(up, steer_v3_make(lo.x, lo.y, -height));
    steer_v3 q = ground_to_world(up, steer_v3_make(hi.x, hi.y, height));
    *a = steer_v3_make(fminf(p.x, q.x), fminf(p.y, q.y), fminf(p.z, q.z));
    *b = steer_v3_make(fmaxf(p.x, q.x), fmaxf(p.y, q.y), fmaxf(p.z, q.z));
}

/* How far p (on the ground) is from the segment a-b: a path of two points. */
static float ground_distance_to_segment(steer_v2 p, steer_v2 a, steer_v2 b)
{
    const steer_v2 ends[2] = {a, b};
    const steer_path2 segment = {ends, 2, false, 0.0f};
    float distance = 0.0f;
    (void)steer_path_closest_point2(&segment, p, &distance, NULL, NULL);
    return distance;
}

/* "(x, y)" in 2D, "(x, y, z)" in 3D: a place as the file gives it. */
typedef struct point_text {
    char text[80];
} point_text;
static point_text point_of(int dim, steer_v3 p)
{
    point_text t;
    if (dim == 2) snprintf(t.text, sizeof t.text, "(%g, %g)", (double)p.x, (double)p.y);
    else snprintf(t.text, sizeof t.text, "(%g, %g, %g)", (double)p.x, (double)p.y, (double)p.z);
    return t;
}

/* Solid k of a kind (0: a wall, 1: an obstacle) on the ground: its ends a
 * and b (an obstacle's centre twice) and how far past them a body's centre
 * may be while the body still reaches in, past the largest body's radius. */
static void solid_on_ground(const steer_scenario_info *info, steer_up_axis up, int kind, int k, steer_v2 *a, steer_v2 *b,
                            float *extra)
{
    if (kind == 0) {
        *a = steer_v2_from_v3(ground_of(up, info->walls[k].a)), *b = steer_v2_from_v3(ground_of(up, info->walls[k].b));
        *extra = 0.0f;
    } else {
        *a = *b = steer_v2_from_v3(ground_of(up, info->obstacles[k].centre));
        *extra = info->obstacles[k].radius;
    }
}

/* Whether a body of group def d and radius r whose centre is at g (ground frame) is
 * inside solid k (its ends a, b from solid_on_ground) by more than it may
 * be: 5% of its radius (a body packed against a wall); *depth how far. A
 * wall of a height it does not reach into is not there for it. */
static bool inside_solid(const steer_scenario_info *info, steer_up_axis up, int kind, int k, steer_v2 a, steer_v2 b,
                         steer_v3 g, const steer_group_def *d, float r, float *depth)
{
    float gap;
    if (kind == 0) {
        const steer_scenario_wall_height *h = &info->wall_heights[k];
        if (!ground_wall_meets(h->bottom, h->top, g.z, r)) return false; /* above or below it */
        gap = ground_distance_to_segment(steer_v2_from_v3(g), a, b) - r;
    } else { /* a ground group meets an upright cylinder; others a ball */
        steer_v3 c = ground_of(up, info->obstacles[k].centre);
        if (info->dim == 2 || d->ground_plane) c.z = g.z;
        gap = steer_v3_dist(g, c) - info->obstacles[k].radius - r;
    }
    *depth = -gap;
    return gap < -fmaxf(1e-3f, 0.05f * r);
}

/* A body that starts inside a solid wall or obstacle is a mistake in the
 * file (a solid obstacle puts it out at the first step, a wall leaves it
 * overlapping until it walks away): say how many, and the first, so the
 * file can be fixed. A body may reach in by 5% of its radius (a spawn
 * packed against a wall). */
static void warn_spawns_in_solids(const steer_scenario_info *info, steer_world *w, const float *radius, int spawned)
{
    const steer_up_axis up = ground_up(info->dim, info->world.up);
    float largest_radius = largest_body(info, radius, spawned);
    int n = steer_world_agent_count(w);
    steer_agent_id *near = malloc(sizeof *near * (size_t)(n > 0 ? n : 1));
    if (!near) return;
    for (int kind = 0; kind < 2; ++kind) { /* walls, then obstacles */
        bool solid = kind == 0 ? info->world.solid_walls : info->world.solid_obstacles;
        int objects = kind == 0 ? info->wall_count : info->obstacle_count, inside = 0, first_object = -1, first_group = 0;
        float first_depth = 0.0f;
        steer_v3 first_at = steer_v3_zero();
        for (int k = 0; solid && k < objects; ++k) {
            steer_v2 a, b, lo, hi;
            float reach;
            solid_on_ground(info, up, kind, k, &a, &b, &reach);
            reach += largest_radius;
            lo = steer_v2_make(fminf(a.x, b.x) - reach, fminf(a.y, b.y) - reach);
            hi = steer_v2_make(fmaxf(a.x, b.x) + reach, fmaxf(a.y, b.y) + reach);
            steer_v3 box_lo, box_hi;
            ground_box(info, lo, hi, &box_lo, &box_hi);
            int m = steer_world_query_box(w, box_lo, box_hi, STEER_ALL_GROUPS, near, n);
            for (int i = 0; i < m; ++i) {
                steer_agent_state s;
                if (steer_world_get_agent(w, near[i], &s) != STEER_OK) continue;
                float depth, r = 0.0f;
                if (steer_world_get_radius(w, near[i], &r) != STEER_OK) continue; /* its own, else its group's */
                if (!inside_solid(info, up, kind, k, a, b, ground_of(up, s.position), &info->groups[s.group].def, r, &depth))
                    continue;
                if (inside++ == 0) first_object = k, first_group = s.group, first_depth = depth, first_at = s.position;
            }
        }
        if (inside == 0) continue;
        steer_v3 ends[2] = {kind == 0 ? info->walls[first_object].a : info->obstacles[first_object].centre,
                            kind == 0 ? info->walls[first_object].b : info->obstacles[first_object].centre};
        char what[200];
        if (kind == 0)
            snprintf(what, sizeof what, "the wall from %s to %s", point_of(info->dim, ends[0]).text,
                     point_of(info->dim, ends[1]).text);
        else
            snprintf(what, sizeof what, "obstacles[%d] at %s", first_object, point_of(info->dim, ends[0]).text);
        fprintf(stderr, "steer run: warning: %d agent%s start%s with %s inside a solid %s (the first, of groups[%d] "
                        "(\"%s\") at %s, %g into %s): spawn each at least its radius from it\n",
                inside, inside == 1 ? "" : "s", inside == 1 ? "s" : "", inside == 1 ? "its body" : "their bodies",
                kind == 0 ? "wall" : "obstacle", first_group, info->groups[first_group].name,
                point_of(info->dim, first_at).text, (double)first_depth, what);
    }
    free(near);
}

/* Bodies that start overlapping are the file's doing (a spawn's points
 * closer than two radii, random places without a spacing), and every figure
 * of overlaps counts only what the motion does after the first step. Where
 * one of the two keeps apart the pair stays in contact (keep_apart opens no
 * gap): say how many such pairs, and the closest, so the file can be fixed.
 * Other bodies part (a flock spawned at random starts with some overlapping,
 * by design). */
static void warn_spawns_overlapping(const steer_scenario_info *info, steer_world *w, const steer_agent_id *ids,
                                    const float *radius, int n)
{
    /* only a pair with a keeper apart is said: without one in the file the
       neighbours are never asked (a packed crowd has thousands each) */
    bool keepers = false;
    for (int g = 0; g < info->group_count; ++g) keepers |= info->groups[g].agents > 0 && info->groups[g].def.keep_apart;
    if (!keepers) return;
    float largest_radius = largest_body(info, radius, n);
    if (n < 2 || largest_radius <= 0.0f) return;
    steer_agent_id *near = malloc(sizeof *near * (size_t)n);
    if (!near) return;
    /* counted up to a cap: a crowd spawned packed into one place has every
       pair overlapping, and counting them all took 24 s at 20,000 */
    enum { PAIRS_COUNTED = 1000000 };
    long pairs = 0;
    double closest = INFINITY;
    steer_agent_state first = {0}, second = {0};
    for (int a = 0; a < n && pairs < PAIRS_COUNTED; ++a) {
        steer_agent_state s;
        if (steer_world_get_agent(w, ids[a], &s) != STEER_OK) continue;
        float r = radius ? radius[a] : info->groups[s.group].def.radius;
        bool apart = info->groups[s.group].def.keep_apart;
        int m = steer_world_query_radius(w, s.position, r + largest_radius, STEER_ALL_GROUPS, near, n);
        for (int k = 0; k < m && k < n && pairs < PAIRS_COUNTED; ++k) {
            steer_agent_state o;
            if (near[k].index <= ids[a].index || steer_world_get_agent(w, near[k], &o) != STEER_OK) continue; /* each pair once */
            if (!apart && !info->groups[o.group].def.keep_apart) continue;
            float other = 0.0f;
            if (steer_world_get_radius(w, near[k], &other) != STEER_OK) continue; /* its own, else its group's */
            double sum = (double)r + (double)other;
            double d = steer_v3_len(metrics_offset(info, s.position, o.position)); /* across a torus's seam */
            if (!(d < sum)) continue;
            ++pairs;
            if (d / sum < closest) closest = d / sum, first = s, second = o;
        }
    }
    free(near);
    if (pairs == 0) return;
    const bool capped = pairs >= PAIRS_COUNTED;
    fprintf(stderr, "steer run: warning: %s%ld pair%s of agents that keep apart start%s overlapping, and stay%s in contact "
                    "(the closest%s, of groups[%d] (\"%s\") at %s and groups[%d] (\"%s\") at %s, %.3g of their two radii "
                    "apart): spawn them at least their two radii apart (a box's spacing, a line's length, points farther "
                    "apart)\n",
            capped ? "at least " : "", pairs, pairs == 1 ? "" : "s", pairs == 1 ? "s" : "", pairs == 1 ? "s" : "",
            capped ? " of those counted" : "", first.group, info->groups[first.group].name,
            point_of(info->dim, first.position).text, second.group, info->groups[second.group].name,
            point_of(info->dim, second.position).text, closest);
}

/* Where an agent's goal stops (an ARRIVE target, its last waypoint);
 * false for goals that do not stop at a point. */
static bool goal_stop(const steer_world *w, steer_agent_id id, steer_v3 *out)
{
    steer_goal g;
    if (steer_world_get_goal(w, id, &g) != STEER_OK) return false;
    if (g.kind == STEER_GOAL_ARRIVE) *out = g.target;
    else if (g.kind != STEER_GOAL_WAYPOINTS || g.point_count < 1) return false;
    else {
        steer_v3 last[1];
        steer_v3 *all = malloc(sizeof *all * (size_t)g.point_count);
        if (!all) return false;
        bool ok = steer_world_get_goal_points(w, id, all, g.point_count) == g.point_count;
        last[0] = all[g.point_count - 1];
        free(all);
        if (!ok) return false;
        *out = last[0];
    }
    return true;
}

/* A goal that stops inside a solid wall or obstacle is never reached: the
 * agent presses on the solid for good. Say how many, and the first (the
 * places of an "around" order that found too little room, or points given
 * in a rock). The ends are indexed once; each solid asks for those near it. */
static void warn_goals_in_solids(const steer_scenario_info *info, steer_world *w, const steer_agent_id *ids,
                                 const float *radius, int n)
{
    if (!info->world.solid_walls && !info->world.solid_obstacles) return;
    const steer_up_axis up = ground_up(info->dim, info->world.up);
    float largest_radius = largest_body(info, radius, n);
    float *ends = malloc(sizeof *ends * 3 * (size_t)(n > 0 ? n : 1));
    int *agent = malloc(sizeof *agent * (size_t)(n > 0 ? n : 1)), *near = malloc(sizeof *near * (size_t)(n > 0 ? n : 1));
    steer_grid_def gd = steer_default_grid_def();
    gd.cell_size = fmaxf(4.0f * largest_radius, 1.0f);
    steer_grid *grid = steer_grid_create(&gd);
    int count = 0;
    for (int a = 0; ends && agent && near && a < n; ++a) {
        steer_v3 end;
        if (!goal_stop(w, ids[a], &end)) continue;
        end = ground_of(up, end);
        ends[3 * count] = end.x, ends[3 * count + 1] = end.y, ends[3 * count + 2] = end.z;
        agent[count++] = a;
    }
    if (!grid || !ends || !agent || !near || count == 0 || steer_grid_build(grid, ends, count, 3) != STEER_OK) {
        steer_grid_destroy(grid), free(ends), free(agent), free(near);
        return;
    }
    int inside = 0, first_agent = -1;
    steer_v3 first_end = steer_v3_zero();
    for (int kind = 0; kind < 2; ++kind) { /* walls, then obstacles */
        bool solid = kind == 0 ? info->world.solid_walls : info->world.solid_obstacles;
        int objects = kind == 0 ? info->wall_count : info->obstacle_count;
        for (int k = 0; solid && k < objects; ++k) {
            steer_v2 a, b;
            float reach;
            solid_on_ground(info, up, kind, k, &a, &b, &reach);
            reach += largest_radius;
            /* the ends within reach of the segment a-b: a query about its middle, as long as half of it more */
            float centre[2] = {0.5f * (a.x + b.x), 0.5f * (a.y + b.y)};
            float within = 0.5f * steer_v2_dist(a, b) + reach;
            int m = steer_grid_query_radius(grid, centre, within, near, count);
            for (int i = 0; i < m && i < count; ++i) {
                int e = near[i];
                steer_agent_state s;
                if (steer_world_get_agent(w, ids[agent[e]], &s) != STEER_OK) continue;
                steer_v3 g = steer_v3_make(ends[3 * e], ends[3 * e + 1], ends[3 * e + 2]);
                float depth;
                float r = radius ? radius[agent[e]] : info->groups[s.group].def.radius;
                if (!inside_solid(info, up, kind, k, a, b, g, &info->groups[s.group].def, r, &depth)) continue;
                if (inside++ == 0) {
                    first_agent = agent[e];
                    goal_stop(w, ids[agent[e]], &first_end); /* where it stops, as the world has it */
                }
            }
        }
    }
    if (inside > 0)
        fprintf(stderr, "steer run: warning: %d goal%s stop%s with the body inside a solid wall or obstacle (the first, "
                        "agent %d's, at %s): %s never arrive; give places at least a radius from solids\n",
                inside, inside == 1 ? "" : "s", inside == 1 ? "s" : "", first_agent, point_of(info->dim, first_end).text,
                inside == 1 ? "it will" : "they will");
    steer_grid_destroy(grid), free(ends), free(agent), free(near);
}

/* "scenarios/flock.json" -> "flock" */
static void stem_of(const char *file, char *out, size_t size)
{
    const char *base = strrchr(file, '/');
    base = base ? base + 1 : file;
    snprintf(out, size, "%s", base);
    char *dot = strrchr(out, '.');
    if (dot && dot != out) *dot = 0;
    if (!*out) snprintf(out, size, "scenario");
}

static int make_dirs(const char *dir)
{
    char path[PATH_MAX];
    if (snprintf(path, sizeof path, "%s", dir) >= (int)sizeof path) return ENAMETOOLONG;
    for (char *p = path + 1; *p; ++p) {
        if (*p != '/') continue;
        *p = 0;
        if (mkdir(path, 0777) != 0 && errno != EEXIST) return errno;
        *p = '/';
    }
    if (mkdir(path, 0777) != 0 && errno != EEXIST) return errno;
    struct stat st;
    if (stat(path, &st) != 0) return errno;
    if (!S_ISDIR(st.st_mode)) return ENOTDIR;
    if (access(path, W_OK | X_OK) != 0) return errno;
    return 0;
}

/* A path made absolute and normal: its longest existing folder resolved
 * (realpath), the rest taken lexically ("." dropped, ".." going up, "//" one
 * slash), so "out//a.csv", "./out/a.csv" and "out/../out/a.csv" meet whether
 * or not out/ exists yet. */
static void path_key(const char *path, char *key, size_t size)
{
    char buf[2 * PATH_MAX + 2], head[PATH_MAX], real[PATH_MAX], cwd[PATH_MAX];
    if (path[0] == '/' || !getcwd(cwd, sizeof cwd)) snprintf(buf, sizeof buf, "%s", path);
    else snprintf(buf, sizeof buf, "%s/%s", cwd, path);
    /* the longest prefix that resolves */
    size_t cut = strlen(buf);
    const char *rest = "";
    for (;;) {
        snprintf(head, sizeof head, "%.*s", (int)cut, buf);
        if (cut > 0 && realpath(head, real)) {
            rest = buf + cut;
            break;
        }
        while (cut > 0 && buf[cut - 1] != '/') --cut;
        if (cut == 0) {
            snprintf(real, sizeof real, "/");
            rest = buf;
            break;
        }
        --cut; /* before the slash */
        if (cut == 0) {
            snprintf(real, sizeof real, "/");
            rest = buf;
            break;
        }
    }
    /* the rest, lexically */
    snprintf(key, size, "%s", real);
    size_t len = strlen(key);
    for (const char *p = rest; *p;) {
        while (*p == '/') ++p;
        const char *e = p;
        while (*e && *e != '/') ++e;
        size_t n = (size_t)(e - p);
        if (n == 0 || (n == 1 && p[0] == '.')) {
        } else if (n == 2 && p[0] == '.' && p[1] == '.') {
            while (len > 1 && key[len - 1] != '/') --len;
            if (len > 1) --len;
            key[len] = 0;
        } else if (len + 1 + n < size) {
            if (len > 1 || key[0] != '/') key[len++] = '/';
            memcpy(key + len, p, n);
            key[len += n] = 0;
        }
        p = e;
    }
}

static bool same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    if (stat(a, &sa) == 0 && stat(b, &sb) == 0) return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    char ka[PATH_MAX], kb[PATH_MAX];
    path_key(a, ka, sizeof ka);
    path_key(b, kb, sizeof kb);
    return !strcmp(ka, kb);
}

/* Removes an output the run wrote, if it is a regular file: never a device
 * (--metrics /dev/full, run as root) or a folder. */
static void remove_output(const char *path)
{
    struct stat st;
    if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) remove(path);
}

/* --csv and --metrics write files of their own: never the scenario being read
 * (a typo used to overwrite it with the run's CSV), each other's or a
 * picture's (only the last written was left). 0, or 2 after a message. */
static int check_distinct_files(const run_options *o, const char *const pictures[3])
{
    const char *option[2] = {"--csv", "--metrics"}, *file[2] = {o->csv, o->metrics};
    static const char *const what[3] = {"GIF", "PNG", "SVG"};
    for (int i = 0; i < 2; ++i) {
        if (!file[i] || !strcmp(file[i], "-")) continue;
        if (o->scenario && strcmp(o->scenario, "-") && same_file(file[i], o->scenario)) {
            fprintf(stderr, "steer run: %s %s: is the scenario file; the run would overwrite it\n", option[i], file[i]);
            return 2;
        }
        for (int p = 0; p < 3; ++p)
            if (same_file(file[i], pictures[p])) {
                fprintf(stderr, "steer run: %s %s: is the %s the run writes (%s); name another file\n", option[i], file[i],
                        what[p], pictures[p]);
                return 2;
            }
    }
    if (file[0] && file[1] && strcmp(file[0], "-") && same_file(file[0], file[1])) {
        fprintf(stderr, "steer run: --csv %s and --metrics %s: the same file; name two\n", file[0], file[1]);
        return 2;
    }
    return 0;
}

static bool same_folder(const char *a, const char *b)
{
    char ka[PATH_MAX], kb[PATH_MAX];
    path_key(a, ka, sizeof ka);
    path_key(b, kb, sizeof kb);
    return !strcmp(ka, kb);
}

/* The folder a file will be written into must exist and be writable (or be
 * the output folder, which is created). */
/* The folder a file names ("." for a bare name). */
static void folder_of(const char *file, char *dir, size_t size)
{
    snprintf(dir, size, "%s", file);
    char *slash = strrchr(dir, '/');
    if (slash == dir) dir[1] = 0;
    else if (slash) *slash = 0;
    else snprintf(dir, size, ".");
}

/* A missing folder is made when the run starts, as -o's is. */
static int check_file_target(const char *file, const char *option, const char *out_dir)
{
    char dir[PATH_MAX];
    folder_of(file, dir, sizeof dir);
    struct stat st;
    if (same_folder(dir, out_dir)) return 0;
    int found = stat(dir, &st) == 0 ? 0 : errno;
    if (found != ENOENT && (found || !S_ISDIR(st.st_mode) || access(dir, W_OK | X_OK) != 0)) {
        fprintf(stderr, "steer run: %s %s: '%s' is not a writable folder%s%s%s\n", option, file, dir, found ? " (" : "",
                found ? strerror(found) : "", found ? ")" : "");
        return 2;
    }
    if (stat(file, &st) == 0 && S_ISDIR(st.st_mode)) {
        fprintf(stderr, "steer run: %s %s: is a folder\n", option, file);
        return 2;
    }
    return 0;
}

/* Progress on stderr: on a terminal a bar, redrawn every frame and between
 * frames once a second; elsewhere a line after each step that took more
 * than a second (and before the first, when the estimate says it will),
 * so a run of slow steps is never silent. */
typedef struct progress {
    bool bar;                /* stderr is a terminal */
    bool on;                 /* not --quiet */
    double started, last;    /* run start, last report */
    int frames;
    long steps;
} progress;

#define SLOW_STEP_SECONDS 1.0
static void progress_report(progress *p, int frame, long step, bool frame_done, double step_seconds)
{
    double t = now(), elapsed = t - p->started;
    bool due = p->bar ? frame_done || t - p->last >= SLOW_STEP_SECONDS : step_seconds > SLOW_STEP_SECONDS;
    if (!p->on || !due) return;
    p->last = t;
    double left = step > 0 ? elapsed * (double)(p->steps - step) / (double)step : 0.0;
    if (p->bar) {
        const int width = 32;
        int filled = p->frames ? frame * width / p->frames : width;
        char bar[40];
        for (int i = 0; i < width; ++i) bar[i] = i < filled ? '#' : '-';
        bar[width] = 0;
        fprintf(stderr, "\rrendering [%s] %3d%%  frame %d/%d  step %ld/%ld  %.1f s", bar,
                p->frames ? 100 * frame / p->frames : 100, frame, p->frames, step, p->steps, elapsed);
    } else if (step == 0) {
        fprintf(stderr, "steer run: step 1 of %ld under way\n", p->steps);
    } else {
        fprintf(stderr, "steer run: step %ld of %ld, frame %d of %d, %.1f s so far, about %.0f s left\n", step, p->steps,
                frame, p->frames, elapsed, left);
    }
    fflush(stderr);
}

/* Neighbour pairs a step may test, from the density at the start (agents
 * over the bounds) times the region each agent's grid query covers: its
 * neighbour radius rounded out to whole cells (and, with non-penetration,
 * every relaxation pass over twice the largest body radius). A warning
 * names the largest share when a step is likely to take seconds. */
static double pairs_per_step(const steer_scenario_info *info, const float *radius, char *why, size_t size)
{
    const steer_world_def *w = &info->world;
    double volume = 1.0, extent[3];
    for (int k = 0; k < info->dim; ++k)
        volume *= extent[k] = fmax(1e-6, (double)steer_v3_get(w->bounds_max, k) - steer_v3_get(w->bounds_min, k));
    double cell = w->cell_size, widest = 0.0, biggest = largest_body(info, radius, info->total_agents);
    for (int g = 0; g < info->group_count; ++g) widest = fmax(widest, info->groups[g].def.neighbour_radius);
    if (!(cell > 0.0)) cell = widest > 0.0 ? widest : 1.0;
    double n = info->total_agents, total = 0.0, top = -1.0;
    int passes = w->penetration_iterations; /* the file's, 32 unless it says; 0 relaxes nothing */
    for (int g = 0; g <= info->group_count; ++g) { /* the last round: non-penetration */
        bool np = g == info->group_count;
        if (np && !(w->non_penetration && passes > 0)) break;
        double reach = np ? 2.0 * biggest : info->groups[g].def.neighbour_radius, covered = 1.0;
        for (int k = 0; k < info->dim; ++k) covered *= fmin(extent[k], cell * (2.0 * ceil(reach / cell) + 1.0));
        double candidates = fmin(n, n * covered / volume);
        /* the world thins a neighbourhood of more than 1024 candidates (a
         * packed crowd) to a sample of 64 (2D) or 128 (3D): docs/design.md,
         * "A bound on neighbour work" (the estimate was 200x a packed
         * crowd's real step) */
        if (candidates > 1024.0) candidates = info->dim == 2 ? 64.0 : 128.0;
        double pairs = candidates * (np ? n * passes : info->groups[g].agents);
        total += pairs;
        if (pairs > top) {
            top = pairs;
            if (np)
                snprintf(why, size, "non-penetration: %.0f agents, each against about %.3g within %g (twice the largest radius), up to %d passes",
                         n, candidates, 2.0 * biggest, passes);
            else
                snprintf(why, size, "group \"%s\": %d agents, each against about %.3g within neighbour radius %g (cell size %g)",
                         info->groups[g].name, info->groups[g].agents, candidates, (double)info->groups[g].def.neighbour_radius, cell);
        }
    }
    return total;
}

#define PAIRS_PER_SECOND 5e8 /* about the scalar kernel's rate on one thread (2.9e8 pairs in 0.60 s; the wide kernels 7-17x that) */

typedef struct run_state {
    steer_scenario *sc;
    steer_world *world;
    steer_agent_id *ids;
    steer_v3 *pos, *vel, *prev_pos, *prev_vel;
    steer_v3 *ground, *heading; /* for the picture: positions on the ground, the way each faces */
    steer_v3 *kept;             /* the world's headings (keep_headings), as read with the state; else NULL */
    int *group;
    float *radius;       /* each agent's body radius (steer_world_get_radii) in a world with agent_radii; else NULL */
    steer_scenario_mark *goal_marks; /* the goals' places and routes, as the world was built */
    trails trails;       /* the GIF's: every frame */
    trails still_trails; /* the still's: frames in which something moved */
    metrics metrics;
    cairo_surface_t *image;
    gif_palette *palette;
    gif_writer *gif;
    FILE *csv;
} run_state;

static void run_free(run_state *r)
{
    if (r->gif) gif_writer_close(r->gif);
    if (r->csv && r->csv != stdout) fclose(r->csv);
    if (r->image) cairo_surface_destroy(r->image);
    trails_free(&r->trails);
    trails_free(&r->still_trails);
    metrics_free(&r->metrics);
    free(r->palette);
    free(r->ids);
    free(r->pos);
    free(r->vel);
    free(r->prev_pos);
    free(r->prev_vel);
    free(r->ground);
    free(r->heading);
    free(r->kept);
    free(r->group);
    free(r->radius);
    free(r->goal_marks);
    steer_world_destroy(r->world);
    steer_scenario_destroy(r->sc);
}

/* Positions, velocities and the way each agent faces: the world's own
 * heading when it keeps them (keep_headings), else worked out from the
 * velocities of the frames read (ground_faces_its_velocity). A heading
 * straight up or down has no way on the ground and keeps the last one. */
static void read_agents(run_state *r, const steer_scenario_info *info, int count)
{
    for (int a = 0; a < count; ++a) {
        steer_agent_state s;
        if (steer_world_get_agent(r->world, r->ids[a], &s) == STEER_OK) {
            r->pos[a] = s.position;
            r->vel[a] = s.velocity;
        }
        r->ground[a] = canvas_ground(info, r->pos[a]);
        if (r->kept && steer_world_get_heading(r->world, r->ids[a], &r->kept[a]) == STEER_OK) {
            steer_v3 h = canvas_ground(info, r->kept[a]);
            if (h.x != 0.0f || h.y != 0.0f) r->heading[a] = h;
        } else if (!r->kept && ground_faces_its_velocity(r->vel[a], info->groups[r->group[a]].def.max_speed)) {
            r->heading[a] = canvas_ground(info, r->vel[a]);
        }
    }
}

/* One CSV row per agent: `frame` 0 is the state before the first step.
 * The time to 12 digits: at 6 a late frame's time lost the step (a run of
 * 10,000 steps of 1/30 printed 333.267, 333.3, 333.333: steps 2% off). */
static void write_csv_frame(FILE *csv, const run_state *r, int n, int dim, int frame, double t)
{
    for (int a = 0; a < n; ++a) {
        const steer_v3 p = r->pos[a], v = r->vel[a];
        if (dim == 3)
            fprintf(csv, "%d,%.12g,%d,%d,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g", frame, t, a, r->group[a], p.x, p.y, p.z, v.x, v.y,
                    v.z);
        else fprintf(csv, "%d,%.12g,%d,%d,%.9g,%.9g,%.9g,%.9g", frame, t, a, r->group[a], p.x, p.y, v.x, v.y);
        if (r->kept && dim == 3) fprintf(csv, ",%.9g,%.9g,%.9g", r->kept[a].x, r->kept[a].y, r->kept[a].z);
        else if (r->kept) fprintf(csv, ",%.9g,%.9g", r->kept[a].x, r->kept[a].y);
        if (r->radius) fprintf(csv, ",%.9g", r->radius[a]);
        fputc('\n', csv);
    }
}

/* The header of write_csv_frame's rows. */
static void write_csv_header(FILE *csv, int dim, bool headings, bool radii)
{
    fputs(dim == 3 ? "frame,time,agent,group,x,y,z,vx,vy,vz" : "frame,time,agent,group,x,y,vx,vy", csv);
    if (headings) fputs(dim == 3 ? ",hx,hy,hz" : ",hx,hy", csv);
    if (radii) fputs(",radius", csv);
    fputc('\n', csv);
}

static int write_image(const char *file, const canvas_view *view, const canvas_frame *frame, bool svg)
{
    cairo_surface_t *surface = svg ? cairo_svg_surface_create(file, view->width, view->height)
                                   : cairo_image_surface_create(CAIRO_FORMAT_RGB24, view->width, view->height);
    if (svg) {
        cairo_svg_surface_restrict_to_version(surface, CAIRO_SVG_VERSION_1_1);
        cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX); /* 800 px wide, not 800 pt */
    }
    cairo_t *cr = cairo_create(surface);
    canvas_draw(cr, view, frame);
    cairo_destroy(cr);
    cairo_status_t status = cairo_surface_status(surface);
    if (!svg && status == CAIRO_STATUS_SUCCESS) status = cairo_surface_write_to_png(surface, file);
    cairo_surface_finish(surface);
    if (status == CAIRO_STATUS_SUCCESS) status = cairo_surface_status(surface);
    cairo_surface_destroy(surface);
    if (status != CAIRO_STATUS_SUCCESS) {
        fprintf(stderr, "steer run: %s: %s\n", file, cairo_status_to_string(status));
        return -1;
    }
    return 0;
}

static long file_size(const char *file)
{
    struct stat st;
    return stat(file, &st) == 0 ? (long)st.st_size : -1;
}

/* The scenario reader's, the world's and the GIF writer's message: room
 * for every error the reader keeps (1 KiB held 14 short ones). */
static char error_text[STEER_SCENARIO_ERROR_SIZE];

/* The run the options make of the scenario: its length, its picture and
 * the files it writes. */
typedef struct run_plan {
    const steer_scenario_info *info;
    int frames, width, height, fps, threads;
    int trail, still_trail; /* the GIF's trails, the still's */
    long steps;
    bool csv_stdout, metrics_stdout;
    FILE *report; /* the summary's stream */
    char gif_file[PATH_MAX], png_file[PATH_MAX], svg_file[PATH_MAX];
} run_plan;

/* What the steps and frames came to, for the still and the summary. */
typedef struct run_tally {
    double started, sim_seconds, figure_seconds; /* figures: reading the agents back too */
    double check_seconds; /* the warnings before the first step (a packed spawn's overlaps) */
    long step;
    bool failed;
    char caption[160]; /* the last frame's, which the still keeps */
} run_tally;

/* The scenario file, or the built-in showcase: 0, or the exit status after
 * a message. */
static int load_scenario(run_state *r, const run_options *o)
{
    r->sc = steer_scenario_create();
    if (!r->sc) {
        fprintf(stderr, "steer run: out of memory\n");
        return 1;
    }
    int loaded = o->scenario ? steer_scenario_load_json_file(r->sc, o->scenario, error_text, sizeof error_text)
                             : steer_scenario_load_json(r->sc, "showcase.json (built in)", (const char *)steer_showcase_json,
                                                        (size_t)steer_showcase_json_size, error_text, sizeof error_text);
    if (loaded != 0) {
        fprintf(stderr, "%s\n", error_text);
        return 2;
    }
    return 0;
}

/* --csv's and --metrics' files, checked before anything is written: 0, or 2
 * after a message. */
static int check_output_files(const run_options *o, const run_plan *p)
{
    const char *const pictures[3] = {p->gif_file, p->png_file, p->svg_file};
    if ((o->csv && !p->csv_stdout && check_file_target(o->csv, "--csv", o->out_dir)) ||
        (o->metrics && !p->metrics_stdout && check_file_target(o->metrics, "--metrics", o->out_dir)) ||
        check_distinct_files(o, pictures))
        return 2;
    return 0;
}

/* The options over the scenario's own settings, and the files the run
 * writes, checked: 0, or 2 after a message. */
static int plan_run(run_plan *p, const run_options *o, const steer_scenario_info *info)
{
    p->info = info;
    p->csv_stdout = o->csv && !strcmp(o->csv, "-");
    p->metrics_stdout = o->metrics && !strcmp(o->metrics, "-");
    /* standard output carries the CSV or the figures then */
    p->report = p->csv_stdout || p->metrics_stdout ? stderr : stdout;
    char stem[256];
    stem_of(o->scenario ? o->scenario : "showcase", stem, sizeof stem);
    snprintf(p->gif_file, sizeof p->gif_file, "%s/%s.gif", o->out_dir, stem);
    snprintf(p->png_file, sizeof p->png_file, "%s/%s.png", o->out_dir, stem);
    snprintf(p->svg_file, sizeof p->svg_file, "%s/%s.svg", o->out_dir, stem);

    /* the run: frames, steps and picture */
    /* --frames N: N x steps / frames steps, rounded down (the scenario's own
     * frame count is its own run; whole steps per frame ran 3900 of the
     * doorway's 4000 steps at its own 150 frames) */
    p->frames = o->frames ? o->frames : info->frames;
    p->steps = o->frames ? (long)((long long)o->frames * info->steps / info->frames) : info->steps;
    if (o->until > 0.0) { /* to the first step at or past it, the frames in proportion (at least one) */
        double at = ceil(o->until / (double)info->dt - 1e-9);
        p->steps = at < (double)info->steps ? (long)(at < 1.0 ? 1.0 : at) : info->steps;
        p->frames = (int)((long long)info->frames * p->steps / info->steps);
        if (p->frames < 1) p->frames = 1;
    }
    p->width = o->width ? o->width : info->width;
    p->height = o->height ? o->height : info->height;
    p->fps = o->fps ? o->fps : info->fps;
    p->trail = o->trail >= 0 ? o->trail : info->trail;
    /* the still's trails: four times the GIF's, and at least a fifth of the run */
    p->still_trail = info->trail * 4 > p->frames / 5 ? info->trail * 4 : p->frames / 5;
    if (p->still_trail > p->frames) p->still_trail = p->frames;
    if (p->still_trail < p->trail) p->still_trail = p->trail;
    p->threads = o->threads ? o->threads : info->threads;
    return check_output_files(o, p);
}

/* The agents' arrays and the world: 0, 2 for the file's mistake (a spawn
 * with no room for its agents) or 1 out of memory, after a message. */
static int build_world(run_state *r, const run_options *o, const run_plan *p)
{
    const steer_scenario_info *info = p->info;
    size_t cells = (size_t)info->total_agents + 1;
    r->ids = calloc(cells, sizeof *r->ids);
    r->pos = calloc(cells, sizeof *r->pos);
    r->vel = calloc(cells, sizeof *r->vel);
    r->prev_pos = calloc(cells, sizeof *r->prev_pos);
    r->prev_vel = calloc(cells, sizeof *r->prev_vel);
    r->ground = calloc(cells, sizeof *r->ground);
    r->heading = calloc(cells, sizeof *r->heading);
    r->kept = info->world.keep_headings ? calloc(cells, sizeof *r->kept) : NULL;
    r->group = calloc(cells, sizeof *r->group);
    r->radius = info->world.agent_radii ? calloc(cells, sizeof *r->radius) : NULL;
    r->palette = malloc(sizeof *r->palette);
    steer_scenario_overrides ov = {.set_seed = o->set_seed, .seed = o->seed, .threads = p->threads, .agent_ids = r->ids};
    bool ok = r->ids && r->pos && r->vel && r->prev_pos && r->prev_vel && r->ground && r->heading && r->group &&
              r->palette && (r->kept || !info->world.keep_headings) && (r->radius || !info->world.agent_radii);
    if (ok) r->world = steer_scenario_create_world(r->sc, &ov, error_text, sizeof error_text);
    if (!ok || !r->world) { /* the file's (a spawn with no room for its agents), or out of memory */
        if (ok) fprintf(stderr, "%s: %s\n", o->scenario ? o->scenario : "showcase.json (built in)", error_text);
        else fprintf(stderr, "steer run: out of memory\n");
        return ok ? 2 : 1;
    }
    return 0;
}

/* The output folder, then --csv's and --metrics' folders: 0, or 2 after a
 * message. */
static int make_output_folders(const run_options *o, const run_plan *p)
{
    int err = make_dirs(o->out_dir);
    if (err) {
        fprintf(stderr, "steer run: -o %s: cannot use as the output folder: %s\n", o->out_dir, strerror(err));
        return 2;
    }
    const char *option[2] = {"--csv", "--metrics"};
    const char *file[2] = {p->csv_stdout ? 0 : o->csv, p->metrics_stdout ? 0 : o->metrics};
    for (int k = 0; k < 2; ++k) {
        char dir[PATH_MAX];
        if (!file[k]) continue;
        folder_of(file[k], dir, sizeof dir);
        if ((err = make_dirs(dir)) != 0) {
            fprintf(stderr, "steer run: %s %s: cannot make its folder '%s': %s\n", option[k], file[k], dir, strerror(err));
            return 2;
        }
    }
    return 0;
}

/* The agents as spawned, and the trails and figures that start from them:
 * 0, or 1 out of memory after a message. */
static int read_start(run_state *r, const run_plan *p)
{
    const steer_scenario_info *info = p->info;
    int n = info->total_agents;
    for (int a = 0; a < n; ++a) {
        steer_agent_state s;
        steer_world_get_agent(r->world, r->ids[a], &s);
        r->group[a] = s.group;
    }
    if (r->radius) steer_world_get_radii(r->world, r->ids, r->radius, n, NULL); /* set at the spawns, kept all run */
    read_agents(r, info, n);
    for (int a = 0; a < n; ++a) /* a standing start faces the way it was spawned moving, or +x */
        if (steer_v3_len_sq(r->heading[a]) == 0.0f) r->heading[a] = canvas_ground(info, r->vel[a]);
    if (trails_init(&r->trails, n, p->trail) || trails_init(&r->still_trails, n, p->still_trail) ||
        metrics_init(&r->metrics, info, n, r->group, r->radius, r->pos) || metrics_track_goals(&r->metrics, r->world, r->ids, r->pos)) {
        fprintf(stderr, "steer run: out of memory\n");
        return 1;
    }
    return 0;
}

/* What the start shows the file lacks: agents, a place for each goal, room
 * for every trail. */
static void warn_about_start(const run_state *r, const run_options *o, const run_plan *p)
{
    const steer_scenario_info *info = p->info;
    int n = info->total_agents;
    if (!o->quiet && n == 0) /* an empty picture and no figures: a spawn's count left at 0, or no spawn */
        fprintf(stderr, "steer run: warning: the scenario spawns no agents (no group has a spawn with a count "
                        "above 0): the pictures show only the world\n");
    steer_v3 shared_at;
    int shared = metrics_shared_end(&r->metrics, &shared_at);
    if (!o->quiet && shared > 1) /* a crowd to one point: the stadium that never empties */
        fprintf(stderr, "steer run: warning: %d agents have goals that stop on one point %s: only one can "
                        "stand on it, so the rest never arrive; give each its own place (goal points or box, with "
                        "\"via\" for a shared route)\n",
                shared, point_of(info->dim, shared_at).text);
    if (!o->quiet && (r->still_trails.stride > 1 || r->still_trails.length < p->still_trail))
        fprintf(stderr, "steer run: trails kept for %d of %d agents (one in %d) over %d frames: at most %d Mi points\n",
                r->still_trails.kept, n, r->still_trails.stride, r->still_trails.length, TRAILS_MAX_POINTS >> 20);
}

/* The frame the GIF is drawn on and the GIF itself: 0, or 1 after a
 * message. */
static int open_gif(run_state *r, const run_options *o, const run_plan *p)
{
    uint32_t colours[64];
    int colour_count = canvas_colours(p->info, o->debug, colours, 64);
    gif_palette_build(r->palette, p->info->background, colours, colour_count);
    r->image = cairo_image_surface_create(CAIRO_FORMAT_RGB24, p->width, p->height);
    if (cairo_surface_status(r->image) != CAIRO_STATUS_SUCCESS) {
        fprintf(stderr, "steer run: out of memory\n");
        return 1;
    }
    int delay = (100 + p->fps / 2) / p->fps;
    r->gif = gif_writer_open(p->gif_file, p->width, p->height, r->palette, delay < 2 ? 2 : delay, error_text, sizeof error_text);
    if (!r->gif) {
        fprintf(stderr, "steer run: %s\n", error_text);
        return 1;
    }
    return 0;
}

/* --csv's stream, its header and the initial state: 0, or 1 after a
 * message. */
static int open_csv(run_state *r, const run_options *o, const run_plan *p)
{
    if (!o->csv) return 0;
    r->csv = p->csv_stdout ? stdout : fopen(o->csv, "w");
    if (r->csv) {
        write_csv_header(r->csv, p->info->dim, p->info->world.keep_headings, r->radius != NULL);
        write_csv_frame(r->csv, r, p->info->total_agents, p->info->dim, 0, 0.0); /* the initial state */
    }
    if (!r->csv || fflush(r->csv) != 0 || ferror(r->csv)) { /* a full disk shows here already */
        fprintf(stderr, "steer run: --csv %s: %s\n", o->csv, strerror(errno));
        if (r->csv == stdout) r->csv = 0;
        return 1;
    }
    return 0;
}

/* The picture's view with the goals' marks, and the progress from now. */
static void start_frames(run_state *r, const run_options *o, const run_plan *p, canvas_view *view, progress *pg)
{
    *view = canvas_view_make(p->info, p->width, p->height, r->ground, r->group, p->info->total_agents);
    /* before the first step (out of memory: the pictures go without them) */
    r->goal_marks = steer_scenario_goal_marks(p->info, r->world, r->ids, &view->goal_count);
    view->goals = r->goal_marks;
    *pg = (progress){!o->quiet && isatty(2), !o->quiet, now(), 0.0, p->frames, p->steps};
    pg->last = pg->started;
}

/* What the world holds that the run will not show as meant: steps that
 * will take seconds, keep_apart out of reach, spawns and goals inside
 * solids, bodies that start in contact. */
static void warn_about_run(run_state *r, const run_options *o, const run_plan *p, progress *pg)
{
    const steer_scenario_info *info = p->info;
    int n = info->total_agents;
    char why[256];
    double pairs = pairs_per_step(info, r->radius, why, sizeof why), step_seconds = pairs / PAIRS_PER_SECOND / p->threads;
    if (!o->quiet && step_seconds > SLOW_STEP_SECONDS) {
        double run_seconds = step_seconds * (double)p->steps;
        fprintf(stderr, "steer run: warning: a step may test about %.2g neighbour pairs (%s): roughly %.0f s per step, "
                        "%.2g %s for %ld steps\n", pairs, why, step_seconds,
                run_seconds < 3600.0 ? run_seconds / 60.0 : run_seconds / 3600.0, run_seconds < 3600.0 ? "minutes" : "hours",
                p->steps);
        progress_report(pg, 0, 0, false, 1e9); /* before the first step */
    }
    if (!o->quiet) warn_keep_apart_reach(info, r->radius, r->group, n);
    if (!o->quiet) warn_spawns_in_solids(info, r->world, r->radius, n);
    if (!o->quiet) warn_spawns_overlapping(info, r->world, r->ids, r->radius, n);
    if (!o->quiet) warn_goals_in_solids(info, r->world, r->ids, r->radius, n);
}

/* The steps up to frame f's end, each read back and measured; a step the
 * world refuses is said and ends them (the frame is still drawn). */
static void run_steps(run_state *r, const run_options *o, const run_plan *p, progress *pg, int f, run_tally *t)
{
    const steer_scenario_info *info = p->info;
    int n = info->total_agents;
    long until = (long)((long long)(f + 1) * p->steps / p->frames);
    while (t->step < until) {
        memcpy(r->prev_pos, r->pos, sizeof *r->pos * (size_t)n);
        memcpy(r->prev_vel, r->vel, sizeof *r->vel * (size_t)n);
        double t0 = now();
        steer_result sr = STEER_OK;
        if (info->obstacle_count) { /* the file's moving obstacles move first, and the step answers */
            sr = steer_world_move_obstacles(r->world, info->dt);
            steer_scenario_follow_obstacles(r->sc, r->world); /* drawn and measured where they are */
        }
        if (sr == STEER_OK) sr = steer_world_step(r->world, info->dt);
        double t1 = now();
        t->sim_seconds += t1 - t0;
        if (sr != STEER_OK) {
            fprintf(stderr, "steer run: the world refused to step: %s\n", steer_result_string(sr));
            t->failed = true;
            return;
        }
        read_agents(r, info, n);
        metrics_step(&r->metrics, r->prev_pos, r->prev_vel, r->pos, r->vel, info->dt, 1e3 * (t1 - t0));
        t->figure_seconds += now() - t1;
        ++t->step;
        if (r->csv && o->csv_steps) write_csv_frame(r->csv, r, n, info->dim, (int)t->step, (double)t->step * info->dt);
        progress_report(pg, f, t->step, false, t1 - t0);
    }
}

/* Frame f: the trails, the figures, its CSV rows, and its picture into the
 * GIF (a failed write is said and ends the run). */
static void add_frame(run_state *r, const run_options *o, const run_plan *p, const canvas_view *view, int f,
                      run_tally *t)
{
    const steer_scenario_info *info = p->info;
    int n = info->total_agents;
    trails_push(&r->trails, r->ground);
    trails_push_moved(&r->still_trails, r->ground, 0.5f / (float)view->scale); /* half a pixel */
    double f0 = now();
    metrics_frame(&r->metrics, r->pos);
    t->figure_seconds += now() - f0;
    if (r->csv && !o->csv_steps) write_csv_frame(r->csv, r, n, info->dim, f + 1, (double)t->step * info->dt);
    snprintf(t->caption, sizeof t->caption, "%s   t = %.1f", info->name, (double)t->step * info->dt);
    canvas_frame frame = {n, r->ground, r->heading, r->group, &r->trails, p->trail, true, r->world, o->debug, t->caption,
                          r->radius};
    cairo_t *cr = cairo_create(r->image);
    canvas_draw(cr, view, &frame);
    cairo_destroy(cr);
    cairo_surface_flush(r->image);
    if (gif_writer_add(r->gif, cairo_image_surface_get_data(r->image), cairo_image_surface_get_stride(r->image))) {
        fprintf(stderr, "steer run: %s: write failed\n", p->gif_file);
        t->failed = true;
    }
}

/* The run itself: the steps, frame by frame, until the last or a failure. */
static void run_frames(run_state *r, const run_options *o, const run_plan *p, const canvas_view *view, progress *pg,
                       run_tally *t)
{
    for (int f = 0; f < p->frames && !t->failed; ++f) {
        run_steps(r, o, p, pg, f, t);
        add_frame(r, o, p, view, f, t);
        progress_report(pg, f + 1, t->step, true, 0.0);
    }
    if (pg->bar) fprintf(stderr, "\r%*s\r", 100, ""); /* the bar cleared for what follows */
}

/* The GIF closed, then the still as a PNG and an SVG unless a write failed
 * already (a failure said). */
static void finish_pictures(run_state *r, const run_options *o, const run_plan *p, const canvas_view *view, run_tally *t)
{
    if (gif_writer_close(r->gif) != 0 && !t->failed) {
        fprintf(stderr, "steer run: %s: write failed\n", p->gif_file);
        t->failed = true;
    }
    r->gif = 0;
    if (!t->failed) {
        canvas_frame still = {p->info->total_agents, r->ground, r->heading, r->group, &r->still_trails, p->still_trail,
                              false, r->world, o->debug, t->caption, r->radius};
        t->failed = write_image(p->png_file, view, &still, false) || write_image(p->svg_file, view, &still, true);
    }
}

/* --csv's stream flushed and closed (a failed write said, unless the run
 * failed already). */
static void close_csv(run_state *r, const run_options *o, run_tally *t)
{
    if (!r->csv) return;
    /* a buffered write can fail at any flush: the stream's error flag, then the close */
    errno = 0;
    bool bad = fflush(r->csv) != 0 || ferror(r->csv);
    int why = errno;
    if (r->csv != stdout && fclose(r->csv) != 0 && !bad) bad = true, why = errno;
    r->csv = 0;
    if (bad && !t->failed) {
        fprintf(stderr, "steer run: --csv %s: write failed: %s\n", o->csv, why ? strerror(why) : "stream error");
        t->failed = true;
    }
}

/* The figures as JSON, to --metrics' file or standard output (a failure
 * said). */
static void write_metrics(const run_state *r, const run_options *o, const run_plan *p, const char *hash, run_tally *t)
{
    errno = 0; /* fopen's reason, if it fails, is the one to report */
    FILE *mf = p->metrics_stdout ? stdout : fopen(o->metrics, "w");
    bool bad = !mf || metrics_write_json(&r->metrics, mf, hash) != 0 || fflush(mf) != 0 || ferror(mf);
    int why = errno;
    if (mf && mf != stdout && fclose(mf) != 0 && !bad) bad = true, why = errno;
    if (bad) {
        fprintf(stderr, "steer run: --metrics %s: write failed: %s\n", o->metrics, why ? strerror(why) : "stream error");
        t->failed = true;
    }
}

/* Every file the run writes, removed after a failed write. */
static void remove_outputs(const run_options *o, const run_plan *p)
{
    remove_output(p->gif_file);
    remove_output(p->png_file);
    remove_output(p->svg_file);
    if (o->csv && !p->csv_stdout) remove_output(o->csv);
    if (o->metrics && !p->metrics_stdout) remove_output(o->metrics);
}

/* The run in numbers, the figures and the files written. */
static void print_summary(const run_state *r, const run_options *o, const run_plan *p, const run_tally *t, const char *hash)
{
    const steer_scenario_info *info = p->info;
    FILE *report = p->report;
    double total_seconds = now() - t->started;
    fprintf(report, "steer run: %s: %d agents in %d group%s, %ld steps of %g (%.1f time units), seed %" PRIu64
           ", %d thread%s\n",
           info->name, info->total_agents, info->group_count, info->group_count == 1 ? "" : "s", t->step,
           (double)info->dt, (double)t->step * info->dt, o->set_seed ? o->seed : info->seed, p->threads,
           p->threads == 1 ? "" : "s");
    metrics_print(&r->metrics, report);
    fprintf(report,
            "\n  %.2f s in all: simulation %.2f s, figures %.2f s, checks before the run %.2f s, rendering and encoding %.2f s; "
            "state hash %s\n",
            total_seconds, t->sim_seconds, t->figure_seconds, t->check_seconds,
            total_seconds - t->sim_seconds - t->figure_seconds - t->check_seconds, hash);
    fprintf(report, "  wrote %s (%d frames, %dx%d, %.2f MB)\n        %s (last frame, %d-frame trails)\n        %s\n",
           p->gif_file, p->frames, p->width, p->height, file_size(p->gif_file) / 1048576.0, p->png_file, p->still_trail,
           p->svg_file);
    if (o->csv && !p->csv_stdout) fprintf(report, "        %s\n", o->csv);
    if (o->metrics && !p->metrics_stdout) fprintf(report, "        %s\n", o->metrics);
}

/* Everything freed, cairo's and fontconfig's caches too (a failed write
 * left them to LeakSanitizer): keeps leak checkers quiet. */
static int run_end(run_state *r, int status)
{
    run_free(r);
    cairo_debug_reset_static_data();
    FcFini();
    return status;
}

int steer_cmd_run(int argc, char **argv)
{
    run_options o;
    int rc = parse_options(argc, argv, &o);
    if (rc == 1) return tool_stdout_written("steer run") ? 0 : 1; /* --help */
    if (rc) return rc;

    /* the scenario, the files named and the world checked before the first
     * folder is made; a failure frees what was made */
    run_state r;
    memset(&r, 0, sizeof r);
    run_plan p;
    if ((rc = load_scenario(&r, &o)) || (rc = plan_run(&p, &o, steer_scenario_get_info(r.sc))) ||
        (rc = build_world(&r, &o, &p)) || (rc = make_output_folders(&o, &p)) || (rc = read_start(&r, &p))) {
        run_free(&r);
        return rc;
    }
    warn_about_start(&r, &o, &p);
    if ((rc = open_gif(&r, &o, &p))) {
        run_free(&r);
        return rc;
    }
    if ((rc = open_csv(&r, &o, &p))) {
        run_free(&r);
        remove_output(p.gif_file); /* opened already: no GIF without frames is left */
        return rc;
    }

    canvas_view view;
    progress pg;
    start_frames(&r, &o, &p, &view, &pg);
    run_tally t = {.started = pg.started};
    warn_about_run(&r, &o, &p, &pg);
    t.check_seconds = now() - t.started;
    run_frames(&r, &o, &p, &view, &pg, &t);

    finish_pictures(&r, &o, &p, &view, &t);
    close_csv(&r, &o, &t);
    char hash[32]; /* the state at the end: in the figures and the summary */
    snprintf(hash, sizeof hash, "%016" PRIx64, steer_world_state_hash(r.world));
    if (!t.failed && o.metrics) write_metrics(&r, &o, &p, hash, &t);
    if (t.failed) { /* no output of a failed write is left half made */
        remove_outputs(&o, &p);
        return run_end(&r, 1);
    }

    if (!o.quiet) print_summary(&r, &o, &p, &t, hash);
    int failures = metrics_check(&r.metrics, stderr);
    if (p.report == stdout && !tool_stdout_written("steer run")) failures = 1; /* the outputs stand; the report was lost */
    return run_end(&r, failures ? 1 : 0);
}

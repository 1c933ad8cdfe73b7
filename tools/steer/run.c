/* `steer run`: a scenario rendered to an animated GIF, a PNG of the last
 * frame with fading trails and an SVG of the trails, with motion-quality
 * figures. Everything the user gave is checked before anything is written:
 * bad options, scenarios, files or folders stop with status 2. */
#define _POSIX_C_SOURCE 200809L
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
    bool set_seed;
    uint64_t seed;
    const char *csv, *metrics;
    bool debug, quiet;
} run_options;

static void usage(FILE *to)
{
    fprintf(to,
            "usage: steer run [SCENARIO.json] [-o DIR] [--frames N] [--size WxH] [--fps F] [--seed S]\n"
            "                 [--trail N] [--threads T] [--csv FILE] [--metrics FILE] [--debug] [--quiet]\n"
            "  SCENARIO.json  a scenario (docs/scenarios.md); none: the built-in showcase\n"
            "  -o DIR         output folder, created if missing (default: out)\n"
            "  --frames N     frames to render; the run lasts N times the scenario's steps per frame\n"
            "  --size WxH     picture size in pixels (default: the scenario's)\n"
            "  --fps F        GIF playback rate (default: the scenario's)\n"
            "  --trail N      GIF trail length in frames (default: the scenario's; the PNG and SVG keep theirs)\n"
            "  --seed S       replace the scenario's seed (same seed: byte-identical outputs)\n"
            "  --threads T    worker threads (results are identical for any T)\n"
            "  --csv FILE     every agent's state at every frame\n"
            "  --metrics FILE the motion-quality figures as JSON\n"
            "  --debug        overlay neighbour radius, wander circle, feelers, paths, flow fields\n"
            "  --quiet        no progress bar and no summary\n");
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int parse_long(const char *s, long long lo, long long hi, long long *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (!*s || *end || errno || v < lo || v > hi) return -1;
    *out = v;
    return 0;
}

static int parse_options(int argc, char **argv, run_options *o)
{
    *o = (run_options){0, "out", 0, 0, 0, 0, 0, -1, false, 0, 0, 0, false, false};
    for (int i = 0; i < argc; ++i) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : 0;
        long long n;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 1;
        }
        static const char *const valued[] = {"-o", "--out", "--csv", "--metrics", "--frames", "--fps",
                                             "--threads", "--seed", "--trail", "--size"};
        bool takes_value = false;
        for (size_t k = 0; k < sizeof valued / sizeof valued[0]; ++k) takes_value = takes_value || !strcmp(a, valued[k]);
        if (!strcmp(a, "--debug")) o->debug = true;
        else if (!strcmp(a, "--quiet")) o->quiet = true;
        else if (takes_value && !v) {
            fprintf(stderr, "steer run: %s needs a value\n", a);
            return 2;
        } else if (!strcmp(a, "-o") || !strcmp(a, "--out")) o->out_dir = v, ++i;
        else if (!strcmp(a, "--csv")) o->csv = v, ++i;
        else if (!strcmp(a, "--metrics")) o->metrics = v, ++i;
        else if (!strcmp(a, "--frames") || !strcmp(a, "--fps") || !strcmp(a, "--threads") || !strcmp(a, "--seed") ||
                 !strcmp(a, "--trail")) {
            long long hi = !strcmp(a, "--frames") ? 10000 : !strcmp(a, "--fps") ? 100 : !strcmp(a, "--threads") ? 64
                         : !strcmp(a, "--trail") ? 1000 : 9007199254740991ll;
            long long lo = !strcmp(a, "--seed") || !strcmp(a, "--trail") ? 0 : 1;
            if (parse_long(v, lo, hi, &n)) {
                fprintf(stderr, "steer run: %s expects an integer from %lld to %lld, got '%s'\n", a, lo, hi, v);
                return 2;
            }
            if (!strcmp(a, "--frames")) o->frames = (int)n;
            else if (!strcmp(a, "--fps")) o->fps = (int)n;
            else if (!strcmp(a, "--threads")) o->threads = (int)n;
            else if (!strcmp(a, "--trail")) o->trail = (int)n;
            else o->set_seed = true, o->seed = (uint64_t)n;
            ++i;
        } else if (!strcmp(a, "--size")) {
            int w = 0, h = 0;
            char tail;
            if (sscanf(v, "%dx%d%c", &w, &h, &tail) != 2 || w < 16 || h < 16 || w > 4096 || h > 4096) {
                fprintf(stderr, "steer run: --size expects WxH with each from 16 to 4096, got '%s'\n", v);
                return 2;
            }
            o->width = w, o->height = h;
            ++i;
        } else if (a[0] == '-' && a[1] != 0) {
            fprintf(stderr, "steer run: unknown option '%s'\n", a);
            usage(stderr);
            return 2;
        } else if (o->scenario) {
            fprintf(stderr, "steer run: one scenario at a time ('%s' and '%s')\n", o->scenario, a);
            return 2;
        } else {
            o->scenario = a;
        }
    }
    if (!*o->out_dir) {
        fprintf(stderr, "steer run: -o needs a folder\n");
        return 2;
    }
    return 0;
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

static bool same_folder(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    while (la > 1 && a[la - 1] == '/') --la;
    while (lb > 1 && b[lb - 1] == '/') --lb;
    return la == lb && !memcmp(a, b, la);
}

/* The folder a file will be written into must exist and be writable (or be
 * the output folder, which is created). */
static int check_file_target(const char *file, const char *option, const char *out_dir)
{
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", file);
    char *slash = strrchr(dir, '/');
    if (slash == dir) dir[1] = 0;
    else if (slash) *slash = 0;
    else snprintf(dir, sizeof dir, ".");
    struct stat st;
    if (same_folder(dir, out_dir)) return 0;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode) || access(dir, W_OK | X_OK) != 0) {
        fprintf(stderr, "steer run: %s %s: folder '%s' is missing or not writable\n", option, file, dir);
        return 2;
    }
    if (stat(file, &st) == 0 && S_ISDIR(st.st_mode)) {
        fprintf(stderr, "steer run: %s %s: is a folder\n", option, file);
        return 2;
    }
    return 0;
}

static void progress(int done, int total, double started)
{
    const int width = 32;
    int filled = total ? done * width / total : width;
    char bar[40];
    for (int i = 0; i < width; ++i) bar[i] = i < filled ? '#' : '-';
    bar[width] = 0;
    double elapsed = now() - started;
    fprintf(stderr, "\rrendering [%s] %3d%%  frame %d/%d  %.1f s", bar, total ? 100 * done / total : 100, done, total,
            elapsed);
    fflush(stderr);
}

typedef struct run_state {
    steer_scenario *sc;
    steer_world *world;
    steer_agent_id *ids;
    steer_v3 *pos, *vel, *prev_pos, *prev_vel;
    int *group;
    trails trails;
    metrics metrics;
    cairo_surface_t *image;
    gif_palette *palette;
    gif_writer *gif;
    FILE *csv;
} run_state;

static void run_free(run_state *r)
{
    if (r->gif) gif_writer_close(r->gif);
    if (r->csv) fclose(r->csv);
    if (r->image) cairo_surface_destroy(r->image);
    trails_free(&r->trails);
    metrics_free(&r->metrics);
    free(r->palette);
    free(r->ids);
    free(r->pos);
    free(r->vel);
    free(r->prev_pos);
    free(r->prev_vel);
    free(r->group);
    steer_world_destroy(r->world);
    steer_scenario_destroy(r->sc);
}

static void read_agents(run_state *r, int count)
{
    for (int a = 0; a < count; ++a) {
        steer_agent_state s;
        if (steer_world_get_agent(r->world, r->ids[a], &s) == STEER_OK) {
            r->pos[a] = s.position;
            r->vel[a] = s.velocity;
        }
    }
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

int steer_cmd_run(int argc, char **argv)
{
    run_options o;
    int rc = parse_options(argc, argv, &o);
    if (rc) return rc == 1 ? 0 : rc;

    run_state r;
    memset(&r, 0, sizeof r);
    r.sc = steer_scenario_create();
    if (!r.sc) {
        fprintf(stderr, "steer run: out of memory\n");
        return 1;
    }
    char error[1024];
    int loaded = o.scenario ? steer_scenario_load_json_file(r.sc, o.scenario, error, sizeof error)
                            : steer_scenario_load_json(r.sc, "showcase.json (built in)", (const char *)steer_showcase_json,
                                                       (size_t)steer_showcase_json_size, error, sizeof error);
    if (loaded != 0) {
        fprintf(stderr, "%s\n", error);
        run_free(&r);
        return 2;
    }
    const steer_scenario_info *info = steer_scenario_get_info(r.sc);
    if ((o.csv && check_file_target(o.csv, "--csv", o.out_dir)) ||
        (o.metrics && check_file_target(o.metrics, "--metrics", o.out_dir))) {
        run_free(&r);
        return 2;
    }
    int err = make_dirs(o.out_dir);
    if (err) {
        fprintf(stderr, "steer run: -o %s: cannot use as the output folder: %s\n", o.out_dir, strerror(err));
        run_free(&r);
        return 2;
    }

    /* the run: frames, steps and picture */
    int steps_per_frame = info->steps / info->frames;
    int frames = o.frames ? o.frames : info->frames;
    long steps = o.frames ? (long)o.frames * (steps_per_frame > 0 ? steps_per_frame : 1) : info->steps;
    int width = o.width ? o.width : info->width, height = o.height ? o.height : info->height;
    int fps = o.fps ? o.fps : info->fps;
    int trail = o.trail >= 0 ? o.trail : info->trail;
    int still_trail = info->trail * 4 < frames ? info->trail * 4 : frames;
    if (still_trail < trail) still_trail = trail;
    int threads = o.threads ? o.threads : info->threads;
    char stem[256], gif_file[PATH_MAX], png_file[PATH_MAX], svg_file[PATH_MAX];
    stem_of(o.scenario ? o.scenario : "showcase", stem, sizeof stem);
    snprintf(gif_file, sizeof gif_file, "%s/%s.gif", o.out_dir, stem);
    snprintf(png_file, sizeof png_file, "%s/%s.png", o.out_dir, stem);
    snprintf(svg_file, sizeof svg_file, "%s/%s.svg", o.out_dir, stem);

    int n = info->total_agents;
    size_t cells = (size_t)n + 1;
    r.ids = calloc(cells, sizeof *r.ids);
    r.pos = calloc(cells, sizeof *r.pos);
    r.vel = calloc(cells, sizeof *r.vel);
    r.prev_pos = calloc(cells, sizeof *r.prev_pos);
    r.prev_vel = calloc(cells, sizeof *r.prev_vel);
    r.group = calloc(cells, sizeof *r.group);
    r.palette = malloc(sizeof *r.palette);
    steer_scenario_overrides ov = {o.set_seed, o.seed, threads, 0, r.ids};
    bool ok = r.ids && r.pos && r.vel && r.prev_pos && r.prev_vel && r.group && r.palette;
    if (ok) r.world = steer_scenario_create_world(r.sc, &ov, error, sizeof error);
    if (!ok || !r.world) {
        fprintf(stderr, "steer run: %s\n", ok ? error : "out of memory");
        run_free(&r);
        return 1;
    }
    for (int a = 0; a < n; ++a) {
        steer_agent_state s;
        steer_world_get_agent(r.world, r.ids[a], &s);
        r.group[a] = s.group;
    }
    read_agents(&r, n);
    if (trails_init(&r.trails, n, still_trail) || metrics_init(&r.metrics, info, n, r.group, r.pos)) {
        fprintf(stderr, "steer run: out of memory\n");
        run_free(&r);
        return 1;
    }
    uint32_t colours[64];
    int colour_count = canvas_colours(info, o.debug, colours, 64);
    gif_palette_build(r.palette, info->background, colours, colour_count);
    r.image = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height);
    if (cairo_surface_status(r.image) != CAIRO_STATUS_SUCCESS) {
        fprintf(stderr, "steer run: out of memory\n");
        run_free(&r);
        return 1;
    }
    int delay = (100 + fps / 2) / fps;
    r.gif = gif_writer_open(gif_file, width, height, r.palette, delay < 2 ? 2 : delay, error, sizeof error);
    if (!r.gif) {
        fprintf(stderr, "steer run: %s\n", error);
        run_free(&r);
        return 1;
    }
    if (o.csv) {
        r.csv = fopen(o.csv, "w");
        if (!r.csv) {
            fprintf(stderr, "steer run: --csv %s: %s\n", o.csv, strerror(errno));
            run_free(&r);
            remove(gif_file);
            return 1;
        }
        fprintf(r.csv, info->dim == 3 ? "frame,time,agent,group,x,y,z,vx,vy,vz\n" : "frame,time,agent,group,x,y,vx,vy\n");
    }

    canvas_view view = canvas_view_make(info, width, height);
    bool bar = !o.quiet && isatty(2);
    double started = now(), sim_seconds = 0.0;
    long step = 0;
    bool failed = false;
    char caption[160];
    for (int f = 0; f < frames && !failed; ++f) {
        long until = (long)((long long)(f + 1) * steps / frames);
        while (step < until) {
            memcpy(r.prev_pos, r.pos, sizeof *r.pos * (size_t)n);
            memcpy(r.prev_vel, r.vel, sizeof *r.vel * (size_t)n);
            double t0 = now();
            steer_result sr = steer_world_step(r.world, info->dt);
            double t1 = now();
            sim_seconds += t1 - t0;
            if (sr != STEER_OK) {
                fprintf(stderr, "steer run: the world refused to step: %s\n", steer_result_string(sr));
                failed = true;
                break;
            }
            read_agents(&r, n);
            metrics_step(&r.metrics, r.prev_pos, r.prev_vel, r.pos, r.vel, info->dt, 1e3 * (t1 - t0));
            ++step;
        }
        trails_push(&r.trails, r.pos);
        metrics_frame(&r.metrics, r.pos);
        if (r.csv)
            for (int a = 0; a < n; ++a) {
                const steer_v3 p = r.pos[a], v = r.vel[a];
                double t = (double)step * info->dt;
                if (info->dim == 3)
                    fprintf(r.csv, "%d,%.6g,%d,%d,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g\n", f, t, a, r.group[a], p.x, p.y, p.z, v.x,
                            v.y, v.z);
                else fprintf(r.csv, "%d,%.6g,%d,%d,%.9g,%.9g,%.9g,%.9g\n", f, t, a, r.group[a], p.x, p.y, v.x, v.y);
            }
        snprintf(caption, sizeof caption, "%s   t = %.1f", info->name, (double)step * info->dt);
        canvas_frame frame = {n, r.pos, r.vel, r.group, &r.trails, trail, true, r.world, o.debug, caption};
        cairo_t *cr = cairo_create(r.image);
        canvas_draw(cr, &view, &frame);
        cairo_destroy(cr);
        cairo_surface_flush(r.image);
        if (gif_writer_add(r.gif, cairo_image_surface_get_data(r.image), cairo_image_surface_get_stride(r.image))) {
            fprintf(stderr, "steer run: %s: write failed\n", gif_file);
            failed = true;
        }
        if (bar) progress(f + 1, frames, started);
    }
    if (bar) fprintf(stderr, "\r%*s\r", 78, "");
    if (gif_writer_close(r.gif) != 0 && !failed) {
        fprintf(stderr, "steer run: %s: write failed\n", gif_file);
        failed = true;
    }
    r.gif = 0;
    if (!failed) {
        canvas_frame still = {n, r.pos, r.vel, r.group, &r.trails, still_trail, false, r.world, o.debug, caption};
        failed = write_image(png_file, &view, &still, false) || write_image(svg_file, &view, &still, true);
    }
    if (r.csv) {
        if (fclose(r.csv) != 0 && !failed) {
            fprintf(stderr, "steer run: --csv %s: write failed\n", o.csv);
            failed = true;
        }
        r.csv = 0;
    }
    char hash[32];
    snprintf(hash, sizeof hash, "%016" PRIx64, steer_world_state_hash(r.world));
    if (!failed && o.metrics) {
        FILE *mf = fopen(o.metrics, "w");
        if (mf) metrics_write_json(&r.metrics, mf, hash);
        if (!mf || fclose(mf) != 0) {
            fprintf(stderr, "steer run: --metrics %s: write failed\n", o.metrics);
            failed = true;
        }
    }
    if (failed) {
        remove(gif_file);
        remove(png_file);
        remove(svg_file);
        run_free(&r);
        return 1;
    }
    double total_seconds = now() - started;
    if (!o.quiet) {
        printf("steer run: %s: %d agents in %d group%s, %ld steps of %g (%.1f time units), seed %" PRIu64
               ", %d thread%s\n",
               info->name, n, info->group_count, info->group_count == 1 ? "" : "s", step, (double)info->dt,
               (double)step * info->dt, o.set_seed ? o.seed : info->seed, threads, threads == 1 ? "" : "s");
        metrics_print(&r.metrics, stdout);
        printf("\n  %.2f s in all: simulation %.2f s, rendering and encoding %.2f s; state hash %s\n", total_seconds,
               sim_seconds, total_seconds - sim_seconds, hash);
        printf("  wrote %s (%d frames, %dx%d, %.2f MB)\n        %s (last frame, %d-frame trails)\n        %s\n",
               gif_file, frames, width, height, file_size(gif_file) / 1048576.0, png_file, still_trail, svg_file);
        if (o.csv) printf("        %s\n", o.csv);
        if (o.metrics) printf("        %s\n", o.metrics);
    }
    int failures = metrics_check(&r.metrics, stderr);
    run_free(&r);
    cairo_debug_reset_static_data(); /* cairo's and fontconfig's caches: keeps leak checkers quiet */
    FcFini();
    return failures ? 1 : 0;
}

/* `steer bench`: the standard flock timed per step (steer bench --help).
 *   --repeat R   run each configuration R times and report the fastest run
 *                (its ms_per_step; ms_per_step_median gives the median)
 *   --goals      every agent also arrives at its own point (per-agent goals)
 *   --crowd      every agent arrives at its own point, anticipating collisions
 *                (a crowd)
 *   both timed beside the standard flock of the same size, the runs alternating
 *   --ground     the 2D flock (or goals, or crowd) on the XZ ground of a Y-up
 *                3D world, its group ground_plane (the 2.5D case of a game)
 *   --own-radii  any of these in a world with agent_radii, each agent its
 *                group's radius as its own (the same motion): what they cost
 */
#define _DEFAULT_SOURCE /* madvise, MADV_HUGEPAGE */
#define _POSIX_C_SOURCE 200809L
#include "commands.h"
#include "tool_json.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/utsname.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#include <steer/steer.h>

/* What every agent does: the standard flock's rules alone, those and its
 * own goal, or its own goal while anticipating collisions (no flocking). */
typedef enum bench_mode { BENCH_FLOCK, BENCH_GOALS, BENCH_CROWD } bench_mode;

/* One configuration to time. */
typedef struct bench_setup {
    int agents, threads, steps, dim;
    float k; /* the mean neighbours the torus is sized for */
    steer_kernel kernel;
    bench_mode mode;
    bool ground; /* the 2D placement on a Y-up world's ground (dim 3) */
    bool own_radii; /* a world with agent_radii, each agent its group's radius as its own */
} bench_setup;

typedef struct bench_result {
    bench_setup setup;
    double mean_neighbours, ms_per_step, cpu_ms_per_step, grid_share;
    uint64_t hash;
    size_t bytes;
    steer_kernel kernel; /* the one that ran (BEST resolved) */
    double ms_median; /* over the repeats */
    int repeat;
    double flock_ms, flock_ms_median; /* goals and crowds: the standard flock of the same size, threads and K */
} bench_result;

/* The machine the figures belong to: they mean little without it. */
typedef struct host_info {
    char cpu[128]; /* /proc/cpuinfo's model name, or an AArch64 core's maker and part */
    char os[160];  /* uname: system and release */
} host_info;

/* The instruction set this program was built for (under an emulator, not
 * the machine's: qemu-user shows the host's /proc/cpuinfo). */
static const char *build_arch(void)
{
#if defined(__x86_64__)
    return "x86_64";
#elif defined(__i386__)
    return "i386";
#elif defined(__aarch64__)
    return "aarch64";
#elif defined(__arm__)
    return "arm";
#elif defined(__wasm32__)
    return "wasm32";
#else
    return "unknown";
#endif
}

/* The value of a "key<tabs>: value" line of /proc/cpuinfo when the line is
 * that key's, else NULL; its newline removed. */
static char *cpuinfo_value(char *line, const char *key)
{
    size_t n = strlen(key);
    char *colon = strchr(line, ':');
    if (!colon || strncmp(line, key, n) != 0 || strspn(line + n, " \t") != (size_t)(colon - line) - n) return 0;
    colon += 1 + (colon[1] == ' ');
    colon[strcspn(colon, "\n")] = 0;
    return colon;
}

/* An AArch64 /proc/cpuinfo has no model name: the first core's implementer
 * (a maker's code) and part number name it instead, "ARM part 0xd0c"
 * (Neoverse N1, as in AWS Graviton2). */
static void name_arm_core(char *out, size_t size, const char *implementer, const char *part)
{
    static const struct { unsigned code; const char *name; } makers[] = {
        {0x41, "ARM"},     {0x42, "Broadcom"}, {0x43, "Cavium"}, {0x46, "Fujitsu"}, {0x48, "HiSilicon"},
        {0x4e, "NVIDIA"},  {0x50, "APM"},      {0x51, "Qualcomm"}, {0x53, "Samsung"}, {0x61, "Apple"},
        {0xc0, "Ampere"},
    };
    unsigned code = (unsigned)strtoul(implementer, 0, 16);
    for (size_t i = 0; i < sizeof makers / sizeof makers[0]; ++i)
        if (makers[i].code == code) {
            snprintf(out, size, "%s part %s", makers[i].name, part);
            return;
        }
    snprintf(out, size, "implementer %s part %s", implementer, part);
}

static host_info host_describe(void)
{
    host_info h = {"unknown", "unknown"};
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f) {
        char line[256], implementer[32] = "", part[32] = "";
        bool named = false;
        while (!named && fgets(line, sizeof line, f)) {
            const char *v;
            if ((v = cpuinfo_value(line, "model name")))
                snprintf(h.cpu, sizeof h.cpu, "%s", v), named = true;
            else if ((v = cpuinfo_value(line, "CPU implementer")) && !implementer[0])
                snprintf(implementer, sizeof implementer, "%s", v);
            else if ((v = cpuinfo_value(line, "CPU part")) && !part[0])
                snprintf(part, sizeof part, "%s", v);
        }
        if (!named && implementer[0] && part[0]) name_arm_core(h.cpu, sizeof h.cpu, implementer, part);
        fclose(f);
    }
    struct utsname u;
    if (uname(&u) == 0) snprintf(h.os, sizeof h.os, "%s %s", u.sysname, u.release);
    return h;
}

static double clock_seconds(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
static double seconds(void) { return clock_seconds(CLOCK_MONOTONIC); }
/* CPU time of all threads: the honest figure on a machine shared with other work. */
static double cpu_seconds(void) { return clock_seconds(CLOCK_PROCESS_CPUTIME_ID); }

/* Counts the distinct agents a query reaches, other than the one asked
 * about: on a torus an agent near a seam is reached through the copies of
 * the centre beyond it, and on a torus under 2 wide (a handful of agents,
 * or a large K) through more than one copy. */
typedef struct neighbour_count {
    int *stamp; /* per agent: the last sample that counted it */
    int sample, self, count;
} neighbour_count;

static void count_neighbour(int id, float distance_sq, void *context)
{
    neighbour_count *c = context;
    (void)distance_sq;
    if (id == c->self || c->stamp[id] == c->sample) return;
    c->stamp[id] = c->sample;
    c->count++;
}

/* Mean neighbour count within radius 1, measured on a sample of agents as the
 * world sees them: across the torus's seams (a plain grid missed the
 * neighbours beyond them: 13.5 for 200 agents on a torus sized for 16).
 * Negative when out of memory. */
static double measure_neighbours(steer_world *w, int dim)
{
    steer_world_view view = steer_world_get_view(w);
    steer_world_def wd;
    steer_world_get_def(w, &wd);
    int sample = view.count < 2000 ? view.count : 2000;
    steer_grid_def gd = steer_default_grid_def();
    gd.dim = dim;
    gd.cell_size = 1.0f;
    gd.capacity = view.count;
    steer_grid *grid = steer_grid_create(&gd);
    float *pts = malloc(sizeof(float) * 3 * (size_t)view.count);
    int *stamp = malloc(sizeof(int) * (size_t)view.count);
    if (!grid || !pts || !stamp) {
        free(pts), free(stamp);
        steer_grid_destroy(grid);
        return -1.0;
    }
    for (int i = 0; i < view.count; ++i) {
        pts[3 * i] = view.px[i];
        pts[3 * i + 1] = view.py[i];
        pts[3 * i + 2] = dim == 3 ? view.pz[i] : 0.0f;
        stamp[i] = -1;
    }
    double total = 0.0;
    if (steer_grid_build(grid, pts, view.count, 3) != STEER_OK) total = -1.0;
    /* the copies of the world's box one side along each axis it wraps */
    const float lo[3] = {wd.bounds_min.x, wd.bounds_min.y, wd.bounds_min.z};
    const float hi[3] = {wd.bounds_max.x, wd.bounds_max.y, wd.bounds_max.z};
    int reach[3] = {0, 0, 0};
    for (int a = 0; a < dim && wd.boundary == STEER_BOUNDARY_WRAP; ++a) reach[a] = 1;
    for (int s = 0; s < sample && total >= 0.0; ++s) {
        int i = (int)((long long)s * view.count / sample);
        neighbour_count c = {stamp, s, i, 0};
        for (int dz = -reach[2]; dz <= reach[2]; ++dz)
            for (int dy = -reach[1]; dy <= reach[1]; ++dy)
                for (int dx = -reach[0]; dx <= reach[0]; ++dx) {
                    const int d[3] = {dx, dy, dz};
                    float centre[3];
                    for (int a = 0; a < 3; ++a) centre[a] = pts[3 * i + a] + (float)d[a] * (hi[a] - lo[a]);
                    steer_grid_query_visit(grid, centre, 1.0f, count_neighbour, &c);
                }
        total += c.count;
    }
    free(pts), free(stamp);
    steer_grid_destroy(grid);
    return total < 0.0 ? -1.0 : sample ? total / sample : 0.0;
}

/* Large arrays on transparent huge pages where the system offers them
 * (Linux, THP in "madvise" mode): a million agents' arrays span thousands
 * of 4 KiB pages, and the handle table is written in random order, so TLB
 * misses otherwise vary from run to run. Anything else: plain aligned
 * allocation. */
#define HUGE_PAGE ((size_t)2 << 20)
static void *bench_alloc(size_t size, size_t alignment, void *context)
{
    (void)context;
    if (size < HUGE_PAGE) {
        void *p = 0;
        return posix_memalign(&p, alignment < sizeof(void *) ? sizeof(void *) : alignment, size) == 0 ? p : 0;
    }
    void *p = 0;
    size_t rounded = (size + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
    if (posix_memalign(&p, HUGE_PAGE, rounded) != 0) return 0;
#ifdef MADV_HUGEPAGE
    madvise(p, rounded, MADV_HUGEPAGE);
#endif
    return p;
}

static void bench_free(void *memory, void *context)
{
    (void)context;
    free(memory);
}

/* The ground of --ground: every agent at this height of a Y-up torus three
 * cells tall (at least twice the neighbour radius, so no agent is seen
 * twice across the seam). */
#define GROUND_HEIGHT 1.5f
#define GROUND_TOP 3.0f

/* Sends every agent of the standard flock to its own random point of the
 * torus (ARRIVE, the braking form); on the ground, to points of the ground.
 * Agent i was added as the i-th agent of a new world: its handle is
 * {i + 1, 0, 0}. */
static int add_goals(steer_world *w, const bench_setup *b)
{
    steer_world_def wd;
    steer_world_get_def(w, &wd);
    steer_agent_id *ids = malloc(sizeof *ids * (size_t)b->agents);
    steer_v3 *targets = malloc(sizeof *targets * (size_t)b->agents);
    if (!ids || !targets) {
        free(ids), free(targets);
        return -1;
    }
    steer_rng rng = steer_rng_make(2);
    float side = wd.bounds_max.x;
    for (int i = 0; i < b->agents; ++i) {
        ids[i] = (steer_agent_id){(uint32_t)i + 1, 0, 0};
        float x = steer_rng_range(&rng, 0.0f, side);
        float y = steer_rng_range(&rng, 0.0f, side);
        float z = b->dim == 3 && !b->ground ? steer_rng_range(&rng, 0.0f, side) : 0.0f;
        targets[i] = b->ground ? steer_v3_make(x, GROUND_HEIGHT, y) : steer_v3_make(x, y, z);
    }
    int set = steer_world_set_targets(w, ids, targets, b->agents, STEER_GOAL_ARRIVE, NULL);
    free(ids), free(targets);
    return set == b->agents ? 0 : -1;
}

/* The crowd: the standard flock's limits (max_speed 2, max_force 4),
 * neighbour radius (1, so the torus holds K neighbours within it) and
 * placement, with no flocking; each agent anticipates collisions with what
 * it sees ahead of arriving at its goal, in the running sum, and keep_apart
 * stops a step from closing a gap to contact: the settings of the crowd
 * scenarios (scenarios/circle_crossing.json). The body radius is a tenth of
 * the neighbour radius, as in RVO2's Circle example (1.5 of 15). */
static steer_group_def crowd_group_def(void)
{
    steer_group_def g = steer_standard_flock_group_def();
    g.weight[STEER_SEPARATION] = g.weight[STEER_ALIGNMENT] = g.weight[STEER_COHESION] = 0.0f;
    g.weight[STEER_ANTICIPATE] = 1.0f;
    g.combine = STEER_COMBINE_RUNNING_SUM;
    g.keep_apart = true;
    g.anticipation_k = 20.0f;
    g.keep_right = 0.5f;
    g.radius = 0.1f;
    return g;
}

/* The standard flock copied agent by agent into a world of another def,
 * so that the two start alike: with --ground the 2D flock laid on the XZ
 * ground of a Y-up 3D world (2D x, y become x, z, at GROUND_HEIGHT), the
 * group ground_plane; with --own-radii a world made with agent_radii. */
static steer_world *make_copied_world(const steer_standard_flock_def *fd, const bench_setup *b)
{
    steer_standard_flock_def copied_def = *fd;
    if (b->ground) copied_def.dim = 2;
    copied_def.allocator = (steer_allocator){0};
    steer_world_def wd;
    if (steer_standard_flock_world_def(&copied_def, &wd) != STEER_OK) return 0;
    if (b->ground) {
        wd.dim = 3;
        wd.up = STEER_UP_Y;
        wd.bounds_max.y = GROUND_TOP;
    }
    wd.agent_radii = b->own_radii;
    wd.allocator = fd->allocator;
    steer_world *copied = steer_standard_flock_create(&copied_def);
    steer_world *w = copied ? steer_world_create(&wd) : 0;
    steer_group_def g = steer_standard_flock_group_def();
    g.ground_plane = b->ground;
    if (!w || steer_world_add_group(w, &g) != 0) {
        steer_world_destroy(copied), steer_world_destroy(w);
        return 0;
    }
    steer_world_view v = steer_world_get_view(copied); /* no step yet: in the order added */
    for (int i = 0; i < v.count; ++i) {
        steer_v3 p = steer_v3_make(v.px[i], v.py[i], v.pz ? v.pz[i] : 0.0f);
        steer_v3 vel = steer_v3_make(v.vx[i], v.vy[i], v.vz ? v.vz[i] : 0.0f);
        if (b->ground) p = steer_v3_make(p.x, GROUND_HEIGHT, p.y), vel = steer_v3_make(vel.x, 0.0f, vel.y);
        if (steer_world_add_agent(w, 0, p, vel).index == 0) {
            steer_world_destroy(w);
            w = 0;
            break;
        }
    }
    steer_world_destroy(copied);
    return w;
}

/* --own-radii: each agent given its group's radius as its own, so the
 * world moves as without them and the difference is what they cost. */
static int own_radii(steer_world *w, int agents)
{
    steer_group_def g;
    steer_world_get_group(w, 0, &g);
    steer_agent_id *ids = malloc(sizeof *ids * (size_t)agents);
    float *radii = malloc(sizeof *radii * (size_t)agents);
    int set = 0;
    for (int i = 0; ids && radii && i < agents; ++i) {
        ids[i] = (steer_agent_id){(uint32_t)i + 1, 0, 0}; /* the i-th agent added */
        radii[i] = g.radius;
    }
    if (ids && radii) set = steer_world_set_radii(w, ids, radii, agents, NULL);
    free(ids), free(radii);
    return set == agents ? 0 : -1;
}

static steer_world *make_world(const bench_setup *b)
{
    steer_standard_flock_def fd = steer_default_standard_flock_def();
    fd.agents = b->agents;
    fd.dim = b->dim;
    fd.neighbours = b->k;
    fd.worker_count = b->threads;
    fd.allocator = (steer_allocator){bench_alloc, bench_free, 0};
    steer_world *w = b->ground || b->own_radii ? make_copied_world(&fd, b) : steer_standard_flock_create(&fd);
    if (!w) return 0;
    steer_group_def crowd = crowd_group_def();
    crowd.ground_plane = b->ground;
    if ((b->mode == BENCH_CROWD && steer_world_set_group(w, 0, &crowd) != STEER_OK) ||
        (b->mode != BENCH_FLOCK && add_goals(w, b) != 0) || (b->own_radii && own_radii(w, b->agents) != 0)) {
        steer_world_destroy(w);
        return 0;
    }
    return w;
}

static int run_bench(const bench_setup *b, bench_result *out)
{
    steer_world *w = make_world(b);
    if (!w) return -1;
    steer_kernel kernel = steer_world_set_kernel(w, b->kernel);
    steer_world_step(w, STEER_STANDARD_FLOCK_DT); /* warm-up */
    double grid = 0.0, total = 0.0;
    double start = seconds(), cpu_start = cpu_seconds();
    for (int s = 0; s < b->steps; ++s) {
        steer_world_step(w, STEER_STANDARD_FLOCK_DT);
        steer_step_profile p = steer_world_last_profile(w);
        grid += p.grid;
        total += p.total;
    }
    double elapsed = seconds() - start, cpu = cpu_seconds() - cpu_start;
    double neighbours = measure_neighbours(w, b->dim);
    if (neighbours < 0.0) { /* out of memory: not a mean of 0 (it was printed as one) */
        steer_world_destroy(w);
        return -1;
    }
    *out = (bench_result){*b, neighbours, 1e3 * elapsed / b->steps, 1e3 * cpu / b->steps,
                          total > 0.0 ? grid / total : 0.0, steer_world_state_hash(w),
                          steer_world_memory_bytes(w), kernel, 0.0, 1, 0.0, 0.0};
    steer_world_destroy(w);
    return 0;
}

static int by_ms(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Of n sorted values. */
static double median(const double *v, int n) { return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]); }

/* The fastest of `repeat` runs (this machine is shared: runs vary by tens of
 * percent), with the median of their times alongside. Every run ends in the
 * same state, so the hash is the same. The runs of goals or a crowd
 * alternate with the standard flock's of the same size, so that both see
 * the same machine. */
static int run_repeated(const bench_setup *b, int repeat, bench_result *out)
{
    double ms[64], flock_ms[64];
    bench_setup flock_setup = *b;
    flock_setup.mode = BENCH_FLOCK;
    flock_setup.own_radii = false; /* the same standard flock beside every mode */
    for (int r = 0; r < repeat; ++r) {
        bench_result one, flock;
        if (run_bench(b, &one) != 0) return -1;
        ms[r] = one.ms_per_step;
        if (r == 0 || one.ms_per_step < out->ms_per_step) *out = one;
        if (b->mode == BENCH_FLOCK) continue;
        if (run_bench(&flock_setup, &flock) != 0) return -1;
        flock_ms[r] = flock.ms_per_step;
    }
    qsort(ms, (size_t)repeat, sizeof ms[0], by_ms);
    out->ms_median = median(ms, repeat);
    out->repeat = repeat;
    if (b->mode != BENCH_FLOCK) {
        qsort(flock_ms, (size_t)repeat, sizeof flock_ms[0], by_ms);
        out->flock_ms = flock_ms[0];
        out->flock_ms_median = median(flock_ms, repeat);
    }
    return 0;
}

/* The kernels this CPU and build can run, as "scalar, sse2, avx2". */
static void kernels_available(char *out, size_t size)
{
    out[0] = 0;
    for (steer_kernel q = STEER_KERNEL_SCALAR; q < STEER_KERNEL_COUNT; q = (steer_kernel)(q + 1))
        if (steer_kernel_available(q))
            snprintf(out + strlen(out), size - strlen(out), "%s%s", out[0] ? ", " : "", steer_kernel_name(q));
}

/* The kernel a world runs when asked for `kernel` (BEST: the fastest here). */
static steer_kernel dispatched(steer_kernel kernel)
{
    steer_standard_flock_def fd = steer_default_standard_flock_def();
    fd.agents = 16;
    steer_world *w = steer_standard_flock_create(&fd);
    steer_kernel used = w ? steer_world_set_kernel(w, kernel) : kernel;
    steer_world_destroy(w);
    return used;
}

/* steer bench --json's line for one configuration, its figures rounded as
 * docs/model.md (7) says; the goals' and crowds' times beside the flock's
 * for them alone. NULL when out of memory. */
static json_t *bench_json(const bench_result *r, const host_info *host)
{
    const bench_setup *b = &r->setup;
    json_t *line = json_pack("{s:i, s:i, s:i, s:i, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:s, s:i, s:o, s:b, s:b, s:b, s:b}",
                             "agents", b->agents,
                             "threads", b->threads,
                             "steps", b->steps,
                             "dim", b->dim,
                             "neighbours", tool_json_digits(b->k, 6),
                             "mean_neighbours", tool_json_fixed(r->mean_neighbours, 3),
                             "ms_per_step", tool_json_fixed(r->ms_per_step, 4),
                             "cpu_ms_per_step", tool_json_fixed(r->cpu_ms_per_step, 4),
                             "agent_steps_per_s", tool_json_digits(b->agents / (r->ms_per_step * 1e-3), 4),
                             "ns_per_agent_step", tool_json_fixed(1e6 * r->ms_per_step / b->agents, 3),
                             "grid_share", tool_json_fixed(r->grid_share, 4),
                             "bytes_per_agent", tool_json_fixed((double)r->bytes / b->agents, 2),
                             "kernel", steer_kernel_name(r->kernel),
                             "repeat", r->repeat,
                             "ms_per_step_median", tool_json_fixed(r->ms_median, 4),
                             "goals", b->mode != BENCH_FLOCK,
                             "crowd", b->mode == BENCH_CROWD,
                             "ground", b->ground,
                             "own_radii", b->own_radii);
    json_t *beside_flock = b->mode == BENCH_FLOCK
                               ? json_object()
                               : json_pack("{s:o, s:o, s:o, s:o}",
                                           "flock_ms_per_step", tool_json_fixed(r->flock_ms, 4),
                                           "flock_ms_per_step_median", tool_json_fixed(r->flock_ms_median, 4),
                                           "flock_ratio", tool_json_fixed(r->ms_per_step / r->flock_ms, 3),
                                           "flock_ratio_median", tool_json_fixed(r->ms_median / r->flock_ms_median, 3));
    char have[96], hash[24];
    kernels_available(have, sizeof have);
    snprintf(hash, sizeof hash, "%016" PRIx64, r->hash);
    json_t *machine = json_pack("{s:o, s:s, s:s, s:o, s:s}",
                                "cpu_model", tool_json_text(host->cpu),
                                "arch", build_arch(),
                                "kernels_available", have,
                                "os", tool_json_text(host->os),
                                "state_hash", hash);
    /* both parts freed, whichever failed */
    int rc = json_object_update_new(line, beside_flock);
    rc |= json_object_update_new(line, machine);
    if (rc == 0) return line;
    json_decref(line);
    return 0;
}

/* One line of JSON; false after "steer bench: standard output: write
 * failed: WHY" (out of memory, or a write that failed at once). */
static bool print_json(const bench_result *r, const host_info *host)
{
    if (tool_json_write(bench_json(r, host), stdout, JSON_COMPACT) == 0) return true;
    fprintf(stderr, "steer bench: standard output: write failed: %s\n", errno ? strerror(errno) : "stream error");
    return false;
}

/* A configuration that could not run: its world, or the grid that counts
 * its neighbours, did not fit in memory. */
static void failed(const bench_setup *b)
{
    fprintf(stderr, "steer bench: %d agents, %dD, %d thread%s: could not create the flock or count its neighbours "
                    "(out of memory?)\n", b->agents, b->dim, b->threads, b->threads == 1 ? "" : "s");
}

static int parse_int(const char *s, int lo, int hi, int *out)
{
    long long v;
    if (tool_parse_integer(s, lo, hi, &v)) return -1;
    *out = (int)v;
    return 0;
}

enum { OPT_AGENTS, OPT_THREADS, OPT_STEPS, OPT_DIM, OPT_NEIGHBOURS, OPT_KERNEL, OPT_REPEAT, OPT_GOALS, OPT_CROWD, OPT_GROUND, OPT_OWN_RADII, OPT_TABLE, OPT_JSON, OPT_HELP };
static const tool_option options[] = {
    {"--agents", 0, "N", "agents in the flock, 1 to 67108864 (default 100000)"},
    {"--threads", 0, "T", "worker threads, 1 to 64 (default 1)"},
    {"--steps", 0, "S", "timed steps after one warm-up step, 1 to 16777216 (default 100; --table: 30 at 1M agents)"},
    {"--dim", 0, "2|3", "dimensions (default 2)"},
    {"--neighbours", 0, "K", "mean neighbours within radius 1 the torus is sized for, above 0 and below 1000000 (default 16)"},
    {"--kernel", 0, "NAME", "best, scalar, sse2, avx2, avx512, neon or simd128 (same state hash; an error if this CPU lacks it)"},
    {"--repeat", 0, "R", "run each configuration R times (1 to 64), report the fastest and the median (default 1)"},
    {"--goals", 0, 0, "every agent also arrives at its own random point (per-agent goals)"},
    {"--crowd", 0, 0, "a crowd: to its own random point, anticipating collisions, no flocking; "
                      "timed beside the standard flock"},
    {"--ground", 0, 0, "the 2D placement on the XZ ground of a Y-up 3D world, the group on the ground plane "
                       "(with --goals or --crowd too)"},
    {"--own-radii", 0, 0, "a world made with agent_radii, each agent its group's radius as its own: the same "
                          "motion, so the time against a run without is what the radii cost"},
    {"--table", 0, 0, "sweep N = 10k, 100k, 1M x threads 1, 2 (so no --agents or --threads)"},
    {"--json", 0, 0, "one JSON object per configuration"},
    {"--help", "-h", 0, "this text"},
};
#define OPTION_COUNT (int)(sizeof options / sizeof options[0])

static void usage(FILE *to)
{
    fprintf(to, "usage: steer bench [--agents N] [--threads T] [--steps S] [--dim 2|3] [--neighbours K] [--json]\n"
                "                   [--kernel best|scalar|sse2|avx2|avx512|neon|simd128] [--repeat R] [--goals | --crowd]\n"
                "                   [--ground] [--own-radii]\n"
                "       steer bench --table [--dim 2|3] [--steps S] [--neighbours K] [--kernel NAME] [--json] [--repeat R]\n"
                "                   [--goals | --crowd] [--ground] [--own-radii]\n"
                "The standard flock (separation 1.5, alignment 1, cohesion 1 on a torus, dt 1/60) timed per step.\n"
                "--goals: the same, each agent also arriving at its own random point.\n"
                "--crowd: the same torus, limits and K; each agent arrives at its own point, anticipating\n"
                "collisions (anticipation k 20, keep right 0.5, keep_apart, radius 0.1, running sum).\n"
                "With either, the time is also given as a ratio to the standard flock's, the runs alternating.\n"
                "--ground: any of these on the ground of a Y-up 3D world (a torus 3 tall, every agent at\n"
                "height 1.5, the 2D flock's placement on XZ): the 2.5D case of a game engine.\n");
    tool_options_print(to, options, OPTION_COUNT);
}

int steer_cmd_bench(int argc, char **argv)
{
    int agents = 100000, threads = 1, steps = 0, dim = 2, repeat = 1; /* steps 0: the default */
    float k = 16.0f;
    bool json = false, table = false, goals = false, crowd = false, ground = false, radii = false, dim_given = false;
    const char *sized = 0; /* --agents or --threads as given: --table sweeps both itself */
    steer_kernel kernel = STEER_KERNEL_BEST;
    const char *given[OPTION_COUNT] = {0}; /* each value option's value, once given */
    for (int i = 0; i < argc; ++i) {
        const char *a = argv[i];
        int o = tool_option_find("steer bench", options, OPTION_COUNT, a);
        if (o < 0) return 2;
        const char *v = options[o].value ? (i + 1 < argc ? argv[++i] : 0) : 0;
        if (options[o].value && !v) {
            fprintf(stderr, "steer bench: %s needs a value (%s)\n", a, options[o].value);
            return 2;
        }
        if (!tool_option_once("steer bench", a, &given[o], v ? v : a)) return 2; /* a flag twice too */
        int bad = 0;
        const char *rule = "";
        switch (o) {
        case OPT_HELP: usage(stdout); return tool_stdout_written("steer bench") ? 0 : 1;
        case OPT_JSON: json = true; break;
        case OPT_TABLE: table = true; break;
        case OPT_GOALS: goals = true; break;
        case OPT_CROWD: crowd = true; break;
        case OPT_GROUND: ground = true; break;
        case OPT_OWN_RADII: radii = true; break;
        case OPT_KERNEL:
            bad = -1, rule = "expected best, scalar, sse2, avx2, avx512, neon or simd128";
            for (steer_kernel q = STEER_KERNEL_BEST; q < STEER_KERNEL_COUNT; q = (steer_kernel)(q + 1))
                if (!strcmp(v, steer_kernel_name(q))) kernel = q, bad = 0;
            break;
        case OPT_AGENTS:
            bad = parse_int(v, 1, 1 << 26, &agents), rule = "expected an integer from 1 to 67108864", sized = a;
            break;
        case OPT_THREADS: bad = parse_int(v, 1, 64, &threads), rule = "expected an integer from 1 to 64", sized = a; break;
        case OPT_STEPS: bad = parse_int(v, 1, 1 << 24, &steps), rule = "expected an integer from 1 to 16777216"; break;
        case OPT_DIM: bad = parse_int(v, 2, 3, &dim), rule = "expected 2 or 3", dim_given = true; break;
        case OPT_REPEAT: bad = parse_int(v, 1, 64, &repeat), rule = "expected an integer from 1 to 64"; break;
        case OPT_NEIGHBOURS: {
            char *end;
            k = strtof(v, &end);
            bad = (*v == 0 || isspace((unsigned char)*v) || *end != 0 || !(k > 0.0f && k < 1e6f)) ? -1 : 0;
            rule = "expected a number above 0 and below 1000000";
            break;
        }
        }
        if (bad) {
            fprintf(stderr, "steer bench: %s '%s': %s\n", a, v, rule);
            return 2;
        }
    }
    if (table && sized) { /* the sweep sets both: a silently ignored option would mislabel the user's figures */
        fprintf(stderr, "steer bench: %s with --table: the table sweeps N = 10k, 100k, 1M and threads 1, 2 itself; "
                        "leave out %s (or --table)\n", sized, sized);
        return 2;
    }
    if (goals && crowd) {
        fprintf(stderr, "steer bench: --goals and --crowd: expected one of them (a crowd's agents have goals already)\n");
        return 2;
    }
    if (ground && dim_given && dim != 3) {
        fprintf(stderr, "steer bench: --dim %d with --ground: expected 3 (the ground is a 3D world's)\n", dim);
        return 2;
    }
    bench_mode mode = crowd ? BENCH_CROWD : goals ? BENCH_GOALS : BENCH_FLOCK;
    bench_setup setup = {agents, threads, steps ? steps : 100, ground ? 3 : dim, k, kernel, mode, ground, radii};
    host_info host = host_describe();
    if (!steer_kernel_available(kernel)) {
        char have[96];
        kernels_available(have, sizeof have);
        fprintf(stderr, "steer bench: --kernel %s: this CPU (or build) cannot run it; it has: %s\n",
                steer_kernel_name(kernel), have);
        return 2;
    }
    if (!table) {
        bench_result r;
        if (run_repeated(&setup, repeat, &r) != 0) {
            failed(&setup);
            return 1;
        }
        if (json) {
            if (!print_json(&r, &host)) return 1;
        } else {
            static const char *const what[] = {"", " with goals", " in a crowd"};
            printf("%d agent%s%s, %dD%s%s, %d thread%s, %s kernel: %.3f ms/step (cpu %.3f), %.3g agent-steps/s, mean "
                   "neighbours %.2f, hash %016" PRIx64 "\n", agents, agents == 1 ? "" : "s", what[mode], setup.dim,
                   ground ? " on the Y-up ground" : "", radii ? ", each its own radius" : "", threads, threads == 1 ? "" : "s", steer_kernel_name(r.kernel), r.ms_per_step, r.cpu_ms_per_step, agents / (r.ms_per_step * 1e-3),
                   r.mean_neighbours, r.hash);
            if (mode != BENCH_FLOCK)
                printf("%.2fx the standard flock per agent-step (%.3f ms/step; medians %.2fx)\n", r.ms_per_step / r.flock_ms,
                       r.flock_ms, r.ms_median / r.flock_ms_median);
            char have[96];
            kernels_available(have, sizeof have);
            printf("on %s, %s (kernels: %s), %s\n", host.cpu, build_arch(), have, host.os);
        }
        return tool_stdout_written("steer bench") ? 0 : 1;
    }
    static const int sizes[] = {10000, 100000, 1000000};
    if (!json) {
        char have[96];
        kernels_available(have, sizeof have);
        steer_kernel used = dispatched(kernel);
        printf("# %s%s%s%s, %s kernel, on %s, %s (kernels: %s), %s\n", mode == BENCH_CROWD ? "a crowd" : "the standard flock",
               mode == BENCH_GOALS ? " with goals" : "", ground ? " on the Y-up ground" : "",
               radii ? ", each its own radius" : "", steer_kernel_name(used),
               host.cpu, build_arch(), have, host.os);
        printf("%-8s %-3s %-7s %10s %10s %14s %9s %8s %7s %9s %-16s", "agents", "dim", "threads", "ms/step", "median",
               "agent-steps/s", "ns/agent", "mean_nb", "grid%", "B/agent", "state_hash");
        if (mode != BENCH_FLOCK) printf(" %10s %10s %7s %7s", "flock_ms", "flock_med", "ratio", "ratio_m");
        printf("\n");
    }
    for (int s = 0; s < 3; ++s) {
        for (int t = 1; t <= 2; ++t) {
            int n = sizes[s];
            int st = steps ? steps : n >= 1000000 ? 30 : 100; /* keep the sweep short */
            bench_setup row = setup;
            row.agents = n, row.threads = t, row.steps = st;
            bench_result r;
            if (run_repeated(&row, repeat, &r) != 0) { /* the table used to end there, saying nothing */
                fflush(stdout);
                failed(&row);
                return 1;
            }
            if (json) {
                if (!print_json(&r, &host)) return 1;
            } else {
                printf("%-8d %-3d %-7d %10.3f %10.3f %14.4g %9.2f %8.2f %6.1f%% %9.1f %016" PRIx64, n, row.dim, t,
                       r.ms_per_step, r.ms_median, n / (r.ms_per_step * 1e-3), 1e6 * r.ms_per_step / n,
                       r.mean_neighbours, 100.0 * r.grid_share, (double)r.bytes / n, r.hash);
                if (mode != BENCH_FLOCK)
                    printf(" %10.3f %10.3f %7.2f %7.2f", r.flock_ms, r.flock_ms_median, r.ms_per_step / r.flock_ms,
                           r.ms_median / r.flock_ms_median);
                printf("\n");
            }
            if (!tool_stdout_written("steer bench")) return 1; /* no use running the rest of the sweep */
        }
    }
    return 0;
}

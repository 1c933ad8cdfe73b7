/* Worked examples (docs/model.md §8): runs every build/examples/NN_name program and
 * checks its whole table, layout and numbers (within 0.0015):
 *   - against tests/vectors where the reference numbers are given (seek,
 *     flee, arrive, pursue, flocking, smoothing);
 *   - against a recomputation written here straight from docs/model.md §8 in
 *     plain float arithmetic, without the library, where they are not
 *     (wander, obstacle, blend, waypoints), plus properties docs/model.md states.
 * Two lines match when they are equal once every number is replaced by '@'
 * and the numbers agree within the tolerance. */
#define _POSIX_C_SOURCE 200809L /* popen */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define TOL 0.0015
#define MAX_LINES 64
#define MAX_NUMS 32
#define LINE_LEN 256

/* ---- tables: the lines a program prints --------------------------------- */
typedef struct table {
    int count;
    char line[MAX_LINES][LINE_LEN];
} table;

static void table_add(table *t, const char *format, ...)
{
    if (t->count >= MAX_LINES) return;
    va_list args;
    va_start(args, format);
    vsnprintf(t->line[t->count++], LINE_LEN, format, args);
    va_end(args);
}

static void read_lines(FILE *f, table *t)
{
    char buf[LINE_LEN];
    t->count = 0;
    while (fgets(buf, sizeof buf, f)) {
        buf[strcspn(buf, "\r\n")] = '\0';
        table_add(t, "%s", buf);
    }
}

/* Runs build/examples/<name>; false (and a failed check) when it cannot run
 * or exits with an error. */
static bool run_example(const char *name, table *out)
{
    char command[1024];
    snprintf(command, sizeof command, "\"%s/%s\"", STEER_EXAMPLES_DIR, name);
    out->count = 0;
    FILE *pipe = popen(command, "r");
    CHECK(pipe != NULL);
    if (!pipe) return false;
    read_lines(pipe, out);
    int status = pclose(pipe);
    if (status != 0) fprintf(stderr, "%s: exit status %d\n", name, status);
    CHECK(status == 0);
    CHECK(out->count > 0);
    return status == 0 && out->count > 0;
}

static bool read_vector(const char *file, table *out)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", STEER_VECTORS_DIR, file);
    out->count = 0;
    FILE *f = fopen(path, "r");
    CHECK(f != NULL);
    if (!f) return false;
    read_lines(f, out);
    fclose(f);
    CHECK(out->count > 0);
    return out->count > 0;
}

/* The numbers of a line, and its skeleton: the line with each number
 * replaced by '@'. A number starts at a digit, or at a sign or point
 * followed by one, but not inside a word ("boid0" and "pos.x" are text). */
static int split_numbers(const char *line, double *nums, char *skeleton)
{
    int n = 0;
    size_t k = 0;
    for (const char *p = line; *p && k + 1 < LINE_LEN;) {
        bool in_word = p > line && (isalnum((unsigned char)p[-1]) || p[-1] == '_' || p[-1] == '.');
        const char *q = (*p == '-' || *p == '+') ? p + 1 : p;
        if (*q == '.') ++q;
        if (!in_word && isdigit((unsigned char)*q)) {
            char *end;
            double x = strtod(p, &end);
            if (end > p) {
                if (n < MAX_NUMS) nums[n] = x;
                ++n;
                skeleton[k++] = '@';
                p = end;
                continue;
            }
        }
        skeleton[k++] = *p++;
    }
    skeleton[k] = '\0';
    return n;
}

/* Every line of got must match the same line of want. */
static void compare_tables(const char *what, const table *got, const table *want)
{
    if (got->count != want->count)
        fprintf(stderr, "%s: %d lines, expected %d\n", what, got->count, want->count);
    CHECK(got->count == want->count);
    int lines = got->count < want->count ? got->count : want->count;
    for (int i = 0; i < lines; ++i) {
        double a[MAX_NUMS], b[MAX_NUMS];
        char sa[LINE_LEN], sb[LINE_LEN];
        int na = split_numbers(got->line[i], a, sa);
        int nb = split_numbers(want->line[i], b, sb);
        bool layout = na == nb && na <= MAX_NUMS && strcmp(sa, sb) == 0;
        if (!layout) fprintf(stderr, "%s line %d: \"%s\", expected \"%s\"\n", what, i + 1, got->line[i], want->line[i]);
        CHECK(layout);
        if (!layout) continue;
        for (int j = 0; j < na; ++j) {
            bool near = fabs(a[j] - b[j]) <= TOL;
            if (!near)
                fprintf(stderr, "%s line %d number %d: %.3f, expected %.3f\n  got:  %s\n  want: %s\n", what, i + 1,
                        j + 1, a[j], b[j], got->line[i], want->line[i]);
            CHECK(near);
        }
    }
}

/* The numbers of the row-th data line (comment lines skipped); -1 if none. */
static int row_numbers(const table *t, int row, double *nums)
{
    char skeleton[LINE_LEN];
    for (int i = 0; i < t->count; ++i) {
        if (t->line[i][0] == '#') continue;
        if (row-- == 0) return split_numbers(t->line[i], nums, skeleton);
    }
    return -1;
}

static int data_rows(const table *t)
{
    int n = 0;
    for (int i = 0; i < t->count; ++i) n += t->line[i][0] != '#';
    return n;
}

/* ---- plain float vectors for the recomputations ------------------------- */
typedef struct vec { float x, y; } vec;

static vec vmake(float x, float y) { vec r = {x, y}; return r; }
static vec vadd(vec a, vec b) { return vmake(a.x + b.x, a.y + b.y); }
static vec vsub(vec a, vec b) { return vmake(a.x - b.x, a.y - b.y); }
static vec vscale(vec a, float s) { return vmake(a.x * s, a.y * s); }
static float vlen(vec a) { return sqrtf(a.x * a.x + a.y * a.y); }
static float vdist(vec a, vec b) { return vlen(vsub(a, b)); }
static vec vnorm(vec a) { float l = vlen(a); return l > 0.0f ? vscale(a, 1.0f / l) : vmake(0.0f, 0.0f); }
static vec vtrunc(vec a, float m) { float l = vlen(a); return l > m ? vscale(a, m / l) : a; }

/* docs/model.md §1.4: v = truncate(v + f*dt, max_speed); p += v*dt. */
static void integrate(vec *pos, vec *vel, vec force, float max_speed, float dt)
{
    *vel = vtrunc(vadd(*vel, vscale(force, dt)), max_speed);
    *pos = vadd(*pos, vscale(*vel, dt));
}

/* ---- examples with reference numbers ------------------------------------ */
static void check_against_vector(const char *program, const char *vector)
{
    table got, want;
    if (!run_example(program, &got) || !read_vector(vector, &want)) return;
    compare_tables(program, &got, &want);
}

/* ---- 5: wander with the example's LCG, force = wander point - pos -------- */
static void check_wander(void)
{
    table got, again, want = {0};
    if (!run_example("05_wander", &got)) return;

    const float max_speed = 3.0f, max_force = 6.0f, dt = 0.2f, radius = 1.2f, distance = 2.0f;
    vec pos = vmake(0.0f, 0.0f), vel = vmake(2.0f, 0.0f);
    float angle = 0.0f;
    uint32_t s = 7;
    table_add(&want, "# step angle force.x force.y vel.x vel.y pos.x pos.y");
    for (int step = 0; step < 8; ++step) {
        s = s * 1103515245u + 12345u;
        float t = (float)s / 4294967295.0f;
        angle += (t * 2.0f - 1.0f) * 0.5f;
        vec centre = vscale(vnorm(vel), distance); /* relative to the agent */
        vec force = vtrunc(vadd(centre, vscale(vmake(cosf(angle), sinf(angle)), radius)), max_force);
        table_add(&want, "%d %.3f %.3f %.3f %.3f %.3f %.3f %.3f", step, angle, force.x, force.y, vel.x, vel.y,
                  pos.x, pos.y);
        integrate(&pos, &vel, force, max_speed, dt);
    }
    compare_tables("05_wander", &got, &want);

    /* Properties: the angle moves by at most 0.5 rad a step, the force is a
     * point of the circle (2 +- 1.2 from the agent), speed stays <= 3. */
    CHECK(data_rows(&got) == 8);
    double prev = 0.0, r[MAX_NUMS];
    for (int row = 0; row_numbers(&got, row, r) == 8; ++row) {
        CHECK(fabs(r[1] - prev) <= 0.5 + TOL);
        prev = r[1];
        double f = hypot(r[2], r[3]);
        CHECK(f >= 0.8 - TOL && f <= 3.2 + TOL);
        CHECK(hypot(r[4], r[5]) <= 3.0 + TOL);
    }
    /* Same seed, same path: a second run prints the same table. */
    if (run_example("05_wander", &again)) {
        CHECK(again.count == got.count);
        for (int i = 0; i < got.count && i < again.count; ++i) CHECK(strcmp(got.line[i], again.line[i]) == 0);
    }
}

/* ---- 6: feeler avoidance, priority avoid > seek ------------------------- */
static void check_obstacle(void)
{
    table got, want = {0};
    if (!run_example("06_obstacle", &got)) return;

    const float max_speed = 4.0f, max_force = 10.0f, dt = 0.15f, feeler = 3.0f;
    const vec centre = vmake(6.0f, 1.0f), goal = vmake(20.0f, 0.0f);
    const float reach = 1.0f + 0.5f; /* obstacle radius + agent radius */
    vec pos = vmake(0.0f, 0.0f), vel = vmake(3.0f, 0.0f);
    table_add(&want, "# step pos.x pos.y tip.x tip.y dist mode");
    for (int step = 0; step < 14; ++step) {
        vec dir = vlen(vel) > 0.0f ? vnorm(vel) : vmake(1.0f, 0.0f);
        vec tip = vadd(pos, vscale(dir, feeler));
        float d = vdist(tip, centre);
        bool avoid = d < reach;
        vec force = avoid ? vscale(vnorm(vsub(tip, centre)), max_force)
                          : vtrunc(vsub(vscale(vnorm(vsub(goal, pos)), max_speed), vel), max_force);
        table_add(&want, "%d %.3f %.3f %.3f %.3f %.3f %s", step, pos.x, pos.y, tip.x, tip.y, d,
                  avoid ? "AVOID" : "seek");
        integrate(&pos, &vel, force, max_speed, dt);
    }
    compare_tables("06_obstacle", &got, &want);

    /* Properties, from the printed rows: the mode is AVOID exactly when the
     * tip is inside radius + agent radius; both modes occur; the agent (a
     * circle of radius 0.5) never overlaps the obstacle. */
    CHECK(data_rows(&got) == 14);
    int avoid_rows = 0, seek_rows = 0;
    for (int i = 0; i < got.count; ++i) {
        if (got.line[i][0] == '#') continue;
        double r[MAX_NUMS];
        char skeleton[LINE_LEN];
        if (split_numbers(got.line[i], r, skeleton) != 6) continue;
        bool avoid = strcmp(skeleton, "@ @ @ @ @ @ AVOID") == 0;
        bool seek = strcmp(skeleton, "@ @ @ @ @ @ seek") == 0;
        CHECK(avoid || seek);
        avoid_rows += avoid;
        seek_rows += seek;
        CHECK_NEAR(r[5], hypot(r[3] - 6.0, r[4] - 1.0), TOL);
        if (fabs(r[5] - reach) > TOL) CHECK(avoid == (r[5] < reach));
        CHECK(hypot(r[1] - 6.0, r[2] - 1.0) >= reach);
    }
    CHECK(avoid_rows > 0);
    CHECK(seek_rows > 0);
}

/* ---- 7: weighted blend -------------------------------------------------- */
static void check_blend(void)
{
    table got, want = {0};
    if (!run_example("07_blend", &got)) return;
    vec sum = vadd(vscale(vmake(4.0f, 2.0f), 1.0f), vscale(vmake(-3.0f, 6.0f), 2.0f));
    vec f = vtrunc(sum, 10.0f);
    table_add(&want, "# x y");
    table_add(&want, "%.3f %.3f", f.x, f.y);
    compare_tables("07_blend", &got, &want);
    double r[MAX_NUMS];
    CHECK(data_rows(&got) == 1);
    if (row_numbers(&got, 0, r) == 2) { /* the reference numbers (tests/vectors) */
        CHECK_NEAR(r[0], -1.414, TOL);
        CHECK_NEAR(r[1], 9.899, TOL);
    }
}

/* ---- 9: waypoints, seek then arrive on the last ------------------------- */
static void check_waypoints(void)
{
    table got, want = {0};
    if (!run_example("09_waypoints", &got)) return;

    const float max_speed = 5.0f, max_force = 10.0f, dt = 0.2f, arrival_radius = 0.6f, slow_radius = 2.0f;
    const vec points[2] = {vmake(4.0f, 0.0f), vmake(4.0f, 4.0f)};
    vec pos = vmake(0.0f, 0.0f), vel = vmake(0.0f, 0.0f);
    int index = 0;
    table_add(&want, "# step pos.x pos.y index dist");
    for (int step = 0; step < 17; ++step) {
        float d = vdist(pos, points[index]);
        table_add(&want, "%d %.3f %.3f %d %.3f", step, pos.x, pos.y, index, d);
        if (index == 0 && d < arrival_radius) {
            index = 1;
            d = vdist(pos, points[index]);
        }
        float speed = max_speed;
        if (index == 1 && d < slow_radius) speed = max_speed * d / slow_radius; /* arrive on the last */
        vec desired = vscale(vnorm(vsub(points[index], pos)), speed);
        integrate(&pos, &vel, vtrunc(vsub(desired, vel), max_force), max_speed, dt);
    }
    compare_tables("09_waypoints", &got, &want);

    /* Properties: index starts at 0, moves to 1 once, right after a row
     * within arrival_radius of the first waypoint; the last rows close in
     * on (4, 4). */
    int rows = data_rows(&got), switches = 0;
    CHECK(rows == 17);
    double prev[MAX_NUMS] = {0}, r[MAX_NUMS];
    for (int row = 0; row < rows && row_numbers(&got, row, r) == 5; ++row) {
        CHECK(r[3] == 0.0 || r[3] == 1.0);
        if (row == 0) CHECK(r[3] == 0.0);
        if (row > 0 && r[3] != prev[3]) {
            ++switches;
            CHECK(prev[3] == 0.0 && r[3] == 1.0);
            CHECK(prev[4] < arrival_radius);
        }
        if (row >= rows - 4) {
            CHECK(r[3] == 1.0);
            CHECK_NEAR(r[4], hypot(r[1] - 4.0, r[2] - 4.0), TOL);
            if (row > rows - 4) CHECK(r[4] < prev[4]);
        }
        memcpy(prev, r, sizeof prev);
    }
    CHECK(switches == 1);
    CHECK(prev[4] < 1.0);
}

int main(void)
{
    check_against_vector("01_seek", "seek.txt");
    check_against_vector("02_flee", "flee.txt");
    check_against_vector("03_arrive", "arrive.txt");
    check_against_vector("04_pursue", "pursue.txt");
    check_wander();
    check_obstacle();
    check_blend();
    check_against_vector("08_flocking", "flock.txt");
    check_waypoints();
    check_against_vector("10_smoothing", "smooth.txt");
    return check_summary("worked_examples");
}

/* The neighbour kernels, build against build: every build of
 * neighbour_kernel.c this binary has (src/neighbour_kernel.h's tables: on
 * x86-64 SSE2, AVX2 and AVX-512 where the CPU runs them, on AArch64 NEON, in
 * WebAssembly simd128) gives the scalar build's bits, lane by lane, for
 * every entry of the table, in 2D and 3D, on random inputs from a fixed
 * seed:
 *   gather, gather_raw  random spans (0 to 9, or 27 in 3D), torus shifts,
 *                       lengths 0..70 (every tail mod 16 and mod 4),
 *                       candidates on the agent (d^2 == 0) and on the radius,
 *                       group masks, field of view on/off, all_groups on/off
 *   stage               the same spans, staged
 *   gather_cell         random cell agents (0..16) against the staged list
 *   reduce              random raw sums (zeros, -0, subnormals, huge) at
 *                       every base
 *   flock               random batches: goal lanes 0/1/2 and their arrive
 *                       fields, huge vectors (squared length above FLT_MAX:
 *                       robust_len's slow path), zero vectors; out, pos,
 *                       inside and arrived
 *   keys                positions inside and outside the grid, NaN, +-inf
 *   move                random destinations in runs, NO_DEST lanes, runs
 *                       across every window boundary, to[-1] continuing
 * Inputs live in arrays of exactly the size the header asks (STEER__PAD,
 * STEER__STAGE_PAD, "positions are read that far", to[-1]), so a sanitizer
 * sees any read past them. A difference prints the entry, the build, the
 * dimension, the case, the first differing word (which lane of what) and
 * that lane's inputs. Exit 77 (skipped) when no build but scalar runs here. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "neighbour_kernel.h"

#define PAD 16 /* STEER__PAD of the world's agent arrays: 16-lane loads past the end */

/* ---- the builds ------------------------------------------------------------- */
typedef struct build {
    const char *name;
    steer_kernel id;
    const steer__kernels *table[2]; /* 2D, 3D */
} build;

static const build scalar = {"scalar", STEER_KERNEL_SCALAR, {&steer__kernels2_scalar, &steer__kernels3_scalar}};
static const build wide_builds[] = {
#if defined(__x86_64__)
    {"sse2", STEER_KERNEL_SSE2, {&steer__kernels2_sse2, &steer__kernels3_sse2}},
    {"avx2", STEER_KERNEL_AVX2, {&steer__kernels2_avx2, &steer__kernels3_avx2}},
    {"avx512", STEER_KERNEL_AVX512, {&steer__kernels2_avx512, &steer__kernels3_avx512}},
#endif
#if defined(__aarch64__)
    {"neon", STEER_KERNEL_NEON, {&steer__kernels2_neon, &steer__kernels3_neon}},
#endif
#if defined(__wasm_simd128__)
    {"simd128", STEER_KERNEL_SIMD128, {&steer__kernels2_simd128, &steer__kernels3_simd128}},
#endif
    {NULL, STEER_KERNEL_BEST, {NULL, NULL}}, /* keeps the array non-empty */
};
static const build *runs[8]; /* the wide builds this CPU runs */
static int run_count;

static const steer__kernels *kernels(const build *b, int dim) { return b->table[dim == 3]; }

/* ---- a fixed-seed generator (splitmix64) ---------------------------------------- */
static uint64_t rng_state = 0x5eed0015c0ffee15u;
static uint32_t rnd(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return (uint32_t)((z ^ (z >> 31)) >> 32);
}
static int below(int n) { return (int)(rnd() % (uint32_t)n); }       /* [0, n), n > 0 */
static int chance(int percent) { return below(100) < percent; }
static float uniform(float lo, float hi) { return lo + (hi - lo) * ((float)(rnd() >> 8) * 0x1p-24f); }
static float either_sign(float x) { return chance(50) ? -x : x; }
static float huge(void) { return either_sign(uniform(1e19f, 1e30f)); } /* its square overflows */
static int round16(int n) { return (n + 15) / 16 * 16; }

/* Any float bits, for arrays whose junk must not matter (pads, scratch). */
static float junk(void)
{
    switch (below(6)) {
    case 0: return NAN;
    case 1: return either_sign(INFINITY);
    case 2: return huge();
    default: return uniform(-1e3f, 1e3f);
    }
}

static void *xmalloc(size_t bytes)
{
    void *p = malloc(bytes ? bytes : 1);
    if (!p) {
        fprintf(stderr, "test_kernels: out of memory\n");
        exit(2);
    }
    return p;
}

/* ---- comparison and reports --------------------------------------------------------- */
static uint32_t bits_of(float x)
{
    uint32_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}
static void show(const char *label, float x) { fprintf(stderr, " %s=%.9g[%08x]", label, (double)x, (unsigned)bits_of(x)); }
static void show3(const char *label, const float *x, int dim)
{
    fprintf(stderr, " %s=(", label);
    for (int a = 0; a < dim; ++a) fprintf(stderr, "%s%.9g[%08x]", a ? ", " : "", (double)x[a], (unsigned)bits_of(x[a]));
    fprintf(stderr, ")");
}

/* The index of the first of n elements of `size` bytes where a and b differ, or -1. */
static int first_difference(const void *a, const void *b, int n, size_t size)
{
    if (memcmp(a, b, (size_t)n * size) == 0) return -1;
    for (int k = 0; k < n; ++k)
        if (memcmp((const char *)a + (size_t)k * size, (const char *)b + (size_t)k * size, size)) return k;
    return -1;
}

/* One comparison of a build's output with the scalar build's: counted, and
 * the first mismatch of each (entry, build, dimension) reported in full
 * (returns true: the caller then prints the inputs). */
enum { GATHER, GATHER_RAW, STAGE, GATHER_CELL, REDUCE, FLOCK, KEYS, MOVE, ENTRIES };
static const char *const entry_names[ENTRIES] = {"gather", "gather_raw", "stage", "gather_cell", "reduce", "flock", "keys", "move"};
static int compared[ENTRIES], mismatched[ENTRIES], reported[ENTRIES][8][2];

static bool differs(int entry, int run, int dim, int case_no, bool same)
{
    ++compared[entry];
    if (same) {
        ++check_passed;
        return false;
    }
    ++check_failed;
    ++mismatched[entry];
    if (reported[entry][run][dim == 3]++) return false;
    fprintf(stderr, "MISMATCH %s %dD: %s differs from scalar in case %d:\n", entry_names[entry], dim, runs[run]->name, case_no);
    return true;
}

static void show_word(const char *what, int lane, float ref, float got, const char *name)
{
    fprintf(stderr, "  %s lane %d: scalar %.9g[%08x], %s %.9g[%08x]\n", what, lane, (double)ref, (unsigned)bits_of(ref), name,
            (double)got, (unsigned)bits_of(got));
}

/* ---- agents and spans ------------------------------------------------------------------- */
#define AGENTS 2304 /* room for 27 spans of 70 and the gaps between them */
static float *pos[3], *vel[3]; /* AGENTS + PAD each */
static uint8_t *groups;

typedef struct span_case {
    steer__span spans[27];
    int span_count, total;
    steer__gather_in in;
} span_case;

static steer__agents agents_of(int dim)
{
    return (steer__agents){{pos[0], pos[1], dim == 3 ? pos[2] : NULL}, {vel[0], vel[1], dim == 3 ? vel[2] : NULL}, groups};
}

static float dist_sq(const float *d, int dim) /* the kernel's order of operations */
{
    float d2 = d[0] * d[0] + d[1] * d[1];
    return dim == 3 ? d2 + d[2] * d[2] : d2;
}

/* Spans (the first of length case_no % 71, so every tail turns up), their
 * candidates around the agent's torus images, the agent's query. */
static void make_span_case(span_case *c, int dim, int case_no)
{
    steer__gather_in *in = &c->in;
    memset(c, 0, sizeof *c);
    float extent = uniform(50.0f, 500.0f), r = uniform(0.5f, 12.0f);
    for (int a = 0; a < 3; ++a) in->position[a] = a < dim ? uniform(-100.0f, 100.0f) : 0.0f;
    float h[3] = {uniform(-1.0f, 1.0f), uniform(-1.0f, 1.0f), dim == 3 ? uniform(-1.0f, 1.0f) : 0.0f};
    float hl = sqrtf(dist_sq(h, 3));
    for (int a = 0; a < 3; ++a) in->heading[a] = hl > 0.0f ? h[a] / hl : (a == 0 ? 1.0f : 0.0f);
    in->radius_sq = r * r;
    float s = r * uniform(0.2f, 1.3f);
    in->separation_sq = s * s;
    in->cos_half_fov = chance(20) ? (float)(below(3) - 1) : uniform(-1.0f, 1.0f);
    in->use_fov = chance(50);
    in->all_groups = chance(50);
    switch (below(4)) {
    case 0: in->group_mask = 0xFFFFFFFFu; break;
    case 1: in->group_mask = 1u << below(32); break;
    case 2: in->group_mask = chance(20) ? 0u : rnd(); break;
    default: in->group_mask = rnd() & rnd(); break;
    }
    /* disjoint spans in any order, as a cell's stencil; past each span's end
     * (read by the wide loads, masked) junk and valid groups */
    c->span_count = below(dim == 3 ? 28 : 10);
    if (case_no % 8 == 0 && c->span_count == 0) c->span_count = 1;
    int order[27], cursor = below(8);
    for (int k = 0; k < c->span_count; ++k) order[k] = k;
    for (int k = c->span_count - 1; k > 0; --k) {
        int other = below(k + 1), t = order[k];
        order[k] = order[other];
        order[other] = t;
    }
    for (int k = 0; k < c->span_count; ++k) {
        steer__span *sp = &c->spans[order[k]];
        int len = order[k] == 0 ? case_no % 71 : below(71);
        sp->begin = cursor;
        sp->end = cursor + len;
        cursor = sp->end + below(8);
        for (int a = 0; a < 3; ++a) sp->shift[a] = a < dim && chance(30) ? either_sign(extent) : 0.0f;
        c->total += len;
        for (int j = sp->end; j < sp->end + PAD; ++j) {
            for (int a = 0; a < dim; ++a) {
                pos[a][j] = junk();
                vel[a][j] = junk();
            }
            groups[j] = (uint8_t)below(32);
        }
    }
    for (int k = 0; k < c->span_count; ++k) {
        const steer__span *sp = &c->spans[k];
        for (int j = sp->begin; j < sp->end; ++j) {
            /* the candidate as the kernel sees it: p - shift = position + offset */
            bool on_agent = chance(6);
            for (int a = 0; a < dim; ++a) {
                float q = in->position[a] + sp->shift[a];
                pos[a][j] = on_agent ? q : q + uniform(-1.6f * r, 1.6f * r);
                vel[a][j] = chance(3) ? 0.0f : uniform(-20.0f, 20.0f);
            }
            groups[j] = (uint8_t)below(32);
        }
    }
    /* radii exactly on a candidate's d^2 (strict comparisons) */
    for (int which = 0; which < 2 && c->total > 0; ++which) {
        if (!chance(25)) continue;
        const steer__span *sp = &c->spans[below(c->span_count)];
        if (sp->end == sp->begin) continue;
        int j = sp->begin + below(sp->end - sp->begin);
        float d[3];
        for (int a = 0; a < dim; ++a) d[a] = pos[a][j] - (in->position[a] + sp->shift[a]);
        *(which ? &in->separation_sq : &in->radius_sq) = dist_sq(d, dim);
    }
    if (chance(3)) in->radius_sq = 0.0f;
}

static void show_gather_in(const steer__gather_in *in, int dim)
{
    fprintf(stderr, "  query:");
    show3("position", in->position, dim);
    show3("heading", in->heading, dim);
    show("radius_sq", in->radius_sq);
    show("separation_sq", in->separation_sq);
    show("cos_half_fov", in->cos_half_fov);
    fprintf(stderr, " use_fov=%d all_groups=%d group_mask=%08x\n", in->use_fov, in->all_groups, (unsigned)in->group_mask);
}

/* The candidates that land in logical lane `lane` (-1: all), at most 24. */
static void show_candidates(const span_case *c, int dim, int lane)
{
    int shown = 0;
    for (int k = 0; k < c->span_count; ++k) {
        const steer__span *sp = &c->spans[k];
        fprintf(stderr, "  span %d: [%d, %d)", k, sp->begin, sp->end);
        show3("shift", sp->shift, dim);
        fprintf(stderr, "\n");
        for (int j = sp->begin; j < sp->end && shown < 24; ++j) {
            if (lane >= 0 && (j - sp->begin) % 16 != lane) continue;
            float p[3], v[3], d[3];
            for (int a = 0; a < dim; ++a) {
                p[a] = pos[a][j];
                v[a] = vel[a][j];
                d[a] = p[a] - (c->in.position[a] + sp->shift[a]);
            }
            fprintf(stderr, "    j=%d group=%d", j, groups[j]);
            show3("p", p, dim);
            show3("v", v, dim);
            show("d2", dist_sq(d, dim));
            fprintf(stderr, "\n");
            ++shown;
        }
    }
}

static const char *const raw_kinds[3] = {"offset", "velocity", "separation"};

/* Word k of a raw sums record: a quantity's logical lane, or the counts.
 * Returns the logical lane (-1: the counts). */
static int show_raw_word(const steer__raw_sums *ref, const steer__raw_sums *got, int k, int dim, const char *name)
{
    if (k >= 9 * 16) {
        fprintf(stderr, "  counts: scalar %d, %d; %s %d, %d\n", ref->count, ref->separation_count, name, got->count,
                got->separation_count);
        return -1;
    }
    char what[32];
    int q = k / 16, lane = k % 16;
    if (q < 3 * dim) snprintf(what, sizeof what, "%s[%d]", raw_kinds[q / dim], q % dim);
    else snprintf(what, sizeof what, "unused row %d", q);
    show_word(what, lane, ref->lane[q][lane], got->lane[q][lane], name);
    return lane;
}

static void test_gathers(int dim, int cases)
{
    static span_case c;
    static steer__raw_sums ref_raw, got_raw;
    static const char *const fields[10] = {"count", "offset.x", "offset.y", "offset.z", "velocity.x",
                                           "velocity.y", "velocity.z", "separation_count", "separation.x", "separation.y"};
    for (int n = 0; n < cases; ++n) {
        make_span_case(&c, dim, n);
        steer__agents ag = agents_of(dim);
        steer__gather_out ref_out, got_out;
        memset(&ref_out, 0xA5, sizeof ref_out);
        memset(&ref_raw, 0xA5, sizeof ref_raw);
        kernels(&scalar, dim)->gather(&ag, c.spans, c.span_count, &c.in, &ref_out);
        kernels(&scalar, dim)->gather_raw(&ag, c.spans, c.span_count, &c.in, &ref_raw);
        for (int b = 0; b < run_count; ++b) {
            const build *bd = runs[b];
            memset(&got_out, 0xA5, sizeof got_out);
            memset(&got_raw, 0xA5, sizeof got_raw);
            kernels(bd, dim)->gather(&ag, c.spans, c.span_count, &c.in, &got_out);
            kernels(bd, dim)->gather_raw(&ag, c.spans, c.span_count, &c.in, &got_raw);
            int k = first_difference(&ref_out, &got_out, (int)(sizeof ref_out / 4), 4);
            if (differs(GATHER, b, dim, n, k < 0)) {
                const float *r = &ref_out.count, *g = &got_out.count;
                show_word(k < 10 ? fields[k] : "separation.z", 0, r[k], g[k], bd->name);
                show_gather_in(&c.in, dim);
                show_candidates(&c, dim, -1);
            }
            k = first_difference(&ref_raw, &got_raw, (int)(sizeof ref_raw / 4), 4);
            if (differs(GATHER_RAW, b, dim, n, k < 0)) {
                int lane = show_raw_word(&ref_raw, &got_raw, k, dim, bd->name);
                show_gather_in(&c.in, dim);
                show_candidates(&c, dim, lane);
            }
        }
    }
}

/* ---- stage and gather_cell ------------------------------------------------------------- */
typedef struct stage_buffers {
    float *p[3], *v[3]; /* total + STEER__STAGE_PAD each */
} stage_buffers;

static void stage_alloc(stage_buffers *s, int total)
{
    for (int a = 0; a < 3; ++a) {
        s->p[a] = xmalloc((size_t)(total + STEER__STAGE_PAD) * sizeof(float));
        s->v[a] = xmalloc((size_t)(total + STEER__STAGE_PAD) * sizeof(float));
        for (int j = 0; j < total + STEER__STAGE_PAD; ++j) s->p[a][j] = s->v[a][j] = junk();
    }
}

static void stage_free(stage_buffers *s)
{
    for (int a = 0; a < 3; ++a) {
        free(s->p[a]);
        free(s->v[a]);
    }
}

static steer__staged staged_of(const stage_buffers *s, int dim)
{
    return (steer__staged){{s->p[0], s->p[1], dim == 3 ? s->p[2] : NULL}, {s->v[0], s->v[1], dim == 3 ? s->v[2] : NULL}};
}

/* A cell's agents: near the candidates, some exactly on one (d^2 == 0). */
static void make_cell_agents(steer__cell_agents *ag, const stage_buffers *s, int candidates, int dim)
{
    memset(ag, 0, sizeof *ag);
    ag->count = below(STEER__CELL_AGENTS + 1);
    for (int k = 0; k < STEER__CELL_AGENTS; ++k) {
        float r = uniform(0.5f, 12.0f), sep = r * uniform(0.2f, 1.3f);
        int on = candidates > 0 ? below(candidates) : -1;
        bool exact = chance(30);
        for (int a = 0; a < dim; ++a)
            ag->p[a][k] = on < 0 ? uniform(-100.0f, 100.0f) : exact ? s->p[a][on] : s->p[a][on] + uniform(-r, r);
        ag->radius_sq[k] = chance(3) ? 0.0f : r * r;
        ag->separation_sq[k] = sep * sep;
    }
}

static void test_stage_and_cells(int dim, int cases)
{
    static span_case c;
    static steer__cell_agents cell;
    static steer__raw_sums ref_raw[STEER__CELL_AGENTS], got_raw[STEER__CELL_AGENTS];
    const int words = (int)(sizeof ref_raw[0] / 4);
    for (int n = 0; n < cases; ++n) {
        make_span_case(&c, dim, n);
        steer__agents ag = agents_of(dim);
        stage_buffers ref, got;
        stage_alloc(&ref, c.total);
        stage_alloc(&got, c.total);
        steer__staged ref_st = staged_of(&ref, dim);
        kernels(&scalar, dim)->stage(&ag, c.spans, c.span_count, &ref_st);
        /* the cell's candidates: the staged list, or a prefix of it (any
         * count, any tail), with scratch past it */
        int candidates = chance(75) ? c.total : below(c.total + 1);
        make_cell_agents(&cell, &ref, candidates, dim);
        steer__agents staged = {{ref.p[0], ref.p[1], dim == 3 ? ref.p[2] : NULL},
                                {ref.v[0], ref.v[1], dim == 3 ? ref.v[2] : NULL}, NULL};
        memset(ref_raw, 0x5A, sizeof ref_raw);
        kernels(&scalar, dim)->gather_cell(&staged, candidates, &cell, ref_raw);
        for (int b = 0; b < run_count; ++b) {
            const build *bd = runs[b];
            steer__staged got_st = staged_of(&got, dim);
            kernels(bd, dim)->stage(&ag, c.spans, c.span_count, &got_st);
            int at = -1, array = 0; /* array: axis, then velocities from dim */
            for (; array < 2 * dim && at < 0; ++array) {
                const float *r = array < dim ? ref.p[array] : ref.v[array - dim];
                const float *g = array < dim ? got.p[array] : got.v[array - dim];
                at = first_difference(r, g, c.total, 4);
            }
            if (differs(STAGE, b, dim, n, at < 0)) {
                --array;
                char what[16];
                snprintf(what, sizeof what, "%s[%d]", array < dim ? "p" : "v", array % dim);
                const float *r = array < dim ? ref.p[array] : ref.v[array - dim];
                const float *g = array < dim ? got.p[array] : got.v[array - dim];
                show_word(what, at, r[at], g[at], bd->name);
                fprintf(stderr, "  (staged index %d of %d)\n", at, c.total);
                show_candidates(&c, dim, -1);
            }
            memset(got_raw, 0x5A, sizeof got_raw);
            kernels(bd, dim)->gather_cell(&staged, candidates, &cell, got_raw);
            at = first_difference(ref_raw, got_raw, (int)(sizeof ref_raw / 4), 4);
            if (differs(GATHER_CELL, b, dim, n, at < 0)) {
                int k = at / words;
                float p[3] = {cell.p[0][k], cell.p[1][k], cell.p[2][k]};
                fprintf(stderr, "  cell agent %d of %d against %d candidates:", k, cell.count, candidates);
                show3("p", p, dim);
                show("radius_sq", cell.radius_sq[k]);
                show("separation_sq", cell.separation_sq[k]);
                fprintf(stderr, "\n");
                int lane = show_raw_word(&ref_raw[k], &got_raw[k], at % words, dim, bd->name);
                for (int j = lane < 0 ? 0 : lane, shown = 0; j < candidates && shown < 24; j += lane < 0 ? 1 : 16, ++shown) {
                    float q[3] = {ref.p[0][j], ref.p[1][j], ref.p[2][j]}, v[3] = {ref.v[0][j], ref.v[1][j], ref.v[2][j]};
                    fprintf(stderr, "    candidate %d", j);
                    show3("p", q, dim);
                    show3("v", v, dim);
                    fprintf(stderr, "\n");
                }
            }
        }
        stage_free(&ref);
        stage_free(&got);
    }
}

/* ---- reduce ---------------------------------------------------------------------------- */
/* Sums whose order matters: zeros of both signs, subnormals, huge, plain. */
static float raw_value(void)
{
    switch (below(10)) {
    case 0: return 0.0f;
    case 1: return -0.0f;
    case 2: return either_sign(uniform(1.0f, 8.0f) * 0x1p-140f);
    case 3: return huge();
    default: return uniform(-500.0f, 500.0f);
    }
}

/* The batch's neighbour columns, the ones a reduce writes: count,
 * separation_count, offset, velocity, separation (by axis). */
#define COLUMNS 11
static float *column_of(steer__flock_batch *b, int c)
{
    return c == 0 ? b->count : c == 1 ? b->separation_count : c < 5 ? b->offset[c - 2] : c < 8 ? b->velocity[c - 5]
                                                                                         : b->separation[c - 8];
}

static void test_reduce(int dim, int cases)
{
    static steer__raw_sums raw[16];
    static steer__flock_batch start, ref, got;
    static const char *const names[COLUMNS] = {"count", "separation_count", "offset.x", "offset.y", "offset.z", "velocity.x",
                                               "velocity.y", "velocity.z", "separation.x", "separation.y", "separation.z"};
    for (int n = 0; n < cases; ++n) {
        for (int k = 0; k < 16; ++k) {
            for (int q = 0; q < 9; ++q)
                for (int l = 0; l < 16; ++l) raw[k].lane[q][l] = raw_value();
            raw[k].count = below(300);
            raw[k].separation_count = below(raw[k].count + 1);
        }
        for (int c = 0; c < COLUMNS; ++c)
            for (int k = 0; k < STEER__BATCH; ++k) column_of(&start, c)[k] = junk();
        int base = 16 * below(STEER__BATCH / 16);
        ref = start;
        kernels(&scalar, dim)->reduce(raw, &ref, base);
        for (int b = 0; b < run_count; ++b) {
            got = start;
            kernels(runs[b], dim)->reduce(raw, &got, base);
            int c = 0, lane = -1;
            for (; c < COLUMNS && lane < 0; ++c) lane = first_difference(column_of(&ref, c), column_of(&got, c), STEER__BATCH, 4);
            if (differs(REDUCE, b, dim, n, lane < 0)) {
                --c;
                int agent = lane - base;
                show_word(names[c], lane, column_of(&ref, c)[lane], column_of(&got, c)[lane], runs[b]->name);
                fprintf(stderr, "  base %d, agent %d:", base, agent);
                if (agent < 0 || agent >= 16) {
                    fprintf(stderr, " (a column the reduce does not write)");
                } else if (c >= 2) {
                    int kind = (c - 2) / 3, axis = (c - 2) % 3, q = kind * dim + axis;
                    fprintf(stderr, " raw lanes of %s[%d] (row %d):", raw_kinds[kind], axis, q);
                    for (int l = 0; l < 16; ++l) {
                        char label[8];
                        snprintf(label, sizeof label, "l%d", l);
                        show(label, raw[agent].lane[q][l]);
                    }
                } else {
                    fprintf(stderr, " counts %d, %d", raw[agent].count, raw[agent].separation_count);
                }
                fprintf(stderr, "\n");
            }
        }
    }
}

/* ---- flock -------------------------------------------------------------------------------- */
static float lane_p[3][STEER__BATCH], lane_v[3][STEER__BATCH];

/* The lanes of a flock batch come in runs of one kind, short and long, so
 * that a register's lanes are sometimes all alike (the kernel skips work
 * that none of them needs) and sometimes mixed. */
enum lane_kind {
    LANE_PLAIN,  /* no goal of its own */
    LANE_FORCE,  /* goal_lane 1: a force from the caller */
    LANE_CRUISE, /* arriving, far away, at its goal speed: the change fits the budget */
    LANE_START,  /* arriving, far away, from rest: over the budget, not braking */
    LANE_NEAR,   /* arriving, inside its slow radius or its tolerance: ramp and cap */
    LANE_WILD,   /* arriving, anything: targets from on the lane to 1e30 away, any parameters */
    LANE_HUGE,   /* a vector whose squared length overflows (robust_len's slow path) */
    LANE_ZERO,   /* zero vectors, no neighbours */
    LANE_KINDS
};

/* A unit vector of dim components, in the test's own arithmetic. */
static void random_direction(float *d, int dim)
{
    float l = 0.0f;
    do {
        for (int a = 0; a < dim; ++a) d[a] = uniform(-1.0f, 1.0f);
        l = sqrtf(dist_sq(d, dim));
    } while (l < 0.1f);
    for (int a = 0; a < dim; ++a) d[a] /= l;
}

static void make_flock_lane(steer__flock_batch *b, int k, int dim, enum lane_kind kind)
{
    float mass = uniform(0.5f, 5.0f), ms = uniform(0.5f, 20.0f), mf = uniform(0.1f, 50.0f), r = uniform(1.0f, 10.0f);
    int count = kind == LANE_ZERO || chance(20) ? 0 : 1 + below(30);
    int sep_count = kind == LANE_ZERO || chance(40) ? 0 : 1 + below(count + 1);
    b->count[k] = (float)count;
    b->separation_count[k] = (float)sep_count;
    b->weight_separation[k] = chance(10) ? 0.0f : uniform(0.0f, 3.0f);
    b->weight_alignment[k] = chance(10) ? 0.0f : uniform(0.0f, 3.0f);
    b->weight_cohesion[k] = chance(10) ? 0.0f : uniform(0.0f, 3.0f);
    b->max_speed[k] = ms;
    b->max_force[k] = mf;
    b->inv_mass_dt[k] = b->dt / mass;
    /* the arrive parameters of the lane's group, as world_forces.c derives them */
    float accel = mf / mass, acc = accel * 0.875f, tol = chance(20) ? 0.0f : uniform(0.01f, 2.0f);
    float arrival_speed = uniform(0.0f, 1.0f), weight = uniform(0.5f, 2.0f);
    b->arrive_tolerance[k] = tol;
    b->arrive_tolerance_sq[k] = tol * tol;
    b->arrive_root_2a[k] = sqrtf(2.0f * acc);
    b->arrive_half_adt[k] = 0.5f * acc * b->dt;
    b->arrive_adt[k] = acc * b->dt;
    b->arrive_budget[k] = accel * b->dt;
    b->arrive_scale[k] = mass * weight / b->dt;
    b->arrival_speed_sq[k] = arrival_speed * arrival_speed;
    if (kind == LANE_WILD && chance(30)) {
        float *fields[8] = {b->arrive_tolerance, b->arrive_tolerance_sq, b->arrive_root_2a, b->arrive_half_adt,
                            b->arrive_adt, b->arrive_budget, b->arrive_scale, b->arrival_speed_sq};
        for (int f = 0; f < 8; ++f) fields[f][k] = uniform(0.0f, 10.0f);
    }
    b->goal_lane[k] = kind == LANE_PLAIN ? 0.0f : kind == LANE_FORCE ? 1.0f : kind >= LANE_HUGE ? (float)below(3) : 2.0f;
    float speed = b->goal_speed[k] = chance(20) ? ms : uniform(0.05f, ms);
    b->goal_slow[k] = chance(30) ? 0.0f : uniform(0.5f, 30.0f);
    if (kind == LANE_WILD && chance(20)) { /* a standing goal with a tiny slow radius: 0 * (dist / slow) = 0 * inf */
        speed = b->goal_speed[k] = 0.0f;
        b->goal_slow[k] = 1e-9f;
    }
    int target = below(5);
    for (int a = 0; a < dim; ++a) {
        lane_p[a][k] = uniform(b->lo[a] - 5.0f, b->hi[a] + 5.0f);
        lane_v[a][k] = kind == LANE_ZERO ? 0.0f : uniform(-1.2f * ms, 1.2f * ms);
        b->offset[a][k] = uniform(-r, r) * (float)count;
        b->velocity[a][k] = uniform(-ms, ms) * (float)count;
        b->separation[a][k] = uniform(-5.0f, 5.0f) * (float)sep_count;
        b->goal_force[a][k] = kind == LANE_ZERO ? 0.0f : uniform(-2.0f * mf, 2.0f * mf);
        float off = kind == LANE_ZERO || target == 0 ? 0.0f
                  : target == 1 ? uniform(-tol, tol) * 0.5f
                  : target == 2 ? uniform(-30.0f, 30.0f)
                  : target == 3 ? uniform(-300.0f, 300.0f)
                                : huge();
        b->goal_target[a][k] = lane_p[a][k] + off;
    }
    float dir[3];
    random_direction(dir, dim);
    if (kind == LANE_CRUISE || kind == LANE_START) { /* far enough that neither the ramp nor the cap applies */
        float reach = (speed + b->arrive_half_adt[k]) * 1.01f, a2 = b->arrive_root_2a[k] * b->arrive_root_2a[k];
        float dist = (b->goal_slow[k] + 4.0f * reach * reach / a2 + 10.0f) * uniform(1.0f, 3.0f);
        float noise = kind == LANE_START ? 0.0f : 0.3f * b->arrive_budget[k] / (float)dim;
        for (int a = 0; a < dim; ++a) {
            b->goal_target[a][k] = lane_p[a][k] + dir[a] * dist;
            lane_v[a][k] = kind == LANE_START ? 0.0f : dir[a] * speed + uniform(-noise, noise);
        }
    } else if (kind == LANE_NEAR) {
        float dist = chance(20) ? uniform(0.0f, tol) : uniform(0.0f, b->goal_slow[k] > 0.0f ? b->goal_slow[k] : 5.0f);
        for (int a = 0; a < dim; ++a) b->goal_target[a][k] = lane_p[a][k] + dir[a] * dist;
    } else if (kind == LANE_HUGE) {
        int which = below(6);
        for (int a = 0; a < dim; ++a) {
            float *x[6] = {&lane_v[a][k], &b->offset[a][k], &b->velocity[a][k], &b->separation[a][k],
                           &b->goal_force[a][k], &b->goal_target[a][k]};
            if (a == 0 || chance(50)) *x[which] = huge();
        }
    }
}

static void make_flock_batch(steer__flock_batch *b, int dim)
{
    memset(b, 0, sizeof *b);
    b->dt = uniform(0.005f, 0.1f);
    for (int a = 0; a < 3; ++a) {
        b->lo[a] = a < dim ? uniform(-200.0f, -20.0f) : 0.0f;
        b->hi[a] = a < dim ? b->lo[a] + uniform(40.0f, 400.0f) : 0.0f;
        b->p[a] = a < dim ? lane_p[a] : NULL;
        b->v[a] = a < dim ? lane_v[a] : NULL;
    }
    b->any_goal = chance(80);
    for (int k = 0; k < STEER__BATCH;) {
        enum lane_kind kind = (enum lane_kind)below(LANE_KINDS);
        for (int run = chance(30) ? 16 + below(32) : 1 + below(8); run > 0 && k < STEER__BATCH; --run, ++k) {
            make_flock_lane(b, k, dim, kind);
            b->any_arrive |= b->any_goal && b->goal_lane[k] == 2.0f;
        }
    }
    if (b->any_goal && chance(10)) b->any_arrive = true; /* arrival bits for every lane */
}

static void show_flock_lane(const steer__flock_batch *b, int k, int dim)
{
    float v[3], p[3], offset[3], velocity[3], separation[3], force[3], target[3];
    for (int a = 0; a < dim; ++a) {
        v[a] = b->v[a][k];
        p[a] = b->p[a][k];
        offset[a] = b->offset[a][k];
        velocity[a] = b->velocity[a][k];
        separation[a] = b->separation[a][k];
        force[a] = b->goal_force[a][k];
        target[a] = b->goal_target[a][k];
    }
    fprintf(stderr, "  lane %d:", k);
    show3("p", p, dim);
    show3("v", v, dim);
    show("count", b->count[k]);
    show3("offset", offset, dim);
    show3("velocity", velocity, dim);
    show("separation_count", b->separation_count[k]);
    show3("separation", separation, dim);
    fprintf(stderr, "\n   ");
    show("weights s", b->weight_separation[k]);
    show("a", b->weight_alignment[k]);
    show("c", b->weight_cohesion[k]);
    show("max_speed", b->max_speed[k]);
    show("max_force", b->max_force[k]);
    show("inv_mass_dt", b->inv_mass_dt[k]);
    fprintf(stderr, "\n   any_goal=%d any_arrive=%d", b->any_goal, b->any_arrive);
    show("goal_lane", b->goal_lane[k]);
    show3("goal_force", force, dim);
    show3("goal_target", target, dim);
    show("goal_speed", b->goal_speed[k]);
    show("goal_slow", b->goal_slow[k]);
    fprintf(stderr, "\n   arrive:");
    show("tolerance", b->arrive_tolerance[k]);
    show("tolerance_sq", b->arrive_tolerance_sq[k]);
    show("root_2a", b->arrive_root_2a[k]);
    show("half_adt", b->arrive_half_adt[k]);
    show("adt", b->arrive_adt[k]);
    show("budget", b->arrive_budget[k]);
    show("scale", b->arrive_scale[k]);
    show("arrival_speed_sq", b->arrival_speed_sq[k]);
    fprintf(stderr, "\n   batch:");
    show("dt", b->dt);
    show3("lo", b->lo, dim);
    show3("hi", b->hi, dim);
    fprintf(stderr, "\n");
}

static void run_flock(const build *bd, int dim, const steer__flock_batch *start, steer__flock_batch *work,
                      float out[3][STEER__BATCH], float pos[3][STEER__BATCH])
{
    *work = *start;
    memset(out, 0xA5, sizeof(float) * 3 * STEER__BATCH);
    memset(pos, 0xA5, sizeof(float) * 3 * STEER__BATCH);
    for (int a = 0; a < 3; ++a) {
        work->out[a] = a < dim ? out[a] : NULL;
        work->pos[a] = a < dim ? pos[a] : NULL;
    }
    kernels(bd, dim)->flock(work);
}

static void test_flock(int dim, int cases)
{
    static steer__flock_batch start, ref, got;
    static float ref_out[3][STEER__BATCH], ref_pos[3][STEER__BATCH], got_out[3][STEER__BATCH], got_pos[3][STEER__BATCH];
    for (int n = 0; n < cases; ++n) {
        make_flock_batch(&start, dim);
        for (int w = 0; w < STEER__BATCH / 16; ++w) start.inside[w] = start.arrived[w] = 0xA5A5u;
        run_flock(&scalar, dim, &start, &ref, ref_out, ref_pos);
        for (int b = 0; b < run_count; ++b) {
            run_flock(runs[b], dim, &start, &got, got_out, got_pos);
            /* the vectors (out by axis, then pos by axis), then the bits */
            int lane = -1, array = 0;
            for (; array < 2 * dim && lane < 0; ++array)
                lane = array < dim ? first_difference(ref_out[array], got_out[array], STEER__BATCH, 4)
                                   : first_difference(ref_pos[array - dim], got_pos[array - dim], STEER__BATCH, 4);
            unsigned inside = 0, arrived = 0;
            for (int w = 0; w < STEER__BATCH / 16 && lane < 0; ++w) {
                inside = (unsigned)(ref.inside[w] ^ got.inside[w]);
                arrived = (unsigned)(ref.arrived[w] ^ got.arrived[w]);
                if (inside || arrived) lane = 16 * w + steer__lowest_bit(inside ? inside : arrived);
            }
            if (differs(FLOCK, b, dim, n, lane < 0)) {
                if (!inside && !arrived) {
                    --array;
                    char what[16];
                    snprintf(what, sizeof what, "%s[%d]", array < dim ? "out" : "pos", array % dim);
                    const float *r = array < dim ? ref_out[array] : ref_pos[array - dim];
                    const float *g = array < dim ? got_out[array] : got_pos[array - dim];
                    show_word(what, lane, r[lane], g[lane], runs[b]->name);
                } else {
                    int w = lane / 16, bit = lane % 16;
                    unsigned r = inside ? ref.inside[w] : ref.arrived[w], g = inside ? got.inside[w] : got.arrived[w];
                    fprintf(stderr, "  %s bit, lane %d: scalar %u, %s %u\n", inside ? "inside" : "arrived", lane,
                            r >> bit & 1u, runs[b]->name, g >> bit & 1u);
                }
                show_flock_lane(&start, lane, dim);
            }
        }
    }
}

/* ---- keys ---------------------------------------------------------------------------------- */
static float key_position(float lo, float cell, float cells)
{
    float hi = lo + cells * cell;
    switch (below(12)) {
    case 0: return either_sign(NAN);
    case 1: return either_sign(INFINITY);
    case 2: return huge();
    case 3: return lo;
    case 4: return hi;
    case 5: return lo + (float)below((int)cells + 1) * cell; /* on a cell boundary (or near it) */
    case 6: return lo - uniform(0.0f, 100.0f);
    case 7: return hi + uniform(0.0f, 100.0f);
    default: return uniform(lo, hi);
    }
}

static void test_keys(int dim, int cases)
{
    for (int n = 0; n < cases; ++n) {
        steer__key_grid g;
        memset(&g, 0, sizeof g);
        float cell[3] = {1.0f, 1.0f, 1.0f};
        for (int a = 0; a < dim; ++a) {
            g.lo[a] = uniform(-300.0f, 300.0f);
            cell[a] = uniform(0.25f, 20.0f);
            g.inv_cell[a] = 1.0f / cell[a];
            g.cells[a] = (float)(1 + (chance(10) ? 0 : below(300)));
        }
        g.stride[0] = 1;
        g.stride[1] = (uint32_t)g.cells[0];
        g.stride[2] = dim == 3 ? g.stride[1] * (uint32_t)g.cells[1] : 0;
        /* positions are read up to first + n rounded up to 16, the keys written that far */
        int first = below(40), count = below(71), len = first + round16(count);
        float *p[3] = {NULL, NULL, NULL};
        for (int a = 0; a < dim; ++a) {
            p[a] = xmalloc((size_t)len * sizeof(float));
            for (int j = 0; j < len; ++j) p[a][j] = key_position(g.lo[a], cell[a], g.cells[a]);
        }
        const float *const cp[3] = {p[0], p[1], p[2]};
        uint32_t *ref = xmalloc((size_t)round16(count) * 4), *got = xmalloc((size_t)round16(count) * 4);
        kernels(&scalar, dim)->keys(&g, cp, first, count, ref);
        for (int b = 0; b < run_count; ++b) {
            const build *bd = runs[b];
            memset(got, 0xA5, (size_t)round16(count) * 4);
            kernels(bd, dim)->keys(&g, cp, first, count, got);
            int j = first_difference(ref, got, count, 4);
            if (differs(KEYS, b, dim, n, j < 0)) {
                float x[3] = {0.0f, 0.0f, 0.0f};
                for (int a = 0; a < dim; ++a) x[a] = p[a][first + j];
                fprintf(stderr, "  agent %d (first %d, n %d): scalar key %u, %s key %u\n   ", first + j, first, count,
                        (unsigned)ref[j], bd->name, (unsigned)got[j]);
                show3("position", x, dim);
                show3("lo", g.lo, dim);
                show3("inv_cell", g.inv_cell, dim);
                show3("cells", g.cells, dim);
                fprintf(stderr, " stride=(%u, %u, %u)\n", (unsigned)g.stride[0], (unsigned)g.stride[1], (unsigned)g.stride[2]);
            }
        }
        for (int a = 0; a < dim; ++a) free(p[a]);
        free(ref);
        free(got);
    }
}

/* ---- move ------------------------------------------------------------------------------------ */
/* The places of agents first + j: runs of consecutive places (some short,
 * some across several windows) at random free places, NO_DEST lanes
 * between them; every place used at most once, as in the sort. */
static void make_places(uint32_t *to, int n, int places)
{
    uint8_t *used = xmalloc((size_t)places);
    memset(used, 0, (size_t)places);
    for (int j = 0; j < n;) {
        if (chance(12)) {
            to[j++] = STEER__NO_DEST;
            continue;
        }
        int len = 1 + (chance(35) ? below(40) : below(6)), start = below(places), placed = 0;
        for (int k = 0; k < len && j < n && start + k < places && !used[start + k]; ++k, ++placed) {
            used[start + k] = 1;
            to[j++] = (uint32_t)(start + k);
        }
        if (placed) continue;
        int free_place = start; /* places > n: there is one */
        while (used[free_place]) free_place = (free_place + 1) % places;
        used[free_place] = 1;
        to[j++] = (uint32_t)free_place;
    }
    free(used);
}

static float random_bits(void) /* any float, NaNs with payloads too: a move copies bits */
{
    uint32_t u = rnd();
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

typedef struct move_arrays {
    float *f[7];
    uint32_t *u32;
    uint8_t *u8;
} move_arrays;

static void move_alloc(move_arrays *m, int len)
{
    for (int q = 0; q < 7; ++q) m->f[q] = xmalloc((size_t)len * sizeof(float));
    m->u32 = xmalloc((size_t)len * 4);
    m->u8 = xmalloc((size_t)len);
}

static void move_free(move_arrays *m)
{
    for (int q = 0; q < 7; ++q) free(m->f[q]);
    free(m->u32);
    free(m->u8);
}

static void move_copy(move_arrays *to, const move_arrays *from, int len)
{
    for (int q = 0; q < 7; ++q) memcpy(to->f[q], from->f[q], (size_t)len * sizeof(float));
    memcpy(to->u32, from->u32, (size_t)len * 4);
    memcpy(to->u8, from->u8, (size_t)len);
}

static void run_move(const build *bd, int dim, const move_arrays *src, move_arrays *dst, int floats, int first,
                     const uint32_t *to, int n)
{
    steer__move_arrays m;
    memset(&m, 0, sizeof m);
    for (int q = 0; q < floats; ++q) {
        m.src[q] = src->f[q];
        m.dst[q] = dst->f[q];
    }
    m.floats = floats;
    m.src32 = src->u32;
    m.dst32 = dst->u32;
    m.src8 = src->u8;
    m.dst8 = dst->u8;
    kernels(bd, dim)->move(&m, first, to, n);
}

static void test_move(int dim, int cases)
{
    for (int n = 0; n < cases; ++n) {
        int floats = 1 + below(7), first = below(40), count = below(71), len = first + round16(count);
        int places = count + 8 + below(48);
        move_arrays src, start, ref, got;
        move_alloc(&src, len);
        move_alloc(&start, places);
        move_alloc(&ref, places);
        move_alloc(&got, places);
        for (int j = 0; j < len; ++j) {
            for (int q = 0; q < 7; ++q) src.f[q][j] = random_bits();
            src.u32[j] = rnd();
            src.u8[j] = (uint8_t)rnd();
        }
        for (int j = 0; j < places; ++j) {
            for (int q = 0; q < 7; ++q) start.f[q][j] = random_bits();
            start.u32[j] = rnd();
            start.u8[j] = (uint8_t)rnd();
        }
        /* to[-1] is read; NO_DEST from count up to count rounded up to 16 */
        uint32_t *to_array = xmalloc((size_t)(1 + round16(count)) * 4), *to = to_array + 1;
        make_places(to, count, places);
        for (int j = count; j < round16(count); ++j) to[j] = STEER__NO_DEST;
        to[-1] = chance(50) || count == 0 ? STEER__NO_DEST : to[0] - 1u; /* lane 0 may look like a continuation */
        move_copy(&ref, &start, places);
        run_move(&scalar, dim, &src, &ref, floats, first, to, count);
        for (int b = 0; b < run_count; ++b) {
            const build *bd = runs[b];
            move_copy(&got, &start, places);
            run_move(bd, dim, &src, &got, floats, first, to, count);
            int at = -1, array = 0; /* 0..6 the float arrays, 7 the 32-bit one, 8 the bytes */
            for (; array < 9 && at < 0; ++array)
                at = array < 7 ? first_difference(ref.f[array], got.f[array], places, 4)
                   : array == 7 ? first_difference(ref.u32, got.u32, places, 4)
                                : first_difference(ref.u8, got.u8, places, 1);
            if (differs(MOVE, b, dim, n, at < 0)) {
                --array;
                uint32_t r, g;
                if (array < 7) {
                    r = bits_of(ref.f[array][at]);
                    g = bits_of(got.f[array][at]);
                } else {
                    r = array == 7 ? ref.u32[at] : ref.u8[at];
                    g = array == 7 ? got.u32[at] : got.u8[at];
                }
                char what[24];
                if (array < 7) snprintf(what, sizeof what, "float array %d", array);
                else snprintf(what, sizeof what, "%s", array == 7 ? "32-bit array" : "byte array");
                fprintf(stderr, "  %s (of %d float arrays) place %d: scalar %08x, %s %08x\n", what, floats, at, (unsigned)r,
                        bd->name, (unsigned)g);
                fprintf(stderr, "  first %d, n %d, to[-1]=%08x; to[] =", first, count, (unsigned)to[-1]);
                for (int j = 0; j < count; ++j) {
                    if (to[j] == STEER__NO_DEST) fprintf(stderr, " %s-", j % 16 ? "" : "| ");
                    else fprintf(stderr, " %s%u%s", j % 16 ? "" : "| ", (unsigned)to[j], to[j] == (uint32_t)at ? "*" : "");
                }
                fprintf(stderr, "\n");
            }
        }
        free(to_array);
        move_free(&src);
        move_free(&start);
        move_free(&ref);
        move_free(&got);
    }
}

/* ---- main -------------------------------------------------------------------------------------- */
int main(void)
{
    for (const build *b = wide_builds; b->name; ++b) {
        if (steer_kernel_available(b->id)) runs[run_count++] = b;
        else printf("test_kernels: %s is not on this CPU: not compared\n", b->name);
    }
    if (run_count == 0) {
        printf("test_kernels: no build but scalar runs here: nothing to compare (skipped)\n");
        return 77;
    }
    printf("test_kernels: against scalar:");
    for (int b = 0; b < run_count; ++b) printf(" %s", runs[b]->name);
    printf("\n");
    for (int a = 0; a < 3; ++a) {
        pos[a] = xmalloc((AGENTS + PAD) * sizeof(float));
        vel[a] = xmalloc((AGENTS + PAD) * sizeof(float));
    }
    groups = xmalloc(AGENTS + PAD);
    for (int j = 0; j < AGENTS + PAD; ++j) {
        for (int a = 0; a < 3; ++a) pos[a][j] = vel[a][j] = junk();
        groups[j] = (uint8_t)below(32);
    }
    for (int dim = 2; dim <= 3; ++dim) {
        test_gathers(dim, 1000);
        test_stage_and_cells(dim, 600);
        test_reduce(dim, 400);
        test_flock(dim, 600);
        test_keys(dim, 600);
        test_move(dim, 600);
    }
    for (int e = 0; e < ENTRIES; ++e)
        printf("  %-12s %6d comparisons, %d differ\n", entry_names[e], compared[e], mismatched[e]);
    for (int a = 0; a < 3; ++a) {
        free(pos[a]);
        free(vel[a]);
    }
    free(groups);
    return check_summary("test_kernels");
}

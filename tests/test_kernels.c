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
 *   select              lengths 0..300 (every tail), appended after 0..39
 *                       picks, nothing written outside its room, shifts,
 *                       candidates on the agent (d^2 == 0) with equal
 *                       velocities (-0 against +0 too) and unequal ones,
 *                       d^2 underflowing, on the radius, NaN, +-inf, squares
 *                       that overflow, group masks, all_groups on/off; the
 *                       scalar build also against the contract in plain C
 *   anticipate          counts 0..70, neighbours far, near, head-on,
 *                       grazing, in contact, coincident, moving alike, and
 *                       off the usual path (magnitudes above 2^20 or below
 *                       2^-20, +-inf, NaN); energy on/off, horizon on/off
 *                       and at a tau, priorities of every kind; the used,
 *                       sided and exceptional bits, and the outputs of the
 *                       lanes not exceptional where the contract reads them
 *                       (away, weight if used; side, side_weight if sided).
 *                       Every build also against steer__anticipation_neighbour3
 *                       on each lane it does not flag; a lane relative_motion
 *                       rescales must be flagged; crowd-like inputs must
 *                       flag under 1% of lanes (the fast path is used)
 *   crowd               lanes far from and near their targets (inside the
 *                       slow radius, the tolerance, at the target, where the
 *                       braking cap or the brake-first split binds), totals
 *                       zero, small and spent, with and without a last
 *                       force or ANTICIPATE's terms to end (keep right,
 *                       Y-up), limits zero, NaN, +-inf, huge; the new
 *                       velocity and the odd bits. Every build also against
 *                       the world's scalar steps in plain C on each lane it
 *                       does not flag; crowd-like lanes must flag under 1%
 * Inputs live in arrays of exactly the size the header asks (STEER__PAD,
 * STEER__STAGE_PAD, "positions are read that far", to[-1]), so a sanitizer
 * sees any read past them. A difference prints the entry, the build, the
 * dimension, the case, the first differing word (which lane of what) and
 * that lane's inputs (against a reference likewise). Exit 77 (skipped)
 * when no build but scalar runs here. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "anticipation.h"
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
#if defined(__x86_64__) && !defined(STEER_NO_SIMD)
    {"sse2", STEER_KERNEL_SSE2, {&steer__kernels2_sse2, &steer__kernels3_sse2}},
    {"avx2", STEER_KERNEL_AVX2, {&steer__kernels2_avx2, &steer__kernels3_avx2}},
    {"avx512", STEER_KERNEL_AVX512, {&steer__kernels2_avx512, &steer__kernels3_avx512}},
#endif
#if defined(__aarch64__) && !defined(STEER_NO_SIMD)
    {"neon", STEER_KERNEL_NEON, {&steer__kernels2_neon, &steer__kernels3_neon}},
#endif
#if defined(__wasm_simd128__) && !defined(STEER_NO_SIMD)
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
/* A group mask: every group, one, none or random bits, or sparse bits. */
static uint32_t random_group_mask(void)
{
    switch (below(4)) {
    case 0: return 0xFFFFFFFFu;
    case 1: return 1u << below(32);
    case 2: return chance(20) ? 0u : rnd();
    default: return rnd() & rnd();
    }
}

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
enum { GATHER, GATHER_RAW, STAGE, GATHER_CELL, REDUCE, FLOCK, KEYS, MOVE, SELECT, SELECT_REF, ANTICIPATE, ANTICIPATE_REF,
       CROWD, CROWD_REF, ENTRIES };
static const char *const entry_names[ENTRIES] = {"gather", "gather_raw", "stage", "gather_cell", "reduce", "flock", "keys",
                                                 "move", "select", "select (ref)", "anticipate", "anticipate (ref)",
                                                 "crowd", "crowd (ref)"};
#define SCALAR_SLOT 7 /* reported[][slot][]: runs[] index, or the scalar build against a reference */
static int compared[ENTRIES], mismatched[ENTRIES], reported[ENTRIES][8][2];

/* Build `name` (slot: its runs[] index, or SCALAR_SLOT) against `reference`. */
static bool differs_from(int entry, int slot, const char *name, const char *reference, int dim, int case_no, bool same)
{
    ++compared[entry];
    if (same) {
        ++check_passed;
        return false;
    }
    ++check_failed;
    ++mismatched[entry];
    if (reported[entry][slot][dim == 3]++) return false;
    fprintf(stderr, "MISMATCH %s %dD: %s differs from %s in case %d:\n", entry_names[entry], dim, name, reference, case_no);
    return true;
}

static bool differs(int entry, int run, int dim, int case_no, bool same)
{
    return differs_from(entry, run, runs[run]->name, "scalar", dim, case_no, same);
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
    in->group_mask = random_group_mask();
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
    LANE_HUGE_ACCEL, /* arriving, max_force 1e30 or FLT_MAX: the cap's test overflows (with a long dt, Inf - Inf) */
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
    if (kind == LANE_HUGE_ACCEL) mass = 1.0f, mf = chance(50) ? FLT_MAX : 1e30f;
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
    } else if (kind == LANE_HUGE_ACCEL) { /* near enough that one step lands: the cap binds */
        float dist = uniform(0.05f, 20.0f);
        for (int a = 0; a < dim; ++a) b->goal_target[a][k] = lane_p[a][k] + dir[a] * dist;
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
    b->dt = chance(10) ? uniform(1.0f, 40.0f) : uniform(0.005f, 0.1f); /* sometimes a long step (the world's max_dt 0) */
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
    b->any_ground = dim == 3 && chance(30); /* ground-plane lanes: the up part dropped twice */
    b->up = chance(50) ? 1 : 2;
    for (int k = 0; k < STEER__BATCH; ++k) b->ground[k] = b->any_ground && chance(50) ? 1.0f : 0.0f;
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

/* ---- select ------------------------------------------------------------------------------- */
/* One span of candidates for select: the arrays hold exactly what the
 * kernel reads, begin + (end - begin) rounded up to 16. */
#define SELECT_LONGEST 300 /* spans of 0 to this many candidates */
typedef struct select_case {
    int begin, end, len;
    int already; /* picks in the output before the call */
    float shift[3];
    steer__select_in in;
    float *p[3], *v[3];
    uint8_t *group;
} select_case;

/* The contract of steer__select_fn in plain C: q = p - shift, d = q -
 * position, d2 = d0^2 + d1^2 (+ d2^2) in that order; seen when d2 <
 * radius_sq, not (d2 == 0 and every velocity component ==), and in the
 * group mask unless all_groups. A ground look (ground_up 1 or 2, 3D): d2
 * over the ground's two axes (x first), seen only with the height's square
 * below radius_sq too, and "on the agent" needs a zero height and an equal
 * up velocity as well. `same`: whether the candidate is on the agent,
 * moving alike. */
static bool select_sees_how(const select_case *c, int j, int dim, float *out_d2, bool *same)
{
    const int up = dim == 3 && (c->in.ground_up == 1 || c->in.ground_up == 2) ? c->in.ground_up : -1;
    float d[3], h2 = 0.0f;
    bool alike = true;
    int axes = 0;
    for (int a = 0; a < dim; ++a) {
        float offset = (c->p[a][j] - c->shift[a]) - c->in.position[a];
        alike = alike && c->v[a][j] == c->in.velocity[a];
        if (a == up) h2 = offset * offset;
        else d[axes++] = offset;
    }
    float d2 = dist_sq(d, axes);
    if (out_d2) *out_d2 = d2;
    bool in_group = c->in.all_groups || (c->in.group_mask >> c->group[j] & 1u);
    *same = d2 == 0.0f && alike && h2 == 0.0f;
    return d2 < c->in.radius_sq && (up < 0 || h2 < c->in.radius_sq) && !*same && in_group;
}

static bool select_sees(const select_case *c, int j, int dim, float *out_d2)
{
    bool same;
    return select_sees_how(c, j, dim, out_d2, &same);
}

/* What select writes: 7 float arrays (q, v by axis; d2) and the indices,
 * room for `already` + the span + 16 more, and a guard band after that. */
#define SELECT_GUARD 32
#define SELECT_FLOATS 7
typedef struct select_output {
    float *f[SELECT_FLOATS];
    uint32_t *index;
    int room;
} select_output;

static void select_output_init(select_output *o, const select_case *c)
{
    o->room = c->already + (c->end - c->begin) + 16 + SELECT_GUARD;
    for (int q = 0; q < SELECT_FLOATS; ++q) {
        o->f[q] = xmalloc((size_t)o->room * sizeof(float));
        memset(o->f[q], 0xA5, (size_t)o->room * sizeof(float));
    }
    o->index = xmalloc((size_t)o->room * sizeof(uint32_t));
    memset(o->index, 0xA5, (size_t)o->room * sizeof(uint32_t));
}

static void select_output_free(select_output *o)
{
    for (int q = 0; q < SELECT_FLOATS; ++q) free(o->f[q]);
    free(o->index);
}

static steer__picked select_target(const select_output *o, int count)
{
    return (steer__picked){{o->f[0], o->f[1], o->f[2]}, {o->f[3], o->f[4], o->f[5]}, o->f[6], o->index, count, 0};
}

/* How many candidates sit on the agent's place moving alike (any group):
 * what select adds to out->identical. */
static int select_identical(const select_case *c, int dim)
{
    int n = 0;
    for (int j = c->begin; j < c->end; ++j) {
        bool same;
        select_sees_how(c, j, dim, NULL, &same);
        n += same;
    }
    return n;
}

/* The reference's picks, appended after c->already. */
static int select_reference(const select_case *c, int dim, select_output *o)
{
    int n = c->already;
    for (int j = c->begin; j < c->end; ++j) {
        float d2;
        if (!select_sees(c, j, dim, &d2)) continue;
        for (int a = 0; a < 3; ++a) {
            bool level = dim == 3 && a == c->in.ground_up; /* a ground look: at the agent's height, not moving up */
            o->f[a][n] = level ? c->in.position[a] : a < dim ? c->p[a][j] - c->shift[a] : 0.0f;
            o->f[3 + a][n] = level ? 0.0f : a < dim ? c->v[a][j] : 0.0f;
        }
        o->f[6][n] = d2;
        o->index[n++] = (uint32_t)j;
    }
    return n;
}

/* Where two outputs differ within [already, count) (one of the 8 arrays), or
 * -1; and whether want's guard band (past the room the contract allows,
 * and before `already`) is untouched in got. */
static int select_difference(const select_output *want, const select_output *got, int already, int count, int *array)
{
    for (int q = 0; q <= SELECT_FLOATS; ++q) {
        const void *x = q < SELECT_FLOATS ? (const void *)(want->f[q] + already) : (const void *)(want->index + already);
        const void *y = q < SELECT_FLOATS ? (const void *)(got->f[q] + already) : (const void *)(got->index + already);
        int k = first_difference(x, y, count - already, 4);
        if (k >= 0) {
            *array = q;
            return already + k;
        }
    }
    return -1;
}

static bool select_guard_kept(const select_output *o, const select_case *c)
{
    int limit = c->already + (c->end - c->begin) + 16;
    for (int q = 0; q <= SELECT_FLOATS; ++q) {
        const unsigned char *bytes = q < SELECT_FLOATS ? (const unsigned char *)o->f[q] : (const unsigned char *)o->index;
        for (size_t b = 0; b < (size_t)c->already * 4; ++b)
            if (bytes[b] != 0xA5) return false;
        for (size_t b = (size_t)limit * 4; b < (size_t)o->room * 4; ++b)
            if (bytes[b] != 0xA5) return false;
    }
    return true;
}

/* A zero as +0 or -0 (they compare equal). */
static float flip_zero(float x) { return x == 0.0f && chance(50) ? -x : x; }

/* Candidates around the agent: on it (d^2 == 0 exactly, with equal
 * velocities, -0 against +0, or one component different), at a distance
 * whose square underflows, on the radius, NaN and +-inf, squares that
 * overflow; junk past end. Lengths case_no % (SELECT_LONGEST + 1). */
static void make_select_case(select_case *c, int dim, int case_no)
{
    memset(c, 0, sizeof *c);
    int n = case_no % (SELECT_LONGEST + 1);
    c->begin = below(40);
    c->already = chance(50) ? 0 : below(40);
    c->end = c->begin + n;
    c->len = c->begin + round16(n);
    steer__select_in *in = &c->in;
    /* positions on a 1/256 grid and integer shifts: position + shift - shift
     * is exact, so a candidate can sit exactly on the agent's image; or a
     * position anywhere (or at the origin) with no shift */
    int mode = below(10);
    float extent = (float)(50 + below(450)), r = uniform(0.5f, 12.0f);
    for (int a = 0; a < 3; ++a) {
        float x = mode < 6 ? (float)(below(51201) - 25600) * 0x1p-8f : mode < 9 ? uniform(-100.0f, 100.0f) : either_sign(0.0f);
        in->position[a] = a < dim ? x : 0.0f;
        c->shift[a] = a < dim && mode < 6 && chance(30) ? either_sign(extent) : 0.0f;
        in->velocity[a] = a < dim ? (chance(25) ? either_sign(0.0f) : uniform(-20.0f, 20.0f)) : 0.0f;
    }
    if (mode == 9) r = uniform(1e-20f, 1e-3f); /* the origin: tiny distances matter */
    in->radius_sq = r * r;
    in->all_groups = chance(50);
    in->group_mask = random_group_mask();
    in->ground_up = dim == 3 && chance(40) ? 1 + below(2) : -1; /* a ground agent's look, Y or Z up */
    for (int a = 0; a < 3; ++a) {
        c->p[a] = a < dim ? xmalloc((size_t)c->len * sizeof(float)) : NULL;
        c->v[a] = a < dim ? xmalloc((size_t)c->len * sizeof(float)) : NULL;
    }
    c->group = xmalloc((size_t)c->len);
    for (int j = 0; j < c->len; ++j) {
        c->group[j] = (uint8_t)below(32);
        bool real = j >= c->begin && j < c->end;
        int kind = below(100), odd_axis = below(dim);
        for (int a = 0; a < dim; ++a) {
            float image = in->position[a] + c->shift[a];
            float *p = &c->p[a][j], *v = &c->v[a][j];
            *v = chance(3) ? 0.0f : uniform(-20.0f, 20.0f);
            if (!real) { /* read, masked: junk, or candidates it would see */
                *p = chance(50) ? junk() : image + uniform(-r, r);
                *v = junk();
            } else if (kind < 10) { /* on the agent */
                *p = image;
                int how = kind % 5; /* 0-2: alike (zeros of either sign), 3: one component differs, 4: NaN */
                *v = how < 3 ? flip_zero(in->velocity[a])
                   : a != odd_axis ? in->velocity[a]
                   : how == 3 ? (chance(50) ? nextafterf(in->velocity[a], INFINITY) : uniform(-20.0f, 20.0f))
                              : NAN;
            } else if (kind < 14) { /* d^2 underflows (or d is absorbed by the image) */
                *p = image + either_sign(uniform(1e-30f, 1e-22f));
                if (chance(50)) *v = flip_zero(in->velocity[a]);
            } else if (kind < 17) {
                *p = a == odd_axis ? (chance(50) ? either_sign(NAN) : either_sign(INFINITY)) : image;
            } else if (kind < 19) {
                *p = image + (a == odd_axis ? huge() : 0.0f);
            } else {
                *p = image + uniform(-1.6f * r, 1.6f * r);
            }
        }
    }
    /* the radius exactly on a candidate's d^2 (strict comparison), or degenerate */
    if (n > 0 && chance(30)) {
        float d2;
        select_sees(c, c->begin + below(n), dim, &d2);
        in->radius_sq = d2;
    }
    switch (below(40)) {
    case 0: in->radius_sq = 0.0f; break;
    case 1: in->radius_sq = INFINITY; break;
    case 2: in->radius_sq = NAN; break;
    default: break;
    }
}

static void select_free(select_case *c)
{
    for (int a = 0; a < 3; ++a) {
        free(c->p[a]);
        free(c->v[a]);
    }
    free(c->group);
}

static void show_select_lane(const select_case *c, int dim, const select_output *want, const select_output *got, int k,
                             int array, const char *ref_name, const char *name)
{
    static const char *const arrays[SELECT_FLOATS + 1] = {"q.x", "q.y", "q.z", "v.x", "v.y", "v.z", "d2", "index"};
    fprintf(stderr, "  pick %d (after %d already, of [%d, %d)), %s: %s ", k, c->already, c->begin, c->end, arrays[array],
            ref_name);
    if (array < SELECT_FLOATS) fprintf(stderr, "%.9g, %s %.9g", (double)want->f[array][k], name, (double)got->f[array][k]);
    else fprintf(stderr, "%u, %s %u", want->index[k], name, got->index[k]);
    fprintf(stderr, "\n  query:");
    show3("position", c->in.position, dim);
    show3("velocity", c->in.velocity, dim);
    show3("shift", c->shift, dim);
    show("radius_sq", c->in.radius_sq);
    fprintf(stderr, " all_groups=%d group_mask=%08x ground_up=%d\n", c->in.all_groups, (unsigned)c->in.group_mask,
            c->in.ground_up);
}

static void test_select(int dim, int cases)
{
    static select_case c;
    for (int n = 0; n < cases; ++n) {
        make_select_case(&c, dim, n);
        const steer__agents ag = {{c.p[0], c.p[1], c.p[2]}, {c.v[0], c.v[1], c.v[2]}, c.group};
        select_output want, ref, got;
        select_output_init(&want, &c);
        select_output_init(&ref, &c);
        select_output_init(&got, &c);
        int want_count = select_reference(&c, dim, &want), array = 0;
        steer__picked out = select_target(&ref, c.already);
        kernels(&scalar, dim)->select(&ag, c.begin, c.end, c.shift, &c.in, &out);
        int k = out.count == want_count ? select_difference(&want, &ref, c.already, want_count, &array) : c.already;
        const int identical = select_identical(&c, dim);
        bool same = out.count == want_count && k < 0 && select_guard_kept(&ref, &c) && out.identical == identical;
        if (differs_from(SELECT_REF, SCALAR_SLOT, "scalar", "the contract", dim, n, same)) {
            fprintf(stderr, "  picks: contract %d, scalar %d\n", want_count, out.count);
            if (k >= 0) show_select_lane(&c, dim, &want, &ref, k, array, "contract", "scalar");
        }
        for (int b = 0; b < run_count; ++b) {
            for (int q = 0; q < SELECT_FLOATS; ++q) memset(got.f[q], 0xA5, (size_t)got.room * sizeof(float));
            memset(got.index, 0xA5, (size_t)got.room * sizeof(uint32_t));
            steer__picked mine = select_target(&got, c.already);
            kernels(runs[b], dim)->select(&ag, c.begin, c.end, c.shift, &c.in, &mine);
            k = mine.count == out.count ? select_difference(&ref, &got, c.already, out.count, &array) : c.already;
            same = mine.count == out.count && k < 0 && select_guard_kept(&got, &c) && mine.identical == identical;
            if (differs(SELECT, b, dim, n, same)) {
                fprintf(stderr, "  picks: scalar %d, %s %d\n", out.count, runs[b]->name, mine.count);
                if (k >= 0) show_select_lane(&c, dim, &ref, &got, k, array, "scalar", runs[b]->name);
            }
        }
        select_output_free(&want);
        select_output_free(&ref);
        select_output_free(&got);
        select_free(&c);
    }
}

/* ---- anticipate ------------------------------------------------------------------------------ */
/* What the generator made a neighbour: for reports, and the kinds whose
 * relative motion relative_motion rescales (which must be flagged). */
enum nb_kind { NB_FAR, NB_NEAR, NB_HEAD_ON, NB_GRAZE, NB_CONTACT, NB_COINCIDENT, NB_SAME_VEL, NB_SLOW, NB_HUGE, NB_TINY, NB_INF,
               NB_NAN, NB_KINDS };
static const char *const nb_names[NB_KINDS] = {"far", "near", "head-on", "grazing", "contact", "coincident",
                                               "same velocity", "slow", "huge", "tiny", "inf", "NaN"};
enum { AP_X, AP_Y, AP_Z, AV_X, AV_Y, AV_Z, A_RADIUS, A_PRIORITY, A_INPUTS };
enum { AO_AWAY, AO_SIDE = 3, AO_WEIGHT = 6, AO_SIDE_WEIGHT, A_OUTPUTS };

/* One agent and its neighbours, as the world fills steer__anticipation_lanes
 * (world_behaviours.c, anticipate): the setup from steer__anticipation_begin3,
 * the neighbours Z-up, inputs up to count rounded up to 16. */
typedef struct antic_case {
    steer_v3 pos, vel; /* the agent, in its up frame */
    steer_anticipation params;
    steer__anticipation_setup3 s;
    int count, padded;
    float *in[A_INPUTS];
    uint8_t *kind;
} antic_case;

typedef struct antic_out {
    float *f[A_OUTPUTS];
    uint16_t *bits[3]; /* used, sided, exceptional */
} antic_out;

static float priority_value(void)
{
    switch (below(14)) {
    case 0: return 0.0f;
    case 1: return -uniform(0.1f, 10.0f);
    case 2: return either_sign(1e30f);
    case 3: return FLT_MAX;
    case 4: return either_sign(INFINITY);
    case 5: return NAN;
    case 6: return 1.0f;
    default: return uniform(0.05f, 10.0f);
    }
}

static steer_v3 v3_of(const float *x) { return steer_v3_make(x[0], x[1], x[2]); }

/* A unit vector, z = 0 in 2D. */
static void unit(float *u, int dim)
{
    random_direction(u, dim);
    if (dim == 2) u[2] = 0.0f;
}

/* Neighbour j of kind `kind` around the agent's Z-up setup. */
static void make_neighbour(antic_case *c, int j, int dim, enum nb_kind kind, bool tiny_agent)
{
    const float pos[3] = {c->s.pos.x, c->s.pos.y, c->s.pos.z}, vel[3] = {c->s.vel.x, c->s.vel.y, c->s.vel.z};
    float p[3], v[3], radius = chance(5) ? 0.0f : uniform(0.1f, 1.0f), u[3], side[3];
    float big_r = c->params.agent_radius + radius;
    unit(u, dim);
    do unit(side, dim); /* a direction across u */
    while (fabsf(u[0] * side[0] + u[1] * side[1] + u[2] * side[2]) > 0.9f);
    float along = u[0] * side[0] + u[1] * side[1] + u[2] * side[2], sl = 0.0f;
    for (int a = 0; a < 3; ++a) side[a] -= along * u[a];
    for (int a = 0; a < 3; ++a) sl += side[a] * side[a];
    for (int a = 0; a < 3; ++a) side[a] /= sqrtf(sl);
    for (int a = 0; a < 3; ++a) {
        p[a] = pos[a] + uniform(-3.0f, 3.0f);
        v[a] = uniform(-3.0f, 3.0f);
    }
    float speed = uniform(0.2f, 6.0f), dist = big_r + uniform(0.05f, 15.0f);
    switch (kind) {
    case NB_FAR:
        for (int a = 0; a < 3; ++a) p[a] = pos[a] + uniform(-40.0f, 40.0f);
        break;
    case NB_NEAR: break;
    case NB_HEAD_ON: /* straight at each other (v = u speed), maybe a little off centre */
    case NB_GRAZE: { /* passing at about the radius sum: disc near 0 */
        float off = kind == NB_HEAD_ON ? (chance(50) ? 0.0f : uniform(-0.3f, 0.3f) * big_r)
                                       : either_sign(big_r * (1.0f + either_sign(uniform(0.0f, 1e-3f))));
        for (int a = 0; a < 3; ++a) {
            p[a] = pos[a] + u[a] * dist + side[a] * off;
            v[a] = vel[a] - u[a] * speed;
        }
        if (dim == 3 && kind == NB_HEAD_ON && chance(40)) {
            /* vertical relative motion, or nearly: the side's any_perp
             * fallback and its 1e-12 threshold on the horizontal part */
            float up = either_sign(1.0f), tilt = chance(30) ? 0.0f : uniform(0.3f, 3.0f) * 1e-6f;
            for (int a = 0; a < 3; ++a) p[a] = pos[a] + (a == 2 ? up * dist : 0.0f);
            v[0] = vel[0] - either_sign(tilt * speed);
            v[1] = chance(50) ? vel[1] : vel[1] - either_sign(tilt * speed);
            v[2] = vel[2] - up * speed;
        }
        break;
    }
    case NB_CONTACT: { /* tau == 0: within the radius sum */
        float in = big_r * (chance(10) ? 1.0f : uniform(0.0f, 0.99f));
        for (int a = 0; a < 3; ++a) p[a] = pos[a] + u[a] * in;
        break;
    }
    case NB_COINCIDENT:
        for (int a = 0; a < 3; ++a) {
            p[a] = pos[a];
            if (chance(50)) v[a] = vel[a];
        }
        break;
    case NB_SAME_VEL:
        for (int a = 0; a < 3; ++a) v[a] = vel[a];
        break;
    case NB_SLOW: /* closing slowly, distances ordinary: |v|^2 subnormal (an agent at rest) or an ulp's */
        for (int a = 0; a < 3; ++a) {
            p[a] = pos[a] + u[a] * dist;
            v[a] = vel[a] == 0.0f ? -u[a] * uniform(1e-22f, 1e-17f) : nextafterf(vel[a], u[a] > 0.0f ? -INFINITY : INFINITY);
        }
        break;
    case NB_HUGE: { /* a magnitude above 2^20, some with squares that overflow */
        int which = below(3);
        for (int a = 0; a < dim; ++a) {
            float x = chance(30) ? either_sign(0x1p20f * (chance(50) ? 1.0f : uniform(0.99f, 1.01f))) /* either side of 2^20 */
                    : chance(50) ? huge() : either_sign(uniform(0x1p21f, 1e7f));
            if (a == 0 || chance(40)) {
                if (which == 0) p[a] = pos[a] + x;
                else if (which == 1) v[a] = x;
                else radius = fabsf(x);
            }
        }
        break;
    }
    case NB_TINY: /* everything below 2^-20 (with a tiny agent), or one ulp away */
        for (int a = 0; a < dim; ++a) {
            float t = either_sign(chance(20) ? uniform(1e-44f, 1e-38f)
                                  : chance(30) ? 0x1p-20f * uniform(0.5f, 2.0f) /* either side of 2^-20 */
                                               : uniform(1e-12f, 1e-7f));
            p[a] = tiny_agent ? pos[a] + t : nextafterf(pos[a], chance(50) ? INFINITY : -INFINITY);
            v[a] = tiny_agent ? vel[a] + either_sign(uniform(0.0f, 1e-7f)) : vel[a];
        }
        radius = tiny_agent ? uniform(0.0f, 1e-7f) : radius;
        break;
    case NB_INF:
    case NB_NAN: {
        float x = kind == NB_INF ? either_sign(INFINITY) : NAN;
        int which = below(7);
        if (which < 3) p[which % dim] = x;
        else if (which < 6) v[which % dim] = x;
        else radius = x;
        break;
    }
    default: break;
    }
    if (dim == 2) p[2] = v[2] = 0.0f;
    for (int a = 0; a < 3; ++a) {
        c->in[AP_X + a][j] = p[a];
        c->in[AV_X + a][j] = v[a];
    }
    c->in[A_RADIUS][j] = radius;
    c->in[A_PRIORITY][j] = priority_value();
    c->kind[j] = (uint8_t)kind;
}

/* Whether relative_motion (anticipation_template.h) rescales the pair: a
 * difference not finite, or a finite largest magnitude outside [2^-20,
 * 2^20] but 0. Its arithmetic then differs from the kernel's: such lanes
 * must be flagged. */
static bool rescaled(const antic_case *c, int j)
{
    const float pos[3] = {c->s.pos.x, c->s.pos.y, c->s.pos.z}, vel[3] = {c->s.vel.x, c->s.vel.y, c->s.vel.z};
    float r = c->params.agent_radius + c->in[A_RADIUS][j], m = fabsf(r);
    bool finite = true;
    for (int a = 0; a < 3; ++a) {
        float w = c->in[AP_X + a][j] - pos[a], v = vel[a] - c->in[AV_X + a][j];
        finite = finite && isfinite(w) && isfinite(v);
        m = fmaxf(m, fmaxf(fabsf(w), fabsf(v)));
    }
    if (!finite) return true;
    return isfinite(m) && (m > 0x1p20f || (m < 0x1p-20f && m > 0.0f));
}

/* crowd: positions within +-10, speeds within +-3, radii 0.1..1, ordinary
 * parameters, every neighbour near or far. Otherwise every kind, counts
 * case_no % 71, parameters anywhere (but a valid setup: the world asks the
 * kernel only then). */
static void make_antic_case(antic_case *c, int dim, int case_no, bool crowd)
{
    c->count = crowd ? 64 : case_no % 71;
    c->padded = round16(c->count);
    for (int q = 0; q < A_INPUTS; ++q) c->in[q] = xmalloc((size_t)c->padded * sizeof(float));
    c->kind = xmalloc((size_t)c->padded);
    steer_anticipation *pa = &c->params;
    bool tiny_agent = !crowd && chance(6);
    /* k and tau0 ordinary, <= 0 (contacts only), not finite, or extreme
     * (magnitudes that overflow or vanish, exponentials that underflow) */
    static const float k_odd[] = {0.0f, -1.0f, -2.0f, 1.0f, 2.0f, INFINITY, -INFINITY, NAN, 1e30f, 1e-30f};
    static const float tau0_odd[] = {0.0f, -0.5f, -3.0f, INFINITY, NAN, 1e-30f, 1e-3f, 1e30f};
    pa->k = crowd || chance(60) ? uniform(0.1f, 5.0f) : k_odd[below((int)(sizeof k_odd / sizeof k_odd[0]))];
    pa->tau0 = crowd || chance(70) ? uniform(0.5f, 10.0f) : tau0_odd[below((int)(sizeof tau0_odd / sizeof tau0_odd[0]))];
    pa->horizon = chance(50) ? 0.0f : chance(90) ? uniform(0.3f, 10.0f) : -1.0f;
    pa->max_force = crowd || chance(80) ? uniform(0.5f, 50.0f) : chance(50) ? 1e-30f : 1e30f;
    pa->agent_radius = tiny_agent ? (chance(50) ? 0.0f : uniform(0.0f, 1e-7f)) : uniform(0.1f, 1.0f);
    pa->keep_right = uniform(0.0f, 1.0f);
    pa->priority = crowd ? uniform(0.5f, 2.0f) : priority_value();
    pa->up = dim == 3 && chance(50) ? STEER_UP_Y : STEER_UP_Z;
    /* the step's cap on a push: none, a game's or a coarse step's, or odd */
    static const float dt_odd[] = {-1.0f, INFINITY, NAN, 1e-30f, 1e30f};
    pa->dt = chance(20) ? 0.0f : crowd || chance(80) ? uniform(0.005f, 0.3f) : dt_odd[below((int)(sizeof dt_odd / sizeof dt_odd[0]))];
    pa->mass = chance(20) ? 0.0f : chance(90) ? uniform(0.2f, 5.0f) : (chance(50) ? NAN : 1e30f);
    float p[3], v[3];
    for (int a = 0; a < 3; ++a) {
        p[a] = a < dim ? (tiny_agent ? uniform(-1e-7f, 1e-7f) : uniform(-10.0f, 10.0f)) : 0.0f;
        v[a] = a < dim ? (tiny_agent ? uniform(-1e-8f, 1e-8f) : chance(3) ? 0.0f : uniform(-3.0f, 3.0f)) : 0.0f;
    }
    if (!crowd && chance(15)) v[0] = v[1] = v[2] = 0.0f;
    c->pos = v3_of(p);
    c->vel = v3_of(v);
    c->s = steer__anticipation_begin3(c->pos, c->vel, pa);
    for (int j = 0; j < c->count; ++j) {
        enum nb_kind kind = crowd ? (chance(50) ? NB_NEAR : NB_FAR) : (enum nb_kind)below(NB_KINDS);
        if (tiny_agent && chance(50)) kind = NB_TINY;
        make_neighbour(c, j, dim, kind, tiny_agent);
    }
    for (int j = c->count; j < c->padded; ++j) { /* past count: anything (the kernel replaces it), results unread */
        for (int q = 0; q < A_INPUTS; ++q) c->in[q][j] = junk();
        c->kind[j] = NB_NEAR;
    }
    /* the horizon exactly at a neighbour's tau, or one ulp either side */
    if (c->count > 0 && !crowd && chance(20)) {
        int j = below(c->count);
        float tau = steer_time_to_collision3(c->s.pos, c->s.vel, steer_v3_make(c->in[AP_X][j], c->in[AP_Y][j], c->in[AP_Z][j]),
                                             steer_v3_make(c->in[AV_X][j], c->in[AV_Y][j], c->in[AV_Z][j]),
                                             pa->agent_radius + c->in[A_RADIUS][j]);
        if (tau > 0.0f) pa->horizon = below(3) == 0 ? tau : nextafterf(tau, chance(50) ? 0.0f : INFINITY);
    }
}

static void antic_free(antic_case *c)
{
    for (int q = 0; q < A_INPUTS; ++q) free(c->in[q]);
    free(c->kind);
}

static void antic_out_alloc(antic_out *o, int padded)
{
    for (int q = 0; q < A_OUTPUTS; ++q) o->f[q] = xmalloc((size_t)padded * sizeof(float));
    for (int q = 0; q < 3; ++q) o->bits[q] = xmalloc((size_t)(padded / 16) * 2);
}

static void antic_out_free(antic_out *o)
{
    for (int q = 0; q < A_OUTPUTS; ++q) free(o->f[q]);
    for (int q = 0; q < 3; ++q) free(o->bits[q]);
}

/* The lanes as the world fills them, outputs filled with a pattern first
 * (not random: the cases stay the same whatever builds run). */
static void run_anticipate(const build *bd, int dim, const antic_case *c, antic_out *o)
{
    for (int q = 0; q < A_OUTPUTS; ++q) memset(o->f[q], 0xA5, (size_t)c->padded * sizeof(float));
    for (int q = 0; q < 3; ++q) memset(o->bits[q], 0xA5, (size_t)(c->padded / 16) * 2);
    const steer__anticipation_setup3 *s = &c->s;
    const steer_anticipation *pa = &c->params;
    steer__anticipation_lanes lanes = {{s->pos.x, s->pos.y, s->pos.z}, {s->vel.x, s->vel.y, s->vel.z},
                                       pa->agent_radius, s->rate, s->inv_tau0, s->own,
                                       pa->k, pa->horizon, pa->max_force, s->brake, s->energy, c->count,
                                       {c->in[AP_X], c->in[AP_Y], c->in[AP_Z]}, {c->in[AV_X], c->in[AV_Y], c->in[AV_Z]},
                                       c->in[A_RADIUS], c->in[A_PRIORITY],
                                       {o->f[AO_AWAY], o->f[AO_AWAY + 1], o->f[AO_AWAY + 2]},
                                       {o->f[AO_SIDE], o->f[AO_SIDE + 1], o->f[AO_SIDE + 2]}, o->f[AO_WEIGHT],
                                       o->f[AO_SIDE_WEIGHT], o->bits[0], o->bits[1], o->bits[2]};
    kernels(bd, dim)->anticipate(&lanes);
}

static bool bit_of(const uint16_t *words, int j) { return words[j / 16] >> (j % 16) & 1u; }

/* Lane j of a build as a term (meaningful when not exceptional). */
static steer__anticipation_term3 term_of(const antic_out *o, int j)
{
    return (steer__anticipation_term3){steer_v3_make(o->f[AO_AWAY][j], o->f[AO_AWAY + 1][j], o->f[AO_AWAY + 2][j]),
                                       steer_v3_make(o->f[AO_SIDE][j], o->f[AO_SIDE + 1][j], o->f[AO_SIDE + 2][j]),
                                       o->f[AO_WEIGHT][j], o->f[AO_SIDE_WEIGHT][j], bit_of(o->bits[0], j), bit_of(o->bits[1], j)};
}

/* The first field where two terms differ as the contract reads them (away
 * and weight where used, side and side_weight where sided), or NULL. */
static const char *term_difference(const steer__anticipation_term3 *r, const steer__anticipation_term3 *g)
{
    if (r->used != g->used) return "used";
    if (!r->used) return NULL;
    if (r->sided != g->sided) return "sided";
    if (bits_of(r->away.x) != bits_of(g->away.x) || bits_of(r->away.y) != bits_of(g->away.y) ||
        bits_of(r->away.z) != bits_of(g->away.z))
        return "away";
    if (bits_of(r->weight) != bits_of(g->weight)) return "weight";
    if (!r->sided) return NULL;
    if (bits_of(r->side.x) != bits_of(g->side.x) || bits_of(r->side.y) != bits_of(g->side.y) ||
        bits_of(r->side.z) != bits_of(g->side.z))
        return "side";
    if (bits_of(r->side_weight) != bits_of(g->side_weight)) return "side_weight";
    return NULL;
}

static void show_term(const char *who, const steer__anticipation_term3 *t)
{
    fprintf(stderr, "  %-8s used=%d sided=%d", who, t->used, t->sided);
    show3("away", &t->away.x, 3);
    show("weight", t->weight);
    show3("side", &t->side.x, 3);
    show("side_weight", t->side_weight);
    fprintf(stderr, "\n");
}

static void show_antic_lane(const antic_case *c, int j)
{
    const steer_anticipation *pa = &c->params;
    const steer__anticipation_setup3 *s = &c->s;
    float p[3] = {c->in[AP_X][j], c->in[AP_Y][j], c->in[AP_Z][j]}, v[3] = {c->in[AV_X][j], c->in[AV_Y][j], c->in[AV_Z][j]};
    fprintf(stderr, "  neighbour %d of %d (%s):", j, c->count, nb_names[c->kind[j]]);
    show3("p", p, 3);
    show3("v", v, 3);
    show("radius", c->in[A_RADIUS][j]);
    show("priority", c->in[A_PRIORITY][j]);
    fprintf(stderr, "\n  agent (Z-up):");
    show3("pos", &s->pos.x, 3);
    show3("vel", &s->vel.x, 3);
    show("rate", s->rate);
    show("inv_tau0", s->inv_tau0);
    show("own", s->own);
    fprintf(stderr, " energy=%d\n  params:", s->energy);
    show("k", pa->k);
    show("tau0", pa->tau0);
    show("horizon", pa->horizon);
    show("max_force", pa->max_force);
    show("agent_radius", pa->agent_radius);
    show("priority", pa->priority);
    fprintf(stderr, " up=%d\n", (int)pa->up);
}

/* What the scalar build made of the lanes, by kind: lanes, used, sided,
 * flagged exceptional (printed: the cases reach every path). */
static int antic_seen[NB_KINDS][4];

/* Lane j of build bd against steer__anticipation_neighbour3 (only where
 * the build did not flag it; a lane relative_motion rescales must be
 * flagged). Returns whether the lane was flagged. */
static bool check_against_pure(const build *bd, int slot, int dim, int case_no, const antic_case *c, const antic_out *o, int j)
{
    if (bit_of(o->bits[2], j)) return true;
    bool must = rescaled(c, j);
    steer__anticipation_term3 want = steer__anticipation_neighbour3(&c->s, steer_v3_make(c->in[AP_X][j], c->in[AP_Y][j], c->in[AP_Z][j]),
                                                                    steer_v3_make(c->in[AV_X][j], c->in[AV_Y][j], c->in[AV_Z][j]),
                                                                    c->in[A_RADIUS][j], &c->in[A_PRIORITY][j], &c->params);
    steer__anticipation_term3 got = term_of(o, j);
    const char *field = must ? "exceptional" : term_difference(&want, &got);
    if (differs_from(ANTICIPATE_REF, slot, bd->name, "steer__anticipation_neighbour3", dim, case_no, field == NULL)) {
        if (must) fprintf(stderr, "  lane %d is not flagged exceptional, though relative_motion rescales it\n", j);
        else fprintf(stderr, "  lane %d differs in %s:\n", j, field);
        show_term("pure", &want);
        show_term(bd->name, &got);
        show_antic_lane(c, j);
    }
    return false;
}

/* Each build against the scalar one (the three bits of every lane below
 * count, and the contract's outputs of the lanes not exceptional), and
 * every build against the pure function. Returns the scalar build's
 * flagged lanes. */
static int compare_anticipate(int dim, int case_no, const antic_case *c, antic_out *ref, antic_out *got)
{
    static const char *const bit_names[3] = {"used", "sided", "exceptional"};
    int flagged = 0;
    run_anticipate(&scalar, dim, c, ref);
    for (int j = 0; j < c->count; ++j) {
        bool flag = check_against_pure(&scalar, SCALAR_SLOT, dim, case_no, c, ref, j);
        int *seen = antic_seen[c->kind[j]];
        ++seen[0];
        seen[1] += !flag && bit_of(ref->bits[0], j);
        seen[2] += !flag && bit_of(ref->bits[1], j);
        seen[3] += flag;
        flagged += flag;
    }
    for (int b = 0; b < run_count; ++b) {
        run_anticipate(runs[b], dim, c, got);
        for (int j = 0; j < c->count; ++j) check_against_pure(runs[b], b, dim, case_no, c, got, j);
        const char *field = NULL;
        int j = 0;
        for (; j < c->count && !field; ++j) {
            for (int q = 0; q < 3 && !field; ++q)
                if (bit_of(ref->bits[q], j) != bit_of(got->bits[q], j)) field = bit_names[q];
            if (!field && !bit_of(ref->bits[2], j)) {
                steer__anticipation_term3 r = term_of(ref, j), g = term_of(got, j);
                field = term_difference(&r, &g);
            }
        }
        if (differs(ANTICIPATE, b, dim, case_no, field == NULL)) {
            --j;
            steer__anticipation_term3 r = term_of(ref, j), g = term_of(got, j);
            fprintf(stderr, "  lane %d differs in %s (exceptional: scalar %d, %s %d):\n", j, field, bit_of(ref->bits[2], j),
                    runs[b]->name, bit_of(got->bits[2], j));
            show_term("scalar", &r);
            show_term(runs[b]->name, &g);
            show_antic_lane(c, j);
        }
    }
    return flagged;
}

static void test_anticipate(int dim, int cases, int crowd_cases)
{
    int crowd_lanes = 0, crowd_flagged = 0;
    for (int n = 0; n < cases + crowd_cases; ++n) {
        bool crowd = n >= cases;
        antic_case c;
        antic_out ref, got;
        make_antic_case(&c, dim, n, crowd);
        antic_out_alloc(&ref, c.padded);
        antic_out_alloc(&got, c.padded);
        int flagged = compare_anticipate(dim, n, &c, &ref, &got);
        if (crowd) {
            crowd_lanes += c.count;
            crowd_flagged += flagged;
        }
        antic_out_free(&ref);
        antic_out_free(&got);
        antic_free(&c);
    }
    /* the fast path is the usual one: under 1% of a crowd's lanes flagged */
    if (crowd_lanes > 0 && crowd_flagged * 100 < crowd_lanes) {
        ++check_passed;
    } else {
        ++check_failed;
        fprintf(stderr, "anticipate %dD: %d of %d crowd-like lanes flagged exceptional (1%% allowed)\n", dim, crowd_flagged,
                crowd_lanes);
    }
    printf("  anticipate %dD: %d of %d crowd-like lanes exceptional; lanes by kind (used, sided, exceptional):\n   ", dim,
           crowd_flagged, crowd_lanes);
    for (int k = 0; k < NB_KINDS; ++k)
        printf(" %s %d (%d, %d, %d)%s", nb_names[k], antic_seen[k][0], antic_seen[k][1], antic_seen[k][2], antic_seen[k][3],
               k == 6 ? "\n   " : k + 1 < NB_KINDS ? "," : "\n");
    memset(antic_seen, 0, sizeof antic_seen);
}

/* ---- crowd ------------------------------------------------------------------------------------- */
/* The world's scalar steps for lane k (world_behaviours.c,
 * steer__running_sum_finish with the goal's braking arrive, then
 * steer__integrate_velocity), in plain C: the contract. */
static steer_v3 crowd_reference(const steer__crowd_lanes *l, int k)
{
    steer_v3 total = steer_v3_make(l->total[0][k], l->total[1][k], l->total[2][k]);
    steer_v3 last = steer_v3_make(l->last[0][k], l->last[1][k], l->last[2][k]);
    steer_v3 p = steer_v3_make(l->p[0][k], l->p[1][k], l->p[2][k]), v = steer_v3_make(l->v[0][k], l->v[1][k], l->v[2][k]);
    steer_v3 target = steer_v3_make(l->target[0][k], l->target[1][k], l->target[2][k]);
    float max_force = l->max_force[k];
    if (l->terms[k] > 0.0f) { /* ANTICIPATE's force from its summed terms */
        steer_anticipation params = {0.0f, 0.0f, 0.0f, max_force, 0.0f, l->keep_right[k], 0.0f, l->y_up ? STEER_UP_Y : STEER_UP_Z,
                                     0.0f, 0.0f}; /* the end reads neither */
        steer_v3 sum = steer_v3_make(l->sum[0][k], l->sum[1][k], l->sum[2][k]);
        steer_v3 bias = steer_v3_make(l->bias[0][k], l->bias[1][k], l->bias[2][k]);
        last = steer_v3_scale(steer__anticipation_end3(sum, bias, &params), l->anticipate_weight[k]);
    }
    float remaining = max_force - steer_v3_len(total);
    if (l->has_last[k] > 0.0f && remaining > 0.0f) {
        total = steer_v3_add(total, steer_v3_truncate(last, remaining));
        remaining = max_force - steer_v3_len(total);
    }
    if (remaining > 0.0f) {
        steer_arrival arrival = {l->slow[k], l->max_accel[k], l->dt, l->tolerance[k]};
        steer_v3 f = steer_v3_scale(steer_arrive_braking3(p, v, target, l->speed[k], &arrival), l->mass[k]);
        total = steer_v3_add(total, steer_v3_truncate(steer_v3_scale(f, l->weight[k]), remaining));
    }
    steer_v3 force = steer_v3_truncate(total, max_force);
    if (l->drop_up[k] > 0.0f) force = steer_v3_set(force, l->y_up ? 1 : 2, 0.0f); /* a 2D world's z, a ground's up */
    steer_v3 nv = steer_v3_truncate(steer_v3_mad(v, force, l->inv_mass_dt[k]), l->max_speed[k]);
    return steer_v3_is_valid(nv) ? nv : steer_v3_zero();
}

/* A vector of length about `len` in a random direction (z = 0 in 2D). */
static void crowd_vector(float *x[3], int k, float len, int dim)
{
    for (int a = 0; a < 3; ++a) x[a][k] = a < dim ? uniform(-1.0f, 1.0f) * len : 0.0f;
}

/* Case n of 16 lanes; crowd-like: cruising far from the target. */
static void make_crowd_case(steer__crowd_lanes *l, int dim, bool crowd)
{
    memset(l, 0, sizeof *l);
    l->dt = crowd || chance(90) ? (chance(70) ? 1.0f / 60.0f : 0.25f) : uniform(1.0f, 40.0f); /* or a long step */
    l->y_up = dim == 3 && chance(30);
    for (int k = 0; k < 16; ++k) {
        float *p[3] = {l->p[0], l->p[1], l->p[2]}, *v[3] = {l->v[0], l->v[1], l->v[2]};
        float *total[3] = {l->total[0], l->total[1], l->total[2]}, *last[3] = {l->last[0], l->last[1], l->last[2]};
        float *target[3] = {l->target[0], l->target[1], l->target[2]};
        float max_speed = uniform(0.5f, 5.0f), max_force = uniform(0.5f, 10.0f), mass = chance(60) ? 1.0f : uniform(0.5f, 2.0f);
        if (!crowd && chance(5)) mass = chance(50) ? 1.2e-38f : 3e-38f; /* max_accel 1e37 to Inf: the cap test overflows */
        crowd_vector(p, k, 100.0f, dim);
        crowd_vector(v, k, max_speed, dim);
        l->max_speed[k] = max_speed;
        l->max_force[k] = max_force;
        l->drop_up[k] = dim == 2 || chance(30) ? 1.0f : 0.0f; /* every 2D lane; a ground-plane agent's */
        l->mass[k] = mass;
        l->weight[k] = chance(70) ? 1.0f : uniform(0.5f, 2.0f);
        l->max_accel[k] = max_force * (1.0f / mass);
        l->inv_mass_dt[k] = (1.0f / mass) * l->dt;
        l->speed[k] = chance(70) ? max_speed : uniform(0.0f, max_speed);
        l->slow[k] = chance(20) ? 0.0f : uniform(0.5f, 5.0f);
        l->tolerance[k] = chance(20) ? 0.0f : uniform(0.1f, 1.0f);
        l->has_last[k] = chance(60) ? 1.0f : 0.0f;
        crowd_vector(last, k, chance(30) ? 0.0f : uniform(0.0f, 3.0f * max_force), dim);
        /* or ANTICIPATE's summed terms (Z-up: a 2D world's have z = 0) for the kernel to end */
        float *sum[3] = {l->sum[0], l->sum[1], l->sum[2]}, *bias[3] = {l->bias[0], l->bias[1], l->bias[2]};
        l->terms[k] = l->has_last[k] > 0.0f && chance(60) ? 1.0f : 0.0f;
        crowd_vector(sum, k, chance(20) ? 0.0f : chance(50) ? uniform(0.0f, 1.0f) : uniform(1.0f, 4.0f), dim);
        crowd_vector(bias, k, chance(30) ? 0.0f : uniform(0.0f, 2.0f), dim);
        l->keep_right[k] = chance(30) ? 0.0f : uniform(0.0f, 1.0f);
        l->anticipate_weight[k] = chance(70) ? 1.0f : uniform(0.5f, 2.0f);
        /* the target: far (the usual case), or near in one of the ways that bind a limit */
        int where = crowd ? 0 : below(6);
        float stop = max_speed * max_speed / l->max_accel[k]; /* beyond twice the stopping distance the cap is loose */
        float off = where == 0 ? uniform(20.0f, 150.0f) + stop
                    : where == 1 ? uniform(0.0f, 1.2f) * l->slow[k]    /* the ramp */
                    : where == 2 ? uniform(0.0f, 1.2f) * l->tolerance[k]
                    : where == 3 ? 0.0f                                 /* on it */
                    : uniform(0.5f, 8.0f);                              /* the cap, the split */
        float dir[3] = {0.0f, 0.0f, 0.0f};
        crowd_vector((float *[3]){&dir[0], &dir[1], &dir[2]}, 0, 1.0f, dim);
        float n = sqrtf(dir[0] * dir[0] + dir[1] * dir[1] + dir[2] * dir[2]);
        for (int a = 0; a < 3; ++a) target[a][k] = p[a][k] + (n > 0.0f ? dir[a] / n * off : 0.0f);
        if (crowd) { /* cruising toward it at its speed, the anticipation's push ahead of the arrive */
            l->speed[k] = max_speed;
            for (int a = 0; a < 3; ++a) v[a][k] = n > 0.0f ? dir[a] / n * max_speed * uniform(0.9f, 1.0f) : 0.0f;
            l->has_last[k] = 1.0f;
            crowd_vector(last, k, uniform(0.0f, max_force), dim);
            crowd_vector(sum, k, uniform(0.0f, 1.5f), dim);
        } else {
            switch (below(8)) { /* the sum so far */
            case 0: crowd_vector(total, k, uniform(0.0f, max_force), dim); break;
            case 1: crowd_vector(total, k, uniform(max_force, 3.0f * max_force), dim); break; /* spent */
            default: break;                                                                    /* zero */
            }
        }
        if (!crowd && chance(4)) { /* off the usual path */
            float *fields[] = {&p[below(dim)][k], &v[below(dim)][k],   &total[below(dim)][k], &last[below(dim)][k],
                               &target[below(dim)][k], &l->max_force[k], &l->max_speed[k],    &l->speed[k],
                               &sum[below(dim)][k], &bias[below(dim)][k]};
            float bad[] = {NAN, INFINITY, -INFINITY, huge(), 1e-30f, 0.0f, -1.0f};
            *fields[below(10)] = bad[below(7)];
        }
    }
}

static void show_crowd_lane(const steer__crowd_lanes *l, int k)
{
    float p[3] = {l->p[0][k], l->p[1][k], l->p[2][k]}, v[3] = {l->v[0][k], l->v[1][k], l->v[2][k]};
    float t[3] = {l->target[0][k], l->target[1][k], l->target[2][k]}, s[3] = {l->total[0][k], l->total[1][k], l->total[2][k]};
    float f[3] = {l->last[0][k], l->last[1][k], l->last[2][k]};
    fprintf(stderr, "  lane %d:", k);
    show3("p", p, 3), show3("v", v, 3), show3("target", t, 3), show3("total", s, 3), show3("last", f, 3);
    show("has_last", l->has_last[k]), show("speed", l->speed[k]), show("slow", l->slow[k]), show("tol", l->tolerance[k]);
    show("max_accel", l->max_accel[k]), show("mass", l->mass[k]), show("weight", l->weight[k]);
    show("max_force", l->max_force[k]), show("max_speed", l->max_speed[k]), show("dt", l->dt);
    float su[3] = {l->sum[0][k], l->sum[1][k], l->sum[2][k]}, bi[3] = {l->bias[0][k], l->bias[1][k], l->bias[2][k]};
    show("terms", l->terms[k]), show3("sum", su, 3), show3("bias", bi, 3), show("keep_right", l->keep_right[k]);
    show("anticipate_weight", l->anticipate_weight[k]), show("y_up", l->y_up ? 1.0f : 0.0f), show("drop_up", l->drop_up[k]);
    fprintf(stderr, "\n");
}

/* Every build against the scalar one (nv and the odd bits), and the scalar
 * one's lanes not odd against the reference. Returns the odd lanes. */
static int compare_crowd(int dim, int case_no, const steer__crowd_lanes *c)
{
    steer__crowd_lanes ref = *c, got;
    kernels(&scalar, dim)->crowd(&ref);
    for (int k = 0; k < 16; ++k) {
        if (ref.odd >> k & 1u) continue;
        steer_v3 want = crowd_reference(c, k);
        float w3[3] = {want.x, want.y, want.z}, g3[3] = {ref.nv[0][k], ref.nv[1][k], ref.nv[2][k]};
        if (differs_from(CROWD_REF, SCALAR_SLOT, "scalar", "the scalar steps", dim, case_no, memcmp(w3, g3, sizeof w3) == 0)) {
            show3("  steps", w3, 3), show3("scalar", g3, 3);
            fprintf(stderr, "\n");
            show_crowd_lane(c, k);
        }
    }
    for (int b = 0; b < run_count; ++b) {
        got = *c;
        kernels(runs[b], dim)->crowd(&got);
        bool same = got.odd == ref.odd;
        for (int a = 0; a < 3; ++a)
            for (int k = 0; k < 16; ++k) same = same && ((ref.odd >> k & 1u) || bits_of(got.nv[a][k]) == bits_of(ref.nv[a][k]));
        if (differs(CROWD, b, dim, case_no, same)) {
            fprintf(stderr, "  odd: scalar %04x, %s %04x\n", ref.odd, runs[b]->name, got.odd);
            for (int k = 0; k < 16; ++k)
                if (!(ref.odd >> k & 1u) && bits_of(got.nv[0][k]) != bits_of(ref.nv[0][k])) {
                    show_word("nv.x", k, ref.nv[0][k], got.nv[0][k], runs[b]->name);
                    show_crowd_lane(c, k);
                    break;
                }
        }
    }
    int odd = 0;
    for (int k = 0; k < 16; ++k) odd += ref.odd >> k & 1u;
    return odd;
}

static void test_crowd(int dim, int cases, int crowd_cases)
{
    int odd = 0, crowd_odd = 0;
    for (int n = 0; n < cases + crowd_cases; ++n) {
        steer__crowd_lanes c;
        make_crowd_case(&c, dim, n >= cases);
        int flagged = compare_crowd(dim, n, &c);
        if (n >= cases) crowd_odd += flagged;
        else odd += flagged;
    }
    /* the kernel takes the usual lanes: under 1% of a crowd's flagged */
    CHECK(crowd_odd * 100 < crowd_cases * 16);
    printf("  crowd %dD: %d of %d lanes odd (%d of %d crowd-like)\n", dim, odd, cases * 16, crowd_odd, crowd_cases * 16);
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
        test_select(dim, 1500);
        test_anticipate(dim, 1500, 200);
        test_crowd(dim, 2000, 200);
    }
    for (int e = 0; e < ENTRIES; ++e)
        printf("  %-16s %6d comparisons, %d differ\n", entry_names[e], compared[e], mismatched[e]);
    for (int a = 0; a < 3; ++a) {
        free(pos[a]);
        free(vel[a]);
    }
    free(groups);
    return check_summary("test_kernels");
}

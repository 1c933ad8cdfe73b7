/* Fuzz target: steer_world_restore with arbitrary bytes.
 *
 * Input: one mode byte, then the snapshot. Mode bit 0 picks the host world's
 * dimension (2D or 3D); with bit 1 set the target first writes a correct
 * CRC-32 over the mutated bytes, so mutations reach the parser behind the
 * checksum instead of stopping at it. The seeds (fuzz/corpus/fuzz_snapshot)
 * are real snapshots of small all-behaviours worlds, from make_corpus.c.
 *
 * A refused snapshot must leave the world exactly as it was. An accepted
 * one must give a world whose agents are finite; saved again and restored
 * into a second host it must give the same hash; both must then step alike
 * (bit for bit), stay finite, and stay inside the box with a WRAP or CLAMP
 * boundary. */
#include <stddef.h>

#include "fuzz.h"
#include "snapshot_host.h"

/* Snapshot header: magic, version, byte order, dim, group def size (24
 * bytes); then bounds_min, bounds_max, boundary, cell_size, max_dt, seed,
 * flags, iterations, steps, group count (64 bytes); then the group defs. */
#define FS_BOUNDS 24
#define FS_GROUPS 88

static float fs_float_at(const uint8_t *p)
{
    float f;
    memcpy(&f, p, 4);
    return f;
}

/* K3 (see fuzz_world.c): stepping a world whose box spans more than ~9e18
 * grid cells is undefined behaviour in steer__world_prepare_grid. The
 * snapshot parser accepts such a box (it is finite), so check before
 * stepping. */
static bool fs_k3_risky(const uint8_t *s, size_t size)
{
    if (size < FS_GROUPS) return false;
    for (int a = 0; a < 3; ++a) {
        float lo = fs_float_at(s + FS_BOUNDS + 4 * a), hi = fs_float_at(s + FS_BOUNDS + 12 + 4 * a);
        if (!(steer_absf(hi - lo) < 1e9f && steer_absf(hi - lo) > 1e-3f) || steer_absf(lo) > 1e9f ||
            steer_absf(hi) > 1e9f)
            return true;
    }
    float cell = fs_float_at(s + FS_BOUNDS + 28);
    if (cell > 0.0f && cell < 1e-3f) return true;
    uint32_t groups;
    memcpy(&groups, s + FS_GROUPS - 4, 4);
    for (uint32_t g = 0; g < groups && FS_GROUPS + (g + 1) * sizeof(steer_group_def) <= size; ++g) {
        const uint8_t *d = s + FS_GROUPS + g * sizeof(steer_group_def);
        float r[3] = {fs_float_at(d + offsetof(steer_group_def, radius)),
                      fs_float_at(d + offsetof(steer_group_def, neighbour_radius)),
                      fs_float_at(d + offsetof(steer_group_def, separation_radius))};
        for (int k = 0; k < 3; ++k)
            if (r[k] > 0.0f && r[k] < 1e-3f) return true;
    }
    return false;
}

/* K6 (see fuzz_world.c): a huge max_speed or body radius, or an agent near
 * +-FLT_MAX, overflows positions in a step. */
static bool fs_k6_risky(const steer_world *w)
{
    for (int g = 0; g < steer_world_group_count(w); ++g) {
        steer_group_def d;
        if (steer_world_get_group(w, g, &d) == STEER_OK && (d.max_speed > 1e18f || d.radius > 1e18f)) return true;
    }
    steer_world_view v = steer_world_get_view(w);
    for (int i = 0; i < v.count; ++i)
        if (steer_absf(v.px[i]) > 1e30f || steer_absf(v.py[i]) > 1e30f || (v.pz && steer_absf(v.pz[i]) > 1e30f))
            return true;
    return false;
}

/* The box and boundary the snapshot carries. */
typedef struct fs_box {
    float lo[3], hi[3];
    uint32_t boundary;
} fs_box;

static fs_box fs_box_of(const uint8_t *s)
{
    fs_box b;
    for (int a = 0; a < 3; ++a) {
        b.lo[a] = fs_float_at(s + FS_BOUNDS + 4 * a);
        b.hi[a] = fs_float_at(s + FS_BOUNDS + 12 + 4 * a);
    }
    memcpy(&b.boundary, s + FS_BOUNDS + 24, 4);
    return b;
}

/* in_box: just after a step (agents may be restored outside the box, as
 * they may be teleported there, until the next step applies the boundary). */
static void fs_check_world(const steer_world *w, const steer_world_def *host, int dim, const fs_box *box, bool in_box)
{
    steer_world_view v = steer_world_get_view(w);
    FUZZ_CHECK(v.count >= 0 && v.count <= host->capacity, "restored %d agents into capacity %d", v.count,
               host->capacity);
    int groups = steer_world_group_count(w);
    bool bounded = box->boundary == STEER_BOUNDARY_WRAP || box->boundary == STEER_BOUNDARY_CLAMP;
    for (int i = 0; i < v.count; ++i) {
        float p[3] = {v.px[i], v.py[i], dim == 3 ? v.pz[i] : 0.0f};
        float q[3] = {v.vx[i], v.vy[i], dim == 3 ? v.vz[i] : 0.0f};
        for (int a = 0; a < dim; ++a) {
            FUZZ_CHECK(steer_is_finite(p[a]) && steer_is_finite(q[a]), "agent %d: %g / %g not finite", i,
                       (double)p[a], (double)q[a]);
            /* the world wraps at min + (max - min), which rounding may put
             * an ulp of the extent away from max */
            float slack = (box->hi[a] - box->lo[a]) * 1e-6f;
            if (in_box && bounded)
                FUZZ_CHECK(p[a] >= box->lo[a] - slack && p[a] <= box->hi[a] + slack, "agent %d axis %d at %g outside [%g, %g]", i, a,
                           (double)p[a], (double)box->lo[a], (double)box->hi[a]);
        }
        FUZZ_CHECK(v.group[i] < groups, "agent %d in group %d of %d", i, v.group[i], groups);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_setup();
    if (size < 1) return 0;
    int dim = data[0] & 1 ? 3 : 2;
    bool repair = data[0] & 2;
    size_t n = size - 1;
    uint8_t *snap = malloc(n ? n : 1);
    if (!snap) return 0;
    memcpy(snap, data + 1, n);
    if (repair && n >= 4) {
        uint32_t crc = fuzz_crc32(snap, n - 4);
        memcpy(snap + n - 4, &crc, 4);
    }

    steer_world_def host = snapshot_host_def(dim);
    steer_world *w = steer_world_create(&host);
    FUZZ_CHECK(w != 0, "host world");
    uint64_t before = steer_world_state_hash(w);
    steer_result r = steer_world_restore(w, snap, n);
    FUZZ_CHECK(r == STEER_OK || r == STEER_ERROR_BAD_SNAPSHOT || r == STEER_ERROR_OUT_OF_MEMORY,
               "restore returned %d", r);
    if (r != STEER_OK) {
        FUZZ_CHECK(steer_world_state_hash(w) == before && steer_world_agent_count(w) == 0 &&
                       steer_world_group_count(w) == 0,
                   "a refused snapshot changed the world");
        steer_world_destroy(w);
        free(snap);
        return 0;
    }
    fs_box box = fs_box_of(snap); /* restore accepted it, so the header is there */
    fs_check_world(w, &host, dim, &box, false);

    /* Saved again and restored elsewhere: the same state. */
    size_t again = steer_world_snapshot_size(w);
    uint8_t *copy = malloc(again);
    steer_world *w2 = steer_world_create(&host);
    FUZZ_CHECK(copy && w2, "out of memory");
    steer_world_set_kernel(w2, fuzz_best_kernel());
    FUZZ_CHECK(steer_world_save(w, copy, again, 0) == STEER_OK, "saving a restored world failed");
    steer_result r2 = steer_world_restore(w2, copy, again);
    FUZZ_CHECK(r2 == STEER_OK, "the re-saved snapshot was refused (%d)", r2);
    FUZZ_CHECK(steer_world_state_hash(w2) == steer_world_state_hash(w), "the re-saved snapshot differs");

    /* Both continue alike (one scalar, one SIMD), finite. */
    if (!FUZZ_KNOWN("K3", fs_k3_risky(snap, n)) && !FUZZ_KNOWN("K6", fs_k6_risky(w))) {
        steer_world_set_kernel(w, STEER_KERNEL_SCALAR);
        for (int s = 0; s < 3; ++s) {
            steer_result a = steer_world_step(w, 1.0f / 60.0f), b = steer_world_step(w2, 1.0f / 60.0f);
            FUZZ_CHECK(a == b, "steps of equal worlds returned %d and %d", a, b);
            FUZZ_CHECK(steer_world_state_hash(w) == steer_world_state_hash(w2),
                       "a restored world did not continue bit for bit (step %d)", s);
            fs_check_world(w, &host, dim, &box, a == STEER_OK);
        }
    }
    steer_world_destroy(w2);
    steer_world_destroy(w);
    free(copy);
    free(snap);
    return 0;
}

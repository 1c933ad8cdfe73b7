/* Fuzz target: steer_world_restore with arbitrary bytes.
 *
 * Input: one mode byte, then the snapshot. Mode bit 0 picks the host world's
 * dimension (2D or 3D); with bit 1 set the target first writes a correct
 * CRC-32 over the mutated bytes, so mutations reach the parser behind the
 * checksum instead of stopping at it. The seeds (fuzz/corpus/fuzz_snapshot)
 * are real snapshots of small all-behaviours worlds, from make_corpus.c.
 *
 * A refused snapshot must leave the world exactly as it was. An accepted
 * one must give a world whose agents are finite, and steer_world_snapshot_info
 * must accept it too, with the same counts (it reads any bytes safely); saved again and restored
 * into a second host it must give the same hash; both must then step alike
 * (bit for bit), stay finite, and stay inside the box with a WRAP or CLAMP
 * boundary. */
#include "fuzz.h"
#include "snapshot_host.h"

/* Snapshot header (format 3): magic, version, byte order, dim, group def
 * size (24 bytes); then bounds_min, bounds_max, boundary, ... */
#define FS_BOUNDS 24

static float fs_float_at(const uint8_t *p)
{
    float f;
    memcpy(&f, p, 4);
    return f;
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
    /* CAPACITY: counts past the host's limits (read as a larger world's snapshot) */
    FUZZ_CHECK(r == STEER_OK || r == STEER_ERROR_BAD_SNAPSHOT || r == STEER_ERROR_OUT_OF_MEMORY || r == STEER_ERROR_CAPACITY,
               "restore returned %d", r);
    /* The info walk reads any bytes safely, and accepts every snapshot restore does, with its counts. */
    steer_snapshot_info info;
    steer_result ri = steer_world_snapshot_info(snap, n, &info);
    FUZZ_CHECK(ri == STEER_OK || ri == STEER_ERROR_BAD_SNAPSHOT, "snapshot_info returned %d", ri);
    FUZZ_CHECK(memchr(info.problem, 0, sizeof info.problem) && (ri == STEER_OK) == (info.problem[0] == 0),
               "snapshot_info's problem: \"%.*s\" for result %d", (int)sizeof info.problem, info.problem, ri);
    FUZZ_CHECK(r != STEER_OK || (ri == STEER_OK && info.dim == dim && info.agent_count == steer_world_agent_count(w) &&
                                 info.goal_count == steer_world_goal_count(w)),
               "restore took a snapshot snapshot_info refuses (%s) or counts otherwise", info.problem);
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
    steer_world_set_kernel(w2, STEER_KERNEL_BEST);
    FUZZ_CHECK(steer_world_save(w, copy, again, 0) == STEER_OK, "saving a restored world failed");
    steer_result r2 = steer_world_restore(w2, copy, again);
    FUZZ_CHECK(r2 == STEER_OK, "the re-saved snapshot was refused (%d)", r2);
    FUZZ_CHECK(steer_world_state_hash(w2) == steer_world_state_hash(w), "the re-saved snapshot differs");

    /* Both continue alike (one scalar, one SIMD), finite. */
    steer_world_set_kernel(w, STEER_KERNEL_SCALAR);
    for (int s = 0; s < 3; ++s) {
        steer_result a = steer_world_step(w, 1.0f / 60.0f), b = steer_world_step(w2, 1.0f / 60.0f);
        FUZZ_CHECK(a == b, "steps of equal worlds returned %d and %d", a, b);
        FUZZ_CHECK(steer_world_state_hash(w) == steer_world_state_hash(w2),
                   "a restored world did not continue bit for bit (step %d)", s);
        fs_check_world(w, &host, dim, &box, a == STEER_OK);
    }
    steer_world_destroy(w2);
    steer_world_destroy(w);
    free(copy);
    free(snap);
    return 0;
}

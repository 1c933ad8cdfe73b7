/* Writes the seed inputs of the snapshot fuzzer: real snapshots of small
 * all-behaviours worlds (tests/robust_world.h) in 2D and 3D, fresh and after
 * some steps, with agents removed (a free list) and with one group only.
 *   make_corpus DIR      writes DIR/snap-*.bin (DIR: fuzz/corpus/fuzz_snapshot)
 * Each file is the target's mode byte (dimension, checksum repair) followed
 * by the snapshot. The committed snap-*.bin are an older format's (kept:
 * the reader's path for old versions); snap-v12-headings-*.bin are this
 * program's output since the world keeps headings (format 12), and
 * snap-v13-wall-heights-*.bin its 3D "wallheights" seed (format 13), and
 * snap-v14-waypoints-*.bin its "waypoints" seeds (format 14). */
#include <stdio.h>
#include <stdlib.h>

#include "snapshot_host.h"

static int write_seed(const char *dir, const char *name, steer_world *w, int dim, int repair)
{
    size_t size = steer_world_snapshot_size(w);
    unsigned char *buf = malloc(size + 1);
    if (!buf) return 1;
    buf[0] = (unsigned char)((dim == 3 ? 1 : 0) | (repair ? 2 : 0));
    int failed = steer_world_save(w, buf + 1, size, 0) != STEER_OK;
    char path[1024];
    snprintf(path, sizeof path, "%s/snap-%dd-%s%s.bin", dir, dim, name, repair ? "-crc" : "");
    FILE *f = failed ? 0 : fopen(path, "wb");
    if (f) {
        failed = fwrite(buf, 1, size + 1, f) != size + 1;
        failed |= fclose(f) != 0;
    } else {
        failed = 1;
    }
    free(buf);
    if (failed) fprintf(stderr, "make_corpus: cannot write %s\n", path);
    return failed;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: make_corpus DIR\n");
        return 2;
    }
    int failed = 0;
    for (int dim = 2; dim <= 3; ++dim) {
        robust_options o = robust_default_options(dim, SNAPSHOT_HOST_AGENTS); /* the host's def */
        steer_world_def host = snapshot_host_def(dim);
        steer_agent_id ids[SNAPSHOT_HOST_AGENTS];
        robust_handles h = {0, ids};
        steer_world *w = robust_create(&o, &h);
        if (!w) return 1;
        failed |= write_seed(argv[1], "fresh", w, dim, 0);
        failed |= !robust_run(w, &h, dim, 0, 10);
        failed |= write_seed(argv[1], "steps10", w, dim, 1);
        for (int k = 0; k < 4; ++k) failed |= steer_world_remove_agent(w, ids[3 * k + 1]) != STEER_OK;
        failed |= steer_world_step(w, ROBUST_DT) != STEER_OK;
        failed |= write_seed(argv[1], "removed", w, dim, 1);
        { /* waypoint goals, each with where its agent began (format 14) */
            const steer_v3 route[3] = {robust_v3(dim, 2.0f, 1.0f, 0.5f), robust_v3(dim, 4.0f, -3.0f, 1.0f),
                                       robust_v3(dim, -1.0f, -4.0f, 0.0f)};
            for (int k = 0; k < 3; ++k) {
                steer_goal goal = {.kind = STEER_GOAL_WAYPOINTS, .points = route, .point_count = 3, .progress = k % 2};
                failed |= steer_world_set_goal(w, ids[3 * k + 2], &goal) != STEER_OK;
            }
            failed |= steer_world_step(w, ROBUST_DT) != STEER_OK;
            failed |= write_seed(argv[1], "waypoints", w, dim, 1);
        }
        if (dim == 3 && steer_world_wall_count(w) > 0) { /* walls of a height (format 13, flag bit 4) */
            failed |= steer_world_set_wall_height(w, 0, -1.0f, 1.5f) != STEER_OK;
            failed |= steer_world_step(w, ROBUST_DT) != STEER_OK;
            failed |= write_seed(argv[1], "wallheights", w, dim, 1);
        }
        steer_world_destroy(w);

        /* one group, a few agents, no objects */
        steer_world *one = steer_world_create(&host);
        steer_group_def g = steer_default_group_def();
        g.weight[STEER_WANDER] = 0.5f;
        failed |= !one || steer_world_add_group(one, &g) != 0;
        for (int i = 0; i < 6 && one; ++i)
            failed |= steer_world_add_agent(one, 0, robust_v3(dim, (float)i, 0.5f * (float)i, 1.0f),
                                            robust_v3(dim, 1.0f, 0.0f, 0.0f)).index == 0;
        failed |= one && steer_world_step(one, ROBUST_DT) != STEER_OK;
        if (one) failed |= write_seed(argv[1], "onegroup", one, dim, 1);
        steer_world_destroy(one);
    }
    return failed;
}

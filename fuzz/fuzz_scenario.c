/* Fuzz target: the scenario reader (tools/scenario: jansson front end,
 * setters, checks, world builder). Arbitrary text in; it must never crash,
 * and must either give a finished scenario that builds a world, or an error
 * message. A world it builds must step with finite agents.
 *
 * Seeds: fuzz/corpus/fuzz_scenario (small scenarios covering every section
 * of the format); fuzz/scenario.dict gives libFuzzer the format's words. */
#include "fuzz.h"
#include "scenario.h"
#include "scenario_json.h"

/* Worlds larger than this are valid but too slow to step in a fuzzer. */
#define FSC_MAX_AGENTS 4096
#define FSC_MAX_CAPACITY 65536

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_setup();
    static steer_scenario *sc;
    if (!sc) sc = steer_scenario_create(); /* reused: load_json resets it, as a live editor would */
    FUZZ_CHECK(sc != 0, "steer_scenario_create");
    char error[512];
    memset(error, 0, sizeof error);
    int r = steer_scenario_load_json(sc, "fuzz", (const char *)data, size, error, sizeof error);
    FUZZ_CHECK(r == 0 || r == -1, "load_json returned %d", r);
    FUZZ_CHECK(memchr(error, 0, sizeof error) != 0, "error message not terminated");
    if (r != 0) {
        FUZZ_CHECK(error[0] != 0, "a refused scenario without an error message");
        FUZZ_CHECK(steer_scenario_get_info(sc) == 0, "info of a refused scenario");
        return 0;
    }
    const steer_scenario_info *info = steer_scenario_get_info(sc);
    FUZZ_CHECK(info != 0, "a finished scenario without info");
    FUZZ_CHECK(info->dim == 2 || info->dim == 3, "dim %d", info->dim);
    FUZZ_CHECK(info->group_count >= 0 && info->total_agents >= 0, "counts %d %d", info->group_count,
               info->total_agents);
    if (info->total_agents > FSC_MAX_AGENTS || info->world.capacity > FSC_MAX_CAPACITY) return 0;
    steer_scenario_overrides ov;
    memset(&ov, 0, sizeof ov);
    ov.threads = 1;
    char werror[512] = "";
    steer_world *w = steer_scenario_create_world(sc, &ov, werror, (int)sizeof werror);
    if (!w) {
        FUZZ_CHECK(werror[0] != 0, "a valid scenario built no world and gave no reason");
        return 0;
    }
    FUZZ_CHECK(steer_world_agent_count(w) == info->total_agents, "world has %d agents, scenario says %d",
               steer_world_agent_count(w), info->total_agents);
    FUZZ_CHECK(steer_world_group_count(w) == info->group_count, "world has %d groups, scenario says %d",
               steer_world_group_count(w), info->group_count);
    for (int s = 0; s < 3; ++s) {
        steer_result sr = steer_world_step(w, info->dt);
        FUZZ_CHECK(sr == STEER_OK, "a built world refused its own dt %g (%d)", (double)info->dt, sr);
    }
    steer_world_view v = steer_world_get_view(w);
    for (int i = 0; i < v.count; ++i)
        FUZZ_CHECK(steer_is_finite(v.px[i]) && steer_is_finite(v.py[i]) && steer_is_finite(v.vx[i]) &&
                       steer_is_finite(v.vy[i]) && (!v.pz || (steer_is_finite(v.pz[i]) && steer_is_finite(v.vz[i]))),
                   "agent %d not finite after stepping a scenario", i);
    steer_world_destroy(w);
    return 0;
}

/* The scenario's public face: the setters fill the generic reader's tree,
 * finish checks it through the format's tables (scenario_format.c), and the
 * derived description lives here until the next change. */
#include "scenario_internal.h"

#include <stdlib.h>
#include <string.h>

steer_scenario *steer_scenario_create(void) { return calloc(1, sizeof(steer_scenario)); }

void steer_scenario_reset(steer_scenario *sc)
{
    if (!sc) return;
    sc_free_derived(sc);
    sc_reader_reset(&sc->rd);
}

void steer_scenario_destroy(steer_scenario *sc)
{
    if (!sc) return;
    steer_scenario_reset(sc);
    free(sc);
}

/* Every change unfinishes the scenario; a failed one says why at once. */
static int changed(steer_scenario *sc, int rc)
{
    sc->finished = false;
    if (rc != 0 || sc->rd.message) sc_reader_compose(&sc->rd);
    return rc;
}

int steer_scenario_set_object(steer_scenario *sc, const char *path)
{
    return sc ? changed(sc, sc_reader_set_object(&sc->rd, path)) : -1;
}

int steer_scenario_set_array(steer_scenario *sc, const char *path, int length)
{
    return sc ? changed(sc, sc_reader_set_array(&sc->rd, path, length)) : -1;
}

int steer_scenario_set_number(steer_scenario *sc, const char *path, double value)
{
    return sc ? changed(sc, sc_reader_set_number(&sc->rd, path, value)) : -1;
}

int steer_scenario_set_string(steer_scenario *sc, const char *path, const char *value)
{
    return sc ? changed(sc, sc_reader_set_string(&sc->rd, path, value)) : -1;
}

int steer_scenario_set_bool(steer_scenario *sc, const char *path, bool value)
{
    return sc ? changed(sc, sc_reader_set_bool(&sc->rd, path, value)) : -1;
}

int steer_scenario_set_null(steer_scenario *sc, const char *path)
{
    return sc ? changed(sc, sc_reader_set_null(&sc->rd, path)) : -1;
}

int steer_scenario_fail(steer_scenario *sc, const char *path, const char *message)
{
    return sc ? changed(sc, sc_reader_fail(&sc->rd, path, message)) : -1;
}

int steer_scenario_finish(steer_scenario *sc)
{
    if (!sc) return -1;
    sc_free_derived(sc);
    sc_reader_clear_check(&sc->rd);
    int rc = -1;
    if (!sc->rd.broken) { /* a broken tree is incomplete: its setter's error is the one to fix */
        rc = sc_format_check(sc);
        if (sc_reader_error_count(&sc->rd)) rc = -1; /* the walker's own complaints */
    }
    sc_reader_compose(&sc->rd);
    if (rc != 0) {
        sc_free_derived(sc);
        return -1;
    }
    sc->finished = true;
    return 0;
}

const char *steer_scenario_error(const steer_scenario *sc)
{
    if (!sc) return "no scenario";
    if (!sc->rd.message) return sc_reader_error_count(&sc->rd) ? "out of memory" : "";
    return sc->rd.message;
}

int steer_scenario_error_count(const steer_scenario *sc) { return sc ? sc_reader_error_count(&sc->rd) : 1; }

const steer_scenario_info *steer_scenario_get_info(const steer_scenario *sc)
{
    return sc && sc->finished ? &sc->info : 0;
}

void sc_free_derived(steer_scenario *sc)
{
    for (int i = 0; i < sc->info.group_count; ++i) free(sc->group_names ? sc->group_names[i] : 0);
    for (int i = 0; i < sc->info.path_count; ++i) {
        free(sc->paths ? (char *)sc->paths[i].name : 0);
        free(sc->path_points ? sc->path_points[i] : 0);
    }
    for (int i = 0; i < sc->info.flow_field_count; ++i) {
        if (!sc->fields) break;
        free(sc->fields[i].name);
        free(sc->fields[i].vectors);
    }
    for (int i = 0; i < sc->info.formation_count; ++i) free(sc->formation_slots ? sc->formation_slots[i] : 0);
    free(sc->formations);
    free(sc->formation_slots);
    sc->formations = 0;
    sc->formation_slots = 0;
    for (int i = 0; i < sc->spawn_count; ++i) {
        free(sc->spawns ? sc->spawns[i].points : 0);
        free(sc->spawns ? sc->spawns[i].goal.points : 0);
        free(sc->spawns ? sc->spawns[i].goal.via : 0);
    }
    free(sc->name);
    free(sc->description);
    free(sc->groups);
    free(sc->group_names);
    free(sc->obstacles);
    free(sc->obstacle_velocities);
    free(sc->walls);
    free(sc->wall_heights);
    free(sc->wall_loops);
    free(sc->paths);
    free(sc->path_points);
    free(sc->fields);
    free(sc->field_names);
    free(sc->spawns);
    sc->name = sc->description = 0;
    sc->groups = 0;
    sc->group_names = 0;
    sc->obstacles = 0;
    sc->obstacle_velocities = 0;
    sc->walls = 0;
    sc->wall_heights = 0;
    sc->wall_loops = 0;
    sc->wall_loop_count = 0;
    sc->paths = 0;
    sc->path_points = 0;
    sc->fields = 0;
    sc->field_names = 0;
    sc->spawns = 0;
    sc->spawn_count = 0;
    memset(&sc->info, 0, sizeof sc->info);
    sc->finished = false;
}

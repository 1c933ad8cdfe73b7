/* What the pictures mark beneath the agents (scenario_marks.c), the rules
 * `steer run` and the playground share: on the scenario files whose
 * descriptions promise them, and on the ones that must stay unmarked. */
#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario_json.h"

typedef struct marked {
    int count[5];            /* by kind */
    steer_scenario_mark group_marks[3 * STEER_SCENARIO_MARK_GROUPS];
    int group_mark_count;
    steer_scenario_mark *goals;
    int goal_count;
} marked;

/* Loads scenarios/<file>, builds its world and reads both kinds of marks. */
static marked marks_of(const char *file)
{
    marked m;
    memset(&m, 0, sizeof m);
    char path[1024], error[1024] = "out of memory";
    snprintf(path, sizeof path, "%s/%s", STEER_SCENARIOS_DIR, file);
    steer_scenario *sc = steer_scenario_create();
    if (!sc || steer_scenario_load_json_file(sc, path, error, sizeof error)) {
        fprintf(stderr, "%s: %s\n", file, error);
        CHECK(0);
        steer_scenario_destroy(sc);
        return m;
    }
    const steer_scenario_info *info = steer_scenario_get_info(sc);
    steer_agent_id *ids = calloc((size_t)info->total_agents + 1, sizeof *ids);
    steer_scenario_overrides overrides = {.agent_ids = ids};
    steer_world *w = ids ? steer_scenario_create_world(sc, &overrides, error, sizeof error) : NULL;
    CHECK(w != NULL);
    if (w) {
        const steer_group_def *groups[STEER_SCENARIO_MARK_GROUPS];
        for (int g = 0; g < info->group_count; ++g) groups[g] = &info->groups[g].def;
        m.group_mark_count = steer_scenario_marks(groups, info->group_count, &info->world, m.group_marks);
        m.goals = steer_scenario_goal_marks(info, w, ids, &m.goal_count);
        for (int k = 0; k < m.group_mark_count; ++k) m.count[m.group_marks[k].kind]++;
        for (int k = 0; k < m.goal_count; ++k) m.count[m.goals[k].kind]++;
    }
    steer_world_destroy(w);
    free(ids);
    steer_scenario_destroy(sc);
    return m;
}

static const steer_scenario_mark *find(const marked *m, steer_scenario_mark_kind kind, int group)
{
    for (int k = 0; k < m->group_mark_count; ++k)
        if (m->group_marks[k].kind == kind && m->group_marks[k].group == group) return &m->group_marks[k];
    return 0;
}

/* "kept inside their pens by containment alone": a pen per group; the
 * showcase's wanderers' and drifters' pens, but not the boids' and hawks'
 * band, which reaches past the world's ends (its walls show it). */
static void test_pens(void)
{
    marked m = marks_of("wander_containment.json");
    CHECK(m.count[STEER_SCENARIO_MARK_PEN] == 2);
    const steer_scenario_mark *pen = find(&m, STEER_SCENARIO_MARK_PEN, 0);
    CHECK(pen && pen->a.x == -38.0f && pen->a.y == -28.0f && pen->b.x == -2.0f && pen->b.y == 28.0f);
    free(m.goals);
    m = marks_of("showcase.json");
    CHECK(m.count[STEER_SCENARIO_MARK_PEN] == 2);
    CHECK(find(&m, STEER_SCENARIO_MARK_PEN, 2) && find(&m, STEER_SCENARIO_MARK_PEN, 4)); /* wanderers, drifters */
    CHECK(!find(&m, STEER_SCENARIO_MARK_PEN, 0) && !find(&m, STEER_SCENARIO_MARK_PEN, 1));
    free(m.goals);
    m = marks_of("flow_field.json"); /* "vanish on the drifters' pen" */
    CHECK(m.count[STEER_SCENARIO_MARK_PEN] == 2);
    free(m.goals);
    const char *none[] = {"flocking.json", "obstacles.json", "pursuit_evasion.json", "path_loop.json", "wall_corridor.json"};
    for (int k = 0; k < 5; ++k) {
        m = marks_of(none[k]);
        CHECK(m.group_mark_count == 0 && m.goal_count == 0);
        free(m.goals);
    }
}

/* arrive_seek: one green target for three groups, one red, and the threat
 * with its panic distance ("until it is out of panic distance"). */
static void test_targets_and_threats(void)
{
    marked m = marks_of("arrive_seek.json");
    CHECK(m.count[STEER_SCENARIO_MARK_TARGET] == 2);
    CHECK(m.count[STEER_SCENARIO_MARK_THREAT] == 1);
    const steer_scenario_mark *threat = find(&m, STEER_SCENARIO_MARK_THREAT, 5);
    CHECK(threat && threat->a.x == 0.0f && threat->a.y == -12.0f && threat->b.x == 12.0f);
    CHECK(m.goal_count == 0);
    free(m.goals);
}

/* Goals: the formation's leader's route (six waypoints, five legs; the
 * wedge's slots move with it and are no places); the places' two grids of
 * 120; the doorway's hundred routes, too many for lines: the door point and
 * the hundred places; the head-on pair's two antipodes. */
static void test_goals(void)
{
    marked m = marks_of("formation.json");
    CHECK(m.count[STEER_SCENARIO_MARK_ROUTE] == 5);
    CHECK(m.count[STEER_SCENARIO_MARK_PLACE] == 6);
    for (int k = 0; k < m.goal_count; ++k) CHECK(m.goals[k].group == 0);
    free(m.goals);
    m = marks_of("places.json");
    CHECK(m.count[STEER_SCENARIO_MARK_PLACE] == 240 && m.count[STEER_SCENARIO_MARK_ROUTE] == 0);
    free(m.goals);
    m = marks_of("doorway.json");
    CHECK(m.count[STEER_SCENARIO_MARK_PLACE] == 101 && m.count[STEER_SCENARIO_MARK_ROUTE] == 0);
    free(m.goals);
    m = marks_of("head_on.json");
    CHECK(m.count[STEER_SCENARIO_MARK_PLACE] == 2);
    free(m.goals);
}

int main(void)
{
    test_pens();
    test_targets_and_threats();
    test_goals();
    return check_summary("test_scenario_marks");
}

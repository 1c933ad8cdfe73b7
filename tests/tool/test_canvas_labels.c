/* The group names `steer run` writes over a picture's panels
 * (canvas_view_make): which groups get one, on the scenario files and on
 * small scenarios built for each clause of the rule. */
#include "check.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "canvas.h"
#include "scenario_json.h"

/* The labels of a scenario (a file, or JSON text when text is given) drawn
 * from its start at 800 x 600; labels = -1 if it does not load. */
static canvas_view labels_of(const char *name, const char *text)
{
    canvas_view none = {0};
    none.labels = -1;
    steer_scenario *sc = steer_scenario_create();
    char error[512] = "out of memory";
    if (!sc || (text ? steer_scenario_load_json(sc, name, text, strlen(text), error, sizeof error)
                     : steer_scenario_load_json_file(sc, name, error, sizeof error))) {
        fprintf(stderr, "%s: %s\n", name, error);
        steer_scenario_destroy(sc);
        return none;
    }
    const steer_scenario_info *info = steer_scenario_get_info(sc);
    int n = info->total_agents;
    steer_agent_id *ids = calloc((size_t)n + 1, sizeof *ids);
    steer_v3 *ground = calloc((size_t)n + 1, sizeof *ground);
    int *group = calloc((size_t)n + 1, sizeof *group);
    steer_scenario_overrides overrides = {.agent_ids = ids};
    steer_world *w = ids && ground && group ? steer_scenario_create_world(sc, &overrides, error, sizeof error) : NULL;
    canvas_view v = none;
    if (w) {
        bool all = true;
        for (int a = 0; a < n; ++a) {
            steer_agent_state s;
            all = steer_world_get_agent(w, ids[a], &s) == STEER_OK;
            if (!all) break;
            ground[a] = canvas_ground(info, s.position);
            group[a] = s.group;
        }
        CHECK(all); /* every spawned agent read back: none drawn at the origin by mistake */
        if (all) v = canvas_view_make(info, 800, 600, ground, group, n);
        steer_world_destroy(w);
    }
    free(ids);
    free(ground);
    free(group);
    steer_scenario_destroy(sc);
    return v;
}

static bool names(const canvas_view *v, int g)
{
    for (int l = 0; l < v->labels; ++l)
        if (v->label_group[l] == g) return true;
    return false;
}

/* The scenario files: panels of their own are named, groups that share a
 * region or travel across each other's are not. */
static void test_files(void)
{
    char file[1024];
    snprintf(file, sizeof file, "%s/showcase.json", STEER_SCENARIOS_DIR);
    canvas_view v = labels_of(file, NULL);
    CHECK(v.labels == 5);
    CHECK(!names(&v, 1)); /* the hawks fly among the boids: in the legend only */
    for (int g = 0; g < 6; ++g)
        if (g != 1) CHECK(names(&v, g));
    /* the wanderers' name inside their pen, under its top edge (y = -14), not through it */
    double pen_top = v.height - (v.bottom + (-14.0 - v.min_y) * v.scale);
    for (int l = 0; l < v.labels; ++l)
        if (v.label_group[l] == 2) CHECK(v.label_y[l] - 0.8 * v.font > pen_top);
    const char *two_panels[] = {"flow_field.json", "wander_containment.json"};
    for (int k = 0; k < 2; ++k) {
        snprintf(file, sizeof file, "%s/%s", STEER_SCENARIOS_DIR, two_panels[k]);
        v = labels_of(file, NULL);
        CHECK(v.labels == 2);
    }
    /* two squads sent to each other's side, four streams crossing, a
     * formation, hunters among the hunted: nothing stays in its region */
    const char *unnamed[] = {"rts_squads.json", "four_way.json", "formation.json", "pursuit_evasion.json"};
    for (int k = 0; k < 4; ++k) {
        snprintf(file, sizeof file, "%s/%s", STEER_SCENARIOS_DIR, unnamed[k]);
        v = labels_of(file, NULL);
        CHECK(v.labels == 0);
    }
}

/* Two groups of 10 side by side (left and right of x = 0), each with or
 * without a goal on the other side, with or without a wall at x = 0. */
static canvas_view side_by_side(bool goals, bool wall)
{
    char text[2048];
    const char *goal_left = goals ? ", \"goal\": {\"kind\": \"arrive\", \"target\": [30, 0]}" : "";
    const char *goal_right = goals ? ", \"goal\": {\"kind\": \"arrive\", \"target\": [-30, 0]}" : "";
    snprintf(text, sizeof text,
             "{\"name\": \"sides\", \"bounds\": {\"min\": [-40, -20], \"max\": [40, 20]}, \"boundary\": \"clamp\",\n"
             " \"walls\": [%s],\n"
             " \"groups\": [\n"
             "  {\"name\": \"left\", \"behaviours\": {\"separation\": 1},\n"
             "   \"spawn\": [{\"count\": 10, \"min\": [-36, -10], \"max\": [-20, 10]%s}]},\n"
             "  {\"name\": \"right\", \"behaviours\": {\"separation\": 1},\n"
             "   \"spawn\": [{\"count\": 10, \"min\": [20, -10], \"max\": [36, 10]%s}]}]}\n",
             wall ? "{\"points\": [[0, -20], [0, 20]]}" : "", goal_left, goal_right);
    return labels_of("sides", text);
}

/* Each clause of the rule on its own: panels apart are named; when either
 * group travels (a goal of its own) only a wall between them keeps its
 * name over its region. */
static void test_goals_need_a_wall(void)
{
    canvas_view v = side_by_side(false, false);
    CHECK(v.labels == 2); /* no goals: their regions are their panels */
    v = side_by_side(true, false);
    CHECK(v.labels == 0); /* they swap sides: a name would end over the other group */
    v = side_by_side(true, true);
    CHECK(v.labels == 2 && names(&v, 0) && names(&v, 1)); /* the wall keeps each on its side */
    v = side_by_side(false, true);
    CHECK(v.labels == 2);
}

int main(void)
{
    test_files();
    test_goals_need_a_wall();
    return check_summary("test_canvas_labels");
}

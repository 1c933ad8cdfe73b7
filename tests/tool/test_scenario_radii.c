/* Body radii per agent through the scenario format (a spawn's "body_radius",
 * the top-level "agent_radii"):
 *   - a range gives each agent its own radius within it, spread over it,
 *     the same bits for the same seed and others for another; a number
 *     gives every agent that one; the world is made with agent_radii;
 *   - the radii come from a stream of their own: the places, headings and
 *     goals are those of the same file without them;
 *   - files without them make worlds without agent_radii (view.radius
 *     NULL); "agent_radii": true alone makes one whose agents have none;
 *   - scenarios/mixed_sizes.json run in the world: no pair ever closer
 *     than the sum of its own two radii, and pairs of large bodies stopped
 *     at their own sum, well beyond the 0.4 the group's radius would allow;
 *   - a random place keeps the agent's own radius clear of a rock, and an
 *     order's places are spaced for the spawn's largest own body.
 * Refusals with the field, the value and the rule are in
 * test_tool_scenarios' table of bad scenarios. */
#include "check.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario.h"
#include "scenario_json.h"

/* The world a scenario text makes (NULL, and a failed check, if none);
 * ids receive the agents in spawn order when given. */
static steer_world *world_of(const char *text, bool set_seed, uint64_t seed, steer_agent_id *ids)
{
    steer_scenario *sc = steer_scenario_create();
    char error[STEER_SCENARIO_ERROR_SIZE];
    bool loaded = sc && steer_scenario_load_json(sc, "radii.json", text, strlen(text), error, sizeof error) == 0;
    if (sc && !loaded) fprintf(stderr, "%s\n", error);
    CHECK(loaded);
    steer_scenario_overrides ov = {.set_seed = set_seed, .seed = seed, .agent_ids = ids};
    steer_world *w = loaded ? steer_scenario_create_world(sc, &ov, error, sizeof error) : 0;
    if (loaded && !w) fprintf(stderr, "%s\n", error);
    CHECK(w != 0);
    steer_scenario_destroy(sc);
    return w;
}

static char *read_file(const char *file)
{
    FILE *f = fopen(file, "rb");
    if (!f) return 0;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)n + 1);
    if (text && fread(text, 1, (size_t)n, f) != (size_t)n) n = 0;
    if (text) text[n] = 0;
    fclose(f);
    return text;
}

#define COUNT 200
static const char *box_file(const char *body)
{
    static char text[1024];
    snprintf(text, sizeof text,
             "{\"bounds\": {\"min\": [-50, -50], \"max\": [50, 50]}, \"boundary\": \"clamp\","
             " \"groups\": [{\"name\": \"a\", \"radius\": 0.2, \"spawn\": [{\"count\": %d%s,"
             " \"goal\": {\"kind\": \"arrive\", \"box\": {\"min\": [-40, -40], \"max\": [40, 40]}}}]}]}",
             COUNT, body);
    return text;
}

static void radii_of(steer_world *w, const steer_agent_id *ids, float *out)
{
    for (int i = 0; i < COUNT; ++i) out[i] = -1.0f;
    if (w) CHECK(steer_world_get_radii(w, ids, out, COUNT, NULL) == COUNT);
}

static void test_a_range_draws_each_its_own(void)
{
    steer_agent_id ids[COUNT];
    float r[COUNT], again[COUNT], other[COUNT];
    steer_world *w = world_of(box_file(", \"body_radius\": [0.2, 0.35]"), false, 0, ids);
    radii_of(w, ids, r);
    steer_world_def def;
    CHECK(w && steer_world_get_def(w, &def) == STEER_OK && def.agent_radii);
    float lo = INFINITY, hi = -INFINITY;
    int distinct = 0;
    for (int i = 0; i < COUNT; ++i) {
        lo = fminf(lo, r[i]), hi = fmaxf(hi, r[i]);
        distinct += i == 0 || r[i] != r[i - 1];
    }
    printf("a range [0.2, 0.35]: %d agents drew %g to %g, %d changes between neighbours\n", COUNT, (double)lo, (double)hi,
           distinct);
    CHECK(lo >= 0.2f && hi <= 0.35f && lo < 0.21f && hi > 0.34f && distinct > COUNT / 2);
    steer_world_view v = w ? steer_world_get_view(w) : (steer_world_view){0};
    CHECK(v.radius != 0); /* each its own in the view's column, none the group's 0 */
    for (int i = 0; v.radius && i < v.count; ++i) CHECK(v.radius[i] >= 0.2f);
    steer_world *same = world_of(box_file(", \"body_radius\": [0.2, 0.35]"), false, 0, ids);
    radii_of(same, ids, again);
    CHECK(!memcmp(r, again, sizeof r));
    steer_world *seeded = world_of(box_file(", \"body_radius\": [0.2, 0.35]"), true, 99, ids);
    radii_of(seeded, ids, other);
    CHECK(memcmp(r, other, sizeof r) != 0);
    steer_world *one = world_of(box_file(", \"body_radius\": 0.3"), false, 0, ids);
    radii_of(one, ids, r);
    for (int i = 0; i < COUNT; ++i) CHECK(r[i] == 0.3f);
    steer_world_destroy(w), steer_world_destroy(same), steer_world_destroy(seeded), steer_world_destroy(one);
}

/* The radii's own stream: places, velocities and goals as without them. */
static void test_radii_move_no_other_draw(void)
{
    steer_agent_id with_ids[COUNT], plain_ids[COUNT];
    steer_world *with = world_of(box_file(", \"body_radius\": [0.2, 0.35]"), false, 0, with_ids);
    steer_world *plain = world_of(box_file(""), false, 0, plain_ids);
    int same = 0;
    for (int i = 0; with && plain && i < COUNT; ++i) {
        steer_agent_state a, b;
        steer_goal ga, gb;
        steer_world_get_agent(with, with_ids[i], &a), steer_world_get_agent(plain, plain_ids[i], &b);
        steer_world_get_goal(with, with_ids[i], &ga), steer_world_get_goal(plain, plain_ids[i], &gb);
        same += !memcmp(&a.position, &b.position, sizeof a.position) && !memcmp(&a.velocity, &b.velocity, sizeof a.velocity) &&
                !memcmp(&ga.target, &gb.target, sizeof ga.target);
    }
    CHECK(same == COUNT);
    steer_world_def def;
    CHECK(plain && steer_world_get_def(plain, &def) == STEER_OK && !def.agent_radii); /* a file without: as before */
    CHECK(plain && steer_world_get_view(plain).radius == 0);
    steer_world_destroy(with), steer_world_destroy(plain);
    /* the flag alone: a world with agent_radii, its agents of their group's size (own radius 0) */
    char text[1200];
    snprintf(text, sizeof text, "{\"agent_radii\": true, %s", box_file("") + 1);
    steer_world *flag = world_of(text, false, 0, plain_ids);
    steer_world_view v = flag ? steer_world_get_view(flag) : (steer_world_view){0};
    CHECK(v.radius != 0 && v.count == COUNT);
    for (int i = 0; v.radius && i < v.count; ++i) CHECK(v.radius[i] == 0.0f);
    float r = 0.0f;
    CHECK(flag && steer_world_get_radius(flag, plain_ids[0], &r) == STEER_OK && r == 0.2f);
    steer_world_destroy(flag);
}

/* A random place keeps the body's own radius clear of a rock: a box that
 * is mostly rock, bodies of radius 1.5 where the group's is 0.1. */
static void test_places_clear_of_solids_by_own_radius(void)
{
    const char *text = "{\"bounds\": {\"min\": [-10, -10], \"max\": [10, 10]}, \"boundary\": \"clamp\","
                       " \"obstacles\": [{\"centre\": [0, 0], \"radius\": 3}],"
                       " \"groups\": [{\"name\": \"a\", \"radius\": 0.1, \"spawn\": [{\"count\": 40, \"min\": [-4.5, -4.5],"
                       " \"max\": [4.5, 4.5], \"spacing\": 0.01, \"body_radius\": 1.5}]}]}";
    steer_agent_id ids[40];
    steer_world *w = world_of(text, false, 0, ids);
    int clear = 0;
    for (int i = 0; w && i < 40; ++i) {
        steer_agent_state s;
        steer_world_get_agent(w, ids[i], &s);
        clear += steer_v3_len(s.position) >= 3.0f + 1.5f;
    }
    CHECK(clear == 40);
    steer_world_destroy(w);
}

/* An order's places ("around" without a spacing) are 2.5 of the spawn's
 * largest own radius apart, not 2.5 of its group's (0.2: bodies of up to
 * 1 on places 0.5 apart would stand on each other). */
static void test_order_places_fit_own_bodies(void)
{
    const char *text = "{\"bounds\": {\"min\": [-30, -30], \"max\": [30, 30]}, \"boundary\": \"clamp\","
                       " \"groups\": [{\"name\": \"a\", \"radius\": 0.2, \"spawn\": [{\"count\": 12, \"shape\": \"line\","
                       " \"from\": [-20, -5], \"to\": [-20, 5], \"body_radius\": [0.5, 1],"
                       " \"goal\": {\"kind\": \"arrive\", \"around\": [10, 0]}}]}]}";
    steer_agent_id ids[12];
    steer_world *w = world_of(text, false, 0, ids);
    double closest = INFINITY;
    for (int i = 0; w && i < 12; ++i)
        for (int j = i + 1; j < 12; ++j) {
            steer_goal a, b;
            steer_world_get_goal(w, ids[i], &a), steer_world_get_goal(w, ids[j], &b);
            closest = fmin(closest, steer_v3_dist(a.target, b.target));
        }
    printf("an order's places for bodies of up to 1: the closest two %.3f apart\n", closest);
    CHECK(closest >= 2.5 * 0.999);
    steer_world_destroy(w);
}

/* scenarios/mixed_sizes.json stepped: keep_apart holds every pair at the
 * sum of its own radii; the large bodies meet at theirs, which the group's
 * radius (0.2: contact at 0.4) would let them pass inside. */
static void test_mixed_sizes_keeps_own_radii(void)
{
    char *text = read_file(STEER_SCENARIOS_DIR "/mixed_sizes.json");
    CHECK(text != 0);
    if (!text) return;
    steer_world *w = world_of(text, false, 0, 0);
    free(text);
    if (!w) return;
    double worst = INFINITY, large_closest = INFINITY; /* d / (r_i + r_j): all pairs; pairs of sum >= 0.6 */
    for (int step = 0; step < 600; ++step) {
        CHECK(steer_world_step(w, 0.05f) == STEER_OK);
        steer_world_view v = steer_world_get_view(w);
        CHECK(v.radius != 0);
        if (!v.radius) break;
        for (int i = 0; i < v.count; ++i)
            for (int j = i + 1; j < v.count; ++j) {
                double dx = (double)v.px[i] - v.px[j], dy = (double)v.py[i] - v.py[j], d = sqrt(dx * dx + dy * dy);
                double sum = (double)v.radius[i] + v.radius[j];
                worst = fmin(worst, d / sum);
                if (sum >= 0.6) large_closest = fmin(large_closest, d / sum);
            }
    }
    printf("mixed_sizes: the closest pair at %.4f of its own radii's sum; pairs of sum >= 0.6 at %.4f of theirs (%.3f apart "
           "at least, where the group's radius allows 0.4)\n", worst, large_closest, 0.6 * large_closest);
    CHECK(worst >= 0.999);
    CHECK(large_closest <= 1.01);
    steer_world_destroy(w);
}

/* A walker (the playground's) may pass NaN, which JSON cannot hold: refused
 * with the path, as every number is. */
static void test_nan_through_the_setters(void)
{
    steer_scenario *sc = steer_scenario_create();
    CHECK(sc != 0);
    if (!sc) return;
    steer_scenario_set_object(sc, "");
    steer_scenario_set_object(sc, "bounds");
    steer_scenario_set_array(sc, "bounds.min", 2);
    steer_scenario_set_number(sc, "bounds.min[0]", -5), steer_scenario_set_number(sc, "bounds.min[1]", -5);
    steer_scenario_set_array(sc, "bounds.max", 2);
    steer_scenario_set_number(sc, "bounds.max[0]", 5), steer_scenario_set_number(sc, "bounds.max[1]", 5);
    steer_scenario_set_array(sc, "groups", 1);
    steer_scenario_set_object(sc, "groups[0]");
    steer_scenario_set_string(sc, "groups[0].name", "a");
    steer_scenario_set_array(sc, "groups[0].spawn", 1);
    steer_scenario_set_object(sc, "groups[0].spawn[0]");
    steer_scenario_set_number(sc, "groups[0].spawn[0].count", 3);
    steer_scenario_set_array(sc, "groups[0].spawn[0].body_radius", 2);
    steer_scenario_set_number(sc, "groups[0].spawn[0].body_radius[0]", 0.2);
    steer_scenario_set_number(sc, "groups[0].spawn[0].body_radius[1]", NAN);
    CHECK(steer_scenario_finish(sc) != 0);
    printf("NaN: %s\n", steer_scenario_error(sc));
    CHECK(strstr(steer_scenario_error(sc), "groups[0].spawn[0].body_radius[1]: expected a positive number") != 0);
    steer_scenario_set_number(sc, "groups[0].spawn[0].body_radius[1]", 0.3); /* live tuning: fixed, finished again */
    CHECK(steer_scenario_finish(sc) == 0);
    CHECK(steer_scenario_get_info(sc) && steer_scenario_get_info(sc)->world.agent_radii);
    steer_scenario_destroy(sc);
}

int main(void)
{
    test_nan_through_the_setters();
    test_a_range_draws_each_its_own();
    test_radii_move_no_other_draw();
    test_places_clear_of_solids_by_own_radius();
    test_order_places_fit_own_bodies();
    test_mixed_sizes_keeps_own_radii();
    return check_summary("test_scenario_radii");
}

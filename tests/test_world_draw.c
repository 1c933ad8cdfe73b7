/* Debug draw: each layer calls the renderer's callbacks for what it shows
 * (counted per layer and per callback), no layer means no calls, NULL
 * callbacks are skipped, max_agents limits the per-agent overlays, and the
 * agent callback receives each agent's position, unit heading, radius and
 * group colour (its kept heading in a world that keeps them); the bounds
 * are outlined on the ground, XZ in a Y-up world. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "steer/steer.h"

typedef struct calls {
    int circle, segment, point, arrow, text, agent;
    int bad; /* non-finite point or a heading that is not unit length */
    float sum_x; /* of the agent positions */
} calls;

static bool finite_v3(steer_v3 p) { return steer_v3_is_valid(p); }

static void on_circle(steer_v3 c, float r, uint32_t colour, void *ctx)
{
    (void)colour;
    calls *k = ctx;
    k->circle++;
    k->bad += !finite_v3(c) || !(r >= 0.0f);
}
static void on_segment(steer_v3 a, steer_v3 b, uint32_t colour, void *ctx)
{
    (void)colour;
    calls *k = ctx;
    k->segment++;
    k->bad += !finite_v3(a) || !finite_v3(b);
}
static void on_point(steer_v3 p, float size, uint32_t colour, void *ctx)
{
    (void)size, (void)colour;
    calls *k = ctx;
    k->point++;
    k->bad += !finite_v3(p);
}
static void on_arrow(steer_v3 a, steer_v3 b, uint32_t colour, void *ctx)
{
    (void)colour;
    calls *k = ctx;
    k->arrow++;
    k->bad += !finite_v3(a) || !finite_v3(b);
}
static void on_text(steer_v3 at, const char *text, uint32_t colour, void *ctx)
{
    (void)colour;
    calls *k = ctx;
    k->text++;
    k->bad += !finite_v3(at) || !text || !text[0];
}
static void on_agent(steer_v3 p, steer_v3 heading, float radius, uint32_t colour, void *ctx)
{
    calls *k = ctx;
    k->agent++;
    k->sum_x += p.x;
    k->bad += !finite_v3(p) || fabsf(steer_v3_len(heading) - 1.0f) > 1e-5f;
    k->bad += !(radius == 0.25f || radius == 0.5f) || !(colour == 0x11223344u || colour == 0x55667788u);
}

#define WANDERERS 6
#define PLAIN 4
#define AGENTS (WANDERERS + PLAIN)

static steer_world *draw_world(int dim)
{
    steer_world_def wd = steer_default_world_def();
    wd.dim = dim;
    steer_world *w = steer_world_create(&wd);
    CHECK(w != 0);
    CHECK(steer_world_add_obstacle(w, steer_v3_make(5, 5, 0), 1) == 0);
    CHECK(steer_world_add_obstacle(w, steer_v3_make(-5, 5, 0), 2) == 1);
    CHECK(steer_world_add_obstacle(w, steer_v3_make(0, -8, 0), 1) == 2);
    CHECK(steer_world_add_wall(w, steer_v3_make(-10, -10, 0), steer_v3_make(10, -10, 0)) == 0);
    CHECK(steer_world_add_wall(w, steer_v3_make(10, -10, 0), steer_v3_make(10, 10, 0)) == 1);
    steer_v3 open[4] = {steer_v3_make(0, 0, 0), steer_v3_make(3, 0, 0), steer_v3_make(3, 3, 0), steer_v3_make(0, 3, 0)};
    CHECK(steer_world_add_path(w, open, 4, false, 1.0f) == 0); /* 3 segments */
    CHECK(steer_world_add_path(w, open, 3, true, 1.0f) == 1);  /* 3 segments */
    steer_v3 field[12];
    for (int i = 0; i < 12; ++i) field[i] = steer_v3_make(1, (float)(i % 3) - 1.0f, 0);
    CHECK(steer_world_add_flow_field(w, steer_v3_make(-20, -20, 0), 4.0f, 4, 3, 1, field) == 0); /* 12 vectors */
    steer_group_def g = steer_default_group_def();
    g.weight[STEER_WANDER] = 1.0f;
    g.weight[STEER_AVOID_OBSTACLES] = 1.0f;
    g.weight[STEER_AVOID_WALLS] = 1.0f;
    g.colour = 0x11223344u;
    CHECK(steer_world_add_group(w, &g) == 0);
    g = steer_default_group_def();
    g.radius = 0.5f;
    g.colour = 0x55667788u;
    CHECK(steer_world_add_group(w, &g) == 1);
    for (int i = 0; i < AGENTS; ++i)
        CHECK(steer_world_add_agent(w, i < WANDERERS ? 0 : 1, steer_v3_make((float)i, (float)i * 0.5f, 1.0f),
                                    steer_v3_make(1.0f, 0.5f, 0.25f)).index != 0);
    for (int s = 0; s < 5; ++s) CHECK(steer_world_step(w, 0.05f) == STEER_OK);
    return w;
}

/* All callbacks set; only the named layer on. */
static calls draw_layer(const steer_world *w, const char *layer, int max_agents, bool with_text)
{
    calls k;
    memset(&k, 0, sizeof k);
    steer_debug_draw dd;
    memset(&dd, 0, sizeof dd);
    dd.circle = on_circle;
    dd.segment = on_segment;
    dd.point = on_point;
    dd.arrow = on_arrow;
    dd.text = with_text ? on_text : 0;
    dd.agent = on_agent;
    dd.context = &k;
    dd.max_agents = max_agents;
    dd.agents = strcmp(layer, "agents") == 0;
    dd.velocities = strcmp(layer, "velocities") == 0;
    dd.neighbour_radius = strcmp(layer, "neighbour_radius") == 0;
    dd.wander = strcmp(layer, "wander") == 0;
    dd.feelers = strcmp(layer, "feelers") == 0;
    dd.obstacles = strcmp(layer, "obstacles") == 0;
    dd.walls = strcmp(layer, "walls") == 0;
    dd.paths = strcmp(layer, "paths") == 0;
    dd.flow_fields = strcmp(layer, "flow_fields") == 0;
    dd.bounds = strcmp(layer, "bounds") == 0;
    steer_world_draw(w, &dd);
    return k;
}

static int total(const calls *k) { return k->circle + k->segment + k->point + k->arrow + k->text + k->agent; }

static void test_layers(int dim)
{
    steer_world *w = draw_world(dim);
    calls k = draw_layer(w, "none", 0, false);
    CHECK(total(&k) == 0);

    k = draw_layer(w, "agents", 0, false);
    CHECK(k.agent == AGENTS && total(&k) == AGENTS && k.bad == 0);
    steer_world_view v = steer_world_get_view(w);
    float sum_x = 0.0f;
    for (int i = 0; i < v.count; ++i) sum_x += v.px[i]; /* the same order: the same sum */
    CHECK(k.sum_x == sum_x);

    k = draw_layer(w, "velocities", 0, false);
    CHECK(k.arrow == AGENTS && total(&k) == AGENTS);
    k = draw_layer(w, "velocities", 3, false); /* max_agents limits overlays */
    CHECK(k.arrow == 3 && total(&k) == 3);
    k = draw_layer(w, "neighbour_radius", 0, false);
    CHECK(k.circle == AGENTS && total(&k) == AGENTS);
    k = draw_layer(w, "wander", 0, false); /* a circle and its target point per wanderer */
    CHECK(k.circle == WANDERERS && k.point == WANDERERS && k.arrow == 0 && k.agent == 0);
    k = draw_layer(w, "feelers", 0, false); /* look-ahead and three wall feelers per avoider */
    CHECK(k.segment == 4 * WANDERERS && total(&k) == 4 * WANDERERS);
    k = draw_layer(w, "obstacles", 0, false);
    CHECK(k.circle == 3 && total(&k) == 3);
    k = draw_layer(w, "walls", 0, false);
    CHECK(k.segment == 2 && total(&k) == 2);
    k = draw_layer(w, "paths", 0, false);
    CHECK(k.segment == 6 && total(&k) == 6);
    k = draw_layer(w, "flow_fields", 0, false);
    CHECK(k.arrow == 12 && total(&k) == 12);
    k = draw_layer(w, "bounds", 0, false);
    CHECK(k.segment >= 4 && total(&k) == k.segment);
    k = draw_layer(w, "none", 0, true);
    CHECK(k.text >= 1 && k.bad == 0);

    /* every layer at once with all callbacks NULL but one: the others are skipped */
    steer_debug_draw dd;
    memset(&dd, 0, sizeof dd);
    calls only;
    memset(&only, 0, sizeof only);
    dd.segment = on_segment;
    dd.context = &only;
    dd.agents = dd.velocities = dd.neighbour_radius = dd.wander = dd.feelers = true;
    dd.obstacles = dd.walls = dd.paths = dd.flow_fields = dd.bounds = true;
    steer_world_draw(w, &dd);
    CHECK(only.segment > 0 && only.bad == 0);
    /* without an agent callback, agents are drawn with the primitives */
    calls prim;
    memset(&prim, 0, sizeof prim);
    memset(&dd, 0, sizeof dd);
    dd.circle = on_circle;
    dd.segment = on_segment;
    dd.arrow = on_arrow;
    dd.context = &prim;
    dd.agents = true;
    steer_world_draw(w, &dd);
    CHECK(prim.circle == AGENTS && prim.segment + prim.arrow == AGENTS);
    /* NULL world or draw: nothing happens */
    steer_world_draw(0, &dd);
    steer_world_draw(w, 0);
    CHECK(prim.circle == AGENTS);
    steer_world_destroy(w);
}

/* The bounds layer outlines the box on the ground: in a Y-up world the
 * XZ rectangle at y = 0 (it was the XY rectangle, a slice across the
 * ground), or at the box's height nearest 0 when 0 is outside it, and the text goes at its top-left corner seen from above
 * (min x, min z). */
typedef struct outline { float lo[3], hi[3]; int segments; steer_v3 text_at; } outline;
static void outline_segment(steer_v3 a, steer_v3 b, uint32_t colour, void *ctx)
{
    (void)colour;
    outline *o = ctx;
    const steer_v3 end[2] = {a, b};
    for (int e = 0; e < 2; ++e) {
        const float v[3] = {end[e].x, end[e].y, end[e].z};
        for (int q = 0; q < 3; ++q) {
            o->lo[q] = o->segments || e ? fminf(o->lo[q], v[q]) : v[q];
            o->hi[q] = o->segments || e ? fmaxf(o->hi[q], v[q]) : v[q];
        }
    }
    o->segments++;
}
static void outline_text(steer_v3 at, const char *text, uint32_t colour, void *ctx)
{
    (void)text, (void)colour;
    ((outline *)ctx)->text_at = at;
}

static void test_bounds_on_the_ground(void)
{
    for (int up = 0; up < 3; ++up) { /* 2: Y-up, the box from y = 10 up */
        steer_world_def wd = steer_default_world_def();
        wd.dim = 3;
        wd.up = up ? STEER_UP_Y : STEER_UP_Z;
        wd.bounds_min = steer_v3_make(-10, up == 2 ? 10 : -20, -30);
        wd.bounds_max = steer_v3_make(10, 20, 30);
        steer_world *w = steer_world_create(&wd);
        CHECK(w != 0);
        if (!w) continue;
        outline o;
        memset(&o, 0, sizeof o);
        steer_debug_draw dd;
        memset(&dd, 0, sizeof dd);
        dd.segment = outline_segment;
        dd.text = outline_text;
        dd.context = &o;
        dd.bounds = true;
        steer_world_draw(w, &dd);
        CHECK(o.segments == 4);
        CHECK(o.lo[0] == -10.0f && o.hi[0] == 10.0f);
        if (up == 2) { /* at the box's height nearest 0, not outside the box */
            CHECK(o.lo[1] == 10.0f && o.hi[1] == 10.0f && o.lo[2] == -30.0f && o.hi[2] == 30.0f);
            CHECK(o.text_at.y == 10.0f);
        } else if (up) { /* XZ at y = 0; the text at (min x, 0, min z), the top left seen from +Y */
            CHECK(o.lo[1] == 0.0f && o.hi[1] == 0.0f && o.lo[2] == -30.0f && o.hi[2] == 30.0f);
            CHECK(o.text_at.x == -10.0f && o.text_at.y == 0.0f && o.text_at.z == -30.0f);
        } else { /* XY at z = 0; the text at (min x, max y, 0) */
            CHECK(o.lo[1] == -20.0f && o.hi[1] == 20.0f && o.lo[2] == 0.0f && o.hi[2] == 0.0f);
            CHECK(o.text_at.x == -10.0f && o.text_at.y == 20.0f && o.text_at.z == 0.0f);
        }
        steer_world_destroy(w);
    }
}

static steer_v3 drawn_heading;
static void record_heading(steer_v3 p, steer_v3 heading, float radius, uint32_t colour, void *ctx)
{
    (void)p, (void)radius, (void)colour, (void)ctx;
    drawn_heading = heading;
}

/* In a world that keeps headings an agent is drawn facing its kept
 * heading: a unit that came west and stopped faces west, not +x (the draw
 * had taken the velocity's direction, +x at rest), and a turn-limited unit
 * turning on the spot faces the way it has turned. */
static void test_agents_face_their_kept_headings(void)
{
    steer_world_def wd = steer_default_world_def();
    wd.dim = 2, wd.capacity = 2, wd.keep_headings = true;
    steer_world *w = steer_world_create(&wd);
    steer_group_def gd = steer_default_group_def();
    CHECK(steer_world_add_group(w, &gd) == 0);
    steer_agent_id a = steer_world_add_agent(w, 0, steer_v3_zero(), steer_v3_zero());
    CHECK(steer_world_set_heading(w, a, (steer_v3){-1, 0, 0}) == STEER_OK);
    steer_debug_draw dd = {0};
    dd.agent = record_heading;
    dd.agents = true;
    drawn_heading = steer_v3_zero();
    steer_world_draw(w, &dd);
    CHECK(drawn_heading.x == -1.0f && drawn_heading.y == 0.0f);
    steer_world_destroy(w);
}

int main(void)
{
    test_layers(2);
    test_layers(3);
    test_bounds_on_the_ground();
    test_agents_face_their_kept_headings();
    return check_summary("test_world_draw");
}

/* A world step equals a reference built from the public pure functions, for
 * the behaviours tests/test_world_flock_reference.c leaves out: seek, flee, arrive
 * (the braking form and the chapter's), pursue and evade, wander, obstacle
 * and wall avoidance, wall following, containment, path and flow following;
 * groups that mix them with the flocking rules in each combine mode; and
 * per-agent goals (SEEK, ARRIVE, PATH, WAYPOINTS). 2D, 3D Z-up, 3D Y-up.
 *
 * The reference is written from docs/model.md (§1.4, §2, §3, §6) and world.h
 * alone, never from src/: each agent's behaviours are the pure functions of
 * behaviours.h called on the state the public API reports (get_agent,
 * get_group, get_goal), with the world's obstacles, walls, paths and field as
 * this test added them and neighbours found by brute force over every pair
 * (nearest torus image, mask, field of view); the forces are combined by
 * combine.h, then f = truncate(f, max_force), v = truncate(v + f / m * dt,
 * max_speed) (turned by at most max_turn_rate * dt), p += v * dt and the
 * boundary. A 2D world is checked with the 2D functions (the world runs its
 * 3D ones). Each step restarts the reference from the world's own state, so a
 * difference is one step's, never chaos amplifying rounding.
 *
 * Two things are the world's to choose and the documentation does not spell
 * out: the counter-based hash of its draws (§6.3) and so which behaviours a
 * dither with probabilities below 1 tries, and how far wander's angle turns.
 * The reference takes wander's angle after the step from the world's debug
 * drawing (the wander target; the force is then the pure wander with that
 * angle and no draw) and checks that it moved by at most jitter * dt (with
 * jitter 0: not at all). For dither below 1 it checks that the world's result
 * is one of the outcomes the rule allows and that the first choice wins about
 * as often as its probability.
 *
 * Tolerance: 1e-5 of max(1, |x|) on each agent's new position and velocity.
 * The world sums neighbours over a fixed pairwise tree of 16 lanes (§6.4) and
 * its flock kernel computes the braking arrive's cap as sqrt(2a) sqrt(d) in
 * float (§6.1a; the pure function in double); the reference sums in list
 * order and divides by the mass where the world may multiply by 1 / mass.
 * Those differ in the last bits of a force, about 1e-7 of it, and a force
 * moves a velocity by f dt / m: the largest differences are printed per check
 * (at most 3e-7, thirty times below the tolerance), while a wrong term of a
 * behaviour of weight 1 moves a velocity by about 1e-2.
 *
 * The reference itself (reading the world, neighbours, the behaviours, the
 * integration, the comparison) is tests/world_reference.h, shared with
 * tests/test_world_predictive_reference.c. */
#include "world_reference.h"

static bench b; /* large: off the stack */

/* ---- one behaviour at a time ---------------------------------------------------- */

/* SEEK toward the group's target, heavier than 1; FLEE a threat within a
 * panic distance, in a clamped box. */
static void check_seek_flee(const config *c, uint64_t seed)
{
    bench_begin(&b, named("seek, flee", c), c->dim, c->up, STEER_BOUNDARY_CLAMP);
    steer_group_def g = only(STEER_SEEK, 1.7f);
    g.target = place(&b, 3, -2, 1);
    g.mass = 2.0f;
    g.max_speed = 2.5f;
    g.max_force = 5.0f;
    add_group(&b, &g, 0);
    g = only(STEER_FLEE, 1.3f);
    g.threat = place(&b, 1, 1, -1);
    g.panic_distance = 6.0f;
    add_group(&b, &g, 1);
    steer_rng rng = steer_rng_make(seed);
    add_agents(&b, 0, 24, 9.0f, 1.5f, &rng);
    add_agents(&b, 1, 24, 11.5f, 1.5f, &rng);
    finish(&b);
}

/* ARRIVE: the world's braking form (mass 1.5: its acceleration times mass)
 * and the chapter's, agents around the target, a few inside its tolerance. */
static void check_arrive(const config *c, uint64_t seed)
{
    bench_begin(&b, named("arrive", c), c->dim, c->up, STEER_BOUNDARY_WRAP);
    steer_v3 target = place(&b, 0.5f, -0.5f, 0.25f);
    steer_group_def g = only(STEER_ARRIVE, 1.2f);
    g.target = target;
    g.slow_radius = 3.0f;
    g.mass = 1.5f;
    g.max_force = 3.0f;
    add_group(&b, &g, 0);
    g = only(STEER_ARRIVE, 0.8f);
    g.target = target;
    g.chapter_arrive = true;
    g.slow_radius = 2.5f;
    add_group(&b, &g, 1);
    steer_rng rng = steer_rng_make(seed);
    add_agents_at(&b, 0, 24, target, 4.0f, 1.5f, &rng);
    add_agents_at(&b, 0, 4, target, 0.03f, 0.05f, &rng); /* within the tolerance: brake to rest */
    add_agents_at(&b, 1, 24, target, 4.0f, 1.5f, &rng);
    finish(&b);
}

/* PURSUE and EVADE the nearest member of a third group within chase_radius,
 * on a torus: the nearest may be across the seam. */
static void check_pursue_evade(const config *c, uint64_t seed)
{
    bench_begin(&b, named("pursue, evade", c), c->dim, c->up, STEER_BOUNDARY_WRAP);
    steer_group_def g = only(STEER_PURSUE, 1.5f);
    g.pursue_group = 2;
    g.chase_radius = 8.0f;
    g.max_prediction = 1.5f;
    add_group(&b, &g, 0);
    g = only(STEER_EVADE, 2.0f);
    g.evade_group = 2;
    g.chase_radius = 9.0f;
    g.panic_distance = 5.0f; /* measured to the predicted point */
    add_group(&b, &g, 1);
    g = only(STEER_SEEK, 1.0f); /* the quarry: heads for a point, so it moves */
    g.target = place(&b, -4, 3, 2);
    g.max_speed = 1.5f;
    add_group(&b, &g, 2);
    steer_rng rng = steer_rng_make(seed);
    add_agents(&b, 0, 20, 11.9f, 1.5f, &rng);
    add_agents(&b, 1, 20, 11.9f, 1.5f, &rng);
    add_agents(&b, 2, 8, 11.9f, 1.2f, &rng);
    finish(&b);
}

/* WANDER on the world's plane (XY; XZ for Y-up): with jitter 0 the angle must
 * stay where it was, with jitter it turns by at most jitter * dt. */
static void check_wander(const config *c, uint64_t seed)
{
    bench_begin(&b, named("wander", c), c->dim, c->up, STEER_BOUNDARY_WRAP);
    steer_group_def g = only(STEER_WANDER, 1.0f);
    g.wander = (steer_wander_params){1.5f, 2.5f, 0.0f, STEER_UP_Z};
    add_group(&b, &g, 0);
    g = only(STEER_WANDER, 1.4f);
    add_group(&b, &g, 1); /* the default: radius 1, distance 2, jitter 4 */
    steer_rng rng = steer_rng_make(seed);
    add_agents(&b, 0, 24, 11.0f, 1.5f, &rng);
    add_agents(&b, 1, 24, 11.0f, 1.5f, &rng);
    finish(&b);
}

/* AVOID_OBSTACLES: ray avoidance of the world's obstacles with a look-ahead
 * growing with speed; most agents start within 5 of one and head roughly for
 * it (off its centre by up to 1 to each side), so most rays meet one. */
static void check_obstacles(const config *c, uint64_t seed)
{
    bench_begin(&b, named("avoid obstacles", c), c->dim, c->up, STEER_BOUNDARY_WRAP);
    add_obstacles(&b);
    steer_group_def g = only(STEER_AVOID_OBSTACLES, 1.5f);
    g.see_ahead = 4.0f;
    g.see_ahead_time = 0.5f;
    g.radius = 0.4f;
    g.max_force = 1.5f; /* a gentle push: the threat lasts several steps */
    add_group(&b, &g, 0);
    steer_rng rng = steer_rng_make(seed);
    for (int i = 0; i < 48; ++i) add_agents_at(&b, 0, 1, b.obstacles[i % b.obstacle_count].centre, 5.0f, 2.0f, &rng);
    for (int i = 0; i < b.count; ++i) {
        if (i % 6 == 5) continue; /* a few keep their random heading */
        steer_agent_state st;
        CHECK(steer_world_get_agent(b.world, b.ids[i], &st) == STEER_OK);
        steer_v3 miss = random_in_box(&rng, b.dim, steer_v3_make(-1.0f, -1.0f, -1.0f), steer_v3_make(1.0f, 1.0f, 1.0f));
        steer_v3 aim = steer_v3_add(b.obstacles[i % b.obstacle_count].centre, place(&b, miss.x, miss.y, miss.z));
        steer_v3 v = steer_v3_scale(steer_v3_normalize(steer_v3_sub(aim, st.position)), steer_rng_range(&rng, 1.0f, 2.0f));
        CHECK(steer_world_teleport_agent(b.world, b.ids[i], st.position, v) == STEER_OK);
    }
    finish(&b);
}

/* AVOID_WALLS (three feelers) and FOLLOW_WALL against walls standing on the
 * world's ground. */
static void check_walls(const config *c, uint64_t seed)
{
    bench_begin(&b, named("avoid walls, follow wall", c), c->dim, c->up, STEER_BOUNDARY_WRAP);
    add_walls(&b);
    steer_group_def g = only(STEER_AVOID_WALLS, 2.0f);
    g.feelers = (steer_wall_feelers){3.0f, 0.6f, 2.0f, STEER_UP_Z};
    add_group(&b, &g, 0);
    g = only(STEER_FOLLOW_WALL, 1.0f);
    g.wall_follow = (steer_wall_follow_params){4.0f, 1.5f, 2.0f, STEER_UP_Z};
    add_group(&b, &g, 1);
    steer_rng rng = steer_rng_make(seed);
    add_agents(&b, 0, 24, 9.0f, 2.0f, &rng);
    add_agents(&b, 1, 24, 9.0f, 2.0f, &rng);
    finish(&b);
}

/* CONTAIN in a box of the group's, and in the world's bounds (a zero box). */
static void check_containment(const config *c, uint64_t seed)
{
    bench_begin(&b, named("containment", c), c->dim, c->up, STEER_BOUNDARY_CLAMP);
    steer_group_def g = only(STEER_CONTAIN, 1.5f);
    g.contain_min = place(&b, -6, -5, -4);
    g.contain_max = place(&b, 6, 5, 4);
    if (c->dim == 3) { /* turned: keep min below max on every axis */
        steer_v3 lo = g.contain_min, hi = g.contain_max;
        g.contain_min = steer_v3_make(fminf(lo.x, hi.x), fminf(lo.y, hi.y), fminf(lo.z, hi.z));
        g.contain_max = steer_v3_make(fmaxf(lo.x, hi.x), fmaxf(lo.y, hi.y), fmaxf(lo.z, hi.z));
    }
    g.contain_margin = 3.0f;
    add_group(&b, &g, 0);
    g = only(STEER_CONTAIN, 1.0f);
    g.contain_margin = 4.0f;
    add_group(&b, &g, 1);
    steer_rng rng = steer_rng_make(seed);
    add_agents(&b, 0, 24, 8.0f, 2.0f, &rng);
    add_agents(&b, 1, 24, 11.9f, 2.0f, &rng);
    finish(&b);
}

/* FOLLOW_PATH on an open and a closed world path. */
static void check_path(const config *c, uint64_t seed)
{
    bench_begin(&b, named("follow path", c), c->dim, c->up, STEER_BOUNDARY_WRAP);
    add_paths(&b);
    steer_group_def g = only(STEER_FOLLOW_PATH, 1.0f);
    g.path = 0;
    g.path_predict = 1.5f;
    g.path_ahead = 2.0f;
    add_group(&b, &g, 0);
    g = only(STEER_FOLLOW_PATH, 1.3f);
    g.path = 1;
    add_group(&b, &g, 1);
    steer_rng rng = steer_rng_make(seed);
    add_agents(&b, 0, 24, 10.0f, 2.0f, &rng);
    add_agents(&b, 1, 24, 10.0f, 2.0f, &rng);
    finish(&b);
}

/* FOLLOW_FLOW on the world's field, with and without prediction; agents also
 * outside the field (clamped at its edges). */
static void check_flow(const config *c, uint64_t seed)
{
    bench_begin(&b, named("follow flow", c), c->dim, c->up, STEER_BOUNDARY_WRAP);
    add_field(&b);
    steer_group_def g = only(STEER_FOLLOW_FLOW, 1.0f);
    g.flow_field = 0;
    g.flow_predict = 0.4f;
    add_group(&b, &g, 0);
    g = only(STEER_FOLLOW_FLOW, 1.6f);
    g.flow_field = 0;
    add_group(&b, &g, 1);
    steer_rng rng = steer_rng_make(seed);
    add_agents(&b, 0, 24, 11.9f, 2.0f, &rng);
    add_agents(&b, 1, 24, 11.9f, 2.0f, &rng);
    finish(&b);
}

/* ---- mixtures with the flocking rules -------------------------------------------- */

/* Crowded enough that the flocking rules see neighbours. */
static void add_flockers(bench *bb, int group, int count, uint64_t seed)
{
    steer_rng rng = steer_rng_make(seed);
    add_agents(bb, group, count, 3.5f, 1.5f, &rng);
}

/* BLEND: a flock with a field of view and a mask that seeks, avoids and
 * wanders; a second group in the desired-velocity forms, heavier, turn
 * limited, fleeing, contained and drifting on the field. */
static void check_mixed_blend(const config *c, uint64_t seed)
{
    bench_begin(&b, named("blend + flocking", c), c->dim, c->up, STEER_BOUNDARY_WRAP);
    add_obstacles(&b);
    add_walls(&b);
    add_field(&b);
    steer_group_def g = steer_default_group_def();
    g.neighbour_radius = 1.5f;
    g.field_of_view = 4.0f;
    g.neighbour_mask = (1u << 0) | (1u << 1);
    g.weight[STEER_SEEK] = 0.4f;
    g.target = place(&b, 2, 2, 1);
    g.weight[STEER_AVOID_OBSTACLES] = 2.0f;
    g.weight[STEER_AVOID_WALLS] = 2.0f;
    g.weight[STEER_WANDER] = 0.3f;
    add_group(&b, &g, 0);
    g = steer_default_group_def();
    g.desired_forms = true;
    g.neighbour_radius = 1.5f;
    g.separation_radius = 0.8f;
    g.neighbour_mask = 1u << 1;
    g.weight[STEER_SEPARATION] = 2.0f;
    g.weight[STEER_ALIGNMENT] = 0.5f;
    g.weight[STEER_COHESION] = 1.25f;
    g.weight[STEER_FLEE] = 1.0f;
    g.threat = place(&b, -1, 0, 0);
    g.panic_distance = 3.0f;
    g.weight[STEER_CONTAIN] = 1.0f;
    g.contain_margin = 3.0f;
    g.weight[STEER_FOLLOW_FLOW] = 0.5f;
    g.flow_field = 0;
    g.max_turn_rate = 3.0f;
    g.mass = 1.5f;
    add_group(&b, &g, 1);
    add_flockers(&b, 0, 28, seed);
    add_flockers(&b, 1, 20, seed + 1);
    finish(&b);
}

/* PRIORITY: obstacles and walls first, then containment and separation,
 * evading the other group, the field, alignment and cohesion; the other
 * group pursues, follows a path and keeps together. */
static void check_mixed_priority(const config *c, uint64_t seed)
{
    bench_begin(&b, named("priority + flocking", c), c->dim, c->up, STEER_BOUNDARY_WRAP);
    add_obstacles(&b);
    add_walls(&b);
    add_paths(&b);
    add_field(&b);
    steer_group_def g = steer_default_group_def();
    g.combine = STEER_COMBINE_PRIORITY;
    g.weight[STEER_AVOID_OBSTACLES] = 2.0f;
    g.weight[STEER_AVOID_WALLS] = 2.0f;
    g.weight[STEER_CONTAIN] = 1.0f;
    g.contain_min = place(&b, -3, -3, -3);
    g.contain_max = place(&b, 3, 3, 3);
    if (c->dim == 3) {
        steer_v3 lo = g.contain_min, hi = g.contain_max;
        g.contain_min = steer_v3_make(fminf(lo.x, hi.x), fminf(lo.y, hi.y), fminf(lo.z, hi.z));
        g.contain_max = steer_v3_make(fmaxf(lo.x, hi.x), fmaxf(lo.y, hi.y), fmaxf(lo.z, hi.z));
    }
    g.contain_margin = 1.0f;
    g.weight[STEER_EVADE] = 1.0f;
    g.evade_group = 1;
    g.panic_distance = 1.5f;
    g.weight[STEER_FOLLOW_FLOW] = 1.0f;
    g.flow_field = 0;
    g.weight[STEER_WANDER] = 0.5f;
    add_group(&b, &g, 0);
    g = steer_default_group_def();
    g.combine = STEER_COMBINE_PRIORITY;
    g.weight[STEER_ALIGNMENT] = 0.0f;
    g.weight[STEER_PURSUE] = 1.0f;
    g.pursue_group = 0;
    g.chase_radius = 1.5f;
    g.weight[STEER_FOLLOW_PATH] = 1.0f;
    g.path = 1;
    add_group(&b, &g, 1);
    add_flockers(&b, 0, 32, seed);
    add_flockers(&b, 1, 16, seed + 1);
    finish(&b);
}

/* RUNNING_SUM: avoidance, containment, separation, evasion, the braking
 * arrive, a path, cohesion and wander, with a small budget; the other group
 * seeks, flees and aligns. */
static void check_mixed_running_sum(const config *c, uint64_t seed)
{
    bench_begin(&b, named("running sum + flocking", c), c->dim, c->up, STEER_BOUNDARY_WRAP);
    add_obstacles(&b);
    add_paths(&b);
    steer_group_def g = steer_default_group_def();
    g.combine = STEER_COMBINE_RUNNING_SUM;
    g.max_force = 3.0f;
    g.weight[STEER_AVOID_OBSTACLES] = 2.0f;
    g.weight[STEER_CONTAIN] = 1.0f;
    g.contain_margin = 9.0f;
    g.weight[STEER_EVADE] = 0.8f;
    g.evade_group = 1;
    g.weight[STEER_ARRIVE] = 0.7f;
    g.target = place(&b, 1, 1, 0);
    g.weight[STEER_FOLLOW_PATH] = 0.5f;
    g.path = 0;
    g.weight[STEER_WANDER] = 0.6f;
    add_group(&b, &g, 0);
    g = steer_default_group_def();
    g.combine = STEER_COMBINE_RUNNING_SUM;
    g.weight[STEER_SEPARATION] = 0.0f;
    g.weight[STEER_COHESION] = 0.0f;
    g.weight[STEER_SEEK] = 1.0f;
    g.target = place(&b, -2, 1, 1);
    g.weight[STEER_FLEE] = 0.5f;
    g.threat = place(&b, 0, 0, 0);
    add_group(&b, &g, 1);
    add_flockers(&b, 0, 32, seed);
    add_flockers(&b, 1, 16, seed + 1);
    finish(&b);
}

/* DITHER: with every probability 1 it is deterministic (each behaviour tried,
 * the first that acts wins); with lower ones the world's result must be one
 * the rule allows, and separation, first when it acts, must win about as
 * often as its probability (0.6). */
static void check_mixed_dither(const config *c, uint64_t seed)
{
    bench_begin(&b, named("dither + flocking", c), c->dim, c->up, STEER_BOUNDARY_WRAP);
    add_obstacles(&b);
    add_field(&b);
    steer_group_def g = steer_default_group_def();
    g.combine = STEER_COMBINE_DITHER;
    g.weight[STEER_AVOID_OBSTACLES] = 2.0f;
    g.weight[STEER_SEEK] = 0.7f;
    g.target = place(&b, 3, -1, 0);
    g.weight[STEER_FOLLOW_FLOW] = 1.0f;
    g.flow_field = 0;
    add_group(&b, &g, 0);
    g = steer_default_group_def();
    g.combine = STEER_COMBINE_DITHER;
    g.neighbour_radius = g.separation_radius = 1.2f; /* separation acts often, also in 3D */
    g.weight[STEER_FLEE] = 1.0f;
    g.threat = place(&b, 0, 0, 0);
    g.probability[STEER_FLEE] = 0.5f;
    g.probability[STEER_SEPARATION] = 0.6f;
    g.weight[STEER_SEEK] = 1.0f;
    g.target = place(&b, -3, 2, 1);
    g.probability[STEER_SEEK] = 0.7f;
    g.probability[STEER_ALIGNMENT] = 0.8f;
    add_group(&b, &g, 1);
    b.dither_group = 1;
    b.dither_first = STEER_SEPARATION; /* before flee in the enum order: when it acts, it is first */
    add_flockers(&b, 0, 24, seed);
    add_flockers(&b, 1, 24, seed + 1);
    finish(&b);
    /* the first possible winner wins when tried: at its probability */
    double share = b.dither_first_tried ? (double)b.dither_first_won / b.dither_first_tried : 0.0;
    CHECK(b.dither_first_tried >= 100);
    CHECK(fabs(share - 0.6) < 0.1);
}

/* ---- per-agent goals --------------------------------------------------------- */

/* Goals of every kind for the agents of four groups, each reaching the world
 * by another way (the flock kernel's lanes, the general path, the running
 * sum's crowd kernel, priority): SEEK, ARRIVE (some at their own speed and
 * slow radius, some starting inside the tolerance at rest: arrived after one
 * step), PATH on the open and the closed path, WAYPOINTS; some agents none. */
static steer_v3 resting_place(int group) { return place(&b, 8.0f, -8.0f + 3.0f * (float)group, 1.0f); }

static void check_goals(const config *c, uint64_t seed)
{
    bench_begin(&b, named("goals", c), c->dim, c->up, STEER_BOUNDARY_WRAP);
    add_obstacles(&b);
    add_walls(&b); /* across the waypoints' legs: taken only in sight of the next, or on the point */
    add_paths(&b);
    /* 0: a plain flock */
    steer_group_def g = steer_default_group_def();
    add_group(&b, &g, 0);
    /* 1: separation, containment and wander (faded on a goal's approach);
     *    its own seek gives way to the goals; heavier */
    g = steer_default_group_def();
    g.weight[STEER_ALIGNMENT] = 0.0f;
    g.weight[STEER_COHESION] = 0.0f;
    g.weight[STEER_CONTAIN] = 1.0f;
    g.contain_margin = 3.0f;
    g.weight[STEER_WANDER] = 0.5f;
    g.weight[STEER_SEEK] = 0.5f;
    g.target = place(&b, 5, 5, 5);
    g.mass = 1.5f;
    g.slow_radius = 2.5f;
    add_group(&b, &g, 1);
    /* 2: a running sum ending with the arrive, weighted */
    g = steer_default_group_def();
    g.combine = STEER_COMBINE_RUNNING_SUM;
    g.weight[STEER_ALIGNMENT] = 0.0f;
    g.weight[STEER_COHESION] = 0.0f;
    g.weight[STEER_SEPARATION] = 2.0f;
    g.weight[STEER_CONTAIN] = 1.0f;
    g.weight[STEER_ARRIVE] = 1.2f;
    g.max_force = 5.0f;
    add_group(&b, &g, 2);
    /* 3: priority, obstacle avoidance before the group's path */
    g = only(STEER_AVOID_OBSTACLES, 2.0f);
    g.combine = STEER_COMBINE_PRIORITY;
    g.weight[STEER_FOLLOW_PATH] = 1.0f;
    g.path = 0;
    g.mass = 1.5f;
    g.see_ahead = 2.0f;
    add_group(&b, &g, 3);
    steer_rng rng = steer_rng_make(seed);
    for (int group = 0; group < 4; ++group) add_agents(&b, group, 14, 5.0f, 1.5f, &rng);
    /* some of the contained group within its margin of two faces */
    add_agents_at(&b, 1, 8, place(&b, -HALF_BOX + 2.0f, HALF_BOX - 2.0f, 0.5f), 1.5f, 1.0f, &rng);
    /* a few at rest within the tolerance of where their ARRIVE goals will be */
    int first_resting = b.count;
    for (int group = 0; group < 3; ++group) add_agents_at(&b, group, 1, resting_place(group), 0.02f, 0.03f, &rng);
    steer_v3 waypoints[4] = {place(&b, 1, 1, 0), place(&b, 3, 0, 1), place(&b, 4, 3, -1), place(&b, 2, 5, 0)};
    for (int i = 0; i < b.count; ++i) {
        steer_agent_state st;
        CHECK(steer_world_get_agent(b.world, b.ids[i], &st) == STEER_OK);
        steer_goal goal;
        memset(&goal, 0, sizeof goal);
        int kind = i >= first_resting ? STEER_GOAL_ARRIVE : i % 6;
        if (st.group == 2 && kind != STEER_GOAL_NONE) kind = i % 2 ? STEER_GOAL_ARRIVE : STEER_GOAL_SEEK;
        if (st.group == 3 && kind != STEER_GOAL_NONE) kind = i % 2 ? STEER_GOAL_WAYPOINTS : STEER_GOAL_PATH;
        if (kind == 5) kind = STEER_GOAL_NONE; /* one in six keeps its group's behaviours */
        goal.kind = (steer_goal_kind)kind;
        switch (goal.kind) {
        case STEER_GOAL_SEEK:
        case STEER_GOAL_ARRIVE:
            goal.target = i >= first_resting ? resting_place(st.group)
                                             : steer_v3_add(st.position, place(&b, 1.5f - (float)(i % 4), 1.0f, 0.5f));
            if (st.group == 1 && i % 3 != 0) /* within the containment's margin of a face: its zone starts there */
                goal.target = place(&b, -HALF_BOX + 0.5f * (float)(i % 5), HALF_BOX - 1.0f, 0.5f);
            if (i % 3 == 0 && i < first_resting) {
                goal.speed = 1.2f;
                goal.slow_radius = 3.5f;
            }
            break;
        case STEER_GOAL_PATH: goal.path = i % 4 == 0 ? 1 : 0; break;
        case STEER_GOAL_WAYPOINTS:
            goal.points = waypoints;
            goal.point_count = 4;
            goal.progress = i % 3 == 0 ? 2 : 0;
            break;
        case STEER_GOAL_NONE: break;
        }
        CHECK(steer_world_set_goal(b.world, b.ids[i], &goal) == STEER_OK);
    }
    /* agents past a waypoint, out of its radius (world.h, waypoint_radius): past the second
     * along the legs through it; past the first along the leg from where each was when its
     * goal was set (3 before it), teleported there after */
    int first_past = b.count;
    add_agents_at(&b, 3, 6, steer_v3_add(waypoints[1], place(&b, 1.5f, 0.5f, 0.0f)), 0.3f, 0.5f, &rng);
    add_agents_at(&b, 3, 6, steer_v3_add(waypoints[0], place(&b, -3.0f, 0.0f, 0.0f)), 0.3f, 0.5f, &rng);
    for (int i = first_past; i < b.count; ++i) {
        steer_goal goal = {.kind = STEER_GOAL_WAYPOINTS, .points = waypoints, .point_count = 4, .progress = i < first_past + 6};
        CHECK(steer_world_set_goal(b.world, b.ids[i], &goal) == STEER_OK);
        if (i < first_past + 6) continue;
        steer_v3 past = steer_v3_add(waypoints[0], place(&b, 1.5f, -0.1f * (float)(i - first_past), 0.0f)), still = steer_v3_zero();
        CHECK(steer_world_teleport_agents(b.world, &b.ids[i], &past, &still, 1, NULL) == 1);
    }
    finish(&b);
}

int main(void)
{
    for (size_t k = 0; k < sizeof configs / sizeof configs[0]; ++k) {
        const config *c = &configs[k];
        uint64_t seed = 1000 * (k + 1);
        check_seek_flee(c, seed + 1);
        check_arrive(c, seed + 2);
        check_pursue_evade(c, seed + 3);
        check_wander(c, seed + 4);
        check_obstacles(c, seed + 5);
        check_walls(c, seed + 6);
        check_containment(c, seed + 7);
        check_path(c, seed + 8);
        check_flow(c, seed + 9);
        check_mixed_blend(c, seed + 10);
        check_mixed_priority(c, seed + 11);
        check_mixed_running_sum(c, seed + 12);
        check_mixed_dither(c, seed + 13);
        check_goals(c, seed + 14);
    }
    return check_summary("test_world_behaviour_reference");
}

/* A world step equals a reference built from the public pure functions, for
 * what tests/test_world_behaviour_reference.c leaves out: the predictive
 * behaviours (AVOID_NEIGHBOURS, ANTICIPATE with keep right, priorities,
 * arrived priorities and moving obstacles; a crowd's running sum ending in its
 * own goal), QUEUE, FOLLOW_LEADER, formations, ground_plane groups (3D Z-up
 * and Y-up) and sub-steps (max_dt). 2D, 3D Z-up, 3D Y-up.
 *
 * The reference is tests/world_reference.h: written from docs/model.md,
 * docs/design.md, docs/decisions.md and world.h alone, never from src/. Each agent's behaviours
 * are the pure functions of behaviours.h (steer_avoid_neighbours,
 * steer_anticipate, the braking arrive...) called on the state the public API
 * reports, over what the documentation says the agent sees, found by brute
 * force; combined by combine.h; integrated as §1.4 and §6.2 say. Each step
 * restarts from the world's own state, so a difference is one step's. Where
 * the world splits a step into ceil(dt / max_dt) sub-steps the reference runs
 * them from its own predictions and compares the end.
 *
 * What the documentation leaves open is held to what it does say, not
 * guessed: QUEUE's force and FOLLOW_LEADER's step aside have no documented
 * size, so the force the world's step implies ((v' - v) m / dt) must be a
 * brake no lower than the documented speed, or a sideways push away from the
 * leader's line, at most max_force (world_reference.h, check_loose).
 * Formations are checked twice: each member's goal, read back after the step,
 * must be the slot world.h describes, placed from the leader's state at the
 * step's start; and the members' motion toward it is the reference's.
 *
 * Tolerance: as test_world_behaviour_reference.c, 1e-5 of max(1, |x|) on
 * each agent's new position and velocity; rounding differences (the world's
 * pairwise sums, float against double) are about 1e-7, a wrong term of a
 * behaviour of weight 1 about 1e-2. Chained sub-steps let the anticipation's
 * steep power law near contact amplify them: at most 1.3e-6 (2D crowds),
 * still eight times below the tolerance.
 *
 * The world's FOLLOW_LEADER steps aside in a path twice as wide as world.h
 * describes; that check fails until the two agree (world_reference.h,
 * follow_leader_force). */
#include "world_reference.h"

static bench b; /* large: off the stack */

/* ---- placing agents ------------------------------------------------------------ */

/* count agents of `group` in the ground box +-spread around (cx, cy), at
 * heights within +-height, moving on the ground at up to `speed` per axis. */
static void add_ground_agents(bench *bb, int group, int count, float cx, float cy, float spread, float height, float speed,
                              steer_rng *rng)
{
    for (int k = 0; k < count; ++k) {
        float x = cx + steer_rng_range(rng, -spread, spread), y = cy + steer_rng_range(rng, -spread, spread);
        float z = steer_rng_range(rng, -height, height);
        float vx = steer_rng_range(rng, -speed, speed), vy = steer_rng_range(rng, -speed, speed);
        add_agent(bb, group, place(bb, x, y, z), place(bb, vx, vy, 0.0f));
    }
}

/* count agents of `group` in the ground box +-spread, within +-height of the
 * ground (3D: a slab, crowded enough to meet), moving at up to `speed` per
 * axis along the ground and a third of it up or down. */
static void add_slab_agents(bench *bb, int group, int count, float spread, float height, float speed, steer_rng *rng)
{
    for (int k = 0; k < count; ++k) {
        float x = steer_rng_range(rng, -spread, spread), y = steer_rng_range(rng, -spread, spread);
        float z = steer_rng_range(rng, -height, height);
        float vx = steer_rng_range(rng, -speed, speed), vy = steer_rng_range(rng, -speed, speed);
        float vz = steer_rng_range(rng, -speed, speed) / 3.0f;
        add_agent(bb, group, place(bb, x, y, z), place(bb, vx, vy, vz));
    }
}

/* Two agents meeting head on at (cx, cy) in `time`, at `speed`, along the
 * direction `angle` on the ground, their lines `miss` apart sideways (0: dead
 * centre, the case only keep right resolves). */
static void add_head_on(bench *bb, int group_a, int group_b, float cx, float cy, float angle, float miss, float speed, float time)
{
    float c = cosf(angle), s = sinf(angle), half = speed * time;
    add_agent(bb, group_a, place(bb, cx - c * half - s * 0.5f * miss, cy - s * half + c * 0.5f * miss, 0.0f),
              place(bb, c * speed, s * speed, 0.0f));
    add_agent(bb, group_b, place(bb, cx + c * half + s * 0.5f * miss, cy + s * half - c * 0.5f * miss, 0.0f),
              place(bb, -c * speed, -s * speed, 0.0f));
}

/* An ARRIVE goal at `target` for agent i (the group's speed and slow radius). */
static void give_arrive(bench *bb, int i, steer_v3 target)
{
    steer_goal goal;
    memset(&goal, 0, sizeof goal);
    goal.kind = STEER_GOAL_ARRIVE;
    goal.target = target;
    CHECK(steer_world_set_goal(bb->world, bb->ids[i], &goal) == STEER_OK);
}

static void keep_min_below_max(steer_group_def *g)
{
    steer_v3 lo = g->contain_min, hi = g->contain_max;
    g->contain_min = steer_v3_make(fminf(lo.x, hi.x), fminf(lo.y, hi.y), fminf(lo.z, hi.z));
    g->contain_max = steer_v3_make(fmaxf(lo.x, hi.x), fmaxf(lo.y, hi.y), fmaxf(lo.z, hi.z));
}

/* ---- predictive avoidance ------------------------------------------------------- */

/* AVOID_NEIGHBOURS (§2.23): the most imminent threat among the agents within
 * the neighbour radius and the obstacles within it, two of them moving at a
 * declared velocity; with a margin and keep right (a blend with seek), and
 * without either (priority, seeing only its own group). Head-on pairs, some
 * dead centre, besides agents at random. */
static void check_avoid_neighbours(const config *c, uint64_t seed)
{
    bench_begin(&b, named("avoid neighbours", c), c->dim, c->up, STEER_BOUNDARY_WRAP);
    add_obstacles(&b);
    set_obstacle_velocity(&b, 0, place(&b, -0.8f, 0.4f, 0.0f));
    set_obstacle_velocity(&b, 3, place(&b, 0.0f, -1.0f, 0.3f));
    b.focus = 1u << STEER_AVOID_NEIGHBOURS;
    steer_group_def g = only(STEER_AVOID_NEIGHBOURS, 1.5f);
    g.weight[STEER_SEEK] = 0.5f;
    g.target = place(&b, 2, 1, 0);
    g.neighbour_radius = 3.0f;
    g.radius = 0.3f;
    g.avoid_margin = 0.2f;
    g.keep_right = 0.5f;
    g.avoid_horizon = 4.0f;
    g.max_force = 1.5f; /* a gentle push: a head-on pair takes several steps to clear */
    add_group(&b, &g, 0);
    g = only(STEER_AVOID_NEIGHBOURS, 1.0f);
    g.combine = STEER_COMBINE_PRIORITY;
    g.weight[STEER_SEEK] = 1.0f;
    g.target = place(&b, -3, -2, 1);
    g.neighbour_radius = 2.5f;
    g.neighbour_mask = 1u << 1;
    g.keep_right = 0.0f;
    g.max_force = 3.0f;
    add_group(&b, &g, 1);
    steer_rng rng = steer_rng_make(seed);
    add_slab_agents(&b, 0, 20, 4.0f, 0.8f, 1.5f, &rng);
    add_slab_agents(&b, 1, 14, 4.0f, 0.8f, 1.5f, &rng);
    /* head-on pairs, most out on the box's rim, where nothing else is more imminent */
    static const float pairs[8][4] = {{0, 0, 0.3f, 0},     {-8, 8, 2.0f, 0.1f},  {8, -8, -1.0f, -0.2f}, {-8, -8, 1.2f, 0.4f},
                                      {0, 8.5f, 0, 0.05f}, {8.5f, 0, 1.6f, 0},   {8, 8, 2.8f, 0},       {0, -8.5f, -2.2f, 0.15f}};
    for (int k = 0; k < 8; ++k)
        add_head_on(&b, k < 6 ? 0 : 1, k < 6 ? 0 : 1, pairs[k][0], pairs[k][1], pairs[k][2], pairs[k][3], 1.2f, 1.2f);
    finish(&b);
    /* keep right decides a head-on pair's side at its first threatened step; after
     * that the lateral offset points that way with or without it */
    CHECK(b.keep_right_acting >= 8);
    CHECK(b.moving_obstacle_steps >= 100);
}

/* ANTICIPATE (§2.24): three groups of priority 1, 3 and 0.5 (shares 2 p_j /
 * (p_i + p_j)), keep right 0.25, 0.6 and none, other strengths, horizons,
 * masses and radii; moving obstacles, which never yield; blended with seek,
 * in a running sum and in priority with the braking arrive. Head-on pairs
 * within a group and across groups of different priorities. */
static void check_anticipate(const config *c, uint64_t seed)
{
    bench_begin(&b, named("anticipate", c), c->dim, c->up, STEER_BOUNDARY_WRAP);
    add_obstacles(&b);
    set_obstacle_velocity(&b, 0, place(&b, -0.6f, -0.5f, 0.0f));
    set_obstacle_velocity(&b, 1, place(&b, 1.0f, 0.2f, -0.2f));
    set_obstacle_velocity(&b, 4, place(&b, 0.0f, 0.9f, 0.0f));
    b.focus = 1u << STEER_ANTICIPATE;
    steer_group_def g = only(STEER_ANTICIPATE, 1.0f);
    g.weight[STEER_SEEK] = 0.6f;
    g.target = place(&b, 3, -2, 0);
    g.neighbour_radius = 3.0f;
    add_group(&b, &g, 0);
    g = only(STEER_ANTICIPATE, 1.2f);
    g.combine = STEER_COMBINE_RUNNING_SUM;
    g.weight[STEER_SEEK] = 0.8f;
    g.target = place(&b, -2, 3, 1);
    g.priority = 3.0f;
    g.keep_right = 0.6f;
    g.mass = 1.5f;
    g.radius = 0.4f;
    g.max_force = 5.0f;
    g.neighbour_radius = 2.5f;
    add_group(&b, &g, 1);
    g = only(STEER_ANTICIPATE, 1.0f);
    g.combine = STEER_COMBINE_PRIORITY;
    g.weight[STEER_ARRIVE] = 0.5f;
    g.target = place(&b, 0, 0, 0);
    g.priority = 0.5f;
    g.keep_right = 0.0f;
    g.anticipation_k = 2.5f;
    g.anticipation_tau0 = 2.0f;
    g.avoid_horizon = 5.0f;
    g.neighbour_radius = 3.5f;
    add_group(&b, &g, 2);
    steer_rng rng = steer_rng_make(seed);
    add_slab_agents(&b, 0, 14, 5.0f, 1.0f, 1.5f, &rng);
    add_slab_agents(&b, 1, 12, 5.0f, 1.0f, 1.5f, &rng);
    add_slab_agents(&b, 2, 10, 5.0f, 1.0f, 1.5f, &rng);
    static const int across[6][2] = {{0, 0}, {0, 1}, {1, 1}, {1, 2}, {0, 2}, {2, 2}};
    for (int k = 0; k < 6; ++k)
        add_head_on(&b, across[k][0], across[k][1], -4.0f + 1.6f * (float)k, 4.0f - 1.7f * (float)k, 0.9f * (float)k,
                    k % 3 ? 0.2f : 0.0f, 1.3f, 1.1f);
    finish(&b);
    CHECK(b.keep_right_acting >= 50);
    CHECK(b.moving_obstacle_steps >= 100);
}

/* A crowd (docs/design.md: a running sum ending in the agent's own ARRIVE
 * goal, which the world runs sixteen at a time in its crowd kernel): walkers
 * through a garrison standing on its places. The garrison arrives after the
 * first step and then has its arrived_priority, in its own pushes and as the
 * walkers see it; its departure_distance keeps a nudged unit arrived; on a
 * goal's final approach each push is capped by the step (§6.1a). A blended
 * group with another priority and no arrived priority crosses the other way;
 * a moving obstacle drives through. */
static void check_crowd(const config *c, uint64_t seed)
{
    bench_begin(&b, named("crowd, arrived priority", c), c->dim, c->up, STEER_BOUNDARY_CLAMP);
    add_obstacles(&b);
    set_obstacle_velocity(&b, 3, place(&b, 0.5f, -1.2f, 0.0f));
    b.focus = 1u << STEER_ANTICIPATE | 1u << STEER_AVOID_NEIGHBOURS;
    steer_group_def g = only(STEER_ANTICIPATE, 1.0f);
    g.combine = STEER_COMBINE_RUNNING_SUM;
    g.weight[STEER_AVOID_NEIGHBOURS] = 0.5f;
    g.weight[STEER_ARRIVE] = 1.0f; /* the goal's */
    g.radius = 0.3f;
    g.max_speed = 1.5f;
    g.max_force = 3.0f;
    g.neighbour_radius = 2.5f;
    g.arrived_priority = 0.3f;
    add_group(&b, &g, 0); /* walkers */
    g.priority = 2.0f;
    g.arrived_priority = 0.5f;
    g.departure_distance = 0.4f;
    g.radius = 0.35f;
    add_group(&b, &g, 1); /* the garrison */
    g = only(STEER_ANTICIPATE, 1.5f);
    g.weight[STEER_ARRIVE] = 1.0f;
    g.priority = 1.5f;
    g.keep_right = 0.4f;
    g.neighbour_radius = 2.0f;
    add_group(&b, &g, 2); /* crossers, blended */
    steer_rng rng = steer_rng_make(seed);
    /* the garrison: a block about 1.1 apart (not a lattice: on one, a walker moving along an axis
     * meets two units at the same time, and which is avoided is the order the world lists them
     * in, which the documentation leaves to it), at rest on its places (a little off: in the tolerance) */
    for (int k = 0; k < 16; ++k) {
        float jx = steer_rng_range(&rng, -0.1f, 0.1f), jy = steer_rng_range(&rng, -0.1f, 0.1f);
        steer_v3 at = place(&b, -1.65f + 1.1f * (float)(k % 4) + jx, -1.65f + 1.1f * (float)(k / 4) + jy, k % 2 ? 0.3f : -0.3f);
        int i = add_agent(&b, 1, steer_v3_add(at, place(&b, 0.02f, -0.01f, 0.0f)), steer_v3_zero());
        give_arrive(&b, i, at);
    }
    /* walkers from the left to the right, a few already near their goals */
    for (int k = 0; k < 18; ++k) {
        float y = steer_rng_range(&rng, -2.5f, 2.5f), z = steer_rng_range(&rng, -0.5f, 0.5f);
        bool near_goal = k % 6 == 5;
        float x = near_goal ? steer_rng_range(&rng, 1.0f, 3.0f) : steer_rng_range(&rng, -4.0f, -2.0f);
        int i = add_agent(&b, 0, place(&b, x, y, z), place(&b, steer_rng_range(&rng, 0.6f, 1.4f), 0.0f, 0.0f));
        give_arrive(&b, i, place(&b, near_goal ? x + 1.0f : steer_rng_range(&rng, 2.5f, 4.5f), -y, z));
    }
    /* crossers from below, some at rest on their goals (arrived, no arrived priority) */
    for (int k = 0; k < 12; ++k) {
        float x = steer_rng_range(&rng, -2.5f, 2.5f);
        bool resting = k % 4 == 3;
        float y = resting ? steer_rng_range(&rng, 3.0f, 4.0f) : steer_rng_range(&rng, -4.5f, -2.5f);
        int i = add_agent(&b, 2, place(&b, x, y, 0.0f), resting ? steer_v3_zero() : place(&b, 0.0f, 1.0f, 0.0f));
        give_arrive(&b, i, resting ? place(&b, x, y, 0.0f) : place(&b, -x, 3.5f, 0.0f));
    }
    finish(&b);
    CHECK(b.arrived_priority_steps >= 200);
    CHECK(b.arrived >= 200);
}

/* ---- queuing and following ---------------------------------------------------------- */

/* QUEUE: rows of agents heading along the ground's x (a little askew) at
 * speeds from 0 to 1.8, closer than the queue distance, so most have a
 * slower one ahead; the rows 1.5 apart are out of each other's path. Three
 * groups: distances 2 and 1.2, another radius and mass; and a time gap of
 * 0.8 alone (any speed ahead), with a distance of 1 and the time gap 0.5. */
static void check_queue(const config *c, uint64_t seed)
{
    bench_begin(&b, named("queue", c), c->dim, c->up, STEER_BOUNDARY_CLAMP);
    steer_group_def g = only(STEER_QUEUE, 1.0f);
    g.queue_distance = 2.0f;
    g.neighbour_radius = 3.0f;
    g.max_speed = 3.0f; /* never reached: the implied force is exact */
    add_group(&b, &g, 0);
    g = only(STEER_QUEUE, 1.5f);
    g.queue_distance = 1.2f;
    g.radius = 0.35f;
    g.mass = 2.0f;
    g.neighbour_radius = 2.5f;
    g.max_speed = 3.0f;
    add_group(&b, &g, 1);
    g = only(STEER_QUEUE, 1.0f);
    g.queue_distance = 0.0f;
    g.queue_time_gap = 0.8f;
    g.neighbour_radius = 3.0f;
    g.max_speed = 3.0f;
    add_group(&b, &g, 2);
    g.queue_distance = 1.0f;
    g.queue_time_gap = 0.5f;
    add_group(&b, &g, 3);
    steer_rng rng = steer_rng_make(seed);
    for (int row = 0; row < 7; ++row) {
        float y = -4.5f + 1.5f * (float)row, z = c->dim == 3 ? (float)(row % 3) - 1.0f : 0.0f, x = -9.0f;
        for (int k = 0; k < 9; ++k) {
            float speed = k == 8 && row % 3 == 0 ? 0.0f : steer_rng_range(&rng, 0.1f, 1.8f);
            float askew = steer_rng_range(&rng, -0.08f, 0.08f), tilt = steer_rng_range(&rng, -0.05f, 0.05f);
            steer_v3 v = place(&b, speed, speed * askew, speed * tilt);
            add_agent(&b, row % 4, place(&b, x, y, z), v);
            x += steer_rng_range(&rng, 0.7f, 1.6f);
        }
    }
    finish(&b);
}

/* FOLLOW_LEADER: followers of two leaders that walk at constant velocities
 * (their group steers nothing); many start in front of their leader, in or
 * near its path. Alone and blended (checked exactly where the documentation
 * gives the force: the braking arrive behind the leader; its step aside by
 * check_loose), and in a running sum with separation (the step aside not
 * compared). In 3D a ground_plane group too, its leader climbing. */
static void check_follow_leader(const config *c, uint64_t seed)
{
    bench_begin(&b, named("follow leader", c), c->dim, c->up, STEER_BOUNDARY_CLAMP);
    steer_group_def g = only(STEER_SEEK, 0.0f); /* the leaders: no force */
    add_group(&b, &g, 0);
    steer_v3 leader_v[2] = {place(&b, 1.2f, 0.4f, 0.25f), place(&b, -0.8f, 0.9f, 0.0f)};
    int leader[2] = {add_agent(&b, 0, place(&b, -4, -1, 0), leader_v[0]), add_agent(&b, 0, place(&b, 4, 3, 1), leader_v[1])};
    g = only(STEER_FOLLOW_LEADER, 1.3f);
    g.leader = b.ids[leader[0]];
    g.radius = 0.3f;
    g.max_speed = 2.5f;
    add_group(&b, &g, 1);
    g = only(STEER_FOLLOW_LEADER, 1.0f);
    g.combine = STEER_COMBINE_RUNNING_SUM;
    g.weight[STEER_SEPARATION] = 1.5f;
    g.separation_radius = 0.8f;
    g.leader = b.ids[leader[1]];
    g.leader_behind = 1.5f;
    g.leader_sight = 3.0f;
    add_group(&b, &g, 2);
    if (c->dim == 3) {
        g = only(STEER_FOLLOW_LEADER, 1.0f);
        g.ground_plane = true;
        g.leader = b.ids[leader[0]];
        g.leader_behind = 2.5f;
        add_group(&b, &g, 3);
    }
    steer_rng rng = steer_rng_make(seed);
    for (int k = 0; k < 56; ++k) {
        int group = k % 4 == 1 ? 1 : c->dim == 3 && k % 4 == 3 ? 3 : k % 3 == 2 ? 2 : 1, l = group == 2 ? 1 : 0;
        steer_agent_state ls;
        CHECK(steer_world_get_agent(b.world, b.ids[leader[l]], &ls) == STEER_OK);
        /* in the leader's ground frame: ahead up to 5, off its line up to 1.6; or anywhere near */
        steer_v3 h = c->dim == 3 ? steer_v3_to_z_up(leader_v[l], c->up) : leader_v[l];
        h = steer_v3_normalize(steer_v3_make(h.x, h.y, 0.0f));
        float along = k % 2 ? steer_rng_range(&rng, 0.3f, 5.0f) : steer_rng_range(&rng, -5.0f, 5.0f);
        float off_line = k % 2 == 0 ? 4.0f : k % 4 == 1 ? 0.4f : 1.6f, side = steer_rng_range(&rng, -off_line, off_line);
        float height = group == 3 ? steer_rng_range(&rng, -2.0f, 2.0f) : steer_rng_range(&rng, -0.1f, 0.1f);
        steer_v3 at = steer_v3_add(ls.position, place(&b, h.x * along - h.y * side, h.y * along + h.x * side, height));
        float vx = steer_rng_range(&rng, -1, 1), vy = steer_rng_range(&rng, -1, 1);
        add_agent(&b, group, at, place(&b, vx, vy, group == 3 ? 0.0f : 0.2f));
    }
    finish(&b);
    printf("%-34s %4d agent-steps ahead of their leader, one to two radius sums off its line\n", "", b.leader_wide);
    CHECK(b.loose_checked >= 30);
    CHECK(b.leader_wide >= 30); /* the outer half of the path, where a path as wide as contact would differ */
}

/* ---- the ground plane (3D only) ---------------------------------------------------------- */

/* Behaviours of ground_plane groups at heights from -3 to 3: seek a target
 * at height 4 (read on the ground), flee a threat below (in 3D, the up part
 * dropped), wander, avoidance and containment; the chapter's arrive, a
 * closed path (its level copy), evasion; a plain flock at small heights
 * (the flock kernel's lanes); beside a group in free 3D pursuing them and
 * following a path. A last ground group runs at its limits (a cluster at
 * heights within 0.5, raw separation weighted 3, fleeing a threat below):
 * its force and new velocity are truncated with their up parts, which are
 * dropped after (docs/decisions.md). */
static void check_ground_behaviours(const config *c, uint64_t seed)
{
    bench_begin(&b, named("ground plane, behaviours", c), c->dim, c->up, STEER_BOUNDARY_WRAP);
    add_obstacles(&b);
    add_paths(&b);
    steer_group_def g = only(STEER_SEEK, 1.0f);
    g.ground_plane = true;
    g.target = place(&b, 3, 2, 4);
    g.weight[STEER_FLEE] = 0.8f;
    g.threat = place(&b, -2, -1, -3);
    g.panic_distance = 5.0f;
    g.weight[STEER_WANDER] = 0.4f;
    g.weight[STEER_AVOID_OBSTACLES] = 2.0f;
    g.weight[STEER_CONTAIN] = 1.0f;
    g.contain_min = place(&b, -8, -8, -1);
    g.contain_max = place(&b, 8, 8, 1);
    keep_min_below_max(&g);
    g.contain_margin = 3.0f;
    add_group(&b, &g, 0);
    g = only(STEER_CONTAIN, 1.0f);
    g.ground_plane = true;
    g.combine = STEER_COMBINE_RUNNING_SUM;
    g.weight[STEER_EVADE] = 0.7f;
    g.evade_group = 3;
    g.chase_radius = 5.0f;
    g.weight[STEER_ARRIVE] = 0.8f;
    g.chapter_arrive = true;
    g.target = place(&b, -4, 4, -2);
    g.weight[STEER_FOLLOW_PATH] = 1.0f;
    g.path = 1;
    g.mass = 1.4f;
    add_group(&b, &g, 1);
    g = steer_default_group_def();
    g.ground_plane = true;
    add_group(&b, &g, 2); /* a plain flock */
    g = only(STEER_PURSUE, 1.0f);
    g.combine = STEER_COMBINE_PRIORITY;
    g.pursue_group = 2;
    g.chase_radius = 6.0f;
    g.weight[STEER_FOLLOW_PATH] = 1.0f;
    g.path = 0;
    add_group(&b, &g, 3);
    g = only(STEER_SEPARATION, 3.0f);
    g.ground_plane = true;
    g.separation_radius = 1.0f;
    g.weight[STEER_FLEE] = 1.0f;
    g.threat = place(&b, 0, 0, -4);
    g.weight[STEER_SEEK] = 1.0f;
    g.target = place(&b, -5, 5, 2);
    g.max_speed = 1.5f;
    g.max_force = 2.5f;
    add_group(&b, &g, 4);
    steer_rng rng = steer_rng_make(seed);
    add_ground_agents(&b, 0, 12, 0, 0, 7.0f, 3.0f, 1.5f, &rng);
    add_ground_agents(&b, 1, 12, 0, 0, 7.0f, 3.0f, 1.5f, &rng);
    add_ground_agents(&b, 2, 20, 0, 0, 2.5f, 0.4f, 1.5f, &rng);
    add_agents(&b, 3, 10, 5.0f, 1.5f, &rng);
    add_ground_agents(&b, 4, 10, -6.0f, 6.0f, 1.2f, 0.5f, 1.5f, &rng);
    finish(&b);
}

/* Own goals of ground_plane agents at other heights than their targets and
 * waypoints: SEEK and ARRIVE in a plain flock (the kernel's lanes), all four
 * kinds in a general group whose wander fades on the ground, a crowd
 * (running sum: anticipation, then its ARRIVE goal), PATH and WAYPOINTS under
 * priority; a few at rest on the ground of their target but 1 to 2.5 above or
 * below it: arrived. */
static void check_ground_goals(const config *c, uint64_t seed)
{
    bench_begin(&b, named("ground plane, goals", c), c->dim, c->up, STEER_BOUNDARY_WRAP);
    add_obstacles(&b);
    add_paths(&b);
    steer_group_def g = steer_default_group_def();
    g.ground_plane = true;
    add_group(&b, &g, 0);
    g = only(STEER_SEPARATION, 1.5f);
    g.ground_plane = true;
    g.weight[STEER_CONTAIN] = 1.0f;
    g.contain_margin = 3.0f;
    g.weight[STEER_WANDER] = 0.5f;
    g.mass = 1.5f;
    g.slow_radius = 2.5f;
    add_group(&b, &g, 1);
    g = only(STEER_ANTICIPATE, 1.0f);
    g.ground_plane = true;
    g.combine = STEER_COMBINE_RUNNING_SUM;
    g.weight[STEER_ARRIVE] = 1.0f;
    g.neighbour_radius = 2.0f;
    add_group(&b, &g, 2);
    g = only(STEER_AVOID_OBSTACLES, 2.0f);
    g.ground_plane = true;
    g.combine = STEER_COMBINE_PRIORITY;
    g.weight[STEER_FOLLOW_PATH] = 1.0f;
    g.path = 0;
    g.waypoint_radius = 0.8f;
    add_group(&b, &g, 3);
    steer_rng rng = steer_rng_make(seed);
    for (int group = 0; group < 4; ++group) add_ground_agents(&b, group, 13, 0, 0, group == 0 ? 3.0f : 5.0f, 3.0f, 1.5f, &rng);
    int first_resting = b.count;
    for (int group = 0; group < 3; ++group)
        add_agent(&b, group, place(&b, 8.0f, -8.0f + 3.0f * (float)group, group == 1 ? -2.5f : 1.0f), steer_v3_zero());
    steer_v3 waypoints[4] = {place(&b, 1, 1, 3), place(&b, 3, 0, -2), place(&b, 4, 3, 1), place(&b, 2, 5, -3)};
    for (int i = 0; i < b.count; ++i) {
        steer_agent_state st;
        CHECK(steer_world_get_agent(b.world, b.ids[i], &st) == STEER_OK);
        steer_goal goal;
        memset(&goal, 0, sizeof goal);
        int kind = i >= first_resting ? STEER_GOAL_ARRIVE : i % 5;
        if ((st.group == 0 || st.group == 2) && kind != STEER_GOAL_NONE) kind = i % 2 ? STEER_GOAL_ARRIVE : STEER_GOAL_SEEK;
        if (st.group == 3 && kind != STEER_GOAL_NONE) kind = i % 2 ? STEER_GOAL_WAYPOINTS : STEER_GOAL_PATH;
        goal.kind = (steer_goal_kind)kind;
        switch (goal.kind) {
        case STEER_GOAL_SEEK:
        case STEER_GOAL_ARRIVE: {
            /* the resting ones: their target 0 on the ground, at height 0 */
            steer_v3 ground = steer_v3_to_z_up(st.position, c->up);
            float height = steer_rng_range(&rng, -4, 4);
            goal.target = i >= first_resting ? place(&b, ground.x + 0.01f, ground.y, 0.0f)
                                             : place(&b, ground.x + 1.5f - (float)(i % 4), ground.y + 1.0f, height);
            if (i % 3 == 0 && i < first_resting) {
                goal.speed = 1.2f;
                goal.slow_radius = 3.5f;
            }
            break;
        }
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
    finish(&b);
    CHECK(b.arrived >= 40); /* the resting three, each step */
}

/* ---- sub-steps ------------------------------------------------------------------------------ */

/* A step of dt with max_dt runs ceil(dt / max_dt) equal sub-steps (§6.2): the
 * braking arrive (which plans with the sub-step's dt), a flock that seeks (on
 * the ground in 3D), a crowd whose anticipation is capped by the sub-step on
 * its final approach, PATH and WAYPOINTS goals (progress after every move)
 * with a wander that never turns. */
static void check_substeps(const config *c, uint64_t seed, float dt, float max_dt)
{
    char what[64];
    int expected = dt > max_dt ? (int)ceilf(dt / max_dt) : 1;
    snprintf(what, sizeof what, "%d sub-step%s of %.3g", expected, expected > 1 ? "s" : "", (double)(dt / (float)expected));
    bench_begin_split(&b, named(what, c), c->dim, c->up, STEER_BOUNDARY_WRAP, max_dt);
    b.dt = dt;
    CHECK(substep_count(&b) == expected);
    add_obstacles(&b);
    add_paths(&b);
    const steer_v3 target = place(&b, 1, -1, 0.5f);
    steer_group_def g = only(STEER_ARRIVE, 1.0f);
    g.target = target;
    g.mass = 1.5f;
    g.max_force = 3.0f;
    g.slow_radius = 3.0f;
    add_group(&b, &g, 0);
    g = steer_default_group_def();
    g.ground_plane = c->dim == 3;
    g.weight[STEER_SEEK] = 0.5f;
    g.target = place(&b, -2, 2, 2);
    add_group(&b, &g, 1);
    g = only(STEER_ANTICIPATE, 1.0f);
    g.combine = STEER_COMBINE_RUNNING_SUM;
    g.weight[STEER_ARRIVE] = 1.0f;
    g.neighbour_radius = 2.0f;
    g.arrived_priority = 0.5f;
    add_group(&b, &g, 2);
    g = only(STEER_AVOID_OBSTACLES, 2.0f);
    g.combine = STEER_COMBINE_PRIORITY;
    g.weight[STEER_FOLLOW_PATH] = 1.0f;
    g.path = 0;
    g.weight[STEER_WANDER] = 0.3f;
    g.wander.jitter = 0.0f;
    add_group(&b, &g, 3);
    steer_rng rng = steer_rng_make(seed);
    add_agents_at(&b, 0, 12, target, 3.5f, 1.5f, &rng);
    add_agents_at(&b, 0, 2, target, 0.03f, 0.05f, &rng); /* within the tolerance: brake to rest */
    add_agents(&b, 1, 16, 3.0f, 1.5f, &rng);
    int first_crowd = b.count;
    add_agents(&b, 2, 16, 3.5f, 1.2f, &rng);
    int first_path = b.count;
    add_agents(&b, 3, 10, 6.0f, 1.5f, &rng);
    steer_v3 waypoints[3] = {place(&b, 2, 1, 0), place(&b, 3, 3, 1), place(&b, 1, 4, 0)};
    for (int i = first_crowd; i < b.count; ++i) {
        steer_agent_state st;
        CHECK(steer_world_get_agent(b.world, b.ids[i], &st) == STEER_OK);
        steer_goal goal;
        memset(&goal, 0, sizeof goal);
        if (i < first_path) {
            goal.kind = STEER_GOAL_ARRIVE; /* a few from within their slow radius */
            goal.target = steer_v3_add(st.position, place(&b, i % 3 ? 3.0f : 0.8f, i % 2 ? 1.0f : -1.0f, 0.0f));
        } else if (i % 2) {
            goal.kind = STEER_GOAL_PATH;
            goal.path = i % 4 == 1 ? 1 : 0;
        } else {
            goal.kind = STEER_GOAL_WAYPOINTS;
            goal.points = waypoints;
            goal.point_count = 3;
        }
        CHECK(steer_world_set_goal(b.world, b.ids[i], &goal) == STEER_OK);
    }
    finish(&b);
}

/* ---- formations ------------------------------------------------------------------------------ */

#define MAX_MEMBERS 12

typedef struct formation_ref {
    int leader; /* index in b.ids */
    int count;
    int member[MAX_MEMBERS];
    steer_v3 slot[MAX_MEMBERS];
    steer_v3 heading; /* the last (on the ground, unit): +x before the leader moved */
} formation_ref;

static formation_ref formations[2];
static int formation_count, formation_steps, stop_at_step;
static bool is_member[MAX_AGENTS];
static steer_v3 expected_slot[MAX_AGENTS];
static int slot_checked, slot_mismatches;

/* world.h, steer_world_add_formation: member k's goal is ARRIVE at slot k in
 * the leader's frame (x along its heading on the ground, y to its left, z
 * along the world's up; 2D x and y), led by the leader's velocity times the
 * member group's slow_radius / max_speed, placed at the start of every step
 * from the leader's state then; a standing leader keeps its last heading. */
static void place_slots(bench *bb, state *before)
{
    if (formation_steps++ == stop_at_step) { /* the first leader stops: it keeps its heading */
        steer_agent_state *l = &before->agent[formations[0].leader];
        CHECK(steer_world_teleport_agent(bb->world, bb->ids[formations[0].leader], l->position, steer_v3_zero()) == STEER_OK);
        l->velocity = steer_v3_zero();
    }
    for (int f = 0; f < formation_count; ++f) {
        formation_ref *fr = &formations[f];
        const steer_agent_state *l = &before->agent[fr->leader];
        steer_v3 on_ground = bb->dim == 3 ? drop_up(bb, l->velocity) : l->velocity;
        if (steer_v3_len_sq(steer_v3_normalize(on_ground)) > 0.0f) fr->heading = steer_v3_normalize(on_ground);
        for (int k = 0; k < fr->count; ++k) {
            int m = fr->member[k];
            const steer_group_def *g = &before->group[before->agent[m].group];
            steer_v3 offset = bb->dim == 2 ? v3_of(steer_local_to_world2(v2_of(fr->heading), v2_of(fr->slot[k])))
                                           : steer_local_to_world3_up(fr->heading, fr->slot[k], bb->up);
            steer_v3 lead = steer_v3_scale(l->velocity, g->slow_radius / g->max_speed);
            expected_slot[m] = steer_v3_add(steer_v3_add(l->position, offset), lead);
            steer_goal *goal = &before->goal[m];
            bool arrived = goal->kind == STEER_GOAL_ARRIVE && goal->arrived; /* as the step begins */
            memset(goal, 0, sizeof *goal);
            goal->kind = STEER_GOAL_ARRIVE;
            goal->target = expected_slot[m];
            goal->arrived = arrived;
        }
    }
}

/* The goal each member read back after the step is the slot placed for it. */
static void check_slots(bench *bb, const state *before, const state *after)
{
    (void)before;
    for (int i = 0; i < bb->count; ++i) {
        if (!is_member[i]) continue;
        const steer_goal *goal = &after->goal[i];
        steer_v3 e = expected_slot[i];
        double error = (double)steer_v3_dist(goal->target, e) / fmax(1.0, (double)steer_v3_len(e));
        ++slot_checked;
        if ((goal->kind != STEER_GOAL_ARRIVE || !(error <= TOLERANCE)) && ++slot_mismatches <= REPORT_LIMIT)
            printf("  SLOT %s step %d agent %d: goal kind %d target (%.7g, %.7g, %.7g), expected (%.7g, %.7g, %.7g)\n", bb->name,
                   formation_steps - 1, i, (int)goal->kind, goal->target.x, goal->target.y, goal->target.z, e.x, e.y, e.z);
    }
}

static void add_formation(bench *bb, int leader, const int *members, const steer_v3 *slots, int count)
{
    formation_ref *fr = &formations[formation_count];
    steer_agent_id ids[MAX_MEMBERS];
    fr->leader = leader;
    fr->count = count;
    fr->heading = steer_v3_make(1, 0, 0);
    for (int k = 0; k < count; ++k) {
        fr->member[k] = members[k];
        fr->slot[k] = slots[k];
        ids[k] = bb->ids[members[k]];
        is_member[members[k]] = true;
    }
    CHECK(steer_world_add_formation(bb->world, bb->ids[leader], ids, slots, count) == formation_count);
    ++formation_count;
}

/* Two formations: a wedge behind a leader that walks (3D: climbing) and
 * stops halfway, its members a flock-only group (the kernel's lanes) and in
 * 3D some on the ground; a line beside a leader that never moved (+x), its
 * members avoiding obstacles in a running sum. With max_dt the step runs
 * sub-steps and the slots stay where the step's start put them. */
static void check_formations(const config *c, uint64_t seed, float max_dt)
{
    bench_begin_split(&b, named(max_dt > 0.0f ? "formations, 2 sub-steps" : "formations", c), c->dim, c->up,
                      STEER_BOUNDARY_CLAMP, max_dt);
    b.prepare = place_slots;
    b.inspect = check_slots;
    formation_count = formation_steps = slot_checked = slot_mismatches = 0;
    stop_at_step = STEPS / 2;
    memset(is_member, 0, sizeof is_member);
    add_obstacles(&b);
    steer_group_def g = only(STEER_SEEK, 0.0f); /* the leaders: no force */
    add_group(&b, &g, 0);
    g = steer_default_group_def();
    g.slow_radius = 2.5f;
    add_group(&b, &g, 1); /* flock-only */
    g = only(STEER_AVOID_OBSTACLES, 2.0f);
    g.combine = STEER_COMBINE_RUNNING_SUM;
    g.weight[STEER_SEPARATION] = 1.0f;
    g.weight[STEER_ARRIVE] = 1.2f;
    g.slow_radius = 1.5f;
    g.max_speed = 1.8f;
    g.mass = 1.3f;
    add_group(&b, &g, 2);
    g = only(STEER_SEPARATION, 1.0f);
    g.ground_plane = true;
    g.slow_radius = 3.0f;
    add_group(&b, &g, 3);
    int walker = add_agent(&b, 0, place(&b, -3, -2, 0.5f), place(&b, 1.0f, 0.6f, 0.3f));
    int stander = add_agent(&b, 0, place(&b, 4, 4, -1), steer_v3_zero());
    static const float wedge[8][3] = {{-1.5f, 1.2f, 0},     {-1.5f, -1.2f, 0},  {-3, 2.4f, 0.5f}, {-3, -2.4f, -0.5f},
                                      {-3, 0, 0},           {-4.5f, 1.2f, 0},   {-4.5f, -1.2f, 0}, {-6, 0, 1}};
    static const float line[6][3] = {{0, 1.5f, 0}, {0, -1.5f, 0}, {0, 3, 0.5f}, {0, -3, 0}, {-1.5f, 0, 0}, {1.5f, 0, -0.5f}};
    steer_rng rng = steer_rng_make(seed);
    int members[MAX_MEMBERS];
    steer_v3 slots[MAX_MEMBERS];
    for (int k = 0; k < 8; ++k) {
        slots[k] = place(&b, wedge[k][0], wedge[k][1], wedge[k][2]);
        float dx = steer_rng_range(&rng, -1, 1), dy = steer_rng_range(&rng, -1, 1);
        float vx = steer_rng_range(&rng, -1, 1), vy = steer_rng_range(&rng, -1, 1);
        steer_v3 near = place(&b, -4 + wedge[k][0] + dx, -2 + wedge[k][1] + dy, 0);
        members[k] = add_agent(&b, c->dim == 3 && k % 3 == 2 ? 3 : 1, near, place(&b, vx, vy, 0));
    }
    add_formation(&b, walker, members, slots, 8);
    for (int k = 0; k < 6; ++k) {
        slots[k] = place(&b, line[k][0], line[k][1], line[k][2]);
        float dx = steer_rng_range(&rng, -1.5f, 1.5f), dy = steer_rng_range(&rng, -1.5f, 1.5f);
        float vx = steer_rng_range(&rng, -1, 1), vy = steer_rng_range(&rng, -1, 1);
        steer_v3 near = place(&b, 4 + line[k][0] + dx, 4 + line[k][1] + dy, -1);
        members[k] = add_agent(&b, 2, near, place(&b, vx, vy, 0));
    }
    add_formation(&b, stander, members, slots, 6);
    add_agents(&b, 1, 8, 6.0f, 1.0f, &rng); /* flockers of no formation */
    finish(&b);
    printf("%-34s %4d slots, %d beyond the tolerance\n", "", slot_checked, slot_mismatches);
    CHECK(slot_checked == STEPS * 14);
    CHECK(slot_mismatches == 0);
}

int main(void)
{
    for (size_t k = 0; k < sizeof configs / sizeof configs[0]; ++k) {
        const config *c = &configs[k];
        uint64_t seed = 5000 + 1000 * k;
        check_avoid_neighbours(c, seed + 1);
        check_anticipate(c, seed + 2);
        check_crowd(c, seed + 3);
        check_queue(c, seed + 4);
        check_follow_leader(c, seed + 5);
        if (c->dim == 3) {
            check_ground_behaviours(c, seed + 6);
            check_ground_goals(c, seed + 7);
        }
        check_substeps(c, seed + 8, 0.1f, 0.03f);
        check_substeps(c, seed + 9, 0.1f, 0.05f);
        check_substeps(c, seed + 10, 0.05f, 0.1f);
        check_formations(c, seed + 11, 0.0f);
        check_formations(c, seed + 12, 0.03f);
    }
    return check_summary("test_world_predictive_reference");
}

/* The property test of test_degenerate.c, written once and included for
 * STEER_DIM 2 and 3: every behaviour, query and combiner, and the vehicle
 * step, called with generated inputs; every output (returned vector, out
 * parameter, updated state) must be finite. */
#include "steer/detail/dim_begin.h"

#define V STEER_V
#define F STEER_F
#define N(name) STEER_N(name, )

enum { N(max_items) = 6 };

static V N(random_vec)(steer_rng *rng, float (*gen)(steer_rng *))
{
    V r = F(zero)();
    for (int axis = 0; axis < STEER_DIM; ++axis) r = F(set)(r, axis, gen(rng));
    return r;
}

static V N(force_at)(int index, void *context) { return ((const V *)context)[index]; }

#define FINITE(what, value) note_finite(what, STEER_DIM, trial, F(is_valid)(value))
#define FINITE_SCALAR(what, value) note_finite(what, STEER_DIM, trial, steer_is_finite(value))

static void N(every_output_is_finite)(uint64_t seed, float (*gen)(steer_rng *), int trials)
{
    steer_rng rng = steer_rng_make(seed);
    for (int trial = 0; trial < trials; ++trial) {
        V pos = N(random_vec)(&rng, gen), vel = N(random_vec)(&rng, gen);
        V target = N(random_vec)(&rng, gen), tvel = N(random_vec)(&rng, gen);
        float max_speed = gen(&rng), slow = gen(&rng), panic = gen(&rng), pred = gen(&rng), dt = gen(&rng);
        int n = (int)(steer_rng_u32(&rng) % (N(max_items) + 1));
        V pts[N(max_items)], vels[N(max_items)];
        N(steer_obstacle) obs[N(max_items)];
        N(steer_segment) walls[N(max_items)];
        float weights[N(max_items)], probs[N(max_items)];
        for (int i = 0; i < n; ++i) {
            pts[i] = (i > 0 && (steer_rng_u32(&rng) & 3u) == 0) ? pts[i - 1] : N(random_vec)(&rng, gen);
            vels[i] = N(random_vec)(&rng, gen);
            obs[i].centre = pts[i];
            obs[i].radius = gen(&rng);
            walls[i].a = pts[i];
            walls[i].b = (steer_rng_u32(&rng) & 3u) == 0 ? pts[i] : N(random_vec)(&rng, gen);
            weights[i] = gen(&rng);
            probs[i] = gen(&rng);
        }
        /* An empty list is sometimes NULL. */
        const V *pl = n || (trial & 1) ? pts : NULL;
        const V *vl = n || (trial & 1) ? vels : NULL;
        const N(steer_obstacle) *ol = n || (trial & 1) ? obs : NULL;
        const N(steer_segment) *wl = n || (trial & 1) ? walls : NULL;

        /* basic */
        FINITE("seek", N(steer_seek)(pos, vel, target, max_speed));
        FINITE("flee", N(steer_flee)(pos, vel, target, max_speed, panic));
        FINITE("arrive", N(steer_arrive)(pos, vel, target, max_speed, slow));
        FINITE("predict", N(steer_predict)(pos, target, tvel, max_speed, pred));
        FINITE("pursue", N(steer_pursue)(pos, vel, target, tvel, max_speed, pred));
        FINITE("evade", N(steer_evade)(pos, vel, target, tvel, max_speed, pred, panic));
        FINITE("target_speed", N(steer_target_speed)(vel, target, max_speed, panic));
        FINITE("match_velocity", N(steer_match_velocity)(vel, tvel, pred, panic));

        /* wander */
        steer_wander_params wp = {gen(&rng), gen(&rng), gen(&rng), STEER_UP_Z};
        float angle = gen(&rng);
        V wt;
        FINITE("wander", N(steer_wander)(pos, vel, &angle, &wp, max_speed, dt, steer_rng_float, &rng, &wt));
        FINITE("wander out_target", wt);
        FINITE_SCALAR("wander angle", angle);
#if STEER_DIM == 3
        steer_wander_sphere ws = {gen(&rng), gen(&rng)};
        FINITE("wander_sphere3", steer_wander_sphere3(pos, vel, &ws, &wp, max_speed, dt, steer_rng_float, &rng, &wt));
        FINITE("wander_sphere3 out_target", wt);
        FINITE_SCALAR("wander_sphere3 azimuth", ws.azimuth);
        FINITE_SCALAR("wander_sphere3 elevation", ws.elevation);
#endif

        /* flocking */
        float radius = gen(&rng);
        FINITE("separation", N(steer_separation)(pos, pl, n, radius));
        FINITE("separation_desired", N(steer_separation_desired)(pos, vel, pl, n, radius, max_speed));
        FINITE("alignment", N(steer_alignment)(vel, vl, n));
        FINITE("alignment_desired", N(steer_alignment_desired)(vel, vl, n, max_speed));
        FINITE("cohesion", N(steer_cohesion)(pos, vel, pl, n, max_speed));

        /* obstacles and walls */
        steer_avoid_params ap = {gen(&rng), gen(&rng), gen(&rng), gen(&rng), gen(&rng), STEER_UP_Z};
        int engaged = (int)(steer_rng_u32(&rng) % 10u) - 2;
        FINITE("avoid_obstacles", N(steer_avoid_obstacles)(pos, vel, ol, n, &ap, &engaged));
        note_finite("avoid_obstacles latch in range", STEER_DIM, trial, engaged >= -1 && engaged < n);
        V tip;
        FINITE("avoid_obstacles_feeler",
               N(steer_avoid_obstacles_feeler)(pos, vel, ol, n, ap.agent_radius, ap.see_ahead, ap.max_force, &tip));
        FINITE("avoid_obstacles_feeler out_tip", tip);
        steer_wall_feelers wf = {gen(&rng), gen(&rng), gen(&rng), STEER_UP_Z};
        V tips[3];
        FINITE("avoid_walls", N(steer_avoid_walls)(pos, vel, wl, n, &wf, tips));
        FINITE("avoid_walls out_tips", F(add)(F(add)(F(scale)(tips[0], 0.25f), F(scale)(tips[1], 0.25f)),
                                              F(scale)(tips[2], 0.25f)));
        steer_wall_follow_params fp = {gen(&rng), gen(&rng), gen(&rng), STEER_UP_Z};
        FINITE("follow_wall", N(steer_follow_wall)(pos, vel, wl, n, &fp, max_speed));

        /* paths and fields */
        N(steer_path) path = {pl, n, (steer_rng_u32(&rng) & 1u) != 0, gen(&rng)};
        float dist, t;
        int seg;
        FINITE("path_closest_point", N(steer_path_closest_point)(&path, pos, &dist, &seg, &t));
        FINITE_SCALAR("path_closest_point distance", dist);
        FINITE_SCALAR("path_closest_point t", t);
        note_finite("path_closest_point segment in range", STEER_DIM, trial, seg >= -1 && seg < (n > 0 ? n : 1));
        FINITE("follow_path", N(steer_follow_path)(pos, vel, &path, pred, gen(&rng), max_speed));
        int index = (int)(steer_rng_u32(&rng) % 12u) - 3;
        FINITE("follow_waypoints", N(steer_follow_waypoints)(pos, vel, pl, n, &index, radius, slow, max_speed));
        note_finite("follow_waypoints index in range", STEER_DIM, trial, n == 0 || (index >= 0 && index < n));
        int progress = trial % 12 - 3; /* no draw: the inputs after it stay as they were */
        FINITE("follow_waypoints_ordered", N(steer_follow_waypoints_ordered)(pos, vel, pl, n, &progress, radius, slow, max_speed,
                                                                          (steer_waypoint_order)(trial & 3)));
        note_finite("follow_waypoints_ordered index in range", STEER_DIM, trial, n == 0 || (progress >= 0 && progress < n));
        V cells[27];
        for (int i = 0; i < 27; ++i) cells[i] = N(random_vec)(&rng, gen);
        N(steer_flow_field) field = {N(random_vec)(&rng, gen), gen(&rng), 1 + (int)(steer_rng_u32(&rng) % 3u),
                                     1 + (int)(steer_rng_u32(&rng) % 3u), 1 + (int)(steer_rng_u32(&rng) % 3u), cells};
        FINITE("flow_field_sample", N(steer_flow_field_sample)(&field, pos));
        FINITE("follow_flow", N(steer_follow_flow)(pos, vel, &field, pred, max_speed));
        N(steer_box) box = {N(random_vec)(&rng, gen), N(random_vec)(&rng, gen)};
        FINITE("contain", N(steer_contain)(pos, vel, box, gen(&rng), max_speed));

        /* group tactics */
        FINITE("interpose", N(steer_interpose)(pos, vel, target, tvel, N(random_vec)(&rng, gen),
                                               N(random_vec)(&rng, gen), max_speed, slow));
        V spot;
        FINITE("hide", N(steer_hide)(pos, vel, target, tvel, ol, n, gen(&rng), max_speed, slow, &spot));
        FINITE("hide out_spot", spot);
        V heading = N(random_vec)(&rng, gen), offset = N(random_vec)(&rng, gen);
        FINITE("offset_pursuit", N(steer_offset_pursuit)(pos, vel, target, tvel, heading, offset, max_speed, slow));
        FINITE("local_to_world", N(steer_local_to_world)(heading, offset));

        /* orientation */
        float rate = gen(&rng);
        FINITE("turn_toward", N(steer_turn_toward)(heading, target, rate));
        FINITE("face", N(steer_face)(heading, pos, target, rate, dt));
        FINITE("look_where_going", N(steer_look_where_going)(heading, vel, rate, dt));

        /* combiners */
        float max_force = gen(&rng), eps = gen(&rng);
        int winner;
        FINITE("blend", N(steer_blend)(vl, (trial & 2) ? weights : NULL, n, max_force));
        FINITE("priority", N(steer_priority)(vl, (trial & 2) ? weights : NULL, n, eps, max_force, &winner));
        FINITE("running_sum", N(steer_running_sum)(vl, (trial & 2) ? weights : NULL, n, max_force));
        FINITE("dither", N(steer_dither)(N(force_at), vels, (trial & 2) ? weights : NULL, probs, n, eps, max_force,
                                         steer_rng_float, &rng, &winner));
        FINITE("smooth", N(steer_smooth)(vel, target, gen(&rng)));
        FINITE("smooth_dt", N(steer_smooth_dt)(vel, target, gen(&rng), dt));
        bool gate = (trial & 4) != 0;
        steer_hysteresis(&gate, gen(&rng), gen(&rng), gen(&rng));

        /* the vehicle: limits, forces and dt from the generator */
        N(steer_vehicle) v = STEER_N(steer_vehicle, _make)(N(random_vec)(&rng, random_magnitude), (uint64_t)trial);
        v.velocity = N(random_vec)(&rng, random_magnitude);
        v.max_speed = max_speed;
        v.max_force = max_force;
        v.mass = gen(&rng);
        v.max_turn_rate = rate;
        v.heading_smoothing = gen(&rng);
        v.wander = wp;
        STEER_N(steer_vehicle, _apply_force)(&v, N(random_vec)(&rng, gen));
        STEER_N(steer_vehicle, _apply_force)(&v, STEER_N(steer_vehicle, _wander)(&v, dt, NULL));
        STEER_N(steer_vehicle, _step)(&v, dt);
        FINITE("vehicle position", v.position);
        FINITE("vehicle velocity", v.velocity);
        FINITE("vehicle heading", v.heading);
        FINITE("vehicle smooth_heading", v.smooth_heading);
        FINITE("vehicle force", v.force);
    }
}

#undef FINITE
#undef FINITE_SCALAR
#undef V
#undef F
#undef N
#include "steer/detail/dim_end.h"

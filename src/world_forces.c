/* The forces pass: its 64-agent flock batcher and its crowd chunk. */
#include "fp_rules.h" /* first: the floating-point rules, before any header */
#include "world_forces.h"
#include "world_behaviours.h"
#include "world_detour.h"
#include "world_goal_steering.h"
#include "world_keep_apart.h"
#include "world_cells.h"
#include "world_goals.h"
#include "world_solids.h"
#include "world_tasks.h"
#include "misuse_internal.h"
#include "braking.h"

#include <math.h>
#include <string.h>

typedef struct force_task_context {
    steer__force_context fc;
    bool solids;
    bool stage_groups; /* some group filters its neighbours by group: stage group ids too */
    bool cell_path;    /* some group is a plain flock (steer__group.plain_flock) */
} force_task_context;

/* Writes agent i's next state (next_p, next_v) from its new velocity. */
static void move_agent(steer_world *w, int i, const float nv[3], float dt, bool solids)
{
    float pos[3] = {0.0f, 0.0f, 0.0f}, vel[3] = {0.0f, 0.0f, 0.0f};
    STEER__ANALYZER_ASSUME(w->dim == 2 || w->dim == 3);
    for (int a = 0; a < w->dim; ++a) {
        vel[a] = nv[a];
        pos[a] = w->p[a][i] + vel[a] * dt;
    }
    steer__finish_move(w, i, pos, vel, solids, w->next_p, w->next_v);
}

/* Flock-only agents are evaluated STEER__BATCH at a time by the wide kernel;
 * their gathers are reduced sixteen at a time. */
typedef struct flock_batcher {
    steer__flock_batch batch;
    steer__raw_sums raw[STEER__REDUCE_LANES];
    int dense[STEER__BATCH];
    uint8_t group[STEER__BATCH];
    steer__goal *goal[STEER__BATCH]; /* the lane's own goal, where has_goal */
    uint16_t has_goal[STEER__BATCH / 16], arriving[STEER__BATCH / 16]; /* bits: a goal; an ARRIVE goal */
    uint16_t was_arrived[STEER__BATCH / 16]; /* bits: the goal had arrived before this step */
    bool mixed;      /* lanes of more than one group */
    bool row;        /* dense[k] == dense[0] + k so far: 64 agents in a row */
    int params_for;  /* the group whose parameters fill every lane, or -1 */
    int n;
    /* the batch's own state and results, when its agents are not 64 in a row */
    float p[3][STEER__BATCH], v[3][STEER__BATCH];
    float out[3][STEER__BATCH], pos[3][STEER__BATCH];
} flock_batcher;

/* The per-lane rule parameters, from each lane's group (one group, the
 * usual case: constants, left in place for the next batch of that group). */
static void batch_parameters(const steer_world *w, flock_batcher *fb, float dt)
{
    steer__flock_batch *b = &fb->batch;
    if (!fb->mixed && fb->params_for == fb->group[0]) return;
    b->any_ground = false;
    for (int k = 0; k < STEER__BATCH;) {
        const steer__group *g = &w->groups[fb->group[k < fb->n ? k : 0]];
        const steer_group_def *d = &g->def;
        int run_end = fb->mixed ? k + 1 : STEER__BATCH;
        float ws = d->weight[STEER_SEPARATION], wa = d->weight[STEER_ALIGNMENT], wc = d->weight[STEER_COHESION];
        float ms = d->max_speed, mf = d->max_force, step = g->inv_mass * dt;
        /* the braking arrive of goal lanes (steer__flock_batch) */
        float accel = mf * g->inv_mass, a = accel * (float)STEER__BRAKING_SHARE, tol = d->arrival_tolerance;
        float root_2a = sqrtf(2.0f * a), half_adt = 0.5f * a * dt, adt = a * dt, budget = accel * dt;
        float weight = d->weight[STEER_ARRIVE] != 0.0f ? d->weight[STEER_ARRIVE] : 1.0f;
        float scale = d->mass * weight / dt, arrival_sq = d->arrival_speed * d->arrival_speed;
        const float ground = g->on_ground ? 1.0f : 0.0f;
        b->any_ground |= ground > 0.0f;
        for (; k < run_end; ++k) {
            b->ground[k] = ground;
            b->weight_separation[k] = ws;
            b->weight_alignment[k] = wa;
            b->weight_cohesion[k] = wc;
            b->max_speed[k] = ms;
            b->max_force[k] = mf;
            b->inv_mass_dt[k] = step;
            b->arrive_tolerance[k] = tol;
            b->arrive_tolerance_sq[k] = tol * tol;
            b->arrive_root_2a[k] = root_2a;
            b->arrive_half_adt[k] = half_adt;
            b->arrive_adt[k] = adt;
            b->arrive_budget[k] = budget;
            b->arrive_scale[k] = scale;
            b->arrival_speed_sq[k] = arrival_sq;
        }
    }
    fb->params_for = fb->mixed ? -1 : fb->group[0];
}

/* Points the kernel at its lanes' state and results: for 64 agents in a
 * row, the sorted state itself and the next state (no copies); otherwise
 * the batch's own arrays, filled from the agents' rows. Returns whether
 * the results went straight to the next state. */
static bool batch_lanes(steer_world *w, flock_batcher *fb)
{
    steer__flock_batch *b = &fb->batch;
    const int dim = w->dim, n = fb->n, first = fb->dense[0];
    if (n == STEER__BATCH && fb->row) {
        for (int a = 0; a < dim; ++a) {
            b->p[a] = w->p[a] + first;
            b->v[a] = w->v[a] + first;
            b->pos[a] = w->next_p[a] + first;
            b->out[a] = w->next_v[a] + first;
        }
        return true;
    }
    for (int a = 0; a < dim; ++a) {
        const float *wp = w->p[a], *wv = w->v[a];
        for (int k = 0; k < n; ++k) { /* lanes past n keep earlier (finite) values */
            fb->p[a][k] = wp[fb->dense[k]];
            fb->v[a][k] = wv[fb->dense[k]];
        }
        b->p[a] = fb->p[a];
        b->v[a] = fb->v[a];
        b->pos[a] = fb->pos[a];
        b->out[a] = fb->out[a];
    }
    return false;
}

/* The moves of a flushed batch. A lane the kernel found inside the box
 * (with no solids to resolve) is complete as it is: steer__finish_move would
 * change nothing, since the kernel's velocity is finite and bounded and the
 * boundary does not apply. Any other lane
 * goes through steer__finish_move. When the kernel wrote the next state directly,
 * only those other lanes remain. */
static void commit_batch(steer_world *w, flock_batcher *fb, bool solids, bool direct)
{
    const int dim = w->dim;
    const steer__flock_batch *b = &fb->batch;
    float *tp[3] = {0, 0, 0}, *tv[3] = {0, 0, 0}; /* locals: no reloads through w */
    for (int a = 0; a < dim; ++a) {
        tp[a] = w->next_p[a];
        tv[a] = w->next_v[a];
    }
    if (direct && !solids) { /* only the lanes that left the box remain */
        for (int word = 0; word < STEER__BATCH / 16; ++word)
            for (unsigned out = ~(unsigned)b->inside[word] & 0xFFFFu; out; out &= out - 1) {
                int k = word * 16 + steer__lowest_bit(out);
                float pos[3] = {b->pos[0][k], b->pos[1][k], dim == 3 ? b->pos[2][k] : 0.0f};
                float vel[3] = {b->out[0][k], b->out[1][k], dim == 3 ? b->out[2][k] : 0.0f};
                steer__finish_move(w, fb->dense[k], pos, vel, solids, w->next_p, w->next_v);
            }
        return;
    }
    for (int k = 0; k < fb->n; ++k) {
        int i = fb->dense[k];
        bool fast = !solids && (b->inside[k / 16] >> (k % 16) & 1u);
        if (!fast) {
            float pos[3] = {b->pos[0][k], b->pos[1][k], dim == 3 ? b->pos[2][k] : 0.0f};
            float vel[3] = {b->out[0][k], b->out[1][k], dim == 3 ? b->out[2][k] : 0.0f};
            steer__finish_move(w, i, pos, vel, solids, w->next_p, w->next_v);
            continue;
        }
        if (direct) continue;
        for (int a = 0; a < dim; ++a) {
            tp[a][i] = b->pos[a][k];
            tv[a][i] = b->out[a][k];
        }
    }
}

/* The arrival of each lane with a goal: the kernel's answer for an
 * arriving lane whose move it completed (looked at only where it differs
 * from the goal's state), else from its next state. The kernel knows the
 * tolerance alone: an arrived agent whose group lets it depart later is
 * judged from its next state too when the kernel finds it out. */
static void batch_arrivals(steer_world *w, const flock_batcher *fb, bool solids)
{
    const steer__flock_batch *b = &fb->batch;
    for (int word = 0; word < (fb->n + 15) / 16; ++word) {
        unsigned answered = solids ? 0u : fb->arriving[word] & b->inside[word];
        for (unsigned changed = (b->arrived[word] ^ fb->was_arrived[word]) & answered; changed; changed &= changed - 1) {
            int k = word * 16 + steer__lowest_bit(changed);
            bool now = (b->arrived[word] >> (k % 16) & 1u) != 0;
            if (!now && steer__group_departs_late(&w->groups[fb->group[k]])) {
                answered &= ~(1u << (k % 16)); /* to the next state's answer below */
                continue;
            }
            steer__goal_set_arrived(w, fb->goal[k], now);
        }
        for (unsigned rest = fb->has_goal[word] & ~answered & 0xFFFFu; rest; rest &= rest - 1) {
            int k = word * 16 + steer__lowest_bit(rest), i = fb->dense[k];
            const float pos[3] = {w->next_p[0][i], w->next_p[1][i], w->dim == 3 ? w->next_p[2][i] : 0.0f};
            const float vel[3] = {w->next_v[0][i], w->next_v[1][i], w->dim == 3 ? w->next_v[2][i] : 0.0f};
            steer__goal_after_move(w, &w->groups[fb->group[k]], steer__body_radius(w, i), fb->goal[k], pos, vel);
        }
    }
}

static void flush_batch(steer_world *w, flock_batcher *fb, bool solids)
{
    if (fb->n == 0) return;
    int pending = fb->n % STEER__REDUCE_LANES;
    if (pending) { /* the last partial sixteen: unused lanes reduce zeros */
        memset(fb->raw + pending, 0, sizeof fb->raw[0] * (size_t)(STEER__REDUCE_LANES - pending));
        w->kernels->reduce(fb->raw, &fb->batch, fb->n - pending);
    }
    batch_parameters(w, fb, fb->batch.dt);
    bool direct = batch_lanes(w, fb);
    w->kernels->flock(&fb->batch);
    commit_batch(w, fb, solids, direct);
    if (fb->batch.any_goal) {
        batch_arrivals(w, fb, solids);
        memset(fb->has_goal, 0, sizeof fb->has_goal);
        memset(fb->arriving, 0, sizeof fb->arriving);
        memset(fb->was_arrived, 0, sizeof fb->was_arrived);
    }
    fb->n = 0;
    fb->mixed = false;
    fb->batch.any_goal = fb->batch.any_arrive = false;
}

/* The move parameters of every batch of this step. */
static void batch_setup(const steer_world *w, steer__flock_batch *b, float dt)
{
    b->dt = dt;
    b->up = steer__up_index(w);
    for (int a = 0; a < w->dim; ++a) {
        b->lo[a] = w->origin[a];
        b->hi[a] = w->origin[a] + w->extent[a];
    }
}

#define GOAL_PREFETCH_AHEAD 32 /* agents: a few cells, far more than a memory latency's work */
#define GENERAL_PREFETCH_AHEAD 4 /* agents of the general path (hundreds of ns each) */

/* Lane k's goal other than ARRIVE: its force, computed for the agent and
 * added to the lane's blend by the kernel. */
static void goal_force_lane(const steer__force_context *fc, flock_batcher *fb, int k, int i, int group, steer__goal *goal)
{
    steer_world *w = fc->w;
    steer__flock_batch *b = &fb->batch;
    steer__agent a = {i, goal->slot, steer__v3_at(w, w->p, i), steer__v3_at(w, w->v, i), &w->groups[group], 0, goal,
                      STEER__SEEN_NOTHING, false, steer__body_radius(w, i)};
    steer__goal_prepare(w, &a);
    steer_v3 f = steer__weighted_goal_force(fc, &a);
    b->goal_lane[k] = 1.0f;
    b->goal_force[0][k] = f.x;
    b->goal_force[1][k] = f.y;
    b->goal_force[2][k] = f.z;
    b->any_goal = true;
}

/* Puts agent i in lane k of the batch (its neighbours' sums are the
 * caller's, in fb->raw); an agent with its own goal brings its goal. The
 * caller counts the lane in and reduces and flushes. */
static inline void queue_lane(const steer__force_context *fc, flock_batcher *fb, int k, int i, int group, steer__goal *goal)
{
    steer_world *w = fc->w;
    steer__flock_batch *b = &fb->batch;
    fb->goal[k] = goal;
    b->goal_lane[k] = 0.0f;
    if (goal) {
        uint16_t bit = (uint16_t)(1u << (k % 16));
        fb->has_goal[k / 16] |= bit;
#if defined(__GNUC__) || defined(__clang__)
        /* Goal records drift from their agents' order between reorderings
         * (world_goals.h): the one of the agent a few cells on is fetched now. */
        if (i + GOAL_PREFETCH_AHEAD < w->count && steer__has_goal(w, i + GOAL_PREFETCH_AHEAD))
            __builtin_prefetch(steer__goal_of(w, i + GOAL_PREFETCH_AHEAD));
#endif
        if (goal->arrived) fb->was_arrived[k / 16] |= bit;
        if (goal->kind == STEER_GOAL_ARRIVE) { /* the kernel computes it, sixteen lanes at a time */
            const steer_group_def *d = &w->groups[group].def;
            fb->arriving[k / 16] |= bit;
            b->goal_lane[k] = 2.0f;
            b->goal_target[0][k] = goal->target.x;
            b->goal_target[1][k] = goal->target.y;
            b->goal_target[2][k] = goal->target.z;
            if (w->groups[group].on_ground) /* level with the agent, as goal_force's level_with reads it */
                b->goal_target[b->up][k] = w->p[b->up][i];
            b->goal_speed[k] = goal->speed > 0.0f && goal->speed < d->max_speed ? goal->speed : d->max_speed;
            b->goal_slow[k] = goal->slow_radius > 0.0f ? goal->slow_radius : d->slow_radius;
            b->any_goal = b->any_arrive = true;
        } else {
            goal_force_lane(fc, fb, k, i, group, goal);
        }
    }
    fb->mixed |= k > 0 && fb->group[0] != (uint8_t)group;
    /* A cell queues its plain flockers before its other flockers, so the
     * indices need not increase: only a full run of consecutive ones is a row. */
    fb->row = k == 0 || (fb->row && i == fb->dense[k - 1] + 1);
    fb->group[k] = (uint8_t)group;
    fb->dense[k] = i;
}

/* Counts in `count` lanes just queued (not past a sixteen's end): a full
 * sixteen is reduced, a full batch flushed. */
static inline void lanes_queued(steer_world *w, flock_batcher *fb, int count, bool solids)
{
    fb->n += count;
    if (fb->n % STEER__REDUCE_LANES == 0) w->kernels->reduce(fb->raw, &fb->batch, fb->n - STEER__REDUCE_LANES);
    if (fb->n == STEER__BATCH) flush_batch(w, fb, solids);
}

/* Queues agent i, whose neighbours were gathered (raw) into fb->raw[fb->n % 16]. */
static void add_to_batch(const steer__force_context *fc, flock_batcher *fb, int i, int group, steer__goal *goal,
                         bool solids)
{
    queue_lane(fc, fb, fb->n, i, group, goal);
    lanes_queued(fc->w, fb, 1, solids);
}

/* Crowd agents (steer__group.crowd_lanes) with an ARRIVE goal end their
 * steps sixteen at a time: what they see and the running sum up to their
 * goal's arrive are worked out one by one as they come, the arrive, the
 * rest of the sum and the integration in the crowd kernel, then keep_apart
 * and the move one by one again. keep_apart reads what the agent saw,
 * which the next agents' looks overwrite: the near ones (the only ones it
 * reads for a velocity from the integration, never faster than max_speed)
 * are kept here, at most CROWD_NEAR_CAP an agent; an agent with more
 * takes the scalar steps at once. The bits are the scalar steps': the
 * kernel leaves any lane off their usual path to them (odd). */
#define CROWD_NEAR_CAP 32
bool steer__crowd_kernel_off = false;
bool steer__flock_batches_off = false;
typedef struct crowd_chunk {
    steer__crowd_lanes lanes;
    steer__agent agent[16];
    steer__running_prefix prefix[16];
    float near_p[3][16 * CROWD_NEAR_CAP], near_v[3][16 * CROWD_NEAR_CAP];
    float near_radius[16 * CROWD_NEAR_CAP], near_priority[16 * CROWD_NEAR_CAP];
    uint16_t near_bits[16][CROWD_NEAR_CAP / 16];
    int n;
} crowd_chunk;

/* Agent a's new velocity from its combined force: in the world's plane,
 * integrated with the turn limit. A turn-limited agent's kept heading is
 * the turn's start, and the heading it turns to goes to next_heading (the
 * sort's spare, free until the next sort), which steer__headings_update
 * takes after the sub-step: its neighbours read the heading it had. */
static steer_v3 new_velocity(const steer__force_context *fc, const steer__agent *a, steer_v3 force)
{
    steer_world *w = fc->w;
    if (w->dim == 2) force.z = 0.0f;
    if (a->g->def.ground_plane) steer__drop_up(w, &force);
    if (!w->heading[0] || !(a->g->def.max_turn_rate > 0.0f)) return steer__integrate_velocity(w, a, force, fc->dt, NULL);
    steer_v3 facing = steer__v3_at(w, w->heading, a->dense);
    steer_v3 nv = steer__integrate_velocity(w, a, force, fc->dt, &facing);
    steer__v3_put(w, w->next_heading, a->dense, facing);
    return nv;
}

/* Agent a's steps after its new velocity: keep_apart, the move, the arrival. */
static void finish_agent(const steer__force_context *fc, const steer__agent *a, steer_v3 nv, bool solids)
{
    steer_world *w = fc->w;
    const steer__group *g = a->g;
    if (a->seen.twinned) nv = steer__twin_nudge(w, a, nv, fc->dt);
    if (g->def.keep_apart) nv = steer__keep_apart(w, a, nv, fc->dt);
    if (g->def.ground_plane) steer__drop_up(w, &nv); /* its velocity may have had some */
    move_agent(w, a->dense, (const float[3]){nv.x, nv.y, nv.z}, fc->dt, solids);
    if (a->goal) {
        int i = a->dense;
        const float pos[3] = {w->next_p[0][i], w->next_p[1][i], w->dim == 3 ? w->next_p[2][i] : 0.0f};
        const float vel[3] = {w->next_v[0][i], w->next_v[1][i], w->dim == 3 ? w->next_v[2][i] : 0.0f};
        steer__goal_after_move(w, g, a->radius, a->goal, pos, vel);
    }
}

static void flush_crowd(const steer__force_context *fc, crowd_chunk *cc, bool solids)
{
    if (cc->n == 0) return;
    steer__crowd_lanes *l = &cc->lanes;
    for (int k = cc->n; k < 16; ++k) l->max_force[k] = 0.0f; /* unused lanes: odd, unread */
    fc->w->kernels->crowd(l);
    for (int k = 0; k < cc->n; ++k) {
        const steer__agent *a = &cc->agent[k];
        steer_v3 nv = steer_v3_make(l->nv[0][k], l->nv[1][k], l->nv[2][k]);
        if (l->odd >> k & 1u) nv = new_velocity(fc, a, steer__running_sum_finish(fc, a, &cc->prefix[k])); /* the scalar steps */
        finish_agent(fc, a, nv, solids);
    }
    cc->n = 0;
}

/* Queues crowd agent a (its neighbours seen, an ARRIVE goal) for the crowd
 * kernel; false if it saw more near ones than its place holds. */
static bool add_to_crowd(const steer__force_context *fc, crowd_chunk *cc, const steer__agent *a, bool solids)
{
    const steer__group *g = a->g;
    const steer_group_def *d = &g->def;
    int k = cc->n, near = 0;
    if (d->keep_apart && a->seen.worker >= 0) {
        const int base = k * CROWD_NEAR_CAP;
        for (int word = 0; word < (a->seen.count + 15) / 16; ++word)
            for (unsigned bits = a->seen.near[word]; bits; bits &= bits - 1, ++near) {
                if (near == CROWD_NEAR_CAP) return false; /* one more than its place holds */
                int j = word * 16 + steer__lowest_bit(bits);
                for (int q = 0; q < 3; ++q) {
                    cc->near_p[q][base + near] = a->seen.p[q][j];
                    cc->near_v[q][base + near] = a->seen.v[q][j];
                }
                cc->near_radius[base + near] = a->seen.radius[j];
                cc->near_priority[base + near] = a->seen.priority[j];
            }
        for (int word = 0; word < CROWD_NEAR_CAP / 16; ++word) { /* the first `near` of them */
            int in_word = near - word * 16;
            cc->near_bits[k][word] = (uint16_t)(in_word >= 16 ? 0xFFFFu : in_word > 0 ? (1u << in_word) - 1u : 0u);
        }
    }
    steer__agent *kept = &cc->agent[k];
    *kept = *a;
    kept->nb = NULL; /* the gather's sums are the caller's: used up by the prefix */
    if (d->keep_apart && a->seen.worker >= 0) {
        int base = k * CROWD_NEAR_CAP;
        kept->seen = (steer__seen){{cc->near_p[0] + base, cc->near_p[1] + base, cc->near_p[2] + base},
                                   {cc->near_v[0] + base, cc->near_v[1] + base, cc->near_v[2] + base},
                                   cc->near_radius + base, cc->near_priority + base, cc->near_bits[k], near, a->seen.worker,
                                   false};
    } else {
        kept->seen = (steer__seen)STEER__SEEN_NOTHING;
    }
    kept->seen.twinned = a->seen.twinned;
    const steer__running_prefix *prefix = &cc->prefix[k];
    steer__running_sum_prefix(fc, a, &cc->prefix[k]);
    steer__crowd_lanes *l = &cc->lanes;
    const steer__goal *goal = a->goal;
    const float p[3] = {a->p.x, a->p.y, a->p.z}, v[3] = {a->v.x, a->v.y, a->v.z};
    const float t[3] = {prefix->total.x, prefix->total.y, prefix->total.z}, f[3] = {prefix->last.x, prefix->last.y, prefix->last.z};
    const float sum[3] = {prefix->sum.x, prefix->sum.y, prefix->sum.z}, bias[3] = {prefix->bias.x, prefix->bias.y, prefix->bias.z};
    const steer_v3 aim = steer__detour(fc->w, a, goal->target);
    float target[3] = {aim.x, aim.y, aim.z};
    if (a->g->on_ground) target[steer__up_index(fc->w)] = p[steer__up_index(fc->w)]; /* level with it, as level_with reads it */
    l->drop_up[k] = a->g->on_ground || fc->w->dim == 2 ? 1.0f : 0.0f;
    for (int q = 0; q < 3; ++q) {
        l->p[q][k] = p[q];
        l->v[q][k] = v[q];
        l->total[q][k] = t[q];
        l->last[q][k] = f[q];
        l->sum[q][k] = sum[q];
        l->bias[q][k] = bias[q];
        l->target[q][k] = target[q];
    }
    l->has_last[k] = prefix->kind != STEER__PREFIX_NONE ? 1.0f : 0.0f;
    l->terms[k] = prefix->kind == STEER__PREFIX_TERMS ? 1.0f : 0.0f;
    l->keep_right[k] = d->keep_right;
    l->anticipate_weight[k] = g->goal_weight[STEER_GOAL_ARRIVE][STEER_ANTICIPATE];
    /* goal_force's arrival and speed, and the weight of its behaviour */
    l->speed[k] = goal->speed > 0.0f && goal->speed < d->max_speed ? goal->speed : d->max_speed;
    l->slow[k] = goal->slow_radius > 0.0f ? goal->slow_radius : d->slow_radius;
    l->tolerance[k] = d->arrival_tolerance;
    l->max_accel[k] = d->max_force * g->inv_mass;
    l->mass[k] = d->mass;
    l->weight[k] = g->goal_weight[STEER_GOAL_ARRIVE][STEER_ARRIVE];
    l->max_force[k] = d->max_force;
    l->max_speed[k] = d->max_speed;
    l->inv_mass_dt[k] = g->inv_mass * fc->dt;
    if (++cc->n == 16) flush_crowd(fc, cc, solids);
    return true;
}

static steer__gather_in gather_input(const steer__agent *a)
{
    const steer__group *g = a->g;
    steer__gather_in in = {{a->p.x, a->p.y, a->p.z}, {0.0f, 0.0f, 0.0f},
                           g->radius_sq, g->separation_sq, g->cos_half_fov, false, g->all_groups, g->def.neighbour_mask};
    if (g->use_fov) {
        steer_v3 h = steer_v3_normalize(a->v);
        in.use_fov = steer_v3_len_sq(h) > 0.0f; /* a stationary agent sees all around */
        in.heading[0] = h.x;
        in.heading[1] = h.y;
        in.heading[2] = h.z;
    }
    return in;
}

/* The plain flockers among agents [first, end) of one staged cell, through
 * the cell kernel, in chunks that fill the batch's raw ring contiguously.
 * Returns how many there were. */
static int cell_flockers(const steer__force_context *fc, const steer__cell_view *cv, flock_batcher *fb, int first,
                         int end, bool solids)
{
    steer_world *w = fc->w;
    steer__cell_agents ag;
    int members[STEER__CELL_AGENTS];
    uint8_t groups[STEER__CELL_AGENTS];
#ifdef __clang_analyzer__
    /* it forgets ag.count across gather_cell, called through a pointer (ag
     * a const argument there), and reads lanes past those filled */
    memset(members, 0, sizeof members);
    memset(groups, 0, sizeof groups);
#endif
    const int dim = w->dim;
    int found = 0;
    for (int i = first; i < end;) {
        int room = STEER__REDUCE_LANES - fb->n % STEER__REDUCE_LANES;
        ag.count = 0;
        for (; i < end && ag.count < room; ++i) {
            uint8_t group = w->group[i];
            const steer__group *g = &w->groups[group];
            if (!g->plain_flock) continue;
            for (int a = 0; a < dim; ++a) ag.p[a][ag.count] = w->p[a][i];
            ag.radius_sq[ag.count] = g->radius_sq;
            ag.separation_sq[ag.count] = g->separation_sq;
            groups[ag.count] = group;
            members[ag.count++] = i;
        }
        if (ag.count == 0) continue;
        found += ag.count;
        w->kernels->gather_cell(&cv->soa, cv->staged, &ag, fb->raw + fb->n % STEER__REDUCE_LANES);
        for (int k = 0; k < ag.count; ++k) {
            int m = members[k];
            queue_lane(fc, fb, fb->n + k, m, groups[k], steer__has_goal(w, m) ? steer__goal_of(w, m) : NULL);
        }
        lanes_queued(w, fb, ag.count, solids);
    }
    return found;
}

/* What the agents of the cell at coords gather from; in a world with a
 * narrow axis, what agent i alone does (its images). */
static void view(const force_task_context *ftc, const int coords[3], int i, int worker, steer__cell_view *cv)
{
    const steer_world *w = ftc->fc.w;
    if (w->narrow_axes) steer__view_agent(w, i, coords, worker, cv);
    else steer__view_cell(w, coords, worker, ftc->stage_groups, cv);
}

/* Agents [start, end), cell by cell: each cell's candidates are staged once
 * for all its agents (in a world with a narrow axis, agent by agent). Every
 * agent's force reads only the sorted snapshot (w->p, w->v); its next state
 * goes to next_p / next_v, so the update is synchronous. */
static void forces_task(int start, int end, int worker, void *context)
{
    force_task_context *ftc = context;
    steer__force_context *fc = &ftc->fc;
    steer_world *w = fc->w;
    steer__cell_view cv;
    flock_batcher fb;
    memset(&fb, 0, sizeof fb); /* lanes past the last agent of a batch must hold finite values */
    crowd_chunk crowd;
    memset(&crowd.lanes, 0, sizeof crowd.lanes); /* likewise (the kernel reads all sixteen) */
    crowd.lanes.dt = fc->dt;
    crowd.lanes.y_up = w->def.up == STEER_UP_Y;
    crowd.n = 0;
    fb.params_for = -1;
    batch_setup(w, &fb.batch, fc->dt);
    if (worker < 0 || worker >= w->workers) /* then steer__view_cell stages no cell (a crowd is still sampled) */
        steer__misuse(STEER_MISUSE_WORKER_INDEX, "steer_world_step", "worker_index = %d: must be in [0, worker_count = %d)",
                      worker, w->workers);
    for (int i = start; i < end;) {
        int coords[3];
        uint32_t cell = steer__cell_of_agent(w, i, coords);
        int cell_end = (int)w->cell_start[cell + 1];
        if (cell_end > end) cell_end = end;
        if (cell_end <= i || w->narrow_axes) cell_end = i + 1; /* cannot happen while sorted; never loop forever */
        bool viewed = false;
        if (ftc->cell_path) { /* the plain flockers of the cell, all against one staged list */
            view(ftc, coords, i, worker, &cv);
            viewed = true;
            if (cv.staged >= 0 && cell_flockers(fc, &cv, &fb, i, cell_end, ftc->solids) == cell_end - i) {
                i = cell_end; /* the whole cell */
                continue;
            }
        }
        for (; i < cell_end; ++i) {
            const steer__group *g = &w->groups[w->group[i]];
            if (ftc->cell_path && g->plain_flock && cv.staged >= 0) continue; /* done above */
            steer__goal *goal = steer__has_goal(w, i) ? steer__goal_of(w, i) : NULL;
#if defined(__GNUC__) || defined(__clang__)
            /* an agent here takes far longer than a memory latency: the goal
             * record of the one a few on (its hot fields, either line) is
             * fetched now, not missed when its slot is read */
            if (i + GENERAL_PREFETCH_AHEAD < w->count && steer__has_goal(w, i + GENERAL_PREFETCH_AHEAD)) {
                const steer__goal *ahead = steer__goal_of(w, i + GENERAL_PREFETCH_AHEAD);
                __builtin_prefetch(ahead);
                __builtin_prefetch(&ahead->speed);
            }
#endif
            if (g->needs_neighbours && !viewed) {
                view(ftc, coords, i, worker, &cv);
                viewed = true;
            }
            steer__agent a = {i, steer__slot_of(w, i), steer__v3_at(w, w->p, i), steer__v3_at(w, w->v, i), g, 0, goal, STEER__SEEN_NOTHING,
                              false, steer__body_radius(w, i)};
            if (goal && goal->kind == STEER_GOAL_PATH) steer__goal_prepare(w, &a);
            /* world.c derives flock_only and flocks only with needs_neighbours: cv was viewed */
            STEER__ANALYZER_ASSUME(viewed || !(g->flock_only || g->flocks));
            if (g->flock_only && !steer__flock_batches_off) {
                steer__gather_in in = gather_input(&a);
                w->kernels->gather_raw(&cv.soa, cv.spans, cv.span_count, &in, &fb.raw[fb.n % STEER__REDUCE_LANES]);
                add_to_batch(fc, &fb, i, w->group[i], goal, ftc->solids);
                continue;
            }
            steer__gather_out nb = {0};
            if (g->flocks) { /* a predictive group that does not flock sees its neighbours one by one instead */
                steer__gather_in in = gather_input(&a);
                w->kernels->gather(&cv.soa, cv.spans, cv.span_count, &in, &nb);
            }
            a.nb = &nb;
            if (g->predictive) steer__see_neighbours(w, &a, &cv, worker, &a.seen);
            if (g->crowd_lanes && goal && goal->kind == STEER_GOAL_ARRIVE && !steer__crowd_kernel_off &&
                add_to_crowd(fc, &crowd, &a, ftc->solids))
                continue;
            finish_agent(fc, &a, new_velocity(fc, &a, steer__combined_force(fc, &a)), ftc->solids);
        }
    }
    flush_batch(w, &fb, ftc->solids);
    flush_crowd(fc, &crowd, ftc->solids);
}

void steer__world_forces(steer_world *w, float dt, const uint32_t *group_start)
{
    force_task_context ftc = {{w, dt, group_start}, steer__has_solids(w), false, false};
    steer__apart_bounds(w, dt);
    for (int g = 0; g < w->group_count; ++g) {
        /* predictive groups look up each neighbour's group (its radius and priority) */
        ftc.stage_groups |= w->groups[g].needs_neighbours && (!w->groups[g].all_groups || w->groups[g].predictive);
        ftc.cell_path |= w->groups[g].plain_flock && !steer__flock_batches_off;
    }
    steer__world_run(w, forces_task, w->count, &ftc);
}

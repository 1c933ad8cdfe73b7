/* Private: steer_anticipate in pieces (anticipation_template.h), for the
 * world, which computes the neighbours' terms sixteen at a time in its
 * wide kernel and only the rare exceptional ones here: begin once per
 * agent, a term per neighbour, the terms added in the neighbours' order,
 * end. steer_anticipate itself is exactly that, so the two give the same
 * bits. Vectors are in the Z-up frame between begin and end. */
#ifndef STEER_ANTICIPATION_H
#define STEER_ANTICIPATION_H

#include "steer/behaviours.h"

#define STEER__ANTICIPATION_TYPES(V, d)                                                                                \
    /* What an agent's terms share. */                                                                                 \
    typedef struct steer__anticipation_setup##d {                                                                      \
        V pos, vel;     /* the agent, Z-up */                                                                          \
        V right;        /* right of its heading: the side a coincident pair takes */                                   \
        float rate;     /* exp(-tau / tau0) = 2^(tau * rate) */                                                        \
        float inv_tau0; /* 1 / tau0 */                                                                                 \
        float own;      /* its priority, or 1 */                                                                       \
        bool energy;    /* k and tau0 ask for the energy's push (else contacts only) */                                \
        bool valid;     /* max_force > 0, position and velocity finite: else no force at all */                        \
    } steer__anticipation_setup##d;                                                                                    \
    /* One neighbour's part: used, it adds away * weight to the sum, and,                                            \
     * sided, side * side_weight to the keep-right bias. */                                                            \
    typedef struct steer__anticipation_term##d {                                                                       \
        V away, side;                                                                                                  \
        float weight, side_weight;                                                                                     \
        bool used, sided;                                                                                              \
    } steer__anticipation_term##d;

STEER__ANTICIPATION_TYPES(steer_v2, 2)
STEER__ANTICIPATION_TYPES(steer_v3, 3)
#undef STEER__ANTICIPATION_TYPES

steer__anticipation_setup2 steer__anticipation_begin2(steer_v2 pos, steer_v2 vel, const steer_anticipation *params);
steer__anticipation_setup3 steer__anticipation_begin3(steer_v3 pos, steer_v3 vel, const steer_anticipation *params);
/* The term of a neighbour given Z-up; priority NULL: shares of 1. */
steer__anticipation_term2 steer__anticipation_neighbour2(const steer__anticipation_setup2 *s, steer_v2 other_pos, steer_v2 other_vel,
                                                    float other_radius, const float *priority, const steer_anticipation *params);
steer__anticipation_term3 steer__anticipation_neighbour3(const steer__anticipation_setup3 *s, steer_v3 other_pos, steer_v3 other_vel,
                                                    float other_radius, const float *priority, const steer_anticipation *params);
/* The force from the summed terms, in the caller's frame. */
steer_v2 steer__anticipation_end2(steer_v2 sum, steer_v2 bias, const steer_anticipation *params);
steer_v3 steer__anticipation_end3(steer_v3 sum, steer_v3 bias, const steer_anticipation *params);

static inline void steer__anticipation_add3(steer_v3 *sum, steer_v3 *bias, const steer__anticipation_term3 *t)
{
    if (!t->used) return;
    *sum = steer_v3_mad(*sum, t->away, t->weight);
    if (t->sided) *bias = steer_v3_mad(*bias, t->side, t->side_weight);
}
static inline void steer__anticipation_add2(steer_v2 *sum, steer_v2 *bias, const steer__anticipation_term2 *t)
{
    if (!t->used) return;
    *sum = steer_v2_mad(*sum, t->away, t->weight);
    if (t->sided) *bias = steer_v2_mad(*bias, t->side, t->side_weight);
}

#endif

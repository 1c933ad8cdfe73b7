/* Private: steer_anticipate in pieces (anticipation_template.h), for the
 * world, which computes the neighbours' terms sixteen at a time in its
 * wide kernel and only the rare exceptional ones here: begin once per
 * agent, a term per neighbour, the terms added in the neighbours' order,
 * end. steer_anticipate itself is exactly that, so the two give the same
 * bits. Vectors are in the Z-up frame between begin and end. */
#ifndef STEER_ANTICIPATION_H
#define STEER_ANTICIPATION_H

#include "steer/behaviours.h"

/* The pieces for one dimension d (vectors steer_vd), written once. */
#define STEER__ANTICIPATION_PIECES(d)                                                                                  \
    /* What an agent's terms share. */                                                                                 \
    typedef struct steer__anticipation_setup##d {                                                                      \
        steer_v##d pos, vel; /* the agent, Z-up */                                                                     \
        float rate;          /* exp(-tau / tau0) = 2^(tau * rate) */                                                   \
        float inv_tau0;      /* 1 / tau0 */                                                                            \
        float own;           /* its priority, or 1 */                                                                  \
        float brake;         /* mass / (2 max_force dt): a push's cap per unit of approach (Inf: none) */              \
        bool energy;         /* k and tau0 ask for the energy's push (else contacts only) */                           \
        bool valid;          /* max_force > 0, position and velocity finite: else no force at all */                   \
    } steer__anticipation_setup##d;                                                                                    \
    /* One neighbour's part: used, it adds away * weight to the sum, and,                                            \
     * sided, side * side_weight to the keep-right bias. */                                                            \
    typedef struct steer__anticipation_term##d {                                                                       \
        steer_v##d away, side;                                                                                         \
        float weight, side_weight;                                                                                     \
        bool used, sided;                                                                                              \
    } steer__anticipation_term##d;                                                                                     \
    steer__anticipation_setup##d steer__anticipation_begin##d(steer_v##d pos, steer_v##d vel,                          \
                                                              const steer_anticipation *params);                       \
    /* The term of a neighbour given Z-up; priority NULL: shares of 1. */                                              \
    steer__anticipation_term##d steer__anticipation_neighbour##d(const steer__anticipation_setup##d *s,                \
                                                                 steer_v##d other_pos, steer_v##d other_vel,           \
                                                                 float other_radius, const float *priority,            \
                                                                 const steer_anticipation *params);                    \
    /* The force from the summed terms, in the caller's frame. */                                                      \
    steer_v##d steer__anticipation_end##d(steer_v##d sum, steer_v##d bias, const steer_anticipation *params);          \
    /* A term into the sums, in the neighbours' order. */                                                              \
    static inline void steer__anticipation_add##d(steer_v##d *sum, steer_v##d *bias,                                   \
                                                  const steer__anticipation_term##d *t)                                \
    {                                                                                                                  \
        if (!t->used) return;                                                                                          \
        *sum = steer_v##d##_mad(*sum, t->away, t->weight);                                                             \
        if (t->sided) *bias = steer_v##d##_mad(*bias, t->side, t->side_weight);                                        \
    }

STEER__ANTICIPATION_PIECES(2)
STEER__ANTICIPATION_PIECES(3)
#undef STEER__ANTICIPATION_PIECES

#endif

/* steer/debug_draw.h — callbacks through which the world shows itself to any
 * renderer. Set the callbacks you support (NULL ones are skipped) and the
 * layers you want. Colours are 0xRRGGBBAA. Points are steer_v3 (z = 0 in 2D). */
#ifndef STEER_DEBUG_DRAW_H
#define STEER_DEBUG_DRAW_H

#include <stdbool.h>
#include <stdint.h>
#include "math.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct steer_debug_draw {
    /* circles lie in the world's ground plane (XY; XZ in a Y-up world) */
    void (*circle)(steer_v3 centre, float radius, uint32_t colour, void *context);
    void (*segment)(steer_v3 a, steer_v3 b, uint32_t colour, void *context);
    void (*point)(steer_v3 p, float size, uint32_t colour, void *context);
    void (*arrow)(steer_v3 from, steer_v3 to, uint32_t colour, void *context);
    void (*text)(steer_v3 at, const char *text, uint32_t colour, void *context);
    /* agent: position, unit heading (the kept one in a world with keep_headings, else the velocity's
       direction, +x at rest), body radius, group colour */
    void (*agent)(steer_v3 position, steer_v3 heading, float radius, uint32_t colour, void *context);
    void *context;

    bool agents;            /* each agent (through `agent`, or a circle and a heading segment) */
    bool velocities;        /* velocity arrows */
    bool neighbour_radius;  /* each agent's neighbour radius */
    bool wander;            /* wander circle and target */
    bool feelers;           /* obstacle look-ahead and wall feelers */
    bool obstacles, walls, paths, flow_fields, bounds;
    int max_agents;         /* overlays for at most this many agents, spread evenly (0: all) */
} steer_debug_draw;

#ifdef __cplusplus
}
#endif
#endif

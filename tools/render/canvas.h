/* canvas.h — one frame of a scenario drawn with cairo (image, PNG or SVG
 * surfaces alike): flow fields, paths, the groups' pens and their agents'
 * goal places and routes, obstacles, walls, fading trails, seek/arrive
 * targets and flee threats, agents as heading-oriented triangles coloured
 * by group, an optional debug overlay through the
 * world's steer_world_draw callbacks, the groups' names over their panels,
 * and below the world a strip with the caption and a legend of the group
 * colours (so no text ever covers the world). */
#ifndef STEER_CANVAS_H
#define STEER_CANVAS_H

#include <stdbool.h>
#include <stdint.h>

#include <cairo.h>

#include "scenario.h"
#include "trails.h"

#define CANVAS_MAX_LABELS 32

/* The picture shows the ground from above (ground.h): a 2D or Z-up world
 * on its (x, y), a Y-up world on (x, -z). Returns p as (across, up the
 * picture, height). */
steer_v3 canvas_ground(const steer_scenario_info *info, steer_v3 p);

/* World to pixels: the scenario's view (on the ground, canvas_ground)
 * fitted into width x (height - the strip), centred. */
typedef struct canvas_view {
    const steer_scenario_info *info;
    int width, height;
    double scale;            /* pixels per world unit */
    double min_x, min_y;     /* the view's low corner on the ground */
    double jump_x, jump_y;   /* half the world's extent on the ground: a trail step longer wrapped round a torus */
    double left, bottom;     /* pixel x of min_x, pixel y of min_y (from the picture's bottom) */
    double font;             /* text size, pixels */
    double strip;            /* height of the caption strip at the bottom, pixels */
    int labels;              /* group names drawn over the world */
    int label_group[CANVAS_MAX_LABELS];
    double label_x[CANVAS_MAX_LABELS], label_y[CANVAS_MAX_LABELS]; /* baseline start, pixels */
    steer_scenario_mark marks[3 * STEER_SCENARIO_MARK_GROUPS]; /* the groups' targets, threats and pens */
    int mark_count;                                             /* (steer_scenario_marks), read once */
    const steer_scenario_mark *goals; /* the agents' goal places and routes (steer_scenario_goal_marks), */
    int goal_count;                   /* drawn beneath them; NULL and 0: none */
} canvas_view;

/* position (on the ground, canvas_ground) and group: the agents at the
 * start (count of them); each group that occupies a region of its own is
 * named above it. */
canvas_view canvas_view_make(const steer_scenario_info *info, int width, int height, const steer_v3 *position,
                             const int *group, int count);

typedef struct canvas_frame {
    int count;               /* agents, in spawn order */
    const steer_v3 *position;/* on the ground (canvas_ground) */
    const steer_v3 *heading; /* on the ground: the way each agent faces (zero: along +x) */
    const int *group;
    const trails *trails;    /* NULL: none */
    int trail_length;        /* frames of trail to draw */
    bool fast_trails;        /* image surfaces: splat trails into the pixels (animation frames) */
    const steer_world *world;/* flow fields and the debug overlay */
    bool debug;
    const char *caption;     /* bottom-left text, or NULL */
    const float *radius;     /* per agent: its body radius (a world with agent radii); NULL: its group's */
} canvas_frame;

void canvas_draw(cairo_t *cr, const canvas_view *view, const canvas_frame *frame);

/* The colours a frame may be drawn with, for the GIF palette; returns how
 * many were written (at most max). */
int canvas_colours(const steer_scenario_info *info, bool debug, uint32_t *out, int max);

#endif

/* Private: the world's index of obstacles and walls. A static uniform grid
 * of object ids per kind, rebuilt after the objects change, answers "which
 * objects may a box touch" so that a move or a behaviour looks only at the
 * objects near it. Every answer is ascending and holds each id once: a loop
 * over it sees the objects it would have reacted to in the full list, in
 * the same order, so the results are the same bits. */
#ifndef STEER_WORLD_OBJECT_INDEX_H
#define STEER_WORLD_OBJECT_INDEX_H

#include <stddef.h>
#include <stdint.h>

#include "steer/world.h"

/* Raw grid entries a query may gather (on the caller's stack); a box
 * touching more answers "every object" instead. */
#define STEER__OBJECT_QUERY_CAP 256
/* Fewer objects of a kind than this are not indexed: the full loop is
 * faster. Measured with 8,000 crowd units among short walls or rocks
 * (avoidance, keep_apart, solids): the index wins from 6 walls (16 walls:
 * 4.6 against 7.1 ms a step) and from 10 obstacles, whose test is cheaper. */
#define STEER__WALL_INDEX_MIN 6
#define STEER__OBSTACLE_INDEX_MIN 10

/* One kind's grid: the ids of the objects whose box meets each cell, ascending. */
typedef struct steer__object_grid {
    bool built;          /* false: every query answers "every object" */
    int axes;            /* 2, or 3 for a 3D world's obstacles */
    int n[3];            /* cells per axis (1 beyond `axes`) */
    float origin[3], inv_cell[3];
    uint32_t *start;     /* per cell, its first entry; cells + 1 */
    uint32_t *ids;
    size_t start_capacity, ids_capacity;
} steer__object_grid;

typedef struct steer__object_index {
    bool current;        /* built from the objects as they are now */
    bool full_loops;     /* set only by tests: every query answers "every object" */
    steer__object_grid obstacles, walls;
} steer__object_index;

/* An answer: objects ids[0 .. count), or when ids is NULL every object 0 .. count. */
typedef struct steer__object_list {
    const uint32_t *ids;
    int count;
} steer__object_list;

static inline int steer__object_at(steer__object_list list, int k) { return list.ids ? (int)list.ids[k] : k; }
/* The first position in `list` of an object after `index`. */
int steer__object_after(steer__object_list list, int index);

/* After obstacles or walls change: the next step rebuilds the index. */
void steer__objects_changed(steer_world *w);
/* Builds the index if the objects changed since it was built; called
 * between steps or serially at a step's start (it may allocate; a steady
 * step finds it current and allocates nothing). Out of memory leaves it
 * unbuilt: queries answer "every object", the same results, only slower. */
void steer__objects_prepare(steer_world *w);
void steer__objects_free(steer_world *w);

/* The obstacles whose disc or ball might meet the box [lo, hi] grown by
 * the obstacle's own radius (an obstacle is filed under centre +- 2 radius,
 * so an agent's reach need not include the largest radius), and the walls
 * (extended by 1e-4 of their length past each end, as the solid crossing
 * test reaches) that might meet the box in x, y. A box is grown by a small
 * relative margin against rounding. buf holds STEER__OBJECT_QUERY_CAP ids. */
steer__object_list steer__obstacles_near(const steer_world *w, steer_v3 lo, steer_v3 hi, uint32_t *buf);
/* The same for a ground-plane group (on_ground): its obstacles are upright
 * cylinders, so the box reaches every height along the world's up axis. */
steer__object_list steer__obstacles_near_for(const steer_world *w, bool on_ground, steer_v3 lo, steer_v3 hi, uint32_t *buf);
/* An obstacle's centre as an agent at `at` of such a group meets it: at the agent's height. */
steer_v3 steer__obstacle_level(const steer_world *w, bool on_ground, steer_v3 centre, steer_v3 at);
/* An agent as the walls meet it: its centre's height along the up axis
 * (the ground frame's z; 0 in 2D) and its body's radius; for a move, the
 * height it rises by along it (0 otherwise). A wall of a height it does not
 * reach into anywhere along the move (steer__wall_meets) is not in the
 * answers below; only when more than buf holds would be left (a box
 * across hundreds of walls) is the answer every wall at every height (the
 * agent then meets walls it could pass over, never passes one it meets). */
typedef struct steer__wall_level {
    float height, body, rise;
} steer__wall_level;
steer__object_list steer__walls_near(const steer_world *w, steer_v3 lo, steer_v3 hi, steer__wall_level at, uint32_t *buf);

/* Where along the segment p -> q (0 to 1) it first crosses a wall, and
 * that wall's normal facing p (unit); 2 if none. Ground frame, the walls
 * as stored (no torus copies). A crossing is on the segment and on the
 * wall, reaching a hair (1e-4 of its length) past each end, so motion
 * through a shared corner cannot slip between two walls by rounding; a
 * wall with a height is crossed only if the body meets it at the height
 * the move has where it crosses the wall's line (at.height + s at.rise). */
float steer__first_wall_crossing(const steer_world *w, steer_v2 p, steer_v2 q, steer__wall_level at, steer_v2 *normal);
/* Whether any wall crosses the segment p -> q (as steer__first_wall_crossing
 * finds one), the line asked for in pieces: its cost grows with its length
 * over the index's cells, not with the walls its box spans. */
bool steer__wall_across(const steer_world *w, steer_v2 p, steer_v2 q, steer__wall_level at);

/* The box p +- half on every axis (half < 0 counts as 0). */
void steer__box_around(steer_v3 p, float half, steer_v3 *lo, steer_v3 *hi);

/* The objects a behaviour can react to, gathered in index order from the
 * index's answer for the box p +- half; the behaviours iterate in order
 * and break ties by position, so their result is the full list's. Each
 * returns the objects (the world's own array when the answer is "every
 * object", else out->copy) and their number in *count. */
typedef struct steer__near_obstacles {
    uint32_t ids[STEER__OBJECT_QUERY_CAP];
    steer_obstacle3 copy[STEER__OBJECT_QUERY_CAP];
} steer__near_obstacles;
typedef struct steer__near_walls {
    uint32_t ids[STEER__OBJECT_QUERY_CAP];
    steer_segment3 copy[STEER__OBJECT_QUERY_CAP];
} steer__near_walls;
/* on_ground: from w->obstacles_ground, for an agent p on the ground (its up part 0). */
const steer_obstacle3 *steer__obstacles_within(const steer_world *w, bool on_ground, steer_v3 p, float half,
                                               steer__near_obstacles *out, int *count);
/* The walls for an agent at p (ground frame: its height is p.z) of radius body. */
const steer_segment3 *steer__walls_within(const steer_world *w, steer_v3 p, float half, float body, steer__near_walls *out,
                                          int *count);

/* On a torus (boundary WRAP) the objects repeat in every copy of the box,
 * so a move or a reach that leaves the box meets the copies just past the
 * seam. The shifts that bring each copy of the box [lo, hi] (world frame)
 * that meets the world's box back into it: the identity first, then the
 * others in a fixed order. For the walls (`walls`), which stand along the
 * up axis, only the copies along the ground, their shifts in the ground
 * frame (steer__to_ground). Without a torus, the identity alone. False
 * (and no shifts) when [lo, hi] is longer than two boxes along an axis or
 * not finite: a move that long is not tested. */
#define STEER__IMAGE_CAP 27
typedef struct steer__images {
    int count;
    steer_v3 shift[STEER__IMAGE_CAP];
} steer__images;
bool steer__torus_images(const steer_world *w, steer_v3 lo, steer_v3 hi, bool walls, steer__images *out);

#endif

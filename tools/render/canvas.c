/* Drawing one frame with cairo. Coordinates are converted to pixels here
 * (not through a cairo matrix) so line widths stay in pixels. */
#include "canvas.h"
#include "ground.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define CAPTION_COLOUR 0x9AA3B0FFu
#define TAU 6.283185307179586
/* the world's own debug-draw colours (src/world_draw.c), for the palette */
static const uint32_t debug_colours[] = {0x555555FFu, 0x333333FFu, 0xD0A020FFu, 0xFF5050FFu, 0xFF9050FFu,
                                         0x8899AAFFu, 0x666666FFu};

/* The caption strip: one line of text with a little room around it. */
static double font_for(int height) { return fmax(9.0, fmin(16.0, height / 40.0)); }

steer_v3 canvas_ground(const steer_scenario_info *info, steer_v3 p)
{
    return ground_of(ground_up(info->dim, info->world.up), p);
}

static bool boxes_overlap(const double a[4], const double b[4])
{
    return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
}

/* Whether some wall crosses the segment between the centres of two boxes:
 * their groups start in panels of their own and stay there. */
static bool wall_between(const steer_scenario_info *info, const double a[4], const double b[4])
{
    steer_v2 ca = steer_v2_make((float)(0.5 * (a[0] + a[2])), (float)(0.5 * (a[1] + a[3])));
    steer_v2 cb = steer_v2_make((float)(0.5 * (b[0] + b[2])), (float)(0.5 * (b[1] + b[3])));
    for (int w = 0; w < info->wall_count; ++w)
        if (ground_segments_cross(ca, cb, steer_v2_from_v3(canvas_ground(info, info->walls[w].a)),
                                  steer_v2_from_v3(canvas_ground(info, info->walls[w].b))))
            return true;
    return false;
}

/* The groups' marks (scenario.h): their targets, threats and pens. */
static int group_marks(const steer_scenario_info *info, steer_scenario_mark *marks)
{
    const steer_group_def *groups[STEER_SCENARIO_MARK_GROUPS];
    int count = info->group_count < STEER_SCENARIO_MARK_GROUPS ? info->group_count : STEER_SCENARIO_MARK_GROUPS;
    for (int g = 0; g < count; ++g) groups[g] = &info->groups[g].def;
    return steer_scenario_marks(groups, count, &info->world, marks);
}

/* The lowest of ceiling and a line at height y from x0 to x1 above the box
 * and across it. */
static double ceiling_over(const double box[4], double ceiling, double y, double x0, double x1)
{
    return y > box[3] && y < ceiling && fmin(x0, x1) <= box[0] && fmax(x0, x1) >= box[2] ? y : ceiling;
}

canvas_view canvas_view_make(const steer_scenario_info *info, int width, int height, const steer_v3 *position,
                             const int *group, int count)
{
    double font = font_for(height), strip = ceil(font * 1.8);
    double area = height - strip;
    /* the view's and the world's boxes on the ground (the map is a rotation:
     * each box's corners go to the new box's corners) */
    steer_v3 lo = canvas_ground(info, info->view_min), hi = canvas_ground(info, info->view_max);
    steer_v3 world_lo = canvas_ground(info, info->world.bounds_min), world_hi = canvas_ground(info, info->world.bounds_max);
    double min_x = fmin(lo.x, hi.x), min_y = fmin(lo.y, hi.y);
    double vw = fabs((double)hi.x - lo.x), vh = fabs((double)hi.y - lo.y);
    double scale = fmin(width / vw, area / vh);
    canvas_view v = {info, width, height, scale, min_x, min_y, 0.5 * fabs((double)world_hi.x - world_lo.x),
                     0.5 * fabs((double)world_hi.y - world_lo.y), 0.5 * (width - vw * scale), strip + 0.5 * (area - vh * scale),
                     font, strip, 0, {0}, {0}, {0}, {{0}}, 0, 0, 0};
    v.mark_count = group_marks(info, v.marks);
    /* Names over the panels: a group with several agents whose starting box
     * overlaps no wider group's (hawks among the boids are only in the
     * legend), at the top of its panel: under the lowest wall or pen edge
     * above it that spans it, or the top of the view. Where either of two
     * groups was sent somewhere (goals of their own), a wall must separate
     * them too: two squads that swap sides would leave their names over
     * each other. */
    if (info->group_count < 2) return v;
    double box[CANVAS_MAX_LABELS][4];
    int agents[CANVAS_MAX_LABELS] = {0};
    int groups = info->group_count < CANVAS_MAX_LABELS ? info->group_count : CANVAS_MAX_LABELS;
    for (int g = 0; g < groups; ++g) box[g][0] = box[g][1] = INFINITY, box[g][2] = box[g][3] = -INFINITY;
    for (int a = 0; a < count; ++a) {
        int g = group[a];
        if (g >= groups) continue;
        agents[g]++;
        box[g][0] = fmin(box[g][0], position[a].x), box[g][1] = fmin(box[g][1], position[a].y);
        box[g][2] = fmax(box[g][2], position[a].x), box[g][3] = fmax(box[g][3], position[a].y);
    }
    for (int g = 0; g < groups; ++g) {
        bool own = agents[g] >= 2 && box[g][2] > box[g][0] && box[g][3] > box[g][1];
        for (int h = 0; h < groups && own; ++h)
            if (h != g && agents[h] && boxes_overlap(box[g], box[h])) {
                double ag = (box[g][2] - box[g][0]) * (box[g][3] - box[g][1]);
                double ah = (box[h][2] - box[h][0]) * (box[h][3] - box[h][1]);
                own = ag > ah; /* of two overlapping groups, the wider one is named */
            } else if (h != g && agents[h] && (info->groups[g].agents_with_goals || info->groups[h].agents_with_goals)) {
                own = wall_between(info, box[g], box[h]);
            }
        if (!own) continue;
        double ceiling = min_y + vh;
        for (int w = 0; w < info->wall_count; ++w) {
            steer_v3 a = canvas_ground(info, info->walls[w].a), b = canvas_ground(info, info->walls[w].b);
            ceiling = ceiling_over(box[g], ceiling, fmin(a.y, b.y), a.x, b.x);
        }
        for (int k = 0; k < v.mark_count; ++k) /* a pen's top edge too: drawn through the name otherwise */
            if (v.marks[k].kind == STEER_SCENARIO_MARK_PEN) {
                steer_v3 a = canvas_ground(info, v.marks[k].a), b = canvas_ground(info, v.marks[k].b);
                ceiling = ceiling_over(box[g], ceiling, fmax(a.y, b.y), a.x, b.x);
            }
        double x = v.left + (box[g][0] - min_x) * scale;
        double y = height - (v.bottom + (ceiling - min_y) * scale) + 0.8 * font + 3.0; /* the text top 3 px below */
        v.label_group[v.labels] = g;
        v.label_x[v.labels] = fmax(2.0, fmin(x, width - 8.0 * font));
        v.label_y[v.labels] = fmax(font + 2.0, fmin(y, area - 2.0));
        v.labels++;
    }
    if (v.labels < 2) v.labels = 0; /* one region named is no set of panels */
    return v;
}

static double px(const canvas_view *v, double x) { return v->left + (x - v->min_x) * v->scale; }
static double py(const canvas_view *v, double y) { return v->height - (v->bottom + (y - v->min_y) * v->scale); }
/* a world point's pixels, through the ground map */
static double wx(const canvas_view *v, steer_v3 p) { return px(v, canvas_ground(v->info, p).x); }
static double wy(const canvas_view *v, steer_v3 p) { return py(v, canvas_ground(v->info, p).y); }

static void set_colour(cairo_t *cr, uint32_t c, double alpha)
{
    cairo_set_source_rgba(cr, (c >> 24 & 0xFF) / 255.0, (c >> 16 & 0xFF) / 255.0, (c >> 8 & 0xFF) / 255.0,
                          (c & 0xFF) / 255.0 * alpha);
}

static uint32_t lighten(uint32_t c, int amount)
{
    uint32_t out = c & 0xFFu;
    for (int shift = 8; shift <= 24; shift += 8) {
        int ch = (int)(c >> shift & 0xFF);
        ch += (255 - ch) * amount / 100;
        out |= (uint32_t)ch << shift;
    }
    return out;
}

int canvas_colours(const steer_scenario_info *info, bool debug, uint32_t *out, int max)
{
    int n = 0;
#define PUT(c) do { if (n < max) out[n++] = (c) | 0xFFu; } while (0)
    for (int g = 0; g < info->group_count; ++g) PUT(info->groups[g].colour);
    if (info->obstacle_count) {
        PUT(info->obstacle_colour);
        PUT(lighten(info->obstacle_colour, 35));
    }
    if (info->wall_count) PUT(info->wall_colour);
    if (info->path_count) PUT(info->path_colour);
    if (info->flow_field_count) PUT(info->field_colour);
    PUT(CAPTION_COLOUR);
    if (debug)
        for (size_t i = 0; i < sizeof debug_colours / sizeof debug_colours[0]; ++i) PUT(debug_colours[i]);
#undef PUT
    return n;
}

/* ---- the world's debug draw, into cairo ---------------------------------------------- */
typedef struct draw_ctx {
    cairo_t *cr;
    const canvas_view *view;
    int override;            /* use `colour` instead of the world's */
    uint32_t colour;
} draw_ctx;

static uint32_t pick(const draw_ctx *d, uint32_t colour) { return d->override ? d->colour : colour; }

static void dd_segment(steer_v3 a, steer_v3 b, uint32_t colour, void *context)
{
    draw_ctx *d = context;
    set_colour(d->cr, pick(d, colour), 1.0);
    cairo_move_to(d->cr, wx(d->view, a), wy(d->view, a));
    cairo_line_to(d->cr, wx(d->view, b), wy(d->view, b));
    cairo_stroke(d->cr);
}

static void dd_arrow(steer_v3 a, steer_v3 b, uint32_t colour, void *context)
{
    draw_ctx *d = context;
    double ax = wx(d->view, a), ay = wy(d->view, a), bx = wx(d->view, b), by = wy(d->view, b);
    double dx = bx - ax, dy = by - ay, len = sqrt(dx * dx + dy * dy);
    if (!(len > 0.5)) return;
    set_colour(d->cr, pick(d, colour), 1.0);
    cairo_move_to(d->cr, ax, ay);
    cairo_line_to(d->cr, bx, by);
    double head = fmin(4.0, 0.4 * len), ux = dx / len, uy = dy / len;
    cairo_move_to(d->cr, bx - ux * head - uy * head * 0.6, by - uy * head + ux * head * 0.6);
    cairo_line_to(d->cr, bx, by);
    cairo_line_to(d->cr, bx - ux * head + uy * head * 0.6, by - uy * head - ux * head * 0.6);
    cairo_stroke(d->cr);
}

static void dd_circle(steer_v3 c, float r, uint32_t colour, void *context)
{
    draw_ctx *d = context;
    set_colour(d->cr, pick(d, colour), 1.0);
    cairo_new_sub_path(d->cr);
    cairo_arc(d->cr, wx(d->view, c), wy(d->view, c), r * d->view->scale, 0.0, TAU);
    cairo_stroke(d->cr);
}

static void dd_point(steer_v3 p, float size, uint32_t colour, void *context)
{
    draw_ctx *d = context;
    set_colour(d->cr, pick(d, colour), 1.0);
    cairo_new_sub_path(d->cr);
    cairo_arc(d->cr, wx(d->view, p), wy(d->view, p), fmax(1.5, size), 0.0, TAU);
    cairo_fill(d->cr);
}

static steer_debug_draw callbacks(draw_ctx *d)
{
    steer_debug_draw dd = {0};
    dd.circle = dd_circle;
    dd.segment = dd_segment;
    dd.point = dd_point;
    dd.arrow = dd_arrow;
    dd.context = d;
    return dd;
}

/* ---- layers ------------------------------------------------------------------------- */
static void draw_paths(cairo_t *cr, const canvas_view *v)
{
    const steer_scenario_info *info = v->info;
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    for (int i = 0; i < info->path_count; ++i) {
        const steer_scenario_path *p = &info->paths[i];
        for (int pass = 0; pass < 2; ++pass) {
            for (int k = 0; k < p->count; ++k) {
                double x = wx(v, p->points[k]), y = wy(v, p->points[k]);
                if (k == 0) cairo_move_to(cr, x, y);
                else cairo_line_to(cr, x, y);
            }
            if (p->closed) cairo_close_path(cr);
            if (pass == 0) { /* the corridor */
                set_colour(cr, info->path_colour, 0.35);
                cairo_set_line_width(cr, fmax(2.0, 2.0 * p->radius * v->scale));
            } else { /* its centre line */
                set_colour(cr, info->path_colour, 1.0);
                cairo_set_line_width(cr, 1.0);
                double dash[2] = {6.0, 5.0};
                cairo_set_dash(cr, dash, 2, 0.0);
            }
            cairo_stroke(cr);
            cairo_set_dash(cr, 0, 0, 0.0);
        }
    }
}

static void draw_obstacles_and_walls(cairo_t *cr, const canvas_view *v)
{
    const steer_scenario_info *info = v->info;
    for (int i = 0; i < info->obstacle_count; ++i) {
        const steer_obstacle3 *o = &info->obstacles[i];
        cairo_new_sub_path(cr);
        cairo_arc(cr, wx(v, o->centre), wy(v, o->centre), o->radius * v->scale, 0.0, TAU);
        set_colour(cr, info->obstacle_colour, 1.0);
        cairo_fill_preserve(cr);
        set_colour(cr, lighten(info->obstacle_colour, 35), 1.0);
        cairo_set_line_width(cr, 1.5);
        cairo_stroke(cr);
    }
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    double width = fmax(2.0, 0.2 * v->scale);
    cairo_set_line_width(cr, width);
    set_colour(cr, info->wall_colour, 1.0);
    /* walls at every height solid, walls of a height (a fence a flyer
     * passes over) dashed */
    for (int dashed = 0; dashed < 2; ++dashed) {
        const double dash[2] = {2.0 * width, 2.0 * width};
        cairo_set_dash(cr, dash, dashed ? 2 : 0, 0.0);
        for (int i = 0; i < info->wall_count; ++i) {
            const steer_scenario_wall_height *h = &info->wall_heights[i];
            if ((h->bottom != -INFINITY || h->top != INFINITY) != (dashed == 1)) continue;
            cairo_move_to(cr, wx(v, info->walls[i].a), wy(v, info->walls[i].a));
            cairo_line_to(cr, wx(v, info->walls[i].b), wy(v, info->walls[i].b));
        }
        cairo_stroke(cr);
    }
    cairo_set_dash(cr, 0, 0, 0.0);
}

/* Real strokes (the still PNG, the SVG): each agent's trail is one polyline
 * per fade band, so a file holds a few paths per group rather than a line
 * element per segment; points are rounded to a quarter pixel, which keeps
 * the SVG's numbers short and changes nothing visible. */
#define TRAIL_BANDS 4
static double quarter(double x) { return floor(4.0 * x + 0.5) * 0.25; }

static void draw_trails(cairo_t *cr, const canvas_view *v, const canvas_frame *f)
{
    const trails *t = f->trails;
    int length = f->trail_length < t->filled ? f->trail_length : t->filled;
    if (length < 2) return;
    const steer_scenario_info *info = v->info;
    double jump_x = v->jump_x, jump_y = v->jump_y;
    double width = fmax(1.0, fmin(2.0, 0.12 * v->scale));
    cairo_set_line_width(cr, width);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    for (int g = 0; g < info->group_count; ++g)
        for (int band = TRAIL_BANDS - 1; band >= 0; --band) {
            /* ages [oldest, youngest] of this band; neighbouring bands share an end point */
            int oldest = (length - 1) * (band + 1) / TRAIL_BANDS, youngest = (length - 1) * band / TRAIL_BANDS;
            if (oldest == youngest) continue;
            bool any = false;
            for (int a = 0; a < f->count; a += t->stride) {
                if (f->group[a] != g) continue;
                steer_v2 last = trails_at(t, oldest, a);
                cairo_move_to(cr, quarter(px(v, last.x)), quarter(py(v, last.y)));
                for (int age = oldest - 1; age >= youngest; --age) {
                    steer_v2 q = trails_at(t, age, a);
                    double x = quarter(px(v, q.x)), y = quarter(py(v, q.y));
                    bool wrapped = fabs((double)q.x - last.x) > jump_x || fabs((double)q.y - last.y) > jump_y;
                    if (wrapped) cairo_move_to(cr, x, y); /* across the seam: a gap */
                    else cairo_line_to(cr, x, y);
                    last = q;
                }
                any = true;
            }
            if (!any) continue;
            double fade = 1.0 - (0.5 * (oldest + youngest)) / length;
            set_colour(cr, info->groups[g].colour, 0.6 * fade * fade);
            cairo_stroke(cr);
        }
}

/* Fast trails for the animation's frames: each segment is laid down as a
 * row of dots, one per pixel of length, straight into the pixels (cairo's
 * stroker costs ~100x more for tens of thousands of tiny segments per
 * frame; the still PNG and the SVG use real strokes). The dots are whole
 * pixels in two shades (the younger half brighter), so from one frame to
 * the next only a trail's ends and middle change: that is what keeps the
 * GIF's frame differences small. */
static void dot(uint8_t *data, int stride, int w, int h, double x, double y, const double rgb[3], double alpha)
{
    /* compared as doubles first: a point far off a tiny view is beyond int */
    if (!(x >= 0.0 && y >= 0.0 && x < w && y < h)) return;
    int cx = (int)floor(x), cy = (int)floor(y);
    uint32_t *p = (uint32_t *)(void *)(data + (size_t)cy * (size_t)stride) + cx;
    double r = (*p >> 16 & 0xFF), g = (*p >> 8 & 0xFF), b = (*p & 0xFF);
    r += (rgb[0] - r) * alpha;
    g += (rgb[1] - g) * alpha;
    b += (rgb[2] - b) * alpha;
    *p = (uint32_t)(r + 0.5) << 16 | (uint32_t)(g + 0.5) << 8 | (uint32_t)(b + 0.5);
}

static void draw_trails_fast(cairo_t *cr, const canvas_view *v, const canvas_frame *f)
{
    const trails *t = f->trails;
    int length = f->trail_length < t->filled ? f->trail_length : t->filled;
    if (length < 2) return;
    cairo_surface_t *surface = cairo_get_target(cr);
    cairo_surface_flush(surface);
    uint8_t *data = cairo_image_surface_get_data(surface);
    int stride = cairo_image_surface_get_stride(surface);
    int w = cairo_image_surface_get_width(surface), h = cairo_image_surface_get_height(surface);
    const steer_scenario_info *info = v->info;
    double jump_x = v->jump_x, jump_y = v->jump_y;
    for (int a = 0; a < f->count; a += t->stride) {
        uint32_t c = info->groups[f->group[a]].colour;
        double rgb[3] = {(double)(c >> 24 & 0xFF), (double)(c >> 16 & 0xFF), (double)(c >> 8 & 0xFF)};
        for (int age = length - 1; age >= 1; --age) {
            steer_v2 p = trails_at(t, age, a), q = trails_at(t, age - 1, a);
            if (fabs((double)q.x - p.x) > jump_x || fabs((double)q.y - p.y) > jump_y) continue;
            double x0 = px(v, p.x), y0 = py(v, p.y), x1 = px(v, q.x), y1 = py(v, q.y);
            double len = sqrt((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0));
            if (!(len < 4096.5)) continue; /* at most 4096 dots: a jump, or beyond int in a tiny view */
            int dots = len < 1.0 ? 1 : (int)(len + 0.5);
            double alpha = 2 * age < length ? 0.45 : 0.22;
            for (int k = 0; k < dots; ++k) {
                double s = (double)k / dots;
                dot(data, stride, w, h, x0 + (x1 - x0) * s, y0 + (y1 - y0) * s, rgb, alpha);
            }
        }
    }
    cairo_surface_mark_dirty(surface);
}

static void draw_agents(cairo_t *cr, const canvas_view *v, const canvas_frame *f)
{
    const steer_scenario_info *info = v->info;
    /* image surfaces fill one small path at a time (far faster in cairo than
     * one huge path); vector surfaces get one path element per group */
    bool vector = cairo_surface_get_type(cairo_get_target(cr)) != CAIRO_SURFACE_TYPE_IMAGE;
    for (int g = 0; g < info->group_count; ++g) {
        /* to scale, as the playground draws them: the dart's tip on the body's
         * edge (its back corners inside), so bodies that do not overlap are
         * never drawn overlapping; never smaller than a readable speck */
        const double least = fmax(3.0, v->width / 160.0);
        double size = info->agent_size > 0.0f ? info->agent_size : fmax(least, info->groups[g].def.radius * v->scale / 0.6);
        set_colour(cr, info->groups[g].colour, 1.0);
        for (int a = 0; a < f->count; ++a) {
            if (f->group[a] != g) continue;
            if (f->radius && info->agent_size <= 0.0f) size = fmax(least, f->radius[a] * v->scale / 0.6); /* its own body */
            steer_v3 h = steer_v3_normalize(f->heading[a]);
            double hx = h.x, hy = h.y;
            if (hx == 0.0 && hy == 0.0) hx = 1.0;
            double n = sqrt(hx * hx + hy * hy);
            hx /= n, hy /= n;
            hy = -hy; /* pixels: y down */
            double x = px(v, f->position[a].x), y = py(v, f->position[a].y);
            cairo_move_to(cr, quarter(x + hx * size * 0.6), quarter(y + hy * size * 0.6));
            cairo_line_to(cr, quarter(x - hx * size * 0.4 - hy * size * 0.32), quarter(y - hy * size * 0.4 + hx * size * 0.32));
            cairo_line_to(cr, quarter(x - hx * size * 0.4 + hy * size * 0.32), quarter(y - hy * size * 0.4 - hx * size * 0.32));
            cairo_close_path(cr);
            if (!vector) cairo_fill(cr);
        }
        if (vector) cairo_fill(cr);
    }
}

/* Pens, routes and goal places: thin, translucent, in their group's colour,
 * on the ground beneath everything that stands on it. */
static void draw_beneath(cairo_t *cr, const canvas_view *v, const steer_scenario_mark *marks, int n)
{
    const steer_scenario_info *info = v->info;
    cairo_set_line_width(cr, 1.0);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    for (int k = 0; k < n; ++k) {
        const steer_scenario_mark *m = &marks[k];
        double ax = wx(v, m->a), ay = wy(v, m->a), bx = wx(v, m->b), by = wy(v, m->b);
        uint32_t colour = info->groups[m->group].colour;
        if (m->kind == STEER_SCENARIO_MARK_PEN) { /* on pixel centres: a crisp line one pixel wide */
            double x0 = floor(fmin(ax, bx)) + 0.5, y0 = floor(fmin(ay, by)) + 0.5;
            double x1 = floor(fmax(ax, bx)) + 0.5, y1 = floor(fmax(ay, by)) + 0.5;
            cairo_rectangle(cr, x0, y0, x1 - x0, y1 - y0);
            set_colour(cr, colour, 0.45);
            cairo_stroke(cr);
        } else if (m->kind == STEER_SCENARIO_MARK_ROUTE) {
            cairo_move_to(cr, ax, ay);
            cairo_line_to(cr, bx, by);
            set_colour(cr, colour, 0.45);
            cairo_stroke(cr);
        } else if (m->kind == STEER_SCENARIO_MARK_PLACE) {
            cairo_new_sub_path(cr);
            cairo_arc(cr, ax, ay, 1.5, 0.0, TAU);
            set_colour(cr, colour, 0.6);
            cairo_fill(cr);
        }
    }
}

/* Seek and arrive targets (a ring with a dot) and flee threats (a cross,
 * and a faint dashed circle of the panic distance the group flees within). */
static void draw_targets(cairo_t *cr, const canvas_view *v, const steer_scenario_mark *marks, int n)
{
    const steer_scenario_info *info = v->info;
    double r = fmax(4.0, 0.6 * v->font);
    for (int k = 0; k < n; ++k) {
        double x = wx(v, marks[k].a), y = wy(v, marks[k].a);
        uint32_t colour = info->groups[marks[k].group].colour;
        cairo_set_line_width(cr, 1.5);
        set_colour(cr, colour, 1.0);
        if (marks[k].kind == STEER_SCENARIO_MARK_TARGET) {
            cairo_new_sub_path(cr);
            cairo_arc(cr, x, y, r, 0.0, TAU);
            cairo_stroke(cr);
            cairo_new_sub_path(cr);
            cairo_arc(cr, x, y, 1.5, 0.0, TAU);
            cairo_fill(cr);
        } else if (marks[k].kind == STEER_SCENARIO_MARK_THREAT) {
            cairo_move_to(cr, x - r, y - r);
            cairo_line_to(cr, x + r, y + r);
            cairo_move_to(cr, x - r, y + r);
            cairo_line_to(cr, x + r, y - r);
            cairo_stroke(cr);
            double panic = marks[k].b.x * v->scale;
            if (panic > r) {
                cairo_new_sub_path(cr);
                cairo_arc(cr, x, y, panic, 0.0, TAU);
                cairo_set_line_width(cr, 1.0);
                set_colour(cr, colour, 0.35);
                double dash[2] = {4.0, 4.0}; /* a distance, not a wall */
                cairo_set_dash(cr, dash, 2, 0.0);
                cairo_stroke(cr);
                cairo_set_dash(cr, 0, 0, 0.0);
            }
        }
    }
}

/* Each name over a rim of the background, so agents passing under it do
 * not break up its letters. */
static void draw_labels(cairo_t *cr, const canvas_view *v)
{
    cairo_set_font_size(cr, v->font);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_set_line_width(cr, fmax(2.0, 0.3 * v->font));
    for (int i = 0; i < v->labels; ++i) {
        cairo_move_to(cr, v->label_x[i], v->label_y[i]);
        cairo_text_path(cr, v->info->groups[v->label_group[i]].name);
        set_colour(cr, v->info->background | 0xFFu, 0.85);
        cairo_stroke_preserve(cr);
        set_colour(cr, v->info->groups[v->label_group[i]].colour, 1.0);
        cairo_fill(cr);
    }
}

/* Legend entries: runs of groups with one colour share an entry, named by
 * what their names have in common ("arrive 1", "arrive 2" -> "arrive"). */
static int legend_name(const steer_scenario_info *info, int first, int *next, char *out, size_t size)
{
    int last = first;
    while (last + 1 < info->group_count && info->groups[last + 1].colour == info->groups[first].colour) ++last;
    snprintf(out, size, "%s", info->groups[first].name);
    for (int g = first + 1; g <= last; ++g) {
        size_t k = 0;
        while (out[k] && out[k] == info->groups[g].name[k]) ++k;
        out[k] = 0;
    }
    size_t len = strlen(out);
    while (len && (out[len - 1] == ' ' || out[len - 1] == '-' || out[len - 1] == '_' || (out[len - 1] >= '0' && out[len - 1] <= '9')))
        out[--len] = 0;
    if (!len) snprintf(out, size, "%s", info->groups[first].name);
    *next = last + 1;
    return first;
}

/* The strip under the world: caption on the left, legend on the right
 * (smaller text when both do not fit). */
static void draw_strip(cairo_t *cr, const canvas_view *v, const char *caption)
{
    const steer_scenario_info *info = v->info;
    double font = v->font, base = v->height - 0.5 * (v->strip - 0.7 * font);
    for (int attempt = 0; attempt < 4; ++attempt, font *= 0.85) {
        cairo_set_font_size(cr, font);
        cairo_text_extents_t e;
        double need = 0.0;
        if (caption) cairo_text_extents(cr, caption, &e), need += e.x_advance + 2.0 * font;
        char name[128];
        for (int g = 0, next; g < info->group_count; g = next) {
            legend_name(info, g, &next, name, sizeof name);
            cairo_text_extents(cr, name, &e);
            need += 1.6 * font + e.x_advance + font;
        }
        if (need + 8.0 <= v->width || attempt == 3) break;
    }
    cairo_set_font_size(cr, font);
    if (caption) {
        set_colour(cr, CAPTION_COLOUR, 1.0);
        cairo_move_to(cr, 8.0, base);
        cairo_show_text(cr, caption);
    }
    /* right to left, so the legend ends at the right edge */
    double x = v->width - 8.0;
    int starts[64], count = 0;
    char name[128];
    for (int g = 0, next; g < info->group_count && count < 64; g = next) starts[count++] = legend_name(info, g, &next, name, sizeof name);
    for (int i = count - 1; i >= 0; --i) {
        int next;
        legend_name(info, starts[i], &next, name, sizeof name);
        cairo_text_extents_t e;
        cairo_text_extents(cr, name, &e);
        x -= e.x_advance;
        set_colour(cr, CAPTION_COLOUR, 1.0);
        cairo_move_to(cr, x, base);
        cairo_show_text(cr, name);
        double s = 0.8 * font, cx = x - 0.5 * font - 0.5 * s, cy = base - 0.35 * font;
        set_colour(cr, info->groups[starts[i]].colour, 1.0);
        cairo_move_to(cr, cx + 0.6 * s, cy);
        cairo_line_to(cr, cx - 0.4 * s, cy - 0.4 * s);
        cairo_line_to(cr, cx - 0.4 * s, cy + 0.4 * s);
        cairo_close_path(cr);
        cairo_fill(cr);
        x -= 1.6 * font + font;
    }
}

void canvas_draw(cairo_t *cr, const canvas_view *v, const canvas_frame *f)
{
    const steer_scenario_info *info = v->info;
    cairo_save(cr);
    set_colour(cr, info->background | 0xFFu, 1.0);
    cairo_paint(cr);
    if (f->world && info->flow_field_count) {
        draw_ctx d = {cr, v, 1, info->field_colour};
        steer_debug_draw dd = callbacks(&d);
        dd.flow_fields = true;
        cairo_set_line_width(cr, 1.0);
        steer_world_draw(f->world, &dd);
    }
    draw_paths(cr, v);
    draw_beneath(cr, v, v->marks, v->mark_count);
    draw_beneath(cr, v, v->goals, v->goal_count);
    draw_obstacles_and_walls(cr, v);
    if (f->trails && f->fast_trails && cairo_surface_get_type(cairo_get_target(cr)) == CAIRO_SURFACE_TYPE_IMAGE)
        draw_trails_fast(cr, v, f);
    else if (f->trails)
        draw_trails(cr, v, f);
    draw_targets(cr, v, v->marks, v->mark_count);
    if (f->fast_trails) cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE);
    draw_agents(cr, v, f);
    cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT);
    if (f->debug && f->world) {
        draw_ctx d = {cr, v, 0, 0};
        steer_debug_draw dd = callbacks(&d);
        dd.neighbour_radius = dd.wander = dd.feelers = dd.paths = true;
        dd.max_agents = 40;
        cairo_set_line_width(cr, 1.0);
        steer_world_draw(f->world, &dd);
    }
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    draw_labels(cr, v);
    draw_strip(cr, v, f->caption);
    cairo_restore(cr);
}

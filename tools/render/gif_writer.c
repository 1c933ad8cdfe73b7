/* Palette building, nearest-colour quantisation and frame-difference GIF
 * encoding with giflib. */
#include "gif_writer.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gif_lib.h>

#define SHADES 8

static void rgb_of(uint32_t c, int out[3])
{
    out[0] = (int)(c >> 24 & 0xFF);
    out[1] = (int)(c >> 16 & 0xFF);
    out[2] = (int)(c >> 8 & 0xFF);
}

static bool add_entry(gif_palette *p, int r, int g, int b)
{
    for (int i = 1; i < p->count; ++i) {
        int dr = p->rgb[i][0] - r, dg = p->rgb[i][1] - g, db = p->rgb[i][2] - b;
        if (dr * dr + dg * dg + db * db < 12) return true; /* close enough already */
    }
    if (p->count >= 256) return false;
    p->rgb[p->count][0] = (uint8_t)r;
    p->rgb[p->count][1] = (uint8_t)g;
    p->rgb[p->count][2] = (uint8_t)b;
    p->count++;
    return true;
}

void gif_palette_build(gif_palette *p, uint32_t background, const uint32_t *colours, int count)
{
    memset(p, 0, sizeof *p);
    int bg[3];
    rgb_of(background, bg);
    p->count = 1; /* 0: transparent marker, never a quantisation result */
    p->rgb[0][0] = (uint8_t)bg[0];
    p->rgb[0][1] = (uint8_t)bg[1];
    p->rgb[0][2] = (uint8_t)bg[2];
    add_entry(p, bg[0], bg[1], bg[2]);
    /* full colours first, so they survive even if shades run out of room */
    for (int i = 0; i < count; ++i) {
        int c[3];
        rgb_of(colours[i], c);
        add_entry(p, c[0], c[1], c[2]);
    }
    /* a palette of at most 64 entries when it can keep 4 shades per colour:
     * LZW codes then start at 7 bits instead of 9 */
    int limit = 6 + count * 4 <= 64 ? 64 : 256; /* entries: marker, background, 4 greys, count * shades */
    int shades = SHADES;
    while (shades > 2 && 6 + count * shades > limit) --shades;
    for (int s = 1; s < shades; ++s)
        for (int i = 0; i < count; ++i) {
            int c[3];
            rgb_of(colours[i], c);
            int t = 256 * s / shades;
            add_entry(p, bg[0] + ((c[0] - bg[0]) * t >> 8), bg[1] + ((c[1] - bg[1]) * t >> 8),
                      bg[2] + ((c[2] - bg[2]) * t >> 8));
        }
    for (int v = 1; v <= 4; ++v) add_entry(p, 60 * v, 60 * v, 60 * v); /* greys for text and overlaps */
    for (int cell = 0; cell < (1 << 15); ++cell) {
        int r = (cell >> 10 & 31) << 3 | 4, g = (cell >> 5 & 31) << 3 | 4, b = (cell & 31) << 3 | 4;
        int best = 1, best_d = 1 << 30;
        for (int i = 1; i < p->count; ++i) {
            int dr = p->rgb[i][0] - r, dg = p->rgb[i][1] - g, db = p->rgb[i][2] - b;
            int d = 2 * dr * dr + 4 * dg * dg + 3 * db * db; /* rough perceptual weights */
            if (d < best_d) best_d = d, best = i;
        }
        p->lut[cell] = (uint8_t)best;
    }
}

struct gif_writer {
    FILE *out;
    GifFileType *file;
    int width, height;
    const gif_palette *palette;
    int delay;
    int frames;
    bool failed;
    uint8_t *previous, *current;
};

static int write_bytes(GifFileType *file, const GifByteType *bytes, int count)
{
    gif_writer *g = file->UserData;
    return (int)fwrite(bytes, 1, (size_t)count, g->out);
}

gif_writer *gif_writer_open(const char *file, int width, int height, const gif_palette *palette, int delay,
                            char *error, size_t error_size)
{
    gif_writer *g = calloc(1, sizeof *g);
    size_t pixels = (size_t)width * (size_t)height;
    if (g) {
        g->previous = malloc(pixels);
        g->current = malloc(pixels);
    }
    if (!g || !g->previous || !g->current) {
        snprintf(error, error_size, "%s: out of memory", file);
        if (g) free(g->previous), free(g->current), free(g);
        return 0;
    }
    int err = 0;
    g->out = fopen(file, "wb"); /* ours, not giflib's open(): normal file permissions */
    g->file = g->out ? EGifOpen(g, write_bytes, &err) : 0;
    if (!g->file) {
        snprintf(error, error_size, "%s: cannot create: %s", file, g->out ? GifErrorString(err) : strerror(errno));
        if (g->out) fclose(g->out);
        free(g->previous), free(g->current), free(g);
        return 0;
    }
    g->width = width;
    g->height = height;
    g->palette = palette;
    g->delay = delay;
    GifColorType colours[256];
    memset(colours, 0, sizeof colours);
    for (int i = 0; i < palette->count; ++i)
        colours[i] = (GifColorType){palette->rgb[i][0], palette->rgb[i][1], palette->rgb[i][2]};
    int bits = 1;
    while ((1 << bits) < palette->count) ++bits;
    ColorMapObject *map = GifMakeMapObject(1 << bits, colours);
    EGifSetGifVersion(g->file, true);
    bool ok = map && EGifPutScreenDesc(g->file, width, height, bits, 1, map) == GIF_OK;
    GifFreeMapObject(map);
    /* NETSCAPE2.0: loop forever */
    static const unsigned char loop[3] = {1, 0, 0};
    ok = ok && EGifPutExtensionLeader(g->file, APPLICATION_EXT_FUNC_CODE) == GIF_OK;
    ok = ok && EGifPutExtensionBlock(g->file, 11, "NETSCAPE2.0") == GIF_OK;
    ok = ok && EGifPutExtensionBlock(g->file, 3, loop) == GIF_OK;
    ok = ok && EGifPutExtensionTrailer(g->file) == GIF_OK;
    g->failed = !ok;
    return g;
}

int gif_writer_add(gif_writer *g, const uint8_t *pixels, int stride)
{
    if (g->failed) return -1;
    int w = g->width, h = g->height;
    for (int y = 0; y < h; ++y) {
        const uint32_t *row = (const uint32_t *)(const void *)(pixels + (size_t)y * (size_t)stride);
        uint8_t *out = g->current + (size_t)y * (size_t)w;
        for (int x = 0; x < w; ++x) {
            uint32_t c = row[x];
            out[x] = g->palette->lut[(c >> 9 & 0x7C00) | (c >> 6 & 0x3E0) | (c >> 3 & 0x1F)];
        }
    }
    /* the rectangle that changed since the last frame */
    int x0 = 0, y0 = 0, x1 = w - 1, y1 = h - 1;
    bool first = g->frames == 0;
    if (!first) {
        x0 = w, y0 = h, x1 = -1, y1 = -1;
        for (int y = 0; y < h; ++y) {
            const uint8_t *a = g->current + (size_t)y * (size_t)w, *b = g->previous + (size_t)y * (size_t)w;
            if (!memcmp(a, b, (size_t)w)) continue;
            if (y < y0) y0 = y;
            y1 = y;
            for (int x = 0; x < w; ++x)
                if (a[x] != b[x]) {
                    if (x < x0) x0 = x;
                    break;
                }
            for (int x = w - 1; x >= 0; --x)
                if (a[x] != b[x]) {
                    if (x > x1) x1 = x;
                    break;
                }
        }
        if (y1 < 0) x0 = y0 = x1 = y1 = 0; /* nothing changed: one transparent pixel */
    }
    GraphicsControlBlock gcb = {DISPOSE_DO_NOT, false, g->delay, first ? NO_TRANSPARENT_COLOR : 0};
    GifByteType ext[4];
    EGifGCBToExtension(&gcb, ext);
    bool ok = EGifPutExtension(g->file, GRAPHICS_EXT_FUNC_CODE, 4, ext) == GIF_OK;
    int rw = x1 - x0 + 1, rh = y1 - y0 + 1;
    ok = ok && EGifPutImageDesc(g->file, x0, y0, rw, rh, false, 0) == GIF_OK;
    GifPixelType line[4096];
    for (int y = y0; ok && y <= y1; ++y) {
        const uint8_t *a = g->current + (size_t)y * (size_t)w, *b = g->previous + (size_t)y * (size_t)w;
        /* An unchanged pixel may be sent as transparent or as itself: itself
         * when that continues the run before it (a moved agent's old place,
         * background, then joins the background around it), which leaves
         * LZW fewer, longer runs. */
        GifPixelType run = 0;
        for (int x = x0; x <= x1; ++x) line[x - x0] = run = (first || a[x] != b[x] || a[x] == run) ? a[x] : 0;
        ok = EGifPutLine(g->file, line, rw) == GIF_OK;
    }
    uint8_t *swap = g->previous;
    g->previous = g->current;
    g->current = swap;
    g->frames++;
    g->failed = !ok;
    return ok ? 0 : -1;
}

int gif_writer_close(gif_writer *g)
{
    if (!g) return -1;
    int err = 0;
    bool ok = !g->failed && g->frames > 0;
    if (EGifCloseFile(g->file, &err) != GIF_OK) ok = false;
    if (fclose(g->out) != 0) ok = false;
    free(g->previous);
    free(g->current);
    free(g);
    return ok ? 0 : -1;
}

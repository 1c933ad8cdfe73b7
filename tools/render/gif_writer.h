/* gif_writer.h — animated GIFs from RGB frames (giflib).
 *
 * A GIF holds at most 256 colours. The palette is built from the colours a
 * scenario actually draws with: each one blended over the background in
 * even steps, so antialiased edges and fading trails keep their shading
 * after quantisation. Frames after the first store only the rectangle that
 * changed, unchanged pixels as transparent: long runs that LZW packs well. */
#ifndef STEER_GIF_WRITER_H
#define STEER_GIF_WRITER_H

#include <stddef.h>
#include <stdint.h>

typedef struct gif_palette {
    uint8_t rgb[256][3];
    int count;               /* entries used; index 0 is the transparent marker */
    uint8_t lut[1 << 15];    /* 5 bits per channel -> nearest entry */
} gif_palette;

/* background and colours are 0xRRGGBBAA (alpha ignored). */
void gif_palette_build(gif_palette *p, uint32_t background, const uint32_t *colours, int count);

typedef struct gif_writer gif_writer;

/* NULL with `error` filled when the file cannot be created. delay is in
 * hundredths of a second per frame; the animation loops forever. */
gif_writer *gif_writer_open(const char *file, int width, int height, const gif_palette *palette, int delay,
                            char *error, size_t error_size);
/* One frame from 32-bit pixels 0x00RRGGBB (cairo's RGB24/ARGB32 layout),
 * `stride` bytes per row. Returns 0, or -1 on a write error. */
int gif_writer_add(gif_writer *g, const uint8_t *pixels, int stride);
/* Finishes the file; returns 0, or -1 if anything failed. Frees g. */
int gif_writer_close(gif_writer *g);

#endif

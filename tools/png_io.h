/* PNG input and output for the CLI (libpng; optional at build time). */
#ifndef NVGP_TOOLS_PNG_IO_H
#define NVGP_TOOLS_PNG_IO_H

#include "nvgp_pipeline.h"

#include <stdbool.h>
#include <stdint.h>

/* Writes width x height RGBA pixels, top row first: 8-bit samples
 * (`rgba8`, 4 bytes a pixel) or 16-bit ones (`rgba16`, 4 values a pixel;
 * exactly one of them is not NULL).  Says why on stderr and returns false
 * on failure (or when built without libpng). */
bool nvgp_tool_png_write(const char *path, const uint8_t *rgba8, const uint16_t *rgba16,
                         uint32_t width, uint32_t height);

/* A colour component as an 8-bit sample: clamped to [0,1] (NaN: 0),
 * round(c * 255). */
uint8_t nvgp_tool_unorm8(float c);

/* Writes a width x height framebuffer as an RGBA PNG of 8- or 16-bit
 * samples (bits), top row first (GL's window rows run bottom to top).
 * Says why on stderr (prefixed "nvgp CMD:") and returns false on failure. */
bool nvgp_tool_png_write_fb(const char *path, const char *cmd, const nvgp_pipe_fb *fb,
                            uint32_t width, uint32_t height, int bits);

/* A 2D RGBA8 texture of a PNG image read by nvgp_tool_png_read (top row
 * first): its bottom row at t = 0, LINEAR filtering, GL's initial REPEAT
 * wrapping.  NULL when it cannot be made (out of memory, a bad size). */
nvgp_texture *nvgp_tool_png_texture(const uint8_t *rgba8, uint32_t width, uint32_t height);

/* Reads a PNG as 8-bit RGBA, top row first, into a malloc'd buffer (free()
 * it).  Any PNG colour type is converted (grey, palette, 16-bit, no alpha:
 * alpha 255).  Says why on stderr and returns NULL on failure. */
uint8_t *nvgp_tool_png_read(const char *path, uint32_t *width, uint32_t *height);

#endif

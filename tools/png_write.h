/* PNG output for the CLI (libpng; optional at build time). */
#ifndef NVGP_TOOLS_PNG_WRITE_H
#define NVGP_TOOLS_PNG_WRITE_H

#include <stdbool.h>
#include <stdint.h>

/* Writes width x height 8-bit RGBA pixels, top row first.  Says why on
 * stderr and returns false on failure (or when built without libpng). */
bool nvgp_tool_png_write(const char *path, const uint8_t *rgba, uint32_t width, uint32_t height);

#endif

/* A seeded generator of random !!ARBfp1.0 and !!ARBvp1.0 programs that are
 * valid by construction (ARB_fragment_program 3.11.2 and ARB_vertex_program
 * 2.14.2 grammars and semantic restrictions) and whose results are defined
 * by the specs: every temporary is written before it is read, result.color
 * is written in full by the last instruction, the undefined components of
 * XPD (w) and SCS (z, w) are masked off, and relative addresses stay inside
 * their arrays.  The same seed always gives the same text. */
#ifndef GEN_ARB_H
#define GEN_ARB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* How closely two implementations must agree on a generated program. */
typedef enum gen_precision {
    GEN_EXACT,  /* plain IEEE arithmetic only */
    GEN_APPROX, /* a transcendental approximation (SIN COS SCS EX2 LG2 POW RSQ RCP LIT) */
    GEN_LOW     /* EXP's or LOG's z, which the spec asks only 11 bits of */
} gen_precision;

typedef struct gen_info {
    gen_precision precision;
    bool kills; /* has a KIL */
    bool relative; /* uses relative addressing */
    bool swz_short_constant; /* SWZ of a constant of fewer than four
                                components, inline or a PARAM (Mesa 22.3
                                reads it wrongly) */
} gen_info;

/* The values the draw gives program.env[i] and program.local[i] (i < 8) of
 * both targets; the generator relies on them to keep relative addresses in
 * bounds, and the harnesses set them. */
enum { GEN_PARAMS = 8 };
void gen_param_value(bool local, int i, float v[4]);

/* The textures of the draw: unit 0 a 2D, unit 1 a RECT (both
 * GEN_TEX_SIZE square), unit 2 a 1D texture of GEN_TEX_SIZE texels, RGBA32F,
 * NEAREST filtering, GL's default wrap modes (REPEAT; CLAMP_TO_EDGE for
 * RECT).  Texel (x, y) of unit u holds gen_texel's exact values. */
enum { GEN_TEX_UNITS = 3, GEN_TEX_SIZE = 4 };
void gen_texel(int unit, int x, int y, float v[4]);

/* Writes a NUL-terminated program into buf (cap bytes; 16 KiB is always
 * enough).  vertex: !!ARBvp1.0 (writes result.position = vertex.position
 * and result.color), else !!ARBfp1.0 (writes result.color). */
void gen_program(uint64_t seed, bool vertex, char *buf, size_t cap, gen_info *info);
/* The same, where a fragment program's inputs come from a generated vertex
 * program (interpolated): they count as approximated values and SCS takes
 * its angle from a parameter.  Vertex programs write result.texcoord[0..1]
 * in full either way. */
void gen_program_after(uint64_t seed, bool vertex, bool interpolated, char *buf, size_t cap,
                       gen_info *info);

#endif

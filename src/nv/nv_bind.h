/* Bindings of the ARB-grammar languages: "vertex.position",
 * "state.light[0].diffuse", "program.env[3..5]", "result.color[1]", ...
 * One table of binding patterns per program header (nv_bind.c) drives the
 * parse, so "vertex.color.x" stops before the swizzle and
 * "vertex.color.secondary" does not. */
#ifndef NVGP_NV_BIND_H
#define NVGP_NV_BIND_H

#include "nv/nv_parse.h"

/* Where a binding is parsed. */
typedef enum nv_bind_ctx {
    NV_BCTX_OPERAND,   /* used directly in an instruction: one element */
    NV_BCTX_SINGLE,    /* ATTRIB/OUTPUT/PARAM x = ...: one element (NV4/5 ATTRIB/OUTPUT may be ranges) */
    NV_BCTX_MULTI      /* element of a PARAM array initializer: ranges allowed */
} nv_bind_ctx;

/* Which binding families a parse accepts. */
enum {
    NV_BWANT_ATTRIB = 1 << 0,
    NV_BWANT_RESULT = 1 << 1,
    NV_BWANT_PARAM = 1 << 2, /* state.* and program.env/local */
    NV_BWANT_BUFFER = 1 << 3
};

/* The current token starts a binding of a family in `want` (its first word
 * is vertex/fragment/primitive/invocation/result/state/program). */
bool nv_bind_starts(const nv_parse_ctx *c, unsigned want);

/* Parses a binding at the current token.  Fills b (name, kind, index,
 * count).  Returns false after reporting an error. */
bool nv_bind_parse(nv_parse_ctx *c, unsigned want, nv_bind_ctx ctx, nv_binding *b);

/* Vertices of the input primitive a per-vertex attribute array spans: in a
 * geometry program with a PRIMITIVE_IN of fixed size, that size
 * (NV_geometry_program4 2.14.6.1: 1, 2, 4, 3 or 6); otherwise (PATCHES, a
 * patch of a tessellation program, or no PRIMITIVE_IN yet)
 * MAX_PATCH_VERTICES. */
long nvgp_nv_input_vertices(const nv_program *p);

#endif

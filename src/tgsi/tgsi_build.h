/* The TGSI builder: writes a tgsi_program from C, for the NV/ARB lowering
 * and for tests.
 *
 * Registers are small values (tgsi_src, tgsi_dst of tgsi_ir.h) composed with
 * the modifiers below: nvgp_tgsi_src_negate(nvgp_tgsi_src_swizzle(c, ...)).
 * Declaration helpers hand out registers and remember what to declare;
 * immediates are deduplicated (same type and bits give the same IMM
 * component, and new scalars are packed into free components of earlier
 * immediates).  Nothing is written to the program until
 * nvgp_tgsi_builder_finish, which emits, in the order tgsi_dump prints:
 * properties, declarations (IN, SV, OUT, SAMP, SVIEW, IMAGE, BUFFER, MEMORY,
 * CONST, HWATOMIC, TEMP, ADDR; by index within a file), immediates, then the
 * instructions in emission order (END appended when none was emitted).
 *
 * Block labels are filled in as blocks close: IF/UIF point at their ELSE or
 * ENDIF, ELSE at its ENDIF, BGNLOOP at its ENDLOOP and ENDLOOP at its
 * BGNLOOP.  Subroutines are named by label ids (nvgp_tgsi_build_label);
 * CAL may be emitted before its BGNSUB, and is fixed up at finish.
 *
 * Misuse (bad operand counts, mismatched or unclosed blocks, unbound labels, exhausted
 * memory) never asserts: the first error is recorded, later calls become
 * no-ops that return harmless values, and finish returns NULL. */
#ifndef NVGP_TGSI_BUILD_H
#define NVGP_TGSI_BUILD_H

#include "nvgp.h"
#include "tgsi/tgsi_ir.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct tgsi_builder tgsi_builder;

/* diag (may be NULL) receives the builder's errors, at the current source
 * offset (nvgp_tgsi_builder_set_source_offset). */
tgsi_builder *nvgp_tgsi_builder_create(tgsi_processor processor, nvgp_diag *diag);
/* Frees a builder that was not finished. */
void nvgp_tgsi_builder_destroy(tgsi_builder *b);
/* Emits everything and frees the builder.  Returns NULL (after freeing)
 * when an error was recorded. */
tgsi_program *nvgp_tgsi_builder_finish(tgsi_builder *b);

/* The first error recorded, or NULL. */
const char *nvgp_tgsi_builder_error(const tgsi_builder *b);
/* Items created from now on carry this source_offset (default 0), so that
 * a front end's positions survive its lowering. */
void nvgp_tgsi_builder_set_source_offset(tgsi_builder *b, uint32_t offset);

/* ---- Register modifiers (pure functions on values) ----------------------- */

/* Composes with the swizzle already there: the result's component i reads
 * the operand's component x/y/z/w of the argument list. */
static inline tgsi_src nvgp_tgsi_src_swizzle(tgsi_src s, unsigned x, unsigned y, unsigned z, unsigned w)
{
    uint8_t o[4] = { s.swizzle[0], s.swizzle[1], s.swizzle[2], s.swizzle[3] };
    s.swizzle[0] = o[x & 3];
    s.swizzle[1] = o[y & 3];
    s.swizzle[2] = o[z & 3];
    s.swizzle[3] = o[w & 3];
    return s;
}
static inline tgsi_src nvgp_tgsi_src_scalar(tgsi_src s, unsigned c)
{
    return nvgp_tgsi_src_swizzle(s, c, c, c, c);
}
/* Flips the sign (negating twice gives the operand back). */
static inline tgsi_src nvgp_tgsi_src_negate(tgsi_src s)
{
    s.negate = !s.negate;
    return s;
}
/* |s|: drops any earlier negation, as |-x| = |x|. */
static inline tgsi_src nvgp_tgsi_src_abs(tgsi_src s)
{
    s.absolute = true;
    s.negate = false;
    return s;
}
/* Intersects with the writemask already there. */
static inline tgsi_dst nvgp_tgsi_dst_writemask(tgsi_dst d, unsigned mask)
{
    d.writemask = (uint8_t)(d.writemask & mask);
    return d;
}
/* Index += addr.<component> (addr is normally an ADDR register). */
static inline tgsi_register nvgp_tgsi_reg_indirect_(tgsi_register r, tgsi_src addr, unsigned component,
                                                    unsigned array_id)
{
    r.indirect = true;
    r.ind.file = addr.reg.file;
    r.ind.index = addr.reg.index;
    r.ind.swizzle = addr.swizzle[component & 3];
    r.ind.array_id = (uint16_t)array_id;
    return r;
}
static inline tgsi_src nvgp_tgsi_src_indirect(tgsi_src s, tgsi_src addr, unsigned component)
{
    s.reg = nvgp_tgsi_reg_indirect_(s.reg, addr, component, 0);
    return s;
}
static inline tgsi_dst nvgp_tgsi_dst_indirect(tgsi_dst d, tgsi_src addr, unsigned component)
{
    d.reg = nvgp_tgsi_reg_indirect_(d.reg, addr, component, 0);
    return d;
}
/* Indirect access restricted to ArrayID array_id (index stays absolute). */
static inline tgsi_src nvgp_tgsi_src_indirect_array(tgsi_src s, tgsi_src addr, unsigned component,
                                                    unsigned array_id)
{
    s.reg = nvgp_tgsi_reg_indirect_(s.reg, addr, component, array_id);
    return s;
}
/* FILE[dim][index]: constant buffer, vertex of a per-vertex input, ... */
static inline tgsi_src nvgp_tgsi_src_dimension(tgsi_src s, int32_t dim)
{
    s.reg.dimension = true;
    s.reg.dim_index = dim;
    return s;
}
static inline tgsi_dst nvgp_tgsi_dst_dimension(tgsi_dst d, int32_t dim)
{
    d.reg.dimension = true;
    d.reg.dim_index = dim;
    return d;
}
static inline tgsi_src nvgp_tgsi_src_dimension_indirect(tgsi_src s, tgsi_src addr, unsigned component)
{
    s.reg.dimension = true;
    s.reg.dim_indirect = true;
    s.reg.dim_ind.file = addr.reg.file;
    s.reg.dim_ind.index = addr.reg.index;
    s.reg.dim_ind.swizzle = addr.swizzle[component & 3];
    return s;
}
/* The same register read back / written: identity swizzle / full mask. */
static inline tgsi_src nvgp_tgsi_src_of(tgsi_dst d)
{
    tgsi_src s = nvgp_tgsi_src((tgsi_file)d.reg.file, d.reg.index);
    s.reg = d.reg;
    return s;
}
static inline tgsi_dst nvgp_tgsi_dst_of(tgsi_src s)
{
    tgsi_dst d = nvgp_tgsi_dst((tgsi_file)s.reg.file, s.reg.index);
    d.reg = s.reg;
    return d;
}

/* ---- Declarations ----------------------------------------------------------- */

void nvgp_tgsi_build_property(tgsi_builder *b, tgsi_property name, uint32_t value);

/* A fresh temporary; released ones are handed out again first. */
tgsi_dst nvgp_tgsi_build_temp(tgsi_builder *b);
void nvgp_tgsi_build_release_temp(tgsi_builder *b, tgsi_dst t);
/* count consecutive temporaries declared as one ARRAY (for indirect access);
 * returns the first; *array_id (may be NULL) receives the ArrayID. */
tgsi_dst nvgp_tgsi_build_temp_array(tgsi_builder *b, uint32_t count, uint32_t *array_id);
/* The next ADDR register. */
tgsi_dst nvgp_tgsi_build_address(tgsi_builder *b);

/* Inputs, outputs and system values by semantic: asking twice for the same
 * (semantic, index) gives the same register.  In GEOM/TESS programs inputs
 * are per-vertex arrays (use nvgp_tgsi_src_dimension for the vertex), and
 * so are the outputs of TESS_CTRL programs other than PATCH, TESSOUTER and
 * TESSINNER (OUT[vertex][index]). */
tgsi_src nvgp_tgsi_build_input(tgsi_builder *b, tgsi_semantic name, uint32_t index);
/* FRAG input with an interpolation mode and location. */
tgsi_src nvgp_tgsi_build_fs_input(tgsi_builder *b, tgsi_semantic name, uint32_t index,
                                  tgsi_interpolate interp, tgsi_interpolate_loc loc);
tgsi_dst nvgp_tgsi_build_output(tgsi_builder *b, tgsi_semantic name, uint32_t index);
tgsi_src nvgp_tgsi_build_system_value(tgsi_builder *b, tgsi_semantic name, uint32_t index);

/* CONST[index] (buffer 0, one-dimensional) and CONST[buffer][index].  The
 * declared range of each buffer grows to cover every index asked for;
 * nvgp_tgsi_build_constant_range makes it cover [0, count) for indirect
 * access. */
tgsi_src nvgp_tgsi_build_constant(tgsi_builder *b, int32_t index);
tgsi_src nvgp_tgsi_build_constant_2d(tgsi_builder *b, int32_t buffer, int32_t index);
void nvgp_tgsi_build_constant_range(tgsi_builder *b, int32_t buffer, int32_t count);

/* Resources, declared once per index (a second call must agree). */
tgsi_src nvgp_tgsi_build_sampler(tgsi_builder *b, int32_t index);
tgsi_src nvgp_tgsi_build_sampler_view(tgsi_builder *b, int32_t index, tgsi_texture target,
                                      tgsi_return_type type);
tgsi_src nvgp_tgsi_build_buffer(tgsi_builder *b, int32_t index, bool atomic);
tgsi_src nvgp_tgsi_build_image(tgsi_builder *b, int32_t index, tgsi_texture target,
                               uint16_t format, bool writable, bool raw);
/* The next MEMORY register of the given type (SHARED for compute). */
tgsi_src nvgp_tgsi_build_memory(tgsi_builder *b, tgsi_memory_type type);

/* ---- Immediates ------------------------------------------------------------- */

/* n values (1..4) of a 32-bit type, or n/2 values of a 64-bit type (n = 2
 * or 4 words, low word first).  The result reads the values in x, y, ...
 * with the last one repeated. */
tgsi_src nvgp_tgsi_build_imm(tgsi_builder *b, tgsi_imm_type type, const uint32_t *words, unsigned n);
tgsi_src nvgp_tgsi_build_imm_f32(tgsi_builder *b, const float *v, unsigned n);
tgsi_src nvgp_tgsi_build_imm1f(tgsi_builder *b, float x);
tgsi_src nvgp_tgsi_build_imm4f(tgsi_builder *b, float x, float y, float z, float w);
tgsi_src nvgp_tgsi_build_imm1u(tgsi_builder *b, uint32_t x);
tgsi_src nvgp_tgsi_build_imm1i(tgsi_builder *b, int32_t x);
tgsi_src nvgp_tgsi_build_imm1d(tgsi_builder *b, double x);

/* ---- Instructions ----------------------------------------------------------- */

/* Emits op with the given operands; the counts must be the table's.  Returns
 * the instruction (to set saturate, precise, texture, offsets, memory
 * qualifiers) valid until the next emission, or NULL after an error. */
tgsi_instruction *nvgp_tgsi_build_insn(tgsi_builder *b, tgsi_opcode op, const tgsi_dst *dst,
                                       unsigned num_dst, const tgsi_src *src, unsigned num_src);
/* Index the next instruction will have. */
uint32_t nvgp_tgsi_build_next_index(const tgsi_builder *b);

/* Texture instruction with its target and texel offsets (IMM/TEMP sources,
 * x/y/z of their swizzle). */
tgsi_instruction *nvgp_tgsi_build_tex(tgsi_builder *b, tgsi_opcode op, tgsi_dst dst, tgsi_texture target,
                                      const tgsi_src *src, unsigned num_src, const tgsi_src *offsets,
                                      unsigned num_offsets);

/* Subroutines: a label id, bound by the BGNSUB that starts the subroutine. */
uint32_t nvgp_tgsi_build_label(tgsi_builder *b);
tgsi_instruction *nvgp_tgsi_build_bgnsub(tgsi_builder *b, uint32_t label);
tgsi_instruction *nvgp_tgsi_build_cal(tgsi_builder *b, uint32_t label);

/* One wrapper per opcode row, generated from the table:
 * nvgp_tgsi_build_MOV(b, dst, src), nvgp_tgsi_build_ENDIF(b), ... with the
 * table's operand counts. */
#define NVGP_TGSI_PARAMS_0_0
#define NVGP_TGSI_PARAMS_0_1 , tgsi_src s0
#define NVGP_TGSI_PARAMS_1_0 , tgsi_dst d0
#define NVGP_TGSI_PARAMS_1_1 , tgsi_dst d0, tgsi_src s0
#define NVGP_TGSI_PARAMS_1_2 , tgsi_dst d0, tgsi_src s0, tgsi_src s1
#define NVGP_TGSI_PARAMS_1_3 , tgsi_dst d0, tgsi_src s0, tgsi_src s1, tgsi_src s2
#define NVGP_TGSI_PARAMS_1_4 , tgsi_dst d0, tgsi_src s0, tgsi_src s1, tgsi_src s2, tgsi_src s3
#define NVGP_TGSI_PARAMS_1_5 , tgsi_dst d0, tgsi_src s0, tgsi_src s1, tgsi_src s2, tgsi_src s3, tgsi_src s4
#define NVGP_TGSI_PARAMS_2_1 , tgsi_dst d0, tgsi_dst d1, tgsi_src s0
#define NVGP_TGSI_DSTS_0 NULL
#define NVGP_TGSI_DSTS_1 (const tgsi_dst[]){ d0 }
#define NVGP_TGSI_DSTS_2 (const tgsi_dst[]){ d0, d1 }
#define NVGP_TGSI_SRCS_0 NULL
#define NVGP_TGSI_SRCS_1 (const tgsi_src[]){ s0 }
#define NVGP_TGSI_SRCS_2 (const tgsi_src[]){ s0, s1 }
#define NVGP_TGSI_SRCS_3 (const tgsi_src[]){ s0, s1, s2 }
#define NVGP_TGSI_SRCS_4 (const tgsi_src[]){ s0, s1, s2, s3 }
#define NVGP_TGSI_SRCS_5 (const tgsi_src[]){ s0, s1, s2, s3, s4 }
#define OP(name, ndst, nsrc, mode, dtype, stypes, flags)                                       \
    static inline tgsi_instruction *nvgp_tgsi_build_##name(tgsi_builder *b NVGP_TGSI_PARAMS_##ndst##_##nsrc) \
    {                                                                                        \
        return nvgp_tgsi_build_insn(b, TGSI_OPCODE_##name, NVGP_TGSI_DSTS_##ndst, ndst,      \
                                    NVGP_TGSI_SRCS_##nsrc, nsrc);                            \
    }
#include "tgsi/tgsi_opcodes.def"
#undef OP

#endif

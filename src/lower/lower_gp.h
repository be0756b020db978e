/* The lowering of the NV_gpu_program4/5 languages (!!NVvp4.0 ... !!NVcp5.0).
 *
 * Their instructions carry a data type (.F .S .U .F64 .S64 .U64, or the
 * default of Table X.13's D column), so each opcode has one row giving a
 * handler and, for one-to-one translations, the TGSI opcode per type.  The
 * rows live in the file of their area (lower_gp_alu.c: arithmetic, integer,
 * bit and conversion instructions; lower_gp_flow.c: flow control and
 * condition codes; lower_gp_mem.c: memory, buffers, images, shared memory,
 * atomics, barriers; lower_gp_tex.c: textures, thread groups, fragment and
 * geometry instructions); lower_gp_inst.c joins them, and a test proves that no
 * opcode has rows in two files.
 *
 * Condition codes (NV_gpu_program4 2.X.4.3): CC0 and CC1 are one TEMP
 * each (lower_gp.cc[0/1], owned by lower_gp_cc.c); each component is
 * an unsigned integer holding that component's four flags as the bits
 * LOWER_GP_SF/ZF/OF/CF below, LOWER_GP_CC_INITIAL before any update (the
 * spec leaves it undefined; docs/spec-decisions.md).  A test of Table X.16
 * is a function of the four flags, i.e. a 16-bit truth table
 * (lower_gp_cc_truth); lower_gp_cc_test evaluates (table >> flags) & 1 per
 * component and returns ~0/0 masks.  An instruction that updates a
 * condition code or has a conditional write mask goes through
 * lower_gp_with_cc: the handler writes into a temporary (lower_dst returns
 * it), the wrapper writes the destination where the test passes (tested
 * before the update) and sets the flags of the components enabled by both
 * masks from the result (float: SF = <0 or NaN, ZF = 0 or NaN, OF = CF =
 * 0; integer: SF = bit 31, ZF = 0, OF/CF as follows).  With 64-bit
 * types the handler's lower_gp_dst64 writes into two temporaries
 * (lower_gp.dst64_override); the wrapper writes them to the destination
 * (any file) where the test passes, per NV component, and takes the flags
 * from the 64-bit values.
 * Handlers that can overflow or carry (ADD/SUB/MAD/SAD on integers) leave
 * their carry and overflow masks in lower_gp.cf/of before returning:
 * when in->cc_update is set and the type is S or U (32-bit; ADD/SUB also
 * S64/U64), the handler builds two new temporaries with ~0/0 per NV
 * component (CF: the unsigned
 * add carried out, or the unsigned subtract did not borrow; OF: the signed
 * add/subtract overflowed), sets gp_has_cf/gp_has_of, and the wrapper
 * reads them and releases the temporaries.  Other instructions leave
 * gp_has_cf/gp_has_of false (CF and OF cleared).
 *
 * 64-bit values (F64/S64/U64): TGSI's double and 64-bit integer opcodes
 * read and write a value as a component pair (xy or zw, low word first),
 * so an NV vector of four 64-bit components spans two TGSI registers.  A
 * LONG TEMP variable is two temporaries (arrays: two temporary arrays of
 * the same size, element i of each): NV x in the first register's xy, y
 * in its zw, z in the second register's xy, w in its zw.  The first is
 * the variable's ordinary register (lower_common_operand.c), the second is
 * kept in lower_gp.long_*.  A 64-bit instruction reading a 32-bit operand
 * widens each component (F64: F2D, S64: I2I64, U64: U2I64); one writing a
 * 32-bit variable narrows (F64: D2F, S64/U64: the low word).  A 32-bit
 * instruction reading a LONG variable narrows the same way. */
#ifndef NVGP_LOWER_GP_H
#define NVGP_LOWER_GP_H

#include "lower/lower_common.h"

/* The family's state (c->gps); its files are lower_gp*.c, which call only
 * each other and the common layer. */
struct lower_gp {
    /* condition codes CC0/CC1 (lower_gp_cc.c owns them) */
    bool has_cc[2];
    tgsi_dst cc[2];
    /* an integer ADD/SUB/MAD/SAD handler's carry and overflow masks (~0/0
     * per component) for the condition-code update; has_cf/has_of false
     * for instructions that leave CF/OF cleared */
    bool has_cf, has_of;
    tgsi_dst cf, of;
    /* LONG TEMP variables (NV_gpu_program5): the second TGSI register (or
     * temporary array) of each, holding NV components z and w */
    uint32_t nlong;
    uint32_t long_var[64];
    tgsi_src long_hi[64];
    /* temporaries of the instruction being translated (integer operand
     * modifiers), released after it */
    uint32_t nscratch;
    tgsi_dst scratch[16];
    /* the MEMORY registers of global and shared memory (lower_gp_mem.c) */
    bool has_global, has_shared;
    tgsi_src global, shared;
    /* temporaries that BUFFER/BUFFER4 operands are loaded into, reused in
     * turn (an operand is read by the instruction right after its load) */
    uint32_t nbuf, next_buf;
    tgsi_dst buf[16];
    /* the ADDR register texture instructions index SAMP through, per lane
     * (TEXTURE arrays indexed by a register, bindless handles; lower_gp_tex.c) */
    bool has_tex_addr;
    tgsi_dst tex_addr;
    /* bindings: per-variable registers and the state of tessellation
     * levels, computed compute values and address loads (lower_gp_bind.c
     * owns it) */
    struct lower_gpb *bind;
    /* subroutines (lower_gp_flow.c): their labels and call-depth state
     * while the program is translated, and per lane the call depth (x), ~0
     * once a call on a full stack has ended the program (y) and CALI's
     * subroutine number (z) */
    struct lower_gp_subs *subs;
    bool has_calls;
    tgsi_dst calls;
    /* the open REP blocks (counter: x count) */
    lower_loops loops;
    /* 64-bit results of a conditional write (lower_gp_dst64): the pairs of
     * NV components x, y ([0]) and z, w ([1]) */
    bool has_dst64_override;
    tgsi_dst dst64_override[2];
};

/* The family's interface (lower_gp_inst.c). */
extern const lower_family lower_gp_family;

/* The type an instruction computes in. */
typedef enum lower_type { LT_F32, LT_S32, LT_U32, LT_F64, LT_S64, LT_U64, LT_COUNT } lower_type;

static inline bool lower_type_is_float(lower_type t) { return t == LT_F32 || t == LT_F64; }
static inline bool lower_type_is_64(lower_type t) { return t >= LT_F64; }

enum {
    LGP_COND = 1 << 0,   /* the handler translates inst.cond (IF/BRK/CAL/KIL...) */
    LGP_OWN_CC = 1 << 1  /* the handler does its own condition-code and conditional-write work */
};

typedef struct lower_gp_row lower_gp_row;
typedef void (*lower_gp_fn)(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t);
struct lower_gp_row {
    lower_gp_fn fn;
    /* one-to-one translations: the TGSI opcode per lower_type, 0 where the
     * type has none (TGSI_OPCODE_ARL is 0 and never a translation here) */
    uint16_t op[LT_COUNT];
    uint8_t flags;       /* LGP_* */
};

/* The rows of each area, indexed by nv_opcode; fn NULL where the area has
 * no row for the opcode. */
extern const lower_gp_row lower_gp_alu_rows[NV_OP_COUNT];
extern const lower_gp_row lower_gp_flow_rows[NV_OP_COUNT];
extern const lower_gp_row lower_gp_mem_rows[NV_OP_COUNT];
extern const lower_gp_row lower_gp_tex_rows[NV_OP_COUNT];

/* The row of op (from whichever area has it), or NULL. */
const lower_gp_row *lower_gp_row_of(nv_opcode op);

/* The type in->dtype names, or the opcode's default (D column). */
lower_type lower_gp_type(const nv_inst *in);

/* A source operand read as type t: literal constants become t's bits
 * (integers written for a float instruction become floats, and so on). */
tgsi_src lower_gp_src(lower_ctx *c, const nv_src *s, lower_type t);

/* A 64-bit vector operand: half[0] holds NV components x, y (TGSI pairs xy
 * and zw), half[1] holds z, w; tmp[] are temporaries to release. */
typedef struct lower_gp64 {
    tgsi_src half[2];
    tgsi_dst tmp[4];
    uint8_t ntmp;
} lower_gp64;

/* True when the operand or destination names a LONG TEMP variable. */
bool lower_gp_is_long(lower_ctx *c, uint32_t var);

/* Source operand s read as 64-bit type t (F64/S64/U64), with its swizzle
 * and modifiers (negation and |abs| act on the 64-bit values). */
lower_gp64 lower_gp_src64(lower_ctx *c, const nv_src *s, lower_type t);
void lower_gp_release64(lower_ctx *c, lower_gp64 *v);
/* v (type t) without TGSI source modifiers: negation and |abs| computed by
 * 64-bit instructions into temporaries, for the instructions that move
 * words untyped (STORE, atomics, bitwise operations), where a modifier
 * would act on each 32-bit word. */
void lower_gp_plain64(lower_ctx *c, lower_gp64 *v, lower_type t);

/* Writes v, holding values of 64-bit type t, to destination d with its
 * write mask: LONG variables take the pairs, others the narrowed values. */
void lower_gp_dst64(lower_ctx *c, const nv_dst *d, lower_type t, const lower_gp64 *v);

/* Translates one instruction of a 4.0/5.0 program (lower_inst calls it through lower_gp_family). */
void lower_gp_inst(lower_ctx *c, const nv_inst *in);

/* Per-program set-up before the first instruction (lower_gp_cc.c): the
 * condition-code temporaries, initialised as NV_gpu_program4 says. */
void lower_gp_begin(lower_ctx *c);

/* The wrapper for instructions with a condition-code update or a
 * conditional write mask (lower_gp_cc.c). */
void lower_gp_with_cc(lower_ctx *c, const nv_inst *in, const lower_gp_row *row, lower_type t);

/* The test t of CC0/CC1 as an integer mask (~0 where it passes) per
 * component, in a new temporary the caller releases (lower_gp_cc.c). */
tgsi_dst lower_gp_cc_test(lower_ctx *c, const nv_cc_test *t);

/* The flow instructions' form: x = ~0 where any of the four swizzled
 * components passes (NV_gpu_program4 2.X.5); a new temporary. */
tgsi_dst lower_gp_cc_any(lower_ctx *c, const nv_cc_test *t);

/* Condition-code flag bits of one component, and the flags before any
 * update (those of a 0.0 result: EQ passes, as in the older languages). */
enum { LOWER_GP_SF = 1, LOWER_GP_ZF = 2, LOWER_GP_OF = 4, LOWER_GP_CF = 8 };
enum { LOWER_GP_CC_INITIAL = LOWER_GP_ZF };

/* Bit f is set where the test passes for flags f (Table X.16). */
uint32_t lower_gp_cc_truth(nv_cond cond);

/* For integer ADD/SUB/MAD/SAD handlers: sets c->gps->cf/of (as above) for
 * r = a + b (sub false) or r = a - b (sub true), 32-bit per component. */
void lower_gp_addsub_flags(lower_ctx *c, tgsi_src a, tgsi_src b, tgsi_src r, bool sub);

/* The instruction list of a 4.0/5.0 program (lower_gp_flow.c): the entry
 * ("main" label, else the first instruction) up to the next label as the
 * main program, ended by lower_gp_bind_end's instructions and END, then
 * every labelled subroutine as BGNSUB/ENDSUB. */
void lower_gp_program(lower_ctx *c);

/* The family's hooks behind lower_family (lower_gp_family). */

/* BUFFER/BUFFER4/CBUFFER, STORAGE, SHARED, COUNTER and IMAGE variables:
 * their register (lower_gp_mem.c).  False when var is none of those. */
bool lower_gp_mem_var(lower_ctx *c, uint32_t var, uint32_t offset, tgsi_src *out);
/* A BUFFER/BUFFER4 operand of an ordinary instruction: the element loaded
 * (LOAD from its buffer) into a fresh temporary; lower_src applies the
 * swizzle and modifiers (lower_gp_mem.c). */
tgsi_src lower_gp_buffer_src(lower_ctx *c, const nv_src *s);

/* The sampler (and TGSI target) of a texture access, TEXTURE variables and
 * arrays of them included (lower_gp_tex.c). */
tgsi_src lower_gp_sampler(lower_ctx *c, const nv_inst *in, tgsi_texture *target);

/* Bindings of 4.0/5.0 programs (lower_gp_bind.c): attributes, results and
 * system values of every program type, the program-type declarations as
 * TGSI properties, and relative indices through ADDR registers. */

/* Properties and per-program values computed up front (before the first
 * instruction), and what must be written at the end (nothing at present:
 * tessellation levels are copied where written). */
void lower_gp_bind_begin(lower_ctx *c);
void lower_gp_bind_end(lower_ctx *c);
void lower_gp_bind_free(lower_ctx *c);
/* After an instruction wrote destination d: a tessellation level it names
 * reaches its TESSOUTER/TESSINNER component, in the lanes where mask.x is
 * set (NULL: every lane running the instruction). */
void lower_gp_bind_level_written(lower_ctx *c, const nv_dst *d, const tgsi_dst *mask);
/* The first register of an ATTRIB/OUTPUT variable. */
tgsi_src lower_gp_bind_var(lower_ctx *c, uint32_t var, uint32_t offset);
/* Source / destination operands naming ATTRIB and OUTPUT variables (false
 * for other operands, which lower_common_operand.c translates). */
bool lower_gp_bind_src(lower_ctx *c, const nv_src *s, tgsi_src *out);
bool lower_gp_bind_dst(lower_ctx *c, const nv_dst *d, tgsi_dst *out);
/* A result register d of this invocation: in a tessellation control
 * program the per-vertex output of the invocation's vertex, OUT[id][i];
 * d unchanged in other programs. */
tgsi_dst lower_gp_bind_own_vertex(lower_ctx *c, tgsi_dst d);
/* An ADDR register loaded (UARL) from the relative index r, read in every
 * component. */
tgsi_src lower_gp_rel_addr(lower_ctx *c, const nv_rel *r, uint32_t offset);
/* The words of a literal in a PARAM declaration of variable v: floats
 * unless v is INT or UINT (NV_gpu_program4 2.X.3.3); returns their
 * immediate type. */
tgsi_imm_type lower_gp_param_words(const nv_var *v, const nv_const *k, uint32_t w[4]);

#endif

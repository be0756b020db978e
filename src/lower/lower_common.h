/* The lowering's common layer (docs/lowering.md): the translation's state,
 * the interface each language family implements (lower_family), and the
 * services of the lower_common_*.c files, which call nothing above them. */
#ifndef NVGP_LOWER_COMMON_H
#define NVGP_LOWER_COMMON_H

#include "lower/lower.h"
#include "tgsi/tgsi_build.h"

typedef struct lower_ctx lower_ctx;
typedef struct lower_old lower_old;   /* the older NV/ARB family's state (lower_old.h) */
typedef struct lower_gp lower_gp;     /* the 4.0/5.0 family's state (lower_gp.h) */

/* How the family hook lower_family.src handled a source operand. */
typedef enum lower_src_how {
    LOWER_SRC_COMMON, /* not the family's: the common layer reads it */
    LOWER_SRC_REG,    /* *r is the register; swizzle and modifiers follow */
    LOWER_SRC_DONE    /* *r is the finished operand */
} lower_src_how;

/* A language family's interface.  The driver calls begin .. destroy; the
 * common layer calls the rest for what only the family knows.  Hooks
 * marked "or NULL" may be left out. */
typedef struct lower_family {
    /* before the attribute and result arrays: the family's state (c->olds
     * or c->gps) and its declarations */
    void (*begin)(lower_ctx *c);
    /* after the arrays, before the position-invariant transform, or NULL */
    void (*after_arrays)(lower_ctx *c);
    /* the instructions, in the family's layout */
    void (*program)(lower_ctx *c);
    /* after the instructions, or NULL */
    void (*end)(lower_ctx *c);
    /* frees the family's state (also after a failure) */
    void (*destroy)(lower_ctx *c);
    /* one instruction (lower_inst calls it) */
    void (*inst)(lower_ctx *c, const nv_inst *in);
    /* a source operand the family reads itself (fixed registers, typed
     * literals, bindings), *conv false where the operand needs no
     * precision conversion */
    lower_src_how (*src)(lower_ctx *c, const nv_src *s, tgsi_src *r, bool *conv);
    /* the last step of every source operand (precision conversion), or NULL */
    tgsi_src (*src_finish)(lower_ctx *c, const nv_src *s, tgsi_src r, bool conv);
    /* a destination the family writes itself (true), or NULL */
    bool (*dst)(lower_ctx *c, const nv_dst *d, tgsi_dst *out);
    /* the register of a fixed register (no variable) */
    tgsi_src (*fixed_reg)(lower_ctx *c, uint8_t file, int32_t index, uint32_t offset);
    /* the ADDR register and component of a relative index */
    bool (*rel_addr)(lower_ctx *c, const nv_rel *r, uint32_t offset, tgsi_src *addr);
    /* the register of an ATTRIB or OUTPUT variable */
    tgsi_src (*binding_var)(lower_ctx *c, uint32_t var, uint32_t offset);
    /* the register of a variable of another kind (true), or NULL */
    bool (*other_var)(lower_ctx *c, uint32_t var, uint32_t offset, tgsi_src *r);
    /* a literal's words as a parameter's value */
    tgsi_imm_type (*param_words)(const nv_var *v, const nv_const *k, uint32_t w[4]);
    /* the sampler of a texture instruction */
    tgsi_src (*sampler)(lower_ctx *c, const nv_inst *in, tgsi_texture *target);
    /* a clip-distance output as the instruction's vertex writes it, or NULL */
    tgsi_dst (*own_vertex)(lower_ctx *c, tgsi_dst d);
} lower_family;

/* The state of one translation: the common layer's fields here, each
 * family's behind its pointer (NULL for the other family). */
struct lower_ctx {
    const nv_program *p;
    tgsi_builder *b;
    nvgp_lower_map *map;
    nvgp_diag *diag;
    bool failed;
    bool old;                 /* VP1.x/VP2.0/VSP1.0/FP1.0 register files */
    const lower_family *fam;  /* the program's family */
    lower_old *olds;          /* ARBvp/ARBfp and the NV languages before 4.0 */
    lower_gp *gps;            /* NV_gpu_program4/5 languages */
    int32_t next_const;       /* next CONST register handed to a binding */
    /* per variable: TGSI register (file TEMP/ADDR/CONST/IN/OUT/IMM), or
     * has = false until first use */
    bool *var_has;
    tgsi_src *var_reg;
    /* hash set over the map's slots (kind, index, name), for map_add */
    uint32_t *slot_hash;      /* slot + 1, 0 = empty */
    uint32_t slot_hash_cap;   /* power of two */
    /* clip distances written (result.clip[n], o[CLPn]): a temporary array
     * holding clip n in element n's x, copied to component n % 4 of the
     * CLIPDIST[n / 4] output after every instruction that writes one
     * (clip_pending), so conditional and relative writes see the value
     * written so far */
    bool has_clip, clip_pending;
    uint8_t clip_used;        /* bit n: clip n has a binding */
    tgsi_dst clip;
    bool clip_out_has[2];
    tgsi_dst clip_out[2];
    /* while a conditional write is lowered, handlers write here instead */
    bool has_dst_override;
    tgsi_dst dst_override;
};

/* The open REP/LOOP blocks of a family, innermost last. */
enum { LOWER_MAX_LOOPS = 64 };
typedef struct lower_loops {
    uint32_t n;
    bool has_counter[LOWER_MAX_LOOPS]; /* false: REP without a count */
    bool is_loop[LOWER_MAX_LOOPS];     /* LOOP (with an index) rather than REP */
    tgsi_dst counter[LOWER_MAX_LOOPS];
} lower_loops;
/* Opens a block for in (REP or LOOP): its level, or -1 with the error
 * reported when blocks nest deeper than LOWER_MAX_LOOPS
 * (lower_common_flow.c). */
int32_t lower_loops_open(lower_ctx *c, lower_loops *l, const nv_inst *in, bool has_counter, bool is_loop);

/* Subroutine calls with a depth guard: calls.x is the lane's call depth,
 * calls.y ~0 once a call on a full stack has ended its program
 * (lower_common_flow.c).  The guard (at NV_LIMIT_PROGRAM_CALL_DEPTH: set
 * y, RET), the call counted in x, and after it the RET of lanes whose
 * program a deeper call ended. */
void lower_call_depth_guard(lower_ctx *c, tgsi_dst calls);
void lower_call_counted(lower_ctx *c, tgsi_dst calls, uint32_t label);
void lower_return_if_ended(lower_ctx *c, tgsi_dst calls);
/* KIL where the integer mask m (~0 / 0 per component) is set in any
 * component; releases m (lower_common_flow.c). */
void lower_kill_mask(lower_ctx *c, tgsi_dst m);

/* A row of the instruction tables of the older family and of the common
 * sequences, indexed by nv_opcode. */
typedef struct lower_row lower_row;
typedef void (*lower_fn)(lower_ctx *c, const nv_inst *in, const lower_row *row);
struct lower_row {
    lower_fn fn;
    uint16_t op;   /* tgsi_opcode of direct translations */
    bool cond_ok;  /* the handler translates inst.cond */
    bool own_cc;   /* the handler does its own condition-code work */
};

/* The common sequences (lower_common_seq.c): fn NULL where there is none. */
extern const lower_row lower_common_rows[NV_OP_COUNT];
/* Runs the common sequence of in->op, without any condition-code or
 * precision wrapping (the 4.0/5.0 family's DPH, XPD, SWZ, LIT, RCC, RFL,
 * X2D, ...).  False when there is none. */
bool lower_common_sequence(lower_ctx *c, const nv_inst *in);

/* The header's math rules where TGSI's opcode differs (lower_common_seq.c;
 * docs/spec-decisions-old.md). */
typedef struct lower_math {
    bool nan_minmax;  /* MIN/MAX/SSG: a NaN operand gives NaN ("max(NaN, <x>) == NaN") */
    bool nan_compare; /* SEQ..SNE: a NaN operand gives NaN (VP2's pseudocode) */
    bool rsq_signed;  /* RSQ of x itself, not of |x|: -0 gives -INF, x < -0 NaN */
    bool pow_log;     /* POW and LIT's power are EX2(b * LG2(a)), 0^0 = NaN */
    float lit_limit;  /* LIT's |w| bound, 0: not clamped */
    bool ftz;         /* denormal operands and results are flushed to zero */
    bool exp_range;   /* EXP's under- and overflow give (0,0,0,1) and (INF,0,INF,1) */
} lower_math;
const lower_math *lower_math_of(const lower_ctx *c);

/* Binding names and their semantics (lower_common_bind.c). */
typedef struct sem_row {
    const char *base;
    uint8_t semantic;   /* tgsi_semantic; vertex inputs: GENERIC */
    int32_t first;      /* semantic index (vertex inputs: generic attribute) */
    bool indexed;       /* "[n]" adds to first */
} sem_row;
extern const sem_row lower_vertex_inputs[], lower_vertex_results[];
extern const sem_row lower_vp_results[], lower_fp_attribs[], lower_fp_results[];
/* The input (output) register of binding row r, element n, named name in
 * the map. */
tgsi_src lower_input_reg(lower_ctx *c, const sem_row *r, int32_t n, const char *name);
tgsi_dst lower_output_reg(lower_ctx *c, const sem_row *r, int32_t n, const char *name);
/* The register of an ATTRIB/OUTPUT binding named as the program wrote it
 * (false: an error is reported). */
bool lower_binding_reg(lower_ctx *c, const nv_binding *bd, uint32_t offset, tgsi_src *out);
/* An array of attributes or results addressed relatively: consecutive IN
 * or OUT registers, one per element. */
tgsi_src lower_array_binding_reg(lower_ctx *c, const nv_binding *bd, uint32_t offset);

/* The map entry of a binding (lower_common_map.c). */
void lower_map_add(lower_ctx *c, nvgp_lower_slot_kind kind, tgsi_file file, int32_t index, const char *name,
                   const uint32_t *value);
/* Name of element i of a binding that covers count elements: the last
 * "[n]" counts up ("program.env[0]" -> "program.env[2]"). */
void lower_element_name(const char *name, uint32_t i, char *buf, size_t cap);

/* The register of a variable (var != NV_VAR_NONE) or fixed register, and
 * of a relative index (lower_common_operand.c). */
tgsi_src lower_var_reg(lower_ctx *c, uint32_t var, uint32_t offset);
tgsi_src lower_reg_of(lower_ctx *c, uint8_t file, uint32_t var, int32_t index, uint32_t offset);
bool lower_rel_addr(lower_ctx *c, const nv_rel *r, uint32_t offset, tgsi_src *addr);
/* A literal's words as floats (lower_common_operand.c). */
tgsi_imm_type lower_const_words(const nv_var *v, const nv_const *k, uint32_t w[4]);

/* Reports err at offset and marks the translation failed (lower_common_map.c). */
void lower_error(lower_ctx *c, uint32_t offset, const char *fmt, ...) NVGP_PRINTF(3, 4);

/* Records that binding `name` is register index of file (vertex >= 0: of a
 * per-vertex input, IN[vertex][index]) in the binding map (lower_common_map.c). */
void lower_map_add_vertex(lower_ctx *c, nvgp_lower_slot_kind kind, tgsi_file file, int32_t vertex, int32_t index,
                          const char *name, const uint32_t *value);

/* As lower_map_add_vertex for a binding that is component comp (0..3) of
 * the register (nvgp_lower_slot.component). */
void lower_map_add_comp(lower_ctx *c, nvgp_lower_slot_kind kind, tgsi_file file, int32_t vertex, int32_t index,
                        int8_t comp, const char *name);

/* The register standing for clip distance n (result.clip[n], o[CLPn]) as a
 * destination: element n of the clip temporaries; declares its CLIPDIST
 * output and names it `name` in the map (lower_common_bind.c). */
tgsi_src lower_clip_result(lower_ctx *c, int32_t n, const char *name, uint32_t offset);
/* After an instruction: copies the clip temporaries to their CLIPDIST
 * components if it wrote one (lower_inst calls it). */
void lower_clip_flush(lower_ctx *c);

/* A binding name without its "[n]" parts ("vertex[2].attrib[3]" ->
 * "vertex.attrib"), and the last n in *index (0 when absent)
 * (lower_common_map.c). */
void lower_split_name(const char *name, char *base, size_t cap, int32_t *index);

/* Operands (lower_common_operand.c). */
tgsi_src lower_src(lower_ctx *c, const nv_src *s);
tgsi_dst lower_dst(lower_ctx *c, const nv_dst *d);
tgsi_src lower_sampler(lower_ctx *c, const nv_inst *in, tgsi_texture *target);
/* The sampler of texture image unit in->tex.unit (texture[n]); TEXTURE
 * variables are the 4.0/5.0 family's (lower_gp_sampler). */
tgsi_src lower_unit_sampler(lower_ctx *c, const nv_inst *in, tgsi_texture *target);
/* The TGSI target of an nv_tex_target. */
tgsi_texture lower_tex_target(uint8_t target);

/* PK4B and UP4B with the NVIDIA languages' excess-128 bytes
 * (lower_common_pack.c): a new temporary holding the packed bits in x
 * (pk4b; s a float vector) or the four unpacked floats (up4b; s the scalar
 * operand's bits, replicated).  The caller releases it. */
tgsi_dst lower_pk4b_excess128(lower_ctx *c, tgsi_src s);
tgsi_dst lower_up4b_excess128(lower_ctx *c, tgsi_src s);

/* Translates one instruction through the family's interface, then copies
 * the clip distances it wrote (lower_common_operand.c). */
void lower_inst(lower_ctx *c, const nv_inst *in);

#endif

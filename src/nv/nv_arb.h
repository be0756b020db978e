/* Internal interface of the ARB-grammar parser, split over three files:
 * nv_parse_arb.c (options, declarations, statements, whole-program
 * checks), nv_arb_operand.c (operands, destinations, condition codes,
 * texture and image access, subroutine declarations) and nv_arb_inst.c
 * (instruction modifiers, flow-control blocks, data-type checks and the
 * per-class instruction grammar). */
#ifndef NVGP_NV_ARB_H
#define NVGP_NV_ARB_H

#include "nv/nv_bind.h"
#include "nv/nv_limits.h"
#include "nv/nv_parse.h"

enum { MAX_FLOW = 256 };

typedef struct flow {
    uint8_t op;        /* NV_OP_IF, NV_OP_REP, NV_OP_LOOP */
    bool has_else;
    bool has_brk;      /* BRK at this level */
    bool counted;      /* REP with a loop count */
    uint32_t inst;
    uint32_t offset;
} flow;

typedef struct arb {
    nv_parse_ctx *c;
    uint8_t hdr;
    bool arbvp, arbfp, nv, nv5;
    uint16_t langs;      /* NV_L_* of an ARB program with its options */
    uint8_t ptype;       /* NV_PT_* of an NV program */
    bool flow_ok;        /* labels and branches exist in this language */
    bool abs_ok;         /* |operand| */
    bool cc_ok;          /* condition codes exist */
    bool rgba_ok;        /* rgba swizzles */
    flow stack[MAX_FLOW];
    int depth, if_depth, loop_depth;
    bool saw_ret;
    bool saw_statement;  /* a non-declaration statement was read */
    uint32_t ntemps, naddr;
    uint8_t tex_target[NV_LIMIT_TEXTURE_IMAGE_UNITS];
    uint32_t attrib_generic;   /* ARBvp: vertex.attrib[n] used */
    uint32_t attrib_conv;      /* ARBvp: conventional attributes used, by alias slot */
    uint32_t attrib_conv_off[32], attrib_gen_off[32];
    bool wrote_position;
    uint32_t position_write_off;
    uint32_t rel_arrays[64];   /* PARAM arrays accessed with relative addressing */
    uint32_t nrel_arrays;
    bool used_shared;
    uint32_t rep_without_exit; /* 1 + offset of the first REP with no count and no BRK, or 0 */
    uint32_t shared_use_off;
} arb;

/* Splits an ARB-style opcode token ("ADDRC_SAT") into row and suffixes. */
typedef struct opsuffix {
    int op;
    uint8_t prec; /* nv_prec */
    uint8_t cc;   /* 0 none, 1 CC0, 2 CC1 */
    uint8_t sat;  /* nv_sat */
} opsuffix;

bool arb_tok_word(const arb *a, const nv_token *t, const char *s);
bool arb_split_opcode(const char *s, size_t len, opsuffix *o);
bool arb_op_available(const arb *a, int op);
bool arb_op_option_ok(const arb *a, int op);
bool arb_check_new_name(arb *a, const nv_token *t);
bool arb_parse_int(arb *a, long long *v, bool allow_sign);
bool arb_parse_constant(arb *a, uint32_t *index, uint8_t *ncomp, bool allow_scalar_sign);
bool arb_parse_decl_array(arb *a, bool *is_array, uint32_t *size);
/* The part declarations share: "name", then "[size]" or "[]" (ARB_DECL_ARRAY)
 * and "=" (ARB_DECL_EQUALS required, ARB_DECL_EQUALS_OPTIONAL allowed);
 * the keyword before the name is the caller's. */
enum { ARB_DECL_ARRAY = 1, ARB_DECL_EQUALS = 2, ARB_DECL_EQUALS_OPTIONAL = 4 };
typedef struct arb_decl_head {
    const nv_token *name;
    bool is_array;
    uint32_t size;     /* 0: no size given */
    uint32_t size_off; /* offset of the token after the name (size errors point at size_off + 1) */
} arb_decl_head;
bool arb_parse_decl_head(arb *a, unsigned flags, arb_decl_head *h);
/* The variable the head names; NULL (diagnosed) when it cannot be added. */
nv_var *arb_add_decl_var(arb *a, const arb_decl_head *h, nv_var_kind kind);
/* Gives v its one binding, zeroed; NULL when out of memory. */
nv_binding *arb_one_binding(arb *a, nv_var *v);
bool arb_note_attrib(arb *a, const nv_binding *b);
long arb_buffer_elements(nv_var_kind kind);
/* Two variables bind a common element (same binding name and index). */
bool arb_vars_share_binding(const nv_var *v, const nv_var *w);
/* Distinct parameter and attribute bindings (nv_arb_count.c). */
bool arb_count_bindings(const arb *a, uint32_t *nparams, uint32_t *nattribs);
int arb_swz_char(char ch, bool *rgba);
bool arb_find_var(arb *a, const nv_token *t, uint32_t *var);
bool arb_parse_array_index(arb *a, const nv_var *v, int32_t *index, bool *has_rel, nv_rel *rel);
/* NV_vertex_program3's vertex.texcoord[A0.x + n], vertex.attrib[...],
 * result.texcoord[...] (result: the last): is one at the cursor, and
 * parse it into the whole-array binding *b and its index. */
bool arb_at_vp3_relative(arb *a, bool result);
bool arb_parse_vp3_relative(arb *a, bool result, nv_binding *b, int32_t *index, nv_rel *rel);
bool arb_parse_src(arb *a, nv_src *s, char want);
int arb_cc_rule(const arb *a, const nv_token *t, uint8_t *reg);
bool arb_parse_cc_test(arb *a, nv_cc_test *cc);
bool arb_parse_cc_paren(arb *a, nv_cc_test *cc);
bool arb_parse_writemask(arb *a, uint8_t *mask);
bool arb_parse_dst(arb *a, nv_inst *in);
bool arb_parse_tex_access(arb *a, nv_inst *in, bool allow_offset);
bool arb_parse_image_target(arb *a, nv_inst *in);
bool arb_parse_image_access(arb *a, nv_inst *in, bool with_target);
bool arb_parse_subroutine_type(arb *a);
bool arb_parse_subroutine(arb *a);
bool arb_parse_instruction(arb *a);
bool arb_parse_address_instruction(arb *a, const nv_opcode_info *info, const nv_token *t);

#endif

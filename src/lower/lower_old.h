/* The older NV/ARB family: ARBvp1.0/ARBfp1.0, VP1.0/VP1.1, VSP1.0, VP2.0,
 * FP1.0 and their options (NV_vertex_program2/3, NV_fragment_program2
 * options).  Its state lives in struct lower_old (c->olds); its files are
 * lower_old_*.c, which call only each other and the common layer. */
#ifndef NVGP_LOWER_OLD_H
#define NVGP_LOWER_OLD_H

#include "lower/lower_common.h"

enum { LOWER_MAX_OLD_TEMPS = 96, LOWER_MAX_OLD_ADDR = 2 };
enum { VSP_PARAMS = 96 }; /* program parameters of NV_vertex_program */

struct lower_old {
    /* the NV languages' fixed registers */
    bool old_temp_has[LOWER_MAX_OLD_TEMPS];
    tgsi_dst old_temp[LOWER_MAX_OLD_TEMPS];
    bool old_addr_has[LOWER_MAX_OLD_ADDR];
    tgsi_dst old_addr[LOWER_MAX_OLD_ADDR];
    /* NV vertex languages: v[n] and c[n] read without a relative address,
     * copied with denormals flushed to zero once at the start
     * (lower_old_regs.c); [0..15] attributes, [16..] parameters */
    bool ftz_has[16 + 256];
    tgsi_dst ftz_reg[16 + 256];
    /* VSP1.0: parameters the program writes live in temporaries (loaded
     * from CONST first) and leave as outputs named c[n] */
    bool vsp_written[256];
    tgsi_dst vsp_temp[256];
    bool vsp_array;           /* relative reads too: all of c[0..95] in a TEMP array */
    uint32_t vsp_array_id;
    tgsi_dst vsp_base;
    bool old_const_range;     /* c[] read relatively: whole range declared */
    bool vsp_has_addr;        /* VSP1.0: the ADDR register of bounded relative reads */
    tgsi_dst vsp_addr;
    /* the condition code of VP2/FP1.0/the ARB NV options: per component,
     * the last value written with a "C" suffix (EQ/GT/LT/UN are its
     * comparisons with zero); 0.0 (EQ) at the start.  NV_vertex_program3
     * has two, CC0 and CC1 ("C1" suffixes, "EQ1" tests): cc[1], created
     * only for programs that name it */
    bool has_cc;
    tgsi_dst cc[2];
    /* integer copies of the address registers (by ADDR index), so that
     * ARA and condition-code updates can compute on them */
    bool addr_shadow_has[16];
    tgsi_dst addr_shadow[16];
    /* the call stack shared by CAL/RET and PUSHA/POPA (VP2 and the ARB
     * options): a temporary array of stack_size vec4 integer entries,
     * bottom first, indexed through stack_addr; depth.x the depth, depth.y
     * bit i set where entry i holds an address register (PUSHA), clear
     * where it holds a return block (CAL) */
    bool has_stack;
    uint32_t stack_size;
    tgsi_dst stack, stack_addr;
    tgsi_dst depth;
    /* while lower_old_flow.c translates a PUSHA/POPA: x set to ~0 in the
     * lanes whose program the instruction ends (full or empty stack, or an
     * entry CAL pushed) */
    tgsi_dst stack_fail;
    /* the open REP and LOOP blocks (counter: REP x count; LOOP x count,
     * y index, z step, integers) */
    lower_loops loops;
    bool keep_loop_counters;  /* never release a counter (programs with subroutines) */
    /* CAL/RET with IF/REP/LOOP blocks: TGSI subroutines (lower_old_flow.c) */
    bool structured_calls;
    /* FP1.0 and the NV fragment options (NV_fragment_program 3.11.4.2):
     * the precision, 'H' or 'X' (0: none), that lower_src converts the
     * operands of the instruction being translated to, and the
     * temporaries holding them, released after it (lower_old_ops.c); 'D'
     * in the NV vertex languages, whose attribute and parameter operands
     * have denormals flushed to zero */
    int src_prec;
    uint32_t nsrc_conv;
    tgsi_dst src_conv[8];
};

/* The family's interface (lower_old_regs.c). */
extern const lower_family lower_old_family;

/* Translates one instruction (lower_old_ops.c; lower_inst calls it). */
void lower_old_inst(lower_ctx *c, const nv_inst *in);

/* An operand, loaded, converted to c->olds->src_prec in a new temporary
 * (lower_old_ops.c). */
tgsi_src lower_convert_src(lower_ctx *c, tgsi_src r);
/* A temporary released after the instruction being translated
 * (lower_old_ops.c). */
tgsi_dst lower_instruction_temp(lower_ctx *c);
/* The integer copy of ADDR register addr that ARL/ARR/ARA keep when they
 * compute exactly (lower_old_ops.c). */
tgsi_dst lower_addr_shadow(lower_ctx *c, tgsi_dst addr);
/* Whether the language flushes denormal operands and results to zero, and
 * the flush of r in place (lower_old_ops.c). */
bool lower_flushes_denormals(const lower_ctx *c);
void lower_flush_denormals(lower_ctx *c, tgsi_dst r);

/* The condition test t as an integer mask (~0 where it passes) in a new
 * temporary (lower_old_ops.c); the caller releases it. */
tgsi_dst lower_cc_test(lower_ctx *c, const nv_cc_test *t);

/* Programs with BRA/CAL/RET: the whole program as a program-counter loop
 * (lower_old_flow.c). */
bool lower_needs_pc_loop(const nv_program *p);
void lower_unstructured(lower_ctx *c);
/* Programs with CAL/RET and IF/REP/LOOP blocks (NV_fragment_program2, no
 * BRA/PUSHA/POPA): TGSI subroutines instead (lower_old_flow.c). */
bool lower_calls_structured(const nv_program *p);
void lower_structured_calls(lower_ctx *c);
/* After a call inside a LOOP block: its index back into the loop's
 * address register (lower_old_ops.c). */
void lower_reload_loop_index(lower_ctx *c);

/* Pushes value (a vec4; is_addr: an address register, else a return
 * block) onto the call stack in the lanes where cond (~0 / 0, scalar) is
 * set; where the stack is full nothing is pushed and fail.x becomes ~0
 * (lower_old_ops.c). */
void lower_stack_push(lower_ctx *c, tgsi_src cond, tgsi_src value, bool is_addr, tgsi_dst fail);
/* Pops the top entry into out in the lanes where cond is set; where the
 * stack is empty or the top entry is of the other kind nothing is popped
 * and fail.x becomes ~0. */
void lower_stack_pop(lower_ctx *c, tgsi_src cond, bool is_addr, tgsi_dst out, tgsi_dst fail);

#endif

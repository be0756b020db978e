/* Shared state of the lowering's files: lower.c (bindings, operands, the
 * binding map, the driver loop) and lower_ops.c (one handler per opcode,
 * dispatched through a table indexed by nv_opcode). */
#ifndef NVGP_LOWER_INTERNAL_H
#define NVGP_LOWER_INTERNAL_H

#include "lower/lower.h"
#include "tgsi/tgsi_build.h"

enum { LOWER_MAX_OLD_TEMPS = 96, LOWER_MAX_OLD_ADDR = 2 };
enum { VSP_PARAMS = 96 }; /* program parameters of NV_vertex_program */

typedef struct lower_ctx {
    const nv_program *p;
    tgsi_builder *b;
    nvgp_lower_map *map;
    nvgp_diag *diag;
    bool failed;
    bool old;                 /* VP1.x/VP2.0/VSP1.0/FP1.0 register files */
    bool gp;                  /* NV_gpu_program4/5 languages (lower_gp.h) */
    int32_t next_const;       /* next CONST register handed to a binding */
    /* per variable: TGSI register (file TEMP/ADDR/CONST/IN/OUT/IMM), or
     * has = false until first use */
    bool *var_has;
    tgsi_src *var_reg;
    /* old languages' fixed registers */
    bool old_temp_has[LOWER_MAX_OLD_TEMPS];
    tgsi_dst old_temp[LOWER_MAX_OLD_TEMPS];
    bool old_addr_has[LOWER_MAX_OLD_ADDR];
    tgsi_dst old_addr[LOWER_MAX_OLD_ADDR];
    /* NV vertex languages: v[n] and c[n] read without a relative address,
     * copied with denormals flushed to zero once at the start (lower.c);
     * [0..15] attributes, [16..] parameters */
    bool ftz_has[16 + 256];
    tgsi_dst ftz_reg[16 + 256];
    /* hash set over the map's slots (kind, index, name), for map_add */
    uint32_t *slot_hash;      /* slot + 1, 0 = empty */
    uint32_t slot_hash_cap;   /* power of two */
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
    /* while lower_flow.c translates a PUSHA/POPA: x set to ~0 in the lanes
     * whose program the instruction ends (full or empty stack, or an entry
     * CAL pushed) */
    tgsi_dst stack_fail;
    /* REP loop counters, innermost last (has_counter false: REP without count) */
    uint32_t nloops;
    bool loop_has_counter[64];
    bool loop_is_loop[64];    /* LOOP (with an index) rather than REP */
    tgsi_dst loop_counter[64]; /* REP: x count; LOOP: x count, y index, z step (integers) */
    bool keep_loop_counters;  /* never release a counter (programs with subroutines) */
    /* NV_gpu_program4/5 condition codes CC0/CC1 (lower_gp_cc.c owns them) */
    bool gp_has_cc[2];
    tgsi_dst gp_cc[2];
    /* an integer ADD/SUB/MAD/SAD handler's carry and overflow masks (~0/0
     * per component) for the condition-code update; has_cf/has_of false
     * for instructions that leave CF/OF cleared */
    bool gp_has_cf, gp_has_of;
    tgsi_dst gp_cf, gp_of;
    /* LONG TEMP variables (NV_gpu_program5): the second TGSI register (or
     * temporary array) of each, holding NV components z and w (lower_gp.h) */
    uint32_t gp_nlong;
    uint32_t gp_long_var[64];
    tgsi_src gp_long_hi[64];
    /* temporaries of the instruction being translated (integer operand
     * modifiers), released after it */
    uint32_t gp_nscratch;
    tgsi_dst gp_scratch[16];
    /* the MEMORY registers of global and shared memory (lower_gp_mem.c) */
    bool gp_has_global, gp_has_shared;
    tgsi_src gp_global, gp_shared;
    /* temporaries that BUFFER/BUFFER4 operands are loaded into, reused in
     * turn (an operand is read by the instruction right after its load) */
    uint32_t gp_nbuf, gp_next_buf;
    tgsi_dst gp_buf[16];
    /* the ADDR register texture instructions index SAMP through, per lane
     * (TEXTURE arrays indexed by a register, bindless handles; lower_gp_tex.c) */
    bool gp_has_tex_addr;
    tgsi_dst gp_tex_addr;
    /* NV_gpu_program4/5 bindings: per-variable registers and the state of
     * tessellation levels, computed compute values and address loads
     * (lower_gp_bind.c owns it) */
    struct lower_gpb *gpb;
    /* NV_gpu_program4/5 subroutines (lower_gp_flow.c): their labels and
     * call-depth state while the program is translated, and per lane the
     * call depth (x), ~0 once a call on a full stack has ended the program
     * (y) and CALI's subroutine number (z) */
    struct lower_gp_subs *gp_subs;
    bool gp_has_calls;
    tgsi_dst gp_calls;
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
    /* FP1.0 and the NV fragment options (NV_fragment_program 3.11.4.2):
     * the precision, 'H' or 'X' (0: none), that lower_src converts the
     * operands of the instruction being translated to, and the
     * temporaries holding them, released after it (lower_ops.c); 'D' in
     * the NV vertex languages, whose attribute and parameter operands
     * have denormals flushed to zero */
    int src_prec;
    uint32_t nsrc_conv;
    tgsi_dst src_conv[8];
    /* while a conditional write is lowered, handlers write here instead */
    bool has_dst_override;
    tgsi_dst dst_override;
    /* the same for 64-bit results (lower_gp_dst64): the pairs of NV
     * components x, y ([0]) and z, w ([1]) */
    bool has_dst64_override;
    tgsi_dst dst64_override[2];
} lower_ctx;

/* Reports err at offset and marks the translation failed. */
void lower_error(lower_ctx *c, uint32_t offset, const char *fmt, ...) NVGP_PRINTF(3, 4);

/* Records that binding `name` is register index of file (vertex >= 0: of a
 * per-vertex input, IN[vertex][index]) in the binding map (lower.c). */
void lower_map_add_vertex(lower_ctx *c, nvgp_lower_slot_kind kind, tgsi_file file, int32_t vertex, int32_t index,
                          const char *name, const uint32_t *value);

/* As lower_map_add_vertex for a binding that is component comp (0..3) of
 * the register (nvgp_lower_slot.component). */
void lower_map_add_comp(lower_ctx *c, nvgp_lower_slot_kind kind, tgsi_file file, int32_t vertex, int32_t index,
                        int8_t comp, const char *name);

/* The register standing for clip distance n (result.clip[n], o[CLPn]) as a
 * destination: element n of the clip temporaries; declares its CLIPDIST
 * output and names it `name` in the map (lower.c). */
tgsi_src lower_clip_result(lower_ctx *c, int32_t n, const char *name, uint32_t offset);
/* After an instruction: copies the clip temporaries to their CLIPDIST
 * components if it wrote one (lower_inst calls it). */
void lower_clip_flush(lower_ctx *c);

/* An operand, loaded, converted to c->src_prec in a new temporary
 * (lower_ops.c). */
tgsi_src lower_convert_src(lower_ctx *c, tgsi_src r);
/* A temporary released after the instruction being translated
 * (lower_ops.c). */
tgsi_dst lower_instruction_temp(lower_ctx *c);
/* The integer copy of ADDR register addr that ARL/ARR/ARA keep when they
 * compute exactly (lower_ops.c). */
tgsi_dst lower_addr_shadow(lower_ctx *c, tgsi_dst addr);
/* Whether the language flushes denormal operands and results to zero, and
 * the flush of r in place (lower_ops.c). */
bool lower_flushes_denormals(const lower_ctx *c);
void lower_flush_denormals(lower_ctx *c, tgsi_dst r);

/* A binding name without its "[n]" parts ("vertex[2].attrib[3]" ->
 * "vertex.attrib"), and the last n in *index (0 when absent) (lower.c). */
void lower_split_name(const char *name, char *base, size_t cap, int32_t *index);

/* Operands (lower.c). */
tgsi_src lower_src(lower_ctx *c, const nv_src *s);
tgsi_dst lower_dst(lower_ctx *c, const nv_dst *d);
tgsi_src lower_sampler(lower_ctx *c, const nv_inst *in, tgsi_texture *target);
/* The sampler of texture image unit in->tex.unit (texture[n]); TEXTURE
 * variables are the 4.0/5.0 lowering's (lower_gp_sampler). */
tgsi_src lower_unit_sampler(lower_ctx *c, const nv_inst *in, tgsi_texture *target);
/* The TGSI target of an nv_tex_target. */
tgsi_texture lower_tex_target(uint8_t target);

/* The condition test t as an integer mask (~0 where it passes) in a new
 * temporary (lower_ops.c); the caller releases it. */
tgsi_dst lower_cc_test(lower_ctx *c, const nv_cc_test *t);

/* Programs with BRA/CAL/RET: the whole program as a program-counter loop
 * (lower_flow.c). */
bool lower_needs_pc_loop(const nv_program *p);
void lower_unstructured(lower_ctx *c);
/* Programs with CAL/RET and IF/REP/LOOP blocks (NV_fragment_program2, no
 * BRA/PUSHA/POPA): TGSI subroutines instead (lower_flow.c). */
bool lower_calls_structured(const nv_program *p);
void lower_structured_calls(lower_ctx *c);
/* After a call inside a LOOP block: its index back into the loop's
 * address register (lower_ops.c). */
void lower_reload_loop_index(lower_ctx *c);

/* Pushes value (a vec4; is_addr: an address register, else a return
 * block) onto the call stack in the lanes where cond (~0 / 0, scalar) is
 * set; where the stack is full nothing is pushed and fail.x becomes ~0
 * (lower_ops.c). */
void lower_stack_push(lower_ctx *c, tgsi_src cond, tgsi_src value, bool is_addr, tgsi_dst fail);
/* Pops the top entry into out in the lanes where cond is set; where the
 * stack is empty or the top entry is of the other kind nothing is popped
 * and fail.x becomes ~0. */
void lower_stack_pop(lower_ctx *c, tgsi_src cond, bool is_addr, tgsi_dst out, tgsi_dst fail);

/* Runs the old languages' handler of in->op (lower_ops.c), without their
 * condition-code and precision wrapping: the 4.0/5.0 lowering shares the
 * float sequences (DPH, XPD, SWZ, LIT, RCC, RFL, X2D, ...) this way.  False
 * when the old languages have no handler for the opcode. */
bool lower_old_sequence(lower_ctx *c, const nv_inst *in);

/* PK4B and UP4B with the NVIDIA languages' excess-128 bytes (lower_pack.c):
 * a new temporary holding the packed bits in x (pk4b; s a float vector) or
 * the four unpacked floats (up4b; s the scalar operand's bits, replicated).
 * The caller releases it. */
tgsi_dst lower_pk4b_excess128(lower_ctx *c, tgsi_src s);
tgsi_dst lower_up4b_excess128(lower_ctx *c, tgsi_src s);

/* Translates one instruction (lower_ops.c). */
void lower_inst(lower_ctx *c, const nv_inst *in);

#endif

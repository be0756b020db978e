/* Private to the vertex-program parsers (nv_parse_vp.c: the grammar of
 * NV_vertex_program2 Section 2.14.1.8 shared by VP1.0, VP1.1, VP2.0 and
 * VSP1.0; nv_parse_vp2.c: what only VP2.0 has -- labels, BRA/CAL/RET and
 * condition-code masks). */
#ifndef NVGP_NV_PARSE_VP_H
#define NVGP_NV_PARSE_VP_H

#include "nv/nv_old.h"

typedef struct nv_vp {
    nv_parse_ctx *c;
    bool vp2, vp11, vsp;     /* header: VP2.0; VP1.1; VSP1.0 (else VP1.0) */
    bool pos_inv;            /* OPTION NV_position_invariant */
    uint16_t lang;           /* NV_L_* bit of the header */
    unsigned max_temps;      /* 12 or 16 */
    unsigned max_params;     /* 96 or 256 */
    unsigned max_pos_off, max_neg_off; /* relative offsets: 63/64 or 255/256 */
    unsigned max_insts;
    bool hpos_written, param_written;
} nv_vp;

/* VP2.0: a label definition "name:" at the current token (identifier
 * followed by ':'). */
bool nv_vp2_label(nv_vp *vp);
/* VP2.0: the operands of BRA/CAL (label and condition) or RET (condition). */
bool nv_vp2_branch(nv_vp *vp, nv_inst *in);
/* VP2.0: an optional "(" <rule> <swizzle> ")" condition-code mask. */
bool nv_vp2_ccmask(nv_vp *vp, nv_cc_test *t);
/* VP2.0, after END: every referenced label is defined. */
bool nv_vp2_finish(nv_vp *vp);

#endif

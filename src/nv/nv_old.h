/* The older NVIDIA languages (!!VP1.0, !!VP1.1, !!VP2.0, !!VSP1.0, !!FP1.0):
 * how their fixed registers appear in the program IR (nv_ir.h), for the
 * lowering and the printer, and the grammar pieces their parsers share
 * (swizzles, write masks, condition-code masks, opcode suffixes).
 *
 * Register numbering in nv_src/nv_dst (var = NV_VAR_NONE):
 *   VP  v[n], v[OPOS]...   NV_FILE_ATTRIB  index 0..15 (Table X.3 mnemonics)
 *       c[n]               NV_FILE_PARAM   index n; c[A1.y-2]: has_rel,
 *                          rel = {NV_FILE_ADDRESS, comp 1, index 1}, index -2
 *       R0..R15            NV_FILE_TEMP    index n
 *       o[HPOS]...         NV_FILE_OUTPUT  index nv_vp_result (Table X.1 order)
 *       A0, A1             NV_FILE_ADDRESS index 0, 1
 *       CC (VP2 dst)       NV_FILE_CC      index 0
 *   VSP destinations c[n]  NV_FILE_PARAM (the only program writing params)
 *   FP  f[WPOS]...         NV_FILE_ATTRIB  index nv_fp_attrib
 *       R0..R31            NV_FILE_TEMP    index n
 *       H0..H63            NV_FILE_TEMP    index NV_FP_HREG_BASE + n
 *       RC, HC             NV_FILE_CC      index 0 (RC), 1 (HC)
 *       o[COLR]...         NV_FILE_OUTPUT  index nv_fp_result
 *       p[n]               NV_FILE_PARAM   index n (numbered local parameter)
 *       DECLARE'd name     NV_FILE_PARAM   var = the NV_VAR_PARAM variable (its
 *                          binding: NV_BIND_LOCAL, index -1, konst = initial value)
 *       constants          NV_FILE_CONST   konst (named constants are replaced
 *                          by their value; vector constants are stored expanded
 *                          to four components, scalars replicated)
 * Condition codes: inst.cc_update = 1 for the "C" suffix; dst.cc holds a
 * "(GT.xyzw)" write mask; KIL/BRA/CAL/RET conditions are inst.cond (cond
 * NV_COND_NONE = unconditional).  FP1.0 precision suffixes are inst.prec,
 * "_SAT" is inst.sat.  Texture instructions: tex.unit 0..15, tex.target. */
#ifndef NVGP_NV_OLD_H
#define NVGP_NV_OLD_H

#include "base/strbuf.h"
#include "nv/nv_parse.h"

#include <stdbool.h>
#include <stdint.h>

/* Vertex result registers, Table X.1 of NV_vertex_program2. */
typedef enum nv_vp_result {
    NV_VPR_HPOS, NV_VPR_COL0, NV_VPR_COL1, NV_VPR_BFC0, NV_VPR_BFC1,
    NV_VPR_FOGC, NV_VPR_PSIZ,
    NV_VPR_TEX0, NV_VPR_TEX7 = NV_VPR_TEX0 + 7,
    NV_VPR_CLP0, NV_VPR_CLP5 = NV_VPR_CLP0 + 5,
    NV_VPR_COUNT
} nv_vp_result;

/* Fragment attribute registers, Table X.1 of NV_fragment_program. */
typedef enum nv_fp_attrib {
    NV_FPA_WPOS, NV_FPA_COL0, NV_FPA_COL1, NV_FPA_FOGC,
    NV_FPA_TEX0, NV_FPA_TEX7 = NV_FPA_TEX0 + 7,
    NV_FPA_COUNT
} nv_fp_attrib;

/* Fragment output registers, Table X.3 of NV_fragment_program. */
typedef enum nv_fp_result { NV_FPR_COLR, NV_FPR_COLH, NV_FPR_DEPR, NV_FPR_COUNT } nv_fp_result;

enum { NV_FP_HREG_BASE = 32 };

/* Name of a vertex result / fragment attribute / fragment result register
 * ("HPOS", "TEX3", ...). */
const char *nvgp_nv_vp_result_name(unsigned r);
const char *nvgp_nv_fp_attrib_name(unsigned a);
const char *nvgp_nv_fp_result_name(unsigned r);

/* Appends the program's text (nv_print_old.c); false for programs of other
 * headers.  The text assembles to a program that prints identically. */
bool nvgp_nv_print_old(const nv_program *p, nvgp_strbuf *out);

/* ---- Shared grammar pieces (nv_old.c), used by the parsers only. ---- */

/* The current token spells one of names[0..n): its index, or -1. */
int nv_old_match(const nv_parse_ctx *c, const char *const *names, int n);

/* Parses "." <swizzle> after an operand, or nothing.  allow1: ".x" (one
 * component, replicated); allow4: ".xyzw"; other lengths are errors.
 * *count gets 0 (none), 1 or 4.  False after reporting. */
bool nv_old_swizzle(nv_parse_ctx *c, bool allow1, bool allow4, uint8_t swz[4], int *count);

/* Parses an optional write mask ".xzw" (components in xyzw order, each at
 * most once) into *mask (0xF when absent).  False after reporting. */
bool nv_old_writemask(nv_parse_ctx *c, uint8_t *mask);

/* Parses a condition-code test "GT", "GT.x", "GT.xyzw" (no parentheses)
 * into t.  allow1: a one-component swizzle is allowed.  False after
 * reporting. */
bool nv_old_cc_test(nv_parse_ctx *c, bool allow1, nv_cc_test *t);

/* Splits an opcode token of the old languages: "ADDRC_SAT" -> ADD with
 * precision R, C and _SAT.  allow_prec/allow_sat say whether the language
 * has R/H/X and _SAT suffixes at all.  Returns the opcode or -1 when the
 * word is no opcode of the table; *suffix_ok is false when the opcode
 * exists but its row's OLDMODS column does not allow a suffix written. */
int nv_old_split_opcode(const char *s, size_t len, bool allow_prec, bool allow_sat,
                        uint8_t *prec, bool *cc, bool *sat, bool *suffix_ok);

/* NV_vertex_program's mnemonic of vertex attribute register v[index]
 * ("OPOS", "COL0", ...), or NULL where it has none (v[6], v[7]). */
const char *nvgp_nv_vp_attrib_mnemonic(int32_t index);

#endif

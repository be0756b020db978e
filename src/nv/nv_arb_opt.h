/* Declarations and whole-program rules of the options of real programs
 * (nv_arb_opt.c), for nv_parse_arb.c. */
#ifndef NVGP_NV_ARB_OPT_H
#define NVGP_NV_ARB_OPT_H

#include "nv/nv_arb.h"

/* Which option declaration t starts (PASSTHROUGH,
 * SECONDARY_VIEW_LAYER_OFFSET), or -1. */
int arb_opt_decl_keyword(const arb *a, const nv_token *t);
/* Reads that declaration (without its ';'). */
bool arb_parse_opt_decl(arb *a, int which);
/* The options' rules on the whole program, after END. */
bool arb_check_opt_rules(arb *a);

#endif

/* Placeholder: filled in by the TGSI reader work. */
#include "tgsi/tgsi_names.h"

const char *nvgp_tgsi_name(tgsi_name_table t, unsigned v) { (void)t; (void)v; return 0; }
unsigned nvgp_tgsi_name_count(tgsi_name_table t) { (void)t; return 0; }
int nvgp_tgsi_name_lookup(tgsi_name_table t, const char *s, size_t len) { (void)t; (void)s; (void)len; return -1; }

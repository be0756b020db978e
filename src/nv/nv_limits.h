/* Implementation-dependent limits of the assembler (nv_limits.def; the table
 * is documented in docs/limits.md). */
#ifndef NVGP_NV_LIMITS_H
#define NVGP_NV_LIMITS_H

enum {
#define NV_LIMIT(id, value, query, minimum, source, origin) NV_LIMIT_##id = (value),
#include "nv/nv_limits.def"
#undef NV_LIMIT
};

#endif

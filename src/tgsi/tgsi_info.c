#include "tgsi/tgsi_info.h"

#include <string.h>

#define TYPE_OF(c) ((c) == 'f' ? TGSI_TYPE_FLOAT : (c) == 'i' ? TGSI_TYPE_INT : \
                    (c) == 'u' ? TGSI_TYPE_UINT : (c) == 'd' ? TGSI_TYPE_DOUBLE : \
                    (c) == 'I' ? TGSI_TYPE_INT64 : (c) == 'U' ? TGSI_TYPE_UINT64 : \
                    (c) == 'x' ? TGSI_TYPE_UNTYPED : (c) == 'r' ? TGSI_TYPE_RESOURCE : \
                    TGSI_TYPE_NONE)
/* Index i of a string literal, or '-' past its end. */
#define CH(s, i) (sizeof(s) > (i) + 1 ? (s)[(i) < sizeof(s) ? (i) : 0] : '-')

const tgsi_opcode_info nvgp_tgsi_opcode_infos[TGSI_OPCODE_COUNT] = {
#define OP(name, ndst, nsrc, mode, dtype, stypes, flags)                         \
    [TGSI_OPCODE_##name] = { #name, ndst, nsrc, TGSI_OUTPUT_##mode, TYPE_OF(dtype[0]), \
                             { TYPE_OF(CH(stypes, 0)), TYPE_OF(CH(stypes, 1)),   \
                               TYPE_OF(CH(stypes, 2)), TYPE_OF(CH(stypes, 3)),   \
                               TYPE_OF(CH(stypes, 4)) },                         \
                             (flags) },
#include "tgsi/tgsi_opcodes.def"
#undef OP
};

/* The table's rows must agree with themselves: one type letter per source,
 * and no more operands than an instruction can hold. */
#define OP(name, ndst, nsrc, mode, dtype, stypes, flags)                         \
    _Static_assert(sizeof(stypes) - 1 == (nsrc), "type letters of " #name);     \
    _Static_assert((ndst) <= TGSI_MAX_DST && (nsrc) <= TGSI_MAX_SRC, "operands of " #name);
#include "tgsi/tgsi_opcodes.def"
#undef OP

/* Opcode names are looked up in an open-addressing hash table filled once
 * (call_once); it is read-only afterwards, so lookups are thread-safe and
 * take constant time, never a scan of the table. */
#include <threads.h>

enum { HASH_SIZE = 1024 }; /* power of two, > 3x the opcode count */

static uint16_t hash_table[HASH_SIZE]; /* opcode + 1; 0 = empty */
static once_flag hash_once = ONCE_FLAG_INIT;

static uint32_t name_hash(const char *s, size_t n)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= 16777619u;
    }
    return h;
}

static void build_hash(void)
{
    for (unsigned op = 0; op < TGSI_OPCODE_COUNT; op++) {
        const char *name = nvgp_tgsi_opcode_infos[op].name;
        uint32_t h = name_hash(name, strlen(name)) & (HASH_SIZE - 1);
        while (hash_table[h])
            h = (h + 1) & (HASH_SIZE - 1);
        hash_table[h] = (uint16_t)(op + 1);
    }
}

tgsi_opcode nvgp_tgsi_opcode_lookup(const char *name, size_t len)
{
    call_once(&hash_once, build_hash);
    uint32_t h = name_hash(name, len) & (HASH_SIZE - 1);
    while (hash_table[h]) {
        unsigned op = hash_table[h] - 1u;
        const char *cand = nvgp_tgsi_opcode_infos[op].name;
        if (strncmp(cand, name, len) == 0 && cand[len] == '\0')
            return (tgsi_opcode)op;
        h = (h + 1) & (HASH_SIZE - 1);
    }
    return TGSI_OPCODE_COUNT;
}

const char *nvgp_tgsi_type_name(tgsi_type t)
{
    static const char *const names[] = { "none", "float", "int", "uint", "double",
                                         "int64", "uint64", "untyped", "resource" };
    return (unsigned)t < sizeof names / sizeof names[0] ? names[t] : "?";
}

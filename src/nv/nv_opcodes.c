/* Rows of nv_opcodes.def and nv_options.def as constant tables, with name
 * lookup by binary search (the .def files keep their rows sorted by name;
 * tests/nv checks that). */
#include "nv/nv_opcodes.h"

#include <string.h>

static const nv_opcode_info nv_opcode_table[NV_OP_COUNT] = {
#define NV_OP(name, cls, v, mods, out, in, prog, opt, langs, oldmods, desc) \
    {#name, NV_CLASS_##cls, v, mods, out, in, prog, NV_OPTION_##opt, langs, oldmods, desc},
#include "nv/nv_opcodes.def"
#undef NV_OP
};

static const nv_option_info nv_option_table[NV_OPTION_COUNT] = {
    {"", 0, 0},
#define NV_OPTION(name, headers, implied) {#name, headers, implied},
#include "nv/nv_options.def"
#undef NV_OPTION
};

const nv_opcode_info *nvgp_nv_opcode_info(nv_opcode op)
{
    return (unsigned)op < NV_OP_COUNT ? &nv_opcode_table[op] : NULL;
}

/* Compares the counted string s[0..len) with the C string name. */
static int cmp_counted(const char *s, size_t len, const char *name)
{
    size_t n = strlen(name);
    int c = memcmp(s, name, len < n ? len : n);
    if (c)
        return c;
    return len < n ? -1 : len > n ? 1 : 0;
}

int nvgp_nv_opcode_lookup(const char *s, size_t len)
{
    int lo = 0, hi = NV_OP_COUNT - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        int c = cmp_counted(s, len, nv_opcode_table[mid].name);
        if (c == 0)
            return mid;
        if (c < 0)
            hi = mid - 1;
        else
            lo = mid + 1;
    }
    return -1;
}

const nv_option_info *nvgp_nv_option_info(nv_option opt)
{
    return (unsigned)opt < NV_OPTION_COUNT ? &nv_option_table[opt] : NULL;
}

nv_option nvgp_nv_option_lookup(const char *s, size_t len)
{
    /* Few options and looked up once per OPTION statement: a linear scan. */
    for (int i = 1; i < NV_OPTION_COUNT; i++)
        if (cmp_counted(s, len, nv_option_table[i].name) == 0)
            return (nv_option)i;
    return NV_OPTION_NONE;
}

/* Rows of nv_opcodes.def and nv_options.def as constant tables, with opcode
 * lookup by name through a hash built once (the .def files keep their rows
 * sorted by name for readers; tests/nv checks that). */
#include "nv/nv_opcodes.h"

#include <pthread.h>
#include <stdint.h>
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

/* Opcode names hashed once (open addressing over a power-of-two table):
 * the parsers look up every instruction's opcode, often several times while
 * splitting suffixes. */
enum { OPCODE_HASH_SIZE = 1024 };
static int16_t opcode_hash[OPCODE_HASH_SIZE];
static pthread_once_t opcode_hash_once = PTHREAD_ONCE_INIT;

static uint32_t hash_counted(const char *s, size_t len)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

static void build_opcode_hash(void)
{
    for (int i = 0; i < OPCODE_HASH_SIZE; i++)
        opcode_hash[i] = -1;
    for (int op = 0; op < NV_OP_COUNT; op++) {
        const char *name = nv_opcode_table[op].name;
        uint32_t j = hash_counted(name, strlen(name)) & (OPCODE_HASH_SIZE - 1);
        while (opcode_hash[j] >= 0)
            j = (j + 1) & (OPCODE_HASH_SIZE - 1);
        opcode_hash[j] = (int16_t)op;
    }
}

int nvgp_nv_opcode_lookup(const char *s, size_t len)
{
    if (len == 0)
        return -1;
    pthread_once(&opcode_hash_once, build_opcode_hash);
    for (uint32_t j = hash_counted(s, len) & (OPCODE_HASH_SIZE - 1); opcode_hash[j] >= 0;
         j = (j + 1) & (OPCODE_HASH_SIZE - 1)) {
        const char *name = nv_opcode_table[opcode_hash[j]].name;
        if (name[0] == s[0] && cmp_counted(s, len, name) == 0)
            return opcode_hash[j];
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

/* Counting parameter and attribute bindings of ARB-grammar programs against
 * MAX_PROGRAM_PARAMETERS_ARB and MAX_PROGRAM_ATTRIBS_ARB.
 *
 * ARB_vertex_program 2.14.3.7 (ARB_fragment_program 3.11.3.7 says the same):
 * "Each distinct vertex attribute bound explicitly or implicitly in the
 * program counts against this limit; vertex attributes bound multiple times
 * count only once."  "Each distinct GL state vector bound explicitly or
 * implicitly in the program counts against this limit; GL state vectors bound
 * multiple times count only once.  Each constant vector bound to an array
 * accessed using relative addressing counts against this limit, even if the
 * same constant vector is bound multiple times or in multiple arrays.  Every
 * other constant vector bound in the program is counted if and only if an
 * identical constant vector has not already been counted."
 *
 * Each bound element gets a key string (the binding with its element number,
 * or the four words of a constant); a hash set of keys counts the distinct
 * ones. */
#include "nv/nv_arb.h"

#include "base/arena.h"

#include <stdlib.h>
#include <string.h>

typedef struct key_set {
    const char **keys;  /* open addressing, power-of-two size; NULL = empty */
    uint64_t *hashes;
    size_t cap, count;
    nvgp_arena *store;  /* the keys' characters */
    bool oom;
} key_set;

static uint64_t hash_key(const char *s, size_t len)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
    return h;
}

static bool set_grow(key_set *set)
{
    size_t ncap = set->cap ? set->cap * 2 : 256;
    const char **nk = calloc(ncap, sizeof *nk);
    uint64_t *nh = calloc(ncap, sizeof *nh);
    if (!nk || !nh) {
        free(nk);
        free(nh);
        set->oom = true;
        return false;
    }
    for (size_t i = 0; i < set->cap; i++) {
        if (!set->keys[i])
            continue;
        size_t j = (size_t)set->hashes[i] & (ncap - 1);
        while (nk[j])
            j = (j + 1) & (ncap - 1);
        nk[j] = set->keys[i];
        nh[j] = set->hashes[i];
    }
    free(set->keys);
    free(set->hashes);
    set->keys = nk;
    set->hashes = nh;
    set->cap = ncap;
    return true;
}

/* Adds key[0..len) (copied); counts it when it was not there yet. */
static void set_add(key_set *set, const char *key, size_t len)
{
    if (set->oom || ((set->count + 1) * 2 > set->cap && !set_grow(set)))
        return;
    uint64_t h = hash_key(key, len);
    size_t i = (size_t)h & (set->cap - 1);
    for (; set->keys[i]; i = (i + 1) & (set->cap - 1))
        if (set->hashes[i] == h && strlen(set->keys[i]) == len && !memcmp(set->keys[i], key, len))
            return;
    char *copy = nvgp_arena_strndup(set->store, key, len);
    if (!copy) {
        set->oom = true;
        return;
    }
    set->keys[i] = copy;
    set->hashes[i] = h;
    set->count++;
}

static void set_free(key_set *set)
{
    free(set->keys);
    free(set->hashes);
}

/* A small string builder for keys (no printf: keys are built per operand). */
typedef struct key_buf {
    char s[320];
    size_t n;
} key_buf;

static void put_chars(key_buf *k, const char *s, size_t n)
{
    if (n > sizeof k->s - 1 - k->n)
        n = sizeof k->s - 1 - k->n;
    memcpy(k->s + k->n, s, n);
    k->n += n;
}

static void put_number(key_buf *k, long long v)
{
    char digits[24];
    int nd = 0;
    bool neg = v < 0;
    unsigned long long u = neg ? 0ull - (unsigned long long)v : (unsigned long long)v;
    do {
        digits[nd++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (neg)
        put_chars(k, "-", 1);
    while (nd) {
        nd--;
        put_chars(k, &digits[nd], 1);
    }
}

/* The key of element i of binding b: its kind and name with the last
 * bracketed number advanced by i ("state.matrix.mvp.row[2]"), or the name
 * and element number where the name has no number ("state.matrix.mvp" row 2). */
static void element_key(const nv_binding *b, uint32_t i, key_buf *k)
{
    k->n = 0;
    char kind = (char)('A' + b->kind);
    put_chars(k, &kind, 1);
    if (b->kind == NV_BIND_ENV || b->kind == NV_BIND_LOCAL) {
        put_number(k, (long long)b->index + i);
        return;
    }
    const char *br = strrchr(b->name, '[');
    if (!br && b->kind == NV_BIND_ATTRIB && b->count > 1) {
        /* a whole array addressed relatively ("fragment.texcoord" of
         * fragment.texcoord[A0.x], NV_vertex_program3's vertex.attrib[A0.x]):
         * element i is the attribute written name[i] */
        put_chars(k, b->name, strlen(b->name));
        put_chars(k, "[", 1);
        put_number(k, i);
        put_chars(k, "]", 1);
        return;
    }
    if (!br) {
        put_chars(k, b->name, strlen(b->name));
        put_chars(k, "#", 1);
        put_number(k, i);
        return;
    }
    char *end;
    long n = strtol(br + 1, &end, 10);
    put_chars(k, b->name, (size_t)(br + 1 - b->name));
    put_number(k, (long long)n + i);
    put_chars(k, end, strlen(end));
}

static void const_key(const nv_const *c, key_buf *k)
{
    k->n = 0;
    put_chars(k, "K", 1);
    for (int j = 0; j < 4; j++) {
        uint32_t u = c->scalar ? c->v.u[0] : c->v.u[j];
        char w[8];
        for (int d = 0; d < 8; d++)
            w[d] = "0123456789abcdef"[(u >> (28 - 4 * d)) & 15];
        put_chars(k, w, 8);
    }
}

static bool relative_array(const arb *a, uint32_t var)
{
    for (uint32_t i = 0; i < a->nrel_arrays; i++)
        if (a->rel_arrays[i] == var)
            return true;
    return false;
}

bool arb_count_bindings(const arb *a, uint32_t *nparams, uint32_t *nattribs)
{
    const nv_program *p = a->c->prog;
    nvgp_arena store;
    nvgp_arena_init(&store);
    key_set params = {.store = &store}, attribs = {.store = &store};
    uint32_t relative_consts = 0;
    key_buf key;
    for (uint32_t v = 0; v < p->nvars; v++) {
        const nv_var *var = &p->vars[v];
        if (var->kind != NV_VAR_PARAM && var->kind != NV_VAR_ATTRIB)
            continue;
        bool rel = var->kind == NV_VAR_PARAM && relative_array(a, v);
        for (uint32_t b = 0; b < var->nbindings; b++) {
            const nv_binding *bd = &var->bindings[b];
            for (uint32_t i = 0; i < bd->count; i++) {
                if (bd->kind == NV_BIND_CONST) {
                    if (rel) {
                        relative_consts++;
                        continue;
                    }
                    const_key(&p->consts[bd->konst], &key);
                } else {
                    element_key(bd, i, &key);
                }
                set_add(var->kind == NV_VAR_PARAM ? &params : &attribs, key.s, key.n);
            }
        }
    }
    /* Constants written in instructions are bound implicitly. */
    for (uint32_t n = 0; n < p->ninsts; n++)
        for (uint32_t s = 0; s < p->insts[n].nsrc; s++)
            if (p->insts[n].src[s].file == NV_FILE_CONST) {
                const_key(&p->consts[p->insts[n].src[s].konst], &key);
                set_add(&params, key.s, key.n);
            }
    bool ok = !params.oom && !attribs.oom;
    *nparams = (uint32_t)params.count + relative_consts;
    *nattribs = (uint32_t)attribs.count;
    set_free(&params);
    set_free(&attribs);
    nvgp_arena_destroy(&store);
    if (!ok)
        return nv_error(a->c, 0, "out of memory");
    return true;
}

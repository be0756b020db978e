/* What the language parsers share: the parse context (tokens, the program
 * being built, the diagnostic), token helpers, and growable program arrays
 * with a hashed name table.  nv_assemble.c lexes the program, reads the
 * header and hands the context to the parser of that language:
 *
 *   nvgp_nv_parse_arb   ARBvp1.0, ARBfp1.0, NVvp4.0 ... NVcp5.0 (nv_parse_arb.c)
 *   nvgp_nv_parse_vp1   VP1.0, VP1.1, VSP1.0                     (nv_parse_vp.c)
 *   nvgp_nv_parse_vp2   VP2.0                                    (nv_parse_vp.c)
 *   nvgp_nv_parse_fp1   FP1.0                                    (nv_parse_fp1.c)
 * nv_assemble.c calls the old-language entry points once those files exist
 * (checked with __has_include), so the tree builds before they land.
 *
 * A parser starts at the token after the header, fills ctx->prog, and
 * returns false after reporting the first error with nv_error/nv_error_at_end
 * (PROGRAM_ERROR_POSITION is the first error, so parsers stop there). */
#ifndef NVGP_NV_PARSE_H
#define NVGP_NV_PARSE_H

#include "base/diag.h"
#include "nv/nv_ir.h"
#include "nv/nv_lex.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct nv_name_entry {
    const char *name;
    uint32_t len;
    uint32_t hash;
    uint32_t value;     /* variable or label index */
    uint8_t what;       /* NV_NAME_VAR / NV_NAME_LABEL */
} nv_name_entry;

enum { NV_NAME_VAR = 1, NV_NAME_LABEL = 2 };

typedef struct nv_parse_ctx {
    nv_program *prog;
    const char *src;
    size_t len;
    const nv_token *tok;
    size_t ntok;
    size_t pos;          /* current token */
    nvgp_diag *diag;
    bool failed;
    uint32_t cap_vars, cap_insts, cap_labels, cap_consts;
    nv_name_entry *names; /* open addressing, power-of-two size */
    uint32_t names_cap, names_count;
    /* While a BUFFER/BUFFER4/CBUFFER declaration is read: how many of its
     * elements (words, vectors or bytes) one binding point holds; 0 outside. */
    int32_t buffer_elements;
} nv_parse_ctx;

bool nvgp_nv_parse_arb(nv_parse_ctx *c);
bool nvgp_nv_parse_vp1(nv_parse_ctx *c);
bool nvgp_nv_parse_vp2(nv_parse_ctx *c);
bool nvgp_nv_parse_fp1(nv_parse_ctx *c);

/* Tokens. */
static inline const nv_token *nv_peek(const nv_parse_ctx *c) { return &c->tok[c->pos]; }
static inline const nv_token *nv_peek_n(const nv_parse_ctx *c, size_t n)
{
    size_t i = c->pos + n;
    return &c->tok[i < c->ntok ? i : c->ntok - 1];
}
static inline const nv_token *nv_next(nv_parse_ctx *c)
{
    const nv_token *t = &c->tok[c->pos];
    if (c->pos + 1 < c->ntok)
        c->pos++;
    return t;
}
static inline bool nv_at(const nv_parse_ctx *c, nv_tok_kind k) { return c->tok[c->pos].kind == k; }
/* The current token is the word s. */
bool nv_at_word(const nv_parse_ctx *c, const char *s);
/* Consumes a token of kind k, or reports "expected <what>" and fails. */
bool nv_expect(nv_parse_ctx *c, nv_tok_kind k, const char *what);
/* Consumes the word s, or reports and fails. */
bool nv_expect_word(nv_parse_ctx *c, const char *s);

/* Errors: the first one fails the parse; later ones are ignored. */
bool nv_error(nv_parse_ctx *c, size_t offset, const char *fmt, ...) NVGP_PRINTF(3, 4);
/* An error found only after the whole program is read (at the program's length). */
bool nv_error_at_end(nv_parse_ctx *c, const char *fmt, ...) NVGP_PRINTF(2, 3);
/* Error at the current token. */
/* "%.*s" arguments quoting token t as written (its first 40 bytes): a
 * message about a number says the number the text has, not the value it
 * was clamped to. */
#define TOKEN_TEXT(c, t) (int)((t)->len > 40 ? 40 : (t)->len), (c)->src + (t)->offset

#define nv_error_here(c, ...) nv_error((c), nv_peek(c)->offset, __VA_ARGS__)

/* Program arrays (NULL when out of memory, after reporting). */
nv_var *nv_add_var(nv_parse_ctx *c, const char *name, size_t len, nv_var_kind kind, uint32_t offset, uint32_t *index);
nv_inst *nv_add_inst(nv_parse_ctx *c, nv_opcode op, uint32_t offset);
nv_label *nv_add_label(nv_parse_ctx *c, const char *name, size_t len, uint32_t offset, uint32_t *index);
nv_const *nv_add_const(nv_parse_ctx *c, uint32_t *index);
void *nv_alloc(nv_parse_ctx *c, size_t size);

/* Name table: variables and labels have separate namespaces (a TEMP may
 * share its name with a label).  Finds name s[0..len) of kind `what`. */
bool nv_name_lookup(const nv_parse_ctx *c, const char *s, size_t len, uint8_t what, uint32_t *value);
/* Finds s[0..len) of any kind (a variable before a label of the same name). */
bool nv_name_find(const nv_parse_ctx *c, const char *s, size_t len, uint32_t *value, uint8_t *what);
/* Adds a name; false (after reporting at offset) when out of memory. */
bool nv_name_add(nv_parse_ctx *c, const char *s, size_t len, uint32_t value, uint8_t what, uint32_t offset);

#endif

/* Lexer of the NV/ARB assembly languages.  The whole program is turned into
 * an array of tokens with byte offsets before parsing; characters that form
 * no token become NV_TOK_INVALID tokens so the parser reports them in source
 * order (PROGRAM_ERROR_POSITION is the first error).
 *
 * Token rules shared by every language (ARB_vertex_program 2.14.2,
 * NV_gpu_program4 2.X.2, NV_vertex_program2 2.14.1.8, NV_fragment_program
 * 3.11.3): whitespace is spaces, tabs, newlines, carriage returns (and the
 * other C whitespace characters); "#" starts a comment that ends at a
 * newline, a carriage return or the end of the program; identifiers are
 * [A-Za-z_$][A-Za-z0-9_$]*.  A run of digits directly followed by letters
 * ("2D", "1D", "2DMS") is one NV_TOK_IDENT token, so texture targets read as
 * words; hexadecimal integers ("0x1F") and floats ("1.", ".5", "1e-3",
 * "3.0E+2") are NV_TOK_NUMBER.  The header ("!!ARBvp1.0", ...) is recognised
 * only at offset 0. */
#ifndef NVGP_NV_LEX_H
#define NVGP_NV_LEX_H

#include "base/arena.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef enum nv_tok_kind {
    NV_TOK_END,      /* end of the program text */
    NV_TOK_HEADER,   /* "!!XXX" at offset 0; text is the whole header */
    NV_TOK_IDENT,
    NV_TOK_NUMBER,
    NV_TOK_COMMA,    /* , */
    NV_TOK_SEMI,     /* ; */
    NV_TOK_COLON,    /* : */
    NV_TOK_DOT,      /* . */
    NV_TOK_DOTDOT,   /* .. */
    NV_TOK_LBRACKET, /* [ */
    NV_TOK_RBRACKET, /* ] */
    NV_TOK_LBRACE,   /* { */
    NV_TOK_RBRACE,   /* } */
    NV_TOK_LPAREN,   /* ( */
    NV_TOK_RPAREN,   /* ) */
    NV_TOK_EQUALS,   /* = */
    NV_TOK_PLUS,     /* + */
    NV_TOK_MINUS,    /* - */
    NV_TOK_BAR,      /* | */
    NV_TOK_INVALID   /* a character that starts no token */
} nv_tok_kind;

typedef struct nv_token {
    uint32_t offset; /* byte offset of the first character */
    uint32_t len;
    uint8_t kind;    /* nv_tok_kind */
    /* Numbers: */
    bool is_float;   /* has a '.' or an exponent */
    bool is_hex;     /* 0x... */
    bool overflow;   /* an integer too large for 64 bits */
    /* Whitespace or a comment came right before this token (some rules,
     * like "2D" vs "2 D", or the FP1.0 "H0" vs "H 0", care). */
    bool space_before;
    uint64_t ival;   /* integer value (integers; hex; also the integer part of floats) */
    double fval;     /* value as a double (every number) */
} nv_token;

typedef struct nv_token_list {
    nv_token *tok;  /* count tokens, the last one NV_TOK_END at the program length */
    size_t count;
    size_t semicolons; /* ';' tokens: a bound on statements, to size arrays once */
} nv_token_list;

/* Splits src[0..len) into tokens (one malloc'd array: the parser needs them
 * only while it runs, so they stay out of the program's arena).  Returns
 * false only when out of memory or when the program is 4 GiB or longer. */
bool nvgp_nv_lex(const char *src, size_t len, nv_token_list *out);
void nvgp_nv_token_list_free(nv_token_list *list);

/* Whether token t spells exactly the C string s.  Inline, with the first
 * character compared before anything else: the parsers call it for every
 * keyword they might be looking at. */
static inline bool nvgp_nv_tok_is(const char *src, const nv_token *t, const char *s)
{
    if (t->len == 0)
        return s[0] == '\0';
    if (src[t->offset] != s[0])
        return false;
    size_t n = strlen(s);
    return t->len == n && memcmp(src + t->offset, s, n) == 0;
}

#endif

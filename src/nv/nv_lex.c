/* Lexer of the NV/ARB assembly languages (see nv_lex.h for the rules). */
#include "nv/nv_lex.h"

#include <stdlib.h>
#include <string.h>

static bool is_digit(char c) { return c >= '0' && c <= '9'; }
static bool is_alpha(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
}
static bool is_alnum(char c) { return is_alpha(c) || is_digit(c); }
static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}
static int hex_value(char c)
{
    if (is_digit(c))
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Length of the header at offset 0: "!!" then letters, digits and dots. */
static size_t header_length(const char *s, size_t len)
{
    if (len < 2 || s[0] != '!' || s[1] != '!')
        return 0;
    size_t i = 2;
    while (i < len && (is_alnum(s[i]) || s[i] == '.'))
        i++;
    return i;
}

/* Lexes a number starting at s[i] (a digit, or '.' followed by a digit).
 * Returns its end. */
static size_t lex_number(const char *s, size_t len, size_t i, nv_token *t)
{
    size_t start = i;
    if (s[i] == '0' && i + 2 < len + 0 && (s[i + 1] == 'x' || s[i + 1] == 'X') &&
        hex_value(s[i + 2]) >= 0) {
        uint64_t v = 0;
        i += 2;
        while (i < len && hex_value(s[i]) >= 0) {
            if (v >> 60)
                t->overflow = true;
            v = (v << 4) | (uint64_t)hex_value(s[i]);
            i++;
        }
        t->is_hex = true;
        t->ival = v;
        t->fval = (double)v;
        return i;
    }
    uint64_t v = 0;
    while (i < len && is_digit(s[i])) {
        unsigned d = (unsigned)(s[i] - '0');
        if (v > (UINT64_MAX - d) / 10)
            t->overflow = true;
        v = v * 10 + d;
        i++;
    }
    /* "1..3" is an integer followed by "..", not "1." then ".3". */
    if (i < len && s[i] == '.' && !(i + 1 < len && s[i + 1] == '.')) {
        t->is_float = true;
        i++;
        while (i < len && is_digit(s[i]))
            i++;
    }
    if (i < len && (s[i] == 'e' || s[i] == 'E')) {
        size_t j = i + 1;
        if (j < len && (s[j] == '+' || s[j] == '-'))
            j++;
        if (j < len && is_digit(s[j])) {
            t->is_float = true;
            i = j;
            while (i < len && is_digit(s[i]))
                i++;
        }
    }
    t->ival = v;
    if (t->is_float || t->overflow) {
        /* strtod needs a terminated copy; numbers are short.  An integer
         * past 64 bits, read as a float, is its value, not the wrapped digits. */
        char buf[128];
        size_t n = i - start;
        if (n < sizeof buf) {
            memcpy(buf, s + start, n);
            buf[n] = 0;
            t->fval = strtod(buf, NULL);
        } else {
            char *p = malloc(n + 1);
            if (p) {
                memcpy(p, s + start, n);
                p[n] = 0;
                t->fval = strtod(p, NULL);
                free(p);
            }
        }
    } else {
        t->fval = (double)v;
    }
    return i;
}

bool nvgp_nv_lex(const char *src, size_t len, nv_token_list *out)
{
    out->tok = NULL;
    out->count = 0;
    out->semicolons = 0;
    if (len >= UINT32_MAX)
        return false;
    /* Programs run about three to four bytes a token: start there so the
     * array rarely grows (each growth copies it). */
    size_t cap = len / 3 + 64, n = 0, semicolons = 0;
    nv_token *tok = malloc(cap * sizeof *tok);
    if (!tok)
        return false;
    size_t i = 0;
    bool space = false;
    size_t hl = header_length(src, len);
    if (hl) {
        memset(&tok[0], 0, sizeof tok[0]);
        tok[0].kind = NV_TOK_HEADER;
        tok[0].len = (uint32_t)hl;
        n = 1;
        i = hl;
    }
    for (;;) {
        while (i < len) {
            if (is_space(src[i])) {
                i++;
                space = true;
            } else if (src[i] == '#') {
                while (i < len && src[i] != '\n' && src[i] != '\r')
                    i++;
                space = true;
            } else {
                break;
            }
        }
        if (n + 1 >= cap) {
            cap *= 2;
            nv_token *nt = realloc(tok, cap * sizeof *tok);
            if (!nt) {
                free(tok);
                return false;
            }
            tok = nt;
        }
        nv_token *t = &tok[n++];
        memset(t, 0, sizeof *t);
        t->offset = (uint32_t)i;
        t->space_before = space;
        space = false;
        if (i >= len) {
            t->kind = NV_TOK_END;
            break;
        }
        char c = src[i];
        size_t end = i + 1;
        if (is_alpha(c)) {
            while (end < len && is_alnum(src[end]))
                end++;
            t->kind = NV_TOK_IDENT;
        } else if (is_digit(c) || (c == '.' && i + 1 < len && is_digit(src[i + 1]))) {
            end = lex_number(src, len, i, t);
            t->kind = NV_TOK_NUMBER;
            /* "2D", "3D", "2DMS": digits glued to letters form a word. */
            if (!t->is_float && !t->is_hex && end < len && is_alpha(src[end])) {
                while (end < len && is_alnum(src[end]))
                    end++;
                t->kind = NV_TOK_IDENT;
            }
        } else {
            switch (c) {
            case ',': t->kind = NV_TOK_COMMA; break;
            case ';': t->kind = NV_TOK_SEMI; semicolons++; break;
            case ':': t->kind = NV_TOK_COLON; break;
            case '.':
                if (i + 1 < len && src[i + 1] == '.') {
                    t->kind = NV_TOK_DOTDOT;
                    end = i + 2;
                } else {
                    t->kind = NV_TOK_DOT;
                }
                break;
            case '[': t->kind = NV_TOK_LBRACKET; break;
            case ']': t->kind = NV_TOK_RBRACKET; break;
            case '{': t->kind = NV_TOK_LBRACE; break;
            case '}': t->kind = NV_TOK_RBRACE; break;
            case '(': t->kind = NV_TOK_LPAREN; break;
            case ')': t->kind = NV_TOK_RPAREN; break;
            case '=': t->kind = NV_TOK_EQUALS; break;
            case '+': t->kind = NV_TOK_PLUS; break;
            case '-': t->kind = NV_TOK_MINUS; break;
            case '|': t->kind = NV_TOK_BAR; break;
            default: t->kind = NV_TOK_INVALID; break;
            }
        }
        t->len = (uint32_t)(end - i);
        i = end;
    }
    out->tok = tok;
    out->count = n;
    out->semicolons = semicolons;
    return true;
}

void nvgp_nv_token_list_free(nv_token_list *list)
{
    free(list->tok);
    list->tok = NULL;
    list->count = 0;
}


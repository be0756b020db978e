/* The TGSI text reader (see tgsi_text_read.h).
 *
 * A hand-written recursive-descent parser over the byte range, never past
 * its end: every read goes through peek(), which yields -1 at the end.
 * Newlines are ordinary white space, as in Mesa's tgsi_text (Mesa's own
 * compute tests put two instructions on one line); comments (';', '#',
 * '//' to the end of the line, and block comments) are white space too.
 * Names are matched without regard to case, as tgsi_text does.  Only the
 * first error is reported, at its exact byte offset. */
#include "tgsi/tgsi_text_read.h"

#include "base/diag.h"
#include "tgsi/tgsi_names.h"
#include "tgsi/tgsi_preproc.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    MAX_INDEX = 65535,          /* register indices and declaration ranges */
    MAX_ARRAY_ID = 65535,
    MAX_IMMX_ELEMENTS = 65536,  /* elements of a legacy immediate array */
    MAX_NUMBER_CHARS = 128,     /* longest numeric literal read */
    MAX_WORD_SHOWN = 40         /* longest token quoted in a message */
};

typedef struct reader {
    const char *base; /* start of the text parsed (maybe preprocessed) */
    const char *cur, *end;
    nvgp_diag *diag;
    const nvgp_tgsi_pp *pp; /* maps offsets back to the user's text, or NULL */
    tgsi_program *p;
    uint32_t num_immediates;
    bool failed;
} reader;

/* ---- Characters ------------------------------------------------------------ */

static inline int peek_at(const reader *r, const char *at)
{
    return at < r->end ? (unsigned char)*at : -1;
}
static inline int peek(const reader *r) { return peek_at(r, r->cur); }

static inline bool is_digit(int c) { return c >= '0' && c <= '9'; }
static inline bool is_alpha(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static inline bool is_word_char(int c) { return is_alpha(c) || is_digit(c) || c == '_'; }
static inline int upper(int c) { return c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c; }

static uint32_t offset_of(const reader *r, const char *at)
{
    size_t off = (size_t)(at - r->base);
    if (r->pp)
        off = nvgp_tgsi_pp_source_offset(r->pp, off);
    return off > UINT32_MAX ? UINT32_MAX : (uint32_t)off;
}

/* ---- Diagnostics ------------------------------------------------------------- */

/* Describes what stands at `at` for a message: the word or character found. */
static void describe(const reader *r, const char *at, char *buf, size_t n)
{
    int c = peek_at(r, at);
    if (c < 0) {
        snprintf(buf, n, "end of input");
    } else if (c == '\n' || c == '\r') {
        snprintf(buf, n, "end of line");
    } else if (is_word_char(c)) {
        size_t l = 0;
        while (at + l < r->end && is_word_char((unsigned char)at[l]))
            l++;
        if (l > MAX_WORD_SHOWN)
            snprintf(buf, n, "'%.*s...'", (int)MAX_WORD_SHOWN, at);
        else
            snprintf(buf, n, "'%.*s'", (int)l, at);
    } else if (c >= 0x21 && c < 0x7f) {
        snprintf(buf, n, "'%c'", c);
    } else {
        snprintf(buf, n, "byte 0x%02x", (unsigned)c);
    }
}

static bool fail_at(reader *r, const char *at, const char *fmt, ...) NVGP_PRINTF(3, 4);
static bool fail_at(reader *r, const char *at, const char *fmt, ...)
{
    if (!r->failed && r->diag) {
        va_list ap;
        va_start(ap, fmt);
        nvgp_diag_vreport(r->diag, NVGP_SEVERITY_ERROR, offset_of(r, at), fmt, ap);
        va_end(ap);
    }
    r->failed = true;
    return false;
}

/* "expected X, found Y" at the current position. */
static bool expected(reader *r, const char *what)
{
    char found[64];
    describe(r, r->cur, found, sizeof found);
    return fail_at(r, r->cur, "expected %s, found %s", what, found);
}

/* ---- White space, words, numbers ------------------------------------------ */

static void skip_to_eol(reader *r)
{
    while (r->cur < r->end && *r->cur != '\n' && *r->cur != '\r')
        r->cur++;
}

/* Byte classes for skipping: 1 = blank, 2 = may start a comment. */
static const uint8_t skip_class[256] = {
    [' '] = 1, ['\t'] = 1, ['\n'] = 1, ['\r'] = 1, ['\v'] = 1, ['\f'] = 1,
    [';'] = 2, ['#'] = 2, ['/'] = 2,
};

/* Skips white space (newlines included) and comments. */
static void ws(reader *r)
{
    const char *p = r->cur, *end = r->end;
    while (p < end && skip_class[(unsigned char)*p] == 1)
        p++;
    r->cur = p;
    if (p == end || skip_class[(unsigned char)*p] == 0)
        return;
    while (r->cur < r->end) {
        char c = *r->cur;
        if (skip_class[(unsigned char)c] == 1) {
            r->cur++;
        } else if (c == ';' || c == '#') {
            skip_to_eol(r);
        } else if (c == '/' && peek_at(r, r->cur + 1) == '/') {
            skip_to_eol(r);
        } else if (c == '/' && peek_at(r, r->cur + 1) == '*') {
            const char *q = r->cur + 2;
            while (q < r->end && !(*q == '*' && peek_at(r, q + 1) == '/'))
                q++;
            if (q >= r->end)
                fail_at(r, r->cur, "unterminated /* comment");
            r->cur = q < r->end ? q + 2 : r->end;
        } else {
            break;
        }
    }
}

static bool at_separator(const reader *r)
{
    int c = peek(r);
    return c <= 0 || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' ||
           c == ';' || c == '#' || (c == '/' && (peek_at(r, r->cur + 1) == '/' ||
                                                  peek_at(r, r->cur + 1) == '*'));
}

static size_t word_len_at(const reader *r, const char *at)
{
    const char *p = at;
    while (p < r->end && is_word_char((unsigned char)*p))
        p++;
    return (size_t)(p - at);
}

static inline size_t word_len(const reader *r) { return word_len_at(r, r->cur); }

/* Is the word at `at` (of length n) `kw`, ignoring case? */
static bool word_is(const char *at, size_t n, const char *kw)
{
    size_t i = 0;
    for (; i < n; i++)
        if (!kw[i] || upper((unsigned char)at[i]) != kw[i])
            return false;
    return kw[i] == '\0';
}

/* Consumes the keyword kw if it is the next word. */
static bool accept_word(reader *r, const char *kw)
{
    size_t n = word_len(r);
    if (n && word_is(r->cur, n, kw)) {
        r->cur += n;
        return true;
    }
    return false;
}

static bool accept_char(reader *r, char c)
{
    ws(r);
    if (peek(r) == (unsigned char)c) {
        r->cur++;
        return true;
    }
    return false;
}

/* A missing closer or separator is reported where the line stops, not at
 * whatever the next line holds. */
static bool expect_char(reader *r, char c, const char *what)
{
    const char *save = r->cur;
    if (accept_char(r, c))
        return true;
    if (!r->failed)
        r->cur = save;
    while (r->cur < r->end && (*r->cur == ' ' || *r->cur == '\t'))
        r->cur++;
    return expected(r, what);
}

/* A table name at the current word; advances past it on success. */
static int lookup_word(reader *r, tgsi_name_table t)
{
    size_t n = word_len(r);
    if (!n)
        return -1;
    int v = nvgp_tgsi_name_lookup(t, r->cur, n);
    if (v >= 0)
        r->cur += n;
    return v;
}

/* Unsigned decimal (or 0x hex) integer.  *overflow when above max. */
static bool parse_u64(reader *r, uint64_t *out, bool *overflow)
{
    const char *p = r->cur;
    uint64_t v = 0;
    bool over = false;
    if (peek_at(r, p) == '0' && (peek_at(r, p + 1) == 'x' || peek_at(r, p + 1) == 'X')) {
        const char *q = p + 2;
        int c;
        while ((c = peek_at(r, q)) >= 0 &&
               (is_digit(c) || (upper(c) >= 'A' && upper(c) <= 'F'))) {
            unsigned d = is_digit(c) ? (unsigned)(c - '0') : (unsigned)(upper(c) - 'A' + 10);
            if (v >> 60)
                over = true;
            v = v << 4 | d;
            q++;
        }
        if (q == p + 2)
            return false;
        p = q;
    } else {
        if (!is_digit(peek_at(r, p)))
            return false;
        int c;
        while ((c = peek_at(r, p)) >= 0 && is_digit(c)) {
            unsigned d = (unsigned)(c - '0');
            if (v > (UINT64_MAX - d) / 10)
                over = true;
            v = v * 10 + d;
            p++;
        }
    }
    r->cur = p;
    *out = v;
    *overflow = over;
    return true;
}

/* A non-negative integer no larger than max; `what` names it in messages. */
static bool parse_uint_max(reader *r, uint64_t max, const char *what, uint64_t *out)
{
    const char *start = r->cur;
    bool over;
    if (!parse_u64(r, out, &over)) {
        char buf[64];
        snprintf(buf, sizeof buf, "%s (an unsigned integer)", what);
        return expected(r, buf);
    }
    if (over || *out > max) {
        size_t n = (size_t)(r->cur - start);
        return fail_at(r, start, "%s %s%.*s out of range (at most %llu)", what,
                       n > MAX_WORD_SHOWN ? "..." : "",
                       (int)(n > MAX_WORD_SHOWN ? MAX_WORD_SHOWN : n),
                       n > MAX_WORD_SHOWN ? r->cur - MAX_WORD_SHOWN : start,
                       (unsigned long long)max);
    }
    return true;
}

/* ---- Registers ---------------------------------------------------------------- */

/* Swizzle letter to component, or -1. */
static int component_of(int c)
{
    switch (upper(c)) {
    case 'X': return TGSI_SWIZZLE_X;
    case 'Y': return TGSI_SWIZZLE_Y;
    case 'Z': return TGSI_SWIZZLE_Z;
    case 'W': return TGSI_SWIZZLE_W;
    default: return -1;
    }
}

static bool parse_file(reader *r, uint8_t *file)
{
    int f = lookup_word(r, TGSI_NAMES_FILE);
    if (f < 0)
        return expected(r, "a register file (TEMP, IN, OUT, CONST, IMM, ...)");
    *file = (uint8_t)f;
    return true;
}

/* The inside of an operand's brackets: a literal index, or an indirect
 * FILE[n][.c][+-k]; then `]` and an optional (array id). */
static bool parse_bracket(reader *r, int32_t *index, bool *indirect, tgsi_indirect *ind)
{
    uint64_t v;
    ws(r);
    *indirect = false;
    memset(ind, 0, sizeof *ind);
    if (is_alpha(peek(r))) {
        if (!parse_file(r, &ind->file))
            return false;
        if (!expect_char(r, '[', "'[' after the address register file"))
            return false;
        ws(r);
        if (!parse_uint_max(r, MAX_INDEX, "address register index", &v))
            return false;
        ind->index = (int32_t)v;
        if (!expect_char(r, ']', "']' after the address register index"))
            return false;
        ind->swizzle = TGSI_SWIZZLE_X;
        if (accept_char(r, '.')) {
            ws(r);
            int comp = component_of(peek(r));
            if (comp < 0)
                return expected(r, "an address component x, y, z or w");
            ind->swizzle = (uint8_t)comp;
            r->cur++;
        }
        *indirect = true;
        *index = 0;
        ws(r);
        int sign = peek(r);
        if (sign == '+' || sign == '-') {
            r->cur++;
            ws(r);
            if (!parse_uint_max(r, MAX_INDEX, "register offset", &v))
                return false;
            *index = sign == '-' ? -(int32_t)v : (int32_t)v;
        }
    } else {
        if (!parse_uint_max(r, MAX_INDEX, "register index", &v))
            return false;
        *index = (int32_t)v;
    }
    if (!expect_char(r, ']', "']' after the register index"))
        return false;
    if (peek(r) == '(') {
        r->cur++;
        ws(r);
        if (!parse_uint_max(r, MAX_ARRAY_ID, "array id", &v))
            return false;
        ind->array_id = (uint16_t)v;
        if (!expect_char(r, ')', "')' after the array id"))
            return false;
    }
    return true;
}

/* FILE[...] with an optional second [...]: one- or two-dimensional. */
static bool parse_register(reader *r, tgsi_register *reg)
{
    memset(reg, 0, sizeof *reg);
    ws(r);
    if (!parse_file(r, &reg->file))
        return false;
    if (!expect_char(r, '[', "'[' after the register file"))
        return false;
    int32_t idx;
    bool indirect;
    tgsi_indirect ind;
    if (!parse_bracket(r, &idx, &indirect, &ind))
        return false;
    const char *save = r->cur;
    if (accept_char(r, '[')) {
        reg->dimension = true;
        reg->dim_index = idx;
        reg->dim_indirect = indirect;
        reg->dim_ind = ind;
        if (!parse_bracket(r, &idx, &indirect, &ind))
            return false;
    } else {
        r->cur = save;
    }
    reg->index = idx;
    reg->indirect = indirect;
    reg->ind = ind;
    return true;
}

/* .xyzw swizzle of n components (1 replicates); false if malformed. */
static bool parse_swizzle(reader *r, uint8_t *swz, unsigned want)
{
    const char *save = r->cur;
    if (!accept_char(r, '.')) {
        r->cur = save;
        return true;
    }
    ws(r);
    const char *start = r->cur;
    unsigned n = 0;
    uint8_t comps[4];
    while (is_alpha(peek(r))) {
        int comp = component_of(peek(r));
        if (comp < 0)
            return fail_at(r, r->cur, "invalid swizzle component '%c' (expected x, y, z or w)",
                           *r->cur);
        if (n == 4)
            return fail_at(r, start, "swizzle has more than 4 components");
        comps[n++] = (uint8_t)comp;
        r->cur++;
    }
    if (n == 0)
        return expected(r, "swizzle components after '.'");
    if (n == 1) {
        for (unsigned i = 0; i < want; i++)
            swz[i] = comps[0];
    } else if (n == want) {
        memcpy(swz, comps, want);
    } else {
        return fail_at(r, start, "swizzle '.%.*s' has %u components (expected 1 or %u)", (int)n,
                       start, n, want);
    }
    return true;
}

static bool parse_writemask(reader *r, uint8_t *mask)
{
    const char *save = r->cur;
    *mask = TGSI_WRITEMASK_XYZW;
    if (!accept_char(r, '.')) {
        r->cur = save;
        return true;
    }
    ws(r);
    uint8_t m = 0;
    int last = -1;
    while (is_alpha(peek(r))) {
        int comp = component_of(peek(r));
        if (comp < 0)
            return fail_at(r, r->cur, "invalid writemask component '%c' (expected x, y, z or w)",
                           *r->cur);
        if (comp <= last)
            return fail_at(r, r->cur, "writemask components must be in xyzw order, once each");
        last = comp;
        m |= (uint8_t)(1u << comp);
        r->cur++;
    }
    if (!m)
        return expected(r, "a writemask after '.'");
    *mask = m;
    return true;
}

static bool parse_dst(reader *r, tgsi_dst *d)
{
    if (!parse_register(r, &d->reg))
        return false;
    return parse_writemask(r, &d->writemask);
}

static bool parse_src(reader *r, tgsi_src *s)
{
    ws(r);
    s->negate = false;
    s->absolute = false;
    if (peek(r) == '-') {
        s->negate = true;
        r->cur++;
        ws(r);
    }
    if (peek(r) == '|') {
        s->absolute = true;
        r->cur++;
        ws(r);
    }
    if (!parse_register(r, &s->reg))
        return false;
    for (int i = 0; i < 4; i++)
        s->swizzle[i] = (uint8_t)i;
    if (!parse_swizzle(r, s->swizzle, 4))
        return false;
    if (s->absolute && !expect_char(r, '|', "'|' closing the absolute value"))
        return false;
    return true;
}

/* ---- Instructions ------------------------------------------------------------- */

/* The opcode named by the word at the cursor, with _SAT/_PRECISE suffixes
 * (either order); TGSI_OPCODE_COUNT when unknown. */
static tgsi_opcode lookup_opcode(const char *w, size_t n, bool *sat, bool *precise)
{
    char buf[48];
    *sat = *precise = false;
    if (n >= sizeof buf)
        return TGSI_OPCODE_COUNT;
    for (size_t i = 0; i < n; i++)
        buf[i] = (char)upper((unsigned char)w[i]);
    tgsi_opcode op = nvgp_tgsi_opcode_lookup(buf, n);
    if (op != TGSI_OPCODE_COUNT)
        return op;
    for (int round = 0; round < 2; round++) {
        if (!*sat && n > 4 && memcmp(buf + n - 4, "_SAT", 4) == 0) {
            *sat = true;
            n -= 4;
        } else if (!*precise && n > 8 && memcmp(buf + n - 8, "_PRECISE", 8) == 0) {
            *precise = true;
            n -= 8;
        }
    }
    if (!*sat && !*precise)
        return TGSI_OPCODE_COUNT;
    return nvgp_tgsi_opcode_lookup(buf, n);
}

static void operand_counts(char *buf, size_t n, const tgsi_opcode_info *info)
{
    unsigned total = info->num_dst + info->num_src;
    snprintf(buf, n, "%s takes %u operand%s (%u destination%s, %u source%s)", info->name, total,
             total == 1 ? "" : "s", info->num_dst, info->num_dst == 1 ? "" : "s",
             info->num_src, info->num_src == 1 ? "" : "s");
}

/* Is the cursor (after a ',') at something that looks like an operand? */
static bool looks_like_operand(const reader *r)
{
    int c = peek(r);
    if (c == '-' || c == '|')
        return true;
    size_t n = word_len(r);
    if (!n)
        return false;
    const char *p = r->cur + n;
    while (p < r->end && (*p == ' ' || *p == '\t'))
        p++;
    return peek_at(r, p) == '[';
}

/* Texture target, return type, texel offsets, memory qualifiers, format:
 * what may follow the operands, each after a comma. */
static bool parse_instruction_tail(reader *r, tgsi_instruction *inst, const tgsi_opcode_info *info)
{
    bool tex = info->flags & TGSI_OPF_TEX;
    bool mem = info->flags & TGSI_OPF_MEM;
    bool have_target = false, have_return = false;
    for (;;) {
        const char *save = r->cur;
        if (!accept_char(r, ',')) {
            r->cur = save;
            return true;
        }
        ws(r);
        const char *item = r->cur;
        if (looks_like_operand(r)) {
            /* Texel offsets follow the target, or the operands of the
             * sampler-view opcodes, which have no target. */
            bool sview = false;
            for (unsigned s = 0; s < inst->num_src; s++)
                sview = sview || inst->src[s].reg.file == TGSI_FILE_SAMPLER_VIEW;
            if (tex && (have_target || inst->num_offsets || sview) && peek(r) != '-' &&
                peek(r) != '|') {
                if (inst->num_offsets == TGSI_MAX_TEX_OFFSETS)
                    return fail_at(r, item, "too many texel offsets (at most %d)",
                                   TGSI_MAX_TEX_OFFSETS);
                tgsi_register reg;
                if (!parse_register(r, &reg))
                    return false;
                if (reg.indirect || reg.dimension)
                    return fail_at(r, item, "a texel offset must be a plain register");
                tgsi_tex_offset *o = &inst->offsets[inst->num_offsets++];
                o->file = reg.file;
                o->index = reg.index;
                uint8_t swz[4] = { 0, 1, 2, 3 };
                if (!parse_swizzle(r, swz, 3))
                    return false;
                memcpy(o->swizzle, swz, 3);
                continue;
            }
            char buf[96];
            operand_counts(buf, sizeof buf, info);
            return fail_at(r, item, "too many operands: %s", buf);
        }
        if (!tex && !mem) {
            char buf[64];
            describe(r, item, buf, sizeof buf);
            return fail_at(r, item, "unexpected %s after the operands of %s", buf, info->name);
        }
        int v;
        if (!have_target && !inst->num_offsets && (v = lookup_word(r, TGSI_NAMES_TEXTURE)) >= 0) {
            inst->texture = (uint8_t)v;
            have_target = true;
            continue;
        }
        if (tex && have_target && !have_return && !inst->num_offsets &&
            (v = lookup_word(r, TGSI_NAMES_RETURN_TYPE)) >= 0) {
            inst->return_type = (uint8_t)v;
            have_return = true;
            continue;
        }
        if (mem) {
            static const char *const qualifiers[] = { "COHERENT", "RESTRICT", "VOLATILE",
                                                      "STREAM_CACHE_POLICY" };
            size_t n = word_len(r);
            bool found = false;
            for (unsigned q = 0; q < sizeof qualifiers / sizeof *qualifiers; q++) {
                if (n && word_is(r->cur, n, qualifiers[q])) {
                    inst->memory_qualifier |= (uint8_t)(1u << q);
                    r->cur += n;
                    found = true;
                    break;
                }
            }
            if (found)
                continue;
            if ((v = lookup_word(r, TGSI_NAMES_FORMAT)) >= 0) {
                inst->memory_format = (uint16_t)v;
                continue;
            }
            if (n > 12 && word_is(r->cur, 12, "PIPE_FORMAT_"))
                return fail_at(r, item, "unknown image format '%.*s'",
                               (int)(n > MAX_WORD_SHOWN ? MAX_WORD_SHOWN : n), item);
            return expected(r, "a memory qualifier, texture target or image format");
        }
        if (!have_target)
            return expected(r, "a texture target (1D, 2D, 3D, CUBE, RECT, SHADOW2D, ...)");
        return expected(r, "a return type or a texel offset register");
    }
}

static bool parse_instruction(reader *r, const char *start, bool numbered)
{
    size_t n = word_len(r);
    bool sat, precise;
    tgsi_opcode op = n ? lookup_opcode(r->cur, n, &sat, &precise) : TGSI_OPCODE_COUNT;
    if (op == TGSI_OPCODE_COUNT) {
        char found[64];
        describe(r, r->cur, found, sizeof found);
        /* Forms of Mesa before 2015 that the IR cannot hold. */
        if (peek(r) == '(')
            return fail_at(r, r->cur, "instruction predicates such as (PRED[0].x) are not "
                                      "supported (removed from TGSI in 2015)");
        if (n > 6 && word_is(r->cur + n - 6, 6, "_SATNV"))
            return fail_at(r, r->cur, "_SATNV (saturation to [-1, 1]) is not supported "
                                      "(removed from TGSI in 2015)");
        if (!n)
            return fail_at(r, r->cur, "expected %s, found %s",
                           numbered ? "an opcode" : "DCL, IMM, PROPERTY or an instruction",
                           found);
        return fail_at(r, r->cur, "unknown opcode %s", found);
    }
    const tgsi_opcode_info *info = nvgp_tgsi_opcode_info(op);
    r->cur += n;
    tgsi_instruction *inst = nvgp_tgsi_add_instruction(r->p, op);
    if (!inst)
        return fail_at(r, start, "out of memory");
    inst->source_offset = offset_of(r, start);
    inst->saturate = sat;
    inst->precise = precise;

    unsigned total = info->num_dst + info->num_src;
    for (unsigned i = 0; i < total; i++) {
        if (i > 0) {
            const char *save = r->cur;
            if (!accept_char(r, ',')) {
                r->cur = save;
                while (r->cur < r->end && (*r->cur == ' ' || *r->cur == '\t'))
                    r->cur++;
                char buf[96], what[160];
                operand_counts(buf, sizeof buf, info);
                snprintf(what, sizeof what, "',' after %s operand (%s)",
                         i <= info->num_dst ? "the destination" : "a source", buf);
                return expected(r, what);
            }
        } else if (!at_separator(r)) {
            return expected(r, "white space after the opcode");
        } else {
            /* An operand must follow on the same line. */
            const char *p = r->cur;
            while (p < r->end && (*p == ' ' || *p == '\t'))
                p++;
            if (p >= r->end || *p == '\n' || *p == '\r' || *p == ';' || *p == '#') {
                if (info->flags & TGSI_OPF_NOSRC_OLD) {
                    /* The operand-less form of older Mesa: stream 0. */
                    inst->num_src = 0;
                    break;
                }
                char buf[96];
                operand_counts(buf, sizeof buf, info);
                r->cur = p;
                return fail_at(r, p, "missing operands: %s", buf);
            }
        }
        bool ok = i < info->num_dst ? parse_dst(r, &inst->dst[i])
                                    : parse_src(r, &inst->src[i - info->num_dst]);
        if (!ok)
            return false;
    }
    if (!parse_instruction_tail(r, inst, info))
        return false;
    if (info->flags & TGSI_OPF_LABEL) {
        const char *save = r->cur;
        if (accept_char(r, ':')) {
            while (r->cur < r->end && (*r->cur == ' ' || *r->cur == '\t'))
                r->cur++;
            uint64_t v;
            if (!parse_uint_max(r, UINT32_MAX, "label", &v))
                return false;
            inst->has_label = true;
            inst->label = (uint32_t)v;
        } else {
            r->cur = save;
        }
    }
    if (!at_separator(r)) {
        if (peek(r) == ',' && total == 0) {
            char buf[96];
            operand_counts(buf, sizeof buf, info);
            return fail_at(r, r->cur, "too many operands: %s", buf);
        }
        return expected(r, "the end of the instruction");
    }
    return true;
}

/* ---- Declarations ------------------------------------------------------------- */

typedef struct dcl_bracket {
    bool empty;
    uint32_t first, last;
    const char *at;
} dcl_bracket;

static bool parse_dcl_bracket(reader *r, dcl_bracket *b)
{
    uint64_t v;
    ws(r);
    b->at = r->cur;
    b->empty = false;
    if (peek(r) == ']') {
        r->cur++;
        b->empty = true;
        b->first = b->last = 0;
        return true;
    }
    if (!parse_uint_max(r, MAX_INDEX, "register index", &v))
        return false;
    b->first = b->last = (uint32_t)v;
    ws(r);
    if (peek(r) == '.' && peek_at(r, r->cur + 1) == '.') {
        r->cur += 2;
        ws(r);
        const char *at = r->cur;
        if (!parse_uint_max(r, MAX_INDEX, "register index", &v))
            return false;
        if (v < b->first)
            return fail_at(r, at, "range end %u is below its start %u", (unsigned)v, b->first);
        b->last = (uint32_t)v;
    }
    return expect_char(r, ']', "']' or '..' in the declared range");
}

/* Copies one numeric literal into buf, NUL-terminated for strtof/strtod. */
static bool read_number_token(reader *r, char *buf, const char **start)
{
    ws(r);
    *start = r->cur;
    const char *p = r->cur;
    if (p < r->end && (*p == '-' || *p == '+'))
        p++;
    while (p < r->end) {
        int c = (unsigned char)*p;
        if (is_word_char(c) || c == '.') {
            p++;
        } else if ((c == '+' || c == '-') && p > *start &&
                   (upper((unsigned char)p[-1]) == 'E' || upper((unsigned char)p[-1]) == 'P')) {
            p++;
        } else {
            break;
        }
    }
    size_t n = (size_t)(p - *start);
    if (n == 0)
        return expected(r, "a number");
    if (n >= MAX_NUMBER_CHARS)
        return fail_at(r, *start, "number too long (%zu characters)", n);
    memcpy(buf, *start, n);
    buf[n] = '\0';
    r->cur = p;
    return true;
}

/* Raw bits are written with every hex digit (0x%08x, 0x%016x), as
 * tgsi_dump's float-as-hex mode and the canonical writer print them; any
 * other hex literal is a number, as strtof reads it (0x10 is 16.0). */
static bool is_raw_hex(const char *s, size_t digits)
{
    if (s[0] != '0' || (s[1] != 'x' && s[1] != 'X'))
        return false;
    size_t i = 2;
    for (; s[i]; i++) {
        int c = upper((unsigned char)s[i]);
        if (!is_digit(c) && !(c >= 'A' && c <= 'F'))
            return false;
    }
    return i - 2 == digits;
}

static bool invalid_number(reader *r, const char *start, const char *buf, const char *type)
{
    return fail_at(r, start, "invalid %s value '%s'", type, buf);
}

static bool parse_float_bits(reader *r, uint32_t *bits)
{
    char buf[MAX_NUMBER_CHARS];
    const char *start;
    if (!read_number_token(r, buf, &start))
        return false;
    if (is_raw_hex(buf, 8)) {
        *bits = (uint32_t)strtoul(buf + 2, NULL, 16);
        return true;
    }
    char *e;
    float f = strtof(buf, &e);
    if (e == buf || *e)
        return invalid_number(r, start, buf, "FLT32");
    memcpy(bits, &f, 4);
    return true;
}

static bool parse_double_bits(reader *r, uint64_t *bits)
{
    char buf[MAX_NUMBER_CHARS];
    const char *start;
    if (!read_number_token(r, buf, &start))
        return false;
    if (is_raw_hex(buf, 16)) {
        *bits = (uint64_t)strtoull(buf + 2, NULL, 16);
        return true;
    }
    char *e;
    double d = strtod(buf, &e);
    if (e == buf || *e)
        return invalid_number(r, start, buf, "FLT64");
    memcpy(bits, &d, 8);
    return true;
}

/* Integer of an immediate: decimal or 0x hex, optional sign when is_signed;
 * bits = the two's complement value in `width` bits. */
static bool parse_int_bits(reader *r, bool is_signed, unsigned width, const char *type,
                           uint64_t *bits)
{
    ws(r);
    const char *start = r->cur;
    bool neg = false;
    if (peek(r) == '-' || peek(r) == '+') {
        neg = peek(r) == '-';
        r->cur++;
    }
    bool hex = peek(r) == '0' && (peek_at(r, r->cur + 1) == 'x' || peek_at(r, r->cur + 1) == 'X');
    uint64_t v;
    bool over;
    if (!parse_u64(r, &v, &over))
        return expected(r, "an integer");
    if (is_word_char(peek(r)) || peek(r) == '.') {
        char buf[64];
        describe(r, r->cur, buf, sizeof buf);
        return fail_at(r, start, "invalid %s value (unexpected %s)", type, buf);
    }
    uint64_t umax = width == 64 ? UINT64_MAX : ((uint64_t)1 << width) - 1;
    uint64_t smax = umax >> 1;
    bool ok;
    if (neg)
        ok = is_signed && !over && v <= smax + 1;
    else
        ok = !over && (is_signed && !hex ? v <= smax : v <= umax);
    if (!ok) {
        size_t n = (size_t)(r->cur - start);
        return fail_at(r, start, "%s value %.*s out of range", type,
                       (int)(n > MAX_WORD_SHOWN ? MAX_WORD_SHOWN : n), start);
    }
    *bits = (neg ? (uint64_t)0 - v : v) & umax;
    return true;
}

/* { {f, f, f, f}, {...}, ... } of a legacy DCL IMMX[a..b]. */
static bool parse_immx_values(reader *r, tgsi_declaration *d)
{
    uint64_t count = (uint64_t)d->last - d->first + 1;
    if (count > MAX_IMMX_ELEMENTS)
        return fail_at(r, r->cur, "immediate array too large");
    d->immx_values = nvgp_arena_alloc(&r->p->arena, (size_t)count * 4 * sizeof(uint32_t));
    if (!d->immx_values)
        return fail_at(r, r->cur, "out of memory");
    if (!expect_char(r, '{', "'{' opening the immediate array values"))
        return false;
    for (uint64_t i = 0; i < count; i++) {
        if (i && !expect_char(r, ',', "',' between immediate array elements"))
            return false;
        if (!expect_char(r, '{', "'{' opening an immediate array element"))
            return false;
        for (int c = 0; c < 4; c++) {
            if (c && !expect_char(r, ',', "',' between immediate values"))
                return false;
            if (!parse_float_bits(r, &d->immx_values[i * 4 + (uint64_t)c]))
                return false;
        }
        if (!expect_char(r, '}', "'}' closing an immediate array element (4 values)"))
            return false;
    }
    char what[96];
    snprintf(what, sizeof what, "'}' after the %llu elements of IMMX[%u..%u]",
             (unsigned long long)count, d->first, d->last);
    return expect_char(r, '}', what);
}

/* One comma-separated attribute of a declaration. */
static bool parse_dcl_attribute(reader *r, tgsi_declaration *d, unsigned *num_returns)
{
    ws(r);
    const char *at = r->cur;
    size_t n = word_len(r);
    int v;
    uint64_t u;
    if (!n)
        return expected(r, "a declaration attribute (semantic, interpolation, ...)");

    switch (d->file) {
    case TGSI_FILE_SAMPLER_VIEW:
    case TGSI_FILE_IMAGE:
    case TGSI_FILE_RESOURCE: {
        uint8_t *target = d->file == TGSI_FILE_SAMPLER_VIEW ? &d->sview_target
                                                            : &d->resource_target;
        if (*target == TGSI_TEXTURE_UNKNOWN && (v = lookup_word(r, TGSI_NAMES_TEXTURE)) >= 0) {
            *target = (uint8_t)v;
            return true;
        }
        if (d->file != TGSI_FILE_IMAGE && (v = lookup_word(r, TGSI_NAMES_RETURN_TYPE)) >= 0) {
            if (*num_returns == 4)
                return fail_at(r, at, "more than 4 return types");
            d->sview_return[(*num_returns)++] = (uint8_t)v;
            return true;
        }
        if (d->file != TGSI_FILE_SAMPLER_VIEW) {
            if (accept_word(r, "WR")) {
                d->writable = true;
                return true;
            }
            if (accept_word(r, "RAW")) {
                d->raw = true;
                return true;
            }
            if ((v = lookup_word(r, TGSI_NAMES_FORMAT)) >= 0) {
                d->image_format = (uint16_t)v;
                return true;
            }
            if (n > 12 && word_is(at, 12, "PIPE_FORMAT_"))
                return fail_at(r, at, "unknown image format '%.*s'",
                               (int)(n > MAX_WORD_SHOWN ? MAX_WORD_SHOWN : n), at);
        }
        break;
    }
    case TGSI_FILE_BUFFER:
        if (accept_word(r, "ATOMIC")) {
            d->atomic = true;
            return true;
        }
        break;
    case TGSI_FILE_MEMORY:
        if ((v = lookup_word(r, TGSI_NAMES_MEMORY_TYPE)) >= 0) {
            d->memory_type = (uint8_t)v;
            return true;
        }
        break;
    default:
        break;
    }

    if (accept_word(r, "ARRAY")) {
        if (!expect_char(r, '(', "'(' after ARRAY"))
            return false;
        ws(r);
        if (!parse_uint_max(r, MAX_ARRAY_ID, "array id", &u))
            return false;
        d->array_id = (uint32_t)u;
        return expect_char(r, ')', "')' after the array id");
    }
    if (accept_word(r, "LOCAL")) {
        d->local = true;
        return true;
    }
    if (accept_word(r, "INVARIANT")) {
        d->invariant = true;
        return true;
    }
    if (accept_word(r, "STREAM")) {
        if (!expect_char(r, '(', "'(' after STREAM"))
            return false;
        for (int c = 0; c < 4; c++) {
            if (c && !expect_char(r, ',', "',' between stream numbers (4 are needed)"))
                return false;
            ws(r);
            if (!parse_uint_max(r, 3, "stream", &u))
                return false;
            d->stream[c] = (uint8_t)u;
        }
        d->has_stream = true;
        return expect_char(r, ')', "')' after the 4 stream numbers");
    }
    if (n > 8 && word_is(at, 8, "CYLWRAP_")) {
        uint8_t bits = 0;
        for (size_t i = 8; i < n; i++) {
            int comp = component_of((unsigned char)at[i]);
            if (comp < 0)
                return fail_at(r, at + i, "invalid cylindrical wrap component '%c'", at[i]);
            bits |= (uint8_t)(1u << comp);
        }
        d->cylindrical_wrap = bits;
        d->cylindrical_wrap_given = true;
        r->cur += n;
        return true;
    }
    /* COLOR is both a semantic and an interpolation mode: it is the
     * semantic until one was given. */
    if (!d->has_semantic && !d->has_interpolate &&
        (v = lookup_word(r, TGSI_NAMES_SEMANTIC)) >= 0) {
        d->has_semantic = true;
        d->semantic_name = (uint8_t)v;
        const char *save = r->cur;
        if (accept_char(r, '[')) {
            ws(r);
            if (!parse_uint_max(r, MAX_INDEX, "semantic index", &u))
                return false;
            d->semantic_index = (uint32_t)u;
            return expect_char(r, ']', "']' after the semantic index");
        }
        r->cur = save;
        return true;
    }
    if (!d->has_interpolate && (v = lookup_word(r, TGSI_NAMES_INTERPOLATE)) >= 0) {
        d->has_interpolate = true;
        d->interpolate = (uint8_t)v;
        return true;
    }
    if ((v = lookup_word(r, TGSI_NAMES_INTERPOLATE_LOC)) >= 0) {
        d->interpolate_location = (uint8_t)v;
        return true;
    }
    char found[64];
    describe(r, at, found, sizeof found);
    return fail_at(r, at, "unknown declaration attribute %s for %s", found,
                   nvgp_tgsi_name(TGSI_NAMES_FILE, d->file));
}

/* Files whose first dimension Mesa drops: per-vertex inputs (and TCS
 * outputs), whose size the primitive implies. */
static bool implied_dimension(const reader *r, uint8_t file)
{
    uint8_t proc = r->p->processor;
    if (file == TGSI_FILE_INPUT)
        return proc == TGSI_PROCESSOR_GEOMETRY || proc == TGSI_PROCESSOR_TESS_CTRL ||
               proc == TGSI_PROCESSOR_TESS_EVAL;
    return file == TGSI_FILE_OUTPUT && proc == TGSI_PROCESSOR_TESS_CTRL;
}

static bool parse_declaration(reader *r, const char *start)
{
    if (!at_separator(r))
        return expected(r, "white space after DCL");
    ws(r);
    tgsi_declaration *d = nvgp_tgsi_add_declaration(r->p);
    if (!d)
        return fail_at(r, start, "out of memory");
    d->source_offset = offset_of(r, start);
    if (!parse_file(r, &d->file))
        return false;
    if (!expect_char(r, '[', "'[' after the register file"))
        return false;
    dcl_bracket b1, b2;
    if (!parse_dcl_bracket(r, &b1))
        return false;
    const char *save = r->cur;
    if (accept_char(r, '[')) {
        if (!parse_dcl_bracket(r, &b2))
            return false;
        if (b2.empty)
            return fail_at(r, b2.at, "expected the declared index or range in the second []");
        if (b1.empty || implied_dimension(r, d->file)) {
            d->dimension_unsized = true;
        } else {
            if (b1.first != b1.last)
                return fail_at(r, b1.at, "the first dimension must be a single index");
            d->has_dimension = true;
            d->dimension = (int32_t)b1.first;
        }
        d->first = (int32_t)b2.first;
        d->last = (int32_t)b2.last;
    } else {
        r->cur = save;
        if (b1.empty)
            return fail_at(r, b1.at, "expected the declared index or range in []");
        d->first = (int32_t)b1.first;
        d->last = (int32_t)b1.last;
    }
    if (!parse_writemask(r, &d->usage_mask))
        return false;

    unsigned num_returns = 0;
    for (;;) {
        save = r->cur;
        if (!accept_char(r, ',')) {
            r->cur = save;
            break;
        }
        if (!parse_dcl_attribute(r, d, &num_returns))
            return false;
    }
    if (num_returns == 1) {
        for (int c = 1; c < 4; c++)
            d->sview_return[c] = d->sview_return[0];
    } else if (num_returns != 0 && num_returns != 4) {
        return fail_at(r, start, "expected 1 or 4 return types, found %u", num_returns);
    }
    if (d->file == TGSI_FILE_IMMEDIATE_ARRAY && !parse_immx_values(r, d))
        return false;
    if (!at_separator(r))
        return expected(r, "',' or the end of the declaration");
    return true;
}

/* ---- Immediates and properties ------------------------------------------------ */

static bool parse_immediate(reader *r, const char *start)
{
    tgsi_immediate *imm = nvgp_tgsi_add_immediate(r->p);
    if (!imm)
        return fail_at(r, start, "out of memory");
    imm->source_offset = offset_of(r, start);
    if (peek(r) == '[') {
        r->cur++;
        ws(r);
        const char *at = r->cur;
        uint64_t v;
        if (!parse_uint_max(r, UINT32_MAX, "immediate index", &v))
            return false;
        if (v != r->num_immediates)
            return fail_at(r, at, "immediates must be numbered in order: expected IMM[%u], found "
                                  "IMM[%llu]",
                           r->num_immediates, (unsigned long long)v);
        if (!expect_char(r, ']', "']' after the immediate index"))
            return false;
        imm->index_given = true;
    }
    r->num_immediates++;
    ws(r);
    int t = lookup_word(r, TGSI_NAMES_IMM_TYPE);
    if (t < 0)
        return expected(r, "an immediate type (FLT32, UINT32, INT32, FLT64, UINT64, INT64)");
    imm->type = (uint8_t)t;
    bool wide = t == TGSI_IMM_FLOAT64 || t == TGSI_IMM_UINT64 || t == TGSI_IMM_INT64;
    unsigned max_values = wide ? 2 : 4;
    if (!expect_char(r, '{', "'{' before the immediate values"))
        return false;
    unsigned count = 0;
    for (;;) {
        if (count == max_values) {
            const char *save = r->cur;
            if (accept_char(r, ',')) {
                ws(r);
                return fail_at(r, r->cur, "too many values: %s immediates hold at most %u",
                               nvgp_tgsi_name(TGSI_NAMES_IMM_TYPE, (unsigned)t), max_values);
            }
            r->cur = save;
            break;
        }
        if (count) {
            const char *save = r->cur;
            if (!accept_char(r, ',')) {
                r->cur = save;
                break;
            }
        }
        uint64_t bits = 0;
        uint32_t b32 = 0;
        bool ok;
        switch (t) {
        case TGSI_IMM_FLOAT32: ok = parse_float_bits(r, &b32); bits = b32; break;
        case TGSI_IMM_UINT32: ok = parse_int_bits(r, false, 32, "UINT32", &bits); break;
        case TGSI_IMM_INT32: ok = parse_int_bits(r, true, 32, "INT32", &bits); break;
        case TGSI_IMM_FLOAT64: ok = parse_double_bits(r, &bits); break;
        case TGSI_IMM_UINT64: ok = parse_int_bits(r, false, 64, "UINT64", &bits); break;
        default: ok = parse_int_bits(r, true, 64, "INT64", &bits); break;
        }
        if (!ok)
            return false;
        if (wide) {
            imm->value[count * 2] = (uint32_t)bits;
            imm->value[count * 2 + 1] = (uint32_t)(bits >> 32);
        } else {
            imm->value[count] = (uint32_t)bits;
        }
        count++;
    }
    imm->num_words = (uint8_t)(wide ? count * 2 : count);
    if (!expect_char(r, '}', "',' or '}' after an immediate value"))
        return false;
    if (!at_separator(r))
        return expected(r, "the end of the immediate");
    return true;
}

/* The name table spelling each property's value, -1 for plain numbers. */
static int property_value_table(unsigned prop)
{
    static const int8_t tables[TGSI_PROPERTY_COUNT] = {
        [TGSI_PROPERTY_GS_INPUT_PRIM] = TGSI_NAMES_PRIMITIVE + 1,
        [TGSI_PROPERTY_GS_OUTPUT_PRIM] = TGSI_NAMES_PRIMITIVE + 1,
        [TGSI_PROPERTY_TES_PRIM_MODE] = TGSI_NAMES_PRIMITIVE + 1,
        [TGSI_PROPERTY_FS_COORD_ORIGIN] = TGSI_NAMES_FS_COORD_ORIGIN + 1,
        [TGSI_PROPERTY_FS_COORD_PIXEL_CENTER] = TGSI_NAMES_FS_COORD_PIXEL_CENTER + 1,
        [TGSI_PROPERTY_FS_DEPTH_LAYOUT] = TGSI_NAMES_FS_DEPTH_LAYOUT + 1,
        [TGSI_PROPERTY_TES_SPACING] = TGSI_NAMES_TESS_SPACING + 1,
        [TGSI_PROPERTY_NEXT_SHADER] = TGSI_NAMES_PROCESSOR + 1,
    };
    return prop < TGSI_PROPERTY_COUNT ? tables[prop] - 1 : -1;
}

/* NEXT_SHADER's value is Mesa's shader-stage number (VERT, TESS_CTRL,
 * TESS_EVAL, GEOM, FRAG, COMP), not our processor order. */
static const uint8_t stage_number[TGSI_PROCESSOR_COUNT] = {
    [TGSI_PROCESSOR_VERTEX] = 0,   [TGSI_PROCESSOR_TESS_CTRL] = 1,
    [TGSI_PROCESSOR_TESS_EVAL] = 2, [TGSI_PROCESSOR_GEOMETRY] = 3,
    [TGSI_PROCESSOR_FRAGMENT] = 4, [TGSI_PROCESSOR_COMPUTE] = 5,
};

static bool parse_property(reader *r, const char *start)
{
    if (!at_separator(r))
        return expected(r, "white space after PROPERTY");
    ws(r);
    int prop = lookup_word(r, TGSI_NAMES_PROPERTY);
    if (prop < 0) {
        if (!word_len(r))
            return expected(r, "a property name");
        char found[64];
        describe(r, r->cur, found, sizeof found);
        return fail_at(r, r->cur, "unknown property %s", found);
    }
    tgsi_property_decl *pr = nvgp_tgsi_add_property(r->p);
    if (!pr)
        return fail_at(r, start, "out of memory");
    pr->source_offset = offset_of(r, start);
    pr->name = (uint8_t)prop;
    int table = property_value_table((unsigned)prop);
    for (;;) {
        ws(r);
        const char *at = r->cur;
        if (pr->num_data == TGSI_MAX_PROPERTY_DATA)
            return fail_at(r, at, "too many property values (at most %d)",
                           TGSI_MAX_PROPERTY_DATA);
        uint32_t value;
        if (is_alpha(peek(r))) {
            int v = table >= 0 ? lookup_word(r, (tgsi_name_table)table) : -1;
            if (v < 0) {
                char found[64];
                describe(r, at, found, sizeof found);
                return fail_at(r, at, "unknown value %s for property %s", found,
                               nvgp_tgsi_name(TGSI_NAMES_PROPERTY, (unsigned)prop));
            }
            value = table == TGSI_NAMES_PROCESSOR ? stage_number[v] : (uint32_t)v;
        } else {
            /* tgsi_dump prints values signed; accept unsigned ones too. */
            uint64_t bits;
            if (!parse_int_bits(r, true, 64, "property", &bits))
                return false;
            int64_t sv = (int64_t)bits;
            if (sv < INT32_MIN || sv > (int64_t)UINT32_MAX)
                return fail_at(r, at, "property value out of range (32 bits)");
            value = (uint32_t)bits;
        }
        pr->data[pr->num_data++] = value;
        const char *save = r->cur;
        if (!accept_char(r, ',')) {
            r->cur = save;
            break;
        }
    }
    if (!at_separator(r))
        return expected(r, "the end of the property");
    return true;
}

/* ---- Program ------------------------------------------------------------------ */

static bool only_nul_and_space(const reader *r)
{
    for (const char *p = r->cur; p < r->end; p++)
        if (*p != '\0' && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r')
            return false;
    return true;
}

static bool parse_program(reader *r)
{
    ws(r);
    int proc = lookup_word(r, TGSI_NAMES_PROCESSOR);
    if (proc < 0)
        return expected(r, "a program header (VERT, FRAG, GEOM, TESS_CTRL, TESS_EVAL or COMP)");
    if (!at_separator(r))
        return expected(r, "the end of the program header");
    r->p = nvgp_tgsi_program_create((tgsi_processor)proc);
    if (!r->p)
        return fail_at(r, r->cur, "out of memory");

    for (;;) {
        ws(r);
        int c = peek(r);
        if (c < 0)
            return true;
        if (c == '\0') {
            /* A C string's terminator (or padding) ends the text, as for
             * tgsi_text; anything after it is an error. */
            if (only_nul_and_space(r))
                return true;
            return fail_at(r, r->cur, "NUL byte in the program text");
        }
        const char *start = r->cur;
        bool numbered = false;
        if (is_digit(c)) {
            /* Instruction number "12:" as tgsi_dump prints it. */
            uint64_t v;
            bool over;
            parse_u64(r, &v, &over);
            if (!accept_char(r, ':'))
                return expected(r, "':' after the instruction number");
            ws(r);
            numbered = true;
            start = r->cur;
        }
        size_t n = word_len(r);
        if (!numbered && n == 3 && word_is(r->cur, 3, "DCL")) {
            r->cur += 3;
            if (!parse_declaration(r, start))
                return false;
        } else if (!numbered && n == 3 && word_is(r->cur, 3, "IMM")) {
            r->cur += 3;
            if (!parse_immediate(r, start))
                return false;
        } else if (!numbered && n == 8 && word_is(r->cur, 8, "PROPERTY")) {
            r->cur += 8;
            if (!parse_property(r, start))
                return false;
        } else if (!parse_instruction(r, start, numbered)) {
            return false;
        }
    }
}

tgsi_program *nvgp_tgsi_read(const char *src, size_t len, nvgp_diag *diag)
{
    reader r;
    memset(&r, 0, sizeof r);
    r.diag = diag;
    if (!src)
        len = 0;
    nvgp_tgsi_pp *pp = NULL;
    if (src && nvgp_tgsi_pp_needed(src, len)) {
        pp = nvgp_tgsi_preprocess(src, len, diag);
        if (!pp)
            return NULL;
        size_t plen;
        r.base = nvgp_tgsi_pp_text(pp, &plen);
        r.end = r.base + plen;
        r.pp = pp;
    } else {
        r.base = src ? src : "";
        r.end = r.base + len;
    }
    r.cur = r.base;
    bool ok = parse_program(&r) && !r.failed;
    nvgp_tgsi_pp_destroy(pp);
    if (!ok) {
        nvgp_tgsi_program_destroy(r.p);
        return NULL;
    }
    return r.p;
}

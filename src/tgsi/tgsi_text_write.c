/* The TGSI text writer (see tgsi_text_write.h).
 *
 * The Mesa style follows tgsi_dump as Mesa printed it in 2016-2017, the
 * release the etnaviv dumps of the corpus come from.  Where current Mesa
 * prints differently, the 2017 form is kept and the difference noted:
 *  - PROPERTY NEXT_SHADER: 2017 prints the number, current Mesa the
 *    processor name (which its own text parser does not read back);
 *  - CYLWRAP_xyzw after the interpolation: printed in 2017, gone from
 *    current Mesa together with cylindrical wrapping;
 *  - STREAM(x, y, z, w), _PRECISE, INT64/UINT64 immediates and the
 *    STREAM_CACHE_POLICY qualifier are later additions; they are printed
 *    as current Mesa prints them (a 2017 program never has them).
 *
 * The canonical style differs from the Mesa style only where Mesa loses
 * information, so that print -> read -> print is a fixed point:
 *  - FLT32/FLT64 immediates print as the shortest decimal that reads back
 *    to the same bits; NaN and infinities, which have none, as the raw bits
 *    "0x7fc00001" / "0x7ff8000000000001" (Mesa's text parser reads 0x plus
 *    8 hex digits in FLT32 as bits, as TGSI_DUMP_FLOAT_AS_HEX prints them;
 *    our reader does the same with 16 digits in FLT64);
 *  - the interpolation mode prints on every declaration that has one, not
 *    only on fragment inputs, and "[]" wherever the declaration has it;
 *  - a memory instruction's BUFFER target and a texture instruction's
 *    return type (after the target), both of which tgsi_dump leaves out. */
#include "tgsi/tgsi_text_write.h"

#include "tgsi/tgsi_names.h"

#include <inttypes.h>
#include <stdarg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Output goes through a small staging buffer flushed into the strbuf, so
 * the many one-character appends cost a store each rather than a call. */
enum { STAGE_SIZE = 1024 };

typedef struct writer {
    nvgp_strbuf *out;
    tgsi_text_style style;
    const tgsi_program *p;
    size_t n;
    char stage[STAGE_SIZE];
} writer;

static inline bool is_mesa(const writer *w) { return w->style == TGSI_STYLE_MESA; }

static void flush(writer *w)
{
    if (w->n) {
        nvgp_strbuf_append(w->out, w->stage, w->n);
        w->n = 0;
    }
}

static void put_bytes(writer *w, const char *s, size_t n)
{
    if (n > STAGE_SIZE - w->n) {
        flush(w);
        if (n > STAGE_SIZE) {
            nvgp_strbuf_append(w->out, s, n);
            return;
        }
    }
    memcpy(w->stage + w->n, s, n);
    w->n += n;
}

static inline void put(writer *w, const char *s) { put_bytes(w, s, strlen(s)); }

static inline void putch(writer *w, char c)
{
    if (w->n == STAGE_SIZE)
        flush(w);
    w->stage[w->n++] = c;
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void put_fmt(writer *w, const char *fmt, ...)
{
    char buf[512]; /* %10.4f of FLT_MAX is 44 characters, of DBL_MAX 315 */
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n > 0)
        put_bytes(w, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

/* Decimal integers without printf: the writer prints many of them. */
static size_t fmt_u64(char *end, uint64_t v)
{
    char *s = end;
    do {
        *--s = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    return (size_t)(end - s);
}

static void put_u64(writer *w, uint64_t v)
{
    char buf[24];
    size_t n = fmt_u64(buf + sizeof buf, v);
    put_bytes(w, buf + sizeof buf - n, n);
}

static void put_i64(writer *w, int64_t v)
{
    if (v < 0) {
        putch(w, '-');
        put_u64(w, (uint64_t)0 - (uint64_t)v);
    } else {
        put_u64(w, (uint64_t)v);
    }
}

static inline void put_uint(writer *w, uint32_t v) { put_u64(w, v); }
static inline void put_int(writer *w, int32_t v) { put_i64(w, v); }

/* A name from a table, or the number as tgsi_dump prints an out-of-range
 * enum value. */
static void put_name(writer *w, tgsi_name_table t, unsigned v)
{
    const char *s = nvgp_tgsi_name(t, v);
    if (s)
        put(w, s);
    else
        put_uint(w, v);
}

static const char swizzle_chars[4] = {'x', 'y', 'z', 'w'};

static void put_swizzle_char(writer *w, unsigned s)
{
    if (s < 4)
        putch(w, swizzle_chars[s]);
    else
        put_uint(w, s);
}

/* ---- Exact floats --------------------------------------------------------- */

/* Lays out the significant digits of "%.*e" text like %g does, but with a
 * fixed rule for the notation: positional when the decimal exponent is in
 * [-4, fixed_limit), scientific otherwise.  So 100 prints as "100" rather
 * than the equally short "1e+02", and 1e10f as "1e+10".  Writes at most 40
 * characters to out and returns how many. */
static size_t shortest_layout(const char *e_text, int fixed_limit, char *out)
{
    char digits[32];
    int nd = 0;
    size_t o = 0;
    const char *c = e_text;
    if (*c == '-')
        out[o++] = *c++;
    for (; *c && *c != 'e'; c++)
        if (*c >= '0' && *c <= '9' && nd < (int)sizeof digits)
            digits[nd++] = *c;
    int exp10 = *c == 'e' ? atoi(c + 1) : 0;
    while (nd > 1 && digits[nd - 1] == '0')
        nd--;
    if (exp10 >= -4 && exp10 < fixed_limit) {
        if (exp10 < 0) {
            out[o++] = '0';
            out[o++] = '.';
            for (int i = 0; i < -exp10 - 1; i++)
                out[o++] = '0';
            memcpy(out + o, digits, (size_t)nd);
            o += (size_t)nd;
        } else {
            int whole = exp10 + 1;
            for (int i = 0; i < whole; i++)
                out[o++] = i < nd ? digits[i] : '0';
            if (nd > whole) {
                out[o++] = '.';
                memcpy(out + o, digits + whole, (size_t)(nd - whole));
                o += (size_t)(nd - whole);
            }
        }
    } else {
        out[o++] = digits[0];
        if (nd > 1) {
            out[o++] = '.';
            memcpy(out + o, digits + 1, (size_t)(nd - 1));
            o += (size_t)(nd - 1);
        }
        int e = exp10 < 0 ? -exp10 : exp10;
        out[o++] = 'e';
        out[o++] = exp10 < 0 ? '-' : '+';
        if (e >= 100)
            out[o++] = (char)('0' + e / 100);
        out[o++] = (char)('0' + e / 10 % 10);
        out[o++] = (char)('0' + e % 10);
    }
    return o;
}

/* Rewrites "%.*e" text to the next decimal of the same length away from
 * (dir > 0) or towards (dir < 0) zero: last digit +1 or -1, with carry or
 * borrow.  Returns false when there is none of that length. */
static bool step_last_digit(char *e_text, int dir)
{
    char *e = strchr(e_text, 'e');
    if (!e)
        return false;
    char *d = e - 1;
    for (; d >= e_text; d--) {
        if (*d == '.')
            continue;
        if (*d < '0' || *d > '9')
            break;
        if (dir > 0 && *d != '9') {
            (*d)++;
            return true;
        }
        if (dir < 0 && *d != '0') {
            (*d)--;
            /* 1.00e+06 - 1 would lead with a zero: not of this length. */
            return !(*d == '0' && d == e_text + (e_text[0] == '-'));
        }
        *d = dir > 0 ? '0' : '9';
    }
    if (dir < 0)
        return false;
    /* Carry out of the leading digit: 9.99e+05 -> 1.00e+06. */
    char *lead = e_text + (e_text[0] == '-');
    *lead = '1';
    char tail[16];
    snprintf(tail, sizeof tail, "e%+03d", atoi(e + 1) + 1);
    memcpy(e, tail, strlen(tail) + 1);
    return true;
}

/* The fewest significant digits that read back to the same bits; nine
 * always suffice for binary32, seventeen for binary64.  The correctly
 * rounded p-digit decimal is the candidate of each length p, but at a
 * power of two the rounding interval is narrower below than above, and a
 * p-digit neighbour may read back where the rounded value does not
 * (2^87f: 1.5474251e+26, not 1.54742505e+26); there both neighbours are
 * tried too. */
/* Whether text reads back (strtof for binary32, strtod for binary64) to the
 * bits `want`. */
static bool reads_back(const char *text, bool single, uint64_t want)
{
    if (single) {
        float back = strtof(text, NULL);
        uint32_t got;
        memcpy(&got, &back, sizeof got);
        return got == want;
    }
    double back = strtod(text, NULL);
    uint64_t got;
    memcpy(&got, &back, sizeof got);
    return got == want;
}

/* v is the value (a binary32 one widened when single), want its bits in
 * its own format. */
static size_t format_exact(double v, bool single, uint64_t want, char *out)
{
    char buf[48], alt[48];
    int digits = single ? 9 : 17;
    bool pow2 = single ? (want & 0x7fffffu) == 0 && (want & 0x7f800000u) > 0x00800000u
                       : (want & 0xfffffffffffffull) == 0 && (want & 0x7ff0000000000000ull) > 0x0010000000000000ull;
    for (int prec = 1; prec <= digits; prec++) {
        snprintf(buf, sizeof buf, "%.*e", prec - 1, v);
        if (reads_back(buf, single, want))
            break;
        for (int dir = -1; pow2 && dir <= 1; dir += 2) {
            memcpy(alt, buf, sizeof alt);
            if (step_last_digit(alt, dir) && reads_back(alt, single, want))
                return shortest_layout(alt, digits, out);
        }
    }
    return shortest_layout(buf, digits, out);
}

static size_t format_float_exact(float f, char *out)
{
    uint32_t bits;
    memcpy(&bits, &f, sizeof bits);
    return format_exact((double)f, true, bits, out);
}

static size_t format_double_exact(double d, char *out)
{
    uint64_t bits;
    memcpy(&bits, &d, sizeof bits);
    return format_exact(d, false, bits, out);
}

void nvgp_tgsi_write_float_exact(float f, nvgp_strbuf *out)
{
    char buf[48];
    nvgp_strbuf_append(out, buf, format_float_exact(f, buf));
}

void nvgp_tgsi_write_double_exact(double d, nvgp_strbuf *out)
{
    char buf[48];
    nvgp_strbuf_append(out, buf, format_double_exact(d, buf));
}

/* NaN and infinity have no decimal form that keeps their bits; they print
 * as the raw bits, the form Mesa's TGSI_DUMP_FLOAT_AS_HEX prints and its
 * text parser reads ("0x" and exactly 8 hex digits in a FLT32 value). */
static void put_float_canonical(writer *w, uint32_t bits)
{
    char buf[48];
    float f;
    memcpy(&f, &bits, sizeof f);
    if (isnan(f) || isinf(f))
        put_fmt(w, "0x%08" PRIx32, bits);
    else
        put_bytes(w, buf, format_float_exact(f, buf));
}

static void put_double_canonical(writer *w, uint64_t bits)
{
    char buf[48];
    double d;
    memcpy(&d, &bits, sizeof d);
    if (isnan(d) || isinf(d))
        put_fmt(w, "0x%016" PRIx64, bits);
    else
        put_bytes(w, buf, format_double_exact(d, buf));
}

/* ---- Operands -------------------------------------------------------------- */

/* [FILE[i].c+k](id) or [k]: one bracket of a register, direct or indirect. */
static void put_index(writer *w, bool indirect, const tgsi_indirect *ind, int32_t index)
{
    putch(w, '[');
    if (indirect) {
        put_name(w, TGSI_NAMES_FILE, ind->file);
        putch(w, '[');
        put_int(w, ind->index);
        put(w, "].");
        put_swizzle_char(w, ind->swizzle);
        if (index != 0) {
            if (index > 0)
                putch(w, '+');
            put_int(w, index);
        }
        putch(w, ']');
        if (ind->array_id) {
            putch(w, '(');
            put_uint(w, ind->array_id);
            putch(w, ')');
        }
    } else {
        put_int(w, index);
        putch(w, ']');
    }
}

static void put_register(writer *w, const tgsi_register *r)
{
    put_name(w, TGSI_NAMES_FILE, r->file);
    if (r->dimension)
        put_index(w, r->dim_indirect, &r->dim_ind, r->dim_index);
    put_index(w, r->indirect, &r->ind, r->index);
}

static void put_writemask(writer *w, unsigned mask)
{
    if ((mask & 0xf) == TGSI_WRITEMASK_XYZW)
        return;
    putch(w, '.');
    for (unsigned c = 0; c < 4; c++)
        if (mask & (1u << c))
            putch(w, swizzle_chars[c]);
}

static void put_dst(writer *w, const tgsi_dst *d)
{
    put_register(w, &d->reg);
    put_writemask(w, d->writemask);
}

static void put_src(writer *w, const tgsi_src *s)
{
    if (s->negate)
        putch(w, '-');
    if (s->absolute)
        putch(w, '|');
    put_register(w, &s->reg);
    if (s->swizzle[0] != TGSI_SWIZZLE_X || s->swizzle[1] != TGSI_SWIZZLE_Y ||
        s->swizzle[2] != TGSI_SWIZZLE_Z || s->swizzle[3] != TGSI_SWIZZLE_W) {
        putch(w, '.');
        for (int c = 0; c < 4; c++)
            put_swizzle_char(w, s->swizzle[c]);
    }
    if (s->absolute)
        putch(w, '|');
}

/* ---- Instructions ------------------------------------------------------------ */

/* Memory qualifier bits in bit order, as tgsi_dump names them. */
static const char *const memory_qualifier_names[] = {
    "COHERENT", "RESTRICT", "VOLATILE", "STREAM_CACHE_POLICY",
};

static void put_format(writer *w, unsigned fmt)
{
    const char *s = nvgp_tgsi_name(TGSI_NAMES_FORMAT, fmt);
    if (s) {
        /* tgsi_dump prints util_format_name(), the PIPE_FORMAT_ enum name. */
        put(w, "PIPE_FORMAT_");
        put(w, s);
    } else {
        put_uint(w, fmt);
    }
}

static void put_instruction(writer *w, const tgsi_instruction *inst)
{
    const tgsi_opcode_info *info = nvgp_tgsi_opcode_info(inst->opcode);
    if (info)
        put(w, info->name);
    else
        put_uint(w, inst->opcode);
    if (inst->saturate)
        put(w, "_SAT");
    if (inst->precise)
        put(w, "_PRECISE");

    bool first = true;
    unsigned ndst = inst->num_dst <= TGSI_MAX_DST ? inst->num_dst : TGSI_MAX_DST;
    unsigned nsrc = inst->num_src <= TGSI_MAX_SRC ? inst->num_src : TGSI_MAX_SRC;
    for (unsigned i = 0; i < ndst; i++) {
        put(w, first ? " " : ", ");
        put_dst(w, &inst->dst[i]);
        first = false;
    }
    for (unsigned i = 0; i < nsrc; i++) {
        put(w, first ? " " : ", ");
        put_src(w, &inst->src[i]);
        first = false;
    }

    uint16_t flags = info ? info->flags : 0;
    if (flags & TGSI_OPF_TEX) {
        /* tgsi_dump leaves the target out for SAMPLE..GATHER4, whose
         * target lives in the sampler view; the reader leaves it UNKNOWN
         * there, so "target known" is the same test. */
        if (inst->texture != TGSI_TEXTURE_UNKNOWN) {
            put(w, ", ");
            put_name(w, TGSI_NAMES_TEXTURE, inst->texture);
            /* The token's return type, which tgsi_dump never printed; the
             * text reader reads it after the target. */
            if (!is_mesa(w) && inst->return_type != TGSI_RETURN_TYPE_UNKNOWN) {
                put(w, ", ");
                put_name(w, TGSI_NAMES_RETURN_TYPE, inst->return_type);
            }
        }
        unsigned noff = inst->num_offsets <= TGSI_MAX_TEX_OFFSETS ? inst->num_offsets
                                                                   : TGSI_MAX_TEX_OFFSETS;
        for (unsigned i = 0; i < noff; i++) {
            const tgsi_tex_offset *o = &inst->offsets[i];
            put(w, ", ");
            put_name(w, TGSI_NAMES_FILE, o->file);
            putch(w, '[');
            put_int(w, o->index);
            put(w, "].");
            for (int c = 0; c < 3; c++)
                put_swizzle_char(w, o->swizzle[c]);
        }
    }
    if (flags & TGSI_OPF_MEM) {
        unsigned q = inst->memory_qualifier;
        for (unsigned bit = 0; q; bit++) {
            if (!(q & (1u << bit)))
                continue;
            q &= ~(1u << bit);
            put(w, ", ");
            if (bit < sizeof memory_qualifier_names / sizeof *memory_qualifier_names)
                put(w, memory_qualifier_names[bit]);
            else
                put_uint(w, bit);
        }
        /* tgsi_dump prints Memory.Texture only when nonzero, and BUFFER is
         * zero; the canonical form keeps BUFFER so it reads back. */
        if (inst->texture != TGSI_TEXTURE_UNKNOWN &&
            !(is_mesa(w) && inst->texture == TGSI_TEXTURE_BUFFER)) {
            put(w, ", ");
            put_name(w, TGSI_NAMES_TEXTURE, inst->texture);
        }
        if (inst->memory_format) {
            put(w, ", ");
            put_format(w, inst->memory_format);
        }
    }
    if (inst->has_label) {
        put(w, " :");
        put_uint(w, inst->label);
    }
}

/* ---- Declarations ------------------------------------------------------------ */

static bool is_patch_semantic(const tgsi_declaration *d)
{
    return d->has_semantic &&
           (d->semantic_name == TGSI_SEMANTIC_PATCH || d->semantic_name == TGSI_SEMANTIC_TESSINNER ||
            d->semantic_name == TGSI_SEMANTIC_TESSOUTER || d->semantic_name == TGSI_SEMANTIC_PRIMID);
}

/* tgsi_dump prints "[]" for the per-vertex inputs of geometry and
 * tessellation programs and the per-vertex outputs of tessellation control
 * programs: those files are always two-dimensional there. */
static bool mesa_unsized_dimension(const writer *w, const tgsi_declaration *d)
{
    uint8_t proc = w->p->processor;
    bool patch = is_patch_semantic(d);
    if (d->file == TGSI_FILE_INPUT &&
        (proc == TGSI_PROCESSOR_GEOMETRY ||
         (!patch && (proc == TGSI_PROCESSOR_TESS_CTRL || proc == TGSI_PROCESSOR_TESS_EVAL))))
        return true;
    return d->file == TGSI_FILE_OUTPUT && !patch && proc == TGSI_PROCESSOR_TESS_CTRL;
}

static void put_return_types(writer *w, const uint8_t rt[4])
{
    put_name(w, TGSI_NAMES_RETURN_TYPE, rt[0]);
    if (rt[1] != rt[0] || rt[2] != rt[0] || rt[3] != rt[0]) {
        for (int c = 1; c < 4; c++) {
            put(w, ", ");
            put_name(w, TGSI_NAMES_RETURN_TYPE, rt[c]);
        }
    }
}

static void put_immx(writer *w, const tgsi_declaration *d)
{
    put(w, " {");
    for (int32_t i = 0; i <= d->last - d->first; i++) {
        if (i)
            put(w, ", ");
        putch(w, '{');
        for (int c = 0; c < 4; c++) {
            if (c)
                put(w, ", ");
            uint32_t bits = d->immx_values[(size_t)i * 4 + (size_t)c];
            if (is_mesa(w)) {
                float f;
                memcpy(&f, &bits, sizeof f);
                put_fmt(w, "%10.4f", (double)f);
            } else {
                put_float_canonical(w, bits);
            }
        }
        putch(w, '}');
    }
    putch(w, '}');
}

static void put_declaration(writer *w, const tgsi_declaration *d)
{
    put(w, "DCL ");
    put_name(w, TGSI_NAMES_FILE, d->file);
    bool unsized = mesa_unsized_dimension(w, d);
    if (!is_mesa(w))
        unsized = unsized || d->dimension_unsized;
    if (unsized)
        put(w, "[]");
    if (d->has_dimension) {
        putch(w, '[');
        put_int(w, d->dimension);
        putch(w, ']');
    }
    putch(w, '[');
    put_int(w, d->first);
    if (d->first != d->last) {
        put(w, "..");
        put_int(w, d->last);
    }
    putch(w, ']');
    put_writemask(w, d->usage_mask);

    if (d->array_id) {
        put(w, ", ARRAY(");
        put_uint(w, d->array_id);
        putch(w, ')');
    }
    if (d->local)
        put(w, ", LOCAL");

    if (d->has_semantic) {
        put(w, ", ");
        put_name(w, TGSI_NAMES_SEMANTIC, d->semantic_name);
        if (d->semantic_index != 0 || d->semantic_name == TGSI_SEMANTIC_TEXCOORD ||
            d->semantic_name == TGSI_SEMANTIC_GENERIC) {
            putch(w, '[');
            put_uint(w, d->semantic_index);
            putch(w, ']');
        }
        if (d->stream[0] || d->stream[1] || d->stream[2] || d->stream[3]) {
            put(w, ", STREAM(");
            for (int c = 0; c < 4; c++) {
                if (c)
                    put(w, ", ");
                put_uint(w, d->stream[c]);
            }
            putch(w, ')');
        }
    }

    switch (d->file) {
    case TGSI_FILE_IMAGE:
        put(w, ", ");
        put_name(w, TGSI_NAMES_TEXTURE, d->resource_target);
        put(w, ", ");
        put_format(w, d->image_format);
        if (d->writable)
            put(w, ", WR");
        if (d->raw)
            put(w, ", RAW");
        break;
    case TGSI_FILE_RESOURCE: /* the 2012-2015 form of images and buffers */
        if (d->resource_target != TGSI_TEXTURE_UNKNOWN) {
            put(w, ", ");
            put_name(w, TGSI_NAMES_TEXTURE, d->resource_target);
        }
        if (d->sview_return[0] != TGSI_RETURN_TYPE_UNKNOWN) {
            put(w, ", ");
            put_return_types(w, d->sview_return);
        }
        if (d->writable)
            put(w, ", WR");
        if (d->raw)
            put(w, ", RAW");
        break;
    case TGSI_FILE_BUFFER:
        if (d->atomic)
            put(w, ", ATOMIC");
        break;
    case TGSI_FILE_MEMORY:
        put(w, ", ");
        if (d->memory_type == TGSI_MEMORY_TYPE_GLOBAL)
            put(w, "GLOBAL"); /* tgsi_dump spells out the default */
        else
            put_name(w, TGSI_NAMES_MEMORY_TYPE, d->memory_type);
        break;
    case TGSI_FILE_SAMPLER_VIEW:
        put(w, ", ");
        put_name(w, TGSI_NAMES_TEXTURE, d->sview_target);
        put(w, ", ");
        put_return_types(w, d->sview_return);
        break;
    default:
        break;
    }

    /* tgsi_dump prints the interpolation mode only on fragment inputs,
     * although the token (and its text) may carry it anywhere. */
    bool interp_shown = d->has_interpolate &&
                        (!is_mesa(w) || (w->p->processor == TGSI_PROCESSOR_FRAGMENT &&
                                         d->file == TGSI_FILE_INPUT));
    if (interp_shown) {
        put(w, ", ");
        put_name(w, TGSI_NAMES_INTERPOLATE, d->interpolate);
    }
    if ((d->has_interpolate || !is_mesa(w)) &&
        d->interpolate_location != TGSI_INTERPOLATE_LOC_CENTER) {
        put(w, ", ");
        put_name(w, TGSI_NAMES_INTERPOLATE_LOC, d->interpolate_location);
    }
    if ((d->has_interpolate || !is_mesa(w)) && (d->cylindrical_wrap & 0xf)) {
        put(w, ", CYLWRAP_");
        static const char xyzw[4] = {'X', 'Y', 'Z', 'W'};
        for (int c = 0; c < 4; c++)
            if (d->cylindrical_wrap & (1u << c))
                putch(w, xyzw[c]);
    }
    if (d->invariant)
        put(w, ", INVARIANT");
    if (d->file == TGSI_FILE_IMMEDIATE_ARRAY && d->immx_values && d->last >= d->first)
        put_immx(w, d);
}

/* ---- Properties and immediates --------------------------------------------- */

/* Which name table spells a property's values; tgsi_dump prints every other
 * property as a signed number.  (NEXT_SHADER: see the head comment.) */
static int property_value_table(unsigned prop)
{
    switch (prop) {
    case TGSI_PROPERTY_GS_INPUT_PRIM:
    case TGSI_PROPERTY_GS_OUTPUT_PRIM:
        return TGSI_NAMES_PRIMITIVE;
    case TGSI_PROPERTY_FS_COORD_ORIGIN:
        return TGSI_NAMES_FS_COORD_ORIGIN;
    case TGSI_PROPERTY_FS_COORD_PIXEL_CENTER:
        return TGSI_NAMES_FS_COORD_PIXEL_CENTER;
    default:
        return -1;
    }
}

static void put_property(writer *w, const tgsi_property_decl *pr)
{
    put(w, "PROPERTY ");
    put_name(w, TGSI_NAMES_PROPERTY, pr->name);
    unsigned n = pr->num_data <= TGSI_MAX_PROPERTY_DATA ? pr->num_data : TGSI_MAX_PROPERTY_DATA;
    if (n)
        putch(w, ' ');
    int table = property_value_table(pr->name);
    for (unsigned i = 0; i < n; i++) {
        if (i)
            put(w, ", ");
        if (table >= 0)
            put_name(w, (tgsi_name_table)table, pr->data[i]);
        else
            put_int(w, (int32_t)pr->data[i]);
    }
}

static void put_immediate(writer *w, const tgsi_immediate *imm, uint32_t number)
{
    put(w, "IMM[");
    put_uint(w, number);
    put(w, "] ");
    put_name(w, TGSI_NAMES_IMM_TYPE, imm->type);
    put(w, " {");
    unsigned n = imm->num_words <= 4 ? imm->num_words : 4;
    bool wide = imm->type == TGSI_IMM_FLOAT64 || imm->type == TGSI_IMM_UINT64 ||
                imm->type == TGSI_IMM_INT64;
    for (unsigned i = 0; i < n; i += wide ? 2 : 1) {
        if (i)
            put(w, ", ");
        uint32_t lo = imm->value[i];
        uint64_t v64 = lo | (i + 1 < 4 ? (uint64_t)imm->value[i + 1] << 32 : 0);
        switch (imm->type) {
        case TGSI_IMM_FLOAT32:
            if (is_mesa(w)) {
                float f;
                memcpy(&f, &lo, sizeof f);
                put_fmt(w, "%10.4f", (double)f);
            } else {
                put_float_canonical(w, lo);
            }
            break;
        case TGSI_IMM_UINT32:
            put_uint(w, lo);
            break;
        case TGSI_IMM_INT32:
            put_int(w, (int32_t)lo);
            break;
        case TGSI_IMM_FLOAT64:
            if (is_mesa(w)) {
                double d;
                memcpy(&d, &v64, sizeof d);
                put_fmt(w, "%10.8f", d);
            } else {
                put_double_canonical(w, v64);
            }
            break;
        case TGSI_IMM_UINT64:
            put_u64(w, v64);
            break;
        case TGSI_IMM_INT64:
            put_i64(w, (int64_t)v64);
            break;
        default:
            /* Unknown type: the raw words, so nothing is lost. */
            put_fmt(w, "0x%08" PRIx32, lo);
            break;
        }
    }
    putch(w, '}');
}

/* ---- Whole programs --------------------------------------------------------- */

/* "%3u: " as tgsi_dump's INSTID prints it ("% 3u": the space flag does
 * nothing for unsigned conversions). */
static void put_instruction_number(writer *w, uint32_t n)
{
    if (n < 10)
        put(w, "  ");
    else if (n < 100)
        putch(w, ' ');
    put_uint(w, n);
    put(w, ": ");
}

static void writer_init(writer *w, nvgp_strbuf *out, tgsi_text_style style,
                        const tgsi_program *p)
{
    w->out = out;
    w->style = style;
    w->p = p;
    w->n = 0;
}

bool nvgp_tgsi_write(const tgsi_program *p, tgsi_text_style style, nvgp_strbuf *out)
{
    writer w;
    writer_init(&w, out, style, p);
    put_name(&w, TGSI_NAMES_PROCESSOR, p->processor);
    putch(&w, '\n');

    uint32_t instno = 0, immno = 0;
    int indent = 0;
    for (uint32_t k = 0; k < p->num_items; k++) {
        const tgsi_item *it = &p->items[k];
        switch (it->kind) {
        case TGSI_ITEM_PROPERTY:
            put_property(&w, &p->properties[it->index]);
            break;
        case TGSI_ITEM_DECLARATION:
            put_declaration(&w, &p->declarations[it->index]);
            break;
        case TGSI_ITEM_IMMEDIATE:
            put_immediate(&w, &p->immediates[it->index], immno++);
            break;
        case TGSI_ITEM_INSTRUCTION: {
            const tgsi_instruction *inst = &p->instructions[it->index];
            const tgsi_opcode_info *info = nvgp_tgsi_opcode_info(inst->opcode);
            uint16_t flags = info ? info->flags : 0;
            put_instruction_number(&w, instno++);
            /* Dedent before a block's end, indent after its start (ELSE
             * does both); like tgsi_dump, unbalanced blocks just print
             * no indentation rather than failing. */
            if (flags & TGSI_OPF_CLOSE)
                indent--;
            /* deeper than a checked program can nest, the indentation stops
             * growing: output stays in proportion to the program */
            for (int i = 0; i < indent && i < TGSI_MAX_NESTING; i++)
                put(&w, "  ");
            if (flags & TGSI_OPF_OPEN)
                indent++;
            put_instruction(&w, inst);
            break;
        }
        default:
            continue;
        }
        putch(&w, '\n');
    }
    flush(&w);
    return !out->failed;
}

void nvgp_tgsi_write_instruction(const tgsi_program *p, const tgsi_instruction *inst,
                                 tgsi_text_style style, nvgp_strbuf *out)
{
    writer w;
    writer_init(&w, out, style, p);
    put_instruction(&w, inst);
    flush(&w);
}

void nvgp_tgsi_write_src(const tgsi_src *src, tgsi_text_style style, nvgp_strbuf *out)
{
    writer w;
    writer_init(&w, out, style, NULL);
    put_src(&w, src);
    flush(&w);
}

void nvgp_tgsi_write_dst(const tgsi_dst *dst, tgsi_text_style style, nvgp_strbuf *out)
{
    writer w;
    writer_init(&w, out, style, NULL);
    put_dst(&w, dst);
    flush(&w);
}

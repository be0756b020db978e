/* The tracer (trace.h, docs/trace.md): an executor hook that writes one
 * record per executed instruction of the selected warps and steps. */
#include "trace/trace.h"

#include "base/strbuf.h"
#include "tgsi/tgsi_info.h"
#include "tgsi/tgsi_names.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { LANES = 32, FLUSH_AT = 1 << 16 };

struct nvgp_tracer {
    const nvgp_trace_prog *p;
    nvgp_trace_options o;
    FILE *out;
    nvgp_strbuf buf;
    uint64_t step;            /* steps seen (all warps) */
    uint64_t records, bytes;
    bool write_failed;
    /* the step in flight, from `before` */
    bool take;
    uint32_t mask_before;
    int64_t dim[TGSI_MAX_DST][LANES], idx[TGSI_MAX_DST][LANES];
    uint32_t addr[3][LANES];  /* memory instructions: address x y z */
    uint32_t stored[4][LANES];/* STORE: the value; atomics: operands */
    uint32_t operand2[LANES];
};

nvgp_tracer *nvgp_tracer_open(const nvgp_trace_prog *p, const nvgp_trace_options *o, FILE *out)
{
    nvgp_tracer *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->p = p;
    t->o = *o;
    t->out = out;
    nvgp_strbuf_init(&t->buf);
    return t;
}

void nvgp_tracer_destroy(nvgp_tracer *t)
{
    if (!t)
        return;
    nvgp_strbuf_free(&t->buf);
    free(t);
}

static void flush(nvgp_tracer *t)
{
    if (t->buf.len && fwrite(t->buf.data, 1, t->buf.len, t->out) != t->buf.len)
        t->write_failed = true;
    t->bytes += t->buf.len;
    nvgp_strbuf_clear(&t->buf);
}

bool nvgp_tracer_finish(nvgp_tracer *t, uint64_t *records, uint64_t *bytes)
{
    if (!t)
        return false;
    flush(t);
    if (fflush(t->out) != 0)
        t->write_failed = true;
    if (records)
        *records = t->records;
    if (bytes)
        *bytes = t->bytes;
    return !t->write_failed && !t->buf.failed;
}

/* ---- values ------------------------------------------------------------- */

/* Decimal digits of v (with a '-' when neg) into buf: the common case of
 * integers and integral floats without snprintf, which a long trace spends
 * most of its time in. */
static void put_decimal(char *buf, size_t n, uint64_t v, bool neg)
{
    char tmp[24];
    size_t k = 0;
    do {
        tmp[k++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    size_t i = 0;
    if (neg && i + 1 < n)
        buf[i++] = '-';
    while (k && i + 1 < n)
        buf[i++] = tmp[--k];
    if (n)
        buf[i] = 0;
}

void nvgp_trace_format_word(char *buf, size_t n, uint32_t w, const char *type, bool json)
{
    if (!strcmp(type, "u32")) {
        put_decimal(buf, n, w, false);
    } else if (!strcmp(type, "s32")) {
        int32_t v = (int32_t)w;
        put_decimal(buf, n, v < 0 ? (uint64_t)-(int64_t)v : (uint64_t)v, v < 0);
    } else {
        float f;
        memcpy(&f, &w, 4);
        uint32_t e = (w >> 23) & 0xff;
        /* untyped words (MOV, LOAD, ...): shown as floats where the bits
         * are a normal float or a zero, else as bits (docs/trace.md) */
        if (!strcmp(type, "x32") && e == 0 && (w & 0x7fffffffu))
            snprintf(buf, n, json ? "\"0x%08" PRIx32 "\"" : "0x%08" PRIx32, w);
        else if (isnan(f))
            snprintf(buf, n, json ? "\"nan\"" : "nan");
        else if (isinf(f))
            snprintf(buf, n, json ? "\"%sinf\"" : "%sinf", f < 0 ? "-" : "");
        else if (fabsf(f) < 16777216.0f && f == (float)(int32_t)f)
            /* an integral float prints as %.9g would: its digits ("-0" too) */
            put_decimal(buf, n, (uint64_t)(f < 0 ? -(int64_t)f : (int64_t)f), signbit(f) != 0);
        else
            snprintf(buf, n, "%.9g", (double)f);
    }
}

static void format_word64(char *buf, size_t n, uint64_t w, tgsi_type t, bool json)
{
    if (t == TGSI_TYPE_UINT64) {
        snprintf(buf, n, "%" PRIu64, w);
    } else if (t == TGSI_TYPE_INT64) {
        snprintf(buf, n, "%" PRId64, (int64_t)w);
    } else {
        double d;
        memcpy(&d, &w, 8);
        if (isnan(d))
            snprintf(buf, n, json ? "\"nan\"" : "nan");
        else if (isinf(d))
            snprintf(buf, n, json ? "\"%sinf\"" : "%sinf", d < 0 ? "-" : "");
        else
            snprintf(buf, n, "%.17g", d);
    }
}

/* The name a trace gives the opcode's result type. */
static const char *type_name(tgsi_type t)
{
    switch (t) {
    case TGSI_TYPE_FLOAT: return "f32";
    case TGSI_TYPE_INT: return "s32";
    case TGSI_TYPE_UINT: return "u32";
    case TGSI_TYPE_DOUBLE: return "f64";
    case TGSI_TYPE_INT64: return "s64";
    case TGSI_TYPE_UINT64: return "u64";
    default: return "x32";
    }
}

static bool warp_local(uint8_t file)
{
    return file == TGSI_FILE_TEMPORARY || file == TGSI_FILE_OUTPUT || file == TGSI_FILE_ADDRESS;
}

static bool is_mem_file(uint8_t file)
{
    return file == TGSI_FILE_BUFFER || file == TGSI_FILE_MEMORY || file == TGSI_FILE_IMAGE;
}

/* ---- before ------------------------------------------------------------------ */

static void before(void *ctx, const nvgp_exec_warp *w, uint32_t pc)
{
    nvgp_tracer *t = ctx;
    uint64_t step = t->step++;
    t->take = step >= t->o.from && step - t->o.from < t->o.count &&
              nvgp_trace_set_has(&t->o.warps, nvgp_exec_warp_number(w));
    if (!t->take)
        return;
    const tgsi_instruction *in = &nvgp_trace_prog_desc_of(t->p)->prog->instructions[pc];
    t->mask_before = nvgp_exec_warp_exec_mask(w);
    for (unsigned d = 0; d < in->num_dst && d < TGSI_MAX_DST; d++)
        nvgp_exec_warp_operand_indices(w, pc, true, d, t->dim[d], t->idx[d]);
    const tgsi_opcode_info *info = nvgp_tgsi_opcode_info(in->opcode);
    if (!(info->flags & TGSI_OPF_MEM))
        return;
    /* LOAD dst, RES, addr / STORE RES, addr, value / ATOM dst, RES, addr, op[, op2] */
    unsigned a = (info->flags & TGSI_OPF_STORE) ? 0 : 1;
    if (a >= in->num_src)
        return;
    for (unsigned c = 0; c < 3; c++)
        nvgp_exec_warp_fetch(w, pc, a, c, t->addr[c]);
    if ((info->flags & TGSI_OPF_STORE) && in->num_src > 1)
        for (unsigned c = 0; c < 4; c++)
            nvgp_exec_warp_fetch(w, pc, 1, c, t->stored[c]);
    if ((info->flags & TGSI_OPF_ATOMIC) && in->num_src > 2) {
        nvgp_exec_warp_fetch(w, pc, 2, 0, t->stored[0]);
        if (in->num_src > 3)
            nvgp_exec_warp_fetch(w, pc, 3, 0, t->operand2);
    }
}

/* ---- after: the record --------------------------------------------------------- */

static void put_json_string(nvgp_strbuf *b, const char *s)
{
    nvgp_strbuf_putc(b, '"');
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\') {
            nvgp_strbuf_putc(b, '\\');
            nvgp_strbuf_putc(b, (char)ch);
        } else if (ch < 0x20) {
            nvgp_strbuf_printf(b, "\\u%04x", ch);
        } else {
            nvgp_strbuf_putc(b, (char)ch);
        }
    }
    nvgp_strbuf_putc(b, '"');
}

static void reg_name(char *buf, size_t n, uint8_t file, int64_t dim, int64_t idx, bool two_d)
{
    const char *f = nvgp_tgsi_name(TGSI_NAMES_FILE, file);
    if (two_d)
        snprintf(buf, n, "%s[%" PRId64 "][%" PRId64 "]", f ? f : "?", dim, idx);
    else
        snprintf(buf, n, "%s[%" PRId64 "]", f ? f : "?", idx);
}

static const char comp_names[] = "xyzw";

/* One lane's value of a destination: the enabled components (64-bit types:
 * the enabled pairs), typed. */
static void put_lane_value(nvgp_tracer *t, const nvgp_exec_warp *w, uint8_t file, int64_t dim,
                           int64_t idx, unsigned wm, tgsi_type type, unsigned lane)
{
    bool json = t->o.format == NVGP_TRACE_JSONL;
    nvgp_strbuf *b = &t->buf;
    char v[64];
    bool first = true;
    nvgp_strbuf_putc(b, json ? '[' : '(');
    if (nvgp_tgsi_type_is_64bit(type)) {
        for (unsigned pr = 0; pr < 2; pr++) {
            if (!(wm & (3u << (2 * pr))))
                continue;
            uint32_t lo = 0, hi = 0;
            nvgp_exec_warp_read(w, file, dim, idx, 2 * pr, lane, &lo);
            nvgp_exec_warp_read(w, file, dim, idx, 2 * pr + 1, lane, &hi);
            format_word64(v, sizeof v, (uint64_t)hi << 32 | lo, type, json);
            if (!first)
                nvgp_strbuf_puts(b, json ? "," : ", ");
            nvgp_strbuf_puts(b, v);
            first = false;
        }
    } else {
        for (unsigned c = 0; c < 4; c++) {
            uint32_t word = 0;
            if (!(wm & (1u << c)))
                continue;
            nvgp_exec_warp_read(w, file, dim, idx, c, lane, &word);
            nvgp_trace_format_word(v, sizeof v, word, type_name(type), json);
            if (!first)
                nvgp_strbuf_puts(b, json ? "," : ", ");
            nvgp_strbuf_puts(b, v);
            first = false;
        }
    }
    nvgp_strbuf_putc(b, json ? ']' : ')');
}

/* Condition-code flags of a lane's CC register components (wm). */
static void put_cc(nvgp_tracer *t, const nvgp_exec_warp *w, const nvgp_lower_map *map,
                   int64_t idx, unsigned wm, unsigned lane)
{
    bool json = t->o.format == NVGP_TRACE_JSONL;
    nvgp_strbuf *b = &t->buf;
    bool first = true;
    nvgp_strbuf_putc(b, json ? '[' : '(');
    for (unsigned c = 0; c < 4; c++) {
        if (!(wm & (1u << c)))
            continue;
        uint32_t word = 0;
        nvgp_exec_warp_read(w, TGSI_FILE_TEMPORARY, 0, idx, c, lane, &word);
        char f[32] = "";
        if (map->cc_model == NVGP_LOWER_CC_VALUE) {
            float x;
            memcpy(&x, &word, 4);
            strcpy(f, isnan(x) ? "UN" : x > 0 ? "GT" : x < 0 ? "LT" : "EQ");
        } else {
            static const char *const names[] = {"SF", "ZF", "OF", "CF"};
            for (unsigned k = 0; k < 4; k++)
                if (word & (1u << k)) {
                    if (f[0])
                        strcat(f, " ");
                    strcat(f, names[k]);
                }
        }
        if (json) {
            nvgp_strbuf_printf(b, "%s\"%s\"", first ? "" : ",", f);
        } else {
            nvgp_strbuf_printf(b, "%s%s", first ? "" : ", ", f[0] ? f : "-");
        }
        first = false;
    }
    nvgp_strbuf_putc(b, json ? ']' : ')');
}

/* `"l":` (JSON) or `l:` (text), after a separator unless first. */
static void put_lane_key(nvgp_strbuf *b, unsigned l, bool first, bool json)
{
    char k[8];
    size_t n = 0;
    if (!first)
        k[n++] = json ? ',' : ' ';
    if (json)
        k[n++] = '"';
    if (l >= 10)
        k[n++] = (char)('0' + l / 10);
    k[n++] = (char)('0' + l % 10);
    if (json)
        k[n++] = '"';
    k[n++] = ':';
    nvgp_strbuf_append(b, k, n);
}

static void put_destinations(nvgp_tracer *t, const nvgp_exec_warp *w, const tgsi_instruction *in,
                             uint32_t lanes)
{
    bool json = t->o.format == NVGP_TRACE_JSONL;
    nvgp_strbuf *b = &t->buf;
    const tgsi_opcode_info *info = nvgp_tgsi_opcode_info(in->opcode);
    const nvgp_lower_map *map = nvgp_trace_prog_desc_of(t->p)->map;
    tgsi_type type = (tgsi_type)info->dst_type;
    bool any = false;
    for (unsigned d = 0; d < in->num_dst && d < TGSI_MAX_DST; d++) {
        const tgsi_dst *dst = &in->dst[d];
        if (!warp_local(dst->reg.file) || !lanes)
            continue;
        /* an indirect destination can differ per lane: one entry for each
         * register written, in lane order */
        uint32_t left = lanes;
        while (left) {
            unsigned l0 = (unsigned)__builtin_ctz(left);
            int64_t dm = t->dim[d][l0], ix = t->idx[d][l0];
            uint32_t group = 0;
            for (uint32_t r = left; r; r &= r - 1) {
                unsigned l = (unsigned)__builtin_ctz(r);
                if (t->dim[d][l] == dm && t->idx[d][l] == ix)
                    group |= 1u << l;
            }
            left &= ~group;
            char name[64], full[80];
            reg_name(name, sizeof name, dst->reg.file, dm, ix, dst->reg.dimension);
            char wm[5];
            size_t k = 0;
            for (unsigned c = 0; c < 4; c++)
                if (dst->writemask & (1u << c))
                    wm[k++] = comp_names[c];
            wm[k] = 0;
            snprintf(full, sizeof full, "%s%s%s", name, dst->writemask == 0xf ? "" : ".",
                     dst->writemask == 0xf ? "" : wm);
            if (json) {
                nvgp_strbuf_puts(b, any ? "," : ",\"dst\":[");
                nvgp_strbuf_printf(b, "{\"reg\":\"%s\",\"type\":\"%s\",\"lanes\":{", full,
                                   type_name(type));
            } else {
                nvgp_strbuf_printf(b, "    %s %s ", full, type_name(type));
            }
            bool firstl = true;
            for (uint32_t r = group; r; r &= r - 1) {
                unsigned l = (unsigned)__builtin_ctz(r);
                put_lane_key(b, l, firstl, json);
                put_lane_value(t, w, dst->reg.file, dm, ix, dst->writemask, type, l);
                firstl = false;
            }
            nvgp_strbuf_puts(b, json ? "}" : "\n");
            /* the register of a condition code: its flags */
            int cc = -1;
            if (map && dst->reg.file == TGSI_FILE_TEMPORARY && dm == 0)
                for (int c = 1; c >= 0; c--)
                    if (map->cc_temp[c] >= 0 && map->cc_temp[c] == ix)
                        cc = c;
            if (cc >= 0) {
                nvgp_strbuf_printf(b, json ? ",\"cc\":{\"reg\":\"CC%d\",\"lanes\":{" : "    CC%d flags ", cc);
                firstl = true;
                for (uint32_t r = group; r; r &= r - 1) {
                    unsigned l = (unsigned)__builtin_ctz(r);
                    nvgp_strbuf_printf(b, json ? "%s\"%u\":" : "%s%u:", firstl ? "" : json ? "," : " ", l);
                    put_cc(t, w, map, ix, dst->writemask, l);
                    firstl = false;
                }
                nvgp_strbuf_puts(b, json ? "}}" : "\n");
            }
            if (json)
                nvgp_strbuf_puts(b, "}");
            any = true;
        }
    }
    if (json && any)
        nvgp_strbuf_puts(b, "]");
}

/* Memory: per lane the resource, the address and the words moved. */
static void put_memory(nvgp_tracer *t, const nvgp_exec_warp *w, const tgsi_instruction *in,
                       uint32_t lanes)
{
    const tgsi_opcode_info *info = nvgp_tgsi_opcode_info(in->opcode);
    if (!(info->flags & TGSI_OPF_MEM))
        return;
    bool store = info->flags & TGSI_OPF_STORE, atomic = info->flags & TGSI_OPF_ATOMIC;
    const tgsi_register *res = store ? &in->dst[0].reg : in->num_src ? &in->src[0].reg : NULL;
    if (!res || !is_mem_file(res->file))
        return;
    /* helper lanes never write memory */
    if (store || atomic)
        lanes &= ~nvgp_exec_warp_helpers(w);
    bool json = t->o.format == NVGP_TRACE_JSONL;
    nvgp_strbuf *b = &t->buf;
    const char *kind = store ? "store" : atomic ? "atomic" : "load";
    char name[64];
    reg_name(name, sizeof name, res->file, 0, res->index, false);
    bool image = res->file == TGSI_FILE_IMAGE;
    unsigned wm = in->dst[0].writemask;  /* the components moved */
    bool first = true;
    for (uint32_t r = lanes; r; r &= r - 1) {
        unsigned l = (unsigned)__builtin_ctz(r);
        char addr[48], v[64];
        if (image)
            snprintf(addr, sizeof addr, json ? "[%u,%u,%u]" : "(%u, %u, %u)", t->addr[0][l],
                     t->addr[1][l], t->addr[2][l]);
        else
            snprintf(addr, sizeof addr, "%u", t->addr[0][l]);
        if (json)
            nvgp_strbuf_printf(b, "%s{\"lane\":%u,\"op\":\"%s\",\"res\":\"%s\",\"addr\":%s,",
                               first ? ",\"mem\":[" : ",", l, kind, name, addr);
        else
            nvgp_strbuf_printf(b, "    %s %s lane %u @%s ", kind, name, l, addr);
        if (atomic) {
            uint32_t old = 0;
            nvgp_exec_warp_read(w, in->dst[0].reg.file, 0, t->idx[0][l], 0, l, &old);
            nvgp_strbuf_printf(b, json ? "\"old\":%u,\"operand\":%u" : "old %u operand %u", old,
                               t->stored[0][l]);
            if (in->num_src > 3)
                nvgp_strbuf_printf(b, json ? ",\"operand2\":%u" : " operand2 %u", t->operand2[l]);
        } else {
            nvgp_strbuf_puts(b, json ? "\"values\":[" : "(");
            bool f = true;
            for (unsigned c = 0; c < 4; c++) {
                if (!(wm & (1u << c)))
                    continue;
                uint32_t word = 0;
                if (store)
                    word = t->stored[c][l];
                else
                    nvgp_exec_warp_read(w, in->dst[0].reg.file, t->dim[0][l], t->idx[0][l], c, l,
                                        &word);
                nvgp_trace_format_word(v, sizeof v, word, "x32", json);
                nvgp_strbuf_printf(b, "%s%s", f ? "" : json ? "," : ", ", v);
                f = false;
            }
            nvgp_strbuf_puts(b, json ? "]" : ")");
        }
        nvgp_strbuf_puts(b, json ? "}" : "\n");
        first = false;
    }
    if (json && !first)
        nvgp_strbuf_puts(b, "]");
}

static void after(void *ctx, const nvgp_exec_warp *w, uint32_t pc)
{
    nvgp_tracer *t = ctx;
    if (!t->take)
        return;
    const nvgp_trace_prog *p = t->p;
    const tgsi_instruction *in = &nvgp_trace_prog_desc_of(p)->prog->instructions[pc];
    uint32_t mask_after = nvgp_exec_warp_exec_mask(w);
    uint32_t line = nvgp_trace_line(p, pc);
    nvgp_strbuf *b = &t->buf;
    uint64_t step = t->step - 1;
    uint32_t warp = nvgp_exec_warp_number(w);
    /* values of the selected lanes that ran the instruction */
    uint32_t lanes = t->mask_before & t->o.lanes;
    if (t->o.format == NVGP_TRACE_JSONL) {
        nvgp_strbuf_printf(b, "{\"step\":%" PRIu64 ",\"warp\":%u,\"pc\":%u,\"op\":\"%s\",\"tgsi\":",
                           step, warp, pc, nvgp_tgsi_opcode_info(in->opcode)->name);
        put_json_string(b, nvgp_trace_tgsi(p, pc));
        nvgp_strbuf_printf(b, ",\"line\":%u,\"source\":", line);
        put_json_string(b, nvgp_trace_line_text(p, line));
        nvgp_strbuf_printf(b, ",\"exec\":\"0x%08x\",\"exec_after\":\"0x%08x\"", t->mask_before,
                           mask_after);
        put_destinations(t, w, in, lanes);
        put_memory(t, w, in, lanes);
        nvgp_strbuf_puts(b, "}\n");
    } else {
        nvgp_strbuf_printf(b, "#%" PRIu64 " warp %u pc %u line %u  %08x -> %08x  %s\n", step, warp,
                           pc, line, t->mask_before, mask_after, nvgp_trace_tgsi(p, pc));
        nvgp_strbuf_printf(b, "    | %s\n", nvgp_trace_line_text(p, line));
        put_destinations(t, w, in, lanes);
        put_memory(t, w, in, lanes);
    }
    t->records++;
    if (b->len >= FLUSH_AT)
        flush(t);
}

nvgp_exec_hook nvgp_tracer_exec_hook(nvgp_tracer *t)
{
    nvgp_exec_hook h = { before, after, t };
    return h;
}

/* The public step hook: a machine hands its hooks the executor's warp as
 * an nvgp_warp (api/machine.c), so the view converts straight back. */
static void step_before(void *ctx, const nvgp_warp *w, uint32_t pc)
{
    before(ctx, (const nvgp_exec_warp *)(const void *)w, pc);
}

static void step_after(void *ctx, const nvgp_warp *w, uint32_t pc)
{
    after(ctx, (const nvgp_exec_warp *)(const void *)w, pc);
}

nvgp_step_hook nvgp_tracer_hook(nvgp_tracer *t)
{
    nvgp_step_hook h = { step_before, step_after, t };
    return h;
}

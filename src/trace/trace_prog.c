/* The program as traces name it: the TGSI text of each instruction and the
 * source line (NV/ARB through the translation's source offsets, else the
 * TGSI text) it came from; and the selection sets of the trace options. */
#include "trace/trace.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct nvgp_trace_prog {
    nvgp_trace_prog_desc d;
    uint32_t npcs;
    char **tgsi;            /* per pc */
    uint32_t *line;         /* per pc */
    uint32_t nlines;
    char **lines;           /* nlines + 1, [0] = "" */
};

/* A copy of [p, e) with blanks trimmed and control bytes as blanks. */
static char *trimmed(const char *p, const char *e)
{
    while (p < e && (*p == ' ' || *p == '\t'))
        p++;
    while (e > p && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
        e--;
    char *s = malloc((size_t)(e - p) + 1);
    if (!s)
        return NULL;
    size_t n = 0;
    for (; p < e; p++)
        s[n++] = (unsigned char)*p < 0x20 || *p == 0x7f ? ' ' : *p;
    s[n] = 0;
    return s;
}

static const char *line_end(const char *p, const char *end)
{
    while (p < end && *p != '\n' && *p != '\r')
        p++;
    return p;
}

/* 1-based line holding byte offset so, given the n line starts. */
static uint32_t line_of(const size_t *starts, size_t n, size_t so)
{
    size_t lo = 0, hi = n;  /* the last start <= so */
    while (hi - lo > 1) {
        size_t mid = (lo + hi) / 2;
        if (starts[mid] <= so)
            lo = mid;
        else
            hi = mid;
    }
    return n ? (uint32_t)lo + 1 : 0;
}

nvgp_trace_prog *nvgp_trace_prog_create(const nvgp_trace_prog_desc *d)
{
    nvgp_trace_prog *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->d = *d;
    p->npcs = d->prog->num_instructions;
    const char *src = d->origin && d->src ? d->src : d->tgsi_text;
    size_t len = d->origin && d->src ? d->src_len : d->tgsi_len;
    /* the source's lines: CR LF, CR and LF each end one */
    size_t cap = 1;
    for (size_t i = 0; i < len; i++)
        cap += src[i] == '\n' || src[i] == '\r';
    size_t *starts = malloc(sizeof(size_t) * (cap + 1));
    p->lines = calloc(cap + 2, sizeof(char *));
    p->tgsi = calloc(p->npcs + 1, sizeof(char *));
    p->line = calloc(p->npcs + 1, sizeof(uint32_t));
    bool ok = starts && p->lines && p->tgsi && p->line;
    size_t n = 0;
    if (ok) {
        starts[n++] = 0;
        for (size_t i = 0; i < len; i++) {
            if (src[i] == '\r' && i + 1 < len && src[i + 1] == '\n')
                i++;
            if (src[i] == '\n' || src[i] == '\r')
                starts[n++] = i + 1;
        }
        p->nlines = (uint32_t)n;
        p->lines[0] = trimmed("", "");
        ok = p->lines[0] != NULL;
        for (size_t l = 0; ok && l < n; l++)
            ok = (p->lines[l + 1] = trimmed(src + starts[l], line_end(src + starts[l], src + len))) != NULL;
    }
    /* NV/ARB programs: the TGSI text is the translation as nvgp prints it,
     * each instruction after its number ("  12: MOV ..."), so take the
     * instructions by number (whatever text the source offsets index) */
    for (const char *t = d->tgsi_text, *end = d->tgsi_text + d->tgsi_len; ok && d->origin && t < end;) {
        const char *te = line_end(t, end);
        const char *q = t;
        while (q < te && *q == ' ')
            q++;
        uint32_t k = 0;
        const char *digits = q;
        while (q < te && *q >= '0' && *q <= '9' && k < 100000000)
            k = k * 10 + (uint32_t)(*q++ - '0');
        if (q > digits && q < te && *q == ':' && k < p->npcs && !p->tgsi[k])
            ok = (p->tgsi[k] = trimmed(q + 1, te)) != NULL;
        t = te < end ? te + 1 : te;
    }
    for (uint32_t pc = 0; ok && pc < p->npcs; pc++) {
        size_t off = d->prog->instructions[pc].source_offset;
        if (p->tgsi[pc]) {  /* taken by number above */
            size_t so = pc < d->origin->num_instructions ? d->origin->instructions[pc].source_offset : 0;
            p->line[pc] = line_of(starts, n, so);
            continue;
        }
        const char *t = d->tgsi_text + (off < d->tgsi_len ? off : d->tgsi_len);
        const char *te = line_end(t, d->tgsi_text + d->tgsi_len);
        /* the writer's "  12: " instruction number is not part of it */
        const char *q = t;
        while (q < te && *q == ' ')
            q++;
        const char *digits = q;
        while (q < te && *q >= '0' && *q <= '9')
            q++;
        if (q > digits && q < te && *q == ':')
            t = q + 1;
        ok = (p->tgsi[pc] = trimmed(t, te)) != NULL;
        size_t so = d->origin && d->src && pc < d->origin->num_instructions
                        ? d->origin->instructions[pc].source_offset : off;
        p->line[pc] = line_of(starts, n, so);
    }
    free(starts);
    if (!ok) {
        nvgp_trace_prog_destroy(p);
        return NULL;
    }
    return p;
}

void nvgp_trace_prog_destroy(nvgp_trace_prog *p)
{
    if (!p)
        return;
    for (uint32_t i = 0; p->tgsi && i < p->npcs; i++)
        free(p->tgsi[i]);
    for (uint32_t i = 0; p->lines && i <= p->nlines; i++)
        free(p->lines[i]);
    free(p->tgsi);
    free(p->line);
    free(p->lines);
    free(p);
}

const nvgp_trace_prog_desc *nvgp_trace_prog_desc_of(const nvgp_trace_prog *p) { return &p->d; }
uint32_t nvgp_trace_num_pcs(const nvgp_trace_prog *p) { return p->npcs; }
const char *nvgp_trace_tgsi(const nvgp_trace_prog *p, uint32_t pc)
{
    return pc < p->npcs ? p->tgsi[pc] : "";
}
uint32_t nvgp_trace_line(const nvgp_trace_prog *p, uint32_t pc)
{
    return pc < p->npcs ? p->line[pc] : 0;
}
uint32_t nvgp_trace_num_lines(const nvgp_trace_prog *p) { return p->nlines; }
const char *nvgp_trace_line_text(const nvgp_trace_prog *p, uint32_t line)
{
    return line <= p->nlines ? p->lines[line] : "";
}

/* ---- sets ------------------------------------------------------------------ */

static bool parse_num(const char **s, uint32_t *v)
{
    const char *p = *s;
    uint64_t x = 0;
    if (*p < '0' || *p > '9')
        return false;
    while (*p >= '0' && *p <= '9' && x <= 0xffffffffull)
        x = x * 10 + (uint64_t)(*p++ - '0');
    if (x > 0xffffffffull)
        return false;
    *v = (uint32_t)x;
    *s = p;
    return true;
}

bool nvgp_trace_parse_set(const char *spec, uint32_t limit, nvgp_trace_set *out, char *err,
                          size_t errlen)
{
    memset(out, 0, sizeof *out);
    if (!spec || !*spec) {
        snprintf(err, errlen, "empty list");
        return false;
    }
    if (!strcmp(spec, "all")) {
        out->all = true;
        return true;
    }
    const char *p = spec;
    for (;;) {
        uint32_t lo, hi;
        if (!parse_num(&p, &lo)) {
            snprintf(err, errlen, "'%s': expected 'all', N, N-M or a comma list of them", spec);
            return false;
        }
        hi = lo;
        if (*p == '-') {
            p++;
            if (!parse_num(&p, &hi) || hi < lo) {
                snprintf(err, errlen, "'%s': a range is N-M with N <= M", spec);
                return false;
            }
        }
        if (hi > limit) {
            snprintf(err, errlen, "'%s': %u is out of range (0..%u)", spec, hi, limit);
            return false;
        }
        if (out->n == 32) {
            snprintf(err, errlen, "'%s': more than 32 items", spec);
            return false;
        }
        out->lo[out->n] = lo;
        out->hi[out->n++] = hi;
        if (!*p)
            return true;
        if (*p++ != ',') {
            snprintf(err, errlen, "'%s': expected 'all', N, N-M or a comma list of them", spec);
            return false;
        }
    }
}

bool nvgp_trace_set_has(const nvgp_trace_set *s, uint32_t v)
{
    if (s->all)
        return true;
    for (uint32_t i = 0; i < s->n; i++)
        if (v >= s->lo[i] && v <= s->hi[i])
            return true;
    return false;
}

uint32_t nvgp_trace_set_max(const nvgp_trace_set *s)
{
    uint32_t m = 0;
    for (uint32_t i = 0; !s->all && i < s->n; i++)
        m = s->hi[i] > m ? s->hi[i] : m;
    return m;
}

/* The C-preprocessor subset of TGSI text (see tgsi_preproc.h).
 *
 * Line by line: directive lines are obeyed and dropped (an empty line is
 * kept in their place so line numbers stay), other lines of active regions
 * are copied with identifiers replaced by macro bodies, rescanned up to a
 * fixed depth; a macro is not expanded inside its own expansion, as in C.
 * Output size is bounded so that nested macros cannot blow up memory. */
#include "tgsi/tgsi_preproc.h"

#include "base/diag.h"
#include "base/strbuf.h"

#include <stdlib.h>
#include <string.h>

enum {
    MAX_DEPTH = 32,        /* macro nesting while rescanning */
    MAX_COND_DEPTH = 64,   /* nested #ifdef */
    MAX_OUTPUT_GROWTH = 64 /* output may be at most this times the input + 1 MiB */
};

typedef struct macro {
    const char *name, *body;
    size_t name_len, body_len;
    bool defined;
} macro;

typedef struct segment {
    size_t out, src, len;
    bool expansion;
} segment;

struct nvgp_tgsi_pp {
    nvgp_strbuf out;
    segment *segs;
    size_t num_segs, cap_segs;
};

typedef struct pp_state {
    const char *src;
    size_t len;
    nvgp_diag *diag;
    nvgp_tgsi_pp *pp;
    macro *macros;
    size_t num_macros, cap_macros;
    uint32_t *hash;       /* open addressing: macro index + 1, 0 = empty */
    size_t hash_size;     /* power of two, more than twice num_macros */
    size_t max_out;
    bool failed;
} pp_state;

static const char *const predefined[][2] = {
    { "RGLOBAL", "RES[32767]" },
    { "RLOCAL", "RES[32766]" },
    { "RPRIVATE", "RES[32765]" },
    { "RINPUT", "RES[32764]" },
};

static inline bool is_ident_start(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static inline bool is_ident_char(char c)
{
    return is_ident_start(c) || (c >= '0' && c <= '9');
}

static inline bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f'; }

static size_t ident_len(const char *s, size_t n)
{
    size_t i = 0;
    if (n && is_ident_start(s[0]))
        for (i = 1; i < n && is_ident_char(s[i]); i++)
            ;
    return i;
}

static const char *const directives[] = { "define", "undef", "ifdef", "ifndef", "if",
                                          "elif", "else", "endif", "include", "error",
                                          "pragma", "line" };

/* The directive named at s[0..n) after '#', or -1. */
static int directive_at(const char *s, size_t n, size_t *name_end)
{
    size_t i = 0;
    while (i < n && is_blank(s[i]))
        i++;
    size_t l = ident_len(s + i, n - i);
    for (size_t d = 0; d < sizeof directives / sizeof directives[0]; d++) {
        if (strlen(directives[d]) == l && memcmp(directives[d], s + i, l) == 0) {
            *name_end = i + l;
            return (int)d;
        }
    }
    return -1;
}

/* Called on every program: memchr finds the few candidate bytes. */
bool nvgp_tgsi_pp_needed(const char *src, size_t len)
{
    for (const char *p = src; (p = memchr(p, '#', (size_t)(src + len - p))) != NULL; p++) {
        const char *q = p;
        while (q > src && is_blank(q[-1]))
            q--;
        size_t e;
        if ((q == src || q[-1] == '\n' || q[-1] == '\r') &&
            directive_at(p + 1, (size_t)(src + len - p - 1), &e) >= 0)
            return true;
    }
    for (const char *p = src; (p = memchr(p, 'R', (size_t)(src + len - p))) != NULL; p++) {
        if (p > src && is_ident_char(p[-1]))
            continue;
        size_t l = ident_len(p, (size_t)(src + len - p));
        for (size_t k = 0; k < sizeof predefined / sizeof predefined[0]; k++)
            if (strlen(predefined[k][0]) == l && memcmp(predefined[k][0], p, l) == 0)
                return true;
    }
    return false;
}

static bool fail(pp_state *s, size_t offset, const char *msg)
{
    if (!s->failed)
        nvgp_diag_error(s->diag, offset, "%s", msg);
    s->failed = true;
    return false;
}

static bool add_segment(pp_state *s, size_t src, size_t len, bool expansion)
{
    nvgp_tgsi_pp *pp = s->pp;
    if (len == 0)
        return true;
    if (pp->num_segs && !expansion && !pp->segs[pp->num_segs - 1].expansion &&
        pp->segs[pp->num_segs - 1].src + pp->segs[pp->num_segs - 1].len == src) {
        pp->segs[pp->num_segs - 1].len += len;
        return true;
    }
    if (pp->num_segs == pp->cap_segs) {
        size_t ncap = pp->cap_segs ? pp->cap_segs * 2 : 64;
        segment *n = realloc(pp->segs, ncap * sizeof *n);
        if (!n)
            return fail(s, src, "out of memory while preprocessing");
        pp->segs = n;
        pp->cap_segs = ncap;
    }
    pp->segs[pp->num_segs++] = (segment){ pp->out.len, src, len, expansion };
    return true;
}

static bool emit(pp_state *s, const char *text, size_t n, size_t src, bool expansion)
{
    if (s->pp->out.len + n > s->max_out)
        return fail(s, src, "macro expansion too large");
    if (!add_segment(s, src, n, expansion))
        return false;
    nvgp_strbuf_append(&s->pp->out, text, n);
    if (s->pp->out.failed)
        return fail(s, src, "out of memory while preprocessing");
    return true;
}

static uint32_t name_hash(const char *name, size_t n)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)name[i]) * 16777619u;
    return h;
}

static macro *find_macro(pp_state *s, const char *name, size_t n)
{
    if (!s->hash_size)
        return NULL;
    size_t mask = s->hash_size - 1;
    for (size_t h = name_hash(name, n) & mask; s->hash[h]; h = (h + 1) & mask) {
        macro *m = &s->macros[s->hash[h] - 1];
        if (m->name_len == n && memcmp(m->name, name, n) == 0)
            return m;
    }
    return NULL;
}

static bool rehash(pp_state *s, size_t size, size_t at)
{
    uint32_t *h = calloc(size, sizeof *h);
    if (!h)
        return fail(s, at, "out of memory while preprocessing");
    free(s->hash);
    s->hash = h;
    s->hash_size = size;
    for (size_t i = 0; i < s->num_macros; i++) {
        size_t k = name_hash(s->macros[i].name, s->macros[i].name_len) & (size - 1);
        while (h[k])
            k = (k + 1) & (size - 1);
        h[k] = (uint32_t)(i + 1);
    }
    return true;
}

static bool define(pp_state *s, const char *name, size_t n, const char *body, size_t bn,
                   size_t at)
{
    macro *m = find_macro(s, name, n);
    if (!m) {
        if (s->num_macros == s->cap_macros) {
            size_t ncap = s->cap_macros ? s->cap_macros * 2 : 16;
            macro *nm = realloc(s->macros, ncap * sizeof *nm);
            if (!nm)
                return fail(s, at, "out of memory while preprocessing");
            s->macros = nm;
            s->cap_macros = ncap;
        }
        if (s->num_macros >= UINT32_MAX - 1)
            return fail(s, at, "too many macros");
        m = &s->macros[s->num_macros++];
        m->name = name;
        m->name_len = n;
        if (s->num_macros * 2 >= s->hash_size &&
            !rehash(s, s->hash_size ? s->hash_size * 2 : 64, at))
            return false;
        if (s->hash_size && find_macro(s, name, n) != m) {
            size_t mask = s->hash_size - 1, k = name_hash(name, n) & mask;
            while (s->hash[k])
                k = (k + 1) & mask;
            s->hash[k] = (uint32_t)s->num_macros;
        }
    }
    m->body = body;
    m->body_len = bn;
    m->defined = true;
    return true;
}

/* Copies text[0..n) with macros expanded.  `src` is the original offset of
 * text (copied bytes map there when !in_expansion); `active` lists the
 * macros being expanded. */
static bool expand(pp_state *s, const char *text, size_t n, size_t src, bool in_expansion,
                   const macro **active, int depth)
{
    size_t i = 0, run = 0;
    while (i < n) {
        char c = text[i];
        if (is_ident_start(c)) {
            size_t l = ident_len(text + i, n - i);
            macro *m = find_macro(s, text + i, l);
            bool blocked = false;
            for (int d = 0; d < depth; d++)
                blocked = blocked || active[d] == m;
            if (m && m->defined && !blocked) {
                if (!emit(s, text + run, i - run, in_expansion ? src : src + run, in_expansion))
                    return false;
                size_t at = in_expansion ? src : src + i;
                if (depth >= MAX_DEPTH)
                    return fail(s, at, "macro expansion nested too deeply");
                active[depth] = m;
                if (!expand(s, m->body, m->body_len, at, true, active, depth + 1))
                    return false;
                i += l;
                run = i;
                continue;
            }
            i += l;
        } else if (c >= '0' && c <= '9') {
            /* A preprocessing number ("2D", "0x1f") is never a name. */
            while (i < n && (is_ident_char(text[i]) || text[i] == '.'))
                i++;
        } else {
            i++;
        }
    }
    return emit(s, text + run, i - run, in_expansion ? src : src + run, in_expansion);
}

nvgp_tgsi_pp *nvgp_tgsi_preprocess(const char *src, size_t len, nvgp_diag *diag)
{
    pp_state s = { 0 };
    s.src = src;
    s.len = len;
    s.diag = diag;
    s.max_out = len * MAX_OUTPUT_GROWTH + ((size_t)1 << 20);
    s.pp = calloc(1, sizeof *s.pp);
    if (!s.pp) {
        nvgp_diag_error(diag, 0, "out of memory while preprocessing");
        return NULL;
    }
    nvgp_strbuf_init(&s.pp->out);
    for (size_t k = 0; k < sizeof predefined / sizeof predefined[0]; k++)
        define(&s, predefined[k][0], strlen(predefined[k][0]), predefined[k][1],
               strlen(predefined[k][1]), 0);

    /* Conditional stack: whether each level is active, and whether its
     * #else was seen. */
    bool cond_active[MAX_COND_DEPTH + 1];
    bool cond_else[MAX_COND_DEPTH + 1];
    size_t cond_at[MAX_COND_DEPTH + 1];
    int level = 0;
    cond_active[0] = true;
    const macro *active[MAX_DEPTH + 1];

    size_t pos = 0;
    while (pos < len && !s.failed) {
        size_t eol = pos;
        while (eol < len && src[eol] != '\n' && src[eol] != '\r')
            eol++;
        size_t next = eol; /* past the line end: LF, CR or CR LF */
        if (next < len) {
            next++;
            if (src[eol] == '\r' && next < len && src[next] == '\n')
                next++;
        }

        size_t i = pos;
        while (i < eol && is_blank(src[i]))
            i++;
        bool live = cond_active[level];
        if (i < eol && src[i] == '#') {
            size_t name_end;
            int d = directive_at(src + i + 1, eol - i - 1, &name_end);
            size_t arg = i + 1 + (d >= 0 ? name_end : 0);
            while (arg < eol && is_blank(src[arg]))
                arg++;
            size_t an = ident_len(src + arg, eol - arg);
            const char *dname = d >= 0 ? directives[d] : "";
            bool skipped_if = !live && !strcmp(dname, "if");
            if (!strcmp(dname, "ifdef") || !strcmp(dname, "ifndef") || skipped_if) {
                /* A skipped region may hold any conditional: it only nests. */
                if (an == 0 && !skipped_if) {
                    fail(&s, arg, "expected a macro name after #ifdef/#ifndef");
                    break;
                }
                if (level == MAX_COND_DEPTH) {
                    fail(&s, i, "#ifdef nested too deeply");
                    break;
                }
                macro *m = an ? find_macro(&s, src + arg, an) : NULL;
                bool def = m && m->defined;
                level++;
                cond_active[level] = live && (dname[2] == 'd' ? def : !def);
                cond_else[level] = false;
                cond_at[level] = i;
            } else if (!strcmp(dname, "else")) {
                if (level == 0 || cond_else[level]) {
                    fail(&s, i, level ? "#else after #else" : "#else without #ifdef");
                    break;
                }
                cond_else[level] = true;
                cond_active[level] = cond_active[level - 1] && !cond_active[level];
            } else if (!strcmp(dname, "endif")) {
                if (level == 0) {
                    fail(&s, i, "#endif without #ifdef");
                    break;
                }
                level--;
            } else if (live && !strcmp(dname, "define")) {
                if (an == 0) {
                    fail(&s, arg, "expected a macro name after #define");
                    break;
                }
                if (arg + an < eol && src[arg + an] == '(') {
                    fail(&s, arg + an, "function-like macros are not supported");
                    break;
                }
                size_t b = arg + an, be = eol;
                while (b < be && is_blank(src[b]))
                    b++;
                while (be > b && is_blank(src[be - 1]))
                    be--;
                if (!define(&s, src + arg, an, src + b, be - b, arg))
                    break;
            } else if (live && !strcmp(dname, "undef")) {
                if (an == 0) {
                    fail(&s, arg, "expected a macro name after #undef");
                    break;
                }
                macro *m = find_macro(&s, src + arg, an);
                if (m)
                    m->defined = false;
            } else if (live && d >= 0) {
                fail(&s, i, "unsupported preprocessor directive (only #define, #undef, "
                            "#ifdef, #ifndef, #else and #endif are)");
                break;
            }
            /* Anything else starting with '#' is a comment line. */
        } else if (live) {
            if (!expand(&s, src + pos, eol - pos, pos, false, active, 0))
                break;
        }
        if (next > eol && !emit(&s, src + eol, next - eol, eol, false))
            break;
        pos = next;
    }
    if (!s.failed && level > 0)
        fail(&s, cond_at[level], "#ifdef without #endif");
    free(s.macros);
    free(s.hash);
    if (s.failed) {
        nvgp_tgsi_pp_destroy(s.pp);
        return NULL;
    }
    return s.pp;
}

void nvgp_tgsi_pp_destroy(nvgp_tgsi_pp *pp)
{
    if (!pp)
        return;
    nvgp_strbuf_free(&pp->out);
    free(pp->segs);
    free(pp);
}

const char *nvgp_tgsi_pp_text(const nvgp_tgsi_pp *pp, size_t *len)
{
    *len = pp->out.len;
    return pp->out.data ? pp->out.data : "";
}

size_t nvgp_tgsi_pp_source_offset(const nvgp_tgsi_pp *pp, size_t offset)
{
    if (pp->num_segs == 0)
        return 0;
    size_t lo = 0, hi = pp->num_segs;
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (pp->segs[mid].out <= offset)
            lo = mid;
        else
            hi = mid;
    }
    const segment *sg = &pp->segs[lo];
    if (sg->expansion || offset < sg->out)
        return sg->src;
    size_t k = offset - sg->out;
    return sg->src + (k < sg->len ? k : sg->len);
}

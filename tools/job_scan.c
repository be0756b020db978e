/* Keys given twice and integers beyond 64 bits in job JSON (job_scan.h).
 * The text has already been accepted by json-c in strict mode, so this walk
 * can trust its shape; its memory is the decoded keys of the objects open
 * at one time, and one path per over-long integer. */
#include "job_scan.h"

#include "job.h"   /* nvgp_strbuf (base/strbuf.h) */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_DEPTH = 128 };   /* json-c's own limit is lower */

typedef struct key_entry {
    size_t off, len;        /* the decoded key in keys */
    size_t order;           /* its place among its object's keys */
    const char *at;         /* keys.data + off, set for sorting */
} key_entry;

typedef struct comp {
    bool is_key;
    size_t a, b;            /* key: offset and length in keys; index: a */
} comp;

typedef struct scan {
    const char *s;
    size_t n, i;
    nvgp_strbuf keys;       /* decoded keys of the open objects */
    key_entry *ents;
    size_t num_ents, cap_ents;
    comp path[MAX_DEPTH];
    int depth;
    nvgp_job_scan *out;
    size_t cap_big;
    bool nomem;
} scan;

static void ws(scan *c)
{
    while (c->i < c->n && strchr(" \t\r\n", c->s[c->i]) && c->s[c->i])
        c->i++;
}

static int hex4(const char *s)
{
    int v = 0;
    for (int k = 0; k < 4; k++) {
        char h = s[k];
        int d = h >= '0' && h <= '9' ? h - '0' : h >= 'a' && h <= 'f' ? h - 'a' + 10
              : h >= 'A' && h <= 'F' ? h - 'A' + 10 : 0;
        v = v << 4 | d;
    }
    return v;
}

static void put_utf8(nvgp_strbuf *b, uint32_t cp)
{
    char u[4];
    size_t n;
    if (cp < 0x80) {
        u[0] = (char)cp;
        n = 1;
    } else if (cp < 0x800) {
        u[0] = (char)(0xc0 | cp >> 6);
        u[1] = (char)(0x80 | (cp & 0x3f));
        n = 2;
    } else if (cp < 0x10000) {
        u[0] = (char)(0xe0 | cp >> 12);
        u[1] = (char)(0x80 | (cp >> 6 & 0x3f));
        u[2] = (char)(0x80 | (cp & 0x3f));
        n = 3;
    } else {
        u[0] = (char)(0xf0 | cp >> 18);
        u[1] = (char)(0x80 | (cp >> 12 & 0x3f));
        u[2] = (char)(0x80 | (cp >> 6 & 0x3f));
        u[3] = (char)(0x80 | (cp & 0x3f));
        n = 4;
    }
    nvgp_strbuf_append(b, u, n);
}

/* A string at c->i (its opening quote); decoded into dst when given. */
static void string(scan *c, nvgp_strbuf *dst)
{
    c->i++;
    while (c->i < c->n && c->s[c->i] != '"') {
        char ch = c->s[c->i];
        if (ch != '\\') {
            size_t start = c->i;
            while (c->i < c->n && c->s[c->i] != '"' && c->s[c->i] != '\\')
                c->i++;
            if (dst)
                nvgp_strbuf_append(dst, c->s + start, c->i - start);
            continue;
        }
        if (c->i + 1 >= c->n)
            break;
        char e = c->s[c->i + 1];
        c->i += 2;
        if (e != 'u') {
            static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
            const char *at = strchr(from, e);
            if (dst && at && e)
                nvgp_strbuf_putc(dst, to[at - from]);
            continue;
        }
        if (c->i + 4 > c->n)
            break;
        uint32_t cp = (uint32_t)hex4(c->s + c->i);
        c->i += 4;
        if (cp >= 0xd800 && cp < 0xdc00 && c->i + 6 <= c->n && c->s[c->i] == '\\' &&
            c->s[c->i + 1] == 'u') {
            uint32_t lo = (uint32_t)hex4(c->s + c->i + 2);
            if (lo >= 0xdc00 && lo < 0xe000) {
                cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
                c->i += 6;
            }
        }
        if (dst)
            put_utf8(dst, cp);
    }
    c->i++;   /* the closing quote */
}

/* The path so far in job_scan.h's form. */
static void key_path(const scan *c, nvgp_strbuf *b)
{
    for (int d = 0; d < c->depth; d++) {
        const comp *p = &c->path[d];
        if (p->is_key) {
            nvgp_strbuf_printf(b, "k%zu:", p->b);
            nvgp_strbuf_append(b, c->keys.data + p->a, p->b);
        } else {
            nvgp_strbuf_printf(b, "i%zu;", p->a);
        }
    }
}

/* Member names of the job format are lower-case words; those print as
 * .name, every other key (a binding name, a number) as ["key"], as
 * tools/job.c prints paths. */
static bool plain_word(const char *s, size_t n)
{
    if (!n || !(s[0] == '_' || (s[0] >= 'a' && s[0] <= 'z')))
        return false;
    for (size_t k = 0; k < n; k++)
        if (!(s[k] == '_' || (s[k] >= 'a' && s[k] <= 'z') || (s[k] >= '0' && s[k] <= '9')))
            return false;
    return true;
}

static void human_path(const scan *c, nvgp_strbuf *b)
{
    for (int d = 0; d < c->depth; d++) {
        const comp *p = &c->path[d];
        const char *k = c->keys.data ? c->keys.data + p->a : "";
        if (!p->is_key) {
            nvgp_strbuf_printf(b, "[%zu]", p->a);
        } else if (plain_word(k, p->b)) {
            if (d)
                nvgp_strbuf_putc(b, '.');
            nvgp_strbuf_append(b, k, p->b);
        } else {
            nvgp_strbuf_putc(b, '[');
            nvgp_job_put_key_n(b, k, p->b);
            nvgp_strbuf_putc(b, ']');
        }
    }
}

/* Does the integer literal (digits, maybe a leading '-') fit 64 bits? */
static bool fits_64(const char *t, size_t n)
{
    bool neg = t[0] == '-';
    const char *d = t + neg;
    size_t len = n - neg;
    const char *max = neg ? "9223372036854775808" : "18446744073709551615";
    size_t mlen = strlen(max);
    if (len != mlen)
        return len < mlen;
    return memcmp(d, max, len) <= 0;
}

static void number(scan *c)
{
    size_t start = c->i;
    bool integer = true;
    while (c->i < c->n && c->s[c->i] && strchr("+-0123456789.eE", c->s[c->i])) {
        if (strchr(".eE", c->s[c->i]))
            integer = false;
        c->i++;
    }
    if (!integer || fits_64(c->s + start, c->i - start))
        return;
    nvgp_job_scan *o = c->out;
    if (o->num_big == c->cap_big) {
        size_t cap = c->cap_big ? 2 * c->cap_big : 16;
        nvgp_job_big_int *g = realloc(o->big, cap * sizeof *g);
        if (!g) {
            c->nomem = true;
            return;
        }
        o->big = g;
        c->cap_big = cap;
    }
    nvgp_strbuf b;
    nvgp_strbuf_init(&b);
    key_path(c, &b);
    size_t plen = b.len;
    char *path = nvgp_strbuf_take(&b, NULL);
    if (!path) {
        c->nomem = true;
        return;
    }
    o->big[o->num_big++] = (nvgp_job_big_int){ path, plen, c->s + start, c->i - start };
}

static void value(scan *c);

static int cmp_keys_text(const key_entry *a, const key_entry *b)
{
    size_t n = a->len < b->len ? a->len : b->len;
    int r = n ? memcmp(a->at, b->at, n) : 0;
    if (r)
        return r;
    return (a->len > b->len) - (a->len < b->len);
}

/* By key, then by place: equal keys end up together, first given first. */
static int cmp_keys(const void *pa, const void *pb)
{
    const key_entry *a = pa, *b = pb;
    int r = cmp_keys_text(a, b);
    return r ? r : (a->order > b->order) - (a->order < b->order);
}

/* The first key of this object (entries from mark) given again. */
static void check_duplicates(scan *c, size_t mark)
{
    size_t n = c->num_ents - mark;
    if (n < 2 || c->out->duplicate_path || c->nomem)
        return;
    key_entry *e = c->ents + mark;
    for (size_t k = 0; k < n; k++)
        e[k].at = c->keys.data + e[k].off;
    qsort(e, n, sizeof *e, cmp_keys);
    size_t best = SIZE_MAX, at = 0;
    for (size_t k = 1; k < n; k++)
        if (!cmp_keys_text(&e[k], &e[k - 1]) && e[k].order < best) {
            best = e[k].order;
            at = k;
        }
    if (best == SIZE_MAX)
        return;
    nvgp_strbuf b;
    nvgp_strbuf_init(&b);
    c->path[c->depth++] = (comp){ true, e[at].off, e[at].len };
    human_path(c, &b);
    c->depth--;
    c->out->duplicate_path = nvgp_strbuf_take(&b, NULL);
    if (!c->out->duplicate_path)
        c->nomem = true;
}

static void object(scan *c)
{
    size_t mark = c->num_ents, keys_mark = c->keys.len, order = 0;
    c->i++;
    ws(c);
    while (c->i < c->n && c->s[c->i] == '"' && !c->nomem) {
        if (c->num_ents == c->cap_ents) {
            size_t cap = c->cap_ents ? 2 * c->cap_ents : 64;
            key_entry *g = realloc(c->ents, cap * sizeof *g);
            if (!g) {
                c->nomem = true;
                return;
            }
            c->ents = g;
            c->cap_ents = cap;
        }
        size_t off = c->keys.len;
        string(c, &c->keys);
        if (c->keys.failed) {
            c->nomem = true;
            return;
        }
        key_entry *ke = &c->ents[c->num_ents++];
        *ke = (key_entry){ off, c->keys.len - off, order++, NULL };
        if (!c->out->nul_key_path && memchr(c->keys.data + off, 0, ke->len)) {
            nvgp_strbuf b;
            nvgp_strbuf_init(&b);
            c->path[c->depth++] = (comp){ true, off, ke->len };
            human_path(c, &b);
            c->depth--;
            if (!(c->out->nul_key_path = nvgp_strbuf_take(&b, NULL)))
                c->nomem = true;
        }
        ws(c);
        c->i++;   /* ':' */
        c->path[c->depth++] = (comp){ true, off, ke->len };
        value(c);
        c->depth--;
        ws(c);
        if (c->i < c->n && c->s[c->i] == ',') {
            c->i++;
            ws(c);
        }
    }
    c->i++;   /* '}' */
    check_duplicates(c, mark);
    c->num_ents = mark;
    c->keys.len = keys_mark;
}

static void array(scan *c)
{
    c->i++;
    ws(c);
    for (size_t k = 0; c->i < c->n && c->s[c->i] != ']' && !c->nomem; k++) {
        c->path[c->depth++] = (comp){ false, k, 0 };
        value(c);
        c->depth--;
        ws(c);
        if (c->i < c->n && c->s[c->i] == ',') {
            c->i++;
            ws(c);
        }
    }
    c->i++;
}

static void value(scan *c)
{
    ws(c);
    if (c->i >= c->n || c->nomem)
        return;
    if (c->depth >= MAX_DEPTH - 1) {   /* json-c refuses this deep already */
        c->i = c->n;
        return;
    }
    char ch = c->s[c->i];
    if (ch == '{')
        object(c);
    else if (ch == '[')
        array(c);
    else if (ch == '"')
        string(c, NULL);
    else if (ch == '-' || (ch >= '0' && ch <= '9'))
        number(c);
    else
        while (c->i < c->n && c->s[c->i] >= 'a' && c->s[c->i] <= 'z')
            c->i++;   /* true false null */
}

static int cmp_big(const void *pa, const void *pb)
{
    const nvgp_job_big_int *a = pa, *b = pb;
    size_t n = a->path_len < b->path_len ? a->path_len : b->path_len;
    int r = memcmp(a->path, b->path, n);
    return r ? r : (a->path_len > b->path_len) - (a->path_len < b->path_len);
}

bool nvgp_job_scan_text(const char *text, size_t len, nvgp_job_scan *out)
{
    memset(out, 0, sizeof *out);
    scan c = { .s = text, .n = len, .out = out };
    nvgp_strbuf_init(&c.keys);
    value(&c);
    nvgp_strbuf_free(&c.keys);
    free(c.ents);
    if (out->num_big > 1)
        qsort(out->big, out->num_big, sizeof *out->big, cmp_big);
    out->out_of_memory = c.nomem;
    return !c.nomem;
}

void nvgp_job_scan_free(nvgp_job_scan *s)
{
    for (size_t i = 0; i < s->num_big; i++)
        free(s->big[i].path);
    free(s->big);
    free(s->duplicate_path);
    free(s->nul_key_path);
    memset(s, 0, sizeof *s);
}

const nvgp_job_big_int *nvgp_job_scan_find(const nvgp_job_scan *s, const char *path,
                                           size_t path_len)
{
    if (!s || !s->num_big)
        return NULL;
    nvgp_job_big_int key = { (char *)path, path_len, NULL, 0 };
    return bsearch(&key, s->big, s->num_big, sizeof *s->big, cmp_big);
}

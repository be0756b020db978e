/* Job files: JSON -> struct nvgp_job (words and bytes, names kept as
 * strings), and the result JSON.  The format is in docs/job-format.md. */
#define _POSIX_C_SOURCE 200809L   /* strdup, strndup, strcasecmp */

#include "job.h"
#include "job_scan.h"

#include <json-c/json.h>

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- Types ------------------------------------------------------------------- */

static const struct type_info {
    const char *name;
    uint8_t size;
} types[NVGP_JOB_TYPE_COUNT] = {
    [NVGP_JOB_F32] = { "f32", 4 }, [NVGP_JOB_U32] = { "u32", 4 },
    [NVGP_JOB_S32] = { "s32", 4 }, [NVGP_JOB_HEX] = { "hex", 4 },
    [NVGP_JOB_F64] = { "f64", 8 }, [NVGP_JOB_U64] = { "u64", 8 },
    [NVGP_JOB_S64] = { "s64", 8 }, [NVGP_JOB_U8] = { "u8", 1 },
    [NVGP_JOB_S8] = { "s8", 1 },   [NVGP_JOB_U16] = { "u16", 2 },
    [NVGP_JOB_S16] = { "s16", 2 }, [NVGP_JOB_HEX64] = { "hex64", 8 },
};

const char *nvgp_job_type_name(nvgp_job_type t)
{
    return (unsigned)t < NVGP_JOB_TYPE_COUNT ? types[t].name : "?";
}

unsigned nvgp_job_type_size(nvgp_job_type t)
{
    return (unsigned)t < NVGP_JOB_TYPE_COUNT ? types[t].size : 0;
}

static int type_lookup(const char *s)
{
    for (int i = 0; i < NVGP_JOB_TYPE_COUNT; i++)
        if (!strcmp(types[i].name, s))
            return i;
    return -1;
}

/* Output formats are the register types, not the memory-only ones. */
static bool is_output_type(int t)
{
    return t >= 0 && t <= NVGP_JOB_S64;
}

/* ---- Limits (docs/job-format.md "Limits") ------------------------------------- */

enum {
    JOB_MAX_INVOCATIONS = 1u << 24,   /* invocations, or compute threads in all */
    JOB_MAX_BLOCK = 1024,             /* MAX_COMPUTE_WORK_GROUP_INVOCATIONS */
    JOB_MAX_THREADS = 256,            /* host threads */
};
/* Bytes of buffers, memory ranges and images together: what a job can make
 * the runner allocate beyond its own text (a "size" costs no text). */
#define JOB_MAX_DATA ((uint64_t)1 << 30)

/* ---- Parser state and errors ------------------------------------------------ */

typedef struct jp {
    const char *name;
    nvgp_strbuf path;       /* field path of what is being read */
    char *error;            /* the first error, malloc'd */
    nvgp_job *job;
    const nvgp_job_scan *scan;  /* integers beyond 64 bits, as written */
    uint64_t data_bytes;        /* buffers, memory and images so far */
} jp;

static bool NVGP_PRINTF(2, 3) fail(jp *p, const char *fmt, ...)
{
    if (p->error)
        return false;
    nvgp_strbuf s;
    nvgp_strbuf_init(&s);
    nvgp_strbuf_puts(&s, p->name);
    nvgp_strbuf_puts(&s, ": ");
    if (p->path.len) {
        nvgp_strbuf_append(&s, p->path.data, p->path.len);
        nvgp_strbuf_puts(&s, ": ");
    }
    va_list ap;
    va_start(ap, fmt);
    nvgp_strbuf_vprintf(&s, fmt, ap);
    va_end(ap);
    /* The job's text is UTF-8 (json-c checks), but its keys and strings may
     * hold control characters ("\u0007"): those are shown as \xNN, as
     * diagnostics show them, never written raw to a terminal. */
    nvgp_strbuf shown;
    nvgp_strbuf_init(&shown);
    for (size_t i = 0; i < s.len; i++) {
        unsigned char c = (unsigned char)s.data[i];
        if (c < 0x20 || c == 0x7f)
            nvgp_strbuf_printf(&shown, "\\x%02x", c);
        else
            nvgp_strbuf_putc(&shown, (char)c);
    }
    nvgp_strbuf_free(&s);
    p->error = shown.failed ? NULL : nvgp_strbuf_take(&shown, NULL);
    nvgp_strbuf_free(&shown);
    if (!p->error)
        p->error = strdup("out of memory");
    return false;
}

static size_t path_mark(jp *p)
{
    return p->path.len;
}

static void path_reset(jp *p, size_t mark)
{
    p->path.len = mark;
    if (p->path.data)
        p->path.data[mark] = '\0';
}

/* Counts bytes of data against JOB_MAX_DATA. */
static bool data_budget(jp *p, uint64_t bytes)
{
    if (bytes > JOB_MAX_DATA - p->data_bytes)
        return fail(p, "more than %llu bytes of buffers, memory and images in one job",
                    (unsigned long long)JOB_MAX_DATA);
    p->data_bytes += bytes;
    return true;
}

/* Fixed field names: `inputs`, `.width`; user keys: ["IN[0]"]; indices: [2]. */
static size_t path_field(jp *p, const char *field)
{
    size_t m = path_mark(p);
    if (m)
        nvgp_strbuf_putc(&p->path, '.');
    nvgp_strbuf_puts(&p->path, field);
    return m;
}

/* Length of the well-formed UTF-8 sequence of two or more bytes at s, 0
 * (at most n bytes), 0 when there is none (overlong forms, surrogates,
 * past U+10FFFF, cut short). */
static size_t utf8_sequence(const unsigned char *s, size_t n)
{
    unsigned char c = s[0];
    size_t len = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3
               : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    if (len > n)
        return 0;
    for (size_t k = 1; k < len; k++)
        if ((s[k] & 0xc0) != 0x80)
            return 0;
    if ((c == 0xe0 && s[1] < 0xa0) || (c == 0xed && s[1] >= 0xa0) ||
        (c == 0xf0 && s[1] < 0x90) || (c == 0xf4 && s[1] >= 0x90))
        return 0;
    return len;
}

void nvgp_job_put_key(nvgp_strbuf *out, const char *key)
{
    nvgp_job_put_key_n(out, key, strlen(key));
}

/* Appends n bytes in double quotes: '"' and '\\' after a backslash,
 * printable ASCII and well-formed UTF-8 as they are, every other byte as
 * `other` (a printf format of the byte) says. */
static void put_quoted(nvgp_strbuf *out, const char *text, size_t n, const char *other)
{
    const unsigned char *s = (const unsigned char *)text;
    nvgp_strbuf_putc(out, '"');
    for (size_t i = 0; i < n;) {
        unsigned char c = s[i];
        size_t len = c >= 0x80 ? utf8_sequence(s + i, n - i) : 0;
        if (c == '"' || c == '\\') {
            nvgp_strbuf_putc(out, '\\');
            nvgp_strbuf_putc(out, (char)c);
            i++;
        } else if (c >= 0x20 && c < 0x7f) {
            nvgp_strbuf_putc(out, (char)c);
            i++;
        } else if (len) {
            nvgp_strbuf_append(out, text + i, len);
            i += len;
        } else {
            nvgp_strbuf_printf(out, other, c);
            i++;
        }
    }
    nvgp_strbuf_putc(out, '"');
}

void nvgp_job_put_key_n(nvgp_strbuf *out, const char *key, size_t n)
{
    put_quoted(out, key, n, "\\x%02x");
}

void nvgp_job_put_json_string(nvgp_strbuf *out, const char *s)
{
    put_quoted(out, s, strlen(s), "\\u%04x");
}

static size_t path_key(jp *p, const char *key)
{
    size_t m = path_mark(p);
    nvgp_strbuf_putc(&p->path, '[');
    nvgp_job_put_key(&p->path, key);
    nvgp_strbuf_putc(&p->path, ']');
    return m;
}

static size_t path_index(jp *p, size_t i)
{
    size_t m = path_mark(p);
    nvgp_strbuf_printf(&p->path, "[%zu]", i);
    return m;
}

static void *alloc(jp *p, size_t n)
{
    void *q = nvgp_arena_alloc(&p->job->arena, n ? n : 1);
    if (!q)
        fail(p, "out of memory");
    return q;
}

static const char *strsave(jp *p, const char *s)
{
    char *q = nvgp_arena_strdup(&p->job->arena, s);
    if (!q)
        fail(p, "out of memory");
    return q;
}

static const char *kind_name(json_object *v)
{
    switch (json_object_get_type(v)) {
    case json_type_null: return "null";
    case json_type_boolean: return "a boolean";
    case json_type_double:
    case json_type_int: return "a number";
    case json_type_object: return "an object";
    case json_type_array: return "a list";
    case json_type_string: return "a string";
    }
    return "something else";
}

/* Object members in order (json-c keeps insertion order). */
#define FOR_MEMBERS(obj, k, v)                                                         \
    for (struct lh_entry *e_##k = json_object_get_object(obj)->head; e_##k;           \
         e_##k = e_##k->next)                                                          \
        for (const char *k = (const char *)lh_entry_k(e_##k); k; k = NULL)             \
            for (json_object *v = (json_object *)lh_entry_v(e_##k); k; k = NULL)

static bool want(jp *p, json_object *v, json_type t, const char *what)
{
    if (v && json_object_get_type(v) == t)
        return true;
    return fail(p, "expected %s, got %s", what, v ? kind_name(v) : "null");
}

/* Rejects members other than those listed (catches typos). */
static bool known_fields(jp *p, json_object *obj, const char *const *names)
{
    FOR_MEMBERS(obj, k, v) {
        (void)v;
        bool ok = false;
        for (const char *const *n = names; *n; n++)
            ok |= !strcmp(*n, k);
        if (!ok) {
            size_t m = path_field(p, k);
            fail(p, "unknown field");
            path_reset(p, m);
            return false;
        }
    }
    return true;
}

/* ---- Numbers --------------------------------------------------------------------- */

/* The current field path in job_scan.h's form ("k6:inputs" "k5:IN[0]" "i2;"),
 * from the printed one (inputs["IN[0]"][2]). */
static bool scan_path(const char *h, nvgp_strbuf *out)
{
    while (*h) {
        if (*h == '.')
            h++;
        if (h[0] == '[' && h[1] == '"') {
            nvgp_strbuf key;
            nvgp_strbuf_init(&key);
            /* undoes nvgp_job_put_key: \" \\ and \xNN */
            for (h += 2; *h && *h != '"'; h++) {
                if (*h == '\\' && h[1] == 'x' && isxdigit((unsigned char)h[2]) &&
                    isxdigit((unsigned char)h[3])) {
                    char hex[3] = { h[2], h[3], 0 };
                    nvgp_strbuf_putc(&key, (char)strtoul(hex, NULL, 16));
                    h += 3;
                    continue;
                }
                if (*h == '\\' && h[1])
                    h++;
                nvgp_strbuf_putc(&key, *h);
            }
            if (*h)
                h += 2;   /* "] */
            nvgp_strbuf_printf(out, "k%zu:", key.len);
            nvgp_strbuf_append(out, key.data ? key.data : "", key.len);
            nvgp_strbuf_free(&key);
        } else if (*h == '[') {
            char *end;
            unsigned long long i = strtoull(h + 1, &end, 10);
            nvgp_strbuf_printf(out, "i%llu;", i);
            h = *end ? end + 1 : end;
        } else {
            size_t n = strcspn(h, ".[");
            nvgp_strbuf_printf(out, "k%zu:", n);
            nvgp_strbuf_append(out, h, n);
            h += n;
        }
    }
    return !out->failed;
}

/* The text of an integer as written: json-c clamps integers beyond 64 bits
 * to the nearest 64-bit value (and prints that), so a clamped-looking value
 * is looked up among the literals the scan found too long. */
static const char *integer_text(jp *p, json_object *v)
{
    const char *text = json_object_get_string(v);   /* NULL: out of memory */
    if (!text || !p->scan ||
        (strcmp(text, "18446744073709551615") && strcmp(text, "-9223372036854775808")))
        return text;
    nvgp_strbuf path;
    nvgp_strbuf_init(&path);
    const nvgp_job_big_int *big = NULL;
    if (scan_path(p->path.data ? p->path.data : "", &path))
        big = nvgp_job_scan_find(p->scan, path.data ? path.data : "", path.len);
    nvgp_strbuf_free(&path);
    if (!big)
        return text;
    char *copy = nvgp_arena_alloc(&p->job->arena, big->len + 1);
    if (!copy)
        return text;
    memcpy(copy, big->text, big->len);
    copy[big->len] = '\0';
    return copy;
}

static bool special_float(const char *s, double *out)
{
    const char *t = s;
    bool neg = false;
    if (*t == '+' || *t == '-')
        neg = *t++ == '-';
    if (!strcasecmp(t, "inf") || !strcasecmp(t, "infinity")) {
        *out = neg ? -INFINITY : INFINITY;
        return true;
    }
    if (!strcasecmp(t, "nan")) {
        *out = neg ? -NAN : NAN;
        return true;
    }
    return false;
}

/* "0x..." raw bits of at most `bits` bits. */
static bool hex_bits(const char *s, unsigned bits, uint64_t *out)
{
    if (s[0] != '0' || (s[1] != 'x' && s[1] != 'X') || !s[2])
        return false;
    size_t n = strlen(s + 2);
    if (n > bits / 4)
        return false;
    uint64_t v = 0;
    for (const char *c = s + 2; *c; c++) {
        int d = (*c >= '0' && *c <= '9') ? *c - '0'
              : (*c >= 'a' && *c <= 'f') ? *c - 'a' + 10
              : (*c >= 'A' && *c <= 'F') ? *c - 'A' + 10 : -1;
        if (d < 0)
            return false;
        v = v << 4 | (uint64_t)d;
    }
    *out = v;
    return true;
}

/* One scalar of type t as raw bits (low bits for narrow types).  JSON
 * numbers are converted from their text, so a float is rounded once. */
static bool scalar(jp *p, json_object *v, nvgp_job_type t, uint64_t *bits)
{
    unsigned size = types[t].size * 8;
    bool is_float = t == NVGP_JOB_F32 || t == NVGP_JOB_F64;
    json_type jt = v ? json_object_get_type(v) : json_type_null;
    const char *text = jt == json_type_null ? "null"
                     : jt == json_type_int ? integer_text(p, v) : json_object_get_string(v);
    /* json-c prints a number into memory it allocates on demand */
    if (!text)
        return fail(p, "out of memory");
    if (jt == json_type_string) {
        if (hex_bits(text, size, bits))
            return true;
        double d;
        if (is_float && special_float(text, &d)) {
            if (t == NVGP_JOB_F32) {
                float f = (float)d;
                uint32_t u;
                memcpy(&u, &f, 4);
                *bits = u;
            } else {
                memcpy(bits, &d, 8);
            }
            return true;
        }
        if (is_float)
            return fail(p, "expected a number, \"inf\", \"-inf\", \"nan\" or \"0x...\" raw "
                           "bits, got \"%s\"", text);
        return fail(p, "expected an integer or \"0x...\" raw bits (%u bits), got \"%s\"",
                    size, text);
    }
    if (jt != json_type_int && jt != json_type_double)
        return fail(p, "expected a number, got %s", kind_name(v));
    char *end;
    errno = 0;
    if (t == NVGP_JOB_F32) {
        float f = strtof(text, &end);
        if (*end || end == text)
            return fail(p, "bad number %s", text);
        if (errno == ERANGE && isinf(f))
            return fail(p, "%s is out of range for f32 (write \"inf\")", text);
        uint32_t u;
        memcpy(&u, &f, 4);
        *bits = u;
        return true;
    }
    if (t == NVGP_JOB_F64) {
        double d = strtod(text, &end);
        if (*end || end == text)
            return fail(p, "bad number %s", text);
        if (errno == ERANGE && isinf(d))
            return fail(p, "%s is out of range for f64 (write \"inf\")", text);
        memcpy(bits, &d, 8);
        return true;
    }
    if (jt == json_type_double)
        return fail(p, "expected an integer, got %s", text);
    bool is_signed = t == NVGP_JOB_S32 || t == NVGP_JOB_S64 || t == NVGP_JOB_S8 ||
                     t == NVGP_JOB_S16;
    if (text[0] == '-') {
        long long s = strtoll(text, &end, 10);
        int64_t lo = size >= 64 ? INT64_MIN : -((int64_t)1 << (size - 1));
        if (!is_signed || errno == ERANGE || *end || s < lo)
            return fail(p, "%s is out of range for %s", text, types[t].name);
        *bits = (uint64_t)s & (size >= 64 ? ~0ull : ((1ull << size) - 1));
        return true;
    }
    unsigned long long u = strtoull(text, &end, 10);
    uint64_t hi = is_signed ? (size >= 64 ? (uint64_t)INT64_MAX : (1ull << (size - 1)) - 1)
                            : (size >= 64 ? ~0ull : (1ull << size) - 1);
    if (errno == ERANGE || *end || u > hi)
        return fail(p, "%s is out of range for %s", text, types[t].name);
    *bits = u;
    return true;
}

static bool word32(jp *p, json_object *v, nvgp_job_type t, uint32_t *out)
{
    uint64_t b;
    if (!scalar(p, v, t, &b))
        return false;
    *out = (uint32_t)b;
    return true;
}

static bool uint_field(jp *p, json_object *v, uint64_t max, uint64_t *out)
{
    uint64_t b;
    if (json_object_get_type(v) == json_type_string) {
        if (!hex_bits(json_object_get_string(v), 64, &b))
            return fail(p, "expected a non-negative integer, got \"%s\"",
                        json_object_get_string(v));
    } else if (json_object_get_type(v) == json_type_int && json_object_get_int64(v) < 0) {
        return fail(p, "expected a non-negative integer, got %s", integer_text(p, v) ? integer_text(p, v) : "?");
    } else if (!scalar(p, v, NVGP_JOB_U64, &b)) {
        return false;
    }
    if (b > max)
        return fail(p, "%llu is larger than %llu", (unsigned long long)b,
                    (unsigned long long)max);
    *out = b;
    return true;
}

static bool u32_field(jp *p, json_object *v, uint32_t max, uint32_t *out)
{
    uint64_t b;
    if (!uint_field(p, v, max, &b))
        return false;
    *out = (uint32_t)b;
    return true;
}

static bool float_field(jp *p, json_object *v, float *out)
{
    uint32_t w;
    if (!word32(p, v, NVGP_JOB_F32, &w))
        return false;
    memcpy(out, &w, 4);
    return true;
}

/* ---- vec4 values ------------------------------------------------------------------ */

/* [x, y, z, w] (floats, specials, raw bits) or {"u32": [...]}, {"s32": [...]},
 * {"f32": [...]}, {"hex": [...]} (4 each), {"f64"|"u64"|"s64": [a, b]}; where
 * hi is given also {"f64"|"u64"|"s64": [a, b, c, d]} (a LONG attribute: c
 * and d to hi, *four set). */
static bool vec4(jp *p, json_object *v, uint32_t out[4], uint32_t hi[4], bool *four)
{
    if (four)
        *four = false;
    nvgp_job_type t = NVGP_JOB_F32;
    json_object *list = v;
    if (v && json_object_get_type(v) == json_type_object) {
        if (json_object_object_length(v) != 1)
            return fail(p, "expected one of {\"f32\"|\"u32\"|\"s32\"|\"hex\"|\"f64\"|"
                           "\"u64\"|\"s64\": [...]}");
        int ti = -1;
        FOR_MEMBERS(v, k, val) {
            ti = type_lookup(k);
            list = val;
            if (!is_output_type(ti)) {
                size_t m = path_field(p, k);
                fail(p, "unknown type (f32 u32 s32 hex f64 u64 s64)");
                path_reset(p, m);
                return false;
            }
        }
        t = (nvgp_job_type)ti;
    }
    if (!want(p, list, json_type_array, "a list of 4 numbers"))
        return false;
    bool wide = types[t].size == 8;
    size_t n = json_object_array_length(list), expect = wide ? 2 : 4;
    size_t m = list != v ? path_field(p, types[t].name) : path_mark(p);
    bool wide4 = wide && hi && n == 4;
    if (n != expect && !wide4) {
        if (wide && hi)
            fail(p, "expected 2 numbers (4 for a LONG attribute), got %zu", n);
        else
            fail(p, "expected %zu numbers, got %zu", expect, n);
        path_reset(p, m);
        return false;
    }
    if (four)
        *four = wide4;
    for (size_t i = 0; i < n; i++) {
        size_t mi = path_index(p, i);
        uint64_t b;
        if (!scalar(p, json_object_array_get_idx(list, i), t, &b)) {
            path_reset(p, m);
            return false;
        }
        path_reset(p, mi);
        if (wide) {
            uint32_t *w = i < 2 ? out + 2 * i : hi + 2 * (i - 2);
            w[0] = (uint32_t)b;
            w[1] = (uint32_t)(b >> 32);
        } else {
            out[i] = (uint32_t)b;
        }
    }
    path_reset(p, m);
    return true;
}

static bool is_vec4_list(json_object *v)
{
    if (json_object_get_type(v) != json_type_array || json_object_array_length(v) == 0)
        return false;
    json_type t = json_object_get_type(json_object_array_get_idx(v, 0));
    return t == json_type_array || t == json_type_object;
}

/* inputs / params: name -> vec4 or list of vec4s (inputs: one per
 * invocation); long_ok: four 64-bit values allowed (LONG attributes). */
static bool bindings(jp *p, json_object *obj, nvgp_job_binding **out, size_t *count,
                     bool inputs, bool long_ok)
{
    if (!want(p, obj, json_type_object, "an object of bindings"))
        return false;
    size_t n = (size_t)json_object_object_length(obj), i = 0;
    nvgp_job_binding *b = alloc(p, n * sizeof *b);
    if (!b)
        return false;
    FOR_MEMBERS(obj, k, v) {
        size_t m = path_key(p, k);
        nvgp_job_binding *e = &b[i++];
        e->name = strsave(p, k);
        e->list = is_vec4_list(v);
        e->count = e->list ? (uint32_t)json_object_array_length(v) : 1;
        e->values = alloc(p, e->count * sizeof *e->values);
        e->values_hi = NULL;
        if (!e->name || !e->values)
            return false;
        if (e->list && inputs && p->job->invocations && e->count != p->job->invocations) {
            fail(p, "expected %u vec4s (one per invocation) or one vec4, got %u",
                 p->job->invocations, e->count);
            return false;
        }
        for (uint32_t j = 0; j < e->count; j++) {
            size_t mj = e->list ? path_index(p, j) : path_mark(p);
            uint32_t hi[4];
            bool four = false;
            if (!vec4(p, e->list ? json_object_array_get_idx(v, j) : v, e->values[j], long_ok ? hi : NULL,
                      &four))
                return false;
            /* a LONG attribute: four 64-bit values in every element */
            if (four && !e->values_hi && j == 0) {
                e->values_hi = alloc(p, e->count * sizeof *e->values_hi);
                if (!e->values_hi)
                    return false;
            }
            if (four != (e->values_hi != NULL))
                return fail(p, "give every value of a LONG attribute as four 64-bit numbers, or none");
            if (four)
                memcpy(e->values_hi[j], hi, sizeof hi);
            path_reset(p, mj);
        }
        path_reset(p, m);
    }
    *out = b;
    *count = n;
    return true;
}

/* ---- Data arrays (buffers, memory) ------------------------------------------------ */

static bool data_block(jp *p, json_object *obj, nvgp_job_data *d, bool memory)
{
    static const char *const mem_fields[] = { "address", "size", "f32", "u32", "s32", "hex",
                                              "f64", "u64", "s64", "u8", "s8", "u16", "s16",
                                              "hex64", NULL };
    if (!want(p, obj, json_type_object, "an object such as {\"u32\": [...]}"))
        return false;
    if (!known_fields(p, obj, memory ? mem_fields : mem_fields + 1))
        return false;
    json_object *list = NULL, *v;
    int type = -1;
    FOR_MEMBERS(obj, k, val) {
        int t = type_lookup(k);
        if (t < 0)
            continue;
        if (list) {
            size_t m = path_field(p, k);
            fail(p, "only one data list is allowed (also \"%s\")", types[type].name);
            path_reset(p, m);
            return false;
        }
        list = val;
        type = t;
    }
    uint64_t size = 0;
    bool has_size = json_object_object_get_ex(obj, "size", &v);
    if (has_size) {
        size_t m = path_field(p, "size");
        if (!uint_field(p, v, 1u << 30, &size))
            return false;
        path_reset(p, m);
    }
    if (memory) {
        size_t m = path_field(p, "address");
        if (!json_object_object_get_ex(obj, "address", &v))
            return fail(p, "missing");
        if (!uint_field(p, v, UINT64_MAX, &d->address))
            return false;
        path_reset(p, m);
    }
    if (!list && !has_size)
        return fail(p, "expected a data list (\"u32\": [...], \"f32\": ...) or \"size\"");
    d->type = (uint8_t)(type < 0 ? NVGP_JOB_U8 : type);
    size_t n = 0, esize = types[d->type].size;
    if (list) {
        size_t m = path_field(p, types[type].name);
        if (!want(p, list, json_type_array, "a list of numbers"))
            return false;
        n = json_object_array_length(list);
        path_reset(p, m);
    }
    if (n * esize > (1u << 30))
        return fail(p, "more than 1 GiB of data");
    if (has_size && size < n * esize)
        return fail(p, "size %llu is smaller than the %zu bytes of data",
                    (unsigned long long)size, n * esize);
    d->bytes = has_size ? (size_t)size : n * esize;
    if (!data_budget(p, d->bytes))
        return false;
    d->data = alloc(p, d->bytes);
    if (!d->data)
        return false;
    if (memory && d->address + d->bytes < d->address)
        return fail(p, "range wraps around the address space");
    size_t m = list ? path_field(p, types[type].name) : path_mark(p);
    for (size_t i = 0; i < n; i++) {
        size_t mi = path_index(p, i);
        uint64_t b;
        if (!scalar(p, json_object_array_get_idx(list, i), (nvgp_job_type)type, &b))
            return false;
        path_reset(p, mi);
        /* Little-endian bytes, as the virtual GPU's memory is. */
        for (size_t c = 0; c < esize; c++)
            d->data[i * esize + c] = (uint8_t)(b >> (8 * c));
    }
    path_reset(p, m);
    return true;
}

/* A key of "buffers" or "images": a number 0..1023 (the TGSI register), or
 * a binding name the runner resolves ("program.storage[0]", "image[1]",
 * "BUFFER[2]"): a name starts with a letter. */
static bool binding_key(jp *p, const char *k, const char *what, uint32_t *idx,
                        const char **name)
{
    if (*k >= '0' && *k <= '9') {
        char *end;
        errno = 0;
        unsigned long n = strtoul(k, &end, 10);
        if (*end || errno || n > 1023)
            return fail(p, "%s is a number 0..1023 or a binding name", what);
        *idx = (uint32_t)n;
        return true;
    }
    if (!((*k >= 'a' && *k <= 'z') || (*k >= 'A' && *k <= 'Z')))
        return fail(p, "%s is a number 0..1023 or a binding name", what);
    *name = strsave(p, k);
    return *name != NULL;
}

static bool buffers(jp *p, json_object *obj)
{
    if (!want(p, obj, json_type_object, "an object of binding points"))
        return false;
    nvgp_job *job = p->job;
    size_t n = (size_t)json_object_object_length(obj);
    job->buffers = alloc(p, n * sizeof *job->buffers);
    if (!job->buffers)
        return false;
    FOR_MEMBERS(obj, k, v) {
        size_t m = path_key(p, k);
        uint32_t idx = 0;
        const char *key = NULL;
        if (!binding_key(p, k, "a buffer binding point", &idx, &key))
            return false;
        nvgp_job_data *d = &job->buffers[job->num_buffers++];
        if (!data_block(p, v, d, false))
            return false;
        d->address = idx;
        d->key = key;
        path_reset(p, m);
    }
    return true;
}

static bool memory_ranges(jp *p, json_object *arr)
{
    if (!want(p, arr, json_type_array, "a list of ranges"))
        return false;
    nvgp_job *job = p->job;
    size_t n = json_object_array_length(arr);
    job->memory = alloc(p, n * sizeof *job->memory);
    if (!job->memory)
        return false;
    for (size_t i = 0; i < n; i++) {
        size_t m = path_index(p, i);
        nvgp_job_data *d = &job->memory[i];
        if (!data_block(p, json_object_array_get_idx(arr, i), d, true))
            return false;
        for (size_t j = 0; j < i; j++) {
            const nvgp_job_data *o = &job->memory[j];
            if (d->bytes && o->bytes && d->address < o->address + o->bytes &&
                o->address < d->address + d->bytes)
                return fail(p, "overlaps memory[%zu]", j);
        }
        job->num_memory++;
        path_reset(p, m);
    }
    return true;
}

/* ---- Textures ------------------------------------------------------------------------ */

static const struct name_value {
    const char *name;
    int value;
} target_names[] = {
    { "1D", NVGP_TEXTURE_1D }, { "2D", NVGP_TEXTURE_2D }, { "3D", NVGP_TEXTURE_3D },
    { "CUBE", NVGP_TEXTURE_CUBE }, { "RECT", NVGP_TEXTURE_RECT },
    { "ARRAY1D", NVGP_TEXTURE_1D_ARRAY }, { "ARRAY2D", NVGP_TEXTURE_2D_ARRAY },
    { "ARRAYCUBE", NVGP_TEXTURE_CUBE_ARRAY }, { "SHADOW1D", NVGP_TEXTURE_SHADOW1D },
    { "SHADOW2D", NVGP_TEXTURE_SHADOW2D }, { "SHADOWRECT", NVGP_TEXTURE_SHADOWRECT },
    { "SHADOWCUBE", NVGP_TEXTURE_SHADOWCUBE },
    { "SHADOWARRAY1D", NVGP_TEXTURE_SHADOW1D_ARRAY },
    { "SHADOWARRAY2D", NVGP_TEXTURE_SHADOW2D_ARRAY },
    { "SHADOWARRAYCUBE", NVGP_TEXTURE_SHADOWCUBE_ARRAY }, { "BUFFER", NVGP_TEXTURE_BUFFER },
    { "2DMS", NVGP_TEXTURE_2D_MSAA }, { "ARRAY2DMS", NVGP_TEXTURE_2D_ARRAY_MSAA },
    /* TGSI spellings */
    { "1D_ARRAY", NVGP_TEXTURE_1D_ARRAY }, { "2D_ARRAY", NVGP_TEXTURE_2D_ARRAY },
    { "CUBE_ARRAY", NVGP_TEXTURE_CUBE_ARRAY }, { "SHADOW1D_ARRAY", NVGP_TEXTURE_SHADOW1D_ARRAY },
    { "SHADOW2D_ARRAY", NVGP_TEXTURE_SHADOW2D_ARRAY },
    { "SHADOWCUBE_ARRAY", NVGP_TEXTURE_SHADOWCUBE_ARRAY },
    { "2D_MSAA", NVGP_TEXTURE_2D_MSAA }, { "2D_ARRAY_MSAA", NVGP_TEXTURE_2D_ARRAY_MSAA },
    { NULL, 0 }
}, filter_names[] = {
    { "nearest", NVGP_TEX_FILTER_NEAREST }, { "linear", NVGP_TEX_FILTER_LINEAR },
    /* GL's minification filters: filter | mip filter << 4 */
    { "nearest_mipmap_nearest", NVGP_TEX_FILTER_NEAREST | NVGP_TEX_MIP_NEAREST << 4 },
    { "linear_mipmap_nearest", NVGP_TEX_FILTER_LINEAR | NVGP_TEX_MIP_NEAREST << 4 },
    { "nearest_mipmap_linear", NVGP_TEX_FILTER_NEAREST | NVGP_TEX_MIP_LINEAR << 4 },
    { "linear_mipmap_linear", NVGP_TEX_FILTER_LINEAR | NVGP_TEX_MIP_LINEAR << 4 },
    { NULL, 0 }
}, mip_names[] = {
    { "none", NVGP_TEX_MIP_NONE }, { "nearest", NVGP_TEX_MIP_NEAREST },
    { "linear", NVGP_TEX_MIP_LINEAR }, { NULL, 0 }
}, wrap_names[] = {
    { "repeat", NVGP_TEX_WRAP_REPEAT }, { "clamp_to_edge", NVGP_TEX_WRAP_CLAMP_TO_EDGE },
    { "clamp_to_border", NVGP_TEX_WRAP_CLAMP_TO_BORDER },
    { "mirrored_repeat", NVGP_TEX_WRAP_MIRRORED_REPEAT },
    { "mirror_clamp_to_edge", NVGP_TEX_WRAP_MIRROR_CLAMP_TO_EDGE },
    { "mirror_clamp_to_border", NVGP_TEX_WRAP_MIRROR_CLAMP_TO_BORDER },
    { "clamp", NVGP_TEX_WRAP_CLAMP }, { "mirror_clamp", NVGP_TEX_WRAP_MIRROR_CLAMP },
    { NULL, 0 }
}, compare_names[] = {
    { "never", NVGP_TEX_COMPARE_NEVER }, { "less", NVGP_TEX_COMPARE_LESS },
    { "equal", NVGP_TEX_COMPARE_EQUAL }, { "lequal", NVGP_TEX_COMPARE_LEQUAL },
    { "greater", NVGP_TEX_COMPARE_GREATER }, { "notequal", NVGP_TEX_COMPARE_NOTEQUAL },
    { "gequal", NVGP_TEX_COMPARE_GEQUAL }, { "always", NVGP_TEX_COMPARE_ALWAYS },
    { NULL, 0 }
}, depth_mode_names[] = {
    { "luminance", NVGP_TEX_DEPTH_LUMINANCE }, { "intensity", NVGP_TEX_DEPTH_INTENSITY },
    { "alpha", NVGP_TEX_DEPTH_ALPHA }, { "red", NVGP_TEX_DEPTH_RED }, { NULL, 0 }
};

/* A string from a table; the error lists the choices. */
static bool choice(jp *p, json_object *v, const struct name_value *table, int *out)
{
    if (v && json_object_get_type(v) == json_type_string) {
        const char *s = json_object_get_string(v);
        for (const struct name_value *t = table; t->name; t++)
            if (!strcmp(t->name, s)) {
                *out = t->value;
                return true;
            }
    }
    nvgp_strbuf s;
    nvgp_strbuf_init(&s);
    for (const struct name_value *t = table; t->name; t++)
        nvgp_strbuf_printf(&s, "%s%s", t == table ? "" : " ", t->name);
    if (v && json_object_get_type(v) == json_type_string)
        fail(p, "unknown value \"%s\" (expected one of: %s)", json_object_get_string(v),
             s.data ? s.data : "");
    else
        fail(p, "expected a string, one of: %s", s.data ? s.data : "");
    nvgp_strbuf_free(&s);
    return false;
}

static bool integer_format(unsigned f)
{
    return f == NVGP_TEX_FORMAT_RGBA32UI || f == NVGP_TEX_FORMAT_R32UI ||
           f == NVGP_TEX_FORMAT_RGBA32I || f == NVGP_TEX_FORMAT_R32I;
}

/* "mipmaps": "generate": level l from level l-1 (the library's box filter,
 * nvgp_texture_make_mip_level). */
static bool generate_level(jp *p, nvgp_job_texture *jt, const nvgp_texture *t, uint32_t l)
{
    size_t bytes = nvgp_texture_image_size(t, l);
    uint8_t *out = alloc(p, bytes);
    if (!out || !nvgp_texture_make_mip_level(t, l, jt->level_data[l - 1], out))
        return false;
    jt->level_data[l] = out;
    jt->level_bytes[l] = bytes;
    return true;
}

/* Texels of one level, converted to the format's nvgp_texture_set_image
 * layout.  Normalized formats take floats in [0, 1]. */
static bool texels(jp *p, json_object *list, nvgp_job_texture *jt, uint32_t level,
                   const nvgp_texture *tex)
{
    unsigned fmt = jt->desc.format;
    size_t bytes = nvgp_texture_image_size(tex, level);
    unsigned tsize = nvgp_tex_format_size(fmt);
    size_t count = bytes / tsize;
    unsigned comps = nvgp_tex_format_components((nvgp_tex_format)fmt);
    if (!want(p, list, json_type_array, "a list of texels"))
        return false;
    size_t n = json_object_array_length(list);
    if (n != count)
        return fail(p, "expected %zu texels for level %u, got %zu", count, level, n);
    uint8_t *data = alloc(p, bytes);
    if (!data)
        return false;
    nvgp_job_type et = fmt == NVGP_TEX_FORMAT_RGBA32UI || fmt == NVGP_TEX_FORMAT_R32UI
                           ? NVGP_JOB_U32
                       : fmt == NVGP_TEX_FORMAT_RGBA32I || fmt == NVGP_TEX_FORMAT_R32I
                           ? NVGP_JOB_S32 : NVGP_JOB_F32;
    for (size_t i = 0; i < n; i++) {
        size_t m = path_index(p, i);
        json_object *tx = json_object_array_get_idx(list, i);
        json_object *one[1] = { tx };
        bool is_list = tx && json_object_get_type(tx) == json_type_array;
        if (comps > 1 || is_list) {
            if (!want(p, tx, json_type_array, comps > 1 ? "a texel of 4 numbers" : "a number"))
                return false;
            if (json_object_array_length(tx) != comps)
                return fail(p, "expected %u numbers, got %zu", comps,
                            json_object_array_length(tx));
        }
        for (unsigned c = 0; c < comps; c++) {
            size_t mc = is_list ? path_index(p, c) : path_mark(p);
            json_object *val = is_list ? json_object_array_get_idx(tx, c) : one[0];
            uint32_t w;
            if (!word32(p, val, et, &w))
                return false;
            path_reset(p, mc);
            nvgp_tex_pack_component((nvgp_tex_format)fmt, data + i * tsize, c, w);
        }
        path_reset(p, m);
    }
    jt->level_data[level] = data;
    jt->level_bytes[level] = bytes;
    return true;
}

static bool int_member(jp *p, json_object *obj, const char *field, uint32_t max,
                       uint32_t *out)
{
    json_object *v;
    if (!json_object_object_get_ex(obj, field, &v))
        return true;
    size_t m = path_field(p, field);
    if (!u32_field(p, v, max, out))
        return false;
    path_reset(p, m);
    return true;
}

static bool choice_member(jp *p, json_object *obj, const char *field,
                          const struct name_value *table, int *out)
{
    json_object *v;
    if (!json_object_object_get_ex(obj, field, &v))
        return true;
    size_t m = path_field(p, field);
    if (!choice(p, v, table, out))
        return false;
    path_reset(p, m);
    return true;
}

static bool float_member(jp *p, json_object *obj, const char *field, float *out)
{
    json_object *v;
    if (!json_object_object_get_ex(obj, field, &v))
        return true;
    size_t m = path_field(p, field);
    if (!float_field(p, v, out))
        return false;
    path_reset(p, m);
    return true;
}

static bool sampler_fields(jp *p, json_object *obj, nvgp_job_texture *jt)
{
    nvgp_tex_sampler *s = &jt->sampler;
    int v = -1;
    if (!choice_member(p, obj, "filter", filter_names, &v))
        return false;
    if (v >= 0) {
        s->min_filter = s->mag_filter = (uint8_t)(v & 15);
        s->mip_filter = (uint8_t)(v >> 4);
    }
    v = -1;
    if (!choice_member(p, obj, "min_filter", filter_names, &v))
        return false;
    if (v >= 0) {
        s->min_filter = (uint8_t)(v & 15);
        s->mip_filter = (uint8_t)(v >> 4);
    }
    v = -1;
    if (!choice_member(p, obj, "mag_filter", filter_names, &v))
        return false;
    if (v > NVGP_TEX_FILTER_LINEAR) {
        size_t m = path_field(p, "mag_filter");
        fail(p, "magnification is \"nearest\" or \"linear\"");
        path_reset(p, m);
        return false;
    }
    if (v >= 0)
        s->mag_filter = (uint8_t)v;
    v = -1;
    if (!choice_member(p, obj, "mip_filter", mip_names, &v))
        return false;
    if (v >= 0)
        s->mip_filter = (uint8_t)v;
    static const char *const wraps[4] = { "wrap", "wrap_s", "wrap_t", "wrap_r" };
    for (int i = 0; i < 4; i++) {
        v = -1;
        if (!choice_member(p, obj, wraps[i], wrap_names, &v))
            return false;
        if (v >= 0 && i == 0)
            s->wrap[0] = s->wrap[1] = s->wrap[2] = (uint8_t)v;
        else if (v >= 0)
            s->wrap[i - 1] = (uint8_t)v;
    }
    v = -1;
    if (!choice_member(p, obj, "compare", compare_names, &v))
        return false;
    if (v >= 0)
        s->compare_func = (uint8_t)v;
    v = -1;
    if (!choice_member(p, obj, "depth_mode", depth_mode_names, &v))
        return false;
    if (v >= 0)
        s->depth_mode = (uint8_t)v;
    json_object *x;
    if (json_object_object_get_ex(obj, "border", &x)) {
        size_t m = path_field(p, "border");
        unsigned f = jt->desc.format;
        bool integer = f == NVGP_TEX_FORMAT_RGBA32UI || f == NVGP_TEX_FORMAT_R32UI ||
                       f == NVGP_TEX_FORMAT_RGBA32I || f == NVGP_TEX_FORMAT_R32I;
        if (!want(p, x, json_type_array, "a list of 4 numbers"))
            return false;
        if (json_object_array_length(x) != 4)
            return fail(p, "expected 4 numbers, got %zu", json_object_array_length(x));
        for (size_t i = 0; i < 4; i++) {
            size_t mi = path_index(p, i);
            nvgp_job_type t = !integer ? NVGP_JOB_F32
                            : f == NVGP_TEX_FORMAT_RGBA32I || f == NVGP_TEX_FORMAT_R32I
                                ? NVGP_JOB_S32 : NVGP_JOB_U32;
            if (!word32(p, json_object_array_get_idx(x, i), t, &s->border[i]))
                return false;
            path_reset(p, mi);
        }
        path_reset(p, m);
    }
    if (json_object_object_get_ex(obj, "swizzle", &x)) {
        size_t m = path_field(p, "swizzle");
        const char *sw = json_object_get_type(x) == json_type_string
                             ? json_object_get_string(x) : "";
        if (strlen(sw) != 4)
            return fail(p, "expected 4 letters of r g b a 0 1, such as \"rrr1\"");
        for (int i = 0; i < 4; i++) {
            const char *at = strchr("rgba01", sw[i]);
            if (!at || !sw[i])
                return fail(p, "expected 4 letters of r g b a 0 1, such as \"rrr1\"");
            s->swizzle[i] = (uint8_t)(at - "rgba01");
        }
        path_reset(p, m);
    }
    if (json_object_object_get_ex(obj, "seamless", &x)) {
        size_t m = path_field(p, "seamless");
        if (!want(p, x, json_type_boolean, "true or false"))
            return false;
        s->seamless_cube = json_object_get_boolean(x);
        path_reset(p, m);
    }
    return float_member(p, obj, "min_lod", &s->min_lod) &&
           float_member(p, obj, "max_lod", &s->max_lod) &&
           float_member(p, obj, "lod_bias", &s->lod_bias) &&
           int_member(p, obj, "base_level", 1000, &s->base_level) &&
           int_member(p, obj, "max_level", 1000, &s->max_level);
}

static bool texture(jp *p, json_object *obj, nvgp_job_texture *jt, nvgp_texture **made)
{
    static const char *const fields[] = {
        "target", "width", "height", "depth", "layers", "levels", "samples", "format",
        "filter", "min_filter", "mag_filter", "mip_filter", "wrap", "wrap_s", "wrap_t",
        "wrap_r", "border", "min_lod", "max_lod", "lod_bias", "base_level", "max_level",
        "compare", "depth_mode", "swizzle", "seamless", "texels", "mipmaps", NULL
    };
    if (!want(p, obj, json_type_object, "a texture object") || !known_fields(p, obj, fields))
        return false;
    nvgp_texture_desc *d = &jt->desc;
    *d = (nvgp_texture_desc){ .target = NVGP_TEXTURE_2D, .format = NVGP_TEX_FORMAT_RGBA32F,
                              .width = 1, .height = 1, .depth = 1, .layers = 1,
                              .levels = 1, .samples = 1 };
    nvgp_tex_sampler_default(&jt->sampler);
    int v = NVGP_TEXTURE_2D;
    json_object *x;
    if (!json_object_object_get_ex(obj, "target", &x))
        return fail(p, "missing field \"target\"");
    if (!choice_member(p, obj, "target", target_names, &v))
        return false;
    d->target = (uint8_t)v;
    if (json_object_object_get_ex(obj, "format", &x)) {
        size_t m = path_field(p, "format");
        int f = json_object_get_type(x) == json_type_string
                    ? nvgp_tex_format_lookup(json_object_get_string(x)) : -1;
        if (f < 0) {
            nvgp_strbuf s;
            nvgp_strbuf_init(&s);
            for (int i = 0; i < NVGP_TEX_FORMAT_COUNT; i++)
                nvgp_strbuf_printf(&s, "%s%s", i ? " " : "",
                                   nvgp_tex_format_name((nvgp_tex_format)i));
            fail(p, "unknown format (expected one of: %s)", s.data ? s.data : "");
            nvgp_strbuf_free(&s);
            return false;
        }
        d->format = (uint8_t)f;
        path_reset(p, m);
    }
    json_object *mips = NULL, *level0 = NULL;
    bool generate = false;
    json_object_object_get_ex(obj, "texels", &level0);
    json_object_object_get_ex(obj, "mipmaps", &mips);
    if (mips) {
        size_t m = path_field(p, "mipmaps");
        if (json_object_get_type(mips) == json_type_string &&
            !strcmp(json_object_get_string(mips), "generate")) {
            generate = true;
            if (!level0)
                return fail(p, "\"generate\" needs the level 0 \"texels\"");
            if (integer_format(d->format))
                return fail(p, "integer formats have no generated mipmaps");
            mips = NULL;
        } else if (!want(p, mips, json_type_array,
                         "a list of texel lists, one per level from 1, or \"generate\"")) {
            return false;
        }
        path_reset(p, m);
    }
    d->levels = generate ? 0 : 1 + (mips ? (uint32_t)json_object_array_length(mips) : 0);
    if (!int_member(p, obj, "width", 1u << 27, &d->width) ||
        !int_member(p, obj, "height", NVGP_TEX_MAX_SIZE, &d->height) ||
        !int_member(p, obj, "depth", 2048, &d->depth) ||
        !int_member(p, obj, "layers", 2048 * 6, &d->layers) ||
        !int_member(p, obj, "levels", NVGP_TEX_MAX_LEVELS, &d->levels) ||
        !int_member(p, obj, "samples", 32, &d->samples))
        return false;
    if (!sampler_fields(p, obj, jt))
        return false;
    /* The texture module checks the shape; its message gets our path. */
    nvgp_diag *diag = nvgp_diag_create(p->name, "", 0);
    nvgp_texture *t = diag ? nvgp_texture_create(d, diag) : NULL;
    if (!t) {
        nvgp_diag_entry e;
        bool have = diag && nvgp_diag_get(diag, 0, &e);
        fail(p, "%s", have ? e.message : "out of memory");
        nvgp_diag_destroy(diag);
        return false;
    }
    nvgp_diag_destroy(diag);
    *made = t;
    *d = *nvgp_texture_describe(t);
    nvgp_texture_set_sampler(t, &jt->sampler);
    size_t given = 1 + (mips ? json_object_array_length(mips) : 0);
    if (given > d->levels)
        return fail(p, "%zu levels of texels for a texture of %u levels", given, d->levels);
    if (level0) {
        size_t m = path_field(p, "texels");
        if (!texels(p, level0, jt, 0, t))
            return false;
        path_reset(p, m);
    }
    for (size_t l = 1; l < given; l++) {
        size_t m = path_field(p, "mipmaps");
        path_index(p, l - 1);
        if (!texels(p, json_object_array_get_idx(mips, l - 1), jt, (uint32_t)l, t))
            return false;
        path_reset(p, m);
    }
    if (generate) {
        for (uint32_t l = 1; l < d->levels; l++)
            if (!generate_level(p, jt, t, l))
                return false;
        given = d->levels;
    }
    jt->levels_given = level0 ? (uint32_t)given : 0;
    for (uint32_t l = 0; l < d->levels; l++)
        if (jt->level_data[l] &&
            !nvgp_texture_set_image(t, l, jt->level_data[l], jt->level_bytes[l], NULL))
            return fail(p, "texels of level %u do not fit", l);
    return true;
}

/* ---- The job ----------------------------------------------------------------------- */

static bool textures(jp *p, json_object *obj, nvgp_texture ***made)
{
    if (!want(p, obj, json_type_object, "an object of texture units"))
        return false;
    nvgp_job *job = p->job;
    size_t n = (size_t)json_object_object_length(obj);
    job->textures = alloc(p, n * sizeof *job->textures);
    *made = calloc(n ? n : 1, sizeof **made);
    if (!job->textures || !*made)
        return fail(p, "out of memory");
    unsigned char given[1024] = { 0 };   /* "0" and "00" are one unit */
    FOR_MEMBERS(obj, k, v) {
        size_t m = path_key(p, k);
        char *end;
        errno = 0;
        unsigned long unit = strtoul(k, &end, 10);
        if (!*k || *end || errno || unit > 1023 || k[0] == '-' || k[0] == '+')
            return fail(p, "a texture unit is a number 0..1023");
        if (given[unit]++)
            return fail(p, "texture unit %lu is given twice", unit);
        nvgp_job_texture *jt = &job->textures[job->num_textures];
        jt->unit = (uint32_t)unit;
        if (!texture(p, v, jt, &(*made)[job->num_textures]))
            return false;
        job->num_textures++;
        path_reset(p, m);
    }
    return true;
}

/* ---- Images -------------------------------------------------------------------------- */

/* Formats the executor loads and stores (exec.h nvgp_exec_bind_image): the
 * components of a texel and the type its "texels" are given and printed in. */
static const struct image_format {
    const char *name;
    uint8_t comps, type;
} image_formats[] = {
    { "R32G32B32A32_FLOAT", 4, NVGP_JOB_F32 }, { "R32G32B32A32_UINT", 4, NVGP_JOB_U32 },
    { "R32G32B32A32_SINT", 4, NVGP_JOB_S32 },  { "R32G32_FLOAT", 2, NVGP_JOB_F32 },
    { "R32G32_UINT", 2, NVGP_JOB_U32 },        { "R32G32_SINT", 2, NVGP_JOB_S32 },
    { "R32_FLOAT", 1, NVGP_JOB_F32 },          { "R32_UINT", 1, NVGP_JOB_U32 },
    { "R32_SINT", 1, NVGP_JOB_S32 },           { "R8G8B8A8_UNORM", 4, NVGP_JOB_U8 },
    { "R8G8B8A8_UINT", 4, NVGP_JOB_U8 },
};

static const struct image_format *image_format(const char *name)
{
    if (!strncmp(name, "PIPE_FORMAT_", 12))
        name += 12;
    for (size_t i = 0; i < sizeof image_formats / sizeof image_formats[0]; i++)
        if (!strcmp(image_formats[i].name, name))
            return &image_formats[i];
    return NULL;
}

/* {"format", "target", "size": [w, h, d], "texels" | "words"} */
static bool image(jp *p, json_object *obj, nvgp_job_image *im)
{
    static const char *const fields[] = { "format", "target", "size", "texels", "words", NULL };
    if (!want(p, obj, json_type_object, "an image object") || !known_fields(p, obj, fields))
        return false;
    json_object *v;
    size_t m = path_field(p, "format");
    if (!json_object_object_get_ex(obj, "format", &v))
        return fail(p, "missing");
    const struct image_format *f =
        json_object_get_type(v) == json_type_string ? image_format(json_object_get_string(v))
                                                    : NULL;
    if (!f || !nvgp_image_format_components(f->name)) {
        nvgp_strbuf list;
        nvgp_strbuf_init(&list);
        for (size_t i = 0; i < sizeof image_formats / sizeof image_formats[0]; i++)
            nvgp_strbuf_printf(&list, "%s%s", i ? " " : "", image_formats[i].name);
        fail(p, "unknown image format (expected one of: %s)", list.data ? list.data : "");
        nvgp_strbuf_free(&list);
        return false;
    }
    im->format = f->name;
    path_reset(p, m);
    int target = NVGP_TEXTURE_2D;
    if (!choice_member(p, obj, "target", target_names, &target))
        return false;
    im->target = (uint8_t)target;
    uint32_t size[3] = { 1, 1, 1 };
    m = path_field(p, "size");
    if (!json_object_object_get_ex(obj, "size", &v))
        return fail(p, "missing (a list [width, height, depth])");
    if (!want(p, v, json_type_array, "a list [width, height, depth]"))
        return false;
    size_t n = json_object_array_length(v);
    if (n < 1 || n > 3)
        return fail(p, "expected 1 to 3 numbers, got %zu", n);
    for (size_t i = 0; i < n; i++) {
        size_t mi = path_index(p, i);
        if (!u32_field(p, json_object_array_get_idx(v, i), 1u << 16, &size[i]))
            return false;
        if (!size[i])
            return fail(p, "at least 1");
        path_reset(p, mi);
    }
    uint64_t count = (uint64_t)size[0] * size[1] * size[2];
    if (count > (1u << 24))
        return fail(p, "more than 2^24 texels");
    path_reset(p, m);
    im->width = size[0];
    im->height = size[1];
    im->depth = size[2];
    unsigned esize = types[f->type].size;
    nvgp_job_data *d = &im->data;
    d->type = f->type;
    d->bytes = (size_t)count * f->comps * esize;
    if (!data_budget(p, d->bytes))
        return false;
    d->data = alloc(p, d->bytes);
    if (!d->data)
        return false;
    json_object *texels = NULL, *words = NULL;
    json_object_object_get_ex(obj, "texels", &texels);
    json_object_object_get_ex(obj, "words", &words);
    if (texels && words)
        return fail(p, "give \"texels\" or \"words\", not both");
    /* texels: one number per component in the format's type; words: the
     * image's raw 32-bit words (numbers or "0x..." bits) */
    json_object *list = texels ? texels : words;
    if (!list)
        return true;
    nvgp_job_type t = texels ? (nvgp_job_type)f->type : NVGP_JOB_HEX;
    unsigned es = texels ? esize : 4;
    m = path_field(p, texels ? "texels" : "words");
    if (!want(p, list, json_type_array, "a list of numbers"))
        return false;
    n = json_object_array_length(list);
    if (n * es > d->bytes)
        return fail(p, "%zu values, but the image holds %zu", n, d->bytes / es);
    for (size_t i = 0; i < n; i++) {
        size_t mi = path_index(p, i);
        uint64_t b;
        json_object *e = json_object_array_get_idx(list, i);
        if (t == NVGP_JOB_HEX && json_object_get_type(e) == json_type_int) {
            if (!scalar(p, e, json_object_get_int64(e) < 0 ? NVGP_JOB_S32 : NVGP_JOB_U32,
                        &b))
                return false;
        } else if (!scalar(p, e, t, &b)) {
            return false;
        }
        path_reset(p, mi);
        for (unsigned c = 0; c < es; c++)
            d->data[i * es + c] = (uint8_t)(b >> (8 * c));
    }
    path_reset(p, m);
    return true;
}

static bool images(jp *p, json_object *obj)
{
    if (!want(p, obj, json_type_object, "an object of image units"))
        return false;
    nvgp_job *job = p->job;
    size_t n = (size_t)json_object_object_length(obj);
    job->images = alloc(p, n * sizeof *job->images);
    if (!job->images)
        return false;
    FOR_MEMBERS(obj, k, v) {
        size_t m = path_key(p, k);
        nvgp_job_image *im = &job->images[job->num_images];
        if (!binding_key(p, k, "an image unit", &im->index, &im->key) || !image(p, v, im))
            return false;
        job->num_images++;
        path_reset(p, m);
    }
    return true;
}

typedef struct named_at {
    const char *name;
    size_t at;
} named_at;

static int cmp_named_at(const void *pa, const void *pb)
{
    const named_at *a = pa, *b = pb;
    int r = strcmp(a->name, b->name);
    return r ? r : (a->at > b->at) - (a->at < b->at);
}

/* The place of the first name that repeats an earlier one, or n (a result
 * prints each output under its name, so a name may be listed once). */
static size_t first_repeat(jp *p, const nvgp_job_output *o, size_t n)
{
    named_at *s = n > 1 ? malloc(n * sizeof *s) : NULL;
    if (!s) {
        if (n > 1)
            fail(p, "out of memory");
        return n;
    }
    for (size_t i = 0; i < n; i++)
        s[i] = (named_at){ o[i].name, i };
    qsort(s, n, sizeof *s, cmp_named_at);
    size_t first = n;
    for (size_t i = 1; i < n; i++)
        if (!strcmp(s[i].name, s[i - 1].name) && s[i].at < first)
            first = s[i].at;
    free(s);
    return first;
}

static bool outputs(jp *p, json_object *obj)
{
    nvgp_job *job = p->job;
    json_type t = obj ? json_object_get_type(obj) : json_type_null;
    if (t != json_type_object && t != json_type_array)
        return want(p, obj, json_type_object, "an object of name: format");
    size_t n = t == json_type_object ? (size_t)json_object_object_length(obj)
                                     : json_object_array_length(obj);
    job->outputs = alloc(p, n * sizeof *job->outputs);
    if (!job->outputs)
        return false;
    job->outputs_given = true;
    if (t == json_type_array) {
        for (size_t i = 0; i < n; i++) {
            size_t m = path_index(p, i);
            json_object *e = json_object_array_get_idx(obj, i);
            if (!want(p, e, json_type_string, "a binding name"))
                return false;
            job->outputs[i] = (nvgp_job_output){ strsave(p, json_object_get_string(e)),
                                                 NVGP_JOB_F32 };
            if (!job->outputs[i].name)
                return false;
            path_reset(p, m);
        }
        job->num_outputs = n;
        size_t r = first_repeat(p, job->outputs, n);
        if (r < n) {
            path_index(p, r);
            return fail(p, "\"%s\" is listed twice", job->outputs[r].name);
        }
        return !p->error;
    }
    FOR_MEMBERS(obj, k, v) {
        size_t m = path_key(p, k);
        int ty = v && json_object_get_type(v) == json_type_string
                     ? type_lookup(json_object_get_string(v)) : -1;
        if (!is_output_type(ty))
            return fail(p, "expected a format: f32 u32 s32 hex f64 u64 s64");
        job->outputs[job->num_outputs++] = (nvgp_job_output){ strsave(p, k), (uint8_t)ty };
        path_reset(p, m);
    }
    return !p->error;
}

static bool triple(jp *p, json_object *obj, const char *field, bool *has, uint32_t out[3])
{
    json_object *v;
    if (!json_object_object_get_ex(obj, field, &v))
        return true;
    size_t m = path_field(p, field);
    if (!want(p, v, json_type_array, "a list of 3 sizes [x, y, z]"))
        return false;
    if (json_object_array_length(v) != 3)
        return fail(p, "expected 3 numbers, got %zu", json_object_array_length(v));
    for (size_t i = 0; i < 3; i++) {
        size_t mi = path_index(p, i);
        if (!u32_field(p, json_object_array_get_idx(v, i), 1u << 24, &out[i]))
            return false;
        if (out[i] == 0)
            return fail(p, "a size of 0");
        path_reset(p, mi);
    }
    *has = true;
    path_reset(p, m);
    return true;
}

static bool compute(jp *p, json_object *obj)
{
    static const char *const fields[] = { "grid", "block", "shared_size", "private_size",
                                          NULL };
    nvgp_job *job = p->job;
    if (!want(p, obj, json_type_object, "an object") || !known_fields(p, obj, fields))
        return false;
    if (!triple(p, obj, "grid", &job->has_grid, job->grid) ||
        !triple(p, obj, "block", &job->has_block, job->block) ||
        !int_member(p, obj, "shared_size", 1u << 30, &job->shared_size) ||
        !int_member(p, obj, "private_size", 1u << 30, &job->private_size))
        return false;
    /* The limits are a block of MAX_COMPUTE_WORK_GROUP_INVOCATIONS and at
     * most JOB_MAX_INVOCATIONS threads in all.  Each size is at most 2^24:
     * a product stops growing once past 2^24, so it cannot wrap. */
    uint64_t g = 1, b = 1;
    for (int i = 0; i < 3; i++) {
        if (g <= JOB_MAX_INVOCATIONS)
            g *= job->has_grid ? job->grid[i] : 1;
        if (b <= JOB_MAX_INVOCATIONS)
            b *= job->has_block ? job->block[i] : 1;
    }
    if (b > JOB_MAX_BLOCK) {
        size_t m = path_field(p, "block");
        fail(p, "%llu threads in a work group, more than %u",
             (unsigned long long)b, JOB_MAX_BLOCK);
        path_reset(p, m);
        return false;
    }
    if (g > JOB_MAX_INVOCATIONS || g * b > JOB_MAX_INVOCATIONS) {
        size_t m = path_field(p, job->has_grid ? "grid" : "block");
        fail(p, "more than %u threads in all (grid x block)", JOB_MAX_INVOCATIONS);
        path_reset(p, m);
        return false;
    }
    return true;
}

static char *join_path(const char *dir, const char *file)
{
    if (!dir || !*dir || file[0] == '/')
        return strdup(file);
    size_t a = strlen(dir), b = strlen(file);
    char *s = malloc(a + b + 2);
    if (!s)
        return NULL;
    memcpy(s, dir, a);
    s[a] = '/';
    memcpy(s + a + 1, file, b + 1);
    return s;
}

static bool program(jp *p, json_object *v, const char *base_dir)
{
    nvgp_job *job = p->job;
    if (v && json_object_get_type(v) == json_type_string) {
        const char *s = json_object_get_string(v);
        if (!*s)
            return fail(p, "empty program path");
        char *full = join_path(base_dir, s);
        job->program_path = full ? strsave(p, full) : NULL;
        free(full);
        return job->program_path != NULL || fail(p, "out of memory");
    }
    if (v && json_object_get_type(v) == json_type_object) {
        static const char *const fields[] = { "text", NULL };
        json_object *t;
        if (!known_fields(p, v, fields))
            return false;
        size_t m = path_field(p, "text");
        if (!json_object_object_get_ex(v, "text", &t))
            return fail(p, "missing");
        if (!want(p, t, json_type_string, "the program text"))
            return false;
        size_t len = (size_t)json_object_get_string_len(t);
        char *text = alloc(p, len + 1);
        if (!text)
            return false;
        memcpy(text, json_object_get_string(t), len);
        job->program_text = text;
        job->program_length = len;
        path_reset(p, m);
        return true;
    }
    return fail(p, "expected a file name or {\"text\": \"...\"}");
}

/* Parsed textures are created here and kept beside the job. */
typedef struct job_box {
    nvgp_job job;
    nvgp_texture **made;
    size_t num_made;
} job_box;

/* A fresh box and a parser writing into its job, the path starting at
 * <where> (NULL: empty); NULL with *error set when memory runs out. */
static job_box *box_new(jp *p, const char *name, const char *where, char **error)
{
    *error = NULL;
    job_box *box = calloc(1, sizeof *box);
    if (!box) {
        *error = strdup("out of memory");
        return NULL;
    }
    nvgp_arena_init(&box->job.arena);
    *p = (jp){ .name = name ? name : "job", .job = &box->job };
    nvgp_strbuf_init(&p->path);
    if (where)
        nvgp_strbuf_puts(&p->path, where);
    return box;
}

static bool top(jp *p, json_object *root, const char *base_dir, job_box *box)
{
    static const char *const fields[] = {
        "program", "invocations", "vertices", "inputs", "params", "buffers", "memory",
        "textures", "images", "helpers", "outputs", "compute", "budget", "threads",
        "framebuffer", "comment", NULL
    };
    nvgp_job *job = p->job;
    if (!want(p, root, json_type_object, "a JSON object") || !known_fields(p, root, fields))
        return false;
    json_object *v;
    size_t m;
    if (!json_object_object_get_ex(root, "program", &v))
        return fail(p, "missing field \"program\"");
    m = path_field(p, "program");
    if (!program(p, v, base_dir))
        return false;
    path_reset(p, m);
    job->invocations = 1;
    if (!int_member(p, root, "invocations", JOB_MAX_INVOCATIONS, &job->invocations) ||
        !int_member(p, root, "vertices", 32, &job->vertices) ||
        !int_member(p, root, "threads", JOB_MAX_THREADS, &job->threads))
        return false;
    if (job->invocations == 0) {
        m = path_field(p, "invocations");
        return fail(p, "at least 1 invocation");
    }
    /* 0 would read as "the default" inside: say so rather than guess */
    if (json_object_object_get_ex(root, "threads", &v) && job->threads == 0) {
        m = path_field(p, "threads");
        return fail(p, "at least 1 thread (leave \"threads\" out for the default)");
    }
    if (json_object_object_get_ex(root, "budget", &v)) {
        m = path_field(p, "budget");
        if (!uint_field(p, v, UINT64_MAX, &job->budget))
            return false;
        if (job->budget == 0)
            return fail(p, "at least 1 instruction (leave \"budget\" out for the default)");
        path_reset(p, m);
    }
    if (json_object_object_get_ex(root, "compute", &v)) {
        m = path_field(p, "compute");
        if (!compute(p, v))
            return false;
        path_reset(p, m);
    }
    if (json_object_object_get_ex(root, "inputs", &v)) {
        m = path_field(p, "inputs");
        if (!bindings(p, v, &job->inputs, &job->num_inputs, true, true))
            return false;
        path_reset(p, m);
    }
    if (json_object_object_get_ex(root, "framebuffer", &v)) {
        m = path_field(p, "framebuffer");
        if (!bindings(p, v, &job->framebuffer, &job->num_framebuffer, true, false))
            return false;
        path_reset(p, m);
    }
    if (json_object_object_get_ex(root, "params", &v)) {
        m = path_field(p, "params");
        if (!bindings(p, v, &job->params, &job->num_params, false, false))
            return false;
        path_reset(p, m);
    }
    if (json_object_object_get_ex(root, "buffers", &v)) {
        m = path_field(p, "buffers");
        if (!buffers(p, v))
            return false;
        path_reset(p, m);
    }
    if (json_object_object_get_ex(root, "images", &v)) {
        m = path_field(p, "images");
        if (!images(p, v))
            return false;
        path_reset(p, m);
    }
    if (json_object_object_get_ex(root, "memory", &v)) {
        m = path_field(p, "memory");
        if (!memory_ranges(p, v))
            return false;
        path_reset(p, m);
    }
    if (json_object_object_get_ex(root, "textures", &v)) {
        m = path_field(p, "textures");
        bool ok = textures(p, v, &box->made);
        /* a failed texture may be half made (its slot is then destroyed
         * too); a refusal before the list exists leaves nothing */
        box->num_made = box->made ? job->num_textures + (ok ? 0 : 1) : 0;
        if (!ok)
            return false;
        path_reset(p, m);
    }
    if (json_object_object_get_ex(root, "helpers", &v)) {
        m = path_field(p, "helpers");
        if (!want(p, v, json_type_array, "a list of invocation numbers"))
            return false;
        size_t n = json_object_array_length(v);
        job->helpers = alloc(p, n * sizeof *job->helpers);
        if (!job->helpers)
            return false;
        for (size_t i = 0; i < n; i++) {
            size_t mi = path_index(p, i);
            if (!u32_field(p, json_object_array_get_idx(v, i), job->invocations - 1,
                           &job->helpers[i]))
                return false;
            path_reset(p, mi);
        }
        job->num_helpers = n;
        path_reset(p, m);
    }
    if (json_object_object_get_ex(root, "outputs", &v)) {
        m = path_field(p, "outputs");
        if (!outputs(p, v))
            return false;
        path_reset(p, m);
    }
    return !p->error;
}

nvgp_job *nvgp_job_parse(const char *text, size_t length, const char *name,
                         const char *base_dir, char **error)
{
    jp p;
    job_box *box = box_new(&p, name, NULL, error);
    if (!box)
        return NULL;

    json_tokener *tok = json_tokener_new();
    json_object *root = NULL;
    if (!tok) {
        fail(&p, "out of memory");
    } else if (length > (size_t)INT32_MAX) {
        fail(&p, "file too large");
    } else {
        json_tokener_set_flags(tok, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8);
        root = json_tokener_parse_ex(tok, text, (int)length);
        enum json_tokener_error je = json_tokener_get_error(tok);
        size_t at = json_tokener_get_parse_end(tok);
        if (!root && je == json_tokener_success) {
            fail(&p, "out of memory");   /* json-c reports no error of its own */
        } else if (!root || je != json_tokener_success) {
            if (je == json_tokener_continue)
                fail(&p, "invalid JSON: unexpected end of file");
            else
                fail(&p, "invalid JSON at byte %zu: %s", at, json_tokener_error_desc(je));
        } else {
            while (at < length && strchr(" \t\r\n", text[at]))
                at++;
            if (at < length)
                fail(&p, "invalid JSON at byte %zu: text after the end", at);
        }
    }
    nvgp_job_scan scan = { 0 };
    if (!p.error && !nvgp_job_scan_text(text, length, &scan))
        fail(&p, "out of memory");
    if (!p.error && scan.duplicate_path) {
        nvgp_strbuf_puts(&p.path, scan.duplicate_path);
        fail(&p, "given twice (each key appears once in an object)");
    }
    /* json-c cuts a key short at a NUL ("IN[0]\u0000x" would read as
     * "IN[0]"): refused rather than bound under a name the job never wrote */
    if (!p.error && scan.nul_key_path) {
        nvgp_strbuf_puts(&p.path, scan.nul_key_path);
        fail(&p, "a key holds a NUL (\\u0000)");
    }
    p.scan = &scan;
    if (!p.error)
        top(&p, root, base_dir, box);
    nvgp_job_scan_free(&scan);
    json_object_put(root);
    if (tok)
        json_tokener_free(tok);
    nvgp_strbuf_free(&p.path);
    if (p.error) {
        *error = p.error;
        nvgp_job_destroy(&box->job);
        return NULL;
    }
    return &box->job;
}

void nvgp_job_destroy(nvgp_job *job)
{
    if (!job)
        return;
    job_box *box = (job_box *)job;   /* job is the first member */
    for (size_t i = 0; i < box->num_made; i++)
        nvgp_texture_destroy(box->made[i]);
    free(box->made);
    nvgp_arena_destroy(&job->arena);
    free(box);
}

const nvgp_texture *nvgp_job_texture_object(const nvgp_job *job, size_t i)
{
    const job_box *box = (const job_box *)job;
    return i < box->num_made ? box->made[i] : NULL;
}

nvgp_texture *nvgp_job_texture_from_json(struct json_object *obj, const char *name,
                                         const char *where, char **error)
{
    jp p;
    job_box *box = box_new(&p, name, where, error);
    if (!box)
        return NULL;
    nvgp_job_texture jt;
    memset(&jt, 0, sizeof jt);
    nvgp_texture *made = NULL;
    if (!texture(&p, obj, &jt, &made)) {
        nvgp_texture_destroy(made);
        made = NULL;
    }
    nvgp_strbuf_free(&p.path);
    *error = p.error;
    if (!made && !*error)
        *error = strdup("out of memory");
    /* the texels were copied into the texture: the arena goes */
    nvgp_job_destroy(&box->job);
    return made;
}

bool nvgp_job_data_from_json(struct json_object *obj, const char *name, const char *where,
                             uint64_t *used, uint8_t **data, size_t *bytes, char **error)
{
    *data = NULL;
    *bytes = 0;
    jp p;
    job_box *box = box_new(&p, name, where, error);
    if (!box)
        return false;
    p.data_bytes = *used;
    nvgp_job_data d;
    memset(&d, 0, sizeof d);
    bool ok = data_block(&p, obj, &d, false);
    if (ok) {
        /* the arena goes with the box: the bytes move to the caller */
        *data = malloc(d.bytes ? d.bytes : 1);
        ok = *data != NULL;
        if (ok) {
            memcpy(*data, d.data, d.bytes);
            *bytes = d.bytes;
            *used = p.data_bytes;
        }
    }
    nvgp_strbuf_free(&p.path);
    *error = p.error;
    if (!ok && !*error)
        *error = strdup("out of memory");
    nvgp_job_destroy(&box->job);
    return ok;
}

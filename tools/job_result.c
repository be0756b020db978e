/* The result JSON of `nvgp run` (docs/job-format.md "Results"): values in
 * their formats, floats printed so they read back to the same bits. */
#include "job.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

static void put_f32(nvgp_strbuf *out, uint32_t w)
{
    float f;
    memcpy(&f, &w, 4);
    if (isnan(f))
        nvgp_strbuf_puts(out, "\"nan\"");
    else if (isinf(f))
        nvgp_strbuf_puts(out, f < 0 ? "\"-inf\"" : "\"inf\"");
    else if (f == 0.0f && signbit(f))
        nvgp_strbuf_puts(out, "-0.0");   /* "-0" would read back as the integer 0 */
    else
        nvgp_strbuf_printf(out, "%.9g", (double)f);
}

static void put_f64(nvgp_strbuf *out, uint64_t b)
{
    double d;
    memcpy(&d, &b, 8);
    if (isnan(d))
        nvgp_strbuf_puts(out, "\"nan\"");
    else if (isinf(d))
        nvgp_strbuf_puts(out, d < 0 ? "\"-inf\"" : "\"inf\"");
    else if (d == 0.0 && signbit(d))
        nvgp_strbuf_puts(out, "-0.0");
    else
        nvgp_strbuf_printf(out, "%.17g", d);
}

/* One element of type t from raw little-endian bits. */
static void put_elem(nvgp_strbuf *out, nvgp_job_type t, uint64_t b)
{
    switch (t) {
    case NVGP_JOB_F32: put_f32(out, (uint32_t)b); break;
    case NVGP_JOB_U32: nvgp_strbuf_printf(out, "%u", (unsigned)(uint32_t)b); break;
    case NVGP_JOB_S32: nvgp_strbuf_printf(out, "%d", (int)(int32_t)(uint32_t)b); break;
    case NVGP_JOB_HEX: nvgp_strbuf_printf(out, "\"0x%08x\"", (unsigned)(uint32_t)b); break;
    case NVGP_JOB_F64: put_f64(out, b); break;
    case NVGP_JOB_U64: nvgp_strbuf_printf(out, "%llu", (unsigned long long)b); break;
    case NVGP_JOB_S64: nvgp_strbuf_printf(out, "%lld", (long long)(int64_t)b); break;
    case NVGP_JOB_U8: nvgp_strbuf_printf(out, "%u", (unsigned)(uint8_t)b); break;
    case NVGP_JOB_S8: nvgp_strbuf_printf(out, "%d", (int)(int8_t)(uint8_t)b); break;
    case NVGP_JOB_U16: nvgp_strbuf_printf(out, "%u", (unsigned)(uint16_t)b); break;
    case NVGP_JOB_S16: nvgp_strbuf_printf(out, "%d", (int)(int16_t)(uint16_t)b); break;
    case NVGP_JOB_HEX64:
    default: nvgp_strbuf_printf(out, "\"0x%016llx\"", (unsigned long long)b); break;
    }
}

static void put_string(nvgp_strbuf *out, const char *s) { nvgp_job_put_json_string(out, s); }

void nvgp_job_write_value(const nvgp_job_value *v, nvgp_strbuf *out)
{
    nvgp_job_type t = (nvgp_job_type)v->type;
    bool wide = nvgp_job_type_size(t) == 8;
    nvgp_strbuf_putc(out, '[');
    for (int i = 0; i < (wide ? 2 : 4); i++) {
        uint64_t b = wide ? (uint64_t)v->words[2 * i + 1] << 32 | v->words[2 * i]
                          : v->words[i];
        if (i)
            nvgp_strbuf_puts(out, ", ");
        put_elem(out, t, b);
    }
    nvgp_strbuf_putc(out, ']');
}

static void put_values(nvgp_strbuf *out, const nvgp_job_value *v, size_t n, bool comma_first)
{
    for (size_t i = 0; i < n; i++) {
        if (i || comma_first)
            nvgp_strbuf_puts(out, ", ");
        put_string(out, v[i].name);
        nvgp_strbuf_puts(out, ": ");
        nvgp_job_write_value(&v[i], out);
    }
}

/* Record i: from the array, or made on demand (nvgp_job_results.invocation). */
static const nvgp_job_invocation *record(const nvgp_job_results *r, size_t i,
                                         nvgp_job_invocation *tmp, bool *ok)
{
    if (!r->invocation)
        return &r->invocations[i];
    memset(tmp, 0, sizeof *tmp);
    if (!r->invocation(r->ctx, i, tmp))
        *ok = false;
    return tmp;
}

/* Hands the text to the flush callback once it is long enough (or at the
 * end); without a callback it all stays in out. */
enum { FLUSH_AT = 1 << 16 };
static void flush(const nvgp_job_results *r, nvgp_strbuf *out, bool last, bool *ok)
{
    if (!*ok || out->failed)
        *ok = false;
    else if (r->flush && (last || out->len >= FLUSH_AT) && !r->flush(r->ctx, out))
        *ok = false;
}

static void put_data(const nvgp_job_results *r, nvgp_strbuf *out, const nvgp_job_data *d,
                     bool address, bool *ok)
{
    nvgp_job_type t = (nvgp_job_type)(d->type < NVGP_JOB_TYPE_COUNT ? d->type : NVGP_JOB_U8);
    size_t es = nvgp_job_type_size(t), n = d->bytes / es;
    nvgp_strbuf_puts(out, "{ ");
    if (address)
        nvgp_strbuf_printf(out, "\"address\": %llu, ", (unsigned long long)d->address);
    nvgp_strbuf_printf(out, "\"%s\": [", nvgp_job_type_name(t));
    for (size_t i = 0; i < n; i++) {
        uint64_t b = 0;
        for (size_t c = 0; c < es; c++)
            b |= (uint64_t)d->data[i * es + c] << (8 * c);
        if (i)
            nvgp_strbuf_puts(out, ", ");
        put_elem(out, t, b);
        flush(r, out, false, ok);
    }
    /* Bytes past the last whole element (a "size" not a multiple) as u8. */
    if (n * es < d->bytes) {
        nvgp_strbuf_puts(out, "], \"tail_u8\": [");
        for (size_t i = n * es; i < d->bytes; i++)
            nvgp_strbuf_printf(out, "%s%u", i > n * es ? ", " : "", d->data[i]);
    }
    nvgp_strbuf_puts(out, "] }");
}

/* Opens the next member: "{ " before the first, ",\n  " before the rest. */
static void member(nvgp_strbuf *out, bool *first, const char *key)
{
    nvgp_strbuf_puts(out, *first ? "{ " : ",\n  ");
    *first = false;
    nvgp_strbuf_printf(out, "\"%s\": ", key);
}

bool nvgp_job_write_results(const nvgp_job_results *r, nvgp_strbuf *out)
{
    bool first = true, ok = true;
    nvgp_job_invocation tmp;
    /* A run whose invocations print nothing (a compute program, whose
     * results are its buffers and memory, or "outputs": []) leaves out the
     * list of empty records; "killed" and "emitted" keep it, being per
     * invocation. */
    bool any = r->has_killed || r->has_emitted;
    for (size_t i = 0; i < r->num_invocations && !any && ok; i++)
        any = record(r, i, &tmp, &ok)->count != 0;
    if (any)
        member(out, &first, "invocations");
    nvgp_strbuf_puts(out, any ? "[" : "");
    for (size_t i = 0; i < r->num_invocations && any && ok; i++) {
        const nvgp_job_invocation *inv = record(r, i, &tmp, &ok);
        nvgp_strbuf_puts(out, i ? ",\n    {" : "\n    {");
        if (inv->count) {
            nvgp_strbuf_putc(out, ' ');
            put_values(out, inv->values, inv->count, false);
            nvgp_strbuf_putc(out, ' ');
        }
        nvgp_strbuf_putc(out, '}');
        flush(r, out, false, &ok);
    }
    if (any)
        nvgp_strbuf_puts(out, r->num_invocations ? "\n  ]" : "]");
    if (r->has_killed) {
        member(out, &first, "killed");
        nvgp_strbuf_puts(out, "[");
        for (size_t i = 0; i < r->num_invocations && ok; i++) {
            nvgp_strbuf_printf(out, "%s%s", i ? ", " : "",
                               record(r, i, &tmp, &ok)->killed ? "true" : "false");
            flush(r, out, false, &ok);
        }
        nvgp_strbuf_puts(out, "]");
    }
    if (r->has_emitted) {
        member(out, &first, "emitted");
        nvgp_strbuf_puts(out, "[");
        for (size_t i = 0; i < r->num_invocations && ok; i++) {
            const nvgp_job_invocation *inv = record(r, i, &tmp, &ok);
            nvgp_strbuf_puts(out, i ? ",\n    [" : "\n    [");
            for (size_t k = 0; k < inv->num_emitted; k++) {
                const nvgp_job_vertex *vx = &inv->emitted[k];
                nvgp_strbuf_printf(out, "%s{ \"stream\": %u, \"primitive\": %u",
                                   k ? ",\n      " : "\n      ", vx->stream, vx->primitive);
                put_values(out, vx->values, vx->count, true);
                nvgp_strbuf_puts(out, " }");
            }
            nvgp_strbuf_puts(out, inv->num_emitted ? "\n    ]" : "]");
            flush(r, out, false, &ok);
        }
        nvgp_strbuf_puts(out, r->num_invocations ? "\n  ]" : "]");
    }
    if (r->num_memory) {
        member(out, &first, "memory");
        nvgp_strbuf_puts(out, "[");
        for (size_t i = 0; i < r->num_memory; i++) {
            nvgp_strbuf_puts(out, i ? ",\n    " : "\n    ");
            put_data(r, out, &r->memory[i], true, &ok);
        }
        nvgp_strbuf_puts(out, "\n  ]");
    }
    /* buffers and images under the keys the job gave: a number or a name */
    if (r->num_buffers) {
        member(out, &first, "buffers");
        nvgp_strbuf_puts(out, "{");
        for (size_t i = 0; i < r->num_buffers; i++) {
            nvgp_strbuf_puts(out, i ? ",\n    " : "\n    ");
            if (r->buffers[i].key)
                put_string(out, r->buffers[i].key);
            else
                nvgp_strbuf_printf(out, "\"%llu\"", (unsigned long long)r->buffers[i].address);
            nvgp_strbuf_puts(out, ": ");
            put_data(r, out, &r->buffers[i], false, &ok);
        }
        nvgp_strbuf_puts(out, "\n  }");
    }
    if (r->num_images) {
        member(out, &first, "images");
        nvgp_strbuf_puts(out, "{");
        for (size_t i = 0; i < r->num_images; i++) {
            nvgp_strbuf_puts(out, i ? ",\n    " : "\n    ");
            if (r->images[i].key)
                put_string(out, r->images[i].key);
            else
                nvgp_strbuf_printf(out, "\"%u\"", r->images[i].index);
            nvgp_strbuf_puts(out, ": ");
            put_data(r, out, &r->images[i].data, false, &ok);
        }
        nvgp_strbuf_puts(out, "\n  }");
    }
    member(out, &first, "faults");
    nvgp_strbuf_printf(out, "%llu }\n", (unsigned long long)r->faults);
    flush(r, out, true, &ok);
    return ok;
}

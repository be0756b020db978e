#include "base/diag.h"

#include "base/strbuf.h"

#include <stdlib.h>
#include <string.h>

struct nvgp_diag {
    const char *file_name;
    const char *source;
    size_t length;
    nvgp_diag_entry entries[NVGP_DIAG_MAX_STORED];
    char *messages[NVGP_DIAG_MAX_STORED];
    size_t stored;
    size_t total_errors;
    long first_error;
};

#define NVGP_STR2(x) #x
#define NVGP_STR(x) NVGP_STR2(x)

/* The header's version macros are the one place the version is written
 * (CMakeLists.txt reads them too). */
const char *nvgp_version(void)
{
    return NVGP_STR(NVGP_VERSION_MAJOR) "." NVGP_STR(NVGP_VERSION_MINOR) "." NVGP_STR(
        NVGP_VERSION_PATCH);
}

void nvgp_free(void *p)
{
    free(p);
}

nvgp_diag *nvgp_diag_create(const char *file_name, const char *source, size_t length)
{
    nvgp_diag *d = calloc(1, sizeof *d);
    if (!d)
        return NULL;
    d->file_name = file_name ? file_name : "<input>";
    d->source = source;
    d->length = length;
    d->first_error = -1;
    return d;
}

void nvgp_diag_destroy(nvgp_diag *d)
{
    if (!d)
        return;
    for (size_t i = 0; i < d->stored; i++)
        free(d->messages[i]);
    free(d);
}

size_t nvgp_diag_count(const nvgp_diag *d) { return d->stored; }
size_t nvgp_diag_error_count(const nvgp_diag *d) { return d->total_errors; }
long nvgp_diag_error_position(const nvgp_diag *d) { return d->first_error; }
const char *nvgp_diag_file_name(const nvgp_diag *d) { return d->file_name; }

const char *nvgp_diag_source(const nvgp_diag *d, size_t *length)
{
    if (length)
        *length = d->length;
    return d->source;
}

bool nvgp_diag_get(const nvgp_diag *d, size_t i, nvgp_diag_entry *out)
{
    if (i >= d->stored)
        return false;
    *out = d->entries[i];
    return true;
}

void nvgp_diag_locate(const nvgp_diag *d, size_t offset, unsigned *line, unsigned *column)
{
    unsigned l = 1;
    size_t line_start = 0;
    if (offset > d->length)
        offset = d->length;
    for (size_t i = 0; i < offset; i++) {
        char c = d->source[i];
        /* CR LF, lone CR and lone LF each end one line. */
        if (c == '\n' || (c == '\r' && (i + 1 >= d->length || d->source[i + 1] != '\n'))) {
            l++;
            line_start = i + 1;
        }
    }
    *line = l;
    *column = (unsigned)(offset - line_start) + 1;
}

/* Length of the well-formed UTF-8 sequence of two or more bytes at s (at
 * most n bytes), 0 when there is none: no overlong forms, no surrogates,
 * nothing past U+10FFFF. */
static size_t utf8_sequence(const unsigned char *s, size_t n)
{
    unsigned char c = s[0];
    size_t len = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3
               : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    if (!len || len > n)
        return 0;
    for (size_t k = 1; k < len; k++)
        if ((s[k] & 0xc0) != 0x80)
            return 0;
    if ((c == 0xe0 && s[1] < 0xa0) || (c == 0xed && s[1] >= 0xa0) ||
        (c == 0xf0 && s[1] < 0x90) || (c == 0xf4 && s[1] >= 0x90))
        return 0;
    return len;
}

/* Appends n bytes of text as messages show them: printable ASCII and
 * well-formed UTF-8 as they are, every other byte (NUL, control characters,
 * stray bytes >= 0x80) as \xNN, so that a message never ends early at a NUL,
 * never writes raw binary to a terminal, and is valid UTF-8 (and so valid
 * in JSON).  keep_tabs keeps tabs (source lines, for the caret). Returns
 * the columns it takes: one per character, four per escape. */
static size_t put_escaped(nvgp_strbuf *out, const char *text, size_t n, bool keep_tabs)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t cols = 0;
    for (size_t i = 0; i < n;) {
        unsigned char c = s[i];
        size_t len = c >= 0x80 ? utf8_sequence(s + i, n - i) : 0;
        if ((c >= 0x20 && c < 0x7f) || (c == '\t' && keep_tabs)) {
            nvgp_strbuf_putc(out, (char)c);
            cols++;
            i++;
        } else if (len) {
            nvgp_strbuf_append(out, text + i, len);
            cols++;
            i += len;
        } else {
            nvgp_strbuf_printf(out, "\\x%02x", c);
            cols += 4;
            i++;
        }
    }
    return cols;
}

void nvgp_diag_vreport(nvgp_diag *d, nvgp_severity sev, size_t offset,
                       const char *fmt, va_list ap)
{
    if (offset > d->length)
        offset = d->length;
    if (sev == NVGP_SEVERITY_ERROR) {
        if (d->first_error < 0)
            d->first_error = (long)offset;
        d->total_errors++;
    }
    if (d->stored >= NVGP_DIAG_MAX_STORED)
        return;
    nvgp_strbuf msg, shown;
    nvgp_strbuf_init(&msg);
    nvgp_strbuf_init(&shown);
    nvgp_strbuf_vprintf(&msg, fmt, ap);   /* may hold a NUL: msg.len counts it */
    put_escaped(&shown, msg.data ? msg.data : "", msg.len, false);
    nvgp_strbuf_free(&msg);
    char *text = shown.failed ? NULL : nvgp_strbuf_take(&shown, NULL);
    nvgp_strbuf_free(&shown);
    if (!text)
        return;
    nvgp_diag_entry *e = &d->entries[d->stored];
    e->severity = sev;
    e->offset = offset;
    nvgp_diag_locate(d, offset, &e->line, &e->column);
    e->message = text;
    d->messages[d->stored] = text;
    d->stored++;
}

void nvgp_diag_report(nvgp_diag *d, nvgp_severity sev, size_t offset, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    nvgp_diag_vreport(d, sev, offset, fmt, ap);
    va_end(ap);
}

void nvgp_diag_error(nvgp_diag *d, size_t offset, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    nvgp_diag_vreport(d, NVGP_SEVERITY_ERROR, offset, fmt, ap);
    va_end(ap);
}

void nvgp_diag_error_at_end(nvgp_diag *d, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    nvgp_diag_vreport(d, NVGP_SEVERITY_ERROR, d->length, fmt, ap);
    va_end(ap);
}

static const char *severity_name(nvgp_severity s)
{
    switch (s) {
    case NVGP_SEVERITY_ERROR: return "error";
    case NVGP_SEVERITY_WARNING: return "warning";
    case NVGP_SEVERITY_NOTE: return "note";
    }
    return "error";
}

/* Lines are shown at most this long so binary garbage cannot flood a terminal. */
enum { SHOWN_LINE_MAX = 160 };

static void print_source_line(const nvgp_diag *d, const nvgp_diag_entry *e, FILE *out)
{
    size_t start = e->offset - (e->column - 1);
    size_t end = start;
    while (end < d->length && d->source[end] != '\n' && d->source[end] != '\r')
        end++;
    size_t caret = e->column - 1;
    size_t from = 0;
    if (caret > SHOWN_LINE_MAX / 2)
        from = caret - SHOWN_LINE_MAX / 2;
    size_t to = end - start;
    if (to - from > SHOWN_LINE_MAX)
        to = from + SHOWN_LINE_MAX;
    /* The line as messages show text (bytes that are not characters as
     * \xNN); the caret is under the same column, counted the same way. */
    nvgp_strbuf line;
    nvgp_strbuf_init(&line);
    nvgp_strbuf_puts(&line, "    ");
    put_escaped(&line, d->source + start + from, to - from, true);
    nvgp_strbuf_puts(&line, "\n    ");
    size_t upto = caret < to ? caret : to;
    for (size_t i = from; i < upto; i++) {
        if (d->source[start + i] == '\t') {
            nvgp_strbuf_putc(&line, '\t');
            continue;
        }
        /* a character's first byte takes its columns; the rest none */
        nvgp_strbuf scratch;
        nvgp_strbuf_init(&scratch);
        const unsigned char *b = (const unsigned char *)d->source + start + i;
        size_t len = *b >= 0x80 ? utf8_sequence(b, upto - i) : 0;
        size_t cols = put_escaped(&scratch, (const char *)b, len ? len : 1, true);
        nvgp_strbuf_free(&scratch);
        for (size_t k = 0; k < cols; k++)
            nvgp_strbuf_putc(&line, ' ');
        if (len)
            i += len - 1;
    }
    nvgp_strbuf_puts(&line, "^\n");
    if (line.data)
        fwrite(line.data, 1, line.len, out);
    nvgp_strbuf_free(&line);
}

void nvgp_diag_print(const nvgp_diag *d, FILE *out)
{
    for (size_t i = 0; i < d->stored; i++) {
        const nvgp_diag_entry *e = &d->entries[i];
        fprintf(out, "%s:%u:%u: %s: %s\n", d->file_name, e->line, e->column,
                severity_name(e->severity), e->message);
        if (d->source && d->length > 0)
            print_source_line(d, e, out);
    }
    if (d->total_errors > d->stored)
        fprintf(out, "%s: %zu more errors not shown\n", d->file_name,
                d->total_errors - d->stored);
}

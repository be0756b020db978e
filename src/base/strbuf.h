/* Growable byte string for building text (printers, diagnostics, JSON). */
#ifndef NVGP_BASE_STRBUF_H
#define NVGP_BASE_STRBUF_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct nvgp_strbuf {
    char *data;     /* always NUL-terminated once anything was appended */
    size_t len, cap;
    bool failed;    /* an allocation failed; the content is truncated */
} nvgp_strbuf;

void nvgp_strbuf_init(nvgp_strbuf *s);
void nvgp_strbuf_free(nvgp_strbuf *s);
void nvgp_strbuf_clear(nvgp_strbuf *s);
void nvgp_strbuf_append(nvgp_strbuf *s, const char *bytes, size_t n);
void nvgp_strbuf_puts(nvgp_strbuf *s, const char *str);
void nvgp_strbuf_putc(nvgp_strbuf *s, char c);
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void nvgp_strbuf_printf(nvgp_strbuf *s, const char *fmt, ...);
void nvgp_strbuf_vprintf(nvgp_strbuf *s, const char *fmt, va_list ap);
/* Hands the buffer to the caller (free() it); the strbuf is left empty. */
char *nvgp_strbuf_take(nvgp_strbuf *s, size_t *len);

#endif

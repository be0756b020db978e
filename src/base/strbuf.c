#include "base/strbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void nvgp_strbuf_init(nvgp_strbuf *s)
{
    s->data = NULL;
    s->len = s->cap = 0;
    s->failed = false;
}

void nvgp_strbuf_free(nvgp_strbuf *s)
{
    free(s->data);
    nvgp_strbuf_init(s);
}

void nvgp_strbuf_clear(nvgp_strbuf *s)
{
    s->len = 0;
    if (s->data)
        s->data[0] = '\0';
}

static bool reserve(nvgp_strbuf *s, size_t extra)
{
    if (s->failed)
        return false;
    if (s->len + extra + 1 <= s->cap)
        return true;
    size_t cap = s->cap ? s->cap : 256;
    while (cap < s->len + extra + 1) {
        if (cap > ((size_t)-1) / 2) {
            s->failed = true;
            return false;
        }
        cap *= 2;
    }
    char *p = realloc(s->data, cap);
    if (!p) {
        s->failed = true;
        return false;
    }
    s->data = p;
    s->cap = cap;
    return true;
}

void nvgp_strbuf_append(nvgp_strbuf *s, const char *bytes, size_t n)
{
    if (!reserve(s, n))
        return;
    if (n) /* bytes may be NULL when n is 0 */
        memcpy(s->data + s->len, bytes, n);
    s->len += n;
    s->data[s->len] = '\0';
}

void nvgp_strbuf_puts(nvgp_strbuf *s, const char *str)
{
    nvgp_strbuf_append(s, str, strlen(str));
}

void nvgp_strbuf_putc(nvgp_strbuf *s, char c)
{
    nvgp_strbuf_append(s, &c, 1);
}

void nvgp_strbuf_vprintf(nvgp_strbuf *s, const char *fmt, va_list ap)
{
    char small[256];
    va_list copy;
    va_copy(copy, ap);
    int n = vsnprintf(small, sizeof small, fmt, copy);
    va_end(copy);
    if (n < 0)
        return;
    if ((size_t)n < sizeof small) {
        nvgp_strbuf_append(s, small, (size_t)n);
        return;
    }
    if (!reserve(s, (size_t)n))
        return;
    vsnprintf(s->data + s->len, (size_t)n + 1, fmt, ap);
    s->len += (size_t)n;
}

void nvgp_strbuf_printf(nvgp_strbuf *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    nvgp_strbuf_vprintf(s, fmt, ap);
    va_end(ap);
}

char *nvgp_strbuf_take(nvgp_strbuf *s, size_t *len)
{
    if (!s->data)
        reserve(s, 0);
    char *p = s->data;
    if (p)
        p[s->len] = '\0';
    if (len)
        *len = s->len;
    nvgp_strbuf_init(s);
    return p;
}

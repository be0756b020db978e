/* Line editing on a terminal (line_edit.h): the terminal is put in
 * non-canonical mode for one line, keys are read byte by byte, and the
 * line is redrawn after each edit ("\r", prompt, text, clear to the end,
 * cursor back to its place). */
#define _POSIX_C_SOURCE 200809L   /* strdup, fileno */
#include "line_edit.h"

#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

static void redraw(const char *prompt, const char *buf, size_t len, size_t pos)
{
    printf("\r%s%.*s\x1b[K", prompt, (int)len, buf);
    if (len > pos)
        printf("\x1b[%zuD", len - pos);
    fflush(stdout);
}

static void remember(nvgp_line_editor *ed, const char *line)
{
    if (!*line || (ed->count && !strcmp(ed->history[ed->count - 1], line)))
        return;
    if (ed->count == ed->cap) {
        size_t cap = ed->cap ? ed->cap * 2 : 32;
        char **h = realloc(ed->history, cap * sizeof *h);
        if (!h)
            return;
        ed->history = h;
        ed->cap = cap;
    }
    char *copy = strdup(line);
    if (copy)
        ed->history[ed->count++] = copy;
}

/* Reads one key's bytes: an escape sequence ESC [ X or ESC O X gives 0x100 + X. */
static int read_key(int fd)
{
    unsigned char c;
    if (read(fd, &c, 1) != 1)
        return -1;
    if (c != 0x1b)
        return c;
    unsigned char s[2];
    if (read(fd, &s[0], 1) != 1 || (s[0] != '[' && s[0] != 'O') || read(fd, &s[1], 1) != 1)
        return 0x1b;
    if (s[1] >= '0' && s[1] <= '9') {  /* ESC [ 3 ~ (Delete), ESC [ 1 ~ (Home) ... */
        unsigned char t;
        if (read(fd, &t, 1) != 1 || t != '~')
            return 0x1b;
        return 0x200 + s[1];
    }
    return 0x100 + s[1];
}

static bool edit_line(nvgp_line_editor *ed, const char *prompt, int fd, char *buf, size_t n)
{
    size_t len = 0, pos = 0, hist = ed->count;
    buf[0] = 0;
    printf("%s", prompt);
    fflush(stdout);
    for (;;) {
        int k = read_key(fd);
        if (k < 0 || (k == 4 && len == 0)) {  /* end of input, Ctrl-D on an empty line */
            printf("\n");
            return false;
        }
        if (k == '\r' || k == '\n') {
            printf("\n");
            buf[len] = 0;
            remember(ed, buf);
            return true;
        }
        if ((k == 127 || k == 8) && pos > 0) {  /* Backspace */
            memmove(buf + pos - 1, buf + pos, len - pos);
            pos--, len--;
        } else if ((k == 0x233 || k == 4) && pos < len) {  /* Delete, Ctrl-D */
            memmove(buf + pos, buf + pos + 1, len - pos - 1);
            len--;
        } else if (k == 0x100 + 'D' || k == 2) {  /* left, Ctrl-B */
            pos -= pos > 0;
        } else if (k == 0x100 + 'C' || k == 6) {  /* right, Ctrl-F */
            pos += pos < len;
        } else if (k == 0x100 + 'H' || k == 0x231 || k == 1) {  /* Home, Ctrl-A */
            pos = 0;
        } else if (k == 0x100 + 'F' || k == 0x234 || k == 5) {  /* End, Ctrl-E */
            pos = len;
        } else if (k == 21) {  /* Ctrl-U: the whole line */
            len = pos = 0;
        } else if ((k == 0x100 + 'A' && hist > 0) || (k == 0x100 + 'B' && hist < ed->count)) {
            hist += k == 0x100 + 'A' ? (size_t)-1 : 1;
            const char *h = hist < ed->count ? ed->history[hist] : "";
            len = strlen(h) < n - 1 ? strlen(h) : n - 1;
            memcpy(buf, h, len);
            pos = len;
        } else if (k >= 0x20 && k < 0x7f && len + 1 < n) {
            memmove(buf + pos + 1, buf + pos, len - pos);
            buf[pos++] = (char)k;
            len++;
        } else {
            continue;
        }
        redraw(prompt, buf, len, pos);
    }
}

bool nvgp_line_read(nvgp_line_editor *ed, const char *prompt, FILE *in, char *buf, size_t n)
{
    int fd = fileno(in);
    struct termios old;
    if (n < 2 || !isatty(fd) || !isatty(1) || tcgetattr(fd, &old) != 0) {
        if (!fgets(buf, (int)n, in))
            return false;
        buf[strcspn(buf, "\r\n")] = 0;
        return true;
    }
    struct termios raw = old;
    raw.c_lflag &= ~(tcflag_t)(ICANON | ECHO);
    raw.c_cc[VMIN] = 1;
    raw.c_cc[VTIME] = 0;
    tcsetattr(fd, TCSANOW, &raw);
    bool ok = edit_line(ed, prompt, fd, buf, n);
    tcsetattr(fd, TCSANOW, &old);
    return ok;
}

void nvgp_line_editor_free(nvgp_line_editor *ed)
{
    for (size_t i = 0; i < ed->count; i++)
        free(ed->history[i]);
    free(ed->history);
    memset(ed, 0, sizeof *ed);
}

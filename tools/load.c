/* Reading input files and loading programs, the same way for every
 * command: `-` is standard input, a folder is refused by name, and a
 * program goes through nvgp_program_create (assembler or TGSI reader, then
 * the checker) whichever command asked. */
#define _POSIX_C_SOURCE 200809L   /* fileno */

#include "commands.h"
#include "job.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static bool set_error(char **error, const char *path, const char *why)
{
    size_t n = strlen(path) + strlen(why) + 3;
    *error = malloc(n);
    if (*error)
        snprintf(*error, n, "%s: %s", path, why);
    return false;
}

bool nvgp_tool_read_all(const char *path, size_t max, const char *what, char **data, size_t *len,
                        char **error)
{
    *data = NULL;
    *len = 0;
    *error = NULL;
    bool is_stdin = !strcmp(path, "-");
    const char *name = is_stdin ? "<stdin>" : path;
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (!f)
        return set_error(error, name, strerror(errno));
    /* fopen opens a folder for reading on POSIX systems; reading it then
     * fails with a less helpful error */
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        if (!is_stdin)
            fclose(f);
        return set_error(error, name, "is a directory, not a file");
    }
    /* Read in growing chunks rather than trusting a size from fstat: pipes,
     * standard input and files that change while read all work the same. */
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    bool ok = buf != NULL;
    while (ok) {
        if (cap - n < 2) {
            char *bigger = cap <= ((size_t)-1) / 2 ? realloc(buf, cap * 2) : NULL;
            if (!bigger) {
                ok = false;
                break;
            }
            buf = bigger;
            cap *= 2;
        }
        /* one byte past max at most: an endless stream (/dev/zero) ends */
        size_t room = cap - n - 1, left = max + 1 - n;
        size_t got = fread(buf + n, 1, room < left ? room : left, f);
        n += got;
        if (got == 0 || n > max)
            break;
    }
    int read_errno = errno;
    bool read_failed = ok && ferror(f);
    if (!is_stdin)
        fclose(f);
    if (ok && !read_failed && n > max) {
        free(buf);
        char why[96];
        snprintf(why, sizeof why, "larger than %zu MiB, the limit for a %s", max >> 20, what);
        return set_error(error, name, why);
    }
    if (!ok || read_failed) {
        free(buf);
        if (!ok) {
            char why[64];
            snprintf(why, sizeof why, "out of memory after %zu bytes", n);
            return set_error(error, name, why);
        }
        return set_error(error, name, strerror(read_errno));
    }
    buf[n] = '\0';
    *data = buf;
    *len = n;
    return true;
}

bool nvgp_tool_read_file(const char *path, char **data, size_t *len)
{
    char *error = NULL;
    if (nvgp_tool_read_all(path, NVGP_PROGRAM_MAX_BYTES, "program", data, len, &error))
        return true;
    fprintf(stderr, "nvgp: %s\n", error ? error : "out of memory");
    free(error);
    return false;
}

int nvgp_tool_load(const char *name, const char *src, size_t len, nvgp_target target,
                   nvgp_program **prog, nvgp_diag **diag)
{
    *prog = NULL;
    *diag = NULL;
    nvgp_program *p = nvgp_program_create_for(target, name, src, len, diag);
    if (!*diag) {
        fprintf(stderr, "nvgp: %s: out of memory\n", name);
        nvgp_program_destroy(p);
        return 2;
    }
    if (!p || nvgp_diag_error_count(*diag) > 0) {
        nvgp_program_destroy(p);
        return 1;
    }
    *prog = p;
    return 0;
}

int nvgp_tool_load_file(const char *path, nvgp_target target, nvgp_tool_input *in)
{
    memset(in, 0, sizeof *in);
    if (!nvgp_tool_read_file(path, &in->src, &in->len))
        return 2;
    in->name = strcmp(path, "-") ? path : "<stdin>";
    in->status = nvgp_tool_load(in->name, in->src, in->len, target, &in->prog, &in->diag);
    return in->status;
}

void nvgp_tool_input_free(nvgp_tool_input *in)
{
    nvgp_program_destroy(in->prog);
    nvgp_diag_destroy(in->diag);
    free(in->src);
    memset(in, 0, sizeof *in);
}

bool nvgp_tool_flush_stdout(const char *command)
{
    if (fflush(stdout) == 0 && !ferror(stdout))
        return true;
    fprintf(stderr, "nvgp%s%s: error writing standard output: %s\n", command ? " " : "",
            command ? command : "", strerror(errno));
    return false;
}

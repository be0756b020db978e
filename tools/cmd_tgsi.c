/* nvgp tgsi: load a program (NV/ARB assembly or TGSI text) and print its
 * TGSI form, canonical or as Mesa's tgsi_dump would. */
#include "commands.h"
#include "nvgp.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { TGSI_OK = 0, TGSI_INVALID = 1, TGSI_USAGE = 2 };

static const char usage_line[] =
    "usage: nvgp tgsi [--style=canonical|mesa] [-o OUT] FILE\n";

static int usage_error(const char *fmt, const char *arg)
{
    fputs("nvgp tgsi: ", stderr);
    fprintf(stderr, fmt, arg);
    fputc('\n', stderr);
    fputs(usage_line, stderr);
    return TGSI_USAGE;
}

static bool parse_style(const char *s, nvgp_tgsi_style *style)
{
    if (!strcmp(s, "canonical"))
        *style = NVGP_TGSI_STYLE_CANONICAL;
    else if (!strcmp(s, "mesa"))
        *style = NVGP_TGSI_STYLE_MESA;
    else
        return false;
    return true;
}

static int write_text(const char *out_path, const char *text)
{
    size_t n = strlen(text);
    if (!out_path || !strcmp(out_path, "-")) {
        fwrite(text, 1, n, stdout);
        if (fflush(stdout) != 0 || ferror(stdout)) {
            fputs("nvgp tgsi: error writing standard output\n", stderr);
            return TGSI_USAGE;
        }
        return TGSI_OK;
    }
    FILE *f = fopen(out_path, "wb");
    if (!f) {
        fprintf(stderr, "nvgp: %s: %s\n", out_path, strerror(errno));
        return TGSI_USAGE;
    }
    bool ok = fwrite(text, 1, n, f) == n;
    ok = (fclose(f) == 0) && ok;
    if (!ok) {
        fprintf(stderr, "nvgp: %s: write failed: %s\n", out_path, strerror(errno));
        return TGSI_USAGE;
    }
    return TGSI_OK;
}

int nvgp_cmd_tgsi(int argc, char **argv)
{
    nvgp_tgsi_style style = NVGP_TGSI_STYLE_CANONICAL;
    const char *out_path = NULL, *in_path = NULL;
    bool options = true;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (options && !strcmp(a, "--")) {
            options = false;
        } else if (options && !strncmp(a, "--style=", 8)) {
            if (!parse_style(a + 8, &style))
                return usage_error("unknown style '%s' (canonical or mesa)", a + 8);
        } else if (options && !strcmp(a, "--style")) {
            if (++i >= argc)
                return usage_error("%s needs a value", a);
            if (!parse_style(argv[i], &style))
                return usage_error("unknown style '%s' (canonical or mesa)", argv[i]);
        } else if (options && (!strcmp(a, "-o") || !strcmp(a, "--output"))) {
            if (++i >= argc)
                return usage_error("%s needs a file name", a);
            out_path = argv[i];
        } else if (options && !strncmp(a, "--output=", 9)) {
            out_path = a + 9;
        } else if (options && a[0] == '-' && a[1] == 'o' && a[2] != '\0') {
            out_path = a + 2;
        } else if (options && a[0] == '-' && a[1] != '\0') {
            return usage_error("unknown option '%s'", a);
        } else if (in_path) {
            return usage_error("expected one input file, got another: '%s'", a);
        } else {
            in_path = a;
        }
    }
    if (!in_path)
        return usage_error("%s", "no input file");
    if (out_path && !*out_path)
        return usage_error("%s", "empty output file name");

    char *src;
    size_t len;
    if (!nvgp_tool_read_file(in_path, &src, &len))
        return TGSI_USAGE;
    const char *name = strcmp(in_path, "-") ? in_path : "<stdin>";
    nvgp_diag *diag = NULL;
    nvgp_program *prog = nvgp_program_create(name, src, len, &diag);
    if (!diag) {
        fprintf(stderr, "nvgp: %s: out of memory\n", name);
        nvgp_program_destroy(prog);
        free(src);
        return TGSI_USAGE;
    }
    int status = TGSI_INVALID;
    char *text = prog ? nvgp_program_tgsi_text(prog, style, diag) : NULL;
    /* Warnings and errors alike go to stderr; only a text means success. */
    nvgp_diag_print(diag, stderr);
    if (text)
        status = write_text(out_path, text);
    free(text);
    nvgp_program_destroy(prog);
    nvgp_diag_destroy(diag);
    free(src);
    return status;
}

/* nvgp tgsi: load a program (NV/ARB assembly or TGSI text) and print its
 * TGSI form, canonical or as Mesa's tgsi_dump would.  The translation of
 * an NV/ARB program carries "#" comments: before each block of TGSI
 * instructions, the source line it came from ("# 12: DP4 r0.x, ...").
 * TGSI text reads "#" to the end of a line as a comment, so the output
 * still reads back (to the same program). */
#define _POSIX_C_SOURCE 200809L   /* open_memstream */

#include "commands.h"
#include "nvgp.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { TGSI_OK = 0, TGSI_INVALID = 1, TGSI_USAGE = 2 };

static const char usage_line[] =
    "usage: nvgp tgsi [--style=canonical|mesa] [--target=TARGET] [-o OUT] FILE\n";

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
        fprintf(stderr, "nvgp: %s: %s\n", out_path,
                errno == EISDIR ? "is a directory, not a file" : strerror(errno));
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

/* Where each line of src[0..len) starts (LF, CR LF or a lone CR ends a
 * line); *n lines.  NULL when out of memory. */
static size_t *line_starts(const char *src, size_t len, size_t *n)
{
    size_t count = 1;
    for (size_t i = 0; i < len; i++)
        count += src[i] == '\n' || (src[i] == '\r' && (i + 1 >= len || src[i + 1] != '\n'));
    size_t *starts = malloc(count * sizeof *starts);
    if (!starts)
        return NULL;
    size_t k = 0;
    starts[k++] = 0;
    for (size_t i = 0; i < len; i++)
        if (src[i] == '\n' || (src[i] == '\r' && (i + 1 >= len || src[i + 1] != '\n')))
            starts[k++] = i + 1;
    *n = count;
    return starts;
}

/* The 1-based line of byte offset off (binary search over the starts),
 * and that line's text without blanks at its ends. */
static size_t line_of(const char *src, size_t len, const size_t *starts, size_t nlines, uint32_t off,
                      const char **text, size_t *n)
{
    size_t lo = 0, hi = nlines;
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (starts[mid] <= off)
            lo = mid;
        else
            hi = mid;
    }
    size_t ls = starts[lo], le = ls;
    while (le < len && src[le] != '\n' && src[le] != '\r')
        le++;
    while (ls < le && (src[ls] == ' ' || src[ls] == '\t'))
        ls++;
    while (le > ls && (src[le - 1] == ' ' || src[le - 1] == '\t'))
        le--;
    *text = src + ls;
    *n = le - ls;
    return lo + 1;
}

/* The instruction number an instruction line of the writer starts with
 * ("  12: MOV ..."), or -1 for other lines. */
static long insn_number(const char *line, size_t n)
{
    size_t i = 0;
    while (i < n && line[i] == ' ')
        i++;
    size_t d = i;
    long v = 0;
    while (i < n && line[i] >= '0' && line[i] <= '9' && v < 100000000)
        v = v * 10 + (line[i++] - '0');
    return i > d && i < n && line[i] == ':' ? v : -1;
}

typedef struct line_at {
    size_t line;
    uint32_t insn;
} line_at;

static int cmp_line_at(const void *pa, const void *pb)
{
    const line_at *a = pa, *b = pb;
    if (a->line != b->line)
        return a->line < b->line ? -1 : 1;
    return (a->insn > b->insn) - (a->insn < b->insn);
}

/* Which instruction each source line's comment goes before: one comment per
 * line, in source order.  The translation may emit an instruction for a
 * line ahead of its place (set-up code, a branch dispatcher) or repeat a
 * line's instructions; each line in turn takes its first instruction after
 * the previous line's, and a line with none there gets no comment.
 * place[k] is the line (1-based) whose comment precedes instruction k, or
 * 0; *count the instructions.  NULL when out of memory. */
static size_t *comment_places(const nvgp_program *prog, const char *src, size_t len,
                              const size_t *starts, size_t nlines, size_t *count)
{
    size_t n = 0;
    nvgp_program_instruction_offset(prog, 0, NULL, &n);
    *count = n;
    size_t *place = calloc(n + 1, sizeof *place);
    line_at *at = malloc((n + 1) * sizeof *at);
    if (!place || !at) {
        free(place);
        free(at);
        return NULL;
    }
    for (size_t k = 0; k < n; k++) {
        const char *ls;
        size_t ln, offset = 0;
        nvgp_program_instruction_offset(prog, k, &offset, NULL);
        at[k] = (line_at){ line_of(src, len, starts, nlines, (uint32_t)offset, &ls, &ln), (uint32_t)k };
    }
    qsort(at, n, sizeof *at, cmp_line_at);
    size_t pos = 0;
    for (size_t i = 0; i < n;) {
        size_t j = i;
        while (j < n && at[j].line == at[i].line)
            j++;
        size_t lo = i, hi = j;   /* the first of this line's instructions at or after pos */
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            if (at[mid].insn < pos)
                lo = mid + 1;
            else
                hi = mid;
        }
        if (lo < j) {
            place[at[lo].insn] = at[lo].line;
            pos = at[lo].insn + 1;
        }
        i = j;
    }
    free(at);
    return place;
}

/* text with a "# LINE: source" comment before the instruction
 * comment_places() gives each source line (caller frees); NULL when out of
 * memory. */
static char *with_source_comments(const char *text, const nvgp_program *prog, const char *src,
                                  size_t len)
{
    size_t nlines;
    size_t *starts = line_starts(src, len, &nlines);
    if (!starts)
        return NULL;
    size_t count = 0;
    size_t *place = comment_places(prog, src, len, starts, nlines, &count);
    char *result = NULL;
    size_t result_len = 0;
    FILE *out = place ? open_memstream(&result, &result_len) : NULL;
    if (!out) {
        free(place);
        free(starts);
        return NULL;
    }
    for (const char *p = text; *p;) {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p) + 1 : strlen(p);
        long k = insn_number(p, n);
        if (k >= 0 && (uint64_t)k < count && place[k]) {
            const char *ls;
            size_t ln, offset = 0;
            nvgp_program_instruction_offset(prog, (size_t)k, &offset, NULL);
            size_t line = line_of(src, len, starts, nlines, (uint32_t)offset, &ls, &ln);
            fprintf(out, "# %zu: ", line);
            for (size_t i = 0; i < ln; i++) {
                /* control bytes (a tab, a form feed) print as blanks */
                char ch = (unsigned char)ls[i] < 0x20 ? ' ' : ls[i];
                fputc(ch, out);
            }
            fputc('\n', out);
        }
        fwrite(p, 1, n, out);
        p += n;
    }
    free(place);
    free(starts);
    bool failed = ferror(out) != 0;
    if (fclose(out) != 0 || failed) {
        free(result);
        return NULL;
    }
    return result;
}

int nvgp_cmd_tgsi(int argc, char **argv)
{
    nvgp_tgsi_style style = NVGP_TGSI_STYLE_CANONICAL;
    nvgp_target target = NVGP_TARGET_ANY;
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
        } else if (options && !strncmp(a, "--target=", 9)) {
            int t;
            if (!nvgp_tool_parse_target(a + 9, &t))
                return usage_error("unknown target '%s' (" NVGP_TOOL_TARGET_NAMES ")", a + 9);
            target = (nvgp_target)t;
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

    nvgp_tool_input in;
    int loaded = nvgp_tool_load_file(in_path, target, &in);
    if (loaded == 2 && !in.diag) {
        nvgp_tool_input_free(&in);
        return TGSI_USAGE;
    }
    int status = TGSI_INVALID;
    char *text = in.prog ? nvgp_program_tgsi_text(in.prog, style, in.diag) : NULL;
    char *annotated = NULL;
    if (text && nvgp_program_language(in.prog) == NVGP_LANGUAGE_NV)
        annotated = with_source_comments(text, in.prog, in.src, in.len);
    /* Warnings and errors alike go to stderr; only a text means success. */
    nvgp_diag_print(in.diag, stderr);
    if (text)
        status = write_text(out_path, annotated ? annotated : text);
    free(annotated);
    nvgp_free(text);
    nvgp_tool_input_free(&in);
    return loaded == 2 ? TGSI_USAGE : status;
}

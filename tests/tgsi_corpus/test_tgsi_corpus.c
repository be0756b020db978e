/* Corpus round trips of the TGSI text reader and writer.
 *
 * 1. Fixed point, every TGSI file of the corpus (mesa-tgsi: graw and
 *    embedded_c; etnaviv-tgsi-dumps): read -> canonical print -> read ->
 *    canonical print gives the same text twice, and the second read holds
 *    the same immediates bit for bit and the same Mesa-style text as the
 *    first (canonical text loses nothing tgsi_dump prints).
 * 2. Mesa style, the etnaviv dumps (tgsi_dump output of Mesa, 2017): read ->
 *    print in TGSI_STYLE_MESA reproduces the file byte for byte, except for
 *    what the issue allows to differ: blanks at line ends, a leading
 *    blank/comment line, and blank lines at the end of the file (98 dumps
 *    end with an extra empty line that tgsi_dump does not print).  The test
 *    lists every mismatch with its first differing line.
 *
 *    Not all 707 files are verbatim tgsi_dump output: 15 were edited by
 *    hand into test cases, which shows in their instruction numbers (gaps
 *    where instructions were deleted, repeats where one was duplicated, a
 *    first number other than 0), numbers tgsi_dump cannot print since it
 *    counts from 0 one by one.  Printing "what tgsi_dump prints" cannot
 *    reproduce those numbers, and echoing the numbers of the input would
 *    make the Mesa style differ from Mesa.  So the test checks:
 *     - >= 99% exact over the files numbered as tgsi_dump numbers (the
 *       check is mechanical, done on each file's text, no hand list);
 *     - >= 97% exact over all 707 files, so that any regression on the
 *       hand-edited files shows too (measured: 690 of 707, 97.6%).
 *
 *    Every mismatch, checked by hand against the file (2017 tgsi_dump.c):
 *     - numbering edited (gaps/repeats/not from 0; excluded by the rule
 *       above): crazy-frag.tgsi, crazy-frag-conflict.tgsi (an instruction
 *       duplicated as a second "2:"), multi-kill.tgsi, problem/0ad-frag.tgsi,
 *       problem/frag-conflict-1.tgsi, relative-lowered.tgsi,
 *       relative-simple.tgsi, simple-if.tgsi, simple-if-else.tgsi,
 *       simple-vert.tgsi, test2.tgsi, test3.tgsi, test.tgsi (two "1:"),
 *       builtin3.tgsi (two "0:", and TEXCOORD below);
 *       problem/frag-conflict-2.tgsi also writes the identity swizzle
 *       "IN[0].xyzw", which tgsi_dump never prints;
 *     - builtin2.tgsi: "DCL IN[0], TEXCOORD" without its index; tgsi_dump
 *       prints TEXCOORD[n] always (the index rule names TEXCOORD and
 *       GENERIC), so the line was written by hand;
 *     - sad-frag.tgsi: every line indented by two extra spaces (pasted
 *       from an indented document); tgsi_dump starts lines in column 1.
 *
 * 3. Every TGSI program of the corpus loads through the library's front
 *    door (reader and checker), as Mesa's parser loads it; 13 of them (graw,
 *    vega) with warnings.
 *
 * Files that are not TGSI text at all are listed in not_tgsi[] below with
 * the reason; the reader must reject them with a diagnostic (not crash),
 * every other file must read.  Exit code 77 (not run) when the corpus is
 * absent. */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "nvgp.h"
#include "tgsi/tgsi_ir.h"
#include "tgsi/tgsi_text_read.h"
#include "tgsi/tgsi_text_write.h"
#include "read_whole_file.h"

/* Corpus files that are C format strings or pseudo-code rather than TGSI
 * text (paths relative to the corpus folder). */
static const struct {
    const char *path, *why;
} not_tgsi[] = {
    {"mesa-tgsi/embedded_c/gallium__auxiliary__util__u_simple_shaders__01.tgsi",
     "printf template: %s / %d placeholders"},
    {"mesa-tgsi/embedded_c/gallium__auxiliary__util__u_simple_shaders__02.tgsi",
     "printf template: %s / %d placeholders"},
    {"mesa-tgsi/embedded_c/gallium__auxiliary__util__u_simple_shaders__03.tgsi",
     "printf template: %s / %d placeholders"},
    {"mesa-tgsi/embedded_c/gallium__state_trackers__vega__asm_filters__01.tgsi",
     "printf template: %s / %d placeholders"},
    {"mesa-tgsi/embedded_c/gallium__state_trackers__vega__asm_filters__03.tgsi",
     "printf template: %s / %d placeholders"},
};

typedef struct file_list {
    char **paths; /* relative to the corpus folder */
    size_t count, cap;
} file_list;

static void list_add(file_list *l, const char *path)
{
    if (l->count == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 256;
        l->paths = realloc(l->paths, l->cap * sizeof *l->paths);
        assert_non_null(l->paths);
    }
    l->paths[l->count] = strdup(path);
    assert_non_null(l->paths[l->count]);
    l->count++;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* dir + "/" + name into buf; false (and an empty buf) when it does not fit. */
static bool path_join(char *buf, size_t cap, const char *dir, const char *name)
{
    int n = snprintf(buf, cap, "%s/%s", dir, name);
    if (n < 0 || (size_t)n >= cap) {
        buf[0] = 0;
        return false;
    }
    return true;
}

/* Collects regular files under root/rel (recursively), SOURCES.md aside. */
static void collect(const char *root, const char *rel, file_list *l)
{
    char dir[4096];
    if (!path_join(dir, sizeof dir, root, rel))
        return;
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.' || strcmp(e->d_name, "SOURCES.md") == 0)
            continue;
        char r[4096], full[8192];
        if (!path_join(r, sizeof r, rel, e->d_name) || !path_join(full, sizeof full, root, r))
            continue;
        struct stat st;
        if (stat(full, &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode))
            collect(root, r, l);
        else if (S_ISREG(st.st_mode))
            list_add(l, r);
    }
    closedir(d);
}

static const char *corpus_dir(void)
{
    static char dir[4096];
    snprintf(dir, sizeof dir, "%s/corpus", NVGP_SHARED_DIR);
    return dir;
}

static bool is_not_tgsi(const char *rel, const char **why)
{
    for (size_t i = 0; i < sizeof not_tgsi / sizeof *not_tgsi; i++)
        if (strcmp(not_tgsi[i].path, rel) == 0) {
            *why = not_tgsi[i].why;
            return true;
        }
    return false;
}

static tgsi_program *read_text(const char *name, const char *text, size_t len, char **err)
{
    nvgp_diag *diag = nvgp_diag_create(name, text, len);
    tgsi_program *p = nvgp_tgsi_read(text, len, diag);
    if (!p && err) {
        nvgp_diag_entry e;
        char msg[512] = "no diagnostic";
        if (diag && nvgp_diag_get(diag, 0, &e))
            snprintf(msg, sizeof msg, "offset %ld: %s", (long)e.offset, e.message);
        *err = strdup(msg);
    }
    nvgp_diag_destroy(diag);
    return p;
}

static char *write_text(const tgsi_program *p, tgsi_text_style style)
{
    nvgp_strbuf sb;
    nvgp_strbuf_init(&sb);
    bool ok = nvgp_tgsi_write(p, style, &sb);
    assert_true(ok);
    char *s = nvgp_strbuf_take(&sb, NULL);
    return s ? s : strdup("");
}

/* Line of text `s` where it first differs from `t` (1-based), 0 if equal. */
static unsigned first_diff_line(const char *s, const char *t)
{
    unsigned line = 1;
    for (; *s && *s == *t; s++, t++)
        if (*s == '\n')
            line++;
    return *s == *t ? 0 : line;
}

static void print_line(const char *label, const char *text, unsigned line)
{
    const char *s = text;
    for (unsigned l = 1; l < line && s; l++) {
        s = strchr(s, '\n');
        if (s)
            s++;
    }
    if (!s || !*s) {
        fprintf(stderr, "      %s: <end of text>\n", label);
        return;
    }
    const char *e = strchr(s, '\n');
    int n = e ? (int)(e - s) : (int)strlen(s);
    fprintf(stderr, "      %s: %.*s\n", label, n, s);
}

/* ---- 1. canonical fixed point ------------------------------------------------- */

static bool same_immediates(const tgsi_program *a, const tgsi_program *b)
{
    if (a->num_immediates != b->num_immediates)
        return false;
    for (uint32_t i = 0; i < a->num_immediates; i++) {
        const tgsi_immediate *x = &a->immediates[i], *y = &b->immediates[i];
        if (x->type != y->type || x->num_words != y->num_words)
            return false;
        for (unsigned k = 0; k < x->num_words && k < 4; k++)
            if (x->value[k] != y->value[k])
                return false;
    }
    return true;
}

static void test_canonical_fixed_point(void **state)
{
    (void)state;
    file_list files = {0};
    collect(corpus_dir(), "mesa-tgsi", &files);
    collect(corpus_dir(), "etnaviv-tgsi-dumps", &files);
    qsort(files.paths, files.count, sizeof *files.paths, cmp_str);
    assert_true(files.count > 700);

    size_t fixed = 0, failures = 0, rejected_as_expected = 0;
    for (size_t i = 0; i < files.count; i++) {
        const char *rel = files.paths[i];
        char path[8192];
        assert_true(path_join(path, sizeof path, corpus_dir(), rel));
        size_t len = 0;
        char *src = read_whole_file(path, &len);
        assert_non_null(src);
        const char *why = NULL;
        bool expect_reject = is_not_tgsi(rel, &why);
        char *err = NULL;
        tgsi_program *p1 = read_text(rel, src, len, &err);
        if (!p1) {
            if (expect_reject) {
                rejected_as_expected++;
            } else {
                fprintf(stderr, "  UNREADABLE %s: %s\n", rel, err);
                failures++;
            }
            free(err);
            free(src);
            continue;
        }
        if (expect_reject) {
            /* Accepting it is no error of the round trip; say so. */
            fprintf(stderr, "  note: %s read although it is %s\n", rel, why);
        }
        char *t1 = write_text(p1, TGSI_STYLE_CANONICAL);
        tgsi_program *p2 = read_text(rel, t1, strlen(t1), &err);
        if (!p2) {
            fprintf(stderr, "  CANONICAL TEXT UNREADABLE %s: %s\n", rel, err);
            failures++;
        } else {
            char *t2 = write_text(p2, TGSI_STYLE_CANONICAL);
            char *m1 = write_text(p1, TGSI_STYLE_MESA);
            char *m2 = write_text(p2, TGSI_STYLE_MESA);
            unsigned dl = first_diff_line(t1, t2);
            if (dl) {
                fprintf(stderr, "  NOT A FIXED POINT %s, line %u:\n", rel, dl);
                print_line("print 1", t1, dl);
                print_line("print 2", t2, dl);
                failures++;
            } else if (!same_immediates(p1, p2)) {
                fprintf(stderr, "  IMMEDIATES CHANGED %s\n", rel);
                failures++;
            } else if ((dl = first_diff_line(m1, m2)) != 0) {
                fprintf(stderr, "  CANONICAL LOST INFORMATION %s, Mesa-style line %u:\n", rel, dl);
                print_line("before", m1, dl);
                print_line("after ", m2, dl);
                failures++;
            } else {
                fixed++;
            }
            free(t2);
            free(m1);
            free(m2);
            nvgp_tgsi_program_destroy(p2);
        }
        free(err);
        free(t1);
        nvgp_tgsi_program_destroy(p1);
        free(src);
    }
    fprintf(stderr, "  canonical fixed point: %zu of %zu files (%zu non-TGSI files rejected as expected)\n",
            fixed, files.count, rejected_as_expected);
    for (size_t i = 0; i < files.count; i++)
        free(files.paths[i]);
    free(files.paths);
    assert_int_equal(failures, 0);
}

/* ---- 2. Mesa style reproduces the etnaviv dumps ---------------------------------- */

/* The text with trailing blanks of every line removed, the first line
 * dropped when it is blank or a comment, and blank lines at the end
 * dropped. */
static char *normalise(const char *text)
{
    size_t n = strlen(text);
    char *out = malloc(n + 2);
    assert_non_null(out);
    size_t o = 0;
    bool first = true;
    const char *s = text;
    while (*s) {
        const char *e = strchr(s, '\n');
        size_t len = e ? (size_t)(e - s) : strlen(s);
        size_t l = len;
        while (l > 0 && (s[l - 1] == ' ' || s[l - 1] == '\t' || s[l - 1] == '\r'))
            l--;
        bool skip = false;
        if (first) {
            size_t k = 0;
            while (k < l && (s[k] == ' ' || s[k] == '\t'))
                k++;
            skip = k == l || s[k] == '#' || s[k] == ';' || (s[k] == '/' && k + 1 < l && s[k + 1] == '/');
            first = false;
        }
        if (!skip) {
            memcpy(out + o, s, l);
            o += l;
            out[o++] = '\n';
        }
        s += len;
        if (*s == '\n')
            s++;
    }
    while (o > 0 && out[o - 1] == '\n' && (o == 1 || out[o - 2] == '\n'))
        o--;
    out[o] = '\0';
    return out;
}

/* Whether the instruction numbers of a text ("  7: MOV ...") run 0, 1, 2, ...
 * as tgsi_dump prints them. */
static bool numbered_like_tgsi_dump(const char *text)
{
    unsigned long next = 0;
    for (const char *s = text; *s;) {
        const char *t = s;
        while (*t == ' ')
            t++;
        if (*t >= '0' && *t <= '9') {
            char *e;
            unsigned long n = strtoul(t, &e, 10);
            if (*e == ':') {
                if (n != next)
                    return false;
                next++;
            }
        }
        s = strchr(s, '\n');
        if (!s)
            break;
        s++;
    }
    return next > 0;
}

static void test_mesa_style_reproduces_dumps(void **state)
{
    (void)state;
    file_list files = {0};
    collect(corpus_dir(), "etnaviv-tgsi-dumps", &files);
    qsort(files.paths, files.count, sizeof *files.paths, cmp_str);
    assert_true(files.count >= 700);

    size_t exact = 0, dump_shaped = 0, dump_shaped_exact = 0;
    for (size_t i = 0; i < files.count; i++) {
        const char *rel = files.paths[i];
        char path[8192];
        assert_true(path_join(path, sizeof path, corpus_dir(), rel));
        size_t len = 0;
        char *src = read_whole_file(path, &len);
        assert_non_null(src);
        char *err = NULL;
        tgsi_program *p = read_text(rel, src, len, &err);
        if (!p) {
            fprintf(stderr, "  MISMATCH %s: unreadable: %s\n", rel, err);
            free(err);
            free(src);
            continue;
        }
        char *text = write_text(p, TGSI_STYLE_MESA);
        char *want = normalise(src);
        char *got = normalise(text);
        unsigned dl = first_diff_line(want, got);
        bool shaped = numbered_like_tgsi_dump(want);
        dump_shaped += shaped;
        if (dl == 0) {
            exact++;
            dump_shaped_exact += shaped;
        } else {
            fprintf(stderr, "  MISMATCH %s%s, line %u:\n", rel,
                    shaped ? "" : " (numbering edited by hand)", dl);
            print_line("file   ", want, dl);
            print_line("printed", got, dl);
        }
        free(want);
        free(got);
        free(text);
        nvgp_tgsi_program_destroy(p);
        free(src);
    }
    fprintf(stderr, "  Mesa style: %zu of %zu etnaviv dumps reproduced exactly (%.2f%%)\n", exact,
            files.count, 100.0 * (double)exact / (double)files.count);
    fprintf(stderr, "  Mesa style: %zu of %zu dumps numbered as tgsi_dump numbers reproduced "
            "exactly (%.2f%%)\n", dump_shaped_exact, dump_shaped,
            dump_shaped ? 100.0 * (double)dump_shaped_exact / (double)dump_shaped : 0.0);
    for (size_t i = 0; i < files.count; i++)
        free(files.paths[i]);
    free(files.paths);
    assert_true(dump_shaped >= files.count * 9 / 10);
    assert_true(dump_shaped_exact * 100 >= dump_shaped * 99);
    assert_true(exact * 100 >= files.count * 97);
}

/* ---- 3. every program loads, as Mesa loads it ------------------------------------ */

/* What Mesa's tests and state trackers wrote, Mesa's parser accepts: every
 * TGSI file of the corpus loads through nvgp_program_create (reader and
 * checker).  Rules of tgsi.rst that Mesa does not enforce are warnings
 * (SPEC-DECISIONS TGSI 4): the files that break one are counted, and each
 * such file is one of the programs known to carry interpolation modes on
 * non-fragment declarations (Mesa's graw geometry tests and vega's
 * shaders). */
static void test_every_program_loads(void **state)
{
    (void)state;
    file_list files = {0};
    collect(corpus_dir(), "mesa-tgsi", &files);
    collect(corpus_dir(), "etnaviv-tgsi-dumps", &files);
    qsort(files.paths, files.count, sizeof *files.paths, cmp_str);
    size_t loaded = 0, failures = 0, with_warnings = 0, skipped = 0;
    for (size_t i = 0; i < files.count; i++) {
        const char *rel = files.paths[i];
        const char *why = NULL;
        if (is_not_tgsi(rel, &why)) {
            skipped++;
            continue;
        }
        char path[8192];
        assert_true(path_join(path, sizeof path, corpus_dir(), rel));
        size_t len = 0;
        char *src = read_whole_file(path, &len);
        assert_non_null(src);
        nvgp_diag *diag = NULL;
        nvgp_program *p = nvgp_program_create(rel, src, len, &diag);
        assert_non_null(diag);
        size_t warnings = nvgp_diag_count(diag) - nvgp_diag_error_count(diag);
        if (!p) {
            fprintf(stderr, "  DOES NOT LOAD %s:\n", rel);
            nvgp_diag_print(diag, stderr);
            failures++;
        } else {
            loaded++;
            if (warnings) {
                with_warnings++;
                bool known = strstr(rel, "graw") || strstr(rel, "vega");
                nvgp_diag_entry e;
                for (size_t k = 0; nvgp_diag_get(diag, k, &e); k++)
                    known = known && strstr(e.message, "interpolation modes apply only to FRAG inputs");
                if (!known) {
                    fprintf(stderr, "  UNEXPECTED WARNING %s:\n", rel);
                    nvgp_diag_print(diag, stderr);
                    failures++;
                }
            }
        }
        nvgp_program_destroy(p);
        nvgp_diag_destroy(diag);
        free(src);
    }
    fprintf(stderr, "  loaded: %zu of %zu files (%zu with warnings; %zu non-TGSI files skipped)\n", loaded,
            files.count - skipped, with_warnings, skipped);
    for (size_t i = 0; i < files.count; i++)
        free(files.paths[i]);
    free(files.paths);
    assert_int_equal(failures, 0);
    /* 6 graw geometry-shader files, graw tri-gs, 6 vega shaders. */
    assert_int_equal(with_warnings, 13);
}

int main(void)
{
    char probe[4096];
    if (!path_join(probe, sizeof probe, corpus_dir(), "etnaviv-tgsi-dumps"))
        return 77;
    struct stat st;
    if (stat(probe, &st) != 0 || !S_ISDIR(st.st_mode)) {
        fprintf(stderr, "corpus not found at %s: not run\n", corpus_dir());
        return 77;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_canonical_fixed_point),
        cmocka_unit_test(test_mesa_style_reproduces_dumps),
        cmocka_unit_test(test_every_program_loads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

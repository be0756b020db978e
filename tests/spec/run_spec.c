/* Runs the spec conformance cases of tests/spec/<EXTENSION>/ (format in
 * README.md): assembles every program with nvgp_nv_assemble and compares
 * validity and the error position (PROGRAM_ERROR_POSITION) with the
 * .expect file beside it.  Prints every mismatch and per-extension counts. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "base/diag.h"
#include "nv/nv_assemble.h"
#include "read_whole_file.h"

#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define SPEC_DIR NVGP_SOURCE_DIR "/tests/spec"

/* Reads a quoted string at *p (after spaces) into out; advances *p. */
static bool quoted(const char **p, char *out, size_t cap)
{
    const char *s = *p;
    while (*s == ' ' || *s == '\t')
        s++;
    if (*s != '"')
        return false;
    s++;
    size_t n = 0;
    while (*s && *s != '"' && *s != '\n') {
        char ch = *s++;
        if (ch == '\\' && *s) {
            ch = *s++;
            if (ch == 'n')
                ch = '\n';
        }
        if (n + 1 < cap)
            out[n++] = ch;
    }
    if (*s != '"')
        return false;
    out[n] = 0;
    *p = s + 1;
    return true;
}

typedef struct expect {
    bool valid, at_end, has_error, has_spec;
    char at[512], after[512], message[512];
} expect;

static bool parse_expect(const char *text, expect *e, char *why, size_t whycap)
{
    memset(e, 0, sizeof *e);
    int kinds = 0;
    for (const char *line = text; line && *line;) {
        const char *nl = strchr(line, '\n');
        const char *p = line;
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == '#' || *p == '\n' || *p == '\r' || !*p) {
            /* comment or blank */
        } else if (!strncmp(p, "valid", 5)) {
            e->valid = true;
            kinds++;
        } else if (!strncmp(p, "error at end", 12)) {
            e->has_error = e->at_end = true;
            kinds++;
        } else if (!strncmp(p, "error at", 8)) {
            p += 8;
            if (!quoted(&p, e->at, sizeof e->at)) {
                snprintf(why, whycap, "bad 'error at' line");
                return false;
            }
            while (*p == ' ')
                p++;
            if (!strncmp(p, "after", 5)) {
                p += 5;
                if (!quoted(&p, e->after, sizeof e->after)) {
                    snprintf(why, whycap, "bad 'after' anchor");
                    return false;
                }
            }
            e->has_error = true;
            kinds++;
        } else if (!strncmp(p, "message", 7)) {
            p += 7;
            if (!quoted(&p, e->message, sizeof e->message)) {
                snprintf(why, whycap, "bad 'message' line");
                return false;
            }
        } else if (!strncmp(p, "spec", 4)) {
            p += 4;
            char tmp[2048];
            if (!quoted(&p, tmp, sizeof tmp)) {
                snprintf(why, whycap, "bad 'spec' line");
                return false;
            }
            e->has_spec = true;
        } else {
            snprintf(why, whycap, "unknown directive '%.20s'", p);
            return false;
        }
        line = nl ? nl + 1 : NULL;
    }
    if (kinds != 1) {
        snprintf(why, whycap, "needs exactly one of 'valid', 'error at ...'");
        return false;
    }
    if (e->has_error && !e->has_spec) {
        snprintf(why, whycap, "an error case needs a 'spec' sentence");
        return false;
    }
    return true;
}

static const char *const program_exts[] = {".vp", ".fp", ".gp", ".tcp", ".tep", ".cp", ".txt"};

static bool is_program(const char *name)
{
    const char *dot = strrchr(name, '.');
    if (!dot)
        return false;
    for (size_t i = 0; i < sizeof program_exts / sizeof program_exts[0]; i++)
        if (!strcmp(dot, program_exts[i]))
            return true;
    return false;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static char **list_dir(const char *dir, size_t *n)
{
    DIR *d = opendir(dir);
    *n = 0;
    if (!d)
        return NULL;
    char **names = NULL;
    size_t cap = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        if (*n == cap) {
            cap = cap ? cap * 2 : 32;
            names = realloc(names, cap * sizeof *names);
        }
        names[(*n)++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, *n, sizeof *names, cmp_names);
    return names;
}

/* Runs one case; returns true when it passes. */
static bool run_case(const char *ext, const char *dir, const char *name)
{
    char path[8192], epath[8192 + 16];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    memcpy(epath, path, strlen(path) + 1);
    char *dot = strrchr(epath, '.');
    memcpy(dot, ".expect", 8);
    size_t len, elen;
    char *src = read_whole_file(path, &len);
    char *etext = read_whole_file(epath, &elen);
    bool ok = false;
    char why[256] = "";
    expect e;
    if (!src) {
        printf("FAIL %s/%s: cannot read the program\n", ext, name);
    } else if (!etext) {
        printf("FAIL %s/%s: no .expect file\n", ext, name);
    } else if (!parse_expect(etext, &e, why, sizeof why)) {
        printf("FAIL %s/%s: malformed .expect: %s\n", ext, name, why);
    } else {
        long want = -1;
        bool bad_anchor = false;
        if (e.at_end) {
            want = (long)len;
        } else if (e.has_error) {
            const char *from = src;
            if (e.after[0]) {
                const char *an = strstr(src, e.after);
                if (!an)
                    bad_anchor = true;
                else
                    from = an;
            }
            const char *hit = bad_anchor ? NULL : strstr(from, e.at);
            if (!hit)
                bad_anchor = true;
            else
                want = (long)(hit - src);
        }
        if (bad_anchor) {
            printf("FAIL %s/%s: the 'error at' text is not in the program\n", ext, name);
        } else {
            nvgp_diag *d = nvgp_diag_create(name, src, len);
            nv_program *p = nvgp_nv_assemble(src, len, d);
            long got = nvgp_diag_error_position(d);
            nvgp_diag_entry de;
            const char *msg = nvgp_diag_get(d, 0, &de) ? de.message : "";
            if (e.valid && !p) {
                printf("FAIL %s/%s: expected valid, failed at offset %ld: %s\n", ext, name, got, msg);
            } else if (e.has_error && p) {
                printf("FAIL %s/%s: expected an error at offset %ld, but it loaded\n", ext, name, want);
            } else if (e.has_error && got != want) {
                printf("FAIL %s/%s: expected the error at offset %ld, got %ld: %s\n", ext, name, want, got, msg);
            } else if (e.has_error && e.message[0] && !strstr(msg, e.message)) {
                printf("FAIL %s/%s: message \"%s\" does not contain \"%s\"\n", ext, name, msg, e.message);
            } else {
                ok = true;
            }
            nvgp_nv_program_destroy(p);
            nvgp_diag_destroy(d);
        }
    }
    free(src);
    free(etext);
    return ok;
}

static void test_spec_cases(void **state)
{
    (void)state;
    size_t nd;
    char **dirs = list_dir(SPEC_DIR, &nd);
    int total = 0, passed = 0;
    for (size_t i = 0; i < nd; i++) {
        char dir[4096];
        snprintf(dir, sizeof dir, "%s/%s", SPEC_DIR, dirs[i]);
        struct stat st;
        if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
            free(dirs[i]);
            continue;
        }
        size_t nf;
        char **files = list_dir(dir, &nf);
        int n = 0, pass = 0, errors = 0;
        for (size_t j = 0; j < nf; j++) {
            if (is_program(files[j])) {
                n++;
                if (run_case(dirs[i], dir, files[j]))
                    pass++;
                char ep[8192 + 16];
                snprintf(ep, 8192, "%s/%s", dir, files[j]);
                memcpy(strrchr(ep, '.'), ".expect", 8);
                size_t el;
                char *et = read_whole_file(ep, &el);
                if (et && strstr(et, "error at"))
                    errors++;
                free(et);
            }
            free(files[j]);
        }
        free(files);
        printf("%s: %d cases (%d fail-to-load), %d pass\n", dirs[i], n, errors, pass);
        total += n;
        passed += pass;
        free(dirs[i]);
    }
    free(dirs);
    printf("spec: %d cases, %d pass\n", total, passed);
    assert_true(total > 0);
    assert_int_equal(passed, total);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_spec_cases)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* Real programs through the assembler:
 *  - piglit asmparsertest: every file, loaded for its folder's target
 *    (ARBvp1.0: vertex, ARBfp1.0: fragment), must compile, or fail when it
 *    carries the "# FAIL" marker (the convention of piglit's asmparsertest
 *    runner);
 *  - every program its source treats as valid (mesa-demos, piglit glean,
 *    shader_test, vpfp_nv and embedded_c, nv-gpu-program) must assemble.
 * Exits 77 (not run) when the shared corpus is absent.  Programs of a
 * language whose parser is not in the tree yet ("not supported yet") are
 * counted apart and do not fail the test. */
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define CORPUS NVGP_SHARED_DIR "/corpus"

typedef struct tally {
    int total, pass, fail, pending, rejected;
    nvgp_target target; /* asmparsertest: the folder's program target */
} tally;

/* Assembles one program; returns 1 valid, 0 invalid, -1 language pending. */
static int assemble(const char *src, size_t len, char *msg, size_t msgsz, long *pos, nvgp_target target)
{
    nvgp_diag *d = nvgp_diag_create("program", src, len);
    nv_program *p = nvgp_nv_assemble_target(src, len, target, d);
    int r = p != NULL;
    *pos = nvgp_diag_error_position(d);
    msg[0] = 0;
    nvgp_diag_entry e;
    if (!p && nvgp_diag_get(d, 0, &e)) {
        snprintf(msg, msgsz, "%s", e.message);
        if (strstr(e.message, "not supported yet") && strstr(e.message, "header"))
            r = -1;
    }
    nvgp_nv_program_destroy(p);
    nvgp_diag_destroy(d);
    return r;
}

/* Programs in the corpus whose source does not treat them as valid: parser
 * exercises and API tests that feed the driver programs the specs reject.
 * Each must fail, with a message containing the reason's key phrase. */
static const struct {
    const char *file, *message, *why;
} not_valid[] = {
    {"mesa-demos/embedded_c/tests__vptest1__00.vp", "o[HPOS]",
     "mesa-demos vptest1 parser exercise; NV_vertex_program2 2.14.1.8: a vertex program must write HPOS"},
    {"mesa-demos/embedded_c/tests__fptest1__00.fp", "COLR",
     "mesa-demos fptest1 parser exercise; NV_fragment_program: COLR and COLH cannot both be written"},
    {"mesa-demos/embedded_c/tests__fptest1__01.fp", "bar",
     "mesa-demos fptest1 parser exercise; NV_fragment_program: DECLARE takes a constant, not a name"},
    {"nv-gpu-program/ruby-opengl/test_gl_nv_fragment_program.fp", "output",
     "ruby-opengl API test; NV_fragment_program: a program must write an output register"},
    {"nv-gpu-program/ruby-opengl/test_gl_nv_vertex_program_state.vsp", "program parameter",
     "ruby-opengl API test; NV_vertex_program 2.14.4: a state program must write a program parameter"},
};

static void check_valid(const char *name, const char *src, size_t len, tally *t)
{
    char msg[256];
    long pos;
    t->total++;
    int r = assemble(src, len, msg, sizeof msg, &pos, NVGP_TARGET_ANY);
    for (size_t i = 0; i < sizeof not_valid / sizeof not_valid[0]; i++) {
        if (!strstr(name, not_valid[i].file))
            continue;
        if (r == 0 && strstr(msg, not_valid[i].message)) {
            t->pass++;
            t->rejected++;
        } else {
            t->fail++;
            printf("FAIL %s: expected to fail (%s), got: %s\n", name, not_valid[i].why, r == 1 ? "valid" : msg);
        }
        return;
    }
    if (r == 1) {
        t->pass++;
    } else if (r < 0) {
        t->pending++;
    } else {
        t->fail++;
        int line = 1;
        for (long i = 0; i < pos && i < (long)len; i++)
            line += src[i] == '\n';
        printf("FAIL %s: line %d (offset %ld): %s\n", name, line, pos, msg);
    }
}

typedef void (*file_fn)(const char *path, tally *t);

static void walk(const char *dir, file_fn fn, tally *t)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    char **names = NULL;
    size_t n = 0, cap = 0;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 64;
            names = realloc(names, cap * sizeof *names);
        }
        names[n++] = strdup(e->d_name);
    }
    closedir(d);
    for (size_t i = 0; i < n; i++) {
        char path[4096];
        int len = snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        struct stat st;
        if (len > 0 && (size_t)len < sizeof path && stat(path, &st) == 0) {
            if (S_ISDIR(st.st_mode))
                walk(path, fn, t);
            else if (!strstr(names[i], ".md") && !strstr(names[i], ".json"))
                fn(path, t);
        }
        free(names[i]);
    }
    free(names);
}

/* Every "!!" program in a file (vpfp pairs, shader_test sections, plain files). */
static void programs_in_file(const char *path, tally *t)
{
    size_t len;
    char *buf = read_whole_file(path, &len);
    if (!buf)
        return;
    bool shader_test = strstr(path, ".shader_test") != NULL;
    for (char *p = buf; (p = strstr(p, "!!")) != NULL;) {
        if ((p != buf && p[-1] != '\n' && p[-1] != '"') || !strncmp(p, "!!test", 6)) {
            p += 2;
            continue;
        }
        char *end = strstr(p + 2, "\n!!");
        if (shader_test) {
            char *sec = strstr(p, "\n[");
            if (sec && (!end || sec < end))
                end = sec + 1;
        }
        size_t n = end ? (size_t)(end - p + 1) : strlen(p);
        /* printf-style placeholders: the C code fills them in. */
        bool placeholder = memchr(p, '%', n) != NULL;
        if (!placeholder) {
            char name[4200];
            snprintf(name, sizeof name, "%s@%ld", path, (long)(p - buf));
            check_valid(name, p, n, t);
        }
        p += n;
    }
    free(buf);
}

static void asmparser_file(const char *path, tally *t)
{
    size_t len;
    char *buf = read_whole_file(path, &len);
    if (!buf)
        return;
    bool expect_fail = strstr(buf, "# FAIL") != NULL;
    char msg[256];
    long pos;
    t->total++;
    int r = assemble(buf, len, msg, sizeof msg, &pos, t->target);
    if ((r == 1) == !expect_fail) {
        t->pass++;
    } else {
        t->fail++;
        if (expect_fail)
            printf("FAIL %s: expected a failure, but it compiled\n", path);
        else
            printf("FAIL %s: offset %ld: %s\n", path, pos, msg);
    }
    free(buf);
}

static int shared_present(void)
{
    struct stat st;
    return stat(CORPUS, &st) == 0;
}

/* piglit's asmparsertest loads every file of a folder with
 * glProgramStringARB for the folder's target, so a header of the other
 * target (ARBvp1.0/arbfp.txt opens `!!ARBfp1.0`, marked FAIL) must fail. */
static const struct {
    const char *folder;
    nvgp_target target;
} asm_folders[] = {
    {"ARBvp1.0", NVGP_TARGET_VERTEX},
    {"ARBfp1.0", NVGP_TARGET_FRAGMENT},
};

static void test_asmparsertest(void **state)
{
    (void)state;
    int total = 0;
    for (size_t i = 0; i < sizeof asm_folders / sizeof asm_folders[0]; i++) {
        tally t = {.target = asm_folders[i].target};
        char path[512];
        snprintf(path, sizeof path, "%s/piglit/asmparsertest/%s", CORPUS, asm_folders[i].folder);
        walk(path, asmparser_file, &t);
        printf("asmparsertest/%s: %d files, %d pass, %d fail\n", asm_folders[i].folder, t.total, t.pass,
               t.fail);
        assert_true(t.total >= 100);
        assert_int_equal(t.fail, 0);
        total += t.total;
    }
    assert_true(total >= 200);
}

static void test_valid_corpus(void **state)
{
    (void)state;
    static const char *const dirs[] = {
        "/mesa-demos/fp", "/mesa-demos/vp", "/mesa-demos/embedded_c", "/piglit/glean",
        "/piglit/shader_test", "/piglit/vpfp_nv", "/piglit/embedded_c", "/nv-gpu-program"};
    int fails = 0;
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s%s", CORPUS, dirs[i]);
        tally t = {0};
        walk(path, programs_in_file, &t);
        printf("%s: %d programs, %d pass (%d of them rejected as their source intends), %d fail, %d pending "
               "(language parser not in the tree)\n", dirs[i], t.total, t.pass, t.rejected, t.fail, t.pending);
        fails += t.fail;
    }
    assert_int_equal(fails, 0);
}

int main(void)
{
    if (!shared_present()) {
        printf("shared corpus not found at %s\n", CORPUS);
        return 77;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_asmparsertest),
        cmocka_unit_test(test_valid_corpus),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* Tests of the TGSI checker.
 *
 * 1. Data cases, cases/NAME.tgsi: TGSI text whose first lines say what the
 *    checker must find:
 *        # expect: valid
 *        # expect-error: <text>      (one line per error)
 *        # expect-error-at-end       (an error found after the whole program)
 *        # expect-warning: <text>    (one line per warning; with either of
 *                                     the above)
 *    The expected offset of an error or warning is that of the first
 *    occurrence of <text> after the header comment lines, so positions are
 *    written by hand as the offending line's text.  The checker must report
 *    exactly these errors and warnings, each kind in order of position.
 * 2. Unit tests on hand-built IR, for what text cannot express (operand
 *    counts that disagree with the table, bad enum values). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tgsi/tgsi_build.h"
#include "tgsi/tgsi_check.h"
#include "tgsi/tgsi_text_read.h"
#include "read_whole_file.h"

#define CASES_DIR NVGP_SOURCE_DIR "/tests/tgsi_check/cases"

static int cmp_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int cmp_size(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return x < y ? -1 : x > y;
}

enum { MAX_EXPECT = 16 };

/* Runs one case; returns true when the checker did what the header says. */
static bool run_case(const char *name, const char *text, size_t len)
{
    size_t expect[MAX_EXPECT], expect_warn[MAX_EXPECT];
    size_t num_expect = 0, num_warn = 0;
    bool valid = false, header_ok = true;
    const char *p = text;
    /* Header: the leading lines that start with '#'. */
    const char *body = text;
    while (*body == '#') {
        const char *eol = strchr(body, '\n');
        body = eol ? eol + 1 : text + len;
    }
    for (p = text; p < body;) {
        const char *eol = strchr(p, '\n');
        size_t n = (size_t)((eol ? eol : text + len) - p);
        if (n >= 15 && strncmp(p, "# expect: valid", 15) == 0) {
            valid = true;
        } else if (n >= 21 && strncmp(p, "# expect-error-at-end", 21) == 0) {
            expect[num_expect++] = len;
        } else if ((n > 16 && strncmp(p, "# expect-error: ", 16) == 0) ||
                   (n > 18 && strncmp(p, "# expect-warning: ", 18) == 0)) {
            bool warning = p[9] == 'w';
            size_t skip = warning ? 18 : 16;
            char needle[256];
            size_t m = n - skip;
            if (m >= sizeof needle)
                m = sizeof needle - 1;
            memcpy(needle, p + skip, m);
            needle[m] = '\0';
            while (m && (needle[m - 1] == '\r' || needle[m - 1] == ' '))
                needle[--m] = '\0';
            const char *hit = strstr(body, needle);
            if (!hit) {
                fprintf(stderr, "%s: expected text '%s' is not in the program\n", name, needle);
                header_ok = false;
            } else if (warning) {
                expect_warn[num_warn++] = (size_t)(hit - text);
            } else {
                expect[num_expect++] = (size_t)(hit - text);
            }
        }
        if (num_expect == MAX_EXPECT || num_warn == MAX_EXPECT)
            break;
        p = eol ? eol + 1 : text + len;
    }
    if (!header_ok || (valid == (num_expect > 0))) {
        fprintf(stderr, "%s: header must say either '# expect: valid' or '# expect-error...'\n", name);
        return false;
    }
    qsort(expect, num_expect, sizeof expect[0], cmp_size);
    qsort(expect_warn, num_warn, sizeof expect_warn[0], cmp_size);

    nvgp_diag *diag = nvgp_diag_create(name, text, len);
    tgsi_program *prog = nvgp_tgsi_read(text, len, diag);
    if (!prog) {
        fprintf(stderr, "%s: the reader rejects the case:\n", name);
        nvgp_diag_print(diag, stderr);
        nvgp_diag_destroy(diag);
        return false;
    }
    bool ok = nvgp_tgsi_check(prog, diag);
    bool pass = ok == valid;
    size_t errors = 0, warnings = 0;
    nvgp_diag_entry e;
    for (size_t k = 0; nvgp_diag_get(diag, k, &e); k++) {
        if (e.severity == NVGP_SEVERITY_ERROR)
            pass = pass && errors < num_expect && e.offset == expect[errors++];
        else if (e.severity == NVGP_SEVERITY_WARNING)
            pass = pass && warnings < num_warn && e.offset == expect_warn[warnings++];
    }
    pass = pass && errors == num_expect && warnings == num_warn;
    if (getenv("NVGP_CHECK_VERBOSE")) /* to read the messages of passing cases */
        nvgp_diag_print(diag, stderr);
    if (!pass) {
        fprintf(stderr, "%s: expected %zu error(s) at", name, num_expect);
        for (size_t k = 0; k < num_expect; k++)
            fprintf(stderr, " %zu", expect[k]);
        fprintf(stderr, " and %zu warning(s) at", num_warn);
        for (size_t k = 0; k < num_warn; k++)
            fprintf(stderr, " %zu", expect_warn[k]);
        fprintf(stderr, "; the checker said %s with %zu:\n", ok ? "valid" : "invalid",
                nvgp_diag_error_count(diag));
        nvgp_diag_print(diag, stderr);
    }
    nvgp_tgsi_program_destroy(prog);
    nvgp_diag_destroy(diag);
    return pass;
}

static void test_cases(void **state)
{
    (void)state;
    DIR *d = opendir(CASES_DIR);
    assert_non_null(d);
    char *names[1024];
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL && n < 1024) {
        size_t l = strlen(e->d_name);
        if (l > 5 && strcmp(e->d_name + l - 5, ".tgsi") == 0)
        {
            names[n] = malloc(l + 1);
            assert_non_null(names[n]);
            memcpy(names[n++], e->d_name, l + 1);
        }
    }
    closedir(d);
    qsort(names, n, sizeof names[0], cmp_name);
    size_t failed = 0, valid_cases = 0;
    for (size_t k = 0; k < n; k++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", CASES_DIR, names[k]);
        size_t len = 0;
        char *text = read_whole_file(path, &len);
        assert_non_null(text);
        valid_cases += strstr(text, "# expect: valid") == text;
        if (!run_case(names[k], text, len))
            failed++;
        free(text);
        free(names[k]);
    }
    fprintf(stderr, "%zu cases (%zu valid), %zu failed\n", n, valid_cases, failed);
    assert_true(n >= 40);
    assert_int_equal(failed, 0);
}

/* ---- unit tests on built IR --------------------------------------------------- */

static size_t error_count(const tgsi_program *p, long *first)
{
    static const char text[] = "0123456789012345678901234567890123456789";
    nvgp_diag *d = nvgp_diag_create("ir", text, sizeof text - 1);
    nvgp_tgsi_check(p, d);
    size_t n = nvgp_diag_error_count(d);
    if (first)
        *first = nvgp_diag_error_position(d);
    nvgp_diag_destroy(d);
    return n;
}

static tgsi_program *simple_vertex_program(void)
{
    tgsi_builder *b = nvgp_tgsi_builder_create(TGSI_PROCESSOR_VERTEX, NULL);
    tgsi_dst o = nvgp_tgsi_build_output(b, TGSI_SEMANTIC_POSITION, 0);
    nvgp_tgsi_builder_set_source_offset(b, 10);
    nvgp_tgsi_build_ADD(b, o, nvgp_tgsi_build_input(b, TGSI_SEMANTIC_GENERIC, 0), nvgp_tgsi_build_constant(b, 0));
    nvgp_tgsi_builder_set_source_offset(b, 20);
    nvgp_tgsi_build_END(b);
    tgsi_program *p = nvgp_tgsi_builder_finish(b);
    assert_non_null(p);
    return p;
}

static void test_ir_valid_baseline(void **state)
{
    (void)state;
    tgsi_program *p = simple_vertex_program();
    assert_int_equal(error_count(p, NULL), 0);
    assert_true(nvgp_tgsi_check(p, NULL));
    nvgp_tgsi_program_destroy(p);
}

static void test_ir_operand_count(void **state)
{
    (void)state;
    tgsi_program *p = simple_vertex_program();
    p->instructions[0].num_src = 1; /* ADD with one source */
    long first;
    assert_int_equal(error_count(p, &first), 1);
    assert_int_equal(first, 10);
    nvgp_tgsi_program_destroy(p);
}

static void test_ir_bad_enums(void **state)
{
    (void)state;
    tgsi_program *p = simple_vertex_program();
    p->instructions[1].opcode = TGSI_OPCODE_COUNT; /* unknown opcode: and then no END */
    long first;
    assert_int_equal(error_count(p, &first), 2);
    assert_int_equal(first, 20);
    nvgp_tgsi_program_destroy(p);

    p = simple_vertex_program();
    p->instructions[0].src[0].swizzle[2] = 7;
    p->instructions[0].dst[0].reg.file = TGSI_FILE_COUNT;
    assert_int_equal(error_count(p, &first), 2);
    assert_int_equal(first, 10);
    nvgp_tgsi_program_destroy(p);

    p = simple_vertex_program();
    p->declarations[0].semantic_name = TGSI_SEMANTIC_COUNT;
    p->declarations[0].source_offset = 5;
    assert_int_equal(error_count(p, &first), 1);
    assert_int_equal(first, 5);
    nvgp_tgsi_program_destroy(p);
}

static void test_ir_errors_sorted_by_position(void **state)
{
    (void)state;
    /* Instruction items whose offsets run backwards: the report is still
     * ordered by position. */
    tgsi_program *p = simple_vertex_program();
    p->instructions[0].source_offset = 30;
    p->instructions[0].dst[0].writemask = 0;        /* error at 30 */
    p->declarations[1].source_offset = 3;
    p->declarations[1].has_interpolate = true;      /* error at 3: no such mode */
    p->declarations[1].interpolate = TGSI_INTERPOLATE_COUNT;
    static const char text[] = "0123456789012345678901234567890123456789";
    nvgp_diag *d = nvgp_diag_create("ir", text, sizeof text - 1);
    assert_false(nvgp_tgsi_check(p, d));
    assert_int_equal(nvgp_diag_error_count(d), 2);
    nvgp_diag_entry e0, e1;
    assert_true(nvgp_diag_get(d, 0, &e0));
    assert_true(nvgp_diag_get(d, 1, &e1));
    assert_int_equal(e0.offset, 3);
    assert_int_equal(e1.offset, 30);
    nvgp_diag_destroy(d);
    nvgp_tgsi_program_destroy(p);
}

static void test_ir_text_cannot_say(void **state)
{
    (void)state;
    long first;
    /* Empty writemask. */
    tgsi_program *p = simple_vertex_program();
    p->instructions[0].dst[0].writemask = 0;
    assert_int_equal(error_count(p, &first), 1);
    assert_int_equal(first, 10);
    nvgp_tgsi_program_destroy(p);

    /* Texture target, texel offsets, label and memory qualifiers on an ADD. */
    p = simple_vertex_program();
    p->instructions[0].texture = TGSI_TEXTURE_2D;
    p->instructions[0].num_offsets = 1;
    p->instructions[0].offsets[0].file = TGSI_FILE_IMMEDIATE;
    p->instructions[0].has_label = true;
    p->instructions[0].memory_qualifier = TGSI_MEMORY_COHERENT;
    assert_int_equal(error_count(p, &first), 4);
    assert_int_equal(first, 10);
    nvgp_tgsi_program_destroy(p);

    /* Immediates: unknown type, odd word count of a 64-bit type, 0 words. */
    static const struct { uint8_t type, words; } bad[] = {
        { TGSI_IMM_COUNT, 4 }, { TGSI_IMM_FLOAT64, 3 }, { TGSI_IMM_UINT64, 1 }, { TGSI_IMM_FLOAT32, 0 },
    };
    for (unsigned k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        p = simple_vertex_program();
        tgsi_immediate *imm = nvgp_tgsi_add_immediate(p); /* after the instructions... */
        assert_non_null(imm);
        imm->type = bad[k].type;
        imm->num_words = bad[k].words;
        imm->source_offset = 25;
        /* ... so also "immediate after the first instruction", same place. */
        assert_int_equal(error_count(p, &first), 2);
        assert_int_equal(first, 25);
        nvgp_tgsi_program_destroy(p);
    }

    /* Unknown processor and unknown property. */
    p = simple_vertex_program();
    p->processor = TGSI_PROCESSOR_COUNT;
    assert_int_equal(error_count(p, &first), 1);
    assert_int_equal(first, 0);
    nvgp_tgsi_program_destroy(p);
    p = simple_vertex_program();
    tgsi_property_decl *pr = nvgp_tgsi_add_property(p);
    pr->name = TGSI_PROPERTY_COUNT;
    pr->num_data = 1;
    pr->source_offset = 33;
    assert_int_equal(error_count(p, &first), 2); /* and it comes after the instructions */
    assert_int_equal(first, 33);
    nvgp_tgsi_program_destroy(p);
}

static void test_ir_null_program(void **state)
{
    (void)state;
    assert_false(nvgp_tgsi_check(NULL, NULL));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ir_valid_baseline),
        cmocka_unit_test(test_ir_operand_count),
        cmocka_unit_test(test_ir_bad_enums),
        cmocka_unit_test(test_ir_errors_sorted_by_position),
        cmocka_unit_test(test_ir_text_cannot_say),
        cmocka_unit_test(test_ir_null_program),
        cmocka_unit_test(test_cases),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* The library's front door (nvgp.h): language by header, diagnostics out,
 * ownership of the source, TGSI text of a loaded program. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "nvgp.h"
#include "api/program.h"

#include <stdlib.h>
#include <string.h>

static const char valid_vert[] =
    "VERT\n"
    "DCL IN[0]\n"
    "DCL OUT[0], POSITION\n"
    "MOV OUT[0], IN[0]\n"
    "END\n";

/* "VERT\n" is bytes 0-4, "DCL IN[0]\n" 5-14, "DCL OUT[0], POSITION\n"
 * 15-35; line 4 starts at 36 and the unknown opcode after four blanks at 40. */
static const char bad_opcode[] =
    "VERT\n"
    "DCL IN[0]\n"
    "DCL OUT[0], POSITION\n"
    "    BOGUS OUT[0], IN[0]\n"
    "END\n";

static void test_tgsi_program_loads(void **state)
{
    (void)state;
    nvgp_diag *diag = NULL;
    nvgp_program *p = nvgp_program_create("v.tgsi", valid_vert, strlen(valid_vert), &diag);
    assert_non_null(diag);
    assert_non_null(p);
    assert_int_equal(nvgp_diag_error_count(diag), 0);
    assert_int_equal(nvgp_diag_error_position(diag), -1);
    assert_int_equal(nvgp_program_language(p), NVGP_LANGUAGE_TGSI);
    assert_string_equal(nvgp_program_header(p), "VERT");

    char *text = nvgp_program_tgsi_text(p, NVGP_TGSI_STYLE_CANONICAL, diag);
    assert_non_null(text);
    assert_true(strncmp(text, "VERT\n", 5) == 0);
    free(text);
    text = nvgp_program_tgsi_text(p, NVGP_TGSI_STYLE_MESA, NULL);
    assert_non_null(text);
    assert_true(strncmp(text, "VERT\n", 5) == 0);
    free(text);
    assert_int_equal(nvgp_diag_error_count(diag), 0);

    nvgp_program_destroy(p);
    nvgp_diag_destroy(diag);
}

static void test_invalid_program_reports_position(void **state)
{
    (void)state;
    nvgp_diag *diag = NULL;
    nvgp_program *p = nvgp_program_create("bad.tgsi", bad_opcode, strlen(bad_opcode), &diag);
    assert_null(p);
    assert_non_null(diag);
    assert_true(nvgp_diag_error_count(diag) >= 1);
    assert_int_equal(nvgp_diag_error_position(diag), 40);
    nvgp_diag_entry e;
    assert_true(nvgp_diag_get(diag, 0, &e));
    assert_int_equal(e.severity, NVGP_SEVERITY_ERROR);
    assert_int_equal(e.offset, 40);
    assert_int_equal(e.line, 4);
    assert_int_equal(e.column, 5);
    assert_true(strlen(e.message) > 0);
    nvgp_diag_destroy(diag);
}

static void test_diag_out_may_be_null(void **state)
{
    (void)state;
    /* Nothing to free for the caller, valid or not (LeakSanitizer checks). */
    assert_null(nvgp_program_create("bad.tgsi", bad_opcode, strlen(bad_opcode), NULL));
    nvgp_program *p = nvgp_program_create(NULL, valid_vert, strlen(valid_vert), NULL);
    assert_non_null(p);
    nvgp_program_destroy(p);
    nvgp_program_destroy(NULL);
}

static void test_empty_and_null_source_fail(void **state)
{
    (void)state;
    nvgp_diag *diag = NULL;
    assert_null(nvgp_program_create("empty", "", 0, &diag));
    assert_non_null(diag);
    assert_true(nvgp_diag_error_count(diag) >= 1);
    assert_int_equal(nvgp_diag_error_position(diag), 0);
    nvgp_diag_destroy(diag);

    assert_null(nvgp_program_create("null", NULL, 0, &diag));
    assert_non_null(diag);
    assert_true(nvgp_diag_error_count(diag) >= 1);
    nvgp_diag_destroy(diag);
}

/* The length, not a NUL, ends the text: the program without its last
 * newline, followed by bytes the length excludes, loads; with one more byte
 * its last word becomes ENDX and it must fail. */
static void test_length_bounds_the_source(void **state)
{
    (void)state;
    size_t n = strlen(valid_vert) - 1;
    char *buf = malloc(n + 4);
    assert_non_null(buf);
    memcpy(buf, valid_vert, n);
    memcpy(buf + n, "X!\0Z", 4);
    nvgp_program *p = nvgp_program_create("v", buf, n, NULL);
    assert_non_null(p);
    nvgp_program_destroy(p);
    assert_null(nvgp_program_create("v", buf, n + 1, NULL));
    free(buf);
}

/* The program keeps what it needs: the caller's buffer may go away. */
static void test_program_outlives_source(void **state)
{
    (void)state;
    size_t n = strlen(valid_vert);
    char *buf = malloc(n);
    assert_non_null(buf);
    memcpy(buf, valid_vert, n);
    nvgp_program *p = nvgp_program_create("v", buf, n, NULL);
    assert_non_null(p);
    memset(buf, 'Z', n);
    free(buf);
    char *text = nvgp_program_tgsi_text(p, NVGP_TGSI_STYLE_CANONICAL, NULL);
    assert_non_null(text);
    assert_non_null(strstr(text, "MOV OUT[0], IN[0]"));
    free(text);
    nvgp_program_destroy(p);
}

/* `!!` sends a program to the NV/ARB assembler, and a valid ARB vertex
 * program is translated: its TGSI is a vertex program writing a POSITION
 * output, and the binding map names result.position. */
static void test_nv_header_selects_assembler(void **state)
{
    (void)state;
    static const char arb[] =
        "!!ARBvp1.0\n"
        "MOV result.position, vertex.position;\n"
        "END\n";
    nvgp_diag *diag = NULL;
    nvgp_program *p = nvgp_program_create("a.vp", arb, strlen(arb), &diag);
    assert_non_null(diag);
    assert_non_null(p);
    assert_int_equal(nvgp_diag_error_count(diag), 0);
    assert_int_equal(nvgp_program_language(p), NVGP_LANGUAGE_NV);
    assert_string_equal(nvgp_program_header(p), "!!ARBvp1.0");
    assert_non_null(nvgp_program_nv(p));
    assert_non_null(nvgp_program_tgsi(p));
    const nvgp_lower_map *map = nvgp_program_lower_map(p);
    assert_non_null(map);
    assert_non_null(nvgp_lower_map_find(map, NVGP_LOWER_OUTPUT, "result.position"));
    char *text = nvgp_program_tgsi_text(p, NVGP_TGSI_STYLE_CANONICAL, diag);
    assert_non_null(text);
    assert_true(strncmp(text, "VERT\n", 5) == 0);
    assert_non_null(strstr(text, "POSITION"));
    free(text);
    assert_int_equal(nvgp_diag_error_count(diag), 0);
    nvgp_program_destroy(p);
    nvgp_diag_destroy(diag);
}

/* Only the very first bytes decide: `!!` later in a TGSI text (or after a
 * blank) is not an NV header, so the TGSI reader rejects it. */
static void test_bang_bang_later_is_tgsi(void **state)
{
    (void)state;
    static const char text[] = " !!ARBvp1.0\nEND\n";
    nvgp_diag *diag = NULL;
    assert_null(nvgp_program_create("t", text, strlen(text), &diag));
    assert_true(nvgp_diag_error_count(diag) >= 1);
    nvgp_diag_destroy(diag);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tgsi_program_loads),
        cmocka_unit_test(test_invalid_program_reports_position),
        cmocka_unit_test(test_diag_out_may_be_null),
        cmocka_unit_test(test_empty_and_null_source_fail),
        cmocka_unit_test(test_length_bounds_the_source),
        cmocka_unit_test(test_program_outlives_source),
        cmocka_unit_test(test_nv_header_selects_assembler),
        cmocka_unit_test(test_bang_bang_later_is_tgsi),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

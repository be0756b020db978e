/* The library's front door (nvgp.h): language by header, diagnostics out,
 * ownership of the source, TGSI text of a loaded program. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "nvgp.h"
#include "api/program.h"

#include <stdio.h>
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

/* Loads text for target; returns whether it loaded, and the first error's
 * position and message when it did not. */
static bool loads_for(nvgp_target target, const char *text, long *pos, char *msg, size_t msgsz)
{
    nvgp_diag *diag = NULL;
    nvgp_program *p = nvgp_program_create_for(target, "t", text, strlen(text), &diag);
    assert_non_null(diag);
    *pos = nvgp_diag_error_position(diag);
    nvgp_diag_entry e;
    msg[0] = '\0';
    if (!p && nvgp_diag_get(diag, 0, &e))
        snprintf(msg, msgsz, "%s", e.message);
    bool ok = p != NULL;
    nvgp_program_destroy(p);
    nvgp_diag_destroy(diag);
    return ok;
}

/* A program loads only for the target its header (or TGSI processor) opens,
 * as glProgramStringARB/glLoadProgramNV load it for one target: a header of
 * another target fails at offset 0.  NVGP_TARGET_ANY (and
 * nvgp_program_create) take every header. */
static void test_target_must_match_header(void **state)
{
    (void)state;
    static const char arbfp[] = "!!ARBfp1.0\nMOV result.color, fragment.color;\nEND\n";
    static const char arbvp[] = "!!ARBvp1.0\nMOV result.position, vertex.position;\nEND\n";
    static const char vp1[] = "!!VP1.0\nMOV o[HPOS], v[OPOS];\nEND\n";
    static const char vsp[] = "!!VSP1.0\nMOV c[1], c[0];\nEND\n";
    static const char nvgp[] = "!!NVgp4.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\n"
                               "VERTICES_OUT 1;\nEMIT;\nEND\n";
    static const char frag[] = "FRAG\nDCL OUT[0], COLOR\nIMM[0] FLT32 { 1, 0, 0, 1 }\nMOV OUT[0], IMM[0]\nEND\n";
    static const struct {
        nvgp_target target;
        const char *text;
        bool loads;
        const char *message; /* of a failure: the header's own target */
    } cases[] = {
        {NVGP_TARGET_ANY, arbfp, true, NULL},
        {NVGP_TARGET_FRAGMENT, arbfp, true, NULL},
        {NVGP_TARGET_VERTEX, arbfp, false, "'!!ARBfp1.0' opens a fragment program, not a vertex program"},
        {NVGP_TARGET_VERTEX, arbvp, true, NULL},
        {NVGP_TARGET_FRAGMENT, arbvp, false, "vertex program, not a fragment program"},
        {NVGP_TARGET_VERTEX, vp1, true, NULL},
        {NVGP_TARGET_VERTEX_STATE, vp1, false, "not a vertex state program"},
        {NVGP_TARGET_VERTEX_STATE, vsp, true, NULL},
        {NVGP_TARGET_VERTEX, vsp, false, "opens a vertex state program, not a vertex program"},
        {NVGP_TARGET_GEOMETRY, nvgp, true, NULL},
        {NVGP_TARGET_COMPUTE, nvgp, false, "geometry program, not a compute program"},
        {NVGP_TARGET_ANY, frag, true, NULL},
        {NVGP_TARGET_FRAGMENT, frag, true, NULL},
        {NVGP_TARGET_VERTEX, frag, false, "'FRAG' opens a fragment program, not a vertex program"},
        {NVGP_TARGET_TESS_EVALUATION, frag, false, "not a tessellation evaluation program"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        long pos;
        char msg[256];
        bool ok = loads_for(cases[i].target, cases[i].text, &pos, msg, sizeof msg);
        if (ok != cases[i].loads)
            fail_msg("case %zu: expected %s, got %s (%s)", i, cases[i].loads ? "a load" : "a failure",
                     ok ? "a load" : "a failure", msg);
        if (!cases[i].loads) {
            assert_int_equal(pos, 0);
            if (!strstr(msg, cases[i].message))
                fail_msg("case %zu: message '%s' lacks '%s'", i, msg, cases[i].message);
        }
    }
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
        cmocka_unit_test(test_target_must_match_header),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* The assembler's lexer: token kinds and byte offsets on hand-made inputs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "nv/nv_lex.h"

#include <string.h>

/* Lexes s; the tokens are moved into arena a so a test frees them at once. */
static nv_token_list lex(nvgp_arena *a, const char *s)
{
    nv_token_list l;
    assert_true(nvgp_nv_lex(s, strlen(s), &l));
    nv_token *copy = nvgp_arena_alloc(a, l.count * sizeof *copy);
    assert_non_null(copy);
    memcpy(copy, l.tok, l.count * sizeof *copy);
    size_t count = l.count;
    nvgp_nv_token_list_free(&l);
    l.tok = copy;
    l.count = count;
    return l;
}

static void test_header_and_words(void **state)
{
    (void)state;
    nvgp_arena a;
    nvgp_arena_init(&a);
    const char *s = "!!ARBvp1.0\r\nMOV R0.x, c[A0.x+1];# comment\nEND";
    nv_token_list l = lex(&a, s);
    static const uint8_t kinds[] = {NV_TOK_HEADER, NV_TOK_IDENT, NV_TOK_IDENT, NV_TOK_DOT, NV_TOK_IDENT,
                                    NV_TOK_COMMA, NV_TOK_IDENT, NV_TOK_LBRACKET, NV_TOK_IDENT, NV_TOK_DOT,
                                    NV_TOK_IDENT, NV_TOK_PLUS, NV_TOK_NUMBER, NV_TOK_RBRACKET, NV_TOK_SEMI,
                                    NV_TOK_IDENT, NV_TOK_END};
    assert_int_equal(l.count, sizeof kinds);
    for (size_t i = 0; i < l.count; i++)
        assert_int_equal(l.tok[i].kind, kinds[i]);
    assert_int_equal(l.semicolons, 1);
    assert_int_equal(l.tok[0].len, 10);
    assert_int_equal(l.tok[1].offset, 12);              /* after CRLF */
    assert_int_equal(l.tok[15].offset, strlen(s) - 3);  /* END after the comment */
    assert_int_equal(l.tok[16].offset, strlen(s));
    assert_true(l.tok[15].space_before);
    nvgp_arena_destroy(&a);
}

static void test_numbers(void **state)
{
    (void)state;
    nvgp_arena a;
    nvgp_arena_init(&a);
    nv_token_list l = lex(&a, "1 1.5 .25 2e3 1.e-2 0x1F 0XfFfFfFfF 3..5 2D 2DMS 99999999999999999999");
    assert_int_equal(l.tok[0].kind, NV_TOK_NUMBER);
    assert_false(l.tok[0].is_float);
    assert_int_equal(l.tok[0].ival, 1);
    assert_true(l.tok[1].is_float);
    assert_true(l.tok[1].fval == 1.5);
    assert_true(l.tok[2].fval == 0.25);
    assert_true(l.tok[3].is_float && l.tok[3].fval == 2000.0);
    assert_true(l.tok[4].fval == 0.01);
    assert_true(l.tok[5].is_hex);
    assert_int_equal(l.tok[5].ival, 31);
    assert_int_equal(l.tok[6].ival, 0xffffffffu);
    /* "3..5": integer, "..", integer */
    assert_int_equal(l.tok[7].kind, NV_TOK_NUMBER);
    assert_int_equal(l.tok[7].ival, 3);
    assert_int_equal(l.tok[8].kind, NV_TOK_DOTDOT);
    assert_int_equal(l.tok[9].ival, 5);
    assert_int_equal(l.tok[10].kind, NV_TOK_IDENT);
    assert_int_equal(l.tok[10].len, 2);
    assert_int_equal(l.tok[11].kind, NV_TOK_IDENT);
    assert_int_equal(l.tok[11].len, 4);
    assert_true(l.tok[12].overflow);
    /* 10^20 - 1 does not fit 64 bits; as a float it is still about 1e20 */
    assert_false(l.tok[12].is_float);
    assert_true(l.tok[12].fval > 9.9e19 && l.tok[12].fval < 1.01e20);
    nvgp_arena_destroy(&a);
}

static void test_invalid_and_header_only_at_start(void **state)
{
    (void)state;
    nvgp_arena a;
    nvgp_arena_init(&a);
    nv_token_list l = lex(&a, " !!ARBfp1.0 @");
    assert_int_equal(l.tok[0].kind, NV_TOK_INVALID); /* '!' not at offset 0 */
    assert_int_equal(l.tok[0].offset, 1);
    nv_token_list m = lex(&a, "#only a comment");
    assert_int_equal(m.count, 1);
    assert_int_equal(m.tok[0].kind, NV_TOK_END);
    assert_int_equal(m.tok[0].offset, 15);
    nvgp_arena_destroy(&a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_header_and_words),
        cmocka_unit_test(test_numbers),
        cmocka_unit_test(test_invalid_and_header_only_at_start),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

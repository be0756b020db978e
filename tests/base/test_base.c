/* src/base: the arena (alignment, zeroing, large blocks, strndup), the
 * string buffer (growth, printf, take) and diagnostics (line/column with
 * LF, CR LF and CR, first error, error at end, the stored-entry cap, the
 * printed form).  Expected values
 * are worked out by hand from the texts in each test. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/arena.h"
#include "base/diag.h"
#include "base/strbuf.h"

/* Empty copies with NULL pointers are legal calls: no NULL may reach
 * memcpy (UBSan's nonnull check, in the -DNVGP_SANITIZE=ON build). */
static void test_null_empty_copies(void **state)
{
    (void)state;
    nvgp_arena a;
    nvgp_arena_init(&a);
    char *s = nvgp_arena_strndup(&a, NULL, 0);
    assert_non_null(s);
    assert_string_equal(s, "");
    nvgp_arena_destroy(&a);

    nvgp_strbuf b;
    nvgp_strbuf_init(&b);
    nvgp_strbuf_append(&b, NULL, 0);
    nvgp_strbuf_append(&b, "ab", 2);
    nvgp_strbuf_append(&b, NULL, 0);
    assert_int_equal(b.len, 2);
    assert_string_equal(b.data, "ab");
    nvgp_strbuf_free(&b);
}

/* ---- arena ------------------------------------------------------------------- */

static void test_arena_alignment(void **state)
{
    (void)state;
    nvgp_arena a;
    nvgp_arena_init(&a);
    static const size_t sizes[] = { 1, 3, 16, 17, 0, 100, 7 };
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        void *p = nvgp_arena_alloc(&a, sizes[k]);
        assert_non_null(p);
        assert_int_equal((uintptr_t)p % 16, 0);
        void *q = nvgp_arena_alloc_uninit(&a, sizes[k]);
        assert_non_null(q);
        assert_int_equal((uintptr_t)q % 16, 0);
    }
    /* 3 bytes take one 16-byte slot: the next allocation follows it */
    char *x = nvgp_arena_alloc(&a, 3), *y = nvgp_arena_alloc(&a, 1);
    assert_ptr_equal(y, x + 16);
    nvgp_arena_destroy(&a);
    assert_null(a.head);
}

/* Blocks freed after being filled with 0xab are likely handed out again by
 * malloc: nvgp_arena_alloc must clear them, uninit need not. */
static void test_arena_zeroing(void **state)
{
    (void)state;
    enum { N = 8, SIZE = 3000 };
    for (int round = 0; round < 3; round++) {
        nvgp_arena a;
        nvgp_arena_init(&a);
        for (int k = 0; k < N; k++) {
            unsigned char *p = nvgp_arena_alloc_uninit(&a, SIZE);
            assert_non_null(p);
            memset(p, 0xab, SIZE);
        }
        nvgp_arena_destroy(&a);
        nvgp_arena_init(&a);
        for (int k = 0; k < N; k++) {
            unsigned char *p = nvgp_arena_alloc(&a, SIZE);
            assert_non_null(p);
            for (size_t i = 0; i < SIZE; i++)
                assert_int_equal(p[i], 0);
        }
        nvgp_arena_destroy(&a);
    }
}

/* Larger than the first block (16 KiB) and than several doublings of it. */
static void test_arena_large(void **state)
{
    (void)state;
    nvgp_arena a;
    nvgp_arena_init(&a);
    char *small = nvgp_arena_alloc(&a, 10);
    assert_non_null(small);
    memcpy(small, "012345678", 10);
    size_t big = 1u << 20;
    unsigned char *p = nvgp_arena_alloc(&a, big);
    assert_non_null(p);
    assert_int_equal((uintptr_t)p % 16, 0);
    assert_int_equal(p[0], 0);
    assert_int_equal(p[big - 1], 0);
    memset(p, 0x5a, big);
    unsigned char *q = nvgp_arena_alloc_uninit(&a, 3 * big + 5);
    assert_non_null(q);
    memset(q, 0xc3, 3 * big + 5);
    assert_int_equal(p[big - 1], 0x5a);  /* the allocations do not overlap */
    assert_string_equal(small, "012345678");
    char *after = nvgp_arena_alloc(&a, 32);
    assert_non_null(after);
    assert_int_equal(after[31], 0);
    nvgp_arena_destroy(&a);
}

static void test_arena_strndup(void **state)
{
    (void)state;
    nvgp_arena a;
    nvgp_arena_init(&a);
    const char text[] = "hello, world";
    char *s = nvgp_arena_strndup(&a, text, 5);
    assert_non_null(s);
    assert_string_equal(s, "hello");
    assert_ptr_not_equal(s, text);
    char *t = nvgp_arena_strdup(&a, text);
    assert_string_equal(t, "hello, world");
    /* bytes past n are not read: a NUL inside the first n is copied too */
    char *u = nvgp_arena_strndup(&a, "a\0bc", 4);
    assert_int_equal(u[0], 'a');
    assert_int_equal(u[1], '\0');
    assert_int_equal(u[2], 'b');
    assert_int_equal(u[3], 'c');
    assert_int_equal(u[4], '\0');
    nvgp_arena_destroy(&a);
}

/* ---- strbuf ------------------------------------------------------------------ */

static void test_strbuf_growth(void **state)
{
    (void)state;
    nvgp_strbuf b;
    nvgp_strbuf_init(&b);
    for (int i = 0; i < 1000; i++)
        nvgp_strbuf_putc(&b, (char)('a' + i % 26));
    assert_int_equal(b.len, 1000);
    assert_true(b.cap > 1000);
    assert_false(b.failed);
    assert_int_equal(b.data[999], 'a' + 999 % 26);  /* 'l' */
    assert_int_equal(b.data[1000], '\0');
    nvgp_strbuf_clear(&b);
    assert_int_equal(b.len, 0);

    /* printf longer than its 256-byte stack buffer, after some text */
    nvgp_strbuf_puts(&b, "x=");
    nvgp_strbuf_printf(&b, "%0600d|%s", 7, "end");
    assert_int_equal(b.len, 2 + 600 + 4);
    assert_int_equal(b.data[2], '0');
    assert_int_equal(b.data[600], '0');
    assert_int_equal(b.data[601], '7');
    assert_string_equal(b.data + 602, "|end");
    nvgp_strbuf_printf(&b, "%d-%c", 42, 'z');
    assert_string_equal(b.data + 606, "42-z");

    size_t len = 0;
    char *taken = nvgp_strbuf_take(&b, &len);
    assert_non_null(taken);
    assert_int_equal(len, 610);
    assert_int_equal(strlen(taken), 610);
    assert_null(b.data);
    assert_int_equal(b.len, 0);
    free(taken);

    /* take of an empty buffer gives an empty string, not NULL */
    taken = nvgp_strbuf_take(&b, &len);
    assert_non_null(taken);
    assert_int_equal(len, 0);
    assert_string_equal(taken, "");
    free(taken);
}

/* ---- diag -------------------------------------------------------------------- */

/* "ab\ncd\r\nef\rgh": offsets a0 b1 LF2 c3 d4 CR5 LF6 e7 f8 CR9 g10 h11,
 * length 12.  LF, CR LF and a lone CR each end one line. */
static void test_diag_locate(void **state)
{
    (void)state;
    static const char src[] = "ab\ncd\r\nef\rgh";
    nvgp_diag *d = nvgp_diag_create("t", src, sizeof src - 1);
    assert_non_null(d);
    static const struct { size_t off; unsigned line, col; } want[] = {
        { 0, 1, 1 },  { 1, 1, 2 },  { 2, 1, 3 },   /* the LF is on line 1 */
        { 3, 2, 1 },  { 4, 2, 2 },  { 5, 2, 3 },   /* the CR of CR LF */
        { 6, 2, 4 },                               /* its LF: still line 2 */
        { 7, 3, 1 },  { 8, 3, 2 },  { 9, 3, 3 },   /* the lone CR */
        { 10, 4, 1 }, { 11, 4, 2 }, { 12, 4, 3 },  /* the end */
        { 500, 4, 3 },                             /* past the end: the end */
    };
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        unsigned line = 0, col = 0;
        nvgp_diag_locate(d, want[k].off, &line, &col);
        assert_int_equal(line, want[k].line);
        assert_int_equal(col, want[k].col);
    }
    nvgp_diag_destroy(d);
}

static void test_diag_positions_and_cap(void **state)
{
    (void)state;
    static const char src[] = "ab\ncd\r\nef\rgh";
    nvgp_diag *d = nvgp_diag_create("t", src, sizeof src - 1);
    assert_int_equal(nvgp_diag_error_position(d), -1);
    nvgp_diag_report(d, NVGP_SEVERITY_WARNING, 1, "a warning");
    assert_int_equal(nvgp_diag_error_position(d), -1);
    nvgp_diag_error(d, 8, "first");
    nvgp_diag_error(d, 3, "second, earlier in the text");
    assert_int_equal(nvgp_diag_error_position(d), 8);
    assert_int_equal(nvgp_diag_error_count(d), 2);
    assert_int_equal(nvgp_diag_count(d), 3);
    nvgp_diag_entry e;
    assert_true(nvgp_diag_get(d, 1, &e));
    assert_int_equal(e.offset, 8);
    assert_int_equal(e.line, 3);
    assert_int_equal(e.column, 2);
    assert_string_equal(e.message, "first");
    nvgp_diag_destroy(d);

    d = nvgp_diag_create("t", src, sizeof src - 1);
    nvgp_diag_error_at_end(d, "missing %s", "END");
    assert_int_equal(nvgp_diag_error_position(d), 12);
    assert_true(nvgp_diag_get(d, 0, &e));
    assert_int_equal(e.offset, 12);
    assert_int_equal(e.line, 4);
    assert_int_equal(e.column, 3);
    assert_string_equal(e.message, "missing END");
    /* past the cap errors are counted, not stored */
    for (int k = 1; k < NVGP_DIAG_MAX_STORED + 6; k++)
        nvgp_diag_error(d, 0, "error %d", k);
    assert_int_equal(nvgp_diag_error_count(d), NVGP_DIAG_MAX_STORED + 6);
    assert_int_equal(nvgp_diag_count(d), NVGP_DIAG_MAX_STORED);
    assert_true(nvgp_diag_get(d, NVGP_DIAG_MAX_STORED - 1, &e));
    assert_string_equal(e.message, "error 63");
    assert_false(nvgp_diag_get(d, NVGP_DIAG_MAX_STORED, &e));
    assert_int_equal(nvgp_diag_error_position(d), 12);
    nvgp_diag_destroy(d);
}

static char *print_to_string(const nvgp_diag *d)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    nvgp_diag_print(d, f);
    long n = ftell(f);
    assert_true(n >= 0);
    rewind(f);
    char *s = calloc((size_t)n + 1, 1);
    assert_non_null(s);
    assert_int_equal(fread(s, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    return s;
}

/* Line 2 is "\tADD R0, x;" starting at offset 12; x is at 21, column 10.
 * The caret line repeats the tab so the caret lines up, then 8 spaces. */
static void test_diag_print(void **state)
{
    (void)state;
    static const char src[] = "MOV R0, R1;\n\tADD R0, x;\nEND\n";
    nvgp_diag *d = nvgp_diag_create("prog.txt", src, sizeof src - 1);
    nvgp_diag_error(d, 21, "unknown operand '%s'", "x");
    char *out = print_to_string(d);
    assert_string_equal(out, "prog.txt:2:10: error: unknown operand 'x'\n"
                             "    \tADD R0, x;\n"
                             "    \t        ^\n");
    free(out);
    nvgp_diag_destroy(d);
}

/* Bytes that are not characters are shown as \xNN in messages and source
 * lines: a NUL does not end the message, 0xff and a lone continuation byte
 * are not written raw, a well-formed "é" (c3 a9) is kept and takes one
 * column.  Line 1 is "é\0\xffQ": Q is at offset 4, byte column 5; the
 * caret goes under it after the 1 + 4 + 4 columns that é, \x00 and \xff
 * take when shown, past the 4 of the indent: 13 blanks. */
static void test_diag_escapes(void **state)
{
    (void)state;
    static const char src[] = "\xc3\xa9\0\xffQ\n";
    nvgp_diag *d = nvgp_diag_create("b", src, sizeof src - 1);
    nvgp_diag_error(d, 4, "bad '%c' or '%c' or '%s' or '%s'", 0, 0xff, "\x80", "\xc3\xa9");
    nvgp_diag_entry e;
    assert_true(nvgp_diag_get(d, 0, &e));
    assert_string_equal(e.message, "bad '\\x00' or '\\xff' or '\\x80' or '\xc3\xa9'");
    assert_int_equal(e.column, 5);
    char *out = print_to_string(d);
    assert_string_equal(out, "b:1:5: error: bad '\\x00' or '\\xff' or '\\x80' or '\xc3\xa9'\n"
                             "    \xc3\xa9\\x00\\xffQ\n"
                             "             ^\n");
    free(out);
    nvgp_diag_destroy(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_null_empty_copies),
        cmocka_unit_test(test_arena_alignment),
        cmocka_unit_test(test_arena_zeroing),
        cmocka_unit_test(test_arena_large),
        cmocka_unit_test(test_arena_strndup),
        cmocka_unit_test(test_strbuf_growth),
        cmocka_unit_test(test_diag_locate),
        cmocka_unit_test(test_diag_positions_and_cap),
        cmocka_unit_test(test_diag_print),
        cmocka_unit_test(test_diag_escapes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* src/base: the arena, the string buffer and diagnostics.  Expected values
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_null_empty_copies),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

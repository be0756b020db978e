/* docs/limits.md and src/nv/nv_limits.def describe the same limits: every row
 * of the table in the page matches the row of the .def with the same ID
 * (value, query, spec minimum, source and origin), both list the same IDs,
 * a row is marked *chosen* exactly when its origin says "chosen", and no
 * value is below the spec minimum (above it for the MIN_ offsets). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read_whole_file.h"

typedef struct limit_row {
    const char *id;
    long value;
    const char *query;
    long minimum;
    const char *source;
    const char *origin;
} limit_row;

static const limit_row def_rows[] = {
#define NV_LIMIT(id, value, query, minimum, source, origin) {#id, value, query, minimum, source, origin},
#include "nv/nv_limits.def"
#undef NV_LIMIT
};
enum { NDEF = sizeof def_rows / sizeof def_rows[0] };

/* Splits a table line "| a | b | ... |" into trimmed cells (in place). */
static int split_cells(char *line, char **cell, int max)
{
    int n = 0;
    char *p = strchr(line, '|');
    while (p && n < max) {
        char *q = strchr(p + 1, '|');
        if (!q)
            break;
        *q = 0;
        char *a = p + 1, *b = q;
        while (*a == ' ')
            a++;
        while (b > a && b[-1] == ' ')
            b--;
        *b = 0;
        cell[n++] = a;
        p = q;
    }
    return n;
}

/* Removes one pair of backquotes around s, if there. */
static const char *unquote(char *s)
{
    size_t n = strlen(s);
    if (n >= 2 && s[0] == '`' && s[n - 1] == '`') {
        s[n - 1] = 0;
        return s + 1;
    }
    return s;
}

static void test_doc_matches_def(void **state)
{
    (void)state;
    char *doc = read_whole_file(NVGP_SOURCE_DIR "/docs/limits.md", NULL);
    assert_non_null(doc);
    bool seen[NDEF] = {false};
    int rows = 0;
    for (char *line = strtok(doc, "\n"); line; line = strtok(NULL, "\n")) {
        if (strncmp(line, "| `", 3) != 0)
            continue;
        char *cell[8];
        assert_int_equal(split_cells(line, cell, 8), 6);
        const char *id = unquote(cell[0]);
        int k = -1;
        for (int i = 0; i < NDEF; i++)
            if (!strcmp(def_rows[i].id, id))
                k = i;
        if (k < 0)
            fail_msg("docs/limits.md lists %s, which nv_limits.def does not have", id);
        assert_false(seen[k]);
        seen[k] = true;
        rows++;
        const limit_row *r = &def_rows[k];
        bool chosen = strstr(cell[1], "*chosen*") != NULL;
        char *end;
        long value = strtol(cell[1], &end, 10);
        if (value != r->value || strtol(cell[3], NULL, 10) != r->minimum || strcmp(unquote(cell[2]), r->query) ||
            strcmp(cell[4], r->source) || strcmp(cell[5], r->origin))
            fail_msg("docs/limits.md row %s differs from nv_limits.def", id);
        if (chosen != (strncmp(r->origin, "chosen", 6) == 0))
            fail_msg("%s: marked *chosen* in the page but its origin is \"%s\" (or the reverse)", id, r->origin);
    }
    assert_int_equal(rows, NDEF);
    free(doc);
}

static void test_values_respect_spec_minimums(void **state)
{
    (void)state;
    for (int i = 0; i < NDEF; i++) {
        const limit_row *r = &def_rows[i];
        bool lower_bound = strstr(r->id, "_MIN") != NULL && r->minimum < 0;
        if (lower_bound ? r->value > r->minimum : r->value < r->minimum)
            fail_msg("%s = %ld is beyond the spec minimum %ld", r->id, r->value, r->minimum);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_doc_matches_def),
        cmocka_unit_test(test_values_respect_spec_minimums),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

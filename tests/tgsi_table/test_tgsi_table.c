/* The opcode table against tgsi.rst: every opcode the specification
 * defines (its `.. opcode::` entries, kept as tgsi_rst_opcodes.txt) is a row
 * without EXTRA/LEGACY, and every such row is one of them.  When the shared
 * folder is present the names are also re-extracted from the live tgsi.rst
 * and compared with the data file.  Also: the opcode name lookup. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tgsi/tgsi_info.h"

enum { MAX_NAMES = 1024, MAX_NAME = 64 };

typedef struct name_list {
    char names[MAX_NAMES][MAX_NAME];
    int count;
} name_list;

static bool contains(const name_list *l, const char *s)
{
    for (int i = 0; i < l->count; i++)
        if (!strcmp(l->names[i], s))
            return true;
    return false;
}

static void add_name(name_list *l, const char *s, size_t n)
{
    while (n && (*s == ' ' || *s == '\t')) {
        s++;
        n--;
    }
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r' || s[n - 1] == '\n'))
        n--;
    if (!n)
        return;
    assert_true(n < MAX_NAME);
    assert_true(l->count < MAX_NAMES);
    memcpy(l->names[l->count], s, n);
    l->names[l->count][n] = '\0';
    l->count++;
}

/* tgsi_rst_opcodes.txt: one name per line, '#' comments. */
static void load_data_file(name_list *l)
{
    FILE *f = fopen(NVGP_SOURCE_DIR "/tests/tgsi_table/tgsi_rst_opcodes.txt", "r");
    assert_non_null(f);
    char line[256];
    l->count = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#')
            continue;
        add_name(l, line, strlen(line));
    }
    fclose(f);
}

/* `.. opcode:: A, B - Title` lines: the names before " - ", split at ','. */
static bool extract_from_rst(name_list *l)
{
    FILE *f = fopen(NVGP_SHARED_DIR "/spec/seeds/tgsi.rst", "r");
    if (!f)
        return false;
    static const char tag[] = ".. opcode::";
    char line[1024];
    l->count = 0;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, tag, sizeof tag - 1) != 0)
            continue;
        char *s = line + sizeof tag - 1;
        char *dash = strstr(s, " - ");
        if (dash)
            *dash = '\0';
        for (char *comma; (comma = strchr(s, ',')) != NULL; s = comma + 1)
            add_name(l, s, (size_t)(comma - s));
        add_name(l, s, strlen(s));
    }
    fclose(f);
    return true;
}

static void test_data_file_sane(void **state)
{
    (void)state;
    static name_list l;
    load_data_file(&l);
    /* tgsi.rst has 238 `.. opcode::` lines, two of which name two opcodes. */
    assert_int_equal(l.count, 240);
    assert_true(contains(&l, "DDX") && contains(&l, "DDX_FINE"));
    assert_true(contains(&l, "DDY") && contains(&l, "DDY_FINE"));
    for (int i = 0; i < l.count; i++)
        for (int j = i + 1; j < l.count; j++)
            assert_string_not_equal(l.names[i], l.names[j]);
}

static void test_every_rst_opcode_is_a_core_row(void **state)
{
    (void)state;
    static name_list l;
    load_data_file(&l);
    int missing = 0;
    for (int i = 0; i < l.count; i++) {
        tgsi_opcode op = nvgp_tgsi_opcode_lookup(l.names[i], strlen(l.names[i]));
        if (op == TGSI_OPCODE_COUNT) {
            printf("  tgsi.rst opcode %s is not in tgsi_opcodes.def\n", l.names[i]);
            missing++;
            continue;
        }
        uint16_t flags = nvgp_tgsi_opcode_info(op)->flags;
        if (flags & (TGSI_OPF_EXTRA | TGSI_OPF_LEGACY)) {
            printf("  tgsi.rst opcode %s is marked EXTRA or LEGACY\n", l.names[i]);
            missing++;
        }
    }
    assert_int_equal(missing, 0);
}

static void test_every_core_row_is_in_rst(void **state)
{
    (void)state;
    static name_list l;
    load_data_file(&l);
    int extra = 0, core = 0;
    for (unsigned op = 0; op < TGSI_OPCODE_COUNT; op++) {
        const tgsi_opcode_info *info = nvgp_tgsi_opcode_info(op);
        if (info->flags & (TGSI_OPF_EXTRA | TGSI_OPF_LEGACY))
            continue;
        core++;
        if (!contains(&l, info->name)) {
            printf("  row %s is neither in tgsi.rst nor marked EXTRA/LEGACY\n", info->name);
            extra++;
        }
    }
    assert_int_equal(extra, 0);
    assert_int_equal(core, l.count);
}

static void test_data_file_matches_live_rst(void **state)
{
    (void)state;
    static name_list data, live;
    load_data_file(&data);
    if (!extract_from_rst(&live)) {
        printf("  shared/spec/seeds/tgsi.rst not present: comparison not run\n");
        skip();
    }
    assert_int_equal(live.count, data.count);
    for (int i = 0; i < live.count; i++)
        assert_string_equal(live.names[i], data.names[i]);
}

static void test_lookup_every_row(void **state)
{
    (void)state;
    for (unsigned op = 0; op < TGSI_OPCODE_COUNT; op++) {
        const char *name = nvgp_tgsi_opcode_info(op)->name;
        assert_int_equal(nvgp_tgsi_opcode_lookup(name, strlen(name)), op);
        /* The length is honoured: a prefix of a name is not that name. */
        size_t n = strlen(name);
        if (n > 1) {
            tgsi_opcode p = nvgp_tgsi_opcode_lookup(name, n - 1);
            assert_true(p == TGSI_OPCODE_COUNT || strlen(nvgp_tgsi_opcode_info(p)->name) == n - 1);
        }
    }
}

static void test_lookup_non_names(void **state)
{
    (void)state;
    static const char *const bad[] = { "", "FOO", "mov", "MOVE", "MOV_SAT", "DCL", "IMM",
                                       "PROPERTY", "TEX ", " TEX", "ADD\n", "\xff\xfe" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(nvgp_tgsi_opcode_lookup(bad[i], strlen(bad[i])), TGSI_OPCODE_COUNT);
    /* Not NUL-terminated: only len bytes count. */
    assert_int_equal(nvgp_tgsi_opcode_lookup("MOVX", 3), TGSI_OPCODE_MOV);
    assert_int_equal(nvgp_tgsi_opcode_lookup("ADDRESS", 3), TGSI_OPCODE_ADD);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_data_file_sane),
        cmocka_unit_test(test_every_rst_opcode_is_a_core_row),
        cmocka_unit_test(test_every_core_row_is_in_rst),
        cmocka_unit_test(test_data_file_matches_live_rst),
        cmocka_unit_test(test_lookup_every_row),
        cmocka_unit_test(test_lookup_non_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* The instruction table (src/nv/nv_opcodes.def) against the specs:
 *  - every row of NV_gpu_program5's Table X.13, and of the tables the
 *    option and program-type extensions add to it (NV_shader_thread_group,
 *    NV_shader_thread_shuffle, NV_compute_program5,
 *    NV_shader_storage_buffer_object, NV_shader_atomic_counters,
 *    EXT_shader_image_load_store, ARB_shader_subroutine,
 *    ARB_shader_texture_image_samples), read from the spec text, matches
 *    the row's V, modifier, output and input columns, and every 4.0/5.0 row
 *    of the table comes from one of those spec tables;
 *  - each old language's instruction set, read from the instruction
 *    headings of its spec ("2.14.5.1  ABS: ..."), equals the set of rows
 *    carrying its availability bit;
 *  - the rows are sorted, so the binary-search lookup finds every name.
 * NV_shader_thread_group's and NV_shader_thread_shuffle's rows have seven
 * modifier entries under six headings; the test reads the first five and
 * the last (the D column), the reading under which the other columns agree
 * with the instruction descriptions. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "nv/nv_opcodes.h"
#include "read_whole_file.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define SPEC NVGP_SHARED_DIR "/spec"

static int split(char *line, char **tok, int max)
{
    int n = 0;
    for (char *p = strtok(line, " \t\r"); p && n < max; p = strtok(NULL, " \t\r"))
        tok[n++] = p;
    return n;
}

static bool is_dash_line(const char *l, size_t len)
{
    bool any = false;
    for (size_t i = 0; i < len; i++) {
        if (l[i] == '-')
            any = true;
        else if (l[i] != ' ' && l[i] != '\t' && l[i] != '\r')
            return false;
    }
    return any;
}

static bool seen_gp5[NV_OP_COUNT];
static bool seen_any[NV_OP_COUNT];
static int mismatches, rows_checked;

/* Reads the instruction tables of one spec file (only the first table when
 * first_only) and checks each row.  gp5: the file is NV_gpu_program5. */
static void check_tables(const char *file, bool first_only, bool gp5)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", SPEC, file);
    char *text = read_whole_file(path, NULL);
    assert_non_null(text);
    char *prev = NULL;
    bool in_table = false, has_v = false;
    int tables = 0;
    for (char *line = text; line && *line;) {
        char *nl = strchr(line, '\n');
        size_t len = nl ? (size_t)(nl - line) : strlen(line);
        char buf[512];
        size_t n = len < sizeof buf - 1 ? len : sizeof buf - 1;
        memcpy(buf, line, n);
        buf[n] = 0;
        if (!in_table) {
            if (prev && is_dash_line(buf, n) && strstr(prev, "Out") && strstr(prev, "Input") &&
                (!first_only || tables == 0)) {
                in_table = true;
                has_v = strstr(prev, " V ") != NULL;
                tables++;
            }
            free(prev);
            prev = strdup(buf);
        } else {
            char *tok[16];
            int nt = split(buf, tok, 16);
            if (nt == 0) {
                in_table = false;
            } else if (strcmp(tok[0], "...") != 0) {
                int op = nvgp_nv_opcode_lookup(tok[0], strlen(tok[0]));
                if (op < 0) {
                    printf("%s: %s is not in the table\n", file, tok[0]);
                    mismatches++;
                } else if (!(seen_gp5[op] && !gp5)) {
                    const nv_opcode_info *info = nvgp_nv_opcode_info((nv_opcode)op);
                    int k = 1;
                    int v = 0;
                    if (has_v)
                        v = atoi(tok[k++]);
                    /* Six modifier columns, seven in the tables that repeat
                     * one (the seventh is then the D column: F, S or U,
                     * which no Out column is). */
                    int m0 = k;
                    int nm = 6;
                    if (m0 + 6 < nt && strlen(tok[m0 + 6]) == 1 && strchr("FSU", tok[m0 + 6][0]))
                        nm = 7;
                    k = m0 + nm;
                    char mods[7] = "";
                    if (nm == 6 || nm == 7) {
                        for (int i = 0; i < 5; i++)
                            mods[i] = tok[m0 + i][0];
                        mods[5] = tok[m0 + nm - 1][0];
                        mods[6] = 0;
                    }
                    const char *out = k < nt ? tok[k] : "";
                    const char *in = k + 1 < nt ? tok[k + 1] : "";
                    rows_checked++;
                    if ((has_v && v != info->isa) || strcmp(mods, info->mods) || strcmp(out, info->out) ||
                        strcmp(in, info->in)) {
                        printf("%s: row %s: spec V=%d mods=%s out=%s in=%s; table V=%d mods=%s out=%s in=%s\n", file,
                               tok[0], v, mods, out, in, info->isa, info->mods, info->out, info->in);
                        mismatches++;
                    }
                    if (gp5)
                        seen_gp5[op] = true;
                    seen_any[op] = true;
                }
            }
        }
        line = nl ? nl + 1 : NULL;
    }
    free(prev);
    free(text);
    assert_true(tables > 0);
}

static void test_table_x13(void **state)
{
    (void)state;
    check_tables("seeds/NV_gpu_program5.txt", true, true);
    check_tables("seeds/NV_shader_thread_group.txt", false, false);
    check_tables("base/NV_shader_thread_shuffle.txt", false, false);
    check_tables("base/NV_compute_program5.txt", false, false);
    check_tables("base/NV_shader_storage_buffer_object.txt", false, false);
    check_tables("base/NV_shader_atomic_counters.txt", false, false);
    check_tables("base/EXT_shader_image_load_store.txt", false, false);
    check_tables("base/ARB_shader_subroutine.txt", false, false);
    check_tables("base/ARB_shader_texture_image_samples.txt", false, false);
    check_tables("base/ARB_shader_image_size.txt", false, false);
    check_tables("base/NV_fragment_shader_interlock.txt", false, false);
    int gp5_rows = 0;
    for (int op = 0; op < NV_OP_COUNT; op++) {
        const nv_opcode_info *info = nvgp_nv_opcode_info((nv_opcode)op);
        gp5_rows += seen_gp5[op];
        if (info->isa && !seen_any[op]) {
            printf("row %s has V=%d but is in no spec table\n", info->name, info->isa);
            mismatches++;
        }
    }
    printf("Table X.13: %d rows checked, %d from NV_gpu_program5, %d mismatches\n", rows_checked, gp5_rows,
           mismatches);
    /* MAP.md: NV_gpu_program5's table has 109 opcodes. */
    assert_int_equal(gp5_rows, 109);
    assert_int_equal(mismatches, 0);
}

/* Opcode names of instruction headings "<prefix>N[,] NAME:" in a spec. */
static int heading_ops(const char *file, const char *const *prefixes, bool *set)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", SPEC, file);
    char *text = read_whole_file(path, NULL);
    assert_non_null(text);
    int count = 0;
    for (char *line = text; line && *line;) {
        char *nl = strchr(line, '\n');
        char *p = line;
        while (*p == ' ' || *p == '"')
            p++;
        if (!strncmp(p, "Add ", 4))
            p += 4;
        if (!strncmp(p, "Section ", 8))
            p += 8;
        for (const char *const *pre = prefixes; *pre; pre++) {
            size_t pl = strlen(*pre);
            if (strncmp(p, *pre, pl) || !isdigit((unsigned char)p[pl]))
                continue;
            char *q = p + pl;
            while (isdigit((unsigned char)*q))
                q++;
            if (*q == ',')
                q++;
            if (*q != ' ')
                continue;
            while (*q == ' ')
                q++;
            char *name = q;
            while (isupper((unsigned char)*q) || isdigit((unsigned char)*q))
                q++;
            if (*q != ':' || q == name)
                continue;
            int op = nvgp_nv_opcode_lookup(name, (size_t)(q - name));
            if (op < 0) {
                printf("%s: heading names unknown opcode %.*s\n", file, (int)(q - name), name);
                mismatches++;
            } else if (!set[op]) {
                set[op] = true;
                count++;
            }
        }
        line = nl ? nl + 1 : NULL;
    }
    free(text);
    return count;
}

static void expect_set(const char *what, const bool *set, uint16_t bit)
{
    for (int op = 0; op < NV_OP_COUNT; op++) {
        const nv_opcode_info *info = nvgp_nv_opcode_info((nv_opcode)op);
        bool has = (info->langs & bit) != 0;
        if (has != set[op]) {
            printf("%s: %s is %s the spec's instruction set but %s the table's\n", what, info->name,
                   set[op] ? "in" : "not in", has ? "in" : "not in");
            mismatches++;
        }
    }
}

static void test_old_language_sets(void **state)
{
    (void)state;
    mismatches = 0;
    static const char *const p2145[] = {"2.14.5.", NULL};
    static const char *const p2143[] = {"2.14.3.", NULL};
    static const char *const pvp1[] = {"2.14.1.10.", NULL};
    static const char *const pfp[] = {"3.11.5.", "3.11.6.", "3.11.X.", NULL};
    bool s[NV_OP_COUNT];

    memset(s, 0, sizeof s);
    assert_int_equal(heading_ops("base/ARB_vertex_program.txt", p2145, s), 27);
    expect_set("ARBvp1.0", s, NV_L_ARBVP);
    memset(s, 0, sizeof s);
    assert_int_equal(heading_ops("base/NV_vertex_program2_option.txt", p2145, s), 15);
    expect_set("ARBvp1.0 + NV_vertex_program2", s, NV_L_ARBVP_NV2);
    memset(s, 0, sizeof s);
    assert_int_equal(heading_ops("base/NV_vertex_program3.txt", p2145, s), 6);
    expect_set("ARBvp1.0 + NV_vertex_program3", s, NV_L_ARBVP_NV3);
    memset(s, 0, sizeof s);
    assert_int_equal(heading_ops("base/ARB_fragment_program.txt", pfp, s), 33);
    expect_set("ARBfp1.0", s, NV_L_ARBFP);
    memset(s, 0, sizeof s);
    assert_int_equal(heading_ops("base/NV_fragment_program_option.txt", pfp, s), 19);
    expect_set("ARBfp1.0 + NV_fragment_program", s, NV_L_ARBFP_NV);
    memset(s, 0, sizeof s);
    assert_int_equal(heading_ops("base/NV_fragment_program2.txt", pfp, s), 15);
    expect_set("ARBfp1.0 + NV_fragment_program2", s, NV_L_ARBFP_NV2);
    memset(s, 0, sizeof s);
    assert_int_equal(heading_ops("seeds/NV_vertex_program2.txt", p2143, s), 39);
    expect_set("VP2.0", s, NV_L_VP20);
    memset(s, 0, sizeof s);
    assert_int_equal(heading_ops("base/NV_vertex_program.txt", pvp1, s), 17);
    expect_set("VP1.0", s, NV_L_VP10);
    expect_set("VSP1.0", s, NV_L_VSP10);
    assert_int_equal(heading_ops("base/NV_vertex_program1_1.txt", pvp1, s), 4);
    expect_set("VP1.1", s, NV_L_VP11);
    memset(s, 0, sizeof s);
    assert_int_equal(heading_ops("base/NV_fragment_program.txt", pfp, s), 45);
    expect_set("FP1.0", s, NV_L_FP10);
    assert_int_equal(mismatches, 0);
}

static void test_sorted_and_lookup(void **state)
{
    (void)state;
    for (int op = 0; op < NV_OP_COUNT; op++) {
        const nv_opcode_info *info = nvgp_nv_opcode_info((nv_opcode)op);
        if (op > 0)
            assert_true(strcmp(nvgp_nv_opcode_info((nv_opcode)(op - 1))->name, info->name) < 0);
        assert_int_equal(nvgp_nv_opcode_lookup(info->name, strlen(info->name)), op);
        assert_true(strlen(info->mods) == 6);
    }
    assert_int_equal(nvgp_nv_opcode_lookup("MOVX", 4), -1);
    assert_int_equal(nvgp_nv_opcode_lookup("MO", 2), -1);
    assert_int_equal(nvgp_nv_option_lookup("NV_shader_thread_group", 22), NV_OPTION_NV_shader_thread_group);
    assert_int_equal(nvgp_nv_option_lookup("NV_bogus", 8), NV_OPTION_NONE);
}

int main(void)
{
    struct stat st;
    if (stat(SPEC, &st) != 0)
        return 77;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sorted_and_lookup),
        cmocka_unit_test(test_table_x13),
        cmocka_unit_test(test_old_language_sets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* What the assembler records for declarations and accesses whose meaning
 * lies in the IR rather than in load/fail (tests/spec covers those): the
 * locations of SUBROUTINE array elements, the extent of STORAGE arrays,
 * vertex.tesscoord as a plain variable, and texture units of relative
 * TEXTURE/IMAGE accesses.  Each program is also printed and assembled again
 * to check that the printer keeps what is checked. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "base/diag.h"
#include "base/strbuf.h"
#include "nv/nv_assemble.h"
#include "nv/nv_ir.h"
#include "nv/nv_limits.h"
#include "nv/nv_print.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static nv_program *assemble(const char *src)
{
    nvgp_diag *d = nvgp_diag_create("test", src, strlen(src));
    nv_program *p = nvgp_nv_assemble(src, strlen(src), d);
    if (!p)
        nvgp_diag_print(d, stderr);
    nvgp_diag_destroy(d);
    assert_non_null(p);
    return p;
}

/* The program printed and assembled again. */
static nv_program *reassemble(const nv_program *p)
{
    nvgp_strbuf sb;
    nvgp_strbuf_init(&sb);
    assert_true(nvgp_nv_print(p, &sb));
    char *text = nvgp_strbuf_take(&sb, NULL);
    nvgp_strbuf_free(&sb);
    nv_program *q = assemble(text);
    free(text);
    return q;
}

static const nv_var *find_var(const nv_program *p, const char *name)
{
    for (uint32_t i = 0; i < p->nvars; i++)
        if (!strcmp(p->vars[i].name, name))
            return &p->vars[i];
    fail_msg("no variable %s", name);
    return NULL;
}

/* ARB_shader_subroutine: a SUBROUTINE array's elements are the listed
 * program.subroutine[n] locations in order: { [3], [0..1], [7] } holds
 * locations 3, 0, 1, 7 (not 3, 4, 5, 6). */
static void check_subroutine_array(const nv_program *p)
{
    const nv_var *g = find_var(p, "g");
    assert_true(g->is_array);
    assert_int_equal(g->array_size, 4);
    assert_int_equal(g->nbindings, 3);
    assert_int_equal(g->bindings[0].index, 3);
    assert_int_equal(g->bindings[0].count, 1);
    assert_int_equal(g->bindings[1].index, 0);
    assert_int_equal(g->bindings[1].count, 2);
    assert_int_equal(g->bindings[2].index, 7);
    assert_int_equal(g->bindings[2].count, 1);
    const nv_var *f = find_var(p, "f");
    assert_false(f->is_array);
    assert_int_equal(f->nbindings, 1);
    assert_int_equal(f->bindings[0].index, 5);
}

static void test_subroutine_array_locations(void **state)
{
    (void)state;
    nv_program *p = assemble("!!NVvp5.0\nSUBROUTINETYPE Op { a, b };\n"
                             "SUBROUTINE Op f = program.subroutine[5];\n"
                             "SUBROUTINE Op g[] = { program.subroutine[3], program.subroutine[0..1], "
                             "program.subroutine[7] };\n"
                             "INT TEMP i;\nCALI g[i.x];\nCALI f;\nMOV result.position, 0;\nRET;\n"
                             "a SUBROUTINENUM(1):\nRET;\nb SUBROUTINENUM(2):\nRET;\nEND\n");
    check_subroutine_array(p);
    nv_program *q = reassemble(p);
    check_subroutine_array(q);
    nvgp_nv_program_destroy(q);
    nvgp_nv_program_destroy(p);
}

/* NV_shader_storage_buffer_object: program.storage[a] in an array is the
 * whole buffer (declared size, else unsized); several binding points make
 * an array over the points. */
static void check_storage(const nv_program *p)
{
    const nv_var *s = find_var(p, "s"), *t = find_var(p, "t"), *r = find_var(p, "r");
    assert_true(s->is_array);
    assert_int_equal(s->array_size, 0);
    assert_int_equal(s->bindings[0].index, 2);
    assert_int_equal(s->bindings[0].count, 0); /* the whole buffer */
    assert_int_equal(t->array_size, 64);
    assert_int_equal(t->bindings[0].index, 3);
    assert_int_equal(t->bindings[0].count, 0);
    /* over binding points 4..6: r[point][byte] */
    assert_int_equal(r->array_size, 3);
    assert_int_equal(r->bindings[0].index, 4);
    assert_int_equal(r->bindings[0].points, 3);
    assert_int_equal(r->elements, NV_LIMIT_STORAGE_BLOCK_SIZE);
    assert_true(p->insts[3].src[0].has_elem);
    assert_int_equal(p->insts[3].src[0].index, 2);
    assert_int_equal(p->insts[3].src[0].elem, 12);
    /* s[i.x + 8]: offset 8 */
    assert_true(p->insts[1].src[1].has_rel);
    assert_int_equal(p->insts[1].src[1].index, 8);
}

static void test_storage_whole_buffer(void **state)
{
    (void)state;
    nv_program *p = assemble("!!NVcp5.0\nOPTION NV_shader_storage_buffer;\nGROUP_SIZE 1;\n"
                             "STORAGE s[] = { program.storage[2] };\nSTORAGE t[64] = { program.storage[3] };\n"
                             "STORAGE r[] = { program.storage[4..6] };\nINT TEMP i;\nUINT TEMP u;\n"
                             "LDB.U32 u, s[300];\nSTB.U32 u, s[i.x + 8];\nLDB.U32 u, t[63];\nLDB.U32 u, r[2][12];\nEND\n");
    check_storage(p);
    nv_program *q = reassemble(p);
    check_storage(q);
    nvgp_nv_program_destroy(q);
    nvgp_nv_program_destroy(p);
}

/* NV_tessellation_program5: vertex.tesscoord is one value per invocation;
 * other vertex.* attributes of a tessellation evaluation program are
 * arrays over the patch's vertices. */
static void test_tesscoord_not_per_vertex(void **state)
{
    (void)state;
    nv_program *p = assemble("!!NVtep5.0\nTESS_MODE TRIANGLES;\nATTRIB tc = vertex.tesscoord;\n"
                             "ATTRIB pos = vertex.position;\nMUL result.position, pos[1], tc.y;\nEND\n");
    assert_false(find_var(p, "tc")->is_array);
    assert_true(find_var(p, "pos")->is_array);
    nvgp_nv_program_destroy(p);
}

/* NV_gpu_program4 2.X.4.2: arr[idx.x + n] reads element idx.x + n: the
 * unit recorded is the array's first unit + n. */
static void check_units(const nv_program *p)
{
    assert_true(p->insts[0].tex.has_rel);
    assert_int_equal(p->insts[0].tex.unit, 3);
    assert_true(p->insts[1].tex.has_rel);
    assert_int_equal(p->insts[1].tex.unit, 2);
    assert_false(p->insts[2].tex.has_rel);
    assert_int_equal(p->insts[2].tex.unit, 5);
    assert_true(p->insts[3].tex.has_rel);
    assert_int_equal(p->insts[3].tex.unit, 3); /* image[1..4], + 2 */
}

static void test_relative_texture_units(void **state)
{
    (void)state;
    nv_program *p = assemble("!!NVfp5.0\nTEXTURE arr[] = { texture[2..5] };\nIMAGE img[] = { image[1..4] };\n"
                             "INT TEMP idx;\nTEMP r;\n"
                             "TEX r, r, arr[idx.x + 1], 2D;\nTEX r, r, arr[idx.y], 2D;\nTEX r, r, arr[3], 2D;\n"
                             "LOADIM.F32X4 r, idx, img[idx.z + 2], 2D;\nMOV result.color, r;\nEND\n");
    check_units(p);
    nv_program *q = reassemble(p);
    check_units(q);
    nvgp_nv_program_destroy(q);
    nvgp_nv_program_destroy(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_subroutine_array_locations),
        cmocka_unit_test(test_storage_whole_buffer),
        cmocka_unit_test(test_tesscoord_not_per_vertex),
        cmocka_unit_test(test_relative_texture_units),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

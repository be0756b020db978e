/* Unit tests of the TGSI builder: the IR it produces (immediate dedup and
 * packing, declaration order, label fixups, register modifiers), its error
 * handling, and that the checker accepts what it builds.  Expected values
 * are worked out by hand from the rules in tgsi_build.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tgsi/tgsi_build.h"
#include "tgsi/tgsi_check.h"

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static void assert_swizzle(tgsi_src s, unsigned x, unsigned y, unsigned z, unsigned w)
{
    assert_int_equal(s.swizzle[0], x);
    assert_int_equal(s.swizzle[1], y);
    assert_int_equal(s.swizzle[2], z);
    assert_int_equal(s.swizzle[3], w);
}

/* Runs the checker and fails the test with its messages when it rejects. */
static void assert_valid(const tgsi_program *p)
{
    nvgp_diag *d = nvgp_diag_create("built", "", 0);
    bool ok = nvgp_tgsi_check(p, d);
    if (!ok)
        nvgp_diag_print(d, stderr);
    nvgp_diag_destroy(d);
    assert_true(ok);
}

/* ---- immediates ------------------------------------------------------------ */

static void test_imm_dedup_and_packing(void **state)
{
    (void)state;
    tgsi_builder *b = nvgp_tgsi_builder_create(TGSI_PROCESSOR_VERTEX, NULL);
    tgsi_src one = nvgp_tgsi_build_imm1f(b, 1.0f);
    tgsi_src one_again = nvgp_tgsi_build_imm1f(b, 1.0f);
    tgsi_src two = nvgp_tgsi_build_imm1f(b, 2.0f);
    tgsi_src v = nvgp_tgsi_build_imm4f(b, 2.0f, 3.0f, 1.0f, 4.0f);
    tgsi_src five = nvgp_tgsi_build_imm1f(b, 5.0f);
    tgsi_src negzero = nvgp_tgsi_build_imm1f(b, -0.0f);
    tgsi_src zero = nvgp_tgsi_build_imm1f(b, 0.0f);
    tgsi_src u1 = nvgp_tgsi_build_imm1u(b, 1);
    tgsi_src ubits = nvgp_tgsi_build_imm1u(b, 0x3f800000u);
    tgsi_src d1 = nvgp_tgsi_build_imm1d(b, 1.0);
    tgsi_src d2 = nvgp_tgsi_build_imm1d(b, 2.0);
    tgsi_src d1_again = nvgp_tgsi_build_imm1d(b, 1.0);

    /* IMM[0] = {1, 2, 3, 4}: 1 at x, 2 packed into y, then the vec4 reuses
     * 2 (y) and 1 (x) and fills z=3, w=4. */
    assert_int_equal(one.reg.file, TGSI_FILE_IMMEDIATE);
    assert_int_equal(one.reg.index, 0);
    assert_swizzle(one, 0, 0, 0, 0);
    assert_int_equal(one_again.reg.index, 0);
    assert_swizzle(one_again, 0, 0, 0, 0);
    assert_int_equal(two.reg.index, 0);
    assert_swizzle(two, 1, 1, 1, 1);
    assert_int_equal(v.reg.index, 0);
    assert_swizzle(v, 1, 2, 0, 3);
    /* IMM[1] = {5, -0, 0}: -0 and 0 differ in bits. */
    assert_int_equal(five.reg.index, 1);
    assert_swizzle(five, 0, 0, 0, 0);
    assert_int_equal(negzero.reg.index, 1);
    assert_swizzle(negzero, 1, 1, 1, 1);
    assert_int_equal(zero.reg.index, 1);
    assert_swizzle(zero, 2, 2, 2, 2);
    /* UINT32 immediates never share with FLT32 ones, even with equal bits. */
    assert_int_equal(u1.reg.index, 2);
    assert_int_equal(ubits.reg.index, 2);
    assert_swizzle(ubits, 1, 1, 1, 1);
    /* FLT64: 1.0 in xy, 2.0 packed into zw. */
    assert_int_equal(d1.reg.index, 3);
    assert_swizzle(d1, 0, 1, 0, 1);
    assert_int_equal(d2.reg.index, 3);
    assert_swizzle(d2, 2, 3, 2, 3);
    assert_int_equal(d1_again.reg.index, 3);
    assert_swizzle(d1_again, 0, 1, 0, 1);

    tgsi_dst out = nvgp_tgsi_build_output(b, TGSI_SEMANTIC_POSITION, 0);
    nvgp_tgsi_build_MOV(b, out, v);
    tgsi_program *p = nvgp_tgsi_builder_finish(b);
    assert_non_null(p);
    assert_int_equal(p->num_immediates, 4);
    assert_int_equal(p->immediates[0].type, TGSI_IMM_FLOAT32);
    assert_int_equal(p->immediates[0].num_words, 4);
    /* finish lays immediates out by first use: the MOV reads v's values in
     * the order 2, 3, 1, 4, so IMM[0] holds them so and the MOV reads it
     * straight; the unread immediates follow as built. */
    assert_int_equal(p->immediates[0].value[0], fbits(2.0f));
    assert_int_equal(p->immediates[0].value[1], fbits(3.0f));
    assert_int_equal(p->immediates[0].value[2], fbits(1.0f));
    assert_int_equal(p->immediates[0].value[3], fbits(4.0f));
    assert_int_equal(p->instructions[0].src[0].reg.index, 0);
    assert_swizzle(p->instructions[0].src[0], 0, 1, 2, 3);
    assert_int_equal(p->immediates[1].num_words, 3);
    assert_int_equal(p->immediates[1].value[1], 0x80000000u);
    assert_int_equal(p->immediates[1].value[2], 0u);
    assert_int_equal(p->immediates[2].type, TGSI_IMM_UINT32);
    assert_int_equal(p->immediates[2].num_words, 2);
    assert_int_equal(p->immediates[2].value[0], 1u);
    assert_int_equal(p->immediates[3].type, TGSI_IMM_FLOAT64);
    assert_int_equal(p->immediates[3].num_words, 4);
    /* 1.0 = 0x3ff0000000000000, 2.0 = 0x4000000000000000, low word first. */
    assert_int_equal(p->immediates[3].value[0], 0u);
    assert_int_equal(p->immediates[3].value[1], 0x3ff00000u);
    assert_int_equal(p->immediates[3].value[2], 0u);
    assert_int_equal(p->immediates[3].value[3], 0x40000000u);
    assert_valid(p);
    nvgp_tgsi_program_destroy(p);
}

/* Builds MOV OUT.x, 64; MOV OUT.y, 0; MAD OUT.zw, IN, {0.5, 64}.xy, 1 with
 * the immediates created in the given order (as a compiler might evaluate
 * the arguments of one call in either order). */
static tgsi_program *build_in_order(bool reversed)
{
    tgsi_builder *b = nvgp_tgsi_builder_create(TGSI_PROCESSOR_VERTEX, NULL);
    tgsi_src k64, k0, half_64, one;
    if (!reversed) {
        k64 = nvgp_tgsi_build_imm1f(b, 64);
        k0 = nvgp_tgsi_build_imm1f(b, 0);
        half_64 = nvgp_tgsi_build_imm_f32(b, (const float[]){ 0.5f, 64 }, 2);
        one = nvgp_tgsi_build_imm1f(b, 1);
    } else {
        one = nvgp_tgsi_build_imm1f(b, 1);
        half_64 = nvgp_tgsi_build_imm_f32(b, (const float[]){ 0.5f, 64 }, 2);
        k0 = nvgp_tgsi_build_imm1f(b, 0);
        k64 = nvgp_tgsi_build_imm1f(b, 64);
    }
    tgsi_src in = nvgp_tgsi_build_input(b, TGSI_SEMANTIC_GENERIC, 0);
    tgsi_dst out = nvgp_tgsi_build_output(b, TGSI_SEMANTIC_GENERIC, 0);
    nvgp_tgsi_build_MOV(b, nvgp_tgsi_dst_writemask(out, 1), k64);
    nvgp_tgsi_build_MOV(b, nvgp_tgsi_dst_writemask(out, 2), k0);
    nvgp_tgsi_build_MAD(b, nvgp_tgsi_dst_writemask(out, 12), in, half_64, one);
    return nvgp_tgsi_builder_finish(b);
}

static void test_imm_layout_independent_of_creation_order(void **state)
{
    (void)state;
    tgsi_program *p = build_in_order(false), *q = build_in_order(true);
    assert_non_null(p);
    assert_non_null(q);
    /* First use: 64 (x), 0 (y), then {0.5, 64} reuses 64 and adds 0.5 (z),
     * then 1 (w): IMM[0] = {64, 0, 0.5, 1} from either order. */
    for (int k = 0; k < 2; k++) {
        const tgsi_program *r = k ? q : p;
        assert_int_equal(r->num_immediates, 1);
        assert_int_equal(r->immediates[0].num_words, 4);
        assert_int_equal(r->immediates[0].value[0], fbits(64.0f));
        assert_int_equal(r->immediates[0].value[1], fbits(0.0f));
        assert_int_equal(r->immediates[0].value[2], fbits(0.5f));
        assert_int_equal(r->immediates[0].value[3], fbits(1.0f));
        assert_swizzle(r->instructions[0].src[0], 0, 0, 0, 0);
        assert_swizzle(r->instructions[1].src[0], 1, 1, 1, 1);
        assert_swizzle(r->instructions[2].src[1], 2, 0, 0, 0);
        assert_swizzle(r->instructions[2].src[2], 3, 3, 3, 3);
    }
    nvgp_tgsi_program_destroy(p);
    nvgp_tgsi_program_destroy(q);
}

static void test_imm_full_goes_to_new_slot(void **state)
{
    (void)state;
    tgsi_builder *b = nvgp_tgsi_builder_create(TGSI_PROCESSOR_VERTEX, NULL);
    nvgp_tgsi_build_imm4f(b, 1, 2, 3, 4);
    /* {5, 6} cannot join the full IMM[0] and starts IMM[1]; {2, 7} cannot
     * join IMM[0] either (7 needs a free component), but IMM[1] has room. */
    tgsi_src a = nvgp_tgsi_build_imm_f32(b, (const float[]){ 5, 6 }, 2);
    tgsi_src c = nvgp_tgsi_build_imm_f32(b, (const float[]){ 2, 7 }, 2);
    assert_int_equal(a.reg.index, 1);
    assert_swizzle(a, 0, 1, 1, 1);
    assert_int_equal(c.reg.index, 1);
    assert_swizzle(c, 2, 3, 3, 3); /* 2 is appended at z, 7 at w */
    tgsi_src all_there = nvgp_tgsi_build_imm_f32(b, (const float[]){ 4, 3 }, 2);
    assert_int_equal(all_there.reg.index, 0);
    assert_swizzle(all_there, 3, 2, 2, 2);
    nvgp_tgsi_builder_destroy(b);
}

/* ---- declarations ---------------------------------------------------------- */

static void test_declaration_order(void **state)
{
    (void)state;
    tgsi_builder *b = nvgp_tgsi_builder_create(TGSI_PROCESSOR_VERTEX, NULL);
    /* Asked for in a scrambled order. */
    tgsi_dst t0 = nvgp_tgsi_build_temp(b);
    tgsi_dst pos = nvgp_tgsi_build_output(b, TGSI_SEMANTIC_POSITION, 0);
    tgsi_src c5 = nvgp_tgsi_build_constant(b, 5);
    tgsi_src c2 = nvgp_tgsi_build_constant(b, 2);
    tgsi_src in0 = nvgp_tgsi_build_input(b, TGSI_SEMANTIC_GENERIC, 3);
    tgsi_src in0_again = nvgp_tgsi_build_input(b, TGSI_SEMANTIC_GENERIC, 3);
    tgsi_src in1 = nvgp_tgsi_build_input(b, TGSI_SEMANTIC_GENERIC, 0);
    tgsi_dst a0 = nvgp_tgsi_build_address(b);
    tgsi_src imm = nvgp_tgsi_build_imm1f(b, 0.5f);
    tgsi_dst col = nvgp_tgsi_build_output(b, TGSI_SEMANTIC_COLOR, 0);
    nvgp_tgsi_build_property(b, TGSI_PROPERTY_NEXT_SHADER, TGSI_PROCESSOR_FRAGMENT);

    assert_int_equal(in0.reg.index, 0);
    assert_int_equal(in0_again.reg.index, 0);
    assert_int_equal(in1.reg.index, 1);
    assert_int_equal(pos.reg.index, 0);
    assert_int_equal(col.reg.index, 1);

    nvgp_tgsi_build_ARL(b, a0, nvgp_tgsi_src_scalar(in1, TGSI_SWIZZLE_X));
    nvgp_tgsi_build_ADD(b, t0, in0, nvgp_tgsi_src_indirect(c2, nvgp_tgsi_src_of(a0), TGSI_SWIZZLE_X));
    nvgp_tgsi_build_MUL(b, pos, nvgp_tgsi_src_of(t0), imm);
    nvgp_tgsi_build_MOV(b, col, c5);
    tgsi_program *p = nvgp_tgsi_builder_finish(b);
    assert_non_null(p);

    /* PROPERTY, DCL IN[0] GENERIC[3], DCL IN[1] GENERIC[0], DCL OUT[0],
     * DCL OUT[1], DCL CONST[0..5], DCL TEMP[0], DCL ADDR[0], IMM, 4 insns + END. */
    static const uint8_t kinds[] = {
        TGSI_ITEM_PROPERTY, TGSI_ITEM_DECLARATION, TGSI_ITEM_DECLARATION, TGSI_ITEM_DECLARATION,
        TGSI_ITEM_DECLARATION, TGSI_ITEM_DECLARATION, TGSI_ITEM_DECLARATION, TGSI_ITEM_DECLARATION,
        TGSI_ITEM_IMMEDIATE, TGSI_ITEM_INSTRUCTION, TGSI_ITEM_INSTRUCTION, TGSI_ITEM_INSTRUCTION,
        TGSI_ITEM_INSTRUCTION, TGSI_ITEM_INSTRUCTION,
    };
    assert_int_equal(p->num_items, sizeof kinds);
    for (unsigned k = 0; k < sizeof kinds; k++)
        assert_int_equal(p->items[k].kind, kinds[k]);
    static const uint8_t files[] = { TGSI_FILE_INPUT, TGSI_FILE_INPUT, TGSI_FILE_OUTPUT, TGSI_FILE_OUTPUT,
                                     TGSI_FILE_CONSTANT, TGSI_FILE_TEMPORARY, TGSI_FILE_ADDRESS };
    assert_int_equal(p->num_declarations, sizeof files);
    for (unsigned k = 0; k < sizeof files; k++)
        assert_int_equal(p->declarations[k].file, files[k]);
    assert_int_equal(p->declarations[0].semantic_name, TGSI_SEMANTIC_GENERIC);
    assert_int_equal(p->declarations[0].semantic_index, 3);
    assert_int_equal(p->declarations[1].semantic_index, 0);
    assert_int_equal(p->declarations[3].semantic_name, TGSI_SEMANTIC_COLOR);
    assert_int_equal(p->declarations[4].first, 0);
    assert_int_equal(p->declarations[4].last, 5);
    assert_false(p->declarations[4].has_dimension);
    assert_int_equal(p->properties[0].name, TGSI_PROPERTY_NEXT_SHADER);
    assert_int_equal(p->properties[0].data[0], TGSI_PROCESSOR_FRAGMENT);
    assert_int_equal(p->instructions[4].opcode, TGSI_OPCODE_END);
    const tgsi_src *s = &p->instructions[1].src[1];
    assert_true(s->reg.indirect);
    assert_int_equal(s->reg.ind.file, TGSI_FILE_ADDRESS);
    assert_int_equal(s->reg.ind.index, 0);
    assert_int_equal(s->reg.ind.swizzle, TGSI_SWIZZLE_X);
    assert_valid(p);
    nvgp_tgsi_program_destroy(p);
}

static void test_temps_arrays_and_release(void **state)
{
    (void)state;
    tgsi_builder *b = nvgp_tgsi_builder_create(TGSI_PROCESSOR_FRAGMENT, NULL);
    tgsi_dst t0 = nvgp_tgsi_build_temp(b);
    uint32_t id = 0;
    tgsi_dst arr = nvgp_tgsi_build_temp_array(b, 3, &id);
    tgsi_dst t4 = nvgp_tgsi_build_temp(b);
    tgsi_dst t5 = nvgp_tgsi_build_temp(b);
    nvgp_tgsi_build_release_temp(b, t4);
    tgsi_dst again = nvgp_tgsi_build_temp(b);
    assert_int_equal(t0.reg.index, 0);
    assert_int_equal(arr.reg.index, 1);
    assert_int_equal(id, 1);
    assert_int_equal(t4.reg.index, 4);
    assert_int_equal(t5.reg.index, 5);
    assert_int_equal(again.reg.index, 4);

    tgsi_dst color = nvgp_tgsi_build_output(b, TGSI_SEMANTIC_COLOR, 0);
    tgsi_src in = nvgp_tgsi_build_fs_input(b, TGSI_SEMANTIC_GENERIC, 0, TGSI_INTERPOLATE_PERSPECTIVE,
                                           TGSI_INTERPOLATE_LOC_CENTER);
    tgsi_dst a0 = nvgp_tgsi_build_address(b);
    nvgp_tgsi_build_MOV(b, t0, in);
    nvgp_tgsi_build_MOV(b, arr, in);
    nvgp_tgsi_build_MOV(b, t4, in);
    nvgp_tgsi_build_MOV(b, t5, in);
    nvgp_tgsi_build_ARL(b, a0, nvgp_tgsi_src_scalar(in, TGSI_SWIZZLE_W));
    tgsi_src elem = nvgp_tgsi_src_indirect_array(nvgp_tgsi_src_of(arr), nvgp_tgsi_src_of(a0), 0, id);
    nvgp_tgsi_build_ADD(b, color, elem, nvgp_tgsi_src_of(t5));
    tgsi_program *p = nvgp_tgsi_builder_finish(b);
    assert_non_null(p);
    /* IN[0], OUT[0], TEMP[0], TEMP[1..3] ARRAY(1), TEMP[4..5], ADDR[0]. */
    assert_int_equal(p->num_declarations, 6);
    assert_int_equal(p->declarations[0].file, TGSI_FILE_INPUT);
    assert_true(p->declarations[0].has_interpolate);
    assert_int_equal(p->declarations[0].interpolate, TGSI_INTERPOLATE_PERSPECTIVE);
    assert_int_equal(p->declarations[2].file, TGSI_FILE_TEMPORARY);
    assert_int_equal(p->declarations[2].first, 0);
    assert_int_equal(p->declarations[2].last, 0);
    assert_int_equal(p->declarations[3].first, 1);
    assert_int_equal(p->declarations[3].last, 3);
    assert_int_equal(p->declarations[3].array_id, 1);
    assert_int_equal(p->declarations[4].first, 4);
    assert_int_equal(p->declarations[4].last, 5);
    assert_int_equal(p->declarations[4].array_id, 0);
    assert_int_equal(p->declarations[5].file, TGSI_FILE_ADDRESS);
    assert_valid(p);
    nvgp_tgsi_program_destroy(p);
}

/* ---- modifiers --------------------------------------------------------------- */

static void test_modifiers(void **state)
{
    (void)state;
    tgsi_src s = nvgp_tgsi_src(TGSI_FILE_TEMPORARY, 3);
    tgsi_src r = nvgp_tgsi_src_swizzle(s, 1, 2, 3, 0);           /* yzwx */
    assert_swizzle(r, 1, 2, 3, 0);
    r = nvgp_tgsi_src_swizzle(r, 1, 1, 0, 0);                    /* of yzwx: z z y y */
    assert_swizzle(r, 2, 2, 1, 1);
    assert_swizzle(nvgp_tgsi_src_scalar(r, 3), 1, 1, 1, 1);      /* w of zzyy is y */
    assert_true(nvgp_tgsi_src_negate(s).negate);
    assert_false(nvgp_tgsi_src_negate(nvgp_tgsi_src_negate(s)).negate);
    tgsi_src a = nvgp_tgsi_src_abs(nvgp_tgsi_src_negate(s));
    assert_true(a.absolute);
    assert_false(a.negate);
    tgsi_src na = nvgp_tgsi_src_negate(nvgp_tgsi_src_abs(s)); /* -|x| */
    assert_true(na.absolute);
    assert_true(na.negate);

    tgsi_dst d = nvgp_tgsi_dst(TGSI_FILE_OUTPUT, 1);
    d = nvgp_tgsi_dst_writemask(d, 0x7);
    assert_int_equal(d.writemask, 0x7);
    d = nvgp_tgsi_dst_writemask(d, 0xc);
    assert_int_equal(d.writemask, 0x4);

    tgsi_src addr = nvgp_tgsi_src_swizzle(nvgp_tgsi_src(TGSI_FILE_ADDRESS, 0), 2, 2, 2, 2);
    tgsi_src ind = nvgp_tgsi_src_indirect(nvgp_tgsi_src(TGSI_FILE_CONSTANT, 4), addr, 0);
    assert_true(ind.reg.indirect);
    assert_int_equal(ind.reg.ind.swizzle, 2); /* component x of addr.zzzz is z */
    assert_int_equal(ind.reg.index, 4);
    tgsi_src dim = nvgp_tgsi_src_dimension(nvgp_tgsi_src(TGSI_FILE_INPUT, 1), 2);
    assert_true(dim.reg.dimension);
    assert_int_equal(dim.reg.dim_index, 2);
    tgsi_dst back = nvgp_tgsi_dst_of(dim);
    assert_true(back.reg.dimension);
    assert_int_equal(back.writemask, 0xf);
    tgsi_src fwd = nvgp_tgsi_src_of(nvgp_tgsi_dst_writemask(back, 1));
    assert_swizzle(fwd, 0, 1, 2, 3);
    assert_int_equal(fwd.reg.dim_index, 2);
}

/* ---- labels ------------------------------------------------------------------ */

static void test_label_fixups(void **state)
{
    (void)state;
    /* Subroutines follow END; CAL is emitted before its BGNSUB exists. */
    tgsi_builder *b = nvgp_tgsi_builder_create(TGSI_PROCESSOR_VERTEX, NULL);
    tgsi_src c0 = nvgp_tgsi_build_constant(b, 0);
    tgsi_dst t = nvgp_tgsi_build_temp(b);
    tgsi_dst o = nvgp_tgsi_build_output(b, TGSI_SEMANTIC_POSITION, 0);
    uint32_t sub = nvgp_tgsi_build_label(b);
    nvgp_tgsi_build_cal(b, sub);                    /* 0: CAL -> 11 */
    nvgp_tgsi_build_BGNLOOP(b);                     /* 1: BGNLOOP -> 8 */
    nvgp_tgsi_build_IF(b, c0);                      /* 2: IF -> 4 */
    nvgp_tgsi_build_BRK(b);                         /* 3 */
    nvgp_tgsi_build_ELSE(b);                        /* 4: ELSE -> 7 */
    nvgp_tgsi_build_UIF(b, c0);                     /* 5: UIF -> 6 */
    nvgp_tgsi_build_ENDIF(b);                       /* 6 */
    nvgp_tgsi_build_ENDIF(b);                       /* 7 */
    nvgp_tgsi_build_ENDLOOP(b);                     /* 8: ENDLOOP -> 1 */
    nvgp_tgsi_build_MOV(b, o, nvgp_tgsi_src_of(t)); /* 9 */
    nvgp_tgsi_build_END(b);                         /* 10 */
    nvgp_tgsi_build_bgnsub(b, sub);                 /* 11 */
    nvgp_tgsi_build_MOV(b, t, c0);                  /* 12 */
    nvgp_tgsi_build_RET(b);                         /* 13 */
    nvgp_tgsi_build_ENDSUB(b);                      /* 14 */
    tgsi_program *p = nvgp_tgsi_builder_finish(b);
    assert_non_null(p);
    assert_int_equal(p->num_instructions, 15);
    static const struct { uint32_t insn, label; } want[] = {
        { 0, 11 }, { 1, 8 }, { 2, 4 }, { 4, 7 }, { 5, 6 }, { 8, 1 },
    };
    for (unsigned k = 0; k < sizeof want / sizeof want[0]; k++) {
        assert_true(p->instructions[want[k].insn].has_label);
        assert_int_equal(p->instructions[want[k].insn].label, want[k].label);
    }
    assert_false(p->instructions[6].has_label);  /* ENDIF carries none */
    assert_false(p->instructions[11].has_label); /* BGNSUB carries none */
    assert_valid(p);
    nvgp_tgsi_program_destroy(p);
}

/* ---- errors ------------------------------------------------------------------ */

static void test_errors_are_recorded(void **state)
{
    (void)state;
    /* Wrong operand count through the generic entry point. */
    static const char text[] = "a source text of some length";
    nvgp_diag *d = nvgp_diag_create("built", text, sizeof text - 1);
    tgsi_builder *b = nvgp_tgsi_builder_create(TGSI_PROCESSOR_VERTEX, d);
    tgsi_dst t = nvgp_tgsi_build_temp(b);
    nvgp_tgsi_builder_set_source_offset(b, 7);
    assert_null(nvgp_tgsi_build_insn(b, TGSI_OPCODE_ADD, &t, 1, (const tgsi_src[]){ nvgp_tgsi_src_of(t) }, 1));
    assert_non_null(nvgp_tgsi_builder_error(b));
    assert_non_null(strstr(nvgp_tgsi_builder_error(b), "ADD"));
    /* Later calls are no-ops. */
    assert_null(nvgp_tgsi_build_MOV(b, t, nvgp_tgsi_src_of(t)));
    assert_null(nvgp_tgsi_builder_finish(b));
    assert_int_equal(nvgp_diag_error_count(d), 1);
    assert_int_equal(nvgp_diag_error_position(d), 7);
    nvgp_diag_destroy(d);

    /* Unclosed block. */
    b = nvgp_tgsi_builder_create(TGSI_PROCESSOR_VERTEX, NULL);
    nvgp_tgsi_build_IF(b, nvgp_tgsi_build_constant(b, 0));
    assert_null(nvgp_tgsi_builder_finish(b));

    /* Closer without opener. */
    b = nvgp_tgsi_builder_create(TGSI_PROCESSOR_VERTEX, NULL);
    assert_null(nvgp_tgsi_build_ENDLOOP(b));
    assert_non_null(nvgp_tgsi_builder_error(b));
    nvgp_tgsi_builder_destroy(b);

    /* Closer of the wrong kind. */
    b = nvgp_tgsi_builder_create(TGSI_PROCESSOR_VERTEX, NULL);
    nvgp_tgsi_build_BGNLOOP(b);
    assert_null(nvgp_tgsi_build_ENDIF(b));
    assert_non_null(nvgp_tgsi_builder_error(b));
    nvgp_tgsi_builder_destroy(b);
    b = nvgp_tgsi_builder_create(TGSI_PROCESSOR_VERTEX, NULL);
    nvgp_tgsi_build_IF(b, nvgp_tgsi_build_constant(b, 0));
    assert_non_null(nvgp_tgsi_build_ELSE(b));
    assert_null(nvgp_tgsi_build_ELSE(b)); /* ELSE closes only IF/UIF */
    nvgp_tgsi_builder_destroy(b);

    /* CAL to a label no BGNSUB binds. */
    b = nvgp_tgsi_builder_create(TGSI_PROCESSOR_VERTEX, NULL);
    nvgp_tgsi_build_cal(b, nvgp_tgsi_build_label(b));
    nvgp_tgsi_build_END(b);
    assert_null(nvgp_tgsi_builder_finish(b));

    /* Bad immediates and unknown labels. */
    b = nvgp_tgsi_builder_create(TGSI_PROCESSOR_VERTEX, NULL);
    nvgp_tgsi_build_imm(b, TGSI_IMM_FLOAT64, (const uint32_t[]){ 1, 2, 3 }, 3);
    assert_non_null(nvgp_tgsi_builder_error(b));
    nvgp_tgsi_builder_destroy(b);
    b = nvgp_tgsi_builder_create(TGSI_PROCESSOR_VERTEX, NULL);
    assert_null(nvgp_tgsi_build_bgnsub(b, 3));
    nvgp_tgsi_builder_destroy(b);

    /* Releasing something that is not a free temporary. */
    b = nvgp_tgsi_builder_create(TGSI_PROCESSOR_VERTEX, NULL);
    t = nvgp_tgsi_build_temp(b);
    nvgp_tgsi_build_release_temp(b, t);
    assert_null(nvgp_tgsi_builder_error(b));
    nvgp_tgsi_build_release_temp(b, t);
    assert_non_null(nvgp_tgsi_builder_error(b));
    nvgp_tgsi_builder_destroy(b);
}

/* ---- whole programs the checker accepts --------------------------------------- */

static void test_geometry_program(void **state)
{
    (void)state;
    tgsi_builder *b = nvgp_tgsi_builder_create(TGSI_PROCESSOR_GEOMETRY, NULL);
    nvgp_tgsi_build_property(b, TGSI_PROPERTY_GS_INPUT_PRIM, 4);  /* TRIANGLES */
    nvgp_tgsi_build_property(b, TGSI_PROPERTY_GS_OUTPUT_PRIM, 5); /* TRIANGLE_STRIP */
    nvgp_tgsi_build_property(b, TGSI_PROPERTY_GS_MAX_OUTPUT_VERTICES, 3);
    tgsi_src pos = nvgp_tgsi_build_input(b, TGSI_SEMANTIC_POSITION, 0);
    tgsi_dst opos = nvgp_tgsi_build_output(b, TGSI_SEMANTIC_POSITION, 0);
    tgsi_src stream0 = nvgp_tgsi_src_scalar(nvgp_tgsi_build_imm1u(b, 0), 0);
    for (int v = 0; v < 3; v++) {
        nvgp_tgsi_build_MOV(b, opos, nvgp_tgsi_src_dimension(pos, v));
        nvgp_tgsi_build_EMIT(b, stream0);
    }
    nvgp_tgsi_build_ENDPRIM(b, stream0);
    tgsi_program *p = nvgp_tgsi_builder_finish(b);
    assert_non_null(p);
    assert_false(p->declarations[0].has_dimension);
    assert_true(p->declarations[0].dimension_unsized);
    assert_valid(p);
    nvgp_tgsi_program_destroy(p);
}

static void test_compute_program(void **state)
{
    (void)state;
    tgsi_builder *b = nvgp_tgsi_builder_create(TGSI_PROCESSOR_COMPUTE, NULL);
    nvgp_tgsi_build_property(b, TGSI_PROPERTY_CS_FIXED_BLOCK_WIDTH, 64);
    nvgp_tgsi_build_property(b, TGSI_PROPERTY_CS_FIXED_BLOCK_HEIGHT, 1);
    nvgp_tgsi_build_property(b, TGSI_PROPERTY_CS_FIXED_BLOCK_DEPTH, 1);
    tgsi_src tid = nvgp_tgsi_build_system_value(b, TGSI_SEMANTIC_THREAD_ID, 0);
    tgsi_src shared = nvgp_tgsi_build_memory(b, TGSI_MEMORY_TYPE_SHARED);
    tgsi_src buf = nvgp_tgsi_build_buffer(b, 0, false);
    tgsi_dst addr = nvgp_tgsi_dst_writemask(nvgp_tgsi_build_temp(b), 1);
    tgsi_dst val = nvgp_tgsi_dst_writemask(nvgp_tgsi_build_temp(b), 1);
    nvgp_tgsi_build_SHL(b, addr, nvgp_tgsi_src_scalar(tid, 0), nvgp_tgsi_build_imm1u(b, 2));
    nvgp_tgsi_build_STORE(b, nvgp_tgsi_dst_writemask(nvgp_tgsi_dst_of(shared), 1), nvgp_tgsi_src_of(addr),
                          nvgp_tgsi_src_scalar(tid, 0));
    nvgp_tgsi_build_BARRIER(b);
    nvgp_tgsi_build_LOAD(b, val, shared, nvgp_tgsi_src_of(addr));
    nvgp_tgsi_build_STORE(b, nvgp_tgsi_dst_writemask(nvgp_tgsi_dst_of(buf), 1), nvgp_tgsi_src_of(addr),
                          nvgp_tgsi_src_of(val));
    tgsi_program *p = nvgp_tgsi_builder_finish(b);
    assert_non_null(p);
    /* SV, BUFFER, MEMORY, TEMP[0..1]. */
    assert_int_equal(p->num_declarations, 4);
    assert_int_equal(p->declarations[0].file, TGSI_FILE_SYSTEM_VALUE);
    assert_int_equal(p->declarations[1].file, TGSI_FILE_BUFFER);
    assert_int_equal(p->declarations[2].file, TGSI_FILE_MEMORY);
    assert_int_equal(p->declarations[2].memory_type, TGSI_MEMORY_TYPE_SHARED);
    assert_int_equal(p->declarations[3].last, 1);
    assert_valid(p);
    nvgp_tgsi_program_destroy(p);
}

static void test_fragment_texture_program(void **state)
{
    (void)state;
    tgsi_builder *b = nvgp_tgsi_builder_create(TGSI_PROCESSOR_FRAGMENT, NULL);
    tgsi_src tc = nvgp_tgsi_build_fs_input(b, TGSI_SEMANTIC_TEXCOORD, 0, TGSI_INTERPOLATE_PERSPECTIVE,
                                           TGSI_INTERPOLATE_LOC_CENTER);
    tgsi_src samp = nvgp_tgsi_build_sampler(b, 0);
    nvgp_tgsi_build_sampler_view(b, 0, TGSI_TEXTURE_2D, TGSI_RETURN_TYPE_FLOAT);
    tgsi_dst color = nvgp_tgsi_build_output(b, TGSI_SEMANTIC_COLOR, 0);
    tgsi_dst t = nvgp_tgsi_build_temp(b);
    tgsi_src off = nvgp_tgsi_build_imm(b, TGSI_IMM_INT32, (const uint32_t[]){ 1, (uint32_t)-1, 0 }, 3);
    tgsi_instruction *in = nvgp_tgsi_build_tex(b, TGSI_OPCODE_TEX, t, TGSI_TEXTURE_2D,
                                               (const tgsi_src[]){ tc, samp }, 2, &off, 1);
    assert_non_null(in);
    assert_int_equal(in->num_offsets, 1);
    assert_int_equal(in->offsets[0].file, TGSI_FILE_IMMEDIATE);
    assert_int_equal(in->offsets[0].swizzle[1], 1);
    nvgp_tgsi_build_KILL_IF(b, nvgp_tgsi_src_negate(nvgp_tgsi_src_scalar(nvgp_tgsi_src_of(t), 3)));
    in = nvgp_tgsi_build_MUL(b, color, nvgp_tgsi_src_of(t), nvgp_tgsi_build_imm1f(b, 2.0f));
    in->saturate = 1;
    tgsi_program *p = nvgp_tgsi_builder_finish(b);
    assert_non_null(p);
    assert_int_equal(p->instructions[0].texture, TGSI_TEXTURE_2D);
    assert_int_equal(p->instructions[2].saturate, 1);
    assert_valid(p);
    nvgp_tgsi_program_destroy(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_imm_dedup_and_packing),
        cmocka_unit_test(test_imm_full_goes_to_new_slot),
        cmocka_unit_test(test_imm_layout_independent_of_creation_order),
        cmocka_unit_test(test_declaration_order),
        cmocka_unit_test(test_temps_arrays_and_release),
        cmocka_unit_test(test_modifiers),
        cmocka_unit_test(test_label_fixups),
        cmocka_unit_test(test_errors_are_recorded),
        cmocka_unit_test(test_geometry_program),
        cmocka_unit_test(test_compute_program),
        cmocka_unit_test(test_fragment_texture_program),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* Unit tests of the TGSI text writer on hand-built programs.
 *
 * Every expected string is written by hand from tgsi_dump's rules (Mesa's
 * tgsi_dump.c of 2016-2017: "%3u: " numbers, two spaces per block level,
 * "%10.4f" floats, swizzles only when not .xyzw, ...) and the layout of the
 * corpus dumps, never pasted from the writer's output. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tgsi/tgsi_ir.h"
#include "tgsi/tgsi_text_read.h"
#include "tgsi/tgsi_text_write.h"

/* ---- helpers -------------------------------------------------------------- */

static char *print(const tgsi_program *p, tgsi_text_style style)
{
    nvgp_strbuf sb;
    nvgp_strbuf_init(&sb);
    assert_true(nvgp_tgsi_write(p, style, &sb));
    char *s = nvgp_strbuf_take(&sb, NULL);
    assert_non_null(s);
    return s;
}

static void expect_text(const tgsi_program *p, tgsi_text_style style, const char *want)
{
    char *got = print(p, style);
    if (strcmp(got, want) != 0)
        fprintf(stderr, "--- want\n%s--- got\n%s---\n", want, got);
    assert_string_equal(got, want);
    free(got);
}

static tgsi_declaration *dcl(tgsi_program *p, tgsi_file file, int first, int last)
{
    tgsi_declaration *d = nvgp_tgsi_add_declaration(p);
    assert_non_null(d);
    d->file = (uint8_t)file;
    d->first = first;
    d->last = last;
    return d;
}

static tgsi_declaration *dcl_sem(tgsi_program *p, tgsi_file file, int index, tgsi_semantic name,
                                 uint32_t sem_index)
{
    tgsi_declaration *d = dcl(p, file, index, index);
    d->has_semantic = true;
    d->semantic_name = (uint8_t)name;
    d->semantic_index = sem_index;
    return d;
}

static void interp(tgsi_declaration *d, tgsi_interpolate mode)
{
    d->has_interpolate = true;
    d->interpolate = (uint8_t)mode;
}

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static tgsi_immediate *imm_f(tgsi_program *p, float a, float b, float c, float d)
{
    tgsi_immediate *im = nvgp_tgsi_add_immediate(p);
    assert_non_null(im);
    im->type = TGSI_IMM_FLOAT32;
    im->num_words = 4;
    im->value[0] = fbits(a);
    im->value[1] = fbits(b);
    im->value[2] = fbits(c);
    im->value[3] = fbits(d);
    return im;
}

static tgsi_src swz(tgsi_file file, int index, int x, int y, int z, int w)
{
    tgsi_src s = nvgp_tgsi_src(file, index);
    s.swizzle[0] = (uint8_t)x;
    s.swizzle[1] = (uint8_t)y;
    s.swizzle[2] = (uint8_t)z;
    s.swizzle[3] = (uint8_t)w;
    return s;
}

static tgsi_dst dstm(tgsi_file file, int index, unsigned mask)
{
    tgsi_dst d = nvgp_tgsi_dst(file, index);
    d.writemask = (uint8_t)mask;
    return d;
}

static tgsi_instruction *ins(tgsi_program *p, tgsi_opcode op)
{
    tgsi_instruction *i = nvgp_tgsi_add_instruction(p, op);
    assert_non_null(i);
    return i;
}

enum { X = 0, Y = 1, Z = 2, W = 3 };

/* ---- a fragment program in the shape of the etnaviv dumps ------------------ */

static void test_mesa_fragment_program(void **state)
{
    (void)state;
    tgsi_program *p = nvgp_tgsi_program_create(TGSI_PROCESSOR_FRAGMENT);
    tgsi_property_decl *pr = nvgp_tgsi_add_property(p);
    pr->name = TGSI_PROPERTY_FS_COORD_PIXEL_CENTER;
    pr->num_data = 1;
    pr->data[0] = 1; /* INTEGER */
    pr = nvgp_tgsi_add_property(p);
    pr->name = TGSI_PROPERTY_FS_COLOR0_WRITES_ALL_CBUFS;
    pr->num_data = 1;
    pr->data[0] = 1;
    interp(dcl_sem(p, TGSI_FILE_INPUT, 0, TGSI_SEMANTIC_POSITION, 0), TGSI_INTERPOLATE_LINEAR);
    interp(dcl_sem(p, TGSI_FILE_INPUT, 1, TGSI_SEMANTIC_GENERIC, 9), TGSI_INTERPOLATE_PERSPECTIVE);
    dcl_sem(p, TGSI_FILE_OUTPUT, 0, TGSI_SEMANTIC_COLOR, 0);
    dcl(p, TGSI_FILE_SAMPLER, 0, 0);
    dcl(p, TGSI_FILE_CONSTANT, 7, 8);
    dcl(p, TGSI_FILE_TEMPORARY, 0, 0);
    dcl(p, TGSI_FILE_TEMPORARY, 1, 7)->local = true;
    imm_f(p, 0.5f, 0.0f, 0.05f, -0.003f);
    imm_f(p, -0.5f, 1.0f, 2.0f, 0.1111f);

    tgsi_instruction *i = ins(p, TGSI_OPCODE_ADD);
    i->dst[0] = nvgp_tgsi_dst(TGSI_FILE_TEMPORARY, 0);
    i->src[0] = nvgp_tgsi_src(TGSI_FILE_INPUT, 0);
    i->src[1] = swz(TGSI_FILE_IMMEDIATE, 0, X, X, Y, Y);
    i = ins(p, TGSI_OPCODE_MAD);
    i->dst[0] = dstm(TGSI_FILE_TEMPORARY, 0, 2);
    i->src[0] = nvgp_tgsi_src(TGSI_FILE_TEMPORARY, 0);
    i->src[1] = swz(TGSI_FILE_CONSTANT, 8, X, X, X, X);
    i->src[2] = swz(TGSI_FILE_CONSTANT, 8, Y, Y, Y, Y);
    i = ins(p, TGSI_OPCODE_TEX);
    i->dst[0] = nvgp_tgsi_dst(TGSI_FILE_TEMPORARY, 1);
    i->src[0] = nvgp_tgsi_src(TGSI_FILE_TEMPORARY, 1);
    i->src[1] = nvgp_tgsi_src(TGSI_FILE_SAMPLER, 0);
    i->texture = TGSI_TEXTURE_2D;
    i = ins(p, TGSI_OPCODE_IF);
    i->src[0] = swz(TGSI_FILE_TEMPORARY, 2, X, X, X, X);
    i->has_label = true;
    i->label = 2;
    ins(p, TGSI_OPCODE_KILL);
    ins(p, TGSI_OPCODE_ENDIF);
    i = ins(p, TGSI_OPCODE_ADD);
    i->dst[0] = dstm(TGSI_FILE_TEMPORARY, 6, 3);
    i->src[0] = swz(TGSI_FILE_IMMEDIATE, 1, Z, Z, Z, Z);
    i->src[1] = swz(TGSI_FILE_TEMPORARY, 4, X, Y, Y, Y);
    i->src[1].negate = true;
    i = ins(p, TGSI_OPCODE_MOV);
    i->saturate = 1;
    i->dst[0] = dstm(TGSI_FILE_OUTPUT, 0, 0xd);
    i->src[0] = swz(TGSI_FILE_TEMPORARY, 1, W, W, W, W);
    ins(p, TGSI_OPCODE_END);

    static const char want[] =
        "FRAG\n"
        "PROPERTY FS_COORD_PIXEL_CENTER INTEGER\n"
        "PROPERTY FS_COLOR0_WRITES_ALL_CBUFS 1\n"
        "DCL IN[0], POSITION, LINEAR\n"
        "DCL IN[1], GENERIC[9], PERSPECTIVE\n"
        "DCL OUT[0], COLOR\n"
        "DCL SAMP[0]\n"
        "DCL CONST[7..8]\n"
        "DCL TEMP[0]\n"
        "DCL TEMP[1..7], LOCAL\n"
        "IMM[0] FLT32 {    0.5000,     0.0000,     0.0500,    -0.0030}\n"
        "IMM[1] FLT32 {   -0.5000,     1.0000,     2.0000,     0.1111}\n"
        "  0: ADD TEMP[0], IN[0], IMM[0].xxyy\n"
        "  1: MAD TEMP[0].y, TEMP[0], CONST[8].xxxx, CONST[8].yyyy\n"
        "  2: TEX TEMP[1], TEMP[1], SAMP[0], 2D\n"
        "  3: IF TEMP[2].xxxx :2\n"
        "  4:   KILL\n"
        "  5: ENDIF\n"
        "  6: ADD TEMP[6].xy, IMM[1].zzzz, -TEMP[4].xyyy\n"
        "  7: MOV_SAT OUT[0].xzw, TEMP[1].wwww\n"
        "  8: END\n";
    expect_text(p, TGSI_STYLE_MESA, want);

    /* Canonical: the same text but exact floats. */
    static const char want_canon[] =
        "FRAG\n"
        "PROPERTY FS_COORD_PIXEL_CENTER INTEGER\n"
        "PROPERTY FS_COLOR0_WRITES_ALL_CBUFS 1\n"
        "DCL IN[0], POSITION, LINEAR\n"
        "DCL IN[1], GENERIC[9], PERSPECTIVE\n"
        "DCL OUT[0], COLOR\n"
        "DCL SAMP[0]\n"
        "DCL CONST[7..8]\n"
        "DCL TEMP[0]\n"
        "DCL TEMP[1..7], LOCAL\n"
        "IMM[0] FLT32 {0.5, 0, 0.05, -0.003}\n"
        "IMM[1] FLT32 {-0.5, 1, 2, 0.1111}\n"
        "  0: ADD TEMP[0], IN[0], IMM[0].xxyy\n"
        "  1: MAD TEMP[0].y, TEMP[0], CONST[8].xxxx, CONST[8].yyyy\n"
        "  2: TEX TEMP[1], TEMP[1], SAMP[0], 2D\n"
        "  3: IF TEMP[2].xxxx :2\n"
        "  4:   KILL\n"
        "  5: ENDIF\n"
        "  6: ADD TEMP[6].xy, IMM[1].zzzz, -TEMP[4].xyyy\n"
        "  7: MOV_SAT OUT[0].xzw, TEMP[1].wwww\n"
        "  8: END\n";
    expect_text(p, TGSI_STYLE_CANONICAL, want_canon);
    nvgp_tgsi_program_destroy(p);
}

/* ---- indentation and numbering ------------------------------------------------- */

static void test_indentation(void **state)
{
    (void)state;
    tgsi_program *p = nvgp_tgsi_program_create(TGSI_PROCESSOR_VERTEX);
    tgsi_instruction *i = ins(p, TGSI_OPCODE_BGNLOOP);
    i->has_label = true;
    i->label = 0;
    i = ins(p, TGSI_OPCODE_UIF);
    i->src[0] = swz(TGSI_FILE_TEMPORARY, 0, X, X, X, X);
    ins(p, TGSI_OPCODE_BRK);
    i = ins(p, TGSI_OPCODE_ELSE);
    i->has_label = true;
    i->label = 0;
    ins(p, TGSI_OPCODE_CONT);
    ins(p, TGSI_OPCODE_ENDIF);
    i = ins(p, TGSI_OPCODE_ENDLOOP);
    i->has_label = true;
    i->label = 0;
    i = ins(p, TGSI_OPCODE_CAL);
    i->has_label = true;
    i->label = 12;
    ins(p, TGSI_OPCODE_RET);
    for (int k = 0; k < 3; k++)
        ins(p, TGSI_OPCODE_NOP);
    ins(p, TGSI_OPCODE_END);
    i = ins(p, TGSI_OPCODE_BGNSUB);
    i->has_label = true;
    i->label = 14;
    ins(p, TGSI_OPCODE_RET);
    ins(p, TGSI_OPCODE_ENDSUB);
    for (int k = 0; k < 86; k++)
        ins(p, TGSI_OPCODE_NOP);
    ins(p, TGSI_OPCODE_END);

    char *got = print(p, TGSI_STYLE_MESA);
    static const char head[] =
        "VERT\n"
        "  0: BGNLOOP :0\n"
        "  1:   UIF TEMP[0].xxxx\n"
        "  2:     BRK\n"
        "  3:   ELSE :0\n"
        "  4:     CONT\n"
        "  5:   ENDIF\n"
        "  6: ENDLOOP :0\n"
        "  7: CAL :12\n"
        "  8: RET\n"
        "  9: NOP\n"
        " 10: NOP\n"
        " 11: NOP\n"
        " 12: END\n"
        " 13: BGNSUB :14\n"
        " 14:   RET\n"
        " 15: ENDSUB\n"
        " 16: NOP\n";
    assert_int_equal(strncmp(got, head, strlen(head)), 0);
    /* Three-digit numbers fill the width of "%3u". */
    assert_non_null(strstr(got, "\n 99: NOP\n100: NOP\n101: NOP\n102: END\n"));
    size_t len = strlen(got);
    assert_string_equal(got + len - 9, "102: END\n");
    free(got);
    nvgp_tgsi_program_destroy(p);
}

/* ---- operands ------------------------------------------------------------------ */

static void expect_src(tgsi_src s, const char *want)
{
    nvgp_strbuf sb;
    nvgp_strbuf_init(&sb);
    nvgp_tgsi_write_src(&s, TGSI_STYLE_MESA, &sb);
    assert_string_equal(sb.data, want);
    nvgp_strbuf_clear(&sb);
    nvgp_tgsi_write_src(&s, TGSI_STYLE_CANONICAL, &sb);
    assert_string_equal(sb.data, want);
    nvgp_strbuf_free(&sb);
}

static void expect_dst(tgsi_dst d, const char *want)
{
    nvgp_strbuf sb;
    nvgp_strbuf_init(&sb);
    nvgp_tgsi_write_dst(&d, TGSI_STYLE_MESA, &sb);
    assert_string_equal(sb.data, want);
    nvgp_strbuf_free(&sb);
}

/* Past TGSI_MAX_NESTING (256) levels the indentation stops growing, so the
 * text of a program nested without end (which the checker refuses) stays in
 * proportion to it: 300 BGNLOOPs, then a BRK, print the BRK after 256 * 2
 * blanks, not 300 * 2. */
static void test_indentation_capped(void **state)
{
    (void)state;
    tgsi_program *p = nvgp_tgsi_program_create(TGSI_PROCESSOR_VERTEX);
    for (int k = 0; k < 300; k++)
        ins(p, TGSI_OPCODE_BGNLOOP);
    ins(p, TGSI_OPCODE_BRK);
    char *got = print(p, TGSI_STYLE_MESA);
    const char *brk = strstr(got, "300: ");
    assert_non_null(brk);
    brk += 5;
    size_t blanks = strspn(brk, " ");
    assert_int_equal(blanks, 512);
    assert_memory_equal(brk + blanks, "BRK", 3);
    free(got);
    nvgp_tgsi_program_destroy(p);
}

static void test_operands(void **state)
{
    (void)state;
    tgsi_src s = nvgp_tgsi_src(TGSI_FILE_TEMPORARY, 3);
    expect_src(s, "TEMP[3]");
    s.negate = true;
    expect_src(s, "-TEMP[3]");
    s.absolute = true;
    expect_src(s, "-|TEMP[3]|");
    s = swz(TGSI_FILE_CONSTANT, 0, W, Z, Y, X);
    s.absolute = true;
    expect_src(s, "|CONST[0].wzyx|");

    /* Indirect: the constant part is added with its sign, left out at 0. */
    s = swz(TGSI_FILE_TEMPORARY, 3, X, Y, Y, Y);
    s.reg.indirect = true;
    s.reg.ind.file = TGSI_FILE_ADDRESS;
    s.reg.ind.index = 0;
    s.reg.ind.swizzle = X;
    expect_src(s, "TEMP[ADDR[0].x+3].xyyy");
    s.reg.index = -2;
    expect_src(s, "TEMP[ADDR[0].x-2].xyyy");
    s.reg.index = 0;
    s.reg.ind.swizzle = W;
    s.reg.ind.array_id = 2;
    expect_src(s, "TEMP[ADDR[0].w](2).xyyy");

    /* Two-dimensional registers. */
    s = nvgp_tgsi_src(TGSI_FILE_CONSTANT, 4);
    s.reg.dimension = true;
    s.reg.dim_index = 1;
    expect_src(s, "CONST[1][4]");
    s.reg.dim_indirect = true;
    s.reg.dim_ind.file = TGSI_FILE_ADDRESS;
    s.reg.dim_ind.index = 1;
    s.reg.dim_ind.swizzle = Y;
    s.reg.indirect = true;
    s.reg.ind.file = TGSI_FILE_TEMPORARY;
    s.reg.ind.index = 5;
    s.reg.ind.swizzle = Z;
    expect_src(s, "CONST[ADDR[1].y+1][TEMP[5].z+4]");
    s = swz(TGSI_FILE_INPUT, 0, X, X, X, X);
    s.reg.dimension = true;
    s.reg.dim_index = 2;
    expect_src(s, "IN[2][0].xxxx");

    expect_dst(nvgp_tgsi_dst(TGSI_FILE_OUTPUT, 1), "OUT[1]");
    expect_dst(dstm(TGSI_FILE_TEMPORARY, 0, 0x9), "TEMP[0].xw");
    expect_dst(dstm(TGSI_FILE_TEMPORARY, 0, 0x6), "TEMP[0].yz");
    tgsi_dst d = dstm(TGSI_FILE_TEMPORARY, 2, 0x1);
    d.reg.indirect = true;
    d.reg.ind.file = TGSI_FILE_ADDRESS;
    d.reg.ind.swizzle = X;
    expect_dst(d, "TEMP[ADDR[0].x+2].x");
}

/* ---- declarations ------------------------------------------------------------- */

static void test_declarations_fragment(void **state)
{
    (void)state;
    tgsi_program *p = nvgp_tgsi_program_create(TGSI_PROCESSOR_FRAGMENT);
    tgsi_declaration *d = dcl_sem(p, TGSI_FILE_INPUT, 0, TGSI_SEMANTIC_GENERIC, 0);
    d->usage_mask = 0x7;
    interp(d, TGSI_INTERPOLATE_PERSPECTIVE);
    d = dcl_sem(p, TGSI_FILE_INPUT, 1, TGSI_SEMANTIC_COLOR, 1);
    interp(d, TGSI_INTERPOLATE_COLOR);
    d->interpolate_location = TGSI_INTERPOLATE_LOC_CENTROID;
    d = dcl_sem(p, TGSI_FILE_INPUT, 2, TGSI_SEMANTIC_TEXCOORD, 0);
    interp(d, TGSI_INTERPOLATE_PERSPECTIVE);
    d->interpolate_location = TGSI_INTERPOLATE_LOC_SAMPLE;
    d = dcl_sem(p, TGSI_FILE_INPUT, 3, TGSI_SEMANTIC_FACE, 0);
    interp(d, TGSI_INTERPOLATE_CONSTANT);
    d = dcl_sem(p, TGSI_FILE_INPUT, 4, TGSI_SEMANTIC_GENERIC, 1);
    interp(d, TGSI_INTERPOLATE_LINEAR);
    d->cylindrical_wrap = 0x5;
    d = dcl_sem(p, TGSI_FILE_INPUT, 5, TGSI_SEMANTIC_BCOLOR, 0); /* no interpolation */
    d = dcl_sem(p, TGSI_FILE_SYSTEM_VALUE, 0, TGSI_SEMANTIC_SAMPLEID, 0);
    d = dcl_sem(p, TGSI_FILE_OUTPUT, 0, TGSI_SEMANTIC_COLOR, 3);
    d->invariant = true;
    d = dcl(p, TGSI_FILE_TEMPORARY, 2, 9);
    d->array_id = 1;
    d->local = true;
    d = dcl(p, TGSI_FILE_SAMPLER_VIEW, 0, 0);
    d->sview_target = TGSI_TEXTURE_2D;
    for (int c = 0; c < 4; c++)
        d->sview_return[c] = TGSI_RETURN_TYPE_FLOAT;
    d = dcl(p, TGSI_FILE_SAMPLER_VIEW, 1, 1);
    d->sview_target = TGSI_TEXTURE_CUBE_ARRAY;
    d->sview_return[0] = TGSI_RETURN_TYPE_UINT;
    d->sview_return[1] = TGSI_RETURN_TYPE_UINT;
    d->sview_return[2] = TGSI_RETURN_TYPE_SINT;
    d->sview_return[3] = TGSI_RETURN_TYPE_UNORM;
    d = dcl(p, TGSI_FILE_CONSTANT, 0, 3);
    d->has_dimension = true;
    d->dimension = 2;
    ins(p, TGSI_OPCODE_END);

    static const char want[] =
        "FRAG\n"
        "DCL IN[0].xyz, GENERIC[0], PERSPECTIVE\n"
        "DCL IN[1], COLOR[1], COLOR, CENTROID\n"
        "DCL IN[2], TEXCOORD[0], PERSPECTIVE, SAMPLE\n"
        "DCL IN[3], FACE, CONSTANT\n"
        "DCL IN[4], GENERIC[1], LINEAR, CYLWRAP_XZ\n"
        "DCL IN[5], BCOLOR\n"
        "DCL SV[0], SAMPLEID\n"
        "DCL OUT[0], COLOR[3], INVARIANT\n"
        "DCL TEMP[2..9], ARRAY(1), LOCAL\n"
        "DCL SVIEW[0], 2D, FLOAT\n"
        "DCL SVIEW[1], CUBEARRAY, UINT, UINT, SINT, UNORM\n"
        "DCL CONST[2][0..3]\n"
        "  0: END\n";
    expect_text(p, TGSI_STYLE_MESA, want);
    expect_text(p, TGSI_STYLE_CANONICAL, want);
    nvgp_tgsi_program_destroy(p);
}

static void test_declarations_interp_outside_fragment(void **state)
{
    (void)state;
    /* tgsi_dump prints the interpolation mode only for fragment inputs; the
     * canonical form keeps it wherever the program has it. */
    tgsi_program *p = nvgp_tgsi_program_create(TGSI_PROCESSOR_VERTEX);
    tgsi_declaration *d = dcl_sem(p, TGSI_FILE_OUTPUT, 1, TGSI_SEMANTIC_GENERIC, 3);
    interp(d, TGSI_INTERPOLATE_CONSTANT);
    d = dcl_sem(p, TGSI_FILE_OUTPUT, 2, TGSI_SEMANTIC_GENERIC, 4);
    interp(d, TGSI_INTERPOLATE_PERSPECTIVE);
    d->interpolate_location = TGSI_INTERPOLATE_LOC_CENTROID;
    expect_text(p, TGSI_STYLE_MESA,
                "VERT\n"
                "DCL OUT[1], GENERIC[3]\n"
                "DCL OUT[2], GENERIC[4], CENTROID\n");
    expect_text(p, TGSI_STYLE_CANONICAL,
                "VERT\n"
                "DCL OUT[1], GENERIC[3], CONSTANT\n"
                "DCL OUT[2], GENERIC[4], PERSPECTIVE, CENTROID\n");
    nvgp_tgsi_program_destroy(p);
}

static void test_declarations_geometry_tess(void **state)
{
    (void)state;
    tgsi_program *p = nvgp_tgsi_program_create(TGSI_PROCESSOR_GEOMETRY);
    tgsi_property_decl *pr = nvgp_tgsi_add_property(p);
    pr->name = TGSI_PROPERTY_GS_INPUT_PRIM;
    pr->num_data = 1;
    pr->data[0] = 4; /* PIPE_PRIM_TRIANGLES */
    pr = nvgp_tgsi_add_property(p);
    pr->name = TGSI_PROPERTY_GS_OUTPUT_PRIM;
    pr->num_data = 1;
    pr->data[0] = 3; /* PIPE_PRIM_LINE_STRIP */
    pr = nvgp_tgsi_add_property(p);
    pr->name = TGSI_PROPERTY_GS_MAX_OUTPUT_VERTICES;
    pr->num_data = 1;
    pr->data[0] = 6;
    pr = nvgp_tgsi_add_property(p);
    pr->name = TGSI_PROPERTY_GS_INVOCATIONS;
    pr->num_data = 1;
    pr->data[0] = 2;
    dcl_sem(p, TGSI_FILE_INPUT, 0, TGSI_SEMANTIC_POSITION, 0);
    dcl_sem(p, TGSI_FILE_INPUT, 1, TGSI_SEMANTIC_PRIMID, 0); /* still per vertex in a GS */
    tgsi_declaration *d = dcl_sem(p, TGSI_FILE_OUTPUT, 0, TGSI_SEMANTIC_GENERIC, 0);
    d->has_stream = true;
    d->stream[0] = 1;
    d->stream[1] = 1;
    d->stream[2] = 0;
    d->stream[3] = 2;
    tgsi_instruction *i = ins(p, TGSI_OPCODE_EMIT);
    i->src[0] = swz(TGSI_FILE_IMMEDIATE, 0, X, X, X, X);
    expect_text(p, TGSI_STYLE_MESA,
                "GEOM\n"
                "PROPERTY GS_INPUT_PRIMITIVE TRIANGLES\n"
                "PROPERTY GS_OUTPUT_PRIMITIVE LINE_STRIP\n"
                "PROPERTY GS_MAX_OUTPUT_VERTICES 6\n"
                "PROPERTY GS_INVOCATIONS 2\n"
                "DCL IN[][0], POSITION\n"
                "DCL IN[][1], PRIM_ID\n"
                "DCL OUT[0], GENERIC[0], STREAM(1, 1, 0, 2)\n"
                "  0: EMIT IMM[0].xxxx\n");
    nvgp_tgsi_program_destroy(p);

    /* Tessellation control: per-vertex inputs and outputs, patch data not. */
    p = nvgp_tgsi_program_create(TGSI_PROCESSOR_TESS_CTRL);
    pr = nvgp_tgsi_add_property(p);
    pr->name = TGSI_PROPERTY_TCS_VERTICES_OUT;
    pr->num_data = 1;
    pr->data[0] = 3;
    dcl_sem(p, TGSI_FILE_INPUT, 0, TGSI_SEMANTIC_POSITION, 0);
    dcl_sem(p, TGSI_FILE_INPUT, 1, TGSI_SEMANTIC_PRIMID, 0);
    dcl_sem(p, TGSI_FILE_OUTPUT, 0, TGSI_SEMANTIC_POSITION, 0);
    dcl_sem(p, TGSI_FILE_OUTPUT, 1, TGSI_SEMANTIC_TESSOUTER, 0);
    dcl_sem(p, TGSI_FILE_OUTPUT, 2, TGSI_SEMANTIC_PATCH, 5);
    dcl_sem(p, TGSI_FILE_SYSTEM_VALUE, 0, TGSI_SEMANTIC_INVOCATIONID, 0);
    expect_text(p, TGSI_STYLE_MESA,
                "TESS_CTRL\n"
                "PROPERTY TCS_VERTICES_OUT 3\n"
                "DCL IN[][0], POSITION\n"
                "DCL IN[1], PRIM_ID\n"
                "DCL OUT[][0], POSITION\n"
                "DCL OUT[1], TESSOUTER\n"
                "DCL OUT[2], PATCH[5]\n"
                "DCL SV[0], INVOCATIONID\n");
    nvgp_tgsi_program_destroy(p);

    /* Tessellation evaluation: inputs only. */
    p = nvgp_tgsi_program_create(TGSI_PROCESSOR_TESS_EVAL);
    dcl_sem(p, TGSI_FILE_INPUT, 0, TGSI_SEMANTIC_POSITION, 0);
    dcl_sem(p, TGSI_FILE_INPUT, 1, TGSI_SEMANTIC_TESSINNER, 0);
    dcl_sem(p, TGSI_FILE_OUTPUT, 0, TGSI_SEMANTIC_POSITION, 0);
    expect_text(p, TGSI_STYLE_MESA,
                "TESS_EVAL\n"
                "DCL IN[][0], POSITION\n"
                "DCL IN[1], TESSINNER\n"
                "DCL OUT[0], POSITION\n");
    nvgp_tgsi_program_destroy(p);
}

static void test_declarations_compute_memory(void **state)
{
    (void)state;
    tgsi_program *p = nvgp_tgsi_program_create(TGSI_PROCESSOR_COMPUTE);
    tgsi_property_decl *pr = nvgp_tgsi_add_property(p);
    pr->name = TGSI_PROPERTY_CS_FIXED_BLOCK_WIDTH;
    pr->num_data = 1;
    pr->data[0] = 64;
    dcl_sem(p, TGSI_FILE_SYSTEM_VALUE, 0, TGSI_SEMANTIC_THREAD_ID, 0)->usage_mask = 0x1;
    dcl(p, TGSI_FILE_BUFFER, 0, 0);
    dcl(p, TGSI_FILE_BUFFER, 1, 1)->atomic = true;
    tgsi_declaration *d = dcl(p, TGSI_FILE_MEMORY, 0, 0);
    d->memory_type = TGSI_MEMORY_TYPE_SHARED;
    d = dcl(p, TGSI_FILE_MEMORY, 1, 1);
    d->memory_type = TGSI_MEMORY_TYPE_GLOBAL;
    d = dcl(p, TGSI_FILE_HW_ATOMIC, 0, 3);
    d->has_dimension = true;
    d->dimension = 1;
    d->array_id = 2;

    tgsi_instruction *i = ins(p, TGSI_OPCODE_LOAD);
    i->dst[0] = nvgp_tgsi_dst(TGSI_FILE_TEMPORARY, 0);
    i->src[0] = nvgp_tgsi_src(TGSI_FILE_BUFFER, 0);
    i->src[1] = swz(TGSI_FILE_IMMEDIATE, 0, X, X, X, X);
    i->memory_qualifier = TGSI_MEMORY_COHERENT | TGSI_MEMORY_VOLATILE;
    i->texture = TGSI_TEXTURE_BUFFER;
    i = ins(p, TGSI_OPCODE_STORE);
    i->dst[0] = nvgp_tgsi_dst(TGSI_FILE_MEMORY, 0);
    i->src[0] = swz(TGSI_FILE_IMMEDIATE, 0, X, X, X, X);
    i->src[1] = nvgp_tgsi_src(TGSI_FILE_TEMPORARY, 0);
    i->memory_qualifier = TGSI_MEMORY_RESTRICT;
    i = ins(p, TGSI_OPCODE_ATOMUADD);
    i->dst[0] = dstm(TGSI_FILE_TEMPORARY, 1, 1);
    i->src[0] = nvgp_tgsi_src(TGSI_FILE_BUFFER, 1);
    i->src[1] = swz(TGSI_FILE_IMMEDIATE, 0, X, X, X, X);
    i->src[2] = swz(TGSI_FILE_IMMEDIATE, 0, Y, Y, Y, Y);
    i = ins(p, TGSI_OPCODE_BARRIER);
    ins(p, TGSI_OPCODE_END);

    static const char want_mesa[] =
        "COMP\n"
        "PROPERTY CS_FIXED_BLOCK_WIDTH 64\n"
        "DCL SV[0].x, THREAD_ID\n"
        "DCL BUFFER[0]\n"
        "DCL BUFFER[1], ATOMIC\n"
        "DCL MEMORY[0], SHARED\n"
        "DCL MEMORY[1], GLOBAL\n"
        "DCL HWATOMIC[1][0..3], ARRAY(2)\n"
        "  0: LOAD TEMP[0], BUFFER[0], IMM[0].xxxx, COHERENT, VOLATILE\n"
        "  1: STORE MEMORY[0], IMM[0].xxxx, TEMP[0], RESTRICT\n"
        "  2: ATOMUADD TEMP[1].x, BUFFER[1], IMM[0].xxxx, IMM[0].yyyy\n"
        "  3: BARRIER\n"
        "  4: END\n";
    expect_text(p, TGSI_STYLE_MESA, want_mesa);
    /* The canonical form keeps the BUFFER target Mesa leaves out. */
    char *canon = print(p, TGSI_STYLE_CANONICAL);
    assert_non_null(strstr(canon, "  0: LOAD TEMP[0], BUFFER[0], IMM[0].xxxx, COHERENT, VOLATILE, BUFFER\n"));
    free(canon);
    nvgp_tgsi_program_destroy(p);
}

static void test_image_declaration_and_access(void **state)
{
    (void)state;
    tgsi_program *p = nvgp_tgsi_program_create(TGSI_PROCESSOR_FRAGMENT);
    tgsi_declaration *d = dcl(p, TGSI_FILE_IMAGE, 0, 0);
    d->resource_target = TGSI_TEXTURE_2D_ARRAY;
    d->image_format = 1;
    d->writable = true;
    d->raw = true;
    tgsi_instruction *i = ins(p, TGSI_OPCODE_LOAD);
    i->dst[0] = nvgp_tgsi_dst(TGSI_FILE_TEMPORARY, 0);
    i->src[0] = nvgp_tgsi_src(TGSI_FILE_IMAGE, 0);
    i->src[1] = nvgp_tgsi_src(TGSI_FILE_TEMPORARY, 1);
    i->texture = TGSI_TEXTURE_2D_ARRAY;
    char *got = print(p, TGSI_STYLE_MESA);
    /* The format name itself comes from the names table; its place and the
     * PIPE_FORMAT_ prefix util_format_name() prints are what is checked. */
    assert_non_null(strstr(got, "DCL IMAGE[0], 2D_ARRAY, PIPE_FORMAT_R32G32B32A32_FLOAT, WR, RAW\n"));
    assert_non_null(strstr(got, ", WR, RAW\n"));
    assert_non_null(strstr(got, "  0: LOAD TEMP[0], IMAGE[0], TEMP[1], 2D_ARRAY\n"));
    free(got);
    nvgp_tgsi_program_destroy(p);
}

/* ---- textures ------------------------------------------------------------------- */

static void test_texture_instructions(void **state)
{
    (void)state;
    tgsi_program *p = nvgp_tgsi_program_create(TGSI_PROCESSOR_FRAGMENT);
    tgsi_instruction *i = ins(p, TGSI_OPCODE_TXP);
    i->dst[0] = nvgp_tgsi_dst(TGSI_FILE_TEMPORARY, 0);
    i->src[0] = nvgp_tgsi_src(TGSI_FILE_INPUT, 1);
    i->src[1] = nvgp_tgsi_src(TGSI_FILE_SAMPLER, 0);
    i->texture = TGSI_TEXTURE_SHADOWRECT;
    i = ins(p, TGSI_OPCODE_TEX);
    i->dst[0] = dstm(TGSI_FILE_TEMPORARY, 0, 0x8);
    i->src[0] = nvgp_tgsi_src(TGSI_FILE_TEMPORARY, 0);
    i->src[1] = nvgp_tgsi_src(TGSI_FILE_SAMPLER, 1);
    i->texture = TGSI_TEXTURE_2D;
    i->num_offsets = 1;
    i->offsets[0].file = TGSI_FILE_IMMEDIATE;
    i->offsets[0].index = 2;
    i->offsets[0].swizzle[0] = Z;
    i->offsets[0].swizzle[1] = W;
    i->offsets[0].swizzle[2] = X;
    i = ins(p, TGSI_OPCODE_TXD);
    i->dst[0] = nvgp_tgsi_dst(TGSI_FILE_TEMPORARY, 1);
    i->src[0] = nvgp_tgsi_src(TGSI_FILE_TEMPORARY, 0);
    i->src[1] = nvgp_tgsi_src(TGSI_FILE_TEMPORARY, 2);
    i->src[2] = nvgp_tgsi_src(TGSI_FILE_TEMPORARY, 3);
    i->src[3] = nvgp_tgsi_src(TGSI_FILE_SAMPLER, 0);
    i->texture = TGSI_TEXTURE_CUBE;
    i = ins(p, TGSI_OPCODE_SAMPLE); /* target comes from the view */
    i->dst[0] = nvgp_tgsi_dst(TGSI_FILE_TEMPORARY, 2);
    i->src[0] = nvgp_tgsi_src(TGSI_FILE_TEMPORARY, 0);
    i->src[1] = nvgp_tgsi_src(TGSI_FILE_SAMPLER_VIEW, 0);
    i->src[2] = nvgp_tgsi_src(TGSI_FILE_SAMPLER, 0);
    i = ins(p, TGSI_OPCODE_MOV);
    i->precise = true;
    i->dst[0] = nvgp_tgsi_dst(TGSI_FILE_OUTPUT, 0);
    i->src[0] = nvgp_tgsi_src(TGSI_FILE_TEMPORARY, 2);
    static const char want[] =
        "FRAG\n"
        "  0: TXP TEMP[0], IN[1], SAMP[0], SHADOWRECT\n"
        "  1: TEX TEMP[0].w, TEMP[0], SAMP[1], 2D, IMM[2].zwx\n"
        "  2: TXD TEMP[1], TEMP[0], TEMP[2], TEMP[3], SAMP[0], CUBE\n"
        "  3: SAMPLE TEMP[2], TEMP[0], SVIEW[0], SAMP[0]\n"
        "  4: MOV_PRECISE OUT[0], TEMP[2]\n";
    expect_text(p, TGSI_STYLE_MESA, want);
    expect_text(p, TGSI_STYLE_CANONICAL, want);

    /* A return type: tgsi_dump never printed it; the canonical form keeps
     * it after the target, where the reader takes it. */
    i = ins(p, TGSI_OPCODE_TXF);
    i->dst[0] = nvgp_tgsi_dst(TGSI_FILE_TEMPORARY, 3);
    i->src[0] = nvgp_tgsi_src(TGSI_FILE_TEMPORARY, 0);
    i->src[1] = nvgp_tgsi_src(TGSI_FILE_SAMPLER, 0);
    i->texture = TGSI_TEXTURE_2D_ARRAY;
    i->return_type = TGSI_RETURN_TYPE_SINT;
    char *m = print(p, TGSI_STYLE_MESA);
    assert_non_null(strstr(m, "  5: TXF TEMP[3], TEMP[0], SAMP[0], 2D_ARRAY\n"));
    free(m);
    m = print(p, TGSI_STYLE_CANONICAL);
    assert_non_null(strstr(m, "  5: TXF TEMP[3], TEMP[0], SAMP[0], 2D_ARRAY, SINT\n"));
    free(m);

    nvgp_strbuf sb;
    nvgp_strbuf_init(&sb);
    nvgp_tgsi_write_instruction(p, &p->instructions[2], TGSI_STYLE_MESA, &sb);
    assert_string_equal(sb.data, "TXD TEMP[1], TEMP[0], TEMP[2], TEMP[3], SAMP[0], CUBE");
    nvgp_strbuf_free(&sb);
    nvgp_tgsi_program_destroy(p);
}

/* ---- immediates ----------------------------------------------------------------- */

static void test_immediates_mesa(void **state)
{
    (void)state;
    tgsi_program *p = nvgp_tgsi_program_create(TGSI_PROCESSOR_VERTEX);
    imm_f(p, 1.0f, -1.0f, 1234.5f, 0.00004f);
    tgsi_immediate *im = nvgp_tgsi_add_immediate(p);
    im->type = TGSI_IMM_UINT32;
    im->num_words = 4;
    im->value[0] = 0;
    im->value[1] = 1;
    im->value[2] = 0xffffffffu;
    im->value[3] = 2147483648u;
    im = nvgp_tgsi_add_immediate(p);
    im->type = TGSI_IMM_INT32;
    im->num_words = 4;
    im->value[0] = 2;
    im->value[1] = (uint32_t)-1;
    im->value[2] = 0x80000000u;
    im->value[3] = 7;
    im = nvgp_tgsi_add_immediate(p);
    im->type = TGSI_IMM_INT32;
    im->num_words = 2; /* fewer than four values */
    im->value[0] = 5;
    im->value[1] = 6;
    double d1 = 1.5, d2 = -0.25;
    uint64_t b1, b2;
    memcpy(&b1, &d1, 8);
    memcpy(&b2, &d2, 8);
    im = nvgp_tgsi_add_immediate(p);
    im->type = TGSI_IMM_FLOAT64;
    im->num_words = 4;
    im->value[0] = (uint32_t)b1;
    im->value[1] = (uint32_t)(b1 >> 32);
    im->value[2] = (uint32_t)b2;
    im->value[3] = (uint32_t)(b2 >> 32);
    im = nvgp_tgsi_add_immediate(p);
    im->type = TGSI_IMM_UINT64;
    im->num_words = 4;
    im->value[0] = 0xffffffffu; /* 2^64 - 1 */
    im->value[1] = 0xffffffffu;
    im->value[2] = 0; /* 2^32 */
    im->value[3] = 1;
    im = nvgp_tgsi_add_immediate(p);
    im->type = TGSI_IMM_INT64;
    im->num_words = 2;
    im->value[0] = 0xfffffffeu; /* -2 */
    im->value[1] = 0xffffffffu;
    static const char want[] =
        "VERT\n"
        "IMM[0] FLT32 {    1.0000,    -1.0000,  1234.5000,     0.0000}\n"
        "IMM[1] UINT32 {0, 1, 4294967295, 2147483648}\n"
        "IMM[2] INT32 {2, -1, -2147483648, 7}\n"
        "IMM[3] INT32 {5, 6}\n"
        "IMM[4] FLT64 {1.50000000, -0.25000000}\n"
        "IMM[5] UINT64 {18446744073709551615, 4294967296}\n"
        "IMM[6] INT64 {-2}\n";
    expect_text(p, TGSI_STYLE_MESA, want);
    static const char want_canon[] =
        "VERT\n"
        "IMM[0] FLT32 {1, -1, 1234.5, 4e-05}\n"
        "IMM[1] UINT32 {0, 1, 4294967295, 2147483648}\n"
        "IMM[2] INT32 {2, -1, -2147483648, 7}\n"
        "IMM[3] INT32 {5, 6}\n"
        "IMM[4] FLT64 {1.5, -0.25}\n"
        "IMM[5] UINT64 {18446744073709551615, 4294967296}\n"
        "IMM[6] INT64 {-2}\n";
    expect_text(p, TGSI_STYLE_CANONICAL, want_canon);
    nvgp_tgsi_program_destroy(p);
}

static void test_immediates_canonical_specials(void **state)
{
    (void)state;
    tgsi_program *p = nvgp_tgsi_program_create(TGSI_PROCESSOR_FRAGMENT);
    tgsi_immediate *im = nvgp_tgsi_add_immediate(p);
    im->type = TGSI_IMM_FLOAT32;
    im->num_words = 4;
    im->value[0] = 0x7fc00001u; /* quiet NaN with a payload */
    im->value[1] = 0x7f800000u; /* +inf */
    im->value[2] = 0xff800000u; /* -inf */
    im->value[3] = 0x80000000u; /* -0 */
    im = nvgp_tgsi_add_immediate(p);
    im->type = TGSI_IMM_FLOAT32;
    im->num_words = 4;
    im->value[0] = 0x00000001u; /* smallest denormal */
    im->value[1] = 0x7f7fffffu; /* FLT_MAX */
    im->value[2] = 0xff80abcdu; /* negative signalling NaN */
    im->value[3] = 0x3dcccccdu; /* 0.1f */
    static const char want[] =
        "FRAG\n"
        "IMM[0] FLT32 {0x7fc00001, 0x7f800000, 0xff800000, -0}\n"
        "IMM[1] FLT32 {1e-45, 3.4028235e+38, 0xff80abcd, 0.1}\n";
    expect_text(p, TGSI_STYLE_CANONICAL, want);
    /* tgsi_dump's %10.4f of the same values. */
    static const char want_mesa[] =
        "FRAG\n"
        "IMM[0] FLT32 {       nan,        inf,       -inf,    -0.0000}\n"
        "IMM[1] FLT32 {    0.0000, 340282346638528859811704183484516925440.0000,       -nan,     0.1000}\n";
    expect_text(p, TGSI_STYLE_MESA, want_mesa);
    nvgp_tgsi_program_destroy(p);
}

/* ---- exact float text -------------------------------------------------------------- */

static char *fstr(float f)
{
    nvgp_strbuf sb;
    nvgp_strbuf_init(&sb);
    nvgp_tgsi_write_float_exact(f, &sb);
    return nvgp_strbuf_take(&sb, NULL);
}

static void expect_float(float f, const char *want)
{
    char *s = fstr(f);
    assert_string_equal(s, want);
    float back = strtof(s, NULL);
    assert_int_equal(fbits(back), fbits(f));
    free(s);
}

static void test_float_shortest_known(void **state)
{
    (void)state;
    /* Shortest round-trip forms as Ryu / Grisu compute them, written in %g
     * spelling. */
    expect_float(0.1f, "0.1");
    expect_float(0.5f, "0.5");
    expect_float(1.0f, "1");
    expect_float(-2.0f, "-2");
    expect_float(0.0f, "0");
    expect_float(-0.0f, "-0");
    expect_float(0.3f, "0.3");
    expect_float(1.0f / 3.0f, "0.33333334");
    expect_float(16777216.0f, "16777216");
    expect_float(16777218.0f, "16777218");
    expect_float(123456789.0f, "123456790");   /* the float is 123456792 */
    expect_float(1e9f, "1e+09");
    expect_float(0.0001f, "0.0001");
    expect_float(0.00004f, "4e-05");
    expect_float(-1.5e-10f, "-1.5e-10");
    expect_float(1e10f, "1e+10");
    expect_float(FLT_MAX, "3.4028235e+38");
    expect_float(FLT_MIN, "1.1754944e-38");
    expect_float(1e-45f, "1e-45");            /* smallest denormal, 2^-149 */
    expect_float(2.8e-45f, "3e-45");          /* 2 * 2^-149 */
    expect_float(3.14159265f, "3.1415927");
    expect_float(0.003f, "0.003");
    expect_float(100.0f, "100");
    /* Powers of two whose shortest form is not the correctly rounded one
     * (the rounding interval is narrower below them); the strings are
     * those an exhaustive search over all p-digit decimals finds. */
    expect_float(0x1p87f, "1.5474251e+26");
    expect_float(0x1p90f, "1.2379401e+27");
    expect_float(0x1p-96f, "1.2621775e-29");
    expect_float(0x1p-126f, "1.1754944e-38");
}

/* xorshift: a fixed pseudo-random walk through float bit patterns. */
static uint32_t next_rand(uint32_t *s)
{
    uint32_t x = *s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *s = x;
    return x;
}

static void test_float_round_trip_random(void **state)
{
    (void)state;
    uint32_t seed = 0x12345678u;
    char buf[400];
    for (int n = 0; n < 200000; n++) {
        uint32_t bits = next_rand(&seed);
        if (n < 256)
            bits = (uint32_t)n; /* all the smallest denormals */
        float f;
        memcpy(&f, &bits, sizeof f);
        if (isnan(f) || isinf(f))
            continue;
        char *s = fstr(f);
        float back = strtof(s, NULL);
        if (fbits(back) != bits)
            fail_msg("0x%08x printed as %s reads back as 0x%08x", bits, s, fbits(back));
        /* Shortest: one significant digit fewer never reads back. */
        int digits = 0;
        bool leading = true;
        for (const char *c = s; *c && *c != 'e'; c++) {
            if (*c < '0' || *c > '9')
                continue;
            if (*c == '0' && leading)
                continue;
            leading = false;
            digits++;
        }
        /* Trailing zeros of an integer are not significant. */
        if (!strchr(s, '.') && !strchr(s, 'e'))
            for (size_t k = strlen(s); k > 1 && s[k - 1] == '0' && digits > 1; k--)
                digits--;
        if (digits > 1) {
            snprintf(buf, sizeof buf, "%.*e", digits - 2, (double)f);
            float shorter = strtof(buf, NULL);
            if (fbits(shorter) == bits)
                fail_msg("0x%08x printed as %s, but %s is shorter", bits, s, buf);
        }
        free(s);
    }
}

static void test_double_round_trip(void **state)
{
    (void)state;
    static const double vals[] = {0.1, 1.0 / 3.0, 1e308, 4.9e-324, -0.0, 2.2250738585072014e-308,
                                  9007199254740993.0, 123.456};
    for (size_t k = 0; k < sizeof vals / sizeof *vals; k++) {
        nvgp_strbuf sb;
        nvgp_strbuf_init(&sb);
        nvgp_tgsi_write_double_exact(vals[k], &sb);
        double back = strtod(sb.data, NULL);
        assert_memory_equal(&back, &vals[k], sizeof back);
        nvgp_strbuf_free(&sb);
    }
    nvgp_strbuf sb;
    nvgp_strbuf_init(&sb);
    nvgp_tgsi_write_double_exact(0.1, &sb);
    assert_string_equal(sb.data, "0.1");
    nvgp_strbuf_clear(&sb);
    nvgp_tgsi_write_double_exact(1.0 / 3.0, &sb);
    assert_string_equal(sb.data, "0.3333333333333333");
    nvgp_strbuf_clear(&sb);
    nvgp_tgsi_write_double_exact(4.9e-324, &sb);
    assert_string_equal(sb.data, "5e-324");
    nvgp_strbuf_free(&sb);
}

/* ---- properties ---------------------------------------------------------------------- */

static void test_properties(void **state)
{
    (void)state;
    tgsi_program *p = nvgp_tgsi_program_create(TGSI_PROCESSOR_FRAGMENT);
    tgsi_property_decl *pr = nvgp_tgsi_add_property(p);
    pr->name = TGSI_PROPERTY_FS_COORD_ORIGIN;
    pr->num_data = 1;
    pr->data[0] = 1; /* LOWER_LEFT */
    pr = nvgp_tgsi_add_property(p);
    pr->name = TGSI_PROPERTY_FS_COORD_PIXEL_CENTER;
    pr->num_data = 1;
    pr->data[0] = 0; /* HALF_INTEGER */
    pr = nvgp_tgsi_add_property(p);
    pr->name = TGSI_PROPERTY_FS_DEPTH_LAYOUT; /* tgsi_dump prints a number */
    pr->num_data = 1;
    pr->data[0] = 2;
    pr = nvgp_tgsi_add_property(p);
    pr->name = TGSI_PROPERTY_NEXT_SHADER; /* 2017: a number */
    pr->num_data = 1;
    pr->data[0] = 1;
    pr = nvgp_tgsi_add_property(p);
    pr->name = TGSI_PROPERTY_FS_EARLY_DEPTH_STENCIL;
    pr->num_data = 1;
    pr->data[0] = 1;
    static const char want[] =
        "FRAG\n"
        "PROPERTY FS_COORD_ORIGIN LOWER_LEFT\n"
        "PROPERTY FS_COORD_PIXEL_CENTER HALF_INTEGER\n"
        "PROPERTY FS_DEPTH_LAYOUT 2\n"
        "PROPERTY NEXT_SHADER 1\n"
        "PROPERTY FS_EARLY_DEPTH_STENCIL 1\n";
    expect_text(p, TGSI_STYLE_MESA, want);
    expect_text(p, TGSI_STYLE_CANONICAL, want);
    nvgp_tgsi_program_destroy(p);
}

static void test_stream_order_kept(void **state)
{
    (void)state;
    /* Declarations after immediates and instructions stay where they are,
     * as tgsi_dump prints tokens in stream order. */
    tgsi_program *p = nvgp_tgsi_program_create(TGSI_PROCESSOR_FRAGMENT);
    imm_f(p, 0.0f, 1.0f, 128.0f, 0.0f);
    dcl_sem(p, TGSI_FILE_INPUT, 1, TGSI_SEMANTIC_BCOLOR, 0);
    tgsi_instruction *i = ins(p, TGSI_OPCODE_CMP);
    i->dst[0] = nvgp_tgsi_dst(TGSI_FILE_TEMPORARY, 0);
    i->src[0] = swz(TGSI_FILE_INPUT, 2, X, X, X, X);
    i->src[1] = nvgp_tgsi_src(TGSI_FILE_INPUT, 0);
    i->src[2] = nvgp_tgsi_src(TGSI_FILE_INPUT, 1);
    dcl(p, TGSI_FILE_TEMPORARY, 0, 0);
    imm_f(p, 2.0f, 0.0f, 0.0f, 0.0f);
    expect_text(p, TGSI_STYLE_MESA,
                "FRAG\n"
                "IMM[0] FLT32 {    0.0000,     1.0000,   128.0000,     0.0000}\n"
                "DCL IN[1], BCOLOR\n"
                "  0: CMP TEMP[0], IN[2].xxxx, IN[0], IN[1]\n"
                "DCL TEMP[0]\n"
                "IMM[1] FLT32 {    2.0000,     0.0000,     0.0000,     0.0000}\n");
    nvgp_tgsi_program_destroy(p);
}

/* ---- canonical text reads back to itself ----------------------------------------- */

/* Hand-written canonical texts covering what the corpus lacks (images,
 * memory, 64-bit and special immediates, streams, 2D and indirect
 * operands, tessellation and geometry declarations): read, then printed
 * canonically, each must come back unchanged. */
static const char *const canonical_texts[] = {
    "GEOM\n"
    "PROPERTY GS_INPUT_PRIMITIVE TRIANGLES\n"
    "PROPERTY GS_OUTPUT_PRIMITIVE LINE_STRIP\n"
    "PROPERTY GS_MAX_OUTPUT_VERTICES 6\n"
    "PROPERTY GS_INVOCATIONS 2\n"
    "DCL IN[][0], POSITION\n"
    "DCL IN[][1], PRIM_ID\n"
    "DCL OUT[0], POSITION\n"
    "DCL OUT[1], GENERIC[0], STREAM(1, 1, 0, 2)\n"
    "DCL CONST[1][0..6]\n"
    "DCL TEMP[0..3], ARRAY(1), LOCAL\n"
    "DCL ADDR[0..1]\n"
    "IMM[0] UINT32 {0, 1, 4294967295, 2147483648}\n"
    "IMM[1] FLT32 {0x7fc00001, 0x7f800000, 0xff800000, -0}\n"
    "IMM[2] FLT32 {1e-45, 3.4028235e+38, 0.1, 123456790}\n"
    "  0: MOV TEMP[ADDR[0].x+1](1), IN[2][0]\n"
    "  1: MOV OUT[0].xy, CONST[1][ADDR[1].y-2].zwzw\n"
    "  2: MOV OUT[1], -|TEMP[ADDR[0].x](1).wzyx|\n"
    "  3: EMIT IMM[0].xxxx\n"
    "  4: ENDPRIM IMM[0].xxxx\n"
    "  5: END\n",

    "TESS_CTRL\n"
    "PROPERTY TCS_VERTICES_OUT 3\n"
    "DCL IN[][0], POSITION\n"
    "DCL OUT[][0], POSITION\n"
    "DCL OUT[1], TESSOUTER\n"
    "DCL OUT[2], PATCH[5]\n"
    "DCL SV[0], INVOCATIONID\n"
    "  0: MOV OUT[SV[0].x][0], IN[SV[0].x+1][0]\n"
    "  1: END\n",

    "FRAG\n"
    "PROPERTY FS_COORD_ORIGIN LOWER_LEFT\n"
    "PROPERTY FS_COORD_PIXEL_CENTER HALF_INTEGER\n"
    "PROPERTY FS_EARLY_DEPTH_STENCIL 1\n"
    "DCL IN[0].xyz, GENERIC[0], PERSPECTIVE\n"
    "DCL IN[1], COLOR[1], COLOR, CENTROID\n"
    "DCL IN[2], TEXCOORD[0], PERSPECTIVE, SAMPLE\n"
    "DCL IN[3], FACE, CONSTANT\n"
    "DCL IN[4], GENERIC[1], LINEAR, CYLWRAP_XZ\n"
    "DCL OUT[0], COLOR[3], INVARIANT\n"
    "DCL SAMP[0..1]\n"
    "DCL SVIEW[0], 2D, FLOAT\n"
    "DCL SVIEW[1], CUBEARRAY, UINT, UINT, SINT, UNORM\n"
    "DCL TEMP[0..3], LOCAL\n"
    "IMM[0] FLT64 {1.5, 0x7ff8000000000001}\n"
    "IMM[1] INT64 {-2, 9223372036854775807}\n"
    "IMM[2] UINT64 {18446744073709551615}\n"
    "IMM[3] INT32 {-2147483648, 5}\n"
    "IMM[4] FLT64 {0.1, 5e-324}\n"
    "  0: TEX TEMP[0].w, IN[0], SAMP[1], 2D, IMM[3].xyx\n"
    "  1: TXF TEMP[1], TEMP[0], SAMP[0], 2D_ARRAY, SINT\n"
    "  2: SAMPLE TEMP[2], TEMP[0], SVIEW[0], SAMP[0]\n"
    "  3: UIF TEMP[1].xxxx :6\n"
    "  4:   MOV_SAT TEMP[3], IN[1]\n"
    "  5: ELSE :7\n"
    "  6:   MOV_PRECISE TEMP[3], IN[2]\n"
    "  7: ENDIF\n"
    "  8: BGNLOOP :10\n"
    "  9:   BRK\n"
    " 10: ENDLOOP :9\n"
    " 11: MOV OUT[0], TEMP[3]\n"
    " 12: END\n",

    "COMP\n"
    "PROPERTY CS_FIXED_BLOCK_WIDTH 64\n"
    "PROPERTY CS_FIXED_BLOCK_HEIGHT 1\n"
    "PROPERTY CS_FIXED_BLOCK_DEPTH 1\n"
    "DCL SV[0].x, THREAD_ID\n"
    "DCL BUFFER[0]\n"
    "DCL BUFFER[1], ATOMIC\n"
    "DCL IMAGE[0], 2D_ARRAY, PIPE_FORMAT_R32G32B32A32_FLOAT, WR, RAW\n"
    "DCL MEMORY[0], SHARED\n"
    "DCL MEMORY[1], GLOBAL\n"
    "DCL HWATOMIC[1][0..3], ARRAY(2)\n"
    "DCL TEMP[0..1]\n"
    "IMM[0] UINT32 {0, 4, 0, 0}\n"
    "  0: LOAD TEMP[0], BUFFER[0], IMM[0].xxxx, COHERENT, VOLATILE, BUFFER\n"
    "  1: LOAD TEMP[1], IMAGE[0], TEMP[0], 2D_ARRAY, PIPE_FORMAT_R32G32B32A32_FLOAT\n"
    "  2: STORE MEMORY[0].x, IMM[0].xxxx, TEMP[0], RESTRICT\n"
    "  3: ATOMUADD TEMP[1].x, BUFFER[1], IMM[0].xxxx, IMM[0].yyyy\n"
    "  4: BARRIER\n"
    "  5: END\n",

    "VERT\n"
    "PROPERTY NEXT_SHADER 4\n"
    "DCL IN[0]\n"
    "DCL OUT[0], POSITION\n"
    "DCL OUT[1], GENERIC[3], CONSTANT\n"
    "DCL OUT[2], GENERIC[4], PERSPECTIVE, CENTROID\n"
    "DCL CONST[0][0..3]\n"
    "  0: MOV OUT[0], CONST[0][0]\n"
    "  1: CAL :3\n"
    "  2: END\n"
    "  3: BGNSUB\n"
    "  4:   RET\n"
    "  5: ENDSUB\n",
};

static void test_canonical_reads_back(void **state)
{
    (void)state;
    for (size_t k = 0; k < sizeof canonical_texts / sizeof *canonical_texts; k++) {
        const char *text = canonical_texts[k];
        nvgp_diag *diag = nvgp_diag_create("canonical", text, strlen(text));
        tgsi_program *p = nvgp_tgsi_read(text, strlen(text), diag);
        if (!p) {
            nvgp_diag_print(diag, stderr);
            fail_msg("canonical text %zu does not read", k);
        }
        nvgp_diag_destroy(diag);
        char *got = print(p, TGSI_STYLE_CANONICAL);
        if (strcmp(got, text) != 0)
            fprintf(stderr, "--- want\n%s--- got\n%s---\n", text, got);
        assert_string_equal(got, text);
        free(got);
        nvgp_tgsi_program_destroy(p);
    }
}

/* The specials of IMM[1] above are kept bit for bit. */
static void test_canonical_special_bits(void **state)
{
    (void)state;
    const char *text = canonical_texts[0];
    tgsi_program *p = nvgp_tgsi_read(text, strlen(text), NULL);
    assert_non_null(p);
    assert_true(p->num_immediates >= 3);
    static const uint32_t want1[4] = {0x7fc00001u, 0x7f800000u, 0xff800000u, 0x80000000u};
    static const uint32_t want2[4] = {0x00000001u, 0x7f7fffffu, 0x3dcccccdu, 0x4ceb79a3u};
    assert_memory_equal(p->immediates[1].value, want1, sizeof want1);
    assert_memory_equal(p->immediates[2].value, want2, sizeof want2);
    nvgp_tgsi_program_destroy(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mesa_fragment_program),
        cmocka_unit_test(test_indentation),
        cmocka_unit_test(test_operands),
        cmocka_unit_test(test_declarations_fragment),
        cmocka_unit_test(test_declarations_interp_outside_fragment),
        cmocka_unit_test(test_declarations_geometry_tess),
        cmocka_unit_test(test_declarations_compute_memory),
        cmocka_unit_test(test_image_declaration_and_access),
        cmocka_unit_test(test_texture_instructions),
        cmocka_unit_test(test_immediates_mesa),
        cmocka_unit_test(test_immediates_canonical_specials),
        cmocka_unit_test(test_float_shortest_known),
        cmocka_unit_test(test_float_round_trip_random),
        cmocka_unit_test(test_double_round_trip),
        cmocka_unit_test(test_properties),
        cmocka_unit_test(test_stream_order_kept),
        cmocka_unit_test(test_canonical_reads_back),
        cmocka_unit_test(test_canonical_special_bits),
        cmocka_unit_test(test_indentation_capped),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

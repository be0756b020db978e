/* The TGSI text reader: one test per syntax feature on hand-written
 * programs with the IR fields asserted (expected values worked out from the
 * TGSI text by hand, floats from IEEE-754 encodings), negative tests for
 * each error class with the error's byte offset, robustness on hostile
 * input, and the whole TGSI corpus. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tgsi/tgsi_names.h"
#include "tgsi/tgsi_text_read.h"
#include "tgsi/tgsi_text_write.h"
#include "walk_files.h"

/* ---- Helpers ------------------------------------------------------------------- */

static tgsi_program *read_len(const char *text, size_t len)
{
    nvgp_diag *d = nvgp_diag_create("test", text, len);
    tgsi_program *p = nvgp_tgsi_read(text, len, d);
    if (!p)
        nvgp_diag_print(d, stdout);
    nvgp_diag_destroy(d);
    return p;
}

static tgsi_program *read_ok(const char *text)
{
    tgsi_program *p = read_len(text, strlen(text));
    assert_non_null(p);
    return p;
}

/* Reads text that must fail; checks the first error's offset and that its
 * message contains `words`. */
static void read_err_len(const char *text, size_t len, long offset, const char *words)
{
    nvgp_diag *d = nvgp_diag_create("test", text, len);
    tgsi_program *p = nvgp_tgsi_read(text, len, d);
    if (p) {
        printf("  unexpectedly read: %.*s\n", (int)(len > 200 ? 200 : len), text);
        nvgp_tgsi_program_destroy(p);
        fail();
    }
    assert_true(nvgp_diag_error_count(d) >= 1);
    nvgp_diag_entry e;
    assert_true(nvgp_diag_get(d, 0, &e));
    if (nvgp_diag_error_position(d) != offset || (words && !strstr(e.message, words))) {
        printf("  got offset %ld '%s', expected offset %ld containing '%s'\n",
               nvgp_diag_error_position(d), e.message, offset, words ? words : "");
        fail();
    }
    nvgp_diag_destroy(d);
}

static void read_err(const char *text, const char *at, const char *words)
{
    const char *hit = strstr(text, at);
    assert_non_null(hit);
    read_err_len(text, strlen(text), hit - text, words);
}

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static const tgsi_instruction *inst(const tgsi_program *p, unsigned i)
{
    assert_true(i < p->num_instructions);
    return &p->instructions[i];
}

static const tgsi_declaration *decl(const tgsi_program *p, unsigned i)
{
    assert_true(i < p->num_declarations);
    return &p->declarations[i];
}

#define SWZ(s, a, b, c, d)                                                                   \
    do {                                                                                     \
        assert_int_equal((s)->swizzle[0], a);                                                \
        assert_int_equal((s)->swizzle[1], b);                                                \
        assert_int_equal((s)->swizzle[2], c);                                                \
        assert_int_equal((s)->swizzle[3], d);                                                \
    } while (0)

/* ---- Header, layout, comments -------------------------------------------------- */

static void test_headers(void **state)
{
    (void)state;
    static const struct { const char *text; tgsi_processor proc; } cases[] = {
        { "VERT\nEND\n", TGSI_PROCESSOR_VERTEX },
        { "FRAG\nEND\n", TGSI_PROCESSOR_FRAGMENT },
        { "GEOM\nEND\n", TGSI_PROCESSOR_GEOMETRY },
        { "TESS_CTRL\nEND\n", TGSI_PROCESSOR_TESS_CTRL },
        { "TESS_EVAL\nEND\n", TGSI_PROCESSOR_TESS_EVAL },
        { "COMP\nEND\n", TGSI_PROCESSOR_COMPUTE },
        { "frag\nend\n", TGSI_PROCESSOR_FRAGMENT },            /* names ignore case */
        { "\n\n# dumped by foo\n; more\n  FRAG\nEND", TGSI_PROCESSOR_FRAGMENT },
        { "// c++ style\n/* block */ VERT END", TGSI_PROCESSOR_VERTEX },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tgsi_program *p = read_ok(cases[i].text);
        assert_int_equal(p->processor, cases[i].proc);
        assert_int_equal(p->num_instructions, 1);
        assert_int_equal(p->instructions[0].opcode, TGSI_OPCODE_END);
        nvgp_tgsi_program_destroy(p);
    }
    /* An empty program (header only) is read. */
    tgsi_program *p = read_ok("COMP");
    assert_int_equal(p->num_items, 0);
    nvgp_tgsi_program_destroy(p);
}

static void test_line_ends_and_comments(void **state)
{
    (void)state;
    const char *texts[] = {
        "FRAG\nDCL IN[0]\nDCL OUT[0], COLOR\nMOV OUT[0], IN[0]\nEND\n",
        "FRAG\r\nDCL IN[0]\r\nDCL OUT[0], COLOR\r\nMOV OUT[0], IN[0]\r\nEND\r\n",
        "FRAG\rDCL IN[0]\rDCL OUT[0], COLOR\rMOV OUT[0], IN[0]\rEND\r",
        ("FRAG   \n\n  DCL IN[0]   \t\n# full-line comment\nDCL OUT[0], COLOR ; trailing\n"
         "MOV OUT[0], IN[0] // c++ comment\n; another\nEND   \n\n\n"),
        "FRAG DCL IN[0] DCL OUT[0], COLOR MOV OUT[0], IN[0] END",
        "FRAG\nDCL IN[0]\nDCL OUT[0], COLOR\nMOV OUT[0], IN[0]\nEND\n\0\0",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        size_t len = strlen(texts[i]) + (i == 5 ? 2 : 0);
        tgsi_program *p = read_len(texts[i], len);
        assert_non_null(p);
        assert_int_equal(p->num_declarations, 2);
        assert_int_equal(p->num_instructions, 2);
        assert_int_equal(inst(p, 0)->opcode, TGSI_OPCODE_MOV);
        assert_int_equal(inst(p, 0)->dst[0].reg.file, TGSI_FILE_OUTPUT);
        assert_int_equal(inst(p, 0)->src[0].reg.file, TGSI_FILE_INPUT);
        assert_int_equal(decl(p, 1)->semantic_name, TGSI_SEMANTIC_COLOR);
        nvgp_tgsi_program_destroy(p);
    }
}

static void test_source_offsets(void **state)
{
    (void)state;
    const char *t = "VERT\nPROPERTY NEXT_SHADER FRAG\nDCL IN[0]\nIMM[0] FLT32 { 1.0 }\n"
                    "  0: MOV TEMP[0], IN[0]\n  1: END\n";
    tgsi_program *p = read_ok(t);
    assert_int_equal(p->num_items, 5);
    assert_int_equal(p->items[0].kind, TGSI_ITEM_PROPERTY);
    assert_int_equal(p->items[1].kind, TGSI_ITEM_DECLARATION);
    assert_int_equal(p->items[2].kind, TGSI_ITEM_IMMEDIATE);
    assert_int_equal(p->items[3].kind, TGSI_ITEM_INSTRUCTION);
    assert_int_equal(p->properties[0].source_offset, strstr(t, "PROPERTY") - t);
    assert_int_equal(decl(p, 0)->source_offset, strstr(t, "DCL") - t);
    assert_int_equal(p->immediates[0].source_offset, strstr(t, "IMM") - t);
    assert_int_equal(inst(p, 0)->source_offset, strstr(t, "MOV") - t);
    assert_int_equal(inst(p, 1)->source_offset, strstr(t, "END") - t);
    nvgp_tgsi_program_destroy(p);
}

/* ---- Properties ------------------------------------------------------------------ */

static void test_properties(void **state)
{
    (void)state;
    tgsi_program *p = read_ok("GEOM\n"
                              "PROPERTY GS_INPUT_PRIMITIVE TRIANGLES\n"
                              "PROPERTY GS_OUTPUT_PRIMITIVE LINE_STRIP\n"
                              "PROPERTY GS_MAX_OUTPUT_VERTICES 3\n"
                              "PROPERTY GS_INVOCATIONS 0x10\n"
                              "PROPERTY NEXT_SHADER FRAG\n"
                              "PROPERTY VS_POSITION_WINDOW_SPACE 1\n"
                              "property gs_input_primitive triangles_adjacency\n"
                              "PROPERTY NUM_CLIPDIST_ENABLED -1\n"
                              "PROPERTY CS_USER_DATA_COMPONENTS_AMD 4294967295\n"
                              "END\n");
    assert_int_equal(p->num_properties, 9);
    assert_int_equal(p->properties[8].data[0], 0xffffffffu);
    static const struct { unsigned name; uint32_t value; } want[] = {
        { TGSI_PROPERTY_GS_INPUT_PRIM, 4 },          /* PIPE_PRIM_TRIANGLES */
        { TGSI_PROPERTY_GS_OUTPUT_PRIM, 3 },         /* PIPE_PRIM_LINE_STRIP */
        { TGSI_PROPERTY_GS_MAX_OUTPUT_VERTICES, 3 },
        { TGSI_PROPERTY_GS_INVOCATIONS, 16 },
        { TGSI_PROPERTY_NEXT_SHADER, 4 },            /* PIPE_SHADER_FRAGMENT */
        { TGSI_PROPERTY_VS_WINDOW_SPACE_POSITION, 1 },
        { TGSI_PROPERTY_GS_INPUT_PRIM, 12 },         /* TRIANGLES_ADJACENCY */
        { TGSI_PROPERTY_NUM_CLIPDIST_ENABLED, 0xffffffffu },
    };
    for (unsigned i = 0; i < 8; i++) {
        assert_int_equal(p->properties[i].name, want[i].name);
        assert_int_equal(p->properties[i].num_data, 1);
        assert_int_equal(p->properties[i].data[0], want[i].value);
    }
    nvgp_tgsi_program_destroy(p);

    p = read_ok("FRAG\nPROPERTY FS_COORD_ORIGIN LOWER_LEFT\n"
                "PROPERTY FS_COORD_PIXEL_CENTER INTEGER\n"
                "PROPERTY FS_COLOR0_WRITES_ALL_CBUFS 1\n"
                "PROPERTY FS_DEPTH_LAYOUT GREATER\nEND\n");
    assert_int_equal(p->properties[0].data[0], 1);
    assert_int_equal(p->properties[1].data[0], 1);
    assert_int_equal(p->properties[2].name, TGSI_PROPERTY_FS_COLOR0_WRITES_ALL_CBUFS);
    assert_int_equal(p->properties[3].data[0], 2);
    nvgp_tgsi_program_destroy(p);
}

/* ---- Declarations ---------------------------------------------------------------- */

static void test_dcl_ranges_masks_2d(void **state)
{
    (void)state;
    tgsi_program *p = read_ok("FRAG\n"
                              "DCL TEMP[0..11], LOCAL\n"
                              "DCL IN[0].xyz, GENERIC[3], PERSPECTIVE\n"
                              "DCL CONST[1][0..3]\n"
                              "DCL HWATOMIC[0][1..3]\n"
                              "DCL TEMPX[0][0..1]\n"
                              "DCL OUT[0].yw\n"
                              "END\n");
    const tgsi_declaration *d = decl(p, 0);
    assert_int_equal(d->file, TGSI_FILE_TEMPORARY);
    assert_int_equal(d->first, 0);
    assert_int_equal(d->last, 11);
    assert_true(d->local);
    assert_int_equal(d->usage_mask, 0xf);
    assert_false(d->has_dimension);
    d = decl(p, 1);
    assert_int_equal(d->usage_mask, 0x7);
    assert_true(d->has_semantic);
    assert_int_equal(d->semantic_name, TGSI_SEMANTIC_GENERIC);
    assert_int_equal(d->semantic_index, 3);
    assert_true(d->has_interpolate);
    assert_int_equal(d->interpolate, TGSI_INTERPOLATE_PERSPECTIVE);
    d = decl(p, 2);
    assert_int_equal(d->file, TGSI_FILE_CONSTANT);
    assert_true(d->has_dimension);
    assert_int_equal(d->dimension, 1);
    assert_int_equal(d->first, 0);
    assert_int_equal(d->last, 3);
    d = decl(p, 3);
    assert_int_equal(d->file, TGSI_FILE_HW_ATOMIC);
    assert_true(d->has_dimension);
    assert_int_equal(d->dimension, 0);
    assert_int_equal(d->first, 1);
    assert_int_equal(d->last, 3);
    d = decl(p, 4);
    assert_int_equal(d->file, TGSI_FILE_TEMPORARY_ARRAY);
    assert_true(d->has_dimension);
    assert_int_equal(d->last, 1);
    assert_int_equal(decl(p, 5)->usage_mask, 0xa);
    nvgp_tgsi_program_destroy(p);
}

static void test_dcl_per_vertex_inputs(void **state)
{
    (void)state;
    tgsi_program *p = read_ok("GEOM\nDCL IN[][0], POSITION\nDCL IN[3][1], COLOR\n"
                              "DCL CONST[2][0]\nEND\n");
    assert_true(decl(p, 0)->dimension_unsized);
    assert_false(decl(p, 0)->has_dimension);
    assert_int_equal(decl(p, 0)->first, 0);
    /* As in Mesa, the explicit vertex count of a GS input is dropped. */
    assert_true(decl(p, 1)->dimension_unsized);
    assert_int_equal(decl(p, 1)->first, 1);
    assert_true(decl(p, 2)->has_dimension);
    assert_false(decl(p, 2)->dimension_unsized);
    nvgp_tgsi_program_destroy(p);

    p = read_ok("TESS_CTRL\nDCL OUT[][2], GENERIC[0]\nDCL OUT[5], PATCH[0]\nEND\n");
    assert_true(decl(p, 0)->dimension_unsized);
    assert_int_equal(decl(p, 0)->first, 2);
    assert_int_equal(decl(p, 1)->semantic_name, TGSI_SEMANTIC_PATCH);
    nvgp_tgsi_program_destroy(p);
}

static void test_dcl_semantics_and_interpolation(void **state)
{
    (void)state;
    tgsi_program *p = read_ok("FRAG\n"
                              "DCL IN[0], COLOR, COLOR\n"
                              "DCL IN[1], COLOR[1], LINEAR, CENTROID\n"
                              "DCL IN[2], GENERIC[7], PERSPECTIVE, SAMPLE\n"
                              "DCL IN[3], GENERIC[8], CONSTANT, CYLWRAP_XZ\n"
                              "DCL SV[0], PRIMID\n"
                              "DCL SV[1], PRIM_ID\n"
                              "DCL OUT[0], POSITION, INVARIANT\n"
                              "DCL IN[4], FACE, CONSTANT\n"
                              "DCL SV[2], SAMPLEMASK\n"
                              "END\n");
    const tgsi_declaration *d = decl(p, 0);
    assert_int_equal(d->semantic_name, TGSI_SEMANTIC_COLOR);
    assert_int_equal(d->semantic_index, 0);
    assert_true(d->has_interpolate);
    assert_int_equal(d->interpolate, TGSI_INTERPOLATE_COLOR);
    d = decl(p, 1);
    assert_int_equal(d->semantic_index, 1);
    assert_int_equal(d->interpolate, TGSI_INTERPOLATE_LINEAR);
    assert_int_equal(d->interpolate_location, TGSI_INTERPOLATE_LOC_CENTROID);
    d = decl(p, 2);
    assert_int_equal(d->interpolate_location, TGSI_INTERPOLATE_LOC_SAMPLE);
    d = decl(p, 3);
    assert_int_equal(d->interpolate, TGSI_INTERPOLATE_CONSTANT);
    assert_true(d->cylindrical_wrap_given);
    assert_int_equal(d->cylindrical_wrap, 0x5);
    assert_int_equal(decl(p, 4)->semantic_name, TGSI_SEMANTIC_PRIMID);
    assert_int_equal(decl(p, 5)->semantic_name, TGSI_SEMANTIC_PRIMID);
    assert_true(decl(p, 6)->invariant);
    assert_int_equal(decl(p, 6)->semantic_name, TGSI_SEMANTIC_POSITION);
    assert_int_equal(decl(p, 7)->semantic_name, TGSI_SEMANTIC_FACE);
    assert_int_equal(decl(p, 8)->file, TGSI_FILE_SYSTEM_VALUE);
    assert_int_equal(decl(p, 8)->semantic_name, TGSI_SEMANTIC_SAMPLEMASK);
    nvgp_tgsi_program_destroy(p);
}

static void test_dcl_array_stream_local(void **state)
{
    (void)state;
    tgsi_program *p = read_ok("GEOM\n"
                              "DCL TEMP[2..5], ARRAY(1), LOCAL\n"
                              "DCL OUT[0], POSITION, STREAM(1, 2, 3, 0)\n"
                              "DCL OUT[1..2], ARRAY(2), GENERIC[0]\n"
                              "END\n");
    assert_int_equal(decl(p, 0)->array_id, 1);
    assert_true(decl(p, 0)->local);
    assert_int_equal(decl(p, 0)->first, 2);
    assert_true(decl(p, 1)->has_stream);
    assert_int_equal(decl(p, 1)->stream[0], 1);
    assert_int_equal(decl(p, 1)->stream[1], 2);
    assert_int_equal(decl(p, 1)->stream[2], 3);
    assert_int_equal(decl(p, 1)->stream[3], 0);
    assert_int_equal(decl(p, 2)->array_id, 2);
    assert_int_equal(decl(p, 2)->semantic_name, TGSI_SEMANTIC_GENERIC);
    nvgp_tgsi_program_destroy(p);
}

static void test_dcl_resources(void **state)
{
    (void)state;
    tgsi_program *p = read_ok("COMP\n"
                              "DCL SVIEW[0], 2D, FLOAT\n"
                              "DCL SVIEW[1], 2D_ARRAY, UINT, SINT, UNORM, SNORM\n"
                              "DCL SVIEW[2], CUBE_ARRAY, FLOAT\n"
                              "DCL IMAGE[0], 2D, PIPE_FORMAT_R32G32B32A32_FLOAT, WR\n"
                              "DCL IMAGE[1], BUFFER, PIPE_FORMAT_R32_UINT, RAW\n"
                              "DCL BUFFER[0], ATOMIC\n"
                              "DCL BUFFER[1]\n"
                              "DCL MEMORY[0], SHARED\n"
                              "DCL MEMORY[1], PRIVATE\n"
                              "DCL MEMORY[2], INPUT\n"
                              "DCL MEMORY[3], GLOBAL\n"
                              "DCL RES[0], BUFFER, RAW, WR\n"
                              "DCL RES[1], 2D\n"
                              "DCL SAMP[0]\n"
                              "END\n");
    const tgsi_declaration *d = decl(p, 0);
    assert_int_equal(d->sview_target, TGSI_TEXTURE_2D);
    for (int c = 0; c < 4; c++)
        assert_int_equal(d->sview_return[c], TGSI_RETURN_TYPE_FLOAT);
    d = decl(p, 1);
    assert_int_equal(d->sview_target, TGSI_TEXTURE_2D_ARRAY);
    assert_int_equal(d->sview_return[0], TGSI_RETURN_TYPE_UINT);
    assert_int_equal(d->sview_return[1], TGSI_RETURN_TYPE_SINT);
    assert_int_equal(d->sview_return[2], TGSI_RETURN_TYPE_UNORM);
    assert_int_equal(d->sview_return[3], TGSI_RETURN_TYPE_SNORM);
    assert_int_equal(decl(p, 2)->sview_target, TGSI_TEXTURE_CUBE_ARRAY);
    d = decl(p, 3);
    assert_int_equal(d->file, TGSI_FILE_IMAGE);
    assert_int_equal(d->resource_target, TGSI_TEXTURE_2D);
    assert_string_equal(nvgp_tgsi_name(TGSI_NAMES_FORMAT, d->image_format), "R32G32B32A32_FLOAT");
    assert_true(d->writable);
    assert_false(d->raw);
    d = decl(p, 4);
    assert_int_equal(d->resource_target, TGSI_TEXTURE_BUFFER);
    assert_string_equal(nvgp_tgsi_name(TGSI_NAMES_FORMAT, d->image_format), "R32_UINT");
    assert_true(d->raw);
    assert_false(d->writable);
    assert_true(decl(p, 5)->atomic);
    assert_false(decl(p, 6)->atomic);
    assert_int_equal(decl(p, 7)->memory_type, TGSI_MEMORY_TYPE_SHARED);
    assert_int_equal(decl(p, 8)->memory_type, TGSI_MEMORY_TYPE_PRIVATE);
    assert_int_equal(decl(p, 9)->memory_type, TGSI_MEMORY_TYPE_INPUT);
    assert_int_equal(decl(p, 10)->memory_type, TGSI_MEMORY_TYPE_GLOBAL);
    d = decl(p, 11);
    assert_int_equal(d->file, TGSI_FILE_RESOURCE);
    assert_int_equal(d->resource_target, TGSI_TEXTURE_BUFFER);
    assert_true(d->raw && d->writable);
    assert_int_equal(decl(p, 12)->resource_target, TGSI_TEXTURE_2D);
    assert_int_equal(decl(p, 13)->file, TGSI_FILE_SAMPLER);
    nvgp_tgsi_program_destroy(p);
}

static void test_dcl_every_file(void **state)
{
    (void)state;
    for (unsigned f = 0; f < TGSI_FILE_COUNT; f++) {
        if (f == TGSI_FILE_IMMEDIATE_ARRAY)
            continue; /* needs its values: test_dcl_immx */
        char text[128];
        const char *name = nvgp_tgsi_name(TGSI_NAMES_FILE, f);
        snprintf(text, sizeof text, "COMP\nDCL %s[3..4]\nEND\n", name);
        tgsi_program *p = read_ok(text);
        assert_int_equal(p->num_declarations, 1);
        assert_int_equal(decl(p, 0)->file, f);
        assert_int_equal(decl(p, 0)->first, 3);
        assert_int_equal(decl(p, 0)->last, 4);
        nvgp_tgsi_program_destroy(p);
    }
}

static void test_dcl_immx(void **state)
{
    (void)state;
    tgsi_program *p = read_ok("FRAG\nDCL IMMX[0..1]  {{ 0.5, 0.4, 0.6, 1.0 },\n"
                              "                 { -2, 0.25, 0x3f800000, 0.0 }}\n"
                              "MAD OUT[0], IN[0], IMMX[0], IMMX[1]\nEND\n");
    const tgsi_declaration *d = decl(p, 0);
    assert_int_equal(d->file, TGSI_FILE_IMMEDIATE_ARRAY);
    assert_non_null(d->immx_values);
    assert_int_equal(d->immx_values[0], 0x3f000000);       /* 0.5 */
    assert_int_equal(d->immx_values[1], fbits(0.4f));
    assert_int_equal(d->immx_values[3], 0x3f800000);       /* 1.0 */
    assert_int_equal(d->immx_values[4], 0xc0000000);       /* -2.0 */
    assert_int_equal(d->immx_values[5], 0x3e800000);       /* 0.25 */
    assert_int_equal(d->immx_values[6], 0x3f800000);       /* raw bits */
    assert_int_equal(inst(p, 0)->src[1].reg.file, TGSI_FILE_IMMEDIATE_ARRAY);
    assert_int_equal(inst(p, 0)->src[2].reg.index, 1);
    nvgp_tgsi_program_destroy(p);
}

/* ---- Immediates ------------------------------------------------------------------ */

static void test_immediates(void **state)
{
    (void)state;
    tgsi_program *p = read_ok("VERT\n"
                              "IMM FLT32 { 0.1, -1.5, 1e10, 0x1.8p+1 }\n"
                              "IMM[1] FLT32 {    0.4000,     0.0000,    -1.0000,     3.0000}\n"
                              "IMM[2] UINT32 { 4294967295, 0x10, 0, 7 }\n"
                              "IMM[3] INT32 { -2147483648, 2147483647, -1, +5 }\n"
                              "IMM[4] FLT64 { 0.1, -2.0 }\n"
                              "IMM[5] UINT64 { 18446744073709551615, 0x100000000 }\n"
                              "IMM[6] INT64 { -1, -9223372036854775808 }\n"
                              "IMM[7] FLT32 { 0x7fc00000, 0xff800000, -0.0, 1.17549435e-38 }\n"
                              "IMM[8] FLT32 { 2.5 }\n"
                              "IMM[9] UINT32 { 1, 2 }\n"
                              "IMM[10] FLT64 { 1.0 }\n"
                              "IMM[11] FLT32 { 0x10, 0x00000010, 0x1p4, 16 }\n"
                              "IMM[12] FLT64 { 0x10, 0x7ff8000000000000 }\n"
                              "END\n");
    assert_int_equal(p->num_immediates, 13);
    /* Hex: all 8 (16) digits are raw bits, anything else a number. */
    assert_int_equal(p->immediates[11].value[0], 0x41800000);   /* 16.0 */
    assert_int_equal(p->immediates[11].value[1], 0x00000010);   /* raw: a denormal */
    assert_int_equal(p->immediates[11].value[2], 0x41800000);
    assert_int_equal(p->immediates[11].value[3], 0x41800000);
    assert_int_equal(p->immediates[12].value[0], 0);            /* 16.0 = 0x4030000000000000 */
    assert_int_equal(p->immediates[12].value[1], 0x40300000);
    assert_int_equal(p->immediates[12].value[2], 0);            /* raw quiet NaN */
    assert_int_equal(p->immediates[12].value[3], 0x7ff80000);
    const tgsi_immediate *im = p->immediates;
    assert_int_equal(im[0].type, TGSI_IMM_FLOAT32);
    assert_int_equal(im[0].num_words, 4);
    assert_false(im[0].index_given);
    assert_int_equal(im[0].value[0], 0x3dcccccd);   /* 0.1f rounds to 0x3dcccccd */
    assert_int_equal(im[0].value[1], 0xbfc00000);   /* -1.5 */
    assert_int_equal(im[0].value[2], 0x501502f9);   /* 1e10f */
    assert_int_equal(im[0].value[3], 0x40400000);   /* 3.0 as a hex float */
    assert_true(im[1].index_given);
    assert_int_equal(im[1].value[0], fbits(0.4f));
    assert_int_equal(im[1].value[2], 0xbf800000);
    assert_int_equal(im[2].type, TGSI_IMM_UINT32);
    assert_int_equal(im[2].value[0], 0xffffffffu);
    assert_int_equal(im[2].value[1], 16);
    assert_int_equal(im[3].value[0], 0x80000000u);
    assert_int_equal(im[3].value[1], 0x7fffffff);
    assert_int_equal(im[3].value[2], 0xffffffffu);
    assert_int_equal(im[3].value[3], 5);
    assert_int_equal(im[4].type, TGSI_IMM_FLOAT64);
    assert_int_equal(im[4].num_words, 4);
    assert_int_equal(im[4].value[0], 0x9999999a);   /* 0.1 = 0x3fb999999999999a */
    assert_int_equal(im[4].value[1], 0x3fb99999);
    assert_int_equal(im[4].value[2], 0x00000000);   /* -2.0 = 0xc000000000000000 */
    assert_int_equal(im[4].value[3], 0xc0000000);
    assert_int_equal(im[5].value[0], 0xffffffffu);
    assert_int_equal(im[5].value[1], 0xffffffffu);
    assert_int_equal(im[5].value[2], 0);
    assert_int_equal(im[5].value[3], 1);
    assert_int_equal(im[6].value[0], 0xffffffffu);
    assert_int_equal(im[6].value[1], 0xffffffffu);
    assert_int_equal(im[6].value[2], 0);
    assert_int_equal(im[6].value[3], 0x80000000u);
    assert_int_equal(im[7].value[0], 0x7fc00000);
    assert_int_equal(im[7].value[1], 0xff800000);
    assert_int_equal(im[7].value[2], 0x80000000u);
    assert_int_equal(im[7].value[3], 0x00800000);   /* FLT_MIN */
    assert_int_equal(im[8].num_words, 1);
    assert_int_equal(im[8].value[0], 0x40200000);
    assert_int_equal(im[9].num_words, 2);
    assert_int_equal(im[10].num_words, 2);
    assert_int_equal(im[10].value[1], 0x3ff00000);
    nvgp_tgsi_program_destroy(p);
}

/* ---- Instructions ---------------------------------------------------------------- */

static void test_numbering_and_modifiers(void **state)
{
    (void)state;
    tgsi_program *p = read_ok("FRAG\n"
                              "  0: MOV_SAT TEMP[0], IN[0]\n"
                              "  1: ADD_PRECISE TEMP[1], TEMP[0], -TEMP[0]\n"
                              "  2: MUL_SAT_PRECISE TEMP[2], |TEMP[0]|, -|TEMP[1].x|\n"
                              " 13: MAD_PRECISE_SAT TEMP[3], TEMP[0], TEMP[1], TEMP[2]\n"
                              "mov temp[4], in[0]\n"
                              "123:END\n");
    assert_int_equal(p->num_instructions, 6);
    assert_int_equal(inst(p, 0)->saturate, 1);
    assert_false(inst(p, 0)->precise);
    assert_int_equal(inst(p, 1)->opcode, TGSI_OPCODE_ADD);
    assert_true(inst(p, 1)->precise);
    assert_int_equal(inst(p, 1)->saturate, 0);
    assert_true(inst(p, 1)->src[1].negate);
    assert_false(inst(p, 1)->src[1].absolute);
    const tgsi_instruction *i2 = inst(p, 2);
    assert_int_equal(i2->opcode, TGSI_OPCODE_MUL);
    assert_true(i2->saturate && i2->precise);
    assert_true(i2->src[0].absolute);
    assert_false(i2->src[0].negate);
    assert_true(i2->src[1].absolute && i2->src[1].negate);
    SWZ(&i2->src[1], 0, 0, 0, 0);
    assert_int_equal(inst(p, 3)->opcode, TGSI_OPCODE_MAD);
    assert_true(inst(p, 3)->saturate && inst(p, 3)->precise);
    assert_int_equal(inst(p, 4)->opcode, TGSI_OPCODE_MOV);
    assert_int_equal(inst(p, 4)->dst[0].reg.index, 4);
    assert_int_equal(inst(p, 5)->opcode, TGSI_OPCODE_END);
    nvgp_tgsi_program_destroy(p);
}

static void test_writemask_and_swizzle(void **state)
{
    (void)state;
    tgsi_program *p = read_ok("VERT\n"
                              "MOV TEMP[0].xw, IN[0].wzyx\n"
                              "MOV TEMP[0].y, IN[0].z\n"
                              "MOV TEMP[0], IN[0]\n"
                              "MOV TEMP[0].xyzw, IN[0].xxyy\n"
                              "END\n");
    assert_int_equal(inst(p, 0)->dst[0].writemask, 0x9);
    SWZ(&inst(p, 0)->src[0], 3, 2, 1, 0);
    assert_int_equal(inst(p, 1)->dst[0].writemask, 0x2);
    SWZ(&inst(p, 1)->src[0], 2, 2, 2, 2);          /* one component replicates */
    assert_int_equal(inst(p, 2)->dst[0].writemask, 0xf);
    SWZ(&inst(p, 2)->src[0], 0, 1, 2, 3);
    SWZ(&inst(p, 3)->src[0], 0, 0, 1, 1);
    nvgp_tgsi_program_destroy(p);
}

static void test_indirect_and_2d(void **state)
{
    (void)state;
    tgsi_program *p = read_ok("GEOM\n"
                              "MOV TEMP[0], TEMP[ADDR[0].x+3]\n"
                              "MOV TEMP[0], CONST[ADDR[1].z - 2]\n"
                              "MOV TEMP[0], TEMP[ADDR[0].y](1)\n"
                              "MOV TEMP[0], CONST[1][2]\n"
                              "MOV TEMP[0], CONST[ADDR[0].x][3]\n"
                              "MOV TEMP[0], IN[0][1]\n"
                              "MOV TEMP[ADDR[2]], TEMP[1][ADDR[0].w+4](7)\n"
                              "END\n");
    const tgsi_register *r = &inst(p, 0)->src[0].reg;
    assert_true(r->indirect);
    assert_int_equal(r->index, 3);
    assert_int_equal(r->ind.file, TGSI_FILE_ADDRESS);
    assert_int_equal(r->ind.index, 0);
    assert_int_equal(r->ind.swizzle, TGSI_SWIZZLE_X);
    r = &inst(p, 1)->src[0].reg;
    assert_int_equal(r->file, TGSI_FILE_CONSTANT);
    assert_int_equal(r->index, -2);
    assert_int_equal(r->ind.index, 1);
    assert_int_equal(r->ind.swizzle, TGSI_SWIZZLE_Z);
    r = &inst(p, 2)->src[0].reg;
    assert_true(r->indirect);
    assert_int_equal(r->index, 0);
    assert_int_equal(r->ind.swizzle, TGSI_SWIZZLE_Y);
    assert_int_equal(r->ind.array_id, 1);
    r = &inst(p, 3)->src[0].reg;
    assert_true(r->dimension);
    assert_false(r->dim_indirect);
    assert_int_equal(r->dim_index, 1);
    assert_int_equal(r->index, 2);
    r = &inst(p, 4)->src[0].reg;
    assert_true(r->dimension && r->dim_indirect);
    assert_int_equal(r->dim_ind.file, TGSI_FILE_ADDRESS);
    assert_int_equal(r->dim_index, 0);
    assert_int_equal(r->index, 3);
    assert_false(r->indirect);
    r = &inst(p, 5)->src[0].reg;
    assert_int_equal(r->file, TGSI_FILE_INPUT);
    assert_true(r->dimension);
    assert_int_equal(r->dim_index, 0);
    assert_int_equal(r->index, 1);
    const tgsi_register *d = &inst(p, 6)->dst[0].reg;
    assert_true(d->indirect);
    assert_int_equal(d->ind.index, 2);
    assert_int_equal(d->ind.swizzle, TGSI_SWIZZLE_X);   /* no component: x */
    r = &inst(p, 6)->src[0].reg;
    assert_true(r->dimension && r->indirect);
    assert_int_equal(r->dim_index, 1);
    assert_int_equal(r->index, 4);
    assert_int_equal(r->ind.swizzle, TGSI_SWIZZLE_W);
    assert_int_equal(r->ind.array_id, 7);
    nvgp_tgsi_program_destroy(p);
}

static void test_operand_counts(void **state)
{
    (void)state;
    tgsi_program *p = read_ok("FRAG\n"
                              "KILL\n"
                              "KILL_IF -TEMP[0].xyzw\n"
                              "LRP TEMP[0], TEMP[1], TEMP[2], TEMP[3]\n"
                              "DFRACEXP TEMP[0].xy, TEMP[1].x, TEMP[2]\n"
                              "END\n");
    assert_int_equal(inst(p, 0)->num_dst + inst(p, 0)->num_src, 0);
    assert_int_equal(inst(p, 1)->num_src, 1);
    assert_int_equal(inst(p, 2)->num_src, 3);
    assert_int_equal(inst(p, 3)->num_dst, 2);
    assert_int_equal(inst(p, 3)->dst[1].reg.index, 1);
    assert_int_equal(inst(p, 3)->dst[1].writemask, 0x1);
    nvgp_tgsi_program_destroy(p);
}

static void test_textures(void **state)
{
    (void)state;
    tgsi_program *p = read_ok("FRAG\n"
                              "TEX TEMP[0], IN[0], SAMP[0], 2D\n"
                              "TXP TEMP[0], IN[0], SAMP[1], SHADOWCUBE_ARRAY\n"
                              "TXF TEMP[0], IN[0], SAMP[0], 2D_ARRAY, UINT\n"
                              "TEX TEMP[0], IN[0], SAMP[0], 2D, IMM[0].xyz\n"
                              "TXF TEMP[0], IN[0], SAMP[0], 3D, IMM[0].yzw, IMM[1].x\n"
                              "SAMPLE TEMP[0], IN[0], SVIEW[0], SAMP[0]\n"
                              "SAMPLE TEMP[0], IN[0], SVIEW[0], SAMP[0], IMM[2].zyx\n"
                              "TEX TEMP[0], IN[0], SAMP[0], CUBEARRAY\n"
                              "END\n");
    assert_int_equal(inst(p, 0)->texture, TGSI_TEXTURE_2D);
    assert_int_equal(inst(p, 0)->return_type, TGSI_RETURN_TYPE_UNKNOWN);
    assert_int_equal(inst(p, 0)->num_offsets, 0);
    assert_int_equal(inst(p, 0)->src[1].reg.file, TGSI_FILE_SAMPLER);
    assert_int_equal(inst(p, 1)->texture, TGSI_TEXTURE_SHADOWCUBE_ARRAY);
    assert_int_equal(inst(p, 2)->texture, TGSI_TEXTURE_2D_ARRAY);
    assert_int_equal(inst(p, 2)->return_type, TGSI_RETURN_TYPE_UINT);
    const tgsi_instruction *t = inst(p, 3);
    assert_int_equal(t->num_offsets, 1);
    assert_int_equal(t->offsets[0].file, TGSI_FILE_IMMEDIATE);
    assert_int_equal(t->offsets[0].swizzle[0], 0);
    assert_int_equal(t->offsets[0].swizzle[2], 2);
    t = inst(p, 4);
    assert_int_equal(t->num_offsets, 2);
    assert_int_equal(t->offsets[0].swizzle[0], 1);
    assert_int_equal(t->offsets[0].swizzle[2], 3);
    assert_int_equal(t->offsets[1].index, 1);
    assert_int_equal(t->offsets[1].swizzle[1], 0);
    assert_int_equal(inst(p, 5)->texture, TGSI_TEXTURE_UNKNOWN);
    assert_int_equal(inst(p, 6)->num_offsets, 1);
    assert_int_equal(inst(p, 6)->offsets[0].swizzle[0], 2);
    assert_int_equal(inst(p, 7)->texture, TGSI_TEXTURE_CUBE_ARRAY);
    nvgp_tgsi_program_destroy(p);
}

static void test_memory_instructions(void **state)
{
    (void)state;
    tgsi_program *p = read_ok(
        "COMP\n"
        "LOAD TEMP[0], IMAGE[0], TEMP[1], 2D, PIPE_FORMAT_R32G32B32A32_FLOAT, COHERENT\n"
        "STORE IMAGE[0].xy, TEMP[1], TEMP[2], 2D_ARRAY, PIPE_FORMAT_R8G8B8A8_UNORM\n"
        "LOAD TEMP[0].x, BUFFER[1], TEMP[1], COHERENT, RESTRICT, VOLATILE\n"
        "ATOMUADD TEMP[0].x, MEMORY[0], TEMP[1], TEMP[2]\n"
        "ATOMCAS TEMP[0].x, BUFFER[0], TEMP[1], TEMP[2], TEMP[3], STREAM_CACHE_POLICY\n"
        "LOAD TEMP[0], IMAGE[1], TEMP[1], BUFFER, R32_UINT\n"
        "RESQ TEMP[0], IMAGE[0]\n"
        "END\n");
    const tgsi_instruction *i = inst(p, 0);
    assert_int_equal(i->texture, TGSI_TEXTURE_2D);
    assert_string_equal(nvgp_tgsi_name(TGSI_NAMES_FORMAT, i->memory_format), "R32G32B32A32_FLOAT");
    assert_int_equal(i->memory_qualifier, TGSI_MEMORY_COHERENT);
    i = inst(p, 1);
    assert_int_equal(i->dst[0].reg.file, TGSI_FILE_IMAGE);
    assert_int_equal(i->dst[0].writemask, 0x3);
    assert_int_equal(i->texture, TGSI_TEXTURE_2D_ARRAY);
    assert_string_equal(nvgp_tgsi_name(TGSI_NAMES_FORMAT, i->memory_format), "R8G8B8A8_UNORM");
    i = inst(p, 2);
    assert_int_equal(i->memory_qualifier,
                     TGSI_MEMORY_COHERENT | TGSI_MEMORY_RESTRICT | TGSI_MEMORY_VOLATILE);
    assert_int_equal(i->texture, TGSI_TEXTURE_UNKNOWN);
    assert_int_equal(i->memory_format, 0);
    assert_int_equal(inst(p, 3)->src[0].reg.file, TGSI_FILE_MEMORY);
    assert_int_equal(inst(p, 4)->num_src, 4);
    assert_int_equal(inst(p, 4)->memory_qualifier, TGSI_MEMORY_STREAM_CACHE_POLICY);
    assert_int_equal(inst(p, 5)->texture, TGSI_TEXTURE_BUFFER);
    assert_string_equal(nvgp_tgsi_name(TGSI_NAMES_FORMAT, inst(p, 5)->memory_format), "R32_UINT");
    assert_int_equal(inst(p, 6)->opcode, TGSI_OPCODE_RESQ);
    nvgp_tgsi_program_destroy(p);
}

static void test_labels_and_flow(void **state)
{
    (void)state;
    tgsi_program *p = read_ok("FRAG\n"
                              "  0: IF TEMP[0].xxxx :3\n"
                              "  1:   MOV TEMP[1], TEMP[0]\n"
                              "  2: ELSE :4\n"
                              "  3:   MOV TEMP[1], TEMP[2]\n"
                              "  4: ENDIF\n"
                              "  5: BGNLOOP :8\n"
                              "  6:   BRK\n"
                              "  7: ENDLOOP :5\n"
                              "  8: UIF TEMP[0].x\n"
                              "  9: ENDIF\n"
                              " 10: END\n");
    assert_true(inst(p, 0)->has_label);
    assert_int_equal(inst(p, 0)->label, 3);
    assert_true(inst(p, 2)->has_label);
    assert_int_equal(inst(p, 2)->label, 4);
    assert_false(inst(p, 4)->has_label);
    assert_int_equal(inst(p, 5)->label, 8);
    assert_int_equal(inst(p, 7)->label, 5);
    assert_false(inst(p, 8)->has_label);
    nvgp_tgsi_program_destroy(p);
}

static void test_same_line_and_legacy_emit(void **state)
{
    (void)state;
    /* Mesa's compute tests put an instruction after BGNSUB on one line. */
    tgsi_program *p = read_ok("COMP\nBGNSUB  UMUL TEMP[0], SV[0], SV[1]\n  RET\nENDSUB\n");
    assert_int_equal(p->num_instructions, 4);
    assert_int_equal(inst(p, 1)->opcode, TGSI_OPCODE_UMUL);
    nvgp_tgsi_program_destroy(p);

    /* Before geometry streams EMIT and ENDPRIM had no operand. */
    p = read_ok("GEOM\nEMIT\nENDPRIM\nEMIT IMM[0].xxxx\nEND\n");
    assert_int_equal(inst(p, 0)->opcode, TGSI_OPCODE_EMIT);
    assert_int_equal(inst(p, 0)->num_src, 0);
    assert_int_equal(inst(p, 1)->num_src, 0);
    assert_int_equal(inst(p, 2)->num_src, 1);
    assert_int_equal(inst(p, 2)->src[0].reg.file, TGSI_FILE_IMMEDIATE);
    nvgp_tgsi_program_destroy(p);
}

/* ---- Preprocessor ------------------------------------------------------------------ */

static void test_preprocessor(void **state)
{
    (void)state;
    const char *t = "COMP\n"
                    "#ifdef TARGET_GLOBAL\n"
                    "#define target RES[0]\n"
                    "#else\n"
                    "#define target RLOCAL\n"
                    "#endif\n"
                    "#define offset TEMP[0]\n"
                    "#define k4 IMM[0]\n"
                    "#define twice offset, offset\n"
                    "#ifndef NOT_DEFINED\n"
                    "DCL offset, LOCAL\n"
                    "#endif\n"
                    "IMM UINT32 { 4, 0, 0, 0 }\n"
                    "  UMUL offset.x, offset, k4\n"
                    "  STORE target.x, offset, -k4\n"
                    "  UADD offset.x, twice\n"
                    "#undef k4\n"
                    "  LOAD TEMP[1].x, RGLOBAL, offset\n"
                    "#define k4 TEMP[3]\n"
                    "  MOV k4, k4.yyyy\n"
                    "  END\n";
    tgsi_program *p = read_ok(t);
    assert_int_equal(p->num_declarations, 1);
    assert_int_equal(decl(p, 0)->file, TGSI_FILE_TEMPORARY);
    assert_true(decl(p, 0)->local);
    assert_int_equal(inst(p, 0)->src[1].reg.file, TGSI_FILE_IMMEDIATE);
    const tgsi_instruction *st = inst(p, 1);
    assert_int_equal(st->dst[0].reg.file, TGSI_FILE_RESOURCE);   /* RLOCAL = RES[32766] */
    assert_int_equal(st->dst[0].reg.index, 32766);
    assert_int_equal(st->dst[0].writemask, 0x1);
    assert_true(st->src[1].negate);
    assert_int_equal(inst(p, 2)->src[1].reg.index, 0);
    assert_int_equal(inst(p, 3)->src[0].reg.index, 32767);       /* RGLOBAL */
    assert_int_equal(inst(p, 4)->dst[0].reg.index, 3);
    SWZ(&inst(p, 4)->src[0], 1, 1, 1, 1);
    /* Offsets point into the original text: the STORE line. */
    assert_int_equal(st->source_offset, strstr(t, "STORE") - t);
    assert_int_equal(inst(p, 5)->source_offset, strstr(t, "END") - t);
    nvgp_tgsi_program_destroy(p);

    /* An error inside a line with macros is reported in the original text. */
    const char *bad = "COMP\n#define x TEMP[0]\nMOV x, x\nFOO x\n";
    read_err(bad, "FOO", "unknown opcode 'FOO'");
    /* An error inside a macro body points at the macro's use. */
    const char *bad2 = "COMP\n#define x TEMP[q]\nMOV TEMP[0], x\n";
    read_err(bad2, "x\n", "register file");
    read_err("COMP\n#ifdef A\nEND\n", "#ifdef", "#ifdef without #endif");
    read_err("COMP\n#endif\n", "#endif", "without #ifdef");
    read_err("COMP\n#if 1\n#endif\n", "#if 1", "unsupported preprocessor directive");
    /* Many macros: lookups are hashed (a scan here would take seconds). */
    size_t cap = (size_t)8 << 20, n = 0;
    char *big = malloc(cap);
    n += (size_t)snprintf(big, cap, "COMP\n");
    for (int i = 0; i < 60000; i++)
        n += (size_t)snprintf(big + n, cap - n, "#define m%d TEMP[%d]\n", i, i % 1000);
    for (int i = 0; i < 60000; i++)
        n += (size_t)snprintf(big + n, cap - n, "MOV m%d, m%d\n", i, 59999 - i);
    p = read_len(big, n);
    assert_non_null(p);
    assert_int_equal(p->num_instructions, 60000);
    assert_int_equal(inst(p, 1)->dst[0].reg.index, 1);
    assert_int_equal(inst(p, 1)->src[0].reg.index, 59998 % 1000);
    nvgp_tgsi_program_destroy(p);
    free(big);
    read_err("COMP\n#ifdef A\n#else\n#else\n#endif\n", "#else\n#endif", "#else after #else");
    read_err("COMP\n#else\n", "#else", "#else without #ifdef");
    read_err_len("COMP\n#define\n", 13, 12, "macro name after #define");
    read_err("COMP\n#undef 3\n", "3\n", "macro name after #undef");
    read_err("COMP\n#ifdef\n#endif\n", "\n#endif", "macro name after #ifdef");
    /* CR LF and lone CR line ends in preprocessed text; offsets still map. */
    const char *crlf = "COMP\r\n#define t TEMP[1]\r\nMOV t, t\r\r\nFOO\r\n";
    read_err(crlf, "FOO", "unknown opcode 'FOO'");
    /* Macro chains deeper than the nesting limit are an error, not a crash. */
    n = (size_t)snprintf(big = malloc(4096), 4096, "COMP\n");
    for (int i = 0; i < 40; i++)
        n += (size_t)snprintf(big + n, 4096 - n, "#define a%d a%d\n", i, i + 1);
    n += (size_t)snprintf(big + n, 4096 - n, "MOV a0, a0\n");
    read_err_len(big, n, strstr(big, "MOV a0") + 4 - big, "nested too deeply");
    free(big);
    /* Inside a skipped region any conditional only nests. */
    p = read_ok("COMP\n#ifdef NO\n#if 1\nFOO\n#else\nBAR\n#endif\n#include <x>\n#endif\nEND\n");
    assert_int_equal(p->num_instructions, 1);
    nvgp_tgsi_program_destroy(p);
    read_err("COMP\n#define f(x) x\n", "(x)", "function-like");
    /* Self-reference does not loop; expansion is bounded. */
    read_err("COMP\n#define a a\nMOV a, a\n", "a, a", "register file");
    read_err("COMP\n#define a b b b b b b b b\n#define b c c c c c c c c\n"
             "#define c d d d d d d d d\n#define d e e e e e e e e\n"
             "#define e f f f f f f f f\n#define f g g g g g g g g\n#define g h h h h h h h h\n"
             "MOV a\n",
             "a\n", "too large");
}

/* ---- Name tables ------------------------------------------------------------------ */

static void test_name_tables(void **state)
{
    (void)state;
    static const struct { tgsi_name_table t; unsigned count; } counts[] = {
        { TGSI_NAMES_PROCESSOR, TGSI_PROCESSOR_COUNT },
        { TGSI_NAMES_FILE, TGSI_FILE_COUNT },
        { TGSI_NAMES_SEMANTIC, TGSI_SEMANTIC_COUNT },
        { TGSI_NAMES_TEXTURE, TGSI_TEXTURE_COUNT },
        { TGSI_NAMES_RETURN_TYPE, TGSI_RETURN_TYPE_COUNT },
        { TGSI_NAMES_INTERPOLATE, TGSI_INTERPOLATE_COUNT },
        { TGSI_NAMES_INTERPOLATE_LOC, TGSI_INTERPOLATE_LOC_COUNT },
        { TGSI_NAMES_PROPERTY, TGSI_PROPERTY_COUNT },
        { TGSI_NAMES_IMM_TYPE, TGSI_IMM_COUNT },
        { TGSI_NAMES_MEMORY_TYPE, TGSI_MEMORY_TYPE_COUNT },
        { TGSI_NAMES_PRIMITIVE, 15 },          /* POINTS .. PATCHES */
        { TGSI_NAMES_FS_COORD_ORIGIN, 2 },
        { TGSI_NAMES_FS_COORD_PIXEL_CENTER, 2 },
        { TGSI_NAMES_FS_DEPTH_LAYOUT, 5 },
        { TGSI_NAMES_TESS_SPACING, 3 },
    };
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++)
        assert_int_equal(nvgp_tgsi_name_count(counts[i].t), counts[i].count);
    /* Every name of every table reads back to its value, in any case. */
    for (int t = 0; t < TGSI_NAMES_COUNT; t++) {
        unsigned n = nvgp_tgsi_name_count((tgsi_name_table)t);
        assert_true(n > 0);
        assert_null(nvgp_tgsi_name((tgsi_name_table)t, n));
        for (unsigned v = 0; v < n; v++) {
            const char *name = nvgp_tgsi_name((tgsi_name_table)t, v);
            assert_non_null(name);
            assert_int_equal(nvgp_tgsi_name_lookup((tgsi_name_table)t, name, strlen(name)), v);
            char lower[64];
            size_t l = strlen(name);
            assert_true(l < sizeof lower);
            for (size_t k = 0; k < l; k++)
                lower[k] = (char)(name[k] >= 'A' && name[k] <= 'Z' ? name[k] + 32 : name[k]);
            assert_int_equal(nvgp_tgsi_name_lookup((tgsi_name_table)t, lower, l), v);
            /* A prefix is not the name (unless it is another name). */
            int pre = nvgp_tgsi_name_lookup((tgsi_name_table)t, name, l - 1);
            assert_true(pre < 0 || strlen(nvgp_tgsi_name((tgsi_name_table)t, (unsigned)pre)) == l - 1);
        }
    }
    /* Current Mesa spellings, and the older ones as aliases. */
    assert_string_equal(nvgp_tgsi_name(TGSI_NAMES_SEMANTIC, TGSI_SEMANTIC_PRIMID), "PRIM_ID");
    assert_int_equal(nvgp_tgsi_name_lookup(TGSI_NAMES_SEMANTIC, "PRIMID", 6), TGSI_SEMANTIC_PRIMID);
    assert_string_equal(nvgp_tgsi_name(TGSI_NAMES_TEXTURE, TGSI_TEXTURE_CUBE_ARRAY), "CUBEARRAY");
    assert_int_equal(nvgp_tgsi_name_lookup(TGSI_NAMES_TEXTURE, "SHADOWCUBE_ARRAY", 16),
                     TGSI_TEXTURE_SHADOWCUBE_ARRAY);
    assert_string_equal(nvgp_tgsi_name(TGSI_NAMES_PROPERTY, TGSI_PROPERTY_VS_WINDOW_SPACE_POSITION),
                        "VS_WINDOW_SPACE_POSITION");
    assert_int_equal(nvgp_tgsi_name_lookup(TGSI_NAMES_PROPERTY, "VS_POSITION_WINDOW_SPACE", 24),
                     TGSI_PROPERTY_VS_WINDOW_SPACE_POSITION);
    assert_string_equal(nvgp_tgsi_name(TGSI_NAMES_PROPERTY, TGSI_PROPERTY_GS_INPUT_PRIM),
                        "GS_INPUT_PRIMITIVE");
    assert_string_equal(nvgp_tgsi_name(TGSI_NAMES_FILE, TGSI_FILE_SAMPLER_VIEW), "SVIEW");
    assert_string_equal(nvgp_tgsi_name(TGSI_NAMES_FILE, TGSI_FILE_HW_ATOMIC), "HWATOMIC");
    assert_string_equal(nvgp_tgsi_name(TGSI_NAMES_PRIMITIVE, 4), "TRIANGLES");
    assert_string_equal(nvgp_tgsi_name(TGSI_NAMES_PROCESSOR, TGSI_PROCESSOR_TESS_CTRL), "TESS_CTRL");
    /* Formats: 0 is "no format"; names are pipe_format names, with or
     * without their prefix. */
    assert_string_equal(nvgp_tgsi_name(TGSI_NAMES_FORMAT, 0), "NONE");
    static const char *const image_formats[] = {
        "R32G32B32A32_FLOAT", "R16G16B16A16_FLOAT", "R32G32_FLOAT", "R16G16_FLOAT",
        "R11G11B10_FLOAT", "R32_FLOAT", "R16_FLOAT", "R32G32B32A32_UINT", "R16G16B16A16_UINT",
        "R10G10B10A2_UINT", "R8G8B8A8_UINT", "R32G32_UINT", "R16G16_UINT", "R8G8_UINT",
        "R32_UINT", "R16_UINT", "R8_UINT", "R32G32B32A32_SINT", "R16G16B16A16_SINT",
        "R8G8B8A8_SINT", "R32G32_SINT", "R16G16_SINT", "R8G8_SINT", "R32_SINT", "R16_SINT",
        "R8_SINT", "R16G16B16A16_UNORM", "R10G10B10A2_UNORM", "R8G8B8A8_UNORM", "R16G16_UNORM",
        "R8G8_UNORM", "R16_UNORM", "R8_UNORM", "R16G16B16A16_SNORM", "R8G8B8A8_SNORM",
        "R16G16_SNORM", "R8G8_SNORM", "R16_SNORM", "R8_SNORM",
    };
    for (size_t i = 0; i < sizeof image_formats / sizeof *image_formats; i++) {
        char full[64];
        snprintf(full, sizeof full, "PIPE_FORMAT_%s", image_formats[i]);
        int v = nvgp_tgsi_name_lookup(TGSI_NAMES_FORMAT, image_formats[i], strlen(image_formats[i]));
        assert_true(v > 0);
        assert_int_equal(nvgp_tgsi_name_lookup(TGSI_NAMES_FORMAT, full, strlen(full)), v);
    }
    /* Not names. */
    assert_int_equal(nvgp_tgsi_name_lookup(TGSI_NAMES_FILE, "TEMPS", 5), -1);
    assert_int_equal(nvgp_tgsi_name_lookup(TGSI_NAMES_FILE, "", 0), -1);
    assert_int_equal(nvgp_tgsi_name_lookup(TGSI_NAMES_SEMANTIC, "PRIM_IDX", 8), -1);
    assert_int_equal(nvgp_tgsi_name_lookup(TGSI_NAMES_FORMAT, "PIPE_FORMAT_", 12), -1);
    assert_int_equal(nvgp_tgsi_name_lookup(TGSI_NAMES_COUNT, "VERT", 4), -1);
    assert_null(nvgp_tgsi_name(TGSI_NAMES_COUNT, 0));
    assert_int_equal(nvgp_tgsi_name_count(TGSI_NAMES_COUNT), 0);
}

/* ---- Errors ------------------------------------------------------------------------ */

static void test_errors(void **state)
{
    (void)state;
    read_err("", "", "program header");
    read_err_len("  \n; nothing\n", 13, 13, "found end of input");
    read_err("FRAGMENT\nEND\n", "FRAGMENT", "program header");
    read_err("FRAG\nFOO TEMP[0]\n", "FOO", "unknown opcode 'FOO'");
    read_err("FRAG\n  3: FOO TEMP[0]\n", "FOO", "unknown opcode 'FOO'");
    read_err("FRAG\n(PRED[0].x) MOV TEMP[0], IN[0]\n", "(PRED", "predicates");
    read_err("FRAG\nMOV_SATNV TEMP[0], IN[0]\n", "MOV_SATNV", "_SATNV");
    read_err("FRAG\n  3 MOV TEMP[0], IN[0]\n", "MOV", "':' after the instruction number");
    read_err("FRAG\nMOV TEMP[0] IN[0]\n", "IN[0]", "expected ',' after the destination operand");
    read_err("FRAG\nMOV TEMP[0]\nEND\n", "\nEND", "MOV takes 2 operands (1 destination, 1 source)");
    read_err("FRAG\nMAD TEMP[0], IN[0], IN[1]\nEND\n", "\nEND", "MAD takes 4 operands");
    read_err("FRAG\nMOV\nEND\n", "\nEND", "missing operands: MOV takes 2 operands");
    read_err("FRAG\nMOV TEMP[0], IN[0], IN[1]\n", "IN[1]", "too many operands: MOV takes 2");
    read_err("FRAG\nEND, TEMP[0]\n", "TEMP[0]\n", "too many operands: END takes 0");
    read_err("FRAG\nMOV TEMP[70000], IN[0]\n", "70000", "register index 70000 out of range");
    read_err("FRAG\nDCL TEMP[0..99999999999999999999999]\n", "9999", "out of range");
    read_err("FRAG\nMOV TMP[0], IN[0]\n", "TMP", "register file");
    read_err("FRAG\nMOV TEMP 0, IN[0]\n", "0, IN", "'['");
    read_err("FRAG\nMOV TEMP[0, IN[0]\n", ", IN", "']'");
    read_err("FRAG\nMOV TEMP[0].xq, IN[0]\n", "q,", "writemask component 'q'");
    read_err("FRAG\nMOV TEMP[0].yx, IN[0]\n", "x, IN", "xyzw order");
    read_err("FRAG\nMOV TEMP[0]., IN[0]\n", ", IN", "writemask");
    read_err("FRAG\nMOV TEMP[0], IN[0].xy\n", "xy\n", "has 2 components (expected 1 or 4)");
    read_err("FRAG\nMOV TEMP[0], IN[0].xyzwx\n", "xyzwx", "more than 4");
    read_err("FRAG\nTEX TEMP[0], IN[0], SAMP[0], 2D, IMM[0].xyzw\n", "xyzw", "expected 1 or 3");
    read_err("FRAG\nMOV TEMP[0], IN[0].xyzq\n", "q\n", "swizzle component 'q'");
    read_err_len("FRAG\nMOV TEMP[0], |IN[0]\n", 25, 24, "expected '|' closing the absolute value, found end of line");
    read_err("FRAG\nMOV TEMP[0], TEMP[ADDR[0].q]\n", "q]", "address component");
    read_err("FRAG\nMOV TEMP[0], IN[0] garbage\n", "garbage", "unknown opcode 'garbage'");
    read_err("FRAG\nMOV TEMP[0], IN[0]]\n", "]\n", "end of the instruction");
    read_err("FRAG\nTEX TEMP[0], IN[0], SAMP[0], 2E\n", "2E", "texture target");
    read_err("FRAG\nTEX TEMP[0], IN[0], SAMP[0], 2D, I[0].x, I[1].x, I[2].x, I[3].x, I[4].x\n",
             "I[0]", "register file");
    read_err("FRAG\nTEX TEMP[0], IN[0], SAMP[0], 2D, IMM[0].x, IMM[1].x, IMM[2].x, IMM[3].x, "
             "IMM[4].x\n",
             "IMM[4]", "too many texel offsets");
    read_err("FRAG\nMOV TEMP[0], IN[0], 2D\n", "2D", "unexpected '2D' after the operands of MOV");
    read_err("COMP\nLOAD TEMP[0], IMAGE[0], TEMP[1], 2D, PIPE_FORMAT_FOO\n", "PIPE_FORMAT_FOO",
             "unknown image format");
    read_err("COMP\nLOAD TEMP[0], IMAGE[0], TEMP[1], SHINY\n", "SHINY", "memory qualifier");
    read_err("FRAG\nIF TEMP[0].x :\nENDIF\n", "\nENDIF", "label");
    read_err("FRAG\nPROPERTY FS_FOO 1\n", "FS_FOO", "unknown property 'FS_FOO'");
    read_err("GEOM\nPROPERTY GS_INPUT_PRIMITIVE TRIANGLE\n", "TRIANGLE\n", "unknown value");
    read_err("FRAG\nPROPERTY FS_COLOR0_WRITES_ALL_CBUFS x1\n", "x1", "unknown value");
    read_err("FRAG\nPROPERTY GS_INVOCATIONS 4294967296\n", "4294967296", "out of range");
    read_err("FRAG\nPROPERTY GS_INVOCATIONS -2147483649\n", "-2147483649", "out of range");
    read_err("FRAG\nDCL FOO[0]\n", "FOO", "register file");
    read_err("FRAG\nDCL IN[0], GENERIC[0], SHINY\n", "SHINY", "unknown declaration attribute");
    read_err("FRAG\nDCL IN[3..1]\n", "1]", "range end 1 is below its start 3");
    read_err("FRAG\nDCL IN[]\n", "]", "declared index");
    read_err("FRAG\nDCL SVIEW[0], 2D, FLOAT, FLOAT\n", "DCL", "1 or 4 return types");
    read_err("FRAG\nDCL IMAGE[0], 2D, PIPE_FORMAT_R1G1B1\n", "PIPE_FORMAT_R1G1B1",
             "unknown image format");
    read_err("GEOM\nDCL OUT[0], POSITION, STREAM(0, 1, 4, 0)\n", "4, 0)", "stream 4 out of range");
    read_err("FRAG\nDCL TEMP[0], ARRAY(x)\n", "x)", "array id");
    read_err("FRAG\nDCL IN[0], CYLWRAP_XQ\n", "Q\n", "cylindrical wrap component 'Q'");
    read_err("FRAG\nDCL CONST[0][]\n", "]\n", "second []");
    read_err("FRAG\nDCL CONST[0..1][2]\n", "0..1", "single index");
    read_err("FRAG\nDCL SVIEW[0], 2D, FLOAT, FLOAT, FLOAT, FLOAT, UINT\n", "UINT", "more than 4");
    read_err("FRAG\nPROPERTY GS_INVOCATIONS 1, 2, 3, 4, 5, 6, 7, 8, 9\n", "9\n", "at most 8");
    read_err("FRAG\nTEX TEMP[0], IN[0], SAMP[0], 2D, IMM[ADDR[0].x].xyz\n", "IMM[ADDR",
             "plain register");
    read_err("FRAG\nDCLTEMP[0]\n", "DCLTEMP", "unknown opcode");
    read_err("FRAG\nIMM[1] FLT32 { 1.0 }\n", "1]", "expected IMM[0], found IMM[1]");
    read_err("FRAG\nIMM FLT31 { 1.0 }\n", "FLT31", "immediate type");
    read_err("FRAG\nIMM FLT32 { 1.0, 2.0, 3.0, 4.0, 5.0 }\n", "5.0", "at most 4");
    read_err("FRAG\nIMM FLT64 { 1.0, 2.0, 3.0 }\n", "3.0", "at most 2");
    read_err("FRAG\nIMM FLT32 { 1.0.0 }\n", "1.0.0", "invalid FLT32 value '1.0.0'");
    read_err("FRAG\nIMM FLT32 { }\n", "}", "number");
    read_err_len("FRAG\nIMM FLT32 { 1.0 \n", 22, 21, "',' or '}' after an immediate value");
    read_err("FRAG\nIMM INT32 { 2147483648 }\n", "2147483648", "INT32 value 2147483648 out of range");
    read_err("FRAG\nIMM UINT32 { -1 }\n", "-1", "out of range");
    read_err("FRAG\nIMM UINT32 { 4294967296 }\n", "4294967296", "out of range");
    read_err("FRAG\nIMM UINT64 { 18446744073709551616 }\n", "1844", "out of range");
    read_err("FRAG\nIMM INT32 { 12abc }\n", "12abc", "invalid INT32 value");
    read_err("FRAG\nIMM FLT32 { 1.0 } junk\n", "junk", "unknown opcode");
    read_err("FRAG\nIMM FLT32 { 1.0 }x\n", "x\n", "end of the immediate");
    /* NUL bytes inside the text are an error at their offset. */
    static const char nul[] = "FRAG\nMOV TEMP[0], IN[0]\n\0MOV TEMP[1], IN[0]\n";
    read_err_len(nul, sizeof nul - 1, strchr(nul, '\0') - nul, "NUL byte");
    static const char nul2[] = "FRAG\nMOV TEMP[0], IN\0[0]\n";
    read_err_len(nul2, sizeof nul2 - 1, strchr(nul2, '\0') - nul2, NULL);
}

/* The offset of an error is where the message says it is, for errors at the
 * end of the input too; and the reader reads only len bytes. */
static void test_len_is_honoured(void **state)
{
    (void)state;
    const char *t = "FRAG\nMOV TEMP[0], IN[0]\nEND\nTHIS IS NOT READ";
    size_t len = strstr(t, "THIS") - t;
    tgsi_program *p = read_len(t, len);
    assert_non_null(p);
    assert_int_equal(p->num_instructions, 2);
    nvgp_tgsi_program_destroy(p);
    /* Cut in the middle of an operand: an error at the end, not a read past it. */
    len = strstr(t, "0]") - t;
    read_err_len(t, len, (long)len, NULL);
}

/* ---- Robustness ---------------------------------------------------------------------- */

static uint32_t rng(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

static void test_truncations_never_crash(void **state)
{
    (void)state;
    const char *t = "GEOM\nPROPERTY GS_INPUT_PRIMITIVE TRIANGLES\n"
                    "DCL IN[][0], POSITION\nDCL SVIEW[0], 2D, FLOAT\n"
                    "DCL IMMX[0..1] {{1,2,3,4},{5,6,7,8}}\n"
                    "IMM[0] FLT64 { 0.5, 1e300 }\n"
                    "  0: TEX TEMP[0].xy, -|IN[0][0].xyzw|, SAMP[0], 2D, IMM[0].xyz\n"
                    "  1: MOV TEMP[ADDR[0].x+1](2), CONST[1][ADDR[0].y-1]\n"
                    "  2: IF TEMP[0].xxxx :4\n  3: ENDIF\n  4: END\n";
    size_t n = strlen(t);
    tgsi_program *full = read_len(t, n);
    assert_non_null(full);
    nvgp_tgsi_program_destroy(full);
    /* Every prefix, each in its own exactly-sized heap block so that a read
     * past the end is caught by the sanitizer builds. */
    for (size_t len = 0; len < n; len++) {
        char *buf = malloc(len ? len : 1);
        memcpy(buf, t, len);
        nvgp_diag *d = nvgp_diag_create("t", buf, len);
        tgsi_program *p = nvgp_tgsi_read(buf, len, d);
        nvgp_tgsi_program_destroy(p);
        nvgp_diag_destroy(d);
        free(buf);
    }
    /* Random byte damage. */
    uint32_t seed = 12345;
    char *buf = malloc(n);
    int read_back = 0;
    for (int iter = 0; iter < 20000; iter++) {
        memcpy(buf, t, n);
        int hits = 1 + (int)(rng(&seed) % 4);
        for (int h = 0; h < hits; h++)
            buf[rng(&seed) % n] = (char)(rng(&seed) & 0xff);
        tgsi_program *p = nvgp_tgsi_read(buf, n, NULL);
        read_back += p != NULL;
        nvgp_tgsi_program_destroy(p);
    }
    free(buf);
    assert_true(read_back < 20000);
}

static void test_hostile_inputs(void **state)
{
    (void)state;
    /* Binary garbage. */
    uint32_t seed = 99;
    char garbage[4096];
    for (int iter = 0; iter < 200; iter++) {
        for (size_t i = 0; i < sizeof garbage; i++)
            garbage[i] = (char)(rng(&seed) & 0xff);
        memcpy(garbage, "FRAG\n", 5);
        tgsi_program *p = nvgp_tgsi_read(garbage, sizeof garbage, NULL);
        nvgp_tgsi_program_destroy(p);
    }
    /* A 1 MB line of one word, of digits, of brackets, of a number. */
    size_t big = (size_t)1 << 20;
    char *b = malloc(big + 64);
    static const char fills[] = { 'A', '9', '[', '-', ',', '.', ' ' };
    for (size_t f = 0; f < sizeof fills; f++) {
        memcpy(b, "FRAG\nMOV TEMP[0], ", 18);
        memset(b + 18, fills[f], big);
        nvgp_diag *d = nvgp_diag_create("big", b, big + 18);
        tgsi_program *p = nvgp_tgsi_read(b, big + 18, d);
        assert_null(p);
        assert_int_equal(nvgp_diag_error_count(d), 1);
        nvgp_diag_destroy(d);
    }
    memcpy(b, "FRAG\nIMM FLT32 { ", 17);
    memset(b + 17, '1', big);
    tgsi_program *p = nvgp_tgsi_read(b, big + 17, NULL);
    assert_null(p);
    /* Very many valid instructions. */
    size_t n = 0;
    n += (size_t)snprintf(b, 64, "VERT\n");
    while (n + 40 < big)
        n += (size_t)snprintf(b + n, 64, "ADD TEMP[1], TEMP[0], -IMM[3].x\n");
    p = read_len(b, n);
    assert_non_null(p);
    assert_true(p->num_instructions > 20000);
    nvgp_tgsi_program_destroy(p);
    free(b);
    /* Deep nonsense. */
    read_err("FRAG\nMOV TEMP[TEMP[TEMP[TEMP[0]]]], IN[0]\n", "TEMP[TEMP[0]", NULL);
    read_err("FRAG\n{{{{{{{{{{{{{{{{{{{{{{{{\n", "{", NULL);
    read_err("FRAG\n/* never closed", "/*", "unterminated");
}

/* ---- With the writer ------------------------------------------------------------------ */

/* Everything the reader fills, the canonical writer prints and the reader
 * reads back the same: read -> print -> read -> print is a fixed point, and
 * the two reads agree on the item structure. */
static void test_canonical_round_trip(void **state)
{
    (void)state;
    static const char *const progs[] = {
        "GEOM\nPROPERTY GS_INPUT_PRIMITIVE TRIANGLES\nPROPERTY NEXT_SHADER FRAG\n"
        "DCL IN[][0], POSITION\nDCL OUT[0], POSITION, STREAM(1, 2, 3, 0)\n"
        "DCL TEMP[2..5], ARRAY(1), LOCAL\nEMIT\nEMIT IMM[0].xxxx\nEND\n",
        "FRAG\nDCL IN[0], COLOR, COLOR\nDCL IN[1], COLOR[1], LINEAR, CENTROID\n"
        "DCL IN[3], GENERIC[8], CONSTANT, CYLWRAP_XZ\nDCL SV[0], PRIMID\n"
        "DCL OUT[0], POSITION, INVARIANT\nDCL IMMX[0..1] {{1,2,3,4},{5,6,7,0.1}}\n"
        "DCL TEMPX[0][0..1]\nIMM FLT32 { 0.1, -1.5, 1e10, 0x7fc00000 }\n"
        "IMM[1] FLT64 { 0.1, -2.0 }\nIMM[2] INT64 { -1, 5 }\nIMM[3] UINT32 { 1, 2 }\n"
        "TEX TEMP[0], IN[0], SAMP[0], 2D, IMM[0].xyz\nTXF TEMP[0], IN[0], SAMP[0], 2D_ARRAY, UINT\n"
        "SAMPLE TEMP[0], IN[0], SVIEW[0], SAMP[0], IMM[2].zyx\n"
        "MOV TEMP[ADDR[2]], TEMP[1][ADDR[0].w+4](7)\n"
        "MOV_SAT_PRECISE TEMP[0].xw, -|CONST[ADDR[0].x][3].y|\n"
        "IF TEMP[0].xxxx :3\nELSE :4\nENDIF\nEND\n",
        "COMP\nDCL SVIEW[1], 2D_ARRAY, UINT, SINT, UNORM, SNORM\n"
        "DCL IMAGE[0], 2D, PIPE_FORMAT_R32G32B32A32_FLOAT, WR\nDCL BUFFER[0], ATOMIC\n"
        "DCL MEMORY[0], SHARED\nDCL MEMORY[3], GLOBAL\nDCL RES[0], BUFFER, RAW, WR\n"
        "DCL HWATOMIC[0][1..3]\nDCL CONST[1][0..3]\n"
        "LOAD TEMP[0], IMAGE[0], TEMP[1], 2D, PIPE_FORMAT_R32G32B32A32_FLOAT, COHERENT\n"
        "LOAD TEMP[0].x, BUFFER[1], TEMP[1], COHERENT, RESTRICT, VOLATILE\n"
        "LOAD TEMP[0], IMAGE[1], TEMP[1], BUFFER, R32_UINT\n"
        "STORE RES[32766].x, TEMP[0], IMM[0]\nEND\n",
    };
    for (size_t i = 0; i < sizeof progs / sizeof *progs; i++) {
        tgsi_program *p = read_ok(progs[i]);
        nvgp_strbuf a, b;
        nvgp_strbuf_init(&a);
        nvgp_strbuf_init(&b);
        assert_true(nvgp_tgsi_write(p, TGSI_STYLE_CANONICAL, &a));
        tgsi_program *q = read_len(a.data, a.len);
        assert_non_null(q);
        assert_true(nvgp_tgsi_write(q, TGSI_STYLE_CANONICAL, &b));
        assert_string_equal(a.data, b.data);
        assert_int_equal(p->num_items, q->num_items);
        for (uint32_t k = 0; k < p->num_items; k++) {
            assert_int_equal(p->items[k].kind, q->items[k].kind);
            assert_int_equal(p->items[k].index, q->items[k].index);
        }
        for (uint32_t k = 0; k < p->num_immediates; k++)
            assert_memory_equal(p->immediates[k].value, q->immediates[k].value,
                                sizeof p->immediates[k].value);
        nvgp_strbuf_free(&a);
        nvgp_strbuf_free(&b);
        nvgp_tgsi_program_destroy(p);
        nvgp_tgsi_program_destroy(q);
    }
}

/* ---- The corpus ---------------------------------------------------------------------- */

/* Corpus files that are not TGSI at all: C printf templates from Mesa
 * sources, with %s/%d where the C code substitutes text. */
static const char *const not_tgsi[] = {
    "gallium__auxiliary__util__u_simple_shaders__01.tgsi", /* "%sDCL IN[0], %s[0], %s" */
    "gallium__auxiliary__util__u_simple_shaders__02.tgsi", /* "DCL OUT[0], %s", "TXF OUT[0]%s" */
    "gallium__auxiliary__util__u_simple_shaders__03.tgsi", /* "SAMP[0], %s" target template */
    "gallium__state_trackers__vega__asm_filters__01.tgsi", /* "DCL CONST[0..%d]" */
    "gallium__state_trackers__vega__asm_filters__03.tgsi", /* "CONST[%d].%s" */
};

typedef struct corpus_stats {
    int files, read, failed, expected_rejects, unexpected_accepts;
} corpus_stats;

static bool is_not_tgsi(const char *name)
{
    for (size_t i = 0; i < sizeof not_tgsi / sizeof *not_tgsi; i++)
        if (!strcmp(name, not_tgsi[i]))
            return true;
    return false;
}

static void read_corpus_file(const char *path, const char *name, corpus_stats *st)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    nvgp_diag *d = nvgp_diag_create(path, buf, (size_t)n);
    tgsi_program *p = nvgp_tgsi_read(buf, (size_t)n, d);
    st->files++;
    bool expect_fail = is_not_tgsi(name);
    if (p) {
        st->read++;
        if (expect_fail) {
            printf("  %s is listed as not TGSI but was read\n", path);
            st->unexpected_accepts++;
        }
        /* Something real was read: every program has items. */
        if (p->num_items == 0) {
            printf("  %s: read as an empty program\n", path);
            st->failed++;
        }
    } else if (expect_fail) {
        st->expected_rejects++;
    } else {
        st->failed++;
        nvgp_diag_print(d, stdout);
    }
    nvgp_tgsi_program_destroy(p);
    nvgp_diag_destroy(d);
    free(buf);
}

static void visit(const char *path, const char *name, void *st)
{
    if (strcmp(name, "SOURCES.md") != 0)
        read_corpus_file(path, name, st);
}

static void test_corpus(void **state)
{
    (void)state;
    static const char *const dirs[] = { NVGP_SHARED_DIR "/corpus/mesa-tgsi",
                                         NVGP_SHARED_DIR "/corpus/etnaviv-tgsi-dumps" };
    corpus_stats st = { 0 };
    for (size_t i = 0; i < 2; i++) {
        struct stat sb;
        if (stat(dirs[i], &sb) != 0) {
            printf("  %s missing: corpus not read\n", dirs[i]);
            skip();
        }
        assert_true(walk_files(dirs[i], visit, &st));
    }
    printf("  corpus: %d files, %d read, %d failed, %d of %zu listed non-TGSI files rejected\n",
           st.files, st.read, st.failed, st.expected_rejects, sizeof not_tgsi / sizeof *not_tgsi);
    assert_int_equal(st.failed, 0);
    assert_int_equal(st.unexpected_accepts, 0);
    assert_int_equal(st.expected_rejects, (int)(sizeof not_tgsi / sizeof *not_tgsi));
    assert_true(st.files > 800);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_headers),
        cmocka_unit_test(test_line_ends_and_comments),
        cmocka_unit_test(test_source_offsets),
        cmocka_unit_test(test_properties),
        cmocka_unit_test(test_dcl_ranges_masks_2d),
        cmocka_unit_test(test_dcl_per_vertex_inputs),
        cmocka_unit_test(test_dcl_semantics_and_interpolation),
        cmocka_unit_test(test_dcl_array_stream_local),
        cmocka_unit_test(test_dcl_resources),
        cmocka_unit_test(test_dcl_every_file),
        cmocka_unit_test(test_dcl_immx),
        cmocka_unit_test(test_immediates),
        cmocka_unit_test(test_numbering_and_modifiers),
        cmocka_unit_test(test_writemask_and_swizzle),
        cmocka_unit_test(test_indirect_and_2d),
        cmocka_unit_test(test_operand_counts),
        cmocka_unit_test(test_textures),
        cmocka_unit_test(test_memory_instructions),
        cmocka_unit_test(test_labels_and_flow),
        cmocka_unit_test(test_same_line_and_legacy_emit),
        cmocka_unit_test(test_preprocessor),
        cmocka_unit_test(test_name_tables),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_len_is_honoured),
        cmocka_unit_test(test_truncations_never_crash),
        cmocka_unit_test(test_hostile_inputs),
        cmocka_unit_test(test_canonical_round_trip),
        cmocka_unit_test(test_corpus),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* The machine API of nvgp.h: names resolved by the program, statuses and
 * messages of each kind of refusal, scalar bindings, results only after a
 * run, and the texel helpers.  Expected values are worked out by hand in
 * the comments. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "nvgp.h"

#include <stdlib.h>
#include <string.h>

static nvgp_program *load(const char *text)
{
    nvgp_diag *diag = NULL;
    nvgp_program *p = nvgp_program_create("t", text, strlen(text), &diag);
    if (!p)
        nvgp_diag_print(diag, stderr);
    nvgp_diag_destroy(diag);
    assert_non_null(p);
    return p;
}

/* result.clip[n] of NV_vertex_program2_option is component n % 4 of a
 * CLIPDIST output: clip[0] = x + 10, clip[1] = y * -3; for (1, 2, 3, 1):
 * 11 and -6, each read as (value, 0, 0, 0). */
static const char clip_vp[] = "!!ARBvp1.0\n"
                              "OPTION NV_vertex_program2;\n"
                              "PARAM k = program.env[0];\n"
                              "MOV result.position, vertex.position;\n"
                              "ADD result.clip[0].x, vertex.position.x, k.x;\n"
                              "MUL result.clip[1].x, vertex.position.y, k.y;\n"
                              "END\n";

static void test_names_and_scalar_outputs(void **state)
{
    (void)state;
    nvgp_program *p = load(clip_vp);
    nvgp_binding c0, c1, pos, in;
    assert_int_equal(nvgp_program_find_binding(p, "result.clip[0]", &c0), NVGP_OK);
    assert_int_equal(nvgp_program_find_binding(p, "result.clip[1]", &c1), NVGP_OK);
    assert_int_equal(c0.kind, NVGP_BINDING_OUTPUT);
    assert_int_equal(c0.index, c1.index);   /* one register, two components */
    assert_int_equal(c0.component, 0);
    assert_int_equal(c1.component, 1);
    assert_int_equal(nvgp_program_find_binding(p, "result.position", &pos), NVGP_OK);
    assert_int_equal(pos.component, -1);
    assert_int_equal(nvgp_program_find_binding(p, "vertex.position", &in), NVGP_OK);
    assert_int_equal(in.kind, NVGP_BINDING_INPUT);
    assert_int_equal(nvgp_program_find_binding(p, "vertex.nosuch", &in),
                     NVGP_ERROR_UNKNOWN_NAME);
    /* TGSI names work for NV programs too, for the registers the
     * translation declares: vertex.position is IN[0], no constant buffer 1 */
    assert_int_equal(nvgp_program_find_binding(p, "IN[0]", &in), NVGP_OK);
    assert_int_equal(in.kind, NVGP_BINDING_INPUT);
    assert_int_equal(in.dim, -1);
    assert_int_equal(in.index, 0);
    assert_int_equal(nvgp_program_find_binding(p, "CONST[1][20]", &in), NVGP_ERROR_UNKNOWN_NAME);
    assert_int_equal(nvgp_program_find_binding(p, "SV[1][2]", &in), NVGP_ERROR_UNKNOWN_NAME);
    assert_int_equal(nvgp_program_find_binding(p, "IN[1", &in), NVGP_ERROR_UNKNOWN_NAME);
    assert_int_equal(nvgp_program_find_binding(p, "IN[99999999999]", &in),
                     NVGP_ERROR_UNKNOWN_NAME);
    /* the output register's names: the whole-register names, then the
     * scalar ones by component */
    int32_t comp = 5;
    assert_string_equal(nvgp_program_output_name(p, (uint32_t)c0.index, 0, &comp),
                        "result.clip[0]");
    assert_int_equal(comp, 0);
    assert_string_equal(nvgp_program_output_name(p, (uint32_t)c0.index, 1, &comp),
                        "result.clip[1]");
    assert_null(nvgp_program_output_name(p, (uint32_t)c0.index, 2, &comp));

    nvgp_machine *m = NULL;
    assert_int_equal(nvgp_machine_create(p, &m, NULL), NVGP_OK);
    nvgp_vec4 v = { .f = { 1, 2, 3, 1 } }, k = { .f = { 10, -3, 0, 0 } }, out;
    assert_int_equal(nvgp_machine_get_output(m, &c0, 0, &out), NVGP_ERROR_NOT_RUN);
    assert_int_equal(nvgp_machine_set_input(m, "vertex.position", NVGP_ALL, &v), NVGP_OK);
    assert_int_equal(nvgp_machine_set_parameters(m, "program.env[0]", &k, 1), NVGP_OK);
    assert_int_equal(nvgp_machine_run(m, NULL, NULL), NVGP_OK);
    assert_int_equal(nvgp_machine_num_threads(m), 1);
    assert_int_equal(nvgp_machine_get_output(m, &c0, 0, &out), NVGP_OK);
    assert_true(out.f[0] == 11.0f && out.u[1] == 0 && out.u[2] == 0 && out.u[3] == 0);
    assert_int_equal(nvgp_machine_get_output(m, &c1, 0, &out), NVGP_OK);
    assert_true(out.f[0] == -6.0f && out.u[1] == 0);
    assert_int_equal(nvgp_machine_get_output(m, &c1, 1, &out), NVGP_ERROR_INVALID_ARGUMENT);
    assert_int_equal(nvgp_machine_get_output(m, &in, 0, &out), NVGP_ERROR_WRONG_KIND);
    nvgp_machine_destroy(m);
    nvgp_program_destroy(p);
}

/* Each refusal has its status and says why in nvgp_machine_error. */
static void test_refusals(void **state)
{
    (void)state;
    nvgp_program *p = load("VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\n"
                           "MOV OUT[0], IN[0]\nEND\n");
    nvgp_machine *m = NULL;
    assert_int_equal(nvgp_machine_create(p, &m, NULL), NVGP_OK);
    nvgp_vec4 v = { .u = { 1, 2, 3, 4 } };
    assert_int_equal(nvgp_machine_set_input(m, "v[OPOS]", 0, &v), NVGP_ERROR_UNKNOWN_NAME);
    assert_string_equal(nvgp_machine_error(m), "the program has no such input");
    assert_int_equal(nvgp_machine_set_parameters(m, "IN[0]", &v, 1), NVGP_ERROR_WRONG_KIND);
    assert_string_equal(nvgp_machine_error(m), "not a parameter of the program");
    assert_int_equal(nvgp_machine_set_helper(m, 0, true), NVGP_ERROR_WRONG_KIND);
    assert_string_equal(nvgp_machine_error(m), "only fragment programs have helper invocations");
    assert_int_equal(nvgp_machine_set_framebuffer(m, "OUT[0]", 0, &v), NVGP_ERROR_WRONG_KIND);
    assert_int_equal(nvgp_machine_set_buffer(m, "IN[0]", NULL, 4), NVGP_ERROR_WRONG_KIND);
    assert_string_equal(nvgp_machine_error(m), "the program has no such buffer");
    /* a register the program does not declare names nothing */
    nvgp_image_desc img = { NVGP_TEXTURE_1D, "R32_BOGUS", 1, 1, 1 };
    assert_int_equal(nvgp_machine_set_image(m, "IMAGE[0]", &img, NULL),
                     NVGP_ERROR_UNKNOWN_NAME);
    assert_int_equal(nvgp_machine_set_parameters(m, "CONST[0]", &v, 1), NVGP_ERROR_UNKNOWN_NAME);
    /* a per-vertex input of a program that reads one vertex */
    assert_int_equal(nvgp_machine_set_input(m, "IN[1][0]", 0, &v), NVGP_ERROR_INVALID_ARGUMENT);
    assert_int_equal(nvgp_machine_set_input(m, NULL, 0, &v), NVGP_ERROR_INVALID_ARGUMENT);
    assert_int_equal(nvgp_machine_set_input(m, "IN[0]", 0, NULL), NVGP_ERROR_INVALID_ARGUMENT);
    /* by binding, resolved once or made by hand: IN[0] of invocation 0
     * becomes (1, 2, 3, 4), which OUT[0] copies */
    nvgp_binding in0 = { NVGP_BINDING_INPUT, -1, 0, -1 }, out0 = { NVGP_BINDING_OUTPUT, -1, 0, -1 };
    assert_int_equal(nvgp_machine_set_input_binding(m, &out0, 0, &v), NVGP_ERROR_WRONG_KIND);
    assert_string_equal(nvgp_machine_error(m), "not an input of the program");
    assert_int_equal(nvgp_machine_set_input_binding(m, NULL, 0, &v), NVGP_ERROR_INVALID_ARGUMENT);
    assert_int_equal(nvgp_machine_set_input_binding(m, &in0, 0, &v), NVGP_OK);
    assert_int_equal(nvgp_machine_run(m, NULL, NULL), NVGP_OK);
    assert_string_equal(nvgp_machine_error(m), "");
    nvgp_vec4 got;
    assert_int_equal(nvgp_machine_get_output(m, &out0, 0, &got), NVGP_OK);
    assert_memory_equal(got.u, v.u, sizeof v.u);
    nvgp_machine_destroy(m);
    nvgp_program_destroy(p);

    /* an endless loop ends at the budget, with no results */
    p = load("VERT\nBGNLOOP\nENDLOOP\nEND\n");
    assert_int_equal(nvgp_machine_create(p, &m, NULL), NVGP_OK);
    nvgp_run_options o = { .budget = 100 };
    assert_int_equal(nvgp_machine_run(m, &o, NULL), NVGP_ERROR_BUDGET);
    assert_true(strlen(nvgp_machine_error(m)) > 0);
    assert_int_equal(nvgp_machine_num_threads(m), 0);
    assert_string_equal(nvgp_status_string(NVGP_ERROR_UNKNOWN_NAME), "unknown name");
    assert_string_equal(nvgp_status_string((nvgp_status)999), "unknown status");
    nvgp_machine_destroy(m);
    assert_int_equal(nvgp_machine_create(NULL, &m, NULL), NVGP_ERROR_INVALID_ARGUMENT);
    assert_null(m);
    nvgp_machine_destroy(NULL);
    nvgp_program_destroy(p);
}

/* Texel helpers: rgba8 clamps and rounds (0.5 * 255 + 0.5 = 128 floors to
 * 128, 2.0 clamps to 255, -1 to 0, NaN is 0); a 2x2 rgba32f level 0 of
 * (1, 2, 3, 4) makes a 1x1 level 1 of their mean, 2.5; integer formats make
 * no levels. */
static void test_texels_and_mipmaps(void **state)
{
    (void)state;
    uint8_t texel[4] = { 9, 9, 9, 9 };
    float f[4] = { 0.5f, 2.0f, -1.0f, 0.0f };
    f[3] = f[3] / f[3];   /* NaN */
    for (unsigned c = 0; c < 4; c++) {
        uint32_t w;
        memcpy(&w, &f[c], 4);
        nvgp_tex_pack_component(NVGP_TEX_FORMAT_RGBA8, texel, c, w);
    }
    assert_int_equal(texel[0], 128);
    assert_int_equal(texel[1], 255);
    assert_int_equal(texel[2], 0);
    assert_int_equal(texel[3], 0);
    assert_int_equal(nvgp_tex_format_components(NVGP_TEX_FORMAT_RGBA8), 4);
    assert_int_equal(nvgp_tex_format_components(NVGP_TEX_FORMAT_DEPTH16), 1);

    nvgp_texture_desc d = { .target = NVGP_TEXTURE_2D, .format = NVGP_TEX_FORMAT_R32F,
                            .width = 2, .height = 2, .depth = 1, .layers = 1, .levels = 0,
                            .samples = 1 };
    nvgp_texture *t = nvgp_texture_create(&d, NULL);
    assert_non_null(t);
    assert_int_equal(nvgp_texture_describe(t)->levels, 2);
    const float level0[4] = { 1, 2, 3, 4 };
    float level1 = 0;
    assert_true(nvgp_texture_make_mip_level(t, 1, level0, &level1));
    assert_true(level1 == 2.5f);
    assert_false(nvgp_texture_make_mip_level(t, 2, level0, &level1));  /* no level 2 */
    assert_true(nvgp_texture_set_image_mipmapped(t, level0, sizeof level0, NULL));
    nvgp_texture_destroy(t);

    /* a NULL anywhere is refused, never followed */
    assert_null(nvgp_texture_create(NULL, NULL));
    assert_int_equal(nvgp_texture_image_size(NULL, 0), 0);
    assert_null(nvgp_texture_describe(NULL));
    assert_false(nvgp_texture_set_image(NULL, 0, level0, sizeof level0, NULL));
    assert_false(nvgp_texture_make_mip_level(NULL, 1, level0, &level1));
    assert_false(nvgp_texture_set_image_mipmapped(NULL, level0, sizeof level0, NULL));
    nvgp_tex_pack_component(NVGP_TEX_FORMAT_RGBA8, NULL, 0, 0);

    d.format = NVGP_TEX_FORMAT_R32UI;
    t = nvgp_texture_create(&d, NULL);
    assert_non_null(t);
    assert_false(nvgp_texture_make_mip_level(t, 1, level0, &level1));
    assert_false(nvgp_texture_set_image_mipmapped(t, level0, sizeof level0, NULL));
    nvgp_texture_destroy(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names_and_scalar_outputs),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_texels_and_mipmaps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

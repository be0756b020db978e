/* Job -> executor -> result JSON (tools/job_bind.c), end to end on small
 * TGSI programs whose results are worked out by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "api/program.h"
#include "job_bind.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Runs a job whose program is inline TGSI; returns the result text (or the
 * error message when want_error). */
static char *run_job_named(const char *json, bool want_error, const nvgp_job_names *names);

static char *run_job(const char *json, bool want_error)
{
    nvgp_job_names names = { nvgp_job_resolve_tgsi, NULL, NULL };
    return run_job_named(json, want_error, &names);
}

/* The same with the runner's name table (names, output_name). */
static char *run_job_named(const char *json, bool want_error, const nvgp_job_names *names)
{
    char *err = NULL;
    nvgp_job *job = nvgp_job_parse(json, strlen(json), "job.json", NULL, &err);
    if (!job)
        fprintf(stderr, "%s\n", err);
    assert_non_null(job);
    nvgp_diag *diag = NULL;
    nvgp_program *prog = nvgp_program_create("prog", job->program_text, job->program_length,
                                             &diag);
    if (!prog)
        nvgp_diag_print(diag, stderr);
    assert_non_null(prog);
    const tgsi_program *tp = nvgp_program_tgsi(prog);
    assert_non_null(tp);
    nvgp_exec *m = nvgp_exec_create(tp, diag);
    assert_non_null(m);
    char *result = NULL;
    if (!nvgp_job_bind(job, "job.json", tp, m, names, &err)) {
        assert_true(want_error);
        result = err;
    } else {
        assert_int_equal(nvgp_exec_run(m, diag), NVGP_EXEC_OK);
        nvgp_strbuf s;
        nvgp_strbuf_init(&s);
        bool ok = nvgp_job_collect(job, "job.json", tp, m, names, &s, &err);
        if (ok) {
            assert_false(want_error);
            result = nvgp_strbuf_take(&s, NULL);
        } else {
            assert_true(want_error);
            nvgp_strbuf_free(&s);
            result = err;
        }
    }
    nvgp_exec_destroy(m);
    nvgp_program_destroy(prog);
    nvgp_diag_destroy(diag);
    nvgp_job_destroy(job);
    return result;
}

static void expect_text(char *got, const char *want)
{
    if (strcmp(got, want))
        fprintf(stderr, "got:\n%s\nexpected:\n%s\n", got, want);
    assert_string_equal(got, want);
    free(got);
}

static void test_vertex_add(void **state)
{
    (void)state;
    /* OUT[0] = IN[0] + CONST[0]; CONST[0] = 0.5. */
    char *r = run_job(
        "{\"program\": {\"text\": \"VERT\\nDCL IN[0]\\nDCL OUT[0], GENERIC[0]\\n"
        "DCL CONST[0]\\n  0: ADD OUT[0], IN[0], CONST[0]\\n  1: END\\n\"},\n"
        " \"invocations\": 2,\n"
        " \"inputs\": {\"IN[0]\": [[1, 2, 3, 4], [5, 6, 7, \"inf\"]]},\n"
        " \"params\": {\"CONST[0]\": [0.5, 0.5, 0.5, 0.5]},\n"
        " \"outputs\": {\"OUT[0]\": \"f32\"}}", false);
    expect_text(r,
        "{ \"invocations\": [\n"
        "    { \"OUT[0]\": [1.5, 2.5, 3.5, 4.5] },\n"
        "    { \"OUT[0]\": [5.5, 6.5, 7.5, \"inf\"] }\n"
        "  ],\n"
        "  \"faults\": 0 }\n");
    /* Without "outputs": every written output as f32; hex on request. */
    r = run_job(
        "{\"program\": {\"text\": \"VERT\\nDCL IN[0]\\nDCL OUT[0], GENERIC[0]\\n"
        "DCL CONST[0]\\n  0: ADD OUT[0], IN[0], CONST[0]\\n  1: END\\n\"},\n"
        " \"inputs\": {\"IN[0]\": [1, 2, 3, 4]}}", false);
    expect_text(r,
        "{ \"invocations\": [\n"
        "    { \"OUT[0]\": [1, 2, 3, 4] }\n"
        "  ],\n"
        "  \"faults\": 0 }\n");
}

static void test_fragment_texture(void **state)
{
    (void)state;
    /* 2x2 texture, nearest; the four lanes of one quad sample the four
     * texel centres (derivatives 0.5 -> u steps 1: lambda 0).  Invocation 3
     * is a helper: it samples but reports nothing. */
    char *r = run_job(
        "{\"program\": {\"text\": \"FRAG\\nDCL IN[0], GENERIC[0], PERSPECTIVE\\n"
        "DCL OUT[0], COLOR\\nDCL SAMP[0]\\n  0: TEX OUT[0], IN[0], SAMP[0], 2D\\n"
        "  1: END\\n\"},\n"
        " \"invocations\": 4,\n"
        " \"inputs\": {\"IN[0]\": [[0.25, 0.25, 0, 1], [0.75, 0.25, 0, 1],\n"
        "                         [0.25, 0.75, 0, 1], [0.75, 0.75, 0, 1]]},\n"
        " \"textures\": {\"0\": {\"target\": \"2D\", \"width\": 2, \"height\": 2,\n"
        "   \"texels\": [[1, 0, 0, 1], [0, 1, 0, 1], [0, 0, 1, 1], [1, 1, 1, 0]]}},\n"
        " \"helpers\": [3],\n"
        " \"outputs\": {\"OUT[0]\": \"f32\"}}", false);
    expect_text(r,
        "{ \"invocations\": [\n"
        "    { \"OUT[0]\": [1, 0, 0, 1] },\n"
        "    { \"OUT[0]\": [0, 1, 0, 1] },\n"
        "    { \"OUT[0]\": [0, 0, 1, 1] },\n"
        "    {}\n"
        "  ],\n"
        "  \"killed\": [false, false, false, false],\n"
        "  \"faults\": 0 }\n");
}

static void test_geometry_emit(void **state)
{
    (void)state;
    /* Triangles in (3 vertices each, from the GS_INPUT_PRIMITIVE property):
     * each primitive emits its vertex 0 and vertex 2, then ends the strip. */
    char *r = run_job(
        "{\"program\": {\"text\": \"GEOM\\nPROPERTY GS_INPUT_PRIMITIVE TRIANGLES\\n"
        "PROPERTY GS_OUTPUT_PRIMITIVE TRIANGLE_STRIP\\nPROPERTY GS_MAX_OUTPUT_VERTICES 3\\n"
        "DCL IN[][0], GENERIC[0]\\nDCL OUT[0], POSITION\\nIMM[0] UINT32 {0, 0, 0, 0}\\n"
        "  0: MOV OUT[0], IN[0][0]\\n  1: EMIT IMM[0].xxxx\\n  2: MOV OUT[0], IN[2][0]\\n"
        "  3: EMIT IMM[0].xxxx\\n  4: ENDPRIM IMM[0].xxxx\\n  5: END\\n\"},\n"
        " \"invocations\": 2,\n"
        " \"inputs\": {\"IN[0][0]\": [[1, 2, 3, 4], [5, 6, 7, 8]], \"IN[2][0]\": [9, 9, 9, 9]},\n"
        " \"outputs\": {\"OUT[0]\": \"f32\"}}", false);
    expect_text(r,
        "{ \"invocations\": [\n"
        "    { \"OUT[0]\": [9, 9, 9, 9] },\n"
        "    { \"OUT[0]\": [9, 9, 9, 9] }\n"
        "  ],\n"
        "  \"emitted\": [\n"
        "    [\n"
        "      { \"stream\": 0, \"primitive\": 0, \"OUT[0]\": [1, 2, 3, 4] },\n"
        "      { \"stream\": 0, \"primitive\": 0, \"OUT[0]\": [9, 9, 9, 9] }\n"
        "    ],\n"
        "    [\n"
        "      { \"stream\": 0, \"primitive\": 0, \"OUT[0]\": [5, 6, 7, 8] },\n"
        "      { \"stream\": 0, \"primitive\": 0, \"OUT[0]\": [9, 9, 9, 9] }\n"
        "    ]\n"
        "  ],\n"
        "  \"faults\": 0 }\n");
}

static void test_memory_and_buffers(void **state)
{
    (void)state;
    /* Compute: thread i of a 4-thread block stores i * 2 + 1 at byte 4 * i of
     * global memory at 4096; a 5th store lands outside the range (a fault). */
    char *r = run_job(
        "{\"program\": {\"text\": \"COMP\\nPROPERTY CS_FIXED_BLOCK_WIDTH 5\\n"
        "PROPERTY CS_FIXED_BLOCK_HEIGHT 1\\nPROPERTY CS_FIXED_BLOCK_DEPTH 1\\n"
        "DCL SV[0], THREAD_ID\\nDCL MEMORY[0]\\nDCL TEMP[0..1]\\n"
        "IMM[0] UINT32 {4, 2, 1, 4096}\\n"
        "  0: UMUL TEMP[0].x, SV[0].xxxx, IMM[0].xxxx\\n"
        "  1: UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].wwww\\n"
        "  2: UMAD TEMP[1].x, SV[0].xxxx, IMM[0].yyyy, IMM[0].zzzz\\n"
        "  3: STORE MEMORY[0].x, TEMP[0].xxxx, TEMP[1].xxxx\\n"
        "  4: END\\n\"},\n"
        " \"memory\": [{\"address\": 4096, \"u32\": [0, 0, 0, 0]}],\n"
        " \"outputs\": []}", false);
    /* no invocation prints anything: the list of empty records is left out */
    expect_text(r,
        "{ \"memory\": [\n"
        "    { \"address\": 4096, \"u32\": [1, 3, 5, 7] }\n"
        "  ],\n"
        "  \"faults\": 1 }\n");
}

static void test_fragment_kill(void **state)
{
    (void)state;
    /* KILL_IF x < 0 after the output is written: lanes 1 and 3 are killed
     * and still show what they wrote. */
    char *r = run_job(
        "{\"program\": {\"text\": \"FRAG\\nDCL IN[0], GENERIC[0], PERSPECTIVE\\n"
        "DCL OUT[0], COLOR\\n  0: MOV OUT[0], IN[0]\\n  1: KILL_IF IN[0].xxxx\\n"
        "  2: END\\n\"},\n"
        " \"invocations\": 4,\n"
        " \"inputs\": {\"IN[0]\": [[1, 0, 0, 1], [-1, 0, 0, 1], [0, 0, 0, 1], [\"-inf\", 0, 0, 1]]},\n"
        " \"outputs\": {\"OUT[0]\": \"hex\"}}", false);
    expect_text(r,
        "{ \"invocations\": [\n"
        "    { \"OUT[0]\": [\"0x3f800000\", \"0x00000000\", \"0x00000000\", \"0x3f800000\"] },\n"
        "    { \"OUT[0]\": [\"0xbf800000\", \"0x00000000\", \"0x00000000\", \"0x3f800000\"] },\n"
        "    { \"OUT[0]\": [\"0x00000000\", \"0x00000000\", \"0x00000000\", \"0x3f800000\"] },\n"
        "    { \"OUT[0]\": [\"0xff800000\", \"0x00000000\", \"0x00000000\", \"0x3f800000\"] }\n"
        "  ],\n"
        "  \"killed\": [false, true, false, true],\n"
        "  \"faults\": 0 }\n");
}

/* "framebuffer": the colour FBFETCH reads, one per invocation or one for
 * all; the program blends half of the source over the framebuffer colour. */
static void test_fragment_framebuffer(void **state)
{
    (void)state;
    char *r = run_job(
        "{\"program\": {\"text\": \"FRAG\\nDCL IN[0], GENERIC[0], PERSPECTIVE\\n"
        "DCL OUT[0], COLOR\\nDCL OUT[1], COLOR[1]\\nDCL TEMP[0]\\n"
        "IMM[0] FLT32 { 0.5, 0.0, 0.0, 0.0 }\\n"
        "  0: FBFETCH TEMP[0], OUT[0]\\n  1: ADD TEMP[0], TEMP[0], IN[0]\\n"
        "  2: MUL OUT[0], TEMP[0], IMM[0].xxxx\\n  3: FBFETCH OUT[1], OUT[1]\\n"
        "  4: END\\n\"},\n"
        " \"invocations\": 2,\n"
        " \"inputs\": {\"IN[0]\": [1, 1, 1, 1]},\n"
        " \"framebuffer\": {\"OUT[0]\": [[0, 0.5, 1, 1], [3, 5, 7, 9]],\n"
        "                 \"OUT[1]\": {\"u32\": [1, 2, 3, 4]}},\n"
        " \"outputs\": {\"OUT[0]\": \"f32\", \"OUT[1]\": \"u32\"}}", false);
    expect_text(r,
        "{ \"invocations\": [\n"
        "    { \"OUT[0]\": [0.5, 0.75, 1, 1], \"OUT[1]\": [1, 2, 3, 4] },\n"
        "    { \"OUT[0]\": [2, 3, 4, 5], \"OUT[1]\": [1, 2, 3, 4] }\n"
        "  ],\n"
        "  \"killed\": [false, false],\n"
        "  \"faults\": 0 }\n");
}

static void test_bind_errors(void **state)
{
    (void)state;
    const char *prog = "{\"program\": {\"text\": \"VERT\\nDCL IN[0]\\nDCL OUT[0], GENERIC[0]\\n"
                       "  0: MOV OUT[0], IN[0]\\n  1: END\\n\"}, ";
    char json[1024];
    snprintf(json, sizeof json, "%s\"inputs\": {\"v[OPOS]\": [1, 2, 3, 4]}}", prog);
    expect_text(run_job(json, true),
                "job.json: inputs[\"v[OPOS]\"]: the program has no such input");
    snprintf(json, sizeof json, "%s\"params\": {\"IN[0]\": [1, 2, 3, 4]}}", prog);
    expect_text(run_job(json, true),
                "job.json: params[\"IN[0]\"]: not a parameter of the program");
    snprintf(json, sizeof json, "%s\"outputs\": {\"OUT[0][1]\": \"f32\"}}", prog);
    expect_text(run_job(json, true),
                "job.json: outputs[\"OUT[0][1]\"]: name the output without a vertex");
    snprintf(json, sizeof json, "%s\"helpers\": [0]}", prog);
    expect_text(run_job(json, true),
                "job.json: helpers: only fragment programs have helper invocations");
    snprintf(json, sizeof json, "%s\"framebuffer\": {\"OUT[0]\": [1, 2, 3, 4]}}", prog);
    expect_text(run_job(json, true),
                "job.json: framebuffer: only fragment programs read the framebuffer");
    snprintf(json, sizeof json, "%s\"buffers\": {\"program.storage[0]\": {\"size\": 4}}}",
             prog);
    expect_text(run_job(json, true),
                "job.json: buffers[\"program.storage[0]\"]: the program has no such buffer");
    snprintf(json, sizeof json, "%s\"buffers\": {\"IN[0]\": {\"size\": 4}}}", prog);
    expect_text(run_job(json, true),
                "job.json: buffers[\"IN[0]\"]: the program has no such buffer");
    snprintf(json, sizeof json,
             "%s\"images\": {\"image[1]\": {\"format\": \"R32_UINT\", \"size\": [1]}}}", prog);
    expect_text(run_job(json, true),
                "job.json: images[\"image[1]\"]: the program has no such image");
}

/* Buffers and images named by TGSI register ("BUFFER[1]", "IMAGE[0]") or
 * by number.  Thread i of 2 loads texel i of the 1D R32_FLOAT image
 * (1.5, -3), doubles it, stores it back and at byte 4i of BUFFER[1], and
 * adds 4 to texel (0,0) of the R32_UINT IMAGE[2] (10): by hand the buffer
 * and image hold (3, -6), IMAGE[2] 10 + 4 + 4 = 18.  Results come back
 * under the keys the job used. */
static void test_buffers_and_images_by_name(void **state)
{
    (void)state;
    char *r = run_job(
        "{\"program\": {\"text\": \"COMP\\nPROPERTY CS_FIXED_BLOCK_WIDTH 2\\n"
        "PROPERTY CS_FIXED_BLOCK_HEIGHT 1\\nPROPERTY CS_FIXED_BLOCK_DEPTH 1\\n"
        "DCL SV[0], THREAD_ID\\nDCL BUFFER[1]\\n"
        "DCL IMAGE[0], 1D, PIPE_FORMAT_R32_FLOAT, WR\\n"
        "DCL IMAGE[2], 2D, PIPE_FORMAT_R32_UINT, WR\\nDCL TEMP[0..1]\\n"
        "IMM[0] UINT32 {4, 0, 0, 0}\\nIMM[1] FLT32 {2.0, 0.0, 0.0, 0.0}\\n"
        "  0: MOV TEMP[1], IMM[0].yyyy\\n"
        "  1: MOV TEMP[1].x, SV[0].xxxx\\n"
        "  2: LOAD TEMP[0], IMAGE[0], TEMP[1], 1D, PIPE_FORMAT_R32_FLOAT\\n"
        "  3: MUL TEMP[0].x, TEMP[0].xxxx, IMM[1].xxxx\\n"
        "  4: STORE IMAGE[0].x, TEMP[1], TEMP[0].xxxx, 1D, PIPE_FORMAT_R32_FLOAT\\n"
        "  5: UMUL TEMP[1].x, SV[0].xxxx, IMM[0].xxxx\\n"
        "  6: STORE BUFFER[1].x, TEMP[1].xxxx, TEMP[0].xxxx\\n"
        "  7: ATOMUADD TEMP[1].x, IMAGE[2], IMM[0].yyyy, IMM[0].xxxx, 2D, PIPE_FORMAT_R32_UINT\\n"
        "  8: END\\n\"},\n"
        " \"buffers\": {\"BUFFER[1]\": {\"f32\": [0, 0]}},\n"
        " \"images\": {\"IMAGE[0]\": {\"format\": \"R32_FLOAT\", \"target\": \"1D\", "
        "\"size\": [2], \"texels\": [1.5, -3]},\n"
        "            \"2\": {\"format\": \"R32_UINT\", \"size\": [1, 1], \"texels\": [10]}},\n"
        " \"outputs\": []}", false);
    expect_text(r,
        "{ \"buffers\": {\n"
        "    \"BUFFER[1]\": { \"f32\": [3, -6] }\n"
        "  },\n"
        "  \"images\": {\n"
        "    \"IMAGE[0]\": { \"f32\": [3, -6] },\n"
        "    \"2\": { \"u32\": [18] }\n"
        "  },\n"
        "  \"faults\": 0 }\n");
}

/* A name table with scalar bindings, as an NV program's binding map gives
 * them: "clip[n]" is component n % 4 of OUT[1 + n / 4] (CLIPDIST),
 * "outer[k]" component k of SV[0] (TESSOUTER), "cin[k]" component k of
 * IN[0]; "pos" is OUT[0] whole.  OUT[1]'s names list clip[1] before
 * clip[0]. */
static const struct { const char *name; uint8_t file; int8_t comp; int32_t index; }
    comp_names[] = {
        { "pos", TGSI_FILE_OUTPUT, -1, 0 },
        { "clip[1]", TGSI_FILE_OUTPUT, 1, 1 }, { "clip[0]", TGSI_FILE_OUTPUT, 0, 1 },
        { "clip[4]", TGSI_FILE_OUTPUT, 0, 2 },
        { "outer[0]", TGSI_FILE_SYSTEM_VALUE, 0, 0 }, { "outer[2]", TGSI_FILE_SYSTEM_VALUE, 2, 0 },
        { "cin[1]", TGSI_FILE_INPUT, 1, 0 },
};

static bool resolve_comp(void *ctx, const char *name, nvgp_job_reg *reg)
{
    (void)ctx;
    for (size_t i = 0; i < sizeof comp_names / sizeof comp_names[0]; i++) {
        if (!strcmp(comp_names[i].name, name)) {
            *reg = (nvgp_job_reg){ comp_names[i].file, comp_names[i].comp, -1,
                                   comp_names[i].index };
            return true;
        }
    }
    return nvgp_job_tgsi_name(name, reg);
}

static const char *output_name_comp(void *ctx, uint32_t index, uint32_t k, int32_t *component)
{
    (void)ctx;
    uint32_t seen = 0;
    for (size_t i = 0; i < sizeof comp_names / sizeof comp_names[0]; i++) {
        if (comp_names[i].file != TGSI_FILE_OUTPUT || comp_names[i].index != (int32_t)index)
            continue;
        if (seen++ == k) {
            *component = comp_names[i].comp;
            return comp_names[i].name;
        }
    }
    return NULL;
}

/* Scalar bindings: an input or system value given for a component sets that
 * component from the value's x, the register's other components keep what
 * other bindings (or the defaults: inputs (0,0,0,1), TESSOUTER 0) give;
 * outputs print the component as x with y, z, w = 0; without "outputs"
 * every name of a written register prints, in register order and the
 * table's order within one; a register without names prints as OUT[n]. */
static void test_scalar_bindings(void **state)
{
    (void)state;
    nvgp_job_names names = { resolve_comp, output_name_comp, NULL };
    static const char prog[] =
        "{\"program\": {\"text\": \"TESS_EVAL\\nPROPERTY TES_PRIM_MODE TRIANGLES\\n"
        "DCL IN[0], PATCH[0]\\nDCL SV[0], TESSOUTER\\n"
        "DCL OUT[0], POSITION\\nDCL OUT[1], CLIPDIST[0]\\nDCL OUT[2], CLIPDIST[1]\\n"
        "DCL OUT[3], GENERIC[0]\\n"
        "  0: MOV OUT[0], IN[0]\\n  1: MOV OUT[1], SV[0]\\n  2: MOV OUT[2], SV[0].zyxw\\n"
        "  3: ADD OUT[3], IN[0], SV[0]\\n  4: END\\n\"},\n"
        " \"invocations\": 2,\n"
        " \"inputs\": {\"IN[0]\": [10, 20, 30, 40], \"cin[1]\": [[1, 9, 9, 9], [2, 9, 9, 9]],\n"
        "            \"outer[2]\": [5, 6, 7, 8], \"outer[0]\": [[3, 0, 0, 0], [4, 0, 0, 0]]}";
    char json[2048];
    /* by hand: IN[0] = (10, 1, 30, 40) / (10, 2, 30, 40); SV[0] = (3, 0, 5, 0)
     * / (4, 0, 5, 0); OUT[1] = SV[0]: clip[0] = x, clip[1] = y; OUT[2] =
     * SV[0].zyxw: clip[4] = 5; OUT[3] = IN[0] + SV[0] */
    snprintf(json, sizeof json, "%s}", prog);
    expect_text(run_job_named(json, false, &names),
        "{ \"invocations\": [\n"
        "    { \"pos\": [10, 1, 30, 40], \"clip[1]\": [0, 0, 0, 0], \"clip[0]\": [3, 0, 0, 0], "
        "\"clip[4]\": [5, 0, 0, 0], \"OUT[3]\": [13, 1, 35, 40] },\n"
        "    { \"pos\": [10, 2, 30, 40], \"clip[1]\": [0, 0, 0, 0], \"clip[0]\": [4, 0, 0, 0], "
        "\"clip[4]\": [5, 0, 0, 0], \"OUT[3]\": [14, 2, 35, 40] }\n"
        "  ],\n"
        "  \"faults\": 0 }\n");
    snprintf(json, sizeof json, "%s, \"outputs\": {\"clip[0]\": \"hex\", \"OUT[1]\": \"f32\"}}",
             prog);
    expect_text(run_job_named(json, false, &names),
        "{ \"invocations\": [\n"
        "    { \"clip[0]\": [\"0x40400000\", \"0x00000000\", \"0x00000000\", \"0x00000000\"], "
        "\"OUT[1]\": [3, 0, 5, 0] },\n"
        "    { \"clip[0]\": [\"0x40800000\", \"0x00000000\", \"0x00000000\", \"0x00000000\"], "
        "\"OUT[1]\": [4, 0, 5, 0] }\n"
        "  ],\n"
        "  \"faults\": 0 }\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vertex_add),
        cmocka_unit_test(test_fragment_texture),
        cmocka_unit_test(test_fragment_kill),
        cmocka_unit_test(test_fragment_framebuffer),
        cmocka_unit_test(test_geometry_emit),
        cmocka_unit_test(test_memory_and_buffers),
        cmocka_unit_test(test_bind_errors),
        cmocka_unit_test(test_buffers_and_images_by_name),
        cmocka_unit_test(test_scalar_bindings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* Job -> machine -> result JSON (tools/job_bind.c over nvgp.h), end to end
 * on small TGSI programs whose results are worked out by hand.  Scalar
 * bindings (result.clip[n], tessellation levels) need an NV program's
 * binding map: tests/run_cli runs those end to end, tests/api the machine
 * calls underneath. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "job_bind.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Runs a job whose program is inline text on a machine; returns the result
 * text (or the error message when want_error). */
static char *run_job(const char *json, bool want_error)
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
    nvgp_machine *m = NULL;
    assert_int_equal(nvgp_machine_create(prog, &m, diag), NVGP_OK);
    char *result = NULL;
    if (!nvgp_job_bind(job, "job.json", m, &err)) {
        assert_true(want_error);
        result = err;
    } else {
        nvgp_run_options o;
        nvgp_job_run_options(job, &o);
        assert_int_equal(nvgp_machine_run(m, &o, diag), NVGP_OK);
        nvgp_strbuf s;
        nvgp_strbuf_init(&s);
        bool ok = nvgp_job_collect(job, "job.json", prog, m, &s, &err);
        if (ok) {
            assert_false(want_error);
            result = nvgp_strbuf_take(&s, NULL);
        } else {
            assert_true(want_error);
            nvgp_strbuf_free(&s);
            result = err;
        }
    }
    nvgp_machine_destroy(m);
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

/* A geometry program run GS_INVOCATIONS times per input primitive: a
 * system value given per invocation (primitive) reaches every thread of the
 * primitive (NV_gpu_program5: "Each invocation of the geometry program will
 * have the same inputs and outputs except for ... primitive.invocation"),
 * here primitive 0's PRIMID 7 in threads 0 and 1, primitive 1's 9 in
 * threads 2 and 3; INVOCATIONID is 0, 1 in each. */
static void test_geometry_invocations_share_values(void **state)
{
    (void)state;
    char *r = run_job(
        "{\"program\": {\"text\": \"GEOM\\nPROPERTY GS_INPUT_PRIMITIVE POINTS\\n"
        "PROPERTY GS_OUTPUT_PRIMITIVE POINTS\\nPROPERTY GS_MAX_OUTPUT_VERTICES 1\\n"
        "PROPERTY GS_INVOCATIONS 2\\n"
        "DCL SV[0], PRIMID\\nDCL SV[1], INVOCATIONID\\nDCL OUT[0], GENERIC[0]\\n"
        "  0: MOV OUT[0].x, SV[0].xxxx\\n  1: U2F OUT[0].y, SV[1].xxxx\\n  2: END\\n\"},\n"
        " \"invocations\": 2,\n"
        " \"inputs\": {\"SV[0]\": [[7, 0, 0, 0], [9, 0, 0, 0]]},\n"
        " \"outputs\": {\"OUT[0]\": \"f32\"}}", false);
    expect_text(r,
        "{ \"invocations\": [\n"
        "    { \"OUT[0]\": [7, 0, 0, 0] },\n"
        "    { \"OUT[0]\": [7, 1, 0, 0] },\n"
        "    { \"OUT[0]\": [9, 0, 0, 0] },\n"
        "    { \"OUT[0]\": [9, 1, 0, 0] }\n"
        "  ],\n"
        "  \"emitted\": [\n"
        "    [],\n"
        "    [],\n"
        "    [],\n"
        "    []\n"
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
    snprintf(json, sizeof json, "%s\"outputs\": {\"OUT[1][0]\": \"f32\"}}", prog);
    expect_text(run_job(json, true),
                "job.json: outputs[\"OUT[1][0]\"]: name the output without a vertex");
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vertex_add),
        cmocka_unit_test(test_fragment_texture),
        cmocka_unit_test(test_fragment_kill),
        cmocka_unit_test(test_fragment_framebuffer),
        cmocka_unit_test(test_geometry_emit),
        cmocka_unit_test(test_geometry_invocations_share_values),
        cmocka_unit_test(test_memory_and_buffers),
        cmocka_unit_test(test_bind_errors),
        cmocka_unit_test(test_buffers_and_images_by_name),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

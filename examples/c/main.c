/* libnvgp from C: check a program, translate one to TGSI, run a vertex
 * program and a compute program with a buffer (docs/library.md explains
 * each call).  Built against the installed library:
 *
 *   cc main.c $(pkg-config --cflags --libs nvgp)
 *
 * or with CMake (CMakeLists.txt here: find_package(nvgp)).  Every value it
 * prints is worked out by hand in the comments (expected.txt). */
#include <nvgp.h>

#include <stdio.h>
#include <string.h>

/* 1. Checking: the second line names an attribute that does not exist. */
static int check(void)
{
    static const char bad[] = "!!ARBvp1.0\n"
                              "MOV result.position, vertex.nosuch;\n"
                              "END\n";
    nvgp_diag *diag = NULL;
    nvgp_program *prog = nvgp_program_create("bad.vp", bad, strlen(bad), &diag);
    nvgp_diag_entry first;
    if (prog || !diag || !nvgp_diag_get(diag, 0, &first))
        return 1;
    printf("check: bad.vp is invalid, first error on line %u\n", first.line);
    nvgp_diag_destroy(diag);
    return 0;
}

static const char vertex_program[] =
    "!!ARBvp1.0\n"
    "PARAM scale = program.env[0];\n"
    "MAD result.position, vertex.position, scale, program.env[1];\n"
    "MOV result.color, vertex.color;\n"
    "END\n";

/* 2. Translating: an ARB vertex program becomes a TGSI vertex shader, whose
 * text starts with its processor, VERT. */
static int translate(const nvgp_program *prog)
{
    char *text = nvgp_program_tgsi_text(prog, NVGP_TGSI_STYLE_CANONICAL, NULL);
    if (!text)
        return 1;
    printf("translate: %s -> %.*s\n", nvgp_program_header(prog), (int)strcspn(text, "\n"),
           text);
    nvgp_free(text);
    return 0;
}

/* 3. Running the vertex program on two vertices, by the program's names:
 *   position = vertex.position * env[0] + env[1], env[0] = (2, 2, 2, 1),
 *   env[1] = (0.5, 0, 0, 0):
 *     (1, 2, 3, 1)    -> (2.5, 4, 6, 1)
 *     (-1, 0.5, 2, 1) -> (-1.5, 1, 4, 1)
 *   color = vertex.color, given once for both: (0.25, 0.5, 0.75, 1). */
static int run_vertex(const nvgp_program *prog)
{
    nvgp_machine *m = NULL;
    if (nvgp_machine_create(prog, &m, NULL) != NVGP_OK)
        return 1;
    const nvgp_vec4 pos[2] = { { .f = { 1, 2, 3, 1 } }, { .f = { -1, 0.5f, 2, 1 } } };
    const nvgp_vec4 color = { .f = { 0.25f, 0.5f, 0.75f, 1 } };
    const nvgp_vec4 env[2] = { { .f = { 2, 2, 2, 1 } }, { .f = { 0.5f, 0, 0, 0 } } };
    int rc = 1;
    if (nvgp_machine_set_invocations(m, 2, 0) != NVGP_OK ||
        nvgp_machine_set_input(m, "vertex.position", 0, &pos[0]) != NVGP_OK ||
        nvgp_machine_set_input(m, "vertex.position", 1, &pos[1]) != NVGP_OK ||
        nvgp_machine_set_input(m, "vertex.color", NVGP_ALL, &color) != NVGP_OK ||
        nvgp_machine_set_parameters(m, "program.env[0]", env, 2) != NVGP_OK ||
        nvgp_machine_run(m, NULL, NULL) != NVGP_OK) {
        fprintf(stderr, "run: %s\n", nvgp_machine_error(m));
        goto done;
    }
    nvgp_binding position, result_color;
    if (nvgp_program_find_binding(prog, "result.position", &position) != NVGP_OK ||
        nvgp_program_find_binding(prog, "result.color", &result_color) != NVGP_OK)
        goto done;
    for (uint32_t t = 0; t < nvgp_machine_num_threads(m); t++) {
        nvgp_vec4 p, c;
        if (nvgp_machine_get_output(m, &position, t, &p) != NVGP_OK ||
            nvgp_machine_get_output(m, &result_color, t, &c) != NVGP_OK)
            goto done;
        printf("vertex %u: position (%g, %g, %g, %g) color (%g, %g, %g, %g)\n", t, p.f[0],
               p.f[1], p.f[2], p.f[3], c.f[0], c.f[1], c.f[2], c.f[3]);
    }
    rc = 0;
done:
    nvgp_machine_destroy(m);
    return rc;
}

/* 4. A compute program: 4 threads each square word THREAD_ID of BUFFER[0]:
 *   (3, 5, 7, 9) -> (9, 25, 49, 81). */
static int run_compute(void)
{
    static const char comp[] = "COMP\n"
                               "PROPERTY CS_FIXED_BLOCK_WIDTH 4\n"
                               "PROPERTY CS_FIXED_BLOCK_HEIGHT 1\n"
                               "PROPERTY CS_FIXED_BLOCK_DEPTH 1\n"
                               "DCL SV[0], THREAD_ID\n"
                               "DCL BUFFER[0]\n"
                               "DCL TEMP[0..1]\n"
                               "IMM[0] UINT32 { 4, 0, 0, 0 }\n"
                               "UMUL TEMP[0].x, SV[0].xxxx, IMM[0].xxxx\n"
                               "LOAD TEMP[1].x, BUFFER[0], TEMP[0].xxxx\n"
                               "UMUL TEMP[1].x, TEMP[1].xxxx, TEMP[1].xxxx\n"
                               "STORE BUFFER[0].x, TEMP[0].xxxx, TEMP[1].xxxx\n"
                               "END\n";
    nvgp_diag *diag = NULL;
    nvgp_program *prog = nvgp_program_create("square.tgsi", comp, strlen(comp), &diag);
    nvgp_machine *m = NULL;
    int rc = 1;
    if (!prog || nvgp_machine_create(prog, &m, diag) != NVGP_OK) {
        nvgp_diag_print(diag, stderr);
        goto done;
    }
    const uint32_t words[4] = { 3, 5, 7, 9 };
    nvgp_binding buffer;
    size_t bytes = 0;
    if (nvgp_machine_set_buffer(m, "BUFFER[0]", words, sizeof words) != NVGP_OK ||
        nvgp_machine_run(m, NULL, diag) != NVGP_OK ||
        nvgp_program_find_binding(prog, "BUFFER[0]", &buffer) != NVGP_OK) {
        fprintf(stderr, "compute: %s\n", nvgp_machine_error(m));
        goto done;
    }
    const uint32_t *out = nvgp_machine_buffer(m, &buffer, &bytes);
    if (!out || bytes != sizeof words)
        goto done;
    printf("compute: BUFFER[0] = %u %u %u %u, faults %llu\n", out[0], out[1], out[2], out[3],
           (unsigned long long)nvgp_machine_faults(m));
    rc = 0;
done:
    nvgp_machine_destroy(m);
    nvgp_program_destroy(prog);
    nvgp_diag_destroy(diag);
    return rc;
}

int main(void)
{
    printf("nvgp %s (header %d.%d.%d)\n", nvgp_version(), NVGP_VERSION_MAJOR,
           NVGP_VERSION_MINOR, NVGP_VERSION_PATCH);
    nvgp_diag *diag = NULL;
    nvgp_program *vp = nvgp_program_create("transform.vp", vertex_program,
                                           strlen(vertex_program), &diag);
    if (!vp) {
        nvgp_diag_print(diag, stderr);
        nvgp_diag_destroy(diag);
        return 1;
    }
    int rc = check() || translate(vp) || run_vertex(vp) || run_compute();
    nvgp_program_destroy(vp);
    nvgp_diag_destroy(diag);
    return rc;
}

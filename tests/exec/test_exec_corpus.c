/* Every TGSI program of the corpus (shared/corpus, *.tgsi) that the reader
 * accepts must also run: 37 invocations (a full and a partial warp), 3
 * input vertices, constants, global memory, buffers and a texture on every
 * unit bound, a small budget.  Whatever the program does, the run must end
 * with NVGP_EXEC_OK or a budget error, never a crash (run it under ASan).
 * Exit 77 (not run) when the shared folder is absent. */
#define _POSIX_C_SOURCE 200809L
#include "exec_test_util.h"
#include "exec/texture.h"
#include "walk_files.h"

#include <dirent.h>
#include <stdlib.h>

typedef struct corpus_stats {
    unsigned read, ran, budget;
} corpus_stats;

static nvgp_texture *shared_texture(void)
{
    static nvgp_texture *t;
    if (!t) {
        nvgp_texture_desc d = { .target = TGSI_TEXTURE_2D, .format = NVGP_TEX_FORMAT_RGBA32F,
                                .width = 4, .height = 4, .depth = 1, .layers = 1, .levels = 0,
                                .samples = 1 };
        t = nvgp_texture_create(&d, NULL);
    }
    return t;
}

static void run_file(const char *path, corpus_stats *st)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return;
    static char buf[1 << 20];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    tgsi_program *p = nvgp_tgsi_read(buf, n, NULL);
    if (!p)
        return;
    st->read++;
    nvgp_exec *m = nvgp_exec_create(p, NULL);
    if (!m)
        fail_msg("%s: the executor refuses a program the reader accepts", path);
    assert_int_equal(nvgp_exec_set_invocations(m, 37, 3), NVGP_EXEC_OK);
    nvgp_exec_set_budget(m, 100000);
    uint32_t c[64 * 4];
    for (int k = 0; k < 256; k++)
        c[k] = (uint32_t)k * 0x01010101u;
    nvgp_exec_set_constants(m, 0, 0, c, 64);
    nvgp_exec_set_constants(m, 1, 0, c, 64);
    nvgp_exec_add_memory(m, 0, NULL, 4096, NULL);
    for (uint32_t b = 0; b < 4; b++)
        nvgp_exec_bind_buffer(m, b, NULL, 256);
    for (uint32_t u = 0; u < 32; u++)
        nvgp_exec_bind_texture(m, u, shared_texture());
    nvgp_exec_status s = nvgp_exec_run(m, NULL);
    if (s == NVGP_EXEC_OK)
        st->ran++;
    else if (s == NVGP_EXEC_ERROR_BUDGET)
        st->budget++;
    else
        fail_msg("%s: %s", path, nvgp_exec_error(m));
    nvgp_exec_destroy(m);
    nvgp_tgsi_program_destroy(p);
}

static void visit(const char *path, const char *name, void *st)
{
    size_t len = strlen(name);
    if (len > 5 && !strcmp(name + len - 5, ".tgsi"))
        run_file(path, st);
}

static void test_corpus(void **state)
{
    (void)state;
    corpus_stats st = { 0, 0, 0 };
    walk_files(NVGP_SHARED_DIR "/corpus", visit, &st);
    printf("corpus: %u programs read, %u ran, %u hit the budget\n", st.read, st.ran, st.budget);
    assert_true(st.read > 0);
    assert_int_equal(st.ran + st.budget, st.read);
}

int main(void)
{
    char probe[4096];
    snprintf(probe, sizeof probe, "%s/corpus", NVGP_SHARED_DIR);
    DIR *d = opendir(probe);
    if (!d)
        return 77;
    closedir(d);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corpus),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    nvgp_texture_destroy(shared_texture());
    return rc;
}

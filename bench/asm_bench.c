/* Throughput of the NV/ARB assembler on the corpus.
 *
 *   asm_bench [-n ROUNDS] [CORPUS_DIR]
 *
 * Loads every program ("!!" header at the start of a line) found under
 * CORPUS_DIR/piglit, CORPUS_DIR/mesa-demos and CORPUS_DIR/nv-gpu-program
 * into memory once, then times ROUNDS rounds (default 50) of assembling the
 * whole set with the monotonic clock, and prints programs, megabytes,
 * seconds, programs/s and MB/s.  Programs that fail to load are assembled
 * too (the error path is part of the work) and counted.
 *
 * Then it times one large generated program per language (LARGE_INSTS
 * instructions cycling through a few typical lines), where per-instruction
 * costs that grow with the program (array growth, name look-ups) show.  VP1.0
 * and VP2.0 programs are left out: they allow at most 128 and 256
 * instructions, and reading stops at the first one past the limit. */
#define _POSIX_C_SOURCE 200809L

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/diag.h"
#include "nv/nv_assemble.h"
#include "read_whole_file.h"
#include "walk_files.h"

#ifndef NVGP_SHARED_DIR
#define NVGP_SHARED_DIR "../shared"
#endif

typedef struct text {
    char *data;
    size_t len;
} text;

static text *items;
static size_t count, cap;

static void add(const char *p, size_t n)
{
    if (count == cap) {
        cap = cap ? cap * 2 : 256;
        text *ni = realloc(items, cap * sizeof *ni);
        if (!ni)
            exit(2);
        items = ni;
    }
    items[count].data = malloc(n + 1);
    if (!items[count].data)
        exit(2);
    memcpy(items[count].data, p, n);
    items[count].data[n] = 0;
    items[count].len = n;
    count++;
}

static void load_file(const char *path)
{
    char *buf = read_whole_file(path, NULL);
    if (!buf)
        return;
    for (char *p = buf; (p = strstr(p, "!!")) != NULL;) {
        if ((p != buf && p[-1] != '\n') || !strncmp(p, "!!test", 6)) {
            p += 2;
            continue;
        }
        char *end = strstr(p + 2, "\n!!");
        size_t n = end ? (size_t)(end - p + 1) : strlen(p);
        add(p, n);
        p += n;
    }
    free(buf);
}

static void visit(const char *path, const char *name, void *ctx)
{
    (void)ctx;
    if (!strstr(name, ".md") && !strstr(name, ".json"))
        load_file(path);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

enum { LARGE_INSTS = 65000 };

typedef struct large_lang {
    const char *name;
    const char *head;        /* header and declarations */
    const char *lines[6];    /* instructions, cycled */
} large_lang;

static const large_lang large_langs[] = {
    {"FP1.0", "!!FP1.0\nDECLARE scale = {1, 2, 3, 4};\n",
     {"MULR R0, f[TEX0], p[0];\n", "ADDR R1, R0, R1;\n", "MADH H2, R0.wzyx, -f[COL0], H2;\n",
      "DP3R R3.x, R1, scale;\n", "TEX R4, f[TEX1], TEX0, 2D;\n", "MOVR o[COLR], R1;\n"}},
    {"ARBfp1.0", "!!ARBfp1.0\nTEMP r0, r1, r2, r3, r4;\nPARAM scale = {1, 2, 3, 4};\n",
     {"MUL r0, fragment.texcoord[0], program.local[0];\n", "ADD r1, r0, r1;\n",
      "MAD r2, r0.wzyx, -fragment.color, r2;\n", "DP3 r3.x, r1, scale;\n",
      "TEX r4, fragment.texcoord[1], texture[0], 2D;\n", "MOV result.color, r1;\n"}},
    {"ARBvp1.0", "!!ARBvp1.0\nTEMP r0, r1, r2;\nADDRESS a0;\nPARAM m[8] = { program.local[0..7] };\n",
     {"MUL r0, vertex.position, program.local[0];\n", "ADD r1, r0, r1;\n",
      "MAD r2, r0.wzyx, -vertex.color, r2;\n", "DP4 result.position.x, m[a0.x + 4], vertex.position;\n",
      "ARL a0.x, r0.x;\n", "MOV result.color, r1;\n"}},
    {"NVfp4.0", "!!NVfp4.0\nTEMP r0, r1, r2, r3, r4;\nINT TEMP i;\nPARAM scale = {1, 2, 3, 4};\n",
     {"MUL.F r0, fragment.texcoord[0], program.local[0];\n", "ADD.S i, i, 1;\n",
      "MAD r2, r0.wzyx, -fragment.color, r2;\n", "DP3.SAT r3.x, r1, scale;\n",
      "TEX r4, fragment.texcoord[1], texture[0], 2D;\n", "MOV result.color, r1;\n"}},
};

static void bench_large(int rounds)
{
    for (size_t l = 0; l < sizeof large_langs / sizeof large_langs[0]; l++) {
        const large_lang *g = &large_langs[l];
        size_t cap2 = strlen(g->head) + 16;
        for (int i = 0; i < 6; i++)
            cap2 += strlen(g->lines[i]) * (LARGE_INSTS / 6 + 1);
        char *src = malloc(cap2);
        if (!src)
            exit(2);
        size_t n = strlen(g->head);
        memcpy(src, g->head, n);
        for (int i = 0; i < LARGE_INSTS; i++) {
            size_t k = strlen(g->lines[i % 6]);
            memcpy(src + n, g->lines[i % 6], k);
            n += k;
        }
        memcpy(src + n, "END\n", 5);
        n += 4;
        bool loads = false;
        double t0 = now();
        for (int r = 0; r < rounds; r++) {
            nvgp_diag *d = nvgp_diag_create("bench", src, n);
            nv_program *p = nvgp_nv_assemble(src, n, d);
            loads = p != NULL;
            nvgp_nv_program_destroy(p);
            nvgp_diag_destroy(d);
        }
        double secs = now() - t0;
        printf("asm_bench: large %-8s %d instructions, %.2f MB, %s, %.2f MB/s\n", g->name, LARGE_INSTS,
               (double)n / 1e6, loads ? "loads" : "fails at the end", (double)n * rounds / 1e6 / secs);
        free(src);
    }
}

int main(int argc, char **argv)
{
    int rounds = 50;
    const char *corpus = NVGP_SHARED_DIR "/corpus";
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-n") && i + 1 < argc)
            rounds = atoi(argv[++i]);
        else
            corpus = argv[i];
    }
    static const char *const dirs[] = {"piglit", "mesa-demos", "nv-gpu-program"};
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", corpus, dirs[i]);
        walk_files(path, visit, NULL);
    }
    if (!count) {
        fprintf(stderr, "asm_bench: no programs found under %s\n", corpus);
        return 1;
    }
    size_t bytes = 0, failed = 0;
    for (size_t i = 0; i < count; i++)
        bytes += items[i].len;
    double t0 = now();
    for (int r = 0; r < rounds; r++) {
        for (size_t i = 0; i < count; i++) {
            nvgp_diag *d = nvgp_diag_create("bench", items[i].data, items[i].len);
            nv_program *p = nvgp_nv_assemble(items[i].data, items[i].len, d);
            if (!p && r == 0)
                failed++;
            nvgp_nv_program_destroy(p);
            nvgp_diag_destroy(d);
        }
    }
    double secs = now() - t0;
    double mb = (double)bytes * rounds / 1e6;
    printf("asm_bench: %zu programs (%zu fail to load), %.3f MB per round, %d rounds, %.3f s\n", count, failed,
           (double)bytes / 1e6, rounds, secs);
    printf("asm_bench: %.0f programs/s, %.2f MB/s\n", (double)count * rounds / secs, mb / secs);
    bench_large(rounds < 5 ? rounds : 5);
    for (size_t i = 0; i < count; i++)
        free(items[i].data);
    free(items);
    return 0;
}

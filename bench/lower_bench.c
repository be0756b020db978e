/* Throughput of the NV/ARB -> TGSI lowering on the program corpus.
 *
 *   lower_bench [-n ROUNDS] [CORPUS_DIR]
 *
 * Loads every NV/ARB program of CORPUS_DIR (default the shared corpus) that
 * assembles into memory once, then times ROUNDS rounds (default 50) of
 * lowering every one of them (nvgp_lower_to_tgsi with its binding map) with
 * the monotonic clock, and separately of assembling + lowering, printing
 * programs, NV instructions, seconds and programs/s per phase (and the
 * process CPU time, steadier on a busy machine).  Programs whose lowering
 * fails are counted once and left out of the timed rounds.  Then one
 * generated NVvp4.0 program of 60000 instructions is lowered once. */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/strbuf.h"
#include "lower/lower.h"
#include "nv/nv_assemble.h"
#include "nv/nv_ir.h"
#include "tgsi/tgsi_ir.h"
#include "read_whole_file.h"
#include "walk_files.h"

#ifndef NVGP_SHARED_DIR
#define NVGP_SHARED_DIR "../shared"
#endif

typedef struct prog {
    char *src;
    size_t len;
    nv_program *nv;
} prog;

typedef struct prog_list {
    prog *items;
    size_t count, cap;
    unsigned skipped_asm, skipped_lower;
    uint64_t insts, tgsi_insts;
} prog_list;

static bool has_nv_header(const char *s, size_t n)
{
    static const char *const heads[] = {"!!ARBvp1.0", "!!ARBfp1.0", "!!VP1.", "!!VP2.0", "!!VSP1.0", "!!FP1.0", "!!NV"};
    for (size_t i = 0; i < sizeof heads / sizeof heads[0]; i++)
        if (n >= strlen(heads[i]) && !memcmp(s, heads[i], strlen(heads[i])))
            return true;
    return false;
}

static void add(prog_list *l, const char *path)
{
    size_t len;
    char *src = read_whole_file(path, &len);
    if (!src || !has_nv_header(src, len)) {
        free(src);
        return;
    }
    nvgp_diag *d = nvgp_diag_create(path, src, len);
    nv_program *p = nvgp_nv_assemble(src, len, d);
    bool ok = p && nvgp_diag_error_count(d) == 0;
    nvgp_diag_destroy(d);
    if (!ok) {
        l->skipped_asm++;
        nvgp_nv_program_destroy(p);
        free(src);
        return;
    }
    nvgp_lower_map *map = NULL;
    tgsi_program *t = nvgp_lower_to_tgsi(p, &map, NULL);
    if (!t) {
        l->skipped_lower++;
        nvgp_nv_program_destroy(p);
        free(src);
        return;
    }
    l->tgsi_insts += t->num_instructions;
    nvgp_tgsi_program_destroy(t);
    nvgp_lower_map_destroy(map);
    if (l->count == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 256;
        prog *n = realloc(l->items, cap * sizeof *n);
        if (!n) {
            nvgp_nv_program_destroy(p);
            free(src);
            return;
        }
        l->items = n;
        l->cap = cap;
    }
    l->insts += p->ninsts;
    l->items[l->count++] = (prog){src, len, p};
}

static void visit(const char *path, const char *name, void *l)
{
    (void)name;
    add(l, path);
}

static double now(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* One round: lower (and first assemble, when assemble is set) every program. */
static unsigned round_once(const prog_list *l, bool assemble)
{
    unsigned failed = 0;
    for (size_t i = 0; i < l->count; i++) {
        const prog *p = &l->items[i];
        nv_program *nv = p->nv;
        if (assemble)
            nv = nvgp_nv_assemble(p->src, p->len, NULL);
        nvgp_lower_map *map = NULL;
        tgsi_program *t = nv ? nvgp_lower_to_tgsi(nv, &map, NULL) : NULL;
        failed += t == NULL;
        nvgp_tgsi_program_destroy(t);
        nvgp_lower_map_destroy(map);
        if (assemble)
            nvgp_nv_program_destroy(nv);
    }
    return failed;
}

int main(int argc, char **argv)
{
    int rounds = 50;
    const char *dir = NVGP_SHARED_DIR "/corpus";
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-n") && i + 1 < argc)
            rounds = atoi(argv[++i]);
        else
            dir = argv[i];
    }
    if (rounds < 1)
        rounds = 1;
    prog_list l = {0};
    walk_files(dir, visit, &l);
    if (!l.count) {
        fprintf(stderr, "lower_bench: no NV/ARB program that lowers under %s\n", dir);
        return 1;
    }
    printf("lower_bench: %zu programs (%llu NV instructions -> %llu TGSI instructions); left out: %u that do not "
           "assemble, %u that do not lower yet\n",
           l.count, (unsigned long long)l.insts, (unsigned long long)l.tgsi_insts, l.skipped_asm, l.skipped_lower);
    static const char *const phase[] = {"lower", "assemble+lower"};
    int status = 0;
    for (int a = 0; a < 2; a++) {
        double w0 = now(CLOCK_MONOTONIC), c0 = now(CLOCK_PROCESS_CPUTIME_ID);
        unsigned failed = 0;
        for (int r = 0; r < rounds; r++)
            failed += round_once(&l, a == 1);
        double wall = now(CLOCK_MONOTONIC) - w0, cpu = now(CLOCK_PROCESS_CPUTIME_ID) - c0;
        double progs = (double)l.count * rounds;
        printf("%-15s %d rounds: %.3f s wall (%.3f s CPU), %.0f programs/s, %.2f us/program, %.1f M NV "
               "instructions/s\n",
               phase[a], rounds, wall, cpu, progs / wall, wall / progs * 1e6,
               (double)l.insts * rounds / wall / 1e6);
        if (failed) {
            fprintf(stderr, "lower_bench: %u translations failed in the timed rounds\n", failed);
            status = 1;
        }
    }
    /* one large generated NVvp4.0 program: lowering time per instruction
     * when a program has tens of thousands of them and operands name
     * bindings directly (each a variable of its own) */
    enum { BIG = 60000 };
    nvgp_strbuf big;
    nvgp_strbuf_init(&big);
    nvgp_strbuf_printf(&big, "!!NVvp4.0\nTEMP t, u;\nMOV t, vertex.position;\n");
    for (int i = 0; i < BIG; i++)
        nvgp_strbuf_printf(&big, "%s t, t, %s[%d];\n", i % 3 == 0 ? "ADD" : i % 3 == 1 ? "MUL" : "MAX",
                           i % 2 ? "program.env" : "vertex.attrib", i % 2 ? i % 256 : i % 16);
    nvgp_strbuf_printf(&big, "MOV result.position, t;\nEND\n");
    nv_program *bp = big.failed ? NULL : nvgp_nv_assemble(big.data, big.len, NULL);
    if (bp) {
        double w0 = now(CLOCK_MONOTONIC), c0 = now(CLOCK_PROCESS_CPUTIME_ID);
        nvgp_lower_map *map = NULL;
        tgsi_program *t = nvgp_lower_to_tgsi(bp, &map, NULL);
        double wall = now(CLOCK_MONOTONIC) - w0, cpu = now(CLOCK_PROCESS_CPUTIME_ID) - c0;
        printf("large NVvp4.0   %u instructions: %s in %.3f s wall (%.3f s CPU), %.2f us/instruction\n",
               bp->ninsts, t ? "lowered" : "NOT lowered", wall, cpu, wall / bp->ninsts * 1e6);
        status |= t == NULL;
        nvgp_tgsi_program_destroy(t);
        nvgp_lower_map_destroy(map);
        nvgp_nv_program_destroy(bp);
    } else {
        fprintf(stderr, "lower_bench: the generated program does not assemble\n");
        status = 1;
    }
    nvgp_strbuf_free(&big);
    for (size_t i = 0; i < l.count; i++) {
        nvgp_nv_program_destroy(l.items[i].nv);
        free(l.items[i].src);
    }
    free(l.items);
    return status;
}

/* Throughput of the NV/ARB assembler on the corpus.
 *
 *   asm_bench [-n ROUNDS] [CORPUS_DIR]
 *
 * Loads every program ("!!" header at the start of a line) found under
 * CORPUS_DIR/piglit, CORPUS_DIR/mesa-demos and CORPUS_DIR/nv-gpu-program
 * into memory once, then times ROUNDS rounds (default 50) of assembling the
 * whole set with the monotonic clock, and prints programs, megabytes,
 * seconds, programs/s and MB/s.  Programs that fail to load are assembled
 * too (the error path is part of the work) and counted. */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "base/diag.h"
#include "nv/nv_assemble.h"

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
    FILE *f = fopen(path, "rb");
    if (!f)
        return;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)size + 1);
    if (buf && fread(buf, 1, (size_t)size, f) == (size_t)size) {
        buf[size] = 0;
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
    }
    free(buf);
    fclose(f);
}

static void walk(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        struct stat st;
        if (stat(path, &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode))
            walk(path);
        else if (!strstr(e->d_name, ".md") && !strstr(e->d_name, ".json"))
            load_file(path);
    }
    closedir(d);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
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
        walk(path);
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
    for (size_t i = 0; i < count; i++)
        free(items[i].data);
    free(items);
    return 0;
}

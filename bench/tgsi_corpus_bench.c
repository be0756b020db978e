/* Throughput of the TGSI text reader and canonical writer on the corpus.
 *
 *   tgsi_corpus_bench [-n ROUNDS] [CORPUS_DIR]
 *
 * Loads every TGSI file of CORPUS_DIR/mesa-tgsi and
 * CORPUS_DIR/etnaviv-tgsi-dumps into memory once, then times ROUNDS rounds
 * (default 20) of read + canonical print of the whole set with the
 * monotonic clock, and prints megabytes of input, seconds, MB/s and
 * programs/s (and the process CPU time, steadier on a busy machine).  Files the reader rejects (the corpus holds a few C format
 * strings) are counted once and left out of the timed rounds. */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "nvgp.h"
#include "tgsi/tgsi_ir.h"
#include "tgsi/tgsi_text_read.h"
#include "tgsi/tgsi_text_write.h"
#include "read_whole_file.h"

#ifndef NVGP_SHARED_DIR
#define NVGP_SHARED_DIR "../shared"
#endif

typedef struct text {
    char *data;
    size_t len;
} text;

typedef struct text_list {
    text *items;
    size_t count, cap;
} text_list;

static int collect(const char *dir, text_list *l)
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.' || strcmp(e->d_name, "SOURCES.md") == 0)
            continue;
        char full[8192];
        snprintf(full, sizeof full, "%s/%s", dir, e->d_name);
        struct stat st;
        if (stat(full, &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode)) {
            collect(full, l);
            continue;
        }
        if (!S_ISREG(st.st_mode))
            continue;
        text t;
        t.data = read_whole_file(full, &t.len);
        if (!t.data)
            continue;
        if (l->count == l->cap) {
            size_t ncap = l->cap ? l->cap * 2 : 1024;
            text *n = realloc(l->items, ncap * sizeof *n);
            if (!n) {
                free(t.data);
                break;
            }
            l->items = n;
            l->cap = ncap;
        }
        l->items[l->count++] = t;
    }
    closedir(d);
    return 0;
}

static double clock_s(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    int rounds = 20;
    const char *corpus = NVGP_SHARED_DIR "/corpus";
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-n") == 0 && i + 1 < argc)
            rounds = atoi(argv[++i]);
        else
            corpus = argv[i];
    }
    if (rounds < 1)
        rounds = 1;

    text_list all = {0};
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/mesa-tgsi", corpus);
    int a = collect(dir, &all);
    snprintf(dir, sizeof dir, "%s/etnaviv-tgsi-dumps", corpus);
    int b = collect(dir, &all);
    if (a < 0 && b < 0) {
        fprintf(stderr, "tgsi_corpus_bench: no corpus under %s\n", corpus);
        return 2;
    }

    /* Keep only what reads: the timed loop measures the success path. */
    text_list ok = {0};
    ok.items = malloc((all.count ? all.count : 1) * sizeof *ok.items);
    if (!ok.items)
        return 2;
    size_t rejected = 0, bytes = 0;
    for (size_t i = 0; i < all.count; i++) {
        tgsi_program *p = nvgp_tgsi_read(all.items[i].data, all.items[i].len, NULL);
        if (!p) {
            rejected++;
            continue;
        }
        nvgp_tgsi_program_destroy(p);
        ok.items[ok.count++] = all.items[i];
        bytes += all.items[i].len;
    }

    nvgp_strbuf out;
    nvgp_strbuf_init(&out);
    size_t out_bytes = 0;
    double t0 = clock_s(CLOCK_MONOTONIC), c0 = clock_s(CLOCK_PROCESS_CPUTIME_ID);
    for (int r = 0; r < rounds; r++) {
        for (size_t i = 0; i < ok.count; i++) {
            tgsi_program *p = nvgp_tgsi_read(ok.items[i].data, ok.items[i].len, NULL);
            if (!p)
                return 1;
            nvgp_strbuf_clear(&out);
            if (!nvgp_tgsi_write(p, TGSI_STYLE_CANONICAL, &out))
                return 1;
            out_bytes += out.len;
            nvgp_tgsi_program_destroy(p);
        }
    }
    double secs = clock_s(CLOCK_MONOTONIC) - t0;
    double cpu = clock_s(CLOCK_PROCESS_CPUTIME_ID) - c0;

    double mb = (double)bytes * rounds / 1e6;
    printf("files: %zu read (%zu rejected), %.3f MB per round, %d rounds\n", ok.count, rejected,
           (double)bytes / 1e6, rounds);
    printf("read + canonical print: %.3f MB in %.3f s: %.1f MB/s, %.0f programs/s (%.1f MB printed)\n",
           mb, secs, secs > 0 ? mb / secs : 0.0, secs > 0 ? (double)ok.count * rounds / secs : 0.0,
           (double)out_bytes / 1e6);
    /* On a loaded machine wall time overstates the cost; CPU time does not. */
    printf("CPU time: %.3f s: %.1f MB/s of CPU time\n", cpu, cpu > 0 ? mb / cpu : 0.0);

    nvgp_strbuf_free(&out);
    for (size_t i = 0; i < all.count; i++)
        free(all.items[i].data);
    free(all.items);
    free(ok.items);
    return 0;
}

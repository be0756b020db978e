/* Reading a whole file into memory, for the tests and benchmarks that load
 * programs, corpora and documents (bench/ includes it too). */
#ifndef NVGP_TESTS_READ_WHOLE_FILE_H
#define NVGP_TESTS_READ_WHOLE_FILE_H

#include <stdio.h>
#include <stdlib.h>

/* The bytes of the file at `path` followed by a NUL, malloc'ed (the caller
 * frees them), and their number in *len when len is not NULL (0 when the
 * file cannot be read); NULL when the file cannot be opened, sized or read. */
static inline char *read_whole_file(const char *path, size_t *len)
{
    if (len)
        *len = 0;
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = NULL;
    long size = -1;
    if (fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
        buf = malloc((size_t)size + 1);
        if (buf && fread(buf, 1, (size_t)size, f) != (size_t)size) {
            free(buf);
            buf = NULL;
        }
    }
    fclose(f);
    if (buf) {
        buf[size] = '\0';
        if (len)
            *len = (size_t)size;
    }
    return buf;
}

#endif

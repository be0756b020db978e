/* Visiting every file below a folder, for the tests and benchmarks that run
 * over the corpus and the spec cases (bench/ includes it too). */
#ifndef NVGP_TESTS_WALK_FILES_H
#define NVGP_TESTS_WALK_FILES_H

#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Called with a file's path (dir/.../name) and its name. */
typedef void (*walk_file_fn)(const char *path, const char *name, void *ctx);

/* Calls fn for each regular file below dir, folders recursively, in the
 * order readdir gives; names starting with '.' are passed over.  False when
 * dir cannot be opened (folders below it that cannot are passed over). */
static inline bool walk_files(const char *dir, walk_file_fn fn, void *ctx)
{
    DIR *d = opendir(dir);
    if (!d)
        return false;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        size_t n = strlen(dir) + strlen(e->d_name) + 2;
        char *path = malloc(n);
        if (!path)
            break;
        snprintf(path, n, "%s/%s", dir, e->d_name);
        struct stat st;
        if (stat(path, &st) == 0) {
            if (S_ISDIR(st.st_mode))
                walk_files(path, fn, ctx);
            else if (S_ISREG(st.st_mode))
                fn(path, e->d_name, ctx);
        }
        free(path);
    }
    closedir(d);
    return true;
}

#endif

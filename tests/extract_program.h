/* Taking an assembly program out of a file that may embed it among other
 * sections (.shader_test and the like), for the tests that read the corpus
 * (tests/mesa_oracle, tests/mesa_diff/corpus_draw.c). */
#ifndef NVGP_TESTS_EXTRACT_PROGRAM_H
#define NVGP_TESTS_EXTRACT_PROGRAM_H

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* The program text: from a line starting with the header to the line
 * holding END (files such as .shader_test embed it among other sections),
 * malloc'ed (exit 2 when memory runs out), or NULL when no line starts
 * with the header. */
static inline char *extract_program(const char *text, const char *header)
{
    const char *start = NULL;
    for (const char *p = text; p; p = strchr(p, '\n')) {
        if (*p == '\n')
            p++;
        if (strncmp(p, header, strlen(header)) == 0) {
            start = p;
            break;
        }
    }
    if (!start)
        return NULL;
    const char *end = start;
    for (;;) {
        const char *nl = strchr(end, '\n');
        const char *line_end = nl ? nl : end + strlen(end);
        const char *s = end;
        while (s < line_end && (*s == ' ' || *s == '\t'))
            s++;
        bool is_end = strncmp(s, "END", 3) == 0 &&
                      (s + 3 == line_end || s[3] == ' ' || s[3] == '\r' || s[3] == '\t' ||
                       s[3] == '#');
        end = line_end;
        if (is_end || !nl)
            break;
        end = nl + 1;
    }
    size_t n = (size_t)(end - start);
    char *out = malloc(n + 2);
    if (!out)
        exit(2);
    memcpy(out, start, n);
    out[n] = '\n';
    out[n + 1] = 0;
    return out;
}

#endif

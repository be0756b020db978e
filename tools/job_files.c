/* Job files from disk (nvgp_job_load / nvgp_job_open: the job, then its
 * program file). */
#define _POSIX_C_SOURCE 200809L   /* strdup, strndup */

#include "commands.h"
#include "job.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Files ----------------------------------------------------------------------------- */

/* Files are read by the tool's one reader (tools/load.c): `-` is standard
 * input, a folder is refused by name, reading stops past max bytes. */
static char *read_all(const char *path, size_t max, const char *what, size_t *len,
                      char **error)
{
    char *data = NULL;
    if (!nvgp_tool_read_all(path, max, what, &data, len, error))
        return NULL;
    return data;
}

nvgp_job *nvgp_job_load(const char *path, char **error)
{
    nvgp_job *job = NULL;
    nvgp_job_open(path, &job, error);
    return job;
}

nvgp_job_status nvgp_job_open(const char *path, nvgp_job **out, char **error)
{
    *out = NULL;
    *error = NULL;
    size_t len = 0;
    char *text = read_all(path, NVGP_JOB_MAX_BYTES, "job file", &len, error);
    if (!text)
        return NVGP_JOB_IO_ERROR;
    /* a job on standard input names its program from the current folder */
    const char *slash = strcmp(path, "-") ? strrchr(path, '/') : NULL;
    char *dir = slash ? strndup(path, (size_t)(slash - path)) : NULL;
    if (slash && slash == path && dir) {
        free(dir);
        dir = strdup("/");
    }
    nvgp_job *job = nvgp_job_parse(text, len, strcmp(path, "-") ? path : "<stdin>", dir, error);
    free(dir);
    free(text);
    if (!job)
        return NVGP_JOB_INVALID;
    if (job->program_path) {
        size_t plen = 0;
        char *ptext = read_all(job->program_path, NVGP_PROGRAM_MAX_BYTES, "program", &plen,
                               error);
        if (!ptext) {
            nvgp_job_destroy(job);
            return NVGP_JOB_IO_ERROR;
        }
        char *copy = nvgp_arena_alloc(&job->arena, plen + 1);
        if (copy)
            memcpy(copy, ptext, plen + 1);
        free(ptext);
        if (!copy) {
            nvgp_job_destroy(job);
            *error = strdup("out of memory");
            return NVGP_JOB_IO_ERROR;
        }
        job->program_text = copy;
        job->program_length = plen;
    }
    *out = job;
    return NVGP_JOB_OK;
}

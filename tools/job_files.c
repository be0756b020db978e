/* Job files from disk (nvgp_job_load / nvgp_job_open: the job, then its
 * program file) and the TGSI spellings of binding names (job.h). */
#define _POSIX_C_SOURCE 200809L   /* strdup, strndup */

#include "job.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Files ----------------------------------------------------------------------------- */

static char *read_all(const char *path, size_t max, const char *what, size_t *len,
                      char **error)
{
    FILE *f = fopen(path, "rb");
    nvgp_strbuf s;
    nvgp_strbuf_init(&s);
    if (!f) {
        nvgp_strbuf_printf(&s, "%s: %s", path, strerror(errno));
        *error = nvgp_strbuf_take(&s, NULL);
        return NULL;
    }
    char buf[65536];
    size_t n;
    while (s.len <= max && (n = fread(buf, 1, sizeof buf, f)) > 0)
        nvgp_strbuf_append(&s, buf, n);
    bool bad = ferror(f) || s.failed;
    fclose(f);
    if (!bad && s.len > max) {
        nvgp_strbuf_free(&s);
        nvgp_strbuf_printf(&s, "%s: larger than %zu MiB, the limit for a %s", path,
                           max >> 20, what);
        *error = nvgp_strbuf_take(&s, NULL);
        return NULL;
    }
    if (bad) {
        nvgp_strbuf_free(&s);
        nvgp_strbuf_printf(&s, "%s: read error", path);
        *error = nvgp_strbuf_take(&s, NULL);
        return NULL;
    }
    if (!s.data)
        nvgp_strbuf_append(&s, "", 0);
    *len = s.len;
    return nvgp_strbuf_take(&s, NULL);
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
    const char *slash = strrchr(path, '/');
    char *dir = slash ? strndup(path, (size_t)(slash - path)) : NULL;
    if (slash && slash == path && dir) {
        free(dir);
        dir = strdup("/");
    }
    nvgp_job *job = nvgp_job_parse(text, len, path, dir, error);
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

/* ---- Names ------------------------------------------------------------------------- */

static bool bracket(const char **s, int32_t *out)
{
    const char *c = *s;
    if (*c != '[')
        return false;
    c++;
    if (*c < '0' || *c > '9')
        return false;
    int64_t v = 0;
    while (*c >= '0' && *c <= '9') {
        v = v * 10 + (*c++ - '0');
        if (v > INT32_MAX)
            return false;
    }
    if (*c != ']')
        return false;
    *out = (int32_t)v;
    *s = c + 1;
    return true;
}

bool nvgp_job_tgsi_name(const char *name, nvgp_job_reg *reg)
{
    static const struct { const char *prefix; uint8_t file; } files[] = {
        { "IN", TGSI_FILE_INPUT }, { "OUT", TGSI_FILE_OUTPUT },
        { "CONST", TGSI_FILE_CONSTANT }, { "SV", TGSI_FILE_SYSTEM_VALUE },
        { "BUFFER", TGSI_FILE_BUFFER }, { "IMAGE", TGSI_FILE_IMAGE },
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        size_t n = strlen(files[i].prefix);
        if (strncmp(name, files[i].prefix, n) || name[n] != '[')
            continue;
        const char *s = name + n;
        int32_t a, b;
        if (!bracket(&s, &a))
            return false;
        reg->file = files[i].file;
        reg->component = -1;
        if (!*s) {
            reg->dim = -1;
            reg->index = a;
            return true;
        }
        if (files[i].file == TGSI_FILE_SYSTEM_VALUE || files[i].file == TGSI_FILE_BUFFER ||
            files[i].file == TGSI_FILE_IMAGE || !bracket(&s, &b) || *s)
            return false;
        reg->dim = a;
        reg->index = b;
        return true;
    }
    return false;
}

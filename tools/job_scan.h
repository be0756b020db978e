/* A second look at job JSON that json-c has accepted, for what json-c's
 * objects no longer show: a key given twice in one object (json-c keeps the
 * last), and integers beyond 64 bits (json-c clamps them to the nearest
 * 64-bit value, so 2^64 would read as 2^64-1 and 1e20 written out in digits
 * as 1.8e19).  Paths are kept in a form both this scan and tools/job.c can
 * build: each member key as "k<bytes>:<key>", each list index as "i<n>;". */
#ifndef NVGP_TOOLS_JOB_SCAN_H
#define NVGP_TOOLS_JOB_SCAN_H

#include <stdbool.h>
#include <stddef.h>

typedef struct nvgp_job_big_int {
    char *path;                /* the key path (form above), malloc'd */
    size_t path_len;
    const char *text;          /* the literal as written (into the scanned text) */
    size_t len;
} nvgp_job_big_int;

typedef struct nvgp_job_scan {
    /* integer literals beyond int64 (negative) or uint64 (positive),
     * sorted by path */
    nvgp_job_big_int *big;
    size_t num_big;
    /* the first key given twice (in document order): the message's field
     * path, as tools/job.c writes paths, and the key */
    char *duplicate_path;      /* malloc'd; NULL when every key is unique */
    /* the first key holding a NUL (\u0000), which json-c cuts short there:
     * its field path as above; NULL when none does */
    char *nul_key_path;        /* malloc'd */
    bool out_of_memory;
} nvgp_job_scan;

/* Scans text (valid JSON).  False only when out of memory. */
bool nvgp_job_scan_text(const char *text, size_t len, nvgp_job_scan *out);
void nvgp_job_scan_free(nvgp_job_scan *s);
/* The literal at path (form above), or NULL when it was within 64 bits. */
const nvgp_job_big_int *nvgp_job_scan_find(const nvgp_job_scan *s, const char *path,
                                           size_t path_len);

#endif

/* nvgp trace: the trace viewer (docs/trace.md).  Runs the job with a
 * tracer writing JSON Lines into memory, notes each warp's threads and
 * helper lanes, and writes one self-contained HTML page (trace_page.c)
 * holding the program, the warps and the trace. */
#define _POSIX_C_SOURCE 200809L   /* open_memstream */
#include "commands.h"
#include "trace_job.h"
#include "trace_page.h"

#include "job_bind.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage_line[] =
    "usage: nvgp trace JOB.json -o OUT.html [--warps SPEC] [--lanes SPEC] [--from N] [--count M]\n";

enum { DEFAULT_COUNT = 100000 };

typedef struct warp_note {
    bool seen;
    uint32_t first_thread, threads, helpers;
} warp_note;

typedef struct viewer {
    nvgp_step_hook tracer;
    warp_note *warps;
    uint32_t num_warps;
} viewer;

static void note_before(void *ctx, const nvgp_warp *w, uint32_t pc)
{
    viewer *v = ctx;
    uint32_t n = nvgp_warp_number(w);
    if (n < v->num_warps && !v->warps[n].seen) {
        nvgp_warp_masks m;
        nvgp_warp_get_masks(w, &m);
        v->warps[n] = (warp_note){ true, nvgp_warp_first_thread(w), m.threads, m.helpers };
    }
    v->tracer.before(v->tracer.ctx, w, pc);
}

static void note_after(void *ctx, const nvgp_warp *w, uint32_t pc)
{
    viewer *v = ctx;
    v->tracer.after(v->tracer.ctx, w, pc);
}

/* JSON string, safe inside a <script> element ("</" written "<\/"). */
static void json_str(nvgp_strbuf *b, const char *s)
{
    nvgp_strbuf_putc(b, '"');
    for (const char *p = s; *p; p++) {
        unsigned char c = (unsigned char)*p;
        if (c == '"' || c == '\\')
            nvgp_strbuf_printf(b, "\\%c", c);
        else if (c < 0x20)
            nvgp_strbuf_printf(b, "\\u%04x", c);
        else if (c == '/' && p > s && p[-1] == '<')
            nvgp_strbuf_puts(b, "\\/");
        else
            nvgp_strbuf_putc(b, (char)c);
    }
    nvgp_strbuf_putc(b, '"');
}

/* The TGSI processor name of each stage, as the page shows it: one row
 * per nvgp_stage. */
static const char *const processor_names[] = {
    [NVGP_STAGE_VERTEX] = "VERT",
    [NVGP_STAGE_FRAGMENT] = "FRAG",
    [NVGP_STAGE_GEOMETRY] = "GEOM",
    [NVGP_STAGE_TESS_CTRL] = "TESS_CTRL",
    [NVGP_STAGE_TESS_EVAL] = "TESS_EVAL",
    [NVGP_STAGE_COMPUTE] = "COMP",
};

static void write_meta(nvgp_strbuf *b, const nvgp_tjob *j, const viewer *v, bool truncated)
{
    const nvgp_listing *p = j->listing;
    nvgp_stage stage;
    bool known = nvgp_program_stage(j->run.prog, &stage) == NVGP_OK &&
                 (size_t)stage < sizeof processor_names / sizeof processor_names[0];
    nvgp_strbuf_puts(b, "{\"title\":");
    json_str(b, j->job_path);
    nvgp_strbuf_puts(b, ",\"processor\":");
    json_str(b, known ? processor_names[stage] : "?");
    nvgp_strbuf_printf(b, ",\"fragment\":%s,\"truncated\":%s,\"source\":[",
                       known && stage == NVGP_STAGE_FRAGMENT ? "true" : "false",
                       truncated ? "true" : "false");
    for (uint32_t l = 1; l <= nvgp_listing_num_lines(p); l++) {
        if (l > 1)
            nvgp_strbuf_putc(b, ',');
        json_str(b, nvgp_listing_line_text(p, l));
    }
    nvgp_strbuf_puts(b, "],\"tgsi\":[");
    for (uint32_t pc = 0; pc < nvgp_listing_num_instructions(p); pc++) {
        if (pc)
            nvgp_strbuf_putc(b, ',');
        json_str(b, nvgp_listing_instruction(p, pc));
    }
    nvgp_strbuf_puts(b, "],\"warps\":[");
    bool first = true;
    for (uint32_t w = 0; w < v->num_warps; w++) {
        if (!v->warps[w].seen)
            continue;
        nvgp_strbuf_printf(b, "%s{\"warp\":%u,\"first_thread\":%u,\"threads\":\"%08x\",\"helpers\":\"%08x\"}",
                           first ? "" : ",", w, v->warps[w].first_thread, v->warps[w].threads,
                           v->warps[w].helpers);
        first = false;
    }
    nvgp_strbuf_puts(b, "]}");
}

/* The trace text inside <script type="text/plain">: "</" cannot appear in
 * JSON Lines except inside strings, where "<\/" means the same. */
static void put_trace(nvgp_strbuf *b, const char *t, size_t n)
{
    size_t start = 0;
    for (size_t i = 0; i + 1 < n; i++)
        if (t[i] == '<' && t[i + 1] == '/') {
            nvgp_strbuf_append(b, t + start, i + 1 - start);
            nvgp_strbuf_putc(b, '\\');
            start = i + 1;
        }
    nvgp_strbuf_append(b, t + start, n - start);
}

int nvgp_cmd_trace(int argc, char **argv)
{
    const char *job_path = NULL, *out_path = NULL;
    nvgp_trace_args ta = {0};
    int rc = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-o") || !strcmp(a, "--output")) {
            if (++i >= argc) {
                fprintf(stderr, "nvgp trace: %s needs a file name\n%s", a, usage_line);
                return TJOB_USAGE;
            }
            out_path = argv[i];
        } else if (strncmp(a, "--trace", 7) && nvgp_trace_take_arg(argc, argv, &i, &ta, &rc)) {
            if (rc)
                return rc;
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "nvgp trace: unknown option '%s'\n%s", a, usage_line);
            return TJOB_USAGE;
        } else if (!job_path) {
            job_path = a;
        } else {
            fprintf(stderr, "nvgp trace: one job file at a time\n%s", usage_line);
            return TJOB_USAGE;
        }
    }
    if (!job_path || !out_path) {
        fprintf(stderr, "nvgp trace: %s\n%s", job_path ? "-o OUT.html is required" : "no job file", usage_line);
        return TJOB_USAGE;
    }
    nvgp_trace_options o;
    if ((rc = nvgp_trace_options_from(&ta, "trace", NULL, &o)) != TJOB_OK)
        return rc;
    nvgp_tjob j;
    rc = nvgp_tjob_open(&j, "trace", job_path);
    if (rc == TJOB_OK)
        rc = nvgp_trace_options_from(&ta, "trace", &j, &o);
    if (!ta.count)
        o.count = DEFAULT_COUNT;
    char *tbuf = NULL;
    size_t tlen = 0;
    FILE *mem = NULL;
    nvgp_tracer *t = NULL;
    viewer v = {0};
    if (rc == TJOB_OK) {
        mem = open_memstream(&tbuf, &tlen);
        v.num_warps = nvgp_machine_num_warps(j.run.m);
        v.warps = calloc(v.num_warps + 1, sizeof *v.warps);
        if (!mem || !v.warps || nvgp_tracer_create(j.listing, &o, mem, &t) != NVGP_OK) {
            fprintf(stderr, "nvgp trace: out of memory\n");
            rc = TJOB_FAILED;
        }
    }
    uint64_t records = 0;
    if (rc == TJOB_OK) {
        v.tracer = nvgp_tracer_hook(t);
        nvgp_step_hook h = { note_before, note_after, &v };
        nvgp_machine_set_step_hook(j.run.m, &h);
        rc = nvgp_tjob_run(&j);
        if (!nvgp_tracer_finish(t, &records, NULL)) {
            fprintf(stderr, "nvgp trace: out of memory\n");
            rc = TJOB_FAILED;
        }
    }
    if (mem)
        fclose(mem);
    if (rc == TJOB_OK) {
        nvgp_strbuf page;
        nvgp_strbuf_init(&page);
        for (size_t k = 0; nvgp_page_head[k]; k++)
            nvgp_strbuf_puts(&page, nvgp_page_head[k]);
        nvgp_strbuf_puts(&page, "<script id=\"meta\" type=\"application/json\">");
        write_meta(&page, &j, &v, records >= o.count);
        nvgp_strbuf_puts(&page, "</script>\n<script id=\"trace\" type=\"text/plain\">\n");
        put_trace(&page, tbuf ? tbuf : "", tlen);
        nvgp_strbuf_puts(&page, "</script>\n");
        for (size_t k = 0; nvgp_page_tail[k]; k++)
            nvgp_strbuf_puts(&page, nvgp_page_tail[k]);
        FILE *f = strcmp(out_path, "-") ? fopen(out_path, "wb") : stdout;
        if (!f) {
            fprintf(stderr, "nvgp trace: %s: %s\n", out_path, strerror(errno));
            rc = TJOB_USAGE;
        } else {
            bool ok = !page.failed && fwrite(page.data, 1, page.len, f) == page.len;
            ok = (f == stdout ? fflush(f) == 0 : fclose(f) == 0) && ok;
            if (!ok) {
                fprintf(stderr, "nvgp trace: error writing %s\n", out_path);
                rc = TJOB_USAGE;
            }
        }
        nvgp_strbuf_free(&page);
    }
    nvgp_tracer_destroy(t);
    free(tbuf);
    free(v.warps);
    nvgp_tjob_close(&j);
    return rc;
}

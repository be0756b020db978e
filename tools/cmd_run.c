/* nvgp run: execute a job file (INTERFACES.md "Job file") on the executor
 * and print the results as JSON.  The job is parsed by job.c; this file
 * loads the program (TGSI text, or NV/ARB assembly through its TGSI
 * translation), binds the job's data to the machine, runs it and collects
 * outputs, kill flags, emitted vertices, memory and the fault count. */
#include "commands.h"
#include "job.h"
#include "nvgp.h"

#include "base/diag.h"
#include "exec/exec.h"
#include "tgsi/tgsi_names.h"
#include "tgsi/tgsi_text_read.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { RUN_OK = 0, RUN_FAILED = 1, RUN_USAGE = 2 };

static const char usage_line[] = "usage: nvgp run [-o OUT] JOB.json\n";

typedef struct run_state {
    const char *job_path;
    nvgp_job *job;
    char *tgsi_text;          /* TGSI of an NV program (malloc'd) */
    nvgp_diag *diag;
    tgsi_program *prog;
    nvgp_exec *m;
    nvgp_job_invocation *invs;
    nvgp_job_value *values;
    nvgp_job_vertex *vertices;
    nvgp_job_data *memory, *buffers;
} run_state;

static void cleanup(run_state *s)
{
    free(s->invs);
    free(s->values);
    free(s->vertices);
    free(s->memory);
    free(s->buffers);
    nvgp_exec_destroy(s->m);
    nvgp_tgsi_program_destroy(s->prog);
    nvgp_diag_destroy(s->diag);
    free(s->tgsi_text);
    nvgp_job_destroy(s->job);
}

static int fail(const run_state *s, const char *fmt, const char *arg)
{
    fprintf(stderr, "nvgp run: %s: ", s->job_path);
    fprintf(stderr, fmt, arg);
    fputc('\n', stderr);
    return RUN_FAILED;
}

/* The program as a TGSI IR: TGSI text is read directly; NV/ARB assembly
 * goes through the library's front door and its TGSI translation. */
static int load_program(run_state *s)
{
    const nvgp_job *job = s->job;
    const char *name = job->program_path ? job->program_path : "program";
    const char *text = job->program_text;
    size_t len = job->program_length;
    if (len >= 2 && text[0] == '!' && text[1] == '!') {
        nvgp_diag *pd = NULL;
        nvgp_program *p = nvgp_program_create(name, text, len, &pd);
        if (!p) {
            if (pd)
                nvgp_diag_print(pd, stderr);
            nvgp_diag_destroy(pd);
            return fail(s, "%s: the program does not load", name);
        }
        s->tgsi_text = nvgp_program_tgsi_text(p, NVGP_TGSI_STYLE_CANONICAL, pd);
        if (!s->tgsi_text && pd)
            nvgp_diag_print(pd, stderr);
        nvgp_program_destroy(p);
        nvgp_diag_destroy(pd);
        if (!s->tgsi_text)
            return fail(s, "%s: no TGSI translation of this program", name);
        text = s->tgsi_text;
        len = strlen(text);
    }
    s->diag = nvgp_diag_create(name, text, len);
    if (!s->diag)
        return fail(s, "%s", "out of memory");
    s->prog = nvgp_tgsi_read(text, len, s->diag);
    if (!s->prog) {
        nvgp_diag_print(s->diag, stderr);
        return RUN_FAILED;
    }
    s->m = nvgp_exec_create(s->prog, s->diag);
    if (!s->m) {
        nvgp_diag_print(s->diag, stderr);
        return RUN_FAILED;
    }
    return RUN_OK;
}

/* Input vertices of a geometry program from its GS_INPUT_PRIMITIVE. */
static uint32_t gs_vertices(const tgsi_program *p)
{
    for (uint32_t i = 0; i < p->num_properties; i++) {
        const tgsi_property_decl *pr = &p->properties[i];
        if (pr->name != TGSI_PROPERTY_GS_INPUT_PRIM || !pr->num_data)
            continue;
        const char *n = nvgp_tgsi_name(TGSI_NAMES_PRIMITIVE, pr->data[0]);
        if (!n)
            return 1;
        if (!strcmp(n, "LINES") || !strcmp(n, "LINE_STRIP"))
            return 2;
        if (!strcmp(n, "TRIANGLES") || !strcmp(n, "TRIANGLE_STRIP") || !strcmp(n, "TRIANGLE_FAN"))
            return 3;
        if (!strcmp(n, "LINES_ADJACENCY") || !strcmp(n, "LINE_STRIP_ADJACENCY"))
            return 4;
        if (!strcmp(n, "TRIANGLES_ADJACENCY") || !strcmp(n, "TRIANGLE_STRIP_ADJACENCY"))
            return 6;
        return 1;
    }
    return 1;
}

/* The declaration of SV[index], for its semantic. */
static const tgsi_declaration *sv_decl(const tgsi_program *p, int32_t index)
{
    for (uint32_t i = 0; i < p->num_declarations; i++) {
        const tgsi_declaration *d = &p->declarations[i];
        if (d->file == TGSI_FILE_SYSTEM_VALUE && d->first <= index && index <= d->last &&
            d->has_semantic)
            return d;
    }
    return NULL;
}

static int bind_inputs(run_state *s)
{
    const nvgp_job *job = s->job;
    for (size_t i = 0; i < job->num_inputs; i++) {
        const nvgp_job_binding *b = &job->inputs[i];
        nvgp_job_reg r;
        if (!nvgp_job_tgsi_name(b->name, &r))
            return fail(s, "inputs[\"%s\"]: not a TGSI input name (IN[n], IN[v][n], SV[n])",
                        b->name);
        if (r.file == TGSI_FILE_SYSTEM_VALUE) {
            const tgsi_declaration *d = sv_decl(s->prog, r.index);
            if (!d)
                return fail(s, "inputs[\"%s\"]: the program declares no such system value",
                            b->name);
            uint32_t si = d->semantic_index + (uint32_t)(r.index - d->first);
            for (uint32_t k = 0; k < (b->list ? b->count : 1); k++)
                if (nvgp_exec_set_system_value(s->m, b->list ? k : NVGP_EXEC_ALL,
                                               (tgsi_semantic)d->semantic_name, si,
                                               b->values[k]) != NVGP_EXEC_OK)
                    return fail(s, "inputs[\"%s\"]: cannot be set", b->name);
            continue;
        }
        if (r.file != TGSI_FILE_INPUT)
            return fail(s, "inputs[\"%s\"]: not an input register", b->name);
        uint32_t vertex = r.dim >= 0 ? (uint32_t)r.dim : 0;
        if (b->list && b->count > job->invocations)
            return fail(s, "inputs[\"%s\"]: more values than invocations", b->name);
        for (uint32_t k = 0; k < (b->list ? b->count : 1); k++) {
            nvgp_exec_status st = nvgp_exec_set_input(s->m, b->list ? k : NVGP_EXEC_ALL, vertex,
                                                      (uint32_t)r.index, b->values[k]);
            if (st != NVGP_EXEC_OK)
                return fail(s, "inputs[\"%s\"]: the program has no such input", b->name);
        }
    }
    return RUN_OK;
}

static int bind_params(run_state *s)
{
    const nvgp_job *job = s->job;
    for (size_t i = 0; i < job->num_params; i++) {
        const nvgp_job_binding *b = &job->params[i];
        nvgp_job_reg r;
        if (!nvgp_job_tgsi_name(b->name, &r) || r.file != TGSI_FILE_CONSTANT || r.index < 0)
            return fail(s, "params[\"%s\"]: not a TGSI constant (CONST[n], CONST[b][n])",
                        b->name);
        uint32_t buffer = r.dim >= 0 ? (uint32_t)r.dim : 0;
        if (nvgp_exec_set_constants(s->m, buffer, (uint32_t)r.index, &b->values[0][0],
                                    b->count) != NVGP_EXEC_OK)
            return fail(s, "params[\"%s\"]: out of range", b->name);
    }
    return RUN_OK;
}

static int bind_job(run_state *s)
{
    const nvgp_job *job = s->job;
    nvgp_exec *m = s->m;
    uint32_t vertices = job->vertices ? job->vertices
                        : s->prog->processor == TGSI_PROCESSOR_GEOMETRY ? gs_vertices(s->prog)
                        : 1;
    if (nvgp_exec_set_invocations(m, job->invocations, vertices) != NVGP_EXEC_OK)
        return fail(s, "%s", "invocations or vertices out of range");
    if ((job->has_grid || job->has_block) &&
        nvgp_exec_set_grid(m, job->has_grid ? job->grid : NULL,
                           job->has_block ? job->block : NULL) != NVGP_EXEC_OK)
        return fail(s, "%s", "grid or block out of range");
    if (job->shared_size && nvgp_exec_set_shared_size(m, job->shared_size) != NVGP_EXEC_OK)
        return fail(s, "%s", "shared memory size out of range");
    if (job->private_size && nvgp_exec_set_private_size(m, job->private_size) != NVGP_EXEC_OK)
        return fail(s, "%s", "private memory size out of range");
    if (job->budget)
        nvgp_exec_set_budget(m, job->budget);
    if (job->threads)
        nvgp_exec_set_threads(m, job->threads);
    int rc = bind_inputs(s);
    if (rc == RUN_OK)
        rc = bind_params(s);
    if (rc != RUN_OK)
        return rc;
    for (size_t i = 0; i < job->num_buffers; i++) {
        const nvgp_job_data *d = &job->buffers[i];
        if (d->address > 1023 ||
            nvgp_exec_bind_buffer(m, (uint32_t)d->address, d->data, d->bytes) != NVGP_EXEC_OK)
            return fail(s, "%s", "a buffer binding is out of range");
    }
    for (size_t i = 0; i < job->num_memory; i++) {
        const nvgp_job_data *d = &job->memory[i];
        if (nvgp_exec_add_memory(m, d->address, d->data, d->bytes, NULL) != NVGP_EXEC_OK)
            return fail(s, "%s", "memory ranges overlap or are too large");
    }
    for (size_t i = 0; i < job->num_textures; i++) {
        const nvgp_texture *t = nvgp_job_texture_object(job, i);
        if (!t || nvgp_exec_bind_texture(m, job->textures[i].unit, t) != NVGP_EXEC_OK)
            return fail(s, "%s", "a texture cannot be bound");
    }
    for (size_t i = 0; i < job->num_helpers; i++)
        if (nvgp_exec_set_helper(m, job->helpers[i], true) != NVGP_EXEC_OK)
            return fail(s, "%s", "a helper invocation is out of range");
    return RUN_OK;
}

/* Which OUT registers each invocation reports, and how. */
typedef struct out_sel {
    const char *name;
    uint8_t type;
    int32_t vertex;   /* OUT[v][n]: v, else -1 */
    uint32_t index;
} out_sel;

static int select_outputs(run_state *s, out_sel **sel_out, size_t *n_out)
{
    const nvgp_job *job = s->job;
    uint32_t no = nvgp_exec_num_outputs(s->m);
    size_t n = 0;
    out_sel *sel = calloc((job->outputs_given ? job->num_outputs : no) + 1, sizeof *sel);
    if (!sel)
        return fail(s, "%s", "out of memory");
    if (job->outputs_given) {
        for (size_t i = 0; i < job->num_outputs; i++) {
            nvgp_job_reg r;
            if (!nvgp_job_tgsi_name(job->outputs[i].name, &r) || r.file != TGSI_FILE_OUTPUT ||
                r.index < 0 || (uint32_t)r.index >= no) {
                free(sel);
                return fail(s, "outputs[\"%s\"]: the program has no such output",
                            job->outputs[i].name);
            }
            sel[n++] = (out_sel){ job->outputs[i].name, job->outputs[i].type, r.dim,
                                  (uint32_t)r.index };
        }
    } else {
        static const char *const names[] = { "OUT[0]", "OUT[1]", "OUT[2]", "OUT[3]", "OUT[4]",
                                              "OUT[5]", "OUT[6]", "OUT[7]" };
        for (uint32_t i = 0; i < no; i++) {
            if (!nvgp_exec_output_written(s->m, i))
                continue;
            const char *name = i < 8 ? names[i] : NULL;
            if (!name) {
                char buf[32];
                snprintf(buf, sizeof buf, "OUT[%u]", i);
                name = nvgp_arena_strdup(&s->job->arena, buf);
            }
            sel[n++] = (out_sel){ name, NVGP_JOB_F32, -1, i };
        }
    }
    *sel_out = sel;
    *n_out = n;
    return RUN_OK;
}

static int collect_and_print(run_state *s, const char *out_path)
{
    nvgp_exec *m = s->m;
    const nvgp_job *job = s->job;
    uint32_t nt = nvgp_exec_num_threads(m);
    bool geometry = s->prog->processor == TGSI_PROCESSOR_GEOMETRY;
    bool fragment = s->prog->processor == TGSI_PROCESSOR_FRAGMENT;
    out_sel *sel = NULL;
    size_t nsel = 0;
    int rc = select_outputs(s, &sel, &nsel);
    if (rc != RUN_OK)
        return rc;

    uint64_t nemit = 0;
    if (geometry)
        for (uint32_t t = 0; t < nt; t++)
            for (uint32_t st = 0; st < 4; st++)
                nemit += nvgp_exec_num_emitted(m, t, st);
    uint32_t no = nvgp_exec_num_outputs(m);
    s->invs = calloc(nt + 1, sizeof *s->invs);
    s->values = calloc(((size_t)nt + nemit) * (nsel + 1), sizeof *s->values);
    s->vertices = calloc(nemit + 1, sizeof *s->vertices);
    uint32_t *words = malloc(sizeof(uint32_t) * 4 * (no + 1));
    if (!s->invs || !s->values || !s->vertices || !words) {
        free(sel);
        free(words);
        return fail(s, "%s", "out of memory");
    }
    size_t vi = 0, ei = 0;
    for (uint32_t t = 0; t < nt; t++) {
        nvgp_job_invocation *inv = &s->invs[t];
        inv->values = &s->values[vi];
        inv->killed = nvgp_exec_killed(m, t);
        /* helper lanes (given, or demoted) never report outputs */
        if (!nvgp_exec_is_helper(m, t)) {
            for (size_t k = 0; k < nsel; k++) {
                nvgp_job_value *v = &s->values[vi++];
                v->name = sel[k].name;
                v->type = sel[k].type;
                nvgp_exec_get_output(m, t, sel[k].index, v->words);
                inv->count++;
            }
        }
        if (!geometry)
            continue;
        inv->emitted = &s->vertices[ei];
        for (uint32_t st = 0; st < 4; st++) {
            uint32_t ne = nvgp_exec_num_emitted(m, t, st);
            for (uint32_t k = 0; k < ne; k++) {
                nvgp_job_vertex *vx = &s->vertices[ei++];
                uint32_t prim = 0;
                nvgp_exec_get_emitted(m, t, st, k, words, &prim);
                vx->stream = st;
                vx->primitive = prim;
                vx->values = &s->values[vi];
                for (size_t j = 0; j < nsel; j++) {
                    nvgp_job_value *v = &s->values[vi++];
                    v->name = sel[j].name;
                    v->type = sel[j].type;
                    memcpy(v->words, words + 4 * sel[j].index, sizeof v->words);
                    vx->count++;
                }
                inv->num_emitted++;
            }
        }
    }
    free(words);
    free(sel);

    s->memory = calloc(job->num_memory + 1, sizeof *s->memory);
    s->buffers = calloc(job->num_buffers + 1, sizeof *s->buffers);
    if (!s->memory || !s->buffers)
        return fail(s, "%s", "out of memory");
    for (size_t i = 0; i < job->num_memory; i++) {
        s->memory[i] = job->memory[i];
        s->memory[i].data = (uint8_t *)nvgp_exec_memory(m, (uint32_t)i, NULL, NULL);
    }
    for (size_t i = 0; i < job->num_buffers; i++) {
        s->buffers[i] = job->buffers[i];
        s->buffers[i].data = (uint8_t *)nvgp_exec_buffer(m, (uint32_t)job->buffers[i].address,
                                                         NULL);
    }
    nvgp_job_results res = {
        .invocations = s->invs, .num_invocations = nt,
        .has_killed = fragment, .has_emitted = geometry,
        .memory = s->memory, .num_memory = job->num_memory,
        .buffers = s->buffers, .num_buffers = job->num_buffers,
        .faults = nvgp_exec_faults(m),
    };
    nvgp_strbuf out;
    nvgp_strbuf_init(&out);
    nvgp_job_write_results(&res, &out);
    if (out.failed) {
        nvgp_strbuf_free(&out);
        return fail(s, "%s", "out of memory");
    }
    FILE *f = out_path && strcmp(out_path, "-") ? fopen(out_path, "wb") : stdout;
    if (!f) {
        fprintf(stderr, "nvgp: %s: %s\n", out_path, strerror(errno));
        nvgp_strbuf_free(&out);
        return RUN_USAGE;
    }
    bool ok = fwrite(out.data ? out.data : "", 1, out.len, f) == out.len;
    ok = (f == stdout ? fflush(f) == 0 : fclose(f) == 0) && ok;
    nvgp_strbuf_free(&out);
    if (!ok) {
        fprintf(stderr, "nvgp run: error writing %s\n", out_path ? out_path : "standard output");
        return RUN_USAGE;
    }
    return RUN_OK;
}

int nvgp_cmd_run(int argc, char **argv)
{
    const char *out_path = NULL, *job_path = NULL;
    bool options = true;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (options && !strcmp(a, "--")) {
            options = false;
        } else if (options && (!strcmp(a, "-o") || !strcmp(a, "--output"))) {
            if (++i >= argc) {
                fprintf(stderr, "nvgp run: %s needs a file name\n%s", a, usage_line);
                return RUN_USAGE;
            }
            out_path = argv[i];
        } else if (options && a[0] == '-' && a[1]) {
            fprintf(stderr, "nvgp run: unknown option '%s'\n%s", a, usage_line);
            return RUN_USAGE;
        } else if (!job_path) {
            job_path = a;
        } else {
            fprintf(stderr, "nvgp run: one job file at a time\n%s", usage_line);
            return RUN_USAGE;
        }
    }
    if (!job_path) {
        fputs(usage_line, stderr);
        return RUN_USAGE;
    }
    run_state s;
    memset(&s, 0, sizeof s);
    s.job_path = job_path;
    char *err = NULL;
    s.job = nvgp_job_load(job_path, &err);
    if (!s.job) {
        fprintf(stderr, "nvgp run: %s\n", err ? err : "cannot load the job");
        free(err);
        /* an unreadable file is an I/O error; a readable but wrong job is
         * invalid input */
        FILE *f = fopen(job_path, "rb");
        if (!f)
            return RUN_USAGE;
        fclose(f);
        return RUN_FAILED;
    }
    int rc = load_program(&s);
    if (rc == RUN_OK)
        rc = bind_job(&s);
    if (rc == RUN_OK) {
        nvgp_exec_status st = nvgp_exec_run(s.m, NULL);
        if (st != NVGP_EXEC_OK) {
            fprintf(stderr, "nvgp run: %s: %s\n", job_path, nvgp_exec_error(s.m));
            rc = RUN_FAILED;
        }
    }
    if (rc == RUN_OK)
        rc = collect_and_print(&s, out_path);
    cleanup(&s);
    return rc;
}

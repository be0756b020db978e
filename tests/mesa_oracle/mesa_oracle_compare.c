/* Runs every !!ARBfp1.0 program of the corpus on Mesa's softpipe (through the
 * ../shared/tools/mesa-oracle harness) and through `nvgp run`, with the same
 * per-fragment inputs and parameters, and compares result.color pixel by
 * pixel.  Mesa is an independent implementation of ARB_fragment_program, so
 * every disagreement is either an nvgp bug or a Mesa deviation listed in
 * known_differences.txt with the reason.
 *
 * usage: mesa_oracle_compare HARNESS NVGP CORPUS_DIR WORK_DIR KNOWN_DIFFERENCES
 * exit 0: every compared program agrees (or is listed); 1: a mismatch. */
#define _XOPEN_SOURCE 700
#include <json-c/json.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "extract_program.h"
#include "read_whole_file.h"
#include "walk_files.h"

/* 8x8 keeps every input exact: u = (x + 0.5) / 8 is a dyadic fraction, so the
 * rasterizer's interpolation cannot round it differently from ours. */
enum { W = 8, H = 8, NPIX = W * H, NPARAM = 8 };

/* Tolerances.  Plain arithmetic (ADD MUL MAD DP3 DP4 ...) must agree to a few
 * ulp: Mesa's NIR may fuse or reassociate, nothing more.  The transcendental
 * approximations (SIN COS SCS EX2 LG2 POW RSQ RCP EXP LOG LIT) are allowed
 * a wider relative error: the ARB spec gives them only a precision bound
 * and Mesa's own drivers differ there (softpipe vs llvmpipe, harness README). */
#define ULP_EXACT 4
#define REL_EXACT 1e-5
#define ABS_EXACT 1e-6
#define REL_APPROX 2e-4
#define ABS_APPROX 2e-5

typedef struct {
    char **paths;
    size_t count, cap;
} path_list;

static const char *harness, *nvgp, *work;
static char *known_text;

static void collect(const char *path, const char *name, void *ctx)
{
    (void)name;
    path_list *l = ctx;
    if (l->count == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 256;
        l->paths = realloc(l->paths, l->cap * sizeof *l->paths);
        if (!l->paths)
            exit(2);
    }
    l->paths[l->count++] = strdup(path);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The program with that header in the file at path (malloc'ed), or NULL. */
static char *load_program(const char *path, const char *header)
{
    char *text = read_whole_file(path, NULL);
    char *prog = text ? extract_program(text, header) : NULL;
    free(text);
    return prog;
}

/* Whether WORD occurs in TEXT as a whole word (letters, digits, '_' around
 * it end the word) outside '#' comments. */
static bool has_word(const char *text, const char *word)
{
    size_t n = strlen(word);
    bool comment = false;
    for (const char *p = text; *p; p++) {
        if (*p == '#')
            comment = true;
        if (*p == '\n')
            comment = false;
        if (comment || strncmp(p, word, n) != 0)
            continue;
        char before = p == text ? ' ' : p[-1];
        char after = p[n];
        bool wb = !(before == '_' || before == '.' || (before >= '0' && before <= '9') ||
                    ((before | 32) >= 'a' && (before | 32) <= 'z'));
        bool wa = !((after >= '0' && after <= '9') || ((after | 32) >= 'a' && (after | 32) <= 'z'));
        if (wb && wa)
            return true;
    }
    return false;
}

/* Why a program cannot be compared with the harness's inputs, or NULL. */
static const char *skip_reason(const char *prog)
{
    static const char *const tex_ops[] = {"TEX", "TXP", "TXB", "TEX_SAT", "TXP_SAT", "TXB_SAT"};
    for (size_t i = 0; i < sizeof tex_ops / sizeof *tex_ops; i++)
        if (has_word(prog, tex_ops[i]))
            return "texture (the harness binds no texture)";
    if (strstr(prog, "fragment.fogcoord"))
        return "reads fragment.fogcoord (the harness gives no defined fog coordinate)";
    if (strstr(prog, "fragment.color.secondary"))
        return "reads fragment.color.secondary (not set by the harness)";
    if (strstr(prog, "state."))
        return "reads state.* (GL state the job cannot reproduce)";
    if (strstr(prog, "ARB_fog_"))
        return "OPTION ARB_fog_* (Mesa applies fixed-function fog)";
    if (strstr(prog, "result.depth") && !strstr(prog, "result.color"))
        return "writes no result.color";
    const char *t = prog;
    while ((t = strstr(t, "fragment.texcoord[")) != NULL) {
        t += strlen("fragment.texcoord[");
        if (*t != '0' && *t != '1')
            return "reads fragment.texcoord[2+] (not set by the harness)";
    }
    if (!strstr(prog, "result.color"))
        return "writes no result.color";
    return NULL;
}

static bool uses_approx_op(const char *prog)
{
    static const char *const ops[] = {"SIN", "COS", "SCS", "EX2", "LG2", "POW", "RSQ",
                                      "RCP", "EXP", "LOG", "LIT"};
    for (size_t i = 0; i < sizeof ops / sizeof *ops; i++) {
        char sat[16];
        snprintf(sat, sizeof sat, "%s_SAT", ops[i]);
        if (has_word(prog, ops[i]) || has_word(prog, sat))
            return true;
    }
    return false;
}

static int run_cmd(const char *cmd)
{
    int st = system(cmd);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}

static void param_value(bool local, int i, float v[4])
{
    /* varied, non-trivial, exactly representable; negative and > 1 too */
    v[0] = 0.5f + 0.25f * (float)i + (local ? 0.125f : 0.0f);
    v[1] = -1.25f + 0.5f * (float)i;
    v[2] = 2.0f - 0.375f * (float)i - (local ? 1.0f : 0.0f);
    v[3] = 0.75f + 0.125f * (float)i * (local ? -1.0f : 1.0f);
}

/* Pixel (x, y), y from the bottom (GL window order), of invocation i: quads of
 * 2x2 in row-major order, lanes 4n+0 (x,y) 4n+1 (x+1,y) 4n+2 (x,y+1) 4n+3 (x+1,y+1). */
static void pixel_of(int i, int *x, int *y)
{
    int q = i / 4, k = i % 4;
    *x = 2 * (q % (W / 2)) + (k & 1);
    *y = 2 * (q / (W / 2)) + (k >> 1);
}

static const char *const input_names[] = {"fragment.texcoord[0]", "fragment.texcoord",
                                          "fragment.texcoord[1]", "fragment.color",
                                          "fragment.color.primary", "fragment.position"};
enum { NINPUTS = sizeof input_names / sizeof *input_names };

/* ARB_fragment_coord_conventions, as the program's OPTIONs ask: nvgp has no
 * rasterizer, so the job gives fragment.position as the program reads it. */
static bool origin_upper_left, pixel_center_integer;

static void input_value(int which, int x, int y, float v[4])
{
    float u = ((float)x + 0.5f) / W, w = ((float)y + 0.5f) / H;
    switch (which) {
    case 0: case 1: v[0] = u; v[1] = w; v[2] = 0; v[3] = 1; break;
    case 2: v[0] = u * W; v[1] = w * H; v[2] = 0; v[3] = 1; break;
    case 3: case 4: v[0] = u; v[1] = w; v[2] = 0.25f; v[3] = 1; break;
    default: /* window position; z of the quad (0) in depth range [0,1]; 1/w = 1 */
        if (origin_upper_left)
            y = H - 1 - y;
        v[0] = (float)x + (pixel_center_integer ? 0.0f : 0.5f);
        v[1] = (float)y + (pixel_center_integer ? 0.0f : 0.5f);
        v[2] = 0.5f;
        v[3] = 1;
        break;
    }
}

/* One input or parameter of a job: its name, its value(s), whether the
 * program has it (a job may only name bindings the program has). */
typedef struct {
    char name[96];
    bool is_param, use;
    int count; /* 1: every invocation; else one vec4 per invocation */
    float v[NPIX][4];
} job_binding;

typedef struct {
    job_binding b[160];
    int n;
    int invocations;
    const char *output; /* the one output to print, or NULL for all */
} job_spec;

static job_binding *job_add(job_spec *j, bool is_param, const char *name, int count)
{
    job_binding *b = &j->b[j->n++];
    snprintf(b->name, sizeof b->name, "%s", name);
    b->is_param = is_param;
    b->use = true;
    b->count = count;
    return b;
}

static void job_add_params(job_spec *j)
{
    for (int local = 0; local < 2; local++)
        for (int i = 0; i < NPARAM; i++) {
            char name[64];
            snprintf(name, sizeof name, "program.%s[%d]", local ? "local" : "env", i);
            param_value(local, i, job_add(j, true, name, 1)->v[0]);
        }
}

static void write_vec4s(FILE *f, const job_binding *b)
{
    if (b->count > 1)
        fputc('[', f);
    for (int i = 0; i < b->count; i++)
        fprintf(f, "%s[%.9g, %.9g, %.9g, %.9g]", i ? ", " : "", b->v[i][0], b->v[i][1],
                b->v[i][2], b->v[i][3]);
    if (b->count > 1)
        fputc(']', f);
}

static void write_job(const char *path, const char *prog_path, const job_spec *j)
{
    FILE *f = fopen(path, "w");
    if (!f)
        exit(2);
    fprintf(f, "{ \"program\": \"%s\", \"invocations\": %d", prog_path, j->invocations);
    for (int params = 0; params < 2; params++) {
        fprintf(f, ",\n  \"%s\": {", params ? "params" : "inputs");
        const char *sep = "";
        for (int i = 0; i < j->n; i++) {
            if (!j->b[i].use || j->b[i].is_param != (params != 0))
                continue;
            fprintf(f, "%s\n    \"%s\": ", sep, j->b[i].name);
            write_vec4s(f, &j->b[i]);
            sep = ",";
        }
        fprintf(f, "}");
    }
    if (j->output)
        fprintf(f, ",\n  \"outputs\": [\"%s\"]", j->output);
    fprintf(f, " }\n");
    fclose(f);
}

/* Runs the job, dropping the inputs and parameters the program does not have
 * one by one as nvgp names them.  The parsed result, or NULL with *why set. */
static json_object *run_nvgp(const char *prog_path, const char *prog, job_spec *j,
                             const char **why)
{
    /* names whose stem the text never mentions cannot be bound: leave them
     * out at once (saves a run each); position-invariant programs read the
     * matrices and vertex.position without naming them */
    for (int i = 0; i < j->n; i++) {
        char stem[96];
        snprintf(stem, sizeof stem, "%s", j->b[i].name);
        stem[strcspn(stem, "[")] = 0;
        if (strncmp(stem, "state.", 6) != 0 && strcmp(stem, "vertex.position") != 0 &&
            !strstr(prog, stem))
            j->b[i].use = false;
    }
    char job[4096], out[4096], err[4096], cmd[16384];
    snprintf(job, sizeof job, "%s/job.json", work);
    snprintf(out, sizeof out, "%s/nvgp.json", work);
    snprintf(err, sizeof err, "%s/nvgp.err", work);
    for (int attempt = 0; attempt < j->n + 2; attempt++) {
        write_job(job, prog_path, j);
        snprintf(cmd, sizeof cmd, "'%s' run -o '%s' '%s' 2>'%s'", nvgp, out, job, err);
        int rc = run_cmd(cmd);
        if (rc == 0) {
            json_object *r = json_object_from_file(out);
            if (!r)
                *why = "unreadable nvgp result";
            return r;
        }
        size_t n;
        char *e = read_whole_file(err, &n);
        bool dropped = false;
        /* programs naming their draw buffers write result.color[0] */
        if (e && j->output && strcmp(j->output, "result.color") == 0 &&
            strstr(e, "outputs[\"result.color\"]: the program has no such output")) {
            j->output = "result.color[0]";
            dropped = true;
        }
        const char *q = e ? strstr(e, "[\"") : NULL;
        if (q && (strstr(e, "has no such input") || strstr(e, "has no such parameter"))) {
            q += 2;
            for (int i = 0; i < j->n && !dropped; i++) {
                size_t len = strlen(j->b[i].name);
                if (j->b[i].use && strncmp(q, j->b[i].name, len) == 0 && q[len] == '"')
                    j->b[i].use = false, dropped = true;
            }
        }
        if (!dropped) {
            static char msg[512];
            snprintf(msg, sizeof msg, "nvgp run failed: %.400s", e ? e : "");
            char *nl = strchr(msg, '\n');
            if (nl)
                *nl = 0;
            free(e);
            *why = msg;
            return NULL;
        }
        free(e);
    }
    *why = "nvgp run: too many retries";
    return NULL;
}

/* The fragment job: every input the harness defines, under each of its
 * names, for the 64 pixels in quad order; env and local parameters. */
static void fragment_job(job_spec *j)
{
    j->n = 0;
    j->invocations = NPIX;
    j->output = "result.color";
    for (int n = 0; n < NINPUTS; n++) {
        job_binding *b = job_add(j, false, input_names[n], NPIX);
        for (int i = 0; i < NPIX; i++) {
            int x, y;
            pixel_of(i, &x, &y);
            input_value(n, x, y, b->v[i]);
        }
    }
    job_add_params(j);
}

static bool close_enough(float a, float b, bool approx)
{
    if (isnan(a) || isnan(b))
        return isnan(a) && isnan(b);
    if (a == b)
        return true;
    if (isinf(a) || isinf(b))
        return false;
    double d = fabs((double)a - (double)b), m = fmax(fabs(a), fabs(b));
    if (approx)
        return d <= ABS_APPROX || d <= REL_APPROX * m;
    int32_t ia, ib;
    memcpy(&ia, &a, 4);
    memcpy(&ib, &b, 4);
    if ((ia < 0) == (ib < 0) && llabs((long long)ia - ib) <= ULP_EXACT)
        return true;
    return d <= ABS_EXACT || d <= REL_EXACT * m;
}

typedef struct {
    int found, mesa_rejected, nvgp_rejected, skipped, compared, agree, known, mismatched;
} tally;

static bool is_known(const char *rel)
{
    size_t n = strlen(rel);
    for (const char *p = known_text; p && *p;) {
        if (strncmp(p, rel, n) == 0 && (p[n] == ' ' || p[n] == '\t' || p[n] == '\n'))
            return true;
        p = strchr(p, '\n');
        if (p)
            p++;
    }
    return false;
}

enum mesa_status { MESA_OK, MESA_REJECTS, MESA_FAILS };

/* Renders on softpipe: the vertex program VP (NULL: fixed function) and the
 * fragment program FP with the parameters of param_value (for the vertex
 * program when VP is given), into *out (W*H RGBA floats, bottom row first).
 * One run both validates and renders: Mesa's context start is the cost. */
static enum mesa_status mesa_render(const char *vp, const char *fp, float **out)
{
    char mesa_out[4096], mesa_err[4096], cmd[16384];
    snprintf(mesa_out, sizeof mesa_out, "%s/mesa.f32", work);
    snprintf(mesa_err, sizeof mesa_err, "%s/mesa.err", work);
    remove(mesa_out);
    int n = snprintf(cmd, sizeof cmd, "'%s' --fp '%s' --size %dx%d --out '%s'", harness, fp, W,
                     H, mesa_out);
    if (vp)
        n += snprintf(cmd + n, sizeof cmd - (size_t)n, " --vp '%s'", vp);
    for (int local = 0; local < 2; local++)
        for (int i = 0; i < NPARAM; i++) {
            float v[4];
            param_value(local, i, v);
            n += snprintf(cmd + n, sizeof cmd - (size_t)n, " --%s%s %d:%.9g,%.9g,%.9g,%.9g",
                          vp ? "v" : "", local ? "local" : "env", i, v[0], v[1], v[2], v[3]);
        }
    snprintf(cmd + n, sizeof cmd - (size_t)n, " >/dev/null 2>'%s'", mesa_err);
    *out = NULL;
    if (run_cmd(cmd) != 0) {
        size_t elen;
        char *e = read_whole_file(mesa_err, &elen);
        bool rejected = e && strstr(e, "REJECTED");
        free(e);
        return rejected ? MESA_REJECTS : MESA_FAILS;
    }
    size_t mlen = 0;
    float *px = (float *)read_whole_file(mesa_out, &mlen);
    if (!px || mlen != sizeof(float) * 4 * NPIX) {
        free(px);
        return MESA_FAILS;
    }
    *out = px;
    return MESA_OK;
}

/* Compares one program; a line per outcome other than agreement. */
static void compare_program(const char *path, const char *rel, tally *t)
{
    char *prog = load_program(path, "!!ARBfp1.0");
    if (!prog)
        return;
    t->found++;
    char fp[4096], cmd[16384];
    snprintf(fp, sizeof fp, "%s/prog.fp", work);
    FILE *f = fopen(fp, "w");
    if (!f)
        exit(2);
    fputs(prog, f);
    fclose(f);

    float *mesa = NULL;
    enum mesa_status ms = mesa_render(NULL, fp, &mesa);
    snprintf(cmd, sizeof cmd, "'%s' check '%s' >/dev/null 2>&1", nvgp, fp);
    bool nvgp_accepts = run_cmd(cmd) == 0;
    if (ms == MESA_REJECTS) {
        /* told, not failed: nvgp also takes NV options Mesa refuses */
        if (nvgp_accepts)
            printf("note %s: Mesa rejects it, nvgp accepts it\n", rel);
        t->mesa_rejected++;
        free(prog);
        return;
    }
    if (!nvgp_accepts) {
        printf("NVGP-REJECTS %s (Mesa accepts it)\n", rel);
        t->nvgp_rejected++;
        free(mesa);
        free(prog);
        return;
    }
    const char *why = ms == MESA_FAILS ? "the harness failed to render it" : skip_reason(prog);
    if (why) {
        printf("skip %s: %s\n", rel, why);
        t->skipped++;
        free(mesa);
        free(prog);
        return;
    }
    origin_upper_left = strstr(prog, "ARB_fragment_coord_origin_upper_left") != NULL;
    pixel_center_integer = strstr(prog, "ARB_fragment_coord_pixel_center_integer") != NULL;
    static job_spec job;
    fragment_job(&job);
    json_object *res = run_nvgp(fp, prog, &job, &why);
    if (!res) {
        printf("NVGP-FAILS %s: %s\n", rel, why);
        t->compared++;
        t->mismatched++;
        free(mesa);
        free(prog);
        return;
    }
    t->compared++;
    bool approx = uses_approx_op(prog);
    json_object *invs = NULL, *killed = NULL;
    json_object_object_get_ex(res, "invocations", &invs);
    json_object_object_get_ex(res, "killed", &killed);
    int bad = 0;
    char first[512] = "";
    for (int i = 0; i < NPIX; i++) {
        int x, y;
        pixel_of(i, &x, &y);
        const float *m = mesa + 4 * (y * W + x);
        bool was_killed = killed && json_object_get_boolean(json_object_array_get_idx(killed, i));
        float ours[4] = {0, 0, 0, 0}; /* a killed fragment leaves the clear colour */
        if (!was_killed) {
            json_object *inv = json_object_array_get_idx(invs, i), *col = NULL;
            if (!inv || !json_object_object_get_ex(inv, job.output, &col)) {
                bad++;
                continue;
            }
            for (int c = 0; c < 4; c++) {
                json_object *e = json_object_array_get_idx(col, c);
                if (json_object_is_type(e, json_type_string)) {
                    const char *s = json_object_get_string(e);
                    ours[c] = strcmp(s, "inf") == 0    ? INFINITY
                              : strcmp(s, "-inf") == 0 ? -INFINITY
                                                       : NAN;
                } else {
                    ours[c] = (float)json_object_get_double(e);
                }
            }
        }
        for (int c = 0; c < 4; c++)
            if (!close_enough(m[c], ours[c], approx)) {
                if (!bad++)
                    snprintf(first, sizeof first,
                             "pixel (%d,%d)%s: mesa (%.9g %.9g %.9g %.9g) nvgp (%.9g %.9g %.9g %.9g)",
                             x, y, was_killed ? " killed by nvgp" : "", m[0], m[1], m[2], m[3],
                             ours[0], ours[1], ours[2], ours[3]);
                break;
            }
    }
    json_object_put(res);
    if (bad == 0) {
        if (is_known(rel))
            printf("note %s agrees but is listed in the known differences\n", rel);
        t->agree++;
    } else if (is_known(rel)) {
        printf("known difference %s: %d pixels, %s\n", rel, bad, first);
        t->known++;
    } else {
        printf("MISMATCH %s: %d pixels, first %s\n", rel, bad, first);
        t->mismatched++;
    }
    free(mesa);
    free(prog);
}

/* ---- vertex programs ----
 * The harness draws the quad as a strip of four vertices at (+-1, +-1, 0, 1)
 * with vertex.color = (s, t, 0.25, 1), texcoord[0] = (s, t, 0, 1) and
 * texcoord[1] = (s W, t H, 0, 1) for s, t in {0, 1}; a pass-through fragment
 * program shows the interpolated result.color.  nvgp runs the program on the
 * four vertices; when its result.position is the vertex's own (so the quad
 * covers the viewport and w = 1), the colour at each pixel centre is the
 * linear interpolation of the corner colours over the strip's triangle
 * (0,1,2) or (1,3,2), computed here in double and compared with Mesa's. */

static const char *vp_skip_reason(const char *prog)
{
    static const char *const unsupported[] = {
        "vertex.attrib",  "vertex.normal",   "vertex.fogcoord",        "vertex.weight",
        "vertex.color.secondary", "vertex.matrixindex", "result.color.back",
    };
    for (size_t i = 0; i < sizeof unsupported / sizeof *unsupported; i++)
        if (strstr(prog, unsupported[i]))
            return unsupported[i];
    for (const char *t = prog; (t = strstr(t, "state.")) != NULL; t++)
        if (strncmp(t, "state.matrix.", 13) != 0)
            return "state.* other than matrices (GL state the job cannot reproduce)";
    for (const char *t = prog; (t = strstr(t, "vertex.texcoord[")) != NULL;) {
        t += strlen("vertex.texcoord[");
        if (*t != '0' && *t != '1')
            return "vertex.texcoord[2+] (not set by the harness)";
    }
    if (!strstr(prog, "result.color"))
        return "writes no result.color";
    return NULL;
}

static void vertex_job(job_spec *j, const char *prog)
{
    static const char *const names[] = {"vertex.position", "vertex.color",
                                        "vertex.color.primary", "vertex.texcoord[0]",
                                        "vertex.texcoord", "vertex.texcoord[1]"};
    j->n = 0;
    j->invocations = 4;
    j->output = NULL;
    for (int n = 0; n < 6; n++) {
        job_binding *b = job_add(j, false, names[n], 4);
        for (int i = 0; i < 4; i++) {
            float s = (float)(i & 1), t = (float)(i >> 1);
            float v[6][4] = {{2 * s - 1, 2 * t - 1, 0, 1}, {s, t, 0.25f, 1},
                             {s, t, 0.25f, 1}, {s, t, 0, 1}, {s, t, 0, 1}, {s * W, t * H, 0, 1}};
            memcpy(b->v[i], v[n], sizeof b->v[i]);
        }
    }
    job_add_params(j);
    /* the harness loads identity model-view and projection matrices; texture
     * matrices start as identity: every state.matrix (and its inverse,
     * transpose) the program names is the identity */
    for (int r = 0; r < 4; r++) { /* OPTION ARB_position_invariant reads these */
        char name[64];
        snprintf(name, sizeof name, "state.matrix.mvp.row[%d]", r);
        job_binding *b = job_add(j, true, name, 1);
        for (int c = 0; c < 4; c++)
            b->v[0][c] = c == r ? 1.0f : 0.0f;
    }
    for (const char *t = prog; (t = strstr(t, "state.matrix.")) != NULL && j->n + 4 <= 160;) {
        char base[64];
        size_t k = 0;
        while (k + 1 < sizeof base && (t[k] == '.' || t[k] == '[' || t[k] == ']' ||
                                       (t[k] >= '0' && t[k] <= '9') ||
                                       ((t[k] | 32) >= 'a' && (t[k] | 32) <= 'z'))) {
            if (strncmp(t + k, ".row", 4) == 0)
                break;
            base[k] = t[k];
            k++;
        }
        base[k] = 0;
        t += k;
        bool seen = false;
        for (int i = 0; i < j->n && !seen; i++)
            seen = strncmp(j->b[i].name, base, k) == 0 && strncmp(j->b[i].name + k, ".row[", 5) == 0;
        for (int r = 0; r < 4 && !seen; r++) {
            char name[96];
            snprintf(name, sizeof name, "%s.row[%d]", base, r);
            job_binding *b = job_add(j, true, name, 1);
            for (int c = 0; c < 4; c++)
                b->v[0][c] = c == r ? 1.0f : 0.0f;
        }
    }
}

static bool read_vec4(json_object *inv, const char *name, double v[4])
{
    json_object *a;
    if (!json_object_object_get_ex(inv, name, &a))
        return false;
    for (int c = 0; c < 4; c++) {
        json_object *e = json_object_array_get_idx(a, c);
        v[c] = json_object_is_type(e, json_type_string) ? NAN : json_object_get_double(e);
    }
    return true;
}

static void compare_vertex_program(const char *path, const char *rel, tally *t)
{
    char *prog = load_program(path, "!!ARBvp1.0");
    if (!prog)
        return;
    t->found++;
    char vp[4096], fp[4096], cmd[16384];
    snprintf(vp, sizeof vp, "%s/prog.vp", work);
    snprintf(fp, sizeof fp, "%s/pass.fp", work);
    FILE *f = fopen(vp, "w");
    FILE *g = fopen(fp, "w");
    if (!f || !g)
        exit(2);
    fputs(prog, f);
    fputs("!!ARBfp1.0\nMOV result.color, fragment.color;\nEND\n", g);
    fclose(f);
    fclose(g);
    float *mesa = NULL;
    enum mesa_status ms = mesa_render(vp, fp, &mesa);
    snprintf(cmd, sizeof cmd, "'%s' check '%s' >/dev/null 2>&1", nvgp, vp);
    bool nvgp_accepts = run_cmd(cmd) == 0;
    if (ms == MESA_REJECTS) {
        t->mesa_rejected++;
        free(prog);
        return;
    }
    const char *why = !nvgp_accepts           ? NULL
                      : ms == MESA_FAILS ? "the harness failed to render it"
                                         : vp_skip_reason(prog);
    if (!nvgp_accepts || why) {
        if (!nvgp_accepts)
            printf("NVGP-REJECTS %s (Mesa accepts it)\n", rel);
        else
            printf("skip vp %s: %s\n", rel, why);
        if (nvgp_accepts)
            t->skipped++;
        else
            t->nvgp_rejected++;
        free(mesa);
        free(prog);
        return;
    }
    static job_spec job;
    vertex_job(&job, prog);
    json_object *res = run_nvgp(vp, prog, &job, &why);
    if (!res) {
        printf("NVGP-FAILS %s: %s\n", rel, why);
        t->compared++;
        t->mismatched++;
        free(mesa);
        free(prog);
        return;
    }
    static const char *const color_names[] = {"result.color", "result.color.primary",
                                              "result.color.front",
                                              "result.color.front.primary"};
    double corner[4][4];
    const char *problem = NULL;
    json_object *invs = NULL;
    json_object_object_get_ex(res, "invocations", &invs);
    for (int i = 0; i < 4 && !problem; i++) {
        json_object *inv = json_object_array_get_idx(invs, i);
        double pos[4];
        if (!inv || !read_vec4(inv, "result.position", pos)) {
            problem = "writes no result.position";
            break;
        }
        if (pos[0] != 2 * (i & 1) - 1 || pos[1] != 2 * (i >> 1) - 1 || pos[3] != 1)
            problem = "result.position is not the vertex position (the quad would not cover "
                      "the viewport at w = 1)";
        bool got = false;
        for (int n = 0; n < 4 && !got; n++)
            got = read_vec4(inv, color_names[n], corner[i]);
        if (!got)
            problem = "writes no result.color";
        for (int c = 0; c < 4; c++)
            if (!isfinite(corner[i][c]))
                problem = "a corner colour is not finite (no interpolation to compare)";
    }
    json_object_put(res);
    if (problem) {
        printf("skip vp %s: %s\n", rel, problem);
        t->skipped++;
        free(mesa);
        free(prog);
        return;
    }
    t->compared++;
    /* interpolation in float by the rasterizer: a few ulp of the largest
     * corner value; wider where the corners come from approximations */
    double scale = 1;
    for (int i = 0; i < 4; i++)
        for (int c = 0; c < 4; c++)
            scale = fmax(scale, fabs(corner[i][c]));
    double tol = (uses_approx_op(prog) ? REL_APPROX : 4 * REL_EXACT) * scale;
    int bad = 0;
    char first[512] = "";
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            double s = (x + 0.5) / W, tt = (y + 0.5) / H, e[4];
            for (int c = 0; c < 4; c++)
                e[c] = s + tt <= 1 ? corner[0][c] + (corner[1][c] - corner[0][c]) * s +
                                         (corner[2][c] - corner[0][c]) * tt
                                   : corner[3][c] + (corner[2][c] - corner[3][c]) * (1 - s) +
                                         (corner[1][c] - corner[3][c]) * (1 - tt);
            const float *m = mesa + 4 * (y * W + x);
            for (int c = 0; c < 4; c++)
                if (!(fabs(m[c] - e[c]) <= tol)) {
                    if (!bad++)
                        snprintf(first, sizeof first,
                                 "pixel (%d,%d): mesa (%.9g %.9g %.9g %.9g) nvgp's corners "
                                 "interpolated (%.9g %.9g %.9g %.9g)",
                                 x, y, m[0], m[1], m[2], m[3], e[0], e[1], e[2], e[3]);
                    break;
                }
        }
    if (bad == 0) {
        if (is_known(rel))
            printf("note %s agrees but is listed in the known differences\n", rel);
        t->agree++;
    } else if (is_known(rel)) {
        printf("known difference %s: %d pixels, %s\n", rel, bad, first);
        t->known++;
    } else {
        printf("MISMATCH %s: %d pixels, first %s\n", rel, bad, first);
        t->mismatched++;
    }
    free(mesa);
    free(prog);
}

int main(int argc, char **argv)
{
    if (argc != 6) {
        fprintf(stderr, "usage: %s HARNESS NVGP CORPUS_DIR WORK_DIR KNOWN_DIFFERENCES\n", argv[0]);
        return 2;
    }
    harness = argv[1];
    nvgp = argv[2];
    /* absolute: the job names the program relative to the job's folder */
    static char work_abs[4096];
    if (!realpath(argv[4], work_abs)) {
        fprintf(stderr, "cannot open %s\n", argv[4]);
        return 2;
    }
    work = work_abs;
    size_t kn;
    known_text = read_whole_file(argv[5], &kn);
    if (!known_text) {
        fprintf(stderr, "cannot read %s\n", argv[5]);
        return 2;
    }
    setenv("GALLIUM_DRIVER", "softpipe", 1);
    path_list l = {0};
    if (!walk_files(argv[3], collect, &l)) {
        fprintf(stderr, "cannot open %s\n", argv[3]);
        return 2;
    }
    qsort(l.paths, l.count, sizeof *l.paths, cmp_str);
    tally t = {0}, tv = {0};
    size_t root = strlen(argv[3]) + 1;
    for (size_t i = 0; i < l.count; i++) {
        compare_program(l.paths[i], l.paths[i] + root, &t);
        compare_vertex_program(l.paths[i], l.paths[i] + root, &tv);
        free(l.paths[i]);
    }
    free(l.paths);
    free(known_text);
    printf("ARBfp1.0 programs: %d found, %d rejected by Mesa, %d rejected by nvgp, %d skipped, "
           "%d compared: %d agree, %d known differences, %d MISMATCH\n",
           t.found, t.mesa_rejected, t.nvgp_rejected, t.skipped, t.compared, t.agree, t.known,
           t.mismatched);
    printf("ARBvp1.0 programs: %d found, %d rejected by Mesa, %d rejected by nvgp, %d skipped, "
           "%d compared: %d agree, %d known differences, %d MISMATCH\n",
           tv.found, tv.mesa_rejected, tv.nvgp_rejected, tv.skipped, tv.compared, tv.agree,
           tv.known, tv.mismatched);
    return t.mismatched || tv.mismatched ? 1 : 0;
}

/* Runs every !!ARBfp1.0 program of the corpus on Mesa's softpipe (through the
 * ../shared/tools/mesa-oracle harness) and through `nvgp run`, with the same
 * per-fragment inputs and parameters, and compares result.color pixel by
 * pixel.  Mesa is an independent implementation of ARB_fragment_program, so
 * every disagreement is either an nvgp bug or a Mesa deviation listed in
 * known_differences.txt with the reason.
 *
 * usage: mesa_oracle_compare HARNESS NVGP CORPUS_DIR WORK_DIR KNOWN_DIFFERENCES
 * exit 0: every compared program agrees (or is listed); 1: a mismatch. */
#define _POSIX_C_SOURCE 200809L
#include <json-c/json.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

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

/* The program text: from a line starting with the header to the line
 * holding END (files such as .shader_test embed it among other sections). */
static char *extract_program(const char *text, const char *header)
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
    memcpy(out, start, n);
    out[n] = '\n';
    out[n + 1] = 0;
    return out;
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

/* result.color, or result.color[0] in programs that name their draw buffers */
static const char *color_name = "result.color";

static void write_job(const char *path, const char *prog_path, const bool *use_input,
                      const bool *use_env, const bool *use_local)
{
    FILE *f = fopen(path, "w");
    if (!f)
        exit(2);
    fprintf(f, "{ \"program\": \"%s\", \"invocations\": %d,\n  \"inputs\": {", prog_path, NPIX);
    const char *sep = "";
    for (int n = 0; n < NINPUTS; n++) {
        if (!use_input[n])
            continue;
        fprintf(f, "%s\n    \"%s\": [", sep, input_names[n]);
        for (int i = 0; i < NPIX; i++) {
            int x, y;
            float v[4];
            pixel_of(i, &x, &y);
            input_value(n, x, y, v);
            fprintf(f, "%s[%.9g, %.9g, %.9g, %.9g]", i ? ", " : "", v[0], v[1], v[2], v[3]);
        }
        fprintf(f, "]");
        sep = ",";
    }
    fprintf(f, "},\n  \"params\": {");
    sep = "";
    for (int local = 0; local < 2; local++)
        for (int i = 0; i < NPARAM; i++) {
            if (!(local ? use_local : use_env)[i])
                continue;
            float v[4];
            param_value(local, i, v);
            fprintf(f, "%s\n    \"program.%s[%d]\": [%.9g, %.9g, %.9g, %.9g]", sep,
                    local ? "local" : "env", i, v[0], v[1], v[2], v[3]);
            sep = ",";
        }
    fprintf(f, "},\n  \"outputs\": [\"%s\"] }\n", color_name);
    fclose(f);
}

/* Runs the job, dropping inputs and parameters the program does not have
 * (a job may only name bindings the program has).  The parsed result, or NULL
 * with *why set. */
static json_object *run_nvgp(const char *prog_path, const char **why)
{
    bool use_input[NINPUTS], use_env[NPARAM], use_local[NPARAM];
    for (int i = 0; i < NINPUTS; i++)
        use_input[i] = true;
    for (int i = 0; i < NPARAM; i++)
        use_env[i] = use_local[i] = true;
    char job[4096], out[4096], err[4096], cmd[16384];
    snprintf(job, sizeof job, "%s/job.json", work);
    snprintf(out, sizeof out, "%s/nvgp.json", work);
    snprintf(err, sizeof err, "%s/nvgp.err", work);
    for (int attempt = 0; attempt < NINPUTS + 2 * NPARAM + 2; attempt++) {
        write_job(job, prog_path, use_input, use_env, use_local);
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
        if (e && strstr(e, "outputs[\"result.color\"]: the program has no such output")) {
            color_name = "result.color[0]";
            dropped = true;
        }
        const char *q = e ? strstr(e, "[\"") : NULL;
        if (q && (strstr(e, "has no such input") || strstr(e, "has no such parameter"))) {
            q += 2;
            for (int i = 0; i < NINPUTS && !dropped; i++)
                if (strncmp(q, input_names[i], strlen(input_names[i])) == 0 &&
                    q[strlen(input_names[i])] == '"')
                    use_input[i] = false, dropped = true;
            for (int local = 0; local < 2 && !dropped; local++)
                for (int i = 0; i < NPARAM && !dropped; i++) {
                    char name[64];
                    snprintf(name, sizeof name, "program.%s[%d]\"", local ? "local" : "env", i);
                    if (strncmp(q, name, strlen(name)) == 0)
                        (local ? use_local : use_env)[i] = false, dropped = true;
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

/* Compares one program; a line per outcome other than agreement. */
static void compare_program(const char *path, const char *rel, tally *t)
{
    size_t len;
    char *text = read_whole_file(path, &len);
    char *prog = text ? extract_program(text, "!!ARBfp1.0") : NULL;
    free(text);
    if (!prog)
        return;
    t->found++;
    char fp[4096], mesa_out[4096], cmd[16384];
    snprintf(fp, sizeof fp, "%s/prog.fp", work);
    snprintf(mesa_out, sizeof mesa_out, "%s/mesa.f32", work);
    FILE *f = fopen(fp, "w");
    if (!f)
        exit(2);
    fputs(prog, f);
    fclose(f);

    snprintf(cmd, sizeof cmd, "'%s' --quiet --check --fp '%s' >/dev/null 2>&1", harness, fp);
    bool mesa_accepts = run_cmd(cmd) == 0;
    snprintf(cmd, sizeof cmd, "'%s' check '%s' >/dev/null 2>&1", nvgp, fp);
    bool nvgp_accepts = run_cmd(cmd) == 0;
    if (!mesa_accepts) {
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
        free(prog);
        return;
    }
    const char *why = skip_reason(prog);
    if (why) {
        printf("skip %s: %s\n", rel, why);
        t->skipped++;
        free(prog);
        return;
    }
    int n = snprintf(cmd, sizeof cmd, "'%s' --quiet --fp '%s' --size %dx%d --out '%s'", harness,
                     fp, W, H, mesa_out);
    for (int local = 0; local < 2; local++)
        for (int i = 0; i < NPARAM; i++) {
            float v[4];
            param_value(local, i, v);
            n += snprintf(cmd + n, sizeof cmd - (size_t)n, " --%s %d:%.9g,%.9g,%.9g,%.9g",
                          local ? "local" : "env", i, v[0], v[1], v[2], v[3]);
        }
    snprintf(cmd + n, sizeof cmd - (size_t)n, " >/dev/null 2>&1");
    size_t mlen = 0;
    float *mesa = NULL;
    if (run_cmd(cmd) != 0 || !(mesa = (float *)read_whole_file(mesa_out, &mlen)) ||
        mlen != sizeof(float) * 4 * NPIX) {
        printf("skip %s: the harness failed to render it\n", rel);
        t->skipped++;
        free(mesa);
        free(prog);
        return;
    }
    origin_upper_left = strstr(prog, "ARB_fragment_coord_origin_upper_left") != NULL;
    pixel_center_integer = strstr(prog, "ARB_fragment_coord_pixel_center_integer") != NULL;
    color_name = "result.color";
    json_object *res = run_nvgp(fp, &why);
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
            if (!inv || !json_object_object_get_ex(inv, color_name, &col)) {
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
    work = argv[4];
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
    tally t = {0};
    size_t root = strlen(argv[3]) + 1;
    for (size_t i = 0; i < l.count; i++) {
        compare_program(l.paths[i], l.paths[i] + root, &t);
        free(l.paths[i]);
    }
    free(l.paths);
    free(known_text);
    printf("ARBfp1.0 programs: %d found, %d rejected by Mesa, %d rejected by nvgp, %d skipped, "
           "%d compared: %d agree, %d known differences, %d MISMATCH\n",
           t.found, t.mesa_rejected, t.nvgp_rejected, t.skipped, t.compared, t.agree, t.known,
           t.mismatched);
    return t.mismatched ? 1 : 0;
}

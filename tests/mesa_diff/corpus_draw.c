/* Whole draws of the corpus ARB programs, compared with Mesa: every
 * !!ARBvp1.0 and !!ARBfp1.0 program under CORPUS/piglit and
 * CORPUS/mesa-demos is drawn with the GL state, vertex arrays and textures
 * of scene.h by Mesa (mesa_scene, one context for all draws) and by nvgp's
 * pipeline (nvgp_pipe_draw), and the pixels are compared.
 *
 * The draws: each fragment program behind the fixed-function vertex stage;
 * each vertex program once for every result it writes (result.color,
 * .color.secondary, .texcoord[n], .fogcoord), behind a fragment program
 * that moves that input to result.color; and the vertex + fragment pairs
 * the corpus gives together (a .shader_test with both, or embedded
 * programs of one source, NAME__NN.vp with NAME__MM.fp), drawn as they are.
 *
 * usage: corpus_draw MESA_SCENE WORK_DIR CORPUS_DIR KNOWN_DIFFERENCES
 * (MESA_SCENE "-": only draw in nvgp, no comparison)
 * Exit 0 when every draw agrees within docs/testing.md's tolerances or is
 * listed in KNOWN_DIFFERENCES, 1 otherwise, 2 on a set-up failure. */
#define _XOPEN_SOURCE 700
#include "compare.h"
#include "extract_program.h"
#include "nvgp_pipeline.h"
#include "read_whole_file.h"
#include "scene.h"
#include "walk_files.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

enum { W = SCENE_W, H = SCENE_H, NPIX = W * H };

/* Tolerances (docs/testing.md, as mesa_diff's): plain arithmetic 4 ulp, or
 * 1e-5 relative, or 1e-6 absolute; programs with an approximated opcode
 * 2e-4 relative or 2e-5 absolute; EXP's and LOG's 11 bits 2^-10.  Vertex
 * results reach the pixels interpolated: relative to the channel's
 * largest value, at least 4e-5. */
enum precision { P_EXACT, P_APPROX, P_LOW };
static const tolerance tolerances[] = {
    [P_EXACT] = {1e-5, 1e-6, 4},
    [P_APPROX] = {2e-4, 2e-5, 0},
    [P_LOW] = {1.0 / 1024, 1.0 / 1024, 0},
};

/* One program of the corpus. */
typedef struct {
    char *name;   /* path below the corpus */
    char *text;
    bool vertex;
    nvgp_program *prog; /* NULL: nvgp refuses it */
    char why[256];      /* nvgp's reason */
    char path[4096];    /* the text in WORK_DIR, for Mesa */
} corpus_prog;

/* One draw. */
typedef struct {
    int vp, fp;          /* indexes into progs; vp -1: fixed function */
    int collector;       /* -1, or the collector fragment program's number */
    char name[600];
} draw;

static corpus_prog *progs;
static size_t nprogs, cap_progs;
static draw *draws;
static size_t ndraws, cap_draws;

/* The collector fragment programs: result.color = one interpolated input. */
static const char *const collector_input[] = {
    "fragment.color", "fragment.color.secondary", "fragment.fogcoord",
    "fragment.texcoord[0]", "fragment.texcoord[1]", "fragment.texcoord[2]",
    "fragment.texcoord[3]", "fragment.texcoord[4]", "fragment.texcoord[5]",
    "fragment.texcoord[6]", "fragment.texcoord[7]"};
/* The vertex result each collector reads. */
static const char *const collector_result[] = {
    "result.color", "result.color.secondary", "result.fogcoord",
    "result.texcoord[0]", "result.texcoord[1]", "result.texcoord[2]",
    "result.texcoord[3]", "result.texcoord[4]", "result.texcoord[5]",
    "result.texcoord[6]", "result.texcoord[7]"};
enum { COLLECTORS = sizeof collector_input / sizeof *collector_input };
static corpus_prog collectors[COLLECTORS];

static void *grow(void *p, size_t *cap, size_t n, size_t size)
{
    if (n < *cap)
        return p;
    *cap = *cap ? 2 * *cap : 64;
    p = realloc(p, *cap * size);
    if (!p) {
        fprintf(stderr, "corpus_draw: out of memory\n");
        exit(2);
    }
    return p;
}

/* Whether word occurs in text outside '#' comments, not followed by a
 * letter, digit, '_' or '.' (so "result.color" does not match
 * "result.color.secondary"). */
static bool has_name(const char *text, const char *word)
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
        char before = p == text ? ' ' : p[-1], after = p[n];
        bool wb = !(before == '_' || before == '.' || (before >= '0' && before <= '9') ||
                    ((before | 32) >= 'a' && (before | 32) <= 'z'));
        bool wa = !(after == '_' || after == '.' || (after >= '0' && after <= '9') ||
                    ((after | 32) >= 'a' && (after | 32) <= 'z'));
        if (wb && wa)
            return true;
    }
    return false;
}

static bool writes_result(const char *text, int c)
{
    const char *r = collector_result[c];
    if (has_name(text, r))
        return true;
    /* the synonyms: result.texcoord is set 0, result.color.primary and
     * result.color.front(.primary) are result.color */
    static const char *const same[][3] = {
        {"result.color.primary", "result.color.front", "result.color.front.primary"},
        {"result.color.front.secondary", NULL, NULL},
        {NULL, NULL, NULL},
        {"result.texcoord", NULL, NULL}};
    for (int k = 0; c < 4 && k < 3; k++)
        if (same[c][k] && has_name(text, same[c][k]))
            return true;
    return false;
}

static enum precision precision_of(const char *text)
{
    if (!text)
        return P_EXACT;
    static const char *const low[] = {"EXP", "LOG", "EXP_SAT", "LOG_SAT"};
    static const char *const approx[] = {"SIN", "COS", "SCS", "EX2", "LG2", "POW",
                                         "RSQ", "RCP", "LIT"};
    char sat[16];
    for (size_t i = 0; i < sizeof low / sizeof *low; i++)
        if (has_name(text, low[i]))
            return P_LOW;
    /* vertex LIT is built on EXP and LOG: "may not be any more accurate
     * than the underlying EXP and LOG operations" (ARB_vertex_program
     * 2.14.5.13) */
    if (strncmp(text, "!!ARBvp", 7) == 0 && (has_name(text, "LIT")))
        return P_LOW;
    for (size_t i = 0; i < sizeof approx / sizeof *approx; i++) {
        snprintf(sat, sizeof sat, "%s_SAT", approx[i]);
        if (has_name(text, approx[i]) || has_name(text, sat))
            return P_APPROX;
    }
    return P_EXACT;
}

/* The texture target the fragment program samples on each unit (-1: none);
 * false when it names one the scene does not bind (shadow, arrays) or two
 * targets on one unit. */
static bool texture_targets(const char *text, int target[SCENE_UNITS])
{
    static const char *const names[SCENE_TARGETS] = {"1D", "2D", "3D", "CUBE", "RECT"};
    for (int u = 0; u < SCENE_UNITS; u++)
        target[u] = -1;
    for (const char *p = text; (p = strstr(p, "texture")) != NULL;) {
        p += 7;
        long unit = 0;
        if (*p == '[') {
            char *end;
            unit = strtol(p + 1, &end, 10);
            if (*end != ']')
                continue;
            p = end + 1;
        }
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p != ',')
            continue;
        p++;
        while (*p == ' ' || *p == '\t')
            p++;
        int t = -1;
        for (int k = 0; k < SCENE_TARGETS; k++) {
            size_t n = strlen(names[k]);
            if (!strncmp(p, names[k], n) && !((p[n] | 32) >= 'a' && (p[n] | 32) <= 'z') &&
                !(p[n] >= '0' && p[n] <= '9'))
                t = k;
        }
        if (t < 0 || unit < 0 || unit >= SCENE_UNITS || (target[unit] >= 0 && target[unit] != t))
            return false;
        target[unit] = t;
    }
    return true;
}

/* Whether the draw's colour is undefined as a whole: "If "result.color"
 * is not both bound by the fragment program and written by some
 * instruction of the program, the output color of the fragment program is
 * undefined" (ARB_fragment_program 3.11.3.4), and a fragment input the
 * vertex program does not write is undefined ("any results not written by
 * the program are undefined", ARB_vertex_program issue 16). */
static bool undefined_color(const char *vp, const char *fp)
{
    if (!has_name(fp, "result.color") && !strstr(fp, "result.color["))
        return true;
    for (int k = 0; vp && k < COLLECTORS; k++)
        if (has_name(fp, collector_input[k]) && !writes_result(vp, k))
            return true;
    /* fragment.texcoord is set 0 */
    return vp && has_name(fp, "fragment.texcoord") && !writes_result(vp, 3);
}

static nvgp_program *load(bool vertex, const char *name, const char *text, char *why, size_t n)
{
    nvgp_diag *d = NULL;
    nvgp_program *p = nvgp_program_create_for(vertex ? NVGP_TARGET_VERTEX : NVGP_TARGET_FRAGMENT,
                                              name, text, strlen(text), &d);
    why[0] = 0;
    if (!p && d) {
        nvgp_diag_entry e;
        for (size_t i = 0; i < nvgp_diag_count(d); i++)
            if (nvgp_diag_get(d, i, &e) && e.severity == NVGP_SEVERITY_ERROR) {
                snprintf(why, n, "%s", e.message);
                break;
            }
    }
    nvgp_diag_destroy(d);
    return p;
}

static const char *corpus_root;
static size_t root_len;

static void collect(const char *path, const char *name, void *ctx)
{
    (void)name;
    (void)ctx;
    char *text = read_whole_file(path, NULL);
    if (!text)
        return;
    static const char *const headers[2] = {"!!ARBvp1.0", "!!ARBfp1.0"};
    for (int k = 0; k < 2; k++) {
        char *prog = extract_program(text, headers[k]);
        if (!prog)
            continue;
        progs = grow(progs, &cap_progs, nprogs, sizeof *progs);
        corpus_prog *c = &progs[nprogs++];
        memset(c, 0, sizeof *c);
        c->name = strdup(path + root_len + 1);
        c->text = prog;
        c->vertex = k == 0;
    }
    free(text);
}

static int cmp_prog(const void *a, const void *b)
{
    const corpus_prog *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    return c ? c : (int)y->vertex - (int)x->vertex;
}

/* NAME__NN.ext's NAME length (embedded programs of one source), or 0. */
static size_t stem_len(const char *name)
{
    const char *u = strstr(name, "/embedded_c/");
    const char *last = strrchr(name, '_');
    if (!u || !last || last == name || last[-1] != '_')
        return 0;
    return (size_t)(last - 1 - name);
}

static void add_draw(int vp, int fp, int collector, const char *name)
{
    draws = grow(draws, &cap_draws, ndraws, sizeof *draws);
    draw *d = &draws[ndraws++];
    d->vp = vp;
    d->fp = fp;
    d->collector = collector;
    snprintf(d->name, sizeof d->name, "%s", name);
}

static void plan_draws(void)
{
    for (size_t i = 0; i < nprogs; i++) {
        corpus_prog *c = &progs[i];
        if (!c->vertex) {
            add_draw(-1, (int)i, -1, c->name);
            continue;
        }
        for (int k = 0; k < COLLECTORS; k++)
            if (writes_result(c->text, k)) {
                char n[600];
                snprintf(n, sizeof n, "%s>%s", c->name, collector_input[k]);
                add_draw((int)i, -1, k, n);
            }
        /* the fragment programs given with it */
        size_t sl = stem_len(c->name);
        for (size_t j = 0; j < nprogs; j++) {
            const corpus_prog *f = &progs[j];
            bool same_file = !strcmp(f->name, c->name);
            bool same_stem = sl && stem_len(f->name) == sl && !strncmp(f->name, c->name, sl);
            if (f->vertex || !(same_file || same_stem))
                continue;
            char n[600];
            snprintf(n, sizeof n, "%s+%s", c->name, f->name);
            add_draw((int)i, (int)j, -1, n);
        }
    }
}

/* The scene on nvgp's pipeline. */
static nvgp_texture *textures[SCENE_UNITS][SCENE_TARGETS];

static bool make_textures(void)
{
    static const uint8_t target[SCENE_TARGETS] = {NVGP_TEXTURE_1D, NVGP_TEXTURE_2D,
                                                  NVGP_TEXTURE_3D, NVGP_TEXTURE_CUBE,
                                                  NVGP_TEXTURE_RECT};
    enum { N = SCENE_TEX };
    static float texels[6 * N * N * N * 4];
    for (int u = 0; u < SCENE_UNITS; u++)
        for (int t = 0; t < SCENE_TARGETS; t++) {
            nvgp_texture_desc d;
            memset(&d, 0, sizeof d);
            d.target = target[t];
            d.format = NVGP_TEX_FORMAT_RGBA32F;
            d.width = N;
            d.height = t == SCENE_1D ? 1 : N;
            d.depth = t == SCENE_3D ? N : 1;
            d.layers = d.levels = d.samples = 1;
            nvgp_texture *tex = nvgp_texture_create(&d, NULL);
            if (!tex)
                return false;
            textures[u][t] = tex;
            uint32_t slices = t == SCENE_CUBE ? 6 : d.depth;
            size_t k = 0;
            for (uint32_t z = 0; z < slices; z++)
                for (uint32_t y = 0; y < d.height; y++)
                    for (uint32_t x = 0; x < N; x++, k++)
                        scene_texel(u, (scene_target)t, (int)x, (int)y, (int)z, texels + 4 * k);
            if (!nvgp_texture_set_image(tex, 0, texels, 16 * k, NULL))
                return false;
            nvgp_tex_sampler smp;
            nvgp_tex_sampler_default(&smp); /* NEAREST, REPEAT */
            if (t == SCENE_RECT) /* GL's default for rectangles */
                smp.wrap[0] = smp.wrap[1] = smp.wrap[2] = NVGP_TEX_WRAP_CLAMP_TO_EDGE;
            nvgp_texture_set_sampler(tex, &smp);
        }
    return true;
}

static void scene_state(nvgp_pipe_state *s)
{
    const scene *sc = scene_get();
    for (int stage = 0; stage < NVGP_PIPE_STAGES; stage++)
        for (int i = 0; i < SCENE_PARAMS; i++) {
            scene_param(stage == NVGP_PIPE_VERTEX, false, i, s->env[stage][i]);
            scene_param(stage == NVGP_PIPE_VERTEX, true, i, s->local[stage][i]);
        }
    memcpy(s->modelview, sc->modelview, sizeof s->modelview);
    memcpy(s->projection, sc->projection, sizeof s->projection);
    for (int n = 0; n < SCENE_UNITS; n++) {
        memcpy(s->texture_matrix[n], sc->texture_matrix[n], sizeof s->texture_matrix[n]);
        memcpy(s->texenv_color[n], sc->texenv_color[n], sizeof s->texenv_color[n]);
    }
    for (int n = 0; n < SCENE_MATRICES; n++)
        memcpy(s->program_matrix[n], sc->program_matrix[n], sizeof s->program_matrix[n]);
    for (int n = 0; n < SCENE_LIGHTS; n++) {
        const scene_light *l = &sc->light[n];
        nvgp_pipe_light *d = &s->light[n];
        memcpy(d->ambient, l->ambient, 16);
        memcpy(d->diffuse, l->diffuse, 16);
        memcpy(d->specular, l->specular, 16);
        memcpy(d->position, l->position, 16);
        memcpy(d->attenuation, l->attenuation, 12);
        d->attenuation[3] = l->spot_exponent;
        memcpy(d->spot_direction, l->spot_direction, 12);
        d->spot_direction[3] = l->spot_cutoff_cos;
    }
    for (int f = 0; f < 2; f++) {
        const scene_material *m = &sc->material[f];
        nvgp_pipe_material *d = &s->material[f];
        memcpy(d->ambient, m->ambient, 16);
        memcpy(d->diffuse, m->diffuse, 16);
        memcpy(d->specular, m->specular, 16);
        memcpy(d->emission, m->emission, 16);
        d->shininess = m->shininess;
    }
    memcpy(s->light_model_ambient, sc->light_model_ambient, 16);
    memcpy(s->fog_color, sc->fog_color, 16);
    s->fog_density = sc->fog_density;
    s->fog_start = sc->fog_start;
    s->fog_end = sc->fog_end;
    memcpy(s->depth_range, sc->depth_range, sizeof s->depth_range);
    memcpy(s->clip_plane, sc->clip_plane, sizeof s->clip_plane);
    s->point_size = sc->point_size;
    memcpy(s->point_attenuation, sc->point_attenuation, sizeof s->point_attenuation);
    s->viewport[0] = s->viewport[1] = 0;
    s->viewport[2] = W;
    s->viewport[3] = H;
    s->no_vertex_color_clamp = true;
}

static bool nvgp_draw(nvgp_pipe_state *s, const nvgp_program *vp, const nvgp_program *fp,
                      const int target[SCENE_UNITS], nvgp_pipe_fb *fb, char *err, size_t n)
{
    const scene *sc = scene_get();
    s->program[NVGP_PIPE_VERTEX] = vp;
    s->program[NVGP_PIPE_FRAGMENT] = fp;
    for (int u = 0; u < SCENE_UNITS; u++)
        s->texture[u] = target[u] >= 0 ? textures[u][target[u]] : NULL;
    nvgp_pipe_vertices verts;
    memset(&verts, 0, sizeof verts);
    verts.count = SCENE_VERTS;
    for (int a = 0; a < 16; a++)
        verts.attrib[a] = &sc->attrib[a][0][0];
    static const float clear[4] = {0, 0, 0, 0};
    nvgp_pipe_fb_clear(fb, NULL, clear, NULL);
    return nvgp_pipe_draw(s, fb, NVGP_PIPE_TRIANGLE_STRIP, &verts, err, n);
}

/* The known-differences file: lines "DRAW reason"; '#' lines are comments. */
static char *known_text;
static bool is_known(const char *name)
{
    size_t n = strlen(name);
    for (const char *p = known_text; p && *p;) {
        if (*p != '#' && !strncmp(p, name, n) && (p[n] == ' ' || p[n] == '\t'))
            return true;
        p = strchr(p, '\n');
        if (p)
            p++;
    }
    return false;
}

enum cls {
    C_AGREE, C_BOTH_REJECT, C_MESA_REJECTS, C_NVGP_REJECTS, C_SKIPPED, C_UNDEFINED, C_NVGP_FAILS,
    C_DIFF, C_NONFINITE, C_KNOWN, C_COUNT
};
static const char *const cls_name[C_COUNT] = {
    "agree", "rejected by both", "MESA-REJECTS", "NVGP-REJECTS",
    "skipped (shadow or array texture)", "skipped (colour undefined)", "NVGP-FAILS", "DIFF",
    "listed: non-finite values", "listed: known differences"};
/* what does not fail the test; MESA-REJECTS is printed with Mesa's reason
 * (Mesa refuses programs the ARB specs allow: the README's option table) */
static bool passes(enum cls c)
{
    return c == C_AGREE || c == C_BOTH_REJECT || c == C_SKIPPED || c == C_UNDEFINED ||
           c == C_NONFINITE || c == C_KNOWN || c == C_MESA_REJECTS;
}

static char *slurp_small(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    static char line[512];
    if (!fgets(line, sizeof line, f))
        line[0] = 0;
    fclose(f);
    return line;
}

int main(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr, "usage: %s MESA_SCENE WORK_DIR CORPUS_DIR KNOWN_DIFFERENCES\n", argv[0]);
        return 2;
    }
    const char *mesa = argv[1], *work = argv[2];
    corpus_root = argv[3];
    root_len = strlen(corpus_root);
    known_text = read_whole_file(argv[4], NULL);
    if (!known_text) {
        fprintf(stderr, "corpus_draw: cannot read %s\n", argv[4]);
        return 2;
    }
    static const char *const folders[] = {"piglit", "mesa-demos"};
    for (size_t f = 0; f < 2; f++) {
        char dir[4200];
        snprintf(dir, sizeof dir, "%s/%s", corpus_root, folders[f]);
        if (!walk_files(dir, collect, NULL)) {
            fprintf(stderr, "corpus_draw: cannot read %s\n", dir);
            return 2;
        }
    }
    qsort(progs, nprogs, sizeof *progs, cmp_prog);
    for (size_t i = 0; i < nprogs; i++) {
        corpus_prog *c = &progs[i];
        c->prog = load(c->vertex, c->name, c->text, c->why, sizeof c->why);
        snprintf(c->path, sizeof c->path, "%s/p%zu.%s", work, i, c->vertex ? "vp" : "fp");
        if (!write_text(c->path, c->text)) {
            fprintf(stderr, "corpus_draw: cannot write into %s\n", work);
            return 2;
        }
    }
    for (int k = 0; k < COLLECTORS; k++) {
        corpus_prog *c = &collectors[k];
        char text[200];
        snprintf(text, sizeof text, "!!ARBfp1.0\nMOV result.color, %s;\nEND\n",
                 collector_input[k]);
        c->text = strdup(text);
        c->name = strdup(collector_input[k]);
        c->prog = load(false, c->name, c->text, c->why, sizeof c->why);
        snprintf(c->path, sizeof c->path, "%s/collect%d.fp", work, k);
        if (!c->prog || !write_text(c->path, c->text)) {
            fprintf(stderr, "corpus_draw: collector %s: %s\n", c->name, c->why);
            return 2;
        }
    }
    plan_draws();

    /* Mesa draws all in one run */
    char list_path[4200], cmd[9000];
    snprintf(list_path, sizeof list_path, "%s/list.txt", work);
    FILE *list = fopen(list_path, "w");
    if (!list)
        return 2;
    for (size_t i = 0; i < ndraws; i++) {
        const draw *d = &draws[i];
        const corpus_prog *f = d->fp >= 0 ? &progs[d->fp] : &collectors[d->collector];
        char out[4300];
        snprintf(out, sizeof out, "%s/d%zu.mesa", work, i);
        remove(out);
        snprintf(cmd, sizeof cmd, "%s.rej", out);
        remove(cmd);
        fprintf(list, "%s %s %s\n", d->vp >= 0 ? progs[d->vp].path : "-", f->path, out);
    }
    fclose(list);
    if (strcmp(mesa, "-") != 0) {
        snprintf(cmd, sizeof cmd, "'%s' '%s'", mesa, list_path);
        int st = system(cmd);
        if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
            fprintf(stderr, "corpus_draw: %s failed\n", mesa);
            return 2;
        }
    }

    char err[512];
    nvgp_pipe_fb *fb = nvgp_pipe_fb_create(W, H, NVGP_PIPE_RGBA32F, err, sizeof err);
    nvgp_pipe_state *s = nvgp_pipe_state_create();
    if (!fb || !s || !make_textures()) {
        fprintf(stderr, "corpus_draw: set-up failed %s\n", err);
        return 2;
    }
    scene_state(s);
    long counts[C_COUNT] = {0};
    /* what the compared draws exercised */
    long with_texture = 0, with_state = 0, with_fog = 0, with_vp = 0;
    for (size_t i = 0; i < ndraws; i++) {
        const draw *d = &draws[i];
        const corpus_prog *v = d->vp >= 0 ? &progs[d->vp] : NULL;
        const corpus_prog *f = d->fp >= 0 ? &progs[d->fp] : &collectors[d->collector];
        char out[4300];
        snprintf(out, sizeof out, "%s/d%zu.mesa.rej", work, i);
        const char *mesa_why = strcmp(mesa, "-") ? slurp_small(out) : NULL;
        bool nvgp_ok = (!v || v->prog) && f->prog;
        const char *nvgp_why = v && !v->prog ? v->why : f->why;
        int target[SCENE_UNITS];
        enum cls c;
        if (!nvgp_ok && mesa_why) {
            c = C_BOTH_REJECT;
        } else if (mesa_why) {
            c = C_MESA_REJECTS;
            printf("%s %s: %s", cls_name[c], d->name, mesa_why);
        } else if (!nvgp_ok) {
            c = is_known(d->name) ? C_KNOWN : C_NVGP_REJECTS;
            printf("%s %s: %s\n", cls_name[c], d->name, nvgp_why);
        } else if (!texture_targets(f->text, target)) {
            c = C_SKIPPED;
        } else if (undefined_color(v ? v->text : NULL, f->text)) {
            c = C_UNDEFINED;
        } else if (!nvgp_draw(s, v ? v->prog : NULL, f->prog, target, fb, err, sizeof err)) {
            c = is_known(d->name) ? C_KNOWN : C_NVGP_FAILS;
            printf("%s %s: %s\n", cls_name[c], d->name, err);
        } else if (!strcmp(mesa, "-")) {
            c = C_AGREE;
        } else {
            snprintf(out, sizeof out, "%s/d%zu.mesa", work, i);
            static float px[NPIX * 4];
            FILE *fo = fopen(out, "rb");
            bool got = fo && fread(px, 16, NPIX, fo) == NPIX;
            if (fo)
                fclose(fo);
            if (!got) {
                fprintf(stderr, "corpus_draw: no Mesa result for %s\n", d->name);
                return 2;
            }
            enum precision pv = precision_of(v ? v->text : NULL), pf = precision_of(f->text);
            tolerance tol = tolerances[pv > pf ? pv : pf];
            double scale[4] = {0, 0, 0, 0};
            if (v) {
                if (tol.rel < 4e-5)
                    tol.rel = 4e-5;
                for (int k = 0; k < NPIX; k++)
                    for (int ch = 0; ch < 4; ch++)
                        if (isfinite(px[4 * k + ch]))
                            scale[ch] = fmax(scale[ch], fabs(px[4 * k + ch]));
            }
            int bad = 0;
            bool nonfinite = false;
            char first[400] = "";
            for (int y = 0; y < H; y++)
                for (int x = 0; x < W; x++) {
                    float ours[4];
                    nvgp_pipe_fb_pixel(fb, x, y, ours);
                    const float *m = px + 4 * (y * W + x);
                    for (int ch = 0; ch < 4; ch++)
                        if (!close_enough(m[ch], ours[ch], &tol, scale[ch])) {
                            if (!bad++)
                                snprintf(first, sizeof first,
                                         "pixel (%d,%d) mesa (%.9g %.9g %.9g %.9g) nvgp (%.9g "
                                         "%.9g %.9g %.9g)",
                                         x, y, m[0], m[1], m[2], m[3], ours[0], ours[1],
                                         ours[2], ours[3]);
                            nonfinite |= !isfinite(m[ch]) || !isfinite(ours[ch]);
                            break;
                        }
                }
            c = !bad ? C_AGREE : is_known(d->name) ? C_KNOWN : nonfinite ? C_NONFINITE : C_DIFF;
            if (bad)
                printf("%s %s: %d pixels, first %s\n", cls_name[c], d->name, bad, first);
            bool tex = false;
            for (int u = 0; u < SCENE_UNITS; u++)
                tex |= target[u] >= 0;
            with_texture += tex;
            with_state += strstr(f->text, "state.") || (v && strstr(v->text, "state."));
            with_fog += strstr(f->text, "ARB_fog_") != NULL;
            with_vp += v != NULL;
        }
        counts[c]++;
    }
    long failures = 0;
    printf("corpus_draw: %zu programs, %zu draws (%dx%d); compared: %ld with a vertex program, "
           "%ld sampling textures, %ld reading state.*, %ld with a fog option\n",
           nprogs, ndraws, W, H, with_vp, with_texture, with_state, with_fog);
    for (int c = 0; c < C_COUNT; c++) {
        printf("  %-36s %ld\n", cls_name[c], counts[c]);
        if (!passes((enum cls)c))
            failures += counts[c];
    }
    nvgp_pipe_fb_destroy(fb);
    nvgp_pipe_state_destroy(s);
    return failures ? 1 : 0;
}

/* Differential test: COUNT random valid ARB programs (gen_arb.c) from SEED
 * on, each drawn as the same full-viewport quad by Mesa (mesa_batch, one
 * context for all) and by nvgp's pipeline (nvgp_pipe_draw), compared per
 * pixel.  Two programs in three are !!ARBfp1.0 behind the fixed-function
 * vertex stage; the third is a !!ARBvp1.0 behind a pass-through fragment
 * program or (every other one) behind a generated !!ARBfp1.0 that reads
 * its interpolated results.  Every generated program must load in nvgp (a refusal is a
 * generator or nvgp bug) and in Mesa (a refusal is reported with Mesa's
 * reason).
 *
 * usage: mesa_diff MESA_BATCH WORK_DIR SEED COUNT [KNOWN_DIFFERENCES]
 *        mesa_diff MESA_BATCH WORK_DIR --replay FP|VP|VP+FP...
 * (MESA_BATCH "-": only check that nvgp loads every generated program) 
 * Prints each difference with its seed (gen_program(seed) rebuilds the
 * program; WORK_DIR keeps the texts) and the counts by class; exit 0 when
 * every program agrees within docs/testing.md's tolerances or differs in a
 * class listed there (non-finite values, Mesa's SWZ of a short constant)
 * or by a seed of KNOWN_DIFFERENCES, 1 otherwise. */
#define _POSIX_C_SOURCE 200809L
#include "compare.h"
#include "gen_arb.h"
#include "nvgp_pipeline.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { W = 8, H = 8, NPIX = W * H };

/* Tolerances (docs/testing.md): plain arithmetic 4 ulp (or 1e-5 relative,
 * 1e-6 absolute: Mesa may fuse or reassociate); the approximated opcodes
 * 2e-4 relative or 2e-5 absolute; EXP's and LOG's z, which need only 11
 * bits (ARB_vertex_program 2.14.5.9/2.14.5.13), 2^-10 relative. */
static const tolerance tolerances[] = {
    [GEN_EXACT] = {1e-5, 1e-6, 4},
    [GEN_APPROX] = {2e-4, 2e-5, 0},
    [GEN_LOW] = {1.0 / 1024, 1.0 / 1024, 0},
};

static nvgp_program *load(nvgp_target target, const char *name, const char *text,
                          char *why, size_t n)
{
    nvgp_diag *d = NULL;
    nvgp_program *p = nvgp_program_create_for(target, name, text, strlen(text), &d);
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

/* gen_arb.h's textures, as mesa_batch.c makes them. */
static nvgp_texture *textures[GEN_TEX_UNITS];
static bool make_textures(void)
{
    static const uint8_t target[GEN_TEX_UNITS] = {NVGP_TEXTURE_2D, NVGP_TEXTURE_RECT,
                                                  NVGP_TEXTURE_1D};
    for (int u = 0; u < GEN_TEX_UNITS; u++) {
        bool one_d = target[u] == NVGP_TEXTURE_1D;
        nvgp_texture_desc d;
        memset(&d, 0, sizeof d);
        d.target = target[u];
        d.format = NVGP_TEX_FORMAT_RGBA32F;
        d.width = GEN_TEX_SIZE;
        d.height = one_d ? 1 : GEN_TEX_SIZE;
        d.depth = d.layers = d.levels = d.samples = 1;
        textures[u] = nvgp_texture_create(&d, NULL);
        if (!textures[u])
            return false;
        static float texels[GEN_TEX_SIZE * GEN_TEX_SIZE * 4];
        for (uint32_t y = 0; y < d.height; y++)
            for (int x = 0; x < GEN_TEX_SIZE; x++)
                gen_texel(u, x, (int)y, texels + 4 * (y * GEN_TEX_SIZE + (uint32_t)x));
        if (!nvgp_texture_set_image(textures[u], 0, texels, 16u * GEN_TEX_SIZE * d.height, NULL))
            return false;
        nvgp_tex_sampler smp;
        nvgp_tex_sampler_default(&smp); /* NEAREST, REPEAT */
        if (target[u] == NVGP_TEXTURE_RECT) /* GL's default for rectangles */
            smp.wrap[0] = smp.wrap[1] = smp.wrap[2] = NVGP_TEX_WRAP_CLAMP_TO_EDGE;
        nvgp_texture_set_sampler(textures[u], &smp);
    }
    return true;
}

/* The draw of mesa_batch.c on nvgp's pipeline; false with err set when
 * nvgp cannot draw it. */
static bool nvgp_draw(const nvgp_program *vp, const nvgp_program *fp, nvgp_pipe_fb *fb,
                      char *err, size_t n)
{
    static nvgp_pipe_state *s;
    if (!s)
        s = nvgp_pipe_state_create();
    if (!s) {
        snprintf(err, n, "out of memory");
        return false;
    }
    s->program[NVGP_PIPE_VERTEX] = vp;
    s->program[NVGP_PIPE_FRAGMENT] = fp;
    for (int stage = 0; stage < NVGP_PIPE_STAGES; stage++)
        for (int i = 0; i < GEN_PARAMS; i++) {
            gen_param_value(false, i, s->env[stage][i]);
            gen_param_value(true, i, s->local[stage][i]);
        }
    s->viewport[0] = s->viewport[1] = 0;
    s->viewport[2] = W;
    s->viewport[3] = H;
    s->no_vertex_color_clamp = true;
    for (int u = 0; u < GEN_TEX_UNITS; u++)
        s->texture[u] = textures[u];
    static float pos[16], col[16], tc0[16], tc1[16];
    for (int v = 0; v < 4; v++) {
        float x = (float)(v & 1), y = (float)(v >> 1);
        float p[4] = {2 * x - 1, 2 * y - 1, 0, 1}, c[4] = {x, y, 0.25f, 1},
              t0[4] = {x, y, 0, 1}, t1[4] = {x * W, y * H, 0, 1};
        memcpy(pos + 4 * v, p, 16);
        memcpy(col + 4 * v, c, 16);
        memcpy(tc0 + 4 * v, t0, 16);
        memcpy(tc1 + 4 * v, t1, 16);
    }
    nvgp_pipe_vertices verts;
    memset(&verts, 0, sizeof verts);
    verts.count = 4;
    verts.attrib[NVGP_PIPE_ATTR_POSITION] = pos;
    verts.attrib[NVGP_PIPE_ATTR_COLOR] = col;
    verts.attrib[NVGP_PIPE_ATTR_TEXCOORD0] = tc0;
    verts.attrib[NVGP_PIPE_ATTR_TEXCOORD0 + 1] = tc1;
    static const float clear[4] = {0, 0, 0, 0};
    nvgp_pipe_fb_clear(fb, NULL, clear, NULL);
    return nvgp_pipe_draw(s, fb, NVGP_PIPE_TRIANGLE_STRIP, &verts, err, n);
}

/* Whether a vertex program's seed draws it with a generated fragment
 * program (a whole draw) rather than the pass-through one: every other. */
static bool paired(uint64_t seed) { return seed / 3 % 2 == 1; }

/* Classes of outcome, one counter each. */
enum cls {
    C_AGREE, C_NVGP_REJECTS, C_MESA_REJECTS, C_NVGP_FAILS, C_DIFF_EXACT, C_DIFF_APPROX,
    C_DIFF_LOW, C_NONFINITE, C_MESA_SWZ, C_KNOWN, C_COUNT
};
static const char *const cls_name[C_COUNT] = {
    "agree", "NVGP-REJECTS", "MESA-REJECTS", "NVGP-FAILS", "DIFF (exact arithmetic)",
    "DIFF (approximated opcodes)", "DIFF (EXP/LOG low precision)",
    "listed: non-finite values", "listed: Mesa's SWZ of {x}", "listed: known seeds"};
/* Classes docs/testing.md lists with the spec's reason: they do not fail. */
static bool listed(enum cls c) { return c == C_AGREE || c >= C_NONFINITE; }

/* The known-differences file: lines "SEED reason"; '#' lines are comments. */
static char *known_text;
static bool is_known(unsigned long long seed)
{
    for (const char *p = known_text; p && *p;) {
        char *end;
        if (*p != '#' && strtoull(p, &end, 10) == seed && end != p && (*end == ' ' || *end == '\t'))
            return true;
        p = strchr(p, '\n');
        if (p)
            p++;
    }
    return false;
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = 0;
    fclose(f);
    return buf;
}

/* MESA_BATCH "-": no Mesa; every generated program (and every whole
 * draw's fragment program) must load in nvgp, and the generator must give
 * the same text for the same seed. */
static int check_only(uint64_t seed0, long count)
{
    static char a[1 << 15], b[1 << 15];
    char why[512];
    long bad = 0;
    for (long i = 0; i < count; i++) {
        uint64_t seed = seed0 + (uint64_t)i;
        for (int k = 0; k < 3; k++) {
            bool vertex = k == 1, after = k == 2;
            gen_info info;
            gen_program_after(seed, vertex, after, a, sizeof a, &info);
            gen_program_after(seed, vertex, after, b, sizeof b, &info);
            if (strcmp(a, b) != 0) {
                printf("NOT DETERMINISTIC seed %llu\n", (unsigned long long)seed);
                bad++;
            }
            nvgp_program *p = load(vertex ? NVGP_TARGET_VERTEX : NVGP_TARGET_FRAGMENT, "gen", a,
                                   why, sizeof why);
            if (!p) {
                printf("NVGP-REJECTS seed %llu (%s): %s\n%s", (unsigned long long)seed,
                       vertex ? "vp" : after ? "fp after vp" : "fp", why, a);
                bad++;
            }
            nvgp_program_destroy(p);
        }
    }
    printf("mesa_diff: %ld seeds from %llu, 3 programs each: %ld problems\n", count,
           (unsigned long long)seed0, bad);
    return bad ? 1 : 0;
}

/* --replay: draws the given program files (FP, VP, or VP+FP) in Mesa and
 * in nvgp with the test's draw and prints pixel (0,0) of both and the
 * first pixel that differs at all, for reducing a difference by hand. */
static int replay(const char *batch, const char *work, int n, char **specs)
{
    static char vtext[1 << 16], ftext[1 << 16];
    char list_path[4096], out[4200], cmd[9000], why[512], err[512];
    static const char pass_fp[] = "!!ARBfp1.0\nMOV result.color, fragment.color;\nEND\n";
    snprintf(list_path, sizeof list_path, "%s/replay.txt", work);
    snprintf(out, sizeof out, "%s/pass.fp", work);
    mkdir(work, 0777);
    FILE *list = fopen(list_path, "w");
    if (!list || !write_text(out, pass_fp)) {
        fprintf(stderr, "mesa_diff: cannot write into %s\n", work);
        return 2;
    }
    for (int i = 0; i < n; i++) {
        char vp[4096] = "-", fp[4096];
        const char *plus = strchr(specs[i], '+');
        const char *dot = strrchr(specs[i], '.');
        if (plus) {
            snprintf(vp, sizeof vp, "%.*s", (int)(plus - specs[i]), specs[i]);
            snprintf(fp, sizeof fp, "%s", plus + 1);
        } else if (dot && !strcmp(dot, ".vp")) {
            snprintf(vp, sizeof vp, "%s", specs[i]);
            snprintf(fp, sizeof fp, "%s/pass.fp", work);
        } else {
            snprintf(fp, sizeof fp, "%s", specs[i]);
        }
        fprintf(list, "%s %s %s/replay%d.mesa\n", vp, fp, work, i);
    }
    fclose(list);
    snprintf(cmd, sizeof cmd, "'%s' %d %d '%s'", batch, W, H, list_path);
    if (system(cmd) != 0)
        return 2;
    nvgp_pipe_fb *fb = nvgp_pipe_fb_create(W, H, NVGP_PIPE_RGBA32F, err, sizeof err);
    if (!fb || !make_textures())
        return 2;
    for (int i = 0; i < n; i++) {
        const char *plus = strchr(specs[i], '+'), *dot = strrchr(specs[i], '.');
        bool has_vp = plus || (dot && !strcmp(dot, ".vp"));
        char vpath[4096];
        snprintf(vpath, sizeof vpath, "%.*s", plus ? (int)(plus - specs[i]) : 4095, specs[i]);
        const char *fpath = plus ? plus + 1 : has_vp ? out : specs[i];
        const char *t = has_vp ? slurp(vpath) : "";
        snprintf(vtext, sizeof vtext, "%s", t ? t : "");
        t = slurp(fpath);
        snprintf(ftext, sizeof ftext, "%s", t ? t : "");
        nvgp_program *v = has_vp ? load(NVGP_TARGET_VERTEX, vpath, vtext, why, sizeof why) : NULL;
        nvgp_program *f = load(NVGP_TARGET_FRAGMENT, fpath, ftext, why, sizeof why);
        printf("%s:\n", specs[i]);
        static float mesa[NPIX * 4];
        snprintf(cmd, sizeof cmd, "%s/replay%d.mesa", work, i);
        FILE *mf = fopen(cmd, "rb");
        bool got = mf && fread(mesa, 16, NPIX, mf) == NPIX;
        if (mf)
            fclose(mf);
        if (!got || !f || (has_vp && !v) ||
            !nvgp_draw(v, f, fb, err, sizeof err)) {
            printf("  not drawn (%s%s)\n", got ? "" : "Mesa refused or failed; ",
                   f && (!has_vp || v) ? err : why);
        } else {
            int shown = 0;
            for (int k = 0; k < NPIX && shown < 2; k++) {
                float o[4];
                nvgp_pipe_fb_pixel(fb, k % W, k / W, o);
                const float *m = mesa + 4 * k;
                if (k == 0 || memcmp(o, m, 16) != 0) {
                    printf("  pixel (%d,%d) mesa (%.9g %.9g %.9g %.9g) nvgp (%.9g %.9g %.9g "
                           "%.9g)\n", k % W, k / W, m[0], m[1], m[2], m[3], o[0], o[1], o[2],
                           o[3]);
                    shown++;
                }
            }
        }
        nvgp_program_destroy(v);
        nvgp_program_destroy(f);
    }
    nvgp_pipe_fb_destroy(fb);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 4 && !strcmp(argv[3], "--replay"))
        return replay(argv[1], argv[2], argc - 4, argv + 4);
    if (argc != 5 && argc != 6) {
        fprintf(stderr, "usage: %s MESA_BATCH WORK_DIR SEED COUNT [KNOWN_DIFFERENCES]\n",
                argv[0]);
        return 2;
    }
    if (argc == 6 && !(known_text = slurp(argv[5]))) {
        fprintf(stderr, "mesa_diff: cannot read %s\n", argv[5]);
        return 2;
    }
    const char *batch = argv[1], *work = argv[2];
    uint64_t seed0 = strtoull(argv[3], NULL, 0);
    long count = strtol(argv[4], NULL, 0);
    if (count <= 0 || count > 10000000) {
        fprintf(stderr, "mesa_diff: COUNT must be 1..10000000\n");
        return 2;
    }
    if (strcmp(batch, "-") == 0)
        return check_only(seed0, count);
    mkdir(work, 0777);
    static const char pass_fp[] = "!!ARBfp1.0\nMOV result.color, fragment.color;\nEND\n";
    char path[4400], list_path[4096], cmd[16384];
    snprintf(path, sizeof path, "%s/pass.fp", work);
    snprintf(list_path, sizeof list_path, "%s/list.txt", work);
    if (!write_text(path, pass_fp)) {
        fprintf(stderr, "mesa_diff: cannot write into %s\n", work);
        return 2;
    }
    char why[512];
    nvgp_program *pass = load(NVGP_TARGET_FRAGMENT, "pass.fp", pass_fp, why, sizeof why);
    long counts[C_COUNT] = {0}, by_kind[2] = {0, 0};
    static char text[1 << 15];
    /* in chunks: the programs of a chunk are written, drawn by Mesa in one
     * run, then drawn and compared here */
    enum { CHUNK = 500 };
    char err[512];
    nvgp_pipe_fb *fb = nvgp_pipe_fb_create(W, H, NVGP_PIPE_RGBA32F, err, sizeof err);
    if (!pass || !fb || !make_textures()) {
        fprintf(stderr, "mesa_diff: setup failed: %s %s\n", why, err);
        return 2;
    }
    for (long base = 0; base < count; base += CHUNK) {
        long end = base + CHUNK < count ? base + CHUNK : count;
        FILE *list = fopen(list_path, "w");
        if (!list)
            return 2;
        for (long i = base; i < end; i++) {
            uint64_t seed = seed0 + (uint64_t)i;
            bool vertex = seed % 3 == 2;
            gen_info info;
            gen_program(seed, vertex, text, sizeof text, &info);
            char prog[4096], out[4096];
            snprintf(prog, sizeof prog, "%s/%llu.%s", work, (unsigned long long)seed,
                     vertex ? "vp" : "fp");
            snprintf(out, sizeof out, "%s/%llu.mesa", work, (unsigned long long)seed);
            remove(out);
            snprintf(path, sizeof path, "%s.rej", out);
            remove(path);
            if (!write_text(prog, text))
                return 2;
            if (vertex && paired(seed)) {
                char fprog[4096];
                snprintf(fprog, sizeof fprog, "%s/%llu.fp", work, (unsigned long long)seed);
                gen_program_after(seed, false, true, text, sizeof text, &info);
                if (!write_text(fprog, text))
                    return 2;
                fprintf(list, "%s %s %s\n", prog, fprog, out);
            } else if (vertex) {
                fprintf(list, "%s %s/pass.fp %s\n", prog, work, out);
            } else {
                fprintf(list, "- %s %s\n", prog, out);
            }
        }
        fclose(list);
        snprintf(cmd, sizeof cmd, "'%s' %d %d '%s'", batch, W, H, list_path);
        if (system(cmd) != 0) {
            fprintf(stderr, "mesa_diff: %s failed\n", batch);
            return 2;
        }
        for (long i = base; i < end; i++) {
            uint64_t seed = seed0 + (uint64_t)i;
            bool vertex = seed % 3 == 2;
            unsigned long long sd = (unsigned long long)seed;
            gen_info info;
            gen_program(seed, vertex, text, sizeof text, &info);
            by_kind[vertex]++;
            nvgp_program *p = load(vertex ? NVGP_TARGET_VERTEX : NVGP_TARGET_FRAGMENT, "gen",
                                   text, why, sizeof why);
            nvgp_program *fp = NULL;
            if (p && vertex && paired(seed)) {
                gen_info finfo;
                gen_program_after(seed, false, true, text, sizeof text, &finfo);
                fp = load(NVGP_TARGET_FRAGMENT, "gen", text, why, sizeof why);
                if (!fp) {
                    nvgp_program_destroy(p);
                    p = NULL;
                }
                /* interpolated inputs: at least the approximated class */
                info.precision = finfo.precision > info.precision ? finfo.precision
                                                                  : info.precision;
                if (info.precision < GEN_APPROX)
                    info.precision = GEN_APPROX;
                info.swz_short_constant |= finfo.swz_short_constant;
            }
            if (!p) {
                printf("NVGP-REJECTS seed %llu (%s): %s\n%s", sd,
                       vertex && paired(seed) ? "vp+fp" : vertex ? "vp" : "fp", why, text);
                counts[C_NVGP_REJECTS]++;
                continue;
            }
            char out[4096];
            snprintf(out, sizeof out, "%s/%llu.mesa.rej", work, sd);
            FILE *rej = fopen(out, "r");
            if (rej) {
                char line[512] = "";
                if (!fgets(line, sizeof line, rej))
                    line[0] = 0;
                fclose(rej);
                printf("MESA-REJECTS seed %llu (%s): %s", sd, vertex ? "vp" : "fp", line);
                counts[C_MESA_REJECTS]++;
                nvgp_program_destroy(p);
                continue;
            }
            snprintf(out, sizeof out, "%s/%llu.mesa", work, sd);
            static float mesa[NPIX * 4];
            FILE *f = fopen(out, "rb");
            bool got = f && fread(mesa, 16, NPIX, f) == NPIX;
            if (f)
                fclose(f);
            if (!got) {
                fprintf(stderr, "mesa_diff: no Mesa result for seed %llu\n", sd);
                return 2;
            }
            bool drawn = vertex ? nvgp_draw(p, fp ? fp : pass, fb, err, sizeof err)
                                : nvgp_draw(NULL, p, fb, err, sizeof err);
            nvgp_program_destroy(fp);
            if (!drawn) {
                printf("NVGP-FAILS seed %llu: %s\n", sd, err);
                counts[C_NVGP_FAILS]++;
                nvgp_program_destroy(p);
                continue;
            }
            /* vertex results reach the pixels interpolated: scale the
             * tolerance by the largest value of the channel */
            double scale[4] = {0, 0, 0, 0};
            for (int k = 0; vertex && k < NPIX; k++)
                for (int c = 0; c < 4; c++)
                    if (isfinite(mesa[4 * k + c]))
                        scale[c] = fmax(scale[c], fabs(mesa[4 * k + c]));
            const tolerance *tol = &tolerances[info.precision];
            tolerance vtol = *tol;
            if (vertex && vtol.rel < 4e-5)
                vtol.rel = 4e-5;
            int bad = 0;
            bool nonfinite = false;
            char first[400] = "";
            for (int y = 0; y < H; y++)
                for (int x = 0; x < W; x++) {
                    float ours[4];
                    nvgp_pipe_fb_pixel(fb, x, y, ours);
                    const float *m = mesa + 4 * (y * W + x);
                    for (int c = 0; c < 4; c++)
                        if (!close_enough(m[c], ours[c], vertex ? &vtol : tol,
                                          vertex ? scale[c] : 0)) {
                            if (!bad++)
                                snprintf(first, sizeof first,
                                         "pixel (%d,%d) mesa (%.9g %.9g %.9g %.9g) nvgp (%.9g "
                                         "%.9g %.9g %.9g)",
                                         x, y, m[0], m[1], m[2], m[3], ours[0], ours[1], ours[2],
                                         ours[3]);
                            nonfinite |= !isfinite(m[c]) || !isfinite(ours[c]);
                            break;
                        }
                }
            nvgp_program_destroy(p);
            if (!bad) {
                /* only the texts of differing programs stay in WORK_DIR */
                counts[C_AGREE]++;
                remove(out);
                snprintf(out, sizeof out, "%s/%llu.vp", work, sd);
                remove(out);
                snprintf(out, sizeof out, "%s/%llu.fp", work, sd);
                remove(out);
                continue;
            }
            enum cls c = is_known(sd)                  ? C_KNOWN
                         : nonfinite                   ? C_NONFINITE
                         : info.swz_short_constant     ? C_MESA_SWZ
                         : info.precision == GEN_LOW   ? C_DIFF_LOW
                         : info.precision == GEN_APPROX ? C_DIFF_APPROX
                                                       : C_DIFF_EXACT;
            counts[c]++;
            printf("%s seed %llu (%s): %d pixels, first %s\n", cls_name[c], sd,
                   vertex && paired(seed) ? "vp+fp" : vertex ? "vp" : "fp", bad, first);
        }
    }
    printf("mesa_diff: seeds %llu..%llu: %ld programs (%ld ARBfp1.0, %ld ARBvp1.0)\n",
           (unsigned long long)seed0, (unsigned long long)(seed0 + (uint64_t)count - 1), count,
           by_kind[0], by_kind[1]);
    long failures = 0;
    for (int c = 0; c < C_COUNT; c++) {
        printf("  %-30s %ld\n", cls_name[c], counts[c]);
        if (!listed((enum cls)c))
            failures += counts[c];
    }
    nvgp_program_destroy(pass);
    nvgp_pipe_fb_destroy(fb);
    return failures ? 1 : 0;
}

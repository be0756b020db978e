/* nvgp render: draws a full-screen quad through nvgp's OpenGL pipeline with
 * a fragment program alone (fixed-function vertex transform) or a vertex
 * and a fragment program, and writes the picture as a PNG (8-bit from an
 * RGBA8 framebuffer, or 16-bit from an RGBA32F one).  The quad's vertices
 * carry texcoord 0 = (0,0) .. (1,1) across the picture and the current
 * colour white; textures come from PNG files. */
#include "commands.h"
#include "png_io.h"
#include "nvgp.h"

#include "nvgp_pipeline.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage_line[] =
    "usage: nvgp render [--size WxH] [--param NAME=x,y,z,w]... [--texture UNIT=FILE.png]...\n"
    "                   [--bits 8|16] [--threads N] [-o OUT.png] [VERTEX] FRAGMENT\n";

enum { R_OK = 0, R_FAIL = 1, R_USAGE = 2, MAX_PARAMS = 64 };

/* --texture UNIT=FILE.png: a 2D RGBA8 texture, the picture's bottom row at
 * t = 0 (so texcoords (0,0)..(1,1) show it upright), LINEAR filtering,
 * GL's default REPEAT wrapping.  Returns the status to exit with. */
static int load_texture(const char *arg, nvgp_texture **units)
{
    char *end;
    long unit = strtol(arg, &end, 10);
    if (end == arg || *end != '=' || unit < 0 || unit >= NVGP_PIPE_TEXTURE_UNITS || !end[1]) {
        fprintf(stderr, "nvgp render: --texture wants UNIT=FILE.png, UNIT 0..%d (got '%s')\n",
                NVGP_PIPE_TEXTURE_UNITS - 1, arg);
        return R_USAGE;
    }
    uint32_t w, h;
    uint8_t *img = nvgp_tool_png_read(end + 1, &w, &h);
    if (!img)
        return R_USAGE;
    nvgp_texture *t = nvgp_tool_png_texture(img, w, h);
    free(img);
    if (!t) {
        fprintf(stderr, "nvgp render: %s: cannot make a %ux%u texture\n", end + 1, w, h);
        return R_FAIL;
    }
    nvgp_texture_destroy(units[unit]);
    units[unit] = t;
    return R_OK;
}

typedef struct param_opt {
    const char *name;
    float v[4];
} param_opt;

/* NAME=x[,y[,z[,w]]]: missing components are 0 (w 1 when only x..z). */
static bool parse_param(const char *arg, param_opt *p, char *name, size_t cap)
{
    const char *eq = strchr(arg, '=');
    if (!eq || eq == arg || (size_t)(eq - arg) >= cap)
        return false;
    memcpy(name, arg, (size_t)(eq - arg));
    name[eq - arg] = 0;
    p->name = name;
    float def[4] = {0, 0, 0, 1};
    memcpy(p->v, def, sizeof def);
    const char *s = eq + 1;
    for (int i = 0; i < 4; i++) {
        char *end;
        double d = strtod(s, &end);
        if (end == s)
            return false;
        p->v[i] = (float)d;
        s = end;
        if (!*s)
            return true;
        if (*s != ',')
            return false;
        s++;
    }
    return false;
}

/* program.env[n] / program.local[n] set that parameter for both program
 * targets; c[n] is NV_vertex_program's program parameter (vertex env). */
static bool apply_param(nvgp_pipe_state *s, const param_opt *p)
{
    long n;
    int used = 0;
    char tail;
    if (sscanf(p->name, "program.env[%ld%c", &n, &tail) == 2 && tail == ']' && n >= 0 &&
        n < NVGP_PIPE_ENV_PARAMS && !strcmp(strchr(p->name, ']'), "]")) {
        for (int st = 0; st < NVGP_PIPE_STAGES; st++)
            memcpy(s->env[st][n], p->v, sizeof p->v);
        used = 1;
    } else if (sscanf(p->name, "program.local[%ld%c", &n, &tail) == 2 && tail == ']' && n >= 0 &&
               n < NVGP_PIPE_LOCAL_PARAMS && !strcmp(strchr(p->name, ']'), "]")) {
        for (int st = 0; st < NVGP_PIPE_STAGES; st++)
            memcpy(s->local[st][n], p->v, sizeof p->v);
        used = 1;
    } else if (sscanf(p->name, "c[%ld%c", &n, &tail) == 2 && tail == ']' && n >= 0 &&
               n < NVGP_PIPE_ENV_PARAMS && !strcmp(strchr(p->name, ']'), "]")) {
        memcpy(s->env[NVGP_PIPE_VERTEX][n], p->v, sizeof p->v);
        used = 1;
    }
    return used;
}

static nvgp_program *load(const char *path, char **text)
{
    size_t len;
    if (!nvgp_tool_read_file(path, text, &len))
        return NULL;
    nvgp_diag *d = NULL;
    nvgp_program *p = nvgp_program_create(path, *text, len, &d);
    if (!p && d)
        nvgp_diag_print(d, stderr);
    nvgp_diag_destroy(d);
    return p;
}

int nvgp_cmd_render(int argc, char **argv)
{
    uint32_t width = 256, height = 256;
    const char *out = "out.png";
    const char *files[2];
    int nfiles = 0;
    param_opt params[MAX_PARAMS];
    char names[MAX_PARAMS][64];
    int nparams = 0;
    unsigned threads = 1, bits = 8;
    const char *textures[NVGP_PIPE_TEXTURE_UNITS * 4];
    int ntextures = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--size") || !strcmp(a, "-o") || !strcmp(a, "--param") ||
            !strcmp(a, "--threads") || !strcmp(a, "--texture") || !strcmp(a, "--bits")) {
            if (++i >= argc) {
                fprintf(stderr, "nvgp render: %s needs a value\n%s", a, usage_line);
                return R_USAGE;
            }
            const char *v = argv[i];
            if (!strcmp(a, "-o")) {
                out = v;
            } else if (!strcmp(a, "--texture")) {
                if (ntextures >= (int)(sizeof textures / sizeof textures[0])) {
                    fprintf(stderr, "nvgp render: too many --texture options\n");
                    return R_USAGE;
                }
                textures[ntextures++] = v;
            } else if (!strcmp(a, "--bits")) {
                if (strcmp(v, "8") && strcmp(v, "16")) {
                    fprintf(stderr, "nvgp render: --bits wants 8 or 16\n");
                    return R_USAGE;
                }
                bits = (unsigned)atoi(v);
            } else if (!strcmp(a, "--threads")) {
                char *end;
                unsigned long t = strtoul(v, &end, 10);
                if (*end || t < 1 || t > 256) {
                    fprintf(stderr, "nvgp render: --threads wants 1..256\n");
                    return R_USAGE;
                }
                threads = (unsigned)t;
            } else if (!strcmp(a, "--size")) {
                char x;
                if (sscanf(v, "%u%c%u", &width, &x, &height) != 3 || x != 'x' || width == 0 ||
                    height == 0 || width > NVGP_PIPE_MAX_SIZE || height > NVGP_PIPE_MAX_SIZE) {
                    fprintf(stderr, "nvgp render: --size wants WxH, 1..%u each\n", NVGP_PIPE_MAX_SIZE);
                    return R_USAGE;
                }
            } else if (nparams >= MAX_PARAMS ||
                       !parse_param(v, &params[nparams], names[nparams], sizeof names[0])) {
                fprintf(stderr, "nvgp render: --param wants NAME=x,y,z,w (got '%s')\n", v);
                return R_USAGE;
            } else {
                nparams++;
            }
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "nvgp render: unknown option '%s'\n%s", a, usage_line);
            return R_USAGE;
        } else if (nfiles < 2) {
            files[nfiles++] = a;
        } else {
            fprintf(stderr, "nvgp render: at most a vertex and a fragment program\n%s", usage_line);
            return R_USAGE;
        }
    }
    if (nfiles == 0) {
        fputs(usage_line, stderr);
        return R_USAGE;
    }
    int rc = R_FAIL;
    char *text[2] = {NULL, NULL};
    nvgp_program *prog[2] = {NULL, NULL};
    nvgp_pipe_state *s = nvgp_pipe_state_create();
    nvgp_pipe_fb *fb = NULL;
    nvgp_texture *units[NVGP_PIPE_TEXTURE_UNITS] = {NULL};
    char err[256];
    for (int i = 0; i < nfiles; i++) {
        prog[i] = load(files[i], &text[i]);
        if (!prog[i]) {
            if (text[i])
                fprintf(stderr, "nvgp render: %s: the program does not load\n", files[i]);
            rc = text[i] ? R_FAIL : R_USAGE;
            goto done;
        }
    }
    if (!s)
        goto done;
    s->threads = threads;
    for (int i = 0; i < ntextures; i++) {
        int trc = load_texture(textures[i], units);
        if (trc != R_OK) {
            rc = trc;
            goto done;
        }
    }
    for (int u = 0; u < NVGP_PIPE_TEXTURE_UNITS; u++)
        s->texture[u] = units[u];
    /* one file: the fragment program; two: vertex then fragment */
    s->program[NVGP_PIPE_FRAGMENT] = prog[nfiles - 1];
    s->program[NVGP_PIPE_VERTEX] = nfiles == 2 ? prog[0] : NULL;
    for (int i = 0; i < nparams; i++)
        if (!apply_param(s, &params[i])) {
            fprintf(stderr, "nvgp render: unknown parameter '%s' (program.env[n], "
                            "program.local[n] or c[n])\n", params[i].name);
            rc = R_USAGE;
            goto done;
        }
    fb = nvgp_pipe_fb_create(width, height, bits == 16 ? NVGP_PIPE_RGBA32F : NVGP_PIPE_RGBA8, err,
                             sizeof err);
    if (!fb) {
        fprintf(stderr, "nvgp render: %s\n", err);
        goto done;
    }
    s->viewport[2] = (int32_t)width;
    s->viewport[3] = (int32_t)height;
    static const float pos[16] = {-1, -1, 0, 1, 1, -1, 0, 1, -1, 1, 0, 1, 1, 1, 0, 1};
    static const float tex[16] = {0, 0, 0, 1, 1, 0, 0, 1, 0, 1, 0, 1, 1, 1, 0, 1};
    nvgp_pipe_vertices v;
    memset(&v, 0, sizeof v);
    v.count = 4;
    v.attrib[NVGP_PIPE_ATTR_POSITION] = pos;
    v.attrib[NVGP_PIPE_ATTR_TEXCOORD0] = tex;
    if (!nvgp_pipe_draw(s, fb, NVGP_PIPE_TRIANGLE_STRIP, &v, err, sizeof err)) {
        fprintf(stderr, "nvgp render: %s\n", err);
        goto done;
    }
    rc = nvgp_tool_png_write_fb(out, "render", fb, width, height, bits) ? R_OK : R_USAGE;
done:
    for (int u = 0; u < NVGP_PIPE_TEXTURE_UNITS; u++)
        nvgp_texture_destroy(units[u]);
    nvgp_pipe_fb_destroy(fb);
    nvgp_pipe_state_destroy(s);
    for (int i = 0; i < 2; i++) {
        nvgp_program_destroy(prog[i]);
        free(text[i]);
    }
    return rc;
}

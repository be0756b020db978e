/* nvgp shader-test: runs piglit shader_runner files written with assembly
 * programs ([require], [vertex program], [fragment program], [test]) on the
 * pipeline (src/pipeline) and reports PASS / FAIL / SKIP per file as piglit
 * does.  The [test] commands are a table (one row per command form); the
 * state they set is the pipeline's. */
#include "commands.h"
#include "nvgp.h"

#include "nvgp_pipeline.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ST_PASS, ST_FAIL, ST_SKIP };
enum { DEFAULT_SIZE = 250 };   /* piglit's default window: 250x250 */

static const char usage_line[] = "usage: nvgp shader-test FILE...\n";

/* The extensions nvgp implements (program languages and what the pipeline
 * and textures provide for them); any other [require] line SKIPs. */
static const char *const claimed_extensions[] = {
    "ARB_vertex_program", "ARB_fragment_program", "ARB_fragment_program_shadow",
    "ARB_fragment_coord_conventions", "ARB_texture_rectangle", "ARB_shadow",
    "ARB_depth_texture", "ARB_multitexture", "ARB_texture_env_combine",
    "NV_vertex_program", "NV_vertex_program1_1", "NV_vertex_program2",
    "NV_vertex_program2_option", "NV_vertex_program3", "NV_fragment_program",
    "NV_fragment_program_option", "NV_fragment_program2", "NV_gpu_program4",
    "NV_vertex_program4", "NV_fragment_program4", "NV_gpu_program5",
    "EXT_gpu_program_parameters", "EXT_secondary_color", "EXT_fog_coord",
};

typedef struct st_run {
    const char *path;
    nvgp_pipe_state *s;
    nvgp_pipe_fb *fb;
    nvgp_program *prog[NVGP_PIPE_STAGES];
    nvgp_texture *tex[NVGP_PIPE_TEXTURE_UNITS];
    uint32_t width, height;
    int active_unit;
    float clear_color[4], clear_depth;
    float tolerance[4];
    bool failed;            /* a probe failed */
    bool reported;          /* the first failure is printed */
    char msg[512];          /* first failure / skip / error */
} st_run;

static void note_failure(st_run *r, const char *fmt, ...)
{
    r->failed = true;
    if (r->reported)
        return;
    r->reported = true;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->msg, sizeof r->msg, fmt, ap);
    va_end(ap);
}

/* ---- Parsing helpers ------------------------------------------------------------- */

/* Reads n floats separated by spaces, commas or parentheses; true when n
 * were read and only separators (and a ';') follow when `end`. */
static bool read_floats(const char **p, float *out, int n)
{
    for (int i = 0; i < n; i++) {
        while (**p == ' ' || **p == '\t' || **p == ',' || **p == '(' || **p == ')')
            (*p)++;
        char *end;
        double v = strtod(*p, &end);
        if (end == *p)
            return false;
        out[i] = (float)v;
        *p = end;
    }
    return true;
}

static bool at_end(const char *p)
{
    while (*p == ' ' || *p == '\t' || *p == ')' || *p == ';' || *p == ',')
        p++;
    return *p == 0;
}

static bool take_word(const char **p, const char *w)
{
    while (**p == ' ' || **p == '\t')
        (*p)++;
    size_t n = strlen(w);
    if (strncmp(*p, w, n) || ((*p)[n] && !isspace((unsigned char)(*p)[n]) && (*p)[n] != '('))
        return false;
    *p += n;
    return true;
}

/* A number read from the file as a coordinate or index: finite values in
 * range truncate toward zero (C's conversion); anything else becomes -1,
 * which no index or pixel accepts (converting an out-of-range float is
 * undefined in C). */
static int64_t to_int(float v)
{
    return v > -1e9f && v < 1e9f ? (int64_t)v : -1;
}

/* An index 0 <= n < limit written as an integer. */
static bool to_index(float v, long limit, long *n)
{
    int64_t i = to_int(v);
    if (i < 0 || i >= limit || (float)i != v)
        return false;
    *n = (long)i;
    return true;
}

/* ---- Commands ---------------------------------------------------------------------- */

static bool draw(st_run *r, nvgp_pipe_prim prim, const float *pos, const float *tex, uint32_t n)
{
    nvgp_pipe_vertices v;
    memset(&v, 0, sizeof v);
    v.count = n;
    v.attrib[NVGP_PIPE_ATTR_POSITION] = pos;
    v.attrib[NVGP_PIPE_ATTR_TEXCOORD0] = tex;
    char err[256];
    for (int i = 0; i < NVGP_PIPE_STAGES; i++)
        r->s->program[i] = r->prog[i];
    for (int u = 0; u < NVGP_PIPE_TEXTURE_UNITS; u++)
        r->s->texture[u] = r->tex[u];
    if (!nvgp_pipe_draw(r->s, r->fb, prim, &v, err, sizeof err)) {
        note_failure(r, "draw failed: %s", err);
        return false;
    }
    return true;
}

/* draw rect [tex] X Y W H [TX TY TW TH]: piglit's rectangle, a triangle
 * strip (x,y) (x+w,y) (x,y+h) (x+w,y+h) with z = 0, w = 1. */
static bool cmd_draw_rect(st_run *r, const char *p)
{
    bool tex = take_word(&p, "tex");
    float c[8];
    if (!read_floats(&p, c, tex ? 8 : 4) || !at_end(p))
        return false;
    float pos[16], tc[16];
    for (int i = 0; i < 4; i++) {
        float dx = (float)(i & 1), dy = (float)(i >> 1);
        pos[4 * i] = c[0] + dx * c[2], pos[4 * i + 1] = c[1] + dy * c[3];
        pos[4 * i + 2] = 0.0f, pos[4 * i + 3] = 1.0f;
        if (tex) {
            tc[4 * i] = c[4] + dx * c[6], tc[4 * i + 1] = c[5] + dy * c[7];
            tc[4 * i + 2] = 0.0f, tc[4 * i + 3] = 1.0f;
        }
    }
    draw(r, NVGP_PIPE_TRIANGLE_STRIP, pos, tex ? tc : NULL, 4);
    return true;
}

/* ortho [L R B T]: projection = glOrtho(l, r, b, t, -1, 1), modelview =
 * identity; without numbers, the window in pixels. */
static bool cmd_ortho(st_run *r, const char *p)
{
    float c[4] = {0, (float)r->width, 0, (float)r->height};
    if (!at_end(p) && (!read_floats(&p, c, 4) || !at_end(p)))
        return false;
    nvgp_pipe_mat_ortho(r->s->projection, c[0], c[1], c[2], c[3], -1, 1);
    nvgp_pipe_mat_identity(r->s->modelview);
    return true;
}

static bool cmd_clear(st_run *r, const char *p)
{
    if (take_word(&p, "color"))
        return read_floats(&p, r->clear_color, 4) && at_end(p);
    if (take_word(&p, "depth"))
        return read_floats(&p, &r->clear_depth, 1) && at_end(p);
    if (!at_end(p))
        return false;
    /* shader_runner's clear: colour, depth and stencil */
    nvgp_pipe_fb_clear(r->fb, r->s, r->clear_color, &r->clear_depth);
    nvgp_pipe_fb_clear_stencil(r->fb, r->s, 0);
    return true;
}

/* parameter env_vp|env_fp|local_vp|local_fp N (x, y, z, w) */
static bool cmd_parameter(st_run *r, const char *p)
{
    static const struct {
        const char *name;
        bool env;
        int stage;
    } kinds[] = {{"env_vp", true, NVGP_PIPE_VERTEX}, {"env_fp", true, NVGP_PIPE_FRAGMENT},
                 {"local_vp", false, NVGP_PIPE_VERTEX}, {"local_fp", false, NVGP_PIPE_FRAGMENT}};
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        if (!take_word(&p, kinds[k].name))
            continue;
        float c[5];
        if (!read_floats(&p, c, 5) || !at_end(p))
            return false;
        long n;
        if (!to_index(c[0], kinds[k].env ? NVGP_PIPE_ENV_PARAMS : NVGP_PIPE_LOCAL_PARAMS, &n))
            return false;
        float *dst = kinds[k].env ? r->s->env[kinds[k].stage][n] : r->s->local[kinds[k].stage][n];
        memcpy(dst, c + 1, 4 * sizeof(float));
        return true;
    }
    return false;
}

static bool set_texture(st_run *r, int unit, uint8_t target, nvgp_tex_format fmt, uint32_t w,
                        uint32_t h, const void *data, size_t bytes)
{
    nvgp_texture_desc desc = {target, (uint8_t)fmt, w, h, 1, 1, 1, 1};
    nvgp_texture *t = nvgp_texture_create(&desc, NULL);
    if (!t || !nvgp_texture_set_image(t, 0, data, bytes, NULL)) {
        nvgp_texture_destroy(t);
        return false;
    }
    nvgp_texture_destroy(r->tex[unit]);
    r->tex[unit] = t;
    r->active_unit = unit;
    return true;
}

static bool texture_size_ok(float w, float h)
{
    return w >= 1 && h >= 1 && w <= 4096 && h <= 4096 && w == floorf(w) && h == floorf(h);
}

/* texture rgbw|checkerboard|shadow1D|shadow2D|shadowRect UNIT ... */
static bool cmd_texture(st_run *r, const char *p)
{
    static const float rgbw[4][4] = {{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}, {1, 1, 1, 1}};
    bool ok = false;
    float c[12];
    if (take_word(&p, "rgbw")) {
        /* piglit_rgbw_texture: red lower left, green lower right, blue
         * upper left, white upper right; NEAREST filtering */
        long unit;
        if (!read_floats(&p, c, 3) || !at_end(p) || !to_index(c[0], NVGP_PIPE_TEXTURE_UNITS, &unit) ||
            !texture_size_ok(c[1], c[2]))
            return false;
        uint32_t w = (uint32_t)c[1], h = (uint32_t)c[2];
        float *img = malloc((size_t)w * h * 4 * sizeof(float));
        if (!img)
            return false;
        for (uint32_t y = 0; y < h; y++)
            for (uint32_t x = 0; x < w; x++)
                memcpy(img + 4 * ((size_t)y * w + x), rgbw[(x >= w / 2) + 2 * (y >= h / 2)],
                       4 * sizeof(float));
        ok = set_texture(r, (int)unit, NVGP_TEXTURE_2D, NVGP_TEX_FORMAT_RGBA32F, w, h, img,
                         (size_t)w * h * 4 * sizeof(float));
        free(img);
    } else if (take_word(&p, "checkerboard")) {
        /* texture checkerboard UNIT LEVEL (W, H) (COLOR0) (COLOR1): squares
         * of half the size, COLOR0 where (x / (w/2)) ^ (y / (h/2)) is even */
        long unit;
        if (!read_floats(&p, c, 12) || !at_end(p) || !to_index(c[0], NVGP_PIPE_TEXTURE_UNITS, &unit) ||
            c[1] != 0 || !texture_size_ok(c[2], c[3]))
            return false;
        uint32_t w = (uint32_t)c[2], h = (uint32_t)c[3];
        float *img = malloc((size_t)w * h * 4 * sizeof(float));
        if (!img)
            return false;
        uint32_t hw = w / 2 ? w / 2 : 1, hh = h / 2 ? h / 2 : 1;
        for (uint32_t y = 0; y < h; y++)
            for (uint32_t x = 0; x < w; x++)
                memcpy(img + 4 * ((size_t)y * w + x), ((x / hw) ^ (y / hh)) & 1 ? c + 8 : c + 4,
                       4 * sizeof(float));
        ok = set_texture(r, (int)unit, NVGP_TEXTURE_2D, NVGP_TEX_FORMAT_RGBA32F, w, h, img,
                         (size_t)w * h * 4 * sizeof(float));
        free(img);
    } else {
        static const struct {
            const char *name;
            uint8_t target;
            int dims;
        } shadows[] = {{"shadow1D", NVGP_TEXTURE_1D, 1}, {"shadow2D", NVGP_TEXTURE_2D, 2},
                       {"shadowRect", NVGP_TEXTURE_RECT, 2}};
        for (size_t k = 0; k < sizeof shadows / sizeof shadows[0] && !ok; k++) {
            if (!take_word(&p, shadows[k].name))
                continue;
            c[2] = 1;
            long unit;
            if (!read_floats(&p, c, 1 + shadows[k].dims) || !at_end(p) ||
                !to_index(c[0], NVGP_PIPE_TEXTURE_UNITS, &unit) || !texture_size_ok(c[1], c[2]) ||
                c[1] < 2)
                return false;
            /* piglit_depth_texture: depth x / (w - 1), left to right;
             * compare mode on, GREATER, INTENSITY (shader_runner) */
            uint32_t w = (uint32_t)c[1], h = (uint32_t)c[2];
            float *img = malloc((size_t)w * h * sizeof(float));
            if (!img)
                return false;
            for (uint32_t y = 0; y < h; y++)
                for (uint32_t x = 0; x < w; x++)
                    img[(size_t)y * w + x] = (float)x / (float)(w - 1);
            ok = set_texture(r, (int)unit, shadows[k].target, NVGP_TEX_FORMAT_DEPTH32F, w, h, img,
                             (size_t)w * h * sizeof(float));
            free(img);
            if (ok) {
                nvgp_tex_sampler smp = *nvgp_texture_sampler(r->tex[r->active_unit]);
                smp.compare_func = NVGP_TEX_COMPARE_GREATER;
                smp.depth_mode = NVGP_TEX_DEPTH_INTENSITY;
                nvgp_texture_set_sampler(r->tex[r->active_unit], &smp);
            }
            return ok;
        }
        return false;
    }
    if (ok) {
        nvgp_tex_sampler smp = *nvgp_texture_sampler(r->tex[r->active_unit]);
        for (int i = 0; i < 3; i++)
            smp.wrap[i] = NVGP_TEX_WRAP_CLAMP_TO_EDGE;
        nvgp_texture_set_sampler(r->tex[r->active_unit], &smp);
    }
    return ok;
}

typedef struct name_value {
    const char *name;
    int value;
} name_value;

static bool lookup(const name_value *t, size_t n, const char *name, int *v)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(t[i].name, name)) {
            *v = t[i].value;
            return true;
        }
    return false;
}

/* texparameter TARGET NAME VALUE on the active unit's texture. */
static bool cmd_texparameter(st_run *r, const char *p)
{
    static const name_value funcs[] = {
        {"never", NVGP_TEX_COMPARE_NEVER}, {"less", NVGP_TEX_COMPARE_LESS},
        {"equal", NVGP_TEX_COMPARE_EQUAL}, {"lequal", NVGP_TEX_COMPARE_LEQUAL},
        {"greater", NVGP_TEX_COMPARE_GREATER}, {"notequal", NVGP_TEX_COMPARE_NOTEQUAL},
        {"gequal", NVGP_TEX_COMPARE_GEQUAL}, {"always", NVGP_TEX_COMPARE_ALWAYS}};
    static const name_value modes[] = {
        {"intensity", NVGP_TEX_DEPTH_INTENSITY}, {"luminance", NVGP_TEX_DEPTH_LUMINANCE},
        {"alpha", NVGP_TEX_DEPTH_ALPHA}, {"red", NVGP_TEX_DEPTH_RED}};
    static const name_value filters[] = {{"nearest", NVGP_TEX_FILTER_NEAREST},
                                         {"linear", NVGP_TEX_FILTER_LINEAR}};
    static const name_value targets[] = {{"1D", 1}, {"2D", 2}, {"3D", 3}, {"Rect", 4},
                                         {"Cube", 5}, {"1DArray", 6}, {"2DArray", 7}};
    char target[32], name[32], value[32];
    int n = 0, v, t;
    if (sscanf(p, " %31s %31s %31s %n", target, name, value, &n) != 3 || p[n] ||
        !lookup(targets, sizeof targets / sizeof targets[0], target, &t))
        return false;
    nvgp_texture *tex = r->tex[r->active_unit];
    if (!tex) {
        note_failure(r, "texparameter with no texture on unit %d", r->active_unit);
        return true;
    }
    nvgp_tex_sampler smp = *nvgp_texture_sampler(tex);
    if (!strcmp(name, "compare_func") && lookup(funcs, 8, value, &v))
        smp.compare_func = (uint8_t)v;
    else if (!strcmp(name, "depth_mode") && lookup(modes, 4, value, &v))
        smp.depth_mode = (uint8_t)v;
    else if (!strcmp(name, "min") && lookup(filters, 2, value, &v))
        smp.min_filter = (uint8_t)v;
    else if (!strcmp(name, "mag") && lookup(filters, 2, value, &v))
        smp.mag_filter = (uint8_t)v;
    else
        return false;
    nvgp_texture_set_sampler(tex, &smp);
    return true;
}

static bool cmd_texcoord(st_run *r, const char *p)
{
    float c[5];
    long n;
    if (!read_floats(&p, c, 5) || !at_end(p) || !to_index(c[0], 8, &n))
        return false;
    memcpy(r->s->current[NVGP_PIPE_ATTR_TEXCOORD0 + n], c + 1, 4 * sizeof(float));
    return true;
}

static bool cmd_color(st_run *r, const char *p)
{
    float c[4];
    if (!read_floats(&p, c, 4) || !at_end(p))
        return false;
    memcpy(r->s->current[NVGP_PIPE_ATTR_COLOR], c, sizeof c);
    return true;
}

static bool set_enable(st_run *r, const char *p, bool on)
{
    char name[64];
    int n = 0;
    if (sscanf(p, " %63s %n", name, &n) != 1 || p[n])
        return false;
    nvgp_pipe_state *s = r->s;
    bool *flag = !strcmp(name, "GL_DEPTH_TEST") ? &s->depth_test
                 : !strcmp(name, "GL_CULL_FACE") ? &s->cull
                 : !strcmp(name, "GL_BLEND") ? &s->blend
                 : !strcmp(name, "GL_COLOR_SUM") ? &s->color_sum
                 : !strcmp(name, "GL_FOG") ? &s->fog
                 : !strcmp(name, "GL_VERTEX_PROGRAM_TWO_SIDE") ? &s->two_side
                 : !strcmp(name, "GL_VERTEX_PROGRAM_POINT_SIZE") ? &s->program_point_size
                 : !strcmp(name, "GL_SCISSOR_TEST") ? &s->scissor_test
                 : !strcmp(name, "GL_ALPHA_TEST") ? &s->alpha_test
                 : !strcmp(name, "GL_STENCIL_TEST") ? &s->stencil_test
                 : NULL;
    if (flag)
        *flag = on;
    /* enables of the program targets and texture targets are implied by
     * the sections present */
    return flag || !strcmp(name, "GL_VERTEX_PROGRAM_ARB") || !strcmp(name, "GL_FRAGMENT_PROGRAM_ARB") ||
           !strcmp(name, "GL_TEXTURE_2D");
}

static bool cmd_enable(st_run *r, const char *p)
{
    return set_enable(r, p, true);
}

static bool cmd_disable(st_run *r, const char *p)
{
    return set_enable(r, p, false);
}

static bool cmd_tolerance(st_run *r, const char *p)
{
    float c[4];
    const char *q = p;
    if (read_floats(&q, c, 4) && at_end(q)) {
        memcpy(r->tolerance, c, sizeof c);
        return true;
    }
    if (!read_floats(&p, c, 1) || !at_end(p))
        return false;
    for (int i = 0; i < 4; i++)
        r->tolerance[i] = c[0];
    return true;
}

static bool probe_pixel(st_run *r, int64_t x, int64_t y, const float *want, int n)
{
    float got[4];
    if (!nvgp_pipe_fb_pixel(r->fb, x, y, got)) {
        note_failure(r, "probe at (%lld,%lld) is outside the %ux%u window", (long long)x,
                     (long long)y, r->width, r->height);
        return false;
    }
    for (int i = 0; i < n; i++)
        if (!(fabsf(got[i] - want[i]) <= r->tolerance[i])) {
            if (n == 3)
                note_failure(r,
                             "Probe color at (%lld,%lld)\n  Expected: %g %g %g\n  Observed: %g %g %g",
                             (long long)x, (long long)y, want[0], want[1], want[2], got[0], got[1],
                             got[2]);
            else
                note_failure(r,
                             "Probe color at (%lld,%lld)\n  Expected: %g %g %g %g\n  Observed: %g %g %g %g",
                             (long long)x, (long long)y, want[0], want[1], want[2], want[3], got[0],
                             got[1], got[2], got[3]);
            return false;
        }
    return true;
}

/* probe rgb|rgba X Y ..., probe all rgb|rgba ..., probe depth X Y D */
static bool cmd_probe(st_run *r, const char *p)
{
    float c[6];
    if (take_word(&p, "all")) {
        int n = take_word(&p, "rgba") ? 4 : take_word(&p, "rgb") ? 3 : 0;
        if (!n || !read_floats(&p, c, n) || !at_end(p))
            return false;
        for (uint32_t y = 0; y < r->height; y++)
            for (uint32_t x = 0; x < r->width; x++)
                if (!probe_pixel(r, x, y, c, n))
                    return true;
        return true;
    }
    if (take_word(&p, "depth")) {
        float d;
        if (!read_floats(&p, c, 3) || !at_end(p))
            return false;
        if (!nvgp_pipe_fb_depth(r->fb, to_int(c[0]), to_int(c[1]), &d))
            note_failure(r, "depth probe outside the window");
        else if (!(fabsf(d - c[2]) <= 0.01f))
            note_failure(r, "Probe depth at (%g,%g)\n  Expected: %g\n  Observed: %g", c[0], c[1],
                         c[2], d);
        return true;
    }
    int n = take_word(&p, "rgba") ? 4 : take_word(&p, "rgb") ? 3 : 0;
    if (!n || !read_floats(&p, c, 2 + n) || !at_end(p))
        return false;
    probe_pixel(r, to_int(c[0]), to_int(c[1]), c + 2, n);
    return true;
}

/* relative probe rgb|rgba (RX, RY) (R, G, B[, A]): pixel (RX * width,
 * RY * height), the last column / row for 1.0 */
static bool cmd_relative(st_run *r, const char *p)
{
    if (!take_word(&p, "probe"))
        return false;
    int n = take_word(&p, "rgba") ? 4 : take_word(&p, "rgb") ? 3 : 0;
    float c[6];
    if (!n || !read_floats(&p, c, 2 + n) || !at_end(p))
        return false;
    int64_t x = to_int(c[0] * (float)r->width), y = to_int(c[1] * (float)r->height);
    x = x >= r->width ? r->width - 1 : x;
    y = y >= r->height ? r->height - 1 : y;
    probe_pixel(r, x, y, c + 2, n);
    return true;
}

static bool cmd_draw(st_run *r, const char *p)
{
    if (take_word(&p, "rect"))
        return cmd_draw_rect(r, p);
    return false;
}

typedef struct test_command {
    const char *word;
    bool (*run)(st_run *r, const char *rest);
} test_command;

static const test_command test_commands[] = {
    {"draw", cmd_draw},           {"ortho", cmd_ortho},         {"clear", cmd_clear},
    {"parameter", cmd_parameter}, {"texture", cmd_texture},     {"texparameter", cmd_texparameter},
    {"texcoord", cmd_texcoord},   {"color", cmd_color},         {"enable", cmd_enable},
    {"disable", cmd_disable},     {"probe", cmd_probe},         {"relative", cmd_relative},
    {"tolerance", cmd_tolerance},
};

/* ---- Files ------------------------------------------------------------------------ */

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    char *e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1]))
        *--e = 0;
    return s;
}

static bool claimed(const char *ext)
{
    if (!strncmp(ext, "GL_", 3))
        ext += 3;
    for (size_t i = 0; i < sizeof claimed_extensions / sizeof claimed_extensions[0]; i++)
        if (!strcmp(ext, claimed_extensions[i]))
            return true;
    return false;
}

/* [require]: SKIP (reason in msg) for what nvgp does not provide. */
static int require_line(st_run *r, char *line)
{
    float v;
    unsigned w, h;
    if (sscanf(line, "GL >= %f", &v) == 1) {
        /* the pipeline is a compatibility-profile GL 2.1 for assembly programs */
        if (v > 2.1f + 1e-4f) {
            snprintf(r->msg, sizeof r->msg, "needs GL %s", line + 5);
            return ST_SKIP;
        }
        return ST_PASS;
    }
    if (sscanf(line, "SIZE %u %u", &w, &h) == 2) {
        r->width = w, r->height = h;
        return ST_PASS;
    }
    if (!strcmp(line, "depthbuffer") || !strcmp(line, "GL COMPAT") || !strncmp(line, "GL_MAX_", 7))
        return ST_PASS;
    if (!strncmp(line, "GLSL", 4) || !strncmp(line, "GL ES", 5) || !strncmp(line, "GL CORE", 7)) {
        snprintf(r->msg, sizeof r->msg, "needs %s", line);
        return ST_SKIP;
    }
    if (!claimed(line)) {
        snprintf(r->msg, sizeof r->msg, "needs %s", line);
        return ST_SKIP;
    }
    return ST_PASS;
}

static bool load_program(st_run *r, int stage, const char *text, size_t len, unsigned line)
{
    nvgp_diag *d = NULL;
    nvgp_program *p = nvgp_program_create_for(
        stage == NVGP_PIPE_VERTEX ? NVGP_TARGET_VERTEX : NVGP_TARGET_FRAGMENT, r->path, text, len, &d);
    if (!p) {
        nvgp_diag_entry e;
        if (d && nvgp_diag_get(d, 0, &e))
            note_failure(r, "%s program (line %u) does not load: %u:%u: %s",
                         stage == NVGP_PIPE_VERTEX ? "vertex" : "fragment", line, e.line + line,
                         e.column, e.message);
        else
            note_failure(r, "program at line %u does not load", line);
        nvgp_diag_destroy(d);
        return false;
    }
    nvgp_diag_destroy(d);
    nvgp_program_destroy(r->prog[stage]);
    r->prog[stage] = p;
    return true;
}

typedef enum section { SEC_NONE, SEC_REQUIRE, SEC_VP, SEC_FP, SEC_TEST, SEC_OTHER } section;

static int run_file(st_run *r, char *text)
{
    r->width = r->height = DEFAULT_SIZE;
    /* pass 1: requirements and programs (the text is split into lines in
     * place, so programs are gathered first) */
    char *vp = NULL, *fp = NULL;
    size_t vp_len = 0, fp_len = 0;
    unsigned vp_line = 0, fp_line = 0;
    section sec = SEC_NONE;
    unsigned lineno = 0;
    char *test_start = NULL;
    unsigned test_line = 0;
    for (char *p = text; *p;) {
        char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        lineno++;
        char *next = nl ? nl + 1 : p + n;
        if (p[0] == '[') {
            if (sec == SEC_VP)
                vp_len = (size_t)(p - vp);
            if (sec == SEC_FP)
                fp_len = (size_t)(p - fp);
            sec = !strncmp(p, "[require]", 9) ? SEC_REQUIRE
                  : !strncmp(p, "[vertex program]", 16) ? SEC_VP
                  : !strncmp(p, "[fragment program]", 18) ? SEC_FP
                  : !strncmp(p, "[test]", 6) ? SEC_TEST : SEC_OTHER;
            if (sec == SEC_OTHER) {
                snprintf(r->msg, sizeof r->msg, "section %.*s is not an assembly-program section",
                         (int)(n > 40 ? 40 : n), p);
                return ST_SKIP;
            }
            if (sec == SEC_VP)
                vp = next, vp_line = lineno;
            if (sec == SEC_FP)
                fp = next, fp_line = lineno;
            if (sec == SEC_TEST) {
                test_start = next, test_line = lineno;
                break;
            }
        } else if (sec == SEC_REQUIRE) {
            char buf[256];
            snprintf(buf, sizeof buf, "%.*s", (int)(n > 255 ? 255 : n), p);
            char *l = trim(buf);
            char *hash = strchr(l, '#');
            if (hash)
                *hash = 0;
            l = trim(l);
            if (*l && require_line(r, l) == ST_SKIP)
                return ST_SKIP;
        }
        p = next;
    }
    if (sec == SEC_VP)
        vp_len = strlen(vp);
    if (sec == SEC_FP)
        fp_len = strlen(fp);
    if (!test_start) {
        note_failure(r, "no [test] section");
        return ST_FAIL;
    }
    if (vp && !load_program(r, NVGP_PIPE_VERTEX, vp, vp_len, vp_line))
        return ST_FAIL;
    if (fp && !load_program(r, NVGP_PIPE_FRAGMENT, fp, fp_len, fp_line))
        return ST_FAIL;
    char err[256];
    r->s = nvgp_pipe_state_create();
    r->fb = nvgp_pipe_fb_create(r->width, r->height, NVGP_PIPE_RGBA8, err, sizeof err);
    if (!r->s || !r->fb) {
        note_failure(r, "%s", r->s ? err : "out of memory");
        return ST_FAIL;
    }
    r->s->viewport[2] = (int32_t)r->width;
    r->s->viewport[3] = (int32_t)r->height;
    r->clear_depth = 1.0f;
    for (int i = 0; i < 4; i++)
        r->tolerance[i] = 0.01f;  /* piglit's default tolerance */
    /* pass 2: the commands */
    lineno = test_line;
    for (char *p = test_start; *p && !r->failed;) {
        char *nl = strchr(p, '\n');
        if (nl)
            *nl = 0;
        lineno++;
        char *l = trim(p);
        char *hash = strchr(l, '#');
        if (hash)
            *hash = 0;
        l = trim(l);
        p = nl ? nl + 1 : p + strlen(p);
        if (!*l)
            continue;
        bool known = false;
        for (size_t k = 0; k < sizeof test_commands / sizeof test_commands[0] && !known; k++) {
            const char *rest = l;
            if (take_word(&rest, test_commands[k].word)) {
                known = true;
                if (!test_commands[k].run(r, rest))
                    note_failure(r, "line %u: cannot run '%s'", lineno, l);
            }
        }
        if (!known)
            note_failure(r, "line %u: unknown command '%s'", lineno, l);
    }
    return r->failed ? ST_FAIL : ST_PASS;
}

static void cleanup(st_run *r)
{
    for (int i = 0; i < NVGP_PIPE_STAGES; i++)
        nvgp_program_destroy(r->prog[i]);
    for (int u = 0; u < NVGP_PIPE_TEXTURE_UNITS; u++)
        nvgp_texture_destroy(r->tex[u]);
    nvgp_pipe_fb_destroy(r->fb);
    nvgp_pipe_state_destroy(r->s);
}

int nvgp_cmd_shader_test(int argc, char **argv)
{
    bool any_file = false, io_error = false;
    int counts[3] = {0, 0, 0};
    for (int i = 1; i < argc; i++) {
        if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "nvgp shader-test: unknown option '%s'\n%s", argv[i], usage_line);
            return 2;
        }
        any_file = true;
        char *text;
        size_t len;
        if (!nvgp_tool_read_file(argv[i], &text, &len)) {
            io_error = true;
            continue;
        }
        st_run r;
        memset(&r, 0, sizeof r);
        r.path = argv[i];
        int result = run_file(&r, text);
        static const char *const names[] = {"PASS", "FAIL", "SKIP"};
        printf("%s %s\n", names[result], argv[i]);
        if (result != ST_PASS && r.msg[0])
            printf("  %s\n", r.msg);
        counts[result]++;
        cleanup(&r);
        free(text);
    }
    if (!any_file) {
        fputs(usage_line, stderr);
        return 2;
    }
    printf("summary: %d pass, %d fail, %d skip\n", counts[ST_PASS], counts[ST_FAIL], counts[ST_SKIP]);
    return io_error ? 2 : counts[ST_FAIL] ? 1 : 0;
}

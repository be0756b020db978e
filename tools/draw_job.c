/* Draw jobs (draw_job.h): the "draw" object parsed into an nvgp_pipe_state,
 * vertex arrays and a framebuffer, one draw, then the PNG and the probes.
 * Every error names the field it is about ("draw.vertices.color: 3
 * vertices, but draw.vertices.position has 4").  GL state is read through
 * one table (state_rows): a row per state name says its kind and where it
 * lives in the state. */
#include "draw_job.h"

#include "commands.h"
#include "job.h"
#include "png_io.h"
#include "nvgp.h"
#include "nvgp_pipeline.h"

#include <json-c/json.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { DJ_OK = 0, DJ_FAILED = 1, DJ_USAGE = 2 };
/* Vertices in one draw job: far more than any hand-written job needs, few
 * enough that the arrays stay small (16 attributes x 16 bytes each). */
enum { DJ_MAX_VERTICES = 1 << 20, DJ_MAX_PROBES = 4096 };

typedef struct dj {
    const char *cmd, *job_name;
    const char *base_dir;        /* the job file's folder, for program paths */
    bool no_png;                 /* leave "png" unwritten (the fuzzer) */
    char err[512];
    bool failed;
    nvgp_pipe_state *s;
    char *text[NVGP_PIPE_STAGES];
    nvgp_program *prog[NVGP_PIPE_STAGES];
    float *attrib[NVGP_PIPE_ATTRIBS];
    uint32_t count;
    const char *count_from;      /* the attribute that set count */
    int prim;
    uint32_t width, height, samples;
    int format;
    float clear[4], clear_depth;
    uint8_t clear_stencil;
    bool has_viewport;
    const char *png;
    unsigned bits;
    int32_t (*probes)[2];
    size_t num_probes;
    int load_rc;                 /* a program that failed: DJ_FAILED or DJ_USAGE */
    nvgp_texture *tex[NVGP_PIPE_TEXTURE_UNITS];
    /* parameter buffers' bytes (nvgp_pipe_bind_parameter_buffer does not
     * copy them) and the data bytes read so far (one job's 1 GiB) */
    uint8_t *buf[NVGP_PIPE_STAGES][NVGP_PIPE_PARAMETER_BUFFERS];
    uint64_t data_used;
} dj;

static bool NVGP_PRINTF(2, 3) fail(dj *d, const char *fmt, ...)
{
    if (d->failed)
        return false;
    d->failed = true;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->err, sizeof d->err, fmt, ap);
    va_end(ap);
    return false;
}

/* Fails with a job reader's message e (freed; NULL: fallback), without the
 * job file's name it starts with: the draw error adds it again. */
static bool fail_job_message(dj *d, char *e, const char *fallback)
{
    const char *msg = e ? e : fallback;
    size_t nl = strlen(d->job_name);
    if (!strncmp(msg, d->job_name, nl) && !strncmp(msg + nl, ": ", 2))
        msg += nl + 2;
    fail(d, "%s", msg);
    free(e);
    return false;
}

/* "prefix["key"]" into where, the key shown escaped (nvgp_job_put_key),
 * as run jobs show keys. */
static void key_where(char *where, size_t size, const char *prefix, const char *key)
{
    nvgp_strbuf s;
    nvgp_strbuf_init(&s);
    nvgp_strbuf_printf(&s, "%s[", prefix);
    nvgp_job_put_key(&s, key);
    nvgp_strbuf_putc(&s, ']');
    snprintf(where, size, "%s", s.data && !s.failed ? s.data : prefix);
    nvgp_strbuf_free(&s);
}

/* ---- Values -------------------------------------------------------------------- */

/* A number, or the strings "nan", "inf", "-inf" (JSON has no such numbers). */
static bool number(dj *d, json_object *v, const char *where, double *out)
{
    if (json_object_is_type(v, json_type_double) || json_object_is_type(v, json_type_int)) {
        *out = json_object_get_double(v);
        return true;
    }
    if (json_object_is_type(v, json_type_string)) {
        const char *s = json_object_get_string(v);
        if (!strcmp(s, "nan")) { *out = NAN; return true; }
        if (!strcmp(s, "inf")) { *out = INFINITY; return true; }
        if (!strcmp(s, "-inf")) { *out = -INFINITY; return true; }
    }
    return fail(d, "%s: expected a number (or \"nan\", \"inf\", \"-inf\")", where);
}

static bool integer(dj *d, json_object *v, const char *where, int64_t lo, int64_t hi, int64_t *out)
{
    if (!json_object_is_type(v, json_type_int))
        return fail(d, "%s: expected an integer", where);
    int64_t i = json_object_get_int64(v);
    if (i < lo || i > hi)
        return fail(d, "%s: %lld is out of range (%lld..%lld)", where, (long long)i,
                    (long long)lo, (long long)hi);
    *out = i;
    return true;
}

/* 1 to 4 numbers, the missing components filled as GL fills attributes
 * (0, 0, 0, 1); want > 0 asks for exactly that many. */
static bool vec(dj *d, json_object *v, const char *where, int want, float *out)
{
    if (!json_object_is_type(v, json_type_array))
        return fail(d, "%s: expected a list of numbers", where);
    size_t n = json_object_array_length(v);
    if (want > 0 ? n != (size_t)want : (n < 1 || n > 4))
        return want > 0 ? fail(d, "%s: expected %d numbers, got %zu", where, want, n)
                        : fail(d, "%s: expected 1 to 4 numbers, got %zu", where, n);
    static const float fill[4] = {0, 0, 0, 1};
    for (size_t i = 0; i < (want > 0 ? (size_t)want : 4); i++) {
        if (i >= n) {
            out[i] = fill[i];
            continue;
        }
        char at[256];
        snprintf(at, sizeof at, "%s[%zu]", where, i);
        double x;
        if (!number(d, json_object_array_get_idx(v, i), at, &x))
            return false;
        out[i] = (float)x;
    }
    return true;
}

static bool boolean(dj *d, json_object *v, const char *where, bool *out)
{
    if (!json_object_is_type(v, json_type_boolean))
        return fail(d, "%s: expected true or false", where);
    *out = json_object_get_boolean(v);
    return true;
}

typedef struct name_value {
    const char *name;
    int value;
} name_value;

static bool choice(dj *d, json_object *v, const char *where, const name_value *t, int *out)
{
    if (json_object_is_type(v, json_type_string)) {
        const char *s = json_object_get_string(v);
        for (const name_value *r = t; r->name; r++)
            if (!strcmp(r->name, s)) {
                *out = r->value;
                return true;
            }
    }
    char names[400] = "";
    for (const name_value *r = t; r->name; r++) {
        size_t l = strlen(names);
        snprintf(names + l, sizeof names - l, "%s%s", l ? ", " : "", r->name);
    }
    return fail(d, "%s: expected one of %s", where, names);
}

static const name_value prims[] = {
    {"triangles", NVGP_PIPE_TRIANGLES}, {"triangle_strip", NVGP_PIPE_TRIANGLE_STRIP},
    {"triangle_fan", NVGP_PIPE_TRIANGLE_FAN}, {"quads", NVGP_PIPE_QUADS},
    {"quad_strip", NVGP_PIPE_QUAD_STRIP}, {"polygon", NVGP_PIPE_POLYGON},
    {"points", NVGP_PIPE_POINTS}, {"lines", NVGP_PIPE_LINES},
    {"line_strip", NVGP_PIPE_LINE_STRIP}, {"line_loop", NVGP_PIPE_LINE_LOOP},
    {"lines_adjacency", NVGP_PIPE_LINES_ADJACENCY},
    {"line_strip_adjacency", NVGP_PIPE_LINE_STRIP_ADJACENCY},
    {"triangles_adjacency", NVGP_PIPE_TRIANGLES_ADJACENCY},
    {"triangle_strip_adjacency", NVGP_PIPE_TRIANGLE_STRIP_ADJACENCY},
    {"patches", NVGP_PIPE_PATCHES}, {NULL, 0}
};
static const name_value funcs[] = {
    {"never", NVGP_PIPE_NEVER}, {"less", NVGP_PIPE_LESS}, {"equal", NVGP_PIPE_EQUAL},
    {"lequal", NVGP_PIPE_LEQUAL}, {"greater", NVGP_PIPE_GREATER},
    {"notequal", NVGP_PIPE_NOTEQUAL}, {"gequal", NVGP_PIPE_GEQUAL},
    {"always", NVGP_PIPE_ALWAYS}, {NULL, 0}
};
static const name_value faces[] = {
    {"front", NVGP_FACE_FRONT}, {"back", NVGP_FACE_BACK},
    {"front_and_back", NVGP_FACE_FRONT_AND_BACK}, {NULL, 0}
};
static const name_value fog_modes[] = {
    {"linear", NVGP_FOG_LINEAR}, {"exp", NVGP_FOG_EXP}, {"exp2", NVGP_FOG_EXP2}, {NULL, 0}
};
static const name_value factors[] = {
    {"zero", NVGP_BF_ZERO}, {"one", NVGP_BF_ONE}, {"src_color", NVGP_BF_SRC_COLOR},
    {"one_minus_src_color", NVGP_BF_ONE_MINUS_SRC_COLOR}, {"dst_color", NVGP_BF_DST_COLOR},
    {"one_minus_dst_color", NVGP_BF_ONE_MINUS_DST_COLOR}, {"src_alpha", NVGP_BF_SRC_ALPHA},
    {"one_minus_src_alpha", NVGP_BF_ONE_MINUS_SRC_ALPHA}, {"dst_alpha", NVGP_BF_DST_ALPHA},
    {"one_minus_dst_alpha", NVGP_BF_ONE_MINUS_DST_ALPHA},
    {"constant_color", NVGP_BF_CONSTANT_COLOR},
    {"one_minus_constant_color", NVGP_BF_ONE_MINUS_CONSTANT_COLOR},
    {"constant_alpha", NVGP_BF_CONSTANT_ALPHA},
    {"one_minus_constant_alpha", NVGP_BF_ONE_MINUS_CONSTANT_ALPHA},
    {"src_alpha_saturate", NVGP_BF_SRC_ALPHA_SATURATE}, {"src1_color", NVGP_BF_SRC1_COLOR},
    {"one_minus_src1_color", NVGP_BF_ONE_MINUS_SRC1_COLOR}, {"src1_alpha", NVGP_BF_SRC1_ALPHA},
    {"one_minus_src1_alpha", NVGP_BF_ONE_MINUS_SRC1_ALPHA}, {NULL, 0}
};
static const name_value equations[] = {
    {"add", NVGP_BE_ADD}, {"subtract", NVGP_BE_SUBTRACT},
    {"reverse_subtract", NVGP_BE_REVERSE_SUBTRACT}, {"min", NVGP_BE_MIN}, {"max", NVGP_BE_MAX},
    {NULL, 0}
};
static const name_value stencil_ops[] = {
    {"keep", NVGP_SO_KEEP}, {"zero", NVGP_SO_ZERO}, {"replace", NVGP_SO_REPLACE},
    {"incr", NVGP_SO_INCR}, {"decr", NVGP_SO_DECR}, {"invert", NVGP_SO_INVERT},
    {"incr_wrap", NVGP_SO_INCR_WRAP}, {"decr_wrap", NVGP_SO_DECR_WRAP}, {NULL, 0}
};
static const name_value front_faces[] = {{"ccw", 1}, {"cw", 0}, {NULL, 0}};
static const name_value shade_models[] = {{"smooth", 0}, {"flat", 1}, {NULL, 0}};
static const name_value formats[] = {{"rgba8", NVGP_PIPE_RGBA8}, {"rgba32f", NVGP_PIPE_RGBA32F},
                                     {NULL, 0}};

/* ---- GL state: one row per name ---------------------------------------------------- */

typedef enum state_kind {
    K_BOOL,       /* true/false */
    K_ENUM8,      /* a name of the row's table, stored as uint8_t */
    K_ENUM_BOOL,  /* a name of the row's table whose value (0/1) is a bool */
    K_FLOAT,
    K_VEC4,       /* exactly 4 numbers */
    K_FLOAT2,     /* exactly 2 numbers */
    K_RECT,       /* x, y, width, height integers */
    K_BOOL4,      /* 4 booleans */
    K_UINT,       /* an unsigned integer up to the row's max */
    K_UINT32,     /* an unsigned integer 1..max stored as uint32_t */
    K_BLEND_FUNC, /* [src, dst] or [src_rgb, dst_rgb, src_alpha, dst_alpha] */
    K_BLEND_EQ,   /* a name, or [rgb, alpha] */
    K_STENCIL_FUNC, /* [func, ref, value mask], the row's faces */
    K_STENCIL_OP,   /* [sfail, dpfail, dppass], the row's faces */
    K_STENCIL_MASK, /* the write mask 0..255, the row's faces */
    K_CLIP_PLANES,  /* a list of up to 8 planes [a, b, c, d] for planes 0, 1, ... */
    K_BOOL_LIST,    /* a list of up to the row's max booleans */
    K_STIPPLE,      /* [factor 1..256, pattern 0..65535]; turns the stipple on */
    K_MASK32        /* a 32-bit mask; sets the row's also bool */
} state_kind;

typedef struct state_row {
    const char *name;
    uint8_t kind;
    size_t at;                 /* offsetof in nvgp_pipe_state */
    const name_value *table;   /* K_ENUM8, K_ENUM_BOOL */
    size_t also;               /* K_RECT: a bool to set true (scissor_test); 0: none */
    uint64_t max;              /* K_UINT, K_BOOL_LIST, K_CLIP_PLANES: the most;
                                  K_STENCIL_*: the faces set, bit 0 front,
                                  bit 1 back (0: both) */
} state_row;

#define AT(f) offsetof(nvgp_pipe_state, f)
static const state_row state_rows[] = {
    {"depth_test", K_BOOL, AT(depth_test), NULL, 0, 0},
    {"depth_write", K_BOOL, AT(depth_write), NULL, 0, 0},
    {"depth_func", K_ENUM8, AT(depth_func), funcs, 0, 0},
    {"depth_range", K_FLOAT2, AT(depth_range), NULL, 0, 0},
    {"blend", K_BOOL, AT(blend), NULL, 0, 0},
    {"blend_func", K_BLEND_FUNC, 0, NULL, 0, 0},
    {"blend_equation", K_BLEND_EQ, 0, NULL, 0, 0},
    {"blend_color", K_VEC4, AT(blend_color), NULL, 0, 0},
    {"cull", K_BOOL, AT(cull), NULL, 0, 0},
    {"cull_face", K_ENUM8, AT(cull_face), faces, 0, 0},
    {"front_face", K_ENUM_BOOL, AT(front_ccw), front_faces, 0, 0},
    {"shade_model", K_ENUM_BOOL, AT(flat), shade_models, 0, 0},
    {"provoking_first", K_BOOL, AT(provoking_first), NULL, 0, 0},
    {"fog", K_BOOL, AT(fog), NULL, 0, 0},
    {"fog_mode", K_ENUM8, AT(fog_mode), fog_modes, 0, 0},
    {"fog_color", K_VEC4, AT(fog_color), NULL, 0, 0},
    {"fog_density", K_FLOAT, AT(fog_density), NULL, 0, 0},
    {"fog_start", K_FLOAT, AT(fog_start), NULL, 0, 0},
    {"fog_end", K_FLOAT, AT(fog_end), NULL, 0, 0},
    {"fog_coord_attrib", K_BOOL, AT(fog_coord_attrib), NULL, 0, 0},
    {"alpha_test", K_BOOL, AT(alpha_test), NULL, 0, 0},
    {"alpha_func", K_ENUM8, AT(alpha_func), funcs, 0, 0},
    {"alpha_ref", K_FLOAT, AT(alpha_ref), NULL, 0, 0},
    {"scissor", K_RECT, AT(scissor), NULL, AT(scissor_test), 0},
    {"color_mask", K_BOOL4, AT(color_mask), NULL, 0, 0},
    {"two_side", K_BOOL, AT(two_side), NULL, 0, 0},
    {"color_sum", K_BOOL, AT(color_sum), NULL, 0, 0},
    {"clamp_vertex_color", K_ENUM_BOOL, AT(no_vertex_color_clamp),
     (const name_value[]){{"true", 0}, {"false", 1}, {NULL, 0}}, 0, 0},
    {"point_size", K_FLOAT, AT(point_size), NULL, 0, 0},
    {"program_point_size", K_BOOL, AT(program_point_size), NULL, 0, 0},
    {"line_width", K_FLOAT, AT(line_width), NULL, 0, 0},
    {"light_model_ambient", K_VEC4, AT(light_model_ambient), NULL, 0, 0},
    /* StencilFuncSeparate, StencilOpSeparate, StencilMaskSeparate */
    {"stencil_func_front", K_STENCIL_FUNC, 0, NULL, 0, 1},
    {"stencil_func_back", K_STENCIL_FUNC, 0, NULL, 0, 2},
    {"stencil_op_front", K_STENCIL_OP, 0, NULL, 0, 1},
    {"stencil_op_back", K_STENCIL_OP, 0, NULL, 0, 2},
    {"stencil_write_mask_front", K_STENCIL_MASK, 0, NULL, 0, 1},
    {"stencil_write_mask_back", K_STENCIL_MASK, 0, NULL, 0, 2},
    {"clip_planes", K_CLIP_PLANES, AT(clip_plane), NULL, 0, NVGP_PIPE_CLIP_PLANES},
    {"clip_enable", K_BOOL_LIST, AT(clip_plane_enabled), NULL, 0, NVGP_PIPE_CLIP_PLANES},
    {"point_sprite", K_BOOL, AT(point_sprite), NULL, 0, 0},
    {"point_coord_replace", K_BOOL_LIST, AT(point_coord_replace), NULL, 0,
     NVGP_PIPE_TEXTURE_UNITS},
    {"point_sprite_origin", K_ENUM_BOOL, AT(point_origin_lower_left),
     (const name_value[]){{"upper_left", 0}, {"lower_left", 1}, {NULL, 0}}, 0, 0},
    {"line_stipple", K_STIPPLE, 0, NULL, 0, 0},
    {"multisample", K_BOOL, AT(multisample), NULL, 0, 0},
    {"alpha_to_coverage", K_BOOL, AT(alpha_to_coverage), NULL, 0, 0},
    {"alpha_to_one", K_BOOL, AT(alpha_to_one), NULL, 0, 0},
    {"sample_mask", K_MASK32, AT(sample_mask), NULL, AT(sample_mask_enabled), 0},
    {"stencil_test", K_BOOL, AT(stencil_test), NULL, 0, 0},
    {"stencil_func", K_STENCIL_FUNC, 0, NULL, 0, 0},
    {"stencil_op", K_STENCIL_OP, 0, NULL, 0, 0},
    {"stencil_write_mask", K_STENCIL_MASK, 0, NULL, 0, 0},
    {"patch_vertices", K_UINT32, AT(patch_vertices), NULL, 0, NVGP_PIPE_MAX_PATCH_VERTICES},
    {"patch_default_outer_level", K_VEC4, AT(patch_default_outer), NULL, 0, 0},
    {"patch_default_inner_level", K_FLOAT2, AT(patch_default_inner), NULL, 0, 0},
    {"threads", K_UINT, AT(threads), NULL, 0, 256},
    {"budget", K_UINT, AT(budget), NULL, 0, (uint64_t)1 << 40},
};
#undef AT

static bool state_value(dj *d, const state_row *r, json_object *v, const char *where)
{
    char *base = (char *)d->s;
    char at[256];
    int e;
    switch ((state_kind)r->kind) {
    case K_BOOL:
        return boolean(d, v, where, (bool *)(base + r->at));
    case K_ENUM8:
        if (!choice(d, v, where, r->table, &e))
            return false;
        *(uint8_t *)(base + r->at) = (uint8_t)e;
        return true;
    case K_ENUM_BOOL:
        if (!choice(d, v, where, r->table, &e))
            return false;
        *(bool *)(base + r->at) = e != 0;
        return true;
    case K_FLOAT: {
        double x;
        if (!number(d, v, where, &x))
            return false;
        *(float *)(base + r->at) = (float)x;
        return true;
    }
    case K_VEC4:
        return vec(d, v, where, 4, (float *)(base + r->at));
    case K_FLOAT2:
        return vec(d, v, where, 2, (float *)(base + r->at));
    case K_RECT: {
        if (!json_object_is_type(v, json_type_array) || json_object_array_length(v) != 4)
            return fail(d, "%s: expected [x, y, width, height]", where);
        int32_t *rect = (int32_t *)(base + r->at);
        for (size_t i = 0; i < 4; i++) {
            int64_t x = 0;
            snprintf(at, sizeof at, "%s[%zu]", where, i);
            if (!integer(d, json_object_array_get_idx(v, i), at, i < 2 ? -NVGP_PIPE_MAX_SIZE : 0,
                         NVGP_PIPE_MAX_SIZE, &x))
                return false;
            rect[i] = (int32_t)x;
        }
        if (r->also)
            *(bool *)(base + r->also) = true;
        return true;
    }
    case K_BOOL4: {
        if (!json_object_is_type(v, json_type_array) || json_object_array_length(v) != 4)
            return fail(d, "%s: expected 4 booleans (red, green, blue, alpha)", where);
        for (size_t i = 0; i < 4; i++) {
            snprintf(at, sizeof at, "%s[%zu]", where, i);
            if (!boolean(d, json_object_array_get_idx(v, i), at, (bool *)(base + r->at) + i))
                return false;
        }
        return true;
    }
    case K_UINT: {
        int64_t x = 0;
        if (!integer(d, v, where, 1, (int64_t)r->max, &x))
            return false;
        if (r->at == offsetof(nvgp_pipe_state, threads))
            d->s->threads = (unsigned)x;
        else
            d->s->budget = (uint64_t)x;
        return true;
    }
    case K_UINT32: {
        int64_t x = 0;
        if (!integer(d, v, where, 1, (int64_t)r->max, &x))
            return false;
        *(uint32_t *)(base + r->at) = (uint32_t)x;
        return true;
    }
    case K_BLEND_FUNC: {
        size_t n = json_object_is_type(v, json_type_array) ? json_object_array_length(v) : 0;
        if (n != 2 && n != 4)
            return fail(d, "%s: expected [src, dst] or [src_rgb, dst_rgb, src_alpha, dst_alpha]",
                        where);
        int f[4];
        for (size_t i = 0; i < n; i++) {
            snprintf(at, sizeof at, "%s[%zu]", where, i);
            if (!choice(d, json_object_array_get_idx(v, i), at, factors, &f[i]))
                return false;
        }
        if (n == 2) {
            f[2] = f[0];
            f[3] = f[1];
        }
        d->s->blend_src_rgb = (uint8_t)f[0];
        d->s->blend_dst_rgb = (uint8_t)f[1];
        d->s->blend_src_alpha = (uint8_t)f[2];
        d->s->blend_dst_alpha = (uint8_t)f[3];
        return true;
    }
    case K_BLEND_EQ: {
        int q[2];
        if (json_object_is_type(v, json_type_array)) {
            if (json_object_array_length(v) != 2)
                return fail(d, "%s: expected a name or [rgb, alpha]", where);
            for (size_t i = 0; i < 2; i++) {
                snprintf(at, sizeof at, "%s[%zu]", where, i);
                if (!choice(d, json_object_array_get_idx(v, i), at, equations, &q[i]))
                    return false;
            }
        } else {
            if (!choice(d, v, where, equations, &q[0]))
                return false;
            q[1] = q[0];
        }
        d->s->blend_eq_rgb = (uint8_t)q[0];
        d->s->blend_eq_alpha = (uint8_t)q[1];
        return true;
    }
    case K_STENCIL_FUNC: {
        if (!json_object_is_type(v, json_type_array) || json_object_array_length(v) != 3)
            return fail(d, "%s: expected [func, ref, mask]", where);
        int f;
        int64_t ref = 0, mask = 0;
        snprintf(at, sizeof at, "%s[0]", where);
        if (!choice(d, json_object_array_get_idx(v, 0), at, funcs, &f))
            return false;
        snprintf(at, sizeof at, "%s[1]", where);
        if (!integer(d, json_object_array_get_idx(v, 1), at, 0, 255, &ref))
            return false;
        snprintf(at, sizeof at, "%s[2]", where);
        if (!integer(d, json_object_array_get_idx(v, 2), at, 0, 255, &mask))
            return false;
        for (int face = 0; face < 2; face++) {
            if (r->max && !((r->max >> face) & 1))
                continue;
            d->s->stencil[face].func = (uint8_t)f;
            d->s->stencil[face].ref = (uint8_t)ref;
            d->s->stencil[face].value_mask = (uint8_t)mask;
        }
        return true;
    }
    case K_STENCIL_OP: {
        if (!json_object_is_type(v, json_type_array) || json_object_array_length(v) != 3)
            return fail(d, "%s: expected [sfail, dpfail, dppass]", where);
        int op[3];
        for (size_t i = 0; i < 3; i++) {
            snprintf(at, sizeof at, "%s[%zu]", where, i);
            if (!choice(d, json_object_array_get_idx(v, i), at, stencil_ops, &op[i]))
                return false;
        }
        for (int face = 0; face < 2; face++) {
            if (r->max && !((r->max >> face) & 1))
                continue;
            d->s->stencil[face].sfail = (uint8_t)op[0];
            d->s->stencil[face].dpfail = (uint8_t)op[1];
            d->s->stencil[face].dppass = (uint8_t)op[2];
        }
        return true;
    }
    case K_STENCIL_MASK: {
        int64_t m = 0;
        if (!integer(d, v, where, 0, 255, &m))
            return false;
        for (int face = 0; face < 2; face++)
            if (!r->max || ((r->max >> face) & 1))
                d->s->stencil[face].write_mask = (uint8_t)m;
        return true;
    }
    case K_CLIP_PLANES:
    case K_BOOL_LIST: {
        size_t n = json_object_is_type(v, json_type_array) ? json_object_array_length(v) : 0;
        bool planes = r->kind == K_CLIP_PLANES;
        if (!json_object_is_type(v, json_type_array) || n > r->max)
            return fail(d, "%s: expected a list of at most %u %s", where, (unsigned)r->max,
                        planes ? "planes [a, b, c, d] (for planes 0, 1, ...)"
                               : "booleans (for 0, 1, ...)");
        for (size_t i = 0; i < n; i++) {
            snprintf(at, sizeof at, "%s[%zu]", where, i);
            json_object *x = json_object_array_get_idx(v, i);
            if (planes ? !vec(d, x, at, 4, (float *)(base + r->at) + 4 * i)
                       : !boolean(d, x, at, (bool *)(base + r->at) + i))
                return false;
        }
        return true;
    }
    case K_STIPPLE: {
        if (!json_object_is_type(v, json_type_array) || json_object_array_length(v) != 2)
            return fail(d, "%s: expected [factor, pattern]", where);
        int64_t factor = 0, pattern = 0;
        snprintf(at, sizeof at, "%s[0]", where);
        if (!integer(d, json_object_array_get_idx(v, 0), at, 1, 256, &factor))
            return false;
        snprintf(at, sizeof at, "%s[1]", where);
        if (!integer(d, json_object_array_get_idx(v, 1), at, 0, 65535, &pattern))
            return false;
        d->s->line_stipple = true;
        d->s->line_stipple_factor = (uint16_t)factor;
        d->s->line_stipple_pattern = (uint16_t)pattern;
        return true;
    }
    case K_MASK32: {
        int64_t m = 0;
        if (!integer(d, v, where, 0, 0xffffffffll, &m))
            return false;
        *(uint32_t *)(base + r->at) = (uint32_t)m;
        *(bool *)(base + r->also) = true;
        return true;
    }
    }
    return fail(d, "%s: internal error", where);
}

static bool state(dj *d, json_object *obj)
{
    if (!json_object_is_type(obj, json_type_object))
        return fail(d, "draw.state: expected an object of GL state names");
    json_object_object_foreach(obj, key, v) {
        char where[160];
        snprintf(where, sizeof where, "draw.state.%s", key);
        const state_row *row = NULL;
        for (size_t i = 0; i < sizeof state_rows / sizeof state_rows[0]; i++)
            if (!strcmp(state_rows[i].name, key))
                row = &state_rows[i];
        if (!row)
            return fail(d, "%s: unknown state name (docs/job-format.md lists them)", where);
        if (!state_value(d, row, v, where))
            return false;
    }
    return true;
}

/* ---- Programs, parameters, matrices ------------------------------------------------- */

static const struct stage_row {
    const char *name;
    nvgp_pipe_stage stage;
    nvgp_target target;
} stage_rows[] = {
    {"vertex", NVGP_PIPE_VERTEX, NVGP_TARGET_VERTEX},
    {"fragment", NVGP_PIPE_FRAGMENT, NVGP_TARGET_FRAGMENT},
    {"tess_control", NVGP_PIPE_TESS_CONTROL, NVGP_TARGET_TESS_CONTROL},
    {"tess_evaluation", NVGP_PIPE_TESS_EVALUATION, NVGP_TARGET_TESS_EVALUATION},
    {"geometry", NVGP_PIPE_GEOMETRY, NVGP_TARGET_GEOMETRY},
};

static const struct stage_row *stage_named(const char *name)
{
    for (size_t i = 0; i < sizeof stage_rows / sizeof stage_rows[0]; i++)
        if (!strcmp(stage_rows[i].name, name))
            return &stage_rows[i];
    return NULL;
}

static bool unknown_stage(dj *d, const char *where, const char *key)
{
    return fail(d, "%s.%s: unknown stage (vertex, tess_control, tess_evaluation, geometry, "
                   "fragment)", where, key);
}

/* A program: a file name (relative to the job file's folder) or
 * {"text": "..."}; loaded for its stage's target, so a fragment program
 * given as "vertex" is refused with the loader's diagnostics. */
static bool program(dj *d, const struct stage_row *st, json_object *v)
{
    char where[64];
    snprintf(where, sizeof where, "draw.programs.%s", st->name);
    const char *label;
    char *path = NULL;
    size_t len;
    if (json_object_is_type(v, json_type_string)) {
        const char *f = json_object_get_string(v);
        if (!*f)
            return fail(d, "%s: empty file name", where);
        size_t n = strlen(d->base_dir) + strlen(f) + 2;
        path = malloc(n);
        if (!path)
            return fail(d, "out of memory");
        if (f[0] == '/' || !d->base_dir[0])
            snprintf(path, n, "%s", f);
        else
            snprintf(path, n, "%s/%s", d->base_dir, f);
        char *e = NULL;
        if (!nvgp_tool_read_all(path, NVGP_PROGRAM_MAX_BYTES, "program file",
                                &d->text[st->stage], &len, &e)) {
            fail(d, "%s: %s", where, e ? e : "cannot read the program");
            free(e);
            free(path);
            d->load_rc = DJ_USAGE;
            return false;
        }
        label = path;
    } else if (json_object_is_type(v, json_type_object)) {
        json_object *t;
        if (!json_object_object_get_ex(v, "text", &t) || !json_object_is_type(t, json_type_string))
            return fail(d, "%s: expected a file name or {\"text\": \"...\"}", where);
        len = (size_t)json_object_get_string_len(t);
        d->text[st->stage] = malloc(len + 1);
        if (!d->text[st->stage])
            return fail(d, "out of memory");
        memcpy(d->text[st->stage], json_object_get_string(t), len + 1);
        label = where;
    } else {
        return fail(d, "%s: expected a file name or {\"text\": \"...\"}", where);
    }
    nvgp_diag *diag = NULL;
    int rc = nvgp_tool_load(label, d->text[st->stage], len, st->target, &d->prog[st->stage], &diag);
    if (diag)
        nvgp_diag_print(diag, stderr);
    nvgp_diag_destroy(diag);
    if (rc != 0) {
        fail(d, "%s: the program does not load as a %s program (see above)", where, st->name);
        d->load_rc = rc == 1 ? DJ_FAILED : DJ_USAGE;
    }
    free(path);
    d->s->program[st->stage] = d->prog[st->stage];
    return rc == 0;
}

static bool programs(dj *d, json_object *obj)
{
    if (!json_object_is_type(obj, json_type_object))
        return fail(d, "draw.programs: expected an object of stage: program");
    size_t n = 0;
    json_object_object_foreach(obj, key, v) {
        const struct stage_row *st = stage_named(key);
        if (!st)
            return unknown_stage(d, "draw.programs", key);
        if (!program(d, st, v))
            return false;
        n++;
    }
    if (n == 0)
        return fail(d, "draw.programs: names no stage; give \"vertex\", \"fragment\" or both "
                       "(a stage left out runs GL's fixed function; tessellation and geometry "
                       "stages left out are skipped)");
    return true;
}

/* "program.env[n]", "program.local[n]" or NV_vertex_program's "c[n]" (the
 * vertex env registers): a vec4, or a list of vec4s for n, n+1, ... */
static bool param(dj *d, const struct stage_row *st, const char *name, const char *where,
                  json_object *v)
{
    nvgp_pipe_stage stage = st->stage;
    static const struct { const char *prefix; bool env; bool vertex_only; } kinds[] = {
        {"program.env[", true, false}, {"program.local[", false, false}, {"c[", true, true},
    };
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        size_t pl = strlen(kinds[k].prefix);
        if (strncmp(name, kinds[k].prefix, pl))
            continue;
        if (kinds[k].vertex_only && stage != NVGP_PIPE_VERTEX)
            return fail(d, "%s: c[n] names vertex program parameters only", where);
        char *end;
        unsigned long i = strtoul(name + pl, &end, 10);
        unsigned long cap = kinds[k].env ? NVGP_PIPE_ENV_PARAMS : NVGP_PIPE_LOCAL_PARAMS;
        if (end == name + pl || strcmp(end, "]") || i >= cap)
            return fail(d, "%s: expected an index 0..%lu", where, cap - 1);
        bool list = json_object_is_type(v, json_type_array) && json_object_array_length(v) > 0 &&
                    json_object_is_type(json_object_array_get_idx(v, 0), json_type_array);
        size_t n = list ? json_object_array_length(v) : 1;
        if (i + n > cap)
            return fail(d, "%s: %zu values run past the last register (%lu)", where, n, cap - 1);
        for (size_t j = 0; j < n; j++) {
            float *dst = kinds[k].env ? d->s->env[stage][i + j] : d->s->local[stage][i + j];
            char at[256];
            snprintf(at, sizeof at, "%s[%zu]", where, j);
            if (!vec(d, list ? json_object_array_get_idx(v, j) : v, list ? at : where, 0, dst))
                return false;
        }
        return true;
    }
    return fail(d, "%s: unknown parameter (program.env[n], program.local[n], c[n])", where);
}

/* FIELD: {STAGE: {NAME: VALUE}} ("draw.params", "draw.buffers"): each NAME
 * handed to <one> with its stage and its place in the job; <entries> says
 * what the inner objects hold. */
typedef bool stage_entry_fn(dj *d, const struct stage_row *st, const char *name,
                            const char *where, json_object *v);

static bool per_stage(dj *d, json_object *obj, const char *field, const char *entries,
                      stage_entry_fn *one)
{
    if (!json_object_is_type(obj, json_type_object))
        return fail(d, "%s: expected an object of stage: {%s}", field, entries);
    json_object_object_foreach(obj, key, v) {
        const struct stage_row *st = stage_named(key);
        if (!st)
            return unknown_stage(d, field, key);
        if (!json_object_is_type(v, json_type_object))
            return fail(d, "%s.%s: expected an object of %s", field, key, entries);
        char prefix[40];
        snprintf(prefix, sizeof prefix, "%s.%s", field, st->name);
        json_object_object_foreach(v, name, val) {
            char where[200];
            key_where(where, sizeof where, prefix, name);
            if (!one(d, st, name, where, val))
                return false;
        }
    }
    return true;
}

/* "buffers": {STAGE: {"program.buffer[a]": DATA}}: NV_parameter_buffer_object's
 * binding point a of the stage's program target (BindBufferRangeNV with
 * <target> VERTEX_PROGRAM_PARAMETER_BUFFER_NV, ...), DATA as ordinary jobs
 * give buffers.  The stage's program must read the binding: a name it
 * lacks is a mistake in the job, not an unbound buffer. */
static bool parameter_buffer(dj *d, const struct stage_row *st, const char *name,
                             const char *where, json_object *v)
{
    static const char pre[] = "program.buffer[";
    const size_t pl = sizeof pre - 1;
    char *end = NULL;
    unsigned long a = 0;
    if (!strncmp(name, pre, pl) && name[pl] >= '0' && name[pl] <= '9')
        a = strtoul(name + pl, &end, 10);
    if (!end || strcmp(end, "]"))
        return fail(d, "%s: expected program.buffer[a], a parameter buffer binding point", where);
    if (a >= NVGP_PIPE_PARAMETER_BUFFERS)
        return fail(d, "%s: binding point %lu is out of range (0..%d: "
                       "MAX_PROGRAM_PARAMETER_BUFFER_BINDINGS_NV)", where, a,
                    NVGP_PIPE_PARAMETER_BUFFERS - 1);
    nvgp_binding b;
    if (!d->prog[st->stage])
        return fail(d, "%s: no %s program is given (draw.programs.%s)", where, st->name,
                    st->name);
    if (nvgp_program_find_binding(d->prog[st->stage], name, &b) != NVGP_OK ||
        b.kind != NVGP_BINDING_BUFFER)
        return fail(d, "%s: the %s program does not read %s", where, st->name, name);
    uint8_t *bytes;
    size_t len;
    char *e = NULL;
    if (!nvgp_job_data_from_json(v, d->job_name, where, &d->data_used, &bytes, &len, &e))
        return fail_job_message(d, e, "cannot read the data");
    char err[160];
    if (!nvgp_pipe_bind_parameter_buffer(d->s, st->stage, (uint32_t)a, bytes, len, err,
                                         sizeof err)) {
        free(bytes);
        return fail(d, "%s: %zu bytes: %s", where, len, err);
    }
    free(d->buf[st->stage][a]);
    d->buf[st->stage][a] = bytes;
    return true;
}

/* "modelview", "projection", "texture[n]", "program[n]": 16 numbers, row
 * by row (m[4 * row + column]). */
static bool matrices(dj *d, json_object *obj)
{
    if (!json_object_is_type(obj, json_type_object))
        return fail(d, "draw.matrices: expected an object of name: 16 numbers");
    json_object_object_foreach(obj, key, v) {
        char where[160];
        snprintf(where, sizeof where, "draw.matrices.%s", key);
        float *m = NULL;
        unsigned long i;
        char *end;
        if (!strcmp(key, "modelview")) {
            m = d->s->modelview;
        } else if (!strcmp(key, "projection")) {
            m = d->s->projection;
        } else if (!strncmp(key, "texture[", 8)) {
            i = strtoul(key + 8, &end, 10);
            if (end != key + 8 && !strcmp(end, "]") && i < NVGP_PIPE_TEX_MATRICES)
                m = d->s->texture_matrix[i];
        } else if (!strncmp(key, "program[", 8)) {
            i = strtoul(key + 8, &end, 10);
            if (end != key + 8 && !strcmp(end, "]") && i < NVGP_PIPE_PROGRAM_MATRICES)
                m = d->s->program_matrix[i];
        }
        if (!m)
            return fail(d, "%s: unknown matrix (modelview, projection, texture[0..%d], "
                           "program[0..%d])", where, NVGP_PIPE_TEX_MATRICES - 1,
                        NVGP_PIPE_PROGRAM_MATRICES - 1);
        if (!vec(d, v, where, 16, m))
            return false;
    }
    return true;
}

/* "track": {"c[4k]": MATRIX or [MATRIX, TRANSFORM]}: NV_vertex_program's
 * TrackMatrixNV over the vertex env registers c[4k .. 4k+3]. */
static const name_value track_matrices[] = {
    {"none", NVGP_TRACK_NONE}, {"modelview", NVGP_TRACK_MODELVIEW},
    {"projection", NVGP_TRACK_PROJECTION}, {"mvp", NVGP_TRACK_MVP},
    {"texture0", NVGP_TRACK_TEXTURE0}, {"texture1", NVGP_TRACK_TEXTURE0 + 1},
    {"texture2", NVGP_TRACK_TEXTURE0 + 2}, {"texture3", NVGP_TRACK_TEXTURE0 + 3},
    {"texture4", NVGP_TRACK_TEXTURE0 + 4}, {"texture5", NVGP_TRACK_TEXTURE0 + 5},
    {"texture6", NVGP_TRACK_TEXTURE0 + 6}, {"texture7", NVGP_TRACK_TEXTURE0 + 7},
    {"program0", NVGP_TRACK_PROGRAM0}, {"program1", NVGP_TRACK_PROGRAM0 + 1},
    {"program2", NVGP_TRACK_PROGRAM0 + 2}, {"program3", NVGP_TRACK_PROGRAM0 + 3},
    {"program4", NVGP_TRACK_PROGRAM0 + 4}, {"program5", NVGP_TRACK_PROGRAM0 + 5},
    {"program6", NVGP_TRACK_PROGRAM0 + 6}, {"program7", NVGP_TRACK_PROGRAM0 + 7}, {NULL, 0}
};
static const name_value track_transforms[] = {
    {"identity", NVGP_TRACK_IDENTITY}, {"inverse", NVGP_TRACK_INVERSE},
    {"transpose", NVGP_TRACK_TRANSPOSE}, {"inverse_transpose", NVGP_TRACK_INVERSE_TRANSPOSE},
    {NULL, 0}
};

static bool track(dj *d, json_object *obj)
{
    if (!json_object_is_type(obj, json_type_object))
        return fail(d, "draw.track: expected an object of \"c[4k]\": matrix");
    json_object_object_foreach(obj, key, v) {
        char where[160], at[200];
        key_where(where, sizeof where, "draw.track", key);
        char *end;
        unsigned long n = strncmp(key, "c[", 2) ? 1 : strtoul(key + 2, &end, 10);
        if (strncmp(key, "c[", 2) || end == key + 2 || strcmp(end, "]") || n % 4 ||
            n >= NVGP_PIPE_ENV_PARAMS)
            return fail(d, "%s: expected c[n], n a multiple of 4 below %d", where,
                        NVGP_PIPE_ENV_PARAMS);
        int m, t = NVGP_TRACK_IDENTITY;
        if (json_object_is_type(v, json_type_array)) {
            if (json_object_array_length(v) != 2)
                return fail(d, "%s: expected a matrix name or [matrix, transform]", where);
            snprintf(at, sizeof at, "%s[0]", where);
            if (!choice(d, json_object_array_get_idx(v, 0), at, track_matrices, &m))
                return false;
            snprintf(at, sizeof at, "%s[1]", where);
            if (!choice(d, json_object_array_get_idx(v, 1), at, track_transforms, &t))
                return false;
        } else if (!choice(d, v, where, track_matrices, &m)) {
            return false;
        }
        d->s->track[n / 4].matrix = (uint8_t)m;
        d->s->track[n / 4].transform = (uint8_t)t;
    }
    return true;
}

/* "textures": {"UNIT": "FILE.png"}: a 2D RGBA8 texture from a PNG
 * (relative to the job file's folder), its bottom row at t = 0, LINEAR
 * filtering and GL's REPEAT wrapping, as `nvgp render --texture` makes; or
 * {"UNIT": {...}}: a texture of any target described as ordinary jobs
 * describe one (docs/job-format.md "Textures"). */
static bool texture_object(dj *d, json_object *v, const char *where, unsigned long u)
{
    char *e = NULL;
    nvgp_texture *t = nvgp_job_texture_from_json(v, d->job_name, where, &e);
    if (!t)
        return fail_job_message(d, e, "cannot make the texture");
    nvgp_texture_destroy(d->tex[u]);
    d->tex[u] = t;
    d->s->texture[u] = t;
    return true;
}

static bool textures(dj *d, json_object *obj)
{
    if (!json_object_is_type(obj, json_type_object))
        return fail(d, "draw.textures: expected an object of \"UNIT\": \"FILE.png\" or a texture");
    json_object_object_foreach(obj, key, v) {
        char where[160];
        key_where(where, sizeof where, "draw.textures", key);
        char *end;
        unsigned long u = strtoul(key, &end, 10);
        if (end == key || *end || u >= NVGP_PIPE_TEXTURE_UNITS)
            return fail(d, "%s: expected a unit 0..%d", where, NVGP_PIPE_TEXTURE_UNITS - 1);
        if (json_object_is_type(v, json_type_object)) {
            if (!texture_object(d, v, where, u))
                return false;
            continue;
        }
        if (!json_object_is_type(v, json_type_string) || !json_object_get_string_len(v))
            return fail(d, "%s: expected a PNG file name or a texture object", where);
        const char *f = json_object_get_string(v);
        size_t n = strlen(d->base_dir) + strlen(f) + 2;
        char *path = malloc(n);
        if (!path)
            return fail(d, "out of memory");
        if (f[0] == '/' || !d->base_dir[0])
            snprintf(path, n, "%s", f);
        else
            snprintf(path, n, "%s/%s", d->base_dir, f);
        uint32_t w, h;
        uint8_t *img = nvgp_tool_png_read(path, &w, &h);
        free(path);
        if (!img) {
            d->load_rc = DJ_USAGE;
            return fail(d, "%s: cannot read the PNG (see above)", where);
        }
        nvgp_texture *t = nvgp_tool_png_texture(img, w, h);
        free(img);
        if (!t)
            return fail(d, "%s: cannot make a %ux%u texture", where, w, h);
        nvgp_texture_destroy(d->tex[u]);
        d->tex[u] = t;
        d->s->texture[u] = t;
    }
    return true;
}

/* ---- Vertices -------------------------------------------------------------------------- */

static const struct attrib_row {
    const char *name;
    int index;
} attrib_rows[] = {
    {"position", NVGP_PIPE_ATTR_POSITION}, {"weight", NVGP_PIPE_ATTR_WEIGHT},
    {"normal", NVGP_PIPE_ATTR_NORMAL}, {"color", NVGP_PIPE_ATTR_COLOR},
    {"secondary_color", NVGP_PIPE_ATTR_SECONDARY}, {"fog", NVGP_PIPE_ATTR_FOGCOORD},
};

static int attrib_index(const char *name)
{
    for (size_t i = 0; i < sizeof attrib_rows / sizeof attrib_rows[0]; i++)
        if (!strcmp(attrib_rows[i].name, name))
            return attrib_rows[i].index;
    char *end;
    unsigned long n;
    if (!strncmp(name, "texcoord", 8) && name[8]) {
        n = strtoul(name + 8, &end, 10);
        if (!*end && n < 8)
            return NVGP_PIPE_ATTR_TEXCOORD0 + (int)n;
    }
    if (!strncmp(name, "attrib[", 7)) {
        n = strtoul(name + 7, &end, 10);
        if (end != name + 7 && !strcmp(end, "]") && n < NVGP_PIPE_ATTRIBS)
            return (int)n;
    }
    return -1;
}

static bool vertices(dj *d, json_object *obj)
{
    if (!json_object_is_type(obj, json_type_object))
        return fail(d, "draw.vertices: expected an object of attribute: list of values");
    json_object_object_foreach(obj, key, v) {
        char where[160];
        snprintf(where, sizeof where, "draw.vertices.%s", key);
        int a = attrib_index(key);
        if (a < 0)
            return fail(d, "%s: unknown attribute (position, weight, normal, color, "
                           "secondary_color, fog, texcoord0..7, attrib[0..15])", where);
        if (d->attrib[a])
            return fail(d, "%s: attribute %d is given twice (position is attrib[0], ...)",
                        where, a);
        if (!json_object_is_type(v, json_type_array))
            return fail(d, "%s: expected a list with a value per vertex", where);
        size_t n = json_object_array_length(v);
        if (n == 0 || n > DJ_MAX_VERTICES)
            return fail(d, "%s: expected 1 to %d vertices, got %zu", where, DJ_MAX_VERTICES, n);
        if (d->count_from && n != d->count)
            return fail(d, "%s: %zu vertices, but draw.vertices.%s has %u", where, n,
                        d->count_from, d->count);
        d->count = (uint32_t)n;
        d->count_from = key;
        d->attrib[a] = malloc(n * 4 * sizeof(float));
        if (!d->attrib[a])
            return fail(d, "out of memory");
        for (size_t i = 0; i < n; i++) {
            char at[256];
            snprintf(at, sizeof at, "%s[%zu]", where, i);
            float *x = d->attrib[a] + 4 * i;
            if (!vec(d, json_object_array_get_idx(v, i), at, 0, x))
                return false;
            /* GL leaves a non-finite position undefined: a job that gives
             * one is a mistake, said as such rather than drawn as nothing */
            if (a == NVGP_PIPE_ATTR_POSITION)
                for (int c = 0; c < 4; c++)
                    if (!isfinite(x[c]))
                        return fail(d, "%s[%d]: a position must be finite, not %s", at, c,
                                    isnan(x[c]) ? "NaN" : "an infinity");
        }
    }
    if (!d->attrib[NVGP_PIPE_ATTR_POSITION])
        return fail(d, "draw.vertices: missing \"position\" (or \"attrib[0]\")");
    return true;
}

/* ---- Framebuffer, viewport, probes ------------------------------------------------------ */

static bool framebuffer(dj *d, json_object *obj)
{
    static const char *const known[] = {"width", "height", "format", "clear", "clear_depth",
                                        "clear_stencil", "png", "bits", "samples", NULL};
    if (!json_object_is_type(obj, json_type_object))
        return fail(d, "draw.framebuffer: expected an object");
    json_object_object_foreach(obj, key, unused) {
        (void)unused;
        bool ok = false;
        for (const char *const *k = known; *k; k++)
            ok = ok || !strcmp(*k, key);
        if (!ok)
            return fail(d, "draw.framebuffer.%s: unknown field (width, height, format, clear, "
                           "clear_depth, clear_stencil, png, bits, samples)", key);
    }
    json_object *v;
    int64_t x = 0;
    static const char *const dims[] = {"width", "height"};
    for (int i = 0; i < 2; i++) {
        char where[64];
        snprintf(where, sizeof where, "draw.framebuffer.%s", dims[i]);
        if (!json_object_object_get_ex(obj, dims[i], &v))
            return fail(d, "%s: missing", where);
        if (!integer(d, v, where, 1, NVGP_PIPE_MAX_SIZE, &x))
            return false;
        *(i ? &d->height : &d->width) = (uint32_t)x;
    }
    if ((uint64_t)d->width * d->height > NVGP_PIPE_MAX_PIXELS)
        return fail(d, "draw.framebuffer.height: %ux%u is more than %u pixels", d->width,
                    d->height, NVGP_PIPE_MAX_PIXELS);
    if (json_object_object_get_ex(obj, "format", &v) &&
        !choice(d, v, "draw.framebuffer.format", formats, &d->format))
        return false;
    if (json_object_object_get_ex(obj, "clear", &v) &&
        !vec(d, v, "draw.framebuffer.clear", 4, d->clear))
        return false;
    if (json_object_object_get_ex(obj, "clear_depth", &v)) {
        double z;
        if (!number(d, v, "draw.framebuffer.clear_depth", &z))
            return false;
        d->clear_depth = (float)z;
    }
    if (json_object_object_get_ex(obj, "clear_stencil", &v)) {
        if (!integer(d, v, "draw.framebuffer.clear_stencil", 0, 255, &x))
            return false;
        d->clear_stencil = (uint8_t)x;
    }
    if (json_object_object_get_ex(obj, "png", &v)) {
        if (!json_object_is_type(v, json_type_string) || !json_object_get_string_len(v))
            return fail(d, "draw.framebuffer.png: expected a file name");
        d->png = json_object_get_string(v);
    }
    d->samples = 1;
    if (json_object_object_get_ex(obj, "samples", &v)) {
        if (!integer(d, v, "draw.framebuffer.samples", 1, 8, &x) || (x & (x - 1)))
            return d->failed ? false
                             : fail(d, "draw.framebuffer.samples: %lld samples: expected 1, 2, 4 "
                                       "or 8", (long long)x);
        if ((uint64_t)d->width * d->height * (uint64_t)x > NVGP_PIPE_MAX_PIXELS)
            return fail(d, "draw.framebuffer.samples: %ux%u pixels of %lld samples are more than "
                           "%u samples", d->width, d->height, (long long)x, NVGP_PIPE_MAX_PIXELS);
        d->samples = (uint32_t)x;
    }
    if (json_object_object_get_ex(obj, "bits", &v)) {
        if (!integer(d, v, "draw.framebuffer.bits", 8, 16, &x) || (x != 8 && x != 16))
            return d->failed ? false : fail(d, "draw.framebuffer.bits: expected 8 or 16");
        d->bits = (unsigned)x;
    }
    return true;
}

static bool probes(dj *d, json_object *arr)
{
    if (!json_object_is_type(arr, json_type_array))
        return fail(d, "draw.probes: expected a list of [x, y]");
    size_t n = json_object_array_length(arr);
    if (n > DJ_MAX_PROBES)
        return fail(d, "draw.probes: at most %d probes", DJ_MAX_PROBES);
    d->probes = calloc(n ? n : 1, sizeof *d->probes);
    if (!d->probes)
        return fail(d, "out of memory");
    for (size_t i = 0; i < n; i++) {
        json_object *p = json_object_array_get_idx(arr, i);
        char where[64];
        snprintf(where, sizeof where, "draw.probes[%zu]", i);
        if (!json_object_is_type(p, json_type_array) || json_object_array_length(p) != 2)
            return fail(d, "%s: expected [x, y]", where);
        for (int c = 0; c < 2; c++) {
            int64_t x = 0;
            char at[80];
            snprintf(at, sizeof at, "%s[%d]", where, c);
            if (!integer(d, json_object_array_get_idx(p, (size_t)c), at, 0,
                         (c ? d->height : d->width) - 1, &x))
                return false;
            d->probes[i][c] = (int32_t)x;
        }
    }
    d->num_probes = n;
    return true;
}

/* "viewports": ARB_viewport_array's list of [x, y, width, height] (1 to
 * 16); a geometry program's viewport index selects one.  Viewports not
 * given cover the framebuffer, as GL's initial viewports cover the window. */
static bool viewports(dj *d, json_object *arr)
{
    size_t n = json_object_is_type(arr, json_type_array) ? json_object_array_length(arr) : 0;
    if (n < 1 || n > NVGP_PIPE_VIEWPORTS)
        return fail(d, "draw.viewports: expected a list of 1 to %d [x, y, width, height]",
                    NVGP_PIPE_VIEWPORTS);
    if (d->has_viewport)
        return fail(d, "draw.viewports: give \"viewport\" or \"viewports\", not both");
    for (int i = 0; i < NVGP_PIPE_VIEWPORTS; i++) {
        d->s->viewports[i][0] = d->s->viewports[i][1] = 0;
        d->s->viewports[i][2] = (int32_t)d->width;
        d->s->viewports[i][3] = (int32_t)d->height;
    }
    static const state_row vp = {"viewports", K_RECT, 0, NULL, 0, 0};
    for (size_t i = 0; i < n; i++) {
        char where[64];
        snprintf(where, sizeof where, "draw.viewports[%zu]", i);
        state_row r = vp;
        r.at = offsetof(nvgp_pipe_state, viewports) + i * sizeof d->s->viewports[0];
        if (!state_value(d, &r, json_object_array_get_idx(arr, i), where))
            return false;
    }
    memcpy(d->s->viewport, d->s->viewports[0], sizeof d->s->viewport);
    d->s->viewport_array = true;
    return true;
}

/* The draw object: every field but "programs" and "vertices" optional. */
static bool draw_fields(dj *d, json_object *draw)
{
    static const char *const known[] = {"programs", "primitive", "vertices", "framebuffer",
                                        "viewport", "viewports", "params", "matrices", "track",
                                        "textures", "buffers", "state", "probes", NULL};
    if (!json_object_is_type(draw, json_type_object))
        return fail(d, "draw: expected an object");
    json_object_object_foreach(draw, key, unused) {
        (void)unused;
        bool ok = false;
        for (const char *const *k = known; *k; k++)
            ok = ok || !strcmp(*k, key);
        if (!ok)
            return fail(d, "draw.%s: unknown field (programs, primitive, vertices, framebuffer, "
                           "viewport, viewports, params, matrices, track, textures, buffers, "
                           "state, probes)", key);
    }
    json_object *v;
    if (!json_object_object_get_ex(draw, "framebuffer", &v))
        return fail(d, "draw.framebuffer: missing (width and height at least)");
    if (!framebuffer(d, v))
        return false;
    if (!json_object_object_get_ex(draw, "programs", &v))
        return fail(d, "draw.programs: missing; give \"vertex\", \"fragment\" or both");
    if (!programs(d, v))
        return false;
    if (!json_object_object_get_ex(draw, "vertices", &v))
        return fail(d, "draw.vertices: missing");
    if (!vertices(d, v))
        return false;
    d->prim = NVGP_PIPE_TRIANGLES;
    if (json_object_object_get_ex(draw, "primitive", &v) &&
        !choice(d, v, "draw.primitive", prims, &d->prim))
        return false;
    d->s->viewport[2] = (int32_t)d->width;
    d->s->viewport[3] = (int32_t)d->height;
    if (json_object_object_get_ex(draw, "viewport", &v)) {
        static const state_row vp = {"viewport", K_RECT, offsetof(nvgp_pipe_state, viewport),
                                     NULL, 0, 0};
        if (!state_value(d, &vp, v, "draw.viewport"))
            return false;
        d->has_viewport = true;
    }
    if (json_object_object_get_ex(draw, "viewports", &v) && !viewports(d, v))
        return false;
    if (json_object_object_get_ex(draw, "params", &v) &&
        !per_stage(d, v, "draw.params", "name: values", param))
        return false;
    if (json_object_object_get_ex(draw, "matrices", &v) && !matrices(d, v))
        return false;
    if (json_object_object_get_ex(draw, "track", &v) && !track(d, v))
        return false;
    if (json_object_object_get_ex(draw, "textures", &v) && !textures(d, v))
        return false;
    if (json_object_object_get_ex(draw, "buffers", &v) &&
        !per_stage(d, v, "draw.buffers", "\"program.buffer[a]\": data", parameter_buffer))
        return false;
    if (json_object_object_get_ex(draw, "state", &v) && !state(d, v))
        return false;
    if (json_object_object_get_ex(draw, "probes", &v) && !probes(d, v))
        return false;
    return true;
}

/* ---- Output ------------------------------------------------------------------------------ */

static bool write_png(dj *d, const nvgp_pipe_fb *fb)
{
    return nvgp_tool_png_write_fb(d->png, d->cmd, fb, d->width, d->height, d->bits);
}

static void put_float(FILE *f, float x)
{
    if (isnan(x))
        fputs("\"nan\"", f);
    else if (isinf(x))
        fputs(x > 0 ? "\"inf\"" : "\"-inf\"", f);
    else
        fprintf(f, "%.9g", (double)x);
}

static bool write_result(dj *d, const nvgp_pipe_fb *fb, FILE *f)
{
    fprintf(f, "{\n  \"framebuffer\": {\"width\": %u, \"height\": %u, \"format\": \"%s\"",
            d->width, d->height, formats[d->format == NVGP_PIPE_RGBA32F].name);
    if (d->samples > 1)
        fprintf(f, ", \"samples\": %u", d->samples);
    if (d->png) {
        fputs(", \"png\": ", f);
        json_object *s = json_object_new_string(d->png);
        fputs(s ? json_object_to_json_string_ext(s, JSON_C_TO_STRING_NOSLASHESCAPE) : "\"?\"", f);
        json_object_put(s);
    }
    fputs("},\n  \"probes\": [", f);
    for (size_t i = 0; i < d->num_probes; i++) {
        float c[4], z = 0;
        int32_t x = d->probes[i][0], y = d->probes[i][1];
        nvgp_pipe_fb_pixel(fb, x, y, c);
        nvgp_pipe_fb_depth(fb, x, y, &z);
        fprintf(f, "%s\n    {\"x\": %d, \"y\": %d, \"color\": [", i ? "," : "", x, y);
        for (int k = 0; k < 4; k++) {
            if (k)
                fputs(", ", f);
            put_float(f, c[k]);
        }
        fputs("]", f);
        if (d->format == NVGP_PIPE_RGBA8)
            fprintf(f, ", \"rgba8\": [%u, %u, %u, %u]", nvgp_tool_unorm8(c[0]), nvgp_tool_unorm8(c[1]),
                    nvgp_tool_unorm8(c[2]), nvgp_tool_unorm8(c[3]));
        fputs(", \"depth\": ", f);
        put_float(f, z);
        uint8_t st = 0;
        nvgp_pipe_fb_stencil(fb, x, y, &st);
        fprintf(f, ", \"stencil\": %u}", st);
    }
    fputs(d->num_probes ? "\n  ]\n}\n" : "]\n}\n", f);
    return !ferror(f);
}

/* ---- Driver -------------------------------------------------------------------------------- */

static int run_draw(dj *d, json_object *draw, const char *out_path)
{
    d->s = nvgp_pipe_state_create();
    if (!d->s) {
        fprintf(stderr, "nvgp %s: out of memory\n", d->cmd);
        return DJ_FAILED;
    }
    d->bits = 8;
    d->clear_depth = 1.0f;
    if (!draw_fields(d, draw)) {
        fprintf(stderr, "nvgp %s: %s: %s\n", d->cmd, d->job_name, d->err);
        return d->load_rc ? d->load_rc : DJ_FAILED;
    }
    char err[256];
    nvgp_pipe_fb *fb = nvgp_pipe_fb_create_ms(d->width, d->height, (nvgp_pipe_format)d->format,
                                              d->samples, err, sizeof err);
    if (!fb) {
        fprintf(stderr, "nvgp %s: %s: draw.framebuffer: %s\n", d->cmd, d->job_name, err);
        return DJ_FAILED;
    }
    /* the clear is not masked: it is the framebuffer's starting contents */
    nvgp_pipe_fb_clear(fb, NULL, d->clear, &d->clear_depth);
    nvgp_pipe_fb_clear_stencil(fb, NULL, d->clear_stencil);
    nvgp_pipe_vertices v;
    memset(&v, 0, sizeof v);
    v.count = d->count;
    for (int a = 0; a < NVGP_PIPE_ATTRIBS; a++)
        v.attrib[a] = d->attrib[a];
    int rc = DJ_OK;
    if (!nvgp_pipe_draw(d->s, fb, (nvgp_pipe_prim)d->prim, &v, err, sizeof err)) {
        fprintf(stderr, "nvgp %s: %s: draw: %s\n", d->cmd, d->job_name, err);
        rc = DJ_FAILED;
    } else if (d->png && !d->no_png && !write_png(d, fb)) {
        rc = DJ_USAGE;
    } else {
        bool to_stdout = !out_path || !strcmp(out_path, "-");
        FILE *f = to_stdout ? stdout : fopen(out_path, "wb");
        if (!f) {
            fprintf(stderr, "nvgp: %s: cannot open for writing\n", out_path);
            rc = DJ_USAGE;
        } else {
            bool ok = write_result(d, fb, f);
            ok = (to_stdout ? fflush(f) == 0 : fclose(f) == 0) && ok;
            if (!ok) {
                fprintf(stderr, "nvgp %s: error writing %s\n", d->cmd,
                        to_stdout ? "standard output" : out_path);
                rc = DJ_USAGE;
            }
        }
    }
    nvgp_pipe_fb_destroy(fb);
    return rc;
}

int nvgp_draw_job_run_text(const char *cmd, const char *name, const char *base_dir,
                           const char *text, size_t len, const char *out_path, bool png)
{
    json_tokener *tok = json_tokener_new();
    json_object *root = NULL;
    if (tok && len <= (size_t)INT32_MAX) {
        json_tokener_set_flags(tok, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8);
        root = json_tokener_parse_ex(tok, text, (int)len);
        if (json_tokener_get_error(tok) != json_tokener_success ||
            json_tokener_get_parse_end(tok) < len) {
            json_object_put(root);
            root = NULL;
        }
    }
    if (tok)
        json_tokener_free(tok);
    json_object *draw;
    if (!root || !json_object_is_type(root, json_type_object) ||
        !json_object_object_get_ex(root, "draw", &draw)) {
        json_object_put(root);
        return -1;
    }
    int rc = DJ_FAILED;
    json_object_object_foreach(root, key, unused) {
        (void)unused;
        if (strcmp(key, "draw") && strcmp(key, "comment")) {
            fprintf(stderr, "nvgp %s: %s: %s: a draw job has only \"draw\" and \"comment\"\n",
                    cmd, name, key);
            json_object_put(root);
            return DJ_FAILED;
        }
    }
    dj d;
    memset(&d, 0, sizeof d);
    d.cmd = cmd;
    d.job_name = name;
    d.base_dir = (char *)base_dir;
    d.no_png = !png;
    rc = run_draw(&d, draw, out_path);
    for (int a = 0; a < NVGP_PIPE_ATTRIBS; a++)
        free(d.attrib[a]);
    for (int st = 0; st < NVGP_PIPE_STAGES; st++) {
        nvgp_program_destroy(d.prog[st]);
        free(d.text[st]);
    }
    free(d.probes);
    for (int u = 0; u < NVGP_PIPE_TEXTURE_UNITS; u++)
        nvgp_texture_destroy(d.tex[u]);
    for (int st = 0; st < NVGP_PIPE_STAGES; st++)
        for (int a = 0; a < NVGP_PIPE_PARAMETER_BUFFERS; a++)
            free(d.buf[st][a]);
    nvgp_pipe_state_destroy(d.s);
    json_object_put(root);
    return rc;
}

bool nvgp_draw_job_try(const char *cmd, const char *job_path, const char *out_path, int *rc)
{
    if (!strcmp(job_path, "-"))
        return false;
    char *text = NULL, *e = NULL;
    size_t len;
    if (!nvgp_tool_read_all(job_path, NVGP_JOB_MAX_BYTES, "job file", &text, &len, &e)) {
        free(e);
        return false;   /* the ordinary runner reads it again and says why */
    }
    /* most jobs are not draw jobs: no need to parse them twice (JSON text
     * holds no raw NUL, so strstr sees all of a valid job) */
    if (!strstr(text, "\"draw\"")) {
        free(text);
        return false;
    }
    /* program paths start at the job file's folder */
    const char *slash = strrchr(job_path, '/');
    size_t dl = slash ? (size_t)(slash - job_path) : 0;
    char *dir = malloc(dl + 2);
    if (!dir) {
        free(text);
        return false;
    }
    if (slash && dl == 0) {
        strcpy(dir, "/");
    } else {
        memcpy(dir, job_path, dl);
        dir[dl] = 0;
    }
    int r = nvgp_draw_job_run_text(cmd, job_path, dir, text, len, out_path, true);
    free(dir);
    free(text);
    if (r < 0)
        return false;
    *rc = r;
    return true;
}

/* Pipeline state: GL's initial values, 4x4 matrix arithmetic, and the
 * values of the parameter bindings programs read (program.env/local,
 * state.*, the NV c[n] program parameters), by the names the translation's
 * binding map gives them. */
#include "pipeline/pipe_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void nvgp_pipe_mat_identity(float m[16])
{
    for (int i = 0; i < 16; i++)
        m[i] = i % 5 == 0 ? 1.0f : 0.0f;
}

void nvgp_pipe_mat_multiply(float out[16], const float a[16], const float b[16])
{
    float r[16];
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) {
            double sum = 0;
            for (int k = 0; k < 4; k++)
                sum += (double)a[4 * i + k] * b[4 * k + j];
            r[4 * i + j] = (float)sum;
        }
    memcpy(out, r, sizeof r);
}

void nvgp_pipe_mat_ortho(float m[16], float l, float r, float b, float t, float n, float f)
{
    nvgp_pipe_mat_identity(m);
    m[0] = 2.0f / (r - l);
    m[5] = 2.0f / (t - b);
    m[10] = -2.0f / (f - n);
    m[3] = -(r + l) / (r - l);
    m[7] = -(t + b) / (t - b);
    m[11] = -(f + n) / (f - n);
}

void pipe_mat_transpose(float out[16], const float m[16])
{
    float r[16];
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            r[4 * j + i] = m[4 * i + j];
    memcpy(out, r, sizeof r);
}

void pipe_mat_vec(float out[4], const float m[16], const float v[4])
{
    float r[4];
    for (int i = 0; i < 4; i++)
        r[i] = (float)((double)m[4 * i] * v[0] + (double)m[4 * i + 1] * v[1] +
                       (double)m[4 * i + 2] * v[2] + (double)m[4 * i + 3] * v[3]);
    memcpy(out, r, sizeof r);
}

/* Gauss-Jordan elimination with partial pivoting, in double.  A singular
 * matrix has no inverse: GL leaves its inverse undefined; nvgp gives zeros
 * (docs/pipeline.md). */
bool pipe_mat_inverse(float out[16], const float m[16])
{
    double a[4][8];
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 8; j++)
            a[i][j] = j < 4 ? m[4 * i + j] : (j - 4 == i);
    for (int c = 0; c < 4; c++) {
        int piv = c;
        for (int r = c + 1; r < 4; r++)
            if (fabs(a[r][c]) > fabs(a[piv][c]))
                piv = r;
        if (!(fabs(a[piv][c]) > 0)) {
            memset(out, 0, 16 * sizeof *out);
            return false;
        }
        for (int j = 0; j < 8; j++) {
            double t = a[c][j];
            a[c][j] = a[piv][j];
            a[piv][j] = t;
        }
        double d = a[c][c];
        for (int j = 0; j < 8; j++)
            a[c][j] /= d;
        for (int r = 0; r < 4; r++)
            if (r != c && a[r][c] != 0) {
                double f = a[r][c];
                for (int j = 0; j < 8; j++)
                    a[r][j] -= f * a[c][j];
            }
    }
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            out[4 * i + j] = (float)a[i][j + 4];
    return true;
}

static void set4(float *d, float x, float y, float z, float w)
{
    d[0] = x, d[1] = y, d[2] = z, d[3] = w;
}

nvgp_pipe_state *nvgp_pipe_state_create(void)
{
    nvgp_pipe_state *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    nvgp_pipe_mat_identity(s->modelview);
    nvgp_pipe_mat_identity(s->projection);
    for (int i = 0; i < NVGP_PIPE_TEX_MATRICES; i++)
        nvgp_pipe_mat_identity(s->texture_matrix[i]);
    for (int i = 0; i < NVGP_PIPE_PROGRAM_MATRICES; i++)
        nvgp_pipe_mat_identity(s->program_matrix[i]);
    /* current attributes: GL's initial values (normal (0,0,1), colour
     * (1,1,1,1), the rest (0,0,0,1)) */
    for (int a = 0; a < NVGP_PIPE_ATTRIBS; a++)
        set4(s->current[a], 0, 0, 0, 1);
    set4(s->current[NVGP_PIPE_ATTR_NORMAL], 0, 0, 1, 1);
    set4(s->current[NVGP_PIPE_ATTR_COLOR], 1, 1, 1, 1);
    s->depth_range[1] = 1.0f;
    /* ARB_tessellation_shader's initial PATCH_VERTICES and default levels */
    s->patch_vertices = 3;
    set4(s->patch_default_outer, 1, 1, 1, 1);
    s->patch_default_inner[0] = s->patch_default_inner[1] = 1.0f;
    s->depth_write = true;
    s->depth_func = NVGP_PIPE_LESS;
    s->alpha_func = NVGP_PIPE_ALWAYS;
    for (int f = 0; f < 2; f++) {
        s->stencil[f].func = NVGP_PIPE_ALWAYS;
        s->stencil[f].value_mask = s->stencil[f].write_mask = 0xff;
    }
    s->cull_face = NVGP_FACE_BACK;
    s->front_ccw = true;
    for (int c = 0; c < 4; c++)
        s->color_mask[c] = true;
    s->blend_src_rgb = s->blend_src_alpha = NVGP_BF_ONE;
    s->blend_dst_rgb = s->blend_dst_alpha = NVGP_BF_ZERO;
    s->blend_eq_rgb = s->blend_eq_alpha = NVGP_BE_ADD;
    s->fog_mode = NVGP_FOG_EXP;
    s->fog_density = 1.0f;
    s->fog_end = 1.0f;
    for (int f = 0; f < 2; f++) {
        set4(s->material[f].ambient, 0.2f, 0.2f, 0.2f, 1);
        set4(s->material[f].diffuse, 0.8f, 0.8f, 0.8f, 1);
        set4(s->material[f].specular, 0, 0, 0, 1);
        set4(s->material[f].emission, 0, 0, 0, 1);
    }
    for (int i = 0; i < NVGP_PIPE_LIGHTS; i++) {
        nvgp_pipe_light *l = &s->light[i];
        set4(l->ambient, 0, 0, 0, 1);
        if (i == 0) {
            set4(l->diffuse, 1, 1, 1, 1);
            set4(l->specular, 1, 1, 1, 1);
        } else {
            set4(l->diffuse, 0, 0, 0, 1);
            set4(l->specular, 0, 0, 0, 1);
        }
        set4(l->position, 0, 0, 1, 0);
        set4(l->attenuation, 1, 0, 0, 0);
        set4(l->spot_direction, 0, 0, -1, -1); /* cutoff 180: cos = -1 */
    }
    set4(s->light_model_ambient, 0.2f, 0.2f, 0.2f, 1);
    s->point_size = 1.0f;
    s->line_width = 1.0f;
    s->point_attenuation[0] = 1.0f;
    s->line_stipple_pattern = 0xffff;
    s->line_stipple_factor = 1;
    s->multisample = true;
    s->sample_mask = 0xffffffffu;
    return s;
}

void nvgp_pipe_state_destroy(nvgp_pipe_state *s)
{
    free(s);
}

bool nvgp_pipe_bind_parameter_buffer(nvgp_pipe_state *s, nvgp_pipe_stage stage, uint32_t index,
                                     const void *data, size_t bytes, char *err, size_t errlen)
{
    const char *why = pipe_parameter_buffer_check(stage, index, data, bytes);
    if (!s)
        why = "no state given";
    if (why) {
        if (err && errlen)
            snprintf(err, errlen, "%s", why);
        return false;
    }
    s->parameter_buffer[stage][index] = (nvgp_pipe_buffer){data, data ? bytes : 0};
    return true;
}

/* ---- Binding names ------------------------------------------------------------ */

static bool take(const char **p, const char *word)
{
    size_t n = strlen(word);
    if (strncmp(*p, word, n))
        return false;
    *p += n;
    return true;
}

/* "[n]" (optional: def when absent), n < limit. */
static bool take_index(const char **p, long *n, long def, long limit)
{
    if (**p != '[') {
        *n = def;
        return true;
    }
    char *end;
    long v = strtol(*p + 1, &end, 10);
    if (end == *p + 1 || *end != ']' || v < 0 || v >= limit)
        return false;
    *n = v;
    *p = end + 1;
    return true;
}

/* ".front" (optional) or ".back": the material face. */
static int take_face(const char **p)
{
    if (take(p, ".back"))
        return 1;
    take(p, ".front");
    return 0;
}

static bool matrix_binding(const nvgp_pipe_state *s, const char *p, float out[4])
{
    float m[16];
    long k = 0;
    if (take(&p, "modelview")) {
        if (!take_index(&p, &k, 0, 1))
            return false;
        memcpy(m, s->modelview, sizeof m);
    } else if (take(&p, "projection")) {
        memcpy(m, s->projection, sizeof m);
    } else if (take(&p, "mvp")) {
        nvgp_pipe_mat_multiply(m, s->projection, s->modelview);
    } else if (take(&p, "texture")) {
        if (!take_index(&p, &k, 0, NVGP_PIPE_TEX_MATRICES))
            return false;
        memcpy(m, s->texture_matrix[k], sizeof m);
    } else if (take(&p, "program")) {
        if (!take_index(&p, &k, 0, NVGP_PIPE_PROGRAM_MATRICES))
            return false;
        memcpy(m, s->program_matrix[k], sizeof m);
    } else {
        return false;   /* palette: ARB_matrix_palette is not implemented */
    }
    if (take(&p, ".inverse")) {
        pipe_mat_inverse(m, m);
    } else if (take(&p, ".transpose")) {
        pipe_mat_transpose(m, m);
    } else if (take(&p, ".invtrans")) {
        pipe_mat_inverse(m, m);
        pipe_mat_transpose(m, m);
    }
    long row;
    if (!take(&p, ".row") || *p != '[' || !take_index(&p, &row, 0, 4) || *p)
        return false;
    memcpy(out, m + 4 * row, 4 * sizeof *out);
    return true;
}

static void mul4(float *out, const float *a, const float *b)
{
    for (int c = 0; c < 4; c++)
        out[c] = a[c] * b[c];
}

static bool light_binding(const nvgp_pipe_state *s, const char *p, float out[4])
{
    long n;
    if (!take_index(&p, &n, 0, NVGP_PIPE_LIGHTS))
        return false;
    const nvgp_pipe_light *l = &s->light[n];
    const float *src = NULL;
    if (take(&p, ".ambient"))
        src = l->ambient;
    else if (take(&p, ".diffuse"))
        src = l->diffuse;
    else if (take(&p, ".specular"))
        src = l->specular;
    else if (take(&p, ".position"))
        src = l->position;
    else if (take(&p, ".attenuation"))
        src = l->attenuation;
    else if (take(&p, ".spot.direction"))
        src = l->spot_direction;
    else if (take(&p, ".half")) {
        /* ARB_vertex_program: the infinite-viewer half-angle vector,
         * normalize(normalize(light position) + (0,0,1)) */
        double v[3] = {l->position[0], l->position[1], l->position[2]};
        double len = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
        for (int c = 0; c < 3; c++)
            v[c] = len > 0 ? v[c] / len : 0;
        v[2] += 1.0;
        len = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
        for (int c = 0; c < 3; c++)
            out[c] = len > 0 ? (float)(v[c] / len) : 0.0f;
        out[3] = 1.0f;
        return *p == 0;
    }
    if (!src || *p)
        return false;
    memcpy(out, src, 4 * sizeof *out);
    return true;
}

static bool lightprod_binding(const nvgp_pipe_state *s, const char *p, float out[4])
{
    long n;
    if (!take_index(&p, &n, 0, NVGP_PIPE_LIGHTS))
        return false;
    const nvgp_pipe_material *mat = &s->material[take_face(&p)];
    const nvgp_pipe_light *l = &s->light[n];
    if (take(&p, ".ambient"))
        mul4(out, mat->ambient, l->ambient);
    else if (take(&p, ".diffuse"))
        mul4(out, mat->diffuse, l->diffuse);
    else if (take(&p, ".specular"))
        mul4(out, mat->specular, l->specular);
    else
        return false;
    /* ARB_vertex_program: the w of a product is the material's diffuse alpha */
    out[3] = mat->diffuse[3];
    return *p == 0;
}

static bool material_binding(const nvgp_pipe_state *s, const char *p, float out[4])
{
    const nvgp_pipe_material *m = &s->material[take_face(&p)];
    const float *src = NULL;
    if (take(&p, ".ambient"))
        src = m->ambient;
    else if (take(&p, ".diffuse"))
        src = m->diffuse;
    else if (take(&p, ".specular"))
        src = m->specular;
    else if (take(&p, ".emission"))
        src = m->emission;
    else if (take(&p, ".shininess")) {
        out[0] = m->shininess, out[1] = out[2] = 0, out[3] = 1;
        return *p == 0;
    }
    if (!src || *p)
        return false;
    memcpy(out, src, 4 * sizeof *out);
    return true;
}

/* The matrix a tracking entry names, transformed; false for none. */
static bool tracked_matrix(const nvgp_pipe_state *s, nvgp_pipe_track t, float m[16])
{
    if (t.matrix == NVGP_TRACK_MODELVIEW)
        memcpy(m, s->modelview, 16 * sizeof *m);
    else if (t.matrix == NVGP_TRACK_PROJECTION)
        memcpy(m, s->projection, 16 * sizeof *m);
    else if (t.matrix == NVGP_TRACK_MVP)
        nvgp_pipe_mat_multiply(m, s->projection, s->modelview);
    else if (t.matrix >= NVGP_TRACK_TEXTURE0 && t.matrix < NVGP_TRACK_TEXTURE0 + NVGP_PIPE_TEX_MATRICES)
        memcpy(m, s->texture_matrix[t.matrix - NVGP_TRACK_TEXTURE0], 16 * sizeof *m);
    else if (t.matrix >= NVGP_TRACK_PROGRAM0 &&
             t.matrix < NVGP_TRACK_PROGRAM0 + NVGP_PIPE_PROGRAM_MATRICES)
        memcpy(m, s->program_matrix[t.matrix - NVGP_TRACK_PROGRAM0], 16 * sizeof *m);
    else
        return false;
    if (t.transform == NVGP_TRACK_INVERSE || t.transform == NVGP_TRACK_INVERSE_TRANSPOSE)
        pipe_mat_inverse(m, m);
    if (t.transform == NVGP_TRACK_TRANSPOSE || t.transform == NVGP_TRACK_INVERSE_TRANSPOSE)
        pipe_mat_transpose(m, m);
    return true;
}

/* Vertex env parameter n: a tracked matrix's row where one is tracked
 * (NV_vertex_program 2.14.5: "the top row of the transformed matrix is
 * loaded into the program parameter address, ..."), else its value. */
static void vertex_env(const nvgp_pipe_state *s, long n, float out[4])
{
    float m[16];
    if (tracked_matrix(s, s->track[n / 4], m))
        memcpy(out, m + 4 * (n % 4), 4 * sizeof *out);
    else
        memcpy(out, s->env[NVGP_PIPE_VERTEX][n], 4 * sizeof *out);
}

static bool params_binding(const nvgp_pipe_state *s, nvgp_pipe_stage stage, const char *p,
                           float out[4])
{
    long n;
    if (take(&p, "program.env")) {
        if (*p != '[' || !take_index(&p, &n, 0, NVGP_PIPE_ENV_PARAMS) || *p)
            return false;
        if (stage == NVGP_PIPE_VERTEX)
            vertex_env(s, n, out);
        else
            memcpy(out, s->env[stage][n], 4 * sizeof *out);
        return true;
    }
    if (take(&p, "program.local")) {
        if (*p != '[' || !take_index(&p, &n, 0, NVGP_PIPE_LOCAL_PARAMS) || *p)
            return false;
        memcpy(out, s->local[stage][n], 4 * sizeof *out);
        return true;
    }
    /* NV_fragment_program's numbered local parameters p[n] are the
     * program's local parameters ("can be updated using the commands
     * ProgramLocalParameter4[d,dv,f,fv]ARB") */
    if (take(&p, "p[")) {
        p--;
        if (!take_index(&p, &n, 0, NVGP_PIPE_LOCAL_PARAMS) || *p)
            return false;
        memcpy(out, s->local[stage][n], 4 * sizeof *out);
        return true;
    }
    /* NV_vertex_program's program parameters c[n] are the vertex target's
     * env parameters (ARB_vertex_program, "Interactions with
     * NV_vertex_program") */
    if (take(&p, "c")) {
        if (*p != '[' || !take_index(&p, &n, 0, NVGP_PIPE_ENV_PARAMS) || *p)
            return false;
        vertex_env(s, n, out);
        return true;
    }
    return false;
}

bool pipe_state_binding(const nvgp_pipe_state *s, nvgp_pipe_stage stage, const char *name,
                        float out[4])
{
    const char *p = name;
    long n;
    if (params_binding(s, stage, name, out))
        return true;
    if (!take(&p, "state."))
        return false;
    if (take(&p, "matrix."))
        return matrix_binding(s, p, out);
    if (take(&p, "material"))
        return material_binding(s, p, out);
    if (take(&p, "lightprod"))
        return lightprod_binding(s, p, out);
    if (take(&p, "lightmodel")) {
        if (!strcmp(p, ".ambient")) {
            memcpy(out, s->light_model_ambient, 4 * sizeof *out);
            return true;
        }
        const nvgp_pipe_material *m = &s->material[take_face(&p)];
        if (strcmp(p, ".scenecolor"))
            return false;
        /* emission + ambient x light-model ambient; alpha: diffuse alpha */
        for (int c = 0; c < 3; c++)
            out[c] = m->emission[c] + m->ambient[c] * s->light_model_ambient[c];
        out[3] = m->diffuse[3];
        return true;
    }
    if (take(&p, "light"))
        return light_binding(s, p, out);
    if (!strcmp(p, "fog.color")) {
        memcpy(out, s->fog_color, 4 * sizeof *out);
        return true;
    }
    if (!strcmp(p, "fog.params")) {
        float range = s->fog_end - s->fog_start;
        set4(out, s->fog_density, s->fog_start, s->fog_end, range != 0 ? 1.0f / range : 0.0f);
        return true;
    }
    if (!strcmp(p, "depth.range")) {
        set4(out, s->depth_range[0], s->depth_range[1], s->depth_range[1] - s->depth_range[0], 1);
        return true;
    }
    if (take(&p, "clip")) {
        if (!take_index(&p, &n, 0, NVGP_PIPE_CLIP_PLANES) || strcmp(p, ".plane"))
            return false;
        memcpy(out, s->clip_plane[n], 4 * sizeof *out);
        return true;
    }
    if (!strcmp(p, "point.size")) {
        set4(out, s->point_size, 0.0f, 64.0f, 1.0f);
        return true;
    }
    if (!strcmp(p, "point.attenuation")) {
        set4(out, s->point_attenuation[0], s->point_attenuation[1], s->point_attenuation[2], 1);
        return true;
    }
    if (take(&p, "texenv")) {
        if (!take_index(&p, &n, 0, NVGP_PIPE_TEXTURE_UNITS) || strcmp(p, ".color"))
            return false;
        memcpy(out, s->texenv_color[n], 4 * sizeof *out);
        return true;
    }
    if (take(&p, "texgen")) {
        /* GL's initial planes: s = (1,0,0,0), t = (0,1,0,0), r = q = 0 */
        if (!take_index(&p, &n, 0, NVGP_PIPE_TEXTURE_UNITS) ||
            !(take(&p, ".eye.") || take(&p, ".object.")) || !p[0] || p[1])
            return false;
        set4(out, 0, 0, 0, 0);
        if (p[0] == 's')
            out[0] = 1;
        else if (p[0] == 't')
            out[1] = 1;
        else if (p[0] != 'r' && p[0] != 'q')
            return false;
        return true;
    }
    return false;
}

/* The corpus whole-draw scene (scene.h): every value is a dyadic fraction
 * except the spot cutoff cosines, which Mesa computes itself from the
 * angle (compared within the tolerance). */
#include "scene.h"

#include <math.h>
#include <string.h>

static scene the_scene;
static bool built;

static void set4(float *d, float a, float b, float c, float e)
{
    d[0] = a;
    d[1] = b;
    d[2] = c;
    d[3] = e;
}

static void build(scene *s)
{
    /* eye = (0.5 - 0.5 y, 0.25 + 0.5 x, 0.25 x - 2, 1) */
    static const float mv[16] = {0, -0.5f, 0, 0.5f, 0.5f, 0, 0, 0.25f,
                                 0.25f, 0, 1, -2, 0, 0, 0, 1};
    /* glOrtho(0, 1, -0.25, 0.75, 1, 5) */
    static const float pr[16] = {2, 0, 0, -1, 0, 2, 0, -0.5f, 0, 0, -0.5f, -1.5f, 0, 0, 0, 1};
    memcpy(s->modelview, mv, sizeof mv);
    memcpy(s->projection, pr, sizeof pr);
    for (int n = 0; n < SCENE_UNITS; n++) {
        /* mirror s and/or t, shift by multiples of 1/8 (texel-boundary safe) */
        float *m = s->texture_matrix[n];
        memset(m, 0, 16 * sizeof *m);
        m[0] = n & 1 ? -1.0f : 1.0f;
        m[5] = n & 2 ? -1.0f : 1.0f;
        m[10] = m[15] = 1;
        m[3] = 0.125f * (float)n;
        m[7] = -0.25f;
        m[11] = 0.5f;
    }
    for (int n = 0; n < SCENE_MATRICES; n++) {
        float k = (float)n;
        const float pm[16] = {1, 0.5f, 0, 0.25f * k, 0, 2, 0.25f, -1,
                              0.5f, 0, 1, 0.5f, 0, 0, 0.125f * k, 1};
        memcpy(s->program_matrix[n], pm, sizeof pm);
    }
    static const float cutoff[SCENE_LIGHTS] = {60, 90, 45, 30, 75, 20, 89, 10};
    for (int n = 0; n < SCENE_LIGHTS; n++) {
        scene_light *l = &s->light[n];
        float k = (float)n;
        set4(l->ambient, 0.125f * (k + 1), 0.0625f * k, 0.25f, 1);
        set4(l->diffuse, 0.5f, 0.25f + 0.0625f * k, 0.75f, 0.5f + 0.0625f * k);
        set4(l->specular, 0.25f * (float)(n % 4), 0.5f, 0.125f, 1);
        set4(l->position, k - 3.5f, 1, 2, n % 2 ? 0.0f : 1.0f);
        l->attenuation[0] = 1;
        l->attenuation[1] = 0.5f;
        l->attenuation[2] = 0.25f * k;
        l->spot_direction[0] = 0.5f - 0.25f * k;
        l->spot_direction[1] = -0.5f;
        l->spot_direction[2] = -1;
        l->spot_exponent = 2 * k;
        l->spot_cutoff_deg = cutoff[n];
        l->spot_cutoff_cos = (float)cos((double)cutoff[n] * 3.14159265358979323846 / 180.0);
    }
    scene_material *f = &s->material[0], *b = &s->material[1];
    set4(f->ambient, 0.25f, 0.5f, 0.75f, 1);
    set4(f->diffuse, 0.5f, 0.25f, 0.125f, 0.75f);
    set4(f->specular, 1, 0.5f, 0.25f, 0.5f);
    set4(f->emission, 0.125f, 0.0625f, 0.25f, 1);
    f->shininess = 16;
    set4(b->ambient, 0.75f, 0.125f, 0.5f, 0.25f);
    set4(b->diffuse, 0.0625f, 0.875f, 0.5f, 1);
    set4(b->specular, 0.5f, 0.5f, 1, 0.125f);
    set4(b->emission, 0.25f, 0.375f, 0.0625f, 0.5f);
    b->shininess = 4;
    set4(s->light_model_ambient, 0.25f, 0.125f, 0.0625f, 0.5f);
    set4(s->fog_color, 0.25f, 0.5f, 0.75f, 0.5f);
    s->fog_density = 0.75f;
    s->fog_start = 0.5f;
    s->fog_end = 4.5f;
    for (int n = 0; n < SCENE_UNITS; n++)
        set4(s->texenv_color[n], 0.125f * (float)n, 0.5f, 1 - 0.125f * (float)n, 0.25f);
    s->depth_range[0] = 0.25f;
    s->depth_range[1] = 0.75f;
    for (int p = 0; p < 6; p++)
        set4(s->clip_plane[p], 1, -0.5f, 0.25f * (float)p, 2 - (float)p);
    s->point_size = 2;
    /* the pipeline's state.point.size is (size, 0, 64, 1): GL's initial
     * minimum and fade threshold, and its own maximum */
    s->point_min = 0;
    s->point_max = 64;
    s->point_fade = 1;
    s->point_attenuation[0] = 1;
    s->point_attenuation[1] = 0.25f;
    s->point_attenuation[2] = 0.125f;

    for (int v = 0; v < SCENE_VERTS; v++) {
        float x = (float)(v & 1), y = (float)(v >> 1);
        float(*a)[SCENE_VERTS][4] = s->attrib;
        set4(a[0][v], 2 * x - 1, 2 * y - 1, 0, 1);
        set4(a[1][v], 0.5f + 0.25f * x, 0.25f, 0, 1);
        set4(a[2][v], x - 0.5f, 0.5f * y, 0.75f, 1);
        set4(a[3][v], x, y, 0.25f, 0.5f + 0.5f * x);
        set4(a[4][v], 0.5f * y, 0.25f, x, 1);
        set4(a[5][v], 0.5f + 2 * x + y, 0, 0, 1);
        set4(a[6][v], 2 * x - 0.5f, y + 0.25f, 0.125f, -1);
        set4(a[7][v], -y, 0.75f * x, 2, 0.5f);
        /* texcoord n: s, t in [0, 3] + n/8, n/4 (3 (x + 0.5) / 8 is never
         * a multiple of 1/4 or 1); r = 4.375 keeps cube lookups on +Z and
         * 3D lookups inside a slice; q = 2 on odd sets for TXP */
        for (int n = 0; n < SCENE_UNITS; n++)
            set4(a[8 + n][v], 3 * x + 0.125f * (float)n, 3 * y + 0.25f * (float)n, 4.375f,
                 n % 2 ? 2.0f : 1.0f);
    }
}

const scene *scene_get(void)
{
    if (!built) {
        build(&the_scene);
        built = true;
    }
    return &the_scene;
}

void scene_param(bool vertex, bool local, int i, float v[4])
{
    float k = (float)i, sgn = vertex ? -1.0f : 1.0f;
    v[0] = 0.5f + 0.25f * k + (local ? 0.125f : 0.0f);
    v[1] = sgn * (-1.25f + 0.5f * (float)(i % 9));
    v[2] = 2.0f - 0.375f * (float)(i % 13) - (local ? 1.0f : 0.0f);
    v[3] = 0.75f + 0.125f * (float)(i % 5) * (local ? -1.0f : 1.0f);
}

void scene_texel(int unit, scene_target t, int x, int y, int z, float v[4])
{
    v[0] = 0.125f * (float)(x + 1) + 0.0625f * (float)t;
    v[1] = 0.125f * (float)(y + 1) + 0.0625f * (float)unit;
    v[2] = 0.125f * (float)(z + 1);
    v[3] = 1 - 0.0625f * (float)(x + y);
}

/* Mesa's side of the corpus whole-draw test (corpus_draw.c): renders many
 * vertex + fragment program pairs on one Mesa context (GALLIUM_DRIVER
 * picks softpipe or llvmpipe) with the GL state, vertex arrays and
 * textures of scene.h, into an RGBA32F framebuffer of SCENE_W x SCENE_H
 * with colour clamping off.  Every texture unit 0..7 has a 1D, 2D, 3D,
 * cube map and rectangle texture bound (NEAREST, GL's default wraps), so a
 * program samples whichever target it names.  Generic vertex attributes
 * 1..15 hold the values their conventional aliases have under
 * NV_vertex_program's aliasing, which nvgp's pipeline uses: a program gets
 * the same inputs either way.
 *
 * usage: mesa_scene LIST
 * LIST lines: "VP FP OUT" (VP "-": fixed-function vertex stage).  Writes
 * OUT (W*H RGBA float32, bottom row first) or, when Mesa rejects a
 * program, OUT.rej with Mesa's error string.  Built by corpus_draw.sh with
 * the system compiler (links libEGL), outside the CMake build, so that the
 * project builds without Mesa's development files. */
#define _POSIX_C_SOURCE 200809L
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mesa_gl.h"
#include "scene.h"

#define GL_ENTRY_POINTS(X)                                                                   \
    MESA_GL_ENTRY_POINTS(X)                                                                  \
    X(void, glMatrixMode, (GLenum))                                                          \
    X(void, glLoadMatrixf, (const GLfloat *))                                                \
    X(void, glLightfv, (GLenum, GLenum, const GLfloat *))                                    \
    X(void, glLightf, (GLenum, GLenum, GLfloat))                                             \
    X(void, glMaterialfv, (GLenum, GLenum, const GLfloat *))                                 \
    X(void, glMaterialf, (GLenum, GLenum, GLfloat))                                          \
    X(void, glLightModelfv, (GLenum, const GLfloat *))                                       \
    X(void, glFogfv, (GLenum, const GLfloat *))                                              \
    X(void, glFogf, (GLenum, GLfloat))                                                       \
    X(void, glTexEnvfv, (GLenum, GLenum, const GLfloat *))                                   \
    X(void, glDepthRange, (GLdouble, GLdouble))                                              \
    X(void, glClipPlane, (GLenum, const GLdouble *))                                         \
    X(void, glPointSize, (GLfloat))                                                          \
    X(void, glPointParameterf, (GLenum, GLfloat))                                            \
    X(void, glPointParameterfv, (GLenum, const GLfloat *))                                   \
    X(void, glNormalPointer, (GLenum, GLsizei, const void *))                                \
    X(void, glSecondaryColorPointer, (GLint, GLenum, GLsizei, const void *))                 \
    X(void, glFogCoordPointer, (GLenum, GLsizei, const void *))                              \
    X(void, glVertexAttribPointer, (GLuint, GLint, GLenum, GLboolean, GLsizei, const void *)) \
    X(void, glEnableVertexAttribArray, (GLuint))                                             \
    X(void, glTexImage3D, (GLenum, GLint, GLint, GLsizei, GLsizei, GLsizei, GLint, GLenum,   \
                           GLenum, const void *))

#define DECLARE(ret, name, args) static ret(*name##_) args;
GL_ENTRY_POINTS(DECLARE)
#undef DECLARE

static int fail(const char *what)
{
    fprintf(stderr, "mesa_scene: %s\n", what);
    return 2;
}

#include "mesa_load.h"

/* GL takes column-major matrices; the scene's are row-major. */
static void load_matrix(GLenum mode, const float *m)
{
    float t[16];
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 4; c++)
            t[4 * c + r] = m[4 * r + c];
    glMatrixMode_(mode);
    glLoadMatrixf_(t);
}

static void set_state(void)
{
    const scene *s = scene_get();
    static const float identity[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    /* lights and clip planes are given in eye coordinates: GL transforms
     * them by the modelview current when they are set */
    load_matrix(GL_MODELVIEW, identity);
    for (int n = 0; n < SCENE_LIGHTS; n++) {
        const scene_light *l = &s->light[n];
        GLenum L = GL_LIGHT0 + (GLenum)n;
        glLightfv_(L, GL_AMBIENT, l->ambient);
        glLightfv_(L, GL_DIFFUSE, l->diffuse);
        glLightfv_(L, GL_SPECULAR, l->specular);
        glLightfv_(L, GL_POSITION, l->position);
        glLightfv_(L, GL_SPOT_DIRECTION, l->spot_direction);
        glLightf_(L, GL_SPOT_EXPONENT, l->spot_exponent);
        glLightf_(L, GL_SPOT_CUTOFF, l->spot_cutoff_deg);
        glLightf_(L, GL_CONSTANT_ATTENUATION, l->attenuation[0]);
        glLightf_(L, GL_LINEAR_ATTENUATION, l->attenuation[1]);
        glLightf_(L, GL_QUADRATIC_ATTENUATION, l->attenuation[2]);
    }
    for (int p = 0; p < 6; p++) {
        GLdouble eq[4] = {s->clip_plane[p][0], s->clip_plane[p][1], s->clip_plane[p][2],
                          s->clip_plane[p][3]};
        glClipPlane_(GL_CLIP_PLANE0 + (GLenum)p, eq);
    }
    load_matrix(GL_MODELVIEW, s->modelview);
    load_matrix(GL_PROJECTION, s->projection);
    for (int n = 0; n < SCENE_MATRICES; n++)
        load_matrix(GL_MATRIX0_ARB + (GLenum)n, s->program_matrix[n]);
    for (int u = 0; u < SCENE_UNITS; u++) {
        glActiveTexture_(GL_TEXTURE0 + (GLenum)u);
        load_matrix(GL_TEXTURE, s->texture_matrix[u]);
        glTexEnvfv_(GL_TEXTURE_ENV, GL_TEXTURE_ENV_COLOR, s->texenv_color[u]);
    }
    glActiveTexture_(GL_TEXTURE0);
    glMatrixMode_(GL_MODELVIEW);
    static const GLenum face[2] = {GL_FRONT, GL_BACK};
    for (int f = 0; f < 2; f++) {
        const scene_material *m = &s->material[f];
        glMaterialfv_(face[f], GL_AMBIENT, m->ambient);
        glMaterialfv_(face[f], GL_DIFFUSE, m->diffuse);
        glMaterialfv_(face[f], GL_SPECULAR, m->specular);
        glMaterialfv_(face[f], GL_EMISSION, m->emission);
        glMaterialf_(face[f], GL_SHININESS, m->shininess);
    }
    glLightModelfv_(GL_LIGHT_MODEL_AMBIENT, s->light_model_ambient);
    glFogfv_(GL_FOG_COLOR, s->fog_color);
    glFogf_(GL_FOG_DENSITY, s->fog_density);
    glFogf_(GL_FOG_START, s->fog_start);
    glFogf_(GL_FOG_END, s->fog_end);
    glDepthRange_(s->depth_range[0], s->depth_range[1]);
    glPointSize_(s->point_size);
    glPointParameterf_(GL_POINT_SIZE_MIN, s->point_min);
    glPointParameterf_(GL_POINT_SIZE_MAX, s->point_max);
    glPointParameterf_(GL_POINT_FADE_THRESHOLD_SIZE, s->point_fade);
    glPointParameterfv_(GL_POINT_DISTANCE_ATTENUATION, s->point_attenuation);

    /* vertex arrays: conventional ones and generic 1..15 (see the top) */
    static float normal[SCENE_VERTS][3], secondary[SCENE_VERTS][3], fog[SCENE_VERTS];
    for (int v = 0; v < SCENE_VERTS; v++) {
        memcpy(normal[v], s->attrib[2][v], sizeof normal[v]);
        memcpy(secondary[v], s->attrib[4][v], sizeof secondary[v]);
        fog[v] = s->attrib[5][v][0];
    }
    glEnableClientState_(GL_VERTEX_ARRAY);
    glVertexPointer_(4, GL_FLOAT, 0, s->attrib[0]);
    glEnableClientState_(GL_NORMAL_ARRAY);
    glNormalPointer_(GL_FLOAT, 0, normal);
    glEnableClientState_(GL_COLOR_ARRAY);
    glColorPointer_(4, GL_FLOAT, 0, s->attrib[3]);
    glEnableClientState_(GL_SECONDARY_COLOR_ARRAY);
    glSecondaryColorPointer_(3, GL_FLOAT, 0, secondary);
    glEnableClientState_(GL_FOG_COORD_ARRAY);
    glFogCoordPointer_(GL_FLOAT, 0, fog);
    for (int u = 0; u < SCENE_UNITS; u++) {
        glClientActiveTexture_(GL_TEXTURE0 + (GLenum)u);
        glEnableClientState_(GL_TEXTURE_COORD_ARRAY);
        glTexCoordPointer_(4, GL_FLOAT, 0, s->attrib[8 + u]);
    }
    glClientActiveTexture_(GL_TEXTURE0);
    for (GLuint a = 1; a < 16; a++) {
        glEnableVertexAttribArray_(a);
        glVertexAttribPointer_(a, 4, GL_FLOAT, GL_FALSE, 0, s->attrib[a]);
    }
    static const GLenum targets[2] = {GL_VERTEX_PROGRAM_ARB, GL_FRAGMENT_PROGRAM_ARB};
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < SCENE_PARAMS; i++) {
            float v[4];
            scene_param(k == 0, false, i, v);
            glProgramEnvParameter4fvARB_(targets[k], (GLuint)i, v);
        }
}

static void make_textures(void)
{
    static const GLenum target[SCENE_TARGETS] = {GL_TEXTURE_1D, GL_TEXTURE_2D, GL_TEXTURE_3D,
                                                 GL_TEXTURE_CUBE_MAP,
                                                 GL_TEXTURE_RECTANGLE_ARB};
    enum { N = SCENE_TEX };
    static float texels[6][N * N * N * 4];
    for (int u = 0; u < SCENE_UNITS; u++) {
        glActiveTexture_(GL_TEXTURE0 + (GLenum)u);
        for (int t = 0; t < SCENE_TARGETS; t++) {
            int rows = t == SCENE_1D ? 1 : N, slices = t == SCENE_3D ? N : 1;
            int images = t == SCENE_CUBE ? 6 : 1;
            for (int f = 0; f < images; f++)
                for (int z = 0; z < slices; z++)
                    for (int y = 0; y < rows; y++)
                        for (int x = 0; x < N; x++)
                            scene_texel(u, (scene_target)t, x, y, t == SCENE_CUBE ? f : z,
                                        texels[f] + 4 * ((z * N + y) * N + x));
            GLuint id;
            glGenTextures_(1, &id);
            glBindTexture_(target[t], id);
            glTexParameteri_(target[t], GL_TEXTURE_MIN_FILTER, GL_NEAREST);
            glTexParameteri_(target[t], GL_TEXTURE_MAG_FILTER, GL_NEAREST);
            if (t == SCENE_1D)
                glTexImage1D_(target[t], 0, GL_RGBA32F, N, 0, GL_RGBA, GL_FLOAT, texels[0]);
            else if (t == SCENE_3D)
                glTexImage3D_(target[t], 0, GL_RGBA32F, N, N, N, 0, GL_RGBA, GL_FLOAT, texels[0]);
            else if (t == SCENE_CUBE)
                for (int f = 0; f < 6; f++)
                    glTexImage2D_(GL_TEXTURE_CUBE_MAP_POSITIVE_X + (GLenum)f, 0, GL_RGBA32F, N, N,
                                  0, GL_RGBA, GL_FLOAT, texels[f]);
            else
                glTexImage2D_(target[t], 0, GL_RGBA32F, N, N, 0, GL_RGBA, GL_FLOAT, texels[0]);
        }
    }
    glActiveTexture_(GL_TEXTURE0);
}

int main(int argc, char **argv)
{
    if (argc != 2)
        return fail("usage: mesa_scene LIST");
    enum { W = SCENE_W, H = SCENE_H };
    FILE *list = fopen(argv[1], "r");
    if (!list)
        return fail("unreadable list");
    EGLDisplay dpy;
    EGLContext ctx;
    const char *failed = start_mesa(W, H, &dpy, &ctx);
    if (failed)
        return fail(failed);
    make_textures();
    set_state();
    glDisable_(GL_DITHER);
    glViewport_(0, 0, W, H);
    glClearColor_(0, 0, 0, 0);
    while (glGetError_() != GL_NO_ERROR) {
    }

    static const GLenum targets[2] = {GL_VERTEX_PROGRAM_ARB, GL_FRAGMENT_PROGRAM_ARB};
    float *px = malloc((size_t)W * H * 16);
    char vp[4096], fp[4096], out[4096];
    while (px && fscanf(list, "%4095s %4095s %4095s", vp, fp, out) == 3) {
        GLuint ids[2] = {0, 0};
        const char *why = NULL;
        glDisable_(GL_VERTEX_PROGRAM_ARB);
        if (strcmp(vp, "-") != 0) {
            why = load(GL_VERTEX_PROGRAM_ARB, vp, &ids[0]);
            glEnable_(GL_VERTEX_PROGRAM_ARB);
        }
        if (!why) {
            why = load(GL_FRAGMENT_PROGRAM_ARB, fp, &ids[1]);
            glEnable_(GL_FRAGMENT_PROGRAM_ARB);
        }
        /* local parameters belong to the program object */
        for (int k = 0; k < 2 && !why; k++)
            for (int i = 0; i < SCENE_PARAMS; i++) {
                float v[4];
                scene_param(k == 0, true, i, v);
                glProgramLocalParameter4fvARB_(targets[k], (GLuint)i, v);
            }
        char path[4200];
        if (why) {
            snprintf(path, sizeof path, "%s.rej", out);
            FILE *f = fopen(path, "w");
            if (f) {
                fprintf(f, "%s\n", why);
                fclose(f);
            }
        } else {
            glClear_(GL_COLOR_BUFFER_BIT);
            glDrawArrays_(GL_TRIANGLE_STRIP, 0, SCENE_VERTS);
            glPixelStorei_(GL_PACK_ALIGNMENT, 1);
            glReadPixels_(0, 0, W, H, GL_RGBA, GL_FLOAT, px);
            FILE *f = fopen(out, "wb");
            if (!f || fwrite(px, 16, (size_t)W * H, f) != (size_t)W * H)
                return fail("cannot write a result");
            fclose(f);
        }
        glBindProgramARB_(GL_VERTEX_PROGRAM_ARB, 0);
        glBindProgramARB_(GL_FRAGMENT_PROGRAM_ARB, 0);
        glDeleteProgramsARB_(2, ids);
    }
    free(px);
    fclose(list);
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(dpy, ctx);
    eglTerminate(dpy);
    return 0;
}

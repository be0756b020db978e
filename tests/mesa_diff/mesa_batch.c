/* Renders many ARB program pairs on one Mesa context (softpipe or
 * llvmpipe, GALLIUM_DRIVER picks), so that a differential run pays Mesa's
 * context start once instead of once per program.  The draw is the
 * ../shared/tools/mesa-oracle harness's: a full-viewport quad as a
 * 4-vertex strip at (+-1, +-1, 0, 1), colour (s, t, 0.25, 1), texcoord[0]
 * (s, t, 0, 1), texcoord[1] (s W, t H, 0, 1), identity matrices, an RGBA32F
 * framebuffer cleared to 0 with colour clamping off.  program.env[i] and
 * program.local[i] (i < 8) of both targets hold gen_param_value's values;
 * texture units 0..2 hold gen_arb.h's textures.
 *
 * usage: mesa_batch W H LIST
 * LIST lines: "VP FP OUT" (VP "-": fixed-function vertex stage).  Writes
 * OUT (W*H RGBA float32, bottom row first) or, when Mesa rejects a
 * program, OUT.rej with Mesa's error string.  Built by mesa_diff.sh with
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
#include "gen_arb.h"

#define GL_ENTRY_POINTS(X) MESA_GL_ENTRY_POINTS(X)

#define DECLARE(ret, name, args) static ret(*name##_) args;
GL_ENTRY_POINTS(DECLARE)
#undef DECLARE

static int fail(const char *what)
{
    fprintf(stderr, "mesa_batch: %s\n", what);
    return 2;
}

#include "mesa_load.h"

int main(int argc, char **argv)
{
    if (argc != 4)
        return fail("usage: mesa_batch W H LIST");
    int W = atoi(argv[1]), H = atoi(argv[2]);
    FILE *list = fopen(argv[3], "r");
    if (W <= 0 || H <= 0 || W > 4096 || H > 4096 || !list)
        return fail("bad size or unreadable list");
    EGLDisplay dpy;
    EGLContext ctx;
    const char *failed = start_mesa(W, H, &dpy, &ctx);
    if (failed)
        return fail(failed);

    /* the textures of gen_arb.h: 2D on unit 0, RECT on 1, 1D on 2 */
    static const GLenum tex_target[GEN_TEX_UNITS] = {GL_TEXTURE_2D, GL_TEXTURE_RECTANGLE_ARB,
                                                     GL_TEXTURE_1D};
    for (int u = 0; u < GEN_TEX_UNITS; u++) {
        float texels[GEN_TEX_SIZE * GEN_TEX_SIZE * 4];
        int rows = tex_target[u] == GL_TEXTURE_1D ? 1 : GEN_TEX_SIZE;
        for (int y = 0; y < rows; y++)
            for (int x = 0; x < GEN_TEX_SIZE; x++)
                gen_texel(u, x, y, texels + 4 * (y * GEN_TEX_SIZE + x));
        GLuint t;
        glActiveTexture_(GL_TEXTURE0 + (GLenum)u);
        glGenTextures_(1, &t);
        glBindTexture_(tex_target[u], t);
        glTexParameteri_(tex_target[u], GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTexParameteri_(tex_target[u], GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        if (rows == 1)
            glTexImage1D_(GL_TEXTURE_1D, 0, GL_RGBA32F, GEN_TEX_SIZE, 0, GL_RGBA, GL_FLOAT, texels);
        else
            glTexImage2D_(tex_target[u], 0, GL_RGBA32F, GEN_TEX_SIZE, GEN_TEX_SIZE, 0, GL_RGBA,
                          GL_FLOAT, texels);
    }
    glActiveTexture_(GL_TEXTURE0);
    static const float pos[16] = {-1, -1, 0, 1, 1, -1, 0, 1, -1, 1, 0, 1, 1, 1, 0, 1};
    float tc0[16], tc1[16], col[16];
    for (int v = 0; v < 4; v++) {
        float s = (float)(v & 1), t = (float)(v >> 1);
        float a[4] = {s, t, 0, 1}, b[4] = {s * W, t * H, 0, 1}, c[4] = {s, t, 0.25f, 1};
        memcpy(tc0 + 4 * v, a, sizeof a);
        memcpy(tc1 + 4 * v, b, sizeof b);
        memcpy(col + 4 * v, c, sizeof c);
    }
    glEnableClientState_(GL_VERTEX_ARRAY);
    glVertexPointer_(4, GL_FLOAT, 0, pos);
    glEnableClientState_(GL_COLOR_ARRAY);
    glColorPointer_(4, GL_FLOAT, 0, col);
    glClientActiveTexture_(GL_TEXTURE0);
    glEnableClientState_(GL_TEXTURE_COORD_ARRAY);
    glTexCoordPointer_(4, GL_FLOAT, 0, tc0);
    glClientActiveTexture_(GL_TEXTURE1);
    glEnableClientState_(GL_TEXTURE_COORD_ARRAY);
    glTexCoordPointer_(4, GL_FLOAT, 0, tc1);
    glClientActiveTexture_(GL_TEXTURE0);
    glDisable_(GL_DITHER);
    glViewport_(0, 0, W, H);
    glClearColor_(0, 0, 0, 0);
    static const GLenum targets[2] = {GL_VERTEX_PROGRAM_ARB, GL_FRAGMENT_PROGRAM_ARB};
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < GEN_PARAMS; i++) {
            float v[4];
            gen_param_value(false, i, v);
            glProgramEnvParameter4fvARB_(targets[k], (GLuint)i, v);
        }

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
            for (int i = 0; i < GEN_PARAMS; i++) {
                float v[4];
                gen_param_value(true, i, v);
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
            glDrawArrays_(GL_TRIANGLE_STRIP, 0, 4);
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

/* Starting Mesa, and reading a program file and loading it into Mesa,
 * shared by the Mesa driver programs (mesa_batch.c, mesa_scene.c).
 * Include after the file's GL_ENTRY_POINTS(DECLARE): it loads those entry
 * points and calls the ones of mesa_gl.h. */
#ifndef NVGP_TESTS_MESA_LOAD_H
#define NVGP_TESTS_MESA_LOAD_H

/* Makes a compatibility context on Mesa's surfaceless EGL display current,
 * loads GL_ENTRY_POINTS and binds a W x H RGBA32F framebuffer with colour
 * clamping off; NULL on success, else what failed. */
static const char *start_mesa(int W, int H, EGLDisplay *dpy_out, EGLContext *ctx_out)
{
    PFNEGLGETPLATFORMDISPLAYEXTPROC get_display =
        (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
    EGLDisplay dpy = get_display ? get_display(EGL_PLATFORM_SURFACELESS_MESA,
                                               EGL_DEFAULT_DISPLAY, NULL)
                                 : EGL_NO_DISPLAY;
    if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, NULL, NULL) ||
        !eglBindAPI(EGL_OPENGL_API))
        return "no surfaceless EGL display";
    const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0,
                              EGL_CONTEXT_OPENGL_PROFILE_MASK,
                              EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT, EGL_NONE};
    EGLContext ctx = eglCreateContext(dpy, (EGLConfig)0, EGL_NO_CONTEXT, attribs);
    if (ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx))
        return "no compatibility context";
    *dpy_out = dpy;
    *ctx_out = ctx;
#define LOAD(ret, name, args)                                                                \
    name##_ = (ret(*) args)eglGetProcAddress(#name);                                         \
    if (!name##_)                                                                            \
        return "missing " #name;
    GL_ENTRY_POINTS(LOAD)
#undef LOAD

    GLuint tex, fbo;
    glGenTextures_(1, &tex);
    glBindTexture_(GL_TEXTURE_2D, tex);
    glTexParameteri_(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri_(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexImage2D_(GL_TEXTURE_2D, 0, GL_RGBA32F, W, H, 0, GL_RGBA, GL_FLOAT, NULL);
    glGenFramebuffers_(1, &fbo);
    glBindFramebuffer_(GL_FRAMEBUFFER, fbo);
    glFramebufferTexture2D_(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
    glBindTexture_(GL_TEXTURE_2D, 0);
    if (glCheckFramebufferStatus_(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
        return "RGBA32F framebuffer incomplete";
    glClampColor_(GL_CLAMP_FRAGMENT_COLOR, GL_FALSE);
    glClampColor_(GL_CLAMP_VERTEX_COLOR, GL_FALSE);
    glClampColor_(GL_CLAMP_READ_COLOR, GL_FALSE);
    return NULL;
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (s && fread(s, 1, (size_t)n, f) != (size_t)n) {
        free(s);
        s = NULL;
    }
    if (s)
        s[n] = 0;
    fclose(f);
    return s;
}

/* Loads the program in path for target into a fresh object; NULL on
 * success, else Mesa's error string (static). */
static const char *load(GLenum target, const char *path, GLuint *id)
{
    static char why[512];
    char *src = slurp(path);
    if (!src)
        return "cannot read the program";
    glGenProgramsARB_(1, id);
    glBindProgramARB_(target, *id);
    while (glGetError_() != GL_NO_ERROR) {
    }
    glProgramStringARB_(target, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(src), src);
    free(src);
    GLenum e = glGetError_();
    GLint pos = -1;
    glGetIntegerv_(GL_PROGRAM_ERROR_POSITION_ARB, &pos);
    if (e == GL_NO_ERROR && pos == -1)
        return NULL;
    const char *s = (const char *)glGetString_(GL_PROGRAM_ERROR_STRING_ARB);
    snprintf(why, sizeof why, "error 0x%04x at %d: %s", e, pos, s ? s : "");
    return why;
}

#endif

/* Reading a program file and loading it into Mesa, shared by the Mesa
 * driver programs (mesa_batch.c, mesa_scene.c).  Include after the file's
 * GL_ENTRY_POINTS(DECLARE): it calls glGenProgramsARB_, glBindProgramARB_,
 * glProgramStringARB_, glGetError_, glGetIntegerv_ and glGetString_. */
#ifndef NVGP_TESTS_MESA_LOAD_H
#define NVGP_TESTS_MESA_LOAD_H

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

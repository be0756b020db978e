/* The GL entry points both Mesa driver programs (mesa_batch.c,
 * mesa_scene.c) call, as an X-macro list X(return type, name, (arguments)).
 * Each file's GL_ENTRY_POINTS(X) is this list plus what it alone needs;
 * mesa_load.h loads them. */
#ifndef NVGP_TESTS_MESA_GL_H
#define NVGP_TESTS_MESA_GL_H

#define MESA_GL_ENTRY_POINTS(X)                                                              \
    X(GLenum, glGetError, (void))                                                            \
    X(const GLubyte *, glGetString, (GLenum))                                                \
    X(void, glGetIntegerv, (GLenum, GLint *))                                                \
    X(void, glViewport, (GLint, GLint, GLsizei, GLsizei))                                    \
    X(void, glClearColor, (GLfloat, GLfloat, GLfloat, GLfloat))                              \
    X(void, glClear, (GLbitfield))                                                           \
    X(void, glFinish, (void))                                                                \
    X(void, glReadPixels, (GLint, GLint, GLsizei, GLsizei, GLenum, GLenum, void *))          \
    X(void, glEnable, (GLenum))                                                              \
    X(void, glDisable, (GLenum))                                                             \
    X(void, glPixelStorei, (GLenum, GLint))                                                  \
    X(void, glGenTextures, (GLsizei, GLuint *))                                              \
    X(void, glBindTexture, (GLenum, GLuint))                                                 \
    X(void, glTexImage2D, (GLenum, GLint, GLint, GLsizei, GLsizei, GLint, GLenum, GLenum,    \
                           const void *))                                                    \
    X(void, glTexParameteri, (GLenum, GLenum, GLint))                                        \
    X(void, glTexImage1D, (GLenum, GLint, GLint, GLsizei, GLint, GLenum, GLenum, const void *)) \
    X(void, glActiveTexture, (GLenum))                                                       \
    X(void, glGenFramebuffers, (GLsizei, GLuint *))                                          \
    X(void, glBindFramebuffer, (GLenum, GLuint))                                             \
    X(void, glFramebufferTexture2D, (GLenum, GLenum, GLenum, GLuint, GLint))                 \
    X(GLenum, glCheckFramebufferStatus, (GLenum))                                            \
    X(void, glGenProgramsARB, (GLsizei, GLuint *))                                           \
    X(void, glDeleteProgramsARB, (GLsizei, const GLuint *))                                  \
    X(void, glBindProgramARB, (GLenum, GLuint))                                              \
    X(void, glProgramStringARB, (GLenum, GLenum, GLsizei, const void *))                     \
    X(void, glProgramEnvParameter4fvARB, (GLenum, GLuint, const GLfloat *))                  \
    X(void, glProgramLocalParameter4fvARB, (GLenum, GLuint, const GLfloat *))                \
    X(void, glClampColor, (GLenum, GLenum))                                                  \
    X(void, glEnableClientState, (GLenum))                                                   \
    X(void, glClientActiveTexture, (GLenum))                                                 \
    X(void, glVertexPointer, (GLint, GLenum, GLsizei, const void *))                         \
    X(void, glTexCoordPointer, (GLint, GLenum, GLsizei, const void *))                       \
    X(void, glColorPointer, (GLint, GLenum, GLsizei, const void *))                          \
    X(void, glDrawArrays, (GLenum, GLint, GLsizei))

#endif

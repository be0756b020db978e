/* piglit's vpfp-generic files of the corpus (NV_vertex_program + ARBfp1.0
 * pairs): each !!test block's parameters are set, a quad covering the
 * window is drawn with ortho(0,1,0,1) and c[0..3] tracking the
 * modelview-projection matrix (TrackMatrixNV(.., 0, MODELVIEW_PROJECTION,
 * IDENTITY)), and the centre pixel must be the block's `expected` colour
 * within piglit's tolerance (0.01).  Parameters and texcoords persist from
 * one block to the next, as GL state does.  Exit 77 without the corpus. */
#include "nvgp_pipeline.h"

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { SIZE = 32 };

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = calloc(1, 1 << 16);
    size_t n = buf ? fread(buf, 1, (1 << 16) - 1, f) : 0;
    (void)n;
    fclose(f);
    return buf;
}

static nvgp_program *load(const char *text, size_t len, nvgp_target target)
{
    nvgp_diag *d = NULL;
    nvgp_program *p = nvgp_program_create_for(target, "vpfp", text, len, &d);
    if (!p && d)
        nvgp_diag_print(d, stderr);
    nvgp_diag_destroy(d);
    return p;
}

static int run_test(nvgp_pipe_state *s, nvgp_pipe_fb *fb, const float expected[4], const char *where)
{
    /* the clear colour differs from the expected one in every component */
    float clear[4];
    for (int c = 0; c < 4; c++)
        clear[c] = expected[c] > 0.5f ? 0.0f : 1.0f;
    nvgp_pipe_fb_clear(fb, s, clear, NULL);
    static const float quad[16] = {0, 0, 0, 1, 1, 0, 0, 1, 1, 1, 0, 1, 0, 1, 0, 1};
    nvgp_pipe_vertices v;
    memset(&v, 0, sizeof v);
    v.count = 4;
    v.attrib[NVGP_PIPE_ATTR_POSITION] = quad;
    char err[256];
    if (!nvgp_pipe_draw(s, fb, NVGP_PIPE_QUADS, &v, err, sizeof err)) {
        printf("FAIL %s: %s\n", where, err);
        return 1;
    }
    float got[4];
    nvgp_pipe_fb_pixel(fb, SIZE / 2, SIZE / 2, got);
    for (int c = 0; c < 4; c++)
        if (!(fabsf(got[c] - expected[c]) <= 0.01f)) {
            printf("FAIL %s: expected %g %g %g %g, observed %g %g %g %g\n", where, expected[0],
                   expected[1], expected[2], expected[3], got[0], got[1], got[2], got[3]);
            return 1;
        }
    printf("PASS %s\n", where);
    return 0;
}

static int run_file(const char *path)
{
    char *text = read_text(path);
    if (!text) {
        printf("FAIL %s: cannot read\n", path);
        return 1;
    }
    nvgp_pipe_state *s = nvgp_pipe_state_create();
    char err[256];
    nvgp_pipe_fb *fb = nvgp_pipe_fb_create(SIZE, SIZE, NVGP_PIPE_RGBA8, err, sizeof err);
    nvgp_program *vp = NULL, *fp = NULL;
    int fails = 0, tests = 0;
    if (!s || !fb) {
        printf("FAIL %s: no memory\n", path);
        fails = 1;
        goto done;
    }
    s->viewport[2] = s->viewport[3] = SIZE;
    nvgp_pipe_mat_ortho(s->projection, 0, 1, 0, 1, -1, 1);
    s->track[0].matrix = NVGP_TRACK_MVP;
    s->track[0].transform = NVGP_TRACK_IDENTITY;
    /* split into the programs (up to the next "!!" line) and test blocks */
    char *p = text;
    float expected[4];
    bool in_test = false;
    unsigned line = 0;
    while (*p) {
        char *nl = strchr(p, '\n');
        char *next = nl ? nl + 1 : p + strlen(p);
        line++;
        char *q = p;
        while (*q == ' ' || *q == '\t')
            q++;
        if (!strncmp(q, "!!", 2) && strncmp(q, "!!test", 6)) {
            if (in_test) {   /* programs come before the tests */
                printf("FAIL %s:%u: program after a test\n", path, line);
                fails++;
                goto done;
            }
            /* the program runs to the next "!!" line */
            char *end = strstr(next, "\n!!");
            size_t len = end ? (size_t)(end + 1 - q) : strlen(q);
            bool vertex = !strncmp(q, "!!VP", 4) || !strncmp(q, "!!ARBvp", 7);
            nvgp_program *prog = load(q, len, vertex ? NVGP_TARGET_VERTEX : NVGP_TARGET_FRAGMENT);
            if (!prog) {
                printf("FAIL %s:%u: the program does not load\n", path, line);
                fails++;
                goto done;
            }
            if (vertex)
                vp = prog;
            else
                fp = prog;
            /* skip the program's lines */
            while (*next && !(end && next > end))
                next = strchr(next, '\n') ? strchr(next, '\n') + 1 : next + strlen(next);
        } else if (!strncmp(q, "!!test", 6)) {
            if (in_test) {
                char where[1200];
                snprintf(where, sizeof where, "%s (test %d)", path, tests);
                fails += run_test(s, fb, expected, where);
            }
            in_test = true;
            tests++;
            s->program[NVGP_PIPE_VERTEX] = vp;
            s->program[NVGP_PIPE_FRAGMENT] = fp;
        } else if (in_test && *q && *q != ';' && *q != '\n' && *q != '\r') {
            char name[64];
            float v[4];
            long n;
            if (sscanf(q, "%63s %f %f %f %f", name, &v[0], &v[1], &v[2], &v[3]) != 5) {
                printf("FAIL %s:%u: malformed line\n", path, line);
                fails++;
                goto done;
            }
            if (!strcmp(name, "expected"))
                memcpy(expected, v, sizeof v);
            else if (sscanf(name, "texcoord[%ld]", &n) == 1 && n >= 0 && n < 8)
                memcpy(s->current[NVGP_PIPE_ATTR_TEXCOORD0 + n], v, sizeof v);
            else if (sscanf(name, "NVparameter[%ld]", &n) == 1 && n >= 0 && n < NVGP_PIPE_ENV_PARAMS)
                memcpy(s->env[NVGP_PIPE_VERTEX][n], v, sizeof v);
            else if (sscanf(name, "vertex.local[%ld]", &n) == 1 && n >= 0 && n < NVGP_PIPE_LOCAL_PARAMS)
                memcpy(s->local[NVGP_PIPE_VERTEX][n], v, sizeof v);
            else if (sscanf(name, "vertex.environment[%ld]", &n) == 1 && n >= 0 && n < NVGP_PIPE_ENV_PARAMS)
                memcpy(s->env[NVGP_PIPE_VERTEX][n], v, sizeof v);
            else if (sscanf(name, "fragment.local[%ld]", &n) == 1 && n >= 0 && n < NVGP_PIPE_LOCAL_PARAMS)
                memcpy(s->local[NVGP_PIPE_FRAGMENT][n], v, sizeof v);
            else {
                printf("FAIL %s:%u: unknown parameter %s\n", path, line, name);
                fails++;
                goto done;
            }
        }
        p = next;
    }
    if (in_test) {
        char where[1200];
        snprintf(where, sizeof where, "%s (test %d)", path, tests);
        fails += run_test(s, fb, expected, where);
    } else {
        printf("FAIL %s: no !!test block\n", path);
        fails++;
    }
done:
    nvgp_program_destroy(vp);
    nvgp_program_destroy(fp);
    nvgp_pipe_fb_destroy(fb);
    nvgp_pipe_state_destroy(s);
    free(text);
    return fails;
}

int main(void)
{
    const char *dir = NVGP_SHARED_DIR "/corpus/piglit/vpfp_nv";
    static const char *const files[] = {"nv-add.vpfp", "nv-init-zero-addr.vpfp",
                                        "nv-init-zero-reg.vpfp", "nv-mov.vpfp"};
    DIR *d = opendir(dir);
    if (!d) {
        printf("no corpus at %s\n", dir);
        return 77;
    }
    closedir(d);
    int fails = 0;
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        fails += run_file(path);
    }
    return fails ? 1 : 0;
}

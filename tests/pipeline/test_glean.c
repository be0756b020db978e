/* glean's tfragprog1 and tvertprog1 entries (../shared/corpus/piglit/glean,
 * expected.json) drawn with the harness state SOURCES.md describes: colour
 * (0.25, 0.75, 0.5, 0.25), the listed local parameters, fog state, fog
 * coordinate 50 (fragment tests), ortho(-4, 4, -4, 4, 0, 1), the quad
 * (-1,-1)..(1,1) with texcoords (0,0)..(1,1), the centre pixel read from
 * an 8-bit buffer and compared within 2/2^8 (4 times that with
 * FLAG_LOOSE); an expected component of -1 is "don't care".  Depth is
 * compared where expectedZ names a value.  Exit 77 without the corpus. */
#include "nvgp_pipeline.h"

#include <json-c/json.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { SIZE = 32 };

static void set4(float *d, float x, float y, float z, float w)
{
    d[0] = x, d[1] = y, d[2] = z, d[3] = w;
}

static void harness(nvgp_pipe_state *s, bool fragment)
{
    static const float color[4] = {0.25f, 0.75f, 0.5f, 0.25f};
    memcpy(s->current[NVGP_PIPE_ATTR_COLOR], color, sizeof color);
    s->viewport[2] = s->viewport[3] = SIZE;
    nvgp_pipe_mat_ortho(s->projection, -4, 4, -4, 4, 0, 1);
    int st = fragment ? NVGP_PIPE_FRAGMENT : NVGP_PIPE_VERTEX;
    set4(s->local[st][0], 0, 0, 0, 0);
    if (fragment)
        set4(s->local[st][1], 0.5f, 0.25f, 1.0f, 0.5f);
    else
        set4(s->local[st][1], 0.5f, 0.25f, 0.9f, 0.5f);
    set4(s->local[st][2], -1, 0, 0.25f, -0.5f);
    set4(s->local[st][9], INFINITY, -INFINITY, NAN, 0);
    if (fragment) {
        s->fog_start = 10, s->fog_end = 100, s->fog_density = 0.03f;
        set4(s->fog_color, 1, 1, 0, 0);
        s->fog_coord_attrib = true;
        s->current[NVGP_PIPE_ATTR_FOGCOORD][0] = 50;
    } else {
        s->fog_density = 0.5f, s->fog_start = 0.2f, s->fog_end = 0.9f;
        set4(s->material[0].ambient, 0.2f, 0.4f, 0.6f, 0.8f);
        memcpy(s->material[0].diffuse, color, sizeof color); /* ColorMaterial(DIFFUSE) */
        set4(s->light[0].diffuse, 0.1f, 0.3f, 0.5f, 0.7f);
    }
    /* depth is read back: the test passes everything and writes */
    s->depth_test = true;
    s->depth_func = NVGP_PIPE_ALWAYS;
}

/* expectedZ: "DONT_CARE_Z", a number, or the expressions the files use. */
static bool expected_z(const char *e, bool fragment, float *z)
{
    if (!strcmp(e, "DONT_CARE_Z"))
        return false;
    float p1y = 0.25f;   /* Param1[1] of both harnesses */
    if (!strcmp(e, "Param1[1]"))
        *z = p1y;
    else if (!strcmp(e, "Param1[1] * 0.5 + 0.5"))
        *z = p1y * 0.5f + 0.5f;
    else
        *z = strtof(e, NULL);
    (void)fragment;
    return true;
}

static int run_entry(json_object *entry, bool fragment, const char *dir)
{
    json_object *jp, *je, *jz, *jf, *jn;
    if (!json_object_object_get_ex(entry, "program", &jp) ||
        !json_object_object_get_ex(entry, "expected", &je) ||
        !json_object_object_get_ex(entry, "expectedZ", &jz) ||
        !json_object_object_get_ex(entry, "flags", &jf) || json_object_array_length(je) != 4)
        return 1;
    const char *name = json_object_object_get_ex(entry, "name", &jn) ? json_object_get_string(jn) : "?";
    const char *src = json_object_get_string(jp);
    if (!*name && !strcmp(src, "")) /* an empty closing entry */
        return 0;
    nvgp_diag *d = NULL;
    nvgp_program *prog = nvgp_program_create_for(fragment ? NVGP_TARGET_FRAGMENT : NVGP_TARGET_VERTEX,
                                                 name, src, strlen(src), &d);
    nvgp_diag_destroy(d);
    if (!prog) {
        printf("FAIL %s/%s: the program does not load\n", dir, name);
        return 1;
    }
    nvgp_pipe_state *s = nvgp_pipe_state_create();
    char err[256];
    nvgp_pipe_fb *fb = nvgp_pipe_fb_create(SIZE, SIZE, NVGP_PIPE_RGBA8, err, sizeof err);
    int fails = 0;
    if (!s || !fb) {
        fails = 1;
        goto done;
    }
    harness(s, fragment);
    s->program[fragment ? NVGP_PIPE_FRAGMENT : NVGP_PIPE_VERTEX] = prog;
    static const float clear[4] = {0, 0, 0, 0};
    const float one = 1.0f;
    nvgp_pipe_fb_clear(fb, s, clear, &one);
    static const float quad[16] = {-1, -1, 0, 1, 1, -1, 0, 1, 1, 1, 0, 1, -1, 1, 0, 1};
    static const float tex[16] = {0, 0, 0, 1, 1, 0, 0, 1, 1, 1, 0, 1, 0, 1, 0, 1};
    nvgp_pipe_vertices v;
    memset(&v, 0, sizeof v);
    v.count = 4;
    v.attrib[NVGP_PIPE_ATTR_POSITION] = quad;
    v.attrib[NVGP_PIPE_ATTR_TEXCOORD0] = tex;
    if (!nvgp_pipe_draw(s, fb, NVGP_PIPE_POLYGON, &v, err, sizeof err)) {
        printf("FAIL %s/%s: %s\n", dir, name, err);
        fails = 1;
        goto done;
    }
    float got[4], want[4], zgot, zwant;
    nvgp_pipe_fb_pixel(fb, SIZE / 2, SIZE / 2, got);
    float tol = 2.0f / 256.0f * (strstr(json_object_get_string(jf), "FLAG_LOOSE") ? 4.0f : 1.0f);
    for (int c = 0; c < 4; c++) {
        want[c] = (float)json_object_get_double(json_object_array_get_idx(je, (size_t)c));
        if (want[c] != -1.0f && !(fabsf(got[c] - want[c]) <= tol))
            fails = 1;
    }
    nvgp_pipe_fb_depth(fb, SIZE / 2, SIZE / 2, &zgot);
    if (expected_z(json_object_get_string(jz), fragment, &zwant) && !(fabsf(zgot - zwant) <= 0.01f)) {
        printf("FAIL %s/%s: depth %g, expected %g\n", dir, name, zgot, zwant);
        fails = 1;
    } else if (fails) {
        printf("FAIL %s/%s: expected %g %g %g %g, observed %g %g %g %g\n", dir, name, want[0],
               want[1], want[2], want[3], got[0], got[1], got[2], got[3]);
    } else {
        printf("PASS %s/%s\n", dir, name);
    }
done:
    nvgp_pipe_fb_destroy(fb);
    nvgp_pipe_state_destroy(s);
    nvgp_program_destroy(prog);
    return fails;
}

int main(void)
{
    static const char *const dirs[2] = {"tfragprog1", "tvertprog1"};
    int fails = 0, total = 0;
    for (int k = 0; k < 2; k++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/corpus/piglit/glean/%s/expected.json", NVGP_SHARED_DIR, dirs[k]);
        json_object *root = json_object_from_file(path);
        if (!root) {
            printf("no corpus at %s\n", path);
            return 77;
        }
        size_t n = json_object_array_length(root);
        for (size_t i = 0; i < n; i++, total++)
            fails += run_entry(json_object_array_get_idx(root, i), k == 0, dirs[k]);
        json_object_put(root);
    }
    printf("%d of %d glean entries failed\n", fails, total);
    return fails ? 1 : 0;
}

/* libFuzzer target for draw jobs (`nvgp run` of a job with a "draw" object,
 * tools/draw_job.c): the input is the job's JSON.  Sizes are limited here,
 * not in the parser (which allows large draws), so that one input costs
 * well under a second: a framebuffer of at most 256 pixels, at most 64
 * vertices (8 with a tessellation or geometry program), and an instruction budget of 20000 put into "state".  Program
 * file names resolve in tests/pipeline/draw (the seeds' programs), the
 * result goes to /dev/null and no PNG is written.  Nothing may crash, leak or trip a
 * sanitizer; seeds: tests/pipeline/draw and examples/ (run_fuzz.sh). */
#include "draw_job.h"

#include <json-c/json.h>

#ifndef NVGP_FUZZ_DRAW_DIR
#define NVGP_FUZZ_DRAW_DIR "/nonexistent"
#endif
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Draws through tessellation or geometry programs multiply their vertices
 * (up to 64^2 per patch, 1024 per geometry thread): they get fewer. */
enum { FUZZ_MAX_PIXELS = 256, FUZZ_MAX_VERTICES = 64, FUZZ_MAX_STAGE_VERTICES = 8,
       FUZZ_BUDGET = 20000 };

static int64_t int_member(json_object *o, const char *key)
{
    json_object *v;
    if (!json_object_object_get_ex(o, key, &v) || !json_object_is_type(v, json_type_int))
        return 1;
    return json_object_get_int64(v);
}

/* True when the draw is small; sets its budget. */
static bool make_small(json_object *draw)
{
    json_object *fb, *verts, *state, *programs;
    size_t max_vertices = FUZZ_MAX_VERTICES;
    if (json_object_object_get_ex(draw, "programs", &programs) &&
        json_object_is_type(programs, json_type_object)) {
        static const char *const stages[] = {"tess_control", "tess_evaluation", "geometry"};
        for (size_t i = 0; i < sizeof stages / sizeof stages[0]; i++)
            if (json_object_object_get_ex(programs, stages[i], NULL))
                max_vertices = FUZZ_MAX_STAGE_VERTICES;
    }
    if (json_object_object_get_ex(draw, "framebuffer", &fb) &&
        json_object_is_type(fb, json_type_object)) {
        int64_t w = int_member(fb, "width"), h = int_member(fb, "height");
        if (w > FUZZ_MAX_PIXELS || h > FUZZ_MAX_PIXELS || w * h > FUZZ_MAX_PIXELS)
            return false;
    }
    if (json_object_object_get_ex(draw, "vertices", &verts) &&
        json_object_is_type(verts, json_type_object)) {
        json_object_object_foreach(verts, key, list) {
            (void)key;
            if (json_object_is_type(list, json_type_array) &&
                json_object_array_length(list) > max_vertices)
                return false;
        }
    }
    if (!json_object_object_get_ex(draw, "state", &state) ||
        !json_object_is_type(state, json_type_object))
        return true;   /* no state: the parser refuses a non-object, or none is given */
    json_object_object_add(state, "budget", json_object_new_int(FUZZ_BUDGET));
    json_object_object_del(state, "threads");
    return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = 0;
    json_object *root = json_tokener_parse(text);
    json_object *draw;
    if (root && json_object_is_type(root, json_type_object) &&
        json_object_object_get_ex(root, "draw", &draw) && json_object_is_type(draw, json_type_object)) {
        json_object *state;
        /* without a state object there is no budget to set: add one */
        if (!json_object_object_get_ex(draw, "state", &state))
            json_object_object_add(draw, "state", json_object_new_object());
        if (make_small(draw)) {
            const char *s = json_object_to_json_string_ext(root, JSON_C_TO_STRING_PLAIN);
            nvgp_draw_job_run_text("run", "fuzz.json", NVGP_FUZZ_DRAW_DIR, s, strlen(s),
                                   "/dev/null", false);
        }
    } else if (size) {
        /* not a draw object: the parser still sees the text (and says -1) */
        nvgp_draw_job_run_text("run", "fuzz.json", NVGP_FUZZ_DRAW_DIR, text, size,
                               "/dev/null", false);
    }
    json_object_put(root);
    free(text);
    return 0;
}

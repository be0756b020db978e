/* libFuzzer target for the pipeline (src/pipeline): a program and a draw.
 * Input: program text (NV/ARB assembly or TGSI; bound at the stage of its
 * target: vertex, tessellation, geometry or fragment) up to a NUL byte, then 16 state bytes
 * and raw vertex positions (4 floats each, any bits: NaN, infinities,
 * huge values).  Without vertex bytes a full-window quad is drawn.  Nothing
 * may crash or write outside the framebuffer (ASan); a failed draw must say
 * why. */
#include "nvgp.h"
#include "nvgp_pipeline.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MAX_VERTS = 64 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *nul = memchr(data, 0, size);
    size_t plen = nul ? (size_t)(nul - data) : size;
    const uint8_t *rest = nul ? nul + 1 : data + size;
    size_t rlen = (size_t)(data + size - rest);
    uint8_t ctl[16] = {0};
    memcpy(ctl, rest, rlen < sizeof ctl ? rlen : sizeof ctl);
    const uint8_t *vbytes = rlen > sizeof ctl ? rest + sizeof ctl : NULL;
    size_t nverts = vbytes ? (rlen - sizeof ctl) / 16 : 0;
    nverts = nverts > MAX_VERTS ? MAX_VERTS : nverts;

    nvgp_pipe_state *s = nvgp_pipe_state_create();
    char err[256];
    uint32_t w = 1 + ctl[0] % 40, h = 1 + ctl[1] % 40;
    /* 1, 2, 4 or 8 samples from the top bits of the first byte */
    nvgp_pipe_fb *fb = nvgp_pipe_fb_create_ms(w, h, ctl[2] & 1 ? NVGP_PIPE_RGBA32F : NVGP_PIPE_RGBA8,
                                              1u << ((ctl[0] >> 6) & 3), err, sizeof err);
    if (!s || !fb)
        abort();
    s->budget = 20000;
    /* the viewport: the window, or one from the bytes (possibly far off) */
    s->viewport[2] = (int32_t)w, s->viewport[3] = (int32_t)h;
    if (ctl[3] & 1) {
        s->viewport[0] = (int8_t)ctl[4] * 1000003;
        s->viewport[1] = (int8_t)ctl[5] * 7;
        s->viewport[2] = ctl[6] * 100000;
        s->viewport[3] = ctl[7];
    }
    s->depth_test = ctl[3] & 2;
    s->depth_func = ctl[8] & 7;
    s->cull = ctl[3] & 4;
    s->cull_face = ctl[9] % 3;
    s->flat = ctl[3] & 8;
    s->provoking_first = ctl[3] & 16;
    s->two_side = ctl[3] & 32;
    s->color_sum = ctl[3] & 64;
    s->blend = ctl[3] & 128;
    s->blend_src_rgb = ctl[10] % NVGP_BF_COUNT;
    s->blend_dst_rgb = ctl[11] % NVGP_BF_COUNT;
    s->blend_eq_rgb = s->blend_eq_alpha = ctl[12] % NVGP_BE_COUNT;
    s->fog = ctl[13] & 1;
    s->fog_mode = (ctl[13] >> 1) % 3;
    for (int p = 0; p < NVGP_PIPE_CLIP_PLANES; p++) {
        s->clip_plane_enabled[p] = (ctl[14] >> p) & 1;
        s->clip_plane[p][p % 4] = p & 1 ? -1.0f : 1.0f;
    }
    s->scissor_test = ctl[2] & 2;
    s->scissor[0] = (int8_t)ctl[4], s->scissor[1] = (int8_t)ctl[5];
    s->scissor[2] = ctl[6], s->scissor[3] = (int8_t)ctl[7];
    s->alpha_test = ctl[2] & 4;
    s->alpha_func = ctl[8] >> 5;
    s->alpha_ref = (float)ctl[10] / 128.0f;
    s->stencil_test = ctl[2] & 8;
    for (int k = 0; k < 2; k++) {
        s->stencil[k].func = (ctl[11] >> (3 * k)) & 7;
        s->stencil[k].ref = ctl[12];
        s->stencil[k].sfail = ctl[13] % NVGP_SO_COUNT;
        s->stencil[k].dpfail = ctl[14] % NVGP_SO_COUNT;
        s->stencil[k].dppass = ctl[15] % NVGP_SO_COUNT;
    }
    /* every primitive type, adjacency and patches included; patch sizes
     * 0 .. 33 (0 and 33 are refused) */
    nvgp_pipe_prim prim = (nvgp_pipe_prim)(ctl[15] % (NVGP_PIPE_PATCHES + 1));
    s->patch_vertices = ctl[14] % 34u;
    s->point_size = (float)(ctl[9] >> 2);
    s->line_width = (float)(ctl[12] >> 3);
    s->program_point_size = ctl[13] & 64;
    s->point_sprite = ctl[9] & 1;
    s->point_coord_replace[0] = ctl[9] & 2;
    s->point_origin_lower_left = ctl[1] & 64;
    s->line_stipple = ctl[8] & 8;
    s->line_stipple_pattern = (uint16_t)(ctl[10] | ctl[11] << 8);
    s->line_stipple_factor = (uint16_t)(1 + (ctl[12] & 7));
    s->multisample = !(ctl[1] & 128);
    s->sample_mask_enabled = ctl[8] & 16;
    s->sample_mask = ctl[14];
    s->alpha_to_coverage = ctl[8] & 32;
    s->alpha_to_one = ctl[8] & 64;

    nvgp_diag *diag = NULL;
    nvgp_program *prog = plen ? nvgp_program_create("fuzz", (const char *)data, plen, &diag) : NULL;
    nvgp_diag_destroy(diag);
    if (prog) {
        const char *hdr = nvgp_program_header(prog);
        bool vertex = hdr && (strstr(hdr, "vp") || strstr(hdr, "VP") || !strcmp(hdr, "VERT"));
        nvgp_pipe_stage stage = vertex ? NVGP_PIPE_VERTEX : NVGP_PIPE_FRAGMENT;
        if (hdr && (strstr(hdr, "NVgp") || !strcmp(hdr, "GEOM")))
            stage = NVGP_PIPE_GEOMETRY;
        else if (hdr && (strstr(hdr, "NVtcp") || !strcmp(hdr, "TESS_CTRL")))
            stage = NVGP_PIPE_TESS_CONTROL;
        else if (hdr && (strstr(hdr, "NVtep") || !strcmp(hdr, "TESS_EVAL")))
            stage = NVGP_PIPE_TESS_EVALUATION;
        s->program[stage] = prog;
    }
    static const float quad[16] = {-1, -1, 0, 1, 1, -1, 0, 1, -1, 1, 0, 1, 1, 1, 0, 1};
    float verts[MAX_VERTS * 4];
    nvgp_pipe_vertices v;
    memset(&v, 0, sizeof v);
    if (nverts) {
        memcpy(verts, vbytes, nverts * 16);
        v.count = (uint32_t)nverts;
        v.attrib[NVGP_PIPE_ATTR_POSITION] = verts;
        v.attrib[NVGP_PIPE_ATTR_TEXCOORD0] = verts;
        v.attrib[NVGP_PIPE_ATTR_COLOR] = verts;
    } else {
        v.count = 4;
        v.attrib[NVGP_PIPE_ATTR_POSITION] = quad;
        v.attrib[NVGP_PIPE_ATTR_TEXCOORD0] = quad;
        prim = NVGP_PIPE_TRIANGLE_STRIP;
    }
    err[0] = 0;
    if (!nvgp_pipe_draw(s, fb, prim, &v, err, sizeof err) && !err[0]) {
        fputs("fuzz_draw: a draw failed without a reason\n", stderr);
        abort();
    }
    nvgp_program_destroy(prog);
    nvgp_pipe_fb_destroy(fb);
    nvgp_pipe_state_destroy(s);
    return 0;
}

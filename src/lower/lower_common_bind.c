/* The common layer: binding names of the ARB and NV languages to TGSI
 * semantics (vertex.attrib[n], result.color, o[HPOS], f[TEX0], ...), their
 * input and output registers, and the clip distances, which both families
 * write through temporaries copied to CLIPDIST after each instruction. */
#include "lower/lower_common.h"

#include "nv/nv_limits.h"
#include "nv/nv_old.h"

#include <stdio.h>
#include <string.h>

/* Vertex attributes use NV_vertex_program's aliasing (Table X.2), so that
 * vertex.position and v[OPOS] are generic attribute 0 in every language. */
const sem_row lower_vertex_inputs[] = {
    {"vertex.position", TGSI_SEMANTIC_GENERIC, 0, false},
    {"vertex.weight", TGSI_SEMANTIC_GENERIC, 1, false},
    {"vertex.normal", TGSI_SEMANTIC_GENERIC, 2, false},
    {"vertex.color", TGSI_SEMANTIC_GENERIC, 3, false},
    {"vertex.color.primary", TGSI_SEMANTIC_GENERIC, 3, false},
    {"vertex.color.secondary", TGSI_SEMANTIC_GENERIC, 4, false},
    {"vertex.fogcoord", TGSI_SEMANTIC_GENERIC, 5, false},
    {"vertex.texcoord", TGSI_SEMANTIC_GENERIC, 8, true},
    {"vertex.attrib", TGSI_SEMANTIC_GENERIC, 0, true},
};

static const sem_row fragment_inputs[] = {
    {"fragment.color", TGSI_SEMANTIC_COLOR, 0, false},
    {"fragment.color.primary", TGSI_SEMANTIC_COLOR, 0, false},
    {"fragment.color.secondary", TGSI_SEMANTIC_COLOR, 1, false},
    {"fragment.texcoord", TGSI_SEMANTIC_GENERIC, 0, true},
    {"fragment.fogcoord", TGSI_SEMANTIC_FOG, 0, false},
    {"fragment.position", TGSI_SEMANTIC_POSITION, 0, false},
    {"fragment.facing", TGSI_SEMANTIC_FACE, 0, false},
};

const sem_row lower_vertex_results[] = {
    {"result.position", TGSI_SEMANTIC_POSITION, 0, false},
    {"result.color", TGSI_SEMANTIC_COLOR, 0, false},
    {"result.color.primary", TGSI_SEMANTIC_COLOR, 0, false},
    {"result.color.front", TGSI_SEMANTIC_COLOR, 0, false},
    {"result.color.front.primary", TGSI_SEMANTIC_COLOR, 0, false},
    {"result.color.secondary", TGSI_SEMANTIC_COLOR, 1, false},
    {"result.color.front.secondary", TGSI_SEMANTIC_COLOR, 1, false},
    {"result.color.back", TGSI_SEMANTIC_BCOLOR, 0, false},
    {"result.color.back.primary", TGSI_SEMANTIC_BCOLOR, 0, false},
    {"result.color.back.secondary", TGSI_SEMANTIC_BCOLOR, 1, false},
    {"result.fogcoord", TGSI_SEMANTIC_FOG, 0, false},
    {"result.pointsize", TGSI_SEMANTIC_PSIZE, 0, false},
    {"result.texcoord", TGSI_SEMANTIC_GENERIC, 0, true},
    /* user clip distances (NV_vertex_program2_option): component n % 4 of
     * CLIPDIST[n / 4] (lower_clip_result) */
    {"result.clip", TGSI_SEMANTIC_CLIPDIST, 0, true},
};

static const sem_row fragment_results[] = {
    {"result.color", TGSI_SEMANTIC_COLOR, 0, true},
    /* the ARB_blend_func_extended option (NV_gpu_program5 3.11.4.5.3): the
     * two sources of colour 0, the second as COLOR[1] (the pipeline's
     * SRC1_COLOR; the translation of NV programs does the same) */
    {"result.color.primary", TGSI_SEMANTIC_COLOR, 0, true},
    {"result.color.secondary", TGSI_SEMANTIC_COLOR, 1, true},
    {"result.depth", TGSI_SEMANTIC_POSITION, 0, false},
};

/* Old languages: o[] of NV_vertex_program2 Table X.1 and f[]/o[] of
 * NV_fragment_program, in their enum order. */
const sem_row lower_vp_results[NV_VPR_COUNT] = {
    {"HPOS", TGSI_SEMANTIC_POSITION, 0, false}, {"COL0", TGSI_SEMANTIC_COLOR, 0, false},
    {"COL1", TGSI_SEMANTIC_COLOR, 1, false},    {"BFC0", TGSI_SEMANTIC_BCOLOR, 0, false},
    {"BFC1", TGSI_SEMANTIC_BCOLOR, 1, false},   {"FOGC", TGSI_SEMANTIC_FOG, 0, false},
    {"PSIZ", TGSI_SEMANTIC_PSIZE, 0, false},
    {"TEX0", TGSI_SEMANTIC_GENERIC, 0, false},  {"TEX1", TGSI_SEMANTIC_GENERIC, 1, false},
    {"TEX2", TGSI_SEMANTIC_GENERIC, 2, false},  {"TEX3", TGSI_SEMANTIC_GENERIC, 3, false},
    {"TEX4", TGSI_SEMANTIC_GENERIC, 4, false},  {"TEX5", TGSI_SEMANTIC_GENERIC, 5, false},
    {"TEX6", TGSI_SEMANTIC_GENERIC, 6, false},  {"TEX7", TGSI_SEMANTIC_GENERIC, 7, false},
    /* user clip distances: clip n is component n % 4 of CLIPDIST[n / 4] */
    {"CLP0", TGSI_SEMANTIC_CLIPDIST, 0, false}, {"CLP1", TGSI_SEMANTIC_CLIPDIST, 1, false},
    {"CLP2", TGSI_SEMANTIC_CLIPDIST, 2, false}, {"CLP3", TGSI_SEMANTIC_CLIPDIST, 3, false},
    {"CLP4", TGSI_SEMANTIC_CLIPDIST, 4, false}, {"CLP5", TGSI_SEMANTIC_CLIPDIST, 5, false},
};

const sem_row lower_fp_attribs[NV_FPA_COUNT] = {
    {"WPOS", TGSI_SEMANTIC_POSITION, 0, false}, {"COL0", TGSI_SEMANTIC_COLOR, 0, false},
    {"COL1", TGSI_SEMANTIC_COLOR, 1, false},    {"FOGC", TGSI_SEMANTIC_FOG, 0, false},
    {"TEX0", TGSI_SEMANTIC_GENERIC, 0, false},  {"TEX1", TGSI_SEMANTIC_GENERIC, 1, false},
    {"TEX2", TGSI_SEMANTIC_GENERIC, 2, false},  {"TEX3", TGSI_SEMANTIC_GENERIC, 3, false},
    {"TEX4", TGSI_SEMANTIC_GENERIC, 4, false},  {"TEX5", TGSI_SEMANTIC_GENERIC, 5, false},
    {"TEX6", TGSI_SEMANTIC_GENERIC, 6, false},  {"TEX7", TGSI_SEMANTIC_GENERIC, 7, false},
};

const sem_row lower_fp_results[NV_FPR_COUNT] = {
    {"COLR", TGSI_SEMANTIC_COLOR, 0, false},
    {"COLH", TGSI_SEMANTIC_COLOR, 0, false},
    {"DEPR", TGSI_SEMANTIC_POSITION, 0, false},
};

static const sem_row *find_row(const sem_row *t, size_t n, const char *base)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(t[i].base, base))
            return &t[i];
    return NULL;
}

static tgsi_interpolate fs_interp(tgsi_semantic s)
{
    return s == TGSI_SEMANTIC_COLOR ? TGSI_INTERPOLATE_COLOR
           : s == TGSI_SEMANTIC_POSITION ? TGSI_INTERPOLATE_LINEAR
           : s == TGSI_SEMANTIC_FACE ? TGSI_INTERPOLATE_CONSTANT : TGSI_INTERPOLATE_PERSPECTIVE;
}

tgsi_src lower_input_reg(lower_ctx *c, const sem_row *r, int32_t n, const char *name)
{
    tgsi_semantic sem = (tgsi_semantic)r->semantic;
    uint32_t index = (uint32_t)(r->first + (r->indexed ? n : 0));
    tgsi_src s = c->p->stage == NV_STAGE_FRAGMENT
                     ? nvgp_tgsi_build_fs_input(c->b, sem, index, fs_interp(sem), TGSI_INTERPOLATE_LOC_CENTER)
                     : nvgp_tgsi_build_input(c->b, sem, index);
    lower_map_add(c, NVGP_LOWER_INPUT, TGSI_FILE_INPUT, s.reg.index, name, NULL);
    return s;
}

tgsi_src lower_clip_result(lower_ctx *c, int32_t n, const char *name, uint32_t offset)
{
    if (n < 0 || n >= NV_LIMIT_CLIP_PLANES) {
        lower_error(c, offset, "clip distance %d has no TGSI translation", (int)n);
        return nvgp_tgsi_src(TGSI_FILE_TEMPORARY, 0);
    }
    if (!c->has_clip) {
        c->clip = nvgp_tgsi_build_temp_array(c->b, NV_LIMIT_CLIP_PLANES, NULL);
        c->has_clip = true;
    }
    int h = n / 4;
    if (!c->clip_out_has[h]) {
        c->clip_out[h] = nvgp_tgsi_build_output(c->b, TGSI_SEMANTIC_CLIPDIST, (uint32_t)h);
        c->clip_out_has[h] = true;
    }
    lower_map_add_comp(c, NVGP_LOWER_OUTPUT, TGSI_FILE_OUTPUT, -1, c->clip_out[h].reg.index, (int8_t)(n % 4), name);
    c->clip_used |= (uint8_t)(1u << n);
    tgsi_src r = nvgp_tgsi_src_of(c->clip);
    r.reg.index += n;
    return r;
}

void lower_clip_flush(lower_ctx *c)
{
    if (!c->clip_pending)
        return;
    c->clip_pending = false;
    for (int n = 0; n < NV_LIMIT_CLIP_PLANES; n++) {
        if (!(c->clip_used & (1u << n)))
            continue;
        tgsi_dst o = nvgp_tgsi_dst_writemask(c->clip_out[n / 4], 1u << (n % 4));
        if (c->fam->own_vertex)
            o = c->fam->own_vertex(c, o);
        tgsi_src e = nvgp_tgsi_src_of(c->clip);
        e.reg.index += n;
        nvgp_tgsi_build_MOV(c->b, o, nvgp_tgsi_src_scalar(e, 0));
    }
}

tgsi_dst lower_output_reg(lower_ctx *c, const sem_row *r, int32_t n, const char *name)
{
    uint32_t index = (uint32_t)(r->first + (r->indexed ? n : 0));
    if (r->semantic == TGSI_SEMANTIC_CLIPDIST)
        return nvgp_tgsi_dst_of(lower_clip_result(c, (int32_t)index, name, 0));
    tgsi_dst d = nvgp_tgsi_build_output(c->b, (tgsi_semantic)r->semantic, index);
    lower_map_add(c, NVGP_LOWER_OUTPUT, TGSI_FILE_OUTPUT, d.reg.index, name, NULL);
    return d;
}

/* The register of an ATTRIB/OUTPUT binding named as the program wrote it. */
bool lower_binding_reg(lower_ctx *c, const nv_binding *bd, uint32_t offset, tgsi_src *out)
{
    char base[128];
    int32_t n;
    lower_split_name(bd->name ? bd->name : "", base, sizeof base, &n);
    bool frag = c->p->stage == NV_STAGE_FRAGMENT;
    const sem_row *r;
    if (bd->kind == NV_BIND_ATTRIB) {
        r = frag ? find_row(fragment_inputs, sizeof fragment_inputs / sizeof *r, base)
                 : find_row(lower_vertex_inputs, sizeof lower_vertex_inputs / sizeof *r, base);
        if (r) {
            *out = lower_input_reg(c, r, n, bd->name);
            return true;
        }
    } else if (bd->kind == NV_BIND_RESULT) {
        r = frag ? find_row(fragment_results, sizeof fragment_results / sizeof *r, base)
                 : find_row(lower_vertex_results, sizeof lower_vertex_results / sizeof *r, base);
        if (r) {
            *out = nvgp_tgsi_src_of(lower_output_reg(c, r, n, bd->name));
            return true;
        }
    }
    lower_error(c, offset, "the binding '%s' has no TGSI translation yet", bd->name ? bd->name : "?");
    return false;
}

/* An array of attributes or results addressed relatively
 * (fragment.texcoord[A0.x + 1], NV_vertex_program3's vertex.attrib[A0.x]
 * and result.texcoord[A0.y]): consecutive IN or OUT registers, one per
 * element (lower_declare_relative_arrays declares them before anything
 * else can take one of their elements). */
tgsi_src lower_array_binding_reg(lower_ctx *c, const nv_binding *bd, uint32_t offset)
{
    char base[128], name[160];
    int32_t n;
    lower_split_name(bd->name ? bd->name : "", base, sizeof base, &n);
    n = bd->index;
    bool frag = c->p->stage == NV_STAGE_FRAGMENT, result = bd->kind == NV_BIND_RESULT;
    const sem_row *r = result ? frag ? find_row(fragment_results, sizeof fragment_results / sizeof *r, base)
                                     : find_row(lower_vertex_results, sizeof lower_vertex_results / sizeof *r, base)
                       : frag ? find_row(fragment_inputs, sizeof fragment_inputs / sizeof *r, base)
                              : find_row(lower_vertex_inputs, sizeof lower_vertex_inputs / sizeof *r, base);
    if (!r || !r->indexed || bd->count == 0 || (result && r->semantic == TGSI_SEMANTIC_CLIPDIST)) {
        lower_error(c, offset, "the binding '%s' has no TGSI translation yet", bd->name ? bd->name : "?");
        return nvgp_tgsi_src(result ? TGSI_FILE_OUTPUT : TGSI_FILE_INPUT, 0);
    }
    tgsi_src first = nvgp_tgsi_src(result ? TGSI_FILE_OUTPUT : TGSI_FILE_INPUT, 0);
    for (uint32_t i = 0; i < bd->count; i++) {
        snprintf(name, sizeof name, "%s[%d]", base, n + (int32_t)i);
        tgsi_src e = result ? nvgp_tgsi_src_of(lower_output_reg(c, r, n + (int32_t)i, name))
                            : lower_input_reg(c, r, n + (int32_t)i, name);
        if (i == 0)
            first = e;
        else if (e.reg.index != first.reg.index + (int32_t)i)
            lower_error(c, offset, "the elements of '%s' are not consecutive registers", bd->name);
    }
    return first;
}

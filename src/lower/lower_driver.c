/* The lowering's driver: sets up the common state, picks the language
 * family (lower_old_family, lower_gp_family), declares the attribute and
 * result arrays, and runs the family's begin, program and end steps. */
#include "lower/lower_gp.h"
#include "lower/lower_old.h"

#include "nv/nv_limits.h"
#include "nv/nv_old.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ARB_position_invariant / NV_position_invariant: the position is the
 * fixed-function transform, vertex.position times the modelview-projection
 * matrix (rows are constants named state.matrix.mvp.row[0..3]). */
static void position_invariant(lower_ctx *c)
{
    if (c->p->ninsts)
        nvgp_tgsi_builder_set_source_offset(c->b, c->p->insts[0].offset);
    tgsi_src v = lower_input_reg(c, &lower_vertex_inputs[0], 0, c->old ? "v[0]" : "vertex.position");
    tgsi_dst o = c->old ? lower_output_reg(c, &lower_vp_results[NV_VPR_HPOS], 0, "o[HPOS]")
                        : lower_output_reg(c, &lower_vertex_results[0], 0, "result.position");
    for (unsigned i = 0; i < 4; i++) {
        char name[32];
        snprintf(name, sizeof name, "state.matrix.mvp.row[%u]", i);
        int32_t k = c->next_const++;
        lower_map_add(c, NVGP_LOWER_CONSTANT, TGSI_FILE_CONSTANT, k, name, NULL);
        nvgp_tgsi_build_DP4(c->b, nvgp_tgsi_dst_writemask(o, 1u << i), nvgp_tgsi_build_constant(c->b, k), v);
    }
}

/* A fragment program reading its window position: OpenGL's origin is the
 * lower left corner and pixel centres are at half-integers, unless the
 * program asks otherwise (ARB_fragment_coord_conventions); TGSI's
 * defaults are UPPER_LEFT and HALF_INTEGER (tgsi.rst FS_COORD_ORIGIN), so
 * the translation says which convention the position follows. */
static void coord_conventions(lower_ctx *c)
{
    bool reads_position = false;
    for (uint32_t i = 0; i < c->map->count && !reads_position; i++) {
        const nvgp_lower_slot *s = &c->map->slots[i];
        reads_position = s->kind == NVGP_LOWER_INPUT && s->name &&
                         (!strcmp(s->name, "fragment.position") || !strcmp(s->name, "f[WPOS]"));
    }
    if (!reads_position)
        return;
    if (!nv_program_has_option(c->p, NV_OPTION_ARB_fragment_coord_origin_upper_left))
        nvgp_tgsi_build_property(c->b, TGSI_PROPERTY_FS_COORD_ORIGIN, 1 /* LOWER_LEFT */);
    if (nv_program_has_option(c->p, NV_OPTION_ARB_fragment_coord_pixel_center_integer))
        nvgp_tgsi_build_property(c->b, TGSI_PROPERTY_FS_COORD_PIXEL_CENTER, 1 /* INTEGER */);
}

/* ---- Driver ------------------------------------------------------------------ */

static const uint8_t processors[] = {
    [NV_STAGE_VERTEX] = TGSI_PROCESSOR_VERTEX,
    [NV_STAGE_FRAGMENT] = TGSI_PROCESSOR_FRAGMENT,
    [NV_STAGE_GEOMETRY] = TGSI_PROCESSOR_GEOMETRY,
    [NV_STAGE_TESS_CTRL] = TGSI_PROCESSOR_TESS_CTRL,
    [NV_STAGE_TESS_EVAL] = TGSI_PROCESSOR_TESS_EVAL,
    [NV_STAGE_COMPUTE] = TGSI_PROCESSOR_COMPUTE,
};

/* The temporaries the translation made, by their names in the program, and
 * where the condition codes live, so that traces and a debugger can show
 * them (docs/trace.md).  Reads the family's state before it is freed. */
static void map_for_traces(lower_ctx *c)
{
    nvgp_lower_map *m = c->map;
    const lower_old *o = c->olds;
    uint32_t n = 0;
    for (uint32_t v = 0; v < c->p->nvars; v++)
        n += c->p->vars[v].kind == NV_VAR_TEMP && c->var_has[v];
    for (uint32_t i = 0; o && i < LOWER_MAX_OLD_TEMPS; i++)
        n += o->old_temp_has[i];
    m->temps = n ? nvgp_arena_alloc(&m->arena, sizeof *m->temps * n) : NULL;
    for (uint32_t v = 0; m->temps && v < c->p->nvars; v++) {
        const nv_var *var = &c->p->vars[v];
        if (var->kind != NV_VAR_TEMP || !c->var_has[v] || !var->name ||
            c->var_reg[v].reg.file != TGSI_FILE_TEMPORARY)
            continue;
        m->temps[m->num_temps++] = (nvgp_lower_temp){
            var->name, c->var_reg[v].reg.index, var->is_array && var->array_size ? var->array_size : 1};
    }
    for (uint32_t i = 0; m->temps && o && i < LOWER_MAX_OLD_TEMPS; i++) {
        if (!o->old_temp_has[i])
            continue;
        char name[16];
        bool h = c->p->stage == NV_STAGE_FRAGMENT && i >= NV_FP_HREG_BASE;
        snprintf(name, sizeof name, "%c%u", h ? 'H' : 'R', h ? i - NV_FP_HREG_BASE : i);
        const char *nm = nvgp_arena_strdup(&m->arena, name);
        if (nm)
            m->temps[m->num_temps++] = (nvgp_lower_temp){nm, o->old_temp[i].reg.index, 1};
    }
    m->cc_temp[0] = m->cc_temp[1] = -1;
    for (int k = 0; k < 2; k++) {
        if (c->gps && c->gps->has_cc[k])
            m->cc_temp[k] = c->gps->cc[k].reg.index;
        else if (o && o->has_cc && (k == 0 || o->cc[1].reg.index != o->cc[0].reg.index))
            m->cc_temp[k] = o->cc[k].reg.index;
        if (m->cc_temp[k] >= 0)
            m->cc_model = c->gps ? NVGP_LOWER_CC_FLAGS : NVGP_LOWER_CC_VALUE;
    }
}

tgsi_program *nvgp_lower_to_tgsi(const nv_program *p, nvgp_lower_map **map_out, nvgp_diag *diag)
{
    if (map_out)
        *map_out = NULL;
    if (!p || p->stage >= sizeof processors) {
        if (diag)
            nvgp_diag_error(diag, 0, "no program to translate");
        return NULL;
    }
    lower_ctx c;
    memset(&c, 0, sizeof c);
    c.p = p;
    c.diag = diag;
    c.old = p->header == NV_HDR_VP10 || p->header == NV_HDR_VP11 || p->header == NV_HDR_VP20 ||
            p->header == NV_HDR_VSP10 || p->header == NV_HDR_FP10;
    c.next_const = !c.old ? 0 : p->header == NV_HDR_FP10 ? 64 : 256;
    c.map = calloc(1, sizeof *c.map);
    c.b = nvgp_tgsi_builder_create((tgsi_processor)processors[p->stage], diag);
    c.var_has = calloc(p->nvars + 1, sizeof *c.var_has);
    c.var_reg = calloc(p->nvars + 1, sizeof *c.var_reg);
    if (!c.map || !c.b || !c.var_has || !c.var_reg) {
        if (diag)
            nvgp_diag_error(diag, 0, "out of memory translating the program");
        c.failed = true;
    } else {
        nvgp_arena_init(&c.map->arena);
    }
    const bool gp = p->header != NV_HDR_ARBVP10 && p->header != NV_HDR_ARBFP10 && !c.old;
    c.fam = gp ? &lower_gp_family : &lower_old_family;
    if (!c.failed)
        c.fam->begin(&c);
    /* attribute (and result) arrays first, so that their registers are
     * consecutive; NV_vertex_program3's vertex.attrib[A0.x] (generic
     * attributes 0..15) before vertex.texcoord[A0.x] (8..15, inside it) */
    for (int pass = 0; pass < 2; pass++)
        for (uint32_t v = 0; v < p->nvars && !c.failed; v++) {
            const nv_var *var = &p->vars[v];
            if ((var->kind != NV_VAR_ATTRIB && var->kind != NV_VAR_OUTPUT) || !var->is_array)
                continue;
            bool generic = !gp && var->nbindings == 1 && var->bindings[0].name &&
                           !strcmp(var->bindings[0].name, "vertex.attrib");
            if (generic != (pass == 0))
                continue;
            nvgp_tgsi_builder_set_source_offset(c.b, var->offset);
            lower_var_reg(&c, v, var->offset);
        }
    if (!c.failed && c.fam->after_arrays)
        c.fam->after_arrays(&c);
    if (!c.failed && p->stage == NV_STAGE_VERTEX &&
        (nv_program_has_option(p, NV_OPTION_ARB_position_invariant) ||
         nv_program_has_option(p, NV_OPTION_NV_position_invariant)))
        position_invariant(&c);
    if (!c.failed)
        c.fam->program(&c);
    if (!c.failed && c.fam->end)
        c.fam->end(&c);
    if (!c.failed && p->stage == NV_STAGE_FRAGMENT)
        coord_conventions(&c);
    if (!c.failed)
        map_for_traces(&c);
    c.fam->destroy(&c);
    free(c.var_has);
    free(c.var_reg);
    free(c.slot_hash);
    tgsi_program *out = NULL;
    if (c.b) {
        if (c.failed) {
            nvgp_tgsi_builder_destroy(c.b);
        } else {
            nvgp_tgsi_builder_set_source_offset(c.b, p->end_offset);
            out = nvgp_tgsi_builder_finish(c.b);
        }
    }
    if (!out) {
        nvgp_lower_map_destroy(c.map);
        return NULL;
    }
    if (map_out)
        *map_out = c.map;
    else
        nvgp_lower_map_destroy(c.map);
    return out;
}

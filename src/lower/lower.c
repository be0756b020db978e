/* The lowering's driver and bindings: turns variables and the old
 * languages' fixed registers into TGSI registers on first use, records each
 * binding in the map, and walks the instructions. */
#include "lower/lower_gp.h"
#include "lower/lower_internal.h"

#include "nv/nv_limits.h"
#include "nv/nv_old.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void lower_error(lower_ctx *c, uint32_t offset, const char *fmt, ...)
{
    if (c->diag && !c->failed) {
        va_list ap;
        va_start(ap, fmt);
        nvgp_diag_vreport(c->diag, NVGP_SEVERITY_ERROR, offset, fmt, ap);
        va_end(ap);
    }
    c->failed = true;
}

/* ---- The binding map ------------------------------------------------------- */

static uint32_t slot_key(nvgp_lower_slot_kind kind, int32_t index, const char *name)
{
    uint32_t h = 2166136261u ^ (uint32_t)kind ^ ((uint32_t)index * 0x9e3779b9u);
    for (const unsigned char *s = (const unsigned char *)name; *s; s++)
        h = (h ^ *s) * 16777619u;
    return h;
}

/* The hash-set position of (kind, index, name): its slot + 1, or the empty
 * position where it belongs (*found false). */
static uint32_t *slot_find(lower_ctx *c, nvgp_lower_slot_kind kind, int32_t index, const char *name, bool *found)
{
    uint32_t m = c->slot_hash_cap - 1;
    for (uint32_t h = slot_key(kind, index, name) & m;; h = (h + 1) & m) {
        uint32_t e = c->slot_hash[h];
        if (!e) {
            *found = false;
            return &c->slot_hash[h];
        }
        const nvgp_lower_slot *s = &c->map->slots[e - 1];
        if (s->kind == kind && s->index == index && !strcmp(s->name, name)) {
            *found = true;
            return &c->slot_hash[h];
        }
    }
}

static bool slot_hash_grow(lower_ctx *c)
{
    uint32_t cap = c->slot_hash_cap ? c->slot_hash_cap * 2 : 64;
    uint32_t *t = calloc(cap, sizeof *t);
    if (!t)
        return false;
    free(c->slot_hash);
    c->slot_hash = t;
    c->slot_hash_cap = cap;
    for (uint32_t i = 0; i < c->map->count; i++) {
        const nvgp_lower_slot *s = &c->map->slots[i];
        bool found;
        *slot_find(c, (nvgp_lower_slot_kind)s->kind, s->index, s->name, &found) = i + 1;
    }
    return true;
}

void lower_map_add_vertex(lower_ctx *c, nvgp_lower_slot_kind kind, tgsi_file file, int32_t vertex, int32_t index,
                          const char *name, const uint32_t *value)
{
    nvgp_lower_map *m = c->map;
    if ((m->count + 1) * 2 > c->slot_hash_cap && !slot_hash_grow(c)) {
        lower_error(c, 0, "out of memory");
        return;
    }
    bool found;
    uint32_t *pos = slot_find(c, kind, index, name, &found);
    if (found)
        return;
    if (m->count == m->cap) {
        uint32_t cap = m->cap ? m->cap * 2 : 16;
        nvgp_lower_slot *s = nvgp_arena_alloc(&m->arena, cap * sizeof *s);
        if (!s) {
            lower_error(c, 0, "out of memory");
            return;
        }
        if (m->count)
            memcpy(s, m->slots, m->count * sizeof *s);
        m->slots = s;
        m->cap = cap;
    }
    nvgp_lower_slot *s = &m->slots[m->count];
    memset(s, 0, sizeof *s);
    s->name = nvgp_arena_strdup(&m->arena, name);
    if (!s->name) {
        lower_error(c, 0, "out of memory");
        return;
    }
    s->kind = (uint8_t)kind;
    s->file = (uint8_t)file;
    s->component = -1;
    s->index = index;
    s->vertex = vertex;
    if (value) {
        s->has_value = true;
        memcpy(s->value, value, sizeof s->value);
    }
    m->count++;
    *pos = m->count;
}

void lower_map_add_comp(lower_ctx *c, nvgp_lower_slot_kind kind, tgsi_file file, int32_t vertex, int32_t index,
                        int8_t comp, const char *name)
{
    lower_map_add_vertex(c, kind, file, vertex, index, name, NULL);
    bool found;
    uint32_t *pos = c->failed ? NULL : slot_find(c, kind, index, name, &found);
    if (pos && found && *pos)
        c->map->slots[*pos - 1].component = comp;
}

static void map_add(lower_ctx *c, nvgp_lower_slot_kind kind, tgsi_file file, int32_t index, const char *name,
                    const uint32_t *value)
{
    lower_map_add_vertex(c, kind, file, -1, index, name, value);
}

const nvgp_lower_slot *nvgp_lower_map_find(const nvgp_lower_map *m, nvgp_lower_slot_kind kind,
                                           const char *name)
{
    for (uint32_t i = 0; m && i < m->count; i++)
        if (m->slots[i].kind == kind && !strcmp(m->slots[i].name, name))
            return &m->slots[i];
    return NULL;
}

const nvgp_lower_slot *nvgp_lower_map_next(const nvgp_lower_map *m, const nvgp_lower_slot *after)
{
    for (const nvgp_lower_slot *s = after + 1; s < m->slots + m->count; s++)
        if (s->kind == after->kind && !strcmp(s->name, after->name))
            return s;
    return NULL;
}

void nvgp_lower_map_fill_literals(const nvgp_lower_map *m, uint32_t *words, uint32_t count)
{
    for (uint32_t i = 0; i < m->count; i++) {
        const nvgp_lower_slot *s = &m->slots[i];
        if (s->kind == NVGP_LOWER_CONSTANT && s->has_value && s->index >= 0 && (uint32_t)s->index < count)
            memcpy(&words[4 * (size_t)s->index], s->value, sizeof s->value);
    }
}

void nvgp_lower_map_destroy(nvgp_lower_map *m)
{
    if (!m)
        return;
    nvgp_arena_destroy(&m->arena);
    free(m);
}

/* ---- Semantics of attribute and result bindings ------------------------------ */

void lower_split_name(const char *name, char *base, size_t cap, int32_t *index)
{
    size_t o = 0;
    *index = 0;
    for (const char *s = name; *s && o + 1 < cap; s++) {
        if (*s == '[') {
            *index = (int32_t)strtol(s + 1, NULL, 10);
            while (*s && *s != ']')
                s++;
            if (!*s)
                break;
            continue;
        }
        base[o++] = *s;
    }
    base[o] = '\0';
}

typedef struct sem_row {
    const char *base;
    uint8_t semantic;   /* tgsi_semantic; vertex inputs: GENERIC */
    int32_t first;      /* semantic index (vertex inputs: generic attribute) */
    bool indexed;       /* "[n]" adds to first */
} sem_row;

/* Vertex attributes use NV_vertex_program's aliasing (Table X.2), so that
 * vertex.position and v[OPOS] are generic attribute 0 in every language. */
static const sem_row vertex_inputs[] = {
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

static const sem_row vertex_results[] = {
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
    {"result.depth", TGSI_SEMANTIC_POSITION, 0, false},
};

/* Old languages: o[] of NV_vertex_program2 Table X.1 and f[]/o[] of
 * NV_fragment_program, in their enum order. */
static const sem_row vp_results[NV_VPR_COUNT] = {
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

static const sem_row fp_attribs[NV_FPA_COUNT] = {
    {"WPOS", TGSI_SEMANTIC_POSITION, 0, false}, {"COL0", TGSI_SEMANTIC_COLOR, 0, false},
    {"COL1", TGSI_SEMANTIC_COLOR, 1, false},    {"FOGC", TGSI_SEMANTIC_FOG, 0, false},
    {"TEX0", TGSI_SEMANTIC_GENERIC, 0, false},  {"TEX1", TGSI_SEMANTIC_GENERIC, 1, false},
    {"TEX2", TGSI_SEMANTIC_GENERIC, 2, false},  {"TEX3", TGSI_SEMANTIC_GENERIC, 3, false},
    {"TEX4", TGSI_SEMANTIC_GENERIC, 4, false},  {"TEX5", TGSI_SEMANTIC_GENERIC, 5, false},
    {"TEX6", TGSI_SEMANTIC_GENERIC, 6, false},  {"TEX7", TGSI_SEMANTIC_GENERIC, 7, false},
};

static const sem_row fp_results[NV_FPR_COUNT] = {
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

static tgsi_src input_reg(lower_ctx *c, const sem_row *r, int32_t n, const char *name)
{
    tgsi_semantic sem = (tgsi_semantic)r->semantic;
    uint32_t index = (uint32_t)(r->first + (r->indexed ? n : 0));
    tgsi_src s = c->p->stage == NV_STAGE_FRAGMENT
                     ? nvgp_tgsi_build_fs_input(c->b, sem, index, fs_interp(sem), TGSI_INTERPOLATE_LOC_CENTER)
                     : nvgp_tgsi_build_input(c->b, sem, index);
    map_add(c, NVGP_LOWER_INPUT, TGSI_FILE_INPUT, s.reg.index, name, NULL);
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
        if (c->gp)
            o = lower_gp_bind_own_vertex(c, o);
        tgsi_src e = nvgp_tgsi_src_of(c->clip);
        e.reg.index += n;
        nvgp_tgsi_build_MOV(c->b, o, nvgp_tgsi_src_scalar(e, 0));
    }
}

static tgsi_dst output_reg(lower_ctx *c, const sem_row *r, int32_t n, const char *name)
{
    uint32_t index = (uint32_t)(r->first + (r->indexed ? n : 0));
    if (r->semantic == TGSI_SEMANTIC_CLIPDIST)
        return nvgp_tgsi_dst_of(lower_clip_result(c, (int32_t)index, name, 0));
    tgsi_dst d = nvgp_tgsi_build_output(c->b, (tgsi_semantic)r->semantic, index);
    map_add(c, NVGP_LOWER_OUTPUT, TGSI_FILE_OUTPUT, d.reg.index, name, NULL);
    return d;
}

/* The register of an ATTRIB/OUTPUT binding named as the program wrote it. */
static bool binding_reg(lower_ctx *c, const nv_binding *bd, uint32_t offset, tgsi_src *out)
{
    char base[128];
    int32_t n;
    lower_split_name(bd->name ? bd->name : "", base, sizeof base, &n);
    bool frag = c->p->stage == NV_STAGE_FRAGMENT;
    const sem_row *r;
    if (bd->kind == NV_BIND_ATTRIB) {
        r = frag ? find_row(fragment_inputs, sizeof fragment_inputs / sizeof *r, base)
                 : find_row(vertex_inputs, sizeof vertex_inputs / sizeof *r, base);
        if (r) {
            *out = input_reg(c, r, n, bd->name);
            return true;
        }
    } else if (bd->kind == NV_BIND_RESULT) {
        r = frag ? find_row(fragment_results, sizeof fragment_results / sizeof *r, base)
                 : find_row(vertex_results, sizeof vertex_results / sizeof *r, base);
        if (r) {
            *out = nvgp_tgsi_src_of(output_reg(c, r, n, bd->name));
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
static tgsi_src array_binding_reg(lower_ctx *c, const nv_binding *bd, uint32_t offset)
{
    char base[128], name[160];
    int32_t n;
    lower_split_name(bd->name ? bd->name : "", base, sizeof base, &n);
    n = bd->index;
    bool frag = c->p->stage == NV_STAGE_FRAGMENT, result = bd->kind == NV_BIND_RESULT;
    const sem_row *r = result ? frag ? find_row(fragment_results, sizeof fragment_results / sizeof *r, base)
                                     : find_row(vertex_results, sizeof vertex_results / sizeof *r, base)
                       : frag ? find_row(fragment_inputs, sizeof fragment_inputs / sizeof *r, base)
                              : find_row(vertex_inputs, sizeof vertex_inputs / sizeof *r, base);
    if (!r || !r->indexed || bd->count == 0 || (result && r->semantic == TGSI_SEMANTIC_CLIPDIST)) {
        lower_error(c, offset, "the binding '%s' has no TGSI translation yet", bd->name ? bd->name : "?");
        return nvgp_tgsi_src(result ? TGSI_FILE_OUTPUT : TGSI_FILE_INPUT, 0);
    }
    tgsi_src first = nvgp_tgsi_src(result ? TGSI_FILE_OUTPUT : TGSI_FILE_INPUT, 0);
    for (uint32_t i = 0; i < bd->count; i++) {
        snprintf(name, sizeof name, "%s[%d]", base, n + (int32_t)i);
        tgsi_src e = result ? nvgp_tgsi_src_of(output_reg(c, r, n + (int32_t)i, name))
                            : input_reg(c, r, n + (int32_t)i, name);
        if (i == 0)
            first = e;
        else if (e.reg.index != first.reg.index + (int32_t)i)
            lower_error(c, offset, "the elements of '%s' are not consecutive registers", bd->name);
    }
    return first;
}

/* ---- Parameters ---------------------------------------------------------- */

/* Name of element i of a binding that covers count elements: the last
 * "[n]" counts up ("program.env[0]" -> "program.env[2]"). */
static void element_name(const nv_binding *bd, uint32_t i, char *buf, size_t cap)
{
    const char *name = bd->name ? bd->name : "";
    const char *lb = strrchr(name, '[');
    if (i == 0 || !lb) {
        snprintf(buf, cap, "%s", name);
        return;
    }
    long first = strtol(lb + 1, NULL, 10);
    const char *rb = strchr(lb, ']');
    snprintf(buf, cap, "%.*s[%ld]%s", (int)(lb - name), name, first + (long)i, rb ? rb + 1 : "");
}

/* State bindings whose value the implementation fixes (nv_limits.def): the
 * map carries it as for a literal, so callers need not know it.  y, z and w
 * are undefined in the specs; they read 0. */
static const struct known_state {
    const char *name;
    uint32_t x;
} known_states[] = {
    {"state.thread.warpsize", NV_LIMIT_WARP_SIZE}, /* NV_shader_thread_group 2.X.3.3 */
};

static bool known_state_words(const char *name, uint32_t w[4])
{
    /* NV_shader_storage_buffer_object: for assembly programs "the x
     * component will hold the integer value zero" */
    if (name && !strncmp(name, "program.storagelen[", 19)) {
        w[0] = w[1] = w[2] = w[3] = 0;
        return true;
    }
    for (size_t i = 0; name && i < sizeof known_states / sizeof *known_states; i++)
        if (!strcmp(name, known_states[i].name)) {
            w[0] = known_states[i].x;
            w[1] = w[2] = w[3] = 0;
            return true;
        }
    return false;
}

static void const_words(const nv_const *k, uint32_t w[4])
{
    for (int i = 0; i < 4; i++)
        w[i] = k->v.u[i];
}

/* A parameter variable's registers: an IMM for a lone literal, a block of
 * CONST registers otherwise (one per element, in array order, so relative
 * addressing works).  Lone program/state bindings share their register. */
static tgsi_src param_var_reg(lower_ctx *c, uint32_t var)
{
    const nv_var *v = &c->p->vars[var];
    uint32_t elems = 0;
    for (uint32_t b = 0; b < v->nbindings; b++)
        elems += v->bindings[b].count ? v->bindings[b].count : 1;
    if (!v->is_array && v->nbindings == 1 && v->bindings[0].kind == NV_BIND_CONST && !c->old) {
        uint32_t w[4];
        tgsi_imm_type type = TGSI_IMM_FLOAT32;
        if (c->gp)
            type = lower_gp_param_words(v, &c->p->consts[v->bindings[0].konst], w);
        else
            const_words(&c->p->consts[v->bindings[0].konst], w);
        return nvgp_tgsi_build_imm(c->b, type, w, 4);
    }
    if (!v->is_array && v->nbindings == 1 && v->bindings[0].kind != NV_BIND_CONST) {
        const nvgp_lower_slot *s = nvgp_lower_map_find(c->map, NVGP_LOWER_CONSTANT, v->bindings[0].name);
        if (s)
            return nvgp_tgsi_build_constant(c->b, s->index);
    }
    int32_t first = c->next_const;
    c->next_const += (int32_t)elems;
    uint32_t e = 0;
    char name[160];
    for (uint32_t b = 0; b < v->nbindings; b++) {
        const nv_binding *bd = &v->bindings[b];
        uint32_t n = bd->count ? bd->count : 1;
        for (uint32_t i = 0; i < n; i++, e++) {
            if (bd->kind == NV_BIND_CONST || bd->kind == NV_BIND_LOCAL) {
                /* FP1.0 DECLAREd names are local parameters with an
                 * initial value; ARB literals are fixed values */
                uint32_t w[4] = {0, 0, 0, 0};
                bool has = bd->kind == NV_BIND_CONST || c->old;
                if (has && bd->konst < c->p->nconsts && c->gp)
                    lower_gp_param_words(v, &c->p->consts[bd->konst], w);
                else if (has && bd->konst < c->p->nconsts)
                    const_words(&c->p->consts[bd->konst], w);
                if (bd->kind == NV_BIND_LOCAL && c->old)
                    snprintf(name, sizeof name, "%s", v->name);
                else if (bd->kind == NV_BIND_CONST)
                    snprintf(name, sizeof name, "%s[%u]", v->name[0] ? v->name : "literal", e);
                else
                    element_name(bd, i, name, sizeof name);
                map_add(c, NVGP_LOWER_CONSTANT, TGSI_FILE_CONSTANT, first + (int32_t)e, name, has ? w : NULL);
            } else {
                element_name(bd, i, name, sizeof name);
                uint32_t w[4];
                bool known = bd->kind == NV_BIND_STATE && known_state_words(name, w);
                map_add(c, NVGP_LOWER_CONSTANT, TGSI_FILE_CONSTANT, first + (int32_t)e, name, known ? w : NULL);
            }
        }
    }
    if (elems)
        nvgp_tgsi_build_constant(c->b, first + (int32_t)elems - 1);
    return nvgp_tgsi_build_constant(c->b, first);
}

/* ---- Variables and fixed registers ---------------------------------------- */

static tgsi_src var_reg(lower_ctx *c, uint32_t var, uint32_t offset)
{
    if (var >= c->p->nvars) {
        lower_error(c, offset, "operand names no variable");
        return nvgp_tgsi_src(TGSI_FILE_TEMPORARY, 0);
    }
    if (c->var_has[var])
        return c->var_reg[var];
    const nv_var *v = &c->p->vars[var];
    tgsi_src r = nvgp_tgsi_src(TGSI_FILE_TEMPORARY, 0);
    switch (v->kind) {
    case NV_VAR_TEMP:
        if (v->is_array)
            r = nvgp_tgsi_src_of(nvgp_tgsi_build_temp_array(c->b, v->array_size ? v->array_size : 1, NULL));
        else
            r = nvgp_tgsi_src_of(nvgp_tgsi_build_temp(c->b));
        break;
    case NV_VAR_ADDRESS:
        r = nvgp_tgsi_src_of(nvgp_tgsi_build_address(c->b));
        break;
    case NV_VAR_PARAM:
        r = param_var_reg(c, var);
        break;
    case NV_VAR_ATTRIB:
        if (c->gp) {
            r = lower_gp_bind_var(c, var, offset);
            break;
        }
        if (v->is_array && v->nbindings == 1) {
            r = array_binding_reg(c, &v->bindings[0], offset);
            break;
        }
        /* fall through */
    case NV_VAR_OUTPUT:
        if (c->gp) {
            r = lower_gp_bind_var(c, var, offset);
            break;
        }
        if (v->kind == NV_VAR_OUTPUT && v->is_array && v->nbindings == 1) {
            r = array_binding_reg(c, &v->bindings[0], offset);
            break;
        }
        if (v->nbindings != 1 || v->is_array) {
            lower_error(c, offset, "arrays of attributes or results have no TGSI translation yet");
            break;
        }
        binding_reg(c, &v->bindings[0], offset, &r);
        break;
    default:
        if (c->gp && lower_gp_mem_var(c, var, offset, &r))
            break;
        lower_error(c, offset, "variables of this kind have no TGSI translation yet");
        break;
    }
    c->var_has[var] = true;
    c->var_reg[var] = r;
    return r;
}

static tgsi_src old_reg(lower_ctx *c, uint8_t file, int32_t index, uint32_t offset)
{
    char name[32];
    bool frag = c->p->stage == NV_STAGE_FRAGMENT;
    switch (file) {
    case NV_FILE_TEMP:
        if (index < 0 || index >= LOWER_MAX_OLD_TEMPS)
            break;
        if (!c->old_temp_has[index]) {
            c->old_temp[index] = nvgp_tgsi_build_temp(c->b);
            c->old_temp_has[index] = true;
        }
        return nvgp_tgsi_src_of(c->old_temp[index]);
    case NV_FILE_ADDRESS:
        if (index < 0 || index >= LOWER_MAX_OLD_ADDR)
            break;
        if (!c->old_addr_has[index]) {
            c->old_addr[index] = nvgp_tgsi_build_address(c->b);
            c->old_addr_has[index] = true;
        }
        return nvgp_tgsi_src_of(c->old_addr[index]);
    case NV_FILE_PARAM:
        if (index >= 0 && index < 256 && (c->vsp_written[index] || (c->vsp_array && index < VSP_PARAMS)))
            return nvgp_tgsi_src_of(c->vsp_temp[index]);
        snprintf(name, sizeof name, "%s[%d]", frag ? "p" : "c", index);
        map_add(c, NVGP_LOWER_CONSTANT, TGSI_FILE_CONSTANT, index, name, NULL);
        return nvgp_tgsi_build_constant(c->b, index);
    case NV_FILE_ATTRIB:
        if (frag) {
            if (index < 0 || index >= NV_FPA_COUNT)
                break;
            snprintf(name, sizeof name, "f[%s]", fp_attribs[index].base);
            return input_reg(c, &fp_attribs[index], 0, name);
        } else {
            if (index < 0 || index >= 16)
                break;
            sem_row r = {"v", TGSI_SEMANTIC_GENERIC, index, false};
            snprintf(name, sizeof name, "v[%d]", index);
            tgsi_src in = input_reg(c, &r, 0, name);
            /* programs (and jobs) name it either way: v[3] or v[COL0] */
            const char *mnemonic = nvgp_nv_vp_attrib_mnemonic(index);
            if (mnemonic) {
                snprintf(name, sizeof name, "v[%s]", mnemonic);
                map_add(c, NVGP_LOWER_INPUT, TGSI_FILE_INPUT, in.reg.index, name, NULL);
            }
            return in;
        }
    case NV_FILE_OUTPUT:
        if (frag) {
            if (index < 0 || index >= NV_FPR_COUNT)
                break;
            snprintf(name, sizeof name, "o[%s]", fp_results[index].base);
            return nvgp_tgsi_src_of(output_reg(c, &fp_results[index], 0, name));
        } else {
            if (index < 0 || index >= NV_VPR_COUNT)
                break;
            snprintf(name, sizeof name, "o[%s]", vp_results[index].base);
            return nvgp_tgsi_src_of(output_reg(c, &vp_results[index], 0, name));
        }
    default:
        break;
    }
    lower_error(c, offset, "this register has no TGSI translation yet");
    return nvgp_tgsi_src(TGSI_FILE_TEMPORARY, 0);
}

static tgsi_src reg_of(lower_ctx *c, uint8_t file, uint32_t var, int32_t index, uint32_t offset)
{
    if (var != NV_VAR_NONE)
        return var_reg(c, var, offset);
    return old_reg(c, file, index, offset);
}

/* The ADDR register and component of a relative index. */
static bool rel_addr(lower_ctx *c, const nv_rel *r, uint32_t offset, tgsi_src *addr)
{
    if (c->gp) {
        /* 4.0/5.0: any integer scalar operand indexes; UARL loads it */
        *addr = lower_gp_rel_addr(c, r, offset);
        return true;
    }
    if (r->file != NV_FILE_ADDRESS) {
        lower_error(c, offset, "relative addressing by a non-address register has no TGSI translation yet");
        return false;
    }
    *addr = reg_of(c, NV_FILE_ADDRESS, r->var, (int32_t)r->index, offset);
    return true;
}

/* VSP1.0 c[A0.x + n] (n in [-64, 63]): "Relative addressing reads outside
 * of the 0 to 95 inclusive range always read the value (0,0,0,0)"
 * (NV_vertex_program 2.14.1.9).  The index A0.x + n is computed from the
 * address register's integer copy; in range it addresses element 0 of the
 * parameters (the array of those the program writes, or CONST[0..95]) by
 * a second ADDR register, out of range the read gives 0.  The index
 * register's base stays inside the array whatever n is. */
static tgsi_src vsp_relative_read(lower_ctx *c, const nv_src *s)
{
    tgsi_src addr;
    tgsi_dst t = lower_instruction_temp(c), v = lower_instruction_temp(c);
    if (!rel_addr(c, &s->rel, s->offset, &addr))
        return nvgp_tgsi_src_of(v);
    tgsi_src a = nvgp_tgsi_src_scalar(nvgp_tgsi_src_of(lower_addr_shadow(c, nvgp_tgsi_dst_of(addr))), s->rel.comp & 3);
    if (!c->vsp_has_addr) {
        c->vsp_addr = nvgp_tgsi_build_address(c->b);
        c->vsp_has_addr = true;
    }
    tgsi_dst tx = nvgp_tgsi_dst_writemask(t, 1), ty = nvgp_tgsi_dst_writemask(t, 2);
    nvgp_tgsi_build_UADD(c->b, tx, a, nvgp_tgsi_build_imm1i(c->b, s->index));
    nvgp_tgsi_build_USLT(c->b, ty, nvgp_tgsi_src_scalar(nvgp_tgsi_src_of(t), 0), nvgp_tgsi_build_imm1u(c->b, VSP_PARAMS));
    nvgp_tgsi_build_AND(c->b, tx, nvgp_tgsi_src_scalar(nvgp_tgsi_src_of(t), 0), nvgp_tgsi_src_scalar(nvgp_tgsi_src_of(t), 1));
    nvgp_tgsi_build_UARL(c->b, nvgp_tgsi_dst_writemask(c->vsp_addr, 1), nvgp_tgsi_src_scalar(nvgp_tgsi_src_of(t), 0));
    tgsi_src e;
    if (c->vsp_array) {
        e = nvgp_tgsi_src_indirect_array(nvgp_tgsi_src_of(c->vsp_base), nvgp_tgsi_src_of(c->vsp_addr), 0, c->vsp_array_id);
    } else {
        if (!c->old_const_range) {
            nvgp_tgsi_build_constant_range(c->b, 0, VSP_PARAMS);
            for (int32_t i = 0; i < VSP_PARAMS; i++)
                old_reg(c, NV_FILE_PARAM, i, s->offset);
            c->old_const_range = true;
        }
        e = nvgp_tgsi_src_indirect(nvgp_tgsi_src(TGSI_FILE_CONSTANT, 0), nvgp_tgsi_src_of(c->vsp_addr), 0);
    }
    nvgp_tgsi_build_UCMP(c->b, v, nvgp_tgsi_src_scalar(nvgp_tgsi_src_of(t), 1), e, nvgp_tgsi_build_imm1f(c->b, 0.0f));
    return nvgp_tgsi_src_of(v);
}

/* The slot of ftz_reg for an operand, or -1. */
static int ftz_slot(const lower_ctx *c, const nv_src *s)
{
    if (s->var != NV_VAR_NONE || s->has_rel || s->index < 0)
        return -1;
    if (s->file == NV_FILE_ATTRIB && s->index < 16)
        return s->index;
    if (s->file == NV_FILE_PARAM && s->index < 256 && !c->vsp_written[s->index] && !c->vsp_array)
        return 16 + s->index;
    return -1;
}

/* The flushed copy of an operand's register (ftz_begin), or a NULL-file
 * register. */
static tgsi_src ftz_src(const lower_ctx *c, const nv_src *s)
{
    int k = c->src_prec == 'D' ? ftz_slot(c, s) : -1;
    if (k < 0 || !c->ftz_has[k])
        return nvgp_tgsi_src(TGSI_FILE_NULL, 0);
    return nvgp_tgsi_src_of(c->ftz_reg[k]);
}

tgsi_src lower_src(lower_ctx *c, const nv_src *s)
{
    tgsi_src r;
    bool conv = true;
    if (s->file == NV_FILE_CONST && c->gp) /* 4.0/5.0 literals are typed by use: float here */
        return lower_gp_src(c, s, LT_F32);
    if (s->file == NV_FILE_CONST) {
        uint32_t w[4] = {0, 0, 0, 0};
        if (s->konst < c->p->nconsts)
            const_words(&c->p->consts[s->konst], w);
        r = nvgp_tgsi_build_imm(c->b, TGSI_IMM_FLOAT32, w, 4);
    } else if (c->gp && lower_gp_bind_src(c, s, &r)) {
        goto modifiers;
    } else if (c->gp && s->file == NV_FILE_BUFFER) {
        r = lower_gp_buffer_src(c, s);
        goto modifiers;
    } else if (s->has_rel && s->var == NV_VAR_NONE && s->file == NV_FILE_PARAM && c->p->header == NV_HDR_VSP10) {
        r = vsp_relative_read(c, s);
    } else if (s->has_rel) {
        tgsi_src addr;
        if (s->var == NV_VAR_NONE && s->file == NV_FILE_PARAM && c->vsp_array) {
            r = nvgp_tgsi_src_of(c->vsp_base);
            if (rel_addr(c, &s->rel, s->offset, &addr))
                r = nvgp_tgsi_src_indirect_array(r, addr, s->rel.comp, c->vsp_array_id);
            r.reg.index += s->index;
            goto modifiers;
        }
        if (s->var == NV_VAR_NONE && s->file == NV_FILE_PARAM && !c->old_const_range) {
            /* c[A0.x + n] may reach any of the program parameters */
            int32_t n = c->p->stage == NV_STAGE_FRAGMENT ? 64 : c->p->header == NV_HDR_VP20 ? 256 : 96;
            nvgp_tgsi_build_constant_range(c->b, 0, n);
            for (int32_t i = 0; i < n; i++)
                old_reg(c, NV_FILE_PARAM, i, s->offset);
            c->old_const_range = true;
        }
        r = s->var == NV_VAR_NONE ? nvgp_tgsi_src(TGSI_FILE_CONSTANT, 0) : reg_of(c, s->file, s->var, 0, s->offset);
        if (s->var == NV_VAR_NONE && s->file != NV_FILE_PARAM)
            lower_error(c, s->offset, "relative addressing of this file has no TGSI translation yet");
        if (rel_addr(c, &s->rel, s->offset, &addr))
            r = nvgp_tgsi_src_indirect(r, addr, s->rel.comp);
        r.reg.index += s->index;
    } else if ((r = ftz_src(c, s)).reg.file != TGSI_FILE_NULL) {
        conv = false;
    } else {
        r = reg_of(c, s->file, s->var, s->index, s->offset);
        if (s->var != NV_VAR_NONE)
            r.reg.index += s->index;
    }
modifiers:;
    /* extended-swizzle selectors 0/1 are the SWZ handler's business */
    uint8_t base[4] = {r.swizzle[0], r.swizzle[1], r.swizzle[2], r.swizzle[3]};
    for (int i = 0; i < 4; i++)
        r.swizzle[i] = base[s->swizzle[i] & 3];
    if (s->abs)
        r = nvgp_tgsi_src_abs(r);
    if (s->negate)
        r = nvgp_tgsi_src_negate(r);
    /* with 'D', temporaries already hold flushed results, and so do the
     * copies ftz_src returns */
    if (c->src_prec && conv && (c->src_prec != 'D' || s->file == NV_FILE_ATTRIB || s->file == NV_FILE_PARAM))
        r = lower_convert_src(c, r);
    return r;
}

/* Marks the clip temporaries for copying when d is one of them. */
static tgsi_dst note_clip(lower_ctx *c, tgsi_dst d)
{
    if (c->has_clip && d.reg.file == TGSI_FILE_TEMPORARY && d.reg.index >= c->clip.reg.index &&
        d.reg.index < c->clip.reg.index + NV_LIMIT_CLIP_PLANES)
        c->clip_pending = true;
    return d;
}

tgsi_dst lower_dst(lower_ctx *c, const nv_dst *d)
{
    if (c->has_dst_override)
        return nvgp_tgsi_dst_writemask(c->dst_override, d->writemask & 0xf);
    tgsi_dst gd;
    if (c->gp && lower_gp_bind_dst(c, d, &gd))
        return note_clip(c, gd);
    tgsi_src r = reg_of(c, d->file, d->var, d->index, d->offset);
    if (d->var != NV_VAR_NONE)
        r.reg.index += d->index;
    tgsi_src addr;
    if (d->has_rel && d->var == NV_VAR_NONE)
        lower_error(c, d->offset, "relatively addressed destinations have no TGSI translation yet");
    else if (d->has_rel && rel_addr(c, &d->rel, d->offset, &addr))
        r = nvgp_tgsi_src_indirect(r, addr, d->rel.comp); /* result.texcoord[A0.y + n] */
    tgsi_dst out = nvgp_tgsi_dst_of(r);
    out.writemask = d->writemask & 0xf;
    return note_clip(c, out);
}

static const uint8_t tex_targets[NV_TEX_COUNT] = {
    [NV_TEX_NONE] = TGSI_TEXTURE_UNKNOWN,
    [NV_TEX_1D] = TGSI_TEXTURE_1D,
    [NV_TEX_2D] = TGSI_TEXTURE_2D,
    [NV_TEX_3D] = TGSI_TEXTURE_3D,
    [NV_TEX_CUBE] = TGSI_TEXTURE_CUBE,
    [NV_TEX_RECT] = TGSI_TEXTURE_RECT,
    [NV_TEX_SHADOW1D] = TGSI_TEXTURE_SHADOW1D,
    [NV_TEX_SHADOW2D] = TGSI_TEXTURE_SHADOW2D,
    [NV_TEX_SHADOWRECT] = TGSI_TEXTURE_SHADOWRECT,
    [NV_TEX_ARRAY1D] = TGSI_TEXTURE_1D_ARRAY,
    [NV_TEX_ARRAY2D] = TGSI_TEXTURE_2D_ARRAY,
    [NV_TEX_SHADOWCUBE] = TGSI_TEXTURE_SHADOWCUBE,
    [NV_TEX_SHADOWARRAY1D] = TGSI_TEXTURE_SHADOW1D_ARRAY,
    [NV_TEX_SHADOWARRAY2D] = TGSI_TEXTURE_SHADOW2D_ARRAY,
    [NV_TEX_ARRAYCUBE] = TGSI_TEXTURE_CUBE_ARRAY,
    [NV_TEX_SHADOWARRAYCUBE] = TGSI_TEXTURE_SHADOWCUBE_ARRAY,
    [NV_TEX_BUFFER] = TGSI_TEXTURE_BUFFER,
    [NV_TEX_RENDERBUFFER] = TGSI_TEXTURE_2D_MSAA,
    [NV_TEX_2DMS] = TGSI_TEXTURE_2D_MSAA,
    [NV_TEX_ARRAY2DMS] = TGSI_TEXTURE_2D_ARRAY_MSAA,
};

tgsi_texture lower_tex_target(uint8_t target)
{
    return target < NV_TEX_COUNT ? (tgsi_texture)tex_targets[target] : TGSI_TEXTURE_UNKNOWN;
}

tgsi_src lower_sampler(lower_ctx *c, const nv_inst *in, tgsi_texture *target)
{
    return c->gp ? lower_gp_sampler(c, in, target) : lower_unit_sampler(c, in, target);
}

tgsi_src lower_unit_sampler(lower_ctx *c, const nv_inst *in, tgsi_texture *target)
{
    const nv_tex *t = &in->tex;
    *target = lower_tex_target(t->target);
    if (t->var != NV_VAR_NONE || t->has_rel || t->unit < 0) {
        lower_error(c, t->offset, "TEXTURE variables have no TGSI translation yet");
        return nvgp_tgsi_src(TGSI_FILE_SAMPLER, 0);
    }
    char name[32];
    snprintf(name, sizeof name, "texture[%d]", t->unit);
    map_add(c, NVGP_LOWER_SAMPLER, TGSI_FILE_SAMPLER, t->unit, name, NULL);
    return nvgp_tgsi_build_sampler(c->b, t->unit);
}

/* ---- Vertex state programs ---------------------------------------------------- */

/* NV_vertex_program 2.14.4: a VSP1.0 program writes program parameters.
 * Each written c[n] is a temporary loaded from CONST[n] at the start and
 * copied to an output named "c[n]" at the end. */
static void vsp_begin(lower_ctx *c)
{
    const nv_program *p = c->p;
    bool relative = false;
    for (uint32_t i = 0; i < p->ninsts; i++) {
        const nv_inst *in = &p->insts[i];
        if (in->has_dst && in->dst.file == NV_FILE_PARAM && in->dst.index >= 0 && in->dst.index < 256)
            c->vsp_written[in->dst.index] = true;
        for (unsigned k = 0; k < in->nsrc && k < 4; k++)
            relative |= in->src[k].file == NV_FILE_PARAM && in->src[k].has_rel;
    }
    bool any = false;
    for (int32_t n = 0; n < 256; n++)
        any |= c->vsp_written[n];
    if (any && relative) {
        /* a relative read may see any parameter, written ones included */
        c->vsp_base = nvgp_tgsi_build_temp_array(c->b, VSP_PARAMS, &c->vsp_array_id);
        for (int32_t n = 0; n < VSP_PARAMS; n++) {
            bool w = c->vsp_written[n];
            c->vsp_written[n] = false;
            tgsi_src k = old_reg(c, NV_FILE_PARAM, n, 0);
            c->vsp_temp[n] = c->vsp_base;
            c->vsp_temp[n].reg.index += n;
            nvgp_tgsi_build_MOV(c->b, c->vsp_temp[n], k);
            c->vsp_written[n] = w;
        }
        c->vsp_array = true;
        return;
    }
    for (int32_t n = 0; n < 256; n++) {
        if (!c->vsp_written[n])
            continue;
        c->vsp_written[n] = false;
        tgsi_src k = old_reg(c, NV_FILE_PARAM, n, 0);
        c->vsp_temp[n] = nvgp_tgsi_build_temp(c->b);
        nvgp_tgsi_build_MOV(c->b, c->vsp_temp[n], k);
        c->vsp_written[n] = true;
    }
}

static void vsp_end(lower_ctx *c)
{
    nvgp_tgsi_builder_set_source_offset(c->b, c->p->end_offset);
    for (int32_t n = 0; n < 256; n++) {
        if (!c->vsp_written[n])
            continue;
        char name[16];
        snprintf(name, sizeof name, "c[%d]", n);
        tgsi_dst o = nvgp_tgsi_build_output(c->b, TGSI_SEMANTIC_GENERIC, (uint32_t)n);
        map_add(c, NVGP_LOWER_OUTPUT, TGSI_FILE_OUTPUT, o.reg.index, name, NULL);
        nvgp_tgsi_build_MOV(c->b, o, nvgp_tgsi_src_of(c->vsp_temp[n]));
    }
}

/* NV_vertex_program2 2.14.1.5 (and NV_vertex_program for VP1.x): "Each
 * register value is initialized to (0,0,0,1) at the invocation of each
 * vertex program"; the results the program writes start so, so that
 * components it leaves alone read (0,0,0,1). */
static void vp_results_begin(lower_ctx *c)
{
    const nv_program *p = c->p;
    bool done[NV_VPR_COUNT] = {false};
    if (p->ninsts)
        nvgp_tgsi_builder_set_source_offset(c->b, p->insts[0].offset);
    for (uint32_t i = 0; i < p->ninsts; i++) {
        const nv_dst *d = &p->insts[i].dst;
        if (!p->insts[i].has_dst || d->file != NV_FILE_OUTPUT || d->var != NV_VAR_NONE || d->index < 0 ||
            d->index >= NV_VPR_COUNT || done[d->index])
            continue;
        done[d->index] = true;
        char name[32];
        snprintf(name, sizeof name, "o[%s]", vp_results[d->index].base);
        tgsi_dst o = output_reg(c, &vp_results[d->index], 0, name);
        nvgp_tgsi_build_MOV(c->b, o, nvgp_tgsi_build_imm4f(c->b, 0.0f, 0.0f, 0.0f, 1.0f));
        if (vp_results[d->index].semantic == TGSI_SEMANTIC_CLIPDIST)
            c->clip_pending = true;
    }
    lower_clip_flush(c);
}

/* NV vertex languages (denormals "flushed to zero", NV_vertex_program2
 * 2.14.3): each attribute and parameter the program reads without a
 * relative address is copied and flushed once, at the start, rather than
 * at every read. */
static void ftz_begin(lower_ctx *c)
{
    const nv_program *p = c->p;
    if (p->ninsts)
        nvgp_tgsi_builder_set_source_offset(c->b, p->insts[0].offset);
    for (uint32_t i = 0; i < p->ninsts; i++)
        for (unsigned k = 0; k < p->insts[i].nsrc && k < 4; k++) {
            const nv_src *s = &p->insts[i].src[k];
            int slot = ftz_slot(c, s);
            if (slot < 0 || c->ftz_has[slot])
                continue;
            tgsi_dst t = nvgp_tgsi_build_temp(c->b);
            nvgp_tgsi_build_MOV(c->b, t, old_reg(c, s->file, s->index, s->offset));
            lower_flush_denormals(c, t);
            c->ftz_reg[slot] = t;
            c->ftz_has[slot] = true;
        }
}

/* ARB_position_invariant / NV_position_invariant: the position is the
 * fixed-function transform, vertex.position times the modelview-projection
 * matrix (rows are constants named state.matrix.mvp.row[0..3]). */
static void position_invariant(lower_ctx *c)
{
    if (c->p->ninsts)
        nvgp_tgsi_builder_set_source_offset(c->b, c->p->insts[0].offset);
    tgsi_src v = input_reg(c, &vertex_inputs[0], 0, c->old ? "v[0]" : "vertex.position");
    tgsi_dst o = c->old ? output_reg(c, &vp_results[NV_VPR_HPOS], 0, "o[HPOS]")
                        : output_reg(c, &vertex_results[0], 0, "result.position");
    for (unsigned i = 0; i < 4; i++) {
        char name[32];
        snprintf(name, sizeof name, "state.matrix.mvp.row[%u]", i);
        int32_t k = c->next_const++;
        map_add(c, NVGP_LOWER_CONSTANT, TGSI_FILE_CONSTANT, k, name, NULL);
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

/* The temporaries the translation made, by their names in the program, so
 * that a debugger can print them (docs/trace.md). */
static void map_temp_names(lower_ctx *c)
{
    uint32_t n = 0;
    for (uint32_t v = 0; v < c->p->nvars; v++)
        n += c->p->vars[v].kind == NV_VAR_TEMP && c->var_has[v];
    for (uint32_t i = 0; i < LOWER_MAX_OLD_TEMPS; i++)
        n += c->old_temp_has[i];
    nvgp_lower_map *m = c->map;
    m->temps = n ? nvgp_arena_alloc(&m->arena, sizeof *m->temps * n) : NULL;
    if (!m->temps)
        return;
    for (uint32_t v = 0; v < c->p->nvars; v++) {
        const nv_var *var = &c->p->vars[v];
        if (var->kind != NV_VAR_TEMP || !c->var_has[v] || !var->name ||
            c->var_reg[v].reg.file != TGSI_FILE_TEMPORARY)
            continue;
        m->temps[m->num_temps++] = (nvgp_lower_temp){
            var->name, c->var_reg[v].reg.index, var->is_array && var->array_size ? var->array_size : 1};
    }
    for (uint32_t i = 0; i < LOWER_MAX_OLD_TEMPS; i++) {
        if (!c->old_temp_has[i])
            continue;
        char name[16];
        bool h = c->p->stage == NV_STAGE_FRAGMENT && i >= NV_FP_HREG_BASE;
        snprintf(name, sizeof name, "%c%u", h ? 'H' : 'R', h ? i - NV_FP_HREG_BASE : i);
        const char *nm = nvgp_arena_strdup(&m->arena, name);
        if (nm)
            m->temps[m->num_temps++] = (nvgp_lower_temp){nm, c->old_temp[i].reg.index, 1};
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
    c.gp = p->header != NV_HDR_ARBVP10 && p->header != NV_HDR_ARBFP10 && !c.old;
    if (!c.failed && c.gp) {
        lower_gp_begin(&c);
        lower_gp_bind_begin(&c);
    }
    bool cc1_made = false;
    for (uint32_t i = 0; i < p->ninsts && !c.failed && !c.gp; i++) {
        const nv_inst *in = &p->insts[i];
        bool uses = in->cc_update || in->cond.cond != NV_COND_NONE ||
                    (in->has_dst && (in->dst.cc.cond != NV_COND_NONE || in->dst.file == NV_FILE_CC));
        if (!uses)
            continue;
        nvgp_tgsi_builder_set_source_offset(c.b, in->offset);
        if (!c.has_cc) {
            c.cc[0] = nvgp_tgsi_build_temp(c.b);
            nvgp_tgsi_build_MOV(c.b, c.cc[0], nvgp_tgsi_build_imm1f(c.b, 0.0f));
            c.cc[1] = c.cc[0];
            c.has_cc = true;
        }
        bool cc1 = in->cc_update == 2 || (in->cond.cond != NV_COND_NONE && in->cond.reg == 1) ||
                   (in->has_dst && in->dst.cc.cond != NV_COND_NONE && in->dst.cc.reg == 1);
        if (cc1 && !cc1_made) {
            c.cc[1] = nvgp_tgsi_build_temp(c.b);
            nvgp_tgsi_build_MOV(c.b, c.cc[1], nvgp_tgsi_build_imm1f(c.b, 0.0f));
            cc1_made = true;
        }
        if (cc1_made)
            break;
    }
    const bool structured_calls = !c.gp && lower_calls_structured(p);
    for (uint32_t i = 0; i < p->ninsts && !c.failed && !c.has_stack && !c.gp && !structured_calls; i++) {
        uint16_t op = p->insts[i].op;
        if (op == NV_OP_CAL || op == NV_OP_RET || op == NV_OP_PUSHA || op == NV_OP_POPA) {
            nvgp_tgsi_builder_set_source_offset(c.b, p->insts[i].offset);
            /* four entries in VP2.0 (NV_vertex_program2 2.14.1.x), else
             * MAX_PROGRAM_CALL_DEPTH_NV (NV_vertex_program2_option,
             * NV_fragment_program2) */
            c.stack_size = p->header == NV_HDR_VP20 ? 4 : NV_LIMIT_PROGRAM_CALL_DEPTH;
            c.stack = nvgp_tgsi_build_temp_array(c.b, c.stack_size, NULL);
            c.stack_addr = nvgp_tgsi_build_address(c.b);
            c.depth = nvgp_tgsi_build_temp(c.b);
            nvgp_tgsi_build_MOV(c.b, nvgp_tgsi_dst_writemask(c.depth, 3), nvgp_tgsi_build_imm1u(c.b, 0));
            c.has_stack = true;
        }
    }
    /* The older languages' temporaries start at (0,0,0,0) (NV_vertex_program:
     * "temporary registers are initialized to (0,0,0,0)"; NV_fragment_program
     * likewise), which TGSI's zeroed temporaries give only to a temporary no
     * other use wrote first: each gets its own before any scratch temporary
     * (operand flushes, conversions) is made and released for reuse. */
    for (uint32_t i = 0; i < p->ninsts && !c.gp && !c.failed; i++) {
        const nv_inst *in = &p->insts[i];
        for (uint8_t k = 0; k < in->nsrc && k < 4; k++)
            if (in->src[k].file == NV_FILE_TEMP && in->src[k].var == NV_VAR_NONE)
                old_reg(&c, NV_FILE_TEMP, in->src[k].index, in->offset);
        if (in->has_dst && in->dst.file == NV_FILE_TEMP && in->dst.var == NV_VAR_NONE)
            old_reg(&c, NV_FILE_TEMP, in->dst.index, in->offset);
    }
    if (!c.failed && p->header == NV_HDR_VSP10)
        vsp_begin(&c);
    /* attribute (and result) arrays first, so that their registers are
     * consecutive; NV_vertex_program3's vertex.attrib[A0.x] (generic
     * attributes 0..15) before vertex.texcoord[A0.x] (8..15, inside it) */
    for (int pass = 0; pass < 2; pass++)
        for (uint32_t v = 0; v < p->nvars && !c.failed; v++) {
            const nv_var *var = &p->vars[v];
            if ((var->kind != NV_VAR_ATTRIB && var->kind != NV_VAR_OUTPUT) || !var->is_array)
                continue;
            bool generic = !c.gp && var->nbindings == 1 && var->bindings[0].name &&
                           !strcmp(var->bindings[0].name, "vertex.attrib");
            if (generic != (pass == 0))
                continue;
            nvgp_tgsi_builder_set_source_offset(c.b, var->offset);
            var_reg(&c, v, var->offset);
        }
    if (!c.failed && (p->header == NV_HDR_VP10 || p->header == NV_HDR_VP11 || p->header == NV_HDR_VP20))
        vp_results_begin(&c);
    if (!c.failed && lower_flushes_denormals(&c))
        ftz_begin(&c);
    if (!c.failed && p->stage == NV_STAGE_VERTEX &&
        (nv_program_has_option(p, NV_OPTION_ARB_position_invariant) ||
         nv_program_has_option(p, NV_OPTION_NV_position_invariant)))
        position_invariant(&c);
    if (!c.failed && c.gp) {
        lower_gp_program(&c);
    } else if (!c.failed && structured_calls) {
        lower_structured_calls(&c);
    } else if (!c.failed && lower_needs_pc_loop(p)) {
        lower_unstructured(&c);
    } else {
        for (uint32_t i = 0; i < p->ninsts && !c.failed; i++) {
            nvgp_tgsi_builder_set_source_offset(c.b, p->insts[i].offset);
            lower_inst(&c, &p->insts[i]);
        }
    }
    if (!c.failed && p->header == NV_HDR_VSP10)
        vsp_end(&c);
    if (!c.failed && p->stage == NV_STAGE_FRAGMENT)
        coord_conventions(&c);
    if (!c.failed)
        map_temp_names(&c);
    lower_gp_bind_free(&c);
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
    /* where the condition codes live, for traces */
    c.map->cc_temp[0] = c.map->cc_temp[1] = -1;
    for (int k = 0; k < 2; k++) {
        if (c.gp ? c.gp_has_cc[k] : c.has_cc && (k == 0 || c.cc[1].reg.index != c.cc[0].reg.index))
            c.map->cc_temp[k] = c.gp ? c.gp_cc[k].reg.index : c.cc[k].reg.index;
        if (c.map->cc_temp[k] >= 0)
            c.map->cc_model = c.gp ? NVGP_LOWER_CC_FLAGS : NVGP_LOWER_CC_VALUE;
    }
    if (map_out)
        *map_out = c.map;
    else
        nvgp_lower_map_destroy(c.map);
    return out;
}

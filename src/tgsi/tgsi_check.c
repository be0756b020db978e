/* The TGSI checker (see tgsi_check.h).  Per-opcode operand facts come from
 * the opcode table; the few rules tgsi.rst states for single opcodes (which
 * processor may run them, which texture targets they take) are kept in
 * tables indexed by opcode below, next to the sentence they come from. */
#include "tgsi/tgsi_check.h"

#include "tgsi/tgsi_names.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Rules tgsi.rst gives for single opcodes ------------------------------- */

#define PROC(x) (1u << TGSI_PROCESSOR_##x)

/* Processors an opcode is allowed in; 0 = all. */
static const uint8_t opcode_processors[TGSI_OPCODE_COUNT] = {
    /* Geometry ISA. */
    [TGSI_OPCODE_EMIT] = PROC(GEOMETRY),
    [TGSI_OPCODE_ENDPRIM] = PROC(GEOMETRY),
    /* "Allowed in fragment shaders only", and the fragment-only operations
     * (derivatives, kills, interpolation, framebuffer fetch). */
    [TGSI_OPCODE_KILL] = PROC(FRAGMENT),
    [TGSI_OPCODE_KILL_IF] = PROC(FRAGMENT),
    [TGSI_OPCODE_KIL] = PROC(FRAGMENT),
    [TGSI_OPCODE_KILP] = PROC(FRAGMENT),
    [TGSI_OPCODE_DEMOTE] = PROC(FRAGMENT),
    [TGSI_OPCODE_READ_HELPER] = PROC(FRAGMENT),
    [TGSI_OPCODE_DDX] = PROC(FRAGMENT),
    [TGSI_OPCODE_DDX_FINE] = PROC(FRAGMENT),
    [TGSI_OPCODE_DDY] = PROC(FRAGMENT),
    [TGSI_OPCODE_DDY_FINE] = PROC(FRAGMENT),
    [TGSI_OPCODE_INTERP_CENTROID] = PROC(FRAGMENT),
    [TGSI_OPCODE_INTERP_SAMPLE] = PROC(FRAGMENT),
    [TGSI_OPCODE_INTERP_OFFSET] = PROC(FRAGMENT),
    [TGSI_OPCODE_FBFETCH] = PROC(FRAGMENT),
    /* Work-group barriers exist in compute and tessellation control. */
    [TGSI_OPCODE_BARRIER] = PROC(COMPUTE) | PROC(TESS_CTRL),
};

#define TEX(x) (1u << TGSI_TEXTURE_##x)
#define TEX_SHADOW (TEX(SHADOW1D) | TEX(SHADOW2D) | TEX(SHADOWRECT) | TEX(SHADOW1D_ARRAY) | \
                    TEX(SHADOW2D_ARRAY) | TEX(SHADOWCUBE) | TEX(SHADOWCUBE_ARRAY))
#define TEX_MSAA (TEX(2D_MSAA) | TEX(2D_ARRAY_MSAA))
#define TEX_ALL ((1u << TGSI_TEXTURE_UNKNOWN) - 1u)
/* Targets of filtered lookups: no buffers, no multisample surfaces. */
#define TEX_SAMPLED (TEX_ALL & ~TEX(BUFFER) & ~TEX_MSAA)

typedef struct tex_rule {
    uint32_t targets;     /* allowed targets; 0 = TEX_SAMPLED */
    uint8_t max_offsets;  /* texel offsets allowed */
    bool target_optional; /* no target needed even on a sampler */
    bool given;           /* the row exists */
} tex_rule;

#define RULE(targets, offsets, optional) { targets, offsets, optional, true }

/* Texture instructions (TGSI_OPF_TEX rows).  The default (all zero) is a
 * filtered lookup taking one texel offset. */
static const tex_rule tex_rules[TGSI_OPCODE_COUNT] = {
    /* TEX: "for cube map array shadow textures ... TEX2 must be used". */
    [TGSI_OPCODE_TEX] = RULE(TEX_SAMPLED & ~TEX(SHADOWCUBE_ARRAY), 1, false),
    /* TEX2: "for shadow cube map arrays only". */
    [TGSI_OPCODE_TEX2] = RULE(TEX(SHADOWCUBE_ARRAY), 1, false),
    /* TXB: "for cube map array textures and shadow cube maps ... TXB2 must be used". */
    [TGSI_OPCODE_TXB] = RULE(TEX_SAMPLED & ~TEX(CUBE_ARRAY) & ~TEX(SHADOWCUBE) & ~TEX(SHADOWCUBE_ARRAY), 1, false),
    [TGSI_OPCODE_TXB2] = RULE(TEX(CUBE_ARRAY) | TEX(SHADOWCUBE) | TEX(SHADOWCUBE_ARRAY), 1, false),
    /* TXL: "for cube map array textures ... TXL2 must be used". */
    [TGSI_OPCODE_TXL] = RULE(TEX_SAMPLED & ~TEX(CUBE_ARRAY) & ~TEX(SHADOWCUBE_ARRAY), 1, false),
    [TGSI_OPCODE_TXL2] = RULE(TEX(CUBE_ARRAY) | TEX(SHADOWCUBE_ARRAY), 1, false),
    /* Texel fetches also read buffers and multisample surfaces. */
    [TGSI_OPCODE_TXF] = RULE(TEX_ALL, 1, false),
    [TGSI_OPCODE_TXF_LZ] = RULE(TEX_ALL & ~TEX(BUFFER), 1, false),
    /* Queries: no offsets. */
    [TGSI_OPCODE_TXQ] = RULE(TEX_ALL, 0, false),
    [TGSI_OPCODE_TXQ_LZ] = RULE(TEX_ALL, 0, false),
    [TGSI_OPCODE_TXQS] = RULE(TEX_MSAA | TEX_SAMPLED, 0, true),
    [TGSI_OPCODE_LODQ] = RULE(0, 0, false),
    [TGSI_OPCODE_SVIEWINFO] = RULE(TEX_ALL, 0, false),
    [TGSI_OPCODE_LOD] = RULE(0, 0, false),
    [TGSI_OPCODE_SAMP2HND] = RULE(TEX_ALL, 0, true),
    /* TG4: "Only works with 2D, 2D array, cubemaps, and cubemaps arrays"
     * (with SM5 their shadow forms); up to four offsets (gather offsets). */
    [TGSI_OPCODE_TG4] = RULE(TEX(2D) | TEX(2D_ARRAY) | TEX(CUBE) | TEX(CUBE_ARRAY) | TEX(SHADOW2D) |
                              TEX(SHADOW2D_ARRAY) | TEX(SHADOWCUBE) | TEX(SHADOWCUBE_ARRAY),
                          TGSI_MAX_TEX_OFFSETS, false),
    [TGSI_OPCODE_GATHER4] = RULE(0, TGSI_MAX_TEX_OFFSETS, false),
    [TGSI_OPCODE_SAMPLE_I] = RULE(TEX_ALL, 1, false),
    [TGSI_OPCODE_SAMPLE_I_MS] = RULE(TEX_ALL, 1, false),
    /* The compare variants sample shadow targets. */
    [TGSI_OPCODE_SAMPLE_C] = RULE(TEX_SHADOW, 1, false),
    [TGSI_OPCODE_SAMPLE_C_LZ] = RULE(TEX_SHADOW, 1, false),
};

/* The part each flow-control opcode plays in block structure. */
typedef enum flow_role {
    FLOW_NONE, FLOW_IF, FLOW_ELSE, FLOW_ENDIF, FLOW_BGNLOOP, FLOW_ENDLOOP, FLOW_SWITCH,
    FLOW_CASE, FLOW_DEFAULT, FLOW_ENDSWITCH, FLOW_BGNSUB, FLOW_ENDSUB, FLOW_BRK, FLOW_CONT,
    FLOW_END
} flow_role;

static const uint8_t flow_roles[TGSI_OPCODE_COUNT] = {
    [TGSI_OPCODE_IF] = FLOW_IF,
    [TGSI_OPCODE_UIF] = FLOW_IF,
    [TGSI_OPCODE_ELSE] = FLOW_ELSE,
    [TGSI_OPCODE_ENDIF] = FLOW_ENDIF,
    [TGSI_OPCODE_BGNLOOP] = FLOW_BGNLOOP,
    [TGSI_OPCODE_ENDLOOP] = FLOW_ENDLOOP,
    [TGSI_OPCODE_SWITCH] = FLOW_SWITCH,
    [TGSI_OPCODE_CASE] = FLOW_CASE,
    [TGSI_OPCODE_DEFAULT] = FLOW_DEFAULT,
    [TGSI_OPCODE_ENDSWITCH] = FLOW_ENDSWITCH,
    [TGSI_OPCODE_BGNSUB] = FLOW_BGNSUB,
    [TGSI_OPCODE_ENDSUB] = FLOW_ENDSUB,
    [TGSI_OPCODE_BRK] = FLOW_BRK,
    [TGSI_OPCODE_BREAKC] = FLOW_BRK,
    [TGSI_OPCODE_CONT] = FLOW_CONT,
    [TGSI_OPCODE_END] = FLOW_END,
};

/* SAMPLE_POS / SAMPLE_INFO: "source is either a sampler view ... or temp
 * register (to indicate the render target)". */
static const bool resource_may_be_temp[TGSI_OPCODE_COUNT] = {
    [TGSI_OPCODE_SAMPLE_POS] = true,
    [TGSI_OPCODE_SAMPLE_INFO] = true,
};

/* ---- Primitive and property facts ----------------------------------------- */

/* PIPE_PRIM_* numbering, as TGSI_NAMES_PRIMITIVE lists the names. */
enum {
    PRIM_POINTS = 0, PRIM_LINES = 1, PRIM_LINE_STRIP = 3, PRIM_TRIANGLES = 4,
    PRIM_TRIANGLE_STRIP = 5, PRIM_QUADS = 7, PRIM_LINES_ADJACENCY = 10,
    PRIM_TRIANGLES_ADJACENCY = 12, PRIM_PATCHES = 14,
};

/* A patch has at most this many vertices (gl_MaxPatchVertices). */
enum { MAX_PATCH_VERTICES = 32 };

/* Input vertices of a geometry program per input primitive (for patches,
 * the most a patch has); 0 = not one. */
static unsigned gs_input_vertices(uint32_t prim)
{
    switch (prim) {
    case PRIM_POINTS: return 1;
    case PRIM_LINES: return 2;
    case PRIM_TRIANGLES: return 3;
    case PRIM_LINES_ADJACENCY: return 4;
    case PRIM_TRIANGLES_ADJACENCY: return 6;
    case PRIM_PATCHES: return MAX_PATCH_VERTICES;
    default: return 0;
    }
}


typedef struct property_rule {
    uint8_t processors;   /* 0 = any */
    uint32_t min, max;    /* allowed value range, when the values are a range */
    const uint32_t *set;  /* or the allowed values */
    uint8_t set_size;
} property_rule;

/* PATCHES: NV_gpu_program5's geometry programs may take the patches of a
 * draw without tessellation (docs/spec-decisions.md, TGSI 8). */
static const uint32_t gs_in_prims[] = { PRIM_POINTS, PRIM_LINES, PRIM_LINES_ADJACENCY,
                                        PRIM_TRIANGLES, PRIM_TRIANGLES_ADJACENCY, PRIM_PATCHES };
static const uint32_t gs_out_prims[] = { PRIM_POINTS, PRIM_LINE_STRIP, PRIM_TRIANGLE_STRIP };
static const uint32_t tes_prims[] = { PRIM_TRIANGLES, PRIM_QUADS, PRIM_LINES };

#define SET(a) 0, 0, a, (uint8_t)(sizeof a / sizeof a[0])
#define BOOL_RANGE 0, 1, NULL, 0
#define RANGE(lo, hi) lo, hi, NULL, 0

static const property_rule property_rules[TGSI_PROPERTY_COUNT] = {
    [TGSI_PROPERTY_GS_INPUT_PRIM] = { PROC(GEOMETRY), SET(gs_in_prims) },
    [TGSI_PROPERTY_GS_OUTPUT_PRIM] = { PROC(GEOMETRY), SET(gs_out_prims) },
    /* NV_geometry_program4's limit on emitted vertices. */
    [TGSI_PROPERTY_GS_MAX_OUTPUT_VERTICES] = { PROC(GEOMETRY), RANGE(0, 1024) },
    [TGSI_PROPERTY_GS_INVOCATIONS] = { PROC(GEOMETRY), RANGE(1, 32) },
    [TGSI_PROPERTY_FS_COORD_ORIGIN] = { PROC(FRAGMENT), BOOL_RANGE },
    [TGSI_PROPERTY_FS_COORD_PIXEL_CENTER] = { PROC(FRAGMENT), BOOL_RANGE },
    [TGSI_PROPERTY_FS_COLOR0_WRITES_ALL_CBUFS] = { PROC(FRAGMENT), BOOL_RANGE },
    [TGSI_PROPERTY_FS_DEPTH_LAYOUT] = { PROC(FRAGMENT), RANGE(0, 4) },
    [TGSI_PROPERTY_FS_EARLY_DEPTH_STENCIL] = { PROC(FRAGMENT), BOOL_RANGE },
    [TGSI_PROPERTY_FS_POST_DEPTH_COVERAGE] = { PROC(FRAGMENT), BOOL_RANGE },
    [TGSI_PROPERTY_FS_BLEND_EQUATION_ADVANCED] = { PROC(FRAGMENT), RANGE(0, UINT32_MAX) },
    [TGSI_PROPERTY_VS_PROHIBIT_UCPS] = { PROC(VERTEX), BOOL_RANGE },
    [TGSI_PROPERTY_VS_WINDOW_SPACE_POSITION] = { PROC(VERTEX), BOOL_RANGE },
    [TGSI_PROPERTY_VS_BLIT_SGPRS_AMD] = { PROC(VERTEX), RANGE(0, UINT32_MAX) },
    [TGSI_PROPERTY_TCS_VERTICES_OUT] = { PROC(TESS_CTRL), RANGE(1, MAX_PATCH_VERTICES) },
    [TGSI_PROPERTY_TES_PRIM_MODE] = { PROC(TESS_EVAL), SET(tes_prims) },
    [TGSI_PROPERTY_TES_SPACING] = { PROC(TESS_EVAL), RANGE(0, 2) },
    [TGSI_PROPERTY_TES_VERTEX_ORDER_CW] = { PROC(TESS_EVAL), BOOL_RANGE },
    [TGSI_PROPERTY_TES_POINT_MODE] = { PROC(TESS_EVAL), BOOL_RANGE },
    [TGSI_PROPERTY_NUM_CLIPDIST_ENABLED] = { 0, RANGE(0, 8) },
    [TGSI_PROPERTY_NUM_CULLDIST_ENABLED] = { 0, RANGE(0, 8) },
    [TGSI_PROPERTY_NEXT_SHADER] = { 0, RANGE(0, TGSI_PROCESSOR_COUNT - 1) },
    [TGSI_PROPERTY_CS_FIXED_BLOCK_WIDTH] = { PROC(COMPUTE), RANGE(1, 1024) },
    [TGSI_PROPERTY_CS_FIXED_BLOCK_HEIGHT] = { PROC(COMPUTE), RANGE(1, 1024) },
    [TGSI_PROPERTY_CS_FIXED_BLOCK_DEPTH] = { PROC(COMPUTE), RANGE(1, 64) },
    [TGSI_PROPERTY_CS_USER_DATA_COMPONENTS_AMD] = { PROC(COMPUTE), RANGE(0, UINT32_MAX) },
    [TGSI_PROPERTY_MUL_ZERO_WINS] = { 0, BOOL_RANGE },
    [TGSI_PROPERTY_LEGACY_MATH_RULES] = { 0, BOOL_RANGE },
    [TGSI_PROPERTY_LAYER_VIEWPORT_RELATIVE] = { 0, BOOL_RANGE },
    [TGSI_PROPERTY_SEPARABLE_PROGRAM] = { 0, BOOL_RANGE },
};

/* ---- Error collection ------------------------------------------------------ */

#define AT_END SIZE_MAX

typedef struct check_error {
    size_t offset;    /* AT_END for errors found only after the whole program */
    uint32_t seq;     /* report order, to keep the sort stable */
    bool warning;     /* a rule Mesa does not enforce (see warn()) */
    char *message;
} check_error;

typedef struct decl_range {
    int32_t dim;      /* CONST/HWATOMIC buffer; 0 elsewhere */
    int32_t first, last;
    uint32_t decl;    /* index into p->declarations */
} decl_range;

typedef struct file_ranges {
    decl_range *r;
    int32_t *max_last; /* max of r[0..i].last, for lookups among overlaps */
    uint32_t n, cap;
} file_ranges;

typedef enum block_kind { BLOCK_IF, BLOCK_LOOP, BLOCK_SWITCH, BLOCK_SUB } block_kind;

typedef struct block {
    uint8_t kind;
    bool in_else;
    uint8_t defaults;
    uint32_t insn;
} block;

typedef struct checker {
    const tgsi_program *p;
    check_error *errors;
    uint32_t num_errors, cap_errors;
    bool out_of_memory;
    file_ranges files[TGSI_FILE_COUNT];
    int32_t property[TGSI_PROPERTY_COUNT]; /* index of its PROPERTY, or -1 */
    unsigned gs_vertices;                  /* from GS_INPUT_PRIMITIVE; 0 unknown */
    block *blocks;
    uint32_t depth;
    uint32_t end_depth;  /* blocks open at END (already reported there) */
    /* Older Mesa's compute programs: only subroutines, one per kernel entry
     * point the launch chose by its label, with no END of the program; an
     * END inside a subroutine ends the thread.  tgsi.rst does not define
     * END or forbid this form. */
    bool kernels;
} checker;

static void vreport(checker *c, bool warning, size_t offset, const char *fmt, va_list ap)
{
    if (c->num_errors == c->cap_errors) {
        uint32_t ncap = c->cap_errors ? c->cap_errors * 2 : 16;
        check_error *n = realloc(c->errors, ncap * sizeof *n);
        if (!n) {
            c->out_of_memory = true;
            return;
        }
        c->errors = n;
        c->cap_errors = ncap;
    }
    char buf[256];
    vsnprintf(buf, sizeof buf, fmt, ap);
    check_error *e = &c->errors[c->num_errors];
    e->offset = offset;
    e->seq = c->num_errors;
    e->warning = warning;
    e->message = malloc(strlen(buf) + 1);
    if (!e->message) {
        c->out_of_memory = true;
        return;
    }
    strcpy(e->message, buf);
    c->num_errors++;
}

/* A broken rule: the program fails to load. */
NVGP_PRINTF(3, 4)
static void report(checker *c, size_t offset, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(c, false, offset, fmt, ap);
    va_end(ap);
}

/* A rule of tgsi.rst that Mesa's text parser and tgsi_sanity do not
 * enforce, broken where the executor still gives the program one meaning
 * (it ignores the attribute): a warning, so that programs Mesa's own tests
 * and state trackers wrote load and run (SPEC-DECISIONS TGSI 4).  The rules
 * the executor depends on stay errors even where Mesa accepts them. */
NVGP_PRINTF(3, 4)
static void warn(checker *c, size_t offset, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(c, true, offset, fmt, ap);
    va_end(ap);
}

static int error_order(const void *a, const void *b)
{
    const check_error *x = a, *y = b;
    if (x->offset != y->offset)
        return x->offset < y->offset ? -1 : 1;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static const char *file_name(unsigned f)
{
    const char *n = nvgp_tgsi_name(TGSI_NAMES_FILE, f);
    return n ? n : "?";
}

static const char *opcode_name(unsigned op)
{
    const tgsi_opcode_info *info = nvgp_tgsi_opcode_info(op);
    return info ? info->name : "?";
}

static bool is_resource_file(unsigned f)
{
    return f == TGSI_FILE_SAMPLER || f == TGSI_FILE_SAMPLER_VIEW || f == TGSI_FILE_BUFFER ||
           f == TGSI_FILE_IMAGE || f == TGSI_FILE_MEMORY || f == TGSI_FILE_HW_ATOMIC ||
           f == TGSI_FILE_RESOURCE;
}

static bool is_memory_file(unsigned f)
{
    return f == TGSI_FILE_BUFFER || f == TGSI_FILE_IMAGE || f == TGSI_FILE_MEMORY ||
           f == TGSI_FILE_HW_ATOMIC || f == TGSI_FILE_RESOURCE;
}

static bool is_patch_semantic(const tgsi_declaration *d)
{
    return d->has_semantic && (d->semantic_name == TGSI_SEMANTIC_PATCH ||
                               d->semantic_name == TGSI_SEMANTIC_TESSOUTER ||
                               d->semantic_name == TGSI_SEMANTIC_TESSINNER);
}

/* Do registers of this file carry a vertex index as their first dimension? */
static bool per_vertex_file(const checker *c, unsigned file)
{
    unsigned proc = c->p->processor;
    if (file == TGSI_FILE_INPUT)
        return proc == TGSI_PROCESSOR_GEOMETRY || proc == TGSI_PROCESSOR_TESS_CTRL ||
               proc == TGSI_PROCESSOR_TESS_EVAL;
    if (file == TGSI_FILE_OUTPUT)
        return proc == TGSI_PROCESSOR_TESS_CTRL;
    return false;
}

/* Files whose first dimension selects a buffer (or, for the legacy TEMPX,
 * one of several temporary arrays). */
static bool two_dim_buffer_file(unsigned file)
{
    return file == TGSI_FILE_CONSTANT || file == TGSI_FILE_HW_ATOMIC ||
           file == TGSI_FILE_TEMPORARY_ARRAY;
}

/* Older Mesa's compute resources RINPUT, RPRIVATE, RLOCAL and RGLOBAL:
 * RES[32764] to RES[32767], present without a declaration. */
enum { LEGACY_RES_FIRST = 32764, LEGACY_RES_LAST = 32767 };

/* ---- Properties ------------------------------------------------------------ */

static void check_property(checker *c, uint32_t i)
{
    const tgsi_property_decl *pr = &c->p->properties[i];
    size_t at = pr->source_offset;
    if (pr->name >= TGSI_PROPERTY_COUNT) {
        report(c, at, "unknown property %u", pr->name);
        return;
    }
    const char *name = nvgp_tgsi_name(TGSI_NAMES_PROPERTY, pr->name);
    if (!name)
        name = "property";
    if (c->property[pr->name] >= 0)
        report(c, at, "%s given more than once", name);
    else
        c->property[pr->name] = (int32_t)i;
    const property_rule *rule = &property_rules[pr->name];
    if (rule->processors && !(rule->processors & (1u << c->p->processor)))
        warn(c, at, "%s is not a property of %s programs", name,
               nvgp_tgsi_name(TGSI_NAMES_PROCESSOR, c->p->processor)
                   ? nvgp_tgsi_name(TGSI_NAMES_PROCESSOR, c->p->processor) : "these");
    if (pr->num_data == 0 || pr->num_data > TGSI_MAX_PROPERTY_DATA) {
        report(c, at, "%s needs a value", name);
        return;
    }
    uint32_t v = pr->data[0];
    bool ok;
    if (rule->set) {
        ok = false;
        for (unsigned k = 0; k < rule->set_size; k++)
            ok |= rule->set[k] == v;
    } else if (rule->min == 0 && rule->max == 0) {
        ok = true; /* no rule known: any value */
    } else {
        ok = v >= rule->min && v <= rule->max;
    }
    if (!ok)
        report(c, at, "value %u is out of range for %s", v, name);
    if (pr->name == TGSI_PROPERTY_GS_INPUT_PRIM)
        c->gs_vertices = gs_input_vertices(v);
}

static void check_required_properties(checker *c)
{
    static const struct {
        uint8_t processor, property;
        const char *name;
    } required[] = {
        { TGSI_PROCESSOR_GEOMETRY, TGSI_PROPERTY_GS_INPUT_PRIM, "GS_INPUT_PRIMITIVE" },
        { TGSI_PROCESSOR_GEOMETRY, TGSI_PROPERTY_GS_OUTPUT_PRIM, "GS_OUTPUT_PRIMITIVE" },
        /* Not GS_MAX_OUTPUT_VERTICES: tgsi.rst does not require it, older
         * Mesa programs leave it out, and the executor's limit without it
         * is 1024 vertices. */
        { TGSI_PROCESSOR_TESS_CTRL, TGSI_PROPERTY_TCS_VERTICES_OUT, "TCS_VERTICES_OUT" },
        { TGSI_PROCESSOR_TESS_EVAL, TGSI_PROPERTY_TES_PRIM_MODE, "TES_PRIM_MODE" },
    };
    for (size_t k = 0; k < sizeof required / sizeof required[0]; k++)
        if (c->p->processor == required[k].processor && c->property[required[k].property] < 0)
            report(c, AT_END, "missing PROPERTY %s", required[k].name);
}

/* ---- Declarations ---------------------------------------------------------- */

static bool add_range(file_ranges *fr, int32_t dim, int32_t first, int32_t last, uint32_t decl)
{
    if (fr->n == fr->cap) {
        uint32_t ncap = fr->cap ? fr->cap * 2 : 8;
        decl_range *n = realloc(fr->r, ncap * sizeof *n);
        if (!n)
            return false;
        fr->r = n;
        fr->cap = ncap;
    }
    fr->r[fr->n++] = (decl_range){ dim, first, last, decl };
    return true;
}

static int range_order(const void *a, const void *b)
{
    const decl_range *x = a, *y = b;
    if (x->dim != y->dim)
        return x->dim < y->dim ? -1 : 1;
    if (x->first != y->first)
        return x->first < y->first ? -1 : 1;
    return x->decl < y->decl ? -1 : x->decl > y->decl;
}

static void check_declaration(checker *c, uint32_t i)
{
    const tgsi_program *p = c->p;
    const tgsi_declaration *d = &p->declarations[i];
    size_t at = d->source_offset;
    unsigned f = d->file;
    unsigned proc = p->processor;
    if (f == TGSI_FILE_NULL || f >= TGSI_FILE_COUNT || f == TGSI_FILE_IMMEDIATE) {
        report(c, at, "registers of file %s cannot be declared", f < TGSI_FILE_COUNT ? file_name(f) : "?");
        return;
    }
    if (d->first < 0 || d->last < d->first) {
        report(c, at, "bad register range %s[%d..%d]", file_name(f), d->first, d->last);
        return;
    }
    int32_t dim = 0;
    if (d->has_dimension) {
        if (two_dim_buffer_file(f)) {
            if (d->dimension < 0)
                report(c, at, "negative buffer index in declaration");
            /* the executor holds this many constant buffers: what this
             * accepts, it runs (docs/limits.md) */
            else if (f == TGSI_FILE_CONSTANT && d->dimension >= TGSI_MAX_CONST_BUFFERS)
                report(c, at, "constant buffer index %d above %d", d->dimension,
                       TGSI_MAX_CONST_BUFFERS - 1);
            dim = d->dimension;
        } else if (f == TGSI_FILE_INPUT && per_vertex_file(c, f)) {
            if (is_patch_semantic(d))
                report(c, at, "per-patch inputs are not per-vertex arrays");
        } else if (f == TGSI_FILE_OUTPUT && per_vertex_file(c, f)) {
            if (is_patch_semantic(d))
                report(c, at, "per-patch outputs are not per-vertex arrays");
        } else if (f == TGSI_FILE_INPUT) {
            report(c, at, "two-dimensional inputs exist only in GEOM, TESS_CTRL and TESS_EVAL programs");
        } else {
            report(c, at, "%s registers cannot be declared two-dimensional", file_name(f));
        }
    }
    if (d->dimension_unsized && !per_vertex_file(c, f))
        report(c, at, "%s[][..] (per-vertex arrays) exist only for GEOM and TESS inputs and TESS_CTRL outputs",
               file_name(f));
    if (!add_range(&c->files[f], dim, d->first, d->last, i))
        c->out_of_memory = true;

    /* Mesa's parser reads no attribute after a VERT input, reads an
     * interpolation mode on every other declaration, and a semantic on every
     * file but IMAGE, SVIEW, BUFFER and MEMORY (whose attributes are of
     * other kinds). */
    bool vs_input = f == TGSI_FILE_INPUT && proc == TGSI_PROCESSOR_VERTEX;
    bool mesa_semantic = !vs_input && f != TGSI_FILE_IMAGE && f != TGSI_FILE_SAMPLER_VIEW &&
                         f != TGSI_FILE_BUFFER && f != TGSI_FILE_MEMORY;
    bool semantic_file = f == TGSI_FILE_INPUT || f == TGSI_FILE_OUTPUT || f == TGSI_FILE_SYSTEM_VALUE;
    if (d->has_semantic) {
        if (d->semantic_name >= TGSI_SEMANTIC_COUNT)
            report(c, at, "unknown semantic %u", d->semantic_name);
        else if (!semantic_file && mesa_semantic)
            warn(c, at, "only IN, OUT and SV declarations take a semantic (ignored here)");
        else if (!semantic_file)
            report(c, at, "only IN, OUT and SV declarations take a semantic");
    } else if (f == TGSI_FILE_SYSTEM_VALUE) {
        report(c, at, "a system value needs a semantic");
    }
    bool frag_input = f == TGSI_FILE_INPUT && proc == TGSI_PROCESSOR_FRAGMENT;
    if (d->has_interpolate) {
        if (d->interpolate >= TGSI_INTERPOLATE_COUNT || d->interpolate_location >= TGSI_INTERPOLATE_LOC_COUNT)
            report(c, at, "unknown interpolation mode");
        else if (!frag_input && !vs_input)
            warn(c, at, "interpolation modes apply only to FRAG inputs (ignored here)");
        else if (!frag_input)
            report(c, at, "interpolation modes apply only to FRAG inputs");
    }
    if (d->has_stream && (f != TGSI_FILE_OUTPUT || proc != TGSI_PROCESSOR_GEOMETRY))
        report(c, at, "streams apply only to GEOM outputs");
    if (d->array_id) {
        if (f != TGSI_FILE_TEMPORARY && f != TGSI_FILE_INPUT && f != TGSI_FILE_OUTPUT)
            report(c, at, "only TEMP, IN and OUT declarations can be arrays");
        for (uint32_t k = 0; k < i; k++)
            if (p->declarations[k].file == f && p->declarations[k].array_id == d->array_id) {
                report(c, at, "ARRAY(%u) of %s declared twice", d->array_id, file_name(f));
                break;
            }
    }
    if (f == TGSI_FILE_SAMPLER_VIEW && d->sview_target >= TGSI_TEXTURE_UNKNOWN)
        report(c, at, "a sampler view needs a texture target");
    if ((f == TGSI_FILE_IMAGE) && d->resource_target >= TGSI_TEXTURE_UNKNOWN)
        report(c, at, "an image needs a texture target");
    if (f == TGSI_FILE_MEMORY) {
        if (d->memory_type >= TGSI_MEMORY_TYPE_COUNT)
            report(c, at, "unknown memory type");
        else if (d->memory_type == TGSI_MEMORY_TYPE_SHARED && proc != TGSI_PROCESSOR_COMPUTE)
            report(c, at, "shared memory exists only in COMP programs");
    }
}

/* Sorts each file's ranges and reports declarations that overlap an earlier
 * one (the later declaration in program order is the offending one). */
static void finish_declarations(checker *c)
{
    for (unsigned f = 0; f < TGSI_FILE_COUNT; f++) {
        file_ranges *fr = &c->files[f];
        if (!fr->n)
            continue;
        qsort(fr->r, fr->n, sizeof *fr->r, range_order);
        fr->max_last = malloc(fr->n * sizeof *fr->max_last);
        if (!fr->max_last) {
            c->out_of_memory = true;
            fr->n = 0;
            continue;
        }
        for (uint32_t k = 0; k < fr->n; k++) {
            const decl_range *r = &fr->r[k];
            bool same_dim = k > 0 && fr->r[k - 1].dim == r->dim;
            int32_t prev_max = same_dim ? fr->max_last[k - 1] : INT32_MIN;
            fr->max_last[k] = prev_max > r->last ? prev_max : r->last;
            if (same_dim && prev_max >= r->first) {
                /* Blame the later of the two declarations. */
                uint32_t other = fr->r[k - 1].decl;
                for (uint32_t j = k; j-- > 0 && fr->r[j].dim == r->dim;)
                    if (fr->r[j].last >= r->first) {
                        other = fr->r[j].decl;
                        break;
                    }
                uint32_t later = other > r->decl ? other : r->decl;
                report(c, c->p->declarations[later].source_offset,
                       "%s[%d..%d] overlaps an earlier declaration", file_name(f),
                       c->p->declarations[later].first, c->p->declarations[later].last);
            }
        }
    }
}

/* The declaration that covers FILE[dim][index], or NULL. */
static const tgsi_declaration *find_decl(const checker *c, unsigned file, int32_t dim, int32_t index)
{
    const file_ranges *fr = &c->files[file];
    uint32_t lo = 0, hi = fr->n; /* first range sorting after (dim, index) */
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        const decl_range *r = &fr->r[mid];
        if (r->dim < dim || (r->dim == dim && r->first <= index))
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0)
        return NULL;
    uint32_t k = lo - 1;
    if (fr->r[k].dim != dim || fr->max_last[k] < index)
        return NULL;
    /* Some range up to k covers index; find the nearest one. */
    for (;; k--) {
        if (fr->r[k].last >= index)
            return &c->p->declarations[fr->r[k].decl];
        if (k == 0 || fr->r[k - 1].dim != dim)
            return NULL;
    }
}

static bool file_has_dim(const checker *c, unsigned file, int32_t dim, bool any_dim)
{
    const file_ranges *fr = &c->files[file];
    for (uint32_t k = 0; k < fr->n; k++)
        if (any_dim || fr->r[k].dim == dim)
            return true;
    return false;
}

static const tgsi_declaration *find_array(const checker *c, unsigned file, uint32_t array_id)
{
    for (uint32_t k = 0; k < c->p->num_declarations; k++) {
        const tgsi_declaration *d = &c->p->declarations[k];
        if (d->file == file && d->array_id == array_id)
            return d;
    }
    return NULL;
}

/* ---- Operands -------------------------------------------------------------- */

static void check_index_register(checker *c, size_t at, const tgsi_indirect *ind, const char *what)
{
    if (ind->file != TGSI_FILE_ADDRESS && ind->file != TGSI_FILE_TEMPORARY) {
        report(c, at, "%s index register must be ADDR or TEMP", what);
        return;
    }
    if (ind->swizzle > TGSI_SWIZZLE_W)
        report(c, at, "bad component of the %s index register", what);
    if (ind->index < 0 || !find_decl(c, ind->file, 0, ind->index))
        report(c, at, "%s index register %s[%d] is not declared", what, file_name(ind->file),
               ind->index);
}

/* Checks that a register operand names declared registers, and returns its
 * covering declaration when it has one (direct accesses). */
static const tgsi_declaration *check_register(checker *c, size_t at, const tgsi_register *reg)
{
    unsigned f = reg->file;
    const tgsi_program *p = c->p;
    if (f == TGSI_FILE_NULL || f >= TGSI_FILE_COUNT) {
        report(c, at, "operand has no register file");
        return NULL;
    }
    if (reg->indirect)
        check_index_register(c, at, &reg->ind, "indirect");
    if (reg->dimension && reg->dim_indirect)
        check_index_register(c, at, &reg->dim_ind, "dimension");

    if (f == TGSI_FILE_IMMEDIATE) {
        if (reg->dimension)
            report(c, at, "IMM registers are one-dimensional");
        if (!reg->indirect && (reg->index < 0 || (uint32_t)reg->index >= p->num_immediates))
            report(c, at, "IMM[%d] does not exist (%u immediates)", reg->index, p->num_immediates);
        else if (reg->indirect && p->num_immediates == 0)
            report(c, at, "indirect IMM access without immediates");
        return NULL;
    }

    int32_t dim = 0;
    bool dim_known = true;
    bool per_vertex = per_vertex_file(c, f);
    if (two_dim_buffer_file(f)) {
        if (reg->dimension) {
            dim = reg->dim_index;
            dim_known = !reg->dim_indirect;
            if (dim_known && !file_has_dim(c, f, dim, false)) {
                report(c, at, "%s[%d] buffer is not declared", file_name(f), dim);
                return NULL;
            }
        }
    } else if (per_vertex) {
        if (reg->dimension && !reg->dim_indirect) {
            unsigned limit = p->processor == TGSI_PROCESSOR_GEOMETRY ? c->gs_vertices
                             : f == TGSI_FILE_OUTPUT && c->property[TGSI_PROPERTY_TCS_VERTICES_OUT] >= 0
                                 ? p->properties[c->property[TGSI_PROPERTY_TCS_VERTICES_OUT]].data[0]
                                 : MAX_PATCH_VERTICES;
            if (reg->dim_index < 0 || (limit && (uint32_t)reg->dim_index >= limit))
                report(c, at, "vertex index %d is out of range", reg->dim_index);
        }
    } else if (reg->dimension) {
        report(c, at, "%s registers are one-dimensional here", file_name(f));
    }

    if (reg->indirect) {
        if (!file_has_dim(c, f, dim, !dim_known)) {
            report(c, at, "indirect access to undeclared %s registers", file_name(f));
            return NULL;
        }
        if (reg->ind.array_id) {
            const tgsi_declaration *a = find_array(c, f, reg->ind.array_id);
            if (!a)
                report(c, at, "ARRAY(%u) of %s is not declared", reg->ind.array_id, file_name(f));
            else if (reg->index < a->first || reg->index > a->last)
                report(c, at, "index %d is outside ARRAY(%u) %s[%d..%d]", reg->index,
                       reg->ind.array_id, file_name(f), a->first, a->last);
        }
        return NULL;
    }
    if (f == TGSI_FILE_RESOURCE && !reg->dimension &&
        reg->index >= LEGACY_RES_FIRST && reg->index <= LEGACY_RES_LAST)
        return NULL;
    const tgsi_declaration *d = reg->index >= 0 && dim_known ? find_decl(c, f, dim, reg->index) : NULL;
    if (!d && dim_known) {
        if (reg->dimension)
            report(c, at, "%s[%d][%d] is not declared", file_name(f), reg->dim_index, reg->index);
        else
            report(c, at, "%s[%d] is not declared", file_name(f), reg->index);
        return NULL;
    }
    if (d && per_vertex) {
        bool patch = is_patch_semantic(d);
        if (patch && reg->dimension)
            report(c, at, "per-patch %s[%d] takes no vertex index", file_name(f), reg->index);
        else if (!patch && !reg->dimension && f == TGSI_FILE_INPUT)
            report(c, at, "per-vertex %s[%d] needs a vertex index", file_name(f), reg->index);
    }
    return d;
}

static bool half_paired(const uint8_t *swz, unsigned h)
{
    return swz[2 * h] % 2 == 0 && swz[2 * h + 1] == swz[2 * h] + 1;
}

static void check_instruction_operands(checker *c, const tgsi_instruction *in,
                                       const tgsi_opcode_info *info)
{
    size_t at = in->source_offset;
    unsigned op = in->opcode;
    const char *name = info->name;
    bool dst64 = nvgp_tgsi_type_is_64bit((tgsi_type)info->dst_type);
    uint8_t mask0 = in->num_dst ? in->dst[0].writemask : 0xf;

    for (unsigned k = 0; k < in->num_dst && k < TGSI_MAX_DST; k++) {
        const tgsi_dst *d = &in->dst[k];
        const tgsi_declaration *decl = check_register(c, at, &d->reg);
        unsigned f = d->reg.file;
        if (info->dst_type == TGSI_TYPE_RESOURCE) {
            if (!is_memory_file(f) || f == TGSI_FILE_HW_ATOMIC)
                report(c, at, "%s writes to a BUFFER, IMAGE or MEMORY resource, not %s", name, file_name(f));
            else if (decl && (f == TGSI_FILE_IMAGE || f == TGSI_FILE_RESOURCE) && !decl->writable)
                report(c, at, "%s[%d] is not declared writable (WR)", file_name(f), d->reg.index);
        } else if (f != TGSI_FILE_TEMPORARY && f != TGSI_FILE_OUTPUT && f != TGSI_FILE_ADDRESS &&
                   f != TGSI_FILE_TEMPORARY_ARRAY && f != TGSI_FILE_PREDICATE && f < TGSI_FILE_COUNT &&
                   f != TGSI_FILE_NULL) {
            report(c, at, "%s registers cannot be written", file_name(f));
        }
        if ((d->writemask & 0xf) == 0 || d->writemask > 0xf)
            report(c, at, "destination writemask is empty");
        else if (dst64 && k == 0 && (((d->writemask & 3) != 0 && (d->writemask & 3) != 3) ||
                                     ((d->writemask & 12) != 0 && (d->writemask & 12) != 12)))
            report(c, at, "64-bit destination writemask must be made of xy and zw pairs");
    }
    if (in->saturate > 1)
        report(c, at, "unknown saturate mode");
    else if (in->saturate && info->dst_type != TGSI_TYPE_FLOAT && info->dst_type != TGSI_TYPE_UNTYPED &&
             info->dst_type != TGSI_TYPE_DOUBLE)
        report(c, at, "_SAT applies only to float (or untyped, as MOV_SAT) results");

    bool tex = info->flags & TGSI_OPF_TEX, mem = info->flags & TGSI_OPF_MEM;
    unsigned resources_seen = 0;
    unsigned num_resources = 0;
    for (unsigned k = 0; k < info->num_src; k++)
        num_resources += info->src_type[k] == TGSI_TYPE_RESOURCE;

    for (unsigned k = 0; k < in->num_src && k < TGSI_MAX_SRC; k++) {
        const tgsi_src *s = &in->src[k];
        unsigned f = s->reg.file;
        check_register(c, at, &s->reg);
        for (unsigned q = 0; q < 4; q++)
            if (s->swizzle[q] > TGSI_SWIZZLE_W) {
                report(c, at, "bad swizzle in source %u", k);
                break;
            }
        tgsi_type t = (tgsi_type)info->src_type[k];
        if (t == TGSI_TYPE_RESOURCE) {
            bool temp_ok = resource_may_be_temp[op] && f == TGSI_FILE_TEMPORARY;
            if (!is_resource_file(f) && !temp_ok && f != TGSI_FILE_NULL)
                report(c, at, "source %u of %s must name a resource, sampler or view, not %s", k,
                       name, file_name(f));
            else if (tex && f != TGSI_FILE_SAMPLER && f != TGSI_FILE_SAMPLER_VIEW &&
                     f != TGSI_FILE_RESOURCE && !temp_ok)
                report(c, at, "source %u of %s must be a SAMP or SVIEW register", k, name);
            else if (tex && num_resources == 2 &&
                     !(resources_seen == 0 ? f == TGSI_FILE_SAMPLER_VIEW || f == TGSI_FILE_RESOURCE
                                           : f == TGSI_FILE_SAMPLER))
                report(c, at, "source %u of %s must be a %s register", k, name,
                       resources_seen == 0 ? "SVIEW" : "SAMP");
            else if (mem && !is_memory_file(f))
                report(c, at, "source %u of %s must be a BUFFER, IMAGE, MEMORY or HWATOMIC register",
                       k, name);
            if (s->negate || s->absolute)
                report(c, at, "resource operands take no modifiers");
            resources_seen++;
        } else if (is_resource_file(f)) {
            report(c, at, "source %u of %s is a value, not the %s resource", k, name, file_name(f));
        } else if (nvgp_tgsi_type_is_64bit(t) && s->swizzle[0] <= 3 && s->swizzle[1] <= 3 &&
                   s->swizzle[2] <= 3 && s->swizzle[3] <= 3) {
            /* The halves of the destination decide which halves are read. */
            bool lo = dst64 ? (mask0 & 3) != 0 : true;
            bool hi = dst64 ? (mask0 & 12) != 0 : (mask0 & 0xe) != 0;
            if ((lo && !half_paired(s->swizzle, 0)) || (hi && !half_paired(s->swizzle, 1)))
                report(c, at, "64-bit source %u must swizzle whole xy or zw pairs", k);
        } else if (f == TGSI_FILE_IMMEDIATE && !s->reg.indirect && s->reg.index >= 0 &&
                   (uint32_t)s->reg.index < c->p->num_immediates &&
                   info->output_mode == TGSI_OUTPUT_COMP && !dst64 && in->num_dst) {
            const tgsi_immediate *imm = &c->p->immediates[s->reg.index];
            for (unsigned q = 0; q < 4; q++)
                if ((mask0 >> q & 1) && s->swizzle[q] <= 3 && s->swizzle[q] >= imm->num_words) {
                    report(c, at, "IMM[%d] has no component %c", s->reg.index, "xyzw"[s->swizzle[q]]);
                    break;
                }
        }
    }
}

static void check_texture(checker *c, const tgsi_instruction *in, const tgsi_opcode_info *info)
{
    size_t at = in->source_offset;
    unsigned op = in->opcode;
    bool tex = info->flags & TGSI_OPF_TEX, mem = info->flags & TGSI_OPF_MEM;
    if (!tex) {
        if (!mem && in->texture != TGSI_TEXTURE_UNKNOWN)
            report(c, at, "%s takes no texture target", info->name);
        if (in->num_offsets)
            report(c, at, "%s takes no texel offsets", info->name);
        return;
    }
    const tex_rule *rule = &tex_rules[op];
    /* Which register names the texture: a sampler unit carries no target
     * of its own, so the instruction must; a view declares one. */
    bool on_sampler_unit = false;
    unsigned num_resources = 0;
    for (unsigned k = 0; k < info->num_src; k++)
        if (info->src_type[k] == TGSI_TYPE_RESOURCE && num_resources++ == 0)
            on_sampler_unit = in->src[k].reg.file == TGSI_FILE_SAMPLER;
    /* The SAMPLE family names a view and a sampler: the view has the target. */
    if (num_resources > 1)
        on_sampler_unit = false;
    if (in->texture >= TGSI_TEXTURE_UNKNOWN) {
        if (on_sampler_unit && !rule->target_optional)
            report(c, at, "%s needs a texture target", info->name);
    } else {
        uint32_t allowed = rule->targets ? rule->targets : TEX_SAMPLED;
        if (!(allowed & (1u << in->texture))) {
            const char *t = nvgp_tgsi_name(TGSI_NAMES_TEXTURE, in->texture);
            report(c, at, "%s cannot use texture target %s", info->name, t ? t : "this");
        }
    }
    uint8_t max_offsets = rule->given ? rule->max_offsets : 1;
    if (in->num_offsets > max_offsets)
        report(c, at, "%s takes at most %u texel offset%s", info->name, max_offsets,
               max_offsets == 1 ? "" : "s");
    for (unsigned k = 0; k < in->num_offsets && k < TGSI_MAX_TEX_OFFSETS; k++) {
        const tgsi_tex_offset *o = &in->offsets[k];
        tgsi_register r;
        memset(&r, 0, sizeof r);
        r.file = o->file;
        r.index = o->index;
        if (o->file != TGSI_FILE_IMMEDIATE && o->file != TGSI_FILE_TEMPORARY)
            report(c, at, "texel offsets come from IMM or TEMP registers");
        else
            check_register(c, at, &r);
        for (unsigned q = 0; q < 3; q++)
            if (o->swizzle[q] > TGSI_SWIZZLE_W)
                report(c, at, "bad texel offset swizzle");
    }
}

/* ---- Control flow ---------------------------------------------------------- */

static block *top(checker *c) { return c->depth ? &c->blocks[c->depth - 1] : NULL; }

static void push(checker *c, block_kind kind, uint32_t insn)
{
    /* The executor runs what this accepts: its nesting limit is this one
     * (docs/limits.md).  The block is still tracked so that its end pairs. */
    if (c->depth == TGSI_MAX_NESTING)
        report(c, c->p->instructions[insn].source_offset,
               "blocks nested deeper than %u (IF, UIF, BGNLOOP, SWITCH, BGNSUB)",
               (unsigned)TGSI_MAX_NESTING);
    c->blocks[c->depth++] = (block){ (uint8_t)kind, false, 0, insn };
}

static bool inside(const checker *c, block_kind kind)
{
    for (uint32_t k = c->depth; k-- > 0;)
        if (c->blocks[k].kind == kind)
            return true;
    return false;
}

static const char *const block_opener[] = { "IF", "BGNLOOP", "SWITCH", "BGNSUB" };
static const char *const block_closer[] = { "ENDIF", "ENDLOOP", "ENDSWITCH", "ENDSUB" };

/* Closes the innermost block if it is of `kind`, else reports. */
static void close_block(checker *c, size_t at, block_kind kind, const char *name)
{
    block *b = top(c);
    if (!b) {
        report(c, at, "%s without %s", name, block_opener[kind]);
        return;
    }
    if (b->kind != kind) {
        report(c, at, "%s closes %s, which needs %s", name, block_opener[b->kind],
               block_closer[b->kind]);
        return;
    }
    c->depth--;
}

static void check_flow(checker *c, uint32_t i, bool *seen_end)
{
    const tgsi_instruction *in = &c->p->instructions[i];
    size_t at = in->source_offset;
    const char *name = opcode_name(in->opcode);
    block *b = top(c);

    /* After END only subroutine bodies may follow. */
    if (*seen_end && c->depth == 0 && flow_roles[in->opcode] != FLOW_BGNSUB)
        report(c, at, "%s after END (only subroutines may follow END)", name);

    switch ((flow_role)flow_roles[in->opcode]) {
    case FLOW_IF:
        push(c, BLOCK_IF, i);
        break;
    case FLOW_ELSE:
        if (!b || b->kind != BLOCK_IF)
            report(c, at, "ELSE outside IF");
        else if (b->in_else)
            report(c, at, "second ELSE in one IF");
        else
            b->in_else = true;
        break;
    case FLOW_ENDIF:
        close_block(c, at, BLOCK_IF, name);
        break;
    case FLOW_BGNLOOP:
        push(c, BLOCK_LOOP, i);
        break;
    case FLOW_ENDLOOP:
        close_block(c, at, BLOCK_LOOP, name);
        break;
    case FLOW_SWITCH:
        push(c, BLOCK_SWITCH, i);
        break;
    case FLOW_CASE:
    case FLOW_DEFAULT:
        if (!b || b->kind != BLOCK_SWITCH)
            report(c, at, "%s outside SWITCH (or nested in another block inside it)", name);
        else if (flow_roles[in->opcode] == FLOW_DEFAULT && b->defaults++)
            report(c, at, "second DEFAULT in one SWITCH");
        break;
    case FLOW_ENDSWITCH:
        close_block(c, at, BLOCK_SWITCH, name);
        break;
    case FLOW_BGNSUB:
        if (c->depth)
            report(c, at, "BGNSUB inside another block (subroutines do not nest)");
        else if (!*seen_end && !c->kernels)
            report(c, at, "BGNSUB before END (subroutines follow the main program)");
        push(c, BLOCK_SUB, i);
        break;
    case FLOW_ENDSUB:
        close_block(c, at, BLOCK_SUB, name);
        break;
    case FLOW_BRK:
        if (!inside(c, BLOCK_LOOP) && !inside(c, BLOCK_SWITCH))
            report(c, at, "BRK outside a loop or SWITCH");
        break;
    case FLOW_CONT:
        if (!inside(c, BLOCK_LOOP))
            report(c, at, "CONT outside a loop");
        break;
    case FLOW_END:
        if (c->kernels && inside(c, BLOCK_SUB))
            break; /* ends the thread, not the program */
        if (*seen_end)
            report(c, at, "second END");
        else if (c->depth) {
            report(c, at, "END inside %s (unclosed block)", block_opener[top(c)->kind]);
            c->end_depth = c->depth;
        }
        *seen_end = true;
        break;
    case FLOW_NONE:
        break;
    }
}

bool nvgp_tgsi_block_parts(const tgsi_program *p, uint32_t *part)
{
    uint32_t n = p->num_instructions, sp = 0;
    uint32_t *stack = malloc(((size_t)n + 1) * sizeof *stack);
    if (!stack)
        return false;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t here = sp ? stack[sp - 1] : TGSI_PART_MAIN;
        uint16_t op = p->instructions[i].opcode;
        switch ((flow_role)(op < TGSI_OPCODE_COUNT ? flow_roles[op] : FLOW_NONE)) {
        case FLOW_IF:
        case FLOW_BGNLOOP:
        case FLOW_SWITCH:
            part[i] = here;
            stack[sp++] = i;
            break;
        case FLOW_BGNSUB:
            part[i] = TGSI_PART_BOUNDARY;
            stack[sp++] = i;
            break;
        case FLOW_ELSE:
        case FLOW_CASE:
        case FLOW_DEFAULT:
            part[i] = TGSI_PART_BOUNDARY;
            if (sp)
                stack[sp - 1] = i;
            break;
        case FLOW_ENDIF:
        case FLOW_ENDLOOP:
        case FLOW_ENDSWITCH:
        case FLOW_ENDSUB:
            part[i] = TGSI_PART_BOUNDARY;
            if (sp)
                sp--;
            break;
        default:
            part[i] = here;
            break;
        }
    }
    free(stack);
    return true;
}

static void check_branches(checker *c)
{
    const tgsi_program *p = c->p;
    uint32_t *part = NULL;
    for (uint32_t i = 0; i < p->num_instructions; i++) {
        const tgsi_instruction *in = &p->instructions[i];
        if (in->opcode != TGSI_OPCODE_BRA || !in->has_label || in->label >= p->num_instructions)
            continue;
        if (!part) {
            part = malloc(((size_t)p->num_instructions + 1) * sizeof *part);
            if (!part || !nvgp_tgsi_block_parts(p, part)) {
                c->out_of_memory = true;
                break;
            }
        }
        if (part[in->label] == TGSI_PART_BOUNDARY)
            report(c, in->source_offset, "BRA target %u begins or ends a block (ELSE, CASE, DEFAULT, BGNSUB, END...)",
                   in->label);
        else if (part[in->label] != part[i])
            report(c, in->source_offset, "BRA target %u lies outside the block part of the BRA", in->label);
    }
    free(part);
}

static void check_label(checker *c, const tgsi_instruction *in, const tgsi_opcode_info *info)
{
    size_t at = in->source_offset;
    if (!(info->flags & TGSI_OPF_LABEL)) {
        if (in->has_label)
            report(c, at, "%s takes no label", info->name);
        return;
    }
    if (!in->has_label) {
        if (in->opcode == TGSI_OPCODE_CAL || in->opcode == TGSI_OPCODE_BRA)
            report(c, at, "%s needs a target label", info->name);
        return;
    }
    if (in->label >= c->p->num_instructions) {
        report(c, at, "label %u is past the last instruction", in->label);
        return;
    }
    if (in->opcode == TGSI_OPCODE_CAL && c->p->instructions[in->label].opcode != TGSI_OPCODE_BGNSUB)
        report(c, at, "CAL target %u is not a BGNSUB", in->label);
}

/* ---- Driver ---------------------------------------------------------------- */

static void check_instruction(checker *c, uint32_t i, bool *seen_end)
{
    const tgsi_instruction *in = &c->p->instructions[i];
    size_t at = in->source_offset;
    const tgsi_opcode_info *info = nvgp_tgsi_opcode_info(in->opcode);
    if (!info) {
        report(c, at, "unknown opcode %u", in->opcode);
        return;
    }
    /* Older Mesa wrote EMIT/ENDPRIM without the stream operand (stream 0). */
    bool old_nosrc = (info->flags & TGSI_OPF_NOSRC_OLD) && in->num_src == 0;
    if (in->num_dst != info->num_dst || (in->num_src != info->num_src && !old_nosrc)) {
        report(c, at, "%s takes %u destination and %u source operands, not %u and %u", info->name,
               info->num_dst, info->num_src, in->num_dst, in->num_src);
    }
    uint8_t procs = opcode_processors[in->opcode];
    if (procs && !(procs & (1u << c->p->processor))) {
        const char *pn = nvgp_tgsi_name(TGSI_NAMES_PROCESSOR, c->p->processor);
        report(c, at, "%s is not allowed in %s programs", info->name, pn ? pn : "these");
    }
    check_instruction_operands(c, in, info);
    check_texture(c, in, info);
    if (!(info->flags & TGSI_OPF_MEM) && (in->memory_qualifier || in->memory_format))
        report(c, at, "%s takes no memory qualifiers or format", info->name);
    check_label(c, in, info);
    check_flow(c, i, seen_end);
}

static void check_immediate(checker *c, uint32_t i)
{
    const tgsi_immediate *imm = &c->p->immediates[i];
    size_t at = imm->source_offset;
    if (imm->type >= TGSI_IMM_COUNT) {
        report(c, at, "unknown immediate type %u", imm->type);
        return;
    }
    bool wide = imm->type == TGSI_IMM_FLOAT64 || imm->type == TGSI_IMM_UINT64 ||
                imm->type == TGSI_IMM_INT64;
    if (imm->num_words < 1 || imm->num_words > 4)
        report(c, at, "an immediate holds 1 to 4 values");
    else if (wide && imm->num_words % 2)
        report(c, at, "a 64-bit immediate holds whole 64-bit values (2 or 4 words)");
}

bool nvgp_tgsi_check(const tgsi_program *p, nvgp_diag *diag)
{
    if (!p) {
        if (diag)
            nvgp_diag_error(diag, 0, "no program");
        return false;
    }
    checker c;
    memset(&c, 0, sizeof c);
    c.p = p;
    for (unsigned k = 0; k < TGSI_PROPERTY_COUNT; k++)
        c.property[k] = -1;
    c.blocks = malloc(((size_t)p->num_instructions + 1) * sizeof *c.blocks);
    if (!c.blocks) {
        if (diag)
            nvgp_diag_error(diag, 0, "out of memory while checking");
        return false;
    }

    if (p->processor >= TGSI_PROCESSOR_COUNT)
        report(&c, 0, "unknown processor type %u", p->processor);

    /* Pass 1: everything but instructions, and their place in the stream. */
    bool seen_insn = false;
    for (uint32_t k = 0; k < p->num_items; k++) {
        const tgsi_item *it = &p->items[k];
        switch (it->kind) {
        case TGSI_ITEM_PROPERTY:
            if (seen_insn)
                report(&c, p->properties[it->index].source_offset, "PROPERTY after the first instruction");
            check_property(&c, it->index);
            break;
        case TGSI_ITEM_DECLARATION:
            if (seen_insn)
                report(&c, p->declarations[it->index].source_offset, "declaration after the first instruction");
            check_declaration(&c, it->index);
            break;
        case TGSI_ITEM_IMMEDIATE:
            if (seen_insn)
                report(&c, p->immediates[it->index].source_offset, "immediate after the first instruction");
            check_immediate(&c, it->index);
            break;
        case TGSI_ITEM_INSTRUCTION:
            seen_insn = true;
            break;
        }
    }
    finish_declarations(&c);
    check_required_properties(&c);

    /* Pass 2: instructions. */
    c.kernels = p->processor == TGSI_PROCESSOR_COMPUTE && p->num_instructions &&
                p->instructions[0].opcode == TGSI_OPCODE_BGNSUB;
    bool seen_end = false;
    for (uint32_t i = 0; i < p->num_instructions; i++)
        check_instruction(&c, i, &seen_end);
    check_branches(&c);
    /* Blocks still open at END were reported there. */
    for (uint32_t k = c.end_depth; k < c.depth; k++) {
        const tgsi_instruction *in = &p->instructions[c.blocks[k].insn];
        report(&c, in->source_offset, "%s is never closed (missing %s)", opcode_name(in->opcode),
               block_closer[c.blocks[k].kind]);
    }
    if (!seen_end && !c.kernels)
        report(&c, AT_END, "missing END");

    if (c.num_errors)
        qsort(c.errors, c.num_errors, sizeof *c.errors, error_order);
    bool ok = !c.out_of_memory;
    for (uint32_t k = 0; k < c.num_errors; k++) {
        const check_error *e = &c.errors[k];
        ok = ok && e->warning;
        size_t end = 0;
        if (diag)
            nvgp_diag_source(diag, &end);
        if (diag && e->warning)
            nvgp_diag_report(diag, NVGP_SEVERITY_WARNING, e->offset == AT_END ? end : e->offset, "%s", e->message);
        else if (diag && e->offset == AT_END)
            nvgp_diag_error_at_end(diag, "%s", e->message);
        else if (diag)
            nvgp_diag_error(diag, e->offset, "%s", e->message);
        free(e->message);
    }
    if (c.out_of_memory && diag)
        nvgp_diag_error(diag, 0, "out of memory while checking");
    free(c.errors);
    free(c.blocks);
    for (unsigned f = 0; f < TGSI_FILE_COUNT; f++) {
        free(c.files[f].r);
        free(c.files[f].max_last);
    }
    return ok;
}

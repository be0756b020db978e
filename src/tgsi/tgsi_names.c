/* The words of TGSI text, one table per tgsi_name_table, indexed by the enum
 * values of tgsi_ir.h.  Canonical spellings are those current Mesa prints;
 * aliases are spellings of older Mesa releases (or of our own older
 * vocabulary) that lookups accept so old dumps still read. */
#include "tgsi/tgsi_names.h"
#include "tgsi/tgsi_ir.h"

#include <stdint.h>

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

static const char *const processor_names[] = {
    [TGSI_PROCESSOR_VERTEX] = "VERT",
    [TGSI_PROCESSOR_FRAGMENT] = "FRAG",
    [TGSI_PROCESSOR_GEOMETRY] = "GEOM",
    [TGSI_PROCESSOR_TESS_CTRL] = "TESS_CTRL",
    [TGSI_PROCESSOR_TESS_EVAL] = "TESS_EVAL",
    [TGSI_PROCESSOR_COMPUTE] = "COMP",
};
_Static_assert(N_OF(processor_names) == TGSI_PROCESSOR_COUNT, "processor names");

static const char *const file_names[] = {
    [TGSI_FILE_NULL] = "NULL",
    [TGSI_FILE_CONSTANT] = "CONST",
    [TGSI_FILE_INPUT] = "IN",
    [TGSI_FILE_OUTPUT] = "OUT",
    [TGSI_FILE_TEMPORARY] = "TEMP",
    [TGSI_FILE_SAMPLER] = "SAMP",
    [TGSI_FILE_ADDRESS] = "ADDR",
    [TGSI_FILE_IMMEDIATE] = "IMM",
    [TGSI_FILE_SYSTEM_VALUE] = "SV",
    [TGSI_FILE_BUFFER] = "BUFFER",
    [TGSI_FILE_IMAGE] = "IMAGE",
    [TGSI_FILE_SAMPLER_VIEW] = "SVIEW",
    [TGSI_FILE_HW_ATOMIC] = "HWATOMIC",
    [TGSI_FILE_MEMORY] = "MEMORY",
    [TGSI_FILE_RESOURCE] = "RES",
    [TGSI_FILE_PREDICATE] = "PRED",
    [TGSI_FILE_TEMPORARY_ARRAY] = "TEMPX",
    [TGSI_FILE_IMMEDIATE_ARRAY] = "IMMX",
};
_Static_assert(N_OF(file_names) == TGSI_FILE_COUNT, "file names");

static const char *const semantic_names[] = {
    [TGSI_SEMANTIC_POSITION] = "POSITION",
    [TGSI_SEMANTIC_COLOR] = "COLOR",
    [TGSI_SEMANTIC_BCOLOR] = "BCOLOR",
    [TGSI_SEMANTIC_FOG] = "FOG",
    [TGSI_SEMANTIC_PSIZE] = "PSIZE",
    [TGSI_SEMANTIC_GENERIC] = "GENERIC",
    [TGSI_SEMANTIC_NORMAL] = "NORMAL",
    [TGSI_SEMANTIC_FACE] = "FACE",
    [TGSI_SEMANTIC_EDGEFLAG] = "EDGEFLAG",
    [TGSI_SEMANTIC_PRIMID] = "PRIM_ID",
    [TGSI_SEMANTIC_INSTANCEID] = "INSTANCEID",
    [TGSI_SEMANTIC_VERTEXID] = "VERTEXID",
    [TGSI_SEMANTIC_STENCIL] = "STENCIL",
    [TGSI_SEMANTIC_CLIPDIST] = "CLIPDIST",
    [TGSI_SEMANTIC_CLIPVERTEX] = "CLIPVERTEX",
    [TGSI_SEMANTIC_GRID_SIZE] = "GRID_SIZE",
    [TGSI_SEMANTIC_BLOCK_ID] = "BLOCK_ID",
    [TGSI_SEMANTIC_BLOCK_SIZE] = "BLOCK_SIZE",
    [TGSI_SEMANTIC_THREAD_ID] = "THREAD_ID",
    [TGSI_SEMANTIC_TEXCOORD] = "TEXCOORD",
    [TGSI_SEMANTIC_PCOORD] = "PCOORD",
    [TGSI_SEMANTIC_VIEWPORT_INDEX] = "VIEWPORT_INDEX",
    [TGSI_SEMANTIC_LAYER] = "LAYER",
    [TGSI_SEMANTIC_SAMPLEID] = "SAMPLEID",
    [TGSI_SEMANTIC_SAMPLEPOS] = "SAMPLEPOS",
    [TGSI_SEMANTIC_SAMPLEMASK] = "SAMPLEMASK",
    [TGSI_SEMANTIC_INVOCATIONID] = "INVOCATIONID",
    [TGSI_SEMANTIC_VERTEXID_NOBASE] = "VERTEXID_NOBASE",
    [TGSI_SEMANTIC_BASEVERTEX] = "BASEVERTEX",
    [TGSI_SEMANTIC_PATCH] = "PATCH",
    [TGSI_SEMANTIC_TESSCOORD] = "TESSCOORD",
    [TGSI_SEMANTIC_TESSOUTER] = "TESSOUTER",
    [TGSI_SEMANTIC_TESSINNER] = "TESSINNER",
    [TGSI_SEMANTIC_VERTICESIN] = "VERTICESIN",
    [TGSI_SEMANTIC_HELPER_INVOCATION] = "HELPER_INVOCATION",
    [TGSI_SEMANTIC_BASEINSTANCE] = "BASEINSTANCE",
    [TGSI_SEMANTIC_DRAWID] = "DRAWID",
    [TGSI_SEMANTIC_WORK_DIM] = "WORK_DIM",
    [TGSI_SEMANTIC_SUBGROUP_SIZE] = "SUBGROUP_SIZE",
    [TGSI_SEMANTIC_SUBGROUP_INVOCATION] = "SUBGROUP_INVOCATION",
    [TGSI_SEMANTIC_SUBGROUP_EQ_MASK] = "SUBGROUP_EQ_MASK",
    [TGSI_SEMANTIC_SUBGROUP_GE_MASK] = "SUBGROUP_GE_MASK",
    [TGSI_SEMANTIC_SUBGROUP_GT_MASK] = "SUBGROUP_GT_MASK",
    [TGSI_SEMANTIC_SUBGROUP_LE_MASK] = "SUBGROUP_LE_MASK",
    [TGSI_SEMANTIC_SUBGROUP_LT_MASK] = "SUBGROUP_LT_MASK",
    [TGSI_SEMANTIC_CS_USER_DATA_AMD] = "CS_USER_DATA_AMD",
    [TGSI_SEMANTIC_VIEWPORT_MASK] = "VIEWPORT_MASK",
    [TGSI_SEMANTIC_TESS_DEFAULT_OUTER_LEVEL] = "TESS_DEFAULT_OUTER_LEVEL",
    [TGSI_SEMANTIC_TESS_DEFAULT_INNER_LEVEL] = "TESS_DEFAULT_INNER_LEVEL",
};
_Static_assert(N_OF(semantic_names) == TGSI_SEMANTIC_COUNT, "semantic names");

static const char *const texture_names[] = {
    [TGSI_TEXTURE_BUFFER] = "BUFFER",
    [TGSI_TEXTURE_1D] = "1D",
    [TGSI_TEXTURE_2D] = "2D",
    [TGSI_TEXTURE_3D] = "3D",
    [TGSI_TEXTURE_CUBE] = "CUBE",
    [TGSI_TEXTURE_RECT] = "RECT",
    [TGSI_TEXTURE_SHADOW1D] = "SHADOW1D",
    [TGSI_TEXTURE_SHADOW2D] = "SHADOW2D",
    [TGSI_TEXTURE_SHADOWRECT] = "SHADOWRECT",
    [TGSI_TEXTURE_1D_ARRAY] = "1D_ARRAY",
    [TGSI_TEXTURE_2D_ARRAY] = "2D_ARRAY",
    [TGSI_TEXTURE_SHADOW1D_ARRAY] = "SHADOW1D_ARRAY",
    [TGSI_TEXTURE_SHADOW2D_ARRAY] = "SHADOW2D_ARRAY",
    [TGSI_TEXTURE_SHADOWCUBE] = "SHADOWCUBE",
    [TGSI_TEXTURE_2D_MSAA] = "2D_MSAA",
    [TGSI_TEXTURE_2D_ARRAY_MSAA] = "2D_ARRAY_MSAA",
    [TGSI_TEXTURE_CUBE_ARRAY] = "CUBEARRAY",
    [TGSI_TEXTURE_SHADOWCUBE_ARRAY] = "SHADOWCUBEARRAY",
    [TGSI_TEXTURE_UNKNOWN] = "UNKNOWN",
};
_Static_assert(N_OF(texture_names) == TGSI_TEXTURE_COUNT, "texture names");

static const char *const return_type_names[] = {
    [TGSI_RETURN_TYPE_UNORM] = "UNORM",
    [TGSI_RETURN_TYPE_SNORM] = "SNORM",
    [TGSI_RETURN_TYPE_SINT] = "SINT",
    [TGSI_RETURN_TYPE_UINT] = "UINT",
    [TGSI_RETURN_TYPE_FLOAT] = "FLOAT",
    [TGSI_RETURN_TYPE_UNKNOWN] = "UNKNOWN",
};
_Static_assert(N_OF(return_type_names) == TGSI_RETURN_TYPE_COUNT, "return type names");

static const char *const interpolate_names[] = {
    [TGSI_INTERPOLATE_CONSTANT] = "CONSTANT",
    [TGSI_INTERPOLATE_LINEAR] = "LINEAR",
    [TGSI_INTERPOLATE_PERSPECTIVE] = "PERSPECTIVE",
    [TGSI_INTERPOLATE_COLOR] = "COLOR",
};
_Static_assert(N_OF(interpolate_names) == TGSI_INTERPOLATE_COUNT, "interpolate names");

static const char *const interpolate_loc_names[] = {
    [TGSI_INTERPOLATE_LOC_CENTER] = "CENTER",
    [TGSI_INTERPOLATE_LOC_CENTROID] = "CENTROID",
    [TGSI_INTERPOLATE_LOC_SAMPLE] = "SAMPLE",
};
_Static_assert(N_OF(interpolate_loc_names) == TGSI_INTERPOLATE_LOC_COUNT, "location names");

static const char *const property_names[] = {
    [TGSI_PROPERTY_GS_INPUT_PRIM] = "GS_INPUT_PRIMITIVE",
    [TGSI_PROPERTY_GS_OUTPUT_PRIM] = "GS_OUTPUT_PRIMITIVE",
    [TGSI_PROPERTY_GS_MAX_OUTPUT_VERTICES] = "GS_MAX_OUTPUT_VERTICES",
    [TGSI_PROPERTY_FS_COORD_ORIGIN] = "FS_COORD_ORIGIN",
    [TGSI_PROPERTY_FS_COORD_PIXEL_CENTER] = "FS_COORD_PIXEL_CENTER",
    [TGSI_PROPERTY_FS_COLOR0_WRITES_ALL_CBUFS] = "FS_COLOR0_WRITES_ALL_CBUFS",
    [TGSI_PROPERTY_FS_DEPTH_LAYOUT] = "FS_DEPTH_LAYOUT",
    [TGSI_PROPERTY_VS_PROHIBIT_UCPS] = "VS_PROHIBIT_UCPS",
    [TGSI_PROPERTY_GS_INVOCATIONS] = "GS_INVOCATIONS",
    [TGSI_PROPERTY_VS_WINDOW_SPACE_POSITION] = "VS_WINDOW_SPACE_POSITION",
    [TGSI_PROPERTY_TCS_VERTICES_OUT] = "TCS_VERTICES_OUT",
    [TGSI_PROPERTY_TES_PRIM_MODE] = "TES_PRIM_MODE",
    [TGSI_PROPERTY_TES_SPACING] = "TES_SPACING",
    [TGSI_PROPERTY_TES_VERTEX_ORDER_CW] = "TES_VERTEX_ORDER_CW",
    [TGSI_PROPERTY_TES_POINT_MODE] = "TES_POINT_MODE",
    [TGSI_PROPERTY_NUM_CLIPDIST_ENABLED] = "NUM_CLIPDIST_ENABLED",
    [TGSI_PROPERTY_NUM_CULLDIST_ENABLED] = "NUM_CULLDIST_ENABLED",
    [TGSI_PROPERTY_FS_EARLY_DEPTH_STENCIL] = "FS_EARLY_DEPTH_STENCIL",
    [TGSI_PROPERTY_FS_POST_DEPTH_COVERAGE] = "FS_POST_DEPTH_COVERAGE",
    [TGSI_PROPERTY_NEXT_SHADER] = "NEXT_SHADER",
    [TGSI_PROPERTY_CS_FIXED_BLOCK_WIDTH] = "CS_FIXED_BLOCK_WIDTH",
    [TGSI_PROPERTY_CS_FIXED_BLOCK_HEIGHT] = "CS_FIXED_BLOCK_HEIGHT",
    [TGSI_PROPERTY_CS_FIXED_BLOCK_DEPTH] = "CS_FIXED_BLOCK_DEPTH",
    [TGSI_PROPERTY_MUL_ZERO_WINS] = "MUL_ZERO_WINS",
    [TGSI_PROPERTY_VS_BLIT_SGPRS_AMD] = "VS_BLIT_SGPRS_AMD",
    [TGSI_PROPERTY_CS_USER_DATA_COMPONENTS_AMD] = "CS_USER_DATA_COMPONENTS_AMD",
    [TGSI_PROPERTY_LAYER_VIEWPORT_RELATIVE] = "LAYER_VIEWPORT_RELATIVE",
    [TGSI_PROPERTY_FS_BLEND_EQUATION_ADVANCED] = "FS_BLEND_EQUATION_ADVANCED",
    [TGSI_PROPERTY_SEPARABLE_PROGRAM] = "SEPARABLE_PROGRAM",
    [TGSI_PROPERTY_LEGACY_MATH_RULES] = "LEGACY_MATH_RULES",
};
_Static_assert(N_OF(property_names) == TGSI_PROPERTY_COUNT, "property names");

static const char *const imm_type_names[] = {
    [TGSI_IMM_FLOAT32] = "FLT32",
    [TGSI_IMM_UINT32] = "UINT32",
    [TGSI_IMM_INT32] = "INT32",
    [TGSI_IMM_FLOAT64] = "FLT64",
    [TGSI_IMM_UINT64] = "UINT64",
    [TGSI_IMM_INT64] = "INT64",
};
_Static_assert(N_OF(imm_type_names) == TGSI_IMM_COUNT, "immediate type names");

static const char *const memory_type_names[] = {
    [TGSI_MEMORY_TYPE_GLOBAL] = "GLOBAL",
    [TGSI_MEMORY_TYPE_SHARED] = "SHARED",
    [TGSI_MEMORY_TYPE_PRIVATE] = "PRIVATE",
    [TGSI_MEMORY_TYPE_INPUT] = "INPUT",
};
_Static_assert(N_OF(memory_type_names) == TGSI_MEMORY_TYPE_COUNT, "memory type names");

/* PIPE_PRIM_* / MESA_PRIM_* order. */
static const char *const primitive_names[] = {
    "POINTS", "LINES", "LINE_LOOP", "LINE_STRIP", "TRIANGLES", "TRIANGLE_STRIP",
    "TRIANGLE_FAN", "QUADS", "QUAD_STRIP", "POLYGON", "LINES_ADJACENCY",
    "LINE_STRIP_ADJACENCY", "TRIANGLES_ADJACENCY", "TRIANGLE_STRIP_ADJACENCY",
    "PATCHES",
};

static const char *const coord_origin_names[] = { "UPPER_LEFT", "LOWER_LEFT" };
static const char *const pixel_center_names[] = { "HALF_INTEGER", "INTEGER" };
/* TGSI_FS_DEPTH_LAYOUT_* order. */
static const char *const depth_layout_names[] = { "NONE", "ANY", "GREATER", "LESS", "UNCHANGED" };
/* PIPE_TESS_SPACING_* order. */
static const char *const tess_spacing_names[] = { "FRACTIONAL_ODD", "FRACTIONAL_EVEN", "EQUAL" };

/* Image formats: pipe_format enum names without the PIPE_FORMAT_ prefix.
 * The set is the image unit formats of ARB_shader_image_load_store (table
 * order: float, unsigned, signed, unorm, snorm); 0 means "no format". */
static const char *const format_names[] = {
    "NONE",
    "R32G32B32A32_FLOAT", "R16G16B16A16_FLOAT", "R32G32_FLOAT", "R16G16_FLOAT",
    "R11G11B10_FLOAT", "R32_FLOAT", "R16_FLOAT",
    "R32G32B32A32_UINT", "R16G16B16A16_UINT", "R10G10B10A2_UINT", "R8G8B8A8_UINT",
    "R32G32_UINT", "R16G16_UINT", "R8G8_UINT", "R32_UINT", "R16_UINT", "R8_UINT",
    "R32G32B32A32_SINT", "R16G16B16A16_SINT", "R8G8B8A8_SINT", "R32G32_SINT",
    "R16G16_SINT", "R8G8_SINT", "R32_SINT", "R16_SINT", "R8_SINT",
    "R16G16B16A16_UNORM", "R10G10B10A2_UNORM", "R8G8B8A8_UNORM", "R16G16_UNORM",
    "R8G8_UNORM", "R16_UNORM", "R8_UNORM",
    "R16G16B16A16_SNORM", "R8G8B8A8_SNORM", "R16G16_SNORM", "R8G8_SNORM",
    "R16_SNORM", "R8_SNORM",
};

typedef struct name_table {
    const char *const *names;
    unsigned count;
} name_table;

static const name_table tables[TGSI_NAMES_COUNT] = {
    [TGSI_NAMES_PROCESSOR] = { processor_names, N_OF(processor_names) },
    [TGSI_NAMES_FILE] = { file_names, N_OF(file_names) },
    [TGSI_NAMES_SEMANTIC] = { semantic_names, N_OF(semantic_names) },
    [TGSI_NAMES_TEXTURE] = { texture_names, N_OF(texture_names) },
    [TGSI_NAMES_RETURN_TYPE] = { return_type_names, N_OF(return_type_names) },
    [TGSI_NAMES_INTERPOLATE] = { interpolate_names, N_OF(interpolate_names) },
    [TGSI_NAMES_INTERPOLATE_LOC] = { interpolate_loc_names, N_OF(interpolate_loc_names) },
    [TGSI_NAMES_PROPERTY] = { property_names, N_OF(property_names) },
    [TGSI_NAMES_IMM_TYPE] = { imm_type_names, N_OF(imm_type_names) },
    [TGSI_NAMES_MEMORY_TYPE] = { memory_type_names, N_OF(memory_type_names) },
    [TGSI_NAMES_PRIMITIVE] = { primitive_names, N_OF(primitive_names) },
    [TGSI_NAMES_FS_COORD_ORIGIN] = { coord_origin_names, N_OF(coord_origin_names) },
    [TGSI_NAMES_FS_COORD_PIXEL_CENTER] = { pixel_center_names, N_OF(pixel_center_names) },
    [TGSI_NAMES_FS_DEPTH_LAYOUT] = { depth_layout_names, N_OF(depth_layout_names) },
    [TGSI_NAMES_TESS_SPACING] = { tess_spacing_names, N_OF(tess_spacing_names) },
    [TGSI_NAMES_FORMAT] = { format_names, N_OF(format_names) },
};

/* Older spellings. */
typedef struct name_alias {
    uint8_t table;
    uint16_t value;
    const char *name;
} name_alias;

static const name_alias aliases[] = {
    { TGSI_NAMES_SEMANTIC, TGSI_SEMANTIC_PRIMID, "PRIMID" },
    { TGSI_NAMES_TEXTURE, TGSI_TEXTURE_CUBE_ARRAY, "CUBE_ARRAY" },
    { TGSI_NAMES_TEXTURE, TGSI_TEXTURE_SHADOWCUBE_ARRAY, "SHADOWCUBE_ARRAY" },
    { TGSI_NAMES_TEXTURE, TGSI_TEXTURE_1D_ARRAY, "1DARRAY" },
    { TGSI_NAMES_TEXTURE, TGSI_TEXTURE_2D_ARRAY, "2DARRAY" },
    { TGSI_NAMES_TEXTURE, TGSI_TEXTURE_SHADOW1D_ARRAY, "SHADOW1DARRAY" },
    { TGSI_NAMES_TEXTURE, TGSI_TEXTURE_SHADOW2D_ARRAY, "SHADOW2DARRAY" },
    { TGSI_NAMES_PROPERTY, TGSI_PROPERTY_VS_WINDOW_SPACE_POSITION, "VS_POSITION_WINDOW_SPACE" },
    { TGSI_NAMES_PROPERTY, TGSI_PROPERTY_GS_INPUT_PRIM, "GS_INPUT_PRIM" },
    { TGSI_NAMES_PROPERTY, TGSI_PROPERTY_GS_OUTPUT_PRIM, "GS_OUTPUT_PRIM" },
    { TGSI_NAMES_PROCESSOR, TGSI_PROCESSOR_TESS_CTRL, "TESSCTRL" },
    { TGSI_NAMES_PROCESSOR, TGSI_PROCESSOR_TESS_EVAL, "TESSEVAL" },
};

const char *nvgp_tgsi_name(tgsi_name_table t, unsigned v)
{
    if ((unsigned)t >= TGSI_NAMES_COUNT || v >= tables[t].count)
        return NULL;
    return tables[t].names[v];
}

unsigned nvgp_tgsi_name_count(tgsi_name_table t)
{
    return (unsigned)t < TGSI_NAMES_COUNT ? tables[t].count : 0;
}

static inline char upper(char c)
{
    return c >= 'a' && c <= 'z' ? (char)(c - 'a' + 'A') : c;
}

/* Mesa's reader matches names without regard to case. */
static bool same_name(const char *name, const char *s, size_t len)
{
    size_t i = 0;
    for (; i < len; i++) {
        if (!name[i] || upper(s[i]) != name[i])
            return false;
    }
    return name[i] == '\0';
}

int nvgp_tgsi_name_lookup(tgsi_name_table t, const char *s, size_t len)
{
    if ((unsigned)t >= TGSI_NAMES_COUNT || !s || len == 0)
        return -1;
    /* Formats are printed with their pipe_format prefix. */
    if (t == TGSI_NAMES_FORMAT && len > 12) {
        static const char prefix[] = "PIPE_FORMAT_";
        size_t i = 0;
        while (i < 12 && upper(s[i]) == prefix[i])
            i++;
        if (i == 12) {
            s += 12;
            len -= 12;
        }
    }
    const name_table *tab = &tables[t];
    char first = upper(s[0]);
    for (unsigned v = 0; v < tab->count; v++) {
        const char *n = tab->names[v];
        if (n[0] == first && same_name(n, s, len))
            return (int)v;
    }
    for (size_t i = 0; i < N_OF(aliases); i++) {
        if (aliases[i].table == t && same_name(aliases[i].name, s, len))
            return aliases[i].value;
    }
    return -1;
}

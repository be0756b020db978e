/* Binding patterns of the ARB-grammar languages and their matcher.
 *
 * A pattern is the binding as the specs' tables spell it, with a letter in
 * each bracket naming the index's limit; an upper-case letter is a required
 * index, a lower-case one an optional index:
 *   t texture coordinate set  A generic attribute  G generic result
 *   L light  C clip plane  E program.env  O program.local  U legacy texture
 *   unit  D draw buffer  V/v vertex of the input primitive  W vertex weight
 *   I matrix index  K tessouter  J tessinner  B buffer binding  N buffer element
 *   M viewport mask word
 * The binding read is the longest pattern matching the tokens, so a
 * trailing ".x" stays a swizzle.  state.matrix.* is parsed by code (its
 * modifiers and row ranges combine freely). */
#include "nv/nv_bind.h"

#include "nv/nv_limits.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#define H_AVP NV_HB_ARBVP
#define H_AFP NV_HB_ARBFP
#define H_VP4 NV_HB_NVVP
#define H_FP4 NV_HB_NVFP
#define H_FP5 NV_HB(NV_HDR_NVFP50)
#define H_GP (NV_HB(NV_HDR_NVGP40) | NV_HB(NV_HDR_NVGP50))
#define H_GP5 NV_HB(NV_HDR_NVGP50)
#define H_TC NV_HB(NV_HDR_NVTCP50)
#define H_TE NV_HB(NV_HDR_NVTEP50)
#define H_CP NV_HB(NV_HDR_NVCP50)
#define H_NV (NV_HB_GP4 | NV_HB_GP5)
#define H_PRIMV (H_GP | H_TC | H_TE) /* vertex[n] inputs */
#define H_VRES (H_AVP | H_VP4 | H_GP | H_TC | H_TE)
#define H_STATE_ALL (H_AVP | H_AFP | H_NV)
#define H_STATE_VP (H_AVP | H_NV)
#define H_STATE_FP (H_AFP | H_NV)

/* Flags */
enum {
    BF_SCALAR = 1 << 0,     /* one component (fog coordinate, point size, ...) */
    BF_OPT_NVVP2 = 1 << 1,  /* ARBvp1.0 needs OPTION NV_vertex_program2 or 3 */
    BF_OPT_DRAWBUF = 1 << 2,/* ARBfp1.0 index needs ARB_draw_buffers */
    BF_OPT_BLEND = 1 << 3,  /* ARBfp1.0 needs ARB_blend_func_extended */
    BF_INT = 1 << 4,        /* integer binding */
    BF_OPT_TG = 1 << 5,     /* needs OPTION NV_shader_thread_group */
    BF_OPT_NVFP2 = 1 << 6,  /* ARBfp1.0 needs OPTION NV_fragment_program2 */
    BF_PATCHES = 1 << 7,    /* geometry programs: needs PRIMITIVE_IN PATCHES */
    BF_OPT_SSBO = 1 << 8,   /* needs OPTION NV_shader_storage_buffer */
    BF_OPT_LAYERVP = 1 << 9,/* needs OPTION ARB_fragment_layer_viewport */
    BF_OPT_VPARR2 = 1 << 10,/* needs OPTION NV_viewport_array2 */
    BF_OPT_STEREO = 1 << 11,/* needs OPTION NV_stereo_view_rendering */
    BF_OPT_CONSRV = 1 << 12 /* needs OPTION NV_conservative_raster_underestimation */
};

/* The option each BF_OPT_* flag of the options of real programs needs. */
static const struct {
    uint16_t flag;
    uint8_t option;
} flag_options[] = {
    {BF_OPT_LAYERVP, NV_OPTION_ARB_fragment_layer_viewport},
    {BF_OPT_VPARR2, NV_OPTION_NV_viewport_array2},
    {BF_OPT_STEREO, NV_OPTION_NV_stereo_view_rendering},
    {BF_OPT_CONSRV, NV_OPTION_NV_conservative_raster_underestimation},
};

typedef struct bind_row {
    const char *pat;
    uint8_t kind;
    uint32_t headers;
    uint16_t flags;
} bind_row;

static const bind_row bind_rows[] = {
    /* Vertex attributes (ARB_vertex_program 2.14.3.1, NV_vertex_program4). */
    {"vertex.position", NV_BIND_ATTRIB, H_AVP | H_VP4, 0},
    {"vertex.weight", NV_BIND_ATTRIB, H_AVP, 0},
    {"vertex.weight[W]", NV_BIND_ATTRIB, H_AVP, 0},
    {"vertex.normal", NV_BIND_ATTRIB, H_AVP | H_VP4, 0},
    {"vertex.color", NV_BIND_ATTRIB, H_AVP | H_VP4, 0},
    {"vertex.color.primary", NV_BIND_ATTRIB, H_AVP | H_VP4, 0},
    {"vertex.color.secondary", NV_BIND_ATTRIB, H_AVP | H_VP4, 0},
    {"vertex.fogcoord", NV_BIND_ATTRIB, H_AVP | H_VP4, BF_SCALAR},
    {"vertex.texcoord[t]", NV_BIND_ATTRIB, H_AVP | H_VP4, 0},
    {"vertex.matrixindex", NV_BIND_ATTRIB, H_AVP, 0},
    {"vertex.matrixindex[I]", NV_BIND_ATTRIB, H_AVP, 0},
    {"vertex.attrib[A]", NV_BIND_ATTRIB, H_AVP | H_VP4, 0},
    {"vertex.id", NV_BIND_ATTRIB, H_VP4, BF_SCALAR | BF_INT},
    {"vertex.instance", NV_BIND_ATTRIB, H_VP4, BF_SCALAR | BF_INT},
    /* Draw parameters as real vertex programs spell them (no registry text:
     * ARB_shader_draw_parameters' gl_BaseVertexARB, gl_BaseInstanceARB,
     * gl_DrawIDARB; docs/spec-decisions.md). */
    {"vertex.baseVertex", NV_BIND_ATTRIB, H_VP4, BF_SCALAR | BF_INT},
    {"vertex.baseInstance", NV_BIND_ATTRIB, H_VP4, BF_SCALAR | BF_INT},
    {"vertex.draw.id", NV_BIND_ATTRIB, H_VP4, BF_SCALAR | BF_INT},
    /* Per-vertex inputs of geometry and tessellation programs. */
    /* NV_tessellation_program5: "vertex.in[m]." and (control programs)
     * "vertex.out[m]." prefixes. */
#define VTX_ROWS(prefix, hdrs)                                              \
    {prefix ".position", NV_BIND_ATTRIB, hdrs, 0},                          \
    {prefix ".color", NV_BIND_ATTRIB, hdrs, 0},                             \
    {prefix ".color.primary", NV_BIND_ATTRIB, hdrs, 0},                     \
    {prefix ".color.secondary", NV_BIND_ATTRIB, hdrs, 0},                   \
    {prefix ".color.front", NV_BIND_ATTRIB, hdrs, 0},                       \
    {prefix ".color.front.primary", NV_BIND_ATTRIB, hdrs, 0},               \
    {prefix ".color.front.secondary", NV_BIND_ATTRIB, hdrs, 0},             \
    {prefix ".color.back", NV_BIND_ATTRIB, hdrs, 0},                        \
    {prefix ".color.back.primary", NV_BIND_ATTRIB, hdrs, 0},                \
    {prefix ".color.back.secondary", NV_BIND_ATTRIB, hdrs, 0},              \
    {prefix ".fogcoord", NV_BIND_ATTRIB, hdrs, BF_SCALAR},                  \
    {prefix ".pointsize", NV_BIND_ATTRIB, hdrs, BF_SCALAR},                 \
    {prefix ".id", NV_BIND_ATTRIB, hdrs, BF_SCALAR | BF_INT},               \
    {prefix ".texcoord[t]", NV_BIND_ATTRIB, hdrs, 0},                       \
    {prefix ".clip[C]", NV_BIND_ATTRIB, hdrs, BF_SCALAR},                   \
    {prefix ".attrib[A]", NV_BIND_ATTRIB, hdrs, 0}
    VTX_ROWS("vertex.in[v]", H_TC | H_TE),
    VTX_ROWS("vertex.out[v]", H_TC),
#undef VTX_ROWS
    {"primitive.in.id", NV_BIND_ATTRIB, H_TC | H_TE, BF_SCALAR | BF_INT},
    {"primitive.in.tessouter[k]", NV_BIND_ATTRIB, H_TC | H_TE, BF_SCALAR},
    {"primitive.in.tessinner[j]", NV_BIND_ATTRIB, H_TC | H_TE, BF_SCALAR},
    {"primitive.in.patch.attrib[A]", NV_BIND_ATTRIB, H_TC | H_TE, 0},
    {"primitive.out.tessouter[k]", NV_BIND_ATTRIB, H_TC, BF_SCALAR},
    {"primitive.out.tessinner[j]", NV_BIND_ATTRIB, H_TC, BF_SCALAR},
    {"primitive.out.patch.attrib[A]", NV_BIND_ATTRIB, H_TC, 0},
    {"vertex[v].position", NV_BIND_ATTRIB, H_PRIMV, 0},
    {"vertex[v].color", NV_BIND_ATTRIB, H_PRIMV, 0},
    {"vertex[v].color.primary", NV_BIND_ATTRIB, H_PRIMV, 0},
    {"vertex[v].color.secondary", NV_BIND_ATTRIB, H_PRIMV, 0},
    {"vertex[v].color.front", NV_BIND_ATTRIB, H_PRIMV, 0},
    {"vertex[v].color.front.primary", NV_BIND_ATTRIB, H_PRIMV, 0},
    {"vertex[v].color.front.secondary", NV_BIND_ATTRIB, H_PRIMV, 0},
    {"vertex[v].color.back", NV_BIND_ATTRIB, H_PRIMV, 0},
    {"vertex[v].color.back.primary", NV_BIND_ATTRIB, H_PRIMV, 0},
    {"vertex[v].color.back.secondary", NV_BIND_ATTRIB, H_PRIMV, 0},
    {"vertex[v].fogcoord", NV_BIND_ATTRIB, H_PRIMV, BF_SCALAR},
    {"vertex[v].pointsize", NV_BIND_ATTRIB, H_PRIMV, BF_SCALAR},
    {"vertex[v].id", NV_BIND_ATTRIB, H_PRIMV, BF_SCALAR | BF_INT},
    {"vertex[v].texcoord[t]", NV_BIND_ATTRIB, H_PRIMV, 0},
    {"vertex[v].clip[C]", NV_BIND_ATTRIB, H_PRIMV, BF_SCALAR},
    {"vertex[v].attrib[A]", NV_BIND_ATTRIB, H_PRIMV, 0},
    {"primitive.id", NV_BIND_ATTRIB, H_FP4 | H_GP | H_TC | H_TE, BF_SCALAR | BF_INT},
    {"primitive.invocation", NV_BIND_ATTRIB, H_GP5 | H_TC | H_TE, BF_SCALAR | BF_INT},
    {"primitive.vertexcount", NV_BIND_ATTRIB, H_GP5 | H_TC | H_TE, BF_SCALAR | BF_INT},
    {"primitive.tessouter[k]", NV_BIND_ATTRIB, H_GP5 | H_TC | H_TE, BF_SCALAR | BF_PATCHES},
    {"primitive.tessinner[j]", NV_BIND_ATTRIB, H_GP5 | H_TC | H_TE, BF_SCALAR | BF_PATCHES},
    {"primitive.patch.attrib[A]", NV_BIND_ATTRIB, H_GP5 | H_TC | H_TE, BF_PATCHES},
    {"vertex.tesscoord", NV_BIND_ATTRIB, H_TE, 0},
    /* Fragment attributes (ARB_fragment_program 3.11.3.1, NV_fragment_program4). */
    {"fragment.color", NV_BIND_ATTRIB, H_AFP | H_FP4, 0},
    {"fragment.color.primary", NV_BIND_ATTRIB, H_AFP | H_FP4, 0},
    {"fragment.color.secondary", NV_BIND_ATTRIB, H_AFP | H_FP4, 0},
    {"fragment.color.front", NV_BIND_ATTRIB, H_FP4, 0},
    {"fragment.color.front.primary", NV_BIND_ATTRIB, H_FP4, 0},
    {"fragment.color.front.secondary", NV_BIND_ATTRIB, H_FP4, 0},
    {"fragment.color.back", NV_BIND_ATTRIB, H_FP4, 0},
    {"fragment.color.back.primary", NV_BIND_ATTRIB, H_FP4, 0},
    {"fragment.color.back.secondary", NV_BIND_ATTRIB, H_FP4, 0},
    {"fragment.texcoord[t]", NV_BIND_ATTRIB, H_AFP | H_FP4, 0},
    {"fragment.fogcoord", NV_BIND_ATTRIB, H_AFP | H_FP4, BF_SCALAR},
    {"fragment.position", NV_BIND_ATTRIB, H_AFP | H_FP4, 0},
    {"fragment.facing", NV_BIND_ATTRIB, H_FP4 | H_AFP, BF_SCALAR | BF_OPT_NVFP2},
    {"fragment.attrib[A]", NV_BIND_ATTRIB, H_FP4, 0},
    {"fragment.clip[C]", NV_BIND_ATTRIB, H_FP4, BF_SCALAR},
    {"fragment.sampleid", NV_BIND_ATTRIB, H_FP5, BF_SCALAR | BF_INT},
    {"fragment.samplemask", NV_BIND_ATTRIB, H_FP5, BF_INT},
    {"fragment.pointcoord", NV_BIND_ATTRIB, H_FP5, 0},
    /* NV_shader_thread_group. */
#define TG_ROWS(prefix, hdrs)                                                             \
    {prefix ".threadid", NV_BIND_ATTRIB, hdrs, BF_SCALAR | BF_INT | BF_OPT_TG},         \
    {prefix ".threadeqmask", NV_BIND_ATTRIB, hdrs, BF_SCALAR | BF_INT | BF_OPT_TG},     \
    {prefix ".threadltmask", NV_BIND_ATTRIB, hdrs, BF_SCALAR | BF_INT | BF_OPT_TG},     \
    {prefix ".threadlemask", NV_BIND_ATTRIB, hdrs, BF_SCALAR | BF_INT | BF_OPT_TG},     \
    {prefix ".threadgtmask", NV_BIND_ATTRIB, hdrs, BF_SCALAR | BF_INT | BF_OPT_TG},     \
    {prefix ".threadgemask", NV_BIND_ATTRIB, hdrs, BF_SCALAR | BF_INT | BF_OPT_TG},     \
    {prefix ".warpid", NV_BIND_ATTRIB, hdrs, BF_SCALAR | BF_INT | BF_OPT_TG},           \
    {prefix ".smid", NV_BIND_ATTRIB, hdrs, BF_SCALAR | BF_INT | BF_OPT_TG}
    TG_ROWS("fragment", H_FP5),
    TG_ROWS("vertex", NV_HB(NV_HDR_NVVP50)),
    TG_ROWS("primitive", H_GP5),
    /* its NV_compute_program5 section: "<attribBasic> ::= "invocation" "." "threadid"" ... */
    TG_ROWS("invocation", H_CP),
#undef TG_ROWS
    {"fragment.helperthread", NV_BIND_ATTRIB, H_FP5, BF_SCALAR | BF_INT | BF_OPT_TG},
    {"state.thread.warpsize", NV_BIND_STATE, NV_HB_GP5, BF_INT | BF_OPT_TG},
    {"state.thread.warpspersm", NV_BIND_STATE, NV_HB_GP5, BF_INT | BF_OPT_TG},
    {"state.thread.smcount", NV_BIND_STATE, NV_HB_GP5, BF_INT | BF_OPT_TG},
    /* Compute (NV_compute_program5). */
    {"invocation.localid", NV_BIND_ATTRIB, H_CP, BF_INT},
    {"invocation.globalid", NV_BIND_ATTRIB, H_CP, BF_INT},
    {"invocation.groupid", NV_BIND_ATTRIB, H_CP, BF_INT},
    {"invocation.groupcount", NV_BIND_ATTRIB, H_CP, BF_INT},
    {"invocation.groupsize", NV_BIND_ATTRIB, H_CP, BF_INT},
    {"invocation.localindex", NV_BIND_ATTRIB, H_CP, BF_SCALAR | BF_INT},
    /* Vertex-like results. */
    {"result.position", NV_BIND_RESULT, H_VRES, 0},
    {"result.color", NV_BIND_RESULT, H_VRES, 0},
    {"result.color.primary", NV_BIND_RESULT, H_VRES, 0},
    {"result.color.secondary", NV_BIND_RESULT, H_VRES, 0},
    {"result.color.front", NV_BIND_RESULT, H_VRES, 0},
    {"result.color.front.primary", NV_BIND_RESULT, H_VRES, 0},
    {"result.color.front.secondary", NV_BIND_RESULT, H_VRES, 0},
    {"result.color.back", NV_BIND_RESULT, H_VRES, 0},
    {"result.color.back.primary", NV_BIND_RESULT, H_VRES, 0},
    {"result.color.back.secondary", NV_BIND_RESULT, H_VRES, 0},
    {"result.fogcoord", NV_BIND_RESULT, H_VRES, BF_SCALAR},
    {"result.pointsize", NV_BIND_RESULT, H_VRES, BF_SCALAR},
    {"result.texcoord[t]", NV_BIND_RESULT, H_VRES, 0},
    {"result.clip[C]", NV_BIND_RESULT, H_VRES, BF_SCALAR | BF_OPT_NVVP2},
    {"result.attrib[G]", NV_BIND_RESULT, H_VP4 | H_GP | H_TC | H_TE, 0},
    {"result.id", NV_BIND_RESULT, H_VP4 | H_TC, BF_SCALAR | BF_INT},
    {"result.primid", NV_BIND_RESULT, H_GP, BF_SCALAR | BF_INT},
    {"result.layer", NV_BIND_RESULT, H_GP | H_VP4 | H_TE, BF_SCALAR | BF_INT},
    {"result.viewport", NV_BIND_RESULT, H_GP | H_VP4 | H_TE, BF_SCALAR | BF_INT},
    {"result.patch.tessouter[K]", NV_BIND_RESULT, H_TC, BF_SCALAR},
    {"result.patch.tessinner[J]", NV_BIND_RESULT, H_TC, BF_SCALAR},
    {"result.patch.attrib[G]", NV_BIND_RESULT, H_TC, 0},
    /* Fragment results. */
    {"result.color[d]", NV_BIND_RESULT, H_AFP | H_FP4, BF_OPT_DRAWBUF},
    {"result.color[d].primary", NV_BIND_RESULT, H_AFP | H_FP5, BF_OPT_BLEND},
    {"result.color[d].secondary", NV_BIND_RESULT, H_AFP | H_FP5, BF_OPT_BLEND},
    {"result.depth", NV_BIND_RESULT, H_AFP | H_FP4, BF_SCALAR},
    {"result.samplemask", NV_BIND_RESULT, H_FP5, BF_INT},
    /* State (ARB_vertex_program 2.14.3.3, ARB_fragment_program 3.11.3.3, NV_gpu_program4 Tables X.1-X.11). */
    {"state.material.ambient", NV_BIND_STATE, H_STATE_ALL, 0},
    {"state.material.diffuse", NV_BIND_STATE, H_STATE_ALL, 0},
    {"state.material.specular", NV_BIND_STATE, H_STATE_ALL, 0},
    {"state.material.emission", NV_BIND_STATE, H_STATE_ALL, 0},
    {"state.material.shininess", NV_BIND_STATE, H_STATE_ALL, 0},
    {"state.material.front.ambient", NV_BIND_STATE, H_STATE_ALL, 0},
    {"state.material.front.diffuse", NV_BIND_STATE, H_STATE_ALL, 0},
    {"state.material.front.specular", NV_BIND_STATE, H_STATE_ALL, 0},
    {"state.material.front.emission", NV_BIND_STATE, H_STATE_ALL, 0},
    {"state.material.front.shininess", NV_BIND_STATE, H_STATE_ALL, 0},
    {"state.material.back.ambient", NV_BIND_STATE, H_STATE_ALL, 0},
    {"state.material.back.diffuse", NV_BIND_STATE, H_STATE_ALL, 0},
    {"state.material.back.specular", NV_BIND_STATE, H_STATE_ALL, 0},
    {"state.material.back.emission", NV_BIND_STATE, H_STATE_ALL, 0},
    {"state.material.back.shininess", NV_BIND_STATE, H_STATE_ALL, 0},
    {"state.light[L].ambient", NV_BIND_STATE, H_STATE_ALL, 0},
    {"state.light[L].diffuse", NV_BIND_STATE, H_STATE_ALL, 0},
    {"state.light[L].specular", NV_BIND_STATE, H_STATE_ALL, 0},
    {"state.light[L].position", NV_BIND_STATE, H_STATE_ALL, 0},
    {"state.light[L].attenuation", NV_BIND_STATE, H_STATE_ALL, 0},
    {"state.light[L].spot.direction", NV_BIND_STATE, H_STATE_ALL, 0},
    {"state.light[L].half", NV_BIND_STATE, H_STATE_ALL, 0},
    {"state.lightmodel.ambient", NV_BIND_STATE, H_STATE_ALL, 0},
    {"state.lightmodel.scenecolor", NV_BIND_STATE, H_STATE_ALL, 0},
    {"state.lightmodel.front.scenecolor", NV_BIND_STATE, H_STATE_ALL, 0},
    {"state.lightmodel.back.scenecolor", NV_BIND_STATE, H_STATE_ALL, 0},
    {"state.lightprod[L].ambient", NV_BIND_STATE, H_STATE_ALL, 0},
    {"state.lightprod[L].diffuse", NV_BIND_STATE, H_STATE_ALL, 0},
    {"state.lightprod[L].specular", NV_BIND_STATE, H_STATE_ALL, 0},
    {"state.lightprod[L].front.ambient", NV_BIND_STATE, H_STATE_ALL, 0},
    {"state.lightprod[L].front.diffuse", NV_BIND_STATE, H_STATE_ALL, 0},
    {"state.lightprod[L].front.specular", NV_BIND_STATE, H_STATE_ALL, 0},
    {"state.lightprod[L].back.ambient", NV_BIND_STATE, H_STATE_ALL, 0},
    {"state.lightprod[L].back.diffuse", NV_BIND_STATE, H_STATE_ALL, 0},
    {"state.lightprod[L].back.specular", NV_BIND_STATE, H_STATE_ALL, 0},
    {"state.texgen[t].eye.s", NV_BIND_STATE, H_STATE_VP, 0},
    {"state.texgen[t].eye.t", NV_BIND_STATE, H_STATE_VP, 0},
    {"state.texgen[t].eye.r", NV_BIND_STATE, H_STATE_VP, 0},
    {"state.texgen[t].eye.q", NV_BIND_STATE, H_STATE_VP, 0},
    {"state.texgen[t].object.s", NV_BIND_STATE, H_STATE_VP, 0},
    {"state.texgen[t].object.t", NV_BIND_STATE, H_STATE_VP, 0},
    {"state.texgen[t].object.r", NV_BIND_STATE, H_STATE_VP, 0},
    {"state.texgen[t].object.q", NV_BIND_STATE, H_STATE_VP, 0},
    {"state.fog.color", NV_BIND_STATE, H_STATE_ALL, 0},
    {"state.fog.params", NV_BIND_STATE, H_STATE_ALL, 0},
    {"state.clip[C].plane", NV_BIND_STATE, H_STATE_VP, 0},
    {"state.point.size", NV_BIND_STATE, H_STATE_VP, 0},
    {"state.point.attenuation", NV_BIND_STATE, H_STATE_VP, 0},
    {"state.texenv[u].color", NV_BIND_STATE, H_STATE_FP, 0},
    {"state.depth.range", NV_BIND_STATE, H_STATE_FP, 0},
    /* Program parameters. */
    {"program.env[E]", NV_BIND_ENV, H_STATE_ALL, 0},
    {"program.local[O]", NV_BIND_LOCAL, H_STATE_ALL, 0},
    {"program.buffer[B]", NV_BIND_BUFFER, H_NV, 0},
    {"program.buffer[B][N]", NV_BIND_BUFFER, H_NV, 0},
    /* NV_shader_storage_buffer_object 2.X.3.3: the unsized array length of
     * storage buffer binding point a (integer zero for assembly programs). */
    {"program.storagelen[S]", NV_BIND_STATE, NV_HB_GP5, BF_SCALAR | BF_INT | BF_OPT_SSBO},
    /* Bindings that an option adds (docs/spec-decisions.md "Options of
     * real programs"): ARB_fragment_layer_viewport, NV_viewport_array2
     * (result.viewport and result.layer also in tessellation control
     * programs), NV_stereo_view_rendering, and
     * NV_conservative_raster_underestimation (its spelling
     * "fullycovered", and "fully_covered" as real programs write it). */
    {"fragment.layer", NV_BIND_ATTRIB, H_FP4, BF_SCALAR | BF_INT | BF_OPT_LAYERVP},
    {"fragment.viewport", NV_BIND_ATTRIB, H_FP4, BF_SCALAR | BF_INT | BF_OPT_LAYERVP},
    {"fragment.fullycovered", NV_BIND_ATTRIB, H_FP4, BF_SCALAR | BF_INT | BF_OPT_CONSRV},
    {"fragment.fully_covered", NV_BIND_ATTRIB, H_FP4, BF_SCALAR | BF_INT | BF_OPT_CONSRV},
    {"result.viewportmask[M]", NV_BIND_RESULT, NV_HB_VTG, BF_SCALAR | BF_INT | BF_OPT_VPARR2},
    {"result.layer", NV_BIND_RESULT, H_TC, BF_SCALAR | BF_INT | BF_OPT_VPARR2},
    {"result.viewport", NV_BIND_RESULT, H_TC, BF_SCALAR | BF_INT | BF_OPT_VPARR2},
    {"result.secondaryposition", NV_BIND_RESULT, NV_HB_VTG, BF_OPT_STEREO},
    {"result.secondaryviewportmask[M]", NV_BIND_RESULT, NV_HB_VTG, BF_SCALAR | BF_INT | BF_OPT_STEREO},
    {"vertex[v].secondaryposition", NV_BIND_ATTRIB, H_PRIMV, BF_OPT_STEREO},
};

enum { NROWS = sizeof bind_rows / sizeof bind_rows[0] };

static bool is_upper(char ch) { return ch >= 'A' && ch <= 'Z'; }

static const char *first_words[] = {"vertex", "fragment", "primitive", "invocation", "result", "state", "program"};
enum { NWORDS = sizeof first_words / sizeof first_words[0], NGROUPS = NWORDS + 1 };

/* Rows grouped by their first word (group NWORDS: any other word), each
 * group in table order, so nv_bind_parse tries only the rows that can match
 * and still meets them in the order a scan of the whole table would.  Built
 * once; the table is constant. */
static int16_t group_rows[NROWS];
static uint16_t group_start[NGROUPS + 1];
static pthread_once_t groups_once = PTHREAD_ONCE_INIT;

static int word_group(const char *w, size_t len)
{
    for (int g = 0; g < NWORDS; g++)
        if (strlen(first_words[g]) == len && memcmp(first_words[g], w, len) == 0)
            return g;
    return NWORDS;
}

static void build_groups(void)
{
    int group_of[NROWS];
    uint16_t count[NGROUPS] = {0};
    for (int i = 0; i < NROWS; i++) {
        const char *p = bind_rows[i].pat;
        group_of[i] = word_group(p, strcspn(p, ".["));
        count[group_of[i]]++;
    }
    group_start[0] = 0;
    for (int g = 0; g < NGROUPS; g++)
        group_start[g + 1] = (uint16_t)(group_start[g] + count[g]);
    uint16_t fill[NGROUPS];
    memcpy(fill, group_start, sizeof fill);
    for (int i = 0; i < NROWS; i++)
        group_rows[fill[group_of[i]]++] = (int16_t)i;
}

bool nv_bind_starts(const nv_parse_ctx *c, unsigned want)
{
    const nv_token *t = nv_peek(c);
    if (t->kind != NV_TOK_IDENT)
        return false;
    const nv_token *n = nv_peek_n(c, 1);
    if (n->kind != NV_TOK_DOT && n->kind != NV_TOK_LBRACKET)
        return false;
    for (size_t i = 0; i < sizeof first_words / sizeof first_words[0]; i++) {
        if (!nvgp_nv_tok_is(c->src, t, first_words[i]))
            continue;
        if (i <= 3)
            return (want & NV_BWANT_ATTRIB) != 0;
        if (i == 4)
            return (want & NV_BWANT_RESULT) != 0;
        if (i == 5)
            return (want & NV_BWANT_PARAM) != 0;
        return (want & (NV_BWANT_PARAM | NV_BWANT_BUFFER)) != 0;
    }
    return false;
}

long nvgp_nv_input_vertices(const nv_program *p)
{
    if (p->header != NV_HDR_NVGP40 && p->header != NV_HDR_NVGP50)
        return NV_LIMIT_PATCH_VERTICES;
    switch (p->decls.primitive_in) {
    case NV_PRIM_POINTS: return 1;
    case NV_PRIM_LINES: return 2;
    case NV_PRIM_LINES_ADJACENCY: return 4;
    case NV_PRIM_TRIANGLES: return 3;
    case NV_PRIM_TRIANGLES_ADJACENCY: return 6;
    default: return NV_LIMIT_PATCH_VERTICES;
    }
}

/* The limit on an index in brackets of letter l (upper-cased). */
static long bracket_limit(const nv_parse_ctx *c, char l)
{
    bool nv = (NV_HB(c->prog->header) & (NV_HB_GP4 | NV_HB_GP5)) != 0;
    switch (l) {
    case 'T': return NV_LIMIT_TEXTURE_COORDS;
    case 'A': return nv ? NV_LIMIT_GENERIC_ATTRIBS : NV_LIMIT_VERTEX_ATTRIBS;
    case 'G': return NV_LIMIT_GENERIC_RESULTS;
    case 'L': return NV_LIMIT_LIGHTS;
    case 'C': return NV_LIMIT_CLIP_PLANES;
    case 'E': return NV_LIMIT_ENV_PARAMETERS;
    case 'O': return NV_LIMIT_LOCAL_PARAMETERS;
    case 'U': return NV_LIMIT_TEXTURE_UNITS;
    case 'D': return NV_LIMIT_DRAW_BUFFERS;
    case 'V': return nvgp_nv_input_vertices(c->prog); /* "vertex[m]": a vertex of the input primitive */
    case 'W': return NV_LIMIT_MODELVIEW_MATRICES;
    case 'I': return NV_LIMIT_MODELVIEW_MATRICES;
    case 'K': return 4;
    case 'J': return 2;
    case 'B': return NV_LIMIT_PARAMETER_BUFFER_BINDINGS;
    case 'N': return c->buffer_elements ? c->buffer_elements : NV_LIMIT_PARAMETER_BUFFER_SIZE;
    case 'S': return NV_LIMIT_STORAGE_BUFFER_BINDINGS;
    case 'M': return 1; /* viewport masks: one 32-bit word covers MAX_VIEWPORTS (16) */
    default: return 0;
    }
}

/* Ranges "[a..b]" make sense only for these brackets. */
static bool bracket_range_ok(char l)
{
    return l == 'T' || l == 'A' || l == 'G' || l == 'C' || l == 'E' || l == 'O' || l == 'K' ||
           l == 'J' || l == 'N' || l == 'S';
}

typedef struct match {
    size_t end;          /* token position after the match */
    int32_t idx[3];      /* bracket values in order */
    int32_t last[3];     /* range ends */
    uint32_t idx_tok[3]; /* token offsets of the bracket values */
    char letter[3];      /* pattern letter of each recorded bracket */
    uint8_t ord[3];      /* which bracket of the pattern it filled */
    int nidx;
} match;

/* Tries pattern pat at token position pos.  Returns the token position
 * reached when the pattern completes, or 0 when it does not; *fail_pos
 * receives the furthest token position examined. */
static size_t match_row(const nv_parse_ctx *c, const char *pat, size_t pos, match *m, size_t *fail_pos)
{
    const nv_token *tok = c->tok;
    const char *p = pat;
    bool first = true;
    int ord = 0;
    m->nidx = 0;
    while (*p) {
        if (*p == '[') {
            char l = p[1];
            p += 3;
            ord++;
            if (tok[pos].kind != NV_TOK_LBRACKET) {
                if (is_upper(l)) {
                    *fail_pos = pos;
                    return 0;
                }
                continue;
            }
            if (tok[pos + 1].kind != NV_TOK_NUMBER || tok[pos + 1].is_float) {
                *fail_pos = pos + 1;
                return 0;
            }
            int k = m->nidx < 3 ? m->nidx : 2;
            m->idx[k] = tok[pos + 1].overflow || tok[pos + 1].ival > INT32_MAX ? INT32_MAX : (int32_t)tok[pos + 1].ival;
            m->last[k] = m->idx[k];
            m->idx_tok[k] = (uint32_t)(pos + 1);
            m->letter[k] = l;
            m->ord[k] = (uint8_t)(ord - 1);
            size_t q = pos + 2;
            if (tok[q].kind == NV_TOK_DOTDOT && tok[q + 1].kind == NV_TOK_NUMBER && !tok[q + 1].is_float) {
                m->last[k] = tok[q + 1].overflow || tok[q + 1].ival > INT32_MAX ? INT32_MAX : (int32_t)tok[q + 1].ival;
                q += 2;
            }
            if (tok[q].kind != NV_TOK_RBRACKET) {
                *fail_pos = q;
                return 0;
            }
            m->nidx++;
            pos = q + 1;
            continue;
        }
        if (*p == '.')
            p++;
        const char *w = p;
        while (*p && *p != '.' && *p != '[')
            p++;
        size_t wl = (size_t)(p - w);
        if (!first) {
            if (tok[pos].kind != NV_TOK_DOT) {
                *fail_pos = pos;
                return 0;
            }
            pos++;
        }
        first = false;
        if (tok[pos].kind != NV_TOK_IDENT || tok[pos].len != wl || memcmp(c->src + tok[pos].offset, w, wl) != 0) {
            *fail_pos = pos;
            return 0;
        }
        pos++;
    }
    return pos;
}

/* Builds the canonical name: the pattern with its brackets filled in. */
static const char *canonical(nv_parse_ctx *c, const char *pat, const match *m)
{
    char buf[160];
    size_t n = 0;
    int k = 0, ord = 0;
    for (const char *p = pat; *p && n + 16 < sizeof buf;) {
        if (*p == '[') {
            p += 3;
            if (k < m->nidx && m->ord[k] == ord) {
                /* "[%d]" without printf's cost: canonical runs per operand. */
                char digits[12];
                int nd = 0;
                long v = m->idx[k];
                bool neg = v < 0;
                unsigned long u = neg ? 0ul - (unsigned long)v : (unsigned long)v;
                do {
                    digits[nd++] = (char)('0' + u % 10);
                    u /= 10;
                } while (u);
                buf[n++] = '[';
                if (neg)
                    buf[n++] = '-';
                while (nd)
                    buf[n++] = digits[--nd];
                buf[n++] = ']';
                k++;
            }
            ord++;
            continue;
        }
        buf[n++] = *p++;
    }
    buf[n] = 0;
    return nvgp_arena_strdup(&c->prog->arena, buf);
}

static bool option_on(const nv_parse_ctx *c, nv_option o) { return nv_program_has_option(c->prog, o); }

/* state.matrix.<name>[.<modifier>][.row[a(..b)]] */
static bool parse_matrix(nv_parse_ctx *c, nv_bind_ctx ctx, nv_binding *b)
{
    /* At "state"; "." "matrix" "." follow. */
    uint32_t start = nv_peek(c)->offset;
    nv_next(c); /* state */
    nv_next(c); /* . */
    nv_next(c); /* matrix */
    if (!nv_expect(c, NV_TOK_DOT, "'.' and a matrix name"))
        return false;
    const nv_token *name = nv_peek(c);
    char namebuf[32] = "";
    int index = 0;
    long limit = -1;
    if (name->kind == NV_TOK_IDENT && name->len < sizeof namebuf)
        memcpy(namebuf, c->src + name->offset, name->len), namebuf[name->len] = 0;
    bool opt_index = false, req_index = false;
    if (!strcmp(namebuf, "modelview")) {
        opt_index = true;
        limit = NV_LIMIT_MODELVIEW_MATRICES;
    } else if (!strcmp(namebuf, "projection") || !strcmp(namebuf, "mvp")) {
    } else if (!strcmp(namebuf, "texture")) {
        opt_index = true;
        limit = NV_LIMIT_TEXTURE_COORDS;
    } else if (!strcmp(namebuf, "palette") && c->prog->header == NV_HDR_ARBVP10) {
        req_index = true;
        limit = NV_LIMIT_PALETTE_MATRICES;
    } else if (!strcmp(namebuf, "program")) {
        req_index = true;
        limit = NV_LIMIT_PROGRAM_MATRICES;
    } else {
        return nv_error(c, name->offset, "unknown matrix '%.*s'", (int)(name->len > 32 ? 32 : name->len), c->src + name->offset);
    }
    nv_next(c);
    if (nv_at(c, NV_TOK_LBRACKET)) {
        if (!opt_index && !req_index)
            return nv_error_here(c, "matrix '%s' takes no index", namebuf);
        nv_next(c);
        const nv_token *n = nv_peek(c);
        if (n->kind != NV_TOK_NUMBER || n->is_float)
            return nv_error_here(c, "expected a matrix number");
        if (n->overflow || (long long)n->ival >= limit)
            return nv_error(c, n->offset, "matrix number %.*s out of range (must be less than %ld)",
                            TOKEN_TEXT(c, n), limit);
        index = (int)n->ival;
        nv_next(c);
        if (!nv_expect(c, NV_TOK_RBRACKET, "']'"))
            return false;
    } else if (req_index) {
        return nv_error_here(c, "matrix '%s' needs an index", namebuf);
    }
    const char *mod = "";
    int row = -1, row_last = -1;
    uint32_t row_off = 0;
    if (nv_at(c, NV_TOK_DOT) && nv_peek_n(c, 1)->kind == NV_TOK_IDENT) {
        const nv_token *w = nv_peek_n(c, 1);
        if (nvgp_nv_tok_is(c->src, w, "inverse"))
            mod = ".inverse";
        else if (nvgp_nv_tok_is(c->src, w, "transpose"))
            mod = ".transpose";
        else if (nvgp_nv_tok_is(c->src, w, "invtrans"))
            mod = ".invtrans";
        if (*mod) {
            nv_next(c);
            nv_next(c);
        }
    }
    if (nv_at(c, NV_TOK_DOT) && nv_peek_n(c, 1)->kind == NV_TOK_IDENT &&
        nvgp_nv_tok_is(c->src, nv_peek_n(c, 1), "row")) {
        nv_next(c);
        nv_next(c);
        if (!nv_expect(c, NV_TOK_LBRACKET, "'[' after 'row'"))
            return false;
        const nv_token *n = nv_peek(c);
        if (n->kind != NV_TOK_NUMBER || n->is_float)
            return nv_error_here(c, "expected a row number");
        row_off = n->offset;
        row = n->overflow || n->ival > 1000 ? 1000 : (int)n->ival;
        row_last = row;
        nv_next(c);
        if (nv_at(c, NV_TOK_DOTDOT)) {
            if (ctx != NV_BCTX_MULTI)
                return nv_error_here(c, "a range of matrix rows is allowed only in a parameter array");
            nv_next(c);
            const nv_token *e = nv_peek(c);
            if (e->kind != NV_TOK_NUMBER || e->is_float)
                return nv_error_here(c, "expected a row number");
            row_last = e->overflow || e->ival > 1000 ? 1000 : (int)e->ival;
            if (row_last > 3)
                return nv_error(c, e->offset, "matrix row %d out of range (0..3)", row_last);
            if (row_last < row)
                return nv_error(c, row_off, "invalid row range %d..%d", row, row_last);
            nv_next(c);
        }
        if (row > 3)
            return nv_error(c, row_off, "matrix row %d out of range (0..3)", row);
        if (!nv_expect(c, NV_TOK_RBRACKET, "']'"))
            return false;
    } else if (ctx != NV_BCTX_MULTI) {
        return nv_error_here(c, "a whole matrix binds four rows; use '.row[n]' outside parameter arrays");
    } else {
        row = 0;
        row_last = 3;
    }
    char buf[96];
    snprintf(buf, sizeof buf, "state.matrix.%s%s%s.row[%d]", namebuf,
             (opt_index || req_index) ? "" : "", mod, row);
    if (opt_index || req_index)
        snprintf(buf, sizeof buf, "state.matrix.%s[%d]%s.row[%d]", namebuf, index, mod, row);
    b->kind = NV_BIND_STATE;
    b->name = nvgp_arena_strdup(&c->prog->arena, buf);
    b->index = index;
    b->index2 = row;
    b->count = (uint32_t)(row_last - row + 1);
    b->components = 4;
    b->offset = start;
    return b->name != NULL;
}

bool nv_bind_parse(nv_parse_ctx *c, unsigned want, nv_bind_ctx ctx, nv_binding *b)
{
    memset(b, 0, sizeof *b);
    const nv_token *t0 = nv_peek(c);
    uint32_t hb = NV_HB(c->prog->header);
    if ((want & NV_BWANT_PARAM) && nvgp_nv_tok_is(c->src, t0, "state") &&
        nv_peek_n(c, 1)->kind == NV_TOK_DOT && nvgp_nv_tok_is(c->src, nv_peek_n(c, 2), "matrix"))
        return parse_matrix(c, ctx, b);
    size_t best_end = 0, furthest = c->pos;
    int best = -1;
    match bm = {0};
    /* Rows whose first word differs are skipped cheaply: same first
     * character and the word ends where the token does. */
    const char *w0 = c->src + t0->offset;
    size_t l0 = t0->len;
    pthread_once(&groups_once, build_groups);
    int g = word_group(w0, l0);
    for (int k = group_start[g]; k < group_start[g + 1]; k++) {
        int i = group_rows[k];
        const bind_row *r = &bind_rows[i];
        /* A named group's rows all start with the token's word. */
        if (!(r->headers & hb) ||
            (g == NWORDS && (r->pat[0] != w0[0] || strncmp(r->pat, w0, l0) != 0 ||
                             (r->pat[l0] != '.' && r->pat[l0] != '['))))
            continue;
        unsigned fam = r->kind == NV_BIND_ATTRIB ? NV_BWANT_ATTRIB
                       : r->kind == NV_BIND_RESULT ? NV_BWANT_RESULT
                       : r->kind == NV_BIND_BUFFER ? NV_BWANT_BUFFER
                                                   : NV_BWANT_PARAM;
        if (!(fam & want))
            continue;
        match m;
        size_t fp = c->pos;
        size_t end = match_row(c, r->pat, c->pos, &m, &fp);
        if (fp > furthest)
            furthest = fp;
        if (end > best_end) {
            best_end = end;
            best = i;
            bm = m;
        }
    }
    if (best < 0) {
        const nv_token *f = &c->tok[furthest];
        if (f->kind == NV_TOK_END)
            return nv_error(c, f->offset, "incomplete binding at the end of the program");
        return nv_error(c, f->offset, "invalid binding: unexpected '%.*s'", (int)(f->len > 32 ? 32 : f->len),
                        c->src + f->offset);
    }
    /* A longer partial match than the best full one means a bad suffix
     * only when the next token could not be a swizzle or mask: leave that
     * to the caller. */
    const bind_row *r = &bind_rows[best];
    /* Index checks. */
    for (int k = 0; k < bm.nidx; k++) {
        char l = bm.letter[k];
        char L = is_upper(l) ? l : (char)(l - 'a' + 'A');
        long lim = bracket_limit(c, L);
        const nv_token *it = &c->tok[bm.idx_tok[k]];
        if (c->tok[bm.idx_tok[k] + 1].kind == NV_TOK_DOTDOT) {
            bool nv_multi = ctx == NV_BCTX_SINGLE && (hb & (NV_HB_GP4 | NV_HB_GP5)) &&
                            (r->kind == NV_BIND_ATTRIB || r->kind == NV_BIND_RESULT);
            /* NV_gpu_program5 Table X.12.1: "program.buffer[a..b]" spans
             * binding points, in BUFFER/BUFFER4/CBUFFER declarations only */
            bool points = L == 'B' && c->buffer_elements;
            if (!(ctx == NV_BCTX_MULTI || nv_multi) || !(bracket_range_ok(L) || points))
                return nv_error(c, c->tok[bm.idx_tok[k] + 1].offset, "a range is not allowed here");
            const nv_token *lt = &c->tok[bm.idx_tok[k] + 2];
            if (bm.last[k] < bm.idx[k])
                return nv_error(c, it->offset, "invalid range %.*s..%.*s", TOKEN_TEXT(c, it), TOKEN_TEXT(c, lt));
            if (bm.last[k] >= lim)
                return nv_error(c, lt->offset, "index %.*s out of range (must be less than %ld)", TOKEN_TEXT(c, lt),
                                lim);
            if (points)
                b->points = (uint32_t)(bm.last[k] - bm.idx[k] + 1);
            else
                b->count = (uint32_t)(bm.last[k] - bm.idx[k] + 1);
        }
        if (bm.idx[k] >= lim)
            return nv_error(c, it->offset, "index %.*s out of range (must be less than %ld)", TOKEN_TEXT(c, it), lim);
        if (k == 0)
            b->index = bm.idx[k];
        else
            b->index2 = bm.idx[k];
        /* ARB_fragment_program's ARB_draw_buffers option, and NV_fragment_program4
         * 2.X.6.Y: "If this option is not specified, a fragment program that attempts
         * to bind "result.color[n]" will fail to load" (result.color[n].primary and
         * .secondary are made available by the ARB_blend_func_extended option). */
        bool nvfp_drawbuf = (NV_HB(c->prog->header) & NV_HB_NVFP) && (r->flags & BF_OPT_DRAWBUF);
        if (L == 'D' && (c->prog->header == NV_HDR_ARBFP10 || nvfp_drawbuf) &&
            !option_on(c, NV_OPTION_ARB_draw_buffers) && !option_on(c, NV_OPTION_ATI_draw_buffers))
            return nv_error(c, it->offset, "result.color[n] needs OPTION ARB_draw_buffers");
    }
    if ((r->flags & BF_OPT_NVVP2) && c->prog->header == NV_HDR_ARBVP10 &&
        !option_on(c, NV_OPTION_NV_vertex_program2) && !option_on(c, NV_OPTION_NV_vertex_program3))
        return nv_error(c, t0->offset, "'%s' needs OPTION NV_vertex_program2", r->pat);
    if (!strncmp(r->pat, "vertex.out[", 11) && bm.nidx > 0 && bm.ord[0] == 0 && c->prog->decls.vertices_out >= 0 &&
        bm.idx[0] >= c->prog->decls.vertices_out)
        return nv_error(c, c->tok[bm.idx_tok[0]].offset, "output vertex %d is not in the output patch of %d vertices",
                        (int)bm.idx[0], (int)c->prog->decls.vertices_out);
    if ((r->flags & BF_PATCHES) && c->prog->header == NV_HDR_NVGP50 && c->prog->decls.primitive_in != NV_PRIM_PATCHES)
        return nv_error(c, t0->offset, "'%s' needs PRIMITIVE_IN PATCHES", r->pat);
    if ((r->flags & BF_OPT_NVFP2) && c->prog->header == NV_HDR_ARBFP10 &&
        !option_on(c, NV_OPTION_NV_fragment_program2))
        return nv_error(c, t0->offset, "'%s' needs OPTION NV_fragment_program2", r->pat);
    if ((r->flags & BF_OPT_SSBO) && !option_on(c, NV_OPTION_NV_shader_storage_buffer))
        return nv_error(c, t0->offset, "'%s' needs OPTION NV_shader_storage_buffer", r->pat);
    if ((r->flags & BF_OPT_TG) && !option_on(c, NV_OPTION_NV_shader_thread_group))
        return nv_error(c, t0->offset, "'%s' needs OPTION NV_shader_thread_group", b->name ? b->name : r->pat);
    if ((r->flags & BF_OPT_BLEND) && c->prog->header == NV_HDR_ARBFP10 &&
        !option_on(c, NV_OPTION_ARB_blend_func_extended))
        return nv_error(c, t0->offset, "dual-source color results need OPTION ARB_blend_func_extended");
    for (size_t i = 0; i < sizeof flag_options / sizeof flag_options[0]; i++)
        if ((r->flags & flag_options[i].flag) && !option_on(c, (nv_option)flag_options[i].option))
            return nv_error(c, t0->offset, "'%s' needs OPTION %s", r->pat,
                            nvgp_nv_option_info((nv_option)flag_options[i].option)->name);
    b->kind = r->kind;
    b->components = (r->flags & BF_SCALAR) ? 1 : 4;
    if (!b->count)
        b->count = 1;
    b->name = strcmp(r->pat, "fragment.fully_covered") ? canonical(c, r->pat, &bm)
              : "fragment.fullycovered"; /* one binding, the spec's name */
    b->offset = t0->offset;
    c->pos = best_end;
    return b->name != NULL;
}

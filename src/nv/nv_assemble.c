/* Entry point of the NV/ARB assembler: lexes the program, recognises the
 * header at offset 0 and runs the parser of that language (nv_parse.h). */
#include "nv/nv_assemble.h"

#include "nv/nv_ir.h"
#include "nv/nv_parse.h"
#include "nv/nv_limits.h"

#include <stdlib.h>
#include <string.h>

static const struct {
    const char *text;  /* without "!!" */
    nv_stage stage;
    nvgp_target target; /* the GL target that loads it */
} nv_headers[NV_HDR_COUNT] = {
    [NV_HDR_ARBVP10] = {"ARBvp1.0", NV_STAGE_VERTEX, NVGP_TARGET_VERTEX},
    [NV_HDR_ARBFP10] = {"ARBfp1.0", NV_STAGE_FRAGMENT, NVGP_TARGET_FRAGMENT},
    [NV_HDR_VP10] = {"VP1.0", NV_STAGE_VERTEX, NVGP_TARGET_VERTEX},
    [NV_HDR_VP11] = {"VP1.1", NV_STAGE_VERTEX, NVGP_TARGET_VERTEX},
    [NV_HDR_VP20] = {"VP2.0", NV_STAGE_VERTEX, NVGP_TARGET_VERTEX},
    /* NV_vertex_program: "the target must be VERTEX_STATE_PROGRAM_NV when
     * loading a vertex state program". */
    [NV_HDR_VSP10] = {"VSP1.0", NV_STAGE_VERTEX, NVGP_TARGET_VERTEX_STATE},
    [NV_HDR_FP10] = {"FP1.0", NV_STAGE_FRAGMENT, NVGP_TARGET_FRAGMENT},
    [NV_HDR_NVVP40] = {"NVvp4.0", NV_STAGE_VERTEX, NVGP_TARGET_VERTEX},
    [NV_HDR_NVFP40] = {"NVfp4.0", NV_STAGE_FRAGMENT, NVGP_TARGET_FRAGMENT},
    [NV_HDR_NVGP40] = {"NVgp4.0", NV_STAGE_GEOMETRY, NVGP_TARGET_GEOMETRY},
    [NV_HDR_NVVP50] = {"NVvp5.0", NV_STAGE_VERTEX, NVGP_TARGET_VERTEX},
    [NV_HDR_NVFP50] = {"NVfp5.0", NV_STAGE_FRAGMENT, NVGP_TARGET_FRAGMENT},
    [NV_HDR_NVGP50] = {"NVgp5.0", NV_STAGE_GEOMETRY, NVGP_TARGET_GEOMETRY},
    [NV_HDR_NVTCP50] = {"NVtcp5.0", NV_STAGE_TESS_CTRL, NVGP_TARGET_TESS_CONTROL},
    [NV_HDR_NVTEP50] = {"NVtep5.0", NV_STAGE_TESS_EVAL, NVGP_TARGET_TESS_EVALUATION},
    [NV_HDR_NVCP50] = {"NVcp5.0", NV_STAGE_COMPUTE, NVGP_TARGET_COMPUTE},
};

const char *nvgp_target_noun(nvgp_target target)
{
    static const char *const nouns[] = {
        [NVGP_TARGET_ANY] = "program",
        [NVGP_TARGET_VERTEX] = "vertex program",
        [NVGP_TARGET_VERTEX_STATE] = "vertex state program",
        [NVGP_TARGET_FRAGMENT] = "fragment program",
        [NVGP_TARGET_GEOMETRY] = "geometry program",
        [NVGP_TARGET_TESS_CONTROL] = "tessellation control program",
        [NVGP_TARGET_TESS_EVALUATION] = "tessellation evaluation program",
        [NVGP_TARGET_COMPUTE] = "compute program",
    };
    return (unsigned)target < sizeof nouns / sizeof nouns[0] ? nouns[target] : "program";
}

nv_stage nvgp_nv_header_stage(nv_header h) { return nv_headers[h].stage; }
const char *nvgp_nv_header_name(nv_header h) { return nv_headers[h].text; }

/* The old languages' parsers live in their own files (nv_parse.h names the
 * entry points); until such a file exists its headers are reported as
 * unsupported.  nv_parse_vp.c provides nvgp_nv_parse_vp1 and
 * nvgp_nv_parse_vp2, nv_parse_fp1.c provides nvgp_nv_parse_fp1. */
#if defined(__has_include)
#if __has_include("nv/nv_parse_vp.c")
#define NV_HAVE_VP1 1
#define NV_HAVE_VP2 1
#endif
#if __has_include("nv/nv_parse_fp1.c")
#define NV_HAVE_FP1 1
#endif
#endif

#if !defined(NV_HAVE_VP1) || !defined(NV_HAVE_VP2) || !defined(NV_HAVE_FP1)
static bool unsupported(nv_parse_ctx *c)
{
    return nv_error(c, 0, "program header '!!%s' is not supported yet",
                    nv_headers[c->prog->header].text);
}
#endif

static bool parse_language(nv_parse_ctx *c)
{
    switch ((nv_header)c->prog->header) {
    case NV_HDR_VP10:
    case NV_HDR_VP11:
    case NV_HDR_VSP10:
#ifdef NV_HAVE_VP1
        return nvgp_nv_parse_vp1(c);
#else
        return unsupported(c);
#endif
    case NV_HDR_VP20:
#ifdef NV_HAVE_VP2
        return nvgp_nv_parse_vp2(c);
#else
        return unsupported(c);
#endif
    case NV_HDR_FP10:
#ifdef NV_HAVE_FP1
        return nvgp_nv_parse_fp1(c);
#else
        return unsupported(c);
#endif
    default:
        return nvgp_nv_parse_arb(c);
    }
}

static bool parse_program(nv_program *p, const nv_token_list *toks, nvgp_target target, nvgp_diag *diag);

nv_program *nvgp_nv_assemble(const char *src, size_t len, nvgp_diag *diag)
{
    return nvgp_nv_assemble_target(src, len, NVGP_TARGET_ANY, diag);
}

nv_program *nvgp_nv_assemble_target(const char *src, size_t len, nvgp_target target, nvgp_diag *diag)
{
    nv_program *p = calloc(1, sizeof *p);
    if (!p) {
        nvgp_diag_error(diag, 0, "out of memory");
        return NULL;
    }
    nvgp_arena_init(&p->arena);
    p->src = src;
    p->len = len;
    nv_token_list toks;
    if (!nvgp_nv_lex(src, len, &toks)) {
        nvgp_diag_error(diag, 0, len >= UINT32_MAX ? "program too long" : "out of memory");
        nvgp_nv_program_destroy(p);
        return NULL;
    }
    bool ok = parse_program(p, &toks, target, diag);
    nvgp_nv_token_list_free(&toks);
    if (!ok) {
        nvgp_nv_program_destroy(p);
        return NULL;
    }
    return p;
}

/* Reads the header and hands the tokens to the language's parser. */
static bool parse_program(nv_program *p, const nv_token_list *toks, nvgp_target target, nvgp_diag *diag)
{
    const char *src = p->src;
    size_t len = p->len;
    nv_parse_ctx c = {.prog = p, .src = src, .len = len, .tok = toks->tok, .ntok = toks->count, .diag = diag};
    /* Every instruction ends with ';': one array of that many instructions
     * is enough for a program that loads, so it never grows (and is never
     * copied).  The memory is not touched before instructions fill it. */
    size_t hint = toks->semicolons + 1;
    if (hint > NV_LIMIT_PROGRAM_INSTRUCTIONS + 1u)
        hint = NV_LIMIT_PROGRAM_INSTRUCTIONS + 1u;
    p->insts = nvgp_arena_alloc_uninit(&p->arena, hint * sizeof *p->insts);
    if (p->insts)
        c.cap_insts = (uint32_t)hint;
    const nv_token *h = nv_peek(&c);
    int header = -1;
    if (h->kind == NV_TOK_HEADER)
        for (int i = 0; i < NV_HDR_COUNT; i++)
            if (h->len == 2 + strlen(nv_headers[i].text) &&
                memcmp(src + 2, nv_headers[i].text, h->len - 2) == 0)
                header = i;
    if (header < 0)
        return nv_error(&c, 0, "the program does not start with a known header such as '!!ARBvp1.0'");
    if (target != NVGP_TARGET_ANY && nv_headers[header].target != target)
        return nv_error(&c, 0, "'!!%s' opens a %s, not a %s (the target it is loaded for)",
                        nv_headers[header].text, nvgp_target_noun(nv_headers[header].target),
                        nvgp_target_noun(target));
    nv_next(&c);
    p->header = (uint8_t)header;
    p->stage = (uint8_t)nv_headers[header].stage;
    if (!parse_language(&c) || c.failed) {
        if (!c.failed)
            nv_error(&c, 0, "program failed to load");
        return false;
    }
    return true;
}

void nvgp_nv_program_destroy(nv_program *p)
{
    if (!p)
        return;
    nvgp_arena_destroy(&p->arena);
    free(p);
}

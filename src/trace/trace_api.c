/* The public side of traces (nvgp.h "Listings", "Traces"): a listing is a
 * nvgp_trace_prog made from a loaded program, with the text its
 * instructions are read from; a tracer is made from a listing. */
#include "api/program.h"
#include "trace/trace.h"

#include <stdlib.h>
#include <string.h>

struct nvgp_listing {
    nvgp_trace_prog *tp;
    char *tgsi_text;        /* NV/ARB programs: the translation, numbered */
};

nvgp_status nvgp_listing_create(const nvgp_program *prog, nvgp_listing **out)
{
    if (!out)
        return NVGP_ERROR_INVALID_ARGUMENT;
    *out = NULL;
    if (!prog)
        return NVGP_ERROR_INVALID_ARGUMENT;
    const tgsi_program *tp = nvgp_program_tgsi(prog);
    if (!tp)
        return NVGP_ERROR_INVALID_PROGRAM;
    nvgp_listing *l = calloc(1, sizeof *l);
    if (!l)
        return NVGP_ERROR_OUT_OF_MEMORY;
    size_t src_len = 0;
    const char *src = nvgp_program_source(prog, &src_len);
    /* TGSI text: the program's own text, which its source offsets index.
     * NV/ARB: the translation as nvgp prints it, each instruction after
     * its number, and the NV source the translation's offsets index. */
    nvgp_trace_prog_desc d = { tp, src, src_len, NULL, NULL, 0, NULL };
    if (nvgp_program_language(prog) == NVGP_LANGUAGE_NV) {
        l->tgsi_text = nvgp_program_tgsi_text(prog, NVGP_TGSI_STYLE_CANONICAL, NULL);
        if (!l->tgsi_text) {
            free(l);
            return NVGP_ERROR_OUT_OF_MEMORY;
        }
        d = (nvgp_trace_prog_desc){ tp, l->tgsi_text, strlen(l->tgsi_text), tp, src, src_len,
                                    nvgp_program_lower_map(prog) };
    }
    l->tp = nvgp_trace_prog_create(&d);
    if (!l->tp) {
        nvgp_listing_destroy(l);
        return NVGP_ERROR_OUT_OF_MEMORY;
    }
    *out = l;
    return NVGP_OK;
}

void nvgp_listing_destroy(nvgp_listing *l)
{
    if (!l)
        return;
    nvgp_trace_prog_destroy(l->tp);
    free(l->tgsi_text);
    free(l);
}

uint32_t nvgp_listing_num_instructions(const nvgp_listing *l)
{
    return l ? nvgp_trace_num_pcs(l->tp) : 0;
}

const char *nvgp_listing_instruction(const nvgp_listing *l, uint32_t pc)
{
    return l ? nvgp_trace_tgsi(l->tp, pc) : "";
}

uint32_t nvgp_listing_line(const nvgp_listing *l, uint32_t pc)
{
    return l ? nvgp_trace_line(l->tp, pc) : 0;
}

uint32_t nvgp_listing_num_lines(const nvgp_listing *l)
{
    return l ? nvgp_trace_num_lines(l->tp) : 0;
}

const char *nvgp_listing_line_text(const nvgp_listing *l, uint32_t line)
{
    return l ? nvgp_trace_line_text(l->tp, line) : "";
}

nvgp_status nvgp_tracer_create(const nvgp_listing *l, const nvgp_trace_options *options,
                               FILE *out, nvgp_tracer **tracer)
{
    if (!tracer)
        return NVGP_ERROR_INVALID_ARGUMENT;
    *tracer = NULL;
    if (!l || !options || !out || options->format > NVGP_TRACE_TEXT)
        return NVGP_ERROR_INVALID_ARGUMENT;
    *tracer = nvgp_tracer_open(l->tp, options, out);
    return *tracer ? NVGP_OK : NVGP_ERROR_OUT_OF_MEMORY;
}

/* Instruction traces of a run (docs/trace.md): one record per instruction
 * a warp executes, with its TGSI text, the original NV/ARB source line, the
 * execution mask before and after, the values the selected lanes received
 * (typed by the opcode's result type), condition-code flags and memory
 * accesses.  JSON Lines, or text for people.
 *
 * A tracer is an executor hook (exec_hook.h): make a nvgp_trace_prog for the
 * program, a tracer writing to a FILE, install nvgp_tracer_exec_hook, run.
 * The public side (nvgp.h "Watching a run") wraps these: a listing holds a
 * nvgp_trace_prog, machines turn step hooks into executor hooks. */
#ifndef NVGP_TRACE_TRACE_H
#define NVGP_TRACE_TRACE_H

#include "exec/exec_hook.h"
#include "lower/lower.h"
#include "nvgp.h"
#include "tgsi/tgsi_ir.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* ---- The program as a trace names it ----------------------------------- */

typedef struct nvgp_trace_prog_desc {
    const tgsi_program *prog;      /* the program the machine runs */
    const char *tgsi_text;         /* its text: TGSI programs, the text prog's
                                      source offsets index; NV/ARB programs,
                                      the translation as nvgp prints it (each
                                      instruction after its number "  12:") */
    size_t tgsi_len;
    const tgsi_program *origin;    /* NV/ARB programs: the translation, whose
                                      source offsets index src; NULL for TGSI */
    const char *src;               /* NV/ARB source; NULL for TGSI */
    size_t src_len;
    const nvgp_lower_map *map;     /* NV/ARB: bindings and condition codes */
} nvgp_trace_prog_desc;

typedef struct nvgp_trace_prog nvgp_trace_prog;

nvgp_trace_prog *nvgp_trace_prog_create(const nvgp_trace_prog_desc *d);
void nvgp_trace_prog_destroy(nvgp_trace_prog *p);
const nvgp_trace_prog_desc *nvgp_trace_prog_desc_of(const nvgp_trace_prog *p);
uint32_t nvgp_trace_num_pcs(const nvgp_trace_prog *p);
/* TGSI text of instruction pc (one line, no number). */
const char *nvgp_trace_tgsi(const nvgp_trace_prog *p, uint32_t pc);
/* 1-based line of the source (NV/ARB, else the TGSI text) that instruction
 * pc came from, 0 if unknown; the lines of that source. */
uint32_t nvgp_trace_line(const nvgp_trace_prog *p, uint32_t pc);
uint32_t nvgp_trace_num_lines(const nvgp_trace_prog *p);
const char *nvgp_trace_line_text(const nvgp_trace_prog *p, uint32_t line);

/* Selection sets (nvgp_trace_set), options (nvgp_trace_options) and the
 * word formatter (nvgp_trace_format_word) are public: nvgp.h. */

/* ---- The tracer --------------------------------------------------------- */

/* struct nvgp_tracer (public: nvgp_tracer_create takes a listing). */
nvgp_tracer *nvgp_tracer_open(const nvgp_trace_prog *p, const nvgp_trace_options *o, FILE *out);
/* The hook to install with nvgp_exec_set_hook (nvgp_tracer_hook gives the
 * same as a public step hook).  nvgp_tracer_finish, nvgp_tracer_destroy:
 * nvgp.h. */
nvgp_exec_hook nvgp_tracer_exec_hook(nvgp_tracer *t);

#endif

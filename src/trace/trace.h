/* Instruction traces of a run (docs/trace.md): one record per instruction
 * a warp executes, with its TGSI text, the original NV/ARB source line, the
 * execution mask before and after, the values the selected lanes received
 * (typed by the opcode's result type), condition-code flags and memory
 * accesses.  JSON Lines, or text for people.
 *
 * A tracer is an executor hook (exec_hook.h): make a nvgp_trace_prog for the
 * program, a tracer writing to a FILE, install nvgp_tracer_hook, run. */
#ifndef NVGP_TRACE_TRACE_H
#define NVGP_TRACE_TRACE_H

#include "exec/exec_hook.h"
#include "lower/lower.h"
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

/* ---- Selection --------------------------------------------------------- */

/* A set of small numbers parsed from "all", "N", "N-M" and comma lists of
 * them ("0,4-7").  lanes: 0..31. */
typedef struct nvgp_trace_set {
    bool all;
    uint32_t n;
    uint32_t lo[32], hi[32];
} nvgp_trace_set;
bool nvgp_trace_parse_set(const char *spec, uint32_t limit, nvgp_trace_set *out,
                          char *err, size_t errlen);
bool nvgp_trace_set_has(const nvgp_trace_set *s, uint32_t v);
/* Largest member (for range checks); 0 for "all". */
uint32_t nvgp_trace_set_max(const nvgp_trace_set *s);

typedef enum nvgp_trace_format { NVGP_TRACE_JSONL, NVGP_TRACE_TEXT } nvgp_trace_format;

typedef struct nvgp_trace_options {
    uint32_t lanes;           /* bit l: lane l's values are written */
    nvgp_trace_set warps;     /* warps traced */
    uint64_t from, count;     /* steps from .. from+count-1 (count: UINT64_MAX all) */
    nvgp_trace_format format;
} nvgp_trace_options;

/* ---- The tracer --------------------------------------------------------- */

typedef struct nvgp_tracer nvgp_tracer;

nvgp_tracer *nvgp_tracer_create(const nvgp_trace_prog *p, const nvgp_trace_options *o,
                                FILE *out);
/* The hook to install with nvgp_exec_set_hook. */
nvgp_exec_hook nvgp_tracer_hook(nvgp_tracer *t);
/* Flushes; false when writing failed.  Records and bytes written. */
bool nvgp_tracer_finish(nvgp_tracer *t, uint64_t *records, uint64_t *bytes);
void nvgp_tracer_destroy(nvgp_tracer *t);

/* Formats a 32-bit word as the trace does for a type ("f32" "u32" "s32"
 * "x32"; JSON: numbers, "nan"/"inf" strings, x32 as described in
 * docs/trace.md). */
void nvgp_trace_format_word(char *buf, size_t n, uint32_t word, const char *type, bool json);

#endif

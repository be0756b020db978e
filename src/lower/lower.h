/* The lowering: translates an assembled NV/ARB program (nv_ir.h) to TGSI
 * built with tgsi_build.h, so the executor runs every language and people
 * read the result as TGSI.  Features TGSI lacks become sequences of plain
 * TGSI that follow the specs' pseudocode (EXP, LOG, LIT, SWZ, XPD, RCC...).
 *
 * The binding map says which TGSI register holds which source binding
 * (vertex.attrib[2], program.env[1], state.matrix.mvp.row[0], result.color,
 * v[3], c[0], o[HPOS], ...), so that callers give inputs and read outputs
 * by the names the program was written with.  Parameter bindings (env,
 * local, state.*, c[], p[]) become CONST registers that the caller fills;
 * literal elements of parameter arrays are CONST registers too, and carry
 * their value in the map (nvgp_lower_map_fill_literals writes them). */
#ifndef NVGP_LOWER_LOWER_H
#define NVGP_LOWER_LOWER_H

#include "base/arena.h"
#include "base/diag.h"
#include "nv/nv_ir.h"
#include "tgsi/tgsi_ir.h"

#include <stdbool.h>
#include <stdint.h>

typedef enum nvgp_lower_slot_kind {
    NVGP_LOWER_INPUT,    /* IN[index]: an attribute */
    NVGP_LOWER_OUTPUT,   /* OUT[index]: a result */
    NVGP_LOWER_CONSTANT, /* CONST[index]: a parameter (vec4) */
    NVGP_LOWER_SAMPLER,  /* SAMP[index]: a texture image unit */
    NVGP_LOWER_BUFFER,   /* BUFFER[index]: a byte-addressed buffer binding point,
                            named "program.buffer[a]" (parameter buffer a),
                            "program.storage[n]" (storage buffer n) or
                            "program.counter[a]" (atomic counter buffer a) */
    NVGP_LOWER_IMAGE     /* IMAGE[index]: an image unit, "image[n]" */
} nvgp_lower_slot_kind;

typedef struct nvgp_lower_slot {
    const char *name;     /* binding as the program spells it, one element */
    uint8_t kind;         /* nvgp_lower_slot_kind */
    uint8_t file;         /* tgsi_file */
    int8_t component;     /* scalar bindings held in one component of the
                             register (result.clip[n] is component n % 4 of
                             CLIPDIST[n / 4], a tessellation level one of
                             TESSOUTER/TESSINNER): that component, 0..3;
                             -1 for bindings that are the whole register */
    int32_t index;        /* TGSI register number */
    int32_t vertex;       /* per-vertex inputs of geometry and tessellation
                             programs: the vertex, IN[vertex][index]; -1 */
    bool has_value;       /* CONSTANT holding a literal: its words */
    uint32_t value[4];
} nvgp_lower_slot;

/* How the translation keeps a condition code in a TEMP (for tracing). */
typedef enum nvgp_lower_cc_model {
    NVGP_LOWER_CC_NONE,
    NVGP_LOWER_CC_VALUE, /* VP2/FP1.0/ARB NV options: each component holds the
                            last value written with a "C" suffix; GT, EQ, LT,
                            UN are its comparisons with 0.0 */
    NVGP_LOWER_CC_FLAGS  /* NV_gpu_program4/5: each component an unsigned
                            integer of flags, SF=1 ZF=2 OF=4 CF=8 */
} nvgp_lower_cc_model;

/* A temporary of the NV/ARB program (TEMP t; t[4]; R0; H1) and the TEMP
 * registers that hold it: index .. index + size - 1. */
typedef struct nvgp_lower_temp {
    const char *name;
    int32_t index;
    uint32_t size;
} nvgp_lower_temp;

typedef struct nvgp_lower_map {
    nvgp_arena arena;
    uint32_t count, cap;
    nvgp_lower_slot *slots;
    nvgp_lower_temp *temps;   /* for debuggers: the program's temporaries */
    uint32_t num_temps;
    uint8_t cc_model;     /* nvgp_lower_cc_model */
    int32_t cc_temp[2];   /* TEMP index of CC0 / CC1, -1 when absent */
} nvgp_lower_map;

/* Translates p.  Returns NULL after reporting (at the byte offset of the
 * instruction or operand concerned) what cannot be translated.  *map_out
 * (map_out may be NULL) receives the binding map, freed by
 * nvgp_lower_map_destroy; it is NULL when the translation fails. */
tgsi_program *nvgp_lower_to_tgsi(const nv_program *p, nvgp_lower_map **map_out, nvgp_diag *diag);

void nvgp_lower_map_destroy(nvgp_lower_map *m);
/* The first slot of a kind with that name, or NULL.  A parameter bound in
 * two arrays has two slots: fill every slot with the name
 * (nvgp_lower_map_next). */
const nvgp_lower_slot *nvgp_lower_map_find(const nvgp_lower_map *m, nvgp_lower_slot_kind kind,
                                           const char *name);
/* The next slot after `after` with the same kind and name, or NULL. */
const nvgp_lower_slot *nvgp_lower_map_next(const nvgp_lower_map *m, const nvgp_lower_slot *after);
/* Writes the literal constants' words into words[4 * index] for every
 * CONSTANT slot with a value and index < count. */
void nvgp_lower_map_fill_literals(const nvgp_lower_map *m, uint32_t *words, uint32_t count);

#endif

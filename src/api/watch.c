/* Watching a run (nvgp.h "Watching a run"): register names for a
 * debugger, and the public view of a warp during a step hook.  A step hook
 * is handed the executor's warp as an nvgp_warp (api/machine.c), so each
 * view converts it straight back. */
#include "api/program.h"

#include "exec/exec_hook.h"
#include "tgsi/tgsi_names.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const nvgp_exec_warp *exec_warp_of(const nvgp_warp *w)
{
    return (const nvgp_exec_warp *)(const void *)w;
}

/* ---- register names ---------------------------------------------------------- */

/* "[n]" at *p: the number, *p past it. */
static bool bracket_number(const char **p, long *v)
{
    if (**p != '[')
        return false;
    char *e;
    errno = 0;
    long x = strtol(*p + 1, &e, 10);
    if (e == *p + 1 || *e != ']' || errno || x < 0 || x > INT32_MAX)
        return false;
    *v = x;
    *p = e + 1;
    return true;
}

/* TGSI spelling: FILE[n] or FILE[d][n] of any file; whether the program has
 * the register shows when it is read. */
static bool tgsi_register_name(const char *s, nvgp_register *r)
{
    size_t n = 0;
    while ((s[n] >= 'A' && s[n] <= 'Z') || (s[n] >= 'a' && s[n] <= 'z') || s[n] == '_')
        n++;
    int f = n ? nvgp_tgsi_name_lookup(TGSI_NAMES_FILE, s, n) : -1;
    if (f < 0)
        return false;
    const char *p = s + n;
    long v[2];
    int nv = 0;
    while (nv < 2 && bracket_number(&p, &v[nv]))
        nv++;
    if (nv == 0 || *p)
        return false;
    *r = (nvgp_register){ (uint32_t)f, nv == 2 ? (int32_t)v[0] : 0,
                          (int32_t)(nv == 2 ? v[1] : v[0]), -1 };
    return true;
}

/* A temporary of an NV/ARB program by its declared name: t, t[2]. */
static bool nv_temporary(const nvgp_program *prog, const char *name, nvgp_register *r)
{
    const nvgp_lower_map *map = nvgp_program_lower_map(prog);
    size_t n = strcspn(name, "[");
    for (uint32_t i = 0; map && i < map->num_temps; i++) {
        const nvgp_lower_temp *t = &map->temps[i];
        if (strlen(t->name) != n || strncmp(t->name, name, n))
            continue;
        const char *p = name + n;
        long e = 0;
        if (*p && (!bracket_number(&p, &e) || (unsigned long)e >= t->size))
            return false;
        if (*p)
            return false;
        *r = (nvgp_register){ TGSI_FILE_TEMPORARY, 0, t->index + (int32_t)e, -1 };
        return true;
    }
    return false;
}

/* The register file of each binding kind: one row per nvgp_binding_kind. */
static const uint8_t binding_files[] = {
    [NVGP_BINDING_INPUT] = TGSI_FILE_INPUT,
    [NVGP_BINDING_OUTPUT] = TGSI_FILE_OUTPUT,
    [NVGP_BINDING_PARAMETER] = TGSI_FILE_CONSTANT,
    [NVGP_BINDING_SYSTEM_VALUE] = TGSI_FILE_SYSTEM_VALUE,
    [NVGP_BINDING_BUFFER] = TGSI_FILE_BUFFER,
    [NVGP_BINDING_IMAGE] = TGSI_FILE_IMAGE,
};

nvgp_status nvgp_program_find_register(const nvgp_program *prog, const char *name,
                                       nvgp_register *reg)
{
    if (!prog || !name || !reg)
        return NVGP_ERROR_INVALID_ARGUMENT;
    if (tgsi_register_name(name, reg) || nv_temporary(prog, name, reg))
        return NVGP_OK;
    nvgp_binding b;
    nvgp_status st = nvgp_program_find_binding(prog, name, &b);
    if (st != NVGP_OK)
        return st;
    if ((size_t)b.kind >= sizeof binding_files / sizeof binding_files[0] || b.index < 0)
        return NVGP_ERROR_UNKNOWN_NAME;
    *reg = (nvgp_register){ binding_files[b.kind], b.dim > 0 ? b.dim : 0, b.index, b.component };
    return NVGP_OK;
}

/* ---- the warp view ------------------------------------------------------------ */

uint32_t nvgp_warp_number(const nvgp_warp *w)
{
    return w ? nvgp_exec_warp_number(exec_warp_of(w)) : 0;
}

uint32_t nvgp_warp_first_thread(const nvgp_warp *w)
{
    return w ? nvgp_exec_warp_first_thread(exec_warp_of(w)) : 0;
}

void nvgp_warp_get_masks(const nvgp_warp *w, nvgp_warp_masks *out)
{
    if (!out)
        return;
    memset(out, 0, sizeof *out);
    if (!w)
        return;
    const nvgp_exec_warp *x = exec_warp_of(w);
    nvgp_exec_flow f;
    nvgp_exec_warp_flow(x, &f);
    out->exec = nvgp_exec_warp_exec_mask(x);
    out->threads = nvgp_exec_warp_active(x);
    out->live = nvgp_exec_warp_live(x);
    out->helpers = nvgp_exec_warp_helpers(x);
    out->cond = f.cond;
    out->loop = f.loop;
    out->cont = f.cont;
    out->sw = f.sw;
    out->func = f.func;
    out->cond_depth = f.cond_depth;
    out->loop_depth = f.loop_depth;
    out->call_depth = f.call_depth;
}

uint32_t nvgp_warp_cond_saved(const nvgp_warp *w, uint32_t i)
{
    if (!w)
        return 0;
    nvgp_exec_flow f;
    nvgp_exec_warp_flow(exec_warp_of(w), &f);
    return i < f.cond_depth ? f.cond_stack[i] : 0;
}

uint32_t nvgp_warp_loop_saved(const nvgp_warp *w, uint32_t i)
{
    if (!w)
        return 0;
    nvgp_exec_flow f;
    nvgp_exec_warp_flow(exec_warp_of(w), &f);
    return i < f.loop_depth ? nvgp_exec_warp_loop_saved(exec_warp_of(w), i) : 0;
}

bool nvgp_warp_read(const nvgp_warp *w, const nvgp_register *reg, unsigned comp, unsigned lane,
                    uint32_t *word)
{
    if (!w || !reg || !word || reg->file >= TGSI_FILE_COUNT)
        return false;
    return nvgp_exec_warp_read(exec_warp_of(w), (uint8_t)reg->file, reg->dim, reg->index, comp,
                               lane, word);
}

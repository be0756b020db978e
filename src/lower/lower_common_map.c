/* The common layer: diagnostics and the binding map (which TGSI register
 * each binding name became), with a hash set over its slots. */
#include "lower/lower_common.h"

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

void lower_map_add(lower_ctx *c, nvgp_lower_slot_kind kind, tgsi_file file, int32_t index, const char *name,
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

/* ---- Binding names ----------------------------------------------------------- */

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

/* Name of element i of a binding that covers count elements: the last
 * "[n]" counts up ("program.env[0]" -> "program.env[2]"). */
void lower_element_name(const char *name, uint32_t i, char *buf, size_t cap)
{
    const char *lb = strrchr(name, '[');
    if (i == 0 || !lb) {
        snprintf(buf, cap, "%s", name);
        return;
    }
    long first = strtol(lb + 1, NULL, 10);
    const char *rb = strchr(lb, ']');
    snprintf(buf, cap, "%.*s[%ld]%s", (int)(lb - name), name, first + (long)i, rb ? rb + 1 : "");
}

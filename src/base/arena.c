#include "base/arena.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct nvgp_arena_block {
    nvgp_arena_block *next;
    size_t size, used;
    _Alignas(16) unsigned char data[];
};

enum { ARENA_FIRST_BLOCK = 16 * 1024, ARENA_ALIGN = 16 };

void nvgp_arena_init(nvgp_arena *a)
{
    a->head = NULL;
    a->next_size = ARENA_FIRST_BLOCK;
}

void nvgp_arena_destroy(nvgp_arena *a)
{
    nvgp_arena_block *b = a->head;
    while (b) {
        nvgp_arena_block *next = b->next;
        free(b);
        b = next;
    }
    a->head = NULL;
}

void *nvgp_arena_alloc_uninit(nvgp_arena *a, size_t size)
{
    size_t rounded = (size + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1);
    if (rounded < size)
        return NULL;
    nvgp_arena_block *b = a->head;
    if (!b || b->size - b->used < rounded) {
        size_t bsize = a->next_size;
        while (bsize < rounded)
            bsize *= 2;
        b = malloc(sizeof(*b) + bsize);
        if (!b)
            return NULL;
        b->size = bsize;
        b->used = 0;
        b->next = a->head;
        a->head = b;
        if (a->next_size < 4u * 1024 * 1024)
            a->next_size *= 2;
    }
    void *p = b->data + b->used;
    b->used += rounded;
    return p;
}

void *nvgp_arena_alloc(nvgp_arena *a, size_t size)
{
    void *p = nvgp_arena_alloc_uninit(a, size);
    if (p)
        memset(p, 0, size);
    return p;
}

char *nvgp_arena_strndup(nvgp_arena *a, const char *s, size_t n)
{
    char *p = nvgp_arena_alloc_uninit(a, n + 1);
    if (p) {
        if (n) /* s may be NULL for an empty string */
            memcpy(p, s, n);
        p[n] = '\0';
    }
    return p;
}

char *nvgp_arena_strdup(nvgp_arena *a, const char *s)
{
    return nvgp_arena_strndup(a, s, strlen(s));
}

/* Arena allocator: everything that lives as long as a program or a run is
 * allocated from one arena and freed at once by nvgp_arena_destroy.  Blocks
 * grow geometrically; allocations are 16-byte aligned. */
#ifndef NVGP_BASE_ARENA_H
#define NVGP_BASE_ARENA_H

#include <stddef.h>

typedef struct nvgp_arena_block nvgp_arena_block;

typedef struct nvgp_arena {
    nvgp_arena_block *head;
    size_t next_size;
} nvgp_arena;

void nvgp_arena_init(nvgp_arena *a);
void nvgp_arena_destroy(nvgp_arena *a);
/* Returns zeroed memory, or NULL when the system is out of memory. */
void *nvgp_arena_alloc(nvgp_arena *a, size_t size);
/* The same without zeroing, for callers that overwrite every byte. */
void *nvgp_arena_alloc_uninit(nvgp_arena *a, size_t size);
char *nvgp_arena_strndup(nvgp_arena *a, const char *s, size_t n);
char *nvgp_arena_strdup(nvgp_arena *a, const char *s);

#endif

/* The comparison of two executors' results (engine_compare.h). */
#include "engine_compare.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool is_nan_bits(uint32_t w)
{
    return (w & 0x7f800000u) == 0x7f800000u && (w & 0x007fffffu);
}

bool engine_same_words(const uint32_t *a, const uint32_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i] && !(is_nan_bits(a[i]) && is_nan_bits(b[i])))
            return false;
    return true;
}

static bool differ(char *why, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, size, fmt, ap);
    va_end(ap);
    return false;
}

/* Bytes of two results: both absent, or the same length and contents,
 * byte for byte. */
static bool same_bytes(const void *ma, size_t na, const void *mb, size_t nb)
{
    if (!ma || !mb)
        return !ma && !mb;
    return na == nb && !memcmp(ma, mb, na);
}

static bool same_emitted(const nvgp_exec *a, const nvgp_exec *b, uint32_t t, char *why,
                         size_t size)
{
    size_t words = 4 * (size_t)nvgp_exec_num_outputs(a);
    uint32_t *oa = malloc((words + 1) * sizeof *oa), *ob = malloc((words + 1) * sizeof *ob);
    bool same = oa && ob;
    if (!same)
        differ(why, size, "out of memory");
    for (uint32_t s = 0; same && s < 4; s++) {
        uint32_t n = nvgp_exec_num_emitted(a, t, s);
        if (n != nvgp_exec_num_emitted(b, t, s)) {
            same = differ(why, size, "thread %u stream %u: %u and %u vertices emitted", t, s, n,
                          nvgp_exec_num_emitted(b, t, s));
            break;
        }
        for (uint32_t k = 0; same && k < n; k++) {
            uint32_t pa, pb;
            nvgp_exec_get_emitted(a, t, s, k, oa, &pa);
            nvgp_exec_get_emitted(b, t, s, k, ob, &pb);
            if (pa != pb || !engine_same_words(oa, ob, words))
                same = differ(why, size, "thread %u stream %u: emitted vertex %u differs", t, s,
                              k);
        }
    }
    free(oa);
    free(ob);
    return same;
}

bool engine_same_results(const nvgp_exec *a, const nvgp_exec *b, char *why, size_t size)
{
    if (nvgp_exec_warp_instructions(a) != nvgp_exec_warp_instructions(b) ||
        nvgp_exec_lane_instructions(a) != nvgp_exec_lane_instructions(b))
        return differ(why, size, "instruction counts differ");
    if (nvgp_exec_faults(a) != nvgp_exec_faults(b))
        return differ(why, size, "faults: %llu and %llu",
                      (unsigned long long)nvgp_exec_faults(a),
                      (unsigned long long)nvgp_exec_faults(b));
    uint32_t nt = nvgp_exec_num_threads(a), no = nvgp_exec_num_outputs(a);
    if (nt != nvgp_exec_num_threads(b) || no != nvgp_exec_num_outputs(b))
        return differ(why, size, "threads or outputs differ");
    for (uint32_t t = 0; t < nt; t++) {
        for (uint32_t o = 0; o < no; o++) {
            uint32_t va[4], vb[4];
            nvgp_exec_get_output(a, t, o, va);
            nvgp_exec_get_output(b, t, o, vb);
            if (!engine_same_words(va, vb, 4))
                return differ(why, size,
                              "thread %u OUT[%u]: %08x %08x %08x %08x and %08x %08x %08x %08x",
                              t, o, va[0], va[1], va[2], va[3], vb[0], vb[1], vb[2], vb[3]);
        }
        if (nvgp_exec_killed(a, t) != nvgp_exec_killed(b, t))
            return differ(why, size, "thread %u: killed differs", t);
        if (!same_emitted(a, b, t, why, size))
            return false;
    }
    size_t na = 0, nb = 0;
    uint64_t addr;
    uint32_t nm = nvgp_exec_num_memory(a);
    if (nm != nvgp_exec_num_memory(b))
        return differ(why, size, "memory ranges differ");
    for (uint32_t r = 0; r < nm; r++) {
        const void *ma = nvgp_exec_memory(a, r, &addr, &na);
        const void *mb = nvgp_exec_memory(b, r, &addr, &nb);
        if (!same_bytes(ma, na, mb, nb))
            return differ(why, size, "memory range %u differs", r);
    }
    for (uint32_t k = 0; k < nvgp_exec_num_buffers(a) || k < nvgp_exec_num_buffers(b); k++) {
        const void *ma = nvgp_exec_buffer(a, k, &na), *mb = nvgp_exec_buffer(b, k, &nb);
        if (!same_bytes(ma, na, mb, nb))
            return differ(why, size, "buffer %u differs (first words %08x and %08x)", k,
                          ma && na >= 4 ? *(const uint32_t *)ma : 0,
                          mb && nb >= 4 ? *(const uint32_t *)mb : 0);
    }
    for (uint32_t k = 0; k < nvgp_exec_num_images(a) || k < nvgp_exec_num_images(b); k++) {
        const void *ma = nvgp_exec_image_data(a, k, &na), *mb = nvgp_exec_image_data(b, k, &nb);
        if (!same_bytes(ma, na, mb, nb))
            return differ(why, size, "image %u differs", k);
    }
    return true;
}

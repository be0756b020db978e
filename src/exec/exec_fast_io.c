/* Moving a warp's inputs in and its outputs out: each thread's vec4s are
 * contiguous in the machine's arrays, a warp's registers hold each
 * component for 32 lanes together, so every 4 lanes x 4 components is a
 * 4x4 transposition (four loads, eight unpacks, four stores with SSE2)
 * instead of sixteen scalar moves.  A short program spends most of its
 * time here. */
#include "exec/exec_fast.h"

#if defined(__SSE2__)
#include <emmintrin.h>

/* The 4x4 transposition of 32-bit words: rows in, columns out. */
static inline void transpose4(__m128i *a, __m128i *b, __m128i *c, __m128i *d)
{
    __m128i t0 = _mm_unpacklo_epi32(*a, *b), t1 = _mm_unpacklo_epi32(*c, *d);
    __m128i t2 = _mm_unpackhi_epi32(*a, *b), t3 = _mm_unpackhi_epi32(*c, *d);
    *a = _mm_unpacklo_epi64(t0, t1);
    *b = _mm_unpackhi_epi64(t0, t1);
    *c = _mm_unpacklo_epi64(t2, t3);
    *d = _mm_unpackhi_epi64(t2, t3);
}
#endif

void exec_io_gather4(exec_reg *dst, const uint32_t *src, size_t stride, unsigned lanes)
{
    unsigned l = 0;
#if defined(__SSE2__)
    for (; l + 4 <= lanes; l += 4) {
        const uint32_t *p = src + l * stride;
        __m128i a = _mm_loadu_si128((const __m128i *)p);
        __m128i b = _mm_loadu_si128((const __m128i *)(p + stride));
        __m128i c = _mm_loadu_si128((const __m128i *)(p + 2 * stride));
        __m128i d = _mm_loadu_si128((const __m128i *)(p + 3 * stride));
        transpose4(&a, &b, &c, &d);
        _mm_storeu_si128((__m128i *)(dst->c[0].u + l), a);
        _mm_storeu_si128((__m128i *)(dst->c[1].u + l), b);
        _mm_storeu_si128((__m128i *)(dst->c[2].u + l), c);
        _mm_storeu_si128((__m128i *)(dst->c[3].u + l), d);
    }
#endif
    for (; l < lanes; l++)
        for (unsigned c = 0; c < 4; c++)
            dst->c[c].u[l] = src[l * stride + c];
}

void exec_io_scatter4(uint32_t *dst, size_t stride, const exec_reg *src, unsigned lanes)
{
    unsigned l = 0;
#if defined(__SSE2__)
    for (; l + 4 <= lanes; l += 4) {
        __m128i a = _mm_loadu_si128((const __m128i *)(src->c[0].u + l));
        __m128i b = _mm_loadu_si128((const __m128i *)(src->c[1].u + l));
        __m128i c = _mm_loadu_si128((const __m128i *)(src->c[2].u + l));
        __m128i d = _mm_loadu_si128((const __m128i *)(src->c[3].u + l));
        transpose4(&a, &b, &c, &d);
        uint32_t *p = dst + l * stride;
        _mm_storeu_si128((__m128i *)p, a);
        _mm_storeu_si128((__m128i *)(p + stride), b);
        _mm_storeu_si128((__m128i *)(p + 2 * stride), c);
        _mm_storeu_si128((__m128i *)(p + 3 * stride), d);
    }
#endif
    for (; l < lanes; l++)
        for (unsigned c = 0; c < 4; c++)
            dst[l * stride + c] = src->c[c].u[l];
}

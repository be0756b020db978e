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

#if defined(NVGP_FAST_X86) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define IO_AVX2 1

/* Eight lanes a step with AVX2: each 256-bit register holds lane l in its
 * low half and lane l + 4 in its high half, so that the same in-half
 * unpacks give each component of lanes l..l+7 in order (compiled for AVX2
 * alone, called only where the CPU has it). */
__attribute__((target("avx2"))) static unsigned gather8(exec_reg *dst, const uint32_t *src,
                                                      size_t stride, unsigned lanes)
{
    unsigned l = 0;
    for (; l + 8 <= lanes; l += 8) {
        const uint32_t *p = src + l * stride;
#define ROW(k)                                                                   \
    _mm256_inserti128_si256(                                                     \
        _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(p + (k) * stride))), \
        _mm_loadu_si128((const __m128i *)(p + ((k) + 4) * stride)), 1)
        __m256i a = ROW(0), b = ROW(1), c = ROW(2), d = ROW(3);
#undef ROW
        __m256i t0 = _mm256_unpacklo_epi32(a, b), t1 = _mm256_unpacklo_epi32(c, d);
        __m256i t2 = _mm256_unpackhi_epi32(a, b), t3 = _mm256_unpackhi_epi32(c, d);
        _mm256_storeu_si256((__m256i *)(dst->c[0].u + l), _mm256_unpacklo_epi64(t0, t1));
        _mm256_storeu_si256((__m256i *)(dst->c[1].u + l), _mm256_unpackhi_epi64(t0, t1));
        _mm256_storeu_si256((__m256i *)(dst->c[2].u + l), _mm256_unpacklo_epi64(t2, t3));
        _mm256_storeu_si256((__m256i *)(dst->c[3].u + l), _mm256_unpackhi_epi64(t2, t3));
    }
    return l;
}

/* The way back: components of lanes l..l+7 in, each lane's vec4 out (the
 * same unpacks: a 4x4 transposition in each half). */
__attribute__((target("avx2"))) static unsigned scatter8(uint32_t *dst, size_t stride,
                                                       const exec_reg *src, unsigned lanes)
{
    unsigned l = 0;
    for (; l + 8 <= lanes; l += 8) {
        __m256i a = _mm256_loadu_si256((const __m256i *)(src->c[0].u + l));
        __m256i b = _mm256_loadu_si256((const __m256i *)(src->c[1].u + l));
        __m256i c = _mm256_loadu_si256((const __m256i *)(src->c[2].u + l));
        __m256i d = _mm256_loadu_si256((const __m256i *)(src->c[3].u + l));
        __m256i t0 = _mm256_unpacklo_epi32(a, b), t1 = _mm256_unpacklo_epi32(c, d);
        __m256i t2 = _mm256_unpackhi_epi32(a, b), t3 = _mm256_unpackhi_epi32(c, d);
        __m256i r[4] = { _mm256_unpacklo_epi64(t0, t1), _mm256_unpackhi_epi64(t0, t1),
                         _mm256_unpacklo_epi64(t2, t3), _mm256_unpackhi_epi64(t2, t3) };
        uint32_t *p = dst + l * stride;
        for (unsigned k = 0; k < 4; k++) {
            _mm_storeu_si128((__m128i *)(p + k * stride), _mm256_castsi256_si128(r[k]));
            _mm_storeu_si128((__m128i *)(p + (k + 4) * stride), _mm256_extracti128_si256(r[k], 1));
        }
    }
    return l;
}
#endif

void exec_io_gather4(exec_reg *dst, const uint32_t *src, size_t stride, unsigned lanes)
{
    unsigned l = 0;
#if defined(IO_AVX2)
    if (__builtin_cpu_supports("avx2"))
        l = gather8(dst, src, stride, lanes);
#endif
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
#if defined(IO_AVX2)
    if (__builtin_cpu_supports("avx2"))
        l = scatter8(dst, stride, src, lanes);
#endif
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

/* Per-lane flags (bool arrays, one byte a thread) to and from a lane mask:
 * sixteen lanes a step with SSE2 rather than a shift and a byte store per
 * lane (warp set-up and result writing do this for every warp). */
uint32_t exec_io_mask_of(const bool *b, unsigned lanes)
{
    uint32_t mask = 0;
    unsigned l = 0;
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128();
    for (; l + 16 <= lanes; l += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(b + l));
        /* a byte that is not 0 is true (a bool holds 0 or 1) */
        uint32_t nz = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, zero)) ^ 0xffffu;
        mask |= nz << l;
    }
#endif
    for (; l < lanes; l++)
        mask |= (uint32_t)(b[l] != 0) << l;
    return mask;
}

void exec_io_put_bits(bool *dst, uint32_t mask, unsigned lanes)
{
    unsigned l = 0;
#if defined(__SSE2__)
    /* byte j of each half selects bit j % 8 of the half's byte of mask */
    const __m128i sel = _mm_set1_epi64x((long long)0x8040201008040201ull);
    const __m128i one = _mm_set1_epi8(1);
    for (; l + 16 <= lanes; l += 16) {
        uint64_t lo = (mask >> l) & 0xffu, hi = (mask >> (l + 8)) & 0xffu;
        __m128i v = _mm_set_epi64x((long long)(hi * 0x0101010101010101ull),
                                   (long long)(lo * 0x0101010101010101ull));
        v = _mm_cmpeq_epi8(_mm_and_si128(v, sel), sel);
        _mm_storeu_si128((__m128i *)(dst + l), _mm_and_si128(v, one));
    }
#endif
    for (; l < lanes; l++)
        dst[l] = (mask >> l) & 1;
}

/* Lane masks of a component's words, four lanes a compare with SSE2 (the
 * branch handlers test a whole component for every IF, UIF, BREAKC,
 * CALLNZ, SWITCH and CASE). */
uint32_t exec_mask_nz(const uint32_t *u)
{
    uint32_t m = 0;
    unsigned l = 0;
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128();
    for (; l < LANES; l += 4) {
        __m128i eq = _mm_cmpeq_epi32(_mm_loadu_si128((const __m128i *)(u + l)), zero);
        m |= (uint32_t)(_mm_movemask_ps(_mm_castsi128_ps(eq)) ^ 0xf) << l;
    }
#endif
    for (; l < LANES; l++)
        m |= (uint32_t)(u[l] != 0) << l;
    return m;
}

uint32_t exec_mask_fnz(const float *f)
{
    uint32_t m = 0;
    unsigned l = 0;
#if defined(__SSE2__)
    const __m128 zero = _mm_setzero_ps();
    /* not-equal is true for NaN, as != is; -0 equals 0 */
    for (; l < LANES; l += 4)
        m |= (uint32_t)_mm_movemask_ps(_mm_cmpneq_ps(_mm_loadu_ps(f + l), zero)) << l;
#endif
    for (; l < LANES; l++)
        m |= (uint32_t)(f[l] != 0.0f) << l;
    return m;
}

uint32_t exec_mask_eq(const uint32_t *a, const uint32_t *b)
{
    uint32_t m = 0;
    unsigned l = 0;
#if defined(__SSE2__)
    for (; l < LANES; l += 4) {
        __m128i eq = _mm_cmpeq_epi32(_mm_loadu_si128((const __m128i *)(a + l)),
                                     _mm_loadu_si128((const __m128i *)(b + l)));
        m |= (uint32_t)_mm_movemask_ps(_mm_castsi128_ps(eq)) << l;
    }
#endif
    for (; l < LANES; l++)
        m |= (uint32_t)(a[l] == b[l]) << l;
    return m;
}

/* The warp-wide float functions on AVX-512F, 16 lanes per SLEEF call.
 * Compiled with -mavx512f -mfma (CMakeLists.txt); exec_vmath.c calls it only
 * on a CPU that has AVX-512F. */
#if defined(NVGP_HAVE_SLEEF) && defined(NVGP_VMATH_X86)
#define VM_VEC __m512
#define VM_WIDTH 16
#define VM_LOAD(p) _mm512_loadu_ps(p)
#define VM_STORE(p, v) _mm512_storeu_ps((p), (v))
#define VM_SQRT(v) _mm512_sqrt_ps(v)
#define VM_DIV(a, b) _mm512_div_ps((a), (b))
#define VM_ONE _mm512_set1_ps(1.0f)
#define VM_FN(name, ulp) Sleef_finz_##name##16_##ulp##avx512f
#define VM_OPS exec_vmath_avx512
#define VM_NAME "avx512f"
#include "exec/exec_vmath_isa.h"

const exec_vmath_direct16 exec_vmath_avx512_direct = {
    (exec_vmath_fn16)VM_FN(sinf, u35), (exec_vmath_fn16)VM_FN(cosf, u35),
    (exec_vmath_fn16)VM_FN(exp2f, u10), (exec_vmath_fn16)VM_FN(log2f, u10),
    (exec_vmath_fn16)VM_FN(powf, u10)};
#else
typedef int exec_vmath_avx512_unused; /* no SLEEF or not x86-64: nothing here */
#endif

/* The warp-wide float functions on AVX2 with FMA, 8 lanes per SLEEF call.
 * Compiled with -mavx2 -mfma (CMakeLists.txt); exec_vmath.c calls it only on
 * a CPU that has both. */
#if defined(NVGP_HAVE_SLEEF) && defined(NVGP_VMATH_X86)
#define VM_VEC __m256
#define VM_WIDTH 8
#define VM_LOAD(p) _mm256_loadu_ps(p)
#define VM_STORE(p, v) _mm256_storeu_ps((p), (v))
#define VM_SQRT(v) _mm256_sqrt_ps(v)
#define VM_DIV(a, b) _mm256_div_ps((a), (b))
#define VM_ONE _mm256_set1_ps(1.0f)
#define VM_FN(name, ulp) Sleef_finz_##name##8_##ulp##avx2
#define VM_OPS exec_vmath_avx2
#define VM_NAME "avx2"
#include "exec/exec_vmath_isa.h"
#else
typedef int exec_vmath_avx2_unused; /* no SLEEF or not x86-64: nothing here */
#endif

/* One instruction set's table of warp-wide float functions, from SLEEF's
 * deterministic FMA forms.  The including file defines
 *   VM_VEC              the vector type
 *   VM_WIDTH            its float lanes
 *   VM_LOAD(p)          unaligned load
 *   VM_STORE(p, v)      unaligned store
 *   VM_FN(name, ulp)    SLEEF's function for name (sinf, cosf, ...) at that
 *                       bound (u10, u35)
 *   VM_SQRT(v), VM_DIV(a, b), VM_ONE   IEEE square root, division, 1.0f
 *   VM_OPS              the name of the table to define
 *   VM_NAME             its name string
 * and is compiled for that instruction set only (CMakeLists.txt), so the
 * rest of the library never runs these instructions on a CPU without them. */
#include "exec/exec_vmath.h"

#include <sleef.h>

#define VM_UNARY(op, fn, ulp)                                                    \
    static void vm_##op(float *restrict out, const float *restrict in)           \
    {                                                                            \
        for (unsigned i = 0; i < EXEC_VMATH_LANES; i += VM_WIDTH)                \
            VM_STORE(out + i, VM_FN(fn, ulp)(VM_LOAD(in + i)));                  \
    }

/* SIN and COS at SLEEF's 3.5-ulp bound (EXEC_VMATH_TRIG_ULP, exec_vmath.h) */
VM_UNARY(sin, sinf, u35)
VM_UNARY(cos, cosf, u35)
VM_UNARY(ex2, exp2f, u10)
VM_UNARY(lg2, log2f, u10)

static void vm_pow(float *restrict out, const float *restrict a, const float *restrict b)
{
    for (unsigned i = 0; i < EXEC_VMATH_LANES; i += VM_WIDTH)
        VM_STORE(out + i, VM_FN(powf, u10)(VM_LOAD(a + i), VM_LOAD(b + i)));
}

/* RCP and RSQ: the full-width IEEE instructions give the bits of the
 * portable 1.0f / x and 1.0f / sqrtf(x). */
static void vm_rcp(float *restrict out, const float *restrict in)
{
    for (unsigned i = 0; i < EXEC_VMATH_LANES; i += VM_WIDTH)
        VM_STORE(out + i, VM_DIV(VM_ONE, VM_LOAD(in + i)));
}

static void vm_rsq(float *restrict out, const float *restrict in)
{
    for (unsigned i = 0; i < EXEC_VMATH_LANES; i += VM_WIDTH)
        VM_STORE(out + i, VM_DIV(VM_ONE, VM_SQRT(VM_LOAD(in + i))));
}

const exec_vmath_ops VM_OPS = {VM_NAME, vm_sin, vm_cos, vm_ex2, vm_lg2, vm_pow, vm_rcp, vm_rsq};

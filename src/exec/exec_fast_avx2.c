/* The fast handlers compiled for AVX2 (-mavx2, CMakeLists.txt), run only on
 * a CPU that has it
 * (exec_fast.c picks it by CPU detection). */
#if defined(NVGP_FAST_X86)
#define FAST_BLOCK exec_fast_block_avx2
#include "exec/exec_fast_kern.h"
#else
typedef int exec_fast_avx2_unused; /* not x86-64: nothing here */
#endif

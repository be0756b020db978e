/* The fast handlers compiled for AVX-512F (-mavx512f, CMakeLists.txt), run
 * only on a CPU that has it
 * (exec_fast.c picks it by CPU detection). */
#if defined(NVGP_FAST_X86)
#define FAST_BLOCK exec_fast_block_avx512
#include "exec/exec_fast_kern.h"
#else
typedef int exec_fast_avx512_unused; /* not x86-64: nothing here */
#endif

/* The fast handlers compiled for the target's baseline instruction set
 * (SSE2 on x86-64), for any CPU. */
#define FAST_BLOCK exec_fast_block_base
#include "exec/exec_fast_kern.h"

/* Running a decoded program over all its threads (nvgp_exec_run lives
 * here); warps, work groups and host threads. */
#ifndef NVGP_EXEC_EXEC_RUN_H
#define NVGP_EXEC_EXEC_RUN_H

#include "exec/exec_internal.h"

#endif

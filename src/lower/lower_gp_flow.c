/* NV_gpu_program4/5 flow control (IF/ELSE/ENDIF, REP/ENDREP, BRK/CONT, CAL/RET, CALI and subroutines) (lower_gp.h). */
#include "lower/lower_gp.h"

const lower_gp_row lower_gp_flow_rows[NV_OP_COUNT] = {
    [NV_OP_COUNT - 1] = {0},
};

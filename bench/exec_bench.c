/* Executor throughput: an ALU-heavy fragment program (about 100 float ALU
 * instructions: MAD, MUL, ADD, DP3, DP4, MIN, MAX, FRC, RSQ, LRP, CMP ...)
 * over 64K fragment invocations (2048 warps), reported as lane-instructions
 * (instructions times active lanes) per second.
 *
 *   exec_bench [invocations] [repeats] [host threads] */
#include "exec/exec.h"
#include "tgsi/tgsi_text_read.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static const char *const body[] = {
    "MAD TEMP[0], TEMP[1], IMM[0].xyzw, TEMP[2]",
    "MUL TEMP[1], TEMP[0], IMM[0].wzyx",
    "ADD TEMP[2], TEMP[1], -TEMP[3]",
    "DP3 TEMP[3].x, TEMP[0], TEMP[2]",
    "MAX TEMP[3].y, TEMP[1].xxxx, IMM[0].zzzz",
    "MIN TEMP[3].z, TEMP[2].yyyy, IMM[0].yyyy",
    "FRC TEMP[2], TEMP[0]",
    "LRP TEMP[1], TEMP[2], TEMP[0], TEMP[3]",
    "DP4 TEMP[0].w, TEMP[1], TEMP[2]",
    "CMP TEMP[3], -TEMP[1], TEMP[0], TEMP[2]",
    "RSQ TEMP[0].z, |TEMP[3].xxxx|",
    "MAD TEMP[2], TEMP[3], TEMP[3], IMM[0].xxxx",
    "SLT TEMP[1].w, TEMP[0].xxxx, TEMP[2].yyyy",
    "FMA TEMP[0], TEMP[2], IMM[0].yyyy, TEMP[1]",
    "MUL TEMP[3], TEMP[0], TEMP[0]",
    "ADD TEMP[1], TEMP[3], IMM[0]",
    "MAX TEMP[2], TEMP[1], -TEMP[0]",
    "DP2 TEMP[3].w, TEMP[2], TEMP[1]",
    "MIN TEMP[0], TEMP[3], IMM[0].wwww",
    "FLR TEMP[1].xy, TEMP[2]",
};

int main(int argc, char **argv)
{
    uint32_t invocations = argc > 1 ? (uint32_t)strtoul(argv[1], NULL, 0) : 65536;
    int repeats = argc > 2 ? atoi(argv[2]) : 5;
    unsigned threads = argc > 3 ? (unsigned)atoi(argv[3]) : 1;
    static char text[16384];
    int n = snprintf(text, sizeof text,
                     "FRAG\n"
                     "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
                     "DCL OUT[0], COLOR\n"
                     "DCL TEMP[0..3]\n"
                     "IMM[0] FLT32 { 0.5, 0.25, 1.5, -0.75 }\n"
                     "MOV TEMP[0], IN[0]\n"
                     "MOV TEMP[1], IN[0].yzwx\n"
                     "MOV TEMP[2], IN[0].zwxy\n"
                     "MOV TEMP[3], IN[0].wxyz\n");
    unsigned alu = 4;
    for (int r = 0; r < 5; r++)
        for (size_t i = 0; i < sizeof body / sizeof body[0]; i++) {
            n += snprintf(text + n, sizeof text - (size_t)n, "%s\n", body[i]);
            alu++;
        }
    snprintf(text + n, sizeof text - (size_t)n, "MOV OUT[0], TEMP[0]\nEND\n");
    alu++;

    tgsi_program *p = nvgp_tgsi_read(text, strlen(text), NULL);
    nvgp_exec *m = p ? nvgp_exec_create(p, NULL) : NULL;
    if (!m || nvgp_exec_set_invocations(m, invocations, 1) != NVGP_EXEC_OK) {
        fprintf(stderr, "exec_bench: cannot set up the program\n");
        return 1;
    }
    nvgp_exec_set_threads(m, threads);
    for (uint32_t i = 0; i < invocations; i++) {
        float v[4] = { (float)(i % 256) / 256.0f, (float)(i / 256 % 256) / 256.0f, 0.5f, 1.0f };
        uint32_t w[4];
        memcpy(w, v, sizeof w);
        nvgp_exec_set_input(m, i, 0, 0, w);
    }
    double best = 1e30;
    uint64_t lanes = 0;
    for (int r = 0; r < repeats; r++) {
        double t0 = now();
        if (nvgp_exec_run(m, NULL) != NVGP_EXEC_OK) {
            fprintf(stderr, "exec_bench: %s\n", nvgp_exec_error(m));
            return 1;
        }
        double t = now() - t0;
        if (t < best)
            best = t;
        lanes = nvgp_exec_lane_instructions(m);
    }
    printf("exec_bench: %u instructions (%u ALU) x %u invocations, %u host thread(s): "
           "%.3f ms, %.1f M lane-instructions/s\n",
           alu + 1, alu, invocations, threads, best * 1e3, (double)lanes / best / 1e6);
    nvgp_exec_destroy(m);
    nvgp_tgsi_program_destroy(p);
    return 0;
}

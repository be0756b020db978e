/* Executor throughput: an ALU-heavy fragment program (about 100 float ALU
 * instructions: MAD, MUL, ADD, DP3, DP4, MIN, MAX, FRC, RSQ, LRP, CMP ...)
 * over 64K fragment invocations (2048 warps), reported as lane-instructions
 * (instructions times active lanes) per second.  The baseline, measured
 * in the same run, is the same computation written in C and compiled with
 * the benchmark (one invocation at a time, four floats per register): the
 * ratio says what interpreting TGSI costs against native code.  The two
 * must agree on every output within rounding (FMA and RSQ may differ in the
 * last bits), or the benchmark fails.
 *
 *   exec_bench [invocations] [repeats] [host threads] */
#include "exec/exec.h"
#include "tgsi/tgsi_text_read.h"

#include <math.h>
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

/* The body above in C, on registers t[0..3] (x, y, z, w) with imm. */
typedef struct vec4 { float v[4]; } vec4;

static void native_body(vec4 t[4])
{
    static const float k[4] = { 0.5f, 0.25f, 1.5f, -0.75f };
    vec4 *T0 = &t[0], *T1 = &t[1], *T2 = &t[2], *T3 = &t[3];
    for (int i = 0; i < 4; i++)
        T0->v[i] = T1->v[i] * k[i] + T2->v[i];
    for (int i = 0; i < 4; i++)
        T1->v[i] = T0->v[i] * k[3 - i];
    for (int i = 0; i < 4; i++)
        T2->v[i] = T1->v[i] - T3->v[i];
    T3->v[0] = T0->v[0] * T2->v[0] + T0->v[1] * T2->v[1] + T0->v[2] * T2->v[2];
    T3->v[1] = fmaxf(T1->v[0], k[2]);
    T3->v[2] = fminf(T2->v[1], k[1]);
    for (int i = 0; i < 4; i++)
        T2->v[i] = T0->v[i] - floorf(T0->v[i]);
    for (int i = 0; i < 4; i++)
        T1->v[i] = T2->v[i] * T0->v[i] + (1.0f - T2->v[i]) * T3->v[i];
    T0->v[3] = T1->v[0] * T2->v[0] + T1->v[1] * T2->v[1] + T1->v[2] * T2->v[2] + T1->v[3] * T2->v[3];
    for (int i = 0; i < 4; i++)
        T3->v[i] = -T1->v[i] < 0.0f ? T0->v[i] : T2->v[i];
    T0->v[2] = 1.0f / sqrtf(fabsf(T3->v[0]));
    for (int i = 0; i < 4; i++)
        T2->v[i] = T3->v[i] * T3->v[i] + k[0];
    T1->v[3] = T0->v[0] < T2->v[1] ? 1.0f : 0.0f;
    for (int i = 0; i < 4; i++)
        T0->v[i] = fmaf(T2->v[i], k[1], T1->v[i]);
    for (int i = 0; i < 4; i++)
        T3->v[i] = T0->v[i] * T0->v[i];
    for (int i = 0; i < 4; i++)
        T1->v[i] = T3->v[i] + k[i];
    for (int i = 0; i < 4; i++)
        T2->v[i] = fmaxf(T1->v[i], -T0->v[i]);
    T3->v[3] = T2->v[0] * T1->v[0] + T2->v[1] * T1->v[1];
    for (int i = 0; i < 4; i++)
        T0->v[i] = fminf(T3->v[i], k[3]);
    T1->v[0] = floorf(T2->v[0]);
    T1->v[1] = floorf(T2->v[1]);
}

static void native_input(uint32_t i, float v[4])
{
    v[0] = (float)(i % 256) / 256.0f;
    v[1] = (float)(i / 256 % 256) / 256.0f;
    v[2] = 0.5f;
    v[3] = 1.0f;
}

/* out[16 * i ..] = OUT[0..3] (the four temporaries) of invocation i,
 * computed natively. */
static void native_run(uint32_t invocations, float *out)
{
    for (uint32_t i = 0; i < invocations; i++) {
        float in[4];
        native_input(i, in);
        vec4 t[4];
        for (int c = 0; c < 4; c++) {
            t[0].v[c] = in[c];
            t[1].v[c] = in[(c + 1) % 4];
            t[2].v[c] = in[(c + 2) % 4];
            t[3].v[c] = in[(c + 3) % 4];
        }
        for (int r = 0; r < 5; r++)
            native_body(t);
        memcpy(out + 16 * (size_t)i, t, sizeof t);
    }
}

/* Same value up to rounding: both NaN, equal, or within 1e-4 relative. */
static int same_value(float a, float b)
{
    if (isnan(a) || isnan(b))
        return isnan(a) && isnan(b);
    if (a == b)
        return 1;
    return fabsf(a - b) <= 1e-4f * fmaxf(1.0f, fmaxf(fabsf(a), fabsf(b)));
}

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
                     "DCL OUT[1], COLOR[1]\n"
                     "DCL OUT[2], COLOR[2]\n"
                     "DCL OUT[3], COLOR[3]\n"
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
    snprintf(text + n, sizeof text - (size_t)n,
             "MOV OUT[0], TEMP[0]\nMOV OUT[1], TEMP[1]\nMOV OUT[2], TEMP[2]\nMOV OUT[3], TEMP[3]\nEND\n");
    alu += 4;

    tgsi_program *p = nvgp_tgsi_read(text, strlen(text), NULL);
    nvgp_exec *m = p ? nvgp_exec_create(p, NULL) : NULL;
    if (!m || nvgp_exec_set_invocations(m, invocations, 1) != NVGP_EXEC_OK) {
        fprintf(stderr, "exec_bench: cannot set up the program\n");
        return 1;
    }
    nvgp_exec_set_threads(m, threads);
    for (uint32_t i = 0; i < invocations; i++) {
        float v[4];
        native_input(i, v);
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
    float *native = malloc(sizeof(float) * 16 * (invocations ? invocations : 1));
    if (!native) {
        fprintf(stderr, "exec_bench: out of memory\n");
        return 1;
    }
    double native_best = 1e30;
    for (int r = 0; r < repeats; r++) {
        double t0 = now();
        native_run(invocations, native);
        double t = now() - t0;
        if (t < native_best)
            native_best = t;
    }
    uint32_t differ = 0;
    for (uint32_t i = 0; i < invocations; i++)
        for (uint32_t o = 0; o < 4; o++) {
            uint32_t w[4];
            nvgp_exec_get_output(m, i, o, w);
            for (int c = 0; c < 4; c++) {
                float f;
                memcpy(&f, &w[c], sizeof f);
                differ += !same_value(f, native[16 * (size_t)i + 4 * o + (size_t)c]);
            }
        }
    free(native);
    printf("exec_bench: %u instructions (%u ALU) x %u invocations, %u host thread(s): "
           "%.3f ms, %.1f M lane-instructions/s\n",
           alu + 1, alu, invocations, threads, best * 1e3, (double)lanes / best / 1e6);
    printf("exec_bench: baseline, the same computation as C (1 thread): %.3f ms, %.1f M "
           "lane-instructions/s; the executor takes %.2fx its time\n",
           native_best * 1e3, (double)lanes / native_best / 1e6, best / native_best);
    if (differ) {
        fprintf(stderr, "exec_bench: %u output components differ from the C baseline\n", differ);
        return 1;
    }
    nvgp_exec_destroy(m);
    nvgp_tgsi_program_destroy(p);
    return 0;
}

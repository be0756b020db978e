/* The fast engine: a compact pre-decoded form of the program (one 32-byte
 * record an instruction) whose common instructions run through handlers
 * chosen at decode time for their operand shapes, dispatched by threaded
 * code over straight runs of such records.  Everything else (control flow,
 * memory, textures, 64-bit, modifiers it does not know...) runs through the
 * reference handlers (exec_alu_*.c ...), which stay the definition of every
 * result: the fast engine gives the same bits (tests/exec/test_exec_engines.c
 * compares the two over the corpus and the fuzz seeds).
 *
 * docs/decoded-stream.md describes the record format, which is also meant
 * as the input of a later JIT. */
#ifndef NVGP_EXEC_EXEC_FAST_H
#define NVGP_EXEC_EXEC_FAST_H

#include "exec/exec_internal.h"

/* Which engine a machine runs (nvgp_exec_set_engine). */
enum { EXEC_ENGINE_FAST = 0, EXEC_ENGINE_REFERENCE = 1, EXEC_ENGINE_JIT = 2 };

/* Record flags. */
enum {
    EXEC_FREC_SAT = 1,    /* clamp results to [0, 1] (NaN -> 0) */
    EXEC_FREC_OUT = 2,    /* destination is OUT: mark out_wr[doff] written */
    EXEC_FREC_ALIAS = 4,  /* a source reads the destination register */
    /* Sources in the uniform block (file IMMEDIATE: immediates and directly
     * indexed constants, the same word in every lane): UNI, every source
     * (VG and DOT compute one lane and copy it); U0..U2, source k (VG, DOT
     * and the V4 shapes' source 1 read one word a component instead of 32
     * copies).  The block itself stays replicated. */
    EXEC_FREC_UNI = 8,
    EXEC_FREC_U0 = 16,
    EXEC_FREC_U1 = 32,
    EXEC_FREC_U2 = 64
};

/* One instruction.  Operands are (file, offset) pairs: offset counts
 * registers of 4 x 32 lanes from the start of the file's block, which is a
 * warp's own register block for TEMP, OUT, IN, SV and ADDR and the machine's
 * uniform registers (replicated immediates and directly indexed constants)
 * for IMM and CONST.  Swizzles pack component k's source in bits 2k..2k+1. */
typedef struct exec_frec {
    uint8_t handler;      /* exec_fh: 0 = run the reference handler */
    uint8_t flags;        /* EXEC_FREC_* */
    uint16_t op;          /* tgsi_opcode */
    uint16_t run;         /* fast records from this one to the end of its
                             straight run (0: not a fast record) */
    uint8_t wmask;        /* destination write mask */
    uint8_t dfile;        /* destination file */
    uint32_t doff;        /* destination register offset */
    uint8_t sfile[3];     /* source files */
    uint8_t nsrc;
    uint8_t swz[3];       /* source swizzles (2 bits a component) */
    uint8_t smod;         /* bit k: negate source k; bit 4 + k: absolute */
    uint32_t soff[3];     /* source register offsets */
} exec_frec;

_Static_assert(sizeof(exec_frec) == 32, "a decoded record is 32 bytes");

/* The fast handlers: one row per (operation, shape).  Shapes:
 *   V4  element-wise, identity swizzles, full write mask, no modifiers, no
 *       saturation, destination read by no source: 128 contiguous words
 *   V4A the same where a source is the destination register
 *   VG  element-wise, any swizzle / write mask / float modifiers / saturate
 *   DOT dot products (any swizzle, mask, modifiers, saturate)
 *   SC  scalar functions of source .x replicated (warp-wide vector math;
 *       SQRT's sqrtf lane by lane)
 *   D   doubles: a value is the register pair xy or zw (low word first), a
 *       modifier acts on the high word's sign; comparisons write x and z */
#define EXEC_FAST_HANDLERS(X)                                                    \
    X(MOV_V4) X(ADD_V4) X(SUB_V4) X(MUL_V4) X(MAD_V4) X(MIN_V4) X(MAX_V4)        \
    X(MOV_V4A) X(ADD_V4A) X(SUB_V4A) X(MUL_V4A) X(MAD_V4A) X(MIN_V4A) X(MAX_V4A) \
    X(MOV_VG) X(ADD_VG) X(SUB_VG) X(MUL_VG) X(MAD_VG) X(MIN_VG) X(MAX_VG)        \
    X(SLT_VG) X(SGE_VG) X(SEQ_VG) X(SNE_VG) X(SGT_VG) X(SLE_VG) X(CMP_VG)        \
    X(LRP_VG) X(AND_VG) X(OR_VG) X(XOR_VG) X(UADD_VG)                            \
    X(FSLT_VG) X(FSGE_VG) X(FSEQ_VG) X(FSNE_VG) X(UCMP_VG)                       \
    X(UMUL_VG) X(SHL_VG) X(USHR_VG) X(NOT_VG) X(INEG_VG)                         \
    X(IMAX_VG) X(IMIN_VG) X(UMAX_VG) X(UMIN_VG)                                  \
    X(ISLT_VG) X(ISGE_VG) X(USLT_VG) X(USGE_VG) X(USEQ_VG) X(USNE_VG)            \
    X(FLR_VG) X(CEIL_VG) X(TRUNC_VG) X(ROUND_VG) X(FRC_VG) X(ABS_VG) X(SSG_VG)   \
    X(DIV_VG) X(F2I_VG) X(F2U_VG) X(I2F_VG) X(U2F_VG)                            \
    X(ARL_VG) X(ARR_VG) X(UARL_VG)                                               \
    X(ISHR_VG) X(IABS_VG) X(ISSG_VG) X(IMUL_HI_VG) X(UMUL_HI_VG)                 \
    X(IDIV_VG) X(MOD_VG) X(UDIV_VG) X(UMOD_VG)                                   \
    X(DP2_DOT) X(DP3_DOT) X(DP4_DOT) X(DPH_DOT)                                  \
    X(RCP_SC) X(RSQ_SC) X(EX2_SC) X(LG2_SC) X(SIN_SC) X(COS_SC) X(POW_SC)         \
    X(SQRT_SC)                                                                   \
    X(DADD_D) X(DMUL_D) X(DDIV_D) X(DMIN_D) X(DMAX_D) X(DMAD_D) X(DFMA_D)         \
    X(DFRAC_D) X(DSQRT_D) X(DRSQ_D) X(DRCP_D)                                    \
    X(DSLT_D) X(DSGE_D) X(DSEQ_D) X(DSNE_D)

typedef enum exec_fh {
    EXEC_FH_NONE = 0,
#define X(n) EXEC_FH_##n,
    EXEC_FAST_HANDLERS(X)
#undef X
    EXEC_FH_COUNT
} exec_fh;

typedef struct exec_fast {
    exec_frec *recs;      /* num_code + 1 records */
    uint32_t num;
    uint32_t num_fast;    /* records with a fast handler */
    /* The program's opening straight run (prefix fast records, before any
     * control flow or other instruction): `prefix` records; keep[r] is true
     * for a TEMP register (then OUT registers, r counted from TEMP's
     * first) that the run writes whole before anything reads it, so that a
     * full warp need not clear it (exec_fast_clear); NULL when nothing can
     * be skipped. */
    uint32_t prefix;
    bool *keep;
} exec_fast;

/* Builds m->fast from m->code (false: out of memory; the machine then runs
 * the reference engine). */
bool exec_fast_decode(nvgp_exec *m);
void exec_fast_free(nvgp_exec *m);
/* Clears the TEMP and OUT registers of a warp (temps: its TEMP block,
 * outs: its OUT block) except, for a warp starting on all 32 lanes, those
 * the program's opening straight run writes whole first, when nothing can
 * stop the warp inside that run (its budget covers it, no step hook
 * watches). */
void exec_fast_clear(const nvgp_exec *m, exec_reg *temps, exec_reg *outs, bool full_warp);
/* Runs a warp to its end or its next barrier, as run_warp does. */
void exec_fast_run_warp(exec_warp *w);
/* Runs the n fast records from pc (each has a handler) on w's execution
 * mask, as the warp loop runs them: the JIT's call-outs of records it
 * has no row for (exec_jit_callout). */
void exec_fast_run_records(exec_warp *w, uint32_t pc, uint32_t n);
/* Runs two warps of the machine so, each as exec_fast_run_warp would,
 * straight regions of the JIT's pair entries (exec_jit_pair_regions) run
 * for both at once where both are at one. */
void exec_fast_run_pair(exec_warp *a, exec_warp *b);

/* Runs `left` (>= 1) fast records from r on a warp whose execution mask is
 * full; bank[f] is the register block of file f.  One per instruction set
 * (exec_fast_kern.h), chosen at run time. */
typedef void (*exec_fast_block_fn)(exec_warp *w, exec_reg *const *bank, const exec_frec *r,
                                   uint32_t left);
void exec_fast_block_base(exec_warp *w, exec_reg *const *bank, const exec_frec *r,
                          uint32_t left);
void exec_fast_block_avx2(exec_warp *w, exec_reg *const *bank, const exec_frec *r,
                          uint32_t left);
void exec_fast_block_avx512(exec_warp *w, exec_reg *const *bank, const exec_frec *r,
                            uint32_t left);
/* A register's 4 components of `lanes` lanes from vec4s `stride` words
 * apart (src: lane 0's x), and back (exec_fast_io.c). */
void exec_io_gather4(exec_reg *dst, const uint32_t *src, size_t stride, unsigned lanes);
void exec_io_scatter4(uint32_t *dst, size_t stride, const exec_reg *src, unsigned lanes);

/* The mask of the first `lanes` flags of b (bit l: b[l] true), and the
 * first `lanes` bits of mask as flags (exec_fast_io.c). */
uint32_t exec_io_mask_of(const bool *b, unsigned lanes);
void exec_io_put_bits(bool *dst, uint32_t mask, unsigned lanes);

/* "avx512f", "avx2" or "baseline": the block runner in use. */
const char *exec_fast_isa(void);

#endif

/* Inside the executor: the decoded program, the warp state and the helpers
 * every opcode handler uses.  Not part of the API (exec.h is).
 *
 * A warp is 32 lanes in structure-of-arrays form: every register component
 * is one exec_chan of 32 words, readable as float, int32 or uint32; a 64-bit
 * value is the pair of components (x,y) or (z,w), low word first.  The
 * execution mask is a uint32_t: bit l is lane l.  Handlers compute all 32
 * lanes (inactive lanes compute on garbage, with no undefined behaviour) and
 * store only the lanes of the mask. */
#ifndef NVGP_EXEC_EXEC_INTERNAL_H
#define NVGP_EXEC_EXEC_INTERNAL_H

#include "base/bits.h"
#include "exec/exec.h"
#include "exec/exec_hook.h"

#include <stdatomic.h>
#include <string.h>

#define LANES 32
#define FULL_MASK 0xffffffffu

/* Lanes in a mask.  (__builtin_popcount is a library call on a baseline
 * x86-64 build, one per instruction of a divergent warp: these few
 * operations are cheaper.) */
static inline unsigned exec_lanes(uint32_t m)
{
    m = m - ((m >> 1) & 0x55555555u);
    m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
    m = (m + (m >> 4)) & 0x0f0f0f0fu;
    return (m * 0x01010101u) >> 24;
}

/* Masks of 32 words (exec_fast_io.c): bit l set where word l is not 0,
 * where float l is not 0.0 (NaN included, -0 not), where a[l] == b[l]. */
uint32_t exec_mask_nz(const uint32_t *u);
uint32_t exec_mask_fnz(const float *f);
uint32_t exec_mask_eq(const uint32_t *a, const uint32_t *b);

typedef union exec_chan {
    float f[LANES];
    uint32_t u[LANES];
    int32_t i[LANES];
} exec_chan;

typedef struct exec_reg {
    exec_chan c[4];
} exec_reg;

/* Directly indexed constants held as uniform registers (8 MiB of them);
 * the rest are read from the constant buffers lane by lane. */
#define EXEC_MAX_UNIFORM_CONSTS 16384u

/* Where an operand's register lives once decoded. */
typedef enum exec_loc {
    EXEC_LOC_NONE,     /* NULL file / resource operand: not read as a value */
    EXEC_LOC_WARP,     /* w->file[file][offset]: TEMP, OUT, IN, SV, ADDR */
    EXEC_LOC_UNIFORM,  /* m->uregs[offset]: IMM and directly indexed CONST */
    EXEC_LOC_INDIRECT  /* per-lane index: resolved lane by lane */
} exec_loc;

/* How source modifiers apply, from the opcode table's operand type. */
typedef enum exec_modkind { EXEC_MOD_FLOAT, EXEC_MOD_INT, EXEC_MOD_RAW64 } exec_modkind;

typedef struct exec_operand {
    uint8_t loc;          /* exec_loc */
    uint8_t file;         /* tgsi_file */
    uint8_t swz[4];       /* sources: component read for each of x y z w */
    uint8_t neg, abs;     /* sources */
    uint8_t mod;          /* exec_modkind */
    uint8_t writemask;    /* destinations */
    uint8_t ind, dim_ind; /* indirect index / dimension present */
    uint8_t ind_file, ind_swz, dind_file, dind_swz;
    int32_t ind_index, dind_index;
    int32_t index, dim;   /* constant parts */
    uint32_t offset;      /* EXEC_LOC_WARP / UNIFORM: register offset */
} exec_operand;

typedef struct exec_insn {
    uint16_t op;          /* tgsi_opcode */
    uint8_t num_dst, num_src;
    uint8_t saturate;
    uint8_t texture, return_type, num_offsets;
    uint8_t sat_float;    /* saturate applies (float destination) */
    uint8_t brk_switch;   /* BRK: leaves a SWITCH (else a loop) */
    uint8_t always;       /* runs even when the execution mask is empty */
    uint8_t dst_direct;   /* dst 0 may be computed in place (see exec_out) */
    uint32_t target;      /* IF/UIF: ELSE or ENDIF; ELSE: ENDIF; BGNLOOP: ENDLOOP;
                             ENDLOOP: BGNLOOP; BRK/CONT: ENDLOOP/ENDSWITCH;
                             SWITCH: ENDSWITCH; CAL: first instruction */
    uint32_t aux;         /* SWITCH: index into case_lists; INTERP_*: the
                             input's EXEC_INTERP_* bits */
    uint32_t num_cases;
    uint32_t source_offset;
    int32_t offsets[4][3];/* immediate texel offsets */
    uint8_t offset_regs;  /* bit k: texel offset k is a register, read per
                             lane from offset_ops[k] (swizzle: its x y z) */
    exec_operand *offset_ops; /* num_offsets operands when offset_regs */
    exec_operand dst[TGSI_MAX_DST];
    exec_operand src[TGSI_MAX_SRC];
} exec_insn;

/* EXEC_MAX_STACK: blocks nested in the program text (checked at decode).
 * At run time each call frame nests at most that many, so the condition,
 * loop and switch stacks never need more than EXEC_STACK_LIMIT entries;
 * they start small and grow on demand up to it (NV_gpu_program4 promises
 * no nesting limit beyond the call depth).  Runaway recursion ends at
 * EXEC_MAX_CALLS, runaway loops at the instruction budget. */
enum {
    EXEC_MAX_STACK = TGSI_MAX_NESTING,   /* what the checker accepts */
    EXEC_MAX_CALLS = 64,
    EXEC_STACK_LIMIT = EXEC_MAX_STACK * (EXEC_MAX_CALLS + 1),
    EXEC_STACK_INITIAL = 16
};

typedef struct exec_loop_rec {
    uint32_t loop, cont, cond, sw;
    uint16_t cond_sp, sw_sp;
} exec_loop_rec;

typedef struct exec_switch_rec {
    uint32_t sw, cond, active, deflt;
    uint16_t cond_sp, loop_sp;
    exec_chan sel;
} exec_switch_rec;

typedef struct exec_call_rec {
    uint32_t ret_pc;
    uint32_t cond, loop, cont, sw, func;
    uint16_t cond_sp, loop_sp, sw_sp;
} exec_call_rec;

typedef struct exec_emitted {
    uint32_t thread;
    uint8_t stream;
    uint32_t primitive;
    uint32_t *values;      /* num_outputs * 4 words */
    uint32_t seq;          /* emission order */
} exec_emitted;

typedef struct nvgp_exec nvgp_exec;

/* One warp in flight. */
typedef struct exec_warp {
    nvgp_exec *m;
    exec_reg *regs;        /* warp-local register files, one allocation */
    exec_reg *file[TGSI_FILE_COUNT]; /* start of each warp-local file */
    uint32_t pc;
    bool done, at_barrier;
    nvgp_exec_status status;
    uint32_t fail_pc;

    uint32_t active;       /* lanes that hold a thread */
    uint32_t live;         /* not killed */
    uint32_t helper;       /* helper lanes (given or demoted) */
    uint32_t demoted;
    uint32_t cond, loop, cont, sw, func;
    uint32_t exec;         /* AND of all of the above (without helper) */

    uint16_t cond_sp, loop_sp, sw_sp, call_sp;
    exec_call_rec call_stack[EXEC_MAX_CALLS];
    /* heap stacks (kept across warp_begin, which clears what comes before
     * call_stack): *_cap entries each, grown by exec_stack_room */
    uint32_t *cond_stack;
    exec_loop_rec *loop_stack;
    exec_switch_rec *sw_stack;
    uint32_t cond_cap, loop_cap, sw_cap;
    /* written by exec_fail, which sets status, before anything reads it:
     * after call_stack, out of what warp_begin clears */
    char fail_msg[160];

    uint64_t count;        /* instructions dispatched */
    uint64_t lane_count;
    uint64_t faults;

    uint32_t first_thread; /* thread of lane 0 */
    uint32_t group;        /* compute: work group index; geometry: unused */
    uint8_t *shared;       /* compute: the group's shared memory */
    uint8_t *priv;         /* PRIVATE memory, private_size per lane */
    uint32_t emit_count[4];
    uint32_t lane_emits[LANES];  /* geometry: vertices emitted per lane */
    uint32_t *out_wr;      /* per OUT register: lanes that wrote it */
    uint32_t prim_count[4][LANES];
} exec_warp;

typedef struct exec_range {
    uint64_t address;
    size_t bytes;
    uint8_t *data;
} exec_range;

typedef struct exec_image_bind {
    nvgp_exec_image desc;
    uint32_t texel_bytes;
    uint8_t comps, kind;        /* exec_image_kind */
    /* how the program's loads, stores and atomics see the texels: the
     * format its IMAGE declaration names when that has the bound format's
     * texel size (EXT_shader_image_load_store's unformatted accesses copy
     * raw bits: an RGBA8 texel read as R32_UINT is one word), else the
     * bound format (formatted: converted) */
    uint8_t view_comps, view_kind;
    size_t bytes;
    uint8_t *data;
} exec_image_bind;

typedef struct exec_sv_override {
    uint8_t semantic;
    uint32_t semantic_index;
    uint32_t thread;       /* NVGP_EXEC_ALL or a thread */
    uint8_t mask;          /* components set (bit c: component c); the rest
                              keep what earlier settings or the default give */
    uint32_t value[4];
} exec_sv_override;

/* A system-value register of the program, and what fills it. */
typedef struct exec_sv_decl {
    uint32_t index;        /* SV[index] */
    uint8_t semantic;
    uint32_t semantic_index;
} exec_sv_decl;

/* exec_insn.aux of the interpolation opcodes: how their input was taken */
enum { EXEC_INTERP_FLAT = 1, EXEC_INTERP_CENTROID = 2 };

/* Input words a span kernel takes at most. */
#define EXEC_SPAN_MAX_WORDS 256u

/* nvgp_exec_span_kernel_for's answer: a JIT span kernel (exec_jit_span.c)
 * of its form (the modes kept here); fn NULL: none could be made. */
struct nvgp_exec_span_kernel {
    void (*fn)(const nvgp_exec_span *s, exec_reg *const *bank, struct exec_warp *warp);
    nvgp_exec_span_form form;
    bool callouts;          /* it calls texture handlers (exec_span_callout):
                               it runs on the machine's span warp */
    char modes[EXEC_SPAN_MAX_WORDS + 1];
};

struct nvgp_exec {
    const tgsi_program *prog;
    tgsi_program *renamed; /* prog with legacy files renamed (exec_legacy.c), owned */
    uint8_t processor;
    nvgp_arena arena;      /* decoded program */

    exec_insn *code;
    uint32_t num_code;
    struct exec_fast *fast;     /* the fast engine's records (exec_fast.h), NULL
                                   when they could not be made */
    struct exec_jit *jit;       /* the JIT's code (exec_jit.h), made on the
                                   first run with the JIT engine */
    uint8_t engine;             /* EXEC_ENGINE_FAST, _REFERENCE or _JIT */
    struct exec_warp *span_warp; /* span kernels' call-outs run on it (made
                                    on first use, exec_span_warp) */
    uint32_t *case_lists;  /* per SWITCH: instruction indices of its CASEs */

    /* register layout of a warp (offsets in exec_reg units) */
    uint32_t num_temps, num_outputs, num_inputs, num_svs, num_addrs;
    uint32_t file_size[TGSI_FILE_COUNT]; /* registers per warp-local file */
    uint32_t warp_regs;
    uint32_t in_dim_used;   /* 1 + highest direct 2-D input vertex read */
    uint32_t out_vertices;  /* tess ctrl: per-vertex outputs */
    bool out_2d;
    exec_sv_decl *svs;
    uint32_t num_sv_decls;
    uint32_t num_const_buffers;
    uint32_t *const_decl_last;  /* per buffer: last declared index + 1 */
    uint32_t num_imms;

    /* uniform registers: IMM then CONST per buffer (direct accesses) */
    exec_reg *uregs;
    uint32_t num_uregs;
    uint32_t *const_ureg_base;  /* per buffer */
    bool legacy_math;

    /* SVIEW[i] targets (tgsi_texture), for the SAMPLE family */
    uint8_t *sview_target;
    uint32_t num_sviews;
    uint32_t num_samplers;      /* declared SAMP registers (indexed sampler range) */

    /* memory files */
    uint8_t *mem_type;          /* per MEMORY index: tgsi_memory_type */
    uint32_t num_mem;

    /* bindings */
    uint32_t **consts;          /* per buffer: vec4 words */
    uint32_t *const_count;      /* per buffer: vec4s */
    uint32_t const_buffers_cap;
    uint32_t invocations, vertices;
    /* the inputs, [inv][vertex][index][4]: input_view is what runs read,
     * the machine's own storage `inputs` (filled with the defaults on
     * first use after nvgp_exec_set_invocations) or a block the caller
     * lent (nvgp_exec_use_input_block); NULL: not set up yet */
    uint32_t *inputs;
    size_t inputs_cap;          /* words `inputs` holds */
    const uint32_t *input_view;
    /* or a lent block laid out warp by warp as the registers are
     * (nvgp_exec_use_input_warps); NULL: none */
    const uint32_t *input_warps;
    /* a block lent for the outputs, warp by warp as the registers are
     * (nvgp_exec_use_output_warps): each warp's OUT file; NULL: the
     * outputs go to `outputs` */
    uint32_t *output_warps;
    uint32_t in_vertices;       /* vertices per warp IN file during a run */
    bool *helper_in;
    size_t helper_cap;
    /* fragment: where each invocation's inputs were evaluated and its
     * centroid, as [inv][4] = origin x, y, centroid x, y (offsets from the
     * pixel's lower left corner); NULL: both the centre.  The interpolation
     * opcodes move from the origin to their location. */
    float *interp_at;
    uint32_t num_sample_pos;       /* 0: every sample is the centre */
    float sample_pos[32][2];
    uint32_t *framebuffer;      /* fragment: [inv][num_outputs][4] for FBFETCH,
                                   NULL until set (reads 0) */
    exec_sv_override *sv_over;
    uint32_t num_sv_over, cap_sv_over;
    /* during a run, per SV declaration: the override of each thread (-1:
     * none) and the one for all threads (-1: none) */
    int32_t **sv_map;
    int32_t *sv_all;
    exec_range *ranges;
    uint32_t num_ranges;
    exec_range *buffers;
    uint32_t num_buffers;
    exec_image_bind *images;
    uint32_t num_images;
    const struct nvgp_texture **textures;
    uint32_t num_textures;
    uint64_t budget;
    unsigned threads;
    uint32_t grid[3], block[3];
    uint32_t shared_size, private_size;
    uint32_t gs_invocations, gs_max_vertices;
    uint32_t tcs_vertices_out;
    uint32_t threads_per_warp; /* 32; tess control: whole patches only */

    /* results */
    uint32_t num_threads;
    uint32_t *outputs;          /* [thread][out_vertices][num_outputs][4] */
    size_t res_threads, res_words; /* sizes of outputs and the per-thread flags,
                                      kept for the next run (exec_run.c) */
    uint32_t *emit_index;       /* per thread + 1: first record of the thread */
    bool *out_written;          /* per output index: the program writes it */
    bool *out_patch;            /* tess control: OUT[i] declared 1-D (per patch) */
    bool *killed, *demoted_out, *helper_out;
    exec_emitted *emitted;
    uint32_t num_emitted, cap_emitted;
    uint32_t emit_words_cap;
    _Atomic uint64_t faults;
    /* first thread of the lowest-numbered warp (or work group) that failed
     * in this run, UINT32_MAX while none has: warps after it stop at once
     * (the run reports the lowest failure, so those before it go on) */
    _Atomic uint32_t stop_thread;
    uint64_t warp_insns, lane_insns;
    char error[256];
    nvgp_exec_status status;
    const nvgp_exec_hook *hook;  /* NULL, or &hook_store (exec_hook.c) */
    nvgp_exec_hook hook_store;
};

/* ---- handlers ---------------------------------------------------------- */

typedef void (*exec_handler)(exec_warp *w, const exec_insn *in);

#define OP(name, ndst, nsrc, mode, dtype, stypes, flags) \
    void exec_op_##name(exec_warp *w, const exec_insn *in);
#include "tgsi/tgsi_opcodes.def"
#undef OP

/* The warp a span kernel's call-outs run on: every lane active, its
 * TEMP, OUT, INPUT and ADDR files one zeroed block (exec_run.c); NULL
 * when memory ran out.  Freed with the machine. */
struct exec_warp *exec_span_warp(nvgp_exec *m);
void exec_span_warp_free(nvgp_exec *m);
/* A span kernel's call-out: record pc's reference handler on w (the
 * kernel stored the registers it reads; it reloads what it wrote). */
void exec_span_callout(struct exec_warp *w, uint32_t pc);
/* The directly indexed constants as uniform registers (m->uregs), from
 * the constants set (exec_run.c: every run, and a span kernel's first
 * call of a draw). */
void exec_uniform_constants(nvgp_exec *m);
/* Runs one instruction between the hook's calls (exec_hook.c). */
void exec_hook_step(exec_warp *w, const exec_insn *in, exec_handler handler);

/* The reference handler of every opcode (exec_run.c): every row of the
 * opcode table names its handler, so a missing one is a link error. */
extern const exec_handler exec_handlers[TGSI_OPCODE_COUNT];

/* ---- helpers (exec_regs.c) ---------------------------------------------------- */

void exec_update_mask(exec_warp *w);
/* Source component c of operand s (after swizzle and modifiers).  Returns a
 * pointer to the register itself when no copy is needed, else fills tmp. */
const exec_chan *exec_fetch_slow(exec_warp *w, const exec_operand *s, unsigned c,
                                 exec_chan *tmp);
/* Writes the enabled components of r to destination d for the lanes of mask
 * (saturating when the instruction asks). */
void exec_store(exec_warp *w, const exec_insn *in, unsigned d, exec_reg *r, uint32_t mask);
/* The per-lane value of an indirect address register component. */
void exec_fail(exec_warp *w, nvgp_exec_status st, const char *fmt, ...);
/* 64-bit value of source components (c, c+1) after 64-bit modifiers. */
void exec_fetch64(exec_warp *w, const exec_operand *s, unsigned c, uint64_t out[LANES],
                  bool is_double);
void exec_store64(exec_warp *w, const exec_insn *in, unsigned d, const uint64_t v[2][LANES],
                  uint32_t mask);
void exec_memory_fault(exec_warp *w, uint32_t n);

/* The bookkeeping before one instruction, at pc, that both warp loops (the
 * reference one and the fast engine's) do: advance the pc and charge the
 * budget (failing the warp there, naming the instruction), and now and then
 * abandon the warp when another host thread's warp failed before it.
 * Returns false when the warp stops. */
static inline bool exec_step_admit(exec_warp *w, const exec_insn *in, uint32_t pc,
                                   uint64_t budget)
{
    w->pc = pc + 1;
    if (++w->count > budget) {
        exec_fail(w, NVGP_EXEC_ERROR_BUDGET,
                  "instruction budget of %llu exhausted at instruction %u (%s)",
                  (unsigned long long)budget, pc, nvgp_tgsi_opcode_info(in->op)->name);
        return false;
    }
    if (!(w->count & 4095) &&
        atomic_load_explicit(&w->m->stop_thread, memory_order_relaxed) < w->first_thread) {
        w->done = true;
        return false;
    }
    return true;
}
/* A control-flow stack of elem-byte entries with room for entry sp: the
 * same one, or grown (doubling, at most EXEC_STACK_LIMIT entries; *cap
 * updated).  Where there is no room the warp fails (NVGP_EXEC_ERROR_STACK)
 * and *cap stays <= sp. */
void *exec_stack_grow(exec_warp *w, void *stack, uint32_t *cap, uint32_t sp, size_t elem);
/* The same with room for need entries, without failing the warp: *ok false
 * (the stack unchanged) past EXEC_STACK_LIMIT or out of memory.  For
 * compiled code that pushes up to need entries (the reference handlers
 * then fail where they would). */
void *exec_stack_reserve(void *stack, uint32_t *cap, uint32_t need, size_t elem, bool *ok);
/* Per-lane (dimension, index) of an operand, indirect parts added. */
void exec_lane_indices(exec_warp *w, const exec_operand *o, int64_t dim[LANES],
                       int64_t idx[LANES]);
/* Bytes per texel of an image format the executor can load and store, or 0. */
uint32_t exec_image_texel_bytes(uint16_t format);
void exec_image_format_info(uint16_t format, uint8_t *comps, uint8_t *kind);
void exec_free_results(nvgp_exec *m);
/* Appends an emitted vertex (geometry programs run on one host thread). */
bool exec_emit_vertex(nvgp_exec *m, uint32_t thread, uint8_t stream, uint32_t primitive,
                      const exec_warp *w, unsigned lane);

/* f2u_bits, u2f_bits, d2u_bits, u2d_bits: base/bits.h */

/* float -> int conversions that saturate and map NaN to 0: exec_alu_lane.h */

/* The common case inline: a direct register without modifiers. */
static inline const exec_chan *exec_fetch(exec_warp *w, const exec_operand *s, unsigned c,
                                          exec_chan *tmp)
{
    if (!(s->neg | s->abs) || s->mod == EXEC_MOD_RAW64) {
        if (s->loc == EXEC_LOC_WARP)
            return &w->file[s->file][s->offset].c[s->swz[c]];
        if (s->loc == EXEC_LOC_UNIFORM)
            return &w->m->uregs[s->offset].c[s->swz[c]];
    }
    return exec_fetch_slow(w, s, c, tmp);
}

/* Where a handler computes component c of destination 0: in place when
 * the whole warp writes a direct register that no source reads and nothing
 * is saturated (decided at decode: dst_direct), else into r for
 * exec_store.  exec_out_done says whether the store is still needed. */
static inline bool exec_in_place(const exec_warp *w, const exec_insn *in)
{
    return in->dst_direct && w->exec == FULL_MASK;
}
static inline exec_chan *exec_out(exec_warp *w, const exec_insn *in, exec_reg *r, unsigned c)
{
    return exec_in_place(w, in) ? &w->file[in->dst[0].file][in->dst[0].offset].c[c] : &r->c[c];
}
static inline void exec_out_done(exec_warp *w, const exec_insn *in, exec_reg *r)
{
    if (!exec_in_place(w, in))
        exec_store(w, in, 0, r, w->exec);
}

/* Stores a scalar result r->c[0] replicated to every enabled component. */
static inline void exec_store_repl(exec_warp *w, const exec_insn *in, exec_reg *r)
{
    for (unsigned c = 1; c < 4; c++)
        if (in->dst[0].writemask & (1u << c))
            *exec_out(w, in, r, c) = r->c[0];
    if (in->dst[0].writemask & 1u)
        *exec_out(w, in, r, 0) = r->c[0];
    exec_out_done(w, in, r);
}

/* Lanes written by an ordinary instruction. */
static inline uint32_t exec_mask(const exec_warp *w) { return w->exec; }

#define SRC(n, c, tmp) exec_fetch(w, &in->src[n], (c), (tmp))
#define DST_ENABLED(c) (in->dst[0].writemask & (1u << (c)))

/* Word `word` (register * 4 + component) of thread t in a block laid out
 * warp by warp as the registers are, `regs` registers a thread
 * (nvgp_exec_use_input_warps, nvgp_exec_use_output_warps). */
static inline uint64_t exec_warp_word(uint32_t t, uint32_t regs, uint32_t word)
{
    return ((uint64_t)t / LANES * regs * 4 + word) * LANES + t % LANES;
}

/* exec.c: the inputs a run reads set up (the defaults where nothing was
 * set); false when memory ran out. */
bool exec_inputs_ready(nvgp_exec *m);

#endif

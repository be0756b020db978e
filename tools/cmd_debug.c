/* nvgp debug: a step debugger on a machine (docs/trace.md).  The run goes
 * on in the machine's step hook (nvgp.h "Watching a run"): before each step
 * the hook
 * decides whether to stop, and when it stops it reads commands (from
 * --commands FILE, else standard input) until one resumes the run.  Every
 * command of the table below is one row: names, handler, help. */
#include "commands.h"
#include "line_edit.h"
#include "job_bind.h"
#include "trace_job.h"


#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { MAX_BREAKS = 64, MAX_WATCHES = 16, LANES = 32 };

typedef enum run_mode {
    MODE_STEPI,     /* stop before the next step */
    MODE_STEP,      /* stop where the source line (or the warp) changes */
    MODE_CONTINUE,  /* stop at a breakpoint or watch */
    MODE_DIVERGE,   /* ... or after the next step that splits the lanes */
    MODE_FREE       /* no more stops (commands ran out, or quit) */
} run_mode;

typedef struct breakpoint {
    bool is_pc;
    uint32_t value;  /* source line or pc */
} breakpoint;

typedef struct watch {
    int32_t buffer;      /* BUFFER[buffer], or -1: global memory */
    uint64_t address;    /* byte address, or offset in the buffer */
    uint32_t value;
    char name[64];       /* as messages show it */
} watch;

typedef struct dbg {
    nvgp_tjob *j;
    FILE *in;
    bool echo;           /* commands from a file: shown in the transcript */
    bool prompt;         /* standard input is a terminal */
    run_mode mode;
    breakpoint breaks[MAX_BREAKS];
    uint32_t num_breaks;
    watch watches[MAX_WATCHES];
    uint32_t num_watches;
    uint64_t step;       /* steps begun */
    uint32_t from_line, from_warp;  /* MODE_STEP: where the step began */
    char pending[256];   /* why the run stops at the next step */
    /* the step the debugger stands before */
    const nvgp_warp *w;
    uint32_t pc;
    uint32_t exec_before;
    bool quit;
    nvgp_line_editor editor;
} dbg;

/* ---- showing things ------------------------------------------------------ */

static uint32_t exec_mask(const nvgp_warp *w)
{
    nvgp_warp_masks m;
    nvgp_warp_get_masks(w, &m);
    return m.exec;
}

static void show_position(dbg *d, const nvgp_warp *w, uint32_t pc)
{
    const nvgp_listing *p = d->j->listing;
    uint32_t line = nvgp_listing_line(p, pc);
    printf("step %" PRIu64 ", warp %u, pc %u, line %u: %s\n", d->step, nvgp_warp_number(w),
           pc, line, nvgp_listing_line_text(p, line));
    printf("    %u: %s    [exec %08x]\n", pc, nvgp_listing_instruction(p, pc), exec_mask(w));
}

/* The formats of `print`: one row each.  64-bit formats read component
 * pairs (x,y) and (z,w), low word first. */
typedef struct print_format {
    const char *name;
    char kind;      /* f float, u unsigned, s signed, x hex bits */
    bool wide;      /* 64 bits */
} print_format;

static const print_format formats[] = {
    {"f", 'f', false},   {"f32", 'f', false}, {"u", 'u', false},   {"u32", 'u', false},
    {"s", 's', false},   {"s32", 's', false}, {"x", 'x', false},   {"x32", 'x', false},
    {"f64", 'f', true},  {"d", 'f', true},    {"u64", 'u', true},  {"s64", 's', true},
    {"x64", 'x', true},
};

static void format_value(char *buf, size_t n, uint64_t v, const print_format *f)
{
    if (!f->wide) {
        if (f->kind == 'x')
            snprintf(buf, n, "0x%08" PRIx32, (uint32_t)v);
        else
            nvgp_trace_format_word(buf, n, (uint32_t)v, f->kind == 'u' ? "u32" : f->kind == 's' ? "s32" : "f32",
                                   false);
        return;
    }
    double dv;
    memcpy(&dv, &v, 8);
    switch (f->kind) {
    case 'u': snprintf(buf, n, "%" PRIu64, v); break;
    case 's': snprintf(buf, n, "%" PRId64, (int64_t)v); break;
    case 'x': snprintf(buf, n, "0x%016" PRIx64, v); break;
    default: snprintf(buf, n, "%.17g", dv); break;
    }
}

/* ---- names ------------------------------------------------------------------ */

typedef struct reg_ref {
    nvgp_register reg;
    uint8_t comps[4];
    unsigned ncomps;
} reg_ref;

static bool parse_comps(const char *s, reg_ref *r)
{
    r->ncomps = 0;
    for (; *s; s++) {
        const char *k = strchr("xyzw", *s);
        if (!k || r->ncomps == 4)
            return false;
        r->comps[r->ncomps++] = (uint8_t)(k - "xyzw");
    }
    return r->ncomps > 0;
}

/* A register name of the program (TGSI names, its temporaries, its
 * bindings: nvgp_program_find_register), with an optional .xyzw: the whole
 * name first (result.color), then without the components. */
static bool resolve_name(dbg *d, const char *name, reg_ref *r)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", name);
    for (int pass = 0; pass < 2; pass++) {
        if (nvgp_program_find_register(d->j->run.prog, buf, &r->reg) == NVGP_OK) {
            if (pass == 1)
                return true;
            int32_t comp = r->reg.component;
            r->ncomps = comp >= 0 ? 1 : 4;
            for (unsigned c = 0; c < 4; c++)
                r->comps[c] = (uint8_t)(comp >= 0 ? comp : (int32_t)c);
            return true;
        }
        char *dot = strrchr(buf, '.');
        if (pass == 1 || !dot || !parse_comps(dot + 1, r))
            return false;
        *dot = 0;
    }
    return false;
}

/* ---- commands ------------------------------------------------------------------- */

typedef bool (*cmd_fn)(dbg *d, char *arg);  /* true: resume the run */

static bool cmd_break(dbg *d, char *arg)
{
    breakpoint b = { false, 0 };
    char *s = arg;
    if (!strncmp(s, "pc", 2) && (s[2] == ' ' || isdigit((unsigned char)s[2]))) {
        b.is_pc = true;
        s += 2;
    }
    char *e;
    unsigned long v = strtoul(s, &e, 10);
    while (*e == ' ')
        e++;
    if (e == s || *e || v > UINT32_MAX) {
        printf("break: expected a source line (break 12) or an instruction (break pc 7)\n");
        return false;
    }
    const nvgp_listing *p = d->j->listing;
    if (b.is_pc ? v >= nvgp_listing_num_instructions(p) : (v == 0 || v > nvgp_listing_num_lines(p))) {
        printf("break: there is no %s %lu\n", b.is_pc ? "instruction" : "line", v);
        return false;
    }
    if (d->num_breaks == MAX_BREAKS) {
        printf("break: at most %d breakpoints\n", MAX_BREAKS);
        return false;
    }
    b.value = (uint32_t)v;
    d->breaks[d->num_breaks++] = b;
    if (b.is_pc)
        printf("breakpoint %u at pc %u: %s\n", d->num_breaks, b.value, nvgp_listing_instruction(p, b.value));
    else
        printf("breakpoint %u at line %u: %s\n", d->num_breaks, b.value,
               nvgp_listing_line_text(p, b.value));
    return false;
}

static bool cmd_delete(dbg *d, char *arg)
{
    (void)arg;
    d->num_breaks = 0;
    d->num_watches = 0;
    printf("breakpoints and watches deleted\n");
    return false;
}

static bool cmd_stepi(dbg *d, char *arg)
{
    (void)arg;
    d->mode = MODE_STEPI;
    return true;
}

static bool cmd_step(dbg *d, char *arg)
{
    (void)arg;
    d->mode = MODE_STEP;
    d->from_line = nvgp_listing_line(d->j->listing, d->pc);
    d->from_warp = nvgp_warp_number(d->w);
    return true;
}

static bool cmd_continue(dbg *d, char *arg)
{
    (void)arg;
    d->mode = MODE_CONTINUE;
    return true;
}

static bool cmd_diverge(dbg *d, char *arg)
{
    (void)arg;
    d->mode = MODE_DIVERGE;
    return true;
}

static bool cmd_quit(dbg *d, char *arg)
{
    (void)arg;
    d->mode = MODE_FREE;
    d->quit = true;
    return true;
}

static bool cmd_where(dbg *d, char *arg)
{
    (void)arg;
    show_position(d, d->w, d->pc);
    return false;
}

static void print_mask_line(const char *name, uint32_t m)
{
    printf("  %-8s %08x  lanes:", name, m);
    if (!m)
        printf(" none");
    for (unsigned l = 0; l < LANES; l++)
        if (m >> l & 1) {
            unsigned e = l;
            while (e + 1 < LANES && (m >> (e + 1) & 1))
                e++;
            printf(e > l ? " %u-%u" : " %u", l, e);
            l = e;
        }
    printf("\n");
}

static bool cmd_mask(dbg *d, char *arg)
{
    (void)arg;
    const nvgp_warp *w = d->w;
    nvgp_warp_masks f;
    nvgp_warp_get_masks(w, &f);
    print_mask_line("exec", f.exec);
    print_mask_line("threads", f.threads);
    print_mask_line("live", f.live);
    print_mask_line("helpers", f.helpers);
    print_mask_line("cond", f.cond);
    print_mask_line("loop", f.loop);
    print_mask_line("cont", f.cont);
    print_mask_line("switch", f.sw);
    print_mask_line("function", f.func);
    printf("  condition stack (%u, innermost last):", f.cond_depth);
    for (uint32_t i = 0; i < f.cond_depth; i++)
        printf(" %08x", nvgp_warp_cond_saved(w, i));
    printf("\n  loop stack (%u, innermost last):", f.loop_depth);
    for (uint32_t i = 0; i < f.loop_depth; i++)
        printf(" %08x", nvgp_warp_loop_saved(w, i));
    printf("\n  call depth %u\n", f.call_depth);
    return false;
}

/* print NAME [LANE|all] [/FORMAT] */
static bool cmd_print(dbg *d, char *arg)
{
    char *tok[3];
    int nt = 0;
    for (char *s = strtok(arg, " \t"); s && nt < 3; s = strtok(NULL, " \t"))
        tok[nt++] = s;
    const print_format *fmt = &formats[0];
    const char *lane_s = NULL;
    for (int i = 1; i < nt; i++) {
        if (tok[i][0] != '/') {
            lane_s = tok[i];
            continue;
        }
        fmt = NULL;
        for (size_t k = 0; k < sizeof formats / sizeof formats[0]; k++)
            if (!strcmp(tok[i] + 1, formats[k].name))
                fmt = &formats[k];
        if (!fmt) {
            printf("print: unknown format '%s' (/f /u /s /x, /f64 /u64 /s64 /x64)\n", tok[i]);
            return false;
        }
    }
    reg_ref r;
    if (nt == 0 || !resolve_name(d, tok[0], &r)) {
        printf("print: %s%s%s\n", nt ? "unknown register or binding '" : "expected a name",
               nt ? tok[0] : "", nt ? "' (the program's temporaries, its bindings, or TGSI names: TEMP[1], OUT[0].xy)" : "");
        return false;
    }
    if (fmt->wide && r.ncomps % 2) {
        printf("print: a 64-bit format reads components in pairs (.xy, .zw, or the whole register)\n");
        return false;
    }
    nvgp_warp_masks masks;
    nvgp_warp_get_masks(d->w, &masks);
    uint32_t lanes = masks.threads, exec = masks.exec;
    if (lane_s && strcmp(lane_s, "all")) {
        char *e;
        unsigned long l = strtoul(lane_s, &e, 10);
        if (*e || e == lane_s || l >= LANES) {
            printf("print: lane '%s': expected 0..31 or all\n", lane_s);
            return false;
        }
        lanes = 1u << l;
    } else if (!lane_s) {
        lanes = 1u << (exec ? __builtin_ctz(exec) : 0);
    }
    for (uint32_t m = lanes; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        uint32_t words[4];
        for (unsigned c = 0; c < r.ncomps; c++)
            if (!nvgp_warp_read(d->w, &r.reg, r.comps[c], l, &words[c])) {
                printf("print: %s: no such register in this program\n", tok[0]);
                return false;
            }
        printf("%s lane %u: (", tok[0], l);
        unsigned step = fmt->wide ? 2 : 1;
        for (unsigned c = 0; c < r.ncomps; c += step) {
            char v[48];
            uint64_t bits = fmt->wide ? (uint64_t)words[c + 1] << 32 | words[c] : words[c];
            format_value(v, sizeof v, bits, fmt);
            printf("%s%s", c ? ", " : "", v);
        }
        printf(")%s\n", exec >> l & 1 ? "" : "  (inactive)");
    }
    return false;
}

/* The word at a byte address of global memory: the memory range that
 * holds all four bytes. */
static bool read_global(const nvgp_machine *m, uint64_t address, uint32_t *v)
{
    uint64_t base = 0;
    size_t bytes = 0;
    const uint8_t *data;
    for (uint32_t r = 0; (data = nvgp_machine_memory(m, r, &base, &bytes)) != NULL; r++)
        if (address >= base && bytes >= 4 && address - base <= bytes - 4) {
            memcpy(v, data + (address - base), 4);
            return true;
        }
    return false;
}

/* The watched word now; false when it is outside what the job gave. */
static bool read_watch(const dbg *d, const watch *wa, uint32_t *v)
{
    if (wa->buffer < 0)
        return read_global(d->j->run.m, wa->address, v);
    nvgp_binding b = { NVGP_BINDING_BUFFER, -1, wa->buffer, -1 };
    size_t bytes = 0;
    const uint8_t *data = nvgp_machine_buffer(d->j->run.m, &b, &bytes);
    if (!data || bytes < 4 || wa->address > bytes - 4)
        return false;
    memcpy(v, data + wa->address, 4);
    return true;
}

/* BUFFER[n] as TGSI spells it, whether the program declares it or not. */
static bool tgsi_buffer_name(const char *s, int32_t *index)
{
    if (strncmp(s, "BUFFER[", 7) || !isdigit((unsigned char)s[7]))
        return false;
    char *e;
    errno = 0;
    unsigned long v = strtoul(s + 7, &e, 10);
    if (errno || v > INT32_MAX || strcmp(e, "]"))
        return false;
    *index = (int32_t)v;
    return true;
}

/* watch ADDR (global memory) | watch BUFFER OFFSET (BUFFER[n] or a binding) */
static bool cmd_watch(dbg *d, char *arg)
{
    watch wa = { -1, 0, 0, "" };
    char *num = arg, *e;
    char *sp = strpbrk(arg, " \t");
    if (sp) {
        *sp = 0;
        num = sp + 1;
        while (*num == ' ' || *num == '\t')
            num++;
        nvgp_binding b;
        if (tgsi_buffer_name(arg, &wa.buffer))
            ;
        else if (nvgp_program_find_binding_of(d->j->run.prog, arg, 1u << NVGP_BINDING_BUFFER, &b) ==
                     NVGP_OK && b.kind == NVGP_BINDING_BUFFER && b.index >= 0)
            wa.buffer = b.index;
        else {
            printf("watch: '%s' is not a buffer of the job (BUFFER[n] or a storage binding)\n", arg);
            return false;
        }
    }
    errno = 0;
    unsigned long long a = strtoull(num, &e, 0);
    if (e == num || *e || errno) {
        printf("watch: expected a byte address of global memory (watch 0x1000) or a buffer and a byte offset (watch BUFFER[0] 16)\n");
        return false;
    }
    wa.address = a;
    if (wa.buffer < 0)
        snprintf(wa.name, sizeof wa.name, "0x%llx", a);
    else
        snprintf(wa.name, sizeof wa.name, "%s+%llu", arg, a);
    if (!read_watch(d, &wa, &wa.value)) {
        printf(wa.buffer < 0 ? "watch: no memory range of the job holds %s\n"
                             : "watch: %s is outside the buffer\n", wa.name);
        return false;
    }
    if (d->num_watches == MAX_WATCHES) {
        printf("watch: at most %d watches\n", MAX_WATCHES);
        return false;
    }
    d->watches[d->num_watches++] = wa;
    printf("watch %u: %s = 0x%08x\n", d->num_watches, wa.name, wa.value);
    return false;
}

static bool cmd_list(dbg *d, char *arg)
{
    (void)arg;
    const nvgp_listing *p = d->j->listing;
    uint32_t cur = nvgp_listing_line(p, d->pc), n = nvgp_listing_num_lines(p);
    uint32_t lo = cur > 3 ? cur - 3 : 1, hi = cur + 3 < n ? cur + 3 : n;
    for (uint32_t l = lo; l <= hi; l++)
        printf("%s%4u  %s\n", l == cur ? "=>" : "  ", l, nvgp_listing_line_text(p, l));
    return false;
}

static bool cmd_help(dbg *d, char *arg);

typedef struct command {
    const char *name, *alias;
    cmd_fn fn;
    const char *help;
} command;

static const command commands[] = {
    {"break", "b", cmd_break, "break LINE | break pc N   stop before the source line / instruction"},
    {"delete", NULL, cmd_delete, "delete                    remove every breakpoint and watch"},
    {"stepi", "si", cmd_stepi, "stepi                     run one instruction"},
    {"step", "s", cmd_step, "step                      run to the next source line (into subroutines)"},
    {"continue", "c", cmd_continue, "continue                  run to a breakpoint, a watch or the end"},
    {"diverge", "d", cmd_diverge, "diverge                   run past the next step that splits the lanes"},
    {"print", "p", cmd_print, "print NAME [LANE|all] [/f|/u|/s|/x|/f64|/u64|/s64|/x64]   a register or binding"},
    {"mask", "m", cmd_mask, "mask                      execution mask, flow masks, mask stacks"},
    {"watch", "w", cmd_watch, "watch ADDR | watch BUFFER OFFSET   stop after a step that changes the word"},
    {"where", NULL, cmd_where, "where                     the step, instruction and line"},
    {"list", "l", cmd_list, "list                      source lines around the current one"},
    {"quit", "q", cmd_quit, "quit                      run to the end without stopping"},
    {"help", "h", cmd_help, "help                      this list"},
};

static bool cmd_help(dbg *d, char *arg)
{
    (void)d;
    (void)arg;
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        printf("  %s\n", commands[i].help);
    return false;
}

/* Reads and runs commands until one resumes the run. */
static void command_loop(dbg *d)
{
    char line[512];
    for (;;) {
        bool got = d->prompt ? nvgp_line_read(&d->editor, "(nvgp) ", d->in, line, sizeof line)
                             : fgets(line, sizeof line, d->in) != NULL;
        if (!got) {
            /* no more commands: the run goes on to its end */
            d->mode = MODE_FREE;
            return;
        }
        line[strcspn(line, "\r\n")] = 0;
        char *s = line;
        while (*s == ' ' || *s == '\t')
            s++;
        if (!*s || *s == '#')
            continue;
        if (d->echo)
            printf("(nvgp) %s\n", s);
        char *arg = s + strcspn(s, " \t");
        if (*arg)
            *arg++ = 0;
        while (*arg == ' ' || *arg == '\t')
            arg++;
        const command *c = NULL;
        for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
            if (!strcmp(s, commands[i].name) || (commands[i].alias && !strcmp(s, commands[i].alias)))
                c = &commands[i];
        if (!c) {
            printf("unknown command '%s' (help lists them)\n", s);
            continue;
        }
        if (c->fn(d, arg))
            return;
    }
}

/* ---- the hook --------------------------------------------------------------------- */

static bool at_breakpoint(dbg *d, uint32_t pc, uint32_t line)
{
    /* a line breakpoint stops where the line's code starts (the
     * instruction before it comes from another line), not at every TGSI
     * instruction of it nor where a subroutine returns into it */
    const nvgp_listing *p = d->j->listing;
    bool starts = pc == 0 || nvgp_listing_line(p, pc - 1) != line;
    for (uint32_t i = 0; i < d->num_breaks; i++) {
        const breakpoint *b = &d->breaks[i];
        if (b->is_pc ? b->value == pc : b->value == line && starts) {
            if (b->is_pc)
                snprintf(d->pending, sizeof d->pending, "breakpoint %u, pc %u", i + 1, pc);
            else
                snprintf(d->pending, sizeof d->pending, "breakpoint %u, line %u", i + 1, line);
            return true;
        }
    }
    return false;
}

static void before(void *ctx, const nvgp_warp *w, uint32_t pc)
{
    dbg *d = ctx;
    uint32_t line = nvgp_listing_line(d->j->listing, pc), warp = nvgp_warp_number(w);
    bool stop = d->pending[0] != 0;
    switch (d->mode) {
    case MODE_STEPI:
        stop = true;
        break;
    case MODE_STEP:
        stop = stop || (line != d->from_line && line != 0) || warp != d->from_warp;
        if (!stop)
            stop = at_breakpoint(d, pc, line);
        break;
    case MODE_CONTINUE:
    case MODE_DIVERGE:
        stop = stop || at_breakpoint(d, pc, line);
        break;
    case MODE_FREE:
        stop = false;
        break;
    }
    if (stop) {
        if (d->pending[0])
            printf("%s\n", d->pending);
        d->pending[0] = 0;
        d->w = w;
        d->pc = pc;
        show_position(d, w, pc);
        command_loop(d);
    }
    d->exec_before = exec_mask(w);
    d->step++;
}

static void after(void *ctx, const nvgp_warp *w, uint32_t pc)
{
    dbg *d = ctx;
    if (d->mode == MODE_FREE)
        return;
    for (uint32_t i = 0; i < d->num_watches; i++) {
        watch *wa = &d->watches[i];
        uint32_t v;
        if (read_watch(d, wa, &v) && v != wa->value) {
            snprintf(d->pending, sizeof d->pending,
                     "watch %u: %s changed from 0x%08x to 0x%08x at step %" PRIu64 " (pc %u)",
                     i + 1, wa->name, wa->value, v, d->step - 1, pc);
            wa->value = v;
        }
    }
    uint32_t now = exec_mask(w);
    if (d->mode == MODE_DIVERGE && now && now != d->exec_before && !(now & ~d->exec_before)) {
        snprintf(d->pending, sizeof d->pending,
                 "divergence at step %" PRIu64 " (pc %u, line %u): exec %08x -> %08x",
                 d->step - 1, pc, nvgp_listing_line(d->j->listing, pc), d->exec_before, now);
    }
}

/* ---- the command --------------------------------------------------------------------- */

static const char usage_line[] = "usage: nvgp debug JOB.json [--commands FILE]\n";

int nvgp_cmd_debug(int argc, char **argv)
{
    const char *job_path = NULL, *cmd_path = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--commands") || !strncmp(a, "--commands=", 11)) {
            if (a[10] == '=')
                cmd_path = a + 11;
            else if (++i < argc)
                cmd_path = argv[i];
            else {
                fprintf(stderr, "nvgp debug: --commands needs a file name\n%s", usage_line);
                return TJOB_USAGE;
            }
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "nvgp debug: unknown option '%s'\n%s", a, usage_line);
            return TJOB_USAGE;
        } else if (!job_path) {
            job_path = a;
        } else {
            fprintf(stderr, "nvgp debug: one job file at a time\n%s", usage_line);
            return TJOB_USAGE;
        }
    }
    if (!job_path) {
        fputs(usage_line, stderr);
        return TJOB_USAGE;
    }
    dbg d;
    memset(&d, 0, sizeof d);
    d.in = stdin;
    if (cmd_path) {
        d.in = fopen(cmd_path, "r");
        if (!d.in) {
            fprintf(stderr, "nvgp debug: %s: %s\n", cmd_path, strerror(errno));
            return TJOB_USAGE;
        }
        d.echo = true;
    } else {
        d.prompt = isatty(0);
        d.echo = !d.prompt;
    }
    nvgp_tjob j;
    int rc = nvgp_tjob_open(&j, "debug", job_path);
    if (rc == TJOB_OK) {
        d.j = &j;
        d.mode = MODE_STEPI;  /* stop before the first step */
        nvgp_step_hook h = { before, after, &d };
        nvgp_machine_set_step_hook(j.run.m, &h);
        nvgp_run_options options;
        nvgp_job_run_options(j.run.job, &options);
        nvgp_status st = nvgp_machine_run(j.run.m, &options, NULL);
        if (d.pending[0] && d.mode != MODE_FREE)
            printf("%s\n", d.pending);
        if (st != NVGP_OK) {
            printf("the run failed: %s\n", nvgp_machine_error(j.run.m));
            rc = TJOB_FAILED;
        } else {
            printf("the program ended after %" PRIu64 " steps\n", d.step);
        }
    }
    nvgp_tjob_close(&j);
    if (d.in != stdin)
        fclose(d.in);
    nvgp_line_editor_free(&d.editor);
    return rc;
}

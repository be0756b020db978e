/* nvgp command line: a thin client of libnvgp.  This file dispatches the
 * subcommands, holds their help texts (so `nvgp help CMD` and `nvgp CMD
 * --help` agree for every command).  tools/load.c reads input files and
 * loads programs for all of them. */
#include "commands.h"
#include "job.h"
#include "nvgp.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *synopsis;
    const char *help;
} command;

static const command commands[] = {
    {"check", nvgp_cmd_check, "check [--json] [--target=TARGET] FILE...",
     "Assembles (NV/ARB assembly) or reads (TGSI text) each FILE and validates\n"
     "it as its specification says.  The first bytes decide the language: `!!`\n"
     "opens an NV/ARB program (!!ARBvp1.0, !!VP2.0, !!NVfp5.0, ...), anything\n"
     "else is TGSI text.  FILE `-` is standard input.\n"
     "\n"
     "  --target=TARGET   load each FILE for one program target, as\n"
     "           glProgramStringARB/glLoadProgramNV do: a header (or TGSI\n"
     "           processor) of another target fails to load.  TARGET is\n"
     "           vertex, vertex-state (!!VSP1.0), fragment, geometry,\n"
     "           tess-control, tess-eval, compute, or any (the default:\n"
     "           the target the header names).\n"
     "\n"
     "Diagnostics go to stderr, one per error, as\n"
     "  FILE:LINE:COLUMN: error: MESSAGE\n"
     "followed by the source line and a caret under the column.  A warning\n"
     "(FILE:LINE:COLUMN: warning: ...; a TGSI rule Mesa does not enforce)\n"
     "leaves the program valid.\n"
     "\n"
     "  --json   print, on stdout, one JSON object per file and line:\n"
     "           {\"file\": F, \"valid\": BOOL, \"error_position\": N,\n"
     "            \"errors\": [{\"offset\": N, \"line\": L, \"column\": C,\n"
     "                        \"message\": M}]}\n"
     "           error_position is -1 for a valid program, else the byte offset\n"
     "           of the first error (PROGRAM_ERROR_POSITION_NV semantics).\n"
     "\n"
     "Exit status: 0 all valid, 1 some invalid, 2 usage or I/O error.\n"},
    {"tgsi", nvgp_cmd_tgsi, "tgsi [--style=canonical|mesa] [--target=TARGET] [-o OUT] FILE",
     "Loads FILE (NV/ARB assembly or TGSI text; the header decides; `-` is\n"
     "standard input) and prints the program as TGSI text.  The translation\n"
     "of an NV/ARB program has a comment \"# LINE: TEXT\" before the TGSI of\n"
     "each source line.\n"
     "\n"
     "  --style=canonical   nvgp's canonical TGSI text (default)\n"
     "  --style=mesa        the text Mesa's tgsi_dump prints\n"
     "  --target=TARGET     load FILE for that target only (as nvgp check)\n"
     "  -o OUT, --output=OUT  write to OUT instead of standard output\n"
     "\n"
     "Exit status: 0 printed, 1 the program is invalid or has no TGSI form,\n"
     "2 usage or I/O error.\n"},
    {"run", nvgp_cmd_run, "run [-o OUT] [--engine=jit|fast|reference] [--trace=FILE [TRACE OPTIONS]] JOB.json",
     "Executes the job described by JOB.json (program, invocations, inputs,\n"
     "parameters, buffers, memory, textures, outputs) on the virtual GPU and\n"
     "prints the results as JSON on stdout, or to OUT with -o (--output=OUT).\n"
     "JOB.json `-` is standard input.  The program is loaded and checked as\n"
     "`nvgp check` does, with the same diagnostics, before anything runs.\n"
     "--engine chooses the executor engine: jit (the default: straight-line\n"
     "code compiled by LLVM; the fast engine where nvgp was built without\n"
     "LLVM or cannot compile for the CPU), fast (pre-decoded handlers) or\n"
     "reference (the reference handlers alone).  All give the same results,\n"
     "bit for bit; the choice is for comparing them.\n"
     "A minimal job (its program may also be a file name, relative to the\n"
     "job's folder):\n"
     "\n"
     "  { \"program\": { \"text\": \"VERT\\nDCL IN[0]\\nDCL OUT[0], POSITION\\nMOV OUT[0], IN[0]\\nEND\\n\" },\n"
     "    \"invocations\": 2,\n"
     "    \"inputs\": { \"IN[0]\": [[1, 2, 3, 4], [5, 6, 7, 8]] } }\n"
     "\n"
     "prints\n"
     "  { \"invocations\": [\n"
     "      { \"OUT[0]\": [1, 2, 3, 4] },\n"
     "      { \"OUT[0]\": [5, 6, 7, 8] }\n"
     "    ],\n"
     "    \"faults\": 0 }\n"
     "\n"
     "Every field of a job and of its result: docs/job-format.md.\n"
     "A job with a \"draw\" object (a file, not `-`) draws through the OpenGL\n"
     "pipeline instead: programs per stage, vertices, framebuffer, GL state;\n"
     "it writes a PNG where it names one and prints probed pixels as JSON\n"
     "(docs/job-format.md \"Draw jobs\").\n"
     "\n"
     "  --trace=FILE        also write one record per executed instruction\n"
     "  --lanes SPEC        lanes whose values are traced: all, N, N-M, lists\n"
     "  --warps SPEC        warps traced (same syntax)\n"
     "  --from N --count M  steps N .. N+M-1 only\n"
     "  --trace-format=F    jsonl (default) or text (docs/trace.md)\n"
     "\n"
     "Exit status: 0 ran, 1 the program or job is invalid, 2 usage or I/O error.\n"},
    {"bench", nvgp_cmd_bench, "bench [--repeats N] [--threads N] [--scale F] [--engine E] [--json FILE] [--mesa-oracle PATH] [NAME...]",
     "Measures the executor on the benchmark programs (job files in\n"
     "bench/programs, or --dir DIR): each scaled to many invocations, run with\n"
     "1 and all host threads, N times each (default 5).  Prints the median\n"
     "with min and max of Minvocations/s and lane-instructions/s.  With the\n"
     "mesa-oracle harness (--mesa-oracle PATH or $NVGP_MESA_ORACLE; `make\n"
     "bench` builds it), the !!ARBfp1.0 programs also run on Mesa's softpipe\n"
     "and llvmpipe in the same run, with nvgp's ratios to each.  Those programs\n"
     "are also drawn whole through nvgp's pipeline (Mesa's 1024-wide quad,\n"
     "rasterisation and framebuffer writes included: like with like), with\n"
     "their own ratios.\n"
     "\n"
     "  --threads N    the \"all threads\" count (default: online CPUs)\n"
     "  --scale F      multiply every program's invocation count by F\n"
     "  --engine E     nvgp's executor engine: jit, fast or reference (default:\n"
     "                 jit and fast, one after the other; the JIT's compile\n"
     "                 time is reported)\n"
     "  --json FILE    write the results as JSON\n"
     "  --ratios FILE  write the Mesa ratios as tab-separated columns (for a plot)\n"
     "  NAME...        only these programs (long100 short5 texture branchy integer\n"
     "                 threadgroup lighting reduce double)\n"
     "\n"
     "Exit status: 0 measured, 1 a program failed, 2 usage or I/O error.\n"},
    {"shader-test", nvgp_cmd_shader_test, "shader-test FILE...",
     "Runs piglit shader_runner files written with assembly programs\n"
     "([require], [vertex program], [fragment program], [test]) on nvgp's\n"
     "OpenGL pipeline and prints PASS, FAIL or SKIP per file, with the first\n"
     "failing probe (expected and observed values) under a FAIL.  A file that\n"
     "requires an extension nvgp does not implement, GLSL, or a GL version\n"
     "above 2.1 is skipped.  docs/cli.md lists the [test] commands.\n"
     "\n"
     "Exit status: 0 every file passed or was skipped, 1 some file failed,\n"
     "2 usage or I/O error.\n"},
    {"render", nvgp_cmd_render,
     "render [--size WxH] [--param N=x,y,z,w] [--texture U=F.png] [--bits 8|16] [--threads N] "
     "[-o OUT.png] [VERTEX] FRAGMENT",
     "Draws a full-screen quad through nvgp's OpenGL pipeline and writes the\n"
     "picture as an RGBA PNG (default out.png, 256x256).  With one file\n"
     "it is the fragment program and the vertex stage is the fixed-function\n"
     "transform; with two, the first is the vertex program.  The quad's\n"
     "texcoord[0] runs from (0,0) at the lower left to (1,1) at the upper\n"
     "right; its colour is white.\n"
     "\n"
     "  --size WxH             picture size in pixels\n"
     "  --param NAME=x,y,z,w   program.env[n] or program.local[n] (both\n"
     "                         programs), or c[n]; missing components are 0,\n"
     "                         and w is 1\n"
     "  --texture UNIT=FILE.png  a 2D texture on unit UNIT, the picture's bottom\n"
     "                         row at t = 0, LINEAR filtering, REPEAT wrapping\n"
     "  --bits 8|16            8-bit PNG from an RGBA8 framebuffer (default), or\n"
     "                         16-bit from an RGBA32F one\n"
     "  --threads N            host threads running the programs (default 1)\n"
     "  -o OUT.png             output file\n"
     "\n"
     "Exit status: 0 written, 1 a program fails to load or draw, 2 usage or\n"
     "I/O error (or a build without libpng).\n"},
    {"debug", nvgp_cmd_debug, "debug JOB.json [--commands FILE]",
     "Runs the job under a step debugger: breakpoints at source lines or TGSI\n"
     "instructions, steps, prints of registers and bindings per lane, masks,\n"
     "memory watches, runs to the next divergence (`help` at the prompt;\n"
     "docs/trace.md).  Commands come from FILE, else from standard input.\n"},
    {"trace", nvgp_cmd_trace, "trace JOB.json -o OUT.html [--warps SPEC] [--lanes SPEC] [--count M]",
     "Runs the job and writes a self-contained HTML trace viewer: the source,\n"
     "and for a chosen warp a grid of lanes by steps coloured by activity;\n"
     "selecting a step shows its values (docs/trace.md).  At most M steps\n"
     "(default 100000) are kept.\n"},
};
enum { COMMAND_COUNT = sizeof commands / sizeof commands[0] };

static const command *find_command(const char *name)
{
    for (size_t i = 0; i < COMMAND_COUNT; i++)
        if (!strcmp(commands[i].name, name))
            return &commands[i];
    return NULL;
}

static void usage(FILE *out)
{
    fputs("usage: nvgp COMMAND [ARGS]\n\ncommands:\n", out);
    for (size_t i = 0; i < COMMAND_COUNT; i++)
        fprintf(out, "  nvgp %s\n", commands[i].synopsis);
    fputs("  nvgp --version\n"
          "  nvgp help [COMMAND]\n"
          "\n`nvgp help COMMAND` (or `nvgp COMMAND --help`) describes one command.\n",
          out);
}

static void command_help(const command *c, FILE *out)
{
    fprintf(out, "usage: nvgp %s\n\n%s", c->synopsis, c->help);
}

static int cmd_help(int argc, char **argv)
{
    if (argc < 2) {
        usage(stdout);
        return nvgp_tool_flush_stdout("help") ? 0 : 2;
    }
    if (argc > 2) {
        fputs("nvgp help: expected at most one command name\n", stderr);
        return 2;
    }
    const command *c = find_command(argv[1]);
    if (!c) {
        fprintf(stderr, "nvgp help: unknown command '%s'\n", argv[1]);
        usage(stderr);
        return 2;
    }
    command_help(c, stdout);
    return nvgp_tool_flush_stdout("help") ? 0 : 2;
}

bool nvgp_tool_parse_target(const char *name, int *target)
{
    static const struct {
        const char *name;
        nvgp_target target;
    } targets[] = {
        {"any", NVGP_TARGET_ANY},
        {"vertex", NVGP_TARGET_VERTEX},
        {"vertex-state", NVGP_TARGET_VERTEX_STATE},
        {"fragment", NVGP_TARGET_FRAGMENT},
        {"geometry", NVGP_TARGET_GEOMETRY},
        {"tess-control", NVGP_TARGET_TESS_CONTROL},
        {"tess-eval", NVGP_TARGET_TESS_EVALUATION},
        {"compute", NVGP_TARGET_COMPUTE},
    };
    for (size_t i = 0; i < sizeof targets / sizeof targets[0]; i++)
        if (!strcmp(name, targets[i].name)) {
            *target = (int)targets[i].target;
            return true;
        }
    return false;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    const char *name = argv[1];
    if (!strcmp(name, "--version") || !strcmp(name, "version")) {
        printf("nvgp %s\n", nvgp_version());
        return nvgp_tool_flush_stdout(NULL) ? 0 : 2;
    }
    if (!strcmp(name, "help") || !strcmp(name, "--help") || !strcmp(name, "-h"))
        return cmd_help(argc - 1, argv + 1);
    const command *c = find_command(name);
    if (!c) {
        fprintf(stderr, "nvgp: unknown command '%s'\n\n", name);
        usage(stderr);
        return 2;
    }
    if (argc == 3 && (!strcmp(argv[2], "--help") || !strcmp(argv[2], "-h"))) {
        command_help(c, stdout);
        return nvgp_tool_flush_stdout(c->name) ? 0 : 2;
    }
    return c->run(argc - 1, argv + 1);
}

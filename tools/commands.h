/* The subcommands of the nvgp tool.  Each returns the process exit status:
 * 0 success, 1 invalid input (a program or job that failed), 2 usage or I/O
 * error (docs/cli.md). */
#ifndef NVGP_TOOLS_COMMANDS_H
#define NVGP_TOOLS_COMMANDS_H

#include "nvgp.h"

#include <stdbool.h>
#include <stddef.h>

int nvgp_cmd_check(int argc, char **argv);
int nvgp_cmd_tgsi(int argc, char **argv);
int nvgp_cmd_run(int argc, char **argv);
int nvgp_cmd_bench(int argc, char **argv);
int nvgp_cmd_shader_test(int argc, char **argv);
int nvgp_cmd_render(int argc, char **argv);
int nvgp_cmd_debug(int argc, char **argv);
int nvgp_cmd_trace(int argc, char **argv);

/* Reads a whole file (`-` is standard input) into a malloc'd buffer with a
 * NUL after its last byte; binary content and NUL bytes are kept.  A folder
 * is refused as such, and so is a file longer than max bytes (reading stops
 * one byte past it: "larger than N MiB, the limit for a WHAT").  On failure
 * returns false with a malloc'd `PATH: reason` in *error. */
bool nvgp_tool_read_all(const char *path, size_t max, const char *what, char **data, size_t *len,
                        char **error);
/* The same, saying why it failed on stderr (`nvgp: PATH: reason`). */
bool nvgp_tool_read_file(const char *path, char **data, size_t *len);

/* The value of --target=NAME (vertex, vertex-state, fragment, geometry,
 * tess-control, tess-eval, compute, any) as the library's nvgp_target;
 * false for an unknown name.  The int is an nvgp_target. */
bool nvgp_tool_parse_target(const char *name, int *target);
/* The names, for usage messages. */
#define NVGP_TOOL_TARGET_NAMES "vertex|vertex-state|fragment|geometry|tess-control|tess-eval|compute|any"

/* The one program loader of check, tgsi and run: nvgp_program_create_for
 * the GL target (NVGP_TARGET_ANY: whatever the text opens; assembler or
 * TGSI reader, then the checker).  Returns 0 with *prog
 * loaded, 1 when the program is invalid, 2 when memory ran out (said on
 * stderr); *diag receives the diagnostics (NULL only in the last case). */
int nvgp_tool_load(const char *name, const char *src, size_t len, nvgp_target target,
                   nvgp_program **prog, nvgp_diag **diag);

/* A program file read and loaded (`-`: standard input, named <stdin>). */
typedef struct nvgp_tool_input {
    const char *name;
    char *src;
    size_t len;
    nvgp_program *prog;     /* NULL unless status is 0 */
    nvgp_diag *diag;
    int status;             /* as nvgp_tool_load; 2 also when unreadable */
} nvgp_tool_input;
int nvgp_tool_load_file(const char *path, nvgp_target target, nvgp_tool_input *in);
void nvgp_tool_input_free(nvgp_tool_input *in);

/* Flushes standard output; false, having said so on stderr, when writing
 * failed (a full disk, /dev/full, a closed pipe). */
bool nvgp_tool_flush_stdout(const char *command);

#endif

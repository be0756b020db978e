/* The subcommands of the nvgp tool.  Each returns the process exit status:
 * 0 success, 1 invalid input (a program or job that failed), 2 usage or I/O
 * error (INTERFACES.md). */
#ifndef NVGP_TOOLS_COMMANDS_H
#define NVGP_TOOLS_COMMANDS_H

#include <stdbool.h>
#include <stddef.h>

int nvgp_cmd_check(int argc, char **argv);
int nvgp_cmd_tgsi(int argc, char **argv);
int nvgp_cmd_run(int argc, char **argv);
int nvgp_cmd_debug(int argc, char **argv);
int nvgp_cmd_trace(int argc, char **argv);

/* Reads a whole file (`-` is standard input) into a malloc'd buffer with a
 * NUL after its last byte; binary content and NUL bytes are kept.  On failure
 * says why on stderr (`nvgp: PATH: reason`) and returns false. */
bool nvgp_tool_read_file(const char *path, char **data, size_t *len);

/* The value of --target=NAME (vertex, vertex-state, fragment, geometry,
 * tess-control, tess-eval, compute, any) as the library's nvgp_target;
 * false for an unknown name.  The int is an nvgp_target. */
bool nvgp_tool_parse_target(const char *name, int *target);
/* The names, for usage messages. */
#define NVGP_TOOL_TARGET_NAMES "vertex|vertex-state|fragment|geometry|tess-control|tess-eval|compute|any"


#endif

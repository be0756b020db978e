/* The subcommands of the nvgp tool.  Each returns the process exit status:
 * 0 success, 1 invalid input (a program or job that failed), 2 usage or I/O
 * error (INTERFACES.md). */
#ifndef NVGP_TOOLS_COMMANDS_H
#define NVGP_TOOLS_COMMANDS_H

int nvgp_cmd_check(int argc, char **argv);
int nvgp_cmd_tgsi(int argc, char **argv);
int nvgp_cmd_run(int argc, char **argv);

#endif

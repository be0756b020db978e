/* Placeholder until this subcommand lands; it says so and fails. */
#include "commands.h"

#include <stdio.h>

int nvgp_cmd_check(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fputs("nvgp check: not implemented yet\n", stderr);
    return 2;
}

/* nvgp command line: a thin client of libnvgp. */
#include "commands.h"
#include "nvgp.h"

#include <stdio.h>
#include <string.h>

static void usage(FILE *out)
{
    fputs("usage: nvgp COMMAND [ARGS]\n"
          "  check [--json] FILE...   assemble and validate\n"
          "  tgsi [-o OUT] FILE       print canonical TGSI\n"
          "  run [-o OUT] JOB.json    execute a job\n"
          "  --version, help CMD\n", out);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--version")) {
        printf("nvgp %s\n", nvgp_version());
        return 0;
    }
    if (!strcmp(cmd, "check"))
        return nvgp_cmd_check(argc - 1, argv + 1);
    if (!strcmp(cmd, "tgsi"))
        return nvgp_cmd_tgsi(argc - 1, argv + 1);
    if (!strcmp(cmd, "run"))
        return nvgp_cmd_run(argc - 1, argv + 1);
    if (!strcmp(cmd, "help") || !strcmp(cmd, "--help")) {
        usage(stdout);
        return 0;
    }
    fprintf(stderr, "nvgp: unknown command '%s'\n", cmd);
    usage(stderr);
    return 2;
}

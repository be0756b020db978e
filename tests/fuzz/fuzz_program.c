/* libFuzzer target for the library's front door: any bytes through
 * nvgp_program_create (NV/ARB assembly when they start with `!!`, TGSI text
 * otherwise), then both TGSI styles and the diagnostic printer.  Nothing may
 * crash, leak or trip a sanitizer, and a rejected program must say why. */
#include "nvgp.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* Diagnostics are printed, to exercise the printer on any input, into
     * a sink opened once for the whole run. */
    static FILE *sink;
    if (!sink)
        sink = fopen("/dev/null", "w");

    nvgp_diag *diag = NULL;
    nvgp_program *prog = nvgp_program_create("fuzz", (const char *)data, size, &diag);
    if (!diag)
        abort(); /* only out of memory may leave no diagnostics */
    if (!prog && nvgp_diag_error_count(diag) == 0) {
        fputs("fuzz_program: rejected without an error\n", stderr);
        abort();
    }
    long pos = nvgp_diag_error_position(diag);
    if (pos > (long)size) {
        fprintf(stderr, "fuzz_program: error position %ld past the end (%zu)\n", pos, size);
        abort();
    }
    if (prog) {
        free(nvgp_program_tgsi_text(prog, NVGP_TGSI_STYLE_CANONICAL, diag));
        free(nvgp_program_tgsi_text(prog, NVGP_TGSI_STYLE_MESA, diag));
        nvgp_program_destroy(prog);
    }
    if (sink)
        nvgp_diag_print(diag, sink);
    nvgp_diag_destroy(diag);
    return 0;
}

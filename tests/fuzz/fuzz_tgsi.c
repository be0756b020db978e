/* libFuzzer target for the TGSI text path: read -> check -> canonical write
 * -> read again.  Any input must be rejected cleanly or, once accepted by the
 * checker, print as canonical text that reads back, checks again and prints
 * identically (the writer's fixed-point promise).  A broken promise aborts,
 * which the fuzzer reports with the input that caused it. */
#include "base/diag.h"
#include "base/strbuf.h"
#include "tgsi/tgsi_check.h"
#include "tgsi/tgsi_text_read.h"
#include "tgsi/tgsi_text_write.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *what, const char *first, const char *second)
{
    fprintf(stderr, "fuzz_tgsi: %s\n--- first canonical text ---\n%s\n"
                    "--- second ---\n%s\n", what, first ? first : "(none)",
            second ? second : "(none)");
    abort();
}

/* Reads and checks text; returns the program only when both succeed. */
static tgsi_program *load(const char *text, size_t len, nvgp_diag **diag_out)
{
    nvgp_diag *diag = nvgp_diag_create("fuzz", text, len);
    if (!diag)
        return NULL;
    tgsi_program *p = nvgp_tgsi_read(text, len, diag);
    bool ok = p != NULL && nvgp_tgsi_check(p, diag) && nvgp_diag_error_count(diag) == 0;
    if (!ok && p) {
        nvgp_tgsi_program_destroy(p);
        p = NULL;
    }
    *diag_out = diag;
    return p;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* The input is not NUL-terminated: the reader must honour the length. */
    const char *src = (const char *)data;
    nvgp_diag *diag = NULL;
    tgsi_program *p = load(src, size, &diag);
    if (diag && !p && nvgp_diag_error_count(diag) == 0)
        fail("rejected without an error", NULL, NULL);
    if (!p) {
        nvgp_diag_destroy(diag);
        return 0;
    }

    nvgp_strbuf first, second, mesa;
    nvgp_strbuf_init(&first);
    nvgp_strbuf_init(&second);
    nvgp_strbuf_init(&mesa);
    if (!nvgp_tgsi_write(p, TGSI_STYLE_CANONICAL, &first) || first.failed)
        fail("canonical write of a valid program failed", NULL, NULL);
    /* Mesa's style is lossy by design (floats as %10.4f): it only has to
     * print without failing. */
    if (!nvgp_tgsi_write(p, TGSI_STYLE_MESA, &mesa) || mesa.failed)
        fail("mesa-style write of a valid program failed", NULL, NULL);

    nvgp_diag *diag2 = NULL;
    tgsi_program *p2 = load(first.data ? first.data : "", first.len, &diag2);
    if (!p2) {
        if (diag2)
            nvgp_diag_print(diag2, stderr);
        fail("canonical text does not read back as a valid program", first.data, NULL);
    }
    if (!nvgp_tgsi_write(p2, TGSI_STYLE_CANONICAL, &second) || second.failed)
        fail("second canonical write failed", first.data, NULL);
    if (first.len != second.len || memcmp(first.data, second.data, first.len) != 0)
        fail("canonical text is not a fixed point of read + write", first.data, second.data);

    nvgp_tgsi_program_destroy(p2);
    nvgp_diag_destroy(diag2);
    nvgp_strbuf_free(&first);
    nvgp_strbuf_free(&second);
    nvgp_strbuf_free(&mesa);
    nvgp_tgsi_program_destroy(p);
    nvgp_diag_destroy(diag);
    return 0;
}

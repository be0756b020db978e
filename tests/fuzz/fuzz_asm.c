/* libFuzzer target for the NV/ARB assembler.  Any input must either load or
 * fail with an error position inside [0, length]; it must never crash, leak
 * or read outside the input (ASan/UBSan watch that).  A loaded ARB-grammar
 * program must print as text that loads again and prints identically (the
 * printer's promise).  Each input is also tried behind every header, so the
 * fuzzer reaches the bodies of all the languages without having to discover
 * the headers first. */
#include "base/diag.h"
#include "base/strbuf.h"
#include "nv/nv_assemble.h"
#include "nv/nv_print.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char *print_of(const char *text, size_t len, bool *loaded)
{
    nvgp_diag *d = nvgp_diag_create("fuzz", text, len);
    if (!d)
        return NULL;
    nv_program *p = nvgp_nv_assemble(text, len, d);
    char *out = NULL;
    *loaded = p != NULL;
    if (p) {
        nvgp_strbuf sb;
        nvgp_strbuf_init(&sb);
        if (nvgp_nv_print(p, &sb) && !sb.failed)
            out = nvgp_strbuf_take(&sb, NULL);
        nvgp_strbuf_free(&sb);
    }
    nvgp_nv_program_destroy(p);
    nvgp_diag_destroy(d);
    return out;
}

static void check_print(const char *text, size_t len)
{
    bool loaded;
    char *first = print_of(text, len, &loaded);
    if (!first)
        return;
    char *second = print_of(first, strlen(first), &loaded);
    if (!second || strcmp(first, second) != 0) {
        fprintf(stderr, "fuzz_asm: printed program %s\n--- printed ---\n%s\n--- reprinted ---\n%s\n",
                loaded ? "prints differently" : "does not load", first, second ? second : "(none)");
        abort();
    }
    free(first);
    free(second);
}

static void run(const char *text, size_t len)
{
    nvgp_diag *d = nvgp_diag_create("fuzz", text, len);
    if (!d)
        return;
    nv_program *p = nvgp_nv_assemble(text, len, d);
    long pos = nvgp_diag_error_position(d);
    if (p && pos >= 0) {
        fprintf(stderr, "fuzz_asm: a loaded program has an error position %ld\n", pos);
        abort();
    }
    if (!p && (pos < 0 || (size_t)pos > len)) {
        fprintf(stderr, "fuzz_asm: a failed program has error position %ld (length %zu)\n", pos, len);
        abort();
    }
    bool ok = p != NULL;
    nvgp_nv_program_destroy(p);
    nvgp_diag_destroy(d);
    if (ok)
        check_print(text, len);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const headers[] = {
        "!!ARBvp1.0\n", "!!ARBfp1.0\n", "!!NVvp4.0\n", "!!NVfp4.0\n", "!!NVgp4.0\n", "!!NVvp5.0\n",
        "!!NVfp5.0\n", "!!NVgp5.0\n", "!!NVtcp5.0\n", "!!NVtep5.0\n", "!!NVcp5.0\n", "!!VP1.0\n",
        "!!VP1.1\n", "!!VP2.0\n", "!!VSP1.0\n", "!!FP1.0\n"};
    if (size > (1u << 20))
        return 0;
    /* A private copy, so reads past the end are caught. */
    char *copy = malloc(size ? size : 1);
    if (!copy)
        return 0;
    memcpy(copy, data, size);
    run(copy, size);
    free(copy);
    if (size == 0 || data[0] == '!')
        return 0;
    /* The first byte picks a header for the rest. */
    const char *h = headers[data[0] % (sizeof headers / sizeof headers[0])];
    size_t hl = strlen(h);
    char *buf = malloc(hl + size - 1 + 1);
    if (!buf)
        return 0;
    memcpy(buf, h, hl);
    memcpy(buf + hl, data + 1, size - 1);
    run(buf, hl + size - 1);
    free(buf);
    return 0;
}

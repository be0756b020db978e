/* nvgp check: load each file, report what is wrong with it as a compiler
 * would (or as JSON for tools), and sum the results in the exit status. */
#include "commands.h"
#include "nvgp.h"

#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { CHECK_VALID = 0, CHECK_INVALID = 1, CHECK_IO_ERROR = 2 };

/* json-c copies bytes >= 0x80 through unchanged; a message quoting binary
 * input would make the output invalid JSON, so anything that is not well
 * formed UTF-8 becomes '?'. */
static char *utf8_clean(const char *s)
{
    size_t n = strlen(s);
    char *out = malloc(n + 1);
    if (!out)
        return NULL;
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0, o = 0;
    while (i < n) {
        unsigned char c = p[i];
        size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xe ? 3
                   : (c >> 3) == 0x1e ? 4 : 0;
        bool ok = len > 0 && i + len <= n;
        for (size_t k = 1; ok && k < len; k++)
            ok = (p[i + k] & 0xc0) == 0x80;
        /* Overlong two-byte forms and code points past U+10FFFF are not UTF-8. */
        if (ok && len == 2 && c < 0xc2)
            ok = false;
        if (ok && len == 4 && c > 0xf4)
            ok = false;
        if (ok) {
            memcpy(out + o, p + i, len);
            o += len;
            i += len;
        } else {
            out[o++] = '?';
            i++;
        }
    }
    out[o] = '\0';
    return out;
}

static json_object *json_string_clean(const char *s)
{
    char *clean = utf8_clean(s);
    json_object *j = json_object_new_string(clean ? clean : "");
    free(clean);
    return j;
}

static void print_json(const char *file, bool valid, const nvgp_diag *diag)
{
    json_object *root = json_object_new_object();
    json_object *errors = json_object_new_array();
    json_object_object_add(root, "file", json_string_clean(file));
    json_object_object_add(root, "valid", json_object_new_boolean(valid));
    json_object_object_add(root, "error_position",
                           json_object_new_int64(valid ? -1 : nvgp_diag_error_position(diag)));
    size_t n = nvgp_diag_count(diag);
    for (size_t i = 0; i < n; i++) {
        nvgp_diag_entry e;
        if (!nvgp_diag_get(diag, i, &e) || e.severity != NVGP_SEVERITY_ERROR)
            continue;
        json_object *je = json_object_new_object();
        json_object_object_add(je, "offset", json_object_new_int64((int64_t)e.offset));
        json_object_object_add(je, "line", json_object_new_int64(e.line));
        json_object_object_add(je, "column", json_object_new_int64(e.column));
        json_object_object_add(je, "message", json_string_clean(e.message));
        json_object_array_add(errors, je);
    }
    json_object_object_add(root, "errors", errors);
    puts(json_object_to_json_string_ext(root, JSON_C_TO_STRING_SPACED |
                                              JSON_C_TO_STRING_NOSLASHESCAPE));
    json_object_put(root);
}

static int check_one(const char *path, bool json, nvgp_target target)
{
    nvgp_tool_input in;
    int status = nvgp_tool_load_file(path, target, &in);
    if (in.diag) {
        if (json)
            print_json(in.name, status == 0, in.diag);
        else
            nvgp_diag_print(in.diag, stderr);
    }
    nvgp_tool_input_free(&in);
    return status == 0 ? CHECK_VALID : status == 1 ? CHECK_INVALID : CHECK_IO_ERROR;
}

int nvgp_cmd_check(int argc, char **argv)
{
    bool json = false, options = true;
    nvgp_target target = NVGP_TARGET_ANY;
    /* Options may come before or after the files, up to `--`. */
    char **files = calloc((size_t)argc + 1, sizeof *files);
    int nfiles = 0;
    if (!files) {
        fputs("nvgp check: out of memory\n", stderr);
        return CHECK_IO_ERROR;
    }
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (options && !strcmp(a, "--")) {
            options = false;
        } else if (options && a[0] == '-' && a[1] != '\0') {
            int t;
            if (!strcmp(a, "--json")) {
                json = true;
            } else if (!strncmp(a, "--target=", 9) && nvgp_tool_parse_target(a + 9, &t)) {
                target = (nvgp_target)t;
            } else if (!strncmp(a, "--target=", 9)) {
                fprintf(stderr, "nvgp check: unknown target '%s' (" NVGP_TOOL_TARGET_NAMES ")\n", a + 9);
                free(files);
                return CHECK_IO_ERROR;
            } else {
                fprintf(stderr, "nvgp check: unknown option '%s'\n"
                                "usage: nvgp check [--json] [--target=TARGET] FILE...\n", a);
                free(files);
                return CHECK_IO_ERROR;
            }
        } else {
            files[nfiles++] = argv[i];
        }
    }
    if (nfiles == 0) {
        fputs("nvgp check: no input files\nusage: nvgp check [--json] [--target=TARGET] FILE...\n", stderr);
        free(files);
        return CHECK_IO_ERROR;
    }
    int status = CHECK_VALID;
    for (int i = 0; i < nfiles; i++) {
        int r = check_one(files[i], json, target);
        if (r > status)
            status = r;
    }
    free(files);
    fflush(stdout);
    if (ferror(stdout)) {
        fputs("nvgp check: error writing standard output\n", stderr);
        return CHECK_IO_ERROR;
    }
    return status;
}

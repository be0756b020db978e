/* The library's front door: one call that loads any program text.  The first
 * bytes decide the language (`!!` opens every NV/ARB header, TGSI text never
 * starts so), and the program keeps its own copy of the source so that
 * front ends may point into it for as long as the program lives. */
#include "api/program.h"

#include "base/diag.h"
#include "base/strbuf.h"
#include "lower/lower.h"
#include "tgsi/tgsi_check.h"
#include "tgsi/tgsi_names.h"
#include "tgsi/tgsi_text_read.h"
#include "tgsi/tgsi_text_write.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* Longest header kept for messages; real ones are at most `!!NVtcp5.0`. */
enum { HEADER_MAX = 31, CACHE_MAX = 8 };

struct nvgp_program {
    nvgp_language language;
    char header[HEADER_MAX + 1];
    char *source;           /* private copy, NUL-terminated */
    size_t length;
    tgsi_program *tgsi;     /* TGSI text read, or the NV program translated */
    nv_program *nv;
    nvgp_lower_map *map;    /* NV bindings -> TGSI registers */
    char *lower_error;      /* why the NV program has no TGSI form, or NULL */
    size_t lower_error_offset;
    /* idle objects kept for the program's next use (nvgp_program_cache_put);
     * mutable behind a const program, under the lock */
    pthread_mutex_t cache_lock;
    bool cache_lock_ok;
    void *cache[CACHE_MAX];
    void (*cache_destroy[CACHE_MAX])(void *);
    unsigned cache_count;
};

/* The header word of an NV/ARB program: everything up to the first blank,
 * with bytes that cannot be shown replaced, so that a message naming it
 * stays readable whatever the input holds. */
static void take_header(nvgp_program *prog, const char *src, size_t len)
{
    size_t n = 0;
    while (n < len && n < HEADER_MAX) {
        unsigned char c = (unsigned char)src[n];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ';')
            break;
        prog->header[n] = (c > 0x20 && c < 0x7f) ? (char)c : '?';
        n++;
    }
    prog->header[n] = '\0';
}

/* Translates an assembled program to TGSI.  A valid program whose
 * translation fails is still a valid program (nvgp check says so), so the
 * lowering reports into a diagnostic list of its own; its first error is
 * kept for nvgp_program_tgsi_text to give.  The translation goes through
 * the TGSI checker too: a lowering bug then shows as a clear error rather
 * than as a wrong run. */
static void translate_nv(nvgp_program *prog)
{
    nvgp_diag *ld = nvgp_diag_create(NULL, prog->source, prog->length);
    if (!ld)
        return;
    prog->tgsi = nvgp_lower_to_tgsi(prog->nv, &prog->map, ld);
    bool checked = prog->tgsi && nvgp_tgsi_check(prog->tgsi, ld) &&
                   nvgp_diag_error_count(ld) == 0;
    if (!checked) {
        nvgp_diag_entry e;
        bool have = false;
        for (size_t i = 0; !have && nvgp_diag_get(ld, i, &e); i++)
            have = e.severity == NVGP_SEVERITY_ERROR;
        if (have) {
            size_t n = strlen(e.message);
            prog->lower_error = malloc(n + 1);
            if (prog->lower_error)
                memcpy(prog->lower_error, e.message, n + 1);
            prog->lower_error_offset = e.offset;
        }
        if (prog->tgsi)
            nvgp_tgsi_program_destroy(prog->tgsi);
        prog->tgsi = NULL;
        nvgp_lower_map_destroy(prog->map);
        prog->map = NULL;
    }
    nvgp_diag_destroy(ld);
}

static bool load_nv(nvgp_program *prog, nvgp_target target, nvgp_diag *diag)
{
    take_header(prog, prog->source, prog->length);
    prog->nv = nvgp_nv_assemble_target(prog->source, prog->length, target, diag);
    if (!prog->nv || nvgp_diag_error_count(diag) > 0)
        return false;
    translate_nv(prog);
    return true;
}

/* The target that loads TGSI programs of each processor. */
static const nvgp_target processor_targets[TGSI_PROCESSOR_COUNT] = {
    [TGSI_PROCESSOR_VERTEX] = NVGP_TARGET_VERTEX,
    [TGSI_PROCESSOR_FRAGMENT] = NVGP_TARGET_FRAGMENT,
    [TGSI_PROCESSOR_GEOMETRY] = NVGP_TARGET_GEOMETRY,
    [TGSI_PROCESSOR_TESS_CTRL] = NVGP_TARGET_TESS_CONTROL,
    [TGSI_PROCESSOR_TESS_EVAL] = NVGP_TARGET_TESS_EVALUATION,
    [TGSI_PROCESSOR_COMPUTE] = NVGP_TARGET_COMPUTE,
};

static bool load_tgsi(nvgp_program *prog, nvgp_target target, nvgp_diag *diag)
{
    prog->tgsi = nvgp_tgsi_read(prog->source, prog->length, diag);
    if (!prog->tgsi)
        return false;
    const char *name = nvgp_tgsi_name(TGSI_NAMES_PROCESSOR, prog->tgsi->processor);
    if (name) {
        strncpy(prog->header, name, HEADER_MAX);
        prog->header[HEADER_MAX] = '\0';
    }
    unsigned proc = prog->tgsi->processor;
    if (target != NVGP_TARGET_ANY && (proc >= TGSI_PROCESSOR_COUNT || processor_targets[proc] != target)) {
        nvgp_diag_error(diag, 0, "'%s' opens a %s, not a %s (the target it is loaded for)",
                        name ? name : "?",
                        nvgp_target_noun(proc < TGSI_PROCESSOR_COUNT ? processor_targets[proc] : NVGP_TARGET_ANY),
                        nvgp_target_noun(target));
        return false;
    }
    return nvgp_tgsi_check(prog->tgsi, diag);
}

nvgp_program *nvgp_program_create(const char *file_name, const char *src, size_t len,
                                  nvgp_diag **diag_out)
{
    return nvgp_program_create_for(NVGP_TARGET_ANY, file_name, src, len, diag_out);
}

nvgp_program *nvgp_program_create_for(nvgp_target target, const char *file_name, const char *src,
                                      size_t len, nvgp_diag **diag_out)
{
    if (diag_out)
        *diag_out = NULL;
    if (!src)
        len = 0;
    nvgp_diag *diag = nvgp_diag_create(file_name, src ? src : "", len);
    if (!diag)
        return NULL;

    nvgp_program *prog = calloc(1, sizeof *prog);
    char *copy = len < (size_t)-1 ? malloc(len + 1) : NULL;
    if (prog)   /* without the lock the cache stays empty */
        prog->cache_lock_ok = pthread_mutex_init(&prog->cache_lock, NULL) == 0;
    if (!prog || !copy) {
        if (prog && prog->cache_lock_ok)
            pthread_mutex_destroy(&prog->cache_lock);
        free(prog);
        free(copy);
        nvgp_diag_error(diag, 0, "out of memory loading a program of %zu bytes", len);
        goto fail;
    }
    if (len)
        memcpy(copy, src, len);
    copy[len] = '\0';
    prog->source = copy;
    prog->length = len;

    bool ok;
    if (len >= 2 && src[0] == '!' && src[1] == '!') {
        prog->language = NVGP_LANGUAGE_NV;
        ok = load_nv(prog, target, diag);
    } else {
        prog->language = NVGP_LANGUAGE_TGSI;
        ok = load_tgsi(prog, target, diag);
    }
    /* A front end that returned a program yet reported an error would hand
     * out something half-checked: the error decides. */
    if (nvgp_diag_error_count(diag) > 0)
        ok = false;
    else if (!ok)
        nvgp_diag_error_at_end(diag, "program failed to load");
    if (!ok) {
        nvgp_program_destroy(prog);
        goto fail;
    }
    if (diag_out)
        *diag_out = diag;
    else
        nvgp_diag_destroy(diag);
    return prog;

fail:
    if (diag_out)
        *diag_out = diag;
    else
        nvgp_diag_destroy(diag);
    return NULL;
}

void nvgp_program_destroy(nvgp_program *prog)
{
    if (!prog)
        return;
    for (unsigned i = 0; i < prog->cache_count; i++)
        prog->cache_destroy[i](prog->cache[i]);
    if (prog->cache_lock_ok)
        pthread_mutex_destroy(&prog->cache_lock);
    if (prog->tgsi)
        nvgp_tgsi_program_destroy(prog->tgsi);
    if (prog->nv)
        nvgp_nv_program_destroy(prog->nv);
    if (prog->map)
        nvgp_lower_map_destroy(prog->map);
    free(prog->lower_error);
    free(prog->source);
    free(prog);
}

nvgp_language nvgp_program_language(const nvgp_program *prog) { return prog->language; }
const char *nvgp_program_header(const nvgp_program *prog) { return prog->header; }
const tgsi_program *nvgp_program_tgsi(const nvgp_program *prog) { return prog->tgsi; }
const nv_program *nvgp_program_nv(const nvgp_program *prog) { return prog->nv; }
const nvgp_lower_map *nvgp_program_lower_map(const nvgp_program *prog) { return prog->map; }

const char *nvgp_program_source(const nvgp_program *prog, size_t *length)
{
    *length = prog->length;
    return prog->source;
}

char *nvgp_program_tgsi_text(const nvgp_program *prog, nvgp_tgsi_style style,
                             nvgp_diag *diag)
{
    if (!prog->tgsi) {
        const char *header = prog->header[0] ? prog->header : "NV/ARB";
        if (diag && prog->lower_error)
            nvgp_diag_error(diag, prog->lower_error_offset,
                            "translation of %s programs to TGSI is not implemented yet: %s",
                            header, prog->lower_error);
        else if (diag)
            nvgp_diag_error(diag, 0,
                            "translation of %s programs to TGSI is not implemented yet",
                            header);
        return NULL;
    }
    nvgp_strbuf out;
    nvgp_strbuf_init(&out);
    tgsi_text_style ts = style == NVGP_TGSI_STYLE_MESA ? TGSI_STYLE_MESA
                                                       : TGSI_STYLE_CANONICAL;
    bool ok = nvgp_tgsi_write(prog->tgsi, ts, &out);
    if (!ok || out.failed) {
        nvgp_strbuf_free(&out);
        if (diag)
            nvgp_diag_error_at_end(diag, "could not write the program as TGSI text");
        return NULL;
    }
    char *text = nvgp_strbuf_take(&out, NULL);
    if (!text) {
        /* An empty program text still reads as a string. */
        text = calloc(1, 1);
    }
    return text;
}

void *nvgp_program_cache_take(const nvgp_program *cprog)
{
    nvgp_program *prog = (nvgp_program *)cprog;   /* created mutable: the cache is */
    void *obj = NULL;
    if (!prog->cache_lock_ok)
        return NULL;
    pthread_mutex_lock(&prog->cache_lock);
    if (prog->cache_count)
        obj = prog->cache[--prog->cache_count];
    pthread_mutex_unlock(&prog->cache_lock);
    return obj;
}

bool nvgp_program_cache_put(const nvgp_program *cprog, void *obj, void (*destroy)(void *))
{
    nvgp_program *prog = (nvgp_program *)cprog;
    bool kept = false;
    if (!prog->cache_lock_ok)
        return false;
    pthread_mutex_lock(&prog->cache_lock);
    if (prog->cache_count < CACHE_MAX) {
        prog->cache[prog->cache_count] = obj;
        prog->cache_destroy[prog->cache_count++] = destroy;
        kept = true;
    }
    pthread_mutex_unlock(&prog->cache_lock);
    return kept;
}

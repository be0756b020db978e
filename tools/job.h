/* Job files of `nvgp run` (docs/job-format.md):
 * the JSON is parsed into a plain struct of raw words and bytes, and the
 * results are written back as JSON ("Result").  Nothing here runs a
 * program: tools/job_bind.c gives a job to a machine (nvgp.h).
 *
 * Binding names ("IN[0]", "v[OPOS]", "c[3]", "program.env[2]", ...) stay
 * strings: the machine resolves them (nvgp_program_find_binding).
 *
 * Every error names the field it is about, as
 *   job.json: inputs["IN[0]"][2]: expected 4 numbers, got 3
 * and bad input never crashes. */
#ifndef NVGP_TOOLS_JOB_H
#define NVGP_TOOLS_JOB_H

#include "base/arena.h"
#include "base/strbuf.h"
#include "nvgp.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* printf-style format checking of the message builders */
#ifndef NVGP_PRINTF
#if defined(__GNUC__)
#define NVGP_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define NVGP_PRINTF(a, b)
#endif
#endif

/* The largest job file and program file `nvgp` reads (docs/job-format.md
 * "Limits"): reading stops one byte past them, so an endless stream such
 * as /dev/zero ends at once with an error. */
#define NVGP_JOB_MAX_BYTES ((size_t)16 << 20)
#define NVGP_PROGRAM_MAX_BYTES ((size_t)8 << 20)

/* Element types of data arrays and output formats. */
typedef enum nvgp_job_type {
    NVGP_JOB_F32, NVGP_JOB_U32, NVGP_JOB_S32, NVGP_JOB_HEX,  /* 32-bit words */
    NVGP_JOB_F64, NVGP_JOB_U64, NVGP_JOB_S64,                /* 64-bit: xy, zw */
    NVGP_JOB_U8, NVGP_JOB_S8, NVGP_JOB_U16, NVGP_JOB_S16,    /* memory only */
    NVGP_JOB_HEX64,                                          /* memory: 64-bit raw */
    NVGP_JOB_TYPE_COUNT
} nvgp_job_type;

const char *nvgp_job_type_name(nvgp_job_type t);      /* "f32", "u8", ... */
/* Appends a job's key (an input, parameter, output or buffer name) in
 * double quotes as messages show it: '"' and '\' after a backslash, and,
 * as diagnostics show bytes, every control byte, DEL and byte of no
 * well-formed UTF-8 sequence as \xNN, so a message never writes raw bytes
 * of a hostile key to a terminal. */
void nvgp_job_put_key(nvgp_strbuf *out, const char *key);
void nvgp_job_put_key_n(nvgp_strbuf *out, const char *key, size_t n);   /* may hold NULs */
/* Appends s as a JSON string that is always valid UTF-8: '"' and '\'
 * escaped, control bytes, DEL and bytes of no well-formed UTF-8 sequence as
 * \u00NN (the byte read as Latin-1). */
void nvgp_job_put_json_string(nvgp_strbuf *out, const char *s);
unsigned nvgp_job_type_size(nvgp_job_type t);         /* bytes per element */

/* A named vec4 binding: inputs and params. */
typedef struct nvgp_job_binding {
    const char *name;          /* as the job spells it */
    uint32_t count;            /* vec4 values */
    uint32_t (*values)[4];     /* raw words */
    /* inputs: true when values holds one vec4 per invocation (a list of
     * vec4s), false when one vec4 is for all.  params: a list of vec4s
     * fills consecutive registers from the named one. */
    bool list;
    /* inputs given as four 64-bit values ({"f64": [a, b, c, d]}, a LONG
     * vertex attribute of NV_gpu_program5): the words of c and d, for the
     * register after the named one (values holds a and b); NULL otherwise */
    uint32_t (*values_hi)[4];
} nvgp_job_binding;

/* Bytes for a buffer binding point or a global memory range. */
typedef struct nvgp_job_data {
    uint64_t address;          /* memory: byte address; buffers: binding index
                                  (a numeric key) */
    uint8_t type;              /* nvgp_job_type the elements were given in */
    size_t bytes;
    uint8_t *data;
    const char *key;           /* buffers keyed by a binding name
                                  ("program.storage[0]", "BUFFER[1]"): the name,
                                  resolved by the runner; NULL: numeric key */
} nvgp_job_data;

typedef struct nvgp_job_texture {
    uint32_t unit;
    nvgp_texture_desc desc;    /* levels resolved (0 became the full chain) */
    nvgp_tex_sampler sampler;
    uint32_t levels_given;     /* levels with texels (the rest are zero) */
    void *level_data[NVGP_TEX_MAX_LEVELS];  /* nvgp_texture_set_image data */
    size_t level_bytes[NVGP_TEX_MAX_LEVELS];
} nvgp_job_texture;

/* An image unit (IMAGE[n]; NV programs' "image[n]"): its texels, tightly
 * packed in the format (x fastest, then y, then z). */
typedef struct nvgp_job_image {
    uint32_t index;            /* a numeric key */
    const char *key;           /* a binding name, or NULL for a numeric key */
    uint8_t target;            /* nvgp_texture_target */
    const char *format;        /* the format's name (nvgp_machine_set_image) */
    uint32_t width, height, depth;
    nvgp_job_data data;        /* the texels; type: how a component prints
                                  (f32, u32, s32; u8 for 8-bit formats) */
} nvgp_job_image;

typedef struct nvgp_job_output {
    const char *name;
    uint8_t type;              /* nvgp_job_type: F32 U32 S32 HEX F64 U64 S64 */
} nvgp_job_output;

typedef struct nvgp_job {
    /* Exactly one of program_path (resolved against the job file's folder)
     * and program_text is set by the parser; nvgp_job_load reads the path
     * into program_text too. */
    const char *program_path;
    const char *program_text;
    size_t program_length;
    uint32_t invocations;      /* default 1 */
    uint32_t vertices;         /* input vertices per invocation (geometry,
                                  tessellation); 0 = not given */
    bool has_grid, has_block;  /* compute */
    uint32_t grid[3], block[3];
    uint32_t shared_size, private_size;   /* 0 = executor default */
    uint64_t budget;           /* instructions per invocation, 0 = default */
    uint32_t threads;          /* host threads, 0 = default */

    nvgp_job_binding *inputs;  size_t num_inputs;
    nvgp_job_binding *params;  size_t num_params;
    /* fragment programs: output name -> the framebuffer colour FBFETCH on
     * that output reads (one vec4, or one per invocation) */
    nvgp_job_binding *framebuffer; size_t num_framebuffer;
    nvgp_job_data *buffers;    size_t num_buffers;
    nvgp_job_data *memory;     size_t num_memory;
    nvgp_job_texture *textures; size_t num_textures;
    nvgp_job_image *images;    size_t num_images;
    uint32_t *helpers;         size_t num_helpers;
    nvgp_job_output *outputs;  size_t num_outputs;
    bool outputs_given;        /* false: report everything written, as f32 */

    nvgp_arena arena;          /* everything above lives here */
} nvgp_job;

/* Parses a job.  name is used in messages ("job.json"); base_dir (may be
 * NULL: the current folder) is where a relative program path starts.
 * Returns NULL on error with a malloc'd message in *error. */
nvgp_job *nvgp_job_parse(const char *text, size_t length, const char *name,
                         const char *base_dir, char **error);
/* Reads and parses the job file at path, then reads its program file. */
nvgp_job *nvgp_job_load(const char *path, char **error);
/* The same, saying why it failed: a file could not be read (exit status 2
 * for the tool) or the job is invalid (exit status 1). */
typedef enum nvgp_job_status {
    NVGP_JOB_OK,
    NVGP_JOB_IO_ERROR,      /* the job file or its program file unreadable */
    NVGP_JOB_INVALID        /* bad JSON or a bad field */
} nvgp_job_status;
nvgp_job_status nvgp_job_open(const char *path, nvgp_job **job, char **error);
void nvgp_job_destroy(nvgp_job *job);
/* The texture made from job->textures[i], with its texels and sampler state
 * set (the job owns it and destroys it with itself). */
const nvgp_texture *nvgp_job_texture_object(const nvgp_job *job, size_t i);
/* One texture object as the job's "textures" describes one, read on its
 * own (draw jobs): the texture (the caller destroys it), or NULL with a
 * malloc'd message "name: where: ..." in *error. */
struct json_object;
nvgp_texture *nvgp_job_texture_from_json(struct json_object *obj, const char *name,
                                         const char *where, char **error);
/* A data object ("Data (buffers and memory)": {"f32": [...]}, "size")
 * read outside a job (draw jobs): its bytes, malloc'd, in *data and *bytes.
 * *used counts the bytes of data read so far against the limit one job
 * has (1 GiB), and grows by these.  False with a malloc'd message
 * "name: where: ..." in *error. */
bool nvgp_job_data_from_json(struct json_object *obj, const char *name, const char *where,
                             uint64_t *used, uint8_t **data, size_t *bytes, char **error);

/* ---- Results --------------------------------------------------------------- */

/* One printed value: a register (4 words) in a format. */
typedef struct nvgp_job_value {
    const char *name;
    uint8_t type;              /* nvgp_job_type */
    uint32_t words[4];
} nvgp_job_value;

typedef struct nvgp_job_vertex {
    uint32_t stream, primitive;
    const nvgp_job_value *values;
    size_t count;
} nvgp_job_vertex;

typedef struct nvgp_job_invocation {
    const nvgp_job_value *values;
    size_t count;
    bool killed;
    const nvgp_job_vertex *emitted;
    size_t num_emitted;
} nvgp_job_invocation;

typedef struct nvgp_job_results {
    const nvgp_job_invocation *invocations;
    size_t num_invocations;
    bool has_killed;           /* fragment programs: print "killed" */
    bool has_emitted;          /* geometry programs: print "emitted" */
    const nvgp_job_data *memory;   /* final contents, types as given */
    size_t num_memory;
    const nvgp_job_data *buffers;  /* final contents of writable buffers */
    size_t num_buffers;
    uint64_t faults;
    const nvgp_job_image *images;  /* final contents of the images */
    size_t num_images;
    /* Streaming, so that a run of 2^24 invocations is never all in memory
     * at once (both optional):
     * invocation: when set, record i is made when it is written (the
     *   invocations array is not read): it fills *inv, which stays valid
     *   until the next call; false when out of memory.
     * flush: called whenever the text reaches 64 KiB, and at the end: it
     *   writes out the text and empties it; false (a write error) stops. */
    bool (*invocation)(void *ctx, size_t i, nvgp_job_invocation *inv);
    bool (*flush)(void *ctx, nvgp_strbuf *out);
    void *ctx;
} nvgp_job_results;

/* Appends the result JSON (docs/job-format.md "Results"), ending in a
 * newline.  False when an invocation or a flush callback failed, or out
 * is out of memory. */
bool nvgp_job_write_results(const nvgp_job_results *r, nvgp_strbuf *out);
/* One value as the results print it: "%.9g" floats, specials as strings. */
void nvgp_job_write_value(const nvgp_job_value *v, nvgp_strbuf *out);

#endif

/* Draw jobs of `nvgp run` (docs/job-format.md "Draw jobs"): a job whose
 * top-level object has a "draw" member runs through the OpenGL pipeline
 * (nvgp_pipeline.h) instead of one program on a machine: programs per
 * stage, vertex attributes, a primitive, a viewport, a framebuffer and GL
 * state; the result is the framebuffer (a PNG where the job asks) and the
 * probed pixels as JSON. */
#ifndef NVGP_TOOLS_DRAW_JOB_H
#define NVGP_TOOLS_DRAW_JOB_H

#include <stdbool.h>
#include <stddef.h>

/* When job_path (not standard input) holds a draw job: runs it, writes the
 * result JSON to out_path (NULL or "-": standard output), sets *rc to the
 * exit status (docs/cli.md) and returns true.  False for every other file:
 * the caller runs it as an ordinary job (and reports its errors). */
bool nvgp_draw_job_try(const char *cmd, const char *job_path, const char *out_path, int *rc);
/* The same for a job's text: name is used in messages, base_dir ("" for the
 * current folder) is where program file names start; png false leaves the
 * job's "png" unwritten.  Returns the exit status, or -1 when the text is
 * not a draw job (not JSON, or no "draw" member). */
int nvgp_draw_job_run_text(const char *cmd, const char *name, const char *base_dir,
                           const char *text, size_t len, const char *out_path, bool png);

#endif

/* Draw jobs of `nvgp run` (docs/job-format.md "Draw jobs"): a job whose
 * top-level object has a "draw" member runs through the OpenGL pipeline
 * (nvgp_pipeline.h) instead of one program on a machine: programs per
 * stage, vertex attributes, a primitive, a viewport, a framebuffer and GL
 * state; the result is the framebuffer (a PNG where the job asks) and the
 * probed pixels as JSON. */
#ifndef NVGP_TOOLS_DRAW_JOB_H
#define NVGP_TOOLS_DRAW_JOB_H

#include <stdbool.h>

/* When job_path (not standard input) holds a draw job: runs it, writes the
 * result JSON to out_path (NULL or "-": standard output), sets *rc to the
 * exit status (docs/cli.md) and returns true.  False for every other file:
 * the caller runs it as an ordinary job (and reports its errors). */
bool nvgp_draw_job_try(const char *cmd, const char *job_path, const char *out_path, int *rc);

#endif

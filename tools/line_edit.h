/* Reading a command line with editing on a terminal (nvgp debug): left and
 * right arrows, Home/End (and Ctrl-A/Ctrl-E), Backspace/Delete, Ctrl-U,
 * and a history on the up and down arrows.  On anything that is not a
 * terminal it reads a plain line. */
#ifndef NVGP_TOOLS_LINE_EDIT_H
#define NVGP_TOOLS_LINE_EDIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct nvgp_line_editor {
    char **history;
    size_t count, cap;
} nvgp_line_editor;

/* Reads one line (without its end) into buf; false at end of input.  With
 * a terminal on in and stdout the prompt is shown and the line edited. */
bool nvgp_line_read(nvgp_line_editor *ed, const char *prompt, FILE *in, char *buf, size_t n);
void nvgp_line_editor_free(nvgp_line_editor *ed);

#endif

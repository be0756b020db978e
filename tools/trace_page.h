/* The trace viewer's page (trace_page.c): one self-contained HTML file with
 * its style and script inline; nvgp trace puts the data between
 * nvgp_page_head and nvgp_page_tail. */
#ifndef NVGP_TOOLS_TRACE_PAGE_H
#define NVGP_TOOLS_TRACE_PAGE_H

/* pieces, NULL-terminated (a compiler need not take long literals) */
extern const char *const nvgp_page_head[];  /* up to the data's <script> elements */
extern const char *const nvgp_page_tail[];  /* the viewer's script and the end */

#endif

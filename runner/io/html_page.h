/* The frame of a self-contained HTML page (report, store trend): the head with its policy that
 * nothing is fetched, the one stylesheet both pages use, and the end. */
#pragma once

#include <glib.h>
#include <stdbool.h>

/* The stylesheet: tables (sortable, heatmaps), charts (io/svg_chart.h's classes) and text. */
extern const char sm_html_style[];

/* From <!DOCTYPE html> to <body>, titled `title` (escaped); `script`: the page carries an inline
 * script, which the Content-Security-Policy then allows. */
void sm_html_page_open(GString *out, const char *title, bool script);

/* `script` (NULL: none) inline, then </body></html>. */
void sm_html_page_close(GString *out, const char *script);

/* Inline SVG charts for the HTML pages (report, store trend): the figure around a chart, round
 * axis steps, and the lines and labels a chart is drawn with. Classes are io/html_page.c's. */
#pragma once

#include <glib.h>

/* <figure id="ID"><figcaption>CAPTION</figcaption><svg ...><title>TITLE</title>: a chart
 * `width` x `height` that screen readers announce by its title. Text is escaped. */
void sm_svg_chart_open(GString *out, const char *id, const char *caption, double width,
                       double height, const char *title);
void sm_svg_chart_close(GString *out);

/* A round axis maximum and step for values up to `max`: 1, 2, 2.5 or 5 times a power of ten,
 * about five steps. */
void sm_svg_nice_axis(double max, double *top, double *step);

/* An axis value as a label: "%.10g", no float noise (0.30000000000000004). */
char *sm_svg_tick_label(double value);

/* <line class="CLASS" .../>, without a newline. */
void sm_svg_line(GString *out, const char *class_name, double x1, double y1, double x2, double y2);

/* <text> at (x, y), anchored "start", "middle" or "end"; `text` escaped. */
void sm_svg_text(GString *out, double x, double y, const char *anchor, const char *text);

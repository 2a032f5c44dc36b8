/* The SVG chart pieces report and store trend draw with. */
#include "io/svg_chart.h"
#include "io/grid.h"

#include <math.h>

void sm_svg_chart_open(GString *out, const char *id, const char *caption, double width,
                       double height, const char *title)
{
  g_string_append(out, "<figure id=\"");
  sm_html_escape_append(out, id);
  g_string_append(out, "\">\n<figcaption>");
  sm_html_escape_append(out, caption);
  g_string_append_printf(out,
                         "</figcaption>\n<svg viewBox=\"0 0 %.0f %.0f\" width=\"%.0f\" "
                         "height=\"%.0f\" role=\"img\" aria-labelledby=\"",
                         width, height, width, height);
  sm_html_escape_append(out, id);
  g_string_append(out, "-title\">\n<title id=\"");
  sm_html_escape_append(out, id);
  g_string_append(out, "-title\">");
  sm_html_escape_append(out, title);
  g_string_append(out, "</title>\n");
}

void sm_svg_chart_close(GString *out) { g_string_append(out, "</svg>\n</figure>\n"); }

void sm_svg_nice_axis(double max, double *top, double *step)
{
  if (!(max > 0)) {
    *top = 1;
    *step = 0.2;
    return;
  }
  double raw = max / 5;
  double base = pow(10, floor(log10(raw)));
  static const double factors[] = {1, 2, 2.5, 5, 10};
  *step = base * 10;
  for (size_t i = 0; i < G_N_ELEMENTS(factors); i++)
    if (base * factors[i] >= raw) {
      *step = base * factors[i];
      break;
    }
  *top = ceil(max / *step - 1e-9) * *step;
}

char *sm_svg_tick_label(double value) { return g_strdup_printf("%.10g", value); }

void sm_svg_line(GString *out, const char *class_name, double x1, double y1, double x2, double y2)
{
  g_string_append_printf(out,
                         "<line class=\"%s\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>",
                         class_name, x1, y1, x2, y2);
}

void sm_svg_text(GString *out, double x, double y, const char *anchor, const char *text)
{
  g_string_append_printf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\">", x, y, anchor);
  sm_html_escape_append(out, text);
  g_string_append(out, "</text>");
}

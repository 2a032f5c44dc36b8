/* The report as one self-contained HTML page: inline CSS, inline SVG charts, and a small inline
 * script that sorts a table by the column header clicked. Nothing is fetched from anywhere. */
#include "report/report.h"

#include <math.h>
#include <string.h>

/* Tableau 20 in pairs: an engine's evp in the dark shade, its low in the light one. */
static const char *const palette[][2] = {
    {"#4e79a7", "#a0cbe8"}, {"#f28e2b", "#ffbe7d"}, {"#59a14f", "#8cd17d"}, {"#e15759", "#ff9d9a"},
    {"#b07aa1", "#d4a6c8"}, {"#b6992d", "#f1ce63"}, {"#499894", "#86bcb6"}, {"#9d7660", "#d7b5a6"},
    {"#d37295", "#fabfd2"}, {"#79706e", "#bab0ac"},
};

static const char *color_of(const SmSeries *series)
{
  return palette[series->color % G_N_ELEMENTS(palette)][series->low ? 1 : 0];
}

/* evp points are circles, low points squares, so the levels differ by more than shade. */
static void marker(GString *out, const SmSeries *series, double x, double y)
{
  if (series->low)
    g_string_append_printf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"7\" height=\"7\" fill=\"%s\">",
                           x - 3.5, y - 3.5, color_of(series));
  else
    g_string_append_printf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\">", x, y,
                           color_of(series));
}

static void marker_end(GString *out, const SmSeries *series)
{
  g_string_append(out, series->low ? "</rect>\n" : "</circle>\n");
}

static const char style[] =
    "body{font:14px/1.45 system-ui,-apple-system,\"Segoe UI\",Roboto,sans-serif;color:#222;"
    "margin:0 auto;max-width:1400px;padding:0 16px 48px}\n"
    "h1{font-size:24px;margin:24px 0 4px}h2{font-size:19px;margin:32px 0 6px;border-bottom:1px "
    "solid #ddd;padding-bottom:4px}\n"
    "p.intro{color:#555;max-width:900px;margin:4px 0 10px}\n"
    "nav a{margin-right:14px}\n"
    "table{border-collapse:collapse;margin:6px 0 12px;font-variant-numeric:tabular-nums}\n"
    "th,td{padding:3px 9px;border-bottom:1px solid #e4e4e4;text-align:left;vertical-align:top;"
    "white-space:nowrap}\n"
    "td.wrap{white-space:normal;min-width:12em}\n"
    "th{background:#f3f5f8;position:sticky;top:0;cursor:pointer;user-select:none;"
    "white-space:normal;vertical-align:bottom}\n"
    "th[aria-sort=ascending]::after{content:\" \\25B2\"}"
    "th[aria-sort=descending]::after{content:\" \\25BC\"}\n"
    "td.num,th.num{text-align:right}\n"
    "tbody tr:hover{background:#fafbe6}\n"
    ".charts{display:flex;flex-wrap:wrap;gap:12px}\n"
    "figure{margin:0;border:1px solid #e4e4e4;border-radius:4px;padding:6px}\n"
    "figcaption{font-weight:600;margin:0 0 2px 4px}\n"
    "svg text{font:11px system-ui,sans-serif;fill:#333}\n"
    "svg .axis-title{font-size:12px;fill:#222}\n"
    "svg .grid{stroke:#e8e8e8}svg .axis{stroke:#888}\n"
    ".wide{overflow-x:auto}\n";

/* Sorts a table by the clicked header: numerically when both cells start with a number. */
static const char script[] =
    "(function () {\n"
    "  'use strict';\n"
    "  function text(row, col) { return row.cells[col] ? row.cells[col].textContent.trim() : ''; "
    "}\n"
    "  var tables = document.querySelectorAll('table.sortable');\n"
    "  Array.prototype.forEach.call(tables, function (table) {\n"
    "    if (!table.tHead || !table.tBodies.length) { return; }\n"
    "    var heads = table.tHead.rows[0].cells;\n"
    "    Array.prototype.forEach.call(heads, function (th, col) {\n"
    "      th.tabIndex = 0;\n"
    "      function sort() {\n"
    "        var body = table.tBodies[0];\n"
    "        var rows = Array.prototype.slice.call(body.rows);\n"
    "        var dir = th.getAttribute('aria-sort') === 'ascending' ? -1 : 1;\n"
    "        Array.prototype.forEach.call(heads, function (h) { h.removeAttribute('aria-sort'); "
    "});\n"
    "        th.setAttribute('aria-sort', dir === 1 ? 'ascending' : 'descending');\n"
    "        rows.sort(function (a, b) {\n"
    "          var x = text(a, col), y = text(b, col);\n"
    "          var nx = parseFloat(x), ny = parseFloat(y);\n"
    "          if (!isNaN(nx) && !isNaN(ny)) { return (nx - ny) * dir; }\n"
    "          if (!isNaN(nx)) { return -1; }\n"
    "          if (!isNaN(ny)) { return 1; }\n"
    "          return x.localeCompare(y) * dir;\n"
    "        });\n"
    "        rows.forEach(function (r) { body.appendChild(r); });\n"
    "      }\n"
    "      th.addEventListener('click', sort);\n"
    "      th.addEventListener('keydown', function (e) {\n"
    "        if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); sort(); }\n"
    "      });\n"
    "    });\n"
    "  });\n"
    "}());\n";

static void esc(GString *out, const char *text) { sm_html_escape_append(out, text); }

/* A round axis maximum and step: 1, 2, 2.5 or 5 times a power of ten, about five steps. */
static void nice_axis(double max, double *top, double *step)
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

static char *tick_label(double value) { return g_strdup_printf("%.10g", value); }

static char *size_label(guint size)
{
  if (size >= 1048576 && size % 1048576 == 0)
    return g_strdup_printf("%u MiB", size / 1048576);
  if (size >= 1024 && size % 1024 == 0)
    return g_strdup_printf("%u KiB", size / 1024);
  return g_strdup_printf("%u B", size);
}

static void svg_open(GString *out, const SmChart *chart, guint index, double width, double height,
                     const char *what)
{
  g_string_append_printf(out, "<figure id=\"chart-%u\">\n<figcaption>", index);
  esc(out, chart->algorithm);
  g_string_append_printf(out,
                         "</figcaption>\n<svg viewBox=\"0 0 %.0f %.0f\" width=\"%.0f\" "
                         "height=\"%.0f\" role=\"img\" aria-labelledby=\"chart-%u-title\">\n"
                         "<title id=\"chart-%u-title\">",
                         width, height, width, height, index, index);
  esc(out, chart->algorithm);
  g_string_append_printf(out, ": %s</title>\n", what);
}

static void svg_close(GString *out) { g_string_append(out, "</svg>\n</figure>\n"); }

/* The distinct block sizes of a chart's points in order of first appearance (a set keeps it
 * linear in points), their range, and the largest figure. */
static GArray *chart_sizes(const SmChart *chart, guint *min_size, guint *max_size,
                           double *max_figure)
{
  GArray *sizes = g_array_new(FALSE, FALSE, sizeof(guint));
  g_autoptr(GHashTable) known_sizes = g_hash_table_new(g_direct_hash, g_direct_equal);
  for (guint s = 0; s < chart->series->len; s++) {
    const SmSeries *series = chart->series->pdata[s];
    for (guint i = 0; i < series->sizes->len; i++) {
      guint size = g_array_index(series->sizes, guint, i);
      *min_size = MIN(*min_size, size);
      *max_size = MAX(*max_size, size);
      *max_figure = MAX(*max_figure, g_array_index(series->figures, double, i));
      if (g_hash_table_add(known_sizes, GUINT_TO_POINTER(size)))
        g_array_append_val(sizes, size);
    }
  }
  return sizes;
}

static void line_chart(GString *out, const SmChart *chart, guint index)
{
  const double width = 780, left = 70, right = 230, top = 16, bottom = 58, plot_h = 306;
  const double plot_w = width - left - right;
  /* Tall enough for the legend, one line per series. */
  const double height = MAX(top + plot_h + bottom, top + 16 + chart->series->len * 18.0);
  guint min_size = G_MAXUINT, max_size = 0;
  double max_figure = 0;
  g_autoptr(GArray) sizes = chart_sizes(chart, &min_size, &max_size, &max_figure);
  double x0 = log2(min_size), x1 = log2(max_size);
  if (x1 - x0 < 1e-9) {
    x0 -= 1;
    x1 += 1;
  }
  double y_top, y_step;
  nice_axis(max_figure, &y_top, &y_step);
#define X(size) (left + (log2(size) - x0) / (x1 - x0) * plot_w)
#define Y(value) (top + plot_h - (value) / y_top * plot_h)

  svg_open(out, chart, index, width, height, "throughput (MB/s) by block size");
  for (double v = 0; v <= y_top + y_step / 2; v += y_step) {
    g_autofree char *label = tick_label(v);
    g_string_append_printf(out,
                           "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>"
                           "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
                           left, Y(v), left + plot_w, Y(v), left - 6, Y(v) + 4, label);
  }
  for (guint k = 0; k < sizes->len; k++) {
    guint size = g_array_index(sizes, guint, k);
    g_autofree char *label = size_label(size);
    g_string_append_printf(out,
                           "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>"
                           "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n",
                           X(size), top, X(size), top + plot_h, X(size), top + plot_h + 16, label);
  }
  g_string_append_printf(out,
                         "<line class=\"axis\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>"
                         "<line class=\"axis\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n",
                         left, top + plot_h, left + plot_w, top + plot_h, left, top, left,
                         top + plot_h);
  g_string_append_printf(out,
                         "<text class=\"axis-title\" x=\"%.1f\" y=\"%.1f\" "
                         "text-anchor=\"middle\">block size (bytes, log2 scale)</text>\n"
                         "<text class=\"axis-title\" transform=\"translate(16 %.1f) "
                         "rotate(-90)\" text-anchor=\"middle\">throughput (MB/s)</text>\n",
                         left + plot_w / 2, height - 14, top + plot_h / 2);
  for (guint s = 0; s < chart->series->len; s++) {
    const SmSeries *series = chart->series->pdata[s];
    const char *color = color_of(series);
    g_string_append_printf(out,
                           "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s points=\"",
                           color, series->dashed ? " stroke-dasharray=\"6 4\"" : "");
    for (guint i = 0; i < series->sizes->len; i++)
      g_string_append_printf(out, "%s%.1f,%.1f", i ? " " : "",
                             X(g_array_index(series->sizes, guint, i)),
                             Y(g_array_index(series->figures, double, i)));
    g_string_append(out, "\"/>\n");
    for (guint i = 0; i < series->sizes->len; i++) {
      guint size = g_array_index(series->sizes, guint, i);
      double figure = g_array_index(series->figures, double, i);
      marker(out, series, X(size), Y(figure));
      g_string_append(out, "<title>");
      esc(out, series->name);
      g_string_append_printf(out, ", %u bytes: %.2f MB/s</title>", size, figure);
      marker_end(out, series);
    }
    /* Legend: one line each, at the right of the plot. */
    double ly = top + 8 + s * 18;
    double lx = left + plot_w + 16;
    g_string_append_printf(out,
                           "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                           "stroke-width=\"2\"%s/>",
                           lx, ly, lx + 24, ly, color,
                           series->dashed ? " stroke-dasharray=\"6 4\"" : "");
    marker(out, series, lx + 12, ly);
    marker_end(out, series);
    g_string_append_printf(out, "<text x=\"%.1f\" y=\"%.1f\">", lx + 30, ly + 4);
    esc(out, series->name);
    g_string_append(out, "</text>\n");
  }
#undef X
#undef Y
  svg_close(out);
}

static void bar_chart(GString *out, const SmChart *chart, guint index)
{
  const double width = 780, left = 230, right = 90, top = 12, bar = 16, gap = 6, bottom = 46;
  const double plot_w = width - left - right;
  const double plot_h = chart->series->len * (bar + gap);
  const double height = top + plot_h + bottom;
  double max_figure = 0;
  for (guint s = 0; s < chart->series->len; s++) {
    const SmSeries *series = chart->series->pdata[s];
    for (guint i = 0; i < series->figures->len; i++)
      max_figure = MAX(max_figure, g_array_index(series->figures, double, i));
  }
  double x_top, x_step;
  nice_axis(max_figure, &x_top, &x_step);
  svg_open(out, chart, index, width, height, "operations per second");
  for (double v = 0; v <= x_top + x_step / 2; v += x_step) {
    double x = left + v / x_top * plot_w;
    g_autofree char *label = tick_label(v);
    g_string_append_printf(out,
                           "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>"
                           "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n",
                           x, top, x, top + plot_h, x, top + plot_h + 16, label);
  }
  g_string_append_printf(out,
                         "<line class=\"axis\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n"
                         "<text class=\"axis-title\" x=\"%.1f\" y=\"%.1f\" "
                         "text-anchor=\"middle\">operations per second (ops/s)</text>\n",
                         left, top, left, top + plot_h, left + plot_w / 2, height - 10);
  for (guint s = 0; s < chart->series->len; s++) {
    const SmSeries *series = chart->series->pdata[s];
    double figure = series->figures->len ? g_array_index(series->figures, double, 0) : 0;
    double y = top + s * (bar + gap) + gap / 2;
    double w = figure / x_top * plot_w;
    g_string_append_printf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">", left - 6,
                           y + bar - 4);
    esc(out, series->name);
    g_string_append_printf(out,
                           "</text><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.0f\" "
                           "fill=\"%s\"%s><title>",
                           left, y, w, bar, color_of(series),
                           series->dashed ? " fill-opacity=\"0.6\"" : "");
    esc(out, series->name);
    g_string_append_printf(out,
                           ": %.1f ops/s</title></rect><text x=\"%.1f\" y=\"%.1f\">%.0f</text>\n",
                           figure, left + w + 4, y + bar - 4, figure);
  }
  svg_close(out);
}

static void render_section(GString *out, const SmReport *report, const SmReportSection *section)
{
  g_string_append_printf(out, "<section id=\"%s\">\n<h2>", section->id);
  esc(out, section->title);
  g_string_append(out, "</h2>\n");
  if (section->intro != NULL) {
    g_string_append(out, "<p class=\"intro\">");
    esc(out, section->intro);
    g_string_append(out, "</p>\n");
  }
  if (strcmp(section->id, "charts") == 0) {
    g_string_append(out, "<div class=\"charts\">\n");
    for (guint c = 0; c < report->charts->len; c++) {
      const SmChart *chart = report->charts->pdata[c];
      if (chart->bulk)
        line_chart(out, chart, c + 1);
      else
        bar_chart(out, chart, c + 1);
    }
    if (report->charts->len == 0)
      g_string_append(out, "<p>No ok rows to chart.</p>\n");
    g_string_append(out, "</div>\n");
  }
  if (section->grid != NULL) {
    g_string_append(out, "<div class=\"wide\">\n");
    g_autofree char *attributes =
        g_strdup_printf("class=\"sortable\" id=\"%s-table\"", section->id);
    sm_grid_render_html(section->grid, out, attributes);
    g_string_append(out, "</div>\n");
  } else if (section->empty != NULL) {
    g_string_append(out, "<p>");
    esc(out, section->empty);
    g_string_append(out, "</p>\n");
  }
  g_string_append(out, "</section>\n");
}

char *sm_report_render_html(const SmReport *report)
{
  GString *out = g_string_new(NULL);
  g_string_append(out,
                  "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                  "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                  "<meta name=\"generator\" content=\"speedmatrix\">\n"
                  /* Nothing may be fetched: the browser refuses, and says so on the console. */
                  "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
                  "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n"
                  "<link rel=\"icon\" href=\"data:,\">\n"
                  "<title>speedmatrix report</title>\n<style>\n");
  g_string_append(out, style);
  g_string_append(out,
                  "</style>\n</head>\n<body>\n<h1>speedmatrix report</h1>\n<p class=\"intro\">");
  guint ok = 0;
  for (guint i = 0; i < report->results->len; i++)
    ok += ((const SmResultRow *)report->results->pdata[i])->row->status == SM_STATUS_OK;
  g_string_append_printf(out, "%u rows (%u ok) from ", report->results->len, ok);
  for (guint s = 0; s < report->sets->len; s++) {
    const SmResultSet *set = report->sets->pdata[s];
    g_string_append(out, s == 0 ? "" : s + 1 == report->sets->len ? " and " : ", ");
    g_string_append(out, "<code>");
    esc(out, set->name);
    g_string_append(out, "</code>");
  }
  g_string_append(out, ". Click a column header to sort a table.</p>\n<nav>");
  for (guint i = 0; i < report->sections->len; i++) {
    const SmReportSection *section = report->sections->pdata[i];
    g_string_append_printf(out, "<a href=\"#%s\">", section->id);
    esc(out, section->title);
    g_string_append(out, "</a>");
  }
  g_string_append(out, "</nav>\n");
  for (guint i = 0; i < report->sections->len; i++)
    render_section(out, report, report->sections->pdata[i]);
  g_string_append(out, "<script>\n");
  g_string_append(out, script);
  g_string_append(out, "</script>\n</body>\n</html>\n");
  return g_string_free(out, FALSE);
}

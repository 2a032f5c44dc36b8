/* The report as one self-contained HTML page (io/html_page.h): inline SVG charts (io/svg_chart.h)
 * and a small inline script that sorts a table by the column header clicked. Nothing is fetched
 * from anywhere. */
#include "report/report.h"
#include "report/report_machines.h"

#include "io/html_page.h"
#include "io/svg_chart.h"

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
  if (series->grey)
    return series->low ? "#d0d0d0" : "#b0b0b0";
  return palette[series->color % G_N_ELEMENTS(palette)][series->low ? 1 : 0];
}

/* evp points are circles, low points squares, so the levels differ by more than shade; implicit
 * points are open circles. */
static void marker(GString *out, const SmSeries *series, double x, double y)
{
  if (series->low)
    g_string_append_printf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"7\" height=\"7\" fill=\"%s\">",
                           x - 3.5, y - 3.5, color_of(series));
  else if (series->hollow)
    g_string_append_printf(out,
                           "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"#fff\" stroke=\"%s\" "
                           "stroke-width=\"1.5\">",
                           x, y, color_of(series));
  else
    g_string_append_printf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\">", x, y,
                           color_of(series));
}

static void marker_end(GString *out, const SmSeries *series)
{
  g_string_append(out, series->low ? "</rect>\n" : "</circle>\n");
}

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

static char *size_label(guint size)
{
  if (size >= 1048576 && size % 1048576 == 0)
    return g_strdup_printf("%u MiB", size / 1048576);
  if (size >= 1024 && size % 1024 == 0)
    return g_strdup_printf("%u KiB", size / 1024);
  return g_strdup_printf("%u B", size);
}

/* The chart's figure: its id chart-INDEX, captioned with the algorithm, titled with `what`. */
static void chart_open(GString *out, const SmChart *chart, guint index, double width, double height,
                       const char *what)
{
  g_autofree char *id = g_strdup_printf("chart-%u", index);
  g_autofree char *title = g_strdup_printf("%s: %s", chart->algorithm, what);
  sm_svg_chart_open(out, id, chart->algorithm, width, height, title);
}

/* A line chart's x axis in words: its title, and what a point's x counts. */
static const struct {
  const char *title, *unit;
} x_axes[] = {
    [SM_CHART_BY_SIZE] = {"block size (bytes, log2 scale)", "bytes"},
    [SM_CHART_BY_THREADS] = {"threads (log2 scale)", "threads"},
};

static const char *figure_unit(const SmChart *chart) { return chart->bulk ? "MB/s" : "ops/s"; }

/* "throughput (MB/s)"; by threads the total over the threads, "total rate (ops/s)". */
static char *y_title(const SmChart *chart)
{
  return g_strdup_printf("%s%s (%s)", chart->axis == SM_CHART_BY_THREADS ? "total " : "",
                         chart->bulk ? "throughput" : "rate", figure_unit(chart));
}

static char *x_label(const SmChart *chart, guint x)
{
  return chart->axis == SM_CHART_BY_SIZE ? size_label(x) : g_strdup_printf("%u", x);
}

/* Where a line chart's plot lies, and its scales. */
typedef struct {
  double left, top, plot_w, plot_h, height;
  double x0, x1;      /* log2 of the smallest and largest block size */
  double y_top, step; /* the value axis */
} Frame;

static double frame_x(const Frame *f, guint size)
{
  return f->left + (log2(size) - f->x0) / (f->x1 - f->x0) * f->plot_w;
}

static double frame_y(const Frame *f, double value)
{
  return f->top + f->plot_h - value / f->y_top * f->plot_h;
}

/* The block sizes of every series, in order of first appearance; the frame's scales. */
static GArray *line_frame(const SmChart *chart, Frame *f)
{
  guint min_size = G_MAXUINT, max_size = 0;
  double max_figure = 0;
  GArray *sizes = g_array_new(FALSE, FALSE, sizeof(guint));
  g_autoptr(GHashTable) known_sizes = g_hash_table_new(g_direct_hash, g_direct_equal);
  for (guint s = 0; s < chart->series->len; s++) {
    const SmSeries *series = chart->series->pdata[s];
    for (guint i = 0; i < series->sizes->len; i++) {
      guint size = g_array_index(series->sizes, guint, i);
      min_size = MIN(min_size, size);
      max_size = MAX(max_size, size);
      max_figure = MAX(max_figure, g_array_index(series->figures, double, i));
      max_figure = MAX(max_figure, g_array_index(series->highs, double, i));
      /* a set keeps this linear in points */
      if (g_hash_table_add(known_sizes, GUINT_TO_POINTER(size)))
        g_array_append_val(sizes, size);
    }
  }
  f->x0 = log2(min_size);
  f->x1 = log2(max_size);
  if (f->x1 - f->x0 < 1e-9) {
    f->x0 -= 1;
    f->x1 += 1;
  }
  sm_svg_nice_axis(max_figure, &f->y_top, &f->step);
  return sizes;
}

static void line_axes(GString *out, const SmChart *chart, const Frame *f, GArray *sizes)
{
  for (double v = 0; v <= f->y_top + f->step / 2; v += f->step) {
    g_autofree char *label = sm_svg_tick_label(v);
    sm_svg_line(out, "grid", f->left, frame_y(f, v), f->left + f->plot_w, frame_y(f, v));
    sm_svg_text(out, f->left - 6, frame_y(f, v) + 4, "end", label);
    g_string_append_c(out, '\n');
  }
  for (guint k = 0; k < sizes->len; k++) {
    guint size = g_array_index(sizes, guint, k);
    g_autofree char *label = x_label(chart, size);
    double x = frame_x(f, size);
    sm_svg_line(out, "grid", x, f->top, x, f->top + f->plot_h);
    sm_svg_text(out, x, f->top + f->plot_h + 16, "middle", label);
    g_string_append_c(out, '\n');
  }
  double bottom = f->top + f->plot_h;
  g_autofree char *y = y_title(chart);
  g_string_append_printf(out,
                         "<line class=\"axis\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>"
                         "<line class=\"axis\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n"
                         "<text class=\"axis-title\" x=\"%.1f\" y=\"%.1f\" "
                         "text-anchor=\"middle\">%s</text>\n"
                         "<text class=\"axis-title\" transform=\"translate(16 %.1f) "
                         "rotate(-90)\" text-anchor=\"middle\">%s</text>\n",
                         f->left, bottom, f->left + f->plot_w, bottom, f->left, f->top, f->left,
                         bottom, f->left + f->plot_w / 2, f->height - 14, x_axes[chart->axis].title,
                         f->top + f->plot_h / 2, y);
}

/* An error bar: a vertical line from low to high with short caps; nothing without an interval. */
static void whisker(GString *out, const SmSeries *series, double x, double y_low, double y_high)
{
  g_string_append_printf(out,
                         "<path class=\"err\" d=\"M%.1f %.1fV%.1fM%.1f %.1fh6M%.1f %.1fh6\" "
                         "stroke=\"%s\"/>\n",
                         x, y_low, y_high, x - 3, y_low, x - 3, y_high, color_of(series));
}

static void line_series(GString *out, const SmChart *chart, const Frame *f, const SmSeries *series)
{
  const char *color = color_of(series);
  g_string_append_printf(
      out, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"%s\"%s points=\"", color,
      series->grey ? "1" : "2", series->dashed ? " stroke-dasharray=\"6 4\"" : "");
  for (guint i = 0; i < series->sizes->len; i++)
    g_string_append_printf(out, "%s%.1f,%.1f", i ? " " : "",
                           frame_x(f, g_array_index(series->sizes, guint, i)),
                           frame_y(f, g_array_index(series->figures, double, i)));
  g_string_append(out, "\"/>\n");
  for (guint i = 0; i < series->sizes->len; i++) {
    guint size = g_array_index(series->sizes, guint, i);
    double figure = g_array_index(series->figures, double, i);
    double low = g_array_index(series->lows, double, i);
    double high = g_array_index(series->highs, double, i);
    if (!series->grey && low > 0 && high > 0)
      whisker(out, series, frame_x(f, size), frame_y(f, low), frame_y(f, high));
    marker(out, series, frame_x(f, size), frame_y(f, figure));
    g_string_append(out, "<title>");
    esc(out, series->name);
    g_string_append_printf(out, ", %u %s: %.2f %s", size, x_axes[chart->axis].unit, figure,
                           figure_unit(chart));
    if (low > 0 && high > 0)
      g_string_append_printf(out, " (%.2f to %.2f)", low, high);
    g_string_append(out, "</title>");
    marker_end(out, series);
  }
}

/* The legend at the right of the plot: a line per coloured series, then the grey engines'
 * names a few to a line. */
static void line_legend(GString *out, const SmChart *chart, double lx, double top)
{
  guint row = 0;
  for (guint s = 0; s < chart->series->len; s++) {
    const SmSeries *series = chart->series->pdata[s];
    if (series->grey)
      continue;
    double ly = top + 8 + row++ * 18;
    g_string_append_printf(out,
                           "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                           "stroke-width=\"2\"%s/>",
                           lx, ly, lx + 24, ly, color_of(series),
                           series->dashed ? " stroke-dasharray=\"6 4\"" : "");
    marker(out, series, lx + 12, ly);
    marker_end(out, series);
    g_string_append_printf(out, "<text x=\"%.1f\" y=\"%.1f\">", lx + 30, ly + 4);
    esc(out, series->name);
    g_string_append(out, "</text>\n");
  }
  for (guint o = 0; o < chart->others->len; o += 3) {
    double ly = top + 8 + row++ * 18;
    g_string_append_printf(out, "<text class=\"others\" x=\"%.1f\" y=\"%.1f\">%s", lx, ly + 4,
                           o == 0 ? "grey: " : "");
    for (guint k = o; k < MIN(o + 3, chart->others->len); k++) {
      esc(out, chart->others->pdata[k]);
      g_string_append(out, k + 1 < chart->others->len ? ", " : "");
    }
    g_string_append(out, "</text>\n");
  }
}

static guint legend_lines(const SmChart *chart)
{
  guint lines = (chart->others->len + 2) / 3;
  for (guint s = 0; s < chart->series->len; s++)
    lines += !((const SmSeries *)chart->series->pdata[s])->grey;
  return lines;
}

static void line_chart(GString *out, const SmChart *chart, guint index)
{
  const double width = 780, right = 230, bottom = 58;
  Frame f = {.left = 70, .top = 16, .plot_h = 306};
  f.plot_w = width - f.left - right;
  /* Tall enough for the legend. */
  f.height = MAX(f.top + f.plot_h + bottom, f.top + 16 + legend_lines(chart) * 18.0);
  g_autoptr(GArray) sizes = line_frame(chart, &f);
  g_autofree char *y = y_title(chart);
  g_autofree char *what =
      g_strdup_printf("%s by %s", y, chart->axis == SM_CHART_BY_SIZE ? "block size" : "threads");
  chart_open(out, chart, index, width, f.height, what);
  line_axes(out, chart, &f, sizes);
  for (guint s = 0; s < chart->series->len; s++)
    line_series(out, chart, &f, chart->series->pdata[s]);
  line_legend(out, chart, f.left + f.plot_w + 16, f.top);
  sm_svg_chart_close(out);
}

/* The bars' order: the coloured series, then the grey ones. */
static GPtrArray *bar_order(const SmChart *chart)
{
  GPtrArray *order = g_ptr_array_new();
  for (int grey = 0; grey < 2; grey++)
    for (guint s = 0; s < chart->series->len; s++)
      if (((const SmSeries *)chart->series->pdata[s])->grey == grey)
        g_ptr_array_add(order, chart->series->pdata[s]);
  return order;
}

static double first_of(GArray *values)
{
  return values->len ? g_array_index(values, double, 0) : 0;
}

static void bar(GString *out, const SmSeries *series, double left, double y, double plot_w,
                double x_top, double height)
{
  double figure = first_of(series->figures), low = first_of(series->lows);
  double high = first_of(series->highs), w = figure / x_top * plot_w;
  g_string_append_printf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">", left - 6,
                         y + height - 4);
  esc(out, series->name);
  g_string_append_printf(out,
                         "</text><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.0f\" "
                         "fill=\"%s\"%s><title>",
                         left, y, w, height, color_of(series),
                         series->dashed ? " fill-opacity=\"0.6\"" : "");
  esc(out, series->name);
  g_string_append_printf(out, ": %.1f ops/s", figure);
  if (low > 0 && high > 0)
    g_string_append_printf(out, " (%.1f to %.1f)", low, high);
  g_string_append_printf(out, "</title></rect><text x=\"%.1f\" y=\"%.1f\">%.0f</text>\n",
                         left + MAX(w, high / x_top * plot_w) + 4, y + height - 4, figure);
  if (low > 0 && high > 0) {
    double x0 = left + low / x_top * plot_w, x1 = left + high / x_top * plot_w,
           mid = y + height / 2;
    g_string_append_printf(out,
                           "<path class=\"err\" d=\"M%.1f %.1fH%.1fM%.1f %.1fv6M%.1f %.1fv6\" "
                           "stroke=\"#333\"/>\n",
                           x0, mid, x1, x0, mid - 3, x1, mid - 3);
  }
}

static void bar_chart(GString *out, const SmChart *chart, guint index)
{
  const double width = 780, left = 230, right = 90, top = 12, bar_h = 16, gap = 6, bottom = 46;
  const double plot_w = width - left - right;
  const double plot_h = chart->series->len * (bar_h + gap);
  const double height = top + plot_h + bottom;
  double max_figure = 0;
  for (guint s = 0; s < chart->series->len; s++) {
    const SmSeries *series = chart->series->pdata[s];
    max_figure = MAX(max_figure, MAX(first_of(series->figures), first_of(series->highs)));
  }
  double x_top, x_step;
  sm_svg_nice_axis(max_figure, &x_top, &x_step);
  chart_open(out, chart, index, width, height, "operations per second");
  for (double v = 0; v <= x_top + x_step / 2; v += x_step) {
    double x = left + v / x_top * plot_w;
    g_autofree char *label = sm_svg_tick_label(v);
    sm_svg_line(out, "grid", x, top, x, top + plot_h);
    sm_svg_text(out, x, top + plot_h + 16, "middle", label);
    g_string_append_c(out, '\n');
  }
  g_string_append_printf(out,
                         "<line class=\"axis\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n"
                         "<text class=\"axis-title\" x=\"%.1f\" y=\"%.1f\" "
                         "text-anchor=\"middle\">operations per second (ops/s)</text>\n",
                         left, top, left, top + plot_h, left + plot_w / 2, height - 10);
  g_autoptr(GPtrArray) order = bar_order(chart);
  for (guint s = 0; s < order->len; s++)
    bar(out, order->pdata[s], left, top + s * (bar_h + gap) + gap / 2, plot_w, x_top, bar_h);
  sm_svg_chart_close(out);
}

/* ---- the heatmap ---- */

/* A sequential scale (light yellow, teal, dark blue) for a ratio from 0 to 1. */
static void heat_color(double ratio, char *css, size_t len)
{
  static const double stops[][3] = {{255, 255, 217}, {65, 182, 196}, {37, 52, 148}};
  double t = CLAMP(ratio, 0, 1) * 2;
  int i = t >= 1 ? 1 : 0;
  double f = t - i;
  int rgb[3];
  for (int k = 0; k < 3; k++)
    rgb[k] = (int)lround(stops[i][k] + (stops[i + 1][k] - stops[i][k]) * f);
  g_snprintf(css, len, "background:#%02x%02x%02x;color:%s", rgb[0], rgb[1], rgb[2],
             ratio > 0.55 ? "#fff" : "#222");
}

/* What a test (or a script) reads a heatmap cell by. */
static void heat_data(GString *out, const SmSummaryLine *line, const char *column)
{
  g_string_append(out, " data-engine=\"");
  esc(out, column);
  g_string_append(out, "\" data-algorithm=\"");
  esc(out, line->algorithm);
  g_string_append_printf(out, "\" data-operation=\"%s\"", sm_op_name(line->operation));
}

static void heat_cell(GString *out, const SmSummaryGrid *grid, const SmSummaryLine *line,
                      const SmSummaryCell *cell, const char *column)
{
  g_autofree char *text = sm_report_heat_text(cell);
  if (cell->row == NULL) {
    g_string_append(out, "<td class=\"heat none\"");
    heat_data(out, line, column);
    g_autofree char *title = g_strdup_printf("%s, %s: unsupported or not ok", column, line->label);
    g_string_append(out, " title=\"");
    esc(out, title);
    g_string_append(out, "\">-</td>");
    return;
  }
  const SmRow *row = cell->row;
  char css[64];
  heat_color(cell->ratio, css, sizeof css);
  g_autofree char *figure =
      sm_summary_figure_text(grid->bulk ? row->bytes_per_sec / 1e6 : row->ops_per_sec, grid->bulk);
  g_string_append_printf(out, "<td class=\"heat%s%s\" style=\"%s\"",
                         cell->fastest ? " fastest" : "",
                         cell->profile_note != NULL ? " outlier" : "", css);
  heat_data(out, line, column);
  g_string_append_printf(out, " data-size=\"%u\" data-api=\"%s\" title=\"", row->block_size,
                         sm_api_name(row->api));
  g_autofree char *ratio = sm_summary_ratio_text(cell->ratio);
  g_autofree char *standing =
      cell->fastest ? g_strdup(cell->tie ? "the fastest, others tied with it" : "the fastest")
                    : g_strdup_printf("%s of the fastest%s", ratio, cell->tie ? ", a tie" : "");
  g_autofree char *title = g_strdup_printf("%s %s, best level %s: %s; %s%s%s", column, line->label,
                                           sm_api_name(row->api), figure, standing,
                                           cell->profile_note != NULL ? "; outlier: " : "",
                                           cell->profile_note != NULL ? cell->profile_note : "");
  esc(out, title);
  g_string_append(out, "\">");
  esc(out, text);
  g_string_append(out, "</td>");
}

/* One table: a header of engines, then per grid a row naming it and a row per algorithm. */
static void heatmap(GString *out, const SmSummary *summary)
{
  g_string_append(out, "<div class=\"wide\">\n<table class=\"heatmap\" id=\"heatmap\">\n"
                       "<thead><tr><th>algorithm</th>");
  for (guint c = 0; c < summary->columns->len; c++) {
    g_string_append(out, "<th class=\"num\">");
    esc(out, summary->columns->pdata[c]);
    g_string_append(out, "</th>");
  }
  g_string_append(out, "<th class=\"num\">fastest</th></tr></thead>\n<tbody>\n");
  for (guint g = 0; g < summary->grids->len; g++) {
    const SmSummaryGrid *grid = summary->grids->pdata[g];
    g_string_append_printf(out, "<tr class=\"group\"><td colspan=\"%u\">",
                           summary->columns->len + 2);
    esc(out, grid->title);
    g_string_append(out, "</td></tr>\n");
    for (guint l = 0; l < grid->lines->len; l++) {
      const SmSummaryLine *line = grid->lines->pdata[l];
      g_string_append(out, "<tr><td class=\"label\">");
      esc(out, line->label);
      g_string_append(out, "</td>");
      for (guint c = 0; c < summary->columns->len; c++)
        heat_cell(out, grid, line, &line->cells[c], summary->columns->pdata[c]);
      g_autofree char *figure =
          line->fastest ? sm_summary_figure_text(line->figure, grid->bulk) : g_strdup("-");
      g_string_append_printf(out, "<td class=\"num\">%s</td></tr>\n", figure);
    }
  }
  g_string_append(out, "</tbody>\n</table>\n</div>\n");
}

/* ---- the heatmap across machines ---- */

/* A diverging scale for a ratio to the baseline machine on log2: white at x1, red slower, blue
 * faster, full at x1/8 and x8. */
static void ratio_color(double ratio, char *css, size_t len)
{
  static const double white[3] = {247, 247, 247}, red[3] = {202, 0, 32}, blue[3] = {5, 113, 176};
  double t = ratio > 0 ? CLAMP(log2(ratio) / 3.0, -1, 1) : -1;
  const double *to = t < 0 ? red : blue;
  double f = fabs(t);
  int rgb[3];
  for (int k = 0; k < 3; k++)
    rgb[k] = (int)lround(white[k] + (to[k] - white[k]) * f);
  g_snprintf(css, len, "background:#%02x%02x%02x;color:%s", rgb[0], rgb[1], rgb[2],
             f > 0.55 ? "#fff" : "#222");
}

static void machine_cell(GString *out, const SmReportMachines *m, const SmMachineLine *line,
                         guint machine)
{
  const SmMachineFigure *figure = &line->figures[machine];
  const SmRow *row = line->first;
  g_string_append(out, "<td class=\"heat");
  g_string_append(out, figure->result == NULL || isnan(figure->ratio) ? " none\"" : "\"");
  char css[64];
  if (figure->result != NULL && !isnan(figure->ratio)) {
    ratio_color(figure->ratio, css, sizeof css);
    g_string_append_printf(out, " style=\"%s\"", css);
  }
  g_string_append(out, " data-machine=\"");
  esc(out, m->machines->pdata[machine]);
  g_string_append(out, "\" data-engine=\"");
  esc(out, row->engine);
  g_string_append(out, "\" data-algorithm=\"");
  esc(out, row->algorithm);
  g_string_append_printf(out, "\" data-operation=\"%s\" data-size=\"%u\" data-line-api=\"%s\"",
                         sm_op_name(row->operation), row->block_size, line->api ? line->api : "");
  if (figure->result == NULL) {
    g_string_append(out, " title=\"not measured on this machine\">-</td>");
    return;
  }
  double value = sm_result_figure(figure->result);
  g_autofree char *title =
      g_strdup_printf("%s: %.2f %s at api %s%s", (const char *)m->machines->pdata[machine],
                      line->bulk ? value / 1e6 : value, line->bulk ? "MB/s" : "ops/s",
                      sm_machine_figure_api(figure), figure->stand_in ? " (its only level)" : "");
  g_string_append_printf(out, " data-api=\"%s\" title=\"", sm_machine_figure_api(figure));
  esc(out, title);
  if (isnan(figure->ratio))
    g_string_append(out, "\">?");
  else
    g_string_append_printf(out, "\">%.2f", figure->ratio);
  if (figure->stand_in || line->api == NULL)
    g_string_append_printf(out, " <small>%s</small>", sm_machine_figure_api(figure));
  g_string_append(out, "</td>");
}

/* Rows: the cells; columns: the machines, the baseline first; each the ratio to the baseline. */
static void machines_heatmap(GString *out, const SmReportMachines *m)
{
  g_string_append(out, "<div class=\"wide\">\n<table class=\"heatmap\" id=\"machines-heatmap\">\n"
                       "<thead><tr>");
  if (m->engines)
    g_string_append(out, "<th>engine</th>");
  g_string_append(out, "<th>algorithm</th><th>operation</th><th class=\"num\">size</th>"
                       "<th>api</th>");
  for (guint i = 0; i < m->machines->len; i++) {
    g_string_append(out, "<th class=\"num\">");
    esc(out, m->machines->pdata[i]);
    g_string_append(out, i == 0 ? " (baseline)</th>" : "</th>");
  }
  g_string_append(out, "</tr></thead>\n<tbody>\n");
  for (guint l = 0; l < m->lines->len; l++) {
    const SmMachineLine *line = m->lines->pdata[l];
    const SmRow *row = line->first;
    g_string_append(out, "<tr>");
    if (m->engines) {
      g_string_append(out, "<td>");
      esc(out, row->engine);
      g_string_append(out, "</td>");
    }
    g_string_append(out, "<td class=\"label\">");
    esc(out, row->algorithm);
    g_string_append_printf(out, "</td><td>%s</td><td class=\"num\">", sm_op_name(row->operation));
    if (row->block_size > 0)
      g_string_append_printf(out, "%u", row->block_size);
    g_string_append_printf(out, "</td><td>%s</td>", line->api ? line->api : "own");
    for (guint i = 0; i < m->machines->len; i++)
      machine_cell(out, m, line, i);
    g_string_append(out, "</tr>\n");
  }
  g_string_append(out, "</tbody>\n</table>\n</div>\n");
}

static void machines_charts(GString *out, const SmReport *report)
{
  const SmReportMachines *m = report->machines;
  g_string_append(out, "<div class=\"charts\" id=\"machines-charts\">\n");
  for (guint c = 0; c < m->charts->len; c++) {
    const SmChart *chart = m->charts->pdata[c];
    guint index = report->charts->len + c + 1;
    if (chart->bulk)
      line_chart(out, chart, index);
    else
      bar_chart(out, chart, index);
  }
  g_string_append(out, "</div>\n");
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
  if (strcmp(section->id, "summary") == 0 && report->summary->grids->len > 0) {
    heatmap(out, report->summary);
    g_string_append(out, "</section>\n");
    return;
  }
  if (strcmp(section->id, "machines") == 0 && report->machines != NULL) {
    machines_heatmap(out, report->machines);
    machines_charts(out, report);
  }
  if (strcmp(section->id, "threads") == 0) {
    guint first = report->charts->len + (report->machines ? report->machines->charts->len : 0);
    g_string_append(out, "<div class=\"charts\" id=\"threads-charts\">\n");
    for (guint c = 0; c < report->thread_charts->len; c++)
      line_chart(out, report->thread_charts->pdata[c], first + c + 1);
    g_string_append(out, "</div>\n");
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
  sm_html_page_open(out, "speedmatrix report", true);
  g_string_append(out, "<h1>speedmatrix report</h1>\n<p class=\"intro\">");
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
  sm_html_page_close(out, script);
  return g_string_free(out, FALSE);
}

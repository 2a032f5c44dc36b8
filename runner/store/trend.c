/* store trend: one machine's history as a self-contained HTML page (io/html_page.h, charts by
 * io/svg_chart.h; no script, nothing fetched): noise index, open changes, a chart per changed
 * series with its steps, noise band and events, a heatmap against a baseline run, and a
 * cross-machine view. */
#include "store/check.h"

#include "core/util.h"
#include "io/grid.h"
#include "io/html_page.h"
#include "io/svg_chart.h"
#include "store/history.h"

#include <math.h>
#include <string.h>

#define CHART_W 640
#define CHART_H 180
#define CHART_PAD 40
#define MAX_CHARTS 24

static void esc(GString *out, const char *text) { sm_html_escape_append(out, text); }

static void head(GString *out, const SmHistory *h)
{
  g_autofree char *title = g_strconcat("speedmatrix trend: ", h->host, NULL);
  sm_html_page_open(out, title, false);
  g_string_append(out, "<h1>Trend: ");
  esc(out, h->host);
  g_string_append(out, "</h1>\n<p>");
  esc(out, h->cpu_model ? h->cpu_model : "");
  const SmHistoryRun *first = h->runs->pdata[0], *last = h->runs->pdata[h->runs->len - 1];
  if (h->runs->len == 1) {
    g_string_append(out, " &middot; one run, ");
  } else {
    g_string_append_printf(out, " &middot; %u runs from ", h->runs->len);
    esc(out, first->started);
    g_string_append(out, " to ");
  }
  esc(out, last->started);
  g_string_append_printf(out, " &middot; %u series &middot; ", h->series->len);
  if (h->runs->len == 1)
    g_string_append(out, "noise: known from the second run on</p>\n");
  else
    g_string_append_printf(out,
                           "<strong>noise index %.2f%%</strong> (median over the series of the "
                           "run-to-run noise)</p>\n",
                           h->noise_index * 100);
}

static const char *started(const SmHistory *h, guint at)
{
  return ((const SmHistoryRun *)h->runs->pdata[at])->started;
}

/* Whether a change is one the table lists: the latest of its series, and not the machine's. */
static bool listed(const SmChange *c) { return c->last && c->confidence != SM_CHANGE_MACHINE; }

static void open_changes(GString *out, const SmHistory *h)
{
  guint open = h->machine_changes->len;
  for (guint i = 0; i < h->changes->len; i++)
    open += listed(h->changes->pdata[i]);
  g_string_append(out, "<h2 id=\"changes\">Open changes</h2>\n");
  if (open == 0) {
    if (h->runs->len == 1)
      g_string_append(out, "<p id=\"changes-none\">No open change: one run so far, and a change "
                           "needs runs on both sides of it.</p>\n");
    else
      g_string_append_printf(out,
                             "<p id=\"changes-none\">No open change: every series has kept its "
                             "level over these %u runs.</p>\n",
                             h->runs->len);
    return;
  }
  g_string_append(out, "<table id=\"changes-table\"><tr>"
                       "<th>series</th><th>since</th><th>before</th><th>after</th><th>change</th>"
                       "<th>p</th><th>confidence</th><th>event</th></tr>\n");
  for (guint i = 0; i < h->machine_changes->len; i++) {
    const SmMachineChange *m = &g_array_index(h->machine_changes, SmMachineChange, i);
    g_string_append_printf(out, "<tr><td>machine: %u of %u series</td><td>", m->moved, m->total);
    esc(out, started(h, m->at));
    g_string_append_printf(out,
                           "</td><td></td><td></td><td class=\"num %s\">%+.1f%%</td><td></td>"
                           "<td>machine change</td><td>",
                           m->magnitude < 0 ? "worse" : "better", m->magnitude * 100);
    esc(out, m->event ? m->event : "");
    g_string_append(out, "</td></tr>\n");
  }
  for (guint i = 0; i < h->changes->len; i++) {
    const SmChange *c = h->changes->pdata[i];
    if (!listed(c))
      continue;
    g_string_append(out, "<tr><td>");
    esc(out, c->series->label);
    g_string_append(out, "</td><td>");
    esc(out, started(h, c->step.at));
    g_string_append_printf(out,
                           "</td><td class=\"num\">%.4g</td><td class=\"num\">%.4g</td>"
                           "<td class=\"num %s\">%+.1f%%</td><td class=\"num\">%.1e</td><td>%s"
                           "</td><td>",
                           exp(c->step.before), exp(c->step.after),
                           c->magnitude < 0 ? "worse" : "better", c->magnitude * 100, c->step.p,
                           sm_change_confidence_name(c->confidence));
    esc(out, c->event ? c->event : "");
    g_string_append(out, "</td></tr>\n");
  }
  g_string_append(out, "</table>\n");
}

typedef struct {
  double lo, hi; /* log range */
  guint runs;
} Scale;

static double sx(const Scale *s, guint at)
{
  return CHART_PAD + (s->runs > 1 ? (double)at * (CHART_W - 2 * CHART_PAD) / (s->runs - 1) : 0);
}

static double sy(const Scale *s, double v)
{
  double span = s->hi - s->lo > 1e-9 ? s->hi - s->lo : 1e-9;
  return CHART_H - 20 - (v - s->lo) * (CHART_H - 40) / span;
}

/* The noise band (level +- 2 sigma) and the level line of each segment between steps. */
static void chart_levels(GString *out, const SmHistorySeries *s, const Scale *scale)
{
  guint from = 0;
  for (guint i = 0; i <= s->steps->len; i++) {
    guint to = i < s->steps->len ? g_array_index(s->steps, SmStep, i).at : scale->runs;
    double level = i < s->steps->len   ? g_array_index(s->steps, SmStep, i).before
                   : s->steps->len > 0 ? g_array_index(s->steps, SmStep, i - 1).after
                                       : NAN;
    if (isfinite(level) && to > from) {
      double x0 = sx(scale, from), x1 = sx(scale, to - 1);
      double y0 = sy(scale, level + 2 * s->sigma), y1 = sy(scale, level - 2 * s->sigma);
      g_string_append_printf(out,
                             "<rect class=\"band\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
                             "height=\"%.1f\"/>",
                             x0, y0, x1 - x0 + 1, y1 - y0);
      sm_svg_line(out, "level", x0, sy(scale, level), x1, sy(scale, level));
    }
    from = to;
  }
}

/* The events of the series' engine (or of the machine) as dashed lines, titled. */
static void chart_events(GString *out, const SmHistory *h, const SmHistorySeries *s,
                         const Scale *scale)
{
  for (guint i = 0; i < h->events->len; i++) {
    const SmHistoryEvent *e = h->events->pdata[i];
    if (e->at >= h->runs->len || (e->engine != NULL && strcmp(e->engine, s->engine) != 0))
      continue;
    g_string_append_printf(out,
                           "<line class=\"event\" x1=\"%.1f\" y1=\"10\" x2=\"%.1f\" y2=\"%d\">"
                           "<title>",
                           sx(scale, e->at), sx(scale, e->at), CHART_H - 20);
    esc(out, e->what);
    g_string_append(out, "</title></line>");
  }
}

static void chart(GString *out, const SmHistory *h, const SmHistorySeries *s, guint index)
{
  Scale scale = {.lo = INFINITY, .hi = -INFINITY, .runs = h->runs->len};
  for (guint i = 0; i < h->runs->len; i++)
    if (isfinite(s->values[i])) {
      scale.lo = MIN(scale.lo, s->values[i] - 2 * s->sigma);
      scale.hi = MAX(scale.hi, s->values[i] + 2 * s->sigma);
    }
  g_autofree char *id = g_strdup_printf("trend-chart-%u", index);
  g_autofree char *caption = g_strdup_printf("%s (ops/s, noise %.2f%%)", s->label, s->sigma * 100);
  g_autofree char *title = g_strdup_printf("%s: ops/s by run", s->label);
  sm_svg_chart_open(out, id, caption, CHART_W, CHART_H, title);
  sm_svg_line(out, "axis", CHART_PAD, CHART_H - 20, CHART_W - CHART_PAD, CHART_H - 20);
  g_autofree char *top = g_strdup_printf("%.4g", exp(scale.hi));
  g_autofree char *bottom = g_strdup_printf("%.4g", exp(scale.lo));
  sm_svg_text(out, 2, 14, "start", top);
  sm_svg_text(out, 2, CHART_H - 24, "start", bottom);
  chart_levels(out, s, &scale);
  chart_events(out, h, s, &scale);
  for (guint i = 0; i < h->runs->len; i++)
    if (isfinite(s->values[i]))
      g_string_append_printf(out, "<circle class=\"point\" cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\"/>",
                             sx(&scale, i), sy(&scale, s->values[i]));
  sm_svg_chart_close(out);
}

static gint by_change_size(gconstpointer a, gconstpointer b)
{
  const SmChange *x = *(const SmChange *const *)a, *y = *(const SmChange *const *)b;
  double dx = fabs(x->magnitude), dy = fabs(y->magnitude);
  if (dx != dy)
    return dx < dy ? 1 : -1;
  return strcmp(x->series->label, y->series->label);
}

static void charts(GString *out, const SmHistory *h)
{
  g_autoptr(GPtrArray) last = g_ptr_array_new();
  for (guint i = 0; i < h->changes->len; i++)
    if (((SmChange *)h->changes->pdata[i])->last)
      g_ptr_array_add(last, h->changes->pdata[i]);
  g_ptr_array_sort(last, by_change_size);
  g_string_append(out, "<h2 id=\"charts\">Changed series</h2>\n");
  if (last->len == 0) {
    g_string_append(out, "<p id=\"charts-none\">No series changed: nothing to chart.</p>\n");
    return;
  }
  if (last->len <= MAX_CHARTS)
    g_string_append_printf(out, "<p>%u series with a step, each charted", last->len);
  else
    g_string_append_printf(out, "<p>%u series with a step; the %u largest are charted", last->len,
                           MAX_CHARTS);
  g_string_append(out, ": points are runs, the orange line the level between steps, the band "
                       "the level &plusmn; 2 &times; noise, dashed lines events.</p>\n");
  g_string_append(out, "<div class=\"charts\">\n");
  for (guint i = 0; i < last->len && i < MAX_CHARTS; i++)
    chart(out, h, ((SmChange *)last->pdata[i])->series, i + 1);
  g_string_append(out, "</div>\n");
}

void sm_trend_heatmap(GString *out, const SmHistory *h, const char *baseline, guint size);
void sm_trend_machines(GString *out, SmDb *db, const SmHistory *h, GError **error);

/* A --baseline that names no run is a mistake, not a request for the default. */
static bool baseline_found(const SmHistory *h, const char *baseline, GError **error)
{
  g_autoptr(GString) ids = g_string_new(NULL);
  for (guint i = 0; i < h->runs->len; i++) {
    const SmHistoryRun *run = h->runs->pdata[i];
    if (g_str_has_prefix(run->id, baseline))
      return true;
    g_string_append_printf(ids, "%s%.12s", i ? ", " : "", run->id);
  }
  g_set_error(error, SM_ERROR, SM_ERROR_USAGE,
              "--baseline: no run of \"%s\" starts with \"%s\" (valid: a prefix of %s)", h->host,
              baseline, ids->str);
  return false;
}

char *sm_store_trend(SmDb *db, const char *host, const char *baseline, guint size, GError **error)
{
  g_autoptr(SmHistory) h = sm_history_load(db, host, SM_HISTORY_WINDOW, error);
  if (h == NULL || (baseline != NULL && !baseline_found(h, baseline, error)))
    return NULL;
  g_autoptr(GString) out = g_string_new(NULL);
  head(out, h);
  open_changes(out, h);
  charts(out, h);
  sm_trend_heatmap(out, h, baseline, size);
  g_autoptr(GError) local = NULL;
  sm_trend_machines(out, db, h, &local);
  if (local != NULL) {
    g_propagate_error(error, g_steal_pointer(&local));
    return NULL;
  }
  sm_html_page_close(out, NULL);
  return g_string_free(g_steal_pointer(&out), FALSE);
}

/* The trend page's two comparative views: a heatmap of engine x algorithm (newest run against a
 * baseline run) and the cross-machine view of each engine's change. */
#include "store/history.h"

#include "core/row.h"
#include "io/grid.h"

#include <math.h>
#include <string.h>

/* Changes this close in time on two machines are taken as the same nightly change. */
#define SAME_NIGHT_SECONDS (36 * 3600)

void sm_trend_heatmap(GString *out, const SmHistory *h, const char *baseline, guint size);
void sm_trend_machines(GString *out, SmDb *db, const SmHistory *h, GError **error);

static void esc(GString *out, const char *text) { sm_html_escape_append(out, text); }

static guint heatmap_size(const SmHistory *h, guint size)
{
  guint largest = 0;
  for (guint i = 0; i < h->series->len; i++) {
    guint b = ((const SmHistorySeries *)h->series->pdata[i])->block_size;
    if (size == 0 && b == 1024)
      return 1024;
    if (size != 0 && b == size)
      return size;
    largest = MAX(largest, b);
  }
  return largest;
}

static guint baseline_index(const SmHistory *h, const char *baseline)
{
  for (guint i = 0; baseline != NULL && i < h->runs->len; i++)
    if (g_str_has_prefix(((const SmHistoryRun *)h->runs->pdata[i])->id, baseline))
      return i;
  return 0;
}

/* The series shown for (engine, algorithm): the first in label order at `size` (or without a
 * size: public key), evp, accel on, one worker of one thread, a reused context. */
static const SmHistorySeries *pick(const SmHistory *h, const char *engine, const char *algorithm,
                                   guint size)
{
  for (guint i = 0; i < h->series->len; i++) {
    const SmHistorySeries *s = h->series->pdata[i];
    if (strcmp(s->engine, engine) == 0 && strcmp(s->algorithm, algorithm) == 0 &&
        (s->block_size == size || s->block_size == 0) && strcmp(s->api, "evp") == 0 &&
        strcmp(s->accel, "on") == 0 && s->parallel == 1 && s->threads == 1 &&
        strcmp(s->context, sm_context_name(false)) == 0)
      return s;
  }
  return NULL;
}

static GPtrArray *distinct(const SmHistory *h, bool engines)
{
  GPtrArray *names = g_ptr_array_new();
  for (guint i = 0; i < h->series->len; i++) {
    const SmHistorySeries *s = h->series->pdata[i];
    const char *name = engines ? s->engine : s->algorithm;
    if (!g_ptr_array_find_with_equal_func(names, name, g_str_equal, NULL))
      g_ptr_array_add(names, (gpointer)name);
  }
  return names;
}

static const char *colour(double ratio)
{
  static const struct {
    double below;
    const char *colour;
  } scale[] = {{0.9, "#e88"}, {0.97, "#fcc"}, {1.03, "#fff"}, {1.1, "#cfc"}, {INFINITY, "#8d8"}};
  for (size_t i = 0; i < G_N_ELEMENTS(scale); i++)
    if (ratio < scale[i].below)
      return scale[i].colour;
  return "#fff";
}

void sm_trend_heatmap(GString *out, const SmHistory *h, const char *baseline, guint size)
{
  size = heatmap_size(h, size);
  guint base = baseline_index(h, baseline), newest = h->runs->len - 1;
  g_autoptr(GPtrArray) engines = distinct(h, true);
  g_autoptr(GPtrArray) algorithms = distinct(h, false);
  g_string_append(out, "<h2 id=\"heatmap\">Newest run against the baseline</h2>\n");
  if (base == newest) {
    /* A run over itself is 1.000 everywhere: say so instead of a table of them. */
    g_string_append(out, h->runs->len == 1
                             ? "<p id=\"heatmap-none\">One run so far: nothing to set it "
                               "against yet.</p>\n"
                             : "<p id=\"heatmap-none\">The baseline is the newest run itself: "
                               "nothing to set it against (--baseline names an older run).</p>\n");
    return;
  }
  g_string_append(out, "<p>ops/s of the newest run (");
  esc(out, ((const SmHistoryRun *)h->runs->pdata[newest])->started);
  g_string_append(out, ") over the baseline run (");
  esc(out, ((const SmHistoryRun *)h->runs->pdata[base])->started);
  g_string_append_printf(out,
                         "), evp, %u-byte blocks (public key: per operation).</p>\n"
                         "<table id=\"heatmap-table\"><tr><th>engine</th>",
                         size);
  for (guint a = 0; a < algorithms->len; a++) {
    g_string_append(out, "<th>");
    esc(out, algorithms->pdata[a]);
    g_string_append(out, "</th>");
  }
  g_string_append(out, "</tr>\n");
  for (guint e = 0; e < engines->len; e++) {
    g_string_append(out, "<tr><th>");
    esc(out, engines->pdata[e]);
    g_string_append(out, "</th>");
    for (guint a = 0; a < algorithms->len; a++) {
      const SmHistorySeries *s = pick(h, engines->pdata[e], algorithms->pdata[a], size);
      double ratio = s != NULL ? exp(s->values[newest] - s->values[base]) : NAN;
      if (isfinite(ratio))
        g_string_append_printf(out, "<td class=\"num\" style=\"background:%s\">%.3f</td>",
                               colour(ratio), ratio);
      else
        g_string_append(out, "<td></td>");
    }
    g_string_append(out, "</tr>\n");
  }
  g_string_append(out, "</table>\n");
}

static gint64 seconds(const char *iso)
{
  g_autoptr(GDateTime) t = g_date_time_new_from_iso8601(iso, NULL);
  return t != NULL ? g_date_time_to_unix(t) : 0;
}

/* When `engine` last changed on this machine (the start of its most recent cell change). */
static const char *engine_change(const SmHistory *h, const char *engine, guint *count)
{
  guint at = 0;
  *count = 0;
  for (guint i = 0; i < h->changes->len; i++) {
    const SmChange *c = h->changes->pdata[i];
    if (c->last && c->confidence != SM_CHANGE_MACHINE && strcmp(c->series->engine, engine) == 0) {
      at = MAX(at, c->step.at);
      (*count)++;
    }
  }
  return *count > 0 ? ((const SmHistoryRun *)h->runs->pdata[at])->started : NULL;
}

static bool changed_then(const SmHistory *other, const char *engine, gint64 when)
{
  for (guint i = 0; i < other->changes->len; i++) {
    const SmChange *c = other->changes->pdata[i];
    const char *t = ((const SmHistoryRun *)other->runs->pdata[c->step.at])->started;
    if (strcmp(c->series->engine, engine) == 0 && llabs(seconds(t) - when) <= SAME_NIGHT_SECONDS)
      return true;
  }
  return false;
}

static const char *reading(guint also, guint others)
{
  if (others == 0)
    return "one machine in the store: cannot tell";
  if (also == 0)
    return "this machine only: the machine or its build";
  if (4 * also >= 3 * others)
    return "on (nearly) every machine: the library";
  return "on some machines";
}

void sm_trend_machines(GString *out, SmDb *db, const SmHistory *h, GError **error)
{
  g_autoptr(GPtrArray) hosts = sm_history_hosts(db, error);
  if (hosts == NULL)
    return;
  g_autoptr(GPtrArray) others = g_ptr_array_new_with_free_func((GDestroyNotify)sm_history_free);
  for (guint i = 0; i < hosts->len; i++) {
    if (strcmp(hosts->pdata[i], h->host) == 0)
      continue;
    SmHistory *other = sm_history_load(db, hosts->pdata[i], SM_HISTORY_WINDOW, error);
    if (other == NULL)
      return;
    g_ptr_array_add(others, other);
  }
  g_string_append(out, "<h2 id=\"machines\">Across machines</h2>\n");
  g_autoptr(GPtrArray) engines = distinct(h, true);
  guint changed = 0;
  for (guint e = 0; e < engines->len; e++) {
    guint count;
    changed += engine_change(h, engines->pdata[e], &count) != NULL;
  }
  if (changed == 0) {
    g_string_append(out, "<p id=\"machines-none\">No engine changed here: nothing to look for on "
                         "the other machines.</p>\n");
    return;
  }
  g_string_append(out, "<p>Each engine's latest change here, and how many other machines saw the "
                       "same engine change within a night and a half of it.</p>\n<table "
                       "id=\"machines-table\"><tr><th>engine</th><th>since</th><th>series "
                       "changed here</th><th>other machines</th><th>reading</th></tr>\n");
  for (guint e = 0; e < engines->len; e++) {
    guint count;
    const char *since = engine_change(h, engines->pdata[e], &count);
    if (since == NULL)
      continue;
    guint also = 0;
    for (guint o = 0; o < others->len; o++)
      also += changed_then(others->pdata[o], engines->pdata[e], seconds(since));
    g_string_append(out, "<tr><td>");
    esc(out, engines->pdata[e]);
    g_string_append(out, "</td><td>");
    esc(out, since);
    g_string_append_printf(out,
                           "</td><td class=\"num\">%u</td><td class=\"num\">%u of %u</td><td>%s"
                           "</td></tr>\n",
                           count, also, others->len, reading(also, others->len));
  }
  g_string_append(out, "</table>\n");
}

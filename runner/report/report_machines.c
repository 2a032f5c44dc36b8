/* The report's view across machines (see report_machines.h). The api level: openssl 1.x tables
 * are typed with its direct calls (low), 3.x ones through EVP; a machine that measured a cell at
 * one level only has that figure stand for it at every level the others measured, and each
 * figure says which level it came from. A machine with both levels gives a line per level. */
#include "report/report_machines.h"

#include "core/util.h"

#include <math.h>
#include <string.h>

static bool is_plain(const SmResultRow *result)
{
  return result->row->status == SM_STATUS_OK && result->row->accel == SM_ACCEL_ON &&
         result->row->parallel == 1 && result->row->threads <= 1 && !result->row->per_message;
}

/* A cell across machines, its api left out: engine, algorithm, operation and block size. */
static char *cell_key(const SmRow *row)
{
  return g_strdup_printf("%s\x1f%s\x1f%s\x1f%u", row->engine, row->algorithm,
                         sm_op_name(row->operation), row->block_size);
}

typedef struct {
  GPtrArray *machines; /* char* */
  GPtrArray *cells;    /* char* keys, in order of first appearance */
  GHashTable *first;   /* key -> const SmResultRow*: names the cell */
  GHashTable *figures; /* "machine\x1ekey\x1eapi" -> const SmResultRow* (the first) */
  GHashTable *levels;  /* "machine\x1ekey" -> guint bit set of the apis measured */
  GHashTable *engines; /* engine names seen (a set) */
} Collected;

static void collected_clear(Collected *c)
{
  g_ptr_array_unref(c->machines);
  g_ptr_array_unref(c->cells);
  g_hash_table_unref(c->first);
  g_hash_table_unref(c->figures);
  g_hash_table_unref(c->levels);
  g_hash_table_unref(c->engines);
}

static char *figure_key(const char *machine, const char *key, SmApi api)
{
  return g_strdup_printf("%s\x1e%s\x1e%s", machine, key, sm_api_name(api));
}

static void collect_one(Collected *c, const SmResultRow *result)
{
  g_autofree char *machine = sm_row_machine(result->row);
  g_autofree char *key = cell_key(result->row);
  if (!g_ptr_array_find_with_equal_func(c->machines, machine, g_str_equal, NULL))
    g_ptr_array_add(c->machines, g_strdup(machine));
  if (!g_hash_table_contains(c->first, key)) {
    g_ptr_array_add(c->cells, g_strdup(key));
    g_hash_table_insert(c->first, g_strdup(key), (gpointer)result);
  }
  g_hash_table_add(c->engines, result->row->engine);
  char *both = figure_key(machine, key, result->row->api);
  if (g_hash_table_contains(c->figures, both)) {
    g_free(both);
    return;
  }
  g_hash_table_insert(c->figures, both, (gpointer)result);
  char *at = g_strconcat(machine, "\x1e", key, NULL);
  guint bits = GPOINTER_TO_UINT(g_hash_table_lookup(c->levels, at));
  g_hash_table_insert(c->levels, at, GUINT_TO_POINTER(bits | 1u << result->row->api));
}

static void collect(Collected *c, GPtrArray *results)
{
  c->machines = g_ptr_array_new_with_free_func(g_free);
  c->cells = g_ptr_array_new_with_free_func(g_free);
  c->first = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  c->figures = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  c->levels = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  c->engines = g_hash_table_new(g_str_hash, g_str_equal);
  for (guint i = 0; i < results->len; i++)
    if (is_plain(results->pdata[i]))
      collect_one(c, results->pdata[i]);
}

static guint levels_of(const Collected *c, const char *machine, const char *key)
{
  g_autofree char *at = g_strconcat(machine, "\x1e", key, NULL);
  return GPOINTER_TO_UINT(g_hash_table_lookup(c->levels, at));
}

static bool single_level(guint bits) { return bits != 0 && (bits & (bits - 1)) == 0; }

static SmApi only_level(guint bits)
{
  SmApi api = 0;
  while (api < SM_API_COUNT && !(bits & 1u << api))
    api++;
  return api;
}

/* A machine's figure on a line at `api` (-1: the machine's only level), a stand-in when the
 * machine measured only another level. */
static SmMachineFigure figure_on(const Collected *c, const char *machine, const char *key, int api)
{
  guint bits = levels_of(c, machine, key);
  SmMachineFigure figure = {.ratio = NAN};
  if (bits == 0 || (api < 0 && !single_level(bits)))
    return figure;
  SmApi wanted = api >= 0 && bits & 1u << api ? (SmApi)api : only_level(bits);
  if (api >= 0 && !(bits & 1u << api) && !single_level(bits))
    return figure;
  g_autofree char *at = figure_key(machine, key, wanted);
  figure.result = g_hash_table_lookup(c->figures, at);
  figure.stand_in = api >= 0 && wanted != (SmApi)api;
  return figure;
}

static void add_line(SmReportMachines *m, const Collected *c, const char *key, int api)
{
  SmMachineLine *line = g_new0(SmMachineLine, 1);
  const SmResultRow *first = g_hash_table_lookup(c->first, key);
  line->first = first->row;
  line->bulk = sm_result_is_bulk(first);
  line->api = api >= 0 ? sm_api_name((SmApi)api) : NULL;
  line->figures = g_new0(SmMachineFigure, m->machines->len);
  for (guint i = 0; i < m->machines->len; i++)
    line->figures[i] = figure_on(c, m->machines->pdata[i], key, api);
  const SmResultRow *base = line->figures[0].result;
  for (guint i = 0; i < m->machines->len; i++) {
    const SmResultRow *result = line->figures[i].result;
    if (base != NULL && result != NULL && sm_result_figure(base) > 0)
      line->figures[i].ratio = sm_result_figure(result) / sm_result_figure(base);
  }
  g_ptr_array_add(m->lines, line);
}

/* A line per cell; a line per api level where some machine measured the cell at several. */
static void build_lines(SmReportMachines *m, const Collected *c)
{
  for (guint k = 0; k < c->cells->len; k++) {
    const char *key = c->cells->pdata[k];
    guint all = 0;
    bool several = false;
    for (guint i = 0; i < m->machines->len; i++) {
      guint bits = levels_of(c, m->machines->pdata[i], key);
      all |= bits;
      several |= bits != 0 && !single_level(bits);
    }
    if (!several) {
      add_line(m, c, key, -1);
      continue;
    }
    for (int api = 0; api < SM_API_COUNT; api++)
      if (all & 1u << api)
        add_line(m, c, key, api);
  }
}

static bool machine_matches(const char *machine, const char *wanted, bool exact)
{
  g_autofree char *folded = g_utf8_casefold(machine, -1);
  return exact ? strcmp(folded, wanted) == 0 : strstr(folded, wanted) != NULL;
}

/* Moves the machine `name` names (exactly, else as a part of exactly one) to the front. */
static bool choose_baseline(GPtrArray *machines, const char *name, GError **error)
{
  g_autofree char *wanted = g_utf8_casefold(name, -1);
  int found = -1;
  guint matches = 0;
  for (int pass = 0; pass < 2 && matches == 0; pass++)
    for (guint i = 0; i < machines->len; i++)
      if (machine_matches(machines->pdata[i], wanted, pass == 0) && matches++ == 0)
        found = (int)i;
  if (matches != 1) {
    GString *names = g_string_new(NULL);
    for (guint i = 0; i < machines->len; i++)
      g_string_append_printf(names, "%s\"%s\"", i ? ", " : "", (char *)machines->pdata[i]);
    g_set_error(error, SM_ERROR, SM_ERROR_USAGE, "--baseline-host: %s \"%s\" (the machines: %s)",
                matches == 0 ? "no machine is" : "several machines match", name, names->str);
    g_string_free(names, TRUE);
    return false;
  }
  gpointer chosen = machines->pdata[found];
  memmove(&machines->pdata[1], &machines->pdata[0], (gsize)found * sizeof(gpointer));
  machines->pdata[0] = chosen;
  return true;
}

/* ---- charts: per algorithm (and engine), a series per machine ---- */

/* A machine's score in a chart: its figure at the largest size (bulk) or its bar. */
static double series_score(const SmSeries *series)
{
  return series->figures->len ? g_array_index(series->figures, double, series->figures->len - 1)
                              : 0;
}

static int by_score(gconstpointer a, gconstpointer b)
{
  double x = series_score(*(SmSeries *const *)a), y = series_score(*(SmSeries *const *)b);
  return x > y ? -1 : x < y;
}

/* Many machines: the baseline, the fastest and the slowest keep colours, the rest go grey and
 * are drawn first (under the others). */
static void highlight(SmChart *chart)
{
  chart->leaders_only = chart->series->len > SM_REPORT_COLORED_ENGINES;
  if (!chart->leaders_only)
    return;
  g_autoptr(GPtrArray) ranked = g_ptr_array_copy(chart->series, NULL, NULL);
  g_ptr_array_sort(ranked, by_score);
  for (guint r = 0; r < ranked->len; r++) {
    SmSeries *series = ranked->pdata[r];
    bool keep = series->color == 0 || r < SM_REPORT_LEADERS - 1 || r + 1 == ranked->len;
    series->grey = !keep;
    if (series->grey)
      g_ptr_array_add(chart->others, g_strdup(series->engine));
  }
  g_autoptr(GPtrArray) order = g_ptr_array_new();
  for (int grey = 1; grey >= 0; grey--)
    for (guint s = 0; s < chart->series->len; s++)
      if (((SmSeries *)chart->series->pdata[s])->grey == grey)
        g_ptr_array_add(order, chart->series->pdata[s]);
  for (guint s = 0; s < order->len; s++)
    chart->series->pdata[s] = order->pdata[s];
}

static SmChart *chart_for(SmReportMachines *m, const SmMachineLine *line)
{
  g_autofree char *title =
      m->engines ? g_strdup_printf("%s %s", line->first->engine, line->first->algorithm)
                 : g_strdup(line->first->algorithm);
  for (guint i = 0; i < m->charts->len; i++) {
    SmChart *chart = m->charts->pdata[i];
    if (strcmp(chart->algorithm, title) == 0)
      return chart;
  }
  SmChart *chart = g_new0(SmChart, 1);
  chart->algorithm = g_steal_pointer(&title);
  chart->bulk = line->bulk;
  chart->series = g_ptr_array_new_with_free_func((GDestroyNotify)NULL);
  chart->others = g_ptr_array_new_with_free_func(g_free);
  for (guint i = 0; i < m->machines->len; i++) {
    const char *machine = m->machines->pdata[i];
    g_autofree char *name = i == 0 ? g_strdup_printf("%s (baseline)", machine) : g_strdup(machine);
    g_ptr_array_add(chart->series, sm_series_new(name, machine, i));
  }
  g_ptr_array_add(m->charts, chart);
  return chart;
}

/* Adds the line's figures; a cell's second line (the other api level) and its second operation
 * are left to the tables: a chart has one point per machine and size. */
static void chart_line(SmReportMachines *m, const SmMachineLine *line)
{
  SmOp ops[SM_OP_COUNT];
  if (sm_kind_ops(line->first->kind, ops) > 0 && line->first->operation != ops[0])
    return;
  SmChart *chart = chart_for(m, line);
  for (guint i = 0; i < m->machines->len; i++) {
    const SmResultRow *result = line->figures[i].result;
    SmSeries *series = chart->series->pdata[i];
    guint size = line->first->block_size;
    bool known = false;
    for (guint k = 0; k < series->sizes->len && !known; k++)
      known = g_array_index(series->sizes, guint, k) == size;
    if (result == NULL || known)
      continue;
    double figure = line->bulk ? result->row->bytes_per_sec / 1e6 : result->row->ops_per_sec;
    double none = 0;
    g_array_append_val(series->sizes, size);
    g_array_append_val(series->figures, figure);
    g_array_append_val(series->lows, none);
    g_array_append_val(series->highs, none);
  }
}

static void build_charts(SmReportMachines *m)
{
  for (guint l = 0; l < m->lines->len; l++)
    chart_line(m, m->lines->pdata[l]);
  for (guint c = 0; c < m->charts->len; c++) {
    SmChart *chart = m->charts->pdata[c];
    /* Machines without a figure in this chart leave it. */
    for (guint s = chart->series->len; s-- > 0;) {
      SmSeries *series = chart->series->pdata[s];
      if (series->figures->len == 0) {
        g_ptr_array_remove_index(chart->series, s);
        sm_series_free(series);
      }
    }
    highlight(chart);
    g_ptr_array_set_free_func(chart->series, (GDestroyNotify)sm_series_free);
  }
}

/* ---- the whole ---- */

static void line_free(SmMachineLine *line)
{
  g_free(line->figures);
  g_free(line);
}

void sm_report_machines_free(SmReportMachines *machines)
{
  if (machines == NULL)
    return;
  g_ptr_array_unref(machines->machines);
  g_ptr_array_unref(machines->lines);
  g_ptr_array_unref(machines->charts);
  g_free(machines);
}

bool sm_report_machines_build(GPtrArray *results, const char *baseline_host,
                              SmReportMachines **machines, GError **error)
{
  *machines = NULL;
  Collected c;
  collect(&c, results);
  if (c.machines->len < 2) {
    collected_clear(&c);
    return true;
  }
  if (baseline_host != NULL && !choose_baseline(c.machines, baseline_host, error)) {
    collected_clear(&c);
    return false;
  }
  SmReportMachines *m = g_new0(SmReportMachines, 1);
  m->machines = g_ptr_array_ref(c.machines);
  m->engines = g_hash_table_size(c.engines) > 1;
  m->lines = g_ptr_array_new_with_free_func((GDestroyNotify)line_free);
  m->charts = g_ptr_array_new_with_free_func((GDestroyNotify)sm_chart_free);
  build_lines(m, &c);
  build_charts(m);
  collected_clear(&c);
  *machines = m;
  return true;
}

const char *sm_machine_figure_api(const SmMachineFigure *figure)
{
  return figure->result ? sm_api_name(figure->result->row->api) : "";
}

/* ---- the section's grid ---- */

/* The line's level, else the level its figures share, or NULL when they differ. */
static const char *shared_api(const SmReportMachines *m, const SmMachineLine *line)
{
  if (line->api != NULL)
    return line->api; /* stand-ins name their own */
  const char *api = NULL;
  for (guint i = 0; i < m->machines->len && api == NULL; i++)
    if (line->figures[i].result != NULL)
      api = sm_machine_figure_api(&line->figures[i]);
  for (guint i = 0; i < m->machines->len; i++)
    if (line->figures[i].result != NULL && strcmp(sm_machine_figure_api(&line->figures[i]), api))
      return NULL;
  return api;
}

/* "1052.80 MB/s x7.44", with the figure's level where the line's figures differ in it. */
static char *shown(const SmMachineLine *line, const SmMachineFigure *figure, bool base,
                   const char *api)
{
  if (figure->result == NULL)
    return g_strdup("");
  double value = sm_result_figure(figure->result);
  GString *out = g_string_new(NULL);
  if (line->bulk)
    g_string_append_printf(out, "%.2f MB/s", value / 1e6);
  else
    g_string_append_printf(out, "%.1f ops/s", value);
  if (!base && !isnan(figure->ratio))
    g_string_append_printf(out, " x%.2f", figure->ratio);
  if (api == NULL || figure->stand_in)
    g_string_append_printf(out, " (%s)", sm_machine_figure_api(figure));
  return g_string_free(out, FALSE);
}

static SmGrid *machines_grid(const SmReportMachines *m)
{
  guint fixed = m->engines ? 5 : 4, columns = fixed + m->machines->len;
  g_autofree const char **headers = g_new0(const char *, columns);
  g_autofree char *align = g_strnfill(columns, 'r');
  guint h = 0;
  if (m->engines)
    headers[h++] = "engine";
  headers[h++] = "algorithm", headers[h++] = "operation", headers[h++] = "size";
  headers[h++] = "api";
  memset(align, 'l', fixed);
  for (guint i = 0; i < m->machines->len; i++)
    headers[fixed + i] = m->machines->pdata[i];
  SmGrid *grid = sm_grid_new(headers, columns, align);
  for (guint l = 0; l < m->lines->len; l++) {
    const SmMachineLine *line = m->lines->pdata[l];
    const SmRow *row = line->first;
    const char *api = shared_api(m, line);
    char **cells = g_new0(char *, columns + 1);
    guint k = 0;
    if (m->engines)
      cells[k++] = g_strdup(row->engine);
    cells[k++] = g_strdup(row->algorithm);
    cells[k++] = g_strdup(sm_op_name(row->operation));
    cells[k++] = row->block_size ? g_strdup_printf("%u", row->block_size) : g_strdup("");
    cells[k++] = g_strdup(api ? api : "each machine's own");
    for (guint i = 0; i < m->machines->len; i++)
      cells[fixed + i] = shown(line, &line->figures[i], i == 0, api);
    sm_grid_add_row_owned(grid, cells); /* takes the strings, not the array */
    g_free(cells);
  }
  return grid;
}

SmReportSection *sm_report_machines_section(const SmReportMachines *m)
{
  SmReportSection *section = g_new0(SmReportSection, 1);
  section->id = g_strdup("machines");
  section->title = g_strdup("By machine");
  section->intro = g_strdup_printf(
      "Each cell on every machine, and its ratio to the baseline machine (%s; report "
      "--baseline-host chooses another): x2.00 is twice as fast. api levels: a machine that "
      "measured a cell at one level only (an openssl 1.x table typed as low, a 3.x one as evp) "
      "has that figure stand for it at every level; a figure from another level than the line's "
      "says its own in brackets.",
      (const char *)m->machines->pdata[0]);
  section->grid = machines_grid(m);
  return section;
}

/* What compare's formats share: the figures and verdicts as shown, a run's hosts, the rule in
 * words, an algorithm's grid and the summary lines. Serialise only: every judgement was made in
 * compare.c. */
#include "compare/compare_output.h"
#include "core/catalog.h"

#include <math.h>
#include <string.h>

const char *sm_compare_shown_unit(const SmCompareCell *cell)
{
  return cell->bulk ? "MB/s" : "ops/s";
}

const char *sm_compare_unit(const SmCompareCell *cell) { return cell->bulk ? "bytes/s" : "ops/s"; }

static bool needs_accel_column(const SmComparison *cmp)
{
  for (guint c = 0; c < cmp->cells->len; c++)
    if (((SmCompareCell *)cmp->cells->pdata[c])->first->accel != SM_ACCEL_ON)
      return true;
  return false;
}

static bool needs_parallel_column(const SmComparison *cmp)
{
  for (guint c = 0; c < cmp->cells->len; c++)
    if (((SmCompareCell *)cmp->cells->pdata[c])->first->parallel != 1)
      return true;
  return false;
}

/* Threads and context, shown where a cell is threaded or per-message: "2", "1 per-message". */
static bool needs_threads_column(const SmComparison *cmp)
{
  for (guint c = 0; c < cmp->cells->len; c++) {
    const SmRow *first = ((SmCompareCell *)cmp->cells->pdata[c])->first;
    if (first->threads > 1 || first->per_message)
      return true;
  }
  return false;
}

/* The figure as shown to people: MB/s (10^6 bytes/s) or ops/s; a status when not ok. */
static char *shown_figure(const SmCompareCell *cell, const SmCompareEntry *entry)
{
  if (entry->result == NULL)
    return g_strdup("-");
  const SmRow *row = entry->result->row;
  if (row->status != SM_STATUS_OK)
    return g_strdup(sm_status_name(row->status));
  double figure = sm_result_figure(entry->result);
  if (entry->stand_in)
    return g_strdup_printf("%.2f (%s)", cell->bulk ? figure / 1e6 : figure, sm_api_name(row->api));
  return g_strdup_printf("%.2f", cell->bulk ? figure / 1e6 : figure);
}

static char *shown_ratio(const SmCompareEntry *entry)
{
  return isnan(entry->ratio) ? g_strdup("") : g_strdup_printf("%.3f", entry->ratio);
}

/* The verdicts a cell's line and the summary name. */
static bool shown_verdict(SmVerdict verdict)
{
  return verdict == SM_VERDICT_REGRESSED || verdict == SM_VERDICT_IMPROVED ||
         verdict == SM_VERDICT_FAILED || verdict == SM_VERDICT_CONTENDED;
}

static char *verdict_text(const SmComparison *cmp, const SmCompareCell *cell)
{
  guint nruns = cmp->runs->len;
  GString *out = g_string_new(NULL);
  for (guint r = 1; r < nruns; r++) {
    const SmCompareEntry *entry = &cell->entries[r];
    /* A change beyond the threshold that the spread explains is worth a word too. */
    bool noise =
        entry->verdict == SM_VERDICT_SAME && fabs(entry->ratio - 1.0) * 100.0 > cmp->threshold_pct;
    if (!shown_verdict(entry->verdict) && !noise)
      continue;
    if (out->len)
      g_string_append(out, "; ");
    if (nruns > 2)
      g_string_append_printf(out, "[%u] ", r + 1);
    g_string_append(out, noise ? "within noise" : sm_verdict_name(entry->verdict));
  }
  GString *present = g_string_new(NULL);
  bool partial = false;
  for (guint r = 0; r < nruns; r++) {
    if (cell->entries[r].result == NULL) {
      partial = true;
      continue;
    }
    g_string_append_printf(present, "%s[%u]", present->len ? ", " : "", r + 1);
  }
  if (partial)
    g_string_append_printf(out, "%sonly in %s", out->len ? "; " : "", present->str);
  g_string_free(present, TRUE);
  return g_string_free(out, FALSE);
}

/* The distinct host names of a run, in order of appearance (borrowed strings). */
GPtrArray *sm_compare_host_list(const SmCompareRun *run)
{
  GPtrArray *hosts = g_ptr_array_new();
  for (guint i = 0; i < run->results->len; i++) {
    const char *host = ((const SmResultRow *)run->results->pdata[i])->row->host;
    if (!g_ptr_array_find_with_equal_func(hosts, host, g_str_equal, NULL))
      g_ptr_array_add(hosts, (gpointer)host);
  }
  return hosts;
}

char *sm_compare_hosts_text(const SmCompareRun *run)
{
  g_autoptr(GPtrArray) hosts = sm_compare_host_list(run);
  GString *out = g_string_new(NULL);
  for (guint i = 0; i < hosts->len; i++)
    g_string_append_printf(out, "%s%s", i ? ", " : "", (const char *)hosts->pdata[i]);
  return g_string_free(out, FALSE);
}

char *sm_compare_rule_text(const SmComparison *cmp)
{
  return g_strdup_printf(
      "a cell's change counts when it exceeds %g%% after the machine factor and the two "
      "figures' intervals do not overlap, unless the cell's ratio to the "
      "engines measured beside it held (ratio_to_slot) or its figure is not yet a level (fewer "
      "than %u passes reached it, or fewer passes than read below it on a quiet core); one "
      "measured on a contended core (contention above %.0f%%) is shown, not judged. In an "
      "engine that moved as a whole (its cells' median beyond %g%%), every cell beyond %g%% that "
      "way counts",
      cmp->cell_threshold_pct, SM_LEVEL_PASSES, SM_CONTENTION_LIMIT * 100, cmp->threshold_pct / 2,
      cmp->threshold_pct);
}

/* ---- cells unsupported in every run: one line per algorithm instead of a row each ---- */

static bool unsupported_everywhere(const SmComparison *cmp, const SmCompareCell *cell)
{
  for (guint r = 0; r < cmp->runs->len; r++) {
    const SmCompareEntry *entry = &cell->entries[r];
    if (entry->result == NULL || entry->result->row->status != SM_STATUS_UNSUPPORTED)
      return false;
  }
  return true;
}

static char *level_key(const SmRow *row)
{
  return g_strdup_printf("%s %s", row->engine, sm_api_name(row->api));
}

/* The engine levels ("engine api") of the algorithm group starting at cells[from] whose every
 * cell is unsupported in every run; their cells leave the grid. */
static GHashTable *collapsed_levels(const SmComparison *cmp, guint from)
{
  GHashTable *levels = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) kept = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  const char *algorithm = ((SmCompareCell *)cmp->cells->pdata[from])->first->algorithm;
  for (guint c = from; c < cmp->cells->len; c++) {
    const SmCompareCell *cell = cmp->cells->pdata[c];
    if (strcmp(cell->first->algorithm, algorithm) != 0)
      break;
    char *key = level_key(cell->first);
    g_hash_table_add(unsupported_everywhere(cmp, cell) ? levels : kept, key);
  }
  GHashTableIter iter;
  gpointer key;
  g_hash_table_iter_init(&iter, kept);
  while (g_hash_table_iter_next(&iter, &key, NULL))
    g_hash_table_remove(levels, key);
  return levels;
}

/* "glib, mbedtls, openssl low": an engine whose every level is collapsed by its name alone. */
static char *collapsed_text(const SmComparison *cmp, guint from, GHashTable *levels)
{
  g_autoptr(GPtrArray) engines = g_ptr_array_new();
  const char *algorithm = ((SmCompareCell *)cmp->cells->pdata[from])->first->algorithm;
  for (guint c = from; c < cmp->cells->len; c++) {
    const SmRow *row = ((SmCompareCell *)cmp->cells->pdata[c])->first;
    if (strcmp(row->algorithm, algorithm) != 0)
      break;
    if (!g_ptr_array_find_with_equal_func(engines, row->engine, g_str_equal, NULL))
      g_ptr_array_add(engines, row->engine);
  }
  GString *out = g_string_new(NULL);
  for (guint e = 0; e < engines->len; e++) {
    const char *engine = engines->pdata[e];
    GString *apis = g_string_new(NULL);
    unsigned count = 0;
    for (unsigned api = 0; api < SM_API_COUNT; api++) {
      g_autofree char *key = g_strdup_printf("%s %s", engine, sm_api_name((SmApi)api));
      if (g_hash_table_contains(levels, key)) {
        g_string_append_printf(apis, "%s%s", apis->len ? "+" : "", sm_api_name((SmApi)api));
        count++;
      }
    }
    if (count > 0)
      g_string_append_printf(out, "%s%s%s%s", out->len ? ", " : "", engine,
                             count == SM_API_COUNT ? "" : " ",
                             count == SM_API_COUNT ? "" : apis->str);
    g_string_free(apis, TRUE);
  }
  return g_string_free(out, FALSE);
}

/* One grid per algorithm group, starting at cells[*at]; advances *at past the group. The cells
 * of `collapsed` engine levels are left out. */
static SmGrid *group_grid(const SmComparison *cmp, guint *at, GHashTable *collapsed)
{
  guint nruns = cmp->runs->len;
  bool accel = needs_accel_column(cmp), parallel = needs_parallel_column(cmp),
       threads = needs_threads_column(cmp);
  g_autoptr(GPtrArray) headers = g_ptr_array_new_with_free_func(g_free);
  GString *align = g_string_new(NULL);
  g_ptr_array_add(headers, g_strdup("engine"));
  g_ptr_array_add(headers, g_strdup("operation"));
  g_ptr_array_add(headers, g_strdup("api"));
  g_ptr_array_add(headers, g_strdup("size"));
  g_string_append(align, "llrr");
  align->str[2] = 'l';
  if (accel) {
    g_ptr_array_add(headers, g_strdup("accel"));
    g_string_append_c(align, 'l');
  }
  if (parallel) {
    g_ptr_array_add(headers, g_strdup("parallel"));
    g_string_append_c(align, 'r');
  }
  if (threads) {
    g_ptr_array_add(headers, g_strdup("threads"));
    g_string_append_c(align, 'l');
  }
  for (guint r = 0; r < nruns; r++) {
    g_ptr_array_add(headers, g_strdup_printf("[%u]", r + 1));
    g_string_append_c(align, 'r');
  }
  for (guint r = 1; r < nruns; r++) {
    g_ptr_array_add(headers, g_strdup_printf("[%u]/[1]", r + 1));
    g_string_append_c(align, 'r');
  }
  g_ptr_array_add(headers, g_strdup("verdict"));
  g_string_append_c(align, 'l');
  SmGrid *grid = sm_grid_new((const char *const *)headers->pdata, headers->len, align->str);
  g_string_free(align, TRUE);

  const char *algorithm = ((SmCompareCell *)cmp->cells->pdata[*at])->first->algorithm;
  for (; *at < cmp->cells->len; (*at)++) {
    const SmCompareCell *cell = cmp->cells->pdata[*at];
    const SmRow *id = cell->first;
    if (strcmp(id->algorithm, algorithm) != 0)
      break;
    g_autofree char *level = level_key(id);
    if (g_hash_table_contains(collapsed, level))
      continue;
    g_autofree char **cells = g_new0(char *, headers->len);
    guint k = 0;
    cells[k++] = g_strdup(id->engine);
    cells[k++] = g_strdup(sm_op_name(id->operation));
    cells[k++] = g_strdup(sm_api_name(id->api));
    cells[k++] = id->block_size ? g_strdup_printf("%u", id->block_size) : g_strdup("");
    if (accel)
      cells[k++] = g_strdup(id->accel == SM_ACCEL_OFF ? "off" : "on");
    if (parallel)
      cells[k++] = g_strdup_printf("%u", id->parallel);
    if (threads)
      cells[k++] =
          g_strdup_printf("%u%s", MAX(id->threads, 1u), id->per_message ? " per-message" : "");
    for (guint r = 0; r < nruns; r++)
      cells[k++] = shown_figure(cell, &cell->entries[r]);
    for (guint r = 1; r < nruns; r++)
      cells[k++] = shown_ratio(&cell->entries[r]);
    cells[k++] = verdict_text(cmp, cell);
    sm_grid_add_row_owned(grid, cells);
  }
  return grid;
}

/* "[2]: the machine ran 3.1% slower overall (median of 456 cells); judged after scaling". */
static void machine_lines(const SmComparison *cmp, GString *out, const char *bullet)
{
  for (guint r = 0; r < cmp->runs->len; r++) {
    const SmCompareRun *run = cmp->runs->pdata[r];
    if (run->probe_shortfall > SM_CONTENTION_LIMIT)
      g_string_append_printf(out,
                             "%s[%u]: its contention probe's reference (%s kernel) was %.1f%% "
                             "below the best of its host's runs here: the core was contended for "
                             "the whole run, so its changed cells are shown, not judged\n",
                             bullet, r + 1, sm_probe_kind_name(run->probe_kernel),
                             run->probe_shortfall * 100);
    if (r == 0)
      continue;
    if (isfinite(run->machine))
      g_string_append_printf(out,
                             "%s[%u]: the machine ran %.1f%% %s overall (median of %u cells); "
                             "cells judged after scaling by it\n",
                             bullet, r + 1, fabs(run->machine - 1) * 100,
                             run->machine < 1 ? "slower" : "faster", run->machine_cells);
    /* "[2]: nettle ran 10.5% slower as a whole (median of 87 cells): ...". */
    for (guint i = 0; run->engines != NULL && i < run->engines->len; i++) {
      const SmEngineShift *shift = &g_array_index(run->engines, SmEngineShift, i);
      if (shift->moved != 0)
        g_string_append_printf(out,
                               "%s[%u]: %s ran %.1f%% %s as a whole (median of its %u cells): "
                               "each of its cells beyond the threshold that way is flagged\n",
                               bullet, r + 1, shift->engine, fabs(shift->factor - 1) * 100,
                               shift->moved < 0 ? "slower" : "faster", shift->cells);
    }
  }
}

static double contention_pct(const SmComparison *cmp, guint run, const SmResultRow *result)
{
  return sm_compare_contention(cmp->runs->pdata[run], result->row) * 100.0;
}

void sm_compare_summary_lines(const SmComparison *cmp, GString *out, const char *bullet)
{
  machine_lines(cmp, out, bullet);
  g_string_append_printf(out, "%u regressed, %u improved, %u failed; %u %s not in every run\n",
                         cmp->regressed, cmp->improved, cmp->failed, cmp->partial,
                         cmp->partial == 1 ? "cell" : "cells");
  if (cmp->contended > 0)
    g_string_append_printf(out,
                           "%u %s changed while the core was contended (the contention probe "
                           "slower by more than %.0f%%): not judged; measure %s again\n",
                           cmp->contended, cmp->contended == 1 ? "cell" : "cells",
                           SM_CONTENTION_LIMIT * 100, cmp->contended == 1 ? "it" : "them");
  if (cmp->scaling_fell + cmp->scaling_rose > 0)
    g_string_append_printf(out, "scaling efficiency: %u fell, %u rose by more than %.2f\n",
                           cmp->scaling_fell, cmp->scaling_rose, SM_EFFICIENCY_CHANGE);
  for (guint c = 0; c < cmp->cells->len; c++) {
    const SmCompareCell *cell = cmp->cells->pdata[c];
    for (guint r = 1; r < cmp->runs->len; r++) {
      const SmCompareEntry *entry = &cell->entries[r];
      if (entry->efficiency_moved != 0) {
        g_autofree char *what = sm_compare_describe_cell(cell->first);
        g_string_append_printf(out, "%sscaling %s: %s in [%u] (efficiency %.2f -> %.2f)\n", bullet,
                               entry->efficiency_moved < 0 ? "fell" : "rose", what, r + 1,
                               cell->entries[0].result->row->scaling_efficiency,
                               entry->result->row->scaling_efficiency);
      }
      if (!shown_verdict(entry->verdict))
        continue;
      g_autofree char *what = sm_compare_describe_cell(cell->first);
      g_string_append_printf(out, "%s%s: %s in [%u]", bullet, sm_verdict_name(entry->verdict), what,
                             r + 1);
      if (entry->verdict == SM_VERDICT_FAILED)
        g_string_append_printf(out, " (%s)", sm_status_name(entry->result->row->status));
      else if (entry->verdict == SM_VERDICT_CONTENDED)
        g_string_append_printf(
            out, " (%+.1f%%, contention %.0f%% / %.0f%%: not judged)", (entry->ratio - 1.0) * 100.0,
            contention_pct(cmp, 0, cell->entries[0].result), contention_pct(cmp, r, entry->result));
      else
        g_string_append_printf(out, " (%+.1f%%)", (entry->ratio - 1.0) * 100.0);
      g_string_append_c(out, '\n');
    }
  }
}

SmGrid *sm_compare_group_grid(const SmComparison *cmp, guint *at, char **unsupported)
{
  g_autoptr(GHashTable) collapsed = collapsed_levels(cmp, *at);
  *unsupported = collapsed_text(cmp, *at, collapsed);
  return group_grid(cmp, at, collapsed);
}

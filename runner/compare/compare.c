#include "compare/compare.h"
#include "compare/compare_machines.h"

#include "core/cell_id.h"

#include "core/catalog.h"
#include "core/stats.h"
#include "core/util.h"
#include "io/meta_file.h"

#include <math.h>
#include <string.h>

/* z(0.975) x the asymptotic standard error of a median (sqrt(pi/2) sigma / sqrt(n)) x the MAD's
 * scale to sigma under a normal distribution. */
#define MEDIAN_CI95_PER_MAD (1.959964 * 1.253314 * 1.482602)

double sm_compare_half_width(const SmCompareFigure *figure)
{
  if (figure->samples < 2 || !(figure->spread > 0) || !(figure->median > 0))
    return 0.0;
  double mad = figure->spread * figure->median;
  return MEDIAN_CI95_PER_MAD * mad / sqrt((double)figure->samples);
}

/* The figure's interval, scaled: the one the file gives, else the median's from its MAD. */
static void interval(const SmCompareFigure *f, double scale, double *low, double *high)
{
  if (f->low > 0 && f->high > 0) {
    *low = f->low * scale;
    *high = f->high * scale;
    return;
  }
  double half = sm_compare_half_width(f);
  *low = (f->median - half) * scale;
  *high = (f->median + half) * scale;
}

/* A figure is a level only when SM_LEVEL_PASSES passes at other moments (all of them, when
 * fewer were measured) reached it, and when no more passes read clearly below it on a quiet core
 * than reached it: else it is a fast mode of a cell with several (buffer placement, a library's
 * own state, a moment without a neighbour) or too few passes' reading, not yet a level. A slow
 * pass the probe found contended is a neighbour, not a mode: on a busy machine most cells have
 * such passes, and counting them (as the rule did before the row said which were quiet) left
 * half the cells of a run unjudged. */
static bool is_mode(const SmCompareFigure *f)
{
  if (f->fast_passes == 0)
    return false;
  if (f->passes >= 2 && f->fast_passes < MIN(f->passes, SM_LEVEL_PASSES))
    return true;
  if (f->has_slow_quiet)
    return f->fast_passes < f->slow_quiet;
  return 2 * f->fast_passes < f->passes;
}

/* The machine factor to scale by (1 when unknown), and other / (base x it); NAN when the base
 * figure is not positive or the other is negative. */
static double scaled_ratio(const SmCompareFigure *base, const SmCompareFigure *other,
                           double machine, double *scale)
{
  *scale = machine > 0 && isfinite(machine) ? machine : 1.0;
  if (!(base->median > 0) || !(other->median >= 0))
    return NAN;
  return other->median / (base->median * *scale);
}

SmChange sm_compare_judge(const SmCompareFigure *base, const SmCompareFigure *other, double machine,
                          double threshold_pct)
{
  double scale;
  double ratio = scaled_ratio(base, other, machine, &scale);
  if (isnan(ratio))
    return SM_CHANGE_NONE;
  double limit = threshold_pct / 100.0;
  double base_low, base_high, other_low, other_high;
  interval(base, scale, &base_low, &base_high);
  interval(other, 1.0, &other_low, &other_high);
  SmChange change = ratio < 1.0 - limit && other_high < base_low   ? SM_CHANGE_REGRESSED
                    : ratio > 1.0 + limit && other_low > base_high ? SM_CHANGE_IMPROVED
                                                                   : SM_CHANGE_NONE;
  if (is_mode(base) || is_mode(other))
    return SM_CHANGE_NONE;
  if (change != SM_CHANGE_NONE &&
      (base->contention > SM_CONTENTION_LIMIT || other->contention > SM_CONTENTION_LIMIT))
    change = SM_CHANGE_CONTENDED;
  if (change == SM_CHANGE_NONE || !(base->slot > 0 && other->slot > 0))
    return change;
  /* The engines measured beside it, at the same moments, must not have moved with it: if its
   * ratio to them held (within half the threshold), it was the machine at those moments. */
  double moved = other->slot / base->slot;
  if (change != SM_CHANGE_IMPROVED && ratio < 1 && moved > 1 - limit / 2)
    return SM_CHANGE_NONE;
  if (change != SM_CHANGE_REGRESSED && ratio > 1 && moved < 1 + limit / 2)
    return SM_CHANGE_NONE;
  return change;
}

SmChange sm_compare_judge_cell(const SmCompareFigure *base, const SmCompareFigure *other,
                               double machine, double threshold_pct, double cell_threshold_pct,
                               int engine_moved)
{
  double scale, ratio = scaled_ratio(base, other, machine, &scale);
  double limit = threshold_pct / 100.0;
  if (engine_moved < 0 && ratio < 1.0 - limit)
    return SM_CHANGE_REGRESSED;
  if (engine_moved > 0 && ratio > 1.0 + limit)
    return SM_CHANGE_IMPROVED;
  return sm_compare_judge(base, other, machine, cell_threshold_pct);
}

static const char *const verdict_names[] = {
    [SM_VERDICT_BASELINE] = "baseline",   [SM_VERDICT_SAME] = "same",
    [SM_VERDICT_REGRESSED] = "regressed", [SM_VERDICT_IMPROVED] = "improved",
    [SM_VERDICT_FAILED] = "failed",       [SM_VERDICT_STATUS] = "status",
    [SM_VERDICT_ABSENT] = "absent",       [SM_VERDICT_NEW] = "new",
    [SM_VERDICT_CONTENDED] = "contended",
};

const char *sm_verdict_name(SmVerdict verdict) { return verdict_names[verdict]; }

static void run_free(SmCompareRun *run)
{
  g_free(run->label);
  if (run->engines != NULL)
    g_array_unref(run->engines);
  g_ptr_array_unref(run->results);
  g_free(run);
}

static void cell_free(SmCompareCell *cell)
{
  g_free(cell->entries);
  g_free(cell);
}

void sm_comparison_free(SmComparison *comparison)
{
  if (comparison == NULL)
    return;
  g_ptr_array_unref(comparison->cells);
  g_ptr_array_unref(comparison->runs);
  g_ptr_array_unref(comparison->sets);
  g_free(comparison);
}

char *sm_compare_describe_cell(const SmRow *row)
{
  GString *out = g_string_new(NULL);
  g_string_append_printf(out, "%s %s %s %s", row->engine, row->algorithm,
                         sm_op_name(row->operation), sm_api_name(row->api));
  if (row->block_size > 0)
    g_string_append_printf(out, " %u", row->block_size);
  if (row->accel == SM_ACCEL_OFF)
    g_string_append(out, " accel=off");
  if (row->parallel != 1)
    g_string_append_printf(out, " parallel=%u", row->parallel);
  if (row->threads > 1)
    g_string_append_printf(out, " threads=%u", row->threads);
  if (row->per_message)
    g_string_append(out, " per-message");
  return g_string_free(out, FALSE);
}

/* The probe reference a run recorded in its `.meta` ([quality] contention_probe_reference).
 * Missing, unreadable or malformed: unknown (all 0), and the run is judged by its rows' own
 * `contention` alone, as before the reference was compared. */
static void load_probe_reference(SmCompareRun *run, const char *path)
{
  g_autoptr(GKeyFile) meta = sm_meta_file_load(path, NULL);
  if (meta == NULL)
    return;
  g_autofree char *text =
      g_key_file_get_string(meta, "quality", "contention_probe_reference", NULL);
  if (text != NULL && !sm_probe_parse(text, &run->probe_reference))
    run->probe_reference = (SmProbe){0};
}

/* Splits each file into runs: one per distinct `source` (an imported file may hold several
 * runs), or the whole file when it has at most one. */
static void split_runs(const SmResultSet *set, GPtrArray *runs)
{
  g_autoptr(GPtrArray) sources = g_ptr_array_new();
  g_autoptr(GHashTable) by_source = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < set->results->len; i++) {
    const SmResultRow *result = set->results->pdata[i];
    char *source = sm_compare_run_key(result->row);
    GPtrArray *members = g_hash_table_lookup(by_source, source);
    if (members == NULL) {
      members = g_ptr_array_new();
      g_hash_table_insert(by_source, source, members);
      g_ptr_array_add(sources, source);
    } else {
      g_free(source);
    }
    g_ptr_array_add(members, (gpointer)result);
  }
  if (sources->len == 0) {
    SmCompareRun *run = g_new0(SmCompareRun, 1);
    run->label = g_strdup(set->name);
    run->path = set->name;
    run->results = g_ptr_array_new();
    g_ptr_array_add(runs, run);
    return;
  }
  for (guint i = 0; i < sources->len; i++) {
    const char *source = sources->pdata[i];
    SmCompareRun *run = g_new0(SmCompareRun, 1);
    run->results = g_hash_table_lookup(by_source, source);
    const SmResultRow *first = run->results->pdata[0];
    run->label = sm_compare_run_label(first->row);
    if (run->label == NULL)
      run->label = g_strdup(sources->len == 1 || source[0] == '\0' ? set->name : source);
    run->path = set->name;
    /* The `.meta` describes a file written by one run, not a file of several sources. */
    if (sources->len == 1)
      load_probe_reference(run, set->name);
    g_ptr_array_add(runs, run);
  }
}

static bool same_machine(const SmCompareRun *a, const SmCompareRun *b)
{
  if (a->results->len == 0 || b->results->len == 0)
    return false;
  const SmRow *x = ((const SmResultRow *)a->results->pdata[0])->row;
  const SmRow *y = ((const SmResultRow *)b->results->pdata[0])->row;
  return g_strcmp0(x->host, y->host) == 0 && g_strcmp0(x->cpu_model, y->cpu_model) == 0;
}

/* A run whose probe reference fell short of another compared run's was contended for most of
 * its passes, the quiet ones included: its rows' `contention`, measured against that lowered
 * reference, cannot show it. Across 76 runs of this VM (thirteen series, two days, 2 s to 6 min)
 * every reference came within 1.2% of the best on each kernel, save one 2-second run at -14%
 * (mem) whose 16-byte cells read 28% slow (README "Comparing runs"). Only runs of the same
 * machine are compared: another CPU's kernels run at other rates. */
static void set_probe_shortfalls(SmComparison *comparison)
{
  for (guint r = 0; r < comparison->runs->len; r++) {
    SmCompareRun *run = comparison->runs->pdata[r];
    SmProbe best = run->probe_reference;
    for (guint o = 0; o < comparison->runs->len; o++) {
      const SmCompareRun *other = comparison->runs->pdata[o];
      for (int k = 0; k < SM_PROBE_KINDS && same_machine(run, other); k++)
        best.rate[k] = fmax(best.rate[k], other->probe_reference.rate[k]);
    }
    run->probe_shortfall = sm_probe_loss(&run->probe_reference, &best, &run->probe_kernel);
  }
}

double sm_compare_contention(const SmCompareRun *run, const SmRow *row)
{
  double own = row->has_contention ? row->contention : NAN;
  if (!isfinite(run->probe_shortfall))
    return own;
  return isnan(own) ? run->probe_shortfall : fmax(own, run->probe_shortfall);
}

static SmCompareFigure figure_of(const SmCompareRun *run, const SmResultRow *result)
{
  const SmRow *row = result->row;
  /* Bulk figures are bytes/s: the interval scales with them. */
  double per_op = row->ops_per_sec > 0 ? sm_result_figure(result) / row->ops_per_sec : 1.0;
  return (SmCompareFigure){
      .median = sm_result_figure(result),
      .spread = result->has_spread ? sm_row_spread(row) : 0.0,
      .samples = result->has_spread ? (unsigned)row->stats.count : 0,
      .low = row->ops_low * per_op,
      .high = row->ops_high * per_op,
      .slot = row->ratio_to_slot.value,
      .slot_low = row->ratio_to_slot.low,
      .slot_high = row->ratio_to_slot.high,
      .fast_passes = row->passes > 1 ? row->passes_kept : 0,
      .passes = row->passes > 1 ? row->passes : 0,
      .has_slow_quiet = row->passes > 1 && row->has_passes_slow_quiet,
      .slow_quiet = row->passes_slow_quiet,
      .contention = sm_compare_contention(run, row),
  };
}

static SmVerdict judge_entry(const SmCompareEntry *base, const SmCompareEntry *entry,
                             const SmCompareRun *base_run, const SmCompareRun *run,
                             const SmComparison *comparison, int engine_moved)
{
  double machine = run->machine;
  if (entry->result == NULL)
    return SM_VERDICT_ABSENT;
  if (base->result == NULL)
    return SM_VERDICT_NEW;
  SmStatus base_status = base->result->row->status, status = entry->result->row->status;
  if (base_status == SM_STATUS_OK && status == SM_STATUS_OK) {
    SmCompareFigure base_figure = figure_of(base_run, base->result);
    SmCompareFigure figure = figure_of(run, entry->result);
    switch (sm_compare_judge_cell(&base_figure, &figure, machine, comparison->threshold_pct,
                                  comparison->cell_threshold_pct, engine_moved)) {
    case SM_CHANGE_REGRESSED:
      return SM_VERDICT_REGRESSED;
    case SM_CHANGE_IMPROVED:
      return SM_VERDICT_IMPROVED;
    case SM_CHANGE_CONTENDED:
      return SM_VERDICT_CONTENDED;
    case SM_CHANGE_NONE:
      return SM_VERDICT_SAME;
    }
  }
  if (base_status == SM_STATUS_OK && status != SM_STATUS_UNSUPPORTED)
    return SM_VERDICT_FAILED;
  return SM_VERDICT_STATUS;
}

static double entry_ratio(const SmCompareEntry *base, const SmCompareEntry *entry)
{
  if (base->result == NULL || entry->result == NULL || base->result->row->status != SM_STATUS_OK ||
      entry->result->row->status != SM_STATUS_OK)
    return NAN;
  double base_figure = sm_result_figure(base->result);
  return base_figure > 0 ? sm_result_figure(entry->result) / base_figure : NAN;
}

static guint rank_of(GHashTable *ranks, const char *prefix, const char *name)
{
  g_autofree char *key = g_strconcat(prefix, name, NULL);
  return GPOINTER_TO_UINT(g_hash_table_lookup(ranks, key));
}

static int compare_cells(gconstpointer a, gconstpointer b, gpointer ranks)
{
  const SmRow *x = (*(SmCompareCell *const *)a)->first, *y = (*(SmCompareCell *const *)b)->first;
  guint rx = rank_of(ranks, "a:", x->algorithm), ry = rank_of(ranks, "a:", y->algorithm);
  if (rx == ry) {
    rx = rank_of(ranks, "e:", x->engine);
    ry = rank_of(ranks, "e:", y->engine);
  }
  if (rx != ry)
    return rx < ry ? -1 : 1;
  const guint kx[] = {x->operation, x->api,     x->block_size, x->accel,
                      x->parallel,  x->threads, x->per_message};
  const guint ky[] = {y->operation, y->api,     y->block_size, y->accel,
                      y->parallel,  y->threads, y->per_message};
  for (size_t i = 0; i < G_N_ELEMENTS(kx); i++)
    if (kx[i] != ky[i])
      return kx[i] < ky[i] ? -1 : 1;
  return 0;
}

/* Lines the runs' rows up into cells, in order of first appearance, the baseline's first. */
static bool collect_cells(SmComparison *comparison, GPtrArray *order, GError **error)
{
  guint nruns = comparison->runs->len;
  g_autoptr(GHashTable) by_key = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  for (guint r = 0; r < nruns; r++) {
    const SmCompareRun *run = comparison->runs->pdata[r];
    for (guint i = 0; i < run->results->len; i++) {
      const SmResultRow *result = run->results->pdata[i];
      SmCellId id = sm_row_id(result->row);
      char *key = sm_cell_id_key(&id, SM_AXES_CELL);
      SmCompareCell *cell = g_hash_table_lookup(by_key, key);
      if (cell == NULL) {
        cell = g_new0(SmCompareCell, 1);
        cell->first = result->row;
        cell->bulk = sm_result_is_bulk(result);
        cell->entries = g_new0(SmCompareEntry, nruns);
        g_hash_table_insert(by_key, key, cell);
        g_ptr_array_add(order, cell);
      } else {
        g_free(key);
      }
      if (cell->entries[r].result != NULL) {
        g_autofree char *what = sm_compare_describe_cell(result->row);
        g_set_error(error, SM_ERROR, SM_ERROR_INPUT,
                    "%s:%u: cell %s already on line %u (a run has each cell once)", run->path,
                    result->line, what, cell->entries[r].result->line);
        return false;
      }
      cell->entries[r].result = result;
    }
  }
  return true;
}

/* The two levels of one cell in an imported run that has one of them only: that one stands in
 * for the other, so an openssl 1.x table (`low`) and a 3.x one (`evp`) meet. Measured runs keep
 * their levels: a level a library lacks is a row of its own (`unsupported`). */
static void stand_in(SmCompareCell *a, SmCompareCell *b, guint nruns)
{
  for (guint r = 0; r < nruns; r++) {
    SmCompareEntry *x = &a->entries[r], *y = &b->entries[r];
    if ((x->result == NULL) == (y->result == NULL))
      continue;
    SmCompareEntry *absent = x->result == NULL ? x : y;
    const SmCompareEntry *present = x->result == NULL ? y : x;
    if (present->result->row->source == NULL)
      continue;
    absent->result = present->result;
    absent->stand_in = true;
  }
}

static bool same_results(const SmCompareCell *a, const SmCompareCell *b, guint nruns)
{
  for (guint r = 0; r < nruns; r++)
    if (a->entries[r].result != b->entries[r].result)
      return false;
  return true;
}

/* Pairs each cell with its other API level; a pair whose two cells end up with the very same
 * rows in every run (each run measured one level) keeps only the first. */
static void stand_in_levels(GPtrArray *order, guint nruns)
{
  g_autoptr(GHashTable) by_key = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  for (guint c = 0; c < order->len;) {
    SmCompareCell *cell = order->pdata[c];
    SmCellId id = sm_row_id(cell->first);
    char *key = sm_cell_id_key(&id, SM_AXES_CELL & ~SM_AXIS_API);
    SmCompareCell *twin = g_hash_table_lookup(by_key, key);
    if (twin == NULL) {
      g_hash_table_insert(by_key, key, cell);
      c++;
      continue;
    }
    g_free(key);
    stand_in(twin, cell, nruns);
    if (same_results(twin, cell, nruns))
      g_ptr_array_remove_index(order, c); /* frees it */
    else
      c++;
  }
}

/* Grouped by algorithm (in order of first appearance), then engine (likewise), operation, api,
 * block size, accel and parallel: the order people scan a table in. */
static void sort_cells(GPtrArray *order)
{
  g_autoptr(GHashTable) ranks = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  for (guint c = 0; c < order->len; c++) {
    const SmRow *row = ((SmCompareCell *)order->pdata[c])->first;
    char *names[] = {g_strconcat("a:", row->algorithm, NULL), g_strconcat("e:", row->engine, NULL)};
    for (int n = 0; n < 2; n++)
      if (g_hash_table_contains(ranks, names[n]))
        g_free(names[n]);
      else
        g_hash_table_insert(ranks, names[n], GUINT_TO_POINTER(g_hash_table_size(ranks)));
  }
  g_ptr_array_sort_with_data(order, compare_cells, ranks);
}

/* The host a run was measured on; NULL for imported rows or several hosts. */
static const char *measured_host(const SmCompareRun *run)
{
  const char *host = NULL;
  for (guint i = 0; i < run->results->len; i++) {
    const SmRow *row = ((const SmResultRow *)run->results->pdata[i])->row;
    if (row->source != NULL || row->host == NULL || (host && strcmp(host, row->host) != 0))
      return NULL;
    host = row->host;
  }
  return host;
}

/* Fewer common cells than this say nothing about the machine as a whole. */
#define MACHINE_MIN_CELLS 10

/* Each later run's speed against the baseline over every cell both measured: the median ratio.
 * Between two runs measured on the same host, all engines slower together is the machine, and
 * cells are judged after scaling by it; between hosts the difference is what is compared. */
static void set_machine_factors(SmComparison *comparison, bool use)
{
  const char *base_host = measured_host(comparison->runs->pdata[0]);
  for (guint r = 0; r < comparison->runs->len; r++) {
    SmCompareRun *run = comparison->runs->pdata[r];
    run->machine = NAN;
    const char *host = measured_host(run);
    if (r == 0 || !use || base_host == NULL || host == NULL || strcmp(host, base_host) != 0)
      continue;
    g_autoptr(GArray) ratios = g_array_new(FALSE, FALSE, sizeof(double));
    for (guint c = 0; c < comparison->cells->len; c++) {
      SmCompareCell *cell = comparison->cells->pdata[c];
      double ratio = entry_ratio(&cell->entries[0], &cell->entries[r]);
      if (ratio > 0 && isfinite(ratio))
        g_array_append_val(ratios, ratio);
    }
    run->machine_cells = ratios->len;
    if (ratios->len >= MACHINE_MIN_CELLS)
      run->machine = sm_stats_median((const double *)ratios->data, ratios->len);
  }
}

const SmEngineShift *sm_compare_engine_shift(const SmCompareRun *run, const char *engine)
{
  for (guint i = 0; run->engines != NULL && i < run->engines->len; i++) {
    const SmEngineShift *shift = &g_array_index(run->engines, SmEngineShift, i);
    if (strcmp(shift->engine, engine) == 0)
      return shift;
  }
  return NULL;
}

/* Each later run's engines against the baseline: the median, over each engine's cells both
 * measured ok, of the cell's ratio after the machine factor. An engine moved when that median
 * is beyond half the threshold over SM_ENGINE_MIN_CELLS cells or more, and when at least
 * SM_ENGINE_MIN_ENGINES engines have that many: with two, one engine slower is the machine as
 * much as the library (the machine factor is the median over both). */
static void set_engine_shifts(SmComparison *comparison)
{
  double limit = comparison->threshold_pct / 100.0;
  for (guint r = 1; r < comparison->runs->len; r++) {
    SmCompareRun *run = comparison->runs->pdata[r];
    double scale = run->machine > 0 && isfinite(run->machine) ? run->machine : 1.0;
    run->engines = g_array_new(FALSE, TRUE, sizeof(SmEngineShift));
    g_autoptr(GHashTable) ratios =
        g_hash_table_new_full(g_str_hash, g_str_equal, NULL, (GDestroyNotify)g_array_unref);
    for (guint c = 0; c < comparison->cells->len; c++) {
      SmCompareCell *cell = comparison->cells->pdata[c];
      double ratio = entry_ratio(&cell->entries[0], &cell->entries[r]);
      if (!(ratio > 0 && isfinite(ratio)))
        continue;
      GArray *list = g_hash_table_lookup(ratios, cell->first->engine);
      if (list == NULL) {
        list = g_array_new(FALSE, FALSE, sizeof(double));
        g_hash_table_insert(ratios, cell->first->engine, list);
        SmEngineShift shift = {.engine = cell->first->engine};
        g_array_append_val(run->engines, shift);
      }
      ratio /= scale;
      g_array_append_val(list, ratio);
    }
    unsigned judged = 0;
    for (guint i = 0; i < run->engines->len; i++) {
      SmEngineShift *shift = &g_array_index(run->engines, SmEngineShift, i);
      GArray *list = g_hash_table_lookup(ratios, shift->engine);
      shift->cells = list->len;
      shift->factor = sm_stats_median((const double *)list->data, list->len);
      judged += shift->cells >= SM_ENGINE_MIN_CELLS;
    }
    for (guint i = 0; i < run->engines->len && judged >= SM_ENGINE_MIN_ENGINES; i++) {
      SmEngineShift *shift = &g_array_index(run->engines, SmEngineShift, i);
      if (shift->cells >= SM_ENGINE_MIN_CELLS && fabs(shift->factor - 1) > limit / 2)
        shift->moved = shift->factor < 1 ? -1 : 1;
    }
  }
}

static void judge_cells(SmComparison *comparison)
{
  guint nruns = comparison->runs->len;
  for (guint c = 0; c < comparison->cells->len; c++) {
    SmCompareCell *cell = comparison->cells->pdata[c];
    const SmCompareEntry *base = &cell->entries[0];
    bool partial = false, regressed = false, improved = false, failed = false, contended = false;
    for (guint r = 0; r < nruns; r++) {
      SmCompareEntry *entry = &cell->entries[r];
      const SmCompareRun *run = comparison->runs->pdata[r];
      partial |= entry->result == NULL;
      entry->ratio = entry_ratio(base, entry);
      if (r == 0) {
        entry->verdict = entry->result ? SM_VERDICT_BASELINE : SM_VERDICT_ABSENT;
        continue;
      }
      const SmEngineShift *shift = sm_compare_engine_shift(run, cell->first->engine);
      entry->verdict = judge_entry(base, entry, comparison->runs->pdata[0], run, comparison,
                                   shift != NULL ? shift->moved : 0);
      regressed |= entry->verdict == SM_VERDICT_REGRESSED;
      improved |= entry->verdict == SM_VERDICT_IMPROVED;
      failed |= entry->verdict == SM_VERDICT_FAILED;
      contended |= entry->verdict == SM_VERDICT_CONTENDED;
    }
    comparison->partial += partial;
    comparison->regressed += regressed;
    comparison->improved += improved;
    comparison->failed += failed;
    comparison->contended += contended;
  }
}

/* Both efficiencies carry an interval (run/combine.h) and the intervals meet: the change is
 * within what either run could have read. */
static bool efficiency_ranges_overlap(const SmRow *was, const SmRow *now)
{
  return was->efficiency_low > 0 && now->efficiency_low > 0 &&
         now->efficiency_low <= was->efficiency_high && was->efficiency_low <= now->efficiency_high;
}

/* Scaling efficiency, beside the throughput: a library update that adds a lock per call can
 * keep its one-thread speed and lose its second core. Judged where both runs have the figure
 * and the throughput's own verdict was not set aside for contention. */
static void judge_scaling(SmComparison *comparison)
{
  for (guint c = 0; c < comparison->cells->len; c++) {
    SmCompareCell *cell = comparison->cells->pdata[c];
    const SmCompareEntry *base = &cell->entries[0];
    bool fell = false, rose = false;
    for (guint r = 0; r < comparison->runs->len; r++) {
      SmCompareEntry *entry = &cell->entries[r];
      entry->efficiency_change = NAN;
      entry->efficiency_moved = 0;
      if (r == 0 || base->result == NULL || entry->result == NULL ||
          entry->verdict == SM_VERDICT_CONTENDED)
        continue;
      const SmRow *was = base->result->row, *now = entry->result->row;
      if (was->status != SM_STATUS_OK || now->status != SM_STATUS_OK ||
          was->scaling_efficiency <= 0 || now->scaling_efficiency <= 0)
        continue;
      entry->efficiency_change = now->scaling_efficiency - was->scaling_efficiency;
      entry->efficiency_moved =
          efficiency_ranges_overlap(was, now)
              ? 0
              : sm_efficiency_moved(was->scaling_efficiency, now->scaling_efficiency);
      fell |= entry->efficiency_moved < 0;
      rose |= entry->efficiency_moved > 0;
    }
    comparison->scaling_fell += fell;
    comparison->scaling_rose += rose;
  }
}

SmComparison *sm_compare_build(GPtrArray *sets, double threshold_pct, double cell_threshold_pct,
                               bool machine_factor, const char *baseline_host, GError **error)
{
  g_autoptr(SmComparison) comparison = g_new0(SmComparison, 1);
  comparison->sets = sets;
  comparison->threshold_pct = threshold_pct;
  comparison->cell_threshold_pct = cell_threshold_pct >= 0 ? cell_threshold_pct : 2 * threshold_pct;
  comparison->runs = g_ptr_array_new_with_free_func((GDestroyNotify)run_free);
  comparison->cells = g_ptr_array_new_with_free_func((GDestroyNotify)cell_free);
  for (guint i = 0; i < sets->len; i++)
    split_runs(sets->pdata[i], comparison->runs);
  if (comparison->runs->len < 2) {
    g_set_error(error, SM_ERROR, SM_ERROR_USAGE,
                "compare: needs at least two runs (BASE.csv OTHER.csv ...)");
    return NULL;
  }
  if (baseline_host != NULL && !sm_compare_choose_baseline(comparison->runs, baseline_host, error))
    return NULL;
  set_probe_shortfalls(comparison);
  g_autoptr(GPtrArray) order = g_ptr_array_new_with_free_func((GDestroyNotify)cell_free);
  if (!collect_cells(comparison, order, error))
    return NULL;
  stand_in_levels(order, comparison->runs->len);
  sort_cells(order);
  g_ptr_array_set_free_func(order, NULL);
  g_ptr_array_extend_and_steal(comparison->cells, g_steal_pointer(&order));
  set_machine_factors(comparison, machine_factor);
  set_engine_shifts(comparison);
  judge_cells(comparison);
  judge_scaling(comparison);
  return g_steal_pointer(&comparison);
}

bool sm_comparison_found_regression(const SmComparison *comparison)
{
  return comparison->regressed > 0 || comparison->failed > 0 || comparison->scaling_fell > 0;
}

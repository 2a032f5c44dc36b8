#include "run/combine.h"

#include "core/util.h"

#include <math.h>
#include <string.h>

/* A pass whose two fastest samples are within this fraction of the cell's counts as fast. */
#define FAST_PASS 0.05

SmPasses *sm_passes_new(void)
{
  return g_ptr_array_new_with_free_func((GDestroyNotify)sm_cell_result_free);
}

void sm_passes_add(SmPasses *passes, unsigned pass, SmCellResult *result)
{
  if (passes->len <= pass)
    g_ptr_array_set_size(passes, pass + 1);
  SmCellResult *copy = g_new0(SmCellResult, 1);
  *copy = *result;
  *result = (SmCellResult){0};
  sm_cell_result_free(passes->pdata[pass]);
  passes->pdata[pass] = copy;
}

const SmCellResult *sm_passes_failure(const SmPasses *passes)
{
  for (guint p = 0; p < passes->len; p++) {
    const SmCellResult *r = passes->pdata[p];
    if (r != NULL && r->status != SM_STATUS_OK)
      return r;
  }
  return NULL;
}

double sm_passes_figure(const SmPasses *passes, unsigned pass)
{
  const SmCellResult *r = pass < passes->len ? passes->pdata[pass] : NULL;
  return r != NULL && r->status == SM_STATUS_OK ? r->stats.max : 0;
}

/* A pass's second-fastest sample (its only one, when it has one): what it reached with more
 * than one reading, since a single sample can sit well above the rest of its pass, and passes
 * that each had one such sample would make a level that the next run does not find again. */
static double pass_second(const SmCellResult *r)
{
  double first = 0, second = 0;
  for (guint i = 0; r->samples != NULL && i < r->samples->len; i++) {
    double x = g_array_index(r->samples, double, i);
    if (x > first) {
      second = first;
      first = x;
    } else if (x > second) {
      second = x;
    }
  }
  return r->samples != NULL && r->samples->len >= 2 ? second : r->stats.max;
}

/* Every sample of every measured pass, pooled. */
static GArray *pooled_samples(const SmPasses *passes)
{
  GArray *all = g_array_new(FALSE, FALSE, sizeof(double));
  for (guint p = 0; p < passes->len; p++) {
    const SmCellResult *r = passes->pdata[p];
    if (r != NULL && r->samples != NULL)
      g_array_append_vals(all, r->samples->data, r->samples->len);
  }
  return all;
}

static void set_headline(SmRow *row, const SmCell *cell, const SmPasses *passes)
{
  g_autoptr(GArray) all = pooled_samples(passes);
  row->stats = sm_stats_compute((const double *)all->data, all->len);
  row->median_ops_per_sec = row->stats.median;
  SmEstimate e = sm_estimate_fastest((const double *)all->data, all->len);
  const SmCellResult *fastest = NULL;
  guint n = 0, kept = 0;
  for (guint p = 0; p < passes->len; p++) {
    const SmCellResult *r = passes->pdata[p];
    if (r == NULL)
      continue;
    n++;
    kept += pass_second(r) >= (1 - FAST_PASS) * e.value;
    row->budget_hit |= r->budget_hit;
    if (fastest == NULL || r->stats.max > fastest->stats.max)
      fastest = r;
  }
  row->ops_per_sec = row->per_worker_ops_per_sec = e.value;
  row->bytes_per_sec = e.value * cell->block_size;
  row->ops_low = e.low;
  row->ops_high = e.high;
  row->passes = n;
  row->passes_kept = MAX(kept, 1u); /* the headline's own pass, with a single sample near */
  row->estimator = g_strdup(SM_ESTIMATOR);
  /* impl, allocations and context size from the pass the headline comes from: counting is
   * deterministic for a given library state, so any pass would do; this one matches the figure. */
  sm_row_set_costs(row, fastest);
  if (fastest != NULL && fastest->clock_hz > 0) {
    row->cycles_per_op = fastest->clock_hz / e.value;
    row->cycles_per_byte = cell->block_size > 0 ? row->cycles_per_op / cell->block_size : 0;
    row->cycles_source =
        g_strdup_printf("clock of the fastest pass, measured by a dependent-add chain: %.0f MHz",
                        fastest->clock_hz / 1e6);
  }
}

SmRow *sm_row_from_passes(const SmCell *cell, const SmRunContext *context, const SmPasses *passes)
{
  const SmCellResult *failure = sm_passes_failure(passes);
  const SmCellResult *first = NULL;
  for (guint p = 0; p < passes->len && first == NULL; p++)
    first = passes->pdata[p];
  if (failure != NULL || first == NULL) {
    SmCellResult none = {.status = SM_STATUS_ERROR, .detail = (char *)"no pass was measured"};
    return sm_row_from_results(cell, context, failure ? failure : &none, 1, NULL);
  }
  SmRow *row = sm_cell_row_new(cell, context->host, context->cpu_model, context->seed);
  row->status = SM_STATUS_OK;
  g_free(row->detail);
  row->detail = g_strdup(first->detail); /* an ok row's note (kem: m drawn by the library) */
  row->accel_detail = g_strdup(first->accel_detail);
  set_headline(row, cell, passes);
  if (cell->threads > 1) {
    /* The headline is every thread's rate added up; a worker is one thread. */
    row->per_worker_ops_per_sec = row->ops_per_sec / cell->threads;
    row->cycles_per_op *= cell->threads;
    row->cycles_per_byte *= cell->threads;
    if (row->detail == NULL && cell->threads > sm_usable_cpus())
      row->detail = g_strdup_printf("%u threads on %u usable CPUs: the figure measures the "
                                    "scheduler too",
                                    cell->threads, sm_usable_cpus());
  }
  return row;
}

/* Resamplings of the passes behind an efficiency's interval, and the seed that makes the interval
 * the same whenever the same passes are read again. */
#define RESAMPLINGS 2000
#define RESAMPLING_SEED 1

static int compare_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The efficiency's interval from its passes: the samples of one pass are not independent (a pass
 * on a lock-bound cell settles into one way the threads meet on the lock and keeps it), so the
 * interval of the fastest sample, which treats them as independent, is tight for a cell whose
 * fastest mode only two passes of ten reached. Resampling whole passes, the threads' pass and the
 * one-thread pass measured beside it as a pair, with the same estimator (fastest over fastest),
 * gives the central 95% of what another set of passes would have read. False with fewer than two
 * pairs. */
static bool resampled_interval(const SmPasses *passes, const SmPasses *reference, double n,
                               double *low, double *high)
{
  guint count = MIN(passes->len, reference->len), pairs = 0;
  g_autofree double *many = g_new0(double, count + 1);
  g_autofree double *one = g_new0(double, count + 1);
  for (guint p = 0; p < count; p++) {
    double m = sm_passes_figure(passes, p), o = sm_passes_figure(reference, p);
    if (m > 0 && o > 0) {
      many[pairs] = m;
      one[pairs++] = o;
    }
  }
  if (pairs < 2)
    return false;
  g_autoptr(GRand) rand = g_rand_new_with_seed(RESAMPLING_SEED);
  g_autofree double *estimates = g_new(double, RESAMPLINGS);
  for (guint r = 0; r < RESAMPLINGS; r++) {
    double top_many = 0, top_one = 0;
    for (guint i = 0; i < pairs; i++) {
      guint pick = (guint)g_rand_int_range(rand, 0, (gint32)pairs);
      top_many = fmax(top_many, many[pick]);
      top_one = fmax(top_one, one[pick]);
    }
    estimates[r] = top_many / (n * top_one);
  }
  qsort(estimates, RESAMPLINGS, sizeof *estimates, compare_double);
  *low = estimates[RESAMPLINGS / 40];
  *high = estimates[RESAMPLINGS - 1 - RESAMPLINGS / 40];
  return true;
}

void sm_row_set_scaling(SmRow *row, const SmPasses *passes, const SmPasses *reference)
{
  if (row->status != SM_STATUS_OK || row->threads <= 1 || reference == NULL ||
      sm_passes_failure(reference) != NULL)
    return;
  g_autoptr(GArray) all = pooled_samples(reference);
  SmEstimate one = sm_estimate_fastest((const double *)all->data, all->len);
  if (!(one.value > 0) || !(one.low > 0))
    return;
  double n = row->threads;
  row->single_ops_per_sec = one.value;
  row->scaling_efficiency = row->ops_per_sec / (n * one.value);
  row->efficiency_low = row->ops_low / (n * one.value);
  row->efficiency_high = row->ops_per_sec / (n * one.low);
  double low = 0, high = 0;
  if (passes != NULL && resampled_interval(passes, reference, n, &low, &high)) {
    row->efficiency_low = fmin(row->efficiency_low, low);
    row->efficiency_high = fmax(row->efficiency_high, high);
  }
}

void sm_row_set_contention(SmRow *row, const SmPasses *passes, const SmProbe *best)
{
  if (row->status != SM_STATUS_OK)
    return;
  double top = 0, least = NAN;
  unsigned slow_quiet = 0, probed = 0, measured = 0;
  for (guint p = 0; p < passes->len; p++)
    top = fmax(top, sm_passes_figure(passes, p));
  for (guint p = 0; p < passes->len; p++) {
    const SmCellResult *r = passes->pdata[p];
    if (r == NULL || top <= 0)
      continue;
    double contention = sm_probe_contention(&r->probe, best);
    measured++;
    probed += isfinite(contention);
    if (sm_passes_figure(passes, p) < (1 - FAST_PASS) * top) {
      slow_quiet += isfinite(contention) && contention <= SM_CONTENTION_LIMIT;
      continue;
    }
    if (isfinite(contention) && !(contention >= least))
      least = contention;
  }
  row->has_contention = isfinite(least);
  row->contention = row->has_contention ? least : 0;
  /* Known only when every pass was probed: a pass without a reading could be either. */
  row->has_passes_slow_quiet = probed > 0 && probed == measured;
  row->passes_slow_quiet = row->has_passes_slow_quiet ? slow_quiet : 0;
}

bool sm_row_wants_confirmation(const SmRow *row)
{
  if (row->status != SM_STATUS_OK)
    return false;
  return row->passes_kept < SM_LEVEL_PASSES ||
         (row->has_contention && row->contention > SM_CONTENTION_LIMIT) ||
         (row->has_passes_slow_quiet && row->passes_kept < row->passes_slow_quiet);
}

/* Per pass: every cell's figure (its fastest sample in that pass) against the fastest cell, and
 * against the other engines. */
static void pass_ratios(GPtrArray *cells, GPtrArray *passes, unsigned pass, double *best,
                        double *slot)
{
  double top = 0;
  for (guint i = 0; i < cells->len; i++)
    top = fmax(top, sm_passes_figure(passes->pdata[i], pass));
  for (guint i = 0; i < cells->len; i++) {
    const SmCell *cell = cells->pdata[i];
    double mine = sm_passes_figure(passes->pdata[i], pass), log_sum = 0;
    unsigned others = 0;
    for (guint j = 0; j < cells->len; j++) {
      const SmCell *other = cells->pdata[j];
      double theirs = sm_passes_figure(passes->pdata[j], pass);
      if (strcmp(other->engine_name, cell->engine_name) == 0 || theirs <= 0)
        continue;
      log_sum += log(theirs);
      others++;
    }
    best[i] = mine > 0 && top > 0 ? mine / top : 0;
    slot[i] = mine > 0 && others > 0 ? mine / exp(log_sum / others) : 0;
  }
}

void sm_rows_set_ratios(GPtrArray *cells, GPtrArray *rows, GPtrArray *passes, unsigned count)
{
  guint n = cells->len;
  g_autofree double *best = g_new0(double, (gsize)n *count + 1);
  g_autofree double *slot = g_new0(double, (gsize)n *count + 1);
  g_autofree double *row_best = g_new0(double, count + 1);
  g_autofree double *row_slot = g_new0(double, count + 1);
  for (unsigned p = 0; p < count; p++)
    pass_ratios(cells, passes, p, best + (gsize)p * n, slot + (gsize)p * n);
  for (guint i = 0; i < n; i++) {
    SmRow *row = rows->pdata[i];
    if (row == NULL || row->status != SM_STATUS_OK || n < 2)
      continue;
    for (unsigned p = 0; p < count; p++) {
      row_best[p] = best[(gsize)p * n + i];
      row_slot[p] = slot[(gsize)p * n + i];
    }
    row->ratio_to_best = sm_estimate_ratio(row_best, count);
    row->ratio_to_slot = sm_estimate_ratio(row_slot, count);
  }
}

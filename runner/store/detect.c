/* Binary segmentation (Scott and Knott 1974; the CUSUM statistic of Sen and Srivastava 1975)
 * with a known, robustly estimated noise: split where the standardised difference of the two
 * means is largest, keep the split when it is significant, recurse into both halves. */
#include "store/detect.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

const SmDetectParams sm_detect_defaults = {
    .min_statistic = 5.0,
    .min_step = 0.01,
    .min_before = 2,
    .min_after = 2,
    .noise_floor = 0.005,
};

static int by_value(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

double sm_detect_noise(const double *x, size_t n, double floor)
{
  if (n < 3)
    return floor;
  double *d = g_new(double, n - 1);
  for (size_t i = 0; i + 1 < n; i++)
    d[i] = x[i + 1] - x[i];
  qsort(d, n - 1, sizeof *d, by_value);
  double median = (n - 1) % 2 ? d[(n - 1) / 2] : (d[(n - 1) / 2 - 1] + d[(n - 1) / 2]) / 2;
  for (size_t i = 0; i + 1 < n; i++)
    d[i] = fabs(d[i] - median);
  qsort(d, n - 1, sizeof *d, by_value);
  double mad = (n - 1) % 2 ? d[(n - 1) / 2] : (d[(n - 1) / 2 - 1] + d[(n - 1) / 2]) / 2;
  g_free(d);
  double sigma = 1.4826 * mad / sqrt(2.0);
  return sigma > floor ? sigma : floor;
}

/* The mean of x[lo..hi) from prefix sums. */
static double mean(const double *prefix, size_t lo, size_t hi)
{
  return (prefix[hi] - prefix[lo]) / (double)(hi - lo);
}

static SmStep measure(const double *prefix, size_t lo, size_t at, size_t hi, double sigma)
{
  SmStep step = {.at = (guint)at};
  step.before = mean(prefix, lo, at);
  step.after = mean(prefix, at, hi);
  double scale = sigma * sqrt(1.0 / (double)(at - lo) + 1.0 / (double)(hi - at));
  step.statistic = fabs(step.after - step.before) / scale;
  step.p = erfc(step.statistic / sqrt(2.0));
  return step;
}

static bool significant(const SmStep *step, const SmDetectParams *params)
{
  return step->statistic >= params->min_statistic &&
         fabs(step->after - step->before) >= params->min_step;
}

#define SHORT 5

static double segment_median(const double *x, size_t lo, size_t hi)
{
  size_t n = hi - lo;
  double *copy = g_memdup2(x + lo, n * sizeof *x);
  qsort(copy, n, sizeof *copy, by_value);
  double median = n % 2 ? copy[n / 2] : (copy[n / 2 - 1] + copy[n / 2]) / 2;
  g_free(copy);
  return median;
}

/* A wild run or two drag a mean, not a median: the medians of the two segments must differ by at
 * least half the step, the same way; and every run of a segment shorter than SHORT must lie
 * beyond half the step, on its own side. */
static bool holds(const double *x, size_t lo, size_t at, size_t hi, const SmStep *step)
{
  double shift = segment_median(x, at, hi) - segment_median(x, lo, at);
  if (shift * (step->after - step->before) <= 0 ||
      fabs(shift) < fabs(step->after - step->before) / 2)
    return false;
  double middle = (step->before + step->after) / 2;
  double sign = step->after > step->before ? 1 : -1;
  if (at - lo < SHORT)
    for (size_t i = lo; i < at; i++)
      if ((x[i] - middle) * sign >= 0)
        return false;
  if (hi - at < SHORT)
    for (size_t i = at; i < hi; i++)
      if ((x[i] - middle) * sign <= 0)
        return false;
  return true;
}

/* The best split of [lo, hi), or at = 0 when none is allowed. Ties go to the earlier index. */
static SmStep best_split(const double *x, const double *prefix, size_t lo, size_t hi, double sigma,
                         const SmDetectParams *params)
{
  SmStep best = {0};
  for (size_t at = lo + params->min_before; at + params->min_after <= hi; at++) {
    SmStep step = measure(prefix, lo, at, hi, sigma);
    if (!holds(x, lo, at, hi, &step))
      continue;
    if (best.at == 0 || step.statistic > best.statistic)
      best = step;
  }
  return best;
}

static gint by_position(gconstpointer a, gconstpointer b)
{
  const SmStep *x = a, *y = b;
  return (x->at > y->at) - (x->at < y->at);
}

GArray *sm_detect_steps(const double *x, size_t n, double sigma, const SmDetectParams *params)
{
  GArray *steps = g_array_new(FALSE, FALSE, sizeof(SmStep));
  double *prefix = g_new0(double, n + 1);
  for (size_t i = 0; i < n; i++)
    prefix[i + 1] = prefix[i] + x[i];
  GArray *todo = g_array_new(FALSE, FALSE, sizeof(size_t));
  size_t whole[] = {0, n};
  g_array_append_vals(todo, whole, 2);
  while (todo->len > 0) {
    size_t hi = g_array_index(todo, size_t, todo->len - 1);
    size_t lo = g_array_index(todo, size_t, todo->len - 2);
    g_array_set_size(todo, todo->len - 2);
    SmStep step = best_split(x, prefix, lo, hi, sigma, params);
    if (step.at == 0 || !significant(&step, params))
      continue;
    g_array_append_val(steps, step);
    size_t halves[] = {lo, step.at, step.at, hi};
    g_array_append_vals(todo, halves, 4);
  }
  g_array_sort(steps, by_position);
  /* Levels and statistics between the neighbouring steps of the final segmentation; a step that
   * no longer stands between its neighbours is dropped. */
  GArray *kept = g_array_new(FALSE, FALSE, sizeof(SmStep));
  for (guint i = 0; i < steps->len; i++) {
    size_t lo = kept->len > 0 ? g_array_index(kept, SmStep, kept->len - 1).at : 0;
    size_t hi = i + 1 < steps->len ? g_array_index(steps, SmStep, i + 1).at : n;
    size_t at = g_array_index(steps, SmStep, i).at;
    SmStep step = measure(prefix, lo, at, hi, sigma);
    if (significant(&step, params) && holds(x, lo, at, hi, &step))
      g_array_append_val(kept, step);
  }
  g_array_unref(steps);
  g_array_unref(todo);
  g_free(prefix);
  return kept;
}

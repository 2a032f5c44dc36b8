/* Binary segmentation (Scott and Knott 1974; the mean-shift statistic of Sen and Srivastava
 * 1975, with medians for means) with a known, robustly estimated noise: split where the
 * standardised difference of the two sides' medians is largest, keep the split when it is
 * significant, recurse into both halves. */
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

/* The median of a sorted array. */
static double middle_of(const double *sorted, size_t n)
{
  return n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

static double segment_median(const double *x, size_t lo, size_t hi)
{
  size_t n = hi - lo;
  double *copy = g_memdup2(x + lo, n * sizeof *x);
  qsort(copy, n, sizeof *copy, by_value);
  double median = middle_of(copy, n);
  g_free(copy);
  return median;
}

/* medians[k] = the median of the first k + 1 values of x[lo..hi) taken in `direction` (+1 from
 * lo, -1 from hi - 1): one insertion sort, grown a value at a time. */
static void running_medians(const double *x, size_t lo, size_t hi, int direction, double *medians)
{
  size_t n = hi - lo;
  g_autofree double *sorted = g_new(double, n);
  for (size_t k = 0; k < n; k++) {
    double v = direction > 0 ? x[lo + k] : x[hi - 1 - k];
    size_t i = k;
    for (; i > 0 && sorted[i - 1] > v; i--)
      sorted[i] = sorted[i - 1];
    sorted[i] = v;
    medians[k] = middle_of(sorted, k + 1);
  }
}

/* The median of n normal values has a standard error of about sqrt(pi/2) sigma/sqrt(n). */
#define MEDIAN_EFFICIENCY 1.2533

static SmStep step_between(double before, double after, size_t left, size_t right, size_t at,
                           double sigma)
{
  SmStep step = {.at = (guint)at, .before = before, .after = after};
  double scale = MEDIAN_EFFICIENCY * sigma * sqrt(1.0 / (double)left + 1.0 / (double)right);
  step.statistic = fabs(after - before) / scale;
  step.p = erfc(step.statistic / sqrt(2.0));
  return step;
}

static bool significant(const SmStep *step, const SmDetectParams *params)
{
  return step->statistic >= params->min_statistic &&
         fabs(step->after - step->before) >= params->min_step;
}

/* A segment shorter than SHORT runs can be one wild run or two: each of its runs must lie beyond
 * half the step, on its own side. */
#define SHORT 5

static bool holds(const double *x, size_t lo, size_t at, size_t hi, const SmStep *step)
{
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
static SmStep best_split(const double *x, size_t lo, size_t hi, double sigma,
                         const SmDetectParams *params)
{
  SmStep best = {0};
  size_t n = hi - lo;
  g_autofree double *left = g_new(double, n);
  g_autofree double *right = g_new(double, n);
  running_medians(x, lo, hi, 1, left);
  running_medians(x, lo, hi, -1, right);
  for (size_t at = lo + params->min_before; at + params->min_after <= hi; at++) {
    SmStep step = step_between(left[at - lo - 1], right[hi - at - 1], at - lo, hi - at, at, sigma);
    if (!holds(x, lo, at, hi, &step))
      continue;
    if (best.at == 0 || step.statistic > best.statistic)
      best = step;
  }
  return best;
}

/* Medians hardly move when a split is one run off, so the split the statistic picks is moved to
 * where the runs next to it say it is: at most 2 runs either way, each moved-over run on the side
 * of the step's middle it joins. */
static SmStep refine(const double *x, size_t lo, size_t hi, SmStep step, double sigma,
                     const SmDetectParams *params)
{
  double middle = (step.before + step.after) / 2;
  double sign = step.after > step.before ? 1 : -1;
  size_t at = step.at;
  for (int moves = 0; moves < 2 && at > lo + params->min_before && (x[at - 1] - middle) * sign > 0;
       moves++)
    at--;
  for (int moves = 0; moves < 2 && at + params->min_after < hi && (x[at] - middle) * sign < 0;
       moves++)
    at++;
  if (at == step.at)
    return step;
  return step_between(segment_median(x, lo, at), segment_median(x, at, hi), at - lo, hi - at, at,
                      sigma);
}

static gint by_position(gconstpointer a, gconstpointer b)
{
  const SmStep *x = a, *y = b;
  return (x->at > y->at) - (x->at < y->at);
}

GArray *sm_detect_steps(const double *x, size_t n, double sigma, const SmDetectParams *params)
{
  GArray *steps = g_array_new(FALSE, FALSE, sizeof(SmStep));
  GArray *todo = g_array_new(FALSE, FALSE, sizeof(size_t));
  size_t whole[] = {0, n};
  g_array_append_vals(todo, whole, 2);
  while (todo->len > 0) {
    size_t hi = g_array_index(todo, size_t, todo->len - 1);
    size_t lo = g_array_index(todo, size_t, todo->len - 2);
    g_array_set_size(todo, todo->len - 2);
    SmStep step = best_split(x, lo, hi, sigma, params);
    if (step.at == 0 || !significant(&step, params))
      continue;
    step = refine(x, lo, hi, step, sigma, params);
    if (!significant(&step, params))
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
    SmStep step = step_between(segment_median(x, lo, at), segment_median(x, at, hi), at - lo,
                               hi - at, at, sigma);
    if (significant(&step, params) && holds(x, lo, at, hi, &step))
      g_array_append_val(kept, step);
  }
  g_array_unref(steps);
  g_array_unref(todo);
  return kept;
}

#include "core/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int compare_doubles(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double median_sorted(const double *sorted, size_t count)
{
  if (count == 0)
    return 0.0;
  return count % 2 ? sorted[count / 2] : (sorted[count / 2 - 1] + sorted[count / 2]) / 2.0;
}

double sm_stats_median(const double *values, size_t count)
{
  if (count == 0)
    return 0.0;
  double *sorted = malloc(count * sizeof *sorted);
  if (sorted == NULL)
    return NAN;
  memcpy(sorted, values, count * sizeof *sorted);
  qsort(sorted, count, sizeof *sorted, compare_doubles);
  double median = median_sorted(sorted, count);
  free(sorted);
  return median;
}

SmStats sm_stats_compute(const double *values, size_t count)
{
  SmStats stats = {.count = count};
  if (count == 0)
    return stats;
  double *scratch = malloc(count * sizeof *scratch);
  if (scratch == NULL) {
    stats.median = NAN;
    return stats;
  }
  memcpy(scratch, values, count * sizeof *scratch);
  qsort(scratch, count, sizeof *scratch, compare_doubles);
  stats.min = scratch[0];
  stats.max = scratch[count - 1];
  stats.median = median_sorted(scratch, count);

  double sum = 0.0;
  for (size_t i = 0; i < count; i++)
    sum += values[i];
  stats.mean = sum / (double)count;
  double squares = 0.0;
  for (size_t i = 0; i < count; i++)
    squares += (values[i] - stats.mean) * (values[i] - stats.mean);
  double stddev = count > 1 ? sqrt(squares / (double)(count - 1)) : 0.0;
  stats.cv = stats.mean != 0.0 ? stddev / stats.mean : 0.0;

  for (size_t i = 0; i < count; i++)
    scratch[i] = fabs(values[i] - stats.median);
  qsort(scratch, count, sizeof *scratch, compare_doubles);
  stats.mad = median_sorted(scratch, count);

  /* 1.4826 scales the MAD to a standard deviation for normal data. */
  double limit = 3.0 * 1.4826 * stats.mad;
  for (size_t i = 0; i < count; i++)
    if (stats.mad > 0.0 && fabs(values[i] - stats.median) > limit)
      stats.outliers++;
  free(scratch);
  return stats;
}

bool sm_stats_linear_fit(const double *x, const double *y, size_t count, double *slope,
                         double *intercept)
{
  if (count < 2)
    return false;
  double sw = 0, sx = 0, sy = 0;
  for (size_t i = 0; i < count; i++) {
    if (!(y[i] > 0))
      return false;
    double w = 1.0 / (y[i] * y[i]);
    sw += w;
    sx += w * x[i];
    sy += w * y[i];
  }
  double mx = sx / sw, my = sy / sw;
  double sxx = 0, sxy = 0;
  for (size_t i = 0; i < count; i++) {
    double w = 1.0 / (y[i] * y[i]);
    sxx += w * (x[i] - mx) * (x[i] - mx);
    sxy += w * (x[i] - mx) * (y[i] - my);
  }
  if (sxx == 0.0)
    return false;
  *slope = sxy / sxx;
  *intercept = my - *slope * mx;
  return true;
}

SmEstimate sm_estimate_fastest(const double *values, size_t count)
{
  if (count == 0)
    return (SmEstimate){0};
  double *sorted = malloc(count * sizeof *sorted);
  if (sorted == NULL)
    return (SmEstimate){0};
  memcpy(sorted, values, count * sizeof *sorted);
  qsort(sorted, count, sizeof *sorted, compare_doubles);
  size_t k = 1;
  while (k < count && pow((double)k / (double)count, (double)count) < 0.025)
    k++;
  SmEstimate e = {.value = sorted[count - 1], .low = sorted[k - 1], .high = sorted[count - 1]};
  free(sorted);
  return e;
}

SmEstimate sm_estimate_ratio(const double *ratios, size_t passes)
{
  double *kept = malloc((passes ? passes : 1) * sizeof *kept);
  if (kept == NULL)
    return (SmEstimate){0};
  size_t n = 0;
  for (size_t p = 0; p < passes; p++)
    if (ratios[p] > 0 && isfinite(ratios[p]))
      kept[n++] = ratios[p];
  SmEstimate e = {0};
  if (n > 0) {
    qsort(kept, n, sizeof *kept, compare_doubles);
    e = (SmEstimate){.value = median_sorted(kept, n), .low = kept[0], .high = kept[n - 1]};
  }
  free(kept);
  return e;
}

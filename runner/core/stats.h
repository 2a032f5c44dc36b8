/* Pure statistics over arrays of samples: no I/O, no allocation visible to callers. */
#pragma once

#include <stdbool.h>
#include <stddef.h>

typedef struct {
  size_t count;
  double median;
  double mad; /* median absolute deviation (unscaled) */
  double cv;  /* coefficient of variation: standard deviation / mean */
  double mean;
  double min;
  double max;
  size_t outliers; /* samples further than 3 scaled MADs from the median (as hyperfine) */
} SmStats;

/* Summarises `count` values; count may be 0 (everything 0). `values` is not modified. */
SmStats sm_stats_compute(const double *values, size_t count);

/* Median of `count` values (copies; `values` is not modified). 0 for an empty array. */
double sm_stats_median(const double *values, size_t count);

/* Statistics over the samples of several passes of one measurement, leaving out every pass
 * whose median is below `keep_fraction` x the best pass's median (a slow phase of the machine).
 * `passes[i]` holds `counts[i]` samples; `kept` receives how many passes were used. */
SmStats sm_stats_pooled(const double *const *passes, const size_t *counts, size_t pass_count,
                        double keep_fraction, size_t *kept);

/* Least-squares fit y = slope * x + intercept, each point weighted by 1/y^2: timing noise is
 * relative (a few percent of each point), so the small sizes, which alone determine the
 * intercept, are not drowned by the absolute noise of the large ones. False when fewer than two
 * distinct x or a y that is not positive. */
bool sm_stats_linear_fit(const double *x, const double *y, size_t count, double *slope,
                         double *intercept);

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
  /* Samples further than 3 scaled MADs (3 x 1.4826 x MAD) from the median: a tighter cut than
   * hyperfine's 10 scaled MADs, which flags only gross outliers; only counted, never dropped. */
  size_t outliers;
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

/* An estimate with its interval. */
typedef struct {
  double value;
  double low;
  double high;
} SmEstimate;

/* The headline figure of a cell measured in passes: the fastest pass, each pass summarised by
 * the median of its samples. The noise of a shared VM is one-sided (slow phases only take speed
 * away, bench/estimators measures it), so the fastest pass is the figure a second run finds
 * again. Its interval joins two sources: where the fastest pass falls among the others (the
 * bootstrap over passes puts the 2.5% quantile of a maximum at the order statistic k with
 * (k/n)^n >= 0.025: the third-fastest of 5 or 6 passes), and the standard error of the median
 * within the fastest pass (1.2533 x 1.4826 x MAD / sqrt(samples), times 1.96).
 * `medians[i]` is pass i's median, `mads[i]` its MAD and `counts[i]` its sample count.
 * `best` receives the index of the fastest pass. */
SmEstimate sm_estimate_fastest_pass(const double *medians, const double *mads, const size_t *counts,
                                    size_t passes, size_t *best);

/* Passes whose median is within `fraction` of the fastest pass's (the passes that ran fast). */
size_t sm_estimate_count_near(const double *medians, size_t passes, double fraction);

/* A ratio measured once per pass: its median, and the range over the passes (with 5 passes the
 * range holds the true median with probability 1 - 2 x 0.5^5 = 94%). Passes with a ratio that
 * is not positive are left out; all 0 when none is left. */
SmEstimate sm_estimate_ratio(const double *ratios, size_t passes);

/* Least-squares fit y = slope * x + intercept, each point weighted by 1/y^2: timing noise is
 * relative (a few percent of each point), so the small sizes, which alone determine the
 * intercept, are not drowned by the absolute noise of the large ones. False when fewer than two
 * distinct x or a y that is not positive. */
bool sm_stats_linear_fit(const double *x, const double *y, size_t count, double *slope,
                         double *intercept);

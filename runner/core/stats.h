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

/* An estimate with its interval. */
typedef struct {
  double value;
  double low;
  double high;
} SmEstimate;

/* The headline figure of a cell: its fastest sample. The noise of a shared VM is one-sided
 * (slow phases of a vCPU, time taken by other processes: nothing makes a sample read fast), so
 * the fastest samples are the figure a second run finds again (bench/holdstill measures the
 * candidates; Chen and Revels, arXiv 1608.04295). Its interval: where a maximum of n draws falls
 * under the bootstrap, P(max <= x_(k)) = (k/n)^n, so its 2.5% quantile is the order statistic k
 * with (k/n)^n >= 0.025 (about the fourth-fastest of many samples); the high end is the value. */
SmEstimate sm_estimate_fastest(const double *values, size_t count);

/* A ratio measured once per pass: its median, and the range over the passes (with n passes the
 * range holds the true median with probability 1 - 2 x 0.5^n: 94% for 5, 99.8% for the shipped
 * 10). Passes with a ratio that is not positive are left out; all 0 when none is left. */
SmEstimate sm_estimate_ratio(const double *ratios, size_t passes);

/* Least-squares fit y = slope * x + intercept, each point weighted by 1/y^2: timing noise is
 * relative (a few percent of each point), so the small sizes, which alone determine the
 * intercept, are not drowned by the absolute noise of the large ones. False when fewer than two
 * distinct x or a y that is not positive. */
bool sm_stats_linear_fit(const double *x, const double *y, size_t count, double *slope,
                         double *intercept);

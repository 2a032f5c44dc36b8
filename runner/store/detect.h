/* Change points in one series of log figures (README "History store"): binary segmentation with
 * the standardised shift of segment medians, the noise taken from the series' own history (robust:
 * the MAD of run-to-run differences). Pure functions, no I/O. */
#pragma once

#include <glib.h>
#include <stddef.h>

typedef struct {
  double min_statistic; /* |step| / (sigma x sqrt(1/before + 1/after)) must reach this */
  double min_step;      /* and |step| (in log units) this */
  guint min_before;     /* runs on each side of a step */
  guint min_after;      /* a new level must hold this many runs: one night is never a change */
  double noise_floor;   /* sigma is never taken below this (log units) */
} SmDetectParams;

extern const SmDetectParams sm_detect_defaults;

typedef struct {
  guint at;         /* index of the first value of the new level */
  double before;    /* median of the segment before (log) */
  double after;     /* median of the segment after (log) */
  double statistic; /* |after - before| / (1.2533 sigma sqrt(1/left + 1/right)) */
  double p;         /* two-sided normal p of the statistic, for one test */
} SmStep;

/* 1.4826 x MAD of x[i+1] - x[i] / sqrt(2), never below `floor`; `floor` when n < 3. */
double sm_detect_noise(const double *x, size_t n, double floor);

/* The steps of x[0..n) (no NAN), sorted by position. */
GArray *sm_detect_steps(const double *x, size_t n, double sigma, const SmDetectParams *params);

/* Clocks and calibration: times one prepared operation, nothing else. */
#pragma once

#include "engine.h"
#include "core/stats.h"

#include <glib.h>
#include <stdbool.h>

typedef struct {
  double time;          /* seconds of sampling planned per cell */
  unsigned samples;     /* samples planned in `time` (sample length = time / samples) */
  unsigned min_samples; /* never fewer */
  double target_spread; /* stop early once MAD/median is below this (0 = never early) */
  double time_cap;      /* keep sampling up to this many seconds while above the target */
  double slowdown;      /* test builds only (the release build ignores it): each sample takes
                         * 1/(1 - slowdown) as long (0 = none) */
} SmMeasureConfig;

typedef struct {
  SmOpFn fn;
  void *state;
  SmIo *io;
  guint64 ops_per_sample;
} SmTimedOp;

typedef struct {
  GArray *ops_per_sec; /* double: one per sample */
  guint64 ops_per_sample;
  guint64 total_ops;
  double elapsed;  /* seconds spent timing, samples only */
  bool budget_hit; /* sampling stopped at the cap with the spread above the target */
  SmStats stats;   /* over ops_per_sec */
} SmMeasurement;

void sm_measurement_clear(SmMeasurement *m);

/* Calibrates (doubling until a batch lasts a tenth of a sample) and warms up with one discarded
 * sample. False with a message when a call fails. */
bool sm_calibrate(SmTimedOp *op, const SmMeasureConfig *config, char **error);

/* Samples a calibrated op under the adaptive budget. The output of every call is folded into a
 * sink so the calls cannot be dropped. */
bool sm_sample(SmTimedOp *op, const SmMeasureConfig *config, SmMeasurement *out, char **error);

/* Whether sampling stops after the samples in `rates` (ops/s), `elapsed` seconds of them: the
 * adaptive budget's rule, which sets *budget_hit when it stops at the cap unconverged. */
bool sm_sampling_done(const SmMeasureConfig *config, GArray *rates, double elapsed,
                      bool *budget_hit);

/* Runs `count` calls of a prepared op, untimed (the allocation count's batch); false when a call
 * fails. */
bool sm_run_untimed(SmTimedOp *op, guint64 count);

/* CLOCK_MONOTONIC in nanoseconds. */
guint64 sm_now_ns(void);

/* The core clock in Hz measured with a chain of dependent additions (one cycle each on every
 * x86-64 and AArch64 core), or 0 where there is no such chain for this architecture. */
double sm_measure_clock_hz(double seconds);

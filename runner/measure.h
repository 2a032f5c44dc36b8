/* Clocks and calibration: times one prepared operation, nothing else. */
#pragma once

#include "engine.h"
#include "stats.h"

#include <glib.h>
#include <stdbool.h>

typedef struct {
  double time;      /* seconds of sampling per cell (calibration and warm-up come on top) */
  unsigned samples; /* samples per cell */
} SmMeasureConfig;

typedef struct {
  GArray *ops_per_sec; /* double: one per sample */
  guint64 ops_per_sample;
  guint64 total_ops;
  double elapsed;      /* seconds spent timing, samples only */
  SmStats stats;       /* over ops_per_sec */
} SmMeasurement;

void sm_measurement_clear(SmMeasurement *m);

/* Calibrates, warms up and samples `fn(state, io)`. On a failed call returns false with the
 * message in `error`. The output of every call is folded into a sink so it cannot be dropped. */
bool sm_measure(SmOpFn fn, void *state, SmIo *io, const SmMeasureConfig *config,
                SmMeasurement *out, char **error);

/* CLOCK_MONOTONIC in nanoseconds. */
guint64 sm_now_ns(void);

/* The statistical check on the real path, after dudect (Reparaz, Balasch and Verbauwhede,
 * "Dude, is my code constant time?", 2017): the cell's operation timed natively on contexts made
 * from one fixed secret (class 0) and from random secrets (class 1), the classes interleaved in
 * a random order, then Welch's t between the classes' times, over all samples and over samples
 * cropped at dudect's 100 percentiles. The largest |t| is an indicator (above 10 dudect says
 * probably not constant time, SM_DUDECT_THRESHOLD), never a proof either way: timing samples are
 * not independent, a small leak needs more samples than a budget gives, and a large t can come from
 * the machine. */
#pragma once

#include "ct/secret_run.h"

typedef struct {
  bool measured;
  double t;          /* the largest |t| over the tests, with its sign */
  guint64 samples;   /* the samples of the test that gave it (both classes) */
  guint64 collected; /* every sample taken */
  char *why;         /* when not measured */
} SmDudectResult;

void sm_dudect_result_clear(SmDudectResult *result);

/* Why the cell has no secret dudect can vary (RSA's keys are fixed), or NULL. */
const char *sm_dudect_unsupported(const SmCell *cell);

/* Measures for `budget` seconds in this process (the engine is initialised here). */
void sm_dudect_cell(const SmCell *cell, const SmCtOptions *options, double budget,
                    SmDudectResult *result);

/* Welch's t over classes 0 and 1 of `count` samples (times[i] of class classes[i]) whose time is
 * below `below` (INFINITY: all); `used` gets the samples counted. 0 when a class has fewer than
 * two samples. Exposed for the tests. */
double sm_dudect_welch_t(const double *times, const guint8 *classes, gsize count, double below,
                         guint64 *used);

/* The largest |t| over all samples and dudect's 100 cropped tests, each with at least
 * `min_samples` samples; `samples` gets that test's count. */
double sm_dudect_max_t(const double *times, const guint8 *classes, gsize count, guint64 min_samples,
                       guint64 *samples);

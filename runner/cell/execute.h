/* One cell, start to finish: engine init, known answers, input preparation, set-up,
 * calibration, then sampling. Split in two so that parallel workers start sampling together. */
#pragma once

#include "plan/config.h"
#include "cell/measure.h"
#include "cell/probe.h"
#include "core/row.h"
#include "plan/plan.h"

typedef struct {
  guint64 seed;
  SmMeasureConfig measure;
  char *host;
  char *cpu_model;
} SmRunContext;

/* What a cell's execution found, before it becomes a row (workers send this to the parent). */
typedef struct {
  SmStatus status;
  char *detail;
  SmStats stats; /* over per-sample ops/s */
  bool budget_hit;
  guint64 ops_per_sample;
  double clock_hz;    /* measured core clock around the samples, 0 when unknown */
  SmProbe probe;      /* the contention probe right after the samples (cell/probe.h) */
  char *accel_detail; /* what the engine reported of its acceleration at init */
  GArray *samples;    /* double: every sample's ops/s (NULL when not measured) */
  char *impl;         /* which implementation ran, as the library reports it (NULL: cannot tell) */
  /* Allocations over `counted_ops` operations of one untimed batch after the samples (0 ops:
   * not counted), and the bytes the cell's context still held after its setup. */
  guint64 counted_ops, allocs, alloc_bytes;
  bool has_context_bytes;
  guint64 context_bytes;
  /* The library file this process mapped for the engine, and its version at run time
   * (core/builds.h): proof that a build's row measured that build. NULL: unknown. */
  char *library_path, *library_version;
  /* Times a call waited for a lock another thread held, over every thread's context, as the
   * engine counts them (SmImpl.lock_waits); has_lock_waits false: the engine cannot tell. */
  bool has_lock_waits;
  guint64 lock_waits;
} SmCellResult;

void sm_cell_result_clear(SmCellResult *result);
/* Clears and frees a result on the heap; NULL is fine. */
void sm_cell_result_free(SmCellResult *result);

typedef struct SmPrepared SmPrepared;

/* Everything before sampling. NULL when the cell ends here: result holds why. */
SmPrepared *sm_cell_prepare(const SmCell *cell, const SmRunContext *context, SmCellResult *result);
/* Samples a prepared cell and fills `result`: on one thread, or on cell->threads threads at once
 * (cell/threads.h). */
void sm_cell_sample(SmPrepared *prepared, const SmRunContext *context, SmCellResult *result);
void sm_prepared_free(SmPrepared *prepared);

/* The calls a prepared cell's timed loop makes, for a caller that makes them itself (the profile
 * counts the library's instructions apart from any loop's): the level and its operation on the
 * cell's context, or for a setup or per-message cell (`cycle`) a context built from `params`,
 * used when `op` is not NULL, and torn down, per call. */
typedef struct {
  const SmImpl *impl;
  SmOpFn op;
  void *state;
  SmIo *io;
  bool cycle;
  const SmParams *params;
} SmPreparedCalls;

SmPreparedCalls sm_prepared_calls(SmPrepared *prepared);

/* The costs beyond speed a result carries (impl, allocations, context size), into its row. */
void sm_row_set_costs(SmRow *row, const SmCellResult *result);

/* A row from a cell and the results of its `count` workers (parallel cells sum them). */
SmRow *sm_row_from_results(const SmCell *cell, const SmRunContext *context,
                           const SmCellResult *results, unsigned count, const SmCellResult *single);

/* Pure expansion: settings x registry -> the ordered list of cells, unsupported ones included. */
#pragma once

#include "core/catalog.h"
#include "core/cell_id.h"
#include "plan/config.h"
#include "core/registry.h"
#include "core/row.h"

typedef struct {
  const char *engine_name; /* as asked; the engine may not be built */
  SmLoadedEngine *engine;  /* NULL when not built */
  const SmAlgInfo *alg;
  const SmAlgorithm *impl; /* the engine's entry, NULL when it does not offer the algorithm */
  SmOp op;
  SmApi api;
  guint block_size; /* bytes per operation for bulk kinds; 0 for signature and kex */
  SmAccel accel;
  unsigned parallel;
  unsigned threads; /* threads of one worker measuring it at once */
  bool per_message; /* each timed call: a new context from the key, the operation, released */
  SmStatus status;  /* PENDING, or UNSUPPORTED with the reason */
  char *reason;
} SmCell;

void sm_cell_free(SmCell *cell);

/* A cell of several workers or threads: measured once, all together, beside its one-worker
 * (one-thread) reference, instead of in passes. */
bool sm_cell_measured_together(const SmCell *cell);

/* The cell's coordinates (no host), borrowed from it. */
SmCellId sm_cell_id(const SmCell *cell);

/* The row a cell will end as: its coordinates, status and reason; figures still empty. */
SmRow *sm_cell_row_new(const SmCell *cell, const char *host, const char *cpu_model, guint64 seed);

/* The level of the cell's engine that offers `op` for its algorithm, the cell's own level
 * first; NULL when no level does (producing ciphertexts to decrypt, signatures to verify). */
const SmImpl *sm_cell_impl_for(const SmCell *cell, SmOp op);

/* Returns a GPtrArray of SmCell*, or NULL with a one-line error (unknown engine: names the
 * origin recorded in settings and the valid choices). */
GPtrArray *sm_plan_build(const SmSettings *settings, SmRegistry *registry, GError **error);

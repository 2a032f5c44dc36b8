/* The process memcheck watches: `speedmatrix ct --worker ENGINE.so --cells FILE ...`, started by
 * the ct verb under valgrind, one per engine. It forks a child per cell (so that each cell's
 * errors are its own: memcheck reports a site once per process) and prints one line per cell:
 * INDEX, the child's pid (whose XML log holds the errors), the outcome, the status, the
 * implementation's name and a detail, tab-separated, escaped with g_strescape. */
#pragma once

#include "ct/secret_run.h"

typedef struct {
  const char *engine_path;
  const char *cells_path; /* lines: INDEX ALGORITHM API OPERATION SIZE ACCEL (tab-separated) */
  SmCtOptions options;
  double timeout; /* seconds a cell's child may take */
} SmCtWorkerArgs;

int sm_ct_worker_main(const SmCtWorkerArgs *args);

/* The request line for one cell. */
char *sm_ct_worker_request(guint index, const SmCell *cell);

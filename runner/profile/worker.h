/* The process callgrind runs: `speedmatrix profile --worker ENGINE.so --cells FILE ...`, started
 * by the profile verb under valgrind, one per engine and acceleration mode. It forks a child per
 * cell (a cell that crashes or hangs takes no other with it, and each child's dumps are its own
 * files) and prints one line per cell: INDEX, the child's pid (whose dumps hold the counts), the
 * status, the implementation, the library's path and version, the operations counted and a
 * detail, tab-separated, escaped with g_strescape. */
#pragma once

#include "plan/plan.h"

typedef struct {
  const char *engine_path;
  const char *cells_path; /* lines: INDEX ALGORITHM API OPERATION SIZE ACCEL CONTEXT OPS */
  guint64 seed;
  double timeout; /* seconds a cell's child may take */
} SmProfileWorkerArgs;

int sm_profile_worker_main(const SmProfileWorkerArgs *args);

/* The request line for one cell, `ops` operations counted. */
char *sm_profile_worker_request(guint index, const SmCell *cell, guint64 ops);

/* The fields of an answer line. */
enum {
  SM_PROFILE_ANSWER_INDEX,
  SM_PROFILE_ANSWER_PID,
  SM_PROFILE_ANSWER_STATUS,
  SM_PROFILE_ANSWER_IMPL,
  SM_PROFILE_ANSWER_LIBRARY_PATH,
  SM_PROFILE_ANSWER_LIBRARY_VERSION,
  SM_PROFILE_ANSWER_OPS,
  SM_PROFILE_ANSWER_DETAIL,
  SM_PROFILE_ANSWER_FIELDS
};

/* A profiled cell's figures from callgrind's two dumps: instructions per operation (what the
 * ops window called, less the runner's own functions below it, such as the malloc wrappers a
 * library's allocations pass through), the set-up's instructions, system calls per operation,
 * the functions that take the operation's instructions, and one line saying where they go. */
#pragma once

#include "io/profile_csv.h"
#include "profile/callgrind_out.h"

typedef struct {
  const char *runner; /* the file name of the profiled process's executable: harness */
  const char *plugin; /* the file name of the engine's plugin: the engine's glue */
} SmProfileObjects;

/* Fills `record`'s figures from the dumps of `ops` operations; false when the ops dump counted
 * nothing (no window in it). */
bool sm_profile_explain(SmProfileRecord *record, const SmCgDump *setup, const SmCgDump *ops,
                        guint64 n, const SmProfileObjects *objects);

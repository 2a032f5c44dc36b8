/* The profiled process's side: one cell verified and prepared as a run prepares it (known
 * answers first), then two counting windows opened through callgrind's client requests: one
 * set-up of the cell's context, and `ops` operations. Each window is a function of its own that
 * collects only while it runs and has callgrind dump before it returns, so that in each dump the
 * window is the one function no collected call reaches: its callees are the library's work, its
 * own instructions the loop's (profile/callgrind_out.h). */
#pragma once

#include "cell/execute.h"
#include "plan/plan.h"

/* The dumps' triggers name their window: "sm-profile setup", "sm-profile ops". */
#define SM_PROFILE_SETUP_TRIGGER "sm-profile setup"
#define SM_PROFILE_OPS_TRIGGER "sm-profile ops"

/* False when this build has no valgrind/callgrind.h: no window can be opened. */
bool sm_profile_can_count(void);

typedef struct {
  SmStatus status; /* OK: both windows counted; else why the cell ended before them */
  char *detail;
  char *impl;
  char *library_path, *library_version;
  guint64 ops; /* operations in the ops window */
} SmProfileChildResult;

void sm_profile_child_result_clear(SmProfileChildResult *result);

/* The operations counted for a cell when --ops does not say: enough for a per-operation figure
 * that repeats to well under 0.1% where the work is the same each time, few for slow operations
 * (the count is instructions, not time: more operations only average the ones that vary). */
guint64 sm_profile_default_ops(const SmCell *cell);

/* Runs in this process, under callgrind (elsewhere the requests do nothing). */
void sm_profile_run_cell(const SmCell *cell, guint64 seed, guint64 ops,
                         SmProfileChildResult *result);

/* `speedmatrix profile`: instruction counts per cell under Valgrind's callgrind. Each engine's
 * cells run in one worker under callgrind (profile/worker.h), a child per cell that verifies the
 * cell and counts a set-up and a number of operations in windows of its own
 * (profile/profile_child.h); each child's dumps are read back (profile/callgrind_out.h) into one
 * profile CSV row per cell (io/profile_csv.h). */
#pragma once

#include "core/registry.h"
#include "plan/config.h"

#include <stdbool.h>

typedef struct {
  const char *matrix;  /* the matrix file read: the output may never be written over it */
  const char *output;  /* CSV path, "-" for standard output, NULL for results/ */
  const char *run_csv; /* a timing run's CSV: its impl column is compared with the profiled one */
  guint64 ops;         /* operations counted per cell; 0: sm_profile_default_ops */
  bool quiet;
} SmProfileRunOptions;

/* Exit status: 0 every cell profiled or not profilable, 1 a cell failed (its known answers, a
 * crash, a timeout), 2 bad input (error set: nothing selected, no valgrind). */
int sm_profile_run(const SmSettings *settings, SmRegistry *registry,
                   const SmProfileRunOptions *options, GError **error);

/* `speedmatrix ct`: the constant-time check over a plan's cells. Each engine's cells run in one
 * worker under valgrind's memcheck (ct/worker.h), a child per cell; each child's XML log is read
 * back (ct/memcheck_xml.h) and counted per phase and kind into one ct CSV row per cell. */
#pragma once

#include "core/registry.h"
#include "plan/config.h"

#include <stdbool.h>

typedef struct {
  const char *matrix;   /* the matrix file read: the output may never be written over it */
  const char *output;   /* CSV path, "-" for standard output, NULL for results/ */
  const char *resume;   /* an interrupted ct's CSV: check only the cells it lacks, append them */
  const char *run_csv;  /* a timing run's CSV: its impl column is compared with the checked one */
  bool secret_data;     /* the plaintext / message is secret too */
  unsigned reps;        /* operations per cell under memcheck */
  double dudect_budget; /* seconds per cell of the statistical check; 0: not run */
  bool quiet;
} SmCtRunOptions;

/* Exit status: 0 every checked cell clean, 1 a cell secret-dependent or a cell with a secret not
 * checked, 2 bad input (error set), 128 + the signal when interrupted (the CSV keeps every
 * finished row; `ct --resume` checks the rest). */
int sm_ct_run(const SmSettings *settings, SmRegistry *registry, const SmCtRunOptions *options,
              GError **error);

/* The run verb: plan, agreement, then each cell in a worker process, each row to the CSV as it
 * finishes; a metadata sidecar beside the CSV. */
#pragma once

#include "plan/config.h"
#include "core/registry.h"

typedef struct {
  const char *output; /* NULL: results/<UTC timestamp>-<host>.csv; "-": standard output */
  const char *resume; /* a CSV of an earlier run: measure only its missing cells, append them */
  const char *matrix; /* the matrix file read: an input, never written over */
  bool quiet;         /* no progress line */
  bool table;         /* print the summary grids at the end */
  bool tables;        /* ... then the openssl-speed style tables */
} SmRunOptions;

/* Returns the exit status: 0 all verified cells measured, 1 some cell failed, 2 bad input;
 * 130/143 when interrupted (the CSV stays valid up to the last whole row). */
int sm_run(const SmSettings *settings, SmRegistry *registry, const SmRunOptions *options,
           GError **error);

/* The default result file name for a run starting now on this host. */
char *sm_run_default_output(const char *host);

/* The run verb's command line (argv[0] names the verb); returns its exit status. */
int sm_cmd_run(int argc, char **argv);

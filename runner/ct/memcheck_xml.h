/* Reads what Valgrind's memcheck wrote with --xml=yes for one checked cell: every error with its
 * kind and innermost frame, in the phase (set-up, operation) that the cell's process announced
 * with a client message ("sm-ct phase NAME") before it. */
#pragma once

#include <glib.h>
#include <stdbool.h>

typedef enum {
  SM_CT_PHASE_BEFORE, /* before the secrets were marked: inputs prepared, not counted */
  SM_CT_PHASE_SETUP,  /* the key schedule, precomputation: a context made from the secrets */
  SM_CT_PHASE_OP,     /* the measured operation, run a few times on that context */
  SM_CT_PHASE_AFTER,  /* asking the implementation's name, teardown: not counted */
  SM_CT_PHASE_COUNT
} SmCtPhase;

typedef enum {
  SM_CT_BRANCH, /* "Conditional jump or move depends on uninitialised value(s)" */
  SM_CT_INDEX,  /* "Use of uninitialised value of size N": a secret-dependent address */
  SM_CT_OTHER,  /* any other memcheck error (a system call given secret bytes, ...) */
} SmCtErrorKind;

typedef struct {
  SmCtPhase phase;
  SmCtErrorKind kind;
  char *where; /* the innermost frame: "fn (file:line)", "fn in libx.so", or the address */
} SmCtError;

typedef struct {
  GPtrArray *errors; /* SmCtError*, in the order memcheck found them (each site once) */
  bool finished;     /* the file ended with </valgrindoutput>: the process ran to its end */
} SmCtLog;

void sm_ct_log_free(SmCtLog *log);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(SmCtLog, sm_ct_log_free)

/* Parses memcheck's XML; NULL with a one-line error when it is not XML. A file cut short (the
 * process was killed) parses to what it holds, with `finished` false. */
SmCtLog *sm_ct_log_parse(const char *name, const char *text, gsize len, GError **error);

/* The phase a client message names ("sm-ct phase op\n"), or -1 when it is not a marker. */
int sm_ct_phase_from_marker(const char *text);
/* The marker text for a phase, for the checked process to print. */
const char *sm_ct_phase_marker(SmCtPhase phase);

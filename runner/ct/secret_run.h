/* The checked process's side of the constant-time check: one cell's secrets marked undefined for
 * memcheck before its set-up, the operation run a few times, the outputs that are public by
 * design marked defined again, each phase announced to memcheck's log (ct/memcheck_xml.h). */
#pragma once

#include "plan/plan.h"

#include <stdbool.h>

typedef struct {
  bool secret_data; /* the plaintext / message counts as secret too, not only keys */
  unsigned reps;    /* operations run on the context (at least 1) */
  guint64 seed;
} SmCtOptions;

typedef enum {
  SM_CT_RAN,      /* set up and operated with the secrets marked: memcheck's log has the rest */
  SM_CT_NO_CHECK, /* nothing secret to mark (verify; a digest without --secret-data) */
  SM_CT_FAILED,   /* the engine refused: unsupported or an error; `detail` says which */
} SmCtOutcome;

typedef struct {
  SmCtOutcome outcome;
  SmStatus status; /* for SM_CT_FAILED: unsupported or error */
  char *detail;
  char *impl; /* the implementation the checked context runs, as the library reports it */
} SmCtRunResult;

/* False when this build has no valgrind/memcheck.h: secrets cannot be marked. */
bool sm_ct_can_mark(void);

void sm_ct_run_result_clear(SmCtRunResult *result);

/* Why a cell has nothing to check, or NULL when it has a secret input under `options`. */
const char *sm_ct_nothing_secret(const SmCell *cell, const SmCtOptions *options);

/* Runs the cell in this process (the engine is initialised here). Under valgrind the client
 * requests mark the secrets; elsewhere they do nothing and the cell simply runs. */
void sm_ct_run_cell(const SmCell *cell, const SmCtOptions *options, SmCtRunResult *result);

/* The profile's CSV (`speedmatrix profile`): the cell identity columns of a run's CSV, then what
 * Valgrind's callgrind counted for the cell: instructions per operation and for the set-up,
 * system calls per operation, the implementation the profiled process took, the functions that
 * took the operation's instructions and a one-line explanation. Written by profile, read back by
 * compare, store, summary and report. */
#pragma once

#include "core/cell_id.h"
#include "core/row.h"

#include <stdbool.h>

typedef enum {
  SM_PROFILE_PROFILED,
  SM_PROFILE_NOT_PROFILED,
  SM_PROFILE_FAILED,
  SM_PROFILE_STATUS_COUNT
} SmProfileStatus;

/* "profiled", "not-profiled", "failed". */
const char *sm_profile_status_name(SmProfileStatus status);
bool sm_profile_status_parse(const char *name, SmProfileStatus *status);

/* At most this many functions are kept per cell, largest inclusive share first. */
#define SM_PROFILE_TOP 10

typedef struct {
  char *function;
  char *library;          /* the object file's basename ("libcrypto.so.3"); "" when unknown */
  double self_share;      /* of the operation's instructions, 0..1 */
  double inclusive_share; /* the same with what it calls */
  double self_per_op;     /* instructions per operation in the function itself */
} SmProfileFunction;

SmProfileFunction *sm_profile_function_new(const char *function, const char *library);
void sm_profile_function_free(SmProfileFunction *function);

typedef struct {
  SmRow *row; /* the cell: its identity columns as a run's CSV writes them */
  SmProfileStatus status;
  char *detail; /* why not profiled or failed; NULL when profiled */
  char *tool;   /* "callgrind 3.19.0" */
  guint64 ops;  /* operations in the counted window */
  double instructions_per_op;
  guint64 setup_instructions;
  double syscalls_per_op;
  char *impl;
  char *impl_matches_run; /* "yes", "no", or NULL when the run's impl is not known */
  GPtrArray *top;         /* SmProfileFunction*, largest inclusive share first */
  char *explanation;      /* one line: where the operation's instructions go */
} SmProfileRecord;

SmProfileRecord *sm_profile_record_new(SmRow *row);
void sm_profile_record_free(SmProfileRecord *record);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(SmProfileRecord, sm_profile_record_free)

char *sm_profile_csv_header(void);
char *sm_profile_csv_format(const SmProfileRecord *record);

/* The top_functions field: entries joined by ';', each "FUNCTION@LIBRARY SELF INCLUSIVE PER_OP"
 * with '%', ';', '@', space and control characters of the names written as %XX. */
char *sm_profile_top_format(const GPtrArray *top);
/* NULL (and false) when `text` is not such a field. */
GPtrArray *sm_profile_top_parse(const char *text);

/* Whether a CSV header line is a profile file's (it names "instructions_per_op"), so that the
 * verbs that read other CSVs can tell one apart. */
bool sm_profile_csv_is_header(const char *line);

typedef struct SmProfileSet SmProfileSet;
struct SmProfileSet {
  char *name;
  GPtrArray *records;  /* SmProfileRecord*, in file order */
  GHashTable *by_cell; /* sm_cell_id_key(SM_AXES_CELL) -> SmProfileRecord* (borrowed) */
};

void sm_profile_set_free(SmProfileSet *set);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(SmProfileSet, sm_profile_set_free)

/* Reads a profile CSV; NULL with a one-line "FILE:LINE: ..." error when it is not one. */
SmProfileSet *sm_profile_set_read(const char *path, GError **error);
SmProfileSet *sm_profile_set_parse(const char *name, const char *text, gsize len, GError **error);
/* The record of a cell (the host is ignored), or NULL. */
const SmProfileRecord *sm_profile_set_find(const SmProfileSet *set, const SmCellId *id);

/* The constant-time check's CSV (`speedmatrix ct`): the cell identity columns of a run's CSV,
 * then the verdict, memcheck's counts per phase and kind, the first function, the implementation
 * the checked run took, and the optional statistical indicator. Written by ct, read back by
 * summary, report and compare to show and follow the verdicts. */
#pragma once

#include "core/cell_id.h"
#include "core/row.h"

#include <math.h>
#include <stdbool.h>

typedef enum {
  SM_CT_CLEAN,
  SM_CT_SECRET_DEPENDENT,
  SM_CT_NOT_CHECKED,
  SM_CT_VERDICT_COUNT
} SmCtVerdict;

const char *sm_ct_verdict_name(SmCtVerdict verdict);
bool sm_ct_verdict_parse(const char *name, SmCtVerdict *verdict);

/* |t| above this is what dudect calls probably not constant time (TVLA's 4.5 is too low for the
 * largest of dudect's 101 cropped tests: an A/A run reached 4.4 here); an indicator, never a
 * proof either way. */
#define SM_DUDECT_THRESHOLD 10.0

typedef struct {
  SmRow *row; /* the cell: timestamp, host, cpu, engine and version, algorithm, kind, operation,
                 api, block size, accel, parallel, seed */
  bool secret_data;
  SmCtVerdict verdict;
  char *detail;
  guint branches_setup, indexes_setup, branches_op, indexes_op;
  char *first_function;
  char *impl;
  char *impl_matches_run; /* "yes", "no", or NULL when the run's impl is not known */
  double dudect_t;        /* NAN: not measured */
  guint64 dudect_samples;
} SmCtRecord;

SmCtRecord *sm_ct_record_new(SmRow *row);
void sm_ct_record_free(SmCtRecord *record);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(SmCtRecord, sm_ct_record_free)

/* The dudect verdict words: "leak-indicated" when |t| > SM_DUDECT_THRESHOLD, "none-seen". */
const char *sm_ct_dudect_verdict(const SmCtRecord *record);

char *sm_ct_csv_header(void);
char *sm_ct_csv_format(const SmCtRecord *record);

typedef struct SmCtSet SmCtSet;
struct SmCtSet {
  char *name;
  GPtrArray *records;  /* SmCtRecord*, in file order */
  GHashTable *by_cell; /* sm_cell_id_key(SM_AXES_CELL) -> SmCtRecord* (borrowed) */
};

void sm_ct_set_free(SmCtSet *set);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(SmCtSet, sm_ct_set_free)

/* Reads a ct CSV; NULL with a one-line "FILE:LINE: ..." error when it is not one. */
SmCtSet *sm_ct_set_read(const char *path, GError **error);
SmCtSet *sm_ct_set_parse(const char *name, const char *text, gsize len, GError **error);
/* The record of a cell (the host is ignored), or NULL. */
const SmCtRecord *sm_ct_set_find(const SmCtSet *set, const SmCellId *id);

/* Reads result CSV files back (for compare, report and the fuzzers): RFC 4180, columns found by
 * name, required columns checked, every field validated; one-line errors naming FILE:LINE. */
#pragma once

#include "core/row.h"

#include <stdbool.h>

/* One row read back, with what the file said beyond SmRow. Figures come back in SmRow:
 * ops_per_sec, bytes_per_sec (derived as ops x block_size when only ops is given) and stats
 * (count = samples, median = ops_per_sec, mad = spread x median, cv, min, max). */
typedef struct {
  SmRow *row;
  guint line;                       /* the file line where the row starts */
  bool has_spread;                  /* spread and samples were given (not empty) */
  bool has_min_max;                 /* min_ops_per_sec and max_ops_per_sec were given */
  double slope_ns_per_byte;         /* NAN when the column is absent or empty */
  double intercept_ns_per_call;     /* NAN when the column is absent or empty */
  double single_worker_ops_per_sec; /* parallel cells: one worker alone; NAN when not given */
  struct {
    guint public_key, secret_key, signature, ciphertext; /* bytes; 0 when not given */
  } sizes;
} SmResultRow;

typedef struct {
  char *name;          /* the file as the user named it */
  GPtrArray *results;  /* SmResultRow*, in file order */
  GPtrArray *warnings; /* char*: one-line warnings ("FILE:LINE: ..."), e.g. a truncated last line */
  bool has_accel;      /* the optional columns the header had */
  bool has_parallel;
  bool has_seed;
  bool has_source;
  bool last_unterminated; /* the last row had no line end: whole, or cut inside its last field */
} SmResultSet;

void sm_result_row_free(SmResultRow *result);
void sm_result_set_free(SmResultSet *set);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(SmResultSet, sm_result_set_free)

/* Parses `len` bytes of CSV text; `name` is used in messages. NULL with a one-line error
 * (SM_ERROR_INPUT) when the text is not a result file this build can read. */
SmResultSet *sm_results_parse(const char *name, const char *text, gsize len, GError **error);

/* Larger result files are not something a run writes (a full matrix is a few MB): every reader
 * of result files (compare, report, summary, store ingest, run --resume) stops at this cap. */
#define SM_RESULTS_MAX_BYTES (256 * 1024 * 1024)

/* Reads and parses a file (SM_ERROR_IO when it cannot be read). */
SmResultSet *sm_results_read(const char *path, GError **error);

/* Reads every file of `paths` (count of them), printing each file's warnings on standard error;
 * a GPtrArray of SmResultSet*, or NULL with the first file's error. */
GPtrArray *sm_results_read_all(char **paths, int count, GError **error);

/* The ops/s or bytes/s figure a result is compared and charted by: bytes/s for bulk kinds with
 * a block size, ops/s otherwise. */
double sm_result_figure(const SmResultRow *result);
bool sm_result_is_bulk(const SmResultRow *result);

/* A timing run's implementation per cell (sm_cell_id_key(SM_AXES_CELL) -> impl), of its ok rows
 * whose library said which: what ct and profile compare the implementation they saw with. */
GHashTable *sm_results_read_impls(const char *path, GError **error);

/* The status names a result file may hold, for parsing and messages. */
bool sm_results_parse_status(const char *name, SmStatus *status);
bool sm_results_parse_op(const char *name, SmOp *op);

/* The records of any RFC 4180 text (a GPtrArray of GPtrArray of char*, the header first; blank
 * lines and a last line cut inside a quote left out), for files with their own columns. */
GPtrArray *sm_csv_read_records(const char *name, const char *text, gsize len, GError **error);

/* The emulator a set's rows were measured under (the first row's `emulated` that is not empty);
 * NULL when every row was measured natively or imported. */
const char *sm_result_set_emulated(const SmResultSet *set);
/* The readers that present figures as speeds (summary, report, compare, store ingest): FALSE
 * with a one-line error when a set was measured under emulation and `allowed` (their
 * --emulated) is not set, or when sets measured under emulation and natively are mixed. */
bool sm_results_check_emulated(const char *verb, SmResultSet *const *sets, guint count,
                               bool allowed, GError **error);

/* The one rule for a cell twice (README "CSV"), for every reader that presents rows
 * (summary, report, compare, store ingest): a file whose rows hold the same cell of the same
 * machine and source twice is not one run, and no reader guesses which row stands. FALSE with
 * "FILE:LINE: the same cell as line N (CELL): ..." for the first such row. */
bool sm_results_check_once(SmResultSet *const *sets, guint count, GError **error);
/* The rule's parts, for the readers of other files of cells (ct's): what makes two rows the same
 * cell (source, machine, cell), and the refusal of the second. */
char *sm_results_cell_key(const SmRow *row);
void sm_results_cell_twice(GError **error, const char *name, guint line, guint first_line,
                           const SmRow *row);

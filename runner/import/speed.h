/* The openssl speed reader's shared state (internal to import/): a run being read, the parser
 * walking the text's lines, and the functions the reader's files (speed_*.c) share. */
#pragma once

#include "import/import.h"

#include "core/catalog.h"
#include "import/import_names.h"
#include "import/import_rows.h"
#include "import/patterns.h"

#include <stdbool.h>

/* ---- where things are in a run's output: a run never goes back ---- */

enum {
  PHASE_NONE = 0,
  PHASE_PROGRESS = 10, /* "Doing ..." lines and +DT/+R records (stderr, printed first) */
  PHASE_VERSION = 20,
  PHASE_BULK = 30, /* "The 'numbers'...", "type" header, rows; +H, +F */
  PHASE_PKEY = 40, /* + family: rsa 40, dsa 41, ... */
};

/* Which openssl generation printed a run; it decides the api of the fixed-list rows and what the
 * -mr figures mean. */
typedef enum {
  GEN_UNKNOWN,
  GEN_0_9,   /* 0.9.x */
  GEN_1_0,   /* 1.0.0 to 1.1.0 */
  GEN_1_1_1, /* 1.1.1 */
  GEN_3,     /* 3.x */
} Gen;

/* One figure found in a run, before it becomes a row. */
typedef struct {
  guint line;
  bool bulk;
  bool progress; /* from "Doing" lines rather than the summary */
  char *name;    /* bulk: openssl's name as printed, lower case, single spaces */
  guint block_size;
  double bytes_per_sec;
  SmPkFamily family; /* pkey */
  guint bits;
  char *curve; /* as printed; NULL when the output does not name it */
  bool curve_inferred;
  SmOp op;
  double ops_per_sec;
} Record;

/* A -mr public-key record; whether its figures are seconds or rates is settled per run. */
typedef struct {
  guint line;
  SmPkFamily family;
  guint index;
  guint bits;
  char *curve; /* from the record (EdDSA, SM2) or its index and size (ECDSA, ECDH) */
  guint count;
  double values[4];
} MrPkey;

typedef struct {
  guint number;
  guint first_line, last_line;
  int phase;
  bool content; /* something of openssl speed's own output, not just a version or command */
  char *version;
  int major, minor, patch;  /* -1: unknown */
  const char *gen_note;     /* how the generation was told without a version line, or NULL */
  char *cpu_model;          /* from a cpuinfo or lscpu paste before the run */
  bool cpu_model_ambiguous; /* the paste named two models: none is lent */
  bool cmd_evp;
  char *cmd_evp_name;
  bool cmd_decrypt;
  unsigned parallel;
  unsigned forked;
  /* the bulk table */
  GArray *sizes;     /* guint */
  GArray *got_sizes; /* -multi: the block sizes of the children's "Got: +H" records */
  guint got_line;
  bool have_numbers_line, have_header, mr_header;
  guint numbers_line, header_line;
  guint bulk_rows;
  /* the first bulk row cut short (the post ends, or an excerpt does): its figures so far are
   * kept, the rest may come from the run's progress lines (else the run fails) */
  guint cut_line, cut_have, cut_wanted;
  char *cut_name;
  /* the public-key tables */
  int pkey_header; /* PK_HEADER_* of the last header line */
  guint pkey_header_line;
  bool pkey_header_pending; /* a header with no row yet */
  /* what the output says about its generation */
  bool three_marker;
  bool plural_bits, singular_bit;
  bool five_sizes;
  /* -mr progress: the +DT/+DTP a +R belongs to */
  char *dt_name;
  guint dt_size;
  bool dt_valid;
  bool progress_interleaved; /* -multi: the children's +DT/+R lines cross; none can be used */
  GHashTable *occurrences;   /* "family/op/bits" -> count, to infer unnamed curves */
  GPtrArray *records;        /* Record* */
  GPtrArray *mr_pkey;        /* MrPkey* */
  char *error;
  guint error_line;
  GPtrArray *notes;
} Run;

enum { PK_HEADER_NONE, PK_HEADER_SIGN, PK_HEADER_RSA4, PK_HEADER_OP, PK_HEADER_KEM, PK_HEADER_SIG };

typedef struct {
  char *text;
  guint number;
} Line;

typedef struct {
  GRegex *version_old, *version_3, *command, *bulk_progress, *pkey_progress, *rsa_dsa, *ec_row,
      *ffdh_row, *cpu_model;
} Patterns;

typedef struct {
  Line *lines;
  guint count;
  guint at; /* index of the line being handled */
  const char *source;
  Patterns re;
  Run *run; /* the run lines are going to, NULL before the first */
  SmImport *import;
  guint runs_seen;
} Parser;

static inline const Line *sm_speed_current_line(const Parser *p) { return &p->lines[p->at]; }

/* ---- runs, records and tokens (speed_run.c) ---- */

void sm_speed_mr_pkey_free(gpointer data);

/* Whitespace-separated tokens; never NULL. */
GStrv sm_speed_tokens_of(const char *text);

bool sm_speed_is_uint(const char *token);

/* A decimal number as openssl prints it: digits, optionally a point and more digits. */
bool sm_speed_parse_decimal(const char *text, size_t len, double *value);

/* A bulk table figure, always printed with two decimals ("%11.2fk" / "%11.2f "):
 * "105045.97k" (1000s of bytes/s) or "9876.54" (bytes/s). Prose numbers do not look like that. */
bool sm_speed_parse_bulk_figure(const char *token, double *bytes_per_sec);

bool sm_speed_is_bulk_figure(const char *token);

/* A public-key table figure: "0.000264s" (seconds) or "3784.0" (per second). */
bool sm_speed_is_pkey_figure(const char *token);

bool sm_speed_all_tokens(GStrv tokens, bool (*test)(const char *));

bool sm_speed_is_size_token(const char *token);

bool sm_speed_is_pkey_header_word(const char *token);

bool sm_speed_contains_token(GStrv tokens, const char *word);

/* The run's first problem (nothing of it is imported), and a note about it. */
#define sm_speed_run_fail(run, line, ...)                                                          \
  sm_import_fail(&(run)->error, &(run)->error_line, line, __VA_ARGS__)
#define sm_speed_run_note(run, line, ...) sm_import_note((run)->notes, line, 0, __VA_ARGS__)

void sm_speed_close_run(Parser *p);

Run *sm_speed_open_run(Parser *p);

/* The run a line at `phase` belongs to: the current one, unless the output's order went back (or
 * a section that appears once per run appears again), which starts the next run. */
Run *sm_speed_run_at(Parser *p, int phase, bool again);

void sm_speed_add_bulk(Run *run, guint line, const char *name, guint size, double bytes_per_sec,
                       bool progress);

void sm_speed_add_pkey(Run *run, guint line, SmPkFamily family, guint bits, const char *curve,
                       bool curve_inferred, SmOp op, double ops_per_sec, bool progress);

/* Whether the current run already has a summary figure for this key: the same rsa or curve line
 * again is the next run's (two pastes of the same table without a version line between). */
bool sm_speed_pkey_seen(const Run *run, SmPkFamily family, guint bits, const char *curve,
                        int mr_index);

bool sm_speed_parse_field_double(const char *text, double *value);

bool sm_speed_parse_field_uint(const char *text, guint *value);

/* ---- plain text (speed_text.c) ---- */

bool sm_speed_handle_command(Parser *p, const char *text);

bool sm_speed_handle_version(Parser *p, const char *text);

/* Lines of the version block and of -multi that carry nothing to import. */
bool sm_speed_handle_metadata(Parser *p, const char *text);

bool sm_speed_handle_numbers_line(Parser *p, const char *text);

/* "type  16 bytes  64 bytes ... 16384 bytes", perhaps wrapped after "8192" or after any pair. */
bool sm_speed_handle_type_header(Parser *p, const char *text);

/* A normalised bulk name: lower case, single spaces. */
char *sm_speed_normalise_name(GStrv tokens, guint count);

/* A bulk table row: "aes-128-cbc  105045.97k ... 117654.32k", possibly wrapped. */
bool sm_speed_handle_bulk_row(Parser *p, const char *text);

/* "sign verify sign/s verify/s", "op op/s", the 3.4 rsa and KEM/signature headers. */
bool sm_speed_handle_pkey_header(Parser *p, const char *text);

/* "rsa 2048 bits 0.000264s 0.000016s 3784.0 62399.0" (3.4: four ops), "dsa 1024 bits ...". */
bool sm_speed_handle_rsa_dsa_row(Parser *p, const char *text);

/* " 256 bits ecdsa (nistp256) ...", " 253 bits ecdh (X25519) ...", EdDSA, SM2 rows. */
bool sm_speed_handle_ec_row(Parser *p, const char *text);

/* 3.5's KEM and signature-algorithm tables: speedmatrix has no keygen/encaps/decaps operation,
 * so the rows are named in a note rather than imported; the signature table's sign/verify are. */
bool sm_speed_handle_kem_sig_row(Parser *p, const char *text);

/* A line of figures alone where no row wants them: a table with more columns than its header. */
bool sm_speed_handle_stray_figures(Parser *p, const char *text);

/* ---- progress lines (speed_progress.c) ---- */

/* Progress lines give an ECDSA or ECDH curve's size, not its name: openssl measures the curves
 * of a size in a fixed order (nistp256, then brainpoolP256r1, then brainpoolP256t1). */
void sm_speed_add_inferred_curve(Run *run, guint line, SmPkFamily family, guint bits, SmOp op,
                                 double ops_per_sec);

bool sm_speed_handle_progress(Parser *p, const char *text);

/* ---- -mr records (speed_mr.c) ---- */

bool sm_speed_handle_mr(Parser *p, const char *text);

/* Whether a run's +F2..+F5 figures are ops/s (1.1.1 on) or seconds per op (up to 1.1.0). */
bool sm_speed_mr_rates(const Run *run, Gen gen, bool *decided);

void sm_speed_mr_to_records(Run *run, bool rates);

/* ---- rows (speed_rows.c) ---- */

void sm_speed_finish_run(Parser *p, Run *run);

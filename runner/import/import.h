/* import: reads `openssl speed` output as people post it (plain text of OpenSSL 0.9.x to 3.x,
 * the -mr records, progress lines; several runs in one text, quoted or wrapped by a mail client)
 * and turns each run into speedmatrix rows. A pure parser: text in, runs out, no I/O. */
#pragma once

#include "core/row.h"

#include <stdbool.h>

/* A remark about a run that does not stop it from being imported (a table speedmatrix has no
 * operation for, a curve inferred from its key size). */
typedef struct {
  guint line;
  char *message;
} SmImportNote;

/* One `openssl speed` invocation found in the text. */
typedef struct {
  guint number;     /* 1-based, in order of appearance (failed runs are counted too) */
  guint first_line; /* 1-based line numbers of the text */
  guint last_line;
  GPtrArray *rows;  /* SmRow*, owned; empty when the run failed */
  char *error;      /* NULL when the run parsed; otherwise why nothing of it is imported */
  guint error_line; /* where the problem is */
  GPtrArray *notes; /* SmImportNote* */
} SmImportRun;

typedef struct {
  GPtrArray *runs; /* SmImportRun*, in order of appearance */
} SmImport;

void sm_import_free(SmImport *import);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(SmImport, sm_import_free)

/* Parses `length` bytes of text. `source` names the input in each row's source column
 * ("SOURCE#run N"). Never fails: a text without openssl speed output gives no runs. */
SmImport *sm_import_parse(const char *text, gsize length, const char *source);

/* How many runs parsed (have rows and no error). */
guint sm_import_parsed_runs(const SmImport *import);

/* The verb: speedmatrix import FILE|- [-o FILE]; returns the exit status. */
int sm_cmd_import(int argc, char **argv);

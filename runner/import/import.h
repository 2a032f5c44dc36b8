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
  guint figures; /* printed figures this note accounts for (not imported, and why) */
} SmImportNote;

/* One `openssl speed` invocation found in the text, or one table a person made of its figures. */
typedef struct {
  guint number;     /* 1-based, in order of appearance (failed runs are counted too) */
  guint table;      /* 0: openssl speed output ("run N"); else the table's number ("table N") */
  guint first_line; /* 1-based line numbers of the text */
  guint last_line;
  GPtrArray *rows;    /* SmRow*, owned; empty when the run failed */
  char *error;        /* NULL when the run parsed; otherwise why nothing of it is imported */
  guint error_line;   /* where the problem is */
  GPtrArray *notes;   /* SmImportNote* */
  GPtrArray *explain; /* char*: what a table's columns and labels were read as (import --explain) */
  guint figures;      /* figures a table printed: each imported or accounted for by a note */
  guint columns;      /* a table's columns (0 for openssl speed output) */
  GPtrArray *labels;  /* char*: a table's cells that are not figures, for checking a map */
} SmImportRun;

typedef struct {
  GPtrArray *runs;    /* SmImportRun*, in order of appearance */
  GPtrArray *skipped; /* char*: "lines A-B: why", blocks laid out like tables that are not
                         benchmark tables (a /proc/cpuinfo paste, another program's table) */
} SmImport;

void sm_import_free(SmImport *import);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(SmImport, sm_import_free)

/* What a person says a table's columns and labels mean (import --map FILE, an INI file):
 *   [table N] (or [all])   column C = algorithm|evp|machine|cpu|host|version|label|ignore|HEADER
 *                          unit = k|bytes|MB   (what a plain bulk figure counts)
 *   [labels]               TEXT = machine|evp|low|ignore|ALGORITHM
 * HEADER is read as a column header would be ("rsa2048 sign/s", "16 bytes"). */
typedef struct SmImportMap SmImportMap;

/* NULL with a one-line error naming `name` when the map is not one this build can use. */
SmImportMap *sm_import_map_parse(const char *text, gsize length, const char *name, GError **error);
void sm_import_map_free(SmImportMap *map);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(SmImportMap, sm_import_map_free)
/* What the map says of column `column` (1-based) of table `table`, of a label, of a table's
 * unit (newly allocated); NULL when it says nothing. `map` may be NULL. */
char *sm_import_map_column(const SmImportMap *map, guint table, guint column);
char *sm_import_map_label(const SmImportMap *map, const char *text);
char *sm_import_map_unit(const SmImportMap *map, guint table);

/* Whether everything `map` says applies to the tables of `import`: a [table N] that exists, a
 * column between 1 and the table's last, a [labels] entry some table's cell says. Else a
 * one-line error naming the map file, the line and the valid choices. */
bool sm_import_map_check(const SmImportMap *map, const SmImport *import, GError **error);

/* Parses `length` bytes of text. `source` names the input in each row's source column
 * ("SOURCE#run N"). Never fails: a text without openssl speed output gives no runs. */
SmImport *sm_import_parse(const char *text, gsize length, const char *source);
/* The same, with hand-made tables read as `map` says (NULL: as inferred). Tables are numbered
 * apart from runs; their rows' source is "SOURCE#table N row M" (M counts the table's rows,
 * header lines included). */
SmImport *sm_import_parse_with(const char *text, gsize length, const char *source,
                               const SmImportMap *map);

/* How many runs parsed (have rows and no error). */
guint sm_import_parsed_runs(const SmImport *import);

/* The verb: speedmatrix import FILE|- [-o FILE]; returns the exit status. */
int sm_cmd_import(int argc, char **argv);

/* Tables people make by hand from openssl speed output (import's second reader): finding them
 * in a text and splitting them into cells (table_cells.c), then reading what the cells mean
 * (table_read.c, with the words of table_words.c). Internal to import/. */
#pragma once

#include "import/import.h"

#include <stdbool.h>

typedef enum {
  SM_LAYOUT_PIPE,   /* Markdown, or an HTML table turned into text: cells between '|' */
  SM_LAYOUT_CSV,    /* comma-separated, RFC 4180 quoting */
  SM_LAYOUT_TSV,    /* tab-separated */
  SM_LAYOUT_SPACES, /* aligned with spaces: cells where their columns are */
} SmTableLayout;

typedef struct {
  guint line;       /* the line the row starts on (1-based in the text) */
  guint number;     /* 1-based row of the table, header lines included */
  GPtrArray *cells; /* char*, trimmed; as many as the table has columns */
} SmTableRow;

typedef struct {
  SmTableLayout layout;
  guint first_line, last_line;
  guint columns;
  GPtrArray *rows; /* SmTableRow* */
} SmTable;

const char *sm_table_layout_name(SmTableLayout layout);
void sm_table_free(SmTable *table);

/* The tables among `lines` (mail quoting removed; lines[0] is line 1), leaving out the lines
 * marked in `taken` (openssl speed output read by the other reader). */
GPtrArray *sm_tables_find(char **lines, guint count, const bool *taken);

/* A figure as tables print them: "1068564.92k", "3784.0", "0.000264s", "1,234.5", and typed
 * whole: "123456", "1,234,567", "1 234 567", "1.234.567" (German), "1'234'567". */
typedef struct {
  double value;  /* the number written, separators dropped (no unit applied) */
  char suffix;   /* 'k', 's' or 0 */
  bool decimals; /* with a decimal part */
  bool grouped;  /* with thousands separators */
} SmTableFigure;

bool sm_table_figure_read(const char *text, SmTableFigure *figure);
bool sm_table_is_figure(const char *text);
/* A figure no header would print as a size: with decimals, a unit or separators, or a whole
 * number that is not a block size or key size ("123456", not "16", "2048" or "16384"). What
 * tells rows of figures from header lines. */
bool sm_table_is_strong_figure(const char *text);
/* "n/a" and its kin ("-", "N/A", "k.A."): a figure the table says was not measured. */
bool sm_table_is_missing(const char *text);

/* Reads one table into a run numbered `number` (its `table` field set). */
SmImportRun *sm_table_read(const SmTable *table, guint number, const char *source,
                           const SmImportMap *map);

/* What a block laid out as a table is: a benchmark table (it names an algorithm, a block size,
 * an operation, or a public-key family with key sizes), a key-value paste (/proc/cpuinfo,
 * lscpu) or another program's table. `lines` are the text's lines it was found in. */
typedef enum { SM_TABLE_BENCHMARK, SM_TABLE_KEY_VALUE, SM_TABLE_OTHER } SmTableKind;

SmTableKind sm_table_kind(char **lines, const SmTable *table);
/* Why a block of that kind is skipped, as --explain says it. */
const char *sm_table_kind_reason(SmTableKind kind);

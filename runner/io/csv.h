/* CSV sink: RFC 4180, a header row, one row per cell, flushed as each cell finishes. */
#pragma once

#include "core/row.h"

#include <stdio.h>

typedef struct SmCsvWriter SmCsvWriter;

/* "-" writes to standard output. The file is created here, not before. */
SmCsvWriter *sm_csv_open(const char *path, GError **error);
/* The same with sm_output_create's rules: `replace` an existing regular file, never an input. */
SmCsvWriter *sm_csv_create(const char *path, bool replace, const char *replace_flag,
                           const char *const *inputs, GError **error);
/* Opens an earlier run's CSV to append to (--resume): its header must be this build's, and a
 * last line cut short by a killed run is removed first. */
SmCsvWriter *sm_csv_open_append(const char *path, GError **error);
/* Writes and flushes one row; false (with a message) when the write failed. */
bool sm_csv_write(SmCsvWriter *writer, const SmRow *row, GError **error);
void sm_csv_close(SmCsvWriter *writer);
const char *sm_csv_path(const SmCsvWriter *writer);

/* Appends `field` to `out`, quoted when it holds a comma, quote, CR or LF. */
void sm_csv_append_field(GString *out, const char *field);

/* Appends the results CSV's column `name` of `row` (unquoted as a field is), so that another
 * CSV repeating a cell's identity columns (the ct file) writes them the same way. False when
 * the results CSV has no such column. */
bool sm_csv_row_column(const char *name, const SmRow *row, GString *out);
/* Writes field `column` of `record` to `out`. */
typedef void (*SmCsvFieldFn)(size_t column, gconstpointer record, GString *out);
/* One row line (no newline) of `columns` comma-separated fields, each written by `field`. */
char *sm_csv_line(size_t columns, SmCsvFieldFn field, gconstpointer record);
/* The header line (no newline) of a table of `count` columns, `stride` bytes apart, each a struct
 * whose first member is its name (const char *): the results CSV's and the ct CSV's. */
char *sm_csv_names(gconstpointer table, size_t count, size_t stride);

/* The header line (no newline) and one row line (no newline), for tests. */
char *sm_csv_header(void);
char *sm_csv_format_row(const SmRow *row);

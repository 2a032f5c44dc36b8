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
/* Writes field `column` of `record` to `out`. */
typedef void (*SmCsvFieldFn)(size_t column, gconstpointer record, GString *out);
/* One row line (no newline) of `columns` comma-separated fields, each written by `field`. */
char *sm_csv_line(size_t columns, SmCsvFieldFn field, gconstpointer record);
/* The header line (no newline) of a table of `count` columns, `stride` bytes apart, each a struct
 * whose first member is its name (const char *): the results CSV's and the ct CSV's. */
char *sm_csv_names(gconstpointer table, size_t count, size_t stride);

/* Defines `header_fn` (the header line) and `format_fn` (one row line) over a static table
 * `columns` of {name, format} rows whose format takes a `const Record *` and a GString: the
 * typed glue between such a table and sm_csv_names/sm_csv_line, as G_DEFINE_* do for GLib. */
#define SM_CSV_DEFINE_TABLE(Record, header_fn, format_fn)                                          \
  static void format_fn##_field(size_t column, gconstpointer record, GString *out)                 \
  {                                                                                                \
    columns[column].format(record, out);                                                           \
  }                                                                                                \
  char *header_fn(void)                                                                            \
  {                                                                                                \
    return sm_csv_names(columns, G_N_ELEMENTS(columns), sizeof columns[0]);                        \
  }                                                                                                \
  char *format_fn(const Record *record)                                                            \
  {                                                                                                \
    return sm_csv_line(G_N_ELEMENTS(columns), format_fn##_field, record);                          \
  }
/* The header line (no newline) and one row line (no newline), for tests. */
char *sm_csv_header(void);
char *sm_csv_format_row(const SmRow *row);

#include "import/import_rows.h"

#include "import/import.h"

#include <stdarg.h>

void sm_import_set_figure(SmRow *row, double ops_per_sec)
{
  row->ops_per_sec = ops_per_sec;
  /* One figure per cell: openssl speed and a posted table report a single measurement. */
  row->stats = (SmStats){.count = 1,
                         .median = ops_per_sec,
                         .mean = ops_per_sec,
                         .min = ops_per_sec,
                         .max = ops_per_sec};
}

char *sm_import_append_detail(char *detail, const char *more)
{
  if (more == NULL || more[0] == '\0')
    return detail;
  if (detail == NULL)
    return g_strdup(more);
  char *joined = g_strdup_printf("%s; %s", detail, more);
  g_free(detail);
  return joined;
}

void sm_import_note_free(gpointer data)
{
  SmImportNote *note = data;
  g_free(note->message);
  g_free(note);
}

void sm_import_note(GPtrArray *notes, guint line, guint figures, const char *format, ...)
{
  SmImportNote *note = g_new0(SmImportNote, 1);
  va_list args;
  va_start(args, format);
  note->message = g_strdup_vprintf(format, args);
  va_end(args);
  note->line = line;
  note->figures = figures;
  g_ptr_array_add(notes, note);
}

void sm_import_fail(char **error, guint *error_line, guint line, const char *format, ...)
{
  if (*error != NULL)
    return;
  va_list args;
  va_start(args, format);
  *error = g_strdup_vprintf(format, args);
  va_end(args);
  *error_line = line;
}

#include "import/import_rows.h"

#include "import/import.h"

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

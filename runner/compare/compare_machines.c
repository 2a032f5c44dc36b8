/* compare across machines (see compare_machines.h). */
#include "compare/compare_machines.h"

#include "core/util.h"

#include <string.h>

static bool from_table(const SmRow *row)
{
  return row->source != NULL && strstr(row->source, "#table ") != NULL;
}

char *sm_compare_run_key(const SmRow *row)
{
  if (!from_table(row))
    return g_strdup(row->source ? row->source : "");
  g_autofree char *machine = sm_row_machine(row);
  /* The file and table, then the machine: two tables of one file stay two runs per machine. */
  const char *hash = strstr(row->source, "#table ");
  const char *space = strstr(hash + 7, " row ");
  g_autofree char *table =
      g_strndup(row->source, space ? (gsize)(space - row->source) : strlen(row->source));
  return g_strdup_printf("%s\x1f%s", table, machine);
}

char *sm_compare_run_label(const SmRow *row)
{
  if (!from_table(row))
    return NULL;
  char *machine = sm_row_machine(row);
  if (machine[0] == '\0') {
    g_free(machine);
    return g_strdup(row->source);
  }
  return machine;
}

static bool run_matches(const SmCompareRun *run, const char *name, bool exact)
{
  g_autofree char *wanted = g_utf8_casefold(name, -1);
  g_autofree char *label = g_utf8_casefold(run->label, -1);
  if (exact ? strcmp(label, wanted) == 0 : strstr(label, wanted) != NULL)
    return true;
  for (guint i = 0; i < run->results->len; i++) {
    const SmResultRow *result = run->results->pdata[i];
    g_autofree char *host = g_utf8_casefold(result->row->host, -1);
    if (exact ? strcmp(host, wanted) == 0 : strstr(host, wanted) != NULL)
      return true;
  }
  return false;
}

static char *run_labels(GPtrArray *runs)
{
  GString *out = g_string_new(NULL);
  for (guint i = 0; i < runs->len; i++)
    g_string_append_printf(out, "%s\"%s\"", i ? ", " : "", ((SmCompareRun *)runs->pdata[i])->label);
  return g_string_free(out, FALSE);
}

bool sm_compare_choose_baseline(GPtrArray *runs, const char *name, GError **error)
{
  int found = -1;
  guint matches = 0;
  for (int pass = 0; pass < 2 && matches == 0; pass++)
    for (guint i = 0; i < runs->len; i++)
      if (run_matches(runs->pdata[i], name, pass == 0)) {
        matches++;
        if (found < 0)
          found = (int)i;
      }
  if (matches != 1) {
    g_autofree char *labels = run_labels(runs);
    g_set_error(error, SM_ERROR, SM_ERROR_USAGE, "--baseline-host: %s \"%s\" (the runs: %s)",
                matches == 0 ? "no run's machine is" : "several runs' machines match", name,
                labels);
    return false;
  }
  gpointer chosen = runs->pdata[found];
  memmove(&runs->pdata[1], &runs->pdata[0], (gsize)found * sizeof(gpointer));
  runs->pdata[0] = chosen;
  return true;
}

#include "run/resume.h"

#include "core/cell_id.h"
#include "core/util.h"
#include "io/meta_file.h"
#include "io/results.h"
#include "run/journal.h"

#include <string.h>

void sm_resume_clear(SmResumeState *state)
{
  g_clear_pointer(&state->done, g_hash_table_unref);
  g_clear_pointer(&state->passes, g_hash_table_unref);
  g_clear_pointer(&state->rows, g_ptr_array_unref);
  g_clear_pointer(&state->started, g_free);
}

/* One measured run: no imported row, no cell twice. Fills `done` and `rows`. */
static bool check_rows(const char *path, SmResultSet *set, guint64 seed, bool have_meta,
                       SmResumeState *state, GError **error)
{
  g_autoptr(GHashTable) lines = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < set->results->len; i++) {
    SmResultRow *result = set->results->pdata[i];
    SmRow *row = result->row;
    if (row->source != NULL) {
      g_set_error(error, SM_ERROR, SM_ERROR_INPUT,
                  "%s:%u: an imported row (source %s): only a run speedmatrix measured can be "
                  "resumed",
                  path, result->line, row->source);
      return false;
    }
    if (!have_meta && row->seed != seed) {
      g_set_error(error, SM_ERROR, SM_ERROR_INPUT,
                  "%s:%u: measured with seed %" G_GUINT64_FORMAT
                  ", this run has seed %" G_GUINT64_FORMAT ": resume with the first run's flags",
                  path, result->line, row->seed, seed);
      return false;
    }
    SmCellId id = sm_row_id(row);
    char *key = sm_cell_id_key(&id, SM_AXES_CELL);
    gpointer first = g_hash_table_lookup(lines, key);
    if (first != NULL) {
      g_set_error(error, SM_ERROR, SM_ERROR_INPUT,
                  "%s:%u: the same cell as line %u: not the CSV of one run, so it cannot be "
                  "resumed",
                  path, result->line, GPOINTER_TO_UINT(first));
      g_free(key);
      return false;
    }
    g_hash_table_insert(lines, key, GUINT_TO_POINTER(result->line));
    g_hash_table_add(state->done, g_strdup(key));
    result->row = NULL; /* the state keeps the row */
    g_ptr_array_add(state->rows, row);
  }
  return true;
}

/* A setting for a message: "time_cap=0.3", not the stored "time_cap=0.29999999999999999". */
static char *readable(const char *item)
{
  const char *equals = strchr(item, '=');
  double value = 0;
  if (equals == NULL || strchr(equals, ',') != NULL || !sm_parse_decimal(equals + 1, &value))
    return g_strdup(item);
  char number[G_ASCII_DTOSTR_BUF_SIZE];
  return g_strdup_printf("%.*s%s", (int)(equals + 1 - item), item, sm_format_number(number, value));
}

/* The first setting that differs, for a message that says what is really wrong. */
static char *first_difference(const char *theirs, const char *ours)
{
  g_auto(GStrv) a = g_strsplit(theirs, ";", -1);
  g_auto(GStrv) b = g_strsplit(ours, ";", -1);
  for (guint i = 0; a[i] != NULL || b[i] != NULL; i++) {
    if (a[i] == NULL || b[i] == NULL)
      return readable(a[i] ? a[i] : b[i]);
    if (strcmp(a[i], b[i]) != 0) {
      g_autofree char *there = readable(a[i]), *here = readable(b[i]);
      return g_strdup_printf("%s there, %s here", there, here);
    }
    if (a[i + 1] == NULL || b[i + 1] == NULL)
      break;
  }
  return g_strdup("settings");
}

/* FILE.meta: the settings of the first run, and when it started. Absent: false, no error. */
static bool check_meta(const char *path, const char *settings, SmResumeState *state,
                       bool *have_meta, GError **error)
{
  g_autofree char *meta_path = g_strdup_printf("%s.meta", path);
  g_autoptr(GError) local = NULL;
  g_autoptr(GKeyFile) meta = sm_meta_file_load(path, &local);
  *have_meta = meta != NULL;
  if (local != NULL) {
    g_propagate_error(error, g_steal_pointer(&local));
    return false; /* a .meta too large or not a key file is not taken as absent */
  }
  if (!*have_meta)
    return true;
  g_autofree char *theirs = g_key_file_get_string(meta, "run", "settings", NULL);
  if (theirs == NULL || strcmp(theirs, settings) != 0) {
    g_autofree char *what = theirs ? first_difference(theirs, settings) : g_strdup("no settings");
    g_set_error(error, SM_ERROR, SM_ERROR_INPUT,
                "%s: measured with other settings (%s): resume with the first run's matrix and "
                "flags",
                meta_path, what);
    return false;
  }
  state->started = g_key_file_get_string(meta, "run", "started", NULL);
  return true;
}

bool sm_resume_load(const char *path, const char *settings, guint64 seed, SmResumeState *state,
                    GError **error)
{
  *state = (SmResumeState){
      .done = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL),
      .rows = g_ptr_array_new_with_free_func((GDestroyNotify)sm_row_free),
  };
  bool have_meta = false;
  if (!check_meta(path, settings, state, &have_meta, error))
    return false;
  g_autoptr(SmResultSet) set = sm_results_read(path, error);
  if (set == NULL)
    return false;
  for (guint i = 0; i < set->warnings->len; i++)
    fprintf(stderr, "speedmatrix: warning: %s\n", (const char *)set->warnings->pdata[i]);
  if (set->last_unterminated) {
    /* The appender cuts the file after its last line end, so this row is measured again. */
    SmResultRow *last = set->results->pdata[set->results->len - 1];
    fprintf(stderr, "speedmatrix: warning: %s:%u: last row has no line end; measured again\n", path,
            last->line);
    g_ptr_array_remove_index(set->results, set->results->len - 1);
  }
  if (!check_rows(path, set, seed, have_meta, state, error))
    return false;
  g_autofree char *journal = g_strdup_printf("%s.journal", path);
  state->passes = sm_journal_read(journal, settings, error);
  return state->passes != NULL;
}

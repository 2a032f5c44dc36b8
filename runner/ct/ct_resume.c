#include "ct/ct_resume.h"

#include "core/cell_id.h"
#include "core/util.h"
#include "plan/plan.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

/* The rows of FILE, which its own header opens; NULL with `error` when it is not ct's. */
static SmCtSet *whole_rows(const char *path, const char *text, gsize length, gsize whole,
                           GError **error)
{
  g_autofree char *header = sm_ct_csv_header();
  g_autofree char *header_line = g_strdup_printf("%s\r\n", header);
  if (whole == 0 && strlen(text) == length && g_str_has_prefix(header_line, text))
    return NULL; /* killed before its header was whole: no row yet */
  if (!g_str_has_prefix(text, header_line)) {
    g_set_error(error, SM_ERROR, SM_ERROR_INPUT,
                "%s:1: not a ct CSV this speedmatrix wrote (its header differs), so it cannot "
                "be resumed",
                path);
    return NULL;
  }
  return sm_ct_set_parse(path, text, whole, error);
}

/* Every row is a cell of this plan, with its seed and --secret-data (the reader refuses a cell
 * twice). */
static bool rows_fit(const char *path, const SmCtSet *set, GPtrArray *plan, guint64 seed,
                     bool secret_data, GError **error)
{
  g_autoptr(GHashTable) planned = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < plan->len; i++) {
    SmCellId id = sm_cell_id(plan->pdata[i]);
    g_hash_table_add(planned, sm_cell_id_key(&id, SM_AXES_CELL));
  }
  for (guint i = 0; i < set->records->len; i++) {
    const SmCtRecord *r = set->records->pdata[i];
    SmCellId id = sm_row_id(r->row);
    g_autofree char *key = sm_cell_id_key(&id, SM_AXES_CELL);
    const char *wrong = !g_hash_table_contains(planned, key) ? "a cell this matrix does not have"
                        : r->row->seed != seed               ? "checked with another --seed"
                        : r->secret_data != secret_data      ? "checked with another --secret-data"
                                                             : NULL;
    if (wrong != NULL) {
      g_set_error(error, SM_ERROR, SM_ERROR_INPUT,
                  "%s: row %u: %s %s %s %s %u B, %s: resume with the first ct's matrix and flags",
                  path, i + 2, r->row->engine, r->row->algorithm, sm_op_name(r->row->operation),
                  sm_api_name(r->row->api), r->row->block_size, wrong);
      return false;
    }
  }
  return true;
}

/* FILE cut to `whole` bytes (its rows with their line ends), opened to append, with the header
 * written when it has none. */
static FILE *open_append(const char *path, gsize whole, bool has_header, GError **error)
{
  gsize keep = has_header ? whole : 0;
  FILE *file = NULL;
  if (truncate(path, (off_t)keep) != 0 || (file = fopen(path, "a")) == NULL) {
    g_set_error(error, SM_ERROR, SM_ERROR_IO, "%s: cannot append: %s", path, g_strerror(errno));
    return NULL;
  }
  g_autofree char *header = sm_ct_csv_header();
  if (!has_header && (fprintf(file, "%s\r\n", header) < 0 || fflush(file) != 0)) {
    g_set_error(error, SM_ERROR, SM_ERROR_IO, "%s: cannot write: %s", path, g_strerror(errno));
    fclose(file);
    return NULL;
  }
  return file;
}

SmCtSet *sm_ct_resume_open(const char *path, GPtrArray *plan, guint64 seed, bool secret_data,
                           FILE **out, GError **error)
{
  gsize length = 0;
  g_autofree char *text = sm_read_bounded(path, 256 * 1024 * 1024, &length, error);
  if (text == NULL)
    return NULL;
  const char *last = g_strrstr_len(text, (gssize)length, "\n");
  gsize whole = last != NULL ? (gsize)(last - text) + 1 : 0;
  g_autoptr(GError) local = NULL;
  g_autoptr(SmCtSet) set = whole_rows(path, text, length, whole, &local);
  if (local != NULL) {
    g_propagate_error(error, g_steal_pointer(&local));
    return NULL;
  }
  bool has_header = set != NULL;
  if (!has_header) { /* killed before its header was whole: an empty set of rows */
    g_autofree char *header = sm_ct_csv_header();
    g_autofree char *line = g_strdup_printf("%s\r\n", header);
    set = sm_ct_set_parse(path, line, strlen(line), NULL);
  } else if (!rows_fit(path, set, plan, seed, secret_data, error)) {
    return NULL;
  }
  if (has_header && whole < length)
    fprintf(stderr, "speedmatrix: warning: %s: last line has no line end; checked again\n", path);
  *out = open_append(path, whole, has_header, error);
  return *out != NULL ? g_steal_pointer(&set) : NULL;
}

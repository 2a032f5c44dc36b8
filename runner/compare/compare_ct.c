#include "compare/compare_ct.h"

#include "core/catalog.h"
#include "core/util.h"
#include "io/grid.h"

#include <stdio.h>
#include <string.h>

bool sm_compare_is_ct_file(const char *path)
{
  char header[4096];
  if (!sm_read_first_line(path, header, sizeof header))
    return false;
  g_auto(GStrv) names = g_strsplit(header, ",", -1);
  return g_strv_contains((const char *const *)names, "ct_verdict");
}

char *sm_compare_cell_name(const SmRow *row)
{
  GString *out = g_string_new(NULL);
  g_string_append_printf(out, "%s %s %s %s", row->engine, row->algorithm,
                         sm_op_name(row->operation), sm_api_name(row->api));
  if (row->block_size > 0)
    g_string_append_printf(out, " %u B", row->block_size);
  if (row->accel == SM_ACCEL_OFF)
    g_string_append(out, " accel off");
  if (row->parallel > 1)
    g_string_append_printf(out, " x%u", row->parallel);
  SmCellId id = sm_row_id(row);
  if (id.threads > 1)
    g_string_append_printf(out, " threads=%u", id.threads);
  if (id.per_message)
    g_string_append_printf(out, " %s", sm_context_name(true));
  return g_string_free(out, FALSE);
}

static char *counts_text(const SmCtRecord *r)
{
  if (r->verdict == SM_CT_NOT_CHECKED)
    return g_strdup("");
  return g_strdup_printf("%u/%u, %u/%u", r->branches_setup, r->indexes_setup, r->branches_op,
                         r->indexes_op);
}

/* What changed for one cell between the base and another file; NULL when nothing did. */
static char *change_of(const SmCtRecord *base, const SmCtRecord *other)
{
  if (base == NULL)
    return g_strdup("new cell");
  if (other == NULL)
    return g_strdup("cell missing");
  if (base->verdict != other->verdict)
    return g_strdup_printf("%s -> %s", sm_ct_verdict_name(base->verdict),
                           sm_ct_verdict_name(other->verdict));
  if (other->verdict == SM_CT_NOT_CHECKED)
    return NULL;
  if (base->branches_setup != other->branches_setup ||
      base->indexes_setup != other->indexes_setup || base->branches_op != other->branches_op ||
      base->indexes_op != other->indexes_op)
    return g_strdup("counts changed");
  if (g_strcmp0(base->impl, other->impl) != 0)
    return g_strdup("implementation changed");
  return NULL;
}

char *sm_compare_ct_render(GPtrArray *sets, bool *became_leaky, bool *lost_check)
{
  *became_leaky = false;
  *lost_check = false;
  GString *out = g_string_new(NULL);
  const SmCtSet *base = sets->pdata[0];
  for (guint s = 1; s < sets->len; s++) {
    const SmCtSet *other = sets->pdata[s];
    const char *headers[] = {"cell", "change", "verdict", "setup b/i, op b/i", "first function"};
    g_autoptr(SmGrid) grid = sm_grid_new(headers, G_N_ELEMENTS(headers), "lllrl");
    guint compared = 0, leaky = 0, unchecked = 0;
    /* The other file's cells in its order, then the base's cells it lacks. */
    for (int pass = 0; pass < 2; pass++) {
      const SmCtSet *walk = pass == 0 ? other : base;
      for (guint i = 0; i < walk->records->len; i++) {
        const SmCtRecord *r = walk->records->pdata[i];
        SmCellId id = sm_row_id(r->row);
        const SmCtRecord *before = sm_ct_set_find(base, &id);
        const SmCtRecord *after = sm_ct_set_find(other, &id);
        if (pass == 1 && after != NULL)
          continue;
        compared += pass == 0;
        g_autofree char *change = change_of(before, after);
        if (change == NULL)
          continue;
        const SmCtRecord *shown = after != NULL ? after : before;
        if (after != NULL && after->verdict == SM_CT_SECRET_DEPENDENT &&
            (before == NULL || before->verdict != SM_CT_SECRET_DEPENDENT))
          leaky++;
        if (after != NULL && before != NULL && after->verdict == SM_CT_NOT_CHECKED &&
            before->verdict != SM_CT_NOT_CHECKED)
          unchecked++;
        char *cells[] = {sm_compare_cell_name(shown->row), g_steal_pointer(&change),
                         g_strdup(sm_ct_verdict_name(shown->verdict)), counts_text(shown),
                         g_strdup(shown->first_function != NULL ? shown->first_function : "")};
        sm_grid_add_row_owned(grid, cells);
      }
    }
    g_string_append_printf(out,
                           "ct verdicts: %s -> %s: %u cells, %u changed, %u became "
                           "secret-dependent, %u no longer checked\n",
                           base->name, other->name, compared, grid->rows->len, leaky, unchecked);
    if (grid->rows->len > 0)
      sm_grid_render_text(grid, out, "  ");
    *became_leaky |= leaky > 0;
    *lost_check |= unchecked > 0;
  }
  return g_string_free(out, FALSE);
}

/* The first file's cells that `other` lacks, as a refusal: an interrupted ct is not a pass. */
static bool has_every_cell(const SmCtSet *base, const SmCtSet *other, GError **error)
{
  guint missing = 0;
  for (guint i = 0; i < base->records->len; i++) {
    const SmCtRecord *r = base->records->pdata[i];
    SmCellId id = sm_row_id(r->row);
    missing += sm_ct_set_find(other, &id) == NULL;
  }
  if (missing == 0)
    return true;
  g_set_error(error, SM_ERROR, SM_ERROR_INPUT,
              "%s: lacks %u of the %u cells of %s (an interrupted ct?): give --allow-missing to "
              "compare the cells it has",
              other->name, missing, base->records->len, base->name);
  return false;
}

int sm_compare_ct_main(char **paths, int count, bool allow_missing)
{
  g_autoptr(GPtrArray) sets = g_ptr_array_new_with_free_func((GDestroyNotify)sm_ct_set_free);
  for (int i = 0; i < count; i++) {
    g_autoptr(GError) error = NULL;
    SmCtSet *set = sm_ct_set_read(paths[i], &error);
    if (set == NULL)
      return sm_fail(error->message);
    g_ptr_array_add(sets, set);
    if (!allow_missing && i > 0 && !has_every_cell(sets->pdata[0], set, &error))
      return sm_fail(error->message);
  }
  bool became_leaky = false, lost_check = false;
  g_autofree char *rendered = sm_compare_ct_render(sets, &became_leaky, &lost_check);
  g_autofree char *text = sm_terminal_text(rendered, false);
  fputs(text, stdout);
  if (fflush(stdout) != 0)
    return sm_fail("compare: cannot write to standard output");
  return became_leaky || lost_check ? SM_EXIT_FOUND : SM_EXIT_OK;
}

#include "io/profile_view.h"

#include "core/catalog.h"

#include <string.h>

char *sm_profile_where_text(const SmProfileRecord *r)
{
  if (r == NULL)
    return g_strdup("no profile of this cell");
  if (r->status != SM_PROFILE_PROFILED)
    return g_strdup_printf("%s: %s",
                           r->status == SM_PROFILE_FAILED ? "profile failed" : "not profiled",
                           r->detail != NULL ? r->detail : "no reason given");
  return g_strdup_printf("%.1f instructions/op%s%s", r->instructions_per_op,
                         r->explanation != NULL && *r->explanation != '\0' ? ": " : "",
                         r->explanation != NULL ? r->explanation : "");
}

static gint by_self(gconstpointer a, gconstpointer b)
{
  double x = (*(const SmProfileFunction *const *)a)->self_share;
  double y = (*(const SmProfileFunction *const *)b)->self_share;
  return (x < y) - (x > y);
}

GPtrArray *sm_profile_top_by_self(const SmProfileRecord *r, guint count)
{
  GPtrArray *top = g_ptr_array_new();
  if (r == NULL || r->status != SM_PROFILE_PROFILED || r->top == NULL)
    return top;
  for (guint i = 0; i < r->top->len; i++)
    g_ptr_array_add(top, r->top->pdata[i]);
  g_ptr_array_sort(top, by_self);
  if (top->len > count)
    g_ptr_array_set_size(top, count);
  return top;
}

char *sm_profile_function_text(const SmProfileFunction *f)
{
  bool library = f->library != NULL && *f->library != '\0';
  return g_strdup_printf("%s%s%s%s: %.1f%% own, %.1f%% with callees", f->function,
                         library ? " (" : "", library ? f->library : "", library ? ")" : "",
                         f->self_share * 100, f->inclusive_share * 100);
}

/* The profile's rows of a shown cell at every API level it has (evp beside low explains the
 * gap between them): a line each, then its top functions. Returns how many. */
static guint add_levels(SmGrid *table, const SmSummaryLine *line, const SmRow *row,
                        const char *column, const SmProfileSet *profile)
{
  guint found = 0;
  for (unsigned api = 0; row != NULL && api < SM_API_LEVELS; api++) {
    SmCellId id = sm_row_id(row);
    id.api = (SmApi)api;
    const SmProfileRecord *r = sm_profile_set_find(profile, &id);
    if (r == NULL)
      continue;
    bool counted = r->status == SM_PROFILE_PROFILED;
    char *cells[] = {g_strdup(found == 0 ? line->label : NULL),
                     g_strdup_printf("%s %s", column, sm_api_name((SmApi)api)),
                     counted ? g_strdup_printf("%.1f", r->instructions_per_op) : NULL,
                     counted ? g_strdup(r->explanation) : sm_profile_where_text(r)};
    sm_grid_add_row_owned(table, cells);
    g_autoptr(GPtrArray) top = sm_profile_top_by_self(r, SM_PROFILE_SHOWN_FUNCTIONS);
    for (guint f = 0; f < top->len; f++) {
      char *more[] = {NULL, NULL, NULL, sm_profile_function_text(top->pdata[f])};
      sm_grid_add_row_owned(table, more);
    }
    found++;
  }
  return found;
}

guint sm_profile_render_summary(const SmSummary *summary, const SmProfileSet *profile, guint width,
                                GString *out)
{
  guint found = 0;
  g_autofree char *intro = g_strdup_printf(
      "Where the time goes (%s): each shown cell's instructions per operation under Valgrind, "
      "at every API level the file has, and the functions with most of them as their own.",
      profile->name);
  g_string_append_c(out, '\n');
  sm_text_wrap(out, intro, width, "", "");
  for (guint g = 0; g < summary->grids->len; g++) {
    const SmSummaryGrid *grid = summary->grids->pdata[g];
    const char *headers[] = {"algorithm", "engine", "instr/op", "where the time goes"};
    g_autoptr(SmGrid) table = sm_grid_new(headers, G_N_ELEMENTS(headers), "llrl");
    for (guint l = 0; l < grid->lines->len; l++) {
      const SmSummaryLine *line = grid->lines->pdata[l];
      for (guint c = 0; c < summary->columns->len; c++)
        found += add_levels(table, line, line->cells[c].row, summary->columns->pdata[c], profile);
    }
    if (table->rows->len == 0)
      continue;
    g_string_append_printf(out, "\n%s\n", grid->title);
    sm_grid_render_text(table, out, "  ");
  }
  if (found == 0)
    g_string_append_printf(out, "\n  no cell of these grids is in %s\n", profile->name);
  return found;
}

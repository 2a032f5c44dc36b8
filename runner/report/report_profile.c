/* report --profile: the outliers of the run (a cell at a tenth or less of its row's fastest, an
 * evp cell below half of its own low) each with what the profile says of it, and where every
 * profiled cell's instructions go. */
#include "report/report.h"

#include "core/catalog.h"
#include "core/cell_id.h"
#include "io/profile_view.h"

#include <string.h>

/* A cell at this fraction of its row's fastest or less is an outlier. */
#define OUTLIER_OF_FASTEST 0.10
/* An evp cell below this fraction of the same cell at low is an outlier. */
#define OUTLIER_EVP_OF_LOW 0.50

static SmReportSection *section_of(const char *id, const char *title, char *intro,
                                   const char *const *headers, guint columns, const char *align)
{
  SmReportSection *section = g_new0(SmReportSection, 1);
  section->id = g_strdup(id);
  section->title = g_strdup(title);
  section->intro = intro;
  section->grid = sm_grid_new(headers, columns, align);
  return section;
}

static char *size_text(guint size) { return size ? g_strdup_printf("%u", size) : g_strdup(""); }

/* The profile's figure and its explanation (or why it has none). */
static char *instructions_text(const SmProfileRecord *r)
{
  return r != NULL && r->status == SM_PROFILE_PROFILED
             ? g_strdup_printf("%.1f", r->instructions_per_op)
             : g_strdup("");
}

static char *why_text(const SmProfileRecord *r)
{
  if (r != NULL && r->status == SM_PROFILE_PROFILED && r->explanation != NULL &&
      *r->explanation != '\0')
    return g_strdup(r->explanation);
  return sm_profile_where_text(r);
}

typedef struct {
  SmGrid *grid;
  const SmProfileSet *profile;
  GHashTable *seen; /* cell key -> the row in the grid (char**, borrowed) */
} Outliers;

/* Adds `row` as an outlier for `reason`; a cell that is one for two reasons is one line.
 * Returns the profile's word on it, owned by the grid. */
static const char *add_outlier(Outliers *o, const SmRow *row, char *reason)
{
  SmCellId id = sm_row_id(row);
  id.host = row->host;
  g_autofree char *key = sm_cell_id_key(&id, SM_AXES_CELL | SM_AXIS_HOST);
  char **cells = g_hash_table_lookup(o->seen, key);
  if (cells != NULL) {
    g_autofree char *both = g_strdup_printf("%s; %s", cells[5], reason);
    g_free(cells[5]);
    cells[5] = g_steal_pointer(&both);
    g_free(reason);
    return cells[7];
  }
  const SmProfileRecord *r = sm_profile_set_find(o->profile, &id);
  char *row_cells[] = {g_strdup(row->engine),
                       g_strdup(row->algorithm),
                       g_strdup(sm_op_name(row->operation)),
                       g_strdup(sm_api_name(row->api)),
                       size_text(row->block_size),
                       reason,
                       instructions_text(r),
                       why_text(r)};
  sm_grid_add_row_owned(o->grid, row_cells);
  char **added = o->grid->rows->pdata[o->grid->rows->len - 1];
  g_hash_table_insert(o->seen, g_steal_pointer(&key), added);
  return added[7];
}

/* The summary's cells at a tenth or less of their line's fastest, marked in the heatmap with
 * the profile's word on them. */
static void slow_cells(SmSummary *summary, Outliers *o)
{
  for (guint g = 0; summary != NULL && g < summary->grids->len; g++) {
    const SmSummaryGrid *grid = summary->grids->pdata[g];
    for (guint l = 0; l < grid->lines->len; l++) {
      const SmSummaryLine *line = grid->lines->pdata[l];
      for (guint c = 0; c < summary->columns->len; c++) {
        SmSummaryCell *cell = &line->cells[c];
        if (cell->row == NULL || cell->fastest || cell->ratio > OUTLIER_OF_FASTEST)
          continue;
        g_autofree char *ratio = sm_summary_ratio_text(cell->ratio);
        cell->profile_note =
            add_outlier(o, cell->row,
                        g_strdup_printf("%s of the row's fastest (%s)", ratio,
                                        line->fastest != NULL ? line->fastest->engine : "?"));
      }
    }
  }
}

static bool plain(const SmRow *row)
{
  return row->status == SM_STATUS_OK && row->accel == SM_ACCEL_ON && row->parallel == 1 &&
         row->threads <= 1 && !row->per_message;
}

/* The evp cells below half of the same cell at low, on the same machine. */
static void slow_evp(GPtrArray *results, Outliers *o)
{
  const unsigned axes = (SM_AXES_CELL & ~SM_AXIS_API) | SM_AXIS_HOST;
  g_autoptr(GHashTable) lows = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < results->len; i++) {
    const SmResultRow *r = results->pdata[i];
    if (!plain(r->row) || r->row->api != SM_API_LOW)
      continue;
    SmCellId id = sm_row_id(r->row);
    id.host = r->row->host;
    g_hash_table_replace(lows, sm_cell_id_key(&id, axes), (gpointer)r);
  }
  for (guint i = 0; i < results->len; i++) {
    const SmResultRow *r = results->pdata[i];
    if (!plain(r->row) || r->row->api != SM_API_EVP)
      continue;
    SmCellId id = sm_row_id(r->row);
    id.host = r->row->host;
    g_autofree char *key = sm_cell_id_key(&id, axes);
    const SmResultRow *low = g_hash_table_lookup(lows, key);
    double evp_figure = sm_result_figure(r), low_figure = low ? sm_result_figure(low) : 0;
    if (low_figure > 0 && evp_figure > 0 && evp_figure < OUTLIER_EVP_OF_LOW * low_figure)
      add_outlier(o, r->row, g_strdup_printf("evp at %.2f of its low", evp_figure / low_figure));
  }
}

static SmReportSection *outliers_section(SmReport *report, const SmProfileSet *profile)
{
  const char *headers[] = {"engine", "algorithm", "operation", "api",
                           "size",   "outlier",   "instr/op",  "why (the profile)"};
  SmReportSection *section = section_of(
      "outliers", "Outliers and why",
      g_strdup_printf("Each cell at a tenth or less of its row's fastest (in the grids above) and "
                      "each evp cell at less than half of the same cell at low, with what the "
                      "profile (%s: instructions per operation under Valgrind) says of it.",
                      profile->name),
      headers, G_N_ELEMENTS(headers), "lllllwrw");
  Outliers o = {.grid = section->grid,
                .profile = profile,
                .seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL)};
  slow_cells(report->summary, &o);
  slow_evp(report->results, &o);
  g_hash_table_unref(o.seen);
  if (section->grid->rows->len == 0) {
    g_clear_pointer(&section->grid, sm_grid_free);
    section->empty = g_strdup("No cell is at a tenth or less of its row's fastest, and no evp "
                              "cell below half of its low.");
  }
  return section;
}

static SmReportSection *where_section(const SmProfileSet *profile)
{
  const char *headers[] = {"engine",
                           "algorithm",
                           "operation",
                           "api",
                           "size",
                           "instr/op",
                           "set-up instructions",
                           "syscalls/op",
                           "explanation",
                           "top functions by own instructions"};
  SmReportSection *section = section_of(
      "profile", "Where the time goes",
      g_strdup_printf("Every cell of the profile (%s): its instructions per operation and for "
                      "its set-up under Valgrind, the system calls per operation, the profile's "
                      "explanation and the functions with most of the operation's instructions "
                      "as their own (own share, share with what they call).",
                      profile->name),
      headers, G_N_ELEMENTS(headers), "lllllrrrww");
  for (guint i = 0; i < profile->records->len; i++) {
    const SmProfileRecord *r = profile->records->pdata[i];
    bool counted = r->status == SM_PROFILE_PROFILED;
    g_autoptr(GPtrArray) top = sm_profile_top_by_self(r, SM_PROFILE_SHOWN_FUNCTIONS);
    GString *functions = g_string_new(NULL);
    for (guint f = 0; f < top->len; f++) {
      g_autofree char *text = sm_profile_function_text(top->pdata[f]);
      g_string_append_printf(functions, "%s%s", f > 0 ? "; " : "", text);
    }
    const SmRow *row = r->row;
    char *cells[] = {g_strdup(row->engine),
                     g_strdup(row->algorithm),
                     g_strdup(sm_op_name(row->operation)),
                     g_strdup(sm_api_name(row->api)),
                     size_text(row->block_size),
                     instructions_text(r),
                     counted ? g_strdup_printf("%" G_GUINT64_FORMAT, r->setup_instructions)
                             : g_strdup(""),
                     counted ? g_strdup_printf("%.2f", r->syscalls_per_op) : g_strdup(""),
                     why_text(r),
                     g_string_free(functions, FALSE)};
    sm_grid_add_row_owned(section->grid, cells);
  }
  if (section->grid->rows->len == 0) {
    g_clear_pointer(&section->grid, sm_grid_free);
    section->empty = g_strdup("The profile has no cells.");
  }
  return section;
}

void sm_report_add_profile(SmReport *report, SmProfileSet *profile)
{
  report->profile = profile;
  guint at = 0;
  while (at < report->sections->len &&
         strcmp(((SmReportSection *)report->sections->pdata[at])->id, "winners") != 0)
    at++;
  at = MIN(at + 1, report->sections->len);
  g_ptr_array_insert(report->sections, (gint)at, outliers_section(report, profile));
  g_ptr_array_insert(report->sections, (gint)at + 1, where_section(profile));
}

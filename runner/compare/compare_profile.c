#include "compare/compare_profile.h"

#include "compare/compare_ct.h"
#include "core/util.h"
#include "io/grid.h"
#include "io/instructions.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* How many of the functions whose own instructions moved most a changed cell names. */
#define MOVED_FUNCTIONS 3
/* A function's move below this (instructions per operation) is the rounding of the CSV's
 * figures, not a change: "+0.0" would name it. */
#define MOVED_AT_LEAST 0.05

bool sm_compare_is_profile_file(const char *path)
{
  char header[4096];
  return sm_read_first_line(path, header, sizeof header) && sm_profile_csv_is_header(header);
}

static bool profiled(const SmProfileRecord *r)
{
  return r != NULL && r->status == SM_PROFILE_PROFILED && r->instructions_per_op > 0;
}

typedef struct {
  const SmProfileFunction *function; /* either side's, for its names */
  double moved;                      /* own instructions per operation: after - before */
} Moved;

static gint by_moved(gconstpointer a, gconstpointer b)
{
  double x = fabs(((const Moved *)a)->moved), y = fabs(((const Moved *)b)->moved);
  return (x < y) - (x > y);
}

/* "function@library": a function's identity across the two files. */
static char *function_key(const SmProfileFunction *f)
{
  return g_strdup_printf("%s@%s", f->function, f->library != NULL ? f->library : "");
}

/* The functions whose own instructions per operation moved most, largest first: "name (library)
 * +14.2, ...". A function among one file's top functions only counts as 0 in the other. */
static char *moved_functions(const SmProfileRecord *before, const SmProfileRecord *after)
{
  g_autoptr(GHashTable) index = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GArray) moved = g_array_new(FALSE, FALSE, sizeof(Moved));
  const struct {
    const SmProfileRecord *record;
    double sign;
  } sides[] = {{before, -1}, {after, +1}};
  for (size_t s = 0; s < G_N_ELEMENTS(sides); s++)
    for (guint i = 0; i < sides[s].record->top->len; i++) {
      const SmProfileFunction *f = sides[s].record->top->pdata[i];
      char *key = function_key(f);
      gpointer at;
      if (!g_hash_table_lookup_extended(index, key, NULL, &at)) {
        at = GUINT_TO_POINTER(moved->len);
        g_array_append_val(moved, ((Moved){.function = f}));
        g_hash_table_insert(index, key, at);
      } else {
        g_free(key);
      }
      g_array_index(moved, Moved, GPOINTER_TO_UINT(at)).moved += sides[s].sign * f->self_per_op;
    }
  g_array_sort(moved, by_moved);
  GString *out = g_string_new(NULL);
  for (guint i = 0, shown = 0; i < moved->len && shown < MOVED_FUNCTIONS; i++) {
    const Moved *m = &g_array_index(moved, Moved, i);
    if (fabs(m->moved) < MOVED_AT_LEAST)
      break;
    const char *library = m->function->library;
    g_string_append_printf(out, "%s%s%s%s%s %+.1f", shown > 0 ? ", " : "", m->function->function,
                           library != NULL && *library != '\0' ? " (" : "",
                           library != NULL ? library : "",
                           library != NULL && *library != '\0' ? ")" : "", m->moved);
    shown++;
  }
  return g_string_free(out, FALSE);
}

static char *status_text(const SmProfileRecord *r)
{
  return g_strdup(r != NULL ? sm_profile_status_name(r->status) : "absent");
}

/* Why a cell is not judged: the detail of the side that is not profiled. */
static char *not_judged_detail(const SmProfileRecord *before, const SmProfileRecord *after)
{
  if (before == NULL)
    return g_strdup("new cell");
  if (after == NULL)
    return g_strdup("cell missing");
  const SmProfileRecord *r = profiled(after) ? before : after;
  return g_strdup(r->detail != NULL ? r->detail : "");
}

typedef struct {
  SmGrid *moved, *not_judged;
  guint both, rose, fell;
} Tally;

static void judge(const SmProfileRecord *before, const SmProfileRecord *after, double threshold,
                  Tally *t)
{
  const SmProfileRecord *shown = after != NULL ? after : before;
  if (!profiled(before) || !profiled(after)) {
    char *cells[] = {sm_compare_cell_name(shown->row), status_text(before), status_text(after),
                     not_judged_detail(before, after)};
    sm_grid_add_row_owned(t->not_judged, cells);
    return;
  }
  t->both++;
  double change = after->instructions_per_op / before->instructions_per_op - 1;
  threshold = sm_instructions_threshold_for(shown->row->kind, threshold);
  if (change == 0 || fabs(change) * 100 < threshold) /* threshold 0: any move */
    return;
  t->rose += change > 0;
  t->fell += change < 0;
  char *cells[] = {sm_compare_cell_name(shown->row),
                   g_strdup(change > 0 ? "rose" : "fell"),
                   g_strdup_printf("%.1f", before->instructions_per_op),
                   g_strdup_printf("%.1f", after->instructions_per_op),
                   g_strdup_printf("%+.2f%%", change * 100),
                   moved_functions(before, after)};
  sm_grid_add_row_owned(t->moved, cells);
}

char *sm_compare_profile_render(GPtrArray *sets, double threshold, bool *rose)
{
  *rose = false;
  GString *out = g_string_new(NULL);
  const SmProfileSet *base = sets->pdata[0];
  for (guint s = 1; s < sets->len; s++) {
    const SmProfileSet *other = sets->pdata[s];
    const char *moved_headers[] = {"cell",  "change", "before",
                                   "after", "moved",  "functions that moved (own instructions/op)"};
    const char *not_headers[] = {"cell", "before", "after", "why not judged"};
    g_autoptr(SmGrid) moved = sm_grid_new(moved_headers, G_N_ELEMENTS(moved_headers), "llrrrl");
    g_autoptr(SmGrid) not_judged = sm_grid_new(not_headers, G_N_ELEMENTS(not_headers), "llll");
    Tally t = {.moved = moved, .not_judged = not_judged};
    /* The other file's cells in its order, then the base's cells it lacks. */
    for (guint i = 0; i < other->records->len; i++) {
      const SmProfileRecord *r = other->records->pdata[i];
      SmCellId id = sm_row_id(r->row);
      judge(sm_profile_set_find(base, &id), r, threshold, &t);
    }
    for (guint i = 0; i < base->records->len; i++) {
      const SmProfileRecord *r = base->records->pdata[i];
      SmCellId id = sm_row_id(r->row);
      if (sm_profile_set_find(other, &id) == NULL)
        judge(r, NULL, threshold, &t);
    }
    g_string_append_printf(out,
                           "instructions per op, %s -> %s: %u cells in both, %u rose, %u fell "
                           "(by %g%% or more), %u not judged\n",
                           base->name, other->name, t.both, t.rose, t.fell, threshold,
                           not_judged->rows->len);
    if (moved->rows->len > 0)
      sm_grid_render_text(moved, out, "  ");
    if (not_judged->rows->len > 0) {
      g_string_append(out, "  not profiled in one file or both (not judged):\n");
      sm_grid_render_text(not_judged, out, "    ");
    }
    *rose |= t.rose > 0;
  }
  return g_string_free(out, FALSE);
}

/* The first file's cells that `other` lacks, as a refusal: an interrupted profile is not a
 * pass. */
static bool has_every_cell(const SmProfileSet *base, const SmProfileSet *other, GError **error)
{
  guint missing = 0;
  for (guint i = 0; i < base->records->len; i++) {
    const SmProfileRecord *r = base->records->pdata[i];
    SmCellId id = sm_row_id(r->row);
    missing += sm_profile_set_find(other, &id) == NULL;
  }
  if (missing == 0)
    return true;
  g_set_error(error, SM_ERROR, SM_ERROR_INPUT,
              "%s: lacks %u of the %u cells of %s (an interrupted profile?): give "
              "--allow-missing to compare the cells it has",
              other->name, missing, base->records->len, base->name);
  return false;
}

int sm_compare_profile_main(char **paths, int count, bool allow_missing, double threshold)
{
  g_autoptr(GPtrArray) sets = g_ptr_array_new_with_free_func((GDestroyNotify)sm_profile_set_free);
  for (int i = 0; i < count; i++) {
    g_autoptr(GError) error = NULL;
    SmProfileSet *set = sm_profile_set_read(paths[i], &error);
    if (set == NULL)
      return sm_fail(error->message);
    g_ptr_array_add(sets, set);
    if (!allow_missing && i > 0 && !has_every_cell(sets->pdata[0], set, &error))
      return sm_fail(error->message);
  }
  bool rose = false;
  g_autofree char *rendered = sm_compare_profile_render(sets, threshold, &rose);
  g_autofree char *text = sm_terminal_text(rendered, false);
  fputs(text, stdout);
  if (fflush(stdout) != 0)
    return sm_fail("compare: cannot write to standard output");
  return rose ? SM_EXIT_FOUND : SM_EXIT_OK;
}

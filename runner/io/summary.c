#include "io/summary.h"

#include "io/ct_csv.h"

#include "core/builds.h"
#include "core/catalog.h"
#include "core/registry.h"
#include "core/short_names.h"
#include "io/grid.h"
#include "io/scaling.h"
#include "io/table.h"

#include <math.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

/* ---- lifetime ---- */

static void line_free(SmSummaryLine *line)
{
  g_free(line->label);
  g_free(line->sizes);
  g_ptr_array_unref(line->reasons);
  g_free(line->cells);
  g_free(line);
}

static void grid_free(SmSummaryGrid *grid)
{
  g_free(grid->title);
  g_ptr_array_unref(grid->lines);
  g_free(grid);
}

void sm_summary_free(SmSummary *summary)
{
  if (summary == NULL)
    return;
  g_ptr_array_unref(summary->columns);
  g_ptr_array_unref(summary->grids);
  g_free(summary);
}

/* ---- which rows, which size ---- */

static bool counts(const SmRow *row)
{
  return row->accel == SM_ACCEL_ON && row->parallel == 1 && row->threads <= 1 && !row->per_message;
}

static bool is_bulk(const SmRow *row) { return sm_kind_is_bulk(row->kind) && row->block_size > 0; }

static int compare_guint(gconstpointer a, gconstpointer b)
{
  guint x = *(const guint *)a, y = *(const guint *)b;
  return x < y ? -1 : x > y;
}

GArray *sm_summary_sizes(GPtrArray *rows)
{
  GArray *sizes = g_array_new(FALSE, FALSE, sizeof(guint));
  for (guint i = 0; i < rows->len; i++) {
    const SmRow *row = rows->pdata[i];
    if (!is_bulk(row) || !counts(row))
      continue;
    bool known = false;
    for (guint s = 0; s < sizes->len && !known; s++)
      known = g_array_index(sizes, guint, s) == row->block_size;
    if (!known)
      g_array_append_val(sizes, row->block_size);
  }
  g_array_sort(sizes, compare_guint);
  return sizes;
}

/* The size nearest to the default on a log scale (the larger on a tie); 0 without bulk rows. */
static guint default_size(GPtrArray *rows)
{
  g_autoptr(GArray) sizes = sm_summary_sizes(rows);
  guint best = 0;
  double distance = INFINITY;
  for (guint s = 0; s < sizes->len; s++) {
    guint size = g_array_index(sizes, guint, s);
    double d = fabs(log2((double)size / SM_SUMMARY_DEFAULT_SIZE));
    if (d <= distance) {
      distance = d;
      best = size;
    }
  }
  return best;
}

/* ---- columns ---- */

/* A build (ENGINE@LABEL) stands beside its engine. */
static int engine_rank(const char *engine)
{
  int rank = sm_engine_rank(engine);
  return rank == G_MAXINT ? 1000 : rank;
}

typedef struct {
  char *name;
  int rank;
} Column;

static void column_free(Column *column)
{
  g_free(column->name);
  g_free(column);
}

static int compare_columns(gconstpointer a, gconstpointer b)
{
  const Column *x = *(const Column *const *)a, *y = *(const Column *const *)b;
  return x->rank != y->rank ? (x->rank < y->rank ? -1 : 1) : strcmp(x->name, y->name);
}

static char *column_of(const SmRow *row, const SmSummaryOptions *options)
{
  return options->column ? options->column(row, options->column_data) : g_strdup(row->engine);
}

/* The columns in the known engines' order (others after, by name): name -> index. */
static GPtrArray *collect_columns(GPtrArray *rows, const SmSummaryOptions *options,
                                  GHashTable *index)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func((GDestroyNotify)column_free);
  g_autoptr(GHashTable) seen = g_hash_table_new(g_str_hash, g_str_equal);
  for (guint i = 0; i < rows->len; i++) {
    const SmRow *row = rows->pdata[i];
    char *name = column_of(row, options);
    if (g_hash_table_contains(seen, name)) {
      g_free(name);
      continue;
    }
    Column *column = g_new0(Column, 1);
    *column = (Column){name, engine_rank(row->engine)};
    g_hash_table_add(seen, name);
    g_ptr_array_add(found, column);
  }
  g_ptr_array_sort(found, compare_columns);
  GPtrArray *columns = g_ptr_array_new_with_free_func(g_free);
  for (guint c = 0; c < found->len; c++) {
    Column *column = found->pdata[c];
    g_hash_table_insert(index, g_strdup(column->name), GUINT_TO_POINTER(c));
    g_ptr_array_add(columns, g_strdup(column->name));
  }
  return columns;
}

/* ---- lines ---- */

typedef struct {
  SmKind kind;
  SmOp op; /* the grid's operation for public-key kinds; the line's for bulk ones */
  const char *algorithm;
  GPtrArray *rows;    /* const SmRow* of this line, every status */
  guint message_size; /* a public-key line per message size (ML-DSA sign); 0: none */
} LineRows;

static void line_rows_free(LineRows *line)
{
  g_ptr_array_unref(line->rows);
  g_free(line);
}

static int catalogue_index(const char *algorithm)
{
  for (int i = 0; sm_catalog[i].name != NULL; i++)
    if (strcmp(sm_catalog[i].name, algorithm) == 0)
      return i;
  return 10000;
}

static int compare_lines(gconstpointer a, gconstpointer b)
{
  const LineRows *x = *(const LineRows *const *)a, *y = *(const LineRows *const *)b;
  if (x->kind != y->kind)
    return x->kind < y->kind ? -1 : 1;
  bool bulk = sm_kind_is_bulk(x->kind);
  if (!bulk && x->op != y->op)
    return x->op < y->op ? -1 : 1;
  int d = catalogue_index(x->algorithm) - catalogue_index(y->algorithm);
  if (d == 0)
    d = strcmp(x->algorithm, y->algorithm);
  if (d == 0 && x->op != y->op)
    d = x->op < y->op ? -1 : 1;
  if (d == 0 && x->message_size != y->message_size)
    d = x->message_size < y->message_size ? -1 : 1;
  return d;
}

/* The rows of each (kind, algorithm, operation) at `size`, sorted into grid order. */
static GPtrArray *collect_lines(GPtrArray *rows, guint size, int kind)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func((GDestroyNotify)line_rows_free);
  g_autoptr(GHashTable) by_key = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < rows->len; i++) {
    const SmRow *row = rows->pdata[i];
    if (!counts(row) || (kind >= 0 && row->kind != (SmKind)kind) ||
        (sm_kind_is_bulk(row->kind) && row->block_size != size))
      continue;
    /* a public-key row with a block size is one message size of a signature measured per size */
    guint message_size = sm_kind_is_bulk(row->kind) ? 0 : row->block_size;
    char *key = g_strdup_printf("%s\t%d\t%u", row->algorithm, (int)row->operation, message_size);
    LineRows *line = g_hash_table_lookup(by_key, key);
    if (line == NULL) {
      line = g_new0(LineRows, 1);
      *line =
          (LineRows){row->kind, row->operation, row->algorithm, g_ptr_array_new(), message_size};
      g_hash_table_insert(by_key, key, line);
      g_ptr_array_add(lines, line);
    } else {
      g_free(key);
    }
    g_ptr_array_add(line->rows, (gpointer)row);
  }
  g_ptr_array_sort(lines, compare_lines);
  return lines;
}

/* What ranks a row: its ratio to the fastest of its passes, or its ops/s; and its range. */
static double score(const SmRow *row, bool by_passes)
{
  return by_passes ? row->ratio_to_best.value : row->ops_per_sec;
}

static void range_of(const SmRow *row, bool by_passes, double *low, double *high)
{
  *low = by_passes ? row->ratio_to_best.low : row->ops_low;
  *high = by_passes ? row->ratio_to_best.high : row->ops_high;
}

static bool line_by_passes(GPtrArray *rows, const SmSummaryOptions *options)
{
  bool any = false;
  for (guint i = 0; i < rows->len; i++) {
    const SmRow *row = rows->pdata[i];
    if (row->status != SM_STATUS_OK)
      continue;
    if (!(row->ratio_to_best.value > 0))
      return false;
    any = true;
  }
  return any && !options->ops_only;
}

/* Each column's best ok level, the fastest of them, and who is within its range. */
static void fill_line(SmSummaryLine *line, GPtrArray *rows, GHashTable *index,
                      const SmSummaryOptions *options)
{
  bool by_passes = line->by_passes = line_by_passes(rows, options);
  for (guint i = 0; i < rows->len; i++) {
    const SmRow *row = rows->pdata[i];
    if (row->status != SM_STATUS_OK || !(score(row, by_passes) > 0))
      continue;
    g_autofree char *name = column_of(row, options);
    SmSummaryCell *cell = &line->cells[GPOINTER_TO_UINT(g_hash_table_lookup(index, name))];
    if (cell->row == NULL || score(row, by_passes) > score(cell->row, by_passes))
      cell->row = row;
    if (line->fastest == NULL || score(row, by_passes) > score(line->fastest, by_passes))
      line->fastest = row;
  }
  if (line->fastest == NULL)
    return;
  double top = score(line->fastest, by_passes), top_low, top_high;
  range_of(line->fastest, by_passes, &top_low, &top_high);
  line->figure =
      is_bulk(line->fastest) ? line->fastest->bytes_per_sec / 1e6 : line->fastest->ops_per_sec;
  SmSummaryCell *fastest_cell = NULL;
  bool any_tie = false;
  for (guint c = 0; c < g_hash_table_size(index); c++) {
    SmSummaryCell *cell = &line->cells[c];
    if (cell->row == NULL)
      continue;
    cell->ratio = score(cell->row, by_passes) / top;
    cell->fastest = cell->row == line->fastest;
    if (cell->fastest) {
      fastest_cell = cell;
      continue;
    }
    double low, high;
    range_of(cell->row, by_passes, &low, &high);
    cell->tie = top_low > 0 && high > 0 && high >= top_low;
    any_tie |= cell->tie;
  }
  fastest_cell->tie = any_tie;
}

/* Bulk algorithms measured in several operations show the operation in their label. */
static bool several_ops(GPtrArray *lines, const LineRows *line)
{
  for (guint i = 0; i < lines->len; i++) {
    const LineRows *other = lines->pdata[i];
    if (other != line && strcmp(other->algorithm, line->algorithm) == 0)
      return true;
  }
  return false;
}

static SmSummaryGrid *grid_for(SmSummary *summary, const LineRows *line)
{
  bool bulk = sm_kind_is_bulk(line->kind);
  g_autofree char *title =
      bulk ? g_strdup_printf("%s, %u B", sm_kind_name(line->kind), summary->size)
           : g_strdup_printf("%s, %s", sm_kind_name(line->kind), sm_op_name(line->op));
  if (summary->grids->len > 0) {
    SmSummaryGrid *last = summary->grids->pdata[summary->grids->len - 1];
    if (strcmp(last->title, title) == 0)
      return last;
  }
  SmSummaryGrid *grid = g_new0(SmSummaryGrid, 1);
  grid->title = g_steal_pointer(&title);
  grid->bulk = bulk;
  grid->lines = g_ptr_array_new_with_free_func((GDestroyNotify)line_free);
  g_ptr_array_add(summary->grids, grid);
  return grid;
}

/* What a user weighs against speed: bytes of the public key and of the signature or
 * ciphertext (the catalogue's); NULL for the bulk kinds. */
static char *sizes_text(const char *algorithm)
{
  const SmAlgInfo *info = sm_catalog_find(algorithm);
  if (info == NULL || info->pub_bytes == 0)
    return NULL;
  if (info->signature_bytes > 0)
    return g_strdup_printf("pk %u sig %u", info->pub_bytes, info->signature_bytes);
  if (info->ciphertext_bytes > 0)
    return g_strdup_printf("pk %u ct %u", info->pub_bytes, info->ciphertext_bytes);
  return g_strdup_printf("pk %u", info->pub_bytes);
}

/* The planner's "LIBRARY does not offer ALGORITHM" repeats what the folded line says. */
static bool says_more(const char *detail, const char *algorithm)
{
  g_autofree char *absent = g_strconcat(" does not offer ", algorithm, NULL);
  return detail != NULL && detail[0] != '\0' && !g_str_has_suffix(detail, absent);
}

/* The algorithms some engine has (a row of any status but unsupported): the others fold. */
static GHashTable *algorithms_somewhere(GPtrArray *rows)
{
  GHashTable *found = g_hash_table_new(g_str_hash, g_str_equal);
  for (guint i = 0; i < rows->len; i++) {
    const SmRow *row = rows->pdata[i];
    if (row->status != SM_STATUS_UNSUPPORTED)
      g_hash_table_add(found, row->algorithm);
  }
  return found;
}

static void mark_nowhere(SmSummaryLine *line, GPtrArray *rows, GHashTable *somewhere)
{
  line->reasons = g_ptr_array_new();
  line->nowhere = !g_hash_table_contains(somewhere, line->algorithm);
  for (guint i = 0; line->nowhere && i < rows->len; i++) {
    const SmRow *row = rows->pdata[i];
    if (says_more(row->detail, row->algorithm) &&
        !g_ptr_array_find_with_equal_func(line->reasons, row->detail, g_str_equal, NULL))
      g_ptr_array_add(line->reasons, row->detail);
  }
}

SmSummary *sm_summary_build(GPtrArray *rows, const SmSummaryOptions *options)
{
  SmSummary *summary = g_new0(SmSummary, 1);
  summary->size = options->size ? options->size : default_size(rows);
  summary->grids = g_ptr_array_new_with_free_func((GDestroyNotify)grid_free);
  g_autoptr(GHashTable) index = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) counted = g_ptr_array_new();
  for (guint i = 0; i < rows->len; i++)
    if (counts(rows->pdata[i]))
      g_ptr_array_add(counted, rows->pdata[i]);
  summary->columns = collect_columns(counted, options, index);
  g_autoptr(GPtrArray) lines = collect_lines(counted, summary->size, options->kind);
  g_autoptr(GHashTable) somewhere = algorithms_somewhere(counted);
  for (guint i = 0; i < lines->len; i++) {
    const LineRows *rows_of_line = lines->pdata[i];
    SmSummaryGrid *grid = grid_for(summary, rows_of_line);
    SmSummaryLine *line = g_new0(SmSummaryLine, 1);
    line->label =
        sm_kind_is_bulk(rows_of_line->kind) && several_ops(lines, rows_of_line)
            ? g_strdup_printf("%s %s", rows_of_line->algorithm, sm_op_name(rows_of_line->op))
        : rows_of_line->message_size > 0
            ? g_strdup_printf("%s %u B", rows_of_line->algorithm, rows_of_line->message_size)
            : g_strdup(rows_of_line->algorithm);
    line->sizes = sizes_text(rows_of_line->algorithm);
    line->algorithm = rows_of_line->algorithm;
    line->operation = rows_of_line->op;
    line->cells = g_new0(SmSummaryCell, summary->columns->len + 1);
    fill_line(line, rows_of_line->rows, index, options);
    mark_nowhere(line, rows_of_line->rows, somewhere);
    g_ptr_array_add(grid->lines, line);
  }
  return summary;
}

/* ---- text ---- */

char *sm_summary_ratio_text(double ratio)
{
  return ratio < 0.005 ? g_strdup("<.01") : g_strdup_printf("%.2f", ratio);
}

char *sm_summary_figure_text(double figure, bool bulk)
{
  const char *unit = bulk ? "MB/s" : "ops/s";
  return figure >= 100 ? g_strdup_printf("%.0f %s", figure, unit)
                       : g_strdup_printf("%.1f %s", figure, unit);
}

/* The column of the public-key grids after the fastest figure. */
#define SIZES_TITLE "bytes"

/* Whether the text shows a line of the grid (one some engine has); else the grid is left out. */
static bool grid_shown(const SmSummaryGrid *grid)
{
  for (guint l = 0; l < grid->lines->len; l++)
    if (!((const SmSummaryLine *)grid->lines->pdata[l])->nowhere)
      return true;
  return false;
}

/* How the columns are laid out: their names and width, and how many go in one block. */
typedef struct {
  guint label_width;
  guint figure_width;
  guint sizes_width; /* 0: no public-key grid */
  GPtrArray *names;  /* char*: full or short */
  guint cell_width;  /* per column: the widest name, at least 4 ("0.43"), plus a marker */
  guint per_block;
  bool short_names;
  bool ct_marked; /* a column more per cell: ! secret-dependent */
} Layout;

static guint text_width(const char *text) { return (guint)g_utf8_strlen(text, -1); }

static guint layout_width(const Layout *layout, guint columns)
{
  return layout->label_width + columns * (layout->cell_width + 1) + 2 + layout->figure_width +
         (layout->sizes_width > 0 ? 2 + layout->sizes_width : 0);
}

static void layout_names(Layout *layout, const SmSummary *summary, bool short_names)
{
  g_clear_pointer(&layout->names, g_ptr_array_unref);
  layout->names = g_ptr_array_new_with_free_func(g_free);
  layout->short_names = short_names;
  layout->cell_width = 4;
  for (guint c = 0; c < summary->columns->len; c++) {
    const char *name = summary->columns->pdata[c];
    char *shown = short_names ? sm_engine_short_name(name) : g_strdup(name);
    layout->cell_width = MAX(layout->cell_width, text_width(shown));
    g_ptr_array_add(layout->names, shown);
  }
  layout->cell_width += 1; /* the marker: * fastest, ~ tie */
  if (summary->ct_marked)
    layout->cell_width += 1; /* ! secret-dependent */
}

static Layout layout_for(const SmSummary *summary, guint width)
{
  Layout layout = {
      .label_width = 0, .figure_width = text_width("fastest"), .ct_marked = summary->ct_marked};
  for (guint g = 0; g < summary->grids->len; g++) {
    const SmSummaryGrid *grid = summary->grids->pdata[g];
    if (!grid_shown(grid))
      continue;
    layout.label_width = MAX(layout.label_width, text_width(grid->title));
    for (guint l = 0; l < grid->lines->len; l++) {
      const SmSummaryLine *line = grid->lines->pdata[l];
      if (line->nowhere)
        continue;
      layout.label_width = MAX(layout.label_width, text_width(line->label));
      g_autofree char *figure = sm_summary_figure_text(line->figure, grid->bulk);
      layout.figure_width = MAX(layout.figure_width, text_width(figure));
      if (line->sizes != NULL)
        layout.sizes_width =
            MAX(layout.sizes_width, MAX(text_width(SIZES_TITLE), text_width(line->sizes)));
    }
  }
  layout.label_width += 1; /* a space more between the titles and the first column */
  guint columns = summary->columns->len;
  layout_names(&layout, summary, false);
  if (layout_width(&layout, columns) > width)
    layout_names(&layout, summary, true);
  layout.per_block = columns;
  if (layout_width(&layout, columns) > width && columns > 1) {
    guint room = width > layout_width(&layout, 0) ? width - layout_width(&layout, 0) : 0;
    guint fit = MAX(1, room / (layout.cell_width + 1));
    guint blocks = (columns + fit - 1) / fit;
    layout.per_block = (columns + blocks - 1) / blocks;
  }
  return layout;
}

/* ANSI colours by ratio: the fastest bold green, then green, yellow and red bands. */
static const char *color_of(const SmSummaryCell *cell)
{
  if (cell->row == NULL)
    return "\033[2m";
  if (cell->fastest)
    return "\033[1;32m";
  return cell->ratio >= 0.8 ? "\033[32m" : cell->ratio >= 0.5 ? "\033[33m" : "\033[31m";
}

static void pad_left(GString *out, const char *text, guint width)
{
  for (guint w = text_width(text); w < width; w++)
    g_string_append_c(out, ' ');
  g_string_append(out, text);
}

static void pad_right(GString *out, const char *text, guint width)
{
  g_string_append(out, text);
  for (guint w = text_width(text); w < width; w++)
    g_string_append_c(out, ' ');
}

static void cell_text(GString *out, const SmSummaryCell *cell, guint width, bool ct_marked,
                      bool color)
{
  g_autofree char *number = cell->row ? sm_summary_ratio_text(cell->ratio) : g_strdup("-");
  char marker = cell->tie ? '~' : cell->fastest ? '*' : ' ';
  GString *text = g_string_new(NULL);
  pad_left(text, number, width - 1 - ct_marked);
  if (ct_marked)
    g_string_append_c(text, cell->secret_dependent ? '!' : ' ');
  g_string_append_c(text, marker);
  if (color) {
    /* The padding stays outside the colour, the marker inside. */
    gsize lead = strspn(text->str, " ");
    g_string_append_len(out, text->str, (gssize)lead);
    g_string_append_printf(out, "%s%s\033[0m", color_of(cell), text->str + lead);
  } else {
    g_string_append(out, text->str);
  }
  g_string_free(text, TRUE);
}

static void render_block(const SmSummaryGrid *grid, const Layout *layout, guint from, guint to,
                         GString *out, bool color)
{
  g_string_append(out, color ? "\033[1m" : "");
  pad_right(out, grid->title, layout->label_width);
  g_string_append(out, color ? "\033[0m" : "");
  for (guint c = from; c < to; c++) {
    g_string_append_c(out, ' ');
    pad_left(out, layout->names->pdata[c], layout->cell_width - 1);
    g_string_append_c(out, ' ');
  }
  g_string_append(out, "  ");
  pad_left(out, "fastest", layout->figure_width);
  if (!grid->bulk && layout->sizes_width > 0) {
    g_string_append(out, "  ");
    g_string_append(out, SIZES_TITLE);
  }
  g_string_append_c(out, '\n');
  for (guint l = 0; l < grid->lines->len; l++) {
    const SmSummaryLine *line = grid->lines->pdata[l];
    if (line->nowhere)
      continue;
    pad_right(out, line->label, layout->label_width);
    for (guint c = from; c < to; c++) {
      g_string_append_c(out, ' ');
      cell_text(out, &line->cells[c], layout->cell_width, layout->ct_marked, color);
    }
    g_string_append(out, "  ");
    g_autofree char *figure =
        line->fastest ? sm_summary_figure_text(line->figure, grid->bulk) : g_strdup("-");
    pad_left(out, figure, layout->figure_width);
    if (!grid->bulk && line->sizes != NULL) {
      g_string_append(out, "  ");
      g_string_append(out, line->sizes);
    }
    g_string_append_c(out, '\n');
  }
}

/* One sentence for the algorithms no engine has, instead of a row of dashes each: their names
 * in grid order, then the engines' own reasons where they say more (a version that has it). */
static void render_nowhere(const SmSummary *summary, GString *out, guint width, bool after_grids)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new();
  g_autoptr(GPtrArray) reasons = g_ptr_array_new();
  for (guint g = 0; g < summary->grids->len; g++) {
    const SmSummaryGrid *grid = summary->grids->pdata[g];
    for (guint l = 0; l < grid->lines->len; l++) {
      const SmSummaryLine *line = grid->lines->pdata[l];
      if (!line->nowhere)
        continue;
      if (!g_ptr_array_find_with_equal_func(names, line->algorithm, g_str_equal, NULL))
        g_ptr_array_add(names, (gpointer)line->algorithm);
      for (guint r = 0; r < line->reasons->len; r++)
        if (!g_ptr_array_find_with_equal_func(reasons, line->reasons->pdata[r], g_str_equal, NULL))
          g_ptr_array_add(reasons, line->reasons->pdata[r]);
    }
  }
  if (names->len == 0)
    return;
  g_autoptr(GString) text = g_string_new(NULL);
  g_string_printf(text,
                  "Not measured, as no engine here has %s: ", names->len == 1 ? "it" : "them");
  for (guint i = 0; i < names->len; i++)
    g_string_append_printf(text, "%s%s", i ? ", " : "", (const char *)names->pdata[i]);
  g_string_append_c(text, '.');
  for (guint i = 0; i < reasons->len; i++)
    g_string_append_printf(text, "%s%s",
                           i ? "; " : " What the engines say: ", (const char *)reasons->pdata[i]);
  if (reasons->len > 0)
    g_string_append_c(text, '.');
  if (after_grids)
    g_string_append_c(out, '\n');
  sm_text_wrap(out, text->str, width, "", "");
}

void sm_summary_render_text(const SmSummary *summary, GString *out, guint width, bool color)
{
  if (summary->grids->len == 0) {
    g_string_append(out, "summary: no rows with acceleration on and one worker to show\n");
    return;
  }
  bool any_shown = false;
  for (guint g = 0; g < summary->grids->len; g++)
    any_shown |= grid_shown(summary->grids->pdata[g]);
  if (!any_shown) {
    render_nowhere(summary, out, width, false);
    return;
  }
  Layout layout = layout_for(summary, width);
  sm_text_wrap(out,
               "Each engine's best API level over the fastest of the row: 1.00* the fastest, ~ "
               "tied with it (within its range over the passes), - unsupported or not ok. "
               "Acceleration on, one worker.",
               width, "", "");
  if (summary->ct_marked)
    sm_text_wrap(out,
                 "! before the marker: speedmatrix ct (memcheck, secrets marked) found the cell's "
                 "operation or set-up secret-dependent at that API level.",
                 width, "", "");
  if (layout.short_names) {
    g_autofree char *legend = sm_engine_short_legend(summary->columns);
    sm_text_wrap(out, legend, width, "engines: ", "         ");
  }
  for (guint g = 0; g < summary->grids->len; g++)
    for (guint from = 0; grid_shown(summary->grids->pdata[g]) && from < summary->columns->len;
         from += layout.per_block) {
      g_string_append_c(out, '\n');
      render_block(summary->grids->pdata[g], &layout, from,
                   MIN(from + layout.per_block, summary->columns->len), out, color);
    }
  render_nowhere(summary, out, width, true);
  g_ptr_array_unref(layout.names);
}

guint sm_summary_mark_ct(SmSummary *summary, const SmCtSet *ct)
{
  guint marked = 0;
  summary->ct_marked = true;
  for (guint g = 0; g < summary->grids->len; g++) {
    const SmSummaryGrid *grid = summary->grids->pdata[g];
    for (guint l = 0; l < grid->lines->len; l++) {
      const SmSummaryLine *line = grid->lines->pdata[l];
      for (guint c = 0; c < summary->columns->len; c++) {
        SmSummaryCell *cell = &line->cells[c];
        if (cell->row == NULL)
          continue;
        SmCellId id = sm_row_id(cell->row);
        const SmCtRecord *record = sm_ct_set_find(ct, &id);
        cell->secret_dependent = record != NULL && record->verdict == SM_CT_SECRET_DEPENDENT;
        marked += cell->secret_dependent;
      }
    }
  }
  return marked;
}

/* ---- colour, width, and the end of a run ---- */

bool sm_color_mode_parse(const char *name, SmColorMode *mode)
{
  static const struct {
    const char *name;
    SmColorMode mode;
  } modes[] = {{"auto", SM_COLOR_AUTO}, {"always", SM_COLOR_ALWAYS}, {"never", SM_COLOR_NEVER}};
  for (size_t i = 0; i < G_N_ELEMENTS(modes); i++)
    if (strcmp(modes[i].name, name) == 0) {
      *mode = modes[i].mode;
      return true;
    }
  return false;
}

bool sm_color_wanted(FILE *out, SmColorMode mode)
{
  if (mode != SM_COLOR_AUTO)
    return mode == SM_COLOR_ALWAYS;
  const char *no_color = g_getenv("NO_COLOR");
  const char *term = g_getenv("TERM"); /* a dumb terminal shows colour codes as text */
  return (no_color == NULL || no_color[0] == '\0') && g_strcmp0(term, "dumb") != 0 &&
         isatty(fileno(out));
}

guint sm_output_width(FILE *out)
{
  struct winsize size = {0};
  if (isatty(fileno(out)) && ioctl(fileno(out), TIOCGWINSZ, &size) == 0 && size.ws_col >= 40)
    return size.ws_col;
  return 100;
}

void sm_summary_print_after_run(FILE *out, GPtrArray *rows, bool tables)
{
  SmSummaryOptions options = {.kind = -1};
  g_autoptr(SmSummary) summary = sm_summary_build(rows, &options);
  g_autoptr(GString) text = g_string_new(NULL);
  sm_summary_render_text(summary, text, sm_output_width(out), sm_color_wanted(out, SM_COLOR_AUTO));
  g_autoptr(SmScaling) scaling = sm_scaling_build(rows);
  if (scaling != NULL)
    sm_scaling_render_text(scaling, text);
  fputs(text->str, out);
  if (tables)
    sm_table_print(out, rows);
}

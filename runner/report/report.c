#include "report/report.h"
#include "report/report_machines.h"

#include "core/cell_id.h"

#include "core/catalog.h"
#include "core/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- lifetime ---- */

void sm_series_free(SmSeries *series)
{
  g_free(series->name);
  g_free(series->engine);
  g_array_unref(series->sizes);
  g_array_unref(series->figures);
  g_array_unref(series->lows);
  g_array_unref(series->highs);
  g_free(series);
}

void sm_chart_free(SmChart *chart)
{
  g_free(chart->algorithm);
  g_ptr_array_unref(chart->series);
  g_ptr_array_unref(chart->others);
  g_free(chart);
}

static void section_free(SmReportSection *section)
{
  g_free(section->id);
  g_free(section->title);
  g_free(section->intro);
  sm_grid_free(section->grid);
  g_free(section->empty);
  g_free(section);
}

void sm_report_free(SmReport *report)
{
  if (report == NULL)
    return;
  g_ptr_array_unref(report->charts);
  g_ptr_array_unref(report->thread_charts);
  g_ptr_array_unref(report->sections);
  g_ptr_array_unref(report->warnings);
  g_ptr_array_unref(report->results);
  g_ptr_array_unref(report->sets);
  sm_summary_free(report->summary);
  sm_report_machines_free(report->machines);
  sm_ct_set_free(report->ct);
  sm_profile_set_free(report->profile);
  g_free(report);
}

const SmReportFormat sm_report_formats[] = {
    {"html", sm_report_render_html, true},
    {"markdown", sm_report_render_markdown, false},
    {NULL, NULL, false},
};

const SmReportFormat *sm_report_format_find(const char *name)
{
  for (const SmReportFormat *format = sm_report_formats; format->name != NULL; format++)
    if (strcmp(format->name, name) == 0)
      return format;
  return NULL;
}

char *sm_report_format_names(void)
{
  GString *names = g_string_new(NULL);
  for (const SmReportFormat *format = sm_report_formats; format->name != NULL; format++)
    g_string_append_printf(names, "%s%s", format == sm_report_formats ? "" : ", ", format->name);
  return g_string_free(names, FALSE);
}

/* ---- small helpers ---- */

typedef struct {
  SmReport *report;
  bool multi_host;             /* engines are named engine@host when rows come from several hosts */
  GHashTable *algorithm_order; /* algorithm -> first appearance + 1 */
  GPtrArray *plain;            /* the rows winners, gaps and charts use (is_plain), in order */
} Context;

static const SmRow *row_of(gconstpointer result) { return ((const SmResultRow *)result)->row; }

/* The rows winners, gaps and charts are about: ok, acceleration on, one worker. */
static bool is_plain(const SmResultRow *result)
{
  return result->row->status == SM_STATUS_OK && result->row->accel == SM_ACCEL_ON &&
         result->row->parallel == 1 && result->row->threads <= 1 && !result->row->per_message;
}

static char *engine_label(const Context *ctx, const SmRow *row)
{
  if (!ctx->multi_host)
    return g_strdup(row->engine);
  g_autofree char *machine = sm_row_machine(row);
  return g_strdup_printf("%s@%s", row->engine, machine);
}

/* MB/s (10^6 bytes/s) for bulk rows, ops/s otherwise. */
static double shown_value(const SmResultRow *result)
{
  return sm_result_is_bulk(result) ? result->row->bytes_per_sec / 1e6 : result->row->ops_per_sec;
}

static char *shown_figure(const SmResultRow *result)
{
  return sm_result_is_bulk(result) ? g_strdup_printf("%.2f MB/s", shown_value(result))
                                   : g_strdup_printf("%.1f ops/s", shown_value(result));
}

static char *size_text(guint size) { return size ? g_strdup_printf("%u", size) : g_strdup(""); }

static guint algorithm_rank(const Context *ctx, const char *algorithm)
{
  return GPOINTER_TO_UINT(g_hash_table_lookup(ctx->algorithm_order, algorithm));
}

/* Report order after the algorithm: operation, engine, host, api, block size, accel, workers. */
static int compare_rows_within(const SmRow *a, const SmRow *b)
{
  if (a->operation != b->operation)
    return a->operation < b->operation ? -1 : 1;
  int engine = strcmp(a->engine, b->engine);
  if (engine != 0)
    return engine;
  int host = strcmp(a->host, b->host);
  if (host != 0)
    return host;
  if (a->api != b->api)
    return a->api < b->api ? -1 : 1;
  if (a->block_size != b->block_size)
    return a->block_size < b->block_size ? -1 : 1;
  if (a->accel != b->accel)
    return a->accel < b->accel ? -1 : 1;
  if (a->parallel != b->parallel)
    return a->parallel < b->parallel ? -1 : 1;
  return 0;
}

/* A row with its algorithm's rank looked up once, not at every comparison of the sort. */
typedef struct {
  guint rank;
  const SmResultRow *result;
} Ranked;

/* Report order: algorithm as first seen, then compare_rows_within. */
static int compare_ranked(gconstpointer a, gconstpointer b)
{
  const Ranked *x = a, *y = b;
  if (x->rank != y->rank)
    return x->rank < y->rank ? -1 : 1;
  return compare_rows_within(x->result->row, y->result->row);
}

/* Winner order: algorithm, operation, block size (one contest), then report order. */
static int compare_contest(gconstpointer a, gconstpointer b)
{
  const Ranked *x = a, *y = b;
  const SmRow *r = x->result->row, *q = y->result->row;
  if (x->rank != y->rank)
    return x->rank < y->rank ? -1 : 1;
  if (r->operation != q->operation)
    return r->operation < q->operation ? -1 : 1;
  if (r->block_size != q->block_size)
    return r->block_size < q->block_size ? -1 : 1;
  return compare_rows_within(r, q);
}

/* Sorts `rows` (SmResultRow*) by `compare` over Ranked entries: O(n log n) with no hashing in
 * the comparisons. */
static void sort_rows(const Context *ctx, GPtrArray *rows, GCompareFunc compare)
{
  g_autofree Ranked *ranked = g_new(Ranked, MAX(rows->len, 1u));
  for (guint i = 0; i < rows->len; i++) {
    const SmResultRow *result = rows->pdata[i];
    ranked[i] = (Ranked){algorithm_rank(ctx, result->row->algorithm), result};
  }
  qsort(ranked, rows->len, sizeof *ranked, compare);
  for (guint i = 0; i < rows->len; i++)
    rows->pdata[i] = (gpointer)ranked[i].result;
}

/* Splits `results` (already in report order) into runs of rows that `same` puts together. */
typedef bool (*SameFn)(const SmRow *a, const SmRow *b);

static GPtrArray *groups_of(GPtrArray *results, SameFn same)
{
  GPtrArray *groups = g_ptr_array_new_with_free_func((GDestroyNotify)g_ptr_array_unref);
  GPtrArray *current = NULL;
  for (guint i = 0; i < results->len; i++) {
    const SmResultRow *result = results->pdata[i];
    if (current == NULL || !same(row_of(current->pdata[0]), result->row)) {
      current = g_ptr_array_new();
      g_ptr_array_add(groups, current);
    }
    g_ptr_array_add(current, (gpointer)result);
  }
  return groups;
}

static SmCellId result_id(gconstpointer result) { return sm_row_id(row_of(result)); }

static bool same_engine_cell_family(const SmRow *a, const SmRow *b)
{
  return strcmp(a->algorithm, b->algorithm) == 0 && a->operation == b->operation &&
         strcmp(a->engine, b->engine) == 0 && strcmp(a->host, b->host) == 0;
}

/* The plain rows in report order, sorted once for every section (a new reference). */
static GPtrArray *sorted_plain(const Context *ctx) { return g_ptr_array_ref(ctx->plain); }

static GPtrArray *plain_rows(const Context *ctx)
{
  GPtrArray *rows = g_ptr_array_new();
  for (guint i = 0; i < ctx->report->results->len; i++)
    if (is_plain(ctx->report->results->pdata[i]))
      g_ptr_array_add(rows, ctx->report->results->pdata[i]);
  sort_rows(ctx, rows, compare_ranked);
  return rows;
}

static SmReportSection *section_new(const char *id, const char *title, char *intro)
{
  SmReportSection *section = g_new0(SmReportSection, 1);
  section->id = g_strdup(id);
  section->title = g_strdup(title);
  section->intro = intro;
  return section;
}

/* A section whose content is a table of `columns` columns. */
static SmReportSection *table_section(const char *id, const char *title, char *intro,
                                      const char *const *headers, guint columns, const char *align)
{
  SmReportSection *section = section_new(id, title, intro);
  section->grid = sm_grid_new(headers, columns, align);
  return section;
}

/* The cells that name a row's cell, the first of the accel, parallel and not-ok tables. */
enum { NAME_CELLS = 5 };
static void name_cells(const Context *ctx, const SmRow *row, char *cells[NAME_CELLS])
{
  cells[0] = engine_label(ctx, row);
  cells[1] = g_strdup(row->algorithm);
  cells[2] = g_strdup(sm_op_name(row->operation));
  cells[3] = g_strdup(sm_api_name(row->api));
  cells[4] = size_text(row->block_size);
}

/* Distinct non-empty strings in order of first appearance; the set makes each add O(1), so a
 * list built over every row stays linear in rows. */
typedef struct {
  GPtrArray *items; /* char*, owned */
  GHashTable *seen; /* the same strings */
} UniqueList;

static void unique_init(UniqueList *list)
{
  list->items = g_ptr_array_new_with_free_func(g_free);
  list->seen = g_hash_table_new(g_str_hash, g_str_equal);
}

static void unique_clear(UniqueList *list)
{
  g_hash_table_unref(list->seen);
  g_ptr_array_unref(list->items);
}

static void unique_add(UniqueList *list, const char *text)
{
  if (text[0] == '\0' || g_hash_table_contains(list->seen, text))
    return;
  char *copy = g_strdup(text);
  g_ptr_array_add(list->items, copy);
  g_hash_table_add(list->seen, copy);
}

static char *joined(GPtrArray *list, const char *separator)
{
  g_ptr_array_add(list, NULL);
  char *text = g_strjoinv(separator, (char **)list->pdata);
  g_ptr_array_remove_index(list, list->len - 1);
  return text;
}

/* ---- runs: one line per file and host ---- */

/* One line of the runs table: the rows of one file from one host. */
static void add_run_line(SmGrid *grid, const SmResultSet *set, GPtrArray *rows)
{
  UniqueList cpus, engines, seeds;
  unique_init(&cpus);
  unique_init(&engines);
  unique_init(&seeds);
  const char *first = NULL, *last = NULL;
  guint ok = 0;
  for (guint i = 0; i < rows->len; i++) {
    const SmRow *row = row_of(rows->pdata[i]);
    ok += row->status == SM_STATUS_OK;
    unique_add(&cpus, row->cpu_model);
    g_autofree char *engine = row->engine_version[0]
                                  ? g_strdup_printf("%s %s", row->engine, row->engine_version)
                                  : g_strdup(row->engine);
    unique_add(&engines, engine);
    if (set->has_seed) {
      g_autofree char *seed = g_strdup_printf("%" G_GUINT64_FORMAT, row->seed);
      unique_add(&seeds, seed);
    }
    if (row->timestamp[0] != '\0') {
      if (first == NULL || strcmp(row->timestamp, first) < 0)
        first = row->timestamp;
      if (last == NULL || strcmp(row->timestamp, last) > 0)
        last = row->timestamp;
    }
  }
  char *cells[] = {
      g_strdup(set->name),        g_strdup(rows->len ? row_of(rows->pdata[0])->host : ""),
      joined(cpus.items, "; "),   joined(engines.items, "; "),
      joined(seeds.items, ", "),  g_strdup(first ? first : ""),
      g_strdup(last ? last : ""), g_strdup_printf("%u", rows->len),
      g_strdup_printf("%u", ok),
  };
  sm_grid_add_row_owned(grid, cells);
  unique_clear(&cpus);
  unique_clear(&engines);
  unique_clear(&seeds);
}

static SmReportSection *runs_section(const Context *ctx)
{
  const char *headers[] = {"file",      "host",     "CPU",  "engines", "seeds",
                           "first row", "last row", "rows", "ok"};
  SmReportSection *section = table_section(
      "runs", "Runs",
      g_strdup("Where and when the figures were measured: one line per file and host."), headers,
      G_N_ELEMENTS(headers), "wlwwlllrr");
  for (guint s = 0; s < ctx->report->sets->len; s++) {
    const SmResultSet *set = ctx->report->sets->pdata[s];
    g_autoptr(GPtrArray) by_host = sm_cell_id_groups(set->results, result_id, SM_AXIS_HOST);
    if (by_host->len == 0) {
      g_autoptr(GPtrArray) none = g_ptr_array_new();
      add_run_line(section->grid, set, none);
    }
    for (guint h = 0; h < by_host->len; h++)
      add_run_line(section->grid, set, by_host->pdata[h]);
  }
  return section;
}

/* ---- at a glance: the summary grids, a heatmap in HTML ---- */

static char *summary_column(const SmRow *row, gpointer data) { return engine_label(data, row); }

/* The text of a heatmap cell: the ratio and its mark (* the fastest, ~ tied with it). */
char *sm_report_heat_text(const SmSummaryCell *cell)
{
  if (cell->row == NULL)
    return g_strdup("-");
  g_autofree char *ratio = sm_summary_ratio_text(cell->ratio);
  return g_strdup_printf("%s%s", ratio, cell->tie ? "~" : cell->fastest ? "*" : "");
}

static SmReportSection *summary_section(const Context *ctx)
{
  SmReport *report = ctx->report;
  g_autoptr(GPtrArray) rows = g_ptr_array_new();
  for (guint i = 0; i < report->results->len; i++)
    g_ptr_array_add(rows, (gpointer)row_of(report->results->pdata[i]));
  /* ratio_to_best compares cells of the same passes: within one run only. */
  SmSummaryOptions options = {.kind = -1,
                              .ops_only = report->sets->len > 1 || ctx->multi_host,
                              .column = summary_column,
                              .column_data = (gpointer)ctx};
  report->summary = sm_summary_build(rows, &options);
  SmReportSection *section = section_new(
      "summary", "At a glance",
      g_strdup_printf("Each engine's best API level as a ratio to the fastest engine of the row "
                      "(1.00, marked *), at %u B for bulk kinds; ~ marks the fastest and every "
                      "engine whose range reaches the fastest's (a tie); - unsupported or not ok. "
                      "Hover a cell for its API level and figure. Acceleration on, one worker.",
                      report->summary->size));
  if (report->summary->grids->len == 0) {
    section->empty = g_strdup("No rows to show.");
    return section;
  }
  g_autoptr(GPtrArray) headers = g_ptr_array_new();
  g_ptr_array_add(headers, "grid");
  g_ptr_array_add(headers, "algorithm");
  g_ptr_array_extend(headers, report->summary->columns, NULL, NULL);
  g_ptr_array_add(headers, "fastest");
  g_autofree char *align = g_strnfill(headers->len, 'r');
  align[0] = align[1] = 'l';
  section->grid = sm_grid_new((const char *const *)headers->pdata, headers->len, align);
  for (guint g = 0; g < report->summary->grids->len; g++) {
    const SmSummaryGrid *grid = report->summary->grids->pdata[g];
    for (guint l = 0; l < grid->lines->len; l++) {
      const SmSummaryLine *line = grid->lines->pdata[l];
      char **cells = g_new0(char *, headers->len + 1);
      cells[0] = g_strdup(grid->title);
      cells[1] = g_strdup(line->label);
      for (guint c = 0; c < report->summary->columns->len; c++)
        cells[2 + c] = sm_report_heat_text(&line->cells[c]);
      cells[headers->len - 1] =
          line->fastest ? sm_summary_figure_text(line->figure, grid->bulk) : g_strdup("-");
      sm_grid_add_row_owned(section->grid, cells);
      g_free(cells);
    }
  }
  return section;
}

/* ---- winners ---- */

static bool same_contest(const SmRow *a, const SmRow *b)
{
  return strcmp(a->algorithm, b->algorithm) == 0 && a->operation == b->operation &&
         a->block_size == b->block_size;
}

static int by_figure_descending(gconstpointer a, gconstpointer b)
{
  double x = sm_result_figure(*(const SmResultRow *const *)a);
  double y = sm_result_figure(*(const SmResultRow *const *)b);
  return x > y ? -1 : x < y ? 1 : 0;
}

static char *engine_and_api(const Context *ctx, const SmRow *row)
{
  g_autofree char *engine = engine_label(ctx, row);
  return g_strdup_printf("%s (%s)", engine, sm_api_name(row->api));
}

/* The winner's verdict in a speedmatrix ct file: "clean", "secret-dependent: FUNCTION", "not
 * checked", or "" when the file lacks the cell. */
static char *ct_text(const SmCtSet *ct, const SmRow *row)
{
  SmCellId id = sm_row_id(row);
  const SmCtRecord *record = sm_ct_set_find(ct, &id);
  if (record == NULL)
    return g_strdup("");
  if (record->verdict == SM_CT_SECRET_DEPENDENT && record->first_function != NULL)
    return g_strdup_printf("secret-dependent: %s", record->first_function);
  return g_strdup(record->verdict == SM_CT_NOT_CHECKED ? "not checked"
                                                       : sm_ct_verdict_name(record->verdict));
}

static SmReportSection *winners_section(const Context *ctx)
{
  SmReportSection *section = section_new(
      "winners", "Winner per algorithm and block size",
      g_strdup("The fastest engine for each algorithm, operation and block size (its faster API "
               "level), and its margin over the next engine. Bulk figures in MB/s (10^6 "
               "bytes/s), public-key figures in operations per second."));
  g_autoptr(GPtrArray) rows = g_ptr_array_copy(ctx->plain, NULL, NULL);
  sort_rows(ctx, rows, compare_contest);
  g_autoptr(GPtrArray) contests = groups_of(rows, same_contest);
  if (contests->len == 0) {
    section->empty = g_strdup("No ok rows to rank.");
    return section;
  }
  const char *headers[] = {"algorithm",   "operation",  "size",   "winner",       "figure",
                           "next engine", "its figure", "margin", "constant time"};
  const SmCtSet *ct = ctx->report->ct;
  section->grid = sm_grid_new(headers, G_N_ELEMENTS(headers) - (ct == NULL),
                              ct != NULL ? "llrlrlrrw" : "llrlrlrr");
  for (guint c = 0; c < contests->len; c++) {
    GPtrArray *contest = contests->pdata[c];
    g_ptr_array_sort(contest, by_figure_descending);
    /* One entry per engine: its best API level. */
    g_autoptr(GPtrArray) best = g_ptr_array_new();
    g_autoptr(GHashTable) seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    for (guint i = 0; i < contest->len; i++) {
      const SmRow *row = row_of(contest->pdata[i]);
      char *engine = engine_label(ctx, row);
      if (!g_hash_table_add(seen, engine))
        continue; /* the set kept its own copy and freed this one */
      g_ptr_array_add(best, contest->pdata[i]);
    }
    const SmResultRow *winner = best->pdata[0];
    const SmResultRow *next = best->len > 1 ? best->pdata[1] : NULL;
    double next_figure = next ? sm_result_figure(next) : 0;
    char *cells[] = {
        g_strdup(winner->row->algorithm),
        g_strdup(sm_op_name(winner->row->operation)),
        size_text(winner->row->block_size),
        engine_and_api(ctx, winner->row),
        shown_figure(winner),
        next ? engine_and_api(ctx, next->row) : g_strdup("-"),
        next ? shown_figure(next) : g_strdup(""),
        next && next_figure > 0
            ? g_strdup_printf("%+.1f%%", (sm_result_figure(winner) / next_figure - 1) * 100)
            : g_strdup(""),
        ct != NULL ? ct_text(ct, winner->row) : NULL,
    };
    sm_grid_add_row_owned(section->grid, cells);
  }
  return section;
}

/* ---- sizes on the wire ---- */

static bool has_sizes(const SmResultRow *result)
{
  return result->sizes.public_key > 0 || result->sizes.secret_key > 0 ||
         result->sizes.signature > 0 || result->sizes.ciphertext > 0;
}

/* The public-key algorithms' key, signature and ciphertext sizes beside the fastest engine of
 * each operation: what a choice between, say, ML-DSA and Ed25519 weighs. NULL when no row carries
 * sizes (a file of an older speedmatrix). */
static SmReportSection *sizes_section(const Context *ctx)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_copy(ctx->plain, NULL, NULL);
  sort_rows(ctx, rows, compare_contest);
  g_autoptr(GPtrArray) contests = groups_of(rows, same_contest);
  SmReportSection *section = NULL;
  for (guint c = 0; c < contests->len; c++) {
    GPtrArray *contest = contests->pdata[c];
    const SmResultRow *sized = NULL;
    for (guint i = 0; i < contest->len && sized == NULL; i++)
      if (has_sizes(contest->pdata[i]))
        sized = contest->pdata[i];
    if (sized == NULL)
      continue;
    const char *headers[] = {"algorithm", "operation",  "size",    "public key", "secret key",
                             "signature", "ciphertext", "fastest", "figure"};
    if (section == NULL)
      section = table_section(
          "sizes", "Public-key sizes",
          g_strdup("Bytes on the wire of each public-key algorithm (public key, secret key, "
                   "signature, ciphertext) beside the fastest engine of each operation (its faster "
                   "API level) in operations per second."),
          headers, G_N_ELEMENTS(headers), "llrrrrrlr");
    g_ptr_array_sort(contest, by_figure_descending);
    const SmResultRow *fastest = contest->pdata[0];
    char *cells[] = {
        g_strdup(fastest->row->algorithm),
        g_strdup(sm_op_name(fastest->row->operation)),
        size_text(fastest->row->block_size),
        size_text(sized->sizes.public_key),
        size_text(sized->sizes.secret_key),
        size_text(sized->sizes.signature),
        size_text(sized->sizes.ciphertext),
        engine_and_api(ctx, fastest->row),
        shown_figure(fastest),
    };
    sm_grid_add_row_owned(section->grid, cells);
  }
  return section;
}

/* ---- evp vs low ---- */

/* The per-call cost and per-byte cost of one engine+api over the sizes: from the CSV's
 * slope/intercept columns when present, else a least-squares fit of ns per operation against
 * block size (needs two sizes). */
typedef struct {
  bool known;
  bool fitted;
  double ns_per_byte;
  double ns_per_call;
} Overhead;

static Overhead overhead_of(GPtrArray *family, SmApi api)
{
  Overhead overhead = {0};
  g_autoptr(GArray) x = g_array_new(FALSE, FALSE, sizeof(double));
  g_autoptr(GArray) y = g_array_new(FALSE, FALSE, sizeof(double));
  for (guint i = 0; i < family->len; i++) {
    const SmResultRow *result = family->pdata[i];
    if (result->row->api != api)
      continue;
    if (!isnan(result->slope_ns_per_byte) && !isnan(result->intercept_ns_per_call)) {
      overhead = (Overhead){true, false, result->slope_ns_per_byte, result->intercept_ns_per_call};
      return overhead;
    }
    if (result->row->ops_per_sec > 0 && result->row->block_size > 0) {
      double size = result->row->block_size, ns = 1e9 / result->row->ops_per_sec;
      g_array_append_val(x, size);
      g_array_append_val(y, ns);
    }
  }
  if (sm_stats_linear_fit((double *)x->data, (double *)y->data, x->len, &overhead.ns_per_byte,
                          &overhead.ns_per_call))
    overhead.known = overhead.fitted = true;
  return overhead;
}

static char *overhead_text(const Overhead *overhead, double value, const char *format)
{
  if (!overhead->known)
    return g_strdup("");
  g_autofree char *number = g_strdup_printf(format, value);
  return g_strdup_printf("%s%s", number, overhead->fitted ? "*" : "");
}

/* A family's rows are in report order (api, then block size, each once: plain rows only), so
 * the row is found by bisection: the gap table stays linear in rows whatever the sizes. */
static const SmResultRow *find_api(GPtrArray *family, SmApi api, guint size)
{
  guint low = 0, high = family->len;
  while (low < high) {
    guint middle = low + (high - low) / 2;
    const SmRow *row = row_of(family->pdata[middle]);
    if (row->api < api || (row->api == api && row->block_size < size))
      low = middle + 1;
    else
      high = middle;
  }
  if (low == family->len)
    return NULL;
  const SmResultRow *result = family->pdata[low];
  return result->row->api == api && result->row->block_size == size ? result : NULL;
}

static bool has_both_apis(GPtrArray *family)
{
  for (guint i = 0; i < family->len; i++) {
    const SmRow *row = row_of(family->pdata[i]);
    if (row->api == SM_API_EVP && find_api(family, SM_API_LOW, row->block_size) != NULL)
      return true;
  }
  return false;
}

static int compare_guint(gconstpointer a, gconstpointer b)
{
  guint x = *(const guint *)a, y = *(const guint *)b;
  return x < y ? -1 : x > y;
}

static SmReportSection *gap_bulk_section(const Context *ctx)
{
  SmReportSection *section = section_new(
      "gap", "evp vs low: bulk",
      g_strdup("low/evp: the throughput of each engine's direct calls (low) over its generic "
               "interface's (evp) at each block size; above 1, the generic layer costs that much. "
               "ns/call and ns/byte: the time per operation split into a fixed cost per call and "
               "a cost per byte, from the CSV's intercept_ns_per_call and slope_ns_per_byte where "
               "present; values marked * are a least-squares fit of nanoseconds per operation "
               "against block size over the measured sizes. evp-low ns/call is the generic "
               "layer's extra cost per call."));
  g_autoptr(GPtrArray) rows = sorted_plain(ctx);
  g_autoptr(GPtrArray) families = groups_of(rows, same_engine_cell_family);
  g_autoptr(GArray) sizes = g_array_new(FALSE, FALSE, sizeof(guint));
  g_autoptr(GHashTable) known_sizes = g_hash_table_new(g_direct_hash, g_direct_equal);
  g_autoptr(GPtrArray) chosen = g_ptr_array_new();
  for (guint f = 0; f < families->len; f++) {
    GPtrArray *family = families->pdata[f];
    if (!sm_result_is_bulk(family->pdata[0]) || !has_both_apis(family))
      continue;
    g_ptr_array_add(chosen, family);
    for (guint i = 0; i < family->len; i++) {
      guint size = row_of(family->pdata[i])->block_size;
      if (g_hash_table_add(known_sizes, GUINT_TO_POINTER(size)))
        g_array_append_val(sizes, size);
    }
  }
  if (chosen->len == 0) {
    section->empty = g_strdup("No engine measured a bulk cell at both API levels.");
    return section;
  }
  g_array_sort(sizes, compare_guint);
  g_autoptr(GPtrArray) headers = g_ptr_array_new_with_free_func(g_free);
  GString *align = g_string_new("lll");
  g_ptr_array_add(headers, g_strdup("engine"));
  g_ptr_array_add(headers, g_strdup("algorithm"));
  g_ptr_array_add(headers, g_strdup("operation"));
  for (guint s = 0; s < sizes->len; s++) {
    g_ptr_array_add(headers, g_strdup_printf("low/evp %u B", g_array_index(sizes, guint, s)));
    g_string_append_c(align, 'r');
  }
  const char *tail[] = {"evp ns/call", "low ns/call", "evp-low ns/call", "evp ns/byte",
                        "low ns/byte"};
  for (size_t t = 0; t < G_N_ELEMENTS(tail); t++) {
    g_ptr_array_add(headers, g_strdup(tail[t]));
    g_string_append_c(align, 'r');
  }
  section->grid = sm_grid_new((const char *const *)headers->pdata, headers->len, align->str);
  g_string_free(align, TRUE);
  for (guint f = 0; f < chosen->len; f++) {
    GPtrArray *family = chosen->pdata[f];
    const SmRow *first = row_of(family->pdata[0]);
    g_autofree char **cells = g_new0(char *, headers->len);
    guint k = 0;
    cells[k++] = engine_label(ctx, first);
    cells[k++] = g_strdup(first->algorithm);
    cells[k++] = g_strdup(sm_op_name(first->operation));
    for (guint s = 0; s < sizes->len; s++) {
      guint size = g_array_index(sizes, guint, s);
      const SmResultRow *evp = find_api(family, SM_API_EVP, size);
      const SmResultRow *low = find_api(family, SM_API_LOW, size);
      cells[k++] = evp && low && evp->row->ops_per_sec > 0
                       ? g_strdup_printf("%.2f", low->row->ops_per_sec / evp->row->ops_per_sec)
                       : g_strdup("");
    }
    Overhead evp = overhead_of(family, SM_API_EVP), low = overhead_of(family, SM_API_LOW);
    Overhead both = {evp.known && low.known, evp.fitted || low.fitted, 0, 0};
    cells[k++] = overhead_text(&evp, evp.ns_per_call, "%.1f");
    cells[k++] = overhead_text(&low, low.ns_per_call, "%.1f");
    cells[k++] = overhead_text(&both, evp.ns_per_call - low.ns_per_call, "%.1f");
    cells[k++] = overhead_text(&evp, evp.ns_per_byte, "%.3f");
    cells[k++] = overhead_text(&low, low.ns_per_byte, "%.3f");
    sm_grid_add_row_owned(section->grid, cells);
  }
  return section;
}

static SmReportSection *gap_public_key_section(const Context *ctx)
{
  g_autoptr(GPtrArray) rows = sorted_plain(ctx);
  g_autoptr(GPtrArray) families = groups_of(rows, same_engine_cell_family);
  SmReportSection *section = NULL;
  for (guint f = 0; f < families->len; f++) {
    GPtrArray *family = families->pdata[f];
    if (sm_result_is_bulk(family->pdata[0]) || !has_both_apis(family))
      continue;
    const char *headers[] = {"engine",    "algorithm", "operation",
                             "evp ops/s", "low ops/s", "low/evp"};
    if (section == NULL)
      section = table_section("gap-public-key", "evp vs low: public key",
                              g_strdup("Operations per second at each API level, and their ratio."),
                              headers, G_N_ELEMENTS(headers), "lllrrr");
    const SmRow *first = row_of(family->pdata[0]);
    const SmResultRow *evp = find_api(family, SM_API_EVP, first->block_size);
    const SmResultRow *low = find_api(family, SM_API_LOW, first->block_size);
    char *cells[] = {
        engine_label(ctx, first),
        g_strdup(first->algorithm),
        g_strdup(sm_op_name(first->operation)),
        g_strdup_printf("%.1f", evp->row->ops_per_sec),
        g_strdup_printf("%.1f", low->row->ops_per_sec),
        evp->row->ops_per_sec > 0
            ? g_strdup_printf("%.2f", low->row->ops_per_sec / evp->row->ops_per_sec)
            : g_strdup(""),
    };
    sm_grid_add_row_owned(section->grid, cells);
  }
  return section;
}

/* ---- charts ---- */

static bool same_algorithm(const SmRow *a, const SmRow *b)
{
  return strcmp(a->algorithm, b->algorithm) == 0;
}

/* Legend and drawing order: grey engines first (under the others), engine, api, operation. */
static int compare_series(gconstpointer a, gconstpointer b)
{
  const SmSeries *x = *(const SmSeries *const *)a, *y = *(const SmSeries *const *)b;
  if (x->grey != y->grey)
    return x->grey ? -1 : 1;
  if (x->color != y->color)
    return x->color < y->color ? -1 : 1;
  if (x->low != y->low)
    return x->low ? 1 : -1;
  if (x->dashed != y->dashed)
    return x->dashed ? 1 : -1;
  return strcmp(x->name, y->name);
}

SmSeries *sm_series_new(const char *name, const char *engine, guint color)
{
  SmSeries *series = g_new0(SmSeries, 1);
  series->name = g_strdup(name);
  series->engine = g_strdup(engine);
  series->color = color;
  series->sizes = g_array_new(FALSE, FALSE, sizeof(guint));
  series->figures = g_array_new(FALSE, FALSE, sizeof(double));
  series->lows = g_array_new(FALSE, FALSE, sizeof(double));
  series->highs = g_array_new(FALSE, FALSE, sizeof(double));
  return series;
}

/* A point at `x` (its block size, or its threads) with its interval (ops_per_sec_low/high, in
 * the figure's unit; 0: none). */
static void series_add(SmSeries *series, const SmResultRow *result, guint x)
{
  const SmRow *row = result->row;
  double scale = sm_result_is_bulk(result) ? row->block_size / 1e6 : 1;
  double figure = shown_value(result), low = row->ops_low * scale, high = row->ops_high * scale;
  g_array_append_val(series->sizes, x);
  g_array_append_val(series->figures, figure);
  g_array_append_val(series->lows, low);
  g_array_append_val(series->highs, high);
}

/* An engine's best figure in a chart: at its largest block size (bulk), or its fastest bar. */
static double engine_score(const SmChart *chart, const char *engine)
{
  guint largest = 0;
  double best = 0;
  for (guint s = 0; s < chart->series->len; s++) {
    const SmSeries *series = chart->series->pdata[s];
    for (guint i = 0; i < series->sizes->len; i++)
      largest = MAX(largest, g_array_index(series->sizes, guint, i));
  }
  for (guint s = 0; s < chart->series->len; s++) {
    const SmSeries *series = chart->series->pdata[s];
    for (guint i = 0; strcmp(series->engine, engine) == 0 && i < series->sizes->len; i++)
      if (g_array_index(series->sizes, guint, i) == largest)
        best = MAX(best, g_array_index(series->figures, double, i));
  }
  return best;
}

typedef struct {
  const char *engine;
  double score;
} RankedEngine;

static int by_score_descending(gconstpointer a, gconstpointer b)
{
  const RankedEngine *x = a, *y = b;
  return x->score > y->score ? -1 : x->score < y->score ? 1 : strcmp(x->engine, y->engine);
}

/* With many engines one colour each is unreadable: the leaders keep colours by rank, the
 * others go grey (their names in the legend's last lines, and on hover). */
static void mark_leaders(SmChart *chart)
{
  g_autoptr(GArray) ranked = g_array_new(FALSE, FALSE, sizeof(RankedEngine));
  for (guint s = 0; s < chart->series->len; s++) {
    const SmSeries *series = chart->series->pdata[s];
    bool known = false;
    for (guint r = 0; r < ranked->len && !known; r++)
      known = strcmp(g_array_index(ranked, RankedEngine, r).engine, series->engine) == 0;
    if (!known) {
      RankedEngine entry = {series->engine, engine_score(chart, series->engine)};
      g_array_append_val(ranked, entry);
    }
  }
  chart->leaders_only = ranked->len > SM_REPORT_COLORED_ENGINES;
  if (!chart->leaders_only)
    return;
  g_array_sort(ranked, by_score_descending);
  for (guint r = SM_REPORT_LEADERS; r < ranked->len; r++)
    g_ptr_array_add(chart->others, g_strdup(g_array_index(ranked, RankedEngine, r).engine));
  for (guint s = 0; s < chart->series->len; s++) {
    SmSeries *series = chart->series->pdata[s];
    for (guint r = 0; r < ranked->len; r++)
      if (strcmp(g_array_index(ranked, RankedEngine, r).engine, series->engine) == 0) {
        series->grey = r >= SM_REPORT_LEADERS;
        series->color = r;
      }
  }
}

/* Colours by engine in order of first appearance in the files, so they match across charts:
 * engine label -> palette index. */
static GHashTable *engine_colors(const Context *ctx)
{
  GHashTable *colors = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < ctx->report->results->len; i++) {
    char *engine = engine_label(ctx, row_of(ctx->report->results->pdata[i]));
    if (g_hash_table_contains(colors, engine))
      g_free(engine);
    else
      g_hash_table_insert(colors, engine, GUINT_TO_POINTER(g_hash_table_size(colors)));
  }
  return colors;
}

static SmChart *chart_new(char *caption, SmChartAxis axis, bool bulk)
{
  SmChart *chart = g_new0(SmChart, 1);
  chart->algorithm = caption;
  chart->axis = axis;
  chart->bulk = bulk;
  chart->series = g_ptr_array_new_with_free_func((GDestroyNotify)sm_series_free);
  chart->others = g_ptr_array_new_with_free_func(g_free);
  return chart;
}

static void build_charts(const Context *ctx)
{
  SmReport *report = ctx->report;
  g_autoptr(GPtrArray) rows = sorted_plain(ctx);
  g_autoptr(GPtrArray) algorithms = groups_of(rows, same_algorithm);
  g_autoptr(GHashTable) colors = engine_colors(ctx);
  for (guint a = 0; a < algorithms->len; a++) {
    GPtrArray *group = algorithms->pdata[a];
    const SmRow *first = row_of(group->pdata[0]);
    SmChart *chart =
        chart_new(g_strdup(first->algorithm), SM_CHART_BY_SIZE, sm_result_is_bulk(group->pdata[0]));
    SmOp ops[SM_OP_COUNT];
    unsigned op_count = sm_kind_ops(first->kind, ops);
    bool several_ops = false;
    for (guint i = 1; i < group->len; i++)
      several_ops |= row_of(group->pdata[i])->operation != first->operation;
    g_autoptr(GHashTable) by_name = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    for (guint i = 0; i < group->len; i++) {
      const SmResultRow *result = group->pdata[i];
      const SmRow *row = result->row;
      g_autofree char *engine = engine_label(ctx, row);
      g_autofree char *name = several_ops
                                  ? g_strdup_printf("%s %s %s", engine, sm_api_name(row->api),
                                                    sm_op_name(row->operation))
                                  : g_strdup_printf("%s %s", engine, sm_api_name(row->api));
      SmSeries *series = g_hash_table_lookup(by_name, name);
      if (series == NULL) {
        series = sm_series_new(name, engine, GPOINTER_TO_UINT(g_hash_table_lookup(colors, engine)));
        series->low = row->api == SM_API_LOW;
        series->dashed = op_count > 0 && row->operation != ops[0];
        g_hash_table_insert(by_name, g_strdup(name), series);
        g_ptr_array_add(chart->series, series);
      }
      series_add(series, result, row->block_size);
    }
    mark_leaders(chart);
    g_ptr_array_sort(chart->series, compare_series);
    g_ptr_array_add(report->charts, chart);
  }
}

/* ---- accel on/off, parallel scaling, cells not ok ---- */

/* The ok rows grouped by their cell on every axis but `axis` (an accel pair, the worker counts
 * of a cell), in report order; NULL when no ok row has `flag`. */
static GPtrArray *families_but(const Context *ctx, bool (*flag)(const SmRow *), SmAxis axis)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new();
  bool any = false;
  for (guint i = 0; i < ctx->report->results->len; i++) {
    const SmResultRow *result = ctx->report->results->pdata[i];
    if (result->row->status != SM_STATUS_OK)
      continue;
    any |= flag(result->row);
    g_ptr_array_add(rows, (gpointer)result);
  }
  if (!any)
    return NULL;
  sort_rows(ctx, rows, compare_ranked);
  return sm_cell_id_groups(rows, result_id, (SM_AXES_CELL | SM_AXIS_HOST) & ~axis);
}

static bool is_accel_off(const SmRow *row) { return row->accel == SM_ACCEL_OFF; }
static bool is_parallel(const SmRow *row) { return row->parallel > 1; }

static SmReportSection *accel_section(const Context *ctx)
{
  g_autoptr(GPtrArray) pairs = families_but(ctx, is_accel_off, SM_AXIS_ACCEL);
  if (pairs == NULL)
    return NULL;
  const char *headers[] = {"engine",  "algorithm", "operation", "api",   "size",
                           "workers", "accel on",  "accel off", "on/off"};
  SmReportSection *section = table_section(
      "accel", "Hardware acceleration on and off",
      g_strdup("Each cell measured with the library's acceleration as it chooses (on) and "
               "switched off (off); on/off is the speed-up acceleration gives."),
      headers, G_N_ELEMENTS(headers), "llllrrrrr");
  for (guint p = 0; p < pairs->len; p++) {
    GPtrArray *pair = pairs->pdata[p];
    const SmResultRow *on = NULL, *off = NULL;
    for (guint i = 0; i < pair->len; i++) {
      const SmResultRow *result = pair->pdata[i];
      if (result->row->accel == SM_ACCEL_ON)
        on = result;
      else
        off = result;
    }
    if (off == NULL)
      continue;
    char *cells[G_N_ELEMENTS(headers)];
    name_cells(ctx, off->row, cells);
    cells[NAME_CELLS] = g_strdup_printf("%u", off->row->parallel);
    cells[NAME_CELLS + 1] = on ? shown_figure(on) : g_strdup("-");
    cells[NAME_CELLS + 2] = shown_figure(off);
    cells[NAME_CELLS + 3] =
        on && sm_result_figure(off) > 0
            ? g_strdup_printf("%.2f", sm_result_figure(on) / sm_result_figure(off))
            : g_strdup("");
    sm_grid_add_row_owned(section->grid, cells);
  }
  return section;
}

/* A parallel row's figure over the same cell's with one worker: that row, or the row's
 * single_worker_ops_per_sec column; "" without either. */
static char *scaling_text(const SmResultRow *result, const SmResultRow *single)
{
  double one = single && single->row->ops_per_sec > 0 ? single->row->ops_per_sec
                                                      : result->single_worker_ops_per_sec;
  return one > 0 ? g_strdup_printf("%.2f", result->row->ops_per_sec / one) : g_strdup("");
}

static SmReportSection *parallel_section(const Context *ctx)
{
  g_autoptr(GPtrArray) families = families_but(ctx, is_parallel, SM_AXIS_PARALLEL);
  if (families == NULL)
    return NULL;
  const char *headers[] = {"engine", "algorithm", "operation", "api",       "size",
                           "accel",  "workers",   "figure",    "x 1 worker"};
  SmReportSection *section = table_section(
      "parallel", "Parallel scaling",
      g_strdup("Each cell measured by several worker processes at once; x 1 worker is the "
               "figure over the same cell's figure with one worker (that row, or the "
               "single_worker_ops_per_sec column)."),
      headers, G_N_ELEMENTS(headers), "lllllrrrr");
  for (guint f = 0; f < families->len; f++) {
    GPtrArray *family = families->pdata[f];
    const SmResultRow *single = NULL;
    bool scaled = false;
    for (guint i = 0; i < family->len; i++) {
      const SmResultRow *result = family->pdata[i];
      if (result->row->parallel == 1)
        single = result;
      scaled |= result->row->parallel > 1;
    }
    if (!scaled)
      continue;
    for (guint i = 0; i < family->len; i++) {
      const SmResultRow *result = family->pdata[i];
      char *cells[G_N_ELEMENTS(headers)];
      name_cells(ctx, result->row, cells);
      cells[NAME_CELLS] = g_strdup(result->row->accel == SM_ACCEL_OFF ? "off" : "on");
      cells[NAME_CELLS + 1] = g_strdup_printf("%u", result->row->parallel);
      cells[NAME_CELLS + 2] = shown_figure(result);
      cells[NAME_CELLS + 3] = scaling_text(result, single);
      sm_grid_add_row_owned(section->grid, cells);
    }
  }
  return section;
}

static bool is_threaded(const SmRow *row) { return row->threads > 1; }

/* Per cell, its rate at each thread count (one thread first), the rate per thread and the
 * scaling efficiency against one thread of the same pass, with the lock waits an engine
 * counted: where a library serialises its threads. */
static SmReportSection *threads_section(const Context *ctx)
{
  g_autoptr(GPtrArray) families = families_but(ctx, is_threaded, SM_AXIS_THREADS);
  if (families == NULL)
    return NULL;
  const char *headers[] = {"engine",     "algorithm",  "operation", "api",
                           "size",       "context",    "threads",   "figure",
                           "per thread", "efficiency", "lock waits"};
  SmReportSection *section = table_section(
      "threads", "Thread scaling",
      g_strdup("Each cell measured by several threads of one process at once, each with its own "
               "context; efficiency is the total over threads x one thread's rate measured in "
               "the same pass (1.00: no loss). Per-message cells make a context for every "
               "call. Lock waits: times a call waited for a lock another thread held, where the "
               "engine counts them. The charts draw the total rate against threads, a line per "
               "engine and level (dashed: per-message; open markers: OpenSSL's implicit level); "
               "a line that flattens is a library serialising its threads."),
      headers, G_N_ELEMENTS(headers), "llllllrrrrr");
  for (guint f = 0; f < families->len; f++) {
    GPtrArray *family = families->pdata[f];
    bool threaded = false;
    for (guint i = 0; i < family->len; i++)
      threaded |= ((const SmResultRow *)family->pdata[i])->row->threads > 1;
    if (!threaded)
      continue;
    for (guint i = 0; i < family->len; i++) {
      const SmRow *row = ((const SmResultRow *)family->pdata[i])->row;
      char *cells[G_N_ELEMENTS(headers)];
      name_cells(ctx, row, cells);
      cells[NAME_CELLS] = g_strdup(sm_context_name(row->per_message));
      cells[NAME_CELLS + 1] = g_strdup_printf("%u", MAX(row->threads, 1u));
      cells[NAME_CELLS + 2] = shown_figure(family->pdata[i]);
      cells[NAME_CELLS + 3] = row->threads > 1 && row->per_worker_ops_per_sec > 0
                                  ? g_strdup_printf("%.0f ops/s", row->per_worker_ops_per_sec)
                                  : g_strdup("");
      cells[NAME_CELLS + 4] = row->scaling_efficiency > 0
                                  ? g_strdup_printf("%.2f", row->scaling_efficiency)
                                  : g_strdup("");
      cells[NAME_CELLS + 5] = row->has_lock_waits
                                  ? g_strdup_printf("%" G_GUINT64_FORMAT, row->lock_waits)
                                  : g_strdup("");
      sm_grid_add_row_owned(section->grid, cells);
    }
  }
  return section;
}

/* A row a chart by threads draws: ok, acceleration on, one worker process. */
static bool is_thread_chartable(const SmResultRow *result)
{
  return result->row->status == SM_STATUS_OK && result->row->accel == SM_ACCEL_ON &&
         result->row->parallel == 1;
}

static int by_threads(gconstpointer a, gconstpointer b)
{
  unsigned x = MAX(row_of(*(gconstpointer const *)a)->threads, 1u);
  unsigned y = MAX(row_of(*(gconstpointer const *)b)->threads, 1u);
  return (x > y) - (x < y);
}

/* "sha256 hash 16 B", "ed25519 sign": what one chart by threads is about. */
static char *thread_chart_caption(const SmRow *row)
{
  return row->block_size > 0 ? g_strdup_printf("%s %s %u B", row->algorithm,
                                               sm_op_name(row->operation), row->block_size)
                             : g_strdup_printf("%s %s", row->algorithm, sm_op_name(row->operation));
}

/* Per algorithm, operation and size with a threaded row, the total rate against threads: a line
 * per engine, level and context, so that a library whose line flattens is seen to serialise. */
static void build_thread_charts(const Context *ctx)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new();
  for (guint i = 0; i < ctx->report->results->len; i++)
    if (is_thread_chartable(ctx->report->results->pdata[i]))
      g_ptr_array_add(rows, ctx->report->results->pdata[i]);
  sort_rows(ctx, rows, compare_ranked);
  g_autoptr(GHashTable) colors = engine_colors(ctx);
  g_autoptr(GPtrArray) charts =
      sm_cell_id_groups(rows, result_id, SM_AXIS_ALGORITHM | SM_AXIS_OPERATION | SM_AXIS_SIZE);
  for (guint c = 0; c < charts->len; c++) {
    GPtrArray *chart_rows = charts->pdata[c];
    bool any = false;
    for (guint i = 0; i < chart_rows->len; i++)
      any |= row_of(chart_rows->pdata[i])->threads > 1;
    if (!any)
      continue;
    g_autoptr(GPtrArray) lines =
        sm_cell_id_groups(chart_rows, result_id, (SM_AXES_CELL | SM_AXIS_HOST) & ~SM_AXIS_THREADS);
    SmChart *chart = chart_new(thread_chart_caption(row_of(chart_rows->pdata[0])),
                               SM_CHART_BY_THREADS, sm_result_is_bulk(chart_rows->pdata[0]));
    for (guint l = 0; l < lines->len; l++) {
      GPtrArray *line = lines->pdata[l];
      g_ptr_array_sort(line, by_threads);
      const SmRow *row = row_of(line->pdata[0]);
      g_autofree char *engine = engine_label(ctx, row);
      g_autofree char *name = g_strdup_printf("%s %s%s", engine, sm_api_name(row->api),
                                              row->per_message ? " per-message" : "");
      SmSeries *series =
          sm_series_new(name, engine, GPOINTER_TO_UINT(g_hash_table_lookup(colors, engine)));
      series->low = row->api == SM_API_LOW;
      series->hollow = row->api == SM_API_IMPLICIT;
      series->dashed = row->per_message;
      for (guint i = 0; i < line->len; i++)
        series_add(series, line->pdata[i], MAX(row_of(line->pdata[i])->threads, 1u));
      g_ptr_array_add(chart->series, series);
    }
    mark_leaders(chart);
    g_ptr_array_sort(chart->series, compare_series);
    g_ptr_array_add(ctx->report->thread_charts, chart);
  }
}

static SmReportSection *not_ok_section(const Context *ctx)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new();
  for (guint i = 0; i < ctx->report->results->len; i++)
    if (row_of(ctx->report->results->pdata[i])->status != SM_STATUS_OK)
      g_ptr_array_add(rows, ctx->report->results->pdata[i]);
  if (rows->len == 0)
    return NULL;
  sort_rows(ctx, rows, compare_ranked);
  const char *headers[] = {"engine", "algorithm", "operation", "api", "size", "status", "detail"};
  SmReportSection *section = table_section(
      "not-ok", "Cells without a figure",
      g_strdup("Every planned cell that was not measured, with its status and the reason."),
      headers, G_N_ELEMENTS(headers), "llllrlw");
  for (guint i = 0; i < rows->len; i++) {
    const SmRow *row = row_of(rows->pdata[i]);
    char *cells[G_N_ELEMENTS(headers)];
    name_cells(ctx, row, cells);
    cells[NAME_CELLS] = g_strdup(sm_status_name(row->status));
    cells[NAME_CELLS + 1] = g_strdup(row->detail ? row->detail : "");
    sm_grid_add_row_owned(section->grid, cells);
  }
  return section;
}

/* ---- the whole report ---- */

typedef struct {
  guint index;
  const char *file;
  guint line;
} Placed;

/* The rows of one file that repeat cells of one earlier file: one warning for all of them. */
typedef struct {
  const char *earlier;
  guint count, line, earlier_line; /* the first repeat */
} Repeats;

static void warn_repeats(SmReport *report, const char *name, GPtrArray *repeats)
{
  for (guint r = 0; r < repeats->len; r++) {
    const Repeats *rep = repeats->pdata[r];
    if (rep->count == 1)
      g_ptr_array_add(report->warnings,
                      g_strdup_printf("%s:%u: same cell and host as %s:%u; this later row is "
                                      "reported",
                                      name, rep->line, rep->earlier, rep->earlier_line));
    else
      g_ptr_array_add(report->warnings,
                      g_strdup_printf("%s: %u rows have the same cell and host as rows of %s (the "
                                      "first %s:%u, as %s:%u); the later rows are reported",
                                      name, rep->count, rep->earlier, name, rep->line, rep->earlier,
                                      rep->earlier_line));
  }
}

static void merge_rows(SmReport *report)
{
  g_autoptr(GHashTable) placed = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
  for (guint s = 0; s < report->sets->len; s++) {
    const SmResultSet *set = report->sets->pdata[s];
    g_autoptr(GPtrArray) repeats = g_ptr_array_new_with_free_func(g_free);
    for (guint i = 0; i < set->results->len; i++) {
      const SmResultRow *result = set->results->pdata[i];
      SmCellId id = sm_row_id(result->row);
      g_autofree char *machine = sm_row_machine(result->row);
      id.host = machine; /* a hand-made table's machine counts as its host */
      char *key = sm_cell_id_key(&id, SM_AXES_CELL | SM_AXIS_HOST);
      Placed *earlier = g_hash_table_lookup(placed, key);
      if (earlier == NULL) {
        Placed *place = g_new0(Placed, 1);
        *place = (Placed){report->results->len, set->name, result->line};
        g_hash_table_insert(placed, key, place);
        g_ptr_array_add(report->results, (gpointer)result);
        continue;
      }
      Repeats *rep = NULL;
      for (guint r = 0; r < repeats->len && rep == NULL; r++)
        if (strcmp(((Repeats *)repeats->pdata[r])->earlier, earlier->file) == 0)
          rep = repeats->pdata[r];
      if (rep == NULL) {
        rep = g_new0(Repeats, 1);
        *rep = (Repeats){earlier->file, 0, result->line, earlier->line};
        g_ptr_array_add(repeats, rep);
      }
      rep->count++;
      report->results->pdata[earlier->index] = (gpointer)result;
      earlier->file = set->name;
      earlier->line = result->line;
      g_free(key);
    }
    warn_repeats(report, set->name, repeats);
  }
}

SmReport *sm_report_build(GPtrArray *sets)
{
  SmReport *report = sm_report_build_with(sets, NULL, NULL);
  g_assert(report != NULL); /* only a baseline host can fail */
  return report;
}

SmReport *sm_report_build_with(GPtrArray *sets, const char *baseline_host, GError **error)
{
  return sm_report_build_with_ct(sets, baseline_host, NULL, error);
}

SmReport *sm_report_build_with_ct(GPtrArray *sets, const char *baseline_host, SmCtSet *ct,
                                  GError **error)
{
  SmReport *report = g_new0(SmReport, 1);
  report->ct = ct;
  report->sets = sets;
  report->results = g_ptr_array_new();
  report->warnings = g_ptr_array_new_with_free_func(g_free);
  report->sections = g_ptr_array_new_with_free_func((GDestroyNotify)section_free);
  report->charts = g_ptr_array_new_with_free_func((GDestroyNotify)sm_chart_free);
  report->thread_charts = g_ptr_array_new_with_free_func((GDestroyNotify)sm_chart_free);
  merge_rows(report);
  if (!sm_report_machines_build(report->results, baseline_host, &report->machines, error)) {
    sm_report_free(report);
    return NULL;
  }

  Context ctx = {.report = report};
  ctx.algorithm_order = g_hash_table_new(g_str_hash, g_str_equal);
  UniqueList hosts;
  unique_init(&hosts);
  for (guint i = 0; i < report->results->len; i++) {
    const SmRow *row = row_of(report->results->pdata[i]);
    g_autofree char *machine = sm_row_machine(row);
    unique_add(&hosts, machine);
    if (!g_hash_table_contains(ctx.algorithm_order, row->algorithm))
      g_hash_table_insert(ctx.algorithm_order, row->algorithm,
                          GUINT_TO_POINTER(g_hash_table_size(ctx.algorithm_order) + 1));
  }
  ctx.multi_host = hosts.items->len > 1;
  unique_clear(&hosts);
  ctx.plain = plain_rows(&ctx);

  g_ptr_array_add(report->sections, summary_section(&ctx));
  g_ptr_array_add(report->sections, runs_section(&ctx));
  g_ptr_array_add(report->sections, winners_section(&ctx));
  SmReportSection *sizes = sizes_section(&ctx);
  if (sizes != NULL)
    g_ptr_array_add(report->sections, sizes);
  g_ptr_array_add(report->sections, gap_bulk_section(&ctx));
  SmReportSection *optional[] = {gap_public_key_section(&ctx),
                                 NULL,
                                 report->machines ? sm_report_machines_section(report->machines)
                                                  : NULL,
                                 accel_section(&ctx),
                                 parallel_section(&ctx),
                                 threads_section(&ctx),
                                 not_ok_section(&ctx)};
  build_charts(&ctx);
  build_thread_charts(&ctx);
  /* The charts' place in the page: a section without a table. */
  optional[1] = section_new("charts", "Throughput by block size",
                            g_strdup("One chart per algorithm: bulk kinds as throughput (MB/s) "
                                     "against block size on a log2 axis, public-key kinds as "
                                     "operations per second. Dashed: the second operation "
                                     "(decrypt, verify)."));
  for (size_t i = 0; i < G_N_ELEMENTS(optional); i++)
    if (optional[i] != NULL)
      g_ptr_array_add(report->sections, optional[i]);
  g_ptr_array_add(report->sections,
                  section_new("units", "Units",
                              g_strdup("Files hold base units: bytes per second in base 10, "
                                       "operations per second, seconds. This report shows MB/s "
                                       "= 10^6 bytes/s. Every figure is the median of the "
                                       "cell's samples; spread is their median absolute "
                                       "deviation over the median.")));
  g_hash_table_unref(ctx.algorithm_order);
  g_ptr_array_unref(ctx.plain);
  return report;
}

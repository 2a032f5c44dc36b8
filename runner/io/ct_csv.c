#include "io/ct_csv.h"

#include "core/catalog.h"
#include "core/util.h"
#include "io/csv.h"
#include "io/results.h"

#include <string.h>

static const char *const verdict_names[SM_CT_VERDICT_COUNT] = {"clean", "secret-dependent",
                                                               "not-checked"};

const char *sm_ct_verdict_name(SmCtVerdict verdict) { return verdict_names[verdict]; }

bool sm_ct_verdict_parse(const char *name, SmCtVerdict *verdict)
{
  for (int v = 0; v < SM_CT_VERDICT_COUNT; v++)
    if (strcmp(name, verdict_names[v]) == 0) {
      *verdict = (SmCtVerdict)v;
      return true;
    }
  return false;
}

SmCtRecord *sm_ct_record_new(SmRow *row)
{
  SmCtRecord *record = g_new0(SmCtRecord, 1);
  record->row = row;
  record->verdict = SM_CT_NOT_CHECKED;
  record->dudect_t = NAN;
  return record;
}

void sm_ct_record_free(SmCtRecord *record)
{
  if (record == NULL)
    return;
  sm_row_free(record->row);
  g_free(record->detail);
  g_free(record->first_function);
  g_free(record->impl);
  g_free(record->impl_matches_run);
  g_free(record);
}

const char *sm_ct_dudect_verdict(const SmCtRecord *record)
{
  if (isnan(record->dudect_t))
    return NULL;
  return fabs(record->dudect_t) > SM_DUDECT_THRESHOLD ? "leak-indicated" : "none-seen";
}

/* ---- columns: one table for the header, the writer and the reader ---- */

typedef void (*FormatFn)(const SmCtRecord *r, GString *out);

static void put(GString *o, const char *text) { sm_csv_append_field(o, text != NULL ? text : ""); }
static void put_count(GString *o, const SmCtRecord *r, guint count)
{
  if (r->verdict != SM_CT_NOT_CHECKED)
    g_string_append_printf(o, "%u", count);
}

static void f_secret_data(const SmCtRecord *r, GString *o) { put(o, r->secret_data ? "1" : "0"); }
static void f_verdict(const SmCtRecord *r, GString *o) { put(o, sm_ct_verdict_name(r->verdict)); }
static void f_detail(const SmCtRecord *r, GString *o) { put(o, r->detail); }
static void f_bs(const SmCtRecord *r, GString *o) { put_count(o, r, r->branches_setup); }
static void f_is(const SmCtRecord *r, GString *o) { put_count(o, r, r->indexes_setup); }
static void f_bo(const SmCtRecord *r, GString *o) { put_count(o, r, r->branches_op); }
static void f_io(const SmCtRecord *r, GString *o) { put_count(o, r, r->indexes_op); }
static void f_first(const SmCtRecord *r, GString *o) { put(o, r->first_function); }
static void f_impl(const SmCtRecord *r, GString *o) { put(o, r->impl); }
static void f_matches(const SmCtRecord *r, GString *o) { put(o, r->impl_matches_run); }
static void f_dudect_t(const SmCtRecord *r, GString *o)
{
  if (!isnan(r->dudect_t))
    g_string_append_printf(o, "%.2f", r->dudect_t);
}
static void f_dudect_samples(const SmCtRecord *r, GString *o)
{
  if (!isnan(r->dudect_t))
    g_string_append_printf(o, "%" G_GUINT64_FORMAT, r->dudect_samples);
}
static void f_dudect_threshold(const SmCtRecord *r, GString *o)
{
  if (!isnan(r->dudect_t))
    g_string_append_printf(o, "%.1f", SM_DUDECT_THRESHOLD);
}
static void f_dudect_verdict(const SmCtRecord *r, GString *o) { put(o, sm_ct_dudect_verdict(r)); }

/* A column without a format is the cell's own: the results CSV's column of that name, of
 * record->row, so both files write a cell the same way. */
static const struct {
  const char *name;
  FormatFn format;
} columns[] = {
    {"timestamp", NULL},
    {"host", NULL},
    {"cpu_model", NULL},
    {"engine", NULL},
    {"engine_version", NULL},
    {"algorithm", NULL},
    {"kind", NULL},
    {"operation", NULL},
    {"api", NULL},
    {"block_size", NULL},
    {"accel", NULL},
    {"parallel", NULL},
    {"seed", NULL},
    {"secret_data", f_secret_data},
    {"ct_verdict", f_verdict},
    {"ct_detail", f_detail},
    {"ct_branches_setup", f_bs},
    {"ct_indexes_setup", f_is},
    {"ct_branches_op", f_bo},
    {"ct_indexes_op", f_io},
    {"ct_first_function", f_first},
    {"ct_impl", f_impl},
    {"ct_impl_matches_run", f_matches},
    {"dudect_t", f_dudect_t},
    {"dudect_samples", f_dudect_samples},
    {"dudect_threshold", f_dudect_threshold},
    {"dudect_verdict", f_dudect_verdict},
};

static void ct_field(size_t column, gconstpointer record, GString *out)
{
  const SmCtRecord *r = record;
  if (columns[column].format != NULL)
    columns[column].format(r, out);
  else
    sm_csv_row_column(columns[column].name, r->row, out);
}

char *sm_ct_csv_header(void)
{
  return sm_csv_names(columns, G_N_ELEMENTS(columns), sizeof columns[0]);
}

char *sm_ct_csv_format(const SmCtRecord *record)
{
  return sm_csv_line(G_N_ELEMENTS(columns), ct_field, record);
}

/* ---- reading ---- */

void sm_ct_set_free(SmCtSet *set)
{
  if (set == NULL)
    return;
  g_free(set->name);
  g_hash_table_unref(set->by_cell);
  g_ptr_array_unref(set->records);
  g_free(set);
}

/* The columns a reader needs; the others (timestamp, dudect) are optional. */
static const char *const required[] = {"engine",    "algorithm", "kind",
                                       "operation", "api",       "ct_verdict"};

typedef struct {
  GPtrArray *fields;
  GHashTable *index; /* column name -> position + 1 */
} Line;

static const char *field(const Line *l, const char *name)
{
  guint at = GPOINTER_TO_UINT(g_hash_table_lookup(l->index, name));
  return at > 0 && at <= l->fields->len ? l->fields->pdata[at - 1] : "";
}

static guint count_of(const Line *l, const char *name)
{
  return (guint)g_ascii_strtoull(field(l, name), NULL, 10);
}

static char *dup_nonempty(const char *text) { return text[0] != '\0' ? g_strdup(text) : NULL; }

static SmCtRecord *parse_line(const char *name, guint line, const Line *l, GError **error)
{
  SmKind kind;
  SmOp op;
  SmApi api;
  SmCtVerdict verdict;
  if (!sm_kind_parse(field(l, "kind"), &kind) || !sm_op_parse(field(l, "operation"), &op) ||
      !sm_api_parse(field(l, "api"), &api) ||
      !sm_ct_verdict_parse(field(l, "ct_verdict"), &verdict)) {
    g_set_error(error, SM_ERROR, SM_ERROR_INPUT,
                "%s:%u: bad kind, operation, api or ct_verdict (valid verdicts: clean, "
                "secret-dependent, not-checked)",
                name, line);
    return NULL;
  }
  SmRow *row = sm_row_new(field(l, "engine"), field(l, "engine_version"), field(l, "algorithm"),
                          kind, field(l, "host"), field(l, "cpu_model"),
                          g_ascii_strtoull(field(l, "seed"), NULL, 10));
  g_free(row->timestamp);
  row->timestamp = g_strdup(field(l, "timestamp"));
  row->operation = op;
  row->api = api;
  row->block_size = (guint)g_ascii_strtoull(field(l, "block_size"), NULL, 10);
  row->accel = strcmp(field(l, "accel"), "off") == 0 ? SM_ACCEL_OFF : SM_ACCEL_ON;
  row->parallel = MAX(1u, (guint)g_ascii_strtoull(field(l, "parallel"), NULL, 10));
  SmCtRecord *r = sm_ct_record_new(row);
  r->secret_data = strcmp(field(l, "secret_data"), "1") == 0;
  r->verdict = verdict;
  r->detail = dup_nonempty(field(l, "ct_detail"));
  r->branches_setup = count_of(l, "ct_branches_setup");
  r->indexes_setup = count_of(l, "ct_indexes_setup");
  r->branches_op = count_of(l, "ct_branches_op");
  r->indexes_op = count_of(l, "ct_indexes_op");
  r->first_function = dup_nonempty(field(l, "ct_first_function"));
  r->impl = dup_nonempty(field(l, "ct_impl"));
  r->impl_matches_run = dup_nonempty(field(l, "ct_impl_matches_run"));
  const char *t = field(l, "dudect_t");
  if (t[0] != '\0') {
    r->dudect_t = g_ascii_strtod(t, NULL);
    r->dudect_samples = g_ascii_strtoull(field(l, "dudect_samples"), NULL, 10);
  }
  return r;
}

SmCtSet *sm_ct_set_parse(const char *name, const char *text, gsize len, GError **error)
{
  g_autoptr(GPtrArray) records = sm_csv_read_records(name, text, len, error);
  if (records == NULL)
    return NULL;
  if (records->len == 0) {
    g_set_error(error, SM_ERROR, SM_ERROR_INPUT, "%s: empty file (no header row)", name);
    return NULL;
  }
  GPtrArray *header = records->pdata[0];
  g_autoptr(GHashTable) index = g_hash_table_new(g_str_hash, g_str_equal);
  for (guint i = 0; i < header->len; i++)
    g_hash_table_insert(index, header->pdata[i], GUINT_TO_POINTER(i + 1));
  for (size_t i = 0; i < G_N_ELEMENTS(required); i++)
    if (!g_hash_table_contains(index, required[i])) {
      g_set_error(error, SM_ERROR, SM_ERROR_INPUT,
                  "%s:1: missing column \"%s\" (not a speedmatrix ct file)", name, required[i]);
      return NULL;
    }
  g_autoptr(SmCtSet) set = g_new0(SmCtSet, 1);
  set->name = g_strdup(name);
  set->records = g_ptr_array_new_with_free_func((GDestroyNotify)sm_ct_record_free);
  set->by_cell = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  /* README "CSV": a file holds each cell of a run once, ct's as the others. */
  g_autoptr(GHashTable) rows = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 1; i < records->len; i++) {
    Line l = {.fields = records->pdata[i], .index = index};
    if (l.fields->len != header->len) {
      g_set_error(error, SM_ERROR, SM_ERROR_INPUT, "%s: row %u: %u fields, but the header has %u",
                  name, i + 1, l.fields->len, header->len);
      return NULL;
    }
    SmCtRecord *r = parse_line(name, i + 1, &l, error);
    if (r == NULL)
      return NULL;
    g_ptr_array_add(set->records, r);
    char *once = sm_results_cell_key(r->row);
    guint first = GPOINTER_TO_UINT(g_hash_table_lookup(rows, once));
    if (first != 0) {
      g_free(once);
      sm_results_cell_twice(error, name, i + 1, first, r->row);
      return NULL;
    }
    g_hash_table_insert(rows, once, GUINT_TO_POINTER(i + 1));
    SmCellId id = sm_row_id(r->row);
    g_hash_table_replace(set->by_cell, sm_cell_id_key(&id, SM_AXES_CELL), r);
  }
  return g_steal_pointer(&set);
}

SmCtSet *sm_ct_set_read(const char *path, GError **error)
{
  gsize len = 0;
  g_autofree char *text = sm_read_bounded(path, 256 * 1024 * 1024, &len, error);
  return text != NULL ? sm_ct_set_parse(path, text, len, error) : NULL;
}

const SmCtRecord *sm_ct_set_find(const SmCtSet *set, const SmCellId *id)
{
  g_autofree char *key = sm_cell_id_key(id, SM_AXES_CELL);
  return g_hash_table_lookup(set->by_cell, key);
}

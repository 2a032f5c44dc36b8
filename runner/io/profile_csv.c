#include "io/profile_csv.h"

#include "core/catalog.h"
#include "core/util.h"
#include "io/csv.h"
#include "io/results.h"

#include <string.h>

static const char *const status_names[SM_PROFILE_STATUS_COUNT] = {"profiled", "not-profiled",
                                                                  "failed"};

const char *sm_profile_status_name(SmProfileStatus status) { return status_names[status]; }

bool sm_profile_status_parse(const char *name, SmProfileStatus *status)
{
  for (int s = 0; s < SM_PROFILE_STATUS_COUNT; s++)
    if (strcmp(name, status_names[s]) == 0) {
      *status = (SmProfileStatus)s;
      return true;
    }
  return false;
}

SmProfileFunction *sm_profile_function_new(const char *function, const char *library)
{
  SmProfileFunction *f = g_new0(SmProfileFunction, 1);
  f->function = g_strdup(function);
  f->library = g_strdup(library != NULL ? library : "");
  return f;
}

void sm_profile_function_free(SmProfileFunction *function)
{
  if (function == NULL)
    return;
  g_free(function->function);
  g_free(function->library);
  g_free(function);
}

SmProfileRecord *sm_profile_record_new(SmRow *row)
{
  SmProfileRecord *record = g_new0(SmProfileRecord, 1);
  record->row = row;
  record->status = SM_PROFILE_NOT_PROFILED;
  record->top = g_ptr_array_new_with_free_func((GDestroyNotify)sm_profile_function_free);
  return record;
}

void sm_profile_record_free(SmProfileRecord *record)
{
  if (record == NULL)
    return;
  sm_row_free(record->row);
  g_free(record->detail);
  g_free(record->tool);
  g_free(record->impl);
  g_free(record->impl_matches_run);
  g_ptr_array_unref(record->top);
  g_free(record->explanation);
  g_free(record);
}

/* ---- the top_functions field ---- */

/* The characters that separate the field's parts, and '%' itself, are written as %XX. */
static void append_escaped(GString *out, const char *name)
{
  for (const unsigned char *c = (const unsigned char *)name; *c; c++) {
    if (*c == '%' || *c == ';' || *c == '@' || *c <= ' ' || *c == 0x7f)
      g_string_append_printf(out, "%%%02X", *c);
    else
      g_string_append_c(out, (char)*c);
  }
}

char *sm_profile_top_format(const GPtrArray *top)
{
  GString *out = g_string_new(NULL);
  for (guint i = 0; i < top->len; i++) {
    const SmProfileFunction *f = top->pdata[i];
    if (i > 0)
      g_string_append_c(out, ';');
    append_escaped(out, f->function);
    g_string_append_c(out, '@');
    append_escaped(out, f->library);
    char self[G_ASCII_DTOSTR_BUF_SIZE], incl[G_ASCII_DTOSTR_BUF_SIZE],
        per_op[G_ASCII_DTOSTR_BUF_SIZE];
    g_string_append_printf(out, " %s %s %s",
                           g_ascii_formatd(self, sizeof self, "%.4f", f->self_share),
                           g_ascii_formatd(incl, sizeof incl, "%.4f", f->inclusive_share),
                           g_ascii_formatd(per_op, sizeof per_op, "%.1f", f->self_per_op));
  }
  return g_string_free(out, FALSE);
}

static bool parse_number(const char *text, double *value)
{
  char *end = NULL;
  *value = g_ascii_strtod(text, &end);
  return end != text && *end == '\0';
}

static SmProfileFunction *parse_entry(const char *entry)
{
  g_auto(GStrv) parts = g_strsplit(entry, " ", -1);
  if (g_strv_length(parts) != 4)
    return NULL;
  const char *at = strchr(parts[0], '@');
  if (at == NULL || at == parts[0])
    return NULL;
  g_autofree char *function_text = g_strndup(parts[0], (gsize)(at - parts[0]));
  g_autofree char *function = g_uri_unescape_string(function_text, NULL);
  g_autofree char *library = g_uri_unescape_string(at + 1, NULL);
  SmProfileFunction f = {0};
  if (function == NULL || library == NULL || strchr(at + 1, '@') != NULL ||
      !parse_number(parts[1], &f.self_share) || !parse_number(parts[2], &f.inclusive_share) ||
      !parse_number(parts[3], &f.self_per_op))
    return NULL;
  SmProfileFunction *out = sm_profile_function_new(function, library);
  out->self_share = f.self_share;
  out->inclusive_share = f.inclusive_share;
  out->self_per_op = f.self_per_op;
  return out;
}

GPtrArray *sm_profile_top_parse(const char *text)
{
  g_autoptr(GPtrArray) top =
      g_ptr_array_new_with_free_func((GDestroyNotify)sm_profile_function_free);
  if (text[0] == '\0')
    return g_steal_pointer(&top);
  g_auto(GStrv) entries = g_strsplit(text, ";", -1);
  for (char **e = entries; *e; e++) {
    SmProfileFunction *f = parse_entry(*e);
    if (f == NULL)
      return NULL;
    g_ptr_array_add(top, f);
  }
  return g_steal_pointer(&top);
}

/* ---- columns: one table for the header, the writer and the reader ---- */

typedef void (*FormatFn)(const SmProfileRecord *r, GString *out);

static void put(GString *o, const char *text) { sm_csv_append_field(o, text != NULL ? text : ""); }
static bool counted(const SmProfileRecord *r) { return r->status == SM_PROFILE_PROFILED; }

static void f_status(const SmProfileRecord *r, GString *o)
{
  put(o, sm_profile_status_name(r->status));
}
static void f_detail(const SmProfileRecord *r, GString *o) { put(o, r->detail); }
static void f_tool(const SmProfileRecord *r, GString *o) { put(o, r->tool); }
static void f_ops(const SmProfileRecord *r, GString *o)
{
  if (counted(r))
    g_string_append_printf(o, "%" G_GUINT64_FORMAT, r->ops);
}
static void put_double(const SmProfileRecord *r, GString *o, const char *format, double value)
{
  char text[G_ASCII_DTOSTR_BUF_SIZE];
  if (counted(r))
    g_string_append(o, g_ascii_formatd(text, sizeof text, format, value));
}
static void f_ipo(const SmProfileRecord *r, GString *o)
{
  put_double(r, o, "%.1f", r->instructions_per_op);
}
static void f_setup(const SmProfileRecord *r, GString *o)
{
  if (counted(r))
    g_string_append_printf(o, "%" G_GUINT64_FORMAT, r->setup_instructions);
}
static void f_syscalls(const SmProfileRecord *r, GString *o)
{
  put_double(r, o, "%.3f", r->syscalls_per_op);
}
static void f_impl(const SmProfileRecord *r, GString *o) { put(o, r->impl); }
static void f_matches(const SmProfileRecord *r, GString *o) { put(o, r->impl_matches_run); }
static void f_top(const SmProfileRecord *r, GString *o)
{
  g_autofree char *text = sm_profile_top_format(r->top);
  put(o, text);
}
static void f_explanation(const SmProfileRecord *r, GString *o) { put(o, r->explanation); }

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
    {"threads", NULL},
    {"context", NULL},
    {"seed", NULL},
    {"library_path", NULL},
    {"library_version", NULL},
    {"status", f_status},
    {"detail", f_detail},
    {"tool", f_tool},
    {"ops", f_ops},
    {"instructions_per_op", f_ipo},
    {"setup_instructions", f_setup},
    {"syscalls_per_op", f_syscalls},
    {"impl", f_impl},
    {"impl_matches_run", f_matches},
    {"top_functions", f_top},
    {"explanation", f_explanation},
};

static void profile_field(size_t column, gconstpointer record, GString *out)
{
  const SmProfileRecord *r = record;
  if (columns[column].format != NULL)
    columns[column].format(r, out);
  else
    sm_csv_row_column(columns[column].name, r->row, out);
}

char *sm_profile_csv_header(void)
{
  return sm_csv_names(columns, G_N_ELEMENTS(columns), sizeof columns[0]);
}

char *sm_profile_csv_format(const SmProfileRecord *record)
{
  return sm_csv_line(G_N_ELEMENTS(columns), profile_field, record);
}

bool sm_profile_csv_is_header(const char *line)
{
  g_autofree char *copy = g_strndup(line, strcspn(line, "\r\n"));
  g_auto(GStrv) names = g_strsplit(copy, ",", -1);
  return g_strv_contains((const char *const *)names, "instructions_per_op") &&
         g_strv_contains((const char *const *)names, "top_functions");
}

/* ---- reading ---- */

void sm_profile_set_free(SmProfileSet *set)
{
  if (set == NULL)
    return;
  g_free(set->name);
  g_hash_table_unref(set->by_cell);
  g_ptr_array_unref(set->records);
  g_free(set);
}

/* The columns a reader needs; the others are optional. */
static const char *const required[] = {"engine", "algorithm",          "kind", "operation", "api",
                                       "status", "instructions_per_op"};

typedef struct {
  GPtrArray *fields;
  GHashTable *index; /* column name -> position + 1 */
} Line;

static const char *field(const Line *l, const char *name)
{
  guint at = GPOINTER_TO_UINT(g_hash_table_lookup(l->index, name));
  return at > 0 && at <= l->fields->len ? l->fields->pdata[at - 1] : "";
}

static guint64 count_of(const Line *l, const char *name)
{
  return g_ascii_strtoull(field(l, name), NULL, 10);
}

static char *dup_nonempty(const char *text) { return text[0] != '\0' ? g_strdup(text) : NULL; }

static bool bad(GError **error, const char *name, guint line, const char *what)
{
  g_set_error(error, SM_ERROR, SM_ERROR_INPUT, "%s:%u: %s", name, line, what);
  return false;
}

/* The figures of a profiled cell: each a number. */
static bool parse_figures(const char *name, guint line, const Line *l, SmProfileRecord *r,
                          GError **error)
{
  if (r->status != SM_PROFILE_PROFILED)
    return true;
  if (!parse_number(field(l, "instructions_per_op"), &r->instructions_per_op) ||
      !parse_number(field(l, "syscalls_per_op")[0] ? field(l, "syscalls_per_op") : "0",
                    &r->syscalls_per_op))
    return bad(error, name, line, "a profiled cell without a number in instructions_per_op");
  r->ops = count_of(l, "ops");
  r->setup_instructions = count_of(l, "setup_instructions");
  return true;
}

static SmProfileRecord *parse_line(const char *name, guint line, const Line *l, GError **error)
{
  SmKind kind;
  SmOp op;
  SmApi api;
  SmProfileStatus status;
  bool per_message = false;
  const char *context = field(l, "context");
  if (!sm_kind_parse(field(l, "kind"), &kind) || !sm_op_parse(field(l, "operation"), &op) ||
      !sm_api_parse(field(l, "api"), &api) ||
      (context[0] != '\0' && !sm_context_parse(context, &per_message)) ||
      !sm_profile_status_parse(field(l, "status"), &status)) {
    bad(error, name, line,
        "bad kind, operation, api, context or status (valid statuses: profiled, not-profiled, "
        "failed)");
    return NULL;
  }
  SmRow *row = sm_row_new(field(l, "engine"), field(l, "engine_version"), field(l, "algorithm"),
                          kind, field(l, "host"), field(l, "cpu_model"),
                          g_ascii_strtoull(field(l, "seed"), NULL, 10));
  g_autoptr(SmProfileRecord) r = sm_profile_record_new(row);
  g_free(row->timestamp);
  row->timestamp = g_strdup(field(l, "timestamp"));
  row->operation = op;
  row->api = api;
  row->block_size = (guint)count_of(l, "block_size");
  row->accel = strcmp(field(l, "accel"), "off") == 0 ? SM_ACCEL_OFF : SM_ACCEL_ON;
  row->parallel = MAX(1u, (guint)count_of(l, "parallel"));
  row->threads = MAX(1u, (guint)count_of(l, "threads"));
  row->per_message = per_message;
  row->library_path = dup_nonempty(field(l, "library_path"));
  row->library_version = dup_nonempty(field(l, "library_version"));
  r->status = status;
  r->detail = dup_nonempty(field(l, "detail"));
  r->tool = dup_nonempty(field(l, "tool"));
  r->impl = dup_nonempty(field(l, "impl"));
  r->impl_matches_run = dup_nonempty(field(l, "impl_matches_run"));
  r->explanation = dup_nonempty(field(l, "explanation"));
  if (!parse_figures(name, line, l, r, error))
    return NULL;
  GPtrArray *top = sm_profile_top_parse(field(l, "top_functions"));
  if (top == NULL) {
    bad(error, name, line,
        "bad top_functions (entries \"FUNCTION@LIBRARY SELF INCLUSIVE PER_OP\" joined by ';')");
    return NULL;
  }
  g_ptr_array_unref(r->top);
  r->top = top;
  return g_steal_pointer(&r);
}

SmProfileSet *sm_profile_set_parse(const char *name, const char *text, gsize len, GError **error)
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
                  "%s:1: missing column \"%s\" (not a speedmatrix profile file)", name,
                  required[i]);
      return NULL;
    }
  g_autoptr(SmProfileSet) set = g_new0(SmProfileSet, 1);
  set->name = g_strdup(name);
  set->records = g_ptr_array_new_with_free_func((GDestroyNotify)sm_profile_record_free);
  set->by_cell = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 1; i < records->len; i++) {
    Line l = {.fields = records->pdata[i], .index = index};
    if (l.fields->len != header->len) {
      g_set_error(error, SM_ERROR, SM_ERROR_INPUT, "%s:%u: %u fields, but the header has %u", name,
                  i + 1, l.fields->len, header->len);
      return NULL;
    }
    SmProfileRecord *r = parse_line(name, i + 1, &l, error);
    if (r == NULL)
      return NULL;
    g_ptr_array_add(set->records, r);
    SmCellId id = sm_row_id(r->row);
    g_hash_table_replace(set->by_cell, sm_cell_id_key(&id, SM_AXES_CELL), r);
  }
  return g_steal_pointer(&set);
}

SmProfileSet *sm_profile_set_read(const char *path, GError **error)
{
  gsize len = 0;
  g_autofree char *text = sm_read_bounded(path, 256 * 1024 * 1024, &len, error);
  return text != NULL ? sm_profile_set_parse(path, text, len, error) : NULL;
}

const SmProfileRecord *sm_profile_set_find(const SmProfileSet *set, const SmCellId *id)
{
  g_autofree char *key = sm_cell_id_key(id, SM_AXES_CELL);
  return g_hash_table_lookup(set->by_cell, key);
}

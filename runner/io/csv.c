#include "io/csv.h"

#include "io/output.h"
#include "io/results.h"

#include "core/catalog.h"
#include "core/util.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

struct SmCsvWriter {
  FILE *file;
  char *path;
  bool owned;
  const char *eol; /* CRLF as RFC 4180 asks; an appended file keeps the line ends it has */
  bool failed;     /* a write failed: nothing more is written */
};

typedef void (*FormatFn)(const SmRow *row, GString *out);

static void put(GString *out, const char *text) { sm_csv_append_field(out, text ? text : ""); }
static void put_figure(GString *out, const SmRow *row, const char *format, double value)
{
  if (row->status == SM_STATUS_OK)
    g_string_append_printf(out, format, value);
}

static void f_timestamp(const SmRow *r, GString *o) { put(o, r->timestamp); }
static void f_host(const SmRow *r, GString *o) { put(o, r->host); }
static void f_cpu_model(const SmRow *r, GString *o) { put(o, r->cpu_model); }
static void f_engine(const SmRow *r, GString *o) { put(o, r->engine); }
static void f_engine_version(const SmRow *r, GString *o) { put(o, r->engine_version); }
static void f_algorithm(const SmRow *r, GString *o) { put(o, r->algorithm); }
static void f_kind(const SmRow *r, GString *o) { put(o, sm_kind_name(r->kind)); }
static void f_operation(const SmRow *r, GString *o) { put(o, sm_op_name(r->operation)); }
static void f_api(const SmRow *r, GString *o) { put(o, sm_api_name(r->api)); }
static void f_block_size(const SmRow *r, GString *o)
{
  if (r->block_size > 0)
    g_string_append_printf(o, "%u", r->block_size);
}
static void f_ops(const SmRow *r, GString *o) { put_figure(o, r, "%.2f", r->ops_per_sec); }
static void f_bytes(const SmRow *r, GString *o)
{
  if (r->block_size > 0)
    put_figure(o, r, "%.0f", r->bytes_per_sec);
}
static void f_samples(const SmRow *r, GString *o)
{
  if (r->status == SM_STATUS_OK)
    g_string_append_printf(o, "%zu", r->stats.count);
}
/* Figures only a measurement has: an imported row (one printed number) leaves them empty. */
static void put_measured(GString *out, const SmRow *row, const char *format, double value)
{
  if (row->source == NULL)
    put_figure(out, row, format, value);
}

static void f_spread(const SmRow *r, GString *o) { put_measured(o, r, "%.4f", sm_row_spread(r)); }
static void f_status(const SmRow *r, GString *o) { put(o, sm_status_name(r->status)); }
static void f_detail(const SmRow *r, GString *o) { put(o, r->detail); }
static void f_seed(const SmRow *r, GString *o)
{
  if (r->source == NULL)
    g_string_append_printf(o, "%" G_GUINT64_FORMAT, r->seed);
}
static void f_accel(const SmRow *r, GString *o) { put(o, r->accel == SM_ACCEL_OFF ? "off" : "on"); }
static void f_parallel(const SmRow *r, GString *o) { g_string_append_printf(o, "%u", r->parallel); }
static void f_threads(const SmRow *r, GString *o)
{
  g_string_append_printf(o, "%u", MAX(r->threads, 1u));
}
static void f_context(const SmRow *r, GString *o) { put(o, sm_context_name(r->per_message)); }
static void f_lock_waits(const SmRow *r, GString *o)
{
  if (r->status == SM_STATUS_OK && r->has_lock_waits)
    g_string_append_printf(o, "%" G_GUINT64_FORMAT, r->lock_waits);
}
static void f_cv(const SmRow *r, GString *o) { put_measured(o, r, "%.4f", r->stats.cv); }
static void f_min(const SmRow *r, GString *o) { put_measured(o, r, "%.2f", r->stats.min); }
static void f_max(const SmRow *r, GString *o) { put_measured(o, r, "%.2f", r->stats.max); }
static void f_schema(const SmRow *r, GString *o)
{
  (void)r;
  g_string_append_printf(o, "%d", SM_CSV_SCHEMA_VERSION);
}
static void f_source(const SmRow *r, GString *o) { put(o, r->source); }
static void f_mad(const SmRow *r, GString *o) { put_measured(o, r, "%.2f", r->stats.mad); }
static void f_outliers(const SmRow *r, GString *o)
{
  if (r->status == SM_STATUS_OK && r->source == NULL)
    g_string_append_printf(o, "%zu", r->stats.outliers);
}
static void f_budget(const SmRow *r, GString *o)
{
  if (r->status == SM_STATUS_OK && r->source == NULL)
    g_string_append(o, r->budget_hit ? "1" : "0");
}
static void f_accel_detail(const SmRow *r, GString *o) { put(o, r->accel_detail); }
static void put_positive(GString *o, const SmRow *r, const char *format, double value)
{
  if (value > 0)
    put_figure(o, r, format, value);
}
static void f_per_worker(const SmRow *r, GString *o)
{
  put_positive(o, r, "%.2f", r->per_worker_ops_per_sec);
}
static void f_single(const SmRow *r, GString *o)
{
  put_positive(o, r, "%.2f", r->single_ops_per_sec);
}
static void f_efficiency(const SmRow *r, GString *o)
{
  put_positive(o, r, "%.4f", r->scaling_efficiency);
}
static void f_efficiency_low(const SmRow *r, GString *o)
{
  put_positive(o, r, "%.4f", r->efficiency_low);
}
static void f_efficiency_high(const SmRow *r, GString *o)
{
  put_positive(o, r, "%.4f", r->efficiency_high);
}
static void f_cycles_op(const SmRow *r, GString *o)
{
  put_positive(o, r, "%.1f", r->cycles_per_op);
}
static void f_cycles_byte(const SmRow *r, GString *o)
{
  put_positive(o, r, "%.4f", r->cycles_per_byte);
}
static void f_cycles_source(const SmRow *r, GString *o) { put(o, r->cycles_source); }
static void f_slope(const SmRow *r, GString *o)
{
  if (r->has_fit)
    g_string_append_printf(o, "%.6f", r->slope_ns_per_byte);
}
static void f_intercept(const SmRow *r, GString *o)
{
  if (r->has_fit)
    g_string_append_printf(o, "%.2f", r->intercept_ns_per_call);
}

static void f_passes(const SmRow *r, GString *o)
{
  if (r->status == SM_STATUS_OK && r->passes > 0)
    g_string_append_printf(o, "%u", r->passes);
}
static void f_passes_kept(const SmRow *r, GString *o)
{
  if (r->status == SM_STATUS_OK && r->passes > 0)
    g_string_append_printf(o, "%u", r->passes_kept);
}
static void f_estimator(const SmRow *r, GString *o) { put(o, r->estimator); }
static void f_median(const SmRow *r, GString *o)
{
  put_positive(o, r, "%.2f", r->median_ops_per_sec);
}
static void f_ops_low(const SmRow *r, GString *o) { put_positive(o, r, "%.2f", r->ops_low); }
static void f_ops_high(const SmRow *r, GString *o) { put_positive(o, r, "%.2f", r->ops_high); }
/* The ratios to the fastest cell and to the slot's, and their intervals. */
static void put_ratio(GString *o, const SmRow *r, double value)
{
  put_positive(o, r, "%.4f", value);
}
static void f_best(const SmRow *r, GString *o) { put_ratio(o, r, r->ratio_to_best.value); }
static void f_best_low(const SmRow *r, GString *o) { put_ratio(o, r, r->ratio_to_best.low); }
static void f_best_high(const SmRow *r, GString *o) { put_ratio(o, r, r->ratio_to_best.high); }
static void f_slot(const SmRow *r, GString *o) { put_ratio(o, r, r->ratio_to_slot.value); }
static void f_slot_low(const SmRow *r, GString *o) { put_ratio(o, r, r->ratio_to_slot.low); }
static void f_slot_high(const SmRow *r, GString *o) { put_ratio(o, r, r->ratio_to_slot.high); }
static void f_library_path(const SmRow *r, GString *o) { put(o, r->library_path); }
static void f_library_version(const SmRow *r, GString *o) { put(o, r->library_version); }
static void f_emulated(const SmRow *r, GString *o) { put(o, r->emulated); }
static void f_impl(const SmRow *r, GString *o)
{
  if (r->status == SM_STATUS_OK)
    put(o, r->impl);
}
static void f_allocs(const SmRow *r, GString *o)
{
  if (r->has_allocs)
    put_figure(o, r, "%.4f", r->allocs_per_op);
}
static void f_alloc_bytes(const SmRow *r, GString *o)
{
  if (r->has_allocs)
    put_figure(o, r, "%.1f", r->alloc_bytes_per_op);
}
static void f_context_bytes(const SmRow *r, GString *o)
{
  if (r->has_context_bytes && r->status == SM_STATUS_OK)
    g_string_append_printf(o, "%" G_GUINT64_FORMAT, r->context_bytes);
}

static void f_contention(const SmRow *r, GString *o)
{
  if (r->has_contention)
    put_figure(o, r, "%.4f", r->contention);
}
static void f_passes_slow_quiet(const SmRow *r, GString *o)
{
  if (r->has_passes_slow_quiet && r->status == SM_STATUS_OK)
    g_string_append_printf(o, "%u", r->passes_slow_quiet);
}

/* Sizes on the wire, from the catalogue: a property of the algorithm, so every row of a
 * public-key algorithm carries them, whatever its status; empty where not applicable. */
static void put_size(const SmRow *r, GString *o, size_t offset)
{
  const SmAlgInfo *info = sm_catalog_find(r->algorithm);
  unsigned bytes = 0;
  if (info != NULL)
    memcpy(&bytes, (const char *)info + offset, sizeof bytes);
  if (bytes > 0)
    g_string_append_printf(o, "%u", bytes);
}
static void f_public_key_bytes(const SmRow *r, GString *o)
{
  put_size(r, o, offsetof(SmAlgInfo, pub_bytes));
}
static void f_secret_key_bytes(const SmRow *r, GString *o)
{
  put_size(r, o, offsetof(SmAlgInfo, secret_bytes));
}
static void f_signature_bytes(const SmRow *r, GString *o)
{
  put_size(r, o, offsetof(SmAlgInfo, signature_bytes));
}
static void f_ciphertext_bytes(const SmRow *r, GString *o)
{
  put_size(r, o, offsetof(SmAlgInfo, ciphertext_bytes));
}

/* The DESIGN.md columns first, in order; later columns only ever appended. */
static const struct {
  const char *name;
  FormatFn format;
} columns[] = {
    {"timestamp", f_timestamp},
    {"host", f_host},
    {"cpu_model", f_cpu_model},
    {"engine", f_engine},
    {"engine_version", f_engine_version},
    {"algorithm", f_algorithm},
    {"kind", f_kind},
    {"operation", f_operation},
    {"api", f_api},
    {"block_size", f_block_size},
    {"ops_per_sec", f_ops},
    {"bytes_per_sec", f_bytes},
    {"samples", f_samples},
    {"spread", f_spread},
    {"status", f_status},
    {"detail", f_detail},
    {"seed", f_seed},
    {"accel", f_accel},
    {"parallel", f_parallel},
    {"cv", f_cv},
    {"min_ops_per_sec", f_min},
    {"max_ops_per_sec", f_max},
    {"schema_version", f_schema},
    {"source", f_source},
    {"mad_ops_per_sec", f_mad},
    {"outliers", f_outliers},
    {"time_budget_hit", f_budget},
    {"accel_detail", f_accel_detail},
    {"per_worker_ops_per_sec", f_per_worker},
    {"single_worker_ops_per_sec", f_single},
    {"scaling_efficiency", f_efficiency},
    {"cycles_per_op", f_cycles_op},
    {"cycles_per_byte", f_cycles_byte},
    {"cycles_source", f_cycles_source},
    {"slope_ns_per_byte", f_slope},
    {"intercept_ns_per_call", f_intercept},
    {"passes", f_passes},
    {"passes_kept", f_passes_kept},
    {"estimator", f_estimator},
    {"median_ops_per_sec", f_median},
    {"ops_per_sec_low", f_ops_low},
    {"ops_per_sec_high", f_ops_high},
    {"ratio_to_best", f_best},
    {"ratio_to_best_low", f_best_low},
    {"ratio_to_best_high", f_best_high},
    {"ratio_to_slot", f_slot},
    {"ratio_to_slot_low", f_slot_low},
    {"ratio_to_slot_high", f_slot_high},
    {"impl", f_impl},
    {"allocs_per_op", f_allocs},
    {"alloc_bytes_per_op", f_alloc_bytes},
    {"context_bytes", f_context_bytes},
    {"contention", f_contention},
    {"passes_slow_quiet", f_passes_slow_quiet},
    {"library_path", f_library_path},
    {"library_version", f_library_version},
    {"public_key_bytes", f_public_key_bytes},
    {"secret_key_bytes", f_secret_key_bytes},
    {"signature_bytes", f_signature_bytes},
    {"ciphertext_bytes", f_ciphertext_bytes},
    {"threads", f_threads},
    {"context", f_context},
    {"lock_waits", f_lock_waits},
    {"emulated", f_emulated},
    {"scaling_efficiency_low", f_efficiency_low},
    {"scaling_efficiency_high", f_efficiency_high},
};

bool sm_csv_row_column(const char *name, const SmRow *row, GString *out)
{
  for (size_t i = 0; i < G_N_ELEMENTS(columns); i++)
    if (strcmp(columns[i].name, name) == 0) {
      columns[i].format(row, out);
      return true;
    }
  return false;
}

void sm_csv_append_field(GString *out, const char *field)
{
  if (strpbrk(field, ",\"\r\n") == NULL) {
    g_string_append(out, field);
    return;
  }
  g_string_append_c(out, '"');
  for (const char *c = field; *c; c++) {
    if (*c == '"')
      g_string_append_c(out, '"');
    g_string_append_c(out, *c);
  }
  g_string_append_c(out, '"');
}

char *sm_csv_names(gconstpointer table, size_t count, size_t stride)
{
  GString *out = g_string_new(NULL);
  for (size_t i = 0; i < count; i++)
    g_string_append_printf(out, "%s%s", i ? "," : "",
                           *(const char *const *)((const char *)table + i * stride));
  return g_string_free(out, FALSE);
}

char *sm_csv_line(size_t columns, SmCsvFieldFn field, gconstpointer record)
{
  GString *out = g_string_new(NULL);
  for (size_t i = 0; i < columns; i++) {
    if (i > 0)
      g_string_append_c(out, ',');
    field(i, record, out);
  }
  return g_string_free(out, FALSE);
}

static void row_field(size_t column, gconstpointer record, GString *out)
{
  columns[column].format(record, out);
}

char *sm_csv_header(void)
{
  return sm_csv_names(columns, G_N_ELEMENTS(columns), sizeof columns[0]);
}

char *sm_csv_format_row(const SmRow *row)
{
  return sm_csv_line(G_N_ELEMENTS(columns), row_field, row);
}

static bool write_line(SmCsvWriter *writer, const char *line, GError **error)
{
  if (writer->failed) {
    g_set_error(error, SM_ERROR, SM_ERROR_IO, "%s: an earlier write failed", writer->path);
    return false;
  }
  g_autofree char *text = g_strconcat(line, writer->eol, NULL);
  if (!sm_output_append_line(writer->file, text)) {
    writer->failed = true;
    g_set_error(error, SM_ERROR, SM_ERROR_IO, "%s: write failed: %s", writer->path,
                g_strerror(errno));
    return false;
  }
  return true;
}

SmCsvWriter *sm_csv_open(const char *path, GError **error)
{
  return sm_csv_create(path, false, NULL, NULL, error);
}

SmCsvWriter *sm_csv_create(const char *path, bool replace, const char *replace_flag,
                           const char *const *inputs, GError **error)
{
  SmCsvWriter *writer = g_new0(SmCsvWriter, 1);
  writer->eol = "\r\n";
  writer->path = g_strdup(strcmp(path, "-") == 0 ? "standard output" : path);
  if (strcmp(path, "-") == 0) {
    writer->file = stdout;
  } else {
    /* never overwrite an earlier run unless asked */
    writer->file = sm_output_create(path, replace, replace_flag, inputs, error);
    writer->owned = true;
    if (writer->file == NULL) {
      sm_csv_close(writer);
      return NULL;
    }
  }
  g_autofree char *header = sm_csv_header();
  if (!write_line(writer, header, error)) {
    if (writer->owned)
      unlink(path); /* a full disk leaves no empty file behind */
    sm_csv_close(writer);
    return NULL;
  }
  return writer;
}

SmCsvWriter *sm_csv_open_append(const char *path, GError **error)
{
  g_autofree char *text = NULL;
  gsize length = 0;
  if ((text = sm_read_bounded(path, SM_RESULTS_MAX_BYTES, &length, error)) == NULL)
    return NULL;
  g_autofree char *header = sm_csv_header();
  g_autofree char *crlf = g_strdup_printf("%s\r\n", header);
  g_autofree char *lf = g_strdup_printf("%s\n", header);
  bool is_crlf = g_str_has_prefix(text, crlf);
  if (!is_crlf && !g_str_has_prefix(text, lf)) {
    g_set_error(error, SM_ERROR, SM_ERROR_INPUT,
                "%s:1: not a CSV this speedmatrix wrote (its header differs), so it cannot be "
                "resumed",
                path);
    return NULL;
  }
  const char *last = g_strrstr_len(text, (gssize)length, "\n");
  gsize whole = last ? (gsize)(last - text) + 1 : 0;
  if (whole < length && truncate(path, (off_t)whole) != 0) {
    g_set_error(error, SM_ERROR, SM_ERROR_IO, "%s: cannot remove the cut-short last line: %s", path,
                g_strerror(errno));
    return NULL;
  }
  SmCsvWriter *writer = g_new0(SmCsvWriter, 1);
  writer->eol = is_crlf ? "\r\n" : "\n"; /* a file converted to LF stays LF */
  writer->path = g_strdup(path);
  writer->owned = true;
  writer->file = fopen(path, "a");
  if (writer->file == NULL) {
    g_set_error(error, SM_ERROR, SM_ERROR_IO, "%s: cannot append: %s", path, g_strerror(errno));
    sm_csv_close(writer);
    return NULL;
  }
  return writer;
}

bool sm_csv_write(SmCsvWriter *writer, const SmRow *row, GError **error)
{
  g_autofree char *line = sm_csv_format_row(row);
  return write_line(writer, line, error);
}

const char *sm_csv_path(const SmCsvWriter *writer) { return writer->path; }

void sm_csv_close(SmCsvWriter *writer)
{
  if (writer == NULL)
    return;
  if (writer->owned && writer->file != NULL)
    fclose(writer->file);
  g_free(writer->path);
  g_free(writer);
}

#include "io/results.h"

#include "core/catalog.h"
#include "core/cell_id.h"
#include "core/util.h"

#include <math.h>
#include <string.h>

/* A row holds some 40 fields of a few dozen bytes: a field longer than this, or a header with
 * more columns, is not a result file, and keeping it would cost memory out of all proportion
 * (one 50 MB line of commas is 50 million fields). */
#define MAX_FIELD_BYTES (64 * 1024)
#define MAX_COLUMNS 1024

typedef enum {
  C_TIMESTAMP,
  C_HOST,
  C_CPU_MODEL,
  C_ENGINE,
  C_ENGINE_VERSION,
  C_ALGORITHM,
  C_KIND,
  C_OPERATION,
  C_API,
  C_BLOCK_SIZE,
  C_OPS,
  C_BYTES,
  C_SAMPLES,
  C_SPREAD,
  C_STATUS,
  C_DETAIL,
  C_REQUIRED_COUNT, /* the DESIGN.md columns come first */
  C_SEED = C_REQUIRED_COUNT,
  C_ACCEL,
  C_PARALLEL,
  C_CV,
  C_MIN,
  C_MAX,
  C_SCHEMA,
  C_SOURCE,
  C_SLOPE,
  C_INTERCEPT,
  C_SINGLE_WORKER,
  C_MEDIAN,
  C_OPS_LOW,
  C_OPS_HIGH,
  C_BEST,
  C_BEST_LOW,
  C_BEST_HIGH,
  C_SLOT,
  C_SLOT_LOW,
  C_SLOT_HIGH,
  C_ESTIMATOR,
  C_PASSES,
  C_PASSES_KEPT,
  C_IMPL,
  C_ALLOCS,
  C_ALLOC_BYTES,
  C_CONTEXT_BYTES,
  C_CONTENTION,
  C_PASSES_SLOW_QUIET,
  C_LIBRARY_PATH,
  C_LIBRARY_VERSION,
  C_PUBLIC_KEY_BYTES,
  C_SECRET_KEY_BYTES,
  C_SIGNATURE_BYTES,
  C_CIPHERTEXT_BYTES,
  C_THREADS,
  C_CONTEXT,
  C_LOCK_WAITS,
  C_PER_WORKER,
  C_EFFICIENCY,
  C_EMULATED,
  C_EFFICIENCY_LOW,
  C_EFFICIENCY_HIGH,
  C_COUNT
} Column;

static const char *const column_names[C_COUNT] = {
    [C_TIMESTAMP] = "timestamp",
    [C_HOST] = "host",
    [C_CPU_MODEL] = "cpu_model",
    [C_ENGINE] = "engine",
    [C_ENGINE_VERSION] = "engine_version",
    [C_ALGORITHM] = "algorithm",
    [C_KIND] = "kind",
    [C_OPERATION] = "operation",
    [C_API] = "api",
    [C_BLOCK_SIZE] = "block_size",
    [C_OPS] = "ops_per_sec",
    [C_BYTES] = "bytes_per_sec",
    [C_SAMPLES] = "samples",
    [C_SPREAD] = "spread",
    [C_STATUS] = "status",
    [C_DETAIL] = "detail",
    [C_SEED] = "seed",
    [C_ACCEL] = "accel",
    [C_PARALLEL] = "parallel",
    [C_CV] = "cv",
    [C_MIN] = "min_ops_per_sec",
    [C_MAX] = "max_ops_per_sec",
    [C_SCHEMA] = "schema_version",
    [C_SOURCE] = "source",
    [C_SLOPE] = "slope_ns_per_byte",
    [C_INTERCEPT] = "intercept_ns_per_call",
    [C_SINGLE_WORKER] = "single_worker_ops_per_sec",
    [C_MEDIAN] = "median_ops_per_sec",
    [C_OPS_LOW] = "ops_per_sec_low",
    [C_OPS_HIGH] = "ops_per_sec_high",
    [C_BEST] = "ratio_to_best",
    [C_BEST_LOW] = "ratio_to_best_low",
    [C_BEST_HIGH] = "ratio_to_best_high",
    [C_SLOT] = "ratio_to_slot",
    [C_SLOT_LOW] = "ratio_to_slot_low",
    [C_SLOT_HIGH] = "ratio_to_slot_high",
    [C_ESTIMATOR] = "estimator",
    [C_PASSES] = "passes",
    [C_PASSES_KEPT] = "passes_kept",
    [C_IMPL] = "impl",
    [C_ALLOCS] = "allocs_per_op",
    [C_ALLOC_BYTES] = "alloc_bytes_per_op",
    [C_CONTEXT_BYTES] = "context_bytes",
    [C_CONTENTION] = "contention",
    [C_PASSES_SLOW_QUIET] = "passes_slow_quiet",
    [C_LIBRARY_PATH] = "library_path",
    [C_LIBRARY_VERSION] = "library_version",
    [C_PUBLIC_KEY_BYTES] = "public_key_bytes",
    [C_SECRET_KEY_BYTES] = "secret_key_bytes",
    [C_SIGNATURE_BYTES] = "signature_bytes",
    [C_CIPHERTEXT_BYTES] = "ciphertext_bytes",
    [C_THREADS] = "threads",
    [C_CONTEXT] = "context",
    [C_LOCK_WAITS] = "lock_waits",
    [C_PER_WORKER] = "per_worker_ops_per_sec",
    [C_EFFICIENCY] = "scaling_efficiency",
    [C_EMULATED] = "emulated",
    [C_EFFICIENCY_LOW] = "scaling_efficiency_low",
    [C_EFFICIENCY_HIGH] = "scaling_efficiency_high",
};

/* Statuses a file may hold ("pending" never reaches a file). */
static const SmStatus file_statuses[] = {
    SM_STATUS_OK,    SM_STATUS_UNSUPPORTED, SM_STATUS_KAT_FAILED,
    SM_STATUS_ERROR, SM_STATUS_CRASHED,     SM_STATUS_TIMEOUT,
};

bool sm_results_parse_status(const char *name, SmStatus *status)
{
  for (size_t i = 0; i < G_N_ELEMENTS(file_statuses); i++)
    if (strcmp(sm_status_name(file_statuses[i]), name) == 0) {
      *status = file_statuses[i];
      return true;
    }
  return false;
}

bool sm_results_parse_op(const char *name, SmOp *op) { return sm_op_parse(name, op); }

void sm_result_row_free(SmResultRow *result)
{
  if (result == NULL)
    return;
  sm_row_free(result->row);
  g_free(result);
}

void sm_result_set_free(SmResultSet *set)
{
  if (set == NULL)
    return;
  g_free(set->name);
  g_ptr_array_unref(set->results);
  g_ptr_array_unref(set->warnings);
  g_free(set);
}

bool sm_result_is_bulk(const SmResultRow *result)
{
  return sm_kind_is_bulk(result->row->kind) && result->row->block_size > 0;
}

double sm_result_figure(const SmResultRow *result)
{
  return sm_result_is_bulk(result) ? result->row->bytes_per_sec : result->row->ops_per_sec;
}

/* ---- RFC 4180 records ---- */

typedef struct {
  const char *name;
  const char *p;
  const char *end;
  guint line;       /* the physical line p is on */
  guint max_fields; /* fields kept per record; those beyond are only counted */
} Lexer;

typedef struct {
  guint line;      /* where the record starts */
  guint count;     /* fields read, kept or not */
  bool terminated; /* ended by a line end, not by the end of the file */
  bool cut_quote;  /* the file ended inside a quoted field that had not left its line */
  bool blank;      /* an empty line */
} Record;

static bool is_line_end(char c) { return c == '\n' || c == '\r'; }

/* Reads one record into `fields` (char*). CRLF, LF and a lone CR end a line. */
/* Ends a field: kept while the record has room, counted always. */
static void add_field(const Lexer *lx, GPtrArray *fields, Record *rec, const GString *field)
{
  if (fields->len < lx->max_fields)
    g_ptr_array_add(fields, g_strndup(field->str, field->len));
  rec->count++;
}

static bool field_too_long(const Lexer *lx, const Record *rec, const GString *field, GError **error)
{
  if (field->len < MAX_FIELD_BYTES)
    return false;
  g_set_error(error, SM_ERROR, SM_ERROR_INPUT, "%s:%u: field %u is longer than %d bytes", lx->name,
              lx->line, rec->count + 1, MAX_FIELD_BYTES);
  return true;
}

static bool read_record(Lexer *lx, GPtrArray *fields, Record *rec, GError **error)
{
  g_ptr_array_set_size(fields, 0);
  *rec = (Record){.line = lx->line};
  g_autoptr(GString) field = g_string_new(NULL);
  bool quoted_any = false;
  for (;;) {
    bool quoted = false;
    g_string_truncate(field, 0);
    if (lx->p < lx->end && *lx->p == '"') {
      quoted = quoted_any = true;
      guint open_line = lx->line;
      lx->p++;
      for (;;) {
        if (lx->p == lx->end) {
          /* A run killed mid-line can leave an open quote on its last line; one that has
           * swallowed line ends is a mistake in the file. */
          if (lx->line != open_line) {
            g_set_error(error, SM_ERROR, SM_ERROR_INPUT,
                        "%s:%u: quoted field (field %u) not closed", lx->name, open_line,
                        rec->count + 1);
            return false;
          }
          rec->cut_quote = true;
          add_field(lx, fields, rec, field);
          return true;
        }
        char c = *lx->p++;
        if (c == '"') {
          if (lx->p < lx->end && *lx->p == '"') {
            g_string_append_c(field, '"');
            lx->p++;
            continue;
          }
          break;
        }
        if (c == '\n' || (c == '\r' && (lx->p == lx->end || *lx->p != '\n')))
          lx->line++;
        if (field_too_long(lx, rec, field, error))
          return false;
        g_string_append_c(field, c);
      }
    }
    while (lx->p < lx->end && *lx->p != ',' && !is_line_end(*lx->p)) {
      if (quoted) {
        g_set_error(error, SM_ERROR, SM_ERROR_INPUT,
                    "%s:%u: field %u: text after the closing quote", lx->name, lx->line,
                    rec->count + 1);
        return false;
      }
      if (*lx->p == '"') {
        g_set_error(error, SM_ERROR, SM_ERROR_INPUT,
                    "%s:%u: field %u: quote inside an unquoted field", lx->name, lx->line,
                    rec->count + 1);
        return false;
      }
      if (field_too_long(lx, rec, field, error))
        return false;
      g_string_append_c(field, *lx->p++);
    }
    add_field(lx, fields, rec, field);
    if (lx->p == lx->end)
      break;
    char c = *lx->p++;
    if (c == ',')
      continue;
    if (c == '\r' && lx->p == lx->end)
      break; /* a write cut between CR and LF: the appender keeps only lines ending in LF */
    if (c == '\r' && lx->p < lx->end && *lx->p == '\n')
      lx->p++;
    lx->line++;
    rec->terminated = true;
    break;
  }
  rec->blank = rec->count == 1 && !quoted_any && ((const char *)fields->pdata[0])[0] == '\0';
  return true;
}

/* ---- fields ---- */

typedef struct {
  const char *name;
  guint line;
  GPtrArray *fields;
  const int *index; /* column -> field position, -1 when absent */
} RowText;

static const char *get(const RowText *rt, Column column)
{
  int at = rt->index[column];
  return at < 0 ? "" : rt->fields->pdata[at];
}

/* A field as an error message shows it: on one line (newlines, quotes and control characters
 * escaped, as a quoted CSV field may hold them), UTF-8 kept. */
static char *shown(const char *value)
{
  static char keep[129];
  if (keep[0] == 0)
    for (int c = 0x80; c <= 0xff; c++)
      keep[c - 0x80] = (char)c;
  return g_strescape(value, keep);
}

static bool bad_value(const RowText *rt, Column column, const char *what, const char *valid,
                      GError **error)
{
  g_autofree char *value = shown(get(rt, column));
  g_set_error(error, SM_ERROR, SM_ERROR_INPUT, "%s:%u: %s: bad %s \"%s\" (valid: %s)", rt->name,
              rt->line, column_names[column], what, value, valid);
  return false;
}

/* A finite decimal; *given is false for an empty field. Rates and spreads cannot be negative;
 * a fitted slope or intercept can (a least-squares fit over noisy sizes). */
static bool parse_number(const RowText *rt, Column column, bool signed_ok, double *value,
                         bool *given, GError **error)
{
  const char *text = get(rt, column);
  *given = text[0] != '\0';
  *value = 0.0;
  if (!*given)
    return true;
  char *end = NULL;
  double parsed = g_ascii_strtod(text, &end);
  if (strspn(text, "0123456789.eE+-") != strlen(text) || end == text || *end != '\0' ||
      !isfinite(parsed) || (parsed < 0 && !signed_ok))
    return bad_value(rt, column, "figure",
                     signed_ok ? "a decimal number such as -12.5, or empty"
                               : "a non-negative decimal number such as 1234.56, or empty",
                     error);
  *value = parsed;
  return true;
}

static bool parse_figure(const RowText *rt, Column column, double *value, bool *given,
                         GError **error)
{
  return parse_number(rt, column, false, value, given, error);
}

static bool parse_whole(const RowText *rt, Column column, guint64 min, guint64 max,
                        const char *what, const char *valid, guint64 *value, bool *given,
                        GError **error)
{
  const char *text = get(rt, column);
  *given = text[0] != '\0';
  if (!*given)
    return true;
  if (strspn(text, "0123456789") != strlen(text) ||
      !g_ascii_string_to_unsigned(text, 10, min, max, value, NULL))
    return bad_value(rt, column, what, valid, error);
  return true;
}

static char *join_kinds(void)
{
  GString *out = g_string_new(NULL);
  for (unsigned i = 0; i < SM_KIND_COUNT; i++)
    g_string_append_printf(out, "%s%s", i ? ", " : "", sm_kind_name((SmKind)i));
  return g_string_free(out, FALSE);
}

static char *join_statuses(void)
{
  GString *out = g_string_new(NULL);
  for (size_t i = 0; i < G_N_ELEMENTS(file_statuses); i++)
    g_string_append_printf(out, "%s%s", i ? ", " : "", sm_status_name(file_statuses[i]));
  return g_string_free(out, FALSE);
}

static bool unknown_value(const RowText *rt, Column column, const char *what, const char *valid,
                          GError **error)
{
  g_autofree char *value = shown(get(rt, column));
  g_set_error(error, SM_ERROR, SM_ERROR_INPUT, "%s:%u: unknown %s \"%s\" (valid: %s)", rt->name,
              rt->line, what, value, valid);
  return false;
}

static bool parse_names(const RowText *rt, SmRow *row, GError **error)
{
  static const Column must_have[] = {C_ENGINE, C_ALGORITHM};
  for (size_t i = 0; i < G_N_ELEMENTS(must_have); i++)
    if (get(rt, must_have[i])[0] == '\0') {
      g_set_error(error, SM_ERROR, SM_ERROR_INPUT, "%s:%u: %s is empty", rt->name, rt->line,
                  column_names[must_have[i]]);
      return false;
    }
  if (!sm_kind_parse(get(rt, C_KIND), &row->kind)) {
    g_autofree char *valid = join_kinds();
    return unknown_value(rt, C_KIND, "kind", valid, error);
  }
  if (!sm_results_parse_op(get(rt, C_OPERATION), &row->operation)) {
    g_autofree char *valid = sm_op_names();
    return unknown_value(rt, C_OPERATION, "operation", valid, error);
  }
  if (!sm_api_parse(get(rt, C_API), &row->api))
    return unknown_value(rt, C_API, "API level", "evp, low, implicit", error);
  if (!sm_results_parse_status(get(rt, C_STATUS), &row->status)) {
    g_autofree char *valid = join_statuses();
    return unknown_value(rt, C_STATUS, "status", valid, error);
  }
  const char *accel = get(rt, C_ACCEL);
  if (accel[0] == '\0' || strcmp(accel, "on") == 0)
    row->accel = SM_ACCEL_ON;
  else if (strcmp(accel, "off") == 0)
    row->accel = SM_ACCEL_OFF;
  else
    return unknown_value(rt, C_ACCEL, "accel", "on, off", error);
  const char *context = get(rt, C_CONTEXT);
  if (context[0] != '\0' && !sm_context_parse(context, &row->per_message))
    return unknown_value(rt, C_CONTEXT, "context", "reused, per-message", error);
  return true;
}

static bool parse_schema(const RowText *rt, GError **error)
{
  const char *text = get(rt, C_SCHEMA);
  if (text[0] == '\0')
    return true;
  guint64 version = 0;
  if (strspn(text, "0123456789") != strlen(text) ||
      !g_ascii_string_to_unsigned(text, 10, 0, G_MAXUINT32, &version, NULL))
    return bad_value(rt, C_SCHEMA, "schema version", "1", error);
  if (version != SM_CSV_SCHEMA_VERSION) {
    g_set_error(error, SM_ERROR, SM_ERROR_INPUT,
                "%s:%u: unsupported schema version %" G_GUINT64_FORMAT
                " (this speedmatrix reads %d)",
                rt->name, rt->line, version, SM_CSV_SCHEMA_VERSION);
    return false;
  }
  return true;
}

static bool parse_figures(const RowText *rt, SmResultRow *result, GError **error)
{
  SmRow *row = result->row;
  guint64 number = 0;
  bool given = false;
  if (!parse_whole(rt, C_BLOCK_SIZE, 1, G_MAXUINT32, "block size",
                   "whole numbers of bytes from 1, or empty", &number, &given, error))
    return false;
  row->block_size = given ? (guint)number : 0;
  if (!parse_whole(rt, C_SAMPLES, 0, G_MAXUINT32, "sample count", "whole numbers, or empty",
                   &number, &given, error))
    return false;
  row->stats.count = given ? (size_t)number : 0;
  bool samples_given = given;
  if (!parse_whole(rt, C_SEED, 0, G_MAXUINT64, "seed", "whole numbers, or empty", &number, &given,
                   error))
    return false;
  row->seed = given ? number : 0;
  if (!parse_whole(rt, C_PARALLEL, 1, G_MAXUINT32, "worker count", "whole numbers from 1, or empty",
                   &number, &given, error))
    return false;
  row->parallel = given ? (unsigned)number : 1;
  if (!parse_whole(rt, C_THREADS, 1, G_MAXUINT32, "thread count", "whole numbers from 1, or empty",
                   &number, &given, error))
    return false;
  row->threads = given ? (unsigned)number : 1;
  if (!parse_whole(rt, C_LOCK_WAITS, 0, G_MAXUINT64, "lock wait count", "whole numbers, or empty",
                   &number, &row->has_lock_waits, error))
    return false;
  row->lock_waits = row->has_lock_waits ? number : 0;

  bool ops_given = false, bytes_given = false, spread_given = false, min_given = false,
       max_given = false;
  double spread = 0;
  if (!parse_figure(rt, C_OPS, &row->ops_per_sec, &ops_given, error) ||
      !parse_figure(rt, C_BYTES, &row->bytes_per_sec, &bytes_given, error) ||
      !parse_figure(rt, C_SPREAD, &spread, &spread_given, error) ||
      !parse_figure(rt, C_CV, &row->stats.cv, &given, error) ||
      !parse_figure(rt, C_MIN, &row->stats.min, &min_given, error) ||
      !parse_figure(rt, C_MAX, &row->stats.max, &max_given, error) ||
      !parse_number(rt, C_SLOPE, true, &result->slope_ns_per_byte, &given, error))
    return false;
  if (!given)
    result->slope_ns_per_byte = NAN;
  if (!parse_number(rt, C_INTERCEPT, true, &result->intercept_ns_per_call, &given, error))
    return false;
  if (!given)
    result->intercept_ns_per_call = NAN;
  if (!parse_figure(rt, C_SINGLE_WORKER, &result->single_worker_ops_per_sec, &given, error))
    return false;
  if (!given)
    result->single_worker_ops_per_sec = NAN;
  if (!parse_figure(rt, C_PER_WORKER, &row->per_worker_ops_per_sec, &given, error) ||
      !parse_figure(rt, C_EFFICIENCY, &row->scaling_efficiency, &given, error) ||
      !parse_figure(rt, C_EFFICIENCY_LOW, &row->efficiency_low, &given, error) ||
      !parse_figure(rt, C_EFFICIENCY_HIGH, &row->efficiency_high, &given, error))
    return false;
  if (row->single_ops_per_sec == 0 && !isnan(result->single_worker_ops_per_sec))
    row->single_ops_per_sec = result->single_worker_ops_per_sec;

  if (row->status == SM_STATUS_OK) {
    /* Imported rows may carry only one of the two figures; the other follows from the size. */
    if (!ops_given && bytes_given && row->block_size > 0) {
      row->ops_per_sec = row->bytes_per_sec / row->block_size;
      ops_given = true;
    }
    if (!ops_given) {
      g_set_error(error, SM_ERROR, SM_ERROR_INPUT, "%s:%u: ok row without ops_per_sec", rt->name,
                  rt->line);
      return false;
    }
    if (!bytes_given && row->block_size > 0)
      row->bytes_per_sec = row->ops_per_sec * row->block_size;
  }
  row->stats.median = row->ops_per_sec;
  row->stats.mad = spread * row->ops_per_sec;
  result->has_spread = spread_given && samples_given;
  result->has_min_max = min_given && max_given;
  return true;
}

/* The headline's interval and the ratios to the other cells of its passes: 0 when absent (a file
 * of an older speedmatrix, or an imported row). */
static bool parse_estimates(const RowText *rt, SmRow *row, GError **error)
{
  const struct {
    Column column;
    double *value;
  } fields[] = {
      {C_MEDIAN, &row->median_ops_per_sec},
      {C_OPS_LOW, &row->ops_low},
      {C_OPS_HIGH, &row->ops_high},
      {C_BEST, &row->ratio_to_best.value},
      {C_BEST_LOW, &row->ratio_to_best.low},
      {C_BEST_HIGH, &row->ratio_to_best.high},
      {C_SLOT, &row->ratio_to_slot.value},
      {C_SLOT_LOW, &row->ratio_to_slot.low},
      {C_SLOT_HIGH, &row->ratio_to_slot.high},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(fields); i++) {
    bool given = false;
    if (!parse_figure(rt, fields[i].column, fields[i].value, &given, error))
      return false;
    if (!given)
      *fields[i].value = 0;
  }
  guint64 number = 0;
  bool given = false;
  if (!parse_whole(rt, C_PASSES, 0, G_MAXUINT32, "pass count", "whole numbers, or empty", &number,
                   &given, error))
    return false;
  row->passes = given ? (unsigned)number : 0;
  if (!parse_whole(rt, C_PASSES_KEPT, 0, G_MAXUINT32, "pass count", "whole numbers, or empty",
                   &number, &given, error))
    return false;
  row->passes_kept = given ? (unsigned)number : 0;
  return true;
}

static char *dup_or_null(const char *text) { return text[0] != '\0' ? g_strdup(text) : NULL; }

/* The costs beyond speed: empty in a file of an older speedmatrix, an imported row, or a row
 * measured without counting. */
static bool parse_costs(const RowText *rt, SmRow *row, GError **error)
{
  bool allocs_given = false, bytes_given = false, context_given = false;
  guint64 context = 0;
  if (!parse_figure(rt, C_ALLOCS, &row->allocs_per_op, &allocs_given, error) ||
      !parse_figure(rt, C_ALLOC_BYTES, &row->alloc_bytes_per_op, &bytes_given, error) ||
      !parse_whole(rt, C_CONTEXT_BYTES, 0, G_MAXUINT64, "context size",
                   "whole numbers of bytes, or empty", &context, &context_given, error))
    return false;
  row->has_allocs = allocs_given && bytes_given;
  row->has_context_bytes = context_given;
  row->context_bytes = context;
  row->impl = dup_or_null(get(rt, C_IMPL));
  row->library_path = dup_or_null(get(rt, C_LIBRARY_PATH));
  row->library_version = dup_or_null(get(rt, C_LIBRARY_VERSION));
  row->emulated = dup_or_null(get(rt, C_EMULATED));
  bool contention_given = false;
  if (!parse_figure(rt, C_CONTENTION, &row->contention, &contention_given, error))
    return false;
  row->has_contention = contention_given;
  guint64 slow_quiet = 0;
  bool slow_quiet_given = false;
  if (!parse_whole(rt, C_PASSES_SLOW_QUIET, 0, G_MAXUINT32, "pass count", "whole numbers, or empty",
                   &slow_quiet, &slow_quiet_given, error))
    return false;
  row->has_passes_slow_quiet = slow_quiet_given;
  row->passes_slow_quiet = (unsigned)slow_quiet;
  return true;
}

/* The sizes on the wire of a public-key algorithm: 0 where empty or absent (an older file). */
static bool parse_sizes(const RowText *rt, SmResultRow *result, GError **error)
{
  const struct {
    Column column;
    guint *bytes;
  } fields[] = {
      {C_PUBLIC_KEY_BYTES, &result->sizes.public_key},
      {C_SECRET_KEY_BYTES, &result->sizes.secret_key},
      {C_SIGNATURE_BYTES, &result->sizes.signature},
      {C_CIPHERTEXT_BYTES, &result->sizes.ciphertext},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(fields); i++) {
    guint64 bytes = 0;
    bool given = false;
    if (!parse_whole(rt, fields[i].column, 0, G_MAXUINT32, "size",
                     "whole numbers of bytes, or empty", &bytes, &given, error))
      return false;
    *fields[i].bytes = given ? (guint)bytes : 0;
  }
  return true;
}

static SmResultRow *parse_row(const RowText *rt, GError **error)
{
  if (!parse_schema(rt, error))
    return NULL;
  SmResultRow *result = g_new0(SmResultRow, 1);
  result->line = rt->line;
  result->row = g_new0(SmRow, 1);
  SmRow *row = result->row;
  row->timestamp = g_strdup(get(rt, C_TIMESTAMP));
  row->host = g_strdup(get(rt, C_HOST));
  row->cpu_model = g_strdup(get(rt, C_CPU_MODEL));
  row->engine = g_strdup(get(rt, C_ENGINE));
  row->engine_version = g_strdup(get(rt, C_ENGINE_VERSION));
  row->algorithm = g_strdup(get(rt, C_ALGORITHM));
  row->detail = dup_or_null(get(rt, C_DETAIL));
  row->source = dup_or_null(get(rt, C_SOURCE));
  row->estimator = dup_or_null(get(rt, C_ESTIMATOR));
  if (!parse_names(rt, row, error) || !parse_figures(rt, result, error) ||
      !parse_estimates(rt, row, error) || !parse_costs(rt, row, error) ||
      !parse_sizes(rt, result, error)) {
    sm_result_row_free(result);
    return NULL;
  }
  return result;
}

/* ---- the file ---- */

static guint line_of(const char *text, const char *at)
{
  guint line = 1;
  for (const char *c = text; c < at; c++)
    if (*c == '\n' || (*c == '\r' && c[1] != '\n'))
      line++;
  return line;
}

static bool map_header(const char *name, guint line, GPtrArray *header, int index[C_COUNT],
                       GError **error)
{
  for (int c = 0; c < C_COUNT; c++)
    index[c] = -1;
  for (guint i = 0; i < header->len; i++) {
    const char *title = header->pdata[i];
    for (int c = 0; c < C_COUNT; c++) {
      if (strcmp(title, column_names[c]) != 0)
        continue;
      if (index[c] >= 0) {
        g_autofree char *value = shown(title);
        g_set_error(error, SM_ERROR, SM_ERROR_INPUT, "%s:%u: duplicate column \"%s\"", name, line,
                    value);
        return false;
      }
      index[c] = (int)i;
    }
  }
  for (int c = 0; c < C_REQUIRED_COUNT; c++)
    if (index[c] < 0) {
      g_set_error(error, SM_ERROR, SM_ERROR_INPUT, "%s:%u: missing column \"%s\"", name, line,
                  column_names[c]);
      return false;
    }
  return true;
}

/* A lexer over `text` past its byte order mark; false when the text is not UTF-8. */
static bool lexer_start(Lexer *lx, const char *name, const char *text, gsize len, GError **error)
{
  const char *bad = NULL;
  if (!g_utf8_validate_len(text, len, &bad)) {
    g_set_error(error, SM_ERROR, SM_ERROR_INPUT, "%s:%u: not valid UTF-8 (or a NUL byte)", name,
                line_of(text, bad));
    return false;
  }
  *lx = (Lexer){.name = name, .p = text, .end = text + len, .line = 1, .max_fields = MAX_COLUMNS};
  if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
    lx->p += 3;
  return true;
}

SmResultSet *sm_results_parse(const char *name, const char *text, gsize len, GError **error)
{
  Lexer lx;
  if (!lexer_start(&lx, name, text, len, error))
    return NULL;
  g_autoptr(GPtrArray) fields = g_ptr_array_new_with_free_func(g_free);
  Record rec = {0};
  do {
    if (lx.p == lx.end) {
      g_set_error(error, SM_ERROR, SM_ERROR_INPUT, "%s: empty file (no header row)", name);
      return NULL;
    }
    if (!read_record(&lx, fields, &rec, error))
      return NULL;
  } while (rec.blank);
  if (rec.count > MAX_COLUMNS) {
    g_set_error(error, SM_ERROR, SM_ERROR_INPUT, "%s:%u: header has %u columns (at most %d)", name,
                rec.line, rec.count, MAX_COLUMNS);
    return NULL;
  }
  int index[C_COUNT];
  if (!map_header(name, rec.line, fields, index, error))
    return NULL;
  guint columns = fields->len;
  lx.max_fields = columns + 1; /* one more tells a row with too many fields */

  g_autoptr(SmResultSet) set = g_new0(SmResultSet, 1);
  set->name = g_strdup(name);
  set->results = g_ptr_array_new_with_free_func((GDestroyNotify)sm_result_row_free);
  set->warnings = g_ptr_array_new_with_free_func(g_free);
  set->has_accel = index[C_ACCEL] >= 0;
  set->has_parallel = index[C_PARALLEL] >= 0;
  set->has_seed = index[C_SEED] >= 0;
  set->has_source = index[C_SOURCE] >= 0;

  while (lx.p < lx.end) {
    if (!read_record(&lx, fields, &rec, error))
      return NULL;
    if (rec.blank)
      continue;
    if (!rec.terminated && (rec.cut_quote || rec.count < columns)) {
      /* What a run killed mid-write leaves: keep every whole row before it. */
      g_ptr_array_add(set->warnings,
                      g_strdup_printf("%s:%u: last line is cut short (%u of %u fields, no line "
                                      "end); ignored",
                                      name, rec.line, rec.count, columns));
      break;
    }
    if (rec.count != columns) {
      g_set_error(error, SM_ERROR, SM_ERROR_INPUT, "%s:%u: %u fields, but the header has %u", name,
                  rec.line, rec.count, columns);
      return NULL;
    }
    RowText rt = {.name = name, .line = rec.line, .fields = fields, .index = index};
    SmResultRow *result = parse_row(&rt, error);
    if (result == NULL)
      return NULL;
    g_ptr_array_add(set->results, result);
    set->last_unterminated = !rec.terminated;
  }
  return g_steal_pointer(&set);
}

GPtrArray *sm_results_read_all(char **paths, int count, GError **error)
{
  g_autoptr(GPtrArray) sets = g_ptr_array_new_with_free_func((GDestroyNotify)sm_result_set_free);
  for (int i = 0; i < count; i++) {
    SmResultSet *set = sm_results_read(paths[i], error);
    if (set == NULL)
      return NULL;
    for (guint w = 0; w < set->warnings->len; w++)
      fprintf(stderr, "speedmatrix: warning: %s\n", (const char *)set->warnings->pdata[w]);
    g_ptr_array_add(sets, set);
  }
  return g_steal_pointer(&sets);
}

GHashTable *sm_results_read_impls(const char *path, GError **error)
{
  g_autoptr(SmResultSet) set = sm_results_read(path, error);
  if (set == NULL)
    return NULL;
  GHashTable *impls = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
  for (guint i = 0; i < set->results->len; i++) {
    const SmRow *row = ((const SmResultRow *)set->results->pdata[i])->row;
    if (row->status != SM_STATUS_OK || row->impl == NULL || row->impl[0] == '\0')
      continue; /* the library cannot tell: nothing to compare with */
    SmCellId id = sm_row_id(row);
    g_hash_table_replace(impls, sm_cell_id_key(&id, SM_AXES_CELL), g_strdup(row->impl));
  }
  return impls;
}

SmResultSet *sm_results_read(const char *path, GError **error)
{
  gsize len = 0;
  g_autofree char *contents = sm_read_bounded(path, SM_RESULTS_MAX_BYTES, &len, error);
  if (contents == NULL)
    return NULL;
  return sm_results_parse(path, contents, len, error);
}

GPtrArray *sm_csv_read_records(const char *name, const char *text, gsize len, GError **error)
{
  Lexer lx;
  if (!lexer_start(&lx, name, text, len, error))
    return NULL;
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func((GDestroyNotify)g_ptr_array_unref);
  while (lx.p < lx.end) {
    g_autoptr(GPtrArray) fields = g_ptr_array_new_with_free_func(g_free);
    Record rec = {0};
    if (!read_record(&lx, fields, &rec, error))
      return NULL;
    if (rec.blank)
      continue;
    if (!rec.terminated && rec.cut_quote)
      break; /* a last line cut short by a killed process */
    g_ptr_array_add(records, g_steal_pointer(&fields));
  }
  return g_steal_pointer(&records);
}

const char *sm_result_set_emulated(const SmResultSet *set)
{
  for (guint i = 0; i < set->results->len; i++) {
    const SmRow *row = ((const SmResultRow *)set->results->pdata[i])->row;
    if (row->emulated != NULL)
      return row->emulated;
  }
  return NULL;
}

bool sm_results_check_emulated(const char *verb, SmResultSet *const *sets, guint count,
                               bool allowed, GError **error)
{
  const SmResultSet *emulated = NULL, *native = NULL;
  for (guint i = 0; i < count; i++) {
    if (sm_result_set_emulated(sets[i]) != NULL)
      emulated = emulated != NULL ? emulated : sets[i];
    else
      native = native != NULL ? native : sets[i];
  }
  if (emulated == NULL)
    return true;
  const char *how = sm_result_set_emulated(emulated);
  if (native != NULL) {
    g_set_error(error, SM_ERROR, SM_ERROR_INPUT,
                "%s: %s was measured under emulation (%s) and %s natively: an emulator's "
                "figures are not speeds to set against a processor's",
                verb, emulated->name, how, native->name);
    return false;
  }
  if (allowed)
    return true;
  g_set_error(error, SM_ERROR, SM_ERROR_INPUT,
              "%s: %s was measured under emulation (%s): its figures are the emulator's, not "
              "the processor's speeds (--emulated to show them anyway)",
              verb, emulated->name, how);
  return false;
}

/* "openssl aes-128-gcm encrypt evp 1024 B on alpha", with the axes that are not the default. */
static char *describe_cell(const SmRow *row, const char *machine)
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
  if (row->threads > 1)
    g_string_append_printf(out, " %u threads", row->threads);
  if (row->per_message)
    g_string_append(out, " per-message");
  if (machine[0] != '\0')
    g_string_append_printf(out, " on %s", machine);
  return g_string_free(out, FALSE);
}

char *sm_results_cell_key(const SmRow *row)
{
  g_autofree char *machine = sm_row_machine(row);
  SmCellId id = sm_row_id(row);
  id.host = machine; /* a hand-made table's machine counts as its host */
  g_autofree char *cell = sm_cell_id_key(&id, SM_AXES_CELL | SM_AXIS_HOST);
  return g_strdup_printf("%s\x1f%s", row->source ? row->source : "", cell);
}

void sm_results_cell_twice(GError **error, const char *name, guint line, guint first_line,
                           const SmRow *row)
{
  g_autofree char *machine = sm_row_machine(row);
  g_autofree char *what = describe_cell(row, machine);
  g_set_error(error, SM_ERROR, SM_ERROR_INPUT,
              "%s:%u: the same cell as line %u (%s): a result file holds each cell of a run "
              "once; keep one of the two rows, or give each run a file of its own",
              name, line, first_line, what);
}

bool sm_results_check_once(SmResultSet *const *sets, guint count, GError **error)
{
  for (guint s = 0; s < count; s++) {
    const SmResultSet *set = sets[s];
    g_autoptr(GHashTable) lines = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    for (guint i = 0; i < set->results->len; i++) {
      const SmResultRow *result = set->results->pdata[i];
      char *key = sm_results_cell_key(result->row);
      guint first = GPOINTER_TO_UINT(g_hash_table_lookup(lines, key));
      if (first == 0) {
        g_hash_table_insert(lines, key, GUINT_TO_POINTER(result->line));
        continue;
      }
      g_free(key);
      sm_results_cell_twice(error, set->name, result->line, first, result->row);
      return false;
    }
  }
  return true;
}

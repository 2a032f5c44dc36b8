/* The result-file reader: RFC 4180 details, columns by name, optional columns, what a killed run
 * leaves. The refusals with their exact messages are in tests/bad/csv (test-bad-inputs.c). */
#include "io/results.h"

#include "core/util.h"

#include <glib.h>
#include <math.h>
#include <string.h>

#define REQUIRED                                                                                   \
  "timestamp,host,cpu_model,engine,engine_version,algorithm,kind,operation,api,block_size,"        \
  "ops_per_sec,bytes_per_sec,samples,spread,status,detail"
#define ROW_SHA                                                                                    \
  "2026-02-01T09:00:00Z,alpha,AMD "                                                                \
  "EPYC,openssl,3.0.15,sha256,digest,hash,evp,64,5000000.00,320000000,10,0.0100,ok,"
#define ROW_ED                                                                                     \
  "2026-02-01T09:00:00Z,alpha,AMD "                                                                \
  "EPYC,openssl,3.0.15,ed25519,signature,sign,evp,,20000.00,,12,0.0200,ok,"

static SmResultSet *parse(const char *text, GError **error)
{
  return sm_results_parse("t.csv", text, strlen(text), error);
}

static const SmRow *row_at(const SmResultSet *set, guint i)
{
  return ((const SmResultRow *)set->results->pdata[i])->row;
}

static void test_quoted_newline_file(void)
{
  g_autofree char *path =
      g_build_filename(g_getenv("SM_TESTS_DIR"), "data", "quoted-newline.csv", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(SmResultSet) set = sm_results_read(path, &error);
  g_assert_no_error(error);
  g_assert_cmpuint(set->results->len, ==, 2);
  g_assert_cmpuint(set->warnings->len, ==, 0);
  const SmResultRow *first = set->results->pdata[0];
  g_assert_cmpint(first->row->status, ==, SM_STATUS_ERROR);
  g_assert_cmpstr(first->row->detail, ==, "first line\r\nsecond, with \"quotes\"");
  g_assert_cmpuint(first->line, ==, 2);
  const SmResultRow *second = set->results->pdata[1];
  g_assert_cmpuint(second->line, ==, 4); /* the quoted line end counts */
  g_assert_cmpstr(second->row->algorithm, ==, "sha256");
  g_assert_cmpfloat(second->row->ops_per_sec, ==, 5000000.0);
  g_assert_true(set->has_accel && set->has_parallel && set->has_seed && set->has_source);
}

static void test_required_only(void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SmResultSet) set = parse(REQUIRED "\n" ROW_SHA "\n" ROW_ED "\n", &error);
  g_assert_no_error(error);
  g_assert_cmpuint(set->results->len, ==, 2);
  g_assert_false(set->has_accel || set->has_parallel || set->has_seed || set->has_source);
  const SmResultRow *sha = set->results->pdata[0];
  g_assert_cmpint(sha->row->accel, ==, SM_ACCEL_ON);
  g_assert_cmpuint(sha->row->parallel, ==, 1);
  g_assert_cmpint(sha->row->kind, ==, SM_KIND_DIGEST);
  g_assert_cmpint(sha->row->operation, ==, SM_OP_HASH);
  g_assert_cmpint(sha->row->api, ==, SM_API_EVP);
  g_assert_cmpuint(sha->row->block_size, ==, 64);
  g_assert_cmpuint(sha->row->stats.count, ==, 10);
  g_assert_cmpfloat_with_epsilon(sm_row_spread(sha->row), 0.01, 1e-12);
  g_assert_true(sha->has_spread);
  g_assert_false(sha->has_min_max);
  g_assert_true(isnan(sha->slope_ns_per_byte) && isnan(sha->intercept_ns_per_call));
  g_assert_true(sm_result_is_bulk(sha));
  g_assert_cmpfloat(sm_result_figure(sha), ==, 320000000.0);
  const SmResultRow *ed = set->results->pdata[1];
  g_assert_false(sm_result_is_bulk(ed));
  g_assert_cmpfloat(sm_result_figure(ed), ==, 20000.0);
  g_assert_cmpuint(ed->row->block_size, ==, 0);
  g_assert_null(ed->row->detail);
}

/* Columns are found by name: the same rows with the columns in another order read the same. */
static void test_column_order(void)
{
  const char *text = "detail,status,spread,samples,bytes_per_sec,ops_per_sec,block_size,api,"
                     "operation,kind,algorithm,engine_version,engine,cpu_model,host,timestamp,"
                     "future_column\r\n"
                     ",ok,0.0100,10,320000000,5000000.00,64,low,hash,digest,sha256,3.0.15,"
                     "openssl,AMD EPYC,alpha,2026-02-01T09:00:00Z,whatever\r\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(SmResultSet) set = parse(text, &error);
  g_assert_no_error(error);
  g_assert_cmpuint(set->results->len, ==, 1);
  const SmRow *row = row_at(set, 0);
  g_assert_cmpstr(row->engine, ==, "openssl");
  g_assert_cmpstr(row->host, ==, "alpha");
  g_assert_cmpint(row->api, ==, SM_API_LOW);
  g_assert_cmpfloat(row->bytes_per_sec, ==, 320000000.0);
}

static void test_optional_columns(void)
{
  const char *text = REQUIRED ",accel,parallel,min_ops_per_sec,max_ops_per_sec,slope_ns_per_byte,"
                              "intercept_ns_per_call,schema_version,seed\n" ROW_SHA
                              ",off,4,4900000,5100000,0.62,-92.94,1,18446744073709551615\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(SmResultSet) set = parse(text, &error);
  g_assert_no_error(error);
  const SmResultRow *result = set->results->pdata[0];
  g_assert_cmpint(result->row->accel, ==, SM_ACCEL_OFF);
  g_assert_cmpuint(result->row->parallel, ==, 4);
  g_assert_true(result->has_min_max);
  g_assert_cmpfloat(result->row->stats.min, ==, 4900000.0);
  g_assert_cmpfloat(result->slope_ns_per_byte, ==, 0.62);
  /* A fitted intercept can come out below zero on noisy sizes; it is still a figure. */
  g_assert_cmpfloat(result->intercept_ns_per_call, ==, -92.94);
  g_assert_cmpuint(result->row->seed, ==, G_MAXUINT64);
}

/* An imported line may give only bytes/s, or no samples and spread: one openssl speed sample. */
static void test_bytes_only(void)
{
  const char *text =
      REQUIRED "\n"
               "t,h,c,openssl,1.0.2,aes-128-cbc,cipher,encrypt,low,16,,160000000,,,ok,\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(SmResultSet) set = parse(text, &error);
  g_assert_no_error(error);
  const SmResultRow *result = set->results->pdata[0];
  g_assert_cmpfloat(result->row->ops_per_sec, ==, 10000000.0);
  g_assert_false(result->has_spread);
  g_assert_cmpuint(result->row->stats.count, ==, 0);
}

static void test_line_ends(void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SmResultSet) lf = parse(REQUIRED "\n" ROW_SHA "\n", &error);
  g_assert_no_error(error);
  g_autoptr(SmResultSet) crlf = parse(REQUIRED "\r\n" ROW_SHA "\r\n", &error);
  g_assert_no_error(error);
  /* No line end after a whole last row: accepted as it stands, without a warning. */
  g_autoptr(SmResultSet) bare = parse(REQUIRED "\r\n" ROW_SHA, &error);
  g_assert_no_error(error);
  g_assert_cmpuint(lf->results->len, ==, 1);
  g_assert_cmpuint(crlf->results->len, ==, 1);
  g_assert_cmpuint(bare->results->len, ==, 1);
  g_assert_cmpuint(bare->warnings->len, ==, 0);
  g_assert_cmpstr(row_at(crlf, 0)->detail, ==, row_at(lf, 0)->detail);
}

static void test_bom_and_blank_lines(void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SmResultSet) set =
      parse("\xEF\xBB\xBF" REQUIRED "\n\n" ROW_SHA "\n\n" ROW_ED "\n\n", &error);
  g_assert_no_error(error);
  g_assert_cmpuint(set->results->len, ==, 2);
  g_assert_cmpuint(((const SmResultRow *)set->results->pdata[1])->line, ==, 5);
}

/* What a killed run leaves: the last line without its end and with fewer fields, even inside a
 * quoted field that has not left its line. The whole rows before it are kept. */
static void test_truncated(void)
{
  const char *cut[] = {
      REQUIRED "\r\n" ROW_SHA "\r\n2026-02-01T09:00:00Z,alpha,AMD EP",
      REQUIRED "\r\n" ROW_SHA "\r\n" ROW_ED "\"library said \"\"no",
  };
  for (size_t i = 0; i < G_N_ELEMENTS(cut); i++) {
    g_autoptr(GError) error = NULL;
    g_autoptr(SmResultSet) set = parse(cut[i], &error);
    g_assert_no_error(error);
    g_assert_cmpuint(set->results->len, ==, 1);
    g_assert_cmpuint(set->warnings->len, ==, 1);
    g_assert_true(g_str_has_prefix(set->warnings->pdata[0], "t.csv:3: last line is cut short ("));
  }
}

static void test_errors(void)
{
  static const struct {
    const char *text;
    const char *message;
  } cases[] = {
      {REQUIRED "\n" ROW_SHA "\n" ROW_ED "\"open\nstill open\n",
       "t.csv:3: quoted field (field 16) not closed"},
      {REQUIRED ",schema_version\n" ROW_SHA ",1\n" ROW_ED ",7\n",
       "t.csv:3: unsupported schema version 7 (this speedmatrix reads 1)"},
      {REQUIRED "\n" ROW_SHA ",extra\n", "t.csv:2: 17 fields, but the header has 16"},
      {REQUIRED "\n" ROW_SHA "\r\n" ROW_SHA "\"x\"y\r\n",
       "t.csv:3: field 16: text after the closing quote"},
      {REQUIRED ",parallel\n" ROW_SHA ",0\n",
       "t.csv:2: parallel: bad worker count \"0\" (valid: whole numbers from 1, or empty)"},
      {REQUIRED "\n"
                "t,h,c,openssl,3,sha256,digest,hash,evp,64,nan,,10,0.01,ok,\n",
       "t.csv:2: ops_per_sec: bad figure \"nan\" (valid: a non-negative decimal number such as "
       "1234.56, or empty)"},
      {"\n\n", "t.csv: empty file (no header row)"},
      {"a,b\n", "t.csv:1: missing column \"timestamp\""},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
    g_autoptr(GError) error = NULL;
    g_autoptr(SmResultSet) set = parse(cases[i].text, &error);
    g_assert_null(set);
    g_assert_error(error, SM_ERROR, SM_ERROR_INPUT);
    g_assert_cmpstr(error->message, ==, cases[i].message);
  }
}

static void test_unreadable(void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SmResultSet) set = sm_results_read("/nonexistent/run.csv", &error);
  g_assert_null(set);
  g_assert_error(error, SM_ERROR, SM_ERROR_IO);
  g_assert_true(g_str_has_prefix(error->message, "/nonexistent/run.csv: cannot read: "));
}

/* Every field the writer can produce parses back: the status names in particular. */
static void test_status_names(void)
{
  const char *names[] = {"ok", "unsupported", "kat-failed", "error", "crashed", "timeout"};
  for (size_t i = 0; i < G_N_ELEMENTS(names); i++) {
    SmStatus status;
    g_assert_true(sm_results_parse_status(names[i], &status));
    g_assert_cmpstr(sm_status_name(status), ==, names[i]);
  }
  SmStatus status;
  g_assert_false(sm_results_parse_status("pending", &status));
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/results/quoted-newline-file", test_quoted_newline_file);
  g_test_add_func("/results/required-columns-only", test_required_only);
  g_test_add_func("/results/columns-by-name", test_column_order);
  g_test_add_func("/results/optional-columns", test_optional_columns);
  g_test_add_func("/results/bytes-only", test_bytes_only);
  g_test_add_func("/results/line-ends", test_line_ends);
  g_test_add_func("/results/bom-and-blank-lines", test_bom_and_blank_lines);
  g_test_add_func("/results/truncated-last-line", test_truncated);
  g_test_add_func("/results/errors", test_errors);
  g_test_add_func("/results/unreadable", test_unreadable);
  g_test_add_func("/results/status-names", test_status_names);
  return g_test_run();
}

/* Threads as an axis (README "Threads"): bad counts are one-line errors; a cell measured by
 * several threads checks every thread's output; an engine whose calls share one lock is told
 * from a lock-free one by the waits the row carries, not by timing; an engine that declares its
 * contexts cannot run concurrently gets unsupported threaded rows. */
#include "testlib.h"

#include "compare/compare.h"
#include "compare/compare_output.h"
#include "io/csv.h"
#include "io/results.h"
#include "io/scaling.h"
#include "store/store.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

/* A directory holding the test engine and its thread-unsafe build. */
static char *toy_dir(void)
{
  char *dir = g_dir_make_tmp("sm-threads-XXXXXX", NULL);
  const char *const names[] = {"thread-toy.so", "thread-toy-unsafe.so"};
  for (size_t i = 0; i < G_N_ELEMENTS(names); i++) {
    g_autofree char *from = g_build_filename(g_getenv("SM_TEST_PLUGINS"), names[i], NULL);
    g_autofree char *to = g_build_filename(dir, names[i], NULL);
    g_autofree char *data = NULL;
    gsize len = 0;
    g_assert_true(g_file_get_contents(from, &data, &len, NULL));
    g_assert_true(g_file_set_contents(to, data, (gssize)len, NULL));
  }
  return dir;
}

static void remove_dir(const char *dir)
{
  g_autoptr(GDir) d = g_dir_open(dir, 0, NULL);
  for (const char *name; d != NULL && (name = g_dir_read_name(d)) != NULL;) {
    g_autofree char *path = g_build_filename(dir, name, NULL);
    g_unlink(path);
  }
  g_rmdir(dir);
}

/* Runs the toys with `extra` (NULL-terminated), expecting exit `status` (1: a cell failed), and
 * returns the CSV's rows. */
static SmResultSet *run_toys(const char *const *extra, int status)
{
  g_autofree char *dir = toy_dir();
  g_autofree char *csv = g_build_filename(dir, "out.csv", NULL);
  g_autoptr(GPtrArray) args = g_ptr_array_new();
  const char *const fixed[] = {"run",  "--matrix", "/dev/null",  "--sizes", "16", "--time",
                               "0.05", "--quiet",  "--no-table", "-o",      csv};
  for (size_t i = 0; i < G_N_ELEMENTS(fixed); i++)
    g_ptr_array_add(args, (gpointer)fixed[i]);
  for (const char *const *e = extra; *e != NULL; e++)
    g_ptr_array_add(args, (gpointer)*e);
  g_ptr_array_add(args, NULL);
  Outcome o = run_with(dir, (const char *const *)args->pdata);
  if (o.status != 0)
    g_test_message("stderr: %s", o.err);
  g_assert_cmpint(o.status, ==, status);
  outcome_clear(&o);
  g_autoptr(GError) error = NULL;
  SmResultSet *set = sm_results_read(csv, &error);
  g_assert_no_error(error);
  g_unlink(csv);
  remove_dir(dir);
  return set;
}

static const SmRow *find(const SmResultSet *set, const char *engine, const char *algorithm,
                         SmApi api, unsigned threads)
{
  for (guint i = 0; i < set->results->len; i++) {
    const SmRow *row = ((SmResultRow *)set->results->pdata[i])->row;
    if (strcmp(row->engine, engine) == 0 && strcmp(row->algorithm, algorithm) == 0 &&
        row->api == api && row->threads == threads)
      return row;
  }
  g_assert_not_reached();
}

static void test_bad_counts(void)
{
  const char *const bad[] = {"0", "-1", "100000", "abc", ""};
  for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
    const char *const args[] = {"run", "--matrix", "/dev/null", "--threads", bad[i], NULL};
    Outcome o = run_speedmatrix(NULL, args);
    g_assert_cmpint(o.status, ==, 2);
    g_assert_cmpstr(o.out, ==, "");
    g_assert_nonnull(strstr(o.err, "--threads"));
    g_assert_nonnull(strchr(o.err, '\n'));
    g_assert_cmpstr(strchr(o.err, '\n') + 1, ==, "");
    outcome_clear(&o);
  }
  /* The message names the valid choices. */
  const char *const args[] = {"run", "--matrix", "/dev/null", "--threads", "abc", NULL};
  Outcome o = run_speedmatrix(NULL, args);
  g_assert_nonnull(strstr(o.err, "valid: all, or whole numbers from 1 to 1024"));
  outcome_clear(&o);
}

static void test_with_parallel_refused(void)
{
  const char *const args[] = {"run", "--matrix",   "/dev/null", "--threads",
                              "2",   "--parallel", "2",         NULL};
  Outcome o = run_speedmatrix(NULL, args);
  g_assert_cmpint(o.status, ==, 2);
  g_assert_nonnull(strstr(o.err, "--threads: cannot be combined with --parallel"));
  g_assert_cmpstr(strchr(o.err, '\n') + 1, ==, "");
  outcome_clear(&o);
}

static void test_bad_context(void)
{
  const char *const args[] = {"run", "--matrix", "/dev/null", "--context", "fresh", NULL};
  Outcome o = run_speedmatrix(NULL, args);
  g_assert_cmpint(o.status, ==, 2);
  g_assert_nonnull(
      strstr(o.err, "--context: unknown context \"fresh\" (valid: reused, per-message)"));
  outcome_clear(&o);
}

/* The locked level's two threads waited for each other; alone it never waits, and the lock-free
 * level never has a lock to wait for. */
static void test_lock_waits(void)
{
  const char *const extra[] = {"--engines", "thread-toy", "--algorithms", "sha256", "--threads",
                               "1,2",       NULL};
  g_autoptr(SmResultSet) set = run_toys(extra, 0);
  const SmRow *locked = find(set, "thread-toy", "sha256", SM_API_EVP, 2);
  const SmRow *locked_alone = find(set, "thread-toy", "sha256", SM_API_EVP, 1);
  const SmRow *free_ = find(set, "thread-toy", "sha256", SM_API_LOW, 2);
  g_assert_cmpint(locked->status, ==, SM_STATUS_OK);
  g_assert_cmpint(free_->status, ==, SM_STATUS_OK);
  g_assert_cmpint(locked_alone->status, ==, SM_STATUS_OK);
  g_assert_true(locked->has_lock_waits && free_->has_lock_waits && locked_alone->has_lock_waits);
  g_assert_cmpuint(locked->lock_waits, >, 0);
  g_assert_cmpuint(locked_alone->lock_waits, ==, 0);
  g_assert_cmpuint(free_->lock_waits, ==, 0);
  /* Both carry the figures of a threaded cell: per thread, and against one thread. */
  g_assert_cmpfloat_with_epsilon(locked->per_worker_ops_per_sec * 2, locked->ops_per_sec, 0.05);
  g_assert_cmpfloat(locked->scaling_efficiency, >, 0);
  g_assert_cmpfloat(free_->scaling_efficiency, >, 0);
  g_assert_cmpfloat(locked->single_ops_per_sec, >, 0);
}

/* A context that is right alone and wrong beside another fails the threaded cell only. */
static void test_wrong_thread_fails(void)
{
  const char *const extra[] = {"--engines", "thread-toy", "--algorithms", "sha512", "--threads",
                               "1,2",       NULL};
  g_autoptr(SmResultSet) set = run_toys(extra, 1);
  const SmRow *alone = find(set, "thread-toy", "sha512", SM_API_EVP, 1);
  const SmRow *two = find(set, "thread-toy", "sha512", SM_API_EVP, 2);
  g_assert_cmpint(alone->status, ==, SM_STATUS_OK);
  g_assert_cmpint(two->status, ==, SM_STATUS_KAT_FAILED);
  g_assert_nonnull(strstr(two->detail, "of 2: its output first differs from a context used alone"));
  g_assert_cmpfloat(two->ops_per_sec, ==, 0);
}

/* An engine that says its contexts cannot run concurrently: its threaded rows are unsupported
 * with its reason, its one-thread rows measured. */
static void test_unsafe_engine(void)
{
  const char *const extra[] = {"--engines", "thread-toy-unsafe", "--algorithms", "sha256", "--api",
                               "low",       "--threads",         "1,2",          NULL};
  g_autoptr(SmResultSet) set = run_toys(extra, 0);
  const SmRow *alone = find(set, "thread-toy-unsafe", "sha256", SM_API_LOW, 1);
  const SmRow *two = find(set, "thread-toy-unsafe", "sha256", SM_API_LOW, 2);
  g_assert_cmpint(alone->status, ==, SM_STATUS_OK);
  g_assert_cmpint(two->status, ==, SM_STATUS_UNSUPPORTED);
  g_assert_cmpstr(two->detail, ==,
                  "ThreadToy cannot run concurrent contexts: its contexts share one scratch "
                  "buffer (a test engine)");
}

/* Per-message cells are cells of their own, named in the context column, each thread's output
 * checked too. One thread is measured though not asked for: it is the reference, and a threaded
 * row's efficiency is against that row's own figure, inside its interval. */
static void test_per_message(void)
{
  const char *const extra[] = {
      "--engines", "thread-toy", "--algorithms",       "sha256",   "--api", "low", "--threads",
      "2",         "--context",  "reused,per-message", "--passes", "3",     NULL};
  g_autoptr(SmResultSet) set = run_toys(extra, 0);
  g_assert_cmpuint(set->results->len, ==, 4);
  const SmRow *by[2][3] = {{NULL}}; /* [per_message][threads] */
  for (guint i = 0; i < set->results->len; i++) {
    const SmRow *row = ((SmResultRow *)set->results->pdata[i])->row;
    g_assert_cmpint(row->status, ==, SM_STATUS_OK);
    g_assert_cmpuint(row->threads, >=, 1);
    g_assert_cmpuint(row->threads, <=, 2);
    g_assert_cmpuint(row->passes, ==, 3);
    by[row->per_message][row->threads] = row;
  }
  for (int m = 0; m < 2; m++) {
    const SmRow *one = by[m][1], *two = by[m][2];
    g_assert_nonnull(one);
    g_assert_nonnull(two);
    g_assert_cmpfloat(one->scaling_efficiency, ==, 0);
    g_assert_cmpfloat(fabs(two->single_ops_per_sec / one->ops_per_sec - 1), <, 1e-6);
    g_assert_cmpfloat(two->scaling_efficiency, >, 0);
    g_assert_cmpfloat(two->efficiency_low, <=, two->scaling_efficiency);
    g_assert_cmpfloat(two->scaling_efficiency, <=, two->efficiency_high);
    g_assert_cmpfloat(fabs(two->per_worker_ops_per_sec * 2 / two->ops_per_sec - 1), <, 1e-6);
  }
}

/* The wrong-beside-another context is wrong in a per-message threaded cell as well: each thread
 * makes its contexts while the other thread's exist. */
static void test_per_message_wrong_thread_fails(void)
{
  const char *const extra[] = {"--engines", "thread-toy", "--algorithms", "sha512", "--threads",
                               "2",         "--context",  "per-message",  NULL};
  g_autoptr(SmResultSet) set = run_toys(extra, 1);
  const SmRow *two = find(set, "thread-toy", "sha512", SM_API_EVP, 2);
  g_assert_true(two->per_message);
  g_assert_cmpint(two->status, ==, SM_STATUS_KAT_FAILED);
}

static void test_list_says_unsafe(void)
{
  g_autofree char *dir = toy_dir();
  const char *const args[] = {"list", NULL};
  Outcome o = run_with(dir, args);
  g_assert_cmpint(o.status, ==, 0);
  const char *said = "threads: one thread only: its contexts share one scratch buffer (a test "
                     "engine)";
  const char *at = strstr(o.out, said);
  g_assert_nonnull(at);
  g_assert_null(strstr(at + 1, said)); /* the thread-safe build says nothing */
  g_assert_nonnull(g_strrstr_len(o.out, at - o.out, "thread-toy-unsafe"));
  outcome_clear(&o);
  remove_dir(dir);
}

static SmRow *scaled_row(const char *engine, SmApi api, unsigned threads, bool per_message,
                         double efficiency)
{
  SmRow *row = sm_row_new(engine, "1", "sha256", SM_KIND_DIGEST, "h", "c", 1);
  row->operation = SM_OP_HASH;
  row->api = api;
  row->block_size = 16;
  row->status = SM_STATUS_OK;
  row->ops_per_sec = 1000;
  row->threads = threads;
  row->per_message = per_message;
  row->scaling_efficiency = efficiency;
  return row;
}

/* Per line and engine the best level's efficiency at the most threads; a line per context. */
static void test_scaling_view(void)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func((GDestroyNotify)sm_row_free);
  g_ptr_array_add(rows, scaled_row("openssl", SM_API_EVP, 2, false, 0.95));
  g_ptr_array_add(rows, scaled_row("openssl", SM_API_IMPLICIT, 2, false, 0.60));
  g_ptr_array_add(rows, scaled_row("openssl", SM_API_IMPLICIT, 2, true, 0.55));
  g_ptr_array_add(rows, scaled_row("sodium", SM_API_LOW, 2, false, 0.97));
  g_ptr_array_add(rows, scaled_row("sodium", SM_API_LOW, 1, false, 0));
  g_autoptr(SmScaling) scaling = sm_scaling_build(rows);
  g_assert_nonnull(scaling);
  g_assert_cmpuint(scaling->threads, ==, 2);
  g_assert_cmpuint(scaling->lines->len, ==, 2);
  g_autoptr(GString) text = g_string_new(NULL);
  sm_scaling_render_text(scaling, text);
  g_test_message("%s", text->str);
  g_assert_nonnull(strstr(text->str, "sha256 hash 16 B reused       0.95 evp        0.97 low"));
  g_assert_nonnull(strstr(text->str, "sha256 hash 16 B per-message  0.55 implicit   -"));
  /* One thread everywhere: no view. */
  g_autoptr(GPtrArray) single = g_ptr_array_new_with_free_func((GDestroyNotify)sm_row_free);
  g_ptr_array_add(single, scaled_row("sodium", SM_API_LOW, 1, false, 0));
  g_assert_null(sm_scaling_build(single));
}

/* A file written before the columns existed reads as one thread, reused contexts; a written row
 * reads back with its threads, context and lock waits. */
static void test_columns_read(void)
{
  const char *old = "timestamp,host,cpu_model,engine,engine_version,algorithm,kind,operation,api,"
                    "block_size,ops_per_sec,bytes_per_sec,samples,spread,status,detail\r\n"
                    "2026-01-01T00:00:00Z,h,c,openssl,3,sha256,digest,hash,evp,16,1000,16000,5,"
                    "0.01,ok,\r\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(SmResultSet) set = sm_results_parse("old.csv", old, strlen(old), &error);
  g_assert_no_error(error);
  const SmRow *row = ((SmResultRow *)set->results->pdata[0])->row;
  g_assert_cmpuint(row->threads, ==, 1);
  g_assert_false(row->per_message);
  g_assert_false(row->has_lock_waits);

  g_autoptr(SmRow) written = scaled_row("openssl", SM_API_IMPLICIT, 4, true, 0.5);
  written->has_lock_waits = true;
  written->lock_waits = 17;
  g_autofree char *header = sm_csv_header();
  g_autofree char *line = sm_csv_format_row(written);
  g_autofree char *text = g_strdup_printf("%s\r\n%s\r\n", header, line);
  g_autoptr(SmResultSet) back = sm_results_parse("new.csv", text, strlen(text), &error);
  g_assert_no_error(error);
  row = ((SmResultRow *)back->results->pdata[0])->row;
  g_assert_cmpuint(row->threads, ==, 4);
  g_assert_true(row->per_message);
  g_assert_cmpint(row->api, ==, SM_API_IMPLICIT);
  g_assert_true(row->has_lock_waits);
  g_assert_cmpuint(row->lock_waits, ==, 17);
}

/* A file of one threaded row with efficiency `efficiency` in [low, high] (0: no interval), as a
 * result set. */
static SmResultSet *efficiency_file(const char *name, double efficiency, double low, double high)
{
  g_autoptr(SmRow) row = scaled_row("openssl", SM_API_IMPLICIT, 2, true, efficiency);
  row->efficiency_low = low;
  row->efficiency_high = high;
  row->stats.count = 11;
  row->stats.median = row->ops_per_sec;
  g_autofree char *header = sm_csv_header();
  g_autofree char *line = sm_csv_format_row(row);
  g_autofree char *text = g_strdup_printf("%s\r\n%s\r\n", header, line);
  g_autoptr(GError) error = NULL;
  SmResultSet *set = sm_results_parse(name, text, strlen(text), &error);
  g_assert_no_error(error);
  return set;
}

/* Compare judges the efficiency apart from the throughput: the same rate with the second core
 * lost is a regression; a move within SM_EFFICIENCY_CHANGE is not, nor one within the range
 * either run could have read. */
static void test_compare_efficiency(void)
{
  const struct {
    double base, base_low, base_high, other, other_low, other_high;
    unsigned fell;
  } cases[] = {{0.95, 0, 0, 0.60, 0, 0, 1},
               {0.95, 0, 0, 0.90, 0, 0, 0},
               {0.60, 0, 0, 0.95, 0, 0, 0},
               {0.95, 0.93, 0.96, 0.60, 0.58, 0.61, 1},
               {0.95, 0.55, 0.97, 0.60, 0.58, 0.61, 0}};
  for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
    GPtrArray *sets = g_ptr_array_new_with_free_func((GDestroyNotify)sm_result_set_free);
    g_ptr_array_add(sets,
                    efficiency_file("a.csv", cases[i].base, cases[i].base_low, cases[i].base_high));
    g_ptr_array_add(
        sets, efficiency_file("b.csv", cases[i].other, cases[i].other_low, cases[i].other_high));
    g_autoptr(GError) error = NULL;
    g_autoptr(SmComparison) cmp = sm_compare_build(sets, 5, -1, false, NULL, &error);
    g_assert_no_error(error);
    g_assert_cmpuint(cmp->regressed, ==, 0);
    g_assert_cmpuint(cmp->scaling_fell, ==, cases[i].fell);
    g_assert_cmpint(sm_comparison_found_regression(cmp), ==, cases[i].fell > 0);
    g_autoptr(GString) out = g_string_new(NULL);
    sm_compare_summary_lines(cmp, out, "  ");
    if (cases[i].fell)
      g_assert_nonnull(strstr(out->str, "scaling fell: openssl sha256 hash implicit 16 threads=2 "
                                        "per-message in [2] (efficiency 0.95 -> 0.60)"));
  }
}

/* The store keeps threaded and per-message rows as series of their own, beside the one-thread
 * reused series, and warns about nothing. */
/* Verify has no output: a context built per message, at one thread and at two, is judged by its
 * answer, not by whatever output length an engine leaves (OpenSSL's and libgcrypt's verifies
 * leave the buffer's). On every built engine, each verify cell is ok or unsupported. */
static void test_per_message_verify(void)
{
  g_autofree char *dir = g_dir_make_tmp("sm-threads-verify-XXXXXX", NULL);
  g_autofree char *csv = g_build_filename(dir, "out.csv", NULL);
  const char *const args[] = {"run",
                              "--matrix",
                              "/dev/null",
                              "--algorithms",
                              "ecdsa-p256,ed25519,rsa2048",
                              "--operations",
                              "verify",
                              "--threads",
                              "1,2",
                              "--context",
                              "reused,per-message",
                              "--time",
                              "0.02",
                              "--quiet",
                              "--no-table",
                              "-o",
                              csv,
                              NULL};
  Outcome o = run_speedmatrix(NULL, args);
  g_assert_cmpint(o.status, ==, 0);
  outcome_clear(&o);
  g_autoptr(GError) error = NULL;
  g_autoptr(SmResultSet) set = sm_results_read(csv, &error);
  g_assert_no_error(error);
  guint ok = 0;
  for (guint i = 0; i < set->results->len; i++) {
    const SmRow *row = ((SmResultRow *)set->results->pdata[i])->row;
    if (row->status != SM_STATUS_OK && row->status != SM_STATUS_UNSUPPORTED)
      g_test_message("%s %s %s threads %u %s: %s", row->engine, row->algorithm,
                     sm_api_name(row->api), row->threads,
                     row->per_message ? "per-message" : "reused", row->detail);
    g_assert_true(row->status == SM_STATUS_OK || row->status == SM_STATUS_UNSUPPORTED);
    ok += row->status == SM_STATUS_OK && row->per_message;
  }
  g_assert_cmpuint(ok, >, 0);
  g_unlink(csv);
  g_autofree char *meta = g_strconcat(csv, ".meta", NULL);
  g_unlink(meta);
  g_rmdir(dir);
}

static void test_store_keeps_threaded(void)
{
  g_autofree char *dir = g_dir_make_tmp("sm-threads-store-XXXXXX", NULL);
  g_autofree char *csv = g_build_filename(dir, "run.csv", NULL);
  g_autofree char *db = g_build_filename(dir, "store.sqlite", NULL);
  g_autoptr(SmRow) one = scaled_row("openssl", SM_API_EVP, 1, false, 0);
  g_autoptr(SmRow) two = scaled_row("openssl", SM_API_EVP, 2, false, 0.9);
  g_autoptr(SmRow) message = scaled_row("openssl", SM_API_EVP, 1, true, 0);
  g_autofree char *header = sm_csv_header();
  g_autofree char *l1 = sm_csv_format_row(one);
  g_autofree char *l2 = sm_csv_format_row(two);
  g_autofree char *l3 = sm_csv_format_row(message);
  g_autofree char *text = g_strdup_printf("%s\r\n%s\r\n%s\r\n%s\r\n", header, l1, l2, l3);
  g_assert_true(g_file_set_contents(csv, text, -1, NULL));
  const char *const args[] = {"store", "ingest", "--db", db, csv, NULL};
  Outcome o = run_speedmatrix(NULL, args);
  g_assert_cmpint(o.status, ==, 0);
  g_assert_cmpstr(o.out, ==, "1 run stored (3 results, 0 events), 0 already there\n");
  g_assert_cmpstr(o.err, ==, "");
  outcome_clear(&o);
  g_autoptr(GError) error = NULL;
  g_autoptr(SmDb) store = sm_store_open_existing(db, &error);
  g_assert_no_error(error);
  g_autoptr(SmDbRows) rows = sm_db_query(
      store,
      "SELECT s.threads, s.context, r.scaling_efficiency FROM series s JOIN result r ON "
      "r.series_id = s.id ORDER BY s.threads, s.context",
      NULL, 0, &error);
  g_assert_no_error(error);
  g_assert_cmpuint(rows->rows, ==, 3);
  const struct {
    const char *threads, *context;
    double efficiency; /* 0: none stored */
  } expected[] = {{"1", "per-message", 0}, {"1", "reused", 0}, {"2", "reused", 0.9}};
  for (guint r = 0; r < rows->rows; r++) {
    g_assert_cmpstr(sm_db_rows_get(rows, r, 0), ==, expected[r].threads);
    g_assert_cmpstr(sm_db_rows_get(rows, r, 1), ==, expected[r].context);
    if (expected[r].efficiency > 0)
      g_assert_cmpfloat(sm_db_rows_double(rows, r, 2), ==, expected[r].efficiency);
    else
      g_assert_null(sm_db_rows_get(rows, r, 2));
  }
  g_unlink(csv);
  g_clear_pointer(&store, sm_db_close);
  g_unlink(db);
  g_rmdir(dir);
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/threads/bad-counts", test_bad_counts);
  g_test_add_func("/threads/with-parallel-refused", test_with_parallel_refused);
  g_test_add_func("/threads/bad-context", test_bad_context);
  g_test_add_func("/threads/lock-waits", test_lock_waits);
  g_test_add_func("/threads/wrong-thread-fails", test_wrong_thread_fails);
  g_test_add_func("/threads/unsafe-engine", test_unsafe_engine);
  g_test_add_func("/threads/per-message", test_per_message);
  g_test_add_func("/threads/per-message-wrong-thread-fails", test_per_message_wrong_thread_fails);
  g_test_add_func("/threads/per-message-verify", test_per_message_verify);
  g_test_add_func("/threads/list-says-unsafe", test_list_says_unsafe);
  g_test_add_func("/threads/scaling-view", test_scaling_view);
  g_test_add_func("/threads/columns-read", test_columns_read);
  g_test_add_func("/threads/compare-efficiency", test_compare_efficiency);
  g_test_add_func("/threads/store-keeps-threaded", test_store_keeps_threaded);
  return g_test_run();
}

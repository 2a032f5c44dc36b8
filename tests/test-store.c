/* store: the change-point method on series worked out by hand or generated from a fixed seed,
 * the database layer's helpers (SQLite, in a temporary file), and the trend page of a store
 * with nothing to show against a golden file (SM_UPDATE_GOLDEN=1 rewrites it). */
#include "store/db.h"
#include "store/check.h"
#include "store/detect.h"
#include "store/store.h"
#include "core/util.h"
#include "io/csv.h"
#include "io/instructions.h"
#include "testlib.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

/* A fixed pseudo-random normal sequence (Box-Muller over a 64-bit LCG): the same on every run. */
static void noisy(double *x, size_t n, double sigma, guint64 seed)
{
  for (size_t i = 0; i < n; i += 2) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    double u1 = ((seed >> 11) + 1.0) / 9007199254740993.0;
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    double u2 = (seed >> 11) / 9007199254740992.0;
    double r = sqrt(-2 * log(u1));
    x[i] = sigma * r * cos(2 * G_PI * u2);
    if (i + 1 < n)
      x[i + 1] = sigma * r * sin(2 * G_PI * u2);
  }
}

static void test_noise_by_hand(void)
{
  /* differences 1 -1 1 -1 1 -> median 1, |d - 1| = 0 2 0 2 0 -> MAD 0 -> the floor */
  const double flat[] = {0, 1, 0, 1, 0, 1};
  g_assert_cmpfloat(sm_detect_noise(flat, 6, 0.005), ==, 0.005);
  /* differences 0.02 0 -0.02 0.04 -> median 0.01, deviations 0.01 0.01 0.03 0.03 -> MAD 0.02 */
  const double x[] = {0, 0.02, 0.02, 0, 0.04};
  g_assert_cmpfloat_with_epsilon(sm_detect_noise(x, 5, 0.001), 1.4826 * 0.02 / sqrt(2), 1e-12);
  g_assert_cmpfloat(sm_detect_noise(x, 2, 0.003), ==, 0.003);
}

static void test_finds_a_step(void)
{
  double x[60];
  noisy(x, 60, 0.01, 1);
  for (size_t i = 45; i < 60; i++)
    x[i] += log(0.9);
  double sigma = sm_detect_noise(x, 60, sm_detect_defaults.noise_floor);
  g_assert_cmpfloat(sigma, >, 0.006);
  g_assert_cmpfloat(sigma, <, 0.016);
  g_autoptr(GArray) steps = sm_detect_steps(x, 60, sigma, &sm_detect_defaults);
  g_assert_cmpuint(steps->len, ==, 1);
  SmStep step = g_array_index(steps, SmStep, 0);
  g_assert_cmpuint(step.at, ==, 45);
  g_assert_cmpfloat_with_epsilon(exp(step.after - step.before), 0.9, 0.01);
  g_assert_cmpfloat(step.p, <, 1e-6);
}

static void test_new_level_needs_two_runs(void)
{
  double x[30];
  noisy(x, 30, 0.01, 2);
  x[29] += log(0.8); /* one bad night: never a change */
  g_autoptr(GArray) one = sm_detect_steps(x, 30, 0.01, &sm_detect_defaults);
  g_assert_cmpuint(one->len, ==, 0);
  double y[31];
  noisy(y, 31, 0.01, 2);
  y[29] += log(0.8);
  y[30] += log(0.8); /* two: the new level holds */
  g_autoptr(GArray) two = sm_detect_steps(y, 31, 0.01, &sm_detect_defaults);
  g_assert_cmpuint(two->len, ==, 1);
  g_assert_cmpuint(g_array_index(two, SmStep, 0).at, ==, 29);
}

/* Flat noise over many seeds: no step at the default settings. */
static void test_flat_noise_is_quiet(void)
{
  guint found = 0;
  for (guint64 seed = 1; seed <= 500; seed++) {
    double x[60];
    noisy(x, 60, 0.02, seed);
    double sigma = sm_detect_noise(x, 60, sm_detect_defaults.noise_floor);
    g_autoptr(GArray) steps = sm_detect_steps(x, 60, sigma, &sm_detect_defaults);
    found += steps->len;
  }
  g_assert_cmpuint(found, <=, 2);
}

static void test_two_steps(void)
{
  double x[50];
  noisy(x, 50, 0.005, 3);
  for (size_t i = 15; i < 50; i++)
    x[i] += log(1.1);
  for (size_t i = 35; i < 50; i++)
    x[i] += log(0.85);
  g_autoptr(GArray) steps = sm_detect_steps(x, 50, 0.005, &sm_detect_defaults);
  g_assert_cmpuint(steps->len, ==, 2);
  g_assert_cmpuint(g_array_index(steps, SmStep, 0).at, ==, 15);
  g_assert_cmpuint(g_array_index(steps, SmStep, 1).at, ==, 35);
}

static void test_one_line_and_doubles(void)
{
  g_autofree char *line = sm_db_one_line("could not connect\n\tIs the server running?\n");
  g_assert_cmpstr(line, ==, "could not connect; Is the server running?");
  g_autofree char *text = sm_db_double(0.1 + 0.2);
  g_assert_cmpfloat(g_ascii_strtod(text, NULL), ==, 0.1 + 0.2);
  g_assert_null(sm_db_double(NAN));
}

static void test_sqlite_schema(void)
{
  g_autofree char *dir = g_dir_make_tmp("sm-store-XXXXXX", NULL);
  g_autofree char *path = g_build_filename(dir, "sub", "h.sqlite", NULL);
  g_autoptr(GError) error = NULL;
  SmDb *db = sm_store_open(path, &error);
  g_assert_no_error(error);
  g_autoptr(SmDbRows) rows = sm_db_query(db, "SELECT version FROM schema_version", NULL, 0, &error);
  g_assert_no_error(error);
  g_assert_cmpuint(rows->rows, ==, 1);
  g_assert_cmpstr(sm_db_rows_get(rows, 0, 0), ==, G_STRINGIFY(SM_STORE_SCHEMA_VERSION));
  const char *params[] = {"9"};
  g_assert_true(sm_db_exec(db, "UPDATE schema_version SET version = $1", params, 1, &error));
  sm_db_close(db);
  g_assert_null(sm_store_open(path, &error));
  g_assert_error(error, SM_ERROR, SM_ERROR_INPUT);
  g_assert_nonnull(strstr(error->message, "schema version 9 is newer"));
  g_unlink(path);
  g_autofree char *sub = g_path_get_dirname(path);
  g_rmdir(sub);
  g_rmdir(dir);
}

/* An empty file is not a store: check, trend and event refuse it and leave it empty; a store
 * with no run is nothing checked, not a pass. */
static void test_empty_file_and_empty_store(void)
{
  g_autofree char *dir = g_dir_make_tmp("sm-store-XXXXXX", NULL);
  g_autofree char *empty = g_build_filename(dir, "empty.db", NULL);
  g_assert_true(g_file_set_contents(empty, "", 0, NULL));
  const char *check[] = {"store", "check", "--db", "empty.db", NULL};
  const char *trend[] = {"store", "trend", "--db",   "empty.db", "--machine",
                         "h",     "-o",    "t.html", NULL};
  const char *event[] = {"store",     "event",    "--db",   "empty.db",
                         "--machine", "h",        "--when", "2026-01-01T00:00:00Z",
                         "--what",    "new BIOS", NULL};
  const char *const *verbs[] = {check, trend, event};
  for (size_t i = 0; i < G_N_ELEMENTS(verbs); i++) {
    Outcome o = run_speedmatrix(dir, verbs[i]);
    g_assert_cmpint(o.status, ==, 2);
    g_assert_cmpstr(o.err, ==,
                    "speedmatrix: empty.db: an empty file, not a store (store ingest makes it "
                    "one)\n");
    outcome_clear(&o);
    GStatBuf st;
    g_assert_cmpint(g_stat(empty, &st), ==, 0);
    g_assert_cmpint(st.st_size, ==, 0);
  }
  g_autofree char *store = g_build_filename(dir, "none.db", NULL);
  g_autoptr(GError) error = NULL;
  SmDb *db = sm_store_open(store, &error);
  g_assert_no_error(error);
  sm_db_close(db);
  const char *nothing[] = {"store", "check", "--db", "none.db", NULL};
  Outcome o = run_speedmatrix(dir, nothing);
  g_assert_cmpint(o.status, ==, 2);
  g_assert_cmpstr(o.err, ==,
                  "speedmatrix: none.db: the store holds no run, so there is nothing to check "
                  "(store ingest adds runs)\n");
  outcome_clear(&o);
  g_unlink(empty);
  g_unlink(store);
  g_assert_cmpint(g_rmdir(dir), ==, 0);
}

/* One run: each section of the trend page says in a sentence why it has nothing, no empty table
 * and no heatmap of 1.000s. The page's body against the golden file (its style is not the
 * point); a --baseline that names no run is refused. */
static void test_trend_one_run(void)
{
  g_autofree char *dir = g_dir_make_tmp("sm-store-XXXXXX", NULL);
  g_autofree char *path = g_build_filename(dir, "h.sqlite", NULL);
  g_autofree char *run =
      g_build_filename(g_getenv("SM_TESTS_DIR"), "data", "five-engines-run.csv", NULL);
  g_autoptr(GError) error = NULL;
  SmDb *db = sm_store_open(path, &error);
  g_assert_no_error(error);
  SmIngestCounts counts;
  char *paths[] = {run};
  g_assert_true(sm_store_ingest(db, paths, 1, false, &counts, &error));
  g_assert_no_error(error);
  g_autofree char *html = sm_store_trend(db, "vm", NULL, 0, &error);
  g_assert_no_error(error);
  sm_db_close(db);
  const char *body = strstr(html, "<body>");
  g_assert_nonnull(body);
  check_golden("trend-one-run.html", body);
  g_assert_null(strstr(html, "<table"));
  /* A --baseline that names no run is refused, not taken as the default. */
  db = sm_store_open(path, &error);
  g_assert_no_error(error);
  g_autofree char *none = sm_store_trend(db, "vm", "zzzz", 0, &error);
  g_assert_null(none);
  g_assert_error(error, SM_ERROR, SM_ERROR_USAGE);
  g_assert_true(g_str_has_prefix(error->message,
                                 "--baseline: no run of \"vm\" starts with \"zzzz\" (valid: a "
                                 "prefix of "));
  sm_db_close(db);
  g_unlink(path);
  g_rmdir(dir);
}

/* One night's run of host "h": sha256 16 B at one thread and at two, reused contexts, the same
 * rate every night, the two threads' scaling efficiency `efficiency`. */
static char *scaling_night(const char *dir, guint night, double efficiency)
{
  g_autofree char *header = sm_csv_header();
  g_autoptr(GString) text = g_string_new(header);
  g_string_append(text, "\r\n");
  for (unsigned threads = 1; threads <= 2; threads++) {
    g_autoptr(SmRow) row = sm_row_new("openssl", "3.5", "sha256", SM_KIND_DIGEST, "h", "c", 1);
    g_free(row->timestamp);
    row->timestamp = g_strdup_printf("2026-01-%02uT02:00:00Z", night + 1);
    row->operation = SM_OP_HASH;
    row->api = SM_API_EVP;
    row->block_size = 16;
    row->status = SM_STATUS_OK;
    row->threads = threads;
    row->ops_per_sec = 1000 * threads * (threads > 1 ? efficiency : 1);
    row->stats.count = 11;
    row->stats.median = row->ops_per_sec;
    row->scaling_efficiency = threads > 1 ? efficiency : 0;
    g_autofree char *line = sm_csv_format_row(row);
    g_string_append_printf(text, "%s\r\n", line);
  }
  g_autofree char *name = g_strdup_printf("night-%02u.csv", night);
  char *path = g_build_filename(dir, name, NULL);
  g_assert_true(g_file_set_contents(path, text->str, -1, NULL));
  return path;
}

/* A series' scaling efficiency is judged as a figure of its own, by compare's rule: a fall of
 * more than SM_EFFICIENCY_CHANGE on the newest night fails the check, whatever the rate of one
 * thread did; a smaller move, or a rise, does not. */
static void test_check_scaling(void)
{
  const struct {
    double last;
    bool found;
    const char *line;
  } cases[] = {
      {0.60, true,
       "h  openssl sha256 hash evp 16 threads=2  scaling efficiency 0.95 -> 0.60  -0.35  since "
       "2026-01-08T02:00:00Z  scaling fell\n"},
      {0.90, false, "h  no new change (8 runs, 2 series"},
      {1.00, false, "h  no new change (8 runs, 2 series"},
  };
  for (size_t c = 0; c < G_N_ELEMENTS(cases); c++) {
    g_autofree char *dir = g_dir_make_tmp("sm-store-XXXXXX", NULL);
    g_autofree char *path = g_build_filename(dir, "h.sqlite", NULL);
    g_autoptr(GPtrArray) nights = g_ptr_array_new_with_free_func(g_free);
    for (guint night = 0; night < 8; night++)
      g_ptr_array_add(
          nights,
          scaling_night(dir, night, night == 7 ? cases[c].last : 0.94 + 0.01 * (night % 3)));
    g_autoptr(GError) error = NULL;
    SmDb *db = sm_store_open(path, &error);
    g_assert_no_error(error);
    SmIngestCounts counts;
    g_assert_true(sm_store_ingest(db, (char **)nights->pdata, nights->len, false, &counts, &error));
    g_assert_no_error(error);
    g_assert_cmpuint(counts.results_added, ==, 16);
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    bool found = false;
    g_assert_true(sm_store_check(db, NULL, 2, SM_INSTRUCTIONS_THRESHOLD, out, &found, &error));
    g_assert_no_error(error);
    fclose(out);
    g_test_message("%s", text);
    g_assert_cmpint(found, ==, cases[c].found);
    g_assert_nonnull(strstr(text, cases[c].line));
    free(text);
    sm_db_close(db);
    for (guint i = 0; i < nights->len; i++)
      g_unlink(nights->pdata[i]);
    g_unlink(path);
    g_rmdir(dir);
  }
}

/* The instruction gate on a machine with profiles only: the newest profile against the one
 * before; a rise beyond the threshold is found, a fall is shown and never found. */
static void test_check_instructions(void)
{
  static const struct {
    double threshold;
    bool found, rose, fell;
  } cases[] = {
      {SM_INSTRUCTIONS_THRESHOLD, true, true, true}, /* nettle +1%, sodium -2% */
      {1.5, false, false, true},                     /* only the fall reaches 1.5% */
      {5, false, false, false},
  };
  g_autofree char *base =
      g_build_filename(g_getenv("SM_TESTS_DIR"), "data", "profile-base.profile.csv", NULL);
  g_autofree char *other =
      g_build_filename(g_getenv("SM_TESTS_DIR"), "data", "profile-other.profile.csv", NULL);
  char *paths[] = {other, base}; /* stored in time order whatever the order given */
  g_autofree char *dir = g_dir_make_tmp("sm-store-XXXXXX", NULL);
  g_autofree char *path = g_build_filename(dir, "p.sqlite", NULL);
  g_autoptr(GError) error = NULL;
  SmDb *db = sm_store_open(path, &error);
  g_assert_no_error(error);
  SmIngestCounts counts;
  g_assert_true(sm_store_ingest(db, paths, 2, false, &counts, &error));
  g_assert_no_error(error);
  g_assert_cmpuint(counts.runs_added, ==, 0);
  g_assert_cmpuint(counts.profiles_added, ==, 2);
  g_assert_cmpuint(counts.profile_results_added, ==, 11);
  for (size_t c = 0; c < G_N_ELEMENTS(cases); c++) {
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    bool found = false;
    g_assert_true(sm_store_check(db, NULL, 2, cases[c].threshold, out, &found, &error));
    g_assert_no_error(error);
    fclose(out);
    g_test_message("%s", text);
    g_assert_cmpint(found, ==, cases[c].found);
    g_assert_cmpint(strstr(text, "ci  nettle aes-128-gcm encrypt evp 1024  3000 -> 3030 "
                                 "instructions/op  +1.00%  since 2026-12-02T02:00:00Z  "
                                 "instructions rose\n") != NULL,
                    ==, cases[c].rose);
    g_assert_cmpint(strstr(text, "instructions fell") != NULL, ==, cases[c].fell);
    if (!cases[c].rose && !cases[c].fell)
      g_assert_cmpstr(text, ==, "ci  no new change (profiles only)\n");
    free(text);
  }
  sm_db_close(db);
  g_unlink(path);
  g_rmdir(dir);
}

/* Every form of password libpq reads is masked in messages; nothing else changes. */
static void test_display_name(void)
{
  static const struct {
    const char *location, *shown;
  } cases[] = {
      {"postgresql://bob:s3cret@db/sm", "postgresql://bob:***@db/sm"},
      {"postgresql://db:5432/sm?password=s3cret", "postgresql://db:5432/sm?password=***"},
      {"postgres://db/sm?sslmode=require&password=s3cret&user=bob",
       "postgres://db/sm?sslmode=require&password=***&user=bob"},
      {"postgresql://bob:a@b@db/sm?password=x#frag", "postgresql://bob:***@db/sm?password=***"},
      {"host=db password=s3cret port=5432", "host=db password=*** port=5432"},
      {"host=db password = 's3 cr\\'et' user=bob", "host=db password = *** user=bob"},
      {"password=s3cret", "password=***"},
      {"mysql://bob:s3cret@db/x", "mysql://bob:***@db/x"},
      {"postgresql://db/sm?pass%77ord=s3cret", "postgresql://db/sm?pass%77ord=***"},
      {"postgresql://db/sm?%70assword=s3cret&user=bob",
       "postgresql://db/sm?%70assword=***&user=bob"},
      {"postgresql://u:pa?ss@host/db", "postgresql://u:***@host/db"},
      {"postgresql://u:pa#ss@host/db?x=1", "postgresql://u:***@host/db?x=1"},
      {"history/nopassword=x.sqlite", "history/nopassword=x.sqlite"},
      {"results/history.sqlite", "results/history.sqlite"},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
    g_autofree char *shown = sm_db_display_name(cases[i].location);
    g_assert_cmpstr(shown, ==, cases[i].shown);
  }
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/store/detect/noise-by-hand", test_noise_by_hand);
  g_test_add_func("/store/detect/finds-a-step", test_finds_a_step);
  g_test_add_func("/store/detect/new-level-needs-two-runs", test_new_level_needs_two_runs);
  g_test_add_func("/store/detect/flat-noise-is-quiet", test_flat_noise_is_quiet);
  g_test_add_func("/store/detect/two-steps", test_two_steps);
  g_test_add_func("/store/db/one-line-and-doubles", test_one_line_and_doubles);
  g_test_add_func("/store/db/sqlite-schema", test_sqlite_schema);
  g_test_add_func("/store/db/display-name", test_display_name);
  g_test_add_func("/store/trend/one-run", test_trend_one_run);
  g_test_add_func("/store/check/scaling", test_check_scaling);
  g_test_add_func("/store/check/instructions", test_check_instructions);
  g_test_add_func("/store/empty-file-and-empty-store", test_empty_file_and_empty_store);
  return g_test_run();
}

/* speedmatrix ct: memcheck's log read by phase and kind, the two test-only engines judged (the
 * leaky one secret-dependent with both kinds and its functions named, the constant-time one
 * clean), with and without the message counted as secret, and the CSV read back. */
#include "core/util.h"
#include "ct/dudect.h"
#include "ct/memcheck_xml.h"
#include "ct/secret_run.h"
#include "io/csv.h"
#include "io/ct_csv.h"
#include "testlib.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

/* A memcheck XML log cut to what the reader uses: a marker, then one error of each kind. */
static const char log_text[] =
    "<?xml version=\"1.0\"?>\n<valgrindoutput>\n<protocolversion>4</protocolversion>\n"
    "<clientmsg><tid>1</tid><text>sm-ct phase setup\n</text></clientmsg>\n"
    "<error><unique>0x1</unique><tid>1</tid><kind>UninitValue</kind>"
    "<what>Use of uninitialised value of size 8</what><stack>"
    "<frame><ip>0x10</ip><obj>/x/libt.so</obj><fn>schedule</fn><dir>/s</dir><file>t.c</file>"
    "<line>7</line></frame><frame><ip>0x20</ip><fn>caller</fn></frame></stack></error>\n"
    "<clientmsg><tid>1</tid><text>sm-ct phase op\n</text></clientmsg>\n"
    "<error><unique>0x2</unique><tid>1</tid><kind>UninitCondition</kind>"
    "<what>Conditional jump</what><stack><frame><ip>0x30</ip><obj>/x/libt.so</obj>"
    "<fn>encrypt</fn></frame></stack></error>\n"
    "<error><unique>0x3</unique><tid>1</tid><kind>SyscallParam</kind><stack><frame><ip>0x40</ip>"
    "</frame></stack></error>\n"
    "<clientmsg><tid>1</tid><text>sm-ct phase after\n</text></clientmsg>\n"
    "<error><unique>0x4</unique><tid>1</tid><kind>UninitCondition</kind><stack><frame>"
    "<ip>0x50</ip><fn>strlen</fn></frame></stack></error>\n"
    "</valgrindoutput>\n";

static void test_log_phases(void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SmCtLog) log = sm_ct_log_parse("t.xml", log_text, strlen(log_text), &error);
  g_assert_no_error(error);
  g_assert_true(log->finished);
  g_assert_cmpuint(log->errors->len, ==, 4);
  const SmCtError *e = log->errors->pdata[0];
  g_assert_cmpint(e->phase, ==, SM_CT_PHASE_SETUP);
  g_assert_cmpint(e->kind, ==, SM_CT_INDEX);
  g_assert_cmpstr(e->where, ==, "schedule (t.c:7)");
  e = log->errors->pdata[1];
  g_assert_cmpint(e->phase, ==, SM_CT_PHASE_OP);
  g_assert_cmpint(e->kind, ==, SM_CT_BRANCH);
  g_assert_cmpstr(e->where, ==, "encrypt in libt.so");
  e = log->errors->pdata[2];
  g_assert_cmpint(e->kind, ==, SM_CT_OTHER);
  e = log->errors->pdata[3];
  g_assert_cmpint(e->phase, ==, SM_CT_PHASE_AFTER);

  /* Cut short (the process was killed): what came before the cut is kept, not finished. */
  g_autoptr(SmCtLog) cut = sm_ct_log_parse("t.xml", log_text, 600, &error);
  g_assert_no_error(error);
  g_assert_false(cut->finished);
  g_assert_cmpuint(cut->errors->len, ==, 1);

  g_autoptr(SmCtLog) bad = sm_ct_log_parse("bad.xml", "<<<", 3, &error);
  g_assert_null(bad);
  g_assert_nonnull(strstr(error->message, "bad.xml: not memcheck XML"));
}

/* Whether this build can check under memcheck; skips the test case when not. */
static bool memcheck_usable(void)
{
  g_autofree char *valgrind = g_find_program_in_path("valgrind");
  const char *why = valgrind == NULL ? "valgrind is not installed" : sm_build_refuses_valgrind();
  if (why != NULL)
    g_test_skip(why);
  return why == NULL;
}

/* A directory holding the two test engines. */
static char *toy_dir(void)
{
  char *dir = g_dir_make_tmp("sm-ct-XXXXXX", NULL);
  const char *const names[] = {"ct-leaky.so", "ct-clean.so"};
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

/* speedmatrix ct over the toys' aes-128-ctr at 64 bytes, quiet, with `extra` (NULL-terminated)
 * after. */
static Outcome run_toys(const char *dir, const char *const *extra)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new();
  const char *const fixed[] = {
      "ct",           "--matrix",    "/dev/null", "--engines", "ct-leaky,ct-clean",
      "--algorithms", "aes-128-ctr", "--sizes",   "64",        "--api",
      "evp",          "--quiet"};
  for (size_t i = 0; i < G_N_ELEMENTS(fixed); i++)
    g_ptr_array_add(args, (gpointer)fixed[i]);
  for (const char *const *e = extra; *e != NULL; e++)
    g_ptr_array_add(args, (gpointer)*e);
  g_ptr_array_add(args, NULL);
  return run_with(dir, (const char *const *)args->pdata);
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

static const SmCtRecord *find(const SmCtSet *set, const char *engine, SmOp op)
{
  SmCellId id = {.engine = engine,
                 .algorithm = "aes-128-ctr",
                 .op = op,
                 .api = SM_API_EVP,
                 .block_size = 64,
                 .accel = SM_ACCEL_ON,
                 .parallel = 1};
  const SmCtRecord *r = sm_ct_set_find(set, &id);
  g_assert_nonnull(r);
  return r;
}

/* A run's CSV for the toys, as if they had been measured (they fail their known answers): the
 * leaky engine the faster. */
static char *toy_run_csv(const char *dir)
{
  g_autoptr(GString) text = g_string_new(NULL);
  g_autofree char *header = sm_csv_header();
  g_string_append_printf(text, "%s\r\n", header);
  const char *const engines[] = {"ct-leaky", "ct-clean"};
  for (guint e = 0; e < G_N_ELEMENTS(engines); e++) {
    g_autoptr(SmRow) row =
        sm_row_new(engines[e], "1.0-test", "aes-128-ctr", SM_KIND_CIPHER, "h", "cpu", 1);
    row->operation = SM_OP_ENCRYPT;
    row->api = SM_API_EVP;
    row->block_size = 64;
    row->status = SM_STATUS_OK;
    row->parallel = 1;
    row->ops_per_sec = e == 0 ? 2e6 : 1e6;
    row->bytes_per_sec = row->ops_per_sec * 64;
    row->stats = (SmStats){.count = 5, .median = row->ops_per_sec};
    g_autofree char *line = sm_csv_format_row(row);
    g_string_append_printf(text, "%s\r\n", line);
  }
  char *path = g_build_filename(dir, "run.csv", NULL);
  g_assert_true(g_file_set_contents(path, text->str, (gssize)text->len, NULL));
  return path;
}

/* Where the verdicts show: summary --ct marks the leaky engine's cell with !, and report --ct
 * names its first function in the winners table. */
static void check_shown(const char *dir, const char *csv)
{
  g_autofree char *run = toy_run_csv(dir);
  const char *summary[] = {"summary", run, "--ct", csv, "--color", "never", NULL};
  Outcome o = run_with(dir, summary);
  g_assert_cmpint(o.status, ==, 0);
  g_assert_nonnull(strstr(o.out, "1.00!*"));
  g_assert_nonnull(strstr(o.out, "0.50  "));
  g_assert_nonnull(strstr(o.out, "! before the marker"));
  outcome_clear(&o);
  const char *report[] = {"report", run, "--ct", csv, "-f", "markdown", "-o", "-", NULL};
  o = run_with(dir, report);
  g_assert_cmpint(o.status, ==, 0);
  g_assert_nonnull(strstr(o.out, "| constant time |"));
  g_assert_nonnull(strstr(o.out, "| secret-dependent: leaky_stream_byte"));
  outcome_clear(&o);
  g_unlink(run);
}

/* compare over two ct files: a base in which the leaky engine was clean, then the real file:
 * each of its cells is named as having become secret-dependent, and compare exits 1; the real
 * file against itself changes nothing and exits 0. */
static void check_compare(const char *dir, const char *csv, SmCtSet *set)
{
  g_autoptr(GString) base = g_string_new(NULL);
  g_autofree char *header = sm_ct_csv_header();
  g_string_append_printf(base, "%s\r\n", header);
  for (guint i = 0; i < set->records->len; i++) {
    SmCtRecord *r = set->records->pdata[i];
    if (strcmp(r->row->engine, "ct-leaky") == 0) {
      r->verdict = SM_CT_CLEAN;
      r->branches_setup = r->indexes_setup = r->branches_op = r->indexes_op = 0;
    }
    g_autofree char *line = sm_ct_csv_format(r);
    g_string_append_printf(base, "%s\r\n", line);
  }
  g_autofree char *base_csv = g_build_filename(dir, "base.csv", NULL);
  g_assert_true(g_file_set_contents(base_csv, base->str, (gssize)base->len, NULL));
  const char *args[] = {"compare", base_csv, csv, NULL};
  Outcome o = run_with(dir, args);
  g_assert_cmpint(o.status, ==, 1);
  g_assert_nonnull(strstr(o.out, "4 cells, 2 changed, 2 became secret-dependent"));
  g_assert_nonnull(
      strstr(o.out, "ct-leaky aes-128-ctr encrypt evp 64 B  clean -> secret-dependent"));
  g_assert_null(strstr(o.out, "ct-clean"));
  outcome_clear(&o);
  const char *same[] = {"compare", csv, csv, NULL};
  o = run_with(dir, same);
  g_assert_cmpint(o.status, ==, 0);
  g_assert_nonnull(strstr(o.out, "4 cells, 0 changed, 0 became secret-dependent"));
  outcome_clear(&o);
}

static void check_toys(gconstpointer data)
{
  bool secret_data = GPOINTER_TO_INT(data);
  if (!memcheck_usable())
    return;
  g_autofree char *dir = toy_dir();
  g_autofree char *csv = g_build_filename(dir, "ct.csv", NULL);
  const char *extra[] = {
      "--operations", "encrypt,decrypt", "-o", csv, secret_data ? "--secret-data" : NULL, NULL};
  Outcome o = run_toys(dir, extra);
  g_assert_cmpint(o.status, ==, 1); /* a secret-dependent cell was found */
  g_autoptr(GError) error = NULL;
  g_autoptr(SmCtSet) set = sm_ct_set_read(csv, &error);
  g_assert_no_error(error);
  g_assert_cmpuint(set->records->len, ==, 4);
  for (SmOp op = SM_OP_ENCRYPT; op <= SM_OP_DECRYPT; op++) {
    const SmCtRecord *leaky = find(set, "ct-leaky", op);
    g_assert_cmpint(leaky->verdict, ==, SM_CT_SECRET_DEPENDENT);
    g_assert_cmpint(leaky->secret_data, ==, secret_data);
    /* The key schedule's lookups count in setup, the stream's lookups and loop in the op. */
    g_assert_cmpuint(leaky->indexes_setup, >=, 1);
    g_assert_cmpuint(leaky->branches_setup, ==, 0);
    g_assert_cmpuint(leaky->branches_op, >=, 1);
    g_assert_cmpuint(leaky->indexes_op, >=, 1);
    g_assert_nonnull(strstr(leaky->first_function, "leaky_stream_byte"));
    g_assert_nonnull(strstr(leaky->detail, "leaky_key_schedule"));
    const SmCtRecord *clean = find(set, "ct-clean", op);
    g_assert_cmpint(clean->verdict, ==, SM_CT_CLEAN);
    g_assert_cmpuint(clean->branches_setup + clean->indexes_setup + clean->branches_op +
                         clean->indexes_op,
                     ==, 0);
    g_assert_null(clean->first_function);
  }
  outcome_clear(&o);
  if (!secret_data) {
    check_shown(dir, csv);
    check_compare(dir, csv, set);
  }
  remove_dir(dir);
}

/* A cell with nothing secret is not checked, and says why; an unknown engine is bad input. */
static void test_not_checked_and_errors(void)
{
  g_autofree char *dir = toy_dir();
  const char *args[] = {"ct",     "--matrix", "/dev/null", "--engines", "ct-clean", "--algorithms",
                        "sha256", "-o",       "-",         "--quiet",   NULL};
  Outcome o = run_with(dir, args);
  g_assert_cmpint(o.status, ==, 0);
  g_autoptr(GError) error = NULL;
  g_autoptr(SmCtSet) set = sm_ct_set_parse("-", o.out, strlen(o.out), &error);
  g_assert_no_error(error);
  g_assert_cmpuint(set->records->len, >=, 1);
  for (guint i = 0; i < set->records->len; i++) {
    const SmCtRecord *r = set->records->pdata[i];
    g_assert_cmpint(r->verdict, ==, SM_CT_NOT_CHECKED);
    g_assert_nonnull(r->detail);
  }
  outcome_clear(&o);
  const char *bad[] = {"ct", "--matrix", "/dev/null", "--engines", "nope", NULL};
  o = run_with(dir, bad);
  g_assert_cmpint(o.status, ==, 2);
  g_assert_nonnull(strstr(o.err, "--engines: unknown engine \"nope\""));
  outcome_clear(&o);
  remove_dir(dir);
}

/* Writes `set`'s records to `path` as a ct file, every verdict `verdict` (and no counts); with
 * `rows` false, the header alone (a ct interrupted before its first cell). */
static void write_ct_file(const char *path, const SmCtSet *set, SmCtVerdict verdict, bool rows)
{
  g_autoptr(GString) text = g_string_new(NULL);
  g_autofree char *header = sm_ct_csv_header();
  g_string_append_printf(text, "%s\r\n", header);
  for (guint i = 0; rows && i < set->records->len; i++) {
    SmCtRecord *r = set->records->pdata[i];
    r->verdict = verdict;
    g_autofree char *line = sm_ct_csv_format(r);
    g_string_append_printf(text, "%s\r\n", line);
  }
  g_assert_true(g_file_set_contents(path, text->str, (gssize)text->len, NULL));
}

/* Without valgrind, cells with a key are not checked, and that is exit 1 with a line that says
 * so; compare refuses a later ct file that lost cells unless --allow-missing, and exits 1 when
 * a cell checked before is no longer checked. */
static void test_unchecked_is_not_a_pass(void)
{
  g_autofree char *dir = toy_dir();
  g_autofree char *csv = g_build_filename(dir, "ct.csv", NULL);
  g_autofree char *path = g_strdup(g_getenv("PATH"));
  g_setenv("PATH", dir, TRUE); /* no valgrind there */
  const char *extra[] = {"--engines", "ct-clean", "--operations", "encrypt", "-o", csv, NULL};
  Outcome o = run_toys(dir, extra);
  g_setenv("PATH", path, TRUE);
  g_assert_cmpint(o.status, ==, 1);
  g_assert_nonnull(strstr(o.err, "1 cell with a secret could not be checked"));
  g_assert_nonnull(strstr(o.err, "not a pass"));
  outcome_clear(&o);
  g_autoptr(GError) error = NULL;
  g_autoptr(SmCtSet) set = sm_ct_set_read(csv, &error);
  g_assert_no_error(error);
  g_assert_cmpuint(set->records->len, ==, 1);

  g_autofree char *clean = g_build_filename(dir, "clean.csv", NULL);
  g_autofree char *empty = g_build_filename(dir, "empty.csv", NULL);
  write_ct_file(clean, set, SM_CT_CLEAN, true);
  write_ct_file(empty, set, SM_CT_CLEAN, false);
  const char *lost[] = {"compare", clean, empty, NULL};
  o = run_with(dir, lost);
  g_assert_cmpint(o.status, ==, 2);
  g_autofree char *expected = g_strdup_printf(
      "speedmatrix: %s: lacks 1 of the 1 cells of %s (an interrupted ct?): give --allow-missing "
      "to compare the cells it has\n",
      empty, clean);
  g_assert_cmpstr(o.err, ==, expected);
  outcome_clear(&o);
  const char *allowed[] = {"compare", clean, empty, "--allow-missing", NULL};
  o = run_with(dir, allowed);
  g_assert_cmpint(o.status, ==, 0);
  g_assert_nonnull(strstr(o.out, "cell missing"));
  outcome_clear(&o);
  const char *unchecked[] = {"compare", clean, csv, NULL};
  o = run_with(dir, unchecked);
  g_assert_cmpint(o.status, ==, 1);
  g_assert_nonnull(
      strstr(o.out, "1 cells, 1 changed, 0 became secret-dependent, 1 no longer checked"));
  outcome_clear(&o);
  remove_dir(dir);
}

/* Welch's t on numbers worked by hand: class 0 {1, 2, 3}, class 1 {4, 5, 6}: means 2 and 5,
 * variances 1, t = -3 / sqrt(1/3 + 1/3) = -3.674; the crop below 5.5 leaves class 1 {4, 5}. */
static void test_welch(void)
{
  const double times[] = {1, 4, 2, 5, 3, 6};
  const guint8 classes[] = {0, 1, 0, 1, 0, 1};
  guint64 used = 0;
  double t = sm_dudect_welch_t(times, classes, 6, INFINITY, &used);
  g_assert_cmpfloat_with_epsilon(t, -3.0 / sqrt(2.0 / 3.0), 1e-9);
  g_assert_cmpuint(used, ==, 6);
  t = sm_dudect_welch_t(times, classes, 6, 5.5, &used);
  g_assert_cmpuint(used, ==, 5);
  g_assert_cmpfloat_with_epsilon(t, -2.5 / sqrt(1.0 / 3.0 + 0.5 / 2.0), 1e-9);
  t = sm_dudect_welch_t(times, classes, 6, 1.5, &used);
  g_assert_cmpfloat(t, ==, 0); /* one sample of one class: no test */
}

/* The statistical check separates the toys at a 2 s budget (some 10^5 samples each, and still
 * over 10^4 when other suites load both cores, as CI's do): the leaky one's |t| is past the
 * threshold and at least three times the clean one's (a clean toy measured while other stages load
 * both cores reached |t| 33 beside the leaky one's 323). */
static void test_dudect_toys(void)
{
  if (!memcheck_usable())
    return; /* dudect runs on the cells memcheck checked */
  g_autofree char *dir = toy_dir();
  const char *extra[] = {"--operations", "encrypt", "--dudect", "2", "-o", "-", NULL};
  Outcome o = run_toys(dir, extra);
  g_assert_cmpint(o.status, ==, 1);
  g_autoptr(GError) error = NULL;
  g_autoptr(SmCtSet) set = sm_ct_set_parse("-", o.out, strlen(o.out), &error);
  g_assert_no_error(error);
  const SmCtRecord *leaky = find(set, "ct-leaky", SM_OP_ENCRYPT);
  const SmCtRecord *clean = find(set, "ct-clean", SM_OP_ENCRYPT);
  g_assert_false(isnan(leaky->dudect_t));
  g_assert_false(isnan(clean->dudect_t));
  g_assert_cmpuint(leaky->dudect_samples, >=, 10000);
  g_assert_cmpuint(clean->dudect_samples, >=, 10000);
  g_test_message("dudect t: leaky %.1f over %" G_GUINT64_FORMAT
                 ", clean %.1f over %" G_GUINT64_FORMAT,
                 leaky->dudect_t, leaky->dudect_samples, clean->dudect_t, clean->dudect_samples);
  g_assert_cmpstr(sm_ct_dudect_verdict(leaky), ==, "leak-indicated");
  g_assert_cmpfloat(fabs(leaky->dudect_t), >, 3 * MAX(fabs(clean->dudect_t), 1.0));
  g_assert_nonnull(strstr(leaky->detail, "dudect: |t|"));
  outcome_clear(&o);
  remove_dir(dir);
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/ct/log/phases", test_log_phases);
  g_test_add_data_func("/ct/toys/key-secret", GINT_TO_POINTER(0), check_toys);
  g_test_add_data_func("/ct/toys/data-secret", GINT_TO_POINTER(1), check_toys);
  g_test_add_func("/ct/not-checked", test_not_checked_and_errors);
  g_test_add_func("/ct/unchecked-is-not-a-pass", test_unchecked_is_not_a_pass);
  g_test_add_func("/ct/dudect/welch", test_welch);
  g_test_add_func("/ct/dudect/toys", test_dudect_toys);
  return g_test_run();
}

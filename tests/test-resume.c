/* `run --resume FILE` continues only what one measured run of the same settings left: each other
 * case is refused with its own reason, and what is resumed keeps its metadata. */
#include "testlib.h"

#include "io/results.h"

#include <fcntl.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

static const char *const small[] = {
    "run",    "--matrix", "/dev/null", "--engines", "openssl",    "--algorithms",
    "sha256", "--sizes",  "64,1024",   "--api",     "evp,low",    "--time",
    "0.01",   "--passes", "2",         "--quiet",   "--no-table", NULL};

/* `small`, then `extra` (NULL-terminated, may be NULL). */
static Outcome run_small(const char *const *extra)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new();
  for (const char *const *a = small; *a != NULL; a++)
    g_ptr_array_add(args, (gpointer)*a);
  for (const char *const *a = extra; a != NULL && *a != NULL; a++)
    g_ptr_array_add(args, (gpointer)*a);
  g_ptr_array_add(args, NULL);
  return run_with(NULL, (const char *const *)args->pdata);
}

typedef struct {
  char *dir;
  char *csv;
} Fixture;

static void fixture_set_up(Fixture *f, gconstpointer data)
{
  (void)data;
  f->dir = g_dir_make_tmp("sm-resume-XXXXXX", NULL);
  f->csv = g_build_filename(f->dir, "run.csv", NULL);
  const char *out[] = {"-o", f->csv, NULL};
  Outcome o = run_small(out);
  g_assert_cmpint(o.status, ==, 0);
  outcome_clear(&o);
}

static void fixture_tear_down(Fixture *f, gconstpointer data)
{
  (void)data;
  const char *suffixes[] = {"", ".meta", ".journal"};
  for (size_t i = 0; i < G_N_ELEMENTS(suffixes); i++) {
    g_autofree char *path = g_strconcat(f->csv, suffixes[i], NULL);
    g_unlink(path);
  }
  g_rmdir(f->dir);
  g_free(f->csv);
  g_free(f->dir);
}

static Outcome resume(const Fixture *f, const char *const *extra)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new();
  for (const char *const *a = extra; a != NULL && *a != NULL; a++)
    g_ptr_array_add(args, (gpointer)*a);
  g_ptr_array_add(args, "--resume");
  g_ptr_array_add(args, f->csv);
  g_ptr_array_add(args, NULL);
  return run_small((const char *const *)args->pdata);
}

static void expect_refused(const Fixture *f, const char *const *extra, const char *message)
{
  g_autofree char *before = NULL;
  g_assert_true(g_file_get_contents(f->csv, &before, NULL, NULL));
  Outcome o = resume(f, extra);
  g_assert_cmpint(o.status, ==, 2);
  g_autofree char *expected = g_strdup_printf("speedmatrix: %s\n", message);
  g_assert_cmpstr(o.err, ==, expected);
  g_autofree char *after = NULL;
  g_assert_true(g_file_get_contents(f->csv, &after, NULL, NULL));
  g_assert_cmpstr(after, ==, before); /* nothing appended */
  outcome_clear(&o);
}

static void test_other_settings(Fixture *f, gconstpointer data)
{
  (void)data;
  const char *seed[] = {"--seed", "2", NULL};
  g_autofree char *message = g_strdup_printf(
      "%s.meta: measured with other settings (seed=1 there, seed=2 here): resume with the "
      "first run's matrix and flags",
      f->csv);
  expect_refused(f, seed, message);
}

static void test_no_meta_other_seed(Fixture *f, gconstpointer data)
{
  (void)data;
  g_autofree char *meta = g_strconcat(f->csv, ".meta", NULL);
  g_assert_cmpint(g_unlink(meta), ==, 0);
  const char *seed[] = {"--seed", "2", NULL};
  g_autofree char *message = g_strdup_printf(
      "%s:2: measured with seed 1, this run has seed 2: resume with the first run's flags", f->csv);
  expect_refused(f, seed, message);
}

static void test_imported_rows(Fixture *f, gconstpointer data)
{
  (void)data;
  /* An import's rows carry a source: they were not measured by this run. */
  g_autofree char *text = NULL;
  g_assert_true(g_file_get_contents(f->csv, &text, NULL, NULL));
  g_auto(GStrv) lines = g_strsplit(text, "\r\n", -1);
  g_auto(GStrv) header = g_strsplit(lines[0], ",", -1);
  guint source = 0;
  while (strcmp(header[source], "source") != 0)
    source++;
  g_auto(GStrv) fields = g_strsplit(lines[1], ",", -1);
  g_free(fields[source]);
  fields[source] = g_strdup("speed.txt#run 1");
  g_free(lines[1]);
  lines[1] = g_strjoinv(",", fields);
  g_autofree char *changed = g_strjoinv("\r\n", lines);
  g_assert_true(g_file_set_contents(f->csv, changed, -1, NULL));
  g_autofree char *message = g_strdup_printf("%s:2: an imported row (source speed.txt#run 1): "
                                             "only a run speedmatrix measured can be resumed",
                                             f->csv);
  expect_refused(f, NULL, message);
}

static void test_duplicate_cell(Fixture *f, gconstpointer data)
{
  (void)data;
  g_autofree char *text = NULL;
  g_assert_true(g_file_get_contents(f->csv, &text, NULL, NULL));
  g_auto(GStrv) lines = g_strsplit(text, "\r\n", -1);
  g_autofree char *doubled = g_strconcat(text, lines[1], "\r\n", NULL);
  g_assert_true(g_file_set_contents(f->csv, doubled, -1, NULL));
  guint count = g_strv_length(lines); /* header, rows, and "" after the last line end */
  g_autofree char *message = g_strdup_printf(
      "%s:%u: the same cell as line 2: not the CSV of one run, so it cannot be resumed", f->csv,
      count);
  expect_refused(f, NULL, message);
}

static void test_locked(Fixture *f, gconstpointer data)
{
  (void)data;
  int fd = open(f->csv, O_RDONLY);
  g_assert_cmpint(fd, >=, 0);
  g_assert_cmpint(flock(fd, LOCK_EX | LOCK_NB), ==, 0); /* another run writing it */
  g_autofree char *message = g_strdup_printf("%s: another speedmatrix run is writing it", f->csv);
  expect_refused(f, NULL, message);
  close(fd);
}

/* A resumed run keeps the first run's start in its metadata and says when it was resumed; a
 * file whose line ends became LF stays LF. */
static void test_resumed_keeps_meta_and_line_ends(Fixture *f, gconstpointer data)
{
  (void)data;
  g_autofree char *meta_path = g_strconcat(f->csv, ".meta", NULL);
  g_autoptr(GKeyFile) first = g_key_file_new();
  g_assert_true(g_key_file_load_from_file(first, meta_path, G_KEY_FILE_NONE, NULL));
  g_autofree char *started = g_key_file_get_string(first, "run", "started", NULL);
  /* Drop the last two rows, as a kill would, and convert to LF. */
  g_autofree char *text = NULL;
  g_assert_true(g_file_get_contents(f->csv, &text, NULL, NULL));
  g_auto(GStrv) lines = g_strsplit(text, "\r\n", -1);
  guint count = g_strv_length(lines);
  g_free(lines[count - 3]);
  lines[count - 3] = g_strdup("");
  g_free(lines[count - 2]);
  lines[count - 2] = NULL;
  g_clear_pointer(&lines[count - 1], g_free); /* past the new end: g_strfreev stops at NULL */
  g_autofree char *cut = g_strjoinv("\n", lines);
  g_assert_true(g_file_set_contents(f->csv, cut, -1, NULL));
  Outcome o = resume(f, NULL);
  g_assert_cmpint(o.status, ==, 0);
  outcome_clear(&o);
  g_autofree char *after = NULL;
  g_assert_true(g_file_get_contents(f->csv, &after, NULL, NULL));
  g_assert_null(strstr(after, "\r\n"));
  g_assert_true(g_str_has_suffix(after, "\n"));
  g_auto(GStrv) rows = g_strsplit(after, "\n", -1);
  g_assert_cmpuint(g_strv_length(rows), ==, count); /* every cell again, and "" at the end */
  g_autoptr(GKeyFile) meta = g_key_file_new();
  g_assert_true(g_key_file_load_from_file(meta, meta_path, G_KEY_FILE_NONE, NULL));
  g_autofree char *kept = g_key_file_get_string(meta, "run", "started", NULL);
  g_assert_cmpstr(kept, ==, started);
  g_autofree char *resumed = g_key_file_get_string(meta, "run", "resumed", NULL);
  g_assert_nonnull(resumed);
  g_assert_cmpstr(resumed, !=, "");
}

/* A last row without its line end (an editor, a write cut inside the last field, or one cut
 * between its CR and LF: `data` is how many bytes of the end are cut) is not counted as done: the
 * appender cuts it, so it is measured again and the file is whole. */
static void test_unterminated_last_row_measured_again(Fixture *f, gconstpointer data)
{
  g_autofree char *text = NULL;
  g_assert_true(g_file_get_contents(f->csv, &text, NULL, NULL));
  g_assert_true(g_str_has_suffix(text, "\r\n"));
  g_auto(GStrv) before = g_strsplit(text, "\r\n", -1);
  text[strlen(text) - GPOINTER_TO_SIZE(data)] = '\0';
  g_assert_true(g_file_set_contents(f->csv, text, -1, NULL));
  Outcome o = resume(f, NULL);
  g_assert_cmpint(o.status, ==, 0);
  g_assert_nonnull(strstr(o.err, "last row has no line end; measured again"));
  outcome_clear(&o);
  g_autofree char *after = NULL;
  g_assert_true(g_file_get_contents(f->csv, &after, NULL, NULL));
  g_assert_true(g_str_has_suffix(after, "\r\n"));
  g_auto(GStrv) rows = g_strsplit(after, "\r\n", -1);
  g_assert_cmpuint(g_strv_length(rows), ==, g_strv_length(before)); /* every cell, once */
}

/* A .meta or .journal whose CSV is gone is never written over by a new run of that name: one
 * line naming it, exit 2, the file as it was. */
static void test_orphan_sidecars_refused(Fixture *f, gconstpointer data)
{
  (void)data;
  g_assert_cmpint(g_unlink(f->csv), ==, 0);
  const char *suffixes[] = {".meta", ".journal"};
  for (size_t i = 0; i < G_N_ELEMENTS(suffixes); i++) {
    g_autofree char *sidecar = g_strconcat(f->csv, suffixes[i], NULL);
    g_autofree char *before = NULL;
    g_assert_true(g_file_get_contents(sidecar, &before, NULL, NULL));
    const char *out[] = {"-o", f->csv, NULL};
    Outcome o = run_small(out);
    g_assert_cmpint(o.status, ==, 2);
    g_autofree char *expected =
        g_strdup_printf("speedmatrix: %s: left by an earlier run whose CSV is gone (nothing can "
                        "resume it): remove it, or choose another -o\n",
                        sidecar);
    g_assert_cmpstr(o.err, ==, expected);
    outcome_clear(&o);
    g_autofree char *after = NULL;
    g_assert_true(g_file_get_contents(sidecar, &after, NULL, NULL));
    g_assert_cmpstr(after, ==, before);
    g_assert_false(g_file_test(f->csv, G_FILE_TEST_EXISTS));
    g_assert_cmpint(g_unlink(sidecar), ==, 0); /* the next one speaks now */
  }
}

/* A threaded row left out of a run (killed between its passes and its row) gets its efficiency
 * when resumed, although its one-thread reference's row was written before: the reference's
 * passes come back from the journal, and no journaled pass of one thread count is read as the
 * other's. */
static void test_threaded_rows_keep_their_reference(void)
{
  g_autofree char *dir = g_dir_make_tmp("sm-resume-XXXXXX", NULL);
  g_autofree char *csv = g_build_filename(dir, "threads.csv", NULL);
  const char *first[] = {"--threads", "1,2", "--context", "per-message", "-o", csv, NULL};
  Outcome o = run_small(first);
  g_assert_cmpint(o.status, ==, 0);
  outcome_clear(&o);
  g_autoptr(GError) error = NULL;
  g_autoptr(SmResultSet) whole = sm_results_read(csv, &error);
  g_assert_no_error(error);
  /* The file without its threaded rows: each line is one row, the header first. */
  g_autofree char *text = NULL;
  g_assert_true(g_file_get_contents(csv, &text, NULL, NULL));
  g_auto(GStrv) lines = g_strsplit(text, "\r\n", -1);
  GString *cut = g_string_new(lines[0]);
  g_string_append(cut, "\r\n");
  guint threaded = 0;
  for (guint i = 0; i < whole->results->len; i++) {
    const SmResultRow *r = whole->results->pdata[i];
    g_assert_cmpuint(r->line, <, g_strv_length(lines));
    if (r->row->threads > 1) {
      g_assert_cmpfloat(r->row->scaling_efficiency, >, 0);
      threaded++;
    } else {
      g_string_append_printf(cut, "%s\r\n", lines[r->line - 1]);
    }
  }
  g_assert_cmpuint(threaded, ==, 4);
  g_autofree char *cut_text = g_string_free(cut, FALSE);
  g_assert_true(g_file_set_contents(csv, cut_text, -1, NULL));
  const char *again[] = {"--threads", "1,2", "--context", "per-message", "--resume", csv, NULL};
  o = run_small(again);
  g_test_message("resume: %s", o.err);
  g_assert_cmpint(o.status, ==, 0);
  outcome_clear(&o);
  g_autoptr(SmResultSet) resumed = sm_results_read(csv, &error);
  g_assert_no_error(error);
  g_assert_cmpuint(resumed->results->len, ==, whole->results->len);
  guint with_reference = 0;
  for (guint i = 0; i < resumed->results->len; i++) {
    const SmRow *row = ((const SmResultRow *)resumed->results->pdata[i])->row;
    if (row->threads <= 1)
      continue;
    g_assert_cmpfloat(row->single_ops_per_sec, >, 0);
    g_assert_cmpfloat(row->efficiency_low, <=, row->scaling_efficiency);
    g_assert_cmpfloat(row->scaling_efficiency, <=, row->efficiency_high);
    /* the same passes, so the same figures as the first time */
    for (guint w = 0; w < whole->results->len; w++) {
      const SmRow *was = ((const SmResultRow *)whole->results->pdata[w])->row;
      if (was->threads == row->threads && was->api == row->api &&
          was->block_size == row->block_size) {
        g_assert_cmpfloat(fabs(was->scaling_efficiency - row->scaling_efficiency), <, 1e-3);
        g_assert_cmpfloat(fabs(was->ops_per_sec - row->ops_per_sec), <=, 1e-6 * was->ops_per_sec);
        with_reference++;
      }
    }
  }
  g_assert_cmpuint(with_reference, ==, threaded);
  const char *suffixes[] = {"", ".meta", ".journal"};
  for (size_t i = 0; i < G_N_ELEMENTS(suffixes); i++) {
    g_autofree char *path = g_strconcat(csv, suffixes[i], NULL);
    g_unlink(path);
  }
  g_rmdir(dir);
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
#define CASE(path, fn) g_test_add(path, Fixture, NULL, fixture_set_up, fn, fixture_tear_down)
  CASE("/resume/refused/other-settings", test_other_settings);
  CASE("/resume/refused/no-meta-other-seed", test_no_meta_other_seed);
  CASE("/resume/refused/imported-rows", test_imported_rows);
  CASE("/resume/refused/duplicate-cell", test_duplicate_cell);
  CASE("/resume/refused/locked", test_locked);
  CASE("/resume/keeps-meta-and-line-ends", test_resumed_keeps_meta_and_line_ends);
  g_test_add("/resume/unterminated-last-row-measured-again", Fixture, GSIZE_TO_POINTER(2),
             fixture_set_up, test_unterminated_last_row_measured_again, fixture_tear_down);
  g_test_add("/resume/cut-between-cr-and-lf-measured-again", Fixture, GSIZE_TO_POINTER(1),
             fixture_set_up, test_unterminated_last_row_measured_again, fixture_tear_down);
  CASE("/resume/orphan-sidecars-refused", test_orphan_sidecars_refused);
  g_test_add_func("/resume/threaded-rows-keep-their-reference",
                  test_threaded_rows_keep_their_reference);
  return g_test_run();
}

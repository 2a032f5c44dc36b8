/* Every bad input gives its exact one-line error and exit status 2, and no result file. The
 * matrix files live in tests/bad/matrix/, each beside NAME.expected holding its error line
 * (@KNOWN_ENGINES@ in it stands for the engines this build knows). */
#include "testlib.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* g_ptr_array_sort passes pointers to the elements. */
static int compare_names(gconstpointer a, gconstpointer b)
{
  return g_strcmp0(*(const char *const *)a, *(const char *const *)b);
}

static void expect_error(const char *cwd, const char *const *args, const char *expected,
                         const char *result_path)
{
  Outcome outcome = run_speedmatrix(cwd, args);
  g_autofree char *want = expand_known_engines(expected);
  g_assert_cmpint(outcome.status, ==, 2);
  g_assert_cmpstr(outcome.err, ==, want);
  g_assert_false(g_file_test(result_path, G_FILE_TEST_EXISTS));
  outcome_clear(&outcome);
}

static void test_matrix_file(gconstpointer data)
{
  const char *name = data;
  g_autofree char *dir = g_build_filename(g_getenv("SM_TESTS_DIR"), "bad", "matrix", NULL);
  g_autofree char *base = g_strndup(name, strlen(name) - strlen(".ini"));
  g_autofree char *expected_path = g_strdup_printf("%s/%s.expected", dir, base);
  g_autofree char *expected = NULL;
  g_assert_true(g_file_get_contents(expected_path, &expected, NULL, NULL));
  g_autofree char *tmp = g_dir_make_tmp("sm-bad-XXXXXX", NULL);
  g_autofree char *result = g_build_filename(tmp, "out.csv", NULL);
  const char *args[] = {"run", "--matrix", name, "-o", result, NULL};
  expect_error(dir, args, expected, result);
  g_rmdir(tmp);
}

/* tests/bad/csv/NAME.csv through `compare NAME.csv NAME.csv`: NAME.expected holds standard error
 * exactly. An error is exit status 2; a warning alone (a truncated last line is kept up to its
 * last whole row) is exit status 0. */
static void test_csv_file(gconstpointer data)
{
  const char *name = data;
  g_autofree char *dir = g_build_filename(g_getenv("SM_TESTS_DIR"), "bad", "csv", NULL);
  g_autofree char *base = g_strndup(name, strlen(name) - strlen(".csv"));
  g_autofree char *expected_path = g_strdup_printf("%s/%s.expected", dir, base);
  g_autofree char *expected = NULL;
  g_assert_true(g_file_get_contents(expected_path, &expected, NULL, NULL));
  const char *args[] = {"compare", name, name, NULL};
  Outcome outcome = run_speedmatrix(dir, args);
  gboolean warning_only = g_str_has_prefix(expected, "speedmatrix: warning: ");
  g_assert_cmpint(outcome.status, ==, warning_only ? 0 : 2);
  g_assert_cmpstr(outcome.err, ==, expected);
  outcome_clear(&outcome);
}

static void test_long_line(void)
{
  g_autofree char *tmp = g_dir_make_tmp("sm-bad-XXXXXX", NULL);
  g_autofree char *path = g_build_filename(tmp, "long-line.ini", NULL);
  GString *text = g_string_new("[matrix]\nengines = ");
  for (int i = 0; i < 10 * 1024 * 1024 / 8; i++)
    g_string_append(text, "openssl,");
  g_string_append(text, "glib\n");
  g_assert_true(g_file_set_contents(path, text->str, (gssize)text->len, NULL));
  g_string_free(text, TRUE);
  g_autofree char *result = g_build_filename(tmp, "out.csv", NULL);
  const char *args[] = {"run", "--matrix", "long-line.ini", "-o", result, NULL};
  expect_error(tmp, args, "speedmatrix: long-line.ini: file is larger than 1048576 bytes\n",
               result);
  g_unlink(path);
  g_rmdir(tmp);
}

/* Address space for a child whose reads must be bounded (not under AddressSanitizer, whose
 * shadow memory needs terabytes of it). */
static void limit_memory(gpointer data)
{
  (void)data;
#ifndef __SANITIZE_ADDRESS__
  struct rlimit limit = {.rlim_cur = 512u << 20, .rlim_max = 512u << 20};
  setrlimit(RLIMIT_AS, &limit);
#endif
}

/* --matrix /dev/zero: read up to the cap and refused, never read until memory runs out. */
static void test_endless_matrix(void)
{
  g_autofree char *tmp = g_dir_make_tmp("sm-bad-XXXXXX", NULL);
  g_autofree char *result = g_build_filename(tmp, "out.csv", NULL);
  const char *argv[] = {
      g_getenv("SPEEDMATRIX"), "run", "--matrix", "/dev/zero", "-o", result, NULL};
  g_autofree char *out = NULL, *err = NULL;
  int wait_status = 0;
  g_assert_true(g_spawn_sync(tmp, (char **)argv, NULL, G_SPAWN_DEFAULT, limit_memory, NULL, &out,
                             &err, &wait_status, NULL));
  g_assert_true(WIFEXITED(wait_status));
  g_assert_cmpstr(err, ==, "speedmatrix: /dev/zero: file is larger than 1048576 bytes\n");
  g_assert_cmpint(WEXITSTATUS(wait_status), ==, 2);
  g_assert_false(g_file_test(result, G_FILE_TEST_EXISTS));
  g_rmdir(tmp);
}

/* import /dev/zero: refused at its cap, under the memory limit. */
static void test_endless_import(void)
{
  const char *argv[] = {g_getenv("SPEEDMATRIX"), "import", "/dev/zero", NULL};
  g_autofree char *out = NULL, *err = NULL;
  int wait_status = 0;
  g_assert_true(g_spawn_sync(NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, limit_memory, NULL, &out,
                             &err, &wait_status, NULL));
  g_assert_true(WIFEXITED(wait_status));
  g_assert_cmpstr(err, ==, "speedmatrix: /dev/zero: file is larger than 67108864 bytes\n");
  g_assert_cmpint(WEXITSTATUS(wait_status), ==, 2);
}

/* `compare FILE FILE` on a generated result file, under the memory limit: exit 2 and `expected`. */
static void expect_bounded_compare(const char *body, gsize repeat, const char *expected)
{
  g_autofree char *tmp = g_dir_make_tmp("sm-bad-XXXXXX", NULL);
  g_autofree char *path = g_build_filename(tmp, "big.csv", NULL);
  g_autofree char *base =
      g_build_filename(g_getenv("SM_TESTS_DIR"), "data", "compare-base.csv", NULL);
  g_autofree char *text = NULL;
  g_assert_true(g_file_get_contents(base, &text, NULL, NULL));
  GString *big = g_string_new_len(text, (gssize)(strchr(text, '\n') + 1 - text));
  for (gsize i = 0; i < repeat; i++)
    g_string_append(big, body);
  g_string_append(big, "\r\n");
  g_assert_true(g_file_set_contents(path, big->str, (gssize)big->len, NULL));
  g_string_free(big, TRUE);
  const char *argv[] = {g_getenv("SPEEDMATRIX"), "compare", path, path, NULL};
  g_autofree char *out = NULL, *err = NULL;
  int wait_status = 0;
  g_assert_true(g_spawn_sync(tmp, (char **)argv, NULL, G_SPAWN_DEFAULT, limit_memory, NULL, &out,
                             &err, &wait_status, NULL));
  g_assert_true(WIFEXITED(wait_status));
  g_autofree char *message = g_strdup_printf(expected, path);
  g_assert_cmpstr(err, ==, message);
  g_assert_cmpint(WEXITSTATUS(wait_status), ==, 2);
  g_unlink(path);
  g_rmdir(tmp);
}

/* One 50 MB line of commas: 50 million fields are counted, not kept. */
static void test_line_of_commas(void)
{
  expect_bounded_compare(",", 50u * 1000 * 1000,
                         "speedmatrix: %s:2: 50000001 fields, but the header has 24\n");
}

static void test_long_field(void)
{
  expect_bounded_compare("x", 100 * 1000,
                         "speedmatrix: %s:2: field 1 is longer than 65536 bytes\n");
}

typedef struct {
  const char *flag;
  const char *value;
  const char *expected;
} FlagCase;

static const FlagCase flag_cases[] = {
    {"--sizes", "0",
     "speedmatrix: --sizes: bad block size \"0\" (valid: whole numbers of bytes from 1 to "
     "1048576)\n"},
    {"--sizes", "", "speedmatrix: --sizes: empty list\n"},
    {"--time", "abc",
     "speedmatrix: --time: bad time \"abc\" (valid: seconds per cell from 0.001 to 60, e.g. "
     "0.5)\n"},
    {"--api", "fast",
     "speedmatrix: --api: unknown API level \"fast\" (valid: evp, low, implicit)\n"},
    {"--engines", "nosuch",
     "speedmatrix: --engines: unknown engine \"nosuch\" (valid: all, @KNOWN_ENGINES@)\n"},
    {"--samples", "1",
     "speedmatrix: --samples: bad sample count \"1\" (valid: whole numbers from 5 to 1000)\n"},
    {"--operations", "encode",
     "speedmatrix: --operations: unknown operation \"encode\" (valid: all, encrypt, decrypt, hash, "
     "mac, sign, verify, derive, keygen, encaps, decaps, setup)\n"},
    {"--threads", "0",
     "speedmatrix: --threads: bad thread count \"0\" (valid: all, or whole numbers from 1 to "
     "1024)\n"},
    {"--threads", "-1",
     "speedmatrix: --threads: bad thread count \"-1\" (valid: all, or whole numbers from 1 to "
     "1024)\n"},
    {"--threads", "100000",
     "speedmatrix: --threads: bad thread count \"100000\" (valid: all, or whole numbers from 1 "
     "to 1024)\n"},
    {"--threads", "abc",
     "speedmatrix: --threads: bad thread count \"abc\" (valid: all, or whole numbers from 1 to "
     "1024)\n"},
    {"--context", "fresh",
     "speedmatrix: --context: unknown context \"fresh\" (valid: reused, per-message)\n"},
    /* One number syntax for every flag: no exponent for a time any more than for a size. */
    {"--time", "1e-2",
     "speedmatrix: --time: bad time \"1e-2\" (valid: seconds per cell from 0.001 to 60, e.g. "
     "0.5)\n"},
    {"--sizes", "1e3",
     "speedmatrix: --sizes: bad block size \"1e3\" (valid: whole numbers of bytes from 1 to "
     "1048576)\n"},
    {"--seed", "+5",
     "speedmatrix: --seed: bad seed \"+5\" (valid: a whole number from 0 to "
     "18446744073709551615)\n"},
};

static void test_flag(gconstpointer data)
{
  const FlagCase *c = data;
  g_autofree char *tmp = g_dir_make_tmp("sm-bad-XXXXXX", NULL);
  g_autofree char *result = g_build_filename(tmp, "out.csv", NULL);
  g_autofree char *matrix = g_build_filename(g_getenv("SM_TESTS_DIR"), "data", "tiny.ini", NULL);
  const char *args[] = {"run", "--matrix", matrix, c->flag, c->value, "-o", result, NULL};
  expect_error(tmp, args, c->expected, result);
  g_rmdir(tmp);
}

static void test_missing_matrix(void)
{
  g_autofree char *tmp = g_dir_make_tmp("sm-bad-XXXXXX", NULL);
  g_autofree char *result = g_build_filename(tmp, "out.csv", NULL);
  const char *args[] = {"run", "--matrix", "nowhere.ini", "-o", result, NULL};
  expect_error(tmp, args,
               "speedmatrix: nowhere.ini: cannot read: Failed to open file “nowhere.ini”: No "
               "such file or directory\n",
               result);
  g_rmdir(tmp);
}

/* No --matrix, no ./matrix.ini and none installed (a build tree's binary run from elsewhere):
 * run, ct and profile say to give --matrix. */
static void test_no_matrix_anywhere(void)
{
  if (g_file_test(SM_TEST_MATRIX_FALLBACK, G_FILE_TEST_EXISTS)) {
    g_test_skip("a matrix.ini is installed here");
    return;
  }
  g_autofree char *tmp = g_dir_make_tmp("sm-bad-XXXXXX", NULL);
  g_autofree char *expected = g_strdup_printf("speedmatrix: no matrix.ini in this directory and "
                                              "none installed (%s): give --matrix FILE\n",
                                              SM_TEST_MATRIX_FALLBACK);
  const char *run[] = {"run", "-o", "out.csv", NULL};
  const char *ct[] = {"ct", "-o", "out.csv", NULL};
  const char *profile[] = {"profile", "-o", "out.csv", NULL};
  const char *const *verbs[] = {run, ct, profile};
  g_autofree char *result = g_build_filename(tmp, "out.csv", NULL);
  for (size_t i = 0; i < G_N_ELEMENTS(verbs); i++)
    expect_error(tmp, verbs[i], expected, result);
  g_rmdir(tmp);
}

/* report -o and import -o refuse what run -o refuses (an existing file, a FIFO, a directory, a
 * symlink), and their own input even with --force; --force replaces a regular file only. Each
 * case: the target made in a fresh directory holding run.csv (a run) and speed.txt (openssl speed
 * output), the command, and its exact error; the target is left as it was. */
typedef enum { TARGET_FILE, TARGET_FIFO, TARGET_DIR, TARGET_SYMLINK, TARGET_INPUT } TargetKind;

typedef struct {
  const char *name;
  TargetKind kind;
  const char *args[8];
  const char *expected;
} OutputCase;

static const OutputCase output_cases[] = {
    {"report-own-input",
     TARGET_INPUT,
     {"report", "run.csv", "-o", "run.csv", NULL},
     "speedmatrix: run.csv: is also an input of this command; refusing to write over it\n"},
    {"report-own-input-force",
     TARGET_INPUT,
     {"report", "run.csv", "-o", "run.csv", "--force", NULL},
     "speedmatrix: run.csv: is also an input of this command; refusing to write over it\n"},
    {"report-existing",
     TARGET_FILE,
     {"report", "run.csv", "-o", "out", NULL},
     "speedmatrix: out: cannot create: File exists (--force replaces it)\n"},
    {"report-markdown-existing",
     TARGET_FILE,
     {"report", "run.csv", "--format", "markdown", "-o", "out", NULL},
     "speedmatrix: out: cannot create: File exists (--force replaces it)\n"},
    {"report-fifo-force",
     TARGET_FIFO,
     {"report", "run.csv", "-o", "out", "--force", NULL},
     "speedmatrix: out: cannot replace: not a regular file (a symlink, FIFO, directory or "
     "device; - is standard output)\n"},
    {"report-directory",
     TARGET_DIR,
     {"report", "run.csv", "-o", "out", NULL},
     "speedmatrix: out: cannot create: not a regular file (a symlink, FIFO, directory or device; "
     "- is standard output)\n"},
    {"report-proc-file-force",
     TARGET_INPUT,
     {"report", "run.csv", "-o", "/proc/version", "--force", NULL},
     "speedmatrix: /proc/version: cannot write: no new file can be made in /proc: No such file or "
     "directory\n"},
    {"report-symlink-force",
     TARGET_SYMLINK,
     {"report", "run.csv", "-o", "out", "--force", NULL},
     "speedmatrix: out: cannot replace: not a regular file (a symlink, FIFO, directory or "
     "device; - is standard output)\n"},
    {"import-existing",
     TARGET_FILE,
     {"import", "speed.txt", "-o", "out", NULL},
     "speedmatrix: out: cannot create: File exists (--force replaces it)\n"},
    {"report-run-meta-force",
     TARGET_INPUT,
     {"report", "run.csv", "-o", "run.csv.meta", "--force", NULL},
     "speedmatrix: run.csv.meta: is the .meta sidecar of the run run.csv; refusing to write over "
     "it\n"},
    {"import-run-journal-force",
     TARGET_INPUT,
     {"import", "speed.txt", "-o", "run.csv.journal", "--force", NULL},
     "speedmatrix: run.csv.journal: is the .journal sidecar of the run run.csv; refusing to write "
     "over it\n"},
    {"import-own-input-force",
     TARGET_INPUT,
     {"import", "speed.txt", "-o", "speed.txt", "--force", NULL},
     "speedmatrix: speed.txt: is also an input of this command; refusing to write over it\n"},
};

static void make_target(const char *dir, TargetKind kind)
{
  g_autofree char *out = g_build_filename(dir, "out", NULL);
  switch (kind) {
  case TARGET_FILE:
    g_assert_true(g_file_set_contents(out, "keep me\n", -1, NULL));
    break;
  case TARGET_FIFO:
    g_assert_cmpint(mkfifo(out, 0600), ==, 0);
    break;
  case TARGET_DIR:
    g_assert_cmpint(g_mkdir(out, 0700), ==, 0);
    break;
  case TARGET_SYMLINK:
    g_assert_cmpint(symlink("elsewhere", out), ==, 0); /* dangling: still refused */
    break;
  case TARGET_INPUT:
    break;
  }
}

static void copy_test_file(const char *from, const char *dir, const char *name)
{
  g_autofree char *source = g_build_filename(g_getenv("SM_TESTS_DIR"), from, NULL);
  g_autofree char *text = NULL;
  gsize length = 0;
  g_assert_true(g_file_get_contents(source, &text, &length, NULL));
  g_autofree char *target = g_build_filename(dir, name, NULL);
  g_assert_true(g_file_set_contents(target, text, (gssize)length, NULL));
}

static char *read_file(const char *dir, const char *name)
{
  g_autofree char *path = g_build_filename(dir, name, NULL);
  char *text = NULL;
  g_file_get_contents(path, &text, NULL, NULL);
  return text;
}

static void test_output(gconstpointer data)
{
  const OutputCase *c = data;
  g_autofree char *tmp = g_dir_make_tmp("sm-out-XXXXXX", NULL);
  copy_test_file("data/five-engines-run.csv", tmp, "run.csv");
  copy_test_file("data/import/openssl30-plain.txt", tmp, "speed.txt");
  make_target(tmp, c->kind);
  g_autofree char *run_before = read_file(tmp, "run.csv");
  g_autofree char *speed_before = read_file(tmp, "speed.txt");
  /* reading a FIFO would block */
  g_autofree char *out_before = c->kind != TARGET_FIFO ? read_file(tmp, "out") : NULL;
  Outcome outcome = run_speedmatrix(tmp, c->args);
  g_assert_cmpstr(outcome.err, ==, c->expected);
  g_assert_cmpint(outcome.status, ==, 2);
  outcome_clear(&outcome);
  g_autofree char *run_after = read_file(tmp, "run.csv");
  g_autofree char *speed_after = read_file(tmp, "speed.txt");
  g_autofree char *out_after = c->kind != TARGET_FIFO ? read_file(tmp, "out") : NULL;
  g_assert_cmpstr(run_after, ==, run_before);
  g_assert_cmpstr(speed_after, ==, speed_before);
  g_assert_cmpstr(out_after, ==, out_before);
  g_autofree char *command = g_strdup_printf("rm -rf '%s'", tmp);
  g_assert_cmpint(system(command), ==, 0);
}

/* --force replaces a regular file, with a new file (a hard link to the old one is untouched). */
static void test_output_force(void)
{
  g_autofree char *tmp = g_dir_make_tmp("sm-out-XXXXXX", NULL);
  copy_test_file("data/five-engines-run.csv", tmp, "run.csv");
  make_target(tmp, TARGET_FILE);
  g_autofree char *out = g_build_filename(tmp, "out", NULL);
  g_autofree char *other = g_build_filename(tmp, "link", NULL);
  g_assert_cmpint(link(out, other), ==, 0);
  const char *args[] = {"report", "run.csv", "--format", "markdown", "-o", "out", "--force", NULL};
  Outcome outcome = run_speedmatrix(tmp, args);
  g_assert_cmpint(outcome.status, ==, 0);
  outcome_clear(&outcome);
  g_autofree char *text = read_file(tmp, "out");
  g_assert_nonnull(strstr(text, "|"));
  g_autofree char *linked = read_file(tmp, "link");
  g_assert_cmpstr(linked, ==, "keep me\n");
  g_autofree char *command = g_strdup_printf("rm -rf '%s'", tmp);
  g_assert_cmpint(system(command), ==, 0);
}

/* A file with a cell twice: summary, report, compare and store ingest refuse it alike, with one
 * line naming both lines and the cell, exit 2 (README "CSV"). */
static void test_cell_twice(void)
{
  g_autofree char *tmp = g_dir_make_tmp("sm-twice-XXXXXX", NULL);
  copy_test_file("data/compare-base.csv", tmp, "base.csv");
  g_autofree char *base = read_file(tmp, "base.csv");
  g_auto(GStrv) lines = g_strsplit(base, "\n", 3);
  g_autofree char *twice = g_strdup_printf("%s%s\n", base, lines[1]); /* line 2 again, at 11 */
  g_autofree char *path = g_build_filename(tmp, "twice.csv", NULL);
  g_assert_true(g_file_set_contents(path, twice, -1, NULL));
  const char *expected =
      "speedmatrix: twice.csv:11: the same cell as line 2 (openssl aes-128-gcm encrypt evp 1024 "
      "B on alpha): a result file holds each cell of a run once; keep one of the two rows, or "
      "give each run a file of its own\n";
  const char *summary[] = {"summary", "twice.csv", "--color", "never", NULL};
  const char *report[] = {"report", "twice.csv", "-f", "markdown", "-o", "-", NULL};
  const char *compare[] = {"compare", "base.csv", "twice.csv", NULL};
  const char *ingest[] = {"store", "ingest", "--db", "h.sqlite", "twice.csv", NULL};
  const char *const *verbs[] = {summary, report, compare, ingest};
  for (size_t i = 0; i < G_N_ELEMENTS(verbs); i++) {
    Outcome outcome = run_speedmatrix(tmp, verbs[i]);
    g_assert_cmpstr(outcome.err, ==, expected);
    g_assert_cmpint(outcome.status, ==, 2);
    g_assert_cmpstr(outcome.out, ==, "");
    outcome_clear(&outcome);
  }
  /* A ct file too, wherever one is read. */
  g_autofree char *ct = g_build_filename(tmp, "twice.ct.csv", NULL);
  g_assert_true(
      g_file_set_contents(ct,
                          "host,engine,algorithm,kind,operation,api,block_size,ct_verdict\r\n"
                          "alpha,openssl,aes-128-gcm,aead,encrypt,evp,64,clean\r\n"
                          "alpha,openssl,aes-128-gcm,aead,encrypt,evp,64,secret-dependent\r\n",
                          -1, NULL));
  const char *ct_expected =
      "speedmatrix: twice.ct.csv:3: the same cell as line 2 (openssl aes-128-gcm encrypt evp 64 B "
      "on alpha): a result file holds each cell of a run once; keep one of the two rows, or give "
      "each run a file of its own\n";
  const char *ct_compare[] = {"compare", "twice.ct.csv", "twice.ct.csv", NULL};
  const char *ct_summary[] = {"summary", "base.csv", "--ct", "twice.ct.csv", NULL};
  const char *const *ct_verbs[] = {ct_compare, ct_summary};
  for (size_t i = 0; i < G_N_ELEMENTS(ct_verbs); i++) {
    Outcome outcome = run_speedmatrix(tmp, ct_verbs[i]);
    g_assert_cmpstr(outcome.err, ==, ct_expected);
    g_assert_cmpint(outcome.status, ==, 2);
    outcome_clear(&outcome);
  }
  g_autofree char *command = g_strdup_printf("rm -rf '%s'", tmp);
  g_assert_cmpint(system(command), ==, 0);
}

/* An import of a mail with two outputs is two runs in one file: compare reads it as two, and
 * store ingest, which stores a file as one run, refuses it rather than keep half its rows. */
static void test_ingest_two_runs(void)
{
  g_autofree char *tmp = g_dir_make_tmp("sm-two-XXXXXX", NULL);
  g_autofree char *mail =
      g_build_filename(g_getenv("SM_TESTS_DIR"), "data", "import", "mail-two-versions.txt", NULL);
  const char *import[] = {"import", mail, "-o", "two.csv", NULL};
  Outcome outcome = run_speedmatrix(tmp, import);
  g_assert_cmpint(outcome.status, ==, 0);
  outcome_clear(&outcome);
  const char *compare[] = {"compare", "two.csv", NULL};
  outcome = run_speedmatrix(tmp, compare);
  g_assert_cmpint(outcome.status, !=, 2);
  outcome_clear(&outcome);
  const char *ingest[] = {"store", "ingest", "--db", "h.sqlite", "two.csv", NULL};
  outcome = run_speedmatrix(tmp, ingest);
  g_assert_cmpint(outcome.status, ==, 2);
  g_assert_nonnull(strstr(outcome.err, "two.csv:"));
  g_assert_nonnull(strstr(outcome.err, ": store ingest stores a file as one run; give each run "
                                       "a file of its own\n"));
  g_assert_cmpstr(outcome.out, ==, "");
  outcome_clear(&outcome);
  g_autofree char *command = g_strdup_printf("rm -rf '%s'", tmp);
  g_assert_cmpint(system(command), ==, 0);
}

/* Store commands that must stop with one exact line, exit 2, and create nothing: run in a fresh
 * directory that must stay empty. */
typedef struct {
  const char *name;
  const char *args[12];
  const char *expected;
} StoreCase;

static const StoreCase store_cases[] = {
    {"check-missing-store",
     {"store", "check", "--db", "typo/typo.sqlite", NULL},
     "speedmatrix: typo/typo.sqlite: cannot open the store: No such file or directory (store "
     "ingest creates one)\n"},
    {"trend-missing-store",
     {"store", "trend", "--db", "typo.sqlite", "--machine", "vm", "-o", "t.html", NULL},
     "speedmatrix: typo.sqlite: cannot open the store: No such file or directory (store ingest "
     "creates one)\n"},
    {"event-missing-store",
     {"store", "event", "--db", "typo.sqlite", "--machine", "vm", "--when", "2026-01-01", "--what",
      "x", NULL},
     "speedmatrix: typo.sqlite: cannot open the store: No such file or directory (store ingest "
     "creates one)\n"},
    {"check-hex-threshold",
     {"store", "check", "--db", "h.sqlite", "--threshold", "0x10", NULL},
     "speedmatrix: --threshold: \"0x10\" is not a percentage (valid: a number from 0 to 99)\n"},
    {"check-exponent-threshold",
     {"store", "check", "--db", "h.sqlite", "--threshold", "1e1", NULL},
     "speedmatrix: --threshold: \"1e1\" is not a percentage (valid: a number from 0 to 99)\n"},
    {"trend-hex-size",
     {"store", "trend", "--db", "h.sqlite", "--machine", "vm", "-o", "t.html", "--size", "0x400",
      NULL},
     "speedmatrix: --size: \"0x400\" is not a block size (valid: a whole number of bytes)\n"},
    {"check-keyword-password",
     {"store", "check", "--db", "host=db password='s3 cret' port=1", NULL},
     "speedmatrix: host=db password=*** port=1: cannot open the store: No such file or directory "
     "(store ingest creates one)\n"},
    {"check-unknown-scheme-password",
     {"store", "check", "--db", "mysql://bob:s3cret@db/x", NULL},
     "speedmatrix: --db: unknown database \"mysql://bob:***@db/x\" (valid: a SQLite file path, "
     "postgresql://..., postgres://...)\n"},
};

static void test_store(gconstpointer data)
{
  const StoreCase *c = data;
  g_autofree char *tmp = g_dir_make_tmp("sm-store-XXXXXX", NULL);
  Outcome outcome = run_speedmatrix(tmp, c->args);
  g_assert_cmpstr(outcome.err, ==, c->expected);
  g_assert_cmpint(outcome.status, ==, 2);
  outcome_clear(&outcome);
  g_assert_cmpint(g_rmdir(tmp), ==, 0); /* nothing was created in it */
}

/* Escape sequences in a file's fields (a host that retitles the window and clears the screen, an
 * engine with a colour and a C1 control) reach the terminal escaped from summary (colour off),
 * compare and store check, never raw. */
static void test_control_characters_shown_escaped(void)
{
  g_autofree char *tmp = g_dir_make_tmp("sm-escape-XXXXXX", NULL);
  g_autofree char *base =
      g_build_filename(g_getenv("SM_TESTS_DIR"), "data", "compare-base.csv", NULL);
  g_autofree char *text = NULL;
  g_assert_true(g_file_get_contents(base, &text, NULL, NULL));
  /* Every row's host (one run has one), and the openssl rows' engine. */
  g_auto(GStrv) hosts = g_strsplit(text, ",alpha,AMD EPYC 7B13,", -1);
  g_autofree char *evil_hosts = g_strjoinv(",\033]0;pwned\a\033[2Jalpha,AMD EPYC 7B13,", hosts);
  g_auto(GStrv) parts = g_strsplit(evil_hosts, "AMD EPYC 7B13,openssl,", -1);
  g_autofree char *evil = g_strjoinv("AMD EPYC 7B13,openssl\033[31m\xc2\x9b,", parts);
  g_autofree char *csv = g_build_filename(tmp, "evil.csv", NULL);
  g_assert_true(g_file_set_contents(csv, evil, -1, NULL));
  const char *summary[] = {"summary", "evil.csv", "--color", "never", NULL};
  const char *compare[] = {"compare", "evil.csv", "evil.csv", NULL};
  const char *ingest[] = {"store", "ingest", "--db", "h.sqlite", "evil.csv", NULL};
  const char *check[] = {"store", "check", "--db", "h.sqlite", NULL};
  const struct {
    const char *const *args;
    const char *shown; /* what stands in for the sequences */
  } verbs[] = {{summary, "openssl\\x1b[31m\\u009b"},
               {compare, "openssl\\x1b[31m\\u009b"},
               {ingest, NULL},
               {check, "\\x1b]0;pwned\\x07\\x1b[2Jalpha"}};
  for (size_t i = 0; i < G_N_ELEMENTS(verbs); i++) {
    Outcome o = run_speedmatrix(tmp, verbs[i].args);
    g_assert_cmpint(o.status, ==, 0);
    g_assert_null(strchr(o.out, '\033'));
    g_assert_null(strchr(o.out, '\a'));
    g_assert_null(strstr(o.out, "\xc2\x9b"));
    if (verbs[i].shown != NULL)
      g_assert_nonnull(strstr(o.out, verbs[i].shown));
    outcome_clear(&o);
  }
  const char *files[] = {"evil.csv", "h.sqlite"};
  for (size_t i = 0; i < G_N_ELEMENTS(files); i++) {
    g_autofree char *path = g_build_filename(tmp, files[i], NULL);
    g_unlink(path);
  }
  g_assert_cmpint(g_rmdir(tmp), ==, 0);
}

/* A bad value of 100,000 bytes is cut in its error line: its start, an ellipsis and its length. */
static void test_long_value_cut(void)
{
  g_autofree char *name = g_strnfill(100000, 'a');
  const char *args[] = {"run", "--matrix", "/dev/null", "--engines", name, NULL};
  Outcome o = run_speedmatrix(NULL, args);
  g_assert_cmpint(o.status, ==, 2);
  g_autofree char *start = g_strnfill(64, 'a');
  g_autofree char *expected = g_strdup_printf(
      "speedmatrix: --engines: unknown engine \"%s...(100000 bytes)\" (valid: ", start);
  g_assert_true(g_str_has_prefix(o.err, expected));
  g_assert_cmpuint(strlen(o.err), <, 400);
  g_assert_true(g_str_has_suffix(o.err, ")\n"));
  outcome_clear(&o);
}

static void test_unknown_verb(void)
{
  const char *args[] = {"measure", NULL};
  Outcome outcome = run_speedmatrix(NULL, args);
  g_assert_cmpint(outcome.status, ==, 2);
  g_assert_cmpstr(outcome.err, ==,
                  "speedmatrix: unknown verb \"measure\" (valid: run, list, compare, summary, "
                  "report, import, ct, profile, store)\n");
  outcome_clear(&outcome);
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_autofree char *dir = g_build_filename(g_getenv("SM_TESTS_DIR"), "bad", "matrix", NULL);
  g_autoptr(GDir) listing = g_dir_open(dir, 0, NULL);
  g_assert_nonnull(listing);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func(g_free);
  for (const char *name; (name = g_dir_read_name(listing)) != NULL;)
    if (g_str_has_suffix(name, ".ini"))
      g_ptr_array_add(names, g_strdup(name));
  g_ptr_array_sort(names, compare_names);
  g_assert_cmpuint(names->len, >=, 20);
  for (guint i = 0; i < names->len; i++) {
    g_autofree char *path = g_strdup_printf("/bad-input/matrix/%s", (char *)names->pdata[i]);
    g_test_add_data_func(path, names->pdata[i], test_matrix_file);
  }
  g_test_add_func("/bad-input/matrix/10mb-line", test_long_line);
  g_autofree char *csv_dir = g_build_filename(g_getenv("SM_TESTS_DIR"), "bad", "csv", NULL);
  g_autoptr(GDir) csv_listing = g_dir_open(csv_dir, 0, NULL);
  g_assert_nonnull(csv_listing);
  g_autoptr(GPtrArray) csv_names = g_ptr_array_new_with_free_func(g_free);
  for (const char *name; (name = g_dir_read_name(csv_listing)) != NULL;)
    if (g_str_has_suffix(name, ".csv"))
      g_ptr_array_add(csv_names, g_strdup(name));
  g_ptr_array_sort(csv_names, compare_names);
  g_assert_cmpuint(csv_names->len, >=, 7);
  for (guint i = 0; i < csv_names->len; i++) {
    g_autofree char *path = g_strdup_printf("/bad-input/csv/%s", (char *)csv_names->pdata[i]);
    g_test_add_data_func(path, csv_names->pdata[i], test_csv_file);
  }
  for (size_t i = 0; i < G_N_ELEMENTS(flag_cases); i++) {
    g_autofree char *path = g_strdup_printf("/bad-input/flag/%s/%zu", flag_cases[i].flag + 2, i);
    g_test_add_data_func(path, &flag_cases[i], test_flag);
  }
  g_test_add_func("/bad-input/missing-matrix", test_missing_matrix);
  g_test_add_func("/bad-input/no-matrix-anywhere", test_no_matrix_anywhere);
  g_test_add_func("/bad-input/matrix/dev-zero", test_endless_matrix);
  g_test_add_func("/bad-input/csv/line-of-commas", test_line_of_commas);
  g_test_add_func("/bad-input/csv/long-field", test_long_field);
  g_test_add_func("/bad-input/import/dev-zero", test_endless_import);
  g_test_add_func("/bad-input/unknown-verb", test_unknown_verb);
  g_test_add_func("/bad-input/long-value-cut", test_long_value_cut);
  g_test_add_func("/bad-input/csv/control-characters-shown-escaped",
                  test_control_characters_shown_escaped);
  for (size_t i = 0; i < G_N_ELEMENTS(output_cases); i++) {
    g_autofree char *path = g_strdup_printf("/bad-input/output/%s", output_cases[i].name);
    g_test_add_data_func(path, &output_cases[i], test_output);
  }
  for (size_t i = 0; i < G_N_ELEMENTS(store_cases); i++) {
    g_autofree char *path = g_strdup_printf("/bad-input/store/%s", store_cases[i].name);
    g_test_add_data_func(path, &store_cases[i], test_store);
  }
  g_test_add_func("/bad-input/output/force-replaces", test_output_force);
  g_test_add_func("/bad-input/csv/cell-twice", test_cell_twice);
  g_test_add_func("/bad-input/store/ingest-two-runs", test_ingest_two_runs);
  return g_test_run();
}

/* Every bad input gives its exact one-line error and exit status 2, and no result file. The
 * matrix files live in tests/bad/matrix/, each beside NAME.expected holding its error line
 * (@KNOWN_ENGINES@ in it stands for the engines this build knows). */
#include "testlib.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

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
    {"--api", "fast", "speedmatrix: --api: unknown API level \"fast\" (valid: evp, low)\n"},
    {"--engines", "nosuch",
     "speedmatrix: --engines: unknown engine \"nosuch\" (valid: all, @KNOWN_ENGINES@)\n"},
    {"--samples", "1",
     "speedmatrix: --samples: bad sample count \"1\" (valid: whole numbers from 5 to 1000)\n"},
    {"--operations", "encode",
     "speedmatrix: --operations: unknown operation \"encode\" (valid: all, encrypt, decrypt, hash, "
     "mac, sign, verify, derive)\n"},
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

static void test_unknown_verb(void)
{
  const char *args[] = {"measure", NULL};
  Outcome outcome = run_speedmatrix(NULL, args);
  g_assert_cmpint(outcome.status, ==, 2);
  g_assert_cmpstr(
      outcome.err, ==,
      "speedmatrix: unknown verb \"measure\" (valid: run, list, compare, report, import, store)\n");
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
  g_test_add_func("/bad-input/unknown-verb", test_unknown_verb);
  return g_test_run();
}

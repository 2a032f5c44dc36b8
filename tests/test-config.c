/* config: good files give the settings they say; bad ones their exact one-line error. */
#include "plan/config.h"
#include "core/util.h"

#include <glib.h>
#include <string.h>

static SmSettings *load(const char *text, const SmOverrides *overrides, GError **error)
{
  return sm_settings_load_data("m.ini", text, strlen(text), overrides, error);
}

static void test_good_file(void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SmSettings) s = load("# comment\n[matrix]\nengines = openssl, glib\n"
                                 "algorithms = sha256, cipher  # inline comment\n"
                                 "sizes = 1024, 16, 16\napi = low\noperations = hash, encrypt\n"
                                 "[measure]\ntime = 0.25\nsamples = 7\nseed = 99\n",
                                 NULL, &error);
  g_assert_no_error(error);
  g_assert_cmpuint(g_strv_length(s->engines), ==, 2);
  g_assert_cmpstr(s->engines[1], ==, "glib");
  g_assert_cmpstr(s->engines_origin, ==, "m.ini:3");
  g_assert_cmpstr(s->algorithms[1], ==, "cipher");
  g_assert_cmpuint(s->sizes->len, ==, 2); /* sorted, duplicates dropped */
  g_assert_cmpuint(g_array_index(s->sizes, guint, 0), ==, 16);
  g_assert_cmpuint(g_array_index(s->sizes, guint, 1), ==, 1024);
  g_assert_false(s->api[SM_API_EVP]);
  g_assert_true(s->api[SM_API_LOW]);
  g_assert_true(s->operations[SM_OP_HASH]);
  g_assert_true(s->operations[SM_OP_ENCRYPT]);
  g_assert_false(s->operations[SM_OP_DECRYPT]);
  g_assert_cmpfloat(s->time, ==, 0.25);
  g_assert_cmpuint(s->samples, ==, 7);
  g_assert_cmpuint(s->seed, ==, 99);
}

static void test_defaults_and_overrides(void)
{
  g_autoptr(GError) error = NULL;
  SmOverrides overrides = {.engines = "nettle", .sizes = "64", .time = "1.5", .api = "evp"};
  g_autoptr(SmSettings) s = load("[matrix]\nsizes = 16\n", &overrides, &error);
  g_assert_no_error(error);
  g_assert_cmpstr(s->engines[0], ==, "nettle");
  g_assert_cmpstr(s->engines_origin, ==, "--engines");
  g_assert_cmpuint(s->sizes->len, ==, 1);
  g_assert_cmpuint(g_array_index(s->sizes, guint, 0), ==, 64);
  g_assert_cmpfloat(s->time, ==, 1.5);
  g_assert_true(s->api[SM_API_EVP]);
  g_assert_false(s->api[SM_API_LOW]);
  g_assert_cmpuint(s->samples, ==, 11); /* default */
  g_assert_cmpuint(s->confirm, ==, 0);  /* default: no confirmation passes */
  /* Confirmation passes from the file, then from the flag; the settings text names them only
   * when set, so that files of runs before them still resume. */
  g_autoptr(SmSettings) none = load("[measure]\npasses = 5\n", NULL, &error);
  g_assert_no_error(error);
  g_autofree char *none_text = sm_settings_describe(none);
  g_assert_null(strstr(none_text, "confirm"));
  g_autoptr(SmSettings) file = load("[measure]\npasses = 5\nconfirm = 3\n", NULL, &error);
  g_assert_no_error(error);
  g_assert_cmpuint(file->confirm, ==, 3);
  g_autofree char *file_text = sm_settings_describe(file);
  g_assert_true(g_str_has_suffix(file_text, ";confirm=3"));
  SmOverrides flag = {.confirm = "0"};
  g_autoptr(SmSettings) off = load("[measure]\nconfirm = 3\n", &flag, &error);
  g_assert_no_error(error);
  g_assert_cmpuint(off->confirm, ==, 0);
}

static void test_shipped_matrix(void)
{
  g_autofree char *path = g_build_filename(g_getenv("SM_TESTS_DIR"), "..", "matrix.ini", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(SmSettings) s = sm_settings_load(path, NULL, &error);
  g_assert_no_error(error);
  g_assert_nonnull(s);
  /* What the summary and the report rely on: a small size that shows a call's cost (16 B), a
   * bulk size of 1 KiB or more for the rate, and three sizes at least for the per-call and
   * per-byte fit (report); both levels. */
  bool has16 = false, bulk = false;
  for (guint i = 0; i < s->sizes->len; i++) {
    guint size = g_array_index(s->sizes, guint, i);
    has16 |= size == 16;
    bulk |= size >= 1024;
  }
  g_assert_true(has16 && bulk);
  g_assert_cmpuint(s->sizes->len, >=, 3);
  g_assert_true(s->api[SM_API_EVP] && s->api[SM_API_LOW]);
  g_assert_cmpuint(s->passes, >=, 3);
  g_assert_cmpuint(s->confirm, >=, 1);
}

/* Worker counts: "all" is the online CPUs, a count is never planned twice, and a count above the
 * online CPUs is refused (two workers would share a CPU and one worker key). */
static void test_parallel(void)
{
  guint cpus = sm_online_cpus();
  g_autofree char *both = g_strdup_printf("%u,all,1,%u", cpus, cpus);
  SmOverrides overrides = {.parallel = both};
  g_autoptr(GError) error = NULL;
  g_autoptr(SmSettings) s = load("[matrix]\n", &overrides, &error);
  g_assert_no_error(error);
  g_assert_cmpuint(s->parallel->len, ==, cpus > 1 ? 2 : 1);
  g_assert_cmpuint(g_array_index(s->parallel, guint, 0), ==, 1);
  g_assert_cmpuint(g_array_index(s->parallel, guint, s->parallel->len - 1), ==, cpus);

  g_autofree char *above = g_strdup_printf("1,%u", cpus + 1);
  overrides.parallel = above;
  g_autoptr(GError) refused = NULL;
  g_autoptr(SmSettings) none = load("[matrix]\n", &overrides, &refused);
  g_assert_null(none);
  g_autofree char *expected = g_strdup_printf(
      "--parallel: bad worker count \"%u\" (valid: all, or whole numbers from 1 to %u, the online "
      "CPUs)",
      cpus + 1, cpus);
  g_assert_cmpstr(refused->message, ==, expected);
}

/* A UTF-8 byte-order mark before the first line is not part of it. */
static void test_byte_order_mark(void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SmSettings) s = load("\xef\xbb\xbf[measure]\ntime = 0.25\n", NULL, &error);
  g_assert_no_error(error);
  g_assert_cmpfloat(s->time, ==, 0.25);
}

typedef struct {
  const char *text;
  const char *message;
} BadCase;

#define SETS_NOTHING                                                                               \
  "m.ini: sets nothing (no key, and no --engines, --algorithms, --sizes... flag): an empty "       \
  "matrix would measure every cell; set one, e.g. engines = all"
static const BadCase bad_cases[] = {
    {"", SETS_NOTHING},
    {"# only a comment\n\n# and another\n", SETS_NOTHING},
    {"[matrix]\n[measure]\n", SETS_NOTHING},
    {"[matrix]\n[other]\n", "m.ini:2: unknown section [other] (valid: matrix, measure)"},
    {"[matrix]\nsize = 1\n", "m.ini:2: unknown key \"size\" in [matrix] (valid: engines, "
                             "algorithms, sizes, api, operations, accel, parallel, "
                             "threads, context)"},
    {"[measure]\ntime = 1\ntime = 2\n", "m.ini:3: duplicate key \"time\" (first set on line 2)"},
    {"[matrix]\nengines = \n", "m.ini:2: empty list"},
    {"[matrix]\nsizes = 0\n",
     "m.ini:2: bad block size \"0\" (valid: whole numbers of bytes from 1 to 1048576)"},
    {"[matrix]\nsizes = 1048577\n",
     "m.ini:2: bad block size \"1048577\" (valid: whole numbers of bytes from 1 to 1048576)"},
    {"[measure]\ntime = -1\n",
     "m.ini:2: bad time \"-1\" (valid: seconds per cell from 0.001 to 60, e.g. 0.5)"},
    {"[measure]\ntime = nan\n",
     "m.ini:2: bad time \"nan\" (valid: seconds per cell from 0.001 to 60, e.g. 0.5)"},
    {"[measure]\ntime = 0x10\n",
     "m.ini:2: bad time \"0x10\" (valid: seconds per cell from 0.001 to 60, e.g. 0.5)"},
    {"[measure]\ntime = 1e-2\n",
     "m.ini:2: bad time \"1e-2\" (valid: seconds per cell from 0.001 to 60, e.g. 0.5)"},
    {"[matrix]\nsizes = 1e3\n",
     "m.ini:2: bad block size \"1e3\" (valid: whole numbers of bytes from 1 to 1048576)"},
    {"[measure]\ntime = 1e-1x\n",
     "m.ini:2: bad time \"1e-1x\" (valid: seconds per cell from 0.001 to 60, e.g. 0.5)"},
    {"[measure]\ntime_cap = 0x1p-5\n",
     "m.ini:2: bad time cap \"0x1p-5\" (valid: seconds from 0.001 to 600)"},
    {"[matrix]\napi = EVP\n", "m.ini:2: unknown API level \"EVP\" (valid: evp, low, implicit)"},
    {"[measure]\nconfirm = 21\n",
     "m.ini:2: bad confirmation pass count \"21\" (valid: whole numbers from 0 to 20)"},
    {"[measure]\nconfirm = -1\n",
     "m.ini:2: bad confirmation pass count \"-1\" (valid: whole numbers from 0 to 20)"},
    {"[matrix]\nengines = a\xff\n", "m.ini:2: line is not valid UTF-8"},
};

static void test_bad(gconstpointer data)
{
  const BadCase *c = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(SmSettings) s = load(c->text, NULL, &error);
  g_assert_null(s);
  g_assert_error(error, SM_ERROR, SM_ERROR_CONFIG);
  g_assert_cmpstr(error->message, ==, c->message);
  g_assert_null(strchr(error->message, '\n'));
}

/* ';' comments like '#' ones, whole lines and after a value; blanks around a flag's value count
 * for nothing, as around a file's. */
static void test_comments_and_blanks(void)
{
  SmOverrides time = {.time = " 0.02 "};
  g_autoptr(GError) error = NULL;
  g_autoptr(SmSettings) s =
      load("; a comment\n  ; another\n[matrix]\nsizes = 16, 64 ; small\nengines = glib # one\n",
           &time, &error);
  g_assert_no_error(error);
  g_assert_cmpuint(s->sizes->len, ==, 2);
  g_assert_cmpstr(s->engines[0], ==, "glib");
  g_assert_cmpfloat(s->time, ==, 0.02);
}

/* An empty file with a flag that names what to measure is a matrix; with only a measuring flag,
 * it still names nothing. */
static void test_empty_file_and_flags(void)
{
  SmOverrides engines = {.engines = "glib"};
  g_autoptr(GError) error = NULL;
  g_autoptr(SmSettings) s = load("", &engines, &error);
  g_assert_no_error(error);
  g_assert_cmpstr(s->engines[0], ==, "glib");
  SmOverrides time = {.time = "0.1"};
  g_autoptr(SmSettings) none = load("", &time, &error);
  g_assert_null(none);
  g_assert_cmpstr(error->message, ==, SETS_NOTHING);
}

/* A matrix.ini line has no cap of its own (the file's 1 MiB does): 10,000 sizes on one line,
 * as --sizes takes them. */
static void test_long_line(void)
{
  GString *text = g_string_new("[matrix]\nsizes = ");
  for (guint size = 1; size <= 10000; size++)
    g_string_append_printf(text, "%s%u", size > 1 ? ", " : "", size);
  g_string_append(text, "\n");
  g_autoptr(GError) error = NULL;
  g_autoptr(SmSettings) s = load(text->str, NULL, &error);
  g_string_free(text, TRUE);
  g_assert_no_error(error);
  g_assert_cmpuint(s->sizes->len, ==, 10000);
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/config/good-file", test_good_file);
  g_test_add_func("/config/long-line", test_long_line);
  g_test_add_func("/config/defaults-and-overrides", test_defaults_and_overrides);
  g_test_add_func("/config/shipped-matrix", test_shipped_matrix);
  g_test_add_func("/config/parallel", test_parallel);
  g_test_add_func("/config/byte-order-mark", test_byte_order_mark);
  g_test_add_func("/config/empty-file-and-flags", test_empty_file_and_flags);
  g_test_add_func("/config/comments-and-blanks", test_comments_and_blanks);
  for (size_t i = 0; i < G_N_ELEMENTS(bad_cases); i++) {
    g_autofree char *path = g_strdup_printf("/config/bad/%zu", i);
    g_test_add_data_func(path, &bad_cases[i], test_bad);
  }
  return g_test_run();
}

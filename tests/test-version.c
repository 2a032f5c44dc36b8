/* speedmatrix --version and -V, and list --names (what shell completion reads). */
#include "core/catalog.h"
#include "plan/version.h"
#include "testlib.h"

#include <string.h>

/* The line of `text` that starts with "  NAME " (an engine's line), or NULL. */
static char *engine_line(const char *text, const char *name)
{
  g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
  g_autofree char *prefix = g_strdup_printf("  %s ", name);
  for (char **line = lines; *line != NULL; line++)
    if (g_str_has_prefix(*line, prefix))
      return g_strdup(*line);
  return NULL;
}

static void check_version(const char *flag)
{
  const char *args[] = {flag, NULL};
  Outcome o = run_speedmatrix(NULL, args);
  g_assert_cmpint(o.status, ==, 0);
  g_assert_cmpstr(o.err, ==, "");
  g_assert_true(g_str_has_prefix(o.out, "speedmatrix " SM_VERSION "\n"));
  g_autofree char *abi = g_strdup_printf("\nengine ABI %u.%u\n", SM_ABI_MAJOR, SM_ABI_MINOR);
  g_assert_nonnull(strstr(o.out, abi));

  /* Every built engine, with the version it was built against and the one it runs with. */
  g_auto(GStrv) built = g_strsplit(g_getenv("SM_BUILT_ENGINES"), ",", -1);
  const char *list_args[] = {"list", NULL};
  Outcome list = run_speedmatrix(NULL, list_args);
  g_assert_cmpint(list.status, ==, 0);
  for (char **name = built; *name != NULL && **name != '\0'; name++) {
    g_autofree char *line = engine_line(o.out, *name);
    g_assert_nonnull(line);
    const char *against = sm_built_against_version(*name);
    g_assert_nonnull(against);
    g_assert_cmpstr(against, !=, "");
    g_auto(GStrv) fields = g_strsplit_set(line, " ", -1);
    g_autoptr(GPtrArray) words = g_ptr_array_new();
    for (char **f = fields; *f != NULL; f++)
      if (**f != '\0')
        g_ptr_array_add(words, *f);
    /* name, library (which may be two words: "Mbed TLS"), built against, running */
    g_assert_cmpuint(words->len, >=, 4);
    g_assert_cmpstr(words->pdata[words->len - 2], ==, against);
    /* The running version is the one list reports (the engine's library_version()). */
    g_autofree char *list_line = engine_line(list.out, *name);
    g_assert_nonnull(list_line);
    g_assert_true(g_str_has_suffix(list_line, (const char *)words->pdata[words->len - 1]));
  }
  outcome_clear(&list);
  outcome_clear(&o);
}

static void test_version_long(void) { check_version("--version"); }
static void test_version_short(void) { check_version("-V"); }

/* Without an engine directory --version still answers. */
static void test_version_without_engines(void)
{
  const char *args[] = {"--version", NULL};
  Outcome o = run_with("/nonexistent-engine-dir", args);
  g_assert_cmpint(o.status, ==, 0);
  g_assert_nonnull(strstr(o.out, "engines: none loaded (/nonexistent-engine-dir: "));
  outcome_clear(&o);
}

static void test_names(void)
{
  const char *engines_args[] = {"list", "--names", "engines", NULL};
  Outcome o = run_speedmatrix(NULL, engines_args);
  g_assert_cmpint(o.status, ==, 0);
  g_auto(GStrv) built = g_strsplit(g_getenv("SM_BUILT_ENGINES"), ",", -1);
  g_autofree char *joined = g_strjoinv("\n", built);
  g_autofree char *want = g_strdup_printf("%s\n", joined);
  g_assert_cmpstr(o.out, ==, want);
  outcome_clear(&o);

  const char *algorithms_args[] = {"list", "--names", "algorithms", NULL};
  o = run_speedmatrix(NULL, algorithms_args);
  g_assert_cmpint(o.status, ==, 0);
  g_autoptr(GString) names = g_string_new(NULL);
  for (const SmAlgInfo *info = sm_catalog; info->name != NULL; info++)
    g_string_append_printf(names, "%s\n", info->name);
  g_assert_cmpstr(o.out, ==, names->str);
  outcome_clear(&o);

  const char *bad_args[] = {"list", "--names", "colours", NULL};
  o = run_speedmatrix(NULL, bad_args);
  g_assert_cmpint(o.status, ==, 2);
  g_assert_cmpstr(o.err, ==,
                  "speedmatrix: --names: unknown \"colours\" (valid: engines, algorithms, kinds, "
                  "operations, apis)\n");
  outcome_clear(&o);
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/version/long", test_version_long);
  g_test_add_func("/version/short", test_version_short);
  g_test_add_func("/version/without-engines", test_version_without_engines);
  g_test_add_func("/list/names", test_names);
  return g_test_run();
}

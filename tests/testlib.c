#include "testlib.h"

#include "core/registry.h"

#include <string.h>
#include <sys/wait.h>

/* Runs the binary the environment variable `binary` names. */
static Outcome run_in(const char *binary, const char *cwd, const char *engine_dir,
                      const char *const *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new();
  g_ptr_array_add(argv, (gpointer)g_getenv(binary));
  for (const char *const *a = args; *a != NULL; a++)
    g_ptr_array_add(argv, (gpointer)*a);
  g_ptr_array_add(argv, NULL);
  g_auto(GStrv) env = g_get_environ();
  if (engine_dir != NULL)
    env = g_environ_setenv(env, "SPEEDMATRIX_ENGINE_DIR", engine_dir, TRUE);
  Outcome o = {0};
  int wait_status = 0;
  g_autoptr(GError) error = NULL;
  g_assert_true(g_spawn_sync(cwd, (char **)argv->pdata, env, G_SPAWN_DEFAULT, NULL, NULL, &o.out,
                             &o.err, &wait_status, &error));
  g_assert_no_error(error);
  g_assert_true(WIFEXITED(wait_status));
  o.status = WEXITSTATUS(wait_status);
  return o;
}

Outcome run_speedmatrix(const char *cwd, const char *const *args)
{
  return run_in("SPEEDMATRIX", cwd, NULL, args);
}

Outcome run_with(const char *engine_dir, const char *const *args)
{
  return run_in("SPEEDMATRIX", NULL, engine_dir, args);
}

Outcome run_test_build(const char *engine_dir, const char *const *args)
{
  return run_in("SPEEDMATRIX_TEST", NULL, engine_dir, args);
}

void outcome_clear(Outcome *o)
{
  g_free(o->out);
  g_free(o->err);
  *o = (Outcome){0};
}

void check_golden_with(const char *name, const char *actual, GoldenSameFn same)
{
  g_autofree char *path = g_build_filename(g_getenv("SM_TESTS_DIR"), "golden", name, NULL);
  if (g_getenv("SM_UPDATE_GOLDEN") != NULL)
    g_assert_true(g_file_set_contents(path, actual, -1, NULL));
  g_autofree char *expected = NULL;
  g_autoptr(GError) error = NULL;
  g_assert_true(g_file_get_contents(path, &expected, NULL, &error));
  g_assert_no_error(error);
  if (same != NULL && strcmp(actual, expected) != 0 && same(expected, actual))
    return;
  g_assert_cmpstr(actual, ==, expected);
}

void check_golden(const char *name, const char *actual) { check_golden_with(name, actual, NULL); }

const char *test_algorithms(void)
{
  const char *chosen = g_getenv("SM_TEST_ALGORITHMS");
  return chosen != NULL && chosen[0] != '\0' ? chosen : "all";
}

bool test_algorithm_wanted(const char *algorithm)
{
  g_auto(GStrv) chosen = g_strsplit(test_algorithms(), ",", -1);
  return strcmp(test_algorithms(), "all") == 0 ||
         g_strv_contains((const char *const *)chosen, algorithm);
}

char *known_engines_list(void) { return g_strjoinv(", ", (char **)sm_known_engines); }

char *expand_known_engines(const char *text)
{
  g_autofree char *known = known_engines_list();
  g_auto(GStrv) parts = g_strsplit(text, "@KNOWN_ENGINES@", -1);
  return g_strjoinv(known, parts);
}

SmRow *execute_cell(const SmCell *cell, const SmRunContext *context)
{
  SmCellResult result = {0};
  SmPrepared *prepared = sm_cell_prepare(cell, context, &result);
  if (prepared != NULL) {
    sm_cell_sample(prepared, context, &result);
    sm_prepared_free(prepared);
  }
  SmRow *row = sm_row_from_results(cell, context, &result, 1, NULL);
  sm_cell_result_clear(&result);
  return row;
}

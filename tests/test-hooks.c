/* The test hooks are in the test build only: the release speedmatrix ($SPEEDMATRIX, the one
 * installed) holds neither the hook variable's name nor the test-only setters, and its worker
 * refuses the --slowdown the test build's worker takes. */
#include "testlib.h"

#include <stdbool.h>
#include <string.h>

static GBytes *read_binary(const char *variable)
{
  g_autofree char *data = NULL;
  gsize length = 0;
  g_autoptr(GError) error = NULL;
  g_assert_true(g_file_get_contents(g_getenv(variable), &data, &length, &error));
  g_assert_no_error(error);
  return g_bytes_new_take(g_steal_pointer(&data), length);
}

static bool holds(GBytes *binary, const char *text)
{
  gsize length = 0;
  const char *data = g_bytes_get_data(binary, &length);
  return memmem(data, length, text, strlen(text)) != NULL;
}

/* What `strings` would find: the hook's variable and the setters' symbols. */
static void test_release_binary(void)
{
  const char *const hooks[] = {"SPEEDMATRIX_TEST_SLOWDOWN", "sm_verify_set_corruption",
                               "sm_verify_set_extra_vectors"};
  g_autoptr(GBytes) release = read_binary("SPEEDMATRIX");
  g_autoptr(GBytes) test_build = read_binary("SPEEDMATRIX_TEST");
  /* The search finds the variable where it is compiled in. */
  g_assert_true(holds(test_build, hooks[0]));
  g_assert_true(holds(release, "SPEEDMATRIX_ENGINE_DIR"));
  for (size_t i = 0; i < G_N_ELEMENTS(hooks); i++)
    if (holds(release, hooks[i])) {
      g_test_message("the release binary holds \"%s\"", hooks[i]);
      g_test_fail();
    }
}

/* The worker as the pool starts it, with --slowdown: the release build refuses the option. */
static void test_worker_option(void)
{
  g_autofree char *engine = g_build_filename(g_getenv("SM_TEST_PLUGINS"), "mock-good.so", NULL);
  // clang-format off
  const char *args[] = {"__worker", "--engine", engine, "--accel", "on", "--timeout", "10",
                        "--seed", "1", "--time", "0.1", "--samples", "5", "--spread-target", "0.01",
                        "--time-cap", "0.3", "--slowdown", "0.5", NULL};
  // clang-format on
  Outcome release = run_with(NULL, args);
  g_assert_cmpint(release.status, ==, 2);
  g_assert_nonnull(strstr(release.err, "bad arguments"));
  outcome_clear(&release);
  /* The test build takes it, and ends at the end of its input (no request). */
  Outcome test_build = run_test_build(NULL, args);
  g_assert_cmpstr(test_build.err, ==, "");
  g_assert_cmpint(test_build.status, ==, 0);
  outcome_clear(&test_build);
  /* Without --slowdown the release worker starts as well. */
  args[G_N_ELEMENTS(args) - 3] = NULL;
  Outcome plain = run_with(NULL, args);
  g_assert_cmpstr(plain.err, ==, "");
  g_assert_cmpint(plain.status, ==, 0);
  outcome_clear(&plain);
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/hooks/release-binary", test_release_binary);
  g_test_add_func("/hooks/worker-option", test_worker_option);
  return g_test_run();
}

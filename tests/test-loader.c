/* The loader: good plugins load, bad ones are refused with a message naming the file, and a
 * directory with bad plugins still loads the good ones. */
#include "cell/call.h"
#include "core/registry.h"
#include "core/util.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

static char *plugin(const char *variant)
{
  return g_strdup_printf("%s/mock-%s.so", g_getenv("SM_TEST_PLUGINS"), variant);
}

static void test_good(void)
{
  g_autofree char *path = plugin("good");
  g_autoptr(GError) error = NULL;
  SmLoadedEngine *engine = sm_engine_load(path, &error);
  g_assert_no_error(error);
  g_assert_cmpstr(engine->desc->name, ==, "mock");
  g_assert_cmpstr(engine->desc->library_version(), ==, "1.0-mock");
  g_assert_cmpint(sm_engine_init(engine, SM_ACCEL_ON), ==, SM_OK);
  sm_engine_free(engine);
}

/* setup gets its row's data (ABI 1.1) and a level names its code (1.2); an engine built for an
 * older minor is loaded without the loader reading the fields later minors appended: its tables
 * are copied with those fields zero (the mock sets them all, whatever minor it claims). */
static void check_row_data(const char *variant, bool has_data, bool has_impl_name)
{
  g_autofree char *path = plugin(variant);
  g_autoptr(GError) error = NULL;
  SmLoadedEngine *engine = sm_engine_load(path, &error);
  g_assert_no_error(error);
  g_assert_cmpuint(engine->desc->abi_minor, ==, SM_ABI_MINOR);
  const SmAlgorithm *alg = sm_engine_find_algorithm(engine->desc, "sha256");
  const SmImpl *impl = alg->impl[SM_API_EVP];
  g_assert_true((impl->data != NULL) == has_data);
  g_assert_true((impl->impl_name != NULL) == has_impl_name);
  SmParams params = {.size = sizeof params, .op = SM_OP_HASH};
  void *state = NULL;
  char msg[128] = "";
  g_assert_cmpint(sm_engine_init(engine, SM_ACCEL_ON), ==, SM_OK);
  SmResult result = sm_impl_setup(impl, &params, &state, msg, sizeof msg);
  g_assert_cmpstr(msg, ==, "");
  g_assert_cmpint(result, ==, SM_OK);
  if (has_impl_name)
    g_assert_cmpstr(impl->impl_name(&params, state), ==, "mock-impl");
  impl->teardown(state);
  sm_engine_free(engine);
}

static void test_row_data(void) { check_row_data("good", true, true); }
static void test_old_minor(void) { check_row_data("old-minor", false, false); }
static void test_old_minor_1(void) { check_row_data("old-minor-1", true, false); }

/* ABI 1.3 appended the keygen, encaps and decaps slots after SmImpl.impl_name: a 1.2 engine's
 * levels end before them, so the loader neither validates nor keeps what lies there. */
static void test_old_minor_2(void)
{
  check_row_data("old-minor-2", true, true);
  g_autofree char *path = plugin("old-minor-2");
  g_autoptr(GError) error = NULL;
  SmLoadedEngine *engine = sm_engine_load(path, &error);
  g_assert_no_error(error);
  const SmImpl *impl = sm_engine_find_algorithm(engine->desc, "sha256")->impl[SM_API_EVP];
  for (unsigned op = SM_OP_SLOTS_1_0; op < SM_OP_COUNT; op++)
    g_assert_null(sm_impl_op(impl, (SmOp)op));
  g_assert_nonnull(sm_impl_op(impl, SM_OP_HASH));
  sm_engine_free(engine);
}

typedef struct {
  const char *variant;
  const char *message; /* after "<path>: " */
} Refusal;

static const Refusal refusals[] = {
    {"bad-major", "plugin ABI 2.4 is not compatible with this speedmatrix (ABI 1.4: same major, "
                  "minor at most 4)"},
    {"newer-minor", "plugin ABI 1.5 is not compatible with this speedmatrix (ABI 1.4: same major, "
                    "minor at most 4)"},
    {"null-name", "engine name is missing or not lower-case letters, digits and '-'"},
    {"duplicate-alg", "engine \"mock\" lists algorithm \"sha256\" twice"},
};

static void test_refused(gconstpointer data)
{
  const Refusal *r = data;
  g_autofree char *path = plugin(r->variant);
  g_autoptr(GError) error = NULL;
  g_assert_null(sm_engine_load(path, &error));
  g_assert_error(error, SM_ERROR, SM_ERROR_PLUGIN);
  g_autofree char *expected = g_strdup_printf("%s: %s", path, r->message);
  g_assert_cmpstr(error->message, ==, expected);
}

static void test_not_a_shared_object(void)
{
  g_autofree char *dir = g_dir_make_tmp("sm-loader-XXXXXX", NULL);
  g_autofree char *path = g_build_filename(dir, "text.so", NULL);
  g_assert_true(g_file_set_contents(path, "not an ELF file\n", -1, NULL));
  g_autoptr(GError) error = NULL;
  g_assert_null(sm_engine_load(path, &error));
  g_assert_error(error, SM_ERROR, SM_ERROR_PLUGIN);
  g_autofree char *prefix = g_strdup_printf("%s: not a loadable plugin: ", path);
  g_assert_true(g_str_has_prefix(error->message, prefix));
  g_unlink(path);
  g_rmdir(dir);
}

static void copy_plugin(const char *variant, const char *dir, const char *name)
{
  g_autofree char *from = plugin(variant);
  g_autofree char *to = g_build_filename(dir, name, NULL);
  g_autofree char *data = NULL;
  gsize len = 0;
  g_assert_true(g_file_get_contents(from, &data, &len, NULL));
  g_assert_true(g_file_set_contents(to, data, (gssize)len, NULL));
}

static void test_directory_goes_on(void)
{
  g_autofree char *dir = g_dir_make_tmp("sm-loader-XXXXXX", NULL);
  copy_plugin("bad-major", dir, "a-bad.so");
  copy_plugin("good", dir, "b-good.so");
  copy_plugin("good", dir, "c-again.so");
  g_autofree char *junk = g_build_filename(dir, "d-junk.so", NULL);
  g_assert_true(g_file_set_contents(junk, "junk", -1, NULL));
  g_autoptr(GError) error = NULL;
  g_autoptr(SmRegistry) registry = sm_registry_load_dir(dir, &error);
  g_assert_no_error(error);
  g_assert_cmpuint(registry->engines->len, ==, 1);
  g_assert_nonnull(sm_registry_find(registry, "mock"));
  for (guint i = 0; i < registry->refused->len; i++)
    g_test_message("refused: %s", (char *)registry->refused->pdata[i]);
  g_assert_cmpuint(registry->refused->len, ==, 3);
  g_assert_true(g_str_has_suffix(registry->refused->pdata[0],
                                 "a-bad.so: plugin ABI 2.4 is not compatible with this speedmatrix "
                                 "(ABI 1.4: same major, minor at most 4)"));
  g_assert_true(g_str_has_suffix(registry->refused->pdata[1],
                                 "c-again.so: a second engine named \"mock\" (already loaded)"));
  g_assert_nonnull(strstr(registry->refused->pdata[2], "d-junk.so: not a loadable plugin"));
  const char *names[] = {"a-bad.so", "b-good.so", "c-again.so", "d-junk.so"};
  for (size_t i = 0; i < G_N_ELEMENTS(names); i++) {
    g_autofree char *p = g_build_filename(dir, names[i], NULL);
    g_unlink(p);
  }
  g_rmdir(dir);
}

static void test_missing_directory(void)
{
  g_autoptr(GError) error = NULL;
  g_assert_null(sm_registry_load_dir("/nonexistent/speedmatrix", &error));
  g_assert_error(error, SM_ERROR, SM_ERROR_IO);
  g_assert_true(g_str_has_prefix(error->message, "/nonexistent/speedmatrix: cannot open"));
}

static void test_built_engines_validate(void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SmRegistry) registry = sm_registry_load_dir(g_getenv("SPEEDMATRIX_ENGINE_DIR"), &error);
  g_assert_no_error(error);
  g_assert_cmpuint(registry->refused->len, ==, 0);
  g_auto(GStrv) built = g_strsplit(g_getenv("SM_BUILT_ENGINES"), ",", -1);
  for (char **name = built; *name && **name; name++) {
    const SmLoadedEngine *engine = sm_registry_find(registry, *name);
    g_assert_nonnull(engine);
    g_assert_nonnull(engine->desc->library_version());
    g_assert_cmpstr(engine->desc->library_version(), !=, "");
  }
  g_assert_cmpuint(registry->engines->len, ==, g_strv_length(built) - (built[0][0] == 0));
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/loader/good", test_good);
  g_test_add_func("/loader/row-data", test_row_data);
  g_test_add_func("/loader/old-minor", test_old_minor);
  g_test_add_func("/loader/old-minor-1", test_old_minor_1);
  g_test_add_func("/loader/old-minor-2", test_old_minor_2);
  for (size_t i = 0; i < G_N_ELEMENTS(refusals); i++) {
    g_autofree char *path = g_strdup_printf("/loader/refused/%s", refusals[i].variant);
    g_test_add_data_func(path, &refusals[i], test_refused);
  }
  g_test_add_func("/loader/refused/not-a-shared-object", test_not_a_shared_object);
  g_test_add_func("/loader/directory-goes-on", test_directory_goes_on);
  g_test_add_func("/loader/missing-directory", test_missing_directory);
  g_test_add_func("/loader/built-engines", test_built_engines_validate);
  return g_test_run();
}

/* plan: the matrix expands to every cell, unsupported ones kept with their reason. */
#include "plan/plan.h"
#include "core/util.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

static SmRegistry *mock_registry(char **dir_out)
{
  g_autofree char *dir = g_dir_make_tmp("sm-plan-XXXXXX", NULL);
  g_autofree char *from = g_strdup_printf("%s/mock-good.so", g_getenv("SM_TEST_PLUGINS"));
  g_autofree char *to = g_build_filename(dir, "mock.so", NULL);
  g_autofree char *data = NULL;
  gsize len = 0;
  g_assert_true(g_file_get_contents(from, &data, &len, NULL));
  g_assert_true(g_file_set_contents(to, data, (gssize)len, NULL));
  g_autoptr(GError) error = NULL;
  SmRegistry *registry = sm_registry_load_dir(dir, &error);
  g_assert_no_error(error);
  *dir_out = g_steal_pointer(&dir);
  return registry;
}

static void cleanup(char *dir)
{
  g_autofree char *path = g_build_filename(dir, "mock.so", NULL);
  g_unlink(path);
  g_rmdir(dir);
  g_free(dir);
}

static SmSettings *settings_for(const char *text)
{
  g_autoptr(GError) error = NULL;
  SmSettings *s = sm_settings_load_data("p.ini", text, strlen(text), NULL, &error);
  g_assert_no_error(error);
  return s;
}

static const SmCell *find(GPtrArray *cells, const char *engine, const char *alg, SmOp op, SmApi api,
                          guint size)
{
  for (guint i = 0; i < cells->len; i++) {
    const SmCell *c = cells->pdata[i];
    if (strcmp(c->engine_name, engine) == 0 && strcmp(c->alg->name, alg) == 0 && c->op == op &&
        c->api == api && c->block_size == size)
      return c;
  }
  return NULL;
}

static void test_expansion(void)
{
  char *dir = NULL;
  g_autoptr(SmRegistry) registry = mock_registry(&dir);
  g_autoptr(SmSettings) s = settings_for("[matrix]\nengines = mock, glib\n"
                                         "algorithms = sha256, sha1, aes-128-cbc, ed25519\n"
                                         "sizes = 16, 20\n");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) cells = sm_plan_build(s, registry, &error);
  g_assert_no_error(error);
  /* per engine: sha256 2x2, sha1 2x2, aes-128-cbc 2 api x (2 ops x 2 sizes + setup), ed25519
   * 2 x (2 + setup + keygen) */
  g_assert_cmpuint(cells->len, ==, 52);
  g_assert_nonnull(find(cells, "glib", "ed25519", SM_OP_KEYGEN, SM_API_EVP, 0));
  /* setup: one cell per level, no block size; digests have none */
  g_assert_nonnull(find(cells, "mock", "aes-128-cbc", SM_OP_SETUP, SM_API_EVP, 0));
  g_assert_nonnull(find(cells, "glib", "ed25519", SM_OP_SETUP, SM_API_LOW, 0));
  g_assert_null(find(cells, "mock", "aes-128-cbc", SM_OP_SETUP, SM_API_EVP, 16));
  g_assert_null(find(cells, "mock", "sha256", SM_OP_SETUP, SM_API_EVP, 0));

  const SmCell *c = find(cells, "mock", "sha256", SM_OP_HASH, SM_API_EVP, 16);
  g_assert_nonnull(c);
  g_assert_cmpint(c->status, ==, SM_STATUS_PENDING);
  c = find(cells, "mock", "sha256", SM_OP_HASH, SM_API_LOW, 20);
  g_assert_cmpint(c->status, ==, SM_STATUS_UNSUPPORTED);
  g_assert_cmpstr(c->reason, ==, "the mock engine has no low level");
  c = find(cells, "mock", "sha1", SM_OP_HASH, SM_API_LOW, 16);
  g_assert_cmpstr(c->reason, ==, "not offered at this API level");
  c = find(cells, "mock", "aes-128-cbc", SM_OP_DECRYPT, SM_API_EVP, 16);
  g_assert_cmpint(c->status, ==, SM_STATUS_UNSUPPORTED);
  g_assert_cmpstr(c->reason, ==, "Mock does not offer aes-128-cbc");
  c = find(cells, "mock", "ed25519", SM_OP_VERIFY, SM_API_LOW, 0);
  g_assert_nonnull(c); /* signatures have one cell per operation, no block size */
  c = find(cells, "glib", "sha256", SM_OP_HASH, SM_API_EVP, 20);
  g_assert_cmpint(c->status, ==, SM_STATUS_UNSUPPORTED);
  g_assert_cmpstr(c->reason, ==,
                  "engine glib is not built (its library was missing at build time)");
  /* Order: engines as asked, then the catalogue's order. */
  g_assert_cmpstr(((SmCell *)cells->pdata[0])->engine_name, ==, "mock");
  g_assert_cmpstr(((SmCell *)cells->pdata[0])->alg->name, ==, "aes-128-cbc");
  g_assert_cmpstr(((SmCell *)cells->pdata[39])->engine_name, ==, "glib");
  cleanup(dir);
}

static void test_block_unit(void)
{
  char *dir = NULL;
  g_autoptr(SmRegistry) registry = mock_registry(&dir);
  g_autoptr(SmSettings) s =
      settings_for("[matrix]\nengines = mock\nalgorithms = sha256\nsizes = 1, 17\napi = evp\n");
  g_autoptr(GPtrArray) cells = sm_plan_build(s, registry, NULL);
  g_assert_cmpuint(cells->len, ==, 2);
  for (guint i = 0; i < cells->len; i++) /* a digest takes any length */
    g_assert_cmpint(((SmCell *)cells->pdata[i])->status, ==, SM_STATUS_PENDING);
  cleanup(dir);
}

static void test_kinds_and_operations(void)
{
  char *dir = NULL;
  g_autoptr(SmRegistry) registry = mock_registry(&dir);
  g_autoptr(SmSettings) s = settings_for("[matrix]\nengines = all\nalgorithms = digest\n"
                                         "sizes = 64\napi = evp\noperations = hash\n");
  g_autoptr(GPtrArray) cells = sm_plan_build(s, registry, NULL);
  guint digests = 0;
  for (const SmAlgInfo *info = sm_catalog; info->name; info++)
    digests += info->kind == SM_KIND_DIGEST;
  g_assert_cmpuint(cells->len, ==, digests); /* "all" is the loaded engines: just mock */
  g_autoptr(SmSettings) none = settings_for("[matrix]\nengines = mock\nalgorithms = digest\n"
                                            "operations = sign\n");
  g_autoptr(GPtrArray) empty = sm_plan_build(none, registry, NULL);
  g_assert_cmpuint(empty->len, ==, 0);
  cleanup(dir);
}

static void test_unknown_engine(void)
{
  char *dir = NULL;
  g_autoptr(SmRegistry) registry = mock_registry(&dir);
  g_autoptr(SmSettings) s = settings_for("[matrix]\n\nengines = mock, nosuch\n");
  g_autoptr(GError) error = NULL;
  g_assert_null(sm_plan_build(s, registry, &error));
  g_autofree char *known = g_strjoinv(", ", (char **)sm_known_engines);
  g_autofree char *expected =
      g_strdup_printf("p.ini:3: unknown engine \"nosuch\" (valid: all, %s, mock)", known);
  g_assert_cmpstr(error->message, ==, expected);
  cleanup(dir);
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/plan/expansion", test_expansion);
  g_test_add_func("/plan/block-unit", test_block_unit);
  g_test_add_func("/plan/kinds-and-operations", test_kinds_and_operations);
  g_test_add_func("/plan/unknown-engine", test_unknown_engine);
  return g_test_run();
}

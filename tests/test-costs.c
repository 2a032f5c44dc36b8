/* The costs beyond speed: allocations per operation counted exactly (the mock's sha384 allocates
 * a known number of blocks per call), setup rows verified and measured on every built engine
 * that has the algorithm, the impl column, and the new fields through the wire line and the
 * CSV (a golden check of the columns, and the reader). */
#include "cell/allocs.h"
#include "cell/execute.h"
#include "core/registry.h"
#include "io/csv.h"
#include "io/results.h"
#include "isolate/wire.h"
#include "plan/plan.h"
#include "testlib.h"

#include <glib.h>
#include <string.h>

#define MOCK_ALLOCS_PER_OP 3 /* tests/plugins/mock.c */

static SmRegistry *registry;
static SmLoadedEngine *mock;

static const SmRunContext context = {
    .seed = 3,
    .measure = {.time = 0.01, .samples = 5, .min_samples = 5, .time_cap = 0.02},
    .host = "h",
    .cpu_model = "c",
};

static SmCell cell_of(SmLoadedEngine *engine, const char *algorithm, SmOp op, SmApi api, guint size)
{
  const SmAlgInfo *info = sm_catalog_find(algorithm);
  return (SmCell){
      .engine_name = engine->desc->name,
      .engine = engine,
      .alg = info,
      .impl = sm_engine_find_algorithm(engine->desc, algorithm),
      .op = op,
      .api = api,
      .block_size = op == SM_OP_SETUP ? 0 : size,
      .accel = SM_ACCEL_ON,
      .parallel = 1,
      .status = SM_STATUS_PENDING,
  };
}

static void test_allocs_per_op(void)
{
  if (!sm_allocs_enabled()) {
    g_test_skip("allocation counting is not available in this build");
    return;
  }
  SmCell cell = cell_of(mock, "sha384", SM_OP_HASH, SM_API_EVP, 64);
  g_autoptr(SmRow) row = execute_cell(&cell, &context);
  g_assert_cmpstr(sm_status_name(row->status), ==, "ok");
  g_assert_true(row->has_allocs);
  g_assert_cmpfloat(row->allocs_per_op, ==, MOCK_ALLOCS_PER_OP);
  g_assert_cmpfloat(row->alloc_bytes_per_op, ==, MOCK_ALLOCS_PER_OP * 100);
  g_assert_true(row->has_context_bytes);
  g_assert_cmpuint(row->context_bytes, >, 0);
  g_assert_null(row->impl); /* sha384 has no impl_name */

  /* The same engine's sha256 reuses a GChecksum, which allocates its hex string on every
   * digest (GLib caches it beside the digest): one per call; and it names its code. */
  SmCell reused = cell_of(mock, "sha256", SM_OP_HASH, SM_API_EVP, 64);
  g_autoptr(SmRow) checksum = execute_cell(&reused, &context);
  g_assert_cmpstr(sm_status_name(checksum->status), ==, "ok");
  g_assert_true(checksum->has_allocs);
  g_assert_cmpfloat(checksum->allocs_per_op, ==, 1);
  g_assert_cmpstr(checksum->impl, ==, "mock-impl");
}

static void test_counting_off(void)
{
  g_setenv("SPEEDMATRIX_ALLOC_COUNT", "0", TRUE);
  SmCell cell = cell_of(mock, "sha384", SM_OP_HASH, SM_API_EVP, 64);
  g_autoptr(SmRow) row = execute_cell(&cell, &context);
  g_unsetenv("SPEEDMATRIX_ALLOC_COUNT");
  g_assert_cmpstr(sm_status_name(row->status), ==, "ok");
  g_assert_false(row->has_allocs);
  g_assert_false(row->has_context_bytes);
  g_autofree char *line = sm_csv_format_row(row);
  /* impl and the three counts empty; then contention, passes_slow_quiet, and the library: no
   * file the runner knows for the mock, its run-time version; then the four key sizes, empty
   * for a digest; then one thread, a reused context, no lock waits */
  g_assert_true(g_str_has_suffix(line, ",,,,,,,1.0-mock,,,,,1,reused,,,,"));
}

static void test_mock_setup(void)
{
  SmCell cell = cell_of(mock, "hmac-sha256", SM_OP_SETUP, SM_API_EVP, 0);
  g_autoptr(SmRow) row = execute_cell(&cell, &context);
  if (row->status != SM_STATUS_OK)
    g_test_message("%s", row->detail);
  g_assert_cmpstr(sm_status_name(row->status), ==, "ok");
  g_assert_cmpfloat(row->ops_per_sec, >, 0);
  g_assert_cmpuint(row->block_size, ==, 0);
  g_assert_cmpstr(row->impl, ==, "mock-impl");
  if (sm_allocs_enabled()) {
    g_assert_cmpfloat(row->allocs_per_op, >=, 1); /* g_hmac_new */
    g_assert_cmpuint(row->context_bytes, >, 0);
  }
  g_autofree char *line = sm_csv_format_row(row);
  g_assert_nonnull(strstr(line, ",hmac-sha256,mac,setup,evp,,"));
}

/* A digest has no setup operation: verify refuses it as unsupported, naming why. */
static void test_no_setup_for_digests(void)
{
  g_assert_cmpint(sm_op_slot(SM_KIND_DIGEST, SM_OP_SETUP), ==, SM_OP_COUNT);
  g_assert_cmpint(sm_op_slot(SM_KIND_AEAD, SM_OP_SETUP), ==, SM_OP_ENCRYPT);
  g_assert_cmpint(sm_op_slot(SM_KIND_MAC, SM_OP_SETUP), ==, SM_OP_MAC);
  g_assert_cmpint(sm_op_slot(SM_KIND_SIGNATURE, SM_OP_SETUP), ==, SM_OP_SIGN);
  SmCell cell = cell_of(mock, "sha256", SM_OP_SETUP, SM_API_EVP, 0);
  g_autoptr(SmRow) row = execute_cell(&cell, &context);
  g_assert_cmpstr(sm_status_name(row->status), ==, "unsupported");
  g_assert_cmpstr(row->detail, ==, "a digest has no setup operation");
  SmOp op;
  g_assert_true(sm_op_parse("setup", &op));
  g_assert_cmpint(op, ==, SM_OP_SETUP);
  g_assert_cmpstr(sm_op_name(SM_OP_SETUP), ==, "setup");
}

typedef struct {
  SmLoadedEngine *engine;
  const char *algorithm;
  SmApi api;
} SetupCase;

/* Every built engine's setup of the algorithms people open a context per connection for:
 * verified (the known answers through contexts its setup built; the last context the timed
 * loop built gives the first one's output), measured, with allocations counted. */
static void test_engine_setup(gconstpointer data)
{
  const SetupCase *c = data;
  g_assert_cmpint(sm_engine_init(c->engine, SM_ACCEL_ON), ==, SM_OK);
  SmCell cell = cell_of(c->engine, c->algorithm, SM_OP_SETUP, c->api, 0);
  g_autoptr(SmRow) row = execute_cell(&cell, &context);
  if (row->status == SM_STATUS_UNSUPPORTED) {
    g_test_skip(row->detail); /* a run-time probe: a provider or CPU feature missing */
    return;
  }
  if (row->status != SM_STATUS_OK)
    g_test_message("%s", row->detail);
  g_assert_cmpstr(sm_status_name(row->status), ==, "ok");
  g_assert_cmpfloat(row->ops_per_sec, >, 0);
  g_test_message(
      "%s %s setup %s: %.0f/s, impl %s, %.2f allocs (%.0f B) per setup, context %" G_GUINT64_FORMAT
      " B",
      c->engine->desc->name, c->algorithm, sm_api_name(c->api), row->ops_per_sec,
      row->impl ? row->impl : "-", row->allocs_per_op, row->alloc_bytes_per_op, row->context_bytes);
  if (sm_allocs_enabled())
    g_assert_true(row->has_allocs);
}

/* GLib's one-shot digests return a new string per call: at least one allocation per op. */
static void test_glib_one_shot_allocates(void)
{
  const SmLoadedEngine *glib = sm_registry_find(registry, "glib");
  if (glib == NULL || !sm_allocs_enabled()) {
    g_test_skip("GLib engine not built, or counting unavailable");
    return;
  }
  SmCell cell = cell_of((SmLoadedEngine *)glib, "sha256", SM_OP_HASH, SM_API_LOW, 64);
  g_autoptr(SmRow) row = execute_cell(&cell, &context);
  g_assert_cmpstr(sm_status_name(row->status), ==, "ok");
  g_assert_cmpfloat(row->allocs_per_op, >=, 1);
}

static void test_wire(void)
{
  SmCellResult r = {
      .status = SM_STATUS_OK,
      .stats = {.count = 1, .median = 10},
      .impl = g_strdup("provider=default AES-NI\tx"),
      .counted_ops = 1000,
      .allocs = 3000,
      .alloc_bytes = 300000,
      .has_context_bytes = true,
      .context_bytes = 1313,
  };
  g_autofree char *line = sm_wire_format_result(&r);
  SmCellResult back = {0};
  g_assert_true(sm_wire_parse_result(line, &back));
  g_assert_cmpstr(back.impl, ==, r.impl);
  g_assert_cmpuint(back.counted_ops, ==, 1000);
  g_assert_cmpuint(back.allocs, ==, 3000);
  g_assert_cmpuint(back.alloc_bytes, ==, 300000);
  g_assert_true(back.has_context_bytes);
  g_assert_cmpuint(back.context_bytes, ==, 1313);
  sm_cell_result_clear(&back);
  /* A journal line of an earlier speedmatrix (16 fields) is read with the costs unknown. */
  const char *old = "result\tok\t\t5\t10\t0\t0\t10\t9\t11\t0\t0\t100\t0\t\t10,10";
  g_assert_true(sm_wire_parse_result(old, &back));
  g_assert_cmpuint(back.counted_ops, ==, 0);
  g_assert_null(back.impl);
  sm_cell_result_clear(&back);
  sm_cell_result_clear(&r);
}

/* Golden: the columns' names and place, their format, and the reader taking them back. */
static void test_csv_columns(void)
{
  g_autofree char *header = sm_csv_header();
  g_assert_true(g_str_has_suffix(header, ",ratio_to_slot_high,impl,allocs_per_op,"
                                         "alloc_bytes_per_op,context_bytes,contention,"
                                         "passes_slow_quiet,library_path,library_version,"
                                         "public_key_bytes,secret_key_bytes,signature_bytes,"
                                         "ciphertext_bytes,threads,context,lock_waits,emulated,scaling_efficiency_low,scaling_efficiency_high"));
  SmCell cell = cell_of(mock, "sha384", SM_OP_HASH, SM_API_EVP, 64);
  g_autoptr(SmRow) row = sm_cell_row_new(&cell, "h", "c", 3);
  row->status = SM_STATUS_OK;
  row->ops_per_sec = 1000;
  row->bytes_per_sec = 64000;
  row->impl = g_strdup("provider=default AES-NI");
  row->has_allocs = true;
  row->allocs_per_op = 3;
  row->alloc_bytes_per_op = 300;
  row->has_context_bytes = true;
  row->context_bytes = 1313;
  g_autofree char *line = sm_csv_format_row(row);
  g_assert_true(
      g_str_has_suffix(line, ",provider=default AES-NI,3.0000,300.0,1313,,,,,,,,,1,reused,,,,"));
  g_autofree char *text = g_strdup_printf("%s\r\n%s\r\n", header, line);
  g_autoptr(GError) error = NULL;
  g_autoptr(SmResultSet) set = sm_results_parse("golden.csv", text, strlen(text), &error);
  g_assert_no_error(error);
  const SmRow *read = ((SmResultRow *)set->results->pdata[0])->row;
  g_assert_cmpstr(read->impl, ==, "provider=default AES-NI");
  g_assert_true(read->has_allocs);
  g_assert_cmpfloat(read->allocs_per_op, ==, 3);
  g_assert_cmpfloat(read->alloc_bytes_per_op, ==, 300);
  g_assert_true(read->has_context_bytes);
  g_assert_cmpuint(read->context_bytes, ==, 1313);
  /* Only ok rows carry the costs. */
  row->status = SM_STATUS_KAT_FAILED;
  g_autofree char *failed = sm_csv_format_row(row);
  g_assert_true(g_str_has_suffix(failed, ",,,,,,1,reused,,,,"));
}

static void add_engine_cases(GPtrArray *cases)
{
  static const char *const algorithms[] = {"aes-128-gcm", "chacha20-poly1305", "hmac-sha256",
                                           "ed25519"};
  for (guint i = 0; i < registry->engines->len; i++) {
    SmLoadedEngine *engine = registry->engines->pdata[i];
    for (size_t a = 0; a < G_N_ELEMENTS(algorithms); a++) {
      const SmAlgorithm *alg = sm_engine_find_algorithm(engine->desc, algorithms[a]);
      if (alg == NULL)
        continue;
      SmOp slot = sm_op_slot(alg->kind, SM_OP_SETUP);
      for (unsigned api = 0; api < SM_API_COUNT; api++) {
        if (alg->impl[api] == NULL || sm_impl_op(alg->impl[api], slot) == NULL)
          continue;
        SetupCase *c = g_new(SetupCase, 1);
        *c = (SetupCase){engine, algorithms[a], (SmApi)api};
        g_ptr_array_add(cases, c);
        g_autofree char *path = g_strdup_printf("/costs/setup/%s/%s/%s", engine->desc->name,
                                                algorithms[a], sm_api_name((SmApi)api));
        g_test_add_data_func(path, c, test_engine_setup);
      }
    }
  }
}

/* LeakSanitizer's stop-the-world tracer crashes at this process's exit (signal 11 in the tracer,
 * after every case passed) once several engines' libraries have run in it; leaks are still
 * checked in every other suite under the sanitizers and by the valgrind test. */
int __lsan_is_turned_off(void);
int __lsan_is_turned_off(void) { return 1; }

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_autoptr(GError) error = NULL;
  registry = sm_registry_load_dir(g_getenv("SPEEDMATRIX_ENGINE_DIR"), &error);
  g_assert_no_error(error);
  g_autofree char *path = g_strdup_printf("%s/mock-good.so", g_getenv("SM_TEST_PLUGINS"));
  mock = sm_engine_load(path, &error);
  g_assert_no_error(error);
  g_test_add_func("/costs/allocs-per-op", test_allocs_per_op);
  g_test_add_func("/costs/counting-off", test_counting_off);
  g_test_add_func("/costs/mock-setup", test_mock_setup);
  g_test_add_func("/costs/no-setup-for-digests", test_no_setup_for_digests);
  g_test_add_func("/costs/glib-one-shot-allocates", test_glib_one_shot_allocates);
  g_test_add_func("/costs/wire", test_wire);
  g_test_add_func("/costs/csv-columns", test_csv_columns);
  g_autoptr(GPtrArray) cases = g_ptr_array_new_with_free_func(g_free);
  add_engine_cases(cases);
  int status = g_test_run();
  sm_engine_free(mock);
  sm_registry_free(registry);
  return status;
}

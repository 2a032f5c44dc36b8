/* Cross-engine agreement: every built engine gives the same outputs for every algorithm two or
 * more engines share, at every level; and changing one engine's output (a test-only hook) is
 * caught for every such algorithm. */
#include "cell/agree.h"
#include "core/util.h"
#include "cell/verify.h"
#include "testlib.h"

#include <glib.h>
#include <string.h>

static SmRegistry *registry;

static GPtrArray *plan_for(const char *algorithms)
{
  g_autofree char *text = g_strdup_printf("[matrix]\nengines = all\nalgorithms = %s\n"
                                          "sizes = 64\napi = evp, low\noperations = all\n",
                                          algorithms);
  g_autoptr(GError) error = NULL;
  g_autoptr(SmSettings) settings =
      sm_settings_load_data("agree.ini", text, strlen(text), NULL, &error);
  g_assert_no_error(error);
  GPtrArray *cells = sm_plan_build(settings, registry, &error);
  g_assert_no_error(error);
  return cells;
}

/* Engines whose plan has a pending cell of the algorithm. */
static GPtrArray *engines_offering(GPtrArray *cells)
{
  GPtrArray *engines = g_ptr_array_new();
  for (guint i = 0; i < cells->len; i++) {
    SmCell *cell = cells->pdata[i];
    if (cell->status == SM_STATUS_PENDING && !g_ptr_array_find(engines, cell->engine, NULL))
      g_ptr_array_add(engines, cell->engine);
  }
  return engines;
}

/* Whether another engine's cell can witness: its level sets up with the agreement's inputs
 * (ML-KEM in libgcrypt, say, cannot make the pair from the seed the runner gives). */
static bool can_witness(const SmCell *cell, const SmInputs *inputs)
{
  const SmImpl *level = cell->impl ? cell->impl->impl[cell->api] : NULL;
  if (level == NULL || (level->probe != NULL && level->probe() != NULL))
    return false;
  SmOp op = sm_op_slot(cell->alg->kind, cell->op);
  if (op >= SM_OP_COUNT || sm_impl_op(level, op) == NULL)
    return true; /* left to the existing rules */
  g_autoptr(GByteArray) out = g_byte_array_new();
  return sm_call(level, &inputs->params, op, NULL, 0, NULL, out).result == SM_OK;
}

/* Engines with a cell of `op` that took part in the agreement (pending, or caught) and can set
 * up with its inputs. */
static guint witnesses(GPtrArray *cells, SmOp op, const SmInputs *inputs)
{
  g_autoptr(GPtrArray) engines = g_ptr_array_new();
  for (guint i = 0; i < cells->len; i++) {
    SmCell *cell = cells->pdata[i];
    if (cell->op == op &&
        (cell->status == SM_STATUS_PENDING || cell->status == SM_STATUS_KAT_FAILED) &&
        !g_ptr_array_find(engines, cell->engine, NULL) && can_witness(cell, inputs))
      g_ptr_array_add(engines, cell->engine);
  }
  return engines->len;
}

static void test_all_agree(void)
{
  g_autoptr(GPtrArray) cells = plan_for(test_algorithms());
  guint bad = sm_agree_cells(cells, 1, sm_agree_call_local, NULL);
  for (guint i = 0; i < cells->len; i++) {
    SmCell *cell = cells->pdata[i];
    if (cell->status == SM_STATUS_KAT_FAILED)
      g_test_message("%s %s %s %s: %s", cell->engine_name, cell->alg->name, sm_op_name(cell->op),
                     sm_api_name(cell->api), cell->reason);
  }
  g_assert_cmpuint(bad, ==, 0);
}

static void test_corrupted(gconstpointer data)
{
  const SmAlgInfo *info = data;
  g_autoptr(GPtrArray) cells = plan_for(info->name);
  g_autoptr(GPtrArray) engines = engines_offering(cells);
  g_assert_cmpuint(engines->len, >=, 2);
  const SmLoadedEngine *victim = engines->pdata[0];
  sm_verify_set_corruption(victim->desc->name, info->name);
  sm_agree_cells(cells, 1, sm_agree_call_local, NULL);
  sm_verify_set_corruption(NULL, NULL);
  g_autoptr(SmInputs) inputs = sm_agree_inputs(info, 1);
  guint caught = 0;
  bool witnessed = false;
  for (guint i = 0; i < cells->len; i++) {
    SmCell *cell = cells->pdata[i];
    if (cell->engine == victim) {
      /* every cell of the victim whose operation another engine also performs */
      bool shared = false;
      for (guint j = 0; j < cells->len && !shared; j++) {
        SmCell *other = cells->pdata[j];
        shared = other->engine != victim && other->op == cell->op &&
                 (other->status == SM_STATUS_PENDING || other->status == SM_STATUS_KAT_FAILED) &&
                 can_witness(other, inputs);
      }
      witnessed = witnessed || shared;
      bool decrypt_only = cell->op == SM_OP_DECRYPT && info->kind == SM_KIND_AEAD;
      /* a key pair drawn without a seed (RSA, DSA) has no answer another engine can share */
      bool drawn_keygen = cell->op == SM_OP_KEYGEN && info->seed_len == 0 && info->priv_len == 0;
      const SmImpl *level = cell->impl ? cell->impl->impl[cell->api] : NULL;
      bool offered = level != NULL && (cell->op == SM_OP_SETUP ||
                                       sm_impl_op(level, sm_op_slot(info->kind, cell->op)) != NULL);
      if (shared && !decrypt_only && !drawn_keygen && offered) {
        g_assert_cmpint(cell->status, ==, SM_STATUS_KAT_FAILED);
        caught++;
      }
    } else if (witnesses(cells, cell->op, inputs) >= 3 && cell->status == SM_STATUS_KAT_FAILED) {
      g_test_message("%s %s %s: %s", cell->engine_name, sm_op_name(cell->op),
                     sm_api_name(cell->api), cell->reason);
      g_assert_not_reached(); /* with three witnesses the honest engines stand */
    }
  }
  if (!witnessed) {
    g_test_skip("no other engine can set up this algorithm with the agreement's inputs");
    return;
  }
  g_assert_cmpuint(caught, >, 0);
}

/* An engine whose ML-KEM encaps takes no m (libgcrypt) takes part with m its library draws:
 * honest, its cells pass the agreement; with its outputs corrupted, its encaps cell is caught by
 * the other engines' decaps, and its decaps cell by the agreed encapsulation. */
static void test_kem_drawn_m(gconstpointer data)
{
  const SmAlgInfo *info = data;
  g_autoptr(GPtrArray) cells = plan_for(info->name);
  g_autoptr(SmInputs) inputs = sm_agree_inputs(info, 1);
  const SmLoadedEngine *drawer = NULL;
  for (guint i = 0; i < cells->len && drawer == NULL; i++) {
    SmCell *cell = cells->pdata[i];
    const SmImpl *level = cell->impl ? cell->impl->impl[cell->api] : NULL;
    if (cell->op != SM_OP_ENCAPS || cell->status != SM_STATUS_PENDING || level == NULL ||
        sm_engine_init(cell->engine, SM_ACCEL_ON) != SM_OK)
      continue;
    SmBytes m = {inputs->data->data, SM_KEM_RANDOMNESS_LEN};
    g_autoptr(GByteArray) out = g_byte_array_new();
    SmCallStatus status = sm_call(level, &inputs->params, SM_OP_ENCAPS, &m, 1, NULL, out);
    if (!status.setup_failed && status.result == SM_UNSUPPORTED)
      drawer = cell->engine;
  }
  if (drawer == NULL || witnesses(cells, SM_OP_DECAPS, inputs) < 2) {
    g_test_skip("no engine whose encaps draws m itself, with another engine to decapsulate");
    return;
  }
  g_assert_cmpuint(sm_agree_cells(cells, 1, sm_agree_call_local, NULL), ==, 0);
  g_autoptr(GPtrArray) again = plan_for(info->name);
  sm_verify_set_corruption(drawer->desc->name, info->name);
  sm_agree_cells(again, 1, sm_agree_call_local, NULL);
  sm_verify_set_corruption(NULL, NULL);
  guint caught = 0;
  for (guint i = 0; i < again->len; i++) {
    SmCell *cell = again->pdata[i];
    if (cell->engine != drawer || (cell->op != SM_OP_ENCAPS && cell->op != SM_OP_DECAPS) ||
        cell->impl->impl[cell->api] == NULL)
      continue;
    g_test_message("%s %s %s: %s", cell->engine_name, sm_op_name(cell->op), sm_api_name(cell->api),
                   cell->reason ? cell->reason : "");
    if (cell->status == SM_STATUS_UNSUPPORTED)
      continue; /* a level the engine does not offer */
    g_assert_cmpint(cell->status, ==, SM_STATUS_KAT_FAILED);
    if (cell->op == SM_OP_ENCAPS)
      g_assert_nonnull(strstr(cell->reason, "m drawn by the library"));
    caught++;
  }
  g_assert_cmpuint(caught, ==, 2);
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_autoptr(GError) error = NULL;
  registry = sm_registry_load_dir(g_getenv("SPEEDMATRIX_ENGINE_DIR"), &error);
  g_assert_no_error(error);
  g_test_add_func("/agree/all-engines-agree", test_all_agree);
  for (const SmAlgInfo *info = sm_catalog; info->name != NULL; info++) {
    if (!test_algorithm_wanted(info->name))
      continue;
    g_autoptr(GPtrArray) cells = plan_for(info->name);
    g_autoptr(GPtrArray) engines = engines_offering(cells);
    if (engines->len < 2)
      continue;
    g_autofree char *path = g_strdup_printf("/agree/corrupted/%s/%s", info->name,
                                            ((SmLoadedEngine *)engines->pdata[0])->desc->name);
    g_test_add_data_func(path, info, test_corrupted);
  }
  for (const SmAlgInfo *info = sm_catalog; info->name != NULL; info++)
    if (info->kind == SM_KIND_KEM && info->encaps_m && test_algorithm_wanted(info->name)) {
      g_autofree char *path = g_strdup_printf("/agree/kem-drawn-m/%s", info->name);
      g_test_add_data_func(path, info, test_kem_drawn_m);
    }
  int status = g_test_run();
  sm_registry_free(registry);
  return status;
}

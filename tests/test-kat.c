/* Known answers for every cell every built engine offers, at both levels, with the runner's
 * own verify; and a forced failure proving that a wrong answer becomes kat-failed, untimed. */
#include "io/csv.h"
#include "cell/execute.h"
#include "cell/inputs.h"
#include "kat/kat.h"
#include "plan/plan.h"
#include "core/util.h"
#include "cell/verify.h"
#include "testlib.h"

#include <glib.h>
#include <string.h>

static SmRegistry *registry;

typedef struct {
  SmLoadedEngine *engine;
  const SmAlgorithm *alg;
  SmApi api;
  SmOp op;
} KatCase;

static SmCell cell_for(const KatCase *k)
{
  return (SmCell){
      .engine_name = k->engine->desc->name,
      .engine = k->engine,
      .alg = sm_catalog_find(k->alg->name),
      .impl = k->alg,
      .op = k->op,
      .api = k->api,
      .block_size = 64,
      .accel = SM_ACCEL_ON,
      .parallel = 1,
      .status = SM_STATUS_PENDING,
  };
}

static void test_cell(gconstpointer data)
{
  const KatCase *k = data;
  g_assert_cmpint(sm_engine_init(k->engine, SM_ACCEL_ON), ==, SM_OK);
  SmCell cell = cell_for(k);
  g_autoptr(SmInputs) inputs = sm_inputs_new(cell.alg, 1, 64);
  g_autofree char *detail = NULL;
  SmStatus status = sm_verify_cell(&cell, inputs, &detail);
  if (status == SM_STATUS_UNSUPPORTED) {
    /* Only a run-time probe may say so (e.g. a provider or CPU feature missing). */
    g_test_skip(detail);
    return;
  }
  if (status != SM_STATUS_OK)
    g_test_message("%s", detail);
  g_assert_cmpstr(sm_status_name(status), ==, "ok");
}

static void test_every_algorithm_has_vectors(void)
{
  static const SmOp needed[SM_KIND_COUNT] = {
      [SM_KIND_CIPHER] = SM_OP_ENCRYPT,   [SM_KIND_AEAD] = SM_OP_ENCRYPT,
      [SM_KIND_DIGEST] = SM_OP_HASH,      [SM_KIND_MAC] = SM_OP_MAC,
      [SM_KIND_SIGNATURE] = SM_OP_VERIFY, [SM_KIND_KEX] = SM_OP_DERIVE,
      [SM_KIND_KEM] = SM_OP_DECAPS,
  };
  for (const SmAlgInfo *info = sm_catalog; info->name != NULL; info++) {
    guint count = 0;
    /* SLH-DSA: the ACVP keyGen cases so far; sigGen/sigVer cases with a context string (the
     * external interface the engines sign through) are still to be copied, and sign/verify are
     * checked against each other and across engines meanwhile. */
    SmOp op = g_str_has_prefix(info->name, "slh-dsa-") ? SM_OP_KEYGEN : needed[info->kind];
    for (const SmKatVector *v = sm_kat_vectors; v->algorithm != NULL; v++)
      if (strcmp(v->algorithm, info->name) == 0 && v->op == op)
        count++;
    if (count == 0)
      g_test_message("no %s vector for %s", sm_op_name(op), info->name);
    g_assert_cmpuint(count, >, 0);
  }
  for (const SmKatVector *v = sm_kat_vectors; v->algorithm != NULL; v++) {
    g_assert_nonnull(sm_catalog_find(v->algorithm));
    g_assert_nonnull(v->source);
    g_autoptr(SmInputs) in = sm_inputs_from_vector(v);
    g_assert_nonnull(in); /* every field is valid hex */
  }
}

static void test_fixed_keys_decode(void)
{
  guint count = 0;
  for (const SmFixedKey *k = sm_fixed_keys; k->algorithm != NULL; k++, count++) {
    const SmAlgInfo *info = sm_catalog_find(k->algorithm);
    g_assert_nonnull(info);
    g_autoptr(SmInputs) in = sm_inputs_new(info, 1, 64);
    bool rsa = g_str_has_prefix(k->algorithm, "rsa");
    size_t modulus = rsa ? in->params.rsa.n.len : in->params.dsa.p.len;
    g_assert_cmpuint(modulus * 8, ==, info->bits);
  }
  g_assert_cmpuint(count, ==, 6);
}

/* A test-only wrong vector: the cell must come out kat-failed, with no figures. */
static const SmKatVector wrong_vectors[] = {
    {.algorithm = "sha256",
     .source = "test-only wrong answer",
     .op = SM_OP_HASH,
     .in = "616263",
     .out = "0000000000000000000000000000000000000000000000000000000000000000"},
    {.algorithm = NULL},
};

static void test_forced_failure(void)
{
  SmLoadedEngine *engine = NULL;
  const SmAlgorithm *alg = NULL;
  for (guint i = 0; i < registry->engines->len && alg == NULL; i++) {
    engine = registry->engines->pdata[i];
    alg = sm_engine_find_algorithm(engine->desc, "sha256");
  }
  if (alg == NULL) {
    g_test_skip("no built engine offers sha256");
    return;
  }
  SmApi api = alg->impl[SM_API_EVP] ? SM_API_EVP : SM_API_LOW;
  KatCase k = {engine, alg, api, SM_OP_HASH};
  SmCell cell = cell_for(&k);
  SmRunContext context = {
      .seed = 1,
      .measure = {.time = 0.01, .samples = 5, .min_samples = 5, .time_cap = 0.01},
      .host = "h",
      .cpu_model = "c",
  };
  g_autoptr(SmRow) before = execute_cell(&cell, &context);
  g_assert_cmpint(before->status, ==, SM_STATUS_OK);
  g_assert_cmpfloat(before->ops_per_sec, >, 0);

  sm_verify_set_extra_vectors(wrong_vectors);
  g_autoptr(SmRow) row = execute_cell(&cell, &context);
  sm_verify_set_extra_vectors(NULL);
  g_assert_cmpint(row->status, ==, SM_STATUS_KAT_FAILED);
  g_assert_nonnull(strstr(row->detail, "test-only wrong answer"));
  g_assert_cmpfloat(row->ops_per_sec, ==, 0);
  g_assert_cmpuint(row->stats.count, ==, 0);
  g_autofree char *line = sm_csv_format_row(row);
  g_autofree char *expected =
      g_strdup_printf(",sha256,digest,hash,%s,64,,,,,kat-failed,", sm_api_name(api));
  g_assert_nonnull(strstr(line, expected));
}

/* ML-KEM's benchmark pair is fixed and whole: ek, dk and d || z of one ACVP keyGen case, the
 * same for every run seed; dk holds ek and z where FIPS 203 puts them (dk_PKE || ek || H(ek) ||
 * z); and every engine's keygen from the seed gives that ek. */
static void test_kem_fixed_pair(void)
{
  guint pairs = 0;
  for (const SmAlgInfo *info = sm_catalog; info->name != NULL; info++) {
    if (!g_str_has_prefix(info->name, "ml-kem-"))
      continue;
    pairs++;
    g_autoptr(SmInputs) one = sm_inputs_new(info, 1, 64);
    g_autoptr(SmInputs) two = sm_inputs_new(info, 2, 64);
    const SmParams *p = &one->params;
    g_assert_cmpuint(p->pub.len, ==, info->pub_bytes);
    g_assert_cmpuint(p->priv.len, ==, info->secret_bytes);
    g_assert_cmpuint(p->key_seed.len, ==, info->seed_len);
    g_assert_cmpmem(p->pub.data, p->pub.len, two->params.pub.data, two->params.pub.len);
    g_assert_cmpmem(p->priv.data, p->priv.len, two->params.priv.data, two->params.priv.len);
    g_assert_cmpmem(p->key_seed.data, p->key_seed.len, two->params.key_seed.data,
                    two->params.key_seed.len);
    size_t pke_len = (p->pub.len - 32) / 384 * 384;
    g_assert_cmpmem(p->priv.data + pke_len, p->pub.len, p->pub.data, p->pub.len);
    g_assert_cmpmem(p->priv.data + p->priv.len - 32, 32, p->key_seed.data + 32, 32);
    for (guint i = 0; i < registry->engines->len; i++) {
      SmLoadedEngine *engine = registry->engines->pdata[i];
      const SmAlgorithm *alg = sm_engine_find_algorithm(engine->desc, info->name);
      for (unsigned api = 0; alg != NULL && api < SM_API_COUNT; api++) {
        const SmImpl *level = alg->impl[api];
        if (level == NULL || sm_impl_op(level, SM_OP_KEYGEN) == NULL ||
            sm_engine_init(engine, SM_ACCEL_ON) != SM_OK)
          continue;
        SmBytes none = {NULL, 0};
        g_autoptr(GByteArray) ek = g_byte_array_new();
        if (sm_call(level, p, SM_OP_KEYGEN, &none, 1, NULL, ek).result != SM_OK)
          continue; /* no seed form (libgcrypt): its keygen cell says so */
        g_test_message("%s %s keygen", engine->desc->name, info->name);
        g_assert_cmpmem(ek->data, ek->len, p->pub.data, p->pub.len);
      }
    }
  }
  g_assert_cmpuint(pairs, ==, 3);
}

/* An engine whose encaps takes no m (libgcrypt) falls back to the m its library draws: its
 * encaps and decaps cells are ok and say so in detail; the others' ok rows carry no note. */
static void test_kem_drawn_m(void)
{
  SmRunContext context = {
      .seed = 1,
      .measure = {.time = 0.01, .samples = 5, .min_samples = 5, .time_cap = 0.01},
      .host = "h",
      .cpu_model = "c",
  };
  guint drawn = 0;
  for (guint i = 0; i < registry->engines->len; i++) {
    SmLoadedEngine *engine = registry->engines->pdata[i];
    const SmAlgorithm *alg = sm_engine_find_algorithm(engine->desc, "ml-kem-768");
    for (unsigned api = 0; alg != NULL && api < SM_API_COUNT; api++) {
      const SmImpl *level = alg->impl[api];
      if (level == NULL || sm_impl_op(level, SM_OP_ENCAPS) == NULL ||
          sm_engine_init(engine, SM_ACCEL_ON) != SM_OK)
        continue;
      const SmAlgInfo *info = sm_catalog_find(alg->name);
      g_autoptr(SmInputs) inputs = sm_inputs_new(info, 1, 64);
      g_autoptr(GByteArray) out = g_byte_array_new();
      SmBytes m = {inputs->data->data, SM_KEM_RANDOMNESS_LEN};
      SmCallStatus with_m = sm_call(level, &inputs->params, SM_OP_ENCAPS, &m, 1, NULL, out);
      if (with_m.setup_failed)
        continue; /* a run-time probe says no (its cells say why) */
      bool drew_m = with_m.result == SM_UNSUPPORTED;
      drawn += drew_m;
      for (SmOp op = SM_OP_ENCAPS; op <= SM_OP_DECAPS; op++) {
        KatCase k = {engine, alg, (SmApi)api, op};
        SmCell cell = cell_for(&k);
        g_autoptr(SmRow) row = execute_cell(&cell, &context);
        g_test_message("%s %s %s: %s %s", engine->desc->name, sm_op_name(op),
                       sm_api_name((SmApi)api), sm_status_name(row->status),
                       row->detail ? row->detail : "");
        g_assert_cmpint(row->status, ==, SM_STATUS_OK);
        if (drew_m)
          g_assert_nonnull(strstr(row->detail, "drawn by the library"));
        else
          g_assert_null(row->detail);
      }
    }
  }
  if (drawn == 0)
    g_test_skip("no built engine's ML-KEM encaps draws m itself (libgcrypt 1.11 does)");
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_autoptr(GError) error = NULL;
  registry = sm_registry_load_dir(g_getenv("SPEEDMATRIX_ENGINE_DIR"), &error);
  g_assert_no_error(error);
  g_autoptr(GPtrArray) cases = g_ptr_array_new_with_free_func(g_free);
  for (guint i = 0; i < registry->engines->len; i++) {
    SmLoadedEngine *engine = registry->engines->pdata[i];
    for (const SmAlgorithm *alg = engine->desc->algorithms; alg->name != NULL; alg++)
      for (unsigned api = 0; api < SM_API_LEVELS; api++) {
        const SmImpl *level = sm_algorithm_level(alg, (SmApi)api);
        if (level == NULL || !test_algorithm_wanted(alg->name))
          continue;
        for (unsigned op = 0; op < SM_OP_COUNT; op++) {
          if (sm_impl_op(level, op) == NULL)
            continue;
          KatCase *k = g_new(KatCase, 1);
          *k = (KatCase){engine, alg, (SmApi)api, (SmOp)op};
          g_ptr_array_add(cases, k);
          g_autofree char *path = g_strdup_printf("/kat/%s/%s/%s/%s", engine->desc->name, alg->name,
                                                  sm_op_name((SmOp)op), sm_api_name((SmApi)api));
          g_test_add_data_func(path, k, test_cell);
        }
        /* setup: verified as the operation its context is for (every known answer through a
         * context the level's setup built). */
        SmOp slot = sm_op_slot(alg->kind, SM_OP_SETUP);
        if (slot < SM_OP_COUNT && sm_impl_op(level, slot) != NULL) {
          KatCase *k = g_new(KatCase, 1);
          *k = (KatCase){engine, alg, (SmApi)api, SM_OP_SETUP};
          g_ptr_array_add(cases, k);
          g_autofree char *path = g_strdup_printf("/kat/%s/%s/setup/%s", engine->desc->name,
                                                  alg->name, sm_api_name((SmApi)api));
          g_test_add_data_func(path, k, test_cell);
        }
      }
  }
  g_test_add_func("/kat/catalogue/every-algorithm-has-vectors", test_every_algorithm_has_vectors);
  g_test_add_func("/kat/catalogue/fixed-keys-decode", test_fixed_keys_decode);
  g_test_add_func("/kat/forced-failure", test_forced_failure);
  g_test_add_func("/kat/kem/fixed-pair", test_kem_fixed_pair);
  g_test_add_func("/kat/kem/drawn-m", test_kem_drawn_m);
  int status = g_test_run();
  sm_registry_free(registry);
  return status;
}

#include "cell/inputs.h"

#include "core/util.h"

#include <string.h>

void sm_inputs_free(SmInputs *inputs)
{
  if (inputs == NULL)
    return;
  g_ptr_array_unref(inputs->owned);
  g_free(inputs);
}

static SmInputs *inputs_alloc(void)
{
  SmInputs *inputs = g_new0(SmInputs, 1);
  inputs->owned = g_ptr_array_new_with_free_func((GDestroyNotify)g_byte_array_unref);
  inputs->params.size = sizeof(SmParams);
  return inputs;
}

static SmBytes view(GByteArray *array) { return (SmBytes){array->data, array->len}; }

static GByteArray *random_bytes(SmInputs *inputs, GRand *rand, size_t len)
{
  GByteArray *array = g_byte_array_sized_new((guint)len);
  g_byte_array_set_size(array, (guint)len);
  for (size_t i = 0; i < len; i++)
    array->data[i] = (uint8_t)g_rand_int_range(rand, 0, 256);
  g_ptr_array_add(inputs->owned, array);
  return array;
}

SmBytes sm_inputs_hex(SmInputs *inputs, const char *hex, bool *ok)
{
  GByteArray *array = sm_hex_decode(hex);
  if (array == NULL) {
    *ok = false;
    return (SmBytes){NULL, 0};
  }
  g_ptr_array_add(inputs->owned, array);
  return view(array);
}

/* A private value of the algorithm's form. Below a NIST group order, the top byte kept small
 * is enough (those orders start with 0xff.. or, for P-521, 0x01ff..). */
static SmBytes random_private(SmInputs *inputs, GRand *rand, const SmAlgInfo *alg)
{
  GByteArray *value = random_bytes(inputs, rand, alg->priv_len);
  if (alg->scalar == SM_SCALAR_NIST)
    value->data[0] = (uint8_t)(value->data[0] & 0x7f) | 0x01;
  else if (alg->scalar == SM_SCALAR_NIST_P521)
    value->data[0] = 0x01;
  return view(value);
}

static void fill_fixed_keys(SmInputs *inputs, const SmAlgInfo *alg)
{
  const SmFixedKey *key = NULL;
  for (const SmFixedKey *k = sm_fixed_keys; k->algorithm != NULL; k++)
    if (strcmp(k->algorithm, alg->name) == 0)
      key = k;
  if (key == NULL)
    return;
  bool ok = true;
  SmParams *p = &inputs->params;
  p->rsa = (SmRsaKey){
      .n = sm_inputs_hex(inputs, key->rsa_n, &ok),
      .e = sm_inputs_hex(inputs, key->rsa_e, &ok),
      .d = sm_inputs_hex(inputs, key->rsa_d, &ok),
      .p = sm_inputs_hex(inputs, key->rsa_p, &ok),
      .q = sm_inputs_hex(inputs, key->rsa_q, &ok),
      .dp = sm_inputs_hex(inputs, key->rsa_dp, &ok),
      .dq = sm_inputs_hex(inputs, key->rsa_dq, &ok),
      .qinv = sm_inputs_hex(inputs, key->rsa_qinv, &ok),
  };
  p->dsa = (SmDsaKey){
      .p = sm_inputs_hex(inputs, key->dsa_p, &ok),
      .q = sm_inputs_hex(inputs, key->dsa_q, &ok),
      .g = sm_inputs_hex(inputs, key->dsa_g, &ok),
      .y = sm_inputs_hex(inputs, key->dsa_y, &ok),
      .x = sm_inputs_hex(inputs, key->dsa_x, &ok),
  };
  g_assert(ok); /* keys.c is compiled-in data; a test checks every key decodes */
}

/* The keyGen vector that carries a whole key pair (seed, public and private key): ML-KEM's,
 * whose pair is then the benchmark's. The one place that knows where that pair is kept. */
static const SmKatVector *fixed_pair_vector(const SmAlgInfo *alg)
{
  for (const SmKatVector *v = sm_kat_vectors; v->algorithm != NULL; v++)
    if (v->op == SM_OP_KEYGEN && v->priv != NULL && strcmp(v->algorithm, alg->name) == 0)
      return v;
  return NULL;
}

/* A KEM's benchmark pair: fixed, as ek, dk and d || z all at once, so that an engine that
 * cannot take the seed (libgcrypt's gcry_kem_* take none) encapsulates to and decapsulates with
 * the same pair as the others. */
static void fill_fixed_pair(SmInputs *inputs, const SmAlgInfo *alg)
{
  const SmKatVector *v = alg->kind == SM_KIND_KEM ? fixed_pair_vector(alg) : NULL;
  if (v == NULL)
    return;
  bool ok = true;
  SmParams *p = &inputs->params;
  p->pub = sm_inputs_hex(inputs, v->out, &ok);
  p->priv = sm_inputs_hex(inputs, v->priv, &ok);
  p->key_seed = sm_inputs_hex(inputs, v->key_seed, &ok);
  g_assert(ok); /* vectors.c is compiled-in data; the kat tests decode every vector */
}

SmInputs *sm_inputs_new(const SmAlgInfo *alg, guint64 seed, size_t max_len)
{
  SmInputs *inputs = inputs_alloc();
  guint32 seed_words[3] = {(guint32)seed, (guint32)(seed >> 32), g_str_hash(alg->name)};
  g_autoptr(GRand) rand = g_rand_new_with_seed_array(seed_words, G_N_ELEMENTS(seed_words));
  SmParams *p = &inputs->params;
  p->seed = seed;
  p->max_len = max_len;
  p->key = view(random_bytes(inputs, rand, alg->key_len));
  p->iv = view(random_bytes(inputs, rand, alg->iv_len));
  p->aad = view(random_bytes(inputs, rand, alg->aad_len));
  p->tag_len = alg->tag_len;
  if (alg->counter == SM_COUNTER_LE32_PREFIX) {
    /* Counter 0 for the 32-bit little-endian block counter: no engine must wrap it. */
    memset((uint8_t *)p->iv.data, 0, 4);
  }
  if (alg->priv_len > 0) {
    p->priv = random_private(inputs, rand, alg);
    if (alg->kind == SM_KIND_KEX)
      p->peer_priv = random_private(inputs, rand, alg);
  }
  fill_fixed_keys(inputs, alg);
  /* keygen's seed: the private value where that is the seed, else the standard's seed. */
  if (alg->seed_len > 0)
    p->key_seed = view(random_bytes(inputs, rand, alg->seed_len));
  else
    p->key_seed = p->priv;
  fill_fixed_pair(inputs, alg); /* after the draws above: the data drawn next stays the same */
  size_t data_len =
      alg->kind == SM_KIND_SIGNATURE && !alg->message_sizes ? SM_SIGN_MESSAGE_LEN : max_len;
  inputs->data = random_bytes(inputs, rand, data_len);
  return inputs;
}

SmInputs *sm_inputs_from_vector(const SmKatVector *v)
{
  g_autoptr(SmInputs) inputs = inputs_alloc();
  bool ok = true;
  SmParams *p = &inputs->params;
  p->key = sm_inputs_hex(inputs, v->key, &ok);
  p->iv = sm_inputs_hex(inputs, v->iv, &ok);
  p->aad = sm_inputs_hex(inputs, v->aad, &ok);
  p->priv = sm_inputs_hex(inputs, v->priv, &ok);
  p->pub = sm_inputs_hex(inputs, v->pub, &ok);
  p->peer_pub = sm_inputs_hex(inputs, v->peer_pub, &ok);
  p->key_seed = sm_inputs_hex(inputs, v->key_seed, &ok);
  p->rsa = (SmRsaKey){
      .n = sm_inputs_hex(inputs, v->rsa_n, &ok),
      .e = sm_inputs_hex(inputs, v->rsa_e, &ok),
      .d = sm_inputs_hex(inputs, v->rsa_d, &ok),
      .p = sm_inputs_hex(inputs, v->rsa_p, &ok),
      .q = sm_inputs_hex(inputs, v->rsa_q, &ok),
      .dp = sm_inputs_hex(inputs, v->rsa_dp, &ok),
      .dq = sm_inputs_hex(inputs, v->rsa_dq, &ok),
      .qinv = sm_inputs_hex(inputs, v->rsa_qinv, &ok),
  };
  p->dsa = (SmDsaKey){
      .p = sm_inputs_hex(inputs, v->dsa_p, &ok),
      .q = sm_inputs_hex(inputs, v->dsa_q, &ok),
      .g = sm_inputs_hex(inputs, v->dsa_g, &ok),
      .y = sm_inputs_hex(inputs, v->dsa_y, &ok),
      .x = sm_inputs_hex(inputs, v->dsa_x, &ok),
  };
  GByteArray *data = sm_hex_decode(v->in);
  if (!ok || data == NULL) {
    if (data != NULL)
      g_byte_array_unref(data);
    return NULL;
  }
  g_ptr_array_add(inputs->owned, data);
  inputs->data = data;
  SmBytes tag = sm_inputs_hex(inputs, v->tag, &ok);
  p->tag_len = tag.len;
  p->max_len = data->len;
  return ok ? g_steal_pointer(&inputs) : NULL;
}

/* speedmatrix engine, OpenSSL: the post-quantum algorithms through EVP_PKEY (OpenSSL 3.5).
 *
 * ML-KEM: keys from the FIPS 203 seed d || z (OSSL_PKEY_PARAM_ML_KEM_SEED) or imported raw
 * (ek / the expanded dk); encaps with the 32-byte m as OSSL_KEM_PARAM_IKME, so that it is
 * deterministic; EVP_PKEY_encapsulate / EVP_PKEY_decapsulate on a context initialised once.
 * ML-DSA and SLH-DSA: keys from the seed (xi; SK.seed || SK.prf || PK.seed) or imported raw;
 * pure signing with EVP_PKEY_sign_message_init (the message is the input, the context string
 * params->aad), deterministic (OSSL_SIGNATURE_PARAM_DETERMINISTIC), initialised once per state.
 * X25519MLKEM768: OpenSSL's TLS hybrid key type; it takes no seed and ignores m: its pair is
 * imported from the ML-KEM-768 pair of d || z and the X25519 scalar, and its encapsulations
 * draw OpenSSL's own randomness.
 * Also here: keygen for the engine's classical rows (see pq.h). */
#include "openssl-engine.h"
#include "pq.h"

#if SM_OSSL_HAS_PQ

#include <openssl/params.h>

typedef struct {
  const char *name;       /* OpenSSL's key type and signature algorithm name */
  const char *seed_param; /* the keygen parameter that takes the seed; NULL: none */
  size_t seed_len;
  bool takes_m; /* encaps accepts m (OSSL_KEM_PARAM_IKME) */
  /* X25519MLKEM768 has no seed of its own: its pair is the ML-KEM-768 pair from d || z with
   * the X25519 scalar after it, imported as dk || scalar. */
  bool hybrid;
} PqDesc;

#define HYBRID_MLKEM "ML-KEM-768"
#define HYBRID_MLKEM_SEED 64
#define HYBRID_MLKEM_DK 2400
#define X25519_SCALAR 32

typedef struct {
  const PqDesc *desc;
  SmOp op;
  EVP_PKEY *pkey;
  EVP_PKEY_CTX *ctx; /* keygen: the generation context; otherwise the operation's */
  EVP_SIGNATURE *alg;
  uint8_t seed[96];
  size_t seed_len;
} PqState;

static SmResult pq_op_failed(void)
{
  ERR_clear_error();
  return SM_FAILED;
}

static void pq_teardown(void *state)
{
  PqState *st = state;
  if (st == NULL)
    return;
  EVP_SIGNATURE_free(st->alg);
  EVP_PKEY_CTX_free(st->ctx);
  EVP_PKEY_free(st->pkey);
  OPENSSL_cleanse(st->seed, sizeof st->seed);
  free(st);
}

/* The hybrid pair: ML-KEM-768's expanded dk, then the X25519 scalar, imported together. */
static EVP_PKEY *hybrid_key(const PqDesc *desc, EVP_PKEY *ml_kem, const uint8_t *scalar)
{
  uint8_t priv[HYBRID_MLKEM_DK + X25519_SCALAR];
  size_t len = HYBRID_MLKEM_DK;
  EVP_PKEY *pkey = NULL;
  if (EVP_PKEY_get_raw_private_key(ml_kem, priv, &len) == 1 && len == HYBRID_MLKEM_DK) {
    memcpy(priv + len, scalar, X25519_SCALAR);
    pkey = EVP_PKEY_new_raw_private_key_ex(NULL, desc->name, NULL, priv, sizeof priv);
  }
  OPENSSL_cleanse(priv, sizeof priv);
  return pkey;
}

/* One key pair from the state's seed. */
static EVP_PKEY *generate(PqState *st, EVP_PKEY_CTX *gen)
{
  size_t seed_len = st->desc->hybrid ? HYBRID_MLKEM_SEED : st->seed_len;
  OSSL_PARAM seed[] = {
      OSSL_PARAM_construct_octet_string(st->desc->seed_param, st->seed, seed_len),
      OSSL_PARAM_construct_end(),
  };
  EVP_PKEY *pkey = NULL;
  if (EVP_PKEY_CTX_set_params(gen, seed) != 1 || EVP_PKEY_generate(gen, &pkey) != 1)
    return NULL;
  if (!st->desc->hybrid)
    return pkey;
  EVP_PKEY *pair = hybrid_key(st->desc, pkey, st->seed + HYBRID_MLKEM_SEED);
  EVP_PKEY_free(pkey);
  return pair;
}

/* The public key in the encoding the runner passes (FIPS 203/204/205; the hybrid's ek || X25519
 * public, which OpenSSL gives only as its raw public key). */
static bool public_key(EVP_PKEY *pkey, uint8_t *out, size_t *len)
{
  size_t cap = *len;
  if (EVP_PKEY_get_octet_string_param(pkey, OSSL_PKEY_PARAM_PUB_KEY, out, cap, len) == 1)
    return true;
  ERR_clear_error();
  *len = cap;
  return EVP_PKEY_get_raw_public_key(pkey, out, len) == 1 && *len <= cap;
}

static EVP_PKEY_CTX *keygen_context(const PqDesc *desc)
{
  EVP_PKEY_CTX *gen =
      EVP_PKEY_CTX_new_from_name(NULL, desc->hybrid ? HYBRID_MLKEM : desc->name, NULL);
  if (gen != NULL && EVP_PKEY_keygen_init(gen) != 1) {
    EVP_PKEY_CTX_free(gen);
    return NULL;
  }
  return gen;
}

/* The state's key: imported (priv, else pub) or generated from key_seed. */
static EVP_PKEY *state_key(PqState *st, const SmParams *params)
{
  const char *name = st->desc->name;
  if (params->priv.len > 0)
    return EVP_PKEY_new_raw_private_key_ex(NULL, name, NULL, params->priv.data, params->priv.len);
  if (params->pub.len > 0)
    return EVP_PKEY_new_raw_public_key_ex(NULL, name, NULL, params->pub.data, params->pub.len);
  EVP_PKEY_CTX *gen = keygen_context(st->desc);
  EVP_PKEY *pkey = gen != NULL ? generate(st, gen) : NULL;
  EVP_PKEY_CTX_free(gen);
  return pkey;
}

/* The signature parameters: pure, deterministic, the context string. */
static int sign_init(PqState *st, const SmParams *params, bool sign)
{
  int deterministic = 1;
  OSSL_PARAM list[] = {
      OSSL_PARAM_construct_int(OSSL_SIGNATURE_PARAM_DETERMINISTIC, &deterministic),
      OSSL_PARAM_construct_octet_string(OSSL_SIGNATURE_PARAM_CONTEXT_STRING,
                                        (void *)sm_bytes_or_empty(params->aad), params->aad.len),
      OSSL_PARAM_construct_end(),
  };
  st->alg = EVP_SIGNATURE_fetch(NULL, st->desc->name, NULL);
  if (st->alg == NULL)
    return 0;
  return sign ? EVP_PKEY_sign_message_init(st->ctx, st->alg, list)
              : EVP_PKEY_verify_message_init(st->ctx, st->alg, list);
}

static SmResult pq_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const PqDesc *desc = params->impl_data;
  PqState *st = calloc(1, sizeof *st);
  if (st == NULL)
    return sm_out_of_memory(msg, msg_len);
  st->desc = desc;
  st->op = params->op;
  /* keygen, and a state without imported keys, derive the pair from the seed */
  bool from_seed = params->op == SM_OP_KEYGEN || (params->priv.len == 0 && params->pub.len == 0);
  if (from_seed && params->key_seed.len != desc->seed_len) {
    pq_teardown(st);
    return sm_msg(SM_FAILED, msg, msg_len, "%s needs a %zu-byte seed, got %zu", desc->name,
                  desc->seed_len, params->key_seed.len);
  }
  st->seed_len = from_seed ? desc->seed_len : 0;
  if (from_seed)
    memcpy(st->seed, params->key_seed.data, st->seed_len);
  if (params->op == SM_OP_KEYGEN) {
    st->ctx = keygen_context(desc);
    if (st->ctx == NULL) {
      pq_teardown(st);
      return ossl_fail(SM_UNSUPPORTED, msg, msg_len, desc->name);
    }
    *state = st;
    return SM_OK;
  }
  st->pkey = state_key(st, params);
  if (st->pkey == NULL) {
    pq_teardown(st);
    return ossl_fail(SM_FAILED, msg, msg_len, "building the key");
  }
  st->ctx = EVP_PKEY_CTX_new_from_pkey(NULL, st->pkey, NULL);
  int ok = 0;
  if (st->ctx != NULL) {
    switch (params->op) {
    case SM_OP_ENCAPS:
      ok = EVP_PKEY_encapsulate_init(st->ctx, NULL);
      break;
    case SM_OP_DECAPS:
      ok = EVP_PKEY_decapsulate_init(st->ctx, NULL);
      break;
    case SM_OP_SIGN:
      ok = sign_init(st, params, true);
      break;
    case SM_OP_VERIFY:
      ok = sign_init(st, params, false);
      break;
    default:
      break;
    }
  }
  if (ok != 1) {
    pq_teardown(st);
    return ossl_fail(SM_FAILED, msg, msg_len, "initialising the operation");
  }
  *state = st;
  return SM_OK;
}

static SmResult pq_keygen(void *state, SmIo *io)
{
  PqState *st = state;
  EVP_PKEY *pkey = generate(st, st->ctx);
  size_t len = io->out_len;
  bool ok = pkey != NULL && public_key(pkey, io->out, &len);
  EVP_PKEY_free(pkey);
  if (!ok)
    return pq_op_failed();
  return sm_output(io, len);
}

static SmResult pq_encaps(void *state, SmIo *io)
{
  PqState *st = state;
  if (io->in_len > 0) {
    if (!st->desc->takes_m || io->in_len != 32)
      return SM_UNSUPPORTED;
    OSSL_PARAM m[] = {
        OSSL_PARAM_construct_octet_string(OSSL_KEM_PARAM_IKME, (void *)io->in, io->in_len),
        OSSL_PARAM_construct_end(),
    };
    if (EVP_PKEY_CTX_set_params(st->ctx, m) != 1)
      return pq_op_failed();
  }
  size_t ct_len = 0, ss_len = 0;
  if (EVP_PKEY_encapsulate(st->ctx, NULL, &ct_len, NULL, &ss_len) != 1 ||
      ct_len + ss_len > io->out_len ||
      EVP_PKEY_encapsulate(st->ctx, io->out, &ct_len, io->out + ct_len, &ss_len) != 1)
    return pq_op_failed();
  return sm_output(io, ct_len + ss_len);
}

static SmResult pq_decaps(void *state, SmIo *io)
{
  PqState *st = state;
  size_t len = io->out_len;
  if (EVP_PKEY_decapsulate(st->ctx, io->out, &len, io->in, io->in_len) != 1)
    return pq_op_failed();
  return sm_output(io, len);
}

static SmResult pq_sign(void *state, SmIo *io)
{
  PqState *st = state;
  size_t len = io->out_len;
  if (EVP_PKEY_sign(st->ctx, io->out, &len, io->in, io->in_len) != 1)
    return pq_op_failed();
  return sm_output(io, len);
}

static SmResult pq_verify(void *state, SmIo *io)
{
  PqState *st = state;
  io->out_len = 0;
  return EVP_PKEY_verify(st->ctx, io->aux, io->aux_len, io->in, io->in_len) == 1 ? SM_OK
                                                                                 : pq_op_failed();
}

#define KEYGEN_SLOT(fn) [SM_OP_KEYGEN - SM_OP_SLOTS_1_0] = fn
#define KEM_IMPL(...)                                                                              \
  {                                                                                                \
    .setup = pq_setup, .teardown = pq_teardown,                                                    \
    .op_1_3 = {KEYGEN_SLOT(pq_keygen), [SM_OP_ENCAPS - SM_OP_SLOTS_1_0] = pq_encaps,               \
               [SM_OP_DECAPS - SM_OP_SLOTS_1_0] = pq_decaps},                                      \
    .data = &(const PqDesc){__VA_ARGS__},                                                          \
  }
#define SIG_IMPL(...)                                                                              \
  {                                                                                                \
    .setup = pq_setup, .teardown = pq_teardown,                                                    \
    .op = {[SM_OP_SIGN] = pq_sign, [SM_OP_VERIFY] = pq_verify},                                    \
    .op_1_3 = {KEYGEN_SLOT(pq_keygen)}, .data = &(const PqDesc){__VA_ARGS__},                      \
  }

#define ML_KEM(n)                                                                                  \
  KEM_IMPL(.name = n, .seed_param = OSSL_PKEY_PARAM_ML_KEM_SEED, .seed_len = 64, .takes_m = true)
const SmImpl sm_ossl_ml_kem_512 = ML_KEM("ML-KEM-512");
const SmImpl sm_ossl_ml_kem_768 = ML_KEM("ML-KEM-768");
const SmImpl sm_ossl_ml_kem_1024 = ML_KEM("ML-KEM-1024");
const SmImpl sm_ossl_x25519_ml_kem_768 =
    KEM_IMPL(.name = "X25519MLKEM768", .seed_param = OSSL_PKEY_PARAM_ML_KEM_SEED,
             .seed_len = HYBRID_MLKEM_SEED + X25519_SCALAR, .hybrid = true);

#define ML_DSA(n) SIG_IMPL(.name = n, .seed_param = OSSL_PKEY_PARAM_ML_DSA_SEED, .seed_len = 32)
const SmImpl sm_ossl_ml_dsa_44 = ML_DSA("ML-DSA-44");
const SmImpl sm_ossl_ml_dsa_65 = ML_DSA("ML-DSA-65");
const SmImpl sm_ossl_ml_dsa_87 = ML_DSA("ML-DSA-87");

#define SLH_DSA(n) SIG_IMPL(.name = n, .seed_param = OSSL_PKEY_PARAM_SLH_DSA_SEED, .seed_len = 48)
const SmImpl sm_ossl_slh_dsa_sha2_128s = SLH_DSA("SLH-DSA-SHA2-128s");
const SmImpl sm_ossl_slh_dsa_sha2_128f = SLH_DSA("SLH-DSA-SHA2-128f");
const SmImpl sm_ossl_slh_dsa_shake_128f = SLH_DSA("SLH-DSA-SHAKE-128f");

#endif /* SM_OSSL_HAS_PQ */

/* ------------------------------------------------------------------------------------------ */
/* keygen for the classical rows: the wrapped level's state, or a keygen state                  */

/* The state of every operation but keygen: the wrapped level's, behind two pointers (one
 * small allocation more per setup than the level alone). */
typedef struct {
  const SmOsslKeygen *desc;
  void *inner; /* NULL: a keygen state */
} Wrapped;

typedef struct {
  Wrapped base;
  uint8_t seed[66];
  size_t seed_len;
  int rsa_bits;
  EVP_PKEY_CTX *gen; /* RSA */
  EC_GROUP *group;
  EC_POINT *point;
  BIGNUM *scalar;
  BN_CTX *bn_ctx;
} KeygenState;

void sm_ossl_keygen_teardown(void *state)
{
  Wrapped *wrapped = state;
  if (wrapped == NULL)
    return;
  if (wrapped->inner != NULL) {
    wrapped->desc->inner->teardown(wrapped->inner);
    free(wrapped);
    return;
  }
  KeygenState *st = state;
  EVP_PKEY_CTX_free(st->gen);
  EC_POINT_free(st->point);
  EC_GROUP_free(st->group);
  BN_clear_free(st->scalar);
  BN_CTX_free(st->bn_ctx);
  OPENSSL_cleanse(st->seed, sizeof st->seed);
  free(st);
}

static SmResult keygen_fail(KeygenState *st, char *msg, size_t msg_len, const char *what)
{
  SmResult result = ossl_fail(SM_FAILED, msg, msg_len, what); /* before teardown clears errors */
  sm_ossl_keygen_teardown(st);
  return result;
}

SmResult sm_ossl_keygen_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const SmOsslKeygen *desc = params->impl_data;
  if (params->op != SM_OP_KEYGEN) {
    Wrapped *wrapped = calloc(1, sizeof *wrapped);
    if (wrapped == NULL)
      return sm_out_of_memory(msg, msg_len);
    wrapped->desc = desc;
    SmParams inner = *params;
    inner.impl_data = desc->inner->data;
    SmResult result = desc->inner->setup(&inner, &wrapped->inner, msg, msg_len);
    if (result != SM_OK) {
      free(wrapped);
      return result;
    }
    *state = wrapped;
    return SM_OK;
  }
  KeygenState *st = calloc(1, sizeof *st);
  if (st == NULL)
    return sm_out_of_memory(msg, msg_len);
  st->base.desc = desc;
  if (desc->kind == SM_OSSL_KEYGEN_RSA) {
    st->rsa_bits = (int)params->rsa.n.len * 8;
    st->gen = EVP_PKEY_CTX_new_from_name(NULL, "RSA", NULL);
    if (st->rsa_bits == 0 || st->gen == NULL || EVP_PKEY_keygen_init(st->gen) != 1 ||
        EVP_PKEY_CTX_set_rsa_keygen_bits(st->gen, st->rsa_bits) != 1)
      return keygen_fail(st, msg, msg_len, "RSA key generation");
    *state = st;
    return SM_OK;
  }
  st->seed_len = sm_copy_key_seed(params, 0, st->seed, sizeof st->seed);
  if (st->seed_len == 0) {
    sm_ossl_keygen_teardown(st);
    return sm_msg(SM_FAILED, msg, msg_len, "keygen needs the private key as its seed");
  }
  if (desc->kind == SM_OSSL_KEYGEN_EC) {
    st->group = EC_GROUP_new_by_curve_name(EC_curve_nist2nid(desc->type));
    st->bn_ctx = BN_CTX_new();
    st->point = st->group != NULL ? EC_POINT_new(st->group) : NULL;
    st->scalar = BN_bin2bn(st->seed, (int)st->seed_len, NULL);
    if (st->group == NULL || st->bn_ctx == NULL || st->point == NULL || st->scalar == NULL)
      return keygen_fail(st, msg, msg_len, "EC key generation");
  }
  *state = st;
  return SM_OK;
}

static bool raw_public(KeygenState *st, SmIo *io)
{
  EVP_PKEY *pkey =
      EVP_PKEY_new_raw_private_key_ex(NULL, st->base.desc->type, NULL, st->seed, st->seed_len);
  size_t len = io->out_len;
  bool ok = pkey != NULL && EVP_PKEY_get_raw_public_key(pkey, io->out, &len) == 1;
  EVP_PKEY_free(pkey);
  io->out_len = len;
  return ok;
}

static bool ec_public(KeygenState *st, SmIo *io)
{
  if (EC_POINT_mul(st->group, st->point, st->scalar, NULL, NULL, st->bn_ctx) != 1)
    return false;
  size_t len = EC_POINT_point2oct(st->group, st->point, POINT_CONVERSION_UNCOMPRESSED, io->out,
                                  io->out_len, st->bn_ctx);
  io->out_len = len;
  return len > 0;
}

static bool rsa_public(KeygenState *st, SmIo *io)
{
  EVP_PKEY *pkey = NULL;
  BIGNUM *n = NULL;
  size_t bytes = (size_t)st->rsa_bits / 8;
  bool ok = EVP_PKEY_generate(st->gen, &pkey) == 1 &&
            EVP_PKEY_get_bn_param(pkey, OSSL_PKEY_PARAM_RSA_N, &n) == 1 && bytes <= io->out_len &&
            BN_bn2binpad(n, io->out, (int)bytes) == (int)bytes;
  BN_free(n);
  EVP_PKEY_free(pkey);
  io->out_len = bytes;
  return ok;
}

SmResult sm_ossl_keygen_op(void *state, SmIo *io)
{
  KeygenState *st = state;
  bool ok = st->base.desc->kind == SM_OSSL_KEYGEN_RAW  ? raw_public(st, io)
            : st->base.desc->kind == SM_OSSL_KEYGEN_EC ? ec_public(st, io)
                                                       : rsa_public(st, io);
  if (ok)
    return SM_OK;
  ERR_clear_error();
  return SM_FAILED;
}

/* Every other operation: the wrapped level's, on its own state. */
static SmResult inner_op(void *state, SmIo *io, SmOp op)
{
  Wrapped *wrapped = state;
  return wrapped->desc->inner->op[op](wrapped->inner, io);
}

SmResult sm_ossl_keygen_sign(void *state, SmIo *io) { return inner_op(state, io, SM_OP_SIGN); }
SmResult sm_ossl_keygen_verify(void *state, SmIo *io) { return inner_op(state, io, SM_OP_VERIFY); }
SmResult sm_ossl_keygen_derive(void *state, SmIo *io) { return inner_op(state, io, SM_OP_DERIVE); }

/* The engine table's post-quantum family (engine.c): every row, with or without a level. */
extern const SmAlgorithm pq_rows[];
const SmAlgorithm pq_rows[] = {
    SM_OSSL_PQ_ROWS,
    SM_ROW_END,
};

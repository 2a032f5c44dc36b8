/* libtomcrypt engine: public keys, typed calls only (no descriptor table): RSA
 * (rsa_sign_hash_ex), ECDSA (ecc_sign_hash_rfc7518), ECDH (ecc_shared_secret), and key pairs. */
#include "tomcrypt-engine.h"

typedef enum { PK_RSA, PK_ECDSA, PK_ECDH } PkKind;

typedef struct {
  PkKind kind;
  size_t width;        /* ECC: bytes of the order and field (32, 48, 66) */
  const TomHash *hash; /* RSA/ECDSA: the typed hash of the message */
} PkRow;

typedef struct {
  prng_state prng; /* chacha20_prng, seeded from params->seed */
  int prng_idx, hash_idx;
  union {
    rsa_key rsa;
    ecc_key ecc;
  } key;
  ecc_key peer;
  bool key_ready, peer_ready, prng_ready, has_private;
  uint8_t key_seed[66]; /* keygen: the ECC scalar */
  size_t key_seed_len;
  int rsa_size; /* keygen: bytes of the modulus to draw */
  const PkRow *row;
  hash_state md;
  uint8_t hash[64];
} PkState;

static void pk_teardown(void *state)
{
  PkState *s = state;
  if (s->key_ready && s->row->kind == PK_RSA)
    rsa_free(&s->key.rsa);
  else if (s->key_ready)
    ecc_free(&s->key.ecc);
  if (s->peer_ready)
    ecc_free(&s->peer);
  if (s->prng_ready)
    chacha20_prng_done(&s->prng);
  free(s);
}

static int rsa_load(rsa_key *key, const SmRsaKey *k, bool priv)
{
  int err = rsa_set_key(k->n.data, k->n.len, k->e.data, k->e.len, priv ? k->d.data : NULL,
                        priv ? k->d.len : 0, key);
  if (err == CRYPT_OK && priv)
    err = rsa_set_factors(k->p.data, k->p.len, k->q.data, k->q.len, key);
  if (err == CRYPT_OK && priv) /* libtomcrypt's qP is q^-1 mod p, the runner's qinv */
    err = rsa_set_crt_params(k->dp.data, k->dp.len, k->dq.data, k->dq.len, k->qinv.data,
                             k->qinv.len, key);
  return err;
}

/* ltc_ecc_sets[] has no curve names for lookups in 1.18: the NIST curves by their size. */
static int ecc_curve_index(size_t width)
{
  for (int i = 0; ltc_ecc_sets[i].size != 0; i++)
    if ((size_t)ltc_ecc_sets[i].size == width)
      return i;
  return -1;
}

/* libtomcrypt 1.18 has no import of a raw private scalar (ecc_set_key came in 1.19): the key is
 * built as ecc_make_key_ex builds it, from d through ltc_mp (libtommath) and ltc_ecc_mulmod. */
static int ecc_from_scalar(ecc_key *key, int idx, SmBytes priv)
{
  const ltc_ecc_set_type *dp = &ltc_ecc_sets[idx];
  void *prime = NULL;
  ecc_point *base = ltc_ecc_new_point();
  if (base == NULL)
    return CRYPT_MEM;
  key->type = PK_PRIVATE;
  key->idx = idx;
  key->dp = dp;
  int err = ltc_init_multi(&key->pubkey.x, &key->pubkey.y, &key->pubkey.z, &key->k, &prime, NULL);
  if (err == CRYPT_OK)
    err = ltc_mp.read_radix(prime, dp->prime, 16);
  if (err == CRYPT_OK)
    err = ltc_mp.read_radix(base->x, dp->Gx, 16);
  if (err == CRYPT_OK)
    err = ltc_mp.read_radix(base->y, dp->Gy, 16);
  if (err == CRYPT_OK)
    err = ltc_mp.set_int(base->z, 1);
  if (err == CRYPT_OK)
    err = ltc_mp.unsigned_read(key->k, (unsigned char *)priv.data, (unsigned long)priv.len);
  if (err == CRYPT_OK)
    err = ltc_ecc_mulmod(key->k, base, &key->pubkey, prime, 1);
  ltc_ecc_del_point(base);
  if (prime != NULL)
    ltc_deinit_multi(prime, NULL);
  return err;
}

static int ecc_load(ecc_key *key, size_t width, SmBytes priv, SmBytes pub)
{
  int idx = ecc_curve_index(width);
  if (idx < 0)
    return CRYPT_INVALID_ARG;
  if (priv.len > 0)
    return ecc_from_scalar(key, idx, priv);
  return ecc_ansi_x963_import(pub.data, pub.len, key);
}

static int pk_load(PkState *s, const SmParams *params)
{
  const PkRow *row = s->row;
  if (row->kind == PK_RSA)
    return rsa_load(&s->key.rsa, &params->rsa, s->has_private);
  int err = ecc_load(&s->key.ecc, row->width, params->priv, params->pub);
  if (err != CRYPT_OK || row->kind != PK_ECDH)
    return err;
  s->peer_ready = true;
  return ecc_load(&s->peer, row->width, params->peer_priv, params->peer_pub);
}

static int seeded_prng(PkState *s, uint64_t seed)
{
  uint8_t entropy[32];
  sm_seed_key(seed, "speedmatrix tomcrypt prng", entropy); /* "...prn" then the seed */
  int err = chacha20_prng_start(&s->prng);
  s->prng_ready = err == CRYPT_OK;
  if (err == CRYPT_OK)
    err = chacha20_prng_add_entropy(entropy, sizeof entropy, &s->prng);
  return err == CRYPT_OK ? chacha20_prng_ready(&s->prng) : err;
}

/* keygen: RSA draws with the seeded chacha20_prng, keyed by the run's seed and a per-process
 * count (two pairs drawn differ, a run stays reproducible); ECC keeps key_seed for the op. */
static uint64_t keygen_draws;

static int keygen_prepare(PkState *s, const SmParams *params)
{
  s->rsa_size = (int)params->rsa.n.len;
  if (s->row->kind != PK_RSA)
    s->key_seed_len = sm_copy_key_seed(params, 0, s->key_seed, sizeof s->key_seed);
  if (s->row->kind == PK_RSA ? s->rsa_size == 0 : s->key_seed_len == 0)
    return CRYPT_INVALID_ARG;
  return seeded_prng(s, params->seed ^ (++keygen_draws * UINT64_C(0x9e3779b97f4a7c15)));
}

/* RSA: rsa_make_key (e = 65537), out = n. ECC: d*G as ecc_make_key_ex does it, then
 * ecc_ansi_x963_export (0x04||x||y). A new key per call. */
static SmResult keygen_op(void *state, SmIo *io)
{
  PkState *s = state;
  unsigned long len = io->out_len;
  int err;
  if (s->row->kind == PK_RSA) {
    rsa_key key;
    err = rsa_make_key(&s->prng, s->prng_idx, s->rsa_size, 65537, &key);
    if (err != CRYPT_OK)
      return SM_FAILED;
    len = ltc_mp.unsigned_size(key.N);
    if (len != (unsigned long)s->rsa_size || len > io->out_len)
      err = CRYPT_BUFFER_OVERFLOW;
    else
      err = ltc_mp.unsigned_write(key.N, io->out);
    rsa_free(&key);
  } else {
    ecc_key key = {0};
    err = ecc_from_scalar(&key, ecc_curve_index(s->row->width),
                          (SmBytes){s->key_seed, s->key_seed_len});
    if (err == CRYPT_OK)
      err = ecc_ansi_x963_export(&key, io->out, &len);
    if (key.k != NULL) /* ltc_init_multi made the numbers */
      ecc_free(&key);
  }
  return err != CRYPT_OK ? SM_FAILED : sm_output(io, len);
}

static SmResult pk_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  PkState *s = state;
  s->row = params->impl_data;
  s->has_private = s->row->kind == PK_RSA ? params->rsa.d.len > 0 : params->priv.len > 0;
  s->prng_idx = find_prng("chacha20");
  s->hash_idx = s->row->hash != NULL ? find_hash(s->row->hash->name) : 0;
  if (s->prng_idx < 0 || s->hash_idx < 0)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "chacha20 PRNG or hash descriptor not registered");
  int err = params->op == SM_OP_KEYGEN ? keygen_prepare(s, params) : seeded_prng(s, params->seed);
  if (err == CRYPT_OK && params->op != SM_OP_KEYGEN) {
    s->key_ready = true;
    err = pk_load(s, params);
  }
  return err != CRYPT_OK ? ltc_fail(SM_FAILED, msg, msg_len, "loading the key", err) : SM_OK;
}

SM_DEFINE_SETUP(pk_setup, PkState, pk_fill, pk_teardown)

/* The message's hash with the row's typed functions (part of the operation). */
static bool pk_hash(PkState *s, const SmIo *io)
{
  const TomHash *h = s->row->hash;
  return h->init(&s->md) == CRYPT_OK && h->process(&s->md, io->in, io->in_len) == CRYPT_OK &&
         h->done(&s->md, s->hash) == CRYPT_OK;
}

static SmResult rsa_sign_op(void *state, SmIo *io)
{
  PkState *s = state;
  unsigned long len = io->out_len;
  if (!s->has_private || !pk_hash(s, io) ||
      rsa_sign_hash_ex(s->hash, s->row->hash->out_len, io->out, &len, LTC_PKCS_1_V1_5, &s->prng,
                       s->prng_idx, s->hash_idx, 0, &s->key.rsa) != CRYPT_OK)
    return SM_FAILED;
  return sm_output(io, len);
}

static SmResult rsa_verify_op(void *state, SmIo *io)
{
  PkState *s = state;
  int verified = 0;
  if (!pk_hash(s, io) ||
      rsa_verify_hash_ex(io->aux, io->aux_len, s->hash, s->row->hash->out_len, LTC_PKCS_1_V1_5,
                         s->hash_idx, 0, &verified, &s->key.rsa) != CRYPT_OK ||
      verified != 1)
    return SM_FAILED;
  return sm_output(io, 0);
}

static SmResult ecdsa_sign_op(void *state, SmIo *io)
{
  PkState *s = state;
  unsigned long len = io->out_len;
  if (!s->has_private || !pk_hash(s, io) ||
      ecc_sign_hash_rfc7518(s->hash, s->row->hash->out_len, io->out, &len, &s->prng, s->prng_idx,
                            &s->key.ecc) != CRYPT_OK ||
      len != 2 * s->row->width)
    return SM_FAILED;
  return sm_output(io, len);
}

static SmResult ecdsa_verify_op(void *state, SmIo *io)
{
  PkState *s = state;
  int verified = 0;
  if (io->aux_len != 2 * s->row->width || !pk_hash(s, io) ||
      ecc_verify_hash_rfc7518(io->aux, io->aux_len, s->hash, s->row->hash->out_len, &verified,
                              &s->key.ecc) != CRYPT_OK ||
      verified != 1)
    return SM_FAILED;
  return sm_output(io, 0);
}

static SmResult ecdh_op(void *state, SmIo *io)
{
  PkState *s = state;
  unsigned long len = io->out_len;
  if (ecc_shared_secret(&s->key.ecc, &s->peer, io->out, &len) != CRYPT_OK || len != s->row->width)
    return SM_FAILED;
  return sm_output(io, len);
}

/* ---- the rows ---- */

#define WHY_PK "libtomcrypt's public-key calls are typed only: no descriptor table"

#define PK_DATA(kind, width, hash) (&(const PkRow){kind, width, hash})
#define SIG_ROW(n, sign_fn, verify_fn, ...)                                                        \
  SM_ROW_LOW_ONLY(                                                                                 \
      n, SM_KIND_SIGNATURE,                                                                        \
      (&(const SmImpl)SM_IMPL_SIGNATURE_KEYGEN(pk_setup, pk_teardown, PK_DATA(__VA_ARGS__),        \
                                               sign_fn, verify_fn, keygen_op)),                    \
      WHY_PK)
#define RSA_ROW(n) SIG_ROW(n, rsa_sign_op, rsa_verify_op, PK_RSA, 0, &sha256_hash)
#define ECDSA_ROW(n, width, hash) SIG_ROW(n, ecdsa_sign_op, ecdsa_verify_op, PK_ECDSA, width, &hash)
#define ECDH_ROW(n, width)                                                                         \
  SM_ROW_LOW_ONLY(n, SM_KIND_KEX,                                                                  \
                  (&(const SmImpl)SM_IMPL_KEX_KEYGEN(                                              \
                      pk_setup, pk_teardown, PK_DATA(PK_ECDH, width, NULL), ecdh_op, keygen_op)),  \
                  WHY_PK)

const SmAlgorithm signature_rows[] = {
    RSA_ROW("rsa1024"),
    RSA_ROW("rsa2048"),
    RSA_ROW("rsa3072"),
    RSA_ROW("rsa4096"),
    ECDSA_ROW("ecdsa-p256", 32, sha256_hash),
    ECDSA_ROW("ecdsa-p384", 48, sha384_hash),
    ECDSA_ROW("ecdsa-p521", 66, sha512_hash),
    SM_ROW_END,
};

const SmAlgorithm kex_rows[] = {
    ECDH_ROW("ecdh-p256", 32),
    ECDH_ROW("ecdh-p384", 48),
    SM_ROW_END,
};

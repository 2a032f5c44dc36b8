/* wolfSSL engine: signatures and key exchange. low = wolfCrypt keys with our seeded WC_RNG;
 * evp = EVP_DigestSign/Verify and EVP_PKEY_derive of the compatibility layer. */
#include "wolfssl-engine.h"

/* ------------------------------------------------------------------------------------------ */
/* The seeded RNG: a WC_RNG bound to our crypto-callback device (wolfssl-engine.h)            */

typedef struct {
  WC_RNG rng; /* first: the callback finds the stream from the WC_RNG it is given */
  ChaCha stream;
  bool rng_ready;
} SeededRng;

int seeded_rng_callback(int dev_id, wc_CryptoInfo *info, void *ctx)
{
  (void)dev_id;
  (void)ctx;
  if (info == NULL || info->algo_type != WC_ALGO_TYPE_RNG)
    return CRYPTOCB_UNAVAILABLE; /* the seed of the unused Hash_DRBG comes from the OS */
  SeededRng *seeded = (SeededRng *)(void *)info->rng.rng;
  memset(info->rng.out, 0, info->rng.sz);
  return wc_Chacha_Process(&seeded->stream, info->rng.out, info->rng.out, info->rng.sz);
}

static int seeded_rng_init(SeededRng *seeded, uint64_t seed)
{
  uint8_t key[CHACHA_MAX_KEY_SZ];
  uint8_t nonce[CHACHA_IV_BYTES] = {0};
  sm_seed_key(seed, "speedmatrix wolfssl rng", key);
  int ret = wc_Chacha_SetKey(&seeded->stream, key, sizeof key);
  if (ret == 0)
    ret = wc_Chacha_SetIV(&seeded->stream, nonce, 0);
  if (ret == 0)
    ret = wc_InitRng_ex(&seeded->rng, NULL, SEEDED_DEV_ID);
  seeded->rng_ready = ret == 0;
  return ret;
}

static void seeded_rng_free(SeededRng *seeded)
{
  if (seeded->rng_ready)
    wc_FreeRng(&seeded->rng);
  seeded->rng_ready = false;
}

/* ------------------------------------------------------------------------------------------ */
/* What a row names                                                                          */

typedef enum { PK_RSA, PK_ECDSA, PK_ED25519, PK_ED448, PK_ECDH, PK_X25519, PK_X448 } PkKind;

typedef int (*OneShotHashFn)(const byte *in, word32 len, byte *out);

typedef struct {
  PkKind kind;
  int curve_id;       /* ECC: wolfCrypt's curve */
  int curve_nid;      /* ECC: the compatibility layer's curve */
  size_t width;       /* ECDSA: bytes of r and of s; ECDH: of the shared secret */
  OneShotHashFn hash; /* RSA, ECDSA (low) */
  size_t hash_len;
  enum wc_HashType hash_type;
  EvpMdGetter md; /* RSA, ECDSA (evp) */
} PkRow;

enum { MAX_HASH = 64, MAX_DIGEST_INFO = 19 + MAX_HASH, MAX_ECC_DER = SM_RS_DER_MAX(66) };

/* ------------------------------------------------------------------------------------------ */
/* low: RSA, ECDSA, EdDSA, ECDH, X25519, X448 (wolfCrypt keys, our seeded WC_RNG)             */

typedef struct {
  SeededRng rng; /* first: its WC_RNG is what the crypto callback receives */
  union {
    RsaKey rsa;
    ecc_key ecc;
    ed25519_key ed25519;
    ed448_key ed448;
    curve25519_key x25519;
    curve448_key x448;
  } key;
  union {
    ecc_key ecc;
    curve25519_key x25519;
    curve448_key x448;
  } peer;
  const PkRow *row;
  bool key_ready, peer_ready, has_private;
  uint8_t key_seed[66]; /* keygen: the private value (ECC scalar, EdDSA seed, X25519/X448 key) */
  size_t key_seed_len;
  int rsa_bits; /* keygen: the modulus to draw */
  word32 hash_oid;
  uint8_t hash[MAX_HASH];
  uint8_t digest_info[MAX_DIGEST_INFO];
  uint8_t *scratch; /* RSA verify: the recovered DigestInfo (modulus size) */
  size_t scratch_len;
} LowPkState;

static void low_pk_free_key(PkKind kind, bool ready, void *key)
{
  if (!ready)
    return;
  switch (kind) {
  case PK_RSA:
    wc_FreeRsaKey(key);
    break;
  case PK_ECDSA:
  case PK_ECDH:
    wc_ecc_free(key);
    break;
  case PK_ED25519:
    wc_ed25519_free(key);
    break;
  case PK_ED448:
    wc_ed448_free(key);
    break;
  case PK_X25519:
    wc_curve25519_free(key);
    break;
  case PK_X448:
    wc_curve448_free(key);
    break;
  }
}

static void low_pk_teardown(void *state)
{
  LowPkState *s = state;
  if (s == NULL)
    return;
  low_pk_free_key(s->row->kind, s->key_ready, &s->key);
  low_pk_free_key(s->row->kind, s->peer_ready, &s->peer);
  seeded_rng_free(&s->rng);
  free(s->scratch);
  free(s);
}

/* wolfCrypt has no raw private RSA import in 5.5 (wc_RsaPrivateKeyDecodeRaw came later): the
 * public mp_ints of RsaKey are filled directly (WOLFSSL_PUBLIC_MP is in the Debian build). */
static int rsa_load(RsaKey *key, const SmRsaKey *k, bool priv)
{
  int ret = wc_InitRsaKey(key, NULL);
  if (ret != 0 || !priv)
    return ret != 0 ? ret
                    : wc_RsaPublicKeyDecodeRaw(k->n.data, (word32)k->n.len, k->e.data,
                                               (word32)k->e.len, key);
  const struct {
    mp_int *mp;
    SmBytes value;
  } parts[] = {{&key->n, k->n}, {&key->e, k->e},   {&key->d, k->d},   {&key->p, k->p},
               {&key->q, k->q}, {&key->dP, k->dp}, {&key->dQ, k->dq}, {&key->u, k->qinv}};
  for (size_t i = 0; i < sizeof parts / sizeof parts[0] && ret == 0; i++)
    ret = mp_read_unsigned_bin(parts[i].mp, sm_bytes_or_empty(parts[i].value),
                               (word32)parts[i].value.len);
  key->type = RSA_PRIVATE;
  return ret;
}

/* A wolfCrypt ECC key from the scalar and/or the 04||x||y point (derived when absent). */
static int ecc_load(ecc_key *key, int curve_id, SmBytes priv, SmBytes pub, WC_RNG *rng)
{
  int ret = wc_ecc_init(key);
  if (ret != 0)
    return ret;
  if (priv.len == 0)
    return wc_ecc_import_x963_ex(pub.data, (word32)pub.len, key, curve_id);
  ret = wc_ecc_import_private_key_ex(priv.data, (word32)priv.len, pub.len > 0 ? pub.data : NULL,
                                     (word32)pub.len, key, curve_id);
  if (ret == 0 && pub.len == 0)
    ret = wc_ecc_make_pub_ex(key, NULL, rng);
  return ret;
}

/* RFC 7748 scalars are clamped by X25519/X448 anyway; wolfCrypt refuses unclamped ones. */
static void clamp_scalar(uint8_t *scalar, size_t len)
{
  if (len == CURVE25519_KEYSIZE) {
    scalar[0] &= 248;
    scalar[31] = (uint8_t)((scalar[31] & 127) | 64);
  } else {
    scalar[0] &= 252;
    scalar[len - 1] |= 128;
  }
}

/* name_load for X25519 and X448 over the wc_<lib>_* calls: the clamped private scalar with the
 * public point made from it, or (no private key) the public point alone. */
#define MONTGOMERY_LOAD(name, lib, key_type, scalar_size, point_size, endian)                      \
  static int name##_load(key_type *key, SmBytes priv, SmBytes pub)                                 \
  {                                                                                                \
    uint8_t scalar[scalar_size], point[point_size];                                                \
    int ret = wc_##lib##_init(key);                                                                \
    if (ret != 0)                                                                                  \
      return ret;                                                                                  \
    if (priv.len != sizeof scalar)                                                                 \
      return pub.len == sizeof point                                                               \
                 ? wc_##lib##_import_public_ex(pub.data, (word32)pub.len, key, endian)             \
                 : BAD_FUNC_ARG;                                                                   \
    memcpy(scalar, priv.data, sizeof scalar);                                                      \
    clamp_scalar(scalar, sizeof scalar);                                                           \
    ret = wc_##lib##_make_pub(sizeof point, point, sizeof scalar, scalar);                         \
    if (ret == 0)                                                                                  \
      ret = wc_##lib##_import_private_raw_ex(scalar, sizeof scalar, point, sizeof point, key,      \
                                             endian);                                              \
    return ret;                                                                                    \
  }

MONTGOMERY_LOAD(x25519, curve25519, curve25519_key, CURVE25519_KEYSIZE, CURVE25519_KEYSIZE,
                EC25519_LITTLE_ENDIAN)
MONTGOMERY_LOAD(x448, curve448, curve448_key, CURVE448_KEY_SIZE, CURVE448_PUB_KEY_SIZE,
                EC448_LITTLE_ENDIAN)

/* name_load for Ed25519 and Ed448 over the wc_<name>_* calls: the public key alone, or the
 * private key with the public key given or made from it. */
#define EDWARDS_LOAD(name, key_type, pub_size)                                                     \
  static int name##_load(key_type *key, SmBytes priv, SmBytes pub)                                 \
  {                                                                                                \
    uint8_t point[pub_size];                                                                       \
    int ret = wc_##name##_init(key);                                                               \
    if (ret != 0)                                                                                  \
      return ret;                                                                                  \
    if (priv.len == 0)                                                                             \
      return wc_##name##_import_public(pub.data, (word32)pub.len, key);                            \
    if (pub.len == 0) {                                                                            \
      ret = wc_##name##_import_private_only(priv.data, (word32)priv.len, key);                     \
      if (ret == 0)                                                                                \
        ret = wc_##name##_make_public(key, point, sizeof point);                                   \
      pub = (SmBytes){point, sizeof point};                                                        \
    }                                                                                              \
    return ret != 0 ? ret                                                                          \
                    : wc_##name##_import_private_key(priv.data, (word32)priv.len, pub.data,        \
                                                     (word32)pub.len, key);                        \
  }

EDWARDS_LOAD(ed25519, ed25519_key, ED25519_PUB_KEY_SIZE)
EDWARDS_LOAD(ed448, ed448_key, ED448_PUB_KEY_SIZE)

/* The own key of the row's kind; the peer of a key exchange too. */
static int low_pk_load(LowPkState *s, const SmParams *params)
{
  const PkRow *row = s->row;
  WC_RNG *rng = &s->rng.rng;
  int ret;
  switch (row->kind) {
  case PK_RSA:
    ret = rsa_load(&s->key.rsa, &params->rsa, s->has_private);
    return ret != 0 ? ret : wc_RsaSetRNG(&s->key.rsa, rng);
  case PK_ECDSA:
    return ecc_load(&s->key.ecc, row->curve_id, params->priv, params->pub, rng);
  case PK_ED25519:
    return ed25519_load(&s->key.ed25519, params->priv, params->pub);
  case PK_ED448:
    return ed448_load(&s->key.ed448, params->priv, params->pub);
  case PK_ECDH:
    ret = ecc_load(&s->key.ecc, row->curve_id, params->priv, params->pub, rng);
    if (ret == 0)
      ret = wc_ecc_set_rng(&s->key.ecc, rng); /* ECC_TIMING_RESISTANT wants one */
    s->peer_ready = ret == 0;
    return ret != 0
               ? ret
               : ecc_load(&s->peer.ecc, row->curve_id, params->peer_priv, params->peer_pub, rng);
  case PK_X25519:
    ret = x25519_load(&s->key.x25519, params->priv, (SmBytes){NULL, 0});
    s->peer_ready = ret == 0;
    return ret != 0 ? ret : x25519_load(&s->peer.x25519, params->peer_priv, params->peer_pub);
  case PK_X448:
    ret = x448_load(&s->key.x448, params->priv, (SmBytes){NULL, 0});
    s->peer_ready = ret == 0;
    return ret != 0 ? ret : x448_load(&s->peer.x448, params->peer_priv, params->peer_pub);
  }
  return BAD_FUNC_ARG;
}

/* keygen: RSA draws with the seeded RNG, keyed by the run's seed and a per-process count (two
 * key pairs drawn differ, a run stays reproducible); the others keep key_seed for the op. */
static uint64_t keygen_draws;

/* The start of every setup here: the seeded RNG (a failure is the setup's). */
static SmResult pk_rng_start(SeededRng *rng, uint64_t seed, char *msg, size_t msg_len)
{
  int ret = seeded_rng_init(rng, seed);
  return ret != 0 ? wolf_fail(SM_FAILED, msg, msg_len, "wc_InitRng_ex", ret) : SM_OK;
}

static bool pk_has_private(const PkRow *row, const SmParams *params)
{
  return row->kind == PK_RSA ? params->rsa.d.len > 0 : params->priv.len > 0;
}

static SmResult low_keygen_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  LowPkState *s = state;
  s->row = params->impl_data;
  SmResult result = pk_rng_start(
      &s->rng, params->seed ^ (++keygen_draws * UINT64_C(0x9e3779b97f4a7c15)), msg, msg_len);
  if (result != SM_OK)
    return result;
  s->rsa_bits = (int)params->rsa.n.len * 8;
  if (s->row->kind != PK_RSA)
    s->key_seed_len = sm_copy_key_seed(params, 0, s->key_seed, sizeof s->key_seed);
  if (s->row->kind == PK_RSA ? s->rsa_bits == 0 : s->key_seed_len == 0)
    return sm_msg(SM_FAILED, msg, msg_len, "keygen needs a modulus size or the private key");
  return SM_OK;
}

static int keygen_rsa(LowPkState *s, SmIo *io, word32 *len)
{
  RsaKey *key = &s->key.rsa;
  uint8_t e[8];
  word32 e_len = sizeof e;
  int ret = wc_InitRsaKey(key, NULL);
  if (ret != 0)
    return ret;
  ret = wc_MakeRsaKey(key, s->rsa_bits, WC_RSA_EXPONENT, &s->rng.rng);
  if (ret == 0)
    ret = wc_RsaFlattenPublicKey(key, e, &e_len, io->out, len);
  wc_FreeRsaKey(key);
  return ret;
}

static int keygen_ecc(LowPkState *s, SmIo *io, word32 *len)
{
  ecc_key *key = &s->key.ecc;
  int ret = wc_ecc_init(key);
  if (ret != 0)
    return ret;
  ret = wc_ecc_import_private_key_ex(s->key_seed, (word32)s->key_seed_len, NULL, 0, key,
                                     s->row->curve_id);
  if (ret == 0)
    ret = wc_ecc_make_pub_ex(key, NULL, &s->rng.rng);
  if (ret == 0)
    ret = wc_ecc_export_x963(key, io->out, len);
  wc_ecc_free(key);
  return ret;
}

/* name_keygen for Ed25519 and Ed448: the public key made from the imported private key. */
#define EDWARDS_KEYGEN(name, key_type, pub_size)                                                   \
  static int name##_keygen(LowPkState *s, SmIo *io, word32 *len)                                   \
  {                                                                                                \
    key_type *key = &s->key.name;                                                                  \
    int ret = wc_##name##_init(key);                                                               \
    if (ret != 0)                                                                                  \
      return ret;                                                                                  \
    ret = *len < (pub_size)                                                                        \
              ? BUFFER_E                                                                           \
              : wc_##name##_import_private_only(s->key_seed, (word32)s->key_seed_len, key);        \
    if (ret == 0)                                                                                  \
      ret = wc_##name##_make_public(key, io->out, pub_size);                                       \
    *len = pub_size;                                                                               \
    wc_##name##_free(key);                                                                         \
    return ret;                                                                                    \
  }

EDWARDS_KEYGEN(ed25519, ed25519_key, ED25519_PUB_KEY_SIZE)
EDWARDS_KEYGEN(ed448, ed448_key, ED448_PUB_KEY_SIZE)

/* X25519/X448: the clamped scalar's public u-coordinate (wc_<lib>_make_pub, little-endian). */
static int montgomery_keygen(LowPkState *s, SmIo *io, word32 *len)
{
  uint8_t scalar[CURVE448_KEY_SIZE];
  bool x25519 = s->row->kind == PK_X25519;
  word32 want = x25519 ? CURVE25519_KEYSIZE : CURVE448_KEY_SIZE;
  if (s->key_seed_len != want || *len < want)
    return BAD_FUNC_ARG;
  memcpy(scalar, s->key_seed, want);
  clamp_scalar(scalar, want);
  *len = want;
  return x25519 ? wc_curve25519_make_pub((int)want, io->out, (int)want, scalar)
                : wc_curve448_make_pub((int)want, io->out, (int)want, scalar);
}

static SmResult low_keygen(void *state, SmIo *io)
{
  LowPkState *s = state;
  word32 len = (word32)io->out_len;
  int ret = BAD_FUNC_ARG;
  switch (s->row->kind) {
  case PK_RSA:
    ret = keygen_rsa(s, io, &len);
    break;
  case PK_ECDSA:
  case PK_ECDH:
    ret = keygen_ecc(s, io, &len);
    break;
  case PK_ED25519:
    ret = ed25519_keygen(s, io, &len);
    break;
  case PK_ED448:
    ret = ed448_keygen(s, io, &len);
    break;
  case PK_X25519:
  case PK_X448:
    ret = montgomery_keygen(s, io, &len);
    break;
  }
  return ret != 0 ? SM_FAILED : sm_output(io, len);
}

static SmResult low_pk_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  LowPkState *s = state;
  s->row = params->impl_data;
  s->has_private = pk_has_private(s->row, params);
  SmResult result = pk_rng_start(&s->rng, params->seed, msg, msg_len);
  if (result != SM_OK)
    return result;
  s->key_ready = true; /* from here on teardown frees the key, initialised or not */
  int ret = low_pk_load(s, params);
  if (ret == 0 && s->row->kind == PK_RSA) {
    s->hash_oid = (word32)wc_HashGetOID(s->row->hash_type);
    s->scratch_len = params->rsa.n.len + 1;
    s->scratch = malloc(s->scratch_len);
    if (s->scratch == NULL)
      ret = MEMORY_E;
  }
  return ret != 0 ? wolf_fail(SM_FAILED, msg, msg_len, "loading the key", ret) : SM_OK;
}

static SmResult low_pk_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  if (params->op != SM_OP_KEYGEN && !fits_word32(params->max_len))
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "wolfCrypt takes word32 lengths");
  return sm_setup_state(sizeof(LowPkState),
                        params->op == SM_OP_KEYGEN ? low_keygen_fill : low_pk_fill, low_pk_teardown,
                        params, state, msg, msg_len);
}

/* PKCS#1 v1.5: SHA-256 then the DigestInfo, which wc_RsaSSL_Sign pads and signs. */
static SmResult low_rsa_sign(void *state, SmIo *io)
{
  LowPkState *s = state;
  if (!s->has_private || s->row->hash(io->in, (word32)io->in_len, s->hash) != 0)
    return SM_FAILED;
  word32 info_len =
      wc_EncodeSignature(s->digest_info, s->hash, (word32)s->row->hash_len, (int)s->hash_oid);
  int len = wc_RsaSSL_Sign(s->digest_info, info_len, io->out, (word32)io->out_len, &s->key.rsa,
                           &s->rng.rng);
  if (len <= 0)
    return SM_FAILED;
  return sm_output(io, (size_t)len);
}

static SmResult low_rsa_verify(void *state, SmIo *io)
{
  LowPkState *s = state;
  if (s->row->hash(io->in, (word32)io->in_len, s->hash) != 0)
    return SM_FAILED;
  word32 info_len =
      wc_EncodeSignature(s->digest_info, s->hash, (word32)s->row->hash_len, (int)s->hash_oid);
  int len = wc_RsaSSL_Verify(io->aux, (word32)io->aux_len, s->scratch, (word32)s->scratch_len,
                             &s->key.rsa);
  if (len != (int)info_len || memcmp(s->scratch, s->digest_info, info_len) != 0)
    return SM_FAILED;
  return sm_output(io, 0);
}

/* wc_ecc_sign_hash gives DER, taken apart into r || s. */
static SmResult low_ecdsa_sign(void *state, SmIo *io)
{
  LowPkState *s = state;
  size_t w = s->row->width;
  uint8_t der[MAX_ECC_DER];
  word32 der_len = sizeof der;
  if (!s->has_private || io->out_len < 2 * w ||
      s->row->hash(io->in, (word32)io->in_len, s->hash) != 0 ||
      wc_ecc_sign_hash(s->hash, (word32)s->row->hash_len, der, &der_len, &s->rng.rng,
                       &s->key.ecc) != 0 ||
      !sm_der_to_rs(der, der_len, w, io->out))
    return SM_FAILED;
  return sm_output(io, 2 * w);
}

static SmResult low_ecdsa_verify(void *state, SmIo *io)
{
  LowPkState *s = state;
  size_t w = s->row->width;
  uint8_t der[MAX_ECC_DER];
  int verified = 0;
  if (io->aux_len != 2 * w || s->row->hash(io->in, (word32)io->in_len, s->hash) != 0 ||
      wc_ecc_verify_hash(der, (word32)sm_rs_to_der(io->aux, w, der), s->hash,
                         (word32)s->row->hash_len, &verified, &s->key.ecc) != 0 ||
      verified != 1)
    return SM_FAILED;
  return sm_output(io, 0);
}

/* Ed25519 and Ed448 (no context): the same calls, each curve its own. */
static SmResult low_eddsa_sign(void *state, SmIo *io)
{
  LowPkState *s = state;
  word32 len = (word32)io->out_len, in_len = (word32)io->in_len;
  if (!s->has_private)
    return SM_FAILED;
  int ret = s->row->kind == PK_ED25519
                ? wc_ed25519_sign_msg(io->in, in_len, io->out, &len, &s->key.ed25519)
                : wc_ed448_sign_msg(io->in, in_len, io->out, &len, &s->key.ed448, NULL, 0);
  return ret != 0 ? SM_FAILED : sm_output(io, len);
}

static SmResult low_eddsa_verify(void *state, SmIo *io)
{
  LowPkState *s = state;
  word32 sig_len = (word32)io->aux_len, in_len = (word32)io->in_len;
  int verified = 0;
  int ret = s->row->kind == PK_ED25519 ? wc_ed25519_verify_msg(io->aux, sig_len, io->in, in_len,
                                                               &verified, &s->key.ed25519)
                                       : wc_ed448_verify_msg(io->aux, sig_len, io->in, in_len,
                                                             &verified, &s->key.ed448, NULL, 0);
  return ret != 0 || verified != 1 ? SM_FAILED : sm_output(io, 0);
}

/* ECDH (exactly the row's width), X25519 and X448 (little-endian, as RFC 7748 writes them). */
static SmResult low_derive(void *state, SmIo *io)
{
  LowPkState *s = state;
  word32 len = (word32)io->out_len;
  int ret = BAD_FUNC_ARG;
  switch (s->row->kind) {
  case PK_ECDH:
    ret = wc_ecc_shared_secret(&s->key.ecc, &s->peer.ecc, io->out, &len);
    if (ret == 0 && len != s->row->width)
      ret = BAD_FUNC_ARG;
    break;
  case PK_X25519:
    ret = wc_curve25519_shared_secret_ex(&s->key.x25519, &s->peer.x25519, io->out, &len,
                                         EC25519_LITTLE_ENDIAN);
    break;
  case PK_X448:
    ret = wc_curve448_shared_secret_ex(&s->key.x448, &s->peer.x448, io->out, &len,
                                       EC448_LITTLE_ENDIAN);
    break;
  default:
    break;
  }
  return ret != 0 ? SM_FAILED : sm_output(io, len);
}

/* ------------------------------------------------------------------------------------------ */
/* evp: RSA, ECDSA (EVP_DigestSign/Verify), ECDH (EVP_PKEY_derive)                            */

typedef struct {
  SeededRng rng; /* RSA: set as the wolfCrypt key's RNG */
  WOLFSSL_EVP_PKEY *pkey;
  WOLFSSL_EVP_PKEY *peer;
  WOLFSSL_EVP_MD_CTX *mdctx;
  WOLFSSL_EVP_PKEY_CTX *derive;
  const PkRow *row;
  bool has_private;
  RsaKey *rsa_key;     /* RSA: the wolfCrypt key beneath the WOLFSSL_RSA */
  WC_RNG *rsa_own_rng; /* ... and the RNG wolfSSL_RSA_free will free: put back before it */
  uint8_t der[MAX_ECC_DER];
} EvpPkState;

static void evp_pk_teardown(void *state)
{
  EvpPkState *s = state;
  if (s == NULL)
    return;
  if (s->rsa_key != NULL)
    s->rsa_key->rng = s->rsa_own_rng;
  wolfSSL_EVP_PKEY_CTX_free(s->derive);
  wolfSSL_EVP_MD_CTX_free(s->mdctx);
  wolfSSL_EVP_PKEY_free(s->peer);
  wolfSSL_EVP_PKEY_free(s->pkey);
  seeded_rng_free(&s->rng);
  free(s);
}

static WOLFSSL_BIGNUM *bn_from(SmBytes bytes)
{
  return bytes.len > 0 ? wolfSSL_BN_bin2bn(bytes.data, (int)bytes.len, NULL) : NULL;
}

static WOLFSSL_EVP_PKEY *evp_rsa_key(const SmRsaKey *k, bool priv, EvpPkState *s)
{
  WOLFSSL_RSA *rsa = wolfSSL_RSA_new();
  WOLFSSL_BIGNUM *n = bn_from(k->n), *e = bn_from(k->e), *d = priv ? bn_from(k->d) : NULL;
  bool ok = rsa != NULL && wolfSSL_RSA_set0_key(rsa, n, e, d) == WOLFSSL_SUCCESS;
  if (!ok) {
    wolfSSL_BN_free(n);
    wolfSSL_BN_free(e);
    wolfSSL_BN_free(d);
  }
  if (ok && priv) {
    WOLFSSL_BIGNUM *p = bn_from(k->p), *q = bn_from(k->q);
    WOLFSSL_BIGNUM *dp = bn_from(k->dp), *dq = bn_from(k->dq), *qinv = bn_from(k->qinv);
    if (wolfSSL_RSA_set0_factors(rsa, p, q) != WOLFSSL_SUCCESS) {
      wolfSSL_BN_free(p);
      wolfSSL_BN_free(q);
      ok = false;
    }
    if (wolfSSL_RSA_set0_crt_params(rsa, dp, dq, qinv) != WOLFSSL_SUCCESS) {
      wolfSSL_BN_free(dp);
      wolfSSL_BN_free(dq);
      wolfSSL_BN_free(qinv);
      ok = false;
    }
  }
  WOLFSSL_EVP_PKEY *pkey = ok ? wolfSSL_EVP_PKEY_new() : NULL;
  if (pkey == NULL || rsa->internal == NULL ||
      wolfSSL_EVP_PKEY_assign_RSA(pkey, rsa) != WOLFSSL_SUCCESS) {
    wolfSSL_EVP_PKEY_free(pkey);
    wolfSSL_RSA_free(rsa);
    return NULL;
  }
  /* Blinding draws from the wolfCrypt key's RNG: ours, swapped back before the key is freed
   * (wolfSSL_RSA_free frees whatever RNG the key holds). */
  s->rsa_key = rsa->internal;
  s->rsa_own_rng = s->rsa_key->rng;
  s->rsa_key->rng = &s->rng.rng;
  return pkey;
}

static WOLFSSL_EVP_PKEY *evp_ec_key(int nid, SmBytes priv, SmBytes pub)
{
  WOLFSSL_EC_KEY *ec = wolfSSL_EC_KEY_new_by_curve_name(nid);
  const WOLFSSL_EC_GROUP *group = ec != NULL ? wolfSSL_EC_KEY_get0_group(ec) : NULL;
  WOLFSSL_EC_POINT *point = group != NULL ? wolfSSL_EC_POINT_new(group) : NULL;
  WOLFSSL_BIGNUM *d = bn_from(priv);
  bool ok =
      point != NULL &&
      (priv.len == 0 || (d != NULL && wolfSSL_EC_KEY_set_private_key(ec, d) == WOLFSSL_SUCCESS));
  if (ok && pub.len > 0)
    ok = wolfSSL_EC_POINT_oct2point(group, point, pub.data, pub.len, NULL) == WOLFSSL_SUCCESS;
  else if (ok)
    ok = wolfSSL_EC_POINT_mul(group, point, d, NULL, NULL, NULL) == WOLFSSL_SUCCESS;
  ok = ok && wolfSSL_EC_KEY_set_public_key(ec, point) == WOLFSSL_SUCCESS;
  wolfSSL_EC_POINT_free(point);
  wolfSSL_BN_free(d);
  WOLFSSL_EVP_PKEY *pkey = ok ? wolfSSL_EVP_PKEY_new() : NULL;
  if (pkey == NULL || wolfSSL_EVP_PKEY_assign_EC_KEY(pkey, ec) != WOLFSSL_SUCCESS) {
    wolfSSL_EVP_PKEY_free(pkey);
    wolfSSL_EC_KEY_free(ec);
    return NULL;
  }
  return pkey;
}

static bool evp_pk_build(EvpPkState *s, const SmParams *params)
{
  const PkRow *row = s->row;
  if (row->kind == PK_RSA) {
    s->pkey = evp_rsa_key(&params->rsa, s->has_private, s);
    return s->pkey != NULL;
  }
  s->pkey = evp_ec_key(row->curve_nid, params->priv, params->pub);
  if (s->pkey == NULL || row->kind != PK_ECDH)
    return s->pkey != NULL;
  s->peer = evp_ec_key(row->curve_nid, params->peer_priv, params->peer_pub);
  s->derive = s->peer != NULL ? wolfSSL_EVP_PKEY_CTX_new(s->pkey, NULL) : NULL;
  return s->derive != NULL && wolfSSL_EVP_PKEY_derive_init(s->derive) == WOLFSSL_SUCCESS &&
         wolfSSL_EVP_PKEY_derive_set_peer(s->derive, s->peer) == WOLFSSL_SUCCESS;
}

static SmResult evp_pk_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  EvpPkState *s = state;
  s->row = params->impl_data;
  s->has_private = pk_has_private(s->row, params);
  SmResult result = pk_rng_start(&s->rng, params->seed, msg, msg_len);
  if (result != SM_OK)
    return result;
  if (!evp_pk_build(s, params) ||
      (s->row->kind != PK_ECDH && (s->mdctx = wolfSSL_EVP_MD_CTX_new()) == NULL))
    return sm_msg(SM_FAILED, msg, msg_len, "building the key with wolfSSL's compatibility layer");
  return SM_OK;
}

SM_DEFINE_SETUP(evp_pk_setup, EvpPkState, evp_pk_fill, evp_pk_teardown)

/* DigestSignInit per message: a wolfSSL DigestSign context has no reset to its keyed state
 * (the cleanup frees the EVP_PKEY_CTX that the next init makes again). */
static bool evp_sign_der(EvpPkState *s, const SmIo *io, uint8_t *sig, size_t *sig_len)
{
  wolfSSL_EVP_MD_CTX_cleanup(s->mdctx);
  return wolfSSL_EVP_DigestSignInit(s->mdctx, NULL, s->row->md(), NULL, s->pkey) ==
             WOLFSSL_SUCCESS &&
         wolfSSL_EVP_DigestSignUpdate(s->mdctx, io->in, io->in_len) == WOLFSSL_SUCCESS &&
         wolfSSL_EVP_DigestSignFinal(s->mdctx, sig, sig_len) == WOLFSSL_SUCCESS;
}

static bool evp_verify_der(EvpPkState *s, const SmIo *io, const uint8_t *sig, size_t sig_len)
{
  wolfSSL_EVP_MD_CTX_cleanup(s->mdctx);
  return wolfSSL_EVP_DigestVerifyInit(s->mdctx, NULL, s->row->md(), NULL, s->pkey) ==
             WOLFSSL_SUCCESS &&
         wolfSSL_EVP_DigestVerifyUpdate(s->mdctx, io->in, io->in_len) == WOLFSSL_SUCCESS &&
         wolfSSL_EVP_DigestVerifyFinal(s->mdctx, sig, sig_len) == WOLFSSL_SUCCESS;
}

static SmResult evp_rsa_sign(void *state, SmIo *io)
{
  EvpPkState *s = state;
  size_t len = io->out_len;
  if (!s->has_private || !evp_sign_der(s, io, io->out, &len))
    return SM_FAILED;
  return sm_output(io, len);
}

static SmResult evp_rsa_verify(void *state, SmIo *io)
{
  EvpPkState *s = state;
  if (!evp_verify_der(s, io, io->aux, io->aux_len))
    return SM_FAILED;
  return sm_output(io, 0);
}

static SmResult evp_ecdsa_sign(void *state, SmIo *io)
{
  EvpPkState *s = state;
  size_t w = s->row->width, der_len = sizeof s->der;
  if (!s->has_private || io->out_len < 2 * w || !evp_sign_der(s, io, s->der, &der_len) ||
      !sm_der_to_rs(s->der, der_len, w, io->out))
    return SM_FAILED;
  return sm_output(io, 2 * w);
}

static SmResult evp_ecdsa_verify(void *state, SmIo *io)
{
  EvpPkState *s = state;
  size_t w = s->row->width;
  if (io->aux_len != 2 * w || !evp_verify_der(s, io, s->der, sm_rs_to_der(io->aux, w, s->der)))
    return SM_FAILED;
  return sm_output(io, 0);
}

static SmResult evp_ecdh_derive(void *state, SmIo *io)
{
  EvpPkState *s = state;
  size_t len = io->out_len;
  if (wolfSSL_EVP_PKEY_derive(s->derive, io->out, &len) != WOLFSSL_SUCCESS || len != s->row->width)
    return SM_FAILED;
  return sm_output(io, len);
}

/* ------------------------------------------------------------------------------------------ */
/* The rows                                                                                    */

#define RSA_ROW                                                                                    \
  {                                                                                                \
    .kind = PK_RSA, .hash = wc_Sha256Hash, .hash_len = 32, .hash_type = WC_HASH_TYPE_SHA256,       \
    .md = wolfSSL_EVP_sha256                                                                       \
  }
static const PkRow rsa_row = RSA_ROW;
static const PkRow ecdsa_p256_row = {
    PK_ECDSA, ECC_SECP256R1,       NID_X9_62_prime256v1, 32, wc_Sha256Hash,
    32,       WC_HASH_TYPE_SHA256, wolfSSL_EVP_sha256};
static const PkRow ecdsa_p384_row = {
    PK_ECDSA, ECC_SECP384R1,       NID_secp384r1,     48, wc_Sha384Hash,
    48,       WC_HASH_TYPE_SHA384, wolfSSL_EVP_sha384};
static const PkRow ecdsa_p521_row = {
    PK_ECDSA, ECC_SECP521R1,       NID_secp521r1,     66, wc_Sha512Hash,
    64,       WC_HASH_TYPE_SHA512, wolfSSL_EVP_sha512};
static const PkRow ed25519_row = {.kind = PK_ED25519}, ed448_row = {.kind = PK_ED448};
static const PkRow ecdh_p256_row = {.kind = PK_ECDH, ECC_SECP256R1, NID_X9_62_prime256v1, 32};
static const PkRow ecdh_p384_row = {.kind = PK_ECDH, ECC_SECP384R1, NID_secp384r1, 48};
static const PkRow x25519_row = {.kind = PK_X25519}, x448_row = {.kind = PK_X448};

#define LOW_SIG(row, sign, verify)                                                                 \
  SM_IMPL_SIGNATURE_KEYGEN(low_pk_setup, low_pk_teardown, &row, sign, verify, low_keygen)
#define EVP_SIG(row, sign, verify)                                                                 \
  SM_IMPL_SIGNATURE(evp_pk_setup, evp_pk_teardown, &row, sign, verify)
#define LOW_KEX(row) SM_IMPL_KEX_KEYGEN(low_pk_setup, low_pk_teardown, &row, low_derive, low_keygen)
#define EVP_KEX(row) SM_IMPL_KEX(evp_pk_setup, evp_pk_teardown, &row, evp_ecdh_derive)

static const SmImpl rsa_low = LOW_SIG(rsa_row, low_rsa_sign, low_rsa_verify);
static const SmImpl rsa_evp = EVP_SIG(rsa_row, evp_rsa_sign, evp_rsa_verify);
static const SmImpl ecdsa_p256_low = LOW_SIG(ecdsa_p256_row, low_ecdsa_sign, low_ecdsa_verify);
static const SmImpl ecdsa_p384_low = LOW_SIG(ecdsa_p384_row, low_ecdsa_sign, low_ecdsa_verify);
static const SmImpl ecdsa_p521_low = LOW_SIG(ecdsa_p521_row, low_ecdsa_sign, low_ecdsa_verify);
static const SmImpl ecdsa_p256_evp = EVP_SIG(ecdsa_p256_row, evp_ecdsa_sign, evp_ecdsa_verify);
static const SmImpl ecdsa_p384_evp = EVP_SIG(ecdsa_p384_row, evp_ecdsa_sign, evp_ecdsa_verify);
static const SmImpl ecdsa_p521_evp = EVP_SIG(ecdsa_p521_row, evp_ecdsa_sign, evp_ecdsa_verify);
static const SmImpl ed25519_low = LOW_SIG(ed25519_row, low_eddsa_sign, low_eddsa_verify);
static const SmImpl ed448_low = LOW_SIG(ed448_row, low_eddsa_sign, low_eddsa_verify);
static const SmImpl ecdh_p256_low = LOW_KEX(ecdh_p256_row);
static const SmImpl ecdh_p384_low = LOW_KEX(ecdh_p384_row);
static const SmImpl x25519_low = LOW_KEX(x25519_row);
static const SmImpl x448_low = LOW_KEX(x448_row);
static const SmImpl ecdh_p256_evp = EVP_KEX(ecdh_p256_row);
static const SmImpl ecdh_p384_evp = EVP_KEX(ecdh_p384_row);

#define SIG_ROW(n, evp, low) SM_ROW_BOTH(n, SM_KIND_SIGNATURE, &(evp), &(low))
#define KEX_ROW(n, evp, low) SM_ROW_BOTH(n, SM_KIND_KEX, &(evp), &(low))

const SmAlgorithm signature_rows[] = {
    SIG_ROW("rsa1024", rsa_evp, rsa_low),
    SIG_ROW("rsa2048", rsa_evp, rsa_low),
    SIG_ROW("rsa3072", rsa_evp, rsa_low),
    SIG_ROW("rsa4096", rsa_evp, rsa_low),
    SIG_ROW("ecdsa-p256", ecdsa_p256_evp, ecdsa_p256_low),
    SIG_ROW("ecdsa-p384", ecdsa_p384_evp, ecdsa_p384_low),
    SIG_ROW("ecdsa-p521", ecdsa_p521_evp, ecdsa_p521_low),
    SM_ROW_LOW_ONLY("ed25519", SM_KIND_SIGNATURE, &ed25519_low,
                    "wolfSSL's EVP layer (5.5, 5.7) has no Ed25519 EVP_PKEY (wc_ed25519_* only)"),
    SM_ROW_LOW_ONLY("ed448", SM_KIND_SIGNATURE, &ed448_low,
                    "wolfSSL's EVP layer (5.5, 5.7) has no Ed448 EVP_PKEY (wc_ed448_* only)"),
    SM_ROW_END,
};

const SmAlgorithm kex_rows[] = {
    SM_ROW_LOW_ONLY("x25519", SM_KIND_KEX, &x25519_low,
                    "wolfSSL's EVP layer (5.5, 5.7) has no X25519 EVP_PKEY (wc_curve25519_* only)"),
    SM_ROW_LOW_ONLY("x448", SM_KIND_KEX, &x448_low,
                    "wolfSSL's EVP layer (5.5, 5.7) has no X448 EVP_PKEY (wc_curve448_* only)"),
    KEX_ROW("ecdh-p256", ecdh_p256_evp, ecdh_p256_low),
    KEX_ROW("ecdh-p384", ecdh_p384_evp, ecdh_p384_low),
    SM_ROW_END,
};

/* libsodium engine: Ed25519 signatures and X25519 key exchange. */

#include "sodium-engine.h"

/* ---- ed25519 ---- */

/* crypto_sign_seed_keypair (evp) and crypto_sign_ed25519_seed_keypair (low). */
typedef int SeedKeypairFn(unsigned char *pk, unsigned char *sk, const unsigned char *seed);

/* A level of ed25519: whether it signs with the combined crypto_sign, which needs buffers for
 * signature||message (evp), or the detached calls (low); and its key-pair call. */
typedef struct {
  bool combined;
  SeedKeypairFn *seed_keypair;
} SignLevel;

typedef struct {
  unsigned char pk[crypto_sign_PUBLICKEYBYTES];
  unsigned char sk[crypto_sign_SECRETKEYBYTES]; /* libsodium's form: seed || public key */
  bool has_sk;
  size_t max_len;
  unsigned char *signed_msg; /* evp: crypto_sign's signature||message, max_len + 64 bytes */
  unsigned char *opened;     /* evp: crypto_sign_open's message output, max_len bytes */
  unsigned char seed[crypto_sign_SEEDBYTES]; /* keygen: the RFC 8032 secret key */
  const SignLevel *level;
} SignState;

static void sign_teardown(void *state)
{
  SignState *s = state;
  sodium_memzero(s->sk, sizeof s->sk);
  sodium_memzero(s->seed, sizeof s->seed);
  free(s->signed_msg);
  free(s->opened);
  free(s);
}

/* keygen: the seed is key_seed; the key pair (libsodium's sk = seed || pk) is the work. */
static SmResult ed25519_keygen_fill(SignState *s, const SmParams *params, char *msg, size_t msg_len)
{
  if (params->key_seed.len != crypto_sign_SEEDBYTES)
    return sm_msg(SM_FAILED, msg, msg_len, "ed25519 keygen needs a 32-byte seed");
  memcpy(s->seed, params->key_seed.data, sizeof s->seed);
  return SM_OK;
}

static SmResult ed25519_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  SignState *s = state;
  s->level = params->impl_data;
  if (params->op == SM_OP_KEYGEN)
    return ed25519_keygen_fill(s, params, msg, msg_len);
  if ((params->priv.len != 0 && params->priv.len != crypto_sign_SEEDBYTES) ||
      (params->pub.len != 0 && params->pub.len != crypto_sign_PUBLICKEYBYTES))
    return sm_msg(SM_FAILED, msg, msg_len, "ed25519 needs a 32-byte seed and/or a 32-byte key");
  if (params->priv.len == 0 && (params->pub.len == 0 || params->op == SM_OP_SIGN))
    return sm_msg(SM_FAILED, msg, msg_len, "ed25519: no seed to sign with or key to verify with");
  if (params->priv.len != 0) {
    crypto_sign_seed_keypair(s->pk, s->sk, params->priv.data);
    s->has_sk = true;
    if (params->pub.len != 0 && memcmp(s->pk, params->pub.data, sizeof s->pk) != 0)
      return sm_msg(SM_FAILED, msg, msg_len, "ed25519: the public key does not match the seed");
  } else {
    memcpy(s->pk, params->pub.data, sizeof s->pk);
  }
  s->max_len = params->max_len;
  if (s->level->combined) {
    s->signed_msg = malloc(params->max_len + crypto_sign_BYTES);
    s->opened = malloc(params->max_len + 1); /* + 1: never malloc(0) */
    if (s->signed_msg == NULL || s->opened == NULL)
      return sm_out_of_memory(msg, msg_len);
  }
  return SM_OK;
}

SM_DEFINE_SETUP(ed25519_setup, SignState, ed25519_fill, sign_teardown)

/* evp: crypto_sign copies out the 64 signature bytes, and verify first assembles
 * signature||message for crypto_sign_open: part of that API's cost. */
static SmResult ed25519_sign_combined(void *state, SmIo *io)
{
  SignState *s = state;
  unsigned long long signed_len = 0;
  if (!s->has_sk || io->in_len > s->max_len || io->out_len < crypto_sign_BYTES ||
      crypto_sign(s->signed_msg, &signed_len, io->in, io->in_len, s->sk) != 0)
    return SM_FAILED;
  memcpy(io->out, s->signed_msg, crypto_sign_BYTES);
  return sm_output(io, crypto_sign_BYTES);
}

static SmResult ed25519_verify_combined(void *state, SmIo *io)
{
  SignState *s = state;
  unsigned long long opened_len = 0;
  if (io->aux_len != crypto_sign_BYTES || io->in_len > s->max_len)
    return SM_FAILED;
  memcpy(s->signed_msg, io->aux, crypto_sign_BYTES);
  if (io->in_len > 0)
    memcpy(s->signed_msg + crypto_sign_BYTES, io->in, io->in_len);
  if (crypto_sign_open(s->opened, &opened_len, s->signed_msg, io->in_len + crypto_sign_BYTES,
                       s->pk) != 0)
    return SM_FAILED;
  return sm_output(io, 0);
}

static SmResult ed25519_sign_detached(void *state, SmIo *io)
{
  SignState *s = state;
  if (!s->has_sk || io->out_len < crypto_sign_BYTES ||
      crypto_sign_detached(io->out, NULL, io->in, io->in_len, s->sk) != 0)
    return SM_FAILED;
  return sm_output(io, crypto_sign_BYTES);
}

static SmResult ed25519_verify_detached(void *state, SmIo *io)
{
  SignState *s = state;
  if (io->aux_len != crypto_sign_BYTES ||
      crypto_sign_verify_detached(io->aux, io->in, io->in_len, s->pk) != 0)
    return SM_FAILED;
  return sm_output(io, 0);
}

/* out = the public key, from the level's key-pair call. */
static SmResult ed25519_keygen(void *state, SmIo *io)
{
  SignState *s = state;
  if (io->out_len < crypto_sign_PUBLICKEYBYTES ||
      s->level->seed_keypair(io->out, s->sk, s->seed) != 0)
    return SM_FAILED;
  return sm_output(io, crypto_sign_PUBLICKEYBYTES);
}

/* evp: the generic crypto_sign_seed_keypair; low: the primitive's own. */
static const SignLevel ed25519_generic = {true, crypto_sign_seed_keypair};
static const SignLevel ed25519_primitive = {false, crypto_sign_ed25519_seed_keypair};

static const SmImpl ed25519_evp =
    SM_IMPL_SIGNATURE_KEYGEN(ed25519_setup, sign_teardown, &ed25519_generic, ed25519_sign_combined,
                             ed25519_verify_combined, ed25519_keygen);
static const SmImpl ed25519_low =
    SM_IMPL_SIGNATURE_KEYGEN(ed25519_setup, sign_teardown, &ed25519_primitive,
                             ed25519_sign_detached, ed25519_verify_detached, ed25519_keygen);

/* The signature rows, in the order `list` shows them. */
const SmAlgorithm signature_rows[] = {
    SM_ROW_BOTH("ed25519", SM_KIND_SIGNATURE, &ed25519_evp, &ed25519_low),
    SM_ROW_END,
};

/* ---- x25519 ---- */

typedef struct {
  unsigned char priv[crypto_scalarmult_SCALARBYTES];
  unsigned char peer_pub[crypto_scalarmult_BYTES];
} KexState;

static void kex_teardown(void *state)
{
  sodium_memzero(state, sizeof(KexState));
  free(state);
}

static SmResult x25519_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  KexState *s = state;
  if (params->op == SM_OP_KEYGEN) { /* keygen: the scalar is key_seed, no peer */
    if (params->key_seed.len != crypto_scalarmult_SCALARBYTES)
      return sm_msg(SM_FAILED, msg, msg_len, "x25519 keygen needs a 32-byte scalar");
    memcpy(s->priv, params->key_seed.data, sizeof s->priv);
    return SM_OK;
  }
  if (params->priv.len != crypto_scalarmult_SCALARBYTES ||
      (params->peer_pub.len != crypto_scalarmult_BYTES &&
       !(params->peer_pub.len == 0 && params->peer_priv.len == crypto_scalarmult_SCALARBYTES)))
    return sm_msg(SM_FAILED, msg, msg_len,
                  "x25519 needs a 32-byte scalar and a 32-byte peer public or private value");
  memcpy(s->priv, params->priv.data, sizeof s->priv);
  if (params->peer_pub.len != 0)
    memcpy(s->peer_pub, params->peer_pub.data, sizeof s->peer_pub);
  else if (crypto_scalarmult_base(s->peer_pub, params->peer_priv.data) != 0)
    return sm_msg(SM_FAILED, msg, msg_len, "crypto_scalarmult_base refused the peer's scalar");
  return SM_OK;
}

SM_DEFINE_SETUP(x25519_setup, KexState, x25519_fill, kex_teardown)

/* crypto_scalarmult refuses an all-zero result (a low-order peer point), as RFC 7748 allows. */
static SmResult x25519_derive(void *state, SmIo *io)
{
  KexState *s = state;
  if (io->out_len < crypto_scalarmult_BYTES ||
      crypto_scalarmult(io->out, s->priv, s->peer_pub) != 0)
    return SM_FAILED;
  return sm_output(io, crypto_scalarmult_BYTES);
}

/* keygen: the public value X25519(priv, 9). */
static SmResult x25519_keygen(void *state, SmIo *io)
{
  KexState *s = state;
  if (io->out_len < crypto_scalarmult_BYTES || crypto_scalarmult_base(io->out, s->priv) != 0)
    return SM_FAILED;
  return sm_output(io, crypto_scalarmult_BYTES);
}

static const SmImpl x25519_evp =
    SM_IMPL_KEX_KEYGEN(x25519_setup, kex_teardown, NULL, x25519_derive, x25519_keygen);

/* The key exchange rows, in the order `list` shows them. */
const SmAlgorithm kex_rows[] = {
    SM_ROW_EVP_ONLY("x25519", SM_KIND_KEX, &x25519_evp,
                    "crypto_scalarmult (the evp row) is already the bare X25519 function; "
                    "libsodium has no precomputed form"),
    SM_ROW_END,
};

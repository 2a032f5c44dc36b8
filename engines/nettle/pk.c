/* Nettle engine: Hogweed's signatures and key exchange (low only). */

#include "nettle-engine.h"

#include <stdatomic.h>

/* ------------------------------------------------------------------------------------------ */
/* Bignum helpers for Hogweed                                                                  */

static void bignum_set(mpz_t z, SmBytes b)
{
  nettle_mpz_set_str_256_u(z, b.len, sm_bytes_or_empty(b));
}

static size_t bignum_bytes(const mpz_t z) { return (mpz_sizeinbase(z, 2) + 7) / 8; }

/* DSA/ECDSA signature encoding: r || s, each big-endian and zero-padded to `width`. */
static void signature_put(const struct dsa_signature *sig, size_t width, uint8_t *out)
{
  nettle_mpz_get_str_256(width, out, sig->r);
  nettle_mpz_get_str_256(width, out + width, sig->s);
}

static void signature_get(struct dsa_signature *sig, size_t width, const uint8_t *in)
{
  nettle_mpz_set_str_256_u(sig->r, width, in);
  nettle_mpz_set_str_256_u(sig->s, width, in + width);
}

/* Preallocate signature limbs so that signing does not grow them in the timed loop. */
static void signature_init(struct dsa_signature *sig, size_t bits)
{
  mpz_init2(sig->r, bits);
  mpz_init2(sig->s, bits);
}

/* ------------------------------------------------------------------------------------------ */
/* RSA: PKCS#1 v1.5 with SHA-256                                                               */

typedef struct {
  struct rsa_public_key pub;
  struct rsa_private_key key;
  struct knuth_lfib_ctx rng;
  mpz_t signature;
  unsigned keygen_bits; /* keygen: the modulus length to generate */
} Rsa;

static void rsa_free(void *state)
{
  Rsa *s = state;
  rsa_public_key_clear(&s->pub);
  rsa_private_key_clear(&s->key);
  mpz_clear(s->signature);
  free(s);
}

static SmResult rsa_load(Rsa *s, const SmParams *params, char *msg, size_t msg_len)
{
  const SmRsaKey *k = &params->rsa;
  bignum_set(s->pub.n, k->n);
  bignum_set(s->pub.e, k->e);
  if (!rsa_public_key_prepare(&s->pub))
    return sm_msg(SM_FAILED, msg, msg_len, "rsa_public_key_prepare refused n, e");
  if (params->op != SM_OP_SIGN)
    return SM_OK;
  if (k->p.len == 0 || k->q.len == 0 || k->dp.len == 0 || k->dq.len == 0 || k->qinv.len == 0)
    return sm_msg(SM_FAILED, msg, msg_len, "signing needs p, q, dp, dq, qinv");
  bignum_set(s->key.d, k->d);
  bignum_set(s->key.p, k->p);
  bignum_set(s->key.q, k->q);
  bignum_set(s->key.a, k->dp);
  bignum_set(s->key.b, k->dq);
  bignum_set(s->key.c, k->qinv);
  if (!rsa_private_key_prepare(&s->key) || s->key.size != s->pub.size)
    return sm_msg(SM_FAILED, msg, msg_len, "rsa_private_key_prepare refused the key");
  /* Nettle signs from p and q alone: make sure they belong to n. */
  mpz_t product;
  mpz_init(product);
  mpz_mul(product, s->key.p, s->key.q);
  bool matches = mpz_cmp(product, s->pub.n) == 0;
  mpz_clear(product);
  if (!matches)
    return sm_msg(SM_FAILED, msg, msg_len, "p * q != n");
  return SM_OK;
}

/* RSA has no seed form (engine.h): the key is drawn from the engine's lagged-Fibonacci
 * generator. Each keygen state seeds it from the benchmark seed and how many keygen states this
 * process made before, so that two states draw different keys (as the runner checks) while a
 * run stays repeatable. */
static uint64_t keygen_rng_seed(uint64_t seed)
{
  static atomic_uint_fast64_t states; /* parallel workers may set up at once */
  uint64_t count = (uint64_t)atomic_fetch_add(&states, 1) + 1;
  return seed ^ (count * UINT64_C(0x9e3779b97f4a7c15));
}

/* keygen: a modulus as long as the catalogue's (params->rsa.n), e = 65537. */
static SmResult rsa_keygen_prepare(Rsa *s, const SmParams *params, char *msg, size_t msg_len)
{
  if (params->rsa.n.len == 0)
    return sm_msg(SM_FAILED, msg, msg_len, "keygen needs the modulus length (params->rsa.n)");
  s->keygen_bits = (unsigned)(8 * params->rsa.n.len);
  mpz_set_ui(s->pub.e, 65537);
  return SM_OK;
}

static SmResult rsa_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  Rsa *s = state;
  rsa_public_key_init(&s->pub);
  rsa_private_key_init(&s->key);
  mpz_init2(s->signature, 8 * params->rsa.n.len + GMP_NUMB_BITS);
  if (params->op == SM_OP_KEYGEN) {
    lfib_seed(&s->rng, keygen_rng_seed(params->seed));
    return rsa_keygen_prepare(s, params, msg, msg_len);
  }
  lfib_seed(&s->rng, params->seed);
  return rsa_load(s, params, msg, msg_len);
}

SM_DEFINE_SETUP(rsa_setup, Rsa, rsa_fill, rsa_free)

static SmResult rsa_sign(void *state, SmIo *io)
{
  Rsa *s = state;
  struct sha256_ctx hash;
  if (io->out_len < s->pub.size)
    return SM_FAILED;
  sha256_init(&hash);
  sha256_update(&hash, io->in_len, io->in);
  if (!rsa_sha256_sign_tr(&s->pub, &s->key, &s->rng, lfib_random, &hash, s->signature))
    return SM_FAILED;
  nettle_mpz_get_str_256(s->pub.size, io->out, s->signature);
  return sm_output(io, s->pub.size);
}

static SmResult rsa_verify(void *state, SmIo *io)
{
  Rsa *s = state;
  struct sha256_ctx hash;
  /* A signature is exactly the modulus length (RFC 8017 8.2.2 step 1), as OpenSSL insists. */
  if (io->aux_len != s->pub.size)
    return SM_FAILED;
  nettle_mpz_set_str_256_u(s->signature, io->aux_len, io->aux);
  sha256_init(&hash);
  sha256_update(&hash, io->in_len, io->in);
  io->out_len = 0;
  return rsa_sha256_verify(&s->pub, &hash, s->signature) ? SM_OK : SM_FAILED;
}

/* A whole key pair (p, q, d and the CRT values): out = n, big-endian. */
static SmResult rsa_keygen(void *state, SmIo *io)
{
  Rsa *s = state;
  size_t bytes = s->keygen_bits / 8;
  if (io->out_len < bytes ||
      !rsa_generate_keypair(&s->pub, &s->key, &s->rng, lfib_random, NULL, NULL, s->keygen_bits, 0))
    return SM_FAILED;
  nettle_mpz_get_str_256(bytes, io->out, s->pub.n);
  return sm_output(io, bytes);
}

static const SmImpl rsa_low =
    SM_IMPL_SIGNATURE_KEYGEN(rsa_setup, rsa_free, NULL, rsa_sign, rsa_verify, rsa_keygen);

/* ------------------------------------------------------------------------------------------ */
/* DSA with SHA-256                                                                            */

typedef struct {
  struct dsa_params params;
  mpz_t y, x;
  struct dsa_signature sig;
  struct knuth_lfib_ctx rng;
  size_t q_bytes;
} Dsa;

static void dsa_free(void *state)
{
  Dsa *s = state;
  dsa_params_clear(&s->params);
  mpz_clear(s->y);
  mpz_clear(s->x);
  dsa_signature_clear(&s->sig);
  free(s);
}

static SmResult dsa_load(Dsa *s, const SmParams *params, char *msg, size_t msg_len)
{
  const SmDsaKey *k = &params->dsa;
  if (k->p.len == 0 || k->q.len == 0 || k->g.len == 0 || k->y.len == 0)
    return sm_msg(SM_FAILED, msg, msg_len, "DSA needs p, q, g and y");
  if (params->op == SM_OP_SIGN && k->x.len == 0)
    return sm_msg(SM_FAILED, msg, msg_len, "signing needs x");
  bignum_set(s->params.p, k->p);
  bignum_set(s->params.q, k->q);
  bignum_set(s->params.g, k->g);
  bignum_set(s->y, k->y);
  bignum_set(s->x, k->x);
  s->q_bytes = bignum_bytes(s->params.q);
  return SM_OK;
}

static SmResult dsa_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  Dsa *s = state;
  dsa_params_init(&s->params);
  mpz_init(s->y);
  mpz_init(s->x);
  signature_init(&s->sig, 8 * params->dsa.q.len + GMP_NUMB_BITS);
  lfib_seed(&s->rng, params->seed);
  return dsa_load(s, params, msg, msg_len);
}

SM_DEFINE_SETUP(dsa_setup, Dsa, dsa_fill, dsa_free)

static SmResult dsa_sign_op(void *state, SmIo *io)
{
  Dsa *s = state;
  uint8_t digest[SHA256_DIGEST_SIZE];
  struct sha256_ctx hash;
  if (io->out_len < 2 * s->q_bytes)
    return SM_FAILED;
  sha256_init(&hash);
  sha256_update(&hash, io->in_len, io->in);
  sha256_digest(&hash, sizeof digest, digest);
  if (!dsa_sign(&s->params, s->x, &s->rng, lfib_random, sizeof digest, digest, &s->sig))
    return SM_FAILED;
  signature_put(&s->sig, s->q_bytes, io->out);
  return sm_output(io, 2 * s->q_bytes);
}

static SmResult dsa_verify_op(void *state, SmIo *io)
{
  Dsa *s = state;
  uint8_t digest[SHA256_DIGEST_SIZE];
  struct sha256_ctx hash;
  if (io->aux_len != 2 * s->q_bytes)
    return SM_FAILED;
  signature_get(&s->sig, s->q_bytes, io->aux);
  sha256_init(&hash);
  sha256_update(&hash, io->in_len, io->in);
  sha256_digest(&hash, sizeof digest, digest);
  io->out_len = 0;
  return dsa_verify(&s->params, s->y, sizeof digest, digest, &s->sig) ? SM_OK : SM_FAILED;
}

static const SmImpl dsa_low =
    SM_IMPL_SIGNATURE(dsa_setup, dsa_free, NULL, dsa_sign_op, dsa_verify_op);

/* ------------------------------------------------------------------------------------------ */
/* ECDSA and ECDH on the NIST curves                                                           */

typedef void DigestFn(size_t length, const uint8_t *data, uint8_t *digest);

static void sha256_oneshot(size_t length, const uint8_t *data, uint8_t *digest)
{
  struct sha256_ctx ctx;
  sha256_init(&ctx);
  sha256_update(&ctx, length, data);
  sha256_digest(&ctx, SHA256_DIGEST_SIZE, digest);
}

static void sha384_oneshot(size_t length, const uint8_t *data, uint8_t *digest)
{
  struct sha384_ctx ctx;
  sha384_init(&ctx);
  sha384_update(&ctx, length, data);
  sha384_digest(&ctx, SHA384_DIGEST_SIZE, digest);
}

static void sha512_oneshot(size_t length, const uint8_t *data, uint8_t *digest)
{
  struct sha512_ctx ctx;
  sha512_init(&ctx);
  sha512_update(&ctx, length, data);
  sha512_digest(&ctx, SHA512_DIGEST_SIZE, digest);
}

typedef struct {
  const struct ecc_curve *(*curve)(void);
  DigestFn *digest; /* ECDSA's hash for this curve */
  size_t digest_size;
} EcSuite;

static const EcSuite p256_suite = {nettle_get_secp_256r1, sha256_oneshot, SHA256_DIGEST_SIZE};
static const EcSuite p384_suite = {nettle_get_secp_384r1, sha384_oneshot, SHA384_DIGEST_SIZE};
static const EcSuite p521_suite = {nettle_get_secp_521r1, sha512_oneshot, SHA512_DIGEST_SIZE};

/* Field and group order have the same byte length on the NIST prime curves. */
static size_t curve_bytes(const struct ecc_curve *curve) { return (ecc_bit_size(curve) + 7) / 8; }

/* 0x04 || x || y with fixed-width coordinates; ecc_point_set checks the curve equation. */
static bool point_from_bytes(struct ecc_point *point, SmBytes b, size_t width)
{
  if (b.len != 1 + 2 * width || b.data[0] != 0x04)
    return false;
  mpz_t x, y;
  mpz_init(x);
  mpz_init(y);
  nettle_mpz_set_str_256_u(x, width, b.data + 1);
  nettle_mpz_set_str_256_u(y, width, b.data + 1 + width);
  bool ok = ecc_point_set(point, x, y) != 0;
  mpz_clear(x);
  mpz_clear(y);
  return ok;
}

/* ecc_scalar_set checks 0 < d < n. */
static bool scalar_from_bytes(struct ecc_scalar *scalar, SmBytes b)
{
  if (b.len == 0)
    return false;
  mpz_t z;
  nettle_mpz_init_set_str_256_u(z, b.len, b.data);
  bool ok = ecc_scalar_set(scalar, z) != 0;
  mpz_clear(z);
  return ok;
}

/* keygen's output: 0x04 || x || y, fixed-width coordinates. */
static void point_put(const struct ecc_point *point, size_t width, uint8_t *out)
{
  mpz_t x, y;
  mpz_init(x);
  mpz_init(y);
  ecc_point_get(point, x, y);
  out[0] = 0x04;
  nettle_mpz_get_str_256(width, out + 1, x);
  nettle_mpz_get_str_256(width, out + 1 + width, y);
  mpz_clear(x);
  mpz_clear(y);
}

/* keygen: the public point d x G from the scalar d set in setup. */
static SmResult ec_keygen(struct ecc_point *point, const struct ecc_scalar *d, size_t width,
                          SmIo *io)
{
  if (io->out_len < 1 + 2 * width)
    return SM_FAILED;
  ecc_point_mul_g(point, d);
  point_put(point, width, io->out);
  return sm_output(io, 1 + 2 * width);
}

#define KEYGEN_SCALAR_REFUSED "keygen's seed (the scalar d) missing or out of range"

typedef struct {
  const EcSuite *suite;
  struct ecc_point pub;
  struct ecc_scalar key;
  struct dsa_signature sig;
  struct knuth_lfib_ctx rng;
  size_t width;
} Ecdsa;

static void ecdsa_free(void *state)
{
  Ecdsa *s = state;
  ecc_point_clear(&s->pub);
  ecc_scalar_clear(&s->key);
  dsa_signature_clear(&s->sig);
  free(s);
}

static SmResult ecdsa_load(Ecdsa *s, const SmParams *params, char *msg, size_t msg_len)
{
  bool has_priv = params->priv.len > 0;
  if (params->op == SM_OP_SIGN && !has_priv)
    return sm_msg(SM_FAILED, msg, msg_len, "signing needs the private scalar");
  if (has_priv && !scalar_from_bytes(&s->key, params->priv))
    return sm_msg(SM_FAILED, msg, msg_len, "private scalar out of range");
  if (params->pub.len > 0) {
    if (!point_from_bytes(&s->pub, params->pub, s->width))
      return sm_msg(SM_FAILED, msg, msg_len, "public key is not 04||x||y on the curve");
  } else if (has_priv) {
    ecc_point_mul_g(&s->pub, &s->key);
  } else {
    return sm_msg(SM_FAILED, msg, msg_len, "neither a private nor a public key");
  }
  return SM_OK;
}

static SmResult ecdsa_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  Ecdsa *s = state;
  const EcSuite *suite = params->impl_data;
  const struct ecc_curve *curve = suite->curve();
  s->suite = suite;
  s->width = curve_bytes(curve);
  ecc_point_init(&s->pub, curve);
  ecc_scalar_init(&s->key, curve);
  signature_init(&s->sig, ecc_bit_size(curve) + GMP_NUMB_BITS);
  lfib_seed(&s->rng, params->seed);
  if (params->op != SM_OP_KEYGEN)
    return ecdsa_load(s, params, msg, msg_len);
  if (!scalar_from_bytes(&s->key, params->key_seed))
    return sm_msg(SM_FAILED, msg, msg_len, KEYGEN_SCALAR_REFUSED);
  return SM_OK;
}

SM_DEFINE_SETUP(ecdsa_setup, Ecdsa, ecdsa_fill, ecdsa_free)

static SmResult ecdsa_sign_op(void *state, SmIo *io)
{
  Ecdsa *s = state;
  uint8_t digest[SHA512_DIGEST_SIZE];
  if (io->out_len < 2 * s->width)
    return SM_FAILED;
  s->suite->digest(io->in_len, io->in, digest);
  ecdsa_sign(&s->key, &s->rng, lfib_random, s->suite->digest_size, digest, &s->sig);
  signature_put(&s->sig, s->width, io->out);
  return sm_output(io, 2 * s->width);
}

static SmResult ecdsa_keygen(void *state, SmIo *io)
{
  Ecdsa *s = state;
  return ec_keygen(&s->pub, &s->key, s->width, io);
}

static SmResult ecdsa_verify_op(void *state, SmIo *io)
{
  Ecdsa *s = state;
  uint8_t digest[SHA512_DIGEST_SIZE];
  if (io->aux_len != 2 * s->width)
    return SM_FAILED;
  signature_get(&s->sig, s->width, io->aux);
  s->suite->digest(io->in_len, io->in, digest);
  io->out_len = 0;
  return ecdsa_verify(&s->pub, s->suite->digest_size, digest, &s->sig) ? SM_OK : SM_FAILED;
}

typedef struct {
  struct ecc_scalar priv;
  struct ecc_point peer, shared;
  mpz_t x;
  size_t width;
} Ecdh;

static void ecdh_free(void *state)
{
  Ecdh *s = state;
  ecc_scalar_clear(&s->priv);
  ecc_point_clear(&s->peer);
  ecc_point_clear(&s->shared);
  mpz_clear(s->x);
  free(s);
}

static SmResult ecdh_load(Ecdh *s, const struct ecc_curve *curve, const SmParams *params, char *msg,
                          size_t msg_len)
{
  if (!scalar_from_bytes(&s->priv, params->priv))
    return sm_msg(SM_FAILED, msg, msg_len, "private scalar missing or out of range");
  if (params->peer_pub.len > 0) {
    if (!point_from_bytes(&s->peer, params->peer_pub, s->width))
      return sm_msg(SM_FAILED, msg, msg_len, "peer key is not 04||x||y on the curve");
    return SM_OK;
  }
  struct ecc_scalar peer_priv;
  ecc_scalar_init(&peer_priv, curve);
  bool ok = scalar_from_bytes(&peer_priv, params->peer_priv);
  if (ok)
    ecc_point_mul_g(&s->peer, &peer_priv);
  ecc_scalar_clear(&peer_priv);
  return ok ? SM_OK : sm_msg(SM_FAILED, msg, msg_len, "no usable peer_pub or peer_priv");
}

static SmResult ecdh_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  Ecdh *s = state;
  const EcSuite *suite = params->impl_data;
  const struct ecc_curve *curve = suite->curve();
  s->width = curve_bytes(curve);
  ecc_scalar_init(&s->priv, curve);
  ecc_point_init(&s->peer, curve);
  ecc_point_init(&s->shared, curve);
  mpz_init2(s->x, ecc_bit_size(curve) + GMP_NUMB_BITS);
  if (params->op != SM_OP_KEYGEN)
    return ecdh_load(s, curve, params, msg, msg_len);
  if (!scalar_from_bytes(&s->priv, params->key_seed))
    return sm_msg(SM_FAILED, msg, msg_len, KEYGEN_SCALAR_REFUSED);
  return SM_OK;
}

SM_DEFINE_SETUP(ecdh_setup, Ecdh, ecdh_fill, ecdh_free)

static SmResult ecdh_derive(void *state, SmIo *io)
{
  Ecdh *s = state;
  if (io->out_len < s->width)
    return SM_FAILED;
  ecc_point_mul(&s->shared, &s->priv, &s->peer);
  ecc_point_get(&s->shared, s->x, NULL);
  nettle_mpz_get_str_256(s->width, io->out, s->x);
  return sm_output(io, s->width);
}

static SmResult ecdh_keygen(void *state, SmIo *io)
{
  Ecdh *s = state;
  return ec_keygen(&s->shared, &s->priv, s->width, io);
}

/* The rows are the EcSuites above. */
#define LOW_ECDSA(suite)                                                                           \
  SM_IMPL_SIGNATURE_KEYGEN(ecdsa_setup, ecdsa_free, &(suite), ecdsa_sign_op, ecdsa_verify_op,      \
                           ecdsa_keygen)
#define LOW_ECDH(suite)                                                                            \
  SM_IMPL_KEX_KEYGEN(ecdh_setup, ecdh_free, &(suite), ecdh_derive, ecdh_keygen)

static const SmImpl ecdsa_p256_low = LOW_ECDSA(p256_suite);
static const SmImpl ecdsa_p384_low = LOW_ECDSA(p384_suite);
static const SmImpl ecdsa_p521_low = LOW_ECDSA(p521_suite);
static const SmImpl ecdh_p256_low = LOW_ECDH(p256_suite);
static const SmImpl ecdh_p384_low = LOW_ECDH(p384_suite);

/* ------------------------------------------------------------------------------------------ */
/* EdDSA and X25519/X448: fixed-size byte strings in, the typed calls through a small suite     */

#define EDDSA_MAX_KEY ED448_KEY_SIZE

typedef struct {
  size_t key_size, signature_size;
  void (*public_key)(uint8_t *pub, const uint8_t *priv);
  void (*sign)(const uint8_t *pub, const uint8_t *priv, size_t length, const uint8_t *msg,
               uint8_t *signature);
  int (*verify)(const uint8_t *pub, size_t length, const uint8_t *msg, const uint8_t *signature);
} EddsaSuite;

static const EddsaSuite ed25519_suite = {ED25519_KEY_SIZE, ED25519_SIGNATURE_SIZE,
                                         ed25519_sha512_public_key, ed25519_sha512_sign,
                                         ed25519_sha512_verify};
static const EddsaSuite ed448_suite = {ED448_KEY_SIZE, ED448_SIGNATURE_SIZE,
                                       ed448_shake256_public_key, ed448_shake256_sign,
                                       ed448_shake256_verify};

typedef struct {
  const EddsaSuite *suite;
  uint8_t priv[EDDSA_MAX_KEY];
  uint8_t pub[EDDSA_MAX_KEY];
} Eddsa;

/* keygen: the secret seed is key_seed; the public key is the work. */
static SmResult eddsa_keygen_fill(Eddsa *s, const SmParams *params, char *msg, size_t msg_len)
{
  if (params->key_seed.len != s->suite->key_size)
    return fail_len(msg, msg_len, "keygen's seed", params->key_seed.len, s->suite->key_size);
  memcpy(s->priv, params->key_seed.data, s->suite->key_size);
  return SM_OK;
}

static SmResult eddsa_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  Eddsa *s = state;
  const EddsaSuite *suite = params->impl_data;
  s->suite = suite;
  if (params->op == SM_OP_KEYGEN)
    return eddsa_keygen_fill(s, params, msg, msg_len);
  bool has_priv = params->priv.len > 0;
  if (params->op == SM_OP_SIGN && !has_priv)
    return sm_msg(SM_FAILED, msg, msg_len, "signing needs the secret seed");
  if (has_priv && params->priv.len != suite->key_size)
    return fail_len(msg, msg_len, "secret seed", params->priv.len, suite->key_size);
  if (params->pub.len > 0 && params->pub.len != suite->key_size)
    return fail_len(msg, msg_len, "public key", params->pub.len, suite->key_size);
  if (!has_priv && params->pub.len == 0)
    return sm_msg(SM_FAILED, msg, msg_len, "neither a secret seed nor a public key");
  if (has_priv)
    memcpy(s->priv, params->priv.data, suite->key_size);
  if (params->pub.len > 0)
    memcpy(s->pub, params->pub.data, suite->key_size);
  else
    suite->public_key(s->pub, s->priv);
  return SM_OK;
}

SM_DEFINE_SETUP(eddsa_setup, Eddsa, eddsa_fill, free)

static SmResult eddsa_sign(void *state, SmIo *io)
{
  Eddsa *s = state;
  if (io->out_len < s->suite->signature_size)
    return SM_FAILED;
  s->suite->sign(s->pub, s->priv, io->in_len, io->in, io->out);
  return sm_output(io, s->suite->signature_size);
}

static SmResult eddsa_keygen(void *state, SmIo *io)
{
  Eddsa *s = state;
  if (io->out_len < s->suite->key_size)
    return SM_FAILED;
  s->suite->public_key(io->out, s->priv);
  return sm_output(io, s->suite->key_size);
}

static SmResult eddsa_verify(void *state, SmIo *io)
{
  Eddsa *s = state;
  if (io->aux_len != s->suite->signature_size)
    return SM_FAILED;
  io->out_len = 0;
  return s->suite->verify(s->pub, io->in_len, io->in, io->aux) ? SM_OK : SM_FAILED;
}

#define XDH_MAX_SIZE CURVE448_SIZE

typedef struct {
  size_t size;
  void (*mul_g)(uint8_t *q, const uint8_t *n);
  void (*mul)(uint8_t *q, const uint8_t *n, const uint8_t *p);
} XdhSuite;

static const XdhSuite x25519_suite = {CURVE25519_SIZE, curve25519_mul_g, curve25519_mul};
static const XdhSuite x448_suite = {CURVE448_SIZE, curve448_mul_g, curve448_mul};

typedef struct {
  const XdhSuite *suite;
  uint8_t priv[XDH_MAX_SIZE];
  uint8_t peer[XDH_MAX_SIZE];
} Xdh;

/* keygen: the scalar is key_seed; the public value is the work. */
static SmResult xdh_keygen_fill(Xdh *s, const SmParams *params, char *msg, size_t msg_len)
{
  if (params->key_seed.len != s->suite->size)
    return fail_len(msg, msg_len, "keygen's seed", params->key_seed.len, s->suite->size);
  memcpy(s->priv, params->key_seed.data, s->suite->size);
  return SM_OK;
}

static SmResult xdh_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  Xdh *s = state;
  const XdhSuite *suite = params->impl_data;
  s->suite = suite;
  if (params->op == SM_OP_KEYGEN)
    return xdh_keygen_fill(s, params, msg, msg_len);
  if (params->priv.len != suite->size)
    return fail_len(msg, msg_len, "private scalar", params->priv.len, suite->size);
  bool has_peer_pub = params->peer_pub.len > 0;
  SmBytes peer = has_peer_pub ? params->peer_pub : params->peer_priv;
  if (peer.len != suite->size)
    return fail_len(msg, msg_len, has_peer_pub ? "peer_pub" : "peer_priv", peer.len, suite->size);
  memcpy(s->priv, params->priv.data, suite->size);
  if (has_peer_pub)
    memcpy(s->peer, peer.data, suite->size);
  else
    suite->mul_g(s->peer, peer.data);
  return SM_OK;
}

SM_DEFINE_SETUP(xdh_setup, Xdh, xdh_fill, free)

static SmResult xdh_derive(void *state, SmIo *io)
{
  Xdh *s = state;
  size_t size = s->suite->size;
  if (io->out_len < size)
    return SM_FAILED;
  s->suite->mul(io->out, s->priv, s->peer);
  io->out_len = size;
  /* RFC 7748 6.1: an all-zero secret means a low-order peer point; OpenSSL refuses it too. */
  uint8_t any = 0;
  for (size_t i = 0; i < size; i++)
    any |= io->out[i];
  return any != 0 ? SM_OK : SM_FAILED;
}

static SmResult xdh_keygen(void *state, SmIo *io)
{
  Xdh *s = state;
  if (io->out_len < s->suite->size)
    return SM_FAILED;
  s->suite->mul_g(io->out, s->priv);
  return sm_output(io, s->suite->size);
}

/* The rows are the EddsaSuites and XdhSuites above. */
#define LOW_EDDSA(suite)                                                                           \
  SM_IMPL_SIGNATURE_KEYGEN(eddsa_setup, free, &(suite), eddsa_sign, eddsa_verify, eddsa_keygen)
#define LOW_XDH(suite) SM_IMPL_KEX_KEYGEN(xdh_setup, free, &(suite), xdh_derive, xdh_keygen)

static const SmImpl ed25519_low = LOW_EDDSA(ed25519_suite);
static const SmImpl ed448_low = LOW_EDDSA(ed448_suite);
static const SmImpl x25519_low = LOW_XDH(x25519_suite);
static const SmImpl x448_low = LOW_XDH(x448_suite);

#define NO_PK_META                                                                                 \
  "Nettle has no generic (nettle-meta) interface for public-key algorithms; see low"
#define SIGNATURE_ROW(n, id) LOW_ONLY(n, SM_KIND_SIGNATURE, id, NO_PK_META)
#define KEX_ROW(n, id) LOW_ONLY(n, SM_KIND_KEX, id, NO_PK_META)

/* The signature rows, in the order `list` shows them. */
const SmAlgorithm signature_rows[] = {
    SIGNATURE_ROW("rsa1024", rsa_low),           SIGNATURE_ROW("rsa2048", rsa_low),
    SIGNATURE_ROW("rsa3072", rsa_low),           SIGNATURE_ROW("rsa4096", rsa_low),
    SIGNATURE_ROW("dsa1024", dsa_low),           SIGNATURE_ROW("dsa2048", dsa_low),
    SIGNATURE_ROW("ecdsa-p256", ecdsa_p256_low), SIGNATURE_ROW("ecdsa-p384", ecdsa_p384_low),
    SIGNATURE_ROW("ecdsa-p521", ecdsa_p521_low), SIGNATURE_ROW("ed25519", ed25519_low),
    SIGNATURE_ROW("ed448", ed448_low),           SM_ROW_END,
};

/* The key exchange rows, in the order `list` shows them. */
const SmAlgorithm kex_rows[] = {
    KEX_ROW("x25519", x25519_low),
    KEX_ROW("x448", x448_low),
    KEX_ROW("ecdh-p256", ecdh_p256_low),
    KEX_ROW("ecdh-p384", ecdh_p384_low),
    SM_ROW_END,
};

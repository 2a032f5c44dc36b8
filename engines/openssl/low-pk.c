/* OpenSSL engine, non-EVP: RSA_*, DSA_*, ECDSA_* and ECDH_compute_key. */

/* The non-EVP functions this file measures were deprecated in OpenSSL 3.0: benchmarking them is
 * the point, so their declarations stay warning-free here, and in no EVP file. */
#define OPENSSL_SUPPRESS_DEPRECATED

#include "openssl-engine.h"

/* ------------------------------------------------------------------------------------------ */
/* low: RSA_sign/RSA_verify, DSA_do_sign/verify, ECDSA_do_sign/verify, ECDH_compute_key       */

typedef struct {
  LowHashFn hash; /* the message digest computed before signing */
  size_t hash_len;
  int curve_nid; /* ECDSA */
} LowSigDesc;

typedef struct {
  const LowSigDesc *desc;
  RSA *rsa;
#ifndef OPENSSL_NO_DSA
  DSA *dsa;
  DSA_SIG *dsa_sig; /* verify: owns r and s below */
#endif
#ifndef OPENSSL_NO_EC
  EC_KEY *ec;
  ECDSA_SIG *ecdsa_sig; /* verify: owns r and s below */
#endif
  BIGNUM *r, *s; /* verify: refilled in place from r||s, no allocation per call */
  size_t width;
  LowDigestCtx hash_ctx;
  uint8_t digest[SHA512_DIGEST_LENGTH];
} LowSigState;

static void low_sig_teardown(void *state)
{
  LowSigState *st = state;
  RSA_free(st->rsa);
#ifndef OPENSSL_NO_DSA
  DSA_SIG_free(st->dsa_sig);
  DSA_free(st->dsa);
#endif
#ifndef OPENSSL_NO_EC
  ECDSA_SIG_free(st->ecdsa_sig);
  EC_KEY_free(st->ec);
#endif
  free(st);
}

static SmResult low_rsa_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  const LowSigDesc *desc = params->impl_data;
  const SmRsaKey *k = &params->rsa;
  bool priv = k->d.len > 0;
  if (params->op == SM_OP_SIGN && !priv)
    return sm_msg(SM_FAILED, msg, msg_len, "signing needs the private key");
  LowSigState *st = state;
  st->desc = desc;
  st->rsa = RSA_new();
  BIGNUM *n = bn_from(k->n), *e = bn_from(k->e), *d = priv ? bn_from(k->d) : NULL;
  bool ok = st->rsa != NULL && n != NULL && e != NULL && (!priv || d != NULL) &&
            RSA_set0_key(st->rsa, n, e, d) == 1;
  if (!ok) {
    BN_free(n);
    BN_free(e);
    BN_clear_free(d);
  }
  if (ok && priv && k->p.len > 0 && k->q.len > 0 && k->dp.len > 0 && k->dq.len > 0 &&
      k->qinv.len > 0) {
    BIGNUM *p = bn_from(k->p), *q = bn_from(k->q);
    BIGNUM *dp = bn_from(k->dp), *dq = bn_from(k->dq), *qinv = bn_from(k->qinv);
    if (p == NULL || q == NULL || RSA_set0_factors(st->rsa, p, q) != 1) {
      BN_clear_free(p);
      BN_clear_free(q);
      ok = false;
    }
    if (!ok || dp == NULL || dq == NULL || qinv == NULL ||
        RSA_set0_crt_params(st->rsa, dp, dq, qinv) != 1) {
      BN_clear_free(dp);
      BN_clear_free(dq);
      BN_clear_free(qinv);
      ok = false;
    }
  }
  if (!ok)
    return ossl_fail(SM_FAILED, msg, msg_len, "RSA key");
  return SM_OK;
}

SM_DEFINE_SETUP(low_rsa_setup, LowSigState, low_rsa_fill, low_sig_teardown)

static SmResult low_rsa_sign(void *state, SmIo *io)
{
  LowSigState *st = state;
  unsigned int len;
  if (io->out_len < (size_t)RSA_size(st->rsa))
    return SM_FAILED;
  st->desc->hash(&st->hash_ctx, io->in, io->in_len, st->digest);
  if (RSA_sign(NID_sha256, st->digest, SHA256_DIGEST_LENGTH, io->out, &len, st->rsa) != 1)
    return op_failed();
  return sm_output(io, len);
}

static SmResult low_rsa_verify(void *state, SmIo *io)
{
  LowSigState *st = state;
  if (io->aux_len > UINT_MAX)
    return SM_FAILED;
  st->desc->hash(&st->hash_ctx, io->in, io->in_len, st->digest);
  if (RSA_verify(NID_sha256, st->digest, SHA256_DIGEST_LENGTH, io->aux, (unsigned int)io->aux_len,
                 st->rsa) != 1)
    return op_failed();
  return SM_OK;
}

const SmImpl rsa_low = {
    .setup = low_rsa_setup,
    .op = {[SM_OP_SIGN] = low_rsa_sign, [SM_OP_VERIFY] = low_rsa_verify},
    .teardown = low_sig_teardown,
    .data = &(const LowSigDesc){sha256_low_hash, SHA256_DIGEST_LENGTH, 0},
};

/* Verify states hold one signature object whose r and s are refilled per call. */
static bool rs_pair_new(BIGNUM **r, BIGNUM **s)
{
  *r = BN_new();
  *s = BN_new();
  if (*r != NULL && *s != NULL)
    return true;
  BN_free(*r);
  BN_free(*s);
  *r = *s = NULL;
  return false;
}

static bool rs_fill(LowSigState *st, const SmIo *io)
{
  return io->aux_len == 2 * st->width && BN_bin2bn(io->aux, (int)st->width, st->r) != NULL &&
         BN_bin2bn(io->aux + st->width, (int)st->width, st->s) != NULL;
}

static bool rs_write(const BIGNUM *r, const BIGNUM *s, size_t width, SmIo *io)
{
  if (io->out_len < 2 * width || BN_bn2binpad(r, io->out, (int)width) < 0 ||
      BN_bn2binpad(s, io->out + width, (int)width) < 0)
    return false;
  io->out_len = 2 * width;
  return true;
}

#ifndef OPENSSL_NO_DSA
static SmResult low_dsa_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  const LowSigDesc *desc = params->impl_data;
  const SmDsaKey *k = &params->dsa;
  bool priv = k->x.len > 0;
  if (params->op == SM_OP_SIGN && !priv)
    return sm_msg(SM_FAILED, msg, msg_len, "signing needs the private key");
  LowSigState *st = state;
  st->desc = desc;
  st->width = sm_strip_zeros(k->q).len;
  st->dsa = DSA_new();
  BIGNUM *p = bn_from(k->p), *q = bn_from(k->q), *g = bn_from(k->g);
  bool ok =
      st->dsa != NULL && p != NULL && q != NULL && g != NULL && DSA_set0_pqg(st->dsa, p, q, g) == 1;
  if (!ok) {
    BN_free(p);
    BN_free(q);
    BN_free(g);
  }
  BIGNUM *y = ok ? bn_from(k->y) : NULL, *x = ok && priv ? bn_from(k->x) : NULL;
  if (ok && (y == NULL || (priv && x == NULL) || DSA_set0_key(st->dsa, y, x) != 1)) {
    BN_free(y);
    BN_clear_free(x);
    ok = false;
  }
  if (ok && params->op == SM_OP_VERIFY) {
    ok = (st->dsa_sig = DSA_SIG_new()) != NULL && rs_pair_new(&st->r, &st->s);
    if (ok && DSA_SIG_set0(st->dsa_sig, st->r, st->s) != 1) {
      BN_free(st->r);
      BN_free(st->s);
      ok = false;
    }
  }
  if (!ok || st->width == 0 || st->width > RS_MAX_WIDTH)
    return ossl_fail(SM_FAILED, msg, msg_len, "DSA key");
  return SM_OK;
}

SM_DEFINE_SETUP(low_dsa_setup, LowSigState, low_dsa_fill, low_sig_teardown)

static SmResult low_dsa_sign(void *state, SmIo *io)
{
  LowSigState *st = state;
  const BIGNUM *r, *s;
  st->desc->hash(&st->hash_ctx, io->in, io->in_len, st->digest);
  DSA_SIG *sig = DSA_do_sign(st->digest, (int)st->desc->hash_len, st->dsa);
  if (sig == NULL)
    return op_failed();
  DSA_SIG_get0(sig, &r, &s);
  bool ok = rs_write(r, s, st->width, io);
  DSA_SIG_free(sig);
  return ok ? SM_OK : SM_FAILED;
}

static SmResult low_dsa_verify(void *state, SmIo *io)
{
  LowSigState *st = state;
  if (!rs_fill(st, io))
    return SM_FAILED;
  st->desc->hash(&st->hash_ctx, io->in, io->in_len, st->digest);
  if (DSA_do_verify(st->digest, (int)st->desc->hash_len, st->dsa_sig, st->dsa) != 1)
    return op_failed();
  return SM_OK;
}

const SmImpl dsa_low = {
    .setup = low_dsa_setup,
    .op = {[SM_OP_SIGN] = low_dsa_sign, [SM_OP_VERIFY] = low_dsa_verify},
    .teardown = low_sig_teardown,
    .data = &(const LowSigDesc){sha256_low_hash, SHA256_DIGEST_LENGTH, 0},
};
#endif

#ifndef OPENSSL_NO_EC
/* An EC_KEY on the curve with scalar `priv` (may be empty) and point `pub` (derived if empty). */
static EC_KEY *low_ec_key(int curve_nid, SmBytes priv, SmBytes pub)
{
  EC_KEY *key = EC_KEY_new_by_curve_name(curve_nid);
  if (key == NULL)
    return NULL;
  bool ok = true;
  if (priv.len > 0) {
    BIGNUM *d = bn_from(priv);
    ok = d != NULL && EC_KEY_set_private_key(key, d) == 1;
    BN_clear_free(d);
  }
  EC_POINT *point = ok ? ec_point_from(EC_KEY_get0_group(key), pub, priv) : NULL;
  ok = point != NULL && EC_KEY_set_public_key(key, point) == 1;
  EC_POINT_free(point);
  if (!ok) {
    EC_KEY_free(key);
    return NULL;
  }
  return key;
}

static SmResult low_ecdsa_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  const LowSigDesc *desc = params->impl_data;
  if (params->op == SM_OP_SIGN && params->priv.len == 0)
    return sm_msg(SM_FAILED, msg, msg_len, "signing needs the private key");
  LowSigState *st = state;
  st->desc = desc;
  st->ec = low_ec_key(desc->curve_nid, params->priv, params->pub);
  bool ok = st->ec != NULL;
  if (ok)
    st->width = (size_t)(EC_GROUP_order_bits(EC_KEY_get0_group(st->ec)) + 7) / 8;
  if (ok && params->op == SM_OP_VERIFY) {
    ok = (st->ecdsa_sig = ECDSA_SIG_new()) != NULL && rs_pair_new(&st->r, &st->s);
    if (ok && ECDSA_SIG_set0(st->ecdsa_sig, st->r, st->s) != 1) {
      BN_free(st->r);
      BN_free(st->s);
      ok = false;
    }
  }
  if (!ok)
    return ossl_fail(SM_FAILED, msg, msg_len, "EC key");
  return SM_OK;
}

SM_DEFINE_SETUP(low_ecdsa_setup, LowSigState, low_ecdsa_fill, low_sig_teardown)

static SmResult low_ecdsa_sign(void *state, SmIo *io)
{
  LowSigState *st = state;
  const BIGNUM *r, *s;
  st->desc->hash(&st->hash_ctx, io->in, io->in_len, st->digest);
  ECDSA_SIG *sig = ECDSA_do_sign(st->digest, (int)st->desc->hash_len, st->ec);
  if (sig == NULL)
    return op_failed();
  ECDSA_SIG_get0(sig, &r, &s);
  bool ok = rs_write(r, s, st->width, io);
  ECDSA_SIG_free(sig);
  return ok ? SM_OK : SM_FAILED;
}

static SmResult low_ecdsa_verify(void *state, SmIo *io)
{
  LowSigState *st = state;
  if (!rs_fill(st, io))
    return SM_FAILED;
  st->desc->hash(&st->hash_ctx, io->in, io->in_len, st->digest);
  if (ECDSA_do_verify(st->digest, (int)st->desc->hash_len, st->ecdsa_sig, st->ec) != 1)
    return op_failed();
  return SM_OK;
}

#define LOW_ECDSA_IMPL(...)                                                                        \
  {                                                                                                \
    .setup = low_ecdsa_setup,                                                                      \
    .op = {[SM_OP_SIGN] = low_ecdsa_sign, [SM_OP_VERIFY] = low_ecdsa_verify},                      \
    .teardown = low_sig_teardown, .data = (&(const LowSigDesc){__VA_ARGS__})                       \
  }

const SmImpl ecdsa_p256_low =
    LOW_ECDSA_IMPL(sha256_low_hash, SHA256_DIGEST_LENGTH, NID_X9_62_prime256v1);
const SmImpl ecdsa_p384_low = LOW_ECDSA_IMPL(sha384_low_hash, SHA384_DIGEST_LENGTH, NID_secp384r1);
const SmImpl ecdsa_p521_low = LOW_ECDSA_IMPL(sha512_low_hash, SHA512_DIGEST_LENGTH, NID_secp521r1);

typedef struct {
  EC_KEY *key;
  EC_POINT *peer;
  size_t secret_len;
} LowEcdhState;

static void low_ecdh_teardown(void *state)
{
  LowEcdhState *st = state;
  EC_POINT_free(st->peer);
  EC_KEY_free(st->key);
  free(st);
}

/* A row of the ECDH_compute_key table: the curve. */
typedef struct {
  int curve_nid;
} LowEcdhRow;

static SmResult low_ecdh_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  const LowEcdhRow *row = params->impl_data;
  if (params->priv.len == 0)
    return sm_msg(SM_FAILED, msg, msg_len, "key exchange needs the private key");
  LowEcdhState *st = state;
  st->key = low_ec_key(row->curve_nid, params->priv, params->pub);
  if (st->key != NULL) {
    const EC_GROUP *group = EC_KEY_get0_group(st->key);
    st->peer = ec_point_from(group, params->peer_pub, params->peer_priv);
    st->secret_len = (size_t)(EC_GROUP_get_degree(group) + 7) / 8;
  }
  if (st->peer == NULL)
    return ossl_fail(SM_FAILED, msg, msg_len, "ECDH keys");
  return SM_OK;
}

SM_DEFINE_SETUP(low_ecdh_setup, LowEcdhState, low_ecdh_fill, low_ecdh_teardown)

static SmResult low_ecdh_derive(void *state, SmIo *io)
{
  LowEcdhState *st = state;
  if (io->out_len < st->secret_len ||
      ECDH_compute_key(io->out, st->secret_len, st->peer, st->key, NULL) != (int)st->secret_len)
    return op_failed();
  return sm_output(io, st->secret_len);
}

#define LOW_ECDH_IMPL(nid)                                                                         \
  {                                                                                                \
    .setup = low_ecdh_setup, .op = {[SM_OP_DERIVE] = low_ecdh_derive},                             \
    .teardown = low_ecdh_teardown, .data = (&(const LowEcdhRow){nid})                              \
  }

const SmImpl ecdh_p256_low = LOW_ECDH_IMPL(NID_X9_62_prime256v1);
const SmImpl ecdh_p384_low = LOW_ECDH_IMPL(NID_secp384r1);
#endif

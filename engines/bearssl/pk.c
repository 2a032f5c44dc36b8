/* BearSSL engine: RSA PKCS#1 v1.5, ECDSA, key exchange. */
#include "bearssl-engine.h"

/* ---- RSA PKCS#1 v1.5 with SHA-256 (evp: the default sign/vrfy pointers; low: i62 or i31) */

/* bearssl_rsa.h: "the maximum modulus size is 4096 bits" (BR_MAX_RSA_SIZE, not exported). */
enum { RSA_MAX_BITS = 4096 };

/* What an RSA level calls: the message hash, and the sign, verify and keygen functions. */
typedef struct {
  BearHashFn *hash;
  br_rsa_pkcs1_sign (*sign)(void);
  br_rsa_pkcs1_vrfy (*vrfy)(void);
  br_rsa_keygen (*keygen)(void);
} RsaRow;

static br_rsa_pkcs1_sign chosen_rsa_sign(void) { return chosen.rsa_sign; }
static br_rsa_pkcs1_vrfy chosen_rsa_vrfy(void) { return chosen.rsa_vrfy; }

static br_rsa_pkcs1_sign named_rsa_sign(void)
{
  return chosen.i62 ? br_rsa_i62_pkcs1_sign_get() : br_rsa_i31_pkcs1_sign;
}

static br_rsa_pkcs1_vrfy named_rsa_vrfy(void)
{
  return chosen.i62 ? br_rsa_i62_pkcs1_vrfy_get() : br_rsa_i31_pkcs1_vrfy;
}

static br_rsa_keygen named_rsa_keygen(void)
{
  br_rsa_keygen i62 = chosen.i62 ? br_rsa_i62_keygen_get() : NULL;
  return i62 != NULL ? i62 : br_rsa_i31_keygen;
}

/* evp: the run-time defaults and the hash class; low: i62 or i31 by name and the typed hash. */
static const RsaRow rsa_evp = {hash_by_class, chosen_rsa_sign, chosen_rsa_vrfy,
                               br_rsa_keygen_get_default};
static const RsaRow rsa_low = {hash_by_name, named_rsa_sign, named_rsa_vrfy, named_rsa_keygen};

typedef struct {
  const RsaRow *row;
  br_rsa_pkcs1_sign sign;
  br_rsa_pkcs1_vrfy vrfy;
  br_rsa_private_key sk;
  br_rsa_public_key pk;
  unsigned char *parts; /* n, e, p, q, dp, dq, iq, back to back; keygen: the two key buffers */
  size_t mod_len;
  bool has_private;
  br_hmac_drbg_context drbg; /* keygen */
  br_rsa_keygen keygen;
} RsaState;

static void rsa_teardown(void *state)
{
  RsaState *st = state;
  free(st->parts);
  free(st);
}

/* Big-endian bytes without their leading zeros. */
static SmBytes strip_zeros(SmBytes bytes)
{
  while (bytes.len > 0 && bytes.data[0] == 0) {
    bytes.data++;
    bytes.len--;
  }
  return bytes;
}

static unsigned char *put_part(unsigned char **cursor, SmBytes part, size_t *len)
{
  unsigned char *at = *cursor;
  if (part.len > 0)
    memcpy(at, part.data, part.len);
  *len = part.len;
  *cursor += part.len;
  return at;
}

static bool rsa_parts(RsaState *st, const SmRsaKey *k)
{
  SmBytes n = strip_zeros(k->n);
  size_t total = n.len + k->e.len + k->p.len + k->q.len + k->dp.len + k->dq.len + k->qinv.len;
  unsigned char *cursor = st->parts = malloc(total + 1);
  if (cursor == NULL || n.len == 0)
    return false;
  st->pk.n = put_part(&cursor, n, &st->pk.nlen);
  st->pk.e = put_part(&cursor, k->e, &st->pk.elen);
  st->mod_len = n.len;
  st->has_private = k->p.len && k->q.len && k->dp.len && k->dq.len && k->qinv.len;
  if (!st->has_private)
    return true;
  unsigned bits = 0;
  for (unsigned top = n.data[0]; top != 0; top >>= 1)
    bits++;
  st->sk.n_bitlen = (uint32_t)((n.len - 1) * 8 + bits);
  st->sk.p = put_part(&cursor, k->p, &st->sk.plen);
  st->sk.q = put_part(&cursor, k->q, &st->sk.qlen);
  st->sk.dp = put_part(&cursor, k->dp, &st->sk.dplen);
  st->sk.dq = put_part(&cursor, k->dq, &st->sk.dqlen);
  st->sk.iq = put_part(&cursor, k->qinv, &st->sk.iqlen);
  return true;
}

/* keygen: HMAC-DRBG (SHA-256) seeded with the run's seed and a per-process count, so that two
 * key pairs drawn differ and a run stays reproducible; e = 65537, out = n. */
static uint64_t keygen_draws;

static bool rsa_keygen_setup(RsaState *st, size_t mod_len, uint64_t seed)
{
  uint8_t key[32];
  sm_seed_key(seed ^ (++keygen_draws * UINT64_C(0x9e3779b97f4a7c15)), NULL, key);
  br_hmac_drbg_init(&st->drbg, &br_sha256_vtable, key, sizeof key);
  st->keygen = st->row->keygen();
  st->mod_len = mod_len;
  st->parts = malloc(BR_RSA_KBUF_PRIV_SIZE(RSA_MAX_BITS) + BR_RSA_KBUF_PUB_SIZE(RSA_MAX_BITS));
  return mod_len > 0 && st->parts != NULL;
}

static SmResult rsa_keygen(void *state, SmIo *io)
{
  RsaState *st = state;
  unsigned char *kbuf_pub = st->parts + BR_RSA_KBUF_PRIV_SIZE(RSA_MAX_BITS);
  if (!st->keygen(&st->drbg.vtable, &st->sk, st->parts, &st->pk, kbuf_pub,
                  (unsigned)(st->mod_len * 8), 65537) ||
      st->pk.nlen != st->mod_len || io->out_len < st->mod_len)
    return SM_FAILED;
  memcpy(io->out, st->pk.n, st->pk.nlen);
  return sm_output(io, st->pk.nlen);
}

static SmResult rsa_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  RsaState *st = state;
  st->row = params->impl_data;
  size_t mod_len = strip_zeros(params->rsa.n).len;
  if (mod_len > RSA_MAX_BITS / 8)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "BearSSL's RSA stops at %d bits", RSA_MAX_BITS);
  if (params->op == SM_OP_KEYGEN)
    return rsa_keygen_setup(st, mod_len, params->seed)
               ? SM_OK
               : sm_msg(SM_FAILED, msg, msg_len, "keygen needs the modulus size (and memory)");
  st->sign = st->row->sign();
  st->vrfy = st->row->vrfy();
  if (!rsa_parts(st, &params->rsa) || (params->op == SM_OP_SIGN && !st->has_private))
    return sm_msg(SM_FAILED, msg, msg_len,
                  "needs n and e, and p, q, dp, dq, qinv to sign (BearSSL keys are CRT only)");
  return SM_OK;
}

SM_DEFINE_SETUP(rsa_setup, RsaState, rsa_fill, rsa_teardown)

static SmResult rsa_sign(void *state, SmIo *io)
{
  RsaState *st = state;
  unsigned char hash[32];
  if (io->out_len < st->mod_len)
    return SM_FAILED;
  st->row->hash(&sha256_hash, io->in, io->in_len, hash);
  if (!st->sign(BR_HASH_OID_SHA256, hash, sizeof hash, &st->sk, io->out))
    return SM_FAILED;
  return sm_output(io, st->mod_len);
}

/* BearSSL's verify recovers the hash from the signature; comparing it is the caller's part. */
static SmResult rsa_verify(void *state, SmIo *io)
{
  RsaState *st = state;
  unsigned char hash[32], recovered[32];
  if (io->aux_len != st->mod_len)
    return SM_FAILED;
  st->row->hash(&sha256_hash, io->in, io->in_len, hash);
  uint32_t ok = st->vrfy(io->aux, io->aux_len, BR_HASH_OID_SHA256, sizeof hash, &st->pk, recovered);
  if (!ok || memcmp(hash, recovered, sizeof hash) != 0)
    return SM_FAILED;
  return sm_output(io, 0);
}

/* ---- ECDSA (raw r||s; RFC 6979 nonces, no RNG) ---- */

/* What an EC level calls: the curve code (the run-time default, or the curve's named
 * implementation), the message hash, and ECDSA's raw sign and verify. */
typedef struct {
  const br_ec_impl *(*ec)(const br_ec_impl *named);
  BearHashFn *hash;
  br_ecdsa_sign (*sign)(void);
  br_ecdsa_vrfy (*vrfy)(void);
} EcLevel;

static const br_ec_impl *default_ec(const br_ec_impl *named)
{
  (void)named;
  return br_ec_get_default();
}

static const br_ec_impl *named_ec(const br_ec_impl *named) { return named; }
static br_ecdsa_sign i31_sign(void) { return br_ecdsa_i31_sign_raw; }
static br_ecdsa_vrfy i31_vrfy(void) { return br_ecdsa_i31_vrfy_raw; }

static const EcLevel ec_evp = {default_ec, hash_by_class, br_ecdsa_sign_raw_get_default,
                               br_ecdsa_vrfy_raw_get_default};
static const EcLevel ec_low = {named_ec, hash_by_name, i31_sign, i31_vrfy};

/* An EC row: the curve, its named implementation, the level, and (ECDSA) the message hash, also
 * HMAC-DRBG's for the nonce. */
typedef struct {
  int curve;
  const br_ec_impl *named;
  const EcLevel *level;
  const BearHash *hash;
} EcRow;

enum { EC_SCALAR_MAX = 66, EC_POINT_MAX = 1 + 2 * 66 };

typedef struct {
  const EcRow *row;
  const br_ec_impl *impl;
  br_ecdsa_sign sign;
  br_ecdsa_vrfy vrfy;
  br_ec_private_key sk;
  br_ec_public_key pk;
  unsigned char x[EC_SCALAR_MAX];
  unsigned char q[BR_EC_KBUF_PUB_MAX_SIZE];
  size_t width; /* bytes of r and of s: the order's length */
} EcdsaState;

static void ecdsa_teardown(void *state)
{
  memset(state, 0, sizeof(EcdsaState));
  free(state);
}

static bool ecdsa_keys(EcdsaState *st, const SmParams *params)
{
  if (params->op == SM_OP_KEYGEN) { /* the scalar only: the public point is the op's work */
    st->sk = (br_ec_private_key){st->row->curve, st->x, params->key_seed.len};
    return sm_copy_key_seed(params, 0, st->x, sizeof st->x) > 0;
  }
  st->sk = (br_ec_private_key){st->row->curve, st->x, params->priv.len};
  st->pk = (br_ec_public_key){st->row->curve, st->q, params->pub.len};
  if (params->priv.len > sizeof st->x || params->pub.len > sizeof st->q)
    return false;
  if (params->priv.len > 0)
    memcpy(st->x, params->priv.data, params->priv.len);
  if (params->pub.len > 0)
    memcpy(st->q, params->pub.data, params->pub.len);
  else if (params->priv.len > 0)
    return br_ec_compute_pub(st->impl, &st->pk, st->q, &st->sk) != 0;
  else
    return false;
  return true;
}

static SmResult ecdsa_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  EcdsaState *st = state;
  const EcRow *row = st->row = params->impl_data;
  if (params->op == SM_OP_SIGN && params->priv.len == 0)
    return sm_msg(SM_FAILED, msg, msg_len, "no private key to sign with");
  st->impl = row->level->ec(row->named);
  st->sign = row->level->sign();
  st->vrfy = row->level->vrfy();
  bool supported = st->impl->supported_curves >> row->curve & 1;
  if (supported)
    st->impl->order(row->curve, &st->width);
  if (!supported || !ecdsa_keys(st, params))
    return sm_msg(SM_FAILED, msg, msg_len, "BearSSL refused the key for curve %d", row->curve);
  return SM_OK;
}

SM_DEFINE_SETUP(ecdsa_setup, EcdsaState, ecdsa_fill, ecdsa_teardown)

static SmResult ecdsa_sign(void *state, SmIo *io)
{
  EcdsaState *st = state;
  unsigned char hash[64];
  if (io->out_len < 2 * st->width)
    return SM_FAILED;
  st->row->level->hash(st->row->hash, io->in, io->in_len, hash);
  size_t len = st->sign(st->impl, st->row->hash->cls, hash, &st->sk, io->out);
  if (len != 2 * st->width)
    return SM_FAILED;
  return sm_output(io, len);
}

static SmResult ecdsa_verify(void *state, SmIo *io)
{
  EcdsaState *st = state;
  unsigned char hash[64];
  size_t hash_len = hash_out_len(st->row->hash->cls);
  if (io->aux_len != 2 * st->width)
    return SM_FAILED;
  st->row->level->hash(st->row->hash, io->in, io->in_len, hash);
  if (!st->vrfy(st->impl, hash, hash_len, &st->pk, io->aux, io->aux_len))
    return SM_FAILED;
  return sm_output(io, 0);
}

/* keygen: br_ec_compute_pub (0x04||x||y) from the scalar. */
static SmResult ecdsa_keygen(void *state, SmIo *io)
{
  EcdsaState *st = state;
  size_t len = br_ec_compute_pub(st->impl, &st->pk, st->q, &st->sk);
  if (len == 0 || io->out_len < len)
    return SM_FAILED;
  memcpy(io->out, st->q, len);
  return sm_output(io, len);
}

/* ---- key exchange: impl->mul on the peer's point (X25519: RFC 7748 u-coordinates) ---- */

typedef struct {
  const br_ec_impl *impl;
  int curve;
  unsigned char scalar[EC_SCALAR_MAX];
  size_t scalar_len;
  unsigned char peer[EC_POINT_MAX];
  unsigned char work[EC_POINT_MAX]; /* mul works in place */
  size_t point_len;
} KexState;

static void kex_teardown(void *state)
{
  memset(state, 0, sizeof(KexState));
  free(state);
}

/* As the curve takes it: big-endian for the NIST curves; for Curve25519, 0.6's mul takes the
 * RFC 7748 little-endian bytes as they are and clamps them itself (checked against RFC 7748
 * section 5.2). */
static bool kex_scalar(SmBytes priv, unsigned char *out)
{
  if (priv.len == 0 || priv.len > EC_SCALAR_MAX)
    return false;
  memcpy(out, priv.data, priv.len);
  return true;
}

static bool kex_keys(KexState *st, const SmParams *params)
{
  unsigned char peer_scalar[EC_SCALAR_MAX];
  if (params->op == SM_OP_KEYGEN) { /* the scalar only */
    st->scalar_len = params->key_seed.len;
    return kex_scalar(params->key_seed, st->scalar);
  }
  if (!kex_scalar(params->priv, st->scalar))
    return false;
  st->scalar_len = params->priv.len;
  if (params->peer_pub.len > 0) {
    if (params->peer_pub.len > sizeof st->peer)
      return false;
    memcpy(st->peer, params->peer_pub.data, params->peer_pub.len);
    st->point_len = params->peer_pub.len;
    return true;
  }
  if (!kex_scalar(params->peer_priv, peer_scalar))
    return false;
  st->point_len = st->impl->mulgen(st->peer, peer_scalar, params->peer_priv.len, st->curve);
  memset(peer_scalar, 0, sizeof peer_scalar);
  return st->point_len != 0;
}

static SmResult kex_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  KexState *st = state;
  const EcRow *row = params->impl_data;
  st->impl = row->level->ec(row->named);
  st->curve = row->curve;
  if (!(st->impl->supported_curves >> row->curve & 1) || !kex_keys(st, params))
    return sm_msg(SM_FAILED, msg, msg_len,
                  "needs a scalar and the peer's public or private value for curve %d", row->curve);
  return SM_OK;
}

SM_DEFINE_SETUP(kex_setup, KexState, kex_fill, kex_teardown)

/* The shared secret is the x (u) coordinate of the product, where xoff says. */
static SmResult kex_derive(void *state, SmIo *io)
{
  KexState *st = state;
  size_t x_len = 0, x_off = st->impl->xoff(st->curve, &x_len);
  if (io->out_len < x_len)
    return SM_FAILED;
  memcpy(st->work, st->peer, st->point_len);
  if (!st->impl->mul(st->work, st->point_len, st->scalar, st->scalar_len, st->curve))
    return SM_FAILED;
  memcpy(io->out, st->work + x_off, x_len);
  return sm_output(io, x_len);
}

/* keygen: impl->mulgen of the scalar (X25519: the u-coordinate; NIST: 0x04||x||y). */
static SmResult kex_keygen(void *state, SmIo *io)
{
  KexState *st = state;
  size_t len = st->impl->mulgen(st->work, st->scalar, st->scalar_len, st->curve);
  if (len == 0 || io->out_len < len)
    return SM_FAILED;
  memcpy(io->out, st->work, len);
  return sm_output(io, len);
}

static const char *rsa_impl_name(const SmParams *params, void *state)
{
  (void)params;
  (void)state;
  return chosen.i62 ? "rsa_i62" : "rsa_i31";
}

static const struct {
  const br_ec_impl *impl;
  const char *name;
} ec_names[] = {
    {&br_ec_prime_i31, "ec_prime_i31"},   {&br_ec_prime_i15, "ec_prime_i15"},
    {&br_ec_p256_m15, "ec_p256_m15"},     {&br_ec_p256_m31, "ec_p256_m31"},
    {&br_ec_c25519_i15, "ec_c25519_i15"}, {&br_ec_c25519_i31, "ec_c25519_i31"},
    {&br_ec_c25519_m15, "ec_c25519_m15"}, {&br_ec_c25519_m31, "ec_c25519_m31"},
    {&br_ec_all_m15, "ec_all_m15"},       {&br_ec_all_m31, "ec_all_m31"},
};

static const char *ec_name(const br_ec_impl *impl)
{
  for (size_t i = 0; i < sizeof ec_names / sizeof ec_names[0]; i++)
    if (ec_names[i].impl == impl)
      return ec_names[i].name;
  return NULL;
}

static const char *ecdsa_impl_name(const SmParams *params, void *state)
{
  (void)params;
  return ec_name(((const EcdsaState *)state)->impl);
}

static const char *kex_impl_name(const SmParams *params, void *state)
{
  (void)params;
  return ec_name(((const KexState *)state)->impl);
}

/* ---- the rows ---- */

#define RSA_IMPL(row)                                                                              \
  (&(const SmImpl){.setup = rsa_setup,                                                             \
                   .op = {[SM_OP_SIGN] = rsa_sign, [SM_OP_VERIFY] = rsa_verify},                   \
                   .op_1_3 = {SM_KEYGEN_SLOT(rsa_keygen)},                                         \
                   .teardown = rsa_teardown,                                                       \
                   .data = &(row),                                                                 \
                   .impl_name = rsa_impl_name})
#define RSA_ROW(n) SM_ROW_BOTH(n, SM_KIND_SIGNATURE, RSA_IMPL(rsa_evp), RSA_IMPL(rsa_low))
#define ECDSA_IMPL(level, curve, named, hash)                                                      \
  (&(const SmImpl){.setup = ecdsa_setup,                                                           \
                   .op = {[SM_OP_SIGN] = ecdsa_sign, [SM_OP_VERIFY] = ecdsa_verify},               \
                   .op_1_3 = {SM_KEYGEN_SLOT(ecdsa_keygen)},                                       \
                   .teardown = ecdsa_teardown,                                                     \
                   .data = &(const EcRow){curve, named, &(level), hash},                           \
                   .impl_name = ecdsa_impl_name})
#define ECDSA_ROW(n, ...)                                                                          \
  SM_ROW_BOTH(n, SM_KIND_SIGNATURE, ECDSA_IMPL(ec_evp, __VA_ARGS__),                               \
              ECDSA_IMPL(ec_low, __VA_ARGS__))
#define KEX_IMPL(level, curve, named)                                                              \
  (&(const SmImpl){.setup = kex_setup,                                                             \
                   .op = {[SM_OP_DERIVE] = kex_derive},                                            \
                   .op_1_3 = {SM_KEYGEN_SLOT(kex_keygen)},                                         \
                   .teardown = kex_teardown,                                                       \
                   .data = &(const EcRow){curve, named, &(level), NULL},                           \
                   .impl_name = kex_impl_name})
#define KEX_ROW(n, ...)                                                                            \
  SM_ROW_BOTH(n, SM_KIND_KEX, KEX_IMPL(ec_evp, __VA_ARGS__), KEX_IMPL(ec_low, __VA_ARGS__))

const SmAlgorithm signature_rows[] = {
    RSA_ROW("rsa1024"),
    RSA_ROW("rsa2048"),
    RSA_ROW("rsa3072"),
    RSA_ROW("rsa4096"),
    ECDSA_ROW("ecdsa-p256", BR_EC_secp256r1, &br_ec_p256_m31, &sha256_hash),
    ECDSA_ROW("ecdsa-p384", BR_EC_secp384r1, &br_ec_prime_i31, &sha384_hash),
    ECDSA_ROW("ecdsa-p521", BR_EC_secp521r1, &br_ec_prime_i31, &sha512_hash),
    SM_ROW_END,
};

const SmAlgorithm kex_rows[] = {
    KEX_ROW("x25519", BR_EC_curve25519, &br_ec_c25519_m31),
    KEX_ROW("ecdh-p256", BR_EC_secp256r1, &br_ec_p256_m31),
    KEX_ROW("ecdh-p384", BR_EC_secp384r1, &br_ec_prime_i31),
    SM_ROW_END,
};

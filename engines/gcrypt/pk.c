/* gcrypt engine: signatures (gcry_pk_sign/verify) and key exchange (gcry_ecc_mul_point,
 * gcry_pk_decrypt), and keygen for both (ABI 1.3): from the seed (EdDSA, ECDSA, ECDH, X25519,
 * X448) the public key is derived as in setup; RSA is drawn by gcry_pk_genkey with libgcrypt's
 * own RNG, which cannot be seeded. */

#include "gcrypt-engine.h"

/* ---------------------------------------------------------------- signatures */

typedef enum { PK_RSA, PK_DSA, PK_ECDSA, PK_EDDSA } PkFamily;

typedef struct {
  PkFamily family;
  int md_algo;          /* hash computed inside the op; 0 for EdDSA (the library hashes) */
  const char *data_fmt; /* per-op data S-expression: %b = hash or message */
  const char *sig_fmt;  /* verify: the signature S-expression from r,s (or s) */
  size_t width;         /* ECDSA/EdDSA: bytes of r and of s; RSA/DSA: from the key */
  /* ECC keys: %b = q then d; key_d_fmt (d only) derives q when the runner gives none */
  const char *priv_fmt, *pub_fmt, *key_d_fmt;
  const char *q_name;    /* gcry_mpi_ec_get_mpi name of the public point: "q" or "q@eddsa" */
  bool own_ed448_public; /* derive the public key without libgcrypt's 1.10.0/1 bug, below */
} PkSpec;

typedef struct {
  const PkSpec *spec;
  gcry_sexp_t key; /* built once: private key for sign, public key for verify */
  size_t width;
  /* keygen: the private key the public one is derived from (EdDSA seed, ECDSA d); RSA: the
   * genkey parameters, built once */
  uint8_t seed[66];
  size_t seed_len;
} PkState;

static void pk_teardown(void *state)
{
  PkState *ps = state;
  gcry_sexp_release(ps->key);
  free(ps);
}

/* The public point from the private part (untimed setup): q = 04||x||y or the EdDSA encoding. */
static SmResult ecc_derive_public(const char *key_d_fmt, const char *q_name, SmBytes d,
                                  uint8_t *out, size_t *out_len, char *msg, size_t msg_len)
{
  gcry_sexp_t key = NULL;
  gcry_ctx_t ctx = NULL;
  gcry_mpi_t q = NULL;
  gcry_error_t err = gcry_sexp_build(&key, NULL, key_d_fmt, (int)d.len, d.data);
  if (!err)
    err = gcry_mpi_ec_new(&ctx, key, NULL);
  if (!err && (q = gcry_mpi_ec_get_mpi(q_name, ctx, 1)) == NULL)
    err = gcry_error(GPG_ERR_NO_OBJ);
  if (!err) {
    if (gcry_mpi_get_flag(q, GCRYMPI_FLAG_OPAQUE)) {
      unsigned int bits = 0;
      const void *data = gcry_mpi_get_opaque(q, &bits);
      size_t len = (bits + 7) / 8;
      if (len > *out_len)
        err = gcry_error(GPG_ERR_TOO_SHORT);
      else {
        memcpy(out, data, len);
        *out_len = len;
      }
    } else {
      err = gcry_mpi_print(GCRYMPI_FMT_USG, out, *out_len, out_len, q);
    }
  }
  gcry_mpi_release(q);
  gcry_ctx_release(ctx);
  gcry_sexp_release(key);
  if (err)
    return sm_msg(SM_FAILED, msg, msg_len, "deriving the public key: %s", gcry_strerror(err));
  return SM_OK;
}

/* libgcrypt before 1.10.2 derives a wrong Ed448 public key from the seed (it keeps 32 of the
 * 57 scalar bytes; upstream commit b863ec50), so compute it here: a = clamp(SHAKE256(seed)[0..57])
 * little-endian, public = the EdDSA encoding of a*G, which libgcrypt encodes correctly. */
static SmResult ed448_derive_public(SmBytes seed, uint8_t *out, size_t *out_len, char *msg,
                                    size_t msg_len)
{
  enum { ED448_LEN = 57 };
  uint8_t h[ED448_LEN], be[ED448_LEN];
  gcry_md_hd_t md = NULL;
  gcry_ctx_t ctx = NULL;
  gcry_mpi_t a = NULL, q = NULL;
  gcry_mpi_point_t g = NULL, point = gcry_mpi_point_new(0);
  gcry_error_t err = gcry_md_open(&md, GCRY_MD_SHAKE256, 0);
  if (!err) {
    gcry_md_write(md, seed.data, seed.len);
    err = gcry_md_extract(md, GCRY_MD_SHAKE256, h, sizeof h);
  }
  if (!err) {
    h[0] &= 0xfc; /* RFC 8032 5.2.5 */
    h[55] |= 0x80;
    h[56] = 0;
    for (size_t i = 0; i < ED448_LEN; i++)
      be[i] = h[ED448_LEN - 1 - i];
    err = gcry_mpi_scan(&a, GCRYMPI_FMT_USG, be, sizeof be, NULL);
  }
  if (!err)
    err = gcry_mpi_ec_new(&ctx, NULL, "Ed448");
  if (!err && (g = gcry_mpi_ec_get_point("g", ctx, 1)) == NULL)
    err = gcry_error(GPG_ERR_NO_OBJ);
  if (!err) {
    gcry_mpi_ec_mul(point, a, g, ctx);
    err = gcry_mpi_ec_set_point("q", point, ctx);
  }
  if (!err && (q = gcry_mpi_ec_get_mpi("q@eddsa", ctx, 1)) == NULL)
    err = gcry_error(GPG_ERR_NO_OBJ);
  if (!err) {
    unsigned int bits = 0;
    const void *data = gcry_mpi_get_opaque(q, &bits);
    if (data == NULL || (bits + 7) / 8 != ED448_LEN || *out_len < ED448_LEN)
      err = gcry_error(GPG_ERR_INV_LENGTH);
    else {
      memcpy(out, data, ED448_LEN);
      *out_len = ED448_LEN;
    }
  }
  gcry_mpi_release(q);
  gcry_mpi_point_release(g);
  gcry_mpi_point_release(point);
  gcry_mpi_release(a);
  gcry_ctx_release(ctx);
  gcry_md_close(md);
  if (err)
    return sm_msg(SM_FAILED, msg, msg_len, "deriving the Ed448 public key: %s", gcry_strerror(err));
  return SM_OK;
}

static gcry_error_t rsa_key(const SmRsaKey *rsa, bool private_key, gcry_sexp_t *key)
{
  if (!private_key)
    return gcry_sexp_build(key, NULL, "(public-key (rsa (n %b) (e %b)))", (int)rsa->n.len,
                           rsa->n.data, (int)rsa->e.len, rsa->e.data);
  if (rsa->p.len == 0 || rsa->q.len == 0 || rsa->qinv.len == 0)
    return gcry_sexp_build(key, NULL, "(private-key (rsa (n %b) (e %b) (d %b)))", (int)rsa->n.len,
                           rsa->n.data, (int)rsa->e.len, rsa->e.data, (int)rsa->d.len, rsa->d.data);
  /* libgcrypt's CRT wants u = p^-1 mod q; PKCS#1 gives qinv = q^-1 mod p: swap p and q. */
  return gcry_sexp_build(key, NULL, "(private-key (rsa (n %b) (e %b) (d %b) (p %b) (q %b) (u %b)))",
                         (int)rsa->n.len, rsa->n.data, (int)rsa->e.len, rsa->e.data,
                         (int)rsa->d.len, rsa->d.data, (int)rsa->q.len, rsa->q.data,
                         (int)rsa->p.len, rsa->p.data, (int)rsa->qinv.len, rsa->qinv.data);
}

static gcry_error_t dsa_key(const SmDsaKey *dsa, bool private_key, gcry_sexp_t *key)
{
  if (!private_key)
    return gcry_sexp_build(key, NULL, "(public-key (dsa (p %b) (q %b) (g %b) (y %b)))",
                           (int)dsa->p.len, dsa->p.data, (int)dsa->q.len, dsa->q.data,
                           (int)dsa->g.len, dsa->g.data, (int)dsa->y.len, dsa->y.data);
  return gcry_sexp_build(key, NULL, "(private-key (dsa (p %b) (q %b) (g %b) (y %b) (x %b)))",
                         (int)dsa->p.len, dsa->p.data, (int)dsa->q.len, dsa->q.data,
                         (int)dsa->g.len, dsa->g.data, (int)dsa->y.len, dsa->y.data,
                         (int)dsa->x.len, dsa->x.data);
}

/* keygen: RSA with the modulus length of the runner's key and e = 65537; ECC from key_seed. */
static SmResult keygen_fill(PkState *ps, const SmParams *params, char *msg, size_t msg_len)
{
  if (ps->spec->family == PK_DSA)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                  "DSA keygen is not offered (no seed form; domain parameters)");
  if (ps->spec->family == PK_RSA) {
    size_t bits = 8 * sm_strip_zeros(params->rsa.n).len;
    if (bits == 0)
      return sm_msg(SM_FAILED, msg, msg_len, "rsa: no modulus to take the length from");
    ps->width = bits / 8;
    gcry_error_t err = gcry_sexp_build(&ps->key, NULL, "(genkey (rsa (nbits %d) (rsa-use-e %d)))",
                                       (int)bits, 65537);
    return err ? sm_msg(SM_FAILED, msg, msg_len, "genkey parameters: %s", gcry_strerror(err))
               : SM_OK;
  }
  ps->seed_len = sm_copy_key_seed(params, 0, ps->seed, sizeof ps->seed);
  if (ps->seed_len == 0)
    return sm_msg(SM_FAILED, msg, msg_len, "keygen needs the private key as its seed (%zu bytes)",
                  params->key_seed.len);
  return SM_OK;
}

static SmResult pk_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  PkState *ps = state;
  const PkSpec *spec = params->impl_data;
  ps->spec = spec;
  bool sign = params->op == SM_OP_SIGN;
  gcry_error_t err = 0;
  if (params->op == SM_OP_KEYGEN)
    return keygen_fill(ps, params, msg, msg_len);

  switch (spec->family) {
  case PK_RSA:
    if (params->rsa.n.len == 0 || params->rsa.e.len == 0 || (sign && params->rsa.d.len == 0))
      return sm_msg(SM_FAILED, msg, msg_len, "rsa: missing key components");
    ps->width = sm_strip_zeros(params->rsa.n).len;
    err = rsa_key(&params->rsa, sign, &ps->key);
    break;
  case PK_DSA:
    if (params->dsa.p.len == 0 || params->dsa.q.len == 0 || params->dsa.g.len == 0 ||
        params->dsa.y.len == 0 || (sign && params->dsa.x.len == 0))
      return sm_msg(SM_FAILED, msg, msg_len, "dsa: missing key components");
    ps->width = sm_strip_zeros(params->dsa.q).len;
    err = dsa_key(&params->dsa, sign, &ps->key);
    break;
  case PK_ECDSA:
  case PK_EDDSA: {
    ps->width = spec->width;
    if (sign && params->priv.len == 0)
      return sm_msg(SM_FAILED, msg, msg_len, "signing needs the private key");
    uint8_t derived[160];
    SmBytes pub = params->pub;
    if (pub.len == 0) {
      if (params->priv.len == 0)
        return sm_msg(SM_FAILED, msg, msg_len, "neither a public nor a private key given");
      size_t derived_len = sizeof derived;
      SmResult result = spec->own_ed448_public
                            ? ed448_derive_public(params->priv, derived, &derived_len, msg, msg_len)
                            : ecc_derive_public(spec->key_d_fmt, spec->q_name, params->priv,
                                                derived, &derived_len, msg, msg_len);
      if (result != SM_OK)
        return result;
      pub = (SmBytes){derived, derived_len};
    }
    if (sign)
      err = gcry_sexp_build(&ps->key, NULL, spec->priv_fmt, (int)pub.len, pub.data,
                            (int)params->priv.len, params->priv.data);
    else
      err = gcry_sexp_build(&ps->key, NULL, spec->pub_fmt, (int)pub.len, pub.data);
    break;
  }
  }
  if (err)
    return sm_msg(SM_FAILED, msg, msg_len, "building the key: %s", gcry_strerror(err));
  /* Catch inconsistent private keys here rather than as a failing op (RSA without CRT
   * parts signs fine but gcry_pk_testkey insists on p, q, u). */
  bool testable = spec->family != PK_RSA || params->rsa.qinv.len != 0;
  if (sign && testable && (err = gcry_pk_testkey(ps->key)) != 0)
    return sm_msg(SM_FAILED, msg, msg_len, "gcry_pk_testkey: %s", gcry_strerror(err));
  return SM_OK;
}

SM_DEFINE_SETUP(pk_setup, PkState, pk_fill, pk_teardown)

/* The data S-expression has to be built per op (it carries the hash or the message); it is
 * released at once. Hashing is part of the op, as the engine contract says. */
static gcry_error_t pk_data(const PkSpec *spec, const SmIo *io, gcry_sexp_t *data)
{
  if (spec->md_algo == 0)
    return gcry_sexp_build(data, NULL, spec->data_fmt, (int)io->in_len, io->in);
  uint8_t hash[64];
  gcry_md_hash_buffer(spec->md_algo, hash, io->in, io->in_len);
  return gcry_sexp_build(data, NULL, spec->data_fmt, (int)gcry_md_get_algo_dlen(spec->md_algo),
                         hash);
}

static SmResult pk_sign(void *state, SmIo *io)
{
  PkState *ps = state;
  bool rsa = ps->spec->family == PK_RSA;
  size_t sig_len = rsa ? ps->width : 2 * ps->width;
  if (io->out_len < sig_len)
    return SM_FAILED;
  gcry_sexp_t data = NULL, sig = NULL;
  if (pk_data(ps->spec, io, &data))
    return SM_FAILED;
  gcry_error_t err = gcry_pk_sign(&sig, data, ps->key);
  gcry_sexp_release(data);
  bool ok = !err && (rsa ? copy_fixed(sig, "s", io->out, ps->width)
                         : copy_fixed(sig, "r", io->out, ps->width) &&
                               copy_fixed(sig, "s", io->out + ps->width, ps->width));
  gcry_sexp_release(sig);
  if (!ok)
    return SM_FAILED;
  return sm_output(io, sig_len);
}

/* The public key from the seed (the scalar multiplication is the work), or an RSA key pair
 * drawn by gcry_pk_genkey: out = n. */
static SmResult pk_keygen(void *state, SmIo *io)
{
  PkState *ps = state;
  const PkSpec *spec = ps->spec;
  if (spec->family != PK_RSA) {
    SmBytes seed = {ps->seed, ps->seed_len};
    size_t len = io->out_len;
    SmResult result = spec->own_ed448_public ? ed448_derive_public(seed, io->out, &len, NULL, 0)
                                             : ecc_derive_public(spec->key_d_fmt, spec->q_name,
                                                                 seed, io->out, &len, NULL, 0);
    if (result == SM_OK)
      io->out_len = len;
    return result;
  }
  if (io->out_len < ps->width)
    return SM_FAILED;
  gcry_sexp_t pair = NULL;
  gcry_error_t err = gcry_pk_genkey(&pair, ps->key);
  gcry_sexp_t pub = err ? NULL : gcry_sexp_find_token(pair, "public-key", 0);
  bool ok = pub != NULL && copy_fixed(pub, "n", io->out, ps->width);
  gcry_sexp_release(pub);
  gcry_sexp_release(pair);
  if (!ok)
    return SM_FAILED;
  return sm_output(io, ps->width);
}

/* What a keygen state runs where the row cannot say it with the key alone. */
static const char *pk_impl_name(const SmParams *params, void *state)
{
  const PkState *ps = state;
  if (params->op == SM_OP_KEYGEN && ps->spec->family == PK_RSA)
    return "gcry_pk_genkey, libgcrypt's own RNG (it cannot be seeded: a new pair per call)";
  return NULL;
}

/* Like the data, the signature S-expression is built per op from io->aux, then released. */
static SmResult pk_verify(void *state, SmIo *io)
{
  PkState *ps = state;
  gcry_sexp_t data = NULL, sig = NULL;
  gcry_error_t err;
  if (ps->spec->family == PK_RSA) {
    if (io->aux_len == 0)
      return SM_FAILED;
    err = gcry_sexp_build(&sig, NULL, ps->spec->sig_fmt, (int)io->aux_len, io->aux);
  } else {
    if (io->aux_len != 2 * ps->width)
      return SM_FAILED;
    err = gcry_sexp_build(&sig, NULL, ps->spec->sig_fmt, (int)ps->width, io->aux, (int)ps->width,
                          io->aux + ps->width);
  }
  if (!err)
    err = pk_data(ps->spec, io, &data);
  if (!err)
    err = gcry_pk_verify(sig, data, ps->key);
  gcry_sexp_release(sig);
  gcry_sexp_release(data);
  return err ? SM_FAILED : SM_OK;
}

/* ---------------------------------------------------------------- key exchange */

typedef struct {
  int curve_id;         /* X25519/X448: gcry_ecc_mul_point; 0 for ECDH on a NIST curve */
  size_t len;           /* scalar/point/secret bytes; ECDH: field bytes */
  const char *priv_fmt; /* ECDH: the private key, %b = d */
} KexSpec;

typedef struct {
  const KexSpec *spec;
  uint8_t scalar[56], peer[56]; /* X25519/X448 */
  gcry_sexp_t key, peer_point;  /* ECDH: private key and "(enc-val (ecdh (e peer)))" */
  uint8_t seed[66];             /* keygen: the private scalar */
  size_t seed_len;
} KexState;

static void kex_teardown(void *state)
{
  KexState *ks = state;
  gcry_sexp_release(ks->key);
  gcry_sexp_release(ks->peer_point);
  free(ks);
}

static SmResult kex_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  KexState *ks = state;
  const KexSpec *spec = params->impl_data;
  ks->spec = spec;
  if (params->op == SM_OP_KEYGEN) {
    /* X25519/X448: exactly the scalar's length; ECDH: any length that fits */
    size_t want = spec->curve_id != 0 ? spec->len : 0;
    ks->seed_len = sm_copy_key_seed(params, want, ks->seed, sizeof ks->seed);
    if (ks->seed_len == 0)
      return sm_msg(SM_FAILED, msg, msg_len, "keygen needs the private scalar as its seed");
    return SM_OK;
  }
  if (params->peer_pub.len == 0 && params->peer_priv.len == 0)
    return sm_msg(SM_FAILED, msg, msg_len, "no peer value");

  if (spec->curve_id != 0) {
    if (params->priv.len != spec->len ||
        (params->peer_pub.len != 0 ? params->peer_pub.len : params->peer_priv.len) != spec->len)
      return sm_msg(SM_FAILED, msg, msg_len, "scalars and points must be %zu bytes", spec->len);
    memcpy(ks->scalar, params->priv.data, spec->len);
    if (params->peer_pub.len != 0) {
      memcpy(ks->peer, params->peer_pub.data, spec->len);
    } else {
      gcry_error_t err = gcry_ecc_mul_point(spec->curve_id, ks->peer, params->peer_priv.data, NULL);
      if (err)
        return sm_msg(SM_FAILED, msg, msg_len, "peer public value: %s", gcry_strerror(err));
    }
    return SM_OK;
  }

  uint8_t derived[1 + 2 * 66];
  SmBytes peer = params->peer_pub;
  if (peer.len == 0) {
    size_t derived_len = sizeof derived;
    SmResult result = ecc_derive_public(spec->priv_fmt, "q", params->peer_priv, derived,
                                        &derived_len, msg, msg_len);
    if (result != SM_OK)
      return result;
    peer = (SmBytes){derived, derived_len};
  }
  if (params->priv.len == 0)
    return sm_msg(SM_FAILED, msg, msg_len, "no private scalar");
  gcry_error_t err =
      gcry_sexp_build(&ks->key, NULL, spec->priv_fmt, (int)params->priv.len, params->priv.data);
  if (!err)
    err =
        gcry_sexp_build(&ks->peer_point, NULL, "(enc-val (ecdh (e %b)))", (int)peer.len, peer.data);
  if (err)
    return sm_msg(SM_FAILED, msg, msg_len, "building the keys: %s", gcry_strerror(err));
  return SM_OK;
}

SM_DEFINE_SETUP(kex_setup, KexState, kex_fill, kex_teardown)

static SmResult x_derive(void *state, SmIo *io)
{
  KexState *ks = state;
  if (io->out_len < ks->spec->len ||
      gcry_ecc_mul_point(ks->spec->curve_id, io->out, ks->scalar, ks->peer))
    return SM_FAILED;
  return sm_output(io, ks->spec->len);
}

/* The public value of the seed scalar: X25519/X448 scalar x base point, ECDH 04||x||y. */
static SmResult kex_keygen(void *state, SmIo *io)
{
  KexState *ks = state;
  if (ks->spec->curve_id != 0) {
    if (io->out_len < ks->spec->len ||
        gcry_ecc_mul_point(ks->spec->curve_id, io->out, ks->seed, NULL))
      return SM_FAILED;
    return sm_output(io, ks->spec->len);
  }
  size_t len = io->out_len;
  SmResult result = ecc_derive_public(ks->spec->priv_fmt, "q", (SmBytes){ks->seed, ks->seed_len},
                                      io->out, &len, NULL, 0);
  if (result == SM_OK)
    io->out_len = len;
  return result;
}

/* ECDH through gcry_pk_decrypt: d times the peer point "e" (checked to be on the curve). */
static SmResult ecdh_derive(void *state, SmIo *io)
{
  KexState *ks = state;
  size_t field = ks->spec->len;
  if (io->out_len < field)
    return SM_FAILED;
  gcry_sexp_t plain = NULL;
  if (gcry_pk_decrypt(&plain, ks->peer_point, ks->key))
    return SM_FAILED;
  gcry_sexp_t value = gcry_sexp_find_token(plain, "value", 0);
  size_t len = 0;
  const char *point = value != NULL ? gcry_sexp_nth_data(value, 1, &len) : NULL;
  bool ok = point != NULL && len == 1 + 2 * field && point[0] == 0x04; /* 04||x||y */
  if (ok)
    memcpy(io->out, point + 1, field);
  gcry_sexp_release(value);
  gcry_sexp_release(plain);
  if (!ok)
    return SM_FAILED;
  return sm_output(io, field);
}

#define PK_IMPL(...)                                                                               \
  {                                                                                                \
    .setup = pk_setup, .op = {[SM_OP_SIGN] = pk_sign, [SM_OP_VERIFY] = pk_verify},                 \
    .op_1_3 = {[SM_OP_KEYGEN - SM_OP_SLOTS_1_0] = pk_keygen}, .teardown = pk_teardown,             \
    .impl_name = pk_impl_name, .data = (&(const PkSpec){__VA_ARGS__})                              \
  }

#define RSA_SPEC                                                                                   \
  .family = PK_RSA, .md_algo = GCRY_MD_SHA256,                                                     \
  .data_fmt = "(data (flags pkcs1) (hash sha256 %b))", .sig_fmt = "(sig-val (rsa (s %b)))"
#define ECC_KEYS(curve, flags)                                                                     \
  .priv_fmt = "(private-key (ecc (curve " curve ")" flags " (q %b) (d %b)))",                      \
  .pub_fmt = "(public-key (ecc (curve " curve ")" flags " (q %b)))",                               \
  .key_d_fmt = "(private-key (ecc (curve " curve ")" flags " (d %b)))"
#define ECDSA_SPEC(curve, md, md_name, bytes)                                                      \
  .family = PK_ECDSA, .md_algo = md, .data_fmt = "(data (flags raw) (hash " md_name " %b))",       \
  .sig_fmt = "(sig-val (ecdsa (r %b) (s %b)))", .width = bytes, .q_name = "q",                     \
  ECC_KEYS("\"" curve "\"", "")

static const SmImpl evp_rsa1024 = PK_IMPL(RSA_SPEC);
static const SmImpl evp_rsa2048 = PK_IMPL(RSA_SPEC);
static const SmImpl evp_rsa3072 = PK_IMPL(RSA_SPEC);
static const SmImpl evp_rsa4096 = PK_IMPL(RSA_SPEC);
/* raw + hash: libgcrypt truncates the SHA-256 to the bits of q (FIPS 186-4) */
static const SmImpl evp_dsa1024 = PK_IMPL(.family = PK_DSA, .md_algo = GCRY_MD_SHA256,
                                          .data_fmt = "(data (flags raw) (hash sha256 %b))",
                                          .sig_fmt = "(sig-val (dsa (r %b) (s %b)))");
static const SmImpl evp_dsa2048 = PK_IMPL(.family = PK_DSA, .md_algo = GCRY_MD_SHA256,
                                          .data_fmt = "(data (flags raw) (hash sha256 %b))",
                                          .sig_fmt = "(sig-val (dsa (r %b) (s %b)))");
static const SmImpl evp_ecdsa_p256 =
    PK_IMPL(ECDSA_SPEC("NIST P-256", GCRY_MD_SHA256, "sha256", 32));
static const SmImpl evp_ecdsa_p384 =
    PK_IMPL(ECDSA_SPEC("NIST P-384", GCRY_MD_SHA384, "sha384", 48));
static const SmImpl evp_ecdsa_p521 =
    PK_IMPL(ECDSA_SPEC("NIST P-521", GCRY_MD_SHA512, "sha512", 66));
/* EdDSA hashes the message itself (the library does, inside gcry_pk_sign) */
static const SmImpl evp_ed25519 =
    PK_IMPL(.family = PK_EDDSA, .data_fmt = "(data (flags eddsa) (hash-algo sha512) (value %b))",
            .sig_fmt = "(sig-val (eddsa (r %b) (s %b)))", .width = 32, .q_name = "q@eddsa",
            ECC_KEYS("Ed25519", " (flags eddsa)"));
static const SmImpl evp_ed448 =
    PK_IMPL(.family = PK_EDDSA, .data_fmt = "(data (value %b))",
            .sig_fmt = "(sig-val (eddsa (r %b) (s %b)))", .width = 57, .q_name = "q@eddsa",
            .own_ed448_public = true, ECC_KEYS("Ed448", ""));

#define KEX_IMPL(derive, ...)                                                                      \
  {                                                                                                \
    .setup = kex_setup, .op = {[SM_OP_DERIVE] = derive},                                           \
    .op_1_3 = {[SM_OP_KEYGEN - SM_OP_SLOTS_1_0] = kex_keygen}, .teardown = kex_teardown,           \
    .data = (&(const KexSpec){__VA_ARGS__})                                                        \
  }

static const SmImpl evp_x25519 = KEX_IMPL(x_derive, .curve_id = GCRY_ECC_CURVE25519, .len = 32);
static const SmImpl evp_x448 = KEX_IMPL(x_derive, .curve_id = GCRY_ECC_CURVE448, .len = 56);
static const SmImpl evp_ecdh_p256 = KEX_IMPL(
    ecdh_derive, .len = 32, .priv_fmt = "(private-key (ecc (curve \"NIST P-256\") (d %b)))");
static const SmImpl evp_ecdh_p384 = KEX_IMPL(
    ecdh_derive, .len = 48, .priv_fmt = "(private-key (ecc (curve \"NIST P-384\") (d %b)))");

/* The signature rows, in the order `list` shows them. */
const SmAlgorithm signature_rows[] = {
    SIGNATURE_ROW("rsa1024", rsa1024),       SIGNATURE_ROW("rsa2048", rsa2048),
    SIGNATURE_ROW("rsa3072", rsa3072),       SIGNATURE_ROW("rsa4096", rsa4096),
    SIGNATURE_ROW("dsa1024", dsa1024),       SIGNATURE_ROW("dsa2048", dsa2048),
    SIGNATURE_ROW("ecdsa-p256", ecdsa_p256), SIGNATURE_ROW("ecdsa-p384", ecdsa_p384),
    SIGNATURE_ROW("ecdsa-p521", ecdsa_p521), SIGNATURE_ROW("ed25519", ed25519),
    SIGNATURE_ROW("ed448", ed448),           SM_ROW_END,
};

/* The key exchange rows, in the order `list` shows them. */
const SmAlgorithm kex_rows[] = {
    ROW_EVP("x25519", SM_KIND_KEX, x25519, NO_ONESHOT_X),
    ROW_EVP("x448", SM_KIND_KEX, x448, NO_ONESHOT_X),
    ROW_EVP("ecdh-p256", SM_KIND_KEX, ecdh_p256, NO_ONESHOT_ECDH),
    ROW_EVP("ecdh-p384", SM_KIND_KEX, ecdh_p384, NO_ONESHOT_ECDH),
    SM_ROW_END,
};

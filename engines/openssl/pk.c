/* OpenSSL engine: signatures and key exchange through EVP_PKEY, and their rows. */

#include "openssl-engine.h"
#include "pq.h"

/* ------------------------------------------------------------------------------------------ */
/* Big numbers and EC points from the runner's raw key bytes, for the EVP and non-EVP code    */

BIGNUM *bn_from(SmBytes bytes) { return BN_bin2bn(bytes.data, (int)bytes.len, NULL); }

#ifndef OPENSSL_NO_EC
/* A point from its 04||x||y encoding, or else the public point d*G of the scalar `priv`. */
EC_POINT *ec_point_from(const EC_GROUP *group, SmBytes pub, SmBytes priv)
{
  EC_POINT *point = EC_POINT_new(group);
  if (point == NULL)
    return NULL;
  bool ok;
  if (pub.len > 0) {
    ok = EC_POINT_oct2point(group, point, pub.data, pub.len, NULL) == 1;
  } else {
    BIGNUM *d = bn_from(priv);
    ok = priv.len > 0 && d != NULL && EC_POINT_mul(group, point, d, NULL, NULL, NULL) == 1;
    BN_clear_free(d);
  }
  if (!ok) {
    EC_POINT_free(point);
    return NULL;
  }
  return point;
}
#endif

/* ------------------------------------------------------------------------------------------ */
/* evp: keys from the runner's raw components                                                  */

typedef struct PkeyDesc PkeyDesc;
typedef EVP_PKEY *(*PkeyBuildFn)(const PkeyDesc *desc, const SmParams *params, bool *has_private);
typedef EVP_PKEY *(*PkeyPartsFn)(const PkeyDesc *desc, SmBytes priv, SmBytes pub);

struct PkeyDesc {
  const char *type;       /* OpenSSL key type: "RSA", "DSA", "EC", "ED25519", "X25519" */
  const char *md;         /* signature digest; NULL for EdDSA and key exchange */
  const char *group;      /* EC: curve name */
  int curve_nid;          /* EC: the same curve, for point arithmetic */
  size_t rs_width;        /* ECDSA: bytes of r and of s (order size) */
  bool rs;                /* the signature is r||s (ECDSA/DSA; DSA's width comes from q) */
  PkeyBuildFn build;      /* own key from SmParams */
  PkeyPartsFn from_parts; /* EC/raw keys from (priv, pub): also builds kex peers */
};

static EVP_PKEY *pkey_fromdata(const char *type, int selection, OSSL_PARAM_BLD *bld)
{
  OSSL_PARAM *params = OSSL_PARAM_BLD_to_param(bld);
  EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, type, NULL);
  EVP_PKEY *pkey = NULL;
  if (params == NULL || ctx == NULL || EVP_PKEY_fromdata_init(ctx) != 1 ||
      EVP_PKEY_fromdata(ctx, &pkey, selection, params) != 1)
    pkey = NULL;
  OSSL_PARAM_free(params);
  EVP_PKEY_CTX_free(ctx);
  return pkey;
}

typedef struct {
  const char *name;
  SmBytes value;
  bool present;
} BnPart;

#define MAX_BN_PARTS 8

/* A key from big-number components (RSA, DSA): the builder keeps references until to_param. */
static EVP_PKEY *pkey_from_bns(const char *type, int selection, const BnPart *parts, size_t count)
{
  BIGNUM *bns[MAX_BN_PARTS] = {NULL};
  OSSL_PARAM_BLD *bld = OSSL_PARAM_BLD_new();
  bool ok = bld != NULL && count <= MAX_BN_PARTS;
  for (size_t i = 0; ok && i < count; i++) {
    if (!parts[i].present)
      continue;
    bns[i] = bn_from(parts[i].value);
    ok = bns[i] != NULL && OSSL_PARAM_BLD_push_BN(bld, parts[i].name, bns[i]) == 1;
  }
  EVP_PKEY *pkey = ok ? pkey_fromdata(type, selection, bld) : NULL;
  for (size_t i = 0; i < MAX_BN_PARTS; i++)
    BN_clear_free(bns[i]);
  OSSL_PARAM_BLD_free(bld);
  return pkey;
}

static EVP_PKEY *build_rsa(const PkeyDesc *desc, const SmParams *params, bool *has_private)
{
  const SmRsaKey *k = &params->rsa;
  bool priv = k->d.len > 0;
  bool crt =
      priv && k->p.len > 0 && k->q.len > 0 && k->dp.len > 0 && k->dq.len > 0 && k->qinv.len > 0;
  const BnPart parts[] = {
      {OSSL_PKEY_PARAM_RSA_N, k->n, true},         {OSSL_PKEY_PARAM_RSA_E, k->e, true},
      {OSSL_PKEY_PARAM_RSA_D, k->d, priv},         {OSSL_PKEY_PARAM_RSA_FACTOR1, k->p, crt},
      {OSSL_PKEY_PARAM_RSA_FACTOR2, k->q, crt},    {OSSL_PKEY_PARAM_RSA_EXPONENT1, k->dp, crt},
      {OSSL_PKEY_PARAM_RSA_EXPONENT2, k->dq, crt}, {OSSL_PKEY_PARAM_RSA_COEFFICIENT1, k->qinv, crt},
  };
  *has_private = priv;
  return pkey_from_bns(desc->type, priv ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY, parts,
                       sizeof parts / sizeof parts[0]);
}

#ifndef OPENSSL_NO_DSA
static EVP_PKEY *build_dsa(const PkeyDesc *desc, const SmParams *params, bool *has_private)
{
  const SmDsaKey *k = &params->dsa;
  bool priv = k->x.len > 0;
  const BnPart parts[] = {
      {OSSL_PKEY_PARAM_FFC_P, k->p, true},    {OSSL_PKEY_PARAM_FFC_Q, k->q, true},
      {OSSL_PKEY_PARAM_FFC_G, k->g, true},    {OSSL_PKEY_PARAM_PUB_KEY, k->y, true},
      {OSSL_PKEY_PARAM_PRIV_KEY, k->x, priv},
  };
  *has_private = priv;
  return pkey_from_bns(desc->type, priv ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY, parts,
                       sizeof parts / sizeof parts[0]);
}
#endif

#ifndef OPENSSL_NO_EC
/* 04||x||y of d*G, malloc'd: EVP wants the public point alongside the scalar. */
static uint8_t *ec_public_from_private(int curve_nid, SmBytes priv, size_t *len)
{
  EC_GROUP *group = EC_GROUP_new_by_curve_name(curve_nid);
  EC_POINT *point = group != NULL ? ec_point_from(group, (SmBytes){NULL, 0}, priv) : NULL;
  uint8_t *out = NULL;
  *len = point != NULL
             ? EC_POINT_point2oct(group, point, POINT_CONVERSION_UNCOMPRESSED, NULL, 0, NULL)
             : 0;
  if (*len > 0 && (out = malloc(*len)) != NULL &&
      EC_POINT_point2oct(group, point, POINT_CONVERSION_UNCOMPRESSED, out, *len, NULL) != *len) {
    free(out);
    out = NULL;
  }
  EC_POINT_free(point);
  EC_GROUP_free(group);
  return out;
}

static EVP_PKEY *ec_from_parts(const PkeyDesc *desc, SmBytes priv, SmBytes pub)
{
  uint8_t *derived = NULL;
  if (pub.len == 0) {
    derived = ec_public_from_private(desc->curve_nid, priv, &pub.len);
    if (derived == NULL)
      return NULL;
    pub.data = derived;
  }
  BIGNUM *d = NULL;
  EVP_PKEY *pkey = NULL;
  OSSL_PARAM_BLD *bld = OSSL_PARAM_BLD_new();
  if (bld != NULL &&
      OSSL_PARAM_BLD_push_utf8_string(bld, OSSL_PKEY_PARAM_GROUP_NAME, desc->group, 0) == 1 &&
      OSSL_PARAM_BLD_push_octet_string(bld, OSSL_PKEY_PARAM_PUB_KEY, pub.data, pub.len) == 1 &&
      (priv.len == 0 || ((d = bn_from(priv)) != NULL &&
                         OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_PRIV_KEY, d) == 1)))
    pkey = pkey_fromdata(desc->type, priv.len > 0 ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY, bld);
  BN_clear_free(d);
  OSSL_PARAM_BLD_free(bld);
  free(derived);
  return pkey;
}

/* Ed25519/Ed448/X25519/X448: OpenSSL derives the public half from the raw private one. */
static EVP_PKEY *raw_from_parts(const PkeyDesc *desc, SmBytes priv, SmBytes pub)
{
  if (priv.len > 0)
    return EVP_PKEY_new_raw_private_key_ex(NULL, desc->type, NULL, priv.data, priv.len);
  return EVP_PKEY_new_raw_public_key_ex(NULL, desc->type, NULL, pub.data, pub.len);
}

static EVP_PKEY *build_from_parts(const PkeyDesc *desc, const SmParams *params, bool *has_private)
{
  *has_private = params->priv.len > 0;
  return desc->from_parts(desc, params->priv, params->pub);
}

/* The kex peer as a public-only key: params->peer_pub, or derived from params->peer_priv. */
static EVP_PKEY *kex_peer(const PkeyDesc *desc, const SmParams *params)
{
  if (params->peer_pub.len > 0)
    return desc->from_parts(desc, (SmBytes){NULL, 0}, params->peer_pub);
  EVP_PKEY *full = desc->from_parts(desc, params->peer_priv, (SmBytes){NULL, 0});
  uint8_t pub[160];
  size_t pub_len = 0;
  bool ok = full != NULL && EVP_PKEY_get_octet_string_param(full, OSSL_PKEY_PARAM_PUB_KEY, pub,
                                                            sizeof pub, &pub_len) == 1;
  EVP_PKEY_free(full);
  return ok ? desc->from_parts(desc, (SmBytes){NULL, 0}, (SmBytes){pub, pub_len}) : NULL;
}
#endif

/* ------------------------------------------------------------------------------------------ */
/* evp: signatures. RSA, DSA, ECDSA: the message hashed on a reused EVP_MD_CTX, then
 * EVP_PKEY_sign/verify on an EVP_PKEY_CTX initialised once (as openssl speed signs; the
 * per-call EVP_DigestSignInit would re-fetch the digest and allocate a context every time).
 * EdDSA: EVP_DigestSign/Verify, initialised once (its one-shot is stateless). */

/* The state of a signature or a key-exchange level: the key, and what signs, verifies or derives
 * with it. */
typedef struct {
  EVP_PKEY *pkey;
  EVP_MD *md; /* fetched once; NULL for EdDSA and key exchange */
  EVP_MD_CTX *mdctx;
  EVP_PKEY_CTX *pctx; /* sign/verify context of a hashed scheme (md != NULL); derive context */
  bool reinit;        /* hash then EVP_PKEY_sign/verify (all but EdDSA) */
  size_t width;       /* r||s width; 0 when OpenSSL's signature is used as is (RSA, EdDSA) */
  size_t der_cap;
  uint8_t *der;
  EVP_PKEY *peer; /* key exchange: the peer's public key */
  size_t secret_len;
} EvpPkeyState;

static void evp_pkey_teardown(void *state)
{
  EvpPkeyState *st = state;
  EVP_MD_CTX_free(st->mdctx);
  EVP_PKEY_CTX_free(st->pctx);
  EVP_MD_free(st->md);
  EVP_PKEY_free(st->peer);
  EVP_PKEY_free(st->pkey);
  free(st->der);
  free(st);
}

static SmResult evp_sig_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  const PkeyDesc *desc = params->impl_data;
  EvpPkeyState *st = state;
  bool has_private = false;
  bool sign = params->op == SM_OP_SIGN;
  st->pkey = desc->build(desc, params, &has_private);
  if (st->pkey == NULL)
    return ossl_fail(SM_FAILED, msg, msg_len, "building the key");
  if (sign && !has_private)
    return sm_msg(SM_FAILED, msg, msg_len, "signing needs the private key");
  if (desc->rs) {
    st->width = desc->rs_width > 0 ? desc->rs_width : sm_strip_zeros(params->dsa.q).len;
    /* Room for what OpenSSL emits and for what rs_to_der builds. */
    size_t pkey_size = (size_t)EVP_PKEY_get_size(st->pkey);
    st->der_cap = 2 * (st->width + 4) + 4;
    if (st->der_cap < pkey_size)
      st->der_cap = pkey_size;
    st->der = malloc(st->der_cap);
    if (st->width == 0 || st->width > RS_MAX_WIDTH || st->der == NULL)
      return sm_msg(SM_FAILED, msg, msg_len, "unusable signature width %zu", st->width);
  }
  if (desc->md != NULL && (st->md = EVP_MD_fetch(NULL, desc->md, NULL)) == NULL)
    return ossl_fail(SM_UNSUPPORTED, msg, msg_len, desc->md);
  st->mdctx = EVP_MD_CTX_new();
  if (st->mdctx == NULL)
    return sm_out_of_memory(msg, msg_len);
  st->reinit = desc->md != NULL;
  int ok;
  if (st->reinit) {
    st->pctx = EVP_PKEY_CTX_new_from_pkey(NULL, st->pkey, NULL);
    ok = st->pctx != NULL &&
         (sign ? EVP_PKEY_sign_init(st->pctx) : EVP_PKEY_verify_init(st->pctx)) == 1 &&
         EVP_PKEY_CTX_set_signature_md(st->pctx, st->md) == 1;
  } else {
    ok = sign ? EVP_DigestSignInit(st->mdctx, NULL, st->md, NULL, st->pkey)
              : EVP_DigestVerifyInit(st->mdctx, NULL, st->md, NULL, st->pkey);
  }
  if (ok != 1)
    return ossl_fail(SM_FAILED, msg, msg_len, sign ? "EVP_DigestSignInit" : "EVP_DigestVerifyInit");
  return SM_OK;
}

SM_DEFINE_SETUP(evp_sig_setup, EvpPkeyState, evp_sig_fill, evp_pkey_teardown)

/* The message's digest, on the reused context. */
static bool evp_sig_hash(EvpPkeyState *st, const SmIo *io, uint8_t *digest, size_t *digest_len)
{
  unsigned int len = 0;
  if (EVP_DigestInit_ex2(st->mdctx, st->md, NULL) != 1 ||
      EVP_DigestUpdate(st->mdctx, io->in, io->in_len) != 1 ||
      EVP_DigestFinal_ex(st->mdctx, digest, &len) != 1)
    return false;
  *digest_len = len;
  return true;
}

/* One signature into `out` (OpenSSL's encoding: DER for DSA/ECDSA). */
static bool evp_sig_make(EvpPkeyState *st, const SmIo *io, uint8_t *out, size_t *out_len)
{
  if (!st->reinit)
    /* EdDSA: EVP_DigestSign finalises the context; OpenSSL 3.2+ refuses a second call on it, so
     * re-initialise it first (NULL keeps its key), as openssl speed does. */
    return EVP_DigestSignInit(st->mdctx, NULL, NULL, NULL, NULL) == 1 &&
           EVP_DigestSign(st->mdctx, out, out_len, io->in, io->in_len) == 1;
  uint8_t digest[EVP_MAX_MD_SIZE];
  size_t digest_len = 0;
  return evp_sig_hash(st, io, digest, &digest_len) &&
         EVP_PKEY_sign(st->pctx, out, out_len, digest, digest_len) == 1;
}

static SmResult evp_sig_sign(void *state, SmIo *io)
{
  EvpPkeyState *st = state;
  if (st->width == 0) {
    size_t sig_len = io->out_len;
    if (!evp_sig_make(st, io, io->out, &sig_len))
      return op_failed();
    return sm_output(io, sig_len);
  }
  size_t der_len = st->der_cap;
  if (io->out_len < 2 * st->width || !evp_sig_make(st, io, st->der, &der_len) ||
      !sm_der_to_rs(st->der, der_len, st->width, io->out))
    return op_failed();
  return sm_output(io, 2 * st->width);
}

static SmResult evp_sig_verify(void *state, SmIo *io)
{
  EvpPkeyState *st = state;
  const uint8_t *sig = io->aux;
  size_t sig_len = io->aux_len;
  if (st->width > 0) {
    if (io->aux_len != 2 * st->width)
      return SM_FAILED;
    sig_len = sm_rs_to_der(io->aux, st->width, st->der);
    sig = st->der;
  }
  io->out_len = 0;
  if (!st->reinit)
    return EVP_DigestVerifyInit(st->mdctx, NULL, NULL, NULL, NULL) == 1 && /* as in sign */
                   EVP_DigestVerify(st->mdctx, sig, sig_len, io->in, io->in_len) == 1
               ? SM_OK
               : op_failed();
  uint8_t digest[EVP_MAX_MD_SIZE];
  size_t digest_len = 0;
  if (!evp_sig_hash(st, io, digest, &digest_len) ||
      EVP_PKEY_verify(st->pctx, sig, sig_len, digest, digest_len) != 1)
    return op_failed();
  return SM_OK;
}

#define EVP_SIG_IMPL(...)                                                                          \
  {                                                                                                \
    .setup = evp_sig_setup, .op = {[SM_OP_SIGN] = evp_sig_sign, [SM_OP_VERIFY] = evp_sig_verify},  \
    .teardown = evp_pkey_teardown, .data = (&(const PkeyDesc){__VA_ARGS__})                        \
  }

/* One implementation per family: the modulus size comes with the key. */
static const SmImpl rsa_evp = EVP_SIG_IMPL(.type = "RSA", .md = "SHA256", .build = build_rsa);
#ifndef OPENSSL_NO_DSA
static const SmImpl dsa_evp =
    EVP_SIG_IMPL(.type = "DSA", .md = "SHA256", .rs = true, .build = build_dsa);
#endif
#ifndef OPENSSL_NO_EC
static const SmImpl ecdsa_p256_evp =
    EVP_SIG_IMPL(.type = "EC", .md = "SHA256", .group = "P-256", .curve_nid = NID_X9_62_prime256v1,
                 .rs_width = 32, .rs = true, .build = build_from_parts,
                 .from_parts = ec_from_parts);
static const SmImpl ecdsa_p384_evp =
    EVP_SIG_IMPL(.type = "EC", .md = "SHA384", .group = "P-384", .curve_nid = NID_secp384r1,
                 .rs_width = 48, .rs = true, .build = build_from_parts,
                 .from_parts = ec_from_parts);
static const SmImpl ecdsa_p521_evp =
    EVP_SIG_IMPL(.type = "EC", .md = "SHA512", .group = "P-521", .curve_nid = NID_secp521r1,
                 .rs_width = 66, .rs = true, .build = build_from_parts,
                 .from_parts = ec_from_parts);
static const SmImpl ed25519_evp =
    EVP_SIG_IMPL(.type = "ED25519", .build = build_from_parts, .from_parts = raw_from_parts);
static const SmImpl ed448_evp =
    EVP_SIG_IMPL(.type = "ED448", .build = build_from_parts, .from_parts = raw_from_parts);
#endif

/* ------------------------------------------------------------------------------------------ */
/* evp: key exchange (derive_init and set_peer once, EVP_PKEY_derive per call)                */

#ifndef OPENSSL_NO_EC
static SmResult evp_kex_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  const PkeyDesc *desc = params->impl_data;
  if (params->priv.len == 0)
    return sm_msg(SM_FAILED, msg, msg_len, "key exchange needs the private key");
  EvpPkeyState *st = state;
  bool has_private;
  st->pkey = desc->build(desc, params, &has_private);
  st->peer = st->pkey != NULL ? kex_peer(desc, params) : NULL;
  if (st->pkey == NULL || st->peer == NULL)
    return ossl_fail(SM_FAILED, msg, msg_len,
                     st->pkey == NULL ? "building the key" : "building the peer key");
  st->pctx = EVP_PKEY_CTX_new_from_pkey(NULL, st->pkey, NULL);
  if (st->pctx == NULL || EVP_PKEY_derive_init(st->pctx) != 1 ||
      EVP_PKEY_derive_set_peer(st->pctx, st->peer) != 1 ||
      EVP_PKEY_derive(st->pctx, NULL, &st->secret_len) != 1)
    return ossl_fail(SM_FAILED, msg, msg_len, "EVP_PKEY_derive_init");
  return SM_OK;
}

SM_DEFINE_SETUP(evp_kex_setup, EvpPkeyState, evp_kex_fill, evp_pkey_teardown)

static SmResult evp_kex_derive(void *state, SmIo *io)
{
  EvpPkeyState *st = state;
  size_t len = io->out_len;
  if (len < st->secret_len || EVP_PKEY_derive(st->pctx, io->out, &len) != 1)
    return op_failed();
  return sm_output(io, len);
}

#define EVP_KEX_IMPL(...)                                                                          \
  {                                                                                                \
    .setup = evp_kex_setup, .op = {[SM_OP_DERIVE] = evp_kex_derive},                               \
    .teardown = evp_pkey_teardown, .data = (&(const PkeyDesc){__VA_ARGS__})                        \
  }

static const SmImpl x25519_evp =
    EVP_KEX_IMPL(.type = "X25519", .build = build_from_parts, .from_parts = raw_from_parts);
static const SmImpl x448_evp =
    EVP_KEX_IMPL(.type = "X448", .build = build_from_parts, .from_parts = raw_from_parts);
static const SmImpl ecdh_p256_evp =
    EVP_KEX_IMPL(.type = "EC", .group = "P-256", .curve_nid = NID_X9_62_prime256v1,
                 .build = build_from_parts, .from_parts = ec_from_parts);
static const SmImpl ecdh_p384_evp =
    EVP_KEX_IMPL(.type = "EC", .group = "P-384", .curve_nid = NID_secp384r1,
                 .build = build_from_parts, .from_parts = ec_from_parts);
#endif
/* keygen (pq.c) wrapped around the levels above. */
static const SmImpl rsa_kg_evp = SM_OSSL_KEYGEN_SIG(&rsa_evp, SM_OSSL_KEYGEN_RSA, "RSA");
#ifndef OPENSSL_NO_EC
static const SmImpl ecdsa_p256_kg_evp =
    SM_OSSL_KEYGEN_SIG(&ecdsa_p256_evp, SM_OSSL_KEYGEN_EC, "P-256");
static const SmImpl ecdsa_p384_kg_evp =
    SM_OSSL_KEYGEN_SIG(&ecdsa_p384_evp, SM_OSSL_KEYGEN_EC, "P-384");
static const SmImpl ecdsa_p521_kg_evp =
    SM_OSSL_KEYGEN_SIG(&ecdsa_p521_evp, SM_OSSL_KEYGEN_EC, "P-521");
static const SmImpl ed25519_kg_evp =
    SM_OSSL_KEYGEN_SIG(&ed25519_evp, SM_OSSL_KEYGEN_RAW, "ED25519");
static const SmImpl ed448_kg_evp = SM_OSSL_KEYGEN_SIG(&ed448_evp, SM_OSSL_KEYGEN_RAW, "ED448");
static const SmImpl x25519_kg_evp = SM_OSSL_KEYGEN_KEX(&x25519_evp, SM_OSSL_KEYGEN_RAW, "X25519");
static const SmImpl x448_kg_evp = SM_OSSL_KEYGEN_KEX(&x448_evp, SM_OSSL_KEYGEN_RAW, "X448");
static const SmImpl ecdh_p256_kg_evp =
    SM_OSSL_KEYGEN_KEX(&ecdh_p256_evp, SM_OSSL_KEYGEN_EC, "P-256");
static const SmImpl ecdh_p384_kg_evp =
    SM_OSSL_KEYGEN_KEX(&ecdh_p384_evp, SM_OSSL_KEYGEN_EC, "P-384");
#endif

/* The signature rows, in the order `list` shows them. */
const SmAlgorithm signature_rows[] = {
    EVP_AND_SHARED_LOW("rsa1024", SM_KIND_SIGNATURE, rsa_kg, rsa_low),
    EVP_AND_SHARED_LOW("rsa2048", SM_KIND_SIGNATURE, rsa_kg, rsa_low),
    EVP_AND_SHARED_LOW("rsa3072", SM_KIND_SIGNATURE, rsa_kg, rsa_low),
    EVP_AND_SHARED_LOW("rsa4096", SM_KIND_SIGNATURE, rsa_kg, rsa_low),
#ifndef OPENSSL_NO_DSA
    EVP_AND_SHARED_LOW("dsa1024", SM_KIND_SIGNATURE, dsa, dsa_low),
    EVP_AND_SHARED_LOW("dsa2048", SM_KIND_SIGNATURE, dsa, dsa_low),
#endif
#ifndef OPENSSL_NO_EC
    EVP_AND_SHARED_LOW("ecdsa-p256", SM_KIND_SIGNATURE, ecdsa_p256_kg, ecdsa_p256_low),
    EVP_AND_SHARED_LOW("ecdsa-p384", SM_KIND_SIGNATURE, ecdsa_p384_kg, ecdsa_p384_low),
    EVP_AND_SHARED_LOW("ecdsa-p521", SM_KIND_SIGNATURE, ecdsa_p521_kg, ecdsa_p521_low),
    EVP_ONLY("ed25519", SM_KIND_SIGNATURE, ed25519_kg, "OpenSSL has no non-EVP API for Ed25519"),
    EVP_ONLY("ed448", SM_KIND_SIGNATURE, ed448_kg, "OpenSSL has no non-EVP API for Ed448"),
#endif
    SM_ROW_END,
};

/* The key exchange rows, in the order `list` shows them. */
const SmAlgorithm kex_rows[] = {
#ifndef OPENSSL_NO_EC
    EVP_ONLY("x25519", SM_KIND_KEX, x25519_kg, "OpenSSL has no non-EVP API for X25519"),
    EVP_ONLY("x448", SM_KIND_KEX, x448_kg, "OpenSSL has no non-EVP API for X448"),
    EVP_AND_SHARED_LOW("ecdh-p256", SM_KIND_KEX, ecdh_p256_kg, ecdh_p256_low),
    EVP_AND_SHARED_LOW("ecdh-p384", SM_KIND_KEX, ecdh_p384_kg, ecdh_p384_low),
#endif
    SM_ROW_END,
};

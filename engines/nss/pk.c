/* NSS engine: signatures (PK11_SignWithMechanism/PK11_VerifyWithMechanism) and key exchange
 * (PK11_PubDeriveWithKDF), their keys and keygen, and their rows. */

#include "nss-engine.h"

/* ---------------------------------------------------------------- DER for PKCS#8 */

/* NSS imports a raw private key only as PKCS#8 PrivateKeyInfo; it is built here. */
typedef struct {
  uint8_t data[4096];
  size_t len;
  bool overflow;
} Der;

static void der_raw(Der *d, const uint8_t *bytes, size_t len)
{
  if (d->overflow || len > sizeof d->data - d->len) {
    d->overflow = true;
    return;
  }
  if (len > 0)
    memcpy(d->data + d->len, bytes, len);
  d->len += len;
}

static void der_header(Der *d, uint8_t tag, size_t len)
{
  uint8_t h[4] = {tag};
  size_t n = 1;
  if (len < 0x80) {
    h[n++] = (uint8_t)len;
  } else if (len < 0x100) {
    h[n++] = 0x81;
    h[n++] = (uint8_t)len;
  } else {
    h[n++] = 0x82;
    h[n++] = (uint8_t)(len >> 8);
    h[n++] = (uint8_t)len;
  }
  der_raw(d, h, n);
}

static void der_tlv(Der *d, uint8_t tag, const uint8_t *body, size_t len)
{
  der_header(d, tag, len);
  der_raw(d, body, len);
}

static void der_wrap(Der *d, uint8_t tag, const Der *inner)
{
  d->overflow |= inner->overflow;
  der_tlv(d, tag, inner->data, inner->len);
}

static void der_uint(Der *d, SmBytes value)
{
  SmBytes v = sm_strip_zeros(value);
  bool pad = v.len == 0 || (v.data[0] & 0x80) != 0;
  der_header(d, 0x02, v.len + pad);
  if (pad)
    der_raw(d, (const uint8_t[]){0}, 1);
  der_raw(d, v.data, v.len);
}

static void der_small(Der *d, uint8_t value) { der_tlv(d, 0x02, &value, 1); }

/* PrivateKeyInfo { 0, algorithm (already DER), OCTET STRING { key } } */
static void pkcs8(Der *out, const Der *algorithm, const Der *key)
{
  Der body = {.len = 0};
  der_small(&body, 0);
  der_raw(&body, algorithm->data, algorithm->len);
  body.overflow |= algorithm->overflow;
  der_wrap(&body, 0x04, key);
  der_wrap(out, 0x30, &body);
}

static const uint8_t oid_rsa[] = {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01};
static const uint8_t oid_dsa[] = {0x2a, 0x86, 0x48, 0xce, 0x38, 0x04, 0x01};
static const uint8_t oid_ec[] = {0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01};

static void pkcs8_rsa(Der *out, const SmRsaKey *r)
{
  Der alg = {.len = 0}, seq = {.len = 0}, key = {.len = 0}, inner = {.len = 0};
  der_tlv(&seq, 0x06, oid_rsa, sizeof oid_rsa);
  der_tlv(&seq, 0x05, NULL, 0);
  der_wrap(&alg, 0x30, &seq);
  der_small(&inner, 0);
  const SmBytes parts[] = {r->n, r->e, r->d, r->p, r->q, r->dp, r->dq, r->qinv};
  for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
    der_uint(&inner, parts[i]);
  der_wrap(&key, 0x30, &inner);
  pkcs8(out, &alg, &key);
}

static void pkcs8_dsa(Der *out, const SmDsaKey *k)
{
  Der alg = {.len = 0}, seq = {.len = 0}, pqg = {.len = 0}, pqg_seq = {.len = 0}, key = {.len = 0};
  der_uint(&pqg, k->p);
  der_uint(&pqg, k->q);
  der_uint(&pqg, k->g);
  der_wrap(&pqg_seq, 0x30, &pqg);
  der_tlv(&seq, 0x06, oid_dsa, sizeof oid_dsa);
  der_raw(&seq, pqg_seq.data, pqg_seq.len);
  der_wrap(&alg, 0x30, &seq);
  der_uint(&key, k->x);
  pkcs8(out, &alg, &key);
}

/* ECPrivateKey { 1, OCTET STRING d, [1] BIT STRING public } under id-ecPublicKey + curve */
static void pkcs8_ec(Der *out, const uint8_t *curve_der, size_t curve_len, SmBytes priv,
                     SmBytes pub)
{
  Der alg = {.len = 0}, seq = {.len = 0}, inner = {.len = 0}, key = {.len = 0}, bits = {.len = 0},
      tagged = {.len = 0};
  der_tlv(&seq, 0x06, oid_ec, sizeof oid_ec);
  der_raw(&seq, curve_der, curve_len);
  der_wrap(&alg, 0x30, &seq);
  der_small(&inner, 1);
  der_tlv(&inner, 0x04, priv.data, priv.len);
  der_raw(&bits, (const uint8_t[]){0}, 1);
  der_raw(&bits, pub.data, pub.len);
  der_wrap(&tagged, 0x03, &bits);
  der_wrap(&inner, 0xa1, &tagged);
  der_wrap(&key, 0x30, &inner);
  pkcs8(out, &alg, &key);
}

/* ---------------------------------------------------------------- public-key helpers */

typedef enum { FAMILY_RSA, FAMILY_DSA, FAMILY_EC, FAMILY_X25519 } Family;

typedef const struct ecc_curve *(*NettleCurveFn)(void);

typedef struct {
  Family family;
  CK_MECHANISM_TYPE mech;   /* sign/verify: CKM_SHA256_RSA_PKCS, CKM_ECDSA_SHA256, ... */
  const uint8_t *curve_der; /* EC: the curve's OID, DER */
  size_t curve_len;
  size_t width;               /* EC: field/order bytes; X25519: 32 */
  NettleCurveFn nettle_curve; /* EC: to compute a missing public point */
} PkRow;

/* NSS 3.87 imports an EC private key only with its public value (PKCS#8 without it fails,
 * checked) and exports no point multiplication, so a missing public value is computed in setup
 * with Nettle. Writes 0x04 || x || y, or the X25519 u-coordinate; returns its length. */
static size_t public_from_private(const PkRow *row, SmBytes priv, uint8_t *out)
{
  if (row->family == FAMILY_X25519) {
    if (priv.len != CURVE25519_SIZE)
      return 0;
    curve25519_mul_g(out, priv.data);
    return CURVE25519_SIZE;
  }
  return sm_nettle_ec_public(row->nettle_curve(), row->width, priv, out);
}

#define PUB_MAX (1 + 2 * 66)

/* The public value given, or computed from priv into buf. */
static SmBytes public_value(const PkRow *row, SmBytes pub, SmBytes priv, uint8_t *buf)
{
  if (pub.len > 0 || priv.len == 0)
    return pub;
  return (SmBytes){buf, public_from_private(row, priv, buf)};
}

static SECKEYPrivateKey *import_private(const PkRow *row, const SmParams *params, SmBytes priv,
                                        SmBytes pub)
{
  Der der = {.len = 0};
  if (row->family == FAMILY_RSA)
    pkcs8_rsa(&der, &params->rsa);
  else if (row->family == FAMILY_DSA)
    pkcs8_dsa(&der, &params->dsa);
  else
    pkcs8_ec(&der, row->curve_der, row->curve_len, priv, pub);
  if (der.overflow)
    return NULL;
  SECItem der_item = item(der.data, der.len);
  /* a DSA PrivateKeyInfo has no y: NSS takes it beside */
  SECItem y = item(params->dsa.y.data, params->dsa.y.len);
  SECKEYPrivateKey *key = NULL;
  if (PK11_ImportDERPrivateKeyInfoAndReturnKey(slot, &der_item, NULL,
                                               row->family == FAMILY_DSA ? &y : NULL, PR_FALSE,
                                               PR_FALSE, KU_ALL, &key, NULL) != SECSuccess)
    return NULL;
  return key;
}

static bool arena_copy(PLArenaPool *arena, SECItem *to, SmBytes from)
{
  return SECITEM_AllocItem(arena, to, (unsigned)from.len + 1) != NULL &&
         (memcpy(to->data, from.data != NULL ? from.data : (const uint8_t *)"", from.len),
          to->len = (unsigned)from.len, true);
}

/* A public key as NSS's own structures hold one (as its TLS code builds a peer's key). */
static SECKEYPublicKey *make_public(const PkRow *row, const SmParams *params, SmBytes pub)
{
  PLArenaPool *arena = PORT_NewArena(DER_DEFAULT_CHUNKSIZE);
  SECKEYPublicKey *key = arena != NULL ? PORT_ArenaZNew(arena, SECKEYPublicKey) : NULL;
  if (key == NULL) {
    if (arena != NULL)
      PORT_FreeArena(arena, PR_FALSE);
    return NULL;
  }
  key->arena = arena;
  key->pkcs11ID = CK_INVALID_HANDLE;
  bool ok = false;
  switch (row->family) {
  case FAMILY_RSA:
    key->keyType = rsaKey;
    ok = arena_copy(arena, &key->u.rsa.modulus, params->rsa.n) &&
         arena_copy(arena, &key->u.rsa.publicExponent, params->rsa.e);
    break;
  case FAMILY_DSA:
    key->keyType = dsaKey;
    ok = arena_copy(arena, &key->u.dsa.params.prime, params->dsa.p) &&
         arena_copy(arena, &key->u.dsa.params.subPrime, params->dsa.q) &&
         arena_copy(arena, &key->u.dsa.params.base, params->dsa.g) &&
         arena_copy(arena, &key->u.dsa.publicValue, params->dsa.y);
    break;
  case FAMILY_EC:
  case FAMILY_X25519:
    key->keyType = ecKey;
    key->u.ec.size = (int)(8 * row->width);
    ok =
        arena_copy(arena, &key->u.ec.DEREncodedParams, (SmBytes){row->curve_der, row->curve_len}) &&
        arena_copy(arena, &key->u.ec.publicValue, pub);
    break;
  }
  if (!ok) {
    SECKEY_DestroyPublicKey(key);
    return NULL;
  }
  return key;
}

/* ---------------------------------------------------------------- keygen */

/* keygen (ABI 1.3), for the signature and key-exchange states alike. RSA: PK11_GenerateKeyPair
 * (CKM_RSA_PKCS_KEY_PAIR_GEN, e = 65537) draws a key of the catalogue's modulus length with
 * NSS's own generator, out = n. EC and X25519 from the private key key_seed: NSS 3.87 derives
 * no public value from a given private key, so as in sign's setup the public value is computed
 * with Nettle and the pair imported (PKCS#8) into the softoken, which the public key is read
 * back from (SECKEY_ConvertToPublicKey): out = 04||x||y, or the X25519 u-coordinate. */
static SmResult keygen_prepare(const PkRow *row, SmKeygenInput *kg, const SmParams *params,
                               char *msg, size_t msg_len)
{
  if (row->family == FAMILY_DSA)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "DSA keygen is not offered");
  return sm_keygen_input(kg, row->family == FAMILY_RSA, row->width, params, msg, msg_len);
}

static SECKEYPrivateKey *keygen_private(const PkRow *row, const SmKeygenInput *kg,
                                        SECKEYPublicKey **pub)
{
  if (row->family == FAMILY_RSA) {
    PK11RSAGenParams gen = {.keySizeInBits = (int)kg->rsa_bits, .pe = 65537};
    return PK11_GenerateKeyPair(slot, CKM_RSA_PKCS_KEY_PAIR_GEN, &gen, pub, PR_FALSE, PR_FALSE,
                                NULL);
  }
  uint8_t buf[PUB_MAX];
  SmBytes priv = {kg->seed, kg->seed_len};
  SmBytes own = public_value(row, (SmBytes){NULL, 0}, priv, buf);
  SmParams none = {.size = sizeof none};
  SECKEYPrivateKey *key = own.len > 0 ? import_private(row, &none, priv, own) : NULL;
  if (key != NULL)
    *pub = SECKEY_ConvertToPublicKey(key);
  return key;
}

static SmResult keygen_run(const PkRow *row, const SmKeygenInput *kg, SmIo *io)
{
  SECKEYPublicKey *pub = NULL;
  SECKEYPrivateKey *priv = keygen_private(row, kg, &pub);
  bool ok = priv != NULL && pub != NULL;
  size_t len = 0;
  if (ok && row->family == FAMILY_RSA) {
    len = (size_t)kg->rsa_bits / 8;
    SECItem *n = &pub->u.rsa.modulus;
    ok = io->out_len >= len && sm_put_fixed((SmBytes){n->data, n->len}, io->out, len);
  } else if (ok) {
    SECItem *value = &pub->u.ec.publicValue;
    len = value->len;
    ok = len > 0 && len <= io->out_len;
    if (ok)
      memcpy(io->out, value->data, len);
  }
  SECKEY_DestroyPublicKey(pub); /* both take NULL */
  SECKEY_DestroyPrivateKey(priv);
  io->out_len = len;
  return ok ? SM_OK : SM_FAILED;
}

/* ---------------------------------------------------------------- signatures and key exchange */

/* One state for every public-key operation: the private key (sign, derive), the public key
 * (verify; derive: the peer's), or keygen's inputs. */
typedef struct {
  const PkRow *row;
  SECKEYPrivateKey *priv;
  SECKEYPublicKey *pub;
  size_t sig_len;
  SmKeygenInput keygen;
} PkState;

static void pk_teardown(void *state)
{
  PkState *ps = state;
  SECKEY_DestroyPrivateKey(ps->priv); /* both take NULL */
  SECKEY_DestroyPublicKey(ps->pub);
  free(ps);
}

static SmResult sign_keys(PkState *ps, const SmParams *params, SmBytes pub, char *msg,
                          size_t msg_len)
{
  ps->priv = import_private(ps->row, params, params->priv, pub);
  if (ps->priv == NULL)
    return nss_fail(SM_FAILED, msg, msg_len, "PK11_ImportDERPrivateKeyInfoAndReturnKey");
  ps->sig_len = (size_t)PK11_SignatureLen(ps->priv);
  return SM_OK;
}

static SmResult verify_keys(PkState *ps, const SmParams *params, SmBytes pub, char *msg,
                            size_t msg_len)
{
  ps->pub = make_public(ps->row, params, pub);
  /* import into the slot now, not on the first timed verify */
  if (ps->pub == NULL || PK11_ImportPublicKey(slot, ps->pub, PR_FALSE) == CK_INVALID_HANDLE)
    return nss_fail(SM_FAILED, msg, msg_len, "importing the public key");
  return SM_OK;
}

/* Key exchange: the own private key (with its public value) and the peer's public key. */
static SmResult derive_keys(PkState *ps, const SmParams *params, char *msg, size_t msg_len)
{
  uint8_t own_buf[PUB_MAX], peer_buf[PUB_MAX];
  SmBytes own = public_value(ps->row, params->pub, params->priv, own_buf);
  SmBytes peer = public_value(ps->row, params->peer_pub, params->peer_priv, peer_buf);
  if (own.len == 0 || peer.len == 0)
    return sm_msg(SM_FAILED, msg, msg_len, "no valid public value");
  ps->priv = import_private(ps->row, params, params->priv, own);
  if (ps->priv == NULL)
    return nss_fail(SM_FAILED, msg, msg_len, "PK11_ImportDERPrivateKeyInfoAndReturnKey");
  ps->pub = make_public(ps->row, params, peer);
  return ps->pub == NULL ? sm_out_of_memory(msg, msg_len) : SM_OK;
}

static SmResult pk_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  PkState *ps = state;
  const PkRow *row = params->impl_data;
  ps->row = row;
  if (params->op == SM_OP_KEYGEN)
    return keygen_prepare(row, &ps->keygen, params, msg, msg_len);
  if (params->op == SM_OP_DERIVE)
    return derive_keys(ps, params, msg, msg_len);
  uint8_t buf[PUB_MAX];
  SmBytes pub =
      row->family == FAMILY_EC ? public_value(row, params->pub, params->priv, buf) : params->pub;
  return params->op == SM_OP_SIGN ? sign_keys(ps, params, pub, msg, msg_len)
                                  : verify_keys(ps, params, pub, msg, msg_len);
}

SM_DEFINE_SETUP(pk_setup, PkState, pk_fill, pk_teardown)

static SmResult pk_keygen(void *state, SmIo *io)
{
  PkState *ps = state;
  return keygen_run(ps->row, &ps->keygen, io);
}

static SmResult sig_sign(void *state, SmIo *io)
{
  PkState *ps = state;
  if (io->out_len < ps->sig_len || io->in_len > UINT32_MAX)
    return SM_FAILED;
  SECItem data = item(io->in, io->in_len), sig = item(io->out, ps->sig_len);
  if (PK11_SignWithMechanism(ps->priv, ps->row->mech, NULL, &sig, &data) != SECSuccess)
    return SM_FAILED;
  io->out_len = sig.len;
  return SM_OK;
}

static SmResult sig_verify(void *state, SmIo *io)
{
  PkState *ps = state;
  if (io->in_len > UINT32_MAX || io->aux_len > UINT32_MAX)
    return SM_FAILED;
  SECItem data = item(io->in, io->in_len), sig = item(io->aux, io->aux_len);
  if (PK11_VerifyWithMechanism(ps->pub, ps->row->mech, NULL, &sig, &data, NULL) != SECSuccess)
    return SM_FAILED;
  io->out_len = 0;
  return SM_OK;
}

static SmResult kex_derive(void *state, SmIo *io)
{
  PkState *ps = state;
  PK11SymKey *secret =
      PK11_PubDeriveWithKDF(ps->priv, ps->pub, PR_FALSE, NULL, NULL, CKM_ECDH1_DERIVE,
                            CKM_GENERIC_SECRET_KEY_GEN, CKA_DERIVE, 0, CKD_NULL, NULL, NULL);
  if (secret == NULL)
    return SM_FAILED;
  SmResult result = SM_FAILED;
  SECItem *value = PK11_ExtractKeyValue(secret) == SECSuccess ? PK11_GetKeyData(secret) : NULL;
  if (value != NULL && value->len <= io->out_len) {
    memcpy(io->out, value->data, value->len);
    io->out_len = value->len;
    result = SM_OK;
  }
  PK11_FreeSymKey(secret);
  return result;
}

/* ---------------------------------------------------------------- rows */

/* The curves' OIDs as NSS's EC parameters: DER OBJECT IDENTIFIER */
static const uint8_t p256_der[] = {0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07};
static const uint8_t p384_der[] = {0x06, 0x05, 0x2b, 0x81, 0x04, 0x00, 0x22};
static const uint8_t p521_der[] = {0x06, 0x05, 0x2b, 0x81, 0x04, 0x00, 0x23};
/* NSS's own curve25519 OID (1.3.6.1.4.1.11591.15.1), as in its TLS code */
static const uint8_t x25519_der[] = {0x06, 0x09, 0x2b, 0x06, 0x01, 0x04,
                                     0x01, 0xda, 0x47, 0x0f, 0x01};

static const PkRow rsa_row = {.family = FAMILY_RSA, .mech = CKM_SHA256_RSA_PKCS};
static const PkRow dsa_row = {.family = FAMILY_DSA, .mech = CKM_DSA_SHA256};
static const PkRow ecdsa_p256 = {FAMILY_EC, CKM_ECDSA_SHA256,     p256_der, sizeof p256_der,
                                 32,        nettle_get_secp_256r1};
static const PkRow ecdsa_p384 = {FAMILY_EC, CKM_ECDSA_SHA384,     p384_der, sizeof p384_der,
                                 48,        nettle_get_secp_384r1};
static const PkRow ecdsa_p521 = {FAMILY_EC, CKM_ECDSA_SHA512,     p521_der, sizeof p521_der,
                                 66,        nettle_get_secp_521r1};
static const PkRow ecdh_p256 = {FAMILY_EC, CKM_ECDH1_DERIVE,     p256_der, sizeof p256_der,
                                32,        nettle_get_secp_256r1};
static const PkRow ecdh_p384 = {FAMILY_EC, CKM_ECDH1_DERIVE,     p384_der, sizeof p384_der,
                                48,        nettle_get_secp_384r1};
static const PkRow x25519 = {FAMILY_X25519, CKM_ECDH1_DERIVE, x25519_der, sizeof x25519_der, 32,
                             NULL};

/* clang-format off */
#define SIG(n, row) ROW_EVP(n, SM_KIND_SIGNATURE, SM_IMPL_SIGNATURE, \
    pk_setup, pk_teardown, &row, sig_sign, sig_verify)
#define SIG_KEYGEN(n, row) ROW_EVP(n, SM_KIND_SIGNATURE, SM_IMPL_SIGNATURE_KEYGEN, \
    pk_setup, pk_teardown, &row, sig_sign, sig_verify, pk_keygen)
#define KEX(n, row) ROW_EVP(n, SM_KIND_KEX, SM_IMPL_KEX_KEYGEN, \
    pk_setup, pk_teardown, &row, kex_derive, pk_keygen)
/* clang-format on */

/* The signature rows, in the order `list` shows them. */
const SmAlgorithm signature_rows[] = {
    SIG_KEYGEN("rsa1024", rsa_row),
    SIG_KEYGEN("rsa2048", rsa_row),
    SIG_KEYGEN("rsa3072", rsa_row),
    SIG_KEYGEN("rsa4096", rsa_row),
    SIG("dsa1024", dsa_row),
    SIG("dsa2048", dsa_row),
    SIG_KEYGEN("ecdsa-p256", ecdsa_p256),
    SIG_KEYGEN("ecdsa-p384", ecdsa_p384),
    SIG_KEYGEN("ecdsa-p521", ecdsa_p521),
    SM_ROW_END,
};

/* The key exchange rows, in the order `list` shows them. */
const SmAlgorithm kex_rows[] = {
    KEX("x25519", x25519),
    KEX("ecdh-p256", ecdh_p256),
    KEX("ecdh-p384", ecdh_p384),
    SM_ROW_END,
};

/* speedmatrix engine: NSS (written against 3.87).
 *
 * evp = PK11, NSS's PKCS#11 layer over its softoken: symmetric keys imported once per cell,
 * PK11_CreateContextBySymKey + PK11_CipherOp for ciphers (CBC chains, CTR and stream ciphers
 * continue across calls), PK11_Encrypt/PK11_Decrypt for one whole AEAD message per call,
 * PK11_DigestBegin/Op/Final on a reused context for digests, HMAC and CMAC,
 * PK11_SignWithMechanism/PK11_VerifyWithMechanism with the hash mechanisms (CKM_SHA256_RSA_PKCS,
 * CKM_ECDSA_SHA256, ...) so hashing happens inside, and PK11_PubDeriveWithKDF for ECDH/X25519.
 * low = NSSLOWHASH_*, the only direct entry into freebl NSS makes public (MD5, SHA-1, SHA-2).
 *
 * PK11_Encrypt/PK11_Decrypt set up a softoken operation per message, and a key exchange gives
 * its secret back as a new PK11SymKey that is extracted and freed: both allocate inside the
 * library per call, which is the API's cost and what is measured.
 *
 * Randomness: NSS signs ECDSA and DSA with nonces from its own generator and blinds RSA with
 * it; it cannot be seeded from outside. */
#include "engine-util.h"
#include "nettle-ec-public.h"

#include <keyhi.h>
#include <nettle/curve25519.h>
#include <nss.h>
#include <hasht.h> /* nsslowhash.h uses HASH_HashType without including it */
#include <nsslowhash.h>
#include <pk11pub.h>
#include <prerror.h>
#include <secerr.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- helpers */

static PK11SlotInfo *slot;          /* the internal (softoken) slot, from init */
static NSSLOWInitContext *low_init; /* for NSSLOWHASH_* */

static SmResult nss_fail(SmResult result, char *msg, size_t msg_len, const char *what)
{
  PRErrorCode code = PORT_GetError();
  const char *text = PR_ErrorToString(code, PR_LANGUAGE_I_DEFAULT);
  const char *name = PR_ErrorToName(code);
  return sm_msg(result, msg, msg_len, "%s: %s (%s, %d)", what, text != NULL ? text : "?",
                name != NULL ? name : "?", (int)code);
}

static SECItem item(const uint8_t *data, size_t len)
{
  return (SECItem){siBuffer, (unsigned char *)data, (unsigned int)len};
}

static PK11SymKey *import_sym_key(CK_MECHANISM_TYPE mech, CK_ATTRIBUTE_TYPE operation, SmBytes key)
{
  SECItem key_item = item(key.data, key.len);
  return PK11_ImportSymKey(slot, mech, PK11_OriginUnwrap, operation, &key_item, NULL);
}

/* The end of a cipher's or MAC's setup: a context for `operation` on the key imported (none when
 * the import failed). */
static SmResult key_context(PK11Context **ctx, CK_MECHANISM_TYPE mech, CK_ATTRIBUTE_TYPE operation,
                            PK11SymKey *key, SECItem *param, char *msg, size_t msg_len)
{
  if (key != NULL)
    *ctx = PK11_CreateContextBySymKey(mech, operation, key, param);
  return *ctx == NULL ? nss_fail(SM_UNSUPPORTED, msg, msg_len, "PK11_CreateContextBySymKey")
                      : SM_OK;
}

/* ---------------------------------------------------------------- ciphers */

typedef enum {
  IV_NONE,     /* rc4 */
  IV_PLAIN,    /* CBC: the iv is the mechanism parameter */
  IV_CTR,      /* CK_AES_CTR_PARAMS with a 128-bit counter block */
  IV_CHACHA20, /* CKM_NSS_CHACHA20_CTR: the 16-byte LE counter || nonce as it is */
} IvKind;

typedef struct {
  CK_MECHANISM_TYPE mech;
  IvKind iv_kind;
} CipherRow;

typedef struct {
  PK11SymKey *key;
  PK11Context *ctx;
  uint8_t param[16];          /* chacha20: LE block counter || nonce, advanced per call */
  SmStreamCarry chacha_carry; /* chacha20: the unused end of the last block */
} CipherState;

static void cipher_teardown(void *state)
{
  CipherState *cs = state;
  if (cs->ctx != NULL)
    PK11_DestroyContext(cs->ctx, PR_TRUE);
  PK11_FreeSymKey(cs->key); /* takes NULL */
  free(cs);
}

static SmResult cipher_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  CipherState *cs = state;
  const CipherRow *row = params->impl_data;
  CK_ATTRIBUTE_TYPE operation = params->op == SM_OP_DECRYPT ? CKA_DECRYPT : CKA_ENCRYPT;
  CK_AES_CTR_PARAMS ctr = {.ulCounterBits = 128};
  SECItem param = {siBuffer, NULL, 0};
  if (row->iv_kind == IV_CTR) {
    if (params->iv.len != sizeof ctr.cb)
      return sm_msg(SM_FAILED, msg, msg_len, "CTR wants a 16-byte counter block");
    memcpy(ctr.cb, params->iv.data, sizeof ctr.cb);
    param = item((const uint8_t *)&ctr, sizeof ctr);
  } else if (row->iv_kind != IV_NONE) {
    param = item(params->iv.data, params->iv.len);
  }
  cs->key = import_sym_key(row->mech, operation, params->key);
  if (cs->key == NULL)
    return nss_fail(SM_UNSUPPORTED, msg, msg_len, "PK11_ImportSymKey");
  if (row->iv_kind == IV_CHACHA20) {
    if (params->iv.len != sizeof cs->param)
      return sm_msg(SM_FAILED, msg, msg_len, "ChaCha20 wants a 16-byte counter || nonce");
    memcpy(cs->param, params->iv.data, sizeof cs->param);
    cs->chacha_carry = sm_stream_carry(64);
    return SM_OK;
  }
  return key_context(&cs->ctx, row->mech, operation, cs->key, &param, msg, msg_len);
}

SM_DEFINE_SETUP(cipher_setup, CipherState, cipher_fill, cipher_teardown)

static SmResult cipher_op(void *state, SmIo *io)
{
  CipherState *cs = state;
  int out_len = 0;
  if (io->out_len < io->in_len || io->in_len > INT32_MAX ||
      PK11_CipherOp(cs->ctx, io->out, &out_len, (int)io->out_len, io->in, (int)io->in_len) !=
          SECSuccess ||
      (size_t)out_len != io->in_len)
    return SM_FAILED;
  io->out_len = io->in_len;
  return SM_OK;
}

/* softoken's ChaCha20 is single-part only (no PK11_CipherOp): each call is one PK11_Encrypt
 * from the block counter where the previous call stopped (parameter = LE 32-bit counter ||
 * nonce); sm_stream_crypt carries a partial last block's unused keystream to the next call.
 * Encrypt = decrypt. */
static bool chacha20_blocks(void *state, size_t length, uint8_t *dst, const uint8_t *src)
{
  CipherState *cs = state;
  SECItem param = item(cs->param, sizeof cs->param);
  unsigned int out_len = 0;
  if (PK11_Encrypt(cs->key, CKM_NSS_CHACHA20_CTR, &param, dst, &out_len, (unsigned int)length, src,
                   (unsigned int)length) != SECSuccess)
    return false;
  sm_store_le32(cs->param, sm_load_le32(cs->param) + (uint32_t)(length / 64));
  return true;
}

static SmResult chacha20_op(void *state, SmIo *io)
{
  CipherState *cs = state;
  if (io->in_len > UINT32_MAX)
    return SM_FAILED;
  return sm_stream_crypt(cs, &cs->chacha_carry, chacha20_blocks, io);
}

/* ---------------------------------------------------------------- AEADs */

typedef enum { AEAD_GCM, AEAD_CHACHAPOLY } AeadKind;

typedef struct {
  CK_MECHANISM_TYPE mech;
  AeadKind kind;
} AeadRow;

typedef struct {
  const AeadRow *row;
  PK11SymKey *key;
  SmAeadInputs in; /* nonce, AAD, tag length: the mechanism parameters point into it */
  union {
    CK_GCM_PARAMS gcm;
    CK_SALSA20_CHACHA20_POLY1305_PARAMS chachapoly;
  } p;
  SECItem param;
} AeadState;

static void aead_teardown(void *state)
{
  AeadState *as = state;
  PK11_FreeSymKey(as->key); /* takes NULL */
  sm_aead_inputs_free(&as->in);
  free(as);
}

/* The mechanism parameters, made once. */
static void aead_params(AeadState *as)
{
  CK_ULONG nonce_len = as->in.nonce_len, aad_len = as->in.aad_len;
  switch (as->row->kind) {
  case AEAD_GCM:
    as->p.gcm = (CK_GCM_PARAMS){.pIv = as->in.nonce,
                                .ulIvLen = nonce_len,
                                .ulIvBits = 8 * nonce_len,
                                .pAAD = as->in.aad,
                                .ulAADLen = aad_len,
                                .ulTagBits = 8 * as->in.tag_len};
    as->param = item((const uint8_t *)&as->p.gcm, sizeof as->p.gcm);
    break;
  case AEAD_CHACHAPOLY:
    as->p.chachapoly = (CK_SALSA20_CHACHA20_POLY1305_PARAMS){
        .pNonce = as->in.nonce, .ulNonceLen = nonce_len, .pAAD = as->in.aad, .ulAADLen = aad_len};
    as->param = item((const uint8_t *)&as->p.chachapoly, sizeof as->p.chachapoly);
    break;
  }
}

static SmResult aead_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  AeadState *as = state;
  const AeadRow *row = params->impl_data;
  if (row->kind == AEAD_CHACHAPOLY && params->tag_len != 16)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "ChaCha20-Poly1305 has a 16-byte tag only");
  as->row = row;
  if (!sm_aead_inputs_copy(&as->in, params))
    return sm_out_of_memory(msg, msg_len);
  aead_params(as);
  CK_ATTRIBUTE_TYPE operation = params->op == SM_OP_DECRYPT ? CKA_DECRYPT : CKA_ENCRYPT;
  as->key = import_sym_key(row->mech, operation, params->key);
  return as->key == NULL ? nss_fail(SM_UNSUPPORTED, msg, msg_len, "PK11_ImportSymKey") : SM_OK;
}

SM_DEFINE_SETUP(aead_setup, AeadState, aead_fill, aead_teardown)

static SmResult aead_encrypt(void *state, SmIo *io)
{
  AeadState *as = state;
  unsigned int out_len = 0;
  if (io->in_len > UINT32_MAX - as->in.tag_len || io->out_len > UINT32_MAX)
    return SM_FAILED;
  if (PK11_Encrypt(as->key, as->row->mech, &as->param, io->out, &out_len, (unsigned int)io->out_len,
                   io->in, (unsigned int)io->in_len) != SECSuccess)
    return SM_FAILED;
  io->out_len = out_len;
  return SM_OK;
}

static SmResult aead_decrypt(void *state, SmIo *io)
{
  AeadState *as = state;
  unsigned int out_len = 0;
  if (io->in_len < as->in.tag_len || io->in_len > UINT32_MAX || io->out_len > UINT32_MAX)
    return SM_FAILED;
  if (PK11_Decrypt(as->key, as->row->mech, &as->param, io->out, &out_len, (unsigned int)io->out_len,
                   io->in, (unsigned int)io->in_len) != SECSuccess)
    return SM_FAILED;
  io->out_len = out_len;
  return SM_OK;
}

/* ---------------------------------------------------------------- digests and MACs */

typedef struct {
  SECOidTag oid;              /* evp digest: PK11_CreateDigestContext */
  HASH_HashType low;          /* low digest: NSSLOWHASH_NewContext */
  CK_MECHANISM_TYPE mac_mech; /* MAC: CKM_SHA256_HMAC, CKM_AES_CMAC, ... */
  size_t out_len;
} HashRow;

typedef struct {
  size_t out_len;
  PK11Context *ctx;       /* evp digest, MAC */
  PK11SymKey *key;        /* MAC */
  NSSLOWHASHContext *low; /* low digest */
} HashState;

static void hash_teardown(void *state)
{
  HashState *hs = state;
  if (hs->ctx != NULL)
    PK11_DestroyContext(hs->ctx, PR_TRUE);
  PK11_FreeSymKey(hs->key); /* takes NULL */
  if (hs->low != NULL)
    NSSLOWHASH_Destroy(hs->low);
  free(hs);
}

static SmResult digest_evp_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  HashState *hs = state;
  const HashRow *row = params->impl_data;
  hs->out_len = row->out_len;
  hs->ctx = PK11_CreateDigestContext(row->oid);
  return hs->ctx == NULL ? nss_fail(SM_UNSUPPORTED, msg, msg_len, "PK11_CreateDigestContext")
                         : SM_OK;
}

SM_DEFINE_SETUP(digest_evp_setup, HashState, digest_evp_fill, hash_teardown)

static SmResult digest_low_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  HashState *hs = state;
  const HashRow *row = params->impl_data;
  hs->out_len = row->out_len;
  hs->low = NSSLOWHASH_NewContext(low_init, row->low);
  return hs->low == NULL ? nss_fail(SM_UNSUPPORTED, msg, msg_len, "NSSLOWHASH_NewContext") : SM_OK;
}

static SmResult digest_low_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  if (low_init == NULL)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                  "NSSLOW_Init failed: freebl's direct hashes "
                  "are not available");
  return sm_setup_state(sizeof(HashState), digest_low_fill, hash_teardown, params, state, msg,
                        msg_len);
}

static SmResult mac_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  HashState *hs = state;
  const HashRow *row = params->impl_data;
  hs->out_len = row->out_len;
  hs->key = import_sym_key(row->mac_mech, CKA_SIGN, params->key);
  SECItem none = {siBuffer, NULL, 0};
  return key_context(&hs->ctx, row->mac_mech, CKA_SIGN, hs->key, &none, msg, msg_len);
}

SM_DEFINE_SETUP(mac_setup, HashState, mac_fill, hash_teardown)

/* DigestBegin restarts the digest or MAC (C_DigestInit / C_SignInit) on the same key. */
static SmResult context_hash(void *state, SmIo *io)
{
  HashState *hs = state;
  unsigned int len = 0;
  if (io->out_len < hs->out_len || io->in_len > UINT32_MAX ||
      PK11_DigestBegin(hs->ctx) != SECSuccess ||
      PK11_DigestOp(hs->ctx, io->in, (unsigned int)io->in_len) != SECSuccess ||
      PK11_DigestFinal(hs->ctx, io->out, &len, (unsigned int)io->out_len) != SECSuccess)
    return SM_FAILED;
  io->out_len = len;
  return SM_OK;
}

static SmResult low_hash(void *state, SmIo *io)
{
  HashState *hs = state;
  unsigned int len = 0;
  if (io->out_len < hs->out_len || io->in_len > UINT32_MAX)
    return SM_FAILED;
  NSSLOWHASH_Begin(hs->low);
  NSSLOWHASH_Update(hs->low, io->in, (unsigned int)io->in_len);
  NSSLOWHASH_End(hs->low, io->out, &len, (unsigned int)io->out_len);
  io->out_len = len;
  return SM_OK;
}

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

/* ---------------------------------------------------------------- the tables */

static const CipherRow aes128_cbc = {CKM_AES_CBC, IV_PLAIN};
static const CipherRow aes192_cbc = {CKM_AES_CBC, IV_PLAIN};
static const CipherRow aes256_cbc = {CKM_AES_CBC, IV_PLAIN};
static const CipherRow aes_ctr = {CKM_AES_CTR, IV_CTR};
static const CipherRow chacha20 = {CKM_NSS_CHACHA20_CTR, IV_CHACHA20};
static const CipherRow camellia128_cbc = {CKM_CAMELLIA_CBC, IV_PLAIN};
static const CipherRow des_cbc = {CKM_DES_CBC, IV_PLAIN};
static const CipherRow des_ede3_cbc = {CKM_DES3_CBC, IV_PLAIN};
static const CipherRow rc4 = {CKM_RC4, IV_NONE};

static const AeadRow aes_gcm = {CKM_AES_GCM, AEAD_GCM};
static const AeadRow chacha20_poly1305 = {CKM_CHACHA20_POLY1305, AEAD_CHACHAPOLY};

static const HashRow md5 = {SEC_OID_MD5, HASH_AlgMD5, CKM_MD5_HMAC, 16};
static const HashRow sha1 = {SEC_OID_SHA1, HASH_AlgSHA1, CKM_SHA_1_HMAC, 20};
static const HashRow sha224 = {SEC_OID_SHA224, HASH_AlgSHA224, CKM_SHA224_HMAC, 28};
static const HashRow sha256 = {SEC_OID_SHA256, HASH_AlgSHA256, CKM_SHA256_HMAC, 32};
static const HashRow sha384 = {SEC_OID_SHA384, HASH_AlgSHA384, CKM_SHA384_HMAC, 48};
static const HashRow sha512 = {SEC_OID_SHA512, HASH_AlgSHA512, CKM_SHA512_HMAC, 64};
static const HashRow cmac_aes128 = {SEC_OID_UNKNOWN, HASH_AlgNULL, CKM_AES_CMAC, 16};

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

#define NO_LOW                                                                                     \
  "NSS makes no freebl call public but NSSLOWHASH_* (MD5, SHA-1, SHA-2); the rest goes through "   \
  "PK11"

#define NO_CCM                                                                                     \
  "the softoken of NSS 3.87 has no CKM_AES_CCM (PK11_DoesMechanism answers no; PK11_Encrypt "      \
  "fails with SEC_ERROR_INVALID_ALGORITHM)"

/* A table row per family, its impls made in place (IMPL, one of the SM_IMPL_* macros, with its
 * arguments): evp only, but digests at both levels. */
#define ROW_EVP(n, k, IMPL, ...) SM_ROW_EVP_ONLY(n, k, &(const SmImpl)IMPL(__VA_ARGS__), NO_LOW)
/* clang-format off */
#define CIPHER(n, row) ROW_EVP(n, SM_KIND_CIPHER, SM_IMPL_CIPHER, \
    cipher_setup, cipher_teardown, &row, cipher_op, cipher_op)
#define CHACHA20(n, row) ROW_EVP(n, SM_KIND_CIPHER, SM_IMPL_CIPHER, \
    cipher_setup, cipher_teardown, &row, chacha20_op, chacha20_op)
#define AEAD(n, row) ROW_EVP(n, SM_KIND_AEAD, SM_IMPL_CIPHER, \
    aead_setup, aead_teardown, &row, aead_encrypt, aead_decrypt)
#define DIGEST(n, row) SM_ROW_BOTH(n, SM_KIND_DIGEST, \
    &(const SmImpl)SM_IMPL_HASH(digest_evp_setup, hash_teardown, &row, context_hash), \
    &(const SmImpl)SM_IMPL_HASH(digest_low_setup, hash_teardown, &row, low_hash))
#define MAC(n, row) ROW_EVP(n, SM_KIND_MAC, SM_IMPL_MAC, mac_setup, hash_teardown, &row, context_hash)
#define SIG(n, row) ROW_EVP(n, SM_KIND_SIGNATURE, SM_IMPL_SIGNATURE, \
    pk_setup, pk_teardown, &row, sig_sign, sig_verify)
#define SIG_KEYGEN(n, row) ROW_EVP(n, SM_KIND_SIGNATURE, SM_IMPL_SIGNATURE_KEYGEN, \
    pk_setup, pk_teardown, &row, sig_sign, sig_verify, pk_keygen)
#define KEX(n, row) ROW_EVP(n, SM_KIND_KEX, SM_IMPL_KEX_KEYGEN, \
    pk_setup, pk_teardown, &row, kex_derive, pk_keygen)
/* clang-format on */

static const SmAlgorithm algorithms[] = {
    CIPHER("aes-128-cbc", aes128_cbc),
    CIPHER("aes-192-cbc", aes192_cbc),
    CIPHER("aes-256-cbc", aes256_cbc),
    CIPHER("aes-128-ctr", aes_ctr),
    CIPHER("aes-192-ctr", aes_ctr),
    CIPHER("aes-256-ctr", aes_ctr),
    CHACHA20("chacha20", chacha20),
    CIPHER("camellia-128-cbc", camellia128_cbc),
    CIPHER("des-cbc", des_cbc),
    CIPHER("des-ede3-cbc", des_ede3_cbc),
    CIPHER("rc4", rc4),
    AEAD("aes-128-gcm", aes_gcm),
    AEAD("aes-192-gcm", aes_gcm),
    AEAD("aes-256-gcm", aes_gcm),
    SM_ROW_NONE("aes-128-ccm", SM_KIND_AEAD, NO_CCM),
    SM_ROW_NONE("aes-256-ccm", SM_KIND_AEAD, NO_CCM),
    AEAD("chacha20-poly1305", chacha20_poly1305),
    DIGEST("md5", md5),
    DIGEST("sha1", sha1),
    DIGEST("sha224", sha224),
    DIGEST("sha256", sha256),
    DIGEST("sha384", sha384),
    DIGEST("sha512", sha512),
    MAC("hmac-md5", md5),
    MAC("hmac-sha1", sha1),
    MAC("hmac-sha256", sha256),
    MAC("hmac-sha384", sha384),
    MAC("hmac-sha512", sha512),
    MAC("cmac-aes128", cmac_aes128),
    SIG_KEYGEN("rsa1024", rsa_row),
    SIG_KEYGEN("rsa2048", rsa_row),
    SIG_KEYGEN("rsa3072", rsa_row),
    SIG_KEYGEN("rsa4096", rsa_row),
    SIG("dsa1024", dsa_row),
    SIG("dsa2048", dsa_row),
    SIG_KEYGEN("ecdsa-p256", ecdsa_p256),
    SIG_KEYGEN("ecdsa-p384", ecdsa_p384),
    SIG_KEYGEN("ecdsa-p521", ecdsa_p521),
    KEX("x25519", x25519),
    KEX("ecdh-p256", ecdh_p256),
    KEX("ecdh-p384", ecdh_p384),
    SM_ROW_END,
};

/* ---------------------------------------------------------------- engine */

static const char *lib_version(void) { return NSS_GetVersion(); }

/* freebl reads these once, when it loads; any value disables the feature. */
static const char *const accel_off_env[] = {
    "NSS_DISABLE_HW_AES=1", "NSS_DISABLE_PCLMUL=1", "NSS_DISABLE_AVX=1",
    "NSS_DISABLE_AVX2=1",   "NSS_DISABLE_SSSE3=1",  "NSS_DISABLE_SSE4_1=1",
    "NSS_DISABLE_SSE4_2=1", "NSS_DISABLE_HW_SHA=1", NULL};

static SmResult engine_init(const SmEngineConfig *config, char *msg, size_t msg_len)
{
  bool off = config != NULL && config->accel == SM_ACCEL_OFF;
  unsigned set = 0, count = 0;
  for (const char *const *var = accel_off_env; *var != NULL; var++, count++) {
    /* The name before '=', copied (snprintf's "%.*s" here trips GCC's null-argument check
     * under -fsanitize, which fails the -Werror build). */
    char name[32];
    size_t len = strcspn(*var, "=");
    if (len >= sizeof name)
      continue;
    memcpy(name, *var, len);
    name[len] = '\0';
    set += getenv(name) != NULL;
  }
  if (off && set < count)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                  "the NSS_DISABLE_* variables were not all set when freebl loaded");
  if (!NSS_IsInitialized() && NSS_NoDB_Init(NULL) != SECSuccess)
    return nss_fail(SM_FAILED, msg, msg_len, "NSS_NoDB_Init");
  if (slot == NULL)
    slot = PK11_GetInternalSlot();
  if (slot == NULL)
    return nss_fail(SM_FAILED, msg, msg_len, "PK11_GetInternalSlot");
  if (low_init == NULL)
    low_init = NSSLOW_Init();
  return sm_msg(SM_OK, msg, msg_len,
                "NSS reports no acceleration state; %s; ECDSA/DSA nonces and RSA blinding come "
                "from NSS's own RNG (unseeded)",
                set > 0 ? "NSS_DISABLE_HW_AES, _PCLMUL, _AVX, _AVX2, _SSSE3, _SSE4_1, _SSE4_2, "
                          "_HW_SHA set (freebl's portable code)"
                        : "freebl picks AES-NI/PCLMUL/AVX/SHA-NI from cpuid");
}

/* NSS_Shutdown refuses while any object is still referenced: every state frees its own. */
static void engine_shutdown(void)
{
  if (low_init != NULL)
    NSSLOW_Shutdown(low_init);
  low_init = NULL;
  if (slot != NULL)
    PK11_FreeSlot(slot);
  slot = NULL;
  if (NSS_IsInitialized())
    NSS_Shutdown();
}

SM_ENGINE_DESCRIPTOR(engine, "nss", "NSS", lib_version, engine_init, engine_shutdown, accel_off_env,
                     "PK11 over the softoken (PK11_CreateContextBySymKey + PK11_CipherOp/"
                     "PK11_DigestOp, PK11_Encrypt/PK11_Decrypt for AEAD, PK11_SignWithMechanism/"
                     "PK11_VerifyWithMechanism, PK11_PubDeriveWithKDF)",
                     "NSSLOWHASH_* straight into freebl (MD5, SHA-1, SHA-2 only)", algorithms);

SM_DEFINE_ENTRY(engine)

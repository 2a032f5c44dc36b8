/* speedmatrix engine: GnuTLS (written against 3.7.9).
 *
 * evp = GnuTLS's crypto API with handles made once per cell in setup: gnutls_cipher_* (CBC
 * chains and stream ciphers continue across calls), gnutls_aead_cipher_* (one whole message per
 * call), gnutls_hash_* and gnutls_hmac_* (gnutls_*_output resets the state and keeps the key),
 * gnutls_privkey_sign_data2 / gnutls_pubkey_verify_data2.
 * low = the only direct calls GnuTLS exports, gnutls_hash_fast and gnutls_hmac_fast; below
 * them GnuTLS's direct layer is Nettle, which is an engine of its own.
 *
 * Signing allocates: gnutls_privkey_sign_data2 returns a signature it allocated, and
 * gnutls_decode_rs_value allocates r and s. That is the API's cost and is what is measured.
 *
 * Randomness: ECDSA and DSA sign with GNUTLS_PRIVKEY_FLAG_REPRODUCIBLE (RFC 6979 nonces), so
 * they need none. RSA blinding draws from GnuTLS's own generator, which cannot be seeded. */
#include "engine-util.h"
#include "nettle-ec-public.h"

#include <gnutls/abstract.h>
#include <gnutls/crypto.h>
#include <gnutls/gnutls.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- helpers */

static const uint8_t empty_bytes[1];

static gnutls_datum_t datum(SmBytes bytes)
{
  return (gnutls_datum_t){(unsigned char *)(bytes.data != NULL ? bytes.data : empty_bytes),
                          (unsigned int)bytes.len};
}

static SmResult gt_fail(SmResult result, char *msg, size_t msg_len, const char *what, int err)
{
  return sm_msg(result, msg, msg_len, "%s: %s", what, gnutls_strerror(err));
}

/* A setup's result from GnuTLS's answer `err` to `what`: SM_OK when it is not negative. GnuTLS
 * answers "not available" for an algorithm its build or policy leaves out. */
static SmResult gt_setup_result(int err, const char *what, char *msg, size_t msg_len)
{
  if (err >= 0)
    return SM_OK;
  bool absent = err == GNUTLS_E_UNKNOWN_CIPHER_TYPE || err == GNUTLS_E_UNKNOWN_HASH_ALGORITHM ||
                err == GNUTLS_E_UNWANTED_ALGORITHM || err == GNUTLS_E_INVALID_REQUEST ||
                err == GNUTLS_E_UNKNOWN_ALGORITHM || err == GNUTLS_E_UNIMPLEMENTED_FEATURE;
  return gt_fail(absent ? SM_UNSUPPORTED : SM_FAILED, msg, msg_len, what, err);
}

/* ---------------------------------------------------------------- ciphers */

typedef struct {
  gnutls_cipher_algorithm_t algo;
  bool xts; /* the tweak is set again before every call: one data unit per call */
} CipherRow;

/* gnutls_cipher_encrypt2 or gnutls_cipher_decrypt2: the state keeps the one its direction calls. */
typedef int GnutlsCryptFn(gnutls_cipher_hd_t handle, const void *in, size_t in_len, void *out,
                          size_t out_len);

typedef struct {
  gnutls_cipher_hd_t
      hd; /* gnutls_cipher_init (and gnutls_aead_cipher_init) set it on success only */
  GnutlsCryptFn *crypt;
  uint8_t iv[16];
  size_t iv_len;
  SmStreamCarry chacha_carry; /* chacha20: the unused end of the last block */
} CipherState;

static void cipher_teardown(void *state)
{
  CipherState *cs = state;
  if (cs->hd != NULL)
    gnutls_cipher_deinit(cs->hd);
  free(cs);
}

static SmResult cipher_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  CipherState *cs = state;
  const CipherRow *row = params->impl_data;
  if (params->iv.len > sizeof cs->iv)
    return sm_msg(SM_FAILED, msg, msg_len, "iv of %zu bytes is too long", params->iv.len);
  gnutls_datum_t key = datum(params->key), iv = datum(params->iv);
  int err = gnutls_cipher_init(&cs->hd, row->algo, &key, params->iv.len > 0 ? &iv : NULL);
  if (err < 0)
    return gt_setup_result(err, gnutls_cipher_get_name(row->algo), msg, msg_len);
  memcpy(cs->iv, iv.data, params->iv.len);
  cs->iv_len = params->iv.len;
  cs->chacha_carry = sm_stream_carry(64);
  cs->crypt = params->op == SM_OP_DECRYPT ? gnutls_cipher_decrypt2 : gnutls_cipher_encrypt2;
  return SM_OK;
}

SM_DEFINE_SETUP(cipher_setup, CipherState, cipher_fill, cipher_teardown)

static SmResult cipher_crypt(void *state, SmIo *io)
{
  CipherState *cs = state;
  if (io->out_len < io->in_len || cs->crypt(cs->hd, io->in, io->in_len, io->out, io->in_len) < 0)
    return SM_FAILED;
  io->out_len = io->in_len;
  return SM_OK;
}

/* XTS: every call is one data unit, so the tweak is set again first. */
static SmResult xts_crypt(void *state, SmIo *io)
{
  CipherState *cs = state;
  gnutls_cipher_set_iv(cs->hd, cs->iv, cs->iv_len);
  return cipher_crypt(state, io);
}

/* GnuTLS's CHACHA20_32 (Nettle's chacha_crypt32) drops the rest of a block's keystream at the
 * end of each call: sm_stream_crypt carries it to the next call. Encrypt = decrypt. */
static bool chacha20_blocks(void *state, size_t length, uint8_t *dst, const uint8_t *src)
{
  CipherState *cs = state;
  return gnutls_cipher_encrypt2(cs->hd, src, length, dst, length) >= 0;
}

static SmResult chacha20_crypt(void *state, SmIo *io)
{
  CipherState *cs = state;
  return sm_stream_crypt(cs, &cs->chacha_carry, chacha20_blocks, io);
}

/* ---------------------------------------------------------------- AEADs */

typedef struct {
  gnutls_cipher_algorithm_t algo;
} AeadRow;

typedef struct {
  gnutls_aead_cipher_hd_t hd;
  SmAeadInputs in; /* nonce, AAD, tag length */
} AeadState;

static void aead_teardown(void *state)
{
  AeadState *as = state;
  if (as->hd != NULL)
    gnutls_aead_cipher_deinit(as->hd);
  sm_aead_inputs_free(&as->in);
  free(as);
}

static SmResult aead_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  AeadState *as = state;
  const AeadRow *row = params->impl_data;
  if (!sm_aead_inputs_copy(&as->in, params))
    return sm_out_of_memory(msg, msg_len);
  gnutls_datum_t key = datum(params->key);
  int err = gnutls_aead_cipher_init(&as->hd, row->algo, &key);
  return gt_setup_result(err, gnutls_cipher_get_name(row->algo), msg, msg_len);
}

SM_DEFINE_SETUP(aead_setup, AeadState, aead_fill, aead_teardown)

static SmResult aead_encrypt(void *state, SmIo *io)
{
  AeadState *as = state;
  size_t out_len = io->out_len;
  if (gnutls_aead_cipher_encrypt(as->hd, as->in.nonce, as->in.nonce_len, as->in.aad, as->in.aad_len,
                                 as->in.tag_len, io->in, io->in_len, io->out, &out_len) < 0)
    return SM_FAILED;
  io->out_len = out_len;
  return SM_OK;
}

static SmResult aead_decrypt(void *state, SmIo *io)
{
  AeadState *as = state;
  size_t out_len = io->out_len;
  if (io->in_len < as->in.tag_len ||
      gnutls_aead_cipher_decrypt(as->hd, as->in.nonce, as->in.nonce_len, as->in.aad, as->in.aad_len,
                                 as->in.tag_len, io->in, io->in_len, io->out, &out_len) < 0)
    return SM_FAILED;
  io->out_len = out_len;
  return SM_OK;
}

/* ---------------------------------------------------------------- digests */

typedef struct {
  gnutls_digest_algorithm_t algo;
} DigestRow;

typedef struct {
  gnutls_digest_algorithm_t algo;
  gnutls_hash_hd_t hd; /* evp only */
  size_t out_len;
} DigestState;

static void digest_teardown(void *state)
{
  DigestState *ds = state;
  if (ds->hd != NULL)
    gnutls_hash_deinit(ds->hd, NULL);
  free(ds);
}

/* Both levels: the digest's length, which GnuTLS gives only for a digest it knows. */
static SmResult digest_fill(DigestState *ds, const SmParams *params, char *msg, size_t msg_len)
{
  const DigestRow *row = params->impl_data;
  ds->algo = row->algo;
  ds->out_len = gnutls_hash_get_len(row->algo);
  return ds->out_len > 0
             ? SM_OK
             : sm_msg(SM_UNSUPPORTED, msg, msg_len, "GnuTLS does not know digest %d", row->algo);
}

static SmResult digest_evp_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  DigestState *ds = state;
  SmResult result = digest_fill(ds, params, msg, msg_len);
  if (result != SM_OK)
    return result;
  int err = gnutls_hash_init(&ds->hd, ds->algo);
  if (err < 0)
    ds->hd = NULL; /* a failed gnutls_hash_init leaves a half-made handle behind */
  return gt_setup_result(err, gnutls_digest_get_name(ds->algo), msg, msg_len);
}

/* gnutls_hash_fast has no handle to make: setup checks once that the digest exists. */
static SmResult digest_low_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  DigestState *ds = state;
  SmResult result = digest_fill(ds, params, msg, msg_len);
  uint8_t out[64];
  if (result != SM_OK)
    return result;
  return gt_setup_result(gnutls_hash_fast(ds->algo, "", 0, out), gnutls_digest_get_name(ds->algo),
                         msg, msg_len);
}

SM_DEFINE_SETUP(digest_evp_setup, DigestState, digest_evp_fill, digest_teardown)
SM_DEFINE_SETUP(digest_low_setup, DigestState, digest_low_fill, digest_teardown)

static SmResult digest_evp_hash(void *state, SmIo *io)
{
  DigestState *ds = state;
  if (io->out_len < ds->out_len || gnutls_hash(ds->hd, io->in, io->in_len) < 0)
    return SM_FAILED;
  gnutls_hash_output(ds->hd, io->out); /* also resets the state for the next message */
  io->out_len = ds->out_len;
  return SM_OK;
}

static SmResult digest_low_hash(void *state, SmIo *io)
{
  DigestState *ds = state;
  if (io->out_len < ds->out_len || gnutls_hash_fast(ds->algo, io->in, io->in_len, io->out) < 0)
    return SM_FAILED;
  io->out_len = ds->out_len;
  return SM_OK;
}

/* ---------------------------------------------------------------- MACs */

typedef struct {
  gnutls_mac_algorithm_t algo;
} MacRow;

typedef struct {
  gnutls_mac_algorithm_t algo;
  gnutls_hmac_hd_t hd; /* evp only */
  uint8_t *key;        /* low: gnutls_hmac_fast takes the key on every call */
  size_t key_len;
  size_t out_len;
} MacState;

static void mac_teardown(void *state)
{
  MacState *ms = state;
  if (ms->hd != NULL)
    gnutls_hmac_deinit(ms->hd, NULL);
  free(ms->key);
  free(ms);
}

static SmResult mac_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  MacState *ms = state;
  const MacRow *row = params->impl_data;
  ms->algo = row->algo;
  ms->out_len = gnutls_hmac_get_len(row->algo);
  ms->key = sm_copy_bytes(params->key);
  if (ms->key == NULL)
    return sm_out_of_memory(msg, msg_len);
  ms->key_len = params->key.len;
  int err = gnutls_hmac_init(&ms->hd, row->algo, ms->key, ms->key_len);
  if (err < 0)
    ms->hd = NULL; /* a failed gnutls_hmac_init leaves a half-made handle behind */
  return gt_setup_result(err, gnutls_mac_get_name(row->algo), msg, msg_len);
}

SM_DEFINE_SETUP(mac_setup, MacState, mac_fill, mac_teardown)

static SmResult mac_evp_mac(void *state, SmIo *io)
{
  MacState *ms = state;
  if (io->out_len < ms->out_len || gnutls_hmac(ms->hd, io->in, io->in_len) < 0)
    return SM_FAILED;
  gnutls_hmac_output(ms->hd, io->out); /* also resets, keeping the key */
  io->out_len = ms->out_len;
  return SM_OK;
}

static SmResult mac_low_mac(void *state, SmIo *io)
{
  MacState *ms = state;
  if (io->out_len < ms->out_len ||
      gnutls_hmac_fast(ms->algo, ms->key, ms->key_len, io->in, io->in_len, io->out) < 0)
    return SM_FAILED;
  io->out_len = ms->out_len;
  return SM_OK;
}

/* ---------------------------------------------------------------- signatures: encodings */

/* ---------------------------------------------------------------- signatures: keys */

typedef enum { FAMILY_RSA, FAMILY_DSA, FAMILY_ECDSA, FAMILY_EDDSA } Family;

typedef const struct ecc_curve *(*NettleCurveFn)(void);

typedef struct {
  Family family;
  gnutls_sign_algorithm_t sign;
  gnutls_ecc_curve_t curve;    /* ECDSA, EdDSA */
  size_t width;                /* ECDSA: bytes of the group order; EdDSA: key bytes */
  NettleCurveFn nettle_curve;  /* ECDSA: to compute a missing public point */
  const uint8_t *pkcs8_prefix; /* EdDSA: PKCS#8 (RFC 8410) header before the seed */
  size_t pkcs8_prefix_len;
} SigRow;

/* GnuTLS 3.7.9 imports an EC private key only with its public point and exports no point
 * multiplication, so a missing public key is computed in setup with Nettle, the library GnuTLS
 * itself is built on. Writes 0x04 || x || y (1 + 2 * width bytes). */
static bool ec_public_from_private(const SigRow *row, SmBytes priv, uint8_t *out)
{
  return sm_nettle_ec_public(row->nettle_curve(), row->width, priv, out) > 0;
}

static int import_ecdsa(const SigRow *row, const SmParams *params, gnutls_privkey_t key)
{
  uint8_t computed[1 + 2 * 66];
  SmBytes pub = params->pub;
  if (pub.len == 0) {
    if (!ec_public_from_private(row, params->priv, computed))
      return GNUTLS_E_INVALID_REQUEST;
    pub = (SmBytes){computed, 1 + 2 * row->width};
  }
  if (pub.len != 1 + 2 * row->width || pub.data[0] != 0x04)
    return GNUTLS_E_INVALID_REQUEST;
  gnutls_datum_t x = {(unsigned char *)pub.data + 1, (unsigned)row->width};
  gnutls_datum_t y = {(unsigned char *)pub.data + 1 + row->width, (unsigned)row->width};
  gnutls_datum_t k = datum(params->priv);
  return gnutls_privkey_import_ecc_raw(key, row->curve, &x, &y, &k);
}

/* A raw EdDSA private key imported without its public half crashes 3.7.9 (checked); PKCS#8
 * (RFC 8410) makes GnuTLS derive the public key itself. */
static int import_eddsa(const SigRow *row, const SmParams *params, gnutls_privkey_t key)
{
  uint8_t der[32 + 57];
  if (params->priv.len != row->width || row->pkcs8_prefix_len + row->width > sizeof der)
    return GNUTLS_E_INVALID_REQUEST;
  memcpy(der, row->pkcs8_prefix, row->pkcs8_prefix_len);
  memcpy(der + row->pkcs8_prefix_len, params->priv.data, row->width);
  gnutls_datum_t data = {der, (unsigned)(row->pkcs8_prefix_len + row->width)};
  return gnutls_privkey_import_x509_raw(key, &data, GNUTLS_X509_FMT_DER, NULL, 0);
}

static bool has_private(const SigRow *row, const SmParams *params)
{
  switch (row->family) {
  case FAMILY_RSA:
    return params->rsa.d.len > 0;
  case FAMILY_DSA:
    return params->dsa.x.len > 0;
  case FAMILY_ECDSA:
  case FAMILY_EDDSA:
    return params->priv.len > 0;
  }
  return false;
}

static int import_private(const SigRow *row, const SmParams *params, gnutls_privkey_t key)
{
  const SmRsaKey *r = &params->rsa;
  const SmDsaKey *d = &params->dsa;
  switch (row->family) {
  case FAMILY_RSA: {
    /* GnuTLS's u is q^-1 mod p, as SmRsaKey.qinv (PKCS#1's coefficient) */
    gnutls_datum_t n = datum(r->n), e = datum(r->e), dd = datum(r->d), p = datum(r->p),
                   q = datum(r->q), u = datum(r->qinv), e1 = datum(r->dp), e2 = datum(r->dq);
    return gnutls_privkey_import_rsa_raw(key, &n, &e, &dd, &p, &q, &u, &e1, &e2);
  }
  case FAMILY_DSA: {
    gnutls_datum_t p = datum(d->p), q = datum(d->q), g = datum(d->g), y = datum(d->y),
                   x = datum(d->x);
    return gnutls_privkey_import_dsa_raw(key, &p, &q, &g, &y, &x);
  }
  case FAMILY_ECDSA:
    return import_ecdsa(row, params, key);
  case FAMILY_EDDSA:
    return import_eddsa(row, params, key);
  }
  return GNUTLS_E_INVALID_REQUEST;
}

static int import_public(const SigRow *row, const SmParams *params, gnutls_pubkey_t key)
{
  const SmRsaKey *r = &params->rsa;
  const SmDsaKey *d = &params->dsa;
  SmBytes pub = params->pub;
  switch (row->family) {
  case FAMILY_RSA: {
    gnutls_datum_t n = datum(r->n), e = datum(r->e);
    return gnutls_pubkey_import_rsa_raw(key, &n, &e);
  }
  case FAMILY_DSA: {
    gnutls_datum_t p = datum(d->p), q = datum(d->q), g = datum(d->g), y = datum(d->y);
    return gnutls_pubkey_import_dsa_raw(key, &p, &q, &g, &y);
  }
  case FAMILY_ECDSA: {
    if (pub.len != 1 + 2 * row->width || pub.data[0] != 0x04)
      return GNUTLS_E_INVALID_REQUEST;
    gnutls_datum_t x = {(unsigned char *)pub.data + 1, (unsigned)row->width};
    gnutls_datum_t y = {(unsigned char *)pub.data + 1 + row->width, (unsigned)row->width};
    return gnutls_pubkey_import_ecc_raw(key, row->curve, &x, &y);
  }
  case FAMILY_EDDSA: {
    gnutls_datum_t x = datum(pub);
    return gnutls_pubkey_import_ecc_raw(key, row->curve, &x, NULL);
  }
  }
  return GNUTLS_E_INVALID_REQUEST;
}

/* ---------------------------------------------------------------- signatures: operations */

typedef struct {
  const SigRow *row;
  gnutls_privkey_t priv;          /* sign only */
  gnutls_pubkey_t pub;            /* verify only */
  size_t width;                   /* r || s: bytes of each half (ECDSA, DSA) */
  unsigned flags;                 /* GNUTLS_PRIVKEY_FLAG_REPRODUCIBLE where it applies */
  uint8_t der[SM_RS_DER_MAX(66)]; /* verify: the r || s signature re-encoded */
  SmKeygenInput keygen;           /* keygen: ECDSA d, EdDSA seed; RSA's modulus length */
} SigState;

static void sig_teardown(void *state)
{
  SigState *ss = state;
  gnutls_privkey_deinit(ss->priv); /* both deinits take NULL */
  gnutls_pubkey_deinit(ss->pub);
  free(ss);
}

/* The key this operation needs: a private key to sign; to verify, the public key given, or
 * the one of the private key when only that is given. */
static int sig_keys(SigState *ss, const SmParams *params)
{
  const SigRow *row = ss->row;
  bool sign = params->op == SM_OP_SIGN;
  bool from_private = sign || (params->pub.len == 0 && has_private(row, params) &&
                               (row->family == FAMILY_ECDSA || row->family == FAMILY_EDDSA));
  int err = 0;
  if (from_private) {
    if ((err = gnutls_privkey_init(&ss->priv)) < 0 ||
        (err = import_private(row, params, ss->priv)) < 0)
      return err;
  }
  if (sign)
    return 0;
  if ((err = gnutls_pubkey_init(&ss->pub)) < 0)
    return err;
  if (ss->priv != NULL) {
    err = gnutls_pubkey_import_privkey(ss->pub, ss->priv, 0, 0);
    gnutls_privkey_deinit(ss->priv);
    ss->priv = NULL;
    return err;
  }
  return import_public(row, params, ss->pub);
}

static SmResult sig_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  SigState *ss = state;
  const SigRow *row = params->impl_data;
  ss->row = row;
  ss->width = row->family == FAMILY_DSA ? sm_strip_zeros(params->dsa.q).len : row->width;
  if (row->family == FAMILY_ECDSA || row->family == FAMILY_DSA)
    ss->flags = GNUTLS_PRIVKEY_FLAG_REPRODUCIBLE;
  if (ss->width > 66)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "group order of %zu bytes is too large", ss->width);
  /* keygen: RSA's modulus length (GnuTLS's own generator draws the key), or the private key of
   * the others, imported per call */
  if (params->op == SM_OP_KEYGEN)
    return sm_keygen_input(&ss->keygen, row->family == FAMILY_RSA, row->width, params, msg,
                           msg_len);
  int err = sig_keys(ss, params);
  return err < 0 ? gt_fail(SM_FAILED, msg, msg_len, "importing the key", err) : SM_OK;
}

SM_DEFINE_SETUP(sig_setup, SigState, sig_fill, sig_teardown)

static SmResult sig_sign(void *state, SmIo *io)
{
  SigState *ss = state;
  gnutls_datum_t data = {(unsigned char *)(io->in_len > 0 ? io->in : empty_bytes),
                         (unsigned)io->in_len};
  gnutls_datum_t sig = {NULL, 0};
  if (gnutls_privkey_sign_data2(ss->priv, ss->row->sign, ss->flags, &data, &sig) < 0)
    return SM_FAILED;
  bool ok;
  if (ss->row->family == FAMILY_ECDSA || ss->row->family == FAMILY_DSA) {
    gnutls_datum_t r = {NULL, 0}, s = {NULL, 0};
    ok = io->out_len >= 2 * ss->width && gnutls_decode_rs_value(&sig, &r, &s) == 0 &&
         sm_put_fixed((SmBytes){r.data, r.size}, io->out, ss->width) &&
         sm_put_fixed((SmBytes){s.data, s.size}, io->out + ss->width, ss->width);
    gnutls_free(r.data);
    gnutls_free(s.data);
    io->out_len = 2 * ss->width;
  } else {
    ok = io->out_len >= sig.size;
    if (ok)
      memcpy(io->out, sig.data, sig.size);
    io->out_len = sig.size;
  }
  gnutls_free(sig.data);
  return ok ? SM_OK : SM_FAILED;
}

static SmResult sig_verify(void *state, SmIo *io)
{
  SigState *ss = state;
  gnutls_datum_t data = {(unsigned char *)(io->in_len > 0 ? io->in : empty_bytes),
                         (unsigned)io->in_len};
  gnutls_datum_t sig = {(unsigned char *)(io->aux_len > 0 ? io->aux : empty_bytes),
                        (unsigned)io->aux_len};
  if (ss->row->family == FAMILY_ECDSA || ss->row->family == FAMILY_DSA) {
    if (io->aux_len != 2 * ss->width)
      return SM_FAILED;
    sig = (gnutls_datum_t){ss->der, (unsigned)sm_rs_to_der(io->aux, ss->width, ss->der)};
  }
  if (gnutls_pubkey_verify_data2(ss->pub, ss->row->sign, 0, &data, &sig) < 0)
    return SM_FAILED;
  io->out_len = 0;
  return SM_OK;
}

/* keygen: a new gnutls_privkey_t per call. RSA: gnutls_privkey_generate2, out = n. ECDSA and
 * EdDSA: the private key imported as sign's setup does (ECDSA's public point computed with
 * Nettle underneath, EdDSA's by GnuTLS from PKCS#8), the public key exported back with
 * gnutls_privkey_export_ecc_raw2: out = 04||x||y, or the raw EdDSA key. */
static bool keygen_export(const SigState *ss, gnutls_privkey_t key, SmIo *io)
{
  const SigRow *row = ss->row;
  gnutls_datum_t x = {NULL, 0}, y = {NULL, 0};
  gnutls_ecc_curve_t curve = GNUTLS_ECC_CURVE_INVALID;
  bool ok = false;
  size_t len = 0;
  if (row->family == FAMILY_RSA) {
    len = ss->keygen.rsa_bits / 8;
    ok =
        gnutls_privkey_export_rsa_raw2(key, &x, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0) >= 0 &&
        io->out_len >= len && sm_put_fixed((SmBytes){x.data, x.size}, io->out, len);
  } else if (row->family == FAMILY_ECDSA) {
    len = 1 + 2 * row->width;
    ok = gnutls_privkey_export_ecc_raw2(key, &curve, &x, &y, NULL, 0) >= 0 && io->out_len >= len &&
         sm_put_fixed((SmBytes){x.data, x.size}, io->out + 1, row->width) &&
         sm_put_fixed((SmBytes){y.data, y.size}, io->out + 1 + row->width, row->width);
    if (ok)
      io->out[0] = 0x04;
  } else {
    len = row->width;
    ok = gnutls_privkey_export_ecc_raw2(key, &curve, &x, NULL, NULL, 0) >= 0 && x.size == len &&
         io->out_len >= len;
    if (ok)
      memcpy(io->out, x.data, len);
  }
  gnutls_free(x.data);
  gnutls_free(y.data);
  io->out_len = len;
  return ok;
}

static SmResult sig_keygen(void *state, SmIo *io)
{
  SigState *ss = state;
  gnutls_privkey_t key = NULL;
  if (gnutls_privkey_init(&key) < 0)
    return SM_FAILED;
  SmParams from_seed = {.priv = {ss->keygen.seed, ss->keygen.seed_len}};
  int err = ss->row->family == FAMILY_RSA
                ? gnutls_privkey_generate2(key, GNUTLS_PK_RSA, ss->keygen.rsa_bits, 0, NULL, 0)
                : import_private(ss->row, &from_seed, key);
  bool ok = err >= 0 && keygen_export(ss, key, io);
  gnutls_privkey_deinit(key);
  return ok ? SM_OK : SM_FAILED;
}

/* ---------------------------------------------------------------- the tables */

static const CipherRow aes128_cbc = {GNUTLS_CIPHER_AES_128_CBC, false};
static const CipherRow aes192_cbc = {GNUTLS_CIPHER_AES_192_CBC, false};
static const CipherRow aes256_cbc = {GNUTLS_CIPHER_AES_256_CBC, false};
static const CipherRow aes128_xts = {GNUTLS_CIPHER_AES_128_XTS, true};
static const CipherRow aes256_xts = {GNUTLS_CIPHER_AES_256_XTS, true};
/* CHACHA20_32 takes the catalogue's 16-byte iv as it is: LE 32-bit counter || 96-bit nonce */
static const CipherRow chacha20 = {GNUTLS_CIPHER_CHACHA20_32, false};
static const CipherRow camellia128_cbc = {GNUTLS_CIPHER_CAMELLIA_128_CBC, false};
static const CipherRow des_cbc = {GNUTLS_CIPHER_DES_CBC, false};
static const CipherRow des_ede3_cbc = {GNUTLS_CIPHER_3DES_CBC, false};
static const CipherRow rc4 = {GNUTLS_CIPHER_ARCFOUR_128, false};

static const AeadRow aes128_gcm = {GNUTLS_CIPHER_AES_128_GCM};
static const AeadRow aes192_gcm = {GNUTLS_CIPHER_AES_192_GCM};
static const AeadRow aes256_gcm = {GNUTLS_CIPHER_AES_256_GCM};
static const AeadRow aes128_ccm = {GNUTLS_CIPHER_AES_128_CCM};
static const AeadRow aes256_ccm = {GNUTLS_CIPHER_AES_256_CCM};
static const AeadRow chacha20_poly1305 = {GNUTLS_CIPHER_CHACHA20_POLY1305};

static const DigestRow md5 = {GNUTLS_DIG_MD5};
static const DigestRow sha1 = {GNUTLS_DIG_SHA1};
static const DigestRow sha224 = {GNUTLS_DIG_SHA224};
static const DigestRow sha256 = {GNUTLS_DIG_SHA256};
static const DigestRow sha384 = {GNUTLS_DIG_SHA384};
static const DigestRow sha512 = {GNUTLS_DIG_SHA512};
static const DigestRow sha3_256 = {GNUTLS_DIG_SHA3_256};
static const DigestRow sha3_512 = {GNUTLS_DIG_SHA3_512};

static const MacRow hmac_md5 = {GNUTLS_MAC_MD5};
static const MacRow hmac_sha1 = {GNUTLS_MAC_SHA1};
static const MacRow hmac_sha256 = {GNUTLS_MAC_SHA256};
static const MacRow hmac_sha384 = {GNUTLS_MAC_SHA384};
static const MacRow hmac_sha512 = {GNUTLS_MAC_SHA512};
static const MacRow cmac_aes128 = {GNUTLS_MAC_AES_CMAC_128};

/* PKCS#8 PrivateKeyInfo { 0, AlgorithmIdentifier { id-Ed25519 / id-Ed448 }, OCTET STRING {
 * OCTET STRING seed } } up to the seed (RFC 8410). */
static const uint8_t ed25519_pkcs8[] = {0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06,
                                        0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20};
static const uint8_t ed448_pkcs8[] = {0x30, 0x47, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06,
                                      0x03, 0x2b, 0x65, 0x71, 0x04, 0x3b, 0x04, 0x39};

static const SigRow rsa_row = {.family = FAMILY_RSA, .sign = GNUTLS_SIGN_RSA_SHA256};
static const SigRow dsa_row = {.family = FAMILY_DSA, .sign = GNUTLS_SIGN_DSA_SHA256};
static const SigRow ecdsa_p256 = {FAMILY_ECDSA,
                                  GNUTLS_SIGN_ECDSA_SHA256,
                                  GNUTLS_ECC_CURVE_SECP256R1,
                                  32,
                                  nettle_get_secp_256r1,
                                  NULL,
                                  0};
static const SigRow ecdsa_p384 = {FAMILY_ECDSA,
                                  GNUTLS_SIGN_ECDSA_SHA384,
                                  GNUTLS_ECC_CURVE_SECP384R1,
                                  48,
                                  nettle_get_secp_384r1,
                                  NULL,
                                  0};
static const SigRow ecdsa_p521 = {FAMILY_ECDSA,
                                  GNUTLS_SIGN_ECDSA_SHA512,
                                  GNUTLS_ECC_CURVE_SECP521R1,
                                  66,
                                  nettle_get_secp_521r1,
                                  NULL,
                                  0};
static const SigRow ed25519 = {
    FAMILY_EDDSA,  GNUTLS_SIGN_EDDSA_ED25519, GNUTLS_ECC_CURVE_ED25519, 32, NULL,
    ed25519_pkcs8, sizeof ed25519_pkcs8};
static const SigRow ed448 = {
    FAMILY_EDDSA, GNUTLS_SIGN_EDDSA_ED448, GNUTLS_ECC_CURVE_ED448, 57, NULL,
    ed448_pkcs8,  sizeof ed448_pkcs8};

#define NO_LOW                                                                                     \
  "GnuTLS's only direct calls are gnutls_hash_fast and gnutls_hmac_fast; its direct layer is "     \
  "Nettle, already an engine"

/* A table row per family, its impls made in place (IMPL, one of the SM_IMPL_* macros, with its
 * arguments): evp only, but digests and MACs at both levels. */
#define ROW_EVP(n, k, IMPL, ...) SM_ROW_EVP_ONLY(n, k, &(const SmImpl)IMPL(__VA_ARGS__), NO_LOW)
#define ROW_BOTH(n, k, IMPL, evp_args, low_args)                                                   \
  SM_ROW_BOTH(n, k, &(const SmImpl)IMPL evp_args, &(const SmImpl)IMPL low_args)
/* clang-format off */
#define CIPHER(n, row) ROW_EVP(n, SM_KIND_CIPHER, SM_IMPL_CIPHER, \
    cipher_setup, cipher_teardown, &row, cipher_crypt, cipher_crypt)
#define XTS(n, row) ROW_EVP(n, SM_KIND_CIPHER, SM_IMPL_CIPHER, \
    cipher_setup, cipher_teardown, &row, xts_crypt, xts_crypt)
#define CHACHA20(n, row) ROW_EVP(n, SM_KIND_CIPHER, SM_IMPL_CIPHER, \
    cipher_setup, cipher_teardown, &row, chacha20_crypt, chacha20_crypt)
#define AEAD(n, row) ROW_EVP(n, SM_KIND_AEAD, SM_IMPL_CIPHER, \
    aead_setup, aead_teardown, &row, aead_encrypt, aead_decrypt)
#define DIGEST(n, row) ROW_BOTH(n, SM_KIND_DIGEST, SM_IMPL_HASH, \
    (digest_evp_setup, digest_teardown, &row, digest_evp_hash), \
    (digest_low_setup, digest_teardown, &row, digest_low_hash))
#define MAC(n, row) ROW_BOTH(n, SM_KIND_MAC, SM_IMPL_MAC, \
    (mac_setup, mac_teardown, &row, mac_evp_mac), (mac_setup, mac_teardown, &row, mac_low_mac))
#define SIG(n, row) ROW_EVP(n, SM_KIND_SIGNATURE, SM_IMPL_SIGNATURE, \
    sig_setup, sig_teardown, &row, sig_sign, sig_verify)
#define SIG_KEYGEN(n, row) ROW_EVP(n, SM_KIND_SIGNATURE, SM_IMPL_SIGNATURE_KEYGEN, \
    sig_setup, sig_teardown, &row, sig_sign, sig_verify, sig_keygen)
/* clang-format on */

#define NO_RMD160                                                                                  \
  "GnuTLS 3.7.9 does not list RIPEMD-160 among its digests (gnutls_hash_init answers "             \
  "GNUTLS_E_INVALID_REQUEST)"
#if GNUTLS_VERSION_NUMBER >= 0x030802
#define NO_KEX                                                                                     \
  "this engine does not call gnutls_privkey_derive_secret (GnuTLS 3.8.2) yet: it is written "      \
  "against 3.7.9, which has no public key-exchange call"
#else
#define NO_KEX                                                                                     \
  "GnuTLS 3.7.9 has no public key-exchange call (gnutls_privkey_derive_secret came in 3.8.2)"
#endif
#define ROW_NO_KEX(n) SM_ROW_NONE(n, SM_KIND_KEX, NO_KEX)

static const SmAlgorithm algorithms[] = {
    CIPHER("aes-128-cbc", aes128_cbc),
    CIPHER("aes-192-cbc", aes192_cbc),
    CIPHER("aes-256-cbc", aes256_cbc),
    XTS("aes-128-xts", aes128_xts),
    XTS("aes-256-xts", aes256_xts),
    CHACHA20("chacha20", chacha20),
    CIPHER("camellia-128-cbc", camellia128_cbc),
    CIPHER("des-cbc", des_cbc),
    CIPHER("des-ede3-cbc", des_ede3_cbc),
    CIPHER("rc4", rc4),
    AEAD("aes-128-gcm", aes128_gcm),
    AEAD("aes-192-gcm", aes192_gcm),
    AEAD("aes-256-gcm", aes256_gcm),
    AEAD("aes-128-ccm", aes128_ccm),
    AEAD("aes-256-ccm", aes256_ccm),
    AEAD("chacha20-poly1305", chacha20_poly1305),
    DIGEST("md5", md5),
    DIGEST("sha1", sha1),
    DIGEST("sha224", sha224),
    DIGEST("sha256", sha256),
    DIGEST("sha384", sha384),
    DIGEST("sha512", sha512),
    DIGEST("sha3-256", sha3_256),
    DIGEST("sha3-512", sha3_512),
    SM_ROW_NONE("ripemd160", SM_KIND_DIGEST, NO_RMD160),
    MAC("hmac-md5", hmac_md5),
    MAC("hmac-sha1", hmac_sha1),
    MAC("hmac-sha256", hmac_sha256),
    MAC("hmac-sha384", hmac_sha384),
    MAC("hmac-sha512", hmac_sha512),
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
    SIG_KEYGEN("ed25519", ed25519),
    SIG_KEYGEN("ed448", ed448),
    ROW_NO_KEX("x25519"),
    ROW_NO_KEX("x448"),
    ROW_NO_KEX("ecdh-p256"),
    ROW_NO_KEX("ecdh-p384"),
    SM_ROW_END,
};

/* ---------------------------------------------------------------- engine */

static const char *lib_version(void) { return gnutls_check_version(NULL); }

/* What GnuTLS says about its CPU-specific code: its level-2 log lines "Intel AES accelerator
 * was detected" etc., written only while the library initialises. */
static char accel_report[512];

static void collect_accel_log(int level, const char *line)
{
  (void)level;
  if (strstr(line, "was detected") == NULL && strstr(line, "accelerator") == NULL)
    return;
  size_t used = strlen(accel_report);
  size_t len = strcspn(line, "\n");
  if (used + len + 3 < sizeof accel_report)
    snprintf(accel_report + used, sizeof accel_report - used, "%s%.*s", used > 0 ? "; " : "",
             (int)len, line);
}

/* GnuTLS initialises itself when it loads, before anyone can install a log function; one
 * deinit/init cycle with logging on repeats its CPU detection where it can be heard. The
 * detection itself honours GNUTLS_CPUID_OVERRIDE (and Nettle's NETTLE_FAT_OVERRIDE) from the
 * environment the runner set before loading. */
static SmResult engine_init(const SmEngineConfig *config, char *msg, size_t msg_len)
{
  static bool done;
  const char *cpuid = getenv("GNUTLS_CPUID_OVERRIDE");
  const char *fat = getenv("NETTLE_FAT_OVERRIDE");
  if (config != NULL && config->accel == SM_ACCEL_OFF &&
      (cpuid == NULL || strcmp(cpuid, "0x1") != 0 || fat == NULL || fat[0] != '\0'))
    return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                  "GNUTLS_CPUID_OVERRIDE=0x1 and NETTLE_FAT_OVERRIDE= were not set when GnuTLS "
                  "loaded");
  if (!done) {
    accel_report[0] = '\0';
    gnutls_global_set_log_function(collect_accel_log);
    gnutls_global_set_log_level(2);
    gnutls_global_deinit();
    int err = gnutls_global_init();
    gnutls_global_set_log_level(0);
    if (err < 0)
      return gt_fail(SM_FAILED, msg, msg_len, "gnutls_global_init", err);
    done = true;
  }
  return sm_msg(SM_OK, msg, msg_len, "%s%s%s%s; RSA blinding uses GnuTLS's own RNG (unseeded)",
                accel_report[0] != '\0' ? accel_report : "no accelerator reported",
                cpuid != NULL ? "; GNUTLS_CPUID_OVERRIDE=" : "", cpuid != NULL ? cpuid : "",
                fat != NULL ? "; NETTLE_FAT_OVERRIDE set" : "");
}

/* Both: GnuTLS's own x86 code obeys the first, the Nettle fat code beneath it the second. */
static const char *const accel_off_env[] = {"GNUTLS_CPUID_OVERRIDE=0x1",
                                            "NETTLE_FAT_OVERRIDE=", NULL};

SM_ENGINE_DESCRIPTOR(engine, "gnutls", "GnuTLS", lib_version, engine_init, NULL, accel_off_env,
                     "crypto API handles made once per cell (gnutls_cipher_*, "
                     "gnutls_aead_cipher_*, gnutls_hash_*, gnutls_hmac_*, "
                     "gnutls_privkey_sign_data2/gnutls_pubkey_verify_data2)",
                     "the one-shot calls gnutls_hash_fast and gnutls_hmac_fast", algorithms);

SM_DEFINE_ENTRY(engine)

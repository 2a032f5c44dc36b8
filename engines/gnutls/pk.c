/* GnuTLS engine: signatures (gnutls_privkey_sign_data2 / gnutls_pubkey_verify_data2) and their
 * rows; and the key-exchange rows, none of which GnuTLS 3.7 offers. */

#include "gnutls-engine.h"

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
  gnutls_datum_t data = datum((SmBytes){io->in, io->in_len});
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
  gnutls_datum_t data = datum((SmBytes){io->in, io->in_len});
  gnutls_datum_t sig = datum((SmBytes){io->aux, io->aux_len});
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

/* ---------------------------------------------------------------- rows */

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

/* clang-format off */
#define SIG(n, row) ROW_EVP(n, SM_KIND_SIGNATURE, SM_IMPL_SIGNATURE, \
    sig_setup, sig_teardown, &row, sig_sign, sig_verify)
#define SIG_KEYGEN(n, row) ROW_EVP(n, SM_KIND_SIGNATURE, SM_IMPL_SIGNATURE_KEYGEN, \
    sig_setup, sig_teardown, &row, sig_sign, sig_verify, sig_keygen)
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
    SIG_KEYGEN("ed25519", ed25519),
    SIG_KEYGEN("ed448", ed448),
    SM_ROW_END,
};

#if GNUTLS_VERSION_NUMBER >= 0x030802
#define NO_KEX                                                                                     \
  "this engine does not call gnutls_privkey_derive_secret (GnuTLS 3.8.2) yet: it is written "      \
  "against 3.7.9, which has no public key-exchange call"
#else
#define NO_KEX                                                                                     \
  "GnuTLS 3.7.9 has no public key-exchange call (gnutls_privkey_derive_secret came in 3.8.2)"
#endif
#define ROW_NO_KEX(n) SM_ROW_NONE(n, SM_KIND_KEX, NO_KEX)

/* The key exchange rows, in the order `list` shows them. */
const SmAlgorithm kex_rows[] = {
    ROW_NO_KEX("x25519"),    ROW_NO_KEX("x448"), ROW_NO_KEX("ecdh-p256"),
    ROW_NO_KEX("ecdh-p384"), SM_ROW_END,
};

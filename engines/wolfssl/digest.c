/* wolfSSL engine: digests and MACs. Digests: low = the typed init/update/final of each
 * wolfCrypt hash on a context kept in the state; evp = wolfSSL_EVP_MD_CTX. MACs: low =
 * wc_Hmac*, wc_Cmac*, wc_Poly1305*; evp = the compatibility layer's wolfSSL_HMAC_* and
 * wolfSSL_CMAC_* (it has no EVP_MAC). */
#include "wolfssl-engine.h"

/* ------------------------------------------------------------------------------------------ */
/* digests: low                                                                                 */

typedef union {
  Md4 md4;
  wc_Md5 md5;
  wc_Sha sha1;
  wc_Sha224 sha224;
  wc_Sha256 sha256;
  wc_Sha384 sha384;
  wc_Sha512 sha512;
  wc_Sha3 sha3;
  Blake2b blake2b;
  Blake2s blake2s;
  RipeMd ripemd;
} LowHashCtx;

typedef int (*LowHashFn)(LowHashCtx *ctx, const byte *in, word32 len, byte *out);

typedef struct {
  LowHashFn hash;
  size_t out_len;
} LowDigestRow;

static int hash_md4(LowHashCtx *ctx, const byte *in, word32 len, byte *out)
{
  wc_InitMd4(&ctx->md4); /* void: wolfCrypt's MD4 cannot fail */
  wc_Md4Update(&ctx->md4, in, len);
  wc_Md4Final(&ctx->md4, out);
  return 0;
}

/* hash_<name>: one message through a wolfCrypt hash's typed init, update, final and free on
 * ctx-><field>. */
#define TYPED_HASH(name, field, init, update, final, release)                                      \
  static int hash_##name(LowHashCtx *ctx, const byte *in, word32 len, byte *out)                   \
  {                                                                                                \
    int ret = init(&ctx->field);                                                                   \
    if (ret == 0)                                                                                  \
      ret = update(&ctx->field, in, len);                                                          \
    if (ret == 0)                                                                                  \
      ret = final(&ctx->field, out);                                                               \
    release(&ctx->field);                                                                          \
    return ret;                                                                                    \
  }

/* SHA-3's init also takes a heap hint and a device id. */
static int init_sha3_256(wc_Sha3 *sha3) { return wc_InitSha3_256(sha3, NULL, INVALID_DEVID); }
static int init_sha3_512(wc_Sha3 *sha3) { return wc_InitSha3_512(sha3, NULL, INVALID_DEVID); }

TYPED_HASH(md5, md5, wc_InitMd5, wc_Md5Update, wc_Md5Final, wc_Md5Free)
TYPED_HASH(sha1, sha1, wc_InitSha, wc_ShaUpdate, wc_ShaFinal, wc_ShaFree)
TYPED_HASH(sha224, sha224, wc_InitSha224, wc_Sha224Update, wc_Sha224Final, wc_Sha224Free)
TYPED_HASH(sha256, sha256, wc_InitSha256, wc_Sha256Update, wc_Sha256Final, wc_Sha256Free)
TYPED_HASH(sha384, sha384, wc_InitSha384, wc_Sha384Update, wc_Sha384Final, wc_Sha384Free)
TYPED_HASH(sha512, sha512, wc_InitSha512, wc_Sha512Update, wc_Sha512Final, wc_Sha512Free)
TYPED_HASH(sha3_256, sha3, init_sha3_256, wc_Sha3_256_Update, wc_Sha3_256_Final, wc_Sha3_256_Free)
TYPED_HASH(sha3_512, sha3, init_sha3_512, wc_Sha3_512_Update, wc_Sha3_512_Final, wc_Sha3_512_Free)

static int hash_blake2b512(LowHashCtx *ctx, const byte *in, word32 len, byte *out)
{
  int ret = wc_InitBlake2b(&ctx->blake2b, 64);
  if (ret == 0)
    ret = wc_Blake2bUpdate(&ctx->blake2b, in, len);
  return ret == 0 ? wc_Blake2bFinal(&ctx->blake2b, out, 64) : ret;
}

static int hash_blake2s256(LowHashCtx *ctx, const byte *in, word32 len, byte *out)
{
  int ret = wc_InitBlake2s(&ctx->blake2s, 32);
  if (ret == 0)
    ret = wc_Blake2sUpdate(&ctx->blake2s, in, len);
  return ret == 0 ? wc_Blake2sFinal(&ctx->blake2s, out, 32) : ret;
}

static int hash_ripemd160(LowHashCtx *ctx, const byte *in, word32 len, byte *out)
{
  int ret = wc_InitRipeMd(&ctx->ripemd);
  if (ret == 0)
    ret = wc_RipeMdUpdate(&ctx->ripemd, in, len);
  return ret == 0 ? wc_RipeMdFinal(&ctx->ripemd, out) : ret;
}

typedef struct {
  LowHashCtx ctx;
  const LowDigestRow *row;
} LowDigestState;

static SmResult low_digest_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  LowDigestState *s = state;
  s->row = params->impl_data;
  if (!fits_word32(params->max_len))
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "wolfCrypt hashes take word32 lengths");
  return SM_OK;
}

SM_DEFINE_SETUP(low_digest_setup, LowDigestState, low_digest_fill, free)

static SmResult low_digest_hash(void *state, SmIo *io)
{
  LowDigestState *s = state;
  if (io->out_len < s->row->out_len || s->row->hash(&s->ctx, io->in, (word32)io->in_len, io->out))
    return SM_FAILED;
  return sm_output(io, s->row->out_len);
}

/* ------------------------------------------------------------------------------------------ */
/* digests: evp                                                                                 */

typedef struct {
  const WOLFSSL_EVP_MD *md;
  WOLFSSL_EVP_MD_CTX *ctx;
  size_t out_len;
} EvpDigestState;

static void evp_digest_teardown(void *state)
{
  EvpDigestState *s = state;
  if (s == NULL)
    return;
  wolfSSL_EVP_MD_CTX_free(s->ctx);
  free(s);
}

static SmResult evp_digest_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  EvpDigestState *s = state;
  s->md = ((const EvpMdRow *)params->impl_data)->md();
  s->out_len = s->md != NULL ? (size_t)wolfSSL_EVP_MD_size(s->md) : 0;
  s->ctx = wolfSSL_EVP_MD_CTX_new();
  if (s->ctx == NULL || s->md == NULL ||
      wolfSSL_EVP_DigestInit_ex(s->ctx, s->md, NULL) != WOLFSSL_SUCCESS)
    return sm_msg(SM_FAILED, msg, msg_len, "wolfSSL_EVP_DigestInit_ex refused the digest");
  return SM_OK;
}

SM_DEFINE_SETUP(evp_digest_setup, EvpDigestState, evp_digest_fill, evp_digest_teardown)

static SmResult evp_digest_hash(void *state, SmIo *io)
{
  EvpDigestState *s = state;
  unsigned int len = 0;
  if (io->out_len < s->out_len ||
      wolfSSL_EVP_DigestInit_ex(s->ctx, s->md, NULL) != WOLFSSL_SUCCESS ||
      wolfSSL_EVP_DigestUpdate(s->ctx, io->in, io->in_len) != WOLFSSL_SUCCESS ||
      wolfSSL_EVP_DigestFinal_ex(s->ctx, io->out, &len) != WOLFSSL_SUCCESS)
    return SM_FAILED;
  return sm_output(io, len);
}

/* ------------------------------------------------------------------------------------------ */
/* digests: the rows, in the order `list` shows them                                          */

#define DIGEST_EVP(md_getter)                                                                      \
  (&(const SmImpl)SM_IMPL_HASH(evp_digest_setup, evp_digest_teardown,                              \
                               (&(const EvpMdRow){md_getter}), evp_digest_hash))
#define DIGEST_LOW(hash_fn, out_len)                                                               \
  (&(const SmImpl)SM_IMPL_HASH(low_digest_setup, free, (&(const LowDigestRow){hash_fn, out_len}),  \
                               low_digest_hash))
/* A digest row: wolfSSL_EVP_<md> (evp) and the typed wolfCrypt calls (low). */
#define DIGEST_ROW(n, md_getter, hash_fn, out_len)                                                 \
  SM_ROW_BOTH(n, SM_KIND_DIGEST, DIGEST_EVP(md_getter), DIGEST_LOW(hash_fn, out_len))
#define DIGEST_LOW_ROW(n, hash_fn, out_len, why)                                                   \
  SM_ROW_LOW_ONLY(n, SM_KIND_DIGEST, DIGEST_LOW(hash_fn, out_len), why)

const SmAlgorithm digest_rows[] = {
    DIGEST_ROW("md4", wolfSSL_EVP_md4, hash_md4, 16),
    DIGEST_ROW("md5", wolfSSL_EVP_md5, hash_md5, 16),
    DIGEST_ROW("sha1", wolfSSL_EVP_sha1, hash_sha1, 20),
    DIGEST_ROW("sha224", wolfSSL_EVP_sha224, hash_sha224, 28),
    DIGEST_ROW("sha256", wolfSSL_EVP_sha256, hash_sha256, 32),
    DIGEST_ROW("sha384", wolfSSL_EVP_sha384, hash_sha384, 48),
    DIGEST_ROW("sha512", wolfSSL_EVP_sha512, hash_sha512, 64),
    DIGEST_ROW("sha3-256", wolfSSL_EVP_sha3_256, hash_sha3_256, 32),
    DIGEST_ROW("sha3-512", wolfSSL_EVP_sha3_512, hash_sha3_512, 64),
    DIGEST_LOW_ROW(
        "blake2b512", hash_blake2b512, 64,
        "wolfSSL 5.5's wolfSSL_EVP_DigestInit_ex refuses BLAKE2b-512 (wolfSSL_EVP_blake2b512 only "
        "names it)"),
    DIGEST_LOW_ROW(
        "blake2s256", hash_blake2s256, 32,
        "wolfSSL 5.5's wolfSSL_EVP_DigestInit_ex refuses BLAKE2s-256 (wolfSSL_EVP_blake2s256 only "
        "names it)"),
    DIGEST_LOW_ROW(
        "ripemd160", hash_ripemd160, 20,
        "wolfSSL 5.5's wolfSSL_EVP_DigestInit_ex refuses RIPEMD-160 (wolfSSL_EVP_ripemd160 only "
        "names it)"),
    SM_ROW_END,
};

/* ------------------------------------------------------------------------------------------ */
/* MACs: low                                                                                    */

typedef enum { LOW_HMAC, LOW_CMAC, LOW_POLY1305 } LowMacMode;

typedef struct {
  LowMacMode mode;
  int hmac_type; /* WC_MD5, WC_SHA256, ... */
  size_t out_len;
} LowMacRow;

typedef struct {
  union {
    Hmac hmac;
    Cmac cmac;
    Poly1305 poly1305;
  } keyed;         /* HMAC: keyed once (wc_HmacFinal leaves it ready for the next message);
                      CMAC: the keyed template */
  Cmac cmac;       /* CMAC: the working copy of the template */
  uint8_t key[32]; /* Poly1305: a one-time key is set per message */
  const LowMacRow *row;
} LowMacState;

static void low_mac_teardown(void *state)
{
  LowMacState *s = state;
  if (s->row != NULL && s->row->mode == LOW_HMAC)
    wc_HmacFree(&s->keyed.hmac);
  free(s);
}

static SmResult low_mac_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  LowMacState *s = state;
  const LowMacRow *row = params->impl_data;
  if (!fits_word32(params->max_len) || !fits_word32(params->key.len))
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "wolfCrypt MACs take word32 lengths");
  if (row->mode == LOW_POLY1305 && params->key.len != 32)
    return sm_msg(SM_FAILED, msg, msg_len, "poly1305 takes a 32-byte one-time key");
  s->row = row; /* from here on the teardown frees what the row's mode keyed */
  const uint8_t *key = sm_bytes_or_empty(params->key);
  int ret = 0;
  if (row->mode == LOW_HMAC) {
    ret = wc_HmacInit(&s->keyed.hmac, NULL, INVALID_DEVID);
    if (ret == 0)
      ret = wc_HmacSetKey(&s->keyed.hmac, row->hmac_type, key, (word32)params->key.len);
  } else if (row->mode == LOW_CMAC) {
    ret = wc_InitCmac(&s->keyed.cmac, key, (word32)params->key.len, WC_CMAC_AES, NULL);
  } else {
    memcpy(s->key, key, sizeof s->key);
  }
  return ret != 0 ? wolf_fail(SM_FAILED, msg, msg_len, "keying the MAC", ret) : SM_OK;
}

SM_DEFINE_SETUP(low_mac_setup, LowMacState, low_mac_fill, low_mac_teardown)

static SmResult low_hmac_mac(void *state, SmIo *io)
{
  LowMacState *s = state;
  if (io->out_len < s->row->out_len ||
      wc_HmacUpdate(&s->keyed.hmac, io->in, (word32)io->in_len) != 0 ||
      wc_HmacFinal(&s->keyed.hmac, io->out) != 0)
    return SM_FAILED;
  return sm_output(io, s->row->out_len);
}

/* wolfCrypt's CMAC has no reset: the keyed template is copied per message (no allocation). */
static SmResult low_cmac_mac(void *state, SmIo *io)
{
  LowMacState *s = state;
  word32 len = (word32)s->row->out_len;
  if (io->out_len < s->row->out_len)
    return SM_FAILED;
  s->cmac = s->keyed.cmac;
  if (wc_CmacUpdate(&s->cmac, io->in, (word32)io->in_len) != 0 ||
      wc_CmacFinal(&s->cmac, io->out, &len) != 0)
    return SM_FAILED;
  return sm_output(io, len);
}

static SmResult low_poly1305_mac(void *state, SmIo *io)
{
  LowMacState *s = state;
  if (io->out_len < POLY1305_DIGEST_SIZE ||
      wc_Poly1305SetKey(&s->keyed.poly1305, s->key, sizeof s->key) != 0 ||
      wc_Poly1305Update(&s->keyed.poly1305, io->in, (word32)io->in_len) != 0 ||
      wc_Poly1305Final(&s->keyed.poly1305, io->out) != 0)
    return SM_FAILED;
  return sm_output(io, POLY1305_DIGEST_SIZE);
}

/* ------------------------------------------------------------------------------------------ */
/* MACs: evp                                                                                    */

typedef struct {
  WOLFSSL_HMAC_CTX *hmac;
  size_t out_len;
} EvpHmacState;

static void evp_hmac_teardown(void *state)
{
  EvpHmacState *s = state;
  if (s == NULL)
    return;
  wolfSSL_HMAC_CTX_free(s->hmac);
  free(s);
}

/* The keyed init is the key schedule; a NULL key per call restarts from it. */
static SmResult evp_hmac_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  EvpHmacState *s = state;
  const WOLFSSL_EVP_MD *md = ((const EvpMdRow *)params->impl_data)->md();
  s->out_len = md != NULL ? (size_t)wolfSSL_EVP_MD_size(md) : 0;
  s->hmac = wolfSSL_HMAC_CTX_new();
  if (s->hmac == NULL || md == NULL ||
      wolfSSL_HMAC_Init_ex(s->hmac, sm_bytes_or_empty(params->key), (int)params->key.len, md,
                           NULL) != WOLFSSL_SUCCESS)
    return sm_msg(SM_FAILED, msg, msg_len, "wolfSSL_HMAC_Init_ex refused the digest or key");
  return SM_OK;
}

SM_DEFINE_SETUP(evp_hmac_setup, EvpHmacState, evp_hmac_fill, evp_hmac_teardown)

static SmResult evp_hmac_mac(void *state, SmIo *io)
{
  EvpHmacState *s = state;
  unsigned int len = 0;
  if (io->out_len < s->out_len ||
      wolfSSL_HMAC_Init_ex(s->hmac, NULL, 0, NULL, NULL) != WOLFSSL_SUCCESS ||
      wolfSSL_HMAC_Update(s->hmac, io->in, io->in_len) != WOLFSSL_SUCCESS ||
      wolfSSL_HMAC_Final(s->hmac, io->out, &len) != WOLFSSL_SUCCESS)
    return SM_FAILED;
  return sm_output(io, len);
}

/* wolfSSL_CMAC_Init with a NULL key does not restart from the kept subkeys, so each message is
 * keyed again: that is the compatibility layer's cost. */
typedef struct {
  WOLFSSL_CMAC_CTX *ctx;
  uint8_t key[16];
} EvpCmacState;

static void evp_cmac_teardown(void *state)
{
  EvpCmacState *s = state;
  if (s != NULL)
    wolfSSL_CMAC_CTX_free(s->ctx);
  free(s);
}

static SmResult evp_cmac_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  EvpCmacState *s = state;
  if (params->key.len != 16)
    return sm_msg(SM_FAILED, msg, msg_len, "cmac-aes128 takes a 16-byte key");
  if ((s->ctx = wolfSSL_CMAC_CTX_new()) == NULL)
    return sm_out_of_memory(msg, msg_len);
  memcpy(s->key, params->key.data, sizeof s->key);
  return SM_OK;
}

SM_DEFINE_SETUP(evp_cmac_setup, EvpCmacState, evp_cmac_fill, evp_cmac_teardown)

static SmResult evp_cmac_mac(void *state, SmIo *io)
{
  EvpCmacState *s = state;
  size_t len = io->out_len;
  if (io->out_len < 16 ||
      wolfSSL_CMAC_Init(s->ctx, s->key, sizeof s->key, wolfSSL_EVP_aes_128_cbc(), NULL) !=
          WOLFSSL_SUCCESS ||
      wolfSSL_CMAC_Update(s->ctx, io->in, io->in_len) != WOLFSSL_SUCCESS ||
      wolfSSL_CMAC_Final(s->ctx, io->out, &len) != WOLFSSL_SUCCESS)
    return SM_FAILED;
  return sm_output(io, len);
}

/* ------------------------------------------------------------------------------------------ */
/* MACs: the rows, in the order `list` shows them                                             */

static const LowMacRow cmac_low_row = {LOW_CMAC, 0, 16}, poly1305_low_row = {LOW_POLY1305, 0, 16};

#define LOW_MAC(mac_fn, row)                                                                       \
  (&(const SmImpl)SM_IMPL_MAC(low_mac_setup, low_mac_teardown, row, mac_fn))
/* An HMAC row: wolfSSL_HMAC_* over wolfSSL_EVP_<md> (evp), wc_Hmac* of wolfCrypt's type (low). */
#define HMAC_ROW(n, md_getter, wc_type, out_len)                                                   \
  SM_ROW_BOTH(n, SM_KIND_MAC,                                                                      \
              (&(const SmImpl)SM_IMPL_MAC(evp_hmac_setup, evp_hmac_teardown,                       \
                                          (&(const EvpMdRow){md_getter}), evp_hmac_mac)),          \
              LOW_MAC(low_hmac_mac, (&(const LowMacRow){LOW_HMAC, wc_type, out_len})))

const SmAlgorithm mac_rows[] = {
    HMAC_ROW("hmac-md5", wolfSSL_EVP_md5, WC_MD5, 16),
    HMAC_ROW("hmac-sha1", wolfSSL_EVP_sha1, WC_SHA, 20),
    HMAC_ROW("hmac-sha256", wolfSSL_EVP_sha256, WC_SHA256, 32),
    HMAC_ROW("hmac-sha384", wolfSSL_EVP_sha384, WC_SHA384, 48),
    HMAC_ROW("hmac-sha512", wolfSSL_EVP_sha512, WC_SHA512, 64),
    SM_ROW_BOTH("cmac-aes128", SM_KIND_MAC,
                (&(const SmImpl)SM_IMPL_MAC(evp_cmac_setup, evp_cmac_teardown, NULL, evp_cmac_mac)),
                LOW_MAC(low_cmac_mac, &cmac_low_row)),
    SM_ROW_LOW_ONLY("poly1305", SM_KIND_MAC, LOW_MAC(low_poly1305_mac, &poly1305_low_row),
                    "wolfSSL's compatibility layer has no Poly1305 MAC (wc_Poly1305* only)"),
    SM_ROW_END,
};

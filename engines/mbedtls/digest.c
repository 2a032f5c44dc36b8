/* Mbed TLS engine: digests, HMAC, CMAC and Poly1305, and their rows. */
#include "mbedtls-engine.h"

/* ---- evp: digests and HMAC (mbedtls_md_*) ---- */

typedef struct {
  mbedtls_md_context_t ctx;
  size_t out_len;
} MdState;

void md_teardown(void *state)
{
  MdState *st = state;
  if (st != NULL)
    mbedtls_md_free(&st->ctx);
  free(st);
}

/* hmac: keyed once here; each call resets to the keyed state. */
static SmResult md_fill_with(MdState *st, const SmParams *params, bool hmac, char *msg,
                             size_t msg_len)
{
  mbedtls_md_init(&st->ctx);
  const MdRow *row = params->impl_data;
  const mbedtls_md_info_t *info = mbedtls_md_info_from_type(row->type);
  if (info == NULL)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "mbedtls_md_info_from_type(%d) is NULL",
                  (int)row->type);
  st->out_len = mbedtls_md_get_size(info);
  int ret = mbedtls_md_setup(&st->ctx, info, hmac);
  if (ret == 0 && hmac)
    ret = mbedtls_md_hmac_starts(&st->ctx, sm_bytes_or_empty(params->key), params->key.len);
  return ret != 0 ? mbed_fail(SM_FAILED, msg, msg_len, "mbedtls_md_setup", ret) : SM_OK;
}

static SmResult md_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  return md_fill_with(state, params, false, msg, msg_len);
}

static SmResult hmac_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  return md_fill_with(state, params, true, msg, msg_len);
}

SM_DEFINE_SETUP(md_setup, MdState, md_fill, md_teardown)
SM_DEFINE_SETUP(hmac_setup, MdState, hmac_fill, md_teardown)

SmResult md_hash(void *state, SmIo *io)
{
  MdState *st = state;
  if (io->out_len < st->out_len || mbedtls_md_starts(&st->ctx) != 0 ||
      mbedtls_md_update(&st->ctx, io->in, io->in_len) != 0 ||
      mbedtls_md_finish(&st->ctx, io->out) != 0)
    return SM_FAILED;
  io->out_len = st->out_len;
  return SM_OK;
}

SmResult hmac_mac(void *state, SmIo *io)
{
  MdState *st = state;
  if (io->out_len < st->out_len || mbedtls_md_hmac_reset(&st->ctx) != 0 ||
      mbedtls_md_hmac_update(&st->ctx, io->in, io->in_len) != 0 ||
      mbedtls_md_hmac_finish(&st->ctx, io->out) != 0)
    return SM_FAILED;
  io->out_len = st->out_len;
  return SM_OK;
}

/* ---- low: digests (the one-shot *_ret calls) ---- */

#if SM_MBEDTLS_2
int md4_oneshot(const unsigned char *in, size_t len, unsigned char *out)
{
  return mbedtls_md4_ret(in, len, out);
}
#endif
int md5_oneshot(const unsigned char *in, size_t len, unsigned char *out)
{
  return md5_ret(in, len, out);
}
int sha1_oneshot(const unsigned char *in, size_t len, unsigned char *out)
{
  return sha1_ret(in, len, out);
}
int sha224_oneshot(const unsigned char *in, size_t len, unsigned char *out)
{
  return sha256_ret(in, len, out, 1);
}
int sha256_oneshot(const unsigned char *in, size_t len, unsigned char *out)
{
  return sha256_ret(in, len, out, 0);
}
int sha384_oneshot(const unsigned char *in, size_t len, unsigned char *out)
{
  return sha512_ret(in, len, out, 1);
}
int sha512_oneshot(const unsigned char *in, size_t len, unsigned char *out)
{
  return sha512_ret(in, len, out, 0);
}
int ripemd160_oneshot(const unsigned char *in, size_t len, unsigned char *out)
{
  return ripemd160_ret(in, len, out);
}

typedef struct {
  const LowHashRow *row;
} LowHashState;

static SmResult low_hash_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  (void)msg;
  (void)msg_len;
  LowHashState *st = state;
  st->row = params->impl_data;
  return SM_OK;
}

SM_DEFINE_SETUP(low_hash_setup, LowHashState, low_hash_fill, free)

SmResult low_hash(void *state, SmIo *io)
{
  const LowHashRow *row = ((LowHashState *)state)->row;
  if (io->out_len < row->out_len || row->hash(io->in, io->in_len, io->out) != 0)
    return SM_FAILED;
  io->out_len = row->out_len;
  return SM_OK;
}

/* ---- evp: CMAC (mbedtls_cipher_cmac_*, keyed once, reset per call) ---- */

typedef struct {
  mbedtls_cipher_context_t ctx;
} CmacState;

void cmac_teardown(void *state)
{
  CmacState *st = state;
  if (st != NULL)
    mbedtls_cipher_free(&st->ctx);
  free(st);
}

static SmResult cmac_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  CmacState *st = state;
  mbedtls_cipher_init(&st->ctx);
  if (params->key.len != 16)
    return sm_msg(SM_FAILED, msg, msg_len, "cmac-aes128 takes a 16-byte key");
  int ret =
      mbedtls_cipher_setup(&st->ctx, mbedtls_cipher_info_from_type(MBEDTLS_CIPHER_AES_128_ECB));
  if (ret == 0)
    ret = mbedtls_cipher_cmac_starts(&st->ctx, params->key.data, 128);
  return ret != 0 ? mbed_fail(SM_FAILED, msg, msg_len, "mbedtls_cipher_cmac_starts", ret) : SM_OK;
}

SM_DEFINE_SETUP(cmac_setup, CmacState, cmac_fill, cmac_teardown)

SmResult cmac_mac(void *state, SmIo *io)
{
  CmacState *st = state;
  if (io->out_len < 16 || mbedtls_cipher_cmac_reset(&st->ctx) != 0 ||
      mbedtls_cipher_cmac_update(&st->ctx, io->in, io->in_len) != 0 ||
      mbedtls_cipher_cmac_finish(&st->ctx, io->out) != 0)
    return SM_FAILED;
  io->out_len = 16;
  return SM_OK;
}

/* ---- low: Poly1305 (mbedtls_poly1305_mac, the one-time key given per call) ---- */

typedef struct {
  unsigned char key[32];
} PolyState;

void poly1305_teardown(void *state)
{
  if (state != NULL)
    mbedtls_platform_zeroize(state, sizeof(PolyState));
  free(state);
}

static SmResult poly1305_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  PolyState *st = state;
  if (params->key.len != 32)
    return sm_msg(SM_FAILED, msg, msg_len, "poly1305 takes a 32-byte one-time key");
  memcpy(st->key, params->key.data, 32);
  return SM_OK;
}

SM_DEFINE_SETUP(poly1305_setup, PolyState, poly1305_fill, poly1305_teardown)

SmResult poly1305_mac(void *state, SmIo *io)
{
  PolyState *st = state;
  if (io->out_len < 16 || mbedtls_poly1305_mac(st->key, io->in, io->in_len, io->out) != 0)
    return SM_FAILED;
  io->out_len = 16;
  return SM_OK;
}

/* ---- the rows ---- */

/* Initialisers only: each builds one const SmImpl (a file-scope compound literal) from a row. */
#define EVP_MD(type)                                                                               \
  &(const SmImpl)SM_IMPL_HASH(md_setup, md_teardown, (&(const MdRow){type}), md_hash)
#define LOW_MD(fn, out_len)                                                                        \
  &(const SmImpl)SM_IMPL_HASH(low_hash_setup, free, (&(const LowHashRow){fn, out_len}), low_hash)
#define EVP_HMAC(type)                                                                             \
  &(const SmImpl)SM_IMPL_MAC(hmac_setup, md_teardown, (&(const MdRow){type}), hmac_mac)
#define WHY_HMAC_LOW "mbedTLS has HMAC only in its md layer (mbedtls_md_hmac_*)"

/* The digest rows, in the order `list` shows them. */
const SmAlgorithm digest_rows[] = {
    {.name = "md4",
     .kind = SM_KIND_DIGEST,
#if SM_MBEDTLS_2
     .impl = {EVP_MD(MBEDTLS_MD_MD4), LOW_MD(md4_oneshot, 16)},
#endif
     .why_not = {WHY_GONE_IN_3("MD4"), WHY_GONE_IN_3("MD4")}},
    SM_ROW_BOTH("md5", SM_KIND_DIGEST, EVP_MD(MBEDTLS_MD_MD5), LOW_MD(md5_oneshot, 16)),
    SM_ROW_BOTH("sha1", SM_KIND_DIGEST, EVP_MD(MBEDTLS_MD_SHA1), LOW_MD(sha1_oneshot, 20)),
    SM_ROW_BOTH("sha224", SM_KIND_DIGEST, EVP_MD(MBEDTLS_MD_SHA224), LOW_MD(sha224_oneshot, 28)),
    SM_ROW_BOTH("sha256", SM_KIND_DIGEST, EVP_MD(MBEDTLS_MD_SHA256), LOW_MD(sha256_oneshot, 32)),
    SM_ROW_BOTH("sha384", SM_KIND_DIGEST, EVP_MD(MBEDTLS_MD_SHA384), LOW_MD(sha384_oneshot, 48)),
    SM_ROW_BOTH("sha512", SM_KIND_DIGEST, EVP_MD(MBEDTLS_MD_SHA512), LOW_MD(sha512_oneshot, 64)),
    SM_ROW_BOTH("ripemd160", SM_KIND_DIGEST, EVP_MD(MBEDTLS_MD_RIPEMD160),
                LOW_MD(ripemd160_oneshot, 20)),
    SM_ROW_END,
};

/* The MAC rows, in the order `list` shows them. */
const SmAlgorithm mac_rows[] = {
    SM_ROW_EVP_ONLY("hmac-md5", SM_KIND_MAC, EVP_HMAC(MBEDTLS_MD_MD5), WHY_HMAC_LOW),
    SM_ROW_EVP_ONLY("hmac-sha1", SM_KIND_MAC, EVP_HMAC(MBEDTLS_MD_SHA1), WHY_HMAC_LOW),
    SM_ROW_EVP_ONLY("hmac-sha256", SM_KIND_MAC, EVP_HMAC(MBEDTLS_MD_SHA256), WHY_HMAC_LOW),
    SM_ROW_EVP_ONLY("hmac-sha384", SM_KIND_MAC, EVP_HMAC(MBEDTLS_MD_SHA384), WHY_HMAC_LOW),
    SM_ROW_EVP_ONLY("hmac-sha512", SM_KIND_MAC, EVP_HMAC(MBEDTLS_MD_SHA512), WHY_HMAC_LOW),
    SM_ROW_EVP_ONLY("cmac-aes128", SM_KIND_MAC,
                    &(const SmImpl)SM_IMPL_MAC(cmac_setup, cmac_teardown, NULL, cmac_mac),
                    "mbedTLS has CMAC only on a cipher-layer context (mbedtls_cipher_cmac_*)"),
    SM_ROW_LOW_ONLY(
        "poly1305", SM_KIND_MAC,
        &(const SmImpl)SM_IMPL_MAC(poly1305_setup, poly1305_teardown, NULL, poly1305_mac),
        "mbedTLS's md and cipher layers have no Poly1305 (only the direct mbedtls_poly1305_*)"),
    SM_ROW_END,
};

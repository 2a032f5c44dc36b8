/* OpenSSL engine, non-EVP: digests, HMAC_* and CMAC_*. */

/* The non-EVP functions this file measures were deprecated in OpenSSL 3.0: benchmarking them is
 * the point, so their declarations stay warning-free here, and in no EVP file. */
#define OPENSSL_SUPPRESS_DEPRECATED

#include "openssl-engine.h"

/* ------------------------------------------------------------------------------------------ */
/* low: digests (X_Init / X_Update / X_Final)                                                  */

typedef struct {
  size_t out_len;
  LowHashFn hash;
} LowDigestDesc;

/* Code, not data: each hash has its own context type and its own typed X_Init/Update/Final, so
 * each gets one small function with the LowHashFn signature (no casts between function types). */
/* One X_Init / X_Update / X_Final of a whole message on `member` of the context union, written
 * once per digest; `linkage` is extern for the three the non-EVP signatures hash with. */
#define TYPED_DIGEST(linkage, name, NAME, member)                                                  \
  linkage void name##_low_hash(LowDigestCtx *ctx, const uint8_t *in, size_t len, uint8_t *out)     \
  {                                                                                                \
    NAME##_Init(&ctx->member);                                                                     \
    NAME##_Update(&ctx->member, in, len);                                                          \
    NAME##_Final(out, &ctx->member);                                                               \
  }

#ifndef OPENSSL_NO_MD4
TYPED_DIGEST(static, md4, MD4, md4)
#endif
TYPED_DIGEST(static, md5, MD5, md5)
TYPED_DIGEST(static, sha1, SHA1, sha1)
TYPED_DIGEST(static, sha224, SHA224, sha256)
TYPED_DIGEST(extern, sha256, SHA256, sha256)
TYPED_DIGEST(extern, sha384, SHA384, sha512)
TYPED_DIGEST(extern, sha512, SHA512, sha512)
#ifndef OPENSSL_NO_RMD160
TYPED_DIGEST(static, ripemd160, RIPEMD160, ripemd160)
#endif

typedef struct {
  const LowDigestDesc *desc;
  LowDigestCtx ctx;
} LowDigestState;

static void low_digest_teardown(void *state) { free(state); }

static SmResult low_digest_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  (void)msg;
  (void)msg_len;
  LowDigestState *st = state;
  st->desc = params->impl_data;
  return SM_OK;
}

SM_DEFINE_SETUP(low_digest_setup, LowDigestState, low_digest_fill, low_digest_teardown)

static SmResult low_digest_hash(void *state, SmIo *io)
{
  LowDigestState *st = state;
  if (io->out_len < st->desc->out_len)
    return SM_FAILED;
  st->desc->hash(&st->ctx, io->in, io->in_len, io->out);
  return sm_output(io, st->desc->out_len);
}

#define LOW_DIGEST_IMPL(...)                                                                       \
  {                                                                                                \
    .setup = low_digest_setup, .op = {[SM_OP_HASH] = low_digest_hash},                             \
    .teardown = low_digest_teardown, .data = (&(const LowDigestDesc){__VA_ARGS__})                 \
  }

#ifndef OPENSSL_NO_MD4
const SmImpl md4_low = LOW_DIGEST_IMPL(MD4_DIGEST_LENGTH, md4_low_hash);
#endif
const SmImpl md5_low = LOW_DIGEST_IMPL(MD5_DIGEST_LENGTH, md5_low_hash);
const SmImpl sha1_low = LOW_DIGEST_IMPL(SHA_DIGEST_LENGTH, sha1_low_hash);
const SmImpl sha224_low = LOW_DIGEST_IMPL(SHA224_DIGEST_LENGTH, sha224_low_hash);
const SmImpl sha256_low = LOW_DIGEST_IMPL(SHA256_DIGEST_LENGTH, sha256_low_hash);
const SmImpl sha384_low = LOW_DIGEST_IMPL(SHA384_DIGEST_LENGTH, sha384_low_hash);
const SmImpl sha512_low = LOW_DIGEST_IMPL(SHA512_DIGEST_LENGTH, sha512_low_hash);
#ifndef OPENSSL_NO_RMD160
const SmImpl ripemd160_low = LOW_DIGEST_IMPL(RIPEMD160_DIGEST_LENGTH, ripemd160_low_hash);
#endif

/* ------------------------------------------------------------------------------------------ */
/* low: HMAC_* and CMAC_* (keyed once; Init with a NULL key restarts under the same key)      */

typedef struct {
  HMAC_CTX *ctx;
  size_t out_len;
} LowHmacState;

static void low_hmac_teardown(void *state)
{
  LowHmacState *st = state;
  HMAC_CTX_free(st->ctx);
  free(st);
}

/* The HMAC_* API names its hash with the classic EVP_MD getters (EVP_sha256()...). */
typedef const EVP_MD *(*LegacyMdFn)(void);

/* A row of the HMAC_* table: the getter of its hash. */
typedef struct {
  LegacyMdFn md;
} LowHmacRow;

static SmResult low_hmac_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  LegacyMdFn md = ((const LowHmacRow *)params->impl_data)->md;
  if (params->key.len > INT_MAX)
    return sm_msg(SM_FAILED, msg, msg_len, "key too long");
  LowHmacState *st = state;
  st->ctx = HMAC_CTX_new();
  if (st->ctx == NULL ||
      HMAC_Init_ex(st->ctx, sm_bytes_or_empty(params->key), (int)params->key.len, md(), NULL) != 1)
    return ossl_fail(SM_FAILED, msg, msg_len, "HMAC_Init_ex");
  st->out_len = HMAC_size(st->ctx);
  return SM_OK;
}

SM_DEFINE_SETUP(low_hmac_setup, LowHmacState, low_hmac_fill, low_hmac_teardown)

static SmResult low_hmac_mac(void *state, SmIo *io)
{
  LowHmacState *st = state;
  unsigned int len;
  if (io->out_len < st->out_len || HMAC_Init_ex(st->ctx, NULL, 0, NULL, NULL) != 1 ||
      HMAC_Update(st->ctx, io->in, io->in_len) != 1 || HMAC_Final(st->ctx, io->out, &len) != 1)
    return op_failed();
  return sm_output(io, len);
}

#define LOW_HMAC_IMPL(md_getter)                                                                   \
  {                                                                                                \
    .setup = low_hmac_setup, .op = {[SM_OP_MAC] = low_hmac_mac}, .teardown = low_hmac_teardown,    \
    .data = (&(const LowHmacRow){md_getter})                                                       \
  }

/* hmac_md5_low, ..., hmac_sha512_low: an impl per hash of SM_HMAC_FAMILY, over its EVP_<hash>(). */
#define HMAC_LOW(hash, HASH) hmac_##hash##_low = LOW_HMAC_IMPL(EVP_##hash)
const SmImpl SM_HMAC_FAMILY(HMAC_LOW);

#ifndef OPENSSL_NO_CMAC
typedef struct {
  CMAC_CTX *ctx;
} LowCmacState;

static void low_cmac_teardown(void *state)
{
  LowCmacState *st = state;
  CMAC_CTX_free(st->ctx);
  free(st);
}

static SmResult low_cmac_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  if (params->key.len != 16)
    return sm_msg(SM_FAILED, msg, msg_len, "CMAC-AES-128 takes a 16-byte key");
  LowCmacState *st = state;
  st->ctx = CMAC_CTX_new();
  if (st->ctx == NULL ||
      CMAC_Init(st->ctx, params->key.data, params->key.len, EVP_aes_128_cbc(), NULL) != 1)
    return ossl_fail(SM_FAILED, msg, msg_len, "CMAC_Init");
  return SM_OK;
}

SM_DEFINE_SETUP(low_cmac_setup, LowCmacState, low_cmac_fill, low_cmac_teardown)

static SmResult low_cmac_mac(void *state, SmIo *io)
{
  LowCmacState *st = state;
  size_t len = io->out_len;
  if (len < 16 || CMAC_Init(st->ctx, NULL, 0, NULL, NULL) != 1 ||
      CMAC_Update(st->ctx, io->in, io->in_len) != 1 || CMAC_Final(st->ctx, io->out, &len) != 1)
    return op_failed();
  return sm_output(io, len);
}

const SmImpl cmac_aes128_low = {
    .setup = low_cmac_setup,
    .op = {[SM_OP_MAC] = low_cmac_mac},
    .teardown = low_cmac_teardown,
};
#endif

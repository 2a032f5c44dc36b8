/* Mbed TLS engine: ciphers, both levels, and their rows. */
#include "mbedtls-engine.h"

/* ---- evp: ciphers (one mbedtls_cipher_context_t streams across calls) ---- */

typedef struct {
  mbedtls_cipher_context_t ctx;
  unsigned char iv[16]; /* XTS: the tweak, set again before every call */
  size_t iv_len;
} EvpCipherState;

void evp_cipher_teardown(void *state)
{
  EvpCipherState *st = state;
  if (st != NULL)
    mbedtls_cipher_free(&st->ctx);
  free(st);
}

/* The cipher layer's ChaCha20 starts at block 0: discard keystream up to the counter. */
static int skip_keystream(mbedtls_cipher_context_t *ctx, uint32_t blocks)
{
  unsigned char zeros[1024] = {0}, sink[1024];
  uint64_t left = (uint64_t)blocks * 64;
  while (left > 0) {
    size_t chunk = left < sizeof zeros ? (size_t)left : sizeof zeros, olen = 0;
    int ret = mbedtls_cipher_update(ctx, zeros, chunk, sink, &olen);
    if (ret != 0)
      return ret;
    left -= chunk;
  }
  return 0;
}

enum { MAX_CHACHA_SKIP = 1u << 20 }; /* 64 MiB of keystream: beyond, setup refuses */

static int evp_cipher_start(EvpCipherState *st, const EvpCipherRow *row, const SmParams *params)
{
  mbedtls_operation_t op = params->op == SM_OP_ENCRYPT ? MBEDTLS_ENCRYPT : MBEDTLS_DECRYPT;
  int ret = mbedtls_cipher_setkey(&st->ctx, sm_bytes_or_empty(params->key),
                                  (int)(params->key.len * 8), op);
  if (ret == 0 && mbedtls_cipher_get_cipher_mode(&st->ctx) == MBEDTLS_MODE_CBC)
    ret = mbedtls_cipher_set_padding_mode(&st->ctx, MBEDTLS_PADDING_NONE);
  if (ret != 0 || params->iv.len == 0)
    return ret;
  if (row->iv_use == IV_CHACHA_COUNTER_NONCE) {
    ret = mbedtls_cipher_set_iv(&st->ctx, params->iv.data + 4, 12);
    return ret != 0 ? ret : skip_keystream(&st->ctx, sm_load_le32(params->iv.data));
  }
  return mbedtls_cipher_set_iv(&st->ctx, params->iv.data, params->iv.len);
}

static SmResult evp_cipher_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  EvpCipherState *st = state;
  mbedtls_cipher_init(&st->ctx);
  const EvpCipherRow *row = params->impl_data;
  const mbedtls_cipher_info_t *info = mbedtls_cipher_info_from_type(row->type);
  if (info == NULL)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "mbedtls_cipher_info_from_type(%d) is NULL",
                  (int)row->type);
  size_t want_iv = row->iv_use == IV_CHACHA_COUNTER_NONCE ? 16 : cipher_iv_size(info);
  if (params->iv.len != want_iv || params->iv.len > sizeof(((EvpCipherState *)0)->iv))
    return sm_msg(SM_FAILED, msg, msg_len, "%s takes a %zu-byte IV, got %zu", cipher_name(info),
                  want_iv, params->iv.len);
  if (row->iv_use == IV_CHACHA_COUNTER_NONCE && sm_load_le32(params->iv.data) > MAX_CHACHA_SKIP)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                  "the cipher layer's ChaCha20 starts at block 0; skipping to block %u is "
                  "beyond this engine's limit",
                  (unsigned)sm_load_le32(params->iv.data));
  int ret = mbedtls_cipher_setup(&st->ctx, info);
  if (ret == 0)
    ret = evp_cipher_start(st, row, params);
  if (ret != 0)
    return mbed_fail(SM_FAILED, msg, msg_len, cipher_name(info), ret);
  st->iv_len = params->iv.len;
  if (st->iv_len > 0)
    memcpy(st->iv, params->iv.data, st->iv_len);
  return SM_OK;
}

SM_DEFINE_SETUP(evp_cipher_setup, EvpCipherState, evp_cipher_fill, evp_cipher_teardown)

SmResult evp_cipher_update(void *state, SmIo *io)
{
  EvpCipherState *st = state;
  size_t olen = 0;
  if (io->out_len < io->in_len ||
      mbedtls_cipher_update(&st->ctx, io->in, io->in_len, io->out, &olen) != 0 ||
      olen != io->in_len)
    return SM_FAILED;
  io->out_len = olen;
  return SM_OK;
}

/* XTS: each call is one data unit, so the tweak is set again first (no re-keying). */
SmResult evp_xts_update(void *state, SmIo *io)
{
  EvpCipherState *st = state;
  if (mbedtls_cipher_set_iv(&st->ctx, st->iv, st->iv_len) != 0)
    return SM_FAILED;
  return evp_cipher_update(state, io);
}

/* ---- low: ciphers ---- */

typedef union {
  mbedtls_aes_context aes;
  mbedtls_aes_xts_context xts;
  mbedtls_camellia_context camellia;
  mbedtls_des_context des;
  mbedtls_des3_context des3;
#if SM_MBEDTLS_2
  mbedtls_blowfish_context blowfish;
  mbedtls_arc4_context arc4;
#endif
  mbedtls_chacha20_context chacha;
} LowCipherCtx;

struct LowCipherState {
  LowCipherCtx ctx; /* none of these contexts owns heap memory: teardown zeroises and frees */
  LowCryptFn *crypt;
  bool encrypt;
  unsigned char iv[16];           /* CBC: chains across calls; CTR: the counter block */
  unsigned char stream_block[16]; /* CTR: the part-used keystream block */
  size_t nc_off;
};

static unsigned key_bits(const SmParams *params) { return (unsigned)(params->key.len * 8); }

int aes_key(LowCipherState *st, const SmParams *params)
{
  mbedtls_aes_init(&st->ctx.aes);
  return st->encrypt ? mbedtls_aes_setkey_enc(&st->ctx.aes, params->key.data, key_bits(params))
                     : mbedtls_aes_setkey_dec(&st->ctx.aes, params->key.data, key_bits(params));
}

int aes_ctr_key(LowCipherState *st, const SmParams *params)
{
  mbedtls_aes_init(&st->ctx.aes);
  return mbedtls_aes_setkey_enc(&st->ctx.aes, params->key.data, key_bits(params));
}

int aes_xts_key(LowCipherState *st, const SmParams *params)
{
  mbedtls_aes_xts_init(&st->ctx.xts);
  return st->encrypt ? mbedtls_aes_xts_setkey_enc(&st->ctx.xts, params->key.data, key_bits(params))
                     : mbedtls_aes_xts_setkey_dec(&st->ctx.xts, params->key.data, key_bits(params));
}

int camellia_key(LowCipherState *st, const SmParams *params)
{
  mbedtls_camellia_init(&st->ctx.camellia);
  return st->encrypt
             ? mbedtls_camellia_setkey_enc(&st->ctx.camellia, params->key.data, key_bits(params))
             : mbedtls_camellia_setkey_dec(&st->ctx.camellia, params->key.data, key_bits(params));
}

int des_key(LowCipherState *st, const SmParams *params)
{
  mbedtls_des_init(&st->ctx.des);
  return st->encrypt ? mbedtls_des_setkey_enc(&st->ctx.des, params->key.data)
                     : mbedtls_des_setkey_dec(&st->ctx.des, params->key.data);
}

int des3_key(LowCipherState *st, const SmParams *params)
{
  mbedtls_des3_init(&st->ctx.des3);
  return st->encrypt ? mbedtls_des3_set3key_enc(&st->ctx.des3, params->key.data)
                     : mbedtls_des3_set3key_dec(&st->ctx.des3, params->key.data);
}

#if SM_MBEDTLS_2
int blowfish_key(LowCipherState *st, const SmParams *params)
{
  mbedtls_blowfish_init(&st->ctx.blowfish);
  return mbedtls_blowfish_setkey(&st->ctx.blowfish, params->key.data, key_bits(params));
}

int arc4_key(LowCipherState *st, const SmParams *params)
{
  mbedtls_arc4_init(&st->ctx.arc4);
  mbedtls_arc4_setup(&st->ctx.arc4, sm_bytes_or_empty(params->key), (unsigned)params->key.len);
  return 0;
}

#endif

int chacha20_key(LowCipherState *st, const SmParams *params)
{
  mbedtls_chacha20_init(&st->ctx.chacha);
  int ret = mbedtls_chacha20_setkey(&st->ctx.chacha, params->key.data);
  return ret != 0 ? ret
                  : mbedtls_chacha20_starts(&st->ctx.chacha, params->iv.data + 4,
                                            sm_load_le32(params->iv.data));
}

int aes_cbc(LowCipherState *st, const unsigned char *in, unsigned char *out, size_t len)
{
  return mbedtls_aes_crypt_cbc(
      &st->ctx.aes, st->encrypt ? MBEDTLS_AES_ENCRYPT : MBEDTLS_AES_DECRYPT, len, st->iv, in, out);
}

int aes_ctr(LowCipherState *st, const unsigned char *in, unsigned char *out, size_t len)
{
  return mbedtls_aes_crypt_ctr(&st->ctx.aes, len, &st->nc_off, st->iv, st->stream_block, in, out);
}

int aes_xts(LowCipherState *st, const unsigned char *in, unsigned char *out, size_t len)
{
  return mbedtls_aes_crypt_xts(
      &st->ctx.xts, st->encrypt ? MBEDTLS_AES_ENCRYPT : MBEDTLS_AES_DECRYPT, len, st->iv, in, out);
}

int camellia_cbc(LowCipherState *st, const unsigned char *in, unsigned char *out, size_t len)
{
  return mbedtls_camellia_crypt_cbc(
      &st->ctx.camellia, st->encrypt ? MBEDTLS_CAMELLIA_ENCRYPT : MBEDTLS_CAMELLIA_DECRYPT, len,
      st->iv, in, out);
}

int des_cbc(LowCipherState *st, const unsigned char *in, unsigned char *out, size_t len)
{
  return mbedtls_des_crypt_cbc(
      &st->ctx.des, st->encrypt ? MBEDTLS_DES_ENCRYPT : MBEDTLS_DES_DECRYPT, len, st->iv, in, out);
}

int des3_cbc(LowCipherState *st, const unsigned char *in, unsigned char *out, size_t len)
{
  return mbedtls_des3_crypt_cbc(
      &st->ctx.des3, st->encrypt ? MBEDTLS_DES_ENCRYPT : MBEDTLS_DES_DECRYPT, len, st->iv, in, out);
}

#if SM_MBEDTLS_2
int blowfish_cbc(LowCipherState *st, const unsigned char *in, unsigned char *out, size_t len)
{
  return mbedtls_blowfish_crypt_cbc(
      &st->ctx.blowfish, st->encrypt ? MBEDTLS_BLOWFISH_ENCRYPT : MBEDTLS_BLOWFISH_DECRYPT, len,
      st->iv, in, out);
}

int arc4_stream(LowCipherState *st, const unsigned char *in, unsigned char *out, size_t len)
{
  return mbedtls_arc4_crypt(&st->ctx.arc4, len, in, out);
}

#endif

int chacha20_stream(LowCipherState *st, const unsigned char *in, unsigned char *out, size_t len)
{
  return mbedtls_chacha20_update(&st->ctx.chacha, len, in, out);
}

void low_cipher_teardown(void *state)
{
  if (state != NULL)
    mbedtls_platform_zeroize(state, sizeof(LowCipherState));
  free(state);
}

static SmResult low_cipher_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  LowCipherState *st = state;
  const LowCipherRow *row = params->impl_data;
  if ((row->key_len != 0 && params->key.len != row->key_len) || params->key.len == 0 ||
      params->iv.len != row->iv_len)
    return sm_msg(SM_FAILED, msg, msg_len, "wants a %zu-byte key and a %zu-byte IV, got %zu/%zu",
                  row->key_len, row->iv_len, params->key.len, params->iv.len);
  st->encrypt = params->op == SM_OP_ENCRYPT;
  st->crypt = row->crypt;
  if (row->iv_len > 0 && row->iv_len <= sizeof st->iv)
    memcpy(st->iv, params->iv.data, row->iv_len);
  int ret = row->key(st, params);
  return ret != 0 ? mbed_fail(SM_FAILED, msg, msg_len, "key schedule", ret) : SM_OK;
}

SM_DEFINE_SETUP(low_cipher_setup, LowCipherState, low_cipher_fill, low_cipher_teardown)

SmResult low_cipher_op(void *state, SmIo *io)
{
  LowCipherState *st = state;
  if (io->out_len < io->in_len || st->crypt(st, io->in, io->out, io->in_len) != 0)
    return SM_FAILED;
  io->out_len = io->in_len;
  return SM_OK;
}

/* ---- the rows ---- */

/* Initialisers only: each builds one const SmImpl (a file-scope compound literal) from a row. */
#define EVP_CIPHER(type, iv_use)                                                                   \
  &(const SmImpl)SM_IMPL_CIPHER(evp_cipher_setup, evp_cipher_teardown,                             \
                                (&(const EvpCipherRow){type, iv_use}), evp_cipher_update,          \
                                evp_cipher_update)
#define EVP_XTS(type)                                                                              \
  &(const SmImpl)SM_IMPL_CIPHER(evp_cipher_setup, evp_cipher_teardown,                             \
                                (&(const EvpCipherRow){type, IV_PER_CALL}), evp_xts_update,        \
                                evp_xts_update)
#define LOW_CIPHER(key_len, iv_len, key_fn, crypt_fn)                                              \
  &(const SmImpl)SM_IMPL_CIPHER(low_cipher_setup, low_cipher_teardown,                             \
                                (&(const LowCipherRow){key_len, iv_len, key_fn, crypt_fn}),        \
                                low_cipher_op, low_cipher_op)
/* The cipher rows, in the order `list` shows them. */
const SmAlgorithm cipher_rows[] = {
    SM_ROW_BOTH("aes-128-cbc", SM_KIND_CIPHER, EVP_CIPHER(MBEDTLS_CIPHER_AES_128_CBC, IV_PLAIN),
                LOW_CIPHER(16, 16, aes_key, aes_cbc)),
    SM_ROW_BOTH("aes-192-cbc", SM_KIND_CIPHER, EVP_CIPHER(MBEDTLS_CIPHER_AES_192_CBC, IV_PLAIN),
                LOW_CIPHER(24, 16, aes_key, aes_cbc)),
    SM_ROW_BOTH("aes-256-cbc", SM_KIND_CIPHER, EVP_CIPHER(MBEDTLS_CIPHER_AES_256_CBC, IV_PLAIN),
                LOW_CIPHER(32, 16, aes_key, aes_cbc)),
    SM_ROW_BOTH("aes-128-ctr", SM_KIND_CIPHER, EVP_CIPHER(MBEDTLS_CIPHER_AES_128_CTR, IV_PLAIN),
                LOW_CIPHER(16, 16, aes_ctr_key, aes_ctr)),
    SM_ROW_BOTH("aes-192-ctr", SM_KIND_CIPHER, EVP_CIPHER(MBEDTLS_CIPHER_AES_192_CTR, IV_PLAIN),
                LOW_CIPHER(24, 16, aes_ctr_key, aes_ctr)),
    SM_ROW_BOTH("aes-256-ctr", SM_KIND_CIPHER, EVP_CIPHER(MBEDTLS_CIPHER_AES_256_CTR, IV_PLAIN),
                LOW_CIPHER(32, 16, aes_ctr_key, aes_ctr)),
    SM_ROW_BOTH("aes-128-xts", SM_KIND_CIPHER, EVP_XTS(MBEDTLS_CIPHER_AES_128_XTS),
                LOW_CIPHER(32, 16, aes_xts_key, aes_xts)),
    SM_ROW_BOTH("aes-256-xts", SM_KIND_CIPHER, EVP_XTS(MBEDTLS_CIPHER_AES_256_XTS),
                LOW_CIPHER(64, 16, aes_xts_key, aes_xts)),
    SM_ROW_BOTH("chacha20", SM_KIND_CIPHER,
                EVP_CIPHER(MBEDTLS_CIPHER_CHACHA20, IV_CHACHA_COUNTER_NONCE),
                LOW_CIPHER(32, 16, chacha20_key, chacha20_stream)),
    SM_ROW_BOTH("camellia-128-cbc", SM_KIND_CIPHER,
                EVP_CIPHER(MBEDTLS_CIPHER_CAMELLIA_128_CBC, IV_PLAIN),
                LOW_CIPHER(16, 16, camellia_key, camellia_cbc)),
    {.name = "bf-cbc",
     .kind = SM_KIND_CIPHER,
#if SM_MBEDTLS_2
     .impl = {EVP_CIPHER(MBEDTLS_CIPHER_BLOWFISH_CBC, IV_PLAIN),
              LOW_CIPHER(0, 8, blowfish_key, blowfish_cbc)},
#endif
     .why_not = {WHY_GONE_IN_3("Blowfish"), WHY_GONE_IN_3("Blowfish")}},
    SM_ROW_BOTH("des-cbc", SM_KIND_CIPHER, EVP_CIPHER(MBEDTLS_CIPHER_DES_CBC, IV_PLAIN),
                LOW_CIPHER(8, 8, des_key, des_cbc)),
    SM_ROW_BOTH("des-ede3-cbc", SM_KIND_CIPHER, EVP_CIPHER(MBEDTLS_CIPHER_DES_EDE3_CBC, IV_PLAIN),
                LOW_CIPHER(24, 8, des3_key, des3_cbc)),
    {.name = "rc4",
     .kind = SM_KIND_CIPHER,
#if SM_MBEDTLS_2
     .impl = {EVP_CIPHER(MBEDTLS_CIPHER_ARC4_128, IV_PLAIN),
              LOW_CIPHER(0, 0, arc4_key, arc4_stream)},
#endif
     .why_not = {WHY_GONE_IN_3("ARC4"), WHY_GONE_IN_3("ARC4")}},
    SM_ROW_END,
};

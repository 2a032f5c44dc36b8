/* Mbed TLS engine: ciphers, both levels (the table is in engine.c). */
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

SmResult evp_cipher_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
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
  EvpCipherState *st = calloc(1, sizeof *st);
  if (st == NULL)
    return sm_out_of_memory(msg, msg_len);
  mbedtls_cipher_init(&st->ctx);
  int ret = mbedtls_cipher_setup(&st->ctx, info);
  if (ret == 0)
    ret = evp_cipher_start(st, row, params);
  if (ret != 0) {
    evp_cipher_teardown(st);
    return mbed_fail(SM_FAILED, msg, msg_len, cipher_name(info), ret);
  }
  st->iv_len = params->iv.len;
  if (st->iv_len > 0)
    memcpy(st->iv, params->iv.data, st->iv_len);
  *state = st;
  return SM_OK;
}

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

SmResult low_cipher_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const LowCipherRow *row = params->impl_data;
  if ((row->key_len != 0 && params->key.len != row->key_len) || params->key.len == 0 ||
      params->iv.len != row->iv_len)
    return sm_msg(SM_FAILED, msg, msg_len, "wants a %zu-byte key and a %zu-byte IV, got %zu/%zu",
                  row->key_len, row->iv_len, params->key.len, params->iv.len);
  LowCipherState *st = calloc(1, sizeof *st);
  if (st == NULL)
    return sm_out_of_memory(msg, msg_len);
  st->encrypt = params->op == SM_OP_ENCRYPT;
  st->crypt = row->crypt;
  if (row->iv_len > 0 && row->iv_len <= sizeof st->iv)
    memcpy(st->iv, params->iv.data, row->iv_len);
  int ret = row->key(st, params);
  SmResult result = ret != 0 ? mbed_fail(SM_FAILED, msg, msg_len, "key schedule", ret) : SM_OK;
  return sm_setup_end(result, st, low_cipher_teardown, state);
}

SmResult low_cipher_op(void *state, SmIo *io)
{
  LowCipherState *st = state;
  if (io->out_len < io->in_len || st->crypt(st, io->in, io->out, io->in_len) != 0)
    return SM_FAILED;
  io->out_len = io->in_len;
  return SM_OK;
}

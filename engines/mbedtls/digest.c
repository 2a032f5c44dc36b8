/* Mbed TLS engine: digests, HMAC, CMAC and Poly1305 (the table is in engine.c). */
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
static SmResult md_setup_with(const SmParams *params, bool hmac, void **state, char *msg,
                              size_t msg_len)
{
  const MdRow *row = params->impl_data;
  const mbedtls_md_info_t *info = mbedtls_md_info_from_type(row->type);
  if (info == NULL)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "mbedtls_md_info_from_type(%d) is NULL",
                  (int)row->type);
  MdState *st = calloc(1, sizeof *st);
  if (st == NULL)
    return sm_out_of_memory(msg, msg_len);
  mbedtls_md_init(&st->ctx);
  st->out_len = mbedtls_md_get_size(info);
  int ret = mbedtls_md_setup(&st->ctx, info, hmac);
  if (ret == 0 && hmac)
    ret = mbedtls_md_hmac_starts(&st->ctx, sm_bytes_or_empty(params->key), params->key.len);
  SmResult result = ret != 0 ? mbed_fail(SM_FAILED, msg, msg_len, "mbedtls_md_setup", ret) : SM_OK;
  return sm_setup_end(result, st, md_teardown, state);
}

SmResult md_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  return md_setup_with(params, false, state, msg, msg_len);
}

SmResult hmac_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  return md_setup_with(params, true, state, msg, msg_len);
}

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

SmResult low_hash_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  LowHashState *st = malloc(sizeof *st);
  if (st == NULL)
    return sm_out_of_memory(msg, msg_len);
  st->row = params->impl_data;
  *state = st;
  return SM_OK;
}

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

SmResult cmac_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  if (params->key.len != 16)
    return sm_msg(SM_FAILED, msg, msg_len, "cmac-aes128 takes a 16-byte key");
  CmacState *st = calloc(1, sizeof *st);
  if (st == NULL)
    return sm_out_of_memory(msg, msg_len);
  mbedtls_cipher_init(&st->ctx);
  int ret =
      mbedtls_cipher_setup(&st->ctx, mbedtls_cipher_info_from_type(MBEDTLS_CIPHER_AES_128_ECB));
  if (ret == 0)
    ret = mbedtls_cipher_cmac_starts(&st->ctx, params->key.data, 128);
  SmResult result =
      ret != 0 ? mbed_fail(SM_FAILED, msg, msg_len, "mbedtls_cipher_cmac_starts", ret) : SM_OK;
  return sm_setup_end(result, st, cmac_teardown, state);
}

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

SmResult poly1305_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  if (params->key.len != 32)
    return sm_msg(SM_FAILED, msg, msg_len, "poly1305 takes a 32-byte one-time key");
  PolyState *st = malloc(sizeof *st);
  if (st == NULL)
    return sm_out_of_memory(msg, msg_len);
  memcpy(st->key, params->key.data, 32);
  *state = st;
  return SM_OK;
}

SmResult poly1305_mac(void *state, SmIo *io)
{
  PolyState *st = state;
  if (io->out_len < 16 || mbedtls_poly1305_mac(st->key, io->in, io->in_len, io->out) != 0)
    return SM_FAILED;
  io->out_len = 16;
  return SM_OK;
}

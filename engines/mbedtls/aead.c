/* Mbed TLS engine: AEADs, both levels, and their rows. */
#include "mbedtls-engine.h"

/* ---- evp: AEAD (mbedtls_cipher_auth_encrypt_ext: ciphertext||tag, our layout) ---- */

typedef struct {
  mbedtls_cipher_context_t ctx; /* keyed once in setup */
  SmAeadInputs in;              /* nonce, AAD, tag length */
} EvpAeadState;

void evp_aead_teardown(void *state)
{
  EvpAeadState *st = state;
  if (st == NULL)
    return;
  mbedtls_cipher_free(&st->ctx);
  sm_aead_inputs_free(&st->in);
  free(st);
}

static SmResult evp_aead_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  EvpAeadState *st = state;
  mbedtls_cipher_init(&st->ctx);
  const EvpCipherRow *row = params->impl_data;
  const mbedtls_cipher_info_t *info = mbedtls_cipher_info_from_type(row->type);
  if (info == NULL)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "mbedtls_cipher_info_from_type(%d) is NULL",
                  (int)row->type);
  if (params->tag_len == 0 || params->tag_len > 16 || params->iv.len == 0)
    return sm_msg(SM_FAILED, msg, msg_len, "tag length %zu / nonce length %zu unsupported",
                  params->tag_len, params->iv.len);
  if (!sm_aead_inputs_copy(&st->in, params))
    return sm_out_of_memory(msg, msg_len);
  mbedtls_operation_t op = params->op == SM_OP_ENCRYPT ? MBEDTLS_ENCRYPT : MBEDTLS_DECRYPT;
  int ret = mbedtls_cipher_setup(&st->ctx, info);
  if (ret == 0)
    ret = mbedtls_cipher_setkey(&st->ctx, sm_bytes_or_empty(params->key),
                                (int)(params->key.len * 8), op);
  return ret != 0 ? mbed_fail(SM_FAILED, msg, msg_len, cipher_name(info), ret) : SM_OK;
}

SM_DEFINE_SETUP(evp_aead_setup, EvpAeadState, evp_aead_fill, evp_aead_teardown)

SmResult evp_aead_encrypt(void *state, SmIo *io)
{
  EvpAeadState *st = state;
  size_t olen = 0;
  if (mbedtls_cipher_auth_encrypt_ext(&st->ctx, st->in.nonce, st->in.nonce_len, st->in.aad,
                                      st->in.aad_len, io->in, io->in_len, io->out, io->out_len,
                                      &olen, st->in.tag_len) != 0)
    return SM_FAILED;
  io->out_len = olen;
  return SM_OK;
}

SmResult evp_aead_decrypt(void *state, SmIo *io)
{
  EvpAeadState *st = state;
  size_t olen = 0;
  if (mbedtls_cipher_auth_decrypt_ext(&st->ctx, st->in.nonce, st->in.nonce_len, st->in.aad,
                                      st->in.aad_len, io->in, io->in_len, io->out, io->out_len,
                                      &olen, st->in.tag_len) != 0)
    return SM_FAILED; /* a bad tag is MBEDTLS_ERR_CIPHER_AUTH_FAILED */
  io->out_len = olen;
  return SM_OK;
}

/* ---- low: AEAD (mbedtls_gcm_*, mbedtls_ccm_*, mbedtls_chachapoly_*) ---- */

struct LowAeadState {
  union {
    mbedtls_gcm_context gcm;
    mbedtls_ccm_context ccm;
    mbedtls_chachapoly_context chachapoly;
  } ctx;
  const LowAeadRow *row;
  SmAeadInputs in; /* nonce, AAD, tag length */
};

int gcm_key(LowAeadState *st, const unsigned char *key, size_t key_len)
{
  mbedtls_gcm_init(&st->ctx.gcm);
  return mbedtls_gcm_setkey(&st->ctx.gcm, MBEDTLS_CIPHER_ID_AES, key, (unsigned)(key_len * 8));
}

int gcm_seal(LowAeadState *st, const unsigned char *in, size_t len, unsigned char *out,
             unsigned char *tag)
{
  return mbedtls_gcm_crypt_and_tag(&st->ctx.gcm, MBEDTLS_GCM_ENCRYPT, len, st->in.nonce,
                                   st->in.nonce_len, st->in.aad, st->in.aad_len, in, out,
                                   st->in.tag_len, tag);
}

int gcm_open(LowAeadState *st, const unsigned char *in, size_t len, const unsigned char *tag,
             unsigned char *out)
{
  return mbedtls_gcm_auth_decrypt(&st->ctx.gcm, len, st->in.nonce, st->in.nonce_len, st->in.aad,
                                  st->in.aad_len, tag, st->in.tag_len, in, out);
}

void gcm_release(LowAeadState *st) { mbedtls_gcm_free(&st->ctx.gcm); }

int ccm_key(LowAeadState *st, const unsigned char *key, size_t key_len)
{
  mbedtls_ccm_init(&st->ctx.ccm);
  return mbedtls_ccm_setkey(&st->ctx.ccm, MBEDTLS_CIPHER_ID_AES, key, (unsigned)(key_len * 8));
}

int ccm_seal(LowAeadState *st, const unsigned char *in, size_t len, unsigned char *out,
             unsigned char *tag)
{
  return mbedtls_ccm_encrypt_and_tag(&st->ctx.ccm, len, st->in.nonce, st->in.nonce_len, st->in.aad,
                                     st->in.aad_len, in, out, tag, st->in.tag_len);
}

int ccm_open(LowAeadState *st, const unsigned char *in, size_t len, const unsigned char *tag,
             unsigned char *out)
{
  return mbedtls_ccm_auth_decrypt(&st->ctx.ccm, len, st->in.nonce, st->in.nonce_len, st->in.aad,
                                  st->in.aad_len, in, out, tag, st->in.tag_len);
}

void ccm_release(LowAeadState *st) { mbedtls_ccm_free(&st->ctx.ccm); }

int chachapoly_key(LowAeadState *st, const unsigned char *key, size_t key_len)
{
  mbedtls_chachapoly_init(&st->ctx.chachapoly);
  return key_len == 32 ? mbedtls_chachapoly_setkey(&st->ctx.chachapoly, key)
                       : MBEDTLS_ERR_CHACHAPOLY_BAD_STATE;
}

int chachapoly_seal(LowAeadState *st, const unsigned char *in, size_t len, unsigned char *out,
                    unsigned char *tag)
{
  return mbedtls_chachapoly_encrypt_and_tag(&st->ctx.chachapoly, len, st->in.nonce, st->in.aad,
                                            st->in.aad_len, in, out, tag);
}

int chachapoly_open(LowAeadState *st, const unsigned char *in, size_t len, const unsigned char *tag,
                    unsigned char *out)
{
  return mbedtls_chachapoly_auth_decrypt(&st->ctx.chachapoly, len, st->in.nonce, st->in.aad,
                                         st->in.aad_len, tag, in, out);
}

void chachapoly_release(LowAeadState *st) { mbedtls_chachapoly_free(&st->ctx.chachapoly); }

void low_aead_teardown(void *state)
{
  LowAeadState *st = state;
  if (st->row != NULL) /* NULL: setup refused the parameters before keying */
    st->row->release(st);
  sm_aead_inputs_free(&st->in);
  free(st);
}

static SmResult low_aead_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  LowAeadState *st = state;
  const LowAeadRow *row = params->impl_data;
  if ((row->nonce_len != 0 && params->iv.len != row->nonce_len) || params->iv.len == 0)
    return sm_msg(SM_FAILED, msg, msg_len, "nonce length %zu unsupported", params->iv.len);
  if (params->tag_len == 0 || params->tag_len > 16 ||
      (row->nonce_len == 12 && params->tag_len != 16))
    return sm_msg(SM_FAILED, msg, msg_len, "tag length %zu unsupported", params->tag_len);
  st->row = row;
  int ret = row->key(st, sm_bytes_or_empty(params->key), params->key.len);
  bool copied = sm_aead_inputs_copy(&st->in, params);
  if (ret != 0)
    return mbed_fail(SM_FAILED, msg, msg_len, "setkey", ret);
  return copied ? SM_OK : sm_out_of_memory(msg, msg_len);
}

SM_DEFINE_SETUP(low_aead_setup, LowAeadState, low_aead_fill, low_aead_teardown)

SmResult low_aead_encrypt(void *state, SmIo *io)
{
  LowAeadState *st = state;
  if (io->out_len < io->in_len + st->in.tag_len ||
      st->row->seal(st, io->in, io->in_len, io->out, io->out + io->in_len) != 0)
    return SM_FAILED;
  io->out_len = io->in_len + st->in.tag_len;
  return SM_OK;
}

SmResult low_aead_decrypt(void *state, SmIo *io)
{
  LowAeadState *st = state;
  if (io->in_len < st->in.tag_len || io->out_len < io->in_len - st->in.tag_len)
    return SM_FAILED;
  size_t ct_len = io->in_len - st->in.tag_len;
  if (st->row->open(st, io->in, ct_len, io->in + ct_len, io->out) != 0)
    return SM_FAILED; /* a bad tag: MBEDTLS_ERR_*_AUTH_FAILED */
  io->out_len = ct_len;
  return SM_OK;
}

/* ---- the rows ---- */

/* Initialisers only: each builds one const SmImpl (a file-scope compound literal) from a row. */
#define EVP_AEAD(type)                                                                             \
  &(const SmImpl)SM_IMPL_CIPHER(evp_aead_setup, evp_aead_teardown,                                 \
                                (&(const EvpCipherRow){type, IV_PLAIN}), evp_aead_encrypt,         \
                                evp_aead_decrypt)
#define LOW_AEAD(nonce_len, family)                                                                \
  &(const SmImpl)SM_IMPL_CIPHER(low_aead_setup, low_aead_teardown,                                 \
                                (&(const LowAeadRow){nonce_len, family##_key, family##_seal,       \
                                                     family##_open, family##_release}),            \
                                low_aead_encrypt, low_aead_decrypt)
/* The AEAD rows, in the order `list` shows them. */
const SmAlgorithm aead_rows[] = {
    SM_ROW_BOTH("aes-128-gcm", SM_KIND_AEAD, EVP_AEAD(MBEDTLS_CIPHER_AES_128_GCM),
                LOW_AEAD(0, gcm)),
    SM_ROW_BOTH("aes-192-gcm", SM_KIND_AEAD, EVP_AEAD(MBEDTLS_CIPHER_AES_192_GCM),
                LOW_AEAD(0, gcm)),
    SM_ROW_BOTH("aes-256-gcm", SM_KIND_AEAD, EVP_AEAD(MBEDTLS_CIPHER_AES_256_GCM),
                LOW_AEAD(0, gcm)),
    SM_ROW_BOTH("aes-128-ccm", SM_KIND_AEAD, EVP_AEAD(MBEDTLS_CIPHER_AES_128_CCM),
                LOW_AEAD(0, ccm)),
    SM_ROW_BOTH("aes-256-ccm", SM_KIND_AEAD, EVP_AEAD(MBEDTLS_CIPHER_AES_256_CCM),
                LOW_AEAD(0, ccm)),
    SM_ROW_BOTH("chacha20-poly1305", SM_KIND_AEAD, EVP_AEAD(MBEDTLS_CIPHER_CHACHA20_POLY1305),
                LOW_AEAD(12, chachapoly)),
    SM_ROW_END,
};

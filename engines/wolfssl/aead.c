/* wolfSSL engine: AEADs. low = wolfCrypt's one-shots (the AES key schedule in setup; nonce, AAD
 * and data per call), whose AES row carries the library's GCM or CCM calls; evp = the cipher
 * context of cipher.c, with the nonce, AAD and tag set per message. */
#include "wolfssl-engine.h"

/* ------------------------------------------------------------------------------------------ */
/* low                                                                                         */

/* wolfCrypt's GCM and CCM take the same arguments: the row carries which. */
typedef int (*AesAeadKeyFn)(Aes *aes, const byte *key, word32 key_len);
typedef int (*AesAeadEncryptFn)(Aes *aes, byte *out, const byte *in, word32 in_len,
                                const byte *nonce, word32 nonce_len, byte *tag, word32 tag_len,
                                const byte *aad, word32 aad_len);
typedef int (*AesAeadDecryptFn)(Aes *aes, byte *out, const byte *in, word32 in_len,
                                const byte *nonce, word32 nonce_len, const byte *tag,
                                word32 tag_len, const byte *aad, word32 aad_len);

typedef enum { LOW_AES_AEAD, LOW_CHACHAPOLY, LOW_XCHACHAPOLY } LowAeadMode;

typedef struct {
  LowAeadMode mode;
  AesAeadKeyFn set_key; /* LOW_AES_AEAD: GCM's or CCM's */
  AesAeadEncryptFn encrypt;
  AesAeadDecryptFn decrypt;
} LowAeadRow;

typedef struct {
  Aes aes; /* GCM, CCM */
  const LowAeadRow *row;
  uint8_t key[32];
  size_t key_len;
  SmAeadInputs in; /* nonce, AAD, tag length */
} LowAeadState;

static void low_aead_teardown(void *state)
{
  LowAeadState *s = state;
  if (s->row != NULL && s->row->mode == LOW_AES_AEAD)
    wc_AesFree(&s->aes);
  sm_aead_inputs_free(&s->in);
  free(s);
}

static SmResult low_aead_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  LowAeadState *s = state;
  const LowAeadRow *row = params->impl_data;
  if (!fits_word32(params->max_len) || params->key.len > 32 || params->tag_len == 0 ||
      params->tag_len > 16 || !fits_word32(params->aad.len))
    return sm_msg(SM_FAILED, msg, msg_len, "unexpected key, tag or AAD length");
  if (row->mode != LOW_AES_AEAD && params->tag_len != CHACHA20_POLY1305_AEAD_AUTHTAG_SIZE)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "wolfCrypt's ChaCha20-Poly1305 tag is 16 bytes");
  s->row = row; /* from here on the teardown frees what the row's mode keyed */
  s->key_len = params->key.len;
  memcpy(s->key, sm_bytes_or_empty(params->key), params->key.len);
  if (!sm_aead_inputs_copy(&s->in, params))
    return sm_out_of_memory(msg, msg_len);
  int ret = 0;
  if (row->mode == LOW_AES_AEAD) {
    ret = wc_AesInit(&s->aes, NULL, INVALID_DEVID);
    if (ret == 0)
      ret = row->set_key(&s->aes, s->key, (word32)s->key_len);
  }
  return ret != 0 ? wolf_fail(SM_FAILED, msg, msg_len, "setting the key", ret) : SM_OK;
}

SM_DEFINE_SETUP(low_aead_setup, LowAeadState, low_aead_fill, low_aead_teardown)

static SmResult aes_aead_encrypt(void *state, SmIo *io)
{
  LowAeadState *s = state;
  if (!sm_aead_encrypt_fits(io, s->in.tag_len))
    return SM_FAILED;
  int ret = s->row->encrypt(&s->aes, io->out, io->in, (word32)io->in_len, s->in.nonce,
                            (word32)s->in.nonce_len, io->out + io->in_len, (word32)s->in.tag_len,
                            s->in.aad, (word32)s->in.aad_len);
  return ret != 0 ? SM_FAILED : sm_output(io, io->in_len + s->in.tag_len);
}

static SmResult aes_aead_decrypt(void *state, SmIo *io)
{
  LowAeadState *s = state;
  if (!sm_aead_decrypt_fits(io, s->in.tag_len))
    return SM_FAILED;
  size_t ct_len = io->in_len - s->in.tag_len;
  int ret = s->row->decrypt(&s->aes, io->out, io->in, (word32)ct_len, s->in.nonce,
                            (word32)s->in.nonce_len, io->in + ct_len, (word32)s->in.tag_len,
                            s->in.aad, (word32)s->in.aad_len);
  return ret != 0 ? SM_FAILED : sm_output(io, ct_len);
}

/* wolfCrypt's ChaCha20-Poly1305 one-shots take the key every call: ChaCha20 has no schedule. */
static SmResult chachapoly_encrypt(void *state, SmIo *io)
{
  LowAeadState *s = state;
  if (!sm_aead_encrypt_fits(io, s->in.tag_len) || s->in.nonce_len != CHACHA20_POLY1305_AEAD_IV_SIZE)
    return SM_FAILED;
  int ret = wc_ChaCha20Poly1305_Encrypt(s->key, s->in.nonce, s->in.aad, (word32)s->in.aad_len,
                                        io->in, (word32)io->in_len, io->out, io->out + io->in_len);
  return ret != 0 ? SM_FAILED : sm_output(io, io->in_len + s->in.tag_len);
}

static SmResult chachapoly_decrypt(void *state, SmIo *io)
{
  LowAeadState *s = state;
  if (!sm_aead_decrypt_fits(io, s->in.tag_len) || s->in.nonce_len != CHACHA20_POLY1305_AEAD_IV_SIZE)
    return SM_FAILED;
  size_t ct_len = io->in_len - s->in.tag_len;
  int ret = wc_ChaCha20Poly1305_Decrypt(s->key, s->in.nonce, s->in.aad, (word32)s->in.aad_len,
                                        io->in, (word32)ct_len, io->in + ct_len, io->out);
  return ret != 0 ? SM_FAILED : sm_output(io, ct_len);
}

static SmResult xchachapoly_encrypt(void *state, SmIo *io)
{
  LowAeadState *s = state;
  if (!sm_aead_encrypt_fits(io, s->in.tag_len))
    return SM_FAILED;
  int ret =
      wc_XChaCha20Poly1305_Encrypt(io->out, io->out_len, io->in, io->in_len, s->in.aad,
                                   s->in.aad_len, s->in.nonce, s->in.nonce_len, s->key, s->key_len);
  return ret != 0 ? SM_FAILED : sm_output(io, io->in_len + s->in.tag_len);
}

static SmResult xchachapoly_decrypt(void *state, SmIo *io)
{
  LowAeadState *s = state;
  if (!sm_aead_decrypt_fits(io, s->in.tag_len))
    return SM_FAILED;
  int ret =
      wc_XChaCha20Poly1305_Decrypt(io->out, io->out_len, io->in, io->in_len, s->in.aad,
                                   s->in.aad_len, s->in.nonce, s->in.nonce_len, s->key, s->key_len);
  return ret != 0 ? SM_FAILED : sm_output(io, io->in_len - s->in.tag_len);
}

/* ------------------------------------------------------------------------------------------ */
/* evp                                                                                         */

/* Nonce, AAD, data, final: one whole message on the keyed context. */
static bool evp_aead_run(EvpCipherState *s, const uint8_t *in, size_t in_len, uint8_t *out,
                         size_t *out_len)
{
  int len = 0, final_len = 0;
  if (wolfSSL_EVP_CipherInit(s->ctx, NULL, NULL, s->in.nonce, -1) != WOLFSSL_SUCCESS ||
      (s->in.aad_len > 0 && wolfSSL_EVP_CipherUpdate(s->ctx, NULL, &len, s->in.aad,
                                                     (int)s->in.aad_len) != WOLFSSL_SUCCESS) ||
      wolfSSL_EVP_CipherUpdate(s->ctx, out, &len, in, (int)in_len) != WOLFSSL_SUCCESS)
    return false;
  *out_len = (size_t)len;
  if (wolfSSL_EVP_CipherFinal(s->ctx, out + len, &final_len) != WOLFSSL_SUCCESS)
    return false;
  *out_len += (size_t)final_len;
  return true;
}

static SmResult evp_aead_encrypt(void *state, SmIo *io)
{
  EvpCipherState *s = state;
  size_t ct_len = 0;
  if (!sm_aead_encrypt_fits(io, s->in.tag_len) ||
      !evp_aead_run(s, io->in, io->in_len, io->out, &ct_len) ||
      wolfSSL_EVP_CIPHER_CTX_ctrl(s->ctx, EVP_CTRL_AEAD_GET_TAG, (int)s->in.tag_len,
                                  io->out + ct_len) != WOLFSSL_SUCCESS)
    return SM_FAILED;
  return sm_output(io, ct_len + s->in.tag_len);
}

static SmResult evp_aead_decrypt(void *state, SmIo *io)
{
  EvpCipherState *s = state;
  if (!sm_aead_decrypt_fits(io, s->in.tag_len))
    return SM_FAILED;
  size_t ct_len = io->in_len - s->in.tag_len, out_len = 0;
  memcpy(s->tag, io->in + ct_len, s->in.tag_len);
  if (wolfSSL_EVP_CIPHER_CTX_ctrl(s->ctx, EVP_CTRL_AEAD_SET_TAG, (int)s->in.tag_len, s->tag) !=
          WOLFSSL_SUCCESS ||
      !evp_aead_run(s, io->in, ct_len, io->out, &out_len)) /* a bad tag fails in Final */
    return SM_FAILED;
  return sm_output(io, out_len);
}

/* ------------------------------------------------------------------------------------------ */
/* The rows                                                                                    */

static const LowAeadRow gcm_low_row = {LOW_AES_AEAD, wc_AesGcmSetKey, wc_AesGcmEncrypt,
                                       wc_AesGcmDecrypt},
                        ccm_low_row = {LOW_AES_AEAD, wc_AesCcmSetKey, wc_AesCcmEncrypt,
                                       wc_AesCcmDecrypt},
                        chachapoly_low_row = {LOW_CHACHAPOLY, NULL, NULL, NULL},
                        xchachapoly_low_row = {LOW_XCHACHAPOLY, NULL, NULL, NULL};

#define LOW_AEAD(row, enc, dec)                                                                    \
  {                                                                                                \
    .setup = low_aead_setup, .op = {[SM_OP_ENCRYPT] = enc, [SM_OP_DECRYPT] = dec},                 \
    .teardown = low_aead_teardown, .data = &row                                                    \
  }

static const SmImpl gcm_low = LOW_AEAD(gcm_low_row, aes_aead_encrypt, aes_aead_decrypt),
                    ccm_low = LOW_AEAD(ccm_low_row, aes_aead_encrypt, aes_aead_decrypt),
                    chachapoly_low =
                        LOW_AEAD(chachapoly_low_row, chachapoly_encrypt, chachapoly_decrypt),
                    xchachapoly_low =
                        LOW_AEAD(xchachapoly_low_row, xchachapoly_encrypt, xchachapoly_decrypt);

static const EvpCipherRow aes_128_gcm_evp_row = {wolfSSL_EVP_aes_128_gcm, 0},
                          aes_192_gcm_evp_row = {wolfSSL_EVP_aes_192_gcm, 0},
                          aes_256_gcm_evp_row = {wolfSSL_EVP_aes_256_gcm, 0},
                          chachapoly_evp_row = {wolfSSL_EVP_chacha20_poly1305, 0x05009001};
#ifdef SM_WOLFSSL_EVP_CCM
static const EvpCipherRow aes_128_ccm_evp_row = {wolfSSL_EVP_aes_128_ccm, 0},
                          aes_256_ccm_evp_row = {wolfSSL_EVP_aes_256_ccm, 0};
#endif

#define EVP_AEAD(row)                                                                              \
  {                                                                                                \
    .setup = evp_cipher_setup,                                                                     \
    .op = {[SM_OP_ENCRYPT] = evp_aead_encrypt, [SM_OP_DECRYPT] = evp_aead_decrypt},                \
    .teardown = evp_cipher_teardown, .data = &row                                                  \
  }

static const SmImpl aes_128_gcm_evp = EVP_AEAD(aes_128_gcm_evp_row),
                    aes_192_gcm_evp = EVP_AEAD(aes_192_gcm_evp_row),
                    aes_256_gcm_evp = EVP_AEAD(aes_256_gcm_evp_row),
                    chachapoly_evp = EVP_AEAD(chachapoly_evp_row);
#ifdef SM_WOLFSSL_EVP_CCM
static const SmImpl aes_128_ccm_evp = EVP_AEAD(aes_128_ccm_evp_row),
                    aes_256_ccm_evp = EVP_AEAD(aes_256_ccm_evp_row);
#endif

#define AEAD_ROW(n, evp, low) SM_ROW_BOTH(n, SM_KIND_AEAD, &(evp), &(low))
#ifdef SM_WOLFSSL_EVP_CCM
#define CCM_ROW(n, evp) AEAD_ROW(n, evp, ccm_low)
#else
#define CCM_ROW(n, evp)                                                                            \
  SM_ROW_LOW_ONLY(n, SM_KIND_AEAD, &ccm_low,                                                       \
                  "wolfSSL " LIBWOLFSSL_VERSION_STRING "'s EVP layer has no AES-CCM cipher (no "   \
                  "wolfSSL_EVP_aes_*_ccm)")
#endif

const SmAlgorithm aead_rows[] = {
    AEAD_ROW("aes-128-gcm", aes_128_gcm_evp, gcm_low),
    AEAD_ROW("aes-192-gcm", aes_192_gcm_evp, gcm_low),
    AEAD_ROW("aes-256-gcm", aes_256_gcm_evp, gcm_low),
    CCM_ROW("aes-128-ccm", aes_128_ccm_evp),
    CCM_ROW("aes-256-ccm", aes_256_ccm_evp),
    AEAD_ROW("chacha20-poly1305", chachapoly_evp, chachapoly_low),
    SM_ROW_LOW_ONLY("xchacha20-poly1305", SM_KIND_AEAD, &xchachapoly_low,
                    "wolfSSL's EVP layer has no XChaCha20-Poly1305 cipher "
                    "(wc_XChaCha20Poly1305_* only)"),
    SM_ROW_END,
};

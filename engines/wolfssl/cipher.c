/* wolfSSL engine: ciphers. low = wolfCrypt's wc_* objects (one streams across calls), whose row
 * carries the library's encrypt and decrypt calls; evp = wolfSSL_EVP_CIPHER_CTX, keyed once. */
#include "wolfssl-engine.h"

/* ------------------------------------------------------------------------------------------ */
/* low                                                                                         */

typedef enum {
  LOW_AES_CBC,
  LOW_AES_CTR,
  LOW_AES_XTS,
  LOW_CHACHA20,
  LOW_CAMELLIA_CBC,
  LOW_DES_CBC,
  LOW_DES3_CBC,
  LOW_RC4
} LowCipherMode;

typedef struct LowCipherState LowCipherState;

/* One library call on the state's object: in to out, len bytes. */
typedef int (*LowCryptFn)(LowCipherState *s, byte *out, const byte *in, word32 len);

typedef struct {
  LowCipherMode mode;
  LowCryptFn encrypt, decrypt;
} LowCipherRow;

struct LowCipherState {
  union {
    Aes aes;
    XtsAes xts;
    ChaCha chacha;
    Camellia camellia;
    Des des;
    Des3 des3;
    Arc4 arc4;
  } u;
  const LowCipherRow *row;
  uint8_t iv[16]; /* XTS: the tweak, set again per call */
};

static int aes_cbc_encrypt(LowCipherState *s, byte *out, const byte *in, word32 len)
{
  return wc_AesCbcEncrypt(&s->u.aes, out, in, len);
}

static int aes_cbc_decrypt(LowCipherState *s, byte *out, const byte *in, word32 len)
{
  return wc_AesCbcDecrypt(&s->u.aes, out, in, len);
}

static int aes_ctr_crypt(LowCipherState *s, byte *out, const byte *in, word32 len)
{
  return wc_AesCtrEncrypt(&s->u.aes, out, in, len);
}

static int aes_xts_encrypt(LowCipherState *s, byte *out, const byte *in, word32 len)
{
  return wc_AesXtsEncrypt(&s->u.xts, out, in, len, s->iv, sizeof s->iv);
}

static int aes_xts_decrypt(LowCipherState *s, byte *out, const byte *in, word32 len)
{
  return wc_AesXtsDecrypt(&s->u.xts, out, in, len, s->iv, sizeof s->iv);
}

static int chacha20_crypt(LowCipherState *s, byte *out, const byte *in, word32 len)
{
  return wc_Chacha_Process(&s->u.chacha, out, in, len);
}

static int camellia_cbc_encrypt(LowCipherState *s, byte *out, const byte *in, word32 len)
{
  return wc_CamelliaCbcEncrypt(&s->u.camellia, out, in, len);
}

static int camellia_cbc_decrypt(LowCipherState *s, byte *out, const byte *in, word32 len)
{
  return wc_CamelliaCbcDecrypt(&s->u.camellia, out, in, len);
}

static int des_cbc_encrypt(LowCipherState *s, byte *out, const byte *in, word32 len)
{
  return wc_Des_CbcEncrypt(&s->u.des, out, in, len);
}

static int des_cbc_decrypt(LowCipherState *s, byte *out, const byte *in, word32 len)
{
  return wc_Des_CbcDecrypt(&s->u.des, out, in, len);
}

static int des3_cbc_encrypt(LowCipherState *s, byte *out, const byte *in, word32 len)
{
  return wc_Des3_CbcEncrypt(&s->u.des3, out, in, len);
}

static int des3_cbc_decrypt(LowCipherState *s, byte *out, const byte *in, word32 len)
{
  return wc_Des3_CbcDecrypt(&s->u.des3, out, in, len);
}

static int rc4_crypt(LowCipherState *s, byte *out, const byte *in, word32 len)
{
  return wc_Arc4Process(&s->u.arc4, out, in, len);
}

static void low_cipher_teardown(void *state)
{
  LowCipherState *s = state;
  const LowCipherRow *row = s->row; /* NULL: the fill failed before keying anything */
  if (row != NULL && row->mode == LOW_AES_XTS)
    wc_AesXtsFree(&s->u.xts);
  else if (row != NULL && (row->mode == LOW_AES_CBC || row->mode == LOW_AES_CTR))
    wc_AesFree(&s->u.aes);
  free(s);
}

static int low_cipher_key(LowCipherState *s, const SmParams *params)
{
  const uint8_t *key = sm_bytes_or_empty(params->key), *iv = sm_bytes_or_empty(params->iv);
  word32 key_len = (word32)params->key.len;
  int dir = params->op == SM_OP_ENCRYPT ? AES_ENCRYPTION : AES_DECRYPTION;
  int ret;
  switch (s->row->mode) {
  case LOW_AES_CBC:
  case LOW_AES_CTR: /* CTR decrypts with the encryption schedule */
    ret = wc_AesInit(&s->u.aes, NULL, INVALID_DEVID);
    return ret != 0 ? ret
                    : wc_AesSetKey(&s->u.aes, key, key_len, iv,
                                   s->row->mode == LOW_AES_CTR ? AES_ENCRYPTION : dir);
  case LOW_AES_XTS:
    return wc_AesXtsSetKey(&s->u.xts, key, key_len, dir, NULL, INVALID_DEVID);
  case LOW_CHACHA20: /* iv = 32-bit little-endian counter || 96-bit nonce */
    ret = wc_Chacha_SetKey(&s->u.chacha, key, key_len);
    return ret != 0 ? ret : wc_Chacha_SetIV(&s->u.chacha, iv + 4, sm_load_le32(iv));
  case LOW_CAMELLIA_CBC:
    return wc_CamelliaSetKey(&s->u.camellia, key, key_len, iv);
  case LOW_DES_CBC:
    return wc_Des_SetKey(&s->u.des, key, iv,
                         dir == AES_ENCRYPTION ? DES_ENCRYPTION : DES_DECRYPTION);
  case LOW_DES3_CBC:
    ret = wc_Des3Init(&s->u.des3, NULL, INVALID_DEVID);
    return ret != 0 ? ret
                    : wc_Des3_SetKey(&s->u.des3, key, iv,
                                     dir == AES_ENCRYPTION ? DES_ENCRYPTION : DES_DECRYPTION);
  case LOW_RC4:
    ret = wc_Arc4Init(&s->u.arc4, NULL, INVALID_DEVID);
    return ret != 0 ? ret : wc_Arc4SetKey(&s->u.arc4, key, key_len);
  }
  return BAD_FUNC_ARG;
}

static SmResult low_cipher_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  LowCipherState *s = state;
  const LowCipherRow *row = params->impl_data;
  if (!fits_word32(params->max_len) || params->iv.len > 16 ||
      (row->mode == LOW_CHACHA20 && params->iv.len != 16))
    return sm_msg(SM_FAILED, msg, msg_len, "unexpected IV length %zu or size %zu", params->iv.len,
                  params->max_len);
  s->row = row; /* from here on the teardown frees what the row's mode keyed */
  if (params->iv.len > 0)
    memcpy(s->iv, params->iv.data, params->iv.len);
  int ret = low_cipher_key(s, params);
  return ret != 0 ? wolf_fail(SM_FAILED, msg, msg_len, "setting the key", ret) : SM_OK;
}

SM_DEFINE_SETUP(low_cipher_setup, LowCipherState, low_cipher_fill, low_cipher_teardown)

static SmResult low_cipher_run(LowCipherState *s, LowCryptFn crypt, SmIo *io)
{
  if (io->out_len < io->in_len || crypt(s, io->out, io->in, (word32)io->in_len) != 0)
    return SM_FAILED;
  return sm_output(io, io->in_len);
}

static SmResult low_cipher_encrypt(void *state, SmIo *io)
{
  LowCipherState *s = state;
  return low_cipher_run(s, s->row->encrypt, io);
}

static SmResult low_cipher_decrypt(void *state, SmIo *io)
{
  LowCipherState *s = state;
  return low_cipher_run(s, s->row->decrypt, io);
}

/* ------------------------------------------------------------------------------------------ */
/* evp (the context and its setup serve aead.c too)                                           */

void evp_cipher_teardown(void *state)
{
  EvpCipherState *s = state;
  if (s == NULL)
    return;
  wolfSSL_EVP_CIPHER_CTX_free(s->ctx);
  sm_aead_inputs_free(&s->in);
  free(s);
}

static SmResult evp_cipher_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  EvpCipherState *s = state;
  const EvpCipherRow *row = params->impl_data;
  if (params->max_len > 0x7fffffff - 64 || params->aad.len > 0x7fffffff)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "wolfSSL's EVP takes int lengths");
  bool copied = sm_aead_inputs_copy(&s->in, params);
  s->ctx = wolfSSL_EVP_CIPHER_CTX_new();
  if (!copied || s->ctx == NULL)
    return sm_out_of_memory(msg, msg_len);
  int enc = params->op == SM_OP_ENCRYPT;
  const WOLFSSL_EVP_CIPHER *cipher = row->cipher();
  bool aead = params->tag_len > 0;
  if (row->unchecked_tag_before != 0 && !enc &&
      (unsigned long)wolfSSL_lib_version_hex() < row->unchecked_tag_before) {
    return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                  "wolfSSL %s bug: wolfSSL_EVP_CipherFinal never checks the ChaCha20-Poly1305 "
                  "tag on decrypt, so forged messages are accepted (CVE-2026-5479, fixed in 5.9.1)",
                  wolfSSL_lib_version());
  }
  /* The key schedule happens once here; AEAD calls then only set the nonce. */
  return cipher == NULL ||
                 wolfSSL_EVP_CipherInit(s->ctx, cipher, NULL, NULL, enc) != WOLFSSL_SUCCESS ||
                 (!aead && wolfSSL_EVP_CIPHER_CTX_set_padding(s->ctx, 0) != WOLFSSL_SUCCESS) ||
                 (aead &&
                  wolfSSL_EVP_CIPHER_CTX_ctrl(s->ctx, EVP_CTRL_AEAD_SET_IVLEN, (int)params->iv.len,
                                              NULL) != WOLFSSL_SUCCESS) ||
                 wolfSSL_EVP_CipherInit(s->ctx, NULL, sm_bytes_or_empty(params->key),
                                        params->iv.len > 0 && !aead ? s->in.nonce : NULL,
                                        enc) != WOLFSSL_SUCCESS
             ? sm_msg(SM_FAILED, msg, msg_len, "wolfSSL_EVP_CipherInit refused the cipher or key")
             : SM_OK;
}

SM_DEFINE_SETUP(evp_cipher_setup_state, EvpCipherState, evp_cipher_fill, evp_cipher_teardown)

/* The one setup of both cipher.c's and aead.c's EVP rows (SM_DEFINE_SETUP's is static). */
SmResult evp_cipher_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  return evp_cipher_setup_state(params, state, msg, msg_len);
}

static SmResult evp_cipher_crypt(void *state, SmIo *io)
{
  EvpCipherState *s = state;
  int len = 0;
  if (io->out_len < io->in_len ||
      wolfSSL_EVP_CipherUpdate(s->ctx, io->out, &len, io->in, (int)io->in_len) != WOLFSSL_SUCCESS ||
      (size_t)len != io->in_len)
    return SM_FAILED;
  return sm_output(io, (size_t)len);
}

static SmResult evp_xts_crypt(void *state, SmIo *io)
{
  EvpCipherState *s = state;
  if (wolfSSL_EVP_CipherInit(s->ctx, NULL, NULL, s->in.nonce, -1) != WOLFSSL_SUCCESS)
    return SM_FAILED;
  return evp_cipher_crypt(state, io);
}

/* ------------------------------------------------------------------------------------------ */
/* The rows                                                                                    */

static const LowCipherRow aes_cbc_low_row = {LOW_AES_CBC, aes_cbc_encrypt, aes_cbc_decrypt},
                          aes_ctr_low_row = {LOW_AES_CTR, aes_ctr_crypt, aes_ctr_crypt},
                          aes_xts_low_row = {LOW_AES_XTS, aes_xts_encrypt, aes_xts_decrypt},
                          chacha20_low_row = {LOW_CHACHA20, chacha20_crypt, chacha20_crypt},
                          camellia_low_row = {LOW_CAMELLIA_CBC, camellia_cbc_encrypt,
                                              camellia_cbc_decrypt},
                          des_low_row = {LOW_DES_CBC, des_cbc_encrypt, des_cbc_decrypt},
                          des3_low_row = {LOW_DES3_CBC, des3_cbc_encrypt, des3_cbc_decrypt},
                          rc4_low_row = {LOW_RC4, rc4_crypt, rc4_crypt};

#define LOW_CIPHER(row)                                                                            \
  {                                                                                                \
    .setup = low_cipher_setup,                                                                     \
    .op = {[SM_OP_ENCRYPT] = low_cipher_encrypt, [SM_OP_DECRYPT] = low_cipher_decrypt},            \
    .teardown = low_cipher_teardown, .data = &row                                                  \
  }

static const SmImpl aes_cbc_low = LOW_CIPHER(aes_cbc_low_row),
                    aes_ctr_low = LOW_CIPHER(aes_ctr_low_row),
                    aes_xts_low = LOW_CIPHER(aes_xts_low_row),
                    chacha20_low = LOW_CIPHER(chacha20_low_row),
                    camellia_low = LOW_CIPHER(camellia_low_row), des_low = LOW_CIPHER(des_low_row),
                    des3_low = LOW_CIPHER(des3_low_row), rc4_low = LOW_CIPHER(rc4_low_row);

static const EvpCipherRow aes_128_cbc_evp_row = {.cipher = wolfSSL_EVP_aes_128_cbc},
                          aes_192_cbc_evp_row = {.cipher = wolfSSL_EVP_aes_192_cbc},
                          aes_256_cbc_evp_row = {.cipher = wolfSSL_EVP_aes_256_cbc},
                          aes_128_ctr_evp_row = {.cipher = wolfSSL_EVP_aes_128_ctr},
                          aes_192_ctr_evp_row = {.cipher = wolfSSL_EVP_aes_192_ctr},
                          aes_256_ctr_evp_row = {.cipher = wolfSSL_EVP_aes_256_ctr},
                          aes_128_xts_evp_row = {.cipher = wolfSSL_EVP_aes_128_xts},
                          aes_256_xts_evp_row = {.cipher = wolfSSL_EVP_aes_256_xts},
                          chacha20_evp_row = {.cipher = wolfSSL_EVP_chacha20},
                          des_evp_row = {.cipher = wolfSSL_EVP_des_cbc},
                          des3_evp_row = {.cipher = wolfSSL_EVP_des_ede3_cbc},
                          rc4_evp_row = {.cipher = wolfSSL_EVP_rc4};

#define EVP_CIPHER_IMPL(row, crypt)                                                                \
  {                                                                                                \
    .setup = evp_cipher_setup, .op = {[SM_OP_ENCRYPT] = crypt, [SM_OP_DECRYPT] = crypt},           \
    .teardown = evp_cipher_teardown, .data = &row                                                  \
  }
#define EVP_STREAM(row) EVP_CIPHER_IMPL(row, evp_cipher_crypt)

static const SmImpl aes_128_cbc_evp = EVP_STREAM(aes_128_cbc_evp_row),
                    aes_192_cbc_evp = EVP_STREAM(aes_192_cbc_evp_row),
                    aes_256_cbc_evp = EVP_STREAM(aes_256_cbc_evp_row),
                    aes_128_ctr_evp = EVP_STREAM(aes_128_ctr_evp_row),
                    aes_192_ctr_evp = EVP_STREAM(aes_192_ctr_evp_row),
                    aes_256_ctr_evp = EVP_STREAM(aes_256_ctr_evp_row),
                    aes_128_xts_evp = EVP_CIPHER_IMPL(aes_128_xts_evp_row, evp_xts_crypt),
                    aes_256_xts_evp = EVP_CIPHER_IMPL(aes_256_xts_evp_row, evp_xts_crypt),
                    chacha20_evp = EVP_STREAM(chacha20_evp_row), des_evp = EVP_STREAM(des_evp_row),
                    des3_evp = EVP_STREAM(des3_evp_row), rc4_evp = EVP_STREAM(rc4_evp_row);

#define CIPHER_ROW(n, evp, low) SM_ROW_BOTH(n, SM_KIND_CIPHER, &(evp), &(low))

const SmAlgorithm cipher_rows[] = {
    CIPHER_ROW("aes-128-cbc", aes_128_cbc_evp, aes_cbc_low),
    CIPHER_ROW("aes-192-cbc", aes_192_cbc_evp, aes_cbc_low),
    CIPHER_ROW("aes-256-cbc", aes_256_cbc_evp, aes_cbc_low),
    CIPHER_ROW("aes-128-ctr", aes_128_ctr_evp, aes_ctr_low),
    CIPHER_ROW("aes-192-ctr", aes_192_ctr_evp, aes_ctr_low),
    CIPHER_ROW("aes-256-ctr", aes_256_ctr_evp, aes_ctr_low),
    CIPHER_ROW("aes-128-xts", aes_128_xts_evp, aes_xts_low),
    CIPHER_ROW("aes-256-xts", aes_256_xts_evp, aes_xts_low),
    CIPHER_ROW("chacha20", chacha20_evp, chacha20_low),
    SM_ROW_LOW_ONLY("camellia-128-cbc", SM_KIND_CIPHER, &camellia_low,
                    "wolfSSL's EVP layer has no Camellia cipher (wolfCrypt's wc_Camellia* only)"),
    CIPHER_ROW("des-cbc", des_evp, des_low),
    CIPHER_ROW("des-ede3-cbc", des3_evp, des3_low),
    CIPHER_ROW("rc4", rc4_evp, rc4_low),
    SM_ROW_END,
};

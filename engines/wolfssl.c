/* speedmatrix engine: wolfSSL 5.x.
 *
 * evp = its OpenSSL-compatible wolfSSL_EVP_* layer (wolfSSL_HMAC_*, wolfSSL_CMAC_* for MACs,
 * which that layer has instead of EVP_MAC); low = wolfCrypt, the wc_* calls beneath it.
 * Rows are data: each table row's SmImpl.data names what its setup builds.
 *
 * RNG: wolfCrypt takes a WC_RNG for RSA blinding, ECDSA nonces and timing-resistant ECDH. A
 * WC_RNG made with wc_InitRng_ex(devId) hands every block request to the crypto callback
 * registered for that device (WOLF_CRYPTO_CB is in the Debian build), so low's RNG is a
 * ChaCha20 keystream keyed from params->seed, served by our callback. The OpenSSL-compatible
 * layer takes no RNG for ECDSA and ECDH (wolfSSL_ECDSA_do_sign and wolfSSL_ECDH_compute_key
 * seed a fresh Hash_DRBG from the OS per call); its RSA uses the wolfCrypt key's RNG, which we
 * set to ours.
 */
#include <wolfssl/options.h>

#include "engine.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <wolfssl/ssl.h>
#include <wolfssl/version.h>
#include <wolfssl/wolfcrypt/aes.h>
#include <wolfssl/wolfcrypt/arc4.h>
#include <wolfssl/wolfcrypt/blake2.h>
#include <wolfssl/wolfcrypt/camellia.h>
#include <wolfssl/wolfcrypt/chacha.h>
#include <wolfssl/wolfcrypt/chacha20_poly1305.h>
#include <wolfssl/wolfcrypt/cmac.h>
#include <wolfssl/wolfcrypt/cryptocb.h>
#include <wolfssl/wolfcrypt/curve25519.h>
#include <wolfssl/wolfcrypt/curve448.h>
#include <wolfssl/wolfcrypt/des3.h>
#include <wolfssl/wolfcrypt/ecc.h>
#include <wolfssl/wolfcrypt/ed25519.h>
#include <wolfssl/wolfcrypt/ed448.h>
#include <wolfssl/wolfcrypt/error-crypt.h>
#include <wolfssl/wolfcrypt/hash.h>
#include <wolfssl/wolfcrypt/hmac.h>
#include <wolfssl/wolfcrypt/md4.h>
#include <wolfssl/wolfcrypt/md5.h>
#include <wolfssl/wolfcrypt/poly1305.h>
#include <wolfssl/wolfcrypt/random.h>
#include <wolfssl/wolfcrypt/ripemd.h>
#include <wolfssl/wolfcrypt/rsa.h>
#include <wolfssl/wolfcrypt/sha.h>
#include <wolfssl/wolfcrypt/sha256.h>
#include <wolfssl/wolfcrypt/sha3.h>
#include <wolfssl/wolfcrypt/sha512.h>
#include <wolfssl/wolfcrypt/wc_port.h>

#include <wolfssl/openssl/bn.h>
#include <wolfssl/openssl/cmac.h>
#include <wolfssl/openssl/ec.h>
#include <wolfssl/openssl/evp.h>
#include <wolfssl/openssl/hmac.h>
#include <wolfssl/openssl/rsa.h>

/* ------------------------------------------------------------------------------------------ */
/* Helpers                                                                                     */

static SmResult out_of_memory(char *msg, size_t msg_len)
{
  return sm_msg(SM_FAILED, msg, msg_len, "out of memory");
}

static SmResult wolf_fail(SmResult result, char *msg, size_t msg_len, const char *what, int ret)
{
  return sm_msg(result, msg, msg_len, "%s: %s (%d)", what, wc_GetErrorString(ret), ret);
}

/* A private copy of runner-owned bytes (never NULL, even when empty). */
static uint8_t *copy_bytes(SmBytes bytes)
{
  uint8_t *copy = calloc(1, bytes.len > 0 ? bytes.len : 1);
  if (copy != NULL && bytes.len > 0)
    memcpy(copy, bytes.data, bytes.len);
  return copy;
}

static const uint8_t *data_or_empty(SmBytes bytes)
{
  static const uint8_t empty[1] = {0};
  return bytes.data != NULL ? bytes.data : empty;
}

/* wolfCrypt lengths are word32. */
static bool fits_word32(size_t len) { return len <= 0xffffffffu - 64; }

static void pad_left(const uint8_t *in, size_t in_len, uint8_t *out, size_t width)
{
  memset(out, 0, width - in_len);
  memcpy(out + width - in_len, in, in_len);
}

/* ------------------------------------------------------------------------------------------ */
/* A seeded RNG: a WC_RNG bound to our crypto-callback device, whose blocks are ChaCha20
 * keystream under a key derived from params->seed.                                          */

enum { SEEDED_DEV_ID = 0x534d5746 }; /* "SMWF" */

typedef struct {
  WC_RNG rng; /* first: the callback finds the stream from the WC_RNG it is given */
  ChaCha stream;
  bool rng_ready;
} SeededRng;

static int seeded_rng_callback(int dev_id, wc_CryptoInfo *info, void *ctx)
{
  (void)dev_id;
  (void)ctx;
  if (info == NULL || info->algo_type != WC_ALGO_TYPE_RNG)
    return CRYPTOCB_UNAVAILABLE; /* the seed of the unused Hash_DRBG comes from the OS */
  SeededRng *seeded = (SeededRng *)(void *)info->rng.rng;
  memset(info->rng.out, 0, info->rng.sz);
  return wc_Chacha_Process(&seeded->stream, info->rng.out, info->rng.out, info->rng.sz);
}

static int seeded_rng_init(SeededRng *seeded, uint64_t seed)
{
  uint8_t key[CHACHA_MAX_KEY_SZ] = "speedmatrix wolfssl rng";
  uint8_t nonce[CHACHA_IV_BYTES] = {0};
  for (int i = 0; i < 8; i++)
    key[24 + i] = (uint8_t)(seed >> (8 * i));
  int ret = wc_Chacha_SetKey(&seeded->stream, key, sizeof key);
  if (ret == 0)
    ret = wc_Chacha_SetIV(&seeded->stream, nonce, 0);
  if (ret == 0)
    ret = wc_InitRng_ex(&seeded->rng, NULL, SEEDED_DEV_ID);
  seeded->rng_ready = ret == 0;
  return ret;
}

static void seeded_rng_free(SeededRng *seeded)
{
  if (seeded->rng_ready)
    wc_FreeRng(&seeded->rng);
  seeded->rng_ready = false;
}

/* ------------------------------------------------------------------------------------------ */
/* low: ciphers (one wolfCrypt object streams across calls)                                  */

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

typedef struct {
  LowCipherMode mode;
} LowCipherRow;

typedef struct {
  union {
    Aes aes;
    XtsAes xts;
    ChaCha chacha;
    Camellia camellia;
    Des des;
    Des3 des3;
    Arc4 arc4;
  } u;
  LowCipherMode mode;
  uint8_t iv[16]; /* XTS: the tweak, set again per call */
} LowCipherState;

static void low_cipher_teardown(void *state)
{
  LowCipherState *s = state;
  if (s == NULL)
    return;
  if (s->mode == LOW_AES_XTS)
    wc_AesXtsFree(&s->u.xts);
  else if (s->mode == LOW_AES_CBC || s->mode == LOW_AES_CTR)
    wc_AesFree(&s->u.aes);
  free(s);
}

static int low_cipher_key(LowCipherState *s, const SmParams *params)
{
  const uint8_t *key = data_or_empty(params->key), *iv = data_or_empty(params->iv);
  word32 key_len = (word32)params->key.len;
  int dir = params->op == SM_OP_ENCRYPT ? AES_ENCRYPTION : AES_DECRYPTION;
  int ret;
  switch (s->mode) {
  case LOW_AES_CBC:
  case LOW_AES_CTR: /* CTR decrypts with the encryption schedule */
    ret = wc_AesInit(&s->u.aes, NULL, INVALID_DEVID);
    return ret != 0 ? ret
                    : wc_AesSetKey(&s->u.aes, key, key_len, iv,
                                   s->mode == LOW_AES_CTR ? AES_ENCRYPTION : dir);
  case LOW_AES_XTS:
    return wc_AesXtsSetKey(&s->u.xts, key, key_len, dir, NULL, INVALID_DEVID);
  case LOW_CHACHA20: /* iv = 32-bit little-endian counter || 96-bit nonce */
    ret = wc_Chacha_SetKey(&s->u.chacha, key, key_len);
    return ret != 0 ? ret
                    : wc_Chacha_SetIV(&s->u.chacha, iv + 4,
                                      (word32)iv[0] | (word32)iv[1] << 8 | (word32)iv[2] << 16 |
                                          (word32)iv[3] << 24);
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

static SmResult low_cipher_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const LowCipherRow *row = params->impl_data;
  if (!fits_word32(params->max_len) || params->iv.len > 16 ||
      (row->mode == LOW_CHACHA20 && params->iv.len != 16))
    return sm_msg(SM_FAILED, msg, msg_len, "unexpected IV length %zu or size %zu", params->iv.len,
                  params->max_len);
  LowCipherState *s = calloc(1, sizeof *s);
  if (s == NULL)
    return out_of_memory(msg, msg_len);
  s->mode = row->mode;
  if (params->iv.len > 0)
    memcpy(s->iv, params->iv.data, params->iv.len);
  int ret = low_cipher_key(s, params);
  if (ret != 0) {
    low_cipher_teardown(s);
    return wolf_fail(SM_FAILED, msg, msg_len, "setting the key", ret);
  }
  *state = s;
  return SM_OK;
}

static SmResult cipher_done(int ret, SmIo *io)
{
  if (ret != 0)
    return SM_FAILED;
  io->out_len = io->in_len;
  return SM_OK;
}

static SmResult aes_cbc_encrypt(void *state, SmIo *io)
{
  LowCipherState *s = state;
  if (io->out_len < io->in_len)
    return SM_FAILED;
  return cipher_done(wc_AesCbcEncrypt(&s->u.aes, io->out, io->in, (word32)io->in_len), io);
}

static SmResult aes_cbc_decrypt(void *state, SmIo *io)
{
  LowCipherState *s = state;
  if (io->out_len < io->in_len)
    return SM_FAILED;
  return cipher_done(wc_AesCbcDecrypt(&s->u.aes, io->out, io->in, (word32)io->in_len), io);
}

static SmResult aes_ctr_crypt(void *state, SmIo *io)
{
  LowCipherState *s = state;
  if (io->out_len < io->in_len)
    return SM_FAILED;
  return cipher_done(wc_AesCtrEncrypt(&s->u.aes, io->out, io->in, (word32)io->in_len), io);
}

static SmResult aes_xts_encrypt(void *state, SmIo *io)
{
  LowCipherState *s = state;
  if (io->out_len < io->in_len)
    return SM_FAILED;
  return cipher_done(
      wc_AesXtsEncrypt(&s->u.xts, io->out, io->in, (word32)io->in_len, s->iv, sizeof s->iv), io);
}

static SmResult aes_xts_decrypt(void *state, SmIo *io)
{
  LowCipherState *s = state;
  if (io->out_len < io->in_len)
    return SM_FAILED;
  return cipher_done(
      wc_AesXtsDecrypt(&s->u.xts, io->out, io->in, (word32)io->in_len, s->iv, sizeof s->iv), io);
}

static SmResult chacha20_crypt(void *state, SmIo *io)
{
  LowCipherState *s = state;
  if (io->out_len < io->in_len)
    return SM_FAILED;
  return cipher_done(wc_Chacha_Process(&s->u.chacha, io->out, io->in, (word32)io->in_len), io);
}

static SmResult camellia_cbc_encrypt(void *state, SmIo *io)
{
  LowCipherState *s = state;
  if (io->out_len < io->in_len)
    return SM_FAILED;
  return cipher_done(wc_CamelliaCbcEncrypt(&s->u.camellia, io->out, io->in, (word32)io->in_len),
                     io);
}

static SmResult camellia_cbc_decrypt(void *state, SmIo *io)
{
  LowCipherState *s = state;
  if (io->out_len < io->in_len)
    return SM_FAILED;
  return cipher_done(wc_CamelliaCbcDecrypt(&s->u.camellia, io->out, io->in, (word32)io->in_len),
                     io);
}

static SmResult des_cbc_encrypt(void *state, SmIo *io)
{
  LowCipherState *s = state;
  if (io->out_len < io->in_len)
    return SM_FAILED;
  return cipher_done(wc_Des_CbcEncrypt(&s->u.des, io->out, io->in, (word32)io->in_len), io);
}

static SmResult des_cbc_decrypt(void *state, SmIo *io)
{
  LowCipherState *s = state;
  if (io->out_len < io->in_len)
    return SM_FAILED;
  return cipher_done(wc_Des_CbcDecrypt(&s->u.des, io->out, io->in, (word32)io->in_len), io);
}

static SmResult des3_cbc_encrypt(void *state, SmIo *io)
{
  LowCipherState *s = state;
  if (io->out_len < io->in_len)
    return SM_FAILED;
  return cipher_done(wc_Des3_CbcEncrypt(&s->u.des3, io->out, io->in, (word32)io->in_len), io);
}

static SmResult des3_cbc_decrypt(void *state, SmIo *io)
{
  LowCipherState *s = state;
  if (io->out_len < io->in_len)
    return SM_FAILED;
  return cipher_done(wc_Des3_CbcDecrypt(&s->u.des3, io->out, io->in, (word32)io->in_len), io);
}

static SmResult rc4_crypt(void *state, SmIo *io)
{
  LowCipherState *s = state;
  if (io->out_len < io->in_len)
    return SM_FAILED;
  return cipher_done(wc_Arc4Process(&s->u.arc4, io->out, io->in, (word32)io->in_len), io);
}

/* ------------------------------------------------------------------------------------------ */
/* low: AEAD (the key schedule in setup; nonce, AAD and data per call)                         */

typedef enum { LOW_GCM, LOW_CCM, LOW_CHACHAPOLY, LOW_XCHACHAPOLY } LowAeadMode;

typedef struct {
  LowAeadMode mode;
} LowAeadRow;

typedef struct {
  Aes aes; /* GCM, CCM */
  LowAeadMode mode;
  uint8_t key[32];
  size_t key_len;
  uint8_t *nonce;
  size_t nonce_len;
  uint8_t *aad; /* never NULL: wolfSSL's XChaCha20-Poly1305 refuses AAD = NULL,0 */
  size_t aad_len;
  size_t tag_len;
} LowAeadState;

static void low_aead_teardown(void *state)
{
  LowAeadState *s = state;
  if (s == NULL)
    return;
  if (s->mode == LOW_GCM || s->mode == LOW_CCM)
    wc_AesFree(&s->aes);
  free(s->nonce);
  free(s->aad);
  free(s);
}

static SmResult low_aead_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const LowAeadRow *row = params->impl_data;
  if (!fits_word32(params->max_len) || params->key.len > 32 || params->tag_len == 0 ||
      params->tag_len > 16 || !fits_word32(params->aad.len))
    return sm_msg(SM_FAILED, msg, msg_len, "unexpected key, tag or AAD length");
  if (row->mode >= LOW_CHACHAPOLY && params->tag_len != CHACHA20_POLY1305_AEAD_AUTHTAG_SIZE)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "wolfCrypt's ChaCha20-Poly1305 tag is 16 bytes");
  LowAeadState *s = calloc(1, sizeof *s);
  if (s == NULL)
    return out_of_memory(msg, msg_len);
  s->mode = row->mode;
  s->key_len = params->key.len;
  memcpy(s->key, data_or_empty(params->key), params->key.len);
  s->nonce = copy_bytes(params->iv);
  s->aad = copy_bytes(params->aad);
  s->nonce_len = params->iv.len;
  s->aad_len = params->aad.len;
  s->tag_len = params->tag_len;
  if (s->nonce == NULL || s->aad == NULL) {
    low_aead_teardown(s);
    return out_of_memory(msg, msg_len);
  }
  int ret = 0;
  if (s->mode == LOW_GCM || s->mode == LOW_CCM) {
    ret = wc_AesInit(&s->aes, NULL, INVALID_DEVID);
    if (ret == 0)
      ret = s->mode == LOW_GCM ? wc_AesGcmSetKey(&s->aes, s->key, (word32)s->key_len)
                               : wc_AesCcmSetKey(&s->aes, s->key, (word32)s->key_len);
  }
  if (ret != 0) {
    low_aead_teardown(s);
    return wolf_fail(SM_FAILED, msg, msg_len, "setting the key", ret);
  }
  *state = s;
  return SM_OK;
}

static bool aead_encrypt_fits(const SmIo *io, size_t tag_len)
{
  return io->out_len >= io->in_len + tag_len;
}

static bool aead_decrypt_fits(const SmIo *io, size_t tag_len)
{
  return io->in_len >= tag_len && io->out_len >= io->in_len - tag_len;
}

static SmResult aead_done(int ret, SmIo *io, size_t out_len)
{
  if (ret != 0)
    return SM_FAILED;
  io->out_len = out_len;
  return SM_OK;
}

static SmResult gcm_encrypt(void *state, SmIo *io)
{
  LowAeadState *s = state;
  if (!aead_encrypt_fits(io, s->tag_len))
    return SM_FAILED;
  int ret =
      wc_AesGcmEncrypt(&s->aes, io->out, io->in, (word32)io->in_len, s->nonce, (word32)s->nonce_len,
                       io->out + io->in_len, (word32)s->tag_len, s->aad, (word32)s->aad_len);
  return aead_done(ret, io, io->in_len + s->tag_len);
}

static SmResult gcm_decrypt(void *state, SmIo *io)
{
  LowAeadState *s = state;
  if (!aead_decrypt_fits(io, s->tag_len))
    return SM_FAILED;
  size_t ct_len = io->in_len - s->tag_len;
  int ret =
      wc_AesGcmDecrypt(&s->aes, io->out, io->in, (word32)ct_len, s->nonce, (word32)s->nonce_len,
                       io->in + ct_len, (word32)s->tag_len, s->aad, (word32)s->aad_len);
  return aead_done(ret, io, ct_len);
}

static SmResult ccm_encrypt(void *state, SmIo *io)
{
  LowAeadState *s = state;
  if (!aead_encrypt_fits(io, s->tag_len))
    return SM_FAILED;
  int ret =
      wc_AesCcmEncrypt(&s->aes, io->out, io->in, (word32)io->in_len, s->nonce, (word32)s->nonce_len,
                       io->out + io->in_len, (word32)s->tag_len, s->aad, (word32)s->aad_len);
  return aead_done(ret, io, io->in_len + s->tag_len);
}

static SmResult ccm_decrypt(void *state, SmIo *io)
{
  LowAeadState *s = state;
  if (!aead_decrypt_fits(io, s->tag_len))
    return SM_FAILED;
  size_t ct_len = io->in_len - s->tag_len;
  int ret =
      wc_AesCcmDecrypt(&s->aes, io->out, io->in, (word32)ct_len, s->nonce, (word32)s->nonce_len,
                       io->in + ct_len, (word32)s->tag_len, s->aad, (word32)s->aad_len);
  return aead_done(ret, io, ct_len);
}

/* wolfCrypt's ChaCha20-Poly1305 one-shots take the key every call: ChaCha20 has no schedule. */
static SmResult chachapoly_encrypt(void *state, SmIo *io)
{
  LowAeadState *s = state;
  if (!aead_encrypt_fits(io, s->tag_len) || s->nonce_len != CHACHA20_POLY1305_AEAD_IV_SIZE)
    return SM_FAILED;
  int ret = wc_ChaCha20Poly1305_Encrypt(s->key, s->nonce, s->aad, (word32)s->aad_len, io->in,
                                        (word32)io->in_len, io->out, io->out + io->in_len);
  return aead_done(ret, io, io->in_len + s->tag_len);
}

static SmResult chachapoly_decrypt(void *state, SmIo *io)
{
  LowAeadState *s = state;
  if (!aead_decrypt_fits(io, s->tag_len) || s->nonce_len != CHACHA20_POLY1305_AEAD_IV_SIZE)
    return SM_FAILED;
  size_t ct_len = io->in_len - s->tag_len;
  int ret = wc_ChaCha20Poly1305_Decrypt(s->key, s->nonce, s->aad, (word32)s->aad_len, io->in,
                                        (word32)ct_len, io->in + ct_len, io->out);
  return aead_done(ret, io, ct_len);
}

static SmResult xchachapoly_encrypt(void *state, SmIo *io)
{
  LowAeadState *s = state;
  if (!aead_encrypt_fits(io, s->tag_len))
    return SM_FAILED;
  int ret = wc_XChaCha20Poly1305_Encrypt(io->out, io->out_len, io->in, io->in_len, s->aad,
                                         s->aad_len, s->nonce, s->nonce_len, s->key, s->key_len);
  return aead_done(ret, io, io->in_len + s->tag_len);
}

static SmResult xchachapoly_decrypt(void *state, SmIo *io)
{
  LowAeadState *s = state;
  if (!aead_decrypt_fits(io, s->tag_len))
    return SM_FAILED;
  int ret = wc_XChaCha20Poly1305_Decrypt(io->out, io->out_len, io->in, io->in_len, s->aad,
                                         s->aad_len, s->nonce, s->nonce_len, s->key, s->key_len);
  return aead_done(ret, io, io->in_len - s->tag_len);
}

/* ------------------------------------------------------------------------------------------ */
/* low: digests (the typed init/update/final of each hash on a context kept in the state)    */

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

static int hash_md5(LowHashCtx *ctx, const byte *in, word32 len, byte *out)
{
  int ret = wc_InitMd5(&ctx->md5);
  if (ret == 0)
    ret = wc_Md5Update(&ctx->md5, in, len);
  if (ret == 0)
    ret = wc_Md5Final(&ctx->md5, out);
  wc_Md5Free(&ctx->md5);
  return ret;
}

static int hash_sha1(LowHashCtx *ctx, const byte *in, word32 len, byte *out)
{
  int ret = wc_InitSha(&ctx->sha1);
  if (ret == 0)
    ret = wc_ShaUpdate(&ctx->sha1, in, len);
  if (ret == 0)
    ret = wc_ShaFinal(&ctx->sha1, out);
  wc_ShaFree(&ctx->sha1);
  return ret;
}

static int hash_sha224(LowHashCtx *ctx, const byte *in, word32 len, byte *out)
{
  int ret = wc_InitSha224(&ctx->sha224);
  if (ret == 0)
    ret = wc_Sha224Update(&ctx->sha224, in, len);
  if (ret == 0)
    ret = wc_Sha224Final(&ctx->sha224, out);
  wc_Sha224Free(&ctx->sha224);
  return ret;
}

static int hash_sha256(LowHashCtx *ctx, const byte *in, word32 len, byte *out)
{
  int ret = wc_InitSha256(&ctx->sha256);
  if (ret == 0)
    ret = wc_Sha256Update(&ctx->sha256, in, len);
  if (ret == 0)
    ret = wc_Sha256Final(&ctx->sha256, out);
  wc_Sha256Free(&ctx->sha256);
  return ret;
}

static int hash_sha384(LowHashCtx *ctx, const byte *in, word32 len, byte *out)
{
  int ret = wc_InitSha384(&ctx->sha384);
  if (ret == 0)
    ret = wc_Sha384Update(&ctx->sha384, in, len);
  if (ret == 0)
    ret = wc_Sha384Final(&ctx->sha384, out);
  wc_Sha384Free(&ctx->sha384);
  return ret;
}

static int hash_sha512(LowHashCtx *ctx, const byte *in, word32 len, byte *out)
{
  int ret = wc_InitSha512(&ctx->sha512);
  if (ret == 0)
    ret = wc_Sha512Update(&ctx->sha512, in, len);
  if (ret == 0)
    ret = wc_Sha512Final(&ctx->sha512, out);
  wc_Sha512Free(&ctx->sha512);
  return ret;
}

static int hash_sha3_256(LowHashCtx *ctx, const byte *in, word32 len, byte *out)
{
  int ret = wc_InitSha3_256(&ctx->sha3, NULL, INVALID_DEVID);
  if (ret == 0)
    ret = wc_Sha3_256_Update(&ctx->sha3, in, len);
  if (ret == 0)
    ret = wc_Sha3_256_Final(&ctx->sha3, out);
  wc_Sha3_256_Free(&ctx->sha3);
  return ret;
}

static int hash_sha3_512(LowHashCtx *ctx, const byte *in, word32 len, byte *out)
{
  int ret = wc_InitSha3_512(&ctx->sha3, NULL, INVALID_DEVID);
  if (ret == 0)
    ret = wc_Sha3_512_Update(&ctx->sha3, in, len);
  if (ret == 0)
    ret = wc_Sha3_512_Final(&ctx->sha3, out);
  wc_Sha3_512_Free(&ctx->sha3);
  return ret;
}

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

static SmResult low_digest_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  if (!fits_word32(params->max_len))
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "wolfCrypt hashes take word32 lengths");
  LowDigestState *s = calloc(1, sizeof *s);
  if (s == NULL)
    return out_of_memory(msg, msg_len);
  s->row = params->impl_data;
  *state = s;
  return SM_OK;
}

static SmResult low_digest_hash(void *state, SmIo *io)
{
  LowDigestState *s = state;
  if (io->out_len < s->row->out_len || s->row->hash(&s->ctx, io->in, (word32)io->in_len, io->out))
    return SM_FAILED;
  io->out_len = s->row->out_len;
  return SM_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* low: MACs                                                                                   */

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
  if (s != NULL && s->row->mode == LOW_HMAC)
    wc_HmacFree(&s->keyed.hmac);
  free(s);
}

static SmResult low_mac_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const LowMacRow *row = params->impl_data;
  if (!fits_word32(params->max_len) || !fits_word32(params->key.len))
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "wolfCrypt MACs take word32 lengths");
  if (row->mode == LOW_POLY1305 && params->key.len != 32)
    return sm_msg(SM_FAILED, msg, msg_len, "poly1305 takes a 32-byte one-time key");
  LowMacState *s = calloc(1, sizeof *s);
  if (s == NULL)
    return out_of_memory(msg, msg_len);
  s->row = row;
  const uint8_t *key = data_or_empty(params->key);
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
  if (ret != 0) {
    low_mac_teardown(s);
    return wolf_fail(SM_FAILED, msg, msg_len, "keying the MAC", ret);
  }
  *state = s;
  return SM_OK;
}

static SmResult low_hmac_mac(void *state, SmIo *io)
{
  LowMacState *s = state;
  if (io->out_len < s->row->out_len ||
      wc_HmacUpdate(&s->keyed.hmac, io->in, (word32)io->in_len) != 0 ||
      wc_HmacFinal(&s->keyed.hmac, io->out) != 0)
    return SM_FAILED;
  io->out_len = s->row->out_len;
  return SM_OK;
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
  io->out_len = len;
  return SM_OK;
}

static SmResult low_poly1305_mac(void *state, SmIo *io)
{
  LowMacState *s = state;
  if (io->out_len < POLY1305_DIGEST_SIZE ||
      wc_Poly1305SetKey(&s->keyed.poly1305, s->key, sizeof s->key) != 0 ||
      wc_Poly1305Update(&s->keyed.poly1305, io->in, (word32)io->in_len) != 0 ||
      wc_Poly1305Final(&s->keyed.poly1305, io->out) != 0)
    return SM_FAILED;
  io->out_len = POLY1305_DIGEST_SIZE;
  return SM_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* evp: ciphers and AEAD (wolfSSL_EVP_CIPHER_CTX, keyed once)                                 */

typedef const WOLFSSL_EVP_CIPHER *(*EvpCipherGetter)(void);

typedef struct {
  EvpCipherGetter cipher;
  bool xts; /* every call is one data unit: the tweak is set again first */
  unsigned long unchecked_tag_before; /* decrypt is refused below this wolfSSL_lib_version_hex */
} EvpCipherRow;

typedef struct {
  WOLFSSL_EVP_CIPHER_CTX *ctx;
  uint8_t *iv;
  uint8_t *aad;
  size_t aad_len;
  size_t tag_len;
  uint8_t tag[16];
} EvpCipherState;

static void evp_cipher_teardown(void *state)
{
  EvpCipherState *s = state;
  if (s == NULL)
    return;
  wolfSSL_EVP_CIPHER_CTX_free(s->ctx);
  free(s->iv);
  free(s->aad);
  free(s);
}

static SmResult evp_cipher_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const EvpCipherRow *row = params->impl_data;
  if (params->max_len > 0x7fffffff - 64 || params->aad.len > 0x7fffffff)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "wolfSSL's EVP takes int lengths");
  EvpCipherState *s = calloc(1, sizeof *s);
  if (s == NULL)
    return out_of_memory(msg, msg_len);
  s->iv = copy_bytes(params->iv);
  s->aad = copy_bytes(params->aad);
  s->aad_len = params->aad.len;
  s->tag_len = params->tag_len;
  s->ctx = wolfSSL_EVP_CIPHER_CTX_new();
  if (s->iv == NULL || s->aad == NULL || s->ctx == NULL) {
    evp_cipher_teardown(s);
    return out_of_memory(msg, msg_len);
  }
  int enc = params->op == SM_OP_ENCRYPT;
  const WOLFSSL_EVP_CIPHER *cipher = row->cipher();
  bool aead = params->tag_len > 0;
  if (row->unchecked_tag_before != 0 && !enc &&
      (unsigned long)wolfSSL_lib_version_hex() < row->unchecked_tag_before) {
    evp_cipher_teardown(s);
    return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                  "wolfSSL %s bug: wolfSSL_EVP_CipherFinal never checks the ChaCha20-Poly1305 "
                  "tag on decrypt, so forged messages are accepted (CVE-2026-5479, fixed in 5.9.1)",
                  wolfSSL_lib_version());
  }
  /* The key schedule happens once here; AEAD calls then only set the nonce. */
  if (cipher == NULL ||
      wolfSSL_EVP_CipherInit(s->ctx, cipher, NULL, NULL, enc) != WOLFSSL_SUCCESS ||
      (!aead && wolfSSL_EVP_CIPHER_CTX_set_padding(s->ctx, 0) != WOLFSSL_SUCCESS) ||
      (aead && wolfSSL_EVP_CIPHER_CTX_ctrl(s->ctx, EVP_CTRL_AEAD_SET_IVLEN, (int)params->iv.len,
                                           NULL) != WOLFSSL_SUCCESS) ||
      wolfSSL_EVP_CipherInit(s->ctx, NULL, data_or_empty(params->key),
                             params->iv.len > 0 && !aead ? s->iv : NULL, enc) != WOLFSSL_SUCCESS) {
    evp_cipher_teardown(s);
    return sm_msg(SM_FAILED, msg, msg_len, "wolfSSL_EVP_CipherInit refused the cipher or key");
  }
  *state = s;
  return SM_OK;
}

static SmResult evp_cipher_crypt(void *state, SmIo *io)
{
  EvpCipherState *s = state;
  int len = 0;
  if (io->out_len < io->in_len ||
      wolfSSL_EVP_CipherUpdate(s->ctx, io->out, &len, io->in, (int)io->in_len) != WOLFSSL_SUCCESS ||
      (size_t)len != io->in_len)
    return SM_FAILED;
  io->out_len = (size_t)len;
  return SM_OK;
}

static SmResult evp_xts_crypt(void *state, SmIo *io)
{
  EvpCipherState *s = state;
  if (wolfSSL_EVP_CipherInit(s->ctx, NULL, NULL, s->iv, -1) != WOLFSSL_SUCCESS)
    return SM_FAILED;
  return evp_cipher_crypt(state, io);
}

/* Nonce, AAD, data, final: one whole message on the keyed context. */
static bool evp_aead_run(EvpCipherState *s, const uint8_t *in, size_t in_len, uint8_t *out,
                         size_t *out_len)
{
  int len = 0, final_len = 0;
  if (wolfSSL_EVP_CipherInit(s->ctx, NULL, NULL, s->iv, -1) != WOLFSSL_SUCCESS ||
      (s->aad_len > 0 &&
       wolfSSL_EVP_CipherUpdate(s->ctx, NULL, &len, s->aad, (int)s->aad_len) != WOLFSSL_SUCCESS) ||
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
  if (!aead_encrypt_fits(io, s->tag_len) ||
      !evp_aead_run(s, io->in, io->in_len, io->out, &ct_len) ||
      wolfSSL_EVP_CIPHER_CTX_ctrl(s->ctx, EVP_CTRL_AEAD_GET_TAG, (int)s->tag_len,
                                  io->out + ct_len) != WOLFSSL_SUCCESS)
    return SM_FAILED;
  io->out_len = ct_len + s->tag_len;
  return SM_OK;
}

static SmResult evp_aead_decrypt(void *state, SmIo *io)
{
  EvpCipherState *s = state;
  if (!aead_decrypt_fits(io, s->tag_len))
    return SM_FAILED;
  size_t ct_len = io->in_len - s->tag_len, out_len = 0;
  memcpy(s->tag, io->in + ct_len, s->tag_len);
  if (wolfSSL_EVP_CIPHER_CTX_ctrl(s->ctx, EVP_CTRL_AEAD_SET_TAG, (int)s->tag_len, s->tag) !=
          WOLFSSL_SUCCESS ||
      !evp_aead_run(s, io->in, ct_len, io->out, &out_len)) /* a bad tag fails in Final */
    return SM_FAILED;
  io->out_len = out_len;
  return SM_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* evp: digests and HMAC                                                                       */

typedef const WOLFSSL_EVP_MD *(*EvpMdGetter)(void);

typedef struct {
  EvpMdGetter md;
} EvpMdRow;

typedef struct {
  const WOLFSSL_EVP_MD *md;
  WOLFSSL_EVP_MD_CTX *ctx;
  WOLFSSL_HMAC_CTX *hmac;
  size_t out_len;
} EvpDigestState;

static void evp_digest_teardown(void *state)
{
  EvpDigestState *s = state;
  if (s == NULL)
    return;
  wolfSSL_EVP_MD_CTX_free(s->ctx);
  wolfSSL_HMAC_CTX_free(s->hmac);
  free(s);
}

static SmResult evp_digest_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const EvpMdRow *row = params->impl_data;
  EvpDigestState *s = calloc(1, sizeof *s);
  if (s == NULL)
    return out_of_memory(msg, msg_len);
  s->md = row->md();
  s->out_len = s->md != NULL ? (size_t)wolfSSL_EVP_MD_size(s->md) : 0;
  if (params->op == SM_OP_HASH) {
    s->ctx = wolfSSL_EVP_MD_CTX_new();
    if (s->ctx == NULL || s->md == NULL ||
        wolfSSL_EVP_DigestInit_ex(s->ctx, s->md, NULL) != WOLFSSL_SUCCESS) {
      evp_digest_teardown(s);
      return sm_msg(SM_FAILED, msg, msg_len, "wolfSSL_EVP_DigestInit_ex refused the digest");
    }
  } else {
    /* The keyed init is the key schedule; a NULL key per call restarts from it. */
    s->hmac = wolfSSL_HMAC_CTX_new();
    if (s->hmac == NULL || s->md == NULL ||
        wolfSSL_HMAC_Init_ex(s->hmac, data_or_empty(params->key), (int)params->key.len, s->md,
                             NULL) != WOLFSSL_SUCCESS) {
      evp_digest_teardown(s);
      return sm_msg(SM_FAILED, msg, msg_len, "wolfSSL_HMAC_Init_ex refused the digest or key");
    }
  }
  *state = s;
  return SM_OK;
}

static SmResult evp_digest_hash(void *state, SmIo *io)
{
  EvpDigestState *s = state;
  unsigned int len = 0;
  if (io->out_len < s->out_len ||
      wolfSSL_EVP_DigestInit_ex(s->ctx, s->md, NULL) != WOLFSSL_SUCCESS ||
      wolfSSL_EVP_DigestUpdate(s->ctx, io->in, io->in_len) != WOLFSSL_SUCCESS ||
      wolfSSL_EVP_DigestFinal_ex(s->ctx, io->out, &len) != WOLFSSL_SUCCESS)
    return SM_FAILED;
  io->out_len = len;
  return SM_OK;
}

static SmResult evp_hmac_mac(void *state, SmIo *io)
{
  EvpDigestState *s = state;
  unsigned int len = 0;
  if (io->out_len < s->out_len ||
      wolfSSL_HMAC_Init_ex(s->hmac, NULL, 0, NULL, NULL) != WOLFSSL_SUCCESS ||
      wolfSSL_HMAC_Update(s->hmac, io->in, io->in_len) != WOLFSSL_SUCCESS ||
      wolfSSL_HMAC_Final(s->hmac, io->out, &len) != WOLFSSL_SUCCESS)
    return SM_FAILED;
  io->out_len = len;
  return SM_OK;
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

static SmResult evp_cmac_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  if (params->key.len != 16)
    return sm_msg(SM_FAILED, msg, msg_len, "cmac-aes128 takes a 16-byte key");
  EvpCmacState *s = calloc(1, sizeof *s);
  if (s == NULL || (s->ctx = wolfSSL_CMAC_CTX_new()) == NULL) {
    free(s);
    return out_of_memory(msg, msg_len);
  }
  memcpy(s->key, params->key.data, sizeof s->key);
  *state = s;
  return SM_OK;
}

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
  io->out_len = len;
  return SM_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* Signatures and key exchange: the rows                                                      */

typedef enum { PK_RSA, PK_ECDSA, PK_ED25519, PK_ED448, PK_ECDH, PK_X25519, PK_X448 } PkKind;

typedef int (*OneShotHashFn)(const byte *in, word32 len, byte *out);

typedef struct {
  PkKind kind;
  int curve_id;       /* ECC: wolfCrypt's curve */
  int curve_nid;      /* ECC: the compatibility layer's curve */
  size_t width;       /* ECDSA: bytes of r and of s; ECDH: of the shared secret */
  OneShotHashFn hash; /* RSA, ECDSA (low) */
  size_t hash_len;
  enum wc_HashType hash_type;
  EvpMdGetter md; /* RSA, ECDSA (evp) */
} PkRow;

enum { MAX_HASH = 64, MAX_DIGEST_INFO = 19 + MAX_HASH, MAX_ECC_DER = 2 * (66 + 4) + 4 };

/* ------------------------------------------------------------------------------------------ */
/* low: RSA, ECDSA, EdDSA, ECDH, X25519, X448 (wolfCrypt keys, our seeded WC_RNG)             */

typedef struct {
  SeededRng rng; /* first: its WC_RNG is what the crypto callback receives */
  union {
    RsaKey rsa;
    ecc_key ecc;
    ed25519_key ed25519;
    ed448_key ed448;
    curve25519_key x25519;
    curve448_key x448;
  } key;
  union {
    ecc_key ecc;
    curve25519_key x25519;
    curve448_key x448;
  } peer;
  const PkRow *row;
  bool key_ready, peer_ready, has_private;
  word32 hash_oid;
  uint8_t hash[MAX_HASH];
  uint8_t digest_info[MAX_DIGEST_INFO];
  uint8_t *scratch; /* RSA verify: the recovered DigestInfo (modulus size) */
  size_t scratch_len;
} LowPkState;

static void low_pk_free_key(PkKind kind, bool ready, void *key)
{
  if (!ready)
    return;
  switch (kind) {
  case PK_RSA:
    wc_FreeRsaKey(key);
    break;
  case PK_ECDSA:
  case PK_ECDH:
    wc_ecc_free(key);
    break;
  case PK_ED25519:
    wc_ed25519_free(key);
    break;
  case PK_ED448:
    wc_ed448_free(key);
    break;
  case PK_X25519:
    wc_curve25519_free(key);
    break;
  case PK_X448:
    wc_curve448_free(key);
    break;
  }
}

static void low_pk_teardown(void *state)
{
  LowPkState *s = state;
  if (s == NULL)
    return;
  low_pk_free_key(s->row->kind, s->key_ready, &s->key);
  low_pk_free_key(s->row->kind, s->peer_ready, &s->peer);
  seeded_rng_free(&s->rng);
  free(s->scratch);
  free(s);
}

/* wolfCrypt has no raw private RSA import in 5.5 (wc_RsaPrivateKeyDecodeRaw came later): the
 * public mp_ints of RsaKey are filled directly (WOLFSSL_PUBLIC_MP is in the Debian build). */
static int rsa_load(RsaKey *key, const SmRsaKey *k, bool priv)
{
  int ret = wc_InitRsaKey(key, NULL);
  if (ret != 0 || !priv)
    return ret != 0 ? ret
                    : wc_RsaPublicKeyDecodeRaw(k->n.data, (word32)k->n.len, k->e.data,
                                               (word32)k->e.len, key);
  const struct {
    mp_int *mp;
    SmBytes value;
  } parts[] = {{&key->n, k->n}, {&key->e, k->e},   {&key->d, k->d},   {&key->p, k->p},
               {&key->q, k->q}, {&key->dP, k->dp}, {&key->dQ, k->dq}, {&key->u, k->qinv}};
  for (size_t i = 0; i < sizeof parts / sizeof parts[0] && ret == 0; i++)
    ret = mp_read_unsigned_bin(parts[i].mp, data_or_empty(parts[i].value),
                               (word32)parts[i].value.len);
  key->type = RSA_PRIVATE;
  return ret;
}

/* A wolfCrypt ECC key from the scalar and/or the 04||x||y point (derived when absent). */
static int ecc_load(ecc_key *key, int curve_id, SmBytes priv, SmBytes pub, WC_RNG *rng)
{
  int ret = wc_ecc_init(key);
  if (ret != 0)
    return ret;
  if (priv.len == 0)
    return wc_ecc_import_x963_ex(pub.data, (word32)pub.len, key, curve_id);
  ret = wc_ecc_import_private_key_ex(priv.data, (word32)priv.len, pub.len > 0 ? pub.data : NULL,
                                     (word32)pub.len, key, curve_id);
  if (ret == 0 && pub.len == 0)
    ret = wc_ecc_make_pub_ex(key, NULL, rng);
  return ret;
}

/* RFC 7748 scalars are clamped by X25519/X448 anyway; wolfCrypt refuses unclamped ones. */
static void clamp_scalar(uint8_t *scalar, size_t len)
{
  if (len == CURVE25519_KEYSIZE) {
    scalar[0] &= 248;
    scalar[31] = (uint8_t)((scalar[31] & 127) | 64);
  } else {
    scalar[0] &= 252;
    scalar[len - 1] |= 128;
  }
}

static int x25519_load(curve25519_key *key, SmBytes priv, SmBytes pub)
{
  uint8_t scalar[CURVE25519_KEYSIZE], point[CURVE25519_KEYSIZE];
  int ret = wc_curve25519_init(key);
  if (ret != 0)
    return ret;
  if (priv.len != sizeof scalar)
    return pub.len == sizeof point ? wc_curve25519_import_public_ex(pub.data, (word32)pub.len, key,
                                                                    EC25519_LITTLE_ENDIAN)
                                   : BAD_FUNC_ARG;
  memcpy(scalar, priv.data, sizeof scalar);
  clamp_scalar(scalar, sizeof scalar);
  ret = wc_curve25519_make_pub(sizeof point, point, sizeof scalar, scalar);
  if (ret == 0)
    ret = wc_curve25519_import_private_raw_ex(scalar, sizeof scalar, point, sizeof point, key,
                                              EC25519_LITTLE_ENDIAN);
  return ret;
}

static int x448_load(curve448_key *key, SmBytes priv, SmBytes pub)
{
  uint8_t scalar[CURVE448_KEY_SIZE], point[CURVE448_PUB_KEY_SIZE];
  int ret = wc_curve448_init(key);
  if (ret != 0)
    return ret;
  if (priv.len != sizeof scalar)
    return pub.len == sizeof point
               ? wc_curve448_import_public_ex(pub.data, (word32)pub.len, key, EC448_LITTLE_ENDIAN)
               : BAD_FUNC_ARG;
  memcpy(scalar, priv.data, sizeof scalar);
  clamp_scalar(scalar, sizeof scalar);
  ret = wc_curve448_make_pub(sizeof point, point, sizeof scalar, scalar);
  if (ret == 0)
    ret = wc_curve448_import_private_raw_ex(scalar, sizeof scalar, point, sizeof point, key,
                                            EC448_LITTLE_ENDIAN);
  return ret;
}

static int ed25519_load(ed25519_key *key, SmBytes priv, SmBytes pub)
{
  uint8_t point[ED25519_PUB_KEY_SIZE];
  int ret = wc_ed25519_init(key);
  if (ret != 0)
    return ret;
  if (priv.len == 0)
    return wc_ed25519_import_public(pub.data, (word32)pub.len, key);
  if (pub.len == 0) {
    ret = wc_ed25519_import_private_only(priv.data, (word32)priv.len, key);
    if (ret == 0)
      ret = wc_ed25519_make_public(key, point, sizeof point);
    pub = (SmBytes){point, sizeof point};
  }
  return ret != 0 ? ret
                  : wc_ed25519_import_private_key(priv.data, (word32)priv.len, pub.data,
                                                  (word32)pub.len, key);
}

static int ed448_load(ed448_key *key, SmBytes priv, SmBytes pub)
{
  uint8_t point[ED448_PUB_KEY_SIZE];
  int ret = wc_ed448_init(key);
  if (ret != 0)
    return ret;
  if (priv.len == 0)
    return wc_ed448_import_public(pub.data, (word32)pub.len, key);
  if (pub.len == 0) {
    ret = wc_ed448_import_private_only(priv.data, (word32)priv.len, key);
    if (ret == 0)
      ret = wc_ed448_make_public(key, point, sizeof point);
    pub = (SmBytes){point, sizeof point};
  }
  return ret != 0 ? ret
                  : wc_ed448_import_private_key(priv.data, (word32)priv.len, pub.data,
                                                (word32)pub.len, key);
}

/* The own key of the row's kind; the peer of a key exchange too. */
static int low_pk_load(LowPkState *s, const SmParams *params)
{
  const PkRow *row = s->row;
  WC_RNG *rng = &s->rng.rng;
  int ret;
  switch (row->kind) {
  case PK_RSA:
    ret = rsa_load(&s->key.rsa, &params->rsa, s->has_private);
    return ret != 0 ? ret : wc_RsaSetRNG(&s->key.rsa, rng);
  case PK_ECDSA:
    return ecc_load(&s->key.ecc, row->curve_id, params->priv, params->pub, rng);
  case PK_ED25519:
    return ed25519_load(&s->key.ed25519, params->priv, params->pub);
  case PK_ED448:
    return ed448_load(&s->key.ed448, params->priv, params->pub);
  case PK_ECDH:
    ret = ecc_load(&s->key.ecc, row->curve_id, params->priv, params->pub, rng);
    if (ret == 0)
      ret = wc_ecc_set_rng(&s->key.ecc, rng); /* ECC_TIMING_RESISTANT wants one */
    s->peer_ready = ret == 0;
    return ret != 0
               ? ret
               : ecc_load(&s->peer.ecc, row->curve_id, params->peer_priv, params->peer_pub, rng);
  case PK_X25519:
    ret = x25519_load(&s->key.x25519, params->priv, (SmBytes){NULL, 0});
    s->peer_ready = ret == 0;
    return ret != 0 ? ret : x25519_load(&s->peer.x25519, params->peer_priv, params->peer_pub);
  case PK_X448:
    ret = x448_load(&s->key.x448, params->priv, (SmBytes){NULL, 0});
    s->peer_ready = ret == 0;
    return ret != 0 ? ret : x448_load(&s->peer.x448, params->peer_priv, params->peer_pub);
  }
  return BAD_FUNC_ARG;
}

static SmResult low_pk_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  if (!fits_word32(params->max_len))
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "wolfCrypt takes word32 lengths");
  LowPkState *s = calloc(1, sizeof *s);
  if (s == NULL)
    return out_of_memory(msg, msg_len);
  s->row = params->impl_data;
  s->has_private = s->row->kind == PK_RSA ? params->rsa.d.len > 0 : params->priv.len > 0;
  int ret = seeded_rng_init(&s->rng, params->seed);
  if (ret != 0) {
    low_pk_teardown(s);
    return wolf_fail(SM_FAILED, msg, msg_len, "wc_InitRng_ex", ret);
  }
  s->key_ready = true; /* from here on teardown frees the key, initialised or not */
  ret = low_pk_load(s, params);
  if (ret == 0 && s->row->kind == PK_RSA) {
    s->hash_oid = (word32)wc_HashGetOID(s->row->hash_type);
    s->scratch_len = params->rsa.n.len + 1;
    s->scratch = malloc(s->scratch_len);
    if (s->scratch == NULL)
      ret = MEMORY_E;
  }
  if (ret != 0) {
    low_pk_teardown(s);
    return wolf_fail(SM_FAILED, msg, msg_len, "loading the key", ret);
  }
  *state = s;
  return SM_OK;
}

/* PKCS#1 v1.5: SHA-256 then the DigestInfo, which wc_RsaSSL_Sign pads and signs. */
static SmResult low_rsa_sign(void *state, SmIo *io)
{
  LowPkState *s = state;
  if (!s->has_private || s->row->hash(io->in, (word32)io->in_len, s->hash) != 0)
    return SM_FAILED;
  word32 info_len =
      wc_EncodeSignature(s->digest_info, s->hash, (word32)s->row->hash_len, (int)s->hash_oid);
  int len = wc_RsaSSL_Sign(s->digest_info, info_len, io->out, (word32)io->out_len, &s->key.rsa,
                           &s->rng.rng);
  if (len <= 0)
    return SM_FAILED;
  io->out_len = (size_t)len;
  return SM_OK;
}

static SmResult low_rsa_verify(void *state, SmIo *io)
{
  LowPkState *s = state;
  if (s->row->hash(io->in, (word32)io->in_len, s->hash) != 0)
    return SM_FAILED;
  word32 info_len =
      wc_EncodeSignature(s->digest_info, s->hash, (word32)s->row->hash_len, (int)s->hash_oid);
  int len = wc_RsaSSL_Verify(io->aux, (word32)io->aux_len, s->scratch, (word32)s->scratch_len,
                             &s->key.rsa);
  if (len != (int)info_len || memcmp(s->scratch, s->digest_info, info_len) != 0)
    return SM_FAILED;
  io->out_len = 0;
  return SM_OK;
}

/* wc_ecc_sign_hash gives DER; wc_ecc_sig_to_rs takes it apart into r and s. */
static SmResult low_ecdsa_sign(void *state, SmIo *io)
{
  LowPkState *s = state;
  size_t w = s->row->width;
  uint8_t der[MAX_ECC_DER], r[66], sv[66];
  word32 der_len = sizeof der, r_len = sizeof r, s_len = sizeof sv;
  if (!s->has_private || io->out_len < 2 * w ||
      s->row->hash(io->in, (word32)io->in_len, s->hash) != 0 ||
      wc_ecc_sign_hash(s->hash, (word32)s->row->hash_len, der, &der_len, &s->rng.rng,
                       &s->key.ecc) != 0 ||
      wc_ecc_sig_to_rs(der, der_len, r, &r_len, sv, &s_len) != 0 || r_len > w || s_len > w)
    return SM_FAILED;
  pad_left(r, r_len, io->out, w);
  pad_left(sv, s_len, io->out + w, w);
  io->out_len = 2 * w;
  return SM_OK;
}

static SmResult low_ecdsa_verify(void *state, SmIo *io)
{
  LowPkState *s = state;
  size_t w = s->row->width;
  uint8_t der[MAX_ECC_DER];
  word32 der_len = sizeof der;
  int verified = 0;
  if (io->aux_len != 2 * w || s->row->hash(io->in, (word32)io->in_len, s->hash) != 0 ||
      wc_ecc_rs_raw_to_sig(io->aux, (word32)w, io->aux + w, (word32)w, der, &der_len) != 0 ||
      wc_ecc_verify_hash(der, der_len, s->hash, (word32)s->row->hash_len, &verified, &s->key.ecc) !=
          0 ||
      verified != 1)
    return SM_FAILED;
  io->out_len = 0;
  return SM_OK;
}

static SmResult low_ed25519_sign(void *state, SmIo *io)
{
  LowPkState *s = state;
  word32 len = (word32)io->out_len;
  if (!s->has_private ||
      wc_ed25519_sign_msg(io->in, (word32)io->in_len, io->out, &len, &s->key.ed25519) != 0)
    return SM_FAILED;
  io->out_len = len;
  return SM_OK;
}

static SmResult low_ed25519_verify(void *state, SmIo *io)
{
  LowPkState *s = state;
  int verified = 0;
  if (wc_ed25519_verify_msg(io->aux, (word32)io->aux_len, io->in, (word32)io->in_len, &verified,
                            &s->key.ed25519) != 0 ||
      verified != 1)
    return SM_FAILED;
  io->out_len = 0;
  return SM_OK;
}

static SmResult low_ed448_sign(void *state, SmIo *io)
{
  LowPkState *s = state;
  word32 len = (word32)io->out_len;
  if (!s->has_private ||
      wc_ed448_sign_msg(io->in, (word32)io->in_len, io->out, &len, &s->key.ed448, NULL, 0) != 0)
    return SM_FAILED;
  io->out_len = len;
  return SM_OK;
}

static SmResult low_ed448_verify(void *state, SmIo *io)
{
  LowPkState *s = state;
  int verified = 0;
  if (wc_ed448_verify_msg(io->aux, (word32)io->aux_len, io->in, (word32)io->in_len, &verified,
                          &s->key.ed448, NULL, 0) != 0 ||
      verified != 1)
    return SM_FAILED;
  io->out_len = 0;
  return SM_OK;
}

static SmResult low_ecdh_derive(void *state, SmIo *io)
{
  LowPkState *s = state;
  word32 len = (word32)io->out_len;
  if (wc_ecc_shared_secret(&s->key.ecc, &s->peer.ecc, io->out, &len) != 0 || len != s->row->width)
    return SM_FAILED;
  io->out_len = len;
  return SM_OK;
}

static SmResult low_x25519_derive(void *state, SmIo *io)
{
  LowPkState *s = state;
  word32 len = (word32)io->out_len;
  if (wc_curve25519_shared_secret_ex(&s->key.x25519, &s->peer.x25519, io->out, &len,
                                     EC25519_LITTLE_ENDIAN) != 0)
    return SM_FAILED;
  io->out_len = len;
  return SM_OK;
}

static SmResult low_x448_derive(void *state, SmIo *io)
{
  LowPkState *s = state;
  word32 len = (word32)io->out_len;
  if (wc_curve448_shared_secret_ex(&s->key.x448, &s->peer.x448, io->out, &len,
                                   EC448_LITTLE_ENDIAN) != 0)
    return SM_FAILED;
  io->out_len = len;
  return SM_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* evp: RSA, ECDSA (EVP_DigestSign/Verify), ECDH (EVP_PKEY_derive)                            */

typedef struct {
  SeededRng rng; /* RSA: set as the wolfCrypt key's RNG */
  WOLFSSL_EVP_PKEY *pkey;
  WOLFSSL_EVP_PKEY *peer;
  WOLFSSL_EVP_MD_CTX *mdctx;
  WOLFSSL_EVP_PKEY_CTX *derive;
  const PkRow *row;
  bool has_private;
  RsaKey *rsa_key;     /* RSA: the wolfCrypt key beneath the WOLFSSL_RSA */
  WC_RNG *rsa_own_rng; /* ... and the RNG wolfSSL_RSA_free will free: put back before it */
  uint8_t der[MAX_ECC_DER];
} EvpPkState;

static void evp_pk_teardown(void *state)
{
  EvpPkState *s = state;
  if (s == NULL)
    return;
  if (s->rsa_key != NULL)
    s->rsa_key->rng = s->rsa_own_rng;
  wolfSSL_EVP_PKEY_CTX_free(s->derive);
  wolfSSL_EVP_MD_CTX_free(s->mdctx);
  wolfSSL_EVP_PKEY_free(s->peer);
  wolfSSL_EVP_PKEY_free(s->pkey);
  seeded_rng_free(&s->rng);
  free(s);
}

static WOLFSSL_BIGNUM *bn_from(SmBytes bytes)
{
  return bytes.len > 0 ? wolfSSL_BN_bin2bn(bytes.data, (int)bytes.len, NULL) : NULL;
}

static WOLFSSL_EVP_PKEY *evp_rsa_key(const SmRsaKey *k, bool priv, EvpPkState *s)
{
  WOLFSSL_RSA *rsa = wolfSSL_RSA_new();
  WOLFSSL_BIGNUM *n = bn_from(k->n), *e = bn_from(k->e), *d = priv ? bn_from(k->d) : NULL;
  bool ok = rsa != NULL && wolfSSL_RSA_set0_key(rsa, n, e, d) == WOLFSSL_SUCCESS;
  if (!ok) {
    wolfSSL_BN_free(n);
    wolfSSL_BN_free(e);
    wolfSSL_BN_free(d);
  }
  if (ok && priv) {
    WOLFSSL_BIGNUM *p = bn_from(k->p), *q = bn_from(k->q);
    WOLFSSL_BIGNUM *dp = bn_from(k->dp), *dq = bn_from(k->dq), *qinv = bn_from(k->qinv);
    if (wolfSSL_RSA_set0_factors(rsa, p, q) != WOLFSSL_SUCCESS) {
      wolfSSL_BN_free(p);
      wolfSSL_BN_free(q);
      ok = false;
    }
    if (wolfSSL_RSA_set0_crt_params(rsa, dp, dq, qinv) != WOLFSSL_SUCCESS) {
      wolfSSL_BN_free(dp);
      wolfSSL_BN_free(dq);
      wolfSSL_BN_free(qinv);
      ok = false;
    }
  }
  WOLFSSL_EVP_PKEY *pkey = ok ? wolfSSL_EVP_PKEY_new() : NULL;
  if (pkey == NULL || rsa->internal == NULL ||
      wolfSSL_EVP_PKEY_assign_RSA(pkey, rsa) != WOLFSSL_SUCCESS) {
    wolfSSL_EVP_PKEY_free(pkey);
    wolfSSL_RSA_free(rsa);
    return NULL;
  }
  /* Blinding draws from the wolfCrypt key's RNG: ours, swapped back before the key is freed
   * (wolfSSL_RSA_free frees whatever RNG the key holds). */
  s->rsa_key = rsa->internal;
  s->rsa_own_rng = s->rsa_key->rng;
  s->rsa_key->rng = &s->rng.rng;
  return pkey;
}

static WOLFSSL_EVP_PKEY *evp_ec_key(int nid, SmBytes priv, SmBytes pub)
{
  WOLFSSL_EC_KEY *ec = wolfSSL_EC_KEY_new_by_curve_name(nid);
  const WOLFSSL_EC_GROUP *group = ec != NULL ? wolfSSL_EC_KEY_get0_group(ec) : NULL;
  WOLFSSL_EC_POINT *point = group != NULL ? wolfSSL_EC_POINT_new(group) : NULL;
  WOLFSSL_BIGNUM *d = bn_from(priv);
  bool ok =
      point != NULL &&
      (priv.len == 0 || (d != NULL && wolfSSL_EC_KEY_set_private_key(ec, d) == WOLFSSL_SUCCESS));
  if (ok && pub.len > 0)
    ok = wolfSSL_EC_POINT_oct2point(group, point, pub.data, pub.len, NULL) == WOLFSSL_SUCCESS;
  else if (ok)
    ok = wolfSSL_EC_POINT_mul(group, point, d, NULL, NULL, NULL) == WOLFSSL_SUCCESS;
  ok = ok && wolfSSL_EC_KEY_set_public_key(ec, point) == WOLFSSL_SUCCESS;
  wolfSSL_EC_POINT_free(point);
  wolfSSL_BN_free(d);
  WOLFSSL_EVP_PKEY *pkey = ok ? wolfSSL_EVP_PKEY_new() : NULL;
  if (pkey == NULL || wolfSSL_EVP_PKEY_assign_EC_KEY(pkey, ec) != WOLFSSL_SUCCESS) {
    wolfSSL_EVP_PKEY_free(pkey);
    wolfSSL_EC_KEY_free(ec);
    return NULL;
  }
  return pkey;
}

static bool evp_pk_build(EvpPkState *s, const SmParams *params)
{
  const PkRow *row = s->row;
  if (row->kind == PK_RSA) {
    s->pkey = evp_rsa_key(&params->rsa, s->has_private, s);
    return s->pkey != NULL;
  }
  s->pkey = evp_ec_key(row->curve_nid, params->priv, params->pub);
  if (s->pkey == NULL || row->kind != PK_ECDH)
    return s->pkey != NULL;
  s->peer = evp_ec_key(row->curve_nid, params->peer_priv, params->peer_pub);
  s->derive = s->peer != NULL ? wolfSSL_EVP_PKEY_CTX_new(s->pkey, NULL) : NULL;
  return s->derive != NULL && wolfSSL_EVP_PKEY_derive_init(s->derive) == WOLFSSL_SUCCESS &&
         wolfSSL_EVP_PKEY_derive_set_peer(s->derive, s->peer) == WOLFSSL_SUCCESS;
}

static SmResult evp_pk_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  EvpPkState *s = calloc(1, sizeof *s);
  if (s == NULL)
    return out_of_memory(msg, msg_len);
  s->row = params->impl_data;
  s->has_private = s->row->kind == PK_RSA ? params->rsa.d.len > 0 : params->priv.len > 0;
  int ret = seeded_rng_init(&s->rng, params->seed);
  if (ret != 0) {
    evp_pk_teardown(s);
    return wolf_fail(SM_FAILED, msg, msg_len, "wc_InitRng_ex", ret);
  }
  if (!evp_pk_build(s, params) ||
      (s->row->kind != PK_ECDH && (s->mdctx = wolfSSL_EVP_MD_CTX_new()) == NULL)) {
    evp_pk_teardown(s);
    return sm_msg(SM_FAILED, msg, msg_len, "building the key with wolfSSL's compatibility layer");
  }
  *state = s;
  return SM_OK;
}

/* DigestSignInit per message: a wolfSSL DigestSign context has no reset to its keyed state
 * (the cleanup frees the EVP_PKEY_CTX that the next init makes again). */
static bool evp_sign_der(EvpPkState *s, const SmIo *io, uint8_t *sig, size_t *sig_len)
{
  wolfSSL_EVP_MD_CTX_cleanup(s->mdctx);
  return wolfSSL_EVP_DigestSignInit(s->mdctx, NULL, s->row->md(), NULL, s->pkey) ==
             WOLFSSL_SUCCESS &&
         wolfSSL_EVP_DigestSignUpdate(s->mdctx, io->in, io->in_len) == WOLFSSL_SUCCESS &&
         wolfSSL_EVP_DigestSignFinal(s->mdctx, sig, sig_len) == WOLFSSL_SUCCESS;
}

static bool evp_verify_der(EvpPkState *s, const SmIo *io, const uint8_t *sig, size_t sig_len)
{
  wolfSSL_EVP_MD_CTX_cleanup(s->mdctx);
  return wolfSSL_EVP_DigestVerifyInit(s->mdctx, NULL, s->row->md(), NULL, s->pkey) ==
             WOLFSSL_SUCCESS &&
         wolfSSL_EVP_DigestVerifyUpdate(s->mdctx, io->in, io->in_len) == WOLFSSL_SUCCESS &&
         wolfSSL_EVP_DigestVerifyFinal(s->mdctx, sig, sig_len) == WOLFSSL_SUCCESS;
}

static SmResult evp_rsa_sign(void *state, SmIo *io)
{
  EvpPkState *s = state;
  size_t len = io->out_len;
  if (!s->has_private || !evp_sign_der(s, io, io->out, &len))
    return SM_FAILED;
  io->out_len = len;
  return SM_OK;
}

static SmResult evp_rsa_verify(void *state, SmIo *io)
{
  EvpPkState *s = state;
  if (!evp_verify_der(s, io, io->aux, io->aux_len))
    return SM_FAILED;
  io->out_len = 0;
  return SM_OK;
}

static SmResult evp_ecdsa_sign(void *state, SmIo *io)
{
  EvpPkState *s = state;
  size_t w = s->row->width, der_len = sizeof s->der;
  uint8_t r[66], sv[66];
  word32 r_len = sizeof r, s_len = sizeof sv;
  if (!s->has_private || io->out_len < 2 * w || !evp_sign_der(s, io, s->der, &der_len) ||
      wc_ecc_sig_to_rs(s->der, (word32)der_len, r, &r_len, sv, &s_len) != 0 || r_len > w ||
      s_len > w)
    return SM_FAILED;
  pad_left(r, r_len, io->out, w);
  pad_left(sv, s_len, io->out + w, w);
  io->out_len = 2 * w;
  return SM_OK;
}

static SmResult evp_ecdsa_verify(void *state, SmIo *io)
{
  EvpPkState *s = state;
  size_t w = s->row->width;
  word32 der_len = sizeof s->der;
  if (io->aux_len != 2 * w ||
      wc_ecc_rs_raw_to_sig(io->aux, (word32)w, io->aux + w, (word32)w, s->der, &der_len) != 0 ||
      !evp_verify_der(s, io, s->der, der_len))
    return SM_FAILED;
  io->out_len = 0;
  return SM_OK;
}

static SmResult evp_ecdh_derive(void *state, SmIo *io)
{
  EvpPkState *s = state;
  size_t len = io->out_len;
  if (wolfSSL_EVP_PKEY_derive(s->derive, io->out, &len) != WOLFSSL_SUCCESS || len != s->row->width)
    return SM_FAILED;
  io->out_len = len;
  return SM_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* The tables                                                                                  */

static const LowCipherRow aes_cbc_low_row = {LOW_AES_CBC}, aes_ctr_low_row = {LOW_AES_CTR},
                          aes_xts_low_row = {LOW_AES_XTS}, chacha20_low_row = {LOW_CHACHA20},
                          camellia_low_row = {LOW_CAMELLIA_CBC}, des_low_row = {LOW_DES_CBC},
                          des3_low_row = {LOW_DES3_CBC}, rc4_low_row = {LOW_RC4};

#define LOW_CIPHER(row, enc, dec)                                                                  \
  {                                                                                                \
    .setup = low_cipher_setup, .op = {[SM_OP_ENCRYPT] = enc, [SM_OP_DECRYPT] = dec},               \
    .teardown = low_cipher_teardown, .data = &row                                                  \
  }

static const SmImpl aes_cbc_low = LOW_CIPHER(aes_cbc_low_row, aes_cbc_encrypt, aes_cbc_decrypt);
static const SmImpl aes_ctr_low = LOW_CIPHER(aes_ctr_low_row, aes_ctr_crypt, aes_ctr_crypt);
static const SmImpl aes_xts_low = LOW_CIPHER(aes_xts_low_row, aes_xts_encrypt, aes_xts_decrypt);
static const SmImpl chacha20_low = LOW_CIPHER(chacha20_low_row, chacha20_crypt, chacha20_crypt);
static const SmImpl camellia_low =
    LOW_CIPHER(camellia_low_row, camellia_cbc_encrypt, camellia_cbc_decrypt);
static const SmImpl des_low = LOW_CIPHER(des_low_row, des_cbc_encrypt, des_cbc_decrypt);
static const SmImpl des3_low = LOW_CIPHER(des3_low_row, des3_cbc_encrypt, des3_cbc_decrypt);
static const SmImpl rc4_low = LOW_CIPHER(rc4_low_row, rc4_crypt, rc4_crypt);

static const LowAeadRow gcm_low_row = {LOW_GCM}, ccm_low_row = {LOW_CCM},
                        chachapoly_low_row = {LOW_CHACHAPOLY},
                        xchachapoly_low_row = {LOW_XCHACHAPOLY};

#define LOW_AEAD(row, enc, dec)                                                                    \
  {                                                                                                \
    .setup = low_aead_setup, .op = {[SM_OP_ENCRYPT] = enc, [SM_OP_DECRYPT] = dec},                 \
    .teardown = low_aead_teardown, .data = &row                                                    \
  }

static const SmImpl gcm_low = LOW_AEAD(gcm_low_row, gcm_encrypt, gcm_decrypt);
static const SmImpl ccm_low = LOW_AEAD(ccm_low_row, ccm_encrypt, ccm_decrypt);
static const SmImpl chachapoly_low =
    LOW_AEAD(chachapoly_low_row, chachapoly_encrypt, chachapoly_decrypt);
static const SmImpl xchachapoly_low =
    LOW_AEAD(xchachapoly_low_row, xchachapoly_encrypt, xchachapoly_decrypt);

static const EvpCipherRow aes_128_cbc_evp_row = {.cipher = wolfSSL_EVP_aes_128_cbc},
                          aes_192_cbc_evp_row = {.cipher = wolfSSL_EVP_aes_192_cbc},
                          aes_256_cbc_evp_row = {.cipher = wolfSSL_EVP_aes_256_cbc},
                          aes_128_ctr_evp_row = {.cipher = wolfSSL_EVP_aes_128_ctr},
                          aes_192_ctr_evp_row = {.cipher = wolfSSL_EVP_aes_192_ctr},
                          aes_256_ctr_evp_row = {.cipher = wolfSSL_EVP_aes_256_ctr},
                          aes_128_xts_evp_row = {.cipher = wolfSSL_EVP_aes_128_xts, .xts = true},
                          aes_256_xts_evp_row = {.cipher = wolfSSL_EVP_aes_256_xts, .xts = true},
                          chacha20_evp_row = {.cipher = wolfSSL_EVP_chacha20},
                          des_evp_row = {.cipher = wolfSSL_EVP_des_cbc},
                          des3_evp_row = {.cipher = wolfSSL_EVP_des_ede3_cbc},
                          rc4_evp_row = {.cipher = wolfSSL_EVP_rc4},
                          aes_128_gcm_evp_row = {.cipher = wolfSSL_EVP_aes_128_gcm},
                          aes_192_gcm_evp_row = {.cipher = wolfSSL_EVP_aes_192_gcm},
                          aes_256_gcm_evp_row = {.cipher = wolfSSL_EVP_aes_256_gcm},
                          chachapoly_evp_row = {.cipher = wolfSSL_EVP_chacha20_poly1305,
                                                .unchecked_tag_before = 0x05009001};

#define EVP_CIPHER_IMPL(row, enc, dec)                                                             \
  {                                                                                                \
    .setup = evp_cipher_setup, .op = {[SM_OP_ENCRYPT] = enc, [SM_OP_DECRYPT] = dec},               \
    .teardown = evp_cipher_teardown, .data = &row                                                  \
  }
#define EVP_STREAM(row) EVP_CIPHER_IMPL(row, evp_cipher_crypt, evp_cipher_crypt)
#define EVP_AEAD(row) EVP_CIPHER_IMPL(row, evp_aead_encrypt, evp_aead_decrypt)

static const SmImpl aes_128_cbc_evp = EVP_STREAM(aes_128_cbc_evp_row);
static const SmImpl aes_192_cbc_evp = EVP_STREAM(aes_192_cbc_evp_row);
static const SmImpl aes_256_cbc_evp = EVP_STREAM(aes_256_cbc_evp_row);
static const SmImpl aes_128_ctr_evp = EVP_STREAM(aes_128_ctr_evp_row);
static const SmImpl aes_192_ctr_evp = EVP_STREAM(aes_192_ctr_evp_row);
static const SmImpl aes_256_ctr_evp = EVP_STREAM(aes_256_ctr_evp_row);
static const SmImpl aes_128_xts_evp =
    EVP_CIPHER_IMPL(aes_128_xts_evp_row, evp_xts_crypt, evp_xts_crypt);
static const SmImpl aes_256_xts_evp =
    EVP_CIPHER_IMPL(aes_256_xts_evp_row, evp_xts_crypt, evp_xts_crypt);
static const SmImpl chacha20_evp = EVP_STREAM(chacha20_evp_row);
static const SmImpl des_evp = EVP_STREAM(des_evp_row);
static const SmImpl des3_evp = EVP_STREAM(des3_evp_row);
static const SmImpl rc4_evp = EVP_STREAM(rc4_evp_row);
static const SmImpl aes_128_gcm_evp = EVP_AEAD(aes_128_gcm_evp_row);
static const SmImpl aes_192_gcm_evp = EVP_AEAD(aes_192_gcm_evp_row);
static const SmImpl aes_256_gcm_evp = EVP_AEAD(aes_256_gcm_evp_row);
static const SmImpl chachapoly_evp = EVP_AEAD(chachapoly_evp_row);

/* Digests and HMAC: the same rows serve both levels and both kinds. */
typedef struct {
  LowDigestRow low;
  EvpMdRow evp;
  LowMacRow hmac; /* mode LOW_HMAC where the hash has an HMAC row */
} HashRow;

static const HashRow hash_rows[] = {
    {{hash_md4, 16}, {wolfSSL_EVP_md4}, {0}},
    {{hash_md5, 16}, {wolfSSL_EVP_md5}, {LOW_HMAC, WC_MD5, 16}},
    {{hash_sha1, 20}, {wolfSSL_EVP_sha1}, {LOW_HMAC, WC_SHA, 20}},
    {{hash_sha224, 28}, {wolfSSL_EVP_sha224}, {0}},
    {{hash_sha256, 32}, {wolfSSL_EVP_sha256}, {LOW_HMAC, WC_SHA256, 32}},
    {{hash_sha384, 48}, {wolfSSL_EVP_sha384}, {LOW_HMAC, WC_SHA384, 48}},
    {{hash_sha512, 64}, {wolfSSL_EVP_sha512}, {LOW_HMAC, WC_SHA512, 64}},
    {{hash_sha3_256, 32}, {wolfSSL_EVP_sha3_256}, {0}},
    {{hash_sha3_512, 64}, {wolfSSL_EVP_sha3_512}, {0}},
    {{hash_blake2b512, 64}, {wolfSSL_EVP_blake2b512}, {0}},
    {{hash_blake2s256, 32}, {wolfSSL_EVP_blake2s256}, {0}},
    {{hash_ripemd160, 20}, {wolfSSL_EVP_ripemd160}, {0}},
};

#define DIGEST_PAIR(i)                                                                             \
  {                                                                                                \
    {.setup = evp_digest_setup,                                                                    \
     .op = {[SM_OP_HASH] = evp_digest_hash},                                                       \
     .teardown = evp_digest_teardown,                                                              \
     .data = &hash_rows[i].evp},                                                                   \
    {                                                                                              \
      .setup = low_digest_setup, .op = {[SM_OP_HASH] = low_digest_hash}, .teardown = free,         \
      .data = &hash_rows[i].low                                                                    \
    }                                                                                              \
  }
#define HMAC_PAIR(i)                                                                               \
  {                                                                                                \
    {.setup = evp_digest_setup,                                                                    \
     .op = {[SM_OP_MAC] = evp_hmac_mac},                                                           \
     .teardown = evp_digest_teardown,                                                              \
     .data = &hash_rows[i].evp},                                                                   \
    {                                                                                              \
      .setup = low_mac_setup, .op = {[SM_OP_MAC] = low_hmac_mac}, .teardown = low_mac_teardown,    \
      .data = &hash_rows[i].hmac                                                                   \
    }                                                                                              \
  }

static const SmImpl digest_impls[][SM_API_COUNT] = {
    DIGEST_PAIR(0), DIGEST_PAIR(1), DIGEST_PAIR(2),  DIGEST_PAIR(3),
    DIGEST_PAIR(4), DIGEST_PAIR(5), DIGEST_PAIR(6),  DIGEST_PAIR(7),
    DIGEST_PAIR(8), DIGEST_PAIR(9), DIGEST_PAIR(10), DIGEST_PAIR(11),
};
static const SmImpl hmac_impls[][SM_API_COUNT] = {
    HMAC_PAIR(1), HMAC_PAIR(2), HMAC_PAIR(4), HMAC_PAIR(5), HMAC_PAIR(6),
};

static const LowMacRow cmac_low_row = {LOW_CMAC, 0, 16}, poly1305_low_row = {LOW_POLY1305, 0, 16};
static const SmImpl cmac_evp = {
    .setup = evp_cmac_setup, .op = {[SM_OP_MAC] = evp_cmac_mac}, .teardown = evp_cmac_teardown};
static const SmImpl cmac_low = {.setup = low_mac_setup,
                                .op = {[SM_OP_MAC] = low_cmac_mac},
                                .teardown = low_mac_teardown,
                                .data = &cmac_low_row};
static const SmImpl poly1305_low = {.setup = low_mac_setup,
                                    .op = {[SM_OP_MAC] = low_poly1305_mac},
                                    .teardown = low_mac_teardown,
                                    .data = &poly1305_low_row};

#define RSA_ROW                                                                                    \
  {                                                                                                \
    .kind = PK_RSA, .hash = wc_Sha256Hash, .hash_len = 32, .hash_type = WC_HASH_TYPE_SHA256,       \
    .md = wolfSSL_EVP_sha256                                                                       \
  }
static const PkRow rsa_row = RSA_ROW;
static const PkRow ecdsa_p256_row = {
    PK_ECDSA, ECC_SECP256R1,       NID_X9_62_prime256v1, 32, wc_Sha256Hash,
    32,       WC_HASH_TYPE_SHA256, wolfSSL_EVP_sha256};
static const PkRow ecdsa_p384_row = {
    PK_ECDSA, ECC_SECP384R1,       NID_secp384r1,     48, wc_Sha384Hash,
    48,       WC_HASH_TYPE_SHA384, wolfSSL_EVP_sha384};
static const PkRow ecdsa_p521_row = {
    PK_ECDSA, ECC_SECP521R1,       NID_secp521r1,     66, wc_Sha512Hash,
    64,       WC_HASH_TYPE_SHA512, wolfSSL_EVP_sha512};
static const PkRow ed25519_row = {.kind = PK_ED25519}, ed448_row = {.kind = PK_ED448};
static const PkRow ecdh_p256_row = {.kind = PK_ECDH, ECC_SECP256R1, NID_X9_62_prime256v1, 32};
static const PkRow ecdh_p384_row = {.kind = PK_ECDH, ECC_SECP384R1, NID_secp384r1, 48};
static const PkRow x25519_row = {.kind = PK_X25519}, x448_row = {.kind = PK_X448};

#define LOW_SIG(row, sign, verify)                                                                 \
  {                                                                                                \
    .setup = low_pk_setup, .op = {[SM_OP_SIGN] = sign, [SM_OP_VERIFY] = verify},                   \
    .teardown = low_pk_teardown, .data = &row                                                      \
  }
#define EVP_SIG(row, sign, verify)                                                                 \
  {                                                                                                \
    .setup = evp_pk_setup, .op = {[SM_OP_SIGN] = sign, [SM_OP_VERIFY] = verify},                   \
    .teardown = evp_pk_teardown, .data = &row                                                      \
  }
#define LOW_KEX(row, derive)                                                                       \
  {                                                                                                \
    .setup = low_pk_setup, .op = {[SM_OP_DERIVE] = derive}, .teardown = low_pk_teardown,           \
    .data = &row                                                                                   \
  }

static const SmImpl rsa_low = LOW_SIG(rsa_row, low_rsa_sign, low_rsa_verify);
static const SmImpl rsa_evp = EVP_SIG(rsa_row, evp_rsa_sign, evp_rsa_verify);
static const SmImpl ecdsa_p256_low = LOW_SIG(ecdsa_p256_row, low_ecdsa_sign, low_ecdsa_verify);
static const SmImpl ecdsa_p384_low = LOW_SIG(ecdsa_p384_row, low_ecdsa_sign, low_ecdsa_verify);
static const SmImpl ecdsa_p521_low = LOW_SIG(ecdsa_p521_row, low_ecdsa_sign, low_ecdsa_verify);
static const SmImpl ecdsa_p256_evp = EVP_SIG(ecdsa_p256_row, evp_ecdsa_sign, evp_ecdsa_verify);
static const SmImpl ecdsa_p384_evp = EVP_SIG(ecdsa_p384_row, evp_ecdsa_sign, evp_ecdsa_verify);
static const SmImpl ecdsa_p521_evp = EVP_SIG(ecdsa_p521_row, evp_ecdsa_sign, evp_ecdsa_verify);
static const SmImpl ed25519_low = LOW_SIG(ed25519_row, low_ed25519_sign, low_ed25519_verify);
static const SmImpl ed448_low = LOW_SIG(ed448_row, low_ed448_sign, low_ed448_verify);
static const SmImpl ecdh_p256_low = LOW_KEX(ecdh_p256_row, low_ecdh_derive);
static const SmImpl ecdh_p384_low = LOW_KEX(ecdh_p384_row, low_ecdh_derive);
static const SmImpl x25519_low = LOW_KEX(x25519_row, low_x25519_derive);
static const SmImpl x448_low = LOW_KEX(x448_row, low_x448_derive);
static const SmImpl ecdh_p256_evp = {.setup = evp_pk_setup,
                                     .op = {[SM_OP_DERIVE] = evp_ecdh_derive},
                                     .teardown = evp_pk_teardown,
                                     .data = &ecdh_p256_row};
static const SmImpl ecdh_p384_evp = {.setup = evp_pk_setup,
                                     .op = {[SM_OP_DERIVE] = evp_ecdh_derive},
                                     .teardown = evp_pk_teardown,
                                     .data = &ecdh_p384_row};

#define BOTH(evp, low)                                                                             \
  {                                                                                                \
    &evp, &low                                                                                     \
  }
#define PAIR(table, i)                                                                             \
  {                                                                                                \
    &table[i][SM_API_EVP], &table[i][SM_API_LOW]                                                   \
  }
#define LOW_ONLY(low, why) .impl = {NULL, &low}, .why_not = {why, NULL}

static const SmAlgorithm algorithms[] = {
    {.name = "aes-128-cbc", .kind = SM_KIND_CIPHER, .impl = BOTH(aes_128_cbc_evp, aes_cbc_low)},
    {.name = "aes-192-cbc", .kind = SM_KIND_CIPHER, .impl = BOTH(aes_192_cbc_evp, aes_cbc_low)},
    {.name = "aes-256-cbc", .kind = SM_KIND_CIPHER, .impl = BOTH(aes_256_cbc_evp, aes_cbc_low)},
    {.name = "aes-128-ctr", .kind = SM_KIND_CIPHER, .impl = BOTH(aes_128_ctr_evp, aes_ctr_low)},
    {.name = "aes-192-ctr", .kind = SM_KIND_CIPHER, .impl = BOTH(aes_192_ctr_evp, aes_ctr_low)},
    {.name = "aes-256-ctr", .kind = SM_KIND_CIPHER, .impl = BOTH(aes_256_ctr_evp, aes_ctr_low)},
    {.name = "aes-128-xts", .kind = SM_KIND_CIPHER, .impl = BOTH(aes_128_xts_evp, aes_xts_low)},
    {.name = "aes-256-xts", .kind = SM_KIND_CIPHER, .impl = BOTH(aes_256_xts_evp, aes_xts_low)},
    {.name = "chacha20", .kind = SM_KIND_CIPHER, .impl = BOTH(chacha20_evp, chacha20_low)},
    {.name = "camellia-128-cbc",
     .kind = SM_KIND_CIPHER,
     LOW_ONLY(camellia_low, "wolfSSL's EVP layer has no Camellia cipher (wolfCrypt's "
                            "wc_Camellia* only)")},
    {.name = "des-cbc", .kind = SM_KIND_CIPHER, .impl = BOTH(des_evp, des_low)},
    {.name = "des-ede3-cbc", .kind = SM_KIND_CIPHER, .impl = BOTH(des3_evp, des3_low)},
    {.name = "rc4", .kind = SM_KIND_CIPHER, .impl = BOTH(rc4_evp, rc4_low)},
    {.name = "aes-128-gcm", .kind = SM_KIND_AEAD, .impl = BOTH(aes_128_gcm_evp, gcm_low)},
    {.name = "aes-192-gcm", .kind = SM_KIND_AEAD, .impl = BOTH(aes_192_gcm_evp, gcm_low)},
    {.name = "aes-256-gcm", .kind = SM_KIND_AEAD, .impl = BOTH(aes_256_gcm_evp, gcm_low)},
    {.name = "aes-128-ccm",
     .kind = SM_KIND_AEAD,
     LOW_ONLY(ccm_low, "wolfSSL 5.5's EVP layer has no AES-CCM cipher (no wolfSSL_EVP_aes_*_ccm)")},
    {.name = "aes-256-ccm",
     .kind = SM_KIND_AEAD,
     LOW_ONLY(ccm_low, "wolfSSL 5.5's EVP layer has no AES-CCM cipher (no wolfSSL_EVP_aes_*_ccm)")},
    {.name = "chacha20-poly1305",
     .kind = SM_KIND_AEAD,
     .impl = BOTH(chachapoly_evp, chachapoly_low)},
    {.name = "xchacha20-poly1305",
     .kind = SM_KIND_AEAD,
     LOW_ONLY(xchachapoly_low, "wolfSSL's EVP layer has no XChaCha20-Poly1305 cipher "
                               "(wc_XChaCha20Poly1305_* only)")},
    {.name = "md4", .kind = SM_KIND_DIGEST, .impl = PAIR(digest_impls, 0)},
    {.name = "md5", .kind = SM_KIND_DIGEST, .impl = PAIR(digest_impls, 1)},
    {.name = "sha1", .kind = SM_KIND_DIGEST, .impl = PAIR(digest_impls, 2)},
    {.name = "sha224", .kind = SM_KIND_DIGEST, .impl = PAIR(digest_impls, 3)},
    {.name = "sha256", .kind = SM_KIND_DIGEST, .impl = PAIR(digest_impls, 4)},
    {.name = "sha384", .kind = SM_KIND_DIGEST, .impl = PAIR(digest_impls, 5)},
    {.name = "sha512", .kind = SM_KIND_DIGEST, .impl = PAIR(digest_impls, 6)},
    {.name = "sha3-256", .kind = SM_KIND_DIGEST, .impl = PAIR(digest_impls, 7)},
    {.name = "sha3-512", .kind = SM_KIND_DIGEST, .impl = PAIR(digest_impls, 8)},
    {.name = "blake2b512",
     .kind = SM_KIND_DIGEST,
     LOW_ONLY(digest_impls[9][SM_API_LOW], "wolfSSL 5.5's wolfSSL_EVP_DigestInit_ex refuses "
                                           "BLAKE2b-512 (wolfSSL_EVP_blake2b512 only names it)")},
    {.name = "blake2s256",
     .kind = SM_KIND_DIGEST,
     LOW_ONLY(digest_impls[10][SM_API_LOW], "wolfSSL 5.5's wolfSSL_EVP_DigestInit_ex refuses "
                                            "BLAKE2s-256 (wolfSSL_EVP_blake2s256 only names it)")},
    {.name = "ripemd160",
     .kind = SM_KIND_DIGEST,
     LOW_ONLY(digest_impls[11][SM_API_LOW], "wolfSSL 5.5's wolfSSL_EVP_DigestInit_ex refuses "
                                            "RIPEMD-160 (wolfSSL_EVP_ripemd160 only names it)")},
    {.name = "hmac-md5", .kind = SM_KIND_MAC, .impl = PAIR(hmac_impls, 0)},
    {.name = "hmac-sha1", .kind = SM_KIND_MAC, .impl = PAIR(hmac_impls, 1)},
    {.name = "hmac-sha256", .kind = SM_KIND_MAC, .impl = PAIR(hmac_impls, 2)},
    {.name = "hmac-sha384", .kind = SM_KIND_MAC, .impl = PAIR(hmac_impls, 3)},
    {.name = "hmac-sha512", .kind = SM_KIND_MAC, .impl = PAIR(hmac_impls, 4)},
    {.name = "cmac-aes128", .kind = SM_KIND_MAC, .impl = BOTH(cmac_evp, cmac_low)},
    {.name = "poly1305",
     .kind = SM_KIND_MAC,
     LOW_ONLY(poly1305_low, "wolfSSL's compatibility layer has no Poly1305 MAC (wc_Poly1305* "
                            "only)")},
    {.name = "rsa1024", .kind = SM_KIND_SIGNATURE, .impl = BOTH(rsa_evp, rsa_low)},
    {.name = "rsa2048", .kind = SM_KIND_SIGNATURE, .impl = BOTH(rsa_evp, rsa_low)},
    {.name = "rsa3072", .kind = SM_KIND_SIGNATURE, .impl = BOTH(rsa_evp, rsa_low)},
    {.name = "rsa4096", .kind = SM_KIND_SIGNATURE, .impl = BOTH(rsa_evp, rsa_low)},
    {.name = "ecdsa-p256", .kind = SM_KIND_SIGNATURE, .impl = BOTH(ecdsa_p256_evp, ecdsa_p256_low)},
    {.name = "ecdsa-p384", .kind = SM_KIND_SIGNATURE, .impl = BOTH(ecdsa_p384_evp, ecdsa_p384_low)},
    {.name = "ecdsa-p521", .kind = SM_KIND_SIGNATURE, .impl = BOTH(ecdsa_p521_evp, ecdsa_p521_low)},
    {.name = "ed25519",
     .kind = SM_KIND_SIGNATURE,
     LOW_ONLY(ed25519_low, "wolfSSL 5.5's EVP layer has no Ed25519 EVP_PKEY (wc_ed25519_* only)")},
    {.name = "ed448",
     .kind = SM_KIND_SIGNATURE,
     LOW_ONLY(ed448_low, "wolfSSL 5.5's EVP layer has no Ed448 EVP_PKEY (wc_ed448_* only)")},
    {.name = "x25519",
     .kind = SM_KIND_KEX,
     LOW_ONLY(x25519_low, "wolfSSL 5.5's EVP layer has no X25519 EVP_PKEY (wc_curve25519_* only)")},
    {.name = "x448",
     .kind = SM_KIND_KEX,
     LOW_ONLY(x448_low, "wolfSSL 5.5's EVP layer has no X448 EVP_PKEY (wc_curve448_* only)")},
    {.name = "ecdh-p256", .kind = SM_KIND_KEX, .impl = BOTH(ecdh_p256_evp, ecdh_p256_low)},
    {.name = "ecdh-p384", .kind = SM_KIND_KEX, .impl = BOTH(ecdh_p384_evp, ecdh_p384_low)},
    {.name = NULL},
};

/* ------------------------------------------------------------------------------------------ */
/* Engine                                                                                      */

static const char *lib_version(void) { return wolfSSL_lib_version(); }

#if defined(WOLFSSL_AESNI) || defined(USE_INTEL_SPEEDUP)
#define WOLF_ACCEL                                                                                 \
  "built with accelerated code (WOLFSSL_AESNI / USE_INTEL_SPEEDUP), chosen at "                    \
  "build time"
#else
#define WOLF_ACCEL                                                                                 \
  "wolfSSL's Debian build has no accelerated code (no WOLFSSL_AESNI / "                            \
  "USE_INTEL_SPEEDUP), so there is nothing to turn off"
#endif

static bool device_registered;

static SmResult engine_init(const SmEngineConfig *config, char *msg, size_t msg_len)
{
  int ret = wolfCrypt_Init();
  if (ret != 0)
    return wolf_fail(SM_FAILED, msg, msg_len, "wolfCrypt_Init", ret);
  if (config != NULL && config->accel == SM_ACCEL_OFF)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "%s", WOLF_ACCEL);
  if (!device_registered) {
    ret = wc_CryptoCb_RegisterDevice(SEEDED_DEV_ID, seeded_rng_callback, NULL);
    if (ret != 0)
      return wolf_fail(SM_FAILED, msg, msg_len, "wc_CryptoCb_RegisterDevice", ret);
    device_registered = true;
  }
  return sm_msg(SM_OK, msg, msg_len,
                "%s; RNG: low seeded (a crypto-callback WC_RNG), evp RSA seeded, evp ECDSA/ECDH "
                "insist on wolfSSL's own OS-seeded Hash_DRBG",
                WOLF_ACCEL);
}

static void engine_shutdown(void)
{
  if (device_registered)
    wc_CryptoCb_UnRegisterDevice(SEEDED_DEV_ID);
  device_registered = false;
  wolfCrypt_Cleanup();
}

static const SmEngine engine = {
    .abi_major = SM_ABI_MAJOR,
    .abi_minor = SM_ABI_MINOR,
    .size = sizeof(SmEngine),
    .name = "wolfssl",
    .library = "wolfSSL",
    .library_version = lib_version,
    .init = engine_init,
    .shutdown = engine_shutdown,
    .accel_off_env = NULL,
    .api_meaning = {"the OpenSSL-compatible wolfSSL_EVP_* layer (EVP_CIPHER_CTX, EVP_MD_CTX, "
                    "wolfSSL_HMAC_*, wolfSSL_CMAC_*, EVP_DigestSign/Verify, EVP_PKEY_derive)",
                    "wolfCrypt's wc_* calls (wc_AesCbcEncrypt, wc_AesGcmEncrypt, wc_Sha256*, "
                    "wc_Hmac*, wc_RsaSSL_Sign, wc_ecc_sign_hash, wc_curve25519_shared_secret)"},
    .algorithms = algorithms,
};

SM_ENGINE_EXPORT const SmEngine *speedmatrix_engine(void) { return &engine; }

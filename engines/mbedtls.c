/* speedmatrix engine: Mbed TLS 2.28 or 3.6 (libmbedcrypto).
 *
 * evp = the generic layer: mbedtls_cipher_* (auth_encrypt_ext/auth_decrypt_ext for AEAD,
 * cipher_cmac_* for CMAC), mbedtls_md_* and mbedtls_md_hmac_*, mbedtls_pk_sign/verify.
 * low = the direct calls: mbedtls_aes_*, camellia, des, blowfish, arc4, chacha20, gcm, ccm,
 * chachapoly, poly1305, the one-shot *_ret digests, mbedtls_rsa_pkcs1_sign/verify,
 * mbedtls_ecdsa_sign_det_ext/verify, mbedtls_ecdh_compute_shared.
 * Choices the library forces, each also noted where it is made:
 * - Its bignum code allocates on the heap inside every public-key operation (mbedtls_mpi grows
 *   as needed); there is no allocation-free form of RSA, ECDSA or ECDH in 2.28.
 * - The cipher layer's ChaCha20 always starts at block 0 (mbedtls_cipher_set_iv takes the
 *   12-byte nonce only): setup skips keystream up to the counter in params->iv.
 * - mbedtls_pk_sign gives ECDSA signatures in DER and mbedtls_pk_verify takes DER: evp converts
 *   to and from r||s inside the operation. With MBEDTLS_ECDSA_DETERMINISTIC (Debian's build),
 *   pk_sign uses RFC 6979 nonces, so low uses mbedtls_ecdsa_sign_det_ext: the same algorithm.
 * - Every f_rng (RSA blinding, ECDSA blinding, ECDH blinding, public-key derivation) gets a
 *   ChaCha20 keystream (mbedtls_chacha20) keyed from params->seed: runs stay reproducible.
 * - 3.x removed ARC4, Blowfish and MD4 (their rows are unsupported there, naming the version),
 *   renamed the one-shot *_ret digests, made key and cipher-info fields private (reached here
 *   with MBEDTLS_PRIVATE, or the accessors 3.x added) and dropped the mode argument of
 *   rsa_pkcs1_sign/verify; a major version this file does not know stops the build.
 */
#include "engine-util.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <mbedtls/version.h> /* MBEDTLS_VERSION_NUMBER, first: it decides what else exists */

#if MBEDTLS_VERSION_MAJOR == 2 && MBEDTLS_VERSION_NUMBER >= 0x021C0000
#define SM_MBEDTLS_2 1
#elif MBEDTLS_VERSION_MAJOR == 3 && MBEDTLS_VERSION_NUMBER >= 0x03060000
#define SM_MBEDTLS_2 0
#else
#error "engines/mbedtls.c knows Mbed TLS 2.28 and 3.6+ (3.x); found Mbed TLS " MBEDTLS_VERSION_STRING
#endif

#include <mbedtls/aes.h>
#include <mbedtls/asn1.h>
#include <mbedtls/asn1write.h>
#if SM_MBEDTLS_2
#include <mbedtls/aesni.h>
#include <mbedtls/arc4.h>
#include <mbedtls/blowfish.h>
#include <mbedtls/md4.h>
#endif
#include <mbedtls/camellia.h>
#include <mbedtls/ccm.h>
#include <mbedtls/chacha20.h>
#include <mbedtls/chachapoly.h>
#include <mbedtls/cipher.h>
#include <mbedtls/cmac.h>
#include <mbedtls/des.h>
#include <mbedtls/ecdh.h>
#include <mbedtls/ecdsa.h>
#include <mbedtls/ecp.h>
#include <mbedtls/gcm.h>
#include <mbedtls/md.h>
#include <mbedtls/md5.h>
#include <mbedtls/pk.h>
#include <mbedtls/platform_util.h>
#include <mbedtls/poly1305.h>
#include <mbedtls/ripemd160.h>
#include <mbedtls/rsa.h>
#include <mbedtls/sha1.h>
#include <mbedtls/sha256.h>
#include <mbedtls/sha512.h>

#if SM_MBEDTLS_2
#define MBEDTLS_PRIVATE(member) member /* 2.28's fields are public */
#define cipher_iv_size(info) ((size_t)(info)->iv_size)
#define cipher_name(info) ((info)->name)
#define rsa_init_v15(rsa) mbedtls_rsa_init(rsa, MBEDTLS_RSA_PKCS_V15, 0)
#define md5_ret mbedtls_md5_ret
#define sha1_ret mbedtls_sha1_ret
#define sha256_ret mbedtls_sha256_ret
#define sha512_ret mbedtls_sha512_ret
#define ripemd160_ret mbedtls_ripemd160_ret
#define WHY_GONE_IN_3(what) NULL
#define rsa_sign(rsa, f_rng, p_rng, md, hash_len, hash, sig)                                       \
  mbedtls_rsa_pkcs1_sign(rsa, f_rng, p_rng, MBEDTLS_RSA_PRIVATE, md, hash_len, hash, sig)
#define rsa_verify(rsa, md, hash_len, hash, sig)                                                   \
  mbedtls_rsa_pkcs1_verify(rsa, NULL, NULL, MBEDTLS_RSA_PUBLIC, md, hash_len, hash, sig)
#define pk_sign(pk, md, hash, hash_len, sig, sig_size, sig_len, f_rng, p_rng)                      \
  ((void)(sig_size), mbedtls_pk_sign(pk, md, hash, hash_len, sig, sig_len, f_rng, p_rng))
#else
#define cipher_iv_size(info) mbedtls_cipher_info_get_iv_size(info)
#define cipher_name(info) mbedtls_cipher_info_get_name(info)
#define rsa_init_v15(rsa) mbedtls_rsa_init(rsa) /* PKCS#1 v1.5 is 3.x's default padding */
#define md5_ret mbedtls_md5                     /* 3.0 gave the *_ret names to the plain ones */
#define sha1_ret mbedtls_sha1
#define sha256_ret mbedtls_sha256
#define sha512_ret mbedtls_sha512
#define ripemd160_ret mbedtls_ripemd160
#define WHY_GONE_IN_3(what) "Mbed TLS " MBEDTLS_VERSION_STRING " has no " what " (removed in 3.0)"
#define rsa_sign mbedtls_rsa_pkcs1_sign
#define rsa_verify mbedtls_rsa_pkcs1_verify
#define pk_sign mbedtls_pk_sign
#endif
/* Key fields 3.x made private (ecp_keypair's grp, d, Q). */
#define PRIV(member) MBEDTLS_PRIVATE(member)

/* The library's own text for an error code, after what failed. */
static SmResult mbed_fail(SmResult result, char *msg, size_t msg_len, const char *what, int ret)
{
  return sm_msg(result, msg, msg_len, "%s failed: -0x%04x", what, (unsigned)-ret);
}

/* The deterministic generator every f_rng gets: a ChaCha20 keystream keyed by the run's seed. */
static void seeded_rng_init(mbedtls_chacha20_context *rng, uint64_t seed)
{
  unsigned char key[32];
  static const unsigned char nonce[12] = {'s', 'p', 'e', 'e', 'd', 'm', 'a', 't', 'r', 'i', 'x'};
  sm_seed_key(seed, NULL, key);
  mbedtls_chacha20_init(rng);
  mbedtls_chacha20_setkey(rng, key);
  mbedtls_chacha20_starts(rng, nonce, 0);
}

static int seeded_rng(void *rng, unsigned char *out, size_t len)
{
  memset(out, 0, len);
  return mbedtls_chacha20_update(rng, len, out, out);
}

/* ---- evp: ciphers (one mbedtls_cipher_context_t streams across calls) ---- */

typedef enum { IV_PLAIN, IV_CHACHA_COUNTER_NONCE, IV_PER_CALL } IvUse;

typedef struct {
  mbedtls_cipher_type_t type;
  IvUse iv_use;
} EvpCipherRow;

typedef struct {
  mbedtls_cipher_context_t ctx;
  unsigned char iv[16]; /* XTS: the tweak, set again before every call */
  size_t iv_len;
} EvpCipherState;

static void evp_cipher_teardown(void *state)
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

static SmResult evp_cipher_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
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

static SmResult evp_cipher_update(void *state, SmIo *io)
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
static SmResult evp_xts_update(void *state, SmIo *io)
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

typedef struct LowCipherState LowCipherState;
typedef int (*LowKeyFn)(LowCipherState *st, const SmParams *params);
typedef int (*LowCryptFn)(LowCipherState *st, const unsigned char *in, unsigned char *out,
                          size_t len);

typedef struct {
  size_t key_len; /* 0: any */
  size_t iv_len;
  LowKeyFn key;
  LowCryptFn crypt;
} LowCipherRow;

struct LowCipherState {
  LowCipherCtx ctx; /* none of these contexts owns heap memory: teardown zeroises and frees */
  LowCryptFn crypt;
  bool encrypt;
  unsigned char iv[16];           /* CBC: chains across calls; CTR: the counter block */
  unsigned char stream_block[16]; /* CTR: the part-used keystream block */
  size_t nc_off;
};

static unsigned key_bits(const SmParams *params) { return (unsigned)(params->key.len * 8); }

static int aes_key(LowCipherState *st, const SmParams *params)
{
  mbedtls_aes_init(&st->ctx.aes);
  return st->encrypt ? mbedtls_aes_setkey_enc(&st->ctx.aes, params->key.data, key_bits(params))
                     : mbedtls_aes_setkey_dec(&st->ctx.aes, params->key.data, key_bits(params));
}

static int aes_ctr_key(LowCipherState *st, const SmParams *params)
{
  mbedtls_aes_init(&st->ctx.aes);
  return mbedtls_aes_setkey_enc(&st->ctx.aes, params->key.data, key_bits(params));
}

static int aes_xts_key(LowCipherState *st, const SmParams *params)
{
  mbedtls_aes_xts_init(&st->ctx.xts);
  return st->encrypt ? mbedtls_aes_xts_setkey_enc(&st->ctx.xts, params->key.data, key_bits(params))
                     : mbedtls_aes_xts_setkey_dec(&st->ctx.xts, params->key.data, key_bits(params));
}

static int camellia_key(LowCipherState *st, const SmParams *params)
{
  mbedtls_camellia_init(&st->ctx.camellia);
  return st->encrypt
             ? mbedtls_camellia_setkey_enc(&st->ctx.camellia, params->key.data, key_bits(params))
             : mbedtls_camellia_setkey_dec(&st->ctx.camellia, params->key.data, key_bits(params));
}

static int des_key(LowCipherState *st, const SmParams *params)
{
  mbedtls_des_init(&st->ctx.des);
  return st->encrypt ? mbedtls_des_setkey_enc(&st->ctx.des, params->key.data)
                     : mbedtls_des_setkey_dec(&st->ctx.des, params->key.data);
}

static int des3_key(LowCipherState *st, const SmParams *params)
{
  mbedtls_des3_init(&st->ctx.des3);
  return st->encrypt ? mbedtls_des3_set3key_enc(&st->ctx.des3, params->key.data)
                     : mbedtls_des3_set3key_dec(&st->ctx.des3, params->key.data);
}

#if SM_MBEDTLS_2
static int blowfish_key(LowCipherState *st, const SmParams *params)
{
  mbedtls_blowfish_init(&st->ctx.blowfish);
  return mbedtls_blowfish_setkey(&st->ctx.blowfish, params->key.data, key_bits(params));
}

static int arc4_key(LowCipherState *st, const SmParams *params)
{
  mbedtls_arc4_init(&st->ctx.arc4);
  mbedtls_arc4_setup(&st->ctx.arc4, sm_bytes_or_empty(params->key), (unsigned)params->key.len);
  return 0;
}

#endif

static int chacha20_key(LowCipherState *st, const SmParams *params)
{
  mbedtls_chacha20_init(&st->ctx.chacha);
  int ret = mbedtls_chacha20_setkey(&st->ctx.chacha, params->key.data);
  return ret != 0 ? ret
                  : mbedtls_chacha20_starts(&st->ctx.chacha, params->iv.data + 4,
                                            sm_load_le32(params->iv.data));
}

static int aes_cbc(LowCipherState *st, const unsigned char *in, unsigned char *out, size_t len)
{
  return mbedtls_aes_crypt_cbc(
      &st->ctx.aes, st->encrypt ? MBEDTLS_AES_ENCRYPT : MBEDTLS_AES_DECRYPT, len, st->iv, in, out);
}

static int aes_ctr(LowCipherState *st, const unsigned char *in, unsigned char *out, size_t len)
{
  return mbedtls_aes_crypt_ctr(&st->ctx.aes, len, &st->nc_off, st->iv, st->stream_block, in, out);
}

static int aes_xts(LowCipherState *st, const unsigned char *in, unsigned char *out, size_t len)
{
  return mbedtls_aes_crypt_xts(
      &st->ctx.xts, st->encrypt ? MBEDTLS_AES_ENCRYPT : MBEDTLS_AES_DECRYPT, len, st->iv, in, out);
}

static int camellia_cbc(LowCipherState *st, const unsigned char *in, unsigned char *out, size_t len)
{
  return mbedtls_camellia_crypt_cbc(
      &st->ctx.camellia, st->encrypt ? MBEDTLS_CAMELLIA_ENCRYPT : MBEDTLS_CAMELLIA_DECRYPT, len,
      st->iv, in, out);
}

static int des_cbc(LowCipherState *st, const unsigned char *in, unsigned char *out, size_t len)
{
  return mbedtls_des_crypt_cbc(
      &st->ctx.des, st->encrypt ? MBEDTLS_DES_ENCRYPT : MBEDTLS_DES_DECRYPT, len, st->iv, in, out);
}

static int des3_cbc(LowCipherState *st, const unsigned char *in, unsigned char *out, size_t len)
{
  return mbedtls_des3_crypt_cbc(
      &st->ctx.des3, st->encrypt ? MBEDTLS_DES_ENCRYPT : MBEDTLS_DES_DECRYPT, len, st->iv, in, out);
}

#if SM_MBEDTLS_2
static int blowfish_cbc(LowCipherState *st, const unsigned char *in, unsigned char *out, size_t len)
{
  return mbedtls_blowfish_crypt_cbc(
      &st->ctx.blowfish, st->encrypt ? MBEDTLS_BLOWFISH_ENCRYPT : MBEDTLS_BLOWFISH_DECRYPT, len,
      st->iv, in, out);
}

static int arc4_stream(LowCipherState *st, const unsigned char *in, unsigned char *out, size_t len)
{
  return mbedtls_arc4_crypt(&st->ctx.arc4, len, in, out);
}

#endif

static int chacha20_stream(LowCipherState *st, const unsigned char *in, unsigned char *out,
                           size_t len)
{
  return mbedtls_chacha20_update(&st->ctx.chacha, len, in, out);
}

static void low_cipher_teardown(void *state)
{
  if (state != NULL)
    mbedtls_platform_zeroize(state, sizeof(LowCipherState));
  free(state);
}

static SmResult low_cipher_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
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
  if (ret != 0) {
    low_cipher_teardown(st);
    return mbed_fail(SM_FAILED, msg, msg_len, "key schedule", ret);
  }
  *state = st;
  return SM_OK;
}

static SmResult low_cipher_op(void *state, SmIo *io)
{
  LowCipherState *st = state;
  if (io->out_len < io->in_len || st->crypt(st, io->in, io->out, io->in_len) != 0)
    return SM_FAILED;
  io->out_len = io->in_len;
  return SM_OK;
}

/* ---- evp: AEAD (mbedtls_cipher_auth_encrypt_ext: ciphertext||tag, our layout) ---- */

typedef struct {
  mbedtls_cipher_context_t ctx; /* keyed once in setup */
  unsigned char *iv;
  size_t iv_len;
  unsigned char *aad;
  size_t aad_len;
  size_t tag_len;
} EvpAeadState;

static void evp_aead_teardown(void *state)
{
  EvpAeadState *st = state;
  if (st == NULL)
    return;
  mbedtls_cipher_free(&st->ctx);
  free(st->iv);
  free(st->aad);
  free(st);
}

static SmResult evp_aead_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const EvpCipherRow *row = params->impl_data;
  const mbedtls_cipher_info_t *info = mbedtls_cipher_info_from_type(row->type);
  if (info == NULL)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "mbedtls_cipher_info_from_type(%d) is NULL",
                  (int)row->type);
  if (params->tag_len == 0 || params->tag_len > 16 || params->iv.len == 0)
    return sm_msg(SM_FAILED, msg, msg_len, "tag length %zu / nonce length %zu unsupported",
                  params->tag_len, params->iv.len);
  EvpAeadState *st = calloc(1, sizeof *st);
  if (st == NULL)
    return sm_out_of_memory(msg, msg_len);
  mbedtls_cipher_init(&st->ctx);
  st->iv = sm_copy_bytes(params->iv);
  st->aad = sm_copy_bytes(params->aad);
  st->iv_len = params->iv.len;
  st->aad_len = params->aad.len;
  st->tag_len = params->tag_len;
  if (st->iv == NULL || st->aad == NULL) {
    evp_aead_teardown(st);
    return sm_out_of_memory(msg, msg_len);
  }
  mbedtls_operation_t op = params->op == SM_OP_ENCRYPT ? MBEDTLS_ENCRYPT : MBEDTLS_DECRYPT;
  int ret = mbedtls_cipher_setup(&st->ctx, info);
  if (ret == 0)
    ret = mbedtls_cipher_setkey(&st->ctx, sm_bytes_or_empty(params->key),
                                (int)(params->key.len * 8), op);
  if (ret != 0) {
    evp_aead_teardown(st);
    return mbed_fail(SM_FAILED, msg, msg_len, cipher_name(info), ret);
  }
  *state = st;
  return SM_OK;
}

static SmResult evp_aead_encrypt(void *state, SmIo *io)
{
  EvpAeadState *st = state;
  size_t olen = 0;
  if (mbedtls_cipher_auth_encrypt_ext(&st->ctx, st->iv, st->iv_len, st->aad, st->aad_len, io->in,
                                      io->in_len, io->out, io->out_len, &olen, st->tag_len) != 0)
    return SM_FAILED;
  io->out_len = olen;
  return SM_OK;
}

static SmResult evp_aead_decrypt(void *state, SmIo *io)
{
  EvpAeadState *st = state;
  size_t olen = 0;
  if (mbedtls_cipher_auth_decrypt_ext(&st->ctx, st->iv, st->iv_len, st->aad, st->aad_len, io->in,
                                      io->in_len, io->out, io->out_len, &olen, st->tag_len) != 0)
    return SM_FAILED; /* a bad tag is MBEDTLS_ERR_CIPHER_AUTH_FAILED */
  io->out_len = olen;
  return SM_OK;
}

/* ---- low: AEAD (mbedtls_gcm_*, mbedtls_ccm_*, mbedtls_chachapoly_*) ---- */

typedef struct LowAeadState LowAeadState;
typedef int (*AeadKeyFn)(LowAeadState *st, const unsigned char *key, size_t key_len);
typedef int (*AeadSealFn)(LowAeadState *st, const unsigned char *in, size_t len, unsigned char *out,
                          unsigned char *tag);
typedef int (*AeadOpenFn)(LowAeadState *st, const unsigned char *in, size_t len,
                          const unsigned char *tag, unsigned char *out);
typedef void (*AeadFreeFn)(LowAeadState *st);

typedef struct {
  size_t nonce_len; /* 0: any */
  AeadKeyFn key;
  AeadSealFn seal;
  AeadOpenFn open;
  AeadFreeFn release;
} LowAeadRow;

struct LowAeadState {
  union {
    mbedtls_gcm_context gcm;
    mbedtls_ccm_context ccm;
    mbedtls_chachapoly_context chachapoly;
  } ctx;
  const LowAeadRow *row;
  unsigned char *iv;
  size_t iv_len;
  unsigned char *aad;
  size_t aad_len;
  size_t tag_len;
};

static int gcm_key(LowAeadState *st, const unsigned char *key, size_t key_len)
{
  mbedtls_gcm_init(&st->ctx.gcm);
  return mbedtls_gcm_setkey(&st->ctx.gcm, MBEDTLS_CIPHER_ID_AES, key, (unsigned)(key_len * 8));
}

static int gcm_seal(LowAeadState *st, const unsigned char *in, size_t len, unsigned char *out,
                    unsigned char *tag)
{
  return mbedtls_gcm_crypt_and_tag(&st->ctx.gcm, MBEDTLS_GCM_ENCRYPT, len, st->iv, st->iv_len,
                                   st->aad, st->aad_len, in, out, st->tag_len, tag);
}

static int gcm_open(LowAeadState *st, const unsigned char *in, size_t len, const unsigned char *tag,
                    unsigned char *out)
{
  return mbedtls_gcm_auth_decrypt(&st->ctx.gcm, len, st->iv, st->iv_len, st->aad, st->aad_len, tag,
                                  st->tag_len, in, out);
}

static void gcm_release(LowAeadState *st) { mbedtls_gcm_free(&st->ctx.gcm); }

static int ccm_key(LowAeadState *st, const unsigned char *key, size_t key_len)
{
  mbedtls_ccm_init(&st->ctx.ccm);
  return mbedtls_ccm_setkey(&st->ctx.ccm, MBEDTLS_CIPHER_ID_AES, key, (unsigned)(key_len * 8));
}

static int ccm_seal(LowAeadState *st, const unsigned char *in, size_t len, unsigned char *out,
                    unsigned char *tag)
{
  return mbedtls_ccm_encrypt_and_tag(&st->ctx.ccm, len, st->iv, st->iv_len, st->aad, st->aad_len,
                                     in, out, tag, st->tag_len);
}

static int ccm_open(LowAeadState *st, const unsigned char *in, size_t len, const unsigned char *tag,
                    unsigned char *out)
{
  return mbedtls_ccm_auth_decrypt(&st->ctx.ccm, len, st->iv, st->iv_len, st->aad, st->aad_len, in,
                                  out, tag, st->tag_len);
}

static void ccm_release(LowAeadState *st) { mbedtls_ccm_free(&st->ctx.ccm); }

static int chachapoly_key(LowAeadState *st, const unsigned char *key, size_t key_len)
{
  mbedtls_chachapoly_init(&st->ctx.chachapoly);
  return key_len == 32 ? mbedtls_chachapoly_setkey(&st->ctx.chachapoly, key)
                       : MBEDTLS_ERR_CHACHAPOLY_BAD_STATE;
}

static int chachapoly_seal(LowAeadState *st, const unsigned char *in, size_t len,
                           unsigned char *out, unsigned char *tag)
{
  return mbedtls_chachapoly_encrypt_and_tag(&st->ctx.chachapoly, len, st->iv, st->aad, st->aad_len,
                                            in, out, tag);
}

static int chachapoly_open(LowAeadState *st, const unsigned char *in, size_t len,
                           const unsigned char *tag, unsigned char *out)
{
  return mbedtls_chachapoly_auth_decrypt(&st->ctx.chachapoly, len, st->iv, st->aad, st->aad_len,
                                         tag, in, out);
}

static void chachapoly_release(LowAeadState *st) { mbedtls_chachapoly_free(&st->ctx.chachapoly); }

static void low_aead_teardown(void *state)
{
  LowAeadState *st = state;
  if (st == NULL)
    return;
  st->row->release(st);
  free(st->iv);
  free(st->aad);
  free(st);
}

static SmResult low_aead_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const LowAeadRow *row = params->impl_data;
  if ((row->nonce_len != 0 && params->iv.len != row->nonce_len) || params->iv.len == 0)
    return sm_msg(SM_FAILED, msg, msg_len, "nonce length %zu unsupported", params->iv.len);
  if (params->tag_len == 0 || params->tag_len > 16 ||
      (row->nonce_len == 12 && params->tag_len != 16))
    return sm_msg(SM_FAILED, msg, msg_len, "tag length %zu unsupported", params->tag_len);
  LowAeadState *st = calloc(1, sizeof *st);
  if (st == NULL)
    return sm_out_of_memory(msg, msg_len);
  st->row = row;
  int ret = row->key(st, sm_bytes_or_empty(params->key), params->key.len);
  st->iv = sm_copy_bytes(params->iv);
  st->aad = sm_copy_bytes(params->aad);
  st->iv_len = params->iv.len;
  st->aad_len = params->aad.len;
  st->tag_len = params->tag_len;
  if (ret != 0 || st->iv == NULL || st->aad == NULL) {
    low_aead_teardown(st);
    return ret != 0 ? mbed_fail(SM_FAILED, msg, msg_len, "setkey", ret)
                    : sm_out_of_memory(msg, msg_len);
  }
  *state = st;
  return SM_OK;
}

static SmResult low_aead_encrypt(void *state, SmIo *io)
{
  LowAeadState *st = state;
  if (io->out_len < io->in_len + st->tag_len ||
      st->row->seal(st, io->in, io->in_len, io->out, io->out + io->in_len) != 0)
    return SM_FAILED;
  io->out_len = io->in_len + st->tag_len;
  return SM_OK;
}

static SmResult low_aead_decrypt(void *state, SmIo *io)
{
  LowAeadState *st = state;
  if (io->in_len < st->tag_len || io->out_len < io->in_len - st->tag_len)
    return SM_FAILED;
  size_t ct_len = io->in_len - st->tag_len;
  if (st->row->open(st, io->in, ct_len, io->in + ct_len, io->out) != 0)
    return SM_FAILED; /* a bad tag: MBEDTLS_ERR_*_AUTH_FAILED */
  io->out_len = ct_len;
  return SM_OK;
}

/* ---- evp: digests and HMAC (mbedtls_md_*) ---- */

typedef struct {
  mbedtls_md_type_t type;
} MdRow;

typedef struct {
  mbedtls_md_context_t ctx;
  size_t out_len;
} MdState;

static void md_teardown(void *state)
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
  if (ret != 0) {
    md_teardown(st);
    return mbed_fail(SM_FAILED, msg, msg_len, "mbedtls_md_setup", ret);
  }
  *state = st;
  return SM_OK;
}

static SmResult md_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  return md_setup_with(params, false, state, msg, msg_len);
}

static SmResult hmac_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  return md_setup_with(params, true, state, msg, msg_len);
}

static SmResult md_hash(void *state, SmIo *io)
{
  MdState *st = state;
  if (io->out_len < st->out_len || mbedtls_md_starts(&st->ctx) != 0 ||
      mbedtls_md_update(&st->ctx, io->in, io->in_len) != 0 ||
      mbedtls_md_finish(&st->ctx, io->out) != 0)
    return SM_FAILED;
  io->out_len = st->out_len;
  return SM_OK;
}

static SmResult hmac_mac(void *state, SmIo *io)
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

typedef int (*LowHashFn)(const unsigned char *in, size_t len, unsigned char *out);

typedef struct {
  LowHashFn hash;
  size_t out_len;
} LowHashRow;

#if SM_MBEDTLS_2
static int md4_oneshot(const unsigned char *in, size_t len, unsigned char *out)
{
  return mbedtls_md4_ret(in, len, out);
}
#endif
static int md5_oneshot(const unsigned char *in, size_t len, unsigned char *out)
{
  return md5_ret(in, len, out);
}
static int sha1_oneshot(const unsigned char *in, size_t len, unsigned char *out)
{
  return sha1_ret(in, len, out);
}
static int sha224_oneshot(const unsigned char *in, size_t len, unsigned char *out)
{
  return sha256_ret(in, len, out, 1);
}
static int sha256_oneshot(const unsigned char *in, size_t len, unsigned char *out)
{
  return sha256_ret(in, len, out, 0);
}
static int sha384_oneshot(const unsigned char *in, size_t len, unsigned char *out)
{
  return sha512_ret(in, len, out, 1);
}
static int sha512_oneshot(const unsigned char *in, size_t len, unsigned char *out)
{
  return sha512_ret(in, len, out, 0);
}
static int ripemd160_oneshot(const unsigned char *in, size_t len, unsigned char *out)
{
  return ripemd160_ret(in, len, out);
}

typedef struct {
  const LowHashRow *row;
} LowHashState;

static SmResult low_hash_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  LowHashState *st = malloc(sizeof *st);
  if (st == NULL)
    return sm_out_of_memory(msg, msg_len);
  st->row = params->impl_data;
  *state = st;
  return SM_OK;
}

static SmResult low_hash(void *state, SmIo *io)
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

static void cmac_teardown(void *state)
{
  CmacState *st = state;
  if (st != NULL)
    mbedtls_cipher_free(&st->ctx);
  free(st);
}

static SmResult cmac_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
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
  if (ret != 0) {
    cmac_teardown(st);
    return mbed_fail(SM_FAILED, msg, msg_len, "mbedtls_cipher_cmac_starts", ret);
  }
  *state = st;
  return SM_OK;
}

static SmResult cmac_mac(void *state, SmIo *io)
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

static void poly1305_teardown(void *state)
{
  if (state != NULL)
    mbedtls_platform_zeroize(state, sizeof(PolyState));
  free(state);
}

static SmResult poly1305_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
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

static SmResult poly1305_mac(void *state, SmIo *io)
{
  PolyState *st = state;
  if (io->out_len < 16 || mbedtls_poly1305_mac(st->key, io->in, io->in_len, io->out) != 0)
    return SM_FAILED;
  io->out_len = 16;
  return SM_OK;
}

/* ---- signatures: RSA PKCS#1 v1.5 and ECDSA, both levels ----
 * Every operation here allocates: mbedtls_mpi arithmetic grows its limbs on the heap, and 2.28
 * has no other form. */

typedef struct {
  SmApi api;
  bool rsa;                   /* else ECDSA */
  mbedtls_ecp_group_id group; /* ECDSA */
  mbedtls_md_type_t md;
  LowHashFn hash; /* low: the one-shot digest */
} SigRow;

typedef struct {
  const SigRow *row;
  mbedtls_pk_context pk;   /* evp */
  mbedtls_rsa_context rsa; /* low RSA */
  mbedtls_ecp_keypair ec;  /* low ECDSA */
  mbedtls_mpi r, s;        /* low ECDSA */
  mbedtls_chacha20_context rng;
  const mbedtls_md_info_t *md;
  size_t width; /* ECDSA: bytes of r and of s; RSA: the modulus */
  bool has_private;
  unsigned char der[MBEDTLS_ECDSA_MAX_LEN]; /* evp ECDSA: pk_sign's output / pk_verify's input */
} SigState;

static void sig_teardown(void *state)
{
  SigState *st = state;
  if (st == NULL)
    return;
  mbedtls_pk_free(&st->pk);
  mbedtls_rsa_free(&st->rsa);
  mbedtls_ecp_keypair_free(&st->ec);
  mbedtls_mpi_free(&st->r);
  mbedtls_mpi_free(&st->s);
  mbedtls_chacha20_free(&st->rng);
  free(st);
}

static const unsigned char *raw_or_null(SmBytes bytes) { return bytes.len ? bytes.data : NULL; }

/* mbedtls_rsa_complete derives the CRT values from n, p, q, d, e. */
static int rsa_load(mbedtls_rsa_context *rsa, const SmParams *params, bool *has_private)
{
  const SmRsaKey *k = &params->rsa;
  *has_private = k->d.len > 0 && k->p.len > 0 && k->q.len > 0;
  int ret = *has_private
                ? mbedtls_rsa_import_raw(rsa, k->n.data, k->n.len, k->p.data, k->p.len, k->q.data,
                                         k->q.len, k->d.data, k->d.len, k->e.data, k->e.len)
                : mbedtls_rsa_import_raw(rsa, raw_or_null(k->n), k->n.len, NULL, 0, NULL, 0, NULL,
                                         0, raw_or_null(k->e), k->e.len);
  if (ret == 0)
    ret = mbedtls_rsa_complete(rsa);
  if (ret == 0)
    ret = *has_private ? mbedtls_rsa_check_privkey(rsa) : mbedtls_rsa_check_pubkey(rsa);
  return ret;
}

/* The public point from params->pub, or d*G when it is empty. */
static int ec_load(mbedtls_ecp_keypair *ec, mbedtls_ecp_group_id group, const SmParams *params,
                   mbedtls_chacha20_context *rng, bool *has_private)
{
  *has_private = params->priv.len > 0;
  int ret = mbedtls_ecp_group_load(&ec->PRIV(grp), group);
  if (ret == 0 && *has_private)
    ret = mbedtls_mpi_read_binary(&ec->PRIV(d), params->priv.data, params->priv.len);
  if (ret == 0 && *has_private)
    ret = mbedtls_ecp_check_privkey(&ec->PRIV(grp), &ec->PRIV(d));
  if (ret == 0 && params->pub.len > 0)
    ret = mbedtls_ecp_point_read_binary(&ec->PRIV(grp), &ec->PRIV(Q), params->pub.data,
                                        params->pub.len);
  else if (ret == 0 && *has_private)
    ret = mbedtls_ecp_mul(&ec->PRIV(grp), &ec->PRIV(Q), &ec->PRIV(d), &ec->PRIV(grp).G, seeded_rng,
                          rng);
  else if (ret == 0)
    ret = MBEDTLS_ERR_ECP_BAD_INPUT_DATA; /* neither key */
  if (ret == 0)
    ret = mbedtls_ecp_check_pubkey(&ec->PRIV(grp), &ec->PRIV(Q));
  return ret;
}

static int sig_load(SigState *st, const SigRow *row, const SmParams *params)
{
  if (row->api == SM_API_LOW && row->rsa)
    return rsa_load(&st->rsa, params, &st->has_private);
  if (row->api == SM_API_LOW)
    return ec_load(&st->ec, row->group, params, &st->rng, &st->has_private);
  mbedtls_pk_type_t type = row->rsa ? MBEDTLS_PK_RSA : MBEDTLS_PK_ECKEY;
  int ret = mbedtls_pk_setup(&st->pk, mbedtls_pk_info_from_type(type));
  if (ret != 0)
    return ret;
  return row->rsa ? rsa_load(mbedtls_pk_rsa(st->pk), params, &st->has_private)
                  : ec_load(mbedtls_pk_ec(st->pk), row->group, params, &st->rng, &st->has_private);
}

static const mbedtls_ecp_group *ec_group_of(SigState *st)
{
  return st->row->api == SM_API_EVP ? &mbedtls_pk_ec(st->pk)->PRIV(grp) : &st->ec.PRIV(grp);
}

static SmResult sig_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const SigRow *row = params->impl_data;
  SigState *st = calloc(1, sizeof *st);
  if (st == NULL)
    return sm_out_of_memory(msg, msg_len);
  st->row = row;
  st->md = mbedtls_md_info_from_type(row->md);
  mbedtls_pk_init(&st->pk);
  rsa_init_v15(&st->rsa);
  mbedtls_ecp_keypair_init(&st->ec);
  mbedtls_mpi_init(&st->r);
  mbedtls_mpi_init(&st->s);
  seeded_rng_init(&st->rng, params->seed);
  int ret = sig_load(st, row, params);
  if (ret != 0 || (params->op == SM_OP_SIGN && !st->has_private)) {
    sig_teardown(st);
    return ret != 0 ? mbed_fail(SM_FAILED, msg, msg_len, "loading the key", ret)
                    : sm_msg(SM_FAILED, msg, msg_len, "no private key to sign with");
  }
  if (row->rsa)
    st->width =
        row->api == SM_API_EVP ? mbedtls_pk_get_len(&st->pk) : mbedtls_rsa_get_len(&st->rsa);
  else
    st->width = (ec_group_of(st)->nbits + 7) / 8;
  *state = st;
  return SM_OK;
}

/* pk_sign's DER ECDSA-Sig-Value -> r||s, each zero-padded to width. */
static bool der_to_rs(SigState *st, size_t der_len, unsigned char *rs)
{
  unsigned char *p = st->der, *end = st->der + der_len;
  size_t len = 0;
  return mbedtls_asn1_get_tag(&p, end, &len, MBEDTLS_ASN1_CONSTRUCTED | MBEDTLS_ASN1_SEQUENCE) ==
             0 &&
         p + len == end && mbedtls_asn1_get_mpi(&p, end, &st->r) == 0 &&
         mbedtls_asn1_get_mpi(&p, end, &st->s) == 0 && p == end &&
         mbedtls_mpi_write_binary(&st->r, rs, st->width) == 0 &&
         mbedtls_mpi_write_binary(&st->s, rs + st->width, st->width) == 0;
}

/* r||s -> DER for pk_verify, written backwards into st->der; NULL on failure. */
static const unsigned char *rs_to_der(SigState *st, const unsigned char *rs, size_t *der_len)
{
  unsigned char *p = st->der + sizeof st->der;
  if (mbedtls_mpi_read_binary(&st->r, rs, st->width) != 0 ||
      mbedtls_mpi_read_binary(&st->s, rs + st->width, st->width) != 0)
    return NULL;
  int s_len = mbedtls_asn1_write_mpi(&p, st->der, &st->s);
  int r_len = s_len < 0 ? s_len : mbedtls_asn1_write_mpi(&p, st->der, &st->r);
  if (r_len < 0)
    return NULL;
  size_t body = (size_t)r_len + (size_t)s_len;
  int len_len = mbedtls_asn1_write_len(&p, st->der, body);
  int tag_len =
      len_len < 0
          ? len_len
          : mbedtls_asn1_write_tag(&p, st->der, MBEDTLS_ASN1_CONSTRUCTED | MBEDTLS_ASN1_SEQUENCE);
  if (tag_len < 0)
    return NULL;
  *der_len = body + (size_t)len_len + (size_t)tag_len;
  return p;
}

static SmResult evp_sig_sign(void *state, SmIo *io)
{
  SigState *st = state;
  unsigned char hash[MBEDTLS_MD_MAX_SIZE];
  size_t sig_len = 0, out_need = st->row->rsa ? st->width : 2 * st->width;
  if (io->out_len < out_need || mbedtls_md(st->md, io->in, io->in_len, hash) != 0)
    return SM_FAILED;
  unsigned char *sig = st->row->rsa ? io->out : st->der;
  size_t sig_size = st->row->rsa ? io->out_len : sizeof st->der;
  if (pk_sign(&st->pk, st->row->md, hash, mbedtls_md_get_size(st->md), sig, sig_size, &sig_len,
              seeded_rng, &st->rng) != 0)
    return SM_FAILED;
  if (!st->row->rsa && !der_to_rs(st, sig_len, io->out))
    return SM_FAILED;
  io->out_len = out_need;
  return SM_OK;
}

static SmResult evp_sig_verify(void *state, SmIo *io)
{
  SigState *st = state;
  unsigned char hash[MBEDTLS_MD_MAX_SIZE];
  const unsigned char *sig = io->aux;
  size_t sig_len = io->aux_len;
  if (!st->row->rsa &&
      (io->aux_len != 2 * st->width || (sig = rs_to_der(st, io->aux, &sig_len)) == NULL))
    return SM_FAILED;
  if (mbedtls_md(st->md, io->in, io->in_len, hash) != 0 ||
      mbedtls_pk_verify(&st->pk, st->row->md, hash, mbedtls_md_get_size(st->md), sig, sig_len) != 0)
    return SM_FAILED;
  io->out_len = 0;
  return SM_OK;
}

static SmResult low_rsa_sign(void *state, SmIo *io)
{
  SigState *st = state;
  unsigned char hash[MBEDTLS_MD_MAX_SIZE];
  if (io->out_len < st->width || st->row->hash(io->in, io->in_len, hash) != 0 ||
      rsa_sign(&st->rsa, seeded_rng, &st->rng, st->row->md, mbedtls_md_get_size(st->md), hash,
               io->out) != 0)
    return SM_FAILED;
  io->out_len = st->width;
  return SM_OK;
}

static SmResult low_rsa_verify(void *state, SmIo *io)
{
  SigState *st = state;
  unsigned char hash[MBEDTLS_MD_MAX_SIZE];
  if (io->aux_len != st->width || st->row->hash(io->in, io->in_len, hash) != 0 ||
      rsa_verify(&st->rsa, st->row->md, mbedtls_md_get_size(st->md), hash, io->aux) != 0)
    return SM_FAILED;
  io->out_len = 0;
  return SM_OK;
}

/* RFC 6979 nonces, as mbedtls_pk_sign uses in this build; the generator only blinds. */
static SmResult low_ecdsa_sign(void *state, SmIo *io)
{
  SigState *st = state;
  unsigned char hash[MBEDTLS_MD_MAX_SIZE];
  if (io->out_len < 2 * st->width || st->row->hash(io->in, io->in_len, hash) != 0 ||
      mbedtls_ecdsa_sign_det_ext(&st->ec.PRIV(grp), &st->r, &st->s, &st->ec.PRIV(d), hash,
                                 mbedtls_md_get_size(st->md), st->row->md, seeded_rng,
                                 &st->rng) != 0 ||
      mbedtls_mpi_write_binary(&st->r, io->out, st->width) != 0 ||
      mbedtls_mpi_write_binary(&st->s, io->out + st->width, st->width) != 0)
    return SM_FAILED;
  io->out_len = 2 * st->width;
  return SM_OK;
}

static SmResult low_ecdsa_verify(void *state, SmIo *io)
{
  SigState *st = state;
  unsigned char hash[MBEDTLS_MD_MAX_SIZE];
  if (io->aux_len != 2 * st->width || st->row->hash(io->in, io->in_len, hash) != 0 ||
      mbedtls_mpi_read_binary(&st->r, io->aux, st->width) != 0 ||
      mbedtls_mpi_read_binary(&st->s, io->aux + st->width, st->width) != 0 ||
      mbedtls_ecdsa_verify(&st->ec.PRIV(grp), hash, mbedtls_md_get_size(st->md), &st->ec.PRIV(Q),
                           &st->r, &st->s) != 0)
    return SM_FAILED;
  io->out_len = 0;
  return SM_OK;
}

/* ---- low: key exchange (mbedtls_ecdh_compute_shared; X25519/X448 are its Montgomery curves) */

typedef struct {
  mbedtls_ecp_group_id group;
  bool montgomery; /* RFC 7748 little-endian scalars and u-coordinates */
} KexRow;

typedef struct {
  mbedtls_ecp_group grp;
  mbedtls_mpi d, peer_d, z;
  mbedtls_ecp_point peer;
  mbedtls_chacha20_context rng;
  size_t width;
  bool montgomery;
} KexState;

static void kex_teardown(void *state)
{
  KexState *st = state;
  if (st == NULL)
    return;
  mbedtls_ecp_group_free(&st->grp);
  mbedtls_mpi_free(&st->d);
  mbedtls_mpi_free(&st->peer_d);
  mbedtls_mpi_free(&st->z);
  mbedtls_ecp_point_free(&st->peer);
  mbedtls_chacha20_free(&st->rng);
  free(st);
}

/* RFC 7748 decodes a scalar with these bits forced; mbedtls_ecp_mul insists on them. */
static int kex_scalar(KexState *st, SmBytes priv, mbedtls_mpi *d)
{
  unsigned char k[56];
  if (!st->montgomery)
    return mbedtls_mpi_read_binary(d, priv.data, priv.len);
  if (priv.len != st->width || priv.len > sizeof k)
    return MBEDTLS_ERR_ECP_BAD_INPUT_DATA;
  memcpy(k, priv.data, priv.len);
  if (st->grp.id == MBEDTLS_ECP_DP_CURVE25519) {
    k[0] &= 248;
    k[31] = (unsigned char)((k[31] & 127) | 64);
  } else {
    k[0] &= 252;
    k[55] |= 128;
  }
  int ret = mbedtls_mpi_read_binary_le(d, k, priv.len);
  mbedtls_platform_zeroize(k, sizeof k);
  return ret;
}

static int kex_load(KexState *st, const KexRow *row, const SmParams *params)
{
  int ret = mbedtls_ecp_group_load(&st->grp, row->group);
  st->width = (st->grp.pbits + 7) / 8;
  if (ret == 0)
    ret = kex_scalar(st, params->priv, &st->d);
  if (ret == 0)
    ret = mbedtls_ecp_check_privkey(&st->grp, &st->d);
  if (ret == 0 && params->peer_pub.len > 0)
    ret = mbedtls_ecp_point_read_binary(&st->grp, &st->peer, params->peer_pub.data,
                                        params->peer_pub.len);
  else if (ret == 0) {
    ret = kex_scalar(st, params->peer_priv, &st->peer_d);
    if (ret == 0)
      ret = mbedtls_ecp_mul(&st->grp, &st->peer, &st->peer_d, &st->grp.G, seeded_rng, &st->rng);
  }
  return ret != 0 ? ret : mbedtls_ecp_check_pubkey(&st->grp, &st->peer);
}

static SmResult kex_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const KexRow *row = params->impl_data;
  if (params->priv.len == 0 || (params->peer_pub.len == 0 && params->peer_priv.len == 0))
    return sm_msg(SM_FAILED, msg, msg_len, "needs a scalar and the peer's public or private value");
  KexState *st = calloc(1, sizeof *st);
  if (st == NULL)
    return sm_out_of_memory(msg, msg_len);
  st->montgomery = row->montgomery;
  mbedtls_ecp_group_init(&st->grp);
  mbedtls_mpi_init(&st->d);
  mbedtls_mpi_init(&st->peer_d);
  mbedtls_mpi_init(&st->z);
  mbedtls_ecp_point_init(&st->peer);
  seeded_rng_init(&st->rng, params->seed);
  int ret = kex_load(st, row, params);
  if (ret != 0) {
    kex_teardown(st);
    return mbed_fail(SM_FAILED, msg, msg_len, "loading the keys", ret);
  }
  *state = st;
  return SM_OK;
}

/* The generator blinds the scalar multiplication (2.28 asks for one). */
static SmResult kex_derive(void *state, SmIo *io)
{
  KexState *st = state;
  if (io->out_len < st->width ||
      mbedtls_ecdh_compute_shared(&st->grp, &st->z, &st->peer, &st->d, seeded_rng, &st->rng) != 0)
    return SM_FAILED;
  int ret = st->montgomery ? mbedtls_mpi_write_binary_le(&st->z, io->out, st->width)
                           : mbedtls_mpi_write_binary(&st->z, io->out, st->width);
  if (ret != 0)
    return SM_FAILED;
  io->out_len = st->width;
  return SM_OK;
}

/* ---- the table ---- */

/* Initialisers only: each builds one const SmImpl (a file-scope compound literal) from a row. */
#define EVP_CIPHER(type, iv_use)                                                                   \
  &(const SmImpl)                                                                                  \
  {                                                                                                \
    .setup = evp_cipher_setup,                                                                     \
    .op = {[SM_OP_ENCRYPT] = evp_cipher_update, [SM_OP_DECRYPT] = evp_cipher_update},              \
    .teardown = evp_cipher_teardown, .data = &(const EvpCipherRow){type, iv_use},                  \
  }
#define EVP_XTS(type)                                                                              \
  &(const SmImpl)                                                                                  \
  {                                                                                                \
    .setup = evp_cipher_setup,                                                                     \
    .op = {[SM_OP_ENCRYPT] = evp_xts_update, [SM_OP_DECRYPT] = evp_xts_update},                    \
    .teardown = evp_cipher_teardown, .data = &(const EvpCipherRow){type, IV_PER_CALL},             \
  }
#define LOW_CIPHER(key_len, iv_len, key_fn, crypt_fn)                                              \
  &(const SmImpl)                                                                                  \
  {                                                                                                \
    .setup = low_cipher_setup,                                                                     \
    .op = {[SM_OP_ENCRYPT] = low_cipher_op, [SM_OP_DECRYPT] = low_cipher_op},                      \
    .teardown = low_cipher_teardown,                                                               \
    .data = &(const LowCipherRow){key_len, iv_len, key_fn, crypt_fn},                              \
  }
#define EVP_AEAD(type)                                                                             \
  &(const SmImpl)                                                                                  \
  {                                                                                                \
    .setup = evp_aead_setup,                                                                       \
    .op = {[SM_OP_ENCRYPT] = evp_aead_encrypt, [SM_OP_DECRYPT] = evp_aead_decrypt},                \
    .teardown = evp_aead_teardown, .data = &(const EvpCipherRow){type, IV_PLAIN},                  \
  }
#define LOW_AEAD(nonce_len, family)                                                                \
  &(const SmImpl)                                                                                  \
  {                                                                                                \
    .setup = low_aead_setup,                                                                       \
    .op = {[SM_OP_ENCRYPT] = low_aead_encrypt, [SM_OP_DECRYPT] = low_aead_decrypt},                \
    .teardown = low_aead_teardown,                                                                 \
    .data = &(const LowAeadRow){nonce_len, family##_key, family##_seal, family##_open,             \
                                family##_release},                                                 \
  }
#define EVP_MD(type)                                                                               \
  &(const SmImpl)                                                                                  \
  {                                                                                                \
    .setup = md_setup, .op = {[SM_OP_HASH] = md_hash}, .teardown = md_teardown,                    \
    .data = &(const MdRow){type},                                                                  \
  }
#define LOW_MD(fn, out_len)                                                                        \
  &(const SmImpl)                                                                                  \
  {                                                                                                \
    .setup = low_hash_setup, .op = {[SM_OP_HASH] = low_hash}, .teardown = free,                    \
    .data = &(const LowHashRow){fn, out_len},                                                      \
  }
#define EVP_HMAC(type)                                                                             \
  &(const SmImpl)                                                                                  \
  {                                                                                                \
    .setup = hmac_setup, .op = {[SM_OP_MAC] = hmac_mac}, .teardown = md_teardown,                  \
    .data = &(const MdRow){type},                                                                  \
  }
#define SIG(api_, rsa_, group_, md_, hash_, sign_, verify_)                                        \
  &(const SmImpl)                                                                                  \
  {                                                                                                \
    .setup = sig_setup, .op = {[SM_OP_SIGN] = sign_, [SM_OP_VERIFY] = verify_},                    \
    .teardown = sig_teardown, .data = &(const SigRow){api_, rsa_, group_, md_, hash_},             \
  }
#define EVP_RSA                                                                                    \
  SIG(SM_API_EVP, true, MBEDTLS_ECP_DP_NONE, MBEDTLS_MD_SHA256, NULL, evp_sig_sign, evp_sig_verify)
#define LOW_RSA                                                                                    \
  SIG(SM_API_LOW, true, MBEDTLS_ECP_DP_NONE, MBEDTLS_MD_SHA256, sha256_oneshot, low_rsa_sign,      \
      low_rsa_verify)
#define EVP_ECDSA(group, md) SIG(SM_API_EVP, false, group, md, NULL, evp_sig_sign, evp_sig_verify)
#define LOW_ECDSA(group, md, hash)                                                                 \
  SIG(SM_API_LOW, false, group, md, hash, low_ecdsa_sign, low_ecdsa_verify)
#define LOW_KEX(group, montgomery)                                                                 \
  &(const SmImpl)                                                                                  \
  {                                                                                                \
    .setup = kex_setup, .op = {[SM_OP_DERIVE] = kex_derive}, .teardown = kex_teardown,             \
    .data = &(const KexRow){group, montgomery},                                                    \
  }

#define WHY_HMAC_LOW "mbedTLS has HMAC only in its md layer (mbedtls_md_hmac_*)"
#define WHY_KEX_EVP                                                                                \
  "mbedTLS 2.28's pk layer has no key agreement (mbedtls_pk_* only signs, verifies, encrypts); "   \
  "ECDH is only mbedtls_ecdh_*"

static const SmAlgorithm algorithms[] = {
    {.name = "aes-128-cbc",
     .kind = SM_KIND_CIPHER,
     .impl = {EVP_CIPHER(MBEDTLS_CIPHER_AES_128_CBC, IV_PLAIN),
              LOW_CIPHER(16, 16, aes_key, aes_cbc)}},
    {.name = "aes-192-cbc",
     .kind = SM_KIND_CIPHER,
     .impl = {EVP_CIPHER(MBEDTLS_CIPHER_AES_192_CBC, IV_PLAIN),
              LOW_CIPHER(24, 16, aes_key, aes_cbc)}},
    {.name = "aes-256-cbc",
     .kind = SM_KIND_CIPHER,
     .impl = {EVP_CIPHER(MBEDTLS_CIPHER_AES_256_CBC, IV_PLAIN),
              LOW_CIPHER(32, 16, aes_key, aes_cbc)}},
    {.name = "aes-128-ctr",
     .kind = SM_KIND_CIPHER,
     .impl = {EVP_CIPHER(MBEDTLS_CIPHER_AES_128_CTR, IV_PLAIN),
              LOW_CIPHER(16, 16, aes_ctr_key, aes_ctr)}},
    {.name = "aes-192-ctr",
     .kind = SM_KIND_CIPHER,
     .impl = {EVP_CIPHER(MBEDTLS_CIPHER_AES_192_CTR, IV_PLAIN),
              LOW_CIPHER(24, 16, aes_ctr_key, aes_ctr)}},
    {.name = "aes-256-ctr",
     .kind = SM_KIND_CIPHER,
     .impl = {EVP_CIPHER(MBEDTLS_CIPHER_AES_256_CTR, IV_PLAIN),
              LOW_CIPHER(32, 16, aes_ctr_key, aes_ctr)}},
    {.name = "aes-128-xts",
     .kind = SM_KIND_CIPHER,
     .impl = {EVP_XTS(MBEDTLS_CIPHER_AES_128_XTS), LOW_CIPHER(32, 16, aes_xts_key, aes_xts)}},
    {.name = "aes-256-xts",
     .kind = SM_KIND_CIPHER,
     .impl = {EVP_XTS(MBEDTLS_CIPHER_AES_256_XTS), LOW_CIPHER(64, 16, aes_xts_key, aes_xts)}},
    {.name = "chacha20",
     .kind = SM_KIND_CIPHER,
     .impl = {EVP_CIPHER(MBEDTLS_CIPHER_CHACHA20, IV_CHACHA_COUNTER_NONCE),
              LOW_CIPHER(32, 16, chacha20_key, chacha20_stream)}},
    {.name = "camellia-128-cbc",
     .kind = SM_KIND_CIPHER,
     .impl = {EVP_CIPHER(MBEDTLS_CIPHER_CAMELLIA_128_CBC, IV_PLAIN),
              LOW_CIPHER(16, 16, camellia_key, camellia_cbc)}},
    {.name = "bf-cbc",
     .kind = SM_KIND_CIPHER,
#if SM_MBEDTLS_2
     .impl = {EVP_CIPHER(MBEDTLS_CIPHER_BLOWFISH_CBC, IV_PLAIN),
              LOW_CIPHER(0, 8, blowfish_key, blowfish_cbc)},
#endif
     .why_not = {WHY_GONE_IN_3("Blowfish"), WHY_GONE_IN_3("Blowfish")}},
    {.name = "des-cbc",
     .kind = SM_KIND_CIPHER,
     .impl = {EVP_CIPHER(MBEDTLS_CIPHER_DES_CBC, IV_PLAIN), LOW_CIPHER(8, 8, des_key, des_cbc)}},
    {.name = "des-ede3-cbc",
     .kind = SM_KIND_CIPHER,
     .impl = {EVP_CIPHER(MBEDTLS_CIPHER_DES_EDE3_CBC, IV_PLAIN),
              LOW_CIPHER(24, 8, des3_key, des3_cbc)}},
    {.name = "rc4",
     .kind = SM_KIND_CIPHER,
#if SM_MBEDTLS_2
     .impl = {EVP_CIPHER(MBEDTLS_CIPHER_ARC4_128, IV_PLAIN),
              LOW_CIPHER(0, 0, arc4_key, arc4_stream)},
#endif
     .why_not = {WHY_GONE_IN_3("ARC4"), WHY_GONE_IN_3("ARC4")}},
    {.name = "aes-128-gcm",
     .kind = SM_KIND_AEAD,
     .impl = {EVP_AEAD(MBEDTLS_CIPHER_AES_128_GCM), LOW_AEAD(0, gcm)}},
    {.name = "aes-192-gcm",
     .kind = SM_KIND_AEAD,
     .impl = {EVP_AEAD(MBEDTLS_CIPHER_AES_192_GCM), LOW_AEAD(0, gcm)}},
    {.name = "aes-256-gcm",
     .kind = SM_KIND_AEAD,
     .impl = {EVP_AEAD(MBEDTLS_CIPHER_AES_256_GCM), LOW_AEAD(0, gcm)}},
    {.name = "aes-128-ccm",
     .kind = SM_KIND_AEAD,
     .impl = {EVP_AEAD(MBEDTLS_CIPHER_AES_128_CCM), LOW_AEAD(0, ccm)}},
    {.name = "aes-256-ccm",
     .kind = SM_KIND_AEAD,
     .impl = {EVP_AEAD(MBEDTLS_CIPHER_AES_256_CCM), LOW_AEAD(0, ccm)}},
    {.name = "chacha20-poly1305",
     .kind = SM_KIND_AEAD,
     .impl = {EVP_AEAD(MBEDTLS_CIPHER_CHACHA20_POLY1305), LOW_AEAD(12, chachapoly)}},
    {.name = "md4",
     .kind = SM_KIND_DIGEST,
#if SM_MBEDTLS_2
     .impl = {EVP_MD(MBEDTLS_MD_MD4), LOW_MD(md4_oneshot, 16)},
#endif
     .why_not = {WHY_GONE_IN_3("MD4"), WHY_GONE_IN_3("MD4")}},
    {.name = "md5",
     .kind = SM_KIND_DIGEST,
     .impl = {EVP_MD(MBEDTLS_MD_MD5), LOW_MD(md5_oneshot, 16)}},
    {.name = "sha1",
     .kind = SM_KIND_DIGEST,
     .impl = {EVP_MD(MBEDTLS_MD_SHA1), LOW_MD(sha1_oneshot, 20)}},
    {.name = "sha224",
     .kind = SM_KIND_DIGEST,
     .impl = {EVP_MD(MBEDTLS_MD_SHA224), LOW_MD(sha224_oneshot, 28)}},
    {.name = "sha256",
     .kind = SM_KIND_DIGEST,
     .impl = {EVP_MD(MBEDTLS_MD_SHA256), LOW_MD(sha256_oneshot, 32)}},
    {.name = "sha384",
     .kind = SM_KIND_DIGEST,
     .impl = {EVP_MD(MBEDTLS_MD_SHA384), LOW_MD(sha384_oneshot, 48)}},
    {.name = "sha512",
     .kind = SM_KIND_DIGEST,
     .impl = {EVP_MD(MBEDTLS_MD_SHA512), LOW_MD(sha512_oneshot, 64)}},
    {.name = "ripemd160",
     .kind = SM_KIND_DIGEST,
     .impl = {EVP_MD(MBEDTLS_MD_RIPEMD160), LOW_MD(ripemd160_oneshot, 20)}},
    {.name = "hmac-md5",
     .kind = SM_KIND_MAC,
     .impl = {EVP_HMAC(MBEDTLS_MD_MD5), NULL},
     .why_not = {NULL, WHY_HMAC_LOW}},
    {.name = "hmac-sha1",
     .kind = SM_KIND_MAC,
     .impl = {EVP_HMAC(MBEDTLS_MD_SHA1), NULL},
     .why_not = {NULL, WHY_HMAC_LOW}},
    {.name = "hmac-sha256",
     .kind = SM_KIND_MAC,
     .impl = {EVP_HMAC(MBEDTLS_MD_SHA256), NULL},
     .why_not = {NULL, WHY_HMAC_LOW}},
    {.name = "hmac-sha384",
     .kind = SM_KIND_MAC,
     .impl = {EVP_HMAC(MBEDTLS_MD_SHA384), NULL},
     .why_not = {NULL, WHY_HMAC_LOW}},
    {.name = "hmac-sha512",
     .kind = SM_KIND_MAC,
     .impl = {EVP_HMAC(MBEDTLS_MD_SHA512), NULL},
     .why_not = {NULL, WHY_HMAC_LOW}},
    {.name = "cmac-aes128",
     .kind = SM_KIND_MAC,
     .impl = {&(const SmImpl){
                  .setup = cmac_setup, .op = {[SM_OP_MAC] = cmac_mac}, .teardown = cmac_teardown},
              NULL},
     .why_not = {NULL, "mbedTLS has CMAC only on a cipher-layer context (mbedtls_cipher_cmac_*)"}},
    {.name = "poly1305",
     .kind = SM_KIND_MAC,
     .impl = {NULL, &(const SmImpl){.setup = poly1305_setup,
                                    .op = {[SM_OP_MAC] = poly1305_mac},
                                    .teardown = poly1305_teardown}},
     .why_not =
         {"mbedTLS's md and cipher layers have no Poly1305 (only the direct mbedtls_poly1305_*)",
          NULL}},
    {.name = "rsa1024", .kind = SM_KIND_SIGNATURE, .impl = {EVP_RSA, LOW_RSA}},
    {.name = "rsa2048", .kind = SM_KIND_SIGNATURE, .impl = {EVP_RSA, LOW_RSA}},
    {.name = "rsa3072", .kind = SM_KIND_SIGNATURE, .impl = {EVP_RSA, LOW_RSA}},
    {.name = "rsa4096", .kind = SM_KIND_SIGNATURE, .impl = {EVP_RSA, LOW_RSA}},
    {.name = "ecdsa-p256",
     .kind = SM_KIND_SIGNATURE,
     .impl = {EVP_ECDSA(MBEDTLS_ECP_DP_SECP256R1, MBEDTLS_MD_SHA256),
              LOW_ECDSA(MBEDTLS_ECP_DP_SECP256R1, MBEDTLS_MD_SHA256, sha256_oneshot)}},
    {.name = "ecdsa-p384",
     .kind = SM_KIND_SIGNATURE,
     .impl = {EVP_ECDSA(MBEDTLS_ECP_DP_SECP384R1, MBEDTLS_MD_SHA384),
              LOW_ECDSA(MBEDTLS_ECP_DP_SECP384R1, MBEDTLS_MD_SHA384, sha384_oneshot)}},
    {.name = "ecdsa-p521",
     .kind = SM_KIND_SIGNATURE,
     .impl = {EVP_ECDSA(MBEDTLS_ECP_DP_SECP521R1, MBEDTLS_MD_SHA512),
              LOW_ECDSA(MBEDTLS_ECP_DP_SECP521R1, MBEDTLS_MD_SHA512, sha512_oneshot)}},
    {.name = "x25519",
     .kind = SM_KIND_KEX,
     .impl = {NULL, LOW_KEX(MBEDTLS_ECP_DP_CURVE25519, true)},
     .why_not = {WHY_KEX_EVP, NULL}},
    {.name = "x448",
     .kind = SM_KIND_KEX,
     .impl = {NULL, LOW_KEX(MBEDTLS_ECP_DP_CURVE448, true)},
     .why_not = {WHY_KEX_EVP, NULL}},
    {.name = "ecdh-p256",
     .kind = SM_KIND_KEX,
     .impl = {NULL, LOW_KEX(MBEDTLS_ECP_DP_SECP256R1, false)},
     .why_not = {WHY_KEX_EVP, NULL}},
    {.name = "ecdh-p384",
     .kind = SM_KIND_KEX,
     .impl = {NULL, LOW_KEX(MBEDTLS_ECP_DP_SECP384R1, false)},
     .why_not = {WHY_KEX_EVP, NULL}},
    {.name = NULL},
};

/* ---- engine ---- */

static const char *lib_version(void)
{
  static char version[18]; /* mbedtls_version_get_string writes at most 9 bytes */
  mbedtls_version_get_string(version);
  return version;
}

/* mbedTLS probes CPUID once and keeps the answer in a static: no switch to turn it off. */
static SmResult engine_init(const SmEngineConfig *config, char *msg, size_t msg_len)
{
  if (config != NULL && config->accel == SM_ACCEL_OFF)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                  "mbedTLS has no run-time switch for its AES-NI/PCLMUL code (the CPUID answer is "
                  "cached in a static; only a build without MBEDTLS_AESNI_C turns it off)");
#if SM_MBEDTLS_2
  return sm_msg(SM_OK, msg, msg_len,
                "mbedtls_aesni_has_support: AES-NI %s, PCLMULQDQ %s; no SHA-NI code in this build; "
                "f_rng: ChaCha20 keystream seeded from the run's seed",
                mbedtls_aesni_has_support(MBEDTLS_AESNI_AES) ? "yes" : "no",
                mbedtls_aesni_has_support(MBEDTLS_AESNI_CLMUL) ? "yes" : "no");
#else
  return sm_msg(SM_OK, msg, msg_len,
                "Mbed TLS 3.x keeps its AES-NI probe private (no public aesni.h); "
                "f_rng: ChaCha20 keystream seeded from the run's seed");
#endif
}

static const SmEngine engine = {
    .abi_major = SM_ABI_MAJOR,
    .abi_minor = SM_ABI_MINOR,
    .size = sizeof(SmEngine),
    .name = "mbedtls",
    .library = "Mbed TLS",
    .library_version = lib_version,
    .init = engine_init,
    .accel_off_env = NULL,
    .api_meaning =
        {"the generic layer: mbedtls_cipher_* (auth_encrypt_ext for AEAD, cipher_cmac_*), "
         "mbedtls_md_* and mbedtls_md_hmac_*, mbedtls_pk_sign/verify",
         "the direct calls: mbedtls_aes_*, gcm_*, ccm_*, chachapoly_*, chacha20_*, "
         "poly1305_mac, the one-shot *_ret digests, rsa_pkcs1_sign/verify, "
         "ecdsa_sign_det_ext/verify, ecdh_compute_shared"},
    .algorithms = algorithms,
};

SM_ENGINE_EXPORT const SmEngine *speedmatrix_engine(void) { return &engine; }

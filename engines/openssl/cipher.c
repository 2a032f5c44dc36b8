/* OpenSSL engine: ciphers through EVP_CIPHER, and the cipher rows (with their non-EVP
 * implementations from low-cipher.c). */

#include "openssl-engine.h"

/* ------------------------------------------------------------------------------------------ */
/* evp: ciphers (stream on one context)                                                        */

/* EVP_EncryptUpdate or EVP_DecryptUpdate: the state keeps the one its direction calls. */
typedef int EvpUpdateFn(EVP_CIPHER_CTX *ctx, unsigned char *out, int *out_len,
                        const unsigned char *in, int in_len);

typedef struct {
  EVP_CIPHER *cipher;
  EVP_CIPHER_CTX *ctx;
  EvpUpdateFn *update;
  uint8_t iv[EVP_MAX_IV_LENGTH]; /* XTS re-sets the tweak per call */
} EvpCipherState;

static void evp_cipher_teardown(void *state)
{
  EvpCipherState *st = state;
  EVP_CIPHER_CTX_free(st->ctx);
  EVP_CIPHER_free(st->cipher);
  free(st);
}

static SmResult evp_cipher_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  const char *name = ((const EvpRow *)params->impl_data)->fetch_name;
  if (params->max_len > INT_MAX)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "EVP takes at most INT_MAX bytes per call");
  EvpCipherState *st = state;
  int enc = params->op == SM_OP_ENCRYPT;
  st->update = enc ? EVP_EncryptUpdate : EVP_DecryptUpdate;
  st->cipher = EVP_CIPHER_fetch(NULL, name, NULL);
  if (st->cipher == NULL)
    return ossl_fail(SM_UNSUPPORTED, msg, msg_len, name);
  size_t iv_len = (size_t)EVP_CIPHER_get_iv_length(st->cipher);
  if (params->iv.len != iv_len || iv_len > sizeof st->iv)
    return sm_msg(SM_FAILED, msg, msg_len, "%s takes a %zu-byte IV, got %zu", name, iv_len,
                  params->iv.len);
  if (iv_len > 0)
    memcpy(st->iv, params->iv.data, iv_len);
  st->ctx = EVP_CIPHER_CTX_new();
  /* Key length first (variable-length ciphers), then key and IV: the schedule happens here. */
  if (st->ctx == NULL || EVP_CipherInit_ex2(st->ctx, st->cipher, NULL, NULL, enc, NULL) != 1 ||
      EVP_CIPHER_CTX_set_padding(st->ctx, 0) != 1 ||
      ((size_t)EVP_CIPHER_CTX_get_key_length(st->ctx) != params->key.len &&
       EVP_CIPHER_CTX_set_key_length(st->ctx, (int)params->key.len) != 1) ||
      EVP_CipherInit_ex2(st->ctx, NULL, sm_bytes_or_empty(params->key), iv_len > 0 ? st->iv : NULL,
                         enc, NULL) != 1)
    return ossl_fail(SM_FAILED, msg, msg_len, "EVP_CipherInit_ex2");
  return SM_OK;
}

SM_DEFINE_SETUP(evp_cipher_setup, EvpCipherState, evp_cipher_fill, evp_cipher_teardown)

static SmResult evp_cipher_op(void *state, SmIo *io)
{
  EvpCipherState *st = state;
  int out_len;
  if (io->out_len < io->in_len ||
      st->update(st->ctx, io->out, &out_len, io->in, (int)io->in_len) != 1 ||
      (size_t)out_len != io->in_len)
    return op_failed();
  io->out_len = (size_t)out_len;
  return SM_OK;
}

/* XTS: each call is one data unit, so the tweak is set again first (no re-keying). */
static SmResult evp_xts_op(void *state, SmIo *io)
{
  EvpCipherState *st = state;
  if (EVP_CipherInit_ex2(st->ctx, NULL, NULL, st->iv, -1, NULL) != 1)
    return op_failed();
  return evp_cipher_op(state, io);
}

static const char *evp_cipher_impl_name(const SmParams *params, void *state)
{
  const EvpCipherState *st = state;
  return describe_impl(((const EvpRow *)params->impl_data)->fetch_name,
                       EVP_CIPHER_get0_provider(st->cipher));
}

/* XTS differs from the other ciphers only in its op (evp_xts_op instead of evp_cipher_op). */
#define EVP_CIPHER_IMPL(ops, name, probe_fn)                                                       \
  {                                                                                                \
    .setup = evp_cipher_setup, .op = {[SM_OP_ENCRYPT] = ops##_op, [SM_OP_DECRYPT] = ops##_op},     \
    .teardown = evp_cipher_teardown, .probe = probe_fn, .data = (&(const EvpRow){name}),           \
    .impl_name = evp_cipher_impl_name                                                              \
  }

static const SmImpl aes_128_cbc_evp = EVP_CIPHER_IMPL(evp_cipher, "AES-128-CBC", NULL);
static const SmImpl aes_192_cbc_evp = EVP_CIPHER_IMPL(evp_cipher, "AES-192-CBC", NULL);
static const SmImpl aes_256_cbc_evp = EVP_CIPHER_IMPL(evp_cipher, "AES-256-CBC", NULL);
static const SmImpl aes_128_ctr_evp = EVP_CIPHER_IMPL(evp_cipher, "AES-128-CTR", NULL);
static const SmImpl aes_192_ctr_evp = EVP_CIPHER_IMPL(evp_cipher, "AES-192-CTR", NULL);
static const SmImpl aes_256_ctr_evp = EVP_CIPHER_IMPL(evp_cipher, "AES-256-CTR", NULL);
static const SmImpl aes_128_xts_evp = EVP_CIPHER_IMPL(evp_xts, "AES-128-XTS", NULL);
static const SmImpl aes_256_xts_evp = EVP_CIPHER_IMPL(evp_xts, "AES-256-XTS", NULL);
#ifndef OPENSSL_NO_CHACHA
static const SmImpl chacha20_evp = EVP_CIPHER_IMPL(evp_cipher, "ChaCha20", NULL);
#endif
#ifndef OPENSSL_NO_CAMELLIA
static const SmImpl camellia_128_cbc_evp = EVP_CIPHER_IMPL(evp_cipher, "CAMELLIA-128-CBC", NULL);
#endif
#ifndef OPENSSL_NO_SM4
static const SmImpl sm4_cbc_evp = EVP_CIPHER_IMPL(evp_cipher, "SM4-CBC", NULL);
#endif
#ifndef OPENSSL_NO_CAST
static const SmImpl cast5_cbc_evp = EVP_CIPHER_IMPL(evp_cipher, "CAST5-CBC", probe_legacy);
#endif
#ifndef OPENSSL_NO_BF
static const SmImpl bf_cbc_evp = EVP_CIPHER_IMPL(evp_cipher, "BF-CBC", probe_legacy);
#endif
#ifndef OPENSSL_NO_IDEA
static const SmImpl idea_cbc_evp = EVP_CIPHER_IMPL(evp_cipher, "IDEA-CBC", probe_legacy);
#endif
#ifndef OPENSSL_NO_RC2
static const SmImpl rc2_cbc_evp = EVP_CIPHER_IMPL(evp_cipher, "RC2-CBC", probe_legacy);
#endif
#ifndef OPENSSL_NO_DES
static const SmImpl des_cbc_evp = EVP_CIPHER_IMPL(evp_cipher, "DES-CBC", probe_legacy);
static const SmImpl des_ede3_cbc_evp = EVP_CIPHER_IMPL(evp_cipher, "DES-EDE3-CBC", NULL);
#endif
#ifndef OPENSSL_NO_RC4
static const SmImpl rc4_evp = EVP_CIPHER_IMPL(evp_cipher, "RC4", probe_legacy);
#endif
/* The cipher rows, in the order `list` shows them. */
const SmAlgorithm cipher_rows[] = {
    EVP_AND_LOW("aes-128-cbc", SM_KIND_CIPHER, aes_128_cbc),
    EVP_AND_LOW("aes-192-cbc", SM_KIND_CIPHER, aes_192_cbc),
    EVP_AND_LOW("aes-256-cbc", SM_KIND_CIPHER, aes_256_cbc),
    EVP_AND_LOW("aes-128-ctr", SM_KIND_CIPHER, aes_128_ctr),
    EVP_AND_LOW("aes-192-ctr", SM_KIND_CIPHER, aes_192_ctr),
    EVP_AND_LOW("aes-256-ctr", SM_KIND_CIPHER, aes_256_ctr),
    EVP_ONLY("aes-128-xts", SM_KIND_CIPHER, aes_128_xts,
             "OpenSSL has no public non-EVP XTS (XTS128_CONTEXT is opaque)"),
    EVP_ONLY("aes-256-xts", SM_KIND_CIPHER, aes_256_xts,
             "OpenSSL has no public non-EVP XTS (XTS128_CONTEXT is opaque)"),
#ifndef OPENSSL_NO_CHACHA
    EVP_ONLY("chacha20", SM_KIND_CIPHER, chacha20, "OpenSSL has no non-EVP API for ChaCha20"),
#endif
#ifndef OPENSSL_NO_CAMELLIA
    EVP_AND_LOW("camellia-128-cbc", SM_KIND_CIPHER, camellia_128_cbc),
#endif
#ifndef OPENSSL_NO_SM4
    EVP_ONLY("sm4-cbc", SM_KIND_CIPHER, sm4_cbc, "OpenSSL has no non-EVP API for SM4"),
#endif
#ifndef OPENSSL_NO_CAST
    EVP_AND_LOW("cast5-cbc", SM_KIND_CIPHER, cast5_cbc),
#endif
#ifndef OPENSSL_NO_BF
    EVP_AND_LOW("bf-cbc", SM_KIND_CIPHER, bf_cbc),
#endif
#ifndef OPENSSL_NO_IDEA
    EVP_AND_LOW("idea-cbc", SM_KIND_CIPHER, idea_cbc),
#endif
#ifndef OPENSSL_NO_RC2
    EVP_AND_LOW("rc2-cbc", SM_KIND_CIPHER, rc2_cbc),
#endif
#ifndef OPENSSL_NO_DES
    EVP_AND_LOW("des-cbc", SM_KIND_CIPHER, des_cbc),
    EVP_AND_LOW("des-ede3-cbc", SM_KIND_CIPHER, des_ede3_cbc),
#endif
#ifndef OPENSSL_NO_RC4
    EVP_AND_LOW("rc4", SM_KIND_CIPHER, rc4),
#endif
    SM_ROW_END,
};

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

/* `implicit`: the built-in EVP_CIPHER (what EVP_aes_128_cbc() and the like return, found here
 * by name) is passed to the init, which fetches the algorithm again: the cost a per-message
 * cell shows. Otherwise the algorithm is fetched once, here. */
static SmResult cipher_fill(EvpCipherState *st, const SmParams *params, bool implicit, char *msg,
                            size_t msg_len)
{
  const char *name = ((const EvpRow *)params->impl_data)->fetch_name;
  if (params->max_len > INT_MAX)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "EVP takes at most INT_MAX bytes per call");
  int enc = params->op == SM_OP_ENCRYPT;
  st->update = enc ? EVP_EncryptUpdate : EVP_DecryptUpdate;
  const EVP_CIPHER *cipher =
      implicit ? evp_row_builtin_cipher(params) : (st->cipher = EVP_CIPHER_fetch(NULL, name, NULL));
  if (cipher == NULL)
    return ossl_fail(SM_UNSUPPORTED, msg, msg_len, name);
  size_t iv_len = (size_t)EVP_CIPHER_get_iv_length(cipher);
  if (params->iv.len != iv_len || iv_len > sizeof st->iv)
    return sm_msg(SM_FAILED, msg, msg_len, "%s takes a %zu-byte IV, got %zu", name, iv_len,
                  params->iv.len);
  if (iv_len > 0)
    memcpy(st->iv, params->iv.data, iv_len);
  st->ctx = EVP_CIPHER_CTX_new();
  /* Key length first (variable-length ciphers), then key and IV: the schedule happens here. */
  if (st->ctx == NULL || EVP_CipherInit_ex2(st->ctx, cipher, NULL, NULL, enc, NULL) != 1 ||
      EVP_CIPHER_CTX_set_padding(st->ctx, 0) != 1 ||
      ((size_t)EVP_CIPHER_CTX_get_key_length(st->ctx) != params->key.len &&
       EVP_CIPHER_CTX_set_key_length(st->ctx, (int)params->key.len) != 1) ||
      EVP_CipherInit_ex2(st->ctx, NULL, sm_bytes_or_empty(params->key), iv_len > 0 ? st->iv : NULL,
                         enc, NULL) != 1)
    return ossl_fail(SM_FAILED, msg, msg_len, "EVP_CipherInit_ex2");
  return SM_OK;
}

static SmResult evp_cipher_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  return cipher_fill(state, params, false, msg, msg_len);
}

static SmResult implicit_cipher_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  return cipher_fill(state, params, true, msg, msg_len);
}

SM_DEFINE_SETUP(evp_cipher_setup, EvpCipherState, evp_cipher_fill, evp_cipher_teardown)
SM_DEFINE_SETUP(implicit_cipher_setup, EvpCipherState, implicit_cipher_fill, evp_cipher_teardown)

static SmResult evp_cipher_op(void *state, SmIo *io)
{
  EvpCipherState *st = state;
  int out_len;
  if (io->out_len < io->in_len ||
      st->update(st->ctx, io->out, &out_len, io->in, (int)io->in_len) != 1 ||
      (size_t)out_len != io->in_len)
    return op_failed();
  return sm_output(io, (size_t)out_len);
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
  /* The context's cipher: the one fetched once, or the one its init fetched implicitly. */
  return describe_impl(((const EvpRow *)params->impl_data)->fetch_name,
                       EVP_CIPHER_get0_provider(EVP_CIPHER_CTX_get0_cipher(st->ctx)));
}

/* XTS differs from the other ciphers only in its op (evp_xts_op instead of evp_cipher_op). */
#define CIPHER_IMPL(setup_fn, ops, name, probe_fn, ...)                                            \
  {                                                                                                \
    .setup = setup_fn, .op = {[SM_OP_ENCRYPT] = ops##_op, [SM_OP_DECRYPT] = ops##_op},             \
    .teardown = evp_cipher_teardown, .probe = probe_fn, .data = (&(EvpRow){name, NULL}),           \
    .impl_name = evp_cipher_impl_name, __VA_ARGS__                                                 \
  }
#define EVP_CIPHER_IMPL(ops, name, probe_fn)                                                       \
  CIPHER_IMPL(evp_cipher_setup, ops, name, probe_fn,                                               \
              .implicit =                                                                          \
                  &(const SmImpl)CIPHER_IMPL(implicit_cipher_setup, ops, name, probe_fn, ))

/* A cipher row: its EVP impl made here from the fetch name, and its non-EVP impl (low-cipher.c)
 * or why OpenSSL has none. */
#define CIPHER_BOTH(n, fetch, probe_fn, low_id)                                                    \
  SM_ROW_BOTH(n, SM_KIND_CIPHER, &(const SmImpl)EVP_CIPHER_IMPL(evp_cipher, fetch, probe_fn),      \
              &low_id##_low)
#define CIPHER_EVP_ONLY(n, ops, fetch, why)                                                        \
  SM_ROW_EVP_ONLY(n, SM_KIND_CIPHER, &(const SmImpl)EVP_CIPHER_IMPL(ops, fetch, NULL), why)

/* The cipher rows, in the order `list` shows them. */
const SmAlgorithm cipher_rows[] = {
    CIPHER_BOTH("aes-128-cbc", "AES-128-CBC", NULL, aes_128_cbc),
    CIPHER_BOTH("aes-192-cbc", "AES-192-CBC", NULL, aes_192_cbc),
    CIPHER_BOTH("aes-256-cbc", "AES-256-CBC", NULL, aes_256_cbc),
    CIPHER_BOTH("aes-128-ctr", "AES-128-CTR", NULL, aes_128_ctr),
    CIPHER_BOTH("aes-192-ctr", "AES-192-CTR", NULL, aes_192_ctr),
    CIPHER_BOTH("aes-256-ctr", "AES-256-CTR", NULL, aes_256_ctr),
    CIPHER_EVP_ONLY("aes-128-xts", evp_xts, "AES-128-XTS",
                    "OpenSSL has no public non-EVP XTS (XTS128_CONTEXT is opaque)"),
    CIPHER_EVP_ONLY("aes-256-xts", evp_xts, "AES-256-XTS",
                    "OpenSSL has no public non-EVP XTS (XTS128_CONTEXT is opaque)"),
#ifndef OPENSSL_NO_CHACHA
    CIPHER_EVP_ONLY("chacha20", evp_cipher, "ChaCha20", "OpenSSL has no non-EVP API for ChaCha20"),
#endif
#ifndef OPENSSL_NO_CAMELLIA
    CIPHER_BOTH("camellia-128-cbc", "CAMELLIA-128-CBC", NULL, camellia_128_cbc),
#endif
#ifndef OPENSSL_NO_SM4
    CIPHER_EVP_ONLY("sm4-cbc", evp_cipher, "SM4-CBC", "OpenSSL has no non-EVP API for SM4"),
#endif
#ifndef OPENSSL_NO_CAST
    CIPHER_BOTH("cast5-cbc", "CAST5-CBC", probe_legacy, cast5_cbc),
#endif
#ifndef OPENSSL_NO_BF
    CIPHER_BOTH("bf-cbc", "BF-CBC", probe_legacy, bf_cbc),
#endif
#ifndef OPENSSL_NO_IDEA
    CIPHER_BOTH("idea-cbc", "IDEA-CBC", probe_legacy, idea_cbc),
#endif
#ifndef OPENSSL_NO_RC2
    CIPHER_BOTH("rc2-cbc", "RC2-CBC", probe_legacy, rc2_cbc),
#endif
#ifndef OPENSSL_NO_DES
    CIPHER_BOTH("des-cbc", "DES-CBC", probe_legacy, des_cbc),
    CIPHER_BOTH("des-ede3-cbc", "DES-EDE3-CBC", NULL, des_ede3_cbc),
#endif
#ifndef OPENSSL_NO_RC4
    CIPHER_BOTH("rc4", "RC4", probe_legacy, rc4),
#endif
    SM_ROW_END,
};

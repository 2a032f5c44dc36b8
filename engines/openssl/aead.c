/* OpenSSL engine: AEADs through EVP_CIPHER, and the AEAD rows. */

#include "openssl-engine.h"

/* ------------------------------------------------------------------------------------------ */
/* evp: AEAD (per call: nonce, AAD, data, final, tag; the key schedule stays in the context) */

typedef struct {
  EVP_CIPHER *cipher;
  EVP_CIPHER_CTX *ctx;
  SmAeadInputs m;
  uint8_t tag[16];
  /* The tag goes through OSSL_PARAMs built once: cheaper per call than the ctrl wrappers. */
  OSSL_PARAM tag_param[2];
} EvpAeadState;

static void evp_aead_teardown(void *state)
{
  EvpAeadState *st = state;
  EVP_CIPHER_CTX_free(st->ctx);
  EVP_CIPHER_free(st->cipher);
  sm_aead_inputs_free(&st->m);
  free(st);
}

/* `implicit`: the built-in EVP_CIPHER (what EVP_aes_128_gcm() and the like return, found here
 * by name) is passed to the init, which fetches the algorithm again each time: the cost a
 * per-message cell shows. Otherwise the algorithm is fetched once, here. */
static SmResult aead_fill(EvpAeadState *st, const SmParams *params, bool implicit, char *msg,
                          size_t msg_len)
{
  const char *name = ((const EvpRow *)params->impl_data)->fetch_name;
  if (params->max_len > INT_MAX - 16 || params->aad.len > INT_MAX)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "EVP takes at most INT_MAX bytes per call");
  if (params->tag_len == 0 || params->tag_len > 16 || params->iv.len == 0)
    return sm_msg(SM_FAILED, msg, msg_len, "tag length %zu / nonce length %zu unsupported",
                  params->tag_len, params->iv.len);
  if (!sm_aead_inputs_copy(&st->m, params))
    return sm_out_of_memory(msg, msg_len);
  int enc = params->op == SM_OP_ENCRYPT;
  const EVP_CIPHER *cipher =
      implicit ? evp_row_builtin_cipher(params) : (st->cipher = EVP_CIPHER_fetch(NULL, name, NULL));
  if (cipher == NULL)
    return ossl_fail(SM_UNSUPPORTED, msg, msg_len, name);
  size_t iv_len = params->iv.len;
  OSSL_PARAM iv_param[] = {OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_AEAD_IVLEN, &iv_len),
                           OSSL_PARAM_construct_end()};
  /* CCM fixes the tag length before the key (a NULL tag sets only its length). */
  bool ccm = EVP_CIPHER_get_mode(cipher) == EVP_CIPH_CCM_MODE;
  OSSL_PARAM tag_len_param[] = {
      OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, NULL, st->m.tag_len),
      OSSL_PARAM_construct_end()};
  SmResult ccm_fits = ccm ? sm_ccm_length_check(params, msg, msg_len) : SM_OK;
  if (ccm_fits != SM_OK)
    return ccm_fits;
  int key_len = EVP_CIPHER_get_key_length(cipher);
  if ((size_t)key_len != params->key.len)
    return sm_msg(SM_FAILED, msg, msg_len, "%s takes a %d-byte key", name, key_len);
  st->tag_param[0] =
      OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, st->tag, st->m.tag_len);
  st->tag_param[1] = OSSL_PARAM_construct_end();
  st->ctx = EVP_CIPHER_CTX_new();
  /* The key schedule happens once here; each call then only sets the nonce. */
  if (st->ctx == NULL || EVP_CipherInit_ex2(st->ctx, cipher, NULL, NULL, enc, NULL) != 1 ||
      ((size_t)EVP_CIPHER_CTX_get_iv_length(st->ctx) != iv_len &&
       EVP_CIPHER_CTX_set_params(st->ctx, iv_param) != 1) ||
      (ccm && EVP_CIPHER_CTX_set_params(st->ctx, tag_len_param) != 1) ||
      EVP_CipherInit_ex2(st->ctx, NULL, sm_bytes_or_empty(params->key), NULL, enc, NULL) != 1)
    return ossl_fail(SM_FAILED, msg, msg_len, "EVP_CipherInit_ex2");
  return SM_OK;
}

static SmResult evp_aead_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  return aead_fill(state, params, false, msg, msg_len);
}

static SmResult implicit_aead_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  return aead_fill(state, params, true, msg, msg_len);
}

SM_DEFINE_SETUP(evp_aead_setup, EvpAeadState, evp_aead_fill, evp_aead_teardown)
SM_DEFINE_SETUP(implicit_aead_setup, EvpAeadState, implicit_aead_fill, evp_aead_teardown)

/* An encrypt's end: the tag after the `ct_len` bytes of ciphertext. */
static SmResult evp_aead_put_tag(EvpAeadState *st, SmIo *io, size_t ct_len)
{
  st->tag_param[0].data = io->out + ct_len;
  if (EVP_CIPHER_CTX_get_params(st->ctx, st->tag_param) != 1)
    return op_failed();
  return sm_output(io, ct_len + st->m.tag_len);
}

/* A decrypt's start: the tag that ends `in` becomes the expected one, and *ct_len the length
 * before it; false when `in` holds no tag or `out` has no room. */
static bool evp_aead_take_tag(EvpAeadState *st, const SmIo *io, size_t *ct_len)
{
  if (!sm_aead_decrypt_fits(io, st->m.tag_len))
    return false;
  *ct_len = io->in_len - st->m.tag_len;
  memcpy(st->tag, io->in + *ct_len, st->m.tag_len);
  st->tag_param[0].data = st->tag;
  return true;
}

static SmResult evp_aead_encrypt(void *state, SmIo *io)
{
  EvpAeadState *st = state;
  int len, final_len;
  if (!sm_aead_encrypt_fits(io, st->m.tag_len))
    return SM_FAILED;
  if (EVP_CipherInit_ex(st->ctx, NULL, NULL, NULL, st->m.nonce, -1) != 1 ||
      (st->m.aad_len > 0 &&
       EVP_EncryptUpdate(st->ctx, NULL, &len, st->m.aad, (int)st->m.aad_len) != 1) ||
      EVP_EncryptUpdate(st->ctx, io->out, &len, io->in, (int)io->in_len) != 1 ||
      EVP_EncryptFinal_ex(st->ctx, io->out + len, &final_len) != 1)
    return op_failed();
  return evp_aead_put_tag(st, io, (size_t)len + (size_t)final_len);
}

static SmResult evp_aead_decrypt(void *state, SmIo *io)
{
  EvpAeadState *st = state;
  int len, final_len;
  size_t ct_len;
  if (!evp_aead_take_tag(st, io, &ct_len))
    return SM_FAILED;
  if (EVP_CipherInit_ex(st->ctx, NULL, NULL, NULL, st->m.nonce, -1) != 1 ||
      EVP_CIPHER_CTX_set_params(st->ctx, st->tag_param) != 1 ||
      (st->m.aad_len > 0 &&
       EVP_DecryptUpdate(st->ctx, NULL, &len, st->m.aad, (int)st->m.aad_len) != 1) ||
      EVP_DecryptUpdate(st->ctx, io->out, &len, io->in, (int)ct_len) != 1 ||
      EVP_DecryptFinal_ex(st->ctx, io->out + len, &final_len) != 1)
    return op_failed(); /* a bad tag fails in Final */
  return sm_output(io, (size_t)len + (size_t)final_len);
}

/* CCM: a fresh init per message (the nonce), the total length before the AAD, the data in one
 * update; no final (CCM has none to add), then the tag. */
static SmResult evp_ccm_encrypt(void *state, SmIo *io)
{
  EvpAeadState *st = state;
  int len;
  if (!sm_aead_encrypt_fits(io, st->m.tag_len))
    return SM_FAILED;
  if (EVP_CipherInit_ex(st->ctx, NULL, NULL, NULL, st->m.nonce, -1) != 1 ||
      EVP_EncryptUpdate(st->ctx, NULL, &len, NULL, (int)io->in_len) != 1 ||
      (st->m.aad_len > 0 &&
       EVP_EncryptUpdate(st->ctx, NULL, &len, st->m.aad, (int)st->m.aad_len) != 1) ||
      EVP_EncryptUpdate(st->ctx, io->out, &len, io->in, (int)io->in_len) != 1)
    return op_failed();
  return evp_aead_put_tag(st, io, io->in_len);
}

/* The expected tag goes in before the data: the update that decrypts also checks it. */
static SmResult evp_ccm_decrypt(void *state, SmIo *io)
{
  EvpAeadState *st = state;
  int len;
  size_t ct_len;
  if (!evp_aead_take_tag(st, io, &ct_len))
    return SM_FAILED;
  if (EVP_CipherInit_ex(st->ctx, NULL, NULL, NULL, st->m.nonce, -1) != 1 ||
      EVP_CIPHER_CTX_set_params(st->ctx, st->tag_param) != 1 ||
      EVP_DecryptUpdate(st->ctx, NULL, &len, NULL, (int)ct_len) != 1 ||
      (st->m.aad_len > 0 &&
       EVP_DecryptUpdate(st->ctx, NULL, &len, st->m.aad, (int)st->m.aad_len) != 1) ||
      EVP_DecryptUpdate(st->ctx, io->out, &len, io->in, (int)ct_len) != 1)
    return op_failed(); /* a bad tag fails in the update */
  return sm_output(io, ct_len);
}

static const char *evp_aead_impl_name(const SmParams *params, void *state)
{
  const EvpAeadState *st = state;
  /* The context's cipher: the one fetched once, or the one its init fetched implicitly. */
  return describe_impl(((const EvpRow *)params->impl_data)->fetch_name,
                       EVP_CIPHER_get0_provider(EVP_CIPHER_CTX_get0_cipher(st->ctx)));
}

/* GCM and ChaCha20-Poly1305 run the evp_aead ops, CCM the evp_ccm ones. */
#define AEAD_IMPL(setup_fn, ops, name, ...)                                                        \
  {                                                                                                \
    .setup = setup_fn, .op = {[SM_OP_ENCRYPT] = ops##_encrypt, [SM_OP_DECRYPT] = ops##_decrypt},   \
    .teardown = evp_aead_teardown, .data = (&(EvpRow){name, NULL}),                                \
    .impl_name = evp_aead_impl_name, __VA_ARGS__                                                   \
  }
#define EVP_AEAD_IMPL(ops, name)                                                                   \
  AEAD_IMPL(evp_aead_setup, ops, name,                                                             \
            .implicit = &(const SmImpl)AEAD_IMPL(implicit_aead_setup, ops, name, ))

/* An AEAD row: its EVP impl made here from the fetch name, and its non-EVP impl (one for every
 * key size) or why OpenSSL has none. */
#define AEAD_BOTH(n, ops, fetch, low_impl)                                                         \
  SM_ROW_BOTH(n, SM_KIND_AEAD, &(const SmImpl)EVP_AEAD_IMPL(ops, fetch), &low_impl)

/* The AEAD rows, in the order `list` shows them. */
const SmAlgorithm aead_rows[] = {
    AEAD_BOTH("aes-128-gcm", evp_aead, "AES-128-GCM", aes_gcm_low),
    AEAD_BOTH("aes-192-gcm", evp_aead, "AES-192-GCM", aes_gcm_low),
    AEAD_BOTH("aes-256-gcm", evp_aead, "AES-256-GCM", aes_gcm_low),
    AEAD_BOTH("aes-128-ccm", evp_ccm, "AES-128-CCM", aes_ccm_low),
    AEAD_BOTH("aes-256-ccm", evp_ccm, "AES-256-CCM", aes_ccm_low),
#if !defined(OPENSSL_NO_CHACHA) && !defined(OPENSSL_NO_POLY1305)
    SM_ROW_EVP_ONLY("chacha20-poly1305", SM_KIND_AEAD,
                    &(const SmImpl)EVP_AEAD_IMPL(evp_aead, "ChaCha20-Poly1305"),
                    "OpenSSL has no non-EVP API for ChaCha20-Poly1305"),
#endif
    SM_ROW_END,
};

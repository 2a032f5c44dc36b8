/* GnuTLS engine: AEADs (gnutls_aead_cipher_*), evp only, and their rows. */

#include "gnutls-engine.h"

typedef struct {
  gnutls_cipher_algorithm_t algo;
} AeadRow;

typedef struct {
  gnutls_aead_cipher_hd_t hd;
  SmAeadInputs in; /* nonce, AAD, tag length */
} AeadState;

static void aead_teardown(void *state)
{
  AeadState *as = state;
  if (as->hd != NULL)
    gnutls_aead_cipher_deinit(as->hd);
  sm_aead_inputs_free(&as->in);
  free(as);
}

static SmResult aead_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  AeadState *as = state;
  const AeadRow *row = params->impl_data;
  if (!sm_aead_inputs_copy(&as->in, params))
    return sm_out_of_memory(msg, msg_len);
  gnutls_datum_t key = datum(params->key);
  int err = gnutls_aead_cipher_init(&as->hd, row->algo, &key);
  return gt_setup_result(err, gnutls_cipher_get_name(row->algo), msg, msg_len);
}

SM_DEFINE_SETUP(aead_setup, AeadState, aead_fill, aead_teardown)

static SmResult aead_encrypt(void *state, SmIo *io)
{
  AeadState *as = state;
  size_t out_len = io->out_len;
  if (gnutls_aead_cipher_encrypt(as->hd, as->in.nonce, as->in.nonce_len, as->in.aad, as->in.aad_len,
                                 as->in.tag_len, io->in, io->in_len, io->out, &out_len) < 0)
    return SM_FAILED;
  io->out_len = out_len;
  return SM_OK;
}

static SmResult aead_decrypt(void *state, SmIo *io)
{
  AeadState *as = state;
  size_t out_len = io->out_len;
  if (io->in_len < as->in.tag_len ||
      gnutls_aead_cipher_decrypt(as->hd, as->in.nonce, as->in.nonce_len, as->in.aad, as->in.aad_len,
                                 as->in.tag_len, io->in, io->in_len, io->out, &out_len) < 0)
    return SM_FAILED;
  io->out_len = out_len;
  return SM_OK;
}

/* ---------------------------------------------------------------- rows */

static const AeadRow aes128_gcm = {GNUTLS_CIPHER_AES_128_GCM};
static const AeadRow aes192_gcm = {GNUTLS_CIPHER_AES_192_GCM};
static const AeadRow aes256_gcm = {GNUTLS_CIPHER_AES_256_GCM};
static const AeadRow aes128_ccm = {GNUTLS_CIPHER_AES_128_CCM};
static const AeadRow aes256_ccm = {GNUTLS_CIPHER_AES_256_CCM};
static const AeadRow chacha20_poly1305 = {GNUTLS_CIPHER_CHACHA20_POLY1305};

/* clang-format off */
#define AEAD(n, row) ROW_EVP(n, SM_KIND_AEAD, SM_IMPL_CIPHER, \
    aead_setup, aead_teardown, &row, aead_encrypt, aead_decrypt)
/* clang-format on */

/* The AEAD rows, in the order `list` shows them. */
const SmAlgorithm aead_rows[] = {
    AEAD("aes-128-gcm", aes128_gcm),
    AEAD("aes-192-gcm", aes192_gcm),
    AEAD("aes-256-gcm", aes256_gcm),
    AEAD("aes-128-ccm", aes128_ccm),
    AEAD("aes-256-ccm", aes256_ccm),
    AEAD("chacha20-poly1305", chacha20_poly1305),
    SM_ROW_END,
};

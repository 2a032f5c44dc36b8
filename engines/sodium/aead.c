/* libsodium engine: AEADs. evp: the combined crypto_aead_*_encrypt/decrypt (secretbox: its
 * detached call); low: the detached calls, and AES-256-GCM's precomputed beforenm/afternm. */

#include "sodium-engine.h"

enum { AEAD_KEY = 32, AEAD_TAG = 16 };

/* The IETF ChaCha20-Poly1305, XChaCha20-Poly1305 and AES-256-GCM calls share these shapes. */
typedef int AeadEncryptFn(unsigned char *c, unsigned long long *clen_p, const unsigned char *m,
                          unsigned long long mlen, const unsigned char *ad,
                          unsigned long long adlen, const unsigned char *nsec,
                          const unsigned char *npub, const unsigned char *k);
typedef int AeadDecryptFn(unsigned char *m, unsigned long long *mlen_p, unsigned char *nsec,
                          const unsigned char *c, unsigned long long clen, const unsigned char *ad,
                          unsigned long long adlen, const unsigned char *npub,
                          const unsigned char *k);
typedef int AeadEncryptDetachedFn(unsigned char *c, unsigned char *mac,
                                  unsigned long long *maclen_p, const unsigned char *m,
                                  unsigned long long mlen, const unsigned char *ad,
                                  unsigned long long adlen, const unsigned char *nsec,
                                  const unsigned char *npub, const unsigned char *k);
typedef int AeadDecryptDetachedFn(unsigned char *m, unsigned char *nsec, const unsigned char *c,
                                  unsigned long long clen, const unsigned char *mac,
                                  const unsigned char *ad, unsigned long long adlen,
                                  const unsigned char *npub, const unsigned char *k);

/* An AEAD: its sizes and libsodium's calls for it (NULL where it has none). */
typedef struct {
  const char *name;
  size_t nonce_len;
  bool takes_aad;
  bool needs_aesni;
  AeadEncryptFn *encrypt;
  AeadDecryptFn *decrypt;
  AeadEncryptDetachedFn *encrypt_detached;
  AeadDecryptDetachedFn *decrypt_detached;
} SodiumAead;

/* NaCl's secretbox behind the detached AEAD shape: it has no associated data (setup refuses
 * any) and writes no tag length. */
static int secretbox_encrypt_detached(unsigned char *c, unsigned char *mac,
                                      unsigned long long *maclen_p, const unsigned char *m,
                                      unsigned long long mlen, const unsigned char *ad,
                                      unsigned long long adlen, const unsigned char *nsec,
                                      const unsigned char *npub, const unsigned char *k)
{
  (void)maclen_p;
  (void)ad;
  (void)adlen;
  (void)nsec;
  return crypto_secretbox_detached(c, mac, m, mlen, npub, k);
}

static int secretbox_decrypt_detached(unsigned char *m, unsigned char *nsec, const unsigned char *c,
                                      unsigned long long clen, const unsigned char *mac,
                                      const unsigned char *ad, unsigned long long adlen,
                                      const unsigned char *npub, const unsigned char *k)
{
  (void)nsec;
  (void)ad;
  (void)adlen;
  return crypto_secretbox_open_detached(m, c, mac, clen, npub, k);
}

static const SodiumAead chacha20_poly1305 = {
    .name = "chacha20-poly1305",
    .nonce_len = crypto_aead_chacha20poly1305_ietf_NPUBBYTES,
    .takes_aad = true,
    .encrypt = crypto_aead_chacha20poly1305_ietf_encrypt,
    .decrypt = crypto_aead_chacha20poly1305_ietf_decrypt,
    .encrypt_detached = crypto_aead_chacha20poly1305_ietf_encrypt_detached,
    .decrypt_detached = crypto_aead_chacha20poly1305_ietf_decrypt_detached,
};

static const SodiumAead xchacha20_poly1305 = {
    .name = "xchacha20-poly1305",
    .nonce_len = crypto_aead_xchacha20poly1305_ietf_NPUBBYTES,
    .takes_aad = true,
    .encrypt = crypto_aead_xchacha20poly1305_ietf_encrypt,
    .decrypt = crypto_aead_xchacha20poly1305_ietf_decrypt,
    .encrypt_detached = crypto_aead_xchacha20poly1305_ietf_encrypt_detached,
    .decrypt_detached = crypto_aead_xchacha20poly1305_ietf_decrypt_detached,
};

/* Its low level is the precomputed key (beforenm/afternm), not a detached call. */
static const SodiumAead aes_256_gcm = {
    .name = "aes-256-gcm",
    .nonce_len = crypto_aead_aes256gcm_NPUBBYTES,
    .takes_aad = true,
    .needs_aesni = true,
    .encrypt = crypto_aead_aes256gcm_encrypt,
    .decrypt = crypto_aead_aes256gcm_decrypt,
};

/* crypto_secretbox_easy writes tag||ciphertext and our format is ciphertext||tag: evp is the
 * detached call (no copy), and secretbox has no other API for low. */
static const SodiumAead xsalsa20_poly1305 = {
    .name = "xsalsa20-poly1305",
    .nonce_len = crypto_secretbox_NONCEBYTES,
    .takes_aad = false,
    .encrypt_detached = secretbox_encrypt_detached,
    .decrypt_detached = secretbox_decrypt_detached,
};

typedef struct {
  crypto_aead_aes256gcm_state gcm; /* low aes-256-gcm: the precomputed key schedule */
  const SodiumAead *aead;
  unsigned char key[AEAD_KEY];
  SmAeadInputs in; /* copies: the runner's buffers only live until teardown */
} AeadState;

static const char *aes_gcm_probe(void)
{
  return crypto_aead_aes256gcm_is_available() ? NULL
                                              : "libsodium's AES-256-GCM needs AES-NI and PCLMUL";
}

static void aead_teardown(void *state)
{
  AeadState *s = state;
  sm_aead_inputs_free(&s->in);
  free(s);
}

static SmResult aead_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  AeadState *s = state;
  const SodiumAead *aead = params->impl_data;
  if (aead->needs_aesni && !crypto_aead_aes256gcm_is_available())
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "%s", aes_gcm_probe());
  if (params->key.len != AEAD_KEY || params->iv.len != aead->nonce_len)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                  "libsodium's %s needs a %d-byte key and a %zu-byte nonce", aead->name, AEAD_KEY,
                  aead->nonce_len);
  if (params->tag_len != AEAD_TAG)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "libsodium's %s tag is %d bytes, not %zu",
                  aead->name, AEAD_TAG, params->tag_len);
  if (!aead->takes_aad && params->aad.len > 0)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "%s takes no associated data", aead->name);
  s->aead = aead;
  memcpy(s->key, params->key.data, AEAD_KEY);
  return sm_aead_inputs_copy(&s->in, params) ? SM_OK : sm_out_of_memory(msg, msg_len);
}

/* low aes-256-gcm: the key expanded once, here. */
static SmResult aes_gcm_precomputed_fill(void *state, const SmParams *params, char *msg,
                                         size_t msg_len)
{
  AeadState *s = state;
  SmResult result = aead_fill(s, params, msg, msg_len);
  if (result == SM_OK)
    crypto_aead_aes256gcm_beforenm(&s->gcm, s->key);
  return result;
}

SM_DEFINE_SETUP(aead_setup, AeadState, aead_fill, aead_teardown)
SM_DEFINE_SETUP(aes_gcm_precomputed_setup, AeadState, aes_gcm_precomputed_fill, aead_teardown)

static SmResult combined_encrypt(void *state, SmIo *io)
{
  AeadState *s = state;
  unsigned long long out_len = 0;
  if (!sm_aead_encrypt_fits(io, AEAD_TAG) ||
      s->aead->encrypt(io->out, &out_len, io->in, io->in_len, s->in.aad, s->in.aad_len, NULL,
                       s->in.nonce, s->key) != 0)
    return SM_FAILED;
  return sm_output(io, (size_t)out_len);
}

static SmResult combined_decrypt(void *state, SmIo *io)
{
  AeadState *s = state;
  unsigned long long out_len = 0;
  if (!sm_aead_decrypt_fits(io, AEAD_TAG) ||
      s->aead->decrypt(io->out, &out_len, NULL, io->in, io->in_len, s->in.aad, s->in.aad_len,
                       s->in.nonce, s->key) != 0)
    return SM_FAILED;
  return sm_output(io, (size_t)out_len);
}

/* The detached calls write the tag straight after the ciphertext: our layout, no copy. */
static SmResult detached_encrypt(void *state, SmIo *io)
{
  AeadState *s = state;
  if (!sm_aead_encrypt_fits(io, AEAD_TAG) ||
      s->aead->encrypt_detached(io->out, io->out + io->in_len, NULL, io->in, io->in_len, s->in.aad,
                                s->in.aad_len, NULL, s->in.nonce, s->key) != 0)
    return SM_FAILED;
  return sm_output(io, io->in_len + AEAD_TAG);
}

static SmResult detached_decrypt(void *state, SmIo *io)
{
  AeadState *s = state;
  if (!sm_aead_decrypt_fits(io, AEAD_TAG))
    return SM_FAILED;
  size_t ct_len = io->in_len - AEAD_TAG;
  if (s->aead->decrypt_detached(io->out, NULL, io->in, ct_len, io->in + ct_len, s->in.aad,
                                s->in.aad_len, s->in.nonce, s->key) != 0)
    return SM_FAILED;
  return sm_output(io, ct_len);
}

static SmResult afternm_encrypt(void *state, SmIo *io)
{
  AeadState *s = state;
  unsigned long long out_len = 0;
  if (!sm_aead_encrypt_fits(io, AEAD_TAG) ||
      crypto_aead_aes256gcm_encrypt_afternm(io->out, &out_len, io->in, io->in_len, s->in.aad,
                                            s->in.aad_len, NULL, s->in.nonce, &s->gcm) != 0)
    return SM_FAILED;
  return sm_output(io, (size_t)out_len);
}

static SmResult afternm_decrypt(void *state, SmIo *io)
{
  AeadState *s = state;
  unsigned long long out_len = 0;
  if (!sm_aead_decrypt_fits(io, AEAD_TAG) ||
      crypto_aead_aes256gcm_decrypt_afternm(io->out, &out_len, NULL, io->in, io->in_len, s->in.aad,
                                            s->in.aad_len, s->in.nonce, &s->gcm) != 0)
    return SM_FAILED;
  return sm_output(io, (size_t)out_len);
}

/* An AEAD's impl at one level: its setup and ops around the descriptor, and the probe that
 * says when the CPU cannot run it (NULL: always can). */
#define AEAD_IMPL(setup_fn, descriptor, ops, probe_fn)                                             \
  (&(const SmImpl){.setup = (setup_fn),                                                            \
                   .op = {[SM_OP_ENCRYPT] = ops##_encrypt, [SM_OP_DECRYPT] = ops##_decrypt},       \
                   .teardown = aead_teardown,                                                      \
                   .probe = (probe_fn),                                                            \
                   .data = &(descriptor)})
/* evp: the combined calls; low: the detached ones. */
#define COMBINED_AND_DETACHED(n, aead)                                                             \
  SM_ROW_BOTH(n, SM_KIND_AEAD, AEAD_IMPL(aead_setup, aead, combined, NULL),                        \
              AEAD_IMPL(aead_setup, aead, detached, NULL))

#define NO_CCM "libsodium has no AES-CCM (its only AES is AES-256-GCM)"

/* The AEAD rows, in the order `list` shows them. */
const SmAlgorithm aead_rows[] = {
    SM_ROW_BOTH("aes-256-gcm", SM_KIND_AEAD,
                AEAD_IMPL(aead_setup, aes_256_gcm, combined, aes_gcm_probe),
                AEAD_IMPL(aes_gcm_precomputed_setup, aes_256_gcm, afternm, aes_gcm_probe)),
    SM_ROW_NONE("aes-128-ccm", SM_KIND_AEAD, NO_CCM),
    SM_ROW_NONE("aes-256-ccm", SM_KIND_AEAD, NO_CCM),
    COMBINED_AND_DETACHED("chacha20-poly1305", chacha20_poly1305),
    COMBINED_AND_DETACHED("xchacha20-poly1305", xchacha20_poly1305),
    SM_ROW_EVP_ONLY("xsalsa20-poly1305", SM_KIND_AEAD,
                    AEAD_IMPL(aead_setup, xsalsa20_poly1305, detached, NULL),
                    "secretbox has only easy (tag first) and detached (the evp row: our "
                    "ciphertext||tag layout); no precomputed or state API"),
    SM_ROW_END,
};

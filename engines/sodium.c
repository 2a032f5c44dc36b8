/* speedmatrix engine: libsodium.
 *
 * evp = libsodium's combined high-level calls; low = its precomputed, detached or state APIs.
 * Choices the API forces (each also noted where it is made):
 * - xsalsa20-poly1305: crypto_secretbox_easy writes tag||ciphertext, our format is
 *   ciphertext||tag, and easy is only detached with the MAC placed first; so evp is
 *   crypto_secretbox_detached (no copy), and there is no other secretbox API for low.
 * - hmac-sha256/512 evp: the one-shot crypto_auth_hmacsha* take a 32-byte key. HMAC zero-pads
 *   shorter keys and hashes keys longer than its block, so those have an exact 32-byte
 *   equivalent and setup uses it; other lengths (sha256: 33..64, sha512: > 32) are
 *   SM_UNSUPPORTED at evp. low keys a state once with *_init (any length) and copies it per op.
 * - chacha20 is stateless in libsodium (crypto_stream_chacha20_ietf_xor_ic): the state keeps
 *   the block counter and the rest of a part-used keystream block so calls of any length
 *   stream; a counter wrap carries into the first nonce word, as OpenSSL does.
 * - The evp one-shot MACs (crypto_auth_hmacsha*, crypto_onetimeauth) key themselves on every
 *   call: that is what the one-shot API costs; low keys once in setup.
 * - ed25519 evp uses the combined crypto_sign / crypto_sign_open, so sign copies out the 64
 *   signature bytes and verify first assembles signature||message: part of that API's cost.
 */
#include "engine-util.h"

#include <sodium.h>
#include <stdalign.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* A tag for the stateless ops; its address is the (non-NULL) state they get. */
static unsigned char no_state;

/* libsodium's AES-GCM, BLAKE2b and Poly1305 states are over-aligned: allocate to alignment. */
static void *alloc_state(size_t align, size_t size)
{
  size_t rounded = (size + align - 1) / align * align; /* C11 aligned_alloc wants a multiple */
  void *p = aligned_alloc(align, rounded);
  if (p != NULL)
    memset(p, 0, rounded);
  return p;
}

#define NEW_STATE(type) ((type *)alloc_state(alignof(type), sizeof(type)))

static SmResult stateless_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  (void)params;
  (void)msg;
  (void)msg_len;
  *state = &no_state;
  return SM_OK;
}

/* ---- chacha20 (bare stream cipher) ---- */

enum { CHACHA_BLOCK = 64 };

typedef struct {
  unsigned char key[crypto_stream_chacha20_ietf_KEYBYTES];
  unsigned char nonce[crypto_stream_chacha20_ietf_NONCEBYTES];
  uint32_t counter;                      /* the next block to generate */
  unsigned char keystream[CHACHA_BLOCK]; /* the last generated block, for a call ending mid-block */
  size_t keystream_used;                 /* bytes of it consumed; CHACHA_BLOCK when none left */
} ChachaState;

/* OpenSSL's layout carries a 32-bit counter wrap into the first nonce word. */
static void chacha_advance(ChachaState *s, uint64_t blocks)
{
  uint64_t next = (uint64_t)s->counter + blocks;
  s->counter = (uint32_t)next;
  if (next >> 32)
    sm_store_le32(s->nonce, sm_load_le32(s->nonce) + 1);
}

static SmResult chacha20_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  if (params->key.len != crypto_stream_chacha20_ietf_KEYBYTES || params->iv.len != 16)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "chacha20 needs a 32-byte key and a 16-byte iv");
  ChachaState *s = NEW_STATE(ChachaState);
  if (s == NULL)
    return sm_out_of_memory(msg, msg_len);
  memcpy(s->key, params->key.data, sizeof s->key);
  s->counter = sm_load_le32(params->iv.data);
  memcpy(s->nonce, params->iv.data + 4, sizeof s->nonce);
  s->keystream_used = CHACHA_BLOCK;
  *state = s;
  return SM_OK;
}

static SmResult chacha20_xor(void *state, SmIo *io)
{
  ChachaState *s = state;
  const unsigned char *in = io->in;
  unsigned char *out = io->out;
  size_t len = io->in_len;
  if (io->out_len < len)
    return SM_FAILED;
  while (len > 0 && s->keystream_used < CHACHA_BLOCK) {
    *out++ = *in++ ^ s->keystream[s->keystream_used++];
    len--;
  }
  while (len >= CHACHA_BLOCK) {
    uint64_t blocks = len / CHACHA_BLOCK;
    uint64_t before_wrap = ((uint64_t)1 << 32) - s->counter;
    if (blocks > before_wrap) /* libsodium aborts on a counter overflow: stop at the wrap */
      blocks = before_wrap;
    size_t bytes = (size_t)blocks * CHACHA_BLOCK;
    crypto_stream_chacha20_ietf_xor_ic(out, in, bytes, s->nonce, s->counter, s->key);
    chacha_advance(s, blocks);
    in += bytes;
    out += bytes;
    len -= bytes;
  }
  if (len > 0) {
    memset(s->keystream, 0, sizeof s->keystream);
    crypto_stream_chacha20_ietf_xor_ic(s->keystream, s->keystream, CHACHA_BLOCK, s->nonce,
                                       s->counter, s->key);
    chacha_advance(s, 1);
    for (size_t i = 0; i < len; i++)
      out[i] = in[i] ^ s->keystream[i];
    s->keystream_used = len;
  }
  io->out_len = io->in_len;
  return SM_OK;
}

static const SmImpl chacha20_evp = {
    .setup = chacha20_setup,
    .op = {[SM_OP_ENCRYPT] = chacha20_xor, [SM_OP_DECRYPT] = chacha20_xor},
    .teardown = free,
};

/* ---- AEAD ---- */

enum { AEAD_KEY = 32, AEAD_TAG = 16 };

/* The IETF ChaCha20-Poly1305, XChaCha20-Poly1305 and AES-256-GCM calls share these shapes. */
typedef int (*AeadEncryptFn)(unsigned char *c, unsigned long long *clen_p, const unsigned char *m,
                             unsigned long long mlen, const unsigned char *ad,
                             unsigned long long adlen, const unsigned char *nsec,
                             const unsigned char *npub, const unsigned char *k);
typedef int (*AeadDecryptFn)(unsigned char *m, unsigned long long *mlen_p, unsigned char *nsec,
                             const unsigned char *c, unsigned long long clen,
                             const unsigned char *ad, unsigned long long adlen,
                             const unsigned char *npub, const unsigned char *k);
typedef int (*AeadEncryptDetachedFn)(unsigned char *c, unsigned char *mac,
                                     unsigned long long *maclen_p, const unsigned char *m,
                                     unsigned long long mlen, const unsigned char *ad,
                                     unsigned long long adlen, const unsigned char *nsec,
                                     const unsigned char *npub, const unsigned char *k);
typedef int (*AeadDecryptDetachedFn)(unsigned char *m, unsigned char *nsec, const unsigned char *c,
                                     unsigned long long clen, const unsigned char *mac,
                                     const unsigned char *ad, unsigned long long adlen,
                                     const unsigned char *npub, const unsigned char *k);

typedef struct {
  const char *name;
  size_t nonce_len;
  bool takes_aad;
  bool needs_aesni;
  AeadEncryptFn encrypt; /* NULL where the level's ops call something else */
  AeadDecryptFn decrypt;
  AeadEncryptDetachedFn encrypt_detached;
  AeadDecryptDetachedFn decrypt_detached;
} AeadSpec;

static const AeadSpec chacha20_poly1305_spec = {
    .name = "chacha20-poly1305",
    .nonce_len = crypto_aead_chacha20poly1305_ietf_NPUBBYTES,
    .takes_aad = true,
    .encrypt = crypto_aead_chacha20poly1305_ietf_encrypt,
    .decrypt = crypto_aead_chacha20poly1305_ietf_decrypt,
    .encrypt_detached = crypto_aead_chacha20poly1305_ietf_encrypt_detached,
    .decrypt_detached = crypto_aead_chacha20poly1305_ietf_decrypt_detached,
};

static const AeadSpec xchacha20_poly1305_spec = {
    .name = "xchacha20-poly1305",
    .nonce_len = crypto_aead_xchacha20poly1305_ietf_NPUBBYTES,
    .takes_aad = true,
    .encrypt = crypto_aead_xchacha20poly1305_ietf_encrypt,
    .decrypt = crypto_aead_xchacha20poly1305_ietf_decrypt,
    .encrypt_detached = crypto_aead_xchacha20poly1305_ietf_encrypt_detached,
    .decrypt_detached = crypto_aead_xchacha20poly1305_ietf_decrypt_detached,
};

static const AeadSpec aes_256_gcm_spec = {
    .name = "aes-256-gcm",
    .nonce_len = crypto_aead_aes256gcm_NPUBBYTES,
    .takes_aad = true,
    .needs_aesni = true,
    .encrypt = crypto_aead_aes256gcm_encrypt,
    .decrypt = crypto_aead_aes256gcm_decrypt,
};

static const AeadSpec xsalsa20_poly1305_spec = {
    .name = "xsalsa20-poly1305",
    .nonce_len = crypto_secretbox_NONCEBYTES,
    .takes_aad = false, /* NaCl secretbox has no associated data */
};

typedef struct {
  crypto_aead_aes256gcm_state gcm; /* low aes-256-gcm: the precomputed key schedule */
  const AeadSpec *spec;
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
  if (s != NULL)
    sm_aead_inputs_free(&s->in);
  free(s);
}

/* One setup for every AEAD row: the row (params->impl_data, ABI 1.1) is its AeadSpec. */
static SmResult aead_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const AeadSpec *spec = params->impl_data;
  if (spec->needs_aesni && !crypto_aead_aes256gcm_is_available())
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "%s", aes_gcm_probe());
  if (params->key.len != AEAD_KEY || params->iv.len != spec->nonce_len)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                  "libsodium's %s needs a %d-byte key and a %zu-byte nonce", spec->name, AEAD_KEY,
                  spec->nonce_len);
  if (params->tag_len != AEAD_TAG)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "libsodium's %s tag is %d bytes, not %zu",
                  spec->name, AEAD_TAG, params->tag_len);
  if (!spec->takes_aad && params->aad.len > 0)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "%s takes no associated data", spec->name);
  AeadState *s = NEW_STATE(AeadState);
  if (s == NULL)
    return sm_out_of_memory(msg, msg_len);
  s->spec = spec;
  memcpy(s->key, params->key.data, AEAD_KEY);
  SmResult result = sm_aead_inputs_copy(&s->in, params) ? SM_OK : sm_out_of_memory(msg, msg_len);
  return sm_setup_end(result, s, aead_teardown, state);
}

static SmResult aes_gcm_low_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  SmResult r = aead_setup(params, state, msg, msg_len);
  if (r != SM_OK)
    return r;
  AeadState *s = *state;
  crypto_aead_aes256gcm_beforenm(&s->gcm, s->key);
  return SM_OK;
}

static SmResult aead_encrypt(void *state, SmIo *io)
{
  AeadState *s = state;
  unsigned long long out_len = 0;
  if (!sm_aead_encrypt_fits(io, AEAD_TAG) ||
      s->spec->encrypt(io->out, &out_len, io->in, io->in_len, s->in.aad, s->in.aad_len, NULL,
                       s->in.nonce, s->key) != 0)
    return SM_FAILED;
  io->out_len = (size_t)out_len;
  return SM_OK;
}

static SmResult aead_decrypt(void *state, SmIo *io)
{
  AeadState *s = state;
  unsigned long long out_len = 0;
  if (!sm_aead_decrypt_fits(io, AEAD_TAG) ||
      s->spec->decrypt(io->out, &out_len, NULL, io->in, io->in_len, s->in.aad, s->in.aad_len,
                       s->in.nonce, s->key) != 0)
    return SM_FAILED;
  io->out_len = (size_t)out_len;
  return SM_OK;
}

/* The detached calls write the tag straight after the ciphertext: our layout, no copy. */
static SmResult aead_encrypt_detached(void *state, SmIo *io)
{
  AeadState *s = state;
  if (!sm_aead_encrypt_fits(io, AEAD_TAG) ||
      s->spec->encrypt_detached(io->out, io->out + io->in_len, NULL, io->in, io->in_len, s->in.aad,
                                s->in.aad_len, NULL, s->in.nonce, s->key) != 0)
    return SM_FAILED;
  io->out_len = io->in_len + AEAD_TAG;
  return SM_OK;
}

static SmResult aead_decrypt_detached(void *state, SmIo *io)
{
  AeadState *s = state;
  if (!sm_aead_decrypt_fits(io, AEAD_TAG))
    return SM_FAILED;
  size_t ct_len = io->in_len - AEAD_TAG;
  if (s->spec->decrypt_detached(io->out, NULL, io->in, ct_len, io->in + ct_len, s->in.aad,
                                s->in.aad_len, s->in.nonce, s->key) != 0)
    return SM_FAILED;
  io->out_len = ct_len;
  return SM_OK;
}

static SmResult aes_gcm_encrypt_afternm(void *state, SmIo *io)
{
  AeadState *s = state;
  unsigned long long out_len = 0;
  if (!sm_aead_encrypt_fits(io, AEAD_TAG) ||
      crypto_aead_aes256gcm_encrypt_afternm(io->out, &out_len, io->in, io->in_len, s->in.aad,
                                            s->in.aad_len, NULL, s->in.nonce, &s->gcm) != 0)
    return SM_FAILED;
  io->out_len = (size_t)out_len;
  return SM_OK;
}

static SmResult aes_gcm_decrypt_afternm(void *state, SmIo *io)
{
  AeadState *s = state;
  unsigned long long out_len = 0;
  if (!sm_aead_decrypt_fits(io, AEAD_TAG) ||
      crypto_aead_aes256gcm_decrypt_afternm(io->out, &out_len, NULL, io->in, io->in_len, s->in.aad,
                                            s->in.aad_len, s->in.nonce, &s->gcm) != 0)
    return SM_FAILED;
  io->out_len = (size_t)out_len;
  return SM_OK;
}

static SmResult secretbox_encrypt(void *state, SmIo *io)
{
  AeadState *s = state;
  if (!sm_aead_encrypt_fits(io, AEAD_TAG) ||
      crypto_secretbox_detached(io->out, io->out + io->in_len, io->in, io->in_len, s->in.nonce,
                                s->key) != 0)
    return SM_FAILED;
  io->out_len = io->in_len + AEAD_TAG;
  return SM_OK;
}

static SmResult secretbox_decrypt(void *state, SmIo *io)
{
  AeadState *s = state;
  if (!sm_aead_decrypt_fits(io, AEAD_TAG))
    return SM_FAILED;
  size_t ct_len = io->in_len - AEAD_TAG;
  if (crypto_secretbox_open_detached(io->out, io->in, io->in + ct_len, ct_len, s->in.nonce,
                                     s->key) != 0)
    return SM_FAILED;
  io->out_len = ct_len;
  return SM_OK;
}

static const SmImpl aes_gcm_evp = {
    .setup = aead_setup,
    .op = {[SM_OP_ENCRYPT] = aead_encrypt, [SM_OP_DECRYPT] = aead_decrypt},
    .teardown = aead_teardown,
    .probe = aes_gcm_probe,
    .data = &aes_256_gcm_spec,
};
static const SmImpl aes_gcm_low = {
    .setup = aes_gcm_low_setup,
    .op = {[SM_OP_ENCRYPT] = aes_gcm_encrypt_afternm, [SM_OP_DECRYPT] = aes_gcm_decrypt_afternm},
    .teardown = aead_teardown,
    .probe = aes_gcm_probe,
    .data = &aes_256_gcm_spec,
};
static const SmImpl chacha20_poly1305_evp = {
    .setup = aead_setup,
    .op = {[SM_OP_ENCRYPT] = aead_encrypt, [SM_OP_DECRYPT] = aead_decrypt},
    .teardown = aead_teardown,
    .data = &chacha20_poly1305_spec,
};
static const SmImpl chacha20_poly1305_low = {
    .setup = aead_setup,
    .op = {[SM_OP_ENCRYPT] = aead_encrypt_detached, [SM_OP_DECRYPT] = aead_decrypt_detached},
    .teardown = aead_teardown,
    .data = &chacha20_poly1305_spec,
};
static const SmImpl xchacha20_poly1305_evp = {
    .setup = aead_setup,
    .op = {[SM_OP_ENCRYPT] = aead_encrypt, [SM_OP_DECRYPT] = aead_decrypt},
    .teardown = aead_teardown,
    .data = &xchacha20_poly1305_spec,
};
static const SmImpl xchacha20_poly1305_low = {
    .setup = aead_setup,
    .op = {[SM_OP_ENCRYPT] = aead_encrypt_detached, [SM_OP_DECRYPT] = aead_decrypt_detached},
    .teardown = aead_teardown,
    .data = &xchacha20_poly1305_spec,
};
static const SmImpl xsalsa20_poly1305_evp = {
    .setup = aead_setup,
    .op = {[SM_OP_ENCRYPT] = secretbox_encrypt, [SM_OP_DECRYPT] = secretbox_decrypt},
    .teardown = aead_teardown,
    .data = &xsalsa20_poly1305_spec,
};

/* ---- digests: evp one-shot, low init/update/final on a fresh state per call ---- */

static SmResult sha256_oneshot(void *state, SmIo *io)
{
  (void)state;
  if (io->out_len < crypto_hash_sha256_BYTES)
    return SM_FAILED;
  crypto_hash_sha256(io->out, io->in, io->in_len);
  io->out_len = crypto_hash_sha256_BYTES;
  return SM_OK;
}

static SmResult sha256_stream(void *state, SmIo *io)
{
  (void)state;
  crypto_hash_sha256_state st;
  if (io->out_len < crypto_hash_sha256_BYTES)
    return SM_FAILED;
  crypto_hash_sha256_init(&st);
  crypto_hash_sha256_update(&st, io->in, io->in_len);
  crypto_hash_sha256_final(&st, io->out);
  io->out_len = crypto_hash_sha256_BYTES;
  return SM_OK;
}

static SmResult sha512_oneshot(void *state, SmIo *io)
{
  (void)state;
  if (io->out_len < crypto_hash_sha512_BYTES)
    return SM_FAILED;
  crypto_hash_sha512(io->out, io->in, io->in_len);
  io->out_len = crypto_hash_sha512_BYTES;
  return SM_OK;
}

static SmResult sha512_stream(void *state, SmIo *io)
{
  (void)state;
  crypto_hash_sha512_state st;
  if (io->out_len < crypto_hash_sha512_BYTES)
    return SM_FAILED;
  crypto_hash_sha512_init(&st);
  crypto_hash_sha512_update(&st, io->in, io->in_len);
  crypto_hash_sha512_final(&st, io->out);
  io->out_len = crypto_hash_sha512_BYTES;
  return SM_OK;
}

enum { BLAKE2B512_BYTES = 64 };

static SmResult blake2b512_oneshot(void *state, SmIo *io)
{
  (void)state;
  if (io->out_len < BLAKE2B512_BYTES ||
      crypto_generichash(io->out, BLAKE2B512_BYTES, io->in, io->in_len, NULL, 0) != 0)
    return SM_FAILED;
  io->out_len = BLAKE2B512_BYTES;
  return SM_OK;
}

static SmResult blake2b512_stream(void *state, SmIo *io)
{
  (void)state;
  crypto_generichash_state st;
  if (io->out_len < BLAKE2B512_BYTES ||
      crypto_generichash_init(&st, NULL, 0, BLAKE2B512_BYTES) != 0)
    return SM_FAILED;
  crypto_generichash_update(&st, io->in, io->in_len);
  if (crypto_generichash_final(&st, io->out, BLAKE2B512_BYTES) != 0)
    return SM_FAILED;
  io->out_len = BLAKE2B512_BYTES;
  return SM_OK;
}

static void no_teardown(void *state) { (void)state; }

static const SmImpl sha256_evp = {
    .setup = stateless_setup, .op = {[SM_OP_HASH] = sha256_oneshot}, .teardown = no_teardown};
static const SmImpl sha256_low = {
    .setup = stateless_setup, .op = {[SM_OP_HASH] = sha256_stream}, .teardown = no_teardown};
static const SmImpl sha512_evp = {
    .setup = stateless_setup, .op = {[SM_OP_HASH] = sha512_oneshot}, .teardown = no_teardown};
static const SmImpl sha512_low = {
    .setup = stateless_setup, .op = {[SM_OP_HASH] = sha512_stream}, .teardown = no_teardown};
static const SmImpl blake2b512_evp = {
    .setup = stateless_setup, .op = {[SM_OP_HASH] = blake2b512_oneshot}, .teardown = no_teardown};
static const SmImpl blake2b512_low = {
    .setup = stateless_setup, .op = {[SM_OP_HASH] = blake2b512_stream}, .teardown = no_teardown};

/* ---- MACs ---- */

enum { ONESHOT_KEY = 32 }; /* crypto_auth_hmacsha256/512 and crypto_onetimeauth keys */

/* crypto_auth_hmacsha256, crypto_auth_hmacsha512 and crypto_onetimeauth: the evp calls. */
typedef int OneShotMacFn(unsigned char *out, const unsigned char *in, unsigned long long inlen,
                         const unsigned char *k);

typedef struct {
  union {
    crypto_auth_hmacsha256_state hmacsha256;
    crypto_auth_hmacsha512_state hmacsha512;
    crypto_onetimeauth_state poly1305;
  } keyed;                        /* low: the state right after keying, copied per call */
  unsigned char key[ONESHOT_KEY]; /* evp: the one-shot calls take the key every call */
  OneShotMacFn *oneshot;          /* evp: the call, and its output's length */
  size_t mac_len;
} MacState;

typedef int (*HashFn)(unsigned char *out, const unsigned char *in, unsigned long long inlen);

typedef struct {
  const char *call;
  size_t block_len;  /* HMAC pads or hashes the key to this */
  size_t digest_len; /* what a key longer than the block is hashed to; also the MAC's length */
  HashFn hash;
  OneShotMacFn *oneshot;
} HmacSpec;

static const HmacSpec hmacsha256_spec = {"crypto_auth_hmacsha256", 64, crypto_hash_sha256_BYTES,
                                         crypto_hash_sha256, crypto_auth_hmacsha256};
static const HmacSpec hmacsha512_spec = {"crypto_auth_hmacsha512", 128, crypto_hash_sha512_BYTES,
                                         crypto_hash_sha512, crypto_auth_hmacsha512};

/* HMAC zero-pads a key shorter than the block and hashes a longer one, so such a key equals a
 * 32-byte one whenever that padded or hashed form fits in 32 bytes. */
static bool hmac_key_as_32(const HmacSpec *spec, SmBytes key, unsigned char out[ONESHOT_KEY])
{
  memset(out, 0, ONESHOT_KEY);
  if (key.len <= ONESHOT_KEY) {
    if (key.len > 0)
      memcpy(out, key.data, key.len);
    return true;
  }
  if (key.len > spec->block_len && spec->digest_len <= ONESHOT_KEY) {
    spec->hash(out, key.data, key.len);
    return true;
  }
  return false;
}

/* One setup for both one-shot HMAC rows: the row is the HmacSpec. */
static SmResult hmac_setup_evp(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const HmacSpec *spec = params->impl_data;
  MacState *s = NEW_STATE(MacState);
  if (s == NULL)
    return sm_out_of_memory(msg, msg_len);
  if (!hmac_key_as_32(spec, params->key, s->key)) {
    free(s);
    return sm_msg(
        SM_UNSUPPORTED, msg, msg_len,
        "%s takes a 32-byte key; a %zu-byte key has no 32-byte equivalent (low takes any)",
        spec->call, params->key.len);
  }
  s->oneshot = spec->oneshot;
  s->mac_len = spec->digest_len;
  *state = s;
  return SM_OK;
}

/* Code, not data: the two keyed states are different types with their own typed *_init. */
static SmResult hmacsha256_setup_low(const SmParams *params, void **state, char *msg,
                                     size_t msg_len)
{
  MacState *s = NEW_STATE(MacState);
  if (s == NULL)
    return sm_out_of_memory(msg, msg_len);
  crypto_auth_hmacsha256_init(&s->keyed.hmacsha256, sm_bytes_or_empty(params->key),
                              params->key.len);
  *state = s;
  return SM_OK;
}

static SmResult hmacsha512_setup_low(const SmParams *params, void **state, char *msg,
                                     size_t msg_len)
{
  MacState *s = NEW_STATE(MacState);
  if (s == NULL)
    return sm_out_of_memory(msg, msg_len);
  crypto_auth_hmacsha512_init(&s->keyed.hmacsha512, sm_bytes_or_empty(params->key),
                              params->key.len);
  *state = s;
  return SM_OK;
}

/* Both levels: evp keeps the key for the one-shot call, low keys a state once. */
static SmResult poly1305_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  if (params->key.len != crypto_onetimeauth_KEYBYTES)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "poly1305 needs a 32-byte one-time key");
  MacState *s = NEW_STATE(MacState);
  if (s == NULL)
    return sm_out_of_memory(msg, msg_len);
  memcpy(s->key, params->key.data, ONESHOT_KEY);
  crypto_onetimeauth_init(&s->keyed.poly1305, s->key);
  s->oneshot = crypto_onetimeauth;
  s->mac_len = crypto_onetimeauth_BYTES;
  *state = s;
  return SM_OK;
}

/* evp: the one-shot call, which takes the key every time. */
static SmResult mac_oneshot(void *state, SmIo *io)
{
  MacState *s = state;
  if (io->out_len < s->mac_len || s->oneshot(io->out, io->in, io->in_len, s->key) != 0)
    return SM_FAILED;
  return sm_output(io, s->mac_len);
}

static SmResult hmacsha256_stream(void *state, SmIo *io)
{
  MacState *s = state;
  if (io->out_len < crypto_auth_hmacsha256_BYTES)
    return SM_FAILED;
  crypto_auth_hmacsha256_state st = s->keyed.hmacsha256;
  crypto_auth_hmacsha256_update(&st, io->in, io->in_len);
  crypto_auth_hmacsha256_final(&st, io->out);
  io->out_len = crypto_auth_hmacsha256_BYTES;
  return SM_OK;
}

static SmResult hmacsha512_stream(void *state, SmIo *io)
{
  MacState *s = state;
  if (io->out_len < crypto_auth_hmacsha512_BYTES)
    return SM_FAILED;
  crypto_auth_hmacsha512_state st = s->keyed.hmacsha512;
  crypto_auth_hmacsha512_update(&st, io->in, io->in_len);
  crypto_auth_hmacsha512_final(&st, io->out);
  io->out_len = crypto_auth_hmacsha512_BYTES;
  return SM_OK;
}

static SmResult poly1305_stream(void *state, SmIo *io)
{
  MacState *s = state;
  if (io->out_len < crypto_onetimeauth_BYTES)
    return SM_FAILED;
  crypto_onetimeauth_state st = s->keyed.poly1305;
  crypto_onetimeauth_update(&st, io->in, io->in_len);
  crypto_onetimeauth_final(&st, io->out);
  io->out_len = crypto_onetimeauth_BYTES;
  return SM_OK;
}

static const SmImpl hmacsha256_evp = {.setup = hmac_setup_evp,
                                      .op = {[SM_OP_MAC] = mac_oneshot},
                                      .teardown = free,
                                      .data = &hmacsha256_spec};
static const SmImpl hmacsha256_low = {
    .setup = hmacsha256_setup_low, .op = {[SM_OP_MAC] = hmacsha256_stream}, .teardown = free};
static const SmImpl hmacsha512_evp = {.setup = hmac_setup_evp,
                                      .op = {[SM_OP_MAC] = mac_oneshot},
                                      .teardown = free,
                                      .data = &hmacsha512_spec};
static const SmImpl hmacsha512_low = {
    .setup = hmacsha512_setup_low, .op = {[SM_OP_MAC] = hmacsha512_stream}, .teardown = free};
static const SmImpl poly1305_evp = {
    .setup = poly1305_setup, .op = {[SM_OP_MAC] = mac_oneshot}, .teardown = free};
static const SmImpl poly1305_low = {
    .setup = poly1305_setup, .op = {[SM_OP_MAC] = poly1305_stream}, .teardown = free};

/* ---- ed25519 ---- */

typedef struct {
  unsigned char pk[crypto_sign_PUBLICKEYBYTES];
  unsigned char sk[crypto_sign_SECRETKEYBYTES]; /* libsodium's form: seed || public key */
  bool has_sk;
  size_t max_len;
  unsigned char *signed_msg; /* evp: crypto_sign's signature||message, max_len + 64 bytes */
  unsigned char *opened;     /* evp: crypto_sign_open's message output, max_len bytes */
  unsigned char seed[crypto_sign_SEEDBYTES]; /* keygen: the RFC 8032 secret key */
} SignState;

static void sign_teardown(void *state)
{
  SignState *s = state;
  if (s != NULL) {
    sodium_memzero(s->sk, sizeof s->sk);
    sodium_memzero(s->seed, sizeof s->seed);
    free(s->signed_msg);
    free(s->opened);
  }
  free(s);
}

/* A row of the ed25519 table: whether the level uses the combined crypto_sign (evp), which needs
 * buffers for signature||message, or the detached calls (low). */
typedef struct {
  bool combined;
} SignRow;

/* keygen: the seed is key_seed; the key pair (libsodium's sk = seed || pk) is the work. */
static SmResult ed25519_keygen_setup(const SmParams *params, void **state, char *msg,
                                     size_t msg_len)
{
  if (params->key_seed.len != crypto_sign_SEEDBYTES)
    return sm_msg(SM_FAILED, msg, msg_len, "ed25519 keygen needs a 32-byte seed");
  SignState *s = calloc(1, sizeof *s);
  if (s == NULL)
    return sm_out_of_memory(msg, msg_len);
  memcpy(s->seed, params->key_seed.data, sizeof s->seed);
  *state = s;
  return SM_OK;
}

static SmResult ed25519_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  bool combined = ((const SignRow *)params->impl_data)->combined;
  if (params->op == SM_OP_KEYGEN)
    return ed25519_keygen_setup(params, state, msg, msg_len);
  if ((params->priv.len != 0 && params->priv.len != crypto_sign_SEEDBYTES) ||
      (params->pub.len != 0 && params->pub.len != crypto_sign_PUBLICKEYBYTES))
    return sm_msg(SM_FAILED, msg, msg_len, "ed25519 needs a 32-byte seed and/or a 32-byte key");
  if (params->priv.len == 0 && (params->pub.len == 0 || params->op == SM_OP_SIGN))
    return sm_msg(SM_FAILED, msg, msg_len, "ed25519: no seed to sign with or key to verify with");
  SignState *s = calloc(1, sizeof *s);
  if (s == NULL)
    return sm_out_of_memory(msg, msg_len);
  if (params->priv.len != 0) {
    crypto_sign_seed_keypair(s->pk, s->sk, params->priv.data);
    s->has_sk = true;
    if (params->pub.len != 0 && memcmp(s->pk, params->pub.data, sizeof s->pk) != 0) {
      sign_teardown(s);
      return sm_msg(SM_FAILED, msg, msg_len, "ed25519: the public key does not match the seed");
    }
  } else {
    memcpy(s->pk, params->pub.data, sizeof s->pk);
  }
  s->max_len = params->max_len;
  if (combined) {
    s->signed_msg = malloc(params->max_len + crypto_sign_BYTES);
    s->opened = malloc(params->max_len + 1); /* + 1: never malloc(0) */
    if (s->signed_msg == NULL || s->opened == NULL) {
      sign_teardown(s);
      return sm_out_of_memory(msg, msg_len);
    }
  }
  *state = s;
  return SM_OK;
}

static SmResult ed25519_sign_combined(void *state, SmIo *io)
{
  SignState *s = state;
  unsigned long long signed_len = 0;
  if (!s->has_sk || io->in_len > s->max_len || io->out_len < crypto_sign_BYTES ||
      crypto_sign(s->signed_msg, &signed_len, io->in, io->in_len, s->sk) != 0)
    return SM_FAILED;
  memcpy(io->out, s->signed_msg, crypto_sign_BYTES);
  io->out_len = crypto_sign_BYTES;
  return SM_OK;
}

static SmResult ed25519_verify_combined(void *state, SmIo *io)
{
  SignState *s = state;
  unsigned long long opened_len = 0;
  if (io->aux_len != crypto_sign_BYTES || io->in_len > s->max_len)
    return SM_FAILED;
  memcpy(s->signed_msg, io->aux, crypto_sign_BYTES);
  if (io->in_len > 0)
    memcpy(s->signed_msg + crypto_sign_BYTES, io->in, io->in_len);
  if (crypto_sign_open(s->opened, &opened_len, s->signed_msg, io->in_len + crypto_sign_BYTES,
                       s->pk) != 0)
    return SM_FAILED;
  io->out_len = 0;
  return SM_OK;
}

static SmResult ed25519_sign_detached(void *state, SmIo *io)
{
  SignState *s = state;
  if (!s->has_sk || io->out_len < crypto_sign_BYTES ||
      crypto_sign_detached(io->out, NULL, io->in, io->in_len, s->sk) != 0)
    return SM_FAILED;
  io->out_len = crypto_sign_BYTES;
  return SM_OK;
}

/* evp: the generic crypto_sign_seed_keypair; low: the primitive's own
 * crypto_sign_ed25519_seed_keypair. out = the public key. */
static SmResult ed25519_keygen_generic(void *state, SmIo *io)
{
  SignState *s = state;
  if (io->out_len < crypto_sign_PUBLICKEYBYTES ||
      crypto_sign_seed_keypair(io->out, s->sk, s->seed) != 0)
    return SM_FAILED;
  io->out_len = crypto_sign_PUBLICKEYBYTES;
  return SM_OK;
}

static SmResult ed25519_keygen_primitive(void *state, SmIo *io)
{
  SignState *s = state;
  if (io->out_len < crypto_sign_ed25519_PUBLICKEYBYTES ||
      crypto_sign_ed25519_seed_keypair(io->out, s->sk, s->seed) != 0)
    return SM_FAILED;
  io->out_len = crypto_sign_ed25519_PUBLICKEYBYTES;
  return SM_OK;
}

static SmResult ed25519_verify_detached(void *state, SmIo *io)
{
  SignState *s = state;
  if (io->aux_len != crypto_sign_BYTES ||
      crypto_sign_verify_detached(io->aux, io->in, io->in_len, s->pk) != 0)
    return SM_FAILED;
  io->out_len = 0;
  return SM_OK;
}

static const SmImpl ed25519_evp = SM_IMPL_SIGNATURE_KEYGEN(
    ed25519_setup, sign_teardown, &(const SignRow){.combined = true}, ed25519_sign_combined,
    ed25519_verify_combined, ed25519_keygen_generic);
static const SmImpl ed25519_low = SM_IMPL_SIGNATURE_KEYGEN(
    ed25519_setup, sign_teardown, &(const SignRow){.combined = false}, ed25519_sign_detached,
    ed25519_verify_detached, ed25519_keygen_primitive);

/* ---- x25519 ---- */

typedef struct {
  unsigned char priv[crypto_scalarmult_SCALARBYTES];
  unsigned char peer_pub[crypto_scalarmult_BYTES];
} KexState;

static void kex_teardown(void *state)
{
  if (state != NULL)
    sodium_memzero(state, sizeof(KexState));
  free(state);
}

static SmResult x25519_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  if (params->op == SM_OP_KEYGEN) { /* keygen: the scalar is key_seed, no peer */
    if (params->key_seed.len != crypto_scalarmult_SCALARBYTES)
      return sm_msg(SM_FAILED, msg, msg_len, "x25519 keygen needs a 32-byte scalar");
    KexState *s = calloc(1, sizeof *s);
    if (s == NULL)
      return sm_out_of_memory(msg, msg_len);
    memcpy(s->priv, params->key_seed.data, sizeof s->priv);
    *state = s;
    return SM_OK;
  }
  if (params->priv.len != crypto_scalarmult_SCALARBYTES ||
      (params->peer_pub.len != crypto_scalarmult_BYTES &&
       !(params->peer_pub.len == 0 && params->peer_priv.len == crypto_scalarmult_SCALARBYTES)))
    return sm_msg(SM_FAILED, msg, msg_len,
                  "x25519 needs a 32-byte scalar and a 32-byte peer public or private value");
  KexState *s = calloc(1, sizeof *s);
  if (s == NULL)
    return sm_out_of_memory(msg, msg_len);
  memcpy(s->priv, params->priv.data, sizeof s->priv);
  if (params->peer_pub.len != 0)
    memcpy(s->peer_pub, params->peer_pub.data, sizeof s->peer_pub);
  else if (crypto_scalarmult_base(s->peer_pub, params->peer_priv.data) != 0) {
    kex_teardown(s);
    return sm_msg(SM_FAILED, msg, msg_len, "crypto_scalarmult_base refused the peer's scalar");
  }
  *state = s;
  return SM_OK;
}

/* crypto_scalarmult refuses an all-zero result (a low-order peer point), as RFC 7748 allows. */
static SmResult x25519_derive(void *state, SmIo *io)
{
  KexState *s = state;
  if (io->out_len < crypto_scalarmult_BYTES ||
      crypto_scalarmult(io->out, s->priv, s->peer_pub) != 0)
    return SM_FAILED;
  io->out_len = crypto_scalarmult_BYTES;
  return SM_OK;
}

/* keygen: the public value X25519(priv, 9). */
static SmResult x25519_keygen(void *state, SmIo *io)
{
  KexState *s = state;
  if (io->out_len < crypto_scalarmult_BYTES || crypto_scalarmult_base(io->out, s->priv) != 0)
    return SM_FAILED;
  io->out_len = crypto_scalarmult_BYTES;
  return SM_OK;
}

static const SmImpl x25519_evp =
    SM_IMPL_KEX_KEYGEN(x25519_setup, kex_teardown, NULL, x25519_derive, x25519_keygen);

/* ---- the table ---- */

#define NO_CCM "libsodium has no AES-CCM (its only AES is AES-256-GCM)"

static const SmAlgorithm algorithms[] = {
    SM_ROW_EVP_ONLY("chacha20", SM_KIND_CIPHER, &chacha20_evp,
                    "libsodium's chacha20 is the one stateless crypto_stream_chacha20_ietf_xor_ic "
                    "call (the evp row); it has no state API"),
    SM_ROW_BOTH("aes-256-gcm", SM_KIND_AEAD, &aes_gcm_evp, &aes_gcm_low),
    SM_ROW_NONE("aes-128-ccm", SM_KIND_AEAD, NO_CCM),
    SM_ROW_NONE("aes-256-ccm", SM_KIND_AEAD, NO_CCM),
    SM_ROW_BOTH("chacha20-poly1305", SM_KIND_AEAD, &chacha20_poly1305_evp, &chacha20_poly1305_low),
    SM_ROW_BOTH("xchacha20-poly1305", SM_KIND_AEAD, &xchacha20_poly1305_evp,
                &xchacha20_poly1305_low),
    SM_ROW_EVP_ONLY("xsalsa20-poly1305", SM_KIND_AEAD, &xsalsa20_poly1305_evp,
                    "secretbox has only easy (tag first) and detached (the evp row: our "
                    "ciphertext||tag layout); no precomputed or state API"),
    SM_ROW_BOTH("sha256", SM_KIND_DIGEST, &sha256_evp, &sha256_low),
    SM_ROW_BOTH("sha512", SM_KIND_DIGEST, &sha512_evp, &sha512_low),
    SM_ROW_BOTH("blake2b512", SM_KIND_DIGEST, &blake2b512_evp, &blake2b512_low),
    SM_ROW_BOTH("hmac-sha256", SM_KIND_MAC, &hmacsha256_evp, &hmacsha256_low),
    SM_ROW_BOTH("hmac-sha512", SM_KIND_MAC, &hmacsha512_evp, &hmacsha512_low),
    SM_ROW_BOTH("poly1305", SM_KIND_MAC, &poly1305_evp, &poly1305_low),
    SM_ROW_BOTH("ed25519", SM_KIND_SIGNATURE, &ed25519_evp, &ed25519_low),
    SM_ROW_EVP_ONLY("x25519", SM_KIND_KEX, &x25519_evp,
                    "crypto_scalarmult (the evp row) is already the bare X25519 function; "
                    "libsodium has no precomputed form"),
    SM_ROW_END,
};

/* ---- engine ---- */

static const char *lib_version(void) { return sodium_version_string(); }

typedef int (*CpuFeatureFn)(void);

/* What libsodium's run-time dispatch sees, reported on init. */
static const struct {
  const char *name;
  CpuFeatureFn has;
} cpu_features[] = {
    {"neon", sodium_runtime_has_neon},     {"sse2", sodium_runtime_has_sse2},
    {"sse3", sodium_runtime_has_sse3},     {"ssse3", sodium_runtime_has_ssse3},
    {"sse4.1", sodium_runtime_has_sse41},  {"avx", sodium_runtime_has_avx},
    {"avx2", sodium_runtime_has_avx2},     {"avx512f", sodium_runtime_has_avx512f},
    {"pclmul", sodium_runtime_has_pclmul}, {"aesni", sodium_runtime_has_aesni},
};

static SmResult engine_init(const SmEngineConfig *config, char *msg, size_t msg_len)
{
  if (sodium_init() < 0) /* 1 means already initialised: fine */
    return sm_msg(SM_FAILED, msg, msg_len, "sodium_init failed");
  if (config != NULL && config->accel == SM_ACCEL_OFF)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                  "libsodium has no switch to disable its run-time CPU dispatch");
  char features[128] = "";
  size_t used = 0;
  for (size_t i = 0; i < sizeof cpu_features / sizeof cpu_features[0]; i++)
    if (cpu_features[i].has() && used < sizeof features)
      used +=
          (size_t)snprintf(features + used, sizeof features - used, " %s", cpu_features[i].name);
  return sm_msg(SM_OK, msg, msg_len, "libsodium dispatches on:%s", used ? features : " none");
}

SM_ENGINE_DESCRIPTOR(
    engine, "sodium", "libsodium", lib_version, engine_init, NULL, NULL,
    "combined high-level calls (crypto_aead_*_encrypt, crypto_secretbox_detached, "
    "crypto_hash_*, crypto_generichash, crypto_auth_*, crypto_onetimeauth, "
    "crypto_sign, crypto_scalarmult)",
    "precomputed, detached or state APIs (crypto_aead_aes256gcm_beforenm/_afternm, "
    "*_init/update/final, crypto_sign_detached)",
    algorithms);

SM_DEFINE_ENTRY(engine)

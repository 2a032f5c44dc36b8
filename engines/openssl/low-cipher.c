/* OpenSSL engine, non-EVP: block and stream ciphers, AES-GCM and AES-CCM. */

/* The non-EVP functions this file measures were deprecated in OpenSSL 3.0: benchmarking them is
 * the point, so their declarations stay warning-free here, and in no EVP file. */
#define OPENSSL_SUPPRESS_DEPRECATED

#include "openssl-engine.h"

/* ------------------------------------------------------------------------------------------ */
/* low: block and stream ciphers (AES_*, Camellia_*, DES_*, BF_*, CAST_*, RC2_*, RC4)          */

typedef struct LowCipherState LowCipherState;
typedef bool (*LowScheduleFn)(LowCipherState *st, SmBytes key);
typedef void (*LowCryptFn)(LowCipherState *st, const uint8_t *in, uint8_t *out, size_t len);

typedef struct {
  size_t key_len; /* 0: any length the cipher takes */
  size_t iv_len;
  size_t unit; /* inputs must be a multiple of this */
  LowScheduleFn schedule;
  LowCryptFn crypt;
} LowCipherDesc;

struct LowCipherState {
  const LowCipherDesc *desc;
  int enc; /* 1 encrypt, 0 decrypt: the value of every *_ENCRYPT / *_DECRYPT constant */
  uint8_t iv[16];
  uint8_t ecount[16]; /* CTR: the current keystream block */
  unsigned int num;   /* CTR: bytes of it already used */
  union {
    AES_KEY aes;
#ifndef OPENSSL_NO_CAMELLIA
    CAMELLIA_KEY camellia;
#endif
#ifndef OPENSSL_NO_DES
    DES_key_schedule des[3];
#endif
#ifndef OPENSSL_NO_BF
    BF_KEY bf;
#endif
#ifndef OPENSSL_NO_CAST
    CAST_KEY cast;
#endif
#ifndef OPENSSL_NO_IDEA
    IDEA_KEY_SCHEDULE idea;
#endif
#ifndef OPENSSL_NO_RC2
    RC2_KEY rc2;
#endif
#ifndef OPENSSL_NO_RC4
    RC4_KEY rc4;
#endif
  } ks;
};

static void low_cipher_teardown(void *state)
{
  OPENSSL_cleanse(state, sizeof(LowCipherState));
  free(state);
}

static SmResult low_cipher_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  const LowCipherDesc *desc = params->impl_data;
  if ((desc->key_len != 0 && params->key.len != desc->key_len) || params->key.len == 0 ||
      params->key.len > INT_MAX / 8)
    return sm_msg(SM_FAILED, msg, msg_len, "unsupported key length %zu", params->key.len);
  if (params->iv.len != desc->iv_len)
    return sm_msg(SM_FAILED, msg, msg_len, "IV must be %zu bytes, got %zu", desc->iv_len,
                  params->iv.len);
  LowCipherState *st = state;
  st->desc = desc;
  st->enc = params->op == SM_OP_ENCRYPT;
  if (desc->iv_len > 0)
    memcpy(st->iv, params->iv.data, desc->iv_len);
  if (!desc->schedule(st, params->key))
    return sm_msg(SM_FAILED, msg, msg_len, "key schedule refused the key");
  return SM_OK;
}

SM_DEFINE_SETUP(low_cipher_setup, LowCipherState, low_cipher_fill, low_cipher_teardown)

static SmResult low_cipher_op(void *state, SmIo *io)
{
  LowCipherState *st = state;
  if (io->out_len < io->in_len || io->in_len % st->desc->unit != 0)
    return SM_FAILED;
  st->desc->crypt(st, io->in, io->out, io->in_len);
  return sm_output(io, io->in_len);
}

/* AES_encrypt and AES_set_*_key are OpenSSL's table-based code: AES-NI is reached only through
 * EVP (aesni_* behind the provider), whatever the CPU has. */
#define LOW_AES_IMPL "AES_encrypt (tables, no AES-NI)"

static bool aes_schedule(LowCipherState *st, SmBytes key);
static bool aes_encrypt_schedule(LowCipherState *st, SmBytes key);

static const char *low_cipher_impl_name(const SmParams *params, void *state)
{
  (void)state;
  const LowCipherDesc *desc = params->impl_data;
  bool aes = desc->schedule == aes_schedule || desc->schedule == aes_encrypt_schedule;
  return aes ? LOW_AES_IMPL : NULL;
}

/* CRYPTO_gcm128_init picks its GHASH from the capability vector: carry-less multiply where it
 * is on (x86's PCLMULQDQ, word 0 bit 33; Arm's PMULL, bit 5), tables otherwise. */
#if defined(__x86_64__) || defined(__i386__)
#define GHASH_BIT 33
#define GHASH_FEATURE "PCLMULQDQ"
#elif defined(__aarch64__) || defined(__arm__)
#define GHASH_BIT 5
#define GHASH_FEATURE "PMULL"
#endif

static const char *low_gcm_impl_name(const SmParams *params, void *state)
{
  (void)params;
  (void)state;
#ifdef GHASH_BIT
  return (cap_word(0) & (UINT64_C(1) << GHASH_BIT)) != 0 ? LOW_AES_IMPL " + GHASH " GHASH_FEATURE
                                                         : LOW_AES_IMPL " + GHASH tables";
#else
  return LOW_AES_IMPL " + GHASH (this architecture's vector is not read)";
#endif
}

static const char *low_aes_impl_name(const SmParams *params, void *state)
{
  (void)params;
  (void)state;
  return LOW_AES_IMPL;
}

#define LOW_CIPHER_IMPL(...)                                                                       \
  {                                                                                                \
    .setup = low_cipher_setup,                                                                     \
    .op = {[SM_OP_ENCRYPT] = low_cipher_op, [SM_OP_DECRYPT] = low_cipher_op},                      \
    .teardown = low_cipher_teardown, .data = (&(const LowCipherDesc){__VA_ARGS__}),                \
    .impl_name = low_cipher_impl_name                                                              \
  }

/* AES_encrypt with the exact block128_f signature the mode functions call. */
static void aes_block(const unsigned char in[16], unsigned char out[16], const void *key)
{
  AES_encrypt(in, out, key);
}

static bool aes_schedule(LowCipherState *st, SmBytes key)
{
  int bits = (int)key.len * 8;
  return (st->enc ? AES_set_encrypt_key(key.data, bits, &st->ks.aes)
                  : AES_set_decrypt_key(key.data, bits, &st->ks.aes)) == 0;
}

/* CTR (and GCM) only ever run the forward cipher. */
static bool aes_encrypt_schedule(LowCipherState *st, SmBytes key)
{
  return AES_set_encrypt_key(key.data, (int)key.len * 8, &st->ks.aes) == 0;
}

static void aes_cbc(LowCipherState *st, const uint8_t *in, uint8_t *out, size_t len)
{
  AES_cbc_encrypt(in, out, len, &st->ks.aes, st->iv, st->enc);
}

static void aes_ctr(LowCipherState *st, const uint8_t *in, uint8_t *out, size_t len)
{
  CRYPTO_ctr128_encrypt(in, out, len, &st->ks.aes, st->iv, st->ecount, &st->num, aes_block);
}

const SmImpl aes_128_cbc_low = LOW_CIPHER_IMPL(16, 16, 16, aes_schedule, aes_cbc);
const SmImpl aes_192_cbc_low = LOW_CIPHER_IMPL(24, 16, 16, aes_schedule, aes_cbc);
const SmImpl aes_256_cbc_low = LOW_CIPHER_IMPL(32, 16, 16, aes_schedule, aes_cbc);
const SmImpl aes_128_ctr_low = LOW_CIPHER_IMPL(16, 16, 1, aes_encrypt_schedule, aes_ctr);
const SmImpl aes_192_ctr_low = LOW_CIPHER_IMPL(24, 16, 1, aes_encrypt_schedule, aes_ctr);
const SmImpl aes_256_ctr_low = LOW_CIPHER_IMPL(32, 16, 1, aes_encrypt_schedule, aes_ctr);

#ifndef OPENSSL_NO_CAMELLIA
static bool camellia_schedule(LowCipherState *st, SmBytes key)
{
  return Camellia_set_key(key.data, (int)key.len * 8, &st->ks.camellia) == 0;
}

static void camellia_cbc(LowCipherState *st, const uint8_t *in, uint8_t *out, size_t len)
{
  Camellia_cbc_encrypt(in, out, len, &st->ks.camellia, st->iv, st->enc);
}

const SmImpl camellia_128_cbc_low = LOW_CIPHER_IMPL(16, 16, 16, camellia_schedule, camellia_cbc);
#endif

#ifndef OPENSSL_NO_DES
/* Schedules key.len / 8 DES keys (1 or 3), parity unchecked as EVP does. */
static bool des_schedule(LowCipherState *st, SmBytes key)
{
  for (size_t i = 0; i < key.len / 8; i++) {
    DES_cblock block;
    memcpy(block, key.data + 8 * i, 8);
    DES_set_key_unchecked(&block, &st->ks.des[i]);
  }
  return true;
}

static void des_cbc(LowCipherState *st, const uint8_t *in, uint8_t *out, size_t len)
{
  DES_ncbc_encrypt(in, out, (long)len, &st->ks.des[0], (DES_cblock *)st->iv, st->enc);
}

static void des_ede3_cbc(LowCipherState *st, const uint8_t *in, uint8_t *out, size_t len)
{
  DES_ede3_cbc_encrypt(in, out, (long)len, &st->ks.des[0], &st->ks.des[1], &st->ks.des[2],
                       (DES_cblock *)st->iv, st->enc);
}

const SmImpl des_cbc_low = LOW_CIPHER_IMPL(8, 8, 8, des_schedule, des_cbc);
const SmImpl des_ede3_cbc_low = LOW_CIPHER_IMPL(24, 8, 8, des_schedule, des_ede3_cbc);
#endif

/* Blowfish and CAST: X_set_key(schedule, length, bytes), one schedule for both directions, and
 * X_cbc_encrypt; written once for both. */
#define VARIABLE_KEY_CBC(name, NAME)                                                               \
  static bool name##_schedule(LowCipherState *st, SmBytes key)                                     \
  {                                                                                                \
    NAME##_set_key(&st->ks.name, (int)key.len, key.data);                                          \
    return true;                                                                                   \
  }                                                                                                \
                                                                                                   \
  static void name##_cbc(LowCipherState *st, const uint8_t *in, uint8_t *out, size_t len)          \
  {                                                                                                \
    NAME##_cbc_encrypt(in, out, (long)len, &st->ks.name, st->iv, st->enc);                         \
  }

#ifndef OPENSSL_NO_BF
VARIABLE_KEY_CBC(bf, BF)
const SmImpl bf_cbc_low = LOW_CIPHER_IMPL(0, 8, 8, bf_schedule, bf_cbc);
#endif

#ifndef OPENSSL_NO_CAST
VARIABLE_KEY_CBC(cast, CAST)
const SmImpl cast5_cbc_low = LOW_CIPHER_IMPL(0, 8, 8, cast_schedule, cast_cbc);
#endif

#ifndef OPENSSL_NO_IDEA
static bool idea_schedule(LowCipherState *st, SmBytes key)
{
  IDEA_KEY_SCHEDULE enc_ks;
  IDEA_set_encrypt_key(key.data, st->enc ? &st->ks.idea : &enc_ks);
  if (!st->enc)
    IDEA_set_decrypt_key(&enc_ks, &st->ks.idea);
  return true;
}

static void idea_cbc(LowCipherState *st, const uint8_t *in, uint8_t *out, size_t len)
{
  IDEA_cbc_encrypt(in, out, (long)len, &st->ks.idea, st->iv, st->enc);
}

const SmImpl idea_cbc_low = LOW_CIPHER_IMPL(16, 8, 8, idea_schedule, idea_cbc);
#endif

#ifndef OPENSSL_NO_RC2
/* 128 effective key bits: EVP's RC2-CBC default. */
static bool rc2_schedule(LowCipherState *st, SmBytes key)
{
  RC2_set_key(&st->ks.rc2, (int)key.len, key.data, 128);
  return true;
}

static void rc2_cbc(LowCipherState *st, const uint8_t *in, uint8_t *out, size_t len)
{
  RC2_cbc_encrypt(in, out, (long)len, &st->ks.rc2, st->iv, st->enc);
}

const SmImpl rc2_cbc_low = LOW_CIPHER_IMPL(0, 8, 8, rc2_schedule, rc2_cbc);
#endif

#ifndef OPENSSL_NO_RC4
static bool rc4_schedule(LowCipherState *st, SmBytes key)
{
  RC4_set_key(&st->ks.rc4, (int)key.len, key.data);
  return true;
}

static void rc4_stream(LowCipherState *st, const uint8_t *in, uint8_t *out, size_t len)
{
  RC4(&st->ks.rc4, len, in, out);
}

const SmImpl rc4_low = LOW_CIPHER_IMPL(0, 0, 1, rc4_schedule, rc4_stream);
#endif

/* ------------------------------------------------------------------------------------------ */
/* low: what AES-GCM and AES-CCM keep alike: the AES key schedule (their mode contexts point at
 * it) and the message's nonce, AAD and tag length (engine-util.h's SmAeadInputs). */

/* False when a copy or the key schedule fails. */
static bool low_aes_message_init(AES_KEY *key, SmAeadInputs *m, const SmParams *params)
{
  return sm_aead_inputs_copy(m, params) &&
         AES_set_encrypt_key(params->key.data, (int)params->key.len * 8, key) == 0;
}

static bool low_aes_key_ok(SmBytes key) { return key.len == 16 || key.len == 24 || key.len == 32; }

/* ------------------------------------------------------------------------------------------ */
/* low: AES-GCM (CRYPTO_gcm128_* over AES_encrypt; the AES-NI ctr32 stream is not public)     */

typedef struct {
  AES_KEY key;
  SmAeadInputs m;
  GCM128_CONTEXT *gcm;
} LowGcmState;

static void low_gcm_teardown(void *state)
{
  LowGcmState *st = state;
  if (st->gcm != NULL)
    CRYPTO_gcm128_release(st->gcm);
  sm_aead_inputs_free(&st->m);
  OPENSSL_cleanse(st, sizeof *st);
  free(st);
}

static SmResult low_gcm_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  if (!low_aes_key_ok(params->key))
    return sm_msg(SM_FAILED, msg, msg_len, "unsupported key length %zu", params->key.len);
  if (params->tag_len == 0 || params->tag_len > 16 || params->iv.len == 0)
    return sm_msg(SM_FAILED, msg, msg_len, "tag length %zu / IV length %zu unsupported",
                  params->tag_len, params->iv.len);
  LowGcmState *st = state;
  if (!low_aes_message_init(&st->key, &st->m, params) ||
      (st->gcm = CRYPTO_gcm128_new(&st->key, aes_block)) == NULL)
    return sm_msg(SM_FAILED, msg, msg_len, "AES-GCM setup failed");
  return SM_OK;
}

SM_DEFINE_SETUP(low_gcm_setup, LowGcmState, low_gcm_fill, low_gcm_teardown)

static SmResult low_gcm_encrypt(void *state, SmIo *io)
{
  LowGcmState *st = state;
  if (!sm_aead_encrypt_fits(io, st->m.tag_len))
    return SM_FAILED;
  CRYPTO_gcm128_setiv(st->gcm, st->m.nonce, st->m.nonce_len);
  if ((st->m.aad_len > 0 && CRYPTO_gcm128_aad(st->gcm, st->m.aad, st->m.aad_len) != 0) ||
      CRYPTO_gcm128_encrypt(st->gcm, io->in, io->out, io->in_len) != 0)
    return SM_FAILED;
  CRYPTO_gcm128_tag(st->gcm, io->out + io->in_len, st->m.tag_len);
  return sm_output(io, io->in_len + st->m.tag_len);
}

static SmResult low_gcm_decrypt(void *state, SmIo *io)
{
  LowGcmState *st = state;
  if (!sm_aead_decrypt_fits(io, st->m.tag_len))
    return SM_FAILED;
  size_t ct_len = io->in_len - st->m.tag_len;
  CRYPTO_gcm128_setiv(st->gcm, st->m.nonce, st->m.nonce_len);
  if ((st->m.aad_len > 0 && CRYPTO_gcm128_aad(st->gcm, st->m.aad, st->m.aad_len) != 0) ||
      CRYPTO_gcm128_decrypt(st->gcm, io->in, io->out, ct_len) != 0 ||
      CRYPTO_gcm128_finish(st->gcm, io->in + ct_len, st->m.tag_len) != 0)
    return SM_FAILED;
  return sm_output(io, ct_len);
}

const SmImpl aes_gcm_low = {
    .setup = low_gcm_setup,
    .op = {[SM_OP_ENCRYPT] = low_gcm_encrypt, [SM_OP_DECRYPT] = low_gcm_decrypt},
    .teardown = low_gcm_teardown,
    .impl_name = low_gcm_impl_name,
};

/* ------------------------------------------------------------------------------------------ */
/* low: AES-CCM (CRYPTO_ccm128_* over AES_encrypt)                                            */

/* modes.h declares CCM128_CONTEXT but leaves it incomplete (there is no CRYPTO_ccm128_new);
 * CRYPTO_ccm128_init fills it, so only room is needed. Its definition (crypto/modes/
 * modes_local.h, unchanged since 1.0.1) is two 16-byte blocks, a counter and two pointers:
 * 56 bytes on LP64. Reserve well over that, aligned for any member. */
typedef union {
  max_align_t align;
  unsigned char bytes[256];
} CcmContextRoom;

typedef struct {
  AES_KEY key;
  SmAeadInputs m;
  CcmContextRoom room; /* the CCM128_CONTEXT */
} LowCcmState;

static CCM128_CONTEXT *low_ccm_context(LowCcmState *st) { return (CCM128_CONTEXT *)&st->room; }

static void low_ccm_teardown(void *state)
{
  LowCcmState *st = state;
  sm_aead_inputs_free(&st->m);
  OPENSSL_cleanse(st, sizeof *st);
  free(st);
}

static SmResult low_ccm_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  if (!low_aes_key_ok(params->key))
    return sm_msg(SM_FAILED, msg, msg_len, "unsupported key length %zu", params->key.len);
  if (params->tag_len < 4 || params->tag_len > 16 || params->tag_len % 2 != 0 ||
      params->iv.len < 7 || params->iv.len > 13)
    return sm_msg(SM_FAILED, msg, msg_len, "tag length %zu / nonce length %zu unsupported",
                  params->tag_len, params->iv.len);
  SmResult ccm_fits = sm_ccm_length_check(params, msg, msg_len);
  if (ccm_fits != SM_OK)
    return ccm_fits;
  LowCcmState *st = state;
  if (!low_aes_message_init(&st->key, &st->m, params))
    return sm_msg(SM_FAILED, msg, msg_len, "AES-CCM setup failed");
  CRYPTO_ccm128_init(low_ccm_context(st), (unsigned int)st->m.tag_len,
                     (unsigned int)(15 - st->m.nonce_len), &st->key, aes_block);
  return SM_OK;
}

SM_DEFINE_SETUP(low_ccm_setup, LowCcmState, low_ccm_fill, low_ccm_teardown)

/* Per message: the nonce with the message length, the AAD, the data. */
static bool low_ccm_start(LowCcmState *st, size_t length)
{
  CCM128_CONTEXT *ccm = low_ccm_context(st);
  if (CRYPTO_ccm128_setiv(ccm, st->m.nonce, st->m.nonce_len, length) != 0)
    return false;
  if (st->m.aad_len > 0)
    CRYPTO_ccm128_aad(ccm, st->m.aad, st->m.aad_len);
  return true;
}

static SmResult low_ccm_encrypt(void *state, SmIo *io)
{
  LowCcmState *st = state;
  CCM128_CONTEXT *ccm = low_ccm_context(st);
  if (!sm_aead_encrypt_fits(io, st->m.tag_len) || !low_ccm_start(st, io->in_len) ||
      CRYPTO_ccm128_encrypt(ccm, io->in, io->out, io->in_len) != 0 ||
      CRYPTO_ccm128_tag(ccm, io->out + io->in_len, st->m.tag_len) != st->m.tag_len)
    return SM_FAILED;
  return sm_output(io, io->in_len + st->m.tag_len);
}

static SmResult low_ccm_decrypt(void *state, SmIo *io)
{
  LowCcmState *st = state;
  CCM128_CONTEXT *ccm = low_ccm_context(st);
  uint8_t tag[16];
  if (!sm_aead_decrypt_fits(io, st->m.tag_len))
    return SM_FAILED;
  size_t ct_len = io->in_len - st->m.tag_len;
  if (!low_ccm_start(st, ct_len) || CRYPTO_ccm128_decrypt(ccm, io->in, io->out, ct_len) != 0 ||
      CRYPTO_ccm128_tag(ccm, tag, st->m.tag_len) != st->m.tag_len ||
      CRYPTO_memcmp(tag, io->in + ct_len, st->m.tag_len) != 0)
    return SM_FAILED;
  return sm_output(io, ct_len);
}

const SmImpl aes_ccm_low = {
    .setup = low_ccm_setup,
    .op = {[SM_OP_ENCRYPT] = low_ccm_encrypt, [SM_OP_DECRYPT] = low_ccm_decrypt},
    .teardown = low_ccm_teardown,
    .impl_name = low_aes_impl_name,
};

/* speedmatrix engine: GNU Nettle and Hogweed (3.x, GMP bignums).
 *
 * evp: the generic nettle-meta descriptors (struct nettle_cipher / nettle_aead / nettle_hash /
 *      nettle_mac) called through their function pointers, contexts sized from the descriptor,
 *      with the generic modes (cbc_encrypt, ctr_crypt, xts_encrypt_message, hmac_set_key) that
 *      take a descriptor's function. Hogweed has no such layer for public-key algorithms.
 * low: the typed per-algorithm calls (cbc_aes128_encrypt, gcm_aes128_*, sha256_*,
 *      rsa_sha256_sign_tr, ecdsa_sign, ed25519_sha512_sign, curve25519_mul, ...).
 */
#include "engine.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <gmp.h>
#if defined(__x86_64__)
#include <cpuid.h>
#endif

#include <nettle/aes.h>
#include <nettle/arcfour.h>
#include <nettle/arctwo.h>
#include <nettle/blowfish.h>
#include <nettle/camellia.h>
#include <nettle/cast128.h>
#include <nettle/cbc.h>
#include <nettle/ccm.h>
#include <nettle/chacha-poly1305.h>
#include <nettle/chacha.h>
#include <nettle/cmac.h>
#include <nettle/ctr.h>
#include <nettle/des.h>
#include <nettle/gcm.h>
#include <nettle/hmac.h>
#include <nettle/md4.h>
#include <nettle/md5.h>
#include <nettle/memops.h>
#include <nettle/nettle-meta.h>
#include <nettle/ripemd160.h>
#include <nettle/serpent.h>
#include <nettle/sha1.h>
#include <nettle/sha2.h>
#include <nettle/sha3.h>
#include <nettle/sm3.h>
#include <nettle/twofish.h>
#include <nettle/version.h>
#include <nettle/xts.h>

#include <nettle/bignum.h>
#include <nettle/curve25519.h>
#include <nettle/curve448.h>
#include <nettle/dsa.h>
#include <nettle/ecc-curve.h>
#include <nettle/ecc.h>
#include <nettle/ecdsa.h>
#include <nettle/eddsa.h>
#include <nettle/knuth-lfib.h>
#include <nettle/rsa.h>

#define MAX_BLOCK 16 /* largest cipher block we drive (AES, Camellia, Twofish, Serpent) */

/* Every (algorithm, level) is a row of const data that reaches its family's one setup as
 * params->impl_data (ABI 1.1): a nettle-meta descriptor at evp; at low, sizes and the small typed
 * functions below. Those stay code because Nettle's typed calls each take their own context
 * type (struct aes128_ctx, struct gcm_aes128_ctx, ...): one function per type, each with the
 * one signature its row holds, so nothing casts between function types. */

/* ------------------------------------------------------------------------------------------ */
/* Shared helpers                                                                              */

static SmResult fail_len(char *msg, size_t msg_len, const char *what, size_t got, size_t want)
{
  return sm_msg(SM_FAILED, msg, msg_len, "%s is %zu bytes, expected %zu", what, got, want);
}

static SmResult out_of_memory(char *msg, size_t msg_len)
{
  return sm_msg(SM_FAILED, msg, msg_len, "out of memory");
}

/* Library calls get a valid pointer even for empty runner buffers. */
static const uint8_t *bytes_ptr(SmBytes b) { return b.data != NULL ? b.data : (const uint8_t *)""; }

/* A private copy of runner-owned bytes (the runner's buffers are not ours to keep). */
static uint8_t *bytes_dup(SmBytes b)
{
  uint8_t *copy = malloc(b.len > 0 ? b.len : 1);
  if (copy != NULL && b.len > 0)
    memcpy(copy, b.data, b.len);
  return copy;
}

/* A streaming block-cipher call: room for in_len bytes, a whole number of blocks. */
static bool bulk_io(SmIo *io, size_t block)
{
  if (io->out_len < io->in_len || io->in_len % block != 0)
    return false;
  io->out_len = io->in_len;
  return true;
}

/* ctr_crypt and chacha_crypt32 drop the rest of a partial block's keystream, but the common
 * semantics continue mid-block on the next call (as openssl speed does): keep that rest here. */
typedef void KeystreamFn(void *state, size_t length, uint8_t *dst, const uint8_t *src);

typedef struct {
  uint8_t block[CHACHA_BLOCK_SIZE];
  size_t size; /* keystream block size */
  size_t used; /* bytes of block already consumed; == size when nothing is left */
} Carry;

static void carry_init(Carry *carry, size_t size)
{
  carry->size = size;
  carry->used = size;
}

static SmResult stream_crypt(void *state, Carry *carry, KeystreamFn *crypt, SmIo *io)
{
  static const uint8_t zeros[CHACHA_BLOCK_SIZE];
  size_t length = io->in_len, done = 0;
  if (io->out_len < length)
    return SM_FAILED;
  for (; done < length && carry->used < carry->size; done++)
    io->out[done] = io->in[done] ^ carry->block[carry->used++];
  size_t whole = (length - done) / carry->size * carry->size;
  if (whole > 0)
    crypt(state, whole, io->out + done, io->in + done);
  done += whole;
  if (done < length) {
    crypt(state, carry->size, carry->block, zeros);
    for (carry->used = 0; done < length; done++)
      io->out[done] = io->in[done] ^ carry->block[carry->used++];
  }
  io->out_len = length;
  return SM_OK;
}

/* Hogweed's signers take nonces and blinding from a caller's source: a seeded lagged-Fibonacci
 * generator keeps runs repeatable (not secure, which a benchmark does not need). */
static void lfib_random(void *ctx, size_t length, uint8_t *dst)
{
  knuth_lfib_random(ctx, length, dst);
}

static void lfib_seed(struct knuth_lfib_ctx *rng, uint64_t seed)
{
  knuth_lfib_init(rng, (uint32_t)(seed ^ (seed >> 32)));
}

/* ------------------------------------------------------------------------------------------ */
/* evp: block ciphers through struct nettle_cipher and the generic modes                      */

typedef enum { MODE_CBC, MODE_CTR, MODE_XTS } Mode;

/* ---- which code the fat build runs (the impl column) ---- */

/* Nettle exports no query for what its fat dispatch chose; this reads the same inputs the same
 * way its fat-x86_64.c does when the library loads: the feature list in NETTLE_FAT_OVERRIDE
 * when set, else cpuid (AES-NI: CPUID.1:ECX bit 25; PCLMULQDQ: bit 1; SHA: CPUID.7:EBX bit 29). */
static bool fat_has(const char *feature, unsigned leaf, bool ebx, unsigned bit)
{
  const char *override = getenv("NETTLE_FAT_OVERRIDE");
  if (override != NULL) {
    size_t len = strlen(feature);
    for (const char *at = override; (at = strstr(at, feature)) != NULL; at += len)
      if ((at == override || at[-1] == ',' || at[-1] == ' ') &&
          (at[len] == '\0' || at[len] == ',' || at[len] == ' '))
        return true;
    return false;
  }
#if defined(__x86_64__)
  unsigned a = 0, b = 0, c = 0, d = 0;
  if (!__get_cpuid_count(leaf, 0, &a, &b, &c, &d))
    return false;
  return (((ebx ? b : c) >> bit) & 1u) != 0;
#else
  (void)leaf;
  (void)ebx;
  (void)bit;
  return false;
#endif
}

/* "fat: aesni+pclmul", "fat: sha_ni", "fat: x86_64" (its portable assembly): for the
 * algorithms the fat build dispatches (AES, GHASH, SHA-1, SHA-224/256); NULL for the others. */
static const char *fat_impl(const char *name)
{
#if defined(__x86_64__)
  bool aes = strstr(name, "aes") != NULL, gcm = strstr(name, "gcm") != NULL;
  bool sha = strstr(name, "sha1") != NULL || strstr(name, "sha256") != NULL ||
             strstr(name, "sha224") != NULL;
  bool aesni = fat_has("aesni", 1, false, 25), sha_ni = fat_has("sha_ni", 7, true, 29);
  bool pclmul = nettle_version_minor() >= 8 && fat_has("pclmul", 1, false, 1);
  if (aes && gcm)
    return aesni ? (pclmul ? "fat: aesni+pclmul" : "fat: aesni+ghash x86_64")
                 : (pclmul ? "fat: aes x86_64+pclmul" : "fat: aes x86_64+ghash x86_64");
  if (aes)
    return aesni ? "fat: aesni" : "fat: aes x86_64";
  if (gcm)
    return pclmul ? "fat: pclmul" : "fat: ghash x86_64";
  if (sha)
    return sha_ni ? "fat: sha_ni" : "fat: x86_64";
#else
  (void)name;
#endif
  return NULL;
}

#define ROW_NAME_GETTER(fn, Row, field)                                                            \
  static const char *fn(const SmParams *params, void *state)                                       \
  {                                                                                                \
    (void)state;                                                                                   \
    return fat_impl(((const Row *)params->impl_data)->field);                                      \
  }

typedef struct {
  const struct nettle_cipher *cipher;
  void *ctx;             /* context_size bytes: the data key schedule */
  void *tweak_ctx;       /* XTS: the tweak key, always an encryption schedule */
  uint8_t iv[MAX_BLOCK]; /* CBC chaining value, CTR counter block or XTS tweak */
  Carry carry;           /* CTR */
} MetaCipher;

static void meta_cipher_free(void *state)
{
  MetaCipher *s = state;
  if (s == NULL)
    return;
  free(s->ctx);
  free(s->tweak_ctx);
  free(s);
}

/* A row of the evp cipher table: the descriptor and the generic mode it runs in. */
typedef struct {
  const struct nettle_cipher *cipher;
  Mode mode;
} MetaCipherRow;

ROW_NAME_GETTER(meta_cipher_impl_name, MetaCipherRow, cipher->name)

static SmResult meta_cipher_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const MetaCipherRow *row = params->impl_data;
  const struct nettle_cipher *cipher = row->cipher;
  Mode mode = row->mode;
  size_t key_len = mode == MODE_XTS ? 2u * cipher->key_size : cipher->key_size;
  if (params->key.len != key_len)
    return fail_len(msg, msg_len, "key", params->key.len, key_len);
  if (cipher->block_size == 0 || cipher->block_size > MAX_BLOCK)
    return sm_msg(SM_FAILED, msg, msg_len, "%s: unexpected block size %u", cipher->name,
                  cipher->block_size);
  if (params->iv.len != cipher->block_size)
    return fail_len(msg, msg_len, "iv", params->iv.len, cipher->block_size);

  MetaCipher *s = calloc(1, sizeof *s);
  if (s == NULL)
    return out_of_memory(msg, msg_len);
  s->cipher = cipher;
  s->ctx = malloc(cipher->context_size);
  if (mode == MODE_XTS)
    s->tweak_ctx = malloc(cipher->context_size);
  if (s->ctx == NULL || (mode == MODE_XTS && s->tweak_ctx == NULL)) {
    meta_cipher_free(s);
    return out_of_memory(msg, msg_len);
  }
  /* CTR only ever runs the forward cipher. */
  bool decrypt_key = params->op == SM_OP_DECRYPT && mode != MODE_CTR;
  nettle_set_key_func *set_key = decrypt_key ? cipher->set_decrypt_key : cipher->set_encrypt_key;
  set_key(s->ctx, params->key.data);
  if (mode == MODE_XTS)
    cipher->set_encrypt_key(s->tweak_ctx, params->key.data + cipher->key_size);
  memcpy(s->iv, params->iv.data, cipher->block_size);
  carry_init(&s->carry, cipher->block_size);
  *state = s;
  return SM_OK;
}

static SmResult meta_cbc_encrypt(void *state, SmIo *io)
{
  MetaCipher *s = state;
  if (!bulk_io(io, s->cipher->block_size))
    return SM_FAILED;
  cbc_encrypt(s->ctx, s->cipher->encrypt, s->cipher->block_size, s->iv, io->in_len, io->out,
              io->in);
  return SM_OK;
}

static SmResult meta_cbc_decrypt(void *state, SmIo *io)
{
  MetaCipher *s = state;
  if (!bulk_io(io, s->cipher->block_size))
    return SM_FAILED;
  cbc_decrypt(s->ctx, s->cipher->decrypt, s->cipher->block_size, s->iv, io->in_len, io->out,
              io->in);
  return SM_OK;
}

static void meta_ctr_keystream(void *state, size_t length, uint8_t *dst, const uint8_t *src)
{
  MetaCipher *s = state;
  ctr_crypt(s->ctx, s->cipher->encrypt, s->cipher->block_size, s->iv, length, dst, src);
}

static SmResult meta_ctr_encrypt(void *state, SmIo *io)
{
  MetaCipher *s = state;
  return stream_crypt(s, &s->carry, meta_ctr_keystream, io);
}

/* CTR decrypts by encrypting. */
static SmResult meta_ctr_decrypt(void *state, SmIo *io) { return meta_ctr_encrypt(state, io); }

static SmResult meta_xts_encrypt(void *state, SmIo *io)
{
  MetaCipher *s = state;
  if (io->in_len < XTS_BLOCK_SIZE || io->out_len < io->in_len)
    return SM_FAILED;
  xts_encrypt_message(s->ctx, s->tweak_ctx, s->cipher->encrypt, s->iv, io->in_len, io->out, io->in);
  io->out_len = io->in_len;
  return SM_OK;
}

static SmResult meta_xts_decrypt(void *state, SmIo *io)
{
  MetaCipher *s = state;
  if (io->in_len < XTS_BLOCK_SIZE || io->out_len < io->in_len)
    return SM_FAILED;
  xts_decrypt_message(s->ctx, s->tweak_ctx, s->cipher->decrypt, s->cipher->encrypt, s->iv,
                      io->in_len, io->out, io->in);
  io->out_len = io->in_len;
  return SM_OK;
}

#define META_CIPHER(desc, mode, ops)                                                               \
  {                                                                                                \
    .setup = meta_cipher_setup,                                                                    \
    .op = {[SM_OP_ENCRYPT] = ops##_encrypt, [SM_OP_DECRYPT] = ops##_decrypt},                      \
    .teardown = meta_cipher_free, .data = (&(const MetaCipherRow){&(desc), mode}),                 \
    .impl_name = meta_cipher_impl_name                                                             \
  }

static const SmImpl aes128_cbc_evp = META_CIPHER(nettle_aes128, MODE_CBC, meta_cbc);
static const SmImpl aes192_cbc_evp = META_CIPHER(nettle_aes192, MODE_CBC, meta_cbc);
static const SmImpl aes256_cbc_evp = META_CIPHER(nettle_aes256, MODE_CBC, meta_cbc);
static const SmImpl aes128_ctr_evp = META_CIPHER(nettle_aes128, MODE_CTR, meta_ctr);
static const SmImpl aes192_ctr_evp = META_CIPHER(nettle_aes192, MODE_CTR, meta_ctr);
static const SmImpl aes256_ctr_evp = META_CIPHER(nettle_aes256, MODE_CTR, meta_ctr);
static const SmImpl aes128_xts_evp = META_CIPHER(nettle_aes128, MODE_XTS, meta_xts);
static const SmImpl aes256_xts_evp = META_CIPHER(nettle_aes256, MODE_XTS, meta_xts);
static const SmImpl camellia128_cbc_evp = META_CIPHER(nettle_camellia128, MODE_CBC, meta_cbc);
static const SmImpl twofish128_cbc_evp = META_CIPHER(nettle_twofish128, MODE_CBC, meta_cbc);
static const SmImpl serpent128_cbc_evp = META_CIPHER(nettle_serpent128, MODE_CBC, meta_cbc);
static const SmImpl cast128_cbc_evp = META_CIPHER(nettle_cast128, MODE_CBC, meta_cbc);
static const SmImpl arctwo128_cbc_evp = META_CIPHER(nettle_arctwo128, MODE_CBC, meta_cbc);

/* ------------------------------------------------------------------------------------------ */
/* low: typed block ciphers                                                                    */

/* Weak DES/Blowfish keys are only flagged by the return value and still scheduled; Nettle's own
 * descriptors and OpenSSL accept them too, so outputs stay comparable. */
static void des_key(struct des_ctx *ctx, const uint8_t *key) { (void)des_set_key(ctx, key); }
static void des3_key(struct des3_ctx *ctx, const uint8_t *key) { (void)des3_set_key(ctx, key); }
static void blowfish_key(struct blowfish_ctx *ctx, const uint8_t *key)
{
  (void)blowfish128_set_key(ctx, key);
}

/* A low CBC row: sizes, and the cipher's two typed functions. The CBC context (Nettle's
 * CBC_CTX: the key schedule and the chaining value) is state_size bytes. */
typedef void LowCbcKeyFn(void *cbc, bool decrypt, const uint8_t *key, const uint8_t *iv);
typedef void LowCbcCryptFn(void *cbc, bool decrypt, size_t length, uint8_t *dst,
                           const uint8_t *src);

typedef struct {
  size_t key_size, block_size, state_size;
  LowCbcKeyFn *key;
  LowCbcCryptFn *crypt;
  const char *name; /* what the fat dispatch is asked about (impl column) */
} LowCbcRow;

ROW_NAME_GETTER(low_cbc_impl_name, LowCbcRow, name)

typedef struct {
  const LowCbcRow *row;
  bool decrypt;
  void *cbc; /* state_size bytes */
} LowCbc;

static void low_cbc_free(void *state)
{
  LowCbc *s = state;
  if (s == NULL)
    return;
  free(s->cbc);
  free(s);
}

static SmResult low_cbc_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const LowCbcRow *row = params->impl_data;
  if (params->key.len != row->key_size)
    return fail_len(msg, msg_len, "key", params->key.len, row->key_size);
  if (params->iv.len != row->block_size)
    return fail_len(msg, msg_len, "iv", params->iv.len, row->block_size);
  LowCbc *s = calloc(1, sizeof *s);
  if (s == NULL || (s->cbc = calloc(1, row->state_size)) == NULL) {
    low_cbc_free(s);
    return out_of_memory(msg, msg_len);
  }
  s->row = row;
  s->decrypt = params->op == SM_OP_DECRYPT;
  row->key(s->cbc, s->decrypt, params->key.data, params->iv.data);
  *state = s;
  return SM_OK;
}

/* One context per state, keyed for one direction: encrypt and decrypt are the same op. */
static SmResult low_cbc_crypt(void *state, SmIo *io)
{
  LowCbc *s = state;
  if (!bulk_io(io, s->row->block_size))
    return SM_FAILED;
  s->row->crypt(s->cbc, s->decrypt, io->in_len, io->out, io->in);
  return SM_OK;
}

/* The typed CBC functions: cbc_aesN_encrypt is Nettle's dedicated (fat-dispatched) AES-CBC
 * encryptor; the others go through Nettle's CBC_ENCRYPT/CBC_DECRYPT. */
typedef struct CBC_CTX(struct aes128_ctx, AES_BLOCK_SIZE) Aes128Cbc;

static void aes128_cbc_key(void *cbc, bool decrypt, const uint8_t *key, const uint8_t *iv)
{
  Aes128Cbc *s = cbc;
  if (decrypt)
    aes128_set_decrypt_key(&s->ctx, key);
  else
    aes128_set_encrypt_key(&s->ctx, key);
  CBC_SET_IV(s, iv);
}

static void aes128_cbc_crypt(void *cbc, bool decrypt, size_t length, uint8_t *dst,
                             const uint8_t *src)
{
  Aes128Cbc *s = cbc;
  if (decrypt)
    CBC_DECRYPT(s, aes128_decrypt, length, dst, src);
  else
    cbc_aes128_encrypt(&s->ctx, s->iv, length, dst, src);
}

typedef struct CBC_CTX(struct aes192_ctx, AES_BLOCK_SIZE) Aes192Cbc;

static void aes192_cbc_key(void *cbc, bool decrypt, const uint8_t *key, const uint8_t *iv)
{
  Aes192Cbc *s = cbc;
  if (decrypt)
    aes192_set_decrypt_key(&s->ctx, key);
  else
    aes192_set_encrypt_key(&s->ctx, key);
  CBC_SET_IV(s, iv);
}

static void aes192_cbc_crypt(void *cbc, bool decrypt, size_t length, uint8_t *dst,
                             const uint8_t *src)
{
  Aes192Cbc *s = cbc;
  if (decrypt)
    CBC_DECRYPT(s, aes192_decrypt, length, dst, src);
  else
    cbc_aes192_encrypt(&s->ctx, s->iv, length, dst, src);
}

typedef struct CBC_CTX(struct aes256_ctx, AES_BLOCK_SIZE) Aes256Cbc;

static void aes256_cbc_key(void *cbc, bool decrypt, const uint8_t *key, const uint8_t *iv)
{
  Aes256Cbc *s = cbc;
  if (decrypt)
    aes256_set_decrypt_key(&s->ctx, key);
  else
    aes256_set_encrypt_key(&s->ctx, key);
  CBC_SET_IV(s, iv);
}

static void aes256_cbc_crypt(void *cbc, bool decrypt, size_t length, uint8_t *dst,
                             const uint8_t *src)
{
  Aes256Cbc *s = cbc;
  if (decrypt)
    CBC_DECRYPT(s, aes256_decrypt, length, dst, src);
  else
    cbc_aes256_encrypt(&s->ctx, s->iv, length, dst, src);
}

typedef struct CBC_CTX(struct camellia128_ctx, CAMELLIA_BLOCK_SIZE) Camellia128Cbc;

static void camellia128_cbc_key(void *cbc, bool decrypt, const uint8_t *key, const uint8_t *iv)
{
  Camellia128Cbc *s = cbc;
  if (decrypt)
    camellia128_set_decrypt_key(&s->ctx, key);
  else
    camellia128_set_encrypt_key(&s->ctx, key);
  CBC_SET_IV(s, iv);
}

static void camellia128_cbc_crypt(void *cbc, bool decrypt, size_t length, uint8_t *dst,
                                  const uint8_t *src)
{
  Camellia128Cbc *s = cbc;
  if (decrypt)
    CBC_DECRYPT(s, camellia128_crypt, length, dst, src);
  else
    CBC_ENCRYPT(s, camellia128_crypt, length, dst, src);
}

typedef struct CBC_CTX(struct twofish_ctx, TWOFISH_BLOCK_SIZE) Twofish128Cbc;

static void twofish128_cbc_key(void *cbc, bool decrypt, const uint8_t *key, const uint8_t *iv)
{
  Twofish128Cbc *s = cbc;
  (void)decrypt;
  twofish128_set_key(&s->ctx, key);
  CBC_SET_IV(s, iv);
}

static void twofish128_cbc_crypt(void *cbc, bool decrypt, size_t length, uint8_t *dst,
                                 const uint8_t *src)
{
  Twofish128Cbc *s = cbc;
  if (decrypt)
    CBC_DECRYPT(s, twofish_decrypt, length, dst, src);
  else
    CBC_ENCRYPT(s, twofish_encrypt, length, dst, src);
}

typedef struct CBC_CTX(struct serpent_ctx, SERPENT_BLOCK_SIZE) Serpent128Cbc;

static void serpent128_cbc_key(void *cbc, bool decrypt, const uint8_t *key, const uint8_t *iv)
{
  Serpent128Cbc *s = cbc;
  (void)decrypt;
  serpent128_set_key(&s->ctx, key);
  CBC_SET_IV(s, iv);
}

static void serpent128_cbc_crypt(void *cbc, bool decrypt, size_t length, uint8_t *dst,
                                 const uint8_t *src)
{
  Serpent128Cbc *s = cbc;
  if (decrypt)
    CBC_DECRYPT(s, serpent_decrypt, length, dst, src);
  else
    CBC_ENCRYPT(s, serpent_encrypt, length, dst, src);
}

typedef struct CBC_CTX(struct cast128_ctx, CAST128_BLOCK_SIZE) Cast128Cbc;

static void cast128_cbc_key(void *cbc, bool decrypt, const uint8_t *key, const uint8_t *iv)
{
  Cast128Cbc *s = cbc;
  (void)decrypt;
  cast128_set_key(&s->ctx, key);
  CBC_SET_IV(s, iv);
}

static void cast128_cbc_crypt(void *cbc, bool decrypt, size_t length, uint8_t *dst,
                              const uint8_t *src)
{
  Cast128Cbc *s = cbc;
  if (decrypt)
    CBC_DECRYPT(s, cast128_decrypt, length, dst, src);
  else
    CBC_ENCRYPT(s, cast128_encrypt, length, dst, src);
}

typedef struct CBC_CTX(struct blowfish_ctx, BLOWFISH_BLOCK_SIZE) Blowfish128Cbc;

static void blowfish128_cbc_key(void *cbc, bool decrypt, const uint8_t *key, const uint8_t *iv)
{
  Blowfish128Cbc *s = cbc;
  (void)decrypt;
  blowfish_key(&s->ctx, key);
  CBC_SET_IV(s, iv);
}

static void blowfish128_cbc_crypt(void *cbc, bool decrypt, size_t length, uint8_t *dst,
                                  const uint8_t *src)
{
  Blowfish128Cbc *s = cbc;
  if (decrypt)
    CBC_DECRYPT(s, blowfish_decrypt, length, dst, src);
  else
    CBC_ENCRYPT(s, blowfish_encrypt, length, dst, src);
}

typedef struct CBC_CTX(struct arctwo_ctx, ARCTWO_BLOCK_SIZE) Arctwo128Cbc;

static void arctwo128_cbc_key(void *cbc, bool decrypt, const uint8_t *key, const uint8_t *iv)
{
  Arctwo128Cbc *s = cbc;
  (void)decrypt;
  arctwo128_set_key(&s->ctx, key);
  CBC_SET_IV(s, iv);
}

static void arctwo128_cbc_crypt(void *cbc, bool decrypt, size_t length, uint8_t *dst,
                                const uint8_t *src)
{
  Arctwo128Cbc *s = cbc;
  if (decrypt)
    CBC_DECRYPT(s, arctwo_decrypt, length, dst, src);
  else
    CBC_ENCRYPT(s, arctwo_encrypt, length, dst, src);
}

typedef struct CBC_CTX(struct des_ctx, DES_BLOCK_SIZE) DesCbc;

static void des_cbc_key(void *cbc, bool decrypt, const uint8_t *key, const uint8_t *iv)
{
  DesCbc *s = cbc;
  (void)decrypt;
  des_key(&s->ctx, key);
  CBC_SET_IV(s, iv);
}

static void des_cbc_crypt(void *cbc, bool decrypt, size_t length, uint8_t *dst, const uint8_t *src)
{
  DesCbc *s = cbc;
  if (decrypt)
    CBC_DECRYPT(s, des_decrypt, length, dst, src);
  else
    CBC_ENCRYPT(s, des_encrypt, length, dst, src);
}

typedef struct CBC_CTX(struct des3_ctx, DES3_BLOCK_SIZE) Des3Cbc;

static void des3_cbc_key(void *cbc, bool decrypt, const uint8_t *key, const uint8_t *iv)
{
  Des3Cbc *s = cbc;
  (void)decrypt;
  des3_key(&s->ctx, key);
  CBC_SET_IV(s, iv);
}

static void des3_cbc_crypt(void *cbc, bool decrypt, size_t length, uint8_t *dst, const uint8_t *src)
{
  Des3Cbc *s = cbc;
  if (decrypt)
    CBC_DECRYPT(s, des3_decrypt, length, dst, src);
  else
    CBC_ENCRYPT(s, des3_encrypt, length, dst, src);
}

#define LOW_CBC(tag, type, key_size, block)                                                        \
  {                                                                                                \
    .setup = low_cbc_setup,                                                                        \
    .op = {[SM_OP_ENCRYPT] = low_cbc_crypt, [SM_OP_DECRYPT] = low_cbc_crypt},                      \
    .teardown = low_cbc_free,                                                                      \
    .data =                                                                                        \
        (&(const LowCbcRow){key_size, block, sizeof(type), tag##_cbc_key, tag##_cbc_crypt, #tag}), \
    .impl_name = low_cbc_impl_name                                                                 \
  }

static const SmImpl aes128_cbc_low = LOW_CBC(aes128, Aes128Cbc, AES128_KEY_SIZE, AES_BLOCK_SIZE);
static const SmImpl aes192_cbc_low = LOW_CBC(aes192, Aes192Cbc, AES192_KEY_SIZE, AES_BLOCK_SIZE);
static const SmImpl aes256_cbc_low = LOW_CBC(aes256, Aes256Cbc, AES256_KEY_SIZE, AES_BLOCK_SIZE);
static const SmImpl camellia128_cbc_low =
    LOW_CBC(camellia128, Camellia128Cbc, CAMELLIA128_KEY_SIZE, CAMELLIA_BLOCK_SIZE);
static const SmImpl twofish128_cbc_low =
    LOW_CBC(twofish128, Twofish128Cbc, TWOFISH128_KEY_SIZE, TWOFISH_BLOCK_SIZE);
static const SmImpl serpent128_cbc_low =
    LOW_CBC(serpent128, Serpent128Cbc, SERPENT128_KEY_SIZE, SERPENT_BLOCK_SIZE);
static const SmImpl cast128_cbc_low =
    LOW_CBC(cast128, Cast128Cbc, CAST128_KEY_SIZE, CAST128_BLOCK_SIZE);
static const SmImpl blowfish128_cbc_low =
    LOW_CBC(blowfish128, Blowfish128Cbc, BLOWFISH128_KEY_SIZE, BLOWFISH_BLOCK_SIZE);
/* arctwo128_set_key uses 128 effective key bits, as OpenSSL's RC2 does for a 16-byte key. */
static const SmImpl arctwo128_cbc_low = LOW_CBC(arctwo128, Arctwo128Cbc, 16, ARCTWO_BLOCK_SIZE);
static const SmImpl des_cbc_low = LOW_CBC(des, DesCbc, DES_KEY_SIZE, DES_BLOCK_SIZE);
static const SmImpl des3_cbc_low = LOW_CBC(des3, Des3Cbc, DES3_KEY_SIZE, DES3_BLOCK_SIZE);

/* Low AES-CTR: the typed key schedule and CTR_CRYPT over the typed aesN_encrypt, per key
 * size; the Carry keeps a part-used keystream block between calls. */
typedef void LowCtrKeyFn(void *ctr, const uint8_t *key, const uint8_t *iv);

typedef struct {
  size_t key_size, state_size;
  LowCtrKeyFn *key;
  KeystreamFn *keystream;
  const char *name; /* what the fat dispatch is asked about (impl column) */
} LowCtrRow;

ROW_NAME_GETTER(low_ctr_impl_name, LowCtrRow, name)

typedef struct {
  const LowCtrRow *row;
  Carry carry;
  void *ctr; /* state_size bytes: Nettle's CTR_CTX */
} LowCtr;

static void low_ctr_free(void *state)
{
  LowCtr *s = state;
  if (s == NULL)
    return;
  free(s->ctr);
  free(s);
}

static SmResult low_ctr_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const LowCtrRow *row = params->impl_data;
  if (params->key.len != row->key_size)
    return fail_len(msg, msg_len, "key", params->key.len, row->key_size);
  if (params->iv.len != AES_BLOCK_SIZE)
    return fail_len(msg, msg_len, "iv", params->iv.len, AES_BLOCK_SIZE);
  LowCtr *s = calloc(1, sizeof *s);
  if (s == NULL || (s->ctr = calloc(1, row->state_size)) == NULL) {
    low_ctr_free(s);
    return out_of_memory(msg, msg_len);
  }
  s->row = row;
  row->key(s->ctr, params->key.data, params->iv.data);
  carry_init(&s->carry, AES_BLOCK_SIZE);
  *state = s;
  return SM_OK;
}

static SmResult low_ctr_crypt(void *state, SmIo *io)
{
  LowCtr *s = state;
  return stream_crypt(s->ctr, &s->carry, s->row->keystream, io);
}

typedef struct CTR_CTX(struct aes128_ctx, AES_BLOCK_SIZE) Aes128Ctr;

static void aes128_ctr_key(void *ctr, const uint8_t *key, const uint8_t *iv)
{
  Aes128Ctr *s = ctr;
  aes128_set_encrypt_key(&s->ctx, key);
  CTR_SET_COUNTER(s, iv);
}

static void aes128_ctr_keystream(void *ctr, size_t length, uint8_t *dst, const uint8_t *src)
{
  Aes128Ctr *s = ctr;
  CTR_CRYPT(s, aes128_encrypt, length, dst, src);
}

typedef struct CTR_CTX(struct aes192_ctx, AES_BLOCK_SIZE) Aes192Ctr;

static void aes192_ctr_key(void *ctr, const uint8_t *key, const uint8_t *iv)
{
  Aes192Ctr *s = ctr;
  aes192_set_encrypt_key(&s->ctx, key);
  CTR_SET_COUNTER(s, iv);
}

static void aes192_ctr_keystream(void *ctr, size_t length, uint8_t *dst, const uint8_t *src)
{
  Aes192Ctr *s = ctr;
  CTR_CRYPT(s, aes192_encrypt, length, dst, src);
}

typedef struct CTR_CTX(struct aes256_ctx, AES_BLOCK_SIZE) Aes256Ctr;

static void aes256_ctr_key(void *ctr, const uint8_t *key, const uint8_t *iv)
{
  Aes256Ctr *s = ctr;
  aes256_set_encrypt_key(&s->ctx, key);
  CTR_SET_COUNTER(s, iv);
}

static void aes256_ctr_keystream(void *ctr, size_t length, uint8_t *dst, const uint8_t *src)
{
  Aes256Ctr *s = ctr;
  CTR_CRYPT(s, aes256_encrypt, length, dst, src);
}

#define LOW_AES_CTR(bits)                                                                          \
  {                                                                                                \
    .setup = low_ctr_setup,                                                                        \
    .op = {[SM_OP_ENCRYPT] = low_ctr_crypt, [SM_OP_DECRYPT] = low_ctr_crypt},                      \
    .teardown = low_ctr_free,                                                                      \
    .data = (&(const LowCtrRow){AES##bits##_KEY_SIZE, sizeof(Aes##bits##Ctr), aes##bits##_ctr_key, \
                                aes##bits##_ctr_keystream, "aes"}),                                \
    .impl_name = low_ctr_impl_name                                                                 \
  }

static const SmImpl aes128_ctr_low = LOW_AES_CTR(128);
static const SmImpl aes192_ctr_low = LOW_AES_CTR(192);
static const SmImpl aes256_ctr_low = LOW_AES_CTR(256);

/* Low AES-XTS: the typed xts_aesN_* key schedule and message calls, per key size. */
typedef void LowXtsKeyFn(void *key, bool decrypt, const uint8_t *bytes);
typedef void LowXtsCryptFn(void *key, bool decrypt, const uint8_t *tweak, size_t length,
                           uint8_t *dst, const uint8_t *src);

typedef struct {
  size_t key_size, state_size; /* key_size: both halves */
  LowXtsKeyFn *key;
  LowXtsCryptFn *crypt;
  const char *name; /* what the fat dispatch is asked about (impl column) */
} LowXtsRow;

ROW_NAME_GETTER(low_xts_impl_name, LowXtsRow, name)

typedef struct {
  const LowXtsRow *row;
  bool decrypt;
  uint8_t tweak[XTS_BLOCK_SIZE];
  void *key; /* state_size bytes: struct xts_aesN_key */
} LowXts;

static void low_xts_free(void *state)
{
  LowXts *s = state;
  if (s == NULL)
    return;
  free(s->key);
  free(s);
}

static SmResult low_xts_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const LowXtsRow *row = params->impl_data;
  if (params->key.len != row->key_size)
    return fail_len(msg, msg_len, "key", params->key.len, row->key_size);
  if (params->iv.len != XTS_BLOCK_SIZE)
    return fail_len(msg, msg_len, "iv", params->iv.len, XTS_BLOCK_SIZE);
  LowXts *s = calloc(1, sizeof *s);
  if (s == NULL || (s->key = calloc(1, row->state_size)) == NULL) {
    low_xts_free(s);
    return out_of_memory(msg, msg_len);
  }
  s->row = row;
  s->decrypt = params->op == SM_OP_DECRYPT;
  row->key(s->key, s->decrypt, params->key.data);
  memcpy(s->tweak, params->iv.data, XTS_BLOCK_SIZE);
  *state = s;
  return SM_OK;
}

/* Every call is one data unit under the same tweak. */
static SmResult low_xts_crypt(void *state, SmIo *io)
{
  LowXts *s = state;
  if (io->in_len < XTS_BLOCK_SIZE || io->out_len < io->in_len)
    return SM_FAILED;
  s->row->crypt(s->key, s->decrypt, s->tweak, io->in_len, io->out, io->in);
  io->out_len = io->in_len;
  return SM_OK;
}

static void aes128_xts_key(void *key, bool decrypt, const uint8_t *bytes)
{
  if (decrypt)
    xts_aes128_set_decrypt_key(key, bytes);
  else
    xts_aes128_set_encrypt_key(key, bytes);
}

static void aes128_xts_crypt(void *key, bool decrypt, const uint8_t *tweak, size_t length,
                             uint8_t *dst, const uint8_t *src)
{
  if (decrypt)
    xts_aes128_decrypt_message(key, tweak, length, dst, src);
  else
    xts_aes128_encrypt_message(key, tweak, length, dst, src);
}

static void aes256_xts_key(void *key, bool decrypt, const uint8_t *bytes)
{
  if (decrypt)
    xts_aes256_set_decrypt_key(key, bytes);
  else
    xts_aes256_set_encrypt_key(key, bytes);
}

static void aes256_xts_crypt(void *key, bool decrypt, const uint8_t *tweak, size_t length,
                             uint8_t *dst, const uint8_t *src)
{
  if (decrypt)
    xts_aes256_decrypt_message(key, tweak, length, dst, src);
  else
    xts_aes256_encrypt_message(key, tweak, length, dst, src);
}

#define LOW_AES_XTS(bits)                                                                          \
  {                                                                                                \
    .setup = low_xts_setup,                                                                        \
    .op = {[SM_OP_ENCRYPT] = low_xts_crypt, [SM_OP_DECRYPT] = low_xts_crypt},                      \
    .teardown = low_xts_free,                                                                      \
    .data = (&(const LowXtsRow){2 * AES##bits##_KEY_SIZE, sizeof(struct xts_aes##bits##_key),      \
                                aes##bits##_xts_key, aes##bits##_xts_crypt, "aes"}),               \
    .impl_name = low_xts_impl_name                                                                 \
  }

static const SmImpl aes128_xts_low = LOW_AES_XTS(128);
static const SmImpl aes256_xts_low = LOW_AES_XTS(256);

/* chacha20: iv = 32-bit little-endian block counter || 96-bit nonce (OpenSSL's layout). */
typedef struct {
  struct chacha_ctx ctx;
  Carry carry;
} Chacha20;

static SmResult chacha20_low_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  if (params->key.len != CHACHA_KEY_SIZE)
    return fail_len(msg, msg_len, "key", params->key.len, CHACHA_KEY_SIZE);
  if (params->iv.len != CHACHA_COUNTER32_SIZE + CHACHA_NONCE96_SIZE)
    return fail_len(msg, msg_len, "iv", params->iv.len,
                    CHACHA_COUNTER32_SIZE + CHACHA_NONCE96_SIZE);
  Chacha20 *s = calloc(1, sizeof *s);
  if (s == NULL)
    return out_of_memory(msg, msg_len);
  chacha_set_key(&s->ctx, params->key.data);
  chacha_set_nonce96(&s->ctx, params->iv.data + CHACHA_COUNTER32_SIZE); /* zeroes the counter */
  chacha_set_counter32(&s->ctx, params->iv.data);
  carry_init(&s->carry, CHACHA_BLOCK_SIZE);
  *state = s;
  return SM_OK;
}

static void chacha20_keystream(void *state, size_t length, uint8_t *dst, const uint8_t *src)
{
  Chacha20 *s = state;
  chacha_crypt32(&s->ctx, length, dst, src);
}

static SmResult chacha20_low_crypt(void *state, SmIo *io)
{
  Chacha20 *s = state;
  return stream_crypt(s, &s->carry, chacha20_keystream, io);
}

static const SmImpl chacha20_low = {
    .setup = chacha20_low_setup,
    .op = {[SM_OP_ENCRYPT] = chacha20_low_crypt, [SM_OP_DECRYPT] = chacha20_low_crypt},
    .teardown = free,
};

static SmResult rc4_low_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  if (params->key.len != ARCFOUR128_KEY_SIZE)
    return fail_len(msg, msg_len, "key", params->key.len, ARCFOUR128_KEY_SIZE);
  struct arcfour_ctx *ctx = calloc(1, sizeof *ctx);
  if (ctx == NULL)
    return out_of_memory(msg, msg_len);
  arcfour128_set_key(ctx, params->key.data);
  *state = ctx;
  return SM_OK;
}

static SmResult rc4_low_crypt(void *state, SmIo *io)
{
  if (io->out_len < io->in_len)
    return SM_FAILED;
  arcfour_crypt(state, io->in_len, io->out, io->in);
  io->out_len = io->in_len;
  return SM_OK;
}

static const SmImpl rc4_low = {
    .setup = rc4_low_setup,
    .op = {[SM_OP_ENCRYPT] = rc4_low_crypt, [SM_OP_DECRYPT] = rc4_low_crypt},
    .teardown = free,
};

/* ------------------------------------------------------------------------------------------ */
/* AEAD: one whole message per call                                                            */

typedef struct {
  uint8_t *nonce;
  size_t nonce_len;
  uint8_t *aad;
  size_t aad_len;
  size_t tag_len;
} AeadMessage;

static void aead_message_clear(AeadMessage *m)
{
  free(m->nonce);
  free(m->aad);
}

/* fixed_nonce: the only nonce length accepted, or 0 for any non-empty nonce. */
static SmResult aead_message_init(AeadMessage *m, const SmParams *params, size_t fixed_nonce,
                                  size_t max_tag, char *msg, size_t msg_len)
{
  if (fixed_nonce != 0 && params->iv.len != fixed_nonce)
    return fail_len(msg, msg_len, "nonce", params->iv.len, fixed_nonce);
  if (params->iv.len == 0)
    return sm_msg(SM_FAILED, msg, msg_len, "empty nonce");
  m->tag_len = params->tag_len != 0 ? params->tag_len : max_tag;
  if (m->tag_len > max_tag)
    return sm_msg(SM_FAILED, msg, msg_len, "tag of %zu bytes, at most %zu", m->tag_len, max_tag);
  m->nonce = bytes_dup(params->iv);
  m->nonce_len = params->iv.len;
  m->aad = bytes_dup(params->aad);
  m->aad_len = params->aad.len;
  if (m->nonce == NULL || m->aad == NULL)
    return out_of_memory(msg, msg_len);
  return SM_OK;
}

static bool aead_encrypt_io(const AeadMessage *m, SmIo *io)
{
  if (io->out_len < io->in_len + m->tag_len)
    return false;
  io->out_len = io->in_len + m->tag_len;
  return true;
}

/* Sets *ct_len; false when in cannot hold a tag or out is too small. */
static bool aead_decrypt_io(const AeadMessage *m, SmIo *io, size_t *ct_len)
{
  if (io->in_len < m->tag_len || io->out_len < io->in_len - m->tag_len)
    return false;
  *ct_len = io->in_len - m->tag_len;
  io->out_len = *ct_len;
  return true;
}

typedef struct {
  const struct nettle_aead *aead;
  void *ctx; /* context_size bytes */
  AeadMessage m;
} MetaAead;

static void meta_aead_free(void *state)
{
  MetaAead *s = state;
  if (s == NULL)
    return;
  aead_message_clear(&s->m);
  free(s->ctx);
  free(s);
}

/* A row of the evp AEAD table: the descriptor. */
typedef struct {
  const struct nettle_aead *aead;
} MetaAeadRow;

ROW_NAME_GETTER(meta_aead_impl_name, MetaAeadRow, aead->name)

static SmResult meta_aead_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const struct nettle_aead *aead = ((const MetaAeadRow *)params->impl_data)->aead;
  if (params->key.len != aead->key_size)
    return fail_len(msg, msg_len, "key", params->key.len, aead->key_size);
  if (params->iv.len != aead->nonce_size)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                  "the %s descriptor's set_nonce takes exactly %u bytes, not %zu", aead->name,
                  aead->nonce_size, params->iv.len);
  MetaAead *s = calloc(1, sizeof *s);
  if (s == NULL)
    return out_of_memory(msg, msg_len);
  s->aead = aead;
  s->ctx = malloc(aead->context_size);
  if (s->ctx == NULL) {
    meta_aead_free(s);
    return out_of_memory(msg, msg_len);
  }
  SmResult result =
      aead_message_init(&s->m, params, aead->nonce_size, aead->digest_size, msg, msg_len);
  if (result != SM_OK) {
    meta_aead_free(s);
    return result;
  }
  if (params->op == SM_OP_DECRYPT)
    aead->set_decrypt_key(s->ctx, params->key.data);
  else
    aead->set_encrypt_key(s->ctx, params->key.data);
  *state = s;
  return SM_OK;
}

static SmResult meta_aead_encrypt(void *state, SmIo *io)
{
  MetaAead *s = state;
  const struct nettle_aead *aead = s->aead;
  if (!aead_encrypt_io(&s->m, io))
    return SM_FAILED;
  aead->set_nonce(s->ctx, s->m.nonce);
  if (s->m.aad_len > 0)
    aead->update(s->ctx, s->m.aad_len, s->m.aad);
  aead->encrypt(s->ctx, io->in_len, io->out, io->in);
  aead->digest(s->ctx, s->m.tag_len, io->out + io->in_len);
  return SM_OK;
}

static SmResult meta_aead_decrypt(void *state, SmIo *io)
{
  MetaAead *s = state;
  const struct nettle_aead *aead = s->aead;
  uint8_t expected[MAX_BLOCK];
  size_t ct_len;
  if (!aead_decrypt_io(&s->m, io, &ct_len))
    return SM_FAILED;
  aead->set_nonce(s->ctx, s->m.nonce);
  if (s->m.aad_len > 0)
    aead->update(s->ctx, s->m.aad_len, s->m.aad);
  aead->decrypt(s->ctx, ct_len, io->out, io->in);
  aead->digest(s->ctx, s->m.tag_len, expected);
  return memeql_sec(expected, io->in + ct_len, s->m.tag_len) ? SM_OK : SM_FAILED;
}

#define META_AEAD(desc)                                                                            \
  {                                                                                                \
    .setup = meta_aead_setup,                                                                      \
    .op = {[SM_OP_ENCRYPT] = meta_aead_encrypt, [SM_OP_DECRYPT] = meta_aead_decrypt},              \
    .teardown = meta_aead_free, .data = (&(const MetaAeadRow){&(desc)}),                           \
    .impl_name = meta_aead_impl_name                                                               \
  }

static const SmImpl gcm_aes128_evp = META_AEAD(nettle_gcm_aes128);
static const SmImpl gcm_aes192_evp = META_AEAD(nettle_gcm_aes192);
static const SmImpl gcm_aes256_evp = META_AEAD(nettle_gcm_aes256);
static const SmImpl chacha_poly1305_evp = META_AEAD(nettle_chacha_poly1305);

/* Low AEAD: per context type, a typed key schedule and two typed whole-message calls; seal
 * writes ciphertext || tag, open checks the tag. */
typedef void LowAeadKeyFn(void *ctx, const uint8_t *key);
typedef void LowAeadSealFn(void *ctx, const AeadMessage *m, size_t length, uint8_t *dst,
                           const uint8_t *src);
typedef bool LowAeadOpenFn(void *ctx, const AeadMessage *m, size_t length, uint8_t *dst,
                           const uint8_t *src);

typedef struct {
  size_t key_size, fixed_nonce, tag_max, ctx_size;
  bool ccm; /* nonce of 7 to 13 bytes; the rest of a block is the length field */
  LowAeadKeyFn *key;
  LowAeadSealFn *seal;
  LowAeadOpenFn *open;
  const char *name; /* what the fat dispatch is asked about (impl column) */
} LowAeadRow;

ROW_NAME_GETTER(low_aead_impl_name, LowAeadRow, name)

typedef struct {
  const LowAeadRow *row;
  void *ctx; /* ctx_size bytes */
  AeadMessage m;
} LowAead;

static void low_aead_free(void *state)
{
  LowAead *s = state;
  if (s == NULL)
    return;
  aead_message_clear(&s->m);
  free(s->ctx);
  free(s);
}

/* Nettle asserts a CCM nonce of 7 to 13 bytes; the 15 - nonce bytes left in the first block
 * hold the message length. */
static SmResult ccm_check(const SmParams *params, char *msg, size_t msg_len)
{
  size_t nonce = params->iv.len;
  if (nonce < CCM_MIN_NONCE_SIZE || nonce > CCM_MAX_NONCE_SIZE)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "CCM takes a nonce of %d to %d bytes, not %zu",
                  CCM_MIN_NONCE_SIZE, CCM_MAX_NONCE_SIZE, nonce);
  size_t length_bytes = 15 - nonce;
  if (length_bytes < sizeof(size_t) && params->max_len >> (8 * length_bytes) != 0)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                  "CCM with a %zu-byte nonce carries at most %zu bytes per message, not %zu", nonce,
                  ((size_t)1 << (8 * length_bytes)) - 1, params->max_len);
  return SM_OK;
}

static SmResult low_aead_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const LowAeadRow *row = params->impl_data;
  if (params->key.len != row->key_size)
    return fail_len(msg, msg_len, "key", params->key.len, row->key_size);
  if (row->ccm) {
    SmResult result = ccm_check(params, msg, msg_len);
    if (result != SM_OK)
      return result;
  }
  LowAead *s = calloc(1, sizeof *s);
  if (s == NULL || (s->ctx = calloc(1, row->ctx_size)) == NULL) {
    low_aead_free(s);
    return out_of_memory(msg, msg_len);
  }
  s->row = row;
  SmResult result = aead_message_init(&s->m, params, row->fixed_nonce, row->tag_max, msg, msg_len);
  if (result != SM_OK) {
    low_aead_free(s);
    return result;
  }
  row->key(s->ctx, params->key.data);
  *state = s;
  return SM_OK;
}

static SmResult low_aead_encrypt(void *state, SmIo *io)
{
  LowAead *s = state;
  if (!aead_encrypt_io(&s->m, io))
    return SM_FAILED;
  s->row->seal(s->ctx, &s->m, io->in_len, io->out, io->in);
  return SM_OK;
}

static SmResult low_aead_decrypt(void *state, SmIo *io)
{
  LowAead *s = state;
  size_t ct_len;
  if (!aead_decrypt_io(&s->m, io, &ct_len))
    return SM_FAILED;
  return s->row->open(s->ctx, &s->m, ct_len, io->out, io->in) ? SM_OK : SM_FAILED;
}

static void gcm_aes128_key(void *ctx, const uint8_t *key) { gcm_aes128_set_key(ctx, key); }

static void gcm_aes128_seal(void *ctx, const AeadMessage *m, size_t length, uint8_t *dst,
                            const uint8_t *src)
{
  gcm_aes128_set_iv(ctx, m->nonce_len, m->nonce);
  if (m->aad_len > 0)
    gcm_aes128_update(ctx, m->aad_len, m->aad);
  gcm_aes128_encrypt(ctx, length, dst, src);
  gcm_aes128_digest(ctx, m->tag_len, dst + length);
}

static bool gcm_aes128_open(void *ctx, const AeadMessage *m, size_t length, uint8_t *dst,
                            const uint8_t *src)
{
  uint8_t expected[MAX_BLOCK];
  gcm_aes128_set_iv(ctx, m->nonce_len, m->nonce);
  if (m->aad_len > 0)
    gcm_aes128_update(ctx, m->aad_len, m->aad);
  gcm_aes128_decrypt(ctx, length, dst, src);
  gcm_aes128_digest(ctx, m->tag_len, expected);
  return memeql_sec(expected, src + length, m->tag_len);
}

static void gcm_aes192_key(void *ctx, const uint8_t *key) { gcm_aes192_set_key(ctx, key); }

static void gcm_aes192_seal(void *ctx, const AeadMessage *m, size_t length, uint8_t *dst,
                            const uint8_t *src)
{
  gcm_aes192_set_iv(ctx, m->nonce_len, m->nonce);
  if (m->aad_len > 0)
    gcm_aes192_update(ctx, m->aad_len, m->aad);
  gcm_aes192_encrypt(ctx, length, dst, src);
  gcm_aes192_digest(ctx, m->tag_len, dst + length);
}

static bool gcm_aes192_open(void *ctx, const AeadMessage *m, size_t length, uint8_t *dst,
                            const uint8_t *src)
{
  uint8_t expected[MAX_BLOCK];
  gcm_aes192_set_iv(ctx, m->nonce_len, m->nonce);
  if (m->aad_len > 0)
    gcm_aes192_update(ctx, m->aad_len, m->aad);
  gcm_aes192_decrypt(ctx, length, dst, src);
  gcm_aes192_digest(ctx, m->tag_len, expected);
  return memeql_sec(expected, src + length, m->tag_len);
}

static void gcm_aes256_key(void *ctx, const uint8_t *key) { gcm_aes256_set_key(ctx, key); }

static void gcm_aes256_seal(void *ctx, const AeadMessage *m, size_t length, uint8_t *dst,
                            const uint8_t *src)
{
  gcm_aes256_set_iv(ctx, m->nonce_len, m->nonce);
  if (m->aad_len > 0)
    gcm_aes256_update(ctx, m->aad_len, m->aad);
  gcm_aes256_encrypt(ctx, length, dst, src);
  gcm_aes256_digest(ctx, m->tag_len, dst + length);
}

static bool gcm_aes256_open(void *ctx, const AeadMessage *m, size_t length, uint8_t *dst,
                            const uint8_t *src)
{
  uint8_t expected[MAX_BLOCK];
  gcm_aes256_set_iv(ctx, m->nonce_len, m->nonce);
  if (m->aad_len > 0)
    gcm_aes256_update(ctx, m->aad_len, m->aad);
  gcm_aes256_decrypt(ctx, length, dst, src);
  gcm_aes256_digest(ctx, m->tag_len, expected);
  return memeql_sec(expected, src + length, m->tag_len);
}

static void chacha_poly1305_key(void *ctx, const uint8_t *key)
{
  chacha_poly1305_set_key(ctx, key);
}

static void chacha_poly1305_seal(void *ctx, const AeadMessage *m, size_t length, uint8_t *dst,
                                 const uint8_t *src)
{
  chacha_poly1305_set_nonce(ctx, m->nonce); /* 12 bytes, checked in setup */
  if (m->aad_len > 0)
    chacha_poly1305_update(ctx, m->aad_len, m->aad);
  chacha_poly1305_encrypt(ctx, length, dst, src);
  chacha_poly1305_digest(ctx, m->tag_len, dst + length);
}

static bool chacha_poly1305_open(void *ctx, const AeadMessage *m, size_t length, uint8_t *dst,
                                 const uint8_t *src)
{
  uint8_t expected[MAX_BLOCK];
  chacha_poly1305_set_nonce(ctx, m->nonce); /* 12 bytes, checked in setup */
  if (m->aad_len > 0)
    chacha_poly1305_update(ctx, m->aad_len, m->aad);
  chacha_poly1305_decrypt(ctx, length, dst, src);
  chacha_poly1305_digest(ctx, m->tag_len, expected);
  return memeql_sec(expected, src + length, m->tag_len);
}

static void ccm_aes128_key(void *ctx, const uint8_t *key) { ccm_aes128_set_key(ctx, key); }

/* The message calls: nonce, AAD, text and tag in one call, ciphertext || tag in one buffer. */
static void ccm_aes128_seal(void *ctx, const AeadMessage *m, size_t length, uint8_t *dst,
                            const uint8_t *src)
{
  ccm_aes128_encrypt_message(ctx, m->nonce_len, m->nonce, m->aad_len, m->aad, m->tag_len,
                             length + m->tag_len, dst, src);
}

static bool ccm_aes128_open(void *ctx, const AeadMessage *m, size_t length, uint8_t *dst,
                            const uint8_t *src)
{
  return ccm_aes128_decrypt_message(ctx, m->nonce_len, m->nonce, m->aad_len, m->aad, m->tag_len,
                                    length, dst, src) != 0;
}

static void ccm_aes256_key(void *ctx, const uint8_t *key) { ccm_aes256_set_key(ctx, key); }

/* The message calls: nonce, AAD, text and tag in one call, ciphertext || tag in one buffer. */
static void ccm_aes256_seal(void *ctx, const AeadMessage *m, size_t length, uint8_t *dst,
                            const uint8_t *src)
{
  ccm_aes256_encrypt_message(ctx, m->nonce_len, m->nonce, m->aad_len, m->aad, m->tag_len,
                             length + m->tag_len, dst, src);
}

static bool ccm_aes256_open(void *ctx, const AeadMessage *m, size_t length, uint8_t *dst,
                            const uint8_t *src)
{
  return ccm_aes256_decrypt_message(ctx, m->nonce_len, m->nonce, m->aad_len, m->aad, m->tag_len,
                                    length, dst, src) != 0;
}

#define LOW_AEAD(tag, key_size, fixed_nonce, tag_max, ccm)                                         \
  {                                                                                                \
    .setup = low_aead_setup,                                                                       \
    .op = {[SM_OP_ENCRYPT] = low_aead_encrypt, [SM_OP_DECRYPT] = low_aead_decrypt},                \
    .teardown = low_aead_free,                                                                     \
    .data = (&(const LowAeadRow){key_size, fixed_nonce, tag_max, sizeof(struct tag##_ctx), ccm,    \
                                 tag##_key, tag##_seal, tag##_open, #tag}),                        \
    .impl_name = low_aead_impl_name                                                                \
  }

static const SmImpl gcm_aes128_low =
    LOW_AEAD(gcm_aes128, AES128_KEY_SIZE, 0, GCM_DIGEST_SIZE, false);
static const SmImpl gcm_aes192_low =
    LOW_AEAD(gcm_aes192, AES192_KEY_SIZE, 0, GCM_DIGEST_SIZE, false);
static const SmImpl gcm_aes256_low =
    LOW_AEAD(gcm_aes256, AES256_KEY_SIZE, 0, GCM_DIGEST_SIZE, false);
static const SmImpl chacha_poly1305_low =
    LOW_AEAD(chacha_poly1305, CHACHA_POLY1305_KEY_SIZE, CHACHA_POLY1305_NONCE_SIZE,
             CHACHA_POLY1305_DIGEST_SIZE, false);
static const SmImpl ccm_aes128_low =
    LOW_AEAD(ccm_aes128, AES128_KEY_SIZE, 0, CCM_DIGEST_SIZE, true);
static const SmImpl ccm_aes256_low =
    LOW_AEAD(ccm_aes256, AES256_KEY_SIZE, 0, CCM_DIGEST_SIZE, true);

/* ------------------------------------------------------------------------------------------ */
/* Digests: a fresh hash per call                                                              */

typedef struct {
  const struct nettle_hash *hash;
  void *ctx; /* context_size bytes */
} MetaHash;

static void meta_hash_free(void *state)
{
  MetaHash *s = state;
  if (s == NULL)
    return;
  free(s->ctx);
  free(s);
}

/* A row of the evp digest and HMAC tables: the hash descriptor. */
typedef struct {
  const struct nettle_hash *hash;
} MetaHashRow;

ROW_NAME_GETTER(meta_hash_impl_name, MetaHashRow, hash->name)

static SmResult meta_hash_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const struct nettle_hash *hash = ((const MetaHashRow *)params->impl_data)->hash;
  MetaHash *s = calloc(1, sizeof *s);
  if (s == NULL)
    return out_of_memory(msg, msg_len);
  s->hash = hash;
  s->ctx = malloc(hash->context_size);
  if (s->ctx == NULL) {
    meta_hash_free(s);
    return out_of_memory(msg, msg_len);
  }
  *state = s;
  return SM_OK;
}

static SmResult meta_hash(void *state, SmIo *io)
{
  MetaHash *s = state;
  const struct nettle_hash *hash = s->hash;
  if (io->out_len < hash->digest_size)
    return SM_FAILED;
  hash->init(s->ctx);
  hash->update(s->ctx, io->in_len, io->in);
  hash->digest(s->ctx, hash->digest_size, io->out);
  io->out_len = hash->digest_size;
  return SM_OK;
}

#define META_HASH(desc)                                                                            \
  {                                                                                                \
    .setup = meta_hash_setup, .op = {[SM_OP_HASH] = meta_hash}, .teardown = meta_hash_free,        \
    .data = (&(const MetaHashRow){&(desc)}), .impl_name = meta_hash_impl_name                      \
  }

static const SmImpl md4_evp = META_HASH(nettle_md4);
static const SmImpl md5_evp = META_HASH(nettle_md5);
static const SmImpl sha1_evp = META_HASH(nettle_sha1);
static const SmImpl sha224_evp = META_HASH(nettle_sha224);
static const SmImpl sha256_evp = META_HASH(nettle_sha256);
static const SmImpl sha384_evp = META_HASH(nettle_sha384);
static const SmImpl sha512_evp = META_HASH(nettle_sha512);
static const SmImpl sha3_256_evp = META_HASH(nettle_sha3_256);
static const SmImpl sha3_512_evp = META_HASH(nettle_sha3_512);
static const SmImpl ripemd160_evp = META_HASH(nettle_ripemd160);
static const SmImpl sm3_evp = META_HASH(nettle_sm3);

/* Low digests: per context type, one typed init/update/digest of a whole message. */
typedef void LowHashFn(void *ctx, size_t length, const uint8_t *data, uint8_t *digest);

typedef struct {
  size_t ctx_size, digest_size;
  LowHashFn *hash;
  const char *name; /* what the fat dispatch is asked about (impl column) */
} LowHashRow;

ROW_NAME_GETTER(low_hash_impl_name, LowHashRow, name)

typedef struct {
  const LowHashRow *row;
  void *ctx; /* ctx_size bytes */
} LowHash;

static void low_hash_free(void *state)
{
  LowHash *s = state;
  if (s == NULL)
    return;
  free(s->ctx);
  free(s);
}

static SmResult low_hash_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const LowHashRow *row = params->impl_data;
  LowHash *s = calloc(1, sizeof *s);
  if (s == NULL || (s->ctx = calloc(1, row->ctx_size)) == NULL) {
    low_hash_free(s);
    return out_of_memory(msg, msg_len);
  }
  s->row = row;
  *state = s;
  return SM_OK;
}

static SmResult low_hash(void *state, SmIo *io)
{
  LowHash *s = state;
  if (io->out_len < s->row->digest_size)
    return SM_FAILED;
  s->row->hash(s->ctx, io->in_len, io->in, io->out);
  io->out_len = s->row->digest_size;
  return SM_OK;
}

static void md4_low_hash(void *ctx, size_t length, const uint8_t *data, uint8_t *digest)
{
  md4_init(ctx);
  md4_update(ctx, length, data);
  md4_digest(ctx, MD4_DIGEST_SIZE, digest);
}

static void md5_low_hash(void *ctx, size_t length, const uint8_t *data, uint8_t *digest)
{
  md5_init(ctx);
  md5_update(ctx, length, data);
  md5_digest(ctx, MD5_DIGEST_SIZE, digest);
}

static void sha1_low_hash(void *ctx, size_t length, const uint8_t *data, uint8_t *digest)
{
  sha1_init(ctx);
  sha1_update(ctx, length, data);
  sha1_digest(ctx, SHA1_DIGEST_SIZE, digest);
}

static void sha224_low_hash(void *ctx, size_t length, const uint8_t *data, uint8_t *digest)
{
  sha224_init(ctx);
  sha224_update(ctx, length, data);
  sha224_digest(ctx, SHA224_DIGEST_SIZE, digest);
}

static void sha256_low_hash(void *ctx, size_t length, const uint8_t *data, uint8_t *digest)
{
  sha256_init(ctx);
  sha256_update(ctx, length, data);
  sha256_digest(ctx, SHA256_DIGEST_SIZE, digest);
}

static void sha384_low_hash(void *ctx, size_t length, const uint8_t *data, uint8_t *digest)
{
  sha384_init(ctx);
  sha384_update(ctx, length, data);
  sha384_digest(ctx, SHA384_DIGEST_SIZE, digest);
}

static void sha512_low_hash(void *ctx, size_t length, const uint8_t *data, uint8_t *digest)
{
  sha512_init(ctx);
  sha512_update(ctx, length, data);
  sha512_digest(ctx, SHA512_DIGEST_SIZE, digest);
}

static void sha3_256_low_hash(void *ctx, size_t length, const uint8_t *data, uint8_t *digest)
{
  sha3_256_init(ctx);
  sha3_256_update(ctx, length, data);
  sha3_256_digest(ctx, SHA3_256_DIGEST_SIZE, digest);
}

static void sha3_512_low_hash(void *ctx, size_t length, const uint8_t *data, uint8_t *digest)
{
  sha3_512_init(ctx);
  sha3_512_update(ctx, length, data);
  sha3_512_digest(ctx, SHA3_512_DIGEST_SIZE, digest);
}

static void ripemd160_low_hash(void *ctx, size_t length, const uint8_t *data, uint8_t *digest)
{
  ripemd160_init(ctx);
  ripemd160_update(ctx, length, data);
  ripemd160_digest(ctx, RIPEMD160_DIGEST_SIZE, digest);
}

static void sm3_low_hash(void *ctx, size_t length, const uint8_t *data, uint8_t *digest)
{
  sm3_init(ctx);
  sm3_update(ctx, length, data);
  sm3_digest(ctx, SM3_DIGEST_SIZE, digest);
}

#define LOW_HASH(tag, size)                                                                        \
  {                                                                                                \
    .setup = low_hash_setup, .op = {[SM_OP_HASH] = low_hash}, .teardown = low_hash_free,           \
    .data = (&(const LowHashRow){sizeof(struct tag##_ctx), size, tag##_low_hash, #tag}),           \
    .impl_name = low_hash_impl_name                                                                \
  }

static const SmImpl md4_low = LOW_HASH(md4, MD4_DIGEST_SIZE);
static const SmImpl md5_low = LOW_HASH(md5, MD5_DIGEST_SIZE);
static const SmImpl sha1_low = LOW_HASH(sha1, SHA1_DIGEST_SIZE);
static const SmImpl sha224_low = LOW_HASH(sha224, SHA224_DIGEST_SIZE);
static const SmImpl sha256_low = LOW_HASH(sha256, SHA256_DIGEST_SIZE);
static const SmImpl sha384_low = LOW_HASH(sha384, SHA384_DIGEST_SIZE);
static const SmImpl sha512_low = LOW_HASH(sha512, SHA512_DIGEST_SIZE);
static const SmImpl sha3_256_low = LOW_HASH(sha3_256, SHA3_256_DIGEST_SIZE);
static const SmImpl sha3_512_low = LOW_HASH(sha3_512, SHA3_512_DIGEST_SIZE);
static const SmImpl ripemd160_low = LOW_HASH(ripemd160, RIPEMD160_DIGEST_SIZE);
static const SmImpl sm3_low = LOW_HASH(sm3, SM3_DIGEST_SIZE);

/* ------------------------------------------------------------------------------------------ */
/* MACs: keyed in setup; Nettle's digest functions leave the context ready for a fresh message */

/* HMAC at the evp level is the generic hmac_set_key/hmac_digest over a struct nettle_hash:
 * the nettle_hmac_* mac descriptors fix the key length to the digest size, and HMAC keys here
 * may be any length. */
typedef struct {
  const struct nettle_hash *hash;
  uint8_t *contexts; /* outer, inner, state: context_size bytes each */
} MetaHmac;

static void meta_hmac_free(void *state)
{
  MetaHmac *s = state;
  if (s == NULL)
    return;
  free(s->contexts);
  free(s);
}

static SmResult meta_hmac_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const struct nettle_hash *hash = ((const MetaHashRow *)params->impl_data)->hash;
  MetaHmac *s = calloc(1, sizeof *s);
  if (s == NULL)
    return out_of_memory(msg, msg_len);
  s->hash = hash;
  /* Context sizes are struct sizes, hence multiples of their alignment: three fit back to back. */
  s->contexts = malloc(3u * hash->context_size);
  if (s->contexts == NULL) {
    meta_hmac_free(s);
    return out_of_memory(msg, msg_len);
  }
  uint8_t *outer = s->contexts, *inner = outer + hash->context_size;
  hmac_set_key(outer, inner, inner + hash->context_size, hash, params->key.len,
               bytes_ptr(params->key));
  *state = s;
  return SM_OK;
}

static SmResult meta_hmac(void *state, SmIo *io)
{
  MetaHmac *s = state;
  const struct nettle_hash *hash = s->hash;
  uint8_t *outer = s->contexts, *inner = outer + hash->context_size;
  uint8_t *running = inner + hash->context_size;
  if (io->out_len < hash->digest_size)
    return SM_FAILED;
  hmac_update(running, hash, io->in_len, io->in);
  hmac_digest(outer, inner, running, hash, hash->digest_size, io->out);
  io->out_len = hash->digest_size;
  return SM_OK;
}

#define META_HMAC(desc)                                                                            \
  {                                                                                                \
    .setup = meta_hmac_setup, .op = {[SM_OP_MAC] = meta_hmac}, .teardown = meta_hmac_free,         \
    .data = (&(const MetaHashRow){&(desc)}), .impl_name = meta_hash_impl_name                      \
  }

static const SmImpl hmac_md5_evp = META_HMAC(nettle_md5);
static const SmImpl hmac_sha1_evp = META_HMAC(nettle_sha1);
static const SmImpl hmac_sha256_evp = META_HMAC(nettle_sha256);
static const SmImpl hmac_sha384_evp = META_HMAC(nettle_sha384);
static const SmImpl hmac_sha512_evp = META_HMAC(nettle_sha512);

typedef struct {
  const struct nettle_mac *mac;
  void *ctx; /* context_size bytes */
} MetaMac;

static void meta_mac_free(void *state)
{
  MetaMac *s = state;
  if (s == NULL)
    return;
  free(s->ctx);
  free(s);
}

/* A row of the evp MAC table: the descriptor. */
typedef struct {
  const struct nettle_mac *mac;
} MetaMacRow;

static SmResult meta_mac_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const struct nettle_mac *mac = ((const MetaMacRow *)params->impl_data)->mac;
  if (params->key.len != mac->key_size)
    return fail_len(msg, msg_len, "key", params->key.len, mac->key_size);
  MetaMac *s = calloc(1, sizeof *s);
  if (s == NULL)
    return out_of_memory(msg, msg_len);
  s->mac = mac;
  s->ctx = malloc(mac->context_size);
  if (s->ctx == NULL) {
    meta_mac_free(s);
    return out_of_memory(msg, msg_len);
  }
  mac->set_key(s->ctx, params->key.data);
  *state = s;
  return SM_OK;
}

static SmResult meta_mac(void *state, SmIo *io)
{
  MetaMac *s = state;
  const struct nettle_mac *mac = s->mac;
  if (io->out_len < mac->digest_size)
    return SM_FAILED;
  mac->update(s->ctx, io->in_len, io->in);
  mac->digest(s->ctx, mac->digest_size, io->out);
  io->out_len = mac->digest_size;
  return SM_OK;
}

static const SmImpl cmac_aes128_evp = {
    .setup = meta_mac_setup,
    .op = {[SM_OP_MAC] = meta_mac},
    .teardown = meta_mac_free,
    .data = &(const MetaMacRow){&nettle_cmac_aes128},
};

/* Low MACs: per context type, a typed keying call (false: key length refused) and a typed
 * update/digest of a whole message; the digest leaves the context keyed for the next one. */
typedef bool LowMacKeyFn(void *ctx, size_t length, const uint8_t *key);
typedef void LowMacFn(void *ctx, size_t length, const uint8_t *data, uint8_t *digest);

typedef struct {
  size_t ctx_size, digest_size;
  LowMacKeyFn *key;
  LowMacFn *mac;
  const char *name; /* what the fat dispatch is asked about (impl column) */
} LowMacRow;

ROW_NAME_GETTER(low_mac_impl_name, LowMacRow, name)

typedef struct {
  const LowMacRow *row;
  void *ctx; /* ctx_size bytes */
} LowMac;

static void low_mac_free(void *state)
{
  LowMac *s = state;
  if (s == NULL)
    return;
  free(s->ctx);
  free(s);
}

static SmResult low_mac_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const LowMacRow *row = params->impl_data;
  LowMac *s = calloc(1, sizeof *s);
  if (s == NULL || (s->ctx = calloc(1, row->ctx_size)) == NULL) {
    low_mac_free(s);
    return out_of_memory(msg, msg_len);
  }
  s->row = row;
  if (!row->key(s->ctx, params->key.len, bytes_ptr(params->key))) {
    low_mac_free(s);
    return sm_msg(SM_FAILED, msg, msg_len, "key of %zu bytes refused", params->key.len);
  }
  *state = s;
  return SM_OK;
}

static SmResult low_mac(void *state, SmIo *io)
{
  LowMac *s = state;
  if (io->out_len < s->row->digest_size)
    return SM_FAILED;
  s->row->mac(s->ctx, io->in_len, io->in, io->out);
  io->out_len = s->row->digest_size;
  return SM_OK;
}

static bool cmac_aes128_key(void *ctx, size_t length, const uint8_t *key)
{
  if (length != AES128_KEY_SIZE)
    return false;
  cmac_aes128_set_key(ctx, key);
  return true;
}

static bool hmac_md5_key(void *ctx, size_t length, const uint8_t *key)
{
  hmac_md5_set_key(ctx, length, key);
  return true;
}

static bool hmac_sha1_key(void *ctx, size_t length, const uint8_t *key)
{
  hmac_sha1_set_key(ctx, length, key);
  return true;
}

static bool hmac_sha256_key(void *ctx, size_t length, const uint8_t *key)
{
  hmac_sha256_set_key(ctx, length, key);
  return true;
}

static bool hmac_sha384_key(void *ctx, size_t length, const uint8_t *key)
{
  hmac_sha384_set_key(ctx, length, key);
  return true;
}

static bool hmac_sha512_key(void *ctx, size_t length, const uint8_t *key)
{
  hmac_sha512_set_key(ctx, length, key);
  return true;
}

static void hmac_md5_mac(void *ctx, size_t length, const uint8_t *data, uint8_t *digest)
{
  hmac_md5_update(ctx, length, data);
  hmac_md5_digest(ctx, MD5_DIGEST_SIZE, digest);
}

static void hmac_sha1_mac(void *ctx, size_t length, const uint8_t *data, uint8_t *digest)
{
  hmac_sha1_update(ctx, length, data);
  hmac_sha1_digest(ctx, SHA1_DIGEST_SIZE, digest);
}

static void hmac_sha256_mac(void *ctx, size_t length, const uint8_t *data, uint8_t *digest)
{
  hmac_sha256_update(ctx, length, data);
  hmac_sha256_digest(ctx, SHA256_DIGEST_SIZE, digest);
}

static void hmac_sha384_mac(void *ctx, size_t length, const uint8_t *data, uint8_t *digest)
{
  hmac_sha384_update(ctx, length, data);
  hmac_sha384_digest(ctx, SHA384_DIGEST_SIZE, digest);
}

static void hmac_sha512_mac(void *ctx, size_t length, const uint8_t *data, uint8_t *digest)
{
  hmac_sha512_update(ctx, length, data);
  hmac_sha512_digest(ctx, SHA512_DIGEST_SIZE, digest);
}

static void cmac_aes128_mac(void *ctx, size_t length, const uint8_t *data, uint8_t *digest)
{
  cmac_aes128_update(ctx, length, data);
  cmac_aes128_digest(ctx, CMAC128_DIGEST_SIZE, digest);
}

#define LOW_MAC(tag, size)                                                                         \
  {                                                                                                \
    .setup = low_mac_setup, .op = {[SM_OP_MAC] = low_mac}, .teardown = low_mac_free,               \
    .data = (&(const LowMacRow){sizeof(struct tag##_ctx), size, tag##_key, tag##_mac, #tag}),      \
    .impl_name = low_mac_impl_name                                                                 \
  }

static const SmImpl hmac_md5_low = LOW_MAC(hmac_md5, MD5_DIGEST_SIZE);
static const SmImpl hmac_sha1_low = LOW_MAC(hmac_sha1, SHA1_DIGEST_SIZE);
static const SmImpl hmac_sha256_low = LOW_MAC(hmac_sha256, SHA256_DIGEST_SIZE);
static const SmImpl hmac_sha384_low = LOW_MAC(hmac_sha384, SHA384_DIGEST_SIZE);
static const SmImpl hmac_sha512_low = LOW_MAC(hmac_sha512, SHA512_DIGEST_SIZE);
static const SmImpl cmac_aes128_low = LOW_MAC(cmac_aes128, CMAC128_DIGEST_SIZE);

/* ------------------------------------------------------------------------------------------ */
/* Bignum helpers for Hogweed                                                                  */

static void bignum_set(mpz_t z, SmBytes b) { nettle_mpz_set_str_256_u(z, b.len, bytes_ptr(b)); }

static size_t bignum_bytes(const mpz_t z) { return (mpz_sizeinbase(z, 2) + 7) / 8; }

/* DSA/ECDSA signature encoding: r || s, each big-endian and zero-padded to `width`. */
static void signature_put(const struct dsa_signature *sig, size_t width, uint8_t *out)
{
  nettle_mpz_get_str_256(width, out, sig->r);
  nettle_mpz_get_str_256(width, out + width, sig->s);
}

static void signature_get(struct dsa_signature *sig, size_t width, const uint8_t *in)
{
  nettle_mpz_set_str_256_u(sig->r, width, in);
  nettle_mpz_set_str_256_u(sig->s, width, in + width);
}

/* Preallocate signature limbs so that signing does not grow them in the timed loop. */
static void signature_init(struct dsa_signature *sig, size_t bits)
{
  mpz_init2(sig->r, bits);
  mpz_init2(sig->s, bits);
}

/* ------------------------------------------------------------------------------------------ */
/* RSA: PKCS#1 v1.5 with SHA-256                                                               */

typedef struct {
  struct rsa_public_key pub;
  struct rsa_private_key key;
  struct knuth_lfib_ctx rng;
  mpz_t signature;
} Rsa;

static void rsa_free(void *state)
{
  Rsa *s = state;
  if (s == NULL)
    return;
  rsa_public_key_clear(&s->pub);
  rsa_private_key_clear(&s->key);
  mpz_clear(s->signature);
  free(s);
}

static SmResult rsa_load(Rsa *s, const SmParams *params, char *msg, size_t msg_len)
{
  const SmRsaKey *k = &params->rsa;
  bignum_set(s->pub.n, k->n);
  bignum_set(s->pub.e, k->e);
  if (!rsa_public_key_prepare(&s->pub))
    return sm_msg(SM_FAILED, msg, msg_len, "rsa_public_key_prepare refused n, e");
  if (params->op != SM_OP_SIGN)
    return SM_OK;
  if (k->p.len == 0 || k->q.len == 0 || k->dp.len == 0 || k->dq.len == 0 || k->qinv.len == 0)
    return sm_msg(SM_FAILED, msg, msg_len, "signing needs p, q, dp, dq, qinv");
  bignum_set(s->key.d, k->d);
  bignum_set(s->key.p, k->p);
  bignum_set(s->key.q, k->q);
  bignum_set(s->key.a, k->dp);
  bignum_set(s->key.b, k->dq);
  bignum_set(s->key.c, k->qinv);
  if (!rsa_private_key_prepare(&s->key) || s->key.size != s->pub.size)
    return sm_msg(SM_FAILED, msg, msg_len, "rsa_private_key_prepare refused the key");
  /* Nettle signs from p and q alone: make sure they belong to n. */
  mpz_t product;
  mpz_init(product);
  mpz_mul(product, s->key.p, s->key.q);
  bool matches = mpz_cmp(product, s->pub.n) == 0;
  mpz_clear(product);
  if (!matches)
    return sm_msg(SM_FAILED, msg, msg_len, "p * q != n");
  return SM_OK;
}

static SmResult rsa_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  Rsa *s = calloc(1, sizeof *s);
  if (s == NULL)
    return out_of_memory(msg, msg_len);
  rsa_public_key_init(&s->pub);
  rsa_private_key_init(&s->key);
  mpz_init2(s->signature, 8 * params->rsa.n.len + GMP_NUMB_BITS);
  lfib_seed(&s->rng, params->seed);
  SmResult result = rsa_load(s, params, msg, msg_len);
  if (result != SM_OK) {
    rsa_free(s);
    return result;
  }
  *state = s;
  return SM_OK;
}

static SmResult rsa_sign(void *state, SmIo *io)
{
  Rsa *s = state;
  struct sha256_ctx hash;
  if (io->out_len < s->pub.size)
    return SM_FAILED;
  sha256_init(&hash);
  sha256_update(&hash, io->in_len, io->in);
  if (!rsa_sha256_sign_tr(&s->pub, &s->key, &s->rng, lfib_random, &hash, s->signature))
    return SM_FAILED;
  nettle_mpz_get_str_256(s->pub.size, io->out, s->signature);
  io->out_len = s->pub.size;
  return SM_OK;
}

static SmResult rsa_verify(void *state, SmIo *io)
{
  Rsa *s = state;
  struct sha256_ctx hash;
  /* A signature is exactly the modulus length (RFC 8017 8.2.2 step 1), as OpenSSL insists. */
  if (io->aux_len != s->pub.size)
    return SM_FAILED;
  nettle_mpz_set_str_256_u(s->signature, io->aux_len, io->aux);
  sha256_init(&hash);
  sha256_update(&hash, io->in_len, io->in);
  io->out_len = 0;
  return rsa_sha256_verify(&s->pub, &hash, s->signature) ? SM_OK : SM_FAILED;
}

static const SmImpl rsa_low = {
    .setup = rsa_setup,
    .op = {[SM_OP_SIGN] = rsa_sign, [SM_OP_VERIFY] = rsa_verify},
    .teardown = rsa_free,
};

/* ------------------------------------------------------------------------------------------ */
/* DSA with SHA-256                                                                            */

typedef struct {
  struct dsa_params params;
  mpz_t y, x;
  struct dsa_signature sig;
  struct knuth_lfib_ctx rng;
  size_t q_bytes;
} Dsa;

static void dsa_free(void *state)
{
  Dsa *s = state;
  if (s == NULL)
    return;
  dsa_params_clear(&s->params);
  mpz_clear(s->y);
  mpz_clear(s->x);
  dsa_signature_clear(&s->sig);
  free(s);
}

static SmResult dsa_load(Dsa *s, const SmParams *params, char *msg, size_t msg_len)
{
  const SmDsaKey *k = &params->dsa;
  if (k->p.len == 0 || k->q.len == 0 || k->g.len == 0 || k->y.len == 0)
    return sm_msg(SM_FAILED, msg, msg_len, "DSA needs p, q, g and y");
  if (params->op == SM_OP_SIGN && k->x.len == 0)
    return sm_msg(SM_FAILED, msg, msg_len, "signing needs x");
  bignum_set(s->params.p, k->p);
  bignum_set(s->params.q, k->q);
  bignum_set(s->params.g, k->g);
  bignum_set(s->y, k->y);
  bignum_set(s->x, k->x);
  s->q_bytes = bignum_bytes(s->params.q);
  return SM_OK;
}

static SmResult dsa_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  Dsa *s = calloc(1, sizeof *s);
  if (s == NULL)
    return out_of_memory(msg, msg_len);
  dsa_params_init(&s->params);
  mpz_init(s->y);
  mpz_init(s->x);
  signature_init(&s->sig, 8 * params->dsa.q.len + GMP_NUMB_BITS);
  lfib_seed(&s->rng, params->seed);
  SmResult result = dsa_load(s, params, msg, msg_len);
  if (result != SM_OK) {
    dsa_free(s);
    return result;
  }
  *state = s;
  return SM_OK;
}

static SmResult dsa_sign_op(void *state, SmIo *io)
{
  Dsa *s = state;
  uint8_t digest[SHA256_DIGEST_SIZE];
  struct sha256_ctx hash;
  if (io->out_len < 2 * s->q_bytes)
    return SM_FAILED;
  sha256_init(&hash);
  sha256_update(&hash, io->in_len, io->in);
  sha256_digest(&hash, sizeof digest, digest);
  if (!dsa_sign(&s->params, s->x, &s->rng, lfib_random, sizeof digest, digest, &s->sig))
    return SM_FAILED;
  signature_put(&s->sig, s->q_bytes, io->out);
  io->out_len = 2 * s->q_bytes;
  return SM_OK;
}

static SmResult dsa_verify_op(void *state, SmIo *io)
{
  Dsa *s = state;
  uint8_t digest[SHA256_DIGEST_SIZE];
  struct sha256_ctx hash;
  if (io->aux_len != 2 * s->q_bytes)
    return SM_FAILED;
  signature_get(&s->sig, s->q_bytes, io->aux);
  sha256_init(&hash);
  sha256_update(&hash, io->in_len, io->in);
  sha256_digest(&hash, sizeof digest, digest);
  io->out_len = 0;
  return dsa_verify(&s->params, s->y, sizeof digest, digest, &s->sig) ? SM_OK : SM_FAILED;
}

static const SmImpl dsa_low = {
    .setup = dsa_setup,
    .op = {[SM_OP_SIGN] = dsa_sign_op, [SM_OP_VERIFY] = dsa_verify_op},
    .teardown = dsa_free,
};

/* ------------------------------------------------------------------------------------------ */
/* ECDSA and ECDH on the NIST curves                                                           */

typedef void DigestFn(size_t length, const uint8_t *data, uint8_t *digest);

static void sha256_oneshot(size_t length, const uint8_t *data, uint8_t *digest)
{
  struct sha256_ctx ctx;
  sha256_init(&ctx);
  sha256_update(&ctx, length, data);
  sha256_digest(&ctx, SHA256_DIGEST_SIZE, digest);
}

static void sha384_oneshot(size_t length, const uint8_t *data, uint8_t *digest)
{
  struct sha384_ctx ctx;
  sha384_init(&ctx);
  sha384_update(&ctx, length, data);
  sha384_digest(&ctx, SHA384_DIGEST_SIZE, digest);
}

static void sha512_oneshot(size_t length, const uint8_t *data, uint8_t *digest)
{
  struct sha512_ctx ctx;
  sha512_init(&ctx);
  sha512_update(&ctx, length, data);
  sha512_digest(&ctx, SHA512_DIGEST_SIZE, digest);
}

typedef struct {
  const struct ecc_curve *(*curve)(void);
  DigestFn *digest; /* ECDSA's hash for this curve */
  size_t digest_size;
} EcSuite;

static const EcSuite p256_suite = {nettle_get_secp_256r1, sha256_oneshot, SHA256_DIGEST_SIZE};
static const EcSuite p384_suite = {nettle_get_secp_384r1, sha384_oneshot, SHA384_DIGEST_SIZE};
static const EcSuite p521_suite = {nettle_get_secp_521r1, sha512_oneshot, SHA512_DIGEST_SIZE};

/* Field and group order have the same byte length on the NIST prime curves. */
static size_t curve_bytes(const struct ecc_curve *curve) { return (ecc_bit_size(curve) + 7) / 8; }

/* 0x04 || x || y with fixed-width coordinates; ecc_point_set checks the curve equation. */
static bool point_from_bytes(struct ecc_point *point, SmBytes b, size_t width)
{
  if (b.len != 1 + 2 * width || b.data[0] != 0x04)
    return false;
  mpz_t x, y;
  mpz_init(x);
  mpz_init(y);
  nettle_mpz_set_str_256_u(x, width, b.data + 1);
  nettle_mpz_set_str_256_u(y, width, b.data + 1 + width);
  bool ok = ecc_point_set(point, x, y) != 0;
  mpz_clear(x);
  mpz_clear(y);
  return ok;
}

/* ecc_scalar_set checks 0 < d < n. */
static bool scalar_from_bytes(struct ecc_scalar *scalar, SmBytes b)
{
  if (b.len == 0)
    return false;
  mpz_t z;
  nettle_mpz_init_set_str_256_u(z, b.len, b.data);
  bool ok = ecc_scalar_set(scalar, z) != 0;
  mpz_clear(z);
  return ok;
}

typedef struct {
  const EcSuite *suite;
  struct ecc_point pub;
  struct ecc_scalar key;
  struct dsa_signature sig;
  struct knuth_lfib_ctx rng;
  size_t width;
} Ecdsa;

static void ecdsa_free(void *state)
{
  Ecdsa *s = state;
  if (s == NULL)
    return;
  ecc_point_clear(&s->pub);
  ecc_scalar_clear(&s->key);
  dsa_signature_clear(&s->sig);
  free(s);
}

static SmResult ecdsa_load(Ecdsa *s, const SmParams *params, char *msg, size_t msg_len)
{
  bool has_priv = params->priv.len > 0;
  if (params->op == SM_OP_SIGN && !has_priv)
    return sm_msg(SM_FAILED, msg, msg_len, "signing needs the private scalar");
  if (has_priv && !scalar_from_bytes(&s->key, params->priv))
    return sm_msg(SM_FAILED, msg, msg_len, "private scalar out of range");
  if (params->pub.len > 0) {
    if (!point_from_bytes(&s->pub, params->pub, s->width))
      return sm_msg(SM_FAILED, msg, msg_len, "public key is not 04||x||y on the curve");
  } else if (has_priv) {
    ecc_point_mul_g(&s->pub, &s->key);
  } else {
    return sm_msg(SM_FAILED, msg, msg_len, "neither a private nor a public key");
  }
  return SM_OK;
}

static SmResult ecdsa_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const EcSuite *suite = params->impl_data;
  const struct ecc_curve *curve = suite->curve();
  Ecdsa *s = calloc(1, sizeof *s);
  if (s == NULL)
    return out_of_memory(msg, msg_len);
  s->suite = suite;
  s->width = curve_bytes(curve);
  ecc_point_init(&s->pub, curve);
  ecc_scalar_init(&s->key, curve);
  signature_init(&s->sig, ecc_bit_size(curve) + GMP_NUMB_BITS);
  lfib_seed(&s->rng, params->seed);
  SmResult result = ecdsa_load(s, params, msg, msg_len);
  if (result != SM_OK) {
    ecdsa_free(s);
    return result;
  }
  *state = s;
  return SM_OK;
}

static SmResult ecdsa_sign_op(void *state, SmIo *io)
{
  Ecdsa *s = state;
  uint8_t digest[SHA512_DIGEST_SIZE];
  if (io->out_len < 2 * s->width)
    return SM_FAILED;
  s->suite->digest(io->in_len, io->in, digest);
  ecdsa_sign(&s->key, &s->rng, lfib_random, s->suite->digest_size, digest, &s->sig);
  signature_put(&s->sig, s->width, io->out);
  io->out_len = 2 * s->width;
  return SM_OK;
}

static SmResult ecdsa_verify_op(void *state, SmIo *io)
{
  Ecdsa *s = state;
  uint8_t digest[SHA512_DIGEST_SIZE];
  if (io->aux_len != 2 * s->width)
    return SM_FAILED;
  signature_get(&s->sig, s->width, io->aux);
  s->suite->digest(io->in_len, io->in, digest);
  io->out_len = 0;
  return ecdsa_verify(&s->pub, s->suite->digest_size, digest, &s->sig) ? SM_OK : SM_FAILED;
}

typedef struct {
  struct ecc_scalar priv;
  struct ecc_point peer, shared;
  mpz_t x;
  size_t width;
} Ecdh;

static void ecdh_free(void *state)
{
  Ecdh *s = state;
  if (s == NULL)
    return;
  ecc_scalar_clear(&s->priv);
  ecc_point_clear(&s->peer);
  ecc_point_clear(&s->shared);
  mpz_clear(s->x);
  free(s);
}

static SmResult ecdh_load(Ecdh *s, const struct ecc_curve *curve, const SmParams *params, char *msg,
                          size_t msg_len)
{
  if (!scalar_from_bytes(&s->priv, params->priv))
    return sm_msg(SM_FAILED, msg, msg_len, "private scalar missing or out of range");
  if (params->peer_pub.len > 0) {
    if (!point_from_bytes(&s->peer, params->peer_pub, s->width))
      return sm_msg(SM_FAILED, msg, msg_len, "peer key is not 04||x||y on the curve");
    return SM_OK;
  }
  struct ecc_scalar peer_priv;
  ecc_scalar_init(&peer_priv, curve);
  bool ok = scalar_from_bytes(&peer_priv, params->peer_priv);
  if (ok)
    ecc_point_mul_g(&s->peer, &peer_priv);
  ecc_scalar_clear(&peer_priv);
  return ok ? SM_OK : sm_msg(SM_FAILED, msg, msg_len, "no usable peer_pub or peer_priv");
}

static SmResult ecdh_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const EcSuite *suite = params->impl_data;
  const struct ecc_curve *curve = suite->curve();
  Ecdh *s = calloc(1, sizeof *s);
  if (s == NULL)
    return out_of_memory(msg, msg_len);
  s->width = curve_bytes(curve);
  ecc_scalar_init(&s->priv, curve);
  ecc_point_init(&s->peer, curve);
  ecc_point_init(&s->shared, curve);
  mpz_init2(s->x, ecc_bit_size(curve) + GMP_NUMB_BITS);
  SmResult result = ecdh_load(s, curve, params, msg, msg_len);
  if (result != SM_OK) {
    ecdh_free(s);
    return result;
  }
  *state = s;
  return SM_OK;
}

static SmResult ecdh_derive(void *state, SmIo *io)
{
  Ecdh *s = state;
  if (io->out_len < s->width)
    return SM_FAILED;
  ecc_point_mul(&s->shared, &s->priv, &s->peer);
  ecc_point_get(&s->shared, s->x, NULL);
  nettle_mpz_get_str_256(s->width, io->out, s->x);
  io->out_len = s->width;
  return SM_OK;
}

/* The rows are the EcSuites above. */
#define LOW_ECDSA(suite)                                                                           \
  {                                                                                                \
    .setup = ecdsa_setup, .op = {[SM_OP_SIGN] = ecdsa_sign_op, [SM_OP_VERIFY] = ecdsa_verify_op},  \
    .teardown = ecdsa_free, .data = &(suite)                                                       \
  }
#define LOW_ECDH(suite)                                                                            \
  {                                                                                                \
    .setup = ecdh_setup, .op = {[SM_OP_DERIVE] = ecdh_derive}, .teardown = ecdh_free,              \
    .data = &(suite)                                                                               \
  }

static const SmImpl ecdsa_p256_low = LOW_ECDSA(p256_suite);
static const SmImpl ecdsa_p384_low = LOW_ECDSA(p384_suite);
static const SmImpl ecdsa_p521_low = LOW_ECDSA(p521_suite);
static const SmImpl ecdh_p256_low = LOW_ECDH(p256_suite);
static const SmImpl ecdh_p384_low = LOW_ECDH(p384_suite);

/* ------------------------------------------------------------------------------------------ */
/* EdDSA and X25519/X448: fixed-size byte strings in, the typed calls through a small suite     */

#define EDDSA_MAX_KEY ED448_KEY_SIZE

typedef struct {
  size_t key_size, signature_size;
  void (*public_key)(uint8_t *pub, const uint8_t *priv);
  void (*sign)(const uint8_t *pub, const uint8_t *priv, size_t length, const uint8_t *msg,
               uint8_t *signature);
  int (*verify)(const uint8_t *pub, size_t length, const uint8_t *msg, const uint8_t *signature);
} EddsaSuite;

static const EddsaSuite ed25519_suite = {ED25519_KEY_SIZE, ED25519_SIGNATURE_SIZE,
                                         ed25519_sha512_public_key, ed25519_sha512_sign,
                                         ed25519_sha512_verify};
static const EddsaSuite ed448_suite = {ED448_KEY_SIZE, ED448_SIGNATURE_SIZE,
                                       ed448_shake256_public_key, ed448_shake256_sign,
                                       ed448_shake256_verify};

typedef struct {
  const EddsaSuite *suite;
  uint8_t priv[EDDSA_MAX_KEY];
  uint8_t pub[EDDSA_MAX_KEY];
} Eddsa;

static SmResult eddsa_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const EddsaSuite *suite = params->impl_data;
  bool has_priv = params->priv.len > 0;
  if (params->op == SM_OP_SIGN && !has_priv)
    return sm_msg(SM_FAILED, msg, msg_len, "signing needs the secret seed");
  if (has_priv && params->priv.len != suite->key_size)
    return fail_len(msg, msg_len, "secret seed", params->priv.len, suite->key_size);
  if (params->pub.len > 0 && params->pub.len != suite->key_size)
    return fail_len(msg, msg_len, "public key", params->pub.len, suite->key_size);
  if (!has_priv && params->pub.len == 0)
    return sm_msg(SM_FAILED, msg, msg_len, "neither a secret seed nor a public key");
  Eddsa *s = calloc(1, sizeof *s);
  if (s == NULL)
    return out_of_memory(msg, msg_len);
  s->suite = suite;
  if (has_priv)
    memcpy(s->priv, params->priv.data, suite->key_size);
  if (params->pub.len > 0)
    memcpy(s->pub, params->pub.data, suite->key_size);
  else
    suite->public_key(s->pub, s->priv);
  *state = s;
  return SM_OK;
}

static SmResult eddsa_sign(void *state, SmIo *io)
{
  Eddsa *s = state;
  if (io->out_len < s->suite->signature_size)
    return SM_FAILED;
  s->suite->sign(s->pub, s->priv, io->in_len, io->in, io->out);
  io->out_len = s->suite->signature_size;
  return SM_OK;
}

static SmResult eddsa_verify(void *state, SmIo *io)
{
  Eddsa *s = state;
  if (io->aux_len != s->suite->signature_size)
    return SM_FAILED;
  io->out_len = 0;
  return s->suite->verify(s->pub, io->in_len, io->in, io->aux) ? SM_OK : SM_FAILED;
}

#define XDH_MAX_SIZE CURVE448_SIZE

typedef struct {
  size_t size;
  void (*mul_g)(uint8_t *q, const uint8_t *n);
  void (*mul)(uint8_t *q, const uint8_t *n, const uint8_t *p);
} XdhSuite;

static const XdhSuite x25519_suite = {CURVE25519_SIZE, curve25519_mul_g, curve25519_mul};
static const XdhSuite x448_suite = {CURVE448_SIZE, curve448_mul_g, curve448_mul};

typedef struct {
  const XdhSuite *suite;
  uint8_t priv[XDH_MAX_SIZE];
  uint8_t peer[XDH_MAX_SIZE];
} Xdh;

static SmResult xdh_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const XdhSuite *suite = params->impl_data;
  if (params->priv.len != suite->size)
    return fail_len(msg, msg_len, "private scalar", params->priv.len, suite->size);
  bool has_peer_pub = params->peer_pub.len > 0;
  SmBytes peer = has_peer_pub ? params->peer_pub : params->peer_priv;
  if (peer.len != suite->size)
    return fail_len(msg, msg_len, has_peer_pub ? "peer_pub" : "peer_priv", peer.len, suite->size);
  Xdh *s = calloc(1, sizeof *s);
  if (s == NULL)
    return out_of_memory(msg, msg_len);
  s->suite = suite;
  memcpy(s->priv, params->priv.data, suite->size);
  if (has_peer_pub)
    memcpy(s->peer, peer.data, suite->size);
  else
    suite->mul_g(s->peer, peer.data);
  *state = s;
  return SM_OK;
}

static SmResult xdh_derive(void *state, SmIo *io)
{
  Xdh *s = state;
  size_t size = s->suite->size;
  if (io->out_len < size)
    return SM_FAILED;
  s->suite->mul(io->out, s->priv, s->peer);
  io->out_len = size;
  /* RFC 7748 6.1: an all-zero secret means a low-order peer point; OpenSSL refuses it too. */
  uint8_t any = 0;
  for (size_t i = 0; i < size; i++)
    any |= io->out[i];
  return any != 0 ? SM_OK : SM_FAILED;
}

/* The rows are the EddsaSuites and XdhSuites above. */
#define LOW_EDDSA(suite)                                                                           \
  {                                                                                                \
    .setup = eddsa_setup, .op = {[SM_OP_SIGN] = eddsa_sign, [SM_OP_VERIFY] = eddsa_verify},        \
    .teardown = free, .data = &(suite)                                                             \
  }
#define LOW_XDH(suite)                                                                             \
  {                                                                                                \
    .setup = xdh_setup, .op = {[SM_OP_DERIVE] = xdh_derive}, .teardown = free, .data = &(suite)    \
  }

static const SmImpl ed25519_low = LOW_EDDSA(ed25519_suite);
static const SmImpl ed448_low = LOW_EDDSA(ed448_suite);
static const SmImpl x25519_low = LOW_XDH(x25519_suite);
static const SmImpl x448_low = LOW_XDH(x448_suite);

/* ------------------------------------------------------------------------------------------ */
/* The table                                                                                   */

#define NO_PK_META                                                                                 \
  "Nettle has no generic (nettle-meta) interface for public-key algorithms; see low"

#define NO_CCM_META "nettle-meta.h has no CCM descriptor (no struct nettle_aead for CCM); see low"

#define BOTH(n, k, tag)                                                                            \
  {                                                                                                \
    .name = n, .kind = k, .impl = { &tag##_evp, &tag##_low }                                       \
  }
#define LOW_ONLY(n, k, low, why)                                                                   \
  {                                                                                                \
    .name = n, .kind = k, .impl = {NULL, &low}, .why_not = { why, NULL }                           \
  }

static const SmAlgorithm algorithms[] = {
    BOTH("aes-128-cbc", SM_KIND_CIPHER, aes128_cbc),
    BOTH("aes-192-cbc", SM_KIND_CIPHER, aes192_cbc),
    BOTH("aes-256-cbc", SM_KIND_CIPHER, aes256_cbc),
    BOTH("aes-128-ctr", SM_KIND_CIPHER, aes128_ctr),
    BOTH("aes-192-ctr", SM_KIND_CIPHER, aes192_ctr),
    BOTH("aes-256-ctr", SM_KIND_CIPHER, aes256_ctr),
    BOTH("aes-128-xts", SM_KIND_CIPHER, aes128_xts),
    BOTH("aes-256-xts", SM_KIND_CIPHER, aes256_xts),
    LOW_ONLY("chacha20", SM_KIND_CIPHER, chacha20_low,
             "nettle-meta has no ChaCha descriptor (struct nettle_cipher is for block ciphers)"),
    BOTH("camellia-128-cbc", SM_KIND_CIPHER, camellia128_cbc),
    BOTH("twofish-cbc", SM_KIND_CIPHER, twofish128_cbc),
    BOTH("serpent-cbc", SM_KIND_CIPHER, serpent128_cbc),
    BOTH("cast5-cbc", SM_KIND_CIPHER, cast128_cbc),
    LOW_ONLY("bf-cbc", SM_KIND_CIPHER, blowfish128_cbc_low,
             "libnettle exports no Blowfish nettle_cipher descriptor (nettle-meta.h has none)"),
    BOTH("rc2-cbc", SM_KIND_CIPHER, arctwo128_cbc),
    LOW_ONLY("des-cbc", SM_KIND_CIPHER, des_cbc_low,
             "libnettle exports no DES nettle_cipher descriptor (nettle-meta.h has none)"),
    LOW_ONLY("des-ede3-cbc", SM_KIND_CIPHER, des3_cbc_low,
             "libnettle exports no 3DES nettle_cipher descriptor (nettle-meta.h has none)"),
    LOW_ONLY("rc4", SM_KIND_CIPHER, rc4_low,
             "libnettle exports no ARCFOUR nettle_cipher descriptor (nettle-meta.h has none)"),
    BOTH("aes-128-gcm", SM_KIND_AEAD, gcm_aes128),
    BOTH("aes-192-gcm", SM_KIND_AEAD, gcm_aes192),
    BOTH("aes-256-gcm", SM_KIND_AEAD, gcm_aes256),
    LOW_ONLY("aes-128-ccm", SM_KIND_AEAD, ccm_aes128_low, NO_CCM_META),
    LOW_ONLY("aes-256-ccm", SM_KIND_AEAD, ccm_aes256_low, NO_CCM_META),
    BOTH("chacha20-poly1305", SM_KIND_AEAD, chacha_poly1305),
    BOTH("md4", SM_KIND_DIGEST, md4),
    BOTH("md5", SM_KIND_DIGEST, md5),
    BOTH("sha1", SM_KIND_DIGEST, sha1),
    BOTH("sha224", SM_KIND_DIGEST, sha224),
    BOTH("sha256", SM_KIND_DIGEST, sha256),
    BOTH("sha384", SM_KIND_DIGEST, sha384),
    BOTH("sha512", SM_KIND_DIGEST, sha512),
    BOTH("sha3-256", SM_KIND_DIGEST, sha3_256),
    BOTH("sha3-512", SM_KIND_DIGEST, sha3_512),
    BOTH("ripemd160", SM_KIND_DIGEST, ripemd160),
    BOTH("sm3", SM_KIND_DIGEST, sm3),
    BOTH("hmac-md5", SM_KIND_MAC, hmac_md5),
    BOTH("hmac-sha1", SM_KIND_MAC, hmac_sha1),
    BOTH("hmac-sha256", SM_KIND_MAC, hmac_sha256),
    BOTH("hmac-sha384", SM_KIND_MAC, hmac_sha384),
    BOTH("hmac-sha512", SM_KIND_MAC, hmac_sha512),
    BOTH("cmac-aes128", SM_KIND_MAC, cmac_aes128),
    LOW_ONLY("rsa1024", SM_KIND_SIGNATURE, rsa_low, NO_PK_META),
    LOW_ONLY("rsa2048", SM_KIND_SIGNATURE, rsa_low, NO_PK_META),
    LOW_ONLY("rsa3072", SM_KIND_SIGNATURE, rsa_low, NO_PK_META),
    LOW_ONLY("rsa4096", SM_KIND_SIGNATURE, rsa_low, NO_PK_META),
    LOW_ONLY("dsa1024", SM_KIND_SIGNATURE, dsa_low, NO_PK_META),
    LOW_ONLY("dsa2048", SM_KIND_SIGNATURE, dsa_low, NO_PK_META),
    LOW_ONLY("ecdsa-p256", SM_KIND_SIGNATURE, ecdsa_p256_low, NO_PK_META),
    LOW_ONLY("ecdsa-p384", SM_KIND_SIGNATURE, ecdsa_p384_low, NO_PK_META),
    LOW_ONLY("ecdsa-p521", SM_KIND_SIGNATURE, ecdsa_p521_low, NO_PK_META),
    LOW_ONLY("ed25519", SM_KIND_SIGNATURE, ed25519_low, NO_PK_META),
    LOW_ONLY("ed448", SM_KIND_SIGNATURE, ed448_low, NO_PK_META),
    LOW_ONLY("x25519", SM_KIND_KEX, x25519_low, NO_PK_META),
    LOW_ONLY("x448", SM_KIND_KEX, x448_low, NO_PK_META),
    LOW_ONLY("ecdh-p256", SM_KIND_KEX, ecdh_p256_low, NO_PK_META),
    LOW_ONLY("ecdh-p384", SM_KIND_KEX, ecdh_p384_low, NO_PK_META),
    {.name = NULL},
};

/* ------------------------------------------------------------------------------------------ */
/* The engine                                                                                  */

static const char *lib_version(void)
{
  static char version[32];
  snprintf(version, sizeof version, "%d.%d", nettle_version_major(), nettle_version_minor());
  return version;
}

/* The fat build picks its CPU-specific code when the library loads, from cpuid or from
 * NETTLE_FAT_OVERRIDE: turning acceleration off is accel_off_env's job, init only reports it. */
static SmResult engine_init(const SmEngineConfig *config, char *msg, size_t msg_len)
{
  (void)config;
  const char *override = getenv("NETTLE_FAT_OVERRIDE");
  return sm_msg(SM_OK, msg, msg_len, "NETTLE_FAT_OVERRIDE=%s",
                override != NULL ? override : "unset");
}

/* An empty feature list makes the fat build use its portable C code. */
static const char *const accel_off_env[] = {"NETTLE_FAT_OVERRIDE=", NULL};

static const SmEngine engine = {
    .abi_major = SM_ABI_MAJOR,
    .abi_minor = SM_ABI_MINOR,
    .size = sizeof(SmEngine),
    .name = "nettle",
    .library = "Nettle",
    .library_version = lib_version,
    .init = engine_init,
    .shutdown = NULL,
    .accel_off_env = accel_off_env,
    .api_meaning = {"generic nettle-meta descriptors (nettle_cipher/aead/hash/mac) through "
                    "function pointers",
                    "direct typed calls (aes128_encrypt, gcm_aes128_*, sha256_*, rsa_sha256_*, "
                    "ed25519_sha512_*)"},
    .algorithms = algorithms,
};

SM_ENGINE_EXPORT const SmEngine *speedmatrix_engine(void) { return &engine; }

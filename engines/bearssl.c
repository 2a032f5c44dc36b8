/* speedmatrix engine: BearSSL 0.6.
 *
 * evp = its generic "classes": the block-cipher vtables (br_block_cbcenc_class, ..._ctr_class)
 * chosen like BearSSL's own *_get() defaults, br_aead_class (GCM), br_hash_class, generic HMAC,
 * and the run-time defaults br_ec_get_default(), br_ecdsa_*_raw_get_default(),
 * br_rsa_pkcs1_sign/vrfy_get_default(), br_chacha20_sse2_get(), br_poly1305_ctmulq_get().
 * low = the named implementations called directly: br_aes_x86ni_* or br_aes_ct64_*, br_des_ct_*,
 * br_chacha20_sse2_run or _ct_run, br_gcm_*, br_ccm_*, br_poly1305_ctmulq_run or _ctmul_run,
 * br_sha256_* and the other typed hashes, br_rsa_i62_* or br_rsa_i31_*, br_ecdsa_i31_* over
 * br_ec_p256_m31 / br_ec_prime_i31 / br_ec_c25519_m31.
 * Acceleration: init picks once, for both levels, x86ni AES, pclmul GHASH, SSE2 ChaCha20,
 * ctmulq Poly1305 and i62 RSA where the CPU and build have them (their *_get() is non-NULL);
 * accel off picks the portable ct64 AES, ctmul GHASH, ct ChaCha20, ctmul Poly1305 and i31 RSA.
 * Choices the library forces, each also noted where it is made:
 * - Every BearSSL cipher and AEAD works in place: the ops copy in to out and run on out.
 * - Its CTR and ChaCha20 calls are stateless (key, IV, 32-bit counter in, counter out) and drop
 *   the rest of a partial block: the state keeps the counter and a part-used keystream block so
 *   calls of any length stream, and a counter wrap carries into the IV as OpenSSL does.
 * - No RNG anywhere: RSA signing is constant-time code without blinding, ECDSA derives its
 *   nonces deterministically (RFC 6979, HMAC over the hash class), ECDH takes none.
 * - br_ec_impl offers no named mul/mulgen functions: low key exchange calls the named
 *   implementation's (br_ec_c25519_m31, br_ec_p256_m31, br_ec_prime_i31) function pointers.
 */
#include "engine.h"

#include <bearssl.h>
#include <dlfcn.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* ---- what init chose (both levels use the same implementations) ---- */

static struct {
  bool x86ni, pclmul, sse2, ctmulq, i62;
  /* evp: the classes and default pointers */
  const br_block_cbcenc_class *cbcenc;
  const br_block_cbcdec_class *cbcdec;
  const br_block_ctr_class *ctr;
  br_ghash ghash;
  br_chacha20_run chacha;
  br_poly1305_run poly;
  br_rsa_pkcs1_sign rsa_sign;
  br_rsa_pkcs1_vrfy rsa_vrfy;
} chosen;

/* ---- shared helpers ---- */

static SmResult out_of_memory(char *msg, size_t msg_len)
{
  return sm_msg(SM_FAILED, msg, msg_len, "out of memory");
}

/* A copy that outlives the runner's buffer; never NULL on success (+1 for empty). */
static unsigned char *copy_bytes(SmBytes bytes)
{
  unsigned char *copy = malloc(bytes.len + 1);
  if (copy != NULL && bytes.len > 0)
    memcpy(copy, bytes.data, bytes.len);
  return copy;
}

static uint32_t load_be32(const unsigned char *p)
{
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

static uint32_t load_le32(const unsigned char *p)
{
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void store_le32(unsigned char *p, uint32_t v)
{
  for (int i = 0; i < 4; i++)
    p[i] = (unsigned char)(v >> (8 * i));
}

/* BearSSL works in place: the op's output buffer receives the input first. */
static void copy_in(const SmIo *io)
{
  if (io->out != io->in && io->in_len > 0)
    memcpy(io->out, io->in, io->in_len);
}

/* The output length a hash class declares in its descriptor. */
static size_t hash_out_len(const br_hash_class *cls)
{
  return (size_t)(cls->desc >> BR_HASHDESC_OUT_OFF) & BR_HASHDESC_OUT_MASK;
}

/* evp: hash through the class's vtable. */
static void class_hash(const br_hash_class *cls, const void *in, size_t len, void *out)
{
  br_hash_compat_context ctx;
  cls->init(&ctx.vtable);
  cls->update(&ctx.vtable, in, len);
  cls->out(&ctx.vtable, out);
}

/* low: the typed hash calls. */
typedef void (*NamedHashFn)(const void *in, size_t len, void *out);

static void md5_named(const void *in, size_t len, void *out)
{
  br_md5_context ctx;
  br_md5_init(&ctx);
  br_md5_update(&ctx, in, len);
  br_md5_out(&ctx, out);
}
static void sha1_named(const void *in, size_t len, void *out)
{
  br_sha1_context ctx;
  br_sha1_init(&ctx);
  br_sha1_update(&ctx, in, len);
  br_sha1_out(&ctx, out);
}
static void sha224_named(const void *in, size_t len, void *out)
{
  br_sha224_context ctx;
  br_sha224_init(&ctx);
  br_sha224_update(&ctx, in, len);
  br_sha224_out(&ctx, out);
}
static void sha256_named(const void *in, size_t len, void *out)
{
  br_sha256_context ctx;
  br_sha256_init(&ctx);
  br_sha256_update(&ctx, in, len);
  br_sha256_out(&ctx, out);
}
static void sha384_named(const void *in, size_t len, void *out)
{
  br_sha384_context ctx;
  br_sha384_init(&ctx);
  br_sha384_update(&ctx, in, len);
  br_sha384_out(&ctx, out);
}
static void sha512_named(const void *in, size_t len, void *out)
{
  br_sha512_context ctx;
  br_sha512_init(&ctx);
  br_sha512_update(&ctx, in, len);
  br_sha512_out(&ctx, out);
}

/* ---- ciphers: AES-CBC/CTR, DES/3DES-CBC, ChaCha20 ---- */

typedef enum { MODE_AES_CBC, MODE_AES_CTR, MODE_DES_CBC, MODE_CHACHA20 } CipherMode;

typedef struct {
  CipherMode mode;
  size_t key_len;
  SmApi api;
} CipherRow;

typedef struct {
  union {
    br_aes_gen_cbcenc_keys aes_cbcenc;
    br_aes_gen_cbcdec_keys aes_cbcdec;
    br_aes_gen_ctr_keys aes_ctr;
    br_des_gen_cbcenc_keys des_cbcenc;
    br_des_gen_cbcdec_keys des_cbcdec;
  } keys;
  const br_block_cbcenc_class **cbcenc; /* evp CBC: the vtable field of keys */
  const br_block_cbcdec_class **cbcdec;
  CipherMode mode;
  unsigned char key[32]; /* ChaCha20 */
  unsigned char iv[16];  /* CBC: chains; CTR: the 12-byte prefix; ChaCha20: the 12-byte nonce */
  uint32_t counter;      /* CTR (big-endian in the block) and ChaCha20 (little-endian) */
  size_t block;          /* keystream block: 16 (CTR) or 64 (ChaCha20) */
  unsigned char keystream[64];
  size_t keystream_used; /* == block: none left */
} CipherState;

static void cipher_teardown(void *state)
{
  if (state != NULL)
    memset(state, 0, sizeof(CipherState));
  free(state);
}

static void aes_cbc_keys(CipherState *st, bool evp, bool encrypt, const SmBytes *key)
{
  if (encrypt && evp) {
    chosen.cbcenc->init(&st->keys.aes_cbcenc.vtable, key->data, key->len);
    st->cbcenc = &st->keys.aes_cbcenc.vtable;
  } else if (!encrypt && evp) {
    chosen.cbcdec->init(&st->keys.aes_cbcdec.vtable, key->data, key->len);
    st->cbcdec = &st->keys.aes_cbcdec.vtable;
  } else if (encrypt && chosen.x86ni) {
    br_aes_x86ni_cbcenc_init(&st->keys.aes_cbcenc.c_x86ni, key->data, key->len);
  } else if (encrypt) {
    br_aes_ct64_cbcenc_init(&st->keys.aes_cbcenc.c_ct64, key->data, key->len);
  } else if (chosen.x86ni) {
    br_aes_x86ni_cbcdec_init(&st->keys.aes_cbcdec.c_x86ni, key->data, key->len);
  } else {
    br_aes_ct64_cbcdec_init(&st->keys.aes_cbcdec.c_ct64, key->data, key->len);
  }
}

static void des_cbc_keys(CipherState *st, bool evp, bool encrypt, const SmBytes *key)
{
  if (encrypt && evp) {
    br_des_ct_cbcenc_vtable.init(&st->keys.des_cbcenc.vtable, key->data, key->len);
    st->cbcenc = &st->keys.des_cbcenc.vtable;
  } else if (evp) {
    br_des_ct_cbcdec_vtable.init(&st->keys.des_cbcdec.vtable, key->data, key->len);
    st->cbcdec = &st->keys.des_cbcdec.vtable;
  } else if (encrypt) {
    br_des_ct_cbcenc_init(&st->keys.des_cbcenc.ct, key->data, key->len);
  } else {
    br_des_ct_cbcdec_init(&st->keys.des_cbcdec.c_ct, key->data, key->len);
  }
}

static void cipher_keys(CipherState *st, const CipherRow *row, const SmParams *params)
{
  bool evp = row->api == SM_API_EVP, encrypt = params->op == SM_OP_ENCRYPT;
  switch (row->mode) {
  case MODE_AES_CBC:
    aes_cbc_keys(st, evp, encrypt, &params->key);
    memcpy(st->iv, params->iv.data, 16);
    break;
  case MODE_DES_CBC:
    des_cbc_keys(st, evp, encrypt, &params->key);
    memcpy(st->iv, params->iv.data, 8);
    break;
  case MODE_AES_CTR:
    if (evp)
      chosen.ctr->init(&st->keys.aes_ctr.vtable, params->key.data, params->key.len);
    else if (chosen.x86ni)
      br_aes_x86ni_ctr_init(&st->keys.aes_ctr.c_x86ni, params->key.data, params->key.len);
    else
      br_aes_ct64_ctr_init(&st->keys.aes_ctr.c_ct64, params->key.data, params->key.len);
    memcpy(st->iv, params->iv.data, 12);
    st->counter = load_be32(params->iv.data + 12);
    st->block = 16;
    break;
  case MODE_CHACHA20:
    memcpy(st->key, params->key.data, 32);
    memcpy(st->iv, params->iv.data + 4, 12);
    st->counter = load_le32(params->iv.data);
    st->block = 64;
    break;
  }
  st->keystream_used = st->block;
}

static SmResult cipher_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const CipherRow *row = params->impl_data;
  size_t iv_len = row->mode == MODE_DES_CBC ? 8 : 16;
  if (params->key.len != row->key_len || params->iv.len != iv_len)
    return sm_msg(SM_FAILED, msg, msg_len, "wants a %zu-byte key and a %zu-byte IV, got %zu/%zu",
                  row->key_len, iv_len, params->key.len, params->iv.len);
  CipherState *st = calloc(1, sizeof *st);
  if (st == NULL)
    return out_of_memory(msg, msg_len);
  st->mode = row->mode;
  cipher_keys(st, row, params);
  *state = st;
  return SM_OK;
}

/* CBC: whole blocks only (BearSSL's CBC takes nothing else). */
static bool cbc_fits(const CipherState *st, const SmIo *io)
{
  size_t block = st->mode == MODE_DES_CBC ? 8 : 16;
  return io->out_len >= io->in_len && io->in_len % block == 0;
}

static SmResult cbc_encrypt_evp(void *state, SmIo *io)
{
  CipherState *st = state;
  if (!cbc_fits(st, io))
    return SM_FAILED;
  copy_in(io);
  (*st->cbcenc)->run(st->cbcenc, st->iv, io->out, io->in_len);
  io->out_len = io->in_len;
  return SM_OK;
}

static SmResult cbc_decrypt_evp(void *state, SmIo *io)
{
  CipherState *st = state;
  if (!cbc_fits(st, io))
    return SM_FAILED;
  copy_in(io);
  (*st->cbcdec)->run(st->cbcdec, st->iv, io->out, io->in_len);
  io->out_len = io->in_len;
  return SM_OK;
}

static SmResult aes_cbc_encrypt_low(void *state, SmIo *io)
{
  CipherState *st = state;
  if (!cbc_fits(st, io))
    return SM_FAILED;
  copy_in(io);
  if (chosen.x86ni)
    br_aes_x86ni_cbcenc_run(&st->keys.aes_cbcenc.c_x86ni, st->iv, io->out, io->in_len);
  else
    br_aes_ct64_cbcenc_run(&st->keys.aes_cbcenc.c_ct64, st->iv, io->out, io->in_len);
  io->out_len = io->in_len;
  return SM_OK;
}

static SmResult aes_cbc_decrypt_low(void *state, SmIo *io)
{
  CipherState *st = state;
  if (!cbc_fits(st, io))
    return SM_FAILED;
  copy_in(io);
  if (chosen.x86ni)
    br_aes_x86ni_cbcdec_run(&st->keys.aes_cbcdec.c_x86ni, st->iv, io->out, io->in_len);
  else
    br_aes_ct64_cbcdec_run(&st->keys.aes_cbcdec.c_ct64, st->iv, io->out, io->in_len);
  io->out_len = io->in_len;
  return SM_OK;
}

static SmResult des_cbc_encrypt_low(void *state, SmIo *io)
{
  CipherState *st = state;
  if (!cbc_fits(st, io))
    return SM_FAILED;
  copy_in(io);
  br_des_ct_cbcenc_run(&st->keys.des_cbcenc.ct, st->iv, io->out, io->in_len);
  io->out_len = io->in_len;
  return SM_OK;
}

static SmResult des_cbc_decrypt_low(void *state, SmIo *io)
{
  CipherState *st = state;
  if (!cbc_fits(st, io))
    return SM_FAILED;
  copy_in(io);
  br_des_ct_cbcdec_run(&st->keys.des_cbcdec.c_ct, st->iv, io->out, io->in_len);
  io->out_len = io->in_len;
  return SM_OK;
}

/* One call of a stateless counter-mode run: data in place, returns the next counter. */
typedef uint32_t (*CounterRunFn)(CipherState *st, uint32_t counter, unsigned char *data,
                                 size_t len);

static uint32_t ctr_run_evp(CipherState *st, uint32_t counter, unsigned char *data, size_t len)
{
  return st->keys.aes_ctr.vtable->run(&st->keys.aes_ctr.vtable, st->iv, counter, data, len);
}

static uint32_t ctr_run_low(CipherState *st, uint32_t counter, unsigned char *data, size_t len)
{
  return chosen.x86ni ? br_aes_x86ni_ctr_run(&st->keys.aes_ctr.c_x86ni, st->iv, counter, data, len)
                      : br_aes_ct64_ctr_run(&st->keys.aes_ctr.c_ct64, st->iv, counter, data, len);
}

static uint32_t chacha_run_evp(CipherState *st, uint32_t counter, unsigned char *data, size_t len)
{
  return chosen.chacha(st->key, st->iv, counter, data, len);
}

static uint32_t chacha_run_low(CipherState *st, uint32_t counter, unsigned char *data, size_t len)
{
  return chosen.sse2 ? br_chacha20_sse2_run(st->key, st->iv, counter, data, len)
                     : br_chacha20_ct_run(st->key, st->iv, counter, data, len);
}

/* The 32-bit counter wrapped: carry into the IV as a 128-bit counter would (AES: the 96-bit
 * big-endian prefix; ChaCha20: the first nonce word, as OpenSSL does). */
static void counter_carry(CipherState *st)
{
  if (st->mode == MODE_CHACHA20) {
    store_le32(st->iv, load_le32(st->iv) + 1);
    return;
  }
  for (int i = 11; i >= 0 && ++st->iv[i] == 0; i--)
    ;
}

/* Whole blocks at out (already holding the input), split where the counter wraps. */
static void counter_blocks(CipherState *st, CounterRunFn run, unsigned char *out, size_t blocks)
{
  while (blocks > 0) {
    uint64_t before_wrap = ((uint64_t)1 << 32) - st->counter;
    size_t now = (uint64_t)blocks > before_wrap ? (size_t)before_wrap : blocks;
    st->counter = run(st, st->counter, out, now * st->block);
    if (st->counter == 0)
      counter_carry(st);
    out += now * st->block;
    blocks -= now;
  }
}

static SmResult counter_stream(CipherState *st, CounterRunFn run, SmIo *io)
{
  if (io->out_len < io->in_len)
    return SM_FAILED;
  const unsigned char *in = io->in;
  unsigned char *out = io->out;
  size_t len = io->in_len;
  for (; len > 0 && st->keystream_used < st->block; len--)
    *out++ = *in++ ^ st->keystream[st->keystream_used++];
  size_t whole = len / st->block * st->block;
  if (whole > 0) {
    memcpy(out, in, whole);
    counter_blocks(st, run, out, whole / st->block);
    in += whole;
    out += whole;
    len -= whole;
  }
  if (len > 0) {
    memset(st->keystream, 0, sizeof st->keystream);
    counter_blocks(st, run, st->keystream, 1);
    for (size_t i = 0; i < len; i++)
      out[i] = in[i] ^ st->keystream[i];
    st->keystream_used = len;
  }
  io->out_len = io->in_len;
  return SM_OK;
}

static SmResult ctr_evp(void *state, SmIo *io) { return counter_stream(state, ctr_run_evp, io); }
static SmResult ctr_low(void *state, SmIo *io) { return counter_stream(state, ctr_run_low, io); }
static SmResult chacha_evp(void *state, SmIo *io)
{
  return counter_stream(state, chacha_run_evp, io);
}
static SmResult chacha_low(void *state, SmIo *io)
{
  return counter_stream(state, chacha_run_low, io);
}

/* ---- AEAD: AES-GCM (evp: br_aead_class; low: br_gcm_*), AES-CCM (low: br_ccm_*),
 * ChaCha20-Poly1305 (evp: the default run pointers; low: the named runs) ---- */

typedef enum { AEAD_GCM, AEAD_CCM, AEAD_CHAPOL } AeadMode;

typedef struct {
  AeadMode mode;
  size_t key_len;
  SmApi api;
} AeadRow;

typedef struct {
  union {
    br_aes_gen_ctr_keys ctr;
    br_aes_gen_ctrcbc_keys ctrcbc;
  } bc;
  union {
    br_gcm_context gcm;
    br_ccm_context ccm;
  } aead;
  unsigned char key[32]; /* ChaCha20-Poly1305 takes the key on every call */
  unsigned char *iv;
  size_t iv_len;
  unsigned char *aad;
  size_t aad_len;
  size_t tag_len;
} AeadState;

static void aead_teardown(void *state)
{
  AeadState *st = state;
  if (st == NULL)
    return;
  free(st->iv);
  free(st->aad);
  memset(st, 0, sizeof *st);
  free(st);
}

static void aead_keys(AeadState *st, const AeadRow *row, const SmBytes *key)
{
  bool evp = row->api == SM_API_EVP;
  if (row->mode == AEAD_GCM) {
    if (evp)
      chosen.ctr->init(&st->bc.ctr.vtable, key->data, key->len);
    else if (chosen.x86ni)
      br_aes_x86ni_ctr_init(&st->bc.ctr.c_x86ni, key->data, key->len);
    else
      br_aes_ct64_ctr_init(&st->bc.ctr.c_ct64, key->data, key->len);
    /* br_gcm_init takes GHASH as a pointer at both levels: the named one for low. */
    br_gcm_init(&st->aead.gcm, &st->bc.ctr.vtable,
                evp             ? chosen.ghash
                : chosen.pclmul ? br_ghash_pclmul
                                : br_ghash_ctmul);
  } else if (row->mode == AEAD_CCM) {
    if (chosen.x86ni)
      br_aes_x86ni_ctrcbc_init(&st->bc.ctrcbc.c_x86ni, key->data, key->len);
    else
      br_aes_ct64_ctrcbc_init(&st->bc.ctrcbc.c_ct64, key->data, key->len);
    br_ccm_init(&st->aead.ccm, &st->bc.ctrcbc.vtable);
  } else {
    memcpy(st->key, key->data, 32);
  }
}

static SmResult aead_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const AeadRow *row = params->impl_data;
  bool chapol = row->mode == AEAD_CHAPOL;
  if (params->key.len != row->key_len || params->iv.len == 0 || (chapol && params->iv.len != 12))
    return sm_msg(SM_FAILED, msg, msg_len, "key length %zu / nonce length %zu unsupported",
                  params->key.len, params->iv.len);
  if (params->tag_len == 0 || params->tag_len > 16 || (chapol && params->tag_len != 16))
    return sm_msg(SM_FAILED, msg, msg_len, "tag length %zu unsupported", params->tag_len);
  AeadState *st = calloc(1, sizeof *st);
  if (st == NULL)
    return out_of_memory(msg, msg_len);
  st->iv = copy_bytes(params->iv);
  st->aad = copy_bytes(params->aad);
  st->iv_len = params->iv.len;
  st->aad_len = params->aad.len;
  st->tag_len = params->tag_len;
  if (st->iv == NULL || st->aad == NULL) {
    aead_teardown(st);
    return out_of_memory(msg, msg_len);
  }
  aead_keys(st, row, &params->key);
  *state = st;
  return SM_OK;
}

static bool seal_fits(const AeadState *st, const SmIo *io)
{
  return io->out_len >= io->in_len + st->tag_len;
}

static bool open_fits(const AeadState *st, const SmIo *io)
{
  return io->in_len >= st->tag_len && io->out_len >= io->in_len - st->tag_len;
}

/* Copies the ciphertext (without its tag) to out, where BearSSL decrypts it in place. */
static size_t open_copy_in(const AeadState *st, const SmIo *io)
{
  size_t ct_len = io->in_len - st->tag_len;
  if (ct_len > 0)
    memcpy(io->out, io->in, ct_len);
  return ct_len;
}

static SmResult gcm_encrypt_evp(void *state, SmIo *io)
{
  AeadState *st = state;
  const br_aead_class **vt = &st->aead.gcm.vtable;
  if (!seal_fits(st, io))
    return SM_FAILED;
  (*vt)->reset(vt, st->iv, st->iv_len);
  (*vt)->aad_inject(vt, st->aad, st->aad_len);
  (*vt)->flip(vt);
  copy_in(io);
  (*vt)->run(vt, 1, io->out, io->in_len);
  (*vt)->get_tag_trunc(vt, io->out + io->in_len, st->tag_len);
  io->out_len = io->in_len + st->tag_len;
  return SM_OK;
}

static SmResult gcm_decrypt_evp(void *state, SmIo *io)
{
  AeadState *st = state;
  const br_aead_class **vt = &st->aead.gcm.vtable;
  if (!open_fits(st, io))
    return SM_FAILED;
  (*vt)->reset(vt, st->iv, st->iv_len);
  (*vt)->aad_inject(vt, st->aad, st->aad_len);
  (*vt)->flip(vt);
  size_t ct_len = open_copy_in(st, io);
  (*vt)->run(vt, 0, io->out, ct_len);
  if (!(*vt)->check_tag_trunc(vt, io->in + ct_len, st->tag_len))
    return SM_FAILED;
  io->out_len = ct_len;
  return SM_OK;
}

static SmResult gcm_encrypt_low(void *state, SmIo *io)
{
  AeadState *st = state;
  if (!seal_fits(st, io))
    return SM_FAILED;
  br_gcm_reset(&st->aead.gcm, st->iv, st->iv_len);
  br_gcm_aad_inject(&st->aead.gcm, st->aad, st->aad_len);
  br_gcm_flip(&st->aead.gcm);
  copy_in(io);
  br_gcm_run(&st->aead.gcm, 1, io->out, io->in_len);
  br_gcm_get_tag_trunc(&st->aead.gcm, io->out + io->in_len, st->tag_len);
  io->out_len = io->in_len + st->tag_len;
  return SM_OK;
}

static SmResult gcm_decrypt_low(void *state, SmIo *io)
{
  AeadState *st = state;
  if (!open_fits(st, io))
    return SM_FAILED;
  br_gcm_reset(&st->aead.gcm, st->iv, st->iv_len);
  br_gcm_aad_inject(&st->aead.gcm, st->aad, st->aad_len);
  br_gcm_flip(&st->aead.gcm);
  size_t ct_len = open_copy_in(st, io);
  br_gcm_run(&st->aead.gcm, 0, io->out, ct_len);
  if (!br_gcm_check_tag_trunc(&st->aead.gcm, io->in + ct_len, st->tag_len))
    return SM_FAILED;
  io->out_len = ct_len;
  return SM_OK;
}

/* CCM needs the AAD and data lengths before it starts: br_ccm_reset takes them. */
static SmResult ccm_encrypt_low(void *state, SmIo *io)
{
  AeadState *st = state;
  if (!seal_fits(st, io) ||
      !br_ccm_reset(&st->aead.ccm, st->iv, st->iv_len, st->aad_len, io->in_len, st->tag_len))
    return SM_FAILED;
  br_ccm_aad_inject(&st->aead.ccm, st->aad, st->aad_len);
  br_ccm_flip(&st->aead.ccm);
  copy_in(io);
  br_ccm_run(&st->aead.ccm, 1, io->out, io->in_len);
  br_ccm_get_tag(&st->aead.ccm, io->out + io->in_len);
  io->out_len = io->in_len + st->tag_len;
  return SM_OK;
}

static SmResult ccm_decrypt_low(void *state, SmIo *io)
{
  AeadState *st = state;
  if (!open_fits(st, io) || !br_ccm_reset(&st->aead.ccm, st->iv, st->iv_len, st->aad_len,
                                          io->in_len - st->tag_len, st->tag_len))
    return SM_FAILED;
  br_ccm_aad_inject(&st->aead.ccm, st->aad, st->aad_len);
  br_ccm_flip(&st->aead.ccm);
  size_t ct_len = open_copy_in(st, io);
  br_ccm_run(&st->aead.ccm, 0, io->out, ct_len);
  if (!br_ccm_check_tag(&st->aead.ccm, io->in + ct_len))
    return SM_FAILED;
  io->out_len = ct_len;
  return SM_OK;
}

/* The Poly1305 runs compute the tag and leave the comparison to the caller. */
static bool tags_equal(const unsigned char *a, const unsigned char *b, size_t len)
{
  unsigned char diff = 0;
  for (size_t i = 0; i < len; i++)
    diff |= (unsigned char)(a[i] ^ b[i]);
  return diff == 0;
}

/* low: the named Poly1305 run, handed the named ChaCha20 run (the API takes a pointer). */
static void chapol_named(AeadState *st, unsigned char *data, size_t len, unsigned char *tag,
                         int encrypt)
{
  br_chacha20_run chacha = chosen.sse2 ? br_chacha20_sse2_run : br_chacha20_ct_run;
  if (chosen.ctmulq)
    br_poly1305_ctmulq_run(st->key, st->iv, data, len, st->aad, st->aad_len, tag, chacha, encrypt);
  else
    br_poly1305_ctmul_run(st->key, st->iv, data, len, st->aad, st->aad_len, tag, chacha, encrypt);
}

static void chapol_default(AeadState *st, unsigned char *data, size_t len, unsigned char *tag,
                           int encrypt)
{
  chosen.poly(st->key, st->iv, data, len, st->aad, st->aad_len, tag, chosen.chacha, encrypt);
}

typedef void (*ChapolFn)(AeadState *st, unsigned char *data, size_t len, unsigned char *tag,
                         int encrypt);

static SmResult chapol_encrypt(AeadState *st, ChapolFn run, SmIo *io)
{
  if (!seal_fits(st, io))
    return SM_FAILED;
  copy_in(io);
  run(st, io->out, io->in_len, io->out + io->in_len, 1);
  io->out_len = io->in_len + 16;
  return SM_OK;
}

static SmResult chapol_decrypt(AeadState *st, ChapolFn run, SmIo *io)
{
  unsigned char tag[16];
  if (!open_fits(st, io))
    return SM_FAILED;
  size_t ct_len = open_copy_in(st, io);
  run(st, io->out, ct_len, tag, 0);
  if (!tags_equal(tag, io->in + ct_len, 16))
    return SM_FAILED;
  io->out_len = ct_len;
  return SM_OK;
}

static SmResult chapol_encrypt_evp(void *state, SmIo *io)
{
  return chapol_encrypt(state, chapol_default, io);
}
static SmResult chapol_decrypt_evp(void *state, SmIo *io)
{
  return chapol_decrypt(state, chapol_default, io);
}
static SmResult chapol_encrypt_low(void *state, SmIo *io)
{
  return chapol_encrypt(state, chapol_named, io);
}
static SmResult chapol_decrypt_low(void *state, SmIo *io)
{
  return chapol_decrypt(state, chapol_named, io);
}

/* ---- digests (evp: br_hash_class; low: the typed calls) and HMAC (br_hmac_*) ---- */

typedef struct {
  const br_hash_class *cls;
  NamedHashFn named;
} HashRow;

typedef struct {
  const HashRow *row;
  size_t out_len;
  br_hmac_key_context key; /* HMAC: keyed once here */
  br_hmac_context hmac;
} HashState;

static SmResult hash_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  HashState *st = calloc(1, sizeof *st);
  if (st == NULL)
    return out_of_memory(msg, msg_len);
  st->row = params->impl_data;
  st->out_len = hash_out_len(st->row->cls);
  if (params->op == SM_OP_MAC)
    br_hmac_key_init(&st->key, st->row->cls, params->key.data, params->key.len);
  *state = st;
  return SM_OK;
}

static void hash_teardown(void *state)
{
  if (state != NULL)
    memset(state, 0, sizeof(HashState));
  free(state);
}

static SmResult hash_evp(void *state, SmIo *io)
{
  HashState *st = state;
  if (io->out_len < st->out_len)
    return SM_FAILED;
  class_hash(st->row->cls, io->in, io->in_len, io->out);
  io->out_len = st->out_len;
  return SM_OK;
}

static SmResult hash_low(void *state, SmIo *io)
{
  HashState *st = state;
  if (io->out_len < st->out_len)
    return SM_FAILED;
  st->row->named(io->in, io->in_len, io->out);
  io->out_len = st->out_len;
  return SM_OK;
}

static SmResult hmac_evp(void *state, SmIo *io)
{
  HashState *st = state;
  if (io->out_len < st->out_len)
    return SM_FAILED;
  br_hmac_init(&st->hmac, &st->key, 0);
  br_hmac_update(&st->hmac, io->in, io->in_len);
  io->out_len = br_hmac_out(&st->hmac, io->out);
  return SM_OK;
}

/* ---- RSA PKCS#1 v1.5 with SHA-256 (evp: the default sign/vrfy pointers; low: i62 or i31) */

/* bearssl_rsa.h: "the maximum modulus size is 4096 bits" (BR_MAX_RSA_SIZE, not exported). */
enum { RSA_MAX_BITS = 4096 };

typedef struct {
  SmApi api;
} RsaRow;

typedef struct {
  SmApi api;
  br_rsa_private_key sk;
  br_rsa_public_key pk;
  unsigned char *parts; /* n, e, p, q, dp, dq, iq, back to back */
  size_t mod_len;
  bool has_private;
} RsaState;

static void rsa_teardown(void *state)
{
  RsaState *st = state;
  if (st == NULL)
    return;
  free(st->parts);
  free(st);
}

/* Big-endian bytes without their leading zeros. */
static SmBytes strip_zeros(SmBytes bytes)
{
  while (bytes.len > 0 && bytes.data[0] == 0) {
    bytes.data++;
    bytes.len--;
  }
  return bytes;
}

static unsigned char *put_part(unsigned char **cursor, SmBytes part, size_t *len)
{
  unsigned char *at = *cursor;
  if (part.len > 0)
    memcpy(at, part.data, part.len);
  *len = part.len;
  *cursor += part.len;
  return at;
}

static bool rsa_parts(RsaState *st, const SmRsaKey *k)
{
  SmBytes n = strip_zeros(k->n);
  size_t total = n.len + k->e.len + k->p.len + k->q.len + k->dp.len + k->dq.len + k->qinv.len;
  unsigned char *cursor = st->parts = malloc(total + 1);
  if (cursor == NULL || n.len == 0)
    return false;
  st->pk.n = put_part(&cursor, n, &st->pk.nlen);
  st->pk.e = put_part(&cursor, k->e, &st->pk.elen);
  st->mod_len = n.len;
  st->has_private = k->p.len && k->q.len && k->dp.len && k->dq.len && k->qinv.len;
  if (!st->has_private)
    return true;
  unsigned bits = 0;
  for (unsigned top = n.data[0]; top != 0; top >>= 1)
    bits++;
  st->sk.n_bitlen = (uint32_t)((n.len - 1) * 8 + bits);
  st->sk.p = put_part(&cursor, k->p, &st->sk.plen);
  st->sk.q = put_part(&cursor, k->q, &st->sk.qlen);
  st->sk.dp = put_part(&cursor, k->dp, &st->sk.dplen);
  st->sk.dq = put_part(&cursor, k->dq, &st->sk.dqlen);
  st->sk.iq = put_part(&cursor, k->qinv, &st->sk.iqlen);
  return true;
}

static SmResult rsa_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const RsaRow *row = params->impl_data;
  if (strip_zeros(params->rsa.n).len > RSA_MAX_BITS / 8)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "BearSSL's RSA stops at %d bits", RSA_MAX_BITS);
  RsaState *st = calloc(1, sizeof *st);
  if (st == NULL)
    return out_of_memory(msg, msg_len);
  st->api = row->api;
  if (!rsa_parts(st, &params->rsa) || (params->op == SM_OP_SIGN && !st->has_private)) {
    rsa_teardown(st);
    return sm_msg(SM_FAILED, msg, msg_len,
                  "needs n and e, and p, q, dp, dq, qinv to sign (BearSSL keys are CRT only)");
  }
  *state = st;
  return SM_OK;
}

static void rsa_hash(const RsaState *st, const SmIo *io, unsigned char *hash)
{
  if (st->api == SM_API_EVP)
    class_hash(&br_sha256_vtable, io->in, io->in_len, hash);
  else
    sha256_named(io->in, io->in_len, hash);
}

static SmResult rsa_sign(void *state, SmIo *io)
{
  RsaState *st = state;
  unsigned char hash[32];
  if (io->out_len < st->mod_len)
    return SM_FAILED;
  rsa_hash(st, io, hash);
  uint32_t ok;
  if (st->api == SM_API_EVP)
    ok = chosen.rsa_sign(BR_HASH_OID_SHA256, hash, sizeof hash, &st->sk, io->out);
  else if (chosen.i62)
    ok = br_rsa_i62_pkcs1_sign(BR_HASH_OID_SHA256, hash, sizeof hash, &st->sk, io->out);
  else
    ok = br_rsa_i31_pkcs1_sign(BR_HASH_OID_SHA256, hash, sizeof hash, &st->sk, io->out);
  if (!ok)
    return SM_FAILED;
  io->out_len = st->mod_len;
  return SM_OK;
}

/* BearSSL's verify recovers the hash from the signature; comparing it is the caller's part. */
static SmResult rsa_verify(void *state, SmIo *io)
{
  RsaState *st = state;
  unsigned char hash[32], recovered[32];
  if (io->aux_len != st->mod_len)
    return SM_FAILED;
  rsa_hash(st, io, hash);
  uint32_t ok;
  if (st->api == SM_API_EVP)
    ok = chosen.rsa_vrfy(io->aux, io->aux_len, BR_HASH_OID_SHA256, sizeof hash, &st->pk, recovered);
  else if (chosen.i62)
    ok = br_rsa_i62_pkcs1_vrfy(io->aux, io->aux_len, BR_HASH_OID_SHA256, sizeof hash, &st->pk,
                               recovered);
  else
    ok = br_rsa_i31_pkcs1_vrfy(io->aux, io->aux_len, BR_HASH_OID_SHA256, sizeof hash, &st->pk,
                               recovered);
  if (!ok || memcmp(hash, recovered, sizeof hash) != 0)
    return SM_FAILED;
  io->out_len = 0;
  return SM_OK;
}

/* ---- ECDSA (raw r||s; RFC 6979 nonces, no RNG) ---- */

typedef struct {
  int curve;
  const br_hash_class *hash; /* the message hash, also HMAC-DRBG's for the nonce */
  NamedHashFn named;         /* low: the same hash through its typed calls */
  const br_ec_impl *impl;    /* low: the named curve implementation */
  SmApi api;
} EcdsaRow;

enum { EC_SCALAR_MAX = 66, EC_POINT_MAX = 1 + 2 * 66 };

typedef struct {
  const EcdsaRow *row;
  const br_ec_impl *impl;
  br_ecdsa_sign sign; /* evp: br_ecdsa_sign_raw_get_default() */
  br_ecdsa_vrfy vrfy;
  br_ec_private_key sk;
  br_ec_public_key pk;
  unsigned char x[EC_SCALAR_MAX];
  unsigned char q[BR_EC_KBUF_PUB_MAX_SIZE];
  size_t width; /* bytes of r and of s: the order's length */
} EcdsaState;

static void ecdsa_teardown(void *state)
{
  if (state != NULL)
    memset(state, 0, sizeof(EcdsaState));
  free(state);
}

static bool ecdsa_keys(EcdsaState *st, const SmParams *params)
{
  st->sk = (br_ec_private_key){st->row->curve, st->x, params->priv.len};
  st->pk = (br_ec_public_key){st->row->curve, st->q, params->pub.len};
  if (params->priv.len > sizeof st->x || params->pub.len > sizeof st->q)
    return false;
  if (params->priv.len > 0)
    memcpy(st->x, params->priv.data, params->priv.len);
  if (params->pub.len > 0)
    memcpy(st->q, params->pub.data, params->pub.len);
  else if (params->priv.len > 0)
    return br_ec_compute_pub(st->impl, &st->pk, st->q, &st->sk) != 0;
  else
    return false;
  return true;
}

static SmResult ecdsa_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const EcdsaRow *row = params->impl_data;
  if (params->op == SM_OP_SIGN && params->priv.len == 0)
    return sm_msg(SM_FAILED, msg, msg_len, "no private key to sign with");
  EcdsaState *st = calloc(1, sizeof *st);
  if (st == NULL)
    return out_of_memory(msg, msg_len);
  st->row = row;
  st->impl = row->api == SM_API_EVP ? br_ec_get_default() : row->impl;
  st->sign = br_ecdsa_sign_raw_get_default();
  st->vrfy = br_ecdsa_vrfy_raw_get_default();
  bool supported = st->impl->supported_curves >> row->curve & 1;
  if (supported)
    st->impl->order(row->curve, &st->width);
  if (!supported || !ecdsa_keys(st, params)) {
    ecdsa_teardown(st);
    return sm_msg(SM_FAILED, msg, msg_len, "BearSSL refused the key for curve %d", row->curve);
  }
  *state = st;
  return SM_OK;
}

static void ecdsa_hash(const EcdsaState *st, const SmIo *io, unsigned char *hash)
{
  if (st->row->api == SM_API_EVP)
    class_hash(st->row->hash, io->in, io->in_len, hash);
  else
    st->row->named(io->in, io->in_len, hash);
}

static SmResult ecdsa_sign(void *state, SmIo *io)
{
  EcdsaState *st = state;
  unsigned char hash[64];
  if (io->out_len < 2 * st->width)
    return SM_FAILED;
  ecdsa_hash(st, io, hash);
  size_t len = st->row->api == SM_API_EVP
                   ? st->sign(st->impl, st->row->hash, hash, &st->sk, io->out)
                   : br_ecdsa_i31_sign_raw(st->impl, st->row->hash, hash, &st->sk, io->out);
  if (len != 2 * st->width)
    return SM_FAILED;
  io->out_len = len;
  return SM_OK;
}

static SmResult ecdsa_verify(void *state, SmIo *io)
{
  EcdsaState *st = state;
  unsigned char hash[64];
  size_t hash_len = hash_out_len(st->row->hash);
  if (io->aux_len != 2 * st->width)
    return SM_FAILED;
  ecdsa_hash(st, io, hash);
  uint32_t ok =
      st->row->api == SM_API_EVP
          ? st->vrfy(st->impl, hash, hash_len, &st->pk, io->aux, io->aux_len)
          : br_ecdsa_i31_vrfy_raw(st->impl, hash, hash_len, &st->pk, io->aux, io->aux_len);
  if (!ok)
    return SM_FAILED;
  io->out_len = 0;
  return SM_OK;
}

/* ---- key exchange: impl->mul on the peer's point (X25519: RFC 7748 u-coordinates) ---- */

typedef struct {
  int curve;
  const br_ec_impl *impl; /* low: the named implementation */
  SmApi api;
} KexRow;

typedef struct {
  const br_ec_impl *impl;
  int curve;
  unsigned char scalar[EC_SCALAR_MAX];
  size_t scalar_len;
  unsigned char peer[EC_POINT_MAX];
  unsigned char work[EC_POINT_MAX]; /* mul works in place */
  size_t point_len;
} KexState;

static void kex_teardown(void *state)
{
  if (state != NULL)
    memset(state, 0, sizeof(KexState));
  free(state);
}

/* As the curve takes it: big-endian for the NIST curves; for Curve25519, 0.6's mul takes the
 * RFC 7748 little-endian bytes as they are and clamps them itself (checked against RFC 7748
 * section 5.2). */
static bool kex_scalar(SmBytes priv, unsigned char *out)
{
  if (priv.len == 0 || priv.len > EC_SCALAR_MAX)
    return false;
  memcpy(out, priv.data, priv.len);
  return true;
}

static bool kex_keys(KexState *st, const SmParams *params)
{
  unsigned char peer_scalar[EC_SCALAR_MAX];
  if (!kex_scalar(params->priv, st->scalar))
    return false;
  st->scalar_len = params->priv.len;
  if (params->peer_pub.len > 0) {
    if (params->peer_pub.len > sizeof st->peer)
      return false;
    memcpy(st->peer, params->peer_pub.data, params->peer_pub.len);
    st->point_len = params->peer_pub.len;
    return true;
  }
  if (!kex_scalar(params->peer_priv, peer_scalar))
    return false;
  st->point_len = st->impl->mulgen(st->peer, peer_scalar, params->peer_priv.len, st->curve);
  memset(peer_scalar, 0, sizeof peer_scalar);
  return st->point_len != 0;
}

static SmResult kex_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const KexRow *row = params->impl_data;
  KexState *st = calloc(1, sizeof *st);
  if (st == NULL)
    return out_of_memory(msg, msg_len);
  st->impl = row->api == SM_API_EVP ? br_ec_get_default() : row->impl;
  st->curve = row->curve;
  if (!(st->impl->supported_curves >> row->curve & 1) || !kex_keys(st, params)) {
    kex_teardown(st);
    return sm_msg(SM_FAILED, msg, msg_len,
                  "needs a scalar and the peer's public or private value for curve %d", row->curve);
  }
  *state = st;
  return SM_OK;
}

/* The shared secret is the x (u) coordinate of the product, where xoff says. */
static SmResult kex_derive(void *state, SmIo *io)
{
  KexState *st = state;
  size_t x_len = 0, x_off = st->impl->xoff(st->curve, &x_len);
  if (io->out_len < x_len)
    return SM_FAILED;
  memcpy(st->work, st->peer, st->point_len);
  if (!st->impl->mul(st->work, st->point_len, st->scalar, st->scalar_len, st->curve))
    return SM_FAILED;
  memcpy(io->out, st->work + x_off, x_len);
  io->out_len = x_len;
  return SM_OK;
}

/* ---- the table ---- */

/* ---- which implementation a row runs (the impl column): what init chose ---- */

static const char *aes_name(void) { return chosen.x86ni ? "aes_x86ni" : "aes_ct64"; }

static const char *cipher_impl_name(const SmParams *params, void *state)
{
  (void)state;
  static const char *const chacha[] = {"chacha20_ct", "chacha20_sse2"};
  switch (((const CipherRow *)params->impl_data)->mode) {
  case MODE_AES_CBC:
  case MODE_AES_CTR:
    return aes_name();
  case MODE_DES_CBC:
    return "des_ct";
  case MODE_CHACHA20:
    return chacha[chosen.sse2];
  }
  return NULL;
}

static const char *aead_impl_name(const SmParams *params, void *state)
{
  (void)state;
  switch (((const AeadRow *)params->impl_data)->mode) {
  case AEAD_GCM:
    return chosen.x86ni ? (chosen.pclmul ? "aes_x86ni+ghash_pclmul" : "aes_x86ni+ghash_ctmul64")
                        : (chosen.pclmul ? "aes_ct64+ghash_pclmul" : "aes_ct64+ghash_ctmul64");
  case AEAD_CCM:
    return aes_name();
  case AEAD_CHAPOL:
    return chosen.sse2
               ? (chosen.ctmulq ? "chacha20_sse2+poly1305_ctmulq" : "chacha20_sse2+poly1305_ctmul")
               : (chosen.ctmulq ? "chacha20_ct+poly1305_ctmulq" : "chacha20_ct+poly1305_ctmul");
  }
  return NULL;
}

static const char *rsa_impl_name(const SmParams *params, void *state)
{
  (void)params;
  (void)state;
  return chosen.i62 ? "rsa_i62" : "rsa_i31";
}

static const struct {
  const br_ec_impl *impl;
  const char *name;
} ec_names[] = {
    {&br_ec_prime_i31, "ec_prime_i31"},   {&br_ec_prime_i15, "ec_prime_i15"},
    {&br_ec_p256_m15, "ec_p256_m15"},     {&br_ec_p256_m31, "ec_p256_m31"},
    {&br_ec_c25519_i15, "ec_c25519_i15"}, {&br_ec_c25519_i31, "ec_c25519_i31"},
    {&br_ec_c25519_m15, "ec_c25519_m15"}, {&br_ec_c25519_m31, "ec_c25519_m31"},
    {&br_ec_all_m15, "ec_all_m15"},       {&br_ec_all_m31, "ec_all_m31"},
};

static const char *ec_name(const br_ec_impl *impl)
{
  for (size_t i = 0; i < sizeof ec_names / sizeof ec_names[0]; i++)
    if (ec_names[i].impl == impl)
      return ec_names[i].name;
  return NULL;
}

static const char *ecdsa_impl_name(const SmParams *params, void *state)
{
  (void)params;
  return ec_name(((const EcdsaState *)state)->impl);
}

static const char *kex_impl_name(const SmParams *params, void *state)
{
  (void)params;
  return ec_name(((const KexState *)state)->impl);
}

/* Initialisers only: each builds one const SmImpl (a file-scope compound literal) from a row. */
#define CIPHER(mode, key_len, api, enc, dec)                                                       \
  &(const SmImpl)                                                                                  \
  {                                                                                                \
    .setup = cipher_setup, .op = {[SM_OP_ENCRYPT] = enc, [SM_OP_DECRYPT] = dec},                   \
    .teardown = cipher_teardown, .data = &(const CipherRow){mode, key_len, api},                   \
    .impl_name = cipher_impl_name,                                                                 \
  }
#define AES_CBC(key_len)                                                                           \
  {                                                                                                \
    CIPHER(MODE_AES_CBC, key_len, SM_API_EVP, cbc_encrypt_evp, cbc_decrypt_evp),                   \
        CIPHER(MODE_AES_CBC, key_len, SM_API_LOW, aes_cbc_encrypt_low, aes_cbc_decrypt_low)        \
  }
#define DES_CBC(key_len)                                                                           \
  {                                                                                                \
    CIPHER(MODE_DES_CBC, key_len, SM_API_EVP, cbc_encrypt_evp, cbc_decrypt_evp),                   \
        CIPHER(MODE_DES_CBC, key_len, SM_API_LOW, des_cbc_encrypt_low, des_cbc_decrypt_low)        \
  }
#define AES_CTR(key_len)                                                                           \
  {                                                                                                \
    CIPHER(MODE_AES_CTR, key_len, SM_API_EVP, ctr_evp, ctr_evp),                                   \
        CIPHER(MODE_AES_CTR, key_len, SM_API_LOW, ctr_low, ctr_low)                                \
  }
#define AEAD(mode, key_len, api, enc, dec)                                                         \
  &(const SmImpl)                                                                                  \
  {                                                                                                \
    .setup = aead_setup, .op = {[SM_OP_ENCRYPT] = enc, [SM_OP_DECRYPT] = dec},                     \
    .teardown = aead_teardown, .data = &(const AeadRow){mode, key_len, api},                       \
    .impl_name = aead_impl_name,                                                                   \
  }
#define GCM(key_len)                                                                               \
  {                                                                                                \
    AEAD(AEAD_GCM, key_len, SM_API_EVP, gcm_encrypt_evp, gcm_decrypt_evp),                         \
        AEAD(AEAD_GCM, key_len, SM_API_LOW, gcm_encrypt_low, gcm_decrypt_low)                      \
  }
#define CCM(key_len)                                                                               \
  {                                                                                                \
    NULL, AEAD(AEAD_CCM, key_len, SM_API_LOW, ccm_encrypt_low, ccm_decrypt_low)                    \
  }
#define HASH_IMPL(row, slot, fn)                                                                   \
  &(const SmImpl)                                                                                  \
  {                                                                                                \
    .setup = hash_setup, .op = {[slot] = fn}, .teardown = hash_teardown, .data = &row,             \
  }
#define DIGEST(row)                                                                                \
  {                                                                                                \
    HASH_IMPL(row, SM_OP_HASH, hash_evp), HASH_IMPL(row, SM_OP_HASH, hash_low)                     \
  }
#define HMAC(row)                                                                                  \
  {                                                                                                \
    HASH_IMPL(row, SM_OP_MAC, hmac_evp), NULL                                                      \
  }
#define RSA_IMPL(api)                                                                              \
  &(const SmImpl)                                                                                  \
  {                                                                                                \
    .setup = rsa_setup, .op = {[SM_OP_SIGN] = rsa_sign, [SM_OP_VERIFY] = rsa_verify},              \
    .teardown = rsa_teardown, .data = &(const RsaRow){api}, .impl_name = rsa_impl_name,            \
  }
#define ECDSA_IMPL(curve, hash, named, impl, api)                                                  \
  &(const SmImpl)                                                                                  \
  {                                                                                                \
    .setup = ecdsa_setup, .op = {[SM_OP_SIGN] = ecdsa_sign, [SM_OP_VERIFY] = ecdsa_verify},        \
    .teardown = ecdsa_teardown, .data = &(const EcdsaRow){curve, hash, named, impl, api},          \
    .impl_name = ecdsa_impl_name,                                                                  \
  }
#define ECDSA(curve, hash, named, impl)                                                            \
  {                                                                                                \
    ECDSA_IMPL(curve, hash, named, impl, SM_API_EVP),                                              \
        ECDSA_IMPL(curve, hash, named, impl, SM_API_LOW)                                           \
  }
#define KEX_IMPL(curve, impl, api)                                                                 \
  &(const SmImpl)                                                                                  \
  {                                                                                                \
    .setup = kex_setup, .op = {[SM_OP_DERIVE] = kex_derive}, .teardown = kex_teardown,             \
    .data = &(const KexRow){curve, impl, api}, .impl_name = kex_impl_name,                         \
  }
#define KEX(curve, impl)                                                                           \
  {                                                                                                \
    KEX_IMPL(curve, impl, SM_API_EVP), KEX_IMPL(curve, impl, SM_API_LOW)                           \
  }

static const HashRow md5_row = {&br_md5_vtable, md5_named};
static const HashRow sha1_row = {&br_sha1_vtable, sha1_named};
static const HashRow sha224_row = {&br_sha224_vtable, sha224_named};
static const HashRow sha256_row = {&br_sha256_vtable, sha256_named};
static const HashRow sha384_row = {&br_sha384_vtable, sha384_named};
static const HashRow sha512_row = {&br_sha512_vtable, sha512_named};

#define WHY_CCM_EVP                                                                                \
  "BearSSL has no br_aead_class for CCM (br_ccm_reset needs the AAD and data lengths up "          \
  "front); only the direct br_ccm_* calls"
#define WHY_HMAC_LOW                                                                               \
  "BearSSL's HMAC is only the generic br_hmac_* over a br_hash_class (the evp row); it has no "    \
  "per-hash HMAC calls"

static const SmAlgorithm algorithms[] = {
    {.name = "aes-128-cbc", .kind = SM_KIND_CIPHER, .impl = AES_CBC(16)},
    {.name = "aes-192-cbc", .kind = SM_KIND_CIPHER, .impl = AES_CBC(24)},
    {.name = "aes-256-cbc", .kind = SM_KIND_CIPHER, .impl = AES_CBC(32)},
    {.name = "aes-128-ctr", .kind = SM_KIND_CIPHER, .impl = AES_CTR(16)},
    {.name = "aes-192-ctr", .kind = SM_KIND_CIPHER, .impl = AES_CTR(24)},
    {.name = "aes-256-ctr", .kind = SM_KIND_CIPHER, .impl = AES_CTR(32)},
    {.name = "chacha20",
     .kind = SM_KIND_CIPHER,
     .impl = {CIPHER(MODE_CHACHA20, 32, SM_API_EVP, chacha_evp, chacha_evp),
              CIPHER(MODE_CHACHA20, 32, SM_API_LOW, chacha_low, chacha_low)}},
    {.name = "des-cbc", .kind = SM_KIND_CIPHER, .impl = DES_CBC(8)},
    {.name = "des-ede3-cbc", .kind = SM_KIND_CIPHER, .impl = DES_CBC(24)},
    {.name = "aes-128-gcm", .kind = SM_KIND_AEAD, .impl = GCM(16)},
    {.name = "aes-192-gcm", .kind = SM_KIND_AEAD, .impl = GCM(24)},
    {.name = "aes-256-gcm", .kind = SM_KIND_AEAD, .impl = GCM(32)},
    {.name = "aes-128-ccm", .kind = SM_KIND_AEAD, .impl = CCM(16), .why_not = {WHY_CCM_EVP}},
    {.name = "aes-256-ccm", .kind = SM_KIND_AEAD, .impl = CCM(32), .why_not = {WHY_CCM_EVP}},
    {.name = "chacha20-poly1305",
     .kind = SM_KIND_AEAD,
     .impl = {AEAD(AEAD_CHAPOL, 32, SM_API_EVP, chapol_encrypt_evp, chapol_decrypt_evp),
              AEAD(AEAD_CHAPOL, 32, SM_API_LOW, chapol_encrypt_low, chapol_decrypt_low)}},
    {.name = "md5", .kind = SM_KIND_DIGEST, .impl = DIGEST(md5_row)},
    {.name = "sha1", .kind = SM_KIND_DIGEST, .impl = DIGEST(sha1_row)},
    {.name = "sha224", .kind = SM_KIND_DIGEST, .impl = DIGEST(sha224_row)},
    {.name = "sha256", .kind = SM_KIND_DIGEST, .impl = DIGEST(sha256_row)},
    {.name = "sha384", .kind = SM_KIND_DIGEST, .impl = DIGEST(sha384_row)},
    {.name = "sha512", .kind = SM_KIND_DIGEST, .impl = DIGEST(sha512_row)},
    {.name = "hmac-md5",
     .kind = SM_KIND_MAC,
     .impl = HMAC(md5_row),
     .why_not = {NULL, WHY_HMAC_LOW}},
    {.name = "hmac-sha1",
     .kind = SM_KIND_MAC,
     .impl = HMAC(sha1_row),
     .why_not = {NULL, WHY_HMAC_LOW}},
    {.name = "hmac-sha256",
     .kind = SM_KIND_MAC,
     .impl = HMAC(sha256_row),
     .why_not = {NULL, WHY_HMAC_LOW}},
    {.name = "hmac-sha384",
     .kind = SM_KIND_MAC,
     .impl = HMAC(sha384_row),
     .why_not = {NULL, WHY_HMAC_LOW}},
    {.name = "hmac-sha512",
     .kind = SM_KIND_MAC,
     .impl = HMAC(sha512_row),
     .why_not = {NULL, WHY_HMAC_LOW}},
    {.name = "rsa1024",
     .kind = SM_KIND_SIGNATURE,
     .impl = {RSA_IMPL(SM_API_EVP), RSA_IMPL(SM_API_LOW)}},
    {.name = "rsa2048",
     .kind = SM_KIND_SIGNATURE,
     .impl = {RSA_IMPL(SM_API_EVP), RSA_IMPL(SM_API_LOW)}},
    {.name = "rsa3072",
     .kind = SM_KIND_SIGNATURE,
     .impl = {RSA_IMPL(SM_API_EVP), RSA_IMPL(SM_API_LOW)}},
    {.name = "rsa4096",
     .kind = SM_KIND_SIGNATURE,
     .impl = {RSA_IMPL(SM_API_EVP), RSA_IMPL(SM_API_LOW)}},
    {.name = "ecdsa-p256",
     .kind = SM_KIND_SIGNATURE,
     .impl = ECDSA(BR_EC_secp256r1, &br_sha256_vtable, sha256_named, &br_ec_p256_m31)},
    {.name = "ecdsa-p384",
     .kind = SM_KIND_SIGNATURE,
     .impl = ECDSA(BR_EC_secp384r1, &br_sha384_vtable, sha384_named, &br_ec_prime_i31)},
    {.name = "ecdsa-p521",
     .kind = SM_KIND_SIGNATURE,
     .impl = ECDSA(BR_EC_secp521r1, &br_sha512_vtable, sha512_named, &br_ec_prime_i31)},
    {.name = "x25519", .kind = SM_KIND_KEX, .impl = KEX(BR_EC_curve25519, &br_ec_c25519_m31)},
    {.name = "ecdh-p256", .kind = SM_KIND_KEX, .impl = KEX(BR_EC_secp256r1, &br_ec_p256_m31)},
    {.name = "ecdh-p384", .kind = SM_KIND_KEX, .impl = KEX(BR_EC_secp384r1, &br_ec_prime_i31)},
    {.name = NULL},
};

/* ---- engine ---- */

/* BearSSL exports no version call: the run-time answer is the file the loader mapped
 * (libbearssl.so.0 -> libbearssl.so.0.6), read back through dladdr and realpath. */
static const char *lib_version(void)
{
  static char version[32] = "unknown";
  Dl_info info;
  if (dladdr((void *)&br_sha256_vtable, &info) != 0 && info.dli_fname != NULL) {
    char *path = realpath(info.dli_fname, NULL);
    const char *so = path != NULL ? strstr(path, ".so.") : NULL;
    if (so != NULL && strlen(so + 4) < sizeof version)
      strcpy(version, so + 4);
    free(path);
  }
  return version;
}

static void choose_portable(void)
{
  chosen.cbcenc = &br_aes_ct64_cbcenc_vtable;
  chosen.cbcdec = &br_aes_ct64_cbcdec_vtable;
  chosen.ctr = &br_aes_ct64_ctr_vtable;
  chosen.ghash = br_ghash_ctmul;
  chosen.chacha = br_chacha20_ct_run;
  chosen.poly = br_poly1305_ctmul_run;
  chosen.rsa_sign = br_rsa_i31_pkcs1_sign;
  chosen.rsa_vrfy = br_rsa_i31_pkcs1_vrfy;
  chosen.x86ni = chosen.pclmul = chosen.sse2 = chosen.ctmulq = chosen.i62 = false;
}

/* What BearSSL's own *_get() calls offer on this CPU and build (NULL: not available). */
static void choose_accelerated(void)
{
  choose_portable();
  if (br_aes_x86ni_cbcenc_get_vtable() != NULL && br_aes_x86ni_cbcdec_get_vtable() != NULL &&
      br_aes_x86ni_ctr_get_vtable() != NULL && br_aes_x86ni_ctrcbc_get_vtable() != NULL) {
    chosen.x86ni = true;
    chosen.cbcenc = br_aes_x86ni_cbcenc_get_vtable();
    chosen.cbcdec = br_aes_x86ni_cbcdec_get_vtable();
    chosen.ctr = br_aes_x86ni_ctr_get_vtable();
  }
  if (br_ghash_pclmul_get() != NULL) {
    chosen.pclmul = true;
    chosen.ghash = br_ghash_pclmul_get();
  }
  if (br_chacha20_sse2_get() != NULL) {
    chosen.sse2 = true;
    chosen.chacha = br_chacha20_sse2_get();
  }
  if (br_poly1305_ctmulq_get() != NULL) {
    chosen.ctmulq = true;
    chosen.poly = br_poly1305_ctmulq_get();
  }
  chosen.i62 = br_rsa_i62_pkcs1_sign_get() != NULL && br_rsa_i62_pkcs1_vrfy_get() != NULL;
  chosen.rsa_sign = br_rsa_pkcs1_sign_get_default();
  chosen.rsa_vrfy = br_rsa_pkcs1_vrfy_get_default();
}

static SmResult engine_init(const SmEngineConfig *config, char *msg, size_t msg_len)
{
  bool off = config != NULL && config->accel == SM_ACCEL_OFF;
  if (off)
    choose_portable();
  else
    choose_accelerated();
  return sm_msg(SM_OK, msg, msg_len,
                "%s: AES %s, GHASH %s, ChaCha20 %s, Poly1305 %s, RSA %s; EC br_ec_all_m31 in both "
                "modes (0.6 has no 64-bit EC code); no RNG used (constant-time RSA without "
                "blinding, ECDSA RFC 6979 nonces)",
                off ? "portable code chosen" : "chosen by BearSSL's *_get()",
                chosen.x86ni ? "x86ni" : "ct64", chosen.pclmul ? "pclmul" : "ctmul",
                chosen.sse2 ? "sse2" : "ct", chosen.ctmulq ? "ctmulq" : "ctmul",
                chosen.i62 ? "i62" : "i31");
}

static const SmEngine engine = {
    .abi_major = SM_ABI_MAJOR,
    .abi_minor = SM_ABI_MINOR,
    .size = sizeof(SmEngine),
    .name = "bearssl",
    .library = "BearSSL",
    .library_version = lib_version,
    .init = engine_init,
    .accel_off_env = NULL,
    .api_meaning = {"the generic classes: block-cipher vtables, br_aead_class (GCM), "
                    "br_hash_class, br_hmac_*, and the run-time defaults br_ec_get_default, "
                    "br_ecdsa_*_raw_get_default, br_rsa_pkcs1_*_get_default, "
                    "br_chacha20_sse2_get, br_poly1305_ctmulq_get",
                    "the named implementations: br_aes_x86ni_*/ct64_*, br_des_ct_*, "
                    "br_chacha20_*_run, br_gcm_*, br_ccm_*, br_poly1305_*_run, br_sha256_* etc., "
                    "br_rsa_i62_*/i31_*, br_ecdsa_i31_* over br_ec_p256_m31/prime_i31/c25519_m31"},
    .algorithms = algorithms,
};

SM_ENGINE_EXPORT const SmEngine *speedmatrix_engine(void) { return &engine; }

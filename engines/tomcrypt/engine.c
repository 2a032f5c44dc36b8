/* speedmatrix engine: libtomcrypt 1.18.
 *
 * evp = its descriptor tables: find_cipher/find_hash indexes into cipher_descriptor[] and
 * hash_descriptor[], driving the generic modes (cbc_*, ctr_*, xts_*, gcm_*, ccm_memory), the
 * hash descriptors' init/process/done, hmac_* and omac_*.
 * low = its typed calls where they exist: sha256_init/process/done and the other hashes,
 * chacha_*, chacha20poly1305_*, poly1305_*, rc4_stream_*, rsa_sign_hash_ex,
 * ecc_sign_hash_rfc7518, ecc_shared_secret. The modes exist only over descriptor indexes, HMAC
 * and OMAC only over descriptors, and the stream ciphers and public-key calls have no
 * descriptor: those gaps are the why_not lines below.
 *
 * RNG: ECDSA draws its nonce from the registered PRNG it is given: a chacha20_prng seeded per
 * state from params->seed. RSA PKCS#1 v1.5 signing takes no PRNG; its blinding factor comes
 * from the math library's own mp_rand (libtommath's platform source), which cannot be seeded
 * through libtomcrypt. Math: libtommath through ltm_desc.
 */
#define LTM_DESC /* declares ltm_desc */

#include "engine-util.h"
#include "engine.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <tomcrypt.h>

/* ------------------------------------------------------------------------------------------ */
/* Helpers                                                                                     */

static SmResult ltc_fail(SmResult result, char *msg, size_t msg_len, const char *what, int err)
{
  return sm_msg(result, msg, msg_len, "%s: %s", what, error_to_string(err));
}

/* libtomcrypt lengths are unsigned long, key lengths int. */
static bool fits_int(size_t len) { return len <= 0x7fffffff; }

/* ------------------------------------------------------------------------------------------ */
/* evp: block cipher modes over cipher_descriptor[] (one mode object streams across calls)    */

typedef enum { MODE_CBC, MODE_CTR, MODE_XTS } ModeKind;

typedef struct {
  const char *cipher; /* find_cipher name */
  ModeKind mode;
} ModeRow;

typedef struct {
  union {
    symmetric_CBC cbc;
    symmetric_CTR ctr;
    symmetric_xts xts;
  } u;
  ModeKind mode;
  uint8_t tweak[16]; /* XTS: every call is one data unit under this tweak */
  uint8_t work[16];  /* ... copied here, since xts_encrypt takes it non-const */
} ModeState;

static void mode_teardown(void *state)
{
  ModeState *s = state;
  if (s == NULL)
    return;
  if (s->mode == MODE_CBC)
    cbc_done(&s->u.cbc);
  else if (s->mode == MODE_CTR)
    ctr_done(&s->u.ctr);
  else
    xts_done(&s->u.xts);
  free(s);
}

static int mode_start(ModeState *s, int idx, const SmParams *params)
{
  const uint8_t *key = sm_bytes_or_empty(params->key), *iv = sm_bytes_or_empty(params->iv);
  int key_len = (int)params->key.len;
  switch (s->mode) {
  case MODE_CBC:
    return cbc_start(idx, iv, key, key_len, 0, &s->u.cbc);
  case MODE_CTR:
    return ctr_start(idx, iv, key, key_len, 0, CTR_COUNTER_BIG_ENDIAN, &s->u.ctr);
  case MODE_XTS:
    return xts_start(idx, key, key + key_len / 2, (unsigned long)key_len / 2, 0, &s->u.xts);
  }
  return CRYPT_INVALID_ARG;
}

static SmResult mode_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const ModeRow *row = params->impl_data;
  int idx = find_cipher(row->cipher);
  if (idx < 0)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "find_cipher(\"%s\") found no descriptor",
                  row->cipher);
  if (!fits_int(params->key.len) || params->iv.len != (size_t)cipher_descriptor[idx].block_length)
    return sm_msg(SM_FAILED, msg, msg_len, "%s takes a %d-byte IV", row->cipher,
                  cipher_descriptor[idx].block_length);
  ModeState *s = calloc(1, sizeof *s);
  if (s == NULL)
    return sm_out_of_memory(msg, msg_len);
  s->mode = row->mode;
  if (row->mode == MODE_XTS)
    memcpy(s->tweak, params->iv.data, sizeof s->tweak);
  int err = mode_start(s, idx, params);
  if (err != CRYPT_OK) {
    free(s); /* nothing to undo: a failed start leaves no schedule */
    return ltc_fail(SM_FAILED, msg, msg_len, "starting the mode", err);
  }
  *state = s;
  return SM_OK;
}

static SmResult cbc_encrypt_op(void *state, SmIo *io)
{
  ModeState *s = state;
  if (io->out_len < io->in_len || cbc_encrypt(io->in, io->out, io->in_len, &s->u.cbc) != CRYPT_OK)
    return SM_FAILED;
  return sm_output(io, io->in_len);
}

static SmResult cbc_decrypt_op(void *state, SmIo *io)
{
  ModeState *s = state;
  if (io->out_len < io->in_len || cbc_decrypt(io->in, io->out, io->in_len, &s->u.cbc) != CRYPT_OK)
    return SM_FAILED;
  return sm_output(io, io->in_len);
}

static SmResult ctr_crypt_op(void *state, SmIo *io)
{
  ModeState *s = state;
  if (io->out_len < io->in_len || ctr_encrypt(io->in, io->out, io->in_len, &s->u.ctr) != CRYPT_OK)
    return SM_FAILED;
  return sm_output(io, io->in_len);
}

static SmResult xts_encrypt_op(void *state, SmIo *io)
{
  ModeState *s = state;
  memcpy(s->work, s->tweak, sizeof s->work);
  if (io->out_len < io->in_len ||
      xts_encrypt(io->in, io->in_len, io->out, s->work, &s->u.xts) != CRYPT_OK)
    return SM_FAILED;
  return sm_output(io, io->in_len);
}

static SmResult xts_decrypt_op(void *state, SmIo *io)
{
  ModeState *s = state;
  memcpy(s->work, s->tweak, sizeof s->work);
  if (io->out_len < io->in_len ||
      xts_decrypt(io->in, io->in_len, io->out, s->work, &s->u.xts) != CRYPT_OK)
    return SM_FAILED;
  return sm_output(io, io->in_len);
}

/* ------------------------------------------------------------------------------------------ */
/* evp: GCM (gcm_* on a keyed gcm_state) and CCM (ccm_memory on a scheduled key)              */

typedef enum { AEAD_GCM, AEAD_CCM } AeadKind;

typedef struct {
  const char *cipher;
  AeadKind kind;
} AeadRow;

typedef struct {
  union {
    gcm_state gcm;
    symmetric_key ccm;
  } u;
  const AeadRow *row;
  int idx;
  uint8_t *key;
  size_t key_len;
  uint8_t *nonce;
  size_t nonce_len;
  uint8_t *aad; /* never NULL */
  size_t aad_len;
  size_t tag_len;
  uint8_t tag[16];
} AeadState;

static void aead_teardown(void *state)
{
  AeadState *s = state;
  if (s == NULL)
    return;
  free(s->key);
  free(s->nonce);
  free(s->aad);
  free(s);
}

static SmResult aead_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const AeadRow *row = params->impl_data;
  int idx = find_cipher(row->cipher);
  if (idx < 0)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "find_cipher(\"%s\") found no descriptor",
                  row->cipher);
  if (!fits_int(params->key.len) || params->tag_len == 0 || params->tag_len > 16)
    return sm_msg(SM_FAILED, msg, msg_len, "unexpected key or tag length");
  AeadState *s = calloc(1, sizeof *s);
  if (s == NULL)
    return sm_out_of_memory(msg, msg_len);
  s->row = row;
  s->idx = idx;
  s->key = sm_copy_bytes(params->key);
  s->nonce = sm_copy_bytes(params->iv);
  s->aad = sm_copy_bytes(params->aad);
  s->key_len = params->key.len;
  s->nonce_len = params->iv.len;
  s->aad_len = params->aad.len;
  s->tag_len = params->tag_len;
  if (s->key == NULL || s->nonce == NULL || s->aad == NULL) {
    aead_teardown(s);
    return sm_out_of_memory(msg, msg_len);
  }
  /* The key schedule (and GCM's multiplication table) happens once, here. */
  int err = row->kind == AEAD_GCM
                ? gcm_init(&s->u.gcm, idx, s->key, (int)s->key_len)
                : cipher_descriptor[idx].setup(s->key, (int)s->key_len, 0, &s->u.ccm);
  SmResult result =
      err != CRYPT_OK ? ltc_fail(SM_FAILED, msg, msg_len, "keying the cipher", err) : SM_OK;
  return sm_setup_end(result, s, aead_teardown, state);
}

static int gcm_run(AeadState *s, const uint8_t *in, size_t len, uint8_t *out, int direction)
{
  unsigned long tag_len = s->tag_len;
  int err = gcm_reset(&s->u.gcm);
  if (err == CRYPT_OK)
    err = gcm_add_iv(&s->u.gcm, s->nonce, s->nonce_len);
  if (err == CRYPT_OK)
    err = gcm_add_aad(&s->u.gcm, s->aad, s->aad_len);
  /* gcm_process takes both buffers non-const; the input is only read. */
  if (err == CRYPT_OK)
    err = direction == GCM_ENCRYPT ? gcm_process(&s->u.gcm, (uint8_t *)in, len, out, direction)
                                   : gcm_process(&s->u.gcm, out, len, (uint8_t *)in, direction);
  if (err == CRYPT_OK)
    err = gcm_done(&s->u.gcm, s->tag, &tag_len);
  return err;
}

static SmResult gcm_encrypt_op(void *state, SmIo *io)
{
  AeadState *s = state;
  if (!sm_aead_encrypt_fits(io, s->tag_len) ||
      gcm_run(s, io->in, io->in_len, io->out, GCM_ENCRYPT) != CRYPT_OK)
    return SM_FAILED;
  memcpy(io->out + io->in_len, s->tag, s->tag_len);
  return sm_output(io, io->in_len + s->tag_len);
}

/* gcm_done only computes the tag: the comparison is ours, in constant time (mem_neq). */
static SmResult gcm_decrypt_op(void *state, SmIo *io)
{
  AeadState *s = state;
  if (!sm_aead_decrypt_fits(io, s->tag_len))
    return SM_FAILED;
  size_t ct_len = io->in_len - s->tag_len;
  if (gcm_run(s, io->in, ct_len, io->out, GCM_DECRYPT) != CRYPT_OK ||
      mem_neq(s->tag, io->in + ct_len, s->tag_len) != 0)
    return SM_FAILED;
  return sm_output(io, ct_len);
}

static SmResult ccm_encrypt_op(void *state, SmIo *io)
{
  AeadState *s = state;
  unsigned long tag_len = s->tag_len;
  if (!sm_aead_encrypt_fits(io, s->tag_len) ||
      ccm_memory(s->idx, s->key, s->key_len, &s->u.ccm, s->nonce, s->nonce_len, s->aad, s->aad_len,
                 (uint8_t *)io->in, io->in_len, io->out, io->out + io->in_len, &tag_len,
                 CCM_ENCRYPT) != CRYPT_OK)
    return SM_FAILED;
  return sm_output(io, io->in_len + tag_len);
}

/* ccm_memory verifies the tag it is given when decrypting (CRYPT_ERROR on a mismatch). */
static SmResult ccm_decrypt_op(void *state, SmIo *io)
{
  AeadState *s = state;
  if (!sm_aead_decrypt_fits(io, s->tag_len))
    return SM_FAILED;
  size_t ct_len = io->in_len - s->tag_len;
  unsigned long tag_len = s->tag_len;
  memcpy(s->tag, io->in + ct_len, s->tag_len);
  if (ccm_memory(s->idx, s->key, s->key_len, &s->u.ccm, s->nonce, s->nonce_len, s->aad, s->aad_len,
                 io->out, ct_len, (uint8_t *)io->in, s->tag, &tag_len, CCM_DECRYPT) != CRYPT_OK)
    return SM_FAILED;
  return sm_output(io, ct_len);
}

/* ------------------------------------------------------------------------------------------ */
/* Digests: evp through hash_descriptor[find_hash(name)], low through the typed functions     */

typedef int (*HashInitFn)(hash_state *md);
typedef int (*HashProcessFn)(hash_state *md, const unsigned char *in, unsigned long len);
typedef int (*HashDoneFn)(hash_state *md, unsigned char *out);

typedef struct {
  const char *name; /* evp: find_hash name */
  HashInitFn init;  /* low: the typed calls */
  HashProcessFn process;
  HashDoneFn done;
  size_t out_len;
} HashRow;

typedef struct {
  hash_state md;
  int idx; /* evp: the descriptor used per call */
  HashInitFn init;
  HashProcessFn process;
  HashDoneFn done;
  size_t out_len;
} DigestState;

static SmResult digest_setup(const SmParams *params, void **state, char *msg, size_t msg_len,
                             bool typed)
{
  const HashRow *row = params->impl_data;
  int idx = typed ? 0 : find_hash(row->name);
  if (idx < 0)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "find_hash(\"%s\") found no descriptor", row->name);
  DigestState *s = calloc(1, sizeof *s);
  if (s == NULL)
    return sm_out_of_memory(msg, msg_len);
  if (typed) {
    s->init = row->init;
    s->process = row->process;
    s->done = row->done;
    s->out_len = row->out_len;
  } else {
    s->idx = idx;
    s->out_len = hash_descriptor[idx].hashsize;
  }
  *state = s;
  return SM_OK;
}

static SmResult digest_setup_evp(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  return digest_setup(params, state, msg, msg_len, false);
}

static SmResult digest_setup_low(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  return digest_setup(params, state, msg, msg_len, true);
}

/* evp: through the descriptor table entry found in setup, as callers of the table do. */
static SmResult digest_hash_desc(void *state, SmIo *io)
{
  DigestState *s = state;
  const struct ltc_hash_descriptor *desc = &hash_descriptor[s->idx];
  if (io->out_len < s->out_len || desc->init(&s->md) != CRYPT_OK ||
      desc->process(&s->md, io->in, io->in_len) != CRYPT_OK ||
      desc->done(&s->md, io->out) != CRYPT_OK)
    return SM_FAILED;
  return sm_output(io, s->out_len);
}

/* low: the row's typed functions (sha256_init, sha256_process, sha256_done, ...). */
static SmResult digest_hash(void *state, SmIo *io)
{
  DigestState *s = state;
  if (io->out_len < s->out_len || s->init(&s->md) != CRYPT_OK ||
      s->process(&s->md, io->in, io->in_len) != CRYPT_OK || s->done(&s->md, io->out) != CRYPT_OK)
    return SM_FAILED;
  return sm_output(io, s->out_len);
}

/* ------------------------------------------------------------------------------------------ */
/* evp: HMAC (hmac_* over a hash descriptor) and CMAC (omac_* over a cipher descriptor)       */

typedef struct {
  const char *name; /* the hash (HMAC) or cipher (OMAC) */
  bool omac;
} MacRow;

typedef struct {
  hmac_state hmac;
  omac_state omac_keyed; /* OMAC: keyed once, copied per message (it holds no pointers) */
  omac_state omac;
  int idx;
  bool omac_mode;
  uint8_t *key;
  size_t key_len;
  unsigned long out_len;
} MacState;

static void mac_teardown(void *state)
{
  MacState *s = state;
  if (s != NULL)
    free(s->key);
  free(s);
}

static SmResult mac_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const MacRow *row = params->impl_data;
  int idx = row->omac ? find_cipher(row->name) : find_hash(row->name);
  if (idx < 0)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "no descriptor named \"%s\"", row->name);
  if (!fits_int(params->key.len))
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "key too long");
  MacState *s = calloc(1, sizeof *s);
  if (s == NULL || (s->key = sm_copy_bytes(params->key)) == NULL) {
    free(s);
    return sm_out_of_memory(msg, msg_len);
  }
  s->idx = idx;
  s->omac_mode = row->omac;
  s->key_len = params->key.len;
  s->out_len = row->omac ? (unsigned long)cipher_descriptor[idx].block_length
                         : hash_descriptor[idx].hashsize;
  int err = row->omac ? omac_init(&s->omac_keyed, idx, s->key, s->key_len) : CRYPT_OK;
  SmResult result = err != CRYPT_OK ? ltc_fail(SM_FAILED, msg, msg_len, "omac_init", err) : SM_OK;
  return sm_setup_end(result, s, mac_teardown, state);
}

/* hmac_state has no reset and hmac_done frees the key copy that hmac_init allocates, so each
 * message is keyed again (an allocation per call that the API forces). */
static SmResult hmac_mac(void *state, SmIo *io)
{
  MacState *s = state;
  unsigned long len = io->out_len;
  if (io->out_len < s->out_len || hmac_init(&s->hmac, s->idx, s->key, s->key_len) != CRYPT_OK)
    return SM_FAILED;
  if (hmac_process(&s->hmac, io->in, io->in_len) != CRYPT_OK ||
      hmac_done(&s->hmac, io->out, &len) != CRYPT_OK)
    return SM_FAILED;
  return sm_output(io, len);
}

static SmResult omac_mac(void *state, SmIo *io)
{
  MacState *s = state;
  unsigned long len = io->out_len;
  if (io->out_len < s->out_len)
    return SM_FAILED;
  s->omac = s->omac_keyed;
  if (omac_process(&s->omac, io->in, io->in_len) != CRYPT_OK ||
      omac_done(&s->omac, io->out, &len) != CRYPT_OK)
    return SM_FAILED;
  return sm_output(io, len);
}

/* ------------------------------------------------------------------------------------------ */
/* low: ChaCha20 and RC4 (typed stream states), ChaCha20-Poly1305, Poly1305                    */

typedef enum { LOW_CHACHA20, LOW_RC4, LOW_CHACHAPOLY, LOW_POLY1305 } LowKind;

typedef struct {
  LowKind kind;
} LowRow;

typedef struct {
  union {
    chacha_state chacha;
    rc4_state rc4;
    chacha20poly1305_state chachapoly;
    poly1305_state poly1305;
  } u;
  LowKind kind;
  uint8_t key[32]; /* Poly1305, ChaCha20-Poly1305: the key, set per message */
  uint8_t nonce[12];
  uint8_t *aad; /* never NULL */
  size_t aad_len;
  uint8_t tag[16];
} LowState;

static void low_teardown(void *state)
{
  LowState *s = state;
  if (s == NULL)
    return;
  if (s->kind == LOW_CHACHA20)
    chacha_done(&s->u.chacha);
  else if (s->kind == LOW_RC4)
    rc4_stream_done(&s->u.rc4);
  free(s->aad);
  free(s);
}

static int low_key(LowState *s, const SmParams *params)
{
  const uint8_t *key = sm_bytes_or_empty(params->key), *iv = sm_bytes_or_empty(params->iv);
  int err;
  switch (s->kind) {
  case LOW_CHACHA20: /* iv = 32-bit little-endian counter || 96-bit nonce */
    err = chacha_setup(&s->u.chacha, key, params->key.len, 20);
    return err != CRYPT_OK ? err : chacha_ivctr32(&s->u.chacha, iv + 4, 12, sm_load_le32(iv));
  case LOW_RC4:
    return rc4_stream_setup(&s->u.rc4, key, params->key.len);
  case LOW_CHACHAPOLY:
    memcpy(s->nonce, iv, sizeof s->nonce);
    memcpy(s->key, key, sizeof s->key);
    return CRYPT_OK;
  case LOW_POLY1305:
    memcpy(s->key, key, sizeof s->key);
    return CRYPT_OK;
  }
  return CRYPT_INVALID_ARG;
}

static SmResult low_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const LowRow *row = params->impl_data;
  bool chacha = row->kind == LOW_CHACHA20 || row->kind == LOW_CHACHAPOLY;
  if ((chacha || row->kind == LOW_POLY1305) && params->key.len != 32)
    return sm_msg(SM_FAILED, msg, msg_len, "a 32-byte key is needed");
  if ((row->kind == LOW_CHACHA20 && params->iv.len != 16) ||
      (row->kind == LOW_CHACHAPOLY && (params->iv.len != 12 || params->tag_len != 16)))
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "unexpected nonce or tag length");
  LowState *s = calloc(1, sizeof *s);
  if (s == NULL || (s->aad = sm_copy_bytes(params->aad)) == NULL) {
    free(s);
    return sm_out_of_memory(msg, msg_len);
  }
  s->kind = row->kind;
  s->aad_len = params->aad.len;
  int err = low_key(s, params);
  if (err != CRYPT_OK) {
    free(s->aad);
    free(s);
    return ltc_fail(SM_FAILED, msg, msg_len, "keying", err);
  }
  *state = s;
  return SM_OK;
}

static SmResult chacha20_op(void *state, SmIo *io)
{
  LowState *s = state;
  if (io->out_len < io->in_len ||
      chacha_crypt(&s->u.chacha, io->in, io->in_len, io->out) != CRYPT_OK)
    return SM_FAILED;
  return sm_output(io, io->in_len);
}

static SmResult rc4_op(void *state, SmIo *io)
{
  LowState *s = state;
  if (io->out_len < io->in_len ||
      rc4_stream_crypt(&s->u.rc4, io->in, io->in_len, io->out) != CRYPT_OK)
    return SM_FAILED;
  return sm_output(io, io->in_len);
}

/* chacha20poly1305_done wipes the whole state, key included: each message starts with
 * chacha20poly1305_init (ChaCha20 has no key schedule; init copies the key in). */
static SmResult chachapoly_encrypt_op(void *state, SmIo *io)
{
  LowState *s = state;
  unsigned long tag_len = 16;
  if (!sm_aead_encrypt_fits(io, 16) ||
      chacha20poly1305_init(&s->u.chachapoly, s->key, sizeof s->key) != CRYPT_OK ||
      chacha20poly1305_setiv(&s->u.chachapoly, s->nonce, sizeof s->nonce) != CRYPT_OK ||
      chacha20poly1305_add_aad(&s->u.chachapoly, s->aad, s->aad_len) != CRYPT_OK ||
      chacha20poly1305_encrypt(&s->u.chachapoly, io->in, io->in_len, io->out) != CRYPT_OK ||
      chacha20poly1305_done(&s->u.chachapoly, io->out + io->in_len, &tag_len) != CRYPT_OK)
    return SM_FAILED;
  return sm_output(io, io->in_len + tag_len);
}

/* chacha20poly1305_done only computes the tag: the comparison is ours (mem_neq). */
static SmResult chachapoly_decrypt_op(void *state, SmIo *io)
{
  LowState *s = state;
  unsigned long tag_len = 16;
  if (!sm_aead_decrypt_fits(io, 16))
    return SM_FAILED;
  size_t ct_len = io->in_len - 16;
  if (chacha20poly1305_init(&s->u.chachapoly, s->key, sizeof s->key) != CRYPT_OK ||
      chacha20poly1305_setiv(&s->u.chachapoly, s->nonce, sizeof s->nonce) != CRYPT_OK ||
      chacha20poly1305_add_aad(&s->u.chachapoly, s->aad, s->aad_len) != CRYPT_OK ||
      chacha20poly1305_decrypt(&s->u.chachapoly, io->in, ct_len, io->out) != CRYPT_OK ||
      chacha20poly1305_done(&s->u.chachapoly, s->tag, &tag_len) != CRYPT_OK ||
      mem_neq(s->tag, io->in + ct_len, 16) != 0)
    return SM_FAILED;
  return sm_output(io, ct_len);
}

static SmResult poly1305_op(void *state, SmIo *io)
{
  LowState *s = state;
  unsigned long len = io->out_len;
  if (io->out_len < 16 || poly1305_init(&s->u.poly1305, s->key, sizeof s->key) != CRYPT_OK ||
      poly1305_process(&s->u.poly1305, io->in, io->in_len) != CRYPT_OK ||
      poly1305_done(&s->u.poly1305, io->out, &len) != CRYPT_OK)
    return SM_FAILED;
  return sm_output(io, len);
}

/* ------------------------------------------------------------------------------------------ */
/* low: RSA (rsa_sign_hash_ex), ECDSA (ecc_sign_hash_rfc7518), ECDH (ecc_shared_secret)       */

typedef enum { PK_RSA, PK_ECDSA, PK_ECDH } PkKind;

typedef struct {
  PkKind kind;
  size_t width;        /* ECC: bytes of the order and field (32, 48, 66) */
  const HashRow *hash; /* RSA/ECDSA: the typed hash of the message */
} PkRow;

typedef struct {
  prng_state prng; /* chacha20_prng, seeded from params->seed */
  int prng_idx, hash_idx;
  union {
    rsa_key rsa;
    ecc_key ecc;
  } key;
  ecc_key peer;
  bool key_ready, peer_ready, prng_ready, has_private;
  uint8_t key_seed[66]; /* keygen: the ECC scalar */
  size_t key_seed_len;
  int rsa_size; /* keygen: bytes of the modulus to draw */
  const PkRow *row;
  hash_state md;
  uint8_t hash[64];
} PkState;

static void pk_teardown(void *state)
{
  PkState *s = state;
  if (s == NULL)
    return;
  if (s->key_ready && s->row->kind == PK_RSA)
    rsa_free(&s->key.rsa);
  else if (s->key_ready)
    ecc_free(&s->key.ecc);
  if (s->peer_ready)
    ecc_free(&s->peer);
  if (s->prng_ready)
    chacha20_prng_done(&s->prng);
  free(s);
}

static int rsa_load(rsa_key *key, const SmRsaKey *k, bool priv)
{
  int err = rsa_set_key(k->n.data, k->n.len, k->e.data, k->e.len, priv ? k->d.data : NULL,
                        priv ? k->d.len : 0, key);
  if (err == CRYPT_OK && priv)
    err = rsa_set_factors(k->p.data, k->p.len, k->q.data, k->q.len, key);
  if (err == CRYPT_OK && priv) /* libtomcrypt's qP is q^-1 mod p, the runner's qinv */
    err = rsa_set_crt_params(k->dp.data, k->dp.len, k->dq.data, k->dq.len, k->qinv.data,
                             k->qinv.len, key);
  return err;
}

/* ltc_ecc_sets[] has no curve names for lookups in 1.18: the NIST curves by their size. */
static int ecc_curve_index(size_t width)
{
  for (int i = 0; ltc_ecc_sets[i].size != 0; i++)
    if ((size_t)ltc_ecc_sets[i].size == width)
      return i;
  return -1;
}

/* libtomcrypt 1.18 has no import of a raw private scalar (ecc_set_key came in 1.19): the key is
 * built as ecc_make_key_ex builds it, from d through ltc_mp (libtommath) and ltc_ecc_mulmod. */
static int ecc_from_scalar(ecc_key *key, int idx, SmBytes priv)
{
  const ltc_ecc_set_type *dp = &ltc_ecc_sets[idx];
  void *prime = NULL;
  ecc_point *base = ltc_ecc_new_point();
  if (base == NULL)
    return CRYPT_MEM;
  key->type = PK_PRIVATE;
  key->idx = idx;
  key->dp = dp;
  int err = ltc_init_multi(&key->pubkey.x, &key->pubkey.y, &key->pubkey.z, &key->k, &prime, NULL);
  if (err == CRYPT_OK)
    err = ltc_mp.read_radix(prime, dp->prime, 16);
  if (err == CRYPT_OK)
    err = ltc_mp.read_radix(base->x, dp->Gx, 16);
  if (err == CRYPT_OK)
    err = ltc_mp.read_radix(base->y, dp->Gy, 16);
  if (err == CRYPT_OK)
    err = ltc_mp.set_int(base->z, 1);
  if (err == CRYPT_OK)
    err = ltc_mp.unsigned_read(key->k, (unsigned char *)priv.data, (unsigned long)priv.len);
  if (err == CRYPT_OK)
    err = ltc_ecc_mulmod(key->k, base, &key->pubkey, prime, 1);
  ltc_ecc_del_point(base);
  if (prime != NULL)
    ltc_deinit_multi(prime, NULL);
  return err;
}

static int ecc_load(ecc_key *key, size_t width, SmBytes priv, SmBytes pub)
{
  int idx = ecc_curve_index(width);
  if (idx < 0)
    return CRYPT_INVALID_ARG;
  if (priv.len > 0)
    return ecc_from_scalar(key, idx, priv);
  return ecc_ansi_x963_import(pub.data, pub.len, key);
}

static int pk_load(PkState *s, const SmParams *params)
{
  const PkRow *row = s->row;
  if (row->kind == PK_RSA)
    return rsa_load(&s->key.rsa, &params->rsa, s->has_private);
  int err = ecc_load(&s->key.ecc, row->width, params->priv, params->pub);
  if (err != CRYPT_OK || row->kind != PK_ECDH)
    return err;
  s->peer_ready = true;
  return ecc_load(&s->peer, row->width, params->peer_priv, params->peer_pub);
}

static int seeded_prng(PkState *s, uint64_t seed)
{
  uint8_t entropy[32];
  sm_seed_key(seed, "speedmatrix tomcrypt prng", entropy); /* "...prn" then the seed */
  int err = chacha20_prng_start(&s->prng);
  s->prng_ready = err == CRYPT_OK;
  if (err == CRYPT_OK)
    err = chacha20_prng_add_entropy(entropy, sizeof entropy, &s->prng);
  return err == CRYPT_OK ? chacha20_prng_ready(&s->prng) : err;
}

/* keygen: RSA draws with the seeded chacha20_prng, keyed by the run's seed and a per-process
 * count (two pairs drawn differ, a run stays reproducible); ECC keeps key_seed for the op. */
static uint64_t keygen_draws;

static int keygen_prepare(PkState *s, const SmParams *params)
{
  s->rsa_size = (int)params->rsa.n.len;
  if (s->row->kind != PK_RSA)
    s->key_seed_len = sm_copy_key_seed(params, 0, s->key_seed, sizeof s->key_seed);
  if (s->row->kind == PK_RSA ? s->rsa_size == 0 : s->key_seed_len == 0)
    return CRYPT_INVALID_ARG;
  return seeded_prng(s, params->seed ^ (++keygen_draws * UINT64_C(0x9e3779b97f4a7c15)));
}

/* RSA: rsa_make_key (e = 65537), out = n. ECC: d*G as ecc_make_key_ex does it, then
 * ecc_ansi_x963_export (0x04||x||y). A new key per call. */
static SmResult keygen_op(void *state, SmIo *io)
{
  PkState *s = state;
  unsigned long len = io->out_len;
  int err;
  if (s->row->kind == PK_RSA) {
    rsa_key key;
    err = rsa_make_key(&s->prng, s->prng_idx, s->rsa_size, 65537, &key);
    if (err != CRYPT_OK)
      return SM_FAILED;
    len = ltc_mp.unsigned_size(key.N);
    if (len != (unsigned long)s->rsa_size || len > io->out_len)
      err = CRYPT_BUFFER_OVERFLOW;
    else
      err = ltc_mp.unsigned_write(key.N, io->out);
    rsa_free(&key);
  } else {
    ecc_key key = {0};
    err = ecc_from_scalar(&key, ecc_curve_index(s->row->width),
                          (SmBytes){s->key_seed, s->key_seed_len});
    if (err == CRYPT_OK)
      err = ecc_ansi_x963_export(&key, io->out, &len);
    if (key.k != NULL) /* ltc_init_multi made the numbers */
      ecc_free(&key);
  }
  return err != CRYPT_OK ? SM_FAILED : sm_output(io, len);
}

static SmResult pk_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  PkState *s = calloc(1, sizeof *s);
  if (s == NULL)
    return sm_out_of_memory(msg, msg_len);
  s->row = params->impl_data;
  s->has_private = s->row->kind == PK_RSA ? params->rsa.d.len > 0 : params->priv.len > 0;
  s->prng_idx = find_prng("chacha20");
  s->hash_idx = s->row->hash != NULL ? find_hash(s->row->hash->name) : 0;
  if (s->prng_idx < 0 || s->hash_idx < 0) {
    pk_teardown(s);
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "chacha20 PRNG or hash descriptor not registered");
  }
  int err = params->op == SM_OP_KEYGEN ? keygen_prepare(s, params) : seeded_prng(s, params->seed);
  if (err == CRYPT_OK && params->op != SM_OP_KEYGEN) {
    s->key_ready = true;
    err = pk_load(s, params);
  }
  SmResult result =
      err != CRYPT_OK ? ltc_fail(SM_FAILED, msg, msg_len, "loading the key", err) : SM_OK;
  return sm_setup_end(result, s, pk_teardown, state);
}

/* The message's hash with the row's typed functions (part of the operation). */
static bool pk_hash(PkState *s, const SmIo *io)
{
  const HashRow *h = s->row->hash;
  return h->init(&s->md) == CRYPT_OK && h->process(&s->md, io->in, io->in_len) == CRYPT_OK &&
         h->done(&s->md, s->hash) == CRYPT_OK;
}

static SmResult rsa_sign_op(void *state, SmIo *io)
{
  PkState *s = state;
  unsigned long len = io->out_len;
  if (!s->has_private || !pk_hash(s, io) ||
      rsa_sign_hash_ex(s->hash, s->row->hash->out_len, io->out, &len, LTC_PKCS_1_V1_5, &s->prng,
                       s->prng_idx, s->hash_idx, 0, &s->key.rsa) != CRYPT_OK)
    return SM_FAILED;
  return sm_output(io, len);
}

static SmResult rsa_verify_op(void *state, SmIo *io)
{
  PkState *s = state;
  int verified = 0;
  if (!pk_hash(s, io) ||
      rsa_verify_hash_ex(io->aux, io->aux_len, s->hash, s->row->hash->out_len, LTC_PKCS_1_V1_5,
                         s->hash_idx, 0, &verified, &s->key.rsa) != CRYPT_OK ||
      verified != 1)
    return SM_FAILED;
  return sm_output(io, 0);
}

static SmResult ecdsa_sign_op(void *state, SmIo *io)
{
  PkState *s = state;
  unsigned long len = io->out_len;
  if (!s->has_private || !pk_hash(s, io) ||
      ecc_sign_hash_rfc7518(s->hash, s->row->hash->out_len, io->out, &len, &s->prng, s->prng_idx,
                            &s->key.ecc) != CRYPT_OK ||
      len != 2 * s->row->width)
    return SM_FAILED;
  return sm_output(io, len);
}

static SmResult ecdsa_verify_op(void *state, SmIo *io)
{
  PkState *s = state;
  int verified = 0;
  if (io->aux_len != 2 * s->row->width || !pk_hash(s, io) ||
      ecc_verify_hash_rfc7518(io->aux, io->aux_len, s->hash, s->row->hash->out_len, &verified,
                              &s->key.ecc) != CRYPT_OK ||
      verified != 1)
    return SM_FAILED;
  return sm_output(io, 0);
}

static SmResult ecdh_op(void *state, SmIo *io)
{
  PkState *s = state;
  unsigned long len = io->out_len;
  if (ecc_shared_secret(&s->key.ecc, &s->peer, io->out, &len) != CRYPT_OK || len != s->row->width)
    return SM_FAILED;
  return sm_output(io, len);
}

/* ------------------------------------------------------------------------------------------ */
/* The tables                                                                                  */

static const ModeRow aes_cbc_row = {"aes", MODE_CBC}, aes_ctr_row = {"aes", MODE_CTR},
                     aes_xts_row = {"aes", MODE_XTS}, camellia_cbc_row = {"camellia", MODE_CBC},
                     twofish_cbc_row = {"twofish", MODE_CBC}, cast5_cbc_row = {"cast5", MODE_CBC},
                     bf_cbc_row = {"blowfish", MODE_CBC}, rc2_cbc_row = {"rc2", MODE_CBC},
                     des_cbc_row = {"des", MODE_CBC}, des3_cbc_row = {"3des", MODE_CBC};

#define MODE_IMPL(row, enc, dec)                                                                   \
  {                                                                                                \
    .setup = mode_setup, .op = {[SM_OP_ENCRYPT] = enc, [SM_OP_DECRYPT] = dec},                     \
    .teardown = mode_teardown, .data = &row                                                        \
  }
#define CBC_IMPL(row) MODE_IMPL(row, cbc_encrypt_op, cbc_decrypt_op)

static const SmImpl aes_cbc_evp = CBC_IMPL(aes_cbc_row);
static const SmImpl aes_ctr_evp = MODE_IMPL(aes_ctr_row, ctr_crypt_op, ctr_crypt_op);
static const SmImpl aes_xts_evp = MODE_IMPL(aes_xts_row, xts_encrypt_op, xts_decrypt_op);
static const SmImpl camellia_cbc_evp = CBC_IMPL(camellia_cbc_row);
static const SmImpl twofish_cbc_evp = CBC_IMPL(twofish_cbc_row);
static const SmImpl cast5_cbc_evp = CBC_IMPL(cast5_cbc_row);
static const SmImpl bf_cbc_evp = CBC_IMPL(bf_cbc_row);
static const SmImpl rc2_cbc_evp = CBC_IMPL(rc2_cbc_row);
static const SmImpl des_cbc_evp = CBC_IMPL(des_cbc_row);
static const SmImpl des3_cbc_evp = CBC_IMPL(des3_cbc_row);

static const AeadRow gcm_row = {"aes", AEAD_GCM}, ccm_row = {"aes", AEAD_CCM};
static const SmImpl gcm_evp = {
    .setup = aead_setup,
    .op = {[SM_OP_ENCRYPT] = gcm_encrypt_op, [SM_OP_DECRYPT] = gcm_decrypt_op},
    .teardown = aead_teardown,
    .data = &gcm_row};
static const SmImpl ccm_evp = {
    .setup = aead_setup,
    .op = {[SM_OP_ENCRYPT] = ccm_encrypt_op, [SM_OP_DECRYPT] = ccm_decrypt_op},
    .teardown = aead_teardown,
    .data = &ccm_row};

static const LowRow chacha20_row = {LOW_CHACHA20}, rc4_row = {LOW_RC4},
                    chachapoly_row = {LOW_CHACHAPOLY}, poly1305_row = {LOW_POLY1305};
static const SmImpl chacha20_low = {
    .setup = low_setup,
    .op = {[SM_OP_ENCRYPT] = chacha20_op, [SM_OP_DECRYPT] = chacha20_op},
    .teardown = low_teardown,
    .data = &chacha20_row};
static const SmImpl rc4_low = {.setup = low_setup,
                               .op = {[SM_OP_ENCRYPT] = rc4_op, [SM_OP_DECRYPT] = rc4_op},
                               .teardown = low_teardown,
                               .data = &rc4_row};
static const SmImpl chachapoly_low = {
    .setup = low_setup,
    .op = {[SM_OP_ENCRYPT] = chachapoly_encrypt_op, [SM_OP_DECRYPT] = chachapoly_decrypt_op},
    .teardown = low_teardown,
    .data = &chachapoly_row};
static const SmImpl poly1305_low = {.setup = low_setup,
                                    .op = {[SM_OP_MAC] = poly1305_op},
                                    .teardown = low_teardown,
                                    .data = &poly1305_row};

/* SHA-224/384 share SHA-256/512's process; SHA-3 and BLAKE2 share one per family. */
static const HashRow hash_rows[] = {
    {"md4", md4_init, md4_process, md4_done, 16},
    {"md5", md5_init, md5_process, md5_done, 16},
    {"sha1", sha1_init, sha1_process, sha1_done, 20},
    {"sha224", sha224_init, sha256_process, sha224_done, 28},
    {"sha256", sha256_init, sha256_process, sha256_done, 32},
    {"sha384", sha384_init, sha512_process, sha384_done, 48},
    {"sha512", sha512_init, sha512_process, sha512_done, 64},
    {"sha3-256", sha3_256_init, sha3_process, sha3_done, 32},
    {"sha3-512", sha3_512_init, sha3_process, sha3_done, 64},
    {"blake2b-512", blake2b_512_init, blake2b_process, blake2b_done, 64},
    {"blake2s-256", blake2s_256_init, blake2s_process, blake2s_done, 32},
    {"rmd160", rmd160_init, rmd160_process, rmd160_done, 20},
};

#define DIGEST_PAIR(i)                                                                             \
  {                                                                                                \
    {.setup = digest_setup_evp,                                                                    \
     .op = {[SM_OP_HASH] = digest_hash_desc},                                                      \
     .teardown = free,                                                                             \
     .data = &hash_rows[i]},                                                                       \
    {                                                                                              \
      .setup = digest_setup_low, .op = {[SM_OP_HASH] = digest_hash}, .teardown = free,             \
      .data = &hash_rows[i]                                                                        \
    }                                                                                              \
  }

static const SmImpl digest_impls[][SM_API_COUNT] = {
    DIGEST_PAIR(0), DIGEST_PAIR(1), DIGEST_PAIR(2),  DIGEST_PAIR(3),
    DIGEST_PAIR(4), DIGEST_PAIR(5), DIGEST_PAIR(6),  DIGEST_PAIR(7),
    DIGEST_PAIR(8), DIGEST_PAIR(9), DIGEST_PAIR(10), DIGEST_PAIR(11),
};

static const MacRow hmac_rows[] = {
    {"md5", false}, {"sha1", false}, {"sha256", false}, {"sha384", false}, {"sha512", false}};
static const MacRow cmac_row = {"aes", true};

#define HMAC_IMPL(i)                                                                               \
  {                                                                                                \
    .setup = mac_setup, .op = {[SM_OP_MAC] = hmac_mac}, .teardown = mac_teardown,                  \
    .data = &hmac_rows[i]                                                                          \
  }
static const SmImpl hmac_impls[] = {HMAC_IMPL(0), HMAC_IMPL(1), HMAC_IMPL(2), HMAC_IMPL(3),
                                    HMAC_IMPL(4)};
static const SmImpl cmac_evp = {.setup = mac_setup,
                                .op = {[SM_OP_MAC] = omac_mac},
                                .teardown = mac_teardown,
                                .data = &cmac_row};

static const PkRow rsa_row = {PK_RSA, 0, &hash_rows[4]};
static const PkRow ecdsa_p256_row = {PK_ECDSA, 32, &hash_rows[4]};
static const PkRow ecdsa_p384_row = {PK_ECDSA, 48, &hash_rows[5]};
static const PkRow ecdsa_p521_row = {PK_ECDSA, 66, &hash_rows[6]};
static const PkRow ecdh_p256_row = {PK_ECDH, 32, NULL};
static const PkRow ecdh_p384_row = {PK_ECDH, 48, NULL};

#define SIG_IMPL(row, sign, verify)                                                                \
  SM_IMPL_SIGNATURE_KEYGEN(pk_setup, pk_teardown, &row, sign, verify, keygen_op)
#define KEX_IMPL(row) SM_IMPL_KEX_KEYGEN(pk_setup, pk_teardown, &row, ecdh_op, keygen_op)
static const SmImpl rsa_low = SIG_IMPL(rsa_row, rsa_sign_op, rsa_verify_op);
static const SmImpl ecdsa_p256_low = SIG_IMPL(ecdsa_p256_row, ecdsa_sign_op, ecdsa_verify_op);
static const SmImpl ecdsa_p384_low = SIG_IMPL(ecdsa_p384_row, ecdsa_sign_op, ecdsa_verify_op);
static const SmImpl ecdsa_p521_low = SIG_IMPL(ecdsa_p521_row, ecdsa_sign_op, ecdsa_verify_op);
static const SmImpl ecdh_p256_low = KEX_IMPL(ecdh_p256_row);
static const SmImpl ecdh_p384_low = KEX_IMPL(ecdh_p384_row);

#define WHY_MODE                                                                                   \
  "libtomcrypt's modes (cbc_*, ctr_*, xts_*) run over a cipher descriptor index: no typed form"
#define WHY_GCM "libtomcrypt's gcm_* runs over a cipher descriptor index: no typed AES-GCM"
#define WHY_CCM "libtomcrypt's ccm_memory runs over a cipher descriptor index: no typed AES-CCM"
#define WHY_STREAM                                                                                 \
  "libtomcrypt has no descriptor for stream ciphers (chacha_*, rc4_stream_* are typed only; "      \
  "rc4_desc is a PRNG)"
#define WHY_HMAC "libtomcrypt's HMAC is hmac_* over a hash descriptor only: no typed HMAC"
#define WHY_CMAC "libtomcrypt's CMAC is omac_* over a cipher descriptor only: no typed CMAC"
#define WHY_PK "libtomcrypt's public-key calls are typed only: no descriptor table"

#define EVP_ONLY(evp, why) .impl = {&evp, NULL}, .why_not = {NULL, why}
#define LOW_ONLY(low, why) .impl = {NULL, &low}, .why_not = {why, NULL}
#define PAIR(table, i) .impl = {&table[i][SM_API_EVP], &table[i][SM_API_LOW]}

static const SmAlgorithm algorithms[] = {
    {.name = "aes-128-cbc", .kind = SM_KIND_CIPHER, EVP_ONLY(aes_cbc_evp, WHY_MODE)},
    {.name = "aes-192-cbc", .kind = SM_KIND_CIPHER, EVP_ONLY(aes_cbc_evp, WHY_MODE)},
    {.name = "aes-256-cbc", .kind = SM_KIND_CIPHER, EVP_ONLY(aes_cbc_evp, WHY_MODE)},
    {.name = "aes-128-ctr", .kind = SM_KIND_CIPHER, EVP_ONLY(aes_ctr_evp, WHY_MODE)},
    {.name = "aes-192-ctr", .kind = SM_KIND_CIPHER, EVP_ONLY(aes_ctr_evp, WHY_MODE)},
    {.name = "aes-256-ctr", .kind = SM_KIND_CIPHER, EVP_ONLY(aes_ctr_evp, WHY_MODE)},
    {.name = "aes-128-xts", .kind = SM_KIND_CIPHER, EVP_ONLY(aes_xts_evp, WHY_MODE)},
    {.name = "aes-256-xts", .kind = SM_KIND_CIPHER, EVP_ONLY(aes_xts_evp, WHY_MODE)},
    {.name = "chacha20", .kind = SM_KIND_CIPHER, LOW_ONLY(chacha20_low, WHY_STREAM)},
    {.name = "camellia-128-cbc", .kind = SM_KIND_CIPHER, EVP_ONLY(camellia_cbc_evp, WHY_MODE)},
    {.name = "twofish-cbc", .kind = SM_KIND_CIPHER, EVP_ONLY(twofish_cbc_evp, WHY_MODE)},
    {.name = "cast5-cbc", .kind = SM_KIND_CIPHER, EVP_ONLY(cast5_cbc_evp, WHY_MODE)},
    {.name = "bf-cbc", .kind = SM_KIND_CIPHER, EVP_ONLY(bf_cbc_evp, WHY_MODE)},
    {.name = "rc2-cbc", .kind = SM_KIND_CIPHER, EVP_ONLY(rc2_cbc_evp, WHY_MODE)},
    {.name = "des-cbc", .kind = SM_KIND_CIPHER, EVP_ONLY(des_cbc_evp, WHY_MODE)},
    {.name = "des-ede3-cbc", .kind = SM_KIND_CIPHER, EVP_ONLY(des3_cbc_evp, WHY_MODE)},
    {.name = "rc4", .kind = SM_KIND_CIPHER, LOW_ONLY(rc4_low, WHY_STREAM)},
    {.name = "aes-128-gcm", .kind = SM_KIND_AEAD, EVP_ONLY(gcm_evp, WHY_GCM)},
    {.name = "aes-192-gcm", .kind = SM_KIND_AEAD, EVP_ONLY(gcm_evp, WHY_GCM)},
    {.name = "aes-256-gcm", .kind = SM_KIND_AEAD, EVP_ONLY(gcm_evp, WHY_GCM)},
    {.name = "aes-128-ccm", .kind = SM_KIND_AEAD, EVP_ONLY(ccm_evp, WHY_CCM)},
    {.name = "aes-256-ccm", .kind = SM_KIND_AEAD, EVP_ONLY(ccm_evp, WHY_CCM)},
    {.name = "chacha20-poly1305",
     .kind = SM_KIND_AEAD,
     LOW_ONLY(chachapoly_low, "libtomcrypt has no AEAD descriptor: chacha20poly1305_* is typed "
                              "only")},
    {.name = "md4", .kind = SM_KIND_DIGEST, PAIR(digest_impls, 0)},
    {.name = "md5", .kind = SM_KIND_DIGEST, PAIR(digest_impls, 1)},
    {.name = "sha1", .kind = SM_KIND_DIGEST, PAIR(digest_impls, 2)},
    {.name = "sha224", .kind = SM_KIND_DIGEST, PAIR(digest_impls, 3)},
    {.name = "sha256", .kind = SM_KIND_DIGEST, PAIR(digest_impls, 4)},
    {.name = "sha384", .kind = SM_KIND_DIGEST, PAIR(digest_impls, 5)},
    {.name = "sha512", .kind = SM_KIND_DIGEST, PAIR(digest_impls, 6)},
    {.name = "sha3-256", .kind = SM_KIND_DIGEST, PAIR(digest_impls, 7)},
    {.name = "sha3-512", .kind = SM_KIND_DIGEST, PAIR(digest_impls, 8)},
    {.name = "blake2b512", .kind = SM_KIND_DIGEST, PAIR(digest_impls, 9)},
    {.name = "blake2s256", .kind = SM_KIND_DIGEST, PAIR(digest_impls, 10)},
    {.name = "ripemd160", .kind = SM_KIND_DIGEST, PAIR(digest_impls, 11)},
    {.name = "hmac-md5", .kind = SM_KIND_MAC, EVP_ONLY(hmac_impls[0], WHY_HMAC)},
    {.name = "hmac-sha1", .kind = SM_KIND_MAC, EVP_ONLY(hmac_impls[1], WHY_HMAC)},
    {.name = "hmac-sha256", .kind = SM_KIND_MAC, EVP_ONLY(hmac_impls[2], WHY_HMAC)},
    {.name = "hmac-sha384", .kind = SM_KIND_MAC, EVP_ONLY(hmac_impls[3], WHY_HMAC)},
    {.name = "hmac-sha512", .kind = SM_KIND_MAC, EVP_ONLY(hmac_impls[4], WHY_HMAC)},
    {.name = "cmac-aes128", .kind = SM_KIND_MAC, EVP_ONLY(cmac_evp, WHY_CMAC)},
    {.name = "poly1305",
     .kind = SM_KIND_MAC,
     LOW_ONLY(poly1305_low, "libtomcrypt has no MAC descriptor table: poly1305_* is typed only")},
    {.name = "rsa1024", .kind = SM_KIND_SIGNATURE, LOW_ONLY(rsa_low, WHY_PK)},
    {.name = "rsa2048", .kind = SM_KIND_SIGNATURE, LOW_ONLY(rsa_low, WHY_PK)},
    {.name = "rsa3072", .kind = SM_KIND_SIGNATURE, LOW_ONLY(rsa_low, WHY_PK)},
    {.name = "rsa4096", .kind = SM_KIND_SIGNATURE, LOW_ONLY(rsa_low, WHY_PK)},
    {.name = "ecdsa-p256", .kind = SM_KIND_SIGNATURE, LOW_ONLY(ecdsa_p256_low, WHY_PK)},
    {.name = "ecdsa-p384", .kind = SM_KIND_SIGNATURE, LOW_ONLY(ecdsa_p384_low, WHY_PK)},
    {.name = "ecdsa-p521", .kind = SM_KIND_SIGNATURE, LOW_ONLY(ecdsa_p521_low, WHY_PK)},
    {.name = "ecdh-p256", .kind = SM_KIND_KEX, LOW_ONLY(ecdh_p256_low, WHY_PK)},
    {.name = "ecdh-p384", .kind = SM_KIND_KEX, LOW_ONLY(ecdh_p384_low, WHY_PK)},
    {.name = NULL},
};

/* ------------------------------------------------------------------------------------------ */
/* Engine                                                                                      */

/* libtomcrypt has no version call: its build-settings string opens with "LibTomCrypt X.Y.Z". */
static const char *lib_version(void)
{
  static char version[32];
  const char *prefix = "LibTomCrypt ";
  const char *start = strstr(crypt_build_settings, prefix);
  if (start == NULL)
    return SCRYPT;
  start += strlen(prefix);
  size_t len = strcspn(start, " \n");
  snprintf(version, sizeof version, "%.*s", (int)(len < sizeof version ? len : 0), start);
  return version;
}

static SmResult engine_init(const SmEngineConfig *config, char *msg, size_t msg_len)
{
  ltc_mp = ltm_desc;
  if (register_all_ciphers() != CRYPT_OK || register_all_hashes() != CRYPT_OK ||
      register_all_prngs() != CRYPT_OK)
    return sm_msg(SM_FAILED, msg, msg_len, "registering libtomcrypt's descriptors failed");
  if (config != NULL && config->accel == SM_ACCEL_OFF)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                  "libtomcrypt has no accelerated code to turn off, as built (1.18 has no AES-NI "
                  "descriptor: portable C only)");
  return sm_msg(SM_OK, msg, msg_len,
                "portable C, no accelerated code (1.18 has no AES-NI descriptor); math: "
                "libtommath (ltm_desc); RNG: ECDSA from a chacha20_prng seeded per cell, RSA "
                "blinding insists on libtommath's own mp_rand");
}

SM_ENGINE_DESCRIPTOR(engine, "tomcrypt", "libtomcrypt", lib_version, engine_init, NULL, NULL,
                     "the descriptor tables (find_cipher + cbc_*/ctr_*/xts_*/gcm_*/ccm_memory, "
                     "hash_descriptor[], hmac_*, omac_*)",
                     "the typed calls (sha256_*, chacha_*, chacha20poly1305_*, poly1305_*, "
                     "rc4_stream_*, rsa_sign_hash_ex, ecc_sign_hash_rfc7518, ecc_shared_secret)",
                     algorithms);

SM_DEFINE_ENTRY(engine)

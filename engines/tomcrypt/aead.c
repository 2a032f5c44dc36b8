/* libtomcrypt engine: AEADs. evp: GCM (gcm_* on a keyed gcm_state) and CCM (ccm_memory on a
 * scheduled key), both over a cipher descriptor index; low: ChaCha20-Poly1305's typed
 * chacha20poly1305_* calls, which have no descriptor. */
#include "tomcrypt-engine.h"

/* ---- evp: GCM and CCM over a cipher descriptor ---- */

typedef struct AeadState AeadState;

/* What a mode row calls once in setup: GCM's key and table, or CCM's key schedule. */
typedef int AeadKeyFn(AeadState *s);

typedef struct {
  const char *cipher; /* find_cipher name */
  AeadKeyFn *key;
} AeadRow;

struct AeadState {
  union {
    gcm_state gcm;
    symmetric_key ccm;
  } u;
  int idx;
  uint8_t *key;
  size_t key_len;
  SmAeadInputs in; /* nonce, AAD (never NULL), tag length */
  uint8_t tag[16];
};

static int gcm_key(AeadState *s) { return gcm_init(&s->u.gcm, s->idx, s->key, (int)s->key_len); }

static int ccm_key(AeadState *s)
{
  return cipher_descriptor[s->idx].setup(s->key, (int)s->key_len, 0, &s->u.ccm);
}

static void aead_teardown(void *state)
{
  AeadState *s = state;
  free(s->key);
  sm_aead_inputs_free(&s->in);
  free(s);
}

static SmResult aead_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  AeadState *s = state;
  const AeadRow *row = params->impl_data;
  s->idx = find_cipher(row->cipher);
  if (s->idx < 0)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "find_cipher(\"%s\") found no descriptor",
                  row->cipher);
  if (!fits_int(params->key.len) || params->tag_len == 0 || params->tag_len > 16)
    return sm_msg(SM_FAILED, msg, msg_len, "unexpected key or tag length");
  s->key = sm_copy_bytes(params->key);
  s->key_len = params->key.len;
  if (!sm_aead_inputs_copy(&s->in, params) || s->key == NULL)
    return sm_out_of_memory(msg, msg_len);
  /* The key schedule (and GCM's multiplication table) happens once, here. */
  int err = row->key(s);
  return err != CRYPT_OK ? ltc_fail(SM_FAILED, msg, msg_len, "keying the cipher", err) : SM_OK;
}

SM_DEFINE_SETUP(aead_setup, AeadState, aead_fill, aead_teardown)

static int gcm_run(AeadState *s, const uint8_t *in, size_t len, uint8_t *out, int direction)
{
  unsigned long tag_len = s->in.tag_len;
  int err = gcm_reset(&s->u.gcm);
  if (err == CRYPT_OK)
    err = gcm_add_iv(&s->u.gcm, s->in.nonce, s->in.nonce_len);
  if (err == CRYPT_OK)
    err = gcm_add_aad(&s->u.gcm, s->in.aad, s->in.aad_len);
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
  if (!sm_aead_encrypt_fits(io, s->in.tag_len) ||
      gcm_run(s, io->in, io->in_len, io->out, GCM_ENCRYPT) != CRYPT_OK)
    return SM_FAILED;
  memcpy(io->out + io->in_len, s->tag, s->in.tag_len);
  return sm_output(io, io->in_len + s->in.tag_len);
}

/* gcm_done only computes the tag: the comparison is ours, in constant time (mem_neq). */
static SmResult gcm_decrypt_op(void *state, SmIo *io)
{
  AeadState *s = state;
  if (!sm_aead_decrypt_fits(io, s->in.tag_len))
    return SM_FAILED;
  size_t ct_len = io->in_len - s->in.tag_len;
  if (gcm_run(s, io->in, ct_len, io->out, GCM_DECRYPT) != CRYPT_OK ||
      mem_neq(s->tag, io->in + ct_len, s->in.tag_len) != 0)
    return SM_FAILED;
  return sm_output(io, ct_len);
}

static SmResult ccm_encrypt_op(void *state, SmIo *io)
{
  AeadState *s = state;
  unsigned long tag_len = s->in.tag_len;
  if (!sm_aead_encrypt_fits(io, s->in.tag_len) ||
      ccm_memory(s->idx, s->key, s->key_len, &s->u.ccm, s->in.nonce, s->in.nonce_len, s->in.aad,
                 s->in.aad_len, (uint8_t *)io->in, io->in_len, io->out, io->out + io->in_len,
                 &tag_len, CCM_ENCRYPT) != CRYPT_OK)
    return SM_FAILED;
  return sm_output(io, io->in_len + tag_len);
}

/* ccm_memory verifies the tag it is given when decrypting (CRYPT_ERROR on a mismatch). */
static SmResult ccm_decrypt_op(void *state, SmIo *io)
{
  AeadState *s = state;
  if (!sm_aead_decrypt_fits(io, s->in.tag_len))
    return SM_FAILED;
  size_t ct_len = io->in_len - s->in.tag_len;
  unsigned long tag_len = s->in.tag_len;
  memcpy(s->tag, io->in + ct_len, s->in.tag_len);
  if (ccm_memory(s->idx, s->key, s->key_len, &s->u.ccm, s->in.nonce, s->in.nonce_len, s->in.aad,
                 s->in.aad_len, io->out, ct_len, (uint8_t *)io->in, s->tag, &tag_len,
                 CCM_DECRYPT) != CRYPT_OK)
    return SM_FAILED;
  return sm_output(io, ct_len);
}

/* ---- low: ChaCha20-Poly1305 ---- */

typedef struct {
  chacha20poly1305_state st;
  uint8_t key[32]; /* set per message */
  uint8_t nonce[12];
  uint8_t *aad; /* never NULL */
  size_t aad_len;
  uint8_t tag[16];
} ChapolState;

static void chapol_teardown(void *state)
{
  ChapolState *s = state;
  free(s->aad);
  free(s);
}

static SmResult chapol_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  ChapolState *s = state;
  if (params->key.len != 32)
    return sm_msg(SM_FAILED, msg, msg_len, "a 32-byte key is needed");
  if (params->iv.len != 12 || params->tag_len != 16)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "unexpected nonce or tag length");
  if ((s->aad = sm_copy_bytes(params->aad)) == NULL)
    return sm_out_of_memory(msg, msg_len);
  s->aad_len = params->aad.len;
  memcpy(s->nonce, params->iv.data, sizeof s->nonce);
  memcpy(s->key, params->key.data, sizeof s->key);
  return SM_OK;
}

SM_DEFINE_SETUP(chapol_setup, ChapolState, chapol_fill, chapol_teardown)

/* chacha20poly1305_done wipes the whole state, key included: each message starts with
 * chacha20poly1305_init (ChaCha20 has no key schedule; init copies the key in). */
static int chapol_start(ChapolState *s)
{
  int err = chacha20poly1305_init(&s->st, s->key, sizeof s->key);
  if (err == CRYPT_OK)
    err = chacha20poly1305_setiv(&s->st, s->nonce, sizeof s->nonce);
  return err != CRYPT_OK ? err : chacha20poly1305_add_aad(&s->st, s->aad, s->aad_len);
}

static SmResult chapol_encrypt_op(void *state, SmIo *io)
{
  ChapolState *s = state;
  unsigned long tag_len = 16;
  if (!sm_aead_encrypt_fits(io, 16) || chapol_start(s) != CRYPT_OK ||
      chacha20poly1305_encrypt(&s->st, io->in, io->in_len, io->out) != CRYPT_OK ||
      chacha20poly1305_done(&s->st, io->out + io->in_len, &tag_len) != CRYPT_OK)
    return SM_FAILED;
  return sm_output(io, io->in_len + tag_len);
}

/* chacha20poly1305_done only computes the tag: the comparison is ours (mem_neq). */
static SmResult chapol_decrypt_op(void *state, SmIo *io)
{
  ChapolState *s = state;
  unsigned long tag_len = 16;
  if (!sm_aead_decrypt_fits(io, 16))
    return SM_FAILED;
  size_t ct_len = io->in_len - 16;
  if (chapol_start(s) != CRYPT_OK ||
      chacha20poly1305_decrypt(&s->st, io->in, ct_len, io->out) != CRYPT_OK ||
      chacha20poly1305_done(&s->st, s->tag, &tag_len) != CRYPT_OK ||
      mem_neq(s->tag, io->in + ct_len, 16) != 0)
    return SM_FAILED;
  return sm_output(io, ct_len);
}

/* ---- the rows ---- */

#define WHY_GCM "libtomcrypt's gcm_* runs over a cipher descriptor index: no typed AES-GCM"
#define WHY_CCM "libtomcrypt's ccm_memory runs over a cipher descriptor index: no typed AES-CCM"

#define AEAD_ROW(n, mode, why)                                                                     \
  SM_ROW_EVP_ONLY(n, SM_KIND_AEAD,                                                                 \
                  (&(const SmImpl)SM_IMPL_CIPHER(aead_setup, aead_teardown,                        \
                                                 (&(const AeadRow){"aes", mode##_key}),            \
                                                 mode##_encrypt_op, mode##_decrypt_op)),           \
                  why)

const SmAlgorithm aead_rows[] = {
    AEAD_ROW("aes-128-gcm", gcm, WHY_GCM),
    AEAD_ROW("aes-192-gcm", gcm, WHY_GCM),
    AEAD_ROW("aes-256-gcm", gcm, WHY_GCM),
    AEAD_ROW("aes-128-ccm", ccm, WHY_CCM),
    AEAD_ROW("aes-256-ccm", ccm, WHY_CCM),
    SM_ROW_LOW_ONLY("chacha20-poly1305", SM_KIND_AEAD,
                    (&(const SmImpl)SM_IMPL_CIPHER(chapol_setup, chapol_teardown, NULL,
                                                   chapol_encrypt_op, chapol_decrypt_op)),
                    "libtomcrypt has no AEAD descriptor: chacha20poly1305_* is typed only"),
    SM_ROW_END,
};

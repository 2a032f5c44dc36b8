/* Nettle engine: AEADs, through nettle-meta (evp) and the typed calls (low). */

#include "nettle-engine.h"

/* ------------------------------------------------------------------------------------------ */
/* AEAD: one whole message per call                                                            */

/* The message's nonce, AAD and tag length (engine-util.h's SmAeadInputs), checked against the
 * algorithm first. fixed_nonce: the only nonce length accepted, or 0 for any non-empty nonce;
 * no tag length asked for: the longest. */
static SmResult aead_message_init(SmAeadInputs *m, const SmParams *params, size_t fixed_nonce,
                                  size_t max_tag, char *msg, size_t msg_len)
{
  if (fixed_nonce != 0 && params->iv.len != fixed_nonce)
    return fail_len(msg, msg_len, "nonce", params->iv.len, fixed_nonce);
  if (params->iv.len == 0)
    return sm_msg(SM_FAILED, msg, msg_len, "empty nonce");
  size_t tag_len = params->tag_len != 0 ? params->tag_len : max_tag;
  if (tag_len > max_tag)
    return sm_msg(SM_FAILED, msg, msg_len, "tag of %zu bytes, at most %zu", tag_len, max_tag);
  if (!sm_aead_inputs_copy(m, params))
    return sm_out_of_memory(msg, msg_len);
  m->tag_len = tag_len;
  return SM_OK;
}

static bool aead_encrypt_io(const SmAeadInputs *m, SmIo *io)
{
  if (!sm_aead_encrypt_fits(io, m->tag_len))
    return false;
  io->out_len = io->in_len + m->tag_len;
  return true;
}

/* Sets *ct_len; false when in cannot hold a tag or out is too small. */
static bool aead_decrypt_io(const SmAeadInputs *m, SmIo *io, size_t *ct_len)
{
  if (!sm_aead_decrypt_fits(io, m->tag_len))
    return false;
  *ct_len = io->in_len - m->tag_len;
  io->out_len = *ct_len;
  return true;
}

typedef struct {
  const struct nettle_aead *aead;
  SmAeadInputs m;
  max_align_t ctx[]; /* context_size bytes */
} MetaAead;

static void meta_aead_free(void *state)
{
  MetaAead *s = state;
  sm_aead_inputs_free(&s->m);
  free(s);
}

/* A row of the evp AEAD table: the descriptor. */
typedef struct {
  const struct nettle_aead *aead;
} MetaAeadRow;

ROW_NAME_GETTER(meta_aead_impl_name, MetaAeadRow, aead->name)

static size_t meta_aead_ctx_size(const MetaAeadRow *row) { return row->aead->context_size; }

static SmResult meta_aead_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  MetaAead *s = state;
  const struct nettle_aead *aead = ((const MetaAeadRow *)params->impl_data)->aead;
  if (params->key.len != aead->key_size)
    return fail_len(msg, msg_len, "key", params->key.len, aead->key_size);
  if (params->iv.len != aead->nonce_size)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                  "the %s descriptor's set_nonce takes exactly %u bytes, not %zu", aead->name,
                  aead->nonce_size, params->iv.len);
  s->aead = aead;
  if (params->op == SM_OP_DECRYPT)
    aead->set_decrypt_key(s->ctx, params->key.data);
  else
    aead->set_encrypt_key(s->ctx, params->key.data);
  return aead_message_init(&s->m, params, aead->nonce_size, aead->digest_size, msg, msg_len);
}

SIZED_SETUP(meta_aead_setup, MetaAead, MetaAeadRow, meta_aead_ctx_size, meta_aead_fill,
            meta_aead_free)

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
  FAT_IMPL(meta_aead_setup, meta_aead_free, (&(const MetaAeadRow){&(desc)}), meta_aead_impl_name,  \
           [SM_OP_ENCRYPT] = meta_aead_encrypt, [SM_OP_DECRYPT] = meta_aead_decrypt)

static const SmImpl gcm_aes128_evp = META_AEAD(nettle_gcm_aes128);
static const SmImpl gcm_aes192_evp = META_AEAD(nettle_gcm_aes192);
static const SmImpl gcm_aes256_evp = META_AEAD(nettle_gcm_aes256);
static const SmImpl chacha_poly1305_evp = META_AEAD(nettle_chacha_poly1305);

/* Low AEAD: per context type, a typed key schedule and two typed whole-message calls; seal
 * writes ciphertext || tag, open checks the tag. */
typedef void LowAeadKeyFn(void *ctx, const uint8_t *key);
typedef void LowAeadSealFn(void *ctx, const SmAeadInputs *m, size_t length, uint8_t *dst,
                           const uint8_t *src);
typedef bool LowAeadOpenFn(void *ctx, const SmAeadInputs *m, size_t length, uint8_t *dst,
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
  SmAeadInputs m;
  max_align_t ctx[]; /* ctx_size bytes */
} LowAead;

static void low_aead_free(void *state)
{
  LowAead *s = state;
  sm_aead_inputs_free(&s->m);
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
  return sm_ccm_length_check(params, msg, msg_len);
}

static size_t low_aead_ctx_size(const LowAeadRow *row) { return row->ctx_size; }

static SmResult low_aead_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  LowAead *s = state;
  const LowAeadRow *row = params->impl_data;
  if (params->key.len != row->key_size)
    return fail_len(msg, msg_len, "key", params->key.len, row->key_size);
  if (row->ccm) {
    SmResult result = ccm_check(params, msg, msg_len);
    if (result != SM_OK)
      return result;
  }
  s->row = row;
  row->key(s->ctx, params->key.data);
  return aead_message_init(&s->m, params, row->fixed_nonce, row->tag_max, msg, msg_len);
}

SIZED_SETUP(low_aead_setup, LowAead, LowAeadRow, low_aead_ctx_size, low_aead_fill, low_aead_free)

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

/* The typed calls of one AES-GCM key size, written once for 128, 192 and 256. */
#define GCM_AES_CALLS(bits)                                                                        \
  static void gcm_aes##bits##_key(void *ctx, const uint8_t *key)                                   \
  {                                                                                                \
    gcm_aes##bits##_set_key(ctx, key);                                                             \
  }                                                                                                \
                                                                                                   \
  static void gcm_aes##bits##_seal(void *ctx, const SmAeadInputs *m, size_t length, uint8_t *dst,  \
                                   const uint8_t *src)                                             \
  {                                                                                                \
    gcm_aes##bits##_set_iv(ctx, m->nonce_len, m->nonce);                                           \
    if (m->aad_len > 0)                                                                            \
      gcm_aes##bits##_update(ctx, m->aad_len, m->aad);                                             \
    gcm_aes##bits##_encrypt(ctx, length, dst, src);                                                \
    gcm_aes##bits##_digest(ctx, m->tag_len, dst + length);                                         \
  }                                                                                                \
                                                                                                   \
  static bool gcm_aes##bits##_open(void *ctx, const SmAeadInputs *m, size_t length, uint8_t *dst,  \
                                   const uint8_t *src)                                             \
  {                                                                                                \
    uint8_t expected[MAX_BLOCK];                                                                   \
    gcm_aes##bits##_set_iv(ctx, m->nonce_len, m->nonce);                                           \
    if (m->aad_len > 0)                                                                            \
      gcm_aes##bits##_update(ctx, m->aad_len, m->aad);                                             \
    gcm_aes##bits##_decrypt(ctx, length, dst, src);                                                \
    gcm_aes##bits##_digest(ctx, m->tag_len, expected);                                             \
    return memeql_sec(expected, src + length, m->tag_len);                                         \
  }

GCM_AES_CALLS(128)
GCM_AES_CALLS(192)
GCM_AES_CALLS(256)

static void chacha_poly1305_key(void *ctx, const uint8_t *key)
{
  chacha_poly1305_set_key(ctx, key);
}

static void chacha_poly1305_seal(void *ctx, const SmAeadInputs *m, size_t length, uint8_t *dst,
                                 const uint8_t *src)
{
  chacha_poly1305_set_nonce(ctx, m->nonce); /* 12 bytes, checked in setup */
  if (m->aad_len > 0)
    chacha_poly1305_update(ctx, m->aad_len, m->aad);
  chacha_poly1305_encrypt(ctx, length, dst, src);
  chacha_poly1305_digest(ctx, m->tag_len, dst + length);
}

static bool chacha_poly1305_open(void *ctx, const SmAeadInputs *m, size_t length, uint8_t *dst,
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

/* The message calls of one AES-CCM key size (nonce, AAD, text and tag in one call, ciphertext
 * || tag in one buffer), written once for 128 and 256. */
#define CCM_AES_CALLS(bits)                                                                        \
  static void ccm_aes##bits##_key(void *ctx, const uint8_t *key)                                   \
  {                                                                                                \
    ccm_aes##bits##_set_key(ctx, key);                                                             \
  }                                                                                                \
                                                                                                   \
  static void ccm_aes##bits##_seal(void *ctx, const SmAeadInputs *m, size_t length, uint8_t *dst,  \
                                   const uint8_t *src)                                             \
  {                                                                                                \
    ccm_aes##bits##_encrypt_message(ctx, m->nonce_len, m->nonce, m->aad_len, m->aad, m->tag_len,   \
                                    length + m->tag_len, dst, src);                                \
  }                                                                                                \
                                                                                                   \
  static bool ccm_aes##bits##_open(void *ctx, const SmAeadInputs *m, size_t length, uint8_t *dst,  \
                                   const uint8_t *src)                                             \
  {                                                                                                \
    return ccm_aes##bits##_decrypt_message(ctx, m->nonce_len, m->nonce, m->aad_len, m->aad,        \
                                           m->tag_len, length, dst, src) != 0;                     \
  }

CCM_AES_CALLS(128)
CCM_AES_CALLS(256)

#define LOW_AEAD(tag, key_size, fixed_nonce, tag_max, ccm)                                         \
  FAT_IMPL(                                                                                        \
      low_aead_setup, low_aead_free,                                                               \
      (&(const LowAeadRow){key_size, fixed_nonce, tag_max, sizeof(struct tag##_ctx), ccm,          \
                           tag##_key, tag##_seal, tag##_open, #tag}),                              \
      low_aead_impl_name, [SM_OP_ENCRYPT] = low_aead_encrypt, [SM_OP_DECRYPT] = low_aead_decrypt)

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

#define NO_CCM_META "nettle-meta.h has no CCM descriptor (no struct nettle_aead for CCM); see low"

/* The AEAD rows, in the order `list` shows them. */
const SmAlgorithm aead_rows[] = {
    EVP_AND_LOW("aes-128-gcm", SM_KIND_AEAD, gcm_aes128),
    EVP_AND_LOW("aes-192-gcm", SM_KIND_AEAD, gcm_aes192),
    EVP_AND_LOW("aes-256-gcm", SM_KIND_AEAD, gcm_aes256),
    LOW_ONLY("aes-128-ccm", SM_KIND_AEAD, ccm_aes128_low, NO_CCM_META),
    LOW_ONLY("aes-256-ccm", SM_KIND_AEAD, ccm_aes256_low, NO_CCM_META),
    EVP_AND_LOW("chacha20-poly1305", SM_KIND_AEAD, chacha_poly1305),
    SM_ROW_END,
};

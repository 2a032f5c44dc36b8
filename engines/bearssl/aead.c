/* BearSSL engine: AEADs (AES-GCM, AES-CCM, ChaCha20-Poly1305). */
#include "bearssl-engine.h"

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
  SmAeadInputs in;       /* nonce, AAD, tag length */
} AeadState;

static void aead_teardown(void *state)
{
  AeadState *st = state;
  if (st == NULL)
    return;
  sm_aead_inputs_free(&st->in);
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
    return sm_out_of_memory(msg, msg_len);
  bool copied = sm_aead_inputs_copy(&st->in, params);
  if (!copied) {
    aead_teardown(st);
    return sm_out_of_memory(msg, msg_len);
  }
  aead_keys(st, row, &params->key);
  *state = st;
  return SM_OK;
}

/* Copies the ciphertext (without its tag) to out, where BearSSL decrypts it in place. */
static size_t open_copy_in(const AeadState *st, const SmIo *io)
{
  size_t ct_len = io->in_len - st->in.tag_len;
  if (ct_len > 0)
    memcpy(io->out, io->in, ct_len);
  return ct_len;
}

static SmResult gcm_encrypt_evp(void *state, SmIo *io)
{
  AeadState *st = state;
  const br_aead_class **vt = &st->aead.gcm.vtable;
  if (!sm_aead_encrypt_fits(io, st->in.tag_len))
    return SM_FAILED;
  (*vt)->reset(vt, st->in.nonce, st->in.nonce_len);
  (*vt)->aad_inject(vt, st->in.aad, st->in.aad_len);
  (*vt)->flip(vt);
  copy_in(io);
  (*vt)->run(vt, 1, io->out, io->in_len);
  (*vt)->get_tag_trunc(vt, io->out + io->in_len, st->in.tag_len);
  return sm_output(io, io->in_len + st->in.tag_len);
}

static SmResult gcm_decrypt_evp(void *state, SmIo *io)
{
  AeadState *st = state;
  const br_aead_class **vt = &st->aead.gcm.vtable;
  if (!sm_aead_decrypt_fits(io, st->in.tag_len))
    return SM_FAILED;
  (*vt)->reset(vt, st->in.nonce, st->in.nonce_len);
  (*vt)->aad_inject(vt, st->in.aad, st->in.aad_len);
  (*vt)->flip(vt);
  size_t ct_len = open_copy_in(st, io);
  (*vt)->run(vt, 0, io->out, ct_len);
  if (!(*vt)->check_tag_trunc(vt, io->in + ct_len, st->in.tag_len))
    return SM_FAILED;
  return sm_output(io, ct_len);
}

static SmResult gcm_encrypt_low(void *state, SmIo *io)
{
  AeadState *st = state;
  if (!sm_aead_encrypt_fits(io, st->in.tag_len))
    return SM_FAILED;
  br_gcm_reset(&st->aead.gcm, st->in.nonce, st->in.nonce_len);
  br_gcm_aad_inject(&st->aead.gcm, st->in.aad, st->in.aad_len);
  br_gcm_flip(&st->aead.gcm);
  copy_in(io);
  br_gcm_run(&st->aead.gcm, 1, io->out, io->in_len);
  br_gcm_get_tag_trunc(&st->aead.gcm, io->out + io->in_len, st->in.tag_len);
  return sm_output(io, io->in_len + st->in.tag_len);
}

static SmResult gcm_decrypt_low(void *state, SmIo *io)
{
  AeadState *st = state;
  if (!sm_aead_decrypt_fits(io, st->in.tag_len))
    return SM_FAILED;
  br_gcm_reset(&st->aead.gcm, st->in.nonce, st->in.nonce_len);
  br_gcm_aad_inject(&st->aead.gcm, st->in.aad, st->in.aad_len);
  br_gcm_flip(&st->aead.gcm);
  size_t ct_len = open_copy_in(st, io);
  br_gcm_run(&st->aead.gcm, 0, io->out, ct_len);
  if (!br_gcm_check_tag_trunc(&st->aead.gcm, io->in + ct_len, st->in.tag_len))
    return SM_FAILED;
  return sm_output(io, ct_len);
}

/* CCM needs the AAD and data lengths before it starts: br_ccm_reset takes them. */
static SmResult ccm_encrypt_low(void *state, SmIo *io)
{
  AeadState *st = state;
  if (!sm_aead_encrypt_fits(io, st->in.tag_len) ||
      !br_ccm_reset(&st->aead.ccm, st->in.nonce, st->in.nonce_len, st->in.aad_len, io->in_len,
                    st->in.tag_len))
    return SM_FAILED;
  br_ccm_aad_inject(&st->aead.ccm, st->in.aad, st->in.aad_len);
  br_ccm_flip(&st->aead.ccm);
  copy_in(io);
  br_ccm_run(&st->aead.ccm, 1, io->out, io->in_len);
  br_ccm_get_tag(&st->aead.ccm, io->out + io->in_len);
  return sm_output(io, io->in_len + st->in.tag_len);
}

static SmResult ccm_decrypt_low(void *state, SmIo *io)
{
  AeadState *st = state;
  if (!sm_aead_decrypt_fits(io, st->in.tag_len) ||
      !br_ccm_reset(&st->aead.ccm, st->in.nonce, st->in.nonce_len, st->in.aad_len,
                    io->in_len - st->in.tag_len, st->in.tag_len))
    return SM_FAILED;
  br_ccm_aad_inject(&st->aead.ccm, st->in.aad, st->in.aad_len);
  br_ccm_flip(&st->aead.ccm);
  size_t ct_len = open_copy_in(st, io);
  br_ccm_run(&st->aead.ccm, 0, io->out, ct_len);
  if (!br_ccm_check_tag(&st->aead.ccm, io->in + ct_len))
    return SM_FAILED;
  return sm_output(io, ct_len);
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
    br_poly1305_ctmulq_run(st->key, st->in.nonce, data, len, st->in.aad, st->in.aad_len, tag,
                           chacha, encrypt);
  else
    br_poly1305_ctmul_run(st->key, st->in.nonce, data, len, st->in.aad, st->in.aad_len, tag, chacha,
                          encrypt);
}

static void chapol_default(AeadState *st, unsigned char *data, size_t len, unsigned char *tag,
                           int encrypt)
{
  chosen.poly(st->key, st->in.nonce, data, len, st->in.aad, st->in.aad_len, tag, chosen.chacha,
              encrypt);
}

typedef void (*ChapolFn)(AeadState *st, unsigned char *data, size_t len, unsigned char *tag,
                         int encrypt);

static SmResult chapol_encrypt(AeadState *st, ChapolFn run, SmIo *io)
{
  if (!sm_aead_encrypt_fits(io, st->in.tag_len))
    return SM_FAILED;
  copy_in(io);
  run(st, io->out, io->in_len, io->out + io->in_len, 1);
  return sm_output(io, io->in_len + 16);
}

static SmResult chapol_decrypt(AeadState *st, ChapolFn run, SmIo *io)
{
  unsigned char tag[16];
  if (!sm_aead_decrypt_fits(io, st->in.tag_len))
    return SM_FAILED;
  size_t ct_len = open_copy_in(st, io);
  run(st, io->out, ct_len, tag, 0);
  if (!tags_equal(tag, io->in + ct_len, 16))
    return SM_FAILED;
  return sm_output(io, ct_len);
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

/* ---- the rows ---- */

#define AEAD(mode, key_len, api, enc, dec)                                                         \
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

const SmImpl gcm_impls[3][SM_API_COUNT] = {GCM(16), GCM(24), GCM(32)};
/* CCM: low only (no br_aead_class for it). */
const SmImpl ccm_impls[2] = {AEAD(AEAD_CCM, 16, SM_API_LOW, ccm_encrypt_low, ccm_decrypt_low),
                             AEAD(AEAD_CCM, 32, SM_API_LOW, ccm_encrypt_low, ccm_decrypt_low)};
const SmImpl chapol_impls[SM_API_COUNT] = {
    AEAD(AEAD_CHAPOL, 32, SM_API_EVP, chapol_encrypt_evp, chapol_decrypt_evp),
    AEAD(AEAD_CHAPOL, 32, SM_API_LOW, chapol_encrypt_low, chapol_decrypt_low)};

/* BearSSL engine: AEADs (AES-GCM, AES-CCM, ChaCha20-Poly1305). */
#include "bearssl-engine.h"

/* What an AEAD row calls: the AES class it keys (GCM: CTR; CCM: CTR+CBC-MAC) and GHASH, or
 * ChaCha20-Poly1305's two runs, each through a getter. */
typedef struct {
  size_t key_len;
  const br_block_ctr_class *(*ctr)(void);
  br_ghash (*ghash)(void);
  const br_block_ctrcbc_class *(*ctrcbc)(void);
  br_chacha20_run (*chacha)(void);
  br_poly1305_run (*poly)(void);
} AeadRow;

typedef struct {
  union { /* each member starts with its class pointer: the context a class keys */
    const br_block_ctr_class *ctr;
    const br_block_ctrcbc_class *ctrcbc;
    br_aes_gen_ctr_keys aes_ctr;
    br_aes_gen_ctrcbc_keys aes_ctrcbc;
  } bc;
  union {
    br_gcm_context gcm;
    br_ccm_context ccm;
  } aead;
  br_chacha20_run chacha;
  br_poly1305_run poly;
  unsigned char key[32]; /* ChaCha20-Poly1305 takes the key on every call */
  SmAeadInputs in;       /* nonce, AAD, tag length */
} AeadState;

/* ---- what each level keys and runs ---- */

static br_ghash chosen_ghash(void) { return chosen.ghash; }
static br_poly1305_run chosen_poly(void) { return chosen.poly; }

static br_ghash named_ghash(void) { return chosen.pclmul ? br_ghash_pclmul_get() : br_ghash_ctmul; }

static const br_block_ctrcbc_class *named_aes_ctrcbc(void)
{
  return chosen.x86ni ? br_aes_x86ni_ctrcbc_get_vtable() : &br_aes_ct64_ctrcbc_vtable;
}

static br_poly1305_run named_poly(void)
{
  return chosen.ctmulq ? br_poly1305_ctmulq_get() : br_poly1305_ctmul_run;
}

/* ---- setup ---- */

static void aead_teardown(void *state)
{
  AeadState *st = state;
  sm_aead_inputs_free(&st->in);
  memset(st, 0, sizeof *st);
  free(st);
}

static SmResult aead_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  AeadState *st = state;
  const AeadRow *row = params->impl_data;
  bool chapol = row->poly != NULL;
  if (params->key.len != row->key_len || params->iv.len == 0 || (chapol && params->iv.len != 12))
    return sm_msg(SM_FAILED, msg, msg_len, "key length %zu / nonce length %zu unsupported",
                  params->key.len, params->iv.len);
  if (params->tag_len == 0 || params->tag_len > 16 || (chapol && params->tag_len != 16))
    return sm_msg(SM_FAILED, msg, msg_len, "tag length %zu unsupported", params->tag_len);
  if (!sm_aead_inputs_copy(&st->in, params))
    return sm_out_of_memory(msg, msg_len);
  const br_block_ctr_class *ctr = row->ctr != NULL ? row->ctr() : NULL;
  const br_block_ctrcbc_class *ctrcbc = row->ctrcbc != NULL ? row->ctrcbc() : NULL;
  if ((ctr != NULL && ctr->context_size > sizeof st->bc) ||
      (ctrcbc != NULL && ctrcbc->context_size > sizeof st->bc))
    return sm_msg(SM_FAILED, msg, msg_len, "the class's context outgrows this engine's");
  if (ctr != NULL) {
    ctr->init(&st->bc.ctr, params->key.data, params->key.len);
    br_gcm_init(&st->aead.gcm, &st->bc.ctr, row->ghash());
  } else if (ctrcbc != NULL) {
    ctrcbc->init(&st->bc.ctrcbc, params->key.data, params->key.len);
    br_ccm_init(&st->aead.ccm, &st->bc.ctrcbc);
  } else {
    st->chacha = row->chacha();
    st->poly = row->poly();
    memcpy(st->key, params->key.data, 32);
  }
  return SM_OK;
}

SM_DEFINE_SETUP(aead_setup, AeadState, aead_fill, aead_teardown)

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

static SmResult chapol_encrypt(void *state, SmIo *io)
{
  AeadState *st = state;
  if (!sm_aead_encrypt_fits(io, st->in.tag_len))
    return SM_FAILED;
  copy_in(io);
  st->poly(st->key, st->in.nonce, io->out, io->in_len, st->in.aad, st->in.aad_len,
           io->out + io->in_len, st->chacha, 1);
  return sm_output(io, io->in_len + 16);
}

static SmResult chapol_decrypt(void *state, SmIo *io)
{
  AeadState *st = state;
  unsigned char tag[16];
  if (!sm_aead_decrypt_fits(io, st->in.tag_len))
    return SM_FAILED;
  size_t ct_len = open_copy_in(st, io);
  st->poly(st->key, st->in.nonce, io->out, ct_len, st->in.aad, st->in.aad_len, tag, st->chacha, 0);
  if (!tags_equal(tag, io->in + ct_len, 16))
    return SM_FAILED;
  return sm_output(io, ct_len);
}

/* ---- what the impl column says ---- */

static const char *gcm_impl_name(const SmParams *params, void *state)
{
  (void)params;
  (void)state;
  return chosen.x86ni ? (chosen.pclmul ? "aes_x86ni+ghash_pclmul" : "aes_x86ni+ghash_ctmul")
                      : (chosen.pclmul ? "aes_ct64+ghash_pclmul" : "aes_ct64+ghash_ctmul");
}

static const char *chapol_impl_name(const SmParams *params, void *state)
{
  (void)params;
  (void)state;
  return chosen.sse2
             ? (chosen.ctmulq ? "chacha20_sse2+poly1305_ctmulq" : "chacha20_sse2+poly1305_ctmul")
             : (chosen.ctmulq ? "chacha20_ct+poly1305_ctmulq" : "chacha20_ct+poly1305_ctmul");
}

/* ---- the rows ---- */

#define WHY_CCM_EVP                                                                                \
  "BearSSL has no br_aead_class for CCM (br_ccm_reset needs the AAD and data lengths up "          \
  "front); only the direct br_ccm_* calls"

#define AEAD_IMPL(enc_fn, dec_fn, name_fn, ...)                                                    \
  (&(const SmImpl){.setup = aead_setup,                                                            \
                   .op = {[SM_OP_ENCRYPT] = (enc_fn), [SM_OP_DECRYPT] = (dec_fn)},                 \
                   .teardown = aead_teardown,                                                      \
                   .data = &(const AeadRow){__VA_ARGS__},                                          \
                   .impl_name = (name_fn)})
/* GCM: br_aead_class (evp) or the direct br_gcm_* calls (low), over the level's CTR and GHASH. */
#define GCM_ROW(n, key_len)                                                                        \
  SM_ROW_BOTH(n, SM_KIND_AEAD,                                                                     \
              AEAD_IMPL(gcm_encrypt_evp, gcm_decrypt_evp, gcm_impl_name, key_len,                  \
                        .ctr = chosen_ctr, .ghash = chosen_ghash),                                 \
              AEAD_IMPL(gcm_encrypt_low, gcm_decrypt_low, gcm_impl_name, key_len,                  \
                        .ctr = named_aes_ctr, .ghash = named_ghash))
#define CCM_ROW(n, key_len)                                                                        \
  SM_ROW_LOW_ONLY(n, SM_KIND_AEAD,                                                                 \
                  AEAD_IMPL(ccm_encrypt_low, ccm_decrypt_low, aes_impl_name, key_len,              \
                            .ctrcbc = named_aes_ctrcbc),                                           \
                  WHY_CCM_EVP)
#define CHAPOL_IMPL(chacha_fn, poly_fn)                                                            \
  AEAD_IMPL(chapol_encrypt, chapol_decrypt, chapol_impl_name, 32, .chacha = (chacha_fn),           \
            .poly = (poly_fn))

const SmAlgorithm aead_rows[] = {
    GCM_ROW("aes-128-gcm", 16),
    GCM_ROW("aes-192-gcm", 24),
    GCM_ROW("aes-256-gcm", 32),
    CCM_ROW("aes-128-ccm", 16),
    CCM_ROW("aes-256-ccm", 32),
    SM_ROW_BOTH("chacha20-poly1305", SM_KIND_AEAD, CHAPOL_IMPL(chosen_chacha, chosen_poly),
                CHAPOL_IMPL(named_chacha, named_poly)),
    SM_ROW_END,
};

/* gcrypt engine: ciphers and AEADs through gcry_cipher_* (evp only). */

#include "gcrypt-engine.h"

/* ---------------------------------------------------------------- ciphers and AEADs */

typedef enum {
  SHAPE_CBC,    /* IV set once: CBC chains across calls in the handle */
  SHAPE_CTR,    /* counter set once with setctr, continues across calls */
  SHAPE_STREAM, /* stream cipher; chacha20 takes the 16-byte counter||nonce as its IV */
  SHAPE_XTS,    /* tweak set per call: one data unit per call */
  SHAPE_AEAD,   /* nonce, AAD and tag per call */
  SHAPE_CCM     /* as AEAD, and the lengths before the AAD (GCRYCTL_SET_CCM_LENGTHS) */
} CipherShape;

typedef struct {
  int algo;
  int mode;
  CipherShape shape;
} CipherSpec;

/* gcry_cipher_encrypt or gcry_cipher_decrypt: the state keeps the one its direction calls. */
typedef gcry_error_t GcryCryptFn(gcry_cipher_hd_t hd, void *out, size_t out_size, const void *in,
                                 size_t in_len);

typedef struct {
  gcry_cipher_hd_t hd;
  GcryCryptFn *crypt;
  SmAeadInputs m; /* XTS: only the tweak, as m.nonce; both set per call */
  bool ccm;
} CipherState;

static void cipher_teardown(void *state)
{
  CipherState *cs = state;
  gcry_cipher_close(cs->hd);
  sm_aead_inputs_free(&cs->m);
  free(cs);
}

static SmResult cipher_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  CipherState *cs = state;
  const CipherSpec *spec = params->impl_data;
  cs->crypt = params->op == SM_OP_DECRYPT ? gcry_cipher_decrypt : gcry_cipher_encrypt;
  gcry_error_t err = gcry_cipher_open(&cs->hd, spec->algo, spec->mode, 0);
  if (err)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "gcry_cipher_open(%s): %s",
                  gcry_cipher_algo_name(spec->algo), gcry_strerror(err));
  /* The runner's keys are what they are (DES vectors use weak keys): key them anyway. */
  gcry_cipher_ctl(cs->hd, GCRYCTL_SET_ALLOW_WEAK_KEY, NULL, 1);
  err = gcry_cipher_setkey(cs->hd, params->key.data, params->key.len);
  if (err && gcry_err_code(err) != GPG_ERR_WEAK_KEY)
    return sm_msg(SM_FAILED, msg, msg_len, "gcry_cipher_setkey(%zu bytes): %s", params->key.len,
                  gcry_strerror(err));

  err = 0;
  switch (spec->shape) {
  case SHAPE_CBC:
    err = gcry_cipher_setiv(cs->hd, params->iv.data, params->iv.len);
    break;
  case SHAPE_CTR:
    err = gcry_cipher_setctr(cs->hd, params->iv.data, params->iv.len);
    break;
  case SHAPE_STREAM:
    if (params->iv.len > 0)
      err = gcry_cipher_setiv(cs->hd, params->iv.data, params->iv.len);
    break;
  case SHAPE_XTS:
  case SHAPE_AEAD:
  case SHAPE_CCM:
    if (!sm_aead_inputs_copy(&cs->m, params))
      return sm_out_of_memory(msg, msg_len);
    break;
  }
  if (err)
    return sm_msg(SM_FAILED, msg, msg_len, "setting the iv (%zu bytes): %s", params->iv.len,
                  gcry_strerror(err));

  cs->ccm = spec->shape == SHAPE_CCM;
  return cs->ccm ? sm_ccm_length_check(params, msg, msg_len) : SM_OK;
}

SM_DEFINE_SETUP(cipher_setup, CipherState, cipher_fill, cipher_teardown)

static SmResult cipher_crypt(void *state, SmIo *io)
{
  CipherState *cs = state;
  if (io->out_len < io->in_len)
    return SM_FAILED;
  if (cs->crypt(cs->hd, io->out, io->in_len, io->in, io->in_len))
    return SM_FAILED;
  return sm_output(io, io->in_len);
}

static SmResult xts_crypt(void *state, SmIo *io)
{
  CipherState *cs = state;
  if (gcry_cipher_setiv(cs->hd, cs->m.nonce, cs->m.nonce_len))
    return SM_FAILED;
  return cipher_crypt(state, io);
}

/* setiv restarts the AEAD state on the same key schedule; CCM then takes the lengths of text,
 * AAD and tag; then the AAD. */
static bool aead_start(CipherState *cs, size_t text_len)
{
  if (gcry_cipher_setiv(cs->hd, cs->m.nonce, cs->m.nonce_len))
    return false;
  uint64_t lengths[3] = {text_len, cs->m.aad_len, cs->m.tag_len};
  if (cs->ccm && gcry_cipher_ctl(cs->hd, GCRYCTL_SET_CCM_LENGTHS, lengths, sizeof lengths))
    return false;
  return cs->m.aad_len == 0 || gcry_cipher_authenticate(cs->hd, cs->m.aad, cs->m.aad_len) == 0;
}

static SmResult aead_encrypt(void *state, SmIo *io)
{
  CipherState *cs = state;
  if (!sm_aead_encrypt_fits(io, cs->m.tag_len) || !aead_start(cs, io->in_len))
    return SM_FAILED;
  if (gcry_cipher_encrypt(cs->hd, io->out, io->in_len, io->in, io->in_len) ||
      gcry_cipher_gettag(cs->hd, io->out + io->in_len, cs->m.tag_len))
    return SM_FAILED;
  return sm_output(io, io->in_len + cs->m.tag_len);
}

static SmResult aead_decrypt(void *state, SmIo *io)
{
  CipherState *cs = state;
  if (!sm_aead_decrypt_fits(io, cs->m.tag_len))
    return SM_FAILED;
  size_t text_len = io->in_len - cs->m.tag_len;
  if (!aead_start(cs, text_len) ||
      gcry_cipher_decrypt(cs->hd, io->out, text_len, io->in, text_len) ||
      gcry_cipher_checktag(cs->hd, io->in + text_len, cs->m.tag_len))
    return SM_FAILED;
  return sm_output(io, text_len);
}

static const char *cipher_impl_name(const SmParams *params, void *state)
{
  (void)state;
  const CipherSpec *spec = params->impl_data;
  char name[64];
  snprintf(name, sizeof name, "%s%s", gcry_cipher_algo_name(spec->algo),
           spec->mode == GCRY_CIPHER_MODE_GCM        ? "/GCM"
           : spec->mode == GCRY_CIPHER_MODE_POLY1305 ? "/POLY1305"
                                                     : "");
  return describe_hwf(name);
}

/* ---------------------------------------------------------------- the tables */

#define CIPHER_IMPL(enc, dec, ...)                                                                 \
  {                                                                                                \
    .setup = cipher_setup, .op = {[SM_OP_ENCRYPT] = enc, [SM_OP_DECRYPT] = dec},                   \
    .teardown = cipher_teardown, .data = (&(const CipherSpec){__VA_ARGS__}),                       \
    .impl_name = cipher_impl_name                                                                  \
  }
#define CBC(algo) CIPHER_IMPL(cipher_crypt, cipher_crypt, algo, GCRY_CIPHER_MODE_CBC, SHAPE_CBC)
#define CTR(algo) CIPHER_IMPL(cipher_crypt, cipher_crypt, algo, GCRY_CIPHER_MODE_CTR, SHAPE_CTR)
#define STREAM(algo)                                                                               \
  CIPHER_IMPL(cipher_crypt, cipher_crypt, algo, GCRY_CIPHER_MODE_STREAM, SHAPE_STREAM)
#define XTS(algo) CIPHER_IMPL(xts_crypt, xts_crypt, algo, GCRY_CIPHER_MODE_XTS, SHAPE_XTS)
#define AEAD(algo, mode) CIPHER_IMPL(aead_encrypt, aead_decrypt, algo, mode, SHAPE_AEAD)
#define CCM(algo) CIPHER_IMPL(aead_encrypt, aead_decrypt, algo, GCRY_CIPHER_MODE_CCM, SHAPE_CCM)

static const SmImpl evp_aes128_cbc = CBC(GCRY_CIPHER_AES128);
static const SmImpl evp_aes192_cbc = CBC(GCRY_CIPHER_AES192);
static const SmImpl evp_aes256_cbc = CBC(GCRY_CIPHER_AES256);
static const SmImpl evp_aes128_ctr = CTR(GCRY_CIPHER_AES128);
static const SmImpl evp_aes192_ctr = CTR(GCRY_CIPHER_AES192);
static const SmImpl evp_aes256_ctr = CTR(GCRY_CIPHER_AES256);
/* setkey takes both halves: 32 bytes */
static const SmImpl evp_aes128_xts = XTS(GCRY_CIPHER_AES128);
static const SmImpl evp_aes256_xts = XTS(GCRY_CIPHER_AES256); /* 64 bytes */
/* a 16-byte IV is LE counter || 96-bit nonce */
static const SmImpl evp_chacha20 = STREAM(GCRY_CIPHER_CHACHA20);
static const SmImpl evp_camellia128_cbc = CBC(GCRY_CIPHER_CAMELLIA128);
static const SmImpl evp_twofish_cbc = CBC(GCRY_CIPHER_TWOFISH128);
static const SmImpl evp_serpent_cbc = CBC(GCRY_CIPHER_SERPENT128);
static const SmImpl evp_sm4_cbc = CBC(GCRY_CIPHER_SM4);
static const SmImpl evp_cast5_cbc = CBC(GCRY_CIPHER_CAST5);
/* variable key length: the catalogue's 16 bytes */
static const SmImpl evp_bf_cbc = CBC(GCRY_CIPHER_BLOWFISH);
static const SmImpl evp_idea_cbc = CBC(GCRY_CIPHER_IDEA);
static const SmImpl evp_rc2_cbc = CBC(GCRY_CIPHER_RFC2268_128);
static const SmImpl evp_des_cbc = CBC(GCRY_CIPHER_DES);
static const SmImpl evp_des_ede3_cbc = CBC(GCRY_CIPHER_3DES);
static const SmImpl evp_rc4 = STREAM(GCRY_CIPHER_ARCFOUR);
static const SmImpl evp_aes128_gcm = AEAD(GCRY_CIPHER_AES128, GCRY_CIPHER_MODE_GCM);
static const SmImpl evp_aes192_gcm = AEAD(GCRY_CIPHER_AES192, GCRY_CIPHER_MODE_GCM);
static const SmImpl evp_aes256_gcm = AEAD(GCRY_CIPHER_AES256, GCRY_CIPHER_MODE_GCM);
static const SmImpl evp_aes128_ccm = CCM(GCRY_CIPHER_AES128);
static const SmImpl evp_aes256_ccm = CCM(GCRY_CIPHER_AES256);
static const SmImpl evp_chacha20_poly1305 = AEAD(GCRY_CIPHER_CHACHA20, GCRY_CIPHER_MODE_POLY1305);

/* The cipher rows, in the order `list` shows them. */
const SmAlgorithm cipher_rows[] = {
    CIPHER_ROW("aes-128-cbc", aes128_cbc),
    CIPHER_ROW("aes-192-cbc", aes192_cbc),
    CIPHER_ROW("aes-256-cbc", aes256_cbc),
    CIPHER_ROW("aes-128-ctr", aes128_ctr),
    CIPHER_ROW("aes-192-ctr", aes192_ctr),
    CIPHER_ROW("aes-256-ctr", aes256_ctr),
    CIPHER_ROW("aes-128-xts", aes128_xts),
    CIPHER_ROW("aes-256-xts", aes256_xts),
    CIPHER_ROW("chacha20", chacha20),
    CIPHER_ROW("camellia-128-cbc", camellia128_cbc),
    CIPHER_ROW("twofish-cbc", twofish_cbc),
    CIPHER_ROW("serpent-cbc", serpent_cbc),
    CIPHER_ROW("sm4-cbc", sm4_cbc),
    CIPHER_ROW("cast5-cbc", cast5_cbc),
    CIPHER_ROW("bf-cbc", bf_cbc),
    CIPHER_ROW("idea-cbc", idea_cbc),
    CIPHER_ROW("rc2-cbc", rc2_cbc),
    CIPHER_ROW("des-cbc", des_cbc),
    CIPHER_ROW("des-ede3-cbc", des_ede3_cbc),
    CIPHER_ROW("rc4", rc4),
    SM_ROW_END,
};

/* The AEAD rows, in the order `list` shows them. */
const SmAlgorithm aead_rows[] = {
    AEAD_ROW("aes-128-gcm", aes128_gcm),
    AEAD_ROW("aes-192-gcm", aes192_gcm),
    AEAD_ROW("aes-256-gcm", aes256_gcm),
    AEAD_ROW("aes-128-ccm", aes128_ccm),
    AEAD_ROW("aes-256-ccm", aes256_ccm),
    AEAD_ROW("chacha20-poly1305", chacha20_poly1305),
    SM_ROW_END,
};

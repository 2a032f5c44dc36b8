/* speedmatrix engine: libgcrypt (1.9+; written against 1.10).
 *
 * evp = the handle APIs, opened and keyed once per cell in setup (gcry_cipher_*, gcry_md_*,
 * gcry_mac_*, gcry_pk_* with the key S-expression built once); low = libgcrypt's one-shot
 * calls, which exist only for digests and HMAC (gcry_md_hash_buffer, gcry_md_hash_buffers). */
#include "engine-util.h"

#include <gcrypt.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- initialisation */

static struct {
  bool done;
  SmAccel accel;
  char hwflist[256]; /* what init reported, repeated on a second init */
} init_state;

static const char *lib_version(void)
{
  /* gcry_check_version runs libgcrypt's global init (and its CPU feature detection), which
   * must not happen before init() has had the chance to disable the hardware features. */
  if (init_state.done)
    return gcry_check_version(NULL);
  static char version[64];
  if (version[0] == '\0') {
    char *config = gcry_get_config(0, "version"); /* "version:1.10.1:10a01:..." */
    const char *start = config != NULL ? strchr(config, ':') : NULL;
    if (start != NULL) {
      size_t len = strcspn(start + 1, ":\n");
      snprintf(version, sizeof version, "%.*s", (int)len, start + 1);
    } else {
      snprintf(version, sizeof version, "unknown");
    }
    gcry_free(config);
  }
  return version;
}

/* One line from gcry_get_config(0, "hwflist"): "hwflist: intel-cpu:intel-aesni:...".
 * Returns whether any hardware feature is in use. */
static bool describe_hwflist(char *line, size_t line_len)
{
  char *config = gcry_get_config(0, "hwflist"); /* "hwflist:a:b:c:\n" */
  const char *colon = config != NULL ? strchr(config, ':') : NULL;
  const char *names = colon != NULL ? colon + 1 : "";
  size_t len = strcspn(names, "\n");
  if (len > 0 && names[len - 1] == ':')
    len--; /* the list ends with a separator */
  if (colon == NULL)
    snprintf(line, line_len, "hwflist: unavailable");
  else if (len == 0)
    snprintf(line, line_len, "hwflist: (none)");
  else if ((size_t)snprintf(line, line_len, "hwflist: %.*s", (int)len, names) >= line_len &&
           line_len > 4)
    memcpy(line + line_len - 4, "...", 4);
  gcry_free(config);
  return len > 0;
}

static SmResult engine_init(const SmEngineConfig *config, char *msg, size_t msg_len)
{
  SmAccel accel =
      config != NULL && config->size >= offsetof(SmEngineConfig, accel) + sizeof config->accel
          ? config->accel
          : SM_ACCEL_ON;
  if (init_state.done) {
    if (accel != init_state.accel)
      return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                    "libgcrypt already initialised with acceleration %s in this process",
                    init_state.accel == SM_ACCEL_OFF ? "off" : "on");
    return sm_msg(SM_OK, msg, msg_len, "%s", init_state.hwflist);
  }

  /* Feature detection happens at libgcrypt's first initialisation; if someone else in the
   * process got there first, the features can no longer be switched off. */
  bool initialised_elsewhere = gcry_control(GCRYCTL_ANY_INITIALIZATION_P) != 0;
  if (accel == SM_ACCEL_OFF && !initialised_elsewhere) {
    gcry_error_t err = gcry_control(GCRYCTL_DISABLE_HWF, "all", NULL); /* 1.10 accepts "all" */
    if (err)
      return sm_msg(SM_UNSUPPORTED, msg, msg_len, "GCRYCTL_DISABLE_HWF all: %s",
                    gcry_strerror(err));
  }
  if (gcry_check_version(GCRYPT_VERSION) == NULL)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "libgcrypt %s is older than the headers (%s)",
                  gcry_check_version(NULL), GCRYPT_VERSION);
  if (gcry_control(GCRYCTL_INITIALIZATION_FINISHED_P) == 0) {
    /* Benchmark keys are not secrets: skip the locked secure-memory pool and its warnings. */
    gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
    gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
  }

  bool accelerated = describe_hwflist(init_state.hwflist, sizeof init_state.hwflist);
  if (accel == SM_ACCEL_OFF && accelerated)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "cannot turn acceleration off (%s): %s",
                  initialised_elsewhere ? "libgcrypt was initialised before the engine"
                                        : "GCRYCTL_DISABLE_HWF had no effect",
                  init_state.hwflist);
  init_state.done = true;
  init_state.accel = accel;
  return sm_msg(SM_OK, msg, msg_len, "%s", init_state.hwflist);
}

/* ---------------------------------------------------------------- small helpers */

/* Byte length of a big-endian integer without its leading zero bytes. */
static size_t integer_len(SmBytes value)
{
  size_t skip = 0;
  while (skip < value.len && value.data[skip] == 0)
    skip++;
  return value.len - skip;
}

/* Copies the data of the list `token` in `sexp` into out, left-padded with zeros to width.
 * Left padding also restores an EdDSA half whose leading zero bytes an MPI conversion lost. */
static bool copy_fixed(gcry_sexp_t sexp, const char *token, uint8_t *out, size_t width)
{
  gcry_sexp_t list = gcry_sexp_find_token(sexp, token, 0);
  if (list == NULL)
    return false;
  size_t len = 0;
  const char *data = gcry_sexp_nth_data(list, 1, &len);
  while (data != NULL && len > width && data[0] == 0) {
    data++; /* a signed (STD) MPI may carry a zero sign byte */
    len--;
  }
  bool fits = data != NULL && len <= width;
  if (fits) {
    memset(out, 0, width - len);
    memcpy(out + width - len, data, len);
  }
  gcry_sexp_release(list);
  return fits;
}

/* Every (algorithm, level) is a row of const data (a CipherSpec, DigestSpec, MacSpec, PkSpec or
 * KexSpec) that reaches its family's one setup as params->impl_data (ABI 1.1). The *_open
 * functions build a state from a row; a failed one leaves its partial state in *state, and the
 * family's setup frees it there: the runner tears down only states that were set up. */
static SmResult undo_on_failure(SmResult result, void **state, SmTeardownFn teardown)
{
  if (result != SM_OK) {
    teardown(*state);
    *state = NULL;
  }
  return result;
}

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
  uint8_t iv[16]; /* XTS tweak or AEAD nonce, set per call */
  size_t iv_len;
  uint8_t *aad;
  size_t aad_len;
  size_t tag_len;
  bool ccm;
} CipherState;

static void cipher_teardown(void *state)
{
  CipherState *cs = state;
  if (cs == NULL)
    return;
  gcry_cipher_close(cs->hd);
  free(cs->aad);
  free(cs);
}

/* CCM carries the message length in L = 15 - nonce bytes of its first block: the largest
 * message it can take, or SIZE_MAX when that is no limit here. */
static size_t ccm_max_message(size_t nonce_len)
{
  size_t l_bytes = nonce_len >= 7 && nonce_len <= 13 ? 15 - nonce_len : sizeof(size_t);
  return l_bytes >= sizeof(size_t) ? SIZE_MAX : ((size_t)1 << (8 * l_bytes)) - 1;
}

static SmResult aead_open(CipherState *cs, bool ccm, const SmParams *params, char *msg,
                          size_t msg_len)
{
  if (ccm && params->max_len > ccm_max_message(params->iv.len))
    return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                  "CCM with a %zu-byte nonce carries at most %zu bytes per message, not %zu",
                  params->iv.len, ccm_max_message(params->iv.len), params->max_len);
  if (params->aad.len > 0) {
    cs->aad = sm_copy_bytes(params->aad);
    if (cs->aad == NULL)
      return sm_out_of_memory(msg, msg_len);
    cs->aad_len = params->aad.len;
  }
  cs->tag_len = params->tag_len;
  cs->ccm = ccm;
  return SM_OK;
}

static SmResult cipher_open(const CipherSpec *spec, const SmParams *params, void **state, char *msg,
                            size_t msg_len)
{
  CipherState *cs = calloc(1, sizeof *cs);
  if (cs == NULL)
    return sm_out_of_memory(msg, msg_len);
  *state = cs;
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
    if (params->iv.len > sizeof cs->iv)
      return sm_msg(SM_FAILED, msg, msg_len, "iv of %zu bytes is too long", params->iv.len);
    memcpy(cs->iv, params->iv.data, params->iv.len);
    cs->iv_len = params->iv.len;
    break;
  }
  if (err)
    return sm_msg(SM_FAILED, msg, msg_len, "setting the iv (%zu bytes): %s", params->iv.len,
                  gcry_strerror(err));

  if (spec->shape == SHAPE_AEAD || spec->shape == SHAPE_CCM)
    return aead_open(cs, spec->shape == SHAPE_CCM, params, msg, msg_len);
  return SM_OK;
}

static SmResult cipher_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  *state = NULL;
  return undo_on_failure(cipher_open(params->impl_data, params, state, msg, msg_len), state,
                         cipher_teardown);
}

static SmResult cipher_crypt(void *state, SmIo *io)
{
  CipherState *cs = state;
  if (io->out_len < io->in_len)
    return SM_FAILED;
  if (cs->crypt(cs->hd, io->out, io->in_len, io->in, io->in_len))
    return SM_FAILED;
  io->out_len = io->in_len;
  return SM_OK;
}

static SmResult xts_crypt(void *state, SmIo *io)
{
  CipherState *cs = state;
  if (gcry_cipher_setiv(cs->hd, cs->iv, cs->iv_len))
    return SM_FAILED;
  return cipher_crypt(state, io);
}

/* setiv restarts the AEAD state on the same key schedule; CCM then takes the lengths of text,
 * AAD and tag; then the AAD. */
static bool aead_start(CipherState *cs, size_t text_len)
{
  if (gcry_cipher_setiv(cs->hd, cs->iv, cs->iv_len))
    return false;
  uint64_t lengths[3] = {text_len, cs->aad_len, cs->tag_len};
  if (cs->ccm && gcry_cipher_ctl(cs->hd, GCRYCTL_SET_CCM_LENGTHS, lengths, sizeof lengths))
    return false;
  return cs->aad_len == 0 || gcry_cipher_authenticate(cs->hd, cs->aad, cs->aad_len) == 0;
}

static SmResult aead_encrypt(void *state, SmIo *io)
{
  CipherState *cs = state;
  if (io->out_len < io->in_len + cs->tag_len || !aead_start(cs, io->in_len))
    return SM_FAILED;
  if (gcry_cipher_encrypt(cs->hd, io->out, io->in_len, io->in, io->in_len) ||
      gcry_cipher_gettag(cs->hd, io->out + io->in_len, cs->tag_len))
    return SM_FAILED;
  io->out_len = io->in_len + cs->tag_len;
  return SM_OK;
}

static SmResult aead_decrypt(void *state, SmIo *io)
{
  CipherState *cs = state;
  if (io->in_len < cs->tag_len)
    return SM_FAILED;
  size_t text_len = io->in_len - cs->tag_len;
  if (io->out_len < text_len || !aead_start(cs, text_len))
    return SM_FAILED;
  if (gcry_cipher_decrypt(cs->hd, io->out, text_len, io->in, text_len) ||
      gcry_cipher_checktag(cs->hd, io->in + text_len, cs->tag_len))
    return SM_FAILED;
  io->out_len = text_len;
  return SM_OK;
}

/* ---------------------------------------------------------------- digests */

typedef struct {
  int algo;
} DigestSpec;

typedef struct {
  const DigestSpec *spec;
  gcry_md_hd_t hd; /* evp only */
  size_t out_len;
} DigestState;

static void digest_teardown(void *state)
{
  DigestState *ds = state;
  if (ds == NULL)
    return;
  gcry_md_close(ds->hd);
  free(ds);
}

static SmResult digest_state_new(const DigestSpec *spec, void **state, char *msg, size_t msg_len)
{
  DigestState *ds = calloc(1, sizeof *ds);
  if (ds == NULL)
    return sm_out_of_memory(msg, msg_len);
  *state = ds;
  ds->spec = spec;
  ds->out_len = gcry_md_get_algo_dlen(spec->algo);
  if (gcry_md_test_algo(spec->algo) || ds->out_len == 0)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "digest %s not available",
                  gcry_md_algo_name(spec->algo));
  return SM_OK;
}

static SmResult digest_evp_open(const DigestSpec *spec, void **state, char *msg, size_t msg_len)
{
  SmResult result = digest_state_new(spec, state, msg, msg_len);
  if (result != SM_OK)
    return result;
  DigestState *ds = *state;
  gcry_error_t err = gcry_md_open(&ds->hd, spec->algo, 0);
  if (err)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "gcry_md_open(%s): %s",
                  gcry_md_algo_name(spec->algo), gcry_strerror(err));
  return SM_OK;
}

static SmResult digest_evp_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  *state = NULL;
  return undo_on_failure(digest_evp_open(params->impl_data, state, msg, msg_len), state,
                         digest_teardown);
}

static SmResult digest_low_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  *state = NULL;
  return undo_on_failure(digest_state_new(params->impl_data, state, msg, msg_len), state,
                         digest_teardown);
}

static SmResult digest_evp_hash(void *state, SmIo *io)
{
  DigestState *ds = state;
  if (io->out_len < ds->out_len)
    return SM_FAILED;
  gcry_md_reset(ds->hd);
  gcry_md_write(ds->hd, io->in, io->in_len);
  const unsigned char *digest = gcry_md_read(ds->hd, ds->spec->algo);
  if (digest == NULL)
    return SM_FAILED;
  memcpy(io->out, digest, ds->out_len);
  io->out_len = ds->out_len;
  return SM_OK;
}

static SmResult digest_low_hash(void *state, SmIo *io)
{
  DigestState *ds = state;
  if (io->out_len < ds->out_len)
    return SM_FAILED;
  gcry_md_hash_buffer(ds->spec->algo, io->out, io->in, io->in_len);
  io->out_len = ds->out_len;
  return SM_OK;
}

/* ---------------------------------------------------------------- MACs */

typedef struct {
  int mac_algo; /* evp: gcry_mac_open */
  int md_algo;  /* low: gcry_md_hash_buffers with GCRY_MD_FLAG_HMAC; 0 when not HMAC */
} MacSpec;

typedef struct {
  const MacSpec *spec;
  gcry_mac_hd_t hd; /* evp */
  uint8_t *key;     /* low: the HMAC key, passed as the first buffer on every call */
  size_t key_len;
  size_t out_len;
} MacState;

static void mac_teardown(void *state)
{
  MacState *ms = state;
  if (ms == NULL)
    return;
  gcry_mac_close(ms->hd);
  free(ms->key);
  free(ms);
}

static SmResult mac_evp_open(const MacSpec *spec, const SmParams *params, void **state, char *msg,
                             size_t msg_len)
{
  MacState *ms = calloc(1, sizeof *ms);
  if (ms == NULL)
    return sm_out_of_memory(msg, msg_len);
  *state = ms;
  ms->spec = spec;
  ms->out_len = gcry_mac_get_algo_maclen(spec->mac_algo);
  gcry_error_t err = gcry_mac_open(&ms->hd, spec->mac_algo, 0, NULL);
  if (err)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "gcry_mac_open(%s): %s",
                  gcry_mac_algo_name(spec->mac_algo), gcry_strerror(err));
  err = gcry_mac_setkey(ms->hd, params->key.data, params->key.len);
  if (err)
    return sm_msg(SM_FAILED, msg, msg_len, "gcry_mac_setkey(%zu bytes): %s", params->key.len,
                  gcry_strerror(err));
  return SM_OK;
}

static SmResult mac_evp_mac(void *state, SmIo *io)
{
  MacState *ms = state;
  size_t len = ms->out_len;
  if (io->out_len < len)
    return SM_FAILED;
  /* reset keeps the key (HMAC pads, CMAC subkeys, the Poly1305 key): a fresh MAC per call */
  if (gcry_mac_reset(ms->hd) || gcry_mac_write(ms->hd, io->in, io->in_len) ||
      gcry_mac_read(ms->hd, io->out, &len))
    return SM_FAILED;
  io->out_len = len;
  return SM_OK;
}

static SmResult hmac_low_open(const MacSpec *spec, const SmParams *params, void **state, char *msg,
                              size_t msg_len)
{
  MacState *ms = calloc(1, sizeof *ms);
  if (ms == NULL)
    return sm_out_of_memory(msg, msg_len);
  *state = ms;
  ms->spec = spec;
  ms->out_len = gcry_md_get_algo_dlen(spec->md_algo);
  ms->key = sm_copy_bytes(params->key); /* a zero-length key still gets a pointer */
  if (ms->key == NULL)
    return sm_out_of_memory(msg, msg_len);
  ms->key_len = params->key.len;
  return SM_OK;
}

static SmResult mac_evp_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  *state = NULL;
  return undo_on_failure(mac_evp_open(params->impl_data, params, state, msg, msg_len), state,
                         mac_teardown);
}

static SmResult hmac_low_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  *state = NULL;
  return undo_on_failure(hmac_low_open(params->impl_data, params, state, msg, msg_len), state,
                         mac_teardown);
}

static SmResult hmac_low_mac(void *state, SmIo *io)
{
  MacState *ms = state;
  if (io->out_len < ms->out_len)
    return SM_FAILED;
  /* With GCRY_MD_FLAG_HMAC the first buffer is the key, the rest the message. */
  gcry_buffer_t iov[2] = {
      {.size = ms->key_len, .len = ms->key_len, .data = ms->key},
      {.size = io->in_len, .len = io->in_len, .data = (void *)io->in},
  };
  if (gcry_md_hash_buffers(ms->spec->md_algo, GCRY_MD_FLAG_HMAC, io->out, iov, 2))
    return SM_FAILED;
  io->out_len = ms->out_len;
  return SM_OK;
}

/* ---------------------------------------------------------------- signatures */

typedef enum { PK_RSA, PK_DSA, PK_ECDSA, PK_EDDSA } PkFamily;

typedef struct {
  PkFamily family;
  int md_algo;          /* hash computed inside the op; 0 for EdDSA (the library hashes) */
  const char *data_fmt; /* per-op data S-expression: %b = hash or message */
  const char *sig_fmt;  /* verify: the signature S-expression from r,s (or s) */
  size_t width;         /* ECDSA/EdDSA: bytes of r and of s; RSA/DSA: from the key */
  /* ECC keys: %b = q then d; key_d_fmt (d only) derives q when the runner gives none */
  const char *priv_fmt, *pub_fmt, *key_d_fmt;
  const char *q_name;    /* gcry_mpi_ec_get_mpi name of the public point: "q" or "q@eddsa" */
  bool own_ed448_public; /* derive the public key without libgcrypt's 1.10.0/1 bug, below */
} PkSpec;

typedef struct {
  const PkSpec *spec;
  gcry_sexp_t key; /* built once: private key for sign, public key for verify */
  size_t width;
} PkState;

static void pk_teardown(void *state)
{
  PkState *ps = state;
  if (ps == NULL)
    return;
  gcry_sexp_release(ps->key);
  free(ps);
}

/* The public point from the private part (untimed setup): q = 04||x||y or the EdDSA encoding. */
static SmResult ecc_derive_public(const char *key_d_fmt, const char *q_name, SmBytes d,
                                  uint8_t *out, size_t *out_len, char *msg, size_t msg_len)
{
  gcry_sexp_t key = NULL;
  gcry_ctx_t ctx = NULL;
  gcry_mpi_t q = NULL;
  gcry_error_t err = gcry_sexp_build(&key, NULL, key_d_fmt, (int)d.len, d.data);
  if (!err)
    err = gcry_mpi_ec_new(&ctx, key, NULL);
  if (!err && (q = gcry_mpi_ec_get_mpi(q_name, ctx, 1)) == NULL)
    err = gcry_error(GPG_ERR_NO_OBJ);
  if (!err) {
    if (gcry_mpi_get_flag(q, GCRYMPI_FLAG_OPAQUE)) {
      unsigned int bits = 0;
      const void *data = gcry_mpi_get_opaque(q, &bits);
      size_t len = (bits + 7) / 8;
      if (len > *out_len)
        err = gcry_error(GPG_ERR_TOO_SHORT);
      else {
        memcpy(out, data, len);
        *out_len = len;
      }
    } else {
      err = gcry_mpi_print(GCRYMPI_FMT_USG, out, *out_len, out_len, q);
    }
  }
  gcry_mpi_release(q);
  gcry_ctx_release(ctx);
  gcry_sexp_release(key);
  if (err)
    return sm_msg(SM_FAILED, msg, msg_len, "deriving the public key: %s", gcry_strerror(err));
  return SM_OK;
}

/* libgcrypt before 1.10.2 derives a wrong Ed448 public key from the seed (it keeps 32 of the
 * 57 scalar bytes; upstream commit b863ec50), so compute it here: a = clamp(SHAKE256(seed)[0..57])
 * little-endian, public = the EdDSA encoding of a*G, which libgcrypt encodes correctly. */
static SmResult ed448_derive_public(SmBytes seed, uint8_t *out, size_t *out_len, char *msg,
                                    size_t msg_len)
{
  enum { ED448_LEN = 57 };
  uint8_t h[ED448_LEN], be[ED448_LEN];
  gcry_md_hd_t md = NULL;
  gcry_ctx_t ctx = NULL;
  gcry_mpi_t a = NULL, q = NULL;
  gcry_mpi_point_t g = NULL, point = gcry_mpi_point_new(0);
  gcry_error_t err = gcry_md_open(&md, GCRY_MD_SHAKE256, 0);
  if (!err) {
    gcry_md_write(md, seed.data, seed.len);
    err = gcry_md_extract(md, GCRY_MD_SHAKE256, h, sizeof h);
  }
  if (!err) {
    h[0] &= 0xfc; /* RFC 8032 5.2.5 */
    h[55] |= 0x80;
    h[56] = 0;
    for (size_t i = 0; i < ED448_LEN; i++)
      be[i] = h[ED448_LEN - 1 - i];
    err = gcry_mpi_scan(&a, GCRYMPI_FMT_USG, be, sizeof be, NULL);
  }
  if (!err)
    err = gcry_mpi_ec_new(&ctx, NULL, "Ed448");
  if (!err && (g = gcry_mpi_ec_get_point("g", ctx, 1)) == NULL)
    err = gcry_error(GPG_ERR_NO_OBJ);
  if (!err) {
    gcry_mpi_ec_mul(point, a, g, ctx);
    err = gcry_mpi_ec_set_point("q", point, ctx);
  }
  if (!err && (q = gcry_mpi_ec_get_mpi("q@eddsa", ctx, 1)) == NULL)
    err = gcry_error(GPG_ERR_NO_OBJ);
  if (!err) {
    unsigned int bits = 0;
    const void *data = gcry_mpi_get_opaque(q, &bits);
    if (data == NULL || (bits + 7) / 8 != ED448_LEN || *out_len < ED448_LEN)
      err = gcry_error(GPG_ERR_INV_LENGTH);
    else {
      memcpy(out, data, ED448_LEN);
      *out_len = ED448_LEN;
    }
  }
  gcry_mpi_release(q);
  gcry_mpi_point_release(g);
  gcry_mpi_point_release(point);
  gcry_mpi_release(a);
  gcry_ctx_release(ctx);
  gcry_md_close(md);
  if (err)
    return sm_msg(SM_FAILED, msg, msg_len, "deriving the Ed448 public key: %s", gcry_strerror(err));
  return SM_OK;
}

static gcry_error_t rsa_key(const SmRsaKey *rsa, bool private_key, gcry_sexp_t *key)
{
  if (!private_key)
    return gcry_sexp_build(key, NULL, "(public-key (rsa (n %b) (e %b)))", (int)rsa->n.len,
                           rsa->n.data, (int)rsa->e.len, rsa->e.data);
  if (rsa->p.len == 0 || rsa->q.len == 0 || rsa->qinv.len == 0)
    return gcry_sexp_build(key, NULL, "(private-key (rsa (n %b) (e %b) (d %b)))", (int)rsa->n.len,
                           rsa->n.data, (int)rsa->e.len, rsa->e.data, (int)rsa->d.len, rsa->d.data);
  /* libgcrypt's CRT wants u = p^-1 mod q; PKCS#1 gives qinv = q^-1 mod p: swap p and q. */
  return gcry_sexp_build(key, NULL, "(private-key (rsa (n %b) (e %b) (d %b) (p %b) (q %b) (u %b)))",
                         (int)rsa->n.len, rsa->n.data, (int)rsa->e.len, rsa->e.data,
                         (int)rsa->d.len, rsa->d.data, (int)rsa->q.len, rsa->q.data,
                         (int)rsa->p.len, rsa->p.data, (int)rsa->qinv.len, rsa->qinv.data);
}

static gcry_error_t dsa_key(const SmDsaKey *dsa, bool private_key, gcry_sexp_t *key)
{
  if (!private_key)
    return gcry_sexp_build(key, NULL, "(public-key (dsa (p %b) (q %b) (g %b) (y %b)))",
                           (int)dsa->p.len, dsa->p.data, (int)dsa->q.len, dsa->q.data,
                           (int)dsa->g.len, dsa->g.data, (int)dsa->y.len, dsa->y.data);
  return gcry_sexp_build(key, NULL, "(private-key (dsa (p %b) (q %b) (g %b) (y %b) (x %b)))",
                         (int)dsa->p.len, dsa->p.data, (int)dsa->q.len, dsa->q.data,
                         (int)dsa->g.len, dsa->g.data, (int)dsa->y.len, dsa->y.data,
                         (int)dsa->x.len, dsa->x.data);
}

static SmResult pk_open(const PkSpec *spec, const SmParams *params, void **state, char *msg,
                        size_t msg_len)
{
  PkState *ps = calloc(1, sizeof *ps);
  if (ps == NULL)
    return sm_out_of_memory(msg, msg_len);
  *state = ps;
  ps->spec = spec;
  bool sign = params->op == SM_OP_SIGN;
  gcry_error_t err = 0;

  switch (spec->family) {
  case PK_RSA:
    if (params->rsa.n.len == 0 || params->rsa.e.len == 0 || (sign && params->rsa.d.len == 0))
      return sm_msg(SM_FAILED, msg, msg_len, "rsa: missing key components");
    ps->width = integer_len(params->rsa.n);
    err = rsa_key(&params->rsa, sign, &ps->key);
    break;
  case PK_DSA:
    if (params->dsa.p.len == 0 || params->dsa.q.len == 0 || params->dsa.g.len == 0 ||
        params->dsa.y.len == 0 || (sign && params->dsa.x.len == 0))
      return sm_msg(SM_FAILED, msg, msg_len, "dsa: missing key components");
    ps->width = integer_len(params->dsa.q);
    err = dsa_key(&params->dsa, sign, &ps->key);
    break;
  case PK_ECDSA:
  case PK_EDDSA: {
    ps->width = spec->width;
    if (sign && params->priv.len == 0)
      return sm_msg(SM_FAILED, msg, msg_len, "signing needs the private key");
    uint8_t derived[160];
    SmBytes pub = params->pub;
    if (pub.len == 0) {
      if (params->priv.len == 0)
        return sm_msg(SM_FAILED, msg, msg_len, "neither a public nor a private key given");
      size_t derived_len = sizeof derived;
      SmResult result = spec->own_ed448_public
                            ? ed448_derive_public(params->priv, derived, &derived_len, msg, msg_len)
                            : ecc_derive_public(spec->key_d_fmt, spec->q_name, params->priv,
                                                derived, &derived_len, msg, msg_len);
      if (result != SM_OK)
        return result;
      pub = (SmBytes){derived, derived_len};
    }
    if (sign)
      err = gcry_sexp_build(&ps->key, NULL, spec->priv_fmt, (int)pub.len, pub.data,
                            (int)params->priv.len, params->priv.data);
    else
      err = gcry_sexp_build(&ps->key, NULL, spec->pub_fmt, (int)pub.len, pub.data);
    break;
  }
  }
  if (err)
    return sm_msg(SM_FAILED, msg, msg_len, "building the key: %s", gcry_strerror(err));
  /* Catch inconsistent private keys here rather than as a failing op (RSA without CRT
   * parts signs fine but gcry_pk_testkey insists on p, q, u). */
  bool testable = spec->family != PK_RSA || params->rsa.qinv.len != 0;
  if (sign && testable && (err = gcry_pk_testkey(ps->key)) != 0)
    return sm_msg(SM_FAILED, msg, msg_len, "gcry_pk_testkey: %s", gcry_strerror(err));
  return SM_OK;
}

static SmResult pk_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  *state = NULL;
  return undo_on_failure(pk_open(params->impl_data, params, state, msg, msg_len), state,
                         pk_teardown);
}

/* The data S-expression has to be built per op (it carries the hash or the message); it is
 * released at once. Hashing is part of the op, as the engine contract says. */
static gcry_error_t pk_data(const PkSpec *spec, const SmIo *io, gcry_sexp_t *data)
{
  if (spec->md_algo == 0)
    return gcry_sexp_build(data, NULL, spec->data_fmt, (int)io->in_len, io->in);
  uint8_t hash[64];
  gcry_md_hash_buffer(spec->md_algo, hash, io->in, io->in_len);
  return gcry_sexp_build(data, NULL, spec->data_fmt, (int)gcry_md_get_algo_dlen(spec->md_algo),
                         hash);
}

static SmResult pk_sign(void *state, SmIo *io)
{
  PkState *ps = state;
  bool rsa = ps->spec->family == PK_RSA;
  size_t sig_len = rsa ? ps->width : 2 * ps->width;
  if (io->out_len < sig_len)
    return SM_FAILED;
  gcry_sexp_t data = NULL, sig = NULL;
  if (pk_data(ps->spec, io, &data))
    return SM_FAILED;
  gcry_error_t err = gcry_pk_sign(&sig, data, ps->key);
  gcry_sexp_release(data);
  bool ok = !err && (rsa ? copy_fixed(sig, "s", io->out, ps->width)
                         : copy_fixed(sig, "r", io->out, ps->width) &&
                               copy_fixed(sig, "s", io->out + ps->width, ps->width));
  gcry_sexp_release(sig);
  if (!ok)
    return SM_FAILED;
  io->out_len = sig_len;
  return SM_OK;
}

/* Like the data, the signature S-expression is built per op from io->aux, then released. */
static SmResult pk_verify(void *state, SmIo *io)
{
  PkState *ps = state;
  gcry_sexp_t data = NULL, sig = NULL;
  gcry_error_t err;
  if (ps->spec->family == PK_RSA) {
    if (io->aux_len == 0)
      return SM_FAILED;
    err = gcry_sexp_build(&sig, NULL, ps->spec->sig_fmt, (int)io->aux_len, io->aux);
  } else {
    if (io->aux_len != 2 * ps->width)
      return SM_FAILED;
    err = gcry_sexp_build(&sig, NULL, ps->spec->sig_fmt, (int)ps->width, io->aux, (int)ps->width,
                          io->aux + ps->width);
  }
  if (!err)
    err = pk_data(ps->spec, io, &data);
  if (!err)
    err = gcry_pk_verify(sig, data, ps->key);
  gcry_sexp_release(sig);
  gcry_sexp_release(data);
  return err ? SM_FAILED : SM_OK;
}

/* ---------------------------------------------------------------- key exchange */

typedef struct {
  int curve_id;         /* X25519/X448: gcry_ecc_mul_point; 0 for ECDH on a NIST curve */
  size_t len;           /* scalar/point/secret bytes; ECDH: field bytes */
  const char *priv_fmt; /* ECDH: the private key, %b = d */
} KexSpec;

typedef struct {
  const KexSpec *spec;
  uint8_t scalar[56], peer[56]; /* X25519/X448 */
  gcry_sexp_t key, peer_point;  /* ECDH: private key and "(enc-val (ecdh (e peer)))" */
} KexState;

static void kex_teardown(void *state)
{
  KexState *ks = state;
  if (ks == NULL)
    return;
  gcry_sexp_release(ks->key);
  gcry_sexp_release(ks->peer_point);
  free(ks);
}

static SmResult kex_open(const KexSpec *spec, const SmParams *params, void **state, char *msg,
                         size_t msg_len)
{
  KexState *ks = calloc(1, sizeof *ks);
  if (ks == NULL)
    return sm_out_of_memory(msg, msg_len);
  *state = ks;
  ks->spec = spec;
  if (params->peer_pub.len == 0 && params->peer_priv.len == 0)
    return sm_msg(SM_FAILED, msg, msg_len, "no peer value");

  if (spec->curve_id != 0) {
    if (params->priv.len != spec->len ||
        (params->peer_pub.len != 0 ? params->peer_pub.len : params->peer_priv.len) != spec->len)
      return sm_msg(SM_FAILED, msg, msg_len, "scalars and points must be %zu bytes", spec->len);
    memcpy(ks->scalar, params->priv.data, spec->len);
    if (params->peer_pub.len != 0) {
      memcpy(ks->peer, params->peer_pub.data, spec->len);
    } else {
      gcry_error_t err = gcry_ecc_mul_point(spec->curve_id, ks->peer, params->peer_priv.data, NULL);
      if (err)
        return sm_msg(SM_FAILED, msg, msg_len, "peer public value: %s", gcry_strerror(err));
    }
    return SM_OK;
  }

  uint8_t derived[1 + 2 * 66];
  SmBytes peer = params->peer_pub;
  if (peer.len == 0) {
    size_t derived_len = sizeof derived;
    SmResult result = ecc_derive_public(spec->priv_fmt, "q", params->peer_priv, derived,
                                        &derived_len, msg, msg_len);
    if (result != SM_OK)
      return result;
    peer = (SmBytes){derived, derived_len};
  }
  if (params->priv.len == 0)
    return sm_msg(SM_FAILED, msg, msg_len, "no private scalar");
  gcry_error_t err =
      gcry_sexp_build(&ks->key, NULL, spec->priv_fmt, (int)params->priv.len, params->priv.data);
  if (!err)
    err =
        gcry_sexp_build(&ks->peer_point, NULL, "(enc-val (ecdh (e %b)))", (int)peer.len, peer.data);
  if (err)
    return sm_msg(SM_FAILED, msg, msg_len, "building the keys: %s", gcry_strerror(err));
  return SM_OK;
}

static SmResult kex_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  *state = NULL;
  return undo_on_failure(kex_open(params->impl_data, params, state, msg, msg_len), state,
                         kex_teardown);
}

static SmResult x_derive(void *state, SmIo *io)
{
  KexState *ks = state;
  if (io->out_len < ks->spec->len ||
      gcry_ecc_mul_point(ks->spec->curve_id, io->out, ks->scalar, ks->peer))
    return SM_FAILED;
  io->out_len = ks->spec->len;
  return SM_OK;
}

/* ECDH through gcry_pk_decrypt: d times the peer point "e" (checked to be on the curve). */
static SmResult ecdh_derive(void *state, SmIo *io)
{
  KexState *ks = state;
  size_t field = ks->spec->len;
  if (io->out_len < field)
    return SM_FAILED;
  gcry_sexp_t plain = NULL;
  if (gcry_pk_decrypt(&plain, ks->peer_point, ks->key))
    return SM_FAILED;
  gcry_sexp_t value = gcry_sexp_find_token(plain, "value", 0);
  size_t len = 0;
  const char *point = value != NULL ? gcry_sexp_nth_data(value, 1, &len) : NULL;
  bool ok = point != NULL && len == 1 + 2 * field && point[0] == 0x04; /* 04||x||y */
  if (ok)
    memcpy(io->out, point + 1, field);
  gcry_sexp_release(value);
  gcry_sexp_release(plain);
  if (!ok)
    return SM_FAILED;
  io->out_len = field;
  return SM_OK;
}

/* ---------------------------------------------------------------- which code runs */

/* The hardware features (hwflist names) libgcrypt's code for an algorithm dispatches on, by
 * what the algorithm's name holds ("AES/GCM", "SHA256", "CHACHA20/POLY1305"). */
static const struct {
  const char *contains;
  const char *hwf;
} hwf_use[] = {
    {"AES", "intel-aesni"},      {"AES", "intel-vaes-vpclmul"}, {"GCM", "intel-pclmul"},
    {"SHA1", "intel-shaext"},    {"SHA256", "intel-shaext"},    {"SHA224", "intel-shaext"},
    {"SHA", "intel-avx2"},       {"SHA", "intel-avx"},          {"SHA", "intel-ssse3"},
    {"SHA512", "intel-avx512"},  {"SHA384", "intel-avx512"},    {"CHACHA20", "intel-avx512"},
    {"CHACHA20", "intel-avx2"},  {"CHACHA20", "intel-ssse3"},   {"POLY1305", "intel-avx512"},
    {"BLAKE2", "intel-avx512"},  {"BLAKE2", "intel-avx2"},      {"BLAKE2", "intel-avx"},
    {"CAMELLIA", "intel-aesni"}, {"CAMELLIA", "intel-avx2"},    {"SERPENT", "intel-avx2"},
    {"TWOFISH", "intel-avx2"},   {"SM4", "intel-aesni"},        {"SM3", "intel-avx"},
};

/* "hwf intel-aesni+intel-pclmul": the features of gcry_get_config(0, "hwflist") that the
 * algorithm's code uses; "hwf none" when it could use some and none is on; NULL when its code
 * uses none. The buffer is static: the runner copies it at once. */
static const char *describe_hwf(const char *name)
{
  static char text[160];
  char *config = gcry_get_config(0, "hwflist");
  size_t used = (size_t)snprintf(text, sizeof text, "hwf");
  bool relevant = false, any = false;
  for (size_t i = 0; i < sizeof hwf_use / sizeof hwf_use[0]; i++) {
    if (strstr(name, hwf_use[i].contains) == NULL)
      continue;
    relevant = true;
    char needle[48];
    snprintf(needle, sizeof needle, ":%s:", hwf_use[i].hwf);
    if (config == NULL || strstr(config, needle) == NULL || strstr(text, hwf_use[i].hwf) != NULL ||
        used >= sizeof text)
      continue;
    used +=
        (size_t)snprintf(text + used, sizeof text - used, "%c%s", any ? '+' : ' ', hwf_use[i].hwf);
    any = true;
  }
  gcry_free(config);
  if (!any && used < sizeof text)
    snprintf(text + used, sizeof text - used, " none");
  return relevant ? text : NULL;
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

static const char *digest_impl_name(const SmParams *params, void *state)
{
  (void)state;
  return describe_hwf(gcry_md_algo_name(((const DigestSpec *)params->impl_data)->algo));
}

static const char *mac_impl_name(const SmParams *params, void *state)
{
  (void)state;
  return describe_hwf(gcry_mac_algo_name(((const MacSpec *)params->impl_data)->mac_algo));
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

/* Both levels of a digest or an HMAC read the same kind of row. */
#define DIGEST_EVP(algo)                                                                           \
  {                                                                                                \
    .setup = digest_evp_setup, .op = {[SM_OP_HASH] = digest_evp_hash},                             \
    .teardown = digest_teardown, .data = (&(const DigestSpec){algo}),                              \
    .impl_name = digest_impl_name                                                                  \
  }
#define DIGEST_LOW(algo)                                                                           \
  {                                                                                                \
    .setup = digest_low_setup, .op = {[SM_OP_HASH] = digest_low_hash},                             \
    .teardown = digest_teardown, .data = (&(const DigestSpec){algo}),                              \
    .impl_name = digest_impl_name                                                                  \
  }

static const SmImpl evp_md4 = DIGEST_EVP(GCRY_MD_MD4), low_md4 = DIGEST_LOW(GCRY_MD_MD4);
static const SmImpl evp_md5 = DIGEST_EVP(GCRY_MD_MD5), low_md5 = DIGEST_LOW(GCRY_MD_MD5);
static const SmImpl evp_sha1 = DIGEST_EVP(GCRY_MD_SHA1), low_sha1 = DIGEST_LOW(GCRY_MD_SHA1);
static const SmImpl evp_sha224 = DIGEST_EVP(GCRY_MD_SHA224),
                    low_sha224 = DIGEST_LOW(GCRY_MD_SHA224);
static const SmImpl evp_sha256 = DIGEST_EVP(GCRY_MD_SHA256),
                    low_sha256 = DIGEST_LOW(GCRY_MD_SHA256);
static const SmImpl evp_sha384 = DIGEST_EVP(GCRY_MD_SHA384),
                    low_sha384 = DIGEST_LOW(GCRY_MD_SHA384);
static const SmImpl evp_sha512 = DIGEST_EVP(GCRY_MD_SHA512),
                    low_sha512 = DIGEST_LOW(GCRY_MD_SHA512);
static const SmImpl evp_sha3_256 = DIGEST_EVP(GCRY_MD_SHA3_256),
                    low_sha3_256 = DIGEST_LOW(GCRY_MD_SHA3_256);
static const SmImpl evp_sha3_512 = DIGEST_EVP(GCRY_MD_SHA3_512),
                    low_sha3_512 = DIGEST_LOW(GCRY_MD_SHA3_512);
static const SmImpl evp_blake2b512 = DIGEST_EVP(GCRY_MD_BLAKE2B_512),
                    low_blake2b512 = DIGEST_LOW(GCRY_MD_BLAKE2B_512);
static const SmImpl evp_blake2s256 = DIGEST_EVP(GCRY_MD_BLAKE2S_256),
                    low_blake2s256 = DIGEST_LOW(GCRY_MD_BLAKE2S_256);
static const SmImpl evp_ripemd160 = DIGEST_EVP(GCRY_MD_RMD160),
                    low_ripemd160 = DIGEST_LOW(GCRY_MD_RMD160);
static const SmImpl evp_sm3 = DIGEST_EVP(GCRY_MD_SM3), low_sm3 = DIGEST_LOW(GCRY_MD_SM3);

#define MAC_EVP(...)                                                                               \
  {                                                                                                \
    .setup = mac_evp_setup, .op = {[SM_OP_MAC] = mac_evp_mac}, .teardown = mac_teardown,           \
    .data = (&(const MacSpec){__VA_ARGS__}), .impl_name = mac_impl_name                            \
  }
#define HMAC_LOW(...)                                                                              \
  {                                                                                                \
    .setup = hmac_low_setup, .op = {[SM_OP_MAC] = hmac_low_mac}, .teardown = mac_teardown,         \
    .data = (&(const MacSpec){__VA_ARGS__}), .impl_name = mac_impl_name                            \
  }

static const SmImpl evp_hmac_md5 = MAC_EVP(GCRY_MAC_HMAC_MD5, GCRY_MD_MD5),
                    low_hmac_md5 = HMAC_LOW(GCRY_MAC_HMAC_MD5, GCRY_MD_MD5);
static const SmImpl evp_hmac_sha1 = MAC_EVP(GCRY_MAC_HMAC_SHA1, GCRY_MD_SHA1),
                    low_hmac_sha1 = HMAC_LOW(GCRY_MAC_HMAC_SHA1, GCRY_MD_SHA1);
static const SmImpl evp_hmac_sha256 = MAC_EVP(GCRY_MAC_HMAC_SHA256, GCRY_MD_SHA256),
                    low_hmac_sha256 = HMAC_LOW(GCRY_MAC_HMAC_SHA256, GCRY_MD_SHA256);
static const SmImpl evp_hmac_sha384 = MAC_EVP(GCRY_MAC_HMAC_SHA384, GCRY_MD_SHA384),
                    low_hmac_sha384 = HMAC_LOW(GCRY_MAC_HMAC_SHA384, GCRY_MD_SHA384);
static const SmImpl evp_hmac_sha512 = MAC_EVP(GCRY_MAC_HMAC_SHA512, GCRY_MD_SHA512),
                    low_hmac_sha512 = HMAC_LOW(GCRY_MAC_HMAC_SHA512, GCRY_MD_SHA512);
static const SmImpl evp_cmac_aes128 = MAC_EVP(GCRY_MAC_CMAC_AES, 0);
static const SmImpl evp_poly1305 =
    MAC_EVP(GCRY_MAC_POLY1305, 0); /* plain Poly1305: the 32-byte key is r || s */

#define PK_IMPL(...)                                                                               \
  {                                                                                                \
    .setup = pk_setup, .op = {[SM_OP_SIGN] = pk_sign, [SM_OP_VERIFY] = pk_verify},                 \
    .teardown = pk_teardown, .data = (&(const PkSpec){__VA_ARGS__})                                \
  }

#define RSA_SPEC                                                                                   \
  .family = PK_RSA, .md_algo = GCRY_MD_SHA256,                                                     \
  .data_fmt = "(data (flags pkcs1) (hash sha256 %b))", .sig_fmt = "(sig-val (rsa (s %b)))"
#define ECC_KEYS(curve, flags)                                                                     \
  .priv_fmt = "(private-key (ecc (curve " curve ")" flags " (q %b) (d %b)))",                      \
  .pub_fmt = "(public-key (ecc (curve " curve ")" flags " (q %b)))",                               \
  .key_d_fmt = "(private-key (ecc (curve " curve ")" flags " (d %b)))"
#define ECDSA_SPEC(curve, md, md_name, bytes)                                                      \
  .family = PK_ECDSA, .md_algo = md, .data_fmt = "(data (flags raw) (hash " md_name " %b))",       \
  .sig_fmt = "(sig-val (ecdsa (r %b) (s %b)))", .width = bytes, .q_name = "q",                     \
  ECC_KEYS("\"" curve "\"", "")

static const SmImpl evp_rsa1024 = PK_IMPL(RSA_SPEC);
static const SmImpl evp_rsa2048 = PK_IMPL(RSA_SPEC);
static const SmImpl evp_rsa3072 = PK_IMPL(RSA_SPEC);
static const SmImpl evp_rsa4096 = PK_IMPL(RSA_SPEC);
/* raw + hash: libgcrypt truncates the SHA-256 to the bits of q (FIPS 186-4) */
static const SmImpl evp_dsa1024 = PK_IMPL(.family = PK_DSA, .md_algo = GCRY_MD_SHA256,
                                          .data_fmt = "(data (flags raw) (hash sha256 %b))",
                                          .sig_fmt = "(sig-val (dsa (r %b) (s %b)))");
static const SmImpl evp_dsa2048 = PK_IMPL(.family = PK_DSA, .md_algo = GCRY_MD_SHA256,
                                          .data_fmt = "(data (flags raw) (hash sha256 %b))",
                                          .sig_fmt = "(sig-val (dsa (r %b) (s %b)))");
static const SmImpl evp_ecdsa_p256 =
    PK_IMPL(ECDSA_SPEC("NIST P-256", GCRY_MD_SHA256, "sha256", 32));
static const SmImpl evp_ecdsa_p384 =
    PK_IMPL(ECDSA_SPEC("NIST P-384", GCRY_MD_SHA384, "sha384", 48));
static const SmImpl evp_ecdsa_p521 =
    PK_IMPL(ECDSA_SPEC("NIST P-521", GCRY_MD_SHA512, "sha512", 66));
/* EdDSA hashes the message itself (the library does, inside gcry_pk_sign) */
static const SmImpl evp_ed25519 =
    PK_IMPL(.family = PK_EDDSA, .data_fmt = "(data (flags eddsa) (hash-algo sha512) (value %b))",
            .sig_fmt = "(sig-val (eddsa (r %b) (s %b)))", .width = 32, .q_name = "q@eddsa",
            ECC_KEYS("Ed25519", " (flags eddsa)"));
static const SmImpl evp_ed448 =
    PK_IMPL(.family = PK_EDDSA, .data_fmt = "(data (value %b))",
            .sig_fmt = "(sig-val (eddsa (r %b) (s %b)))", .width = 57, .q_name = "q@eddsa",
            .own_ed448_public = true, ECC_KEYS("Ed448", ""));

#define KEX_IMPL(derive, ...)                                                                      \
  {                                                                                                \
    .setup = kex_setup, .op = {[SM_OP_DERIVE] = derive}, .teardown = kex_teardown,                 \
    .data = (&(const KexSpec){__VA_ARGS__})                                                        \
  }

static const SmImpl evp_x25519 = KEX_IMPL(x_derive, .curve_id = GCRY_ECC_CURVE25519, .len = 32);
static const SmImpl evp_x448 = KEX_IMPL(x_derive, .curve_id = GCRY_ECC_CURVE448, .len = 56);
static const SmImpl evp_ecdh_p256 = KEX_IMPL(
    ecdh_derive, .len = 32, .priv_fmt = "(private-key (ecc (curve \"NIST P-256\") (d %b)))");
static const SmImpl evp_ecdh_p384 = KEX_IMPL(
    ecdh_derive, .len = 48, .priv_fmt = "(private-key (ecc (curve \"NIST P-384\") (d %b)))");

#define NO_ONESHOT_CIPHER "libgcrypt has no one-shot cipher API; only the handle API (evp)"
#define NO_ONESHOT_AEAD "libgcrypt has no one-shot AEAD API; only the handle API (evp)"
#define NO_ONESHOT_MAC                                                                             \
  "libgcrypt's one-shot gcry_md_hash_buffers does HMAC only; CMAC/Poly1305 need gcry_mac_* (evp)"
#define NO_ONESHOT_PK "libgcrypt has no one-shot signature API; only gcry_pk_sign/verify (evp)"
#define NO_ONESHOT_X "gcry_ecc_mul_point is libgcrypt's only X25519/X448 call; it is the evp row"
#define NO_ONESHOT_ECDH "libgcrypt has no one-shot ECDH call; only gcry_pk_decrypt (evp)"

#define ROW_EVP(n, k, id, why) SM_ROW_EVP_ONLY(n, k, &evp_##id, why)
#define ROW_BOTH(n, k, id) SM_ROW_BOTH(n, k, &evp_##id, &low_##id)

static const SmAlgorithm algorithms[] = {
    ROW_EVP("aes-128-cbc", SM_KIND_CIPHER, aes128_cbc, NO_ONESHOT_CIPHER),
    ROW_EVP("aes-192-cbc", SM_KIND_CIPHER, aes192_cbc, NO_ONESHOT_CIPHER),
    ROW_EVP("aes-256-cbc", SM_KIND_CIPHER, aes256_cbc, NO_ONESHOT_CIPHER),
    ROW_EVP("aes-128-ctr", SM_KIND_CIPHER, aes128_ctr, NO_ONESHOT_CIPHER),
    ROW_EVP("aes-192-ctr", SM_KIND_CIPHER, aes192_ctr, NO_ONESHOT_CIPHER),
    ROW_EVP("aes-256-ctr", SM_KIND_CIPHER, aes256_ctr, NO_ONESHOT_CIPHER),
    ROW_EVP("aes-128-xts", SM_KIND_CIPHER, aes128_xts, NO_ONESHOT_CIPHER),
    ROW_EVP("aes-256-xts", SM_KIND_CIPHER, aes256_xts, NO_ONESHOT_CIPHER),
    ROW_EVP("chacha20", SM_KIND_CIPHER, chacha20, NO_ONESHOT_CIPHER),
    ROW_EVP("camellia-128-cbc", SM_KIND_CIPHER, camellia128_cbc, NO_ONESHOT_CIPHER),
    ROW_EVP("twofish-cbc", SM_KIND_CIPHER, twofish_cbc, NO_ONESHOT_CIPHER),
    ROW_EVP("serpent-cbc", SM_KIND_CIPHER, serpent_cbc, NO_ONESHOT_CIPHER),
    ROW_EVP("sm4-cbc", SM_KIND_CIPHER, sm4_cbc, NO_ONESHOT_CIPHER),
    ROW_EVP("cast5-cbc", SM_KIND_CIPHER, cast5_cbc, NO_ONESHOT_CIPHER),
    ROW_EVP("bf-cbc", SM_KIND_CIPHER, bf_cbc, NO_ONESHOT_CIPHER),
    ROW_EVP("idea-cbc", SM_KIND_CIPHER, idea_cbc, NO_ONESHOT_CIPHER),
    ROW_EVP("rc2-cbc", SM_KIND_CIPHER, rc2_cbc, NO_ONESHOT_CIPHER),
    ROW_EVP("des-cbc", SM_KIND_CIPHER, des_cbc, NO_ONESHOT_CIPHER),
    ROW_EVP("des-ede3-cbc", SM_KIND_CIPHER, des_ede3_cbc, NO_ONESHOT_CIPHER),
    ROW_EVP("rc4", SM_KIND_CIPHER, rc4, NO_ONESHOT_CIPHER),
    ROW_EVP("aes-128-gcm", SM_KIND_AEAD, aes128_gcm, NO_ONESHOT_AEAD),
    ROW_EVP("aes-192-gcm", SM_KIND_AEAD, aes192_gcm, NO_ONESHOT_AEAD),
    ROW_EVP("aes-256-gcm", SM_KIND_AEAD, aes256_gcm, NO_ONESHOT_AEAD),
    ROW_EVP("aes-128-ccm", SM_KIND_AEAD, aes128_ccm, NO_ONESHOT_AEAD),
    ROW_EVP("aes-256-ccm", SM_KIND_AEAD, aes256_ccm, NO_ONESHOT_AEAD),
    ROW_EVP("chacha20-poly1305", SM_KIND_AEAD, chacha20_poly1305, NO_ONESHOT_AEAD),
    ROW_BOTH("md4", SM_KIND_DIGEST, md4),
    ROW_BOTH("md5", SM_KIND_DIGEST, md5),
    ROW_BOTH("sha1", SM_KIND_DIGEST, sha1),
    ROW_BOTH("sha224", SM_KIND_DIGEST, sha224),
    ROW_BOTH("sha256", SM_KIND_DIGEST, sha256),
    ROW_BOTH("sha384", SM_KIND_DIGEST, sha384),
    ROW_BOTH("sha512", SM_KIND_DIGEST, sha512),
    ROW_BOTH("sha3-256", SM_KIND_DIGEST, sha3_256),
    ROW_BOTH("sha3-512", SM_KIND_DIGEST, sha3_512),
    ROW_BOTH("blake2b512", SM_KIND_DIGEST, blake2b512),
    ROW_BOTH("blake2s256", SM_KIND_DIGEST, blake2s256),
    ROW_BOTH("ripemd160", SM_KIND_DIGEST, ripemd160),
    ROW_BOTH("sm3", SM_KIND_DIGEST, sm3),
    ROW_BOTH("hmac-md5", SM_KIND_MAC, hmac_md5),
    ROW_BOTH("hmac-sha1", SM_KIND_MAC, hmac_sha1),
    ROW_BOTH("hmac-sha256", SM_KIND_MAC, hmac_sha256),
    ROW_BOTH("hmac-sha384", SM_KIND_MAC, hmac_sha384),
    ROW_BOTH("hmac-sha512", SM_KIND_MAC, hmac_sha512),
    ROW_EVP("cmac-aes128", SM_KIND_MAC, cmac_aes128, NO_ONESHOT_MAC),
    ROW_EVP("poly1305", SM_KIND_MAC, poly1305, NO_ONESHOT_MAC),
    ROW_EVP("rsa1024", SM_KIND_SIGNATURE, rsa1024, NO_ONESHOT_PK),
    ROW_EVP("rsa2048", SM_KIND_SIGNATURE, rsa2048, NO_ONESHOT_PK),
    ROW_EVP("rsa3072", SM_KIND_SIGNATURE, rsa3072, NO_ONESHOT_PK),
    ROW_EVP("rsa4096", SM_KIND_SIGNATURE, rsa4096, NO_ONESHOT_PK),
    ROW_EVP("dsa1024", SM_KIND_SIGNATURE, dsa1024, NO_ONESHOT_PK),
    ROW_EVP("dsa2048", SM_KIND_SIGNATURE, dsa2048, NO_ONESHOT_PK),
    ROW_EVP("ecdsa-p256", SM_KIND_SIGNATURE, ecdsa_p256, NO_ONESHOT_PK),
    ROW_EVP("ecdsa-p384", SM_KIND_SIGNATURE, ecdsa_p384, NO_ONESHOT_PK),
    ROW_EVP("ecdsa-p521", SM_KIND_SIGNATURE, ecdsa_p521, NO_ONESHOT_PK),
    ROW_EVP("ed25519", SM_KIND_SIGNATURE, ed25519, NO_ONESHOT_PK),
    ROW_EVP("ed448", SM_KIND_SIGNATURE, ed448, NO_ONESHOT_PK),
    ROW_EVP("x25519", SM_KIND_KEX, x25519, NO_ONESHOT_X),
    ROW_EVP("x448", SM_KIND_KEX, x448, NO_ONESHOT_X),
    ROW_EVP("ecdh-p256", SM_KIND_KEX, ecdh_p256, NO_ONESHOT_ECDH),
    ROW_EVP("ecdh-p384", SM_KIND_KEX, ecdh_p384, NO_ONESHOT_ECDH),
    SM_ROW_END,
};

static const SmEngine engine = {
    .abi_major = SM_ABI_MAJOR,
    .abi_minor = SM_ABI_MINOR,
    .size = sizeof(SmEngine),
    .name = "gcrypt",
    .library = "libgcrypt",
    .library_version = lib_version,
    .init = engine_init,
    .shutdown = NULL,
    .accel_off_env = NULL, /* the switch is GCRYCTL_DISABLE_HWF, in init */
    .api_meaning = {"handle API (gcry_cipher_*/gcry_md_*/gcry_mac_*/gcry_pk_*, opened once per "
                    "cell)",
                    "one-shot calls (gcry_md_hash_buffer, gcry_md_hash_buffers)"},
    .algorithms = algorithms,
};

SM_ENGINE_EXPORT const SmEngine *speedmatrix_engine(void) { return &engine; }

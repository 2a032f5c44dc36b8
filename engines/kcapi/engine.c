/* speedmatrix engine: the Linux kernel crypto API through libkcapi (written against 1.4).
 *
 * evp = libkcapi's handles made and keyed once per cell (kcapi_cipher_*, kcapi_aead_*,
 * kcapi_md_*): each call is one AF_ALG operation on the kernel's transform.
 * low = libkcapi's one-shot calls (kcapi_cipher_enc_aes_cbc, kcapi_md_sha256,
 * kcapi_md_hmac_sha256, ...), which open, key, use and close a kernel transform per call.
 *
 * Streaming across calls (engine.h): an AF_ALG operation starts from the IV it is given, so
 * the engine carries it: CBC takes the last ciphertext block as the next IV; CTR and ChaCha20
 * advance their counter by the blocks used and keep the unused keystream of a partial block
 * (one block of zeros encrypted) for the next call; XTS uses its tweak on every call; ARC4
 * keeps its state in the kernel's transform (kernels whose ecb(arc4) restarts per request fail
 * the two-call known-answer check and are reported as kat-failed, never timed).
 *
 * AEAD: the kernel reads AAD || text and writes AAD || text || tag in one buffer, so each call
 * copies the message into a buffer made in setup; that copy is what AF_ALG's interface costs.
 *
 * Where the kernel refuses AF_ALG sockets (EAFNOSUPPORT in many containers), every cell is
 * unsupported with the kernel's reason: one socket is tried once and the answer kept. */
#include "engine-util.h"

#include <errno.h>
#include <kcapi.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#ifndef AF_ALG
#define AF_ALG 38
#endif

/* ---------------------------------------------------------------- AF_ALG probe and init */

static SmAccel accel_mode = SM_ACCEL_ON;

/* NULL when the kernel hands out AF_ALG sockets; its reason otherwise. Tried once. */
static const char *af_alg_refusal(void)
{
  static int answer; /* 0: not asked yet, 1: allowed, 2: refused */
  static char reason[160];
  if (answer == 0) {
    int fd = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
    if (fd < 0) {
      snprintf(reason, sizeof reason, "the kernel refused an AF_ALG socket: %s", strerror(errno));
      answer = 2;
    } else {
      close(fd);
      answer = 1;
    }
  }
  return answer == 2 ? reason : NULL;
}

static const char *probe_af_alg(void) { return af_alg_refusal(); }

/* libkcapi answers -errno. */
static SmResult kc_fail(int err, char *msg, size_t msg_len, const char *what, const char *name)
{
  if (af_alg_refusal() != NULL)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "%s", af_alg_refusal());
  SmResult result = err == -ENOENT || err == -EOPNOTSUPP || err == -EAFNOSUPPORT || err == -EINVAL
                        ? SM_UNSUPPORTED
                        : SM_FAILED;
  return sm_msg(result, msg, msg_len, "%s(%s): %s", what, name, strerror(-err));
}

static SmResult setup_gate(bool has_generic_choice, char *msg, size_t msg_len)
{
  if (af_alg_refusal() != NULL)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "%s", af_alg_refusal());
  if (accel_mode == SM_ACCEL_OFF && !has_generic_choice)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                  "libkcapi's one-shot calls name their algorithm themselves (\"cbc(aes)\", "
                  "\"sha256\"): the generic driver cannot be asked for");
  return SM_OK;
}

/* The kernel's driver by priority ("cbc(aes)"), or, with acceleration off, its portable C
 * driver by name ("cbc(aes-generic)"). */
static const char *driver(const char *name, const char *generic)
{
  return accel_mode == SM_ACCEL_OFF ? generic : name;
}

/* ---------------------------------------------------------------- ciphers */

typedef enum {
  SHAPE_CBC,    /* the next IV is the last ciphertext block */
  SHAPE_CTR,    /* 128-bit big-endian counter, 16-byte blocks */
  SHAPE_CHACHA, /* 32-bit little-endian counter first in the IV, 64-byte blocks */
  SHAPE_XTS,    /* the same tweak on every call: one data unit per call */
  SHAPE_STREAM, /* ARC4: the kernel's transform keeps the state */
} Shape;

typedef ssize_t (*OneShotCipherFn)(const uint8_t *key, uint32_t keylen, const uint8_t *in,
                                   size_t inlen, const uint8_t *iv, uint8_t *out, size_t outlen);

typedef struct {
  const char *name;    /* evp: the kernel's algorithm name */
  const char *generic; /* evp, accel off: the portable driver */
  Shape shape;
  size_t block;        /* CBC: block size (= IV size); CTR/ChaCha: keystream block */
  OneShotCipherFn enc; /* low */
  OneShotCipherFn dec; /* low */
} CipherRow;

typedef struct CipherState CipherState;
struct CipherState {
  const CipherRow *row;
  struct kcapi_handle *handle; /* evp */
  uint8_t key[64];             /* low: the one-shot takes the key every call */
  uint32_t key_len;
  bool decrypt;
  uint8_t iv[16];
  uint8_t keystream[64];
  size_t keystream_left;
  bool (*crypt)(CipherState *cs, bool decrypt, const uint8_t *in, uint8_t *out, size_t len);
};

static bool evp_crypt(CipherState *cs, bool decrypt, const uint8_t *in, uint8_t *out, size_t len)
{
  const uint8_t *iv = cs->row->shape == SHAPE_STREAM ? NULL : cs->iv;
  ssize_t n = decrypt
                  ? kcapi_cipher_decrypt(cs->handle, in, len, iv, out, len, KCAPI_ACCESS_HEURISTIC)
                  : kcapi_cipher_encrypt(cs->handle, in, len, iv, out, len, KCAPI_ACCESS_HEURISTIC);
  return n >= 0 && (size_t)n == len;
}

static bool low_crypt(CipherState *cs, bool decrypt, const uint8_t *in, uint8_t *out, size_t len)
{
  OneShotCipherFn fn = decrypt ? cs->row->dec : cs->row->enc;
  ssize_t n = fn(cs->key, cs->key_len, in, len, cs->iv, out, len);
  return n >= 0 && (size_t)n == len;
}

static void cipher_teardown(void *state)
{
  CipherState *cs = state;
  if (cs->handle != NULL)
    kcapi_cipher_destroy(cs->handle);
  free(cs);
}

/* What both levels keep of the parameters, once the level's gate lets them through. */
static SmResult cipher_fill_common(CipherState *cs, bool evp, const SmParams *params, char *msg,
                                   size_t msg_len)
{
  SmResult gate = setup_gate(evp, msg, msg_len);
  if (gate != SM_OK)
    return gate;
  if (params->iv.len > sizeof cs->iv || params->key.len > sizeof cs->key)
    return sm_msg(SM_FAILED, msg, msg_len, "key or iv too long");
  cs->row = params->impl_data;
  cs->decrypt = params->op == SM_OP_DECRYPT;
  if (params->iv.len > 0)
    memcpy(cs->iv, params->iv.data, params->iv.len);
  if (params->key.len > 0)
    memcpy(cs->key, params->key.data, params->key.len);
  cs->key_len = (uint32_t)params->key.len;
  cs->crypt = evp ? evp_crypt : low_crypt;
  return SM_OK;
}

static SmResult cipher_evp_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  CipherState *cs = state;
  SmResult result = cipher_fill_common(cs, true, params, msg, msg_len);
  if (result != SM_OK)
    return result;
  const char *name = driver(cs->row->name, cs->row->generic);
  int err = kcapi_cipher_init(&cs->handle, name, 0);
  if (err == 0)
    err = kcapi_cipher_setkey(cs->handle, cs->key, cs->key_len);
  return err < 0 ? kc_fail(err, msg, msg_len, "kcapi_cipher_init/setkey", name) : SM_OK;
}

static SmResult cipher_low_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  return cipher_fill_common(state, false, params, msg, msg_len);
}

SM_DEFINE_SETUP(cipher_evp_setup, CipherState, cipher_evp_fill, cipher_teardown)
SM_DEFINE_SETUP(cipher_low_setup, CipherState, cipher_low_fill, cipher_teardown)

static void advance_counter(CipherState *cs, size_t blocks)
{
  if (cs->row->shape == SHAPE_CHACHA) {
    uint32_t c = (uint32_t)cs->iv[0] | (uint32_t)cs->iv[1] << 8 | (uint32_t)cs->iv[2] << 16 |
                 (uint32_t)cs->iv[3] << 24;
    c += (uint32_t)blocks;
    for (int i = 0; i < 4; i++)
      cs->iv[i] = (uint8_t)(c >> (8 * i));
    return;
  }
  uint64_t carry = blocks; /* 128-bit big-endian addition */
  for (int i = 15; i >= 0 && carry != 0; i--) {
    carry += cs->iv[i];
    cs->iv[i] = (uint8_t)carry;
    carry >>= 8;
  }
}

/* CTR and ChaCha20: leftover keystream, whole blocks, then a partial block's keystream. */
static bool counter_op(CipherState *cs, const uint8_t *in, uint8_t *out, size_t len)
{
  size_t block = cs->row->block;
  size_t done = cs->keystream_left < len ? cs->keystream_left : len;
  const uint8_t *ks = cs->keystream + block - cs->keystream_left;
  for (size_t i = 0; i < done; i++)
    out[i] = in[i] ^ ks[i];
  cs->keystream_left -= done;
  size_t whole = (len - done) / block * block;
  if (whole > 0) {
    if (!cs->crypt(cs, false, in + done, out + done, whole))
      return false;
    advance_counter(cs, whole / block);
    done += whole;
  }
  if (done < len) {
    memset(cs->keystream, 0, block);
    if (!cs->crypt(cs, false, cs->keystream, cs->keystream, block))
      return false;
    advance_counter(cs, 1);
    for (size_t i = 0; done + i < len; i++)
      out[done + i] = in[done + i] ^ cs->keystream[i];
    cs->keystream_left = block - (len - done);
  }
  return true;
}

static SmResult cipher_op(void *state, SmIo *io)
{
  CipherState *cs = state;
  size_t len = io->in_len, block = cs->row->block;
  if (io->out_len < len)
    return SM_FAILED;
  bool ok = true;
  uint8_t next_iv[16];
  switch (cs->row->shape) {
  case SHAPE_CBC:
    if (len % block != 0)
      return SM_FAILED;
    if (len == 0)
      break;
    if (cs->decrypt) /* the last ciphertext block, before out (maybe in itself) is written */
      memcpy(next_iv, io->in + len - block, block);
    ok = cs->crypt(cs, cs->decrypt, io->in, io->out, len);
    memcpy(cs->iv, cs->decrypt ? next_iv : io->out + len - block, block);
    break;
  case SHAPE_CTR:
  case SHAPE_CHACHA:
    ok = counter_op(cs, io->in, io->out, len);
    break;
  case SHAPE_XTS:
  case SHAPE_STREAM:
    ok = cs->crypt(cs, cs->decrypt, io->in, io->out, len);
    break;
  }
  if (!ok)
    return SM_FAILED;
  io->out_len = len;
  return SM_OK;
}

/* ---------------------------------------------------------------- AEADs */

typedef struct {
  const char *name;
  const char *generic;
  bool ccm; /* the kernel's ccm(aes) takes a 16-byte IV built from the nonce */
} AeadRow;

typedef struct {
  struct kcapi_handle *handle;
  uint8_t iv[16];
  size_t aad_len;
  size_t tag_len;
  uint8_t *buf; /* AAD || text || tag, the AAD written once */
  size_t buf_len;
} AeadState;

static void aead_teardown(void *state)
{
  AeadState *as = state;
  if (as->handle != NULL)
    kcapi_aead_destroy(as->handle);
  free(as->buf);
  free(as);
}

/* GCM and ChaCha20-Poly1305 take the nonce as their IV; ccm(aes) a 16-byte IV made from it
 * (flags byte, nonce, zero counter), which libkcapi builds in a buffer it allocates. */
static int aead_nonce(AeadState *as, const AeadRow *row, SmBytes nonce)
{
  if (!row->ccm) {
    if (nonce.len > sizeof as->iv)
      return -EINVAL;
    if (nonce.len > 0)
      memcpy(as->iv, nonce.data, nonce.len);
    return 0;
  }
  uint8_t *iv = NULL;
  uint32_t iv_len = 0;
  int err = kcapi_aead_ccm_nonce_to_iv(nonce.data, (uint32_t)nonce.len, &iv, &iv_len);
  if (err == 0 && iv_len <= sizeof as->iv)
    memcpy(as->iv, iv, iv_len);
  else if (err == 0)
    err = -EINVAL;
  free(iv);
  return err;
}

static SmResult aead_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  AeadState *as = state;
  const AeadRow *row = params->impl_data;
  SmResult gate = setup_gate(true, msg, msg_len);
  if (gate != SM_OK)
    return gate;
  as->aad_len = params->aad.len;
  as->tag_len = params->tag_len;
  as->buf_len = as->aad_len + params->max_len + as->tag_len;
  long page = sysconf(_SC_PAGESIZE);
  /* the kernel takes at most ALG_MAX_PAGES (16) pages per AEAD operation */
  if (page > 0 && as->buf_len > 16 * (size_t)page)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                  "AF_ALG takes at most 16 pages per AEAD operation (%zu bytes asked)",
                  params->aad.len + params->max_len + params->tag_len);
  if (posix_memalign((void **)&as->buf, page > 0 ? (size_t)page : 4096, as->buf_len) != 0) {
    as->buf = NULL;
    return sm_out_of_memory(msg, msg_len);
  }
  if (as->aad_len > 0)
    memcpy(as->buf, params->aad.data, as->aad_len);
  const char *name = driver(row->name, row->generic);
  int err = kcapi_aead_init(&as->handle, name, 0);
  if (err == 0)
    err = kcapi_aead_setkey(as->handle, params->key.data, (uint32_t)params->key.len);
  if (err == 0)
    err = kcapi_aead_settaglen(as->handle, (uint32_t)as->tag_len);
  if (err == 0)
    err = aead_nonce(as, row, params->iv);
  if (err < 0)
    return kc_fail(err, msg, msg_len, "kcapi_aead_init/setkey/settaglen", name);
  kcapi_aead_setassoclen(as->handle, as->aad_len);
  return SM_OK;
}

SM_DEFINE_SETUP(aead_setup, AeadState, aead_fill, aead_teardown)

static SmResult aead_encrypt(void *state, SmIo *io)
{
  AeadState *as = state;
  size_t text = io->in_len, total = as->aad_len + text + as->tag_len;
  if (total > as->buf_len || io->out_len < text + as->tag_len)
    return SM_FAILED;
  memcpy(as->buf + as->aad_len, io->in, text);
  ssize_t n = kcapi_aead_encrypt(as->handle, as->buf, as->aad_len + text, as->iv, as->buf, total,
                                 KCAPI_ACCESS_HEURISTIC);
  if (n < 0 || (size_t)n != total)
    return SM_FAILED;
  memcpy(io->out, as->buf + as->aad_len, text + as->tag_len);
  io->out_len = text + as->tag_len;
  return SM_OK;
}

static SmResult aead_decrypt(void *state, SmIo *io)
{
  AeadState *as = state;
  if (io->in_len < as->tag_len || as->aad_len + io->in_len > as->buf_len)
    return SM_FAILED;
  size_t text = io->in_len - as->tag_len;
  if (io->out_len < text)
    return SM_FAILED;
  memcpy(as->buf + as->aad_len, io->in, io->in_len);
  ssize_t n = kcapi_aead_decrypt(as->handle, as->buf, as->aad_len + io->in_len, as->iv, as->buf,
                                 as->aad_len + text, KCAPI_ACCESS_HEURISTIC);
  if (n < 0 || (size_t)n != as->aad_len + text) /* -EBADMSG: the tag does not match */
    return SM_FAILED;
  memcpy(io->out, as->buf + as->aad_len, text);
  io->out_len = text;
  return SM_OK;
}

/* ---------------------------------------------------------------- digests and MACs */

typedef ssize_t (*OneShotMdFn)(const uint8_t *in, size_t inlen, uint8_t *out, size_t outlen);
typedef ssize_t (*OneShotHmacFn)(const uint8_t *key, uint32_t keylen, const uint8_t *in,
                                 size_t inlen, uint8_t *out, size_t outlen);

typedef struct {
  const char *name;
  const char *generic;
  size_t out_len;
  bool keyed;
  OneShotMdFn md;     /* low digest */
  OneShotHmacFn hmac; /* low HMAC */
} MdRow;

typedef struct {
  const MdRow *row;
  struct kcapi_handle *handle; /* evp */
  uint8_t key[128];            /* low HMAC */
  uint32_t key_len;
} MdState;

static void md_teardown(void *state)
{
  MdState *ms = state;
  if (ms->handle != NULL)
    kcapi_md_destroy(ms->handle);
  free(ms);
}

/* What both levels keep of the parameters, once the level's gate lets them through. */
static SmResult md_fill_common(MdState *ms, bool evp, const SmParams *params, char *msg,
                               size_t msg_len)
{
  SmResult gate = setup_gate(evp, msg, msg_len);
  if (gate != SM_OK)
    return gate;
  if (params->key.len > sizeof ms->key)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "key of %zu bytes too long", params->key.len);
  ms->row = params->impl_data;
  if (params->key.len > 0)
    memcpy(ms->key, params->key.data, params->key.len);
  ms->key_len = (uint32_t)params->key.len;
  return SM_OK;
}

static SmResult md_evp_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  MdState *ms = state;
  SmResult result = md_fill_common(ms, true, params, msg, msg_len);
  if (result != SM_OK)
    return result;
  const char *name = driver(ms->row->name, ms->row->generic);
  int err = kcapi_md_init(&ms->handle, name, 0);
  if (err == 0 && ms->row->keyed)
    err = kcapi_md_setkey(ms->handle, ms->key, ms->key_len);
  return err < 0 ? kc_fail(err, msg, msg_len, "kcapi_md_init/setkey", name) : SM_OK;
}

static SmResult md_low_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  return md_fill_common(state, false, params, msg, msg_len);
}

SM_DEFINE_SETUP(md_evp_setup, MdState, md_evp_fill, md_teardown)
SM_DEFINE_SETUP(md_low_setup, MdState, md_low_fill, md_teardown)

/* One digest or MAC into io->out: on the handle (evp) or through the one-shot call (low); it
 * must write exactly the row's length. */
static SmResult md_run(const MdState *ms, bool on_handle, SmIo *io)
{
  size_t len = ms->row->out_len;
  if (io->out_len < len)
    return SM_FAILED;
  ssize_t n = on_handle ? kcapi_md_digest(ms->handle, io->in, io->in_len, io->out, len)
              : ms->row->keyed
                  ? ms->row->hmac(ms->key, ms->key_len, io->in, io->in_len, io->out, len)
                  : ms->row->md(io->in, io->in_len, io->out, len);
  return n < 0 || (size_t)n != len ? SM_FAILED : sm_output(io, len);
}

static SmResult md_evp_op(void *state, SmIo *io) { return md_run(state, true, io); }

static SmResult md_low_op(void *state, SmIo *io) { return md_run(state, false, io); }

/* ---------------------------------------------------------------- the tables */

/* clang-format off */
/* mode(kernel) by priority, mode(kernel-generic) with acceleration off; the one-shot calls where
 * libkcapi has them (NULL: none) */
#define MODE(mode, kernel, row_shape, bytes, oneshot_enc, oneshot_dec) {.name = mode "(" kernel ")", \
    .generic = mode "(" kernel "-generic)", .shape = row_shape, .block = bytes, \
    .enc = oneshot_enc, .dec = oneshot_dec}
#define CBC(kernel, bytes, oneshot_enc, oneshot_dec) \
    MODE("cbc", kernel, SHAPE_CBC, bytes, oneshot_enc, oneshot_dec)
/* clang-format on */
static const CipherRow aes_cbc = CBC("aes", 16, kcapi_cipher_enc_aes_cbc, kcapi_cipher_dec_aes_cbc);
static const CipherRow aes_ctr =
    MODE("ctr", "aes", SHAPE_CTR, 16, kcapi_cipher_enc_aes_ctr, kcapi_cipher_dec_aes_ctr);
static const CipherRow aes_xts = MODE("xts", "aes", SHAPE_XTS, 16, NULL, NULL);
/* the kernel's chacha20 IV is the catalogue's: LE 32-bit counter || 96-bit nonce */
static const CipherRow chacha20 = {"chacha20", "chacha20-generic", SHAPE_CHACHA, 64, NULL, NULL};
static const CipherRow camellia_cbc = CBC("camellia", 16, NULL, NULL);
static const CipherRow twofish_cbc = CBC("twofish", 16, NULL, NULL);
static const CipherRow serpent_cbc = CBC("serpent", 16, NULL, NULL);
static const CipherRow sm4_cbc = CBC("sm4", 16, kcapi_cipher_enc_sm4_cbc, kcapi_cipher_dec_sm4_cbc);
static const CipherRow cast5_cbc = CBC("cast5", 8, NULL, NULL);
static const CipherRow bf_cbc = CBC("blowfish", 8, NULL, NULL);
static const CipherRow des_cbc = CBC("des", 8, NULL, NULL);
static const CipherRow des3_cbc = CBC("des3_ede", 8, NULL, NULL);
static const CipherRow rc4 = MODE("ecb", "arc4", SHAPE_STREAM, 1, NULL, NULL);

static const AeadRow aes_gcm = {"gcm(aes)", "gcm_base(ctr(aes-generic),ghash-generic)", false};
static const AeadRow aes_ccm = {"ccm(aes)", "ccm_base(ctr(aes-generic),cbcmac(aes-generic))", true};
static const AeadRow chacha20_poly1305 = {"rfc7539(chacha20,poly1305)",
                                          "rfc7539(chacha20-generic,poly1305-generic)", false};

/* clang-format off */
#define MD(kernel, bytes, oneshot) {.name = kernel, .generic = kernel "-generic", \
    .out_len = bytes, .md = oneshot}
#define HMAC(kernel, bytes, oneshot) {.name = "hmac(" kernel ")", \
    .generic = "hmac(" kernel "-generic)", .out_len = bytes, .keyed = true, .hmac = oneshot}
/* clang-format on */
static const MdRow md4 = MD("md4", 16, NULL);
static const MdRow md5 = MD("md5", 16, NULL);
static const MdRow sha1 = MD("sha1", 20, kcapi_md_sha1);
static const MdRow sha224 = MD("sha224", 28, kcapi_md_sha224);
static const MdRow sha256 = MD("sha256", 32, kcapi_md_sha256);
static const MdRow sha384 = MD("sha384", 48, kcapi_md_sha384);
static const MdRow sha512 = MD("sha512", 64, kcapi_md_sha512);
static const MdRow sha3_256 = MD("sha3-256", 32, NULL);
static const MdRow sha3_512 = MD("sha3-512", 64, NULL);
static const MdRow blake2b512 = MD("blake2b-512", 64, NULL);
static const MdRow blake2s256 = MD("blake2s-256", 32, NULL);
static const MdRow ripemd160 = MD("rmd160", 20, NULL);
static const MdRow sm3 = MD("sm3", 32, kcapi_md_sm3);
static const MdRow hmac_md5 = HMAC("md5", 16, NULL);
static const MdRow hmac_sha1 = HMAC("sha1", 20, kcapi_md_hmac_sha1);
static const MdRow hmac_sha256 = HMAC("sha256", 32, kcapi_md_hmac_sha256);
static const MdRow hmac_sha384 = HMAC("sha384", 48, kcapi_md_hmac_sha384);
static const MdRow hmac_sha512 = HMAC("sha512", 64, kcapi_md_hmac_sha512);
static const MdRow cmac_aes128 = {"cmac(aes)", "cmac(aes-generic)", 16, true, NULL, NULL};

/* An impl made in place: every one asks probe_af_alg first. */
/* clang-format off */
#define IMPL(setup_fn, teardown_fn, row, ...) &(const SmImpl){.setup = (setup_fn), \
    .teardown = (teardown_fn), .data = &(row), .probe = probe_af_alg, .op = {__VA_ARGS__}}
#define CIPHER_EVP(row) IMPL(cipher_evp_setup, cipher_teardown, row, \
    [SM_OP_ENCRYPT] = cipher_op, [SM_OP_DECRYPT] = cipher_op)
#define CIPHER_LOW(row) IMPL(cipher_low_setup, cipher_teardown, row, \
    [SM_OP_ENCRYPT] = cipher_op, [SM_OP_DECRYPT] = cipher_op)
#define DIGEST_EVP(row) IMPL(md_evp_setup, md_teardown, row, [SM_OP_HASH] = md_evp_op)
#define DIGEST_LOW(row) IMPL(md_low_setup, md_teardown, row, [SM_OP_HASH] = md_low_op)
#define MAC_EVP(row) IMPL(md_evp_setup, md_teardown, row, [SM_OP_MAC] = md_evp_op)
#define MAC_LOW(row) IMPL(md_low_setup, md_teardown, row, [SM_OP_MAC] = md_low_op)
#define AEAD_EVP(row) IMPL(aead_setup, aead_teardown, row, \
    [SM_OP_ENCRYPT] = aead_encrypt, [SM_OP_DECRYPT] = aead_decrypt)
/* clang-format on */

#define NO_ONESHOT                                                                                 \
  "libkcapi's one-shot calls cover AES-CBC/CTR, SM4-CBC/CTR, SHA-1, SHA-2, SM3 and their HMACs "   \
  "only"
#define NO_SIG                                                                                     \
  "mainline Linux has no AF_ALG interface for signatures (libkcapi's kcapi_akcipher_* need an "    \
  "out-of-tree kernel patch)"
#define NO_KEX                                                                                     \
  "mainline Linux has no AF_ALG interface for key agreement (libkcapi's kcapi_kpp_* need an "      \
  "out-of-tree kernel patch)"
/* Every signature and key-exchange row is unavailable at both levels, for its kind's reason. */
#define NO_SIG_ROW(n) SM_ROW_NONE(n, SM_KIND_SIGNATURE, NO_SIG)
#define NO_KEX_ROW(n) SM_ROW_NONE(n, SM_KIND_KEX, NO_KEX)
#define NO_POLY1305                                                                                \
  "the kernel's poly1305 takes its one-time key inside the data (no setkey), not as a MAC key"

/* A table row per family at the evp level, or (the _BOTH rows, whose kernel row has its one-shot
 * calls) at both. */
#define CIPHER(n, row) SM_ROW_EVP_ONLY(n, SM_KIND_CIPHER, CIPHER_EVP(row), NO_ONESHOT)
#define CIPHER_BOTH(n, row) SM_ROW_BOTH(n, SM_KIND_CIPHER, CIPHER_EVP(row), CIPHER_LOW(row))
#define AEAD(n, row) SM_ROW_EVP_ONLY(n, SM_KIND_AEAD, AEAD_EVP(row), NO_ONESHOT)
#define DIGEST(n, row) SM_ROW_EVP_ONLY(n, SM_KIND_DIGEST, DIGEST_EVP(row), NO_ONESHOT)
#define DIGEST_BOTH(n, row) SM_ROW_BOTH(n, SM_KIND_DIGEST, DIGEST_EVP(row), DIGEST_LOW(row))
#define MAC(n, row) SM_ROW_EVP_ONLY(n, SM_KIND_MAC, MAC_EVP(row), NO_ONESHOT)
#define MAC_BOTH(n, row) SM_ROW_BOTH(n, SM_KIND_MAC, MAC_EVP(row), MAC_LOW(row))

static const SmAlgorithm algorithms[] = {
    CIPHER_BOTH("aes-128-cbc", aes_cbc),
    CIPHER_BOTH("aes-192-cbc", aes_cbc),
    CIPHER_BOTH("aes-256-cbc", aes_cbc),
    CIPHER_BOTH("aes-128-ctr", aes_ctr),
    CIPHER_BOTH("aes-192-ctr", aes_ctr),
    CIPHER_BOTH("aes-256-ctr", aes_ctr),
    CIPHER("aes-128-xts", aes_xts),
    CIPHER("aes-256-xts", aes_xts),
    CIPHER("chacha20", chacha20),
    CIPHER("camellia-128-cbc", camellia_cbc),
    CIPHER("twofish-cbc", twofish_cbc),
    CIPHER("serpent-cbc", serpent_cbc),
    CIPHER_BOTH("sm4-cbc", sm4_cbc),
    CIPHER("cast5-cbc", cast5_cbc),
    CIPHER("bf-cbc", bf_cbc),
    CIPHER("des-cbc", des_cbc),
    CIPHER("des-ede3-cbc", des3_cbc),
    CIPHER("rc4", rc4),
    AEAD("aes-128-gcm", aes_gcm),
    AEAD("aes-192-gcm", aes_gcm),
    AEAD("aes-256-gcm", aes_gcm),
    AEAD("aes-128-ccm", aes_ccm),
    AEAD("aes-256-ccm", aes_ccm),
    AEAD("chacha20-poly1305", chacha20_poly1305),
    DIGEST("md4", md4),
    DIGEST("md5", md5),
    DIGEST_BOTH("sha1", sha1),
    DIGEST_BOTH("sha224", sha224),
    DIGEST_BOTH("sha256", sha256),
    DIGEST_BOTH("sha384", sha384),
    DIGEST_BOTH("sha512", sha512),
    DIGEST("sha3-256", sha3_256),
    DIGEST("sha3-512", sha3_512),
    DIGEST("blake2b512", blake2b512),
    DIGEST("blake2s256", blake2s256),
    DIGEST("ripemd160", ripemd160),
    DIGEST_BOTH("sm3", sm3),
    MAC("hmac-md5", hmac_md5),
    MAC_BOTH("hmac-sha1", hmac_sha1),
    MAC_BOTH("hmac-sha256", hmac_sha256),
    MAC_BOTH("hmac-sha384", hmac_sha384),
    MAC_BOTH("hmac-sha512", hmac_sha512),
    MAC("cmac-aes128", cmac_aes128),
    SM_ROW_NONE("poly1305", SM_KIND_MAC, NO_POLY1305),
    NO_SIG_ROW("rsa1024"),
    NO_SIG_ROW("rsa2048"),
    NO_SIG_ROW("rsa3072"),
    NO_SIG_ROW("rsa4096"),
    NO_SIG_ROW("dsa1024"),
    NO_SIG_ROW("dsa2048"),
    NO_SIG_ROW("ecdsa-p256"),
    NO_SIG_ROW("ecdsa-p384"),
    NO_SIG_ROW("ecdsa-p521"),
    NO_SIG_ROW("ed25519"),
    NO_SIG_ROW("ed448"),
    NO_KEX_ROW("x25519"),
    NO_KEX_ROW("x448"),
    NO_KEX_ROW("ecdh-p256"),
    NO_KEX_ROW("ecdh-p384"),
    SM_ROW_END,
};

/* ---------------------------------------------------------------- engine */

static const char *lib_version(void)
{
  static char version[64];
  char full[64];
  kcapi_versionstring(full, sizeof full); /* "libkcapi 1.4.0" */
  const char *space = strrchr(full, ' ');
  snprintf(version, sizeof version, "%s", space != NULL ? space + 1 : full);
  return version;
}

static SmResult engine_init(const SmEngineConfig *config, char *msg, size_t msg_len)
{
  kcapi_set_verbosity(KCAPI_LOG_NONE); /* libkcapi logs to stderr otherwise */
  accel_mode = config != NULL ? config->accel : SM_ACCEL_ON;
  const char *refused = af_alg_refusal();
  if (refused != NULL)
    return sm_msg(SM_OK, msg, msg_len, "%s: every cell is unsupported", refused);
  return sm_msg(SM_OK, msg, msg_len, "%s",
                accel_mode == SM_ACCEL_OFF
                    ? "the kernel's portable drivers asked for by name (cbc(aes-generic), "
                      "sha256-generic, ...)"
                    : "the kernel picks its highest-priority driver (see /proc/crypto)");
}

/* No accel_off_env: the switch is the driver name, chosen in setup. */
SM_ENGINE_DESCRIPTOR(engine, "kcapi", "libkcapi", lib_version, engine_init, NULL, NULL,
                     "libkcapi handles made and keyed once per cell (kcapi_cipher_*, "
                     "kcapi_aead_*, kcapi_md_*): one AF_ALG operation per call",
                     "libkcapi's one-shot calls (kcapi_cipher_enc_aes_cbc, kcapi_md_sha256, "
                     "kcapi_md_hmac_sha256, ...): a kernel transform opened per call",
                     algorithms);

/* Where the kernel refuses AF_ALG, the engine answers with the same rows but no level offered,
 * each giving the kernel's reason: the plan then knows before anything runs that every cell is
 * unsupported (it does not ask the probes, so an engine whose probes all refuse would still be
 * counted as able to run the cells). */
static SmAlgorithm refused_algorithms[sizeof algorithms / sizeof algorithms[0]];
static SmEngine refused_engine;

SM_ENGINE_EXPORT const SmEngine *speedmatrix_engine(void)
{
  const char *refused = af_alg_refusal();
  if (refused == NULL)
    return &engine;
  if (refused_engine.name == NULL) {
    for (size_t i = 0; algorithms[i].name != NULL; i++) {
      SmAlgorithm *row = &refused_algorithms[i];
      *row = (SmAlgorithm){.name = algorithms[i].name, .kind = algorithms[i].kind};
      for (unsigned api = 0; api < SM_API_COUNT; api++)
        row->why_not[api] = algorithms[i].impl[api] != NULL ? refused : algorithms[i].why_not[api];
    }
    refused_engine = engine;
    refused_engine.algorithms = refused_algorithms;
  }
  return &refused_engine;
}

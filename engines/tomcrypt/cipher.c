/* libtomcrypt engine: ciphers. evp: the block-cipher modes over cipher_descriptor[] (cbc_*,
 * ctr_*, xts_*; one mode object streams across calls); low: the stream ciphers' typed states
 * (chacha_*, rc4_stream_*), which have no descriptor. */
#include "tomcrypt-engine.h"

/* ---- evp: block-cipher modes over a cipher descriptor index ---- */

typedef struct ModeState ModeState;

/* What a mode row calls: its start (on the descriptor found in setup) and its done. */
typedef int ModeStartFn(ModeState *s, int idx, const SmParams *params);
typedef void ModeDoneFn(ModeState *s);

typedef struct {
  const char *cipher; /* find_cipher name */
  ModeStartFn *start;
  ModeDoneFn *done;
} ModeRow;

struct ModeState {
  union {
    symmetric_CBC cbc;
    symmetric_CTR ctr;
    symmetric_xts xts;
  } u;
  const ModeRow *started; /* the row whose done undoes the start; NULL until it succeeded */
  uint8_t tweak[16];      /* XTS: every call is one data unit under this tweak */
  uint8_t work[16];       /* ... copied here, since xts_encrypt takes it non-const */
};

static int cbc_begin(ModeState *s, int idx, const SmParams *params)
{
  return cbc_start(idx, sm_bytes_or_empty(params->iv), sm_bytes_or_empty(params->key),
                   (int)params->key.len, 0, &s->u.cbc);
}

static int ctr_begin(ModeState *s, int idx, const SmParams *params)
{
  return ctr_start(idx, sm_bytes_or_empty(params->iv), sm_bytes_or_empty(params->key),
                   (int)params->key.len, 0, CTR_COUNTER_BIG_ENDIAN, &s->u.ctr);
}

/* XTS: the key is the two halves, the IV the tweak. */
static int xts_begin(ModeState *s, int idx, const SmParams *params)
{
  const uint8_t *key = sm_bytes_or_empty(params->key);
  unsigned long half = (unsigned long)params->key.len / 2;
  memcpy(s->tweak, params->iv.data, sizeof s->tweak);
  return xts_start(idx, key, key + half, half, 0, &s->u.xts);
}

static void cbc_end(ModeState *s) { cbc_done(&s->u.cbc); }
static void ctr_end(ModeState *s) { ctr_done(&s->u.ctr); }
static void xts_end(ModeState *s) { xts_done(&s->u.xts); }

static void mode_teardown(void *state)
{
  ModeState *s = state;
  if (s->started != NULL)
    s->started->done(s);
  free(s);
}

static SmResult mode_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  ModeState *s = state;
  const ModeRow *row = params->impl_data;
  int idx = find_cipher(row->cipher);
  if (idx < 0)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "find_cipher(\"%s\") found no descriptor",
                  row->cipher);
  if (!fits_int(params->key.len) || params->iv.len != (size_t)cipher_descriptor[idx].block_length)
    return sm_msg(SM_FAILED, msg, msg_len, "%s takes a %d-byte IV", row->cipher,
                  cipher_descriptor[idx].block_length);
  int err = row->start(s, idx, params);
  if (err != CRYPT_OK) /* a failed start leaves no schedule to undo */
    return ltc_fail(SM_FAILED, msg, msg_len, "starting the mode", err);
  s->started = row;
  return SM_OK;
}

SM_DEFINE_SETUP(mode_setup, ModeState, mode_fill, mode_teardown)

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

/* ---- low: ChaCha20 and RC4, typed stream states ---- */

typedef struct StreamState StreamState;

/* What a stream row calls: keying, one run over the stream, and done, on its typed state. */
typedef int StreamStartFn(StreamState *s, const uint8_t *key, size_t key_len, const uint8_t *iv);
typedef int StreamCryptFn(StreamState *s, const uint8_t *in, unsigned long len, uint8_t *out);
typedef void StreamDoneFn(StreamState *s);

typedef struct {
  size_t key_len, iv_len; /* 0: any length */
  StreamStartFn *start;
  StreamCryptFn *crypt;
  StreamDoneFn *done;
} StreamRow;

struct StreamState {
  union {
    chacha_state chacha;
    rc4_state rc4;
  } u;
  const StreamRow *started; /* NULL until the start succeeded */
};

/* iv = 32-bit little-endian counter || 96-bit nonce */
static int chacha_begin(StreamState *s, const uint8_t *key, size_t key_len, const uint8_t *iv)
{
  int err = chacha_setup(&s->u.chacha, key, key_len, 20);
  return err != CRYPT_OK ? err : chacha_ivctr32(&s->u.chacha, iv + 4, 12, sm_load_le32(iv));
}

static int chacha_run(StreamState *s, const uint8_t *in, unsigned long len, uint8_t *out)
{
  return chacha_crypt(&s->u.chacha, in, len, out);
}

static void chacha_end(StreamState *s) { chacha_done(&s->u.chacha); }

static int rc4_begin(StreamState *s, const uint8_t *key, size_t key_len, const uint8_t *iv)
{
  (void)iv;
  return rc4_stream_setup(&s->u.rc4, key, key_len);
}

static int rc4_run(StreamState *s, const uint8_t *in, unsigned long len, uint8_t *out)
{
  return rc4_stream_crypt(&s->u.rc4, in, len, out);
}

static void rc4_end(StreamState *s) { rc4_stream_done(&s->u.rc4); }

static void stream_teardown(void *state)
{
  StreamState *s = state;
  if (s->started != NULL)
    s->started->done(s);
  free(s);
}

static SmResult stream_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  StreamState *s = state;
  const StreamRow *row = params->impl_data;
  if (row->key_len != 0 && params->key.len != row->key_len)
    return sm_msg(SM_FAILED, msg, msg_len, "a %zu-byte key is needed", row->key_len);
  if (row->iv_len != 0 && params->iv.len != row->iv_len)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "unexpected nonce or tag length");
  int err =
      row->start(s, sm_bytes_or_empty(params->key), params->key.len, sm_bytes_or_empty(params->iv));
  if (err != CRYPT_OK)
    return ltc_fail(SM_FAILED, msg, msg_len, "keying", err);
  s->started = row;
  return SM_OK;
}

SM_DEFINE_SETUP(stream_setup, StreamState, stream_fill, stream_teardown)

static SmResult stream_op(void *state, SmIo *io)
{
  StreamState *s = state;
  if (io->out_len < io->in_len || s->started->crypt(s, io->in, io->in_len, io->out) != CRYPT_OK)
    return SM_FAILED;
  return sm_output(io, io->in_len);
}

/* ---- the rows ---- */

#define WHY_MODE                                                                                   \
  "libtomcrypt's modes (cbc_*, ctr_*, xts_*) run over a cipher descriptor index: no typed form"
#define WHY_STREAM                                                                                 \
  "libtomcrypt has no descriptor for stream ciphers (chacha_*, rc4_stream_* are typed only; "      \
  "rc4_desc is a PRNG)"

#define MODE_ROW(n, enc_fn, dec_fn, cipher, mode)                                                  \
  SM_ROW_EVP_ONLY(n, SM_KIND_CIPHER,                                                               \
                  (&(const SmImpl)SM_IMPL_CIPHER(                                                  \
                      mode_setup, mode_teardown,                                                   \
                      (&(const ModeRow){cipher, mode##_begin, mode##_end}), enc_fn, dec_fn)),      \
                  WHY_MODE)
#define CBC_ROW(n, cipher) MODE_ROW(n, cbc_encrypt_op, cbc_decrypt_op, cipher, cbc)
#define CTR_ROW(n, cipher) MODE_ROW(n, ctr_crypt_op, ctr_crypt_op, cipher, ctr)
#define XTS_ROW(n, cipher) MODE_ROW(n, xts_encrypt_op, xts_decrypt_op, cipher, xts)
#define STREAM_ROW(n, key_len, iv_len, stream)                                                     \
  SM_ROW_LOW_ONLY(                                                                                 \
      n, SM_KIND_CIPHER,                                                                           \
      (&(const SmImpl)SM_IMPL_CIPHER(                                                              \
          stream_setup, stream_teardown,                                                           \
          (&(const StreamRow){key_len, iv_len, stream##_begin, stream##_run, stream##_end}),       \
          stream_op, stream_op)),                                                                  \
      WHY_STREAM)

const SmAlgorithm cipher_rows[] = {
    CBC_ROW("aes-128-cbc", "aes"),
    CBC_ROW("aes-192-cbc", "aes"),
    CBC_ROW("aes-256-cbc", "aes"),
    CTR_ROW("aes-128-ctr", "aes"),
    CTR_ROW("aes-192-ctr", "aes"),
    CTR_ROW("aes-256-ctr", "aes"),
    XTS_ROW("aes-128-xts", "aes"),
    XTS_ROW("aes-256-xts", "aes"),
    STREAM_ROW("chacha20", 32, 16, chacha),
    CBC_ROW("camellia-128-cbc", "camellia"),
    CBC_ROW("twofish-cbc", "twofish"),
    CBC_ROW("cast5-cbc", "cast5"),
    CBC_ROW("bf-cbc", "blowfish"),
    CBC_ROW("rc2-cbc", "rc2"),
    CBC_ROW("des-cbc", "des"),
    CBC_ROW("des-ede3-cbc", "3des"),
    STREAM_ROW("rc4", 0, 0, rc4),
    SM_ROW_END,
};

/* GnuTLS engine: ciphers (gnutls_cipher_*), evp only, and their rows. */

#include "gnutls-engine.h"

typedef struct {
  gnutls_cipher_algorithm_t algo;
  bool xts; /* the tweak is set again before every call: one data unit per call */
} CipherRow;

/* gnutls_cipher_encrypt2 or gnutls_cipher_decrypt2: the state keeps the one its direction calls. */
typedef int GnutlsCryptFn(gnutls_cipher_hd_t handle, const void *in, size_t in_len, void *out,
                          size_t out_len);

typedef struct {
  gnutls_cipher_hd_t
      hd; /* gnutls_cipher_init (and gnutls_aead_cipher_init) set it on success only */
  GnutlsCryptFn *crypt;
  uint8_t iv[16];
  size_t iv_len;
  SmStreamCarry chacha_carry; /* chacha20: the unused end of the last block */
} CipherState;

static void cipher_teardown(void *state)
{
  CipherState *cs = state;
  if (cs->hd != NULL)
    gnutls_cipher_deinit(cs->hd);
  free(cs);
}

static SmResult cipher_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  CipherState *cs = state;
  const CipherRow *row = params->impl_data;
  if (params->iv.len > sizeof cs->iv)
    return sm_msg(SM_FAILED, msg, msg_len, "iv of %zu bytes is too long", params->iv.len);
  gnutls_datum_t key = datum(params->key), iv = datum(params->iv);
  int err = gnutls_cipher_init(&cs->hd, row->algo, &key, params->iv.len > 0 ? &iv : NULL);
  if (err < 0)
    return gt_setup_result(err, gnutls_cipher_get_name(row->algo), msg, msg_len);
  memcpy(cs->iv, iv.data, params->iv.len);
  cs->iv_len = params->iv.len;
  cs->chacha_carry = sm_stream_carry(64);
  cs->crypt = params->op == SM_OP_DECRYPT ? gnutls_cipher_decrypt2 : gnutls_cipher_encrypt2;
  return SM_OK;
}

SM_DEFINE_SETUP(cipher_setup, CipherState, cipher_fill, cipher_teardown)

static SmResult cipher_crypt(void *state, SmIo *io)
{
  CipherState *cs = state;
  if (io->out_len < io->in_len || cs->crypt(cs->hd, io->in, io->in_len, io->out, io->in_len) < 0)
    return SM_FAILED;
  io->out_len = io->in_len;
  return SM_OK;
}

/* XTS: every call is one data unit, so the tweak is set again first. */
static SmResult xts_crypt(void *state, SmIo *io)
{
  CipherState *cs = state;
  gnutls_cipher_set_iv(cs->hd, cs->iv, cs->iv_len);
  return cipher_crypt(state, io);
}

/* GnuTLS's CHACHA20_32 (Nettle's chacha_crypt32) drops the rest of a block's keystream at the
 * end of each call: sm_stream_crypt carries it to the next call. Encrypt = decrypt. */
static bool chacha20_blocks(void *state, size_t length, uint8_t *dst, const uint8_t *src)
{
  CipherState *cs = state;
  return gnutls_cipher_encrypt2(cs->hd, src, length, dst, length) >= 0;
}

static SmResult chacha20_crypt(void *state, SmIo *io)
{
  CipherState *cs = state;
  return sm_stream_crypt(cs, &cs->chacha_carry, chacha20_blocks, io);
}

/* ---------------------------------------------------------------- rows */

static const CipherRow aes128_cbc = {GNUTLS_CIPHER_AES_128_CBC, false};
static const CipherRow aes192_cbc = {GNUTLS_CIPHER_AES_192_CBC, false};
static const CipherRow aes256_cbc = {GNUTLS_CIPHER_AES_256_CBC, false};
static const CipherRow aes128_xts = {GNUTLS_CIPHER_AES_128_XTS, true};
static const CipherRow aes256_xts = {GNUTLS_CIPHER_AES_256_XTS, true};
/* CHACHA20_32 takes the catalogue's 16-byte iv as it is: LE 32-bit counter || 96-bit nonce */
static const CipherRow chacha20 = {GNUTLS_CIPHER_CHACHA20_32, false};
static const CipherRow camellia128_cbc = {GNUTLS_CIPHER_CAMELLIA_128_CBC, false};
static const CipherRow des_cbc = {GNUTLS_CIPHER_DES_CBC, false};
static const CipherRow des_ede3_cbc = {GNUTLS_CIPHER_3DES_CBC, false};
static const CipherRow rc4 = {GNUTLS_CIPHER_ARCFOUR_128, false};

/* clang-format off */
#define CIPHER(n, row) ROW_EVP(n, SM_KIND_CIPHER, SM_IMPL_CIPHER, \
    cipher_setup, cipher_teardown, &row, cipher_crypt, cipher_crypt)
#define XTS(n, row) ROW_EVP(n, SM_KIND_CIPHER, SM_IMPL_CIPHER, \
    cipher_setup, cipher_teardown, &row, xts_crypt, xts_crypt)
#define CHACHA20(n, row) ROW_EVP(n, SM_KIND_CIPHER, SM_IMPL_CIPHER, \
    cipher_setup, cipher_teardown, &row, chacha20_crypt, chacha20_crypt)
/* clang-format on */

/* The cipher rows, in the order `list` shows them. */
const SmAlgorithm cipher_rows[] = {
    CIPHER("aes-128-cbc", aes128_cbc),
    CIPHER("aes-192-cbc", aes192_cbc),
    CIPHER("aes-256-cbc", aes256_cbc),
    XTS("aes-128-xts", aes128_xts),
    XTS("aes-256-xts", aes256_xts),
    CHACHA20("chacha20", chacha20),
    CIPHER("camellia-128-cbc", camellia128_cbc),
    CIPHER("des-cbc", des_cbc),
    CIPHER("des-ede3-cbc", des_ede3_cbc),
    CIPHER("rc4", rc4),
    SM_ROW_END,
};

/* libsodium engine: the bare ChaCha20 stream (crypto_stream_chacha20_ietf_xor_ic). */

#include "sodium-engine.h"

/* chacha20 is stateless in libsodium: the state keeps the block counter and the rest of a
 * part-used keystream block so calls of any length stream; a counter wrap carries into the
 * first nonce word, as OpenSSL does. */

enum { CHACHA_BLOCK = 64 };

typedef struct {
  unsigned char key[crypto_stream_chacha20_ietf_KEYBYTES];
  unsigned char nonce[crypto_stream_chacha20_ietf_NONCEBYTES];
  uint32_t counter;                      /* the next block to generate */
  unsigned char keystream[CHACHA_BLOCK]; /* the last generated block, for a call ending mid-block */
  size_t keystream_used;                 /* bytes of it consumed; CHACHA_BLOCK when none left */
} ChachaState;

/* OpenSSL's layout carries a 32-bit counter wrap into the first nonce word. */
static void chacha_advance(ChachaState *s, uint64_t blocks)
{
  uint64_t next = (uint64_t)s->counter + blocks;
  s->counter = (uint32_t)next;
  if (next >> 32)
    sm_store_le32(s->nonce, sm_load_le32(s->nonce) + 1);
}

static SmResult chacha20_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  ChachaState *s = state;
  if (params->key.len != crypto_stream_chacha20_ietf_KEYBYTES || params->iv.len != 16)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "chacha20 needs a 32-byte key and a 16-byte iv");
  memcpy(s->key, params->key.data, sizeof s->key);
  s->counter = sm_load_le32(params->iv.data);
  memcpy(s->nonce, params->iv.data + 4, sizeof s->nonce);
  s->keystream_used = CHACHA_BLOCK;
  return SM_OK;
}

SM_DEFINE_SETUP(chacha20_setup, ChachaState, chacha20_fill, free)

static SmResult chacha20_xor(void *state, SmIo *io)
{
  ChachaState *s = state;
  const unsigned char *in = io->in;
  unsigned char *out = io->out;
  size_t len = io->in_len;
  if (io->out_len < len)
    return SM_FAILED;
  while (len > 0 && s->keystream_used < CHACHA_BLOCK) {
    *out++ = *in++ ^ s->keystream[s->keystream_used++];
    len--;
  }
  while (len >= CHACHA_BLOCK) {
    uint64_t blocks = len / CHACHA_BLOCK;
    uint64_t before_wrap = ((uint64_t)1 << 32) - s->counter;
    if (blocks > before_wrap) /* libsodium aborts on a counter overflow: stop at the wrap */
      blocks = before_wrap;
    size_t bytes = (size_t)blocks * CHACHA_BLOCK;
    crypto_stream_chacha20_ietf_xor_ic(out, in, bytes, s->nonce, s->counter, s->key);
    chacha_advance(s, blocks);
    in += bytes;
    out += bytes;
    len -= bytes;
  }
  if (len > 0) {
    memset(s->keystream, 0, sizeof s->keystream);
    crypto_stream_chacha20_ietf_xor_ic(s->keystream, s->keystream, CHACHA_BLOCK, s->nonce,
                                       s->counter, s->key);
    chacha_advance(s, 1);
    for (size_t i = 0; i < len; i++)
      out[i] = in[i] ^ s->keystream[i];
    s->keystream_used = len;
  }
  io->out_len = io->in_len;
  return SM_OK;
}

static const SmImpl chacha20_evp =
    SM_IMPL_CIPHER(chacha20_setup, free, NULL, chacha20_xor, chacha20_xor);

/* The cipher rows, in the order `list` shows them. */
const SmAlgorithm cipher_rows[] = {
    SM_ROW_EVP_ONLY("chacha20", SM_KIND_CIPHER, &chacha20_evp,
                    "libsodium's chacha20 is the one stateless crypto_stream_chacha20_ietf_xor_ic "
                    "call (the evp row); it has no state API"),
    SM_ROW_END,
};

/* BearSSL engine: ciphers (AES-CBC/CTR, DES/3DES-CBC, ChaCha20). Both levels key and run the
 * block-cipher classes; the row says which: evp the class init chose like BearSSL's defaults,
 * low the named implementation's. */
#include "bearssl-engine.h"

/* What a cipher row calls: its classes (CBC, CTR) or its ChaCha20 run, each through a getter. */
typedef struct {
  size_t key_len, iv_len;
  size_t block; /* CBC: the cipher's block; counter modes: the keystream block */
  const br_block_cbcenc_class *(*cbcenc)(void);
  const br_block_cbcdec_class *(*cbcdec)(void);
  const br_block_ctr_class *(*ctr)(void);
  br_chacha20_run (*chacha)(void);
} CipherRow;

typedef struct {
  const CipherRow *row;
  union { /* each member starts with its class pointer: the context a class keys */
    const br_block_cbcenc_class *cbcenc;
    const br_block_cbcdec_class *cbcdec;
    const br_block_ctr_class *ctr;
    br_aes_gen_cbcenc_keys aes_cbcenc;
    br_aes_gen_cbcdec_keys aes_cbcdec;
    br_aes_gen_ctr_keys aes_ctr;
    br_des_gen_cbcenc_keys des_cbcenc;
    br_des_gen_cbcdec_keys des_cbcdec;
  } keys;
  br_chacha20_run chacha;
  unsigned char key[32]; /* ChaCha20 */
  unsigned char iv[16];  /* CBC: chains; CTR: the 12-byte prefix; ChaCha20: the 12-byte nonce */
  uint32_t counter;      /* CTR (big-endian in the block) and ChaCha20 (little-endian) */
  unsigned char keystream[64];
  size_t keystream_used; /* == block: none left */
} CipherState;

/* ---- the classes each level keys ---- */

static const br_block_cbcenc_class *chosen_cbcenc(void) { return chosen.cbcenc; }
static const br_block_cbcdec_class *chosen_cbcdec(void) { return chosen.cbcdec; }
const br_block_ctr_class *chosen_ctr(void) { return chosen.ctr; }
br_chacha20_run chosen_chacha(void) { return chosen.chacha; }

static const br_block_cbcenc_class *named_aes_cbcenc(void)
{
  return chosen.x86ni ? br_aes_x86ni_cbcenc_get_vtable() : &br_aes_ct64_cbcenc_vtable;
}

static const br_block_cbcdec_class *named_aes_cbcdec(void)
{
  return chosen.x86ni ? br_aes_x86ni_cbcdec_get_vtable() : &br_aes_ct64_cbcdec_vtable;
}

const br_block_ctr_class *named_aes_ctr(void)
{
  return chosen.x86ni ? br_aes_x86ni_ctr_get_vtable() : &br_aes_ct64_ctr_vtable;
}

static const br_block_cbcenc_class *des_cbcenc(void) { return &br_des_ct_cbcenc_vtable; }
static const br_block_cbcdec_class *des_cbcdec(void) { return &br_des_ct_cbcdec_vtable; }

br_chacha20_run named_chacha(void)
{
  return chosen.sse2 ? br_chacha20_sse2_get() : br_chacha20_ct_run;
}

/* ---- setup ---- */

static void cipher_teardown(void *state)
{
  memset(state, 0, sizeof(CipherState));
  free(state);
}

static SmResult cipher_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  CipherState *st = state;
  const CipherRow *row = st->row = params->impl_data;
  if (params->key.len != row->key_len || params->iv.len != row->iv_len)
    return sm_msg(SM_FAILED, msg, msg_len, "wants a %zu-byte key and a %zu-byte IV, got %zu/%zu",
                  row->key_len, row->iv_len, params->key.len, params->iv.len);
  const br_block_cbcenc_class *enc = row->cbcenc != NULL ? row->cbcenc() : NULL;
  const br_block_cbcdec_class *dec = row->cbcdec != NULL ? row->cbcdec() : NULL;
  const br_block_ctr_class *ctr = row->ctr != NULL ? row->ctr() : NULL;
  size_t context_size = enc != NULL ? enc->context_size : ctr != NULL ? ctr->context_size : 0;
  if (context_size > sizeof st->keys || (dec != NULL && dec->context_size > sizeof st->keys))
    return sm_msg(SM_FAILED, msg, msg_len, "the class's context outgrows this engine's");
  if (enc != NULL && params->op == SM_OP_ENCRYPT)
    enc->init(&st->keys.cbcenc, params->key.data, params->key.len);
  else if (dec != NULL)
    dec->init(&st->keys.cbcdec, params->key.data, params->key.len);
  if (enc != NULL) {
    memcpy(st->iv, params->iv.data, row->iv_len);
  } else if (ctr != NULL) {
    ctr->init(&st->keys.ctr, params->key.data, params->key.len);
    memcpy(st->iv, params->iv.data, 12);
    st->counter = sm_load_be32(params->iv.data + 12);
  } else {
    st->chacha = row->chacha();
    memcpy(st->key, params->key.data, 32);
    memcpy(st->iv, params->iv.data + 4, 12);
    st->counter = sm_load_le32(params->iv.data);
  }
  st->keystream_used = row->block;
  return SM_OK;
}

SM_DEFINE_SETUP(cipher_setup, CipherState, cipher_fill, cipher_teardown)

/* ---- CBC: whole blocks only (BearSSL's CBC takes nothing else) ---- */

static bool cbc_fits(const CipherState *st, const SmIo *io)
{
  return io->out_len >= io->in_len && io->in_len % st->row->block == 0;
}

static SmResult cbc_encrypt(void *state, SmIo *io)
{
  CipherState *st = state;
  if (!cbc_fits(st, io))
    return SM_FAILED;
  copy_in(io);
  st->keys.cbcenc->run(&st->keys.cbcenc, st->iv, io->out, io->in_len);
  return sm_output(io, io->in_len);
}

static SmResult cbc_decrypt(void *state, SmIo *io)
{
  CipherState *st = state;
  if (!cbc_fits(st, io))
    return SM_FAILED;
  copy_in(io);
  st->keys.cbcdec->run(&st->keys.cbcdec, st->iv, io->out, io->in_len);
  return sm_output(io, io->in_len);
}

/* ---- counter modes: stateless runs (counter in, counter out) made to stream ---- */

/* One call of a stateless counter-mode run: data in place, returns the next counter. */
typedef uint32_t CounterRunFn(CipherState *st, uint32_t counter, unsigned char *data, size_t len);

static uint32_t ctr_run(CipherState *st, uint32_t counter, unsigned char *data, size_t len)
{
  return st->keys.ctr->run(&st->keys.ctr, st->iv, counter, data, len);
}

static uint32_t chacha_run(CipherState *st, uint32_t counter, unsigned char *data, size_t len)
{
  return st->chacha(st->key, st->iv, counter, data, len);
}

/* The 32-bit counter wrapped: carry into the IV as a 128-bit counter would (AES: the 96-bit
 * big-endian prefix; ChaCha20: the first nonce word, as OpenSSL does). */
static void counter_carry(CipherState *st)
{
  if (st->row->chacha != NULL) {
    sm_store_le32(st->iv, sm_load_le32(st->iv) + 1);
    return;
  }
  for (int i = 11; i >= 0 && ++st->iv[i] == 0; i--)
    ;
}

/* Whole blocks at out (already holding the input), split where the counter wraps. */
static void counter_blocks(CipherState *st, CounterRunFn *run, unsigned char *out, size_t blocks)
{
  size_t block = st->row->block;
  while (blocks > 0) {
    uint64_t before_wrap = ((uint64_t)1 << 32) - st->counter;
    size_t now = (uint64_t)blocks > before_wrap ? (size_t)before_wrap : blocks;
    st->counter = run(st, st->counter, out, now * block);
    if (st->counter == 0)
      counter_carry(st);
    out += now * block;
    blocks -= now;
  }
}

static SmResult counter_stream(CipherState *st, CounterRunFn *run, SmIo *io)
{
  if (io->out_len < io->in_len)
    return SM_FAILED;
  size_t block = st->row->block;
  const unsigned char *in = io->in;
  unsigned char *out = io->out;
  size_t len = io->in_len;
  for (; len > 0 && st->keystream_used < block; len--)
    *out++ = *in++ ^ st->keystream[st->keystream_used++];
  size_t whole = len / block * block;
  if (whole > 0) {
    memcpy(out, in, whole);
    counter_blocks(st, run, out, whole / block);
    in += whole;
    out += whole;
    len -= whole;
  }
  if (len > 0) {
    memset(st->keystream, 0, sizeof st->keystream);
    counter_blocks(st, run, st->keystream, 1);
    for (size_t i = 0; i < len; i++)
      out[i] = in[i] ^ st->keystream[i];
    st->keystream_used = len;
  }
  return sm_output(io, io->in_len);
}

static SmResult ctr_crypt(void *state, SmIo *io) { return counter_stream(state, ctr_run, io); }
static SmResult chacha_crypt(void *state, SmIo *io)
{
  return counter_stream(state, chacha_run, io);
}

/* ---- what the impl column says ---- */

const char *aes_impl_name(const SmParams *params, void *state)
{
  (void)params;
  (void)state;
  return chosen.x86ni ? "aes_x86ni" : "aes_ct64";
}

static const char *des_impl_name(const SmParams *params, void *state)
{
  (void)params;
  (void)state;
  return "des_ct";
}

static const char *chacha_impl_name(const SmParams *params, void *state)
{
  (void)params;
  (void)state;
  return chosen.sse2 ? "chacha20_sse2" : "chacha20_ct";
}

/* ---- the rows ---- */

#define CIPHER_IMPL(enc_fn, dec_fn, name_fn, ...)                                                  \
  (&(const SmImpl){.setup = cipher_setup,                                                          \
                   .op = {[SM_OP_ENCRYPT] = (enc_fn), [SM_OP_DECRYPT] = (dec_fn)},                 \
                   .teardown = cipher_teardown,                                                    \
                   .data = &(const CipherRow){__VA_ARGS__},                                        \
                   .impl_name = (name_fn)})
#define CBC_IMPL(name_fn, key_len, iv_len, enc, dec)                                               \
  CIPHER_IMPL(cbc_encrypt, cbc_decrypt, name_fn, key_len, iv_len, iv_len, .cbcenc = (enc),         \
              .cbcdec = (dec))
#define AES_CBC_ROW(n, key_len)                                                                    \
  SM_ROW_BOTH(n, SM_KIND_CIPHER,                                                                   \
              CBC_IMPL(aes_impl_name, key_len, 16, chosen_cbcenc, chosen_cbcdec),                  \
              CBC_IMPL(aes_impl_name, key_len, 16, named_aes_cbcenc, named_aes_cbcdec))
#define DES_CBC_ROW(n, key_len)                                                                    \
  SM_ROW_BOTH(n, SM_KIND_CIPHER, CBC_IMPL(des_impl_name, key_len, 8, des_cbcenc, des_cbcdec),      \
              CBC_IMPL(des_impl_name, key_len, 8, des_cbcenc, des_cbcdec))
#define CTR_IMPL(key_len, ctr_class)                                                               \
  CIPHER_IMPL(ctr_crypt, ctr_crypt, aes_impl_name, key_len, 16, 16, .ctr = (ctr_class))
#define AES_CTR_ROW(n, key_len)                                                                    \
  SM_ROW_BOTH(n, SM_KIND_CIPHER, CTR_IMPL(key_len, chosen_ctr), CTR_IMPL(key_len, named_aes_ctr))
#define CHACHA_IMPL(run)                                                                           \
  CIPHER_IMPL(chacha_crypt, chacha_crypt, chacha_impl_name, 32, 16, 64, .chacha = (run))

const SmAlgorithm cipher_rows[] = {
    AES_CBC_ROW("aes-128-cbc", 16),
    AES_CBC_ROW("aes-192-cbc", 24),
    AES_CBC_ROW("aes-256-cbc", 32),
    AES_CTR_ROW("aes-128-ctr", 16),
    AES_CTR_ROW("aes-192-ctr", 24),
    AES_CTR_ROW("aes-256-ctr", 32),
    SM_ROW_BOTH("chacha20", SM_KIND_CIPHER, CHACHA_IMPL(chosen_chacha), CHACHA_IMPL(named_chacha)),
    DES_CBC_ROW("des-cbc", 8),
    DES_CBC_ROW("des-ede3-cbc", 24),
    SM_ROW_END,
};

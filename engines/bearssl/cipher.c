/* BearSSL engine: ciphers (AES-CBC/CTR, DES/3DES-CBC, ChaCha20). */
#include "bearssl-engine.h"

typedef enum { MODE_AES_CBC, MODE_AES_CTR, MODE_DES_CBC, MODE_CHACHA20 } CipherMode;

typedef struct {
  CipherMode mode;
  size_t key_len;
  SmApi api;
} CipherRow;

typedef struct {
  union {
    br_aes_gen_cbcenc_keys aes_cbcenc;
    br_aes_gen_cbcdec_keys aes_cbcdec;
    br_aes_gen_ctr_keys aes_ctr;
    br_des_gen_cbcenc_keys des_cbcenc;
    br_des_gen_cbcdec_keys des_cbcdec;
  } keys;
  const br_block_cbcenc_class **cbcenc; /* evp CBC: the vtable field of keys */
  const br_block_cbcdec_class **cbcdec;
  CipherMode mode;
  unsigned char key[32]; /* ChaCha20 */
  unsigned char iv[16];  /* CBC: chains; CTR: the 12-byte prefix; ChaCha20: the 12-byte nonce */
  uint32_t counter;      /* CTR (big-endian in the block) and ChaCha20 (little-endian) */
  size_t block;          /* keystream block: 16 (CTR) or 64 (ChaCha20) */
  unsigned char keystream[64];
  size_t keystream_used; /* == block: none left */
} CipherState;

static void cipher_teardown(void *state)
{
  if (state != NULL)
    memset(state, 0, sizeof(CipherState));
  free(state);
}

static void aes_cbc_keys(CipherState *st, bool evp, bool encrypt, const SmBytes *key)
{
  if (encrypt && evp) {
    chosen.cbcenc->init(&st->keys.aes_cbcenc.vtable, key->data, key->len);
    st->cbcenc = &st->keys.aes_cbcenc.vtable;
  } else if (!encrypt && evp) {
    chosen.cbcdec->init(&st->keys.aes_cbcdec.vtable, key->data, key->len);
    st->cbcdec = &st->keys.aes_cbcdec.vtable;
  } else if (encrypt && chosen.x86ni) {
    br_aes_x86ni_cbcenc_init(&st->keys.aes_cbcenc.c_x86ni, key->data, key->len);
  } else if (encrypt) {
    br_aes_ct64_cbcenc_init(&st->keys.aes_cbcenc.c_ct64, key->data, key->len);
  } else if (chosen.x86ni) {
    br_aes_x86ni_cbcdec_init(&st->keys.aes_cbcdec.c_x86ni, key->data, key->len);
  } else {
    br_aes_ct64_cbcdec_init(&st->keys.aes_cbcdec.c_ct64, key->data, key->len);
  }
}

static void des_cbc_keys(CipherState *st, bool evp, bool encrypt, const SmBytes *key)
{
  if (encrypt && evp) {
    br_des_ct_cbcenc_vtable.init(&st->keys.des_cbcenc.vtable, key->data, key->len);
    st->cbcenc = &st->keys.des_cbcenc.vtable;
  } else if (evp) {
    br_des_ct_cbcdec_vtable.init(&st->keys.des_cbcdec.vtable, key->data, key->len);
    st->cbcdec = &st->keys.des_cbcdec.vtable;
  } else if (encrypt) {
    br_des_ct_cbcenc_init(&st->keys.des_cbcenc.ct, key->data, key->len);
  } else {
    br_des_ct_cbcdec_init(&st->keys.des_cbcdec.c_ct, key->data, key->len);
  }
}

static void cipher_keys(CipherState *st, const CipherRow *row, const SmParams *params)
{
  bool evp = row->api == SM_API_EVP, encrypt = params->op == SM_OP_ENCRYPT;
  switch (row->mode) {
  case MODE_AES_CBC:
    aes_cbc_keys(st, evp, encrypt, &params->key);
    memcpy(st->iv, params->iv.data, 16);
    break;
  case MODE_DES_CBC:
    des_cbc_keys(st, evp, encrypt, &params->key);
    memcpy(st->iv, params->iv.data, 8);
    break;
  case MODE_AES_CTR:
    if (evp)
      chosen.ctr->init(&st->keys.aes_ctr.vtable, params->key.data, params->key.len);
    else if (chosen.x86ni)
      br_aes_x86ni_ctr_init(&st->keys.aes_ctr.c_x86ni, params->key.data, params->key.len);
    else
      br_aes_ct64_ctr_init(&st->keys.aes_ctr.c_ct64, params->key.data, params->key.len);
    memcpy(st->iv, params->iv.data, 12);
    st->counter = sm_load_be32(params->iv.data + 12);
    st->block = 16;
    break;
  case MODE_CHACHA20:
    memcpy(st->key, params->key.data, 32);
    memcpy(st->iv, params->iv.data + 4, 12);
    st->counter = sm_load_le32(params->iv.data);
    st->block = 64;
    break;
  }
  st->keystream_used = st->block;
}

static SmResult cipher_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const CipherRow *row = params->impl_data;
  size_t iv_len = row->mode == MODE_DES_CBC ? 8 : 16;
  if (params->key.len != row->key_len || params->iv.len != iv_len)
    return sm_msg(SM_FAILED, msg, msg_len, "wants a %zu-byte key and a %zu-byte IV, got %zu/%zu",
                  row->key_len, iv_len, params->key.len, params->iv.len);
  CipherState *st = calloc(1, sizeof *st);
  if (st == NULL)
    return sm_out_of_memory(msg, msg_len);
  st->mode = row->mode;
  cipher_keys(st, row, params);
  *state = st;
  return SM_OK;
}

/* CBC: whole blocks only (BearSSL's CBC takes nothing else). */
static bool cbc_fits(const CipherState *st, const SmIo *io)
{
  size_t block = st->mode == MODE_DES_CBC ? 8 : 16;
  return io->out_len >= io->in_len && io->in_len % block == 0;
}

static SmResult cbc_encrypt_evp(void *state, SmIo *io)
{
  CipherState *st = state;
  if (!cbc_fits(st, io))
    return SM_FAILED;
  copy_in(io);
  (*st->cbcenc)->run(st->cbcenc, st->iv, io->out, io->in_len);
  return sm_output(io, io->in_len);
}

static SmResult cbc_decrypt_evp(void *state, SmIo *io)
{
  CipherState *st = state;
  if (!cbc_fits(st, io))
    return SM_FAILED;
  copy_in(io);
  (*st->cbcdec)->run(st->cbcdec, st->iv, io->out, io->in_len);
  return sm_output(io, io->in_len);
}

static SmResult aes_cbc_encrypt_low(void *state, SmIo *io)
{
  CipherState *st = state;
  if (!cbc_fits(st, io))
    return SM_FAILED;
  copy_in(io);
  if (chosen.x86ni)
    br_aes_x86ni_cbcenc_run(&st->keys.aes_cbcenc.c_x86ni, st->iv, io->out, io->in_len);
  else
    br_aes_ct64_cbcenc_run(&st->keys.aes_cbcenc.c_ct64, st->iv, io->out, io->in_len);
  return sm_output(io, io->in_len);
}

static SmResult aes_cbc_decrypt_low(void *state, SmIo *io)
{
  CipherState *st = state;
  if (!cbc_fits(st, io))
    return SM_FAILED;
  copy_in(io);
  if (chosen.x86ni)
    br_aes_x86ni_cbcdec_run(&st->keys.aes_cbcdec.c_x86ni, st->iv, io->out, io->in_len);
  else
    br_aes_ct64_cbcdec_run(&st->keys.aes_cbcdec.c_ct64, st->iv, io->out, io->in_len);
  return sm_output(io, io->in_len);
}

static SmResult des_cbc_encrypt_low(void *state, SmIo *io)
{
  CipherState *st = state;
  if (!cbc_fits(st, io))
    return SM_FAILED;
  copy_in(io);
  br_des_ct_cbcenc_run(&st->keys.des_cbcenc.ct, st->iv, io->out, io->in_len);
  return sm_output(io, io->in_len);
}

static SmResult des_cbc_decrypt_low(void *state, SmIo *io)
{
  CipherState *st = state;
  if (!cbc_fits(st, io))
    return SM_FAILED;
  copy_in(io);
  br_des_ct_cbcdec_run(&st->keys.des_cbcdec.c_ct, st->iv, io->out, io->in_len);
  return sm_output(io, io->in_len);
}

/* One call of a stateless counter-mode run: data in place, returns the next counter. */
typedef uint32_t (*CounterRunFn)(CipherState *st, uint32_t counter, unsigned char *data,
                                 size_t len);

static uint32_t ctr_run_evp(CipherState *st, uint32_t counter, unsigned char *data, size_t len)
{
  return st->keys.aes_ctr.vtable->run(&st->keys.aes_ctr.vtable, st->iv, counter, data, len);
}

static uint32_t ctr_run_low(CipherState *st, uint32_t counter, unsigned char *data, size_t len)
{
  return chosen.x86ni ? br_aes_x86ni_ctr_run(&st->keys.aes_ctr.c_x86ni, st->iv, counter, data, len)
                      : br_aes_ct64_ctr_run(&st->keys.aes_ctr.c_ct64, st->iv, counter, data, len);
}

static uint32_t chacha_run_evp(CipherState *st, uint32_t counter, unsigned char *data, size_t len)
{
  return chosen.chacha(st->key, st->iv, counter, data, len);
}

static uint32_t chacha_run_low(CipherState *st, uint32_t counter, unsigned char *data, size_t len)
{
  return chosen.sse2 ? br_chacha20_sse2_run(st->key, st->iv, counter, data, len)
                     : br_chacha20_ct_run(st->key, st->iv, counter, data, len);
}

/* The 32-bit counter wrapped: carry into the IV as a 128-bit counter would (AES: the 96-bit
 * big-endian prefix; ChaCha20: the first nonce word, as OpenSSL does). */
static void counter_carry(CipherState *st)
{
  if (st->mode == MODE_CHACHA20) {
    sm_store_le32(st->iv, sm_load_le32(st->iv) + 1);
    return;
  }
  for (int i = 11; i >= 0 && ++st->iv[i] == 0; i--)
    ;
}

/* Whole blocks at out (already holding the input), split where the counter wraps. */
static void counter_blocks(CipherState *st, CounterRunFn run, unsigned char *out, size_t blocks)
{
  while (blocks > 0) {
    uint64_t before_wrap = ((uint64_t)1 << 32) - st->counter;
    size_t now = (uint64_t)blocks > before_wrap ? (size_t)before_wrap : blocks;
    st->counter = run(st, st->counter, out, now * st->block);
    if (st->counter == 0)
      counter_carry(st);
    out += now * st->block;
    blocks -= now;
  }
}

static SmResult counter_stream(CipherState *st, CounterRunFn run, SmIo *io)
{
  if (io->out_len < io->in_len)
    return SM_FAILED;
  const unsigned char *in = io->in;
  unsigned char *out = io->out;
  size_t len = io->in_len;
  for (; len > 0 && st->keystream_used < st->block; len--)
    *out++ = *in++ ^ st->keystream[st->keystream_used++];
  size_t whole = len / st->block * st->block;
  if (whole > 0) {
    memcpy(out, in, whole);
    counter_blocks(st, run, out, whole / st->block);
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

static SmResult ctr_evp(void *state, SmIo *io) { return counter_stream(state, ctr_run_evp, io); }
static SmResult ctr_low(void *state, SmIo *io) { return counter_stream(state, ctr_run_low, io); }
static SmResult chacha_evp(void *state, SmIo *io)
{
  return counter_stream(state, chacha_run_evp, io);
}
static SmResult chacha_low(void *state, SmIo *io)
{
  return counter_stream(state, chacha_run_low, io);
}

static const char *cipher_impl_name(const SmParams *params, void *state)
{
  (void)state;
  static const char *const chacha[] = {"chacha20_ct", "chacha20_sse2"};
  switch (((const CipherRow *)params->impl_data)->mode) {
  case MODE_AES_CBC:
  case MODE_AES_CTR:
    return aes_name();
  case MODE_DES_CBC:
    return "des_ct";
  case MODE_CHACHA20:
    return chacha[chosen.sse2];
  }
  return NULL;
}

/* ---- the rows ---- */

#define CIPHER(mode, key_len, api, enc, dec)                                                       \
  {                                                                                                \
    .setup = cipher_setup, .op = {[SM_OP_ENCRYPT] = enc, [SM_OP_DECRYPT] = dec},                   \
    .teardown = cipher_teardown, .data = &(const CipherRow){mode, key_len, api},                   \
    .impl_name = cipher_impl_name,                                                                 \
  }
#define AES_CBC(key_len)                                                                           \
  {                                                                                                \
    CIPHER(MODE_AES_CBC, key_len, SM_API_EVP, cbc_encrypt_evp, cbc_decrypt_evp),                   \
        CIPHER(MODE_AES_CBC, key_len, SM_API_LOW, aes_cbc_encrypt_low, aes_cbc_decrypt_low)        \
  }
#define DES_CBC(key_len)                                                                           \
  {                                                                                                \
    CIPHER(MODE_DES_CBC, key_len, SM_API_EVP, cbc_encrypt_evp, cbc_decrypt_evp),                   \
        CIPHER(MODE_DES_CBC, key_len, SM_API_LOW, des_cbc_encrypt_low, des_cbc_decrypt_low)        \
  }
#define AES_CTR(key_len)                                                                           \
  {                                                                                                \
    CIPHER(MODE_AES_CTR, key_len, SM_API_EVP, ctr_evp, ctr_evp),                                   \
        CIPHER(MODE_AES_CTR, key_len, SM_API_LOW, ctr_low, ctr_low)                                \
  }

const SmImpl aes_cbc_impls[3][SM_API_COUNT] = {AES_CBC(16), AES_CBC(24), AES_CBC(32)};
const SmImpl aes_ctr_impls[3][SM_API_COUNT] = {AES_CTR(16), AES_CTR(24), AES_CTR(32)};
const SmImpl des_cbc_impls[2][SM_API_COUNT] = {DES_CBC(8), DES_CBC(24)};
const SmImpl chacha20_impls[SM_API_COUNT] = {
    CIPHER(MODE_CHACHA20, 32, SM_API_EVP, chacha_evp, chacha_evp),
    CIPHER(MODE_CHACHA20, 32, SM_API_LOW, chacha_low, chacha_low)};

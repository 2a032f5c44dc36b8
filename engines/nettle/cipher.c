/* Nettle engine: block and stream ciphers, through nettle-meta (evp) and the typed calls (low). */

#include "nettle-engine.h"

/* ------------------------------------------------------------------------------------------ */
/* evp: block ciphers through struct nettle_cipher and the generic modes                      */

typedef enum { MODE_CBC, MODE_CTR, MODE_XTS } Mode;

typedef struct {
  const struct nettle_cipher *cipher;
  void *tweak_ctx;       /* XTS: the tweak key (always an encryption schedule), after ctx */
  uint8_t iv[MAX_BLOCK]; /* CBC chaining value, CTR counter block or XTS tweak */
  SmStreamCarry carry;   /* CTR */
  max_align_t ctx[];     /* context_size bytes: the data key schedule; XTS: then the tweak key */
} MetaCipher;

/* A row of the evp cipher table: the descriptor and the generic mode it runs in. */
typedef struct {
  const struct nettle_cipher *cipher;
  Mode mode;
} MetaCipherRow;

ROW_NAME_GETTER(meta_cipher_impl_name, MetaCipherRow, cipher->name)

/* Context sizes are struct sizes, hence multiples of their alignment: two fit back to back. */
static size_t meta_cipher_ctx_size(const MetaCipherRow *row)
{
  return (row->mode == MODE_XTS ? 2u : 1u) * row->cipher->context_size;
}

static SmResult meta_cipher_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  MetaCipher *s = state;
  const MetaCipherRow *row = params->impl_data;
  const struct nettle_cipher *cipher = row->cipher;
  Mode mode = row->mode;
  size_t key_len = mode == MODE_XTS ? 2u * cipher->key_size : cipher->key_size;
  if (params->key.len != key_len)
    return fail_len(msg, msg_len, "key", params->key.len, key_len);
  if (cipher->block_size == 0 || cipher->block_size > MAX_BLOCK)
    return sm_msg(SM_FAILED, msg, msg_len, "%s: unexpected block size %u", cipher->name,
                  cipher->block_size);
  if (params->iv.len != cipher->block_size)
    return fail_len(msg, msg_len, "iv", params->iv.len, cipher->block_size);
  s->cipher = cipher;
  if (mode == MODE_XTS)
    s->tweak_ctx = (uint8_t *)s->ctx + cipher->context_size;
  /* CTR only ever runs the forward cipher. */
  bool decrypt_key = params->op == SM_OP_DECRYPT && mode != MODE_CTR;
  nettle_set_key_func *set_key = decrypt_key ? cipher->set_decrypt_key : cipher->set_encrypt_key;
  set_key(s->ctx, params->key.data);
  if (mode == MODE_XTS)
    cipher->set_encrypt_key(s->tweak_ctx, params->key.data + cipher->key_size);
  memcpy(s->iv, params->iv.data, cipher->block_size);
  s->carry = sm_stream_carry(cipher->block_size);
  return SM_OK;
}

SIZED_SETUP(meta_cipher_setup, MetaCipher, MetaCipherRow, meta_cipher_ctx_size, meta_cipher_fill,
            free)

static SmResult meta_cbc_encrypt(void *state, SmIo *io)
{
  MetaCipher *s = state;
  if (!bulk_io(io, s->cipher->block_size))
    return SM_FAILED;
  cbc_encrypt(s->ctx, s->cipher->encrypt, s->cipher->block_size, s->iv, io->in_len, io->out,
              io->in);
  return SM_OK;
}

static SmResult meta_cbc_decrypt(void *state, SmIo *io)
{
  MetaCipher *s = state;
  if (!bulk_io(io, s->cipher->block_size))
    return SM_FAILED;
  cbc_decrypt(s->ctx, s->cipher->decrypt, s->cipher->block_size, s->iv, io->in_len, io->out,
              io->in);
  return SM_OK;
}

static bool meta_ctr_keystream(void *state, size_t length, uint8_t *dst, const uint8_t *src)
{
  MetaCipher *s = state;
  ctr_crypt(s->ctx, s->cipher->encrypt, s->cipher->block_size, s->iv, length, dst, src);
  return true;
}

static SmResult meta_ctr_encrypt(void *state, SmIo *io)
{
  MetaCipher *s = state;
  return sm_stream_crypt(s, &s->carry, meta_ctr_keystream, io);
}

/* CTR decrypts by encrypting. */
static SmResult meta_ctr_decrypt(void *state, SmIo *io) { return meta_ctr_encrypt(state, io); }

static SmResult meta_xts_encrypt(void *state, SmIo *io)
{
  MetaCipher *s = state;
  if (io->in_len < XTS_BLOCK_SIZE || io->out_len < io->in_len)
    return SM_FAILED;
  xts_encrypt_message(s->ctx, s->tweak_ctx, s->cipher->encrypt, s->iv, io->in_len, io->out, io->in);
  return sm_output(io, io->in_len);
}

static SmResult meta_xts_decrypt(void *state, SmIo *io)
{
  MetaCipher *s = state;
  if (io->in_len < XTS_BLOCK_SIZE || io->out_len < io->in_len)
    return SM_FAILED;
  xts_decrypt_message(s->ctx, s->tweak_ctx, s->cipher->decrypt, s->cipher->encrypt, s->iv,
                      io->in_len, io->out, io->in);
  return sm_output(io, io->in_len);
}

#define META_CIPHER(desc, mode, ops)                                                               \
  FAT_IMPL(                                                                                        \
      meta_cipher_setup, free, (&(const MetaCipherRow){&(desc), mode}),                            \
      meta_cipher_impl_name, [SM_OP_ENCRYPT] = ops##_encrypt, [SM_OP_DECRYPT] = ops##_decrypt)

/* ------------------------------------------------------------------------------------------ */
/* low: CBC over the typed block ciphers                                                       */

/* Nettle's CBC_ENCRYPT/CBC_DECRYPT are cbc_encrypt/cbc_decrypt over the cipher's typed block
 * function, the function its nettle-meta descriptor holds: so a low CBC row is that descriptor
 * (or one of ours, below, where Nettle has none) and, for AES, the dedicated fat-dispatched
 * cbc_aesN_encrypt. One setup and two ops serve every row. */
typedef void LowCbcEncryptFn(const void *ctx, uint8_t *iv, size_t length, uint8_t *dst,
                             const uint8_t *src);

typedef struct {
  const struct nettle_cipher *cipher;
  LowCbcEncryptFn *cbc_encrypt; /* NULL: cbc_encrypt over cipher->encrypt */
} LowCbcRow;

ROW_NAME_GETTER(low_cbc_impl_name, LowCbcRow, cipher->name)

static void aes128_cbc_encrypt(const void *ctx, uint8_t *iv, size_t length, uint8_t *dst,
                               const uint8_t *src)
{
  cbc_aes128_encrypt(ctx, iv, length, dst, src);
}

static void aes192_cbc_encrypt(const void *ctx, uint8_t *iv, size_t length, uint8_t *dst,
                               const uint8_t *src)
{
  cbc_aes192_encrypt(ctx, iv, length, dst, src);
}

static void aes256_cbc_encrypt(const void *ctx, uint8_t *iv, size_t length, uint8_t *dst,
                               const uint8_t *src)
{
  cbc_aes256_encrypt(ctx, iv, length, dst, src);
}

/* Weak DES/Blowfish keys are only flagged by the return value and still scheduled; Nettle's own
 * descriptors and OpenSSL accept them too, so outputs stay comparable. Nettle has no descriptor
 * for these three: ours, with each typed call behind the exact nettle-meta signature. */
static void des_key(void *ctx, const uint8_t *key) { (void)des_set_key(ctx, key); }
static void des3_key(void *ctx, const uint8_t *key) { (void)des3_set_key(ctx, key); }
static void blowfish_key(void *ctx, const uint8_t *key) { (void)blowfish128_set_key(ctx, key); }

#define BLOCK_FN(name, typed)                                                                      \
  static void name(const void *ctx, size_t length, uint8_t *dst, const uint8_t *src)               \
  {                                                                                                \
    typed(ctx, length, dst, src);                                                                  \
  }
BLOCK_FN(des_encrypt_block, des_encrypt)
BLOCK_FN(des_decrypt_block, des_decrypt)
BLOCK_FN(des3_encrypt_block, des3_encrypt)
BLOCK_FN(des3_decrypt_block, des3_decrypt)
BLOCK_FN(blowfish_encrypt_block, blowfish_encrypt)
BLOCK_FN(blowfish_decrypt_block, blowfish_decrypt)

static const struct nettle_cipher low_des = {
    "des",   sizeof(struct des_ctx), DES_BLOCK_SIZE,   DES_KEY_SIZE, des_key,
    des_key, des_encrypt_block,      des_decrypt_block};
static const struct nettle_cipher low_des3 = {
    "des3",   sizeof(struct des3_ctx), DES3_BLOCK_SIZE,   DES3_KEY_SIZE, des3_key,
    des3_key, des3_encrypt_block,      des3_decrypt_block};
static const struct nettle_cipher low_blowfish128 = {
    "blowfish128",          sizeof(struct blowfish_ctx),
    BLOWFISH_BLOCK_SIZE,    BLOWFISH128_KEY_SIZE,
    blowfish_key,           blowfish_key,
    blowfish_encrypt_block, blowfish_decrypt_block};

typedef struct {
  const LowCbcRow *row;
  uint8_t iv[MAX_BLOCK]; /* the chaining value */
  max_align_t ctx[];     /* cipher->context_size bytes */
} LowCbc;

static size_t low_cbc_ctx_size(const LowCbcRow *row) { return row->cipher->context_size; }

static SmResult low_cbc_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  LowCbc *s = state;
  const LowCbcRow *row = params->impl_data;
  const struct nettle_cipher *cipher = row->cipher;
  if (params->key.len != cipher->key_size)
    return fail_len(msg, msg_len, "key", params->key.len, cipher->key_size);
  if (params->iv.len != cipher->block_size || cipher->block_size > MAX_BLOCK)
    return fail_len(msg, msg_len, "iv", params->iv.len, cipher->block_size);
  s->row = row;
  if (params->op == SM_OP_DECRYPT)
    cipher->set_decrypt_key(s->ctx, params->key.data);
  else
    cipher->set_encrypt_key(s->ctx, params->key.data);
  memcpy(s->iv, params->iv.data, cipher->block_size);
  return SM_OK;
}

SIZED_SETUP(low_cbc_setup, LowCbc, LowCbcRow, low_cbc_ctx_size, low_cbc_fill, free)

static SmResult low_cbc_encrypt(void *state, SmIo *io)
{
  LowCbc *s = state;
  const struct nettle_cipher *cipher = s->row->cipher;
  if (!bulk_io(io, cipher->block_size))
    return SM_FAILED;
  if (s->row->cbc_encrypt != NULL)
    s->row->cbc_encrypt(s->ctx, s->iv, io->in_len, io->out, io->in);
  else
    cbc_encrypt(s->ctx, cipher->encrypt, cipher->block_size, s->iv, io->in_len, io->out, io->in);
  return SM_OK;
}

static SmResult low_cbc_decrypt(void *state, SmIo *io)
{
  LowCbc *s = state;
  const struct nettle_cipher *cipher = s->row->cipher;
  if (!bulk_io(io, cipher->block_size))
    return SM_FAILED;
  cbc_decrypt(s->ctx, cipher->decrypt, cipher->block_size, s->iv, io->in_len, io->out, io->in);
  return SM_OK;
}

#define LOW_CBC(desc, dedicated_encrypt)                                                           \
  FAT_IMPL(                                                                                        \
      low_cbc_setup, free, (&(const LowCbcRow){&(desc), dedicated_encrypt}),                       \
      low_cbc_impl_name, [SM_OP_ENCRYPT] = low_cbc_encrypt, [SM_OP_DECRYPT] = low_cbc_decrypt)

/* Low AES-CTR: the typed key schedule and CTR_CRYPT over the typed aesN_encrypt, per key
 * size; the carry keeps a part-used keystream block between calls. */
typedef void LowCtrKeyFn(void *ctr, const uint8_t *key, const uint8_t *iv);

typedef struct {
  size_t key_size, state_size;
  LowCtrKeyFn *key;
  SmStreamBlocksFn *keystream;
  const char *name; /* what the fat dispatch is asked about (impl column) */
} LowCtrRow;

ROW_NAME_GETTER(low_ctr_impl_name, LowCtrRow, name)

typedef struct {
  const LowCtrRow *row;
  SmStreamCarry carry;
  max_align_t ctr[]; /* state_size bytes: Nettle's CTR_CTX */
} LowCtr;

static size_t low_ctr_ctx_size(const LowCtrRow *row) { return row->state_size; }

static SmResult low_ctr_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  LowCtr *s = state;
  const LowCtrRow *row = params->impl_data;
  if (params->key.len != row->key_size)
    return fail_len(msg, msg_len, "key", params->key.len, row->key_size);
  if (params->iv.len != AES_BLOCK_SIZE)
    return fail_len(msg, msg_len, "iv", params->iv.len, AES_BLOCK_SIZE);
  s->row = row;
  row->key(s->ctr, params->key.data, params->iv.data);
  s->carry = sm_stream_carry(AES_BLOCK_SIZE);
  return SM_OK;
}

SIZED_SETUP(low_ctr_setup, LowCtr, LowCtrRow, low_ctr_ctx_size, low_ctr_fill, free)

static SmResult low_ctr_crypt(void *state, SmIo *io)
{
  LowCtr *s = state;
  return sm_stream_crypt(s->ctr, &s->carry, s->row->keystream, io);
}

/* The typed calls of one AES key size, written once for 128, 192 and 256. */
#define AES_CTR_CALLS(bits)                                                                        \
  typedef struct CTR_CTX(struct aes##bits##_ctx, AES_BLOCK_SIZE) Aes##bits##Ctr;                   \
                                                                                                   \
  static void aes##bits##_ctr_key(void *ctr, const uint8_t *key, const uint8_t *iv)                \
  {                                                                                                \
    Aes##bits##Ctr *s = ctr;                                                                       \
    aes##bits##_set_encrypt_key(&s->ctx, key);                                                     \
    CTR_SET_COUNTER(s, iv);                                                                        \
  }                                                                                                \
                                                                                                   \
  static bool aes##bits##_ctr_keystream(void *ctr, size_t length, uint8_t *dst,                    \
                                        const uint8_t *src)                                        \
  {                                                                                                \
    Aes##bits##Ctr *s = ctr;                                                                       \
    CTR_CRYPT(s, aes##bits##_encrypt, length, dst, src);                                           \
    return true;                                                                                   \
  }

AES_CTR_CALLS(128)
AES_CTR_CALLS(192)
AES_CTR_CALLS(256)

#define LOW_AES_CTR(bits)                                                                          \
  FAT_IMPL(low_ctr_setup, free,                                                                    \
           (&(const LowCtrRow){AES##bits##_KEY_SIZE, sizeof(Aes##bits##Ctr), aes##bits##_ctr_key,  \
                               aes##bits##_ctr_keystream, "aes"}),                                 \
           low_ctr_impl_name, [SM_OP_ENCRYPT] = low_ctr_crypt, [SM_OP_DECRYPT] = low_ctr_crypt)

/* Low AES-XTS: the typed xts_aesN_* key schedule and message calls, per key size. */
typedef void LowXtsKeyFn(void *key, bool decrypt, const uint8_t *bytes);
typedef void LowXtsCryptFn(void *key, bool decrypt, const uint8_t *tweak, size_t length,
                           uint8_t *dst, const uint8_t *src);

typedef struct {
  size_t key_size, state_size; /* key_size: both halves */
  LowXtsKeyFn *key;
  LowXtsCryptFn *crypt;
  const char *name; /* what the fat dispatch is asked about (impl column) */
} LowXtsRow;

ROW_NAME_GETTER(low_xts_impl_name, LowXtsRow, name)

typedef struct {
  const LowXtsRow *row;
  bool decrypt;
  uint8_t tweak[XTS_BLOCK_SIZE];
  max_align_t key[]; /* state_size bytes: struct xts_aesN_key */
} LowXts;

static size_t low_xts_ctx_size(const LowXtsRow *row) { return row->state_size; }

static SmResult low_xts_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  LowXts *s = state;
  const LowXtsRow *row = params->impl_data;
  if (params->key.len != row->key_size)
    return fail_len(msg, msg_len, "key", params->key.len, row->key_size);
  if (params->iv.len != XTS_BLOCK_SIZE)
    return fail_len(msg, msg_len, "iv", params->iv.len, XTS_BLOCK_SIZE);
  s->row = row;
  s->decrypt = params->op == SM_OP_DECRYPT;
  row->key(s->key, s->decrypt, params->key.data);
  memcpy(s->tweak, params->iv.data, XTS_BLOCK_SIZE);
  return SM_OK;
}

SIZED_SETUP(low_xts_setup, LowXts, LowXtsRow, low_xts_ctx_size, low_xts_fill, free)

/* Every call is one data unit under the same tweak. */
static SmResult low_xts_crypt(void *state, SmIo *io)
{
  LowXts *s = state;
  if (io->in_len < XTS_BLOCK_SIZE || io->out_len < io->in_len)
    return SM_FAILED;
  s->row->crypt(s->key, s->decrypt, s->tweak, io->in_len, io->out, io->in);
  return sm_output(io, io->in_len);
}

/* The typed calls of one AES key size, written once for 128 and 256. */
#define AES_XTS_CALLS(bits)                                                                        \
  static void aes##bits##_xts_key(void *key, bool decrypt, const uint8_t *bytes)                   \
  {                                                                                                \
    if (decrypt)                                                                                   \
      xts_aes##bits##_set_decrypt_key(key, bytes);                                                 \
    else                                                                                           \
      xts_aes##bits##_set_encrypt_key(key, bytes);                                                 \
  }                                                                                                \
                                                                                                   \
  static void aes##bits##_xts_crypt(void *key, bool decrypt, const uint8_t *tweak, size_t length,  \
                                    uint8_t *dst, const uint8_t *src)                              \
  {                                                                                                \
    if (decrypt)                                                                                   \
      xts_aes##bits##_decrypt_message(key, tweak, length, dst, src);                               \
    else                                                                                           \
      xts_aes##bits##_encrypt_message(key, tweak, length, dst, src);                               \
  }

AES_XTS_CALLS(128)
AES_XTS_CALLS(256)

#define LOW_AES_XTS(bits)                                                                          \
  FAT_IMPL(low_xts_setup, free,                                                                    \
           (&(const LowXtsRow){2 * AES##bits##_KEY_SIZE, sizeof(struct xts_aes##bits##_key),       \
                               aes##bits##_xts_key, aes##bits##_xts_crypt, "aes"}),                \
           low_xts_impl_name, [SM_OP_ENCRYPT] = low_xts_crypt, [SM_OP_DECRYPT] = low_xts_crypt)

/* chacha20: iv = 32-bit little-endian block counter || 96-bit nonce (OpenSSL's layout). */
typedef struct {
  struct chacha_ctx ctx;
  SmStreamCarry carry;
} Chacha20;

static SmResult chacha20_low_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  Chacha20 *s = state;
  if (params->key.len != CHACHA_KEY_SIZE)
    return fail_len(msg, msg_len, "key", params->key.len, CHACHA_KEY_SIZE);
  if (params->iv.len != CHACHA_COUNTER32_SIZE + CHACHA_NONCE96_SIZE)
    return fail_len(msg, msg_len, "iv", params->iv.len,
                    CHACHA_COUNTER32_SIZE + CHACHA_NONCE96_SIZE);
  chacha_set_key(&s->ctx, params->key.data);
  chacha_set_nonce96(&s->ctx, params->iv.data + CHACHA_COUNTER32_SIZE); /* zeroes the counter */
  chacha_set_counter32(&s->ctx, params->iv.data);
  s->carry = sm_stream_carry(CHACHA_BLOCK_SIZE);
  return SM_OK;
}

SM_DEFINE_SETUP(chacha20_low_setup, Chacha20, chacha20_low_fill, free)

static bool chacha20_keystream(void *state, size_t length, uint8_t *dst, const uint8_t *src)
{
  Chacha20 *s = state;
  chacha_crypt32(&s->ctx, length, dst, src);
  return true;
}

static SmResult chacha20_low_crypt(void *state, SmIo *io)
{
  Chacha20 *s = state;
  return sm_stream_crypt(s, &s->carry, chacha20_keystream, io);
}

static const SmImpl chacha20_low =
    SM_IMPL_CIPHER(chacha20_low_setup, free, NULL, chacha20_low_crypt, chacha20_low_crypt);

static SmResult rc4_low_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  if (params->key.len != ARCFOUR128_KEY_SIZE)
    return fail_len(msg, msg_len, "key", params->key.len, ARCFOUR128_KEY_SIZE);
  arcfour128_set_key(state, params->key.data);
  return SM_OK;
}

SM_DEFINE_SETUP(rc4_low_setup, struct arcfour_ctx, rc4_low_fill, free)

static SmResult rc4_low_crypt(void *state, SmIo *io)
{
  if (io->out_len < io->in_len)
    return SM_FAILED;
  arcfour_crypt(state, io->in_len, io->out, io->in);
  return sm_output(io, io->in_len);
}

static const SmImpl rc4_low =
    SM_IMPL_CIPHER(rc4_low_setup, free, NULL, rc4_low_crypt, rc4_low_crypt);

/* The rows of Nettle's block ciphers: evp through the nettle_cipher descriptor and the mode,
 * low through the typed calls (CBC over the descriptor's functions, with the dedicated CBC
 * encrypt where Nettle has one). */
#define CBC_ROW(n, desc, dedicated_encrypt)                                                        \
  SM_ROW_BOTH(n, SM_KIND_CIPHER, &(const SmImpl)META_CIPHER(desc, MODE_CBC, meta_cbc),             \
              &(const SmImpl)LOW_CBC(desc, dedicated_encrypt))
#define CBC_LOW_ONLY(n, desc, why)                                                                 \
  SM_ROW_LOW_ONLY(n, SM_KIND_CIPHER, &(const SmImpl)LOW_CBC(desc, NULL), why)
#define AES_CTR_ROW(n, bits)                                                                       \
  SM_ROW_BOTH(n, SM_KIND_CIPHER, &(const SmImpl)META_CIPHER(nettle_aes##bits, MODE_CTR, meta_ctr), \
              &(const SmImpl)LOW_AES_CTR(bits))
#define AES_XTS_ROW(n, bits)                                                                       \
  SM_ROW_BOTH(n, SM_KIND_CIPHER, &(const SmImpl)META_CIPHER(nettle_aes##bits, MODE_XTS, meta_xts), \
              &(const SmImpl)LOW_AES_XTS(bits))

/* The cipher rows, in the order `list` shows them. */
const SmAlgorithm cipher_rows[] = {
    CBC_ROW("aes-128-cbc", nettle_aes128, aes128_cbc_encrypt),
    CBC_ROW("aes-192-cbc", nettle_aes192, aes192_cbc_encrypt),
    CBC_ROW("aes-256-cbc", nettle_aes256, aes256_cbc_encrypt),
    AES_CTR_ROW("aes-128-ctr", 128),
    AES_CTR_ROW("aes-192-ctr", 192),
    AES_CTR_ROW("aes-256-ctr", 256),
    AES_XTS_ROW("aes-128-xts", 128),
    AES_XTS_ROW("aes-256-xts", 256),
    LOW_ONLY("chacha20", SM_KIND_CIPHER, chacha20_low,
             "nettle-meta has no ChaCha descriptor (struct nettle_cipher is for block ciphers)"),
    CBC_ROW("camellia-128-cbc", nettle_camellia128, NULL),
    CBC_ROW("twofish-cbc", nettle_twofish128, NULL),
    CBC_ROW("serpent-cbc", nettle_serpent128, NULL),
    CBC_ROW("cast5-cbc", nettle_cast128, NULL),
    CBC_LOW_ONLY("bf-cbc", low_blowfish128,
                 "libnettle exports no Blowfish nettle_cipher descriptor (nettle-meta.h has none)"),
    /* arctwo128_set_key uses 128 effective key bits, as OpenSSL's RC2 does for a 16-byte key. */
    CBC_ROW("rc2-cbc", nettle_arctwo128, NULL),
    CBC_LOW_ONLY("des-cbc", low_des,
                 "libnettle exports no DES nettle_cipher descriptor (nettle-meta.h has none)"),
    CBC_LOW_ONLY("des-ede3-cbc", low_des3,
                 "libnettle exports no 3DES nettle_cipher descriptor (nettle-meta.h has none)"),
    LOW_ONLY("rc4", SM_KIND_CIPHER, rc4_low,
             "libnettle exports no ARCFOUR nettle_cipher descriptor (nettle-meta.h has none)"),
    SM_ROW_END,
};

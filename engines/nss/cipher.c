/* NSS engine: ciphers (PK11_CipherOp on a context made once per cell), evp only, and their
 * rows. */

#include "nss-engine.h"

typedef enum {
  IV_NONE,     /* rc4 */
  IV_PLAIN,    /* CBC: the iv is the mechanism parameter */
  IV_CTR,      /* CK_AES_CTR_PARAMS with a 128-bit counter block */
  IV_CHACHA20, /* CKM_NSS_CHACHA20_CTR: the 16-byte LE counter || nonce as it is */
} IvKind;

typedef struct {
  CK_MECHANISM_TYPE mech;
  IvKind iv_kind;
} CipherRow;

typedef struct {
  PK11SymKey *key;
  PK11Context *ctx;
  uint8_t param[16];          /* chacha20: LE block counter || nonce, advanced per call */
  SmStreamCarry chacha_carry; /* chacha20: the unused end of the last block */
} CipherState;

static void cipher_teardown(void *state)
{
  CipherState *cs = state;
  if (cs->ctx != NULL)
    PK11_DestroyContext(cs->ctx, PR_TRUE);
  PK11_FreeSymKey(cs->key); /* takes NULL */
  free(cs);
}

static SmResult cipher_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  CipherState *cs = state;
  const CipherRow *row = params->impl_data;
  CK_ATTRIBUTE_TYPE operation = params->op == SM_OP_DECRYPT ? CKA_DECRYPT : CKA_ENCRYPT;
  CK_AES_CTR_PARAMS ctr = {.ulCounterBits = 128};
  SECItem param = {siBuffer, NULL, 0};
  if (row->iv_kind == IV_CTR) {
    if (params->iv.len != sizeof ctr.cb)
      return sm_msg(SM_FAILED, msg, msg_len, "CTR wants a 16-byte counter block");
    memcpy(ctr.cb, params->iv.data, sizeof ctr.cb);
    param = item((const uint8_t *)&ctr, sizeof ctr);
  } else if (row->iv_kind != IV_NONE) {
    param = item(params->iv.data, params->iv.len);
  }
  cs->key = import_sym_key(row->mech, operation, params->key);
  if (cs->key == NULL)
    return nss_fail(SM_UNSUPPORTED, msg, msg_len, "PK11_ImportSymKey");
  if (row->iv_kind == IV_CHACHA20) {
    if (params->iv.len != sizeof cs->param)
      return sm_msg(SM_FAILED, msg, msg_len, "ChaCha20 wants a 16-byte counter || nonce");
    memcpy(cs->param, params->iv.data, sizeof cs->param);
    cs->chacha_carry = sm_stream_carry(64);
    return SM_OK;
  }
  return key_context(&cs->ctx, row->mech, operation, cs->key, &param, msg, msg_len);
}

SM_DEFINE_SETUP(cipher_setup, CipherState, cipher_fill, cipher_teardown)

static SmResult cipher_op(void *state, SmIo *io)
{
  CipherState *cs = state;
  int out_len = 0;
  if (io->out_len < io->in_len || io->in_len > INT32_MAX ||
      PK11_CipherOp(cs->ctx, io->out, &out_len, (int)io->out_len, io->in, (int)io->in_len) !=
          SECSuccess ||
      (size_t)out_len != io->in_len)
    return SM_FAILED;
  io->out_len = io->in_len;
  return SM_OK;
}

/* softoken's ChaCha20 is single-part only (no PK11_CipherOp): each call is one PK11_Encrypt
 * from the block counter where the previous call stopped (parameter = LE 32-bit counter ||
 * nonce); sm_stream_crypt carries a partial last block's unused keystream to the next call.
 * Encrypt = decrypt. */
static bool chacha20_blocks(void *state, size_t length, uint8_t *dst, const uint8_t *src)
{
  CipherState *cs = state;
  SECItem param = item(cs->param, sizeof cs->param);
  unsigned int out_len = 0;
  if (PK11_Encrypt(cs->key, CKM_NSS_CHACHA20_CTR, &param, dst, &out_len, (unsigned int)length, src,
                   (unsigned int)length) != SECSuccess)
    return false;
  sm_store_le32(cs->param, sm_load_le32(cs->param) + (uint32_t)(length / 64));
  return true;
}

static SmResult chacha20_op(void *state, SmIo *io)
{
  CipherState *cs = state;
  if (io->in_len > UINT32_MAX)
    return SM_FAILED;
  return sm_stream_crypt(cs, &cs->chacha_carry, chacha20_blocks, io);
}

/* ---------------------------------------------------------------- rows */

static const CipherRow aes128_cbc = {CKM_AES_CBC, IV_PLAIN};
static const CipherRow aes192_cbc = {CKM_AES_CBC, IV_PLAIN};
static const CipherRow aes256_cbc = {CKM_AES_CBC, IV_PLAIN};
static const CipherRow aes_ctr = {CKM_AES_CTR, IV_CTR};
static const CipherRow chacha20 = {CKM_NSS_CHACHA20_CTR, IV_CHACHA20};
static const CipherRow camellia128_cbc = {CKM_CAMELLIA_CBC, IV_PLAIN};
static const CipherRow des_cbc = {CKM_DES_CBC, IV_PLAIN};
static const CipherRow des_ede3_cbc = {CKM_DES3_CBC, IV_PLAIN};
static const CipherRow rc4 = {CKM_RC4, IV_NONE};

/* clang-format off */
#define CIPHER(n, row) ROW_EVP(n, SM_KIND_CIPHER, SM_IMPL_CIPHER, \
    cipher_setup, cipher_teardown, &row, cipher_op, cipher_op)
#define CHACHA20(n, row) ROW_EVP(n, SM_KIND_CIPHER, SM_IMPL_CIPHER, \
    cipher_setup, cipher_teardown, &row, chacha20_op, chacha20_op)
/* clang-format on */

/* The cipher rows, in the order `list` shows them. */
const SmAlgorithm cipher_rows[] = {
    CIPHER("aes-128-cbc", aes128_cbc),
    CIPHER("aes-192-cbc", aes192_cbc),
    CIPHER("aes-256-cbc", aes256_cbc),
    CIPHER("aes-128-ctr", aes_ctr),
    CIPHER("aes-192-ctr", aes_ctr),
    CIPHER("aes-256-ctr", aes_ctr),
    CHACHA20("chacha20", chacha20),
    CIPHER("camellia-128-cbc", camellia128_cbc),
    CIPHER("des-cbc", des_cbc),
    CIPHER("des-ede3-cbc", des_ede3_cbc),
    CIPHER("rc4", rc4),
    SM_ROW_END,
};

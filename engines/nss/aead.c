/* NSS engine: AEADs (PK11_Encrypt/PK11_Decrypt, one message per call), evp only, and their
 * rows. */

#include "nss-engine.h"

typedef enum { AEAD_GCM, AEAD_CHACHAPOLY } AeadKind;

typedef struct {
  CK_MECHANISM_TYPE mech;
  AeadKind kind;
} AeadRow;

typedef struct {
  const AeadRow *row;
  PK11SymKey *key;
  SmAeadInputs in; /* nonce, AAD, tag length: the mechanism parameters point into it */
  union {
    CK_GCM_PARAMS gcm;
    CK_SALSA20_CHACHA20_POLY1305_PARAMS chachapoly;
  } p;
  SECItem param;
} AeadState;

static void aead_teardown(void *state)
{
  AeadState *as = state;
  PK11_FreeSymKey(as->key); /* takes NULL */
  sm_aead_inputs_free(&as->in);
  free(as);
}

/* The mechanism parameters, made once. */
static void aead_params(AeadState *as)
{
  CK_ULONG nonce_len = as->in.nonce_len, aad_len = as->in.aad_len;
  switch (as->row->kind) {
  case AEAD_GCM:
    as->p.gcm = (CK_GCM_PARAMS){.pIv = as->in.nonce,
                                .ulIvLen = nonce_len,
                                .ulIvBits = 8 * nonce_len,
                                .pAAD = as->in.aad,
                                .ulAADLen = aad_len,
                                .ulTagBits = 8 * as->in.tag_len};
    as->param = item((const uint8_t *)&as->p.gcm, sizeof as->p.gcm);
    break;
  case AEAD_CHACHAPOLY:
    as->p.chachapoly = (CK_SALSA20_CHACHA20_POLY1305_PARAMS){
        .pNonce = as->in.nonce, .ulNonceLen = nonce_len, .pAAD = as->in.aad, .ulAADLen = aad_len};
    as->param = item((const uint8_t *)&as->p.chachapoly, sizeof as->p.chachapoly);
    break;
  }
}

static SmResult aead_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  AeadState *as = state;
  const AeadRow *row = params->impl_data;
  if (row->kind == AEAD_CHACHAPOLY && params->tag_len != 16)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "ChaCha20-Poly1305 has a 16-byte tag only");
  as->row = row;
  if (!sm_aead_inputs_copy(&as->in, params))
    return sm_out_of_memory(msg, msg_len);
  aead_params(as);
  CK_ATTRIBUTE_TYPE operation = params->op == SM_OP_DECRYPT ? CKA_DECRYPT : CKA_ENCRYPT;
  as->key = import_sym_key(row->mech, operation, params->key);
  return as->key == NULL ? nss_fail(SM_UNSUPPORTED, msg, msg_len, "PK11_ImportSymKey") : SM_OK;
}

SM_DEFINE_SETUP(aead_setup, AeadState, aead_fill, aead_teardown)

static SmResult aead_encrypt(void *state, SmIo *io)
{
  AeadState *as = state;
  unsigned int out_len = 0;
  if (io->in_len > UINT32_MAX - as->in.tag_len || io->out_len > UINT32_MAX)
    return SM_FAILED;
  if (PK11_Encrypt(as->key, as->row->mech, &as->param, io->out, &out_len, (unsigned int)io->out_len,
                   io->in, (unsigned int)io->in_len) != SECSuccess)
    return SM_FAILED;
  io->out_len = out_len;
  return SM_OK;
}

static SmResult aead_decrypt(void *state, SmIo *io)
{
  AeadState *as = state;
  unsigned int out_len = 0;
  if (io->in_len < as->in.tag_len || io->in_len > UINT32_MAX || io->out_len > UINT32_MAX)
    return SM_FAILED;
  if (PK11_Decrypt(as->key, as->row->mech, &as->param, io->out, &out_len, (unsigned int)io->out_len,
                   io->in, (unsigned int)io->in_len) != SECSuccess)
    return SM_FAILED;
  io->out_len = out_len;
  return SM_OK;
}

/* ---------------------------------------------------------------- rows */

static const AeadRow aes_gcm = {CKM_AES_GCM, AEAD_GCM};
static const AeadRow chacha20_poly1305 = {CKM_CHACHA20_POLY1305, AEAD_CHACHAPOLY};

#define NO_CCM                                                                                     \
  "the softoken of NSS 3.87 has no CKM_AES_CCM (PK11_DoesMechanism answers no; PK11_Encrypt "      \
  "fails with SEC_ERROR_INVALID_ALGORITHM)"

/* clang-format off */
#define AEAD(n, row) ROW_EVP(n, SM_KIND_AEAD, SM_IMPL_CIPHER, \
    aead_setup, aead_teardown, &row, aead_encrypt, aead_decrypt)
/* clang-format on */

/* The AEAD rows, in the order `list` shows them. */
const SmAlgorithm aead_rows[] = {
    AEAD("aes-128-gcm", aes_gcm),
    AEAD("aes-192-gcm", aes_gcm),
    AEAD("aes-256-gcm", aes_gcm),
    SM_ROW_NONE("aes-128-ccm", SM_KIND_AEAD, NO_CCM),
    SM_ROW_NONE("aes-256-ccm", SM_KIND_AEAD, NO_CCM),
    AEAD("chacha20-poly1305", chacha20_poly1305),
    SM_ROW_END,
};

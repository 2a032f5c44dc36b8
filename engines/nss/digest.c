/* NSS engine: digests (PK11_Digest*, and freebl's NSSLOWHASH_* at low) and MACs (PK11_Digest*
 * on an HMAC or CMAC key), and their rows. */

#include "nss-engine.h"

typedef struct {
  SECOidTag oid;              /* evp digest: PK11_CreateDigestContext */
  HASH_HashType low;          /* low digest: NSSLOWHASH_NewContext */
  CK_MECHANISM_TYPE mac_mech; /* MAC: CKM_SHA256_HMAC, CKM_AES_CMAC, ... */
  size_t out_len;
} HashRow;

typedef struct {
  size_t out_len;
  PK11Context *ctx;       /* evp digest, MAC */
  PK11SymKey *key;        /* MAC */
  NSSLOWHASHContext *low; /* low digest */
} HashState;

static void hash_teardown(void *state)
{
  HashState *hs = state;
  if (hs->ctx != NULL)
    PK11_DestroyContext(hs->ctx, PR_TRUE);
  PK11_FreeSymKey(hs->key); /* takes NULL */
  if (hs->low != NULL)
    NSSLOWHASH_Destroy(hs->low);
  free(hs);
}

static SmResult digest_evp_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  HashState *hs = state;
  const HashRow *row = params->impl_data;
  hs->out_len = row->out_len;
  hs->ctx = PK11_CreateDigestContext(row->oid);
  return hs->ctx == NULL ? nss_fail(SM_UNSUPPORTED, msg, msg_len, "PK11_CreateDigestContext")
                         : SM_OK;
}

SM_DEFINE_SETUP(digest_evp_setup, HashState, digest_evp_fill, hash_teardown)

static SmResult digest_low_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  HashState *hs = state;
  const HashRow *row = params->impl_data;
  if (low_init == NULL)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                  "NSSLOW_Init failed: freebl's direct hashes are not available");
  hs->out_len = row->out_len;
  hs->low = NSSLOWHASH_NewContext(low_init, row->low);
  return hs->low == NULL ? nss_fail(SM_UNSUPPORTED, msg, msg_len, "NSSLOWHASH_NewContext") : SM_OK;
}

SM_DEFINE_SETUP(digest_low_setup, HashState, digest_low_fill, hash_teardown)

static SmResult mac_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  HashState *hs = state;
  const HashRow *row = params->impl_data;
  hs->out_len = row->out_len;
  hs->key = import_sym_key(row->mac_mech, CKA_SIGN, params->key);
  SECItem none = {siBuffer, NULL, 0};
  return key_context(&hs->ctx, row->mac_mech, CKA_SIGN, hs->key, &none, msg, msg_len);
}

SM_DEFINE_SETUP(mac_setup, HashState, mac_fill, hash_teardown)

/* DigestBegin restarts the digest or MAC (C_DigestInit / C_SignInit) on the same key. */
static SmResult context_hash(void *state, SmIo *io)
{
  HashState *hs = state;
  unsigned int len = 0;
  if (io->out_len < hs->out_len || io->in_len > UINT32_MAX ||
      PK11_DigestBegin(hs->ctx) != SECSuccess ||
      PK11_DigestOp(hs->ctx, io->in, (unsigned int)io->in_len) != SECSuccess ||
      PK11_DigestFinal(hs->ctx, io->out, &len, (unsigned int)io->out_len) != SECSuccess)
    return SM_FAILED;
  io->out_len = len;
  return SM_OK;
}

static SmResult low_hash(void *state, SmIo *io)
{
  HashState *hs = state;
  unsigned int len = 0;
  if (io->out_len < hs->out_len || io->in_len > UINT32_MAX)
    return SM_FAILED;
  NSSLOWHASH_Begin(hs->low);
  NSSLOWHASH_Update(hs->low, io->in, (unsigned int)io->in_len);
  NSSLOWHASH_End(hs->low, io->out, &len, (unsigned int)io->out_len);
  io->out_len = len;
  return SM_OK;
}

/* ---------------------------------------------------------------- rows */

static const HashRow md5 = {SEC_OID_MD5, HASH_AlgMD5, CKM_MD5_HMAC, 16};
static const HashRow sha1 = {SEC_OID_SHA1, HASH_AlgSHA1, CKM_SHA_1_HMAC, 20};
static const HashRow sha224 = {SEC_OID_SHA224, HASH_AlgSHA224, CKM_SHA224_HMAC, 28};
static const HashRow sha256 = {SEC_OID_SHA256, HASH_AlgSHA256, CKM_SHA256_HMAC, 32};
static const HashRow sha384 = {SEC_OID_SHA384, HASH_AlgSHA384, CKM_SHA384_HMAC, 48};
static const HashRow sha512 = {SEC_OID_SHA512, HASH_AlgSHA512, CKM_SHA512_HMAC, 64};
static const HashRow cmac_aes128 = {SEC_OID_UNKNOWN, HASH_AlgNULL, CKM_AES_CMAC, 16};

/* clang-format off */
#define DIGEST(n, row) SM_ROW_BOTH(n, SM_KIND_DIGEST, \
    &(const SmImpl)SM_IMPL_HASH(digest_evp_setup, hash_teardown, &row, context_hash), \
    &(const SmImpl)SM_IMPL_HASH(digest_low_setup, hash_teardown, &row, low_hash))
#define MAC(n, row) ROW_EVP(n, SM_KIND_MAC, SM_IMPL_MAC, mac_setup, hash_teardown, &row, context_hash)
/* clang-format on */

/* The digest rows, in the order `list` shows them. */
const SmAlgorithm digest_rows[] = {
    DIGEST("md5", md5),
    DIGEST("sha1", sha1),
    DIGEST("sha224", sha224),
    DIGEST("sha256", sha256),
    DIGEST("sha384", sha384),
    DIGEST("sha512", sha512),
    SM_ROW_END,
};

/* The MAC rows, in the order `list` shows them. */
const SmAlgorithm mac_rows[] = {
    MAC("hmac-md5", md5),
    MAC("hmac-sha1", sha1),
    MAC("hmac-sha256", sha256),
    MAC("hmac-sha384", sha384),
    MAC("hmac-sha512", sha512),
    MAC("cmac-aes128", cmac_aes128),
    SM_ROW_END,
};

/* OpenSSL engine: digests through EVP_MD, and the digest rows. */

#include "openssl-engine.h"

/* ------------------------------------------------------------------------------------------ */
/* evp: digests (one reused EVP_MD_CTX, the EVP_MD fetched once)                              */

typedef struct {
  EVP_MD *md;
  EVP_MD_CTX *ctx;
  size_t out_len;
} EvpDigestState;

static void evp_digest_teardown(void *state)
{
  EvpDigestState *st = state;
  EVP_MD_CTX_free(st->ctx);
  EVP_MD_free(st->md);
  free(st);
}

static SmResult evp_digest_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  const char *name = ((const EvpRow *)params->impl_data)->fetch_name;
  EvpDigestState *st = state;
  st->md = EVP_MD_fetch(NULL, name, NULL);
  if (st->md == NULL)
    return ossl_fail(SM_UNSUPPORTED, msg, msg_len, name);
  st->out_len = (size_t)EVP_MD_get_size(st->md);
  st->ctx = EVP_MD_CTX_new();
  if (st->ctx == NULL)
    return sm_out_of_memory(msg, msg_len);
  return SM_OK;
}

SM_DEFINE_SETUP(evp_digest_setup, EvpDigestState, evp_digest_fill, evp_digest_teardown)

static SmResult evp_digest_hash(void *state, SmIo *io)
{
  EvpDigestState *st = state;
  unsigned int len;
  if (io->out_len < st->out_len)
    return SM_FAILED;
  if (EVP_DigestInit_ex2(st->ctx, st->md, NULL) != 1 ||
      EVP_DigestUpdate(st->ctx, io->in, io->in_len) != 1 ||
      EVP_DigestFinal_ex(st->ctx, io->out, &len) != 1)
    return op_failed();
  io->out_len = len;
  return SM_OK;
}

static const char *evp_digest_impl_name(const SmParams *params, void *state)
{
  const EvpDigestState *st = state;
  return describe_impl(((const EvpRow *)params->impl_data)->fetch_name,
                       EVP_MD_get0_provider(st->md));
}

#define EVP_DIGEST_IMPL(name, probe_fn)                                                            \
  {                                                                                                \
    .setup = evp_digest_setup, .op = {[SM_OP_HASH] = evp_digest_hash},                             \
    .teardown = evp_digest_teardown, .probe = probe_fn, .data = (&(const EvpRow){name}),           \
    .impl_name = evp_digest_impl_name                                                              \
  }

#ifndef OPENSSL_NO_MD4
static const SmImpl md4_evp = EVP_DIGEST_IMPL("MD4", probe_legacy);
#endif
static const SmImpl md5_evp = EVP_DIGEST_IMPL("MD5", NULL);
static const SmImpl sha1_evp = EVP_DIGEST_IMPL("SHA1", NULL);
static const SmImpl sha224_evp = EVP_DIGEST_IMPL("SHA224", NULL);
static const SmImpl sha256_evp = EVP_DIGEST_IMPL("SHA256", NULL);
static const SmImpl sha384_evp = EVP_DIGEST_IMPL("SHA384", NULL);
static const SmImpl sha512_evp = EVP_DIGEST_IMPL("SHA512", NULL);
static const SmImpl sha3_256_evp = EVP_DIGEST_IMPL("SHA3-256", NULL);
static const SmImpl sha3_512_evp = EVP_DIGEST_IMPL("SHA3-512", NULL);
#ifndef OPENSSL_NO_BLAKE2
static const SmImpl blake2b512_evp = EVP_DIGEST_IMPL("BLAKE2B-512", NULL);
static const SmImpl blake2s256_evp = EVP_DIGEST_IMPL("BLAKE2S-256", NULL);
#endif
#ifndef OPENSSL_NO_RMD160
/* RIPEMD-160 joined the default provider in 3.0.7; before that only the legacy one has it. */
static const char *probe_ripemd160(void)
{
  EVP_MD *md = EVP_MD_fetch(NULL, "RIPEMD-160", NULL);
  bool found = md != NULL;
  EVP_MD_free(md);
  ERR_clear_error();
  return found ? NULL : "RIPEMD-160 needs the OpenSSL legacy provider, not available";
}

static const SmImpl ripemd160_evp = EVP_DIGEST_IMPL("RIPEMD-160", probe_ripemd160);
#endif
#ifndef OPENSSL_NO_SM3
static const SmImpl sm3_evp = EVP_DIGEST_IMPL("SM3", NULL);
#endif
/* The digest rows, in the order `list` shows them. */
const SmAlgorithm digest_rows[] = {
#ifndef OPENSSL_NO_MD4
    EVP_AND_LOW("md4", SM_KIND_DIGEST, md4),
#endif
    EVP_AND_LOW("md5", SM_KIND_DIGEST, md5),
    EVP_AND_LOW("sha1", SM_KIND_DIGEST, sha1),
    EVP_AND_LOW("sha224", SM_KIND_DIGEST, sha224),
    EVP_AND_LOW("sha256", SM_KIND_DIGEST, sha256),
    EVP_AND_LOW("sha384", SM_KIND_DIGEST, sha384),
    EVP_AND_LOW("sha512", SM_KIND_DIGEST, sha512),
    EVP_ONLY("sha3-256", SM_KIND_DIGEST, sha3_256, "OpenSSL has no non-EVP API for SHA-3"),
    EVP_ONLY("sha3-512", SM_KIND_DIGEST, sha3_512, "OpenSSL has no non-EVP API for SHA-3"),
#ifndef OPENSSL_NO_BLAKE2
    EVP_ONLY("blake2b512", SM_KIND_DIGEST, blake2b512, "OpenSSL has no non-EVP API for BLAKE2"),
    EVP_ONLY("blake2s256", SM_KIND_DIGEST, blake2s256, "OpenSSL has no non-EVP API for BLAKE2"),
#endif
#ifndef OPENSSL_NO_RMD160
    EVP_AND_LOW("ripemd160", SM_KIND_DIGEST, ripemd160),
#endif
#ifndef OPENSSL_NO_SM3
    EVP_ONLY("sm3", SM_KIND_DIGEST, sm3, "OpenSSL has no non-EVP API for SM3"),
#endif
    SM_ROW_END,
};

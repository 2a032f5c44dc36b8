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
  if (io->out_len < st->out_len || EVP_DigestInit_ex2(st->ctx, st->md, NULL) != 1 ||
      EVP_DigestUpdate(st->ctx, io->in, io->in_len) != 1 ||
      EVP_DigestFinal_ex(st->ctx, io->out, &len) != 1)
    return op_failed();
  return sm_output(io, len);
}

static const char *evp_digest_impl_name(const SmParams *params, void *state)
{
  const EvpDigestState *st = state;
  return describe_impl(((const EvpRow *)params->impl_data)->fetch_name,
                       EVP_MD_get0_provider(st->md));
}

/* ------------------------------------------------------------------------------------------ */
/* implicit: the built-in EVP_MD (what EVP_sha256() and the like return; found here by name)   */
/* passed to every EVP_DigestInit_ex, which fetches the algorithm again on each call           */

typedef struct {
  const EVP_MD *md; /* built in: no provider, never freed */
  EVP_MD_CTX *ctx;
  size_t out_len;
} ImplicitDigestState;

static void implicit_digest_teardown(void *state)
{
  ImplicitDigestState *st = state;
  EVP_MD_CTX_free(st->ctx);
  free(st);
}

static SmResult implicit_digest_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  const char *name = ((const EvpRow *)params->impl_data)->fetch_name;
  ImplicitDigestState *st = state;
  st->md = evp_row_builtin_md(params);
  if (st->md == NULL)
    return ossl_fail(SM_UNSUPPORTED, msg, msg_len, name);
  st->out_len = (size_t)EVP_MD_get_size(st->md);
  st->ctx = EVP_MD_CTX_new();
  if (st->ctx == NULL)
    return sm_out_of_memory(msg, msg_len);
  return SM_OK;
}

SM_DEFINE_SETUP(implicit_digest_setup, ImplicitDigestState, implicit_digest_fill,
                implicit_digest_teardown)

static SmResult implicit_digest_hash(void *state, SmIo *io)
{
  ImplicitDigestState *st = state;
  unsigned int len;
  if (io->out_len < st->out_len || EVP_DigestInit_ex(st->ctx, st->md, NULL) != 1 ||
      EVP_DigestUpdate(st->ctx, io->in, io->in_len) != 1 ||
      EVP_DigestFinal_ex(st->ctx, io->out, &len) != 1)
    return op_failed();
  return sm_output(io, len);
}

static const char *implicit_digest_impl_name(const SmParams *params, void *state)
{
  (void)state;
  /* What each init fetches implicitly: the default library context's choice for the name. */
  const char *name = ((const EvpRow *)params->impl_data)->fetch_name;
  EVP_MD *fetched = EVP_MD_fetch(NULL, name, NULL);
  const char *text = describe_impl(name, fetched != NULL ? EVP_MD_get0_provider(fetched) : NULL);
  EVP_MD_free(fetched);
  ERR_clear_error();
  return text;
}

#define IMPLICIT_DIGEST_IMPL(name, probe_fn)                                                       \
  {                                                                                                \
    .setup = implicit_digest_setup, .op = {[SM_OP_HASH] = implicit_digest_hash},                   \
    .teardown = implicit_digest_teardown, .probe = probe_fn, .data = (&(EvpRow){name, NULL}),      \
    .impl_name = implicit_digest_impl_name                                                         \
  }

#define EVP_DIGEST_IMPL(name, probe_fn)                                                            \
  {                                                                                                \
    .setup = evp_digest_setup, .op = {[SM_OP_HASH] = evp_digest_hash},                             \
    .teardown = evp_digest_teardown, .probe = probe_fn, .data = (&(EvpRow){name, NULL}),           \
    .impl_name = evp_digest_impl_name,                                                             \
    .implicit = &(const SmImpl)IMPLICIT_DIGEST_IMPL(name, probe_fn)                                \
  }

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
#endif

/* A digest row: its EVP impl made here from the fetch name, and its non-EVP impl (low-digest.c)
 * or why OpenSSL has none. */
#define DIGEST_BOTH(n, fetch, probe_fn, low_id)                                                    \
  SM_ROW_BOTH(n, SM_KIND_DIGEST, &(const SmImpl)EVP_DIGEST_IMPL(fetch, probe_fn), &low_id##_low)
#define DIGEST_EVP_ONLY(n, fetch, why)                                                             \
  SM_ROW_EVP_ONLY(n, SM_KIND_DIGEST, &(const SmImpl)EVP_DIGEST_IMPL(fetch, NULL), why)

/* The digest rows, in the order `list` shows them. */
const SmAlgorithm digest_rows[] = {
#ifndef OPENSSL_NO_MD4
    DIGEST_BOTH("md4", "MD4", probe_legacy, md4),
#endif
    DIGEST_BOTH("md5", "MD5", NULL, md5),
    DIGEST_BOTH("sha1", "SHA1", NULL, sha1),
    DIGEST_BOTH("sha224", "SHA224", NULL, sha224),
    DIGEST_BOTH("sha256", "SHA256", NULL, sha256),
    DIGEST_BOTH("sha384", "SHA384", NULL, sha384),
    DIGEST_BOTH("sha512", "SHA512", NULL, sha512),
    DIGEST_EVP_ONLY("sha3-256", "SHA3-256", "OpenSSL has no non-EVP API for SHA-3"),
    DIGEST_EVP_ONLY("sha3-512", "SHA3-512", "OpenSSL has no non-EVP API for SHA-3"),
#ifndef OPENSSL_NO_BLAKE2
    DIGEST_EVP_ONLY("blake2b512", "BLAKE2B-512", "OpenSSL has no non-EVP API for BLAKE2"),
    DIGEST_EVP_ONLY("blake2s256", "BLAKE2S-256", "OpenSSL has no non-EVP API for BLAKE2"),
#endif
#ifndef OPENSSL_NO_RMD160
    DIGEST_BOTH("ripemd160", "RIPEMD-160", probe_ripemd160, ripemd160),
#endif
#ifndef OPENSSL_NO_SM3
    DIGEST_EVP_ONLY("sm3", "SM3", "OpenSSL has no non-EVP API for SM3"),
#endif
    SM_ROW_END,
};

/* libtomcrypt engine: digests. evp through hash_descriptor[find_hash(name)], low through the
 * typed functions (sha256_init, sha256_process, sha256_done, ...). */
#include "tomcrypt-engine.h"

/* SHA-224/384 share SHA-256/512's process; SHA-3 and BLAKE2 share one per family. */
#define TOM_HASH(var, name, init, process, done, out_len)                                          \
  const TomHash var = {name, init, process, done, out_len};

TOM_HASH(md4_hash, "md4", md4_init, md4_process, md4_done, 16)
TOM_HASH(md5_hash, "md5", md5_init, md5_process, md5_done, 16)
TOM_HASH(sha1_hash, "sha1", sha1_init, sha1_process, sha1_done, 20)
TOM_HASH(sha224_hash, "sha224", sha224_init, sha256_process, sha224_done, 28)
TOM_HASH(sha256_hash, "sha256", sha256_init, sha256_process, sha256_done, 32)
TOM_HASH(sha384_hash, "sha384", sha384_init, sha512_process, sha384_done, 48)
TOM_HASH(sha512_hash, "sha512", sha512_init, sha512_process, sha512_done, 64)
TOM_HASH(sha3_256_hash, "sha3-256", sha3_256_init, sha3_process, sha3_done, 32)
TOM_HASH(sha3_512_hash, "sha3-512", sha3_512_init, sha3_process, sha3_done, 64)
TOM_HASH(blake2b_512_hash, "blake2b-512", blake2b_512_init, blake2b_process, blake2b_done, 64)
TOM_HASH(blake2s_256_hash, "blake2s-256", blake2s_256_init, blake2s_process, blake2s_done, 32)
TOM_HASH(rmd160_hash, "rmd160", rmd160_init, rmd160_process, rmd160_done, 20)

typedef struct {
  hash_state md;
  const TomHash *hash;
  int idx; /* evp: the descriptor used per call */
  size_t out_len;
} DigestState;

static SmResult descriptor_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  DigestState *s = state;
  s->hash = params->impl_data;
  s->idx = find_hash(s->hash->name);
  if (s->idx < 0)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "find_hash(\"%s\") found no descriptor",
                  s->hash->name);
  s->out_len = hash_descriptor[s->idx].hashsize;
  return SM_OK;
}

static SmResult typed_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  (void)msg;
  (void)msg_len;
  DigestState *s = state;
  s->hash = params->impl_data;
  s->out_len = s->hash->out_len;
  return SM_OK;
}

SM_DEFINE_SETUP(descriptor_setup, DigestState, descriptor_fill, free)
SM_DEFINE_SETUP(typed_setup, DigestState, typed_fill, free)

/* evp: through the descriptor table entry found in setup, as callers of the table do. */
static SmResult descriptor_hash(void *state, SmIo *io)
{
  DigestState *s = state;
  const struct ltc_hash_descriptor *desc = &hash_descriptor[s->idx];
  if (io->out_len < s->out_len || desc->init(&s->md) != CRYPT_OK ||
      desc->process(&s->md, io->in, io->in_len) != CRYPT_OK ||
      desc->done(&s->md, io->out) != CRYPT_OK)
    return SM_FAILED;
  return sm_output(io, s->out_len);
}

/* low: the row's typed functions. */
static SmResult typed_hash(void *state, SmIo *io)
{
  DigestState *s = state;
  const TomHash *h = s->hash;
  if (io->out_len < s->out_len || h->init(&s->md) != CRYPT_OK ||
      h->process(&s->md, io->in, io->in_len) != CRYPT_OK || h->done(&s->md, io->out) != CRYPT_OK)
    return SM_FAILED;
  return sm_output(io, s->out_len);
}

/* A digest row: the same TomHash at both levels, found by name (evp) or called typed (low). */
#define DIGEST_ROW(n, hash)                                                                        \
  SM_ROW_BOTH(n, SM_KIND_DIGEST,                                                                   \
              (&(const SmImpl)SM_IMPL_HASH(descriptor_setup, free, &(hash), descriptor_hash)),     \
              (&(const SmImpl)SM_IMPL_HASH(typed_setup, free, &(hash), typed_hash)))

const SmAlgorithm digest_rows[] = {
    DIGEST_ROW("md4", md4_hash),
    DIGEST_ROW("md5", md5_hash),
    DIGEST_ROW("sha1", sha1_hash),
    DIGEST_ROW("sha224", sha224_hash),
    DIGEST_ROW("sha256", sha256_hash),
    DIGEST_ROW("sha384", sha384_hash),
    DIGEST_ROW("sha512", sha512_hash),
    DIGEST_ROW("sha3-256", sha3_256_hash),
    DIGEST_ROW("sha3-512", sha3_512_hash),
    DIGEST_ROW("blake2b512", blake2b_512_hash),
    DIGEST_ROW("blake2s256", blake2s_256_hash),
    DIGEST_ROW("ripemd160", rmd160_hash),
    SM_ROW_END,
};

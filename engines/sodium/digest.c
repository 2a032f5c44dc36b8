/* libsodium engine: digests. evp: the one-shot crypto_hash_* and crypto_generichash; low:
 * init/update/final on a fresh state per call. */

#include "sodium-engine.h"

/* crypto_hash_sha256 and crypto_hash_sha512 have this shape; the other calls are wrapped to it. */
typedef int SodiumHashFn(unsigned char *out, const unsigned char *in, unsigned long long inlen);

/* A digest: its length and libsodium's two ways to it. */
typedef struct {
  size_t digest_len;
  SodiumHashFn *oneshot; /* evp */
  SodiumHashFn *stream;  /* low: init/update/final */
} SodiumDigest;

static int sha256_stream(unsigned char *out, const unsigned char *in, unsigned long long inlen)
{
  crypto_hash_sha256_state st;
  crypto_hash_sha256_init(&st);
  crypto_hash_sha256_update(&st, in, inlen);
  return crypto_hash_sha256_final(&st, out);
}

static int sha512_stream(unsigned char *out, const unsigned char *in, unsigned long long inlen)
{
  crypto_hash_sha512_state st;
  crypto_hash_sha512_init(&st);
  crypto_hash_sha512_update(&st, in, inlen);
  return crypto_hash_sha512_final(&st, out);
}

enum { BLAKE2B512_BYTES = 64 };

static int blake2b512_oneshot(unsigned char *out, const unsigned char *in, unsigned long long inlen)
{
  return crypto_generichash(out, BLAKE2B512_BYTES, in, inlen, NULL, 0);
}

static int blake2b512_stream(unsigned char *out, const unsigned char *in, unsigned long long inlen)
{
  crypto_generichash_state st;
  if (crypto_generichash_init(&st, NULL, 0, BLAKE2B512_BYTES) != 0)
    return -1;
  crypto_generichash_update(&st, in, inlen);
  return crypto_generichash_final(&st, out, BLAKE2B512_BYTES);
}

static const SodiumDigest sha256 = {crypto_hash_sha256_BYTES, crypto_hash_sha256, sha256_stream};
static const SodiumDigest sha512 = {crypto_hash_sha512_BYTES, crypto_hash_sha512, sha512_stream};
static const SodiumDigest blake2b512 = {BLAKE2B512_BYTES, blake2b512_oneshot, blake2b512_stream};

typedef struct {
  const SodiumDigest *digest;
} DigestState;

static SmResult digest_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  (void)msg;
  (void)msg_len;
  DigestState *s = state;
  s->digest = params->impl_data;
  return SM_OK;
}

SM_DEFINE_SETUP(digest_setup, DigestState, digest_fill, free)

static SmResult digest_oneshot(void *state, SmIo *io)
{
  const SodiumDigest *digest = ((DigestState *)state)->digest;
  if (io->out_len < digest->digest_len || digest->oneshot(io->out, io->in, io->in_len) != 0)
    return SM_FAILED;
  return sm_output(io, digest->digest_len);
}

static SmResult digest_stream(void *state, SmIo *io)
{
  const SodiumDigest *digest = ((DigestState *)state)->digest;
  if (io->out_len < digest->digest_len || digest->stream(io->out, io->in, io->in_len) != 0)
    return SM_FAILED;
  return sm_output(io, digest->digest_len);
}

#define DIGEST_ROW(n, digest)                                                                      \
  SM_ROW_BOTH(n, SM_KIND_DIGEST,                                                                   \
              (&(const SmImpl)SM_IMPL_HASH(digest_setup, free, &(digest), digest_oneshot)),        \
              (&(const SmImpl)SM_IMPL_HASH(digest_setup, free, &(digest), digest_stream)))

/* The digest rows, in the order `list` shows them. */
const SmAlgorithm digest_rows[] = {
    DIGEST_ROW("sha256", sha256),
    DIGEST_ROW("sha512", sha512),
    DIGEST_ROW("blake2b512", blake2b512),
    SM_ROW_END,
};

/* gcrypt engine: digests (gcry_md_*, and the one-shot gcry_md_hash_buffer) and MACs (gcry_mac_*,
 * and the one-shot HMAC of gcry_md_hash_buffers). */

#include "gcrypt-engine.h"

/* ---------------------------------------------------------------- digests */

typedef struct {
  int algo;
} DigestSpec;

typedef struct {
  const DigestSpec *spec;
  gcry_md_hd_t hd; /* evp only */
  size_t out_len;
} DigestState;

static void digest_teardown(void *state)
{
  DigestState *ds = state;
  gcry_md_close(ds->hd);
  free(ds);
}

static SmResult digest_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  DigestState *ds = state;
  const DigestSpec *spec = params->impl_data;
  ds->spec = spec;
  ds->out_len = gcry_md_get_algo_dlen(spec->algo);
  if (gcry_md_test_algo(spec->algo) || ds->out_len == 0)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "digest %s not available",
                  gcry_md_algo_name(spec->algo));
  return SM_OK;
}

static SmResult digest_evp_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  SmResult result = digest_fill(state, params, msg, msg_len);
  if (result != SM_OK)
    return result;
  DigestState *ds = state;
  const DigestSpec *spec = ds->spec;
  gcry_error_t err = gcry_md_open(&ds->hd, spec->algo, 0);
  if (err)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "gcry_md_open(%s): %s",
                  gcry_md_algo_name(spec->algo), gcry_strerror(err));
  return SM_OK;
}

SM_DEFINE_SETUP(digest_evp_setup, DigestState, digest_evp_fill, digest_teardown)

SM_DEFINE_SETUP(digest_low_setup, DigestState, digest_fill, digest_teardown)

static SmResult digest_evp_hash(void *state, SmIo *io)
{
  DigestState *ds = state;
  if (io->out_len < ds->out_len)
    return SM_FAILED;
  gcry_md_reset(ds->hd);
  gcry_md_write(ds->hd, io->in, io->in_len);
  const unsigned char *digest = gcry_md_read(ds->hd, ds->spec->algo);
  if (digest == NULL)
    return SM_FAILED;
  memcpy(io->out, digest, ds->out_len);
  io->out_len = ds->out_len;
  return SM_OK;
}

static SmResult digest_low_hash(void *state, SmIo *io)
{
  DigestState *ds = state;
  if (io->out_len < ds->out_len)
    return SM_FAILED;
  gcry_md_hash_buffer(ds->spec->algo, io->out, io->in, io->in_len);
  io->out_len = ds->out_len;
  return SM_OK;
}

/* ---------------------------------------------------------------- MACs */

typedef struct {
  int mac_algo; /* evp: gcry_mac_open */
  int md_algo;  /* low: gcry_md_hash_buffers with GCRY_MD_FLAG_HMAC; 0 when not HMAC */
} MacSpec;

typedef struct {
  const MacSpec *spec;
  gcry_mac_hd_t hd; /* evp */
  uint8_t *key;     /* low: the HMAC key, passed as the first buffer on every call */
  size_t key_len;
  size_t out_len;
} MacState;

static void mac_teardown(void *state)
{
  MacState *ms = state;
  gcry_mac_close(ms->hd);
  free(ms->key);
  free(ms);
}

static SmResult mac_evp_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  MacState *ms = state;
  const MacSpec *spec = params->impl_data;
  ms->spec = spec;
  ms->out_len = gcry_mac_get_algo_maclen(spec->mac_algo);
  gcry_error_t err = gcry_mac_open(&ms->hd, spec->mac_algo, 0, NULL);
  if (err)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "gcry_mac_open(%s): %s",
                  gcry_mac_algo_name(spec->mac_algo), gcry_strerror(err));
  err = gcry_mac_setkey(ms->hd, params->key.data, params->key.len);
  if (err)
    return sm_msg(SM_FAILED, msg, msg_len, "gcry_mac_setkey(%zu bytes): %s", params->key.len,
                  gcry_strerror(err));
  return SM_OK;
}

static SmResult mac_evp_mac(void *state, SmIo *io)
{
  MacState *ms = state;
  size_t len = ms->out_len;
  if (io->out_len < len)
    return SM_FAILED;
  /* reset keeps the key (HMAC pads, CMAC subkeys, the Poly1305 key): a fresh MAC per call */
  if (gcry_mac_reset(ms->hd) || gcry_mac_write(ms->hd, io->in, io->in_len) ||
      gcry_mac_read(ms->hd, io->out, &len))
    return SM_FAILED;
  io->out_len = len;
  return SM_OK;
}

static SmResult hmac_low_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  MacState *ms = state;
  const MacSpec *spec = params->impl_data;
  ms->spec = spec;
  ms->out_len = gcry_md_get_algo_dlen(spec->md_algo);
  ms->key = sm_copy_bytes(params->key); /* a zero-length key still gets a pointer */
  if (ms->key == NULL)
    return sm_out_of_memory(msg, msg_len);
  ms->key_len = params->key.len;
  return SM_OK;
}

SM_DEFINE_SETUP(mac_evp_setup, MacState, mac_evp_fill, mac_teardown)

SM_DEFINE_SETUP(hmac_low_setup, MacState, hmac_low_fill, mac_teardown)

static SmResult hmac_low_mac(void *state, SmIo *io)
{
  MacState *ms = state;
  if (io->out_len < ms->out_len)
    return SM_FAILED;
  /* With GCRY_MD_FLAG_HMAC the first buffer is the key, the rest the message. */
  gcry_buffer_t iov[2] = {
      {.size = ms->key_len, .len = ms->key_len, .data = ms->key},
      {.size = io->in_len, .len = io->in_len, .data = (void *)io->in},
  };
  if (gcry_md_hash_buffers(ms->spec->md_algo, GCRY_MD_FLAG_HMAC, io->out, iov, 2))
    return SM_FAILED;
  io->out_len = ms->out_len;
  return SM_OK;
}

static const char *digest_impl_name(const SmParams *params, void *state)
{
  (void)state;
  return describe_hwf(gcry_md_algo_name(((const DigestSpec *)params->impl_data)->algo));
}

static const char *mac_impl_name(const SmParams *params, void *state)
{
  (void)state;
  return describe_hwf(gcry_mac_algo_name(((const MacSpec *)params->impl_data)->mac_algo));
}

/* Both levels of a digest or an HMAC read the same kind of row. */
#define DIGEST_EVP(algo)                                                                           \
  {                                                                                                \
    .setup = digest_evp_setup, .op = {[SM_OP_HASH] = digest_evp_hash},                             \
    .teardown = digest_teardown, .data = (&(const DigestSpec){algo}),                              \
    .impl_name = digest_impl_name                                                                  \
  }
#define DIGEST_LOW(algo)                                                                           \
  {                                                                                                \
    .setup = digest_low_setup, .op = {[SM_OP_HASH] = digest_low_hash},                             \
    .teardown = digest_teardown, .data = (&(const DigestSpec){algo}),                              \
    .impl_name = digest_impl_name                                                                  \
  }

static const SmImpl evp_md4 = DIGEST_EVP(GCRY_MD_MD4), low_md4 = DIGEST_LOW(GCRY_MD_MD4);
static const SmImpl evp_md5 = DIGEST_EVP(GCRY_MD_MD5), low_md5 = DIGEST_LOW(GCRY_MD_MD5);
static const SmImpl evp_sha1 = DIGEST_EVP(GCRY_MD_SHA1), low_sha1 = DIGEST_LOW(GCRY_MD_SHA1);
static const SmImpl evp_sha224 = DIGEST_EVP(GCRY_MD_SHA224),
                    low_sha224 = DIGEST_LOW(GCRY_MD_SHA224);
static const SmImpl evp_sha256 = DIGEST_EVP(GCRY_MD_SHA256),
                    low_sha256 = DIGEST_LOW(GCRY_MD_SHA256);
static const SmImpl evp_sha384 = DIGEST_EVP(GCRY_MD_SHA384),
                    low_sha384 = DIGEST_LOW(GCRY_MD_SHA384);
static const SmImpl evp_sha512 = DIGEST_EVP(GCRY_MD_SHA512),
                    low_sha512 = DIGEST_LOW(GCRY_MD_SHA512);
static const SmImpl evp_sha3_256 = DIGEST_EVP(GCRY_MD_SHA3_256),
                    low_sha3_256 = DIGEST_LOW(GCRY_MD_SHA3_256);
static const SmImpl evp_sha3_512 = DIGEST_EVP(GCRY_MD_SHA3_512),
                    low_sha3_512 = DIGEST_LOW(GCRY_MD_SHA3_512);
static const SmImpl evp_blake2b512 = DIGEST_EVP(GCRY_MD_BLAKE2B_512),
                    low_blake2b512 = DIGEST_LOW(GCRY_MD_BLAKE2B_512);
static const SmImpl evp_blake2s256 = DIGEST_EVP(GCRY_MD_BLAKE2S_256),
                    low_blake2s256 = DIGEST_LOW(GCRY_MD_BLAKE2S_256);
static const SmImpl evp_ripemd160 = DIGEST_EVP(GCRY_MD_RMD160),
                    low_ripemd160 = DIGEST_LOW(GCRY_MD_RMD160);
static const SmImpl evp_sm3 = DIGEST_EVP(GCRY_MD_SM3), low_sm3 = DIGEST_LOW(GCRY_MD_SM3);

#define MAC_EVP(...)                                                                               \
  {                                                                                                \
    .setup = mac_evp_setup, .op = {[SM_OP_MAC] = mac_evp_mac}, .teardown = mac_teardown,           \
    .data = (&(const MacSpec){__VA_ARGS__}), .impl_name = mac_impl_name                            \
  }
#define HMAC_LOW(...)                                                                              \
  {                                                                                                \
    .setup = hmac_low_setup, .op = {[SM_OP_MAC] = hmac_low_mac}, .teardown = mac_teardown,         \
    .data = (&(const MacSpec){__VA_ARGS__}), .impl_name = mac_impl_name                            \
  }

static const SmImpl evp_hmac_md5 = MAC_EVP(GCRY_MAC_HMAC_MD5, GCRY_MD_MD5),
                    low_hmac_md5 = HMAC_LOW(GCRY_MAC_HMAC_MD5, GCRY_MD_MD5);
static const SmImpl evp_hmac_sha1 = MAC_EVP(GCRY_MAC_HMAC_SHA1, GCRY_MD_SHA1),
                    low_hmac_sha1 = HMAC_LOW(GCRY_MAC_HMAC_SHA1, GCRY_MD_SHA1);
static const SmImpl evp_hmac_sha256 = MAC_EVP(GCRY_MAC_HMAC_SHA256, GCRY_MD_SHA256),
                    low_hmac_sha256 = HMAC_LOW(GCRY_MAC_HMAC_SHA256, GCRY_MD_SHA256);
static const SmImpl evp_hmac_sha384 = MAC_EVP(GCRY_MAC_HMAC_SHA384, GCRY_MD_SHA384),
                    low_hmac_sha384 = HMAC_LOW(GCRY_MAC_HMAC_SHA384, GCRY_MD_SHA384);
static const SmImpl evp_hmac_sha512 = MAC_EVP(GCRY_MAC_HMAC_SHA512, GCRY_MD_SHA512),
                    low_hmac_sha512 = HMAC_LOW(GCRY_MAC_HMAC_SHA512, GCRY_MD_SHA512);
static const SmImpl evp_cmac_aes128 = MAC_EVP(GCRY_MAC_CMAC_AES, 0);
static const SmImpl evp_poly1305 =
    MAC_EVP(GCRY_MAC_POLY1305, 0); /* plain Poly1305: the 32-byte key is r || s */

/* The digest rows, in the order `list` shows them. */
const SmAlgorithm digest_rows[] = {
    ROW_BOTH("md4", SM_KIND_DIGEST, md4),
    ROW_BOTH("md5", SM_KIND_DIGEST, md5),
    ROW_BOTH("sha1", SM_KIND_DIGEST, sha1),
    ROW_BOTH("sha224", SM_KIND_DIGEST, sha224),
    ROW_BOTH("sha256", SM_KIND_DIGEST, sha256),
    ROW_BOTH("sha384", SM_KIND_DIGEST, sha384),
    ROW_BOTH("sha512", SM_KIND_DIGEST, sha512),
    ROW_BOTH("sha3-256", SM_KIND_DIGEST, sha3_256),
    ROW_BOTH("sha3-512", SM_KIND_DIGEST, sha3_512),
    ROW_BOTH("blake2b512", SM_KIND_DIGEST, blake2b512),
    ROW_BOTH("blake2s256", SM_KIND_DIGEST, blake2s256),
    ROW_BOTH("ripemd160", SM_KIND_DIGEST, ripemd160),
    ROW_BOTH("sm3", SM_KIND_DIGEST, sm3),
    SM_ROW_END,
};

/* The MAC rows, in the order `list` shows them. */
const SmAlgorithm mac_rows[] = {
    ROW_BOTH("hmac-md5", SM_KIND_MAC, hmac_md5),
    ROW_BOTH("hmac-sha1", SM_KIND_MAC, hmac_sha1),
    ROW_BOTH("hmac-sha256", SM_KIND_MAC, hmac_sha256),
    ROW_BOTH("hmac-sha384", SM_KIND_MAC, hmac_sha384),
    ROW_BOTH("hmac-sha512", SM_KIND_MAC, hmac_sha512),
    ROW_EVP("cmac-aes128", SM_KIND_MAC, cmac_aes128, NO_ONESHOT_MAC),
    ROW_EVP("poly1305", SM_KIND_MAC, poly1305, NO_ONESHOT_MAC),
    SM_ROW_END,
};

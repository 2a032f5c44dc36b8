/* gcrypt engine: digests (gcry_md_*, and the one-shot gcry_md_hash_buffer) and MACs (gcry_mac_*,
 * and the one-shot HMAC of gcry_md_hash_buffers). */

#include "gcrypt-engine.h"

/* ---------------------------------------------------------------- digests */

typedef struct {
  int algo;
  bool handle; /* evp: hash on a gcry_md handle opened in setup; low: the one-shot call */
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
  gcry_error_t err = spec->handle ? gcry_md_open(&ds->hd, spec->algo, 0) : 0;
  if (err)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "gcry_md_open(%s): %s",
                  gcry_md_algo_name(spec->algo), gcry_strerror(err));
  return SM_OK;
}

SM_DEFINE_SETUP(digest_setup, DigestState, digest_fill, digest_teardown)

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
  return sm_output(io, ds->out_len);
}

static SmResult digest_low_hash(void *state, SmIo *io)
{
  DigestState *ds = state;
  if (io->out_len < ds->out_len)
    return SM_FAILED;
  gcry_md_hash_buffer(ds->spec->algo, io->out, io->in, io->in_len);
  return sm_output(io, ds->out_len);
}

/* ---------------------------------------------------------------- MACs */

typedef struct {
  int mac_algo; /* evp: gcry_mac_open */
  int md_algo;  /* low: gcry_md_hash_buffers with GCRY_MD_FLAG_HMAC; 0 when not HMAC */
} MacSpec;

typedef struct {
  const MacSpec *spec;
  gcry_mac_hd_t hd;  /* evp */
  gcry_buffer_t key; /* low: a copy of the HMAC key, the first buffer of every call */
  size_t out_len;
} MacState;

static void mac_teardown(void *state)
{
  MacState *ms = state;
  gcry_mac_close(ms->hd);
  free(ms->key.data);
  free(ms);
}

static SmResult mac_evp_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  MacState *ms = state;
  const MacSpec *spec = params->impl_data;
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
  /* reset keeps the key (HMAC pads, CMAC subkeys, the Poly1305 key): a fresh MAC per call */
  if (io->out_len < len || gcry_mac_reset(ms->hd) || gcry_mac_write(ms->hd, io->in, io->in_len) ||
      gcry_mac_read(ms->hd, io->out, &len))
    return SM_FAILED;
  return sm_output(io, len);
}

static SmResult hmac_low_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  MacState *ms = state;
  const MacSpec *spec = params->impl_data;
  ms->spec = spec;
  ms->out_len = gcry_md_get_algo_dlen(spec->md_algo);
  /* the key's private copy as a buffer (a zero-length key still gets a pointer) */
  ms->key = (gcry_buffer_t){
      .size = params->key.len, .len = params->key.len, .data = sm_copy_bytes(params->key)};
  if (ms->key.data == NULL)
    return sm_out_of_memory(msg, msg_len);
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
  gcry_buffer_t iov[2] = {ms->key, {.size = io->in_len, .len = io->in_len, .data = (void *)io->in}};
  if (gcry_md_hash_buffers(ms->spec->md_algo, GCRY_MD_FLAG_HMAC, io->out, iov, 2))
    return SM_FAILED;
  return sm_output(io, ms->out_len);
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

/* A digest's impl at one level: its op, and whether setup opens the handle that op hashes on. */
#define DIGEST_IMPL(hash_fn, algo, on_handle)                                                      \
  (&(const SmImpl){.setup = digest_setup,                                                          \
                   .op = {[SM_OP_HASH] = (hash_fn)},                                               \
                   .teardown = digest_teardown,                                                    \
                   .data = (&(const DigestSpec){algo, on_handle}),                                 \
                   .impl_name = digest_impl_name})
#define DIGEST_ROW(n, algo)                                                                        \
  SM_ROW_BOTH(n, SM_KIND_DIGEST, DIGEST_IMPL(digest_evp_hash, algo, true),                         \
              DIGEST_IMPL(digest_low_hash, algo, false))

/* A MAC's impl: its setup and op around a row naming the gcry_mac algorithm and (HMAC) the
 * digest the one-shot call takes. */
#define MAC_IMPL(setup_fn, mac_fn, ...)                                                            \
  (&(const SmImpl){.setup = (setup_fn),                                                            \
                   .op = {[SM_OP_MAC] = (mac_fn)},                                                 \
                   .teardown = mac_teardown,                                                       \
                   .data = (&(const MacSpec){__VA_ARGS__}),                                        \
                   .impl_name = mac_impl_name})
/* An HMAC row of SM_HMAC_FAMILY: gcry_mac's HMAC (evp), the one-shot over the digest (low). */
#define HMAC_ROW(hash, HASH)                                                                       \
  SM_ROW_BOTH("hmac-" #hash, SM_KIND_MAC,                                                          \
              MAC_IMPL(mac_evp_setup, mac_evp_mac, GCRY_MAC_HMAC_##HASH, GCRY_MD_##HASH),          \
              MAC_IMPL(hmac_low_setup, hmac_low_mac, GCRY_MAC_HMAC_##HASH, GCRY_MD_##HASH))
#define MAC_EVP_ROW(n, mac_algo)                                                                   \
  SM_ROW_EVP_ONLY(n, SM_KIND_MAC, MAC_IMPL(mac_evp_setup, mac_evp_mac, mac_algo, 0), NO_ONESHOT_MAC)

/* The digest rows, in the order `list` shows them. */
const SmAlgorithm digest_rows[] = {
    DIGEST_ROW("md4", GCRY_MD_MD4),
    DIGEST_ROW("md5", GCRY_MD_MD5),
    DIGEST_ROW("sha1", GCRY_MD_SHA1),
    DIGEST_ROW("sha224", GCRY_MD_SHA224),
    DIGEST_ROW("sha256", GCRY_MD_SHA256),
    DIGEST_ROW("sha384", GCRY_MD_SHA384),
    DIGEST_ROW("sha512", GCRY_MD_SHA512),
    DIGEST_ROW("sha3-256", GCRY_MD_SHA3_256),
    DIGEST_ROW("sha3-512", GCRY_MD_SHA3_512),
    DIGEST_ROW("blake2b512", GCRY_MD_BLAKE2B_512),
    DIGEST_ROW("blake2s256", GCRY_MD_BLAKE2S_256),
    DIGEST_ROW("ripemd160", GCRY_MD_RMD160),
    DIGEST_ROW("sm3", GCRY_MD_SM3),
    SM_ROW_END,
};

/* The MAC rows, in the order `list` shows them. */
const SmAlgorithm mac_rows[] = {
    SM_HMAC_FAMILY(HMAC_ROW),
    MAC_EVP_ROW("cmac-aes128", GCRY_MAC_CMAC_AES),
    MAC_EVP_ROW("poly1305", GCRY_MAC_POLY1305), /* plain Poly1305: the 32-byte key is r || s */
    SM_ROW_END,
};

/* Nettle engine: digests and MACs, through nettle-meta (evp) and the typed calls (low). */

#include "nettle-engine.h"

/* ------------------------------------------------------------------------------------------ */
/* Digests: a fresh hash per call                                                              */

typedef struct {
  const struct nettle_hash *hash;
  max_align_t ctx[]; /* context_size bytes */
} MetaHash;

/* A row of the evp digest and HMAC tables: the hash descriptor. */
typedef struct {
  const struct nettle_hash *hash;
} MetaHashRow;

ROW_NAME_GETTER(meta_hash_impl_name, MetaHashRow, hash->name)

static size_t meta_hash_ctx_size(const MetaHashRow *row) { return row->hash->context_size; }

static SmResult meta_hash_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  (void)msg;
  (void)msg_len;
  MetaHash *s = state;
  s->hash = ((const MetaHashRow *)params->impl_data)->hash;
  return SM_OK;
}

SIZED_SETUP(meta_hash_setup, MetaHash, MetaHashRow, meta_hash_ctx_size, meta_hash_fill, free)

static SmResult meta_hash(void *state, SmIo *io)
{
  MetaHash *s = state;
  const struct nettle_hash *hash = s->hash;
  if (io->out_len < hash->digest_size)
    return SM_FAILED;
  hash->init(s->ctx);
  hash->update(s->ctx, io->in_len, io->in);
  hash->digest(s->ctx, hash->digest_size, io->out);
  return sm_output(io, hash->digest_size);
}

#define META_HASH(desc)                                                                            \
  FAT_IMPL(meta_hash_setup, free, (&(const MetaHashRow){&(desc)}),                                 \
           meta_hash_impl_name, [SM_OP_HASH] = meta_hash)

/* Low digests: per context type, one typed init/update/digest of a whole message. */
typedef void LowHashFn(void *ctx, size_t length, const uint8_t *data, uint8_t *digest);

typedef struct {
  size_t ctx_size, digest_size;
  LowHashFn *hash;
  const char *name; /* what the fat dispatch is asked about (impl column) */
} LowHashRow;

ROW_NAME_GETTER(low_hash_impl_name, LowHashRow, name)

typedef struct {
  const LowHashRow *row;
  max_align_t ctx[]; /* ctx_size bytes */
} LowHash;

static size_t low_hash_ctx_size(const LowHashRow *row) { return row->ctx_size; }

static SmResult low_hash_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  (void)msg;
  (void)msg_len;
  LowHash *s = state;
  s->row = params->impl_data;
  return SM_OK;
}

SIZED_SETUP(low_hash_setup, LowHash, LowHashRow, low_hash_ctx_size, low_hash_fill, free)

static SmResult low_hash(void *state, SmIo *io)
{
  LowHash *s = state;
  if (io->out_len < s->row->digest_size)
    return SM_FAILED;
  s->row->hash(s->ctx, io->in_len, io->in, io->out);
  return sm_output(io, s->row->digest_size);
}

#define LOW_HASH(tag, size)                                                                        \
  FAT_IMPL(low_hash_setup, free,                                                                   \
           (&(const LowHashRow){sizeof(struct tag##_ctx), size, tag##_low_hash, #tag}),            \
           low_hash_impl_name, [SM_OP_HASH] = low_hash)

/* One typed init/update/digest of a whole message, and its impl, written once per hash. */
#define TYPED_HASH(tag, size)                                                                      \
  static void tag##_low_hash(void *ctx, size_t length, const uint8_t *data, uint8_t *digest)       \
  {                                                                                                \
    tag##_init(ctx);                                                                               \
    tag##_update(ctx, length, data);                                                               \
    tag##_digest(ctx, size, digest);                                                               \
  }                                                                                                \
  static const SmImpl tag##_low = LOW_HASH(tag, size);

TYPED_HASH(md4, MD4_DIGEST_SIZE)
TYPED_HASH(md5, MD5_DIGEST_SIZE)
TYPED_HASH(sha1, SHA1_DIGEST_SIZE)
TYPED_HASH(sha224, SHA224_DIGEST_SIZE)
TYPED_HASH(sha256, SHA256_DIGEST_SIZE)
TYPED_HASH(sha384, SHA384_DIGEST_SIZE)
TYPED_HASH(sha512, SHA512_DIGEST_SIZE)
TYPED_HASH(sha3_256, SHA3_256_DIGEST_SIZE)
TYPED_HASH(sha3_512, SHA3_512_DIGEST_SIZE)
TYPED_HASH(ripemd160, RIPEMD160_DIGEST_SIZE)
TYPED_HASH(sm3, SM3_DIGEST_SIZE)

/* ------------------------------------------------------------------------------------------ */
/* MACs: keyed in setup; Nettle's digest functions leave the context ready for a fresh message */

/* HMAC at the evp level is the generic hmac_set_key/hmac_digest over a struct nettle_hash:
 * the nettle_hmac_* mac descriptors fix the key length to the digest size, and HMAC keys here
 * may be any length. */
typedef struct {
  const struct nettle_hash *hash;
  max_align_t contexts[]; /* outer, inner, state: context_size bytes each */
} MetaHmac;

/* Context sizes are struct sizes, hence multiples of their alignment: three fit back to back. */
static size_t meta_hmac_ctx_size(const MetaHashRow *row) { return 3u * row->hash->context_size; }

static SmResult meta_hmac_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  (void)msg;
  (void)msg_len;
  MetaHmac *s = state;
  const struct nettle_hash *hash = ((const MetaHashRow *)params->impl_data)->hash;
  s->hash = hash;
  uint8_t *outer = (uint8_t *)s->contexts, *inner = outer + hash->context_size;
  hmac_set_key(outer, inner, inner + hash->context_size, hash, params->key.len,
               sm_bytes_or_empty(params->key));
  return SM_OK;
}

SIZED_SETUP(meta_hmac_setup, MetaHmac, MetaHashRow, meta_hmac_ctx_size, meta_hmac_fill, free)

static SmResult meta_hmac(void *state, SmIo *io)
{
  MetaHmac *s = state;
  const struct nettle_hash *hash = s->hash;
  uint8_t *outer = (uint8_t *)s->contexts, *inner = outer + hash->context_size;
  uint8_t *running = inner + hash->context_size;
  if (io->out_len < hash->digest_size)
    return SM_FAILED;
  hmac_update(running, hash, io->in_len, io->in);
  hmac_digest(outer, inner, running, hash, hash->digest_size, io->out);
  return sm_output(io, hash->digest_size);
}

#define META_HMAC(desc)                                                                            \
  FAT_IMPL(meta_hmac_setup, free, (&(const MetaHashRow){&(desc)}),                                 \
           meta_hash_impl_name, [SM_OP_MAC] = meta_hmac)

typedef struct {
  const struct nettle_mac *mac;
  max_align_t ctx[]; /* context_size bytes */
} MetaMac;

/* A row of the evp MAC table: the descriptor. */
typedef struct {
  const struct nettle_mac *mac;
} MetaMacRow;

static size_t meta_mac_ctx_size(const MetaMacRow *row) { return row->mac->context_size; }

static SmResult meta_mac_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  MetaMac *s = state;
  const struct nettle_mac *mac = ((const MetaMacRow *)params->impl_data)->mac;
  if (params->key.len != mac->key_size)
    return fail_len(msg, msg_len, "key", params->key.len, mac->key_size);
  s->mac = mac;
  mac->set_key(s->ctx, params->key.data);
  return SM_OK;
}

SIZED_SETUP(meta_mac_setup, MetaMac, MetaMacRow, meta_mac_ctx_size, meta_mac_fill, free)

static SmResult meta_mac(void *state, SmIo *io)
{
  MetaMac *s = state;
  const struct nettle_mac *mac = s->mac;
  if (io->out_len < mac->digest_size)
    return SM_FAILED;
  mac->update(s->ctx, io->in_len, io->in);
  mac->digest(s->ctx, mac->digest_size, io->out);
  return sm_output(io, mac->digest_size);
}

static const SmImpl cmac_aes128_evp =
    SM_IMPL_MAC(meta_mac_setup, free, &(const MetaMacRow){&nettle_cmac_aes128}, meta_mac);

/* Low MACs: per context type, a typed keying call (false: key length refused) and a typed
 * update/digest of a whole message; the digest leaves the context keyed for the next one. */
typedef bool LowMacKeyFn(void *ctx, size_t length, const uint8_t *key);
typedef void LowMacFn(void *ctx, size_t length, const uint8_t *data, uint8_t *digest);

typedef struct {
  size_t ctx_size, digest_size;
  LowMacKeyFn *key;
  LowMacFn *mac;
  const char *name; /* what the fat dispatch is asked about (impl column) */
} LowMacRow;

ROW_NAME_GETTER(low_mac_impl_name, LowMacRow, name)

typedef struct {
  const LowMacRow *row;
  max_align_t ctx[]; /* ctx_size bytes */
} LowMac;

static size_t low_mac_ctx_size(const LowMacRow *row) { return row->ctx_size; }

static SmResult low_mac_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  LowMac *s = state;
  const LowMacRow *row = params->impl_data;
  s->row = row;
  if (!row->key(s->ctx, params->key.len, sm_bytes_or_empty(params->key)))
    return sm_msg(SM_FAILED, msg, msg_len, "key of %zu bytes refused", params->key.len);
  return SM_OK;
}

SIZED_SETUP(low_mac_setup, LowMac, LowMacRow, low_mac_ctx_size, low_mac_fill, free)

static SmResult low_mac(void *state, SmIo *io)
{
  LowMac *s = state;
  if (io->out_len < s->row->digest_size)
    return SM_FAILED;
  s->row->mac(s->ctx, io->in_len, io->in, io->out);
  return sm_output(io, s->row->digest_size);
}

static bool cmac_aes128_key(void *ctx, size_t length, const uint8_t *key)
{
  if (length != AES128_KEY_SIZE)
    return false;
  cmac_aes128_set_key(ctx, key);
  return true;
}

/* HMAC's typed set_key (any length fits) and update/digest, written once per hash. */
#define HMAC_CALLS(hash, size)                                                                     \
  static bool hmac_##hash##_key(void *ctx, size_t length, const uint8_t *key)                      \
  {                                                                                                \
    hmac_##hash##_set_key(ctx, length, key);                                                       \
    return true;                                                                                   \
  }                                                                                                \
                                                                                                   \
  static void hmac_##hash##_mac(void *ctx, size_t length, const uint8_t *data, uint8_t *digest)    \
  {                                                                                                \
    hmac_##hash##_update(ctx, length, data);                                                       \
    hmac_##hash##_digest(ctx, size, digest);                                                       \
  }

HMAC_CALLS(md5, MD5_DIGEST_SIZE)
HMAC_CALLS(sha1, SHA1_DIGEST_SIZE)
HMAC_CALLS(sha256, SHA256_DIGEST_SIZE)
HMAC_CALLS(sha384, SHA384_DIGEST_SIZE)
HMAC_CALLS(sha512, SHA512_DIGEST_SIZE)

static void cmac_aes128_mac(void *ctx, size_t length, const uint8_t *data, uint8_t *digest)
{
  cmac_aes128_update(ctx, length, data);
  cmac_aes128_digest(ctx, CMAC128_DIGEST_SIZE, digest);
}

#define LOW_MAC(tag, size)                                                                         \
  FAT_IMPL(low_mac_setup, free,                                                                    \
           (&(const LowMacRow){sizeof(struct tag##_ctx), size, tag##_key, tag##_mac, #tag}),       \
           low_mac_impl_name, [SM_OP_MAC] = low_mac)

/* A digest row: its evp impl over Nettle's nettle_hash descriptor, its low one over the typed
 * calls (TYPED_HASH above). */
#define DIGEST_ROW(n, tag)                                                                         \
  SM_ROW_BOTH(n, SM_KIND_DIGEST, &(const SmImpl)META_HASH(nettle_##tag), &tag##_low)
/* An HMAC row of SM_HMAC_FAMILY: the nettle_hmac_* descriptor (evp), the typed hmac_* calls
 * (low). */
#define HMAC_ROW(hash, HASH)                                                                       \
  SM_ROW_BOTH("hmac-" #hash, SM_KIND_MAC, &(const SmImpl)META_HMAC(nettle_##hash),                 \
              &(const SmImpl)LOW_MAC(hmac_##hash, HASH##_DIGEST_SIZE))

/* The digest rows, in the order `list` shows them. */
const SmAlgorithm digest_rows[] = {
    DIGEST_ROW("md4", md4),           DIGEST_ROW("md5", md5),
    DIGEST_ROW("sha1", sha1),         DIGEST_ROW("sha224", sha224),
    DIGEST_ROW("sha256", sha256),     DIGEST_ROW("sha384", sha384),
    DIGEST_ROW("sha512", sha512),     DIGEST_ROW("sha3-256", sha3_256),
    DIGEST_ROW("sha3-512", sha3_512), DIGEST_ROW("ripemd160", ripemd160),
    DIGEST_ROW("sm3", sm3),           SM_ROW_END,
};

/* The MAC rows, in the order `list` shows them. */
const SmAlgorithm mac_rows[] = {
    SM_HMAC_FAMILY(HMAC_ROW),
    SM_ROW_BOTH("cmac-aes128", SM_KIND_MAC, &cmac_aes128_evp,
                &(const SmImpl)LOW_MAC(cmac_aes128, CMAC128_DIGEST_SIZE)),
    SM_ROW_END,
};

/* libsodium engine: MACs. evp: the one-shot crypto_auth_hmacsha* and crypto_onetimeauth, which
 * key themselves on every call (what the one-shot API costs); low: a state keyed once in setup
 * with *_init and copied per call. */

#include "sodium-engine.h"

enum { ONESHOT_KEY = 32 }; /* crypto_auth_hmacsha256/512 and crypto_onetimeauth keys */

/* low: the state right after keying, copied per call. */
typedef union {
  crypto_auth_hmacsha256_state hmacsha256;
  crypto_auth_hmacsha512_state hmacsha512;
  crypto_onetimeauth_state poly1305;
} KeyedMac;

/* crypto_auth_hmacsha256, crypto_auth_hmacsha512 and crypto_onetimeauth: the evp calls. */
typedef int OneShotMacFn(unsigned char *out, const unsigned char *in, unsigned long long inlen,
                         const unsigned char *k);
typedef int HashFn(unsigned char *out, const unsigned char *in, unsigned long long inlen);
/* low: keys the state (any key length the MAC takes), and MACs a message on a copy of it. */
typedef void MacKeyFn(KeyedMac *keyed, const unsigned char *key, size_t key_len);
typedef void MacStreamFn(const KeyedMac *keyed, unsigned char *out, const unsigned char *in,
                         unsigned long long inlen);

/* A MAC: its sizes and libsodium's calls for it. */
typedef struct {
  const char *name; /* the row, or the one-shot call whose key it cannot take */
  size_t key_len;   /* the only key length at both levels; 0: HMAC, any at low */
  size_t block_len; /* HMAC pads or hashes the key to this */
  size_t mac_len;   /* also what HMAC hashes a key longer than the block to */
  HashFn *hash;     /* HMAC: the hash of a long key */
  OneShotMacFn *oneshot;
  MacKeyFn *key;
  MacStreamFn *stream;
} SodiumMac;

static void hmacsha256_key(KeyedMac *keyed, const unsigned char *key, size_t key_len)
{
  crypto_auth_hmacsha256_init(&keyed->hmacsha256, key, key_len);
}

static void hmacsha256_stream(const KeyedMac *keyed, unsigned char *out, const unsigned char *in,
                              unsigned long long inlen)
{
  crypto_auth_hmacsha256_state st = keyed->hmacsha256;
  crypto_auth_hmacsha256_update(&st, in, inlen);
  crypto_auth_hmacsha256_final(&st, out);
}

static void hmacsha512_key(KeyedMac *keyed, const unsigned char *key, size_t key_len)
{
  crypto_auth_hmacsha512_init(&keyed->hmacsha512, key, key_len);
}

static void hmacsha512_stream(const KeyedMac *keyed, unsigned char *out, const unsigned char *in,
                              unsigned long long inlen)
{
  crypto_auth_hmacsha512_state st = keyed->hmacsha512;
  crypto_auth_hmacsha512_update(&st, in, inlen);
  crypto_auth_hmacsha512_final(&st, out);
}

static void poly1305_key(KeyedMac *keyed, const unsigned char *key, size_t key_len)
{
  (void)key_len; /* crypto_onetimeauth_KEYBYTES, checked in setup */
  crypto_onetimeauth_init(&keyed->poly1305, key);
}

static void poly1305_stream(const KeyedMac *keyed, unsigned char *out, const unsigned char *in,
                            unsigned long long inlen)
{
  crypto_onetimeauth_state st = keyed->poly1305;
  crypto_onetimeauth_update(&st, in, inlen);
  crypto_onetimeauth_final(&st, out);
}

static const SodiumMac hmacsha256 = {
    .name = "crypto_auth_hmacsha256",
    .block_len = 64,
    .mac_len = crypto_auth_hmacsha256_BYTES,
    .hash = crypto_hash_sha256,
    .oneshot = crypto_auth_hmacsha256,
    .key = hmacsha256_key,
    .stream = hmacsha256_stream,
};

static const SodiumMac hmacsha512 = {
    .name = "crypto_auth_hmacsha512",
    .block_len = 128,
    .mac_len = crypto_auth_hmacsha512_BYTES,
    .hash = crypto_hash_sha512,
    .oneshot = crypto_auth_hmacsha512,
    .key = hmacsha512_key,
    .stream = hmacsha512_stream,
};

static const SodiumMac poly1305 = {
    .name = "poly1305",
    .key_len = crypto_onetimeauth_KEYBYTES,
    .mac_len = crypto_onetimeauth_BYTES,
    .oneshot = crypto_onetimeauth,
    .key = poly1305_key,
    .stream = poly1305_stream,
};

typedef struct {
  KeyedMac keyed;                 /* low */
  unsigned char key[ONESHOT_KEY]; /* evp: the one-shot calls take the key every call */
  const SodiumMac *mac;
} MacState;

/* HMAC zero-pads a key shorter than the block and hashes a longer one, so such a key equals a
 * 32-byte one whenever that padded or hashed form fits in 32 bytes (a 32-byte Poly1305 key is
 * itself). */
static bool key_as_32(const SodiumMac *mac, SmBytes key, unsigned char out[ONESHOT_KEY])
{
  memset(out, 0, ONESHOT_KEY);
  if (key.len <= ONESHOT_KEY) {
    if (key.len > 0)
      memcpy(out, key.data, key.len);
    return true;
  }
  if (mac->hash != NULL && key.len > mac->block_len && mac->mac_len <= ONESHOT_KEY) {
    mac->hash(out, key.data, key.len);
    return true;
  }
  return false;
}

/* Both levels: a MAC with one key length refuses any other. */
static SmResult mac_check_key(const SodiumMac *mac, const SmParams *params, char *msg,
                              size_t msg_len)
{
  if (mac->key_len != 0 && params->key.len != mac->key_len)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "%s needs a %zu-byte one-time key", mac->name,
                  mac->key_len);
  return SM_OK;
}

static SmResult mac_oneshot_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  MacState *s = state;
  s->mac = params->impl_data;
  SmResult result = mac_check_key(s->mac, params, msg, msg_len);
  if (result != SM_OK)
    return result;
  if (!key_as_32(s->mac, params->key, s->key))
    return sm_msg(
        SM_UNSUPPORTED, msg, msg_len,
        "%s takes a 32-byte key; a %zu-byte key has no 32-byte equivalent (low takes any)",
        s->mac->name, params->key.len);
  return SM_OK;
}

static SmResult mac_keyed_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  MacState *s = state;
  s->mac = params->impl_data;
  SmResult result = mac_check_key(s->mac, params, msg, msg_len);
  if (result == SM_OK)
    s->mac->key(&s->keyed, sm_bytes_or_empty(params->key), params->key.len);
  return result;
}

SM_DEFINE_SETUP(mac_oneshot_setup, MacState, mac_oneshot_fill, free)
SM_DEFINE_SETUP(mac_keyed_setup, MacState, mac_keyed_fill, free)

static SmResult mac_oneshot(void *state, SmIo *io)
{
  MacState *s = state;
  if (io->out_len < s->mac->mac_len || s->mac->oneshot(io->out, io->in, io->in_len, s->key) != 0)
    return SM_FAILED;
  return sm_output(io, s->mac->mac_len);
}

static SmResult mac_stream(void *state, SmIo *io)
{
  MacState *s = state;
  if (io->out_len < s->mac->mac_len)
    return SM_FAILED;
  s->mac->stream(&s->keyed, io->out, io->in, io->in_len);
  return sm_output(io, s->mac->mac_len);
}

#define MAC_ROW(n, mac)                                                                            \
  SM_ROW_BOTH(n, SM_KIND_MAC,                                                                      \
              (&(const SmImpl)SM_IMPL_MAC(mac_oneshot_setup, free, &(mac), mac_oneshot)),          \
              (&(const SmImpl)SM_IMPL_MAC(mac_keyed_setup, free, &(mac), mac_stream)))

/* The MAC rows, in the order `list` shows them. */
const SmAlgorithm mac_rows[] = {
    MAC_ROW("hmac-sha256", hmacsha256),
    MAC_ROW("hmac-sha512", hmacsha512),
    MAC_ROW("poly1305", poly1305),
    SM_ROW_END,
};

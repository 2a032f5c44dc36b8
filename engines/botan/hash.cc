#include "botan-engine.h"

namespace sm_botan
{

/* ------------------------------------------------------------------------------------------ */
/* evp: digests and MACs through the FFI (final resets the object for the next message)        */

struct FfiHash {
  botan_hash_t hash = nullptr;
  size_t out_len = 0;
  ~FfiHash() { botan_hash_destroy(hash); }
};

SmResult ffi_hash_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  return setup_state<FfiHash, NameRow>(
      botan, params, state, msg, msg_len, [&](FfiHash *st, const NameRow *row) {
        ffi_check(botan_hash_init(&st->hash, row->name, 0), row->name);
        ffi_check(botan_hash_output_length(st->hash, &st->out_len), "botan_hash_output_length");
        return SM_OK;
      });
}

SmResult ffi_hash_op(void *state, SmIo *io)
{
  auto *st = static_cast<FfiHash *>(state);
  if (io->out_len < st->out_len ||
      botan_hash_update(st->hash, sm_bytes_or_empty({io->in, io->in_len}), io->in_len) != 0 ||
      botan_hash_final(st->hash, io->out) != 0)
    return SM_FAILED;
  io->out_len = st->out_len;
  return SM_OK;
}

struct FfiMac {
  botan_mac_t mac = nullptr;
  size_t out_len = 0;
  Botan::secure_vector<uint8_t> key; /* only for a one-time key */
  ~FfiMac() { botan_mac_destroy(mac); }
};

SmResult ffi_mac_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  return setup_state<FfiMac, NameRow>(
      botan, params, state, msg, msg_len, [&](FfiMac *st, const NameRow *row) {
        ffi_check(botan_mac_init(&st->mac, row->name, 0), row->name);
        ffi_check(botan_mac_output_length(st->mac, &st->out_len), "botan_mac_output_length");
        ffi_check(botan_mac_set_key(st->mac, sm_bytes_or_empty(params->key), params->key.len),
                  "botan_mac_set_key");
        if (row->rekey)
          st->key = secret_of(params->key);
        return SM_OK;
      });
}

SmResult ffi_mac_op(void *state, SmIo *io)
{
  auto *st = static_cast<FfiMac *>(state);
  /* Poly1305 forgets its key at final: a one-time authenticator is keyed per message. */
  if (!st->key.empty() && botan_mac_set_key(st->mac, st->key.data(), st->key.size()) != 0)
    return SM_FAILED;
  if (io->out_len < st->out_len ||
      botan_mac_update(st->mac, sm_bytes_or_empty({io->in, io->in_len}), io->in_len) != 0 ||
      botan_mac_final(st->mac, io->out) != 0)
    return SM_FAILED;
  io->out_len = st->out_len;
  return SM_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* low: HashFunction and MessageAuthenticationCode (final() resets for the next message)      */

struct LowHash {
  std::unique_ptr<Botan::HashFunction> hash;
};

SmResult low_hash_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  return setup_state<LowHash, NameRow>(botan, params, state, msg, msg_len,
                                       [&](LowHash *st, const NameRow *row) {
                                         st->hash = Botan::HashFunction::create_or_throw(row->name);
                                         return SM_OK;
                                       });
}

SmResult low_hash_op(void *state, SmIo *io)
{
  return guarded_op([&] {
    auto *st = static_cast<LowHash *>(state);
    size_t len = st->hash->output_length();
    if (io->out_len < len)
      return SM_FAILED;
    st->hash->update(io->in, io->in_len);
    st->hash->final(io->out);
    io->out_len = len;
    return SM_OK;
  });
}

struct LowMac {
  std::unique_ptr<Botan::MessageAuthenticationCode> mac;
  Botan::secure_vector<uint8_t> key; /* only for a one-time key */
};

SmResult low_mac_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  return setup_state<LowMac, NameRow>(
      botan, params, state, msg, msg_len, [&](LowMac *st, const NameRow *row) {
        st->mac = Botan::MessageAuthenticationCode::create_or_throw(row->name);
        st->mac->set_key(sm_bytes_or_empty(params->key), params->key.len);
        if (row->rekey)
          st->key = secret_of(params->key);
        return SM_OK;
      });
}

SmResult low_mac_op(void *state, SmIo *io)
{
  return guarded_op([&] {
    auto *st = static_cast<LowMac *>(state);
    size_t len = st->mac->output_length();
    if (io->out_len < len)
      return SM_FAILED;
    if (!st->key.empty()) /* Poly1305 forgets its key at final */
      st->mac->set_key(st->key);
    st->mac->update(io->in, io->in_len);
    st->mac->final(io->out);
    io->out_len = len;
    return SM_OK;
  });
}

/* ------------------------------------------------------------------------------------------ */
/* Tables                                                                                      */

constexpr NameRow md4{"MD4", false}, md5{"MD5", false}, sha1{"SHA-1", false};
constexpr NameRow sha224{"SHA-224", false}, sha256{"SHA-256", false}, sha384{"SHA-384", false};
constexpr NameRow sha512{"SHA-512", false}, sha3_256{"SHA-3(256)", false};
constexpr NameRow sha3_512{"SHA-3(512)", false}, blake2b512{"BLAKE2b(512)", false};
constexpr NameRow ripemd160{"RIPEMD-160", false}, sm3{"SM3", false};
constexpr NameRow hmac_md5{"HMAC(MD5)", false}, hmac_sha1{"HMAC(SHA-1)", false};
constexpr NameRow hmac_sha256{"HMAC(SHA-256)", false}, hmac_sha384{"HMAC(SHA-384)", false};
constexpr NameRow hmac_sha512{"HMAC(SHA-512)", false}, cmac_aes128{"CMAC(AES-128)", false};
constexpr NameRow poly1305{"Poly1305", true};

const char *hash_impl_name(const SmParams *params, void *) noexcept
{
  const auto *row = static_cast<const NameRow *>(params->impl_data);
  return guarded_provider(
      [&] { return Botan::HashFunction::create_or_throw(row->name)->provider(); });
}

const char *mac_impl_name(const SmParams *params, void *) noexcept
{
  const auto *row = static_cast<const NameRow *>(params->impl_data);
  return guarded_provider(
      [&] { return Botan::MessageAuthenticationCode::create_or_throw(row->name)->provider(); });
}
constexpr Levels hash_levels(const NameRow &row)
{
  return named({impl(ffi_hash_setup, destroy<FfiHash>, &row, SM_OP_HASH, ffi_hash_op),
                impl(low_hash_setup, destroy<LowHash>, &row, SM_OP_HASH, low_hash_op)},
               hash_impl_name);
}
constexpr Levels mac_levels(const NameRow &row)
{
  return named({impl(ffi_mac_setup, destroy<FfiMac>, &row, SM_OP_MAC, ffi_mac_op),
                impl(low_mac_setup, destroy<LowMac>, &row, SM_OP_MAC, low_mac_op)},
               mac_impl_name);
}
constexpr SmAlgorithm hash_rows[] = {
    alg("md4", SM_KIND_DIGEST, built<hash_levels, md4>),
    alg("md5", SM_KIND_DIGEST, built<hash_levels, md5>),
    alg("sha1", SM_KIND_DIGEST, built<hash_levels, sha1>),
    alg("sha224", SM_KIND_DIGEST, built<hash_levels, sha224>),
    alg("sha256", SM_KIND_DIGEST, built<hash_levels, sha256>),
    alg("sha384", SM_KIND_DIGEST, built<hash_levels, sha384>),
    alg("sha512", SM_KIND_DIGEST, built<hash_levels, sha512>),
    alg("sha3-256", SM_KIND_DIGEST, built<hash_levels, sha3_256>),
    alg("sha3-512", SM_KIND_DIGEST, built<hash_levels, sha3_512>),
    alg("blake2b512", SM_KIND_DIGEST, built<hash_levels, blake2b512>),
    alg("ripemd160", SM_KIND_DIGEST, built<hash_levels, ripemd160>),
    alg("sm3", SM_KIND_DIGEST, built<hash_levels, sm3>),
    alg("hmac-md5", SM_KIND_MAC, built<mac_levels, hmac_md5>),
    alg("hmac-sha1", SM_KIND_MAC, built<mac_levels, hmac_sha1>),
    alg("hmac-sha256", SM_KIND_MAC, built<mac_levels, hmac_sha256>),
    alg("hmac-sha384", SM_KIND_MAC, built<mac_levels, hmac_sha384>),
    alg("hmac-sha512", SM_KIND_MAC, built<mac_levels, hmac_sha512>),
    alg("cmac-aes128", SM_KIND_MAC, built<mac_levels, cmac_aes128>),
    alg("poly1305", SM_KIND_MAC, built<mac_levels, poly1305>),
    {}, /* the end */
};

} // namespace sm_botan

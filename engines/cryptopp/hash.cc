#include "cryptopp-engine.h"

#include <cryptopp/aes.h>
#include <cryptopp/blake2.h>
#include <cryptopp/cmac.h>
#include <cryptopp/hmac.h>
#include <cryptopp/md4.h>
#include <cryptopp/md5.h>
#include <cryptopp/poly1305.h>
#include <cryptopp/ripemd.h>
#include <cryptopp/sha.h>
#include <cryptopp/sha3.h>
#include <cryptopp/sm3.h>

namespace sm_cryptopp
{

/* ------------------------------------------------------------------------------------------ */
/* Rows                                                                                       */

using HashPtr = std::unique_ptr<C::HashTransformation>;

struct HashRow {
  HashPtr (*make)();
};

template <class Hash> HashPtr make_hash() { return HashPtr(new Hash); }

/* ------------------------------------------------------------------------------------------ */
/* Digests and MACs (a MAC is a keyed HashTransformation; Final restarts it, key kept)        */

struct HashState {
  HashPtr hash;
  std::unique_ptr<C::HashFilter> filter; /* evp */
  OutSink *sink = nullptr;               /* owned by the filter */
};

/* evp: the (keyed) object behind a HashFilter; low: the object alone. */
template <bool evp>
SmResult hash_setup(const SmParams *params, void **state, char *msg, size_t msg_len) noexcept
{
  return setup_state<HashState, HashRow>(
      cryptopp, params, state, msg, msg_len, [&](HashState *st, const HashRow *row) {
        st->hash = row->make();
        if (params->op == SM_OP_MAC) {
          auto *mac = dynamic_cast<C::MessageAuthenticationCode *>(st->hash.get());
          if (mac == nullptr)
            return sm_msg(SM_FAILED, msg, msg_len, "%s is not a MAC",
                          st->hash->AlgorithmName().c_str());
          mac->SetKey(sm_bytes_or_empty(params->key), params->key.len);
        }
        if (evp) {
          st->sink = new OutSink;
          st->filter = std::make_unique<C::HashFilter>(*st->hash, st->sink);
        }
        return SM_OK;
      });
}

SmResult evp_hash_op(void *state, SmIo *io)
{
  return guarded_op([&] {
    auto *st = static_cast<HashState *>(state);
    st->sink->aim(io->out, io->out_len);
    st->filter->Put(io->in, io->in_len);
    st->filter->MessageEnd();
    size_t len = st->sink->written();
    if (len != st->hash->DigestSize())
      return SM_FAILED;
    io->out_len = len;
    return SM_OK;
  });
}

SmResult low_hash_op(void *state, SmIo *io)
{
  return guarded_op([&] {
    auto *st = static_cast<HashState *>(state);
    size_t len = st->hash->DigestSize();
    if (io->out_len < len)
      return SM_FAILED;
    st->hash->CalculateDigest(io->out, io->in, io->in_len);
    io->out_len = len;
    return SM_OK;
  });
}

/* ------------------------------------------------------------------------------------------ */
/* Tables                                                                                     */

/* Which code runs (the impl column): AlgorithmProvider() of the keyed object, "SHANI", "C++" ... */
const char *hash_impl_name(const SmParams *, void *state) noexcept
{
  auto *st = static_cast<HashState *>(state);
  return guarded_provider([&] { return st->hash->AlgorithmProvider(); });
}

constexpr Levels hash_levels(const HashRow &row, SmOp op)
{
  return named({impl(hash_setup<true>, destroy<HashState>, &row, op, evp_hash_op),
                impl(hash_setup<false>, destroy<HashState>, &row, op, low_hash_op)},
               hash_impl_name);
}

/* A table row per algorithm, named by the Crypto++ class that serves it. */
template <class Hash> constexpr HashRow hash_row{make_hash<Hash>};

template <class Hash> constexpr SmAlgorithm digest(const char *name)
{
  return alg(name, SM_KIND_DIGEST, built<hash_levels, hash_row<Hash>, SM_OP_HASH>);
}
template <class Mac> constexpr SmAlgorithm mac(const char *name)
{
  return alg(name, SM_KIND_MAC, built<hash_levels, hash_row<Mac>, SM_OP_MAC>);
}

constexpr SmAlgorithm hash_rows[] = {
    digest<C::Weak::MD4>("md4"),
    digest<C::Weak::MD5>("md5"),
    digest<C::SHA1>("sha1"),
    digest<C::SHA224>("sha224"),
    digest<C::SHA256>("sha256"),
    digest<C::SHA384>("sha384"),
    digest<C::SHA512>("sha512"),
    digest<C::SHA3_256>("sha3-256"),
    digest<C::SHA3_512>("sha3-512"),
    digest<C::BLAKE2b>("blake2b512"),
    digest<C::BLAKE2s>("blake2s256"),
    digest<C::RIPEMD160>("ripemd160"),
    digest<C::SM3>("sm3"),
    mac<C::HMAC<C::Weak::MD5>>("hmac-md5"),
    mac<C::HMAC<C::SHA1>>("hmac-sha1"),
    mac<C::HMAC<C::SHA256>>("hmac-sha256"),
    mac<C::HMAC<C::SHA384>>("hmac-sha384"),
    mac<C::HMAC<C::SHA512>>("hmac-sha512"),
    mac<C::CMAC<C::AES>>("cmac-aes128"),
    mac<C::Poly1305TLS>("poly1305"), /* RFC 8439: the 32-byte one-time key */
    {},                              /* the end */
};

} // namespace sm_cryptopp

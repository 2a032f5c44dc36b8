/* speedmatrix engine: Crypto++.
 *
 * evp = the Filter/Pipeline layer: one filter per cell, built in setup and fed per call
 * (StreamTransformationFilter, AuthenticatedEncryptionFilter / AuthenticatedDecryptionFilter,
 * HashFilter, SignerFilter / SignatureVerificationFilter) into a sink that writes to the
 * caller's buffer. low = the objects' member calls (ProcessData, EncryptAndAuthenticate /
 * DecryptAndVerify, CalculateDigest, SignMessage / VerifyMessage, Agree).
 *
 * Every entry point catches every exception (Crypto++ reports errors by throwing).
 * Randomness: an OFB<AES> keystream keyed from params->seed, a RandomNumberGenerator like any
 * other to Crypto++ (RSA blinding, DSA/ECDSA nonces, public keys from private ones).
 */

/* MD4, MD5 and ARC4 live in CryptoPP::Weak, which is only declared on request. */
#define CRYPTOPP_ENABLE_NAMESPACE_WEAK 1

#include "engine-util-cxx.h"

#include <cryptopp/aes.h>
#include <cryptopp/arc4.h>
#include <cryptopp/blake2.h>
#include <cryptopp/blowfish.h>
#include <cryptopp/camellia.h>
#include <cryptopp/cast.h>
#include <cryptopp/ccm.h>
#include <cryptopp/chacha.h>
#include <cryptopp/chachapoly.h>
#include <cryptopp/cmac.h>
#include <cryptopp/cpu.h>
#include <cryptopp/cryptlib.h>
#include <cryptopp/des.h>
#include <cryptopp/dsa.h>
#include <cryptopp/eccrypto.h>
#include <cryptopp/filters.h>
#include <cryptopp/gcm.h>
#include <cryptopp/hmac.h>
#include <cryptopp/idea.h>
#include <cryptopp/md4.h>
#include <cryptopp/md5.h>
#include <cryptopp/modes.h>
#include <cryptopp/oids.h>
#include <cryptopp/poly1305.h>
#include <cryptopp/rc2.h>
#include <cryptopp/ripemd.h>
#include <cryptopp/rsa.h>
#include <cryptopp/serpent.h>
#include <cryptopp/sha.h>
#include <cryptopp/sha3.h>
#include <cryptopp/sm3.h>
#include <cryptopp/sm4.h>
#include <cryptopp/twofish.h>
#include <cryptopp/xed25519.h>
#include <cryptopp/xts.h>

#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace
{

namespace C = CryptoPP;

/* ------------------------------------------------------------------------------------------ */
/* Exceptions at the boundary                                                                  */

/* What Crypto++ does not implement is SM_UNSUPPORTED. */
SmResult status_of(const std::exception &e) noexcept
{
  return dynamic_cast<const C::NotImplemented *>(&e) != nullptr ? SM_UNSUPPORTED : SM_FAILED;
}

/* For sm_cxx::guarded_setup and setup_state. */
constexpr sm_cxx::Library cryptopp{"Crypto++", status_of};

/* The C++ engines' shared helpers (engine-util-cxx.h): guarded_setup, setup_state, guarded_op,
 * destroy, impl, Levels, named, alg, built, guarded_provider, with_op. */
using namespace sm_cxx;

std::vector<C::byte> copy_of(SmBytes b) { return std::vector<C::byte>(b.data, b.data + b.len); }

C::Integer big(SmBytes b) { return C::Integer(sm_bytes_or_empty(b), b.len); }

/* The end of a pipeline: writes into the caller's buffer, set before each call. */
class OutSink final : public C::Bufferless<C::Sink>
{
public:
  void aim(uint8_t *out, size_t cap)
  {
    m_out = out;
    m_cap = cap;
    m_len = 0;
    m_overflow = false;
  }
  size_t Put2(const C::byte *in, size_t len, int, bool) override
  {
    if (len > m_cap - m_len) {
      m_overflow = true;
      return 0;
    }
    if (len > 0)
      std::memcpy(m_out + m_len, in, len);
    m_len += len;
    return 0;
  }
  /* Bytes written, or SIZE_MAX when the caller's buffer was too small. */
  size_t written() const { return m_overflow ? SIZE_MAX : m_len; }

private:
  uint8_t *m_out = nullptr;
  size_t m_cap = 0, m_len = 0;
  bool m_overflow = false;
};

/* ------------------------------------------------------------------------------------------ */
/* Deterministic randomness                                                                    */

class SeededRng
{
public:
  explicit SeededRng(uint64_t seed)
  {
    SmSeedKey key(seed); /* AES-128: its first 16 bytes, the seed and zeros */
    C::byte iv[16] = {0};
    m_ofb.SetKeyWithIV(key.bytes, 16, iv, sizeof iv);
  }
  C::RandomNumberGenerator &get() { return m_ofb; }

private:
  C::OFB_Mode<C::AES>::Encryption m_ofb; /* an AdditiveCipherTemplate: a RandomNumberGenerator */
};

/* ------------------------------------------------------------------------------------------ */
/* Rows                                                                                        */

enum class Shape { Chain, Stream, ChaCha, Xts };

using CipherPtr = std::unique_ptr<C::SymmetricCipher>;
using AeadPtr = std::unique_ptr<C::AuthenticatedSymmetricCipher>;
using HashPtr = std::unique_ptr<C::HashTransformation>;
using SignerPtr = std::unique_ptr<C::PK_Signer>;
using VerifierPtr = std::unique_ptr<C::PK_Verifier>;
using AgreePtr = std::unique_ptr<C::SimpleKeyAgreementDomain>;

struct CipherRow {
  CipherPtr (*make)(bool encrypt);
  Shape shape;
};
struct AeadRow {
  AeadPtr (*make)(bool encrypt);
  bool lengths_first; /* CCM: SpecifyDataLengths before the data */
};
struct HashRow {
  HashPtr (*make)();
};
/* keygen (low): RSA draws with the seeded generator, keyed by the run's seed and a per-process
 * count (two pairs drawn differ, a run stays reproducible); the others derive from key_seed. */
struct KeygenState {
  std::unique_ptr<SeededRng> rng;
  std::vector<C::byte> seed; /* key_seed */
  unsigned bits = 0;         /* RSA: the modulus */
  const void *row = nullptr;
  size_t (*make)(KeygenState &st, C::byte *out, size_t cap) = nullptr;
};
struct SigRow {
  SignerPtr (*signer)(const SmParams *params, C::RandomNumberGenerator &rng);
  VerifierPtr (*verifier)(const SmParams *params, C::RandomNumberGenerator &rng);
  size_t (*keygen)(KeygenState &st, C::byte *out, size_t cap); /* nullptr: none */
};
struct KexRow {
  AgreePtr (*make)();
};

template <class Mode> CipherPtr make_cipher(bool encrypt)
{
  if (encrypt)
    return CipherPtr(new typename Mode::Encryption);
  return CipherPtr(new typename Mode::Decryption);
}
/* ARC4 is one class for both directions. */
template <> CipherPtr make_cipher<C::Weak::ARC4>(bool) { return CipherPtr(new C::Weak::ARC4); }

template <class Mode> AeadPtr make_aead(bool encrypt)
{
  if (encrypt)
    return AeadPtr(new typename Mode::Encryption);
  return AeadPtr(new typename Mode::Decryption);
}

template <class Hash> HashPtr make_hash() { return HashPtr(new Hash); }

/* Key and IV in one call; RC2's effective key length is the key's (as in OpenSSL and RFC 2268's
 * vectors), where Crypto++ would default to 1024 bits. Other ciphers ignore that parameter. */
void key_cipher(C::SymmetricCipher &cipher, const SmParams *params, SmBytes iv)
{
  auto args = C::MakeParameters(C::Name::EffectiveKeyLength(), int(params->key.len * 8), false);
  if (iv.len > 0)
    args(C::Name::IV(), C::ConstByteArrayParameter(iv.data, iv.len), false);
  cipher.SetKey(sm_bytes_or_empty(params->key), params->key.len, args);
}

/* ChaCha20 iv = 32-bit little-endian counter || 96-bit nonce: ChaChaTLS takes the nonce and
 * seeks to the counter's block. Returns the iv to key with. */
SmBytes cipher_iv(const CipherRow &row, const SmParams *params)
{
  if (row.shape == Shape::ChaCha)
    return params->iv.len == 16 ? SmBytes{params->iv.data + 4, 12} : SmBytes{nullptr, 0};
  return params->iv; /* XTS: the tweak, set again before each data unit */
}

uint64_t chacha_offset(SmBytes iv)
{
  return 64 * (uint64_t(iv.data[0]) | uint64_t(iv.data[1]) << 8 | uint64_t(iv.data[2]) << 16 |
               uint64_t(iv.data[3]) << 24);
}

/* ------------------------------------------------------------------------------------------ */
/* Ciphers: one keyed object per cell; evp feeds it through a StreamTransformationFilter       */

struct CipherState {
  CipherPtr cipher;
  std::vector<C::byte> tweak; /* XTS: set before each data unit */
  std::unique_ptr<C::StreamTransformationFilter> filter;
  OutSink *sink = nullptr; /* owned by the filter */
};

/* evp: the keyed object fed through a StreamTransformationFilter; low: the object alone. */
template <bool evp>
SmResult cipher_setup(const SmParams *params, void **state, char *msg, size_t msg_len) noexcept
{
  return setup_state<CipherState, CipherRow>(
      cryptopp, params, state, msg, msg_len, [&](CipherState *st, const CipherRow *row) {
        st->cipher = row->make(params->op == SM_OP_ENCRYPT);
        SmBytes iv = cipher_iv(*row, params);
        if (row->shape == Shape::ChaCha && iv.len == 0)
          return sm_msg(SM_FAILED, msg, msg_len, "ChaCha20 takes counter || nonce, 16 bytes");
        key_cipher(*st->cipher, params, iv);
        if (row->shape == Shape::ChaCha)
          st->cipher->Seek(chacha_offset(params->iv));
        if (row->shape == Shape::Xts)
          st->tweak = copy_of(params->iv);
        if (evp) {
          st->sink = new OutSink;
          st->filter = std::make_unique<C::StreamTransformationFilter>(
              *st->cipher, st->sink, C::BlockPaddingSchemeDef::NO_PADDING);
        }
        return SM_OK;
      });
}

/* A stream of calls: Put without MessageEnd, so CBC chains and CTR continues. XTS: each call
 * is a whole message (MessageEnd does the ciphertext stealing), under the tweak. */
SmResult evp_cipher_op(void *state, SmIo *io)
{
  return guarded_op([&] {
    auto *st = static_cast<CipherState *>(state);
    st->sink->aim(io->out, io->out_len);
    if (!st->tweak.empty()) {
      st->cipher->Resynchronize(st->tweak.data(), int(st->tweak.size()));
      st->filter->Put(io->in, io->in_len);
      st->filter->MessageEnd();
    } else {
      st->filter->Put(io->in, io->in_len);
    }
    if (st->sink->written() != io->in_len)
      return SM_FAILED;
    io->out_len = io->in_len;
    return SM_OK;
  });
}

SmResult low_cipher_op(void *state, SmIo *io)
{
  return guarded_op([&] {
    auto *st = static_cast<CipherState *>(state);
    if (io->out_len < io->in_len)
      return SM_FAILED;
    if (!st->tweak.empty()) {
      st->cipher->Resynchronize(st->tweak.data(), int(st->tweak.size()));
      st->cipher->ProcessLastBlock(io->out, io->out_len, io->in, io->in_len);
    } else {
      st->cipher->ProcessData(io->out, io->in, io->in_len);
    }
    io->out_len = io->in_len;
    return SM_OK;
  });
}

/* ------------------------------------------------------------------------------------------ */
/* AEAD: the key schedule once; per message the nonce, AAD, data and tag                      */

struct AeadState {
  AeadPtr aead;
  bool lengths_first = false;
  std::vector<C::byte> nonce, aad;
  size_t tag_len = 0;
  std::unique_ptr<C::Filter> filter; /* evp */
  OutSink *sink = nullptr;           /* owned by the filter */
  C::AuthenticatedDecryptionFilter *decrypting = nullptr;
};

/* evp: the keyed object behind an Authenticated{En,De}cryptionFilter; low: the object alone. */
template <bool evp>
SmResult aead_setup(const SmParams *params, void **state, char *msg, size_t msg_len) noexcept
{
  return setup_state<AeadState, AeadRow>(
      cryptopp, params, state, msg, msg_len, [&](AeadState *st, const AeadRow *row) {
        bool encrypt = params->op == SM_OP_ENCRYPT;
        st->aead = row->make(encrypt);
        st->lengths_first = row->lengths_first;
        st->nonce = copy_of(params->iv);
        st->aad = copy_of(params->aad);
        st->tag_len = params->tag_len;
        if (!st->aead->IsValidKeyLength(params->key.len) || params->iv.len == 0 ||
            params->iv.len < st->aead->MinIVLength() || params->iv.len > st->aead->MaxIVLength())
          return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                        "%s takes no %zu-byte key with a %zu-byte nonce",
                        st->aead->AlgorithmName().c_str(), params->key.len, params->iv.len);
        st->aead->SetKeyWithIV(sm_bytes_or_empty(params->key), params->key.len, st->nonce.data(),
                               st->nonce.size());
        if (st->tag_len == 0 ||
            st->tag_len > st->aead->DigestSize()) /* CCM's is known once keyed */
          return sm_msg(SM_UNSUPPORTED, msg, msg_len, "%s has a %u-byte tag, not %zu",
                        st->aead->AlgorithmName().c_str(), st->aead->DigestSize(), st->tag_len);
        if (evp) {
          st->sink = new OutSink;
          if (encrypt) {
            st->filter = std::make_unique<C::AuthenticatedEncryptionFilter>(
                *st->aead, st->sink, false, int(st->tag_len));
          } else {
            /* No THROW_EXCEPTION: a bad tag shows in GetLastResult(). */
            auto *dec = new C::AuthenticatedDecryptionFilter(
                *st->aead, st->sink, C::AuthenticatedDecryptionFilter::MAC_AT_END,
                int(st->tag_len));
            st->filter.reset(dec);
            st->decrypting = dec;
          }
        }
        return SM_OK;
      });
}

/* The filters need the nonce (and CCM the lengths) on the object before the message. */
SmResult evp_aead_op(void *state, SmIo *io)
{
  return guarded_op([&] {
    auto *st = static_cast<AeadState *>(state);
    bool encrypt = st->decrypting == nullptr;
    if (!encrypt && io->in_len < st->tag_len)
      return SM_FAILED;
    size_t text_len = encrypt ? io->in_len : io->in_len - st->tag_len;
    size_t expect = encrypt ? io->in_len + st->tag_len : text_len;
    st->sink->aim(io->out, io->out_len);
    st->aead->Resynchronize(st->nonce.data(), int(st->nonce.size()));
    if (st->lengths_first)
      st->aead->SpecifyDataLengths(st->aad.size(), text_len, 0);
    st->filter->ChannelPut(C::AAD_CHANNEL, st->aad.data(), st->aad.size());
    st->filter->ChannelMessageEnd(C::AAD_CHANNEL);
    st->filter->ChannelPut(C::DEFAULT_CHANNEL, io->in, io->in_len);
    st->filter->ChannelMessageEnd(C::DEFAULT_CHANNEL);
    if (st->sink->written() != expect || (!encrypt && !st->decrypting->GetLastResult()))
      return SM_FAILED;
    io->out_len = expect;
    return SM_OK;
  });
}

SmResult low_aead_encrypt(void *state, SmIo *io)
{
  return guarded_op([&] {
    auto *st = static_cast<AeadState *>(state);
    if (io->out_len < io->in_len + st->tag_len)
      return SM_FAILED;
    st->aead->EncryptAndAuthenticate(io->out, io->out + io->in_len, st->tag_len, st->nonce.data(),
                                     int(st->nonce.size()), st->aad.data(), st->aad.size(), io->in,
                                     io->in_len);
    io->out_len = io->in_len + st->tag_len;
    return SM_OK;
  });
}

SmResult low_aead_decrypt(void *state, SmIo *io)
{
  return guarded_op([&] {
    auto *st = static_cast<AeadState *>(state);
    if (io->in_len < st->tag_len || io->out_len < io->in_len - st->tag_len)
      return SM_FAILED;
    size_t text_len = io->in_len - st->tag_len;
    if (!st->aead->DecryptAndVerify(io->out, io->in + text_len, st->tag_len, st->nonce.data(),
                                    int(st->nonce.size()), st->aad.data(), st->aad.size(), io->in,
                                    text_len))
      return SM_FAILED;
    io->out_len = text_len;
    return SM_OK;
  });
}

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
/* Keygen                                                                                      */

uint64_t keygen_draws;

/* A SigState or KexState whose `keygen` is set (so that the level's teardown stays one). */
template <class State, class Row>
SmResult keygen_setup(const SmParams *params, void **state, char *msg, size_t msg_len,
                      size_t (*make)(KeygenState &, C::byte *, size_t))
{
  return setup_state<State, Row>(
      cryptopp, params, state, msg, msg_len, [&](State *st, const Row *row) {
        st->keygen = std::make_unique<KeygenState>();
        KeygenState &kg = *st->keygen;
        kg.rng = std::make_unique<SeededRng>(params->seed ^
                                             (++keygen_draws * UINT64_C(0x9e3779b97f4a7c15)));
        kg.seed = copy_of(params->key_seed);
        kg.bits = static_cast<unsigned>(params->rsa.n.len * 8);
        kg.row = row;
        kg.make = make;
        return SM_OK;
      });
}

template <class State> SmResult keygen_op(void *state, SmIo *io)
{
  return guarded_op([&] {
    KeygenState &kg = *static_cast<State *>(state)->keygen;
    io->out_len = kg.make(kg, io->out, io->out_len);
    return SM_OK;
  });
}

/* InvertibleRSAFunction::Initialize draws the primes (e = 65537); out = n. */
size_t rsa_keygen(KeygenState &st, C::byte *out, size_t cap)
{
  C::InvertibleRSAFunction key;
  key.Initialize(st.rng->get(), st.bits, 65537);
  size_t len = st.bits / 8;
  if (st.bits == 0 || cap < len || key.GetModulus().MinEncodedSize() != len)
    throw C::InvalidArgument("no modulus of the size asked for");
  key.GetModulus().Encode(out, len);
  return len;
}

/* The private key from the scalar, MakePublicKey, the point as 0x04||x||y. */
template <class Scheme, C::OID (*curve)()>
size_t ecdsa_keygen(KeygenState &st, C::byte *out, size_t cap)
{
  typename Scheme::PrivateKey priv;
  priv.Initialize(curve(), C::Integer(st.seed.data(), st.seed.size()));
  const C::Integer &d = priv.GetPrivateExponent();
  if (d.IsZero() || d >= priv.GetGroupParameters().GetSubgroupOrder())
    throw C::InvalidArgument("the scalar is out of range");
  typename Scheme::PublicKey pub;
  priv.MakePublicKey(pub);
  const auto &ec = pub.GetGroupParameters().GetCurve();
  size_t len = ec.EncodedPointSize(false);
  if (cap < len)
    throw C::InvalidArgument("no room for the point");
  ec.EncodePoint(out, pub.GetPublicElement(), false);
  return len;
}

/* ed25519Signer from the RFC 8032 seed computes the public key. */
size_t ed25519_keygen(KeygenState &st, C::byte *out, size_t cap)
{
  if (st.seed.size() != C::ed25519PrivateKey::SECRET_KEYLENGTH ||
      cap < C::ed25519PrivateKey::PUBLIC_KEYLENGTH)
    throw C::InvalidArgument("Ed25519 keygen needs the 32-byte seed");
  C::ed25519Signer signer(st.seed.data());
  const auto &key = static_cast<const C::ed25519PrivateKey &>(signer.GetPrivateKey());
  std::memcpy(out, key.GetPublicKeyBytePtr(), C::ed25519PrivateKey::PUBLIC_KEYLENGTH);
  return C::ed25519PrivateKey::PUBLIC_KEYLENGTH;
}

size_t sig_keygen(KeygenState &st, C::byte *out, size_t cap)
{
  return static_cast<const SigRow *>(st.row)->keygen(st, out, cap);
}

/* ------------------------------------------------------------------------------------------ */
/* Signatures                                                                                  */

template <class Scheme> SignerPtr rsa_signer(const SmParams *p, C::RandomNumberGenerator &)
{
  auto signer = std::make_unique<typename Scheme::Signer>();
  signer->AccessKey().Initialize(big(p->rsa.n), big(p->rsa.e), big(p->rsa.d), big(p->rsa.p),
                                 big(p->rsa.q), big(p->rsa.dp), big(p->rsa.dq), big(p->rsa.qinv));
  return signer;
}
template <class Scheme> VerifierPtr rsa_verifier(const SmParams *p, C::RandomNumberGenerator &)
{
  auto verifier = std::make_unique<typename Scheme::Verifier>();
  verifier->AccessKey().Initialize(big(p->rsa.n), big(p->rsa.e));
  return verifier;
}

template <class Scheme> SignerPtr dsa_signer(const SmParams *p, C::RandomNumberGenerator &)
{
  auto signer = std::make_unique<typename Scheme::Signer>();
  signer->AccessKey().Initialize(big(p->dsa.p), big(p->dsa.q), big(p->dsa.g), big(p->dsa.x));
  return signer;
}
template <class Scheme> VerifierPtr dsa_verifier(const SmParams *p, C::RandomNumberGenerator &)
{
  auto verifier = std::make_unique<typename Scheme::Verifier>();
  verifier->AccessKey().Initialize(big(p->dsa.p), big(p->dsa.q), big(p->dsa.g), big(p->dsa.y));
  return verifier;
}

template <class Scheme, C::OID (*curve)()>
SignerPtr ecdsa_signer(const SmParams *p, C::RandomNumberGenerator &)
{
  auto signer = std::make_unique<typename Scheme::Signer>();
  signer->AccessKey().Initialize(curve(), big(p->priv));
  return signer;
}
template <class Scheme, C::OID (*curve)()>
VerifierPtr ecdsa_verifier(const SmParams *p, C::RandomNumberGenerator &)
{
  auto verifier = std::make_unique<typename Scheme::Verifier>();
  if (p->pub.len == 0) {
    typename Scheme::PrivateKey priv;
    priv.Initialize(curve(), big(p->priv));
    priv.MakePublicKey(verifier->AccessKey());
    return verifier;
  }
  C::DL_GroupParameters_EC<C::ECP> group(curve());
  C::ECP::Point point;
  if (!group.GetCurve().DecodePoint(point, p->pub.data, p->pub.len))
    throw C::InvalidArgument("the public point does not decode");
  verifier->AccessKey().Initialize(group, point);
  return verifier;
}

SignerPtr ed25519_signer(const SmParams *p, C::RandomNumberGenerator &)
{
  if (p->priv.len != C::ed25519PrivateKey::SECRET_KEYLENGTH)
    throw C::InvalidArgument("an Ed25519 seed is 32 bytes");
  return std::make_unique<C::ed25519Signer>(p->priv.data);
}
VerifierPtr ed25519_verifier(const SmParams *p, C::RandomNumberGenerator &)
{
  if (p->pub.len == 0) {
    if (p->priv.len != C::ed25519PrivateKey::SECRET_KEYLENGTH)
      throw C::InvalidArgument("an Ed25519 seed is 32 bytes");
    return std::make_unique<C::ed25519Verifier>(C::ed25519Signer(p->priv.data));
  }
  if (p->pub.len != C::ed25519PublicKey::PUBLIC_KEYLENGTH)
    throw C::InvalidArgument("an Ed25519 public key is 32 bytes");
  return std::make_unique<C::ed25519Verifier>(p->pub.data);
}

struct SigState {
  std::unique_ptr<SeededRng> rng;
  SignerPtr signer;
  VerifierPtr verifier;
  std::unique_ptr<C::Filter> filter; /* evp */
  OutSink *sink = nullptr;           /* owned by the filter */
  C::SignatureVerificationFilter *verifying = nullptr;
  std::unique_ptr<KeygenState> keygen; /* keygen: nothing else is set */
};

/* evp: a SignerFilter or SignatureVerificationFilter around the signer or verifier; low: those
 * alone. */
template <bool evp>
SmResult sig_setup(const SmParams *params, void **state, char *msg, size_t msg_len) noexcept
{
  if (params->op == SM_OP_KEYGEN)
    return keygen_setup<SigState, SigRow>(params, state, msg, msg_len, sig_keygen);
  return setup_state<SigState, SigRow>(
      cryptopp, params, state, msg, msg_len, [&](SigState *st, const SigRow *row) {
        st->rng = std::make_unique<SeededRng>(params->seed);
        if (params->op == SM_OP_SIGN)
          st->signer = row->signer(params, st->rng->get());
        else
          st->verifier = row->verifier(params, st->rng->get());
        if (!evp)
          return SM_OK;
        if (st->signer) {
          st->sink = new OutSink;
          st->filter = std::make_unique<C::SignerFilter>(st->rng->get(), *st->signer, st->sink);
        } else {
          /* The signature first, then the message; no THROW_EXCEPTION: GetLastResult(). */
          auto *filter = new C::SignatureVerificationFilter(
              *st->verifier, nullptr, C::SignatureVerificationFilter::SIGNATURE_AT_BEGIN);
          st->filter.reset(filter);
          st->verifying = filter;
        }
        return SM_OK;
      });
}

/* SignerFilter makes a new message accumulator per message: an allocation of the API. */
SmResult evp_sig_sign(void *state, SmIo *io)
{
  return guarded_op([&] {
    auto *st = static_cast<SigState *>(state);
    st->sink->aim(io->out, io->out_len);
    st->filter->Put(io->in, io->in_len);
    st->filter->MessageEnd();
    size_t len = st->sink->written();
    if (len == SIZE_MAX || len == 0)
      return SM_FAILED;
    io->out_len = len;
    return SM_OK;
  });
}

SmResult evp_sig_verify(void *state, SmIo *io)
{
  return guarded_op([&] {
    auto *st = static_cast<SigState *>(state);
    io->out_len = 0;
    if (io->aux_len != st->verifier->SignatureLength())
      return SM_FAILED;
    st->filter->Put(io->aux, io->aux_len);
    st->filter->Put(io->in, io->in_len);
    st->filter->MessageEnd();
    return st->verifying->GetLastResult() ? SM_OK : SM_FAILED;
  });
}

/* SignMessage builds a message accumulator per call: an allocation of the API. */
SmResult low_sig_sign(void *state, SmIo *io)
{
  return guarded_op([&] {
    auto *st = static_cast<SigState *>(state);
    if (io->out_len < st->signer->MaxSignatureLength())
      return SM_FAILED;
    io->out_len = st->signer->SignMessage(st->rng->get(), io->in, io->in_len, io->out);
    return SM_OK;
  });
}

SmResult low_sig_verify(void *state, SmIo *io)
{
  return guarded_op([&] {
    auto *st = static_cast<SigState *>(state);
    io->out_len = 0;
    return st->verifier->VerifyMessage(io->in, io->in_len, io->aux, io->aux_len) ? SM_OK
                                                                                 : SM_FAILED;
  });
}

/* ------------------------------------------------------------------------------------------ */
/* Key agreement (low only: the Filter layer has none)                                         */

AgreePtr make_x25519() { return AgreePtr(new C::x25519); }
template <C::OID (*curve)()> AgreePtr make_ecdh()
{
  return AgreePtr(new C::ECDH<C::ECP>::Domain(curve()));
}

struct KexState {
  AgreePtr domain;
  C::SecByteBlock priv, peer;
  std::unique_ptr<KeygenState> keygen;
};

/* keygen: GeneratePublicKey of the domain from the private value (X25519 clamps it). */
size_t kex_keygen(KeygenState &st, C::byte *out, size_t cap)
{
  AgreePtr domain = static_cast<const KexRow *>(st.row)->make();
  size_t len = domain->PublicKeyLength();
  if (st.seed.size() != domain->PrivateKeyLength() || cap < len)
    throw C::InvalidArgument("keygen needs the private value");
  domain->GeneratePublicKey(st.rng->get(), st.seed.data(), out);
  return len;
}

SmResult low_kex_setup(const SmParams *params, void **state, char *msg, size_t msg_len) noexcept
{
  if (params->op == SM_OP_KEYGEN)
    return keygen_setup<KexState, KexRow>(params, state, msg, msg_len, kex_keygen);
  return setup_state<KexState, KexRow>(
      cryptopp, params, state, msg, msg_len, [&](KexState *st, const KexRow *row) {
        st->domain = row->make();
        if (params->priv.len != st->domain->PrivateKeyLength())
          return sm_msg(SM_FAILED, msg, msg_len, "the private key is %u bytes, not %zu",
                        st->domain->PrivateKeyLength(), params->priv.len);
        st->priv.Assign(params->priv.data, params->priv.len);
        if (params->peer_pub.len > 0) {
          st->peer.Assign(params->peer_pub.data, params->peer_pub.len);
        } else {
          if (params->peer_priv.len != st->domain->PrivateKeyLength())
            return sm_msg(SM_FAILED, msg, msg_len, "the peer's private key is %zu bytes",
                          params->peer_priv.len);
          SeededRng rng(params->seed);
          st->peer.New(st->domain->PublicKeyLength());
          st->domain->GeneratePublicKey(rng.get(), params->peer_priv.data, st->peer);
        }
        if (st->peer.size() != st->domain->PublicKeyLength())
          return sm_msg(SM_FAILED, msg, msg_len, "the peer's public value is %zu bytes, not %u",
                        st->peer.size(), st->domain->PublicKeyLength());
        return SM_OK;
      });
}

SmResult low_kex_derive(void *state, SmIo *io)
{
  return guarded_op([&] {
    auto *st = static_cast<KexState *>(state);
    size_t len = st->domain->AgreedValueLength();
    if (io->out_len < len || !st->domain->Agree(io->out, st->priv, st->peer))
      return SM_FAILED;
    io->out_len = len;
    return SM_OK;
  });
}

/* ------------------------------------------------------------------------------------------ */
/* Tables                                                                                      */

using RsaScheme = C::RSASS<C::PKCS1v15, C::SHA256>;
using DsaScheme = C::DSA2<C::SHA256>;
using EcdsaP256 = C::ECDSA<C::ECP, C::SHA256>;
using EcdsaP384 = C::ECDSA<C::ECP, C::SHA384>;
using EcdsaP521 = C::ECDSA<C::ECP, C::SHA512>;
constexpr SigRow rsa{rsa_signer<RsaScheme>, rsa_verifier<RsaScheme>, rsa_keygen};
constexpr SigRow dsa{dsa_signer<DsaScheme>, dsa_verifier<DsaScheme>, nullptr};
constexpr SigRow ecdsa_p256{ecdsa_signer<EcdsaP256, C::ASN1::secp256r1>,
                            ecdsa_verifier<EcdsaP256, C::ASN1::secp256r1>,
                            ecdsa_keygen<EcdsaP256, C::ASN1::secp256r1>};
constexpr SigRow ecdsa_p384{ecdsa_signer<EcdsaP384, C::ASN1::secp384r1>,
                            ecdsa_verifier<EcdsaP384, C::ASN1::secp384r1>,
                            ecdsa_keygen<EcdsaP384, C::ASN1::secp384r1>};
constexpr SigRow ecdsa_p521{ecdsa_signer<EcdsaP521, C::ASN1::secp521r1>,
                            ecdsa_verifier<EcdsaP521, C::ASN1::secp521r1>,
                            ecdsa_keygen<EcdsaP521, C::ASN1::secp521r1>};
constexpr SigRow ed25519{ed25519_signer, ed25519_verifier, ed25519_keygen};

constexpr KexRow x25519{make_x25519};
constexpr KexRow ecdh_p256{make_ecdh<C::ASN1::secp256r1>};
constexpr KexRow ecdh_p384{make_ecdh<C::ASN1::secp384r1>};

/* Which code runs (the impl column): AlgorithmProvider() of the keyed object, "AESNI",
 * "SSE4.1", "SHANI", "C++" ... */
const char *cipher_impl_name(const SmParams *, void *state) noexcept
{
  auto *st = static_cast<CipherState *>(state);
  return guarded_provider(
      [&] { return static_cast<C::StreamTransformation &>(*st->cipher).AlgorithmProvider(); });
}

const char *aead_impl_name(const SmParams *, void *state) noexcept
{
  auto *st = static_cast<AeadState *>(state);
  return guarded_provider(
      [&] { return static_cast<C::StreamTransformation &>(*st->aead).AlgorithmProvider(); });
}

const char *hash_impl_name(const SmParams *, void *state) noexcept
{
  auto *st = static_cast<HashState *>(state);
  return guarded_provider([&] { return st->hash->AlgorithmProvider(); });
}

constexpr Levels cipher_levels(const CipherRow &row)
{
  return named({impl(cipher_setup<true>, destroy<CipherState>, &row, SM_OP_ENCRYPT, evp_cipher_op,
                     SM_OP_DECRYPT, evp_cipher_op),
                impl(cipher_setup<false>, destroy<CipherState>, &row, SM_OP_ENCRYPT, low_cipher_op,
                     SM_OP_DECRYPT, low_cipher_op)},
               cipher_impl_name);
}
constexpr Levels aead_levels(const AeadRow &row)
{
  return named({impl(aead_setup<true>, destroy<AeadState>, &row, SM_OP_ENCRYPT, evp_aead_op,
                     SM_OP_DECRYPT, evp_aead_op),
                impl(aead_setup<false>, destroy<AeadState>, &row, SM_OP_ENCRYPT, low_aead_encrypt,
                     SM_OP_DECRYPT, low_aead_decrypt)},
               aead_impl_name);
}
constexpr Levels hash_levels(const HashRow &row, SmOp op)
{
  return named({impl(hash_setup<true>, destroy<HashState>, &row, op, evp_hash_op),
                impl(hash_setup<false>, destroy<HashState>, &row, op, low_hash_op)},
               hash_impl_name);
}
/* keygen: whether row.keygen is set (GCC at -O0 cannot compare a template's address here) */
constexpr Levels sig_levels(const SigRow &row, bool keygen = true)
{
  SmImpl low = impl(sig_setup<false>, destroy<SigState>, &row, SM_OP_SIGN, low_sig_sign,
                    SM_OP_VERIFY, low_sig_verify);
  return {impl(sig_setup<true>, destroy<SigState>, &row, SM_OP_SIGN, evp_sig_sign, SM_OP_VERIFY,
               evp_sig_verify),
          keygen ? with_op(low, SM_OP_KEYGEN, keygen_op<SigState>) : low};
}
constexpr SmImpl kex_low(const KexRow &row)
{
  return with_op(impl(low_kex_setup, destroy<KexState>, &row, SM_OP_DERIVE, low_kex_derive),
                 SM_OP_KEYGEN, keygen_op<KexState>);
}

constexpr const char *no_kex_filter =
    "Crypto++'s Filter/Pipeline layer has no key-agreement filter (Agree is a member call only)";

/* A table row per algorithm, named by the Crypto++ class (or the signature or key-agreement row)
 * that serves it: its row and levels are made from that, once per class. */
template <class Mode, Shape shape> constexpr CipherRow cipher_row{make_cipher<Mode>, shape};
template <class Mode, bool lengths_first>
constexpr AeadRow aead_row{make_aead<Mode>, lengths_first};
template <class Hash> constexpr HashRow hash_row{make_hash<Hash>};

template <class Mode, Shape shape = Shape::Chain> constexpr SmAlgorithm cipher(const char *name)
{
  return alg(name, SM_KIND_CIPHER, built<cipher_levels, cipher_row<Mode, shape>>);
}
/* lengths_first: CCM, which wants SpecifyDataLengths before the data */
template <class Mode, bool lengths_first = false> constexpr SmAlgorithm aead(const char *name)
{
  return alg(name, SM_KIND_AEAD, built<aead_levels, aead_row<Mode, lengths_first>>);
}
template <class Hash> constexpr SmAlgorithm digest(const char *name)
{
  return alg(name, SM_KIND_DIGEST, built<hash_levels, hash_row<Hash>, SM_OP_HASH>);
}
template <class Mac> constexpr SmAlgorithm mac(const char *name)
{
  return alg(name, SM_KIND_MAC, built<hash_levels, hash_row<Mac>, SM_OP_MAC>);
}
template <const SigRow &row, bool keygen = true> constexpr SmAlgorithm signature(const char *name)
{
  return alg(name, SM_KIND_SIGNATURE, built<sig_levels, row, keygen>);
}
template <const KexRow &row> constexpr SmAlgorithm kex(const char *name)
{
  return {name, SM_KIND_KEX, {nullptr, &built<kex_low, row>}, {no_kex_filter, nullptr}};
}

/* The AES rows take the key length from the key (AES-128/192/256 are one class). */
constexpr SmAlgorithm algorithms[] = {
    cipher<C::CBC_Mode<C::AES>>("aes-128-cbc"),
    cipher<C::CBC_Mode<C::AES>>("aes-192-cbc"),
    cipher<C::CBC_Mode<C::AES>>("aes-256-cbc"),
    cipher<C::CTR_Mode<C::AES>, Shape::Stream>("aes-128-ctr"),
    cipher<C::CTR_Mode<C::AES>, Shape::Stream>("aes-192-ctr"),
    cipher<C::CTR_Mode<C::AES>, Shape::Stream>("aes-256-ctr"),
    cipher<C::XTS<C::AES>, Shape::Xts>("aes-128-xts"),
    cipher<C::XTS<C::AES>, Shape::Xts>("aes-256-xts"),
    cipher<C::ChaChaTLS, Shape::ChaCha>("chacha20"),
    cipher<C::CBC_Mode<C::Camellia>>("camellia-128-cbc"),
    cipher<C::CBC_Mode<C::Twofish>>("twofish-cbc"),
    cipher<C::CBC_Mode<C::Serpent>>("serpent-cbc"),
    cipher<C::CBC_Mode<C::SM4>>("sm4-cbc"),
    cipher<C::CBC_Mode<C::CAST128>>("cast5-cbc"),
    cipher<C::CBC_Mode<C::Blowfish>>("bf-cbc"),
    cipher<C::CBC_Mode<C::IDEA>>("idea-cbc"),
    cipher<C::CBC_Mode<C::RC2>>("rc2-cbc"),
    cipher<C::CBC_Mode<C::DES>>("des-cbc"),
    cipher<C::CBC_Mode<C::DES_EDE3>>("des-ede3-cbc"),
    cipher<C::Weak::ARC4, Shape::Stream>("rc4"),
    aead<C::GCM<C::AES>>("aes-128-gcm"),
    aead<C::GCM<C::AES>>("aes-192-gcm"),
    aead<C::GCM<C::AES>>("aes-256-gcm"),
    aead<C::CCM<C::AES, 16>, true>("aes-128-ccm"),
    aead<C::CCM<C::AES, 16>, true>("aes-256-ccm"),
    aead<C::ChaCha20Poly1305>("chacha20-poly1305"),
    aead<C::XChaCha20Poly1305>("xchacha20-poly1305"),
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
    signature<rsa>("rsa1024"),
    signature<rsa>("rsa2048"),
    signature<rsa>("rsa3072"),
    signature<rsa>("rsa4096"),
    signature<dsa, false>("dsa1024"),
    signature<dsa, false>("dsa2048"),
    signature<ecdsa_p256>("ecdsa-p256"),
    signature<ecdsa_p384>("ecdsa-p384"),
    signature<ecdsa_p521>("ecdsa-p521"),
    signature<ed25519>("ed25519"),
    kex<x25519>("x25519"),
    kex<ecdh_p256>("ecdh-p256"),
    kex<ecdh_p384>("ecdh-p384"),
    {nullptr, SM_KIND_CIPHER, {nullptr, nullptr}, {nullptr, nullptr}},
};

/* ------------------------------------------------------------------------------------------ */
/* Engine                                                                                      */

const char *lib_version() noexcept
{
  static char version[32];
  int v = C::LibraryVersion(); /* 870 for 8.7.0 */
  std::snprintf(version, sizeof version, "%d.%d.%d", v / 100, v / 10 % 10, v % 10);
  return version;
}

/* Crypto++ has no switch: its CPU flags are exported globals, filled once by the detection
 * that the first Has*() call runs. Detect, then clear them, before any object is built. */
void clear_cpu_flags()
{
#if defined(CRYPTOPP_CPUID_AVAILABLE)
  if (!C::g_x86DetectionDone)
    C::DetectX86Features();
  bool *flags[] = {&C::g_hasSSE2,  &C::g_hasSSSE3,  &C::g_hasSSE41, &C::g_hasSSE42, &C::g_hasMOVBE,
                   &C::g_hasAESNI, &C::g_hasCLMUL,  &C::g_hasAVX,   &C::g_hasAVX2,  &C::g_hasSHA,
                   &C::g_hasADX,   &C::g_hasRDRAND, &C::g_hasRDSEED};
  for (bool *flag : flags)
    *flag = false;
#endif
}

SmResult engine_init(const SmEngineConfig *config, char *msg, size_t msg_len) noexcept
{
  return guarded_setup(cryptopp, msg, msg_len, [&] {
    bool off = config != nullptr && config->accel == SM_ACCEL_OFF;
#if !defined(CRYPTOPP_CPUID_AVAILABLE)
    if (off)
      return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                    "the engine knows Crypto++'s x86 CPU flags only (no switch elsewhere)");
#endif
    if (off)
      clear_cpu_flags();
    C::AES::Encryption aes;
    C::SHA256 sha256;
    C::ChaChaTLS::Encryption chacha;
    return sm_msg(SM_OK, msg, msg_len, "%sAES %s, SHA-256 %s, ChaCha %s; RNG: seeded OFB<AES>",
                  off ? "g_has* CPU flags cleared: " : "", aes.AlgorithmProvider().c_str(),
                  sha256.AlgorithmProvider().c_str(),
                  static_cast<C::StreamTransformation &>(chacha).AlgorithmProvider().c_str());
  });
}

constexpr SmEngine engine = {
    SM_ABI_MAJOR,
    SM_ABI_MINOR,
    sizeof(SmEngine),
    "cryptopp",
    "Crypto++",
    lib_version,
    engine_init,
    nullptr,
    nullptr,
    {"the Filter/Pipeline layer (StreamTransformationFilter, AuthenticatedEncryptionFilter, "
     "HashFilter, SignerFilter, SignatureVerificationFilter), one filter per cell",
     "the objects' member calls (ProcessData, EncryptAndAuthenticate, DecryptAndVerify, "
     "CalculateDigest, SignMessage, VerifyMessage, Agree)"},
    algorithms,
};

} // namespace

extern "C" SM_ENGINE_EXPORT const SmEngine *speedmatrix_engine(void) { return &engine; }

#include "cryptopp-engine.h"

#include <cryptopp/aes.h>
#include <cryptopp/dsa.h>
#include <cryptopp/eccrypto.h>
#include <cryptopp/modes.h>
#include <cryptopp/oids.h>
#include <cryptopp/rsa.h>
#include <cryptopp/sha.h>
#include <cryptopp/xed25519.h>

namespace sm_cryptopp
{

C::Integer big(SmBytes b) { return C::Integer(sm_bytes_or_empty(b), b.len); }

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
/* Rows                                                                                       */

using SignerPtr = std::unique_ptr<C::PK_Signer>;
using VerifierPtr = std::unique_ptr<C::PK_Verifier>;
using AgreePtr = std::unique_ptr<C::SimpleKeyAgreementDomain>;

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
/* Tables                                                                                     */

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

/* A table row per algorithm, named by its signature or key-agreement row. */
template <const SigRow &row, bool keygen = true> constexpr SmAlgorithm signature(const char *name)
{
  return alg(name, SM_KIND_SIGNATURE, built<sig_levels, row, keygen>);
}
template <const KexRow &row> constexpr SmAlgorithm kex(const char *name)
{
  return {name, SM_KIND_KEX, {nullptr, &built<kex_low, row>}, {no_kex_filter, nullptr}};
}

constexpr SmAlgorithm pk_rows[] = {
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
    {}, /* the end */
};

} // namespace sm_cryptopp

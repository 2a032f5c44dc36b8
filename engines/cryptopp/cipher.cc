#include "cryptopp-engine.h"

#include <cryptopp/aes.h>
#include <cryptopp/arc4.h>
#include <cryptopp/blowfish.h>
#include <cryptopp/camellia.h>
#include <cryptopp/cast.h>
#include <cryptopp/ccm.h>
#include <cryptopp/chacha.h>
#include <cryptopp/chachapoly.h>
#include <cryptopp/des.h>
#include <cryptopp/gcm.h>
#include <cryptopp/idea.h>
#include <cryptopp/modes.h>
#include <cryptopp/rc2.h>
#include <cryptopp/serpent.h>
#include <cryptopp/sm4.h>
#include <cryptopp/twofish.h>
#include <cryptopp/xts.h>

namespace sm_cryptopp
{

/* ------------------------------------------------------------------------------------------ */
/* Rows                                                                                       */

using CipherPtr = std::unique_ptr<C::SymmetricCipher>;
using AeadPtr = std::unique_ptr<C::AuthenticatedSymmetricCipher>;

struct CipherRow {
  CipherPtr (*make)(bool encrypt);
  Shape shape; /* sm_cxx::Shape, how the runner's iv and calls are used */
};
struct AeadRow {
  AeadPtr (*make)(bool encrypt);
  bool lengths_first; /* CCM: SpecifyDataLengths before the data */
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

/* Key and IV in one call; RC2's effective key length is the key's (as in OpenSSL and RFC 2268's
 * vectors), where Crypto++ would default to 1024 bits. Other ciphers ignore that parameter. */
void key_cipher(C::SymmetricCipher &cipher, const SmParams *params, SmBytes iv)
{
  auto args = C::MakeParameters(C::Name::EffectiveKeyLength(), int(params->key.len * 8), false);
  if (iv.len > 0)
    args(C::Name::IV(), C::ConstByteArrayParameter(iv.data, iv.len), false);
  cipher.SetKey(sm_bytes_or_empty(params->key), params->key.len, args);
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
        if (row->shape == Shape::ChaCha) {
          /* ChaChaTLS takes the nonce, then seeks to the counter's block. */
          ChaChaIv iv = chacha_iv(params->iv);
          key_cipher(*st->cipher, params, iv.nonce);
          st->cipher->Seek(iv.offset());
        } else {
          key_cipher(*st->cipher, params, params->iv); /* XTS: the tweak, set again per unit */
        }
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

struct AeadState : AeadInputs {
  AeadPtr aead;
  bool lengths_first = false;
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
        st->copy_inputs(params);
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
/* Tables                                                                                     */

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

/* A table row per algorithm, named by the Crypto++ class that serves it: its row and levels are
 * made from that, once per class. */
template <class Mode, Shape shape> constexpr CipherRow cipher_row{make_cipher<Mode>, shape};
template <class Mode, bool lengths_first>
constexpr AeadRow aead_row{make_aead<Mode>, lengths_first};

template <class Mode, Shape shape = Shape::Chain> constexpr SmAlgorithm cipher(const char *name)
{
  return alg(name, SM_KIND_CIPHER, built<cipher_levels, cipher_row<Mode, shape>>);
}
/* lengths_first: CCM, which wants SpecifyDataLengths before the data */
template <class Mode, bool lengths_first = false> constexpr SmAlgorithm aead(const char *name)
{
  return alg(name, SM_KIND_AEAD, built<aead_levels, aead_row<Mode, lengths_first>>);
}

/* The AES rows take the key length from the key (AES-128/192/256 are one class). */
constexpr SmAlgorithm cipher_rows[] = {
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
    {}, /* the end */
};

} // namespace sm_cryptopp

/* speedmatrix engine: Botan 2 (2.18+) or Botan 3.
 *
 * evp = the C FFI (botan/ffi.h): objects named by strings (botan_cipher_*, botan_hash_*,
 * botan_mac_*, botan_pk_op_*). low = the C++ objects below it (Cipher_Mode, StreamCipher,
 * HashFunction, MessageAuthenticationCode, PK_Signer, PK_Verifier, PK_Key_Agreement).
 *
 * Every entry point catches every exception: Botan reports errors by throwing, and nothing may
 * cross the C interface. Lookup failures are SM_UNSUPPORTED, anything else SM_FAILED.
 *
 * Randomness: the C++ level gets SeededRng (ChaCha20 keystream keyed from params->seed). The FFI
 * gets the same construction through botan_rng_init_custom over an FFI ChaCha20 cipher, wherever
 * a call takes a botan_rng_t; but botan_pk_op_sign_create and botan_pk_op_key_agreement_create
 * build their PK_Signer / PK_Key_Agreement on Botan::system_rng() (RSA and ECDH blinding),
 * which no FFI call can replace. The init message says so. RSA keygen draws from the system RNG:
 * a key drawn is to differ from state to state (see low_keygen).
 *
 * keygen (ABI 1.3) and the post-quantum rows (Botan 3: ML-KEM, ML-DSA, SLH-DSA) are at the C++
 * level only.
 */

/* cpuid.h (CPUID::clear_cpuid_bit, the library's only acceleration switch) is flagged "will be
 * made internal" by a #pragma warning in Botan 2.19, which -Werror would turn into an error. */
#define BOTAN_NO_DEPRECATED_WARNINGS 1

#include "engine-util.h"

#include <botan/version.h> /* BOTAN_VERSION_MAJOR, first: it decides the rest */

#if BOTAN_VERSION_MAJOR != 2 && BOTAN_VERSION_MAJOR != 3
#error "engines/botan.cc knows Botan 2 and 3; found Botan " BOTAN_VERSION_STRING
#endif

#include <botan/aead.h>
#include <botan/bigint.h>
#include <botan/cipher_mode.h>
#if BOTAN_VERSION_MAJOR == 2
#include <botan/cpuid.h> /* internal in Botan 3, which reads BOTAN_CLEAR_CPUID instead */
#endif
#include <botan/curve25519.h>
#include <botan/dl_group.h>
#include <botan/dsa.h>
#include <botan/ec_group.h>
#include <botan/ecdh.h>
#include <botan/ecdsa.h>
#include <botan/ed25519.h>
#include <botan/exceptn.h>
#include <botan/ffi.h>
#include <botan/hash.h>
#include <botan/mac.h>
#include <botan/pubkey.h>
#include <botan/rng.h>
#include <botan/rsa.h>
#include <botan/stream_cipher.h>
#include <botan/system_rng.h>
#if BOTAN_VERSION_MAJOR >= 3
#include <botan/ml_dsa.h>
#include <botan/ml_kem.h>
#include <botan/slh_dsa.h>
#endif

#include <cstdio>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace
{

/* ------------------------------------------------------------------------------------------ */
/* Exceptions at the boundary                                                                  */

/* An FFI call returned an error code: thrown in setup only, caught by guarded_setup. */
struct FfiError : std::runtime_error {
  int code;
  FfiError(const char *what, int rc)
      : std::runtime_error(std::string(what) + ": " + botan_error_description(rc)), code(rc)
  {
  }
};

void ffi_check(int rc, const char *what)
{
  if (rc != BOTAN_FFI_SUCCESS)
    throw FfiError(what, rc);
}

/* Runs a setup body; every exception becomes a status with the library's message. */
template <typename Body> SmResult guarded_setup(char *msg, size_t msg_len, Body &&body) noexcept
{
  try {
    return body();
  } catch (const FfiError &e) {
    SmResult r = e.code == BOTAN_FFI_ERROR_NOT_IMPLEMENTED ? SM_UNSUPPORTED : SM_FAILED;
    return sm_msg(r, msg, msg_len, "%s", e.what());
  } catch (const Botan::Lookup_Error &e) {
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "%s", e.what());
  } catch (const Botan::Not_Implemented &e) {
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "%s", e.what());
  } catch (const std::exception &e) {
    return sm_msg(SM_FAILED, msg, msg_len, "%s", e.what());
  } catch (...) {
    return sm_msg(SM_FAILED, msg, msg_len, "unknown exception from Botan");
  }
}

/* Runs an operation body: any exception (a bad tag, a bad size) is a failed operation. */
template <typename Body> SmResult guarded_op(Body &&body) noexcept
{
  try {
    return body();
  } catch (...) {
    return SM_FAILED;
  }
}

template <typename State> void destroy(void *state) noexcept { delete static_cast<State *>(state); }

/* Hands a built state to the runner. */
template <typename State> SmResult hand_over(std::unique_ptr<State> &st, void **state)
{
  *state = st.release();
  return SM_OK;
}

std::vector<uint8_t> copy_of(SmBytes b) { return std::vector<uint8_t>(b.data, b.data + b.len); }

Botan::secure_vector<uint8_t> secret_of(SmBytes b)
{
  return Botan::secure_vector<uint8_t>(b.data, b.data + b.len);
}

Botan::BigInt big(SmBytes b) { return Botan::BigInt(sm_bytes_or_empty(b), b.len); }

/* The 32-bit little-endian block counter in front of a ChaCha20 iv. */
uint32_t chacha_counter(SmBytes iv)
{
  return uint32_t(iv.data[0]) | uint32_t(iv.data[1]) << 8 | uint32_t(iv.data[2]) << 16 |
         uint32_t(iv.data[3]) << 24;
}

/* Skipping keystream block by block is only sensible for small counters. */
constexpr uint32_t max_skipped_blocks = 1u << 16;

/* ------------------------------------------------------------------------------------------ */
/* Deterministic randomness                                                                    */

/* C++ level: the ChaCha20 keystream under the seed (Botan's own ChaCha_RNG stops once its
 * reseed interval passes without an entropy source). */
class SeededRng final : public Botan::RandomNumberGenerator
{
public:
  explicit SeededRng(uint64_t seed) : m_chacha(Botan::StreamCipher::create_or_throw("ChaCha(20)"))
  {
    SmSeedKey key(seed);
    m_chacha->set_key(key.bytes, sizeof key.bytes);
    m_chacha->set_iv(nullptr, 0);
  }
#if BOTAN_VERSION_MAJOR == 2
  void randomize(uint8_t output[], size_t length) override
  {
    m_chacha->write_keystream(output, length);
  }
  void add_entropy(const uint8_t[], size_t) override {}
#else
  /* Botan 3's one entry point; input is never offered (accepts_input is false). */
  void fill_bytes_with_input(std::span<uint8_t> output, std::span<const uint8_t>) override
  {
    m_chacha->write_keystream(output.data(), output.size());
  }
#endif
  bool accepts_input() const override { return false; }
  std::string name() const override { return "speedmatrix-seeded-ChaCha20"; }
  void clear() override {}
  bool is_seeded() const override { return true; }

private:
  std::unique_ptr<Botan::StreamCipher> m_chacha;
};

/* Hands out given bytes, in order, and refuses to give more: a seed (SLH-DSA's three) or the
 * ML-KEM m, taken by a Botan generator that draws them from its RNG. */
class FixedRng final : public Botan::RandomNumberGenerator
{
public:
  FixedRng(const uint8_t *bytes, size_t len) : m_bytes(bytes), m_len(len) {} /* not copied */
#if BOTAN_VERSION_MAJOR == 2
  void randomize(uint8_t output[], size_t length) override { take(output, length); }
  void add_entropy(const uint8_t[], size_t) override {}
#else
  void fill_bytes_with_input(std::span<uint8_t> output, std::span<const uint8_t>) override
  {
    take(output.data(), output.size());
  }
#endif
  bool accepts_input() const override { return false; }
  std::string name() const override { return "speedmatrix-fixed"; }
  void clear() override {}
  bool is_seeded() const override { return true; }

private:
  void take(uint8_t *out, size_t len)
  {
    if (len > m_len - m_used)
      throw std::invalid_argument("the seed is shorter than Botan draws");
    if (len > 0)
      std::memcpy(out, m_bytes + m_used, len);
    m_used += len;
  }
  const uint8_t *m_bytes;
  size_t m_len, m_used = 0;
};

/* FFI level: the same keystream, from an FFI cipher, behind botan_rng_init_custom. */
struct FfiRng {
  botan_cipher_t chacha = nullptr;
  botan_rng_t rng = nullptr;
  FfiRng(const FfiRng &) = delete;
  FfiRng &operator=(const FfiRng &) = delete;
  explicit FfiRng(uint64_t seed)
  {
    SmSeedKey key(seed);
    uint8_t nonce[8] = {0};
    ffi_check(botan_cipher_init(&chacha, "ChaCha(20)", BOTAN_CIPHER_INIT_FLAG_ENCRYPT),
              "botan_cipher_init(ChaCha(20))");
    ffi_check(botan_cipher_set_key(chacha, key.bytes, sizeof key.bytes), "botan_cipher_set_key");
    ffi_check(botan_cipher_start(chacha, nonce, sizeof nonce), "botan_cipher_start");
    ffi_check(botan_rng_init_custom(&rng, "speedmatrix-seeded", this, generate, nullptr, nullptr),
              "botan_rng_init_custom");
  }
  ~FfiRng()
  {
    botan_rng_destroy(rng);
    botan_cipher_destroy(chacha);
  }
  static int generate(void *context, uint8_t *out, size_t out_len)
  {
    auto *self = static_cast<FfiRng *>(context);
    std::memset(out, 0, out_len);
    size_t written = 0, consumed = 0;
    return botan_cipher_update(self->chacha, BOTAN_CIPHER_UPDATE_FLAG_FINAL, out, out_len, &written,
                               out, out_len, &consumed);
  }
};

/* ------------------------------------------------------------------------------------------ */
/* Rows: one per algorithm, read by the setup of its family at either level                    */

enum class Shape { Chain, Stream, ChaCha, Xts };

struct CipherRow {
  const char *mode;   /* Cipher_Mode / FFI name */
  const char *stream; /* StreamCipher name for the low level of stream shapes */
  Shape shape;
};

struct NameRow {
  const char *name;
  bool rekey; /* MAC: one-time key (Poly1305), set again for every message */
};

/* MlKem, MlDsa, SlhDsa: Botan 3 only. */
enum class PkType { Rsa, Dsa, Ecdsa, Ed25519, X25519, Ecdh, MlKem, MlDsa, SlhDsa };

struct PkRow {
  PkType type;
  const char *group;   /* EC group name; the post-quantum parameter set's Botan name */
  const char *padding; /* EMSA or option for signing, KDF for key agreement and KEMs */
  const char *verify;  /* the verifier's option where it differs from padding; else nullptr */
  size_t bits;         /* RSA keygen: the modulus size */
};

/* ------------------------------------------------------------------------------------------ */
/* evp: ciphers through the FFI                                                                */

/* Botan 2's FFI update without the final flag works in update_granularity() chunks (one byte
 * at a time for stream ciphers, copying each): every call is passed as a final chunk instead.
 * CBC and the stream modes carry their chaining value / keystream position over a finish, so
 * the next call continues the stream as the runner's contract asks. */
struct FfiCipher {
  botan_cipher_t cipher = nullptr;
  std::vector<uint8_t> tweak; /* XTS: set before each data unit */
  ~FfiCipher() { botan_cipher_destroy(cipher); }
};

int ffi_cipher_run(botan_cipher_t cipher, const uint8_t *in, size_t in_len, uint8_t *out,
                   size_t out_cap, size_t *written)
{
  size_t consumed = 0;
  int rc = botan_cipher_update(cipher, BOTAN_CIPHER_UPDATE_FLAG_FINAL, out, out_cap, written,
                               sm_bytes_or_empty({in, in_len}), in_len, &consumed);
  return rc == BOTAN_FFI_SUCCESS && consumed == in_len ? rc : BOTAN_FFI_ERROR_UNKNOWN_ERROR;
}

/* The FFI's ChaCha20 starts at block 0 and cannot seek: run the keystream up to the counter. */
void ffi_chacha_skip(botan_cipher_t cipher, uint32_t blocks)
{
  uint8_t zeros[1024];
  size_t left = size_t(blocks) * 64;
  while (left > 0) {
    size_t n = left < sizeof zeros ? left : sizeof zeros, written = 0;
    std::memset(zeros, 0, sizeof zeros);
    ffi_check(ffi_cipher_run(cipher, zeros, n, zeros, sizeof zeros, &written),
              "skipping ChaCha20 keystream");
    left -= n;
  }
}

SmResult ffi_cipher_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  return guarded_setup(msg, msg_len, [&] {
    const auto *row = static_cast<const CipherRow *>(params->impl_data);
    auto st = std::make_unique<FfiCipher>();
    uint32_t dir = params->op == SM_OP_ENCRYPT ? BOTAN_CIPHER_INIT_FLAG_ENCRYPT
                                               : BOTAN_CIPHER_INIT_FLAG_DECRYPT;
    ffi_check(botan_cipher_init(&st->cipher, row->mode, dir), row->mode);
    ffi_check(botan_cipher_set_key(st->cipher, sm_bytes_or_empty(params->key), params->key.len),
              "botan_cipher_set_key");
    if (row->shape == Shape::Xts) {
      st->tweak = copy_of(params->iv);
      return hand_over(st, state);
    }
    if (row->shape != Shape::ChaCha) {
      ffi_check(botan_cipher_start(st->cipher, params->iv.data, params->iv.len),
                "botan_cipher_start");
      return hand_over(st, state);
    }
    if (params->iv.len != 16)
      return sm_msg(SM_FAILED, msg, msg_len, "ChaCha20 takes counter || nonce, 16 bytes");
    uint32_t counter = chacha_counter(params->iv);
    if (counter > max_skipped_blocks)
      return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                    "Botan's FFI ChaCha20 cannot seek; counter %u is too far to skip", counter);
    ffi_check(botan_cipher_start(st->cipher, params->iv.data + 4, 12), "botan_cipher_start");
    ffi_chacha_skip(st->cipher, counter);
    return hand_over(st, state);
  });
}

SmResult ffi_cipher_op(void *state, SmIo *io)
{
  return guarded_op([&] {
    auto *st = static_cast<FfiCipher *>(state);
    if (!st->tweak.empty() &&
        botan_cipher_start(st->cipher, st->tweak.data(), st->tweak.size()) != BOTAN_FFI_SUCCESS)
      return SM_FAILED;
    size_t written = 0;
    if (ffi_cipher_run(st->cipher, io->in, io->in_len, io->out, io->out_len, &written) !=
            BOTAN_FFI_SUCCESS ||
        written != io->in_len)
      return SM_FAILED;
    io->out_len = written;
    return SM_OK;
  });
}

/* ------------------------------------------------------------------------------------------ */
/* evp: AEAD through the FFI (key set once; per message: AD, nonce, one final update)          */

struct FfiAead {
  botan_cipher_t cipher = nullptr;
  std::vector<uint8_t> nonce, aad;
  size_t tag_len = 0;
  ~FfiAead() { botan_cipher_destroy(cipher); }
};

SmResult ffi_aead_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  return guarded_setup(msg, msg_len, [&] {
    const auto *row = static_cast<const CipherRow *>(params->impl_data);
    auto st = std::make_unique<FfiAead>();
    uint32_t dir = params->op == SM_OP_ENCRYPT ? BOTAN_CIPHER_INIT_FLAG_ENCRYPT
                                               : BOTAN_CIPHER_INIT_FLAG_DECRYPT;
    ffi_check(botan_cipher_init(&st->cipher, row->mode, dir), row->mode);
    ffi_check(botan_cipher_set_key(st->cipher, sm_bytes_or_empty(params->key), params->key.len),
              "botan_cipher_set_key");
    ffi_check(botan_cipher_get_tag_length(st->cipher, &st->tag_len), "botan_cipher_get_tag_length");
    if (st->tag_len != params->tag_len)
      return sm_msg(SM_UNSUPPORTED, msg, msg_len, "%s has a %zu-byte tag, not %zu", row->mode,
                    st->tag_len, params->tag_len);
    if (botan_cipher_valid_nonce_length(st->cipher, params->iv.len) != 1)
      return sm_msg(SM_UNSUPPORTED, msg, msg_len, "%s does not take a %zu-byte nonce", row->mode,
                    params->iv.len);
    st->nonce = copy_of(params->iv);
    st->aad = copy_of(params->aad);
    return hand_over(st, state);
  });
}

SmResult ffi_aead_op(void *state, SmIo *io)
{
  return guarded_op([&] {
    auto *st = static_cast<FfiAead *>(state);
    size_t written = 0;
    /* Botan's AEAD modes take the associated data before the nonce. */
    if (botan_cipher_set_associated_data(st->cipher,
                                         sm_bytes_or_empty({st->aad.data(), st->aad.size()}),
                                         st->aad.size()) != BOTAN_FFI_SUCCESS ||
        botan_cipher_start(st->cipher, st->nonce.data(), st->nonce.size()) != BOTAN_FFI_SUCCESS ||
        ffi_cipher_run(st->cipher, io->in, io->in_len, io->out, io->out_len, &written) !=
            BOTAN_FFI_SUCCESS)
      return SM_FAILED; /* a bad tag is BOTAN_FFI_ERROR_BAD_MAC */
    io->out_len = written;
    return SM_OK;
  });
}

/* ------------------------------------------------------------------------------------------ */
/* evp: digests and MACs through the FFI (final resets the object for the next message)        */

struct FfiHash {
  botan_hash_t hash = nullptr;
  size_t out_len = 0;
  ~FfiHash() { botan_hash_destroy(hash); }
};

SmResult ffi_hash_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  return guarded_setup(msg, msg_len, [&] {
    const auto *row = static_cast<const NameRow *>(params->impl_data);
    auto st = std::make_unique<FfiHash>();
    ffi_check(botan_hash_init(&st->hash, row->name, 0), row->name);
    ffi_check(botan_hash_output_length(st->hash, &st->out_len), "botan_hash_output_length");
    return hand_over(st, state);
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
  return guarded_setup(msg, msg_len, [&] {
    const auto *row = static_cast<const NameRow *>(params->impl_data);
    auto st = std::make_unique<FfiMac>();
    ffi_check(botan_mac_init(&st->mac, row->name, 0), row->name);
    ffi_check(botan_mac_output_length(st->mac, &st->out_len), "botan_mac_output_length");
    ffi_check(botan_mac_set_key(st->mac, sm_bytes_or_empty(params->key), params->key.len),
              "botan_mac_set_key");
    if (row->rekey)
      st->key = secret_of(params->key);
    return hand_over(st, state);
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
/* evp: keys through the FFI                                                                   */

struct FfiMp {
  botan_mp_t mp = nullptr;
  explicit FfiMp(SmBytes b)
  {
    ffi_check(botan_mp_init(&mp), "botan_mp_init");
    ffi_check(botan_mp_from_bin(mp, sm_bytes_or_empty(b), b.len), "botan_mp_from_bin");
  }
  FfiMp(const FfiMp &) = delete;
  FfiMp &operator=(const FfiMp &) = delete;
  ~FfiMp() { botan_mp_destroy(mp); }
};

struct FfiPriv {
  botan_privkey_t key = nullptr;
  ~FfiPriv() { botan_privkey_destroy(key); }
};
struct FfiPub {
  botan_pubkey_t key = nullptr;
  ~FfiPub() { botan_pubkey_destroy(key); }
};

void ffi_load_private(FfiPriv &out, const PkRow &row, const SmParams *params, SmBytes priv)
{
  switch (row.type) {
  case PkType::Rsa:
    ffi_check(botan_privkey_load_rsa(&out.key, FfiMp(params->rsa.p).mp, FfiMp(params->rsa.q).mp,
                                     FfiMp(params->rsa.e).mp),
              "botan_privkey_load_rsa");
    return;
  case PkType::Dsa:
    ffi_check(botan_privkey_load_dsa(&out.key, FfiMp(params->dsa.p).mp, FfiMp(params->dsa.q).mp,
                                     FfiMp(params->dsa.g).mp, FfiMp(params->dsa.x).mp),
              "botan_privkey_load_dsa");
    return;
  case PkType::Ecdsa:
    ffi_check(botan_privkey_load_ecdsa(&out.key, FfiMp(priv).mp, row.group),
              "botan_privkey_load_ecdsa");
    return;
  case PkType::Ecdh:
    ffi_check(botan_privkey_load_ecdh(&out.key, FfiMp(priv).mp, row.group),
              "botan_privkey_load_ecdh");
    return;
  case PkType::Ed25519:
  case PkType::X25519:
    if (priv.len != 32)
      throw std::invalid_argument("a 32-byte private key is needed");
    ffi_check(row.type == PkType::Ed25519 ? botan_privkey_load_ed25519(&out.key, priv.data)
                                          : botan_privkey_load_x25519(&out.key, priv.data),
              "botan_privkey_load");
    return;
  case PkType::MlKem:
  case PkType::MlDsa:
  case PkType::SlhDsa:
    break;
  }
  throw Botan::Not_Implemented("the post-quantum keys are not wired to the FFI here");
}

/* A public key from the params, or (ECDSA, EdDSA without `pub`) from the private key. */
void ffi_load_public(FfiPub &out, const PkRow &row, const SmParams *params)
{
  SmBytes pub = params->pub;
  switch (row.type) {
  case PkType::Rsa:
    ffi_check(botan_pubkey_load_rsa(&out.key, FfiMp(params->rsa.n).mp, FfiMp(params->rsa.e).mp),
              "botan_pubkey_load_rsa");
    return;
  case PkType::Dsa:
    ffi_check(botan_pubkey_load_dsa(&out.key, FfiMp(params->dsa.p).mp, FfiMp(params->dsa.q).mp,
                                    FfiMp(params->dsa.g).mp, FfiMp(params->dsa.y).mp),
              "botan_pubkey_load_dsa");
    return;
  default:
    break;
  }
  if (pub.len == 0) {
    FfiPriv priv;
    ffi_load_private(priv, row, params, params->priv);
    ffi_check(botan_privkey_export_pubkey(&out.key, priv.key), "botan_privkey_export_pubkey");
  } else if (row.type == PkType::Ed25519) {
    if (pub.len != 32)
      throw std::invalid_argument("an Ed25519 public key is 32 bytes");
    ffi_check(botan_pubkey_load_ed25519(&out.key, pub.data), "botan_pubkey_load_ed25519");
  } else {
    size_t half = (pub.len - 1) / 2;
    if (pub.len < 3 || pub.data[0] != 0x04 || pub.len != 1 + 2 * half)
      throw std::invalid_argument("the public point is not 04 || x || y");
    ffi_check(botan_pubkey_load_ecdsa(&out.key, FfiMp({pub.data + 1, half}).mp,
                                      FfiMp({pub.data + 1 + half, half}).mp, row.group),
              "botan_pubkey_load_ecdsa");
  }
}

/* ------------------------------------------------------------------------------------------ */
/* evp: signatures through the FFI                                                             */

struct FfiSig {
  FfiPriv priv;
  FfiPub pub;
  std::unique_ptr<FfiRng> rng;
  botan_pk_op_sign_t signer = nullptr;
  botan_pk_op_verify_t verifier = nullptr;
  ~FfiSig()
  {
    botan_pk_op_sign_destroy(signer);
    botan_pk_op_verify_destroy(verifier);
  }
};

SmResult ffi_sig_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  return guarded_setup(msg, msg_len, [&] {
    const auto *row = static_cast<const PkRow *>(params->impl_data);
    auto st = std::make_unique<FfiSig>();
    if (params->op == SM_OP_SIGN) {
      ffi_load_private(st->priv, *row, params, params->priv);
      st->rng = std::make_unique<FfiRng>(params->seed);
      /* Flags 0: r || s fixed width (IEEE 1363) for DSA and ECDSA. */
      ffi_check(botan_pk_op_sign_create(&st->signer, st->priv.key, row->padding, 0),
                "botan_pk_op_sign_create");
    } else {
      ffi_load_public(st->pub, *row, params);
      ffi_check(botan_pk_op_verify_create(&st->verifier, st->pub.key, row->padding, 0),
                "botan_pk_op_verify_create");
    }
    return hand_over(st, state);
  });
}

SmResult ffi_sig_sign(void *state, SmIo *io)
{
  auto *st = static_cast<FfiSig *>(state);
  size_t len = io->out_len;
  if (botan_pk_op_sign_update(st->signer, sm_bytes_or_empty({io->in, io->in_len}), io->in_len) !=
          0 ||
      botan_pk_op_sign_finish(st->signer, st->rng->rng, io->out, &len) != 0)
    return SM_FAILED;
  io->out_len = len;
  return SM_OK;
}

SmResult ffi_sig_verify(void *state, SmIo *io)
{
  auto *st = static_cast<FfiSig *>(state);
  io->out_len = 0;
  if (botan_pk_op_verify_update(st->verifier, sm_bytes_or_empty({io->in, io->in_len}),
                                io->in_len) != 0 ||
      botan_pk_op_verify_finish(st->verifier, sm_bytes_or_empty({io->aux, io->aux_len}),
                                io->aux_len) != 0)
    return SM_FAILED; /* BOTAN_FFI_INVALID_VERIFIER: the signature does not verify */
  return SM_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* evp: key agreement through the FFI ("Raw": the shared secret itself)                        */

struct FfiKex {
  FfiPriv priv;
  std::vector<uint8_t> peer;
  botan_pk_op_ka_t op = nullptr;
  ~FfiKex() { botan_pk_op_key_agreement_destroy(op); }
};

SmResult ffi_kex_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  return guarded_setup(msg, msg_len, [&] {
    const auto *row = static_cast<const PkRow *>(params->impl_data);
    auto st = std::make_unique<FfiKex>();
    ffi_load_private(st->priv, *row, params, params->priv);
    if (params->peer_pub.len > 0) {
      st->peer = copy_of(params->peer_pub);
    } else {
      FfiPriv peer;
      ffi_load_private(peer, *row, params, params->peer_priv);
      size_t len = 0;
      botan_pk_op_key_agreement_export_public(peer.key, nullptr, &len);
      st->peer.resize(len);
      ffi_check(botan_pk_op_key_agreement_export_public(peer.key, st->peer.data(), &len),
                "botan_pk_op_key_agreement_export_public");
      st->peer.resize(len);
    }
    ffi_check(botan_pk_op_key_agreement_create(&st->op, st->priv.key, row->padding, 0),
              "botan_pk_op_key_agreement_create");
    return hand_over(st, state);
  });
}

SmResult ffi_kex_derive(void *state, SmIo *io)
{
  auto *st = static_cast<FfiKex *>(state);
  size_t len = io->out_len;
  if (botan_pk_op_key_agreement(st->op, io->out, &len, st->peer.data(), st->peer.size(), nullptr,
                                0) != 0)
    return SM_FAILED;
  io->out_len = len;
  return SM_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* low: Cipher_Mode in place. Botan 2's modes work on the caller's buffer only (process()
 * in place, finish() on a secure_vector): the input is copied to `out` once, the few bytes that
 * finish() needs go through a vector reserved in setup.                                      */

/* One whole message: process() the granules that leave finish() its minimum, finish() the
 * rest. CCM's process() only buffers (returns 0): then finish() returns the whole message.
 * Returns the bytes written, or 0 when `out` is too small. */
size_t mode_message(Botan::Cipher_Mode &mode, Botan::secure_vector<uint8_t> &tail, const SmIo *io)
{
  size_t gran = mode.update_granularity(), min_final = mode.minimum_final_size();
  size_t head = io->in_len > min_final ? (io->in_len - min_final) / gran * gran : 0;
  if (head > io->out_len)
    return 0;
  size_t done = 0;
  if (head > 0) {
    std::memcpy(io->out, io->in, head);
    done = mode.process(io->out, head);
  }
  tail.assign(io->in + head, io->in + io->in_len);
  mode.finish(tail);
  if (done + tail.size() > io->out_len)
    return 0;
  if (!tail.empty())
    std::memcpy(io->out + done, tail.data(), tail.size());
  return done + tail.size();
}

struct LowMode {
  std::unique_ptr<Botan::Cipher_Mode> mode;
  std::unique_ptr<Botan::StreamCipher> stream;
  std::vector<uint8_t> tweak;
  Botan::secure_vector<uint8_t> tail;
};

SmResult low_cipher_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  return guarded_setup(msg, msg_len, [&] {
    const auto *row = static_cast<const CipherRow *>(params->impl_data);
    auto st = std::make_unique<LowMode>();
    if (row->shape == Shape::Stream || row->shape == Shape::ChaCha) {
      st->stream = Botan::StreamCipher::create_or_throw(row->stream);
      st->stream->set_key(sm_bytes_or_empty(params->key), params->key.len);
      if (row->shape == Shape::Stream) {
        st->stream->set_iv(params->iv.data, params->iv.len);
        return hand_over(st, state);
      }
      if (params->iv.len != 16)
        return sm_msg(SM_FAILED, msg, msg_len, "ChaCha20 takes counter || nonce, 16 bytes");
      st->stream->set_iv(params->iv.data + 4, 12);
      st->stream->seek(uint64_t(chacha_counter(params->iv)) * 64);
      return hand_over(st, state);
    }
    auto dir =
        params->op == SM_OP_ENCRYPT ? Botan::Cipher_Dir::ENCRYPTION : Botan::Cipher_Dir::DECRYPTION;
    st->mode = Botan::Cipher_Mode::create_or_throw(row->mode, dir);
    st->mode->set_key(sm_bytes_or_empty(params->key), params->key.len);
    if (row->shape == Shape::Xts) {
      st->tweak = copy_of(params->iv);
      st->tail.reserve(params->max_len + st->mode->update_granularity());
    } else {
      st->mode->start(params->iv.data, params->iv.len);
    }
    return hand_over(st, state);
  });
}

SmResult low_stream_op(void *state, SmIo *io)
{
  return guarded_op([&] {
    auto *st = static_cast<LowMode *>(state);
    if (io->out_len < io->in_len)
      return SM_FAILED;
    st->stream->cipher(io->in, io->out, io->in_len);
    io->out_len = io->in_len;
    return SM_OK;
  });
}

/* CBC: the chaining value stays in the mode across calls; process() takes whole blocks. */
SmResult low_chain_op(void *state, SmIo *io)
{
  return guarded_op([&] {
    auto *st = static_cast<LowMode *>(state);
    if (io->out_len < io->in_len)
      return SM_FAILED;
    if (io->in_len > 0) {
      std::memcpy(io->out, io->in, io->in_len);
      st->mode->process(io->out, io->in_len);
    }
    io->out_len = io->in_len;
    return SM_OK;
  });
}

/* XTS: every call one data unit under the tweak. */
SmResult low_xts_op(void *state, SmIo *io)
{
  return guarded_op([&] {
    auto *st = static_cast<LowMode *>(state);
    st->mode->start(st->tweak.data(), st->tweak.size());
    size_t written = mode_message(*st->mode, st->tail, io);
    if (written != io->in_len)
      return SM_FAILED;
    io->out_len = written;
    return SM_OK;
  });
}

struct LowAead {
  std::unique_ptr<Botan::AEAD_Mode> mode;
  std::vector<uint8_t> nonce, aad;
  Botan::secure_vector<uint8_t> tail;
};

SmResult low_aead_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  return guarded_setup(msg, msg_len, [&] {
    const auto *row = static_cast<const CipherRow *>(params->impl_data);
    auto st = std::make_unique<LowAead>();
    auto dir =
        params->op == SM_OP_ENCRYPT ? Botan::Cipher_Dir::ENCRYPTION : Botan::Cipher_Dir::DECRYPTION;
    st->mode = Botan::AEAD_Mode::create_or_throw(row->mode, dir);
    st->mode->set_key(sm_bytes_or_empty(params->key), params->key.len);
    if (st->mode->tag_size() != params->tag_len)
      return sm_msg(SM_UNSUPPORTED, msg, msg_len, "%s has a %zu-byte tag, not %zu", row->mode,
                    st->mode->tag_size(), params->tag_len);
    if (!st->mode->valid_nonce_length(params->iv.len))
      return sm_msg(SM_UNSUPPORTED, msg, msg_len, "%s does not take a %zu-byte nonce", row->mode,
                    params->iv.len);
    st->nonce = copy_of(params->iv);
    st->aad = copy_of(params->aad);
    st->tail.reserve(params->max_len + st->mode->update_granularity() + st->mode->tag_size());
    return hand_over(st, state);
  });
}

SmResult low_aead_op(void *state, SmIo *io)
{
  return guarded_op([&] {
    auto *st = static_cast<LowAead *>(state);
    st->mode->set_associated_data(st->aad.data(), st->aad.size());
    st->mode->start(st->nonce.data(), st->nonce.size());
    size_t written = mode_message(*st->mode, st->tail, io); /* a bad tag throws */
    if (written == 0 && io->in_len > 0)
      return SM_FAILED;
    io->out_len = written;
    return SM_OK;
  });
}

/* ------------------------------------------------------------------------------------------ */
/* low: HashFunction and MessageAuthenticationCode (final() resets for the next message)      */

struct LowHash {
  std::unique_ptr<Botan::HashFunction> hash;
};

SmResult low_hash_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  return guarded_setup(msg, msg_len, [&] {
    const auto *row = static_cast<const NameRow *>(params->impl_data);
    auto st = std::make_unique<LowHash>();
    st->hash = Botan::HashFunction::create_or_throw(row->name);
    return hand_over(st, state);
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
  return guarded_setup(msg, msg_len, [&] {
    const auto *row = static_cast<const NameRow *>(params->impl_data);
    auto st = std::make_unique<LowMac>();
    st->mac = Botan::MessageAuthenticationCode::create_or_throw(row->name);
    st->mac->set_key(sm_bytes_or_empty(params->key), params->key.len);
    if (row->rekey)
      st->key = secret_of(params->key);
    return hand_over(st, state);
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
/* low: public-key objects                                                                     */

#if BOTAN_VERSION_MAJOR >= 3
std::span<const uint8_t> span_of(SmBytes b) { return {sm_bytes_or_empty(b), b.len}; }

/* A post-quantum private key: the FIPS encoding in priv, or else generated from the seed form
 * (ML-KEM d || z and ML-DSA xi: Botan's own seed-format private keys; SLH-DSA SK.seed ||
 * SK.prf || PK.seed: drawn in that order, n bytes each, by Botan's generator). */
std::unique_ptr<Botan::Private_Key> pq_private(const PkRow &row, SmBytes priv, SmBytes seed)
{
  switch (row.type) {
  case PkType::MlKem:
    /* Botan 3.7 takes an ML-KEM private key only as its seed; its expanded-key codec is
     * internal (ML_KEM_PrivateKey rejects a FIPS 203 dk: "incorrect byte count"). */
    if (priv.len > 0 && priv.len != 64)
      throw Botan::Not_Implemented("Botan 3.7 loads an ML-KEM private key only as the seed d || z, "
                                   "not as the FIPS 203 expanded dk");
    return std::make_unique<Botan::ML_KEM_PrivateKey>(span_of(priv.len > 0 ? priv : seed),
                                                      Botan::ML_KEM_Mode(row.group));
  case PkType::MlDsa:
    return std::make_unique<Botan::ML_DSA_PrivateKey>(span_of(priv.len > 0 ? priv : seed),
                                                      Botan::ML_DSA_Mode(row.group));
  case PkType::SlhDsa: {
    auto set = Botan::SLH_DSA_Parameters::create(row.group);
    if (priv.len > 0)
      return std::make_unique<Botan::SLH_DSA_PrivateKey>(span_of(priv), set);
    if (seed.len != 3 * set.n())
      throw std::invalid_argument("an SLH-DSA seed is SK.seed || SK.prf || PK.seed");
    FixedRng drawn(seed.data, seed.len);
    return std::make_unique<Botan::SLH_DSA_PrivateKey>(drawn, set);
  }
  default:
    throw std::invalid_argument("not a post-quantum key type");
  }
}

std::unique_ptr<Botan::Public_Key> pq_public(const PkRow &row, SmBytes pub)
{
  if (row.type == PkType::MlKem)
    return std::make_unique<Botan::ML_KEM_PublicKey>(span_of(pub), Botan::ML_KEM_Mode(row.group));
  if (row.type == PkType::MlDsa)
    return std::make_unique<Botan::ML_DSA_PublicKey>(span_of(pub), Botan::ML_DSA_Mode(row.group));
  return std::make_unique<Botan::SLH_DSA_PublicKey>(span_of(pub),
                                                    Botan::SLH_DSA_Parameters::create(row.group));
}
#endif

bool is_pq(PkType type)
{
  return type == PkType::MlKem || type == PkType::MlDsa || type == PkType::SlhDsa;
}

std::unique_ptr<Botan::Private_Key> low_private(const PkRow &row, const SmParams *params,
                                                SmBytes priv, Botan::RandomNumberGenerator &rng)
{
  switch (row.type) {
  case PkType::Rsa:
    return std::make_unique<Botan::RSA_PrivateKey>(big(params->rsa.p), big(params->rsa.q),
                                                   big(params->rsa.e), big(params->rsa.d),
                                                   big(params->rsa.n));
  case PkType::Dsa: {
    Botan::DL_Group group(big(params->dsa.p), big(params->dsa.q), big(params->dsa.g));
#if BOTAN_VERSION_MAJOR == 2
    return std::make_unique<Botan::DSA_PrivateKey>(rng, group, big(params->dsa.x));
#else
    return std::make_unique<Botan::DSA_PrivateKey>(group, big(params->dsa.x));
#endif
  }
  case PkType::Ecdsa:
    return std::make_unique<Botan::ECDSA_PrivateKey>(rng, Botan::EC_Group(row.group), big(priv));
  case PkType::Ecdh:
    return std::make_unique<Botan::ECDH_PrivateKey>(rng, Botan::EC_Group(row.group), big(priv));
  case PkType::Ed25519:
    if (priv.len != 32)
      throw std::invalid_argument("an Ed25519 seed is 32 bytes");
    return std::make_unique<Botan::Ed25519_PrivateKey>(secret_of(priv));
  case PkType::X25519:
    if (priv.len != 32)
      throw std::invalid_argument("an X25519 scalar is 32 bytes");
    return std::make_unique<Botan::Curve25519_PrivateKey>(secret_of(priv));
  case PkType::MlKem:
  case PkType::MlDsa:
  case PkType::SlhDsa:
#if BOTAN_VERSION_MAJOR >= 3
    return pq_private(row, priv, params->key_seed);
#else
    break;
#endif
  }
  throw std::invalid_argument("unknown key type");
}

std::unique_ptr<Botan::Public_Key> low_public(const PkRow &row, const SmParams *params,
                                              Botan::RandomNumberGenerator &rng)
{
  if (row.type == PkType::Rsa)
    return std::make_unique<Botan::RSA_PublicKey>(big(params->rsa.n), big(params->rsa.e));
  if (row.type == PkType::Dsa) {
    Botan::DL_Group group(big(params->dsa.p), big(params->dsa.q), big(params->dsa.g));
    return std::make_unique<Botan::DSA_PublicKey>(group, big(params->dsa.y));
  }
  if (params->pub.len == 0) /* a private key is its own public key */
    return low_private(row, params, params->priv, rng);
#if BOTAN_VERSION_MAJOR >= 3
  if (is_pq(row.type))
    return pq_public(row, params->pub);
#endif
  if (row.type == PkType::Ed25519)
    return std::make_unique<Botan::Ed25519_PublicKey>(params->pub.data, params->pub.len);
  Botan::EC_Group group(row.group);
  return std::make_unique<Botan::ECDSA_PublicKey>(group,
                                                  group.OS2ECP(params->pub.data, params->pub.len));
}

/* What every public-key state has; keygen (ABI 1.3) uses nothing else: a state of the row's
 * own type (its setup serves every operation of the level), with row and seed kept. */
struct LowPk {
  std::unique_ptr<SeededRng> rng;
  const PkRow *row = nullptr;
  Botan::secure_vector<uint8_t> seed;
};

/* The keygen part of a setup: false when params->op is another operation. */
bool keygen_setup(LowPk &st, const SmParams *params)
{
  st.row = static_cast<const PkRow *>(params->impl_data);
  st.rng = std::make_unique<SeededRng>(params->seed);
  if (params->op != SM_OP_KEYGEN)
    return false;
  st.seed = secret_of(params->key_seed);
  if (st.row->type != PkType::Rsa && st.seed.empty())
    throw std::invalid_argument("keygen takes key_seed for this algorithm");
  return true;
}

/* A new key pair per call, from the seed. RSA has none: its key is drawn from Botan's system RNG
 * (the contract wants a new pair per state, and every state's SeededRng starts alike). out =
 * the public key: RSA's n; otherwise public_key_bits(), the runner's encoding (raw; 04||x||y). */
template <typename State> SmResult low_keygen(void *state, SmIo *io)
{
  return guarded_op([&] {
    auto *st = static_cast<State *>(state);
    if (st->row->type == PkType::Rsa) {
      Botan::RSA_PrivateKey key(Botan::system_rng(), st->row->bits);
      const Botan::BigInt &n = key.get_n();
      if (n.bytes() > io->out_len)
        return SM_FAILED;
      n.binary_encode(io->out);
      io->out_len = n.bytes();
      return SM_OK;
    }
    SmParams seeded{};
    seeded.key_seed = {st->seed.data(), st->seed.size()};
    /* the classical rows take the seed as their private key; the post-quantum ones expand it */
    SmBytes priv = is_pq(st->row->type) ? SmBytes{nullptr, 0} : seeded.key_seed;
    auto key = low_private(*st->row, &seeded, priv, *st->rng);
    std::vector<uint8_t> pub = key->public_key_bits();
    if (pub.size() > io->out_len)
      return SM_FAILED;
    std::memcpy(io->out, pub.data(), pub.size());
    io->out_len = pub.size();
    return SM_OK;
  });
}

/* PK_Signer::sign_message returns a std::vector, and PK_Key_Agreement::derive_key a
 * SymmetricKey: those allocations per operation are the API's own. */
struct LowSig : LowPk {
  std::unique_ptr<Botan::Private_Key> priv;
  std::unique_ptr<Botan::Public_Key> pub;
  std::unique_ptr<Botan::PK_Signer> signer;
  std::unique_ptr<Botan::PK_Verifier> verifier;
};

SmResult low_sig_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  return guarded_setup(msg, msg_len, [&] {
    const auto *row = static_cast<const PkRow *>(params->impl_data);
    auto st = std::make_unique<LowSig>();
    if (keygen_setup(*st, params))
      return hand_over(st, state);
    if (is_pq(row->type) && params->aad.len > 0)
      return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                    "Botan %u.%u's PK_Signer takes no FIPS 204/205 context string",
                    unsigned(botan_version_major()), unsigned(botan_version_minor()));
    if (params->op == SM_OP_SIGN) {
      st->priv = low_private(*row, params, params->priv, *st->rng);
      st->signer = std::make_unique<Botan::PK_Signer>(*st->priv, *st->rng, row->padding,
                                                      Botan::Signature_Format::IEEE_1363);
    } else {
      st->pub = low_public(*row, params, *st->rng);
      st->verifier = std::make_unique<Botan::PK_Verifier>(
          *st->pub, row->verify ? row->verify : row->padding, Botan::Signature_Format::IEEE_1363);
    }
    return hand_over(st, state);
  });
}

SmResult low_sig_sign(void *state, SmIo *io)
{
  return guarded_op([&] {
    auto *st = static_cast<LowSig *>(state);
    std::vector<uint8_t> sig = st->signer->sign_message(io->in, io->in_len, *st->rng);
    if (sig.size() > io->out_len)
      return SM_FAILED;
    std::memcpy(io->out, sig.data(), sig.size());
    io->out_len = sig.size();
    return SM_OK;
  });
}

SmResult low_sig_verify(void *state, SmIo *io)
{
  return guarded_op([&] {
    auto *st = static_cast<LowSig *>(state);
    io->out_len = 0;
    return st->verifier->verify_message(io->in, io->in_len, io->aux, io->aux_len) ? SM_OK
                                                                                  : SM_FAILED;
  });
}

struct LowKex : LowPk {
  std::unique_ptr<Botan::Private_Key> priv;
  std::unique_ptr<Botan::PK_Key_Agreement> agreement;
  std::vector<uint8_t> peer;
};

SmResult low_kex_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  return guarded_setup(msg, msg_len, [&] {
    const auto *row = static_cast<const PkRow *>(params->impl_data);
    auto st = std::make_unique<LowKex>();
    if (keygen_setup(*st, params))
      return hand_over(st, state);
    st->priv = low_private(*row, params, params->priv, *st->rng);
    if (params->peer_pub.len > 0) {
      st->peer = copy_of(params->peer_pub);
    } else {
      auto peer = low_private(*row, params, params->peer_priv, *st->rng);
      auto *ka = dynamic_cast<Botan::PK_Key_Agreement_Key *>(peer.get());
      if (ka == nullptr)
        return sm_msg(SM_FAILED, msg, msg_len, "not a key-agreement key");
      st->peer = ka->public_value();
    }
    st->agreement = std::make_unique<Botan::PK_Key_Agreement>(*st->priv, *st->rng, row->padding);
    return hand_over(st, state);
  });
}

SmResult low_kex_derive(void *state, SmIo *io)
{
  return guarded_op([&] {
    auto *st = static_cast<LowKex *>(state);
    Botan::SymmetricKey secret = st->agreement->derive_key(0, st->peer.data(), st->peer.size());
    if (secret.size() > io->out_len)
      return SM_FAILED;
    std::memcpy(io->out, secret.begin(), secret.size());
    io->out_len = secret.size();
    return SM_OK;
  });
}

#if BOTAN_VERSION_MAJOR >= 3
/* ML-KEM: PK_KEM_Encryptor / PK_KEM_Decryptor without a KDF ("Raw": K itself). Encaps draws m
 * from its RNG: a FixedRng over the runner's m makes it the deterministic FIPS 203 encaps. */
struct LowKem : LowPk {
  std::unique_ptr<Botan::Private_Key> priv;
  std::unique_ptr<Botan::Public_Key> pub;
  std::unique_ptr<Botan::PK_KEM_Encryptor> enc;
  std::unique_ptr<Botan::PK_KEM_Decryptor> dec;
};

constexpr size_t mlkem_m_len = 32, mlkem_k_len = 32;

SmResult low_kem_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  return guarded_setup(msg, msg_len, [&] {
    const auto *row = static_cast<const PkRow *>(params->impl_data);
    auto st = std::make_unique<LowKem>();
    if (keygen_setup(*st, params))
      return hand_over(st, state);
    if (params->op == SM_OP_ENCAPS) {
      if (params->pub.len > 0)
        st->pub = pq_public(*row, params->pub);
      else
        st->priv = pq_private(*row, params->priv, params->key_seed);
      st->enc =
          std::make_unique<Botan::PK_KEM_Encryptor>(st->pub ? *st->pub : *st->priv, row->padding);
    } else {
      st->priv = pq_private(*row, params->priv, params->key_seed);
      st->dec = std::make_unique<Botan::PK_KEM_Decryptor>(*st->priv, *st->rng, row->padding);
    }
    return hand_over(st, state);
  });
}

SmResult low_kem_encaps(void *state, SmIo *io)
{
  return guarded_op([&] {
    auto *st = static_cast<LowKem *>(state);
    size_t c_len = st->enc->encapsulated_key_length();
    if ((io->in_len != 0 && io->in_len != mlkem_m_len) || io->out_len < c_len + mlkem_k_len)
      return SM_FAILED;
    FixedRng m(io->in, io->in_len);
    Botan::RandomNumberGenerator &rng =
        io->in_len > 0 ? static_cast<Botan::RandomNumberGenerator &>(m) : *st->rng;
    st->enc->encrypt(std::span<uint8_t>(io->out, c_len),
                     std::span<uint8_t>(io->out + c_len, mlkem_k_len), rng, mlkem_k_len);
    io->out_len = c_len + mlkem_k_len;
    return SM_OK;
  });
}

SmResult low_kem_decaps(void *state, SmIo *io)
{
  return guarded_op([&] {
    auto *st = static_cast<LowKem *>(state);
    if (io->out_len < mlkem_k_len)
      return SM_FAILED;
    st->dec->decrypt(std::span<uint8_t>(io->out, mlkem_k_len),
                     std::span<const uint8_t>(sm_bytes_or_empty({io->in, io->in_len}), io->in_len),
                     mlkem_k_len);
    io->out_len = mlkem_k_len;
    return SM_OK;
  });
}
#endif

/* ------------------------------------------------------------------------------------------ */
/* Tables                                                                                      */

constexpr CipherRow aes128cbc{"AES-128/CBC/NoPadding", nullptr, Shape::Chain};
constexpr CipherRow aes192cbc{"AES-192/CBC/NoPadding", nullptr, Shape::Chain};
constexpr CipherRow aes256cbc{"AES-256/CBC/NoPadding", nullptr, Shape::Chain};
constexpr CipherRow aes128ctr{"CTR(AES-128)", "CTR(AES-128)", Shape::Stream};
constexpr CipherRow aes192ctr{"CTR(AES-192)", "CTR(AES-192)", Shape::Stream};
constexpr CipherRow aes256ctr{"CTR(AES-256)", "CTR(AES-256)", Shape::Stream};
constexpr CipherRow aes128xts{"AES-128/XTS", nullptr, Shape::Xts};
constexpr CipherRow aes256xts{"AES-256/XTS", nullptr, Shape::Xts};
constexpr CipherRow chacha20{"ChaCha(20)", "ChaCha(20)", Shape::ChaCha};
constexpr CipherRow camellia128cbc{"Camellia-128/CBC/NoPadding", nullptr, Shape::Chain};
constexpr CipherRow twofishcbc{"Twofish/CBC/NoPadding", nullptr, Shape::Chain};
constexpr CipherRow serpentcbc{"Serpent/CBC/NoPadding", nullptr, Shape::Chain};
constexpr CipherRow sm4cbc{"SM4/CBC/NoPadding", nullptr, Shape::Chain};
constexpr CipherRow cast5cbc{"CAST-128/CBC/NoPadding", nullptr, Shape::Chain};
constexpr CipherRow bfcbc{"Blowfish/CBC/NoPadding", nullptr, Shape::Chain};
constexpr CipherRow ideacbc{"IDEA/CBC/NoPadding", nullptr, Shape::Chain};
constexpr CipherRow descbc{"DES/CBC/NoPadding", nullptr, Shape::Chain};
constexpr CipherRow des3cbc{"TripleDES/CBC/NoPadding", nullptr, Shape::Chain};
constexpr CipherRow rc4{"RC4", "RC4", Shape::Stream};

/* ChaCha20Poly1305 is XChaCha20-Poly1305 when given a 24-byte nonce. CCM(16,2): 16-byte tag,
 * L = 2 (the catalogue's 13-byte nonce). */
constexpr CipherRow aes128gcm{"AES-128/GCM", nullptr, Shape::Chain};
constexpr CipherRow aes192gcm{"AES-192/GCM", nullptr, Shape::Chain};
constexpr CipherRow aes256gcm{"AES-256/GCM", nullptr, Shape::Chain};
constexpr CipherRow aes128ccm{"AES-128/CCM(16,2)", nullptr, Shape::Chain};
constexpr CipherRow aes256ccm{"AES-256/CCM(16,2)", nullptr, Shape::Chain};
constexpr CipherRow chachapoly{"ChaCha20Poly1305", nullptr, Shape::Chain};

constexpr NameRow md4{"MD4", false}, md5{"MD5", false}, sha1{"SHA-1", false};
constexpr NameRow sha224{"SHA-224", false}, sha256{"SHA-256", false}, sha384{"SHA-384", false};
constexpr NameRow sha512{"SHA-512", false}, sha3_256{"SHA-3(256)", false};
constexpr NameRow sha3_512{"SHA-3(512)", false}, blake2b512{"BLAKE2b(512)", false};
constexpr NameRow ripemd160{"RIPEMD-160", false}, sm3{"SM3", false};
constexpr NameRow hmac_md5{"HMAC(MD5)", false}, hmac_sha1{"HMAC(SHA-1)", false};
constexpr NameRow hmac_sha256{"HMAC(SHA-256)", false}, hmac_sha384{"HMAC(SHA-384)", false};
constexpr NameRow hmac_sha512{"HMAC(SHA-512)", false}, cmac_aes128{"CMAC(AES-128)", false};
constexpr NameRow poly1305{"Poly1305", true};

constexpr PkRow rsa1024{PkType::Rsa, nullptr, "EMSA3(SHA-256)", nullptr, 1024};
constexpr PkRow rsa2048{PkType::Rsa, nullptr, "EMSA3(SHA-256)", nullptr, 2048};
constexpr PkRow rsa3072{PkType::Rsa, nullptr, "EMSA3(SHA-256)", nullptr, 3072};
constexpr PkRow rsa4096{PkType::Rsa, nullptr, "EMSA3(SHA-256)", nullptr, 4096};
constexpr PkRow dsa{PkType::Dsa, nullptr, "EMSA1(SHA-256)", nullptr, 0};
constexpr PkRow ecdsa_p256{PkType::Ecdsa, "secp256r1", "EMSA1(SHA-256)", nullptr, 0};
constexpr PkRow ecdsa_p384{PkType::Ecdsa, "secp384r1", "EMSA1(SHA-384)", nullptr, 0};
constexpr PkRow ecdsa_p521{PkType::Ecdsa, "secp521r1", "EMSA1(SHA-512)", nullptr, 0};
constexpr PkRow ed25519{PkType::Ed25519, nullptr, "Pure", nullptr, 0};
constexpr PkRow x25519{PkType::X25519, nullptr, "Raw", nullptr, 0};
constexpr PkRow ecdh_p256{PkType::Ecdh, "secp256r1", "Raw", nullptr, 0};
constexpr PkRow ecdh_p384{PkType::Ecdh, "secp384r1", "Raw", nullptr, 0};
#if BOTAN_VERSION_MAJOR >= 3
/* Botan's names; signing "Deterministic" (ML-DSA rnd = 0, SLH-DSA opt_rand = PK.seed), pure. */
constexpr PkRow ml_kem_512{PkType::MlKem, "ML-KEM-512", "Raw", nullptr, 0};
constexpr PkRow ml_kem_768{PkType::MlKem, "ML-KEM-768", "Raw", nullptr, 0};
constexpr PkRow ml_kem_1024{PkType::MlKem, "ML-KEM-1024", "Raw", nullptr, 0};
constexpr PkRow ml_dsa_44{PkType::MlDsa, "ML-DSA-4x4", "Deterministic", "", 0};
constexpr PkRow ml_dsa_65{PkType::MlDsa, "ML-DSA-6x5", "Deterministic", "", 0};
constexpr PkRow ml_dsa_87{PkType::MlDsa, "ML-DSA-8x7", "Deterministic", "", 0};
constexpr PkRow slh_sha2_128s{PkType::SlhDsa, "SLH-DSA-SHA2-128s", "Deterministic", "", 0};
constexpr PkRow slh_sha2_128f{PkType::SlhDsa, "SLH-DSA-SHA2-128f", "Deterministic", "", 0};
constexpr PkRow slh_shake_128f{PkType::SlhDsa, "SLH-DSA-SHAKE-128f", "Deterministic", "", 0};
#endif

struct Levels {
  SmImpl evp, low;
};

/* ------------------------------------------------------------------------------------------ */
/* which code runs (the impl column): provider() of the object Botan builds for the row's name */
/* (the FFI builds the same objects through the same create()): "aesni", "clmul", "base" ...  */

const char *provider_text(const std::string &provider)
{
  static std::string text;
  text = provider.empty() ? std::string() : "provider=" + provider;
  return text.c_str();
}

template <typename Make> const char *guarded_provider(Make &&make) noexcept
{
  try {
    return provider_text(make());
  } catch (...) {
    return nullptr;
  }
}

const char *cipher_impl_name(const SmParams *params, void *) noexcept
{
  const auto *row = static_cast<const CipherRow *>(params->impl_data);
  return guarded_provider([&] {
    if (row->stream != nullptr)
      return Botan::StreamCipher::create_or_throw(row->stream)->provider();
    return Botan::Cipher_Mode::create_or_throw(row->mode, Botan::Cipher_Dir::ENCRYPTION)
        ->provider();
  });
}

const char *aead_impl_name(const SmParams *params, void *) noexcept
{
  const auto *row = static_cast<const CipherRow *>(params->impl_data);
  return guarded_provider([&] {
    auto mode = Botan::AEAD_Mode::create(row->mode, Botan::Cipher_Dir::ENCRYPTION);
    return mode ? mode->provider() : std::string();
  });
}

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

constexpr Levels named(Levels levels, SmImplNameFn name)
{
  levels.evp.impl_name = name;
  levels.low.impl_name = name;
  return levels;
}

/* An operation's slot, wherever the ABI put it (keygen, encaps, decaps: op_1_3). */
constexpr void put(SmImpl &level, SmOp op, SmOpFn fn)
{
  if (unsigned(op) < SM_OP_SLOTS_1_0)
    level.op[op] = fn;
  else
    level.op_1_3[op - SM_OP_SLOTS_1_0] = fn;
}

/* One level of one algorithm: setup, the two operations of its kind, teardown, its row. */
constexpr SmImpl impl(SmSetupFn setup, SmTeardownFn teardown, const void *row, SmOp op_a,
                      SmOpFn fn_a, SmOp op_b = SM_OP_COUNT, SmOpFn fn_b = nullptr)
{
  SmImpl level{};
  level.setup = setup;
  level.teardown = teardown;
  level.data = row;
  put(level, op_a, fn_a);
  if (op_b != SM_OP_COUNT)
    put(level, op_b, fn_b);
  return level;
}

constexpr SmImpl with_op(SmImpl level, SmOp op, SmOpFn fn)
{
  put(level, op, fn);
  return level;
}

constexpr Levels cipher_levels(const CipherRow &row)
{
  SmOpFn low = row.shape == Shape::Chain ? low_chain_op
               : row.shape == Shape::Xts ? low_xts_op
                                         : low_stream_op;
  return named(
      {impl(ffi_cipher_setup, destroy<FfiCipher>, &row, SM_OP_ENCRYPT, ffi_cipher_op, SM_OP_DECRYPT,
            ffi_cipher_op),
       impl(low_cipher_setup, destroy<LowMode>, &row, SM_OP_ENCRYPT, low, SM_OP_DECRYPT, low)},
      cipher_impl_name);
}
constexpr Levels aead_levels(const CipherRow &row)
{
  return named({impl(ffi_aead_setup, destroy<FfiAead>, &row, SM_OP_ENCRYPT, ffi_aead_op,
                     SM_OP_DECRYPT, ffi_aead_op),
                impl(low_aead_setup, destroy<LowAead>, &row, SM_OP_ENCRYPT, low_aead_op,
                     SM_OP_DECRYPT, low_aead_op)},
               aead_impl_name);
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
/* keygen (ABI 1.3) at the C++ level, for every row with a key generator (not DSA). */
constexpr Levels sig_levels(const PkRow &row)
{
  SmImpl low = impl(low_sig_setup, destroy<LowSig>, &row, SM_OP_SIGN, low_sig_sign, SM_OP_VERIFY,
                    low_sig_verify);
  return {impl(ffi_sig_setup, destroy<FfiSig>, &row, SM_OP_SIGN, ffi_sig_sign, SM_OP_VERIFY,
               ffi_sig_verify),
          row.type == PkType::Dsa ? low : with_op(low, SM_OP_KEYGEN, low_keygen<LowSig>)};
}
constexpr Levels kex_levels(const PkRow &row)
{
  return {impl(ffi_kex_setup, destroy<FfiKex>, &row, SM_OP_DERIVE, ffi_kex_derive),
          with_op(impl(low_kex_setup, destroy<LowKex>, &row, SM_OP_DERIVE, low_kex_derive),
                  SM_OP_KEYGEN, low_keygen<LowKex>)};
}
#if BOTAN_VERSION_MAJOR >= 3
constexpr SmImpl kem_low(const PkRow &row)
{
  return with_op(impl(low_kem_setup, destroy<LowKem>, &row, SM_OP_ENCAPS, low_kem_encaps,
                      SM_OP_DECAPS, low_kem_decaps),
                 SM_OP_KEYGEN, low_keygen<LowKem>);
}
#endif

constexpr Levels aes128cbc_levels = cipher_levels(aes128cbc);
constexpr Levels aes192cbc_levels = cipher_levels(aes192cbc);
constexpr Levels aes256cbc_levels = cipher_levels(aes256cbc);
constexpr Levels aes128ctr_levels = cipher_levels(aes128ctr);
constexpr Levels aes192ctr_levels = cipher_levels(aes192ctr);
constexpr Levels aes256ctr_levels = cipher_levels(aes256ctr);
constexpr Levels aes128xts_levels = cipher_levels(aes128xts);
constexpr Levels aes256xts_levels = cipher_levels(aes256xts);
constexpr Levels chacha20_levels = cipher_levels(chacha20);
constexpr Levels camellia128cbc_levels = cipher_levels(camellia128cbc);
constexpr Levels twofishcbc_levels = cipher_levels(twofishcbc);
constexpr Levels serpentcbc_levels = cipher_levels(serpentcbc);
constexpr Levels sm4cbc_levels = cipher_levels(sm4cbc);
constexpr Levels cast5cbc_levels = cipher_levels(cast5cbc);
constexpr Levels bfcbc_levels = cipher_levels(bfcbc);
constexpr Levels ideacbc_levels = cipher_levels(ideacbc);
constexpr Levels descbc_levels = cipher_levels(descbc);
constexpr Levels des3cbc_levels = cipher_levels(des3cbc);
constexpr Levels rc4_levels = cipher_levels(rc4);
constexpr Levels aes128gcm_levels = aead_levels(aes128gcm);
constexpr Levels aes192gcm_levels = aead_levels(aes192gcm);
constexpr Levels aes256gcm_levels = aead_levels(aes256gcm);
constexpr Levels aes128ccm_levels = aead_levels(aes128ccm);
constexpr Levels aes256ccm_levels = aead_levels(aes256ccm);
constexpr Levels chachapoly_levels = aead_levels(chachapoly);
constexpr Levels md4_levels = hash_levels(md4);
constexpr Levels md5_levels = hash_levels(md5);
constexpr Levels sha1_levels = hash_levels(sha1);
constexpr Levels sha224_levels = hash_levels(sha224);
constexpr Levels sha256_levels = hash_levels(sha256);
constexpr Levels sha384_levels = hash_levels(sha384);
constexpr Levels sha512_levels = hash_levels(sha512);
constexpr Levels sha3_256_levels = hash_levels(sha3_256);
constexpr Levels sha3_512_levels = hash_levels(sha3_512);
constexpr Levels blake2b512_levels = hash_levels(blake2b512);
constexpr Levels ripemd160_levels = hash_levels(ripemd160);
constexpr Levels sm3_levels = hash_levels(sm3);
constexpr Levels hmac_md5_levels = mac_levels(hmac_md5);
constexpr Levels hmac_sha1_levels = mac_levels(hmac_sha1);
constexpr Levels hmac_sha256_levels = mac_levels(hmac_sha256);
constexpr Levels hmac_sha384_levels = mac_levels(hmac_sha384);
constexpr Levels hmac_sha512_levels = mac_levels(hmac_sha512);
constexpr Levels cmac_aes128_levels = mac_levels(cmac_aes128);
constexpr Levels poly1305_levels = mac_levels(poly1305);
constexpr Levels rsa1024_levels = sig_levels(rsa1024);
constexpr Levels rsa2048_levels = sig_levels(rsa2048);
constexpr Levels rsa3072_levels = sig_levels(rsa3072);
constexpr Levels rsa4096_levels = sig_levels(rsa4096);
constexpr Levels dsa_levels = sig_levels(dsa);
constexpr Levels ecdsa_p256_levels = sig_levels(ecdsa_p256);
constexpr Levels ecdsa_p384_levels = sig_levels(ecdsa_p384);
constexpr Levels ecdsa_p521_levels = sig_levels(ecdsa_p521);
constexpr Levels ed25519_levels = sig_levels(ed25519);
constexpr Levels x25519_levels = kex_levels(x25519);
constexpr Levels ecdh_p256_levels = kex_levels(ecdh_p256);
constexpr Levels ecdh_p384_levels = kex_levels(ecdh_p384);
#if BOTAN_VERSION_MAJOR >= 3
constexpr SmImpl ml_kem_512_low = kem_low(ml_kem_512);
constexpr SmImpl ml_kem_768_low = kem_low(ml_kem_768);
constexpr SmImpl ml_kem_1024_low = kem_low(ml_kem_1024);
constexpr SmImpl ml_dsa_44_low = sig_levels(ml_dsa_44).low;
constexpr SmImpl ml_dsa_65_low = sig_levels(ml_dsa_65).low;
constexpr SmImpl ml_dsa_87_low = sig_levels(ml_dsa_87).low;
constexpr SmImpl slh_sha2_128s_low = sig_levels(slh_sha2_128s).low;
constexpr SmImpl slh_sha2_128f_low = sig_levels(slh_sha2_128f).low;
constexpr SmImpl slh_shake_128f_low = sig_levels(slh_shake_128f).low;
/* The post-quantum rows are wired at the C++ level only. */
constexpr const char *pq_no_ffi = "not wired to Botan's FFI in this engine (the low level has it)";
#define PQ_ROW(name, kind, low_impl, why)                                                          \
  {                                                                                                \
    name, kind, {nullptr, &low_impl}, { pq_no_ffi, nullptr }                                       \
  }
#else
#define PQ_ROW(name, kind, low_impl, why)                                                          \
  {                                                                                                \
    name, kind, {nullptr, nullptr}, { why, why }                                                   \
  }
#endif
constexpr const char *no_ml_kem = "Botan 2 has no ML-KEM (Botan 3.6+)";
constexpr const char *no_ml_dsa = "Botan 2 has no ML-DSA (Botan 3.6+)";
constexpr const char *no_slh_dsa = "Botan 2 has no SLH-DSA (Botan 3.6+)";

constexpr SmAlgorithm alg(const char *name, SmKind kind, const Levels &l)
{
  return {name, kind, {&l.evp, &l.low}, {nullptr, nullptr}};
}

constexpr SmAlgorithm algorithms[] = {
    alg("aes-128-cbc", SM_KIND_CIPHER, aes128cbc_levels),
    alg("aes-192-cbc", SM_KIND_CIPHER, aes192cbc_levels),
    alg("aes-256-cbc", SM_KIND_CIPHER, aes256cbc_levels),
    alg("aes-128-ctr", SM_KIND_CIPHER, aes128ctr_levels),
    alg("aes-192-ctr", SM_KIND_CIPHER, aes192ctr_levels),
    alg("aes-256-ctr", SM_KIND_CIPHER, aes256ctr_levels),
    alg("aes-128-xts", SM_KIND_CIPHER, aes128xts_levels),
    alg("aes-256-xts", SM_KIND_CIPHER, aes256xts_levels),
    alg("chacha20", SM_KIND_CIPHER, chacha20_levels),
    alg("camellia-128-cbc", SM_KIND_CIPHER, camellia128cbc_levels),
    alg("twofish-cbc", SM_KIND_CIPHER, twofishcbc_levels),
    alg("serpent-cbc", SM_KIND_CIPHER, serpentcbc_levels),
    alg("sm4-cbc", SM_KIND_CIPHER, sm4cbc_levels),
    alg("cast5-cbc", SM_KIND_CIPHER, cast5cbc_levels),
    alg("bf-cbc", SM_KIND_CIPHER, bfcbc_levels),
    alg("idea-cbc", SM_KIND_CIPHER, ideacbc_levels),
    alg("des-cbc", SM_KIND_CIPHER, descbc_levels),
    alg("des-ede3-cbc", SM_KIND_CIPHER, des3cbc_levels),
    alg("rc4", SM_KIND_CIPHER, rc4_levels),
    alg("aes-128-gcm", SM_KIND_AEAD, aes128gcm_levels),
    alg("aes-192-gcm", SM_KIND_AEAD, aes192gcm_levels),
    alg("aes-256-gcm", SM_KIND_AEAD, aes256gcm_levels),
    alg("aes-128-ccm", SM_KIND_AEAD, aes128ccm_levels),
    alg("aes-256-ccm", SM_KIND_AEAD, aes256ccm_levels),
    alg("chacha20-poly1305", SM_KIND_AEAD, chachapoly_levels),
    alg("xchacha20-poly1305", SM_KIND_AEAD, chachapoly_levels),
    alg("md4", SM_KIND_DIGEST, md4_levels),
    alg("md5", SM_KIND_DIGEST, md5_levels),
    alg("sha1", SM_KIND_DIGEST, sha1_levels),
    alg("sha224", SM_KIND_DIGEST, sha224_levels),
    alg("sha256", SM_KIND_DIGEST, sha256_levels),
    alg("sha384", SM_KIND_DIGEST, sha384_levels),
    alg("sha512", SM_KIND_DIGEST, sha512_levels),
    alg("sha3-256", SM_KIND_DIGEST, sha3_256_levels),
    alg("sha3-512", SM_KIND_DIGEST, sha3_512_levels),
    alg("blake2b512", SM_KIND_DIGEST, blake2b512_levels),
    alg("ripemd160", SM_KIND_DIGEST, ripemd160_levels),
    alg("sm3", SM_KIND_DIGEST, sm3_levels),
    alg("hmac-md5", SM_KIND_MAC, hmac_md5_levels),
    alg("hmac-sha1", SM_KIND_MAC, hmac_sha1_levels),
    alg("hmac-sha256", SM_KIND_MAC, hmac_sha256_levels),
    alg("hmac-sha384", SM_KIND_MAC, hmac_sha384_levels),
    alg("hmac-sha512", SM_KIND_MAC, hmac_sha512_levels),
    alg("cmac-aes128", SM_KIND_MAC, cmac_aes128_levels),
    alg("poly1305", SM_KIND_MAC, poly1305_levels),
    alg("rsa1024", SM_KIND_SIGNATURE, rsa1024_levels),
    alg("rsa2048", SM_KIND_SIGNATURE, rsa2048_levels),
    alg("rsa3072", SM_KIND_SIGNATURE, rsa3072_levels),
    alg("rsa4096", SM_KIND_SIGNATURE, rsa4096_levels),
    alg("dsa1024", SM_KIND_SIGNATURE, dsa_levels),
    alg("dsa2048", SM_KIND_SIGNATURE, dsa_levels),
    alg("ecdsa-p256", SM_KIND_SIGNATURE, ecdsa_p256_levels),
    alg("ecdsa-p384", SM_KIND_SIGNATURE, ecdsa_p384_levels),
    alg("ecdsa-p521", SM_KIND_SIGNATURE, ecdsa_p521_levels),
    alg("ed25519", SM_KIND_SIGNATURE, ed25519_levels),
    alg("x25519", SM_KIND_KEX, x25519_levels),
    alg("ecdh-p256", SM_KIND_KEX, ecdh_p256_levels),
    alg("ecdh-p384", SM_KIND_KEX, ecdh_p384_levels),
    PQ_ROW("ml-kem-512", SM_KIND_KEM, ml_kem_512_low, no_ml_kem),
    PQ_ROW("ml-kem-768", SM_KIND_KEM, ml_kem_768_low, no_ml_kem),
    PQ_ROW("ml-kem-1024", SM_KIND_KEM, ml_kem_1024_low, no_ml_kem),
    PQ_ROW("ml-dsa-44", SM_KIND_SIGNATURE, ml_dsa_44_low, no_ml_dsa),
    PQ_ROW("ml-dsa-65", SM_KIND_SIGNATURE, ml_dsa_65_low, no_ml_dsa),
    PQ_ROW("ml-dsa-87", SM_KIND_SIGNATURE, ml_dsa_87_low, no_ml_dsa),
    PQ_ROW("slh-dsa-sha2-128s", SM_KIND_SIGNATURE, slh_sha2_128s_low, no_slh_dsa),
    PQ_ROW("slh-dsa-sha2-128f", SM_KIND_SIGNATURE, slh_sha2_128f_low, no_slh_dsa),
    PQ_ROW("slh-dsa-shake-128f", SM_KIND_SIGNATURE, slh_shake_128f_low, no_slh_dsa),
    {nullptr, SM_KIND_CIPHER, {nullptr, nullptr}, {nullptr, nullptr}},
};

/* ------------------------------------------------------------------------------------------ */
/* Engine                                                                                      */

const char *lib_version() noexcept
{
  static char version[32];
  std::snprintf(version, sizeof version, "%u.%u.%u", unsigned(botan_version_major()),
                unsigned(botan_version_minor()), unsigned(botan_version_patch()));
  return version;
}

#if BOTAN_VERSION_MAJOR == 2 && defined(BOTAN_TARGET_CPU_IS_X86_FAMILY)
/* Every x86 feature bit Botan 2.19 dispatches on. */
constexpr Botan::CPUID::CPUID_bits x86_bits[] = {
    Botan::CPUID::CPUID_SSE2_BIT,       Botan::CPUID::CPUID_SSSE3_BIT,
    Botan::CPUID::CPUID_SSE41_BIT,      Botan::CPUID::CPUID_SSE42_BIT,
    Botan::CPUID::CPUID_AVX2_BIT,       Botan::CPUID::CPUID_AVX512F_BIT,
    Botan::CPUID::CPUID_AVX512DQ_BIT,   Botan::CPUID::CPUID_AVX512BW_BIT,
    Botan::CPUID::CPUID_AVX512_ICL_BIT, Botan::CPUID::CPUID_AESNI_BIT,
    Botan::CPUID::CPUID_CLMUL_BIT,      Botan::CPUID::CPUID_RDRAND_BIT,
    Botan::CPUID::CPUID_RDSEED_BIT,     Botan::CPUID::CPUID_SHA_BIT,
    Botan::CPUID::CPUID_AVX512_AES_BIT, Botan::CPUID::CPUID_AVX512_CLMUL_BIT,
    Botan::CPUID::CPUID_ADX_BIT,        Botan::CPUID::CPUID_BMI1_BIT,
    Botan::CPUID::CPUID_BMI2_BIT,
};
#endif

#if BOTAN_VERSION_MAJOR == 2
SmResult engine_init(const SmEngineConfig *config, char *msg, size_t msg_len) noexcept
{
  return guarded_setup(msg, msg_len, [&] {
    const char *rng_note = "RNG: seeded ChaCha20 (FFI signers and key agreement blind with "
                           "Botan's system RNG)";
    if (config != nullptr && config->accel == SM_ACCEL_OFF) {
#if defined(BOTAN_TARGET_CPU_IS_X86_FAMILY)
      /* Before any object exists: providers are chosen when objects are built. */
      for (auto bit : x86_bits)
        Botan::CPUID::clear_cpuid_bit(bit);
      return sm_msg(SM_OK, msg, msg_len, "CPUID cleared, left: [%s]; %s",
                    Botan::CPUID::to_string().c_str(), rng_note);
#else
      return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                    "the engine knows Botan's CPUID bits for x86 only");
#endif
    }
    auto aes = Botan::Cipher_Mode::create_or_throw("AES-128/GCM", Botan::Cipher_Dir::ENCRYPTION);
    auto sha = Botan::HashFunction::create_or_throw("SHA-256");
    return sm_msg(SM_OK, msg, msg_len, "CPUID: %s; GCM %s, SHA-256 %s; %s",
                  Botan::CPUID::to_string().c_str(), aes->provider().c_str(),
                  sha->provider().c_str(), rng_note);
  });
}
#else
/* Botan 3 keeps CPUID internal; it clears the features named in BOTAN_CLEAR_CPUID when it first
 * probes the CPU: every x86 feature name Botan 3.7 knows (names it does not know are ignored). */
constexpr const char *accel_off_env[] = {
    "BOTAN_CLEAR_CPUID=sse2,ssse3,avx2,bmi2,adx,aes_ni,clmul,rdrand,rdseed,intel_sha,"
    "intel_sha512,avx2_vaes,avx2_clmul,avx512,avx512_aes,avx512_clmul,gfni,intel_sm3,intel_sm4",
    nullptr};

SmResult engine_init(const SmEngineConfig *config, char *msg, size_t msg_len) noexcept
{
  return guarded_setup(msg, msg_len, [&] {
    const char *rng_note = "RNG: seeded ChaCha20 (FFI signers and key agreement blind with "
                           "Botan's system RNG)";
    auto aes = Botan::Cipher_Mode::create_or_throw("AES-128/GCM", Botan::Cipher_Dir::ENCRYPTION);
    auto sha = Botan::HashFunction::create_or_throw("SHA-256");
    const bool off = config != nullptr && config->accel == SM_ACCEL_OFF;
    return sm_msg(SM_OK, msg, msg_len, "%sGCM %s, SHA-256 %s; %s",
                  off ? "BOTAN_CLEAR_CPUID set; " : "", aes->provider().c_str(),
                  sha->provider().c_str(), rng_note);
  });
}
#endif

constexpr SmEngine engine = {
    SM_ABI_MAJOR,
    SM_ABI_MINOR,
    sizeof(SmEngine),
    "botan",
    "Botan",
    lib_version,
    engine_init,
    nullptr,
#if BOTAN_VERSION_MAJOR == 2
    nullptr,
#else
    accel_off_env,
#endif
    {"the C FFI (botan_cipher_*, botan_hash_*, botan_mac_*, botan_pk_op_*; names as strings)",
     "the C++ objects (Cipher_Mode, StreamCipher, HashFunction, MessageAuthenticationCode, "
     "PK_Signer, PK_Verifier, PK_Key_Agreement)"},
    algorithms,
};

} // namespace

extern "C" SM_ENGINE_EXPORT const SmEngine *speedmatrix_engine(void) { return &engine; }

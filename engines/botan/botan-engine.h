/* The Botan engine's internal header: what its family files share (exceptions at the boundary,
 * randomness, rows, the level builders), and the levels each family file defines for the table in
 * engine.cc. Not installed. */
#ifndef SPEEDMATRIX_BOTAN_ENGINE_H
#define SPEEDMATRIX_BOTAN_ENGINE_H

/* cpuid.h (CPUID::clear_cpuid_bit, the library's only acceleration switch) is flagged "will be
 * made internal" by a #pragma warning in Botan 2.19, which -Werror would turn into an error. */
#define BOTAN_NO_DEPRECATED_WARNINGS 1

#include "engine-util-cxx.h"

#include <botan/version.h> /* BOTAN_VERSION_MAJOR, first: it decides the rest */

#if BOTAN_VERSION_MAJOR != 2 && BOTAN_VERSION_MAJOR != 3
#error "engines/botan knows Botan 2 and 3; found Botan " BOTAN_VERSION_STRING
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
#include <utility>
#include <vector>

namespace sm_botan
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

inline void ffi_check(int rc, const char *what)
{
  if (rc != BOTAN_FFI_SUCCESS)
    throw FfiError(what, rc);
}

/* Lookup failures and what Botan or its FFI does not implement are SM_UNSUPPORTED. */
inline SmResult status_of(const std::exception &e) noexcept
{
  if (const auto *ffi = dynamic_cast<const FfiError *>(&e))
    return ffi->code == BOTAN_FFI_ERROR_NOT_IMPLEMENTED ? SM_UNSUPPORTED : SM_FAILED;
  bool absent = dynamic_cast<const Botan::Lookup_Error *>(&e) != nullptr ||
                dynamic_cast<const Botan::Not_Implemented *>(&e) != nullptr;
  return absent ? SM_UNSUPPORTED : SM_FAILED;
}

/* For sm_cxx::guarded_setup and setup_state. */
constexpr sm_cxx::Library botan{"Botan", status_of};

/* engine-util-cxx.h's helpers for the C++ engines, unqualified (its head lists them). */
using namespace sm_cxx;

inline Botan::secure_vector<uint8_t> secret_of(SmBytes b)
{
  return Botan::secure_vector<uint8_t>(b.data, b.data + b.len);
}

inline Botan::BigInt big(SmBytes b) { return Botan::BigInt(sm_bytes_or_empty(b), b.len); }

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

/* shape: sm_cxx::Shape, how the runner's iv and calls are used */
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
/* which code runs (the impl column): provider() of the object Botan builds for the row's name */
/* (the FFI builds the same objects through the same create()): "aesni", "clmul", "base" ...  */
/* (sm_cxx::guarded_provider)                                                                  */

/* ------------------------------------------------------------------------------------------ */
/* low: public-key objects shared by pk.cc and pq.cc                                          */

#if BOTAN_VERSION_MAJOR >= 3
std::unique_ptr<Botan::Private_Key> pq_private(const PkRow &row, SmBytes priv, SmBytes seed);
std::unique_ptr<Botan::Public_Key> pq_public(const PkRow &row, SmBytes pub);
#endif
bool is_pq(PkType type);
std::unique_ptr<Botan::Private_Key> low_private(const PkRow &row, const SmParams *params,
                                                SmBytes priv, Botan::RandomNumberGenerator &rng);
std::unique_ptr<Botan::Public_Key> low_public(const PkRow &row, const SmParams *params,
                                              Botan::RandomNumberGenerator &rng);

/* What every public-key state has; keygen (ABI 1.3) uses nothing else: a state of the row's
 * own type (its setup serves every operation of the level), with row and seed kept. */
struct LowPk {
  std::unique_ptr<SeededRng> rng;
  const PkRow *row = nullptr;
  Botan::secure_vector<uint8_t> seed;
};

/* The keygen part of a setup: false when params->op is another operation. */
bool keygen_setup(LowPk &st, const SmParams *params);

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

/* ------------------------------------------------------------------------------------------ */
/* The table: each family file's rows (engine.cc puts them together, in this order), and the  */
/* post-quantum impls for engine.cc's own rows (C++ level, Botan 3)                           */

extern const SmAlgorithm cipher_rows[]; /* cipher.cc: ciphers, AEADs */
extern const SmAlgorithm hash_rows[];   /* hash.cc: digests, MACs */
extern const SmAlgorithm pk_rows[];     /* pk.cc: signatures, key exchange */
#if BOTAN_VERSION_MAJOR >= 3
extern const SmImpl ml_kem_512_low;
extern const SmImpl ml_kem_768_low;
extern const SmImpl ml_kem_1024_low;
extern const SmImpl ml_dsa_44_low;
extern const SmImpl ml_dsa_65_low;
extern const SmImpl ml_dsa_87_low;
extern const SmImpl slh_sha2_128s_low;
extern const SmImpl slh_sha2_128f_low;
extern const SmImpl slh_shake_128f_low;
#endif

} // namespace sm_botan

#endif

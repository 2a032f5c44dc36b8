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

#include "botan-engine.h"

namespace sm_botan
{

#if BOTAN_VERSION_MAJOR >= 3
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

/* engine.cc's own rows: the post-quantum ones, which Botan 2 lacks. */
constexpr SmAlgorithm pq_rows[] = {
    PQ_ROW("ml-kem-512", SM_KIND_KEM, ml_kem_512_low, no_ml_kem),
    PQ_ROW("ml-kem-768", SM_KIND_KEM, ml_kem_768_low, no_ml_kem),
    PQ_ROW("ml-kem-1024", SM_KIND_KEM, ml_kem_1024_low, no_ml_kem),
    PQ_ROW("ml-dsa-44", SM_KIND_SIGNATURE, ml_dsa_44_low, no_ml_dsa),
    PQ_ROW("ml-dsa-65", SM_KIND_SIGNATURE, ml_dsa_65_low, no_ml_dsa),
    PQ_ROW("ml-dsa-87", SM_KIND_SIGNATURE, ml_dsa_87_low, no_ml_dsa),
    PQ_ROW("slh-dsa-sha2-128s", SM_KIND_SIGNATURE, slh_sha2_128s_low, no_slh_dsa),
    PQ_ROW("slh-dsa-sha2-128f", SM_KIND_SIGNATURE, slh_sha2_128f_low, no_slh_dsa),
    PQ_ROW("slh-dsa-shake-128f", SM_KIND_SIGNATURE, slh_shake_128f_low, no_slh_dsa),
    {}, /* the end */
};

/* The table, put together on the first call from the family files' rows and pq_rows. */
constexpr const SmAlgorithm *family_rows[] = {cipher_rows, hash_rows, pk_rows, pq_rows};
constexpr size_t max_rows = 80;
SmAlgorithm algorithms[max_rows + 1];

/* ------------------------------------------------------------------------------------------ */
/* Engine                                                                                      */

const char *lib_version() noexcept
{
  return version_text(unsigned(botan_version_major()), unsigned(botan_version_minor()),
                      unsigned(botan_version_patch()));
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
#define BOTAN_CPU_BITS x86_bits
#elif BOTAN_VERSION_MAJOR == 2 && defined(BOTAN_TARGET_CPU_IS_ARM_FAMILY)
/* Every Arm feature bit Botan 2.19 dispatches on. */
constexpr Botan::CPUID::CPUID_bits arm_bits[] = {
    Botan::CPUID::CPUID_ARM_NEON_BIT, Botan::CPUID::CPUID_ARM_SVE_BIT,
    Botan::CPUID::CPUID_ARM_AES_BIT,  Botan::CPUID::CPUID_ARM_PMULL_BIT,
    Botan::CPUID::CPUID_ARM_SHA1_BIT, Botan::CPUID::CPUID_ARM_SHA2_BIT,
    Botan::CPUID::CPUID_ARM_SHA3_BIT, Botan::CPUID::CPUID_ARM_SHA2_512_BIT,
    Botan::CPUID::CPUID_ARM_SM3_BIT,  Botan::CPUID::CPUID_ARM_SM4_BIT,
};
#define BOTAN_CPU_BITS arm_bits
#endif

#if BOTAN_VERSION_MAJOR == 2
SmResult engine_init(const SmEngineConfig *config, char *msg, size_t msg_len) noexcept
{
  return guarded_setup(botan, msg, msg_len, [&] {
    const char *rng_note = "RNG: seeded ChaCha20 (FFI signers and key agreement blind with "
                           "Botan's system RNG)";
    if (config != nullptr && config->accel == SM_ACCEL_OFF) {
#if defined(BOTAN_CPU_BITS)
      /* Before any object exists: providers are chosen when objects are built. */
      for (auto bit : BOTAN_CPU_BITS)
        Botan::CPUID::clear_cpuid_bit(bit);
      return sm_msg(SM_OK, msg, msg_len, "CPUID cleared, left: [%s]; %s",
                    Botan::CPUID::to_string().c_str(), rng_note);
#else
      return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                    "the engine knows Botan's CPUID bits for x86 and Arm only");
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
 * probes the CPU: every feature name Botan 3.7 knows for this architecture (names it does not
 * know are ignored; Arm's have two spellings across 3.x). */
#if defined(__aarch64__) || defined(__arm__)
#define BOTAN_CLEAR_NAMES                                                                          \
  "BOTAN_CLEAR_CPUID=neon,arm_sve,arm_aes,arm_pmull,arm_sha1,arm_sha2,arm_sha3,arm_sha2_512,"     \
  "arm_sm3,arm_sm4,armv8aes,armv8pmull,armv8sha1,armv8sha2,armv8sha3,armv8sha2_512,armv8sm3,"      \
  "armv8sm4"
#elif defined(__x86_64__) || defined(__i386__)
#define BOTAN_CLEAR_NAMES                                                                          \
  "BOTAN_CLEAR_CPUID=sse2,ssse3,avx2,bmi2,adx,aes_ni,clmul,rdrand,rdseed,intel_sha,"              \
  "intel_sha512,avx2_vaes,avx2_clmul,avx512,avx512_aes,avx512_clmul,gfni,intel_sm3,intel_sm4"
#endif
#ifdef BOTAN_CLEAR_NAMES
constexpr const char *accel_off_env[] = {BOTAN_CLEAR_NAMES, nullptr};
#else
/* Elsewhere (s390x, riscv64, POWER) the engine knows none of Botan's feature names. */
constexpr const char *const *accel_off_env = nullptr;
#endif

SmResult engine_init(const SmEngineConfig *config, char *msg, size_t msg_len) noexcept
{
  return guarded_setup(botan, msg, msg_len, [&] {
    const char *rng_note = "RNG: seeded ChaCha20 (FFI signers and key agreement blind with "
                           "Botan's system RNG)";
    auto aes = Botan::Cipher_Mode::create_or_throw("AES-128/GCM", Botan::Cipher_Dir::ENCRYPTION);
    auto sha = Botan::HashFunction::create_or_throw("SHA-256");
    const bool off = config != nullptr && config->accel == SM_ACCEL_OFF;
#ifndef BOTAN_CLEAR_NAMES
    if (off)
      return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                    "the engine knows Botan's CPUID names for x86 and Arm only");
#endif
    return sm_msg(SM_OK, msg, msg_len, "%sGCM %s, SHA-256 %s; %s",
                  off ? "BOTAN_CLEAR_CPUID set; " : "", aes->provider().c_str(),
                  sha->provider().c_str(), rng_note);
  });
}
#endif

constexpr SmEngine engine = descriptor(
    "botan", "Botan", lib_version, engine_init, nullptr,
#if BOTAN_VERSION_MAJOR == 2
    nullptr,
#else
    accel_off_env,
#endif
    "the C FFI (botan_cipher_*, botan_hash_*, botan_mac_*, botan_pk_op_*; names as strings)",
    "the C++ objects (Cipher_Mode, StreamCipher, HashFunction, MessageAuthenticationCode, "
    "PK_Signer, PK_Verifier, PK_Key_Agreement)",
    algorithms);

} // namespace sm_botan

extern "C" SM_DEFINE_ENTRY_ASSEMBLED(sm_botan::engine, sm_botan::family_rows, sm_botan::algorithms,
                                     sm_botan::max_rows)

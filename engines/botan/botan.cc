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
  return guarded_setup(botan, msg, msg_len, [&] {
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
  return guarded_setup(botan, msg, msg_len, [&] {
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

} // namespace sm_botan

extern "C" SM_ENGINE_EXPORT const SmEngine *speedmatrix_engine(void) { return &sm_botan::engine; }

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

#include "cryptopp-engine.h"

#include <cryptopp/aes.h>
#include <cryptopp/chacha.h>
#include <cryptopp/cpu.h>
#include <cryptopp/sha.h>

namespace sm_cryptopp
{

/* The table, put together on the first call from the family files' rows. */
constexpr const SmAlgorithm *family_rows[] = {cipher_rows, hash_rows, pk_rows};
constexpr size_t max_rows = 80;
SmAlgorithm algorithms[max_rows + 1];

/* ------------------------------------------------------------------------------------------ */
/* Engine                                                                                      */

const char *lib_version() noexcept
{
  unsigned v = unsigned(C::LibraryVersion()); /* 870 for 8.7.0 */
  return version_text(v / 100, v / 10 % 10, v % 10);
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

constexpr SmEngine engine = descriptor(
    "cryptopp", "Crypto++", lib_version, engine_init, nullptr, nullptr,
    "the Filter/Pipeline layer (StreamTransformationFilter, AuthenticatedEncryptionFilter, "
    "HashFilter, SignerFilter, SignatureVerificationFilter), one filter per cell",
    "the objects' member calls (ProcessData, EncryptAndAuthenticate, DecryptAndVerify, "
    "CalculateDigest, SignMessage, VerifyMessage, Agree)",
    algorithms);

} // namespace sm_cryptopp

extern "C" SM_DEFINE_ENTRY_ASSEMBLED(sm_cryptopp::engine, sm_cryptopp::family_rows,
                                     sm_cryptopp::algorithms, sm_cryptopp::max_rows)

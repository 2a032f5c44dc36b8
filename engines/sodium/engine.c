/* speedmatrix engine: libsodium.
 *
 * evp = libsodium's combined high-level calls; low = its precomputed, detached or state APIs.
 * Choices the API forces (each also noted where it is made):
 * - xsalsa20-poly1305: crypto_secretbox_easy writes tag||ciphertext, our format is
 *   ciphertext||tag, and easy is only detached with the MAC placed first; so evp is
 *   crypto_secretbox_detached (no copy), and there is no other secretbox API for low.
 * - hmac-sha256/512 evp: the one-shot crypto_auth_hmacsha* take a 32-byte key. HMAC zero-pads
 *   shorter keys and hashes keys longer than its block, so those have an exact 32-byte
 *   equivalent and setup uses it; other lengths (sha256: 33..64, sha512: > 32) are
 *   SM_UNSUPPORTED at evp. low keys a state once with *_init (any length) and copies it per op.
 * - chacha20 is stateless in libsodium (crypto_stream_chacha20_ietf_xor_ic): the state keeps
 *   the block counter and the rest of a part-used keystream block so calls of any length
 *   stream; a counter wrap carries into the first nonce word, as OpenSSL does.
 * - The evp one-shot MACs (crypto_auth_hmacsha*, crypto_onetimeauth) key themselves on every
 *   call: that is what the one-shot API costs; low keys once in setup.
 * - ed25519 evp uses the combined crypto_sign / crypto_sign_open, so sign copies out the 64
 *   signature bytes and verify first assembles signature||message: part of that API's cost.
 * The code is split by family (cipher.c, aead.c, digest.c, mac.c, pk.c; what they share in
 * sodium-engine.h); this file holds the descriptor and the table assembled from their rows.
 */
#include "sodium-engine.h"

/* ---- the table: each family file's rows, in this order ---- */

#define FAMILIES(FAMILY) SM_KIND_FAMILIES(FAMILY)

FAMILIES(SM_DECLARE_ROWS)
static const SmAlgorithm *const families[] = {FAMILIES(SM_ROWS_OF)};

/* Room for every row of every family, and the NULL row that ends the table. */
#define MAX_ALGORITHMS 63
static SmAlgorithm algorithms[MAX_ALGORITHMS + 1];

/* ---- engine ---- */

static const char *lib_version(void) { return sodium_version_string(); }

typedef int (*CpuFeatureFn)(void);

/* What libsodium's run-time dispatch sees, reported on init. */
static const struct {
  const char *name;
  CpuFeatureFn has;
} cpu_features[] = {
    {"neon", sodium_runtime_has_neon},     {"sse2", sodium_runtime_has_sse2},
    {"sse3", sodium_runtime_has_sse3},     {"ssse3", sodium_runtime_has_ssse3},
    {"sse4.1", sodium_runtime_has_sse41},  {"avx", sodium_runtime_has_avx},
    {"avx2", sodium_runtime_has_avx2},     {"avx512f", sodium_runtime_has_avx512f},
    {"pclmul", sodium_runtime_has_pclmul}, {"aesni", sodium_runtime_has_aesni},
};

static SmResult engine_init(const SmEngineConfig *config, char *msg, size_t msg_len)
{
  if (sodium_init() < 0) /* 1 means already initialised: fine */
    return sm_msg(SM_FAILED, msg, msg_len, "sodium_init failed");
  if (config != NULL && config->accel == SM_ACCEL_OFF)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                  "libsodium has no switch to disable its run-time CPU dispatch");
  char features[128] = "";
  size_t used = 0;
  for (size_t i = 0; i < sizeof cpu_features / sizeof cpu_features[0]; i++)
    if (cpu_features[i].has() && used < sizeof features)
      used +=
          (size_t)snprintf(features + used, sizeof features - used, " %s", cpu_features[i].name);
  return sm_msg(SM_OK, msg, msg_len, "libsodium dispatches on:%s", used ? features : " none");
}

SM_ENGINE_DESCRIPTOR(
    engine, "sodium", "libsodium", lib_version, engine_init, NULL, NULL,
    "combined high-level calls (crypto_aead_*_encrypt, crypto_secretbox_detached, "
    "crypto_hash_*, crypto_generichash, crypto_auth_*, crypto_onetimeauth, "
    "crypto_sign, crypto_scalarmult)",
    "precomputed, detached or state APIs (crypto_aead_aes256gcm_beforenm/_afternm, "
    "*_init/update/final, crypto_sign_detached)",
    algorithms);

SM_DEFINE_ENTRY_ASSEMBLED(engine, families, algorithms, MAX_ALGORITHMS)

/* speedmatrix engine: Mbed TLS 2.28 or 3.6 (libmbedcrypto).
 *
 * evp = the generic layer: mbedtls_cipher_* (auth_encrypt_ext/auth_decrypt_ext for AEAD,
 * cipher_cmac_* for CMAC), mbedtls_md_* and mbedtls_md_hmac_*, mbedtls_pk_sign/verify.
 * low = the direct calls: mbedtls_aes_*, camellia, des, blowfish, arc4, chacha20, gcm, ccm,
 * chachapoly, poly1305, the one-shot *_ret digests, mbedtls_rsa_pkcs1_sign/verify,
 * mbedtls_ecdsa_sign_det_ext/verify, mbedtls_ecdh_compute_shared.
 * Choices the library forces, each also noted where it is made:
 * - Its bignum code allocates on the heap inside every public-key operation (mbedtls_mpi grows
 *   as needed); there is no allocation-free form of RSA, ECDSA or ECDH in 2.28.
 * - The cipher layer's ChaCha20 always starts at block 0 (mbedtls_cipher_set_iv takes the
 *   12-byte nonce only): setup skips keystream up to the counter in params->iv.
 * - mbedtls_pk_sign gives ECDSA signatures in DER and mbedtls_pk_verify takes DER: evp converts
 *   to and from r||s inside the operation. With MBEDTLS_ECDSA_DETERMINISTIC (Debian's build),
 *   pk_sign uses RFC 6979 nonces, so low uses mbedtls_ecdsa_sign_det_ext: the same algorithm.
 * - Every f_rng (RSA blinding, ECDSA blinding, ECDH blinding, public-key derivation) gets a
 *   ChaCha20 keystream (mbedtls_chacha20) keyed from params->seed: runs stay reproducible.
 * - 3.x removed ARC4, Blowfish and MD4 (their rows are unsupported there, naming the version),
 *   renamed the one-shot *_ret digests, made key and cipher-info fields private (reached here
 *   with MBEDTLS_PRIVATE, or the accessors 3.x added) and dropped the mode argument of
 *   rsa_pkcs1_sign/verify; a major version it does not know stops the build.
 * The code is split by family in engines/mbedtls/ (cipher.c, aead.c, digest.c, pk.c; the
 * version switch and the shared rows in mbedtls-engine.h); this file holds the descriptor and
 * the table assembled from their rows.
 */
#include "mbedtls-engine.h"

/* ---- the table: each family file's rows, in this order ---- */

#define FAMILIES(FAMILY) SM_KIND_FAMILIES(FAMILY)

FAMILIES(SM_DECLARE_ROWS)
static const SmAlgorithm *const families[] = {FAMILIES(SM_ROWS_OF)};

/* Room for every row of every family, and the NULL row that ends the table. */
#define MAX_ALGORITHMS 127
static SmAlgorithm algorithms[MAX_ALGORITHMS + 1];

/* ---- engine ---- */

static const char *lib_version(void)
{
  static char version[18]; /* mbedtls_version_get_string writes at most 9 bytes */
  mbedtls_version_get_string(version);
  return version;
}

/* mbedTLS probes CPUID once and keeps the answer in a static: no switch to turn it off. */
static SmResult engine_init(const SmEngineConfig *config, char *msg, size_t msg_len)
{
  if (config != NULL && config->accel == SM_ACCEL_OFF)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                  "mbedTLS has no run-time switch for its AES-NI/PCLMUL code (the CPUID answer is "
                  "cached in a static; only a build without MBEDTLS_AESNI_C turns it off)");
#if SM_MBEDTLS_2 && defined(MBEDTLS_HAVE_X86_64)
  return sm_msg(SM_OK, msg, msg_len,
                "mbedtls_aesni_has_support: AES-NI %s, PCLMULQDQ %s; no SHA-NI code in this build; "
                "f_rng: ChaCha20 keystream seeded from the run's seed",
                mbedtls_aesni_has_support(MBEDTLS_AESNI_AES) ? "yes" : "no",
                mbedtls_aesni_has_support(MBEDTLS_AESNI_CLMUL) ? "yes" : "no");
#elif SM_MBEDTLS_2
  /* 2.28's aesni.h declares its probe on x86-64 only; its Armv8 AES code is 3.x's aesce.c. */
  return sm_msg(SM_OK, msg, msg_len,
                "Mbed TLS 2.28 has AES-NI code only, for x86-64: portable C here; "
                "f_rng: ChaCha20 keystream seeded from the run's seed");
#else
  return sm_msg(SM_OK, msg, msg_len,
                "Mbed TLS 3.x keeps its AES-NI and Armv8 AES probes private (no public header); "
                "f_rng: ChaCha20 keystream seeded from the run's seed");
#endif
}

SM_ENGINE_DESCRIPTOR(engine, "mbedtls", "Mbed TLS", lib_version, engine_init, NULL, NULL,
                     "the generic layer: mbedtls_cipher_* (auth_encrypt_ext for AEAD, "
                     "cipher_cmac_*), mbedtls_md_* and mbedtls_md_hmac_*, mbedtls_pk_sign/verify",
                     "the direct calls: mbedtls_aes_*, gcm_*, ccm_*, chachapoly_*, chacha20_*, "
                     "poly1305_mac, the one-shot *_ret digests, rsa_pkcs1_sign/verify, "
                     "ecdsa_sign_det_ext/verify, ecdh_compute_shared",
                     algorithms);

SM_DEFINE_ENTRY_ASSEMBLED(engine, families, algorithms, MAX_ALGORITHMS)

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
 * version switch and the shared rows in mbedtls-engine.h); this file holds the table and the
 * engine.
 */
#include "mbedtls-engine.h"

/* ---- the table ---- */

/* Initialisers only: each builds one const SmImpl (a file-scope compound literal) from a row. */
#define EVP_CIPHER(type, iv_use)                                                                   \
  &(const SmImpl)SM_IMPL_CIPHER(evp_cipher_setup, evp_cipher_teardown,                             \
                                (&(const EvpCipherRow){type, iv_use}), evp_cipher_update,          \
                                evp_cipher_update)
#define EVP_XTS(type)                                                                              \
  &(const SmImpl)SM_IMPL_CIPHER(evp_cipher_setup, evp_cipher_teardown,                             \
                                (&(const EvpCipherRow){type, IV_PER_CALL}), evp_xts_update,        \
                                evp_xts_update)
#define LOW_CIPHER(key_len, iv_len, key_fn, crypt_fn)                                              \
  &(const SmImpl)SM_IMPL_CIPHER(low_cipher_setup, low_cipher_teardown,                             \
                                (&(const LowCipherRow){key_len, iv_len, key_fn, crypt_fn}),        \
                                low_cipher_op, low_cipher_op)
#define EVP_AEAD(type)                                                                             \
  &(const SmImpl)SM_IMPL_CIPHER(evp_aead_setup, evp_aead_teardown,                                 \
                                (&(const EvpCipherRow){type, IV_PLAIN}), evp_aead_encrypt,         \
                                evp_aead_decrypt)
#define LOW_AEAD(nonce_len, family)                                                                \
  &(const SmImpl)SM_IMPL_CIPHER(low_aead_setup, low_aead_teardown,                                 \
                                (&(const LowAeadRow){nonce_len, family##_key, family##_seal,       \
                                                     family##_open, family##_release}),            \
                                low_aead_encrypt, low_aead_decrypt)
#define EVP_MD(type)                                                                               \
  &(const SmImpl)SM_IMPL_HASH(md_setup, md_teardown, (&(const MdRow){type}), md_hash)
#define LOW_MD(fn, out_len)                                                                        \
  &(const SmImpl)SM_IMPL_HASH(low_hash_setup, free, (&(const LowHashRow){fn, out_len}), low_hash)
#define EVP_HMAC(type)                                                                             \
  &(const SmImpl)SM_IMPL_MAC(hmac_setup, md_teardown, (&(const MdRow){type}), hmac_mac)
#define SIG(api_, rsa_, group_, md_, hash_, sign_, verify_)                                        \
  &(const SmImpl)SM_IMPL_SIGNATURE_KEYGEN(sig_setup, sig_teardown,                                 \
                                          (&(const SigRow){api_, rsa_, group_, md_, hash_}),       \
                                          sign_, verify_, sig_keygen)
#define EVP_RSA                                                                                    \
  SIG(SM_API_EVP, true, MBEDTLS_ECP_DP_NONE, MBEDTLS_MD_SHA256, NULL, evp_sig_sign, evp_sig_verify)
#define LOW_RSA                                                                                    \
  SIG(SM_API_LOW, true, MBEDTLS_ECP_DP_NONE, MBEDTLS_MD_SHA256, sha256_oneshot, low_rsa_sign,      \
      low_rsa_verify)
#define EVP_ECDSA(group, md) SIG(SM_API_EVP, false, group, md, NULL, evp_sig_sign, evp_sig_verify)
#define LOW_ECDSA(group, md, hash)                                                                 \
  SIG(SM_API_LOW, false, group, md, hash, low_ecdsa_sign, low_ecdsa_verify)
#define LOW_KEX(group, montgomery)                                                                 \
  &(const SmImpl)SM_IMPL_KEX_KEYGEN(kex_setup, kex_teardown, (&(const KexRow){group, montgomery}), \
                                    kex_derive, kex_keygen)

#define WHY_HMAC_LOW "mbedTLS has HMAC only in its md layer (mbedtls_md_hmac_*)"
#define WHY_KEX_EVP                                                                                \
  "Mbed TLS's pk layer (2.28, 3.6) has no key agreement (mbedtls_pk_* only signs, verifies, "      \
  "encrypts); ECDH is only mbedtls_ecdh_*"

static const SmAlgorithm algorithms[] = {
    SM_ROW_BOTH("aes-128-cbc", SM_KIND_CIPHER, EVP_CIPHER(MBEDTLS_CIPHER_AES_128_CBC, IV_PLAIN),
                LOW_CIPHER(16, 16, aes_key, aes_cbc)),
    SM_ROW_BOTH("aes-192-cbc", SM_KIND_CIPHER, EVP_CIPHER(MBEDTLS_CIPHER_AES_192_CBC, IV_PLAIN),
                LOW_CIPHER(24, 16, aes_key, aes_cbc)),
    SM_ROW_BOTH("aes-256-cbc", SM_KIND_CIPHER, EVP_CIPHER(MBEDTLS_CIPHER_AES_256_CBC, IV_PLAIN),
                LOW_CIPHER(32, 16, aes_key, aes_cbc)),
    SM_ROW_BOTH("aes-128-ctr", SM_KIND_CIPHER, EVP_CIPHER(MBEDTLS_CIPHER_AES_128_CTR, IV_PLAIN),
                LOW_CIPHER(16, 16, aes_ctr_key, aes_ctr)),
    SM_ROW_BOTH("aes-192-ctr", SM_KIND_CIPHER, EVP_CIPHER(MBEDTLS_CIPHER_AES_192_CTR, IV_PLAIN),
                LOW_CIPHER(24, 16, aes_ctr_key, aes_ctr)),
    SM_ROW_BOTH("aes-256-ctr", SM_KIND_CIPHER, EVP_CIPHER(MBEDTLS_CIPHER_AES_256_CTR, IV_PLAIN),
                LOW_CIPHER(32, 16, aes_ctr_key, aes_ctr)),
    SM_ROW_BOTH("aes-128-xts", SM_KIND_CIPHER, EVP_XTS(MBEDTLS_CIPHER_AES_128_XTS),
                LOW_CIPHER(32, 16, aes_xts_key, aes_xts)),
    SM_ROW_BOTH("aes-256-xts", SM_KIND_CIPHER, EVP_XTS(MBEDTLS_CIPHER_AES_256_XTS),
                LOW_CIPHER(64, 16, aes_xts_key, aes_xts)),
    SM_ROW_BOTH("chacha20", SM_KIND_CIPHER,
                EVP_CIPHER(MBEDTLS_CIPHER_CHACHA20, IV_CHACHA_COUNTER_NONCE),
                LOW_CIPHER(32, 16, chacha20_key, chacha20_stream)),
    SM_ROW_BOTH("camellia-128-cbc", SM_KIND_CIPHER,
                EVP_CIPHER(MBEDTLS_CIPHER_CAMELLIA_128_CBC, IV_PLAIN),
                LOW_CIPHER(16, 16, camellia_key, camellia_cbc)),
    {.name = "bf-cbc",
     .kind = SM_KIND_CIPHER,
#if SM_MBEDTLS_2
     .impl = {EVP_CIPHER(MBEDTLS_CIPHER_BLOWFISH_CBC, IV_PLAIN),
              LOW_CIPHER(0, 8, blowfish_key, blowfish_cbc)},
#endif
     .why_not = {WHY_GONE_IN_3("Blowfish"), WHY_GONE_IN_3("Blowfish")}},
    SM_ROW_BOTH("des-cbc", SM_KIND_CIPHER, EVP_CIPHER(MBEDTLS_CIPHER_DES_CBC, IV_PLAIN),
                LOW_CIPHER(8, 8, des_key, des_cbc)),
    SM_ROW_BOTH("des-ede3-cbc", SM_KIND_CIPHER, EVP_CIPHER(MBEDTLS_CIPHER_DES_EDE3_CBC, IV_PLAIN),
                LOW_CIPHER(24, 8, des3_key, des3_cbc)),
    {.name = "rc4",
     .kind = SM_KIND_CIPHER,
#if SM_MBEDTLS_2
     .impl = {EVP_CIPHER(MBEDTLS_CIPHER_ARC4_128, IV_PLAIN),
              LOW_CIPHER(0, 0, arc4_key, arc4_stream)},
#endif
     .why_not = {WHY_GONE_IN_3("ARC4"), WHY_GONE_IN_3("ARC4")}},
    SM_ROW_BOTH("aes-128-gcm", SM_KIND_AEAD, EVP_AEAD(MBEDTLS_CIPHER_AES_128_GCM),
                LOW_AEAD(0, gcm)),
    SM_ROW_BOTH("aes-192-gcm", SM_KIND_AEAD, EVP_AEAD(MBEDTLS_CIPHER_AES_192_GCM),
                LOW_AEAD(0, gcm)),
    SM_ROW_BOTH("aes-256-gcm", SM_KIND_AEAD, EVP_AEAD(MBEDTLS_CIPHER_AES_256_GCM),
                LOW_AEAD(0, gcm)),
    SM_ROW_BOTH("aes-128-ccm", SM_KIND_AEAD, EVP_AEAD(MBEDTLS_CIPHER_AES_128_CCM),
                LOW_AEAD(0, ccm)),
    SM_ROW_BOTH("aes-256-ccm", SM_KIND_AEAD, EVP_AEAD(MBEDTLS_CIPHER_AES_256_CCM),
                LOW_AEAD(0, ccm)),
    SM_ROW_BOTH("chacha20-poly1305", SM_KIND_AEAD, EVP_AEAD(MBEDTLS_CIPHER_CHACHA20_POLY1305),
                LOW_AEAD(12, chachapoly)),
    {.name = "md4",
     .kind = SM_KIND_DIGEST,
#if SM_MBEDTLS_2
     .impl = {EVP_MD(MBEDTLS_MD_MD4), LOW_MD(md4_oneshot, 16)},
#endif
     .why_not = {WHY_GONE_IN_3("MD4"), WHY_GONE_IN_3("MD4")}},
    SM_ROW_BOTH("md5", SM_KIND_DIGEST, EVP_MD(MBEDTLS_MD_MD5), LOW_MD(md5_oneshot, 16)),
    SM_ROW_BOTH("sha1", SM_KIND_DIGEST, EVP_MD(MBEDTLS_MD_SHA1), LOW_MD(sha1_oneshot, 20)),
    SM_ROW_BOTH("sha224", SM_KIND_DIGEST, EVP_MD(MBEDTLS_MD_SHA224), LOW_MD(sha224_oneshot, 28)),
    SM_ROW_BOTH("sha256", SM_KIND_DIGEST, EVP_MD(MBEDTLS_MD_SHA256), LOW_MD(sha256_oneshot, 32)),
    SM_ROW_BOTH("sha384", SM_KIND_DIGEST, EVP_MD(MBEDTLS_MD_SHA384), LOW_MD(sha384_oneshot, 48)),
    SM_ROW_BOTH("sha512", SM_KIND_DIGEST, EVP_MD(MBEDTLS_MD_SHA512), LOW_MD(sha512_oneshot, 64)),
    SM_ROW_BOTH("ripemd160", SM_KIND_DIGEST, EVP_MD(MBEDTLS_MD_RIPEMD160),
                LOW_MD(ripemd160_oneshot, 20)),
    SM_ROW_EVP_ONLY("hmac-md5", SM_KIND_MAC, EVP_HMAC(MBEDTLS_MD_MD5), WHY_HMAC_LOW),
    SM_ROW_EVP_ONLY("hmac-sha1", SM_KIND_MAC, EVP_HMAC(MBEDTLS_MD_SHA1), WHY_HMAC_LOW),
    SM_ROW_EVP_ONLY("hmac-sha256", SM_KIND_MAC, EVP_HMAC(MBEDTLS_MD_SHA256), WHY_HMAC_LOW),
    SM_ROW_EVP_ONLY("hmac-sha384", SM_KIND_MAC, EVP_HMAC(MBEDTLS_MD_SHA384), WHY_HMAC_LOW),
    SM_ROW_EVP_ONLY("hmac-sha512", SM_KIND_MAC, EVP_HMAC(MBEDTLS_MD_SHA512), WHY_HMAC_LOW),
    {.name = "cmac-aes128",
     .kind = SM_KIND_MAC,
     .impl = {&(const SmImpl){
                  .setup = cmac_setup, .op = {[SM_OP_MAC] = cmac_mac}, .teardown = cmac_teardown},
              NULL},
     .why_not = {NULL, "mbedTLS has CMAC only on a cipher-layer context (mbedtls_cipher_cmac_*)"}},
    {.name = "poly1305",
     .kind = SM_KIND_MAC,
     .impl = {NULL, &(const SmImpl){.setup = poly1305_setup,
                                    .op = {[SM_OP_MAC] = poly1305_mac},
                                    .teardown = poly1305_teardown}},
     .why_not =
         {"mbedTLS's md and cipher layers have no Poly1305 (only the direct mbedtls_poly1305_*)",
          NULL}},
    SM_ROW_BOTH("rsa1024", SM_KIND_SIGNATURE, EVP_RSA, LOW_RSA),
    SM_ROW_BOTH("rsa2048", SM_KIND_SIGNATURE, EVP_RSA, LOW_RSA),
    SM_ROW_BOTH("rsa3072", SM_KIND_SIGNATURE, EVP_RSA, LOW_RSA),
    SM_ROW_BOTH("rsa4096", SM_KIND_SIGNATURE, EVP_RSA, LOW_RSA),
    SM_ROW_BOTH("ecdsa-p256", SM_KIND_SIGNATURE,
                EVP_ECDSA(MBEDTLS_ECP_DP_SECP256R1, MBEDTLS_MD_SHA256),
                LOW_ECDSA(MBEDTLS_ECP_DP_SECP256R1, MBEDTLS_MD_SHA256, sha256_oneshot)),
    SM_ROW_BOTH("ecdsa-p384", SM_KIND_SIGNATURE,
                EVP_ECDSA(MBEDTLS_ECP_DP_SECP384R1, MBEDTLS_MD_SHA384),
                LOW_ECDSA(MBEDTLS_ECP_DP_SECP384R1, MBEDTLS_MD_SHA384, sha384_oneshot)),
    SM_ROW_BOTH("ecdsa-p521", SM_KIND_SIGNATURE,
                EVP_ECDSA(MBEDTLS_ECP_DP_SECP521R1, MBEDTLS_MD_SHA512),
                LOW_ECDSA(MBEDTLS_ECP_DP_SECP521R1, MBEDTLS_MD_SHA512, sha512_oneshot)),
    SM_ROW_LOW_ONLY("x25519", SM_KIND_KEX, LOW_KEX(MBEDTLS_ECP_DP_CURVE25519, true), WHY_KEX_EVP),
    SM_ROW_LOW_ONLY("x448", SM_KIND_KEX, LOW_KEX(MBEDTLS_ECP_DP_CURVE448, true), WHY_KEX_EVP),
    SM_ROW_LOW_ONLY("ecdh-p256", SM_KIND_KEX, LOW_KEX(MBEDTLS_ECP_DP_SECP256R1, false),
                    WHY_KEX_EVP),
    SM_ROW_LOW_ONLY("ecdh-p384", SM_KIND_KEX, LOW_KEX(MBEDTLS_ECP_DP_SECP384R1, false),
                    WHY_KEX_EVP),
    {.name = NULL},
};

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

static const SmEngine engine = {
    .abi_major = SM_ABI_MAJOR,
    .abi_minor = SM_ABI_MINOR,
    .size = sizeof(SmEngine),
    .name = "mbedtls",
    .library = "Mbed TLS",
    .library_version = lib_version,
    .init = engine_init,
    .accel_off_env = NULL,
    .api_meaning =
        {"the generic layer: mbedtls_cipher_* (auth_encrypt_ext for AEAD, cipher_cmac_*), "
         "mbedtls_md_* and mbedtls_md_hmac_*, mbedtls_pk_sign/verify",
         "the direct calls: mbedtls_aes_*, gcm_*, ccm_*, chachapoly_*, chacha20_*, "
         "poly1305_mac, the one-shot *_ret digests, rsa_pkcs1_sign/verify, "
         "ecdsa_sign_det_ext/verify, ecdh_compute_shared"},
    .algorithms = algorithms,
};

SM_ENGINE_EXPORT const SmEngine *speedmatrix_engine(void) { return &engine; }

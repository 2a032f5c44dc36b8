/* speedmatrix engine: wolfSSL 5.x.
 *
 * evp = its OpenSSL-compatible wolfSSL_EVP_* layer (wolfSSL_HMAC_*, wolfSSL_CMAC_* for MACs,
 * which that layer has instead of EVP_MAC); low = wolfCrypt, the wc_* calls beneath it.
 * Rows are data: each table row's SmImpl.data names what its setup builds.
 *
 * RNG: wolfCrypt takes a WC_RNG for RSA blinding, ECDSA nonces and timing-resistant ECDH. A
 * WC_RNG made with wc_InitRng_ex(devId) hands every block request to the crypto callback
 * registered for that device (WOLF_CRYPTO_CB is in the Debian build), so low's RNG is a
 * ChaCha20 keystream keyed from params->seed, served by our callback. The OpenSSL-compatible
 * layer takes no RNG for ECDSA and ECDH (wolfSSL_ECDSA_do_sign and wolfSSL_ECDH_compute_key
 * seed a fresh Hash_DRBG from the OS per call); its RSA uses the wolfCrypt key's RNG, which we
 * set to ours.
 *
 * This file holds the table and the engine; the families are cipher.c, aead.c, digest.c
 * (digests and MACs) and pk.c, and wolfssl-engine.h what they share.
 */
#include "wolfssl-engine.h"

/* ------------------------------------------------------------------------------------------ */
/* The table: an algorithm's implementation at each API level (evp, low)                     */

#define EVP_AND_LOW(evp, low)                                                                      \
  {                                                                                                \
    &evp, &low                                                                                     \
  }
#define EVP_AND_LOW_AT(table, i)                                                                   \
  {                                                                                                \
    &table[i][SM_API_EVP], &table[i][SM_API_LOW]                                                   \
  }
#define LOW_ONLY(low, why) .impl = {NULL, &low}, .why_not = {why, NULL}

static const SmAlgorithm algorithms[] = {
    {.name = "aes-128-cbc",
     .kind = SM_KIND_CIPHER,
     .impl = EVP_AND_LOW(aes_128_cbc_evp, aes_cbc_low)},
    {.name = "aes-192-cbc",
     .kind = SM_KIND_CIPHER,
     .impl = EVP_AND_LOW(aes_192_cbc_evp, aes_cbc_low)},
    {.name = "aes-256-cbc",
     .kind = SM_KIND_CIPHER,
     .impl = EVP_AND_LOW(aes_256_cbc_evp, aes_cbc_low)},
    {.name = "aes-128-ctr",
     .kind = SM_KIND_CIPHER,
     .impl = EVP_AND_LOW(aes_128_ctr_evp, aes_ctr_low)},
    {.name = "aes-192-ctr",
     .kind = SM_KIND_CIPHER,
     .impl = EVP_AND_LOW(aes_192_ctr_evp, aes_ctr_low)},
    {.name = "aes-256-ctr",
     .kind = SM_KIND_CIPHER,
     .impl = EVP_AND_LOW(aes_256_ctr_evp, aes_ctr_low)},
    {.name = "aes-128-xts",
     .kind = SM_KIND_CIPHER,
     .impl = EVP_AND_LOW(aes_128_xts_evp, aes_xts_low)},
    {.name = "aes-256-xts",
     .kind = SM_KIND_CIPHER,
     .impl = EVP_AND_LOW(aes_256_xts_evp, aes_xts_low)},
    {.name = "chacha20", .kind = SM_KIND_CIPHER, .impl = EVP_AND_LOW(chacha20_evp, chacha20_low)},
    {.name = "camellia-128-cbc",
     .kind = SM_KIND_CIPHER,
     LOW_ONLY(camellia_low, "wolfSSL's EVP layer has no Camellia cipher (wolfCrypt's "
                            "wc_Camellia* only)")},
    {.name = "des-cbc", .kind = SM_KIND_CIPHER, .impl = EVP_AND_LOW(des_evp, des_low)},
    {.name = "des-ede3-cbc", .kind = SM_KIND_CIPHER, .impl = EVP_AND_LOW(des3_evp, des3_low)},
    {.name = "rc4", .kind = SM_KIND_CIPHER, .impl = EVP_AND_LOW(rc4_evp, rc4_low)},
    {.name = "aes-128-gcm", .kind = SM_KIND_AEAD, .impl = EVP_AND_LOW(aes_128_gcm_evp, gcm_low)},
    {.name = "aes-192-gcm", .kind = SM_KIND_AEAD, .impl = EVP_AND_LOW(aes_192_gcm_evp, gcm_low)},
    {.name = "aes-256-gcm", .kind = SM_KIND_AEAD, .impl = EVP_AND_LOW(aes_256_gcm_evp, gcm_low)},
#ifdef SM_WOLFSSL_EVP_CCM
    {.name = "aes-128-ccm", .kind = SM_KIND_AEAD, .impl = EVP_AND_LOW(aes_128_ccm_evp, ccm_low)},
    {.name = "aes-256-ccm", .kind = SM_KIND_AEAD, .impl = EVP_AND_LOW(aes_256_ccm_evp, ccm_low)},
#else
#define NO_EVP_CCM                                                                                 \
  "wolfSSL " LIBWOLFSSL_VERSION_STRING "'s EVP layer has no AES-CCM cipher (no "                   \
  "wolfSSL_EVP_aes_*_ccm)"
    {.name = "aes-128-ccm", .kind = SM_KIND_AEAD, LOW_ONLY(ccm_low, NO_EVP_CCM)},
    {.name = "aes-256-ccm", .kind = SM_KIND_AEAD, LOW_ONLY(ccm_low, NO_EVP_CCM)},
#endif
    {.name = "chacha20-poly1305",
     .kind = SM_KIND_AEAD,
     .impl = EVP_AND_LOW(chachapoly_evp, chachapoly_low)},
    {.name = "xchacha20-poly1305",
     .kind = SM_KIND_AEAD,
     LOW_ONLY(xchachapoly_low, "wolfSSL's EVP layer has no XChaCha20-Poly1305 cipher "
                               "(wc_XChaCha20Poly1305_* only)")},
    {.name = "md4", .kind = SM_KIND_DIGEST, .impl = EVP_AND_LOW_AT(digest_impls, 0)},
    {.name = "md5", .kind = SM_KIND_DIGEST, .impl = EVP_AND_LOW_AT(digest_impls, 1)},
    {.name = "sha1", .kind = SM_KIND_DIGEST, .impl = EVP_AND_LOW_AT(digest_impls, 2)},
    {.name = "sha224", .kind = SM_KIND_DIGEST, .impl = EVP_AND_LOW_AT(digest_impls, 3)},
    {.name = "sha256", .kind = SM_KIND_DIGEST, .impl = EVP_AND_LOW_AT(digest_impls, 4)},
    {.name = "sha384", .kind = SM_KIND_DIGEST, .impl = EVP_AND_LOW_AT(digest_impls, 5)},
    {.name = "sha512", .kind = SM_KIND_DIGEST, .impl = EVP_AND_LOW_AT(digest_impls, 6)},
    {.name = "sha3-256", .kind = SM_KIND_DIGEST, .impl = EVP_AND_LOW_AT(digest_impls, 7)},
    {.name = "sha3-512", .kind = SM_KIND_DIGEST, .impl = EVP_AND_LOW_AT(digest_impls, 8)},
    {.name = "blake2b512",
     .kind = SM_KIND_DIGEST,
     LOW_ONLY(digest_impls[9][SM_API_LOW], "wolfSSL 5.5's wolfSSL_EVP_DigestInit_ex refuses "
                                           "BLAKE2b-512 (wolfSSL_EVP_blake2b512 only names it)")},
    {.name = "blake2s256",
     .kind = SM_KIND_DIGEST,
     LOW_ONLY(digest_impls[10][SM_API_LOW], "wolfSSL 5.5's wolfSSL_EVP_DigestInit_ex refuses "
                                            "BLAKE2s-256 (wolfSSL_EVP_blake2s256 only names it)")},
    {.name = "ripemd160",
     .kind = SM_KIND_DIGEST,
     LOW_ONLY(digest_impls[11][SM_API_LOW], "wolfSSL 5.5's wolfSSL_EVP_DigestInit_ex refuses "
                                            "RIPEMD-160 (wolfSSL_EVP_ripemd160 only names it)")},
    {.name = "hmac-md5", .kind = SM_KIND_MAC, .impl = EVP_AND_LOW_AT(hmac_impls, 0)},
    {.name = "hmac-sha1", .kind = SM_KIND_MAC, .impl = EVP_AND_LOW_AT(hmac_impls, 1)},
    {.name = "hmac-sha256", .kind = SM_KIND_MAC, .impl = EVP_AND_LOW_AT(hmac_impls, 2)},
    {.name = "hmac-sha384", .kind = SM_KIND_MAC, .impl = EVP_AND_LOW_AT(hmac_impls, 3)},
    {.name = "hmac-sha512", .kind = SM_KIND_MAC, .impl = EVP_AND_LOW_AT(hmac_impls, 4)},
    {.name = "cmac-aes128", .kind = SM_KIND_MAC, .impl = EVP_AND_LOW(cmac_evp, cmac_low)},
    {.name = "poly1305",
     .kind = SM_KIND_MAC,
     LOW_ONLY(poly1305_low, "wolfSSL's compatibility layer has no Poly1305 MAC (wc_Poly1305* "
                            "only)")},
    {.name = "rsa1024", .kind = SM_KIND_SIGNATURE, .impl = EVP_AND_LOW(rsa_evp, rsa_low)},
    {.name = "rsa2048", .kind = SM_KIND_SIGNATURE, .impl = EVP_AND_LOW(rsa_evp, rsa_low)},
    {.name = "rsa3072", .kind = SM_KIND_SIGNATURE, .impl = EVP_AND_LOW(rsa_evp, rsa_low)},
    {.name = "rsa4096", .kind = SM_KIND_SIGNATURE, .impl = EVP_AND_LOW(rsa_evp, rsa_low)},
    {.name = "ecdsa-p256",
     .kind = SM_KIND_SIGNATURE,
     .impl = EVP_AND_LOW(ecdsa_p256_evp, ecdsa_p256_low)},
    {.name = "ecdsa-p384",
     .kind = SM_KIND_SIGNATURE,
     .impl = EVP_AND_LOW(ecdsa_p384_evp, ecdsa_p384_low)},
    {.name = "ecdsa-p521",
     .kind = SM_KIND_SIGNATURE,
     .impl = EVP_AND_LOW(ecdsa_p521_evp, ecdsa_p521_low)},
    {.name = "ed25519",
     .kind = SM_KIND_SIGNATURE,
     LOW_ONLY(ed25519_low,
              "wolfSSL's EVP layer (5.5, 5.7) has no Ed25519 EVP_PKEY (wc_ed25519_* only)")},
    {.name = "ed448",
     .kind = SM_KIND_SIGNATURE,
     LOW_ONLY(ed448_low, "wolfSSL's EVP layer (5.5, 5.7) has no Ed448 EVP_PKEY (wc_ed448_* only)")},
    {.name = "x25519",
     .kind = SM_KIND_KEX,
     LOW_ONLY(x25519_low,
              "wolfSSL's EVP layer (5.5, 5.7) has no X25519 EVP_PKEY (wc_curve25519_* only)")},
    {.name = "x448",
     .kind = SM_KIND_KEX,
     LOW_ONLY(x448_low,
              "wolfSSL's EVP layer (5.5, 5.7) has no X448 EVP_PKEY (wc_curve448_* only)")},
    {.name = "ecdh-p256", .kind = SM_KIND_KEX, .impl = EVP_AND_LOW(ecdh_p256_evp, ecdh_p256_low)},
    {.name = "ecdh-p384", .kind = SM_KIND_KEX, .impl = EVP_AND_LOW(ecdh_p384_evp, ecdh_p384_low)},
    {.name = NULL},
};

/* ------------------------------------------------------------------------------------------ */
/* Engine                                                                                      */

static const char *lib_version(void) { return wolfSSL_lib_version(); }

#if defined(WOLFSSL_AESNI) || defined(USE_INTEL_SPEEDUP)
#define WOLF_ACCEL                                                                                 \
  "built with accelerated code (WOLFSSL_AESNI / USE_INTEL_SPEEDUP), chosen at "                    \
  "build time"
#else
#define WOLF_ACCEL                                                                                 \
  "wolfSSL's Debian build has no accelerated code (no WOLFSSL_AESNI / "                            \
  "USE_INTEL_SPEEDUP), so there is nothing to turn off"
#endif

static bool device_registered;

static SmResult engine_init(const SmEngineConfig *config, char *msg, size_t msg_len)
{
  int ret = wolfCrypt_Init();
  if (ret != 0)
    return wolf_fail(SM_FAILED, msg, msg_len, "wolfCrypt_Init", ret);
  if (config != NULL && config->accel == SM_ACCEL_OFF)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "%s", WOLF_ACCEL);
  if (!device_registered) {
    ret = wc_CryptoCb_RegisterDevice(SEEDED_DEV_ID, seeded_rng_callback, NULL);
    if (ret != 0)
      return wolf_fail(SM_FAILED, msg, msg_len, "wc_CryptoCb_RegisterDevice", ret);
    device_registered = true;
  }
  return sm_msg(SM_OK, msg, msg_len,
                "%s; RNG: low seeded (a crypto-callback WC_RNG), evp RSA seeded, evp ECDSA/ECDH "
                "insist on wolfSSL's own OS-seeded Hash_DRBG",
                WOLF_ACCEL);
}

static void engine_shutdown(void)
{
  if (device_registered)
    wc_CryptoCb_UnRegisterDevice(SEEDED_DEV_ID);
  device_registered = false;
  wolfCrypt_Cleanup();
}

SM_ENGINE_DESCRIPTOR(engine, "wolfssl", "wolfSSL", lib_version, engine_init, engine_shutdown, NULL,
                     "the OpenSSL-compatible wolfSSL_EVP_* layer (EVP_CIPHER_CTX, EVP_MD_CTX, "
                     "wolfSSL_HMAC_*, wolfSSL_CMAC_*, EVP_DigestSign/Verify, EVP_PKEY_derive)",
                     "wolfCrypt's wc_* calls (wc_AesCbcEncrypt, wc_AesGcmEncrypt, wc_Sha256*, "
                     "wc_Hmac*, wc_RsaSSL_Sign, wc_ecc_sign_hash, wc_curve25519_shared_secret)",
                     algorithms);

SM_DEFINE_ENTRY(engine)

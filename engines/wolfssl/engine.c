/* speedmatrix engine: wolfSSL 5.x.
 *
 * evp = its OpenSSL-compatible wolfSSL_EVP_* layer (wolfSSL_HMAC_*, wolfSSL_CMAC_* for MACs,
 * which that layer has instead of EVP_MAC); low = wolfCrypt, the wc_* calls beneath it.
 * Rows are data: each row's SmImpl.data names what its setup builds.
 *
 * RNG: wolfCrypt takes a WC_RNG for RSA blinding, ECDSA nonces and timing-resistant ECDH. A
 * WC_RNG made with wc_InitRng_ex(devId) hands every block request to the crypto callback
 * registered for that device (WOLF_CRYPTO_CB is in the Debian build), so low's RNG is a
 * ChaCha20 keystream keyed from params->seed, served by our callback. The OpenSSL-compatible
 * layer takes no RNG for ECDSA and ECDH (wolfSSL_ECDSA_do_sign and wolfSSL_ECDH_compute_key
 * seed a fresh Hash_DRBG from the OS per call); its RSA uses the wolfCrypt key's RNG, which we
 * set to ours.
 *
 * This file holds the engine and assembles the table from the families' rows: cipher.c,
 * aead.c, digest.c (digests and MACs) and pk.c; wolfssl-engine.h is what they share.
 */
#include "wolfssl-engine.h"

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

/* The table: each family file's rows, in the order FAMILIES gives. */
static const SmAlgorithm *const families[] = {FAMILIES(SM_ROWS_OF)};

/* Room for every row of every family, and the NULL row that ends the table. */
#define MAX_ALGORITHMS 127
static SmAlgorithm algorithms[MAX_ALGORITHMS + 1];

SM_ENGINE_DESCRIPTOR(engine, "wolfssl", "wolfSSL", lib_version, engine_init, engine_shutdown, NULL,
                     "the OpenSSL-compatible wolfSSL_EVP_* layer (EVP_CIPHER_CTX, EVP_MD_CTX, "
                     "wolfSSL_HMAC_*, wolfSSL_CMAC_*, EVP_DigestSign/Verify, EVP_PKEY_derive)",
                     "wolfCrypt's wc_* calls (wc_AesCbcEncrypt, wc_AesGcmEncrypt, wc_Sha256*, "
                     "wc_Hmac*, wc_RsaSSL_Sign, wc_ecc_sign_hash, wc_curve25519_shared_secret)",
                     algorithms);

SM_DEFINE_ENTRY_ASSEMBLED(engine, families, algorithms, MAX_ALGORITHMS)

/* speedmatrix engine: libtomcrypt 1.18.
 *
 * evp = its descriptor tables: find_cipher/find_hash indexes into cipher_descriptor[] and
 * hash_descriptor[], driving the generic modes (cbc_*, ctr_*, xts_*, gcm_*, ccm_memory), the
 * hash descriptors' init/process/done, hmac_* and omac_*.
 * low = its typed calls where they exist: sha256_init/process/done and the other hashes,
 * chacha_*, chacha20poly1305_*, poly1305_*, rc4_stream_*, rsa_sign_hash_ex,
 * ecc_sign_hash_rfc7518, ecc_shared_secret. The modes exist only over descriptor indexes, HMAC
 * and OMAC only over descriptors, and the stream ciphers and public-key calls have no
 * descriptor: those gaps are the rows' why_not texts in the family files.
 *
 * RNG: ECDSA draws its nonce from the registered PRNG it is given: a chacha20_prng seeded per
 * state from params->seed. RSA PKCS#1 v1.5 signing takes no PRNG; its blinding factor comes
 * from the math library's own mp_rand (libtommath's platform source), which cannot be seeded
 * through libtomcrypt. Math: libtommath through ltm_desc.
 *
 * This file holds the engine and assembles the table from the families' rows: cipher.c,
 * aead.c, digest.c, mac.c and pk.c; tomcrypt-engine.h is what they share.
 */
#include "tomcrypt-engine.h"

/* ------------------------------------------------------------------------------------------ */
/* Engine                                                                                      */

/* libtomcrypt has no version call: its build-settings string opens with "LibTomCrypt X.Y.Z". */
static const char *lib_version(void)
{
  static char version[32];
  const char *prefix = "LibTomCrypt ";
  const char *start = strstr(crypt_build_settings, prefix);
  if (start == NULL)
    return SCRYPT;
  start += strlen(prefix);
  size_t len = strcspn(start, " \n");
  snprintf(version, sizeof version, "%.*s", (int)(len < sizeof version ? len : 0), start);
  return version;
}

static SmResult engine_init(const SmEngineConfig *config, char *msg, size_t msg_len)
{
  ltc_mp = ltm_desc;
  if (register_all_ciphers() != CRYPT_OK || register_all_hashes() != CRYPT_OK ||
      register_all_prngs() != CRYPT_OK)
    return sm_msg(SM_FAILED, msg, msg_len, "registering libtomcrypt's descriptors failed");
  if (config != NULL && config->accel == SM_ACCEL_OFF)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len,
                  "libtomcrypt has no accelerated code to turn off, as built (1.18 has no AES-NI "
                  "descriptor: portable C only)");
  return sm_msg(SM_OK, msg, msg_len,
                "portable C, no accelerated code (1.18 has no AES-NI descriptor); math: "
                "libtommath (ltm_desc); RNG: ECDSA from a chacha20_prng seeded per cell, RSA "
                "blinding insists on libtommath's own mp_rand");
}

/* The table: each family file's rows, in the order FAMILIES gives. */
static const SmAlgorithm *const families[] = {FAMILIES(SM_ROWS_OF)};

/* Room for every row of every family, and the NULL row that ends the table. */
#define MAX_ALGORITHMS 127
static SmAlgorithm algorithms[MAX_ALGORITHMS + 1];

SM_ENGINE_DESCRIPTOR(engine, "tomcrypt", "libtomcrypt", lib_version, engine_init, NULL, NULL,
                     "the descriptor tables (find_cipher + cbc_*/ctr_*/xts_*/gcm_*/ccm_memory, "
                     "hash_descriptor[], hmac_*, omac_*)",
                     "the typed calls (sha256_*, chacha_*, chacha20poly1305_*, poly1305_*, "
                     "rc4_stream_*, rsa_sign_hash_ex, ecc_sign_hash_rfc7518, ecc_shared_secret)",
                     algorithms);

SM_DEFINE_ENTRY_ASSEMBLED(engine, families, algorithms, MAX_ALGORITHMS)

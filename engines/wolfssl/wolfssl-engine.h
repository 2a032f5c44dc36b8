/* What the wolfSSL engine's files share: the library's headers, two helpers, the seeded RNG,
 * the EVP cipher context that ciphers and AEADs both use, and the implementations each family
 * file defines for the table in engine.c. */
#ifndef SPEEDMATRIX_WOLFSSL_ENGINE_H
#define SPEEDMATRIX_WOLFSSL_ENGINE_H

#include <wolfssl/options.h>

#include "engine-util.h"
#include "engine.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <wolfssl/ssl.h>
#include <wolfssl/version.h>
#include <wolfssl/wolfcrypt/aes.h>
#include <wolfssl/wolfcrypt/arc4.h>
#include <wolfssl/wolfcrypt/blake2.h>
#include <wolfssl/wolfcrypt/camellia.h>
#include <wolfssl/wolfcrypt/chacha.h>
#include <wolfssl/wolfcrypt/chacha20_poly1305.h>
#include <wolfssl/wolfcrypt/cmac.h>
#include <wolfssl/wolfcrypt/cryptocb.h>
#include <wolfssl/wolfcrypt/curve25519.h>
#include <wolfssl/wolfcrypt/curve448.h>
#include <wolfssl/wolfcrypt/des3.h>
#include <wolfssl/wolfcrypt/ecc.h>
#include <wolfssl/wolfcrypt/ed25519.h>
#include <wolfssl/wolfcrypt/ed448.h>
#include <wolfssl/wolfcrypt/error-crypt.h>
#include <wolfssl/wolfcrypt/hash.h>
#include <wolfssl/wolfcrypt/hmac.h>
#include <wolfssl/wolfcrypt/md4.h>
#include <wolfssl/wolfcrypt/md5.h>
#include <wolfssl/wolfcrypt/poly1305.h>
#include <wolfssl/wolfcrypt/random.h>
#include <wolfssl/wolfcrypt/ripemd.h>
#include <wolfssl/wolfcrypt/rsa.h>
#include <wolfssl/wolfcrypt/sha.h>
#include <wolfssl/wolfcrypt/sha256.h>
#include <wolfssl/wolfcrypt/sha3.h>
#include <wolfssl/wolfcrypt/sha512.h>
#include <wolfssl/wolfcrypt/wc_port.h>

#include <wolfssl/openssl/bn.h>
#include <wolfssl/openssl/cmac.h>
#include <wolfssl/openssl/ec.h>
#include <wolfssl/openssl/evp.h>
#include <wolfssl/openssl/hmac.h>
#include <wolfssl/openssl/rsa.h>

static inline SmResult wolf_fail(SmResult result, char *msg, size_t msg_len, const char *what,
                                 int ret)
{
  return sm_msg(result, msg, msg_len, "%s: %s (%d)", what, wc_GetErrorString(ret), ret);
}

/* wolfCrypt lengths are word32. */
static inline bool fits_word32(size_t len) { return len <= 0xffffffffu - 64; }

/* The seeded RNG (pk.c): a WC_RNG bound to our crypto-callback device, whose blocks are
 * ChaCha20 keystream under a key derived from params->seed. init registers the device. */
enum { SEEDED_DEV_ID = 0x534d5746 }; /* "SMWF" */
int seeded_rng_callback(int dev_id, wc_CryptoInfo *info, void *ctx);

/* evp ciphers and AEADs (cipher.c, aead.c): one wolfSSL_EVP_CIPHER_CTX keyed once in setup. */
typedef const WOLFSSL_EVP_CIPHER *(*EvpCipherGetter)(void);

typedef struct {
  EvpCipherGetter cipher;
  unsigned long unchecked_tag_before; /* decrypt is refused below this wolfSSL_lib_version_hex */
} EvpCipherRow;

typedef struct {
  WOLFSSL_EVP_CIPHER_CTX *ctx;
  SmAeadInputs in; /* the IV (nonce), AAD and tag length: AEADs use all three */
  uint8_t tag[16];
} EvpCipherState;

SmResult evp_cipher_setup(const SmParams *params, void **state, char *msg, size_t msg_len);
void evp_cipher_teardown(void *state);

/* evp digests, HMAC and signatures (digest.c, pk.c) name their hash by its getter. */
typedef const WOLFSSL_EVP_MD *(*EvpMdGetter)(void);

typedef struct {
  EvpMdGetter md;
} EvpMdRow;

/* The implementations the table names, by family. */
extern const SmImpl aes_128_cbc_evp, aes_192_cbc_evp, aes_256_cbc_evp, aes_128_ctr_evp,
    aes_192_ctr_evp, aes_256_ctr_evp, aes_128_xts_evp, aes_256_xts_evp, chacha20_evp, des_evp,
    des3_evp, rc4_evp, aes_cbc_low, aes_ctr_low, aes_xts_low, chacha20_low, camellia_low, des_low,
    des3_low, rc4_low; /* cipher.c */
extern const SmImpl aes_128_gcm_evp, aes_192_gcm_evp, aes_256_gcm_evp, chachapoly_evp, gcm_low,
    ccm_low, chachapoly_low, xchachapoly_low; /* aead.c */
#ifdef SM_WOLFSSL_EVP_CCM /* meson: wolfSSL_EVP_aes_128_ccm is declared (5.7, not 5.5) */
extern const SmImpl aes_128_ccm_evp, aes_256_ccm_evp;
#endif
enum { WOLF_DIGESTS = 12, WOLF_HMACS = 5 };
extern const SmImpl digest_impls[WOLF_DIGESTS][SM_API_COUNT]; /* digest.c, with the MACs: */
extern const SmImpl hmac_impls[WOLF_HMACS][SM_API_COUNT], cmac_evp, cmac_low, poly1305_low;
extern const SmImpl rsa_evp, rsa_low, ecdsa_p256_evp, ecdsa_p384_evp, ecdsa_p521_evp,
    ecdsa_p256_low, ecdsa_p384_low, ecdsa_p521_low, ed25519_low, ed448_low, x25519_low, x448_low,
    ecdh_p256_evp, ecdh_p384_evp, ecdh_p256_low, ecdh_p384_low; /* pk.c */

#endif /* SPEEDMATRIX_WOLFSSL_ENGINE_H */

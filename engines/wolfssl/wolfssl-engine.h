/* What the wolfSSL engine's files share: the library's headers, two helpers, the seeded RNG,
 * the EVP cipher context that ciphers and AEADs both use, and the row lists each family file
 * defines for the table in engine.c. */
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

/* Each family file's rows (cipher_rows in cipher.c, ...), in the order `list` shows them. */
#define FAMILIES(FAMILY) SM_KIND_FAMILIES(FAMILY)
FAMILIES(SM_DECLARE_ROWS)

#endif /* SPEEDMATRIX_WOLFSSL_ENGINE_H */

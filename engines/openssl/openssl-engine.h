/* The OpenSSL engine's internal header: what its family files share (errors, providers, key
 * bytes), the row macros, and the non-EVP implementations the rows name. Not installed. */
#ifndef SPEEDMATRIX_OPENSSL_ENGINE_H
#define SPEEDMATRIX_OPENSSL_ENGINE_H

#include "engine-util.h"

#include <limits.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/aes.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/md5.h>
#include <openssl/modes.h>
#include <openssl/obj_mac.h>
#include <openssl/param_build.h>
#include <openssl/provider.h>
#include <openssl/rsa.h>
#include <openssl/sha.h>
#ifndef OPENSSL_NO_MD4
#include <openssl/md4.h>
#endif
#ifndef OPENSSL_NO_RMD160
#include <openssl/ripemd.h>
#endif
#ifndef OPENSSL_NO_CAMELLIA
#include <openssl/camellia.h>
#endif
#ifndef OPENSSL_NO_DES
#include <openssl/des.h>
#endif
#ifndef OPENSSL_NO_BF
#include <openssl/blowfish.h>
#endif
#ifndef OPENSSL_NO_CAST
#include <openssl/cast.h>
#endif
#ifndef OPENSSL_NO_IDEA
#include <openssl/idea.h>
#endif
#ifndef OPENSSL_NO_RC2
#include <openssl/rc2.h>
#endif
#ifndef OPENSSL_NO_RC4
#include <openssl/rc4.h>
#endif
#ifndef OPENSSL_NO_CMAC
#include <openssl/cmac.h>
#endif
#ifndef OPENSSL_NO_DSA
#include <openssl/dsa.h>
#endif
#ifndef OPENSSL_NO_EC
#include <openssl/ec.h>
#endif

/* ---- errors and library state (engine.c) ---- */

/* Reports the newest OpenSSL error after `what`, and empties the queue for the next caller. */
SmResult ossl_fail(SmResult result, char *msg, size_t msg_len, const char *what);
/* An op failed: leave no stale errors behind for the next cell. */
SmResult op_failed(void);
/* NULL where the legacy provider is loaded; otherwise why its algorithms cannot run. */
const char *probe_legacy(void);
/* The capability vector libcrypto runs with ("OPENSSL_ia32cap=0xW0:0xW1"): word 0 or 1. */
uint64_t cap_word(int which);
/* "provider=default AES-NI PCLMULQDQ": who implements `name`, and the CPU features it uses. */
const char *describe_impl(const char *name, const OSSL_PROVIDER *provider);

/* ---- keys from raw bytes (pk.c) ---- */

/* ECDSA/DSA: OpenSSL speaks DER SEQUENCE{INTEGER r, INTEGER s}; the runner speaks r||s fixed
 * width. Converted by engine-util.h's sm_rs_to_der/sm_der_to_rs, so that the hot path does not
 * allocate an ECDSA_SIG. */
#define RS_MAX_WIDTH 128

BIGNUM *bn_from(SmBytes bytes);
#ifndef OPENSSL_NO_EC
/* The point `pub` (0x04||x||y), or priv*G when `pub` is empty. */
EC_POINT *ec_point_from(const EC_GROUP *group, SmBytes pub, SmBytes priv);
#endif

/* ---- non-EVP one-shot digests (low-digest.c), which the non-EVP signatures hash with ---- */

/* One context of any of the non-EVP digests. */
typedef union {
#ifndef OPENSSL_NO_MD4
  MD4_CTX md4;
#endif
  MD5_CTX md5;
  SHA_CTX sha1;
  SHA256_CTX sha256;
  SHA512_CTX sha512;
#ifndef OPENSSL_NO_RMD160
  RIPEMD160_CTX ripemd160;
#endif
} LowDigestCtx;

typedef void (*LowHashFn)(LowDigestCtx *ctx, const uint8_t *in, size_t len, uint8_t *out);

void sha256_low_hash(LowDigestCtx *ctx, const uint8_t *in, size_t len, uint8_t *out);
void sha384_low_hash(LowDigestCtx *ctx, const uint8_t *in, size_t len, uint8_t *out);
void sha512_low_hash(LowDigestCtx *ctx, const uint8_t *in, size_t len, uint8_t *out);

/* ---- rows ---- */

/* Every (algorithm, level) is a row of const data reaching its family's one setup as
 * params->impl_data (ABI 1.1): a name to fetch, a descriptor or a curve. The SmImpl macros
 * only fill in a family's setup, ops and teardown around a row. */

/* A row of the EVP cipher, AEAD and digest tables: the name EVP_*_fetch takes, and for the
 * implicit level the built-in object of that name (what EVP_sha256(), EVP_aes_128_gcm() and the
 * like return). Code calling EVP_sha256() pays no lookup per message, so the object is looked up
 * by name on the row's first set-up and kept here (rows are static, writable data): a per-message
 * cell then measures the implicit fetch in each init and not our name lookup. Two threads racing
 * on the first set-up store the same pointer. */
typedef struct {
  const char *fetch_name;
  _Atomic(const void *) builtin;
} EvpRow;

static inline const void *evp_row_builtin(const SmParams *params, bool cipher)
{
  EvpRow *row = (EvpRow *)params->impl_data;
  const void *found = atomic_load_explicit(&row->builtin, memory_order_acquire);
  if (found != NULL)
    return found; /* read only from here on: no shared line written per message */
  found = cipher ? (const void *)EVP_get_cipherbyname(row->fetch_name)
                 : (const void *)EVP_get_digestbyname(row->fetch_name);
  if (found != NULL)
    atomic_store_explicit(&row->builtin, found, memory_order_release);
  return found;
}

static inline const EVP_MD *evp_row_builtin_md(const SmParams *params)
{
  return evp_row_builtin(params, false);
}

static inline const EVP_CIPHER *evp_row_builtin_cipher(const SmParams *params)
{
  return evp_row_builtin(params, true);
}

/* An algorithm at both levels, `id##_evp` and `id##_low`. */
#define EVP_AND_LOW(n, k, id) SM_ROW_BOTH(n, k, &id##_evp, &id##_low)
/* Both levels, the non-EVP one shared by several rows (one AES-GCM serves every key size). */
#define EVP_AND_SHARED_LOW(n, k, evp_id, low_impl) SM_ROW_BOTH(n, k, &evp_id##_evp, &low_impl)
/* EVP only, and why OpenSSL has no non-EVP way to it. */
#define EVP_ONLY(n, k, id, why) SM_ROW_EVP_ONLY(n, k, &id##_evp, why)

/* The non-EVP implementations (low-*.c) the family rows name. */
extern const SmImpl aes_128_cbc_low, aes_192_cbc_low, aes_256_cbc_low, aes_128_ctr_low,
    aes_192_ctr_low, aes_256_ctr_low, camellia_128_cbc_low, des_cbc_low, des_ede3_cbc_low,
    bf_cbc_low, cast5_cbc_low, idea_cbc_low, rc2_cbc_low, rc4_low, aes_gcm_low, aes_ccm_low,
    md4_low, md5_low, sha1_low, sha224_low, sha256_low, sha384_low, sha512_low, ripemd160_low,
    hmac_md5_low, hmac_sha1_low, hmac_sha256_low, hmac_sha384_low, hmac_sha512_low, cmac_aes128_low,
    rsa_low, dsa_low, ecdsa_p256_low, ecdsa_p384_low, ecdsa_p521_low, ecdh_p256_low, ecdh_p384_low;

#endif /* SPEEDMATRIX_OPENSSL_ENGINE_H */

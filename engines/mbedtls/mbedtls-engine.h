/* The Mbed TLS engine's own header: the release it is built against (2.28 or 3.6+; any other
 * stops the build), the names that differ between them, the helpers every family file uses,
 * and the row types and functions of the family files (cipher.c, aead.c, digest.c, pk.c). Not
 * part of the SDK. */
#ifndef SPEEDMATRIX_MBEDTLS_ENGINE_H
#define SPEEDMATRIX_MBEDTLS_ENGINE_H

#include "engine-util.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <mbedtls/version.h> /* MBEDTLS_VERSION_NUMBER, first: it decides what else exists */

#if MBEDTLS_VERSION_MAJOR == 2 && MBEDTLS_VERSION_NUMBER >= 0x021C0000
#define SM_MBEDTLS_2 1
#elif MBEDTLS_VERSION_MAJOR == 3 && MBEDTLS_VERSION_NUMBER >= 0x03060000
#define SM_MBEDTLS_2 0
#else
#error "the mbedtls engine knows Mbed TLS 2.28 and 3.6+ (3.x); found Mbed TLS " MBEDTLS_VERSION_STRING
#endif

#include <mbedtls/aes.h>
#include <mbedtls/asn1.h>
#include <mbedtls/asn1write.h>
#if SM_MBEDTLS_2
#include <mbedtls/aesni.h>
#include <mbedtls/arc4.h>
#include <mbedtls/blowfish.h>
#include <mbedtls/md4.h>
#endif
#include <mbedtls/camellia.h>
#include <mbedtls/ccm.h>
#include <mbedtls/chacha20.h>
#include <mbedtls/chachapoly.h>
#include <mbedtls/cipher.h>
#include <mbedtls/cmac.h>
#include <mbedtls/des.h>
#include <mbedtls/ecdh.h>
#include <mbedtls/ecdsa.h>
#include <mbedtls/ecp.h>
#include <mbedtls/gcm.h>
#include <mbedtls/md.h>
#include <mbedtls/md5.h>
#include <mbedtls/pk.h>
#include <mbedtls/platform_util.h>
#include <mbedtls/poly1305.h>
#include <mbedtls/ripemd160.h>
#include <mbedtls/rsa.h>
#include <mbedtls/sha1.h>
#include <mbedtls/sha256.h>
#include <mbedtls/sha512.h>

#if SM_MBEDTLS_2
#define MBEDTLS_PRIVATE(member) member /* 2.28's fields are public */
#define cipher_iv_size(info) ((size_t)(info)->iv_size)
#define cipher_name(info) ((info)->name)
#define rsa_init_v15(rsa) mbedtls_rsa_init(rsa, MBEDTLS_RSA_PKCS_V15, 0)
#define md5_ret mbedtls_md5_ret
#define sha1_ret mbedtls_sha1_ret
#define sha256_ret mbedtls_sha256_ret
#define sha512_ret mbedtls_sha512_ret
#define ripemd160_ret mbedtls_ripemd160_ret
#define WHY_GONE_IN_3(what) NULL
#define rsa_sign(rsa, f_rng, p_rng, md, hash_len, hash, sig)                                       \
  mbedtls_rsa_pkcs1_sign(rsa, f_rng, p_rng, MBEDTLS_RSA_PRIVATE, md, hash_len, hash, sig)
#define rsa_verify(rsa, md, hash_len, hash, sig)                                                   \
  mbedtls_rsa_pkcs1_verify(rsa, NULL, NULL, MBEDTLS_RSA_PUBLIC, md, hash_len, hash, sig)
#define pk_sign(pk, md, hash, hash_len, sig, sig_size, sig_len, f_rng, p_rng)                      \
  ((void)(sig_size), mbedtls_pk_sign(pk, md, hash, hash_len, sig, sig_len, f_rng, p_rng))
#else
#define cipher_iv_size(info) mbedtls_cipher_info_get_iv_size(info)
#define cipher_name(info) mbedtls_cipher_info_get_name(info)
#define rsa_init_v15(rsa) mbedtls_rsa_init(rsa) /* PKCS#1 v1.5 is 3.x's default padding */
#define md5_ret mbedtls_md5                     /* 3.0 gave the *_ret names to the plain ones */
#define sha1_ret mbedtls_sha1
#define sha256_ret mbedtls_sha256
#define sha512_ret mbedtls_sha512
#define ripemd160_ret mbedtls_ripemd160
#define WHY_GONE_IN_3(what) "Mbed TLS " MBEDTLS_VERSION_STRING " has no " what " (removed in 3.0)"
#define rsa_sign mbedtls_rsa_pkcs1_sign
#define rsa_verify mbedtls_rsa_pkcs1_verify
#define pk_sign mbedtls_pk_sign
#endif
/* Key fields 3.x made private (ecp_keypair's grp, d, Q). */
#define PRIV(member) MBEDTLS_PRIVATE(member)

/* The library's own text for an error code, after what failed. */
static inline SmResult mbed_fail(SmResult result, char *msg, size_t msg_len, const char *what,
                                 int ret)
{
  return sm_msg(result, msg, msg_len, "%s failed: -0x%04x", what, (unsigned)-ret);
}

/* The deterministic generator every f_rng gets: a ChaCha20 keystream keyed by the run's seed. */
static inline void seeded_rng_init(mbedtls_chacha20_context *rng, uint64_t seed)
{
  unsigned char key[32];
  static const unsigned char nonce[12] = {'s', 'p', 'e', 'e', 'd', 'm', 'a', 't', 'r', 'i', 'x'};
  sm_seed_key(seed, NULL, key);
  mbedtls_chacha20_init(rng);
  mbedtls_chacha20_setkey(rng, key);
  mbedtls_chacha20_starts(rng, nonce, 0);
}

static inline int seeded_rng(void *rng, unsigned char *out, size_t len)
{
  memset(out, 0, len);
  return mbedtls_chacha20_update(rng, len, out, out);
}

/* ---- the rows of the family files' tables ---- */

typedef enum { IV_PLAIN, IV_CHACHA_COUNTER_NONCE, IV_PER_CALL } IvUse;

typedef struct LowCipherState LowCipherState;

typedef int LowKeyFn(LowCipherState *st, const SmParams *params);

typedef int LowCryptFn(LowCipherState *st, const unsigned char *in, unsigned char *out, size_t len);

typedef struct {
  mbedtls_cipher_type_t type;
  IvUse iv_use;
} EvpCipherRow;

typedef struct {
  size_t key_len; /* 0: any */
  size_t iv_len;
  LowKeyFn *key;
  LowCryptFn *crypt;
} LowCipherRow;

typedef struct LowAeadState LowAeadState;

typedef int AeadKeyFn(LowAeadState *st, const unsigned char *key, size_t key_len);

typedef int AeadSealFn(LowAeadState *st, const unsigned char *in, size_t len, unsigned char *out,
                       unsigned char *tag);

typedef int AeadOpenFn(LowAeadState *st, const unsigned char *in, size_t len,
                       const unsigned char *tag, unsigned char *out);

typedef void AeadFreeFn(LowAeadState *st);

typedef struct {
  size_t nonce_len; /* 0: any */
  AeadKeyFn *key;
  AeadSealFn *seal;
  AeadOpenFn *open;
  AeadFreeFn *release;
} LowAeadRow;

typedef struct {
  mbedtls_md_type_t type;
} MdRow;

typedef int LowHashFn(const unsigned char *in, size_t len, unsigned char *out);

typedef struct {
  LowHashFn *hash;
  size_t out_len;
} LowHashRow;

typedef struct {
  SmApi api;
  bool rsa;                   /* else ECDSA */
  mbedtls_ecp_group_id group; /* ECDSA */
  mbedtls_md_type_t md;
  LowHashFn *hash; /* low: the one-shot digest */
} SigRow;

typedef struct {
  mbedtls_ecp_group_id group;
  bool montgomery; /* RFC 7748 little-endian scalars and u-coordinates */
} KexRow;

/* ---- what the family files' rows name, defined in cipher.c, aead.c, digest.c and pk.c;
 * declared through function types, so that the compiler checks each definition against its
 * slot (the setups are each file's own SM_DEFINE_SETUP) ---- */

typedef SmResult OpFn(void *state, SmIo *io);
typedef void TeardownFn(void *state);

OpFn evp_cipher_update, evp_xts_update, low_cipher_op, evp_aead_encrypt, evp_aead_decrypt,
    low_aead_encrypt, low_aead_decrypt, md_hash, hmac_mac, low_hash, cmac_mac, poly1305_mac,
    evp_sig_sign, evp_sig_verify, low_rsa_sign, low_rsa_verify, low_ecdsa_sign, low_ecdsa_verify,
    kex_derive, sig_keygen, kex_keygen;
TeardownFn evp_cipher_teardown, low_cipher_teardown, evp_aead_teardown, low_aead_teardown,
    md_teardown, cmac_teardown, poly1305_teardown, sig_teardown, kex_teardown;
LowKeyFn aes_key, aes_ctr_key, aes_xts_key, camellia_key, des_key, des3_key, chacha20_key;
LowCryptFn aes_cbc, aes_ctr, aes_xts, camellia_cbc, des_cbc, des3_cbc, chacha20_stream;
AeadKeyFn gcm_key, ccm_key, chachapoly_key;
AeadSealFn gcm_seal, ccm_seal, chachapoly_seal;
AeadOpenFn gcm_open, ccm_open, chachapoly_open;
AeadFreeFn gcm_release, ccm_release, chachapoly_release;
LowHashFn md5_oneshot, sha1_oneshot, sha224_oneshot, sha256_oneshot, sha384_oneshot, sha512_oneshot,
    ripemd160_oneshot;
#if SM_MBEDTLS_2
LowKeyFn blowfish_key, arc4_key;
LowCryptFn blowfish_cbc, arc4_stream;
LowHashFn md4_oneshot;
#endif

#endif /* SPEEDMATRIX_MBEDTLS_ENGINE_H */

/* speedmatrix engine: BearSSL 0.6.
 *
 * evp = its generic "classes": the block-cipher vtables (br_block_cbcenc_class, ..._ctr_class)
 * chosen like BearSSL's own *_get() defaults, br_aead_class (GCM), br_hash_class, generic HMAC,
 * and the run-time defaults br_ec_get_default(), br_ecdsa_*_raw_get_default(),
 * br_rsa_pkcs1_sign/vrfy_get_default(), br_chacha20_sse2_get(), br_poly1305_ctmulq_get().
 * low = the named implementations called directly: br_aes_x86ni_* or br_aes_ct64_*, br_des_ct_*,
 * br_chacha20_sse2_run or _ct_run, br_gcm_*, br_ccm_*, br_poly1305_ctmulq_run or _ctmul_run,
 * br_sha256_* and the other typed hashes, br_rsa_i62_* or br_rsa_i31_*, br_ecdsa_i31_* over
 * br_ec_p256_m31 / br_ec_prime_i31 / br_ec_c25519_m31.
 * Acceleration: init picks once, for both levels, x86ni AES, pclmul GHASH, SSE2 ChaCha20,
 * ctmulq Poly1305 and i62 RSA where the CPU and build have them (their *_get() is non-NULL);
 * accel off picks the portable ct64 AES, ctmul GHASH, ct ChaCha20, ctmul Poly1305 and i31 RSA.
 * Choices the library forces, each also noted where it is made:
 * - Every BearSSL cipher and AEAD works in place: the ops copy in to out and run on out.
 * - Its CTR and ChaCha20 calls are stateless (key, IV, 32-bit counter in, counter out) and drop
 *   the rest of a partial block: the state keeps the counter and a part-used keystream block so
 *   calls of any length stream, and a counter wrap carries into the IV as OpenSSL does.
 * - No RNG anywhere: RSA signing is constant-time code without blinding, ECDSA derives its
 *   nonces deterministically (RFC 6979, HMAC over the hash class), ECDH takes none.
 * - br_ec_impl offers no named mul/mulgen functions: low key exchange calls the named
 *   implementation's (br_ec_c25519_m31, br_ec_p256_m31, br_ec_prime_i31) function pointers.
 *
 * This file holds the table and the engine; the families are cipher.c, aead.c, digest.c and
 * pk.c, and bearssl-engine.h what they share.
 */
#include "bearssl-engine.h"

#include <dlfcn.h>

BearChosen chosen;

/* ---- the table: an algorithm's implementation at each API level (evp, low) ---- */

#define EVP_AND_LOW(impls)                                                                         \
  {                                                                                                \
    &impls[SM_API_EVP], &impls[SM_API_LOW]                                                         \
  }
#define EVP_AND_LOW_AT(table, i)                                                                   \
  {                                                                                                \
    &table[i][SM_API_EVP], &table[i][SM_API_LOW]                                                   \
  }
#define WHY_CCM_EVP                                                                                \
  "BearSSL has no br_aead_class for CCM (br_ccm_reset needs the AAD and data lengths up "          \
  "front); only the direct br_ccm_* calls"
#define WHY_HMAC_LOW                                                                               \
  "BearSSL's HMAC is only the generic br_hmac_* over a br_hash_class (the evp row); it has no "    \
  "per-hash HMAC calls"

static const SmAlgorithm algorithms[] = {
    {.name = "aes-128-cbc", .kind = SM_KIND_CIPHER, .impl = EVP_AND_LOW_AT(aes_cbc_impls, 0)},
    {.name = "aes-192-cbc", .kind = SM_KIND_CIPHER, .impl = EVP_AND_LOW_AT(aes_cbc_impls, 1)},
    {.name = "aes-256-cbc", .kind = SM_KIND_CIPHER, .impl = EVP_AND_LOW_AT(aes_cbc_impls, 2)},
    {.name = "aes-128-ctr", .kind = SM_KIND_CIPHER, .impl = EVP_AND_LOW_AT(aes_ctr_impls, 0)},
    {.name = "aes-192-ctr", .kind = SM_KIND_CIPHER, .impl = EVP_AND_LOW_AT(aes_ctr_impls, 1)},
    {.name = "aes-256-ctr", .kind = SM_KIND_CIPHER, .impl = EVP_AND_LOW_AT(aes_ctr_impls, 2)},
    {.name = "chacha20", .kind = SM_KIND_CIPHER, .impl = EVP_AND_LOW(chacha20_impls)},
    {.name = "des-cbc", .kind = SM_KIND_CIPHER, .impl = EVP_AND_LOW_AT(des_cbc_impls, 0)},
    {.name = "des-ede3-cbc", .kind = SM_KIND_CIPHER, .impl = EVP_AND_LOW_AT(des_cbc_impls, 1)},
    {.name = "aes-128-gcm", .kind = SM_KIND_AEAD, .impl = EVP_AND_LOW_AT(gcm_impls, 0)},
    {.name = "aes-192-gcm", .kind = SM_KIND_AEAD, .impl = EVP_AND_LOW_AT(gcm_impls, 1)},
    {.name = "aes-256-gcm", .kind = SM_KIND_AEAD, .impl = EVP_AND_LOW_AT(gcm_impls, 2)},
    {.name = "aes-128-ccm",
     .kind = SM_KIND_AEAD,
     .impl = {NULL, &ccm_impls[0]},
     .why_not = {WHY_CCM_EVP}},
    {.name = "aes-256-ccm",
     .kind = SM_KIND_AEAD,
     .impl = {NULL, &ccm_impls[1]},
     .why_not = {WHY_CCM_EVP}},
    {.name = "chacha20-poly1305", .kind = SM_KIND_AEAD, .impl = EVP_AND_LOW(chapol_impls)},
    {.name = "md5", .kind = SM_KIND_DIGEST, .impl = EVP_AND_LOW_AT(digest_impls, 0)},
    {.name = "sha1", .kind = SM_KIND_DIGEST, .impl = EVP_AND_LOW_AT(digest_impls, 1)},
    {.name = "sha224", .kind = SM_KIND_DIGEST, .impl = EVP_AND_LOW_AT(digest_impls, 2)},
    {.name = "sha256", .kind = SM_KIND_DIGEST, .impl = EVP_AND_LOW_AT(digest_impls, 3)},
    {.name = "sha384", .kind = SM_KIND_DIGEST, .impl = EVP_AND_LOW_AT(digest_impls, 4)},
    {.name = "sha512", .kind = SM_KIND_DIGEST, .impl = EVP_AND_LOW_AT(digest_impls, 5)},
    {.name = "hmac-md5",
     .kind = SM_KIND_MAC,
     .impl = {&hmac_impls[0], NULL},
     .why_not = {NULL, WHY_HMAC_LOW}},
    {.name = "hmac-sha1",
     .kind = SM_KIND_MAC,
     .impl = {&hmac_impls[1], NULL},
     .why_not = {NULL, WHY_HMAC_LOW}},
    {.name = "hmac-sha256",
     .kind = SM_KIND_MAC,
     .impl = {&hmac_impls[2], NULL},
     .why_not = {NULL, WHY_HMAC_LOW}},
    {.name = "hmac-sha384",
     .kind = SM_KIND_MAC,
     .impl = {&hmac_impls[3], NULL},
     .why_not = {NULL, WHY_HMAC_LOW}},
    {.name = "hmac-sha512",
     .kind = SM_KIND_MAC,
     .impl = {&hmac_impls[4], NULL},
     .why_not = {NULL, WHY_HMAC_LOW}},
    {.name = "rsa1024", .kind = SM_KIND_SIGNATURE, .impl = EVP_AND_LOW(rsa_impls)},
    {.name = "rsa2048", .kind = SM_KIND_SIGNATURE, .impl = EVP_AND_LOW(rsa_impls)},
    {.name = "rsa3072", .kind = SM_KIND_SIGNATURE, .impl = EVP_AND_LOW(rsa_impls)},
    {.name = "rsa4096", .kind = SM_KIND_SIGNATURE, .impl = EVP_AND_LOW(rsa_impls)},
    {.name = "ecdsa-p256", .kind = SM_KIND_SIGNATURE, .impl = EVP_AND_LOW_AT(ecdsa_impls, 0)},
    {.name = "ecdsa-p384", .kind = SM_KIND_SIGNATURE, .impl = EVP_AND_LOW_AT(ecdsa_impls, 1)},
    {.name = "ecdsa-p521", .kind = SM_KIND_SIGNATURE, .impl = EVP_AND_LOW_AT(ecdsa_impls, 2)},
    {.name = "x25519", .kind = SM_KIND_KEX, .impl = EVP_AND_LOW_AT(kex_impls, 0)},
    {.name = "ecdh-p256", .kind = SM_KIND_KEX, .impl = EVP_AND_LOW_AT(kex_impls, 1)},
    {.name = "ecdh-p384", .kind = SM_KIND_KEX, .impl = EVP_AND_LOW_AT(kex_impls, 2)},
    {.name = NULL},
};

/* ---- engine ---- */

/* BearSSL exports no version call: the run-time answer is the file the loader mapped
 * (libbearssl.so.0 -> libbearssl.so.0.6), read back through dladdr and realpath. */
static const char *lib_version(void)
{
  static char version[32] = "unknown";
  Dl_info info;
  if (dladdr((void *)&br_sha256_vtable, &info) != 0 && info.dli_fname != NULL) {
    char *path = realpath(info.dli_fname, NULL);
    const char *so = path != NULL ? strstr(path, ".so.") : NULL;
    if (so != NULL && strlen(so + 4) < sizeof version)
      strcpy(version, so + 4);
    free(path);
  }
  return version;
}

static void choose_portable(void)
{
  chosen.cbcenc = &br_aes_ct64_cbcenc_vtable;
  chosen.cbcdec = &br_aes_ct64_cbcdec_vtable;
  chosen.ctr = &br_aes_ct64_ctr_vtable;
  chosen.ghash = br_ghash_ctmul;
  chosen.chacha = br_chacha20_ct_run;
  chosen.poly = br_poly1305_ctmul_run;
  chosen.rsa_sign = br_rsa_i31_pkcs1_sign;
  chosen.rsa_vrfy = br_rsa_i31_pkcs1_vrfy;
  chosen.x86ni = chosen.pclmul = chosen.sse2 = chosen.ctmulq = chosen.i62 = false;
}

/* What BearSSL's own *_get() calls offer on this CPU and build (NULL: not available). */
static void choose_accelerated(void)
{
  choose_portable();
  if (br_aes_x86ni_cbcenc_get_vtable() != NULL && br_aes_x86ni_cbcdec_get_vtable() != NULL &&
      br_aes_x86ni_ctr_get_vtable() != NULL && br_aes_x86ni_ctrcbc_get_vtable() != NULL) {
    chosen.x86ni = true;
    chosen.cbcenc = br_aes_x86ni_cbcenc_get_vtable();
    chosen.cbcdec = br_aes_x86ni_cbcdec_get_vtable();
    chosen.ctr = br_aes_x86ni_ctr_get_vtable();
  }
  if (br_ghash_pclmul_get() != NULL) {
    chosen.pclmul = true;
    chosen.ghash = br_ghash_pclmul_get();
  }
  if (br_chacha20_sse2_get() != NULL) {
    chosen.sse2 = true;
    chosen.chacha = br_chacha20_sse2_get();
  }
  if (br_poly1305_ctmulq_get() != NULL) {
    chosen.ctmulq = true;
    chosen.poly = br_poly1305_ctmulq_get();
  }
  chosen.i62 = br_rsa_i62_pkcs1_sign_get() != NULL && br_rsa_i62_pkcs1_vrfy_get() != NULL;
  chosen.rsa_sign = br_rsa_pkcs1_sign_get_default();
  chosen.rsa_vrfy = br_rsa_pkcs1_vrfy_get_default();
}

static SmResult engine_init(const SmEngineConfig *config, char *msg, size_t msg_len)
{
  bool off = config != NULL && config->accel == SM_ACCEL_OFF;
  if (off)
    choose_portable();
  else
    choose_accelerated();
  return sm_msg(SM_OK, msg, msg_len,
                "%s: AES %s, GHASH %s, ChaCha20 %s, Poly1305 %s, RSA %s; EC br_ec_all_m31 in both "
                "modes (0.6 has no 64-bit EC code); no RNG used (constant-time RSA without "
                "blinding, ECDSA RFC 6979 nonces)",
                off ? "portable code chosen" : "chosen by BearSSL's *_get()",
                chosen.x86ni ? "x86ni" : "ct64", chosen.pclmul ? "pclmul" : "ctmul",
                chosen.sse2 ? "sse2" : "ct", chosen.ctmulq ? "ctmulq" : "ctmul",
                chosen.i62 ? "i62" : "i31");
}

SM_ENGINE_DESCRIPTOR(engine, "bearssl", "BearSSL", lib_version, engine_init, NULL, NULL,
                     "the generic classes: block-cipher vtables, br_aead_class (GCM), "
                     "br_hash_class, br_hmac_*, and the run-time defaults br_ec_get_default, "
                     "br_ecdsa_*_raw_get_default, br_rsa_pkcs1_*_get_default, "
                     "br_chacha20_sse2_get, br_poly1305_ctmulq_get",
                     "the named implementations: br_aes_x86ni_*/ct64_*, br_des_ct_*, "
                     "br_chacha20_*_run, br_gcm_*, br_ccm_*, br_poly1305_*_run, br_sha256_* etc., "
                     "br_rsa_i62_*/i31_*, br_ecdsa_i31_* over br_ec_p256_m31/prime_i31/c25519_m31",
                     algorithms);

SM_DEFINE_ENTRY(engine)

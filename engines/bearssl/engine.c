/* speedmatrix engine: BearSSL 0.6.
 *
 * evp = its generic "classes": the block-cipher vtables (br_block_cbcenc_class, ..._ctr_class)
 * chosen like BearSSL's own *_get() defaults, br_aead_class (GCM), br_hash_class, generic HMAC,
 * and the run-time defaults br_ec_get_default(), br_ecdsa_*_raw_get_default(),
 * br_rsa_pkcs1_sign/vrfy_get_default(), br_chacha20_sse2_get(), br_poly1305_ctmulq_get().
 * low = the named implementations: the x86ni or ct64 AES classes, the des_ct classes, the
 * sse2 or ct ChaCha20 run, br_gcm_*, br_ccm_*, the ctmulq or ctmul Poly1305 run, br_sha256_*
 * and the other typed hashes, br_rsa_i62_* or br_rsa_i31_*, br_ecdsa_i31_* over
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
 * This file holds the engine and assembles the table from the families' rows: cipher.c,
 * aead.c, digest.c (digests and HMAC) and pk.c (signatures and key exchange); bearssl-engine.h
 * is what they share. An implementation only some CPUs or builds have is reached through
 * BearSSL's *_get() and called through the pointer it returns, so the plugin loads anywhere.
 */
#include "bearssl-engine.h"

#include <dlfcn.h>

BearChosen chosen;

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

/* ---- the table: each family file's rows, in the order FAMILIES gives ---- */

static const SmAlgorithm *const families[] = {FAMILIES(SM_ROWS_OF)};

/* Room for every row of every family, and the NULL row that ends the table. */
#define MAX_ALGORITHMS 63
static SmAlgorithm algorithms[MAX_ALGORITHMS + 1];

SM_ENGINE_DESCRIPTOR(engine, "bearssl", "BearSSL", lib_version, engine_init, NULL, NULL,
                     "the generic classes: block-cipher vtables, br_aead_class (GCM), "
                     "br_hash_class, br_hmac_*, and the run-time defaults br_ec_get_default, "
                     "br_ecdsa_*_raw_get_default, br_rsa_pkcs1_*_get_default, "
                     "br_chacha20_sse2_get, br_poly1305_ctmulq_get",
                     "the named implementations: br_aes_x86ni_*/ct64_*, br_des_ct_*, "
                     "br_chacha20_*_run, br_gcm_*, br_ccm_*, br_poly1305_*_run, br_sha256_* etc., "
                     "br_rsa_i62_*/i31_*, br_ecdsa_i31_* over br_ec_p256_m31/prime_i31/c25519_m31",
                     algorithms);

SM_DEFINE_ENTRY_ASSEMBLED(engine, families, algorithms, MAX_ALGORITHMS)

/* The gcrypt engine's internal header: what its family files share and the row macros. Not
 * installed.
 *
 * evp = the handle APIs, opened and keyed once per cell in setup (gcry_cipher_*, gcry_md_*,
 * gcry_mac_*, gcry_pk_* with the key S-expression built once); low = libgcrypt's one-shot
 * calls, which exist only for digests and HMAC (gcry_md_hash_buffer, gcry_md_hash_buffers). */
#ifndef SPEEDMATRIX_GCRYPT_ENGINE_H
#define SPEEDMATRIX_GCRYPT_ENGINE_H

#include "engine-util.h"

#include <gcrypt.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* Copies the data of the list `token` in `sexp` into out, left-padded with zeros to width.
 * Left padding also restores an EdDSA half whose leading zero bytes an MPI conversion lost. */
bool copy_fixed(gcry_sexp_t sexp, const char *token, uint8_t *out, size_t width);

/* Every (algorithm, level) is a row of const data (a CipherSpec, DigestSpec, MacSpec, PkSpec or
 * KexSpec) that reaches its family's one setup as params->impl_data (ABI 1.1); that setup is
 * sm_setup_state over the family's *_fill function, so a teardown never sees a NULL state. */

/* "hwf intel-aesni+intel-pclmul": the features of gcry_get_config(0, "hwflist") that the code
 * for the algorithm libgcrypt calls `name` uses; "hwf none"; or NULL when its code uses none. */
const char *describe_hwf(const char *name);

/* ---- rows ---- */

#define NO_ONESHOT_CIPHER "libgcrypt has no one-shot cipher API; only the handle API (evp)"
#define NO_ONESHOT_AEAD "libgcrypt has no one-shot AEAD API; only the handle API (evp)"
#define NO_ONESHOT_MAC                                                                             \
  "libgcrypt's one-shot gcry_md_hash_buffers does HMAC only; CMAC/Poly1305 need gcry_mac_* (evp)"
#define NO_ONESHOT_PK "libgcrypt has no one-shot signature API; only gcry_pk_sign/verify (evp)"
#define NO_ONESHOT_X "gcry_ecc_mul_point is libgcrypt's only X25519/X448 call; it is the evp row"
#define NO_ONESHOT_ECDH "libgcrypt has no one-shot ECDH call; only gcry_pk_decrypt (evp)"

#define ROW_EVP(n, k, id, why) SM_ROW_EVP_ONLY(n, k, &evp_##id, why)
#define ROW_BOTH(n, k, id) SM_ROW_BOTH(n, k, &evp_##id, &low_##id)
/* The rows of a kind that libgcrypt offers through its handle API only, for the kind's reason. */
#define CIPHER_ROW(n, id) ROW_EVP(n, SM_KIND_CIPHER, id, NO_ONESHOT_CIPHER)
#define AEAD_ROW(n, id) ROW_EVP(n, SM_KIND_AEAD, id, NO_ONESHOT_AEAD)
#define SIGNATURE_ROW(n, id) ROW_EVP(n, SM_KIND_SIGNATURE, id, NO_ONESHOT_PK)

#endif /* SPEEDMATRIX_GCRYPT_ENGINE_H */

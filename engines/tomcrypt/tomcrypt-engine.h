/* The libtomcrypt engine's private header: the library's headers, the error message, the hashes
 * both the digest and the signature rows name, and the families' row lists for the table in
 * engine.c. Every row's data names what its level calls: a descriptor's name for find_cipher or
 * find_hash (evp), or the typed functions (low). */
#ifndef SPEEDMATRIX_TOMCRYPT_ENGINE_H
#define SPEEDMATRIX_TOMCRYPT_ENGINE_H

#define LTM_DESC /* declares ltm_desc */

#include "engine-util.h"
#include "engine.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <tomcrypt.h>

static inline SmResult ltc_fail(SmResult result, char *msg, size_t msg_len, const char *what,
                                int err)
{
  return sm_msg(result, msg, msg_len, "%s: %s", what, error_to_string(err));
}

/* libtomcrypt lengths are unsigned long, key lengths int. */
static inline bool fits_int(size_t len) { return len <= 0x7fffffff; }

/* A hash two ways: its hash_descriptor[] entry by name (evp) and its typed calls (low). */
typedef int TomHashInitFn(hash_state *md);
typedef int TomHashProcessFn(hash_state *md, const unsigned char *in, unsigned long len);
typedef int TomHashDoneFn(hash_state *md, unsigned char *out);

typedef struct {
  const char *name; /* find_hash's name */
  TomHashInitFn *init;
  TomHashProcessFn *process;
  TomHashDoneFn *done;
  size_t out_len;
} TomHash;

extern const TomHash sha256_hash, sha384_hash, sha512_hash; /* digest.c; pk.c signs with them */

/* Each family file's rows (cipher_rows in cipher.c, ...), in the order `list` shows them. */
#define FAMILIES(FAMILY) SM_KIND_FAMILIES(FAMILY)
FAMILIES(SM_DECLARE_ROWS)

#endif /* SPEEDMATRIX_TOMCRYPT_ENGINE_H */

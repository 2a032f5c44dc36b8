/* The BearSSL engine's private header: what init chose, the in-place copy, the hashes both the
 * digest and the signature rows name, and the families' row lists for the table in engine.c.
 *
 * Every row's data names what its level calls: a BearSSL class or run pointer, returned by a
 * getter so that an implementation only some CPUs or builds have (x86ni, pclmul, sse2, ctmulq,
 * i62) is reached through BearSSL's own *_get() and never linked by name. */
#ifndef SPEEDMATRIX_BEARSSL_ENGINE_H
#define SPEEDMATRIX_BEARSSL_ENGINE_H

#include "engine-util.h"
#include "engine.h"

#include <bearssl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* What init chose (both levels use the same implementations). */
typedef struct {
  bool x86ni, pclmul, sse2, ctmulq, i62;
  /* evp: the classes and default pointers */
  const br_block_cbcenc_class *cbcenc;
  const br_block_cbcdec_class *cbcdec;
  const br_block_ctr_class *ctr;
  br_ghash ghash;
  br_chacha20_run chacha;
  br_poly1305_run poly;
  br_rsa_pkcs1_sign rsa_sign;
  br_rsa_pkcs1_vrfy rsa_vrfy;
} BearChosen;

extern BearChosen chosen; /* engine.c */

/* The impl column of a row that runs AES alone (CBC, CTR, CCM; cipher.c). */
const char *aes_impl_name(const SmParams *params, void *state);

/* What a level calls for AES-CTR and ChaCha20, which GCM and ChaCha20-Poly1305 use too
 * (cipher.c): evp what init chose, low the named implementation (through its getter where the
 * CPU decides). */
const br_block_ctr_class *chosen_ctr(void);
const br_block_ctr_class *named_aes_ctr(void);
br_chacha20_run chosen_chacha(void);
br_chacha20_run named_chacha(void);

/* BearSSL works in place: the op's output buffer receives the input first. */
static inline void copy_in(const SmIo *io)
{
  if (io->out != io->in && io->in_len > 0)
    memcpy(io->out, io->in, io->in_len);
}

/* The output length a hash class declares in its descriptor. */
static inline size_t hash_out_len(const br_hash_class *cls)
{
  return (size_t)(cls->desc >> BR_HASHDESC_OUT_OFF) & BR_HASHDESC_OUT_MASK;
}

/* A hash two ways: its class (evp) and its typed br_<name>_* calls (low). */
typedef void BearNamedHashFn(const void *in, size_t len, void *out);
typedef struct {
  const br_hash_class *cls;
  BearNamedHashFn *named;
} BearHash;

extern const BearHash md5_hash, sha1_hash, sha224_hash, sha256_hash, sha384_hash,
    sha512_hash; /* digest.c */

/* How a level hashes one message: through the class (evp) or the typed calls (low). */
typedef void BearHashFn(const BearHash *hash, const void *in, size_t len, void *out);

static inline void hash_by_class(const BearHash *hash, const void *in, size_t len, void *out)
{
  br_hash_compat_context ctx;
  hash->cls->init(&ctx.vtable);
  hash->cls->update(&ctx.vtable, in, len);
  hash->cls->out(&ctx.vtable, out);
}

static inline void hash_by_name(const BearHash *hash, const void *in, size_t len, void *out)
{
  hash->named(in, len, out);
}

/* Each family file's rows (cipher_rows in cipher.c, ...), in the order `list` shows them. */
#define FAMILIES(FAMILY) SM_KIND_FAMILIES(FAMILY)
FAMILIES(SM_DECLARE_ROWS)

#endif /* SPEEDMATRIX_BEARSSL_ENGINE_H */

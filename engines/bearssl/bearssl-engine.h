/* What the BearSSL engine's files share: the implementations init chose, the in-place copy,
 * the hash-class helpers, the typed hash calls, and the implementations each family file
 * defines for the table in engine.c. */
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

extern BearChosen chosen; /* bearssl.c */

static inline const char *aes_name(void) { return chosen.x86ni ? "aes_x86ni" : "aes_ct64"; }

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

/* evp: hash through the class's vtable. */
static inline void class_hash(const br_hash_class *cls, const void *in, size_t len, void *out)
{
  br_hash_compat_context ctx;
  cls->init(&ctx.vtable);
  cls->update(&ctx.vtable, in, len);
  cls->out(&ctx.vtable, out);
}

/* low: the typed hash calls (digest.c). */
typedef void (*NamedHashFn)(const void *in, size_t len, void *out);
void md5_named(const void *in, size_t len, void *out);
void sha1_named(const void *in, size_t len, void *out);
void sha224_named(const void *in, size_t len, void *out);
void sha256_named(const void *in, size_t len, void *out);
void sha384_named(const void *in, size_t len, void *out);
void sha512_named(const void *in, size_t len, void *out);

/* The implementations the table names, by family, in the table's order. */
extern const SmImpl aes_cbc_impls[3][SM_API_COUNT], aes_ctr_impls[3][SM_API_COUNT],
    des_cbc_impls[2][SM_API_COUNT], chacha20_impls[SM_API_COUNT]; /* cipher.c */
extern const SmImpl gcm_impls[3][SM_API_COUNT], ccm_impls[2],
    chapol_impls[SM_API_COUNT];                                   /* aead.c */
extern const SmImpl digest_impls[6][SM_API_COUNT], hmac_impls[5]; /* digest.c */
extern const SmImpl rsa_impls[SM_API_COUNT], ecdsa_impls[3][SM_API_COUNT],
    kex_impls[3][SM_API_COUNT]; /* pk.c */

#endif /* SPEEDMATRIX_BEARSSL_ENGINE_H */

/* The Nettle engine's internal header: what its family files share (messages, streaming,
 * the seeded generator, the fat-build query) and the row macros. Not installed.
 *
 * evp: the generic nettle-meta descriptors (struct nettle_cipher / nettle_aead / nettle_hash /
 *      nettle_mac) called through their function pointers, contexts sized from the descriptor,
 *      with the generic modes (cbc_encrypt, ctr_crypt, xts_encrypt_message, hmac_set_key) that
 *      take a descriptor's function. Hogweed has no such layer for public-key algorithms.
 * low: the typed per-algorithm calls (cbc_aes128_encrypt, gcm_aes128_*, sha256_*,
 *      rsa_sha256_sign_tr, ecdsa_sign, ed25519_sha512_sign, curve25519_mul, ...). */
#ifndef SPEEDMATRIX_NETTLE_ENGINE_H
#define SPEEDMATRIX_NETTLE_ENGINE_H

#include "engine-util.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <gmp.h>
#if defined(__x86_64__)
#include <cpuid.h>
#elif defined(__aarch64__) && defined(__linux__)
#include <asm/hwcap.h>
#include <sys/auxv.h>
#endif

#include <nettle/aes.h>
#include <nettle/arcfour.h>
#include <nettle/arctwo.h>
#include <nettle/blowfish.h>
#include <nettle/camellia.h>
#include <nettle/cast128.h>
#include <nettle/cbc.h>
#include <nettle/ccm.h>
#include <nettle/chacha-poly1305.h>
#include <nettle/chacha.h>
#include <nettle/cmac.h>
#include <nettle/ctr.h>
#include <nettle/des.h>
#include <nettle/gcm.h>
#include <nettle/hmac.h>
#include <nettle/md4.h>
#include <nettle/md5.h>
#include <nettle/memops.h>
#include <nettle/nettle-meta.h>
#include <nettle/ripemd160.h>
#include <nettle/serpent.h>
#include <nettle/sha1.h>
#include <nettle/sha2.h>
#include <nettle/sha3.h>
#include <nettle/sm3.h>
#include <nettle/twofish.h>
#include <nettle/version.h>
#include <nettle/xts.h>

#include <nettle/bignum.h>
#include <nettle/curve25519.h>
#include <nettle/curve448.h>
#include <nettle/dsa.h>
#include <nettle/ecc-curve.h>
#include <nettle/ecc.h>
#include <nettle/ecdsa.h>
#include <nettle/eddsa.h>
#include <nettle/knuth-lfib.h>
#include <nettle/rsa.h>

#define MAX_BLOCK 16 /* largest cipher block we drive (AES, Camellia, Twofish, Serpent) */

/* Every (algorithm, level) is a row of const data that reaches its family's one setup as
 * params->impl_data (ABI 1.1): a nettle-meta descriptor at evp; at low, sizes and the small typed
 * functions below. Those stay code because Nettle's typed calls each take their own context
 * type (struct aes128_ctx, struct gcm_aes128_ctx, ...): one function per type, each with the
 * one signature its row holds, so nothing casts between function types. A family's setup is
 * SM_DEFINE_SETUP over its fill, or SIZED_SETUP where the row sizes the context. */

/* SM_DEFINE_SETUP for a `State` that ends in a context whose size its row (a `Row`) says:
 * `ctx_size(row)` bytes more than the State, so a state holds what Nettle's context needs and
 * no more (the context_bytes column reports it). */
#define SIZED_SETUP(setup_fn, State, Row, ctx_size, fill, teardown)                                \
  static SmResult setup_fn(const SmParams *params, void **state, char *msg, size_t msg_len)        \
  {                                                                                                \
    size_t size = sizeof(State) + ctx_size((const Row *)params->impl_data);                        \
    return sm_setup_state(size, fill, teardown, params, state, msg, msg_len);                      \
  }

/* ---- shared helpers (engine.c) ---- */

/* "key is 15 bytes, expected 16". */
SmResult fail_len(char *msg, size_t msg_len, const char *what, size_t got, size_t want);
/* A streaming block-cipher call: room for in_len bytes, a whole number of blocks. */
bool bulk_io(SmIo *io, size_t block);

/* ctr_crypt and chacha_crypt32 drop the rest of a partial block's keystream: the cipher
 * families stream through engine-util.h's sm_stream_crypt, which carries it. */

/* Hogweed's signers take nonces and blinding from a caller's source: a seeded lagged-Fibonacci
 * generator keeps runs repeatable (not secure, which a benchmark does not need). */
void lfib_random(void *ctx, size_t length, uint8_t *dst);
void lfib_seed(struct knuth_lfib_ctx *rng, uint64_t seed);

/* What the fat build runs for the algorithm Nettle calls `name` ("fat: aesni"), or NULL. */
const char *fat_impl(const char *name);

/* An impl_name getter for rows of type Row: fat_impl of the row's `field`. */
#define ROW_NAME_GETTER(fn, Row, field)                                                            \
  static const char *fn(const SmParams *params, void *state)                                       \
  {                                                                                                \
    (void)state;                                                                                   \
    return fat_impl(((const Row *)params->impl_data)->field);                                      \
  }

/* ---- rows ---- */

/* An impl whose impl column is what the fat build runs for its row (name_fn, a
 * ROW_NAME_GETTER): SM_IMPL_OPS and that getter. */
#define FAT_IMPL(setup_fn, teardown_fn, row_data, name_fn, ...)                                    \
  {                                                                                                \
    .setup = (setup_fn), .teardown = (teardown_fn), .data = (row_data), .impl_name = (name_fn),    \
    .op = {                                                                                        \
      __VA_ARGS__                                                                                  \
    }                                                                                              \
  }

/* An algorithm at both levels, `tag##_evp` and `tag##_low`. */
#define EVP_AND_LOW(n, k, tag) SM_ROW_BOTH(n, k, &tag##_evp, &tag##_low)
/* The typed calls only, and why nettle-meta has no way to it. */
#define LOW_ONLY(n, k, low, why) SM_ROW_LOW_ONLY(n, k, &low, why)

#endif /* SPEEDMATRIX_NETTLE_ENGINE_H */

/* The canonical algorithm catalogue: names, kinds and the sizes the runner allocates and
 * generates inputs for. Engines name algorithms from this table; the registry refuses others. */
#pragma once

#include "engine.h"
#include <stdbool.h>

/* How the runner draws a private value for an algorithm. */
typedef enum {
  SM_SCALAR_BYTES,     /* any bytes: X25519/X448 scalars, EdDSA seeds (clamped by the library) */
  SM_SCALAR_NIST,      /* below a NIST group order starting 0xff..: top bit cleared, low set */
  SM_SCALAR_NIST_P521, /* below P-521's order (0x01ff..): first byte 0x01 */
} SmScalarForm;

/* What the IV holds besides the nonce. */
typedef enum {
  SM_COUNTER_NONE,
  SM_COUNTER_LE32_PREFIX, /* a 32-bit little-endian block counter, then the nonce (chacha20) */
} SmCounterLayout;

typedef struct {
  const char *name;
  SmKind kind;
  unsigned key_len;  /* cipher/aead/mac key; 0 where none */
  unsigned iv_len;   /* IV / nonce / initial counter block / XTS tweak */
  unsigned aad_len;  /* AEAD additional data (TLS-like 13 bytes, as openssl speed -aead) */
  unsigned tag_len;  /* AEAD tag */
  unsigned out_len;  /* digest / MAC length; 0 for variable */
  unsigned unit;     /* input lengths must be a multiple of this (block ciphers in CBC) */
  unsigned priv_len; /* ecdsa/ed/x/ecdh private value length */
  unsigned bits;     /* rsa/dsa modulus bits */
  /* Traits, so that no code guesses them from the name: */
  SmScalarForm scalar;     /* signature/kex private values */
  bool deterministic;      /* signature: the same key and message always give the same bytes */
  SmCounterLayout counter; /* cipher IV layout */
  /* Public-key algorithms (ABI 1.3 operations and the size columns): */
  unsigned seed_len;        /* keygen seed (SmParams.key_seed) when it is not priv: ML-KEM d||z,
                               ML-DSA xi, SLH-DSA 3n; 0: priv is the seed, or there is none */
  unsigned pub_bytes;       /* public key as the ABI passes it (RSA: n; EC: 04||x||y; FIPS pk/ek) */
  unsigned secret_bytes;    /* private key as the ABI passes it (RSA: d; FIPS sk/dk) */
  unsigned signature_bytes; /* signature (r||s for ECDSA/DSA) */
  unsigned ciphertext_bytes; /* kem ciphertext */
  unsigned secret_len;       /* kem shared secret */
  bool encaps_m;             /* kem: encaps takes the FIPS 203 m (deterministic); else the
                                library draws its randomness */
  bool message_sizes;        /* signature: sign/verify measured per message size (block_size) */
} SmAlgInfo;

extern const SmAlgInfo sm_catalog[];

/* Operations the runner measures itself, numbered after the engine's SmOp slots (engine.h).
 * `setup`: a new context with its key made ready (ciphers, AEADs, MACs), or a private key
 * loaded (signatures), per second: the level's setup and teardown in the timed loop. It has no
 * slot in SmImpl.op: index SmImpl.op only with sm_op_slot(). */
#define SM_OP_SETUP ((SmOp)SM_OP_COUNT)
/* Every operation name: the engine's slots, then the runner's. */
#define SM_OP_ALL_COUNT (SM_OP_COUNT + 1)

const SmAlgInfo *sm_catalog_find(const char *name);
const char *sm_kind_name(SmKind kind);
bool sm_kind_parse(const char *name, SmKind *kind);
const char *sm_op_name(SmOp op);
/* Any operation name, setup included. */
bool sm_op_parse(const char *name, SmOp *op);
/* The SmImpl.op slot that serves `op` for a kind: `op` itself, or for setup the operation the
 * context is built for (encrypt, mac, sign); SM_OP_COUNT when the kind has no setup. */
SmOp sm_op_slot(SmKind kind, SmOp op);
/* "a, b, c" of every kind name, for error messages and help texts. */
char *sm_kind_names(void);
/* "a, b, c" of every operation name, for error messages and help texts. */
char *sm_op_names(void);
/* The runner's API levels: an engine table's two, then `implicit`, which an engine offers hung
 * off its evp level (SmImpl.implicit: OpenSSL 3's implicit-fetch calls). Off by default. */
#define SM_API_IMPLICIT ((SmApi)SM_API_COUNT)
#define SM_API_LEVELS (SM_API_COUNT + 1u)
const char *sm_api_name(SmApi api);
bool sm_api_parse(const char *name, SmApi *api);
/* The operations a kind has, in report order; returns how many. */
unsigned sm_kind_ops(SmKind kind, SmOp ops[SM_OP_COUNT]);
/* Message sizes of a signature whose sign/verify cells are sized (SmAlgInfo.message_sizes). */
#define SM_SIGN_MESSAGE_SIZE_COUNT 2u
extern const unsigned sm_sign_message_sizes[SM_SIGN_MESSAGE_SIZE_COUNT];
bool sm_kind_is_bulk(SmKind kind);
/* "a, b, c" of every catalogue name, for error messages. */
char *sm_catalog_names(void);

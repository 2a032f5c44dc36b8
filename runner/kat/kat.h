/* Known-answer vectors, compiled into the runner so that every run verifies every cell before
 * it is timed. Each row names its source; the files it was taken from are copied under
 * tests/vectors/ and a test checks every row against them. Hex strings; NULL = not used. */
#pragma once

#include "engine.h"

typedef struct {
  const char *algorithm; /* catalogue name */
  const char *source;    /* e.g. "NIST SP 800-38A F.2.1; tests/vectors/aes/CBCGFSbox128.rsp" */
  SmOp op;         /* encrypt (also checked as decrypt), hash, mac, sign, verify, derive, keygen,
                      encaps, decaps */
  const char *key; /* cipher/aead/mac key */
  const char *iv;  /* IV / nonce / counter block / tweak */
  const char *aad;
  const char *in;  /* plaintext / message */
  const char *out; /* ciphertext / digest / mac / deterministic signature / shared secret */
  const char *tag; /* AEAD tag */
  /* asymmetric keys */
  const char *priv;     /* ecdsa/ecdh scalar, ed seed, x25519/x448 scalar */
  const char *pub;      /* ecdsa/ecdh 04||x||y, ed public key */
  const char *peer_pub; /* kex: the peer's public value */
  const char *rsa_n, *rsa_e, *rsa_d, *rsa_p, *rsa_q, *rsa_dp, *rsa_dq, *rsa_qinv;
  const char *dsa_p, *dsa_q, *dsa_g, *dsa_y, *dsa_x;
  const char *sig; /* verify: the signature (r||s fixed width for ecdsa/dsa) */
  int valid;       /* verify: 1 if the signature must verify, 0 if it must be rejected */
  /* ABI 1.3 operations: keygen: key_seed -> out = public key; encaps: pub, in = m -> out =
   * ciphertext || shared secret; decaps: priv, in = ciphertext -> out = shared secret.
   * ML-DSA/SLH-DSA sign and verify: aad is the context string. */
  const char *key_seed;
} SmKatVector;

/* NULL-terminated (algorithm == NULL). */
extern const SmKatVector sm_kat_vectors[];

/* Fixed benchmark keys for the algorithms whose keys the runner cannot draw from its seeded
 * generator cheaply (RSA, DSA): generated once with OpenSSL, documented in keys.c. */
typedef struct {
  const char *algorithm; /* rsa1024..rsa4096, dsa1024, dsa2048 */
  const char *rsa_n, *rsa_e, *rsa_d, *rsa_p, *rsa_q, *rsa_dp, *rsa_dq, *rsa_qinv;
  const char *dsa_p, *dsa_q, *dsa_g, *dsa_y, *dsa_x;
} SmFixedKey;

extern const SmFixedKey sm_fixed_keys[];

/* The OpenSSL engine's post-quantum rows: ML-KEM (FIPS 203), ML-DSA (FIPS 204), SLH-DSA
 * (FIPS 205) and the TLS hybrid X25519MLKEM768, through EVP_PKEY on OpenSSL 3.5 or later. Built
 * against an older OpenSSL, every row is there with no level and the reason. The engine's
 * table takes them with SM_OSSL_PQ_ROWS. */
#pragma once

#include "engine.h"

#include <openssl/opensslv.h>

#if OPENSSL_VERSION_NUMBER >= 0x30500000L
#define SM_OSSL_HAS_PQ 1
extern const SmImpl sm_ossl_ml_kem_512, sm_ossl_ml_kem_768, sm_ossl_ml_kem_1024;
extern const SmImpl sm_ossl_x25519_ml_kem_768;
extern const SmImpl sm_ossl_ml_dsa_44, sm_ossl_ml_dsa_65, sm_ossl_ml_dsa_87;
extern const SmImpl sm_ossl_slh_dsa_sha2_128s, sm_ossl_slh_dsa_sha2_128f,
    sm_ossl_slh_dsa_shake_128f;
#define SM_OSSL_PQ_ROW(n, k, id, family)                                                           \
  {                                                                                                \
    .name = n, .kind = k, .impl = {&sm_ossl_##id, NULL}, .why_not = {                              \
      NULL,                                                                                        \
      "OpenSSL has no non-EVP API for " family                                                     \
    }                                                                                              \
  }
#else
#define SM_OSSL_PQ_ROW(n, k, id, family)                                                           \
  {                                                                                                \
    .name = n, .kind = k, .impl = {NULL, NULL}, .why_not = {                                       \
      "OpenSSL " OPENSSL_VERSION_STR " has no " family " (3.5 or later)",                          \
      "OpenSSL " OPENSSL_VERSION_STR " has no " family " (3.5 or later)"                           \
    }                                                                                              \
  }
#endif

/* keygen for the classical rows (ABI 1.3): a level of the engine's table wrapped so that
 * its setup serves keygen too; every other operation goes to the wrapped level unchanged.
 * EdDSA/X25519/X448: the public key from the raw private key (key_seed); ECDSA/ECDH: d x G
 * from the scalar key_seed (EC_POINT_mul: EVP derives no public point from a given scalar);
 * RSA: EVP_PKEY_generate of a modulus as long as params->rsa.n, e = 65537, out = n. */
typedef enum { SM_OSSL_KEYGEN_RAW, SM_OSSL_KEYGEN_EC, SM_OSSL_KEYGEN_RSA } SmOsslKeygenKind;

typedef struct {
  const SmImpl *inner;
  SmOsslKeygenKind kind;
  const char *type; /* raw: "ED25519", "X25519", ...; EC: the group, "P-256" */
} SmOsslKeygen;

SmResult sm_ossl_keygen_setup(const SmParams *params, void **state, char *msg, size_t msg_len);
void sm_ossl_keygen_teardown(void *state);
SmResult sm_ossl_keygen_op(void *state, SmIo *io);
SmResult sm_ossl_keygen_sign(void *state, SmIo *io);
SmResult sm_ossl_keygen_verify(void *state, SmIo *io);
SmResult sm_ossl_keygen_derive(void *state, SmIo *io);

#define SM_OSSL_KEYGEN_DATA(inner_level, k, t)                                                     \
  .setup = sm_ossl_keygen_setup, .teardown = sm_ossl_keygen_teardown,                              \
  .op_1_3 = {[SM_OP_KEYGEN - SM_OP_SLOTS_1_0] = sm_ossl_keygen_op}, .data = &(const SmOsslKeygen)  \
  {                                                                                                \
    .inner = (inner_level), .kind = (k), .type = (t)                                               \
  }
/* A signature level (sign, verify) and a key-exchange level (derive) with keygen. */
#define SM_OSSL_KEYGEN_SIG(inner_level, k, t)                                                      \
  {                                                                                                \
    SM_OSSL_KEYGEN_DATA(inner_level, k, t),                                                        \
        .op = {[SM_OP_SIGN] = sm_ossl_keygen_sign, [SM_OP_VERIFY] = sm_ossl_keygen_verify},        \
  }
#define SM_OSSL_KEYGEN_KEX(inner_level, k, t)                                                      \
  {                                                                                                \
    SM_OSSL_KEYGEN_DATA(inner_level, k, t), .op = {[SM_OP_DERIVE] = sm_ossl_keygen_derive},        \
  }

#define SM_OSSL_PQ_ROWS                                                                            \
  SM_OSSL_PQ_ROW("ml-kem-512", SM_KIND_KEM, ml_kem_512, "ML-KEM"),                                 \
      SM_OSSL_PQ_ROW("ml-kem-768", SM_KIND_KEM, ml_kem_768, "ML-KEM"),                             \
      SM_OSSL_PQ_ROW("ml-kem-1024", SM_KIND_KEM, ml_kem_1024, "ML-KEM"),                           \
      SM_OSSL_PQ_ROW("x25519-ml-kem-768", SM_KIND_KEM, x25519_ml_kem_768, "X25519MLKEM768"),       \
      SM_OSSL_PQ_ROW("ml-dsa-44", SM_KIND_SIGNATURE, ml_dsa_44, "ML-DSA"),                         \
      SM_OSSL_PQ_ROW("ml-dsa-65", SM_KIND_SIGNATURE, ml_dsa_65, "ML-DSA"),                         \
      SM_OSSL_PQ_ROW("ml-dsa-87", SM_KIND_SIGNATURE, ml_dsa_87, "ML-DSA"),                         \
      SM_OSSL_PQ_ROW("slh-dsa-sha2-128s", SM_KIND_SIGNATURE, slh_dsa_sha2_128s, "SLH-DSA"),        \
      SM_OSSL_PQ_ROW("slh-dsa-sha2-128f", SM_KIND_SIGNATURE, slh_dsa_sha2_128f, "SLH-DSA"),        \
      SM_OSSL_PQ_ROW("slh-dsa-shake-128f", SM_KIND_SIGNATURE, slh_dsa_shake_128f, "SLH-DSA")

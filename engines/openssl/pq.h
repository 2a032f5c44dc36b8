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

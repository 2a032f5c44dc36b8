/* For engines whose library imports an EC private key only with its public point and exports
 * no point multiplication (GnuTLS 3.7, NSS 3.87): the point computed with Nettle, which both
 * already link (hogweed, gmp); and the input of their keygen, which imports such a key per call.
 * Not part of the SDK: engine.h stays the only header an engine needs. */
#ifndef SPEEDMATRIX_NETTLE_EC_PUBLIC_H
#define SPEEDMATRIX_NETTLE_EC_PUBLIC_H

#include "engine-util.h"

#include <nettle/bignum.h>
#include <nettle/ecc-curve.h>
#include <nettle/ecc.h>

/* d*G on `curve` as 0x04 || x || y (each `width` bytes) into out; its length, or 0 when the
 * scalar is out of range. */
static inline size_t sm_nettle_ec_public(const struct ecc_curve *curve, size_t width, SmBytes priv,
                                         uint8_t *out)
{
  struct ecc_scalar scalar;
  struct ecc_point point;
  mpz_t z, x, y;
  mpz_inits(z, x, y, NULL);
  ecc_scalar_init(&scalar, curve);
  ecc_point_init(&point, curve);
  nettle_mpz_set_str_256_u(z, priv.len, priv.data);
  size_t len = 0;
  if (ecc_scalar_set(&scalar, z)) {
    ecc_point_mul_g(&point, &scalar);
    ecc_point_get(&point, x, y);
    out[0] = 0x04;
    nettle_mpz_get_str_256(width, out + 1, x);
    nettle_mpz_get_str_256(width, out + 1 + width, y);
    len = 1 + 2 * width;
  }
  ecc_point_clear(&point);
  ecc_scalar_clear(&scalar);
  mpz_clears(z, x, y, NULL);
  return len;
}

/* keygen's input (ABI 1.3), read in setup: RSA's modulus length (the library draws the key), or
 * for the others the private key, key_seed, of `width` bytes (at most 66: P-521's scalar). */
typedef struct {
  uint8_t seed[66];
  size_t seed_len;
  unsigned rsa_bits;
} SmKeygenInput;

static inline SmResult sm_keygen_input(SmKeygenInput *kg, bool rsa, size_t width,
                                       const SmParams *params, char *msg, size_t msg_len)
{
  if (rsa) {
    kg->rsa_bits = (unsigned)(8 * params->rsa.n.len);
    return kg->rsa_bits > 0 ? SM_OK
                            : sm_msg(SM_FAILED, msg, msg_len, "keygen needs the modulus length");
  }
  kg->seed_len = sm_copy_key_seed(params, width, kg->seed, sizeof kg->seed);
  return kg->seed_len > 0
             ? SM_OK
             : sm_msg(SM_FAILED, msg, msg_len, "keygen's seed is %zu bytes, expected %zu",
                      params->key_seed.len, width);
}

#endif /* SPEEDMATRIX_NETTLE_EC_PUBLIC_H */

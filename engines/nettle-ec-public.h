/* For engines whose library imports an EC private key only with its public point and exports
 * no point multiplication (GnuTLS 3.7, NSS 3.87): the point computed with Nettle, which both
 * already link (hogweed, gmp). Not part of the SDK: engine.h stays the only header an engine
 * needs. */
#ifndef SPEEDMATRIX_NETTLE_EC_PUBLIC_H
#define SPEEDMATRIX_NETTLE_EC_PUBLIC_H

#include "engine.h"

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

#endif /* SPEEDMATRIX_NETTLE_EC_PUBLIC_H */

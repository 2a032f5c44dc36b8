/* OpenSSL engine: big numbers and EC points from the runner's raw key bytes,
 * shared by the EVP and the non-EVP signature code. */

#include "openssl-engine.h"

BIGNUM *bn_from(SmBytes bytes) { return BN_bin2bn(bytes.data, (int)bytes.len, NULL); }

#ifndef OPENSSL_NO_EC
/* A point from its 04||x||y encoding, or else the public point d*G of the scalar `priv`. */
EC_POINT *ec_point_from(const EC_GROUP *group, SmBytes pub, SmBytes priv)
{
  EC_POINT *point = EC_POINT_new(group);
  if (point == NULL)
    return NULL;
  bool ok;
  if (pub.len > 0) {
    ok = EC_POINT_oct2point(group, point, pub.data, pub.len, NULL) == 1;
  } else {
    BIGNUM *d = bn_from(priv);
    ok = priv.len > 0 && d != NULL && EC_POINT_mul(group, point, d, NULL, NULL, NULL) == 1;
    BN_clear_free(d);
  }
  if (!ok) {
    EC_POINT_free(point);
    return NULL;
  }
  return point;
}
#endif

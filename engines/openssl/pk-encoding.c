/* OpenSSL engine: big numbers, r||s <-> DER and EC points from the runner's raw key bytes,
 * shared by the EVP and the non-EVP signature code. */

#include "openssl-engine.h"

BIGNUM *bn_from(SmBytes bytes) { return BN_bin2bn(bytes.data, (int)bytes.len, NULL); }

/* Length of a big-endian value once its leading zero bytes are dropped. */
size_t significant_len(SmBytes bytes)
{
  size_t skip = 0;
  while (skip < bytes.len && bytes.data[skip] == 0)
    skip++;
  return bytes.len - skip;
}

/* ECDSA/DSA: OpenSSL speaks DER SEQUENCE{INTEGER r, INTEGER s}; the runner speaks r||s fixed
 * width. Converted by hand so that the hot path does not allocate an ECDSA_SIG. */

static size_t der_length_size(size_t len) { return len < 0x80 ? 1 : len < 0x100 ? 2 : 3; }

static size_t der_put_length(uint8_t *out, size_t len)
{
  if (len < 0x80) {
    out[0] = (uint8_t)len;
    return 1;
  }
  if (len < 0x100) {
    out[0] = 0x81;
    out[1] = (uint8_t)len;
    return 2;
  }
  out[0] = 0x82;
  out[1] = (uint8_t)(len >> 8);
  out[2] = (uint8_t)len;
  return 3;
}

/* Minimal INTEGER content of an unsigned big-endian value: its size and where it starts. */
static size_t der_integer_body(const uint8_t *value, size_t width, const uint8_t **start, bool *pad)
{
  while (width > 1 && value[0] == 0) {
    value++;
    width--;
  }
  *start = value;
  *pad = (value[0] & 0x80) != 0;
  return width + (*pad ? 1 : 0);
}

static size_t der_put_integer(uint8_t *out, const uint8_t *value, size_t width)
{
  const uint8_t *start;
  bool pad;
  size_t body = der_integer_body(value, width, &start, &pad);
  size_t n = 0;
  out[n++] = 0x02;
  n += der_put_length(out + n, body);
  if (pad)
    out[n++] = 0x00;
  memcpy(out + n, start, body - (pad ? 1 : 0));
  return n + body - (pad ? 1 : 0);
}

static size_t der_integer_size(const uint8_t *value, size_t width)
{
  const uint8_t *start;
  bool pad;
  size_t body = der_integer_body(value, width, &start, &pad);
  return 1 + der_length_size(body) + body;
}

/* r||s (each `width` bytes) -> DER into `der` (room for 2 * (width + 4) + 4 bytes). */
size_t rs_to_der(const uint8_t *rs, size_t width, uint8_t *der)
{
  size_t body = der_integer_size(rs, width) + der_integer_size(rs + width, width);
  size_t n = 0;
  der[n++] = 0x30;
  n += der_put_length(der + n, body);
  n += der_put_integer(der + n, rs, width);
  n += der_put_integer(der + n, rs + width, width);
  return n;
}

static bool der_get_length(const uint8_t **p, const uint8_t *end, size_t *len)
{
  if (*p >= end)
    return false;
  uint8_t first = *(*p)++;
  if (first < 0x80) {
    *len = first;
    return true;
  }
  size_t count = first & 0x7f;
  if (count == 0 || count > 2 || (size_t)(end - *p) < count)
    return false;
  *len = 0;
  while (count-- > 0)
    *len = (*len << 8) | *(*p)++;
  return true;
}

static bool der_get_integer(const uint8_t **p, const uint8_t *end, uint8_t *out, size_t width)
{
  size_t len;
  if (*p >= end || *(*p)++ != 0x02 || !der_get_length(p, end, &len) || len == 0 ||
      len > (size_t)(end - *p))
    return false;
  const uint8_t *value = *p;
  *p += len;
  while (len > 0 && value[0] == 0) {
    value++;
    len--;
  }
  if (len > width)
    return false;
  memset(out, 0, width - len);
  memcpy(out + width - len, value, len);
  return true;
}

bool der_to_rs(const uint8_t *der, size_t der_len, size_t width, uint8_t *rs)
{
  const uint8_t *p = der, *end = der + der_len;
  size_t len;
  if (der_len < 2 || *p++ != 0x30 || !der_get_length(&p, end, &len) || len != (size_t)(end - p))
    return false;
  return der_get_integer(&p, end, rs, width) && der_get_integer(&p, end, rs + width, width) &&
         p == end;
}

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

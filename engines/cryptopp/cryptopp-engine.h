/* The Crypto++ engine's internal header: what its family files share (exceptions at the
 * boundary, the sink a pipeline writes through), and the rows each family file defines for the
 * table in engine.cc. Not installed. */
#ifndef SPEEDMATRIX_CRYPTOPP_ENGINE_H
#define SPEEDMATRIX_CRYPTOPP_ENGINE_H

/* MD4, MD5 and ARC4 live in CryptoPP::Weak, which is only declared on request. */
#define CRYPTOPP_ENABLE_NAMESPACE_WEAK 1

#include "engine-util-cxx.h"

#include <cryptopp/cryptlib.h>
#include <cryptopp/filters.h>

#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace sm_cryptopp
{

namespace C = CryptoPP;

/* ------------------------------------------------------------------------------------------ */
/* Exceptions at the boundary                                                                  */

/* What Crypto++ does not implement is SM_UNSUPPORTED. */
inline SmResult status_of(const std::exception &e) noexcept
{
  return dynamic_cast<const C::NotImplemented *>(&e) != nullptr ? SM_UNSUPPORTED : SM_FAILED;
}

/* For sm_cxx::guarded_setup and setup_state. */
constexpr sm_cxx::Library cryptopp{"Crypto++", status_of};

/* engine-util-cxx.h's helpers for the C++ engines, unqualified (its head lists them). */
using namespace sm_cxx;

/* The end of a pipeline: writes into the caller's buffer, set before each call. */
class OutSink final : public C::Bufferless<C::Sink>
{
public:
  void aim(uint8_t *out, size_t cap)
  {
    m_out = out;
    m_cap = cap;
    m_len = 0;
    m_overflow = false;
  }
  size_t Put2(const C::byte *in, size_t len, int, bool) override
  {
    if (len > m_cap - m_len) {
      m_overflow = true;
      return 0;
    }
    if (len > 0)
      std::memcpy(m_out + m_len, in, len);
    m_len += len;
    return 0;
  }
  /* Bytes written, or SIZE_MAX when the caller's buffer was too small. */
  size_t written() const { return m_overflow ? SIZE_MAX : m_len; }

private:
  uint8_t *m_out = nullptr;
  size_t m_cap = 0, m_len = 0;
  bool m_overflow = false;
};

/* ------------------------------------------------------------------------------------------ */
/* The table: each family file's rows (engine.cc puts them together, in this order)           */

extern const SmAlgorithm cipher_rows[]; /* cipher.cc: ciphers, AEADs */
extern const SmAlgorithm hash_rows[];   /* hash.cc: digests, MACs */
extern const SmAlgorithm pk_rows[];     /* pk.cc: signatures, key exchange */

} // namespace sm_cryptopp

#endif

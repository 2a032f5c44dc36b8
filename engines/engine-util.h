/* Small helpers an engine may use, each written once: messages, copies of runner-owned bytes,
 * and the seeded generator's key. Optional: engine.h stays the only header an engine needs;
 * this one saves writing these again, and ships with the SDK for engines built out of tree.
 * Everything here is static inline, so an engine that includes it links nothing new. */
#ifndef SPEEDMATRIX_ENGINE_UTIL_H
#define SPEEDMATRIX_ENGINE_UTIL_H

#include "engine.h"

#include <stdlib.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The one message for a failed allocation. */
static inline SmResult sm_out_of_memory(char *msg, size_t msg_len)
{
  return sm_msg(SM_FAILED, msg, msg_len, "out of memory");
}

/* A private copy of runner-owned bytes that outlives the runner's buffer (free() it). Never NULL
 * on success, even for empty input (one zero byte is allocated). */
static inline uint8_t *sm_copy_bytes(SmBytes bytes)
{
  uint8_t *copy = (uint8_t *)calloc(1, bytes.len + 1);
  if (copy != NULL && bytes.len > 0)
    memcpy(copy, bytes.data, bytes.len);
  return copy;
}

/* A pointer a library may read even when the bytes are empty (some reject NULL). */
static inline const uint8_t *sm_bytes_or_empty(SmBytes bytes)
{
  static const uint8_t empty[1] = {0};
  return bytes.data != NULL ? bytes.data : empty;
}

/* Key material for an engine's deterministic generator (a stream cipher keyed by the run's
 * seed): `label` (at most 24 bytes, zero-padded) then the seed's 8 bytes little-endian. A label
 * per engine keeps two engines' streams apart; NULL or "" puts the seed first, zero-padded.
 * The stream itself is the library's own (ChaCha20 in most), so that an engine depends on no
 * code of ours for its randomness. */
static inline void sm_seed_key(uint64_t seed, const char *label, uint8_t key[32])
{
  memset(key, 0, 32);
  size_t at = 0;
  if (label != NULL && label[0] != '\0') {
    size_t n = strlen(label);
    memcpy(key, label, n < 24 ? n : 24);
    at = 24;
  }
  for (int i = 0; i < 8; i++)
    key[at + (size_t)i] = (uint8_t)(seed >> (8 * i));
}

/* Big- and little-endian loads and stores, for engines whose library wants words. */
static inline uint32_t sm_load_le32(const uint8_t *p)
{
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline uint32_t sm_load_be32(const uint8_t *p)
{
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

static inline void sm_store_be32(uint8_t *p, uint32_t v)
{
  p[0] = (uint8_t)(v >> 24);
  p[1] = (uint8_t)(v >> 16);
  p[2] = (uint8_t)(v >> 8);
  p[3] = (uint8_t)v;
}

#ifdef __cplusplus
}

/* C++ engines (Botan, Crypto++): the seeded generator's key as a value, for the constructor of
 * the library's own keystream RNG (Botan's ChaCha20, Crypto++'s OFB AES), so that both key
 * it as sm_seed_key does and neither writes the loop again. */
struct SmSeedKey {
  uint8_t bytes[32];
  explicit SmSeedKey(uint64_t seed, const char *label = nullptr)
  {
    sm_seed_key(seed, label, bytes);
  }
  ~SmSeedKey() { memset(bytes, 0, sizeof bytes); }
  SmSeedKey(const SmSeedKey &) = delete;
  SmSeedKey &operator=(const SmSeedKey &) = delete;
};
#endif

#endif /* SPEEDMATRIX_ENGINE_UTIL_H */

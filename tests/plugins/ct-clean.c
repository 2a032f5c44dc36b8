/* Test-only engine that is constant time: its key schedule and stream are arithmetic on the key
 * with no branch or address that depends on it. `speedmatrix ct` must call it clean. */
#include "ct-toy.h"

__attribute__((noinline)) static void clean_key_schedule(ToyState *s, const uint8_t key[16])
{
  for (unsigned i = 0; i < 16; i++)
    s->round_key[i] = (uint8_t)(key[i] ^ 0x36u ^ i);
}

__attribute__((noinline)) static uint8_t clean_stream_byte(const ToyState *s, size_t position)
{
  uint8_t k = s->round_key[position % 16];
  uint8_t b = (uint8_t)(k ^ position);
  for (unsigned j = 0; j < 24; j++)
    b = (uint8_t)((uint8_t)(b << 1 | b >> 7) + k);
  return b;
}

static void toy_key_schedule(ToyState *s, const uint8_t key[16]) { clean_key_schedule(s, key); }
static uint8_t toy_stream_byte(const ToyState *s, size_t position)
{
  return clean_stream_byte(s, position);
}

TOY_ENGINE("ct-clean", "a constant-time toy cipher")

/* Test-only engine that is not constant time, in both ways memcheck tells apart: its key
 * schedule and its stream look a table up at key-derived indexes, and its stream runs a loop as
 * many times as the low bits of a key byte say (a key-dependent branch, and a time that depends
 * on the key: what the statistical check must see). `speedmatrix ct` must call it
 * secret-dependent and name leaky_key_schedule and leaky_stream_byte. */
#include "ct-toy.h"

/* Any permutation; entry 0 has its low three bits clear so that the all-zero key of the
 * statistical check's fixed class runs no extra loop. */
static uint8_t table_entry(unsigned i) { return (uint8_t)((i * 167u + 8u) & 0xff); }

static uint8_t leaky_table[256];

__attribute__((noinline)) static void leaky_key_schedule(ToyState *s, const uint8_t key[16])
{
  for (unsigned i = 0; i < 256; i++)
    leaky_table[i] = table_entry(i);
  /* Memcheck calls a value loaded at a secret index defined: the key mixed in keeps it secret. */
  for (unsigned i = 0; i < 16; i++)
    s->round_key[i] = (uint8_t)(key[i] ^ leaky_table[key[i]]);
}

__attribute__((noinline)) static uint8_t leaky_stream_byte(const ToyState *s, size_t position)
{
  uint8_t k = s->round_key[position % 16];
  uint8_t b = leaky_table[(uint8_t)(k ^ position)];
  for (unsigned j = 0; j < (k & 7u) * 8u; j++)
    b = (uint8_t)(b * 3u + 1u);
  return b;
}

static void toy_key_schedule(ToyState *s, const uint8_t key[16]) { leaky_key_schedule(s, key); }
static uint8_t toy_stream_byte(const ToyState *s, size_t position)
{
  return leaky_stream_byte(s, position);
}

TOY_ENGINE("ct-leaky", "a leaky toy cipher")

/* The engines' shared helpers whose outcome depends on the processor: the byte order of the
 * 32-bit loads and stores and of the seeded generator's key, and the alignment of a state that
 * SM_DEFINE_SETUP allocates. Written so that a helper that leans on the host's byte order or on
 * malloc's alignment fails here on x86-64 too, not only on s390x. */
#include "engine-util.h"

#include <glib.h>
#include <stdalign.h>
#include <stdint.h>
#include <string.h>

static void test_loads_and_stores(void)
{
  const uint8_t bytes[4] = {0x01, 0x02, 0x03, 0x04};
  g_assert_cmphex(sm_load_le32(bytes), ==, 0x04030201u);
  g_assert_cmphex(sm_load_be32(bytes), ==, 0x01020304u);

  uint8_t out[4] = {0};
  sm_store_le32(out, 0xa1b2c3d4u);
  const uint8_t le[4] = {0xd4, 0xc3, 0xb2, 0xa1};
  g_assert_cmpmem(out, sizeof out, le, sizeof le);
  sm_store_be32(out, 0xa1b2c3d4u);
  const uint8_t be[4] = {0xa1, 0xb2, 0xc3, 0xd4};
  g_assert_cmpmem(out, sizeof out, be, sizeof be);

  /* A ChaCha20 block counter carried past a byte, as the engines advance it. */
  uint8_t counter[4] = {0xff, 0x00, 0x00, 0x00};
  sm_store_le32(counter, sm_load_le32(counter) + 1);
  const uint8_t carried[4] = {0x00, 0x01, 0x00, 0x00};
  g_assert_cmpmem(counter, sizeof counter, carried, sizeof carried);
}

/* The seed's 8 bytes little-endian after the label, whatever the host's order. */
static void test_seed_key(void)
{
  uint8_t key[32];
  sm_seed_key(UINT64_C(0x0102030405060708), "toy", key);
  const uint8_t label[4] = {'t', 'o', 'y', 0};
  g_assert_cmpmem(key, 4, label, sizeof label);
  const uint8_t seed[8] = {0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01};
  g_assert_cmpmem(key + 24, 8, seed, sizeof seed);

  sm_seed_key(UINT64_C(0x0102030405060708), NULL, key);
  g_assert_cmpmem(key, 8, seed, sizeof seed);
  for (size_t i = 8; i < sizeof key; i++)
    g_assert_cmpuint(key[i], ==, 0);
}

/* A state more aligned than malloc promises (libsodium's ask 16, past s390x's max_align_t). */
typedef struct {
  alignas(64) uint8_t block[64];
  uint32_t filled;
} WideState;

static SmResult wide_fill(void *state, const SmParams *params, char *msg, size_t msg_len)
{
  (void)params;
  (void)msg;
  (void)msg_len;
  WideState *s = state;
  for (size_t i = 0; i < sizeof s->block; i++)
    g_assert_cmpuint(s->block[i], ==, 0);
  g_assert_cmpuint(s->filled, ==, 0);
  s->filled = 1;
  return SM_OK;
}

SM_DEFINE_SETUP(wide_setup, WideState, wide_fill, free)

static void test_state_alignment(void)
{
  const SmParams params = {0};
  /* Several at once: one lucky address proves nothing (malloc gives 16 on x86-64). */
  void *states[16] = {NULL};
  for (size_t i = 0; i < G_N_ELEMENTS(states); i++) {
    char msg[128] = "";
    g_assert_cmpint(wide_setup(&params, &states[i], msg, sizeof msg), ==, SM_OK);
    g_assert_nonnull(states[i]);
    g_assert_cmpuint((uintptr_t)states[i] % alignof(WideState), ==, 0);
    g_assert_cmpuint(((WideState *)states[i])->filled, ==, 1);
  }
  for (size_t i = 0; i < G_N_ELEMENTS(states); i++)
    free(states[i]);

  /* Sizes that are not a multiple of the alignment, and an ordinary one. */
  for (size_t size = 1; size < 200; size += 37) {
    uint8_t *p = sm_zalloc_aligned(size, 32);
    g_assert_nonnull(p);
    g_assert_cmpuint((uintptr_t)p % 32, ==, 0);
    for (size_t i = 0; i < size; i++)
      g_assert_cmpuint(p[i], ==, 0);
    free(p);
  }
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/engine-util/loads-and-stores", test_loads_and_stores);
  g_test_add_func("/engine-util/seed-key", test_seed_key);
  g_test_add_func("/engine-util/state-alignment", test_state_alignment);
  return g_test_run();
}

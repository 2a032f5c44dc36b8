/* What the two test-only engines of the constant-time check share: a toy stream cipher offered
 * as "aes-128-ctr" (it is not AES: ct checks no known answers), its state and its descriptor
 * around the engine's own key schedule and block function. Never installed. */
#pragma once

#include "engine.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
  uint8_t round_key[16];
  uint8_t iv[16];
  size_t offset; /* bytes of the stream used so far: the counter */
} ToyState;

/* Each engine defines these two: the key schedule and one byte of key stream. */
static void toy_key_schedule(ToyState *s, const uint8_t key[16]);
static uint8_t toy_stream_byte(const ToyState *s, size_t position);

static SmResult toy_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  if (params->key.len != 16 || params->iv.len != 16)
    return sm_msg(SM_FAILED, msg, msg_len, "a 16-byte key and IV");
  ToyState *s = calloc(1, sizeof *s);
  if (s == NULL)
    return sm_msg(SM_FAILED, msg, msg_len, "out of memory");
  toy_key_schedule(s, params->key.data);
  memcpy(s->iv, params->iv.data, 16);
  *state = s;
  return SM_OK;
}

static SmResult toy_crypt(void *state, SmIo *io)
{
  ToyState *s = state;
  for (size_t i = 0; i < io->in_len; i++)
    io->out[i] = (uint8_t)(io->in[i] ^ toy_stream_byte(s, s->offset + i) ^ s->iv[i % 16]);
  s->offset += io->in_len;
  io->out_len = io->in_len;
  return SM_OK;
}

static void toy_teardown(void *state) { free(state); }

static const SmImpl toy_impl = {
    .setup = toy_setup,
    .op = {[SM_OP_ENCRYPT] = toy_crypt, [SM_OP_DECRYPT] = toy_crypt},
    .teardown = toy_teardown,
};

static const SmAlgorithm toy_algorithms[] = {
    {.name = "aes-128-ctr",
     .kind = SM_KIND_CIPHER,
     .impl = {[SM_API_EVP] = &toy_impl},
     .why_not = {[SM_API_LOW] = "a test engine has one level"}},
    {.name = NULL},
};

static const char *toy_version(void) { return "1.0-test"; }

static SmResult toy_init(const SmEngineConfig *config, char *msg, size_t msg_len)
{
  (void)config, (void)msg, (void)msg_len;
  return SM_OK;
}

#define TOY_ENGINE(NAME, LIBRARY)                                                                  \
  static const SmEngine toy_engine = {                                                             \
      .abi_major = SM_ABI_MAJOR,                                                                   \
      .abi_minor = SM_ABI_MINOR,                                                                   \
      .size = sizeof(SmEngine),                                                                    \
      .name = NAME,                                                                                \
      .library = LIBRARY,                                                                          \
      .library_version = toy_version,                                                              \
      .init = toy_init,                                                                            \
      .api_meaning = {"the toy cipher", "none"},                                                   \
      .algorithms = toy_algorithms,                                                                \
  };                                                                                               \
  SM_ENGINE_EXPORT const SmEngine *speedmatrix_engine(void) { return &toy_engine; }

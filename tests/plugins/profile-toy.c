/* The test-only engine of the profile tests (tests/test-profile.c): SHA-256 from GLib's
 * GChecksum, right at both levels (profile verifies before it counts), and at the evp level a
 * call per operation to toy_slow_function, a fixed loop that takes most of the operation's
 * instructions, so the profile has to name it. Never installed. */
#include "engine.h"

#include <glib.h>
#include <stdbool.h>
#include <stdlib.h>

/* Iterations of the slow loop: some 80,000 instructions beside SHA-256's few thousand. */
#define TOY_SLOW_ITERATIONS 20000u

static __attribute__((noinline)) unsigned toy_slow_function(unsigned iterations)
{
  volatile unsigned sum = 0;
  for (unsigned i = 0; i < iterations; i++)
    sum += i;
  return sum;
}

typedef struct {
  bool slow;
} ToyRow;

static const ToyRow slow_row = {true};
static const ToyRow plain_row = {false};

static SmResult toy_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const ToyRow **s = malloc(sizeof *s);
  if (s == NULL)
    return sm_msg(SM_FAILED, msg, msg_len, "out of memory");
  *s = params->impl_data;
  *state = s;
  return SM_OK;
}

static SmResult toy_hash(void *state, SmIo *io)
{
  const ToyRow *row = *(const ToyRow **)state;
  if (row->slow)
    toy_slow_function(TOY_SLOW_ITERATIONS);
  gsize len = io->out_len;
  GChecksum *checksum = g_checksum_new(G_CHECKSUM_SHA256);
  g_checksum_update(checksum, io->in, (gssize)io->in_len);
  g_checksum_get_digest(checksum, io->out, &len);
  g_checksum_free(checksum);
  io->out_len = len;
  return SM_OK;
}

static void toy_teardown(void *state) { free(state); }

static const SmImpl sha256_evp = {.setup = toy_setup,
                                  .op = {[SM_OP_HASH] = toy_hash},
                                  .teardown = toy_teardown,
                                  .data = &slow_row};
static const SmImpl sha256_low = {.setup = toy_setup,
                                  .op = {[SM_OP_HASH] = toy_hash},
                                  .teardown = toy_teardown,
                                  .data = &plain_row};

static const SmAlgorithm toy_algorithms[] = {
    {.name = "sha256",
     .kind = SM_KIND_DIGEST,
     .impl = {[SM_API_EVP] = &sha256_evp, [SM_API_LOW] = &sha256_low}},
    {.name = NULL},
};

static const char *toy_version(void) { return "1.0-test"; }

static SmResult toy_init(const SmEngineConfig *config, char *msg, size_t msg_len)
{
  (void)config, (void)msg, (void)msg_len;
  return SM_OK;
}

static const SmEngine toy_engine = {
    .abi_major = SM_ABI_MAJOR,
    .abi_minor = SM_ABI_MINOR,
    .size = sizeof(SmEngine),
    .name = "profile-toy",
    .library = "ProfileToy",
    .library_version = toy_version,
    .init = toy_init,
    .api_meaning = {"SHA-256 and a slow loop per call", "SHA-256 alone"},
    .algorithms = toy_algorithms,
};

SM_ENGINE_EXPORT const SmEngine *speedmatrix_engine(void) { return &toy_engine; }

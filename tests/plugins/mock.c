/* Test-only engine: one honest algorithm, one that skips its work, one that crashes, one that
 * hangs, one that allocates MOCK_ALLOCS_PER_OP blocks per operation, a MAC for setup rows, and
 * bad-plugin variants (one whose sha256 writes a byte past its output) selected at build time
 * (-DMOCK_VARIANT=...). Never installed. */
#include "engine.h"

#include <glib.h>
#include <stdbool.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#ifndef MOCK_VARIANT
#define MOCK_VARIANT 0
#endif
#define VARIANT_GOOD 0
#define VARIANT_BAD_MAJOR 1
#define VARIANT_NEWER_MINOR 2
#define VARIANT_NULL_NAME 3
#define VARIANT_DUPLICATE_ALG 4
#define VARIANT_OLD_MINOR 5   /* says ABI 1.0: the loader must not read fields 1.1 appended */
#define VARIANT_OVERFLOW 6    /* sha256 writes one byte past the digest length it reports */
#define VARIANT_OLD_MINOR_1 7 /* says ABI 1.1: the loader must not read fields 1.2 appended */
#define VARIANT_OLD_MINOR_2 8 /* says ABI 1.2: the loader must not read SmImpl.op_1_3 (1.3) */

/* What the sha384 row allocates (and frees) in every operation: tests assert the count. */
#define MOCK_ALLOCS_PER_OP 3

typedef struct {
  GChecksum *checksum;
} DigestState;

/* What the good mock hands its sha256 setup through SmImpl.data (ABI 1.1). */
static const char sha256_row[] = "sha256-row";

static SmResult sha256_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
#if MOCK_VARIANT == VARIANT_OLD_MINOR
  if (params->impl_data != NULL)
    return sm_msg(SM_FAILED, msg, msg_len, "an ABI 1.0 engine was handed impl_data");
#else
  if (params->impl_data != sha256_row)
    return sm_msg(SM_FAILED, msg, msg_len, "setup did not get its row's data");
#endif
  DigestState *s = g_new0(DigestState, 1);
  s->checksum = g_checksum_new(G_CHECKSUM_SHA256);
  *state = s;
  return SM_OK;
}

/* sha384 allocates exactly MOCK_ALLOCS_PER_OP blocks of 100 bytes per operation and nothing
 * else: GChecksum allocates on every digest (its hex string), so the state keeps the last
 * input and its digest, and hashes again only for a new input (the timed loop repeats one). */
typedef struct {
  GChecksum *checksum;
  uint8_t *last_in;
  size_t last_len, capacity;
  bool have_last;
  uint8_t digest[48];
} CountingState;

static SmResult sha384_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  (void)msg;
  (void)msg_len;
  CountingState *s = g_new0(CountingState, 1);
  s->checksum = g_checksum_new(G_CHECKSUM_SHA384);
  s->capacity = params->max_len;
  s->last_in = g_malloc(s->capacity + 1);
  *state = s;
  return SM_OK;
}

static SmResult sha384_hash(void *state, SmIo *io)
{
  CountingState *s = state;
  for (int i = 0; i < MOCK_ALLOCS_PER_OP; i++) {
    void *block = g_malloc(100);
    memset(block, i, 100);
    g_free(block);
  }
  if (io->out_len < sizeof s->digest)
    return SM_FAILED;
  if (!s->have_last || s->last_len != io->in_len || memcmp(s->last_in, io->in, io->in_len) != 0) {
    g_checksum_reset(s->checksum);
    g_checksum_update(s->checksum, io->in, (gssize)io->in_len);
    gsize len = sizeof s->digest;
    g_checksum_get_digest(s->checksum, s->digest, &len);
    s->have_last = io->in_len <= s->capacity;
    if (s->have_last) {
      memcpy(s->last_in, io->in, io->in_len);
      s->last_len = io->in_len;
    }
  }
  memcpy(io->out, s->digest, sizeof s->digest);
  io->out_len = sizeof s->digest;
  return SM_OK;
}

static void sha384_teardown(void *state)
{
  CountingState *s = state;
  g_checksum_free(s->checksum);
  g_free(s->last_in);
  g_free(s);
}

static const char *mock_impl_name(const SmParams *params, void *state)
{
  (void)params;
  (void)state;
  return "mock-impl";
}

/* hmac-sha256 through GHmac: the keyed template is what setup makes (a setup row measures
 * it); each operation copies it. */
typedef struct {
  GHmac *keyed;
} HmacState;

static SmResult hmac_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  (void)msg;
  (void)msg_len;
  HmacState *s = g_new0(HmacState, 1);
  s->keyed = g_hmac_new(G_CHECKSUM_SHA256, params->key.data, params->key.len);
  *state = s;
  return SM_OK;
}

static SmResult hmac_mac(void *state, SmIo *io)
{
  HmacState *s = state;
  GHmac *hmac = g_hmac_copy(s->keyed);
  g_hmac_update(hmac, io->in, (gssize)io->in_len);
  gsize len = io->out_len;
  g_hmac_get_digest(hmac, io->out, &len);
  g_hmac_unref(hmac);
  io->out_len = len;
  return SM_OK;
}

static void hmac_teardown(void *state)
{
  HmacState *s = state;
  g_hmac_unref(s->keyed);
  g_free(s);
}

static SmResult sha256_hash(void *state, SmIo *io)
{
  DigestState *s = state;
  g_checksum_reset(s->checksum);
  g_checksum_update(s->checksum, io->in, (gssize)io->in_len);
  gsize len = io->out_len;
  g_checksum_get_digest(s->checksum, io->out, &len);
  io->out_len = len;
#if MOCK_VARIANT == VARIANT_OVERFLOW
  io->out[len] = 0; /* one byte too many: the right digest, and a stray write after it */
#endif
  return SM_OK;
}

static void digest_teardown(void *state)
{
  DigestState *s = state;
  g_checksum_free(s->checksum);
  g_free(s);
}

/* Returns at once without hashing: a benchmark must not report this as fast. */
static SmResult idle_hash(void *state, SmIo *io)
{
  (void)state;
  memset(io->out, 0, 20);
  io->out_len = 20;
  return SM_OK;
}

/* Fault injection: a library that crashes, and one that never returns. */
static SmResult crashing_hash(void *state, SmIo *io)
{
  (void)state;
  (void)io;
  raise(SIGSEGV);
  return SM_FAILED;
}

static SmResult hanging_hash(void *state, SmIo *io)
{
  (void)state;
  (void)io;
  for (;;)
    pause();
  return SM_FAILED;
}

static const SmImpl crashing_impl = {
    .setup = sha256_setup,
    .data = sha256_row,
    .op = {[SM_OP_HASH] = crashing_hash},
    .teardown = digest_teardown,
};

static const SmImpl hanging_impl = {
    .setup = sha256_setup,
    .data = sha256_row,
    .op = {[SM_OP_HASH] = hanging_hash},
    .teardown = digest_teardown,
};

static const SmImpl sha256_impl = {
    .setup = sha256_setup,
    .data = sha256_row,
    .op = {[SM_OP_HASH] = sha256_hash},
    .teardown = digest_teardown,
    .impl_name = mock_impl_name,
#if MOCK_VARIANT == VARIANT_OLD_MINOR_2
    /* Past the end of a 1.2 SmImpl: a loader that read it would refuse a digest with keygen. */
    .op_1_3 = {[SM_OP_KEYGEN - SM_OP_SLOTS_1_0] = sha256_hash},
#endif
};

static const SmImpl sha384_impl = {
    .setup = sha384_setup,
    .op = {[SM_OP_HASH] = sha384_hash},
    .teardown = sha384_teardown,
};

static const SmImpl hmac_impl = {
    .setup = hmac_setup,
    .op = {[SM_OP_MAC] = hmac_mac},
    .teardown = hmac_teardown,
    .impl_name = mock_impl_name,
};

static const SmImpl idle_impl = {
    .setup = sha256_setup,
    .data = sha256_row,
    .op = {[SM_OP_HASH] = idle_hash},
    .teardown = digest_teardown,
};

static const SmAlgorithm algorithms[] = {
    {.name = "sha256",
     .kind = SM_KIND_DIGEST,
     .impl = {[SM_API_EVP] = &sha256_impl},
     .why_not = {[SM_API_LOW] = "the mock engine has no low level"}},
    {.name = "sha1", .kind = SM_KIND_DIGEST, .impl = {[SM_API_EVP] = &idle_impl}},
    {.name = "md5", .kind = SM_KIND_DIGEST, .impl = {[SM_API_EVP] = &crashing_impl}},
    {.name = "sha512", .kind = SM_KIND_DIGEST, .impl = {[SM_API_EVP] = &hanging_impl}},
    {.name = "sha384", .kind = SM_KIND_DIGEST, .impl = {[SM_API_EVP] = &sha384_impl}},
    {.name = "hmac-sha256", .kind = SM_KIND_MAC, .impl = {[SM_API_EVP] = &hmac_impl}},
#if MOCK_VARIANT == VARIANT_DUPLICATE_ALG
    {.name = "sha256", .kind = SM_KIND_DIGEST, .impl = {[SM_API_EVP] = &sha256_impl}},
#endif
    {.name = NULL},
};

static const char *mock_version(void) { return "1.0-mock"; }

static SmResult mock_init(const SmEngineConfig *config, char *msg, size_t msg_len)
{
  if (config->accel == SM_ACCEL_OFF)
    return sm_msg(SM_UNSUPPORTED, msg, msg_len, "the mock engine has no acceleration switch");
  return SM_OK;
}

static const SmEngine engine = {
#if MOCK_VARIANT == VARIANT_BAD_MAJOR
    .abi_major = SM_ABI_MAJOR + 1,
#else
    .abi_major = SM_ABI_MAJOR,
#endif
#if MOCK_VARIANT == VARIANT_NEWER_MINOR
    .abi_minor = SM_ABI_MINOR + 1,
#elif MOCK_VARIANT == VARIANT_OLD_MINOR
    .abi_minor = 0,
#elif MOCK_VARIANT == VARIANT_OLD_MINOR_1
    .abi_minor = 1,
#elif MOCK_VARIANT == VARIANT_OLD_MINOR_2
    .abi_minor = 2,
#else
    .abi_minor = SM_ABI_MINOR,
#endif
    .size = sizeof(SmEngine),
#if MOCK_VARIANT == VARIANT_NULL_NAME
    .name = NULL,
#else
    .name = "mock",
#endif
    .library = "Mock",
    .library_version = mock_version,
    .init = mock_init,
    .api_meaning = {"GChecksum reused", "none"},
    .algorithms = algorithms,
};

SM_ENGINE_EXPORT const SmEngine *speedmatrix_engine(void) { return &engine; }

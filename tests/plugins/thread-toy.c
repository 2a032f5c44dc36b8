/* The test-only engine of the threads tests (tests/test-threads.c), SHA-256 and SHA-512 from
 * GLib's GChecksum at two levels that differ in how they share the process:
 *   sha256 evp  every call takes one process-wide mutex and counts the times it had to wait for
 *               it (SmImpl.lock_waits): two threads serialise on it.
 *   sha256 low  no lock at all; it counts waits too, and never has one to count.
 *   sha512 evp  a context set up while another one is alive computes a wrong digest, as a
 *               library whose contexts share scratch memory would: right alone, wrong in threads.
 * Built twice: thread-toy.so, and thread-toy-unsafe.so, which declares that its contexts cannot
 * run concurrently (SmEngine.threads_unsafe). Never installed. */
#include "engine.h"

#include <glib.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#ifdef THREAD_TOY_UNSAFE
#define TOY_NAME "thread-toy-unsafe"
#define TOY_UNSAFE "its contexts share one scratch buffer (a test engine)"
#else
#define TOY_NAME "thread-toy"
#define TOY_UNSAFE NULL
#endif

typedef struct {
  GChecksumType type;
  bool locked;
  bool corrupt; /* set up while another context was alive */
  uint64_t waits;
} ToyState;

static pthread_mutex_t process_lock = PTHREAD_MUTEX_INITIALIZER;
static atomic_int live_contexts;

typedef struct {
  GChecksumType type;
  bool locked;
  bool shares_scratch;
} ToyRow;

static const ToyRow sha256_locked = {G_CHECKSUM_SHA256, true, false};
static const ToyRow sha256_free = {G_CHECKSUM_SHA256, false, false};
static const ToyRow sha512_shared = {G_CHECKSUM_SHA512, false, true};

static SmResult toy_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  const ToyRow *row = params->impl_data;
  ToyState *s = calloc(1, sizeof *s);
  if (s == NULL)
    return sm_msg(SM_FAILED, msg, msg_len, "out of memory");
  s->type = row->type;
  s->locked = row->locked;
  s->corrupt = atomic_fetch_add(&live_contexts, 1) > 0 && row->shares_scratch;
  *state = s;
  return SM_OK;
}

static SmResult toy_hash(void *state, SmIo *io)
{
  ToyState *s = state;
  if (s->locked && pthread_mutex_trylock(&process_lock) != 0) {
    s->waits++;
    pthread_mutex_lock(&process_lock);
  }
  gsize len = io->out_len;
  GChecksum *checksum = g_checksum_new(s->type);
  g_checksum_update(checksum, io->in, (gssize)io->in_len);
  g_checksum_get_digest(checksum, io->out, &len);
  g_checksum_free(checksum);
  if (s->locked)
    pthread_mutex_unlock(&process_lock);
  io->out_len = len;
  if (s->corrupt && len > 0)
    io->out[0] ^= 1;
  return SM_OK;
}

static uint64_t toy_lock_waits(void *state) { return ((ToyState *)state)->waits; }

static void toy_teardown(void *state)
{
  atomic_fetch_sub(&live_contexts, 1);
  free(state);
}

#define TOY_IMPL(ROW)                                                                              \
  {                                                                                                \
    .setup = toy_setup, .op = {[SM_OP_HASH] = toy_hash}, .teardown = toy_teardown, .data = &ROW,   \
    .lock_waits = toy_lock_waits,                                                                  \
  }

static const SmImpl sha256_evp = TOY_IMPL(sha256_locked);
static const SmImpl sha256_low = TOY_IMPL(sha256_free);
static const SmImpl sha512_evp = TOY_IMPL(sha512_shared);

static const SmAlgorithm toy_algorithms[] = {
    {.name = "sha256",
     .kind = SM_KIND_DIGEST,
     .impl = {[SM_API_EVP] = &sha256_evp, [SM_API_LOW] = &sha256_low}},
    {.name = "sha512",
     .kind = SM_KIND_DIGEST,
     .impl = {[SM_API_EVP] = &sha512_evp},
     .why_not = {[SM_API_LOW] = "a test engine"}},
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
    .name = TOY_NAME,
    .library = "ThreadToy",
    .library_version = toy_version,
    .init = toy_init,
    .api_meaning = {"one process-wide lock per call", "no lock"},
    .algorithms = toy_algorithms,
    .threads_unsafe = TOY_UNSAFE,
};

SM_ENGINE_EXPORT const SmEngine *speedmatrix_engine(void) { return &toy_engine; }

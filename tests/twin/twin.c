/* The twin engine of the builds test: SHA-256 through libsmtwin, whose two builds share a
 * SONAME; its version is the build's. Copied by the test as twin.so (build a) and twin@b.so
 * (build b). Never installed. */
#include "engine.h"

#include <stdint.h>
#include <stdlib.h>

const char *smtwin_version(void);
void smtwin_sha256(const uint8_t *in, size_t len, uint8_t out[32]);

/* Not in the runner's table of engine libraries: the engine names its library itself. */
SM_ENGINE_EXPORT const char speedmatrix_engine_library[] = "libsmtwin.so";

static int state_token;

static SmResult twin_setup(const SmParams *params, void **state, char *msg, size_t msg_len)
{
  (void)params;
  (void)msg;
  (void)msg_len;
  *state = &state_token;
  return SM_OK;
}

static void twin_teardown(void *state) { (void)state; }

static SmResult twin_hash(void *state, SmIo *io)
{
  (void)state;
  if (io->out_len < 32)
    return SM_FAILED;
  smtwin_sha256(io->in, io->in_len, io->out);
  io->out_len = 32;
  return SM_OK;
}

static const SmImpl sha256_impl = {
    .setup = twin_setup, .op = {[SM_OP_HASH] = twin_hash}, .teardown = twin_teardown};

static const SmAlgorithm algorithms[] = {
    {.name = "sha256", .kind = SM_KIND_DIGEST, .impl = {[SM_API_EVP] = &sha256_impl}},
    {.name = NULL},
};

static SmResult twin_init(const SmEngineConfig *config, char *msg, size_t msg_len)
{
  (void)config;
  (void)msg;
  (void)msg_len;
  return SM_OK;
}

static const SmEngine engine = {
    .abi_major = SM_ABI_MAJOR,
    .abi_minor = SM_ABI_MINOR,
    .size = sizeof(SmEngine),
    .name = "twin",
    .library = "libsmtwin",
    .library_version = smtwin_version,
    .init = twin_init,
    .api_meaning = {[SM_API_EVP] = "smtwin_sha256"},
    .algorithms = algorithms,
};

SM_ENGINE_EXPORT const SmEngine *speedmatrix_engine(void) { return &engine; }

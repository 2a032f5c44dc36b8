/* mini: a whole speedmatrix engine, OpenSSL's one-shot SHA256() as its "low" level. */
#include "engine.h"
#include <openssl/crypto.h>
#include <openssl/sha.h>

static SmResult setup(const SmParams *p, void **state, char *msg, size_t len)
{ (void)p, (void)msg, (void)len; *state = NULL; return SM_OK; }
static SmResult hash(void *state, SmIo *io)
{ (void)state; SHA256(io->in, io->in_len, io->out); io->out_len = 32; return SM_OK; }
static void teardown(void *state) { (void)state; }
static const char *version(void) { return OpenSSL_version(OPENSSL_VERSION_STRING); }
static SmResult init(const SmEngineConfig *c, char *msg, size_t len)
{ return c->accel == SM_ACCEL_ON ? SM_OK : sm_msg(SM_UNSUPPORTED, msg, len, "no accel switch"); }

static const SmImpl sha256_low = {.setup = setup, .op[SM_OP_HASH] = hash, .teardown = teardown};
static const SmAlgorithm algorithms[] = {
  {.name = "sha256", .kind = SM_KIND_DIGEST, .impl[SM_API_LOW] = &sha256_low,
   .why_not[SM_API_EVP] = "only the one-shot SHA256()"},
  {.name = NULL}};
static const SmEngine engine = {.abi_major = SM_ABI_MAJOR, .abi_minor = SM_ABI_MINOR,
  .size = sizeof engine, .name = "mini", .library = "OpenSSL", .library_version = version,
  .init = init, .api_meaning = {"", "SHA256(), one call per message"}, .algorithms = algorithms};

SM_ENGINE_EXPORT const SmEngine *speedmatrix_engine(void) { return &engine; }
